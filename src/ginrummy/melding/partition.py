"""The exact deadwood partitioner: minimum deadwood, optimal arrangements, best discards.

How it works
------------
A hand is a 52-bit mask (see :mod:`ginrummy.cards`): four 13-bit suit masks ``a b c d``.

*Runs are a per-suit lookup.* Within one suit, a card can be in a run exactly when it lies in
a block of 3 or more consecutive ranks, and every such block is itself a run, so with no sets
the best arrangement of a suit melds exactly its blocks. For each of the 8,192 suit masks the
lookups below hold the cards in blocks (``melded``), the points of the others (``dw``), and the
best single-card removal for the 11-card problem (``discard``). Round-the-corner
rules use the same lookups built over a cyclic suit (king next to ace).

*Only sets couple the suits.* With ``t`` the ranks held 3 or 4 times, a hand with ``t == 0``
(about three in four) has deadwood ``dw[a] + dw[b] + dw[c] + dw[d]``. A set rank none of
whose cards lies in a block is melded whole: it loses nothing in runs and gains every card.
The remaining *conflicting* ranks try their options (the quad, each triple, no set); two
dominance rules prune them: a triple that leaves out a card that cannot be in a run loses to
the quad, and "no set" loses when 3 or more of the rank's cards cannot be in runs. For each
combination of options the deadwood is four lookups.

*Eleven cards in one pass.* For a fixed set choice, discarding a card of suit mask ``m``
changes only that suit's deadwood, at best by the gain ``discard`` records; a card of a melded quad can be
discarded at no cost, and breaking a set melded whole costs the other two cards.

*Every optimal arrangement* keeps every set choice that reaches the minimum; the runs are then
the blocks. Runs that touch are reported merged (the canonical form): arrangements that differ
only by where a long run is split hold the same cards and accept the same layoffs.

>>> import ginrummy as gr
>>> hand = gr.Hand.parse("7c 8c 9c 7d 7h 7s 2d 3d Kh Ks")
>>> gr.deadwood(hand)
25
>>> print(gr.best_melds(hand))
7c 8c 9c | 7d 7h 7s | deadwood 2d 3d Kh Ks (25)
>>> gr.best_discard(hand | gr.Hand.parse("Kd"))
(Card('3d'), 2)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from ginrummy.cards import DECK, Card, CardsLike, Hand, _hand, to_mask
from ginrummy.compiler_hints import new_instance
from ginrummy.errors import InvalidHandError, InvalidMeldError
from ginrummy.melding.rank_dp import ordered_choices, solve
from ginrummy.melding.suit_lookups import MOST_CONFLICTS, NO_GAIN, SuitLookups, lookups_for, set_choices
from ginrummy.melds import RUN, SET, Meld, MeldingRules, _meld_key
from ginrummy.suit_masks import IN_EVERY_SUIT, SUIT_BITS, rotate_left, rotate_right, split, triples
from ginrummy.validators import check_int, is_int

__all__ = [
    "Arrangement",
    "all_best_melds",
    "best_discard",
    "best_discards",
    "best_melds",
    "deadwood",
    "iter_best_melds",
]

# --------------------------------------------------------------------------------------------
# deadwood


def deadwood(cards: CardsLike, rules: MeldingRules | None = None) -> int:
    """The minimum deadwood of ``cards``: the least total value of the cards left out of any
    arrangement into disjoint melds.

    :param cards: any number of cards: a :class:`~ginrummy.Hand`, an iterable of cards or text.
    :param rules: a ruleset (only ``round_the_corner`` and ``ace_points`` matter); ``None``
        means traditional melding.
    :returns: the deadwood points.
    :raises ParseError: for bad text.
    :raises InvalidHandError: for a card given twice.

    >>> deadwood("As 2s 3s 4s 7h 7d 7c Kd Qd 9c")
    29
    """
    mask = cards.mask if type(cards) is Hand else to_mask(cards)
    lookups = lookups_for(rules)
    dw = lookups.dw
    a = mask & 0x1FFF
    b = mask >> 13 & 0x1FFF
    c = mask >> 26 & 0x1FFF
    d = mask >> 39
    t = triples(a, b, c, d)
    if not t:
        return dw[a] + dw[b] + dw[c] + dw[d]
    return _deadwood_with_sets(a, b, c, d, t, lookups)


def _deadwood_with_sets(a: int, b: int, c: int, d: int, t: int, lookups: SuitLookups) -> int:
    """:func:`deadwood` when some rank is held three or more times."""
    melded, dw = lookups.melded, lookups.dw
    ra, rb, rc, rd = melded[a], melded[b], melded[c], melded[d]
    in_runs = ra | rb | rc | rd
    free = t & ~in_runs
    if free:
        # ranks with no card in a run block: melded whole, at no cost to any run
        keep = ~free
        a, b, c, d = a & keep, b & keep, c & keep, d & keep
        t &= in_runs
        if not t:
            return dw[a] + dw[b] + dw[c] + dw[d]
    mask = a | b << 13 | c << 26 | d << 39
    if t.bit_count() > MOST_CONFLICTS:
        return solve(mask, lookups)[0]
    run_deadwood = lookups.run_deadwood
    return min([run_deadwood(mask ^ sets) for sets in set_choices(t, (a, b, c, d), (ra, rb, rc, rd), True)])


# --------------------------------------------------------------------------------------------
# arrangements


def _arrangement_melds(value: object) -> tuple[Meld, ...]:
    """The melds, sorted by their lowest card (then size), each a :class:`Meld`."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidMeldError(
            f"invalid arrangement: 'melds' must be a sequence of melds (got {value!r:.80})"
        )
    melds = tuple(value)
    for index, meld in enumerate(melds):
        if not isinstance(meld, Meld):
            raise InvalidMeldError(
                f"invalid arrangement: melds[{index}] {meld!r:.80} is not a Meld", field="melds"
            )
    return tuple(sorted(melds, key=_meld_key))


