"""An exact partitioner for hands of any size: dynamic programming over the ranks.

The enumeration of set choices in :mod:`ginrummy.melding.partition` is fastest for the hands that
occur in play (10 or 11 cards, at most three ranks held three or more times), but grows as
6 to the power of the number of such ranks. For larger hands this module is used instead.

The ranks are processed in order. The state holds, for each suit, the length (0, 1, 2, or 3
meaning "3 or more") of the run segment that ends at the previous rank. At each rank every
card held is labelled: part of a set (the set cards of a rank number 0, 3 or 4), part of a
run (extending its suit's segment), or deadwood (costing its value). A segment of length 1 or
2 that stops is not a run, so such a labelling is refused. The minimum over the final states
is the minimum deadwood, and the set labels of every optimal path are the optimal set choices
(the runs are then the blocks of what remains).

For layoffs, the knocker's run cards join the suits as *anchors*: a card that is always in a
run segment and makes the segment valid whatever its length (its state jumps to "3+"), so the
defender cards connected to it are laid off at no cost; and a defender card that is the 4th
card of a knocker's 3-card set may be labelled "laid off" (no cost, no run, no set).

Round the corner, the ranks form a cycle. The cycle is cut between two ranks where the fewest
suits hold both cards; for each such suit the segment crossing the cut is guessed (none, or
its length before the cut: 1, 2 or 3+) and the final state must match the guess.

>>> from ginrummy.melding.suit_lookups import lookups_for
>>> from ginrummy.cards import Hand
>>> solve(Hand.parse("7c 8c 9c 7d 7h 7s 2d").mask, lookups_for(None))[0]
2
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator
from typing import Final

from ginrummy.melding.suit_lookups import SuitLookups
from ginrummy.suit_masks import SUIT_BITS

__all__ = ["ordered_choices", "solve"]


def _state(lengths: tuple[int, int, int, int]) -> int:
    return lengths[0] | lengths[1] << 2 | lengths[2] << 4 | lengths[3] << 6


def _lengths(state: int) -> tuple[int, int, int, int]:
    return (state & 3, state >> 2 & 3, state >> 4 & 3, state >> 6 & 3)


def _build_next() -> list[list[int]]:
    """``NEXT[state][run_suits]``: the state after a rank whose run-labelled cards are in
    ``run_suits`` (a 4-bit mask), or -1 when a segment of length 1 or 2 would stop."""
    next_states = []
    for state in range(256):
        lengths = _lengths(state)
        row = []
        for runs in range(16):
            new = []
            for s in range(4):
                if runs >> s & 1:
                    new.append(min(lengths[s] + 1, 3))
                elif lengths[s] in (1, 2):
                    break
                else:
                    new.append(0)
            row.append(_state((new[0], new[1], new[2], new[3])) if len(new) == 4 else -1)
        next_states.append(row)
    return next_states


def _build_labellings() -> list[list[tuple[int, int, int]]]:
    """For each 4-bit pattern of suits holding a rank, every labelling as
    ``(set_suits, run_suits, dead_count)``: 0, 3 or 4 set cards, the rest run or dead."""
    result = []
    for held in range(16):
        suits = [s for s in range(4) if held >> s & 1]
        options = []
        set_choices = [0]
        if len(suits) >= 3:
            set_choices += [sum(1 << s for s in combo) for combo in itertools.combinations(suits, 3)]
        if len(suits) == 4:
            set_choices.append(15)
        for set_suits in set_choices:
            rest = [s for s in suits if not set_suits >> s & 1]
            for flags in itertools.product((0, 1), repeat=len(rest)):
                run_suits = sum(1 << s for s, flag in zip(rest, flags, strict=True) if flag)
                options.append((set_suits, run_suits, len(rest) - sum(flags)))
        result.append(options)
    return result


_NEXT: Final[list[list[int]]] = []
""":func:`_build_next`'s table, built by :func:`_tables` the first time a hand is solved (4,096
entries: not worth their time for a program that never melds a hand this way)."""
_LABELLINGS: Final = _build_labellings()


def _tables() -> None:
    """Build :data:`_NEXT` if no hand was solved yet."""
    if not _NEXT:
        _NEXT.extend(_build_next())


_CACHE: Final[dict[tuple[int, int, int], list[tuple[int, int, int]]]] = {}


def _labellings(held: int, anchored: int, fourth: int) -> list[tuple[int, int, int]]:
    """The labellings of a rank whose defender cards are ``held``, whose knocker run cards
    are in the suits ``anchored`` (always run), and whose card in suit ``fourth`` (or -1) may
    be laid onto a knocker's set (recorded with the set cards)."""
    if not anchored and fourth < 0:
        return _LABELLINGS[held]
    key = (held, anchored, fourth)
    options = _CACHE.get(key)
    if options is None:
        options = [(sets, runs | anchored, dead) for sets, runs, dead in _LABELLINGS[held]]
        if fourth >= 0:
            # the 4th card of a knocker's set: its rank holds no set of the defender's
            options = [o for o in options if not o[0]]
            options += [
                (1 << fourth, runs, dead - 1)
                for sets, runs, dead in options
                if not runs >> fourth & 1 and dead > 0 and not sets
            ]
        _CACHE[key] = options
    return options


