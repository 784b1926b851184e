"""Bot-against-bot simulation: statistics per ruleset, for comparing rule variants.

:func:`simulate` plays games (or single rounds) under one or several rulesets and counts what
happened. Game ``i`` is dealt from the seed ``f"{seed}:{i}"`` under *every* ruleset, so the
rulesets are compared on the same shuffles, and the first dealer alternates with ``i``. The
games are played in shards (:func:`~ginrummy.play_games`) whose tallies add up exactly, so the
report is identical for any executor, number of worker processes and shard size.

>>> import ginrummy as gr
>>> report = gr.simulate(gr.PAGAT, rounds=20, seed=1, bots=("greedy", "greedy"))
>>> stats = report.stats[0]
>>> stats.rounds, stats.name
(20, 'pagat')
>>> 0.0 <= stats.rate("knock").value <= 1.0
True
"""

from __future__ import annotations

import concurrent.futures
import math
import textwrap
import warnings
from collections.abc import Sequence

import attrs

from ginrummy.bots.registry import DEFAULT_BOT, BotFactory
from ginrummy.errors import GinRummyError
from ginrummy.plurals import counted
from ginrummy.results.pricing import Outcome
from ginrummy.rules import Ruleset
from ginrummy.simulation.cells import WIDTH, estimate_cell, wrapped_columns
from ginrummy.simulation.shards import (
    MAX_WORKERS,
    BotPair,
    Progress,
    adapted,
    check_bots,
    check_rulesets,
    run_shards,
)
from ginrummy.simulation.shards import (
    shard_size as default_shard_size,
)
from ginrummy.simulation.tally import OUTCOMES, STATISTICS, WIN_RATES, Counts, Statistic, Tally, Unit
from ginrummy.validators import check_int, check_player, check_seed

