"""Suits, ranks, cards, the deck and hands.

Bit layout
----------
Every card has an *index* from 0 to 51, ``13 * suit + (rank - 1)``, with the suits in the
order clubs, diamonds, hearts, spades and the ranks from ace (1) to king (13). A :class:`Hand`
is an integer with bit ``index`` set for each card it holds, so the clubs are bits 0-12, the
diamonds 13-25, the hearts 26-38 and the spades 39-51. :data:`DECK` lists the cards in index
order, and a hand iterates in that order.

>>> import ginrummy as gr
>>> gr.Card.parse("10h")
Card('Th')
>>> hand = gr.Hand.parse("As 2s 3s 7h 7d 7c")
>>> str(hand)
'7c 7d 7h As 2s 3s'
>>> gr.Card.parse("7h") in hand, len(hand)
(True, 6)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Final, TypeAlias, Union, cast

import attrs

from ginrummy.compiler_hints import new_instance
from ginrummy.errors import InvalidCardError, InvalidHandError, ParseError
from ginrummy.validators import check_int, is_int, shown

__all__ = ["DECK", "FULL_MASK", "Card", "CardsLike", "Hand", "Rank", "Suit", "to_mask"]


class Suit(enum.IntEnum):
    """A suit; the value is the suit's position in the bit layout (clubs 0 to spades 3).

    >>> Suit.HEARTS.symbol, Suit.HEARTS.glyph
    ('h', '♥')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The one-letter notation: ``'c'``, ``'d'``, ``'h'`` or ``'s'``."""
        return "cdhs"[self.value]

    @property
    def glyph(self) -> str:
        """The suit symbol: ``'♣'``, ``'♦'``, ``'♥'`` or ``'♠'``."""
        return "♣♦♥♠"[self.value]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter (any case) or its symbol (``♣♦♥♠``, also hollow).

        :raises ParseError: when the text is no suit.

        >>> Suit.parse("S"), Suit.parse("♦")
        (<Suit.SPADES: 3>, <Suit.DIAMONDS: 1>)
        """
        suit = _SUIT_TEXT.get(_ascii_lower(text))
        if suit is None:
            raise ParseError(f"invalid suit {text!r}: expected one of c d h s or ♣ ♦ ♥ ♠")
        return suit


