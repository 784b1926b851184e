"""Bot-against-bot simulation: reproducible counts that add up, the same result for any number
of worker processes, intervals computed right, bad arguments rejected, and the side-by-side
table."""

from __future__ import annotations

import math
import os

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrummy as gr
from cli_helpers import SRC
from ginrummy.bots import DEFAULT_BOT
from ginrummy.report import simulation_table

Z = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""
ALL = list(gr.PRESETS.values())
"""Every preset, in order."""


@pytest.fixture
def importable_in_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Worker processes are spawned and import ``ginrummy`` afresh: put this checkout's
    ``src`` on their ``PYTHONPATH``."""
    rest = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(SRC), *rest]))


# ------------------------------------------------------------------------- workers and seeds


@pytest.mark.usefixtures("importable_in_workers")
def test_two_workers_give_the_same_report_as_one_for_rounds() -> None:
    """Counts are sums over independently seeded rounds, so two worker processes report
    exactly what one does."""
    one = gr.simulate(ALL, rounds=6, seed=21, workers=1)
    two = gr.simulate(ALL, rounds=6, seed=21, workers=2)
    assert one == two


@pytest.mark.usefixtures("importable_in_workers")
def test_two_workers_give_the_same_report_as_one_for_games() -> None:
    """The same holds for whole games, with the random bot (its choices depend on its seed)."""
    bots = ("random", "greedy")
    one = gr.simulate([gr.PAGAT, gr.STRAIGHT], games=2, bots=bots, seed="w", workers=1)
    two = gr.simulate([gr.PAGAT, gr.STRAIGHT], games=2, bots=bots, seed="w", workers=2)
    assert one == two


def test_same_seed_same_report() -> None:
    """The seed determines every deal and every bot: the same seed gives an equal report."""
    assert gr.simulate(gr.PAGAT, rounds=8, seed=5, bots=("random", "random")) == gr.simulate(
        gr.PAGAT, rounds=8, seed=5, bots=("random", "random")
    )


def test_different_seeds_give_different_reports() -> None:
    """Another seed deals other cards, so the counts differ."""
    first = gr.simulate(gr.PAGAT, rounds=8, seed=5)
    other = gr.simulate(gr.PAGAT, rounds=8, seed=6)
    assert first.stats[0].tally != other.stats[0].tally
    assert (5, 6) == (first.seed, other.seed)


def test_rounds_are_dealt_from_the_documented_seeds() -> None:
    """Round ``i`` is dealt from the seed ``f"{seed}:{i}"`` with player ``i % 2`` dealing: a
    recount of those rounds, played by the same bots, gives the same tally."""
    seed, count = 9, 7
    expected = gr.Tally()
    for index in range(count):
        state = gr.Round.deal(gr.OKLAHOMA, index % 2, seed=f"{seed}:{index}")
        bots = (gr.GreedyBot(), gr.GreedyBot())
        while not state.is_over:
            player = state.to_act
            assert player is not None
            state = state.apply(bots[player].act(state.view(player)))
        expected += gr.Tally.of_round(state)
    assert (
        expected
        == gr.simulate(gr.OKLAHOMA, rounds=count, seed=seed, bots=("greedy", "greedy")).stats[0].tally
    )


def test_games_are_dealt_from_the_documented_seeds() -> None:
    """Game ``i`` is played from the seed ``f"{seed}:{i}"`` with player ``i % 2`` dealing
    first: a recount of the games' winners and rounds matches the report."""
    seed, count = 2, 3
    first_player_wins = drawn = rounds = 0
    for index in range(count):
        game = gr.Game.new(gr.PAGAT, seed=f"{seed}:{index}", dealer=index % 2)
        bot = gr.GreedyBot()
        while not game.is_over:
            player = game.to_act
            assert player is not None
            game = game.apply(bot.act(game.round.view(player)))
        first_player_wins += game.result.winner == 1 - index % 2
        drawn += game.result.is_draw
        rounds += len(game.results)
    tally = gr.simulate(gr.PAGAT, games=count, seed=seed, bots=("greedy", "greedy")).stats[0].tally
    assert (count, rounds, rounds, first_player_wins, drawn) == (
        tally.games,
        tally.rounds,
        tally.game_rounds,
        tally.first_player_wins,
        tally.drawn_games,
    )


# --------------------------------------------------------------------------- counts add up


@pytest.fixture(scope="module")
def round_report() -> gr.SimulationReport:
    """Every preset, 12 single rounds each."""
    return gr.simulate(ALL, rounds=12, seed=1)


@pytest.fixture(scope="module")
def game_report() -> gr.SimulationReport:
    """Every preset, 2 games each."""
    return gr.simulate(ALL, games=2, seed=1)