@attrs.frozen(kw_only=True, repr=False)
class Arrangement:
    """Cards arranged into disjoint melds and deadwood.

    Keyword-only and validated: the melds and the deadwood share no card, and ``points`` is
    the value of the deadwood (an ace counting from 1 to 15, as rulesets allow).

    :raises InvalidMeldError: for melds that share cards or points that are not the deadwood's.

    >>> arrangement = best_melds("As 2s 3s 7h 7d 7c Kd")
    >>> arrangement.melds
    (Meld('7c 7d 7h'), Meld('As 2s 3s'))
    >>> arrangement.deadwood, arrangement.points
    (Hand('Kd'), 10)
    """

    melds: tuple[Meld, ...] = attrs.field(converter=_arrangement_melds)
    """The melds, sorted by their lowest card."""
    deadwood: Hand
    """The cards in no meld."""
    points: int
    """The deadwood points."""

    def __attrs_post_init__(self) -> None:
        given: Any = self  # the fields as given, read before they are checked
        if not isinstance(given.deadwood, Hand):
            raise InvalidMeldError(
                f"invalid arrangement: 'deadwood' must be a Hand (got {given.deadwood!r:.80})"
            )
        seen = self.deadwood.mask
        for index, meld in enumerate(self.melds):
            if seen & meld.mask:
                raise InvalidMeldError(
                    f"invalid arrangement: meld {str(meld)!r} shares cards with another meld or the deadwood",
                    field=f"melds[{index}]",
                )
            seen |= meld.mask
        points = given.points
        aces = sum(1 for card in self.deadwood if card.rank == 1)
        low = self.deadwood.points(1)
        if not is_int(points) or not low <= points <= low + 14 * aces or (aces and (points - low) % aces):
            raise InvalidMeldError(
                f"invalid arrangement: points {points!r} are not the value of the deadwood "
                f"{str(self.deadwood)!r}",
                field="points",
            )

    @property
    def cards(self) -> Hand:
        """All the cards: the melds and the deadwood."""
        mask = self.deadwood.mask
        for meld in self.melds:
            mask |= meld.mask
        return _hand(mask)

    def __str__(self) -> str:
        parts = [str(meld) for meld in self.melds]
        parts.append(f"deadwood {self.deadwood} ({self.points})" if self.deadwood else "deadwood 0")
        return " | ".join(parts)

    def __repr__(self) -> str:
        return f"Arrangement(melds={self.melds!r}, deadwood={self.deadwood!r}, points={self.points})"


