"""The adaptive bot on the command line: ``ginrummy tune``, ``--fixed``, and the lines that
say how it played each ruleset (:mod:`ginrummy.cli.tuning_lines`)."""

from __future__ import annotations

import ginrummy as gr
from cli_helpers import run_cli
from ginrummy.cli.tuning_lines import adaptive_lines, seated


def test_tune_prints_each_rulesets_settings_and_where_they_came_from() -> None:
    """``ginrummy tune pagat eaai`` answers from the shipped tunings at once: pagat knocks as
    the tracker bot does, eaai knocks only while the stock is long, then waits for gin."""
    result = run_cli("tune", "pagat", "eaai")
    assert 0 == result.returncode, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("pagat: knocks when worth -5 points or more")
    assert lines[1].startswith(
        "eaai: knocks when worth -5 points or more while the stock holds 25 cards, then waits"
    )
    assert all("(shipped), 1050 deals" in line for line in lines)


def test_simulate_seats_the_adaptive_bot_and_says_how_it_played() -> None:
    """By default ``simulate`` seats the adaptive bot and ends its listing with the settings
    it played under each ruleset; ``--fixed`` seats the tracker bot and says nothing of it."""
    adaptive = run_cli("simulate", "eaai", "pagat", "--rounds", "4")
    assert 0 == adaptive.returncode, adaptive.stderr
    assert "adaptive (player 0) vs adaptive (player 1)" in adaptive.stdout.splitlines()[0]
    tail = adaptive.stdout.split("adaptive: the tracker bot with the settings tuned for each ruleset")[1]
    lines = tail.splitlines()
    assert lines[2].startswith("  eaai: knocks when worth -5 points or more while the stock holds 25")
    assert lines[3].startswith("      waits for gin")
    assert lines[4].startswith("  pagat: knocks when worth -5 points or more; potential 4")
    assert all(len(line) <= 80 for line in adaptive.stdout.splitlines())
    fixed = run_cli("simulate", "eaai", "--rounds", "4", "--fixed")
    assert 0 == fixed.returncode, fixed.stderr
    assert "tracker (player 0) vs tracker (player 1)" in fixed.stdout.splitlines()[0]
    assert "adaptive" not in fixed.stdout


def test_the_ladder_rates_the_adaptive_bot_and_two_other_styles_by_default() -> None:
    """``ginrummy ladder`` with no bots named rates the adaptive bot, camper and eaai-simple."""
    result = run_cli("ladder", "eaai", "--games", "2", "--json")
    assert 0 == result.returncode, result.stderr
    ladder = gr.loads(result.stdout)
    assert isinstance(ladder, gr.Ladder)
    assert ("adaptive", "camper", "eaai-simple") == ladder.bots
    fixed = run_cli("ladder", "eaai", "--games", "2", "--json", "--fixed")
    fixed_ladder = gr.loads(fixed.stdout)
    assert isinstance(fixed_ladder, gr.Ladder)
    assert ("tracker", "camper", "eaai-simple") == fixed_ladder.bots


def test_fixed_replaces_only_the_adaptive_bot() -> None:
    """``--fixed`` seats the tracker bot where the adaptive bot would sit, in any case of its
    name, and leaves the other bots named."""
    assert ["tracker", "camper", "tracker"] == seated(["adaptive", "camper", "Adaptive"], fixed=True)
    assert ["adaptive", "greedy"] == seated(["adaptive", "greedy"], fixed=False)


def test_no_lines_when_the_adaptive_bot_did_not_play() -> None:
    """The listing names the adaptive bot's settings only when it played."""
    assert [] == adaptive_lines([gr.PAGAT], ["tracker", "greedy"])
    lines = adaptive_lines([gr.PAGAT], ["greedy", "adaptive"])
    assert lines[2].startswith("  pagat: knocks when worth -5 points or more")
    assert all(len(line) <= 80 for line in lines)
