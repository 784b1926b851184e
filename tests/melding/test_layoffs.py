"""Layoffs onto the knocker's spread against the naive oracle in ``oracle.py`` (docs/rules.rst §5)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.melding.suit_lookups import MOST_CONFLICTS
from ginrummy.suit_masks import split, triples
from hypothesis_share import examples
from oracle import card_value, oracle_can_lay_off, oracle_deadwood, oracle_layoff_plan, oracle_layoff_points
from strategies import RTC, Rules, spread_and_cards_st


def _wrap(rules: Rules | None) -> bool:
    return rules is not None and rules.round_the_corner


def _ace(rules: Rules | None) -> int:
    return 1 if rules is None else rules.ace_points


def _spread(*melds: str, rules: Rules | None = None) -> tuple[gr.Meld, ...]:
    return tuple(gr.Meld.parse(text, rules=rules) for text in melds)


def _layoffs(plan: gr.LayoffPlan) -> list[tuple[str, int]]:
    """The plan's layoffs as (card text, meld index), for readable comparisons."""
    return [(str(card), index) for card, index in plan.layoffs]


def _check_plan(spread: Sequence[gr.Meld], cards: gr.Hand, plan: gr.LayoffPlan, rules: Rules | None) -> None:
    """Assert that ``plan`` is legal for ``spread`` and ``cards`` and consistent with itself."""
    melds = list(spread)
    laid: list[gr.Card] = []
    for card, index in plan.layoffs:
        assert card in cards
        assert card not in laid
        assert 0 <= index < len(melds)
        assert melds[index].accepts(card, rules)
        assert oracle_can_lay_off(melds[index].cards, card, _wrap(rules))
        melds[index] = melds[index].extend(card, rules)
        laid.append(card)
    kept = cards - gr.Hand(laid)
    assert kept == plan.arrangement.cards
    assert set(cards) == set(kept) | set(laid)
    melded: set[gr.Card] = set()
    for meld in plan.arrangement.melds:
        assert gr.Meld(meld.hand, rules=rules) == meld
        assert not melded & set(meld.cards)
        melded |= set(meld.cards)
    assert set(kept) == melded | set(plan.arrangement.deadwood)
    assert sum(card_value(c, _ace(rules)) for c in plan.arrangement.deadwood) == plan.points
    assert plan.arrangement.points == plan.points
    assert oracle_deadwood(kept, _wrap(rules), _ace(rules)) == plan.points


# --------------------------------------------------------------------------------------------
# random spreads against the oracle


@settings(max_examples=examples(700), deadline=None)
@given(case=spread_and_cards_st(wrap=False, max_cards=11))
def test_layoff_points_are_the_minimum_over_every_legal_layoff_sequence(
    case: tuple[tuple[gr.Meld, ...], gr.Hand],
) -> None:
    """best_layoffs leaves the least deadwood any set of legal layoffs (chains included) and
    any arrangement of the kept cards can reach, with the fewest layoffs that reach it (as its
    docstring promises)."""
    spread, cards = case
    plan = gr.best_layoffs(spread, cards)
    assert oracle_layoff_plan([m.cards for m in spread], cards) == (plan.points, len(plan.layoffs))


@settings(max_examples=examples(500), deadline=None)
@given(case=spread_and_cards_st(wrap=True, max_cards=11))
def test_round_the_corner_layoff_points_are_the_minimum_with_ace_15(
    case: tuple[tuple[gr.Meld, ...], gr.Hand],
) -> None:
    """Round the corner (runs wrap K-A, ace 15), best_layoffs still reaches the minimum with
    the fewest layoffs."""
    spread, cards = case
    plan = gr.best_layoffs(spread, cards, RTC)
    assert oracle_layoff_plan([m.cards for m in spread], cards, True, 15) == (plan.points, len(plan.layoffs))


