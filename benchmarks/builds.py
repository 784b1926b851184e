"""The two builds side by side: the pure-Python build and the compiled one, and OpenSpiel.

One run measures, in alternating passes, each build in its own interpreter (a subprocess
running this file with ``--worker``): ``deadwood`` on 10 cards and ``best_discard`` on 11
(microseconds a call over a fixed set of random hands, the median of five loops in a pass),
random playouts (microseconds an action, 300 rounds), the tracker bot's simulation (games a
second, 30 games) and the RL environment (steps a second, 100 random episodes). OpenSpiel's
``min_deadwood`` and its random playouts are measured in the same workers, each right after
the same figure of the build, so every ratio is of figures from one run. The figure of each
is the median of its passes; a ratio is the median of the passes' own ratios.

Run from a checkout: ``python benchmarks/builds.py --compiled-python PATH`` where ``PATH`` is a
Python whose environment has the compiled build (``GINRUMMY_COMPILE=1 pip install .``); the
pure build is this checkout's ``src/`` under the Python running the script. OpenSpiel comes
with ``pip install ".[bench]"`` in both environments (else it is left out).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _hands(count: int, size: int, seed: int) -> list[list[Any]]:
    import ginrummy as gr

    rng = random.Random(seed)
    return [rng.sample(gr.DECK, size) for _ in range(count)]


def _per_call_us(function: Any, items: list[Any], repeats: int = 5) -> float:
    """Microseconds a call: the median of ``repeats`` timed loops over ``items``, after a
    collection (a loop of a thousand calls lasts well under a millisecond, so one collection
    of the worker's whole heap falling inside it, or the first touch of a lookup table, would
    otherwise count for more than the calls themselves)."""
    gc.collect()
    figures = []
    for _ in range(repeats):
        start = time.perf_counter()
        for item in items:
            function(item)
        figures.append((time.perf_counter() - start) / len(items) * 1e6)
    return statistics.median(figures)


def worker(seed: int) -> dict[str, Any]:
    """One pass of every figure in this interpreter. Each of OpenSpiel's figures is measured
    right after the same figure of this build, so that a pair shares the machine's speed of
    the moment (a shared machine's speed drifts by a factor of two over minutes)."""
    import ginrummy as gr

    sys.path.insert(0, str(HERE))  # the other benchmarks: their RL pass and OpenSpiel's loader
    from deadwood import load_openspiel
    from playout import ginrummy_pass, openspiel_pass

    peer, _ = load_openspiel()
    figures: dict[str, Any] = {"compiled": gr.COMPILED}
    tens, elevens = _hands(3000, 10, seed), _hands(1000, 11, seed + 1)
    hands10 = [gr.Hand(cards) for cards in tens]
    hands11 = [gr.Hand(cards) for cards in elevens]
    figures["deadwood_us"] = _per_call_us(gr.deadwood, hands10)
    if peer is not None:
        tens10 = [peer.convert(cards) for cards in tens]
        figures["openspiel_agrees"] = all(
            peer.deadwood(ints) == gr.deadwood(cards)
            for ints, cards in zip(tens10[:100], tens[:100], strict=True)
        )
        figures["openspiel_deadwood_us"] = _per_call_us(peer.deadwood, tens10)
    figures["best_discard_us"] = _per_call_us(gr.best_discard, hands11)
    if peer is not None:
        elevens11 = [peer.convert(cards) for cards in elevens]
        figures["openspiel_best_discard_us"] = _per_call_us(peer.discard, elevens11)
    gc.collect()
    seconds, actions = ginrummy_pass(300, seed, gr.PAGAT)
    figures["playout_us_per_action"] = seconds / actions * 1e6
    if peer is not None:
        import pyspiel

        gc.collect()
        seconds, actions = openspiel_pass(pyspiel.load_game("gin_rummy"), 300, seed)
        figures["openspiel_playout_us_per_action"] = seconds / actions * 1e6
    gc.collect()
    start = time.perf_counter()
    gr.play_games(gr.PAGAT, ("tracker", "tracker"), f"bench:{seed}", 0, 30)
    figures["tracker_games_per_s"] = 30 / (time.perf_counter() - start)
    try:
        from rl import aec_pass
    except ImportError:  # no rl extra
        pass
    else:
        from ginrummy import rl

        steps, wall, _ = aec_pass(lambda: rl.aec_env(preset=gr.PAGAT), 100)(seed)
        figures["rl_steps_per_s"] = steps / wall
    return figures


def _run(python: str, pythonpath: str | None, seed: int) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    done = subprocess.run(
        [python, str(Path(__file__).resolve()), "--worker", str(seed)],
        env=env,
        cwd="/",
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compiled-python", required=False, help="a Python with the compiled build")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        print(json.dumps(worker(args.worker)))
        return
    if not args.compiled_python:
        parser.error("--compiled-python is required (a Python with GINRUMMY_COMPILE=1 pip install .)")
    runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
    for number in range(args.passes):
        runs["pure"].append(_run(sys.executable, str(HERE.parent / "src"), number))
        runs["compiled"].append(_run(args.compiled_python, None, number))
    assert all(not r["compiled"] for r in runs["pure"]) and all(r["compiled"] for r in runs["compiled"])

    def median(build: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[build] if key in r)

    print(f"builds side by side, {args.passes} alternating passes, medians")
    print(
        f"{'figure':<28}{'pure':>12}{'compiled':>12}{'compiled/pure':>15}{'OpenSpiel':>12}{'compiled/OS':>13}"
    )
    rows = [
        ("deadwood, 10 cards, us", "deadwood_us", "openspiel_deadwood_us"),
        ("best_discard, 11 cards, us", "best_discard_us", "openspiel_best_discard_us"),
        ("playout, us an action", "playout_us_per_action", "openspiel_playout_us_per_action"),
        ("tracker games a second", "tracker_games_per_s", None),
        ("RL steps a second", "rl_steps_per_s", None),
    ]
    for label, key, peer in rows:
        if not all(key in r for r in runs["pure"] + runs["compiled"]):
            continue
        pure, compiled = median("pure", key), median("compiled", key)
        # a ratio is the median of each pass's own ratio (the pure and compiled workers of a
        # pass run one after the other; OpenSpiel in the compiled worker, right after it)
        pairs = zip(runs["pure"], runs["compiled"], strict=True)
        paired = statistics.median(c[key] / p[key] for p, c in pairs)
        line = f"{label:<28}{pure:>12.2f}{compiled:>12.2f}{paired:>15.3f}"
        if peer and all(peer in r for r in runs["compiled"]):
            theirs = median("compiled", peer)
            against = statistics.median(r[key] / r[peer] for r in runs["compiled"])
            line += f"{theirs:>12.2f}{against:>13.3f}"
        print(line)
    print("(a time: lower is better, a ratio below 1 is faster; a rate: higher is better)")


if __name__ == "__main__":
    main()
