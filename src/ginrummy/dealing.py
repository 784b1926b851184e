"""The deal (docs/rules.rst §2): how 52 cards in dealing order become two hands, the initial
upcard and the stock, and back; and the commitment that proves a deal fair.

Ten cards each, one at a time, the non-dealer first; the 21st card is turned up as the
initial upcard; the other 31 are the stock, the 22nd card on top.

>>> from ginrummy.cards import DECK
>>> hands, upcard, stock = deal(DECK, dealer=0)
>>> str(hands[1])[:8], str(upcard), str(stock[-1]), len(stock)
('Ac 3c 5c', '8d', '9d', 31)
>>> deck_of(hands, upcard, stock, dealer=0) == list(DECK)
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from ginrummy.cards import FULL_MASK, Card, Hand, _hand, to_mask
from ginrummy.errors import CommitmentError, GinRummyError, InvalidPositionError

__all__ = [
    "HAND_SIZE",
    "STOCK_AT_DEAL",
    "check_deck",
    "commit_deal",
    "deal",
    "deal_salt",
    "deck_notation",
    "deck_of",
    "verify_deal",
]

HAND_SIZE: Final = 10
"""Cards dealt to each player."""

STOCK_AT_DEAL = 52 - 2 * HAND_SIZE - 1
"""The stock's size right after the deal (31)."""


def deal(deck: Sequence[Card], dealer: int) -> tuple[tuple[Hand, Hand], Card, tuple[Card, ...]]:
    """The hands (by player), the initial upcard and the stock (bottom to top) dealt from
    ``deck`` (52 cards, top first) by ``dealer``."""
    first = 1 - dealer
    masks = [0, 0]
    for i in range(2 * HAND_SIZE):
        masks[first if i % 2 == 0 else dealer] |= deck[i].mask
    return (_hand(masks[0]), _hand(masks[1])), deck[2 * HAND_SIZE], tuple(reversed(deck[2 * HAND_SIZE + 1 :]))


def deck_of(hands: Sequence[Hand], upcard: Card, stock: Sequence[Card], dealer: int) -> list[Card]:
    """A deck (top first) that :func:`deal` deals into ``hands``, ``upcard`` and ``stock``
    (bottom to top): each hand's cards in card order, alternately from the non-dealer's."""
    first = 1 - dealer
    order = [list(hands[first]), list(hands[dealer])]
    deck = [order[i % 2][i // 2] for i in range(2 * HAND_SIZE)]
    deck.append(upcard)
    deck.extend(reversed(stock))
    return deck


def check_deck(deck: object, field: str = "deck") -> list[Card]:
    """``deck`` as a list if it holds the 52 cards, each once.

    :raises InvalidPositionError: naming ``field``, the count and the cards missing.
    """
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Iterable):
        raise InvalidPositionError(f"invalid {field} {deck!r:.80}: expected 52 cards", field=field)
    cards = list(deck)
    try:
        mask = to_mask(cards, what=field)
    except GinRummyError as exc:
        raise InvalidPositionError(str(exc), field=field) from None
    if mask != FULL_MASK or len(cards) != 52:
        missing = Hand.from_mask(FULL_MASK & ~mask)
        raise InvalidPositionError(
            f"invalid {field}: {len(cards)} cards, missing {str(missing)!r}", field=field
        )
    return cards


# ---------------------------------------------------------------- provably fair deals

_HEX64 = re.compile(r"[0-9a-f]{64}")


def deal_salt() -> str:
    """A fresh secret salt for :func:`commit_deal`: 32 random bytes from :mod:`secrets`, as 64
    lowercase hexadecimal digits.

    >>> len(deal_salt()), deal_salt() == deal_salt()
    (64, False)
    """
    import secrets  # the hashing modules are imported by the commitments, not by every deal

    return secrets.token_hex(32)


def _hex64(value: object, what: str) -> str:
    """``value`` as 64 lowercase hexadecimal digits (a SHA-256 or a salt), else the error."""
    text = value.strip().lower() if isinstance(value, str) else None
    if text is None or not _HEX64.fullmatch(text):
        raise CommitmentError(
            f"deal not verified: the {what} {value!r:.80} is not 64 hexadecimal digits", field=what
        )
    return text


def _deck(deck: object) -> list[Card]:
    """``deck`` (52 cards, top first, or their notation) as cards, else the error."""
    try:
        cards = [Card.parse(word) for word in deck.split()] if isinstance(deck, str) else deck
        return check_deck(cards)
    except GinRummyError as exc:
        raise CommitmentError(f"deal not verified: {exc}", field="deck") from None


def deck_notation(deck: Iterable[Card]) -> str:
    """A deck (top first) in the notation a commitment hashes: its cards, one space apart.

    >>> from ginrummy.cards import DECK
    >>> deck_notation(DECK)[:14]
    'Ac 2c 3c 4c 5c'
    """
    return " ".join(str(card) for card in deck)


def commit_deal(deck: Iterable[Card] | str, salt: str) -> str:
    """The commitment to a deck a table publishes before its round: SHA-256, in lowercase
    hexadecimal, of the salt (64 hexadecimal digits), one space and the deck's notation
    (:func:`deck_notation`, top card first), as ASCII. Anyone can check it without the
    library: ``printf '%s %s' "$SALT" "$DECK" | sha256sum``.

    Without the salt the commitment tells nothing of the deck (the salt is 256 secret random
    bits, so no deck can be tried against it); with it, no other deck has the same commitment
    (finding one would break SHA-256).

    :param deck: the 52 cards in dealing order, top first, or their notation.
    :param salt: the round's secret salt (:func:`deal_salt`).
    :raises CommitmentError: for a deck that is not the 52 cards, or a salt that is not 64
        hexadecimal digits.

    >>> from ginrummy.cards import DECK
    >>> commit_deal(DECK, "00" * 32)[:16]
    '7d9a0f0d0b9e0013'
    """
    import hashlib

    text = f"{_hex64(salt, 'salt')} {deck_notation(_deck(deck))}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def verify_deal(commitment: str, deck: Iterable[Card] | str, salt: str) -> tuple[Card, ...]:
    """Check that ``deck`` and ``salt``, revealed after a round, are what ``commitment``
    (published before it) committed to; return the deck.

    :param commitment: the published commitment (:func:`commit_deal`), 64 hexadecimal digits.
    :param deck: the deck dealt, top first: cards or their notation.
    :param salt: the revealed salt.
    :returns: the deck, as cards.
    :raises CommitmentError: when the commitment is not that of this deck and salt (the deck
        or the salt was changed since), or a value is not written as one.

    >>> from ginrummy.cards import DECK
    >>> salt = "ab" * 32
    >>> verify_deal(commit_deal(DECK, salt), DECK, salt)[:2]
    (Card('Ac'), Card('2c'))
    """
    import hmac

    expected = _hex64(commitment, "commitment")
    cards = _deck(deck)
    if not hmac.compare_digest(expected, commit_deal(cards, salt)):
        raise CommitmentError(
            f"deal not verified: the commitment {expected[:16] + '...'!r} is not SHA-256 of this salt "
            "and deck: the deck or the salt was changed since the commitment",
            field="deck",
        )
    return tuple(cards)
