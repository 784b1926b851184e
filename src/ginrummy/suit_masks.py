"""Suit-mask arithmetic shared by melds, the partitioner and layoffs.

A hand is a 52-bit mask (see :mod:`ginrummy.cards`): four 13-bit suit masks, clubs in bits
0-12, diamonds 13-25, hearts 26-38, spades 39-51; within a suit bit ``r`` is rank ``r + 1``.

>>> from ginrummy.cards import Hand
>>> a, b, c, d = split(Hand.parse("7c 7d 7h 2s").mask)
>>> bin(triples(a, b, c, d))
'0b1000000'
>>> bin(rotate_left(0b1000000000000, 1))  # the king wraps to the ace
'0b1'
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "IN_EVERY_SUIT",
    "RANK_MASK",
    "SUIT_BITS",
    "neighbours",
    "rotate_left",
    "rotate_right",
    "split",
    "triples",
]

SUIT_BITS: Final = 0x1FFF
"""The 13 bits of one suit in a hand mask."""

RANK_MASK: Final = 0x8004002001
"""The four aces as a hand mask: shifted left by ``r`` it is the four cards of rank bit ``r``."""

IN_EVERY_SUIT: Final = tuple(range(0, RANK_MASK << 13, RANK_MASK))
"""The cards of the ranks ``ranks`` (a suit mask) in all four suits, as a hand mask: the sets
a hand could hold of those ranks. Entry ``ranks`` is ``ranks`` times the four aces (each
rank's bit in every suit), so the table is the progression of step :data:`RANK_MASK`. A
table, not ``ranks * RANK_MASK``, so that Ctrl-C stops a long command cleanly
(``docs/design.md``, "The compiled build"; ``tests/test_build_kind_interrupts.py``)."""


def split(mask: int) -> tuple[int, int, int, int]:
    """The four suit masks of a hand mask: clubs, diamonds, hearts, spades."""
    return mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39


def triples(a: int, b: int, c: int, d: int) -> int:
    """The ranks held in three or four of the suit masks ``a b c d`` (the ranks that can form
    a set)."""
    return (a & b & (c | d)) | ((a | b) & c & d)


def rotate_left(m: int, k: int) -> int:
    """Rotate a 13-bit suit mask towards higher ranks by ``k`` places (king wraps to ace)."""
    k %= 13
    return ((m << k) | (m >> (13 - k))) & SUIT_BITS


def rotate_right(m: int, k: int) -> int:
    """Rotate a 13-bit suit mask towards lower ranks by ``k`` places (ace wraps to king)."""
    k %= 13
    return ((m >> k) | (m << (13 - k))) & SUIT_BITS


def neighbours(bits: int, wrap: bool) -> int:
    """The ranks next to ``bits`` in one suit (cyclically when ``wrap``)."""
    if wrap:
        return ((bits << 1) | (bits >> 12) | (bits >> 1) | (bits << 12)) & SUIT_BITS
    return ((bits << 1) | (bits >> 1)) & SUIT_BITS
