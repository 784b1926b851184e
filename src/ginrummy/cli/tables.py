"""Plain-text tables for the command line: presets side by side, one ruleset in full,
simulation statistics side by side, and a paired comparison. Side-by-side tables fit an
80-column terminal: columns that do not fit are cut into blocks, each repeating the labels.

>>> import ginrummy as gr
>>> from ginrummy.cli.tables import presets_table
>>> print(presets_table([gr.PAGAT, gr.STRAIGHT]).splitlines()[1])
knock_limit                      10        0
"""

from __future__ import annotations

import enum
import json
import math
import textwrap
from collections.abc import Sequence

import attrs

from ginrummy.io.json_writer import ruleset_data
from ginrummy.rules import Ruleset, field_docs
from ginrummy.simulation.comparison import Comparison
from ginrummy.simulation.statistics import Estimate, SimulationReport, reported
from ginrummy.simulation.tally import Statistic

__all__ = [
    "WIDTH",
    "comparison_table",
    "difference_cell",
    "estimate_cell",
    "presets_json",
    "presets_table",
    "ruleset_json",
    "ruleset_table",
    "simulation_table",
    "statistic_label",
    "wrapped_table",
]

_LABEL = 26


def _value(value: object) -> str:
    """A field's value as a ruleset file writes it: an enum by its value (``stock-only``, as
    TOML and JSON files spell it), a flag as yes or no, None as ``-``."""
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "-" if value is None else str(value)


def _fields() -> list[str]:
    return [field.name for field in attrs.fields(Ruleset) if field.name != "name"]


def presets_table(rulesets: Sequence[Ruleset]) -> str:
    """Every ruleset field as a row, the rulesets as columns (in blocks that fit 80 columns)."""
    rows = [(name, [_value(getattr(r, name)) for r in rulesets]) for name in _fields()]
    lines = wrapped_table([r.name for r in rulesets], rows)
    return "\n".join(["field" + lines[0][5:], *lines[1:]])


def ruleset_table(rules: Ruleset) -> str:
    """One ruleset in full: each field, its value and what it means (wrapped to fit 80
    columns)."""
    lines = [f"{rules.name}"]
    docs = {name: doc.split(". ")[0].rstrip(".") for name, doc in field_docs().items()}
    values = {name: _value(getattr(rules, name)) for name in _fields()}
    start = 2 + _LABEL + max(len(value) for value in values.values()) + 2
    for name, value in values.items():
        head = f"  {name:<{_LABEL}}{value:<{start - 2 - _LABEL}}"
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


WIDTH = 80
"""The width every side-by-side table fits (an 80-column terminal)."""


