"""The levels' ratings: a ladder of the five levels and the greedy bot on duplicate deals under
``pagat`` and ``oklahoma``, rated by Bradley-Terry, written to the file the wheel ships
(``src/ginrummy/bots/data/levels.json``), which :meth:`ginrummy.bots.levels.Level.rating` reads.

Every pair plays ``--games`` games to the target on the same deals (each deal twice with the
seats swapped: :func:`ginrummy.ladder`), under a seed fixed before the first measured run and
never used while the levels' settings were chosen (they were chosen on the seed ``calib``):
``levels-eval-2026-12-07``. The greedy bot is in the field as a reference the reader knows;
the ratings are on the ladder's Elo scale (the field's mean at 1500), each with its 95%
interval. The script checks what the levels promise and says so: each level wins at least 60%
of its games against the level below, and adjacent levels' intervals do not overlap.

Run: ``nice -n 10 python benchmarks/levels.py [--games 200] [--seed S] [--workers 1]
[--out FILE | --dry-run]``; 200 games per pair take about 4 minutes a ruleset on one core.
"""

from __future__ import annotations

import argparse
import itertools
import json
import pathlib
import sys
import time

import ginrummy as gr
from ginrummy.bots.levels import LEVELS

SEED = "levels-eval-2026-12-07"
"""The ladder's seed, fixed before the measured run."""

RULESETS = {"pagat": gr.PAGAT, "oklahoma": gr.OKLAHOMA}
"""The rulesets the levels are rated under."""

REFERENCE = "greedy"
"""A library bot in the field, for scale."""

OUT = pathlib.Path(__file__).resolve().parent.parent / "src" / "ginrummy" / "bots" / "data" / "levels.json"
"""The file the wheel ships."""


def rate(rules: gr.Ruleset, games: int, seed: str, workers: int) -> tuple[dict[str, object], list[str]]:
    """One ruleset's ladder as the ratings file holds it, and the lines that report it."""
    bots = [level.bot_name for level in LEVELS] + [REFERENCE]
    started = time.perf_counter()
    result = gr.ladder(bots, rules, games=games, seed=seed, workers=workers)
    seconds = time.perf_counter() - started
    ratings = {rating.bot: rating for rating in result.ratings}
    entries = []
    for bot in bots:
        rating = ratings[bot]
        level = next((lv.number for lv in LEVELS if lv.bot_name == bot), None)
        entries.append(
            {
                "bot": bot,
                "level": level,
                "elo": round(rating.elo.value, 1),
                "low": round(rating.elo.low, 1),
                "high": round(rating.elo.high, 1),
                "games": rating.games,
                "score": round(rating.score, 4),
            }
        )
    adjacent = []
    lines = [f"{rules.name}: {games} games per pair, seed {seed!r}, {seconds:.0f} s"]
    for lower, higher in itertools.pairwise(LEVELS):
        pair = result.pair(higher.bot_name, lower.bot_name)
        share = pair.win_rate("first")
        low_rating, high_rating = ratings[lower.bot_name].elo, ratings[higher.bot_name].elo
        apart = high_rating.low > low_rating.high
        adjacent.append(
            {
                "higher": higher.number,
                "lower": lower.number,
                "higher_wins": pair.first_wins,
                "games": pair.games,
                "share": round(share.value, 4),
                "share_low": round(share.low, 4),
                "share_high": round(share.high, 4),
                "intervals_apart": apart,
            }
        )
        verdict = "ok" if share.value >= 0.6 and apart else "NOT SEPARATED"
        lines.append(
            f"  level {higher.number} beats level {lower.number} in {share.interval('.1%')} of games; "
            f"ratings {high_rating.interval('.0f')} and {low_rating.interval('.0f')}: {verdict}"
        )
    for entry in entries:
        lines.append(f"  {entry['bot']:8} {entry['elo']:7.1f} ({entry['low']:.1f} to {entry['high']:.1f})")
    return {
        "games_per_pair": games,
        "seconds": round(seconds),
        "ratings": entries,
        "adjacent": adjacent,
    }, lines


def main(argv: list[str] | None = None) -> int:
    """Measure, report, and write the ratings file (unless ``--dry-run``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair (even)")
    parser.add_argument("--seed", default=SEED)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=pathlib.Path, default=OUT)
    parser.add_argument("--dry-run", action="store_true", help="report without writing the file")
    args = parser.parse_args(argv)
    ladders = {}
    separated = True
    for name, rules in RULESETS.items():
        data, lines = rate(rules, args.games, args.seed, args.workers)
        ladders[name] = data
        separated &= all(
            pair["share"] >= 0.6 and pair["intervals_apart"]
            for pair in data["adjacent"]  # type: ignore[attr-defined]
        )
        print("\n".join(lines), flush=True)
    document = {
        "format": "ginrummy-level-ratings",
        "version": 1,
        "seed": args.seed,
        "reference": REFERENCE,
        "levels": [
            {
                "level": lv.number,
                "name": lv.name,
                "temperature": lv.temperature,
                "settings": None if lv.settings is None else lv.settings.as_data(),
            }
            for lv in LEVELS
        ],
        "ladders": ladders,
    }
    if not args.dry_run:
        args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        print(f"written: {args.out}")
    print("every adjacent pair separated" if separated else "some adjacent levels are NOT separated")
    return 0 if separated else 1


if __name__ == "__main__":
    sys.exit(main())
