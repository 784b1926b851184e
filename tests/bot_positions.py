"""Scripted positions and paired rounds for the bots' tests (``tests/bots/``): written once
here, read by the tracker, camper and search bots' tests.

- :data:`LOW` and :data:`OTHER`: a hand that melds nothing and one for its opponent;
- :func:`endgame` with :data:`LOW_POOL` and :data:`HIGH_POOL`: player 0 to discard late in a
  round, the cards it cannot see chosen to make a knock safe or risky;
- :func:`decisions` and :func:`twin`: the decisions of a bot-against-bot round, and the same
  round with cards the bot cannot see traded, to check that a bot decides from its view alone;
- :func:`layoffs_played`: what a bot lays off as the defender, beside the best plan.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import ginrummy as gr
from positions import hand, position

__all__ = [
    "HIGH_POOL",
    "KNOCKER",
    "LAYER",
    "LOW",
    "LOW_POOL",
    "OTHER",
    "decisions",
    "endgame",
    "layoffs_played",
    "tracker_bot",
    "twin",
]

LOW = "Ac 2d 3h 4s 5c 6d Ah 2s 3c Kd"
"""Ten cards that do not meld (pairs at most): deadwood 37, the king the only high card."""
OTHER = "Jc Jd Jh Js Tc Td Th Ts 8c 8d"
"""A hand for the opponent of ``LOW``."""

LOW_POOL = "Ac Ad Ah As 2c 2d 2h 2s 3c 3d 3h 3s 4c"
"""Thirteen unseen cards that meld into almost nothing left over."""
HIGH_POOL = "Kc Jc 9c Qd Td 8d Kh Jh 9h Qs Ts 8s 6s"
"""Thirteen unseen cards among which no three make a meld."""


def endgame(rules: gr.Ruleset, mine: str, pool: str, stock: int) -> gr.Round:
    """Player 0 to discard from ``mine``; the opponent holds the first ten cards of ``pool``,
    the stock the next ``stock``, and every other card is in the discard pile."""
    cards = list(hand(pool))
    rest = [c for c in gr.DECK if c not in hand(mine) and c not in cards[: 10 + stock]]
    return gr.Round.from_position(
        rules,
        dealer=1,
        hands=(hand(mine), gr.Hand(cards[:10])),
        stock=cards[10 : 10 + stock],
        discard_pile=rest,
        phase=gr.Phase.DISCARD,
        to_act=0,
    )


def tracker_bot(seed: str) -> gr.Bot:
    """A tracker bot seeded with ``seed``."""
    return gr.TrackerBot(seed=seed)


def decisions(rules: gr.Ruleset, seed: int, bot: Callable[[str], gr.Bot] = tracker_bot) -> Iterator[gr.Round]:
    """The positions of a round of ``bot`` (player 0, made from a seed) against the tracker bot
    where player 0 is to act, before any knock."""
    state = gr.Round.deal(rules, dealer=seed % 2, seed=seed)
    bots = (bot(f"{seed}:0"), tracker_bot(f"{seed}:1"))
    while not state.is_over and state.knocker is None:
        player = state.to_act
        assert player is not None
        if player == 0:
            yield state
        state = state.apply(bots[player].act(state.view(player)))


def twin(state: gr.Round, *, reverse_stock: bool = False) -> gr.Round | None:
    """The same round dealt from a deck where one card player 0 has not seen in the
    opponent's hand (dealt to it and kept) and one card still in the stock trade places, with
    the same actions; None when there is no such pair.

    With ``reverse_stock`` the stock card is the bottom one and the rest of the stock is
    reversed too (the stock needs two cards then)."""
    deck = state.at_origin.deck
    assert deck is not None
    dealt_to_1 = {deck[i] for i in range(20) if (i % 2 == 0) == (state.dealer == 0)}
    shown = state.view(0).known_cards
    hidden = [c for c in state.hand(1) if c in dealt_to_1 and c not in shown]
    stock = state.stock
    if not hidden or len(stock) < 1 + reverse_stock:
        return None
    swapped = list(deck)
    a, b = swapped.index(hidden[0]), swapped.index(stock[-1] if reverse_stock else stock[0])
    swapped[a], swapped[b] = swapped[b], swapped[a]
    if reverse_stock:
        places = sorted(swapped.index(c) for c in stock)
        cards = [swapped[i] for i in places]
        for i, c in zip(places, reversed(cards), strict=True):
            swapped[i] = c
    return gr.Round.deal(state.rules, state.dealer, deck=swapped).replay(state.actions)


KNOCKER = "4h 5h 6h Kc Kd Ks 9c 9d 9h 2s Qc"
"""Player 0 knocks with Qc and shows 9c 9d 9h, Kc Kd Ks and 4h 5h 6h with 2s unmatched."""
LAYER = "3h 7h 8h Kh 2c 9s Jd Jc 5c 5d"
"""Player 1, the defender facing :data:`KNOCKER`: 3h, 7h and 8h fit the run, Kh the kings."""


def layoffs_played(
    decide: Callable[[gr.Round, int], gr.Action],
) -> tuple[gr.LayoffPlan, list[tuple[gr.Card, int]], int]:
    """The best layoff plan of :data:`LAYER` onto :data:`KNOCKER`'s spread, the layoffs
    ``decide`` (a bot's choice for a round and a player) makes as the defender until the round
    is over, and the defender's deadwood in the result."""
    state = position(hands=(KNOCKER, LAYER), discard="Ad", phase=gr.Phase.DISCARD, dealer=1)
    state = state.apply(gr.Knock("Qc"))
    plan = gr.best_layoffs(state.spread, state.hand(1), gr.PAGAT)
    laid = []
    while not state.is_over:
        action = decide(state, 1)
        if isinstance(action, gr.LayOff):
            laid.append((action.card, action.meld))
        state = state.apply(action)
    assert state.result is not None and state.result.deadwood is not None
    return plan, laid, state.result.deadwood[1]
