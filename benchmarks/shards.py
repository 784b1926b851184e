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
import statistics
import time
from collections.abc import Callable

import ginrummy as gr

BOTS = ("greedy", "greedy")
"""The bots of the measured games."""


def median_seconds(run: Callable[[], object], repeats: int) -> tuple[float, object]:
    """The median wall time of ``repeats`` runs, and the last result."""
    samples, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), result


def overhead(rules: gr.Ruleset, games: int, workers: int, repeats: int) -> None:
    """``play_games`` in one call, ``simulate`` in shards here, ``simulate`` on the pool."""
    print(f"shard overhead: {games} games of {rules.name}, greedy vs greedy, median of {repeats}")
    one, whole = median_seconds(lambda: gr.play_games([rules], BOTS, 0, 0, games), repeats)
    here, report_here = median_seconds(lambda: gr.simulate(rules, games=games, bots=BOTS), repeats)
    pool, report_pool = median_seconds(lambda: gr.simulate(rules, games=games, bots=BOTS, workers=workers), repeats)
    print(f"  {'how':<44}{'seconds':>9}{'ratio':>8}")
    print(f"  {'play_games(0, games), one process':<44}{one:>9.2f}{1:>8.2f}")
    print(f"  {'simulate, shards in this process':<44}{here:>9.2f}{here / one:>8.2f}")
    print(f"  {f'simulate, default pool of {workers} workers':<44}{pool:>9.2f}{pool / one:>8.2f}")
    same = gr.SimulationReport(whole) == report_here == report_pool
    print(f"  reports identical: {'yes' if same else 'NO'}")


def dask_against_pool(rules: gr.Ruleset, games: int, workers: int, repeats: int) -> None:
    """The same games on a local Dask cluster and on the process pool."""
    try:
        from ginrummy.distributed import connect
    except ImportError:
        print("dask: not installed (pip install 'ginrummy[distributed]'); skipped")
        return
    print(f"dask against the process pool: {games} games of {rules.name}, {workers} workers, median of {repeats}")
    pool, report_pool = median_seconds(lambda: gr.simulate(rules, games=games, bots=BOTS, workers=workers), repeats)
    start = time.perf_counter()
    with connect("local", workers=workers) as cluster:
        started = time.perf_counter() - start
        dask, report_dask = median_seconds(
            lambda: gr.simulate(rules, games=games, bots=BOTS, executor=cluster.executor, workers=cluster.threads),
            repeats,
        )
    print(f"  {'how':<44}{'seconds':>9}{'ratio':>8}")
    print(f"  {f'process pool of {workers} workers':<44}{pool:>9.2f}{1:>8.2f}")
    print(f"  {f'local Dask cluster of {workers} workers':<44}{dask:>9.2f}{dask / pool:>8.2f}")
    print(f"  (starting the Dask cluster took {started:.2f} s, not counted above)")
    print(f"  reports identical: {'yes' if report_pool == report_dask else 'NO'}")


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
    print(f"ginrummy {gr.__version__}, Python {platform.python_version()}, {os.cpu_count()} CPUs, load {load:.2f}")
    overhead(rules, args.games, args.workers, args.repeats)
    print()
    dask_against_pool(rules, args.dask_games, args.workers, args.repeats)


if __name__ == "__main__":
    main()
