"""How strong the bots are: the rating ladder and the win-rate matrix of every bot against
every other, and the outcome rates of each ruleset when a bot plays itself.

**Ladder and win rates.** For each ruleset, :func:`ginrummy.ladder` plays every pair of bots:
game ``i`` (a whole game to the target) is dealt from the seed ``f"{seed}:{i}"`` with player
``i % 2`` dealing first, and played twice with the seats swapped, so both bots get the same
cards; ``--games`` counts both plays. The ladder prints each bot's Bradley-Terry rating (Elo
scale) with its 95% interval and each pair's shares of games and rounds won and points per
round. A matrix cell is the share of games the row's bot won, with its Wilson 95% interval; a
drawn game (equal totals) counts as won by neither, so a cell and its mirror add up to 100%
less the draws, which are printed under each matrix.

**Outcome rates.** For each ruleset, ``--outcome-games`` games of the strongest listed bot
against itself (the library's default bot) next to the greedy bot against itself: the share
of rounds ending in a knock, gin, undercut and dead hand, and the turns per round, with 95%
intervals (from :func:`ginrummy.simulate`, so on the same deals).

The search bot (``montecarlo``) plays a few hundred times slower than the others, so it is
left out unless named; ``montecarlo:N`` names it with a budget of ``N`` sampled worlds per
decision (16 by default): ``--bots montecarlo:8 montecarlo:32 tracker --games 40``.

Run: ``python benchmarks/strength.py [--games N] [--presets NAME ...] [--bots NAME ...]
[--outcome-games N] [--workers W] [--seed S]`` (600 games per pairing, ``pagat``, ``oklahoma``
and ``eaai``, every fast bot, two workers: a few minutes on this project's machine).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import ginrummy as gr
from ginrummy.bots.registry import DEFAULT_BOT
from ginrummy.cli.ladder_command import ladder_text
from ginrummy.simulation.statistics import Estimate

SLOW_BOTS = ("montecarlo",)
"""Bots left out of the default list (named with ``--bots`` they are measured too)."""
OUTCOMES = (gr.Outcome.KNOCK, gr.Outcome.GIN, gr.Outcome.UNDERCUT, gr.Outcome.DEAD_HAND)


def cell(wins: int, games: int) -> str:
    """A share of games with its Wilson 95% interval."""
    e = Estimate.proportion(wins, games)
    return f"{e.value:.1%} ({e.low:.1%}-{e.high:.1%})"


def win_matrix(result: gr.Ladder) -> dict[tuple[str, str], int]:
    """The wins of each ordered pair of bots in a ladder."""
    wins: dict[tuple[str, str], int] = {}
    for pair in result.pairs:
        wins[pair.first, pair.second] = pair.first_wins
        wins[pair.second, pair.first] = pair.second_wins
    return wins


def print_matrix(preset: str, bots: Sequence[str], games: int, wins: dict[tuple[str, str], int]) -> None:
    """The matrix as a listing: the row bot's share of games won against the column bot."""
    width = max(24, *(len(b) + 2 for b in bots))
    label = max(10, *(len(b) + 2 for b in bots))
    print(f"{preset}: row bot's share of games won against the column bot")
    print(" " * label + "".join(f"{b:>{width}}" for b in bots))
    for a in bots:
        row = "".join(f"{'-' if a == b else cell(wins[a, b], games):>{width}}" for b in bots)
        print(f"{a:<{label}}{row}")


def outcome_table(
    preset: str, pairs: Sequence[str], games: int, seed: str | int, workers: int
) -> list[tuple[str, str, float]]:
    """The outcome rates of each bot in ``pairs`` playing itself under ``preset``, printed as
    columns side by side; returns the rows (bot, outcome, rate) for the caller."""
    rules = gr.find_ruleset(preset)
    reports = {
        bot: gr.simulate(rules, games=games, bots=(bot, bot), seed=seed, workers=workers).stats[0]
        for bot in pairs
    }
    print(f"{preset}: outcome rates of each bot against itself, {games} games")
    width = 26
    print(" " * 16 + "".join(f"{f'{bot} vs {bot}':>{width}}" for bot in pairs))
    rows: list[tuple[str, str, float]] = []
    for outcome in OUTCOMES:
        line = f"{outcome.value:<16}"
        for bot in pairs:
            e = reports[bot].rate(outcome)
            line += f"{f'{e.value:.1%} ({e.low:.1%}-{e.high:.1%})':>{width}}"
            rows.append((bot, outcome.value, e.value))
        print(line)
    line = f"{'turns per round':<16}"
    for bot in pairs:
        t = reports[bot].turns_per_round
        line += f"{f'{t.value:.2f} ({t.low:.2f}-{t.high:.2f})':>{width}}"
    print(line)
    line = f"{'rounds':<16}" + "".join(f"{reports[bot].rounds:>{width}}" for bot in pairs)
    print(line)
    return rows


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    fast = [name for name in gr.BOTS if name not in SLOW_BOTS]
    parser.add_argument("--games", type=int, default=600, help="games per pairing, both seats (default 600)")
    parser.add_argument(
        "--presets",
        nargs="+",
        default=["pagat", "oklahoma", "eaai"],
        help="rulesets (default pagat oklahoma eaai)",
    )
    parser.add_argument("--bots", nargs="+", default=fast, help=f"bots (default {' '.join(fast)})")
    parser.add_argument(
        "--outcome-games",
        type=int,
        default=300,
        help="games per bot for the outcome rates (default 300; 0: skip)",
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", default="0", help="seed of the deals and bots (default 0)")
    args = parser.parse_args()
    if args.games < 2 or args.games % 2:
        parser.error("--games must be an even number of at least 2 (each deal is played twice)")
    for name in args.bots:
        gr.make_bot(name, "check")
    presets = [gr.find_ruleset(name).name for name in args.presets]

    print(
        f"{args.games} games per pairing ({args.games // 2} deals, seats swapped), seed {args.seed}, "
        f"{args.workers} worker(s); 95% Wilson intervals in brackets"
    )
    for preset in presets:
        start = time.perf_counter()
        rules = gr.find_ruleset(preset)
        result = gr.ladder(args.bots, rules, games=args.games, seed=args.seed, workers=args.workers)
        print()
        print(ladder_text(result))
        print()
        print_matrix(preset, args.bots, args.games, win_matrix(result))
        drawn = sum(pair.draws for pair in result.pairs)
        print(f"drawn games: {drawn}; {time.perf_counter() - start:.0f} s")
    if args.outcome_games:
        pairs = [DEFAULT_BOT, "greedy"] if DEFAULT_BOT != "greedy" else ["greedy"]
        for preset in presets:
            print()
            outcome_table(preset, pairs, args.outcome_games, args.seed, args.workers)


if __name__ == "__main__":
    main()
