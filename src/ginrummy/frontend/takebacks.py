"""Which of a person's decisions can be taken back: only those after which the person has
seen no card it did not know before.

A take-back that crosses a point where the person saw a new card would let the person learn
that card and choose again: after a stock draw the person knows the stock's top card (and
could take the discard instead); after the bot's reply the person knows the card the bot
discarded; after the end of a round both hands are shown and the points are scored. So a
take-back is refused when

- the round the decision was made in is over (its hands shown, its points scored), or a new
  round has been dealt since; or
- the person's view now shows a card that its view just before the decision did not (the
  card drawn from the stock, a card the bot discarded or showed).

Both are read from the person's own views (:meth:`ginrummy.Game.view`), never from the whole
truth, so the answer and its wording give away nothing the person may not see.

:func:`seen_cards` is what a view shows: the person's hand, the discard pile, the opponent's
cards the person knows (taken from the pile, or all of them once shown), the knocker's
spread, the face-down knock card once turned, and every card drawn, taken or discarded in the
view's events.

>>> import ginrummy as gr
>>> g = gr.Game.new(gr.PAGAT, seed=3, dealer=1).apply(gr.PassUpcard(), 0).apply(gr.PassUpcard(), 1)
>>> print(takeback_refusal(g, person=0, decision=0))  # the bot passed too: nothing new seen
None
>>> drawn = g.apply(gr.DrawStock(), 0)
>>> print(takeback_refusal(drawn, person=0, decision=2))  # doctest: +NORMALIZE_WHITESPACE
you cannot take back your draw: you have seen 6s (the card you drew from the stock) since,
and would choose again knowing it
"""

from __future__ import annotations

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
from ginrummy.frontend.history import round_starts
from ginrummy.play.game import Game, GameRecord
from ginrummy.play.round import PlayerView

__all__ = ["seen_cards", "takeback_refusal", "undone_game"]


def seen_cards(view: PlayerView) -> frozenset[Card]:
    """Every card of the round that ``view`` shows its player (where it is, or was).

    Over a round this only grows: a card leaves the hand only for the pile, the pile only for
    a hand (into :attr:`~ginrummy.PlayerView.opponent_known` when the opponent takes it), a
    layoff joins the spread, and a card the opponent took and then lays face down to knock is
    still in the view's events.

    >>> import ginrummy as gr
    >>> v = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(0)
    >>> len(seen_cards(v))  # ten cards in hand and the upcard
    11
    """
    cards: set[Card] = set(view.hand) | set(view.opponent_known) | set(view.discard_pile)
    cards.add(view.initial_upcard)
    if view.opponent_hand is not None:
        cards |= set(view.opponent_hand)
    for meld in view.spread:
        cards |= set(meld.cards)
    if view.knock_card is not None:
        cards.add(view.knock_card)
    for event in view.events:  # a card taken from the pile may lie face down as the knock card
        if event.card is not None:
            cards.add(event.card)
        if isinstance(event.action, (Discard, Knock)):
            cards.add(event.action.card)
    return frozenset(cards)


def _decision_word(action: Action) -> str:
    """The person's decision in a few words."""
    if isinstance(action, DrawStock):
        return "your draw"
    if isinstance(action, TakeDiscard):
        return "your take of the discard"
    if isinstance(action, PassUpcard):
        return "your pass"
    if isinstance(action, (Knock, BigGin)):
        return "your knock"
    if isinstance(action, Discard):
        return "your discard"
    if isinstance(action, (LayOff, EndLayoffs)):
        return "your layoff"
    return "your move"  # pragma: no cover - every action is named above


def _listed(cards: list[Card]) -> str:
    """``Ad``, ``Ad and 5c``, ``Ad, 5c and Kh``."""
    names = [str(card) for card in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def undone_game(game: Game, decision: int) -> Game:
    """The game just before its action number ``decision``: that action and every one after
    it taken back, across the end of a round too.

    :param decision: an index into ``game.actions``.
    """
    rounds = sum(1 for start in round_starts(game) if start <= decision)
    record = GameRecord(
        rules=game.rules,
        seed=game.seed,
        first_dealer=game.first_dealer,
        decks=game.decks[: max(rounds, 1)],
        actions=game.actions[:decision],
    )
    return Game.replay(record)


def takeback_refusal(game: Game, *, person: int, decision: int, paused: bool = False) -> str | None:
    """Why the person may not take back its decision number ``decision`` (an index into
    ``game.actions``, an action the person played) with everything after it; None when it
    may.

    :param paused: whether the table shows a round's end (the game has dealt the next one).
    :returns: a sentence for the person, naming only cards the person has seen.

    >>> import ginrummy as gr
    >>> g = gr.Game.new(gr.PAGAT, seed=3, dealer=1).apply(gr.TakeDiscard(), 0)
    >>> print(takeback_refusal(g, person=0, decision=0))  # the card taken was face up
    None
    """
    word = _decision_word(game.actions[decision])
    if paused or game.is_over or round_starts(game)[-1] > decision:
        return (
            f"you cannot take back {word}: the round it was made in is over and its hands "
            "have been shown, and a take-back never goes back into a scored round"
        )
    now = game.round.view(person)
    then = undone_game(game, decision).round.view(person)
    new = sorted(seen_cards(now) - seen_cards(then))
    if not new:
        return None
    start = len(then.events)
    drawn = {
        event.card
        for event in now.events[start:]
        if event.player == person and isinstance(event.action, DrawStock)
    }
    parts = []
    mine = [card for card in new if card in drawn]
    if mine:
        what = "the card" if len(mine) == 1 else "the cards"
        parts.append(f"{_listed(mine)} ({what} you drew from the stock)")
    shown = [card for card in new if card not in drawn]
    if shown:
        parts.append(f"{_listed(shown)} (shown by the bot)")
    seen = " and ".join(parts)
    return f"you cannot take back {word}: you have seen {seen} since, and would choose again knowing it"
