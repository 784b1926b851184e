"""The ``simulate`` and ``compare`` commands of the command line (see :mod:`ginrummy.cli.commands`).

- ``ginrummy simulate [RULESET ...] [--preset NAME|all ...] [--ruleset FILE ...] [--games N | --rounds N]
  [--seed S] [--bots A B] [--workers N] [--scheduler ADDRESS|local] [--json]``: statistics
  per ruleset, side by side.
- ``ginrummy compare A B [C ...] [--ruleset FILE ...]`` with the same options: every ruleset
  against the first, with paired differences and their 95% intervals.

A ruleset word of ``simulate`` and ``compare`` (and of ``ladder`` and ``play``, which take
one) is a preset's name, or a file when it ends in ``.json`` or
``.toml`` or holds a ``/`` (:func:`~ginrummy.io.ruleset_files.read_ruleset`); rulesets given with
``--ruleset`` come after the words. ``--workers`` is at most
:data:`~ginrummy.simulation.shards.MAX_WORKERS`. ``--scheduler`` needs the extra
``ginrummy[distributed]``.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from typing import Any

from ginrummy.bots.registry import BOT_NAME_FORMS, DEFAULT_BOT
from ginrummy.cli.listings import comparison_text, simulation_text
from ginrummy.cli.progress import ProgressLine
from ginrummy.cli.tuning_lines import adaptive_lines, add_fixed_option, add_tune_command, prepare, seated
from ginrummy.io.documents import dumps
from ginrummy.io.ruleset_files import read_ruleset
from ginrummy.rules import PRESETS, Ruleset, find_ruleset
from ginrummy.simulation.comparison import compare
from ginrummy.simulation.shards import MAX_WORKERS, Progress
from ginrummy.simulation.statistics import DEFAULT_GAMES, simulate

__all__ = [
    "PROGRESS",
    "UsageError",
    "add_commands",
    "is_file",
    "one_ruleset",
    "positive",
    "progress_line",
    "ruleset_file",
    "run_compare",
    "run_simulate",
    "run_tune_command",
]


class UsageError(Exception):
    """A bad command line: reported as one line, exit status 2."""


def positive(text: str) -> int:
    """An argparse type: an integer of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def _workers(text: str) -> int:
    """An argparse type: a worker count from 1 to :data:`~ginrummy.simulation.shards.MAX_WORKERS`."""
    value = positive(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(
            f"{value} is more than the maximum {MAX_WORKERS} (for more, run on a cluster with --scheduler)"
        )
    return value


class _Source(argparse.Action):
    """Appends ``(kind, value)`` to one list, so presets and files keep the order given."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        sources = list(getattr(namespace, "sources", None) or [])
        sources.append((self.const, values))
        namespace.sources = sources


def add_commands(commands: Any) -> None:
    """Add ``simulate`` and ``compare`` to the subcommands of the main parser."""
    # kept whole: the two commands' grammar and the options they share, read in one place
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--ruleset",
        action=_Source,
        const="file",
        metavar="FILE",
        help="a ruleset from a file: JSON written by gr.dumps, or TOML (repeatable)",
    )
    counts = common.add_mutually_exclusive_group()
    counts.add_argument("--games", type=positive, help=f"games per ruleset (default {DEFAULT_GAMES})")
    counts.add_argument("--rounds", type=positive, help="single rounds per ruleset instead of games")
    common.add_argument("--seed", type=int, default=0, help="the seed of every deal (default 0)")
    common.add_argument(
        "--bots",
        nargs=2,
        metavar=("BOT0", "BOT1"),
        default=[DEFAULT_BOT, DEFAULT_BOT],
        help=f"the bots of players 0 and 1 (default {DEFAULT_BOT}): {BOT_NAME_FORMS}",
    )
    common.add_argument(
        "--workers",
        type=_workers,
        help=f"worker processes, at most {MAX_WORKERS} (default 1; with --scheduler local, the CPU count)",
    )
    common.add_argument(
        "--scheduler",
        metavar="ADDRESS|local",
        help="run on the Dask cluster at ADDRESS, or on a local one (extra ginrummy[distributed])",
    )
    common.add_argument(
        "--json",
        action="store_true",
        help="print the result's document (as gr.dumps writes it) instead of the listing",
    )
    common.add_argument(
        "--quiet",
        action="store_true",
        help="no progress line (it is drawn on standard error only when that is a terminal)",
    )
    add_fixed_option(common)

    simulate_parser = commands.add_parser(
        "simulate",
        parents=[common],
        help="bot-against-bot statistics per ruleset",
        description="Play games (or rounds) between bots under one or several rulesets and print "
        "outcome rates, turns, points and win rates with 95% intervals, rulesets side by side.",
    )
    simulate_parser.add_argument(
        "names",
        nargs="*",
        metavar="RULESET",
        help="a preset's name (or all), or a ruleset file (.json, .toml); default all",
    )
    simulate_parser.add_argument(
        "--preset",
        action=_Source,
        const="preset",
        metavar="NAME|all",
        help="a ruleset to simulate (repeatable; default all)",
    )
    compare_parser = commands.add_parser(
        "compare",
        parents=[common],
        help="paired differences between rulesets",
        description="Play the same games under two or more rulesets and print every statistic of "
        "simulate under each, and the difference of each ruleset from the first, paired game by "
        "game, with its 95% interval.",
    )
    compare_parser.add_argument(
        "names",
        nargs="*",
        metavar="RULESET",
        help="a preset's name, or a ruleset file (.json, .toml); the first is the baseline",
    )
    rulesets_only = argparse.ArgumentParser(add_help=False)
    rulesets_only.add_argument(
        "--ruleset", action=_Source, const="file", metavar="FILE", help="a ruleset from a file (repeatable)"
    )
    rulesets_only.add_argument(
        "--preset", action=_Source, const="preset", metavar="NAME|all", help="a preset (repeatable)"
    )
    add_tune_command(commands, rulesets_only)


def ruleset_file(path: str) -> Ruleset:
    """The ruleset in a file, for the command line."""
    return read_ruleset(path)


def one_ruleset(word: str | None, preset: str | None, file: str | None, command: str) -> Ruleset:
    """The one ruleset of ``ladder`` or ``play``: a word (a preset's name or a file, as
    ``simulate`` and ``compare`` take them), or ``--preset``, or ``--ruleset`` (default
    pagat); two of them are a usage error."""
    given = [value for value in (word, preset, file) if value is not None]
    if len(given) > 1:
        raise UsageError(f"ginrummy {command}: error: give one ruleset: a word, --preset or --ruleset")
    if file is not None or (word is not None and is_file(word)):
        return ruleset_file(file if file is not None else str(word))
    return find_ruleset(given[0] if given else "pagat")


def is_file(word: str) -> bool:
    """Whether a ruleset word names a file (``.json``, ``.toml``, or a path) and not a preset."""
    return word.lower().endswith((".json", ".toml")) or "/" in word or "\\" in word


def _chosen(sources: list[tuple[str, str]]) -> list[Ruleset]:
    """The rulesets named, in order, each once; two different ones may not share a name."""
    rulesets: list[Ruleset] = []
    for kind, value in sources:
        if kind == "preset":
            found = list(PRESETS.values()) if value.lower() == "all" else [find_ruleset(value)]
        else:
            found = [ruleset_file(value)]
        for rules in found:
            same_name = [r for r in rulesets if r.name == rules.name]
            if same_name and same_name[0] != rules:
                raise UsageError(
                    f"ginrummy: error: two different rulesets are named {rules.name!r}: "
                    "give each its own name"
                )
            if not same_name:
                rulesets.append(rules)
    return rulesets


def _count(args: argparse.Namespace) -> tuple[int | None, int | None]:
    """The games and the rounds asked for (one of them None)."""
    if args.rounds is not None:
        return None, args.rounds
    return args.games or DEFAULT_GAMES, None


@contextlib.contextmanager
def _executor(args: argparse.Namespace, command: str) -> Iterator[dict[str, Any]]:
    """The ``workers`` and ``executor`` arguments the options ask for."""
    if args.scheduler is None:
        yield {"workers": args.workers or 1}
        return
    try:
        from ginrummy.distributed import connect
    except ImportError:
        raise UsageError(
            f"ginrummy {command}: error: --scheduler needs the extra: pip install 'ginrummy[distributed]'"
        ) from None
    if args.scheduler != "local" and args.workers is not None:
        raise UsageError(
            f"ginrummy {command}: error: --workers applies to --scheduler local, not to a cluster's address"
        )
    with connect(args.scheduler, workers=args.workers) as cluster:
        yield {"workers": min(MAX_WORKERS, cluster.threads), "executor": cluster.executor}


PROGRESS = ProgressLine()
"""The progress line of the running command (its line is ended before an interruption's
message)."""


def progress_line(args: argparse.Namespace) -> Progress | None:
    """The progress line, its clock started now, when standard error is a terminal and
    ``--quiet`` was not given (None otherwise)."""
    if getattr(args, "quiet", False) or not sys.stderr.isatty():
        return None
    PROGRESS.begin("rounds" if getattr(args, "rounds", None) is not None else "games")
    return PROGRESS


def run_simulate(args: argparse.Namespace) -> int:
    """``ginrummy simulate``."""
    words = [("file" if is_file(word) else "preset", word) for word in args.names]
    rulesets = _chosen(words + list(getattr(args, "sources", None) or []) or [("preset", "all")])
    bots = seated(args.bots, args.fixed)
    prepare(rulesets, bots, quiet=args.quiet or args.json, workers=args.workers)
    with _executor(args, "simulate") as how:
        games, rounds = _count(args)
        report = simulate(
            rulesets,
            games=games,
            rounds=rounds,
            bots=(bots[0], bots[1]),
            seed=args.seed,
            progress=progress_line(args),
            **how,
        )
    PROGRESS.end()
    print(dumps(report, indent=2) if args.json else _with_lines(simulation_text(report), rulesets, bots))
    return 0


def _with_lines(text: str, rulesets: list[Ruleset], bots: list[str]) -> str:
    """A listing followed by how the adaptive bot played each ruleset, when it played."""
    lines = adaptive_lines(rulesets, bots)
    return text + ("\n\n" + "\n".join(lines) if lines else "")


def run_tune_command(args: argparse.Namespace) -> int:
    """``ginrummy tune``."""
    from ginrummy.cli.tuning_lines import run_tune

    words = [("file" if is_file(word) else "preset", word) for word in args.names]
    return run_tune(_chosen(words + list(getattr(args, "sources", None) or []) or [("preset", "all")]), args)


def run_compare(args: argparse.Namespace) -> int:
    """``ginrummy compare``."""
    words = [("file" if is_file(word) else "preset", word) for word in args.names]
    rulesets = _chosen(words + list(getattr(args, "sources", None) or []))
    if len(rulesets) < 2:
        raise UsageError(
            f"ginrummy compare: error: give at least two different rulesets to compare (got {len(rulesets)})"
        )
    bots = seated(args.bots, args.fixed)
    prepare(rulesets, bots, quiet=args.quiet or args.json, workers=args.workers)
    with _executor(args, "compare") as how:
        games, rounds = _count(args)
        result = compare(
            rulesets,
            games=games,
            rounds=rounds,
            bots=(bots[0], bots[1]),
            seed=args.seed,
            progress=progress_line(args),
            **how,
        )
    PROGRESS.end()
    print(dumps(result, indent=2) if args.json else _with_lines(comparison_text(result), rulesets, bots))
    return 0
