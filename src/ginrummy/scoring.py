"""Round results and their price under a ruleset (RULES.md section 6).

A :class:`RoundResult` records what happened in a round (who knocked, both deadwoods, the
spread and the layoffs) and what it is worth. :func:`price_round` turns the facts of a
finished round into its outcome, winner and points.

>>> import ginrummy as gr
>>> gr.price_round(gr.PAGAT, knocker=0, knocker_deadwood=7, defender_deadwood=5)
(<Outcome.UNDERCUT: 'undercut'>, 1, 12)
>>> gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=12).winner
0
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from ginrummy.cards import Card
from ginrummy.errors import InvalidResultError
from ginrummy.melds import Meld
from ginrummy.rules import GameWinner, Ruleset, Shutout

__all__ = [
    "HOLLYWOOD_COLUMNS",
    "GameResult",
    "Outcome",
    "PlayerScore",
    "RoundResult",
    "game_scores",
    "hollywood_columns",
    "price_round",
    "score_game",
]


class Outcome(enum.Enum):
    """How a round ended.

    >>> import ginrummy as gr
    >>> gr.price_round(gr.PAGAT, knocker=0, knocker_deadwood=0, defender_deadwood=23)[0]
    <Outcome.GIN: 'gin'>
    >>> gr.Outcome.DEAD_HAND.is_void, gr.Outcome("knock").is_void
    (True, False)
    """

    KNOCK = "knock"
    """The knocker had less deadwood than the defender (or equal, where ties go to it)."""
    UNDERCUT = "undercut"
    """The defender had less deadwood than the knocker (or equal, where ties go to it)."""
    GIN = "gin"
    """The knocker had no deadwood."""
    BIG_GIN = "big-gin"
    """All eleven cards melded, declared without a discard."""
    DEAD_HAND = "dead-hand"
    """The stock ran down to the dead-hand size after a plain discard: nobody scores."""
    VOID = "void"
    """The round was voided otherwise (``max_turns`` reached, or a gin matched with
    ``void_if_gin_matched``): nobody scores."""

    @property
    def is_void(self) -> bool:
        """Whether nobody scores (a dead hand or a void round); the dealer deals again."""
        return self in (Outcome.DEAD_HAND, Outcome.VOID)


def _player(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and (isinstance(value, bool) or value not in (0, 1)):
        raise InvalidResultError(
            f"invalid round result: {attribute.name!r} must be 0, 1 or None (got {value!r})"
        )


def _outcome(instance: object, attribute: attrs.Attribute[Outcome], value: object) -> None:
    if not isinstance(value, Outcome):
        raise InvalidResultError(f"invalid round result: 'outcome' must be an Outcome (got {value!r})")


def _multiplier(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10:
        raise InvalidResultError(
            f"invalid round result: 'multiplier' must be an integer from 1 to 10 (got {value!r})"
        )


def _points(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidResultError(
            f"invalid round result: 'points' must be an integer of at least 0 (got {value!r})"
        )


def _deadwood(instance: object, attribute: attrs.Attribute[tuple[int, int] | None], value: object) -> None:
    if value is None:
        return
    if (
        not isinstance(value, tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise InvalidResultError(
            f"invalid round result: 'deadwood' must be None or two integers of at least 0 (got {value!r})"
        )


def _melds(value: Iterable[Meld]) -> tuple[Meld, ...]:
    return tuple(value)


def _layoffs(value: Iterable[tuple[Card, int]]) -> tuple[tuple[Card, int], ...]:
    return tuple((card, index) for card, index in value)


@attrs.frozen(kw_only=True)
class RoundResult:
    """The result of one round: what happened and what it is worth.

    Constructible by hand (for :func:`ginrummy.score_game`); only ``outcome`` is required, and
    the fields are checked against each other.

    :raises InvalidResultError: for fields that contradict each other or the outcome.

    >>> RoundResult(outcome=Outcome.DEAD_HAND).points
    0
    >>> RoundResult(outcome=Outcome.GIN, winner=None, points=25)
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidResultError: invalid round result: a gin round needs a winner (got winner None)
    """

    outcome: Outcome = attrs.field(validator=_outcome)
    """How the round ended."""
    winner: int | None = attrs.field(default=None, validator=_player)
    """The player who scored (0 or 1), or None for a dead hand or a void round."""
    points: int = attrs.field(default=0, validator=_points)
    """The points the winner scored, bonuses and multiplier included."""
    knocker: int | None = attrs.field(default=None, validator=_player)
    """The player who knocked (or declared big gin), if anyone did."""
    deadwood: tuple[int, int] | None = attrs.field(default=None, validator=_deadwood)
    """Each player's deadwood at the end (the defender's after layoffs), when known."""
    spread: tuple[Meld, ...] = attrs.field(default=(), converter=_melds)
    """The knocker's melds as shown (before layoffs)."""
    layoffs: tuple[tuple[Card, int], ...] = attrs.field(default=(), converter=_layoffs)
    """The defender's layoffs: ``(card, meld index)`` in the order laid."""
    multiplier: int = attrs.field(default=1, validator=_multiplier)
    """The factor already applied to ``points`` (Oklahoma's spade upcard)."""

    def __attrs_post_init__(self) -> None:
        name = self.outcome.value.replace("-", " ")
        if self.outcome.is_void:
            if self.winner is not None or self.points != 0:
                raise InvalidResultError(
                    f"invalid round result: a {name} round has no winner and no points "
                    f"(got winner {self.winner!r}, points {self.points!r})"
                )
            return
        if self.winner is None:
            raise InvalidResultError(f"invalid round result: a {name} round needs a winner (got winner None)")
        if self.knocker is not None:
            if self.outcome is Outcome.UNDERCUT and self.winner == self.knocker:
                raise InvalidResultError(
                    "invalid round result: an undercut is won by the defender, "
                    f"not the knocker {self.knocker}"
                )
            if self.outcome is not Outcome.UNDERCUT and self.winner != self.knocker:
                raise InvalidResultError(
                    f"invalid round result: a {name} round is won by the knocker {self.knocker} "
                    f"(got winner {self.winner})"
                )

        if self.knocker is not None and self.deadwood is not None:
            self._check_deadwood(self.knocker, self.deadwood)

    def _check_deadwood(self, knocker: int, deadwood: tuple[int, int]) -> None:
        mine, theirs = deadwood[knocker], deadwood[1 - knocker]
        name = self.outcome.value.replace("-", " ")
        if self.outcome in (Outcome.GIN, Outcome.BIG_GIN) and mine != 0:
            raise InvalidResultError(f"invalid round result: a {name} knocker has no deadwood (got {mine})")
        if self.outcome is Outcome.UNDERCUT and theirs > mine:
            raise InvalidResultError(
                f"invalid round result: an undercut needs the defender's deadwood {theirs} at most the "
                f"knocker's {mine}"
            )
        if self.outcome is Outcome.KNOCK and (mine > theirs or mine == 0):
            raise InvalidResultError(
                f"invalid round result: a knock needs the knocker's deadwood {mine} above 0 and at most "
                f"the defender's {theirs}"
            )

    @property
    def loser(self) -> int | None:
        """The other player, when someone won."""
        return None if self.winner is None else 1 - self.winner


