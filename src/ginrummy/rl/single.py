"""A single-agent Gymnasium environment: the learner against a bot.

The learner is player 0; the opponent, player 1, is any bot: a name of :data:`ginrummy.BOTS`
(made afresh, seeded from the environment, at each ``reset``), a bot class or factory taking a
seed, or a :class:`~ginrummy.Bot` object used as it is. The dealer of each deal is drawn at
random, so the learner plays both seats.

- Observation: ``rl.encode`` of the learner's view (a ``Box(0, 1, (OBSERVATION_SIZE,),
  float32)``); the legal actions are :meth:`GinRummyEnv.action_masks` (also in
  ``info["action_mask"]``), the way maskable learners (sb3-contrib's ``MaskablePPO``) read them.
- Action: an action id (``Discrete(ACTION_SPACE_SIZE)``); the opponent's moves are played
  inside ``step`` until the learner is to act again or the episode is over.
- Reward, at the end of the episode (from the learner's side): for ``episode="round"`` the
  round's points / 100, plus for a win and minus for a loss, 0 for a dead hand or void round;
  for ``episode="game"`` +1, -1 or 0 (a drawn game). ``info["result"]`` holds the result.
- An illegal action (mask entry 0) ends the episode (``terminated``) with reward -1 and
  ``info["illegal_action"]``, like the AEC environment; a value that is not an action id
  raises :class:`~ginrummy.GinRummyError`.

>>> from ginrummy import rl
>>> env = rl.GinRummyEnv(preset="pagat", opponent="random")
>>> obs, info = env.reset(seed=4)
>>> obs.shape, int(env.action_masks().sum()) > 0
((616,), True)
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import ginrummy as gr
from ginrummy.rl.aec import (
    POINTS_SCALE,
    Episode,
    check_action_id,
    check_episode,
    observation_spaces,
    resolve_rules,
)
from ginrummy.rl.encoding import action_ids, encode, mask_from_ids
from ginrummy.rl.text import RENDER_MODES, check_render_mode, render_table

__all__ = ["GinRummyEnv"]

Opponent = str | gr.Bot | gr.BotFactory
"""A bot name, a bot factory (such as a bot class) or a bot."""

LEARNER = 0
"""The learner's player number."""