def _blocks(suit_bits: int, melded_bits: int, wrap: bool) -> list[int]:
    """Split the run cards of one suit into maximal blocks of consecutive ranks."""
    blocks: list[int] = []
    rest = melded_bits
    while rest:
        if rest == SUIT_BITS:
            return [rest]
        low = rest & -rest
        block = low
        while True:  # grow upwards
            nxt = rotate_left(block, 1) & rest if wrap else (block << 1) & rest
            if nxt & ~block == 0:
                break
            block |= nxt
        while wrap:  # grow downwards (only a cyclic block can continue below its lowest bit)
            prv = rotate_right(block, 1) & rest
            if prv & ~block == 0:
                break
            block |= prv
        blocks.append(block)
        rest &= ~block
    return blocks


def _arrangement(mask: int, removal: int, sets: int, lookups: SuitLookups) -> Arrangement:
    """The arrangement of ``mask`` that melds the sets given by ``removal`` (the cards of
    conflicting ranks used in sets) and ``sets`` (ranks melded whole), and runs the blocks."""
    melds: list[Meld] = []
    set_masks: dict[int, int] = {}
    suits = list(split(mask))
    for s in range(4):
        chosen = (removal >> (13 * s) & SUIT_BITS) | (sets & suits[s])
        rest = chosen
        while rest:
            low = rest & -rest
            rest ^= low
            set_masks[low] = set_masks.get(low, 0) | (low << (13 * s))
        suits[s] &= ~chosen
    for bits in set_masks.values():
        melds.append(Meld._trusted(bits, SET))
    dead = 0
    for s in range(4):
        run_bits = lookups.melded[suits[s]]
        for block in _blocks(suits[s], run_bits, lookups.wrap):
            melds.append(Meld._trusted(block << (13 * s), RUN))
        dead |= (suits[s] & ~run_bits) << (13 * s)
    melds.sort(key=_meld_key)
    points = sum(lookups.dw[suits[s]] for s in range(4))
    return _trusted_arrangement(tuple(melds), _hand(dead), points)


def _trusted_arrangement(melds: tuple[Meld, ...], dead: Hand, points: int) -> Arrangement:
    """An arrangement the partitioner made (sorted, disjoint, priced), without the checks."""
    arrangement = new_instance(Arrangement)
    object.__setattr__(arrangement, "melds", melds)
    object.__setattr__(arrangement, "deadwood", dead)
    object.__setattr__(arrangement, "points", points)
    return arrangement


def _optimal_choices(mask: int, lookups: SuitLookups) -> tuple[int, list[int], int]:
    """The ranks melded whole, every optimal combination of conflicting set options, and the
    minimum deadwood."""
    a, b, c, d = split(mask)
    t = triples(a, b, c, d)
    melded, dw = lookups.melded, lookups.dw
    runs = (melded[a], melded[b], melded[c], melded[d])
    in_runs = runs[0] | runs[1] | runs[2] | runs[3]
    free = t & ~in_runs
    keep = ~free
    suits = (a & keep, b & keep, c & keep, d & keep)
    if (t & in_runs).bit_count() > MOST_CONFLICTS:
        points, choices = solve(mask, lookups, want_all=True)
        return 0, sorted(choices, key=lambda removal: _preference(removal, t)), points
    rest = mask & ~IN_EVERY_SUIT[free]  # the ranks melded whole, taken out of every suit
    scored = []
    for combo in set_choices(t & in_runs, suits, runs, prune_none=True):
        left = rest ^ combo
        scored.append(
            (dw[left & 0x1FFF] + dw[left >> 13 & 0x1FFF] + dw[left >> 26 & 0x1FFF] + dw[left >> 39], combo)
        )
    best = min(points for points, _ in scored)
    return free, [combo for points, combo in scored if points == best], best


