"""A round's result (``ginrummy.results.round_result``): every check of ``RoundResult``, with
the message and the field it names, its one-line text and ``reprice``'s refusals.

The docs promise that an error names the value and the reason, and ``field`` names the field a
front end should point at: the tests of ``test_scoring.py`` match parts of the messages, so the
mutation session found the fields and the wording of most checks unpinned (issue 23, item 3).
"""

from __future__ import annotations

from typing import Any

import pytest

import ginrummy as gr

KNOCK, GIN, BIG_GIN = gr.Outcome.KNOCK, gr.Outcome.GIN, gr.Outcome.BIG_GIN
UNDERCUT, DEAD_HAND, VOID = gr.Outcome.UNDERCUT, gr.Outcome.DEAD_HAND, gr.Outcome.VOID
SPREAD = (gr.Meld.parse("Ac 2c 3c 4c"), gr.Meld.parse("7h 7d 7s"), gr.Meld.parse("Jd Qd Kd"))
"""Ten cards in melds: a gin spread."""
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
    """RULES 5: a void round names its knocker only when the defender's layoffs met a gin: both
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