@settings(max_examples=examples(500), deadline=None)
@given(wrap=st.booleans(), data=st.data())
def test_layoff_plan_is_legal_in_order_and_accounts_for_every_card(wrap: bool, data: st.DataObject) -> None:
    """Each layoff fits its meld as extended by the earlier ones; the kept cards plus the laid
    off cards are the defender's cards; the arrangement is a valid split of the kept cards."""
    spread, cards = data.draw(spread_and_cards_st(wrap=wrap, max_cards=11))
    rules = RTC if wrap else None
    _check_plan(spread, cards, gr.best_layoffs(spread, cards, rules), rules)


@settings(max_examples=examples(300), deadline=None)
@given(case=spread_and_cards_st(wrap=False, max_cards=11))
def test_layoffs_never_leave_more_than_keeping_everything(
    case: tuple[tuple[gr.Meld, ...], gr.Hand],
) -> None:
    """Laying off is optional: the result is never worse than the defender's own deadwood."""
    spread, cards = case
    assert gr.best_layoffs(spread, cards).points <= gr.deadwood(cards)


# --------------------------------------------------------------------------------------------
# exhaustive: every defender hand drawn from 13 cards crowded around a fixed spread

CROWDED = [
    pytest.param(
        ("5h 6h 7h", "9c 9d 9s"),
        "3h 4h 8h 9h Th Jh 8c 8d 8s 4c 4d Tc Td",
        None,
        id="traditional",
    ),
    pytest.param(
        ("Qh Kh Ah", "2c 2d 2s"),
        "Th Jh 2h 3h 4h Ac Ad As Kc Kd 3c 3d Qc",
        RTC,
        id="round-the-corner",
    ),
]


@pytest.mark.parametrize(("spread_text", "pool_text", "rules"), CROWDED)
def test_layoffs_for_every_defender_subset_of_a_crowded_pool(
    spread_text: tuple[str, str], pool_text: str, rules: Rules | None
) -> None:
    """All 8192 subsets of 13 cards that extend the run, complete the set (9h / 2h fits both),
    chain, and form the defender's own competing sets and runs: best_layoffs reaches the
    oracle's minimum with a legal plan."""
    spread = _spread(*spread_text, rules=rules)
    pool = gr.Hand.parse(pool_text).cards
    wrong: list[tuple[str, int, int]] = []
    for size in range(len(pool) + 1):
        for subset in itertools.combinations(pool, size):
            cards = gr.Hand(subset)
            plan = gr.best_layoffs(spread, cards, rules)
            _check_plan(spread, cards, plan, rules)
            expected = oracle_layoff_points([m.cards for m in spread], cards, _wrap(rules), _ace(rules))
            if expected != plan.points:
                wrong.append((str(cards), expected, plan.points))
    assert [] == wrong


# --------------------------------------------------------------------------------------------
# scripted cases


def _check_case(
    spread: tuple[gr.Meld, ...], text: str, expected: int, rules: Rules | None = None
) -> gr.LayoffPlan:
    cards = gr.Hand.parse(text)
    plan = gr.best_layoffs(spread, cards, rules)
    assert expected == oracle_layoff_points([m.cards for m in spread], cards, _wrap(rules), _ace(rules))
    assert expected == plan.points
    _check_plan(spread, cards, plan, rules)
    return plan


def test_card_that_fits_a_set_and_a_run_goes_where_it_frees_a_chain() -> None:
    """9s fits the set 9c 9d 9h and the run 6s 7s 8s. Onto the set, Ts stays (10 + 10 = 20);
    onto the run, Ts follows it and only Kh is left: 10."""
    spread = _spread("9c 9d 9h", "6s 7s 8s")
    plan = _check_case(spread, "9s Ts Kh", 10)
    assert [("9s", 1), ("Ts", 1)] == _layoffs(plan)


