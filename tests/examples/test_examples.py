"""The programs in ``examples/`` run, exit with status 0 and print what they are about.

Each example is run as a separate process with the directory of the ``ginrummy`` under test
first on ``PYTHONPATH`` (so the library under test is the one imported), and each is imported as a
module to check that it offers a ``main`` function.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

import ginrummy as gr
from cli_helpers import cli_env
from repository import ROOT
from web_game import card_tokens

EXAMPLES = ROOT / "examples"
"""The directory holding the ``ginrummy`` under test (``src``, or the wheel's site-packages)."""

EXPECTED_LINES = {
    "analyze_hand.py": ([], "after drawing 5s, discard"),
    "play_scripted_round.py": ([], "result: knock: player 0 scores 7 (deadwood (1, 8))"),
    "custom_ruleset.py": ([], "rejected {'knock_limmit': 5}: invalid ruleset: unknown field 'knock_limmit'"),
    "bot_vs_bot.py": ([], "final settlement:"),
    "save_and_restore.py": ([], "restored equal to the original: True"),
    "hot_seat.py": (["--auto"], "game over: player"),
    "terminal_table.py": (["--auto", "--seed", "4", "--bot", "greedy"], "the bot: "),
    "rl_training.py": (["--episodes", "60"], "trained 60 rounds with REINFORCE: mean reward"),
    "openspiel_ismcts.py": (
        ["--rounds", "1", "--simulations", "4"],
        "ISMCTS against the random bot over 1 rounds:",
    ),
}
"""Per example: its command-line arguments and a line (or the start of one) it must print."""


def run_example(name: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``examples/name`` with ``args`` in a child process, with the ``ginrummy`` under test
    first on the path (:func:`cli_helpers.cli_env`)."""
    return subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=cli_env(),
        cwd=ROOT,
        timeout=300,
        check=False,
    )


def test_every_example_is_tested() -> None:
    """Each program in ``examples/`` has an expected line here, so a new one cannot go untested."""
    assert sorted(EXPECTED_LINES) == sorted(path.name for path in EXAMPLES.glob("*.py"))


@pytest.mark.parametrize("name", sorted(EXPECTED_LINES))
def test_example_runs_and_prints_its_line(name: str) -> None:
    """The example exits with status 0, writes nothing to stderr and prints its line."""
    args, expected = EXPECTED_LINES[name]
    completed = run_example(name, *args)
    assert 0 == completed.returncode, completed.stderr
    assert "" == completed.stderr
    lines = completed.stdout.splitlines()
    assert any(line.strip().startswith(expected) for line in lines), completed.stdout[-2000:]


@pytest.mark.parametrize("name", sorted(EXPECTED_LINES))
def test_example_has_main(name: str) -> None:
    """Importing the example runs nothing and gives a module with a docstring and ``main``."""
    spec = importlib.util.spec_from_file_location(f"example_{name[:-3]}", EXAMPLES / name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert callable(getattr(module, "main", None))
    assert module.__doc__


def test_save_and_restore_reports_the_corrupted_document() -> None:
    """A hand-edited score is refused with a SerializationError naming the field."""
    completed = run_example("save_and_restore.py")
    assert 0 == completed.returncode, completed.stderr
    assert "edited score: SerializationError: game.state.scores: [" in completed.stdout
    assert "game.state.scores: [31, 0] does not match the replay ([30, 0])" in completed.stdout
    assert "and redoing it gives the same game: True" in completed.stdout


def test_hot_seat_explains_bad_input_and_stops_at_end_of_input() -> None:
    """Unknown notation and an illegal action are explained and asked again; the end of input
    leaves the game with status 0."""
    completed = run_example("hot_seat.py", stdin="zz\nd Kh\np\n")
    assert 0 == completed.returncode, completed.stderr
    out = completed.stdout
    assert "invalid action 'zz': unknown action 'zz'" in out
    assert "illegal action Discard(card=Card('Kh')) for player 1 in phase UPCARD_OFFER" in out
    assert "player 1 passes the upcard" in out  # player 0 sees player 1's pass
    assert "game abandoned" == out.splitlines()[-1]


def test_hot_seat_shows_only_the_acting_players_hand() -> None:
    """Before the first action, only the non-dealer's hand is printed, not the dealer's."""
    completed = run_example("hot_seat.py", stdin="")
    assert 0 == completed.returncode, completed.stderr
    hand_lines = [line for line in completed.stdout.splitlines() if line.startswith("your hand  ")]
    assert 1 == len(hand_lines)
    dealt = gr.Game.new(gr.PAGAT, seed=8, dealer=0).round
    assert not any(str(card) in hand_lines[0] for card in dealt.hand(0))
    assert all(str(card) in hand_lines[0] for card in dealt.hand(1))


def test_the_terminal_table_saves_sealed_and_resumes(tmp_path: Path) -> None:
    """The guide's terminal table saves on ``save`` (the save shows no card of the game, and
    its key lies beside it, readable by its owner only), and ``--resume`` takes the game up
    again at the same table."""
    save = tmp_path / "game.sav"
    first = run_example("terminal_table.py", "--seed", "5", "--save", str(save), stdin="p\nsave\n")
    assert 0 == first.returncode, first.stderr
    text = save.read_text(encoding="utf-8")
    assert set() == card_tokens(text)
    assert 0o600 == save.with_suffix(".key").stat().st_mode & 0o777
    resumed = run_example("terminal_table.py", "--save", str(save), "--resume", stdin="quit\n")
    assert 0 == resumed.returncode, resumed.stderr
    saved_at = first.stdout.split("your move> ")[-2]  # the bot's reply, then the table saved
    table = saved_at[saved_at.index("your hand") :]
    assert table == resumed.stdout.split("your move> ")[0]


def test_the_guide_shows_the_terminal_tables_whole_loop() -> None:
    """The front-end guide prints ``examples/terminal_table.py``'s game loop in the page (not
    as an include, which a reader of the ``.rst`` file cannot see), and that copy is the
    program's code, line for line."""
    import inspect
    import textwrap

    spec = importlib.util.spec_from_file_location("example_terminal_table", EXAMPLES / "terminal_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    guide = (ROOT / "docs" / "frontends.rst").read_text(encoding="utf-8")
    block = guide.split("Its whole\ngame loop is this function", 1)[1].split("::\n\n", 1)[1]
    lines = []
    for line in block.splitlines():
        if line and not line.startswith("   "):
            break
        lines.append(line)
    shown = textwrap.dedent("\n".join(lines)).strip()
    assert f'BOT = "the bot"\n\n\n{inspect.getsource(module.play).strip()}' == shown
