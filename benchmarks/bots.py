"""How fast the bots play: rounds per second of each bot against itself on one core, and the
ratio to the greedy bot measured in the same run.

Each pass deals ``--rounds`` rounds (round ``i`` from the seed ``f"{seed}:{i}"``, player
``i % 2`` dealing) and lets two bots of the same kind play them out through their views, the
way :func:`ginrummy.simulate` does; the time includes the engine (views and ``apply``). Passes
of the bots alternate, so a slow spell of the machine hits them alike; the report gives the
median over ``--repeats`` passes, of wall-clock time and of the process's CPU time, the turns
per round, and each bot's ratio to the greedy bot's rate. The 1-minute load average is
printed: on a busy machine read the CPU column.

Run: ``python benchmarks/bots.py [--rounds N] [--repeats R] [--bots NAME ...] [--presets NAME
...] [--seed S]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import ginrummy as gr


def one_pass(rules: gr.Ruleset, name: str, rounds: int, seed: str) -> tuple[float, float, int]:
    """Play ``rounds`` rounds of the bot ``name`` against itself; return (wall seconds, CPU
    seconds, turns played)."""
    turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for index in range(rounds):
        unit = f"{seed}:{index}"
        bots = (gr.make_bot(name, f"{unit}:0"), gr.make_bot(name, f"{unit}:1"))
        state = gr.Round.deal(rules, index % 2, seed=unit)
        while state.to_act is not None:
            player = state.to_act
            state = state.apply(bots[player].act(state.view(player)))
        turns += state.turns
    return time.perf_counter() - wall, time.process_time() - cpu, turns


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300, help="rounds per pass (default 300)")
    parser.add_argument("--repeats", type=int, default=5, help="timed passes per bot (default 5)")
    parser.add_argument(
        "--bots", nargs="+", default=["greedy", "tracker"], help="bots (default greedy tracker)"
    )
    parser.add_argument("--presets", nargs="+", default=["pagat"], help="rulesets (default pagat)")
    parser.add_argument("--seed", default="0")
    args = parser.parse_args()
    names = list(dict.fromkeys(["greedy", *args.bots]))  # greedy is the reference
    load = os.getloadavg()[0]
    print(f"machine: load average {load:.2f} on {os.cpu_count()} CPUs; {args.rounds} rounds per pass")
    for preset in args.presets:
        rules = gr.find_ruleset(preset)
        for name in names:  # warm up: tables, caches
            one_pass(rules, name, 5, "warm-up")
        walls: dict[str, list[float]] = {name: [] for name in names}
        cpus: dict[str, list[float]] = {name: [] for name in names}
        turns: dict[str, int] = {}
        for _ in range(args.repeats):
            for name in names:
                wall, cpu, played = one_pass(rules, name, args.rounds, args.seed)
                walls[name].append(args.rounds / wall)
                cpus[name].append(args.rounds / cpu)
                turns[name] = played
        print(f"{rules.name}: self-play, median of {args.repeats} passes")
        print(f"  {'bot':<12}{'rounds/s':>10}{'(cpu)':>10}{'ratio':>8}{'turns/round':>13}")
        base = statistics.median(walls["greedy"])
        for name in names:
            rate = statistics.median(walls[name])
            cpu_rate = statistics.median(cpus[name])
            per_round = turns[name] / args.rounds
            print(f"  {name:<12}{rate:>10.0f}{cpu_rate:>10.0f}{rate / base:>8.2f}{per_round:>13.1f}")


if __name__ == "__main__":
    main()
