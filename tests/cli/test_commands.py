"""The ``ginrummy`` command line, run in a subprocess as a user would run it.

Every command and flag: ``analyze``, ``presets``, ``simulate``, ``play`` (driven through
standard input), ``--version`` and the usage errors. Errors are one line on standard error with
exit status 2, never a traceback.
"""

from __future__ import annotations

import enum
import json
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import ginrummy as gr
from cli_helpers import CliResult, run_cli
from ginrummy import frontend
from ginrummy.bots import DEFAULT_BOT
from ginrummy.io.ruleset_files import read_ruleset

QUICKSTART_10 = "As 2s 3s 4s 7h 7d 7c Kd Qd 9c"
"""The hand of the quickstart: melds 7c 7d 7h and As-4s, deadwood 9c Qd Kd (29)."""
QUICKSTART_11 = QUICKSTART_10 + " Jd"
"""The quickstart hand after drawing Jd: discarding 9c goes gin."""
BIG_GIN = "8c 9c Tc 8d 9d Td 8h 9h Th 8s 9s"
"""Eleven cards that all meld: quads of eights and nines, three tens."""

ANALYSIS_KEYS = {"cards", "preset", "deadwood", "arrangements", "more_arrangements"}
"""The keys of ``analyze --json`` for any hand."""
DISCARD_ANALYSIS_KEYS = ANALYSIS_KEYS | {"knock_limit", "discards", "can_knock", "can_gin", "can_big_gin"}
"""The keys of ``analyze --json`` for 11 cards."""
STATS_KEYS = {
    "ruleset",
    "rounds",
    "games",
    "outcomes",
    "turns_per_round",
    "points_per_scored_round",
    "dealer_win_rate",
    "non_dealer_win_rate",
    "player0_round_win_rate",
    "player1_round_win_rate",
}
"""The keys of each ruleset's statistics in ``simulate --json``."""
GREEDY = ("--bots", "greedy", "greedy")
"""Fast bots named on the command line, so tests keep their speed whatever the default bot."""
GAME_STATS_KEYS = STATS_KEYS | {
    "rounds_per_game",
    "first_player_game_win_rate",
    "player0_game_win_rate",
    "player1_game_win_rate",
    "draw_rate",
}
"""The keys when whole games were simulated."""
ESTIMATE_KEYS = {"value", "low", "high"}
"""The keys of a rate or mean with its interval."""


def assert_clean_usage_error(result: CliResult, *needles: str) -> None:
    """Exit status 2, nothing on standard output, and one line on standard error, without a
    traceback, that mentions every one of ``needles``."""
    assert 2 == result.returncode, result
    assert "" == result.stdout
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert 1 == len(lines), result.stderr
    assert lines[0].startswith("ginrummy"), lines[0]
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


def assert_clean_success(result: CliResult) -> None:
    """Exit status 0 and nothing on standard error."""
    assert 0 == result.returncode, result
    assert "" == result.stderr


def line_starting(text: str, prefix: str) -> str:
    """The only line of ``text`` that starts with ``prefix``."""
    found = [line for line in text.splitlines() if line.startswith(prefix)]
    assert 1 == len(found), (prefix, text)
    return found[0]


SIMULATE_LABEL = len("greedy (player 0) wins round") + 1
"""The width of the label column of a ``simulate`` listing of the greedy bots (its longest label
and a space)."""
PRESETS_LABEL = len("boxes_count_toward_target") + 1
"""The width of the label column of the ``presets`` listing."""


def side_by_side(text: str, label: int) -> tuple[list[str], dict[str, list[str]]]:
    """The column names and the cells of each row label of a side-by-side listing cut into
    blocks (blank lines between them; lines before the first block with cells are skipped),
    checking that no line is wider than 80 columns."""
    assert max(len(line) for line in text.splitlines()) <= 80
    names: list[str] = []
    rows: dict[str, list[str]] = {}
    for block in text.split("\n\n"):
        lines = block.splitlines()
        if len(lines) < 2 or not lines[0].startswith(" " * label):
            continue
        header = lines[0].split()
        names += header
        for line in lines[1:]:
            width = (len(line) - label) // len(header)
            cells = [line[label + i * width : label + (i + 1) * width].strip() for i in range(len(header))]
            rows.setdefault(line[:label].strip(), []).extend(cells)
    return names, rows


def listing_columns(listing: str) -> list[str]:
    """The ruleset names heading the columns of a ``simulate`` listing, over its blocks."""
    return side_by_side(listing, SIMULATE_LABEL)[0]


# ---------------------------------------------------------------------------------- analyze


def test_analyze_ten_cards_prints_best_melds_and_deadwood() -> None:
    """``analyze`` of 10 cards shows the best melds and the deadwood with its cards, and no
    discards."""
    result = run_cli("analyze", QUICKSTART_10)
    assert_clean_success(result)
    assert "melds     [7c 7d 7h]  [As 2s 3s 4s]" == line_starting(result.stdout, "melds")
    assert "deadwood  29  (9c Qd Kd)" == line_starting(result.stdout, "deadwood")
    assert "(10 cards, pagat)" in line_starting(result.stdout, "hand")
    assert "discards" not in result.stdout


