"""How strong the learned bot is: head-to-head matches on duplicate deals, held-out seeds.

Each match is a two-bot :func:`ginrummy.ladder` (game ``i`` dealt from ``f"{seed}:{i}"`` and
played twice with the seats swapped, ``--games`` counting both plays) under one ruleset. The
seeds start with ``held-out``, a prefix training never uses (its rounds are dealt from
``s1:N``-style seeds), so the deals were never fitted. Printed per match: the first bot's share
of games won with its Wilson 95% interval, its share of rounds, its points per round against
the other, and the median CPU time per decision of each bot measured on the same views in the
same run (views of ``--time-rounds`` rounds of tracker self-play under the match's ruleset).

Matches (``--matches``, default all):

- ``pagat``: learned against tracker under ``pagat``;
- ``eaai``: learned against eaai-simple under ``gr.EAAI``;
- ``camper``: learned against camper under ``pagat`` (when the camper bot is registered);
- ``house``: learned against tracker under the held-out house ruleset (knock limit 7, gin 30,
  undercut 15), which training never dealt.

Run: ``python benchmarks/learned.py [--games N] [--workers W] [--matches NAME ...]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import ginrummy as gr
from ginrummy.simulation.statistics import Estimate

HOUSE = gr.PAGAT.evolve(knock_limit=7, gin_bonus=30, undercut_bonus=15, name="house")
MATCHES = {
    "pagat": ("learned", "tracker", gr.PAGAT),
    "eaai": ("learned", "eaai-simple", gr.EAAI),
    "camper": ("learned", "camper", gr.PAGAT),
    "house": ("learned", "tracker", HOUSE),
}


def decision_ms(bot: str, views: list[gr.PlayerView]) -> float:
    """The median CPU milliseconds of one decision of ``bot`` over ``views`` where it acts."""
    times = []
    for number, view in enumerate(views):
        player = gr.make_bot(bot, seed=number)
        started = time.process_time()
        player.act(view)
        times.append(time.process_time() - started)
    return statistics.median(times) * 1000


def views_of(rules: gr.Ruleset, rounds: int) -> list[gr.PlayerView]:
    """Every view at which a player acted in ``rounds`` rounds of tracker self-play."""
    views = []
    for index in range(rounds):
        bots = (gr.TrackerBot(index), gr.TrackerBot(index + 1))
        r = gr.Round.deal(rules, index % 2, seed=f"held-out-timing:{index}")
        while r.to_act is not None:
            view = r.view(r.to_act)
            views.append(view)
            r = r.apply(bots[r.to_act].act(view))
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per match, both seatings")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="held-out")
    parser.add_argument("--time-rounds", type=int, default=30)
    parser.add_argument("--matches", nargs="+", default=list(MATCHES), choices=list(MATCHES))
    args = parser.parse_args()
    for name in args.matches:
        first, second, rules = MATCHES[name]
        if second not in gr.BOTS:
            print(f"{name}: {second} is not a registered bot, skipped")
            continue
        started = time.perf_counter()
        table = gr.ladder(
            [first, second], rules, games=args.games, seed=f"{args.seed}:{name}", workers=args.workers
        )
        (pair,) = table.pairs
        mine = "first" if pair.first == first else "second"
        theirs = "second" if mine == "first" else "first"
        wins = getattr(pair, f"{mine}_wins")
        games = pair.games
        rounds = getattr(pair, f"{mine}_round_wins") / max(1, pair.rounds)
        margin = (getattr(pair, f"{mine}_points") - getattr(pair, f"{theirs}_points")) / max(1, pair.rounds)
        share = Estimate.proportion(wins, games)
        views = views_of(rules, args.time_rounds)
        times = {bot: decision_ms(bot, views) for bot in (first, second)}
        print(
            f"{name} ({rules.name}): {first} won {share.value:.1%} ({share.low:.1%}-{share.high:.1%}) of "
            f"{games} games against {second}; {rounds:.1%} of {pair.rounds} rounds, "
            f"{margin:+.2f} points a round; median decision {first} {times[first]:.3f} ms, "
            f"{second} {times[second]:.3f} ms ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
