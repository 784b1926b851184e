"""A two-player PettingZoo AEC environment: each agent sees its own :class:`~ginrummy.PlayerView`.

Agents are ``"player_0"`` and ``"player_1"`` (the library's players 0 and 1). An observation is
``{"observation": rl.encode(view), "action_mask": rl.legal_mask(view)}`` for the agent's view
(so it never holds a card that player may not see); an action is an id of
:func:`ginrummy.action_to_id`. After a ``reset`` the agent to act is whoever the rules say
(the non-dealer, first, to take or pass the upcard), and the same agent may act several times
in a row (it draws, then discards).

Rewards, given when the episode ends, zero-sum:

- ``episode="round"``: the round's winner gets its points / 100 (bonuses and Oklahoma's
  multiplier included), the other player minus that; a dead hand or void round gives 0.
- ``episode="game"``: a game to the ruleset's target: +1 for the winner, -1 for the loser, 0
  each for a drawn game; the rounds in between give 0.

``infos[agent]`` is empty while the episode runs; at its end it holds ``"result"`` (the
:class:`~ginrummy.RoundResult` or :class:`~ginrummy.GameResult`).

An action whose mask entry is 0 is handled as PettingZoo's classic environments handle it
(their ``TerminateIllegalWrapper``): a warning is logged, the episode ends at once
(every agent terminated), the agent that sent it gets -1 and the other 0, and its info holds
``"illegal_action"`` (the id). A value that is not an action id at all (not an integer from 0
to ``ACTION_SPACE_SIZE - 1``) raises :class:`~ginrummy.GinRummyError`.

``max_cycles`` truncates an episode after that many actions (both agents' together): every
agent is then truncated, with reward 0.

``reset(seed=s)`` makes the episodes that follow (until the next seeded reset) reproducible:
the dealer and the deal of each come from a generator seeded with ``s``.

>>> from ginrummy import rl
>>> env = rl.aec_env(preset="pagat")
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.last()[0]["action_mask"].sum())
('player_1', 2)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

import ginrummy as gr
from ginrummy.rl.encoding import OBSERVATION_SIZE, action_ids, encode, mask_from_ids
from ginrummy.rl.text import RENDER_MODES, check_render_mode, render_table
from ginrummy.validators import check_int, is_int

__all__ = ["POINTS_SCALE", "GinRummyAEC", "aec_env", "resolve_rules"]

POINTS_SCALE = 100
"""A round's points are divided by this to make the reward of a round episode."""

Episode = Literal["round", "game"]
AGENTS = ("player_0", "player_1")
_PLAYER = {agent: number for number, agent in enumerate(AGENTS)}
_SIZE = gr.ACTION_SPACE_SIZE
_ACTIONS = tuple(gr.action_from_id(number) for number in range(_SIZE))


def resolve_rules(preset: str | gr.Ruleset) -> gr.Ruleset:
    """The ruleset named ``preset`` (any name :func:`ginrummy.find_ruleset` knows), or
    ``preset`` itself when it is a :class:`~ginrummy.Ruleset`.

    :raises InvalidRulesetError: for an unknown name.
    """
    return preset if isinstance(preset, gr.Ruleset) else gr.find_ruleset(preset)


def check_episode(episode: object) -> Episode:
    """``episode`` when it is ``"round"`` or ``"game"``.

    :raises GinRummyError: otherwise.
    """
    if episode == "round" or episode == "game":
        return episode
    raise gr.GinRummyError(f"invalid episode {episode!r:.80}: expected 'round' or 'game'")


def check_action_id(action: object) -> int:
    """``action`` as an int when it is an action id (numpy integers included).

    :raises GinRummyError: for anything else.
    """
    if is_int(action) or isinstance(action, np.integer):  # np.bool_ is no np.integer
        number = int(action)
        if 0 <= number < gr.ACTION_SPACE_SIZE:
            return number
    raise gr.GinRummyError(
        f"invalid action {action!r}: expected an action id from 0 to {gr.ACTION_SPACE_SIZE - 1}"
    )


