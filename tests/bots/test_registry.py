"""Your own bots everywhere (issue 29, item 3): a bot named ``module:Class`` (or
``module:function``) the way entry points are written, or by the name an installed package
registers in the ``ginrummy.bots`` entry-point group, in Python (``gr.make_bot``,
``gr.simulate``, ``gr.ladder``) and on the command line (``--bots`` of ``simulate``,
``compare`` and ``ladder``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import ginrummy as gr
from cli_helpers import run_cli
from ginrummy.bots.registry import find_bot

MODULE = '''
import ginrummy as gr

class PickyBot:
    """Takes the discard whenever it may, else plays as the greedy bot."""

    name = "picky"

    def __init__(self, seed=None):
        self.greedy = gr.GreedyBot(seed)

    def act(self, view):
        if gr.TakeDiscard() in view.legal_actions:
            return gr.TakeDiscard()
        return self.greedy.act(view)

def make_picky(seed):
    return PickyBot(seed)

def first_legal():
    return FirstLegal()

class FirstLegal:
    def act(self, view):
        return view.legal_actions[0]

NOT_A_BOT = 7
'''
"""The user's module, ``mybot.py`` (a name no other test module uses)."""


@pytest.fixture
def mybot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding ``mybot.py``, on ``sys.path`` for this test."""
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "mybot.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.delitem(sys.modules, "mybot", raising=False)
    return folder


def registered(folder: Path) -> None:
    """Make ``folder`` hold an installed distribution registering ``picky = mybot:PickyBot``
    in the ``ginrummy.bots`` group (what ``pip install`` of a package with that entry point
    leaves in site-packages)."""
    info = folder / "picky_bots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: picky-bots\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text("[ginrummy.bots]\npicky = mybot:PickyBot\n", encoding="utf-8")


def test_module_colon_class_and_function_make_bots(mybot: Path) -> None:
    """``module:Class`` and ``module:function`` are factories taking a seed; a function that
    takes nothing is called with nothing; the bots play a legal action."""
    view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    for name in ("mybot:PickyBot", "mybot:make_picky", "mybot:first_legal"):
        bot = gr.make_bot(name, seed=3)
        assert bot.act(view) in view.legal_actions
    assert gr.TakeDiscard() == gr.make_bot("mybot:PickyBot", seed=1).act(view)
    assert "PickyBot" == type(find_bot("mybot:make_picky")(5)).__name__


def test_a_custom_bot_plays_in_simulate_and_the_ladder_under_its_name(mybot: Path) -> None:
    """``gr.simulate`` and ``gr.ladder`` take the name and report under it as written."""
    report = gr.simulate([gr.PAGAT], rounds=3, bots=("mybot:PickyBot", "greedy"), seed=1)
    assert ("mybot:PickyBot", "greedy") == report.bots
    result = gr.ladder(["greedy", "mybot:PickyBot"], gr.PAGAT, games=2, seed=1)
    assert {"greedy", "mybot:PickyBot"} == {rating.bot for rating in result.ratings}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("nomodule:Bot", "unknown bot 'nomodule:Bot': no module named 'nomodule'"),
        ("mybot:Missing", "unknown bot 'mybot:Missing': module 'mybot' has no attribute 'Missing'"),
        ("mybot:NOT_A_BOT", "invalid bot 'mybot:NOT_A_BOT': 'NOT_A_BOT' is not a class or function (got 7)"),
        ("minimax", "unknown bot 'minimax': known bots are " + ", ".join(gr.BOTS) + ", or module:Class"),
    ],
)
def test_a_name_that_names_no_bot_is_the_librarys_error(mybot: Path, name: str, expected: str) -> None:
    """Each way a name can fail is a ``GinRummyError`` naming the value and the reason."""
    with pytest.raises(gr.GinRummyError) as caught:
        gr.make_bot(name)
    assert expected == str(caught.value)


def test_a_module_that_fails_to_import_is_one_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A user's module that raises while importing is reported as the library's error, with
    the module's own exception named."""
    (tmp_path / "brokenbot.py").write_text("raise RuntimeError('oops')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(gr.GinRummyError) as caught:
        gr.make_bot("brokenbot:Bot")
    assert "unknown bot 'brokenbot:Bot': importing 'brokenbot' failed: RuntimeError: oops" == str(
        caught.value
    )


def test_an_entry_point_registers_a_bot_by_name(mybot: Path) -> None:
    """An installed package's entry point ``picky = mybot:PickyBot`` in the group
    ``ginrummy.bots`` makes ``'picky'`` a bot's name, and the unknown-bot message lists it."""
    registered(mybot)
    view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    assert gr.TakeDiscard() == gr.make_bot("picky", seed=1).act(view)
    with pytest.raises(
        gr.GinRummyError,
        match=r"known bots are .*eaai-simple, learned, camper, level, picky, or module:Class",
    ):
        gr.make_bot("pickyy")


def test_the_command_line_plays_a_custom_bot_on_the_ladder_simulate_and_compare(mybot: Path) -> None:
    """The issue's ``--bots mybot:PickyBot`` ("unknown bot" before), run in the folder holding
    ``mybot.py`` as a user would: the ladder rates it under its name, and ``simulate`` and
    ``compare`` play it."""
    ladder = run_cli("ladder", "--bots", "greedy", "mybot:PickyBot", "--games", "2", cwd=mybot)
    assert (0, "") == (ladder.returncode, ladder.stderr)
    assert "mybot:PickyBot" in ladder.stdout
    simulate = run_cli("simulate", "--bots", "mybot:PickyBot", "greedy", "--rounds", "2", cwd=mybot)
    assert (0, "") == (simulate.returncode, simulate.stderr)
    compare = run_cli(
        "compare", "pagat", "straight", "--bots", "mybot:PickyBot", "greedy", "--games", "2", cwd=mybot
    )
    assert (0, "") == (compare.returncode, compare.stderr)


def test_the_command_line_plays_an_entry_point_bot_and_refuses_a_missing_module(mybot: Path) -> None:
    """An installed bot's name (an entry point) works on the command line; a module that is
    nowhere is one line on standard error, exit status 2."""
    registered(mybot)
    result = run_cli("ladder", "--bots", "greedy", "picky", "--games", "2", path=mybot)
    assert (0, "") == (result.returncode, result.stderr)
    assert "picky" in result.stdout
    missing = run_cli("ladder", "--bots", "greedy", "nomodule:Bot", "--games", "2")
    assert (2, ["ginrummy ladder: error: unknown bot 'nomodule:Bot': no module named 'nomodule'"]) == (
        missing.returncode,
        missing.stderr.splitlines(),
    )