def test_breaking_own_four_card_set_to_extend_a_run_is_best() -> None:
    """Onto 4h 5h 6h, the defender with 7c 7d 7h 7s 8h Kc keeps its set of four and lays off
    nothing: 8h + Kc = 18. Breaking it to 7c 7d 7s and laying off 7h then 8h leaves Kc: 10."""
    spread = _spread("4h 5h 6h")
    plan = _check_case(spread, "7c 7d 7h 7s 8h Kc", 10)
    assert [("7h", 0), ("8h", 0)] == _layoffs(plan)
    assert (gr.Meld.parse("7c 7d 7s"),) == plan.arrangement.melds


def test_chain_of_layoffs_at_both_ends_of_a_run() -> None:
    """Onto 4h 5h 6h: 7h then 8h at the top and 3h at the bottom all go, leaving Kc: 10."""
    spread = _spread("4h 5h 6h")
    plan = _check_case(spread, "3h 7h 8h Kc", 10)
    assert {("3h", 0), ("7h", 0), ("8h", 0)} == set(_layoffs(plan))
    order = [card for card, _ in _layoffs(plan)]
    assert order.index("7h") < order.index("8h")


def test_card_two_away_from_a_run_cannot_be_laid_off_alone() -> None:
    """Onto 4h 5h 6h, 8h alone does not fit (7h is missing): 8h + Kc = 18, no layoffs."""
    plan = _check_case(_spread("4h 5h 6h"), "8h Kc", 18)
    assert [] == _layoffs(plan)


def test_fourth_card_goes_onto_a_three_card_set() -> None:
    """Onto the set 9c 9d 9h the defender lays off 9s, leaving Kc: 10."""
    plan = _check_case(_spread("9c 9d 9h"), "9s Kc", 10)
    assert [("9s", 0)] == _layoffs(plan)


def test_nothing_goes_onto_a_four_card_set() -> None:
    """A 4-card set takes no card: 8c 9c 6h stay next to 7c 7d 7h 7s (8 + 9 + 6 = 23), even
    though 8c 9c would extend 7c as a run."""
    spread = _spread("7c 7d 7h 7s")
    plan = _check_case(spread, "8c 9c 6h", 23)
    assert [] == _layoffs(plan)
    assert not any(spread[0].accepts(card) for card in gr.DECK)


def test_cards_of_own_run_are_better_laid_off_to_keep_own_set() -> None:
    """Defender 5c 5d 5h 6h 7h onto 8h 9h Th. Own melds alone: run 5h 6h 7h leaves 5c 5d = 10,
    set 5c 5d 5h leaves 6h 7h = 13. Laying off 7h then 6h (cards of the run) keeps the set
    whole: 0."""
    spread = _spread("8h 9h Th")
    plan = _check_case(spread, "5c 5d 5h 6h 7h", 0)
    assert [("7h", 0), ("6h", 0)] == _layoffs(plan)
    assert 10 == gr.deadwood("5c 5d 5h 6h 7h")


def test_laying_off_is_worse_than_keeping_the_card_in_own_run() -> None:
    """7h fits the knocker's set 7s 7c 7d, but laying it off breaks the defender's run 5h 6h 7h
    (5 + 6 + 10 = 21); keeping it leaves only Kc: 10, with no layoffs."""
    plan = _check_case(_spread("7c 7d 7s"), "5h 6h 7h Kc", 10)
    assert [] == _layoffs(plan)
    assert (gr.Meld.parse("5h 6h 7h"),) == plan.arrangement.melds


def test_round_the_corner_layoff_across_king_and_ace() -> None:
    """Onto Js Qs Ks round the corner, As then 2s go (K-A-2), leaving 5d: 5. Traditionally
    nothing goes and the ace counts 1: 1 + 2 + 5 = 8."""
    spread = _spread("Js Qs Ks", rules=RTC)
    plan = _check_case(spread, "As 2s 5d", 5, RTC)
    assert [("As", 0), ("2s", 0)] == _layoffs(plan)
    traditional = _check_case(_spread("Js Qs Ks"), "As 2s 5d", 8)
    assert [] == _layoffs(traditional)


