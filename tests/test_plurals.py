"""Words for people (issue 29, item 6): counts in the singular for one thing ("1 round won",
"1 deal") and the plural for two, in every template that writes a count; and no template
left that writes ``{count} rounds`` by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ginrummy as gr
from cli_helpers import run_cli
from ginrummy.frontend import describe_game_result, explain_points
from ginrummy.plurals import counted

PACKAGE = Path(gr.__file__).resolve().parent

WON = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=25)


@pytest.mark.parametrize(
    ("count", "expected"), [(0, "0 boxes"), (1, "1 box"), (2, "2 boxes"), (-1, "-1 box")]
)
def test_counted_is_singular_for_one_only(count: int, expected: str) -> None:
    """``counted`` writes the singular for one (and minus one), the plural otherwise."""
    assert expected == counted(count, "box", "boxes")


@pytest.mark.parametrize(("won", "words"), [(1, "1 box"), (2, "2 boxes")])
def test_the_game_result_says_rounds_won_and_boxes_in_the_right_number(won: int, words: str) -> None:
    """The settlement's line: "20 for 1 box" for one round won (it said "20 boxes (1 rounds
    won)", the box bonus read as a count) and the plural for two."""
    results = [WON] * won + [gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=1, points=100)]
    settled = gr.score_game(gr.PAGAT, results)
    line = describe_game_result(settled, 0, opponent="the bot")[1]
    assert line.startswith(f"you: {won * 25} round points + {won * 20} for {words} + game bonus 0 = ")


def test_one_point_is_one_point() -> None:
    """A result priced without a knocker is "1 point", not "1 points"."""
    result = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=1)
    assert ("1 point", "2 points") == (
        explain_points(result, gr.PAGAT, 0, opponent="the bot"),
        explain_points(
            gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=2), gr.PAGAT, 0, opponent="the bot"
        ),
    )


@pytest.mark.parametrize(("rounds", "words"), [(1, "1 round per ruleset"), (2, "2 rounds per ruleset")])
def test_the_simulation_header_counts_rounds_in_the_right_number(rounds: int, words: str) -> None:
    """``str(report)`` (and ``simulate``) opens with "1 round per ruleset" for one round."""
    report = gr.simulate([gr.PAGAT], rounds=rounds, bots=("greedy", "greedy"))
    assert str(report).startswith(words + ", ")


@pytest.mark.parametrize(
    ("games", "words"), [(2, "2 games per pair (1 deal,"), (4, "4 games per pair (2 deals, each")]
)
def test_the_ladder_header_counts_deals_in_the_right_number(games: int, words: str) -> None:
    """The ladder's header: "1 deal" for one deal (it said "1 deals")."""
    table = gr.ladder(["greedy", "random"], gr.PAGAT, games=games, seed=1)
    assert words in " ".join(str(table).split())


def test_analyze_counts_one_card() -> None:
    """``analyze As``: "(1 card, pagat)"."""
    result = run_cli("analyze", "As")
    assert (0, "hand      As  (1 card, pagat)") == (result.returncode, result.stdout.splitlines()[0])


def test_a_spread_of_one_meld_says_one_meld() -> None:
    """A layoff onto a meld that does not exist, against a spread of one meld: "the spread has
    1 meld"."""
    run = gr.Meld.parse("Ac 2c 3c 4c 5c 6c 7c 8c 9c")
    knocker = gr.Hand.parse("Ac 2c 3c 4c 5c 6c 7c 8c 9c 2d Kh")
    rest = [c for c in gr.DECK if c not in knocker]
    r = gr.Round.from_position(
        gr.PAGAT,
        dealer=1,
        hands=(knocker, gr.Hand(rest[:10])),
        stock=rest[11:],
        discard_pile=[rest[10]],
        phase=gr.Phase.DISCARD,
        to_act=0,
    )
    r = r.apply(gr.Knock(gr.Card.parse("Kh"), melds=[run]))
    assert (1, gr.Phase.LAYOFF) == (len(r.spread), r.phase)
    reason = r.illegal_reason(gr.LayOff(sorted(r.hand(1))[0], 3))
    assert reason is not None and reason.endswith("meld 3 does not exist; the spread has 1 meld")


PEOPLE_FACING = [
    "frontend",
    "cli",
    "simulation",
    "play/action_rules.py",
    "play/board_text.py",
    "play/setup.py",
]
"""The modules whose messages and tables a person reads."""

_BY_HAND = re.compile(
    r"(?<!and )(?<!\+ )\{[^{}]+\} (cards|rounds|games|points|deals|boxes|melds|turns|draws)\b"
)
"""A count written by hand before a plural (``{n} rounds``): one reads "1 rounds"; a plural
after two counts (``{a} and {b} cards``) is right whatever they are."""


def test_no_template_writes_a_count_before_a_plural_by_hand() -> None:
    """Every count a person reads goes through ``counted`` (the templates above, with 1 and 2):
    no source line of the people-facing modules writes ``{count} rounds`` by hand."""
    found = []
    for place in PEOPLE_FACING:
        path = PACKAGE / place
        for file in [path] if path.is_file() else sorted(path.rglob("*.py")):
            for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
                if _BY_HAND.search(line) and not line.lstrip().startswith("#"):
                    found.append(f"{file.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert [] == found