def test_outcome_counts_sum_to_the_rounds(
    round_report: gr.SimulationReport, game_report: gr.SimulationReport
) -> None:
    """Every round has exactly one outcome."""
    for stats in (*round_report.stats, *game_report.stats):
        assert stats.rounds == sum(stats.tally.outcomes)
        assert len(gr.Outcome) == len(stats.tally.outcomes)


def test_dealer_and_non_dealer_wins_are_the_scored_rounds(
    round_report: gr.SimulationReport, game_report: gr.SimulationReport
) -> None:
    """Each scored round is won by the dealer or the non-dealer; the scored rounds are those
    not void (dead hands and void rounds score nothing)."""
    for stats in (*round_report.stats, *game_report.stats):
        tally = stats.tally
        assert tally.scored_rounds == tally.dealer_wins + tally.non_dealer_wins
        not_void = sum(n for o, n in zip(gr.Outcome, tally.outcomes, strict=True) if not o.is_void)
        assert not_void == tally.scored_rounds


def test_rounds_mode_counts_no_games(round_report: gr.SimulationReport) -> None:
    """Single rounds count no games: the game figures are zero and their rates undefined."""
    assert [r.name for r in ALL] == [s.name for s in round_report.stats]
    for stats in round_report.stats:
        assert (12, 0, 0, 0, 0) == (
            stats.rounds,
            stats.games,
            stats.tally.game_rounds,
            stats.tally.first_player_wins,
            stats.tally.drawn_games,
        )
        assert math.isnan(stats.rounds_per_game)
        assert math.isnan(stats.first_player_game_win_rate.value)
        assert math.isnan(stats.draw_rate.value)


def test_games_mode_fields(game_report: gr.SimulationReport) -> None:
    """Simulating games counts them: rounds per game is the rounds over the games, and the
    first player's win rate and the draw rate are proportions of the games."""
    for stats in game_report.stats:
        tally = stats.tally
        assert 2 == stats.games
        assert tally.rounds == tally.game_rounds
        assert tally.game_rounds / 2 == stats.rounds_per_game
        assert stats.rounds_per_game >= 1
        assert gr.Estimate.proportion(tally.first_player_wins, 2) == stats.first_player_game_win_rate
        assert gr.Estimate.proportion(tally.drawn_games, 2) == stats.draw_rate
        assert tally.first_player_wins + tally.drawn_games <= 2


def test_rates_and_means_come_from_the_counts(round_report: gr.SimulationReport) -> None:
    """Each outcome rate is its count over the rounds; turns and points are means over the
    rounds and the scored rounds; rates accept an outcome or its value."""
    for stats in round_report.stats:
        tally = stats.tally
        for outcome, count in zip(gr.Outcome, tally.outcomes, strict=True):
            assert gr.Estimate.proportion(count, tally.rounds) == stats.rate(outcome)
            assert stats.rate(outcome) == stats.rate(outcome.value)
        assert gr.Estimate.mean(tally.turns, tally.turns_squared, tally.rounds) == stats.turns_per_round
        assert (
            gr.Estimate.mean(tally.points, tally.points_squared, tally.scored_rounds)
            == stats.points_per_scored_round
        )
        assert gr.Estimate.proportion(tally.dealer_wins, tally.rounds) == stats.dealer_win_rate
        assert gr.Estimate.proportion(tally.non_dealer_wins, tally.rounds) == stats.non_dealer_win_rate


def test_report_is_indexed_by_ruleset_name(round_report: gr.SimulationReport) -> None:
    """``report[name]`` is that ruleset's statistics; an unknown name is a ``KeyError``."""
    assert round_report.stats[2] == round_report["straight"]
    with pytest.raises(KeyError):
        round_report["nope"]


def test_report_records_bots_and_seed() -> None:
    """The report names the bots of players 0 and 1 and the seed."""
    report = gr.simulate(gr.PAGAT, rounds=1, bots=("random", "greedy"), seed="s")
    assert (("random", "greedy"), "s") == (report.bots, report.seed)


def test_progress_is_reported_up_to_the_total() -> None:
    """``progress(done, total)`` is called with growing ``done`` up to the total of units over
    all rulesets."""
    calls: list[tuple[int, int]] = []
    gr.simulate([gr.PAGAT, gr.STRAIGHT], rounds=5, progress=lambda done, total: calls.append((done, total)))
    assert (10, 10) == calls[-1]
    assert all(total == 10 for _, total in calls)
    assert sorted(done for done, _ in calls) == [done for done, _ in calls]


# ------------------------------------------------------------------------------- estimates


HALF_5_OF_10 = Z * math.sqrt(0.5 * 0.5 / 10 + Z * Z / 400) / (1 + Z * Z / 10)
"""The Wilson half-width for 5 of 10, by the formula: z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n)."""


