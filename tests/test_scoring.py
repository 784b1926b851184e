"""Scoring, one test per rule of docs/rules.rst §6 and §7 (``ginrummy.results.round_result``).

Games are settled from hand-built :class:`gr.RoundResult` lists, so every test reads as the
rounds it describes: ``won(0, 30)`` is a knock worth 30 points to player 0, ``DEAD`` a dead hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr

KNOCK = gr.Outcome.KNOCK
UNDERCUT = gr.Outcome.UNDERCUT
GIN = gr.Outcome.GIN
BIG_GIN = gr.Outcome.BIG_GIN
DEAD_HAND = gr.Outcome.DEAD_HAND
VOID = gr.Outcome.VOID

DEAD = gr.RoundResult(outcome=DEAD_HAND)
"""A dead hand: nobody scores."""


def won(player: int, points: int, outcome: gr.Outcome = KNOCK) -> gr.RoundResult:
    """A round won by ``player`` for ``points`` (a knock unless said otherwise)."""
    return gr.RoundResult(outcome=outcome, winner=player, points=points)


def breakdown_total(score: gr.PlayerScore) -> int:
    """A player's total added up from its itemized parts."""
    return score.round_points + score.boxes + score.game_bonus


# ============================================================================ section 6: a round

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


@pytest.mark.parametrize("outcome", [DEAD_HAND, VOID])
def test_dead_hand_is_won_by_nobody_for_no_points(outcome: gr.Outcome) -> None:
    """docs/rules.rst §6, dead hand: nobody scores, 0 points (and a void round likewise)."""
    result = gr.RoundResult(outcome=outcome)
    assert (None, 0, None) == (result.winner, result.points, result.loser)
    assert outcome.is_void


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


def test_box_and_game_bonuses_are_not_multiplied() -> None:
    """docs/rules.rst §6: «Box and game bonuses are not [multiplied]»: a doubled round still earns one
    ``box_bonus`` and one ``game_bonus``."""
    doubled = gr.RoundResult(outcome=GIN, winner=0, knocker=0, points=2 * (60 + 20), multiplier=2)
    result = gr.score_game(gr.OKLAHOMA, [doubled])
    assert (160, 20, 200) == (
        result.breakdown[0].round_points,
        result.breakdown[0].boxes,
        result.breakdown[0].game_bonus,
    )


# ============================================================================ section 7: a game


def test_round_points_count_toward_the_target() -> None:
    """docs/rules.rst §7: «Rounds are played until, at the end of a round, a player's game score reaches
    ``target``»: the game score is the sum of the round points won."""
    results = [won(0, 40), won(1, 30), won(0, 59)]
    assert (99, 30) == gr.game_scores(gr.PAGAT, results)
    assert not gr.score_game(gr.PAGAT, results).is_over
    results.append(won(0, 1))
    assert (100, 30) == gr.game_scores(gr.PAGAT, results)
    assert 0 == gr.score_game(gr.PAGAT, results).reached_target


def test_boxes_do_not_count_toward_the_target_by_default() -> None:
    """docs/rules.rst §7: «The game score counts round points only»: four won rounds worth 90 points and
    80 in boxes do not reach 100."""
    results = [won(0, 30), won(0, 30), won(0, 20), won(0, 10)]
    assert not gr.PAGAT.boxes_count_toward_target
    assert (90, 0) == gr.game_scores(gr.PAGAT, results)
    result = gr.score_game(gr.PAGAT, results)
    assert (False, None) == (result.is_over, result.reached_target)


def test_boxes_count_toward_the_target_when_the_ruleset_says_so() -> None:
    """docs/rules.rst §7: «(plus boxes when ``boxes_count_toward_target``)»: each won round adds
    ``box_bonus`` to the game score as it is won."""
    rules = gr.PAGAT.evolve(boxes_count_toward_target=True)
    results = [won(0, 30), won(1, 5), won(0, 20)]
    assert (30 + 20 + 20 + 20, 5 + 20) == gr.game_scores(rules, results)
    assert (90, 25) == gr.score_game(rules, results).totals


def test_a_player_can_reach_the_target_through_a_box() -> None:
    """docs/rules.rst §7: with ``boxes_count_toward_target`` a round of 80 points plus its box of 20
    reaches 100 and ends the game, which it would not without boxes."""
    rules = gr.PAGAT.evolve(boxes_count_toward_target=True)
    results = [won(0, 80)]
    assert not gr.score_game(gr.PAGAT, results).is_over
    result = gr.score_game(rules, results)
    assert (True, 0, 0) == (result.is_over, result.reached_target, result.winner)
    expected = gr.PlayerScore(round_points=80, rounds_won=1, boxes=20, game_bonus=200, shutout=True)
    assert expected == result.breakdown[0]