def test_analyze_eleven_cards_lists_every_discard_with_knock_and_gin_flags() -> None:
    """``analyze`` of 11 cards lists every discard, best first, with the deadwood it leaves,
    ``gin`` when that is 0 and ``knock`` when it is within the knock limit."""
    result = run_cli("analyze", QUICKSTART_11)
    assert_clean_success(result)
    lines = result.stdout.splitlines()
    start = lines.index("discards  (knock limit 10)")
    rows = [line.split() for line in lines[start + 1 : start + 12]]
    expected = []
    for card, left in gr.best_discards(QUICKSTART_11, gr.PAGAT):
        verdict = ["gin"] if left == 0 else ["knock"] if left <= 10 else []
        expected.append([str(card), "leaves", str(left), *verdict])
    assert expected == rows
    assert ["9c", "leaves", "0", "gin"] == rows[0]
    assert "can       knock, gin" == lines[start + 12]


def test_analyze_eleven_cards_that_cannot_knock_says_so() -> None:
    """An 11-card hand whose best discard leaves more than the limit can neither knock nor go
    gin."""
    result = run_cli("analyze", QUICKSTART_10 + " 5h")
    assert_clean_success(result)
    assert "can       neither knock nor gin" == line_starting(result.stdout, "can")
    assert not re.search(r"leaves\s+\d+\s+(knock|gin)", result.stdout)


def test_analyze_big_gin_under_spanish_site_preset() -> None:
    """Under ``spanish-site`` (which has big gin) 11 melded cards can declare big gin; under
    ``pagat`` (no big gin) they can only knock or go gin."""
    spanish = run_cli("analyze", "--preset", "spanish-site", BIG_GIN)
    assert_clean_success(spanish)
    assert "can       knock, gin, big gin" == line_starting(spanish.stdout, "can")
    assert "deadwood  0  (none)" == line_starting(spanish.stdout, "deadwood")
    assert "(11 cards, spanish-site)" in line_starting(spanish.stdout, "hand")
    pagat = run_cli("analyze", BIG_GIN)
    assert_clean_success(pagat)
    assert "can       knock, gin" == line_starting(pagat.stdout, "can")


def test_analyze_json_ten_cards_has_the_documented_keys() -> None:
    """``analyze --json`` of 10 cards is one JSON object with the cards, the preset, the
    deadwood and every best arrangement."""
    result = run_cli("analyze", "--json", QUICKSTART_10)
    assert_clean_success(result)
    data = json.loads(result.stdout)
    assert ANALYSIS_KEYS == set(data)
    assert 29 == data["deadwood"]
    assert "pagat" == data["preset"]
    assert sorted(str(c) for c in gr.Hand.parse(QUICKSTART_10)) == sorted(data["cards"])
    first = data["arrangements"][0]
    assert {"melds", "deadwood", "points"} == set(first)
    assert [["7c", "7d", "7h"], ["As", "2s", "3s", "4s"]] == first["melds"]
    assert ["9c", "Qd", "Kd"] == first["deadwood"]
    assert 29 == first["points"]


def test_analyze_json_eleven_cards_has_discards_and_flags() -> None:
    """``analyze --json`` of 11 cards adds the knock limit, every discard with its flags, and
    whether the hand can knock, go gin or declare big gin."""
    result = run_cli("analyze", "--json", QUICKSTART_11)
    assert_clean_success(result)
    data = json.loads(result.stdout)
    assert DISCARD_ANALYSIS_KEYS == set(data)
    assert 10 == data["knock_limit"]
    assert 11 == len(data["discards"])
    assert {"card": "9c", "deadwood": 0, "knock": True, "gin": True} == data["discards"][0]
    assert all({"card", "deadwood", "knock", "gin"} == set(entry) for entry in data["discards"])
    assert (True, True, False) == (data["can_knock"], data["can_gin"], data["can_big_gin"])


def test_analyze_json_big_gin_under_spanish_site_preset() -> None:
    """``analyze --json --preset spanish-site`` of 11 melded cards reports big gin."""
    result = run_cli("analyze", "--json", "--preset", "spanish-site", BIG_GIN)
    assert_clean_success(result)
    data = json.loads(result.stdout)
    assert "spanish-site" == data["preset"]
    assert 0 == data["deadwood"]
    assert (True, True, True) == (data["can_knock"], data["can_gin"], data["can_big_gin"])
    assert [] == data["arrangements"][0]["deadwood"]


GRID = "3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s"
"""Four whole ranks: 24 best arrangements, more than ``analyze`` lists by default."""


def test_analyze_lists_a_dozen_arrangements_and_says_there_are_more() -> None:
    """Without ``--all`` the first 12 best arrangements are listed (the library's order), then
    one line saying more were left out; ``--all`` lists all 24."""
    expected = ["  ".join(f"[{m}]" for m in a.melds) for a in gr.all_best_melds(GRID)]
    result = run_cli("analyze", GRID)
    assert_clean_success(result)
    listed = [line[10:] for line in result.stdout.splitlines() if line.startswith(("melds", "or "))]
    assert 13 == len(listed)
    assert "--all" in listed[-1]
    every = run_cli("analyze", "--all", GRID)
    assert_clean_success(every)
    listed_all = [line[10:] for line in every.stdout.splitlines() if line.startswith(("melds", "or "))]
    assert 24 == len(listed_all) == len(expected)
    assert listed[:12] == listed_all[:12]
    assert not any("--all" in line for line in listed_all)
    assert expected == listed_all


