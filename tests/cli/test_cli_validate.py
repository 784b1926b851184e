"""The command line of variant validation, run in a subprocess as a user would: ``compare``,
house rules from a file (``--ruleset``, JSON or TOML) in ``simulate``, ``compare``, ``play`` and
``presets`` with one-line errors naming the field, ``play --bot``, and listings that fit an
80-column terminal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import ginrummy as gr
from cli_helpers import CliResult, run_cli
from ginrummy.io.ruleset_files import read_ruleset

GREEDY = ("--bots", "greedy", "greedy")
"""Fast bots named on the command line."""
SEVEN = gr.PAGAT.evolve(name="seven", knock_limit=7, gin_bonus=30)
"""A house ruleset: Pagat's rules with a knock limit of 7 and a gin bonus of 30."""
SEVEN_TOML = """\
# Pagat's rules with a knock limit of 7 and a gin bonus of 30
preset = "pagat"
name = "seven"
knock_limit = 7
gin_bonus = 30
"""
"""The same ruleset as TOML, the fields left out taken from the preset."""


def assert_one_line_error(result: CliResult, *needles: str) -> None:
    """Exit status 2, nothing on standard output, one line on standard error naming every
    needle, and no traceback."""
    assert 2 == result.returncode, result
    assert "" == result.stdout
    assert "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith("ginrummy"), line
    for needle in needles:
        assert needle in line, (needle, line)


def assert_success(result: CliResult) -> None:
    """Exit status 0, nothing on standard error, and no line wider than 80 columns."""
    assert 0 == result.returncode, result
    assert "" == result.stderr
    assert max((len(line) for line in result.stdout.splitlines()), default=0) <= 80


@pytest.fixture
def seven_json(tmp_path: Path) -> Path:
    """The house ruleset written by ``gr.dumps``."""
    path = tmp_path / "seven.json"
    path.write_text(gr.dumps(SEVEN), encoding="utf-8")
    return path


@pytest.fixture
def seven_toml(tmp_path: Path) -> Path:
    """The house ruleset as TOML."""
    path = tmp_path / "house.toml"
    path.write_text(SEVEN_TOML, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------- compare


def test_compare_prints_the_rulesets_and_their_paired_differences() -> None:
    """``compare pagat straight`` prints both rulesets' statistics and the differences of
    straight from pagat, the clear ones marked, all within 80 columns."""
    result = run_cli("compare", "pagat", "straight", "--rounds", "30", *GREEDY)
    assert_success(result)
    out = result.stdout
    assert out.startswith("30 rounds under each ruleset on the same deals, greedy (player 0)")
    assert "difference from pagat, paired game by game" in out
    differences = out.split("the interval excludes 0\n\n", 1)[1].splitlines()
    assert ["straight"] == differences[0].split()
    knock = next(line for line in differences if line.startswith("knock "))
    assert knock.rstrip().endswith("*")
    assert knock.split()[1].startswith("-")


def test_compare_json_is_the_librarys_comparison() -> None:
    """``compare --json`` prints the document of the same comparison in this process
    (``gr.dumps``), which ``gr.loads`` reads back."""
    result = run_cli("compare", "pagat", "oklahoma", "--games", "2", "--seed", "4", "--json", *GREEDY)
    assert_success(result)
    comparison = gr.compare([gr.PAGAT, gr.OKLAHOMA], games=2, seed=4, bots=("greedy", "greedy"))
    assert (gr.to_data(comparison), comparison) == (json.loads(result.stdout), gr.loads(result.stdout))


def test_compare_takes_files_as_words_and_with_ruleset(seven_json: Path, seven_toml: Path) -> None:
    """A word ending in ``.json`` is a ruleset file, and ``--ruleset`` files come after the
    words: ``compare seven.json pagat`` makes the file the baseline; the same ruleset from
    JSON and TOML counts once."""
    result = run_cli(
        "compare", str(seven_json), "pagat", "--ruleset", str(seven_toml), "--rounds", "3", "--json", *GREEDY
    )
    assert_success(result)
    data = json.loads(result.stdout)["data"]
    assert ["seven", "pagat"] == [entry["ruleset"] for entry in data["stats"]]
    assert [("pagat", "seven")] == [(d["ruleset"], d["against"]) for d in data["differences"]]


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["pagat"], ["at least two different rulesets", "(got 1)"]),
        (["pagat", "traditional"], ["at least two different rulesets", "(got 1)"]),
        (["pagat", "nope"], ["'nope'"]),
        (["pagat", "missing.json"], ["'missing.json'", "cannot read the ruleset file"]),
        (["pagat", "straight", "--games", "0"], ["--games", "0"]),
        (["pagat", "straight", "--workers", "500"], ["--workers", "500 is more than the maximum 128"]),
        (["pagat", "straight", "--scheduler", "tcp://127.0.0.1:9", "--workers", "2"], ["--workers"]),
    ],
    ids=[
        "one",
        "aliases",
        "unknown",
        "missing-file",
        "zero-games",
        "too-many-workers",
        "workers-with-address",
    ],
)
def test_compare_bad_arguments_are_one_line(args: list[str], needles: list[str]) -> None:
    """Bad ``compare`` arguments are one line on standard error with exit status 2."""
    assert_one_line_error(run_cli("compare", *args), *needles)