def _cut(suits: list[int], wrap: bool) -> tuple[int, list[int]]:
    """The first rank of the order and the suits whose segment may cross the cut."""
    if not wrap:
        return 0, []
    best_start, best_bridging = 0, [0, 1, 2, 3]
    for start in range(13):
        before = (start - 1) % 13
        bridging = [s for s in range(4) if suits[s] >> before & 1 and suits[s] >> start & 1]
        if len(bridging) < len(best_bridging):
            best_start, best_bridging = start, bridging
            if not bridging:
                break
    return best_start, best_bridging


def solve(
    mask: int,
    lookups: SuitLookups,
    want_all: bool = False,
    anchors: tuple[int, int, int, int] = (0, 0, 0, 0),
    fourths: int = 0,
) -> tuple[int, list[int]]:
    """The minimum deadwood of ``mask`` and, with ``want_all``, every optimal choice of set
    cards as a 52-bit mask (without ``want_all``, one optimal choice).

    :param anchors: per suit, the knocker's run cards (13-bit masks), for layoffs.
    :param fourths: the cards of ``mask`` that may be laid onto a knocker's 3-card set; a
        choice then includes the ones laid there.
    :returns: ``(points, choices)``.
    """
    _tables()
    suits = [(mask >> (13 * s) & SUIT_BITS) | anchors[s] for s in range(4)]
    values = lookups.values
    start, bridging = _cut(suits, lookups.wrap)
    order = [(start + i) % 13 for i in range(13)]
    best = 1 << 30
    found: set[int] = set()
    for guess in itertools.product((0, 1, 2, 3), repeat=len(bridging)):
        initial = [0, 0, 0, 0]
        for s, length in zip(bridging, guess, strict=True):
            initial[s] = length
        points, choices = _run(
            suits, order, values, (initial[0], initial[1], initial[2], initial[3]), want_all, anchors, fourths
        )
        if points < best:
            best, found = points, set(choices)
        elif points == best:
            found.update(choices)
    return best, sorted(found)


def _run(
    suits: list[int],
    order: list[int],
    values: tuple[int, ...],
    initial: tuple[int, int, int, int],
    want_all: bool,
    anchors: tuple[int, int, int, int],
    fourths: int,
) -> tuple[int, list[int]]:
    """One pass of the dynamic programme from ``initial``; the final state must match it."""
    # kept whole: the partitioner's hot loop over ranks (docs/conventions.md §10: local names, no call per
    # state); each layer's steps share a dozen locals that a split would pass at every rank
    start_state = _state(initial)
    layers: list[dict[int, tuple[int, list[tuple[int, int]]]]] = [{start_state: (0, [])}]
    for rank in order:
        held = 0
        for s in range(4):
            if suits[s] >> rank & 1:
                held |= 1 << s
        anchored = 0
        for s in range(4):
            if anchors[s] >> rank & 1:
                anchored |= 1 << s
        fourth = next((s for s in range(4) if fourths >> (13 * s + rank) & 1), -1)
        options = _labellings(held & ~anchored, anchored, fourth)
        value = values[rank]
        current = layers[-1]
        following: dict[int, tuple[int, list[tuple[int, int]]]] = {}
        for state, (cost, _) in current.items():
            row = _NEXT[state]
            for set_suits, run_suits, dead in options:
                nxt = row[run_suits]
                if nxt < 0:
                    continue
                if anchored:  # a knocker's run card makes its segment valid at any length
                    for s in range(4):
                        if anchored >> s & 1:
                            nxt |= 3 << (2 * s)
                total = cost + dead * value
                entry = following.get(nxt)
                if entry is None or total < entry[0]:
                    following[nxt] = (total, [(state, set_suits)])
                elif total == entry[0] and want_all:
                    entry[1].append((state, set_suits))
        layers.append(following)
    final = layers[-1]
    wanted = [state for state in final if _final_ok(_lengths(state), initial)]
    if not wanted:
        return 1 << 30, []
    best = min(final[state][0] for state in wanted)
    # walk back along every optimal path, collecting the set cards
    choices: set[int] = set()
    stack = [(len(order), state, 0) for state in wanted if final[state][0] == best]
    seen: set[tuple[int, int, int]] = set()
    while stack:
        depth, state, sets = stack.pop()
        if depth == 0:
            choices.add(sets)
            if not want_all:
                break
            continue
        key = (depth, state, sets)
        if key in seen:
            continue
        seen.add(key)
        rank = order[depth - 1]
        for previous, set_suits in layers[depth][state][1]:
            bits = sets
            for s in range(4):
                if set_suits >> s & 1:
                    bits |= 1 << (13 * s + rank)
            stack.append((depth - 1, previous, bits))
    return best, sorted(choices)


