"""The public API, sorted into the topic pages of the API reference (no Sphinx needed).

The reference shows the public names only: those of ``ginrummy.__all__`` and of the public
sub-packages' ``__all__`` (:data:`PACKAGES`). Nothing here lists names: each name goes to the
page of the module that defines it, so a name added to (or dropped from) ``__all__`` appears on
(or leaves) its page by itself, and the reference follows the package layout as it changes.

A :class:`Topic` claims names by module prefix (``ginrummy.play`` claims every module under
``ginrummy/play/``); when several topics claim a module, the longest prefix wins, so
``ginrummy.play.game`` (games and results) beats ``ginrummy.play`` (rounds and actions). A
topic may also claim names by a regular expression on the name, which beats any module
prefix: every public ``...View`` class is documented with views and sampling, wherever it is
defined. A package topic (``ginrummy.rl``) takes every name of that package's ``__all__``.

Where a name is defined: a class or a function says so in ``__module__``; a constant, an alias
or a value (``PAGAT``, ``DECK``, ``CardsLike``) is found by reading the package's modules for
the top-level assignment of that name to that very object.

Pages list their names module by module (in the order the topic gives its prefixes, then by
module name), each module's names in the order of the source. :func:`assign` returns them;
:func:`unassigned` the public names no topic claims (the build fails on any).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType

__all__ = [
    "PACKAGES",
    "TOPICS",
    "Entry",
    "Topic",
    "assign",
    "public_entries",
    "topic_of",
    "unassigned",
]

PACKAGES = ("ginrummy", "ginrummy.frontend", "ginrummy.rl", "ginrummy.openspiel", "ginrummy.distributed")
"""The packages whose ``__all__`` is public API: the library and its public sub-packages."""


@dataclass(frozen=True)
class Topic:
    """One page of the API reference and the names it claims."""

    slug: str
    """The page: ``docs/api/<slug>.rst`` holds ``.. api-topic:: <slug>`` (and its own title)."""
    modules: tuple[str, ...] = ()
    """Module prefixes whose names this page documents (the longest claiming prefix wins)."""
    names: str | None = None
    """A regular expression: public names it matches (in full) come here whatever their module."""
    package: str | None = None
    """A public sub-package: every name of its ``__all__`` comes here (and, with ``modules``,
    the names of ``ginrummy`` defined there: ``gr.review``, defined in ``ginrummy.frontend``)."""


TOPICS = (
    Topic("cards", modules=("ginrummy.cards", "ginrummy.melds")),
    Topic("partitioner", modules=("ginrummy.melding.partition", "ginrummy.melding")),
    Topic("rulesets", modules=("ginrummy.rules",)),
    Topic(
        "rounds",
        modules=(
            "ginrummy.play.round",
            "ginrummy.actions",
            "ginrummy.phase",
            "ginrummy.play",
            "ginrummy.dealing",
        ),
    ),
    Topic("games", modules=("ginrummy.play.game", "ginrummy.results")),
    Topic("views", modules=("ginrummy.beliefs",), names=r"\w*View"),
    Topic("json", modules=("ginrummy.io",)),
    Topic("bots", modules=("ginrummy.bots",)),
    Topic("simulation", modules=("ginrummy.simulation", "ginrummy.distributed")),
    Topic("distributed", package="ginrummy.distributed"),
    Topic("frontend", modules=("ginrummy.frontend",), package="ginrummy.frontend"),
    Topic("rl", package="ginrummy.rl"),
    Topic("openspiel", package="ginrummy.openspiel"),
    Topic("errors", modules=("ginrummy.errors", "ginrummy._version", "ginrummy.build_kind")),
)
"""The pages, in the order users reach for them (the order of the reference's table of
contents)."""


@dataclass(frozen=True)
class Entry:
    """One public name and where it is defined."""

    package: str
    """The public package that exports it (``ginrummy`` or a public sub-package)."""
    name: str
    """The name in that package's ``__all__``."""
    obj: object = field(compare=False, repr=False)
    """The object."""
    module: str
    """The module that defines it (for a constant: the module that assigns it)."""
    line: int
    """The line of the definition in that module (0 when unknown), for source order."""

    @property
    def qualname(self) -> str:
        """The name users import: ``ginrummy.Round``, ``ginrummy.rl.encode``."""
        return f"{self.package}.{self.name}"

    @property
    def kind(self) -> str:
        """``class``, ``exception``, ``function`` or ``data`` (constants, aliases, values)."""
        if inspect.isclass(self.obj) and self.obj.__module__.startswith("ginrummy"):
            return "exception" if issubclass(self.obj, BaseException) else "class"
        if inspect.isfunction(self.obj) and self.obj.__module__.startswith("ginrummy"):
            return "function"
        return "data"


