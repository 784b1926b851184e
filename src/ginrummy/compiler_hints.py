"""The marks the compiled build reads in the source (:mod:`ginrummy.build_kind`), and two
helpers both builds run alike; why each is needed is in ``docs/design.md``, "The compiled
build".

- :func:`mypyc_attr` marks a class that stays a Python class in both builds: the round and its
  record (:class:`ginrummy.Round`, :class:`ginrummy.round_fields.RoundFields`), copied at every
  action through a draft twin, and the game (:class:`ginrummy.Game`), made without its
  constructor. At run time it returns the class unchanged, so neither build imports
  ``mypy_extensions``.
- :data:`new_instance` makes an instance whose fields the library's own factories fill at once.
- :func:`same` compares two values as Python does (two rulesets made apart, equal field by
  field, are equal).

>>> @mypyc_attr(native_class=False)
... class Example:
...     pass
>>> Example.__name__
'Example'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeVar

__all__ = ["mypyc_attr", "new_instance", "same"]

_T = TypeVar("_T")

if TYPE_CHECKING:  # what mypy and mypyc read
    from mypy_extensions import mypyc_attr as mypyc_attr
else:  # what runs: mypy_extensions' decorator, without the import

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
        """The compiled build's mark of a class or function: at run time, the class unchanged."""
        return lambda kept: kept


new_instance: Final = object.__new__  # held once: docs/design.md, "The compiled build"
"""``object.__new__``: ``new_instance(cls)`` is an instance of ``cls`` whose ``__init__`` has
not run (the library's own factories fill its fields at once).

>>> class Example:
...     pass
>>> type(new_instance(Example)).__name__
'Example'
"""


def same(left: object, right: object) -> bool:
    """``left == right``, as Python compares two values: two rulesets made apart with the same
    fields are equal. The compiled modules compare attrs values through it (``docs/design.md``,
    "The compiled build"; the mypy plugin ``build_backend/compiled_equality.py`` finds the
    comparisons to write this way).

    >>> import ginrummy as gr
    >>> same(gr.Ruleset(knock_limit=5), gr.Ruleset(knock_limit=5))
    True
    """
    return left == right
