"""How long ``import ginrummy`` takes, against python-chess's ``import chess`` in the same run.

Each run starts a fresh interpreter with ``python -X importtime -c "import ginrummy"`` and one
with ``import chess``, in turn, so both see the same load on the machine; the time of a run is
the cumulative time the interpreter reports for the top-level package (its own module and
everything it imports, the interpreter's start-up aside). Both read compiled bytecode, as an
installed package does: the runs write and read it in a temporary ``PYTHONPYCACHEPREFIX``
(after one warm-up run each), whatever ``PYTHONDONTWRITEBYTECODE`` says, since a library
compiled from source at every import would be timed on the compiler, not on itself.

Printed: each library's median over the runs, the ratio ginrummy / chess of the medians (at
most 1 is the goal: a program that only plays by the rules should not wait longer for the
library than for a chess library), the same for attrs alone (the one runtime dependency
``import ginrummy`` loads, typing-extensions being read by type checkers only: the floor under
ginrummy's time), and how many modules ``import ginrummy`` loads (its own, and all).

Run: ``python benchmarks/import_time.py [--runs N]`` (python-chess from the ``bench`` extra, or
``pip install chess``; about a second per run).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

COUNT = (
    "import sys; before = set(sys.modules); import ginrummy; "
    "new = set(sys.modules) - before; "
    "print(sum(name.split('.')[0] == 'ginrummy' for name in new), len(new))"
)
"""A program printing how many modules ``import ginrummy`` loads: its own, then all."""


def import_time(statement: str, environment: dict[str, str]) -> int:
    """The microseconds ``statement`` (``import a, b``) takes in a fresh interpreter, as
    ``-X importtime`` reports it for the modules it names (cumulative: what each imports is
    included, once)."""
    completed = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", statement],
        capture_output=True,
        text=True,
        check=True,
        env=environment,
    )
    named = {name.strip() for name in statement.removeprefix("import ").split(",")}
    total, found = 0, set()
    for line in completed.stderr.splitlines():
        fields = line.removeprefix("import time:").split("|")
        name = fields[-1].strip()
        if len(fields) == 3 and fields[2].rstrip() == f" {name}" and name in named:  # top level
            total += int(fields[1])
            found.add(name)
    if found != named:
        raise SystemExit(f"no import time reported for {sorted(named - found)}:\n{completed.stderr[-2000:]}")
    return total


STATEMENTS = {
    "ginrummy": "import ginrummy",
    "chess": "import chess",
    "attrs": "import attrs",
}
"""What is timed: the library, the peer, and the runtime dependency the library imports."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each import (default 9)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        environment["PYTHONPYCACHEPREFIX"] = cache
        try:
            for statement in STATEMENTS.values():  # the warm-up: writes the bytecode
                import_time(statement, environment)
        except subprocess.CalledProcessError as exc:
            raise SystemExit(
                f"{exc.stderr.strip()[-300:]}\n(pip install chess, or the bench extra)"
            ) from None
        times: dict[str, list[int]] = {name: [] for name in STATEMENTS}
        for _ in range(args.runs):
            for name, statement in STATEMENTS.items():
                times[name].append(import_time(statement, environment))
        own, loaded = subprocess.run(
            [sys.executable, "-c", COUNT], capture_output=True, text=True, check=True, env=environment
        ).stdout.split()
    medians = {name: statistics.median(runs) for name, runs in times.items()}
    for name, runs in times.items():
        shown = " ".join(f"{run / 1000:.0f}" for run in runs)
        print(f"import {name:<26} median {medians[name] / 1000:6.1f} ms   (runs, ms: {shown})")
    print(f"ratio ginrummy / chess: {medians['ginrummy'] / medians['chess']:.2f}")
    floor = medians["attrs"] / medians["chess"]
    print(f"ratio of attrs alone / chess: {floor:.2f}")
    print(f"import ginrummy loads {own} modules of ginrummy, {loaded} in all")


if __name__ == "__main__":
    main()
