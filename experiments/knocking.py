"""When to knock: the tracker bot with each knock threshold, by ruleset, against the default
tracker bot and the EAAI challenge's baseline.

The tracker bot knocks when the average result of its knock over sampled opponent hands (box
bonus included) reaches its ``knock_threshold`` (-5 by default; where waiting ends the round as
a dead hand, whenever that average is positive). A higher threshold waits for a better knock,
for gin, or for the undercut of an opponent who knocks early; ``inf`` never knocks while the
round would go on. For each ruleset and threshold, :func:`ginrummy.ladder` plays the tuned bot
against each opponent on duplicate deals (game ``i`` dealt from ``f"{seed}:{i}"`` and played
twice with the seats swapped; ``--games`` counts both plays). Each line gives the tuned bot's
share of games won with its Wilson 95% interval, its share of rounds won, and the points per
round it gained over its opponent (totals as scored, bonuses included).

What decides it is the undercut bonus: waiting wins where it is 20 or more (``spanish-site``,
``round-the-corner``, ``openspiel``, ``eaai``) and loses where it is 10 (``pagat``,
``oklahoma``, ``hollywood``), box bonus or not. ``--undercut-bonus N`` plays each preset with
its undercut bonus set to ``N``, to find where the two cross.

Run: ``python experiments/knocking.py [--games N] [--presets NAME ...] [--thresholds T ...]
[--opponents NAME ...] [--undercut-bonus N] [--workers W] [--seed S]`` (1,000 games per line,
``pagat`` and ``eaai``, thresholds -5, 20, 40 and inf, against ``tracker`` and
``eaai-simple``: about ten minutes on two cores).
"""

from __future__ import annotations

import argparse
import math
import time

import ginrummy as gr
from ginrummy.simulation.statistics import Estimate


class TunedTracker:
    """A picklable factory of tracker bots with one knock threshold, named after it (a process
    pool needs a factory it can send to its workers, and the ladder names bots by ``name``)."""

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold
        self.name = f"tracker(knock_threshold={threshold:g})"

    def __call__(self, seed: int | str | None) -> gr.TrackerBot:
        return gr.TrackerBot(seed, knock_threshold=self.threshold)


def main() -> None:
    """Parse the arguments and print one line per ruleset, threshold and opponent."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--presets", nargs="+", default=["pagat", "eaai"])
    parser.add_argument("--thresholds", nargs="+", type=float, default=[-5.0, 20.0, 40.0, math.inf])
    parser.add_argument("--opponents", nargs="+", default=["tracker", "eaai-simple"])
    parser.add_argument(
        "--undercut-bonus", type=int, default=None, help="each preset with this undercut bonus"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="knocking")
    args = parser.parse_args()
    print(f"{args.games} games per line on duplicate deals, {args.workers} workers")
    for preset in args.presets:
        rules = gr.PRESETS[preset]
        if args.undercut_bonus is not None:
            rules = rules.evolve(
                name=f"{preset}, undercut {args.undercut_bonus}", undercut_bonus=args.undercut_bonus
            )
        print(f"\n{rules.name}")
        print(f"  {'threshold':>9}  {'opponent':<12} {'games won':<24}", end="")
        print(f" {'rounds won':>10} {'points/round':>12}")
        for threshold in args.thresholds:
            for opponent in args.opponents:
                start = time.perf_counter()
                bots = [TunedTracker(threshold), opponent]
                table = gr.ladder(bots, rules, games=args.games, seed=args.seed, workers=args.workers)
                pair = table.pairs[0]
                won = Estimate.proportion(pair.first_wins, pair.games)
                rounds = pair.first_round_wins / pair.rounds
                points = (pair.first_points - pair.second_points) / pair.rounds
                print(
                    f"  {threshold:>9g}  {opponent:<12} {won.value:.1%} ({won.low:.1%}-{won.high:.1%})"
                    f"   {rounds:>9.1%} {points:>+12.2f}   ({time.perf_counter() - start:.0f} s)",
                    flush=True,
                )


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit("interrupted") from None