def test_game_bonus_goes_to_the_player_who_reaches_the_target() -> None:
    """docs/rules.rst §7: «That player receives ``game_bonus`` (100).» The other player gets none."""
    result = gr.score_game(gr.PAGAT, [won(0, 20), won(1, 60), won(1, 45)])
    assert 1 == result.reached_target
    assert (0, 100) == (result.breakdown[0].game_bonus, result.breakdown[1].game_bonus)


def test_box_bonus_goes_to_both_players_for_every_round_won() -> None:
    """docs/rules.rst §7: «each player adds ``box_bonus`` for every round it won (both players, not only
    the winner)»."""
    results = [won(0, 10), won(1, 5), won(0, 10), won(1, 5), won(0, 10), won(0, 80)]
    result = gr.score_game(gr.PAGAT, results)
    assert (4, 2) == (result.breakdown[0].rounds_won, result.breakdown[1].rounds_won)
    assert (4 * 20, 2 * 20) == (result.breakdown[0].boxes, result.breakdown[1].boxes)
    spanish = gr.score_game(gr.SPANISH_SITE, results)
    assert (4 * 25, 2 * 25) == (spanish.breakdown[0].boxes, spanish.breakdown[1].boxes)


def test_box_is_won_by_the_player_who_scored_the_round_including_undercuts() -> None:
    """docs/rules.rst §7: «A round is won by the player who scored it»: an undercut's box goes to the
    defender who scored it, not to the knocker."""
    undercut = gr.RoundResult(outcome=UNDERCUT, winner=1, knocker=0, points=12)
    result = gr.score_game(gr.PAGAT, [undercut, won(0, 100)])
    assert (1, 1) == (result.breakdown[0].rounds_won, result.breakdown[1].rounds_won)
    assert (20, 20) == (result.breakdown[0].boxes, result.breakdown[1].boxes)


@pytest.mark.parametrize("outcome", [DEAD_HAND, VOID])
def test_dead_hands_are_won_by_nobody_and_earn_no_box(outcome: gr.Outcome) -> None:
    """docs/rules.rst §7: «dead hands are won by nobody»: they add no box and no points, but count as
    rounds played."""
    void = gr.RoundResult(outcome=outcome)
    result = gr.score_game(gr.PAGAT, [void, won(0, 60), void, void, won(0, 40)])
    first, second = result.breakdown
    assert (2, 40, 100) == (first.rounds_won, first.boxes, first.round_points)
    assert (0, 0, 0) == (second.rounds_won, second.boxes, second.round_points)
    assert 5 == result.rounds


def test_double_game_bonus_shutout_when_the_opponent_scored_nothing() -> None:
    """docs/rules.rst §7, ``DOUBLE_GAME_BONUS`` (Pagat): «if the opponent scored no points in the whole
    game, the game bonus is doubled (200)». Dead hands do not spoil a shutout."""
    result = gr.score_game(gr.PAGAT, [won(0, 60), DEAD, won(0, 40)])
    expected = gr.PlayerScore(round_points=100, rounds_won=2, boxes=40, game_bonus=200, shutout=True)
    assert expected == result.breakdown[0]
    assert (340, 0) == result.totals


def test_double_game_bonus_not_when_the_opponent_scored() -> None:
    """docs/rules.rst §7, ``DOUBLE_GAME_BONUS``: one scored round by the opponent means a plain game
    bonus of 100."""
    result = gr.score_game(gr.PAGAT, [won(0, 60), won(1, 1), won(0, 40)])
    assert (100, False) == (result.breakdown[0].game_bonus, result.breakdown[0].shutout)
    assert (100 + 40 + 100, 1 + 20) == result.totals


def test_double_round_points_shutout_when_the_reacher_won_every_round() -> None:
    """docs/rules.rst §7, ``DOUBLE_ROUND_POINTS`` (spanish-site): «if the player who reached the target
    won every round and no round was a dead hand, its round points are doubled before boxes
    are added»: (60 + 50) * 2 + 2 boxes of 25 + 100."""
    result = gr.score_game(gr.SPANISH_SITE, [won(0, 60), won(0, 50)])
    expected = gr.PlayerScore(round_points=220, rounds_won=2, boxes=50, game_bonus=100, shutout=True)
    assert expected == result.breakdown[0]
    assert (370, 0) == result.totals


