"""The ``ginrummy`` command line, a thin layer over the public API.

``ginrummy analyze CARDS [--preset NAME] [--json]`` prints the best melds and the deadwood of
a hand and, for 11 cards, every discard with the deadwood it leaves and whether the hand can
then knock, go gin or declare big gin. Errors are one line on standard error, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from ginrummy._version import __version__
from ginrummy.cards import Hand
from ginrummy.deadwood import Arrangement, all_best_melds, best_discards
from ginrummy.errors import GinRummyError
from ginrummy.rules import PRESETS, Ruleset, find_ruleset

__all__ = ["main"]

_PROG = "ginrummy"


class _UsageError(Exception):
    """A bad command line: reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: error: {message}")


def _parser() -> argparse.ArgumentParser:
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
    analyze.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    try:
        args = _parser().parse_args(argv)
        if args.command == "analyze":
            return _analyze(" ".join(args.cards), args.preset, args.json)
        raise _UsageError(f"{_PROG}: error: unknown command {args.command!r}")  # pragma: no cover
    except _UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    except GinRummyError as exc:
        print(f"{_PROG}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        sys.stderr.close()
        return 0


def _analysis(hand: Hand, rules: Ruleset) -> dict[str, Any]:
    """The facts ``analyze`` reports, as plain data."""
    arrangements = all_best_melds(hand, rules)
    result: dict[str, Any] = {
        "cards": [str(card) for card in hand],
        "preset": rules.name,
        "deadwood": arrangements[0].points,
        "arrangements": [_arrangement_data(a) for a in arrangements],
    }
    if len(hand) == 11:
        limit = rules.knock_limit
        discards: list[dict[str, Any]] = []
        for card, points in best_discards(hand, rules):
            discards.append(
                {"card": str(card), "deadwood": points, "knock": points <= limit, "gin": points == 0}
            )
        result["knock_limit"] = "initial upcard" if rules.oklahoma else limit
        result["discards"] = discards
        result["can_knock"] = discards[0]["deadwood"] <= limit
        result["can_gin"] = discards[0]["deadwood"] == 0
        result["can_big_gin"] = rules.big_gin and arrangements[0].points == 0
    return result


def _arrangement_data(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": [[str(card) for card in meld.cards] for meld in arrangement.melds],
        "deadwood": [str(card) for card in arrangement.deadwood],
        "points": arrangement.points,
    }


def _analyze(text: str, preset: str, as_json: bool) -> int:
    rules = find_ruleset(preset)
    hand = Hand.parse(text)
    data = _analysis(hand, rules)
    if as_json:
        print(json.dumps(data, indent=2))
        return 0
    print(f"hand      {hand}  ({len(hand)} cards, {rules.name})")
    for number, arrangement in enumerate(data["arrangements"]):
        label = "melds" if number == 0 else "or"
        melds = "  ".join("[" + " ".join(meld) + "]" for meld in arrangement["melds"]) or "none"
        print(f"{label:<9} {melds}")
    dead = " ".join(data["arrangements"][0]["deadwood"]) or "none"
    print(f"deadwood  {data['deadwood']}  ({dead})")
    if "discards" in data:
        limit = data["knock_limit"]
        print(f"discards  (knock limit {limit})")
        for entry in data["discards"]:
            verdict = "gin" if entry["gin"] else "knock" if entry["knock"] else ""
            print(f"  {entry['card']:<3} leaves {entry['deadwood']:>3}  {verdict}".rstrip())
        can = [
            word
            for word, flag in (
                ("knock", data["can_knock"]),
                ("gin", data["can_gin"]),
                ("big gin", data["can_big_gin"]),
            )
            if flag
        ]
        print(f"can       {', '.join(can) if can else 'neither knock nor gin'}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
