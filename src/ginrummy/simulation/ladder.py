"""A rating ladder: every bot against every other on duplicate deals, rated by Bradley-Terry.

:func:`ladder` plays, for every pair of bots, ``games`` games to the target: each deal twice,
with the seats swapped, so both bots get the same cards and the luck of the deal cancels.
Deal ``i`` is the same for every pair (the game seed ``f"{seed}:{i}"``, player ``i % 2``
dealing first), so the whole ladder is played on one set of deals. The counts of every pair
are integer sums (:class:`PairRecord`), so shards played anywhere (this process, a process
pool, a Dask cluster) add up to the identical :class:`Ladder`.

The ratings are the maximum-likelihood Bradley-Terry strengths fitted to the game results
of all pairs (a drawn game counts half a win to each), on the Elo scale (400 points: ten to
one odds) with the field's mean at 1500, and a 95% interval from the likelihood's curvature
(:func:`bradley_terry`; ``docs/design.md`` says why).

>>> import ginrummy as gr
>>> result = gr.ladder(["greedy", "random"], gr.PAGAT, games=2, seed=1)
>>> [rating.bot for rating in result.ratings]
['greedy', 'random']
>>> result.pair("greedy", "random").first_wins, gr.loads(gr.dumps(result)) == result
(2, True)
"""

from __future__ import annotations

import concurrent.futures
import itertools
import math
import textwrap
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from ginrummy.bots.registry import (
    BotFactory,
    bot_name,
    check_bot_shown,
    checked_bot,
    make_bot,
    parse_bot_name,
)
from ginrummy.errors import GinRummyError
from ginrummy.play.game import Game
from ginrummy.plurals import counted
from ginrummy.rules import Ruleset
from ginrummy.simulation.bradley_terry import PRIOR_DRAWS, bradley_terry
from ginrummy.simulation.cells import WIDTH, estimate_cell
from ginrummy.simulation.shards import MAX_WORKERS, adapted, run_jobs, sized
from ginrummy.simulation.statistics import Estimate, deprecated_as_dict, estimate_dict
from ginrummy.validators import check_int, check_seed

__all__ = [
    "DEFAULT_LADDER_GAMES",
    "ELO_SCALE",
    "PAIR_COUNTS",
    "PRIOR_DRAWS",
    "SLOW_LADDER_GAMES",
    "Ladder",
    "PairRecord",
    "Rating",
    "bradley_terry",
    "ladder",
    "ladder_text",
    "pair_figures",
    "play_deals",
    "ratings_figures",
]

DEFAULT_LADDER_GAMES = 100
"""Games per pair when none are given and no slow bot is named: 50 deals, each played twice
(the fast bots: seconds); the same in Python and on the command line."""

SLOW_LADDER_GAMES = 10
"""Games per pair when none are given and the search bot (``montecarlo``, hundreds of times
slower) is named: the five library bots then play 100 games, 40 of them with the search bot,
which take minutes (about 10 s a game on this project's machine)."""

ELO_SCALE = 400 / math.log(10)
"""Elo points per unit of log-strength: 400 points are odds of ten to one."""

PAIR_COUNTS: tuple[str, ...] = (
    "games",
    "first_wins",
    "second_wins",
    "draws",
    "rounds",
    "first_round_wins",
    "second_round_wins",
    "first_points",
    "second_points",
)
"""The count fields of a :class:`PairRecord`, in order."""


