"""The mutants of a module: mutmut 3.8's operators, applied to a Python syntax tree.

Each mutant changes one node of the module's :mod:`ast` tree. The operators are those of
mutmut 3.8 (``mutmut.mutation.mutators``), so the scores read like the ones the issue measured:

- a number ``n`` becomes ``n + 1``; ``True`` and ``False`` swap;
- a plain string (not a docstring, not the text of an f-string) is wrapped in ``XX``, lowered
  and upped (when that changes it);
- ``a = b`` becomes ``a = None`` (``a = None`` becomes ``a = ""``); ``a += b`` becomes
  ``a = b`` and ``a -= b``;
- ``not x`` and ``~x`` lose their operator; ``-x`` and ``+x`` swap;
- each argument of a call becomes ``None``, and is dropped when the call has two or more;
  ``dict(a=...)`` keywords are renamed; ``lower``/``upper``, ``find``/``rfind`` and the like
  swap;
- a lambda returns ``None`` (``0`` when it returned ``None``);
- comparisons, arithmetic, bit and boolean operators swap (``<`` and ``<=``, ``==`` and ``!=``,
  ``is`` and ``is not``, ``in`` and ``not in``, ``+`` and ``-``, ``&`` and ``|``, ``and`` and
  ``or``, ...); ``break`` becomes ``return``, ``continue`` becomes ``break``;
- a conditional expression is forced down each branch (``x if (c) and False else y``).

Unlike mutmut, which mutates only functions without decorators, every function is mutated
(properties and cached functions too) and so is the code that runs at import time (module and
class bodies: tables, attrs fields and their validators). Not mutated: docstrings and other
bare strings, annotations, decorators, ``__all__``, the member values of enums (as in mutmut),
and lines marked ``# pragma: no cover`` or ``# pragma: no mutate``.

A mutant's id is ``<module>:<scope>:<n>``: the module's path under ``src/ginrummy`` without
``.py``, the qualified name of the function or class body it is in (``<module>`` for the
module body), and its number in that scope in source order.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass

__all__ = ["Mutant", "mutants", "mutated_code"]


@dataclass(frozen=True)
class Mutant:
    """One mutant of a module."""

    id: str
    """``<module>:<scope>:<n>`` (see the module docstring)."""
    index: int
    """Its position among the module's mutants (what :func:`mutated_code` takes)."""
    line: int
    """The first line of the node it changes."""
    end_line: int
    """The last line of that node."""
    before: str
    """The node's source, unparsed."""
    after: str
    """The node as the mutant has it."""
    runtime: bool
    """Whether the node runs when a function is called (True) or at import time."""

    @property
    def diff(self) -> str:
        """``before -> after`` on one line; when long, only the part that changed, with some
        context, the rest elided as ``...``."""
        before, after = " ".join(self.before.split()), " ".join(self.after.split())
        if len(before) + len(after) <= 150:
            return f"{before} -> {after}"
        start = 0
        while start < min(len(before), len(after)) and before[start] == after[start]:
            start += 1
        end = 0
        while end < min(len(before), len(after)) - start and before[-1 - end] == after[-1 - end]:
            end += 1
        return f"{_cut(before, start, end)} -> {_cut(after, start, end)}"


def _cut(text: str, start: int, end: int, context: int = 25) -> str:
    """``text`` between ``start`` and ``len(text) - end``, with ``context`` characters either
    side."""
    low, high = max(0, start - context), min(len(text), len(text) - end + context)
    middle = text[low:high]
    if len(middle) > 120:
        middle = middle[:80] + " ... " + middle[-35:]
    return ("..." if low else "") + middle + ("..." if high < len(text) else "")


