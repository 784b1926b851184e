"""Jointly optimal layoffs: which defender cards go onto the knocker's spread, and how the
defender arranges the cards it keeps.

Laying off first and melding what is left, or melding first and laying off the rest, are both
wrong: a card may fit a set and a run, and breaking one's own set can free a card that extends
a run. The search here is exact:

- The spread becomes per-suit context: the knocker's run cards, and the missing 4th card of
  each 3-card set.
- For each choice of which 4th cards to lay onto sets, and each choice of the defender's own
  sets (as in :mod:`ginrummy.melding.partition`), the defender cards of a suit that are connected to a
  knocker run through other defender cards are all laid off (a flood fill). That block is
  bounded by knocker cards and gaps, so no card the defender keeps could have used it: laying
  it all off is optimal for that choice. Chains, both ends and bridging two runs follow.
- The kept cards score their minimum deadwood.

>>> import ginrummy as gr
>>> spread = [gr.Meld.parse("4h 5h 6h"), gr.Meld.parse("Kc Kd Ks")]
>>> plan = gr.best_layoffs(spread, "3h 7h 8h Kh 2c 9s")
>>> [(str(card), meld) for card, meld in plan.layoffs]
[('Kh', 1), ('3h', 0), ('7h', 0), ('8h', 0)]
>>> plan.points
11
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

import attrs

from ginrummy.cards import DECK, Card, CardsLike, _hand, to_mask
from ginrummy.errors import InvalidHandError, InvalidMeldError
from ginrummy.melding.partition import Arrangement, best_melds
from ginrummy.melding.rank_dp import solve
from ginrummy.melding.suit_lookups import MOST_CONFLICTS, SuitLookups, lookups_for, set_choices
from ginrummy.melds import RUN, Meld, MeldingRules, is_layoff_pair
from ginrummy.suit_masks import SUIT_BITS, neighbours, split, triples

__all__ = ["LayoffPlan", "best_layoffs"]


@attrs.frozen(kw_only=True)
class LayoffPlan:
    """The defender's best response to a knock: its layoffs and the arrangement of the rest.

    Keyword-only and validated: each layoff is a card and a meld index, each card laid off
    once and not among the cards kept.

    :raises InvalidHandError: for a card laid off twice or also kept.

    >>> plan = best_layoffs([Meld.parse("7c 7d 7s")], "7h 8h 9h")
    >>> plan.layoffs, plan.points
    ((), 0)
    """

    layoffs: tuple[tuple[Card, int], ...]
    """``(card, meld index)`` pairs in an order in which each is legal: every card fits the
    spread meld at that index as already extended by the layoffs before it."""
    arrangement: Arrangement
    """A minimum-deadwood arrangement of the cards the defender keeps."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.arrangement, Arrangement):
            raise InvalidHandError(f"invalid layoff plan: {self.arrangement!r:.80} is not an Arrangement")
        if not isinstance(self.layoffs, tuple):
            raise InvalidHandError(
                f"invalid layoff plan: 'layoffs' must be a tuple (got {self.layoffs!r:.80})"
            )
        seen = self.arrangement.cards.mask
        for index, pair in enumerate(cast("tuple[object, ...]", self.layoffs)):  # checked, not assumed
            if not is_layoff_pair(pair):
                raise InvalidHandError(
                    f"invalid layoff plan: layoffs[{index}] {pair!r:.80} is not a (card, meld index) pair",
                    field=f"layoffs[{index}]",
                )
            if seen & pair[0].mask:
                raise InvalidHandError(
                    f"invalid layoff plan: card {str(pair[0])!r} appears twice", field=f"layoffs[{index}]"
                )
            seen |= pair[0].mask

    @property
    def points(self) -> int:
        """The defender's deadwood after the layoffs."""
        return self.arrangement.points

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards laid off, in order."""
        return tuple(card for card, _ in self.layoffs)


def _flood(knocker: int, defender: int, wrap: bool) -> int:
    """The defender cards of one suit connected to the knocker's run cards through other
    defender cards: exactly the cards that can be laid off onto those runs."""
    if not knocker:
        return 0
    reach = knocker
    while True:
        grown = reach | (neighbours(reach, wrap) & defender)
        if grown == reach:
            return reach & defender
        reach = grown


def _fewest(knocker: int, cards: int, wrap: bool, dw: list[int]) -> int:
    """The cards of one suit to lay off onto the knocker's runs ``knocker``: among the sets
    that can be laid off (grown one card at a time from the runs, within the flood), one
    leaving the least deadwood of the rest of ``cards``, and among those the fewest cards (a
    defender may keep a block that melds on its own rather than lay it off)."""
    flood = _flood(knocker, cards, wrap)
    if not flood:
        return 0
    best, best_key = flood, (dw[cards & ~flood], flood.bit_count())
    seen = {0}
    frontier = [0]
    while frontier:
        grown: list[int] = []
        for laid in frontier:
            key = (dw[cards & ~laid], laid.bit_count())
            if key < best_key:
                best, best_key = laid, key
            options = neighbours(knocker | laid, wrap) & flood & ~laid
            while options:
                bit = options & -options
                options ^= bit
                if laid | bit not in seen:
                    seen.add(laid | bit)
                    grown.append(laid | bit)
        frontier = grown
    return best


def _check_spread(spread: Iterable[Meld], mask: int, wrap: bool) -> tuple[Meld, ...]:
    if isinstance(spread, (str, bytes, Meld)) or not isinstance(spread, Iterable):
        raise InvalidMeldError(f"invalid spread {spread!r:.80}: expected a sequence of melds")
    melds: tuple[object, ...] = tuple(spread)  # each element is checked here, not assumed
    seen = 0
    for index, meld in enumerate(melds):
        if not isinstance(meld, Meld):
            raise InvalidMeldError(f"invalid spread: item {index} {meld!r} is not a Meld")
        if meld.wraps and not wrap:
            raise InvalidMeldError(
                f"invalid spread: meld {str(meld)!r} goes round the corner, which these rules do not allow"
            )
        if seen & meld.mask:
            card = DECK[(seen & meld.mask).bit_length() - 1]
            raise InvalidHandError(f"invalid spread: card {str(card)!r} is in two melds")
        seen |= meld.mask
    if seen & mask:
        card = DECK[(seen & mask).bit_length() - 1]
        raise InvalidHandError(
            f"invalid layoffs: card {str(card)!r} is both in the spread and in the defender's cards"
        )
    return cast("tuple[Meld, ...]", melds)


def best_layoffs(spread: Iterable[Meld], cards: CardsLike, rules: MeldingRules | None = None) -> LayoffPlan:
    """The jointly optimal layoffs of the defender's ``cards`` onto the knocker's ``spread``.

    :param spread: the knocker's melds; a layoff names its meld by position in this sequence.
    :param cards: the defender's cards.
    :param rules: a ruleset (only ``round_the_corner`` and ``ace_points`` matter); ``None``
        means traditional melding.
    :returns: a plan whose deadwood is the least any legal sequence of layoffs leaves; among
        equal plans, one with the fewest layoffs.
    :raises InvalidMeldError: for a spread item that is not a meld the rules allow.
    :raises InvalidHandError: for a card twice in the spread or in both spread and cards.
    :raises ParseError: for bad card text.

    >>> import ginrummy as gr
    >>> spread = [gr.Meld.parse("4h 5h 6h")]
    >>> plan = gr.best_layoffs(spread, "7h 8h 9c 9d")
    >>> plan.cards, plan.points
    ((Card('7h'), Card('8h')), 18)
    >>> gr.best_layoffs(spread, "7h 7c 7d 8h").points  # keeps 7c 7d 7h
    8
    """
    mask = to_mask(cards, what="defender's cards")
    lookups = lookups_for(rules)
    wrap = lookups.wrap
    melds = _check_spread(spread, mask, wrap)

    knocker_runs = [0, 0, 0, 0]
    fourths: list[tuple[int, int]] = []  # (card bit, set index) for 4th cards the defender holds
    for index, meld in enumerate(melds):
        if meld.kind is RUN:
            suit = (meld.mask.bit_length() - 1) // 13
            knocker_runs[suit] |= meld.mask >> (13 * suit) & SUIT_BITS
        elif len(meld) == 3:
            rank = (meld.mask.bit_length() - 1) % 13
            quad = sum(1 << (13 * s + rank) for s in range(4))
            fourth = quad & ~meld.mask
            if mask & fourth:
                fourths.append((fourth, index))

    best: tuple[int, int, int, tuple[int, int, int, int]] | None = None  # points, count, set-4ths, laid runs
    if triples(*split(mask)).bit_count() > MOST_CONFLICTS:
        best = _large_plan(mask, knocker_runs, fourths, lookups)
    for choice in range(0 if best is not None else 1 << len(fourths)):
        onto_sets = 0
        for i, (bit, _) in enumerate(fourths):
            if choice >> i & 1:
                onto_sets |= bit
        found = _best_for(mask & ~onto_sets, knocker_runs, lookups)
        points, laid = found
        count = onto_sets.bit_count() + sum(x.bit_count() for x in laid)
        if best is None or (points, count) < (best[0], best[1]):
            best = (points, count, onto_sets, laid)
    assert best is not None
    _, _, onto_sets, laid = best

    layoffs: list[tuple[Card, int]] = [
        (DECK[bit.bit_length() - 1], index) for bit, index in fourths if onto_sets & bit
    ]
    layoffs.extend(_run_layoff_order(melds, laid, wrap))
    laid_mask = onto_sets
    for s in range(4):
        laid_mask |= laid[s] << (13 * s)
    arrangement = best_melds(_hand(mask & ~laid_mask), rules)
    return LayoffPlan(layoffs=tuple(layoffs), arrangement=arrangement)


def _large_plan(
    mask: int, knocker_runs: list[int], fourths: list[tuple[int, int]], lookups: SuitLookups
) -> tuple[int, int, int, tuple[int, int, int, int]]:
    """The best plan for a large defender hand, by the dynamic programme of
    :mod:`ginrummy.melding.rank_dp` (knocker runs as anchors, 4th cards as optional layoffs)."""
    layable = 0
    for bit, _ in fourths:
        layable |= bit
    anchors = (knocker_runs[0], knocker_runs[1], knocker_runs[2], knocker_runs[3])
    points, choices = solve(mask, lookups, anchors=anchors, fourths=layable)
    removed = choices[0]
    rest = mask & ~removed
    laid = tuple(
        _fewest(knocker_runs[s], rest >> (13 * s) & SUIT_BITS, lookups.wrap, lookups.dw) for s in range(4)
    )
    count = (removed & layable).bit_count() + sum(x.bit_count() for x in laid)
    return points, count, removed & layable, (laid[0], laid[1], laid[2], laid[3])


def _best_for(
    mask: int, knocker_runs: list[int], lookups: SuitLookups
) -> tuple[int, tuple[int, int, int, int]]:
    """For defender cards ``mask`` (after any layoffs onto sets), the least deadwood over the
    defender's set choices with every connected card laid onto the runs, and the per-suit
    cards laid off in the best choice."""
    wrap, melded, dw = lookups.wrap, lookups.melded, lookups.dw
    suits = split(mask)
    # a card that can be neither in a run nor laid off onto one is "loose" (see set_choices)
    a, b, c, d = suits
    usable = (
        melded[a] | _flood(knocker_runs[0], a, wrap),
        melded[b] | _flood(knocker_runs[1], b, wrap),
        melded[c] | _flood(knocker_runs[2], c, wrap),
        melded[d] | _flood(knocker_runs[3], d, wrap),
    )
    combos = set_choices(triples(a, b, c, d), suits, usable, prune_none=True)
    best_points, best_count = 1 << 30, 99
    best_laid: tuple[int, int, int, int] = (0, 0, 0, 0)
    for combo in combos:
        points = 0
        laid = [0, 0, 0, 0]
        for s in range(4):
            rest = suits[s] ^ (combo >> (13 * s) & SUIT_BITS)
            laid[s] = _fewest(knocker_runs[s], rest, wrap, dw)
            points += dw[rest & ~laid[s]]
        count = sum(x.bit_count() for x in laid)
        if (points, count) < (best_points, best_count):
            best_points, best_count = points, count
            best_laid = (laid[0], laid[1], laid[2], laid[3])
    return best_points, best_laid


def _run_layoff_order(
    melds: tuple[Meld, ...], laid: tuple[int, int, int, int], wrap: bool
) -> list[tuple[Card, int]]:
    """An order in which the cards ``laid`` (per suit) can go onto the spread's runs, each
    named with the run it extends."""
    order: list[tuple[Card, int]] = []
    for s in range(4):
        remaining = laid[s]
        extents = {
            index: meld.mask >> (13 * s) & SUIT_BITS
            for index, meld in enumerate(melds)
            if meld.kind is RUN and meld.mask >> (13 * s) & SUIT_BITS
        }
        while remaining:
            progressed = False
            rest = remaining
            while rest:
                bit = rest & -rest
                rest ^= bit
                for index, extent in extents.items():
                    if neighbours(extent, wrap) & bit:
                        order.append((DECK[13 * s + bit.bit_length() - 1], index))
                        extents[index] = extent | bit
                        remaining ^= bit
                        progressed = True
                        break
            if not progressed:  # pragma: no cover - the flood fill only returns connected cards
                raise AssertionError("layoff cards not connected to a run")
    return order
