"""The ``ginrummy`` command line, a thin layer over the public API.

- ``ginrummy analyze CARDS [--preset NAME] [--upcard CARD] [--json] [--all]``: the best
  melds (the first dozen arrangements, or ``--all``) and the deadwood of a hand and, for 11
  cards, every discard with the deadwood it leaves and whether the hand can then knock, go
  gin or declare big gin.
- ``ginrummy simulate`` and ``ginrummy compare``: bot-against-bot statistics, rulesets side by
  side, and paired differences between rulesets (:mod:`ginrummy.cli.simulation_commands`).
- ``ginrummy ladder --bots A B [C ...]``: bots rated against each other on duplicate deals
  (:mod:`ginrummy.cli.ladder_command`).
- ``ginrummy play [--preset NAME | --ruleset FILE] [--seed N] [--bot NAME | --level N] [--free-takebacks]``:
  a game against a bot (``gr.DEFAULT_BOT`` unless named).
- ``ginrummy presets [NAME | --ruleset FILE] [--json]``: the presets side by side, or one
  ruleset in full (with ``--json`` one object, which ``--ruleset`` reads back).

Errors are one line on standard error, exit status 2, with one prefix per command
(``ginrummy simulate: error: ...``). A bare ``ginrummy`` prints the usage and the commands.
Ctrl-C stops any command with one line (``ginrummy: interrupted``) and exit status 130,
worker processes included.
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

from ginrummy._version import __version__
from ginrummy.bots.levels import LEVELS
from ginrummy.bots.registry import BOT_NAME_FORMS, DEFAULT_BOT
from ginrummy.cards import Card, Hand
from ginrummy.cli.ladder_command import add_ladder_command, run_ladder
from ginrummy.cli.listings import closest_preset, presets_json, presets_text, ruleset_json, ruleset_text
from ginrummy.cli.play import play
from ginrummy.cli.review_command import add_review_command, run_review
from ginrummy.cli.simulation_commands import (
    PROGRESS,
    UsageError,
    add_commands,
    one_ruleset,
    ruleset_file,
    run_compare,
    run_simulate,
    run_tune_command,
)
from ginrummy.cli.verify_command import add_verify_command, run_verify
from ginrummy.errors import GinRummyError
from ginrummy.io.json_writer import arrangement_data
from ginrummy.melding.partition import best_discards, best_melds, iter_best_melds
from ginrummy.plurals import counted
from ginrummy.rules import PAGAT, PRESETS, Ruleset, find_ruleset

__all__ = ["main"]

_PROG = "ginrummy"


_UsageError = UsageError
INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: error: {message}")


def _parser() -> argparse.ArgumentParser:
    # kept whole: the command line's grammar, read top to bottom as `ginrummy --help` shows it;
    # split, each sub-command's options would sit apart from the others they share
    parser = _Parser(prog=_PROG, description="Gin Rummy rules, analysis and simulation.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    analyze = commands.add_parser(
        "analyze",
        help="best melds, deadwood and discards of a hand",
        description="Print the best melds and deadwood of a hand; for 11 cards, every discard "
        "with the deadwood it leaves and whether the hand can knock, go gin or big gin.",
    )
    analyze.add_argument("cards", nargs="+", help='the cards, e.g. "As 2s 3s 4s 7h 7d 7c Kd Qd 9c"')
    analyze.add_argument(
        "--preset",
        default="pagat",
        help=f"the ruleset (default pagat; one of {', '.join(PRESETS)})",
    )
    analyze.add_argument(
        "--upcard",
        help="the initial upcard, which sets the knock limit in Oklahoma (without it an Oklahoma "
        "knock is not judged)",
    )
    analyze.add_argument("--json", action="store_true", help="print JSON instead of text")
    analyze.add_argument(
        "--all",
        action="store_true",
        help=f"list every best arrangement (by default the first {ARRANGEMENTS_SHOWN}; a whole deck "
        "has 313,457)",
    )

    add_commands(commands)
    add_ladder_command(commands)
    add_verify_command(commands)
    add_review_command(commands)

    play = commands.add_parser(
        "play",
        help="play a game against a bot",
        description="Play a whole game against a bot in the terminal (type help in the game).",
    )
    play.add_argument(
        "word", nargs="?", metavar="RULESET", help="the ruleset: a preset's name or a file (default pagat)"
    )
    chosen = play.add_mutually_exclusive_group()
    chosen.add_argument("--preset", help="the ruleset (default pagat)")
    chosen.add_argument("--ruleset", metavar="FILE", help="a ruleset from a file (JSON or TOML)")
    play.add_argument("--seed", type=_seed, default=None, help="the seed of the deals (a number or a word)")
    play.add_argument(
        "--bot",
        default=DEFAULT_BOT,
        metavar="NAME",
        help=f"the opponent (default {DEFAULT_BOT}): {BOT_NAME_FORMS}",
    )
    play.add_argument(
        "--level",
        type=_level,
        metavar="N",
        help="play against level N: 1 (a beginner) to 5 (the adaptive bot), each with a measured "
        "rating on the bots page (the same as --bot level:N)",
    )
    play.add_argument(
        "--free-takebacks",
        action="store_true",
        help="a practice table: u takes back any move, even after you have seen a card since "
        "(by default a take-back is refused once you have seen a card you did not know)",
    )
    play.add_argument(
        "--save",
        type=Path,
        metavar="FILE",
        help="where the in-game save writes (default ginrummy.sav; its key beside it, .key)",
    )
    play.add_argument("--resume", action="store_true", help="take up the game saved in --save")
    play.add_argument(
        "--no-hints", action="store_true", help="turn off hint (the moves ranked and explained)"
    )

    presets = commands.add_parser(
        "presets", help="the rule presets", description="Show the presets, or one ruleset in full."
    )
    presets.add_argument("name", nargs="?", help="one preset to show in full")
    presets.add_argument("--ruleset", metavar="FILE", help="show the ruleset in a file (JSON or TOML)")
    presets.add_argument(
        "--json",
        action="store_true",
        help="print JSON (one ruleset: one object, which --ruleset reads back; all: a list)",
    )
    return parser


def _level(text: str) -> int:
    """An argparse type: a level's number, 1 to the number of levels."""
    if not text.strip().isdigit() or not 1 <= int(text) <= len(LEVELS):
        raise argparse.ArgumentTypeError(f"invalid level {text!r}: the levels are 1 to {len(LEVELS)}")
    return int(text)


