"""How strong the bots are: the win-rate matrix of every bot against every other, and the
outcome rates of each ruleset when a bot plays itself.

**Win rates.** For each pair of bots and each ruleset, game ``i`` (a whole game to the target)
is dealt from the seed ``f"{seed}:{i}"`` with player ``i % 2`` dealing first, and played twice
with the seats swapped, so both bots get the same cards; ``--games`` counts both plays. A
cell is the share of games the row's bot won, with its Wilson 95% interval; a drawn game
(equal totals) counts as won by neither, so a cell and its mirror add up to 100% less the
draws, which are printed under each matrix.

**Outcome rates.** For each ruleset, ``--outcome-games`` games of the strongest listed bot
against itself (the library's default bot) next to the greedy bot against itself: the share
of rounds ending in a knock, gin, undercut and dead hand, and the turns per round, with 95%
intervals (from :func:`ginrummy.simulate`, so on the same deals).

The search bot (``montecarlo``) plays a few hundred times slower than the others, so it is
left out unless named; ``montecarlo:N`` names it with a budget of ``N`` sampled worlds per
decision (16 by default): ``--bots montecarlo:8 montecarlo:32 tracker --games 40``.

Run: ``python benchmarks/strength.py [--games N] [--presets NAME ...] [--bots NAME ...]
[--outcome-games N] [--workers W] [--seed S]`` (600 games per pairing, ``pagat`` and
``oklahoma``, every fast bot, two workers: about 10 minutes on this project's machine).
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import time
from collections.abc import Sequence

import ginrummy as gr
from ginrummy.bots.registry import DEFAULT_BOT
from ginrummy.simulation.statistics import Estimate

SLOW_BOTS = ("montecarlo",)
"""Bots left out of the default list (named with ``--bots`` they are measured too)."""
OUTCOMES = (gr.Outcome.KNOCK, gr.Outcome.GIN, gr.Outcome.UNDERCUT, gr.Outcome.DEAD_HAND)


def make(name: str, seed: str) -> gr.Bot:
    """The bot called ``name`` (``montecarlo:N``: the search bot with ``N`` worlds)."""
    if name.startswith("montecarlo:"):
        return gr.MonteCarloBot(seed, samples=int(name.split(":", 1)[1]))
    return gr.make_bot(name, seed)


def play_game(rules: gr.Ruleset, seed: str, dealer: int, names: tuple[str, str]) -> int | None:
    """One game between the bots ``names`` (players 0 and 1); the winner, or None if drawn."""
    bots = (make(names[0], f"{seed}:0"), make(names[1], f"{seed}:1"))
    game = gr.Game.new(rules, seed=seed, dealer=dealer)
    while not game.is_over:
        player = game.to_act
        assert player is not None
        game = game.apply(bots[player].act(game.round.view(player)))
    return game.result.winner


def play_deals(job: tuple[str, str, str, str | int, Sequence[int]]) -> tuple[int, int, int]:
    """Play deals ``indices`` twice (seats swapped) between bots ``a`` and ``b`` under the
    preset ``name``; return (a's wins, b's wins, draws)."""
    name, a, b, seed, indices = job
    rules = gr.find_ruleset(name)
    wins_a = wins_b = draws = 0
    for index in indices:
        deal_seed = f"{seed}:{index}"
        for seat_a in (0, 1):
            names = (a, b) if seat_a == 0 else (b, a)
            winner = play_game(rules, deal_seed, index % 2, names)
            if winner is None:
                draws += 1
            elif winner == seat_a:
                wins_a += 1
            else:
                wins_b += 1
    return wins_a, wins_b, draws


def cell(wins: int, games: int) -> str:
    """A share of games with its Wilson 95% interval."""
    e = Estimate.proportion(wins, games)
    return f"{e.value:.1%} ({e.low:.1%}-{e.high:.1%})"


def win_matrix(
    pool: multiprocessing.pool.Pool | None, preset: str, bots: Sequence[str], games: int, seed: str | int
) -> tuple[dict[tuple[str, str], int], dict[tuple[str, str], int]]:
    """The wins of each ordered pair of bots, and the draws of each pair, over ``games``
    games (``games // 2`` deals, both seats)."""
    deals = games // 2
    chunk = max(1, deals // 16)
    jobs: list[tuple[str, str, str, str | int, Sequence[int]]] = []
    for a, b in itertools.combinations(bots, 2):
        jobs.extend((preset, a, b, seed, range(i, min(i + chunk, deals))) for i in range(0, deals, chunk))
    results = pool.map(play_deals, jobs) if pool is not None else [play_deals(job) for job in jobs]
    wins: dict[tuple[str, str], int] = {}
    draws: dict[tuple[str, str], int] = {}
    for (_, a, b, _, _), (wins_a, wins_b, drawn) in zip(jobs, results, strict=True):
        wins[a, b] = wins.get((a, b), 0) + wins_a
        wins[b, a] = wins.get((b, a), 0) + wins_b
        draws[a, b] = draws.get((a, b), 0) + drawn
    return wins, draws


def print_matrix(preset: str, bots: Sequence[str], games: int, wins: dict[tuple[str, str], int]) -> None:
    """The matrix as a table: the row bot's share of games won against the column bot."""
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
        "--presets", nargs="+", default=["pagat", "oklahoma"], help="rulesets (default pagat oklahoma)"
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
        make(name, "check")
    presets = [gr.find_ruleset(name).name for name in args.presets]

    print(
        f"{args.games} games per pairing ({args.games // 2} deals, seats swapped), seed {args.seed}, "
        f"{args.workers} worker(s); 95% Wilson intervals in brackets"
    )
    pool = multiprocessing.get_context().Pool(args.workers) if args.workers > 1 else None
    try:
        for preset in presets:
            start = time.perf_counter()
            wins, draws = win_matrix(pool, preset, args.bots, args.games, args.seed)
            print()
            print_matrix(preset, args.bots, args.games, wins)
            drawn = sum(draws.values())
            print(f"drawn games: {drawn}; {time.perf_counter() - start:.0f} s")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    if args.outcome_games:
        pairs = [DEFAULT_BOT, "greedy"] if DEFAULT_BOT != "greedy" else ["greedy"]
        for preset in presets:
            print()
            outcome_table(preset, pairs, args.outcome_games, args.seed, args.workers)


if __name__ == "__main__":
    main()
