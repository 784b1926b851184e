"""Events, actions and results in words, from one player's side.

The viewer is "you"; the other player is named by the table (``"the bot"``, ``"the
opponent"``, a person's name). A phrase starts in lower case and has no full stop, so a table
can put it in a sentence or a log line; cards are written in the library's notation, or with
suit symbols when ``glyphs`` is true (``K♥``, see ``format(card, "g")``).

Only what the viewer may know is described: describe the events of the viewer's own view
(:attr:`ginrummy.PlayerView.events`, censored), never those of the omniscient round, and the
phrases hold nothing more than those events (the opponent's stock draws carry no card, its
knock card stays face down until the round is over).

>>> import ginrummy as gr
>>> from ginrummy.frontend import describe_event
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> r = r.apply(gr.PassUpcard()).apply(gr.PassUpcard()).apply(gr.DrawStock())
>>> [describe_event(e, 0, opponent="the bot") for e in r.view(0).events]
['the bot passes the upcard', 'you pass the upcard', 'the bot draws from the stock']
>>> describe_event(r.view(1).events[-1], 1, glyphs=True)
'you draw 5♠ from the stock'
"""

from __future__ import annotations

import attrs

from ginrummy.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    EndLayoffs,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
)
from ginrummy.cards import Card
from ginrummy.melds import Meld
from ginrummy.play.events import Event
from ginrummy.plurals import counted
from ginrummy.results.pricing import Outcome
from ginrummy.results.round_result import RoundResult
from ginrummy.results.settlement import GameResult
from ginrummy.rules import Ruleset

__all__ = [
    "OPPONENT",
    "Side",
    "describe_action",
    "describe_event",
    "describe_game_result",
    "describe_move",
    "describe_result",
    "explain_points",
]

OPPONENT = "the opponent"
"""The other player's name when a table gives none."""


@attrs.frozen
class Side:
    """The words of one player's side: who the viewer is, what the other is called, and
    how cards are written.

    >>> side = Side(viewer=1, opponent="the bot")
    >>> side.subject(1), side.subject(0)
    ('you', 'the bot')
    >>> side.verb(0, "take", "takes"), side.possessive(0)
    ('takes', "the bot's")
    """

    viewer: int
    """The player the words speak to ("you")."""
    opponent: str = OPPONENT
    """The other player's name."""
    glyphs: bool = False
    """Whether cards are written with suit symbols."""

    def subject(self, player: int) -> str:
        """``you`` for the viewer, else the opponent's name."""
        return "you" if player == self.viewer else self.opponent

    def verb(self, player: int, you: str, other: str) -> str:
        """The verb form for ``player``: ``you`` for the viewer, ``other`` for the opponent."""
        return you if player == self.viewer else other

    def possessive(self, player: int) -> str:
        """``your`` for the viewer, the opponent's name with ``'s``."""
        return "your" if player == self.viewer else f"{self.opponent}'s"

    def card(self, card: Card) -> str:
        """A card, with its suit symbol when :attr:`glyphs`."""
        return format(card, "g") if self.glyphs else str(card)

    def meld(self, meld: Meld) -> str:
        """A meld's cards, in meld order."""
        return " ".join(self.card(card) for card in meld.cards)


