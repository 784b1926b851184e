"""What shards and executors cost: ``simulate`` through its shards and its default process
pool against one ``play_games`` call in one process, and a local Dask cluster against the
process pool, on the same games.

Each measurement plays the same games (same rulesets, bots and seed), and the results are
checked to be identical. The report gives median wall times of the repeats and ratios against
the one-process ``play_games`` (overhead) and against the process pool (Dask). The Dask part
needs the extra ``ginrummy[distributed]``; it is skipped with a note when that is missing.

Run: ``python benchmarks/shards.py [--games N] [--dask-games N] [--repeats R] [--workers W]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import time
from collections.abc import Callable

import ginrummy as gr

BOTS = ("greedy", "greedy")
"""The bots of the measured games."""


class Timer:
    """Wall time and CPU time of runs; ``cpu`` reads the CPU seconds used so far by the
    processes that do the work (by default this one and its reaped children)."""

    def __init__(self, cpu: Callable[[], float] | None = None) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.result: object = None
        self.read_cpu = cpu or _cpu

    def run(self, work: Callable[[], object]) -> None:
        """Time one run of ``work``."""
        before = self.read_cpu()
        start = time.perf_counter()
        self.result = work()
        self.wall.append(time.perf_counter() - start)
        self.cpu.append(self.read_cpu() - before)


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def interleaved(
    ways: dict[str, Callable[[], object]], repeats: int, cpu: dict[str, Callable[[], float]] | None = None
) -> dict[str, Timer]:
    """Run every way once per round, ``repeats`` rounds, so a busy spell of the machine hits
    all of them alike."""
    timers = {name: Timer((cpu or {}).get(name)) for name in ways}
    for _ in range(repeats):
        for name, work in ways.items():
            timers[name].run(work)
    return timers


def table(timers: dict[str, Timer], reference: str, cpu: bool) -> None:
    """Median wall (and CPU) seconds per way, with ratios to ``reference``."""
    base = statistics.median(timers[reference].wall)
    base_cpu = statistics.median(timers[reference].cpu)
    extra = f"{'cpu s':>9}{'cpu ratio':>11}" if cpu else ""
    print(f"  {'how':<44}{'wall s':>9}{'ratio':>8}{extra}")
    for name, timer in timers.items():
        wall = statistics.median(timer.wall)
        line = f"  {name:<44}{wall:>9.2f}{wall / base:>8.2f}"
        if cpu:
            used = statistics.median(timer.cpu)
            line += f"{used:>9.2f}{used / base_cpu:>11.2f}"
        print(line)


def overhead(rules: gr.Ruleset, games: int, workers: int, repeats: int) -> None:
    """``play_games`` in one call, ``simulate`` in shards here, ``simulate`` on the pool."""
    print(f"shard overhead: {games} games of {rules.name}, greedy vs greedy, median of {repeats}")
    one = "play_games(0, games), one process"
    timers = interleaved(
        {
            one: lambda: gr.SimulationReport(gr.play_games([rules], BOTS, 0, 0, games)),
            "simulate, shards in this process": lambda: gr.simulate(rules, games=games, bots=BOTS),
            f"simulate, default pool of {workers} workers": lambda: gr.simulate(
                rules, games=games, bots=BOTS, workers=workers
            ),
        },
        repeats,
    )
    table(timers, one, cpu=True)
    print("  (cpu: this process and its worker processes)")
    same = len({repr(timer.result) for timer in timers.values()}) == 1
    print(f"  reports identical: {'yes' if same else 'NO'}")


def dask_against_pool(rules: gr.Ruleset, games: int, workers: int, repeats: int) -> None:
    """The same games on a local Dask cluster and on the process pool."""
    try:
        import psutil  # type: ignore[import-untyped]  # a dependency of distributed

        from ginrummy.distributed import connect
    except ImportError:
        print("dask: not installed (pip install 'ginrummy[distributed]'); skipped")
        return
    what = f"{games} games of {rules.name}, {workers} workers, median of {repeats}"
    print(f"dask against the process pool: {what}")
    start = time.perf_counter()
    with connect("local", workers=workers) as cluster:
        started = time.perf_counter() - start
        pool = f"process pool of {workers} workers"
        dask = f"local Dask cluster of {workers} workers"
        client = cluster.executor._client  # type: ignore[attr-defined]
        pids = list(client.run(os.getpid).values())

        def dask_cpu() -> float:
            times = [psutil.Process(pid).cpu_times() for pid in pids]
            return _cpu() + float(sum(t.user + t.system for t in times))

        timers = interleaved(
            {
                pool: lambda: gr.simulate(rules, games=games, bots=BOTS, workers=workers),
                dask: lambda: gr.simulate(
                    rules, games=games, bots=BOTS, executor=cluster.executor, workers=cluster.threads
                ),
            },
            repeats,
            cpu={dask: dask_cpu},
        )
    table(timers, pool, cpu=True)
    print("  (cpu: this process and the pool's or the cluster's worker processes)")
    print(f"  (starting the Dask cluster took {started:.2f} s, not counted above)")
    same = len({repr(timer.result) for timer in timers.values()}) == 1
    print(f"  reports identical: {'yes' if same else 'NO'}")


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games for the overhead (default 400)")
    parser.add_argument("--dask-games", type=int, default=2000, help="games for Dask (default 2000)")
    parser.add_argument("--repeats", type=int, default=3, help="repeats per measurement (default 3)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--preset", default="pagat", help="the ruleset (default pagat)")
    args = parser.parse_args()
    rules = gr.find_ruleset(args.preset)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    python = platform.python_version()
    print(f"ginrummy {gr.__version__}, Python {python}, {os.cpu_count()} CPUs, load {load:.2f}")
    overhead(rules, args.games, args.workers, args.repeats)
    print()
    dask_against_pool(rules, args.dask_games, args.workers, args.repeats)


if __name__ == "__main__":
    main()
