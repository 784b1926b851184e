"""A game's score toward the target and its settlement (docs/rules.rst §7).

:class:`Standings` is the one place that knows how round results become game scores: which
results count in which game column (one column, or three under Hollywood scoring), each
player's score toward the target, when a column and the game are over, and the settlement
(:class:`GameResult`). A game adds each result as its round ends, so the standings cost the
same for every round however long the game; :func:`score_game`, :func:`game_scores` and
:func:`hollywood_columns` fold a sequence of results the same way.

>>> import ginrummy as gr
>>> knock = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=60)
>>> standings = Standings.start(gr.PAGAT).add(knock)
>>> standings.scores, standings.is_over
((60, 0), False)
>>> standings.add(knock).result().winner
0
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, cast

import attrs

from ginrummy.errors import InvalidResultError
from ginrummy.results.round_result import RoundResult
from ginrummy.rules import GameWinner, Ruleset, Shutout
from ginrummy.validators import flag_field, int_field, is_int, player_field

__all__ = [
    "HOLLYWOOD_COLUMNS",
    "GameResult",
    "PlayerScore",
    "game_scores",
    "hollywood_columns",
    "score_game",
]

HOLLYWOOD_COLUMNS: Final = 3
"""The number of game columns under Hollywood scoring."""


_CONTEXT = "game result"
_count = int_field(InvalidResultError, _CONTEXT, low=0)
_flag = flag_field(InvalidResultError, _CONTEXT)
_player = player_field(InvalidResultError, _CONTEXT, optional=True)


@attrs.frozen(kw_only=True)
class PlayerScore:
    """How one player's game total came about.

    ``total = round_points + boxes + game_bonus`` (``round_points`` already doubled when the
    DOUBLE_ROUND_POINTS shutout applies; under DOUBLE_TOTAL each part is doubled).

    :raises InvalidResultError: for a negative count or a shutout flag that is not a bool.

    >>> import ginrummy as gr
    >>> knock = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=60)
    >>> score = gr.score_game(gr.PAGAT, [knock, knock]).breakdown[0]
    >>> score.total, score
    (360, PlayerScore(round_points=120, rounds_won=2, boxes=40, game_bonus=200,
                      shutout=True))
    """

    round_points: int = attrs.field(validator=_count)
    """The points of the rounds this player won (doubled by a DOUBLE_ROUND_POINTS shutout)."""
    rounds_won: int = attrs.field(validator=_count)
    """How many rounds this player won."""
    boxes: int = attrs.field(validator=_count)
    """The box (line) bonus: ``box_bonus`` per round won."""
    game_bonus: int = attrs.field(validator=_count)
    """The game bonus (doubled by a DOUBLE_GAME_BONUS shutout), for the player who reached
    the target."""
    shutout: bool = attrs.field(validator=_flag)
    """Whether a shutout rule doubled something for this player."""

    @property
    def total(self) -> int:
        """The final total."""
        return self.round_points + self.boxes + self.game_bonus


def _totals(instance: object, attribute: attrs.Attribute[tuple[int, int]], value: object) -> None:
    if not isinstance(value, tuple) or len(value) != 2 or not all(is_int(v) and v >= 0 for v in value):
        raise InvalidResultError(
            f"invalid game result: 'totals' must be two integers of at least 0 (got {value!r})"
        )


def _breakdown(
    instance: object, attribute: attrs.Attribute[tuple[PlayerScore, PlayerScore]], value: object
) -> None:
    if not isinstance(value, tuple) or len(value) != 2 or not all(isinstance(v, PlayerScore) for v in value):
        raise InvalidResultError(f"invalid game result: 'breakdown' must be two PlayerScores (got {value!r})")


def _columns(instance: object, attribute: attrs.Attribute[tuple[GameResult, ...]], value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(v, GameResult) for v in value):
        raise InvalidResultError(
            f"invalid game result: 'columns' must be a tuple of GameResults (got {value!r})"
        )


@attrs.frozen(kw_only=True)
class GameResult:
    """The settlement of a game: who won, the totals, and how each total came about.

    For a game still in progress (nobody has reached the target) ``is_over`` is False, the
    winner is None and the totals hold the round points (and boxes, when they count toward
    the target) so far.

    :raises InvalidResultError: for fields that contradict each other: totals that are not
        the breakdown's, a winner in a game in progress, Hollywood columns that are not three
        plain game results.

    >>> import ginrummy as gr
    >>> gin = gr.RoundResult(outcome=gr.Outcome.GIN, winner=1, points=45)
    >>> result = gr.score_game(gr.PAGAT, [gin])
    >>> result.is_over, result.winner, result.totals
    (False, None, (0, 45))
    >>> gr.score_game(gr.PAGAT, [gin, gin, gin]).winner
    1
    """

    winner: int | None = attrs.field(validator=_player)
    """The winner, or None for a drawn game or a game in progress."""
    totals: tuple[int, int] = attrs.field(validator=_totals)
    """Each player's total."""
    breakdown: tuple[PlayerScore, PlayerScore] = attrs.field(validator=_breakdown)
    """Each player's total, itemized."""
    reached_target: int | None = attrs.field(validator=_player)
    """The player whose game score reached the target, or None while nobody has."""
    rounds: int = attrs.field(validator=_count)
    """The number of rounds played, dead hands included."""
    columns: tuple[GameResult, ...] = attrs.field(default=(), validator=_columns)
    """Under Hollywood scoring, the settlement of each of the three game columns (the fields
    above then add the columns up; ``reached_target`` stays None)."""

    def __attrs_post_init__(self) -> None:
        for player in (0, 1):
            if self.totals[player] != self.breakdown[player].total:
                raise InvalidResultError(
                    f"invalid game result: totals[{player}] {self.totals[player]} is not the breakdown's "
                    f"total {self.breakdown[player].total}",
                    field=f"totals[{player}]",
                )
        if self.columns and (
            len(self.columns) != HOLLYWOOD_COLUMNS
            or self.reached_target is not None
            or any(column.columns for column in self.columns)
        ):
            raise InvalidResultError(
                "invalid game result: a Hollywood result has three plain columns and no reached_target",
                field="columns",
            )
        if not self.is_over:
            if self.winner is not None:
                raise InvalidResultError(
                    f"invalid game result: a game in progress has no winner (got {self.winner})",
                    field="winner",
                )
            for player, score in enumerate(self.breakdown):
                if (score.game_bonus or score.shutout) and not self.columns:
                    raise InvalidResultError(
                        f"invalid game result: player {player} has a game bonus or a shutout in a game in "
                        "progress",
                        field=f"breakdown[{player}]",
                    )
            return
        leader = _higher(self.totals)
        if self.winner is None and leader is not None:
            raise InvalidResultError(
                f"invalid game result: a drawn game needs equal totals (got {self.totals})", field="winner"
            )
        if self.winner is not None and self.winner not in (self.reached_target, leader):
            raise InvalidResultError(
                f"invalid game result: player {self.winner} neither reached the target nor has the higher "
                "total "
                f"(totals {self.totals}, reached_target {self.reached_target})",
                field="winner",
            )
        if not self.columns:
            for player, score in enumerate(self.breakdown):
                if (score.game_bonus or score.shutout) and player != self.reached_target:
                    raise InvalidResultError(
                        f"invalid game result: player {player} has a game bonus or a shutout but did not "
                        "reach "
                        "the target",
                        field=f"breakdown[{player}]",
                    )

    @property
    def is_over(self) -> bool:
        """Whether a player has reached the target (under Hollywood scoring: in every
        column)."""
        if self.columns:
            return all(column.is_over for column in self.columns)
        return self.reached_target is not None

    @property
    def is_draw(self) -> bool:
        """Whether the game ended with equal totals (under HIGHEST_TOTAL)."""
        return self.is_over and self.winner is None