class Rank(enum.IntEnum):
    """A rank from ace (1) to king (13); the ace is low unless a ruleset says otherwise.

    >>> Rank.TEN.symbol, Rank.KING.points, int(Rank.ACE)
    ('T', 10, 1)
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The one-character notation: ``'A'``, ``'2'`` ... ``'9'``, ``'T'``, ``'J'``, ``'Q'``, ``'K'``."""
        return "A23456789TJQK"[self.value - 1]

    @property
    def points(self) -> int:
        """The deadwood value with the ace at 1: the face value, and 10 for J, Q and K."""
        return min(self.value, 10)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank: ``A``, ``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K`` (any case).

        :raises ParseError: when the text is no rank.

        >>> Rank.parse("10"), Rank.parse("q")
        (<Rank.TEN: 10>, <Rank.QUEEN: 12>)
        """
        rank = _RANK_TEXT.get(text.upper()) if text.isascii() else None
        if rank is None:
            raise ParseError(f"invalid rank {text!r}: expected one of A 2-9 T (or 10) J Q K")
        return rank


_SUIT_TEXT: Final[dict[str, Suit]] = {
    **{s.symbol: s for s in Suit},
    **{s.glyph: s for s in Suit},
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_RANK_TEXT: Final[dict[str, Rank]] = {**{r.symbol: r for r in Rank}, "10": Rank.TEN}


def _ascii_lower(text: str) -> str:
    """Lowercase only ASCII letters (``'\u212a'``, the Kelvin sign, is no king)."""
    return "".join(ch.lower() if ch.isascii() else ch for ch in text)


def _to_rank(value: object) -> Rank:
    if isinstance(value, Rank):
        return value
    if isinstance(value, Suit):
        raise InvalidCardError(f"invalid rank {value!r}: a Suit given where a Rank is expected")
    if is_int(value) and 1 <= value <= 13:
        return Rank(value)
    raise InvalidCardError(f"invalid rank {value!r}: must be a Rank or an integer from 1 to 13")


def _to_suit(value: object) -> Suit:
    if isinstance(value, Suit):
        return value
    if isinstance(value, Rank):
        raise InvalidCardError(f"invalid suit {value!r}: a Rank given where a Suit is expected")
    if is_int(value) and 0 <= value <= 3:
        return Suit(value)
    raise InvalidCardError(f"invalid suit {value!r}: must be a Suit or an integer from 0 to 3")


@attrs.frozen(init=False, order=False, repr=False)
class Card:
    """A playing card: a rank and a suit.

    Build one from a rank and a suit, or from its text (``Card('As')``, the same as
    :meth:`Card.parse`). Cards are ordered by their index (suit first, then rank), which is
    the order of :data:`DECK` and of a :class:`Hand`.

    :raises InvalidCardError: for a rank or suit outside the deck (or swapped).
    :raises ParseError: for bad text.

    >>> Card(Rank.ACE, Suit.SPADES)
    Card('As')
    >>> Card('As') == Card(1, 3)
    True
    >>> str(Card.parse("a♠")), Card.parse("Kd").index
    ('As', 25)
    >>> Card.parse("2c") < Card.parse("Ad")
    True
    """

    rank: Rank
    """The rank, ace (1) to king (13)."""
    suit: Suit
    """The suit."""
    index: int = attrs.field(init=False, eq=False, repr=False)
    """The card's bit in a hand mask: ``13 * suit + rank - 1``."""
    mask: int = attrs.field(init=False, eq=False, repr=False)
    """``1 << index``: the one-card hand mask."""
    points: int = attrs.field(init=False, eq=False, repr=False)
    """The deadwood value with the ace at 1 (see :attr:`Rank.points`)."""

    def __init__(self, rank: Rank | int | str, suit: Suit | int | None = None) -> None:
        if suit is None and isinstance(rank, str):
            card = Card.parse(rank)
            rank, suit = card.rank, card.suit
        elif suit is None:
            raise InvalidCardError(
                f"invalid card (rank {rank!r}, suit None): give a rank and a suit, or text such as 'As'"
            )
        checked_rank, checked_suit = _to_rank(rank), _to_suit(suit)
        self.__attrs_init__(checked_rank, checked_suit)
        index = 13 * checked_suit + checked_rank - 1
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "mask", 1 << index)
        object.__setattr__(self, "points", checked_rank.points)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as ``As``, ``AS``, ``10h``, ``Th`` or ``A♠``.

        :param text: a rank (``A 2-9 T 10 J Q K``) followed by a suit (``c d h s ♣ ♦ ♥ ♠``),
            in any case, surrounding white space allowed.
        :returns: the card.
        :raises ParseError: naming the text and what is wrong with it.
        """
        if not isinstance(text, str):
            raise ParseError(f"invalid card {text!r:.40}: expected text such as 'As'")
        token = text.strip()
        if len(token) > 3:  # "10h" is the longest card; a long text is refused before it is read
            shown = repr(text) if len(text) <= 40 else f"{text[:40]!r}..."
            raise ParseError(f"invalid card {shown}: {len(token)} characters, a card has 2 or 3")
        card = _CARD_TEXT.get(_ascii_lower(token))
        if card is not None:
            return card
        if len(token) < 2:
            raise ParseError(f"invalid card {text!r}: expected a rank and a suit such as 'As'")
        for size in (2, 3):  # a card followed by more text ("As\x00", "As2")
            if len(token) > size and _ascii_lower(token[:size]) in _CARD_TEXT:
                raise ParseError(f"invalid card {text!r}: {token[size:]!r} after the card {token[:size]!r}")
        rank_text, suit_text = token[:-1], token[-1]
        if _ascii_lower(suit_text) in _SUIT_TEXT or rank_text.upper() not in _RANK_TEXT:
            raise ParseError(f"invalid card {text!r}: unknown rank {rank_text!r}")
        raise ParseError(f"invalid card {text!r}: unknown suit {suit_text!r}")

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with bit ``index`` (0-51) in the layout described in this module.

        :raises InvalidCardError: when the index is outside 0-51.
        """
        return DECK[check_int(index, "card index", InvalidCardError, low=0, high=51)]

    def __str__(self) -> str:
        return _TEXTS[self.index]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def glyph_text(self) -> str:
        """The card as a person reads it, with its suit symbol: ``'A♠'``, ``'10♥'``."""
        return _GLYPH_TEXTS[self.index]

    def __format__(self, spec: str) -> str:
        """``format(card, spec)``: the notation (``'As'``), or with ``g`` at the end of the
        spec the suit symbol (``'A♠'``, ``'10♥'``); the rest of the spec aligns the text as
        for a string (``f"{card:>4g}"``).

        :raises ParseError: for a spec a string cannot take.

        >>> card = Card.parse("Th")
        >>> format(card, "g"), f"{card}", f"[{card:>4g}]"
        ('10♥', 'Th', '[ 10♥]')
        """
        return _formatted(self.glyph_text if spec.endswith("g") else str(self), spec, self)

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