def test_analyze_json_bounds_the_arrangements_unless_all() -> None:
    """``analyze --json``: 12 arrangements and ``more_arrangements`` true for the grid; with
    ``--all`` the 24 of ``all_best_melds``, in order, and ``more_arrangements`` false."""
    bounded = json.loads(run_cli("analyze", "--json", GRID).stdout)
    every = json.loads(run_cli("analyze", "--json", "--all", GRID).stdout)
    expected = [[[str(c) for c in m] for m in a.melds] for a in gr.all_best_melds(GRID)]
    assert (12, True) == (len(bounded["arrangements"]), bounded["more_arrangements"])
    assert (24, False) == (len(every["arrangements"]), every["more_arrangements"])
    assert expected == [a["melds"] for a in every["arrangements"]]
    assert every["arrangements"][:12] == bounded["arrangements"]


def test_analyze_of_the_whole_deck_is_quick_and_small() -> None:
    """``analyze`` of all 52 cards lists a dozen of its 313,457 arrangements: it ends at once
    (it took 41 s and 2.1 GB when it listed them all) in well under 200 MB."""
    deck = " ".join(str(c) for c in gr.DECK)
    # the peak resident memory of the process itself (VmHWM: ru_maxrss would count the test
    # runner's memory copied by the fork before the exec), or Python's peak where /proc is not
    code = (
        "import pathlib, sys, tracemalloc\n"
        "tracemalloc.start()\n"
        "from ginrummy.cli.commands import main\n"
        f"status = main(['analyze', '--json', {deck!r}])\n"
        "status_file = pathlib.Path('/proc/self/status')\n"
        "lines = status_file.read_text().splitlines() if status_file.exists() else []\n"
        "peak = [int(line.split()[1]) for line in lines if line.startswith('VmHWM:')]\n"
        "print(peak[0] if peak else tracemalloc.get_traced_memory()[1] // 1024, file=sys.stderr)\n"
        "sys.exit(status)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert 0 == result.returncode, result.stderr
    data = json.loads(result.stdout)
    assert (0, 12, True) == (data["deadwood"], len(data["arrangements"]), data["more_arrangements"])
    assert int(result.stderr.split()[-1]) < 200_000  # kilobytes
    assert all(not a["deadwood"] for a in data["arrangements"])


def test_analyze_reads_cards_as_one_string_or_several_words() -> None:
    """The cards may be one quoted argument, one word each, or separated by commas: the
    analysis is the same."""
    one = run_cli("analyze", QUICKSTART_11)
    several = run_cli("analyze", *QUICKSTART_11.split())
    commas = run_cli("analyze", QUICKSTART_11.replace(" ", ","))
    assert_clean_success(one)
    assert one == several
    assert one == commas


@pytest.mark.parametrize(
    ("words", "needle"),
    [
        (["As 2s Zz"], "'Zz'"),
        (["As", "2s", "Zz"], "'Zz'"),
        (["As 2s 1s"], "'1s'"),
        (["As 2s As"], "'As'"),
    ],
    ids=["one-string", "several-words", "bad-rank", "card-twice"],
)
def test_analyze_bad_card_is_one_line_naming_it_with_exit_status_2(words: list[str], needle: str) -> None:
    """A card that cannot be read (or is given twice) is reported in one line that names it,
    with exit status 2 and no traceback."""
    assert_clean_usage_error(run_cli("analyze", *words), needle)


def test_analyze_unknown_preset_is_one_line_with_exit_status_2() -> None:
    """An unknown ``--preset`` is named in a one-line error listing the known presets."""
    assert_clean_usage_error(run_cli("analyze", "--preset", "nope", QUICKSTART_10), "'nope'", "pagat")


def test_analyze_without_cards_is_a_usage_error() -> None:
    """``analyze`` needs cards."""
    assert_clean_usage_error(run_cli("analyze"), "cards")


# ---------------------------------------------------------------------------------- presets


def test_presets_listing_lists_every_preset_and_every_field() -> None:
    """``presets`` prints the presets side by side: a column per preset name and a row per
    ruleset field."""
    result = run_cli("presets")
    assert_clean_success(result)
    assert result.stdout.startswith("field ")
    names, rows = side_by_side(" " * 5 + result.stdout[5:], PRESETS_LABEL)
    assert list(gr.PRESETS) == names
    fields = [field.name for field in attrs.fields(gr.Ruleset) if field.name != "name"]
    assert fields == list(rows)
    targets = [str(preset.target) for preset in gr.PRESETS.values()]
    assert targets == rows["target"]
    assert "150" == targets[list(gr.PRESETS).index("oklahoma")]


def test_presets_spell_every_choice_as_a_ruleset_file_does(tmp_path: Path) -> None:
    """Every choice ``presets`` prints (``stock-only``, not ``STOCK_ONLY``) is what a TOML
    ruleset file accepts: written back into a file under each preset's column, it reads as that
    preset's value."""
    result = run_cli("presets")
    names, rows = side_by_side(" " * 5 + result.stdout[5:], PRESETS_LABEL)
    enums = {f.name for f in attrs.fields(gr.Ruleset) if isinstance(getattr(gr.PAGAT, f.name), enum.Enum)}
    assert {"after_both_pass", "shutout", "game_winner", "next_dealer"} <= enums
    for field in enums:
        for name, cell in zip(names, rows[field], strict=True):
            assert re.fullmatch(r"[a-z]+(-[a-z]+)*", cell), cell
            path = tmp_path / "house.toml"
            path.write_text(f'preset = "pagat"\n{field} = "{cell}"\n', encoding="utf-8")
            assert getattr(gr.PRESETS[name], field) == getattr(read_ruleset(path), field)


def test_presets_one_name_shows_it_in_full() -> None:
    """``presets oklahoma`` shows that preset alone: its target is 150 and the knock limit
    comes from the upcard."""
    result = run_cli("presets", "oklahoma")
    assert_clean_success(result)
    lines = result.stdout.splitlines()
    assert "oklahoma" == lines[0]
    assert ["target", "150"] == line_starting(result.stdout, "  target ").split()[:2]
    assert ["oklahoma", "yes"] == line_starting(result.stdout, "  oklahoma ").split()[:2]


def test_presets_name_accepts_aliases() -> None:
    """``presets`` finds a preset by an alias, in any case (``Oklahoma_Gin``)."""
    assert run_cli("presets", "oklahoma") == run_cli("presets", "Oklahoma_Gin")


def _json_value(value: object) -> object:
    """A ruleset field value as ``presets --json`` writes it (enums by value)."""
    return getattr(value, "value", value)


def test_presets_json_is_a_list_of_objects_with_every_field() -> None:
    """``presets --json`` is a list with one object per preset holding every ``Ruleset`` field
    (enums by their value)."""
    result = run_cli("presets", "--json")
    assert_clean_success(result)
    data = json.loads(result.stdout)
    expected = [
        {field.name: _json_value(getattr(rules, field.name)) for field in attrs.fields(gr.Ruleset)}
        for rules in gr.PRESETS.values()
    ]
    assert expected == data


def test_presets_json_one_name_is_one_object() -> None:
    """``presets oklahoma --json`` is one object: that preset (the short form ``--ruleset``
    reads back)."""
    result = run_cli("presets", "oklahoma", "--json")
    assert_clean_success(result)
    data = json.loads(result.stdout)
    assert ("oklahoma", 150) == (data["name"], data["target"])


def test_presets_unknown_name_is_one_line_with_exit_status_2() -> None:
    """An unknown preset name is reported in one line naming it and the known presets."""
    assert_clean_usage_error(run_cli("presets", "nope"), "'nope'", *gr.PRESETS)


# --------------------------------------------------------------------------------- simulate


def test_simulate_one_preset_games() -> None:
    """``simulate --preset pagat --games 3`` prints one column of statistics for 3 games."""
    result = run_cli("simulate", "--preset", "pagat", "--games", "3")
    assert_clean_success(result)
    lines = result.stdout.splitlines()
    bots = f"{DEFAULT_BOT} (player 0) vs {DEFAULT_BOT} (player 1)"
    assert lines[0].startswith(f"3 games per ruleset, {bots}, seed 0")
    assert ["pagat"] == listing_columns(result.stdout)
    assert ["games", "3"] == line_starting(result.stdout, "games").split()
    for label in ("knock", "gin", "rounds per game", "first player wins game", "drawn games"):
        line_starting(result.stdout, label + " ")


def test_simulate_all_presets_side_by_side_in_one_table() -> None:
    """``simulate --preset all --rounds 5`` shows every preset as a column of one listing, in
    the order of the presets, with 5 rounds each and no game rows; the listing is cut into
    blocks that fit 80 columns."""
    result = run_cli("simulate", "--preset", "all", "--rounds", "5", *GREEDY)
    assert_clean_success(result)
    assert result.stdout.startswith("5 rounds per ruleset")
    names, rows = side_by_side(result.stdout, SIMULATE_LABEL)
    assert list(gr.PRESETS) == names
    assert ["5"] * len(gr.PRESETS) == rows["rounds"]
    assert "games" not in result.stdout
    assert 1 == result.stdout.count("rounds per ruleset")


def test_simulate_defaults_to_all_presets() -> None:
    """Without ``--preset`` every preset is simulated."""
    result = run_cli("simulate", "--rounds", "2", *GREEDY)
    assert_clean_success(result)
    assert list(gr.PRESETS) == listing_columns(result.stdout)


def test_simulate_repeated_preset_adds_columns_in_order_without_duplicates() -> None:
    """``--preset`` may be repeated: each ruleset is a column, in the order given, once even
    when named twice (``traditional`` is an alias of ``pagat``)."""
    result = run_cli(
        "simulate",
        "--preset",
        "straight",
        "--preset",
        "pagat",
        "--preset",
        "traditional",
        "--rounds",
        "3",
        *GREEDY,
    )
    assert_clean_success(result)
    assert ["straight", "pagat"] == listing_columns(result.stdout)


def test_simulate_json_rounds_structure_matches_the_library() -> None:
    """``simulate --json`` prints the report's document (``gr.dumps``): its tally (the seed,
    the bots, the rulesets, the counts) and one object of figures per ruleset, equal to the
    document of the same simulation in this process, which ``gr.loads`` reads back."""
    result = run_cli(
        "simulate", "--preset", "pagat", "--preset", "straight", "--rounds", "4", "--json", *GREEDY
    )
    assert_clean_success(result)
    document = json.loads(result.stdout)
    data = document["data"]
    assert ("SimulationReport", {"tally", "stats"}) == (document["type"], set(data))
    assert (0, ["greedy", "greedy"]) == (data["tally"]["seed"], data["tally"]["bots"])
    assert ["pagat", "straight"] == [entry["ruleset"] for entry in data["stats"]]
    for entry in data["stats"]:
        assert STATS_KEYS == set(entry)
        assert (4, 0) == (entry["rounds"], entry["games"])
        assert {o.value for o in gr.Outcome} == set(entry["outcomes"])
        assert all(ESTIMATE_KEYS == set(e) for e in entry["outcomes"].values())
    report = gr.simulate([gr.PAGAT, gr.STRAIGHT], rounds=4, seed=0, bots=("greedy", "greedy"))
    assert (gr.to_data(report), report) == (document, gr.loads(result.stdout))


def test_simulate_json_games_adds_game_figures() -> None:
    """With ``--games`` each ruleset also reports rounds per game, the first player's game win
    rate and the draw rate."""
    result = run_cli("simulate", "--preset", "pagat", "--games", "2", "--json", "--seed", "4", *GREEDY)
    assert_clean_success(result)
    data = json.loads(result.stdout)["data"]
    assert 4 == data["tally"]["seed"]
    (entry,) = data["stats"]
    assert GAME_STATS_KEYS == set(entry)
    assert 2 == entry["games"]
    assert entry["rounds"] / 2 == pytest.approx(entry["rounds_per_game"])
    assert ESTIMATE_KEYS == set(entry["first_player_game_win_rate"])


def test_simulate_same_seed_same_result_other_seed_other_result() -> None:
    """``--seed`` fixes every deal: the same seed prints the same listing, another seed another
    one."""
    args = ("simulate", "--preset", "pagat", "--rounds", "6", *GREEDY)
    first = run_cli(*args, "--seed", "11")
    again = run_cli(*args, "--seed", "11")
    other = run_cli(*args, "--seed", "12")
    assert_clean_success(first)
    assert first == again
    assert "seed 11" in first.stdout.splitlines()[0]
    assert first.stdout.splitlines()[1:] != other.stdout.splitlines()[1:]


def test_simulate_two_workers_print_exactly_what_one_worker_prints() -> None:
    """The result does not depend on the number of worker processes: ``--workers 2`` prints
    the same listing as ``--workers 1`` for the same seed."""
    args = ("simulate", "--preset", "all", "--rounds", "6", "--seed", "3", *GREEDY)
    one = run_cli(*args, "--workers", "1")
    two = run_cli(*args, "--workers", "2")
    assert_clean_success(one)
    assert one == two


def test_simulate_bots_random_against_greedy() -> None:
    """``--bots random greedy`` seats the random bot as player 0 and the greedy bot as
    player 1."""
    args = ("simulate", "--preset", "pagat", "--rounds", "3", "--bots", "random", "greedy")
    result = run_cli(*args)
    assert_clean_success(result)
    assert "random (player 0) vs greedy (player 1)" in result.stdout.splitlines()[0]
    as_json = run_cli(*args, "--json")
    assert ["random", "greedy"] == json.loads(as_json.stdout)["data"]["tally"]["bots"]


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--preset", "nope", "--rounds", "1"], ["'nope'"]),
        (["--games", "0"], ["--games", "0"]),
        (["--games", "-3"], ["--games", "-3"]),
        (["--rounds", "x"], ["--rounds", "'x'"]),
        (["--rounds", "0"], ["--rounds", "0"]),
        (["--games", "2", "--rounds", "2"], ["--rounds", "--games"]),
        (["--bots", "random", "nope", "--rounds", "1"], ["'nope'"]),
        (["--bots", "random", "--rounds", "1"], ["--bots"]),
        (["--workers", "0", "--rounds", "1"], ["--workers", "0"]),
        (["--workers", "129", "--rounds", "1"], ["--workers", "129 is more than the maximum 128"]),
        (["--workers", "100000", "--rounds", "1"], ["--workers", "100000 is more than the maximum 128"]),
        (["--seed", "abc", "--rounds", "1"], ["--seed", "'abc'"]),
    ],
    ids=[
        "unknown-preset",
        "zero-games",
        "negative-games",
        "rounds-not-a-number",
        "zero-rounds",
        "games-and-rounds",
        "unknown-bot",
        "one-bot",
        "zero-workers",
        "workers-over-the-maximum",
        "100000-workers",
        "seed-not-a-number",
    ],
)
def test_simulate_bad_arguments_are_one_line_with_exit_status_2(args: list[str], needles: list[str]) -> None:
    """A bad ``simulate`` argument is named in a one-line error with exit status 2, no
    traceback and nothing simulated."""
    assert_clean_usage_error(run_cli("simulate", *args), *needles)