@attrs.frozen
class PairRecord:
    """What two bots did against each other: their games, wins, rounds and round points.
    Records of the same pair add with ``+``.

    :raises GinRummyError: for counts that play cannot leave (wins and draws that are not the
        games, round wins above the rounds, points without round wins).

    >>> record = PairRecord("tracker", "greedy", games=2, first_wins=2, rounds=10,
    ...     first_round_wins=7, second_round_wins=3, first_points=120, second_points=40)
    >>> record.win_rate("first").value, record.points_per_round("second")
    (1.0, 4.0)
    """

    first: str = attrs.field(validator=lambda _i, a, v: check_bot_shown(v, a.name, "pair record"))
    """The first bot's name."""
    second: str = attrs.field(validator=lambda _i, a, v: check_bot_shown(v, a.name, "pair record"))
    """The second bot's name."""
    games: int = attrs.field(default=0, kw_only=True)
    """Games played (each deal twice)."""
    first_wins: int = attrs.field(default=0, kw_only=True)
    """Games won by the first bot."""
    second_wins: int = attrs.field(default=0, kw_only=True)
    """Games won by the second bot."""
    draws: int = attrs.field(default=0, kw_only=True)
    """Drawn games."""
    rounds: int = attrs.field(default=0, kw_only=True)
    """Rounds played, dead hands included."""
    first_round_wins: int = attrs.field(default=0, kw_only=True)
    """Rounds won by the first bot."""
    second_round_wins: int = attrs.field(default=0, kw_only=True)
    """Rounds won by the second bot."""
    first_points: int = attrs.field(default=0, kw_only=True)
    """Round points scored by the first bot (bonuses of the rounds included, not the game's)."""
    second_points: int = attrs.field(default=0, kw_only=True)
    """Round points scored by the second bot."""

    def __attrs_post_init__(self) -> None:
        for name in PAIR_COUNTS:
            check_int(getattr(self, name), f"pair record {name}", GinRummyError, low=0)
        if self.first == self.second:
            raise GinRummyError(f"invalid pair record: a bot {self.first!r} against itself")
        if self.first_wins + self.second_wins + self.draws != self.games:
            raise GinRummyError(
                f"invalid pair record: {self.first_wins} + {self.second_wins} wins and "
                f"{counted(self.draws, 'draw')} are not the {counted(self.games, 'game')}"
            )
        if self.first_round_wins + self.second_round_wins > self.rounds or self.rounds < self.games:
            raise GinRummyError(
                f"invalid pair record: {self.first_round_wins} + {self.second_round_wins} round wins in "
                f"{counted(self.rounds, 'round')} of {counted(self.games, 'game')}"
            )
        if (self.first_points and not self.first_round_wins) or (
            self.second_points and not self.second_round_wins
        ):
            raise GinRummyError("invalid pair record: points without a round won")

    def __add__(self, other: PairRecord) -> PairRecord:
        if not isinstance(other, PairRecord):
            return NotImplemented
        if (self.first, self.second) != (other.first, other.second):
            raise GinRummyError(
                f"cannot add the records of {self.first!r}-{self.second!r} "
                f"and {other.first!r}-{other.second!r}"
            )
        sums = {name: getattr(self, name) + getattr(other, name) for name in PAIR_COUNTS}
        return PairRecord(self.first, self.second, **sums)

    def _side(self, side: str) -> int:
        if side not in ("first", "second"):
            raise GinRummyError(f"invalid side {side!r}: expected 'first' or 'second'")
        return 0 if side == "first" else 1

    def win_rate(self, side: str, unit: str = "games") -> Estimate:
        """The share of games (or of rounds, with ``unit='rounds'``) that ``side`` (``'first'``
        or ``'second'``) won, with its Wilson 95% interval.

        :raises GinRummyError: for a bad side or unit.
        """
        index = self._side(side)
        if unit == "games":
            return Estimate.proportion((self.first_wins, self.second_wins)[index], self.games)
        if unit == "rounds":
            return Estimate.proportion((self.first_round_wins, self.second_round_wins)[index], self.rounds)
        raise GinRummyError(f"invalid unit {unit!r}: expected 'games' or 'rounds'")

    def points_per_round(self, side: str) -> float:
        """The round points ``side`` scored per round played (NaN without rounds).

        :raises GinRummyError: for a bad side.
        """
        points = (self.first_points, self.second_points)[self._side(side)]
        return points / self.rounds if self.rounds else math.nan

    def as_dict(self) -> dict[str, object]:
        """Deprecated: the record and its rates are a pair of the ladder's document
        (``gr.to_data(ladder)``, under ``pairs``)."""
        deprecated_as_dict("PairRecord", "gr.to_data(ladder)['data']['pairs']")
        return {"first": self.first, "second": self.second, **pair_figures(self)}