def price_round(
    rules: Ruleset,
    *,
    knocker: int,
    knocker_deadwood: int,
    defender_deadwood: int,
    big_gin: bool = False,
    spade_upcard: bool = False,
) -> tuple[Outcome, int, int]:
    """The outcome, winner and points of a round that ended with a knock (or big gin).

    :param knocker: the player who knocked.
    :param knocker_deadwood: the deadwood outside the knocker's spread (0 is gin).
    :param defender_deadwood: the defender's deadwood after any layoffs.
    :param big_gin: the knocker declared big gin.
    :param spade_upcard: the initial upcard was a spade (Oklahoma's multiplier applies).
    :returns: ``(outcome, winner, points)``.

    >>> import ginrummy as gr
    >>> gr.price_round(gr.PAGAT, knocker=0, knocker_deadwood=0, defender_deadwood=23)
    (<Outcome.GIN: 'gin'>, 0, 43)
    >>> gr.price_round(gr.OKLAHOMA, knocker=1, knocker_deadwood=4, defender_deadwood=30, spade_upcard=True)
    (<Outcome.KNOCK: 'knock'>, 1, 52)
    """
    defender = 1 - knocker
    if big_gin:
        outcome, winner, points = Outcome.BIG_GIN, knocker, defender_deadwood + rules.big_gin_bonus
    elif knocker_deadwood == 0:
        outcome, winner, points = Outcome.GIN, knocker, defender_deadwood + rules.gin_bonus
    elif defender_deadwood < knocker_deadwood or (
        defender_deadwood == knocker_deadwood and rules.undercut_on_tie
    ):
        outcome, winner = Outcome.UNDERCUT, defender
        points = knocker_deadwood - defender_deadwood + rules.undercut_bonus
    else:
        outcome, winner, points = Outcome.KNOCK, knocker, defender_deadwood - knocker_deadwood
    if spade_upcard:
        points *= rules.spade_multiplier
    return outcome, winner, points