def _seed(text: str) -> int | str:
    """An argparse type: an integer seed when the text is one, else the text itself."""
    try:
        return int(text)
    except ValueError:
        return text


_COMMANDS = ("analyze", "simulate", "compare", "ladder", "tune", "play", "presets", "verify", "review")
"""The commands, as ``ginrummy`` lists them."""

_PREFIX = re.compile(r"^ginrummy(?: [a-z]+)?: error: ")


def error_line(message: str, command: str | None) -> str:
    """``message`` with the one prefix of its command's errors, ``ginrummy COMMAND: error:``
    (``ginrummy: error:`` before a command is known), whatever prefix it had.

    >>> error_line("ginrummy: error: unknown bot 'x'", "ladder")
    "ginrummy ladder: error: unknown bot 'x'"
    """
    body = _PREFIX.sub("", message, count=1)
    return f"{_PROG} {command}: error: {body}" if command else f"{_PROG}: error: {body}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status.
    Without any word it prints the usage and the list of commands."""
    command = None
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = _parser()
        if words and words[0] in _COMMANDS:  # so that a parse error has the command's prefix too
            command = words[0]
        if not words:
            print(parser.format_help(), end="")
            return 0
        args = parser.parse_args(words)
        command = args.command
        if args.command == "analyze":
            return _analyze(" ".join(args.cards), args.preset, args.json, args.upcard, args.all)
        if args.command == "simulate":
            return run_simulate(args)
        if args.command == "compare":
            return run_compare(args)
        if args.command == "ladder":
            return run_ladder(args)
        if args.command == "tune":
            return run_tune_command(args)
        if args.command == "play":
            return _play(args)
        if args.command == "presets":
            return _presets(args.name, args.json, args.ruleset)
        if args.command == "verify":
            return run_verify(args)
        if args.command == "review":
            return run_review(args)
        raise _UsageError(f"{_PROG}: error: unknown command {args.command!r}")  # pragma: no cover
    except KeyboardInterrupt:
        return interrupted(playing=command == "play")
    except _UsageError as exc:
        message = str(exc)
        print(
            error_line(message, command) if command or not _PREFIX.match(message) else message,
            file=sys.stderr,
        )
        return 2
    except GinRummyError as exc:
        PROGRESS.end()
        print(error_line(str(exc), command), file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        sys.stderr.close()
        return 0


def _knock_limit(rules: Ruleset, upcard: Card | None) -> int | None:
    """The knock limit ``analyze`` judges by: None in Oklahoma without an upcard."""
    if rules.oklahoma and upcard is None:
        return None
    return rules.knock_limit if upcard is None else rules.knock_limit_for(upcard)


ARRANGEMENTS_SHOWN = 12
"""How many best arrangements ``analyze`` lists without ``--all``."""


def _analysis(hand: Hand, rules: Ruleset, upcard: Card | None = None) -> dict[str, Any]:
    """The facts ``analyze`` reports, as plain data, but for the arrangements (``knock`` is
    None when the limit is unknown: Oklahoma without an upcard)."""
    first = best_melds(hand, rules)
    result: dict[str, Any] = {
        "cards": [str(card) for card in hand],
        "preset": rules.name,
        "deadwood": first.points,
    }
    if len(hand) == 11:
        limit = _knock_limit(rules, upcard)
        discards: list[dict[str, Any]] = []
        for card, points in best_discards(hand, rules):
            knock = None if limit is None else points <= limit
            discards.append({"card": str(card), "deadwood": points, "knock": knock, "gin": points == 0})
        result["knock_limit"] = limit
        result["discards"] = discards
        result["can_knock"] = discards[0]["knock"]
        result["can_gin"] = discards[0]["deadwood"] == 0
        result["can_big_gin"] = rules.big_gin and first.points == 0
    return result


class _Arrangements:
    """The best arrangements of a hand as plain data, read once, one at a time: the first
    :data:`ARRANGEMENTS_SHOWN` unless ``every``; ``more`` tells, once read, whether some were
    left out."""

    def __init__(self, hand: Hand, rules: Ruleset, every: bool) -> None:
        self._all = iter_best_melds(hand, rules)
        self._every = every
        self.more = False

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for number, arrangement in enumerate(self._all):
            if number == ARRANGEMENTS_SHOWN and not self._every:
                self.more = True
                return
            yield arrangement_data(arrangement)


def _analyze(
    text: str, preset: str, as_json: bool, upcard_text: str | None = None, every: bool = False
) -> int:
    rules = find_ruleset(preset)
    hand = Hand.parse(text)
    if not hand:
        raise _UsageError(f"{_PROG}: error: no cards to analyze in {text!r}")
    upcard = None if upcard_text is None else Card.parse(upcard_text)
    if upcard is not None and upcard in hand:
        raise _UsageError(f"{_PROG}: error: the upcard {str(upcard)!r} is in the hand")
    data = _analysis(hand, rules, upcard)
    if upcard is not None and not rules.oklahoma:
        data["upcard_note"] = f"the upcard changes the knock limit only in Oklahoma, not under {rules.name}"
    arrangements = _Arrangements(hand, rules, every)
    if as_json:
        _print_analysis_json(data, arrangements)
        return 0
    print(f"hand      {hand}  ({counted(len(hand), 'card')}, {rules.name})")
    dead = "none"
    for number, arrangement in enumerate(arrangements):
        label = "melds" if number == 0 else "or"
        melds = "  ".join("[" + " ".join(meld) + "]" for meld in arrangement["melds"]) or "none"
        print(f"{label:<9} {melds}")
        if number == 0:
            dead = " ".join(arrangement["deadwood"]) or "none"
    if arrangements.more:
        print(f"or        ... more: the first {ARRANGEMENTS_SHOWN} are shown (--all lists every one)")
    print(f"deadwood  {data['deadwood']}  ({dead})")
    if "upcard_note" in data:
        print(f"note      {data['upcard_note']}")
    if "discards" in data:
        limit = data["knock_limit"]
        shown = "set by the initial upcard: give --upcard" if limit is None else limit
        print(f"discards  (knock limit {shown})")
        for entry in data["discards"]:
            verdict = "gin" if entry["gin"] else "knock" if entry["knock"] else ""
            print(f"  {entry['card']:<3} leaves {entry['deadwood']:>3}  {verdict}".rstrip())
        can = [
            word
            for word, flag in (
                ("knock", bool(data["can_knock"])),
                ("gin", data["can_gin"]),
                ("big gin", data["can_big_gin"]),
            )
            if flag
        ]
        if data["can_knock"] is None and not data["can_gin"]:
            print(f"can       knock if the upcard allows {data['discards'][0]['deadwood']} (give --upcard)")
        else:
            print(f"can       {', '.join(can) if can else 'neither knock nor gin'}")
    return 0


def _print_analysis_json(data: dict[str, Any], arrangements: _Arrangements) -> None:
    """``data`` as one JSON object whose ``arrangements`` are written as they come (all of a
    deck's take memory only for the one being written), then ``more_arrangements``."""
    head = json.dumps(data, indent=2)
    print(head[: -len("\n}")] + ',\n  "arrangements": [', end="")
    separator = "\n"
    for arrangement in arrangements:
        item = json.dumps(arrangement, indent=2).replace("\n", "\n    ")
        print(f"{separator}    {item}", end="")
        separator = ",\n"
    print(f'\n  ],\n  "more_arrangements": {json.dumps(arrangements.more)}\n}}')


def interrupted(playing: bool = False) -> int:
    """After Ctrl-C: ignore further ones, end the progress bar's line, say so in one line on
    standard error (after a new line on standard output in ``play``, where the prompt waits)
    and return :data:`INTERRUPTED`."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    PROGRESS.end()
    if playing:
        print(flush=True)
    print(f"{_PROG}: interrupted", file=sys.stderr, flush=True)
    return INTERRUPTED


def _play(args: argparse.Namespace) -> int:
    rules = one_ruleset(args.word, args.preset, args.ruleset, "play")
    if args.resume and (args.word or args.preset or args.ruleset or args.seed is not None):
        raise _UsageError("ginrummy play: error: --resume plays the saved game: give no ruleset or seed")
    rules = PAGAT if args.resume else rules
    if args.level is not None and args.bot != DEFAULT_BOT:
        raise _UsageError("ginrummy play: error: give --level or --bot, not both (a level is a bot: level:N)")
    return play(
        rules,
        args.seed,
        echo=not sys.stdin.isatty(),
        bot=args.bot if args.level is None else LEVELS[args.level - 1].bot_name,
        free_takebacks=args.free_takebacks,
        save=args.save,
        resume=args.resume,
        hints=not args.no_hints,
    )


def _presets(name: str | None, as_json: bool, file: str | None = None) -> int:
    if file is not None:
        if name is not None:
            raise _UsageError(f"{_PROG} presets: error: give a preset's name or --ruleset, not both")
        rules = ruleset_file(file)
        print(ruleset_json(rules) if as_json else ruleset_text(rules, closest_preset(rules)))
        return 0
    if name is None:
        print(presets_json(list(PRESETS.values())) if as_json else presets_text(list(PRESETS.values())))
        return 0
    rules = find_ruleset(name)
    print(ruleset_json(rules) if as_json else ruleset_text(rules))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