DECK: Final[tuple[Card, ...]] = tuple(
    Card(Rank(rank), Suit(suit)) for suit in range(4) for rank in range(1, 14)
)
"""The 52 cards in index order: A-K of clubs, then diamonds, hearts and spades."""

_TEXTS: Final[tuple[str, ...]] = tuple(
    Rank(rank).symbol + Suit(suit).symbol for suit in range(4) for rank in range(1, 14)
)
"""Each card's notation by index (``str(card)`` is read here: JSON writes thousands of cards)."""
_GLYPH_TEXTS: Final[tuple[str, ...]] = tuple(
    ("10" if rank == 10 else Rank(rank).symbol) + Suit(suit).glyph
    for suit in range(4)
    for rank in range(1, 14)
)
"""Each card with its suit symbol by index."""

FULL_MASK: Final = (1 << 52) - 1
"""The mask of the whole deck."""

_CARD_TEXT: Final[dict[str, Card]] = {}
for _card in DECK:
    for _rank_text in (_card.rank.symbol, *(["10"] if _card.rank == Rank.TEN else [])):
        for _suit_text, _suit in _SUIT_TEXT.items():
            if _suit == _card.suit:
                _CARD_TEXT[(_rank_text + _suit_text).lower()] = _card
del _card, _rank_text, _suit_text, _suit


def _iter_mask(mask: int) -> Iterator[Card]:
    deck = DECK
    while mask:
        low = mask & -mask
        yield deck[low.bit_length() - 1]
        mask ^= low


CardsLike: TypeAlias = Union["Hand", Iterable[Card], str]
"""What functions that take cards accept: a :class:`Hand`, any iterable of :class:`Card`, or
text such as ``"As 2s 3s"``."""


def to_mask(cards: CardsLike, *, what: str = "hand") -> int:
    """The bit mask of ``cards``, rejecting a card given twice.

    :param cards: a :class:`Hand`, an iterable of :class:`Card` or hand text.
    :param what: the word used for the value in error messages.
    :raises ParseError: for bad text.
    :raises InvalidHandError: for a card given twice or an element that is not a card.
    """
    if isinstance(cards, Hand):
        return cards.mask
    if isinstance(cards, str):
        return Hand.parse(cards).mask
    if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, Iterable):
        raise InvalidHandError(f"invalid {what}: {shown(cards)} is not cards (a hand, cards or text)")
    mask = 0
    for card in cast("Iterable[object]", cards):  # each element is checked here, not assumed
        if not isinstance(card, Card):
            raise InvalidHandError(f"invalid {what}: {shown(card)} is not a Card")
        bit = card.mask
        if mask & bit:
            raise InvalidHandError(f"invalid {what}: card {str(card)!r} appears twice")
        mask |= bit
    return mask


