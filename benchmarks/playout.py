"""Rounds per second of uniformly random legal play, ginrummy against OpenSpiel's gin_rummy.

Both engines are driven from Python the same way, in the same process: deal a round, then
until it is over pick a uniformly random legal action and apply it. OpenSpiel's deal and
stock draws are chance nodes; they are sampled uniformly from ``chance_outcomes()``, which is
how a Python caller drives it. ginrummy deals from a seeded shuffle. Passes alternate between
the engines; the figure is the median over the passes.

Run: ``python benchmarks/playout.py [--rounds N] [--repeats R] [--seed S]``; OpenSpiel comes
with ``pip install ".[bench]"`` (without it only ginrummy is measured).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import ginrummy as gr


def ginrummy_pass(rounds: int, seed: int, rules: gr.Ruleset) -> tuple[float, int]:
    """Play ``rounds`` random rounds; return (seconds, actions applied)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for number in range(rounds):
        state = gr.Round.deal(rules, dealer=number % 2, seed=rng.randrange(2**32))
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return time.perf_counter() - start, actions


def openspiel_pass(game: Any, rounds: int, seed: int) -> tuple[float, int]:
    """Play ``rounds`` random OpenSpiel rounds; return (seconds, player actions applied)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(rounds):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
    return time.perf_counter() - start, actions


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300, help="rounds per pass (default 300)")
    parser.add_argument("--repeats", type=int, default=5, help="timed passes per engine (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    try:
        pyspiel: Any = importlib.import_module("pyspiel")
    except ImportError:
        pyspiel = None
    runners: dict[str, Callable[[int], tuple[float, int]]] = {
        "ginrummy": lambda seed: ginrummy_pass(args.rounds, seed, gr.PAGAT),
    }
    if pyspiel is not None:
        game = pyspiel.load_game("gin_rummy")
        runners["OpenSpiel"] = lambda seed: openspiel_pass(game, args.rounds, seed)
    else:
        print('OpenSpiel: not installed (pip install ".[bench]"); measuring ginrummy alone')

    for run in runners.values():  # warm up
        run(args.seed)
    rates: dict[str, list[float]] = {name: [] for name in runners}
    per_action: dict[str, list[float]] = {name: [] for name in runners}
    for repeat in range(args.repeats):
        for name, run in runners.items():
            seconds, actions = run(args.seed + 1 + repeat)
            rates[name].append(args.rounds / seconds)
            per_action[name].append(seconds / actions * 1e6)

    print(f"random playouts: {args.rounds} rounds per pass, {args.repeats} passes, median")
    print(f"  {'engine':<12}{'rounds/s':>10}{'µs/action':>12}")
    for name in runners:
        print(
            f"  {name:<12}{statistics.median(rates[name]):>10.0f}{statistics.median(per_action[name]):>12.1f}"
        )
    if "OpenSpiel" in rates:
        ratio = statistics.median(rates["ginrummy"]) / statistics.median(rates["OpenSpiel"])
        verdict = "at least as fast" if ratio >= 1 else "slower"
        print(f"  ratio ginrummy/OpenSpiel rounds per second: {ratio:.2f} ({verdict})")


if __name__ == "__main__":
    main()