def describe_action(
    action: Action | None,
    actor: int,
    viewer: int,
    *,
    card: Card | None = None,
    opponent: str = OPPONENT,
    glyphs: bool = False,
) -> str:
    """``action`` by ``actor`` in words for ``viewer``.

    :param action: the action; None is the opponent's knock while its card lies face down
        (as a censored event holds it).
    :param card: the card drawn or taken, when the viewer may know it.
    :param opponent: the other player's name.
    :param glyphs: write cards with suit symbols.

    >>> import ginrummy as gr
    >>> describe_action(gr.Knock("Kh"), 1, 0, opponent="the bot")
    'the bot knocks, laying Kh face down'
    >>> describe_action(gr.LayOff("8h", 0), 0, 0, glyphs=True)
    'you lay 8♥ off onto meld 0'
    """
    side = Side(viewer, opponent, glyphs)
    who = side.subject(actor)
    if action is None:
        return f"{who} {side.verb(actor, 'knock', 'knocks')}, laying a card face down"
    if isinstance(action, DrawStock):
        drawn = "" if card is None else f" {side.card(card)}"
        return f"{who} {side.verb(actor, 'draw', 'draws')}{drawn} from the stock"
    if isinstance(action, TakeDiscard):
        taken = "the top discard" if card is None else side.card(card)
        return f"{who} {side.verb(actor, 'take', 'takes')} {taken}"
    if isinstance(action, PassUpcard):
        return f"{who} {side.verb(actor, 'pass', 'passes')} the upcard"
    if isinstance(action, Discard):
        return f"{who} {side.verb(actor, 'discard', 'discards')} {side.card(action.card)}"
    if isinstance(action, Knock):
        text = f"{who} {side.verb(actor, 'knock', 'knocks')}, laying {side.card(action.card)} face down"
        return text + _spread(action.melds, side)
    if isinstance(action, BigGin):
        return f"{who} {side.verb(actor, 'declare', 'declares')} big gin" + _spread(action.melds, side)
    if isinstance(action, LayOff):
        return f"{who} {side.verb(actor, 'lay', 'lays')} {side.card(action.card)} off onto meld {action.meld}"
    if isinstance(action, EndLayoffs):
        return f"{who} {side.verb(actor, 'end', 'ends')} the layoffs"
    return f"{who}: {action}"  # pragma: no cover - every action class is above


def describe_move(action: Action) -> str:
    """A move as a player names it to themselves, with its notation in brackets (what a
    terminal player types): how hints and reviews list moves.

    >>> import ginrummy as gr
    >>> describe_move(gr.TakeDiscard()), describe_move(gr.Discard("Jh"))
    ('take the top discard [t]', 'discard Jh [d Jh]')
    """
    return f"{describe_action(action, 0, 0).removeprefix('you ')} [{action}]"


def _spread(melds: tuple[Meld, ...] | None, side: Side) -> str:
    if not melds:
        return ""
    return " and showing " + ", ".join(f"[{side.meld(meld)}]" for meld in melds)


def describe_event(event: Event, viewer: int, *, opponent: str = OPPONENT, glyphs: bool = False) -> str:
    """An event of ``viewer``'s view (:attr:`ginrummy.PlayerView.events`) in words.

    :param event: an event as ``viewer`` sees it (censored).
    :param viewer: the player the words speak to.

    >>> import ginrummy as gr
    >>> describe_event(gr.Event(number=0, player=1, action=None), 0, opponent="the bot")
    'the bot knocks, laying a card face down'
    """
    return describe_action(
        event.action, event.player, viewer, card=event.card, opponent=opponent, glyphs=glyphs
    )


def explain_points(result: RoundResult, rules: Ruleset, viewer: int, *, opponent: str = OPPONENT) -> str:
    """How a round's points came about, as arithmetic in words:
    ``"the bot's deadwood 20 - your 6 = 14"``; for a round nobody scores, why.

    The sum is the result's own: its deadwoods, its bonus and its multiplier
    (:class:`~ginrummy.RoundResult` is the price of its facts); ``rules`` (the round's ruleset)
    says why a void round scores nothing. A result without its deadwoods states its points.

    >>> import ginrummy as gr
    >>> result = gr.RoundResult(
    ...     outcome=gr.Outcome.UNDERCUT, winner=1, points=13, bonus=10, knocker=0,
    ...     deadwood=(8, 5),
    ... )
    >>> explain_points(result, gr.PAGAT, 0, opponent="the bot")
    "your deadwood 8 - the bot's 5 + undercut bonus 10 = 13"
    """
    side = Side(viewer, opponent)
    if result.outcome is Outcome.DEAD_HAND:
        return (
            f"the stock ran down to {counted(rules.dead_hand_stock, 'card')} after a discard: nobody scores"
        )
    if result.outcome is Outcome.VOID:
        if result.knocker is not None:
            return "the gin was matched by layoffs, which voids the round: nobody scores"
        return f"the round reached {counted(rules.max_turns or 0, 'turn')} and is void: nobody scores"
    knocker = result.knocker
    if knocker is None or result.deadwood is None:
        return counted(result.points, "point")
    mine, theirs = result.deadwood[knocker], result.deadwood[1 - knocker]
    k_words, d_words = side.possessive(knocker), side.possessive(1 - knocker)
    bonus = result.bonus
    if result.outcome is Outcome.KNOCK:
        parts = f"{d_words} deadwood {theirs} - {k_words} {mine}"
    elif result.outcome is Outcome.UNDERCUT:
        parts = f"{k_words} deadwood {mine} - {d_words} {theirs} + undercut bonus {bonus}"
    elif result.outcome is Outcome.GIN:
        parts = f"{d_words} deadwood {theirs} + gin bonus {bonus}"
    else:
        parts = f"{d_words} deadwood {theirs} + big gin bonus {bonus}"
    if result.multiplier != 1:
        parts = f"({parts}) times {result.multiplier} for the spade upcard"
    return f"{parts} = {result.points}"


