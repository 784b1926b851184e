"""A game's settlement (``ginrummy.results.settlement``): what a ``GameResult`` and a
``PlayerScore`` refuse, and a Hollywood game scored through the game and ``score_game``.

The validators of the two values were never exercised (issue 23): each test below builds one
impossible value and checks the message and the field, which the docs promise (an error names
the value and the reason).

Then a game's score, one test per rule (the target, boxes, the game bonus, the shutouts, who
wins), settled from hand-built :class:`gr.RoundResult` lists so that every test reads as the
rounds it describes: ``won(0, 30)`` is a knock worth 30 points to player 0, ``DEAD`` a dead
hand (:mod:`outcomes`); and, for random field values, that whatever ``GameResult`` accepts is
a settlement.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.results.settlement import Standings
from hypothesis_share import examples
from outcomes import BIG_GIN, DEAD, DEAD_HAND, GIN, KNOCK, UNDERCUT, VOID, won
from positions import biased_action
from strategies import round_results_st

SCORE: dict[str, Any] = {"round_points": 10, "rounds_won": 1, "boxes": 0, "game_bonus": 0, "shutout": False}
"""A player's score in a game in progress: one round won for 10 (its box is not counted yet)."""
NOTHING: dict[str, Any] = {"round_points": 0, "rounds_won": 0, "boxes": 0, "game_bonus": 0, "shutout": False}


def in_progress(**changes: Any) -> dict[str, Any]:
    """The fields of the settlement of a game in progress (player 0 won one round for 10), with
    ``changes``."""
    fields: dict[str, Any] = {
        "winner": None,
        "totals": (10, 0),
        "breakdown": (gr.PlayerScore(**SCORE), gr.PlayerScore(**NOTHING)),
        "reached_target": None,
        "rounds": 1,
    }
    fields.update(changes)
    return fields


def refusal(kind: type[Any], fields: dict[str, Any]) -> tuple[str, str | None]:
    """The message and field of the error ``kind(**fields)`` raises."""
    with pytest.raises(gr.InvalidResultError) as info:
        kind(**fields)
    return str(info.value), info.value.field


def test_the_fields_of_a_game_in_progress_are_its_settlement() -> None:
    """The helper's fields are a valid settlement: the one ``score_game`` gives."""
    assert gr.score_game(gr.PAGAT, [won(0, 10)]) == gr.GameResult(**in_progress())


@pytest.mark.parametrize("name", ["round_points", "rounds_won", "boxes", "game_bonus"])
@pytest.mark.parametrize("value", [-1, True, "3"])
def test_a_player_score_count_that_is_not_a_count_is_refused(name: str, value: object) -> None:
    """Each part of a player's total is an integer of at least 0."""
    assert (
        f"invalid game result: {name!r} must be an integer of at least 0 (got {value!r})",
        name,
    ) == refusal(gr.PlayerScore, {**SCORE, name: value})


def test_a_player_score_shutout_is_a_flag() -> None:
    """``shutout`` is True or False."""
    assert ("invalid game result: 'shutout' must be True or False (got 1)", "shutout") == refusal(
        gr.PlayerScore, {**SCORE, "shutout": 1}
    )