def _preference(removal: int, ranks: int) -> tuple[int, ...]:
    """The enumeration order of set choices, rank by rank from the ace: the quad (0), the
    triples leaving out clubs ... spades (1-4), no set (5)."""
    key = []
    for rank in range(13):
        if ranks >> rank & 1:
            used = [removal >> (13 * s + rank) & 1 for s in range(4)]
            count = sum(used)
            key.append(0 if count == 4 else 1 + used.index(0) if count == 3 else 5)
    return tuple(key)


def all_best_melds(
    cards: CardsLike, rules: MeldingRules | None = None, *, limit: int | None = None
) -> tuple[Arrangement, ...]:
    """Every minimum-deadwood arrangement of ``cards`` (the first ``limit`` of them, when
    given; see :func:`iter_best_melds` to take them one at a time).

    Runs are reported in canonical form: touching runs are merged into one (``3c-8c`` is never
    listed again as ``3c-5c`` and ``6c-8c``), since such splits hold the same cards and accept
    the same layoffs. Each arrangement appears once. The first prefers sets, rank by rank from
    the ace: the quad, then the triples, then no set; it is :func:`best_melds`.

    A hand of 10 or 11 cards has at most a few dozen; a whole deck has 313,457, so bound what
    you ask for with ``limit`` or :func:`iter_best_melds` when the hand is large.

    :raises ParseError: for bad text.
    :raises InvalidHandError: for a card given twice, or a ``limit`` below 1.

    >>> for arrangement in all_best_melds("7c 8c 9c Tc 7d 7h 7s"):
    ...     print(arrangement)
    7c 7d 7h 7s | 8c 9c Tc | deadwood 0
    7c 8c 9c Tc | 7d 7h 7s | deadwood 0
    >>> len(all_best_melds(DECK, limit=3))
    3
    """
    if limit is not None:
        count = check_int(limit, "limit", InvalidHandError, low=1)
        return tuple(itertools.islice(iter_best_melds(cards, rules), count))
    mask = to_mask(cards)
    lookups = lookups_for(rules)
    free, combos, _ = _optimal_choices(mask, lookups)
    return tuple(_arrangement(mask, combo, free, lookups) for combo in combos)


def iter_best_melds(cards: CardsLike, rules: MeldingRules | None = None) -> Iterator[Arrangement]:
    """The arrangements of :func:`all_best_melds`, in the same order, one at a time: memory
    stays proportional to the hand however many there are (the whole deck's first arrangement
    comes at once, and all 313,457 without holding them).

    :raises ParseError: for bad text (when called, before the first arrangement).
    :raises InvalidHandError: for a card given twice.

    >>> first = next(iter_best_melds(DECK))
    >>> len(first.melds), first.points  # the thirteen quads
    (13, 0)
    """
    mask = to_mask(cards)
    lookups = lookups_for(rules)
    return _iter_arrangements(mask, lookups)


def _iter_arrangements(mask: int, lookups: SuitLookups) -> Iterator[Arrangement]:
    a, b, c, d = split(mask)
    in_runs = lookups.melded[a] | lookups.melded[b] | lookups.melded[c] | lookups.melded[d]
    if (triples(a, b, c, d) & in_runs).bit_count() > MOST_CONFLICTS:  # as _optimal_choices
        for choice in ordered_choices(mask, lookups):
            yield _arrangement(mask, choice, 0, lookups)
        return
    free, combos, _ = _optimal_choices(mask, lookups)
    for combo in combos:
        yield _arrangement(mask, combo, free, lookups)


def best_melds(cards: CardsLike, rules: MeldingRules | None = None) -> Arrangement:
    """A minimum-deadwood arrangement of ``cards``: the first of :func:`all_best_melds`.

    :raises ParseError: for bad text.
    :raises InvalidHandError: for a card given twice.

    >>> print(best_melds("As 2s 3s 4s 7h 7d 7c Kd Qd 9c"))
    7c 7d 7h | As 2s 3s 4s | deadwood 9c Qd Kd (29)
    """
    return next(_iter_arrangements(to_mask(cards), lookups_for(rules)))


# --------------------------------------------------------------------------------------------
# discards


