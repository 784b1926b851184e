"""A naive, obviously correct oracle for melds, deadwood and layoffs.

It shares no code with the library beyond the value types (:class:`~ginrummy.Card`,
:class:`~ginrummy.Rank`, :class:`~ginrummy.Suit`): it enumerates melds by walking ranks, and
finds the minimum deadwood by plain recursion on the lowest card (it is either deadwood or in
one of the melds that contain it). The only optimisation is a cache keyed by the set of cards,
which changes no result. The tests compare the library's fast partitioner against it.

Cards are handled as ``frozenset[Card]`` throughout; a meld is the frozenset of its cards.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator

from ginrummy import Card, Rank, Suit

__all__ = [
    "Arrangement",
    "card_value",
    "oracle_all_arrangements",
    "oracle_best_arrangements",
    "oracle_can_lay_off",
    "oracle_deadwood",
    "oracle_layoff_points",
    "oracle_melds",
    "oracle_set_choices",
]

Arrangement = tuple[frozenset[frozenset[Card]], frozenset[Card]]
"""An arrangement as ``(melds, deadwood cards)``, each meld the frozenset of its cards."""


def card_value(card: Card, ace_points: int = 1) -> int:
    """The deadwood value of ``card``: an ace is ``ace_points``, 2-10 face value, J Q K 10."""
    if card.rank == Rank.ACE:
        return ace_points
    return min(int(card.rank), 10)


def _next_rank(rank: int, wrap: bool) -> int | None:
    """The rank above ``rank`` (1-13) in a run: none above the king unless runs wrap."""
    if rank < 13:
        return rank + 1
    return 1 if wrap else None


def _prev_rank(rank: int, wrap: bool) -> int | None:
    """The rank below ``rank`` (1-13) in a run: none below the ace unless runs wrap."""
    if rank > 1:
        return rank - 1
    return 13 if wrap else None


def oracle_melds(cards: Iterable[Card], wrap: bool = False) -> list[frozenset[Card]]:
    """Every meld contained in ``cards``.

    Sets: each 3- and 4-card group of one rank. Runs: starting from every held card, walk up
    the ranks of its suit while the next card is held, emitting every run of 3 or more cards
    (at most 13, so a wrapping run never uses a card twice).
    """
    held = frozenset(cards)
    found: set[frozenset[Card]] = set()
    for rank in Rank:
        same_rank = [card for card in held if card.rank == rank]
        for size in (3, 4):
            found.update(frozenset(group) for group in itertools.combinations(same_rank, size))
    for start in held:
        run = [start]
        while len(run) < 13:
            above = _next_rank(int(run[-1].rank), wrap)
            if above is None:
                break
            card = Card(Rank(above), start.suit)
            if card not in held:
                break
            run.append(card)
            if len(run) >= 3:
                found.add(frozenset(run))
    return sorted(found, key=lambda meld: sorted(c.index for c in meld))


@functools.lru_cache(maxsize=1 << 18)
def _min_deadwood(cards: frozenset[Card], wrap: bool, ace_points: int) -> int:
    """Minimum deadwood of ``cards``: the lowest card is deadwood or in a meld of ``cards``."""
    if not cards:
        return 0
    first = min(cards, key=lambda c: c.index)
    best = card_value(first, ace_points) + _min_deadwood(cards - {first}, wrap, ace_points)
    for meld in oracle_melds(cards, wrap):
        if first in meld:
            best = min(best, _min_deadwood(cards - meld, wrap, ace_points))
    return best


def oracle_deadwood(cards: Iterable[Card], wrap: bool = False, ace_points: int = 1) -> int:
    """The minimum, over all collections of disjoint melds, of the value of the cards left."""
    return _min_deadwood(frozenset(cards), wrap, ace_points)


def oracle_set_choices(
    cards: Iterable[Card], wrap: bool = False, ace_points: int = 1
) -> set[frozenset[Card]]:
    """Every optimal choice of set cards: the cards in sets of some minimum-deadwood arrangement.

    Each rank held three or more times gives no set, one of its triples or its quad; the cards
    left are scored by runs alone, suit by suit (one suit holds no set), and a choice is kept
    when that score is the hand's minimum deadwood.
    """
    held = frozenset(cards)
    best = oracle_deadwood(held, wrap, ace_points)
    options: list[list[frozenset[Card]]] = []
    for rank in Rank:
        same_rank = [card for card in held if card.rank == rank]
        groups: list[frozenset[Card]] = [frozenset()]
        groups += [frozenset(g) for size in (3, 4) for g in itertools.combinations(same_rank, size)]
        options.append(groups)
    found: set[frozenset[Card]] = set()
    for combo in itertools.product(*options):
        chosen = frozenset[Card]().union(*combo)
        rest = held - chosen
        points = sum(
            _min_deadwood(frozenset(c for c in rest if c.suit == suit), wrap, ace_points) for suit in Suit
        )
        if points == best:
            found.add(chosen)
    return found


def oracle_all_arrangements(cards: Iterable[Card], wrap: bool = False) -> Iterator[Arrangement]:
    """Every collection of pairwise-disjoint melds of ``cards`` (not canonical), each once."""
    held = frozenset(cards)
    melds = oracle_melds(held, wrap)

    def go(rest: frozenset[Card]) -> Iterator[tuple[list[frozenset[Card]], list[Card]]]:
        if not rest:
            yield [], []
            return
        first = min(rest, key=lambda c: c.index)
        for chosen, dead in go(rest - {first}):
            yield chosen, [first, *dead]
        for meld in melds:
            if first in meld and meld <= rest:
                for chosen, dead in go(rest - meld):
                    yield [meld, *chosen], dead

    for chosen, dead in go(held):
        yield frozenset(chosen), frozenset(dead)


def _canonical(melds: frozenset[frozenset[Card]], wrap: bool) -> frozenset[frozenset[Card]]:
    """Merge runs that touch: per suit, the run cards split into maximal consecutive blocks."""
    sets = [m for m in melds if len({c.rank for c in m}) == 1]
    run_cards = {c for m in melds if len({c.rank for c in m}) > 1 for c in m}
    merged: list[frozenset[Card]] = list(sets)
    for suit in Suit:
        ranks = {int(c.rank) for c in run_cards if c.suit == suit}
        while ranks:
            # grow a block from any rank in both directions
            seed = min(ranks)
            block = {seed}
            frontier = [seed]
            while frontier:
                rank = frontier.pop()
                for nxt in (_next_rank(rank, wrap), _prev_rank(rank, wrap)):
                    if nxt is not None and nxt in ranks and nxt not in block:
                        block.add(nxt)
                        frontier.append(nxt)
            ranks -= block
            merged.append(frozenset(Card(Rank(r), suit) for r in block))
    return frozenset(merged)


def oracle_best_arrangements(
    cards: Iterable[Card], wrap: bool = False, ace_points: int = 1
) -> set[Arrangement]:
    """Every minimum-deadwood arrangement of ``cards``, canonical (touching runs merged)."""
    best: set[Arrangement] = set()
    best_points: int | None = None
    for melds, dead in oracle_all_arrangements(cards, wrap):
        points = sum(card_value(c, ace_points) for c in dead)
        if best_points is None or points < best_points:
            best, best_points = set(), points
        if points == best_points:
            best.add((_canonical(melds, wrap), dead))
    return best


def oracle_can_lay_off(meld_cards: Iterable[Card], card: Card, wrap: bool = False) -> bool:
    """Whether ``card`` may be laid off onto the meld ``meld_cards``.

    A set (all one rank) takes a 4th card of its rank when it has 3. A run takes a card of its
    suit next to one of its ends (wrapping K-A when ``wrap``), up to 13 cards.
    """
    meld = frozenset(meld_cards)
    if card in meld:
        return False
    if len({c.rank for c in meld}) == 1:
        return len(meld) == 3 and card.rank == next(iter(meld)).rank
    if any(c.suit != card.suit for c in meld) or len(meld) >= 13:
        return False
    ranks = {int(c.rank) for c in meld}
    neighbours = (_next_rank(int(card.rank), wrap), _prev_rank(int(card.rank), wrap))
    return any(r is not None and r in ranks for r in neighbours)


def oracle_layoff_points(
    spread: Iterable[Iterable[Card]],
    cards: Iterable[Card],
    wrap: bool = False,
    ace_points: int = 1,
) -> int:
    """The least deadwood the defender can end with after laying off onto ``spread`` (see
    :func:`oracle_layoff_plan`)."""
    return oracle_layoff_plan(spread, cards, wrap, ace_points)[0]


def oracle_layoff_plan(
    spread: Iterable[Iterable[Card]],
    cards: Iterable[Card],
    wrap: bool = False,
    ace_points: int = 1,
) -> tuple[int, int]:
    """The least deadwood the defender can end with after laying off onto ``spread``, and the
    fewest layoffs that reach it.

    Searches every state reachable by legal layoffs, one card at a time: a state is the spread
    as extended so far and the set of cards laid off. Each state is scored by the oracle
    deadwood of the cards kept, then by the number of cards laid off.
    """
    held = frozenset(cards)
    start: tuple[tuple[frozenset[Card], ...], frozenset[Card]] = (
        tuple(frozenset(m) for m in spread),
        frozenset(),
    )
    seen = {start}
    todo = [start]
    best = (oracle_deadwood(held, wrap, ace_points), 0)
    while todo:
        melds, laid = todo.pop()
        best = min(best, (oracle_deadwood(held - laid, wrap, ace_points), len(laid)))
        for card in held - laid:
            for i, meld in enumerate(melds):
                if oracle_can_lay_off(meld, card, wrap):
                    state = ((*melds[:i], meld | {card}, *melds[i + 1 :]), laid | {card})
                    if state not in seen:
                        seen.add(state)
                        todo.append(state)
    return best
