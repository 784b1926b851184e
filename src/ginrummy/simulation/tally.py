"""Tallies: the additive counts a shard of simulated games leaves behind.

A :class:`Tally` is what :func:`~ginrummy.play_games` returns for games ``start..stop`` of a
simulation, under every ruleset of that simulation. Tallies of the same simulation add with
``+`` in any order and grouping (every field is an integer sum), so shards played anywhere
(worker processes, a Dask cluster, another engine) give one exact total. A tally holds:

- per ruleset, a :class:`Counts`: the counts behind every figure of
  :func:`~ginrummy.simulate` (rounds per outcome, turns, points, wins...);
- for each ruleset after the first, a :class:`PairedSums`: per statistic of
  :data:`STATISTICS`, sums over the games of products of that statistic's numerator and
  denominator under this ruleset and under the first. Game ``i`` is the same deal under every
  ruleset, so these sums give the paired difference of each statistic with its 95% interval
  (:func:`~ginrummy.compare`);
- which games it covers (``played``), so a game counted twice is refused.

>>> import ginrummy as gr
>>> first = gr.play_games([gr.PAGAT, gr.STRAIGHT], ("greedy", "greedy"), 1, 0, 2, unit="rounds")
>>> second = gr.play_games([gr.PAGAT, gr.STRAIGHT], ("greedy", "greedy"), 1, 2, 5, unit="rounds")
>>> total = first + second
>>> total.played, total.counts[0].rounds, total.units
(((0, 5),), 5, 5)
>>> total == gr.play_games([gr.PAGAT, gr.STRAIGHT], ("greedy", "greedy"), 1, 0, 5, unit="rounds")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

import attrs

from ginrummy.bots.registry import check_bot_shown
from ginrummy.errors import GinRummyError
from ginrummy.plurals import counted
from ginrummy.results.pricing import Outcome
from ginrummy.results.round_result import RoundResult
from ginrummy.rules import Ruleset
from ginrummy.validators import check_int, check_player, check_seed, is_int

__all__ = ["PRODUCTS", "STATISTICS", "UNITS", "Counts", "PairedSums", "Statistic", "Tally", "Unit"]

OUTCOMES = tuple(Outcome)
"""The outcomes in the order of :attr:`Counts.outcomes`."""

Unit = Literal["games", "rounds"]
"""What one simulated unit is: a whole game to the target, or a single round."""
UNITS: tuple[Unit, ...] = ("games", "rounds")
"""The units a simulation may count."""


@attrs.frozen
class Counts:
    """Additive counts of the rounds and games one ruleset played (any order of addition).

    The constructor checks that the counts could come from play: the outcomes add up to the
    rounds, the scored rounds are those won by the dealer or the non-dealer and are the rounds
    that were not void, and game figures appear only with games.

    >>> import ginrummy as gr
    >>> gin = gr.RoundResult(outcome=gr.Outcome.GIN, winner=0, points=30)
    >>> total = Counts.of_round(gin, 1, 8)
    >>> dead_hand = gr.RoundResult(outcome=gr.Outcome.DEAD_HAND)
    >>> total = total + Counts.of_round(dead_hand, 0, 20)
    >>> total.rounds, total.outcomes[2], total.points, total.turns, total.non_dealer_wins
    (2, 1, 30, 28, 1)
    """

    rounds: int = 0
    """Rounds played."""
    games: int = 0
    """Games played (0 when simulating single rounds)."""
    outcomes: tuple[int, ...] = (0,) * len(OUTCOMES)
    """Rounds per outcome, in the order of :class:`~ginrummy.Outcome`."""
    turns: int = 0
    """Turns summed over the rounds."""
    turns_squared: int = 0
    """Squares of the turns per round, summed."""
    scored_rounds: int = 0
    """Rounds someone won."""
    points: int = 0
    """Points of the scored rounds, summed."""
    points_squared: int = 0
    """Squares of the points per scored round, summed."""
    dealer_wins: int = 0
    """Rounds won by the dealer."""
    non_dealer_wins: int = 0
    """Rounds won by the non-dealer."""
    player0_round_wins: int = 0
    """Rounds won by player 0 (the simulation's first bot)."""
    player1_round_wins: int = 0
    """Rounds won by player 1 (the simulation's second bot)."""
    first_player_wins: int = 0
    """Games won by the player who acted first in the game (the first round's non-dealer)."""
    player0_wins: int = 0
    """Games won by player 0 (the simulation's first bot)."""
    player1_wins: int = 0
    """Games won by player 1 (the simulation's second bot)."""
    drawn_games: int = 0
    """Games that ended with equal totals."""
    game_rounds: int = 0
    """Rounds summed over the games (equal to ``rounds`` when games were played)."""

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(Counts):
            if field.name != "outcomes":
                check_int(getattr(self, field.name), f"counts.{field.name}", GinRummyError, low=0)
        if not isinstance(self.outcomes, tuple) or len(self.outcomes) != len(OUTCOMES):
            raise GinRummyError(
                f"invalid counts.outcomes {self.outcomes!r}: must be a tuple of {len(OUTCOMES)} counts"
            )
        for outcome, count in zip(OUTCOMES, self.outcomes, strict=True):
            check_int(count, f"counts.outcomes[{outcome.value!r}]", GinRummyError, low=0)
        problem = self._inconsistency()
        if problem is not None:
            raise GinRummyError(f"inconsistent counts: {problem}")

    def _inconsistency(self) -> str | None:
        """What makes these counts impossible, or None."""
        void = sum(n for outcome, n in zip(OUTCOMES, self.outcomes, strict=True) if outcome.is_void)
        if sum(self.outcomes) != self.rounds:
            return f"the outcomes add up to {sum(self.outcomes)}, not to the {counted(self.rounds, 'round')}"
        if self.dealer_wins + self.non_dealer_wins != self.scored_rounds:
            scored = counted(self.scored_rounds, "scored round")
            return f"the dealer's and the non-dealer's wins are not the {scored}"
        if self.rounds - void != self.scored_rounds:
            return f"{counted(self.scored_rounds, 'scored round')} of {self.rounds} with {void} void"
        if self.player0_round_wins + self.player1_round_wins != self.scored_rounds:
            return f"player 0's and player 1's wins are not the {counted(self.scored_rounds, 'scored round')}"
        if self.turns_squared < self.turns or self.points_squared < self.points:
            return "a sum of squares is below its sum"
        if self.points and not self.scored_rounds:
            return f"{counted(self.points, 'point')} without a scored round"
        game_figures = (
            self.game_rounds,
            self.first_player_wins,
            self.drawn_games,
            self.player0_wins,
            self.player1_wins,
        )
        if self.games == 0 and any(game_figures):
            return "game figures without games"
        if self.games and (self.game_rounds != self.rounds or self.rounds < self.games):
            games, rounds = counted(self.games, "game"), counted(self.game_rounds, "round")
            return f"{games} of {rounds} but {counted(self.rounds, 'round')} played"
        if self.first_player_wins + self.drawn_games > self.games:
            wins, draws = counted(self.first_player_wins, "win"), counted(self.drawn_games, "draw")
            return f"{wins} and {draws} in {counted(self.games, 'game')}"
        if self.player0_wins + self.player1_wins + self.drawn_games != self.games:
            return (
                f"player 0's {self.player0_wins} and player 1's {self.player1_wins} wins and "
                f"{counted(self.drawn_games, 'draw')} are not the {counted(self.games, 'game')}"
            )
        return None

    def __add__(self, other: Counts) -> Counts:
        if not isinstance(other, Counts):
            return NotImplemented
        sums: dict[str, Any] = {}
        for field in attrs.fields(Counts):
            mine, theirs = getattr(self, field.name), getattr(other, field.name)
            if isinstance(mine, tuple):
                sums[field.name] = tuple(x + y for x, y in zip(mine, theirs, strict=True))
            else:
                sums[field.name] = mine + theirs
        return Counts(**sums)

    @classmethod
    def of_round(cls, result: RoundResult, dealer: int, turns: int) -> Counts:
        """The counts of one finished round: its result, its dealer and its turns.

        :raises GinRummyError: for a negative number of turns or a dealer other than 0 or 1.
        """
        return cls.of_rounds([(result, dealer, turns)])

    @classmethod
    def of_rounds(cls, rounds: Iterable[tuple[RoundResult, int, int]]) -> Counts:
        """The counts of finished rounds, each given as ``(result, dealer, turns)``: the sum of
        their :meth:`of_round`, made (and checked) once, as a simulation counts a game's rounds.

        :raises GinRummyError: for a negative number of turns or a dealer other than 0 or 1.

        >>> import ginrummy as gr
        >>> gin = gr.RoundResult(outcome=gr.Outcome.GIN, winner=0, points=30)
        >>> knock = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=1, points=12)
        >>> both = Counts.of_rounds([(gin, 1, 8), (knock, 0, 11)])
        >>> both == Counts.of_round(gin, 1, 8) + Counts.of_round(knock, 0, 11)
        True
        """
        outcomes = [0] * len(OUTCOMES)
        turns_total = turns_squared = scored_rounds = points = points_squared = 0
        dealer_wins = non_dealer_wins = player0_round_wins = player1_round_wins = 0
        for result, dealer, turns in rounds:
            check_player(dealer, "dealer", GinRummyError)
            check_int(turns, "turns", GinRummyError, low=0)
            outcomes[OUTCOMES.index(result.outcome)] += 1
            turns_total += turns
            turns_squared += turns * turns
            points += result.points
            points_squared += result.points * result.points
            winner = result.winner
            if winner is not None:
                scored_rounds += 1
                if winner == dealer:
                    dealer_wins += 1
                else:
                    non_dealer_wins += 1
                if winner == 0:
                    player0_round_wins += 1
                elif winner == 1:
                    player1_round_wins += 1
        return cls(
            rounds=sum(outcomes),
            outcomes=tuple(outcomes),
            turns=turns_total,
            turns_squared=turns_squared,
            scored_rounds=scored_rounds,
            points=points,
            points_squared=points_squared,
            dealer_wins=dealer_wins,
            non_dealer_wins=non_dealer_wins,
            player0_round_wins=player0_round_wins,
            player1_round_wins=player1_round_wins,
        )


@attrs.frozen
class Statistic:
    """A figure of the report: the ratio of two sums of :class:`Counts` (a rate or a mean).

    >>> import ginrummy as gr
    >>> gin = next(s for s in STATISTICS if s.name == "gin")
    >>> gin.label, gin.percent, gin.ratio(gr.Counts(rounds=4, outcomes=(3, 0, 1, 0, 0, 0),
    ...     scored_rounds=4, dealer_wins=4, player0_round_wins=4))
    ('gin', True, 0.25)
    """

    name: str
    """The key of the figure in JSON (``'gin'``, ``'turns_per_round'``)."""
    label: str
    """The row label of the listings."""
    numerator: str
    """The :class:`Counts` field summed above the line (``outcomes:<value>`` for an outcome)."""
    denominator: str
    """The :class:`Counts` field summed below the line."""
    percent: bool
    """A share (shown in percent) rather than a mean."""
    games_only: bool = False
    """Defined only when whole games were played."""

    def parts(self, counts: Counts) -> tuple[int, int]:
        """The numerator and the denominator in ``counts``."""
        if self.numerator.startswith("outcomes:"):
            above = counts.outcomes[OUTCOMES.index(Outcome(self.numerator.removeprefix("outcomes:")))]
        else:
            above = getattr(counts, self.numerator)
        return above, getattr(counts, self.denominator)

    def ratio(self, counts: Counts) -> float:
        """The figure in ``counts`` (NaN when the denominator is 0)."""
        above, below = self.parts(counts)
        return above / below if below else float("nan")


STATISTICS: tuple[Statistic, ...] = (
    *(
        Statistic(o.value, o.value.replace("-", " "), f"outcomes:{o.value}", "rounds", percent=True)
        for o in OUTCOMES
    ),
    Statistic("turns_per_round", "turns per round", "turns", "rounds", percent=False),
    Statistic("points_per_scored_round", "points per scored round", "points", "scored_rounds", percent=False),
    Statistic("dealer_win_rate", "dealer wins round", "dealer_wins", "rounds", percent=True),
    Statistic("non_dealer_win_rate", "non-dealer wins round", "non_dealer_wins", "rounds", percent=True),
    Statistic("player0_round_win_rate", "player 0 wins round", "player0_round_wins", "rounds", percent=True),
    Statistic("player1_round_win_rate", "player 1 wins round", "player1_round_wins", "rounds", percent=True),
    Statistic("rounds_per_game", "rounds per game", "rounds", "games", percent=False, games_only=True),
    Statistic(
        "first_player_game_win_rate",
        "first player wins game",
        "first_player_wins",
        "games",
        percent=True,
        games_only=True,
    ),
    Statistic(
        "player0_game_win_rate", "player 0 wins game", "player0_wins", "games", percent=True, games_only=True
    ),
    Statistic(
        "player1_game_win_rate", "player 1 wins game", "player1_wins", "games", percent=True, games_only=True
    ),
    Statistic("draw_rate", "drawn games", "drawn_games", "games", percent=True, games_only=True),
)
"""Every figure of a simulation report, in the order of the listings: the outcome shares, the
means per round, the win shares (by seat and by bot: player 0 is always the first bot), and
the game figures. A listing names the bots in the labels ``player 0`` and ``player 1``."""

WIN_RATES: dict[tuple[int | str, Unit], str] = {
    (0, "games"): "player0_game_win_rate",
    (1, "games"): "player1_game_win_rate",
    (0, "rounds"): "player0_round_win_rate",
    (1, "rounds"): "player1_round_win_rate",
    ("dealer", "rounds"): "dealer_win_rate",
    ("non-dealer", "rounds"): "non_dealer_win_rate",
    ("first player", "games"): "first_player_game_win_rate",
}
"""The statistic of each win rate, by whose wins (a player, ``'dealer'``, ``'non-dealer'``,
``'first player'``) and what is counted (:meth:`~ginrummy.RulesetStats.win_rate`)."""

PRODUCTS: tuple[tuple[int, int], ...] = tuple((i, j) for i in range(4) for j in range(i, 4))
"""The index pairs ``(i, j)``, ``i <= j``, of the products that :class:`PairedSums` keeps, over
the vector ``(numerator, denominator, numerator under the first ruleset, denominator under the
first ruleset)`` of one game."""


def unit_parts(counts: Counts) -> tuple[tuple[int, int], ...]:
    """The numerator and denominator of every statistic in ``counts`` (one game or round)."""
    return tuple(statistic.parts(counts) for statistic in STATISTICS)


@attrs.frozen
class PairedSums:
    """For one ruleset against the first: per statistic of :data:`STATISTICS`, the sums over
    the games of the products :data:`PRODUCTS` of the vector (numerator, denominator,
    numerator under the first ruleset, denominator under the first ruleset) of each game.

    With the sums of the vector themselves (in the two rulesets' :class:`Counts`) they give
    the paired difference of the statistic and its variance: for a share of games or a mean
    per game the denominators are 1 and the sums reduce to the sum of the per-game
    differences and of their squares; for a share of rounds (the rounds of a game differ
    between rulesets) the products give the delta-method variance of the difference of two
    ratios.

    >>> sums = PairedSums.of_units(Counts(), Counts())
    >>> len(sums.products) == len(STATISTICS), sums + sums == sums
    (True, True)
    """

    products: tuple[tuple[int, ...], ...] = attrs.field()
    """One row per statistic, one sum per entry of :data:`PRODUCTS`."""

    @products.default
    def _no_products(self) -> tuple[tuple[int, ...], ...]:
        return ((0,) * len(PRODUCTS),) * len(STATISTICS)

    def __attrs_post_init__(self) -> None:
        rows = self.products
        if not isinstance(rows, tuple) or len(rows) != len(STATISTICS):
            raise GinRummyError(f"invalid paired sums: expected {len(STATISTICS)} rows, got {rows!r}")
        for statistic, row in zip(STATISTICS, rows, strict=True):
            if not isinstance(row, tuple) or len(row) != len(PRODUCTS):
                raise GinRummyError(
                    f"invalid paired sums of {statistic.name!r}: expected {len(PRODUCTS)} sums, got {row!r}"
                )
            for value in row:
                check_int(value, f"paired sum of {statistic.name!r}", GinRummyError, low=0)

    def __add__(self, other: PairedSums) -> PairedSums:
        if not isinstance(other, PairedSums):
            return NotImplemented
        return PairedSums(
            tuple(
                tuple(x + y for x, y in zip(mine, theirs, strict=True))
                for mine, theirs in zip(self.products, other.products, strict=True)
            )
        )

    @classmethod
    def of_units(cls, counts: Counts, first: Counts) -> PairedSums:
        """The sums of one game (or round): its counts under this ruleset and under the first."""
        rows = []
        for (x, y), (x0, y0) in zip(unit_parts(counts), unit_parts(first), strict=True):
            vector = (x, y, x0, y0)
            rows.append(tuple(vector[i] * vector[j] for i, j in PRODUCTS))
        return cls(tuple(rows))


def _played(value: object) -> tuple[tuple[int, int], ...]:
    """Check and merge ranges of game indices: sorted, disjoint, adjacent ones joined."""
    if not isinstance(value, (tuple, list)):
        raise GinRummyError(f"invalid played {value!r}: expected (start, stop) pairs")
    pairs: list[tuple[int, int]] = []
    for item in value:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise GinRummyError(f"invalid played range {item!r}: expected (start, stop)")
        start, stop = (
            check_int(x, name, GinRummyError, low=0) for x, name in zip(item, ("start", "stop"), strict=True)
        )
        if stop <= start:
            raise GinRummyError(f"invalid played range {item!r}: stop must exceed start")
        pairs.append((start, stop))
    pairs.sort()
    merged: list[tuple[int, int]] = []
    for start, stop in pairs:
        if merged and start < merged[-1][1]:
            overlap = (start, min(stop, merged[-1][1]))
            raise GinRummyError(f"games {overlap[0]} to {overlap[1] - 1} are counted twice")
        if merged and start == merged[-1][1]:
            merged[-1] = (merged[-1][0], stop)
        else:
            merged.append((start, stop))
    return tuple(merged)


@attrs.frozen
class Tally:
    """The counts of some games of one simulation, under each of its rulesets (see the module
    docstring). Tallies of the same simulation (rulesets, bots, seed and unit) add with ``+``
    (and ``sum()``); adding a game twice, or tallies of different simulations, is refused.

    >>> import ginrummy as gr
    >>> shard = gr.play_games([gr.PAGAT], ("greedy", "greedy"), 7, 0, 3, unit="rounds")
    >>> shard.units, shard.counts[0].rounds, gr.loads(gr.dumps(shard)) == shard
    (3, 3, True)
    """

    rulesets: tuple[Ruleset, ...]
    """The rulesets, in order; the first is the one the others are compared against."""
    bots: tuple[str, str]
    """The names of the bots of players 0 and 1."""
    seed: int | str
    """The seed of the simulation."""
    unit: Unit
    """``'games'`` or ``'rounds'``: what one index of ``played`` is."""
    played: tuple[tuple[int, int], ...] = attrs.field(converter=_played)
    """The games counted, as sorted ``(start, stop)`` ranges of indices (stop excluded)."""
    counts: tuple[Counts, ...]
    """The counts per ruleset."""
    paired: tuple[PairedSums, ...]
    """The paired sums of each ruleset after the first against the first."""

    def __attrs_post_init__(self) -> None:
        rulesets = self.rulesets
        if (
            not isinstance(rulesets, tuple)
            or not rulesets
            or not all(isinstance(r, Ruleset) for r in rulesets)
        ):
            raise GinRummyError(f"invalid tally rulesets {rulesets!r}: expected a tuple of rulesets")
        bots = self.bots
        if not (isinstance(bots, tuple) and len(bots) == 2):
            raise GinRummyError(f"invalid tally bots {bots!r:.120}: expected two names")
        for player, bot in enumerate(bots):
            check_bot_shown(bot, f"bots[{player}]", "tally")
        check_seed(self.seed, GinRummyError, context="tally")
        if self.unit not in UNITS:
            raise GinRummyError(f"invalid tally unit {self.unit!r}: expected 'games' or 'rounds'")
        if not isinstance(self.counts, tuple) or len(self.counts) != len(rulesets):
            raise GinRummyError(f"invalid tally: expected counts for {len(rulesets)} rulesets")
        if not isinstance(self.paired, tuple) or len(self.paired) != len(rulesets) - 1:
            raise GinRummyError(f"invalid tally: expected paired sums for {len(rulesets) - 1} rulesets")
        units = self.units
        for index, counts in enumerate(self.counts):
            if not isinstance(counts, Counts):
                raise GinRummyError(f"invalid tally counts {counts!r}: expected Counts")
            played = counts.games if self.unit == "games" else counts.rounds
            if played != units or (self.unit == "rounds" and counts.games):
                raise GinRummyError(
                    f"invalid tally: ruleset {index} counts {played} {self.unit}, but {units} were played"
                )
        if not all(isinstance(sums, PairedSums) for sums in self.paired):
            raise GinRummyError("invalid tally: paired sums must be PairedSums")
        problem = self._paired_problem()
        if problem is not None:
            raise GinRummyError(f"inconsistent tally: {problem}")

    def _paired_problem(self) -> str | None:
        """What makes the paired sums impossible given the counts, or None: a sum of squares
        below its sum or below its square over the games, a product above the geometric mean
        of its squares (Cauchy-Schwarz), or the first ruleset's sums differing between pairs."""
        n = self.units
        first = unit_parts(self.counts[0])
        for index, sums in enumerate(self.paired, start=1):
            own = unit_parts(self.counts[index])
            for statistic, (x, y), (x0, y0), row in zip(STATISTICS, own, first, sums.products, strict=True):
                vector = (x, y, x0, y0)
                square = {i: row[PRODUCTS.index((i, i))] for i in range(4)}
                for i in range(4):
                    if square[i] < vector[i] or n * square[i] < vector[i] ** 2:
                        return f"ruleset {index}, {statistic.name}: sum of squares {square[i]} is impossible"
                for (i, j), product in zip(PRODUCTS, row, strict=True):
                    if product * product > square[i] * square[j]:
                        return f"ruleset {index}, {statistic.name}: product sum {product} is impossible"
                if index > 1:
                    reference = self.paired[0].products[STATISTICS.index(statistic)]
                    for i, j in ((2, 2), (2, 3), (3, 3)):
                        at = PRODUCTS.index((i, j))
                        if row[at] != reference[at]:
                            return f"ruleset {index}, {statistic.name}: the first ruleset's sums differ"
        return None

    @property
    def units(self) -> int:
        """How many games (or rounds) per ruleset the tally counts."""
        return sum(stop - start for start, stop in self.played)

    def same_simulation(self, other: Tally) -> str | None:
        """What differs between this tally's simulation and ``other``'s, or None."""
        for name in ("rulesets", "bots", "seed", "unit"):
            if getattr(self, name) != getattr(other, name):
                return f"their {name} differ"
        return None

    def __add__(self, other: Tally) -> Tally:
        if not isinstance(other, Tally):
            return NotImplemented
        problem = self.same_simulation(other)
        if problem is not None:
            raise GinRummyError(f"cannot add tallies of different simulations: {problem}")
        return Tally(
            rulesets=self.rulesets,
            bots=self.bots,
            seed=self.seed,
            unit=self.unit,
            played=self.played + other.played,
            counts=tuple(a + b for a, b in zip(self.counts, other.counts, strict=True)),
            paired=tuple(a + b for a, b in zip(self.paired, other.paired, strict=True)),
        )

    def __radd__(self, other: object) -> Tally:
        if is_int(other) and other == 0:
            return self  # sum() starts from 0
        return NotImplemented

    @classmethod
    def empty(cls, rulesets: Sequence[Ruleset], bots: tuple[str, str], seed: int | str, unit: Unit) -> Tally:
        """The tally of no games of a simulation (the start of a sum).

        >>> import ginrummy as gr
        >>> gr.Tally.empty([gr.PAGAT], ("greedy", "greedy"), 0, "games").units
        0
        """
        chosen = tuple(rulesets)
        return cls(
            rulesets=chosen,
            bots=bots,
            seed=seed,
            unit=unit,
            played=(),
            counts=tuple(Counts() for _ in chosen),
            paired=tuple(PairedSums() for _ in chosen[1:]),
        )