def test_round_the_corner_layoff_onto_a_wrapping_run() -> None:
    """Onto Qs Ks As round the corner, 2s fits after the ace and Js before the queen: only
    5d is left."""
    spread = _spread("Qs Ks As", rules=RTC)
    plan = _check_case(spread, "Js 2s 5d", 5, RTC)
    assert {("Js", 0), ("2s", 0)} == set(_layoffs(plan))


def test_no_cards_means_no_layoffs() -> None:
    """A defender with no cards lays off nothing and has 0 deadwood."""
    plan = _check_case(_spread("4h 5h 6h"), "", 0)
    assert [] == _layoffs(plan)


# --------------------------------------------------------------------------------------------
# inputs


def test_string_hand_and_card_list_give_identical_plans() -> None:
    """The defender's cards may be text, a Hand or a list of cards: the plan is the same."""
    spread = _spread("4h 5h 6h", "Kc Kd Ks")
    text = "3h 7h 8h Kh 2c 9s"
    hand = gr.Hand.parse(text)
    expected = gr.best_layoffs(spread, hand)
    assert expected == gr.best_layoffs(spread, text)
    assert expected == gr.best_layoffs(spread, list(reversed(hand.cards)))
    assert expected == gr.best_layoffs(list(spread), text)


def test_bad_card_text_raises_parse_error() -> None:
    """A defender card that is no card is a ParseError."""
    with pytest.raises(gr.ParseError):
        gr.best_layoffs(_spread("4h 5h 6h"), "3h 1x")


def test_a_card_given_twice_raises() -> None:
    """A defender card given twice, or also in the spread, is a GinRummyError."""
    with pytest.raises(gr.GinRummyError):
        gr.best_layoffs(_spread("4h 5h 6h"), "3h 3h")
    with pytest.raises(gr.GinRummyError):
        gr.best_layoffs(_spread("4h 5h 6h"), [gr.Card.parse("3h"), gr.Card.parse("3h")])
    with pytest.raises(gr.GinRummyError):
        gr.best_layoffs(_spread("4h 5h 6h"), "3h 4h")


def test_fewest_layoffs_among_plans_with_equal_deadwood() -> None:
    """best_layoffs' promise: among plans with the least deadwood, one with the fewest layoffs.
    Onto 4h 5h 6h, the defender's 7h 8h 9h may be laid off (3 layoffs) or kept as its own run:
    both leave 0, so it keeps them; with 7h 8h alone, laying them off is what leaves least."""
    run = (gr.Meld.parse("4h 5h 6h"),)
    assert ((), 0) == (gr.best_layoffs(run, "7h 8h 9h").layoffs, gr.best_layoffs(run, "7h 8h 9h").points)
    assert ((), 10) == (
        gr.best_layoffs(run, "7h 8h 9h Kc").layoffs,
        gr.best_layoffs(run, "7h 8h 9h Kc").points,
    )
    two = gr.best_layoffs(run, "7h 8h Kc")
    assert ((gr.Card("7h"), 0), (gr.Card("8h"), 0)) == two.layoffs
    assert 10 == two.points


def test_round_the_corner_layoff_chain_through_king_and_ace_beside_four_aces() -> None:
    """Round the corner, onto Jh Qh Kh the defender lays off Ah (across K-A) and then 2h, and
    keeps Ac Ad As as a set: only 9c is left (9). Four aces could be a set of four, but Ah is
    worth more extending the run (2h would otherwise be deadwood)."""
    plan = gr.best_layoffs([gr.Meld.parse("Jh Qh Kh")], "Ah Ac Ad As 2h 9c", gr.ROUND_THE_CORNER)
    assert ((gr.Card("Ah"), 0), (gr.Card("2h"), 0)) == plan.layoffs
    assert 9 == plan.points
    assert (gr.Meld.parse("Ac Ad As"),) == plan.arrangement.melds


