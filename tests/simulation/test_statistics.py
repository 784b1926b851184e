"""Readable results in Python (issue 29, item 3): ``str()`` of a ``SimulationReport``, a
``Comparison`` and a ``Ladder`` is the table the command line prints (it was the attrs repr,
the whole ruleset first), and an ``Estimate`` prints short and formats like a float
(``f"{estimate:.1%}"`` raised ``TypeError``).
"""

from __future__ import annotations

import math

import pytest

import ginrummy as gr
from cli_helpers import run_cli


def test_str_of_a_report_is_what_simulate_prints() -> None:
    """``print(report)`` shows the table of ``ginrummy simulate`` for the same run, word for
    word, and no ruleset's repr."""
    report = gr.simulate([gr.PAGAT, gr.STRAIGHT], rounds=3, bots=("greedy", "random"), seed=2)
    result = run_cli(
        "simulate",
        "--preset",
        "pagat",
        "--preset",
        "straight",
        "--rounds",
        "3",
        "--bots",
        "greedy",
        "random",
        "--seed",
        "2",
    )
    assert (0, "") == (result.returncode, result.stderr)
    assert result.stdout == str(report) + "\n"
    assert "Ruleset(" not in str(report)


def test_str_of_a_comparison_and_a_ladder_are_what_the_commands_print() -> None:
    """``print(comparison)`` and ``print(ladder)`` show the tables of ``ginrummy compare`` and
    ``ginrummy ladder`` for the same runs."""
    comparison = gr.compare([gr.PAGAT, gr.OKLAHOMA], rounds=3, bots=("greedy", "greedy"), seed=1)
    result = run_cli(
        "compare", "pagat", "oklahoma", "--rounds", "3", "--bots", "greedy", "greedy", "--seed", "1"
    )
    assert (0, result.stdout) == (result.returncode, str(comparison) + "\n")
    table = gr.ladder(["greedy", "random"], gr.PAGAT, games=4, seed=1)
    result = run_cli("ladder", "--bots", "greedy", "random", "--games", "4", "--seed", "1")
    assert (0, result.stdout) == (result.returncode, str(table) + "\n")
    assert "Ruleset(" not in str(comparison) + str(table)


def test_an_estimate_prints_three_digits_and_formats_like_a_float() -> None:
    """``str()`` is the value and the interval to three significant digits; a format spec
    formats the value as a float; ``interval(spec)`` formats all three; an empty spec is
    ``str()``; an estimate with no interval prints its value alone."""
    e = gr.Estimate(0.30000000000000004, 0.21890123456789, 0.39620000000001)
    assert "0.3 (0.219 to 0.396)" == str(e)
    assert ("30.0%", "0.30", str(e)) == (f"{e:.1%}", f"{e:.2f}", f"{e}")
    assert "30.0% (21.9% to 39.6%)" == e.interval(".1%")
    assert "0" == str(gr.Estimate(0.0, 0.0, 0.0))
    assert "nan" == str(gr.Estimate(math.nan, math.nan, math.nan))


def test_a_bad_format_spec_is_the_librarys_error() -> None:
    """A spec a float does not take raises ``GinRummyError`` naming the spec."""
    e = gr.Estimate(0.5, 0.25, 0.75)
    with pytest.raises(gr.GinRummyError) as caught:
        format(e, "q")
    assert str(caught.value).startswith("invalid format 'q' for an estimate: ")
    with pytest.raises(gr.GinRummyError) as caught:
        e.interval("x")
    assert str(caught.value).startswith("invalid format 'x' for an estimate: ")


def test_a_ladder_of_one_deal_says_one_deal() -> None:
    """The ladder's header: "1 deal, played twice" (it said "1 deals, each played twice")."""
    table = gr.ladder(["greedy", "random"], gr.PAGAT, games=2, seed=1)
    assert "2 games per pair (1 deal, played twice with the seats swapped)" in " ".join(str(table).split())
