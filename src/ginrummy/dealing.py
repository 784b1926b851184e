"""The deal (docs/rules.rst §2): how 52 cards in dealing order become two hands, the initial
upcard and the stock, and back.

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

from collections.abc import Iterable, Sequence
from typing import Final

from ginrummy.cards import FULL_MASK, Card, Hand, _hand, to_mask
from ginrummy.errors import GinRummyError, InvalidPositionError

__all__ = ["HAND_SIZE", "STOCK_AT_DEAL", "check_deck", "deal", "deck_of"]

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
