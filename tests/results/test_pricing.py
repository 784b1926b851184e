"""One owner for a round's price (issue 19, item 3): play, ``RoundResult.reprice``,
``price_round`` and the tracker bot all price through ``results.pricing.price_knock``, and a
result records what repricing needs, so that ``reprice`` under any ruleset equals what play
under that ruleset gives for the same facts.

Then the price of each kind of round, one test per rule (a knock, an undercut, gin, big gin,
the Oklahoma multiplier), through ``price_round``."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.results.pricing import price_knock
from hypothesis_share import examples
from outcomes import BIG_GIN, GIN, KNOCK, UNDERCUT
from positions import biased_action, play, position

PRESETS = sorted(gr.PRESETS.values(), key=lambda rules: rules.name)


def _played(rules: gr.Ruleset, seed: int) -> gr.Round:
    """A round of ``rules`` dealt from ``seed`` and played to its end by biased random moves
    (knocks, gins, layoffs and undercuts all happen)."""
    rng = random.Random(seed)
    r = gr.Round.deal(rules, seed % 2, seed=seed)
    while r.to_act is not None:
        r = r.apply(biased_action(r, rng, knock=0.8))
    return r


def _facts(result: gr.RoundResult) -> tuple[object, ...]:
    return (
        result.knocker,
        result.deadwood,
        result.deadwood_before_layoffs,
        result.spread,
        result.layoffs,
        result.initial_upcard,
        result.outcome is gr.Outcome.BIG_GIN,
    )


def _replayed(r: gr.Round, rules: gr.Ruleset) -> gr.Round | None:
    """The same deal and actions played under ``rules``, or None where they are not legal."""
    assert r.deck is not None
    try:
        return gr.Round.deal(rules, r.dealer, deck=r.deck).replay(r.actions)
    except gr.IllegalActionError:
        return None


def _compare(r: gr.Round) -> int:
    """Check reprice against play under every preset; return how many presets played the
    same facts (the comparisons made)."""
    result = r.result
    assert result is not None
    assert result == result.reprice(r.rules)
    made = 0
    for other in PRESETS:
        again = _replayed(r, other)
        if again is None or again.result is None or again.result.knocker is None:
            continue
        if _facts(again.result) != _facts(result):
            continue
        assert again.result == result.reprice(other), (r.notation(), other.name)
        made += 1
    return made


@settings(max_examples=examples(120))
@given(st.sampled_from(PRESETS), st.integers(0, 10**6))
def test_reprice_equals_play_under_every_preset(rules: gr.Ruleset, seed: int) -> None:
    """A played round's result repriced by any preset equals the result of playing the same
    deal and actions under that preset, whenever that play is legal and reaches the same facts
    (knocker, deadwoods before and after layoffs, spread, layoffs, upcard)."""
    _compare(_played(rules, seed))


def test_reprice_is_compared_with_play_often() -> None:
    """The property above is not vacuous: over 200 rounds of every preset, most knocked rounds
    are compared with play under several other presets."""
    made = sum(_compare(_played(rules, seed)) for rules in PRESETS for seed in range(25))
    assert made >= 300


KNOCKER = "5c 6c 7c 8h 8d 8s Qh Qs Qc 2h"  # draws 8c, knocks with 2h: gin


def _gin_against(defender: str) -> gr.Round:
    """Player 1 goes gin under round-the-corner against ``defender`` (player 0), who is then
    in the layoff phase."""
    r = position(gr.ROUND_THE_CORNER, hands=(defender, KNOCKER), discard="9s", stock_top="8c", to_act=1)
    spread = tuple(gr.Meld.parse(meld) for meld in ("5c 6c 7c 8c", "8h 8d 8s", "Qh Qs Qc"))
    r = play(r, "s", gr.Knock(gr.Card.parse("2h"), spread))
    assert gr.Phase.LAYOFF is r.phase and 0 == r.to_act
    return r


def _lay_off(r: gr.Round, card: str) -> gr.Round:
    action = next(a for a in r.legal_actions() if isinstance(a, gr.LayOff) and str(a.card) == card)
    return r.apply(action)


def test_a_defender_at_0_laying_off_onto_gin_is_gin_in_play_and_in_reprice() -> None:
    """The review's case: under round-the-corner a defender already at 0 deadwood who lays off
    onto gin does not match it (it was at 0 before its layoffs), so the round is gin in play
    and repriced, not void."""
    r = play(_lay_off(_gin_against("Ac 2c 3c 4c 7h 7d 7s Jd Qd Kd"), "4c"), "e")
    result = r.result
    assert result is not None
    assert (gr.Outcome.GIN, 0, (0, 0)) == (result.outcome, result.deadwood_before_layoffs, result.deadwood)
    assert result == result.reprice(gr.ROUND_THE_CORNER)


def test_a_matched_gin_is_void_in_play_and_in_reprice() -> None:
    """Under round-the-corner, layoffs that bring the defender from above 0 to 0 void the gin;
    repriced under pagat (no layoffs onto gin) the same facts cannot be priced, and under a
    pagat that allows them, without the matched-gin rule, they are gin."""
    r = play(_lay_off(_gin_against("Ac 2c 3c 7h 7d 7s Jd Qd Kd 9c"), "9c"), "e")
    result = r.result
    assert result is not None
    assert (gr.Outcome.VOID, 9, (0, 0)) == (result.outcome, result.deadwood_before_layoffs, result.deadwood)
    assert result == result.reprice(gr.ROUND_THE_CORNER)
    with pytest.raises(gr.InvalidResultError, match="layoffs onto gin"):
        result.reprice(gr.PAGAT)
    repriced = result.reprice(gr.PAGAT.evolve(layoffs_after_gin=True))
    assert (gr.Outcome.GIN, 1, 0 + 20) == (repriced.outcome, repriced.winner, repriced.points)


def test_the_tracker_bot_prices_its_knock_with_the_rules_undercut_on_tie() -> None:
    """The tracker bot values a knock with the round's own price: with ties going to the
    defender (spanish-site), a tie is an undercut, and the bot's value of knocking into a sure
    tie is a loss."""
    assert (gr.Outcome.UNDERCUT, 1, 25) == gr.price_round(
        gr.SPANISH_SITE, knocker=0, knocker_deadwood=5, defender_deadwood=5
    )
    assert (gr.Outcome.KNOCK, 0, 0) == gr.price_round(
        gr.PAGAT.evolve(undercut_on_tie=False), knocker=0, knocker_deadwood=5, defender_deadwood=5
    )


# ------------------------------------------------------------------- what price_knock refuses

FACTS: dict[str, Any] = {"knocker": 0, "knocker_deadwood": 3, "defender_deadwood": 10}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"knocker": 2}, "invalid knocker 2: must be 0 or 1"),
        ({"knocker_deadwood": -1}, "invalid knocker_deadwood -1: must be an integer of at least 0"),
        ({"defender_deadwood": True}, "invalid defender_deadwood True: must be an integer of at least 0"),
        ({"defender_deadwood": -4}, "invalid defender_deadwood -4: must be an integer of at least 0"),
        (
            {"deadwood_before_layoffs": -1},
            "invalid deadwood_before_layoffs -1: must be an integer of at least 0",
        ),
        ({"layoffs": -1}, "invalid layoffs -1: must be an integer of at least 0"),
    ],
)
def test_price_knock_names_the_fact_it_cannot_price(change: dict[str, Any], message: str) -> None:
    """Each fact is checked: a player 0 or 1, counts of at least 0; the error is the library's
    own, its message names the argument and the value, and its ``field`` is the argument (the
    docs promise both; mutants that dropped the name, the error class or the lower bound of one
    of these checks survived)."""
    (name,) = change
    with pytest.raises(gr.InvalidResultError) as info:
        price_knock(gr.PAGAT, **{**FACTS, **change})
    assert (message, name) == (str(info.value), info.value.field)


def test_price_knock_refuses_layoffs_where_the_ruleset_has_none() -> None:
    """Layoffs cannot be priced under a ruleset without layoffs (no test reached this check)."""
    with pytest.raises(gr.InvalidResultError) as info:
        price_knock(gr.PAGAT.evolve(name="nolayoffs", layoffs=False), **FACTS, layoffs=1)
    assert "cannot price layoffs: the ruleset 'nolayoffs' has no layoffs" == str(info.value)


def test_a_gin_met_by_layoffs_needs_the_deadwood_before_them() -> None:
    """Under ``void_if_gin_matched`` a gin the defender met by laying off is void only when it
    was above 0 before its layoffs; without that fact the price is refused, saying so."""
    with pytest.raises(gr.InvalidResultError) as info:
        price_knock(gr.ROUND_THE_CORNER, knocker=1, knocker_deadwood=0, defender_deadwood=0, layoffs=2)
    assert (
        "cannot price a gin the defender met by laying off: its deadwood before the layoffs is not recorded"
        == str(info.value)
    )


def test_a_gin_is_matched_from_a_defender_at_1_before_its_layoffs() -> None:
    """The matched gin voids the round from any deadwood above 0 before the layoffs, 1
    included (an ace worth 1: a mutant voiding only from above 1 survived)."""
    rules = gr.ROUND_THE_CORNER.evolve(ace_points=1)
    price = price_knock(
        rules, knocker=0, knocker_deadwood=0, defender_deadwood=0, deadwood_before_layoffs=1, layoffs=1
    )
    assert (gr.Outcome.VOID, None, 0, 0, 1) == (
        price.outcome,
        price.winner,
        price.points,
        price.bonus,
        price.multiplier,
    )


def test_price_knock_assumes_no_spade_upcard_unless_told() -> None:
    """``spade_upcard`` defaults to False: an Oklahoma knock priced without it is not
    multiplied."""
    price = price_knock(gr.OKLAHOMA, **FACTS)
    assert (gr.Outcome.KNOCK, 0, 7, 1) == (price.outcome, price.winner, price.points, price.multiplier)


PRICED_RULESETS = [gr.PAGAT, gr.SPANISH_SITE]


@pytest.mark.parametrize("rules", PRICED_RULESETS, ids=lambda r: r.name)
@pytest.mark.parametrize("knocker", [0, 1])
def test_knock_scores_the_difference_for_the_knocker(rules: gr.Ruleset, knocker: int) -> None:
    """docs/rules.rst §6, knock: K < D, the knocker scores D - K (no bonus)."""
    assert (KNOCK, knocker, 7) == gr.price_round(
        rules, knocker=knocker, knocker_deadwood=3, defender_deadwood=10
    )


@pytest.mark.parametrize("rules", PRICED_RULESETS, ids=lambda r: r.name)
def test_knock_wins_a_tie_without_undercut_on_tie(rules: gr.Ruleset) -> None:
    """docs/rules.rst §6, knock: K = D with ``undercut_on_tie = False`` is a knock worth D - K = 0."""
    untied = rules.evolve(undercut_on_tie=False)
    assert (KNOCK, 0, 0) == gr.price_round(untied, knocker=0, knocker_deadwood=6, defender_deadwood=6)


@pytest.mark.parametrize(
    ("rules", "bonus"), [(gr.PAGAT, 10), (gr.SPANISH_SITE, 25)], ids=["pagat", "spanish"]
)
@pytest.mark.parametrize("knocker", [0, 1])
def test_undercut_scores_the_difference_plus_the_bonus_for_the_defender(
    rules: gr.Ruleset, bonus: int, knocker: int
) -> None:
    """docs/rules.rst §6, undercut: D < K, the defender scores K - D + ``undercut_bonus``."""
    assert bonus == rules.undercut_bonus
    assert (UNDERCUT, 1 - knocker, 9 - 4 + bonus) == gr.price_round(
        rules, knocker=knocker, knocker_deadwood=9, defender_deadwood=4
    )


@pytest.mark.parametrize(
    ("rules", "bonus"), [(gr.PAGAT, 10), (gr.SPANISH_SITE, 25)], ids=["pagat", "spanish"]
)
def test_undercut_on_tie_gives_the_defender_the_bonus(rules: gr.Ruleset, bonus: int) -> None:
    """docs/rules.rst §6, undercut: D = K with ``undercut_on_tie`` (every preset) goes to the defender,
    who scores 0 + ``undercut_bonus``."""
    assert rules.undercut_on_tie
    assert (UNDERCUT, 0, bonus) == gr.price_round(rules, knocker=1, knocker_deadwood=8, defender_deadwood=8)


def test_seed_001_worked_example_undercut_scores_12() -> None:
    """docs/rules.rst §6, worked example (seed 001): knocker 7, defender 5 after layoffs: the defender
    scores 7 - 5 + 10 = 12."""
    assert (UNDERCUT, 1, 12) == gr.price_round(gr.PAGAT, knocker=0, knocker_deadwood=7, defender_deadwood=5)


@pytest.mark.parametrize(
    ("rules", "bonus"), [(gr.PAGAT, 20), (gr.SPANISH_SITE, 25)], ids=["pagat", "spanish"]
)
@pytest.mark.parametrize("knocker", [0, 1])
def test_gin_scores_the_defenders_deadwood_plus_the_gin_bonus(
    rules: gr.Ruleset, bonus: int, knocker: int
) -> None:
    """docs/rules.rst §6, gin: K = 0, the knocker scores D + ``gin_bonus``."""
    assert bonus == rules.gin_bonus
    assert (GIN, knocker, 31 + bonus) == gr.price_round(
        rules, knocker=knocker, knocker_deadwood=0, defender_deadwood=31
    )


@pytest.mark.parametrize("rules", PRICED_RULESETS, ids=lambda r: r.name)
def test_gin_is_never_undercut_even_when_the_defender_has_zero(rules: gr.Ruleset) -> None:
    """docs/rules.rst §6: «Gin can never be undercut, even when the defender also has 0.»"""
    assert (GIN, 0, rules.gin_bonus) == gr.price_round(
        rules, knocker=0, knocker_deadwood=0, defender_deadwood=0
    )


def test_big_gin_scores_the_big_gin_bonus_instead_of_the_gin_bonus() -> None:
    """docs/rules.rst §6, big gin (spanish-site): the declarer scores D + ``big_gin_bonus`` (31), which
    replaces the gin bonus (25)."""
    rules = gr.SPANISH_SITE
    assert (31, 25) == (rules.big_gin_bonus, rules.gin_bonus)
    assert (BIG_GIN, 1, 18 + 31) == gr.price_round(
        rules, knocker=1, knocker_deadwood=0, defender_deadwood=18, big_gin=True
    )


@pytest.mark.parametrize(
    ("knocker_deadwood", "defender_deadwood", "expected"),
    [
        (3, 10, (KNOCK, 0, 2 * 7)),
        (9, 4, (UNDERCUT, 1, 2 * (5 + 10))),
        (0, 12, (GIN, 0, 2 * (12 + 20))),
    ],
    ids=["knock", "undercut", "gin"],
)
def test_oklahoma_spade_upcard_multiplies_the_round_bonuses_included(
    knocker_deadwood: int, defender_deadwood: int, expected: tuple[gr.Outcome, int, int]
) -> None:
    """docs/rules.rst §6, Oklahoma: «when the initial upcard is a spade the round's points, bonuses
    included, are multiplied» by ``spade_multiplier`` (2)."""
    assert 2 == gr.OKLAHOMA.spade_multiplier
    assert expected == gr.price_round(
        gr.OKLAHOMA,
        knocker=0,
        knocker_deadwood=knocker_deadwood,
        defender_deadwood=defender_deadwood,
        spade_upcard=True,
    )


def test_oklahoma_other_upcards_are_not_multiplied() -> None:
    """docs/rules.rst §6, Oklahoma: only a spade upcard multiplies; the same gin otherwise scores once."""
    assert (GIN, 0, 12 + 20) == gr.price_round(
        gr.OKLAHOMA, knocker=0, knocker_deadwood=0, defender_deadwood=12
    )


def test_spade_upcard_changes_nothing_with_a_multiplier_of_one() -> None:
    """docs/rules.rst §8: ``spade_multiplier`` is 1 outside Oklahoma, so a spade upcard changes nothing."""
    assert gr.price_round(gr.PAGAT, knocker=0, knocker_deadwood=0, defender_deadwood=12) == gr.price_round(
        gr.PAGAT, knocker=0, knocker_deadwood=0, defender_deadwood=12, spade_upcard=True
    )


def test_price_round_refuses_big_gin_under_a_ruleset_without_big_gin() -> None:
    """``price_round(..., big_gin=True)`` under a ruleset that has no big gin is refused with the
    library's error (it would price it with the unused ``big_gin_bonus``)."""
    assert not gr.PAGAT.big_gin
    with pytest.raises(gr.InvalidResultError, match="'pagat' has no big gin"):
        gr.price_round(gr.PAGAT, knocker=0, knocker_deadwood=0, defender_deadwood=12, big_gin=True)
    assert (BIG_GIN, 0, 12 + 31) == gr.price_round(
        gr.SPANISH_SITE, knocker=0, knocker_deadwood=0, defender_deadwood=12, big_gin=True
    )