@pytest.mark.parametrize(
    ("changes", "message", "field"),
    [
        ({"winner": 2}, "'winner' must be 0, 1 or None (got 2)", "winner"),
        ({"reached_target": 2}, "'reached_target' must be 0, 1 or None (got 2)", "reached_target"),
        ({"rounds": -1}, "'rounds' must be an integer of at least 0 (got -1)", "rounds"),
        ({"totals": (30, 0, 0)}, "'totals' must be two integers of at least 0 (got (30, 0, 0))", None),
        ({"totals": (30, -1)}, "'totals' must be two integers of at least 0 (got (30, -1))", None),
        ({"totals": (30, False)}, "'totals' must be two integers of at least 0 (got (30, False))", None),
        ({"totals": [30, 0]}, "'totals' must be two integers of at least 0 (got [30, 0])", None),
        ({"totals": (11, 0)}, "totals[0] 11 is not the breakdown's total 10", "totals[0]"),
        ({"totals": (10, 5)}, "totals[1] 5 is not the breakdown's total 0", "totals[1]"),
        (
            {"breakdown": (gr.PlayerScore(**SCORE),)},
            "'breakdown' must be two PlayerScores (got (PlayerScore(round_points=10, rounds_won=1, boxes=0, "
            "game_bonus=0, shutout=False),))",
            None,
        ),
        ({"columns": [1]}, "'columns' must be a tuple of GameResults (got [1])", None),
        ({"columns": (1,)}, "'columns' must be a tuple of GameResults (got (1,))", None),
        ({"winner": 0}, "a game in progress has no winner (got 0)", "winner"),
        (
            {
                "breakdown": (
                    gr.PlayerScore(**{**SCORE, "round_points": 0, "game_bonus": 10}),
                    gr.PlayerScore(**NOTHING),
                )
            },
            "player 0 has a game bonus or a shutout in a game in progress",
            "breakdown[0]",
        ),
        (
            {
                "totals": (10, 0),
                "breakdown": (gr.PlayerScore(**SCORE), gr.PlayerScore(**{**NOTHING, "shutout": True})),
            },
            "player 1 has a game bonus or a shutout in a game in progress",
            "breakdown[1]",
        ),
    ],
    ids=[
        "winner-2",
        "reached-2",
        "rounds",
        "three-totals",
        "negative-total",
        "bool-total",
        "list-totals",
        "total-0-disagrees",
        "total-1-disagrees",
        "one-score",
        "columns-list",
        "columns-tuple-of-int",
        "winner-in-progress",
        "bonus-in-progress",
        "shutout-in-progress",
    ],
)
def test_an_impossible_game_result_is_refused_naming_why(
    changes: dict[str, Any], message: str, field: str | None
) -> None:
    """Each check of ``GameResult`` reads ``invalid game result: <reason>`` and names the field
    it refuses, where it has one."""
    assert (f"invalid game result: {message}", field) == refusal(gr.GameResult, in_progress(**changes))


def over(**changes: Any) -> dict[str, Any]:
    """The settlement of a pagat game player 0 won 110 to 0 in two rounds: 110, two boxes of 20
    and the game bonus doubled by the shutout, 350 to 0; with ``changes``."""
    result = gr.score_game(gr.PAGAT, [won(0, 50), won(0, 60)])
    fields = {field.name: getattr(result, field.name) for field in attrs.fields(gr.GameResult)}
    fields.update(changes)
    return fields


def test_a_finished_game_result_is_refused_when_it_contradicts_itself() -> None:
    """A finished game (a player reached the target): a drawn game needs equal totals, a winner
    reached the target or leads, and only the player who reached the target has a game bonus."""
    assert gr.GameResult(**over()).winner == 0
    assert ("invalid game result: a drawn game needs equal totals (got (350, 0))", "winner") == refusal(
        gr.GameResult, over(winner=None)
    )
    assert (
        "invalid game result: player 1 neither reached the target nor has the higher total (totals (350, 0), "
        "reached_target 0)",
        "winner",
    ) == refusal(gr.GameResult, over(winner=1))
    scores = over()["breakdown"]
    bonus = gr.PlayerScore(round_points=0, rounds_won=0, boxes=0, game_bonus=100, shutout=False)
    assert (
        "invalid game result: player 1 has a game bonus or a shutout but did not reach the target",
        "breakdown[1]",
    ) == refusal(gr.GameResult, over(breakdown=(scores[0], bonus), totals=(350, 100)))