def wrapped_table(
    headers: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]], width: int = WIDTH
) -> list[str]:
    """Rows of cells under column headers, with a label column; when the columns do not fit
    ``width``, they are cut into blocks that do, each repeating the labels, a blank line
    between blocks. Every column is as wide as the widest cell of the table.

    >>> for line in wrapped_table(["a", "b", "c"], [("row", ["1", "22", "333"])], width=14):
    ...     print(repr(line))
    '        a    b'
    'row     1   22'
    ''
    '        c'
    'row   333'
    """
    label = max([len(name) for name, _ in rows] + [0]) + 1
    column = 2 + max([len(cell) for _, cells in rows for cell in cells] + [len(h) for h in headers])
    per_block = max(1, (width - label) // column)
    lines: list[str] = []
    for first in range(0, len(headers), per_block):
        if first:
            lines.append("")
        chosen = slice(first, first + per_block)
        lines.append(" " * label + "".join(f"{h:>{column}}" for h in headers[chosen]).rstrip())
        for name, cells in rows:
            lines.append(f"{name:<{label}}" + "".join(f"{cell:>{column}}" for cell in cells[chosen]))
    return lines


def _decimals(base: int, width: float) -> int:
    """``base`` decimals, or up to 3 when ``width`` (non-zero) would print as 0."""
    decimals = base
    while decimals < 3 and width and round(width, decimals) == 0:
        decimals += 1
    return decimals


def estimate_cell(estimate: Estimate, percent: bool) -> str:
    """An estimate and its 95% interval, ``93.7 (92.5-94.6)``: shares in percent (without the
    sign), means with 2 decimals below 10 and 1 above, more where the interval would print
    as nothing (``0.00 (0.00-0.02)``); ``-`` when undefined.

    >>> from ginrummy.simulation.statistics import Estimate
    >>> estimate_cell(Estimate(0.937, 0.925, 0.946), True), estimate_cell(Estimate(1.5, 0.75, 2.25), False)
    ('93.7 (92.5-94.6)', '1.50 (0.75-2.25)')
    >>> estimate_cell(Estimate(0.0, 0.0, 0.00018), True)
    '0.00 (0.00-0.02)'
    """
    if math.isnan(estimate.value):
        return "-"
    scale = 100 if percent else 1
    value, low, high = (scale * x for x in (estimate.value, estimate.low, estimate.high))
    decimals = _decimals(1 if percent or abs(value) >= 10 else 2, high - low)
    texts = [f"{x:.{decimals}f}" for x in (value, low, high)]
    if low == high == value:
        return texts[0]
    return f"{texts[0]} ({texts[1]}{' to ' if low < 0 else '-'}{texts[2]})"


def difference_cell(estimate: Estimate, percent: bool) -> str:
    """A difference and the half-width of its (symmetric) 95% interval, ``+2.4 ± 1.1``:
    shares in percentage points, with more decimals where the half-width would print as 0;
    ``-`` when undefined.

    >>> from ginrummy.simulation.statistics import Estimate
    >>> difference_cell(Estimate(-0.021, -0.032, -0.010), True)
    '-2.1 ± 1.1'
    >>> difference_cell(Estimate(0.5, 0.25, 0.75), False), difference_cell(Estimate(0.0, 0.0, 0.0), False)
    ('+0.50 ± 0.25', '0.00')
    >>> difference_cell(Estimate(0.0007, 0.0003, 0.0011), True)
    '+0.07 ± 0.04'
    """
    if math.isnan(estimate.value):
        return "-"
    scale = 100 if percent else 1
    value, half = scale * estimate.value, scale * (estimate.high - estimate.low) / 2
    decimals = _decimals(1 if percent or abs(value) >= 10 else 2, half)
    texts = [f"{x:.{decimals}f}" for x in (value, half)]
    if value > 0 and float(texts[0]) != 0:
        texts[0] = "+" + texts[0]
    return texts[0] if half == 0 else f"{texts[0]} ± {texts[1]}"


def _header(report: SimulationReport, each: str) -> list[str]:
    stats = report.stats
    count = f"{stats[0].games} games" if report.unit == "games" else f"{stats[0].rounds} rounds"
    text = f"{count} {each}, {report.bots[0]} (player 0) vs {report.bots[1]} (player 1), seed {report.seed}"
    return textwrap.wrap(text, WIDTH)


def _note(report: SimulationReport) -> str:
    if report.unit == "games":
        return "shares in % of rounds (of games where it says game), 95% intervals in brackets"
    return "shares of rounds in %, 95% intervals in brackets"


def statistic_label(statistic: Statistic, bots: tuple[str, str]) -> str:
    """A statistic's row label, naming the bots where it says ``player 0`` or ``player 1``.

    >>> from ginrummy.simulation.tally import STATISTICS
    >>> wins = next(s for s in STATISTICS if s.name == "player1_game_win_rate")
    >>> statistic_label(wins, ("greedy", "tracker"))
    'tracker (player 1) wins game'
    """
    label = statistic.label
    for player, bot in enumerate(bots):
        label = label.replace(f"player {player}", f"{bot} (player {player})")
    return label


def _statistic_rows(report: SimulationReport) -> list[tuple[str, list[str]]]:
    stats = report.stats
    rows: list[tuple[str, list[str]]] = [("rounds", [str(s.rounds) for s in stats])]
    if report.unit == "games":
        rows.append(("games", [str(s.games) for s in stats]))
    for statistic in reported(report.unit):
        rows.append(
            (
                statistic_label(statistic, report.bots),
                [estimate_cell(s.statistic(statistic), statistic.percent) for s in stats],
            )
        )
    return rows


def simulation_table(report: SimulationReport) -> str:
    """The statistics of every ruleset side by side, shares in percent, with 95% intervals in
    brackets; cut into blocks of rulesets that fit 80 columns."""
    lines = _header(report, "per ruleset")
    lines.append(_note(report))
    lines.append("")
    lines += wrapped_table([s.name for s in report.stats], _statistic_rows(report))
    return "\n".join(lines)


def comparison_table(comparison: Comparison) -> str:
    """Every statistic under each ruleset (as :func:`simulation_table`), then the paired
    difference of each ruleset from the first with its 95% interval, ``*`` marking the
    differences whose interval excludes 0; cut into blocks that fit 80 columns."""
    report = comparison.report
    names = [s.name for s in report.stats]
    lines = _header(report, "under each ruleset on the same deals")
    lines.append(_note(report))
    lines.append("")
    lines += wrapped_table(names, _statistic_rows(report))
    lines.append("")
    lines += textwrap.wrap(
        f"difference from {names[0]}, paired game by game, ± the half-width of its 95% "
        "interval (shares in percentage points); * the interval excludes 0",
        WIDTH,
    )
    lines.append("")
    rows: list[tuple[str, list[str]]] = []
    for statistic in comparison.statistics:
        cells = []
        for name in names[1:]:
            found = next(
                d for d in comparison.differences if d.ruleset == name and d.statistic == statistic.name
            )
            cell = difference_cell(found.estimate, statistic.percent)
            cells.append(cell + (" *" if found.significant else "  "))
        rows.append((statistic_label(statistic, report.bots), cells))
    lines += wrapped_table(names[1:], rows)
    return "\n".join(line.rstrip() for line in lines)
