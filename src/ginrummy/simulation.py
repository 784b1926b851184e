"""Bot-against-bot simulation: statistics per ruleset, for comparing rule variants.

:func:`simulate` plays games (or single rounds) under one or several rulesets and counts what
happened. Game ``i`` is dealt from the seed ``f"{seed}:{i}"`` under *every* ruleset, so the
rulesets are compared on the same shuffles, and the first dealer alternates with ``i``. The
counts are sums over independent games, so the result is identical for any number of worker
processes.

>>> import ginrummy as gr
>>> report = gr.simulate(gr.PAGAT, rounds=20, seed=1)
>>> stats = report.stats[0]
>>> stats.rounds, stats.name
(20, 'pagat')
>>> 0.0 <= stats.rate("knock").value <= 1.0
True
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Sequence

import attrs

from ginrummy.bots import DEFAULT_BOT, BotFactory, bot_name, make_bot
from ginrummy.errors import GinRummyError
from ginrummy.game import Game
from ginrummy.round import Round
from ginrummy.rules import Ruleset
from ginrummy.scoring import Outcome, RoundResult

__all__ = ["Estimate", "RulesetStats", "SimulationReport", "Tally", "simulate"]

_OUTCOMES = tuple(Outcome)


@attrs.frozen
class Tally:
    """Additive counts of a batch of rounds and games (the order of batches never matters).

    >>> total = Tally(rounds=1, points=12) + Tally(rounds=2, points=30)
    >>> total.rounds, total.points
    (3, 42)
    """

    rounds: int = 0
    """Rounds played."""
    games: int = 0
    """Games played (0 when simulating single rounds)."""
    outcomes: tuple[int, ...] = (0,) * len(_OUTCOMES)
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
    first_player_wins: int = 0
    """Games won by the player who acted first in the game (the first round's non-dealer)."""
    drawn_games: int = 0
    """Games that ended with equal totals."""
    game_rounds: int = 0
    """Rounds summed over the games."""

    def __add__(self, other: Tally) -> Tally:
        sums: dict[str, object] = {}
        for field in attrs.fields(Tally):
            mine, theirs = getattr(self, field.name), getattr(other, field.name)
            if isinstance(mine, tuple):
                sums[field.name] = tuple(x + y for x, y in zip(mine, theirs, strict=True))
            else:
                sums[field.name] = mine + theirs
        return Tally(**sums)  # type: ignore[arg-type]

    @classmethod
    def of_round(cls, round_: Round) -> Tally:
        """The tally of one finished round."""
        result = round_.result
        assert result is not None
        return _round_tally(result, round_.dealer, round_.turns)


def _round_tally(result: RoundResult, dealer: int, turns: int) -> Tally:
    outcomes = [0] * len(_OUTCOMES)
    outcomes[_OUTCOMES.index(result.outcome)] = 1
    scored = result.winner is not None
    return Tally(
        rounds=1,
        outcomes=tuple(outcomes),
        turns=turns,
        turns_squared=turns * turns,
        scored_rounds=int(scored),
        points=result.points,
        points_squared=result.points * result.points,
        dealer_wins=int(scored and result.winner == dealer),
        non_dealer_wins=int(scored and result.winner != dealer),
    )


@attrs.frozen
class Estimate:
    """A measured rate or mean with its 95% interval.

    >>> e = Estimate.proportion(30, 100)
    >>> round(e.value, 3), round(e.low, 3), round(e.high, 3)
    (0.3, 0.219, 0.396)
    """

    value: float
    """The estimate."""
    low: float
    """The lower end of the 95% interval."""
    high: float
    """The upper end of the 95% interval."""

    @classmethod
    def proportion(cls, hits: int, total: int) -> Estimate:
        """A proportion with its Wilson score interval (95%)."""
        if total == 0:
            return cls(math.nan, math.nan, math.nan)
        z = 1.959963984540054
        p = hits / total
        denominator = 1 + z * z / total
        centre = (p + z * z / (2 * total)) / denominator
        spread = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
        low = 0.0 if hits == 0 else max(0.0, centre - spread)
        high = 1.0 if hits == total else min(1.0, centre + spread)
        return cls(p, low, high)

    @classmethod
    def mean(cls, total: int, squares: int, count: int) -> Estimate:
        """A mean with a normal 95% interval from the sum and the sum of squares."""
        if count == 0:
            return cls(math.nan, math.nan, math.nan)
        mean = total / count
        variance = max(0.0, squares / count - mean * mean) * count / max(1, count - 1)
        half = 1.959963984540054 * math.sqrt(variance / count)
        return cls(mean, mean - half, mean + half)


@attrs.frozen
class RulesetStats:
    """The statistics of one ruleset: counts, and rates and means derived from them.

    >>> import ginrummy as gr
    >>> stats = gr.RulesetStats(gr.PAGAT, gr.Tally(rounds=4, outcomes=(3, 1, 0, 0, 0, 0)))
    >>> stats.name, stats.rate("knock").value, stats.rate(gr.Outcome.UNDERCUT).value
    ('pagat', 0.75, 0.25)
    """

    rules: Ruleset
    """The ruleset simulated."""
    tally: Tally
    """The raw counts."""

    @property
    def name(self) -> str:
        """The ruleset's name."""
        return self.rules.name

    @property
    def rounds(self) -> int:
        """Rounds played."""
        return self.tally.rounds

    @property
    def games(self) -> int:
        """Games played."""
        return self.tally.games

    def rate(self, outcome: str | Outcome) -> Estimate:
        """The share of rounds that ended with ``outcome`` (a member or its value, such as
        ``'knock'`` or ``'dead-hand'``)."""
        member = outcome if isinstance(outcome, Outcome) else Outcome(outcome)
        return Estimate.proportion(self.tally.outcomes[_OUTCOMES.index(member)], self.tally.rounds)

    @property
    def turns_per_round(self) -> Estimate:
        """Mean turns per round."""
        return Estimate.mean(self.tally.turns, self.tally.turns_squared, self.tally.rounds)

    @property
    def points_per_scored_round(self) -> Estimate:
        """Mean points of the rounds someone won."""
        return Estimate.mean(self.tally.points, self.tally.points_squared, self.tally.scored_rounds)

    @property
    def rounds_per_game(self) -> float:
        """Mean rounds per game (NaN when simulating rounds)."""
        return self.tally.game_rounds / self.tally.games if self.tally.games else math.nan

    @property
    def dealer_win_rate(self) -> Estimate:
        """The share of all rounds won by the dealer."""
        return Estimate.proportion(self.tally.dealer_wins, self.tally.rounds)

    @property
    def non_dealer_win_rate(self) -> Estimate:
        """The share of all rounds won by the non-dealer."""
        return Estimate.proportion(self.tally.non_dealer_wins, self.tally.rounds)

    @property
    def first_player_game_win_rate(self) -> Estimate:
        """The share of games won by the player who acted first in the game."""
        return Estimate.proportion(self.tally.first_player_wins, self.tally.games)

    @property
    def draw_rate(self) -> Estimate:
        """The share of games drawn."""
        return Estimate.proportion(self.tally.drawn_games, self.tally.games)

    def as_dict(self) -> dict[str, object]:
        """The figures as plain data (for ``--json``)."""

        def est(e: Estimate) -> dict[str, float | None]:
            return {k: (None if math.isnan(v) else round(v, 6)) for k, v in attrs.asdict(e).items()}

        data: dict[str, object] = {
            "ruleset": self.name,
            "rounds": self.rounds,
            "games": self.games,
            "outcomes": {o.value: est(self.rate(o)) for o in _OUTCOMES},
            "turns_per_round": est(self.turns_per_round),
            "points_per_scored_round": est(self.points_per_scored_round),
            "dealer_win_rate": est(self.dealer_win_rate),
            "non_dealer_win_rate": est(self.non_dealer_win_rate),
        }
        if self.games:
            data["rounds_per_game"] = round(self.rounds_per_game, 6)
            data["first_player_game_win_rate"] = est(self.first_player_game_win_rate)
            data["draw_rate"] = est(self.draw_rate)
        return data


@attrs.frozen
class SimulationReport:
    """The result of :func:`simulate`: one :class:`RulesetStats` per ruleset, in order.

    >>> import ginrummy as gr
    >>> report = gr.simulate([gr.PAGAT, gr.STRAIGHT], rounds=4, seed=1)
    >>> report.bots, [stats.name for stats in report.stats], report["straight"].rounds
    (('tracker', 'tracker'), ['pagat', 'straight'], 4)
    """

    stats: tuple[RulesetStats, ...]
    """The statistics per ruleset."""
    bots: tuple[str, str]
    """The bots for players 0 and 1."""
    seed: int | str
    """The seed."""

    def __getitem__(self, name: str) -> RulesetStats:
        for stats in self.stats:
            if stats.name == name:
                return stats
        raise KeyError(name)


BotPair = tuple[str | BotFactory, str | BotFactory]
"""The bots of players 0 and 1, by name or factory."""


def _play_unit(rules: Ruleset, kind: str, index: int, seed: int | str, bots: BotPair) -> Tally:
    """Play game (or round) number ``index`` and tally it."""
    unit_seed = f"{seed}:{index}"
    players = (make_bot(bots[0], f"{unit_seed}:0"), make_bot(bots[1], f"{unit_seed}:1"))
    first_dealer = index % 2
    if kind == "rounds":
        state = Round.deal(rules, first_dealer, seed=unit_seed)
        while not state.is_over:
            player = state.to_act
            assert player is not None
            state = state.apply(players[player].act(state.view(player)))
        return Tally.of_round(state)
    game = Game.new(rules, seed=unit_seed, dealer=first_dealer)
    tally = Tally()
    while not game.is_over:
        player = game.to_act
        assert player is not None
        finished = len(game.results)
        game = game.apply(players[player].act(game.round.view(player)))
        if len(game.results) != finished:
            assert game.finished is not None
            tally += Tally.of_round(game.finished)
    result = game.result
    first = 1 - first_dealer
    return tally + Tally(
        games=1,
        first_player_wins=int(result.winner == first),
        drawn_games=int(result.is_draw),
        game_rounds=len(game.results),
    )


def _play_batch(
    args: tuple[Ruleset, str, Sequence[int], int | str, tuple[str | BotFactory, str | BotFactory]],
) -> tuple[int, Tally]:
    rules, kind, indices, seed, bots = args
    tally = Tally()
    for index in indices:
        tally += _play_unit(rules, kind, index, seed, bots)
    return len(indices), tally


def simulate(
    rulesets: Ruleset | Sequence[Ruleset],
    *,
    games: int | None = None,
    rounds: int | None = None,
    bots: tuple[str | BotFactory, str | BotFactory] = (DEFAULT_BOT, DEFAULT_BOT),
    seed: int | str = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationReport:
    """Play ``games`` games (or ``rounds`` single rounds) under each ruleset and report.

    :param rulesets: one ruleset or several.
    :param games: games per ruleset (give this or ``rounds``).
    :param rounds: single rounds per ruleset, each dealt afresh.
    :param bots: the bots for players 0 and 1: names of :data:`~ginrummy.BOTS` (the default
        is :data:`~ginrummy.bots.DEFAULT_BOT`), or a factory such as your own bot class, called
        with a seed (with ``workers`` above 1 it must be picklable: defined at the top level of
        a module).
    :param seed: the seed of every deal and bot.
    :param workers: worker processes (1 plays in this process); the result does not depend on it.
    :param progress: called as ``progress(done, total)`` after each batch of units.
    :raises GinRummyError: for bad arguments.

    >>> import ginrummy as gr
    >>> report = gr.simulate(gr.PAGAT, rounds=4, seed=1)
    >>> report.stats[0].rounds, report.stats[0].games, report.seed
    (4, 0, 1)
    >>> gr.simulate(gr.PAGAT, seed=1)
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: give either games or rounds
    """
    chosen = (rulesets,) if isinstance(rulesets, Ruleset) else tuple(rulesets)
    if not chosen or not all(isinstance(r, Ruleset) for r in chosen):
        raise GinRummyError(f"invalid rulesets {rulesets!r}: expected one Ruleset or several")
    if (games is None) == (rounds is None):
        raise GinRummyError("give either games or rounds")
    count = games if games is not None else rounds
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise GinRummyError(f"invalid count {count!r}: must be an integer of at least 1")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise GinRummyError(f"invalid workers {workers!r}: must be an integer of at least 1")
    for bot in bots:
        make_bot(bot)
    kind = "games" if games is not None else "rounds"
    batch = max(1, min(50, count // (8 * workers) or 1))
    jobs = [
        (index, (rules, kind, range(start, min(start + batch, count)), seed, (bots[0], bots[1])))
        for index, rules in enumerate(chosen)
        for start in range(0, count, batch)
    ]
    tallies = [Tally() for _ in chosen]
    total, done = count * len(chosen), 0
    if workers == 1:
        for index, job in jobs:
            played, tally = _play_batch(job)
            tallies[index] += tally
            done += played
            if progress is not None:
                progress(done, total)
    else:
        with multiprocessing.get_context().Pool(workers) as pool:
            owners = [index for index, _ in jobs]
            for position, (played, tally) in enumerate(pool.imap(_play_batch, [job for _, job in jobs])):
                tallies[owners[position]] += tally
                done += played
                if progress is not None:
                    progress(done, total)
    return SimulationReport(
        tuple(RulesetStats(rules, tally) for rules, tally in zip(chosen, tallies, strict=True)),
        (bot_name(bots[0]), bot_name(bots[1])),
        seed,
    )