def pair_figures(record: PairRecord) -> dict[str, object]:
    """A record's counts and, for each side, its shares of games and rounds won
    (:func:`~ginrummy.simulation.statistics.estimate_dict`) and its points per round: a pair
    of the ladder's document, without the bots' names."""
    data: dict[str, object] = {name: getattr(record, name) for name in PAIR_COUNTS}
    for side in ("first", "second"):
        data[f"{side}_game_win_rate"] = estimate_dict(record.win_rate(side))
        data[f"{side}_round_win_rate"] = estimate_dict(record.win_rate(side, "rounds"))
        points = record.points_per_round(side)
        data[f"{side}_points_per_round"] = None if math.isnan(points) else round(points, 6)
    return data


def ratings_figures(ladder: Ladder) -> list[dict[str, object]]:
    """The ratings, strongest first, as plain data: the ``ratings`` of a ladder's document."""
    return [
        {"bot": r.bot, "elo": estimate_dict(r.elo), "games": r.games, "score": round(r.score, 6)}
        for r in ladder.ratings
    ]


@attrs.frozen
class Rating:
    """One bot's rating: Elo points with their 95% interval, and its record over the ladder.

    >>> Rating("greedy", Estimate(1600.0, 1550.0, 1650.0), games=10, wins=7.5).score
    0.75
    """

    bot: str
    """The bot's name."""
    elo: Estimate
    """Its Bradley-Terry strength in Elo points (the field's mean is 1500), 95% interval."""
    games: int
    """Games it played."""
    wins: float
    """Games it won, a draw counting half."""

    @property
    def score(self) -> float:
        """Its share of the points (wins, and half the draws) over all its games."""
        return self.wins / self.games if self.games else math.nan


def _pair_names(bots: object) -> tuple[tuple[str | BotFactory, ...], tuple[str, ...]]:
    chosen = tuple(bots) if isinstance(bots, Sequence) and not isinstance(bots, (str, bytes)) else ()
    if len(chosen) < 2:
        raise GinRummyError(f"invalid bots {bots!r:.120}: a ladder needs at least two bots")
    names = tuple(checked_bot(bot) for bot in chosen)
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise GinRummyError(f"invalid bots: {repeated[0]!r} is named twice; each bot plays once")
    return chosen, names


def play_deals(
    rules: Ruleset,
    bots: tuple[str | BotFactory, str | BotFactory],
    seed: int | str,
    start: int,
    stop: int,
) -> PairRecord:
    """Play deals ``start`` to ``stop - 1`` of a ladder between two bots, each deal twice with
    the seats swapped: one shard of :func:`ladder`.

    Deal ``i`` is the game seed ``f"{seed}:{i}"`` with player ``i % 2`` dealing first; in the
    first play the first bot is player 0, in the second player 1, and each bot is seeded from
    the deal, the play and its seat.

    :raises GinRummyError: for bad bots or indices.

    >>> import ginrummy as gr
    >>> play_deals(gr.PAGAT, ("greedy", "random"), 0, 0, 1).games
    2
    """
    check_seed(seed, GinRummyError)
    names = (bot_name(bots[0]), bot_name(bots[1]))
    for value, label in ((start, "start"), (stop, "stop")):
        check_int(value, label, GinRummyError, low=0)
    if stop < start:
        raise GinRummyError(f"invalid stop {stop!r}: must be at least start {start!r}")
    total = PairRecord(*names)
    for deal in range(start, stop):
        for play in (0, 1):
            seats = (0, 1) if play == 0 else (1, 0)  # seats[k]: the bot in seat k
            players = tuple(make_bot(bots[seats[k]], f"{seed}:{deal}:{play}:{k}") for k in (0, 1))
            game = Game.new(rules, seed=f"{seed}:{deal}", dealer=deal % 2)
            while not game.is_over:
                player = game.to_act
                assert player is not None
                game = game.apply(players[player].act(game.round.view(player)), player=player)
            counts: dict[str, Any] = {name: 0 for name in PAIR_COUNTS}
            counts["games"], counts["rounds"] = 1, len(game.results)
            side = ("first", "second")
            for result in game.results:
                if result.winner is not None:
                    counts[f"{side[seats[result.winner]]}_round_wins"] += 1
                    counts[f"{side[seats[result.winner]]}_points"] += result.points
            winner = game.result.winner if game.result is not None else None
            if winner is None:
                counts["draws"] = 1
            else:
                counts[f"{side[seats[winner]]}_wins"] = 1
            total += PairRecord(*names, **counts)
    return total