def _final_ok(lengths: tuple[int, int, int, int], initial: tuple[int, int, int, int]) -> bool:
    """A final state is valid when no short segment stops there, or, for a segment crossing
    the cut, when it has the guessed length."""
    for length, guess in zip(lengths, initial, strict=True):
        if guess:
            if length != guess:
                return False
        elif length in (1, 2):
            return False
    return True


# --------------------------------------------------------------------------------------------
# every optimal choice, lazily, in the order of preference


def preference_key(set_suits: int) -> int:
    """The place of a rank's set cards (a 4-bit mask of suits) in the order of preference of
    a rank held three or more times: the quad (0), the triples leaving out clubs ... spades
    (1-4), no set (5)."""
    if set_suits == 15:
        return 0
    if set_suits:
        return (15 & ~set_suits).bit_length()  # 1 + the suit left out
    return 5


def ordered_choices(mask: int, lookups: SuitLookups) -> Iterator[int]:
    """Every optimal choice of set cards of ``mask`` (as :func:`solve` with ``want_all``), one
    at a time, in the order of preference: rank by rank from the ace, the quad, then the
    triples leaving out clubs ... spades, then no set.

    Memory stays proportional to the hand, whatever the number of choices: the ranks are taken
    from the ace (round the corner, the cycle is cut before the ace and each guess of the
    segments crossing it is a pass of its own, the passes merged), the cost to finish from
    each state is worked out first, and a depth-first walk yields the choices, merging at each
    rank the walks that share its set cards.
    """
    _tables()
    suits = [mask >> (13 * s) & SUIT_BITS for s in range(4)]
    bridging = [s for s in range(4) if lookups.wrap and suits[s] & 1 and suits[s] >> 12 & 1]
    passes = []
    best = 1 << 30
    for guess in itertools.product((0, 1, 2, 3), repeat=len(bridging)):
        initial = [0, 0, 0, 0]
        for s, length in zip(bridging, guess, strict=True):
            initial[s] = length
        walk = _Walk(suits, lookups.values, (initial[0], initial[1], initial[2], initial[3]))
        if walk.best < best:
            best, passes = walk.best, [walk]
        elif walk.best == best and walk.best < 1 << 30:
            passes.append(walk)
    streams = [walk.choices() for walk in passes]
    merged = streams[0] if len(streams) == 1 else heapq.merge(*streams)
    last = None
    for _, choice in merged:
        if choice != last:  # a choice two guesses both allow (a whole suit in a run)
            yield choice
        last = choice


class _Walk:
    """One pass from the ace with the segments crossing the cut guessed as ``initial``."""

    def __init__(self, suits: list[int], values: tuple[int, ...], initial: tuple[int, int, int, int]) -> None:
        self.initial = initial
        self.helds = [sum(1 << s for s in range(4) if suits[s] >> rank & 1) for rank in range(13)]
        self.values = values
        # the states reachable before each rank
        reach: list[set[int]] = [{_state(initial)}]
        for rank in range(13):
            options = _LABELLINGS[self.helds[rank]]
            reach.append({_NEXT[state][runs] for state in reach[-1] for _, runs, _ in options} - {-1})
        # the least cost from each state before a rank to a valid end
        togo: list[dict[int, int]] = [{} for _ in range(14)]
        togo[13] = {state: 0 for state in reach[13] if _final_ok(_lengths(state), initial)}
        for rank in range(12, -1, -1):
            value, options, after = values[rank], _LABELLINGS[self.helds[rank]], togo[rank + 1]
            for state in reach[rank]:
                row = _NEXT[state]
                costs = [dead * value + after[row[runs]] for _, runs, dead in options if row[runs] in after]
                if costs:
                    togo[rank][state] = min(costs)
        self.togo = togo
        self.best = togo[0].get(_state(initial), 1 << 30)

    def choices(self) -> Iterator[tuple[tuple[int, ...], int]]:
        """The optimal choices with their keys, in the order of the keys."""
        if self.best < 1 << 30:
            yield from self._from(0, _state(self.initial))

    def _from(self, rank: int, state: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if rank == 13:
            yield (), 0
            return
        held, value, row = self.helds[rank], self.values[rank], _NEXT[state]
        after, need = self.togo[rank + 1], self.togo[rank][state]
        groups: dict[int, list[Iterator[tuple[tuple[int, ...], int]]]] = {}
        for set_suits, runs, dead in _LABELLINGS[held]:
            nxt = row[runs]
            if nxt in after and dead * value + after[nxt] == need:
                groups.setdefault(set_suits, []).append(self._from(rank + 1, nxt))
        counted = held.bit_count() >= 3
        for set_suits in sorted(groups, key=preference_key):
            walks = groups[set_suits]
            stream = walks[0] if len(walks) == 1 else heapq.merge(*walks)
            bits = sum(1 << (13 * s + rank) for s in range(4) if set_suits >> s & 1)
            key = preference_key(set_suits)
            for rest_key, rest in stream:
                yield ((key, *rest_key) if counted else rest_key), rest | bits
