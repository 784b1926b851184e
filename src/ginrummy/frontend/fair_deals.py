"""Provably fair deals: a table commits to each round's deck before the round, and reveals the
deck and the commitment's salt once the round is over, so a person can check that the cards
dealt were fixed before anyone played (:func:`ginrummy.verify_deal`).

A table holds one secret, its *deal secret* (32 bytes from :mod:`secrets`, as hexadecimal),
and the salt of round ``n`` is HMAC-SHA256 of the round's label under that secret
(:func:`round_salt`): as unpredictable as a fresh draw for each round, revealed one round at a
time (a revealed salt tells nothing of the others), and the same after a take-back or a
resume, so a round dealt again has the same commitment. The commitment is
:func:`ginrummy.commit_deal` of the round's deck (top first) and its salt.

A :class:`RoundDeal` is one round's entry in the table's log: its commitment, and once the
round is over its deck and salt, checked against the commitment when it is built (from the
session or from a file): a tampered reveal cannot be built. :func:`deal_log` writes the
entries as a JSON document (``{"format": "ginrummy-deals", "version": 1, "deals": [...]}``)
that ``ginrummy verify`` reads back (:func:`read_deal_log`).

>>> from ginrummy import DECK, commit_deal
>>> secret = "00" * 32
>>> salt = round_salt(secret, 1)
>>> entry = RoundDeal(number=1, commitment=commit_deal(DECK, salt), deck=DECK, salt=salt)
>>> entry.revealed, RoundDeal.from_json(entry.to_json()) == entry
(True, True)
>>> RoundDeal(number=1, commitment=entry.commitment).revealed
False
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ginrummy.cards import Card
from ginrummy.dealing import commit_deal, deck_notation, verify_deal
from ginrummy.errors import CommitmentError, GinRummyError, SerializationError
from ginrummy.play.game import Game
from ginrummy.validators import is_int

__all__ = [
    "DEALS_FORMAT",
    "RoundDeal",
    "check_secret",
    "deal_log",
    "game_deals",
    "read_deal_log",
    "round_deal",
    "round_salt",
]

DEALS_FORMAT = "ginrummy-deals"
"""The ``format`` of a deal log document."""
_VERSION = 1
_HEX = frozenset("0123456789abcdef")


def check_secret(value: object, where: str = "session") -> str:
    """``value`` if it is a deal secret: 64 lowercase hexadecimal digits.

    :raises CommitmentError: naming ``where``, for anything else.
    """
    if not isinstance(value, str) or len(value) != 64 or not set(value) <= _HEX:
        raise CommitmentError(
            f"invalid {where}: 'deal_secret' must be 64 lowercase hexadecimal digits (got a "
            f"{type(value).__name__} of length {len(value) if isinstance(value, str) else '?'})",
            field="deal_secret",
        )
    return value


def round_salt(secret: str, number: int) -> str:
    """The salt of round ``number`` (1 for the first) under a table's deal secret.

    >>> round_salt("00" * 32, 1) == round_salt("00" * 32, 1) != round_salt("00" * 32, 2)
    True
    """
    label = f"ginrummy deal salt {number}".encode("ascii")
    return hmac.new(bytes.fromhex(check_secret(secret)), label, hashlib.sha256).hexdigest()


def _deck(value: object) -> tuple[Card, ...] | None:
    if value is None:
        return None
    if isinstance(value, str):
        return tuple(Card.parse(word) for word in value.split())
    if isinstance(value, Iterable):
        return tuple(value)
    raise CommitmentError(f"invalid deal: 'deck' must be 52 cards or None (got {value!r:.40})", field="deck")


@attrs.frozen(kw_only=True)
class RoundDeal:
    """One round's deal as a table publishes it: the commitment before the round; the deck and
    the salt after it (both, or neither while the round is in play).

    :raises CommitmentError: for a number that is not a round's, a commitment, deck or salt not
        written as one, a deck without its salt, or a reveal that is not what the commitment
        committed to (a tampered reveal).

    >>> from ginrummy import DECK, commit_deal
    >>> salt = "ab" * 32
    >>> commitment = commit_deal(DECK, salt)
    >>> RoundDeal(number=2, commitment=commitment, deck=DECK[::-1], salt=salt)
    Traceback (most recent call last):
    ...
    ginrummy.errors.CommitmentError: round 2: deal not verified: the commitment
    '6845f1aa4bbf1996...' is not SHA-256 of this salt and deck: the deck or the salt was
    changed since the commitment
    """

    number: int
    """The round's number, 1 for the first."""
    commitment: str
    """SHA-256 of the salt and the deck, published before the round (64 hexadecimal digits)."""
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_deck)
    """The deck dealt, top first, once the round is over; None before."""
    salt: str | None = None
    """The round's salt, once the round is over; None before."""

    def __attrs_post_init__(self) -> None:
        if not is_int(self.number) or self.number < 1:
            raise CommitmentError(
                f"invalid deal: 'number' must be a round's number, 1 or more (got {self.number!r:.40})",
                field="number",
            )
        if (self.deck is None) != (self.salt is None):
            raise CommitmentError(
                f"invalid deal of round {self.number}: a reveal gives both the deck and the salt",
                field="salt",
            )
        if self.deck is None or self.salt is None:
            verify_form(self.commitment)
            return
        try:
            verify_deal(self.commitment, self.deck, self.salt)
        except CommitmentError as exc:
            raise CommitmentError(f"round {self.number}: {exc}", field=exc.field) from None

    @property
    def revealed(self) -> bool:
        """Whether the deck and the salt are revealed (the round is over)."""
        return self.deck is not None

    def to_json(self) -> dict[str, Any]:
        """This entry as JSON data: ``number``, ``commitment``, and ``deck`` (its notation) and
        ``salt`` once revealed."""
        data: dict[str, Any] = {"number": self.number, "commitment": self.commitment}
        if self.deck is not None:
            data["deck"] = deck_notation(self.deck)
            data["salt"] = self.salt
        return data

    @classmethod
    def from_json(cls, data: object) -> RoundDeal:
        """The entry :meth:`to_json` wrote, checked as the constructor checks it.

        :raises CommitmentError: for a tampered reveal or a value not written as one.
        :raises SerializationError: for data that is not an entry's shape.
        """
        if not isinstance(data, dict) or not {"number", "commitment"} <= set(data) <= _KEYS:
            raise SerializationError(
                f"invalid deal log entry {data!r:.80}: expected an object with 'number' and "
                "'commitment', and 'deck' and 'salt' once revealed"
            )
        try:
            return cls(
                number=data["number"],
                commitment=data["commitment"],
                deck=data.get("deck"),
                salt=data.get("salt"),
            )
        except CommitmentError:
            raise
        except GinRummyError as exc:
            raise CommitmentError(f"deal not verified: round {data['number']!r:.20}: {exc}") from None