@attrs.frozen(kw_only=True)
class PlayerScore:
    """How one player's game total came about.

    ``total = round_points + boxes + game_bonus`` (``round_points`` already doubled when the
    DOUBLE_ROUND_POINTS shutout applies).

    >>> import ginrummy as gr
    >>> knock = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=60)
    >>> score = gr.score_game(gr.PAGAT, [knock, knock]).breakdown[0]
    >>> score, score.total
    (PlayerScore(round_points=120, rounds_won=2, boxes=40, game_bonus=200, shutout=True), 360)
    """

    round_points: int
    """The points of the rounds this player won (doubled by a DOUBLE_ROUND_POINTS shutout)."""
    rounds_won: int
    """How many rounds this player won."""
    boxes: int
    """The box (line) bonus: ``box_bonus`` per round won."""
    game_bonus: int
    """The game bonus (doubled by a DOUBLE_GAME_BONUS shutout), for the player who reached
    the target."""
    shutout: bool
    """Whether a shutout rule doubled something for this player."""

    @property
    def total(self) -> int:
        """The final total."""
        return self.round_points + self.boxes + self.game_bonus


@attrs.frozen(kw_only=True)
class GameResult:
    """The settlement of a game: who won, the totals, and how each total came about.

    For a game still in progress (nobody has reached the target) ``is_over`` is False, the
    winner is None and the totals hold the round points (and boxes, when they count toward
    the target) so far.

    >>> import ginrummy as gr
    >>> gin = gr.RoundResult(outcome=gr.Outcome.GIN, winner=1, points=45)
    >>> result = gr.score_game(gr.PAGAT, [gin])
    >>> result.is_over, result.winner, result.totals
    (False, None, (0, 45))
    >>> gr.score_game(gr.PAGAT, [gin, gin, gin]).winner
    1
    """

    winner: int | None
    """The winner, or None for a drawn game or a game in progress."""
    totals: tuple[int, int]
    """Each player's total."""
    breakdown: tuple[PlayerScore, PlayerScore]
    """Each player's total, itemized."""
    reached_target: int | None
    """The player whose game score reached the target, or None while nobody has."""
    rounds: int
    """The number of rounds played, dead hands included."""
    columns: tuple[GameResult, ...] = ()
    """Under Hollywood scoring, the settlement of each of the three game columns (the fields
    above then add the columns up; ``reached_target`` stays None)."""

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


def game_scores(rules: Ruleset, results: Iterable[RoundResult]) -> tuple[int, int]:
    """Each player's game score toward the target: round points, plus box bonuses when
    ``boxes_count_toward_target``.

    >>> import ginrummy as gr
    >>> knock = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=12)
    >>> gin = gr.RoundResult(outcome=gr.Outcome.GIN, winner=1, points=30)
    >>> gr.game_scores(gr.PAGAT, [knock, gin, knock])
    (24, 30)
    >>> gr.game_scores(gr.PAGAT.evolve(boxes_count_toward_target=True), [knock, gin, knock])
    (64, 50)
    """
    scores = [0, 0]
    for result in results:
        if result.winner is not None:
            scores[result.winner] += result.points
            if rules.boxes_count_toward_target:
                scores[result.winner] += rules.box_bonus
    return scores[0], scores[1]


