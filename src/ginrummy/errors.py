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
    "CacheWarning",
    "CommitmentError",
    "GinRummyError",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidPositionError",
    "InvalidResultError",
    "InvalidRulesetError",
    "ModelFileError",
    "ParseError",
    "SerializationError",
]


class GinRummyError(ValueError):
    """The base class of every error raised by ``ginrummy``.

    >>> import ginrummy as gr
    >>> issubclass(gr.ParseError, GinRummyError), issubclass(GinRummyError, ValueError)
    (True, True)
    >>> try:
    ...     gr.make_bot("minimax")
    ... except GinRummyError as exc:
    ...     print(exc)
    unknown bot 'minimax': known bots are random, greedy, tracker, adaptive,
    montecarlo, eaai-simple, learned, camper, level, or module:Class

    :param message: what was rejected and why.
    :param field: the field of the value being built that the message is about (``'winner'``,
        ``'totals[0]'``), when there is one; the JSON reader adds it to the path it reports.
    """

    field: str | None
    """The field the error is about, or None."""

    def __init__(self, message: str = "", *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class ParseError(GinRummyError):
    """Text that is not valid notation (a card, a hand, a meld, an action).

    >>> import ginrummy as gr
    >>> gr.parse_action("fold")
    Traceback (most recent call last):
    ...
    ginrummy.errors.ParseError: invalid action 'fold': unknown action 'fold'
    """


class InvalidCardError(GinRummyError):
    """A rank or suit outside the deck, given to a constructor rather than as text.

    >>> import ginrummy as gr
    >>> gr.Card(14, 0)
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidCardError: invalid rank 14: must be a Rank or an integer
    from 1 to 13
    """


class InvalidHandError(GinRummyError):
    """A collection of cards that cannot form a hand, such as one holding a card twice.

    >>> import ginrummy as gr
    >>> gr.Hand([gr.Card("As"), gr.Card("As")])
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidHandError: invalid hand: card 'As' appears twice
    """


class InvalidMeldError(GinRummyError):
    """Cards that do not form a set or a run.

    >>> import ginrummy as gr
    >>> gr.Meld.parse("7c 8c")
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidMeldError: invalid meld '7c 8c': 2 cards, a meld needs
    at least 3
    """


class InvalidRulesetError(GinRummyError):
    """A ruleset field with a value outside its domain, or fields that contradict each other.

    >>> import ginrummy as gr
    >>> gr.PAGAT.evolve(knock=3)
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidRulesetError: invalid ruleset: unknown field 'knock'
    """


class InvalidPositionError(GinRummyError):
    """A round position that cannot occur: cards missing or twice, wrong counts, bad phase.

    >>> import ginrummy as gr
    >>> gr.Round.deal(gr.PAGAT, dealer=2)
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidPositionError: invalid dealer 2: must be 0 or 1
    """


class InvalidResultError(GinRummyError):
    """A round or game result whose fields contradict each other.

    >>> import ginrummy as gr
    >>> gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=2)
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidResultError: invalid round result: 'winner' must be 0, 1
    or None (got 2)
    """


class IllegalActionError(GinRummyError):
    """An action that the rules do not allow in the current state.

    >>> import ginrummy as gr
    >>> try:
    ...     gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.DrawStock())
    ... except gr.IllegalActionError as exc:
    ...     print(exc)
    illegal action DrawStock() for player 1 in phase UPCARD_OFFER: the upcard offer
    allows only taking or passing

    For a bug report, :attr:`notation` is the one-line notation of the position the action was
    refused in (never part of the message, which a player may be shown: it would name the
    cards that player cannot see)::

        >>> try:
        ...     gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.DrawStock())
        ... except gr.IllegalActionError as exc:
        ...     gr.Round.from_notation(exc.notation).phase
        <Phase.UPCARD_OFFER: 'upcard-offer'>

    :param round: the round the action was refused in, if any.
    """

    def __init__(self, message: str = "", *, field: str | None = None, round: object = None) -> None:
        super().__init__(message, field=field)
        self.round = round
        """The round the action was refused in, or None."""

    @property
    def notation(self) -> str | None:
        """The notation of the position the action was refused in (see
        :meth:`ginrummy.Round.notation`), or None when the error has no round."""
        notation = getattr(self.round, "notation", None)
        return None if notation is None else str(notation())


class SerializationError(GinRummyError):
    """JSON text that does not describe a valid ``ginrummy`` value.

    >>> import ginrummy as gr
    >>> gr.loads('{"format": "ginrummy", "version": 2, "type": "Card", "data": "As"}')
    Traceback (most recent call last):
    ...
    ginrummy.errors.SerializationError: document.version: unknown version 2 (known: [1])
    """


class CommitmentError(GinRummyError):
    """A revealed deal that is not the one committed to before the round: the deck or the salt
    changed since the commitment, or a commitment, deck or salt that is not written as one.

    >>> import ginrummy as gr
    >>> gr.verify_deal("00" * 32, gr.DECK, "ab" * 32)
    Traceback (most recent call last):
    ...
    ginrummy.errors.CommitmentError: deal not verified: the commitment
    '0000000000000000...' is not SHA-256 of this salt and deck: the deck or the salt was
    changed since the commitment
    """


class ModelFileError(GinRummyError):
    """A learned model's file that cannot be used (missing, not JSON, of another format
    version, with a missing or wrong field, weights of the wrong shape), or a network built in
    memory that could not be written to one.

    >>> import ginrummy as gr
    >>> from ginrummy.neural.model_file import parse_model
    >>> text = b'{"format": "ginrummy-model", "format_version": 2}'
    >>> parse_model(text, source="belief.json")
    Traceback (most recent call last):
    ...
    ginrummy.errors.ModelFileError: invalid model file 'belief.json':
    unknown format_version 2 (known: [1])
    """


class CacheWarning(UserWarning):
    """A cached file could not be trusted (unreadable, written for other rules or by another
    version of the library) and is being rebuilt, or could not be written.

    A warning, not an error: the library goes on without the cache.

    >>> import ginrummy as gr
    >>> issubclass(gr.CacheWarning, UserWarning)
    True
    >>> issubclass(gr.CacheWarning, gr.GinRummyError)
    False
    """