def _modules() -> list[ModuleType]:
    """Every module of the package, imported (the extras' modules included)."""
    root = importlib.import_module("ginrummy")
    found = [root]
    for info in pkgutil.walk_packages(root.__path__, "ginrummy."):
        if not info.name.endswith(".__main__"):  # importing it would run the command line
            found.append(importlib.import_module(info.name))
    return found


def _top_level_definitions(module: ModuleType) -> dict[str, int]:
    """Each name a module defines at its top level (assignment, class, function), with its line."""
    path = Path(module.__file__ or "")
    if path.suffix != ".py":  # the compiled build: the module's source is shipped beside it
        path = path.with_name(path.name.split(".")[0] + ".py")
    try:
        source = path.read_text(encoding="utf-8")
    except OSError:
        return {}
    lines: dict[str, int] = {}
    for node in ast.parse(source).body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        elif isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            lines.setdefault(node.name, node.lineno)
            continue
        elif sys.version_info >= (3, 12) and isinstance(node, ast.TypeAlias):
            targets = [node.name]
        for target in targets:
            if isinstance(target, ast.Name):
                lines.setdefault(target.id, node.lineno)
    return lines


def _definition(name: str, obj: object, modules: list[ModuleType]) -> tuple[str, int]:
    """The module defining ``obj`` (exported as ``name``) and the line, or ``("", 0)``."""
    own = getattr(obj, "__module__", None)
    if (
        (inspect.isclass(obj) or inspect.isfunction(obj))
        and isinstance(own, str)
        and own.startswith("ginrummy")
    ):
        module = sys.modules[own]
        return own, _top_level_definitions(module).get(getattr(obj, "__name__", name), 0)
    for module in modules:
        if vars(module).get(name) is obj and module.__name__ not in PACKAGES:
            line = _top_level_definitions(module).get(name)
            if line is not None:
                return module.__name__, line
    for module in modules:  # last: a package's __init__ that assigns the name itself
        if vars(module).get(name) is obj:
            line = _top_level_definitions(module).get(name)
            if line is not None:
                return module.__name__, line
    return "", 0


@cache
def public_entries() -> tuple[Entry, ...]:
    """Every public name of :data:`PACKAGES`, with where it is defined, in ``__all__`` order."""
    modules = _modules()
    entries = []
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        for name in package.__all__:
            obj = getattr(package, name)
            module, line = _definition(name, obj, modules)
            entries.append(Entry(package_name, name, obj, module, line))
    return tuple(entries)


def _claim(topic: Topic, entry: Entry) -> tuple[int, int] | None:
    """How strongly ``topic`` claims ``entry`` (higher wins), or None."""
    if topic.package is not None and entry.package == topic.package:
        return (3, 0)
    if topic.package is not None and not topic.modules:
        return None
    if entry.package != "ginrummy":
        return None
    if topic.names is not None and re.fullmatch(topic.names, entry.name):
        return (2, 0)
    lengths = [
        len(prefix)
        for prefix in topic.modules
        if entry.module == prefix or entry.module.startswith(prefix + ".")
    ]
    return (1, max(lengths)) if lengths else None


def topic_of(entry: Entry) -> Topic | None:
    """The topic whose page documents ``entry``: the strongest claim, or None."""
    claims = [(claim, index) for index, topic in enumerate(TOPICS) if (claim := _claim(topic, entry))]
    if not claims:
        return None
    best = max(claim for claim, _ in claims)
    winners = [TOPICS[index] for claim, index in claims if claim == best]
    if len(winners) > 1:
        raise ValueError(f"{entry.qualname} is claimed by {', '.join(t.slug for t in winners)} alike")
    return winners[0]


def _order(topic: Topic, entry: Entry) -> tuple[int, str, int, str]:
    """Where ``entry`` stands on its page: its module's rank, then its line in the module."""
    rank = next(
        (
            i
            for i, prefix in enumerate(topic.modules)
            if entry.module == prefix or entry.module.startswith(prefix + ".")
        ),
        len(topic.modules),
    )
    return (rank, entry.module, entry.line, entry.name)


def assign() -> dict[str, list[Entry]]:
    """The public names of each topic page, by slug, in page order."""
    pages: dict[str, list[Entry]] = {topic.slug: [] for topic in TOPICS}
    for entry in public_entries():
        topic = topic_of(entry)
        if topic is not None:
            pages[topic.slug].append(entry)
    by_slug = {topic.slug: topic for topic in TOPICS}
    return {slug: sorted(entries, key=lambda e: _order(by_slug[slug], e)) for slug, entries in pages.items()}


def unassigned() -> list[Entry]:
    """The public names that no topic page claims."""
    return [entry for entry in public_entries() if topic_of(entry) is None]