@attrs.frozen
class Ladder:
    """The result of :func:`ladder`: the ruleset, the bots, the seed, the games per pair, and
    one :class:`PairRecord` per pair (in the order of :func:`itertools.combinations` of the
    bots). The ratings are derived from the records, so two ladders are equal when their
    records are.

    :raises GinRummyError: for records that are not the ladder's pairs.

    >>> import ginrummy as gr
    >>> result = gr.ladder(["greedy", "random"], gr.STRAIGHT, games=2, seed=3)
    >>> result.games, len(result.pairs), result.ratings[0].bot
    (2, 1, 'greedy')

    ``str()`` is the listing ``ginrummy ladder`` prints (:func:`ladder_text`):

    >>> print(str(result).splitlines()[0])
    ladder under straight: 2 games per pair (1 deal, played twice with the seats
    """

    rules: Ruleset
    """The ruleset played."""
    bots: tuple[str, ...]
    """The bots' names, in the order given."""
    seed: int | str
    """The seed of every deal and bot."""
    games: int
    """Games per pair (each deal played twice)."""
    pairs: tuple[PairRecord, ...]
    """One record per pair of bots."""

    def __str__(self) -> str:
        return ladder_text(self)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Ruleset):
            raise GinRummyError(f"invalid ladder rules {self.rules!r:.80}: expected a Ruleset")
        if isinstance(self.bots, tuple):
            for index, bot in enumerate(self.bots):
                check_bot_shown(bot, f"bots[{index}]", "ladder")
        if not isinstance(self.bots, tuple) or len(self.bots) < 2 or len(set(self.bots)) != len(self.bots):
            raise GinRummyError(
                f"invalid ladder bots {self.bots!r:.120}: expected two or more different names"
            )
        check_seed(self.seed, GinRummyError, context="ladder")
        check_int(self.games, "games", GinRummyError, low=0, context="ladder")
        expected = list(itertools.combinations(self.bots, 2))
        found = [(p.first, p.second) for p in self.pairs] if isinstance(self.pairs, tuple) else None
        if found != expected or not all(isinstance(p, PairRecord) for p in self.pairs):
            raise GinRummyError(f"invalid ladder pairs: expected one record for each of {expected!r:.200}")
        for pair in self.pairs:
            if pair.games != self.games:
                raise GinRummyError(
                    f"invalid ladder: {pair.first!r} and {pair.second!r} played "
                    f"{counted(pair.games, 'game')}, not {self.games}"
                )

    @property
    def ratings(self) -> tuple[Rating, ...]:
        """Every bot's rating, strongest first (ties in the order of the bots)."""
        theta, errors = bradley_terry(self.bots, self.pairs)
        found = []
        for i, bot in enumerate(self.bots):
            elo, half = 1500 + ELO_SCALE * theta[i], 1.959963984540054 * ELO_SCALE * errors[i]
            played = sum(p.games for p in self.pairs if bot in (p.first, p.second))
            won = sum(
                (p.first_wins if p.first == bot else p.second_wins) + p.draws / 2
                for p in self.pairs
                if bot in (p.first, p.second)
            )
            found.append((-theta[i], i, Rating(bot, Estimate(elo, elo - half, elo + half), played, won)))
        return tuple(rating for _, _, rating in sorted(found, key=lambda item: item[:2]))

    def pair(self, a: str, b: str) -> PairRecord:
        """The record of bots ``a`` and ``b``, with ``a`` as its first bot.

        :raises GinRummyError: when either is not in the ladder, or ``a`` is ``b``.
        """
        for record in self.pairs:
            if (record.first, record.second) == (a, b):
                return record
            if (record.first, record.second) == (b, a):
                swapped = {
                    name.replace("first", "@").replace("second", "first").replace("@", "second"): getattr(
                        record, name
                    )
                    for name in PAIR_COUNTS
                }
                return PairRecord(a, b, **swapped)
        raise GinRummyError(f"no pair {a!r} against {b!r} in this ladder (bots: {', '.join(self.bots)})")

    def as_dict(self) -> dict[str, object]:
        """Deprecated: ``gr.to_data(ladder)``, the document ``gr.dumps`` writes (and
        ``ginrummy ladder --json`` prints), holds the records, the ratings and the rates."""
        deprecated_as_dict("Ladder", "gr.to_data(ladder)")
        return {
            "ruleset": self.rules.name,
            "seed": self.seed,
            "games_per_pair": self.games,
            "ratings": ratings_figures(self),
            "pairs": [{"first": p.first, "second": p.second, **pair_figures(p)} for p in self.pairs],
        }


