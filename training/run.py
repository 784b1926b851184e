"""Regenerate every shipped model from a seed: self-play data, fitting, export, and a log.

    pip install ".[train]"
    python training/run.py                      # the shipped models: seed 1, two workers
    python training/run.py --rounds 400 --out /tmp/models --log /tmp/log.json   # a quick try

Steps (see training/README.md):

1. self-play data: ``--rounds`` rounds of the library's bots (:mod:`selfplay`) on a process
   pool of ``--workers``, the last ``--held-out`` share of them kept out of fitting; the data is
   kept in ``training/data/`` under a name made of its settings, and reused when present;
2. the belief, the action values and the value of a position fitted with scikit-learn
   (:mod:`fit`), with their held-out metrics;
3. ``--iterations`` more rounds of the learned bot's own self-play: the action values are
   fitted again on its games added to the data;
4. export: each model written as a model file (``ginrummy.neural.model_file``) into ``--out``
   (the package's ``src/ginrummy/neural/data/``), with its settings and metrics;
5. the log (``--log``, ``training/log.json``): the data, the settings, the metrics, the time of
   each step and the SHA-256 of every file written.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import fit  # noqa: E402
import selfplay  # noqa: E402

ROOT = HERE.parent

TD_LAMBDA = 1.0
"""The default ``lambda`` of the action values' targets (:func:`fit.td_targets`): 1, the round's
result alone. Measured (docs/lab/learned-play.md): 0.5 made a weaker bot."""


def _data(
    seed: str,
    rounds: int,
    explore: float,
    workers: int,
    log: dict[str, Any],
    tag: str,
    players: Any = selfplay.PLAYERS,
    models: Path | None = None,
) -> dict[str, np.ndarray]:
    """Self-play samples, from the cache when the same settings (and models) made them before."""
    made_by = ""
    if models is not None:
        made_by = "-" + hashlib.sha256((models / "action-value.json").read_bytes()).hexdigest()[:12]
    cache = HERE / "data" / f"{tag}-{seed}-{rounds}-{explore}{made_by}-v{selfplay.DATA_VERSION}.npz"
    started = time.perf_counter()
    if cache.exists():
        with np.load(cache, allow_pickle=False) as loaded:
            samples = {key: loaded[key] for key in loaded.files}
        source = f"cache {cache.name}"
    else:
        initializer = None if models is None else selfplay.use_models
        with ProcessPoolExecutor(
            workers, initializer=initializer, initargs=(str(models),) if models else ()
        ) as pool:
            samples = selfplay.generate(seed, rounds, explore, pool, players)
        cache.parent.mkdir(exist_ok=True)
        np.savez(cache, **samples)
        source = "played"
    log[tag] = {
        "seed": seed,
        "rounds": rounds,
        "explore": explore,
        "samples": len(samples["reward"]),
        "nonzero_inputs": len(samples["indices"]),
        "source": source,
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(f"{tag}: {log[tag]}", flush=True)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=60_000)
    parser.add_argument("--explore", type=float, default=0.15)
    parser.add_argument("--held-out", type=float, default=0.05)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument(
        "--ensemble", type=int, default=1, help="value networks fitted from other seeds and averaged (1: one)"
    )
    parser.add_argument("--iterations", type=int, default=2, help="rounds of the learned bot's own self-play")
    parser.add_argument(
        "--td-lambda",
        type=float,
        default=TD_LAMBDA,
        help=f"the action values' TD(lambda) targets: 1 is the round's result alone (default {TD_LAMBDA})",
    )
    parser.add_argument("--iteration-rounds", type=int, default=30_000)
    parser.add_argument("--belief-views", type=int, default=150_000)
    parser.add_argument("--belief-test-views", type=int, default=20_000)
    parser.add_argument("--out", type=Path, default=ROOT / "src" / "ginrummy" / "neural" / "data")
    parser.add_argument("--log", type=Path, default=HERE / "log.json")
    parser.add_argument("--data-only", action="store_true", help="stop after the self-play data")
    args = parser.parse_args()
    started = time.perf_counter()
    log: dict[str, Any] = {
        "command": " ".join(["python", "training/run.py", *sys.argv[1:]]),
        "settings": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
    }
    samples = _data(f"s{args.seed}", args.rounds, args.explore, args.workers, log, "selfplay")
    if args.data_only:
        return
    import export

    rounds = samples["round_id"]
    cut = int(args.rounds * (1 - args.held_out))
    train = np.flatnonzero(rounds < cut)
    test = np.flatnonzero(rounds >= cut)
    log["split"] = {
        "fitted_rounds": cut,
        "held_out_rounds": args.rounds - cut,
        "fitted": len(train),
        "held_out": len(test),
    }
    written: dict[str, str] = {}
    metrics: dict[str, Any] = {}
    timings: dict[str, float] = {}

    rng = np.random.default_rng(args.seed)

    # the action values and the value of a position, from the compact inputs
    started_rows = time.perf_counter()
    xa = fit.compact_matrix(samples, train, with_action=True)
    xat = fit.compact_matrix(samples, test, with_action=True)
    x_all = fit.compact_matrix(samples, np.arange(len(rounds)), with_action=False)
    x, xt = x_all[train], x_all[test]
    timings["compact_rows"] = round(time.perf_counter() - started_rows, 1)
    reward = samples["reward"]
    q_targets = reward  # float32, as the shipped fit had them
    if args.td_lambda < 1:
        started_rows = time.perf_counter()
        values = fit.cross_fitted_values(x_all, reward, rounds, train, args.seed, args.epochs)
        q_targets = fit.td_targets(reward, fit.next_same_seat(samples), values, args.td_lambda)
        timings["td_targets"] = round(time.perf_counter() - started_rows, 1)
    del x_all
    actions, seconds = fit.fit_ensemble(xa, q_targets[train], args.seed, (32, 16), args.epochs, args.ensemble)
    timings["action-value"] = round(seconds, 1)
    metrics["action-value"] = fit.regression_metrics(actions, xat, samples["reward"][test])
    print("action-value", metrics["action-value"], f"{seconds:.0f} s", flush=True)
    value, seconds = fit.fit_ensemble(
        x, samples["reward"][train], args.seed, (32, 16), args.epochs, args.ensemble
    )
    timings["value"] = round(seconds, 1)
    metrics["value"] = fit.regression_metrics(value, xt, samples["reward"][test])
    print("value", metrics["value"], f"{seconds:.0f} s", flush=True)

    # the belief, card by card: a share of the views, some of their unseen cards each
    some = np.sort(rng.choice(train, min(len(train), args.belief_views), replace=False))
    bx = fit.matrix(samples, some, view_only=True)
    started_rows = time.perf_counter()
    rows, labels, _ = fit.card_matrix(bx, samples["opponent"][some], 12, args.seed)
    timings["belief_rows"] = round(time.perf_counter() - started_rows, 1)
    belief, seconds = fit.fit_belief(rows, labels, args.seed, (32, 16), args.epochs)
    timings["belief"] = round(seconds, 1)
    del rows, labels, bx
    tests = test[: args.belief_test_views]
    bxt = fit.matrix(samples, tests, view_only=True)
    metrics["belief"] = fit.belief_metrics(belief, bxt, samples["opponent"][tests], samples["turn"][tests])
    print("belief", metrics["belief"], f"{seconds:.0f} s", flush=True)

    settings: dict[str, Any] = {
        "seed": args.seed,
        "rounds": args.rounds,
        "explore": args.explore,
        "epochs": args.epochs,
        "belief_views": args.belief_views,
        "iterations": 0,
    }
    if args.td_lambda < 1:  # recorded when used (the shipped files were fitted without it)
        settings["td_lambda"] = args.td_lambda
    args.out.mkdir(parents=True, exist_ok=True)

    def write(models: tuple[tuple[str, Any], ...]) -> None:
        for name, model in models:
            path = args.out / f"{name}.json"
            export.write(path, name, model, {**settings, **export.settings_of(model)}, metrics[name])
            written[str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)] = hashlib.sha256(
                path.read_bytes()
            ).hexdigest()

    write((("belief", belief), ("value", value), ("action-value", actions)))

    # the learned bot's own self-play: its rounds join the data and the values are fitted again
    targets = samples["reward"][train]
    action_targets = q_targets[train]
    for iteration in range(1, args.iterations + 1):
        more = _data(
            f"s{args.seed}-i{iteration}",
            args.iteration_rounds,
            args.explore,
            args.workers,
            log,
            f"iteration-{iteration}",
            selfplay.LEARNED_PLAYERS,
            models=args.out,
        )
        more_cut = int(args.iteration_rounds * (1 - args.held_out))
        more_train = np.flatnonzero(more["round_id"] < more_cut)
        more_test = np.flatnonzero(more["round_id"] >= more_cut)
        more_x = fit.compact_matrix(more, np.arange(len(more["reward"])), with_action=False)
        more_q = more["reward"]
        if args.td_lambda < 1:  # the last value fitted never saw these rounds
            more_values = value.predict(more_x) * fit.SCALE
            more_q = fit.td_targets(more["reward"], fit.next_same_seat(more), more_values, args.td_lambda)
        xa = np.vstack([xa, fit.compact_matrix(more, more_train, with_action=True)])
        x = np.vstack([x, more_x[more_train]])
        targets = np.concatenate([targets, more["reward"][more_train]])
        action_targets = np.concatenate([action_targets, more_q[more_train]])
        actions, seconds = fit.fit_ensemble(
            xa, action_targets, args.seed + iteration, (32, 16), args.epochs, args.ensemble
        )
        timings[f"action-value-{iteration}"] = round(seconds, 1)
        value, seconds = fit.fit_ensemble(
            x, targets, args.seed + iteration, (32, 16), args.epochs, args.ensemble
        )
        timings[f"value-{iteration}"] = round(seconds, 1)
        metrics["action-value"] = fit.regression_metrics(actions, xat, samples["reward"][test])
        metrics["action-value"]["own_play"] = fit.regression_metrics(
            actions, fit.compact_matrix(more, more_test, with_action=True), more["reward"][more_test]
        )
        metrics["value"] = fit.regression_metrics(value, xt, samples["reward"][test])
        settings["iterations"] = iteration
        print(f"iteration {iteration}", metrics["action-value"], metrics["value"], flush=True)
        write((("value", value), ("action-value", actions)))
    log["metrics"] = metrics
    log["fit_seconds"] = timings
    log["files"] = written
    log["sizes"] = {
        name: Path(ROOT / name if not Path(name).is_absolute() else name).stat().st_size for name in written
    }
    log["seconds"] = round(time.perf_counter() - started, 1)
    args.log.write_text(json.dumps(log, indent=2) + "\n")
    print(f"written {args.log}: {log['seconds']} s", flush=True)


if __name__ == "__main__":
    main()
