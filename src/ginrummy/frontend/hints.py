"""Hints that explain (a first step): the legal actions of a view ranked by
the tracker bot's appraisal, each with reasons in the words a player uses.

:func:`suggest` reads only the player's view: the ranking is
:meth:`TrackerBot.appraise <ginrummy.bots.tracker.TrackerBot.appraise>` (its values are
points of deadwood, meld potential and danger, lower better; a knock worth making first, one
not worth making last), seeded from the ``seed`` argument and the view, so the same view
always gets the same hint, and two games a player cannot tell apart get the same hint word for
word. The reasons are worked out from the view: the deadwood a discard leaves and the melds it
keeps or breaks, the chance that the opponent melds the card thrown (the cards it took and
let go count), how many cards of the same rank are out of play, how many unseen cards would
meld with the hand after a draw, and whether a knock is worth making now. The actions the
tracker does not weigh (a discard far worse than the best) follow, unranked.

>>> import ginrummy as gr
>>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
>>> hint = suggest(view)
>>> hint.best
PassUpcard()
>>> print(hint.candidates[0].reasons[0])
the upcard 9d melds with nothing in your hand
"""

from __future__ import annotations

import math

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
from ginrummy.bots.card_counting import CardCounter, meld_outs
from ginrummy.bots.tracker import TrackerBot
from ginrummy.cards import Card, Hand
from ginrummy.melding.partition import best_discards, best_melds
from ginrummy.melds import Meld
from ginrummy.play.round import PlayerView
from ginrummy.plurals import counted

__all__ = ["Candidate", "Hint", "suggest"]

DANGER_SHOWN = 0.15
"""The chance that the opponent melds a discard from which a hint warns of it."""


@attrs.frozen(kw_only=True)
class Candidate:
    """One legal action of a hint: its appraisal and the reasons in words.

    >>> import ginrummy as gr
    >>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    >>> suggest(view).candidates[1].reasons[-1]
    'the opponent sees what you take'
    """

    action: Action
    """The action."""
    value: float | None
    """The tracker bot's appraisal (points, lower is better; ``-inf`` a knock worth making,
    ``inf`` one not worth making); None for an action it does not weigh."""
    reasons: tuple[str, ...]
    """Why, in a player's words."""


@attrs.frozen(kw_only=True)
class Hint:
    """The legal actions of a view, the suggested one first (see :func:`suggest`).

    >>> import ginrummy as gr
    >>> hint = suggest(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1))
    >>> [str(c.action) for c in hint.candidates]
    ['p', 't']
    """

    candidates: tuple[Candidate, ...]
    """Every legal action, best first; those the tracker does not weigh last."""

    @property
    def best(self) -> Action:
        """The suggested action."""
        return self.candidates[0].action

    def lines(self, shown: int = 3) -> list[str]:
        """The hint in words: the ``shown`` best candidates, each with its reasons."""
        lines = []
        for rank, candidate in enumerate(self.candidates[:shown]):
            head = "suggested" if rank == 0 else "or"
            lines.append(f"{head}: {candidate.action}: {'; '.join(candidate.reasons)}")
        return lines


def _melds(melds: tuple[Meld, ...]) -> str:
    return ", ".join(f"[{meld}]" for meld in melds)


def _out_of_play(view: PlayerView, card: Card) -> str | None:
    """How many other cards of ``card``'s rank the opponent can no longer meld: in the
    discard pile or in the player's hand."""
    gone = sum(1 for other in (*view.discard_pile, *view.hand) if other.rank == card.rank and other != card)
    return f"{counted(gone, 'other ' + card.rank.name.lower())} out of play" if gone else None


def _discard_reasons(
    view: PlayerView, counter: CardCounter, card: Card, left: int, value: float | None
) -> list[str]:
    hand = Hand.from_mask(view.hand.mask)
    before = best_melds(hand, view.rules)
    after = best_melds(hand.remove(card), view.rules)
    reasons = [f"leaves deadwood {left}"]
    broken = [meld for meld in before.melds if card in meld]
    if broken and left > before.points:
        reasons.append(f"breaks {_melds(tuple(broken))}")
    elif after.melds:
        reasons.append(f"keeps {_melds(after.melds)}")
    danger = counter.danger(card.index)
    if danger >= DANGER_SHOWN:
        reasons.append(f"{round(100 * danger)}% that the opponent can meld it")
    else:
        safe = _out_of_play(view, card)
        reasons.append("safe: " + (safe if safe else "the opponent is unlikely to meld it"))
    return reasons


def _reasons(view: PlayerView, counter: CardCounter, action: Action, value: float | None) -> list[str]:
    """The reasons for ``action`` at ``view`` in words."""
    rules = view.rules
    if isinstance(action, Knock):
        left = min(points for _, points in best_discards(view.hand, rules))
        if value is not None and value == -math.inf:
            return [f"knock with deadwood {left}: worth it against the hands the opponent may hold"]
        return [f"knock with deadwood {left}: waiting is worth more (the opponent may undercut)"]
    if isinstance(action, BigGin):
        return ["big gin: all eleven cards meld"]
    if isinstance(action, Discard):
        left = next(points for card, points in best_discards(view.hand, rules) if card == action.card)
        return _discard_reasons(view, counter, action.card, left, value)
    if isinstance(action, (TakeDiscard, DrawStock, PassUpcard)):
        reasons = []
        if view.upcard is not None:
            top = view.upcard
            what = (
                "the top discard" if isinstance(action, DrawStock) or view.discard_pile[:-1] else "the upcard"
            )
            used = [meld for meld in best_melds(view.hand.add(top), rules).melds if top in meld]
            reasons.append(
                f"{what} {top} "
                + (f"makes {_melds(tuple(used))}" if used else "melds with nothing in your hand")
            )
        if isinstance(action, TakeDiscard):
            return [*reasons, "the opponent sees what you take"]
        unseen = counter.unseen
        outs = (meld_outs(view.hand.mask, counter.wrap) & unseen).bit_count()
        return [*reasons, f"{outs} of the {unseen.bit_count()} unseen cards would meld with your hand"]
    if isinstance(action, LayOff):
        return [f"lays {action.card} off onto meld {action.meld}: its points no longer count"]
    if isinstance(action, EndLayoffs):
        return ["no card of yours fits the knocker's melds"]
    return []  # pragma: no cover - every action is named above


def suggest(view: PlayerView, *, seed: int | str = 0) -> Hint:
    """The legal actions of ``view`` ranked and explained (see the module's description).

    :param seed: seeds the tracker bot's sampling of hands (with the view, which the bot mixes
        in): the same view and seed always give the same hint.
    :raises GinRummyError: when the view has no legal action (not its player's turn).

    >>> import ginrummy as gr
    >>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    >>> suggest(view) == suggest(view, seed=0)
    True
    """
    appraised = TrackerBot(seed=seed).appraise(view)
    counter = CardCounter(view)
    weighed = {_key(action) for _, action in appraised}
    rest = [(None, action) for action in view.legal_actions if _key(action) not in weighed]
    candidates = tuple(
        Candidate(action=action, value=value, reasons=tuple(_reasons(view, counter, action, value)))
        for value, action in [*appraised, *rest]
    )
    return Hint(candidates=candidates)


def _key(action: Action) -> tuple[str, object]:
    """An action without the spread a knock shows (the tracker picks one; the view lists one)."""
    return (type(action).__name__, action.card if isinstance(action, Knock) else action)
