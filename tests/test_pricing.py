"""One owner for a round's price (issue 19, item 3): play, ``RoundResult.reprice``,
``price_round`` and the tracker bot all price through ``results.pricing.price_knock``, and a
result records what repricing needs, so that ``reprice`` under any ruleset equals what play
under that ruleset gives for the same facts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
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


@settings(max_examples=120)
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