def test_double_round_points_not_after_a_dead_hand() -> None:
    """docs/rules.rst §7, ``DOUBLE_ROUND_POINTS``: «and no round was a dead hand»: one dead hand and the
    points stay single."""
    result = gr.score_game(gr.SPANISH_SITE, [won(0, 60), DEAD, won(0, 50)])
    assert (110, False) == (result.breakdown[0].round_points, result.breakdown[0].shutout)
    assert (110 + 50 + 100, 0) == result.totals


def test_double_round_points_not_when_the_opponent_won_a_round() -> None:
    """docs/rules.rst §7, ``DOUBLE_ROUND_POINTS``: «won every round»: one round won by the opponent (even
    for 1 point) and the points stay single."""
    result = gr.score_game(gr.SPANISH_SITE, [won(0, 60), won(1, 1), won(0, 50)])
    assert (110, False) == (result.breakdown[0].round_points, result.breakdown[0].shutout)
    assert (110 + 50 + 100, 1 + 25) == result.totals


def test_double_round_points_does_not_double_the_game_bonus() -> None:
    """docs/rules.rst §7: the two shutout rules differ: ``DOUBLE_ROUND_POINTS`` leaves the game bonus at
    100 even when the opponent scored nothing."""
    result = gr.score_game(gr.SPANISH_SITE, [won(0, 100)])
    assert (200, 100) == (result.breakdown[0].round_points, result.breakdown[0].game_bonus)


def test_double_total_shutout_doubles_the_whole_total_bonuses_included() -> None:
    """``DOUBLE_TOTAL`` (some rule books): when the opponent scored no points, the winner's
    entire final total, bonuses included, is doubled: (100 + 2 boxes of 25 + 100) x 2 = 500."""
    rules = gr.SPANISH_SITE.evolve(shutout=gr.Shutout.DOUBLE_TOTAL)
    result = gr.score_game(rules, [won(0, 60), won(0, 40)])
    expected = gr.PlayerScore(round_points=200, rounds_won=2, boxes=100, game_bonus=200, shutout=True)
    assert expected == result.breakdown[0]
    assert (500, 0) == result.totals
    spoiled = gr.score_game(rules, [won(0, 60), won(1, 1), won(0, 40)])
    assert (100 + 50 + 100, False) == (spoiled.totals[0], spoiled.breakdown[0].shutout)


def test_price_round_refuses_big_gin_under_a_ruleset_without_big_gin() -> None:
    """``price_round(..., big_gin=True)`` under a ruleset that has no big gin is refused with the
    library's error (it would price it with the unused ``big_gin_bonus``)."""
    assert not gr.PAGAT.big_gin
    with pytest.raises(gr.InvalidResultError, match="'pagat' has no big gin"):
        gr.price_round(gr.PAGAT, knocker=0, knocker_deadwood=0, defender_deadwood=12, big_gin=True)
    assert (BIG_GIN, 0, 12 + 31) == gr.price_round(
        gr.SPANISH_SITE, knocker=0, knocker_deadwood=0, defender_deadwood=12, big_gin=True
    )


def test_no_shutout_rule_doubles_nothing() -> None:
    """docs/rules.rst §7, ``NONE``: a clean sweep with a scoreless opponent earns a single game bonus and
    single round points."""
    rules = gr.PAGAT.evolve(shutout=gr.Shutout.NONE)
    result = gr.score_game(rules, [won(0, 60), won(0, 50)])
    expected = gr.PlayerScore(round_points=110, rounds_won=2, boxes=40, game_bonus=100, shutout=False)
    assert expected == result.breakdown[0]


def test_highest_total_a_player_can_reach_the_target_and_lose() -> None:
    """docs/rules.rst §7, ``HIGHEST_TOTAL``: «after all bonuses the higher total wins ... so a player can
    reach the target and still lose»: under spanish-site (box 25) player 0 wins ten rounds of 1
    point (10 + 250 = 260), player 1 one round of 100 (100 + 25 + 100 = 225)."""
    results = [won(0, 1)] * 10 + [won(1, 100)]
    result = gr.score_game(gr.SPANISH_SITE, results)
    assert 1 == result.reached_target
    assert (260, 225) == result.totals
    assert 0 == result.winner


def test_highest_total_equal_totals_are_a_drawn_game() -> None:
    """docs/rules.rst §7, ``HIGHEST_TOTAL``: «equal totals are a drawn game»: the winner is None.
    Pagat: player 0 wins ten rounds of 2 (20 + 200 = 220), player 1 one of 100 (100 + 20 + 100)."""
    results = [won(0, 2)] * 10 + [won(1, 100)]
    result = gr.score_game(gr.PAGAT, results)
    assert (220, 220) == result.totals
    assert (None, True, True, 1) == (result.winner, result.is_over, result.is_draw, result.reached_target)