HOLLYWOOD_COLUMNS = 3
"""The number of game columns under Hollywood scoring."""


def hollywood_columns(rules: Ruleset, results: Iterable[RoundResult]) -> tuple[tuple[RoundResult, ...], ...]:
    """The round results that count in each Hollywood column.

    A player's first won round goes to column 1, its second to columns 1 and 2, its third and
    later to every column; only to columns still open (where nobody has reached the target
    yet). Dead hands and void rounds go to every open column (they matter to a
    DOUBLE_ROUND_POINTS shutout).

    >>> import ginrummy as gr
    >>> win = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=10)
    >>> [len(column) for column in gr.hollywood_columns(gr.HOLLYWOOD, [win, win, win])]
    [3, 2, 1]
    """
    columns: list[list[RoundResult]] = [[] for _ in range(HOLLYWOOD_COLUMNS)]
    scores = [[0, 0] for _ in range(HOLLYWOOD_COLUMNS)]
    closed = [False] * HOLLYWOOD_COLUMNS
    wins = [0, 0]
    for result in results:
        if result.winner is None:
            reach = HOLLYWOOD_COLUMNS
        else:
            wins[result.winner] += 1
            reach = min(wins[result.winner], HOLLYWOOD_COLUMNS)
        for column in range(reach):
            if closed[column]:
                continue
            columns[column].append(result)
            if result.winner is not None:
                scores[column][result.winner] += result.points
                if rules.boxes_count_toward_target:
                    scores[column][result.winner] += rules.box_bonus
                if scores[column][result.winner] >= rules.target:
                    closed[column] = True
    return tuple(tuple(column) for column in columns)


def score_game(rules: Ruleset, results: Iterable[RoundResult]) -> GameResult:
    """Settle a game from its round results (RULES.md section 7).

    Round points count toward ``target`` (boxes too when ``boxes_count_toward_target``); the
    player who reaches it gets ``game_bonus``; each player gets ``box_bonus`` per round won;
    the ``shutout`` rule doubles the game bonus (DOUBLE_GAME_BONUS: the opponent scored no
    points) or the winner's round points (DOUBLE_ROUND_POINTS: it won every round and none was
    a dead hand or void); ``game_winner`` picks the winner (HIGHEST_TOTAL: equal totals draw).

    Under Hollywood scoring (``rules.hollywood``) the result adds up the three columns of
    :func:`hollywood_columns`, each settled like a game, and ``columns`` holds them.

    :raises InvalidResultError: when a result follows the round that ended the game.

    >>> import ginrummy as gr
    >>> knock = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=60)
    >>> result = gr.score_game(gr.PAGAT, [knock, knock])
    >>> result.winner, result.totals, result.breakdown[0].game_bonus
    (0, (360, 0), 200)
    """
    results = tuple(results)
    for index, result in enumerate(results):
        if not isinstance(result, RoundResult):
            raise InvalidResultError(f"invalid game: results[{index}] {result!r} is not a RoundResult")
    if rules.hollywood:
        return _score_hollywood(rules, results)
    return _score_column(rules, results)


def _higher(totals: tuple[int, int]) -> int | None:
    """The player with the higher total, or None when they are equal."""
    return 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None