# ------------------------------------------------------------------------------------- play


def _auto_game(rules: gr.Ruleset, seed: int) -> gr.Game:
    """The game ``play --seed --bot greedy`` deals, with both sides played by the greedy
    strategy (what ``a`` does for the person)."""
    game = gr.Game.new(rules, seed=seed, dealer=None)
    bot = gr.GreedyBot()
    while not game.is_over:
        player = game.to_act
        assert player is not None
        game = game.apply(bot.act(game.round.view(player)))
    return game


@pytest.mark.parametrize("preset", ["pagat", "spanish-site"])
def test_play_whole_game_on_auto_moves_ends_with_the_breakdown(preset: str) -> None:
    """Feeding ``a`` (the bot's strategy makes the move; at a round's end, Enter) plays a whole
    game to the game-over breakdown, whose totals are the library's settlement of the same
    game, after one pause per round."""
    result = run_cli("play", "--preset", preset, "--seed", "5", "--bot", "greedy", input="a\n" * 4000)
    assert_clean_success(result)
    game = _auto_game(gr.find_ruleset(preset), 5)
    breakdown = game.result.breakdown
    lines = result.stdout.splitlines()
    over = lines.index("game over")
    verdict, you, bot = lines[over + 1 : over + 4]
    assert you.startswith("you: ")
    assert you.endswith(f" = {breakdown[0].total}")
    assert bot.startswith("the bot: ")
    assert bot.endswith(f" = {breakdown[1].total}")
    winner = game.result.winner
    expected_verdict = "a drawn game" if winner is None else "you win" if winner == 0 else "the bot wins"
    assert verdict.startswith(expected_verdict)
    assert [f"round {n} over" for n in range(1, len(game.results) + 1)] == [
        line for line in lines if re.fullmatch(r"round \d+ over", line)
    ]
    assert len(game.results) - 1 == result.stdout.count("press Enter for the next round> ")
    assert "bye" not in result.stdout