def _higher(totals: tuple[int, int]) -> int | None:
    """The player with the higher total, or None when they are equal."""
    return 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None


@attrs.frozen
class _Column:
    """The running counts of one game column: what its settlement needs, nothing more."""

    scores: tuple[int, int] = (0, 0)
    """Each player's score toward the target."""
    points: tuple[int, int] = (0, 0)
    """Each player's round points."""
    won: tuple[int, int] = (0, 0)
    """Rounds each player won."""
    rounds: int = 0
    """Results counted, void rounds included."""
    reacher: int | None = None
    """Who reached the target (the column is then over)."""

    def add(self, rules: Ruleset, result: RoundResult) -> _Column:
        winner = result.winner
        if winner is None:
            return attrs.evolve(self, rounds=self.rounds + 1)
        gain = result.points + (rules.box_bonus if rules.boxes_count_toward_target else 0)
        scores = _plus(self.scores, winner, gain)
        return _Column(
            scores,
            _plus(self.points, winner, result.points),
            _plus(self.won, winner, 1),
            self.rounds + 1,
            winner if scores[winner] >= rules.target else None,
        )

    def settle(self, rules: Ruleset) -> GameResult:
        """This column's settlement, as a game of its own."""
        points = list(self.points)
        boxes = [rules.box_bonus * self.won[0], rules.box_bonus * self.won[1]]
        reacher = self.reacher
        if reacher is None:
            counted = boxes if rules.boxes_count_toward_target else [0, 0]
            breakdown = tuple(
                PlayerScore(
                    round_points=points[p],
                    rounds_won=self.won[p],
                    boxes=counted[p],
                    game_bonus=0,
                    shutout=False,
                )
                for p in (0, 1)
            )
            return _result(None, breakdown, None, self.rounds)
        other = 1 - reacher
        game_bonus = [0, 0]
        game_bonus[reacher] = rules.game_bonus
        shut = False
        if rules.shutout is Shutout.DOUBLE_GAME_BONUS and points[other] == 0:
            game_bonus[reacher] *= 2
            shut = True
        elif rules.shutout is Shutout.DOUBLE_ROUND_POINTS and self.won[reacher] == self.rounds:
            points[reacher] *= 2  # it won every round counted, so none was void
            shut = True
        elif rules.shutout is Shutout.DOUBLE_TOTAL and points[other] == 0:
            points[reacher] *= 2  # each part doubled: the total is doubled, the parts still add up
            boxes[reacher] *= 2
            game_bonus[reacher] *= 2
            shut = True
        breakdown = tuple(
            PlayerScore(
                round_points=points[p],
                rounds_won=self.won[p],
                boxes=boxes[p],
                game_bonus=game_bonus[p],
                shutout=shut and p == reacher,
            )
            for p in (0, 1)
        )
        totals = (breakdown[0].total, breakdown[1].total)
        winner = reacher if rules.game_winner is GameWinner.FIRST_TO_TARGET else _higher(totals)
        return _result(winner, breakdown, reacher, self.rounds)