def best_discard(cards: CardsLike, rules: MeldingRules | None = None) -> tuple[Card, int]:
    """The discard that leaves the least deadwood, and that deadwood.

    Meant for the 11 cards a player holds after drawing, but exact for any non-empty hand.
    Ties go to the lowest card index, so the answer is ``best_discards(cards)[0]``.

    :raises InvalidHandError: for an empty hand or a card given twice.
    :raises ParseError: for bad text.

    >>> best_discard("8c 9c Tc 8d 9d Td 8h 9h Th 8s 9s")
    (Card('8c'), 0)
    """
    mask = cards.mask if type(cards) is Hand else to_mask(cards)
    if not mask:
        raise InvalidHandError("cannot discard from an empty hand")
    lookups = lookups_for(rules)
    dw = lookups.dw
    ka, kb, kc, kd = lookups.discard
    # split(mask), inlined: this is the hot path of every bot and of legal_actions
    a = mask & 0x1FFF
    b = mask >> 13 & 0x1FFF
    c = mask >> 26 & 0x1FFF
    d = mask >> 39
    t = triples(a, b, c, d)
    if t:
        melded = lookups.melded
        if t & (melded[a] | melded[b] | melded[c] | melded[d]):
            points, index = _best_discard_with_sets(a, b, c, d, t, lookups)
            return DECK[index], points
        # no set rank has a card in a run block: the sets are melded whole
        a, b, c, d = a & ~t, b & ~t, c & ~t, d & ~t
    # the best gain of the four suits (ties to the lowest card: see SuitLookups.discard)
    key = ka[a]
    other = kb[b]
    if other > key:
        key = other
    other = kc[c]
    if other > key:
        key = other
    other = kd[d]
    if other > key:
        key = other
    if t and key < 1 << 8:
        # no discard outside the sets gains anything: discards from the sets compete
        a, b, c, d = mask & 0x1FFF, mask >> 13 & 0x1FFF, mask >> 26 & 0x1FFF, mask >> 39
        points, index = _best_discard_with_sets(a, b, c, d, t, lookups)
        return DECK[index], points
    return DECK[255 - (key & 255)], dw[a] + dw[b] + dw[c] + dw[d] - (key >> 8)


def _best_discard_with_sets(a: int, b: int, c: int, d: int, t: int, lookups: SuitLookups) -> tuple[int, int]:
    """:func:`best_discard` when some rank is held three or more times, and either one such
    rank has a card in a run block or no discard outside the sets gains: (points, card index).

    Ties between discards go to the lowest card index.
    """
    melded, dw = lookups.melded, lookups.dw
    ka, kb, kc, kd = lookups.discard
    ra, rb, rc, rd = melded[a], melded[b], melded[c], melded[d]
    in_runs = ra | rb | rc | rd
    free = t & ~in_runs
    conflict = t & in_runs
    full = (a, b, c, d)
    if conflict.bit_count() > MOST_CONFLICTS:
        mask = a | b << 13 | c << 26 | d << 39
        best = min(solve(mask ^ (1 << i), lookups)[0] << 8 | i for i in range(52) if mask >> i & 1)
        return best >> 8, best & 255
    if free:
        keep = ~free
        a, b, c, d = a & keep, b & keep, c & keep, d & keep
    rest = a | b << 13 | c << 26 | d << 39
    combos = set_choices(conflict, (a, b, c, d), (ra, rb, rc, rd), prune_none=False) if conflict else [0]
    values = lookups.values
    best = 1 << 40  # (points << 8) + card index, so that min() orders by points, then index
    for sets in combos:
        left = rest ^ sets
        sa, sb, sc, sd = left & 0x1FFF, left >> 13 & 0x1FFF, left >> 26 & 0x1FFF, left >> 39
        # max() of the four, written out: the compiled build calls a builtin of four arguments
        key = ka[sa]
        other = kb[sb]
        if other > key:
            key = other
        other = kc[sc]
        if other > key:
            key = other
        other = kd[sd]
        if other > key:
            key = other
        if key < 1 << 8:
            # no discard gains: discards from the sets compete (quads free, triples not)
            quads = sets & sets >> 13 & sets >> 26 & sets >> 39
            key = max(key, _set_discard(free | quads, full, values))
        found = (dw[sa] + dw[sb] + dw[sc] + dw[sd] - (key >> 8)) << 8 | (255 - (key & 255))
        if found < best:
            best = found
    return best >> 8, best & 255


