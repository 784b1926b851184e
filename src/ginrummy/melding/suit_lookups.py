"""The per-suit lookups of the partitioner, and the set choices that couple the suits.

*Runs are a per-suit lookup.* Within one suit, a card can be in a run exactly when it lies in a
block of 3 or more consecutive ranks, and every such block is itself a run, so with no sets the
best arrangement of a suit melds exactly its blocks. :class:`SuitLookups` holds, for each of
the 8,192 suit masks, the cards in blocks, the points of the others and the best single-card
removal. Round-the-corner rules use the same lookups built over a cyclic suit (king next to ace).

*Only sets couple the suits.* :func:`set_choices` lists the set options worth trying for the
ranks held three or more times whose cards could also be in runs.

>>> lookups = lookups_for(None)
>>> m = 0b111_0000_1001  # ace, 4, 8, 9, 10 of one suit
>>> bin(lookups.melded[m]), lookups.dw[m]
('0b11100000000', 5)
"""

from __future__ import annotations

from typing import Final

from ginrummy.suit_masks import rotate_left, rotate_right

__all__ = ["MOST_CONFLICTS", "NO_GAIN", "SuitLookups", "lookups_for", "set_choices"]

NO_GAIN: Final = -(10**6)
"""The gain recorded for an empty suit: no card there can be discarded."""

MOST_CONFLICTS = 4
"""Above this many conflicting set ranks (6**4 = 1,296 combinations at most), the exact
dynamic programme of :mod:`ginrummy.melding.rank_dp` replaces the enumeration of set choices."""