def test_highest_total_the_higher_total_wins() -> None:
    """docs/rules.rst §7, ``HIGHEST_TOTAL``: usually the player who reached the target has the higher
    total, and wins."""
    result = gr.score_game(gr.PAGAT, [won(1, 30), won(0, 100)])
    assert (220, 50) == result.totals
    assert (0, False) == (result.winner, result.is_draw)


def test_first_to_target_the_player_who_reached_it_wins() -> None:
    """docs/rules.rst §7, ``FIRST_TO_TARGET``: «the player who reached the target wins», even with the
    lower total (the losing case of ``HIGHEST_TOTAL`` above)."""
    rules = gr.SPANISH_SITE.evolve(game_winner=gr.GameWinner.FIRST_TO_TARGET)
    result = gr.score_game(rules, [won(0, 1)] * 10 + [won(1, 100)])
    assert (260, 225) == result.totals
    assert (1, 1) == (result.winner, result.reached_target)


def test_first_to_target_equal_totals_are_not_a_draw() -> None:
    """docs/rules.rst §7, ``FIRST_TO_TARGET``: with equal totals the player who reached the target still
    wins (no drawn game)."""
    rules = gr.PAGAT.evolve(game_winner=gr.GameWinner.FIRST_TO_TARGET)
    result = gr.score_game(rules, [won(0, 2)] * 10 + [won(1, 100)])
    assert (220, 220) == result.totals
    assert (1, False) == (result.winner, result.is_draw)


def test_game_in_progress_has_no_winner() -> None:
    """docs/rules.rst §7: until a player reaches the target the game is not over: ``is_over`` False,
    winner None, and the totals are the round points so far (no bonuses)."""
    result = gr.score_game(gr.PAGAT, [won(0, 40), DEAD, won(1, 30)])
    assert (False, None, None, False) == (
        result.is_over,
        result.winner,
        result.reached_target,
        result.is_draw,
    )
    assert (40, 30) == result.totals
    assert (0, 0) == (result.breakdown[0].game_bonus, result.breakdown[0].boxes)
    assert 3 == result.rounds


def test_game_with_no_rounds_is_in_progress() -> None:
    """docs/rules.rst §7: an empty list of rounds is a game that has not started: 0 to 0, not over."""
    result = gr.score_game(gr.PAGAT, [])
    assert (False, None, (0, 0), 0) == (result.is_over, result.winner, result.totals, result.rounds)


@pytest.mark.parametrize("extra", [won(1, 10), won(0, 10), DEAD], ids=["loser", "winner", "dead-hand"])
def test_result_after_the_game_ending_round_is_rejected(extra: gr.RoundResult) -> None:
    """docs/rules.rst §7: the game ends at the end of the round in which a player reaches the target, so
    a further round result (even a dead hand) raises ``InvalidResultError`` naming it."""
    with pytest.raises(gr.InvalidResultError, match=r"results\[2\]"):
        gr.score_game(gr.PAGAT, [won(0, 50), won(0, 50), extra])


def test_score_game_rejects_values_that_are_not_round_results() -> None:
    """API: ``score_game`` settles RoundResults; anything else raises ``InvalidResultError``."""
    bad: list[Any] = [won(0, 10), (gr.Outcome.KNOCK, 0, 10)]
    with pytest.raises(gr.InvalidResultError, match=r"results\[1\]"):
        gr.score_game(gr.PAGAT, bad)


def test_score_game_accepts_any_iterable() -> None:
    """API: ``score_game(rules, results)`` takes any iterable, a generator included."""
    results = [won(0, 60), won(1, 5), won(0, 40)]
    assert gr.score_game(gr.PAGAT, results) == gr.score_game(gr.PAGAT, iter(results))


@st.composite
def game_rules(draw: st.DrawFn) -> gr.Ruleset:
    """A ruleset varying every field that ``score_game`` reads."""
    return draw(st.sampled_from([gr.PAGAT, gr.SPANISH_SITE, gr.OKLAHOMA])).evolve(
        target=draw(st.integers(1, 200)),
        game_bonus=draw(st.integers(0, 200)),
        box_bonus=draw(st.integers(0, 50)),
        boxes_count_toward_target=draw(st.booleans()),
        shutout=draw(st.sampled_from(gr.Shutout)),
        game_winner=draw(st.sampled_from(gr.GameWinner)),
    )


