"""The exceptions of ``ginrummy``: one class per failure mode.

Every exception derives from :class:`GinRummyError` and from :class:`ValueError`, so callers
may catch either. Messages are lowercase, quote the offending value with ``repr`` and say why
it was rejected.

>>> import ginrummy as gr
>>> try:
...     gr.Card.parse("Zz")
... except gr.GinRummyError as exc:
...     print(exc)
invalid card 'Zz': unknown rank 'Z'
"""

from __future__ import annotations

__all__ = [
    "GinRummyError",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidPositionError",
    "InvalidResultError",
    "InvalidRulesetError",
    "ParseError",
    "SerializationError",
]


class GinRummyError(ValueError):
    """The base class of every error raised by ``ginrummy``."""


class ParseError(GinRummyError):
    """Text that is not valid notation (a card, a hand, a meld, an action)."""


class InvalidCardError(GinRummyError):
    """A rank or suit outside the deck, given to a constructor rather than as text."""


class InvalidHandError(GinRummyError):
    """A collection of cards that cannot form a hand, such as one holding a card twice."""


class InvalidMeldError(GinRummyError):
    """Cards that do not form a set or a run."""


class InvalidRulesetError(GinRummyError):
    """A ruleset field with a value outside its domain, or fields that contradict each other."""


class InvalidPositionError(GinRummyError):
    """A round position that cannot occur: cards missing or twice, wrong counts, bad phase."""


class InvalidResultError(GinRummyError):
    """A round or game result whose fields contradict each other."""


class IllegalActionError(GinRummyError):
    """An action that the rules do not allow in the current state."""


class SerializationError(GinRummyError):
    """JSON text that does not describe a valid ``ginrummy`` value."""
