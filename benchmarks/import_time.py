"""How long ``import ginrummy`` takes, against python-chess's ``import chess`` in the same run.

Each run starts a fresh interpreter with ``python -X importtime -c "import ginrummy"`` and one
with ``import chess``, in turn, so both see the same load on the machine; the time of a run is
the cumulative time the interpreter reports for the top-level package (its own module and
everything it imports, the interpreter's start-up aside). Printed: each library's median over
the runs, the ratio ginrummy / chess of the medians (at most 1 is the goal: a program that only
plays by the rules should not wait longer for the library than for a chess library), and how
many modules ``import ginrummy`` loads (its own, and all).

Run: ``python benchmarks/import_time.py [--runs N]`` (python-chess from the ``bench`` extra, or
``pip install chess``; about a second per run).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

COUNT = (
    "import sys; before = set(sys.modules); import ginrummy; "
    "new = set(sys.modules) - before; "
    "print(sum(name.split('.')[0] == 'ginrummy' for name in new), len(new))"
)
"""A program printing how many modules ``import ginrummy`` loads: its own, then all."""


def import_time(module: str) -> int:
    """The microseconds ``import module`` takes in a fresh interpreter, as ``-X importtime``
    reports it for the module itself (cumulative: what it imports is included)."""
    completed = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        capture_output=True,
        text=True,
        check=True,
    )
    for line in completed.stderr.splitlines():
        fields = line.removeprefix("import time:").split("|")
        if len(fields) == 3 and fields[2].rstrip() == f" {module}":  # the top level: one space
            return int(fields[1])
    raise SystemExit(f"no import time reported for {module!r}:\n{completed.stderr[-2000:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each import (default 9)")
    args = parser.parse_args()
    try:
        import_time("chess")
    except subprocess.CalledProcessError:
        raise SystemExit("python-chess is not installed: pip install chess (or the bench extra)") from None
    times: dict[str, list[int]] = {"ginrummy": [], "chess": []}
    for _ in range(args.runs):
        for module, runs in times.items():
            runs.append(import_time(module))
    medians = {module: statistics.median(runs) for module, runs in times.items()}
    for module, runs in times.items():
        shown = " ".join(f"{run / 1000:.0f}" for run in runs)
        print(f"import {module:<9} median {medians[module] / 1000:6.1f} ms   (runs, ms: {shown})")
    print(f"ratio ginrummy / chess: {medians['ginrummy'] / medians['chess']:.2f}")
    own, loaded = subprocess.run(
        [sys.executable, "-c", COUNT], capture_output=True, text=True, check=True
    ).stdout.split()
    print(f"import ginrummy loads {own} modules of ginrummy, {loaded} in all")


if __name__ == "__main__":
    main()
