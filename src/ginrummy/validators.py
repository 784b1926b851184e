"""One validator per kind of scalar: a player, a count, a number, a flag, a seed, a name.

Every value of the library checks its own fields; these are the checks they share, so that
"a player is 0 or 1" or "an integer, not a bool, of at least 0" is written once. Each takes
the error class of the value being built (its failure mode) and says, in the library's style,
which field or argument is wrong, with the value:

- with ``context`` (a value's field): ``invalid round result: 'winner' must be 0, 1 or None
  (got 2)``;
- without (a function's argument): ``invalid dealer 2: must be 0 or 1``.

:func:`int_field`, :func:`player_field` and :func:`flag_field` wrap them as ``attrs``
validators.

>>> from ginrummy.errors import InvalidResultError
>>> check_int(3, "points", InvalidResultError, low=0, context="round result")
3
>>> check_player(True, "winner", InvalidResultError, optional=True, context="round result")
Traceback (most recent call last):
...
ginrummy.errors.InvalidResultError: invalid round result: 'winner' must be 0, 1 or None (got True)
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Callable
from typing import Any, Final, Literal, TypeGuard, overload

from ginrummy.errors import GinRummyError, InvalidPositionError

__all__ = [
    "MAX_SEED_SIZE",
    "check_flag",
    "check_int",
    "check_number",
    "check_player",
    "check_seed",
    "check_text",
    "flag_field",
    "instance_field",
    "int_field",
    "is_flag",
    "is_int",
    "player_field",
    "shown",
    "tuple_field",
]

_NESTED: Final = reprlib.Repr()
"""The repr of a value nested too deeply for ``repr``: containers below six levels as ``...``."""


def shown(value: object, limit: int = 80) -> str:
    """``repr(value)`` for an error message, cut after ``limit`` characters; a value nested too
    deeply for ``repr`` (a list in a list, 100,000 levels down) is shown to six levels.

    >>> shown([1, 2]), shown("x" * 100, limit=6)
    ('[1, 2]', "'xx...")
    >>> nested = []
    >>> for _ in range(100_000):
    ...     nested = [nested]
    >>> shown(nested)
    '[[[[[[[...]]]]]]]'
    """
    try:
        text = repr(value)
    except RecursionError:
        text = _NESTED.repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


MAX_SEED_SIZE: Final = 4096
"""The most characters of a string seed, or bits of an integer seed."""


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an integer and not a bool (``True`` is an ``int`` to Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_flag(value: object) -> TypeGuard[bool]:
    """Whether ``value`` is True or False (1 and 0 are not flags)."""
    return isinstance(value, bool)


def _fail(
    error: type[GinRummyError], name: str, value: object, needs: str, context: str | None
) -> GinRummyError:
    if context is None:
        return error(f"invalid {name} {value!r:.80}: must be {needs}", field=name)
    return error(f"invalid {context}: {name!r} must be {needs} (got {value!r:.80})", field=name)


def _range(low: float | None, high: float | None, kind: str = "an integer") -> str:
    """What a value must be: ``kind``, then its bounds as people write them."""
    if low is not None and high is not None:
        return f"{kind} from {_bound(low)} to {_bound(high)}"
    if low is not None:
        return f"{kind} of at least {_bound(low)}"
    if high is not None:
        return f"{kind} of at most {_bound(high)}"
    return kind


def _bound(number: float) -> str:
    """A bound as people write it: ``0``, ``0.5``, ``1000000`` (not ``1e+06``); an integer
    exactly as it is."""
    if isinstance(number, int):
        return str(number)
    return str(int(number)) if number.is_integer() else f"{number:g}"


@overload
def check_int(
    value: object,
    name: str,
    error: type[GinRummyError],
    *,
    low: int | None = None,
    high: int | None = None,
    optional: Literal[False] = False,
    context: str | None = None,
) -> int: ...


@overload
def check_int(
    value: object,
    name: str,
    error: type[GinRummyError],
    *,
    low: int | None = None,
    high: int | None = None,
    optional: bool,
    context: str | None = None,
) -> int | None: ...


def check_int(
    value: object,
    name: str,
    error: type[GinRummyError],
    *,
    low: int | None = None,
    high: int | None = None,
    optional: bool = False,
    context: str | None = None,
) -> int | None:
    """``value`` if it is an integer (not a bool) from ``low`` to ``high`` (or None when
    ``optional``).

    :param name: the field or argument, for the message.
    :param error: the error to raise.
    :param context: the value being built (``'round result'``), for a field's message.
    :raises GinRummyError: of class ``error``, naming ``name`` and the value.
    """
    if value is None and optional:
        return None
    if not is_int(value) or (low is not None and value < low) or (high is not None and value > high):
        raise _fail(error, name, value, _range(low, high) + (" or None" if optional else ""), context)
    return value


def check_number(
    value: object,
    name: str,
    error: type[GinRummyError],
    *,
    low: float | None = None,
    high: float | None = None,
    finite: bool = True,
    context: str | None = None,
) -> float:
    """``value`` as a float, if it is a real number (an integer or a float, not a bool) that is
    not NaN, finite when ``finite``, at least ``low`` and at most ``high`` when given.

    :param name: the field or argument, for the message.
    :param error: the error to raise.
    :param context: the value being built, for a field's message.
    :raises GinRummyError: of class ``error``, naming ``name`` and the value.

    >>> check_number(2, "weight", GinRummyError, low=0.0)
    2.0
    >>> check_number(float("inf"), "weight", GinRummyError)
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: invalid weight inf: must be a finite number
    >>> check_number(2e6, "beta", GinRummyError, low=0, high=1e6)
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: invalid beta 2000000.0: must be a finite number from 0 to 1000000
    >>> check_number(0.75, "share", GinRummyError, high=0.5)
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: invalid share 0.75: must be a finite number of at most 0.5
    """
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise _fail(error, name, value, "a number", context)
    try:
        number = float(value)
    except OverflowError:
        raise _fail(error, name, value, "a number a float can hold", context) from None
    if math.isnan(number):
        raise _fail(error, name, value, "a number", context)
    if finite and not math.isfinite(number):
        raise _fail(error, name, value, "a finite number", context)
    if (low is not None and number < low) or (high is not None and number > high):
        raise _fail(
            error, name, value, _range(low, high, "a finite number" if finite else "a number"), context
        )
    return number


def check_player(
    value: object,
    name: str,
    error: type[GinRummyError] = InvalidPositionError,
    *,
    optional: bool = False,
    context: str | None = None,
) -> Any:
    """``value`` if it is a player, 0 or 1 (or None when ``optional``).

    :raises GinRummyError: of class ``error``, naming ``name`` and the value.
    """
    if value is None and optional:
        return None
    if not is_int(value) or value not in (0, 1):
        raise _fail(error, name, value, "0, 1 or None" if optional else "0 or 1", context)
    return value


def check_flag(value: object, name: str, error: type[GinRummyError], *, context: str | None = None) -> bool:
    """``value`` if it is True or False.

    :raises GinRummyError: of class ``error``, naming ``name`` and the value.
    """
    if not is_flag(value):
        raise _fail(error, name, value, "True or False", context)
    return value


def check_text(
    value: object,
    name: str,
    error: type[GinRummyError],
    *,
    most: int,
    context: str | None = None,
) -> str:
    """``value`` if it is a string of 1 to ``most`` characters (a name, a label).

    :raises GinRummyError: of class ``error``, naming ``name`` and the value.

    >>> check_text("", "bot", GinRummyError, most=100)
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: invalid bot '': must be a string of 1 to 100 characters
    """
    if not isinstance(value, str) or not 1 <= len(value) <= most:
        raise _fail(error, name, value, f"a string of 1 to {most} characters", context)
    return value


def check_seed(
    value: object,
    error: type[GinRummyError] = InvalidPositionError,
    *,
    optional: bool = False,
    name: str = "seed",
    context: str | None = None,
) -> Any:
    """A shuffle seed: an integer of at most :data:`MAX_SEED_SIZE` bits or a string of at most
    as many characters (no other value seeds a shuffle the same way on every Python); None too
    when ``optional`` (a fresh random seed).

    **Which error.** A seed's error is the error of what it seeds: the seed of a deal (a
    round's, a game's, a session's) is part of a position, so the default is
    :class:`~ginrummy.InvalidPositionError`; everything else that takes a seed (a bot, a
    simulation, a ladder, an environment) passes :class:`~ginrummy.GinRummyError`.

    :param name: the field or argument, for the message.
    :param context: the value being built, for a field's message.
    :raises GinRummyError: of class ``error``, naming the seed and the reason.

    >>> check_seed(1.5, GinRummyError)
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: invalid seed 1.5: must be an integer or a string
    >>> check_seed(True, context="game")
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidPositionError: invalid game: 'seed' must be an integer or a string (got True)
    """
    if value is None and optional:
        return None
    if isinstance(value, str):
        size = f"a string of {len(value)} characters"
    elif is_int(value):
        size = f"an integer of {value.bit_length()} bits"
    else:
        raise _fail(error, name, value, "an integer or a string", context)
    if (len(value) if isinstance(value, str) else value.bit_length()) <= MAX_SEED_SIZE:
        return value
    where = f"{name}" if context is None else f"{context}: {name!r}"
    raise error(f"invalid {where}: {size} (at most {MAX_SEED_SIZE})", field=name)


Validator = Callable[[Any, Any, Any], None]
"""An ``attrs`` validator: ``(instance, attribute, value)``."""


def int_field(
    error: type[GinRummyError], context: str, *, low: int | None = None, high: int | None = None
) -> Validator:
    """An ``attrs`` validator: :func:`check_int` of the field."""

    def validate(instance: object, attribute: Any, value: object) -> None:
        check_int(value, attribute.name, error, low=low, high=high, context=context)

    return validate


def player_field(error: type[GinRummyError], context: str, *, optional: bool = False) -> Validator:
    """An ``attrs`` validator: :func:`check_player` of the field."""

    def validate(instance: object, attribute: Any, value: object) -> None:
        check_player(value, attribute.name, error, optional=optional, context=context)

    return validate


def flag_field(error: type[GinRummyError], context: str) -> Validator:
    """An ``attrs`` validator: :func:`check_flag` of the field."""

    def validate(instance: object, attribute: Any, value: object) -> None:
        check_flag(value, attribute.name, error, context=context)

    return validate


def instance_field(
    kind: type | tuple[type, ...], error: type[GinRummyError], context: str, *, optional: bool = False
) -> Validator:
    """An ``attrs`` validator: the field is an instance of ``kind`` (or None when ``optional``)."""
    names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
    needs = f"a {names}" + (" or None" if optional else "")

    def validate(instance: object, attribute: Any, value: object) -> None:
        if not (isinstance(value, kind) or (optional and value is None)):
            raise _fail(error, attribute.name, value, needs, context)

    return validate


def tuple_field(kind: type | tuple[type, ...], error: type[GinRummyError], context: str) -> Validator:
    """An ``attrs`` validator: the field is a tuple of instances of ``kind``."""
    names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)

    def validate(instance: object, attribute: Any, value: object) -> None:
        if not isinstance(value, tuple) or not all(isinstance(item, kind) for item in value):
            raise _fail(error, attribute.name, value, f"a tuple of {names}", context)

    return validate
