"""How long each bot takes to decide: CPU time per decision, on the same views for every bot.

The views come from real rounds: ``--rounds`` rounds of the tracker bot against itself under
each ruleset (round ``i`` dealt from the seed ``f"{seed}:{i}"``, player ``i % 2`` dealing), and
every view at which a player had to act is kept, with its phase. Each bot then decides at each
of those views (a fresh bot per view, seeded from the view's number, so no bot carries a cache
from one view to the next except the library's own tables, warmed up first), and the process's
CPU time of each call is recorded. The report gives, per bot, the median and the 90th
percentile per decision over all views and the median per phase (draw, discard, the upcard
offer), and the ratio of its median to the tracker bot's, measured in the same run.

The search bot plays out whole rounds at each decision, so it decides on every ``--thin``-th
view only (``montecarlo:N`` names it with ``N`` worlds per decision, 16 by default;
``montecarlo:N:reasonable`` draws its worlds from the reasonable model).

Run: ``python benchmarks/decisions.py [--rounds N] [--presets NAME ...] [--bots NAME ...]
[--thin K] [--seed S]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

import ginrummy as gr

FAST_BOTS = ("random", "greedy", "tracker", "eaai-simple", "camper")
"""The bots measured on every view by default."""


def collect_views(rules: gr.Ruleset, rounds: int, seed: str) -> list[gr.PlayerView]:
    """Every view at which a player acted in ``rounds`` rounds of tracker self-play."""
    views = []
    for index in range(rounds):
        unit = f"{seed}:{index}"
        bots = (gr.make_bot("tracker", f"{unit}:0"), gr.make_bot("tracker", f"{unit}:1"))
        state = gr.Round.deal(rules, index % 2, seed=unit)
        while state.to_act is not None:
            player = state.to_act
            view = state.view(player)
            views.append(view)
            state = state.apply(bots[player].act(view))
    return views


def factory(spec: str) -> Callable[[str], gr.Bot]:
    """A bot factory from a name :func:`ginrummy.make_bot` takes (``montecarlo:N`` included),
    or ``montecarlo:N:MODEL``."""
    budgeted, _, model = spec.rpartition(":")
    if spec.count(":") < 2:
        return lambda seed: gr.make_bot(spec, seed)
    samples = int(budgeted.partition(":")[2])
    return lambda seed: gr.MonteCarloBot(seed, samples=samples, model=model)


def time_bot(make: Callable[[str], gr.Bot], views: list[gr.PlayerView]) -> list[tuple[str, float]]:
    """(phase, CPU seconds) of one decision at each of ``views``."""
    timings = []
    for number, view in enumerate(views):
        bot = make(f"decide:{number}")
        start = time.process_time()
        bot.act(view)
        timings.append((view.phase.value, time.process_time() - start))
    return timings


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f}" if seconds < 0.01 else f"{seconds * 1000:.1f}"


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="rounds whose views are used (default 20)")
    parser.add_argument("--presets", nargs="+", default=["pagat"], help="rulesets (default pagat)")
    parser.add_argument(
        "--bots",
        nargs="+",
        default=[*FAST_BOTS, "montecarlo"],
        help="bots (default: every registered bot; montecarlo:N for N worlds)",
    )
    parser.add_argument("--thin", type=int, default=25, help="the search bot decides at every K-th view")
    parser.add_argument("--seed", default="0")
    args = parser.parse_args()
    specs = list(dict.fromkeys(["tracker", *args.bots]))  # the tracker bot is the reference
    print(f"machine: load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    for preset in args.presets:
        rules = gr.find_ruleset(preset)
        views = collect_views(rules, args.rounds, args.seed)
        phases = sorted({view.phase.value for view in views})
        print(f"{rules.name}: {len(views)} views from {args.rounds} rounds of tracker self-play")
        print("  milliseconds of CPU per decision")
        header = f"  {'bot':<26}{'views':>6}{'median':>10}{'p90':>10}{'ratio':>9}"
        print(header + "".join(f"{phase:>14}" for phase in phases))
        reference: dict[int, float] = {}
        for spec in specs:
            search = spec.startswith("montecarlo")
            chosen = views[:: args.thin] if search else views
            make = factory(spec)
            time_bot(make, chosen[:3])  # warm up: tables, caches
            timings = time_bot(make, chosen)
            seconds = [t for _, t in timings]
            median = statistics.median(seconds)
            if spec == "tracker":
                reference = {id(v): t for v, (_, t) in zip(chosen, timings, strict=True)}
            same = [reference[id(v)] for v in chosen if id(v) in reference]
            ratio = median / statistics.median(same) if same else float("nan")
            p90 = statistics.quantiles(seconds, n=10)[-1] if len(seconds) > 1 else seconds[0]
            by_phase = [_median([t for phase, t in timings if phase == p]) for p in phases]
            cells = "".join(f"{_ms(v):>14}" if v is not None else f"{'-':>14}" for v in by_phase)
            print(f"  {spec:<26}{len(chosen):>6}{_ms(median):>10}{_ms(p90):>10}{ratio:>9.1f}{cells}")


if __name__ == "__main__":
    main()
