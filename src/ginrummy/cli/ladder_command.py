"""The ``ladder`` command of the command line (see :mod:`ginrummy.cli.commands`).

``ginrummy ladder [RULESET | --preset NAME | --ruleset FILE] --bots A B [C ...] [--games N] [--seed S]
[--workers N] [--scheduler ADDRESS|local] [--json] [--quiet]``: every pair of bots on duplicate deals,
their Bradley-Terry ratings with 95% intervals, and each pair's shares of games and rounds won
and points per round (:func:`~ginrummy.ladder`). A bot is a name of ``gr.BOTS``,
``montecarlo:N`` (the search bot with ``N`` sampled worlds per decision), an installed bot's
name (entry-point group ``ginrummy.bots``) or ``module:Class`` (:func:`ginrummy.find_bot`).
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from typing import Any

from ginrummy.bots.registry import BOT_NAME_FORMS
from ginrummy.cli.simulation_commands import PROGRESS, UsageError, one_ruleset, positive, progress_line
from ginrummy.cli.tuning_lines import adaptive_lines, add_fixed_option, prepare, seated
from ginrummy.io.documents import dumps
from ginrummy.rules import PRESETS, Ruleset
from ginrummy.simulation.ladder import DEFAULT_LADDER_GAMES, SLOW_LADDER_GAMES, ladder, ladder_text
from ginrummy.simulation.shards import MAX_WORKERS

__all__ = [
    "DEFAULT_LADDER_BOTS",
    "DEFAULT_LADDER_GAMES",
    "SLOW_LADDER_GAMES",
    "add_ladder_command",
    "ladder_text",
    "run_ladder",
]


DEFAULT_LADDER_BOTS = ("adaptive", "camper", "eaai-simple")
"""The bots a ladder rates when none are named: the adaptive bot and two other styles of play
(the EAAI 2021 winner's, which stops knocking early, and the challenge's baseline, which knocks
at once), a second opinion on what a ruleset rewards."""


def _even(text: str) -> int:
    """An argparse type: an even number of games, at least 2."""
    value = positive(text)
    if value % 2:
        raise argparse.ArgumentTypeError(f"{value} is odd: each deal is played twice, so give an even number")
    return value


def add_ladder_command(commands: Any) -> None:
    """Add ``ladder`` to the subcommands of the main parser."""
    parser = commands.add_parser(
        "ladder",
        help="rate bots against each other on duplicate deals",
        description="Play every pair of bots on the same deals, each deal twice with the seats "
        "swapped, and print their Bradley-Terry ratings (Elo scale) with 95% intervals and each "
        "pair's shares of games and rounds won and points per round.",
    )
    parser.add_argument(
        "word", nargs="?", metavar="RULESET", help="the ruleset: a preset's name or a file (default pagat)"
    )
    chosen = parser.add_mutually_exclusive_group()
    chosen.add_argument("--preset", help=f"the ruleset (default pagat; one of {', '.join(PRESETS)})")
    chosen.add_argument("--ruleset", metavar="FILE", help="a ruleset from a file (JSON or TOML)")
    parser.add_argument(
        "--bots",
        nargs="+",
        default=list(DEFAULT_LADDER_BOTS),
        metavar="BOT",
        help=f"two or more bots (default {' '.join(DEFAULT_LADDER_BOTS)}): {BOT_NAME_FORMS}",
    )
    add_fixed_option(parser)
    parser.add_argument(
        "--games",
        type=_even,
        help=f"games per pair, even (default {DEFAULT_LADDER_GAMES}, or {SLOW_LADDER_GAMES} with montecarlo)",
    )
    parser.add_argument("--seed", type=int, default=0, help="the seed of every deal (default 0)")
    parser.add_argument(
        "--workers", type=positive, help=f"worker processes, at most {MAX_WORKERS} (default 1)"
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS|local",
        help="run on the Dask cluster at ADDRESS, or on a local one (extra ginrummy[distributed])",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the ladder's document (as gr.dumps writes it) instead of the listing",
    )
    parser.add_argument(
        "--quiet",
        action="store_true",
        help="no progress line (it is drawn on standard error only when that is a terminal)",
    )


@contextlib.contextmanager
def _how(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    if args.workers is not None and args.workers > MAX_WORKERS:
        raise UsageError(f"ginrummy ladder: error: --workers {args.workers} is more than {MAX_WORKERS}")
    if args.scheduler is None:
        yield {"workers": args.workers or 1}
        return
    try:
        from ginrummy.distributed import connect
    except ImportError:
        raise UsageError(
            "ginrummy ladder: error: --scheduler needs the extra: pip install 'ginrummy[distributed]'"
        ) from None
    with connect(args.scheduler, workers=args.workers) as cluster:
        yield {"workers": min(MAX_WORKERS, cluster.threads), "executor": cluster.executor}


def _rules(args: argparse.Namespace) -> Ruleset:
    return one_ruleset(args.word, args.preset, args.ruleset, "ladder")


def run_ladder(args: argparse.Namespace) -> int:
    """``ginrummy ladder``."""
    rules = _rules(args)
    if len(args.bots) < 2:
        raise UsageError("ginrummy ladder: error: give at least two bots with --bots")
    bots = seated(args.bots, args.fixed)
    prepare([rules], bots, quiet=args.quiet or args.json, workers=args.workers)
    with _how(args) as how:
        progress = progress_line(args)  # its clock started now, as the games begin
        result = ladder(bots, rules, games=args.games, seed=args.seed, progress=progress, **how)
    PROGRESS.end()
    lines = adaptive_lines([rules], bots)
    text = ladder_text(result) + ("\n\n" + "\n".join(lines) if lines else "")
    print(dumps(result, indent=2) if args.json else text)
    return 0