# ----------------------------------------------------------------------- rulesets from files


def test_simulate_takes_rulesets_from_json_and_toml(
    seven_json: Path, seven_toml: Path, tmp_path: Path
) -> None:
    """``--ruleset`` reads a JSON ruleset as ``gr.dumps`` writes it and the same ruleset as
    TOML; both give the same figures, in the order given among the presets."""
    other = tmp_path / "other.toml"
    other.write_text(SEVEN_TOML.replace('name = "seven"', 'name = "seven-again"'), encoding="utf-8")
    result = run_cli(
        "simulate", "--ruleset", str(seven_json), "--preset", "pagat", "--ruleset", str(other),
        "--rounds", "4", "--json", *GREEDY,
    )  # fmt: skip
    assert_success(result)
    entries = json.loads(result.stdout)["data"]["stats"]
    assert ["seven", "pagat", "seven-again"] == [entry["ruleset"] for entry in entries]
    assert {k: v for k, v in entries[0].items() if k != "ruleset"} == {
        k: v for k, v in entries[2].items() if k != "ruleset"
    }
    report = gr.simulate([SEVEN], rounds=4, bots=("greedy", "greedy"))
    assert gr.to_data(report)["data"]["stats"][0] == entries[0]


def test_toml_fields_left_out_come_from_the_preset_and_the_name_from_the_file(tmp_path: Path) -> None:
    """A TOML file changes only the fields it names (of ``preset``, else of the defaults), its
    enum values are the strings of the JSON, and without ``name`` it is named after the file:
    ``presets --ruleset`` shows it in full."""
    path = tmp_path / "okla-turn.toml"
    path.write_text('preset = "oklahoma"\nafter_both_pass = "normal-turn"\n', encoding="utf-8")
    result = run_cli("presets", "--ruleset", str(path), "--json")
    assert_success(result)
    data = json.loads(result.stdout)
    expected = gr.OKLAHOMA.evolve(name="okla-turn", after_both_pass=gr.AfterPass.NORMAL_TURN)
    assert json.loads(gr.dumps(expected))["data"] == data
    listing = run_cli("presets", "--ruleset", str(path))
    assert_success(listing)
    assert "okla-turn (* marks what differs from oklahoma)" == listing.stdout.splitlines()[0]
    assert ["*", "after_both_pass", "normal-turn"] == next(
        line.split()[:3] for line in listing.stdout.splitlines() if "after_both_pass" in line
    )