def _large_plan(spread: Sequence[gr.Meld], hand: gr.Hand) -> gr.LayoffPlan:
    """The plan for a defender ``hand`` holding more than MOST_CONFLICTS ranks three times (the
    dynamic programme's), checked to be legal and to leave the oracle's least deadwood with the
    fewest layoffs (traditional melding)."""
    assert triples(*split(hand.mask)).bit_count() > MOST_CONFLICTS
    plan = gr.best_layoffs(spread, hand)
    _check_plan(spread, hand, plan, None)
    assert oracle_layoff_plan([m.cards for m in spread], hand) == (plan.points, len(plan.layoffs))
    return plan


@pytest.mark.parametrize("seed", range(20))
def test_large_defender_hands_take_the_dynamic_programme_and_match_the_oracle(seed: int) -> None:
    """A defender holding more than four ranks three times (here five consecutive ranks in
    three suits each, so sets and runs compete, next to a knocker's run it can extend) is
    solved by the dynamic programme; it still leaves the oracle's least deadwood with the
    fewest layoffs."""
    rng = random.Random(seed)
    start = rng.randrange(4, 9)
    cards = [gr.Card(rank, suit) for rank in range(start, start + 5) for suit in rng.sample(range(4), 3)]
    cards.append(rng.choice([c for c in gr.DECK if c not in cards and not start <= c.rank < start + 5]))
    hand = gr.Hand(cards)
    suit = next(s for s in range(4) if not any(gr.Card(r, s) in hand for r in range(start - 3, start)))
    spread = (gr.Meld([gr.Card(r, suit) for r in range(start - 3, start)]),)
    _large_plan(spread, hand)


@pytest.mark.parametrize("start", [4, 9])
@pytest.mark.parametrize("knocker_suits", list(itertools.combinations(range(4), 2)))
def test_large_defender_hands_beside_two_knocker_runs_of_the_same_ranks(
    knocker_suits: tuple[int, int], start: int
) -> None:
    """The knocker's runs hold the same three ranks in two suits; the defender holds the other
    two suits of their lowest rank, and five ranks above them in three suits (so the dynamic
    programme solves it). Those two cards make no set: the third card of their rank is the
    knocker's, in either run. The plan is the oracle's."""
    low = start - 3
    x, y = knocker_suits
    others = [s for s in range(4) if s not in knocker_suits]
    cards = [gr.Card(rank, suit) for rank in range(start, start + 5) for suit in (x, *others)]
    cards += [gr.Card(low, suit) for suit in others]
    hand = gr.Hand(cards)
    spread = tuple(gr.Meld([gr.Card(r, suit) for r in range(low, start)]) for suit in (x, y))
    plan = _large_plan(spread, hand)
    assert {gr.Card(low, suit) for suit in others} <= set(plan.arrangement.deadwood)


def test_a_knocker_card_never_joins_a_large_defender_hand_set() -> None:
    """The knocker's runs Ah-4h and 2s-4s hold two fours; the defender's 4d goes onto the
    knocker's 5d-7d and its 4c stays deadwood (4 points): a set of 4c 4d with a knocker's four
    (Ah-3h would still be a run) would hide the layoff. Five ranks 9-K held in three suits
    send the hand to the dynamic programme."""
    window = " ".join(f"{rank}{suit}" for rank in "9TJQK" for suit in "cdh")
    hand = gr.Hand.parse(f"4c 4d {window}")
    spread = tuple(gr.Meld.parse(text) for text in ("Ah 2h 3h 4h", "2s 3s 4s", "5d 6d 7d"))
    plan = _large_plan(spread, hand)
    assert ((gr.Card.parse("4d"), 2),) == plan.layoffs
    assert (4, (gr.Card.parse("4c"),)) == (plan.points, plan.arrangement.deadwood.cards)


