"""Shards of a simulation: :func:`play_games` plays one, :func:`run_shards` hands them to an
executor.

Game (or round) ``i`` of a simulation is dealt from the seed ``f"{seed}:{i}"`` under *every*
ruleset, with player ``i % 2`` dealing first and the bots seeded from it too, so a game depends
only on its index: any split of the indices into shards, played anywhere in any order, adds up
to the same :class:`~ginrummy.Tally`.

:func:`run_shards` submits shards lazily to any :class:`concurrent.futures.Executor` (a
process pool, Dask's ``client.get_executor()``), with a bounded number in flight, so memory
does not grow with the number of games, and reports progress as shards finish.

>>> import ginrummy as gr
>>> tally = gr.play_games([gr.PAGAT, gr.STRAIGHT], ("greedy", "greedy"), 5, 0, 2)
>>> tally.unit, tally.units, [counts.games for counts in tally.counts]
('games', 2, [2, 2])
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

import attrs

from ginrummy.bots.adaptive import adaptive_for
from ginrummy.bots.registry import BotFactory, checked_bot, is_adaptive, make_bot
from ginrummy.bots.tuning import default_workers
from ginrummy.errors import GinRummyError
from ginrummy.play.game import Game
from ginrummy.play.round import Round
from ginrummy.results.round_result import RoundResult
from ginrummy.rules import Ruleset
from ginrummy.simulation.tally import UNITS, Counts, PairedSums, Tally, Unit
from ginrummy.validators import check_int, check_seed

__all__ = [
    "MAX_WORKERS",
    "BotPair",
    "Progress",
    "adapted",
    "check_bots",
    "check_rulesets",
    "ignore_interrupts",
    "play_games",
    "process_pool",
    "run_jobs",
    "run_shards",
    "shard_size",
    "sized",
    "stop_pool",
]

MAX_WORKERS = 128
"""The most worker processes :func:`~ginrummy.simulate` starts (more: use a cluster)."""

BotPair = tuple[str | BotFactory, str | BotFactory]
"""The bots of players 0 and 1, by name or factory."""

T = TypeVar("T")

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)``, counting games (or rounds) over all rulesets."""


def check_rulesets(rulesets: Ruleset | Sequence[Ruleset]) -> tuple[Ruleset, ...]:
    """One ruleset or several as a tuple.

    :raises GinRummyError: when there is none or something else is given.
    """
    chosen = (rulesets,) if isinstance(rulesets, Ruleset) else tuple(rulesets) if _sequence(rulesets) else ()
    if not chosen or not all(isinstance(r, Ruleset) for r in chosen):
        raise GinRummyError(f"invalid rulesets {rulesets!r}: expected one Ruleset or several")
    return chosen


