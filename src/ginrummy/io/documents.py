"""JSON for every public value, validated on load.

:func:`dumps` writes an envelope ``{"format": "ginrummy", "version": 1, "type": ..., "data":
...}``; cards are written as their text (``"As"``), hands and melds as lists of cards, actions
in their notation (``"k Kh"``). :func:`loads` trusts nothing: unknown or missing fields, wrong
types, a card twice, a meld that is no meld, a ruleset field out of range, an unknown version,
and - for rounds and games - any state that its own replay does not reproduce are rejected
with a :class:`~ginrummy.SerializationError` that says where (``round.state.hands[1]: ...``).

Rounds and games are stored as what determines them (the ruleset, the deal or starting
position, the actions) plus their current state, which ``loads`` checks against the replay.

>>> import ginrummy as gr
>>> gr.dumps(gr.Card.parse("As"))
'{"format": "ginrummy", "version": 1, "type": "Card", "data": "As"}'
>>> r = gr.Round.deal(gr.PAGAT, seed=3).apply(gr.PassUpcard())
>>> gr.loads(gr.dumps(r)) == r
True
>>> gr.loads('{"format": "ginrummy", "version": 1, "type": "Hand", "data": ["As", "As"]}')
Traceback (most recent call last):
...
ginrummy.errors.SerializationError: hand[1]: card 'As' appears twice
"""

from __future__ import annotations

from typing import Any

from ginrummy.errors import GinRummyError, SerializationError
from ginrummy.io.json_reader import READERS, fail, read_object
from ginrummy.io.json_writer import encode

__all__ = ["FORMAT", "FORMAT_VERSION", "MAX_DOCUMENT", "dumps", "from_data", "loads", "to_data"]

FORMAT = "ginrummy"
"""The ``format`` tag of every document."""
FORMAT_VERSION = 1
"""The version :func:`dumps` writes; :func:`loads` reads only the versions it knows."""
KNOWN_VERSIONS = frozenset({1})
"""The versions :func:`loads` accepts."""
MAX_DOCUMENT = 64 * 1024 * 1024
"""The longest text :func:`loads` reads by default (64 MiB, in characters or bytes): a record
of 1,000 rounds takes about 0.7 MB. Longer text is refused before it is parsed."""


MAX_DEPTH = 64
"""The deepest nesting of arrays and objects :func:`loads` reads (the deepest document the
library writes, a game view, nests about a dozen levels). Deeper text is refused the same way
on every Python, whether or not its JSON parser would have recursed too deep."""

_TOO_DEEP = f"not JSON this library reads: arrays and objects nested deeper than {MAX_DEPTH}"


def _depth(document: object) -> int:
    """How deeply ``document`` nests arrays and objects (iteratively: no recursion limit)."""
    deepest = 0
    pending: list[tuple[object, int]] = [(document, 0)]
    while pending:
        value, level = pending.pop()
        if isinstance(value, (list, dict)):
            level += 1
            if level > deepest:
                deepest = level
                if deepest > MAX_DEPTH:
                    break
            pending.extend((item, level) for item in (value.values() if isinstance(value, dict) else value))
    return deepest


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (JSON itself keeps the last silently)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise SerializationError(
                f"not JSON this library reads: the key {key!r:.80} appears twice in an object"
            )
        data[key] = value
    return data


def to_data(obj: object) -> dict[str, Any]:
    """The document of a public value as Python data (dicts, lists, strings, numbers, None):
    what :func:`dumps` writes as text, for a caller that holds data (a web framework's JSON
    response, a message queue, another document).

    :raises SerializationError: for a value that is not a public ``ginrummy`` value.

    >>> import ginrummy as gr
    >>> gr.to_data(gr.Card.parse("As"))
    {'format': 'ginrummy', 'version': 1, 'type': 'Card', 'data': 'As'}
    """
    kind, data = encode(obj)
    return {"format": FORMAT, "version": FORMAT_VERSION, "type": kind, "data": data}