@pytest.mark.parametrize(
    ("defender", "spread"),
    [
        ("6c 7c 8c 9c Tc 7d 8d Jd 6h 7h 8h 9h Th 5s 6s 7s 8s 9s Ts", ("3d 4d 5d 6d", "As 2s 3s")),
        ("3d 7d 8d 9d Td Jd Qd 8h 9h Th Jh Qh 8s 9s Ts Js Qs", ("Jc Qc Kc", "4s 5s 6s 7s")),
        ("6c 7c 8c 9c Tc 8d 6h 7h 8h 9h Th 3s 6s 7s 8s 9s Ts Js", ("9d Td Jd",)),
    ],
)
def test_large_defender_hands_beside_runs_of_a_neighbouring_suit(
    defender: str, spread: tuple[str, ...]
) -> None:
    """Large defender hands (the dynamic programme's) whose cards lie beside a knocker's run
    of the suit next to theirs: only that run's suit is anchored there, so the defender's own
    short runs stay short. The oracle's least deadwood with the fewest layoffs."""
    hand = gr.Hand.parse(defender)
    melds = tuple(gr.Meld.parse(text) for text in spread)
    _large_plan(melds, hand)


def test_a_layoff_plan_is_refused_in_words_naming_the_layoff() -> None:
    """``LayoffPlan`` checks what it is given: an arrangement, a tuple of (card, meld index)
    pairs, and each card once, laid off or kept; each refusal names the value (and the layoff
    at fault). A valid plan lists the cards it lays off, in order."""
    kept = gr.best_melds("Kd Qs")
    cases: list[tuple[dict[str, Any], str, str | None]] = [
        ({"arrangement": "Kd Qs"}, "'Kd Qs' is not an Arrangement", None),
        ({"layoffs": [(gr.Card("4c"), 0)]}, "'layoffs' must be a tuple (got [(Card('4c'), 0)])", None),
        (
            {"layoffs": ((gr.Card("4c"), 0), ("5c", 0))},
            "layoffs[1] ('5c', 0) is not a (card, meld index) pair",
            "layoffs[1]",
        ),
        ({"layoffs": ((gr.Card("4c"), 0), (gr.Card("Kd"), 1))}, "card 'Kd' appears twice", "layoffs[1]"),
        (
            {"layoffs": ((gr.Card("4c"), 0), (gr.Card("9h"), 1), (gr.Card("4c"), 2))},
            "card '4c' appears twice",
            "layoffs[2]",
        ),
    ]
    for changes, message, field in cases:
        with pytest.raises(gr.InvalidHandError) as info:
            gr.LayoffPlan(**{"layoffs": (), "arrangement": kept, **changes})
        assert (f"invalid layoff plan: {message}", field) == (str(info.value), info.value.field)
    plan = gr.LayoffPlan(layoffs=((gr.Card("4c"), 0), (gr.Card("9h"), 1)), arrangement=kept)
    assert ((gr.Card("4c"), gr.Card("9h")), 20) == (plan.cards, plan.points)  # Kd 10 + Qs 10


def test_the_best_layoff_can_be_one_card_of_a_longer_reach() -> None:
    """When the defender could lay off more cards of a suit than it needs to (the others meld
    at home), the plan lays off the fewest: an ace below 2c 3c 4c while 5c 6c 7c 8c stays a run
    (not the ace and 5c); set against 5c 5d 5h, the ace alone; round the corner, an ace above
    Jc Qc Kc while 7c 8c 9c Tc stays a run."""
    plan = gr.best_layoffs([gr.Meld.parse("2c 3c 4c")], "Ac 5c 6c 7c 8c Kd")
    assert ((gr.Card("Ac"),), 10) == (plan.cards, plan.points)
    plan = gr.best_layoffs([gr.Meld.parse("2c 3c 4c")], "Ac 5c 5d 5h Kd")
    assert ((gr.Card("Ac"),), 10) == (plan.cards, plan.points)
    plan = gr.best_layoffs([gr.Meld.parse("Jc Qc Kc")], "Ac Tc 9c 8c 7c 9d", gr.ROUND_THE_CORNER)
    assert ((gr.Card("Ac"),), 9) == (plan.cards, plan.points)


BOTH = "both in the spread and in the defender's cards"
"""Why a card laid down by the knocker cannot also be the defender's."""


