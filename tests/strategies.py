"""Shared Hypothesis strategies and rule stand-ins for the tests.

The strategies draw :class:`ginrummy.Hand` values: uniformly random hands, meld-dense hands from
a narrow window of ranks (so sets and runs overlap and greedy melding goes wrong), and knocker
spreads with defender cards placed next to them (so layoffs are common).
"""

from __future__ import annotations

import dataclasses

from hypothesis import strategies as st

import ginrummy as gr
from oracle import oracle_melds

__all__ = [
    "RTC",
    "TRADITIONAL",
    "Rules",
    "cards_st",
    "cycle_hands_st",
    "dense_hands_st",
    "round_results_st",
    "spread_and_cards_st",
    "window_hands_st",
]


@dataclasses.dataclass(frozen=True)
class Rules:
    """The two ruleset fields the melding functions read."""

    round_the_corner: bool = False
    """Whether runs wrap from king to ace."""
    ace_points: int = 1
    """The deadwood value of an unmatched ace."""


TRADITIONAL = Rules()
"""Ace low only, ace worth 1 (what ``rules=None`` means)."""
RTC = Rules(round_the_corner=True, ace_points=15)
"""Round the corner: runs wrap K-A, an unmatched ace is worth 15."""


def cards_st(n: int, max_n: int | None = None) -> st.SearchStrategy[gr.Hand]:
    """Hands of ``n`` distinct random cards (from ``n`` to ``max_n`` cards when given)."""
    size = n if max_n is None else max_n
    return st.sets(st.sampled_from(gr.DECK), min_size=n, max_size=size).map(gr.Hand)