round_results = st.one_of(
    st.builds(won, st.integers(0, 1), st.integers(0, 80), st.sampled_from([KNOCK, GIN, BIG_GIN])),
    st.builds(
        lambda knocker, points: gr.RoundResult(
            outcome=UNDERCUT, winner=1 - knocker, knocker=knocker, points=points
        ),
        st.integers(0, 1),
        st.integers(0, 60),
    ),
    st.sampled_from([DEAD, gr.RoundResult(outcome=VOID)]),
)


def settled(rules: gr.Ruleset, results: list[gr.RoundResult]) -> list[gr.RoundResult]:
    """``results`` cut after the round in which a player reaches the target."""
    for end in range(1, len(results) + 1):
        if max(gr.game_scores(rules, results[:end])) >= rules.target:
            return results[:end]
    return results


@settings(max_examples=300, deadline=None)
@given(game_rules(), st.lists(round_results, max_size=15))
def test_breakdown_sums_to_the_totals(rules: gr.Ruleset, results: list[gr.RoundResult]) -> None:
    """docs/rules.rst §7 / API: each total is round points + boxes + game bonus, the box count is the
    rounds won, and only the player who reached the target has a game bonus."""
    results = settled(rules, results)
    result = gr.score_game(rules, results)
    assert result.totals == tuple(breakdown_total(score) for score in result.breakdown)
    assert result.totals == tuple(score.total for score in result.breakdown)
    assert len(results) == result.rounds
    for player in (0, 1):
        score = result.breakdown[player]
        wins = [r for r in results if r.winner == player]
        assert len(wins) == score.rounds_won
        points = sum(r.points for r in wins)
        assert score.round_points in (points, 2 * points)
        doubled = score.shutout and rules.shutout is gr.Shutout.DOUBLE_TOTAL
        if result.is_over or rules.boxes_count_toward_target:
            assert rules.box_bonus * len(wins) * (2 if doubled else 1) == score.boxes
        if player != result.reached_target:
            assert (0, points, False) == (score.game_bonus, score.round_points, score.shutout)
    if result.is_over:
        reacher = result.reached_target
        assert reacher is not None
        assert gr.game_scores(rules, results)[reacher] >= rules.target
        assert max(gr.game_scores(rules, results[:-1])) < rules.target
        assert result.breakdown[reacher].game_bonus in (rules.game_bonus, 2 * rules.game_bonus)
    else:
        assert (None, None) == (result.winner, result.reached_target)
        assert gr.game_scores(rules, results) == result.totals


@settings(max_examples=200, deadline=None)
@given(game_rules(), st.lists(round_results, min_size=1, max_size=15))
def test_winner_follows_the_game_winner_rule(rules: gr.Ruleset, results: list[gr.RoundResult]) -> None:
    """docs/rules.rst §7: a finished game is won by the higher total (``HIGHEST_TOTAL``, None when equal)
    or by the player who reached the target (``FIRST_TO_TARGET``)."""
    result = gr.score_game(rules, settled(rules, results))
    if not result.is_over:
        return
    if rules.game_winner is gr.GameWinner.FIRST_TO_TARGET:
        assert result.reached_target == result.winner
    else:
        first, second = result.totals
        expected = 0 if first > second else 1 if second > first else None
        assert expected == result.winner


# ============================================================================ RoundResult validation


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


def test_a_dead_hand_with_a_knocker_is_refused() -> None:
    """Issue 19: a dead hand ends after a plain discard, so nobody knocked."""
    with pytest.raises(gr.InvalidResultError, match="nobody knocked") as info:
        gr.RoundResult(outcome=DEAD_HAND, knocker=0)
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


def test_score_game_names_the_round_that_follows_the_end_of_the_game() -> None:
    """``score_game`` refuses a result after the round that ended the game, saying which and
    why: the round number and the player who reached the target."""
    with pytest.raises(
        gr.InvalidResultError, match=r"results\[2\] follows round 1, where player 0 reached the target 100"
    ):
        gr.score_game(gr.PAGAT, [won(0, 50), won(0, 50), won(1, 5)])


def test_round_result_messages_name_the_contradiction() -> None:
    """``RoundResult`` says what contradicts what: a gin knocker with deadwood, a knock won by
    the defender."""
    with pytest.raises(gr.InvalidResultError, match=r"a gin knocker has no deadwood \(got 4\)"):
        gr.RoundResult(outcome=gr.Outcome.GIN, winner=0, points=30, knocker=0, deadwood=(4, 20))
    with pytest.raises(
        gr.InvalidResultError, match="a knock round is won by the knocker 0 \\(got winner 1\\)"
    ):
        gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=1, points=3, knocker=0)
