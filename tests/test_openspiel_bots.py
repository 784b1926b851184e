"""docs/rl.rst's list of the OpenSpiel bots that work on this game, held to OpenSpiel as
installed: the Python ISMCTS chooses a legal action, and the C++ ``MCTSBot`` and
``ISMCTSBot`` end the interpreter with a segmentation fault (an OpenSpiel bug with games
written in Python; when a release fixes it, this test says the docs must change)."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from importlib.metadata import version

import pytest

from cli_helpers import cli_env
from repository import ROOT

SETUP = """
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from ginrummy import openspiel as gos
game = pyspiel.load_game(gos.register())
state = game.new_initial_state()
while state.is_chance_node():
    state.apply_action(state.chance_outcomes()[0][0])
"""

BOTS = {
    "python-ismcts": "ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),"
    " 2.0, 4,"
    " random_state=np.random.RandomState(0))",
    "cpp-mcts": "pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 4, 10, False, 0, False)",
    "cpp-ismcts": "pyspiel.ISMCTSBot(0, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 4, -1,"
    " pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False)",
}


def _step(bot: str) -> subprocess.CompletedProcess[str]:
    """One ``step`` of ``bot`` (a key of :data:`BOTS`) at the first decision of a round, in
    a fresh interpreter: a crash ends only that process."""
    source = SETUP + textwrap.dedent(
        f"""
        bot = {BOTS[bot]}
        action = bot.step(state)
        print("legal" if action in state.legal_actions() else "illegal")
        """
    )
    return subprocess.run(
        [sys.executable, "-c", source],
        capture_output=True,
        text=True,
        env=cli_env(),
        timeout=120,
        check=False,
    )


def test_the_python_ismcts_bot_chooses_a_legal_action() -> None:
    """OpenSpiel's Python ISMCTS, the bot docs/rl.rst recommends, steps and chooses a legal
    action."""
    done = _step("python-ismcts")
    assert (0, "legal") == (done.returncode, done.stdout.strip()), done.stderr


@pytest.mark.parametrize("bot", ["cpp-mcts", "cpp-ismcts"])
def test_openspiels_cpp_search_bots_crash_as_the_docs_say(bot: str) -> None:
    """docs/rl.rst says the C++ ``MCTSBot`` and ``ISMCTSBot`` crash on their first ``step``
    with this game under OpenSpiel 2 (a segmentation fault), and what they do under OpenSpiel
    1.6, the last for Python 3.10: they do so, with the installed OpenSpiel."""
    done = _step(bot)
    page = " ".join((ROOT / "docs" / "rl.rst").read_text().split())
    if int(version("open_spiel").split(".")[0]) >= 2:
        assert -signal.SIGSEGV == done.returncode, (done.returncode, done.stdout, done.stderr[-500:])
        assert (
            "``pyspiel.MCTSBot`` and ``pyspiel.ISMCTSBot`` crash the interpreter (a segmentation fault)"
            in page
        )
    elif bot == "cpp-mcts":
        assert (0, "legal") == (done.returncode, done.stdout.strip()), done.stderr[-500:]
        assert "the C++ ``MCTSBot`` runs, searching the real hidden cards" in page
    else:
        assert done.returncode == 1 and "ResampleFromInfostate() not implemented" in done.stderr, done.stderr[
            -500:
        ]
        assert "``SpielError: ResampleFromInfostate() not implemented``" in page
