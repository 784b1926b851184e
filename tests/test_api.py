"""The public API is a promise (issue 19, item 6): every public name of ``ginrummy`` and of its
public sub-packages, with its signature, is kept in ``tests/api_snapshot.txt``; a change to any
of them fails here until the snapshot is updated in the same commit, on purpose::

    python tests/test_api.py --update

The snapshot lists, per public name: a function's signature; a class's constructor and each
public method (with its signature), property and field; an enum's members; a constant's type
(a mapping's keys, an integer's value). See ``docs/public-api.rst`` for what the version number
promises.
"""

from __future__ import annotations

import enum
import functools
import importlib
import inspect
import sys
import types
import typing
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import ginrummy as gr

SNAPSHOT = Path(__file__).resolve().parent / "api_snapshot.txt"

PUBLIC = ["ginrummy", "ginrummy.frontend", "ginrummy.rl", "ginrummy.openspiel", "ginrummy.distributed"]
"""The public modules: ``ginrummy`` and the sub-packages whose ``__all__`` is a promise."""


def _ours(obj: object) -> bool:
    return getattr(obj, "__module__", "").startswith("ginrummy")


def _signature(obj: Any) -> str:
    try:
        return str(inspect.signature(obj))
    except (TypeError, ValueError):
        return "(...)"


def _class_lines(path: str, cls: type) -> Iterator[str]:
    if issubclass(cls, enum.Enum):
        values = ", ".join(f"{m.name}={m.value!r}" for m in cls)
        yield f"{path}: enum {cls.__name__}({values})"
        return
    bases = ", ".join(base.__name__ for base in cls.__bases__ if _ours(base) or base is not object)
    init = cls.__init__
    constructor = _signature(cls) if _ours(init) or hasattr(cls, "__attrs_attrs__") else "(...)"
    yield f"{path}: class({bases}){constructor}"
    ours = [klass for klass in cls.__mro__ if _ours(klass)]
    fields = sorted(
        {
            name
            for klass in ours
            for name, annotation in vars(klass).get("__annotations__", {}).items()
            if not name.startswith("_") and not str(annotation).startswith(("ClassVar", "typing.ClassVar"))
        }  # a ClassVar is the class's attribute, listed below with its type
    )
    members: dict[str, str] = {name: "field" for name in fields}
    for klass in reversed(ours):
        for name, value in vars(klass).items():
            if name.startswith("_") or name in ("__init__",):
                continue
            if isinstance(value, property):
                members[name] = "property"
            elif isinstance(value, (classmethod, staticmethod)):
                kind = "classmethod" if isinstance(value, classmethod) else "staticmethod"
                members[name] = f"{kind}{_signature(getattr(cls, name))}"
            elif inspect.isfunction(value):
                members[name] = f"method{_signature(value)}"
            elif name not in members:
                members[name] = f"attribute {type(value).__name__}"
    for name in sorted(members):
        yield f"{path}.{name}: {members[name]}"


def _lines(path: str, obj: object) -> Iterator[str]:
    if hasattr(obj, "__wrapped__") and not isinstance(obj, type):
        obj = inspect.unwrap(obj)  # type: ignore[arg-type]  # a test's wrapper of a public function
    if typing.get_origin(obj) is not None or isinstance(obj, types.UnionType):
        yield f"{path}: type alias"  # first: on Python 3.10 a parametrized alias passes for a class
    elif isinstance(obj, type):
        yield from _class_lines(path, obj)
    elif inspect.isfunction(obj) or inspect.isbuiltin(obj):
        yield f"{path}{_signature(obj)}"
    elif isinstance(obj, Mapping):
        yield f"{path}: {type(obj).__name__} of {sorted(map(str, obj))}"
    elif isinstance(obj, bool | int) and not isinstance(obj, enum.Enum) and path != "ginrummy.COMPILED":
        yield f"{path}: {type(obj).__name__} = {obj!r}"  # COMPILED's value is the build's, not the API's
    else:
        yield f"{path}: {type(obj).__name__}"


def public_api() -> list[str]:
    """One line per public name and member, sorted within each public module."""
    lines: list[str] = []
    for module_name in PUBLIC:
        module = importlib.import_module(module_name)
        for name in sorted(module.__all__):
            lines.extend(_lines(f"{module_name}.{name}", getattr(module, name)))
    return lines


def test_the_public_api_is_the_snapshot() -> None:
    """Every public name, signature, member and enum value is as recorded; a change fails until
    ``tests/api_snapshot.txt`` is updated with it (``python tests/test_api.py --update``). The
    compiled build is held to it as far as it can show it (the next test)."""
    recorded = SNAPSHOT.read_text(encoding="utf-8").splitlines()
    if gr.COMPILED:
        assert [] == _unlike_the_snapshot(recorded)
    else:
        assert recorded == public_api()


def _path_and_kind(line: str) -> tuple[str, str]:
    """A snapshot line's name and what it is: ``callable`` (a function, a method), ``class``,
    ``data`` (a property, a field, an attribute), or else the line itself (an enum and its
    values, a type alias, a constant and its type), which both builds write alike."""
    if "(" in line and ": " not in line.split("(", 1)[0]:
        return line.split("(", 1)[0], "callable"  # a function: path(signature)
    path, _, what = line.partition(": ")
    if what.startswith(("method(", "classmethod(", "staticmethod(")):
        return path, "callable"
    if what.startswith("class("):
        return path, "class"
    if what in ("property", "field") or what.startswith("attribute "):
        return path, "data"
    return path, line