def test_best_layoffs_refuses_a_bad_spread_or_bad_cards_in_words() -> None:
    """Each refusal of ``best_layoffs`` names the value and the reason: a spread that is not a
    sequence of melds (a number, text, one meld), an item that is not a meld, a meld the rules
    do not allow, a card in two melds or in both the spread and the defender's cards, and
    defender's cards that are not cards."""
    run, three = gr.Meld.parse("4h 5h 6h"), gr.Meld.parse("7c 7d 7s")
    wrapping = gr.Meld.parse("Qh Kh Ah", round_the_corner=True)
    cases: list[tuple[Any, Any, type[gr.GinRummyError], str]] = [
        (5, "2c", gr.InvalidMeldError, "invalid spread 5: expected a sequence of melds"),
        ("4h 5h 6h", "2c", gr.InvalidMeldError, "invalid spread '4h 5h 6h': expected a sequence of melds"),
        (run, "2c", gr.InvalidMeldError, "invalid spread Meld('4h 5h 6h'): expected a sequence of melds"),
        ([run, "x"], "2c", gr.InvalidMeldError, "invalid spread: item 1 'x' is not a Meld"),
        (
            [wrapping],
            "2c",
            gr.InvalidMeldError,
            "invalid spread: meld 'Qh Kh Ah' goes round the corner, which these rules do not allow",
        ),
        (
            [run, gr.Meld.parse("6h 6c 6d")],
            "2c",
            gr.InvalidHandError,
            "invalid spread: card '6h' is in two melds",
        ),
        (
            [gr.Meld.parse("2c 3c 4c"), three, gr.Meld.parse("4c 4d 4s")],
            "2h",
            gr.InvalidHandError,
            "invalid spread: card '4c' is in two melds",
        ),
        ([three, run], "7h 5h", gr.InvalidHandError, f"invalid layoffs: card '5h' is {BOTH}"),
        ([run], 5, gr.InvalidHandError, "invalid defender's cards: 5 is not cards (a hand, cards or text)"),
    ]
    for spread, cards, error, message in cases:
        with pytest.raises(error) as info:
            gr.best_layoffs(spread, cards)
        assert message == str(info.value)


def test_a_fourth_card_is_laid_off_onto_a_set_or_a_run() -> None:
    """The fourth card of a set is laid off onto it; when it also fits a run of the spread,
    it is laid off once, onto one of them."""
    plan = gr.best_layoffs([gr.Meld.parse("7c 7d 7s")], "7h 2c 9d")
    assert (((gr.Card("7h"), 0),), 11) == (plan.layoffs, plan.points)
    plan = gr.best_layoffs([gr.Meld.parse("4h 5h 6h"), gr.Meld.parse("7c 7d 7s")], "7h Kd")
    assert ((gr.Card("7h"),), 10) == (plan.cards, plan.points)


@pytest.mark.parametrize("seed", range(12))
def test_large_defender_hands_lay_off_a_fourth_card_and_onto_a_run(seed: int) -> None:
    """The dynamic programme's plan for a large defender hand (as above) when the spread also
    holds a set whose fourth card the defender has: the oracle's least deadwood with the fewest
    layoffs, the fourth among the layoffs when that is the way to it."""
    rng = random.Random(seed)
    start = rng.randrange(4, 8)
    cards = [gr.Card(rank, suit) for rank in range(start, start + 5) for suit in rng.sample(range(4), 3)]
    suit = next(s for s in range(4) if not any(gr.Card(r, s) in cards for r in range(start - 3, start)))
    rank = rng.choice([r for r in range(1, 14) if not start - 3 <= r < start + 5])
    fourth = rng.randrange(4)
    cards.append(gr.Card(rank, fourth))
    hand = gr.Hand(cards)
    spread = (
        gr.Meld([gr.Card(r, suit) for r in range(start - 3, start)]),
        gr.Meld([gr.Card(rank, s) for s in range(4) if s != fourth]),
    )
    plan = _large_plan(spread, hand)
    assert (gr.Card(rank, fourth), 1) in plan.layoffs