class GinRummyEnv(gymnasium.Env[npt.NDArray[np.float32], int]):
    """Gin Rummy for one learner against a bot (Gymnasium's API); see the module docstring.

    :param preset: a preset name or a :class:`~ginrummy.Ruleset`.
    :param opponent: a bot name (``"random"``, ``"greedy"`` ...), a bot factory or a bot.
    :param episode: ``"round"`` or ``"game"``.
    :param render_mode: None, ``"human"`` (the table printed on standard output after each
        ``reset`` and ``step``) or ``"ansi"`` (``render()`` returns it as text).
    :raises GinRummyError: for an unknown preset, bot, episode or render mode.

    >>> import ginrummy as gr
    >>> from ginrummy import rl
    >>> env = rl.GinRummyEnv(preset="oklahoma", opponent=gr.GreedyBot())
    >>> obs, info = env.reset(seed=1)
    >>> terminated = truncated = False
    >>> while not (terminated or truncated):
    ...     action = int(env.action_masks().argmax())
    ...     obs, reward, terminated, truncated, info = env.step(action)
    >>> info["result"].outcome in gr.Outcome
    True
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 - as gymnasium.Env declares it

    def __init__(
        self,
        preset: str | gr.Ruleset = "pagat",
        opponent: Opponent = "greedy",
        episode: Episode = "round",
        render_mode: str | None = None,
    ) -> None:
        self.rules = resolve_rules(preset)
        """The ruleset played."""
        self.episode: Episode = check_episode(episode)
        """``"round"`` or ``"game"``."""
        self.render_mode = check_render_mode(render_mode)
        if isinstance(opponent, str):
            gr.make_bot(opponent, 0)  # fail now on an unknown name
        elif not (callable(opponent) or callable(getattr(opponent, "act", None))):
            raise gr.GinRummyError(
                f"invalid opponent {opponent!r}: expected a bot name, a bot factory or a bot"
            )
        self.opponent = opponent
        """The opponent as given."""
        self.observation_space, _ = observation_spaces()  # type: ignore[assignment]
        self.action_space = spaces.Discrete(gr.ACTION_SPACE_SIZE)  # type: ignore[assignment]
        self._bot: gr.Bot | None = None
        self._round: gr.Round | None = None
        self._game: gr.Game | None = None
        self._legal: list[int] = []
        self._done = True

    @property
    def round(self) -> gr.Round:
        """The round in play (omniscient: for tests and spectators).

        :raises GinRummyError: before the first ``reset``.
        """
        if self._round is None:
            raise gr.GinRummyError("the environment has no round: call reset() first")
        return self._round

    def _make_bot(self) -> gr.Bot:
        opponent = self.opponent
        seed = int(self.np_random.integers(2**63))
        if isinstance(opponent, (str, type)) or not hasattr(opponent, "act"):
            return gr.make_bot(opponent, seed)
        return opponent

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal a new round (or start a new game) and play the bot's moves up to the
        learner's first turn.

        :param seed: seeds this episode and those after it; None continues the sequence.
        :param options: accepted and ignored.
        :returns: the learner's observation and ``{"action_mask": ...}``.
        """
        super().reset(seed=seed)
        self._bot = self._make_bot()
        dealer = int(self.np_random.integers(2))
        deal_seed = int(self.np_random.integers(2**63))
        if self.episode == "game":
            self._game = gr.Game.new(self.rules, seed=deal_seed, dealer=dealer)
            self._round = self._game.round
        else:
            self._game = None
            self._round = gr.Round.deal(self.rules, dealer=dealer, seed=deal_seed)
        self._play_bot()
        self._done = False
        observation, info, _ = self._observe()
        if self.render_mode == "human":
            self.render()
        return observation, info

    def _apply(self, action: gr.Action) -> None:
        if self._game is not None:
            self._game = self._game.apply(action)
            self._round = self._game.round
        else:
            self._round = self.round.apply(action)

    def _over(self) -> bool:
        return self._game.is_over if self._game is not None else self.round.result is not None

    def _play_bot(self) -> None:
        """Apply the bot's moves while it is to act."""
        assert self._bot is not None
        while not self._over() and self.round.to_act != LEARNER:
            self._apply(self._bot.act(self.round.view(1 - LEARNER)))

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any], float]:
        """The learner's observation, info and reward."""
        view = self.round.view(LEARNER)
        self._legal = action_ids(view.legal_actions)
        info: dict[str, Any] = {"action_mask": mask_from_ids(self._legal)}
        observation = encode(self._game.view(LEARNER) if self._game is not None else view)
        reward = 0.0
        if self._over():
            if self._game is not None:
                result: gr.RoundResult | gr.GameResult = self._game.result
                winner, value = self._game.result.winner, 1.0
            else:
                assert view.result is not None
                result, winner, value = view.result, view.result.winner, view.result.points / POINTS_SCALE
            info["result"] = result
            if winner is not None:
                reward = value if winner == LEARNER else -value
        return observation, info, reward

    def action_masks(self) -> npt.NDArray[np.int8]:
        """1 for each legal action id of the learner now (all 0 once the episode is over)."""
        return mask_from_ids(self._legal)

    def step(self, action: int) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Play the learner's ``action``, then the bot's moves until the learner is to act
        again or the episode ends.

        :returns: observation, reward, terminated, truncated (always False), info.
        :raises GinRummyError: for a value that is not an action id, or a step before reset.
        """
        number = check_action_id(action)
        if self._done:
            raise gr.GinRummyError("the episode is over: call reset() first")
        if number not in self._legal:
            observation, info, _ = self._observe()
            self._done = True
            self._legal = []
            info["illegal_action"] = number
            info["action_mask"] = mask_from_ids(self._legal)
            return observation, -1.0, True, False, info
        self._apply(gr.action_from_id(number))
        self._play_bot()
        observation, info, reward = self._observe()
        self._done = self._over()
        if self.render_mode == "human":
            self.render()
        return observation, reward, self._done, False, info

    def render(self) -> str | None:
        """The table as text (both hands) when ``render_mode="ansi"``; printed on standard
        output, returning None, when ``render_mode="human"`` (which also prints it after
        ``reset`` and each ``step``); else None."""
        return render_table(self.render_mode, self._round, self._game)


ENV_ID = "ginrummy/GinRummy-v0"
"""The id under which importing :mod:`ginrummy.rl` registers :class:`GinRummyEnv` with
Gymnasium. ``gymnasium.make("ginrummy.rl:ginrummy/GinRummy-v0", opponent="random")``, Gymnasium's
form for a third-party environment, imports the module first, so it works in a fresh
interpreter; the bare id works once :mod:`ginrummy.rl` is imported."""

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="ginrummy.rl.single:GinRummyEnv")
