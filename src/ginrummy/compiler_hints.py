"""What the source says to mypyc, the compiler of the compiled build (:mod:`ginrummy.build_kind`).

``@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)`` marks a class of a
compiled module that must stay a Python class: mypyc compiles its methods but leaves its layout
to the interpreter, and lets the interpreter subclass it. A :class:`ginrummy.Round` is copied
at every action through a *draft* twin, a subclass made by ``type()`` at import that the
copy's class is switched to and from (``__class__`` assignment, which CPython refuses for a
native class; its record, :class:`ginrummy.round_fields.RoundFields`, is marked the same
way); a :class:`ginrummy.Game` is made by ``object.__new__``, which a native class refuses.

:func:`mypyc_attr` is mypyc's own mark (``mypy_extensions.mypyc_attr``: mypyc reads the call by
that name when it compiles), but at run time it is a decorator that returns the class
unchanged, so neither build imports ``mypy_extensions``. :func:`same` compares two values as
Python does where mypyc would compare them by identity.

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
        """mypyc's mark of a class or function: at run time, the class unchanged."""
        return lambda kept: kept


new_instance: Final = object.__new__
"""``object.__new__``, held once: ``new_instance(cls)`` is an instance of ``cls`` whose
``__init__`` has not run (the library's own factories fill its fields). The compiled build
calls it as it is; ``object.__new__(cls)`` would look ``object`` up in the builtins and
``__new__`` in its type at every call.

>>> class Example:
...     pass
>>> type(new_instance(Example)).__name__
'Example'
"""


def same(left: object, right: object) -> bool:
    """``left == right``, which the compiled build compiles as Python does.

    mypyc compiles ``a == b`` between two values of one class that defines no ``__eq__`` in
    its body as ``a is b``; an attrs class's ``__eq__`` is made at run time, so two equal
    rulesets made apart would differ. Through ``object`` arguments the comparison calls the
    class's ``__eq__``. (The mypy plugin ``build_backend/compiled_equality.py`` finds the
    comparisons to write this way.)

    >>> import ginrummy as gr
    >>> same(gr.Ruleset(knock_limit=5), gr.Ruleset(knock_limit=5))
    True
    """
    return left == right
