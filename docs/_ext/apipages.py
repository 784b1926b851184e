"""A small Sphinx extension: the API reference, one page per topic, public names only.

Each topic page (``docs/api/<slug>.rst``) has a title, a few sentences of its own and the
directive ::

    .. api-topic:: rounds

which documents, under the names users import (``ginrummy.Round``, ``ginrummy.rl.encode``),
every public name that :mod:`apitopics` sorts onto that page: a short table of the names with
the first line of each docstring, then each class (with its public members), function and
constant. Nothing is listed by hand, so the pages follow ``__all__`` as it changes.

The build checks the reference (``sphinx-build -W`` turns each warning into a failure):

* a public name that lands on no page (no topic claims its module, or its page lacks the
  directive) is reported;
* a cross-reference to ``ginrummy.<module>.<Name>`` (the module that defines a public name,
  as the guides and type hints write it) is resolved to the public entry ``ginrummy.<Name>``,
  and one to a field of an attrs class (``Ruleset.knock_limit``) to the class, whose
  docstring lists its fields; a reference to a ``ginrummy`` name that does not exist (a path
  gone stale after a move) is reported. A name that exists but is not public stays text.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from collections.abc import Iterator
from functools import cache
from typing import Any

import apitopics
import attrs
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

__all__ = ["ApiTopicDirective", "public_target", "setup"]

logger = logging.getLogger(__name__)

_MAX_VALUE_TEXT = 60
"""A constant's defining expression is shown after its name when it is one short line."""


def _summary(entry: apitopics.Entry) -> str:
    """The first paragraph of a name's documentation (its line in the summary table): the
    docstring of a class or function, the attribute docstring of a constant."""
    doc = "\n".join(_attribute_doc(entry)) if entry.kind == "data" else inspect.getdoc(entry.obj) or ""
    return " ".join(doc.strip().split("\n\n", 1)[0].split())


def _attribute_doc(entry: apitopics.Entry) -> list[str]:
    """The docstring written under a constant's assignment in its module (or nothing)."""
    try:
        docs = ModuleAnalyzer.for_module(entry.module).find_attr_docs()
    except PycodeError:  # a module without source: no attribute docs
        return []
    return [line for line in docs.get(("", entry.name), []) if line is not None]


def _value_text(entry: apitopics.Entry) -> str | None:
    """The expression assigned to a constant, when it fits one short line."""
    module = sys.modules[entry.module]
    try:
        source = inspect.getsource(module)
    except (OSError, TypeError):
        return None
    for node in ast.parse(source).body:
        value = None
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == entry.name for t in node.targets
        ):
            value = node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            value = node.value if node.target.id == entry.name else None
        if value is not None:
            text = ast.get_source_segment(source, value)
            if text and "\n" not in text and len(text) <= _MAX_VALUE_TEXT:
                return text
            return None
    return None


def _entry_lines(entry: apitopics.Entry) -> Iterator[str]:
    """The reStructuredText documenting one public name."""
    if entry.kind in ("class", "exception"):
        yield f".. autoclass:: {entry.qualname}"
        yield "   :members:"
        if entry.kind == "exception":
            yield "   :show-inheritance:"
    elif entry.kind == "function":
        yield f".. autofunction:: {entry.qualname}"
    else:
        yield f".. py:data:: {entry.name}"
        yield f"   :module: {entry.package}"
        value = _value_text(entry)
        if value is not None:
            yield f"   :value: {value}"
        doc = _attribute_doc(entry)
        if doc:
            yield ""
            yield from (f"   {line}" if line else "" for line in doc)
    yield ""


def _table_lines(entries: list[apitopics.Entry]) -> Iterator[str]:
    """A two-column table: each name (linked) and the first paragraph of its documentation."""
    yield ".. list-table::"
    yield "   :class: api-summary"
    yield "   :widths: 30 70"
    yield ""
    roles = {"class": "class", "exception": "exc", "function": "func", "data": "data"}
    for entry in entries:
        summary = _summary(entry)
        yield f"   * - :{roles[entry.kind]}:`~{entry.qualname}`"
        yield f"     - {summary}" if summary else "     -"
    yield ""


class ApiTopicDirective(SphinxDirective):
    """``.. api-topic:: SLUG``: every public name of that topic, documented."""

    has_content = False
    required_arguments = 1
    optional_arguments = 0

    def run(self) -> list[nodes.Node]:
        slug = self.arguments[0]
        pages = apitopics.assign()
        if slug not in pages:
            known = ", ".join(pages)
            raise self.error(f"unknown API topic {slug!r}: the topics are {known}")
        entries = pages[slug]
        documented = _documented(self.env)
        documented.setdefault(self.env.docname, set()).update(entry.qualname for entry in entries)
        if not entries:
            return []
        lines = [*_table_lines(entries)]
        for entry in entries:
            lines.extend(_entry_lines(entry))
        container = nodes.container()
        self.state.nested_parse(
            StringList(lines, source=f"<api-topic {slug}>"), self.content_offset, container
        )
        return list(container.children)


def _documented(env: BuildEnvironment) -> dict[str, set[str]]:
    """The public names each document documents (kept in the environment)."""
    if not hasattr(env, "ginrummy_api_documented"):
        env.ginrummy_api_documented = {}  # type: ignore[attr-defined]
    documented: dict[str, set[str]] = env.ginrummy_api_documented  # type: ignore[attr-defined]
    return documented


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _documented(env).pop(docname, None)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    for docname, names in _documented(other).items():
        if docname in docnames:
            _documented(env)[docname] = set(names)