@pytest.mark.parametrize(
    ("hits", "total", "low", "high"),
    [
        (0, 10, 0.0, Z * Z / (10 + Z * Z)),
        (5, 10, 0.5 - HALF_5_OF_10, 0.5 + HALF_5_OF_10),
        (10, 10, 10 / (10 + Z * Z), 1.0),
    ],
    ids=["0-of-10", "5-of-10", "10-of-10"],
)
def test_proportion_is_the_wilson_score_interval(hits: int, total: int, low: float, high: float) -> None:
    """``Estimate.proportion`` is the share with its 95% Wilson score interval (closed forms:
    0 of n gives [0, z²/(n+z²)], n of n gives [n/(n+z²), 1])."""
    estimate = gr.Estimate.proportion(hits, total)
    assert hits / total == estimate.value
    assert low == pytest.approx(estimate.low, abs=1e-12)
    assert high == pytest.approx(estimate.high, abs=1e-12)


@pytest.mark.parametrize(
    ("hits", "total", "low", "high"),
    [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0), (1, 4, 0.0456, 0.6994)],
)
def test_proportion_matches_published_wilson_intervals(
    hits: int, total: int, low: float, high: float
) -> None:
    """The Wilson intervals agree with published tables to four decimals."""
    estimate = gr.Estimate.proportion(hits, total)
    assert low == pytest.approx(estimate.low, abs=5e-5)
    assert high == pytest.approx(estimate.high, abs=5e-5)


def test_proportion_interval_holds_the_share() -> None:
    """The interval lies within [0, 1] and holds the share."""
    for total in (2, 3, 7, 50):
        for hits in range(1, total):
            estimate = gr.Estimate.proportion(hits, total)
            assert 0.0 < estimate.low < estimate.value < estimate.high < 1.0


def test_proportion_of_none_or_all_reaches_the_bound_exactly() -> None:
    """No hits give an interval from exactly 0, all hits one up to exactly 1, so the interval
    always holds the share."""
    for total in range(1, 51):
        none, every = gr.Estimate.proportion(0, total), gr.Estimate.proportion(total, total)
        assert (0.0, 1.0) == (none.low, every.high), total


def test_proportion_of_nothing_is_undefined() -> None:
    """A share of zero trials is NaN, interval included."""
    estimate = gr.Estimate.proportion(0, 0)
    assert all(math.isnan(x) for x in (estimate.value, estimate.low, estimate.high))


def test_mean_has_a_normal_interval_from_the_sample_variance() -> None:
    """``Estimate.mean`` of 1, 2, 3 (sum 6, sum of squares 14) is 2 with half-width
    z·sqrt(s²/n), the sample variance s² being 1."""
    estimate = gr.Estimate.mean(6, 14, 3)
    half = Z * math.sqrt(1 / 3)
    assert 2.0 == estimate.value
    assert pytest.approx(2.0 - half) == estimate.low
    assert pytest.approx(2.0 + half) == estimate.high


def test_mean_of_one_value_has_no_width_and_of_none_is_undefined() -> None:
    """One value is its own mean with a zero-width interval; no values give NaN."""
    assert gr.Estimate(7.0, 7.0, 7.0) == gr.Estimate.mean(7, 49, 1)
    assert gr.Estimate(4.0, 4.0, 4.0) == gr.Estimate.mean(12, 48, 3)  # 4, 4, 4
    assert math.isnan(gr.Estimate.mean(0, 0, 0).value)


# ----------------------------------------------------------------------------------- tallies

COUNTS = st.integers(min_value=0, max_value=10**9)
TALLIES = st.builds(
    gr.Tally,
    **{
        field.name: (st.tuples(*[COUNTS] * len(gr.Outcome)) if field.name == "outcomes" else COUNTS)
        for field in attrs.fields(gr.Tally)
    },
)
"""Tallies with arbitrary counts (addition never looks at their consistency)."""


@given(TALLIES, TALLIES)
def test_tally_addition_is_commutative(a: gr.Tally, b: gr.Tally) -> None:
    """The order of two batches does not matter."""
    assert a + b == b + a


@given(TALLIES, TALLIES, TALLIES)
def test_tally_addition_is_associative(a: gr.Tally, b: gr.Tally, c: gr.Tally) -> None:
    """How batches are grouped does not matter (what makes any worker count give the same
    result)."""
    assert (a + b) + c == a + (b + c)


@given(TALLIES)
def test_empty_tally_is_the_identity(a: gr.Tally) -> None:
    """Adding the empty tally changes nothing."""
    assert a == a + gr.Tally()
    assert a == gr.Tally() + a


