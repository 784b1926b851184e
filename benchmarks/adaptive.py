"""The adaptive bot measured: its share of games against the tracker bot with fixed settings
under every preset and five house rules, against the EAAI baseline and the EAAI winner's
policy, its decision time, how long an unseen ruleset takes to tune and a cache hit to read.

Every match is :func:`ginrummy.ladder` between two bots on duplicate deals (each deal played
twice with the seats swapped, ``--games`` counting both plays), under a seed prefix fixed
before any measurement and never used while tuning (tuning deals its rounds from the seed
``tune``): ``adaptive-eval-pool-2026-12-07`` by default (``adaptive-eval-2026-12-07`` measured the
tuning against the tracker bot alone). A cell is the adaptive bot's share of
games won with its Wilson 95% interval (a draw counts as won by neither).

Where the tuned settings are the fixed ones, both bots play the same: each deal's two plays
are the same game seen from either seat, and the share is 50% less the draws by construction;
the match is played all the same (``--skip-same`` leaves it out and says so).

Run: ``python benchmarks/adaptive.py [--games 1000] [--seed PREFIX] [--workers 2]
[--only NAME ...] [--skip-same] [--timing-only]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

import ginrummy as gr
from ginrummy.bots import tuned_store
from ginrummy.bots.tracker_settings import FIXED
from ginrummy.simulation.statistics import Estimate

SEED = "adaptive-eval-pool-2026-12-07"
"""The matches' seed prefix, fixed before the first run (and never a tuning seed)."""

HOUSE = {
    "undercut-30-no-box": gr.PAGAT.evolve(name="undercut-30-no-box", undercut_bonus=30, box_bonus=0),
    "gin-50": gr.PAGAT.evolve(name="gin-50", gin_bonus=50),
    "big-gin-60": gr.PAGAT.evolve(name="big-gin-60", big_gin=True, big_gin_bonus=60),
    "limit-7-undercut-25": gr.PAGAT.evolve(name="limit-7-undercut-25", knock_limit=7, undercut_bonus=25),
    "no-layoffs": gr.PAGAT.evolve(name="no-layoffs", layoffs=False),
}
"""House rules that move incentives: a high undercut bonus without box, a large gin bonus,
big gin with a large bonus, a low knock limit with a high undercut bonus, layoffs off."""

MATCHES: list[tuple[str, gr.Ruleset, str]] = [
    *((name, rules, "tracker") for name, rules in gr.PRESETS.items()),
    *((name, rules, "tracker") for name, rules in HOUSE.items()),
    ("eaai", gr.EAAI, "eaai-simple"),
    ("pagat", gr.PAGAT, "camper"),
    ("eaai", gr.EAAI, "camper"),
]
"""Every match: (ruleset's name, ruleset, opponent)."""


def cell(wins: int, games: int) -> str:
    """A share of games with its Wilson 95% interval."""
    e = Estimate.proportion(wins, games)
    return f"{e.value:6.1%} ({e.low:.1%}-{e.high:.1%})"


def match(rules: gr.Ruleset, opponent: str, games: int, seed: str, workers: int) -> tuple[int, int, int]:
    """The adaptive bot's wins, the opponent's and the games of one duplicate match."""
    result = gr.ladder(["adaptive", opponent], rules, games=games, seed=seed, workers=workers)
    pair = result.pairs[0]
    first_is_adaptive = pair.first == "adaptive"
    wins = pair.first_wins if first_is_adaptive else pair.second_wins
    lost = pair.second_wins if first_is_adaptive else pair.first_wins
    return wins, lost, pair.games


def timing(workers: int) -> None:
    """Decision time (median over positions), an unseen ruleset's tuning time and a cache hit."""
    positions = []
    for deal in range(40):
        state = gr.Round.deal(gr.EAAI, dealer=deal % 2, seed=f"time:{deal}")
        bots = (gr.AdaptiveBot(seed=1), gr.AdaptiveBot(seed=2))
        while not state.is_over:
            player = state.to_act
            assert player is not None
            view = state.view(player)
            positions.append(view)
            state = state.apply(bots[player].act(view))
    for name in ("adaptive", "tracker"):
        bot = gr.make_bot(name, seed=3)
        times = []
        for view in positions:
            started = time.perf_counter()
            bot.act(view)
            times.append(time.perf_counter() - started)
        print(
            f"decision time, {name}: median {statistics.median(times) * 1e3:.3f} ms"
            f" over {len(times)} decisions"
        )
    with tempfile.TemporaryDirectory() as folder:
        os.environ[tuned_store.CACHE_ENV] = folder
        unseen = gr.PAGAT.evolve(name="unseen", knock_limit=9, undercut_bonus=28, box_bonus=0)
        tuned_store.forget()
        started = time.perf_counter()
        found = gr.tune(unseen, workers=workers)
        print(
            f"tuning an unseen ruleset in {workers} processes: "
            f"{time.perf_counter() - started:.1f} s ({found})"
        )
        tuned_store.forget()
        started = time.perf_counter()
        hit = gr.tune(unseen)
        print(f"cache hit ({hit.source}): {(time.perf_counter() - started) * 1e3:.1f} ms")
    print(f"build: {'compiled' if gr.COMPILED else 'pure'}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", default=SEED)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", nargs="*", help="rulesets (or opponents) to measure")
    parser.add_argument(
        "--skip-same", action="store_true", help="leave out matches where the settings are the fixed ones"
    )
    parser.add_argument("--timing-only", action="store_true")
    args = parser.parse_args()
    if not args.timing_only:
        print(f"seed prefix {args.seed!r}, {args.games} games a match on duplicate deals")
        print(f"{'ruleset':22} {'opponent':12} {'adaptive plays':58} adaptive's share of games")
        for name, rules, opponent in MATCHES:
            if args.only and name not in args.only and opponent not in args.only:
                continue
            settings = gr.tune(rules, workers=args.workers).settings
            if args.skip_same and opponent == "tracker" and settings == FIXED:
                print(f"{name:22} {opponent:12} {settings!s:58} the same player: 50% less draws")
                continue
            started = time.perf_counter()
            wins, lost, games = match(
                rules, opponent, args.games, f"{args.seed}:{name}:{opponent}", args.workers
            )
            print(
                f"{name:22} {opponent:12} {settings!s:58} {cell(wins, games)}"
                f"  [{wins}-{lost}, {games - wins - lost} drawn; {time.perf_counter() - started:.0f} s]",
                flush=True,
            )
    timing(args.workers)


if __name__ == "__main__":
    main()