_HEADLINES = {
    Outcome.KNOCK: ("knock", "knocks"),
    Outcome.GIN: ("go gin", "goes gin"),
    Outcome.BIG_GIN: ("declare big gin", "declares big gin"),
}


def describe_result(
    result: RoundResult, rules: Ruleset, viewer: int, *, opponent: str = OPPONENT, glyphs: bool = False
) -> str:
    """A round's result in words for ``viewer``: who did what and scored how much, and the
    points worked out (:func:`explain_points`).

    >>> import ginrummy as gr
    >>> result = gr.RoundResult(
    ...     outcome=gr.Outcome.GIN, winner=1, points=43, bonus=20, knocker=1,
    ...     deadwood=(23, 0),
    ... )
    >>> describe_result(result, gr.PAGAT, 0, opponent="the bot")
    'the bot goes gin and scores 43: your deadwood 23 + gin bonus 20 = 43'
    """
    side = Side(viewer, opponent, glyphs)
    why = explain_points(result, rules, viewer, opponent=opponent)
    if result.outcome.is_void:
        head = "dead hand" if result.outcome is Outcome.DEAD_HAND else "void round"
        return f"{head}: {why.removesuffix(': nobody scores')}, nobody scores"
    winner = result.winner
    assert winner is not None
    scores = side.verb(winner, "score", "scores")
    if result.outcome is Outcome.UNDERCUT and result.knocker is not None:
        knocker = result.knocker
        head = f"{side.subject(winner)} {side.verb(winner, 'undercut', 'undercuts')} {_object(knocker, side)}"
    else:
        you, other = _HEADLINES[result.outcome]
        head = f"{side.subject(winner)} {side.verb(winner, you, other)}"
    return f"{head} and {scores} {result.points}: {why}"


def _object(player: int, side: Side) -> str:
    return "you" if player == side.viewer else side.opponent


def describe_game_result(result: GameResult, viewer: int, *, opponent: str = OPPONENT) -> tuple[str, ...]:
    """A game's settlement in words for ``viewer``: the verdict, then one line per player
    (the viewer first) adding up its total.

    >>> import ginrummy as gr
    >>> knock = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=60)
    >>> game = gr.score_game(gr.PAGAT, [knock, knock])
    >>> for line in describe_game_result(game, 1, opponent="the bot"):
    ...     print(line)
    the bot wins, 360 to 0
    you: 0 round points + 0 for 0 boxes + game bonus 0 = 0
    the bot: 120 round points + 40 for 2 boxes + game bonus 200 (shutout) = 360
    """
    side = Side(viewer, opponent)
    me, other = viewer, 1 - viewer
    totals = result.totals
    if result.winner is None:
        verdict = f"a drawn game, {totals[me]} each"
    else:
        winner, loser = result.winner, 1 - result.winner
        verdict = (
            f"{side.subject(winner)} {side.verb(winner, 'win', 'wins')}, {totals[winner]} to {totals[loser]}"
        )
    lines = [verdict]
    for player in (me, other):
        score = result.breakdown[player]
        shutout = " (shutout)" if score.shutout else ""
        lines.append(
            f"{side.subject(player)}: {counted(score.round_points, 'round point')} + "
            f"{score.boxes} for {counted(score.rounds_won, 'box', 'boxes')} + "
            f"game bonus {score.game_bonus}{shutout} = {score.total}"
        )
    return tuple(lines)