def _shards(pairs: int, deals: int, size: int) -> Iterator[tuple[int, int, int]]:
    for number in range(pairs):
        for start in range(0, deals, size):
            yield number, start, min(start + size, deals)


def _play_numbered(
    number: int,
    rules: Ruleset,
    bots: tuple[str | BotFactory, str | BotFactory],
    seed: int | str,
    start: int,
    stop: int,
) -> PairRecord:
    """A job of :func:`ladder`: :func:`play_deals`, the job carrying its pair's number."""
    del number
    return play_deals(rules, bots, seed, start, stop)


def ladder(
    bots: Sequence[str | BotFactory],
    rules: Ruleset,
    *,
    games: int | None = None,
    seed: int | str = 0,
    executor: concurrent.futures.Executor | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Ladder:
    """Play every pair of ``bots`` under ``rules``, ``games`` games per pair on duplicate
    deals, and rate them (see the module docstring).

    :param bots: two or more bots, by name (``gr.BOTS``, or ``'montecarlo:8'``) or factory
        (picklable to run in other processes), each once.
    :param rules: the ruleset.
    :param games: games per pair, an even number (each deal is played twice); None:
        :data:`DEFAULT_LADDER_GAMES`, or :data:`SLOW_LADDER_GAMES` when the search bot
        (``montecarlo``) is named, as on the command line.
    :param seed: the seed of every deal and bot.
    :param executor: any :class:`concurrent.futures.Executor` to play the shards (a process
        pool, Dask's ``client.get_executor()``); None: this process, or a pool of ``workers``.
    :param workers: without ``executor``, worker processes (1 plays here).
    :param progress: called as ``progress(done, total)`` in games as shards finish.
    :returns: the :class:`Ladder`, identical for any executor and number of workers.
    :raises GinRummyError: for bad arguments.

    >>> import ginrummy as gr
    >>> result = gr.ladder(["random", "greedy"], gr.PAGAT, games=2, seed=1)
    >>> [rating.bot for rating in result.ratings]
    ['greedy', 'random']
    """
    chosen, names = _pair_names(bots)
    if games is None:
        slow = any(isinstance(bot, str) and parse_bot_name(bot).library == "montecarlo" for bot in chosen)
        games = SLOW_LADDER_GAMES if slow else DEFAULT_LADDER_GAMES
    if not isinstance(rules, Ruleset):
        raise GinRummyError(f"invalid rules {rules!r:.80}: expected a Ruleset")
    if check_int(games, "games", GinRummyError, low=2) % 2:
        raise GinRummyError(
            f"invalid games {games!r}: must be an even number of at least 2 (each deal is played twice)"
        )
    check_seed(seed, GinRummyError)
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise GinRummyError(f"invalid executor {executor!r:.80}: expected a concurrent.futures.Executor")
    check_int(workers, "workers", GinRummyError, low=1, high=MAX_WORKERS)
    records = [PairRecord(a, b) for a, b in itertools.combinations(names, 2)]
    pair_bots = list(itertools.combinations(adapted(chosen, [rules], workers), 2))
    deals = games // 2
    slots = workers if executor is None else max(workers, 2)
    shards = _shards(len(pair_bots), deals, sized(deals * len(pair_bots), slots, most=8))
    done, total = 0, games * len(pair_bots)

    def add(number: int, record: PairRecord) -> None:  # from run_jobs, as shards finish
        nonlocal done
        # a shard names its bots in the process that played it, where a factory may have lost
        # its ``name`` (multiprocessing pickles a functools.partial without its attributes):
        # the pair is the one submitted, so its records take the names given here
        first, second = records[number].first, records[number].second
        records[number] += attrs.evolve(record, first=first, second=second)
        done += record.games
        if progress is not None:
            progress(done, total)

    jobs = ((number, rules, pair_bots[number], seed, start, stop) for number, start, stop in shards)
    run_jobs(
        _play_numbered,
        jobs,
        lambda job, record: add(job[0], record),
        executor=executor,
        workers=workers,
    )
    return Ladder(rules=rules, bots=names, seed=seed, games=games, pairs=tuple(records))


def ladder_text(result: Ladder) -> str:
    """The ratings, strongest first, then one line per pair: the first bot's shares of games
    and of rounds won with their 95% intervals, and both bots' points per round."""
    deals = result.games // 2
    lines = textwrap.wrap(
        f"ladder under {result.rules.name}: {counted(result.games, 'game')} per pair "
        + f"({counted(deals, 'deal')}{', each' if deals != 1 else ','}"
        + f" played twice with the seats swapped), seed {result.seed}",
        WIDTH,
    )
    lines += ["ratings: Bradley-Terry, Elo scale (the field's mean is 1500), 95% intervals", ""]
    width = max(len(bot) for bot in result.bots) + 2
    lines.append(f"{'':<5}{'bot':<{width}}{'elo':>22}{'games':>8}{'score':>8}")
    for rank, rating in enumerate(result.ratings, start=1):
        elo = rating.elo
        cell = f"{elo.value:.0f} ({elo.low:.0f} to {elo.high:.0f})"
        score = f"{100 * rating.score:.1f}%"
        lines.append(f"{rank:<5}{rating.bot:<{width}}{cell:>22}{rating.games:>8}{score:>8}")
    lines += ["", "games and rounds won by the first bot in %, 95% intervals; points per round", ""]
    pair_width = max(len(f"{p.first} - {p.second}") for p in result.pairs) + 2
    lines.append(f"{'pair':<{pair_width}}{'games won':>19}{'rounds won':>19}{'points/round':>16}")
    for pair in result.pairs:
        points = [pair.points_per_round(side) for side in ("first", "second")]
        shown = "-" if math.isnan(points[0]) else f"{points[0]:.1f} - {points[1]:.1f}"
        lines.append(
            f"{pair.first + ' - ' + pair.second:<{pair_width}}"
            f"{estimate_cell(pair.win_rate('first'), True):>19}"
            f"{estimate_cell(pair.win_rate('first', 'rounds'), True):>19}{shown:>16}"
        )
    return "\n".join(line.rstrip() for line in lines)