@st.composite
def _dense_hand(draw: st.DrawFn, n: int, max_n: int) -> gr.Hand:
    width = draw(st.integers(min_value=max(3, -(-max_n // 4)), max_value=5))
    low = draw(st.integers(min_value=1, max_value=13))
    # the window may wrap past the king, which only matters under round the corner
    ranks = [(low - 1 + i) % 13 + 1 for i in range(width)]
    pool = [gr.Card(gr.Rank(r), s) for r in ranks for s in gr.Suit]
    size = draw(st.integers(min_value=n, max_value=min(max_n, len(pool))))
    chosen = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    return gr.Hand(chosen)


def dense_hands_st(n: int, max_n: int | None = None) -> st.SearchStrategy[gr.Hand]:
    """Meld-dense hands of ``n`` cards (``n`` to ``max_n`` when given, at most 20).

    The cards come from a window of 3 to 5 consecutive ranks (cyclic, so K-A-2 windows occur)
    in all four suits, so most cards are in both a possible set and a possible run.
    """
    return _dense_hand(n, n if max_n is None else max_n)


@st.composite
def _window_hand(draw: st.DrawFn, wrap: bool) -> gr.Hand:
    low = draw(st.integers(min_value=1, max_value=13 if wrap else 9))
    ranks = [(low - 1 + i) % 13 + 1 for i in range(5)]
    whole = draw(st.sampled_from(list(gr.Suit)))
    cards = [gr.Card(gr.Rank(r), whole) for r in ranks]
    for r in ranks:
        others = [s for s in gr.Suit if s != whole]
        count = draw(st.integers(min_value=2, max_value=3))
        cards += [gr.Card(gr.Rank(r), s) for s in draw(st.permutations(others))[:count]]
    outside = [c for c in gr.DECK if int(c.rank) not in ranks]
    cards += draw(st.lists(st.sampled_from(outside), max_size=2, unique=True))
    return gr.Hand(cards)


def window_hands_st(wrap: bool) -> st.SearchStrategy[gr.Hand]:
    """Hands that take the partitioner's dynamic programme: a window of five consecutive ranks
    (cyclic with ``wrap``, so K-A-2 windows occur) held whole in one suit and in two or three
    more suits at each rank, so that all five ranks are held three or more times and each is
    in a possible run; plus up to two cards outside the window. 15 to 22 cards."""
    return _window_hand(wrap)


@st.composite
def _cycle_hand(draw: st.DrawFn) -> gr.Hand:
    suits = draw(st.lists(st.sampled_from(list(gr.Suit)), min_size=4, max_size=4))
    # each rank pair (r, r + 1), round the corner, is held in one suit: a stretch of ranks
    # shares its suit, so the hand is 13 cards plus one per change of suit
    cuts = sorted(draw(st.sets(st.integers(min_value=0, max_value=12), min_size=1, max_size=4)))
    cards: set[gr.Card] = set()
    for r in range(13):
        stretch = sum(1 for c in cuts if c <= r) % len(cuts)
        suit = suits[stretch]
        cards |= {gr.Card(gr.Rank(r + 1), suit), gr.Card(gr.Rank((r + 1) % 13 + 1), suit)}
    extra = draw(st.lists(st.sampled_from(gr.DECK), max_size=4, unique=True))
    return gr.Hand(cards | set(extra))


def cycle_hands_st() -> st.SearchStrategy[gr.Hand]:
    """Hands in which, round the corner, every two neighbouring ranks (K-A included) are held
    in a common suit, so that the dynamic programme's cut always has a run crossing it: one to
    four stretches of ranks, each in one suit, plus up to four random cards."""
    return _cycle_hand()


@st.composite
def _spread_and_cards(
    draw: st.DrawFn, wrap: bool, min_cards: int, max_cards: int
) -> tuple[tuple[gr.Meld, ...], gr.Hand]:
    rules = RTC if wrap else None
    candidates = [m for m in oracle_melds(gr.DECK, wrap) if len(m) <= 6]
    focused = draw(st.booleans())
    window: set[gr.Card] = set()
    if focused:
        # knocker and defender share a window of 4 to 6 ranks in all suits, so the defender's
        # own sets and runs compete with its layoffs
        width = draw(st.integers(min_value=4, max_value=6))
        low = draw(st.integers(min_value=1, max_value=13 if wrap else 14 - width))
        ranks = {(low - 1 + i) % 13 + 1 for i in range(width)}
        window = {c for c in gr.DECK if c.rank in ranks}
        candidates = [m for m in candidates if m <= window]
    count = draw(st.integers(min_value=2, max_value=3))
    spread: list[frozenset[gr.Card]] = []
    used: frozenset[gr.Card] = frozenset()
    for _ in range(count):
        free = [m for m in candidates if not m & used]
        if not free:
            break
        meld = draw(st.sampled_from(free))
        spread.append(meld)
        used |= meld
    # cards that might be laid off: the window, or else the other cards of a set's rank and
    # the cards of a run's suit within three ranks of it
    near: set[gr.Card] = set(window)
    for meld in spread:
        ranks = {c.rank for c in meld}
        if len(ranks) == 1:
            near |= {c for c in gr.DECK if c.rank in ranks}
        else:
            suit = next(iter(meld)).suit
            for card in meld:
                for step in range(-3, 4):
                    rank = int(card.rank) + step
                    if wrap:
                        rank = (rank - 1) % 13 + 1
                    if 1 <= rank <= 13:
                        near.add(gr.Card(gr.Rank(rank), suit))
    near_pool = sorted(near - used, key=lambda c: c.index)
    rest_pool = [c for c in gr.DECK if c not in used and c not in near]
    size = draw(st.integers(min_value=min_cards, max_value=max_cards))
    most = min(size, len(near_pool))
    n_near = most if focused else draw(st.integers(min_value=0, max_value=most))
    chosen: list[gr.Card] = []
    if n_near:
        chosen += draw(st.lists(st.sampled_from(near_pool), min_size=n_near, max_size=n_near, unique=True))
    if size > n_near:
        chosen += draw(
            st.lists(st.sampled_from(rest_pool), min_size=size - n_near, max_size=size - n_near, unique=True)
        )
    melds = tuple(gr.Meld(sorted(m, key=lambda c: c.index), rules=rules) for m in spread)
    return melds, gr.Hand(chosen)


def spread_and_cards_st(
    wrap: bool = False, min_cards: int = 0, max_cards: int = 10
) -> st.SearchStrategy[tuple[tuple[gr.Meld, ...], gr.Hand]]:
    """A knocker's spread of 2 or 3 disjoint melds (each of at most 6 cards) and defender cards
    disjoint from it, many of them next to the spread so that they can be laid off. Half the
    time spread and defender share a narrow window of ranks, so layoffs compete with the
    defender's own melds.

    :param wrap: draw round-the-corner melds (build them with :data:`RTC`).
    """
    return _spread_and_cards(wrap, min_cards, max_cards)


@st.composite
def _played_result(draw: st.DrawFn) -> gr.RoundResult:
    """The result of a real round: a preset, a deal, and bots that knock (greedy) or lay off
    and discard at random, so knocks, undercuts, gins, layoffs and dead hands all occur."""
    rules = draw(st.sampled_from(sorted(gr.PRESETS.values(), key=lambda r: r.name)))
    seed = draw(st.integers(0, 10**6))
    kinds = draw(st.tuples(st.sampled_from(["greedy", "random"]), st.sampled_from(["greedy", "random"])))
    bots = (gr.make_bot(kinds[0], seed), gr.make_bot(kinds[1], seed + 1))
    r = gr.Round.deal(rules, seed % 2, seed=seed)
    while r.to_act is not None:
        r = r.apply(bots[r.to_act].act(r.view(r.to_act)))
    assert r.result is not None
    return r.result


@st.composite
def _priced_result(draw: st.DrawFn) -> gr.RoundResult:
    """A result built by hand from facts priced by a preset (no spread recorded), or a scored
    result with no facts at all (what :func:`ginrummy.score_game` is given)."""
    rules = draw(st.sampled_from(sorted(gr.PRESETS.values(), key=lambda r: r.name)))
    knocker = draw(st.integers(0, 1))
    mine, theirs = draw(st.integers(0, 40)), draw(st.integers(0, 100))
    big_gin = mine == 0 and rules.big_gin and draw(st.booleans())
    upcard = draw(st.sampled_from(gr.DECK))
    outcome, winner, points = gr.price_round(
        rules,
        knocker=knocker,
        knocker_deadwood=mine,
        defender_deadwood=theirs,
        big_gin=big_gin,
        spade_upcard=upcard.suit is gr.Suit.SPADES,
    )
    if draw(st.booleans()):
        return gr.RoundResult(outcome=outcome, winner=winner, points=points)
    bonus = {
        gr.Outcome.GIN: rules.gin_bonus,
        gr.Outcome.BIG_GIN: rules.big_gin_bonus,
        gr.Outcome.UNDERCUT: rules.undercut_bonus,
    }
    return gr.RoundResult(
        outcome=outcome,
        winner=winner,
        points=points,
        knocker=knocker,
        deadwood=(mine, theirs) if knocker == 0 else (theirs, mine),
        deadwood_before_layoffs=theirs,
        bonus=bonus.get(outcome, 0),
        multiplier=rules.spade_multiplier if upcard.suit is gr.Suit.SPADES else 1,
        initial_upcard=upcard,
    )


def round_results_st() -> st.SearchStrategy[gr.RoundResult]:
    """Round results that are possible: from played rounds of every preset, priced by hand from
    facts, or scored without facts, and the two void results without facts."""
    return st.one_of(
        _played_result(),
        _priced_result(),
        st.sampled_from(
            [gr.RoundResult(outcome=gr.Outcome.DEAD_HAND), gr.RoundResult(outcome=gr.Outcome.VOID)]
        ),
    )
