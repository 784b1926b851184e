"""Plain-text tables for the command line: presets side by side, one ruleset in full, and
simulation statistics side by side.

>>> import ginrummy as gr
>>> from ginrummy.report import presets_table
>>> print(presets_table([gr.PAGAT, gr.STRAIGHT]).splitlines()[1])
knock_limit                      10        0
"""

from __future__ import annotations

import ast
import enum
import inspect
import itertools
import json
import math
import textwrap
from collections.abc import Sequence

import attrs

from ginrummy.rules import Ruleset
from ginrummy.scoring import Outcome
from ginrummy.simulation import Estimate, SimulationReport

__all__ = ["presets_json", "presets_table", "ruleset_table", "simulation_table"]

_LABEL = 26


def _value(value: object) -> str:
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "-" if value is None else str(value)


def _fields() -> list[str]:
    return [field.name for field in attrs.fields(Ruleset) if field.name != "name"]


def presets_table(rulesets: Sequence[Ruleset]) -> str:
    """Every ruleset field as a row, the rulesets as columns."""
    width = max(
        8,
        *(len(r.name) + 2 for r in rulesets),
        *(len(_value(getattr(r, f))) + 2 for r in rulesets for f in _fields()),
    )
    lines = [f"{'field':<{_LABEL}}" + "".join(f"{r.name:>{width}}" for r in rulesets)]
    for name in _fields():
        lines.append(f"{name:<{_LABEL}}" + "".join(f"{_value(getattr(r, name)):>{width}}" for r in rulesets))
    return "\n".join(lines)


def ruleset_table(rules: Ruleset) -> str:
    """One ruleset in full: each field, its value and what it means."""
    lines = [f"{rules.name}"]
    docs = _field_docs()
    for name in _fields():
        lines.append(f"  {name:<{_LABEL}}{_value(getattr(rules, name)):<22}{docs.get(name, '')}")
    return "\n".join(lines)


def _field_docs() -> dict[str, str]:
    """The first sentence of each field's docstring (the string after the field in the class
    body), read from the source with :mod:`ast`."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(Ruleset)))
    body = tree.body[0].body if isinstance(tree.body[0], ast.ClassDef) else []
    docs: dict[str, str] = {}
    for node, following in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            text = " ".join(following.value.value.split())
            docs[node.target.id] = text.split(". ")[0].rstrip(".")
    return docs


def presets_json(rulesets: Sequence[Ruleset]) -> str:
    """The rulesets as JSON objects (enums by value), in a list."""
    data = []
    for rules in rulesets:
        entry: dict[str, object] = {}
        for field in attrs.fields(Ruleset):
            value = getattr(rules, field.name)
            entry[field.name] = value.value if isinstance(value, enum.Enum) else value
        data.append(entry)
    return json.dumps(data, indent=2)


def _percent(estimate: Estimate) -> str:
    if math.isnan(estimate.value):
        return "-"
    return f"{100 * estimate.value:.1f}% ({100 * estimate.low:.1f}-{100 * estimate.high:.1f})"


def _mean(estimate: Estimate) -> str:
    if math.isnan(estimate.value):
        return "-"
    return f"{estimate.value:.2f} ({estimate.low:.2f}-{estimate.high:.2f})"


def simulation_table(report: SimulationReport) -> str:
    """The statistics of every ruleset side by side, with 95% intervals in brackets; columns
    are as wide as their widest cell."""
    stats = report.stats
    games = any(s.games for s in stats)
    unit = f"{stats[0].games} games" if games else f"{stats[0].rounds} rounds"
    rows: list[tuple[str, list[str]]] = [("rounds", [str(s.rounds) for s in stats])]
    if games:
        rows.append(("games", [str(s.games) for s in stats]))
    for outcome in Outcome:
        rows.append((outcome.value.replace("-", " "), [_percent(s.rate(outcome)) for s in stats]))
    rows += [
        ("turns per round", [_mean(s.turns_per_round) for s in stats]),
        ("points per scored round", [_mean(s.points_per_scored_round) for s in stats]),
        ("dealer wins round", [_percent(s.dealer_win_rate) for s in stats]),
        ("non-dealer wins round", [_percent(s.non_dealer_win_rate) for s in stats]),
    ]
    if games:
        rows += [
            ("rounds per game", [f"{s.rounds_per_game:.2f}" for s in stats]),
            ("first player wins game", [_percent(s.first_player_game_win_rate) for s in stats]),
            ("drawn games", [_percent(s.draw_rate) for s in stats]),
        ]
    width = 2 + max(
        len(cell) for cells in ([s.name for s in stats], *(cells for _, cells in rows)) for cell in cells
    )
    lines = [
        f"{unit} per ruleset, {report.bots[0]} (player 0) vs {report.bots[1]} (player 1), "
        f"seed {report.seed}; 95% intervals in brackets",
        f"{'':<{_LABEL}}" + "".join(f"{s.name:>{width}}" for s in stats),
    ]
    lines += [f"{label:<{_LABEL}}" + "".join(f"{cell:>{width}}" for cell in cells) for label, cells in rows]
    return "\n".join(lines)