def test_play_shows_each_hand_in_its_melds_at_the_end_of_a_round() -> None:
    """At the end of a round the knocker's line shows its melds as it showed them (without
    the cards the defender laid off) and names its face-down knock card; the laid-off cards are
    listed with the meld they went onto."""
    game = _auto_game(gr.PAGAT, 1)
    assert any(result.layoffs for result in game.results)  # the rule is exercised
    result = run_cli("play", "--seed", "1", "--bot", "greedy", input="a\n" * 4000)
    lines = result.stdout.splitlines()
    ends = [index for index, line in enumerate(lines) if re.fullmatch(r"round \d+ over", line)]
    assert len(game.played) == len(ends)
    for finished, index in zip(game.played, ends, strict=True):
        r = finished.result
        assert r is not None and r.knocker is not None
        knocker = lines[index + 1 + (r.knocker != 0)]
        assert knocker.startswith("you " if r.knocker == 0 else "the bot ")
        for meld in r.spread:
            assert f"[{meld}]" in knocker
        assert knocker.endswith(f"knock card {finished.knock_card}")
        laid = [line for line in lines[index : index + 6] if line.startswith("laid off")]
        expected = [f"{card} onto [{r.spread[meld]}]" for card, meld in r.layoffs]
        assert expected == (laid[0].removeprefix("laid off").strip().split(", ") if laid else [])


