""":class:`MonteCarloBot`: a search bot that samples the cards it cannot see.

At each decision worth searching it draws ``samples`` whole rounds consistent with its view
(:meth:`PlayerView.sample <ginrummy.PlayerView.sample>`: the opponent's unknown cards, the
stock order and the hidden history drawn uniformly from what the view allows), tries each
candidate action in each of them, and plays the round out with
:class:`~ginrummy.TrackerBot` on both sides (each playout bot sees only its own view of the
sampled round). An action scores what the round then gives this player: its points plus the
box bonus when it wins, minus the same when it loses, nothing for a dead hand. This is
*determinized* (perfect-information) Monte Carlo: each sampled world is scored as if it were
the real one.

The candidates are those the tracker bot weighs (:meth:`TrackerBot.appraise
<ginrummy.TrackerBot.appraise>`): taking the top discard or drawing; its best ``width``
discards and, when legal, the knock. With one candidate (layoffs, big gin, a forced draw) it
plays it without searching. Every candidate is tried on the same worlds with the same
playout seeds, and the best mean is played only when it beats the tracker bot's own choice
by more than ``confidence`` standard errors of the paired differences: a round's result
varies by tens of points, so a few dozen worlds tell apart only clearly different actions,
and an unconfident search would trade the tracker bot's judgement for noise.

Uniform worlds are a weak model of the opponent: its real hand was chosen over many draws
(about 27 deadwood points a few turns in where a uniform sample has about 52), so the search
underrates how soon the opponent will knock.

Budgets: ``samples`` worlds per decision, and optionally ``seconds``: sampling stops when
that much time has passed (after at least one world), which makes the bot's play depend on
the machine's speed. Without ``seconds`` it is deterministic for its seed: the worlds are
drawn from a generator seeded with the bot's seed and the view.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> bot = MonteCarloBot(seed=1, samples=4)
>>> bot.act(r.view(1)) in r.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from typing import ClassVar

from ginrummy.actions import Action, Knock
from ginrummy.beliefs.opponent_models import OpponentModel, find_model
from ginrummy.bots.reference import require_turn
from ginrummy.bots.tracker import TrackerBot
from ginrummy.errors import GinRummyError
from ginrummy.play.round import PlayerView, Round
from ginrummy.validators import check_int, check_number, check_seed

__all__ = ["MonteCarloBot"]


class MonteCarloBot:
    """Determinized Monte Carlo search with tracker-bot playouts (see the module docstring).

    :param seed: seeds the sampling of worlds and the playout bots.
    :param samples: worlds sampled per decision (at least 1).
    :param seconds: an optional time budget per decision; sampling stops once it is spent.
    :param width: how many of the tracker bot's best discards are tried (at least 1).
    :param confidence: how many standard errors of the paired differences the best
        candidate's mean result must beat the tracker bot's choice by to be played instead
        (0: always the best mean; ``math.inf``: always the tracker bot's choice).
    :param model: the belief the worlds are drawn from: a name of
        :data:`ginrummy.OPPONENT_MODELS`, a model, or None for uniform worlds.
    :raises GinRummyError: for a budget, width, confidence or model out of range.

    >>> import ginrummy as gr
    >>> MonteCarloBot(samples=0)
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: invalid samples 0: must be an integer of at least 1
    """

    name: ClassVar[str] = "montecarlo"

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        samples: int = 16,
        seconds: float | None = None,
        width: int = 3,
        confidence: float = 2.5,
        model: str | OpponentModel | None = None,
    ) -> None:
        self.samples = check_int(samples, "samples", GinRummyError, low=1)
        self.width = check_int(width, "width", GinRummyError, low=1)
        if seconds is not None and not check_number(seconds, "seconds", GinRummyError, finite=False) > 0:
            raise GinRummyError(
                f"invalid seconds {seconds!r:.80}: must be a positive number or None", field="seconds"
            )
        self.seconds = seconds
        self.confidence = check_number(confidence, "confidence", GinRummyError, low=0, finite=False)
        self.seed = check_seed(seed, GinRummyError, optional=True)
        self.model = find_model(model)
        self._tracker = TrackerBot(seed)

    def act(self, view: PlayerView) -> Action:
        """The tracker bot's choice, or a candidate whose mean result over the sampled worlds
        beats it with confidence (see the class docstring).

        :raises GinRummyError: when the view has no legal action (not this player's turn).
        """
        require_turn(view)
        candidates = self.candidates(view)
        if len(candidates) == 1:
            return candidates[0]
        results = self.results(view, candidates)
        return candidates[self._choose(results)]

    def _choose(self, results: list[list[float]]) -> int:
        """The index of the candidate to play: the one with the best mean result, if it beats
        the tracker bot's choice (index 0) by more than ``confidence`` standard errors of the
        paired differences; else 0."""
        n = len(results[0])
        means = [sum(r) / n for r in results]
        best = max(range(len(results)), key=lambda i: (means[i], -i))
        if best == 0 or n < 2:
            return 0
        diffs = [x - y for x, y in zip(results[best], results[0], strict=True)]
        mean = means[best] - means[0]
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return best if mean > self.confidence * math.sqrt(variance / n) else 0

    def candidates(self, view: PlayerView) -> list[Action]:
        """The actions searched at ``view``, the tracker bot's choice first.

        >>> import ginrummy as gr
        >>> MonteCarloBot().candidates(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1))
        [PassUpcard(), TakeDiscard()]
        """
        appraised = self._tracker.appraise(view)
        knocks = [action for _, action in appraised if isinstance(action, Knock)]
        discards = [action for _, action in appraised if not isinstance(action, Knock)]
        chosen = appraised[0][1]
        others = [a for a in knocks + discards[: self.width] if a != chosen]
        return [chosen, *others]

    def results(self, view: PlayerView, candidates: list[Action]) -> list[list[float]]:
        """The result of each candidate in each sampled world, in the order sampled (the same
        worlds and playout seeds for every candidate)."""
        rng = random.Random(f"{self.seed}:{view.player}:{len(view.events)}:{view.hand.mask}")
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        results: list[list[float]] = [[] for _ in candidates]
        for world_number in range(self.samples):
            world: Round = view.sample(rng, self.model)
            for index, action in enumerate(candidates):
                result = self._playout(world.apply(action), view.player, f"{self.seed}:{world_number}")
                results[index].append(result)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return results

    @staticmethod
    def _playout(state: Round, player: int, seed: str) -> float:
        """Play ``state`` to its end with tracker bots; the result for ``player``."""
        bots = (TrackerBot(f"{seed}:0"), TrackerBot(f"{seed}:1"))
        while state.to_act is not None:
            acting = state.to_act
            state = state.apply(bots[acting].act(state.view(acting)))
        result = state.result
        if result is None or result.winner is None:
            return 0.0
        value = result.points + state.rules.box_bonus
        return value if result.winner == player else -value
