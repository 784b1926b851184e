"""Melds: sets and runs, validated at construction, and the list of every meld of the deck.

A **set** is 3 or 4 cards of one rank; a **run** is 3 or more consecutive cards of one suit.
The ace is low only (A-2-3 is a run, Q-K-A is not) unless the rules passed as ``rules`` have
``round_the_corner`` set, in which case runs wrap (Q-K-A, K-A-2, Q-K-A-2-3).

>>> import ginrummy as gr
>>> meld = gr.Meld.parse("9c 7c 8c")
>>> meld, meld.kind
(Meld('7c 8c 9c'), <MeldKind.RUN: 'run'>)
>>> gr.Meld.parse("7c 9c Tc")
Traceback (most recent call last):
...
ginrummy.errors.InvalidMeldError: invalid meld '7c 9c Tc': a run may not have a gap (8c is missing)
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, Protocol, TypeGuard

import attrs

from ginrummy.cards import DECK, Card, CardsLike, Hand, Rank, Suit, _iter_mask, to_mask
from ginrummy.compiler_hints import new_instance
from ginrummy.errors import InvalidHandError, InvalidMeldError, ParseError
from ginrummy.suit_masks import SUIT_BITS, rotate_left
from ginrummy.validators import is_int

__all__ = [
    "ALL_MELDS",
    "Meld",
    "MeldKind",
    "MeldingRules",
    "all_melds",
    "is_layoff_pair",
    "spread_before_layoffs",
    "wraps_round",
]


class MeldingRules(Protocol):
    """What the melding functions read from a ruleset: any object with these attributes.

    :class:`ginrummy.Ruleset` satisfies it; so does a small stand-in object.

    >>> import ginrummy as gr
    >>> from types import SimpleNamespace
    >>> corner = SimpleNamespace(round_the_corner=True, ace_points=15)
    >>> gr.Meld.parse("Qh Kh Ah", rules=corner), gr.deadwood("Ah Ks", corner)
    (Meld('Qh Kh Ah', round_the_corner=True), 25)
    """

    @property
    def round_the_corner(self) -> bool:
        """Whether the ace is also high and runs wrap from king to ace."""

    @property
    def ace_points(self) -> int:
        """The deadwood value of an unmatched ace."""


def wraps_round(rules: MeldingRules | None) -> bool:
    """Whether ``rules`` ask for round-the-corner runs (``None`` means traditional)."""
    return rules is not None and bool(getattr(rules, "round_the_corner", False))


class MeldKind(enum.Enum):
    """The two kinds of meld.

    >>> Meld.parse("7c 7d 7h").kind, Meld.parse("7c 8c 9c").kind
    (<MeldKind.SET: 'set'>, <MeldKind.RUN: 'run'>)
    """

    SET = "set"
    """Three or four cards of one rank."""
    RUN = "run"
    """Three or more consecutive cards of one suit."""


# The members again, as module globals: on Python 3.10 and 3.11 reading a member through its
# class costs about ten times a global (see ``ginrummy.phase``).
SET: Final = MeldKind.SET
""":attr:`MeldKind.SET`."""
RUN: Final = MeldKind.RUN
""":attr:`MeldKind.RUN`."""


def _run_order(suit_bits: int, wrap: bool) -> list[int] | None:
    """The ranks (0-12) of a one-suit mask in run order, or None when they are not one run."""
    ranks = [r for r in range(13) if suit_bits >> r & 1]
    n = len(ranks)
    if ranks == list(range(ranks[0], ranks[0] + n)):
        return ranks
    if wrap:
        if n == 13:
            return ranks
        # the run starts at the rank whose predecessor (cyclically) is absent
        for start in ranks:
            if not suit_bits >> ((start - 1) % 13) & 1:
                order = [(start + i) % 13 for i in range(n)]
                if all(suit_bits >> r & 1 for r in order):
                    return order
                return None
    return None


@attrs.frozen(init=False, repr=False, order=False)
class Meld:
    """A valid set or run.

    :param cards: the cards, as a :class:`~ginrummy.Hand`, an iterable of cards or text, in
        any order.
    :param rules: a ruleset (or any object with ``round_the_corner``); ``None`` means the
        traditional low-ace runs.
    :param round_the_corner: if given, overrides ``rules``: whether runs may wrap.
    :raises InvalidMeldError: saying why the cards are no meld: too short, a card twice,
        mixed suits, a gap, or a wrap the rules do not allow.

    >>> Meld.parse("7h 7s 7c").kind
    <MeldKind.SET: 'set'>
    >>> str(Meld.parse("As Qs Ks", rules=_RoundTheCorner()))
    'Qs Ks As'
    """

    mask: int
    """The cards as a hand mask."""
    kind: MeldKind
    """Set or run."""

    def __init__(
        self,
        cards: CardsLike,
        *,
        rules: MeldingRules | None = None,
        round_the_corner: bool | None = None,
    ) -> None:
        text = cards if isinstance(cards, str) else None
        try:
            mask = to_mask(cards, what="meld")
        except (ParseError, InvalidHandError) as exc:
            if text is None:
                raise InvalidMeldError(str(exc)) from None
            raise InvalidMeldError(f"invalid meld {text!r}: {_reason(exc)}") from None
        wrap = wraps_round(rules) if round_the_corner is None else bool(round_the_corner)
        self.__attrs_init__(mask, _classify(mask, wrap, text))

    @classmethod
    def parse(
        cls, text: str, *, rules: MeldingRules | None = None, round_the_corner: bool | None = None
    ) -> Meld:
        """Read a meld such as ``"7c 8c 9c"`` (cards in any order).

        :raises InvalidMeldError: when the text is no card list or the cards are no meld.
        """
        return cls(text, rules=rules, round_the_corner=round_the_corner)

    @classmethod
    def _trusted(cls, mask: int, kind: MeldKind) -> Meld:
        """A meld from a mask already known to be valid (the list of every meld, the partitioner)."""
        meld = new_instance(cls)
        object.__setattr__(meld, "mask", mask)
        object.__setattr__(meld, "kind", kind)
        return meld

    @property
    def hand(self) -> Hand:
        """The cards as a :class:`~ginrummy.Hand`."""
        return Hand.from_mask(self.mask)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in meld order: a set by suit, a run from its lowest card (its first card
        after the gap for a round-the-corner run)."""
        if self.kind is SET:
            return tuple(_iter_mask(self.mask))
        suit = (self.mask.bit_length() - 1) // 13
        order = _run_order(self.mask >> (13 * suit) & SUIT_BITS, wrap=True)
        assert order is not None
        return tuple(DECK[13 * suit + r] for r in order)

    @property
    def rank(self) -> Rank | None:
        """The rank of a set (None for a run)."""
        return self.cards[0].rank if self.kind is SET else None

    @property
    def suit(self) -> Suit | None:
        """The suit of a run (None for a set)."""
        return self.cards[0].suit if self.kind is RUN else None

    @property
    def wraps(self) -> bool:
        """Whether this is a run that goes round the corner (holds both K and A but is not
        a plain low-ace run)."""
        if self.kind is SET:
            return False
        suit = (self.mask.bit_length() - 1) // 13
        return _run_order(self.mask >> (13 * suit) & SUIT_BITS, wrap=False) is None

    def accepts(self, card: Card, rules: MeldingRules | None = None) -> bool:
        """Whether ``card`` can be laid off onto this meld: the 4th card of a 3-card set, or a
        card extending a run at either end.

        >>> run = Meld.parse("4h 5h 6h")
        >>> run.accepts(Card.parse("7h")), run.accepts(Card.parse("8h"))
        (True, False)
        """
        bit = card.mask
        if self.mask & bit:
            return False
        if self.kind is SET:
            return len(self) == 3 and card.rank == self.cards[0].rank
        shift = 13 * card.suit
        suit_bits = self.mask >> shift & SUIT_BITS
        if not suit_bits:
            return False
        r = card.rank - 1
        if wraps_round(rules):
            if suit_bits == SUIT_BITS:
                return False
            return bool(rotate_left(suit_bits, 1) >> r & 1 or rotate_left(suit_bits, 12) >> r & 1)
        return bool((suit_bits << 1 | suit_bits >> 1) >> r & 1)

    def extend(self, card: Card, rules: MeldingRules | None = None) -> Meld:
        """This meld with ``card`` laid off onto it.

        :raises InvalidMeldError: when the card does not fit (see :meth:`accepts`).
        """
        if not self.accepts(card, rules):
            raise InvalidMeldError(f"card {str(card)!r} cannot be laid off onto meld {str(self)!r}")
        return Meld._trusted(self.mask | card.mask, self.kind)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.mask)

    def __lt__(self, other: Meld) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return _meld_key(self) < _meld_key(other)

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        if self.wraps:
            return f"Meld({str(self)!r}, round_the_corner=True)"
        return f"Meld({str(self)!r})"