def test_a_hollywood_result_has_three_plain_columns() -> None:
    """Under Hollywood scoring a result holds three column settlements, none with columns of its
    own, and no ``reached_target``."""
    result = gr.score_game(gr.HOLLYWOOD, [won(0, 40)] * 3)
    fields = {field.name: getattr(result, field.name) for field in attrs.fields(gr.GameResult)}
    assert 3 == len(result.columns) and gr.GameResult(**fields) == result
    message = "invalid game result: a Hollywood result has three plain columns and no reached_target"
    for changes in ({"columns": result.columns[:2]}, {"reached_target": 0},
                    {"columns": (result, *result.columns[1:])}):  # fmt: skip
        assert (message, "columns") == refusal(gr.GameResult, {**fields, **changes})


# ------------------------------------------------------------------------ a Hollywood game


def test_a_hollywood_game_is_played_to_the_end_of_its_three_columns() -> None:
    """docs/rules.rst §8, hollywood: a game is over when a player has reached the target in each of the
    three columns; its result is ``score_game`` of its rounds, three column settlements adding
    up to the totals, won by the higher total."""
    rules = gr.HOLLYWOOD.evolve(target=40)
    rng = random.Random(5)
    game = gr.Game.new(rules, seed=5, dealer=0)
    while not game.is_over:
        assert not game.result.is_over
        game = game.apply(biased_action(game.round, rng, 0.8, alternate_takes=False))
    result = game.result
    assert gr.score_game(rules, game.results) == result
    assert 3 == len(result.columns) and all(column.is_over for column in result.columns)
    assert (None, True) == (result.reached_target, result.is_over)
    for player in (0, 1):
        assert result.totals[player] == sum(column.totals[player] for column in result.columns)
        assert game.scores[player] == sum(scores[player] for scores in game.column_scores)
    assert (
        0 if result.totals[0] > result.totals[1] else 1 if result.totals[1] > result.totals[0] else None
    ) == (result.winner)
    assert len(game.results) == result.rounds


def test_hollywood_columns_open_with_each_win_and_close_at_the_target() -> None:
    """docs/rules.rst §8, hollywood: each win of a player opens the next column still open and scores in
    every open column that player has opened; a column whose score reaches the target closes and
    is settled like a game (boxes, game bonus, shutout). Traced by hand, target 100:

    - player 0 wins 60: column 1 (60-0);
    - player 0 wins 50: columns 1 and 2; column 1 reaches 110 and closes;
    - player 1 wins 30: its first win would open column 1, closed, so column 2 (50-30);
    - player 0 wins 20: its third win opens column 3: columns 2 (70-30) and 3 (20-0);
    - player 1 wins 70: its second win opens column 3: columns 2 (70-100, closes) and 3 (20-70).
    """
    results = [won(0, 60), won(0, 50), won(1, 30), won(0, 20), won(1, 70)]
    columns = gr.hollywood_columns(gr.HOLLYWOOD, results)
    assert ((results[0], results[1]), tuple(results[1:]), (results[3], results[4])) == columns
    result = gr.score_game(gr.HOLLYWOOD, results)
    # column 1: 110 + 2 boxes of 20 + the game bonus doubled (player 1 scored nothing there);
    # column 2: 70 + 2 boxes, and 100 + 2 boxes + 100; column 3 is in play (boxes not counted)
    assert ((350, 0), (110, 240), (20, 70)) == tuple(column.totals for column in result.columns)
    assert (0, 1, None) == tuple(column.reached_target for column in result.columns)
    assert (None, False, (480, 310)) == (result.winner, result.is_over, result.totals)
    assert (2 + 1, 2) == (result.breakdown[0].rounds_won, result.breakdown[1].rounds_won)


# ------------------------------------------------------------------------ what is refused


