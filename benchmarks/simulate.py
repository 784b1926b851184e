"""Simulation speed: rounds per second on one core, and the speed-up with more worker
processes, for the greedy bot against itself (by default) or any pair of bots.

Each measurement runs ``ginrummy.simulate`` on the same games (same seed), so the work is
identical; the report says rounds per second (median of the repeats) and the speed-up of each
worker count over one worker. The results are checked to be identical across worker counts.

Run: ``python benchmarks/simulate.py [--games N] [--workers 1 2] [--repeats R] [--preset NAME]
[--bots A B]`` (``--bots tracker tracker`` for the default bot of ``ginrummy simulate``).
"""

from __future__ import annotations

import argparse
import statistics
import time

import ginrummy as gr


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per measurement (default 100)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="worker counts (default 1 2)")
    parser.add_argument("--repeats", type=int, default=3, help="repeats per worker count (default 3)")
    parser.add_argument("--preset", default="pagat", help="the ruleset (default pagat)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", nargs=2, default=["greedy", "greedy"], help="the two bots (greedy greedy)")
    args = parser.parse_args()
    bots = (args.bots[0], args.bots[1])
    rules = gr.find_ruleset(args.preset)

    rates: dict[int, float] = {}
    reports: dict[int, gr.SimulationReport] = {}
    for workers in args.workers:
        samples = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            report = gr.simulate(rules, games=args.games, seed=args.seed, workers=workers, bots=bots)
            seconds = time.perf_counter() - start
            samples.append(report.stats[0].rounds / seconds)
            reports[workers] = report
        rates[workers] = statistics.median(samples)

    rounds = reports[args.workers[0]].stats[0].rounds
    what = f"{args.games} games ({rounds} rounds), median of {args.repeats}"
    print(f"{bots[0]} vs {bots[1]}, {rules.name}: {what}")
    print(f"  {'workers':>8}{'rounds/s':>12}{'speed-up':>10}")
    base = rates[args.workers[0]]
    for workers in args.workers:
        print(f"  {workers:>8}{rates[workers]:>12.0f}{rates[workers] / base:>10.2f}")
    same = all(report == reports[args.workers[0]] for report in reports.values())
    print(f"  results identical across worker counts: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