def _check_every_public_name_is_documented(app: Sphinx, env: BuildEnvironment) -> None:
    """A warning for every public name that no page documents."""
    documented = set().union(*_documented(env).values())
    for entry in apitopics.public_entries():
        if entry.qualname in documented:
            continue
        topic = apitopics.topic_of(entry)
        reason = (
            f"no topic claims its module {entry.module or '(unknown)'}"
            if topic is None
            else f"no page holds '.. api-topic:: {topic.slug}'"
        )
        logger.warning(
            "public name %s is on no API page: %s (docs/_ext/apitopics.py)", entry.qualname, reason
        )


@cache
def _public_maps() -> tuple[dict[int, str], dict[tuple[str, str], str]]:
    """Public names by the identity of their class or function, and by (module, name)."""
    by_identity: dict[int, str] = {}
    by_definition: dict[tuple[str, str], str] = {}
    for entry in apitopics.public_entries():
        if entry.kind != "data":
            by_identity.setdefault(id(entry.obj), entry.qualname)
        by_definition.setdefault((entry.module, entry.name), entry.qualname)
        by_definition.setdefault((entry.package, entry.name), entry.qualname)
    return by_identity, by_definition


def _split_module(target: str) -> tuple[str, list[str]] | None:
    """The longest importable module prefix of a dotted name, and the attribute path after it."""
    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        name = ".".join(parts[:cut])
        if name in sys.modules:
            return name, parts[cut:]
        try:
            importlib.import_module(name)
        except ImportError:  # not a module: try a shorter prefix
            continue
        return name, parts[cut:]
    return None


def _declares(cls: Any, attribute: str) -> bool:
    """Whether a class declares an instance attribute it has no class attribute for (an
    annotated one, or a field of an attrs class with slots)."""
    if not inspect.isclass(cls):
        return False
    if attrs.has(cls) and attribute in attrs.fields_dict(cls):
        return True
    return any(attribute in vars(klass).get("__annotations__", {}) for klass in cls.__mro__)


def _lookup(target: str) -> tuple[str, list[str], list[Any]] | None:
    """A dotted ``ginrummy`` name split into its module and attribute path, with the object
    at each step of the path; None when the module or any attribute does not exist."""
    split = _split_module(target)
    if split is None:
        return None
    module_name, path = split
    objects: list[Any] = []
    obj: Any = sys.modules[module_name]
    for attribute in path:
        if not hasattr(obj, attribute) and not _declares(obj, attribute):
            return None
        obj = getattr(obj, attribute, None)
        objects.append(obj)
    return module_name, path, objects


def public_target(target: str) -> str | None:
    """The public name (and member path) that a dotted ``ginrummy`` name refers to, or None.

    ``ginrummy.play.round.Round.apply`` gives ``ginrummy.Round.apply``; ``ginrummy.rules.PAGAT``
    gives ``ginrummy.PAGAT``; a name that is not public API, or does not exist, gives None.
    """
    if not target.startswith("ginrummy"):
        return None
    found = _lookup(target)
    if found is None:
        return None
    module_name, path, objects = found
    by_identity, by_definition = _public_maps()
    if path and (module_name, path[0]) in by_definition:
        return ".".join([by_definition[(module_name, path[0])], *path[1:]])
    for index, obj in enumerate(objects):
        public = by_identity.get(id(obj))
        if public is not None:
            return ".".join([public, *path[index + 1 :]])
    return None


def _field_owner(target: str) -> str | None:
    """For ``ginrummy.Ruleset.knock_limit``, a field of an attrs class documented in the class's
    docstring rather than as an attribute of its own: the class, ``ginrummy.Ruleset``."""
    owner, _, name = target.rpartition(".")
    found = _lookup(owner)
    if found is None or not found[2]:
        return None
    cls = found[2][-1]
    return owner if inspect.isclass(cls) and attrs.has(cls) and name in attrs.fields_dict(cls) else None


def _resolve(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: nodes.Element
) -> nodes.Element | None:
    """Resolve a Python reference to a ``ginrummy`` name through its public name.

    A reference to a ``ginrummy`` name that exists but is not public is left as text (the
    guides may name the library's internals); one to a name that does not exist (a module path
    gone stale after a move) is reported.
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    candidates = [target]
    module = node.get("py:module")
    if not target.startswith("ginrummy"):
        candidates = [f"{module}.{target}"] if module else []
        candidates.append(f"ginrummy.{target}")
    domain = env.get_domain("py")
    builder = app.builder
    for candidate in candidates:
        public = public_target(candidate)
        if public is None:
            continue
        for kind, name in ((node["reftype"], public), ("class", _field_owner(public))):
            if name is None or name == target:
                continue
            resolved = domain.resolve_xref(env, node["refdoc"], builder, kind, name, node, contnode)
            if resolved is not None:
                return resolved
    if target.startswith("ginrummy") and _lookup(target) is None:
        logger.warning(
            "reference to %s, which does not exist", target, location=node, type="ref", subtype="ginrummy"
        )
    return None


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("api-topic", ApiTopicDirective)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-check-consistency", _check_every_public_name_is_documented)
    app.connect("missing-reference", _resolve)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