def _plus(pair: tuple[int, int], player: int, amount: int) -> tuple[int, int]:
    return (pair[0] + amount, pair[1]) if player == 0 else (pair[0], pair[1] + amount)


def _result(
    winner: int | None, breakdown: tuple[PlayerScore, ...], reacher: int | None, rounds: int
) -> GameResult:
    return GameResult(
        winner=winner,
        totals=(breakdown[0].total, breakdown[1].total),
        breakdown=(breakdown[0], breakdown[1]),
        reached_target=reacher,
        rounds=rounds,
    )


@attrs.frozen
class Standings:
    """A game's standing after some rounds: the scores toward the target per column, who has
    won what, and whether the game is over. Values: :meth:`add` returns new standings.

    >>> import ginrummy as gr
    >>> win = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=10)
    >>> s = Standings.start(gr.HOLLYWOOD).add(win).add(win)
    >>> s.column_scores, s.scores
    (((20, 0), (10, 0), (0, 0)), (30, 0))
    """

    rules: Ruleset
    """The ruleset that scores the game."""
    columns: tuple[_Column, ...]
    """One column, or three under Hollywood scoring."""
    wins: tuple[int, int] = (0, 0)
    """Rounds each player has won in the whole game."""
    rounds: int = 0
    """Results added, void rounds included."""
    opened: tuple[int, int] = (0, 0)
    """Under Hollywood scoring, for each player, one past the last column its wins have opened
    (0 before its first win)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Ruleset) or len(self.columns) != (
            HOLLYWOOD_COLUMNS if self.rules.hollywood else 1
        ):
            raise InvalidResultError("standings start from Standings.start(rules) and grow with add()")

    @classmethod
    def start(cls, rules: Ruleset) -> Standings:
        """The standings before any round."""
        return cls(rules, (_Column(),) * (HOLLYWOOD_COLUMNS if rules.hollywood else 1))

    def _opening(self, result: RoundResult) -> int:
        """One past the last column the winner of ``result`` has opened once it is added: each
        win opens the next column still open (skipping closed ones), if any is left."""
        winner = result.winner
        if winner is None:
            return 0
        opened = self.opened[winner]
        for index in range(opened, len(self.columns)):
            if self.columns[index].reacher is None:
                return index + 1
        return opened

    def route(self, result: RoundResult) -> tuple[int, ...]:
        """The columns ``result`` counts in: the one game, or under Hollywood scoring the open
        columns its winner has opened: each of a player's wins opens the next column still open
        (so the first win opens column 1, or column 2 when column 1 has closed) and scores in
        every open column the player has opened. Void rounds count in every open column (they
        matter to a DOUBLE_ROUND_POINTS shutout)."""
        reach = len(self.columns) if result.winner is None else self._opening(result)
        return tuple(i for i in range(reach) if self.columns[i].reacher is None)

    def add(self, result: object) -> Standings:
        """The standings after one more round.

        :raises InvalidResultError: when the game is already over.
        """
        if not isinstance(result, RoundResult):
            raise InvalidResultError(f"invalid game: results[{self.rounds}] {result!r} is not a RoundResult")
        if self.is_over:
            if len(self.columns) == 1:
                reacher = self.columns[0].reacher
                raise InvalidResultError(
                    f"invalid game: results[{self.rounds}] follows round {self.rounds - 1}, where player "
                    f"{reacher} reached the target {self.rules.target}"
                )
            raise InvalidResultError(
                f"invalid game: results[{self.rounds}] follows the round that ended the last column"
            )
        targets = self.route(result)
        columns = tuple(
            column.add(self.rules, result) if i in targets else column
            for i, column in enumerate(self.columns)
        )
        winner = result.winner
        if winner is None:
            return Standings(self.rules, columns, self.wins, self.rounds + 1, self.opened)
        opened = (
            (self._opening(result), self.opened[1])
            if winner == 0
            else (self.opened[0], self._opening(result))
        )
        return Standings(self.rules, columns, _plus(self.wins, winner, 1), self.rounds + 1, opened)

    @property
    def column_scores(self) -> tuple[tuple[int, int], ...]:
        """Each column's scores toward the target."""
        return tuple(column.scores for column in self.columns)

    @property
    def scores(self) -> tuple[int, int]:
        """Each player's score toward the target (under Hollywood scoring, the columns' scores
        added up)."""
        if len(self.columns) == 1:
            return self.columns[0].scores
        return (sum(c.scores[0] for c in self.columns), sum(c.scores[1] for c in self.columns))

    @property
    def is_over(self) -> bool:
        """Whether a player has reached the target in every column."""
        return all(column.reacher is not None for column in self.columns)

    def result(self) -> GameResult:
        """The settlement (provisional while the game goes on)."""
        if len(self.columns) == 1:
            return attrs.evolve(self.columns[0].settle(self.rules), rounds=self.rounds)
        columns = tuple(column.settle(self.rules) for column in self.columns)
        breakdown = tuple(
            PlayerScore(
                round_points=sum(c.breakdown[p].round_points for c in columns),
                rounds_won=self.wins[p],
                boxes=sum(c.breakdown[p].boxes for c in columns),
                game_bonus=sum(c.breakdown[p].game_bonus for c in columns),
                shutout=any(c.breakdown[p].shutout for c in columns),
            )
            for p in (0, 1)
        )
        totals = (breakdown[0].total, breakdown[1].total)
        return GameResult(
            winner=_higher(totals) if self.is_over else None,
            totals=totals,
            breakdown=(breakdown[0], breakdown[1]),
            reached_target=None,
            rounds=self.rounds,
            columns=columns,
        )