def observation_spaces(n: int = OBSERVATION_SIZE) -> tuple[spaces.Box, spaces.Box]:
    """The observation's and the mask's spaces."""
    return (
        spaces.Box(0.0, 1.0, shape=(n,), dtype=np.float32),
        spaces.Box(0, 1, shape=(gr.ACTION_SPACE_SIZE,), dtype=np.int8),
    )


class GinRummyAEC(AECEnv):  # type: ignore[misc]
    """Gin Rummy for two learning agents, turn by turn (PettingZoo's AEC API).

    Build it with :func:`aec_env`; the module docstring describes observations, rewards,
    illegal actions, truncation and seeding.

    >>> from ginrummy import rl
    >>> env = rl.aec_env(preset="straight", episode="round")
    >>> env.reset(seed=3)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     done = terminated or truncated
    ...     env.step(None if done else int(obs["action_mask"].argmax()))
    >>> env.agents
    []
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "ginrummy_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        preset: str | gr.Ruleset = "pagat",
        episode: Episode = "round",
        render_mode: str | None = None,
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        self.rules = resolve_rules(preset)
        """The ruleset played."""
        self.episode: Episode = check_episode(episode)
        """``"round"`` or ``"game"``."""
        self.render_mode = check_render_mode(render_mode)
        check_int(max_cycles, "max_cycles", gr.GinRummyError, low=1, optional=True)
        self.max_cycles = max_cycles
        """The most actions in an episode before it is truncated (None: no limit)."""
        self.possible_agents = list(AGENTS)
        observation, mask = observation_spaces()
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation, "action_mask": mask}) for agent in AGENTS
        }
        self.action_spaces = {agent: spaces.Discrete(gr.ACTION_SPACE_SIZE) for agent in AGENTS}
        self._rng = random.Random()
        self._round: gr.Round | None = None
        self._game: gr.Game | None = None
        self._actions = 0
        self._legal_ids: tuple[gr.Round | None, list[int]] = (None, [])

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(ACTION_SPACE_SIZE)``."""
        return self.action_spaces[agent]

    @property
    def round(self) -> gr.Round:
        """The round in play (omniscient: for spectators and tests, not for agents).

        :raises GinRummyError: before the first ``reset``.
        """
        if self._round is None:
            raise gr.GinRummyError("the environment has no round: call reset() first")
        return self._round

    @property
    def game(self) -> gr.Game | None:
        """The game in play when ``episode="game"``, else None."""
        return self._game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: a new deal (and a new game for ``episode="game"``).

        :param seed: seeds this episode and those after it; None continues the sequence.
        :param options: accepted and ignored.
        """
        if seed is not None:
            self._rng = random.Random(seed)
        dealer = self._rng.randrange(2)
        deal_seed = self._rng.getrandbits(64)
        if self.episode == "game":
            self._game = gr.Game.new(self.rules, seed=deal_seed, dealer=dealer)
            self._round = self._game.round
        else:
            self._game = None
            self._round = gr.Round.deal(self.rules, dealer=dealer, seed=deal_seed)
        self._actions = 0
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0.0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self._skip_agent_selection = None
        self.agent_selection = AGENTS[self._round.to_act or 0]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``{"observation": ..., "action_mask": ...}`` for ``agent``'s view."""
        player = _PLAYER[agent]
        if self._game is not None:
            full: gr.PlayerView | gr.GameView = self._game.view(player)
            legal = full.round.legal_actions  # type: ignore[union-attr]
        else:
            full = self.round.view(player)
            legal = full.legal_actions
        ids = action_ids(legal)
        if legal:  # kept for step(), which checks the action against them
            self._legal_ids = (self._round, ids)
        return {"observation": encode(full), "action_mask": mask_from_ids(ids)}

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Apply the selected agent's action (None for an agent already done).

        :raises GinRummyError: for a value that is not an action id, or a step before reset.
        """
        self._step(action)
        if self.render_mode == "human":
            self.render()

    def _step(self, action: int | np.integer[Any] | None) -> None:
        """:meth:`step`, before the table is drawn in human mode."""
        state = self._round
        if state is None:
            raise gr.GinRummyError("the environment has no round: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        number = action if type(action) is int and 0 <= action < _SIZE else check_action_id(action)
        known, ids = self._legal_ids
        if known is not state:
            ids = action_ids(state.legal_actions())
        if number not in ids:
            self._illegal(agent, number)
            return
        move = _ACTIONS[number]
        self._cumulative_rewards[agent] = 0.0
        if self._game is not None:
            self._game = self._game.apply(move)
            state = self._round = self._game.round
            over = self._game.is_over
        else:
            state = self._round = state.apply(move)
            over = state.result is not None
        self._actions += 1
        if over:
            self._finish()
        elif self.max_cycles is not None and self._actions >= self.max_cycles:
            self.truncations = {name: True for name in AGENTS}
            self.rewards = {name: 0.0 for name in AGENTS}
        else:
            self.agent_selection = AGENTS[state.to_act]  # type: ignore[index]
            return  # no reward during an episode
        self._accumulate_rewards()

    def _finish(self) -> None:
        """Set the final rewards, infos and terminations."""
        if self._game is not None:
            result: gr.RoundResult | gr.GameResult = self._game.result
            winner = self._game.result.winner
            value = 1.0
        else:
            round_result = self.round.result
            assert round_result is not None
            result, winner, value = round_result, round_result.winner, round_result.points / POINTS_SCALE
        self.rewards = {name: 0.0 for name in AGENTS}
        if winner is not None:
            self.rewards[AGENTS[winner]] = value
            self.rewards[AGENTS[1 - winner]] = -value
        self.terminations = {name: True for name in AGENTS}
        self.infos = {name: {"result": result} for name in AGENTS}

    def _illegal(self, agent: str, number: int) -> None:
        """End the episode: ``agent`` sent the illegal action id ``number``."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        self.terminations = {name: True for name in AGENTS}
        self.rewards = {name: 0.0 for name in AGENTS}
        self.rewards[agent] = -1.0
        self.infos[agent] = {**self.infos[agent], "illegal_action": number}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text (both hands: this is a spectator's picture) when
        ``render_mode="ansi"``; printed on standard output, returning None, when
        ``render_mode="human"`` (which also prints it after ``reset`` and each ``step``);
        else None."""
        return render_table(self.render_mode, self._round, self._game)

    def close(self) -> None:
        """Nothing to release."""


def aec_env(
    preset: str | gr.Ruleset = "pagat",
    episode: Episode = "round",
    render_mode: str | None = None,
    max_cycles: int | None = None,
) -> GinRummyAEC:
    """A PettingZoo AEC environment of Gin Rummy (see :class:`GinRummyAEC`).

    :param preset: a preset name (``"pagat"``, ``"oklahoma"`` ...) or a :class:`~ginrummy.Ruleset`.
    :param episode: ``"round"`` (one deal) or ``"game"`` (rounds to the target).
    :param render_mode: None, ``"human"`` (the table printed on standard output after each
        ``reset`` and ``step``) or ``"ansi"`` (``render()`` returns the table as text).
    :param max_cycles: truncate an episode after this many actions (None: never).
    :raises GinRummyError: for an unknown preset, episode or render mode, or a bad ``max_cycles``.

    >>> from ginrummy import rl
    >>> env = rl.aec_env(preset="oklahoma", episode="game", render_mode="ansi")
    >>> env.reset(seed=0)
    >>> env.rules.name, env.num_agents, int(env.action_space("player_0").n)
    ('oklahoma', 2, 265)
    """
    return GinRummyAEC(preset=preset, episode=episode, render_mode=render_mode, max_cycles=max_cycles)
