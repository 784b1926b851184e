"""The adaptive bot on the command line: ``--fixed``, tuning before a run with a progress
line, the lines that say how it played each ruleset, and the ``tune`` command.

``ginrummy tune [RULESET ...] [--preset NAME|all ...] [--ruleset FILE ...] [--workers N]
[--refresh] [--quiet]``: find (or tune) the adaptive bot's settings for each ruleset and print
them with where they came from; a ruleset no one has tuned for is tuned now, in one process
per core, and cached for every later run on this machine.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from ginrummy.bots.registry import is_adaptive
from ginrummy.bots.tuned_store import Tuned, known, tune
from ginrummy.bots.tuning import MARGIN, default_workers
from ginrummy.cli.progress import ProgressLine
from ginrummy.plurals import counted
from ginrummy.rules import Ruleset

__all__ = ["adaptive_lines", "add_fixed_option", "add_tune_command", "prepare", "seated", "tune_text"]

WIDTH = 80
"""The width of the lines about the adaptive bot, as the listings'."""

FIXED_HELP = (
    "seat the tracker bot with its fixed settings (tuned under pagat) wherever the adaptive bot, "
    "tuned for each ruleset, would sit"
)


def add_fixed_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--fixed`` to a command's parser."""
    parser.add_argument("--fixed", action="store_true", help=FIXED_HELP)


def seated(bots: Sequence[str], fixed: bool) -> list[str]:
    """The bots named, each adaptive one replaced by ``'tracker'`` under ``--fixed``.

    >>> seated(["adaptive", "camper"], fixed=True), seated(["adaptive"], fixed=False)
    (['tracker', 'camper'], ['adaptive'])
    """
    return ["tracker" if fixed and is_adaptive(bot) else bot for bot in bots]


def prepare(rulesets: Sequence[Ruleset], bots: Sequence[str], *, quiet: bool, workers: int | None) -> None:
    """Tune the adaptive bot, if it plays, to each ruleset no one has tuned it to, saying so on
    standard error with a progress line (unless ``quiet``), in ``workers`` processes (default:
    one per core)."""
    if not any(is_adaptive(bot) for bot in bots):
        return
    for rules in rulesets:
        if known(rules) is not None:
            continue
        _tune_shown(rules, quiet=quiet, workers=workers, refresh=False)


def _tune_shown(rules: Ruleset, *, quiet: bool, workers: int | None, refresh: bool) -> Tuned:
    processes = workers or default_workers()
    line = ProgressLine()
    if not quiet:
        print(
            f"tuning the adaptive bot to {rules.name!r} on duplicate deals in {processes} "
            f"process{'es' if processes > 1 else ''} (once per machine and library version)",
            file=sys.stderr,
            flush=True,
        )
        line.begin("deals")
    found = tune(
        rules,
        workers=processes,
        progress=line if not quiet and sys.stderr.isatty() else None,
        refresh=refresh,
    )
    line.end()
    if not quiet:
        print(f"tuned {rules.name!r}: {found.settings}", file=sys.stderr, flush=True)
    return found


def adaptive_lines(rulesets: Sequence[Ruleset], bots: Sequence[str]) -> list[str]:
    """The lines that say how the adaptive bot played each ruleset (none when it did not
    play)."""
    if not any(is_adaptive(bot) for bot in bots):
        return []
    lines = [
        "adaptive: the tracker bot with the settings tuned for each ruleset",
        "(--fixed: its fixed ones):",
    ]
    for rules in rulesets:
        found = known(rules)
        text = f"{rules.name}: {found if found is not None else 'not tuned'}"
        lines += textwrap.wrap(text, WIDTH, initial_indent="  ", subsequent_indent="      ")
    return lines


def add_tune_command(commands: Any, ruleset_options: argparse.ArgumentParser) -> None:
    """Add ``tune`` to the subcommands of the main parser (``ruleset_options``: the parent
    parser with ``--ruleset``)."""
    parser = commands.add_parser(
        "tune",
        parents=[ruleset_options],
        help="tune the adaptive bot to rulesets ahead of a run",
        description="Find, or tune now, the settings the adaptive bot plays under each ruleset "
        "(the presets' ship with the library; any other ruleset is tuned once on duplicate deals "
        "and cached) and print them with the evidence.",
    )
    parser.add_argument(
        "names", nargs="*", metavar="RULESET", help="a preset's name (or all), or a ruleset file; default all"
    )
    parser.add_argument("--workers", type=int, help="processes to tune in (default: one per core)")
    parser.add_argument("--refresh", action="store_true", help="tune again even where settings are known")
    parser.add_argument("--quiet", action="store_true", help="no progress line")


def tune_text(rules: Ruleset, found: Tuned) -> str:
    """What ``ginrummy tune`` prints for one ruleset."""
    lines = [f"{rules.name}: {found}, {counted(found.deals, 'deal')}"]
    tuning = found.tuning
    if tuning is not None:
        lines.append(
            f"  tuned in {tuning.seconds:.0f} s; each candidate's points a round against the fixed settings:"
        )
        for score in tuning.scores:
            over = counted(score.deals, "deal")
            lines.append(
                f"    {score.mean:+6.2f} ± {MARGIN * score.error:4.2f} over {over:>10}  {score.settings}"
            )
    return "\n".join(lines)


def run_tune(rulesets: Sequence[Ruleset], args: argparse.Namespace) -> int:
    """``ginrummy tune``."""
    for rules in rulesets:
        found = (
            _tune_shown(rules, quiet=args.quiet, workers=args.workers, refresh=True)
            if args.refresh
            else known(rules) or _tune_shown(rules, quiet=args.quiet, workers=args.workers, refresh=False)
        )
        print(tune_text(rules, found))
    return 0
