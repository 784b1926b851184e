"""A small Sphinx extension: the rule presets, documented from the library itself.

The directive ::

    .. preset-table::
       :columns: 4

inserts a table with one row per field of :class:`ginrummy.Ruleset` (from ``attrs.fields``)
and one column per preset of :data:`ginrummy.PRESETS`, so the documented values cannot drift
from the code. Each field links to its API entry and is explained by the first sentence of
its docstring; each preset heading links to the preset's constant. Enum values are shown by
member name, booleans as yes / no. ``:columns: N`` splits the presets into tables of at most
``N`` presets each (the first one keeps the column of meanings), so that many presets stay
readable on a narrow page.

The directive ::

    .. preset-list::

inserts a definition list: every preset's name and its docstring (which cites its source).
"""

from __future__ import annotations

import enum
import inspect
from typing import Any

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective

import ginrummy
import ginrummy.rules


def _value_text(value: object) -> str:
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "None" if value is None else str(value)


def _field_summaries() -> dict[str, str]:
    """The first sentence of each ``Ruleset`` field's explanation (its metadata)."""
    return {name: doc.split(". ")[0].rstrip(".") + "." for name, doc in ginrummy.rules.field_docs().items()}


def _preset_docstrings() -> dict[str, str]:
    """The docstring of each module-level constant of ``ginrummy.rules``, by constant name."""
    docs = ModuleAnalyzer.for_module("ginrummy.rules").find_attr_docs()
    return {name: "\n".join(lines).strip() for (owner, name), lines in docs.items() if owner == ""}


def _preset_constants() -> dict[int, str]:
    """The module-level name of each preset value in ``ginrummy.rules`` (by identity)."""
    return {
        id(value): name
        for name, value in vars(ginrummy.rules).items()
        if isinstance(value, ginrummy.Ruleset) and name.isupper()
    }


class PresetTableDirective(SphinxDirective):
    """``.. preset-table::``: every ``Ruleset`` field against every preset."""

    has_content = False
    required_arguments = 0
    optional_arguments = 0
    option_spec = {"columns": directives.positive_int}  # noqa: RUF012 - the docutils API

    def _inline(self, text: str) -> list[nodes.Node]:
        """``text`` parsed as inline reStructuredText (so roles become cross-references)."""
        parsed, messages = self.state.inline_text(text, self.lineno)
        return [*parsed, *messages]

    def _cell(self, content: list[nodes.Node] | str) -> nodes.entry:
        entry = nodes.entry()
        paragraph = nodes.paragraph()
        if isinstance(content, str):
            paragraph += nodes.Text(content)
        else:
            paragraph.extend(content)
        entry += paragraph
        return entry

    def _row(self, cells: list[nodes.entry]) -> nodes.row:
        row = nodes.row()
        row.extend(cells)
        return row

    def _header(self, preset: ginrummy.Ruleset, constants: dict[int, str]) -> nodes.entry:
        constant = constants.get(id(preset))
        if constant is None:
            return self._cell(self._inline(f"``{preset.name}``"))
        return self._cell(self._inline(f":data:`{preset.name} <ginrummy.rules.{constant}>`"))

    def _table(self, presets: list[ginrummy.Ruleset], *, meanings: bool) -> nodes.table:
        constants = _preset_constants()
        summaries = _field_summaries()
        fields = [field for field in attrs.fields(ginrummy.Ruleset) if field.name != "name"]
        table = nodes.table(classes=["preset-table"])
        group = nodes.tgroup(cols=1 + int(meanings) + len(presets))
        table += group
        for width in (24, *([40] if meanings else []), *([12] * len(presets))):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        header = [self._cell("field"), *([self._cell("meaning")] if meanings else [])]
        header.extend(self._header(preset, constants) for preset in presets)
        head += self._row(header)
        group += head
        body = nodes.tbody()
        for field in fields:
            cells = [self._cell(self._inline(f":attr:`~ginrummy.rules.Ruleset.{field.name}`"))]
            if meanings:
                cells.append(self._cell(summaries.get(field.name, "")))
            cells.extend(self._cell(_value_text(getattr(preset, field.name))) for preset in presets)
            body += self._row(cells)
        group += body
        return table

    def run(self) -> list[nodes.Node]:
        source = inspect.getsourcefile(ginrummy.rules)
        if source is not None:
            self.env.note_dependency(source)
        presets = list(ginrummy.PRESETS.values())
        size = self.options.get("columns", len(presets)) or 1
        chunks = [presets[i : i + size] for i in range(0, len(presets), size)]
        return [self._table(chunk, meanings=number == 0) for number, chunk in enumerate(chunks)]


class PresetListDirective(SphinxDirective):
    """``.. preset-list::``: every preset with its docstring."""

    has_content = False
    required_arguments = 0
    optional_arguments = 0

    def run(self) -> list[nodes.Node]:
        source = inspect.getsourcefile(ginrummy.rules)
        if source is not None:
            self.env.note_dependency(source)
        constants = _preset_constants()
        docstrings = _preset_docstrings()
        lines: list[str] = []
        for preset in ginrummy.PRESETS.values():
            constant = constants.get(id(preset))
            doc = docstrings.get(constant or "", "") or "(no description)"
            lines.append(f"``{preset.name}``")
            lines.extend(f"   {line}" if line.strip() else "" for line in doc.splitlines())
            lines.append("")
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source="<preset-list>"), self.content_offset, container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``preset-table`` and ``preset-list`` directives."""
    app.add_directive("preset-table", PresetTableDirective)
    app.add_directive("preset-list", PresetListDirective)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
