"""JSON for the results of simulations, :class:`~ginrummy.SimulationReport` and
:class:`~ginrummy.Comparison`: written by :func:`~ginrummy.dumps` and read back, checked in
full, by :func:`~ginrummy.loads` (the JSON modules delegate these types here).

A result's document holds what decides it, its :class:`~ginrummy.Tally`, and the figures
people and other programs read, which :func:`~ginrummy.loads` checks against the figures the
tally gives (:func:`~ginrummy.io.json_fields.check_figures`)::

    {"tally": <tally>,
     "stats": [{"ruleset": "pagat", "rounds": 40, "games": 0, "outcomes": {"knock": {"value":
                0.9, "low": 0.769, "high": 0.96}, ...}, "turns_per_round": {...}, ...}, ...],
     "differences": [{"ruleset": "straight", "against": "pagat",      (a comparison only)
                      "statistics": {"knock": {"value": ..., "low": ..., "high": ...,
                                               "excludes_zero": true}, ...}}, ...]}

A figure undefined (no rounds to count it over) is null.

>>> import ginrummy as gr
>>> report = gr.simulate(gr.PAGAT, rounds=4, seed=1, bots=("greedy", "greedy"))
>>> gr.to_data(report)["data"]["stats"][0]["outcomes"]["knock"]
{'value': 0.75, 'low': 0.300642, 'high': 0.954413}
>>> gr.loads(gr.dumps(report)) == report
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ginrummy.io.json_fields import check_figures, construct, read_object
from ginrummy.io.tally_json import read_tally, tally_data
from ginrummy.rules import Ruleset
from ginrummy.simulation.comparison import Comparison, differences_figures
from ginrummy.simulation.statistics import SimulationReport, stats_figures

__all__ = ["comparison_data", "read_comparison", "read_report", "report_data"]


def report_data(report: SimulationReport, ruleset_data: Callable[[Ruleset], Any]) -> dict[str, Any]:
    """The JSON data of a report; ``ruleset_data`` writes one ruleset."""
    return {
        "tally": tally_data(report.tally, ruleset_data),
        "stats": [stats_figures(s) for s in report.stats],
    }


def comparison_data(comparison: Comparison, ruleset_data: Callable[[Ruleset], Any]) -> dict[str, Any]:
    """The JSON data of a comparison; ``ruleset_data`` writes one ruleset."""
    return {
        **report_data(comparison.report, ruleset_data),
        "differences": differences_figures(comparison),
    }


def read_report(value: object, path: str, read_ruleset: Callable[[object, str], Ruleset]) -> SimulationReport:
    """A report from its JSON data: its tally checked in full, its figures against the tally's.

    :raises SerializationError: naming the path of the first thing wrong.
    """
    data = read_object(value, path, ["tally", "stats"])
    report = SimulationReport(read_tally(data["tally"], f"{path}.tally", read_ruleset))
    check_figures(data["stats"], [stats_figures(s) for s in report.stats], f"{path}.stats")
    return report


def read_comparison(value: object, path: str, read_ruleset: Callable[[object, str], Ruleset]) -> Comparison:
    """A comparison from its JSON data: its tally checked in full, its figures and
    differences against the tally's.

    :raises SerializationError: naming the path of the first thing wrong.
    """
    data = read_object(value, path, ["tally", "stats", "differences"])
    comparison = construct(path, Comparison, read_tally(data["tally"], f"{path}.tally", read_ruleset))
    check_figures(data["stats"], [stats_figures(s) for s in comparison.stats], f"{path}.stats")
    check_figures(data["differences"], differences_figures(comparison), f"{path}.differences")
    return comparison