_BINARY: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div,
    ast.Mod: ast.Div,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitAnd,
    ast.Pow: ast.Mult,
}
_COMPARE: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_STRING_METHODS = {
    "lower": "upper",
    "upper": "lower",
    "lstrip": "rstrip",
    "rstrip": "lstrip",
    "find": "rfind",
    "rfind": "find",
    "ljust": "rjust",
    "rjust": "ljust",
    "index": "rindex",
    "rindex": "index",
    "removeprefix": "removesuffix",
    "removesuffix": "removeprefix",
    "partition": "rpartition",
    "rpartition": "partition",
}
_ENUM_BASES = {"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag"}


def _none() -> ast.expr:
    return ast.Constant(None)


def _replacements(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes that may replace ``node`` (mutmut 3.8's operators)."""
    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            yield ast.Constant(not value)
        elif isinstance(value, (int, float)):
            yield ast.Constant(value + 1)
        elif isinstance(value, str):
            seen = {value}
            for changed in ("XX" + value + "XX", value.lower(), value.upper()):
                if changed not in seen:
                    seen.add(changed)
                    yield ast.Constant(changed)
    elif isinstance(node, (ast.Assign, ast.AnnAssign)):
        if node.value is not None:
            new = copy.copy(node)
            is_none = isinstance(node.value, ast.Constant) and node.value.value is None
            new.value = ast.Constant("") if is_none else _none()
            yield new
    elif isinstance(node, ast.AugAssign):
        yield ast.Assign(targets=[node.target], value=node.value, lineno=node.lineno)
        swapped = _BINARY.get(type(node.op))
        if swapped is not None:
            yield ast.AugAssign(target=node.target, op=swapped(), value=node.value)
    elif isinstance(node, ast.UnaryOp):
        if isinstance(node.op, (ast.Not, ast.Invert)):
            yield node.operand
        elif isinstance(node.op, ast.USub):
            yield ast.UnaryOp(op=ast.UAdd(), operand=node.operand)
        elif isinstance(node.op, ast.UAdd):
            yield ast.UnaryOp(op=ast.USub(), operand=node.operand)
    elif isinstance(node, ast.Call):
        yield from _call_replacements(node)
    elif isinstance(node, ast.Lambda):
        body = node.body
        is_none = isinstance(body, ast.Constant) and body.value is None
        yield ast.Lambda(args=node.args, body=ast.Constant(0) if is_none else _none())
    elif isinstance(node, ast.Compare):
        for position, op in enumerate(node.ops):
            swapped_cmp = _COMPARE.get(type(op))
            if swapped_cmp is not None:
                ops = list(node.ops)
                ops[position] = swapped_cmp()
                yield ast.Compare(left=node.left, ops=ops, comparators=node.comparators)
    elif isinstance(node, ast.BinOp):
        swapped_bin = _BINARY.get(type(node.op))
        if swapped_bin is not None:
            yield ast.BinOp(left=node.left, op=swapped_bin(), right=node.right)
    elif isinstance(node, ast.BoolOp):
        other: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        values = node.values
        for split in range(1, len(values)):
            left = values[0] if split == 1 else ast.BoolOp(op=node.op, values=values[:split])
            right = (
                values[split] if split == len(values) - 1 else ast.BoolOp(op=node.op, values=values[split:])
            )
            yield ast.BoolOp(op=other, values=[left, right])
    elif isinstance(node, ast.Break):
        yield ast.Return(value=None)
    elif isinstance(node, ast.Continue):
        yield ast.Break()
    elif isinstance(node, ast.IfExp):
        for op, literal in ((ast.And(), False), (ast.Or(), True)):
            test = ast.BoolOp(op=op, values=[node.test, ast.Constant(literal)])
            yield ast.IfExp(test=test, body=node.body, orelse=node.orelse)


def _call_replacements(node: ast.Call) -> Iterator[ast.AST]:
    """An argument made None, an argument dropped, a ``dict`` keyword renamed, a string
    method swapped."""
    args: list[ast.expr | ast.keyword] = [*node.args, *node.keywords]
    for position, arg in enumerate(args):
        value = arg.value if isinstance(arg, (ast.keyword, ast.Starred)) else arg
        starred = isinstance(arg, ast.Starred) or (isinstance(arg, ast.keyword) and arg.arg is None)
        if starred or (isinstance(value, ast.Constant) and value.value is None):
            continue
        changed = list(args)
        changed[position] = (
            ast.keyword(arg=arg.arg, value=_none()) if isinstance(arg, ast.keyword) else _none()
        )
        yield _call(node, changed)
    if len(args) > 1:
        for position in range(len(args)):
            yield _call(node, args[:position] + args[position + 1 :])
    if isinstance(node.func, ast.Name) and node.func.id == "dict" and node.keywords and not node.args:
        for position, keyword in enumerate(node.keywords):
            if keyword.arg is None:
                break
            keywords = list(node.keywords)
            keywords[position] = ast.keyword(arg=keyword.arg + "XX", value=keyword.value)
            yield ast.Call(func=node.func, args=[], keywords=keywords)
    func = node.func
    if isinstance(func, ast.Attribute):
        swapped = _STRING_METHODS.get(func.attr)
        names = {keyword.arg for keyword in node.keywords}
        if func.attr in ("split", "rsplit") and (len(args) == 2 or "maxsplit" in names):
            swapped = "rsplit" if func.attr == "split" else "split"
        if swapped is not None:
            attribute = ast.Attribute(value=func.value, attr=swapped, ctx=ast.Load())
            yield ast.Call(func=attribute, args=node.args, keywords=node.keywords)


def _call(node: ast.Call, args: list[ast.expr | ast.keyword]) -> ast.Call:
    return ast.Call(
        func=node.func,
        args=[a for a in args if not isinstance(a, ast.keyword)],
        keywords=[a for a in args if isinstance(a, ast.keyword)],
    )


def _is_docstring(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _is_all(node: ast.AST) -> bool:
    targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
    return any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets)


def _is_enum(node: ast.ClassDef) -> bool:
    for base in node.bases:
        name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
        if name in _ENUM_BASES:
            return True
    return False


# (the node, its parent, the parent's field holding it, its index in that field or None)
_Site = tuple[ast.AST, ast.AST, str, "int | None"]
_GENERICS = {
    "tuple",
    "list",
    "dict",
    "set",
    "frozenset",
    "type",
    "Callable",
    "Mapping",
    "Sequence",
    "Optional",
}


def _is_type_alias(node: ast.AST) -> bool:
    """``Name = tuple[...]`` and the like: a name for a type, read only by annotations."""
    value = getattr(node, "value", None)
    return (
        isinstance(node, ast.Assign)
        and isinstance(value, ast.Subscript)
        and isinstance(value.value, ast.Name)
        and value.value.id in _GENERICS
    )


def _fields(node: ast.AST) -> Iterator[tuple[ast.AST, str, int | None]]:
    for field, value in ast.iter_fields(node):
        if isinstance(value, list):
            for position, child in enumerate(value):
                if isinstance(child, ast.AST):
                    yield child, field, position
        elif isinstance(value, ast.AST):
            yield value, field, None


def _sites(tree: ast.Module, quiet: set[int]) -> Iterator[tuple[_Site, str, bool]]:
    """Every node that may be mutated, with its scope's name and whether it runs at call
    time, in source order (parents before their children)."""

    def visit(
        child: ast.AST, parent: ast.AST, field: str, index: int | None, scope: list[str], runtime: bool
    ) -> Iterator[tuple[_Site, str, bool]]:
        if field in ("annotation", "returns", "decorator_list", "type_comment"):
            return
        if getattr(child, "lineno", None) in quiet:
            return
        if _is_docstring(child) or isinstance(child, (ast.Import, ast.ImportFrom)):
            return
        if isinstance(child, (ast.Assign, ast.AnnAssign)) and (_is_all(child) or _is_type_alias(child)):
            return
        name = ".".join(scope) or "<module>"
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node, node_field, position in _fields(child.args):  # defaults: at definition
                yield from visit(node, child.args, node_field, position, scope, runtime)
            for position, statement in enumerate(child.body):
                yield from visit(statement, child, "body", position, [*scope, child.name], True)
            return
        if isinstance(child, ast.ClassDef):
            enum = _is_enum(child)
            for position, statement in enumerate(child.body):
                if not (enum and isinstance(statement, (ast.Assign, ast.AnnAssign))):
                    yield from visit(statement, child, "body", position, [*scope, child.name], runtime)
            return
        if isinstance(child, ast.JoinedStr):
            # the text of an f-string is not mutated (as in mutmut), its expressions are
            for part in child.values:
                if isinstance(part, ast.FormattedValue):
                    yield from visit(part.value, part, "value", None, scope, runtime)
            return
        yield (child, parent, field, index), name, runtime
        if isinstance(child, ast.Lambda):
            for node, node_field, position in _fields(child.args):
                yield from visit(node, child.args, node_field, position, scope, runtime)
            yield from visit(child.body, child, "body", None, scope, True)
            return
        for node, node_field, position in _fields(child):
            yield from visit(node, child, node_field, position, scope, runtime)

    for position, statement in enumerate(tree.body):
        yield from visit(statement, tree, "body", position, [], False)


def _quiet_lines(source: str) -> set[int]:
    """The lines marked ``# pragma: no cover`` (unreachable, say the sources) or
    ``# pragma: no mutate``: their statements are not mutated."""
    return {
        number
        for number, text in enumerate(source.splitlines(), start=1)
        if "pragma: no cover" in text or "pragma: no mutate" in text
    }


def _each(tree: ast.Module, source: str, on: Callable[[int, _Site, ast.AST, str, bool], bool]) -> None:
    """Call ``on(index, site, replacement, scope, runtime)`` for every mutant of ``tree`` (the
    tree of ``source``) in order, until it returns True."""
    index = 0
    for site, scope, runtime in _sites(tree, _quiet_lines(source)):
        node = site[0]
        before = ast.dump(node)
        for replacement in _replacements(node):
            if ast.dump(replacement) == before:
                continue
            if on(index, site, replacement, scope, runtime):
                return
            index += 1


def mutants(source: str, module: str) -> list[Mutant]:
    """The mutants of ``source``, whose module is ``module`` (``play/action_rules``)."""
    found: list[Mutant] = []
    per_scope: dict[str, int] = {}

    def on(index: int, site: _Site, replacement: ast.AST, scope: str, runtime: bool) -> bool:
        node = site[0]
        per_scope[scope] = per_scope.get(scope, 0) + 1
        line = getattr(node, "lineno", 0)
        found.append(
            Mutant(
                id=f"{module}:{scope}:{per_scope[scope]}",
                index=index,
                line=line,
                end_line=getattr(node, "end_lineno", None) or line,
                before=ast.unparse(node),
                after=ast.unparse(ast.fix_missing_locations(replacement)),
                runtime=runtime,
            )
        )
        return False

    _each(ast.parse(source), source, on)
    return found


def mutated_code(source: str, filename: str, index: int) -> object:
    """The code object of ``source`` with mutant ``index`` applied (compiled as ``filename``)."""
    tree = ast.parse(source)
    done = False

    def on(number: int, site: _Site, replacement: ast.AST, scope: str, runtime: bool) -> bool:
        nonlocal done
        if number != index:
            return False
        node, parent, field, position = site
        ast.copy_location(replacement, node)
        if position is None:
            setattr(parent, field, replacement)
        else:
            getattr(parent, field)[position] = replacement
        done = True
        return True

    _each(tree, source, on)
    if not done:
        raise IndexError(f"no mutant {index}")
    return compile(ast.fix_missing_locations(tree), filename, "exec")