__all__ = [
    "DEFAULT_GAMES",
    "Estimate",
    "RulesetStats",
    "SimulationReport",
    "deprecated_as_dict",
    "estimate_dict",
    "report_header",
    "report_note",
    "run_simulation",
    "simulate",
    "simulation_text",
    "statistic_label",
    "statistic_rows",
    "stats_figures",
]

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution (a two-sided 95% interval)."""


@attrs.frozen
class Estimate:
    """A measured rate or mean with its 95% interval.

    ``str()`` writes the value and the interval to three significant digits; a format spec
    formats the value as a float would (``f"{e:.1%}"``), and :meth:`interval` formats all
    three with one spec.

    >>> e = Estimate.proportion(30, 100)
    >>> round(e.value, 3), round(e.low, 3), round(e.high, 3)
    (0.3, 0.219, 0.396)
    >>> print(e)
    0.3 (0.219 to 0.396)
    >>> f"{e:.1%}", f"{e:6.3f}", e.interval(".1%")
    ('30.0%', ' 0.300', '30.0% (21.9% to 39.6%)')
    """

    value: float
    """The estimate."""
    low: float
    """The lower end of the 95% interval."""
    high: float
    """The upper end of the 95% interval."""

    def __str__(self) -> str:
        return self.interval(".3g")

    def __format__(self, spec: str) -> str:
        """The value formatted as a float by ``spec`` (an empty spec: ``str()``)."""
        if not spec:
            return str(self)
        try:
            return format(self.value, spec)
        except ValueError as exc:
            raise GinRummyError(f"invalid format {spec!r:.40} for an estimate: {exc}") from None

    def interval(self, spec: str = ".3g") -> str:
        """The value and its interval, each formatted by ``spec``: ``'30.0% (21.9% to 39.6%)'``.

        :raises GinRummyError: for a spec a float does not take.
        """
        try:
            value, low, high = (format(x, spec) for x in (self.value, self.low, self.high))
        except ValueError as exc:
            raise GinRummyError(f"invalid format {spec!r:.40} for an estimate: {exc}") from None
        if math.isnan(self.value) or (self.low == self.high == self.value):
            return value
        return f"{value} ({low} to {high})"

    @classmethod
    def proportion(cls, hits: int, total: int) -> Estimate:
        """A proportion with its Wilson score interval (95%)."""
        if total == 0:
            return cls(math.nan, math.nan, math.nan)
        z = Z95
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
        half = Z95 * math.sqrt(variance / count)
        return cls(mean, mean - half, mean + half)


@attrs.frozen
class RulesetStats:
    """The statistics of one ruleset: counts, and rates and means derived from them.

    >>> import ginrummy as gr
    >>> outcomes = (3, 1, 0, 0, 0, 0)
    >>> counts = gr.Counts(rounds=4, outcomes=outcomes, scored_rounds=4, dealer_wins=4,
    ...     player0_round_wins=4)
    >>> stats = gr.RulesetStats(gr.PAGAT, counts)
    >>> stats.name, stats.rate("knock").value, stats.rate(gr.Outcome.UNDERCUT).value
    ('pagat', 0.75, 0.25)
    """

    rules: Ruleset
    """The ruleset simulated."""
    counts: Counts
    """The raw counts."""

    @property
    def name(self) -> str:
        """The ruleset's name."""
        return self.rules.name

    @property
    def rounds(self) -> int:
        """Rounds played."""
        return self.counts.rounds

    @property
    def games(self) -> int:
        """Games played."""
        return self.counts.games

    def rate(self, outcome: str | Outcome) -> Estimate:
        """The share of rounds that ended with ``outcome`` (a member or its value, such as
        ``'knock'`` or ``'dead-hand'``)."""
        member = outcome if isinstance(outcome, Outcome) else Outcome(outcome)
        return Estimate.proportion(self.counts.outcomes[OUTCOMES.index(member)], self.counts.rounds)

    @property
    def turns_per_round(self) -> Estimate:
        """Mean turns per round."""
        return Estimate.mean(self.counts.turns, self.counts.turns_squared, self.counts.rounds)

    @property
    def points_per_scored_round(self) -> Estimate:
        """Mean points of the rounds someone won."""
        return Estimate.mean(self.counts.points, self.counts.points_squared, self.counts.scored_rounds)

    @property
    def rounds_per_game(self) -> float:
        """Mean rounds per game (NaN when simulating rounds)."""
        return self.counts.game_rounds / self.counts.games if self.counts.games else math.nan

    def win_rate(self, who: int | str, unit: Unit | None = None) -> Estimate:
        """The share of games (or of all rounds) won by ``who``, with its 95% interval: the one
        accessor of every win rate.

        :param who: ``0`` or ``1`` (the simulation's first or second bot, whoever deals),
            ``'dealer'`` or ``'non-dealer'`` (of each round), or ``'first player'`` (the player
            who acted first in the game).
        :param unit: ``'games'`` or ``'rounds'``; None: games for a player and the first
            player, rounds for the dealer and the non-dealer (who deals changes from round to
            round, and the first player is a game's).
        :raises GinRummyError: for anyone else, an unknown unit, or a unit ``who`` has no
            rate in.

        >>> import ginrummy as gr
        >>> counts = gr.Counts(rounds=3, games=1, outcomes=(3, 0, 0, 0, 0, 0),
        ...     scored_rounds=3, dealer_wins=3, player0_round_wins=2,
        ...     player1_round_wins=1, game_rounds=3, player1_wins=1)
        >>> stats = gr.RulesetStats(gr.PAGAT, counts)
        >>> stats.win_rate(1).value, round(stats.win_rate(0, "rounds").value, 3)
        (1.0, 0.667)
        >>> stats.win_rate("dealer").value
        1.0
        """
        if unit is not None and unit not in ("games", "rounds"):
            raise GinRummyError(f"invalid unit {unit!r:.40}: expected 'games' or 'rounds'")
        if who in ("dealer", "non-dealer", "first player"):
            chosen = unit or ("games" if who == "first player" else "rounds")
        else:
            check_player(who, "player", GinRummyError)
            chosen = unit or "games"
        name = WIN_RATES.get((who, chosen))
        if name is None:
            other = "games" if chosen == "rounds" else "rounds"
            raise GinRummyError(f"invalid unit {chosen!r} for {who!r}: its wins are counted in {other}")
        return self.statistic(next(s for s in STATISTICS if s.name == name))

    def _deprecated(self, old: str, who: int | str, unit: Unit) -> Estimate:
        instead = f"win_rate({who!r}, {unit!r})"
        warnings.warn(f"RulesetStats.{old} is deprecated: use {instead}", DeprecationWarning, stacklevel=3)
        return self.win_rate(who, unit)

    @property
    def dealer_win_rate(self) -> Estimate:
        """Deprecated: :meth:`win_rate` ``('dealer')``."""
        return self._deprecated("dealer_win_rate", "dealer", "rounds")

    @property
    def non_dealer_win_rate(self) -> Estimate:
        """Deprecated: :meth:`win_rate` ``('non-dealer')``."""
        return self._deprecated("non_dealer_win_rate", "non-dealer", "rounds")

    @property
    def player0_round_win_rate(self) -> Estimate:
        """Deprecated: :meth:`win_rate` ``(0, 'rounds')``."""
        return self._deprecated("player0_round_win_rate", 0, "rounds")

    @property
    def player1_round_win_rate(self) -> Estimate:
        """Deprecated: :meth:`win_rate` ``(1, 'rounds')``."""
        return self._deprecated("player1_round_win_rate", 1, "rounds")

    @property
    def player0_game_win_rate(self) -> Estimate:
        """Deprecated: :meth:`win_rate` ``(0)``."""
        return self._deprecated("player0_game_win_rate", 0, "games")

    @property
    def player1_game_win_rate(self) -> Estimate:
        """Deprecated: :meth:`win_rate` ``(1)``."""
        return self._deprecated("player1_game_win_rate", 1, "games")

    def bot_win_rate(self, player: int, unit: Unit = "games") -> Estimate:
        """Deprecated: :meth:`win_rate` ``(player, unit)``."""
        return self._deprecated("bot_win_rate", player, unit)

    @property
    def first_player_game_win_rate(self) -> Estimate:
        """Deprecated: :meth:`win_rate` ``('first player')``."""
        return self._deprecated("first_player_game_win_rate", "first player", "games")

    @property
    def draw_rate(self) -> Estimate:
        """The share of games drawn."""
        return Estimate.proportion(self.counts.drawn_games, self.counts.games)

    def statistic(self, statistic: Statistic) -> Estimate:
        """One figure of :data:`~ginrummy.simulation.tally.STATISTICS` with its interval: a share
        (``statistic.percent``) from its own numerator and denominator, a mean per round with
        its sum of squares, rounds per game as a plain mean (an interval of zero width)."""
        if statistic.percent:
            return Estimate.proportion(*statistic.parts(self.counts))
        if statistic.name == "turns_per_round":
            return self.turns_per_round
        if statistic.name == "points_per_scored_round":
            return self.points_per_scored_round
        value = self.rounds_per_game
        return Estimate(value, value, value)

    def as_dict(self) -> dict[str, object]:
        """Deprecated: the figures are in the document of the report (``gr.to_data(report)``,
        under ``stats``); this is :func:`stats_figures`."""
        deprecated_as_dict("RulesetStats", "gr.to_data(report)['data']['stats']")
        return stats_figures(self)