def test_round_results_from_played_rounds_agree_with_price_round() -> None:
    """docs/rules.rst §6: a real round's result is its ``price_round`` (the spread deadwoods and the
    outcome agree), checked on rounds played to the end by a knock-happy policy."""
    checked = 0
    for seed in range(40):
        r = gr.Round.deal(gr.PAGAT, dealer=seed % 2, seed=seed)
        while not r.is_over:
            legal = r.legal_actions()
            knocks = [a for a in legal if isinstance(a, gr.Knock)]
            if knocks:
                r = r.apply(knocks[0])
            elif r.phase is gr.Phase.DISCARD:
                assert r.to_act is not None
                best = [gr.Discard(card) for card, _ in gr.best_discards(r.hand(r.to_act))]
                r = r.apply(next(a for a in best if a in legal))
            else:
                r = r.apply(gr.DrawStock() if r.phase is gr.Phase.DRAW else legal[-1])
        result = r.result
        assert result is not None
        if result.outcome.is_void:
            continue
        assert result.knocker is not None and result.deadwood is not None
        knocker = result.knocker
        expected = gr.price_round(
            gr.PAGAT,
            knocker=knocker,
            knocker_deadwood=result.deadwood[knocker],
            defender_deadwood=result.deadwood[1 - knocker],
        )
        assert expected == (result.outcome, result.winner, result.points)
        checked += 1
    assert checked >= 20