def _sequence(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def check_bots(bots: object) -> tuple[BotPair, tuple[str, str]]:
    """The pair of bots and their names.

    :raises GinRummyError: for anything but a pair of known bot names or factories.
    """
    if not isinstance(bots, tuple) or len(bots) != 2:
        raise GinRummyError(f"invalid bots {bots!r}: expected a pair (player 0, player 1)")
    return (bots[0], bots[1]), (checked_bot(bots[0]), checked_bot(bots[1]))


def adapted(
    bots: Sequence[str | BotFactory], rulesets: Sequence[Ruleset], workers: int = 1
) -> tuple[str | BotFactory, ...]:
    """``bots`` with each adaptive bot (``'adaptive'``, or the class) made a factory that
    carries its settings for every ruleset of the run, found now: from the shipped presets,
    the cache, or tuned here in up to ``workers`` processes (at most one per core). A run's
    workers, in other processes or on a cluster, then never tune; the other bots are kept.

    >>> import ginrummy as gr
    >>> pair = adapted(("adaptive", "greedy"), [gr.EAAI])
    >>> pair[0](1).settings_for(gr.EAAI).waits, pair[1]
    (True, 'greedy')
    """
    if not any(is_adaptive(bot) for bot in bots):
        return tuple(bots)
    factory = adaptive_for(rulesets, workers=max(1, min(workers, default_workers())))
    return tuple(factory if is_adaptive(bot) else bot for bot in bots)


def _play_unit(rules: Ruleset, unit: Unit, index: int, seed: int | str, bots: BotPair) -> Counts:
    """Play game (or round) number ``index`` under ``rules`` and count it."""
    unit_seed = f"{seed}:{index}"
    players = (make_bot(bots[0], f"{unit_seed}:0"), make_bot(bots[1], f"{unit_seed}:1"))
    first_dealer = index % 2
    if unit == "rounds":
        state = Round.deal(rules, first_dealer, seed=unit_seed)
        while not state.is_over:
            player = state.to_act
            assert player is not None
            state = state.apply(players[player].act(state.view(player)), player=player)
        assert state.result is not None
        return Counts.of_round(state.result, state.dealer, state.turns)
    game = Game.new(rules, seed=unit_seed, dealer=first_dealer)
    rounds: list[tuple[RoundResult, int, int]] = []  # counted at the end: one checked Counts
    while not game.is_over:
        player = game.to_act
        assert player is not None
        finished = len(game.results)
        game = game.apply(players[player].act(game.round.view(player)), player=player)
        if len(game.results) != finished:
            played = game.finished
            assert played is not None and played.result is not None
            rounds.append((played.result, played.dealer, played.turns))
    result = game.result
    return attrs.evolve(
        Counts.of_rounds(rounds),
        games=1,
        first_player_wins=int(result.winner == 1 - first_dealer),
        player0_wins=int(result.winner == 0),
        player1_wins=int(result.winner == 1),
        drawn_games=int(result.is_draw),
        game_rounds=len(game.results),
    )


def play_games(
    rulesets: Ruleset | Sequence[Ruleset],
    bots: BotPair,
    seed: int | str,
    start: int,
    stop: int,
    *,
    unit: Unit = "games",
) -> Tally:
    """Play games ``start`` to ``stop - 1`` of a simulation under every ruleset: one shard.

    Game ``i`` is the same deal under every ruleset (seed ``f"{seed}:{i}"``, player ``i % 2``
    dealing first), so any split of a simulation into shards adds up (``+``) to the same
    tally, and the paired differences between rulesets are counted game by game.

    :param rulesets: one ruleset or several; the first is the one the others are compared to.
    :param bots: the bots of players 0 and 1, by name (``gr.BOTS``) or factory.
    :param seed: the seed of the simulation.
    :param start: the first game's index.
    :param stop: one past the last game's index.
    :param unit: ``'games'`` (whole games to the target) or ``'rounds'`` (single rounds).
    :returns: the :class:`~ginrummy.Tally` of these games.
    :raises GinRummyError: for bad arguments.

    >>> import ginrummy as gr
    >>> shard = gr.play_games(gr.PAGAT, ("greedy", "random"), "s", 10, 13, unit="rounds")
    >>> shard.played, shard.bots, shard.counts[0].rounds
    (((10, 13),), ('greedy', 'random'), 3)
    """
    chosen = check_rulesets(rulesets)
    pair, names = check_bots(bots)
    check_seed(seed, GinRummyError)
    first, last = (check_int(x, name, GinRummyError, low=0) for x, name in ((start, "start"), (stop, "stop")))
    if last < first:
        raise GinRummyError(f"invalid stop {stop!r}: must be at least start {start!r}")
    if unit not in UNITS:
        raise GinRummyError(f"invalid unit {unit!r}: expected 'games' or 'rounds'")
    return _play_shard(chosen, pair, names, seed, first, last, unit)


def _play_shard(
    chosen: tuple[Ruleset, ...],
    pair: BotPair,
    names: tuple[str, str],
    seed: int | str,
    first: int,
    last: int,
    unit: Unit,
) -> Tally:
    """:func:`play_games` with its arguments checked (a run checks them once, not per shard)."""
    counts = [Counts() for _ in chosen]
    paired = [PairedSums() for _ in chosen[1:]]
    for index in range(first, last):
        units = [_play_unit(rules, unit, index, seed, pair) for rules in chosen]
        for number, unit_counts in enumerate(units):
            counts[number] += unit_counts
        for number, unit_counts in enumerate(units[1:]):
            paired[number] += PairedSums.of_units(unit_counts, units[0])
    return Tally(
        rulesets=chosen,
        bots=names,
        seed=seed,
        unit=unit,
        played=((first, last),) if last > first else (),
        counts=tuple(counts),
        paired=tuple(paired),
    )


def shard_size(count: int, rulesets: int, unit: Unit, slots: int) -> int:
    """The default number of games per shard: about four shards per slot, and at most about
    64 games (512 rounds) over all rulesets, so progress shows and no shard runs long."""
    return sized(count, slots, most=max(1, (64 if unit == "games" else 512) // rulesets))


def sized(count: int, slots: int, *, most: int) -> int:
    """Jobs of about ``count / (4 * slots)`` units (four per slot, so the slots stay busy to
    the end), at most ``most``: the one shard sizing of simulations and ladders."""
    return max(1, min(most, -(-count // (4 * slots))))


def _shards(count: int, size: int) -> Iterator[tuple[int, int]]:
    start = 0
    while start < count:
        yield start, min(start + size, count)
        start += size


def run_jobs(
    function: Callable[..., T],
    jobs: Iterable[tuple[Any, ...]],
    add: Callable[[tuple[Any, ...], T], None],
    *,
    executor: concurrent.futures.Executor | None,
    workers: int,
) -> None:
    """The one job runner of simulations and ladders: call ``function(*job)`` for each job
    and hand each job with its result to ``add`` as it finishes.

    With ``executor`` None and one worker the jobs run here, one after the other; with more
    workers, in a pool of our own (:func:`process_pool`); with an ``executor`` (any
    :class:`concurrent.futures.Executor`: a process pool, Dask's ``client.get_executor()``),
    there. Jobs are submitted lazily, at most ``2 * workers`` at a time, so memory does not grow
    with their number. On the first exception, KeyboardInterrupt included, it propagates: a
    pool of our own is stopped at once (:func:`stop_pool`), a given executor's jobs not
    started are cancelled.
    """
    if executor is None and workers == 1:
        for job in jobs:
            add(job, function(*job))
        return
    pool = process_pool(workers) if executor is None else None
    runner = pool if pool is not None else executor
    assert runner is not None
    pending: dict[concurrent.futures.Future[T], tuple[Any, ...]] = {}
    in_flight = 2 * workers

    def collect(finished: Iterable[concurrent.futures.Future[T]]) -> None:
        for future in finished:
            add(pending.pop(future), future.result())

    try:
        for job in jobs:
            while len(pending) >= in_flight:
                finished, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
                collect(finished)
            pending[runner.submit(function, *job)] = job
        collect(concurrent.futures.as_completed(list(pending)))
    except BaseException:
        if pool is not None:
            stop_pool(pool)
        else:
            for future in pending:
                future.cancel()
        raise
    if pool is not None:
        pool.shutdown()


def run_shards(
    rulesets: tuple[Ruleset, ...],
    pair: BotPair,
    names: tuple[str, str],
    seed: int | str,
    unit: Unit,
    count: int,
    *,
    size: int,
    executor: concurrent.futures.Executor | None,
    workers: int,
    progress: Progress | None,
) -> Tally:
    """Play ``count`` games in shards of ``size`` through :func:`run_jobs` (twice ``workers``
    shards in flight) and add up their tallies (in any order: the sums are exact). The
    arguments are checked by the caller, once per run: the bots' ``pair`` and their ``names``
    are what :func:`check_bots` returned."""
    total = Tally.empty(rulesets, names, seed, unit)
    done, goal = 0, count * len(rulesets)

    def add(_: tuple[Any, ...], tally: Tally) -> None:
        nonlocal total, done
        # a shard names its bots where it was played, where a factory may have lost its
        # ``name`` (multiprocessing pickles a functools.partial without its attributes): the
        # bots are the ones submitted, so the tally takes the names given here
        total += attrs.evolve(tally, bots=names)
        done += tally.units * len(rulesets)
        if progress is not None:
            progress(done, goal)

    jobs = ((rulesets, pair, names, seed, start, stop, unit) for start, stop in _shards(count, size))
    run_jobs(_play_shard, jobs, add, executor=executor, workers=workers)
    return total


def ignore_interrupts() -> None:
    """A worker's initializer: Ctrl-C reaches the whole process group, and only the parent
    should act on it (the parent stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_pool(workers: int) -> concurrent.futures.ProcessPoolExecutor:
    """A pool of ``workers`` processes started the platform's default way, ignoring Ctrl-C."""
    return concurrent.futures.ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context(), initializer=ignore_interrupts
    )


def stop_pool(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stop a pool at once: end its worker processes; the pool then fails what waits. (Its
    futures must not have been cancelled: Python 3.11's pool fails a cancelled future with an
    error of its own.)"""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    processes = list((getattr(pool, "_processes", None) or {}).values())
    if terminate is not None:
        terminate()
    else:
        for process in processes:
            if process.is_alive():
                process.terminate()
    for process in processes:
        process.join(timeout=5)
    pool.shutdown(wait=False)