def _standings(rules: Ruleset, results: Iterable[RoundResult]) -> Standings:
    if isinstance(results, (str, bytes)) or not hasattr(results, "__iter__"):
        raise InvalidResultError(f"invalid game: results {results!r} is not a sequence of RoundResults")
    standings = Standings.start(rules)
    for result in cast("Iterable[object]", results):  # each result is checked by add, not assumed
        standings = standings.add(result)
    return standings


def game_scores(rules: Ruleset, results: Iterable[RoundResult]) -> tuple[int, int]:
    """Each player's game score toward the target: round points, plus box bonuses when
    ``boxes_count_toward_target`` (under Hollywood scoring, the columns added up).

    :raises InvalidResultError: for a result after the game ended, or one that is no
        RoundResult.

    >>> import ginrummy as gr
    >>> knock = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=12)
    >>> gin = gr.RoundResult(outcome=gr.Outcome.GIN, winner=1, points=30)
    >>> gr.game_scores(gr.PAGAT, [knock, gin, knock])
    (24, 30)
    >>> boxes_count = gr.PAGAT.evolve(boxes_count_toward_target=True)
    >>> gr.game_scores(boxes_count, [knock, gin, knock])
    (64, 50)
    """
    return _standings(rules, results).scores


def hollywood_columns(rules: Ruleset, results: Iterable[RoundResult]) -> tuple[tuple[RoundResult, ...], ...]:
    """The round results that count in each Hollywood column (see :meth:`Standings.route`).

    :raises InvalidResultError: for a result after the match ended, or one that is no
        RoundResult.

    >>> import ginrummy as gr
    >>> win = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=10)
    >>> [len(column) for column in gr.hollywood_columns(gr.HOLLYWOOD, [win, win, win])]
    [3, 2, 1]
    """
    # a preset keeps its name only unchanged: a non-Hollywood preset turned Hollywood is a custom ruleset
    standings = Standings.start(rules if rules.hollywood else rules.evolve(hollywood=True))
    columns: list[list[RoundResult]] = [[] for _ in range(HOLLYWOOD_COLUMNS)]
    for result in cast("Iterable[object]", results):  # each result is checked by add, not assumed
        if isinstance(result, RoundResult):
            for column in standings.route(result):
                columns[column].append(result)
        standings = standings.add(result)
    return tuple(tuple(column) for column in columns)