def _meld_key(meld: Meld) -> tuple[int, int]:
    """Melds sort by their lowest card index, then by size."""
    low = meld.mask & -meld.mask
    return (low.bit_length(), meld.mask.bit_count())


def _reason(exc: Exception) -> str:
    """The part of a nested error message after its value, for re-wrapping."""
    text = str(exc)
    marker = "': "
    return text.split(marker, 1)[1] if marker in text else text


class _RoundTheCorner:
    """Melding settings with wrapping runs, for doctests before a ruleset is at hand."""

    round_the_corner = True
    ace_points = 15


def _classify(mask: int, wrap: bool, text: str | None) -> MeldKind:
    """The kind of meld ``mask`` forms, or an :class:`InvalidMeldError` saying why not."""
    shown = text if text is not None else " ".join(map(str, _iter_mask(mask)))
    n = mask.bit_count()
    if n < 3:
        raise InvalidMeldError(
            f"invalid meld {shown!r}: {n} card{'s' if n != 1 else ''}, a meld needs at least 3"
        )
    suits = [mask >> (13 * s) & SUIT_BITS for s in range(4)]
    ranks_union = suits[0] | suits[1] | suits[2] | suits[3]
    if ranks_union & (ranks_union - 1) == 0:
        return SET
    held = [s for s in range(4) if suits[s]]
    if len(held) > 1:
        names = " and ".join(Suit(s).name.lower() for s in held)
        raise InvalidMeldError(
            f"invalid meld {shown!r}: neither a set (the ranks differ) nor a run (mixed suits: {names})"
        )
    suit = held[0]
    bits = suits[suit]
    if _run_order(bits, wrap) is not None:
        return RUN
    if not wrap and _run_order(bits, True) is not None:
        raise InvalidMeldError(
            f"invalid meld {shown!r}: the run goes round the corner, which these rules do not allow"
        )
    missing = _first_gap(bits, wrap)
    raise InvalidMeldError(
        f"invalid meld {shown!r}: a run may not have a gap ({DECK[13 * suit + missing]} is missing)"
    )