def deprecated_as_dict(kind: str, instead: str) -> None:
    """Warn that ``as_dict`` of ``kind`` is deprecated, naming what replaces it."""
    warnings.warn(
        f"{kind}.as_dict() is deprecated: use {instead} (the document gr.dumps writes)",
        DeprecationWarning,
        stacklevel=3,
    )


def estimate_dict(estimate: Estimate) -> dict[str, float | None]:
    """An estimate as plain data, rounded to 6 decimals, NaN as None."""
    return {k: (None if math.isnan(v) else round(v, 6)) for k, v in attrs.asdict(estimate).items()}


def stats_figures(stats: RulesetStats) -> dict[str, object]:
    """The figures of one ruleset as plain data, by the names of
    :data:`~ginrummy.simulation.tally.STATISTICS` (the outcomes under ``outcomes``; the game
    figures only when games were played), estimates by :func:`estimate_dict`: the ``stats``
    of a report's document."""
    data: dict[str, object] = {"ruleset": stats.name, "rounds": stats.rounds, "games": stats.games}
    data["outcomes"] = {o.value: estimate_dict(stats.rate(o)) for o in OUTCOMES}
    for statistic in reported("games" if stats.games else "rounds"):
        if statistic.name == "rounds_per_game":
            data[statistic.name] = round(stats.rounds_per_game, 6)
        elif not statistic.numerator.startswith("outcomes:"):
            data[statistic.name] = estimate_dict(stats.statistic(statistic))
    return data


def reported(unit: Unit) -> tuple[Statistic, ...]:
    """The statistics a report of ``unit`` shows (game figures only for games)."""
    return tuple(s for s in STATISTICS if unit == "games" or not s.games_only)