def test_play_invalid_input_is_explained_and_asked_again() -> None:
    """Input that is not an action, an unknown card, an action that is not legal now (drawing
    from the stock at the upcard offer, an early knock) and ``help`` are each answered and the
    move asked again; nothing is played and there is no traceback."""
    assert 1 == gr.Game.new(gr.PAGAT, seed=1, dealer=None).round.dealer  # the person acts first
    entries = ["xyz", "d Zz", "s", "k 2d", "help", "quit"]
    result = run_cli("play", "--seed", "1", input="".join(e + "\n" for e in entries))
    assert_clean_success(result)
    out = result.stdout
    assert len(entries) == out.count("your move> ")
    assert "'xyz'" in out
    assert "invalid card 'Zz'" in out
    assert "s is not legal now: the upcard offer allows only taking or passing; legal: t, p" in out
    assert "k 2d is not legal now: take or pass the upcard first; you knock only after you draw" in " ".join(
        out.split()
    )
    assert "  s          draw from the stock" in out  # the help text
    assert "type help" in out
    assert "bot draws" not in out and "bot takes" not in out  # nobody moved
    assert out.rstrip().endswith("bye")


def test_play_quit_leaves_cleanly() -> None:
    """``quit`` leaves the game at once with exit status 0 and ``bye``."""
    result = run_cli("play", "--seed", "2", input="quit\n")
    assert_clean_success(result)
    assert "bye" == result.stdout.splitlines()[-1]
    assert "game over" not in result.stdout


def test_play_end_of_input_leaves_like_quit() -> None:
    """End of input (Ctrl-D, or empty standard input) leaves as ``quit`` does."""
    result = run_cli("play", "--seed", "2", input="")
    assert_clean_success(result)
    assert "bye" == result.stdout.splitlines()[-1]
    assert 1 == result.stdout.count("your move> ")


def test_play_quit_in_the_middle_of_a_game_leaves_cleanly() -> None:
    """``quit`` after some moves still leaves cleanly."""
    result = run_cli("play", "--seed", "3", input="a\n" * 30 + "quit\n")
    assert_clean_success(result)
    assert "bye" == result.stdout.splitlines()[-1]
    assert 31 == result.stdout.count("your move> ") + result.stdout.count("press Enter for the next round> ")