def test_a_game_is_scored_from_a_ruleset_and_a_sequence_of_results() -> None:
    """``score_game`` and ``game_scores`` take a Ruleset and a sequence of round results; each
    refusal names the value and says why."""
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: gr.score_game("pagat", []), "invalid rules 'pagat': expected a Ruleset"),  # type: ignore[arg-type]
        (
            lambda: gr.score_game(gr.PAGAT, "abc"),  # type: ignore[arg-type]
            "invalid game: results 'abc' is not a sequence of RoundResults",
        ),
        (lambda: gr.game_scores(gr.PAGAT, 7), "invalid game: results 7 is not a sequence of RoundResults"),  # type: ignore[arg-type]
        (
            lambda: gr.score_game(gr.PAGAT, [won(0, 5), 5]),  # type: ignore[list-item]
            "invalid game: results[1] 5 is not a RoundResult",
        ),
    ]
    for call, message in cases:
        with pytest.raises(gr.InvalidResultError) as info:
            call()
        assert message == str(info.value)


def test_standings_are_made_only_from_their_start() -> None:
    """The standings of a game start from ``Standings.start``: one column, or three under
    Hollywood scoring, and a Ruleset."""
    message = "standings start from Standings.start(rules) and grow with add()"
    one = Standings.start(gr.PAGAT)
    for rules, columns in [(gr.HOLLYWOOD, one.columns), (gr.PAGAT, one.columns * 3), ("pagat", one.columns)]:
        with pytest.raises(gr.InvalidResultError) as info:
            Standings(rules, columns)  # type: ignore[arg-type]
        assert message == str(info.value)
    assert (1, 3) == (len(one.columns), len(Standings.start(gr.HOLLYWOOD).columns))


def test_a_result_after_the_last_hollywood_column_closed_is_refused() -> None:
    """A Hollywood game is over once every column is: a further round is refused, naming it."""
    results = [won(0, 100)] * 3
    assert gr.score_game(gr.HOLLYWOOD, results).is_over
    with pytest.raises(gr.InvalidResultError) as info:
        gr.score_game(gr.HOLLYWOOD, [*results, won(1, 5)])
    assert "invalid game: results[3] follows the round that ended the last column" == str(info.value)


def test_hollywood_columns_of_any_ruleset_route_the_same() -> None:
    """``hollywood_columns`` routes results into the three columns whatever the ruleset says of
    Hollywood scoring (its target applies): a non-Hollywood preset works like the Hollywood one
    (it raised, keeping a preset's name on a changed ruleset)."""
    results = [won(0, 60), won(0, 50), won(1, 30), won(0, 20), won(1, 70)]
    assert gr.hollywood_columns(gr.HOLLYWOOD, results) == gr.hollywood_columns(gr.PAGAT, results)
    # to 50, column 1 closes at once and column 2 at player 0's second win: every later win,
    # opening or not, scores in column 3 alone
    low = gr.hollywood_columns(gr.PAGAT.evolve(target=50), results)
    assert ((results[0],), (results[1],), (results[2], results[3], results[4])) == low


def test_a_game_counts_every_round_and_hollywood_columns_refuse_what_is_no_result() -> None:
    """A game's result counts every round, dead hands too (a column counts only the rounds
    that score in it); ``hollywood_columns`` refuses a value that is no round result in words,
    naming its place."""
    win = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=10)
    dead = gr.RoundResult(outcome=gr.Outcome.DEAD_HAND)
    assert 3 == gr.score_game(gr.PAGAT, [win, dead, win]).rounds
    with pytest.raises(gr.InvalidResultError) as info:
        gr.hollywood_columns(gr.HOLLYWOOD, [win, 5])  # type: ignore[list-item]
    assert "invalid game: results[1] 5 is not a RoundResult" == str(info.value)


def breakdown_total(score: gr.PlayerScore) -> int:
    """A player's total added up from its itemized parts."""
    return score.round_points + score.boxes + score.game_bonus


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


@settings(max_examples=examples(300), deadline=None)
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


@settings(max_examples=examples(200), deadline=None)
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


