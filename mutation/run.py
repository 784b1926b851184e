"""The mutation session of ginrummy's rule-owning modules (see README.md).

Usage, from the repository root::

    python mutation/run.py all                      # every module of targets.py, then the table
    python mutation/run.py run play/action_rules    # one module (resumes where it stopped)
    python mutation/run.py run action_rules --sample 200 --seed 1
    python mutation/run.py summary                  # the table of what has run
    python mutation/run.py survivors [MODULE]       # the surviving mutants, with their change
    python mutation/run.py show ID                  # one mutant and its verdict
    python mutation/run.py list MODULE              # every mutant of a module

Verdicts are kept in ``.mutation/<module>/results.json``: a run picks up where the last one
stopped. They are dropped when the module changes; when only the tests changed, the killed
mutants stay killed and the others run again.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import targets
from mutants import Mutant, mutants
from session import (
    KILLED,
    REPO,
    STATE,
    SURVIVED,
    TIMEOUT,
    UNCOVERED,
    Target,
    baseline,
    check,
    preload,
    run,
    tests_hash,
)
from targets import TARGETS

EQUIVALENT = Path(__file__).resolve().parent / "equivalent.txt"


def _reload_targets() -> None:
    global TARGETS
    TARGETS = importlib.reload(targets).TARGETS


def _target(name: str) -> Target:
    for target in TARGETS:
        if name in (target.module, target.slug, target.module.split("/")[-1], target.name):
            return target
    raise SystemExit(f"unknown module {name!r}; known: {', '.join(t.module for t in TARGETS)}")


def _population(target: Target, sample: int | None, seed: int) -> tuple[list[Mutant], int]:
    """The mutants to run (a seeded sample when ``sample`` is below their number) and how many
    the module has."""
    every = mutants(target.source(), target.module)
    if sample is None or sample >= len(every):
        return every, len(every)
    shuffled = list(every)
    random.Random(seed).shuffle(shuffled)  # a larger sample holds every smaller one
    return sorted(shuffled[:sample], key=lambda m: m.index), len(every)


def _results_path(target: Target) -> Path:
    return STATE / target.slug / "results.json"


def _load(target: Target) -> dict[str, dict[str, Any]]:
    """The verdicts kept for ``target``: none when its source changed; only the killed ones
    when the tests changed."""
    path = _results_path(target)
    if not path.exists():
        return {}
    data = json.loads(path.read_text())
    if data.get("source") != target.source_hash():
        return {}
    verdicts: dict[str, dict[str, Any]] = data["verdicts"]
    if data.get("tests") != tests_hash():
        verdicts = {k: v for k, v in verdicts.items() if v["verdict"] in (KILLED, TIMEOUT)}
    return verdicts


def _saver(target: Target, verdicts: dict[str, dict[str, Any]]) -> Any:
    path = _results_path(target)
    path.parent.mkdir(parents=True, exist_ok=True)
    key = {"source": target.source_hash(), "tests": tests_hash()}

    def save() -> None:
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps({**key, "verdicts": verdicts}, indent=0))
        temporary.replace(path)

    return save


def equivalents() -> dict[str, tuple[str, str]]:
    """The equivalent mutants of ``equivalent.txt``: id -> (the change, the reason)."""
    found: dict[str, tuple[str, str]] = {}
    if not EQUIVALENT.exists():
        return found
    current: tuple[str, str] | None = None
    for raw in EQUIVALENT.read_text().splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        if raw.startswith("["):
            ident, _, change = raw[1:].partition("]")
            current = (ident.strip(), change.strip())
        elif current is not None:
            found[current[0]] = (current[1], raw.strip())
            current = None
    return found


def _check_equivalents(target: Target, every: Sequence[Mutant], out: Any = print) -> None:
    """Warn about entries of ``equivalent.txt`` that no longer match a mutant of ``target``."""
    by_id = {m.id: m for m in every}
    for ident, (change, _) in equivalents().items():
        if ident.split(":")[0] != target.module:
            continue
        mutant = by_id.get(ident)
        if mutant is None or mutant.diff != change:
            out(f"warning: equivalent.txt entry {ident} is stale (the module changed): recheck it")


def _run(target: Target, sample: int | None, seed: int, jobs: int, fresh: bool) -> None:
    chosen, count = _population(target, sample if sample is not None else target.sample, seed)
    _check_equivalents(target, mutants(target.source(), target.module))
    verdicts = {} if fresh else _load(target)
    base = baseline(target)
    started = time.monotonic()
    equivalent = equivalents()
    todo = [m for m in chosen if m.id not in equivalent]
    for m in chosen:
        if m.id in equivalent:
            verdicts.pop(m.id, None)
    print(f"{target.module}: {len(chosen)} of {count} mutants, {len(chosen) - len(todo)} equivalent, "
          f"{sum(1 for m in todo if m.id in verdicts)} already judged")  # fmt: skip
    run(
        target,
        todo,
        base,
        verdicts,
        _saver(target, verdicts),
        jobs=jobs,
        skip=lambda ident: ident in equivalents(),
    )
    print(f"{target.module}: done in {time.monotonic() - started:.0f} s")


def _row(target: Target, seed: int) -> tuple[str, ...] | None:
    chosen, count = _population(target, target.sample, seed)
    verdicts = _load(target)
    equivalent = equivalents()
    equal = [m for m in chosen if m.id in equivalent]
    judged = [verdicts[m.id] for m in chosen if m.id in verdicts and m.id not in equivalent]
    if not judged and not equal:
        return None
    killed = sum(1 for v in judged if v["verdict"] in (KILLED, TIMEOUT))
    survived = sum(1 for v in judged if v["verdict"] == SURVIVED)
    uncovered = sum(1 for v in judged if v["verdict"] == UNCOVERED)
    pending = len(chosen) - len(equal) - len(judged)
    seconds = sum(v["seconds"] for v in judged)
    scored = killed + survived + uncovered
    score = f"{100 * killed / scored:.1f}%" if scored else "-"
    population = f"{len(chosen)}" + (f" of {count} (sample)" if len(chosen) < count else "")
    return (target.module, population, str(killed), str(survived), str(uncovered), str(len(equal)),
            str(pending), score, f"{seconds / 60:.0f}")  # fmt: skip


def summary(seed: int) -> str:
    """The table of every module that has verdicts."""
    head = ("module", "mutants", "killed", "survived", "uncovered", "equivalent", "pending",
            "score", "minutes")  # fmt: skip
    rows = [row for target in TARGETS if (row := _row(target, seed)) is not None]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    lines.append("")
    lines.append("score = killed / (mutants - equivalent - pending); a timeout counts as killed, an")
    lines.append("uncovered mutant (no test runs its line) as survived; minutes = the children's wall time.")
    return "\n".join(lines)


def _survivors(target: Target, seed: int) -> list[str]:
    chosen, _ = _population(target, target.sample, seed)
    verdicts = _load(target)
    return [
        f"{m.id} (line {m.line}) [{verdicts[m.id]['verdict']}]: {m.diff}"
        for m in chosen
        if m.id in verdicts and verdicts[m.id]["verdict"] in (SURVIVED, UNCOVERED)
    ]


def _find(ident: str) -> tuple[Target, Mutant]:
    target = _target(ident.split(":")[0])
    for m in mutants(target.source(), target.module):
        if m.id == ident:
            return target, m
    raise SystemExit(f"no mutant {ident!r}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=23, help="the seed of samples (default 23)")
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("run", "all"):
        command = commands.add_parser(name)
        if name == "run":
            command.add_argument("modules", nargs="+")
        command.add_argument("--sample", type=int, help="run a seeded sample of this many mutants per module")
        command.add_argument("--jobs", type=int, default=1, help="children at once (default 1)")
        command.add_argument("--fresh", action="store_true", help="forget earlier verdicts")
    commands.add_parser("summary")
    survivors = commands.add_parser("survivors")
    survivors.add_argument("modules", nargs="*")
    show = commands.add_parser("show")
    show.add_argument("id")
    trial = commands.add_parser("check", help="run pytest arguments against one mutant")
    trial.add_argument("id")
    trial.add_argument("pytest_args", nargs=argparse.REMAINDER)
    listing = commands.add_parser("list")
    listing.add_argument("module")
    args = parser.parse_args(argv)
    os.chdir(REPO)
    if args.command in ("run", "all"):
        preload()
        names = args.modules if args.command == "run" else [target.module for target in TARGETS]
        started = time.monotonic()
        for name in names:
            _reload_targets()  # a long session picks up test files added to targets.py meanwhile
            _run(_target(name), args.sample, args.seed, args.jobs, args.fresh)
        print(f"\nsession: {time.monotonic() - started:.0f} s\n")
        print(summary(args.seed))
    elif args.command == "summary":
        print(summary(args.seed))
    elif args.command == "survivors":
        for target in [_target(name) for name in args.modules] if args.modules else TARGETS:
            for line in _survivors(target, args.seed):
                print(line)
    elif args.command == "show":
        target, m = _find(args.id)
        verdict = _load(target).get(m.id)
        print(f"{m.id}  line {m.line}-{m.end_line}  {'runs when called' if m.runtime else 'runs at import'}")
        print(f"  - {m.before}\n  + {m.after}")
        reason = equivalents().get(m.id)
        print(f"  equivalent: {reason[1]}" if reason else f"  verdict: {verdict}")
    elif args.command == "check":
        preload()
        target, m = _find(args.id)
        print(f"{m.id} (line {m.line}): {m.diff}")
        status = check(target, m, args.pytest_args)
        print(f"{m.id}: {'killed' if status else 'survived'} (pytest status {status})")
        sys.exit(0 if status else 1)
    elif args.command == "list":
        target = _target(args.module)
        for m in mutants(target.source(), target.module):
            print(f"{m.id} (line {m.line}): {m.diff}")


if __name__ == "__main__":
    sys.path.insert(0, str(REPO / "mutation"))
    main()