def test_play_shows_the_table_from_the_persons_side() -> None:
    """Each turn shows the person's table (``frontend.table_text`` of its view, the bot named
    "the bot"): the hand with its deadwood, the pile, the stock size, the knock limit and the
    choices."""
    result = run_cli("play", "--seed", "1", input="")
    first = gr.Game.new(gr.PAGAT, seed=1, dealer=None).round
    lines = result.stdout.splitlines()
    assert lines[0].startswith("gin rummy, pagat rules, target 100")
    assert "=== round 1: the bot deals ===" in lines
    table = frontend.table_text(first.view(0), opponent="the bot").splitlines()
    start = lines.index(table[0])
    assert table == lines[start : start + len(table)]
    assert table[0].endswith(f"deadwood {gr.deadwood(first.hand(0))}")
    assert f"pile       {first.upcard}   stock 31   knock limit 10" in table
    assert f"your turn  t: take {first.upcard}, p: pass the upcard" in table


def test_play_lines_fit_80_columns_and_speak_of_you_and_the_bot() -> None:
    """The issue's transcript (``p``, then ``a`` sixty times) stays within 80 columns, names the
    card laid face down at a knock, and says "you" and "the bot", never "player 0" or
    "knocker 0"."""
    result = run_cli("play", "--seed", "3", "--bot", "greedy", input="p\n" + "a\n" * 60)
    assert_clean_success(result)
    lines = result.stdout.splitlines()
    assert [] == [line for line in lines if len(line) > 80]
    assert not re.search(r"player \d|knocker \d|defender", result.stdout)
    knocks = [line for line in lines if " knock, laying " in line or " knocks, laying " in line]
    assert knocks and all(re.search(r"laying ([A2-9TJQK][cdhs]|a card) face down", line) for line in knocks)
    assert any("you knock, laying " in line for line in knocks)


def test_play_undo_takes_back_the_persons_move_and_the_bots_replies() -> None:
    """``u`` after a move that showed nothing new (taking the face-up upcard) shows the table
    as it was before that move, and ``u`` before any move says there is nothing to take back."""
    result = run_cli("play", "--seed", "1", "--bot", "greedy", input="u\nt\nu\nquit\n")
    assert_clean_success(result)
    out = result.stdout
    assert "nothing to take back yet" in out
    assert "taken back: your last move and the bot's replies" in out
    first = frontend.table_text(gr.Game.new(gr.PAGAT, seed=1, dealer=None).round.view(0), opponent="the bot")
    after_undo = out[out.index("taken back") :]
    assert first in after_undo


def test_play_refuses_to_take_back_a_stock_draw() -> None:
    """The issue's peek (``t``, ``Kh``, ``s``, ``u``, ``s``, ``u``, ``t``): the draw of Ad
    cannot be taken back, so the person cannot take the discard instead; the reason says so in
    a sentence, and the game goes on from the draw."""
    result = run_cli("play", "--seed", "3", input="t\nKh\ns\nu\ns\nu\nt\nquit\n")
    assert_clean_success(result)
    out = result.stdout
    assert "you draw Ad from the stock" in out
    assert "taken back" not in out and "you take Jh" not in out
    refusal = (
        "you cannot take back your draw: you have seen Ad (the card you drew from the stock) since, and "
        "would choose again knowing it"
    )
    assert 2 == " ".join(out.split()).count(refusal)


def test_play_free_takebacks_let_a_practice_table_take_back_a_draw() -> None:
    """``play --free-takebacks`` is the practice table: the same draw is taken back."""
    result = run_cli("play", "--seed", "3", "--free-takebacks", input="t\nKh\ns\nu\nquit\n")
    assert_clean_success(result)
    assert "taken back: your last move and the bot's replies" in result.stdout
    assert "you cannot take back" not in result.stdout


def test_play_announces_the_card_drawn_and_shows_the_pile_and_the_last_round() -> None:
    """Terminal play as a new player needs it: a card drawn from the stock is announced
    ("you draw 3c from the stock"), ``pile`` shows the discard pile's history (each discard
    and take), and ``last`` says that no round has ended yet."""
    game = gr.Game.new(gr.PAGAT, seed=1, dealer=None).apply(gr.PassUpcard(), 0)
    bot = gr.GreedyBot()
    while game.to_act == 1:
        game = game.apply(bot.act(game.round.view(1)), 1)
    drawn = game.round.stock[-1]
    view = game.apply(gr.DrawStock(), 0).round.view(0)
    names = ("you", "the bot")
    history = [
        f"{names[e.player]} discarded {e.action.card}"
        if isinstance(e.action, gr.Discard)
        else f"{names[e.player]} took {e.card}"
        for e in view.events
        if isinstance(e.action, (gr.Discard, gr.TakeDiscard))
    ]
    result = run_cli("play", "--seed", "1", "--bot", "greedy", input="p\nlast\ns\npile\nquit\n")
    assert_clean_success(result)
    lines = [line.removeprefix("your move> ") for line in result.stdout.splitlines()]
    assert "no round has ended yet" in lines
    assert f"you draw {drawn} from the stock" in lines
    start = lines.index(f"initial upcard {view.initial_upcard}")
    pile = " ".join(map(str, view.discard_pile))
    assert [*history, f"pile now (bottom to top): {pile}"] == lines[start + 1 : start + 2 + len(history)]