def _resolve(path: str) -> object:
    """The object a snapshot path names, a class's members as the class holds them."""
    module_name = max((name for name in PUBLIC if path.startswith(name + ".")), key=len)
    obj: object = importlib.import_module(module_name)
    for part in path[len(module_name) + 1 :].split("."):
        if not isinstance(obj, type):
            obj = getattr(obj, part)
        elif any(part in vars(klass).get("__annotations__", {}) for klass in obj.__mro__):
            obj = inspect.getattr_static(obj, part, _ANNOTATED)  # a field: maybe no class attribute
        else:
            obj = inspect.getattr_static(obj, part)
    return obj


_ANNOTATED = object()
"""A field a class declares without a class attribute (each instance holds its own)."""


def _unlike_the_snapshot(recorded: list[str]) -> list[str]:
    """The recorded lines the build under test does not match: a public name missing or of
    another kind, an enum, alias or constant written otherwise, or a public name the snapshot
    does not have. Signatures are not compared: a compiled function's signature has its
    parameters' names but no annotations (CPython's signatures of C functions cannot hold
    them; type checkers read the ``.py`` files, which the compiled wheel ships too), and a
    native class shows its instance attributes as descriptors of the class."""
    unlike = []
    for line in recorded:
        path, kind = _path_and_kind(line)
        try:
            obj = _resolve(path)
        except AttributeError:
            unlike.append(f"missing: {line}")
            continue
        if kind == "class":
            matches = isinstance(obj, type)
        elif kind == "callable":
            matches = isinstance(obj, (classmethod, staticmethod)) or callable(obj)
        elif kind == "data":
            # a cached_property (a view's events built on first use) reads as data, though
            # inspect counts any descriptor without __set__ as a routine
            routine = isinstance(obj, (classmethod, staticmethod)) or inspect.isroutine(obj)
            matches = isinstance(obj, functools.cached_property) or not routine
        else:
            matches = [kind] == list(_lines(path, obj))
        if not matches:
            unlike.append(line)
    names = {_path_and_kind(line)[0] for line in recorded}
    public = {f"{module}.{name}" for module in PUBLIC for name in importlib.import_module(module).__all__}
    unlike.extend(f"not in the snapshot: {name}" for name in sorted(public - names))
    return unlike


def test_the_reading_of_the_compiled_build_matches_the_pure_build_too() -> None:
    """The weaker reading the compiled build is held to finds nothing unlike the snapshot on
    the pure build either, and it can fail: a name the snapshot lacks or a kind changed."""
    recorded = SNAPSHOT.read_text(encoding="utf-8").splitlines()
    assert [] == _unlike_the_snapshot(recorded)
    changed = [
        "ginrummy.Card.parse: property" if line.startswith("ginrummy.Card.parse: ") else line
        for line in recorded
    ]
    dropped = [line for line in recorded if not line.startswith("ginrummy.deadwood(")]
    assert ["ginrummy.Card.parse: property"] == _unlike_the_snapshot(changed)
    assert ["not in the snapshot: ginrummy.deadwood"] == _unlike_the_snapshot(dropped)


def test_the_snapshot_check_notices_a_changed_signature() -> None:
    """The check can fail: a function whose signature gains a parameter describes differently."""

    def before(cards: int) -> int:
        return cards

    def after(cards: int, rules: object = None) -> int:
        return cards

    assert list(_lines("x", before)) != list(_lines("x", after))


def test_the_top_level_names_one_thing_once_and_hides_the_internals() -> None:
    """``ginrummy.__all__`` holds one name per thing (no two public names for one object, but
    the presets that :data:`gr.PRESETS` also names) and none of the internals."""
    objects: dict[int, list[str]] = {}
    for name in gr.__all__:
        objects.setdefault(id(getattr(gr, name)), []).append(name)
    assert [] == [names for names in objects.values() if len(names) > 1]
    for internal in (
        "set_sampler",
        "view_of",
        "Standings",
        "MOVES",
        "ACTION_RULES",
        "ALL_MELDS",
        "iter_best_melds",
        "HOLLYWOOD_COLUMNS",
    ):
        assert internal not in gr.__all__
        assert not hasattr(gr, internal), internal


def test_every_public_name_is_documented() -> None:
    """Each public class and function has a docstring (the API reference shows it)."""
    missing = [
        f"{module_name}.{name}"
        for module_name in PUBLIC
        for name in importlib.import_module(module_name).__all__
        for obj in (getattr(importlib.import_module(module_name), name),)
        if (isinstance(obj, type) or inspect.isfunction(obj))
        and typing.get_origin(obj) is None
        and not inspect.getdoc(obj)
    ]
    assert [] == missing


if __name__ == "__main__":  # pragma: no cover - the maintainer's update command
    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python tests/test_api.py --update")
    SNAPSHOT.write_text("\n".join(public_api()) + "\n", encoding="utf-8")
    print(f"wrote {SNAPSHOT} ({len(public_api())} lines)")
