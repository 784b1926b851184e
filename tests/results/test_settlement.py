"""A game's settlement (``ginrummy.results.settlement``): what a ``GameResult`` and a
``PlayerScore`` refuse, and a Hollywood game scored through the game and ``score_game``.

The validators of the two values were never exercised (issue 23): each test below builds one
impossible value and checks the message and the field, which the docs promise (an error names
the value and the reason).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import ginrummy as gr
from ginrummy.results.settlement import Standings
from positions import biased_action

KNOCK = gr.Outcome.KNOCK


def won(player: int, points: int) -> gr.RoundResult:
    """A knock won by ``player`` for ``points``."""
    return gr.RoundResult(outcome=KNOCK, winner=player, points=points)


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
    """RULES 8, hollywood: a game is over when a player has reached the target in each of the
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
    """RULES 8, hollywood: each win of a player opens the next column still open and scores in
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