def test_play_after_a_round_shows_the_bots_hand_only_when_shown() -> None:
    """The end of a round shows the bot's hand only when it was laid down (from a knock on):
    after a dead hand nobody shows a hand, so neither does the terminal."""
    dead = gr.Round.deal(gr.PAGAT, dealer=1, seed=3)
    while not dead.is_over:
        dead = dead.apply(
            next(a for a in dead.legal_actions() if isinstance(a, (gr.PassUpcard, gr.DrawStock, gr.Discard)))
        )
    assert dead.result is not None
    assert gr.Outcome.DEAD_HAND == dead.result.outcome
    text = frontend.round_end_text(dead.view(0), opponent="the bot")
    assert set() == {str(card) for card in dead.hand(1)} & set(text.split())
    assert "the bot    not shown" in text.splitlines()
    assert text.splitlines()[-1].startswith("dead hand: ")
    knocked = _auto_game(gr.PAGAT, 1).finished
    assert knocked is not None and knocked.knocker is not None
    shown = frontend.round_end_text(knocked.view(0), opponent="the bot")
    assert {str(card) for card in knocked.hand(1)} <= set(shown.replace("[", " ").replace("]", " ").split())


def test_play_unknown_preset_is_one_line_with_exit_status_2() -> None:
    """``play --preset nope`` is a one-line error with exit status 2."""
    assert_clean_usage_error(run_cli("play", "--preset", "nope"), "'nope'")


# ------------------------------------------------------------------------------------ misc


def test_version_prints_the_package_version() -> None:
    """``--version`` prints ``ginrummy`` and the version and exits with status 0."""
    result = run_cli("--version")
    assert_clean_success(result)
    assert f"ginrummy {gr.__version__}\n" == result.stdout


def test_no_command_is_a_usage_error() -> None:
    """``python -m ginrummy`` with options but no command exits with status 2 and a one-line
    error (without any word it prints the usage: tests/cli/test_cli.py)."""
    assert_clean_usage_error(run_cli("--no-such-option"), "command")


def test_unknown_command_is_a_usage_error() -> None:
    """An unknown command exits with status 2 and a one-line error naming it."""
    assert_clean_usage_error(run_cli("frobnicate"), "'frobnicate'")


def test_help_lists_every_command() -> None:
    """``--help`` exits with status 0 and names every command."""
    result = run_cli("--help")
    assert_clean_success(result)
    for command in ("analyze", "simulate", "compare", "play", "presets"):
        assert command in result.stdout


def test_simulate_names_the_bots_in_the_win_rows() -> None:
    """With ``--bots A B`` the listing has a row of games and one of rounds won per bot, named
    after it, with the same figures as ``--json`` (greedy beats random in every game)."""
    args = ("simulate", "--preset", "pagat", "--games", "2", "--bots", "greedy", "random")
    listing = run_cli(*args)
    assert_clean_success(listing)
    data = json.loads(run_cli(*args, "--json").stdout)["data"]["stats"][0]
    wilson = {"value": 1.0, "low": pytest.approx(0.34238, abs=1e-5), "high": 1.0}  # 2 of 2
    assert wilson == data["player0_game_win_rate"]
    row = line_starting(listing.stdout, "greedy (player 0) wins game").split()
    assert "100.0" == row[5]
    line_starting(listing.stdout, "random (player 1) wins game")
    line_starting(listing.stdout, "greedy (player 0) wins round")
    compared = json.loads(run_cli("compare", "pagat", "straight", "--games", "2", "--json", *GREEDY).stdout)
    assert "player1_game_win_rate" in compared["data"]["differences"][0]["statistics"]


def test_analyze_says_when_the_upcard_changes_nothing() -> None:
    """``analyze --upcard`` under Pagat says the upcard changes the knock limit only in
    Oklahoma (it was ignored without a word), within 80 columns; under Oklahoma no note."""
    pagat = run_cli("analyze", "As 2s 3s 4s 7h 7d 7c Kd Qd 9c Jd", "--upcard", "5c")
    note = "note      the upcard changes the knock limit only in Oklahoma, not under pagat"
    assert note in pagat.stdout.splitlines()
    assert all(len(line) <= 80 for line in pagat.stdout.splitlines())
    oklahoma = run_cli(
        "analyze", "As 2s 3s 4s 7h 7d 7c Kd Qd 9c Jd", "--upcard", "5c", "--preset", "oklahoma"
    )
    assert (0, False) == (oklahoma.returncode, "note " in oklahoma.stdout)


def test_presets_ruleset_marks_what_differs_from_the_closest_preset(tmp_path: Path) -> None:
    """``presets --ruleset FILE`` names the closest preset and marks with ``*`` each field that
    differs from it, and only those."""
    path = tmp_path / "okla-turn.toml"
    path.write_text('preset = "oklahoma"\nafter_both_pass = "normal-turn"\ntarget = 120\n', encoding="utf-8")
    lines = run_cli("presets", "--ruleset", str(path)).stdout.splitlines()
    assert "okla-turn (* marks what differs from oklahoma)" == lines[0]
    assert ["after_both_pass", "target"] == [line.split()[1] for line in lines if line.startswith("* ")]
