"""Parsing JSON data strictly: exact object fields, JSON types, canonical card text.

The readers of :mod:`ginrummy.io.json_reader` build every value from these. Each helper takes the
value and its path in the document (``round.state.hands[1]``), and a rejection names the path
first, then the reason.

>>> card_list(["As", "2s"], "hand")
[Card('As'), Card('2s')]
>>> try:
...     card_list(["As", "as"], "hand")
... except SerializationError as exc:
...     print(exc)
hand[1]: card 'as' is not written canonically (expected 'As')
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from ginrummy.cards import Card, Hand
from ginrummy.errors import GinRummyError, SerializationError
from ginrummy.melds import Meld
from ginrummy.validators import is_flag, is_int

__all__ = [
    "as_bool",
    "as_int",
    "as_list",
    "as_str",
    "card",
    "card_list",
    "check_figures",
    "construct",
    "enum_value",
    "fail",
    "hand",
    "kind",
    "layoff_list",
    "meld",
    "meld_list",
    "optional",
    "pair",
    "player",
    "read_object",
]

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")


def fail(path: str, message: str) -> SerializationError:
    """The error for a rejected value: the path first, then the reason."""
    return SerializationError(f"{path}: {message}")


def construct(path: str, factory: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``factory(*args, **kwargs)``, its validation errors reported at ``path`` (and at the
    field they name, when they name one)."""
    try:
        return factory(*args, **kwargs)
    except SerializationError:
        raise
    except GinRummyError as exc:
        where = path if exc.field is None else f"{path}.{exc.field}"
        raise fail(where, str(exc)) from None


def read_object(value: object, path: str, fields: Iterable[str]) -> dict[str, Any]:
    """A JSON object with exactly ``fields``."""
    if not isinstance(value, dict):
        raise fail(path, f"expected an object, got {kind(value)}")
    wanted = list(fields)
    for name in value:
        if name not in wanted:
            raise fail(path, f"unknown field {name!r:.80}")
    for name in wanted:
        if name not in value:
            raise fail(path, f"missing field {name!r}")
    return value


def kind(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "a string", type(None): "null"}
    if is_flag(value):
        return f"a boolean ({value!r})"
    if isinstance(value, (int, float)):
        return f"a number ({str(value)[:40]})"
    return names.get(type(value), type(value).__name__)


def as_list(value: object, path: str, length: int | None = None) -> list[Any]:
    """A JSON array (of ``length`` items, when given)."""
    if not isinstance(value, list):
        raise fail(path, f"expected a list, got {kind(value)}")
    if length is not None and len(value) != length:
        raise fail(path, f"expected {length} items, got {len(value)}")
    return value


def as_int(value: object, path: str, low: int | None = None, high: int | None = None) -> int:
    if not is_int(value):
        raise fail(path, f"expected an integer, got {kind(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise fail(path, f"{str(value)[:40]} is out of range ({span})")
    return value


def as_bool(value: object, path: str) -> bool:
    if not is_flag(value):
        raise fail(path, f"expected true or false, got {kind(value)}")
    return value


def as_str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise fail(path, f"expected a string, got {kind(value)}")
    return value


FIGURE_TOLERANCE = 2e-6
"""How far a stored figure may be from the one its counts give: the 6 decimals figures are
written with, and a last bit of floating point that may differ between platforms."""


def check_figures(stored: object, computed: object, path: str) -> None:
    """That ``stored`` (a document's figures: objects, lists, numbers, strings, null) is
    ``computed`` from the counts beside them: the same keys and lengths, the same strings,
    integers and nulls, numbers within :data:`FIGURE_TOLERANCE`. A document's figures are for
    people and other programs; the counts decide, as a round's replay decides its state.

    :raises SerializationError: at the path of the first figure that differs.
    """
    if isinstance(computed, dict):
        found = read_object(stored, path, computed)
        for key, value in computed.items():
            check_figures(found[key], value, f"{path}.{key}")
    elif isinstance(computed, list):
        items = as_list(stored, path, len(computed))
        for index, value in enumerate(computed):
            check_figures(items[index], value, f"{path}[{index}]")
    elif isinstance(computed, float):
        number = stored if isinstance(stored, (int, float)) and not is_flag(stored) else None
        if number is None or not math.isclose(number, computed, rel_tol=1e-9, abs_tol=FIGURE_TOLERANCE):
            raise fail(path, f"{stored!r:.40} is not the figure its counts give ({computed!r})")
    elif stored != computed or type(stored) is not type(computed):
        raise fail(path, f"{stored!r:.40} is not the figure its counts give ({computed!r})")


def optional(value: object, path: str, read: Callable[[object, str], T]) -> T | None:
    return None if value is None else read(value, path)


def player(value: object, path: str) -> int:
    return as_int(value, path, 0, 1)


def enum_value(kind: type[E], value: object, path: str) -> E:
    text = as_str(value, path)
    for member in kind:
        if member.value == text:
            return member
    known = ", ".join(repr(m.value) for m in kind)
    raise fail(path, f"unknown {kind.__name__} {text!r:.80} (known: {known})")


def card(value: object, path: str) -> Card:
    parsed = construct(path, Card.parse, as_str(value, path))
    if value != str(parsed):
        raise fail(path, f"card {value!r} is not written canonically (expected {str(parsed)!r})")
    return parsed


def card_list(value: object, path: str) -> list[Card]:
    cards: list[Card] = []
    seen = 0
    for index, item in enumerate(as_list(value, path)):
        parsed = card(item, f"{path}[{index}]")
        if seen & parsed.mask:
            raise fail(f"{path}[{index}]", f"card {str(parsed)!r} appears twice")
        seen |= parsed.mask
        cards.append(parsed)
    return cards


def hand(value: object, path: str) -> Hand:
    return Hand(card_list(value, path))


def meld(value: object, path: str, wrap: bool = True) -> Meld:
    return construct(path, Meld, card_list(value, path), round_the_corner=wrap)


def meld_list(value: object, path: str, wrap: bool = True) -> tuple[Meld, ...]:
    return tuple(meld(item, f"{path}[{i}]", wrap) for i, item in enumerate(as_list(value, path)))


def pair(value: object, path: str, what: str) -> list[Any]:
    items = as_list(value, path)
    if len(items) != 2:
        raise fail(path, f"expected {what}, got {len(items)} items")
    return items


def layoff_list(value: object, path: str) -> tuple[tuple[Card, int], ...]:
    pairs = (pair(item, f"{path}[{i}]", "[card, meld index]") for i, item in enumerate(as_list(value, path)))
    return tuple(
        (card(two[0], f"{path}[{i}][0]"), as_int(two[1], f"{path}[{i}][1]", 0, 2))
        for i, two in enumerate(pairs)
    )
