"""A mypy plugin that refuses ``==`` and ``!=`` between two values of one attrs class in a module
the compiled build compiles (:data:`ginrummy_compile.COMPILED_MODULES`).

mypyc compiles ``a == b``, where both sides are typed as the same class and the class defines
no ``__eq__`` in its body, as ``a is b``: an attrs class's ``__eq__`` is made at run time, where
mypyc does not look, so two equal cards or rulesets made apart would compare unequal in the
compiled build only (mypy 2.4's mypyc; ``docs/design.md``, "The compiled build"). Such a
comparison is written another way: through a value mypyc compares natively (a card's
``index``), or through :func:`ginrummy.compiler_hints.same` (``object`` arguments, which
mypyc compares with the class's own ``__eq__``).

The plugin runs wherever mypy reads ``pyproject.toml``: in ``mypy --strict`` (CI) and in the
compiled build's own type check, which then falls back to the pure build.
"""

from __future__ import annotations

from collections.abc import Callable

# The module beside this one: mypy puts a plugin's folder on the path while it imports it.
from ginrummy_compile import COMPILED_MODULES
from mypy.nodes import ComparisonExpr
from mypy.plugin import MethodContext, Plugin
from mypy.types import Instance, Type, get_proper_type

COMPILED_PATHS = tuple("ginrummy/" + relative for relative in COMPILED_MODULES)
"""The compiled modules, as the ends of their paths."""


def _attrs_class(typ: Type) -> Instance | None:
    """``typ`` when it is an instance of an attrs class that compares by its fields."""
    proper = get_proper_type(typ)
    if isinstance(proper, Instance) and "attrs" in proper.type.metadata:
        return proper
    return None


def compiled_by_identity(path: str, left: Type, right: Type) -> bool:
    """Whether mypyc would compile a comparison of ``left`` and ``right`` in the module at
    ``path`` as an identity test: both sides one attrs class, in a compiled module."""
    if not path.replace("\\", "/").endswith(COMPILED_PATHS):
        return False
    left_class, right_class = _attrs_class(left), _attrs_class(right)
    return left_class is not None and right_class is not None and left_class.type is right_class.type


def _check(ctx: MethodContext) -> Type:
    if isinstance(ctx.context, ComparisonExpr) and ctx.arg_types and ctx.arg_types[0]:
        left = ctx.api.get_expression_type(ctx.context.operands[0])  # the whole type, not a union's item
        if compiled_by_identity(ctx.api.path, left, ctx.arg_types[0][0]):
            ctx.api.fail(
                "the compiled build (mypyc) would compare these two attrs values by identity: "
                "compare with ginrummy.compiler_hints.same, or a field (build_backend/compiled_equality.py)",
                ctx.context,
            )
    return ctx.default_return_type


class CompiledEquality(Plugin):
    """The plugin: a hook on ``__eq__`` and ``__ne__`` of the package's classes (mypy names a
    comparison's method after the left operand's class, wherever the method is defined)."""

    def get_method_hook(self, fullname: str) -> Callable[[MethodContext], Type] | None:
        if fullname.startswith("ginrummy.") and fullname.endswith((".__eq__", ".__ne__")):
            return _check
        return None


def plugin(version: str) -> type[Plugin]:
    """mypy's entry point."""
    return CompiledEquality
