"""Why the search bot does not beat its playout policy at its budget: the signal and the noise
of a playout.

The search bot (:class:`ginrummy.MonteCarloBot`) tries the tracker bot's choice and its
alternatives in the same sampled worlds with the same playout seeds, and plays an alternative
when its mean result beats the choice's by enough standard errors of the paired differences.
This script measures, at real decisions, how large those differences are against how much they
vary from world to world. The decisions come from ``--rounds`` rounds of the tracker bot
against itself under ``--preset``, the views ``benchmarks/decisions.py`` times (round ``i`` dealt
from ``f"{seed}:{i}"``): every ``--thin``-th view where the search has more than one
candidate. At each, the search (seeded with the decision's number) plays
``--worlds`` worlds (uniform ones, or the ``--model``'s) and, for each alternative, the mean
of the paired differences (alternative minus the tracker bot's choice, in points for the
searching player, box bonus included) and their standard deviation are recorded.

The report gives the medians of both over all alternatives, the share of alternatives whose
mean beats the choice by two standard errors, and the worlds a search would need for two
standard errors to be as small as the median difference; then the CPU time per world and
candidate, and from it the time per decision those worlds would take, against the budget of
a 100-game match in ten minutes on one core (the decisions per game are measured from a few
games of the tracker bot against itself).

Run: ``python experiments/search_noise.py [--rounds N] [--thin K] [--worlds W] [--preset NAME]
[--model NAME] [--workers W] [--seed S] [--verbose]`` (40 rounds, every 4th decision, 200
worlds: a few minutes on two cores).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import ginrummy as gr

Alternative = tuple[str, float, float]
"""An alternative's action, the mean of its paired differences and their standard deviation."""


def collect_views(rules: gr.Ruleset, rounds: int, seed: str) -> list[gr.PlayerView]:
    """Every view at which a player acted in ``rounds`` rounds of tracker self-play: the views
    of ``benchmarks/decisions.py`` (the same deals; copied so that an experiment imports no
    benchmark)."""
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


def searched(rules: gr.Ruleset, rounds: int, thin: int, seed: str) -> tuple[list[gr.PlayerView], int]:
    """Every ``thin``-th view of tracker self-play (:func:`collect_views`) at which
    the search has more than one candidate, and the number of such views in all."""
    probe = gr.MonteCarloBot(seed=0)
    views = [view for view in collect_views(rules, rounds, seed) if len(probe.candidates(view)) > 1]
    return views[::thin], len(views)


def study(task: tuple[gr.PlayerView, int, int, str | None]) -> tuple[str, str, list[Alternative], float, int]:
    """Measure the alternatives at one view, searched with the decision's number as its seed:
    (phase, the tracker bot's choice, the alternatives, CPU seconds, playouts)."""
    view, number, worlds, model = task
    search = gr.MonteCarloBot(seed=number, samples=worlds, model=model)
    candidates = search.candidates(view)
    start = time.process_time()
    results = search.results(view, candidates)
    seconds = time.process_time() - start
    alternatives = []
    for action, result in zip(candidates[1:], results[1:], strict=True):
        diffs = [x - y for x, y in zip(result, results[0], strict=True)]
        alternatives.append((str(action), statistics.fmean(diffs), statistics.stdev(diffs)))
    return view.phase.value, str(candidates[0]), alternatives, seconds, worlds * len(candidates)


def main() -> None:
    """Parse the arguments, measure and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--thin", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--preset", default="pagat")
    parser.add_argument("--model", default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="noise")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if args.worlds < 2 or args.rounds < 1 or args.thin < 1:
        parser.error("--worlds must be at least 2, --rounds and --thin at least 1")
    rules = gr.PRESETS[args.preset]
    found, count = searched(rules, args.rounds, args.thin, args.seed)
    tasks = [(view, number, args.worlds, args.model) for number, view in enumerate(found)]
    with ProcessPoolExecutor(args.workers) as pool:
        studied = list(pool.map(study, tasks))
    means: list[float] = []
    deviations: list[float] = []
    needed: list[float] = []
    better = 0
    for phase, choice, alternatives, _, _ in studied:
        for action, mean, deviation in alternatives:
            means.append(mean)
            deviations.append(deviation)
            if mean > 2 * deviation / math.sqrt(args.worlds):
                better += 1
            if mean:
                needed.append((2 * deviation / abs(mean)) ** 2)
            if args.verbose:
                print(f"  {phase:<8} {choice:<22} {action:<22} {mean:+7.1f} sd {deviation:5.1f}")
    seconds = sum(s for *_, s, _ in studied) / sum(p for *_, p in studied)
    worlds = statistics.median(needed)
    candidates = statistics.fmean(1 + len(a) for _, _, a, _, _ in studied)
    counts = gr.simulate(rules, games=40, seed=args.seed).stats[0].counts
    rounds = counts.rounds / counts.games
    per_game = count / args.rounds / 2 * rounds
    budget = 600 / 100 / per_game
    model = args.model or "uniform"
    difference = statistics.median(map(abs, means))
    deviation = statistics.median(deviations)
    print(f"{args.preset}: {len(studied)} decisions, {len(means)} alternatives, {args.worlds} {model} worlds")
    print(f"  median |mean difference| from the tracker bot's choice: {difference:.1f} points")
    print(f"  median standard deviation of a paired difference: {deviation:.1f} points")
    print(f"  alternatives better than the choice by 2 standard errors: {better} of {len(means)}")
    print(f"  worlds for 2 standard errors below the difference (median): {worlds:.0f}")
    print(f"  CPU per world and candidate: {1000 * seconds:.2f} ms; {candidates:.1f} candidates per decision")
    print(f"  those worlds would take {worlds * candidates * seconds:.1f} s per decision")
    print(f"  budget: {per_game:.0f} searched decisions per player and game ({rounds:.1f} rounds),")
    print(f"  so {1000 * budget:.0f} ms per decision for 100 games in 10 minutes on one core")


if __name__ == "__main__":
    main()
