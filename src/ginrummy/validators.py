"""One validator per kind of scalar: a player, a count, a number, a flag, a seed.

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
from collections.abc import Callable
from typing import Any, TypeGuard

from ginrummy.errors import GinRummyError, InvalidPositionError

__all__ = [
    "MAX_SEED_SIZE",
    "check_flag",
    "check_int",
    "check_number",
    "check_player",
    "check_seed",
    "flag_field",
    "instance_field",
    "int_field",
    "is_int",
    "player_field",
    "tuple_field",
]

MAX_SEED_SIZE = 4096
"""The most characters of a string seed, or bits of an integer seed."""


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an integer and not a bool (``True`` is an ``int`` to Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


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


def check_int(
    value: object,
    name: str,
    error: type[GinRummyError],
    *,
    low: int | None = None,
    high: int | None = None,
    context: str | None = None,
) -> int:
    """``value`` if it is an integer (not a bool) from ``low`` to ``high``.

    :param name: the field or argument, for the message.
    :param error: the error to raise.
    :param context: the value being built (``'round result'``), for a field's message.
    :raises GinRummyError: of class ``error``, naming ``name`` and the value.
    """
    if not is_int(value) or (low is not None and value < low) or (high is not None and value > high):
        raise _fail(error, name, value, _range(low, high), context)
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
    if not isinstance(value, bool):
        raise _fail(error, name, value, "True or False", context)
    return value


def check_seed(
    value: object, error: type[GinRummyError] = InvalidPositionError, *, optional: bool = False
) -> Any:
    """A shuffle seed: an integer of at most :data:`MAX_SEED_SIZE` bits or a string of at most
    as many characters (no other value seeds a shuffle the same way on every Python); None too
    when ``optional`` (a fresh random seed).

    :raises GinRummyError: of class ``error``, naming the seed and the reason.
    """
    if value is None and optional:
        return None
    if isinstance(value, str):
        if len(value) > MAX_SEED_SIZE:
            raise error(
                f"invalid seed: a string of {len(value)} characters (at most {MAX_SEED_SIZE})", field="seed"
            )
        return value
    if is_int(value):
        if value.bit_length() > MAX_SEED_SIZE:
            raise error(
                f"invalid seed: an integer of {value.bit_length()} bits (at most {MAX_SEED_SIZE})",
                field="seed",
            )
        return value
    raise error(f"invalid seed {value!r:.80}: must be an integer or a string", field="seed")


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