def dumps(obj: object, *, indent: int | None = None) -> str:
    """The JSON text of a public value: a card, hand, meld, ruleset, action, event,
    arrangement, layoff plan, round result, game result, round, game, game record, player view
    or game view, and the results of simulations (a tally, a simulation report, a comparison,
    a ladder); the text of :func:`to_data`.

    :param indent: passed to :func:`json.dumps` for readable output.
    :raises SerializationError: for any other value.

    >>> import ginrummy as gr
    >>> gr.dumps(gr.Meld.parse("7c 8c 9c"))
    '{"format": "ginrummy", "version": 1, "type": "Meld", "data": ["7c", "8c", "9c"]}'
    >>> gr.dumps(gr.parse_action("k Kh"))
    '{"format": "ginrummy", "version": 1, "type": "Action", "data": "k Kh"}'
    """
    import json  # the standard library's JSON: imported by the first document written or read

    return json.dumps(to_data(obj), indent=indent, ensure_ascii=False)


def loads(text: str | bytes, *, max_size: int = MAX_DOCUMENT) -> Any:
    """The value that :func:`dumps` wrote, validated in full.

    :param max_size: the longest text read (:data:`MAX_DOCUMENT` by default); longer text is
        refused at once, so memory and time stay proportional to what is read.
    :raises SerializationError: for text that is not JSON (or has a key twice in an object, or
        nests arrays and objects deeper than :data:`MAX_DEPTH`),
        longer than ``max_size``, not a ``ginrummy`` document, of an unknown version or type, or
        whose value is inconsistent; the message says where.

    >>> import ginrummy as gr
    >>> gr.loads(gr.dumps(gr.PAGAT)) == gr.PAGAT
    True
    >>> gr.loads('{"format": "ginrummy", "version": 1, "type": "Card", "data": "Zz"}')
    Traceback (most recent call last):
    ...
    ginrummy.errors.SerializationError: card: invalid card 'Zz': unknown rank 'Z'
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise SerializationError(f"expected JSON text, got {type(text).__name__}")
    if len(text) > max_size:
        raise SerializationError(f"document of {len(text)} characters: longer than the limit {max_size}")
    import json

    try:
        document = json.loads(text, object_pairs_hook=_unique_keys)
    except SerializationError:
        raise
    except RecursionError:  # the parser of some Pythons recurses once per level
        raise SerializationError(_TOO_DEEP) from None
    except ValueError as exc:
        raise SerializationError(f"not JSON: {str(exc)[:200]}") from None
    return from_data(document)


def from_data(document: object) -> Any:
    """The value of a document held as Python data (what :func:`to_data` gives, or JSON
    parsed by someone else), validated in full as :func:`loads` validates text.

    :raises SerializationError: for data that is not a ``ginrummy`` document (or nests
        deeper than :data:`MAX_DEPTH`), of an unknown version or type, or whose value is
        inconsistent; the message says where.

    >>> import ginrummy as gr
    >>> gr.from_data(gr.to_data(gr.PAGAT)) == gr.PAGAT
    True
    >>> bad = {"format": "ginrummy", "version": 1, "type": "Hand", "data": ["As", "As"]}
    >>> gr.from_data(bad)
    Traceback (most recent call last):
    ...
    ginrummy.errors.SerializationError: hand[1]: card 'As' appears twice
    """
    if _depth(document) > MAX_DEPTH:
        raise SerializationError(_TOO_DEEP)
    envelope = read_object(document, "document", ["format", "version", "type", "data"])
    if envelope["format"] != FORMAT:
        raise fail("document.format", f"expected {FORMAT!r}, got {envelope['format']!r}")
    version = envelope["version"]
    if type(version) is not int or version not in KNOWN_VERSIONS:
        raise fail("document.version", f"unknown version {version!r} (known: {sorted(KNOWN_VERSIONS)})")
    kind = envelope["type"]
    reader = READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise fail("document.type", f"unknown type {kind!r} (known: {', '.join(READERS)})")
    path = kind[0].lower() + kind[1:]
    try:
        return reader(envelope["data"], path)
    except SerializationError:
        raise
    except GinRummyError as exc:
        raise fail(path, str(exc)) from None
    except RecursionError:
        raise fail(path, "nested too deeply") from None