@attrs.frozen
class SimulationReport:
    """The result of :func:`simulate`: one :class:`RulesetStats` per ruleset, in order, made
    from the simulation's :class:`~ginrummy.Tally`.

    >>> import ginrummy as gr
    >>> bots = ("greedy", "random")
    >>> report = gr.simulate([gr.PAGAT, gr.STRAIGHT], rounds=4, seed=1, bots=bots)
    >>> report.bots, [stats.name for stats in report.stats], report["straight"].rounds
    (('greedy', 'random'), ['pagat', 'straight'], 4)

    ``str()`` is the listing ``ginrummy simulate`` prints (:func:`simulation_text`):

    >>> print(str(report).splitlines()[0])
    4 rounds per ruleset, greedy (player 0) vs random (player 1), seed 1
    """

    tally: Tally
    """The counts of every game under every ruleset."""

    def __str__(self) -> str:
        return simulation_text(self)

    @property
    def stats(self) -> tuple[RulesetStats, ...]:
        """The statistics per ruleset, in order."""
        return tuple(RulesetStats(r, c) for r, c in zip(self.tally.rulesets, self.tally.counts, strict=True))

    @property
    def bots(self) -> tuple[str, str]:
        """The bots of players 0 and 1."""
        return self.tally.bots

    @property
    def seed(self) -> int | str:
        """The seed."""
        return self.tally.seed

    @property
    def unit(self) -> Unit:
        """``'games'`` or ``'rounds'``."""
        return self.tally.unit

    def __getitem__(self, name: str) -> RulesetStats:
        for stats in self.stats:
            if stats.name == name:
                return stats
        raise KeyError(name)

    def as_dict(self) -> dict[str, object]:
        """Deprecated: ``gr.to_data(report)``, the document ``gr.dumps`` writes (and
        ``ginrummy simulate --json`` prints), holds the tally and these figures."""
        deprecated_as_dict("SimulationReport", "gr.to_data(report)")
        rulesets = [stats_figures(stats) for stats in self.stats]
        return {"seed": self.seed, "bots": list(self.bots), "rulesets": rulesets}


DEFAULT_GAMES = 100
"""Games per ruleset when neither ``games`` nor ``rounds`` is given (in Python and on the
command line alike)."""


def _check_count(games: int | None, rounds: int | None) -> tuple[Unit, int]:
    if games is not None and rounds is not None:
        raise GinRummyError("give either games or rounds, not both")
    if games is None and rounds is None:
        games = DEFAULT_GAMES
    unit: Unit = "games" if games is not None else "rounds"
    return unit, check_int(games if games is not None else rounds, "count", GinRummyError, low=1)


def run_simulation(
    chosen: tuple[Ruleset, ...],
    *,
    games: int | None = None,
    rounds: int | None = None,
    bots: BotPair = (DEFAULT_BOT, DEFAULT_BOT),
    seed: int | str = 0,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    progress: Progress | None = None,
    shard_size: int | None = None,
) -> Tally:
    """Play a whole simulation and return its :class:`~ginrummy.Tally` (the arguments are
    those of :func:`simulate`, with the rulesets already checked by the public entry:
    :func:`~ginrummy.simulation.shards.check_rulesets`, once per run).

    :raises GinRummyError: for bad arguments.
    """
    unit, count = _check_count(games, rounds)
    check_int(workers, "workers", GinRummyError, low=1, high=MAX_WORKERS)
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise GinRummyError(f"invalid executor {executor!r}: expected a concurrent.futures.Executor")
    if shard_size is not None:
        check_int(shard_size, "shard_size", GinRummyError, low=1)
    check_seed(seed, GinRummyError)
    pair, names = check_bots(bots)
    size = shard_size or default_shard_size(count, len(chosen), unit, workers)
    player0, player1 = adapted(pair, chosen, workers)
    return run_shards(
        chosen,
        (player0, player1),
        names,
        seed,
        unit,
        count,
        size=size,
        executor=executor,
        workers=workers,
        progress=progress,
    )


