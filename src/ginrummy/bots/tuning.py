"""Tuning the tracker bot to a ruleset: which of its :data:`~ginrummy.bots.tracker_settings.CANDIDATES`
scores most under these rules, measured by the library's own play on duplicate deals.

**How a candidate is scored.** Deal ``i`` of a tuning is dealt from the seed
``f"{seed}:{i}"`` and played twice against one opponent of the :data:`POOL`: the candidate in
seat 0 and the opponent in seat 1, then the seats swapped, with every bot seeded from the deal
and the seat. The opponents take turns by pairs of deals (deals 0 and 1 against the tracker bot
with its fixed settings, :data:`~ginrummy.bots.tracker_settings.FIXED`; deals 2 and 3 against
the camper bot; and so on), so each meets the dealer from both seats. A play's result is
counted in the points that count toward the game's target (the box bonus only where boxes
count toward it: elsewhere a box changes the final margin, not who reaches the target
first). A deal's score is the candidate's mean result over its two plays **less the fixed
settings' mean result on the same deal against the same opponent**, so the luck of the
cards cancels and the fixed settings score exactly 0. Against the fixed tracker bot itself
their result is 0 without playing (both plays are then the same round seen from each side).

Why a pool: tuned against the fixed tracker bot alone, a candidate can win by exploiting that
one player's habits. Under the EAAI rules, waiting for gin beats the fixed tracker bot by some
2.4 points a round but loses 3.7 a round to the camper bot, which camps on its hand until gin;
knocking early and waiting later does as well against the first and breaks even against the
second (``docs/lab/adaptive-bot.md``).

**Racing.** Every candidate plays the first :data:`STAGES` deals; the better half by mean
score goes on to the next stage's new deals, and so on; the scores add up over the stages.
The best survivor is chosen if its mean beats the fixed settings by more than
:data:`MARGIN` standard errors; otherwise the fixed settings stay. So the tuned bot moves
away from the tracker bot's play only where measurement says the rules reward it, and under
``pagat``, for which the fixed settings were chosen, it plays them.

Everything depends only on the ruleset, the seed and the stages, never on the number of
worker processes: tuning is reproducible.

>>> import ginrummy as gr
>>> tuned = race(gr.PAGAT, stages=(4,), seed="doc")
>>> tuned.deals, tuned.settings == FIXED
(4, True)
"""

from __future__ import annotations

import concurrent.futures
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Final

import attrs

from ginrummy.bots.camper import CamperBot
from ginrummy.bots.tracker import TrackerBot
from ginrummy.bots.tracker_settings import CANDIDATES, FIXED, TrackerSettings
from ginrummy.errors import GinRummyError
from ginrummy.play.round import Round
from ginrummy.rules import Ruleset
from ginrummy.validators import check_int, check_seed

__all__ = [
    "MARGIN",
    "POOL",
    "STAGES",
    "TUNING_SEED",
    "CandidateScore",
    "Progress",
    "Tuning",
    "default_workers",
    "play_deal",
    "race",
]