@attrs.frozen(init=False, repr=False, order=False)
class Hand:
    """An immutable set of cards, backed by a 52-bit integer (see the module's bit layout).

    A hand iterates in index order (clubs, diamonds, hearts, spades; ace to king within a
    suit), supports ``len``, ``in``, ``==``, ``hash`` and the set operators ``|``, ``&``, ``-``,
    ``^``, ``<=`` and ``<``. Its text is its cards separated by spaces.

    :param cards: a :class:`Hand`, an iterable of :class:`Card` or text; a card given twice
        is rejected.
    :raises ParseError: for bad text.
    :raises InvalidHandError: for a card given twice.

    >>> a, b = Hand.parse("As 2s 3s"), Hand.parse("3s Kh")
    >>> a | b
    Hand('Kh As 2s 3s')
    >>> str(a - b), str(a & b), len(a ^ b)
    ('As 2s', '3s', 3)
    >>> Hand.parse("As as")
    Traceback (most recent call last):
    ...
    ginrummy.errors.ParseError: invalid hand 'As as': card 'As' appears twice
    """

    mask: int
    """The bit mask: bit ``card.index`` is set for each card held."""

    def __init__(self, cards: CardsLike = ()) -> None:
        self.__attrs_init__(to_mask(cards))

    @classmethod
    def from_mask(cls, mask: int) -> Hand:
        """The hand whose bit mask is ``mask``.

        :raises InvalidHandError: when ``mask`` is not an integer from 0 to 2**52 - 1.
        """
        if not is_int(mask) or not 0 <= mask <= FULL_MASK:
            raise InvalidHandError(f"invalid hand mask {mask!r}: must be an integer from 0 to 2**52 - 1")
        return _hand(mask)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read cards separated by white space or commas, such as ``"As 2s 3s"``.

        :raises ParseError: naming the bad token, or the card given twice.
        """
        if not isinstance(text, str):
            raise ParseError(f"invalid hand {text!r}: expected text such as 'As 2s 3s'")
        mask = 0
        for token in text.replace(",", " ").split():
            try:
                bit = Card.parse(token).mask
            except ParseError as exc:
                raise ParseError(f"invalid hand {text!r}: {exc}") from None
            if mask & bit:
                raise ParseError(f"invalid hand {text!r}: card {str(Card.parse(token))!r} appears twice")
            mask |= bit
        return _hand(mask)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in index order."""
        return tuple(_iter_mask(self.mask))

    def points(self, ace_points: int = 1) -> int:
        """The total deadwood value of the cards, counting an ace as ``ace_points``."""
        return sum(ace_points if c.rank == 1 else c.rank.points for c in _iter_mask(self.mask))

    def add(self, card: Card) -> Hand:
        """A new hand with ``card`` added.

        :raises InvalidHandError: when the card is already held.
        """
        if self.mask & card.mask:
            raise InvalidHandError(f"cannot add {str(card)!r} to hand {str(self)!r}: already held")
        return _hand(self.mask | card.mask)

    def remove(self, card: Card) -> Hand:
        """A new hand without ``card``.

        :raises InvalidHandError: when the card is not held.
        """
        if not self.mask & card.mask:
            raise InvalidHandError(f"cannot remove {str(card)!r} from hand {str(self)!r}: not held")
        return _hand(self.mask & ~card.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        return _iter_mask(self.mask)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __or__(self, other: Hand) -> Hand:
        if not isinstance(other, Hand):
            return NotImplemented
        return _hand(self.mask | other.mask)

    def __and__(self, other: Hand) -> Hand:
        if not isinstance(other, Hand):
            return NotImplemented
        return _hand(self.mask & other.mask)

    def __sub__(self, other: Hand) -> Hand:
        if not isinstance(other, Hand):
            return NotImplemented
        return _hand(self.mask & ~other.mask)

    def __xor__(self, other: Hand) -> Hand:
        if not isinstance(other, Hand):
            return NotImplemented
        return _hand(self.mask ^ other.mask)

    def __le__(self, other: Hand) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self.mask & ~other.mask == 0

    def __lt__(self, other: Hand) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self.mask != other.mask and self.mask & ~other.mask == 0

    def __ge__(self, other: Hand) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return other.mask & ~self.mask == 0

    def __gt__(self, other: Hand) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self.mask != other.mask and other.mask & ~self.mask == 0

    def __str__(self) -> str:
        return " ".join(map(str, _iter_mask(self.mask)))

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def __format__(self, spec: str) -> str:
        """``format(hand, spec)``: as :meth:`Card.__format__`, each card with its suit symbol
        when the spec ends in ``g``.

        >>> format(Hand.parse("As Th"), "g")
        '10♥ A♠'
        """
        if spec.endswith("g"):
            return _formatted(" ".join(card.glyph_text for card in _iter_mask(self.mask)), spec, self)
        return _formatted(str(self), spec, self)


def _formatted(text: str, spec: str, value: object) -> str:
    """``text`` formatted with ``spec`` less its trailing ``g``, as a string would be."""
    try:
        return format(text, spec.removesuffix("g"))
    except ValueError:
        raise ParseError(
            f"invalid format spec {spec!r} for {value!r}: use string alignment and width, and 'g' "
            "for suit symbols"
        ) from None


def _hand(mask: int) -> Hand:
    """A hand from a mask known to be valid, without the checks of :meth:`Hand.from_mask`."""
    hand = new_instance(Hand)
    object.__setattr__(hand, "mask", mask)
    return hand