FILE_ERRORS = [
    (
        "bad.json",
        gr.dumps(SEVEN).replace('"knock_limit": 7', '"knock_limit": 100'),
        ["'knock_limit'", "100"],
    ),
    ("card.json", gr.dumps(gr.Card("As")), ["holds a Card, not a Ruleset"]),
    ("broken.json", "{", ["not JSON"]),
    ("typo.toml", "knock_limt = 7\n", ["unknown field 'knock_limt'"]),
    ("enum.toml", 'after_both_pass = "sometimes"\n', ["after_both_pass", "'sometimes'"]),
    ("type.toml", 'knock_limit = "seven"\n', ["'knock_limit' must be an integer", "'seven'"]),
    ("date.toml", "knock_limit = 1979-05-27\n", ["knock_limit", "unexpected value"]),
    ("syntax.toml", "knock_limit = = 7\n", ["not TOML"]),
    ("preset.toml", 'preset = "nope"\n', ["preset", "'nope'"]),
    ("pagat.toml", 'name = "pagat"\nknock_limit = 7\n', ["the name 'pagat' is a preset's"]),
    ("contradiction.toml", "layoffs = false\nlayoffs_after_gin = true\n", ["'layoffs_after_gin'"]),
]
"""Files holding no valid ruleset: the name, the text, and what the error line names."""