def _set_discard(sets: int, suits: tuple[int, int, int, int], values: tuple[int, ...]) -> int:
    """The best discard from the sets melded on ranks ``sets`` (each a quad or a triple),
    packed like ``SuitLookups.discard``: a quad's card costs nothing; a triple's leaves its
    other two cards as deadwood, a gain of minus twice the rank's value."""
    best = NO_GAIN << 8
    a, b, c, d = suits
    rest = sets
    while rest:
        r = rest & -rest
        rest ^= r
        rank = r.bit_length() - 1
        index = rank if a & r else 13 + rank
        gain = 0 if a & b & c & d & r else -2 * values[rank]
        best = max(best, gain << 8 | (255 - index))
    return best


def best_discards(cards: CardsLike, rules: MeldingRules | None = None) -> tuple[tuple[Card, int], ...]:
    """Every card held, with the deadwood left after discarding it, best first.

    Sorted by deadwood, then by card index.

    :raises ParseError: for bad text.
    :raises InvalidHandError: for a card given twice.

    >>> best_discards("As 2s 3s Kd Qd")[:2]
    ((Card('Qd'), 10), (Card('Kd'), 10))
    """
    return _discards(to_mask(cards), lookups_for(rules))


@functools.lru_cache(maxsize=4096)
def _discards(mask: int, lookups: SuitLookups) -> tuple[tuple[Card, int], ...]:
    """:func:`best_discards` of a mask, kept for the last few thousand hands: a round works
    out a hand's knocks and a bot its discard from the same answer."""
    dw = lookups.dw
    a, b, c, d = split(mask)
    t = triples(a, b, c, d)
    pairs = []
    if not t:
        # no rank is held three times, and removing a card keeps it so: only its suit changes
        suits = (a, b, c, d)
        total = dw[a] + dw[b] + dw[c] + dw[d]
        for s in (0, 1, 2, 3):
            m = suits[s]
            base = total - dw[m]
            rest = m
            while rest:
                low = rest & -rest
                rest ^= low
                pairs.append((base + dw[m ^ low], 13 * s + low.bit_length() - 1))
    elif t.bit_count() > MOST_CONFLICTS:  # a large hand: one exact solve per card
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            pairs.append((_deadwood_mask(mask ^ low, lookups), low.bit_length() - 1))
    else:
        # Removing card c leaves a hand whose set choices are exactly the set choices of the
        # whole hand that do not use c (every option of every rank held three times: the
        # quad, each triple, no set). For each choice, removing a card not in its sets changes
        # only that card's suit in the run lookups.
        least = [1 << 30] * 52
        every_card = (SUIT_BITS, SUIT_BITS, SUIT_BITS, SUIT_BITS)
        for sets in set_choices(t, (a, b, c, d), every_card, prune_none=False):
            suits = split(mask ^ sets)
            total = dw[suits[0]] + dw[suits[1]] + dw[suits[2]] + dw[suits[3]]
            for s in (0, 1, 2, 3):
                m = suits[s]
                base = total - dw[m]
                rest = m
                while rest:
                    low = rest & -rest
                    rest ^= low
                    index = 13 * s + low.bit_length() - 1
                    points = base + dw[m ^ low]
                    if points < least[index]:
                        least[index] = points
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            index = low.bit_length() - 1
            pairs.append((least[index], index))
    pairs.sort()
    return tuple((DECK[index], points) for points, index in pairs)


def _deadwood_mask(mask: int, lookups: SuitLookups) -> int:
    """:func:`deadwood` of a mask that holds some rank three or more times, under given
    lookups (the hand of a large discard, which still holds four such ranks)."""
    a, b, c, d = split(mask)
    return _deadwood_with_sets(a, b, c, d, triples(a, b, c, d), lookups)