def simulate(
    rulesets: Ruleset | Sequence[Ruleset],
    *,
    games: int | None = None,
    rounds: int | None = None,
    bots: tuple[str | BotFactory, str | BotFactory] = (DEFAULT_BOT, DEFAULT_BOT),
    seed: int | str = 0,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    progress: Progress | None = None,
    shard_size: int | None = None,
) -> SimulationReport:
    """Play ``games`` games (or ``rounds`` single rounds) under each ruleset and report.

    :param rulesets: one ruleset or several.
    :param games: games per ruleset (give this or ``rounds``).
    :param rounds: single rounds per ruleset, each dealt afresh.
    :param bots: the bots for players 0 and 1: a name of ``gr.BOTS`` (by default
        ``gr.DEFAULT_BOT``), or a factory such as your own bot class, called with a seed
        (to run in other processes it must be picklable: defined at the top level of a
        module).
    :param seed: the seed of every deal and bot.
    :param workers: without ``executor``, worker processes (1 plays in this process; at most
        :data:`~ginrummy.simulation.shards.MAX_WORKERS`); with one, how many shards it runs at once
        (twice as many are kept in flight).
    :param executor: any :class:`concurrent.futures.Executor` to play the shards (a process
        pool, Dask's ``client.get_executor()``); None: this process or a pool of ``workers``.
    :param progress: called as ``progress(done, total)`` as shards finish (games or rounds
        over all rulesets).
    :param shard_size: games per shard (default: about four shards per worker, at most 64
        games over all rulesets).
    :raises GinRummyError: for bad arguments.

    The report does not depend on ``workers``, ``executor`` or ``shard_size``.

    >>> import ginrummy as gr
    >>> report = gr.simulate(gr.PAGAT, rounds=4, seed=1, bots=("greedy", "greedy"))
    >>> report.stats[0].rounds, report.stats[0].games, report.seed
    (4, 0, 1)
    >>> gr.simulate(gr.PAGAT, games=2, rounds=2)
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: give either games or rounds, not both
    """
    return SimulationReport(
        run_simulation(
            check_rulesets(rulesets),
            games=games,
            rounds=rounds,
            bots=bots,
            seed=seed,
            workers=workers,
            executor=executor,
            progress=progress,
            shard_size=shard_size,
        )
    )


# ---------------------------------------------------------------------------- the listing


def report_header(report: SimulationReport, each: str) -> list[str]:
    """The lines that open a listing of ``report``: what was played, by which bots, the seed."""
    stats = report.stats
    count = counted(stats[0].games, "game") if report.unit == "games" else counted(stats[0].rounds, "round")
    text = f"{count} {each}, {report.bots[0]} (player 0) vs {report.bots[1]} (player 1), seed {report.seed}"
    return textwrap.wrap(text, WIDTH)


def report_note(report: SimulationReport) -> str:
    """What the listing's shares are of."""
    if report.unit == "games":
        return "shares in % of rounds (of games where it says game), 95% intervals in brackets"
    return "shares of rounds in %, 95% intervals in brackets"


def statistic_label(statistic: Statistic, bots: tuple[str, str]) -> str:
    """A statistic's row label, naming the bots where it says ``player 0`` or ``player 1``.

    >>> from ginrummy.simulation.tally import STATISTICS
    >>> wins = next(s for s in STATISTICS if s.name == "player1_game_win_rate")
    >>> statistic_label(wins, ("greedy", "tracker"))
    'tracker (player 1) wins game'
    """
    label = statistic.label
    for player, bot in enumerate(bots):
        label = label.replace(f"player {player}", f"{bot} (player {player})")
    return label


def statistic_rows(report: SimulationReport) -> list[tuple[str, list[str]]]:
    """One row per statistic: its label and its cell under each ruleset."""
    stats = report.stats
    rows: list[tuple[str, list[str]]] = [("rounds", [str(s.rounds) for s in stats])]
    if report.unit == "games":
        rows.append(("games", [str(s.games) for s in stats]))
    for statistic in reported(report.unit):
        rows.append(
            (
                statistic_label(statistic, report.bots),
                [estimate_cell(s.statistic(statistic), statistic.percent) for s in stats],
            )
        )
    return rows


def simulation_text(report: SimulationReport) -> str:
    """The statistics of every ruleset side by side, shares in percent, with 95% intervals in
    brackets; cut into blocks of rulesets that fit 80 columns."""
    lines = report_header(report, "per ruleset")
    lines.append(report_note(report))
    lines.append("")
    lines += wrapped_columns([s.name for s in report.stats], statistic_rows(report))
    return "\n".join(lines)