@pytest.mark.parametrize(
    ("name", "text", "needles"),
    [pytest.param(*case) for case in FILE_ERRORS],
    ids=lambda value: value if isinstance(value, str) and "." in value[-5:] else "",
)
def test_ruleset_file_errors_are_one_line_naming_the_field(
    tmp_path: Path, name: str, text: str, needles: list[str]
) -> None:
    """A file that holds no valid ruleset is one line on standard error, exit status 2,
    starting with the file's name and naming the field at fault, in every command."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    for command in (
        ["simulate", "--rounds", "1"],
        ["compare", "pagat", "--rounds", "1"],
        ["play"],
        ["presets"],
    ):
        assert_one_line_error(run_cli(*command, "--ruleset", str(path)), name, *needles)


def test_toml_rulesets_are_read_on_every_python(seven_toml: Path) -> None:
    """The README's house rules on every supported Python (``tomli`` on 3.10, ``tomllib``
    from 3.11): every command reads the TOML file (it was refused on 3.10)."""
    result = run_cli("presets", "--ruleset", str(seven_toml), "--json")
    assert_success(result)
    assert json.loads(gr.dumps(SEVEN))["data"] == json.loads(result.stdout)
    assert_success(run_cli("simulate", "--ruleset", str(seven_toml), "--rounds", "1", "--fixed"))
    assert_success(run_cli("compare", "pagat", str(seven_toml), "--games", "2", "--fixed"))  # the README's


def test_the_short_form_is_read_from_json_too(tmp_path: Path) -> None:
    """The issue's JSON: ``{"preset": "pagat", "big_gin": true}`` is Pagat's rules with big gin,
    named after the file (it was "unknown field 'preset'")."""
    path = tmp_path / "big.json"
    path.write_text('{"preset": "pagat", "big_gin": true}', encoding="utf-8")
    result = run_cli("presets", "--ruleset", str(path), "--json")
    assert_success(result)
    assert json.loads(gr.dumps(gr.PAGAT.evolve(name="big", big_gin=True)))["data"] == json.loads(
        result.stdout
    )
    unknown = tmp_path / "typo.json"
    unknown.write_text('{"preset": "pagat", "big_ginn": true}', encoding="utf-8")
    assert_one_line_error(run_cli("presets", "--ruleset", str(unknown)), "typo.json", "'big_ginn'")


@pytest.mark.parametrize("preset", ["pagat", "oklahoma", "hollywood"])
def test_presets_name_json_is_one_object_that_ruleset_reads_back(tmp_path: Path, preset: str) -> None:
    """``presets NAME --json`` prints one object (it printed a list, which ``--ruleset``
    refused with "expected an object"); saved to a file, ``--ruleset`` reads it back as the
    preset, and a copy with a changed field and a new name reads as that change."""
    result = run_cli("presets", preset, "--json")
    assert_success(result)
    data = json.loads(result.stdout)
    path = tmp_path / "saved.json"
    path.write_text(result.stdout, encoding="utf-8")
    assert gr.PRESETS[preset] == read_ruleset(path)
    data.update(name="mine", target=55)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert gr.PRESETS[preset].evolve(name="mine", target=55) == read_ruleset(path)


def test_presets_name_and_ruleset_together_is_a_usage_error(seven_json: Path) -> None:
    """``presets`` shows a preset or a file, not both."""
    assert_one_line_error(run_cli("presets", "pagat", "--ruleset", str(seven_json)), "not both")


def test_two_different_rulesets_with_one_name_are_refused(tmp_path: Path, seven_json: Path) -> None:
    """Two different rulesets named alike cannot be told apart in a report: refused."""
    other = tmp_path / "other.json"
    other.write_text(gr.dumps(SEVEN.evolve(name="seven", gin_bonus=40)), encoding="utf-8")
    result = run_cli("simulate", "--ruleset", str(seven_json), "--ruleset", str(other), "--rounds", "1")
    assert_one_line_error(result, "two different rulesets are named 'seven'")


# -------------------------------------------------------------------------------------- play


def auto_game(rules: gr.Ruleset, seed: int, bot: str) -> gr.Game:
    """The game ``play --seed --bot`` deals, the person's moves made by ``a`` (the greedy
    strategy) and the opponent's by a bot made for each decision with the seed a session
    documents (its bot seed, ``"<game seed>:bot"``, and the number of actions played)."""
    game = gr.Game.new(rules, seed=seed, dealer=None)
    person = gr.GreedyBot()
    while not game.is_over:
        player = game.to_act
        assert player is not None
        chooser = person if player == 0 else gr.make_bot(bot, seed=f"{game.seed}:bot:{len(game.actions)}")
        game = game.apply(chooser.act(game.round.view(player)))
    return game


def test_play_against_a_named_bot_from_a_ruleset_file(seven_toml: Path) -> None:
    """``play --ruleset house.toml --bot random`` plays the file's rules against the random
    bot: on automatic moves the game ends with the totals of the same game played here."""
    result = run_cli(
        "play", "--ruleset", str(seven_toml), "--bot", "random", "--seed", "3", input="a\n" * 3000
    )
    assert 0 == result.returncode, result
    assert result.stdout.startswith("gin rummy, seven rules")
    game = auto_game(SEVEN, 3, "random")
    lines = result.stdout.splitlines()
    over = lines.index("game over")
    assert lines[over + 2].endswith(f" = {game.result.breakdown[0].total}")
    assert lines[over + 3].endswith(f" = {game.result.breakdown[1].total}")
    assert len(game.results) == len(re.findall(r"^round \d+ over$", result.stdout, re.MULTILINE))


def test_play_unknown_bot_is_one_line() -> None:
    """``play --bot`` takes a name of ``gr.BOTS`` only."""
    assert_one_line_error(run_cli("play", "--bot", "deep-blue"), "unknown bot 'deep-blue'", *gr.BOTS)


# ------------------------------------------------------------------------------------ width


def test_every_side_by_side_listing_fits_80_columns() -> None:
    """``simulate`` of every preset, ``compare`` of every preset and ``presets`` print no line
    wider than 80 columns (they were 170 wide side by side)."""
    names = list(gr.PRESETS)
    for args in (
        ["simulate", "--preset", "all", "--games", "1", *GREEDY],
        ["compare", *names, "--games", "1", *GREEDY],
        ["presets"],
    ):
        result = run_cli(*args)
        assert_success(result)
        for name in names[1:] if args[0] == "compare" else names:
            assert f" {name}" in result.stdout


def test_play_against_a_level_names_it_and_refuses_a_bad_level() -> None:
    """``play --level N`` plays level N and says so in its first line; a level outside 1 to 5
    or a level with ``--bot`` is one error line (issue 52, item 1)."""
    result = run_cli("play", "--level", "2", "--seed", "3", input="quit\n")
    assert 0 == result.returncode
    assert result.stdout.startswith("gin rummy, pagat rules, target 100, against level 2, novice (type help)")
    assert all(len(line) <= 80 for line in result.stdout.splitlines())
    assert_one_line_error(run_cli("play", "--level", "9"), "invalid level '9': the levels are 1 to 5")
    assert_one_line_error(
        run_cli("play", "--level", "2", "--bot", "greedy"), "give --level or --bot, not both"
    )