def _first_gap(bits: int, wrap: bool) -> int:
    """The lowest missing rank (0-12) inside the span of a one-suit mask."""
    ranks = [r for r in range(13) if bits >> r & 1]
    if wrap:
        # the largest cyclic gap is the outside of the would-be run; report the first other gap
        gaps = [(ranks[(i + 1) % len(ranks)] - r - 1) % 13 for i, r in enumerate(ranks)]
        outside = gaps.index(max(gaps))
        for i, r in enumerate(ranks):
            if i != outside and gaps[i]:
                return (r + 1) % 13
    return next(r for r in range(ranks[0], ranks[-1]) if not bits >> r & 1)


@functools.cache
def _every_meld(wrap: bool) -> tuple[Meld, ...]:
    melds: list[Meld] = []
    for rank in range(13):
        quad = sum(1 << (13 * s + rank) for s in range(4))
        for left_out in range(4):
            melds.append(Meld._trusted(quad & ~(1 << (13 * left_out + rank)), SET))
        melds.append(Meld._trusted(quad, SET))
    for suit in range(4):
        seen: set[int] = set()
        for length in range(3, 14):
            for start in range(13 if wrap else 14 - length):
                bits = sum(1 << ((start + i) % 13) for i in range(length))
                if bits not in seen:
                    seen.add(bits)
                    melds.append(Meld._trusted(bits << (13 * suit), RUN))
    melds.sort(key=_meld_key)
    return tuple(melds)


def all_melds(rules: MeldingRules | None = None) -> tuple[Meld, ...]:
    """Every meld of the deck under ``rules``: 65 sets and 264 runs traditionally (329), or
    65 sets and 524 runs round the corner (589), sorted by lowest card then size.

    >>> len(all_melds()), len(all_melds(_RoundTheCorner()))
    (329, 589)
    """
    return _every_meld(wraps_round(rules))


ALL_MELDS: tuple[Meld, ...] = all_melds()
"""Every traditional meld of the deck (see :func:`all_melds`)."""


def is_layoff_pair(value: object) -> TypeGuard[tuple[Card, int]]:
    """Whether ``value`` is a layoff as results and layoff plans hold it: a ``(card, meld
    index)`` tuple of a :class:`~ginrummy.Card` and an integer of at least 0.

    >>> is_layoff_pair((Card("8h"), 0)), is_layoff_pair((Card("8h"), -1)), is_layoff_pair(("8h", 0))
    (True, False, False)
    """
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[0], Card)
        and is_int(value[1])
        and value[1] >= 0
    )


def spread_before_layoffs(spread: Sequence[Meld], layoffs: Iterable[tuple[Card, int]]) -> tuple[Meld, ...]:
    """The knocker's spread as shown, before the defender laid ``layoffs`` onto it (a laid-off
    card joins its meld, so a meld index stays stable).

    >>> spread_before_layoffs([Meld.parse("4h 5h 6h 7h")], [(Card("7h"), 0)])
    (Meld('4h 5h 6h'),)
    """
    laid: dict[int, int] = {}
    for card, index in layoffs:
        laid[index] = laid.get(index, 0) | card.mask
    return tuple(Meld._trusted(meld.mask & ~laid.get(i, 0), meld.kind) for i, meld in enumerate(spread))
