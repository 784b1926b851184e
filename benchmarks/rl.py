"""Random-policy steps per second through the AEC API: ginrummy's ``rl.aec_env`` against
PettingZoo 1.26's ``gin_rummy_v4`` and RLCard's ``gin-rummy``, in the same run.

Each environment plays whole episodes (one round each) with the same policy: read the agent's
observation with ``env.last()``, pick a uniformly random legal action from its action mask (a
Python ``random.Random``, so the policy costs every environment the same), ``env.step`` it;
an agent that is done steps ``None``, as the AEC API asks. A step is one ``env.step`` call,
those of agents already done included (each environment has two per episode). RLCard has no
AEC API: its own loop (``env.reset``/``env.step`` with a random legal action id from the
state's ``legal_actions``) is timed as its figure, and ``gin_rummy_v4`` is RLCard's game
behind PettingZoo's AEC API.

Passes alternate between the environments (so a slow spell of the machine hits all of them
alike), after one untimed warm-up pass each; the report gives the median over the passes of
wall-clock steps per second, the same from the thread's CPU time, and ginrummy's ratio to each
peer (above 1: ginrummy is faster).

Run: ``python benchmarks/rl.py [--episodes N] [--repeats R] [--seed S] [--preset NAME]
[--episode round|game] [--profile]`` (``--episode game``: ginrummy's episodes are whole games,
the peers' still rounds). The peers come with ``pip install -e ".[bench]"``
(``pettingzoo[classic]==1.26.1`` and ``rlcard``); a peer that is not installed is reported and
skipped.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import random
import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

import ginrummy as gr
from ginrummy import rl

Pass = Callable[[int], tuple[int, float, float]]
"""Run one pass from a seed; return (steps, wall seconds, CPU seconds)."""


def aec_pass(make_env: Callable[[], Any], episodes: int) -> Pass:
    """A pass of ``episodes`` random-policy episodes through the AEC API of ``make_env()``."""
    env = make_env()

    def run(seed: int) -> tuple[int, float, float]:
        rng = random.Random(seed)
        randrange = rng.randrange
        steps = 0
        wall, cpu = time.perf_counter(), time.thread_time()
        for episode in range(episodes):
            env.reset(seed=seed * 100_003 + episode)
            for _agent in env.agent_iter():
                obs, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    action = None
                else:
                    legal = obs["action_mask"].nonzero()[0]
                    action = int(legal[randrange(len(legal))])
                env.step(action)
                steps += 1
        return steps, time.perf_counter() - wall, time.thread_time() - cpu

    return run


def rlcard_pass(rlcard: Any, episodes: int) -> Pass:
    """A pass of ``episodes`` random-policy episodes through RLCard's own environment loop."""
    env = rlcard.make("gin-rummy", config={"seed": 0})

    def run(seed: int) -> tuple[int, float, float]:
        rng = random.Random(seed)
        steps = 0
        wall, cpu = time.perf_counter(), time.thread_time()
        for episode in range(episodes):
            env.seed(seed * 100_003 + episode)
            state, _player = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _player = env.step(legal[rng.randrange(len(legal))])
                steps += 1
        return steps, time.perf_counter() - wall, time.thread_time() - cpu

    return run


def optional(module: str) -> Any:
    """The module, or None when it is not installed."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return importlib.import_module(module)
    except ImportError:
        return None


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100, help="episodes per pass (default 100)")
    parser.add_argument("--repeats", type=int, default=7, help="timed passes per environment (default 7)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--preset", default="pagat", help="ginrummy's ruleset (default pagat)")
    parser.add_argument(
        "--episode",
        choices=("round", "game"),
        default="round",
        help="ginrummy's episodes: one round (default, as the peers') or a whole game",
    )
    parser.add_argument("--profile", action="store_true", help="profile ginrummy's pass instead")
    args = parser.parse_args()

    rules = gr.find_ruleset(args.preset)
    passes: dict[str, Pass] = {
        f"ginrummy rl.aec_env ({rules.name}, {args.episode}s)": aec_pass(
            lambda: rl.aec_env(preset=rules, episode=args.episode), args.episodes
        )
    }
    if args.profile:
        import cProfile
        import pstats

        run = next(iter(passes.values()))
        run(args.seed)
        cProfile.runctx("run(args.seed)", globals(), {"run": run, "args": args}, "/tmp/rl-bench.prof")
        pstats.Stats("/tmp/rl-bench.prof").sort_stats("tottime").print_stats(20)
        return

    classic = optional("pettingzoo.classic.gin_rummy_v4")
    rlcard = optional("rlcard")
    versions = [
        f"Python {platform.python_version()}",
        f"ginrummy {gr.__version__}",
        f"numpy {np.__version__}",
    ]
    if classic is not None:
        pettingzoo = importlib.import_module("pettingzoo")
        versions.append(f"pettingzoo {pettingzoo.__version__}")
        passes["PettingZoo gin_rummy_v4 (env())"] = aec_pass(classic.env, args.episodes)
        passes["PettingZoo gin_rummy_v4 (raw_env())"] = aec_pass(classic.raw_env, args.episodes)
    else:
        print('PettingZoo gin_rummy_v4: not installed (pip install -e ".[bench]"); skipped')
    if rlcard is not None:
        versions.append(f"rlcard {rlcard.__version__}")
        passes["RLCard gin-rummy (its own loop)"] = rlcard_pass(rlcard, args.episodes)
    else:
        print('RLCard: not installed (pip install -e ".[bench]"); skipped')
    print(f"random-policy steps per second, {args.episodes} episodes per pass, {args.repeats} passes")
    print(", ".join(versions) + f"; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # gin_rummy_v4 warns that it is deprecated
        for run in passes.values():
            run(args.seed)  # warm up
        wall: dict[str, list[float]] = {name: [] for name in passes}
        cpu: dict[str, list[float]] = {name: [] for name in passes}
        steps: dict[str, int] = {}
        for repeat in range(args.repeats):
            for name, run in passes.items():
                count, seconds, cpu_seconds = run(args.seed + 1 + repeat)
                wall[name].append(count / seconds)
                cpu[name].append(count / cpu_seconds if cpu_seconds > 0 else float("nan"))
                steps[name] = steps.get(name, 0) + count

    ours = next(iter(passes))
    width = max(len(name) for name in passes)
    print(f"{'environment':{width}}  {'steps/s':>9}  {'(cpu)':>9}  {'steps/episode':>13}  {'ginrummy x':>10}")
    for name in passes:
        median, median_cpu = statistics.median(wall[name]), statistics.median(cpu[name])
        ratio = statistics.median(wall[ours]) / median
        per_episode = steps[name] / (args.repeats * args.episodes)
        print(f"{name:{width}}  {median:9,.0f}  {median_cpu:9,.0f}  {per_episode:13.1f}  {ratio:10.1f}")
    goal = statistics.median(wall[ours])
    print(f"goal 20,000 steps/s: {'met' if goal >= 20_000 else 'NOT met'} ({goal:,.0f})")


if __name__ == "__main__":
    main()