def score_game(rules: Ruleset, results: Iterable[RoundResult]) -> GameResult:
    """Settle a game from its round results (docs/rules.rst §7).

    Round points count toward ``target`` (boxes too when ``boxes_count_toward_target``); the
    player who reaches it gets ``game_bonus``; each player gets ``box_bonus`` per round won;
    the ``shutout`` rule doubles the game bonus (DOUBLE_GAME_BONUS: the opponent scored no
    points) or the winner's round points (DOUBLE_ROUND_POINTS: it won every round and none was
    a dead hand or void); ``game_winner`` picks the winner (HIGHEST_TOTAL: equal totals draw).

    Under Hollywood scoring (``rules.hollywood``) the result adds up the three columns of
    :func:`hollywood_columns`, each settled like a game, and ``columns`` holds them.

    :raises InvalidResultError: when a result follows the round that ended the game, or is no
        RoundResult.

    >>> import ginrummy as gr
    >>> knock = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=60)
    >>> result = gr.score_game(gr.PAGAT, [knock, knock])
    >>> result.winner, result.totals, result.breakdown[0].game_bonus
    (0, (360, 0), 200)
    """
    if not isinstance(rules, Ruleset):
        raise InvalidResultError(f"invalid rules {rules!r}: expected a Ruleset")
    return _standings(rules, results).result()