def _score_hollywood(rules: Ruleset, results: tuple[RoundResult, ...]) -> GameResult:
    """The Hollywood settlement: three columns, added up."""
    columns = tuple(_score_column(rules, column) for column in hollywood_columns(rules, results))
    if all(column.is_over for column in columns):
        # a result after the match ended is one that no open column could take
        counted = _rounds_taken(rules, results)
        if counted < len(results):
            raise InvalidResultError(
                f"invalid game: results[{counted}] follows the round that ended the last column"
            )
    breakdown = tuple(
        PlayerScore(
            round_points=sum(c.breakdown[p].round_points for c in columns),
            rounds_won=sum(1 for r in results if r.winner == p),
            boxes=sum(c.breakdown[p].boxes for c in columns),
            game_bonus=sum(c.breakdown[p].game_bonus for c in columns),
            shutout=any(c.breakdown[p].shutout for c in columns),
        )
        for p in (0, 1)
    )
    totals = (breakdown[0].total, breakdown[1].total)
    over = all(column.is_over for column in columns)
    return GameResult(
        winner=_higher(totals) if over else None,
        totals=totals,
        breakdown=(breakdown[0], breakdown[1]),
        reached_target=None,
        rounds=len(results),
        columns=columns,
    )


def _rounds_taken(rules: Ruleset, results: tuple[RoundResult, ...]) -> int:
    """How many of ``results`` come before the match is over."""
    for count in range(1, len(results) + 1):
        columns = hollywood_columns(rules, results[:count])
        if all(_score_column(rules, column).is_over for column in columns):
            return count
    return len(results)


def _score_column(rules: Ruleset, results: tuple[RoundResult, ...]) -> GameResult:
    """The settlement of one game (one column under Hollywood scoring)."""
    for index, result in enumerate(results):
        if not isinstance(result, RoundResult):
            raise InvalidResultError(f"invalid game: results[{index}] {result!r} is not a RoundResult")
    target = rules.target
    scores = [0, 0]
    reacher: int | None = None
    for index, result in enumerate(results):
        if reacher is not None:
            raise InvalidResultError(
                f"invalid game: results[{index}] follows round {index - 1}, where player {reacher} "
                f"reached the target {target}"
            )
        if result.winner is not None:
            scores[result.winner] += result.points
            if rules.boxes_count_toward_target:
                scores[result.winner] += rules.box_bonus
            if scores[result.winner] >= target:
                reacher = result.winner
    points = [0, 0]
    won = [0, 0]
    for result in results:
        if result.winner is not None:
            points[result.winner] += result.points
            won[result.winner] += 1
    boxes = [rules.box_bonus * won[0], rules.box_bonus * won[1]]
    if reacher is None:
        shown = [points[p] + (boxes[p] if rules.boxes_count_toward_target else 0) for p in (0, 1)]
        breakdown = tuple(
            PlayerScore(
                round_points=points[p],
                rounds_won=won[p],
                boxes=boxes[p] if rules.boxes_count_toward_target else 0,
                game_bonus=0,
                shutout=False,
            )
            for p in (0, 1)
        )
        return GameResult(
            winner=None,
            totals=(shown[0], shown[1]),
            breakdown=(breakdown[0], breakdown[1]),
            reached_target=None,
            rounds=len(results),
        )
    other = 1 - reacher
    game_bonus = [0, 0]
    game_bonus[reacher] = rules.game_bonus
    shutout = [False, False]
    if rules.shutout is Shutout.DOUBLE_GAME_BONUS and points[other] == 0:
        game_bonus[reacher] *= 2
        shutout[reacher] = True
    elif (
        rules.shutout is Shutout.DOUBLE_ROUND_POINTS
        and all(r.winner == reacher for r in results)
        and not any(r.outcome.is_void for r in results)
    ):
        points[reacher] *= 2
        shutout[reacher] = True
    breakdown = tuple(
        PlayerScore(
            round_points=points[p],
            rounds_won=won[p],
            boxes=boxes[p],
            game_bonus=game_bonus[p],
            shutout=shutout[p],
        )
        for p in (0, 1)
    )
    totals = (breakdown[0].total, breakdown[1].total)
    if rules.game_winner is GameWinner.FIRST_TO_TARGET:
        winner: int | None = reacher
    else:
        winner = _higher(totals)
    return GameResult(
        winner=winner,
        totals=totals,
        breakdown=(breakdown[0], breakdown[1]),
        reached_target=reacher,
        rounds=len(results),
    )
