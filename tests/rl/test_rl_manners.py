"""What the RL ecosystem expects of an environment beyond its API: a ``"human"`` render mode
(PettingZoo's ``render_test``), Gymnasium's ``"module:id"`` form of ``gymnasium.make`` in a
fresh interpreter, and PettingZoo's parallel conversion of a turn-based game."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import parallel_api_test, render_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from cli_helpers import cli_env
from ginrummy import rl


@pytest.mark.parametrize("episode", ["round", "game"])
def test_the_aec_environment_passes_pettingzoos_render_test(episode: str) -> None:
    """PettingZoo's ``render_test`` passes: every render mode in the metadata, ``"human"``
    (``render()`` returns None) and ``"ansi"`` (text)."""
    assert ["human", "ansi"] == rl.GinRummyAEC.metadata["render_modes"]
    render_test(lambda render_mode: rl.aec_env(episode=episode, render_mode=render_mode))  # type: ignore[arg-type]


def test_human_mode_prints_the_table_after_reset_and_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    """In ``"human"`` mode both environments print the table (the round's own picture, both
    hands) on standard output after ``reset`` and after each ``step``; ``render()`` prints it
    once more and returns None."""
    aec = rl.aec_env(render_mode="human")
    aec.reset(seed=2)
    assert f"{aec.round}\n\n" == capsys.readouterr().out
    mask = aec.observe(aec.agent_selection)["action_mask"]
    aec.step(int(np.flatnonzero(mask)[0]))
    assert f"{aec.round}\n\n" == capsys.readouterr().out
    assert aec.render() is None
    assert f"{aec.round}\n\n" == capsys.readouterr().out

    single = rl.GinRummyEnv(opponent="greedy", render_mode="human")
    single.reset(seed=2)
    assert f"{single.round}\n\n" == capsys.readouterr().out
    single.step(int(np.flatnonzero(single.action_masks())[0]))
    assert f"{single.round}\n\n" == capsys.readouterr().out
    assert single.render() is None
    printed = capsys.readouterr().out
    assert f"{single.round}\n\n" == printed
    assert all(str(card) in printed for player in (0, 1) for card in single.round.hand(player))


def test_the_gymnasium_environment_in_human_mode_passes_check_env(capsys: pytest.CaptureFixture[str]) -> None:
    """Gymnasium's ``check_env`` passes, without a warning, on the single-agent environment
    in ``"human"`` mode (which it renders)."""
    env = gymnasium.make(rl.ENV_ID, opponent="random", render_mode="human")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    assert "player 0" in capsys.readouterr().out


def test_gymnasium_make_with_the_module_form_works_in_a_fresh_interpreter() -> None:
    """``gymnasium.make("ginrummy.rl:ginrummy/GinRummy-v0")``, the form the docs show,
    imports the module itself: it works in a fresh interpreter that never imported
    ``ginrummy.rl`` (the bare id raises NamespaceNotFound there)."""
    source = textwrap.dedent(
        """
        import sys
        import gymnasium
        assert "ginrummy.rl" not in sys.modules
        env = gymnasium.make("ginrummy.rl:ginrummy/GinRummy-v0", opponent="random")
        observation, info = env.reset(seed=0)
        print(type(env.unwrapped).__name__, observation.shape, int(info["action_mask"].sum()))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", source],
        capture_output=True,
        text=True,
        env=cli_env(),
        timeout=120,
        check=False,
    )
    assert (0, "") == (done.returncode, done.stderr)
    assert "GinRummyEnv (616,)" == done.stdout.rsplit(" ", 1)[0]
    assert f"ginrummy.rl:{rl.ENV_ID}" == "ginrummy.rl:ginrummy/GinRummy-v0"


@pytest.mark.parametrize("episode", ["round", "game"])
def test_turn_based_aec_to_parallel_is_the_parallel_conversion_that_works(episode: str) -> None:
    """PettingZoo's ``turn_based_aec_to_parallel`` turns the AEC environment into a parallel
    one that passes ``parallel_api_test``, each step taking the acting agent's action (the
    other's is ignored) and ending with the round's or game's result."""
    env = turn_based_aec_to_parallel(rl.aec_env(episode=episode))  # type: ignore[arg-type]
    parallel_api_test(env, num_cycles=200)
    observations, _ = env.reset(seed=4)
    rewards: dict[str, float] = {}
    rng = np.random.default_rng(4)
    for _ in range(20_000):
        actions = {
            agent: int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
            if observations[agent]["action_mask"].any()
            else 0
            for agent in env.agents
        }
        observations, rewards, _, _, _ = env.step(actions)
        if not env.agents:
            break
    assert not env.agents
    assert 0.0 == sum(rewards.values())  # zero-sum at the end
    assert isinstance(env.aec_env.unwrapped, rl.GinRummyAEC)
    assert env.aec_env.unwrapped.round.result is not None


def test_aec_to_parallel_is_refused_for_a_turn_based_game() -> None:
    """PettingZoo's general ``aec_to_parallel`` refuses the environment (its metadata says
    it is not parallelizable): the turn-based conversion is the one to use."""
    from pettingzoo.utils.conversions import aec_to_parallel

    assert rl.GinRummyAEC.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="parallelizable"):
        aec_to_parallel(rl.aec_env())
