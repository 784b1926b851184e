"""A round's result (``ginrummy.results.round_result``): every check of ``RoundResult``, with
the message and the field it names, its one-line text and ``reprice``'s refusals.

The docs promise that an error names the value and the reason, and ``field`` names the field a
front end should point at: the tests that price and settle rounds match parts of the messages,
so the mutation session found the fields and the wording of most checks unpinned (issue 23,
item 3). Then what a result must be: who wins each outcome, the fields in their domains, and,
for random field values, that whatever the constructor accepts is the price of its own facts.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.results.pricing import price_knock
from hypothesis_share import examples
from outcomes import BIG_GIN, DEAD, DEAD_HAND, GIN, KNOCK, SPREAD, UNDERCUT, VOID, won
from strategies import round_results_st

KNOCKED = (gr.Meld.parse("Ac 2c 3c"), gr.Meld.parse("7h 7d 7s"), gr.Meld.parse("Jd Qd Kd"))
"""Nine cards in melds: the spread of a knock with one card of deadwood."""


def card(text: str) -> gr.Card:
    return gr.Card.parse(text)


KNOCK_FACTS: dict[str, Any] = {
    "outcome": KNOCK,
    "winner": 0,
    "points": 7,
    "knocker": 0,
    "deadwood": (3, 10),
    "deadwood_before_layoffs": 10,
    "spread": KNOCKED,
}
"""A knock by player 0 with 3 (the 3s) against 10, worth 7."""
MATCHED: dict[str, Any] = {
    "outcome": VOID,
    "knocker": 1,
    "deadwood": (0, 0),
    "deadwood_before_layoffs": 5,
    "spread": SPREAD,
    "layoffs": ((card("5c"), 0),),
}
"""A gin by player 1 that player 0 met by laying off 5c: void."""


def refusal(**fields: Any) -> tuple[str, str | None]:
    """The message and field of the error ``RoundResult(**fields)`` raises."""
    with pytest.raises(gr.InvalidResultError) as info:
        gr.RoundResult(**fields)
    return str(info.value), info.value.field


def test_the_facts_used_below_are_valid_results() -> None:
    """The knock and the matched gin the refusals start from are accepted."""
    assert 7 == gr.RoundResult(**KNOCK_FACTS).points
    assert None is gr.RoundResult(**MATCHED).winner


@pytest.mark.parametrize(
    ("fields", "message", "field"),
    [
        ({"outcome": "knock"}, "'outcome' must be an Outcome (got 'knock')", "outcome"),
        ({"winner": 2}, "'winner' must be 0, 1 or None (got 2)", "winner"),
        ({"knocker": -1}, "'knocker' must be 0, 1 or None (got -1)", "knocker"),
        ({"points": -7}, "'points' must be an integer of at least 0 (got -7)", "points"),
        ({"bonus": -1}, "'bonus' must be an integer of at least 0 (got -1)", "bonus"),
        ({"multiplier": 0}, "'multiplier' must be an integer from 1 to 10 (got 0)", "multiplier"),
        ({"multiplier": 11}, "'multiplier' must be an integer from 1 to 10 (got 11)", "multiplier"),
        (
            {"deadwood": (3, 10, 0)},
            "'deadwood' must be None or two integers of at least 0 (got (3, 10, 0))",
            "deadwood",
        ),
        (
            {"deadwood": (3, -1)},
            "'deadwood' must be None or two integers of at least 0 (got (3, -1))",
            "deadwood",
        ),
        (
            {"deadwood_before_layoffs": -1},
            "'deadwood_before_layoffs' must be an integer of at least 0 (got -1)",
            "deadwood_before_layoffs",
        ),
        ({"initial_upcard": "9d"}, "'initial_upcard' must be a Card or None (got '9d')", "initial_upcard"),
        ({"spread": "Ac 2c 3c"}, "'spread' must be a sequence of melds (got 'Ac 2c 3c')", "spread"),
        ({"spread": 3}, "'spread' must be a sequence of melds (got 3)", "spread"),
        ({"spread": (KNOCKED[0], "7h 7d 7s")}, "spread[1] '7h 7d 7s' is not a Meld", "spread[1]"),
        (
            {"spread": (*KNOCKED, gr.Meld.parse("3c 4c 5c"))},
            "meld '3c 4c 5c' shares cards with another meld of the spread",
            "spread[3]",
        ),
        (
            {"layoffs": "5c 0"},
            "'layoffs' must be a sequence of (card, meld index) pairs (got '5c 0')",
            "layoffs",
        ),
        (
            {"layoffs": ((card("4c"), 0), ("5c", 0))},
            "layoffs[1] ('5c', 0) is not a (card, meld index) pair",
            "layoffs[1]",
        ),
        ({"layoffs": ((card("4c"), 0), (card("4c"), 0))}, "card '4c' is laid off twice", "layoffs[1]"),
        (
            {"layoffs": ((card("4c"), 0), (card("9h"), 1), (card("4c"), 0))},
            "card '4c' is laid off twice",
            "layoffs[2]",
        ),
    ],
    ids=[
        "outcome",
        "winner",
        "knocker",
        "points",
        "bonus",
        "multiplier-0",
        "multiplier-11",
        "three-deadwoods",
        "negative-deadwood",
        "before",
        "upcard",
        "spread-text",
        "spread-int",
        "spread-element",
        "spread-overlap",
        "layoffs-text",
        "layoffs-pair",
        "layoffs-twice",
        "layoffs-twice-apart",
    ],
)
def test_a_field_outside_its_domain_is_refused_naming_it(
    fields: dict[str, Any], message: str, field: str
) -> None:
    """Each field is checked against its domain: the message names the field and the value."""
    assert (f"invalid round result: {message}", field) == refusal(**{**KNOCK_FACTS, **fields})


@pytest.mark.parametrize(
    ("fields", "message", "field"),
    [
        (
            {"outcome": DEAD_HAND, "winner": 0},
            "a dead hand round has no winner and no points (got winner 0, points 0)",
            "winner",
        ),
        (
            {"outcome": VOID, "points": 3},
            "a void round has no winner and no points (got winner None, points 3)",
            "points",
        ),
        ({"outcome": VOID, "bonus": 10}, "a void round has no bonus and no multiplier (got 10, 1)", "bonus"),
        (
            {"outcome": DEAD_HAND, "multiplier": 2},
            "a dead hand round has no bonus and no multiplier (got 0, 2)",
            "multiplier",
        ),
        (
            {"outcome": DEAD_HAND, "knocker": 1},
            "a dead hand ends after a plain discard: nobody knocked (got knocker 1)",
            "knocker",
        ),
        ({"outcome": BIG_GIN, "points": 30}, "a big gin round needs a winner (got winner None)", "winner"),
        ({"outcome": KNOCK, "winner": 1, "points": 5, "bonus": 5}, "a knock has no bonus (got 5)", "bonus"),
        (
            {"outcome": GIN, "winner": 1, "points": 5, "bonus": 10},
            "points 5 are not (base + bonus 10) x multiplier 1",
            "points",
        ),
        (
            {"outcome": GIN, "winner": 1, "points": 45, "bonus": 10, "multiplier": 2},
            "points 45 are not (base + bonus 10) x multiplier 2",
            "points",
        ),
        (
            {"outcome": UNDERCUT, "winner": 0, "points": 20, "knocker": 0},
            "a undercut round is won by the defender (got winner 0)",
            "winner",
        ),
        (
            {"outcome": GIN, "winner": 1, "points": 20, "knocker": 0},
            "a gin round is won by the knocker 0 (got winner 1)",
            "winner",
        ),
        (
            {"outcome": KNOCK, "winner": 0, "points": 4, "multiplier": 3, "initial_upcard": card("9s")},
            "points 4 are not (base + bonus 0) x multiplier 3",
            "points",
        ),
        (
            {"outcome": KNOCK, "winner": 0, "points": 6, "multiplier": 2, "initial_upcard": card("9d")},
            "multiplier 2 needs a spade upcard (got '9d')",
            "multiplier",
        ),
    ],
    ids=[
        "dead-hand-winner",
        "void-points",
        "void-bonus",
        "dead-hand-multiplier",
        "dead-hand-knocker",
        "big-gin-no-winner",
        "knock-bonus",
        "gin-points",
        "gin-points-doubled",
        "undercut-by-knocker",
        "gin-by-defender",
        "points-not-multiple",
        "multiplier-without-spade",
    ],
)
def test_a_price_that_contradicts_the_outcome_is_refused_naming_why(
    fields: dict[str, Any], message: str, field: str
) -> None:
    """The outcome, winner, points, bonus and multiplier agree: a void round has no winner, no
    points, no bonus and no multiplier; a scored one has a winner of the right side and points
    that are (base + bonus) times the multiplier, a spade upcard for a multiplier."""
    assert (f"invalid round result: {message}", field) == refusal(**fields)


@pytest.mark.parametrize("name", ["deadwood", "deadwood_before_layoffs", "spread", "layoffs"])
def test_the_facts_of_a_knock_need_a_knocker(name: str) -> None:
    """Deadwoods, the spread and layoffs are facts of a knock: without a knocker they are
    refused, naming the fact."""
    value = {
        "deadwood": (3, 10),
        "deadwood_before_layoffs": 10,
        "spread": KNOCKED,
        "layoffs": ((card("4c"), 0),),
    }[name]
    assert (f"invalid round result: {name!r} needs a knocker", name) == refusal(
        outcome=KNOCK, winner=0, points=7, **{name: value}
    )


@pytest.mark.parametrize(
    ("changes", "message", "field"),
    [
        (
            {"deadwood": (0, 3)},
            "a void round with a knocker is a gin matched by layoffs: it needs deadwood (0, "
            "0), the spread and the layoffs (got deadwood (0, 3), 1 layoffs)",
            "knocker",
        ),
        (
            {"layoffs": ()},
            "a void round with a knocker is a gin matched by layoffs: it needs deadwood (0, 0), the "
            "spread and the layoffs (got deadwood (0, 0), 0 layoffs)",
            "knocker",
        ),
        (
            {"spread": (), "layoffs": ()},
            "a void round with a knocker is a gin matched by layoffs: it needs "
            "deadwood (0, 0), the spread and the layoffs (got deadwood (0, 0), 0 layoffs)",
            "knocker",
        ),
        (
            {"deadwood_before_layoffs": 0},
            "a gin is matched only by a defender above 0 before its layoffs",
            "deadwood_before_layoffs",
        ),
    ],
    ids=["defender-above-0", "no-layoffs", "no-spread", "defender-at-0-before"],
)
def test_a_void_round_with_a_knocker_is_only_a_matched_gin(
    changes: dict[str, Any], message: str, field: str
) -> None:
    """docs/rules.rst §5: a void round names its knocker only when the defender's layoffs met a gin: both
    at 0, with the spread and the layoffs, the defender above 0 before them."""
    assert (f"invalid round result: {message}", field) == refusal(**{**MATCHED, **changes})


@pytest.mark.parametrize(
    ("changes", "message", "field"),
    [
        ({"layoffs": ((card("4s"), 3),)}, "layoff of '4s' onto meld 3; the spread has 3 melds", "layoffs[0]"),
        ({"layoffs": ((card("2c"), 0),)}, "card '2c' is laid off but is in the spread", "layoffs[0]"),
        ({"layoffs": ((card("9h"), 0),)}, "card '9h' does not fit meld 0 (Ac 2c 3c)", "layoffs[0]"),
        (
            {"layoffs": ((card("4c"), 0), (card("6c"), 0))},
            "card '6c' does not fit meld 0 (Ac 2c 3c 4c)",
            "layoffs[1]",
        ),
        (
            {"spread": (*KNOCKED, gr.Meld.parse("4s 5s 6s"))},
            "a spread of 12 cards for a knock round",
            "spread",
        ),
        (
            {"spread": (gr.Meld.parse("Ac 2c 3c 4c 5c"), *KNOCKED[1:], gr.Meld.parse("8s 9s Ts"))},
            "a spread of 14 cards for a knock round",
            "spread",
        ),
        (
            {"deadwood": None},
            "the deadwood before layoffs needs the deadwood after",
            "deadwood_before_layoffs",
        ),
        (
            {"deadwood": (0, 10), "points": 10},
            "a knocker with deadwood 0 shows 9 cards in melds (gin shows all its cards)",
            "deadwood",
        ),
        (
            {"deadwood_before_layoffs": 12},
            "without layoffs the defender's deadwood before them, 12, is its deadwood 10",
            "deadwood_before_layoffs",
        ),
        (
            {"deadwood": (12, 10), "deadwood_before_layoffs": 10},
            "a knock needs the knocker's deadwood 12 above 0 and at most the defender's 10",
            "deadwood",
        ),
        ({"points": 8}, "a knock with deadwood 3 and 10 is worth 7, not 8", "points"),
    ],
    ids=[
        "meld-missing",
        "layoff-in-spread",
        "layoff-fits-no-meld",
        "layoff-after-extension",
        "twelve-cards",
        "fourteen-cards",
        "before-without-after",
        "gin-showing-nine",
        "before-without-layoffs",
        "knock-with-more-deadwood",
        "knock-worth",
    ],
)
def test_the_facts_of_a_knock_must_be_possible_and_priced(
    changes: dict[str, Any], message: str, field: str
) -> None:
    """The facts of a knock agree with each other and with the price: layoffs onto melds that
    exist and that they extend, a spread of at most 11 cards, 11 for big gin only, the knocker's
    deadwood 0 exactly when it shows 10 cards, the deadwood before layoffs equal to the deadwood
    after when nothing was laid off, and points worth the deadwoods."""
    assert (f"invalid round result: {message}", field) == refusal(**{**KNOCK_FACTS, **changes})


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"outcome": GIN, "bonus": 20, "points": 30}, "a gin knocker has no deadwood (got 3)"),
        (
            {"outcome": UNDERCUT, "winner": 1, "bonus": 10, "points": 10},
            "an undercut needs the defender's deadwood 10 at most the knocker's 3, above 0",
        ),
        (
            {"deadwood": (3, 2), "deadwood_before_layoffs": 2, "points": 1},
            "a knock needs the knocker's deadwood 3 above 0 and at most the defender's 2",
        ),
        (
            {"points": 16, "multiplier": 2, "initial_upcard": card("Ks")},
            "a knock with deadwood 3 and 10 and multiplier 2 is worth 14, not 16",
        ),
        (
            {
                "outcome": GIN,
                "bonus": 20,
                "points": 62,
                "multiplier": 2,
                "deadwood": (0, 10),
                "spread": SPREAD,
            },
            "a gin with deadwood 0 and 10 with bonus 20 and multiplier 2 is worth 60, not 62",
        ),
        (
            {
                "outcome": UNDERCUT,
                "winner": 1,
                "bonus": 10,
                "points": 11,
                "deadwood": (3, 3),
                "deadwood_before_layoffs": 3,
            },
            "a undercut with deadwood 3 and 3 with bonus 10 is worth 10, not 11",
        ),
    ],
    ids=[
        "gin-with-deadwood",
        "undercut-by-more",
        "knock-by-more",
        "doubled-knock",
        "doubled-gin",
        "undercut-tie-worth",
    ],
)
def test_the_price_of_a_knock_follows_its_deadwoods(changes: dict[str, Any], message: str) -> None:
    """Gin needs the knocker at 0, an undercut the defender at most the knocker (above 0), a knock
    the knocker at most the defender; the points are (base + bonus) times the multiplier, the
    message naming both when they are not 1 and 0."""
    text, field = refusal(**{**KNOCK_FACTS, **changes})
    assert f"invalid round result: {message}" == text
    assert field in ("deadwood", "points")


def test_a_wrapping_layoff_is_judged_under_melding_that_allows_it() -> None:
    """A result carries no ruleset: a layoff is judged under melding that allows runs round the
    corner, so a layoff of 2s onto Qs Ks As is accepted (a ruleset with traditional runs would
    refuse it)."""
    spread = (
        gr.Meld.parse("Qs Ks As", round_the_corner=True),
        gr.Meld.parse("7h 7d 7s"),
        gr.Meld.parse("Jd Qd Kd"),
    )
    result = gr.RoundResult(
        outcome=KNOCK,
        winner=1,
        points=19,
        knocker=1,
        deadwood=(20, 1),
        spread=spread,
        layoffs=((card("2s"), 0),),
    )
    assert ((card("2s"), 0),) == result.layoffs


def test_a_result_reads_as_one_line() -> None:
    """``str(result)``: the outcome, who scored what (and the multiplier), the deadwoods (when
    the result has them), each layoff; nobody scores in a void round."""
    assert "knock: player 0 scores 7; knocker 0 deadwood 3, defender deadwood 10" == str(
        gr.RoundResult(**KNOCK_FACTS)
    )
    assert "void: nobody scores; knocker 1 deadwood 0, defender deadwood 0; laid off 5c>0" == str(
        gr.RoundResult(**MATCHED)
    )
    doubled = gr.RoundResult(outcome=KNOCK, winner=0, points=14, multiplier=2, initial_upcard=card("Ks"))
    assert "knock: player 0 scores 14 (x2)" == str(doubled)
    assert "dead hand: nobody scores" == str(gr.RoundResult(outcome=DEAD_HAND))
    assert "knock: player 0 scores 7" == str(gr.RoundResult(outcome=KNOCK, winner=0, points=7, knocker=0))
    two = {**MATCHED, "deadwood_before_layoffs": 12, "layoffs": ((card("5c"), 0), (card("7c"), 1))}
    assert "void: nobody scores; knocker 1 deadwood 0, defender deadwood 0; laid off 5c>0 7c>1" == str(
        gr.RoundResult(**two)
    )


def test_reprice_refuses_what_it_cannot_price() -> None:
    """``reprice`` needs the deadwoods of a knock, and the initial upcard when the ruleset
    multiplies spade rounds; a dead hand or void round is returned as it is."""
    with pytest.raises(gr.InvalidResultError) as info:
        gr.RoundResult(outcome=KNOCK, winner=0, points=7, knocker=0).reprice(gr.PAGAT)
    assert "cannot reprice a knock whose deadwoods are not recorded" == str(info.value)
    with pytest.raises(gr.InvalidResultError) as info:
        gr.RoundResult(**KNOCK_FACTS).reprice(gr.OKLAHOMA)
    assert (
        "cannot reprice with the spade multiplier of 'oklahoma': the initial upcard is not recorded"
        == str(info.value)
    )
    dead = gr.RoundResult(outcome=DEAD_HAND)
    assert dead is dead.reprice(gr.SPANISH_SITE)
    with pytest.raises(gr.InvalidResultError, match="invalid rules"):
        dead.reprice("pagat")  # type: ignore[arg-type]


def test_reprice_applies_the_spade_multiplier_from_the_recorded_upcard() -> None:
    """Repriced by Oklahoma, a knock whose initial upcard was a spade is doubled, one whose
    upcard was not is not; the facts stay."""
    spade = gr.RoundResult(**KNOCK_FACTS, initial_upcard=card("9s")).reprice(gr.OKLAHOMA)
    assert (14, 2, card("9s"), (3, 10)) == (
        spade.points,
        spade.multiplier,
        spade.initial_upcard,
        spade.deadwood,
    )
    plain = gr.RoundResult(**KNOCK_FACTS, initial_upcard=card("9d")).reprice(gr.OKLAHOMA)
    assert (7, 1) == (plain.points, plain.multiplier)


def test_reprice_recognises_a_matched_big_gin() -> None:
    """A void round whose spread shows 11 cards was a big gin the defender met: repriced where
    the gin is not matched (no ``void_if_gin_matched``), it is a big gin again."""
    eleven = (
        gr.Meld.parse("Ac 2c 3c 4c"),
        gr.Meld.parse("7h 7d 7s"),
        gr.Meld.parse("Jd Qd Kd Ad", round_the_corner=True),
    )
    matched = gr.RoundResult(**{**MATCHED, "spread": eleven})  # met by laying off 5c, as MATCHED
    rules = gr.ROUND_THE_CORNER.evolve(big_gin=True, void_if_gin_matched=False)
    repriced = matched.reprice(rules)
    assert (BIG_GIN, 1, 0 + 31) == (repriced.outcome, repriced.winner, repriced.points)
    assert matched == matched.reprice(rules.evolve(void_if_gin_matched=True))


@pytest.mark.parametrize("outcome", [DEAD_HAND, VOID])
def test_dead_hand_is_won_by_nobody_for_no_points(outcome: gr.Outcome) -> None:
    """docs/rules.rst §6, dead hand: nobody scores, 0 points (and a void round likewise)."""
    result = gr.RoundResult(outcome=outcome)
    assert (None, 0, None) == (result.winner, result.points, result.loser)
    assert outcome.is_void


def test_round_result_defaults_to_no_winner_and_no_points() -> None:
    """API: ``RoundResult(outcome=...)`` is constructible with only the outcome; the other
    fields default to nothing known."""
    result = gr.RoundResult(outcome=DEAD_HAND)
    assert (None, 0, None, None, (), (), 1) == (
        result.winner,
        result.points,
        result.knocker,
        result.deadwood,
        result.spread,
        result.layoffs,
        result.multiplier,
    )


@pytest.mark.parametrize("outcome", [DEAD_HAND, VOID])
@pytest.mark.parametrize(("winner", "points"), [(0, 0), (1, 0), (None, 5), (0, 5)])
def test_void_outcomes_need_no_winner_and_no_points(
    outcome: gr.Outcome, winner: int | None, points: int
) -> None:
    """docs/rules.rst §6/§7: a dead hand (or void round) is won by nobody for 0 points; anything else
    raises ``InvalidResultError``."""
    with pytest.raises(gr.InvalidResultError, match="no winner and no points"):
        gr.RoundResult(outcome=outcome, winner=winner, points=points)


def test_void_round_may_name_its_knocker() -> None:
    """docs/rules.rst §5: a gin matched with ``void_if_gin_matched`` voids a round that had a knocker: the
    knocker went gin, the defender laid off from above 0 down to 0."""
    spread = (gr.Meld.parse("Ac 2c 3c 4c"), gr.Meld.parse("7h 7d 7s"), gr.Meld.parse("Jd Qd Kd"))
    result = gr.RoundResult(
        outcome=VOID,
        knocker=1,
        deadwood=(0, 0),
        deadwood_before_layoffs=5,
        spread=spread,
        layoffs=((gr.Card.parse("5c"), 0),),
    )
    assert (None, 1) == (result.winner, result.knocker)


@pytest.mark.parametrize(
    "facts",
    [
        {},
        {"deadwood": (0, 0)},
        {"deadwood": (0, 3), "layoffs": ((gr.Card.parse("5c"), 0),)},
        {"deadwood": (0, 0), "layoffs": ((gr.Card.parse("5c"), 0),), "deadwood_before_layoffs": 0},
    ],
    ids=repr,
)
def test_a_void_round_with_a_knocker_needs_the_facts_of_a_matched_gin(facts: dict[str, Any]) -> None:
    """Issue 19: a void round with a knocker is only a gin matched by layoffs; without those
    facts (both at 0, layoffs, the defender above 0 before them) it is refused, naming why."""
    spread = (gr.Meld.parse("Ac 2c 3c 4c"), gr.Meld.parse("7h 7d 7s"), gr.Meld.parse("Jd Qd Kd"))
    with pytest.raises(gr.InvalidResultError, match="matched"):
        gr.RoundResult(outcome=VOID, knocker=1, spread=spread, **facts)


@pytest.mark.parametrize("knocker", [0, 1])
def test_a_dead_hand_with_a_knocker_is_refused(knocker: int) -> None:
    """A dead hand ends after a plain discard, so nobody knocked."""
    with pytest.raises(gr.InvalidResultError, match="nobody knocked") as info:
        gr.RoundResult(outcome=DEAD_HAND, knocker=knocker)
    assert "knocker" == info.value.field


@pytest.mark.parametrize("outcome", [KNOCK, UNDERCUT, GIN, BIG_GIN])
def test_scored_outcomes_need_a_winner(outcome: gr.Outcome) -> None:
    """docs/rules.rst §7: «A round is won by the player who scored it»: a scored outcome without a winner
    raises ``InvalidResultError``."""
    with pytest.raises(gr.InvalidResultError, match="needs a winner"):
        gr.RoundResult(outcome=outcome, points=10)


@pytest.mark.parametrize("knocker", [0, 1])
def test_undercut_is_won_by_the_defender(knocker: int) -> None:
    """docs/rules.rst §6: the undercut row scores for the defender; an undercut won by the knocker raises."""
    assert (
        1 - knocker == gr.RoundResult(outcome=UNDERCUT, winner=1 - knocker, knocker=knocker, points=12).winner
    )
    with pytest.raises(gr.InvalidResultError, match="won by the defender"):
        gr.RoundResult(outcome=UNDERCUT, winner=knocker, knocker=knocker, points=12)


@pytest.mark.parametrize("outcome", [KNOCK, GIN, BIG_GIN])
@pytest.mark.parametrize("knocker", [0, 1])
def test_knock_gin_and_big_gin_are_won_by_the_knocker(outcome: gr.Outcome, knocker: int) -> None:
    """docs/rules.rst §6: knock, gin and big gin score for the knocker (declarer); won by the defender
    they raise."""
    assert knocker == gr.RoundResult(outcome=outcome, winner=knocker, knocker=knocker, points=12).winner
    with pytest.raises(gr.InvalidResultError, match="won by the knocker"):
        gr.RoundResult(outcome=outcome, winner=1 - knocker, knocker=knocker, points=12)


@pytest.mark.parametrize(
    "fields",
    [
        {"winner": 2},
        {"winner": -1},
        {"winner": "0"},
        {"knocker": 2},
        {"points": -1},
        {"points": True},
        {"points": 1.5},
        {"points": "3"},
        {"deadwood": (1, 2, 3)},
        {"deadwood": (1, -2)},
        {"deadwood": [1, 2]},
        {"deadwood": (True, 2)},
    ],
    ids=repr,
)
def test_round_result_fields_out_of_their_domain_are_rejected(fields: dict[str, Any]) -> None:
    """API: a RoundResult field outside its domain raises ``InvalidResultError`` (a
    ``ValueError``) naming the field."""
    kwargs: dict[str, Any] = {"outcome": KNOCK, "winner": 0, "knocker": 0, "points": 5, **fields}
    name = next(iter(fields))
    with pytest.raises(gr.InvalidResultError, match=repr(name)):
        gr.RoundResult(**kwargs)


@pytest.mark.parametrize("name", ["winner", "knocker"])
def test_round_result_rejects_a_boolean_player(name: str) -> None:
    """API and docs/conventions.md §7: players are 0 or 1; ``True`` is not a player (it is
    refused for ``points`` and by ``gr.loads``, so ``RoundResult(winner=True)`` cannot even
    round-trip through JSON)."""
    kwargs: dict[str, Any] = {"outcome": KNOCK, "winner": 1, "knocker": 1, "points": 5, name: True}
    with pytest.raises(gr.InvalidResultError):
        gr.RoundResult(**kwargs)


@pytest.mark.parametrize("multiplier", [0, -2, "2", True, 2.0])
def test_round_result_rejects_a_bad_multiplier(multiplier: Any) -> None:
    """docs/conventions.md §7 («validated»): the multiplier is an integer of at least 1 (``gr.loads`` reads it
    as 1 to 10, so an unchecked ``multiplier=0`` makes a value that does not round-trip)."""
    with pytest.raises(gr.InvalidResultError):
        gr.RoundResult(outcome=KNOCK, winner=0, points=4, multiplier=multiplier)


def test_round_result_rejects_an_outcome_that_is_not_an_outcome() -> None:
    """docs/conventions.md §3 («one exception per failure mode, all under GinRummyError»): an outcome given as
    text raises ``InvalidResultError`` like every other bad field, not a bare ``TypeError``."""
    bad: Any = "knock"
    with pytest.raises(gr.InvalidResultError):
        gr.RoundResult(outcome=bad, winner=0, points=4)


@pytest.mark.parametrize(
    ("outcome", "winner", "deadwood"),
    [
        (GIN, 0, (5, 20)),
        (BIG_GIN, 0, (3, 20)),
        (UNDERCUT, 1, (5, 20)),
        (KNOCK, 0, (20, 5)),
    ],
    ids=[
        "gin-with-deadwood",
        "big-gin-with-deadwood",
        "undercut-by-more-deadwood",
        "knock-with-more-deadwood",
    ],
)
def test_round_result_deadwood_must_fit_the_outcome(
    outcome: gr.Outcome, winner: int, deadwood: tuple[int, int]
) -> None:
    """docs/rules.rst §6 and the class docstring (the fields are checked against each other): whatever
    the ruleset, gin needs K = 0, an undercut D <= K and a knock K <= D. Player 0 knocks."""
    with pytest.raises(gr.InvalidResultError):
        gr.RoundResult(outcome=outcome, winner=winner, knocker=0, points=25, deadwood=deadwood)


def test_round_result_loser_is_the_other_player() -> None:
    """API: ``loser`` is the player who did not win, None when nobody won."""
    assert (1, 0, None) == (won(0, 5).loser, won(1, 5).loser, DEAD.loser)


def test_round_result_messages_name_the_contradiction() -> None:
    """``RoundResult`` says what contradicts what: a gin knocker with deadwood, a knock won by
    the defender."""
    with pytest.raises(gr.InvalidResultError, match=r"a gin knocker has no deadwood \(got 4\)"):
        gr.RoundResult(outcome=gr.Outcome.GIN, winner=0, points=30, knocker=0, deadwood=(4, 20))
    with pytest.raises(
        gr.InvalidResultError, match="a knock round is won by the knocker 0 \\(got winner 1\\)"
    ):
        gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=1, points=3, knocker=0)


cards = st.sampled_from(gr.DECK)


def test_a_knock_worth_what_its_deadwoods_do_not_give_is_refused() -> None:
    """A knock with deadwood 3 and 10 is worth 7 (times its multiplier), never 5."""
    with pytest.raises(gr.InvalidResultError, match="worth 7, not 5") as info:
        gr.RoundResult(outcome=KNOCK, winner=0, points=5, knocker=0, deadwood=(3, 10))
    assert "points" == info.value.field
    assert 7 == gr.RoundResult(outcome=KNOCK, winner=0, points=7, knocker=0, deadwood=(3, 10)).points


def test_a_void_round_with_a_knocker_but_no_matched_gin_is_refused() -> None:
    """A void round names its knocker only when layoffs matched a gin."""
    with pytest.raises(gr.InvalidResultError, match="gin matched by layoffs") as info:
        gr.RoundResult(outcome=gr.Outcome.VOID, knocker=0)
    assert "knocker" == info.value.field


def test_a_layoff_that_fits_no_meld_is_refused() -> None:
    """A layoff onto a meld it does not extend (9h onto a run of clubs) is refused, naming it;
    one that extends the meld as already extended is accepted."""
    with pytest.raises(gr.InvalidResultError, match="does not fit meld 0") as info:
        gr.RoundResult(
            outcome=KNOCK, winner=1, points=3, knocker=1, spread=SPREAD, layoffs=((gr.Card.parse("9h"), 0),)
        )
    assert "layoffs[0]" == info.value.field
    laid = ((gr.Card.parse("5c"), 0), (gr.Card.parse("6c"), 0))
    assert (
        laid
        == gr.RoundResult(outcome=KNOCK, winner=1, points=3, knocker=1, spread=SPREAD, layoffs=laid).layoffs
    )


melds = st.sampled_from([*SPREAD, gr.Meld.parse("5s 6s 7s"), gr.Meld.parse("9c 9d 9h 9s")])


RESULT_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "outcome": st.sampled_from(gr.Outcome),
    "winner": st.sampled_from([None, 0, 1]),
    "points": st.integers(0, 80),
    "knocker": st.sampled_from([None, 0, 1]),
    "deadwood": st.none() | st.tuples(st.integers(0, 30), st.integers(0, 30)),
    "deadwood_before_layoffs": st.none() | st.integers(0, 30),
    "spread": st.lists(melds, max_size=3, unique=True).map(tuple),
    "layoffs": st.lists(st.tuples(cards, st.integers(0, 2)), max_size=2, unique_by=lambda p: p[0]).map(tuple),
    "bonus": st.sampled_from([0, 10, 20, 25]),
    "multiplier": st.sampled_from([1, 2, 3]),
    "initial_upcard": st.none() | cards,
}


@st.composite
def result_fields(draw: st.DrawFn) -> dict[str, Any]:
    """The fields of a possible round result (played, or priced by hand), half the time with
    one of them given a random value of its type."""
    result = draw(round_results_st())
    fields = {field.name: getattr(result, field.name) for field in attrs.fields(gr.RoundResult)}
    if draw(st.booleans()):
        name = draw(st.sampled_from(sorted(RESULT_VALUES)))
        fields[name] = draw(RESULT_VALUES[name])
    return fields


@settings(max_examples=examples(1500))
@given(result_fields())
def test_an_accepted_round_result_is_the_price_of_its_facts(fields: dict[str, Any]) -> None:
    """Whatever ``RoundResult`` accepts is consistent: with both deadwoods known, some ruleset
    (its bonus and multiplier) prices those facts to exactly this outcome, winner and points."""
    try:
        result = gr.RoundResult(**fields)
    except gr.InvalidResultError:
        return
    if result.knocker is None or result.deadwood is None:
        assert (result.winner is None) == result.outcome.is_void
        assert 0 == result.points % result.multiplier
        return
    knocker, dw = result.knocker, result.deadwood
    rules = gr.Ruleset(
        big_gin=True,
        gin_bonus=result.bonus,
        big_gin_bonus=result.bonus,
        undercut_bonus=result.bonus,
        undercut_on_tie=result.outcome is UNDERCUT,
        spade_multiplier=result.multiplier,
        layoffs_after_gin=True,
        void_if_gin_matched=result.outcome is gr.Outcome.VOID,
    )
    price = price_knock(
        rules,
        knocker=knocker,
        knocker_deadwood=dw[knocker],
        defender_deadwood=dw[1 - knocker],
        deadwood_before_layoffs=result.deadwood_before_layoffs
        if result.deadwood_before_layoffs is not None
        else 1,
        layoffs=len(result.layoffs),
        big_gin=result.outcome is BIG_GIN or sum(len(m) for m in result.spread) == 11,
        spade_upcard=result.multiplier > 1,
    )
    assert (price.outcome, price.winner, price.points) == (result.outcome, result.winner, result.points)