STAGES: Final = (150, 300, 600)
"""Deals played at each stage of the race by every candidate still in it (half of them go
on to the next stage)."""
MARGIN: Final = 2.0
"""How many standard errors a candidate's mean score must clear 0 (the fixed settings'
score) by to be chosen."""
TUNING_SEED: Final = "tune"
"""The seed of the deals when none is given."""
CHUNK: Final = 25
"""Deals per job handed to a worker process."""
POOL: Final[tuple[str, ...]] = ("tracker", "camper")
"""The opponents a candidate is scored against, by pairs of deals in turn: the tracker bot with
its fixed settings, and the camper bot (:class:`~ginrummy.bots.camper.CamperBot`)."""

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` in deals as the tuning goes."""


@attrs.frozen
class CandidateScore:
    """A candidate's mean score per deal (points per round more than the fixed settings score
    against the same opponents) over the deals it played, with its standard error."""

    settings: TrackerSettings
    deals: int
    mean: float
    error: float

    @property
    def clears(self) -> bool:
        """Whether the mean clears 0 by :data:`MARGIN` standard errors."""
        return self.deals > 1 and self.mean - MARGIN * self.error > 0


@attrs.frozen
class Tuning:
    """The outcome of tuning: the settings chosen and the evidence.

    ``scores`` lists every candidate but the fixed settings, best first, each scored over
    the deals it played before it left the race.
    """

    settings: TrackerSettings
    scores: tuple[CandidateScore, ...]
    deals: int
    seed: int | str
    seconds: float = attrs.field(eq=False)

    def __str__(self) -> str:
        """What was chosen, in one line."""
        best = self.scores[0] if self.scores else None
        if self.settings == FIXED or best is None:
            return f"plays the tracker bot's fixed settings ({self.deals} deals, no candidate did better)"
        return (
            f"{self.settings} (+{best.mean:.2f} ± {MARGIN * best.error:.2f} points a round against "
            f"the fixed settings over {best.deals} deals)"
        )


def _score(rules: Ruleset, player: int, rounds: Round) -> float:
    result = rounds.result
    assert result is not None
    if result.winner is None:
        return 0.0
    value = result.points + (rules.box_bonus if rules.boxes_count_toward_target else 0)
    return float(value if result.winner == player else -value)


def opponent(index: int) -> str:
    """The name, in :data:`POOL`, of the opponent of deal ``index``."""
    return POOL[index // 2 % len(POOL)]


def _opponent_bot(name: str, seed: str) -> TrackerBot | CamperBot:
    return FIXED.bot(seed) if name == "tracker" else CamperBot(seed)


def play_deal(rules: Ruleset, settings: TrackerSettings, seed: int | str, index: int) -> float:
    """The result of deal ``index`` for ``settings``: its mean over the two seats against the
    deal's :func:`opponent`, in points toward the target (see the module docstring); the
    fixed settings against the fixed tracker bot score 0 without playing."""
    against = opponent(index)
    if against == "tracker" and settings == FIXED:
        return 0.0
    deal_seed = f"{seed}:{index}"
    total = 0.0
    for seat in (0, 1):
        bots = [_opponent_bot(against, f"{deal_seed}:{k}") for k in (0, 1)]
        bots[seat] = settings.bot(f"{deal_seed}:{seat}")
        state = Round.deal(rules, index % 2, seed=deal_seed)
        while not state.is_over:
            player = state.to_act
            assert player is not None
            state = state.apply(bots[player].act(state.view(player)), player=player)
        total += _score(rules, seat, state)
    return total / 2


def _play_chunk(
    rules: Ruleset, settings: TrackerSettings, seed: int | str, start: int, stop: int
) -> list[float]:
    return [play_deal(rules, settings, seed, index) for index in range(start, stop)]


def _summary(settings: TrackerSettings, values: Sequence[float]) -> CandidateScore:
    count = len(values)
    mean = math.fsum(values) / count
    variance = math.fsum((v - mean) ** 2 for v in values) / (count - 1) if count > 1 else math.inf
    return CandidateScore(settings, count, mean, math.sqrt(variance / count))


def _workers(workers: int | None) -> int:
    if workers is None:
        return 1
    return check_int(workers, "workers", GinRummyError, low=1, high=128)


def race(
    rules: Ruleset,
    *,
    seed: int | str = TUNING_SEED,
    stages: Sequence[int] = STAGES,
    candidates: Sequence[TrackerSettings] = CANDIDATES,
    workers: int | None = None,
    progress: Progress | None = None,
) -> Tuning:
    """Tune the tracker bot to ``rules`` (see the module docstring) and return the
    :class:`Tuning`; nothing is cached (:func:`ginrummy.tune` keeps what this finds).

    :param rules: the ruleset.
    :param seed: the seed of the deals.
    :param stages: deals per stage of the race (each at least 2).
    :param candidates: the settings to try; the fixed settings are the reference and need
        not be among them.
    :param workers: processes to play in (None or 1: this one).
    :param progress: called as ``progress(done, total)`` in deals played.
    :raises GinRummyError: for bad arguments.
    """
    if not isinstance(rules, Ruleset):
        raise GinRummyError(f"invalid rules {rules!r:.80}: expected a Ruleset")
    check_seed(seed, GinRummyError)
    chosen = tuple(stages) if isinstance(stages, Sequence) and not isinstance(stages, str) else ()
    if not chosen or len(chosen) > 8:
        raise GinRummyError(f"invalid stages {stages!r:.80}: expected one to eight deal counts")
    for count in chosen:
        check_int(count, "stage", GinRummyError, low=2, high=100_000)
    pool_size = _workers(workers)
    racing = [c for c in dict.fromkeys(candidates) if c != FIXED]
    if not all(isinstance(c, TrackerSettings) for c in racing):
        raise GinRummyError(f"invalid candidates {candidates!r:.80}: expected TrackerSettings")
    total = _planned(len(racing), chosen) + sum(chosen)
    started = time.perf_counter()
    values: dict[TrackerSettings, list[float]] = {c: [] for c in racing}
    baseline: list[float] = []
    left: dict[TrackerSettings, CandidateScore] = {}
    done = 0
    start = 0
    pool = _pool(pool_size)
    try:
        for stage, count in enumerate(chosen):
            if not racing:
                break
            jobs = [
                (c, lo, min(lo + CHUNK, start + count))
                for c in (FIXED, *racing)
                for lo in range(start, start + count, CHUNK)
            ]
            for (candidate, lo, hi), chunk in _run(pool, rules, seed, jobs):
                if candidate == FIXED:
                    baseline.extend(chunk)
                else:
                    paired = zip(chunk, baseline[lo:hi], strict=True)
                    values[candidate].extend(value - base for value, base in paired)
                done += hi - lo
                if progress is not None:
                    progress(done, total)
            start += count
            ranked = sorted(racing, key=lambda c: -math.fsum(values[c]) / len(values[c]))
            keep = max(1, len(ranked) // 2) if stage < len(chosen) - 1 else len(ranked)
            for candidate in ranked[keep:]:
                left[candidate] = _summary(candidate, values[candidate])
            racing = ranked[:keep]
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    finalists = [_summary(c, values[c]) for c in racing]
    scores = sorted([*finalists, *left.values()], key=lambda s: (-s.deals, -s.mean))
    best = max(finalists, key=lambda s: s.mean, default=None)
    settings = best.settings if best is not None and best.clears else FIXED
    return Tuning(settings, tuple(scores), start, seed, time.perf_counter() - started)


def _planned(candidates: int, stages: tuple[int, ...]) -> int:
    total = 0
    for stage, count in enumerate(stages):
        total += candidates * count
        if stage < len(stages) - 1:
            candidates = max(1, candidates // 2)
    return total


def _pool(workers: int) -> concurrent.futures.ProcessPoolExecutor | None:
    if workers == 1:
        return None
    return concurrent.futures.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context())


def _run(
    pool: concurrent.futures.ProcessPoolExecutor | None,
    rules: Ruleset,
    seed: int | str,
    jobs: list[tuple[TrackerSettings, int, int]],
) -> Iterator[tuple[tuple[TrackerSettings, int, int], list[float]]]:
    """Each job's scores, in the jobs' order (so the race does not depend on the workers)."""
    if pool is None:
        for job in jobs:
            yield job, _play_chunk(rules, job[0], seed, job[1], job[2])
        return
    futures = [pool.submit(_play_chunk, rules, c, seed, lo, hi) for c, lo, hi in jobs]
    for job, future in zip(jobs, futures, strict=True):
        yield job, future.result()


def default_workers() -> int:
    """Processes to tune in when the caller says nothing: one per core, at most 8 (the
    command line and the simulations use it; inside a bot, tuning stays in its process)."""
    return max(1, min(8, os.cpu_count() or 1))