@given(TALLIES, TALLIES)
def test_tally_addition_adds_every_field(a: gr.Tally, b: gr.Tally) -> None:
    """Each count of the sum is the sum of the counts."""
    total = a + b
    assert tuple(x + y for x, y in zip(a.outcomes, b.outcomes, strict=True)) == total.outcomes
    for field in attrs.fields(gr.Tally):
        if field.name != "outcomes":
            assert getattr(a, field.name) + getattr(b, field.name) == getattr(total, field.name)


# ---------------------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({}, "give either games or rounds"),
        ({"games": 2, "rounds": 2}, "give either games or rounds"),
        ({"games": 0}, "invalid count 0"),
        ({"rounds": -1}, "invalid count -1"),
        ({"games": True}, "invalid count True"),
        ({"rounds": 2.0}, "invalid count 2.0"),
        ({"rounds": 1, "workers": 0}, "invalid workers 0"),
        ({"rounds": 1, "workers": 1.5}, "invalid workers 1.5"),
        ({"rounds": 1, "bots": ("greedy", "nope")}, "unknown bot 'nope'"),
        ({"rounds": 1, "bots": ("Nope", "greedy")}, "unknown bot 'Nope'"),
    ],
    ids=[
        "no-count",
        "both-counts",
        "zero-games",
        "negative-rounds",
        "bool-count",
        "float-count",
        "zero-workers",
        "float-workers",
        "unknown-bot-1",
        "unknown-bot-0",
    ],
)
def test_bad_arguments_raise(kwargs: dict[str, object], needle: str) -> None:
    """Bad counts, worker numbers and bot names raise :class:`gr.GinRummyError` naming the
    value, before anything is played."""
    with pytest.raises(gr.GinRummyError, match=needle):
        gr.simulate(gr.PAGAT, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("rulesets", [[], (), ["pagat"], [gr.PAGAT, "straight"], "pagat"], ids=repr)
def test_bad_rulesets_raise(rulesets: object) -> None:
    """No ruleset, or something that is not a :class:`gr.Ruleset`, raises
    :class:`gr.GinRummyError`."""
    with pytest.raises(gr.GinRummyError, match="invalid rulesets"):
        gr.simulate(rulesets, rounds=1)  # type: ignore[arg-type]


def test_one_ruleset_may_be_given_alone() -> None:
    """A single :class:`gr.Ruleset` needs no list."""
    assert gr.simulate([gr.PAGAT], rounds=3, seed=4) == gr.simulate(gr.PAGAT, rounds=3, seed=4)


# ------------------------------------------------------------------------------------ table


def test_simulation_table_has_one_column_per_ruleset(round_report: gr.SimulationReport) -> None:
    """The table heads one column per ruleset, in order, and every row has a cell under each
    (all rows the same width)."""
    lines = simulation_table(round_report).splitlines()
    assert [s.name for s in round_report.stats] == lines[1].split()
    assert 1 == len({len(line) for line in lines[1:]})
    assert ["rounds", *["12"] * len(round_report.stats)] == lines[2].split()
    labels = [line[:26].strip() for line in lines[2:]]
    assert "games" not in labels
    assert ["knock", "undercut", "gin", "big gin", "dead hand", "void"] == labels[1:7]


def test_simulation_table_games_rows(game_report: gr.SimulationReport) -> None:
    """Simulating games adds the rows about games."""
    lines = simulation_table(game_report).splitlines()
    bot = DEFAULT_BOT
    assert lines[0].startswith(f"2 games per ruleset, {bot} (player 0) vs {bot} (player 1), seed 1")
    labels = [line[:26].strip() for line in lines[2:]]
    for label in ("games", "rounds per game", "first player wins game", "drawn games"):
        assert label in labels
    assert 1 == len({len(line) for line in lines[1:]})


def test_simulation_table_of_one_ruleset_has_one_column() -> None:
    """One ruleset gives a table with one column."""
    lines = simulation_table(gr.simulate(gr.STRAIGHT, rounds=2)).splitlines()
    assert ["straight"] == lines[1].split()
    assert ["rounds", "2"] == lines[2].split()


def test_simulation_table_shows_undefined_figures_as_a_dash() -> None:
    """A figure with no data behind it (no round was scored) prints as ``-``."""
    report = gr.SimulationReport((gr.RulesetStats(gr.PAGAT, gr.Tally()),), ("greedy", "greedy"), 0)
    row = next(line for line in simulation_table(report).splitlines() if line.startswith("points per"))
    assert "-" == row.split()[-1]


def test_as_dict_writes_undefined_figures_as_none() -> None:
    """In the plain data of a ruleset (``--json``), a NaN figure is ``None``."""
    data = gr.RulesetStats(gr.PAGAT, gr.Tally()).as_dict()
    assert {"value": None, "low": None, "high": None} == data["points_per_scored_round"]
    assert "rounds_per_game" not in data