_KEYS = {"number", "commitment", "deck", "salt"}


def verify_form(commitment: object) -> None:
    """Check that ``commitment`` is written as one (64 hexadecimal digits).

    :raises CommitmentError: naming the value.
    """
    text = commitment.lower() if isinstance(commitment, str) else None
    if text is None or len(text) != 64 or not set(text) <= _HEX:
        raise CommitmentError(
            f"deal not verified: the commitment {commitment!r:.80} is not 64 hexadecimal digits",
            field="commitment",
        )


def round_deal(game: Game, secret: str, number: int) -> RoundDeal:
    """Round ``number`` (1 for the first) of ``game`` as a table with the deal secret
    ``secret`` publishes it: its commitment, and its deck and salt once the round is over.

    >>> import ginrummy as gr
    >>> game = gr.Game.new(gr.PAGAT, seed=1)
    >>> deal = round_deal(game, "00" * 32, 1)
    >>> deal.revealed, deal.commitment == gr.commit_deal(game.decks[0], round_salt("00" * 32, 1))
    (False, True)
    """
    deck = game.decks[number - 1]
    salt = round_salt(secret, number)
    commitment = commit_deal(deck, salt)
    if number <= len(game.results):
        return RoundDeal(number=number, commitment=commitment, deck=deck, salt=salt)
    return RoundDeal(number=number, commitment=commitment)


def game_deals(game: Game, secret: str) -> tuple[RoundDeal, ...]:
    """Every round dealt so far in ``game`` (:func:`round_deal`), the first first.

    >>> import ginrummy as gr
    >>> len(game_deals(gr.Game.new(gr.PAGAT, seed=1), "00" * 32))
    1
    """
    return tuple(round_deal(game, secret, number) for number in range(1, len(game.decks) + 1))


def deal_log(deals: Sequence[RoundDeal]) -> str:
    """The deal log of a game: every round's commitment, and the deck and salt of those over,
    as a JSON document.

    >>> print(deal_log([]))
    {"format": "ginrummy-deals", "version": 1, "deals": []}
    """
    return json.dumps({"format": DEALS_FORMAT, "version": _VERSION, "deals": [d.to_json() for d in deals]})


def read_deal_log(text: str) -> tuple[RoundDeal, ...]:
    """The entries of a deal log (:func:`deal_log`), every reveal checked against its
    commitment.

    :raises SerializationError: for text that is not a deal log.
    :raises CommitmentError: for a reveal that is not what its round's commitment committed
        to, naming the round.

    >>> text = '{"format": "ginrummy-deals", "version": 1, "deals": [{"number": 1, '
    >>> text += '"commitment": "' + "0" * 64 + '"}]}'
    >>> [(d.number, d.revealed) for d in read_deal_log(text)]
    [(1, False)]
    """
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        raise SerializationError(f"invalid deal log: not JSON: {text[:40]!r}") from None
    if not isinstance(document, dict) or document.get("format") != DEALS_FORMAT:
        raise SerializationError(f"invalid deal log: not a {DEALS_FORMAT} document")
    if document.get("version") != _VERSION or not isinstance(document.get("deals"), list):
        raise SerializationError(
            f"invalid deal log: unknown version {document.get('version')!r:.20} or no list of deals"
        )
    return tuple(RoundDeal.from_json(entry) for entry in document["deals"])
