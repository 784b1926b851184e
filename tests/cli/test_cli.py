"""One grammar for the command line (issue 29, item 5): rulesets given the same way on every
command (words, ``--preset`` and ``--ruleset``), one error prefix per command, a bare
``ginrummy`` that prints the usage and the commands, the same defaults in Python and on the
command line, help texts rendered right.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ginrummy as gr
from cli_helpers import run_cli
from ginrummy.simulation.ladder import DEFAULT_LADDER_GAMES
from ginrummy.simulation.statistics import DEFAULT_GAMES

COMMANDS = ["analyze", "simulate", "compare", "ladder", "tune", "play", "presets", "verify", "review"]


def test_a_bare_ginrummy_prints_the_usage_and_every_command() -> None:
    """``ginrummy`` alone prints the usage and the list of commands, each with its line of
    help, exit status 0 (it was an error line without the commands)."""
    result = run_cli()
    assert (0, "") == (result.returncode, result.stderr)
    assert result.stdout.startswith("usage: ginrummy")
    for command in COMMANDS:
        assert any(line.split()[:1] == [command] for line in result.stdout.splitlines()), command


def test_simulate_takes_rulesets_as_words_as_compare_does(tmp_path: Path) -> None:
    """``simulate pagat straight`` (it was "unrecognized arguments") is ``simulate --preset pagat
    --preset straight``; a file is a word too."""
    words = run_cli("simulate", "pagat", "straight", "--rounds", "2", "--bots", "greedy", "greedy", "--json")
    options = run_cli(
        "simulate",
        "--preset",
        "pagat",
        "--preset",
        "straight",
        "--rounds",
        "2",
        "--bots",
        "greedy",
        "greedy",
        "--json",
    )
    assert (0, 0) == (words.returncode, options.returncode)
    assert words.stdout == options.stdout
    path = tmp_path / "seven.json"
    path.write_text('{"preset": "pagat", "knock_limit": 7}', encoding="utf-8")
    result = run_cli("simulate", str(path), "--rounds", "1", "--bots", "greedy", "greedy", "--json")
    assert ["seven"] == [entry["ruleset"] for entry in json.loads(result.stdout)["data"]["stats"]]


def test_ladder_and_play_take_a_ruleset_as_a_word() -> None:
    """``ladder oklahoma`` is ``ladder --preset oklahoma``; ``play straight`` plays Straight
    Gin; a word and an option together are refused in one line."""
    word = run_cli("ladder", "oklahoma", "--bots", "greedy", "random", "--games", "2", "--json")
    option = run_cli("ladder", "--preset", "oklahoma", "--bots", "greedy", "random", "--games", "2", "--json")
    assert (0, word.stdout) == (word.returncode, option.stdout)
    played = run_cli("play", "straight", input="quit\n")
    assert played.stdout.startswith("gin rummy, straight rules")
    both = run_cli("ladder", "pagat", "--preset", "pagat", "--bots", "greedy", "random")
    assert (2, ["ginrummy ladder: error: give one ruleset: a word, --preset or --ruleset"]) == (
        both.returncode,
        both.stderr.splitlines(),
    )


@pytest.mark.parametrize(
    "args",
    [
        ["compare", "pagat"],
        ["compare", "pagat", "nope"],
        ["compare", "--bogus"],
        ["compare", "pagat", "straight", "--bots", "nobot", "greedy", "--rounds", "1"],
        ["simulate", "--games", "0"],
        ["simulate", "nope"],
        ["ladder", "--bots", "greedy"],
        ["ladder", "--bots", "greedy", "nobot"],
        ["presets", "nope"],
        ["analyze", "Zz"],
        ["play", "nope"],
    ],
)
def test_every_error_of_a_command_has_the_commands_prefix(args: list[str]) -> None:
    """Whatever the error (argparse's, a usage error, the library's), its one line starts
    ``ginrummy COMMAND: error:`` (they were ``ginrummy: error:`` or ``ginrummy compare: error:``
    within one command)."""
    result = run_cli(*args)
    lines = result.stderr.splitlines()
    assert (2, 1) == (result.returncode, len(lines)), result
    assert lines[0].startswith(f"ginrummy {args[0]}: error: "), lines[0]


def test_help_texts_are_rendered_right() -> None:
    """No help text shows a doubled percent sign (``ladder --help`` printed "95%% intervals")."""
    for command in COMMANDS:
        result = run_cli(command, "--help")
        assert (0, False) == (result.returncode, "%%" in result.stdout), command
    assert "95% intervals" in " ".join(run_cli("ladder", "--help").stdout.split())


def test_python_and_the_command_line_have_the_same_defaults() -> None:
    """``gr.simulate`` without a count plays the command line's default games (it refused),
    and ``gr.ladder`` without ``games`` the command line's (it played 20 where the command
    played 100)."""
    report = gr.simulate(gr.PAGAT, bots=("greedy", "greedy"))
    assert DEFAULT_GAMES == report.stats[0].games
    ladder = gr.ladder(["greedy", "eaai-simple"], gr.PAGAT)
    result = run_cli("ladder", "--bots", "greedy", "eaai-simple", "--json")
    assert (DEFAULT_LADDER_GAMES, gr.to_data(ladder)) == (ladder.games, json.loads(result.stdout))
