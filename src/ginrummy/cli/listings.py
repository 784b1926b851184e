"""Plain-text listings for the command line: presets side by side, one ruleset in full, and
(from :mod:`ginrummy.simulation`, where ``str()`` of a report, a comparison and a ladder
writes them) simulation statistics side by side and a paired comparison. Side-by-side listings
fit an 80-column terminal: columns that do not fit are cut into blocks, each repeating the
labels.

>>> import ginrummy as gr
>>> from ginrummy.cli.listings import presets_text
>>> print(presets_text([gr.PAGAT, gr.STRAIGHT]).splitlines()[1])
knock_limit                      10        0
"""

from __future__ import annotations

import enum
import json
import textwrap
from collections.abc import Sequence

import attrs

from ginrummy.io.json_writer import ruleset_data
from ginrummy.rules import PRESETS, Ruleset, field_docs
from ginrummy.simulation.cells import WIDTH, difference_cell, estimate_cell, wrapped_columns
from ginrummy.simulation.comparison import comparison_text
from ginrummy.simulation.statistics import simulation_text, statistic_label
from ginrummy.validators import is_flag

__all__ = [
    "WIDTH",
    "closest_preset",
    "comparison_text",
    "difference_cell",
    "estimate_cell",
    "presets_json",
    "presets_text",
    "ruleset_json",
    "ruleset_text",
    "simulation_text",
    "statistic_label",
    "wrapped_columns",
]

_LABEL = 26


def _value(value: object) -> str:
    """A field's value as a ruleset file writes it: an enum by its value (``stock-only``, as
    TOML and JSON files spell it), a flag as yes or no, None as ``-``."""
    if isinstance(value, enum.Enum):
        return str(value.value)
    if is_flag(value):
        return "yes" if value else "no"
    return "-" if value is None else str(value)


def _fields() -> list[str]:
    return [field.name for field in attrs.fields(Ruleset) if field.name != "name"]


def presets_text(rulesets: Sequence[Ruleset]) -> str:
    """Every ruleset field as a row, the rulesets as columns (in blocks that fit 80 columns)."""
    rows = [(name, [_value(getattr(r, name)) for r in rulesets]) for name in _fields()]
    lines = wrapped_columns([r.name for r in rulesets], rows)
    return "\n".join(["field" + lines[0][5:], *lines[1:]])


def closest_preset(rules: Ruleset) -> Ruleset:
    """The preset with the fewest fields different from ``rules`` (the first on a tie).

    >>> import ginrummy as gr
    >>> closest_preset(gr.OKLAHOMA.evolve(name="mine", target=50)).name
    'oklahoma'
    """
    return min(PRESETS.values(), key=lambda p: sum(getattr(p, f) != getattr(rules, f) for f in _fields()))


def ruleset_text(rules: Ruleset, base: Ruleset | None = None) -> str:
    """One ruleset in full: each field, its value and what it means (wrapped to fit 80
    columns); with ``base``, a ``*`` marks each field whose value differs from it."""
    lines = [f"{rules.name}"]
    if base is not None and base != rules:
        lines = [f"{rules.name} (* marks what differs from {base.name})"]
    docs = {name: doc.split(". ")[0].rstrip(".") for name, doc in field_docs().items()}
    values = {name: _value(getattr(rules, name)) for name in _fields()}
    start = 2 + _LABEL + max(len(value) for value in values.values()) + 2
    for name, value in values.items():
        mark = "* " if base is not None and getattr(base, name) != getattr(rules, name) else "  "
        head = f"{mark}{name:<{_LABEL}}{value:<{start - 2 - _LABEL}}"
        wrapped = textwrap.wrap(docs.get(name, ""), WIDTH - start) or [""]
        lines.append((head + wrapped[0]).rstrip())
        lines += [" " * start + more for more in wrapped[1:]]
    return "\n".join(lines)


def presets_json(rulesets: Sequence[Ruleset]) -> str:
    """The rulesets as JSON objects (enums by value), in a list."""
    return json.dumps([ruleset_data(rules) for rules in rulesets], indent=2)


def ruleset_json(rules: Ruleset) -> str:
    """One ruleset as one JSON object in the short form ``--ruleset`` reads back (every field,
    enums by value)."""
    return json.dumps(ruleset_data(rules), indent=2)
