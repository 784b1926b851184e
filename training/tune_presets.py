"""Tune the adaptive bot to every preset and write the file the wheel ships.

    python training/tune_presets.py [--workers N] [--out PATH]

Each preset is tuned exactly as :func:`ginrummy.tune` tunes a house rule (the default seed and
stages, :func:`ginrummy.bots.tuning.race`), so shipping the result changes nothing but the
wait; ``tests/bots/test_tuning.py`` holds the file to the presets' current content, and a
change to a preset or to the candidates means running this again.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import ginrummy as gr
from ginrummy.bots.tuned_store import CACHE_FORMAT, CACHE_VERSION, tuning_document
from ginrummy.bots.tuning import STAGES, TUNING_SEED, default_workers, race

OUT = Path(__file__).resolve().parent.parent / "src" / "ginrummy" / "bots" / "data" / "tuned.json"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    entries = []
    for name, rules in gr.PRESETS.items():
        started = time.perf_counter()
        tuning = race(rules, seed=TUNING_SEED, stages=STAGES, workers=args.workers)
        entry = tuning_document(rules, tuning)
        del entry["library"]
        entry["preset"] = name
        entries.append(entry)
        print(f"{name:18} {tuning} [{time.perf_counter() - started:.0f} s]", file=sys.stderr, flush=True)
    document = {"format": CACHE_FORMAT, "version": CACHE_VERSION, "entries": entries}
    args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