class SuitLookups:
    """The per-suit lookups of one melding mode, indexed by a 13-bit suit mask ``m``.

    - ``melded[m]``: the cards of ``m`` that lie in a block of 3+ consecutive ranks (cyclic
      when ``wrap``), i.e. the cards that the best run-only arrangement of ``m`` melds;
    - ``dw[m]``: the points of the other cards of ``m``;
    - ``discard[s][m]``: for suit ``s``, the best single-card removal from ``m`` packed as one
      integer ``gain << 8 | (255 - index)``, where ``gain`` is the largest decrease of
      ``dw[m]`` from removing one card (:data:`NO_GAIN` for the empty mask) and ``index`` the
      lowest card index achieving it; so ``max`` over the four suits picks the best discard
      and, on equal gains, the lowest card;
    - ``values[r]``: the points of rank bit ``r`` (0 = ace).

    The lookups are shared by every caller of one melding mode and never written after
    :meth:`build` (a plain class, not an attrs one: ``docs/design.md``, "The compiled build").
    """

    __slots__ = ("ace_points", "discard", "dw", "melded", "values", "wrap")

    def __init__(
        self,
        wrap: bool,
        ace_points: int,
        values: tuple[int, ...],
        melded: list[int],
        dw: list[int],
        discard: tuple[list[int], list[int], list[int], list[int]],
    ) -> None:
        self.wrap: Final = wrap
        self.ace_points: Final = ace_points
        self.values: Final = values
        self.melded: Final = melded
        self.dw: Final = dw
        self.discard: Final = discard

    @classmethod
    def build(cls, wrap: bool, ace_points: int) -> SuitLookups:
        """Compute the lookups (a few tens of milliseconds, once per melding mode)."""
        values = (ace_points, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
        size = 1 << 13
        points = [0] * size
        for m in range(1, size):
            low = m & -m
            points[m] = points[m ^ low] + values[low.bit_length() - 1]
        melded = [0] * size
        dw = [0] * size
        for m in range(size):
            if wrap:
                starts = m & rotate_right(m, 1) & rotate_right(m, 2)
                run = starts | rotate_left(starts, 1) | rotate_left(starts, 2)
            else:
                starts = m & m >> 1 & m >> 2
                run = starts | starts << 1 | starts << 2
            melded[m] = run
            dw[m] = points[m & ~run]
        gain = [NO_GAIN] * size
        gain_bit = [0] * size  # the lowest rank (0-12) achieving the gain
        for m in range(1, size):
            best, best_bit, rest, here = NO_GAIN, 0, m, dw[m]
            while rest:
                low = rest & -rest
                rest ^= low
                g = here - dw[m ^ low]
                if g > best:
                    best, best_bit = g, low
            gain[m] = best
            gain_bit[m] = best_bit.bit_length() - 1
        discard = tuple(
            [gain[m] << 8 | (255 - 13 * suit - gain_bit[m]) for m in range(size)] for suit in range(4)
        )
        return cls(wrap, ace_points, values, melded, dw, (discard[0], discard[1], discard[2], discard[3]))

    def run_deadwood(self, mask: int) -> int:
        """The deadwood of the hand ``mask`` melded in runs only (its sets already taken out)."""
        dw = self.dw
        return dw[mask & 0x1FFF] + dw[mask >> 13 & 0x1FFF] + dw[mask >> 26 & 0x1FFF] + dw[mask >> 39]


_BY_MODE: Final[dict[tuple[bool, int], SuitLookups]] = {}
"""The lookups of each melding mode (wrap, ace points) met so far: each is built by the first
hand melded under it, not at import, so a program that never melds does not wait for them."""

_BY_IDENTITY: Final[dict[int, tuple[object, SuitLookups]]] = {}


def lookups_for(rules: object) -> SuitLookups:
    """The lookups for the melding mode of ``rules`` (a ruleset, or any object with
    ``round_the_corner`` and ``ace_points``; ``None`` means traditional melding), built on
    first use and then cached.

    Rulesets are immutable, so the lookups of one are found by its identity; the cache entry
    keeps the ruleset alive, so its id cannot be reused by another object while it is cached.
    """
    hit = _BY_IDENTITY.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    mode = (bool(getattr(rules, "round_the_corner", False)), int(getattr(rules, "ace_points", 1)))
    lookups = _BY_MODE.get(mode)
    if lookups is None:
        lookups = _BY_MODE[mode] = SuitLookups.build(*mode)
    if len(_BY_IDENTITY) >= 1024:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[id(rules)] = (rules, lookups)
    return lookups


def _options(held: int, usable: int, prune_none: bool) -> tuple[int, ...]:
    """The set options worth trying for one rank, as 4-bit suit patterns of the cards melded
    in its set, given the suits that hold the rank (``held``) and those whose card could be
    in a run or laid off onto one (``usable``; the other cards are *loose*).

    Order: the quad, the triples (leaving out clubs ... spades), no set. A triple leaving out
    a loose card is dropped (the quad beats it: the left-out card could only be deadwood);
    with ``prune_none``, "no set" is dropped when 3 or more of the rank's cards are loose (the
    set gains them all and costs no run).
    """
    options: list[int] = []
    if held == 15:
        options.append(15)
        options.extend(15 & ~(1 << out) for out in range(4) if usable >> out & 1)
    else:
        options.append(held)
    if not (prune_none and (held & ~usable).bit_count() >= 3):
        options.append(0)
    return tuple(options)


def _spread(pattern: int) -> int:
    """A 4-bit suit pattern as the hand mask of the ace of each suit in it."""
    return sum(1 << (13 * s) for s in range(4) if pattern >> s & 1)


# _SET_OPTIONS[prune_none][held << 4 | usable]: the options of _options, as ace-rank hand masks
# (shift one left by the rank's bit to place it); entries for fewer than 3 suits held are unused
_SET_OPTIONS: Final[tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]] = tuple(  # type: ignore[assignment]
    tuple(
        tuple(_spread(p) for p in _options(key >> 4, key & 15, prune)) if (key >> 4).bit_count() >= 3 else ()
        for key in range(256)
    )
    for prune in (False, True)
)


def set_choices(  # the masks as fixed-length tuples: docs/design.md, "The compiled build"
    ranks: int, suits: tuple[int, int, int, int], usable: tuple[int, int, int, int], prune_none: bool
) -> list[int]:
    """Every combination of the set options of ``ranks`` (each held three or more times in
    the suit masks ``suits``; see :func:`_options`), each as the hand mask of the cards it melds
    in sets.

    :param usable: per suit, the cards that could be in a run (or laid off onto one).

    >>> from ginrummy.cards import Hand
    >>> suits = (0b100, 0b100, 0b111, 0)  # 3c 3d and Ah 2h 3h
    >>> [str(Hand.from_mask(m)) for m in set_choices(0b100, suits, (0, 0, 0b111, 0), True)]
    ['3c 3d 3h', '']
    """
    a, b, c, d = suits
    ua, ub, uc, ud = usable
    options_by_key = _SET_OPTIONS[prune_none]
    combos = [0]
    while ranks:
        r = ranks & -ranks
        ranks ^= r
        i = r.bit_length() - 1
        held = (a >> i & 1) | (b >> i & 1) << 1 | (c >> i & 1) << 2 | (d >> i & 1) << 3
        use = (ua >> i & 1) | (ub >> i & 1) << 1 | (uc >> i & 1) << 2 | (ud >> i & 1) << 3
        options = options_by_key[held << 4 | use]
        combos = [x | spread << i for x in combos for spread in options]
    return combos