def test_score_game_names_the_round_that_follows_the_end_of_the_game() -> None:
    """``score_game`` refuses a result after the round that ended the game, saying which and
    why: the round number and the player who reached the target."""
    with pytest.raises(
        gr.InvalidResultError, match=r"results\[2\] follows round 1, where player 0 reached the target 100"
    ):
        gr.score_game(gr.PAGAT, [won(0, 50), won(0, 50), won(1, 5)])


def test_a_winner_who_neither_reached_the_target_nor_leads_is_refused() -> None:
    """A finished game is won by the player who reached the target or by the higher total."""
    knock = gr.RoundResult(outcome=KNOCK, winner=0, points=60)
    settled = gr.score_game(gr.PAGAT, [knock, knock])
    assert 0 == settled.winner
    with pytest.raises(gr.InvalidResultError, match="neither reached the target nor has the higher total"):
        attrs.evolve(settled, winner=1)
    with pytest.raises(gr.InvalidResultError, match="did not reach the target"):
        attrs.evolve(
            settled, breakdown=(settled.breakdown[1], settled.breakdown[0]), totals=settled.totals[::-1]
        )


def test_standings_are_built_only_from_their_start() -> None:
    """``Standings`` is internal and cannot be built without its columns."""
    with pytest.raises(gr.InvalidResultError, match=r"Standings\.start"):
        Standings(gr.PAGAT, ())
    assert (0, 0) == Standings.start(gr.PAGAT).scores


GAME_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "winner": st.sampled_from([None, 0, 1]),
    "reached_target": st.sampled_from([None, 0, 1]),
    "rounds": st.integers(0, 20),
    "breakdown": st.tuples(*[
        st.builds(gr.PlayerScore, round_points=st.integers(0, 300), rounds_won=st.integers(0, 10),
                  boxes=st.sampled_from([0, 25, 100]), game_bonus=st.sampled_from([0, 100, 200]),
                  shutout=st.booleans())
    ] * 2),
}  # fmt: skip


@st.composite
def game_result_fields(draw: st.DrawFn) -> dict[str, Any]:
    """The fields of a real settlement (finished or not), half the time with one given a random
    value of its type (the totals follow a changed breakdown, so that they still add up)."""
    rules = draw(
        st.sampled_from(
            [
                gr.PAGAT,
                gr.SPANISH_SITE,
                gr.STRAIGHT,
                gr.OKLAHOMA.evolve(game_winner=gr.GameWinner.HIGHEST_TOTAL),
            ]
        )
    )
    results = draw(st.lists(round_results_st(), max_size=12))
    kept: list[gr.RoundResult] = []
    for result in results:
        if gr.score_game(rules, kept).is_over:
            break
        kept.append(result)
    settled = gr.score_game(rules, kept)
    fields = {field.name: getattr(settled, field.name) for field in attrs.fields(gr.GameResult)}
    if draw(st.booleans()):
        name = draw(st.sampled_from(sorted(GAME_VALUES)))
        fields[name] = draw(GAME_VALUES[name])
        fields["totals"] = (fields["breakdown"][0].total, fields["breakdown"][1].total)
    return fields


@settings(max_examples=examples(400))
@given(game_result_fields())
def test_an_accepted_game_result_is_a_settlement(fields: dict[str, Any]) -> None:
    """Whatever ``GameResult`` accepts adds up and names a possible winner: the totals are the
    breakdowns', a game bonus or shutout goes only to the player who reached the target, and a
    finished game is won by that player or by the higher total (drawn only on equal totals)."""
    try:
        result = gr.GameResult(**fields)
    except gr.InvalidResultError:
        return
    totals = result.totals
    assert totals == (result.breakdown[0].total, result.breakdown[1].total)
    if not result.is_over:
        assert result.winner is None and not any(s.game_bonus or s.shutout for s in result.breakdown)
        return
    higher = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
    assert result.winner in (result.reached_target, higher)
    assert result.winner is not None or totals[0] == totals[1]
    for player, score in enumerate(result.breakdown):
        assert player == result.reached_target or not (score.game_bonus or score.shutout)
