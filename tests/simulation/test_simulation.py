"""Bot-against-bot simulation: reproducible counts that add up, the same result for any number
of worker processes, intervals computed right, bad arguments rejected, and the side-by-side
listing. (Shards, tallies and executors: ``test_shards.py``.)"""

from __future__ import annotations

import math
import re

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrummy as gr
from cli_helpers import cli_env
from ginrummy.cli.listings import simulation_text

Z = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""
ALL = list(gr.PRESETS.values())
"""Every preset, in order."""
GREEDY = ("greedy", "greedy")
"""A fast deterministic pair of bots, named so the tests keep their speed whatever the default
bot becomes."""


@pytest.fixture
def importable_in_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Worker processes are spawned and import ``ginrummy`` afresh: put this checkout's
    ``src`` on their ``PYTHONPATH``."""
    monkeypatch.setenv("PYTHONPATH", cli_env()["PYTHONPATH"])


# ------------------------------------------------------------------------- workers and seeds


@pytest.mark.usefixtures("importable_in_workers")
def test_two_workers_give_the_same_report_as_one_for_rounds() -> None:
    """Counts are sums over independently seeded rounds, so two worker processes report
    exactly what one does."""
    one = gr.simulate(ALL, rounds=6, seed=21, workers=1, bots=GREEDY)
    two = gr.simulate(ALL, rounds=6, seed=21, workers=2, bots=GREEDY)
    assert one == two


@pytest.mark.usefixtures("importable_in_workers")
def test_two_workers_give_the_same_report_as_one_for_games() -> None:
    """The same holds for whole games, with the random bot (its choices depend on its seed)."""
    bots = ("random", "greedy")
    one = gr.simulate([gr.PAGAT, gr.STRAIGHT], games=2, bots=bots, seed="w", workers=1)
    two = gr.simulate([gr.PAGAT, gr.STRAIGHT], games=2, bots=bots, seed="w", workers=2)
    assert one == two


@pytest.mark.usefixtures("importable_in_workers")
def test_a_named_factory_keeps_its_name_on_two_workers(named_greedy: gr.BotFactory) -> None:
    """A bot factory named by its ``name`` attribute (a ``functools.partial``, whose attributes
    a process pool drops on the way) is reported under that name, with the same counts, on
    two workers as on one."""
    bots = (named_greedy, "random")
    one = gr.simulate(gr.PAGAT, games=4, bots=bots, seed="n", workers=1)
    two = gr.simulate(gr.PAGAT, games=4, bots=bots, seed="n", workers=2, shard_size=1)
    assert ("named-greedy", "random") == two.tally.bots
    assert one == two


def test_same_seed_same_report() -> None:
    """The seed determines every deal and every bot: the same seed gives an equal report."""
    assert gr.simulate(gr.PAGAT, rounds=8, seed=5, bots=("random", "random")) == gr.simulate(
        gr.PAGAT, rounds=8, seed=5, bots=("random", "random")
    )


def test_different_seeds_give_different_reports() -> None:
    """Another seed deals other cards, so the counts differ."""
    first = gr.simulate(gr.PAGAT, rounds=8, seed=5, bots=GREEDY)
    other = gr.simulate(gr.PAGAT, rounds=8, seed=6, bots=GREEDY)
    assert first.stats[0].counts != other.stats[0].counts
    assert (5, 6) == (first.seed, other.seed)


def test_rounds_are_dealt_from_the_documented_seeds() -> None:
    """Round ``i`` is dealt from the seed ``f"{seed}:{i}"`` with player ``i % 2`` dealing: a
    recount of those rounds, played by the same bots, gives the same tally."""
    seed, count = 9, 7
    expected = gr.Counts()
    for index in range(count):
        state = gr.Round.deal(gr.OKLAHOMA, index % 2, seed=f"{seed}:{index}")
        bots = (gr.GreedyBot(), gr.GreedyBot())
        while not state.is_over:
            player = state.to_act
            assert player is not None
            state = state.apply(bots[player].act(state.view(player)))
        assert state.result is not None
        expected += gr.Counts.of_round(state.result, state.dealer, state.turns)
    assert expected == gr.simulate(gr.OKLAHOMA, rounds=count, seed=seed, bots=GREEDY).stats[0].counts


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
    tally = gr.simulate(gr.PAGAT, games=count, seed=seed, bots=GREEDY).stats[0].counts
    assert (count, rounds, rounds, first_player_wins, drawn) == (
        tally.games,
        tally.rounds,
        tally.game_rounds,
        tally.first_player_wins,
        tally.drawn_games,
    )


def test_wins_per_bot_are_counted_by_player_whoever_deals() -> None:
    """Player 0 is always the first bot: a recount of the games and rounds each player won,
    playing the documented deals with the same seeded bots, matches the counts, and the report
    gives each bot's share with its Wilson interval (greedy against random wins every game)."""
    seed, count = 5, 4
    game_wins, round_wins = [0, 0], [0, 0]
    for index in range(count):
        game = gr.Game.new(gr.PAGAT, seed=f"{seed}:{index}", dealer=index % 2)
        bots = (gr.make_bot("greedy", f"{seed}:{index}:0"), gr.make_bot("random", f"{seed}:{index}:1"))
        while not game.is_over:
            player = game.to_act
            assert player is not None
            game = game.apply(bots[player].act(game.round.view(player)))
        assert game.result is not None and game.result.winner is not None
        game_wins[game.result.winner] += 1
        for result in game.results:
            if result.winner is not None:
                round_wins[result.winner] += 1
    stats = gr.simulate(gr.PAGAT, games=count, seed=seed, bots=("greedy", "random")).stats[0]
    counts = stats.counts
    assert (game_wins, round_wins) == (
        [counts.player0_wins, counts.player1_wins],
        [counts.player0_round_wins, counts.player1_round_wins],
    )
    assert [count, 0] == game_wins
    assert gr.Estimate.proportion(count, count) == stats.win_rate(0)
    assert gr.Estimate.proportion(round_wins[1], stats.rounds) == stats.win_rate(1, "rounds")


def test_win_rate_refuses_a_bad_player_or_unit() -> None:
    """``win_rate`` takes player 0 or 1, ``'dealer'``, ``'non-dealer'`` or ``'first player'``,
    and the unit 'games' or 'rounds' in which that one's wins are counted."""
    stats = gr.RulesetStats(gr.PAGAT, gr.Counts())
    for who, unit, needle in (
        (2, "games", "invalid player 2: must be 0 or 1"),
        (True, None, "invalid player True: must be 0 or 1"),
        (0, "hands", "invalid unit 'hands'"),
        ("dealer", "games", "invalid unit 'games' for 'dealer': its wins are counted in rounds"),
        ("first player", "rounds", "invalid unit 'rounds' for 'first player': its wins are counted in games"),
    ):
        with pytest.raises(gr.GinRummyError, match=needle):
            stats.win_rate(who, unit)  # type: ignore[arg-type]


def test_counts_refuse_wins_per_player_that_do_not_add_up() -> None:
    """Player 0's and player 1's round wins are the scored rounds, and their game wins with
    the draws are the games."""
    round_fields = {"rounds": 1, "outcomes": (1, 0, 0, 0, 0, 0), "scored_rounds": 1, "dealer_wins": 1}
    with pytest.raises(gr.GinRummyError, match="player 0's and player 1's wins are not the 1 scored round"):
        gr.Counts(**round_fields)  # type: ignore[arg-type]
    game_fields = {**round_fields, "player0_round_wins": 1, "games": 1, "game_rounds": 1}
    with pytest.raises(gr.GinRummyError, match="draws are not the 1 game"):
        gr.Counts(**game_fields)  # type: ignore[arg-type]
    assert 1 == gr.Counts(**game_fields, player1_wins=1).player1_wins  # type: ignore[arg-type]


# --------------------------------------------------------------------------- counts add up


@pytest.fixture(scope="module")
def round_report() -> gr.SimulationReport:
    """Every preset, 12 single rounds each."""
    return gr.simulate(ALL, rounds=12, seed=1, bots=GREEDY)


@pytest.fixture(scope="module")
def game_report() -> gr.SimulationReport:
    """Every preset, 2 games each."""
    return gr.simulate(ALL, games=2, seed=1, bots=GREEDY)


def test_outcome_counts_sum_to_the_rounds(
    round_report: gr.SimulationReport, game_report: gr.SimulationReport
) -> None:
    """Every round has exactly one outcome."""
    for stats in (*round_report.stats, *game_report.stats):
        assert stats.rounds == sum(stats.counts.outcomes)
        assert len(gr.Outcome) == len(stats.counts.outcomes)


def test_dealer_and_non_dealer_wins_are_the_scored_rounds(
    round_report: gr.SimulationReport, game_report: gr.SimulationReport
) -> None:
    """Each scored round is won by the dealer or the non-dealer; the scored rounds are those
    not void (dead hands and void rounds score nothing)."""
    for stats in (*round_report.stats, *game_report.stats):
        tally = stats.counts
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
            stats.counts.game_rounds,
            stats.counts.first_player_wins,
            stats.counts.drawn_games,
        )
        assert math.isnan(stats.rounds_per_game)
        assert math.isnan(stats.win_rate("first player").value)
        assert math.isnan(stats.draw_rate.value)


def test_games_mode_fields(game_report: gr.SimulationReport) -> None:
    """Simulating games counts them: rounds per game is the rounds over the games, and the
    first player's win rate and the draw rate are proportions of the games."""
    for stats in game_report.stats:
        tally = stats.counts
        assert 2 == stats.games
        assert tally.rounds == tally.game_rounds
        assert tally.game_rounds / 2 == stats.rounds_per_game
        assert stats.rounds_per_game >= 1
        assert gr.Estimate.proportion(tally.first_player_wins, 2) == stats.win_rate("first player")
        assert gr.Estimate.proportion(tally.drawn_games, 2) == stats.draw_rate
        assert tally.first_player_wins + tally.drawn_games <= 2


def test_rates_and_means_come_from_the_counts(round_report: gr.SimulationReport) -> None:
    """Each outcome rate is its count over the rounds; turns and points are means over the
    rounds and the scored rounds; rates accept an outcome or its value."""
    for stats in round_report.stats:
        tally = stats.counts
        for outcome, count in zip(gr.Outcome, tally.outcomes, strict=True):
            assert gr.Estimate.proportion(count, tally.rounds) == stats.rate(outcome)
            assert stats.rate(outcome) == stats.rate(outcome.value)
        assert gr.Estimate.mean(tally.turns, tally.turns_squared, tally.rounds) == stats.turns_per_round
        assert (
            gr.Estimate.mean(tally.points, tally.points_squared, tally.scored_rounds)
            == stats.points_per_scored_round
        )
        assert gr.Estimate.proportion(tally.dealer_wins, tally.rounds) == stats.win_rate("dealer")
        assert gr.Estimate.proportion(tally.non_dealer_wins, tally.rounds) == stats.win_rate("non-dealer")


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
    gr.simulate(
        [gr.PAGAT, gr.STRAIGHT],
        rounds=5,
        bots=GREEDY,
        progress=lambda done, total: calls.append((done, total)),
    )
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


# ----------------------------------------------------------------------------------- counts


@st.composite
def unit_counts(draw: st.DrawFn, game: bool) -> gr.Counts:
    """The counts of one game (or of single rounds), as play could leave them: some rounds
    with outcomes, winners, turns and points."""
    rounds = draw(st.integers(min_value=1 if game else 0, max_value=4))
    total = gr.Counts()
    for _ in range(rounds):
        outcome = draw(st.sampled_from(list(gr.Outcome)))
        winner = None if outcome.is_void else draw(st.sampled_from([0, 1]))
        points = 0 if winner is None else draw(st.integers(min_value=0, max_value=200))
        result = gr.RoundResult(outcome=outcome, winner=winner, points=points)
        total += gr.Counts.of_round(result, draw(st.sampled_from([0, 1])), draw(st.integers(0, 60)))
    if game:
        winner = draw(st.sampled_from([0, 1, None]))  # None: a drawn game
        first = draw(st.sampled_from([0, 1]))  # who acted first
        total = attrs.evolve(
            total,
            games=1,
            game_rounds=rounds,
            first_player_wins=int(winner == first),
            player0_wins=int(winner == 0),
            player1_wins=int(winner == 1),
            drawn_games=int(winner is None),
        )
    return total


@st.composite
def finished_rounds(draw: st.DrawFn) -> tuple[gr.RoundResult, int, int]:
    """A finished round as a simulation counts it: ``(result, dealer, turns)``."""
    outcome = draw(st.sampled_from(list(gr.Outcome)))
    winner = None if outcome.is_void else draw(st.sampled_from([0, 1]))
    points = 0 if winner is None else draw(st.integers(min_value=0, max_value=200))
    result = gr.RoundResult(outcome=outcome, winner=winner, points=points)
    return result, draw(st.sampled_from([0, 1])), draw(st.integers(0, 60))


@given(st.lists(finished_rounds(), max_size=12))
def test_counts_of_rounds_count_each_round_as_the_rules_say(
    rounds: list[tuple[gr.RoundResult, int, int]],
) -> None:
    """``Counts.of_rounds`` (made once per simulated game) equals the sum, by ``+``, of each
    round's counts written out here field by field; ``of_round`` is the one-round case."""
    expected = gr.Counts()
    for result, dealer, turns in rounds:
        outcomes = tuple(int(outcome is result.outcome) for outcome in gr.Outcome)
        won = result.winner is not None
        one = gr.Counts(
            rounds=1,
            outcomes=outcomes,
            turns=turns,
            turns_squared=turns**2,
            scored_rounds=int(won),
            points=result.points,
            points_squared=result.points**2,
            dealer_wins=int(won and result.winner == dealer),
            non_dealer_wins=int(won and result.winner == 1 - dealer),
            player0_round_wins=int(result.winner == 0),
            player1_round_wins=int(result.winner == 1),
        )
        assert one == gr.Counts.of_round(result, dealer, turns)
        expected += one
    assert expected == gr.Counts.of_rounds(rounds)


def test_counts_of_rounds_refuse_a_bad_dealer_or_turns_and_name_them() -> None:
    gin = gr.RoundResult(outcome=gr.Outcome.GIN, winner=0, points=30)
    with pytest.raises(gr.GinRummyError, match="dealer"):
        gr.Counts.of_rounds([(gin, 0, 3), (gin, 2, 3)])
    with pytest.raises(gr.GinRummyError, match="turns"):
        gr.Counts.of_rounds([(gin, 0, -1)])


THREE_COUNTS = st.booleans().flatmap(lambda game: st.tuples(*[unit_counts(game)] * 3))
"""Counts of three units of play of the same kind (games, or single rounds)."""


@given(THREE_COUNTS)
def test_counts_addition_is_commutative(counts: tuple[gr.Counts, gr.Counts, gr.Counts]) -> None:
    """The order of two batches does not matter."""
    a, b, _ = counts
    assert a + b == b + a


@given(THREE_COUNTS)
def test_counts_addition_is_associative(counts: tuple[gr.Counts, gr.Counts, gr.Counts]) -> None:
    """How batches are grouped does not matter (what makes any worker count give the same
    result)."""
    a, b, c = counts
    assert (a + b) + c == a + (b + c)


@given(THREE_COUNTS)
def test_empty_counts_are_the_identity(counts: tuple[gr.Counts, gr.Counts, gr.Counts]) -> None:
    """Adding no counts changes nothing."""
    a = counts[0]
    assert a == a + gr.Counts()
    assert a == gr.Counts() + a


@given(THREE_COUNTS)
def test_counts_addition_adds_every_field(counts: tuple[gr.Counts, gr.Counts, gr.Counts]) -> None:
    """Each count of the sum is the sum of the counts."""
    a, b, _ = counts
    total = a + b
    assert tuple(x + y for x, y in zip(a.outcomes, b.outcomes, strict=True)) == total.outcomes
    for field in attrs.fields(gr.Counts):
        if field.name != "outcomes":
            assert getattr(a, field.name) + getattr(b, field.name) == getattr(total, field.name)


@pytest.mark.parametrize(
    ("fields", "needle"),
    [
        ({"rounds": -1}, "invalid counts.rounds -1"),
        ({"rounds": True}, "invalid counts.rounds True"),
        ({"outcomes": (1, 0)}, "must be a tuple of 6 counts"),
        ({"rounds": 2, "outcomes": (1, 0, 0, 0, 0, 0)}, "the outcomes add up to 1, not to the 2 rounds"),
        (
            {"rounds": 1, "outcomes": (1, 0, 0, 0, 0, 0), "scored_rounds": 1},
            "wins are not the 1 scored round",
        ),
        ({"rounds": 1, "outcomes": (0, 0, 0, 0, 1, 0), "scored_rounds": 1, "dealer_wins": 1}, "with 1 void"),
        ({"turns": 3, "turns_squared": 2}, "a sum of squares is below its sum"),
        ({"drawn_games": 1}, "game figures without games"),
        ({"games": 1}, "1 game of 0 rounds but 0 rounds played"),
    ],
    ids=[
        "negative",
        "bool",
        "outcomes-length",
        "outcomes-sum",
        "scored",
        "void",
        "squares",
        "no-games",
        "rounds",
    ],
)
def test_impossible_counts_are_refused(fields: dict[str, object], needle: str) -> None:
    """Counts that play cannot leave raise :class:`gr.GinRummyError` saying what is wrong."""
    with pytest.raises(gr.GinRummyError, match=re.escape(needle)):
        gr.Counts(**fields)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"games": 2, "rounds": 2}, "give either games or rounds, not both"),
        ({"games": 0}, "invalid count 0"),
        ({"rounds": -1}, "invalid count -1"),
        ({"games": True}, "invalid count True"),
        ({"rounds": 2.0}, "invalid count 2.0"),
        ({"rounds": 1, "workers": 0}, "invalid workers 0"),
        ({"rounds": 1, "workers": 1.5}, "invalid workers 1.5"),
        ({"rounds": 1, "workers": 129}, "invalid workers 129: must be an integer from 1 to 128"),
        ({"rounds": 1, "executor": "pool"}, "invalid executor 'pool'"),
        ({"rounds": 1, "shard_size": 0}, "invalid shard_size 0"),
        ({"rounds": 1, "seed": 1.5}, "invalid seed 1.5"),
        ({"rounds": 1, "bots": ("greedy", "nope")}, "unknown bot 'nope'"),
        ({"rounds": 1, "bots": ("Nope", "greedy")}, "unknown bot 'Nope'"),
    ],
    ids=[
        "both-counts",
        "zero-games",
        "negative-rounds",
        "bool-count",
        "float-count",
        "zero-workers",
        "float-workers",
        "too-many-workers",
        "not-an-executor",
        "zero-shard-size",
        "float-seed",
        "unknown-bot-1",
        "unknown-bot-0",
    ],
)
def test_bad_arguments_raise(kwargs: dict[str, object], needle: str) -> None:
    """Bad counts, worker numbers and bot names raise :class:`gr.GinRummyError` naming the
    value, before anything is played."""
    with pytest.raises(gr.GinRummyError, match=needle):
        gr.simulate(gr.PAGAT, **{"bots": GREEDY, **kwargs})  # type: ignore[arg-type]


@pytest.mark.parametrize("rulesets", [[], (), ["pagat"], [gr.PAGAT, "straight"], "pagat"], ids=repr)
def test_bad_rulesets_raise(rulesets: object) -> None:
    """No ruleset, or something that is not a :class:`gr.Ruleset`, raises
    :class:`gr.GinRummyError`."""
    with pytest.raises(gr.GinRummyError, match="invalid rulesets"):
        gr.simulate(rulesets, rounds=1, bots=GREEDY)  # type: ignore[arg-type]


def test_one_ruleset_may_be_given_alone() -> None:
    """A single :class:`gr.Ruleset` needs no list."""
    assert gr.simulate([gr.PAGAT], rounds=3, seed=4, bots=GREEDY) == gr.simulate(
        gr.PAGAT, rounds=3, seed=4, bots=GREEDY
    )


# ------------------------------------------------------------------------------------ listing


def listing_blocks(listing: str) -> list[list[str]]:
    """The blocks of a side-by-side listing (after its header lines), each a list of lines."""
    body = listing.split("\n\n", 1)[1]
    return [block.splitlines() for block in body.split("\n\n")]


def test_simulation_listing_has_one_column_per_ruleset(round_report: gr.SimulationReport) -> None:
    """The listing heads one column per ruleset, in order, across its blocks, every row has a
    cell under each, and no line is wider than 80 columns."""
    listing = simulation_text(round_report)
    blocks = listing_blocks(listing)
    assert [s.name for s in round_report.stats] == [name for block in blocks for name in block[0].split()]
    assert all(len(line) <= 80 for line in listing.splitlines())
    rounds = [cell for block in blocks for cell in block[1].split()[1:]]
    assert ["12"] * len(round_report.stats) == rounds
    labels = [line[:24].strip() for line in blocks[0][1:]]
    assert "games" not in labels
    assert ["knock", "undercut", "gin", "big gin", "dead hand", "void"] == labels[1:7]
    for block in blocks:
        assert 1 == len({len(line) for line in block[1:]})


def test_simulation_listing_games_rows(game_report: gr.SimulationReport) -> None:
    """Simulating games adds the rows about games."""
    listing = simulation_text(game_report)
    assert listing.startswith("2 games per ruleset, greedy (player 0) vs greedy (player 1), seed 1")
    labels = [line[:24].strip() for line in listing_blocks(listing)[0][1:]]
    for label in ("games", "rounds per game", "first player wins game", "drawn games"):
        assert label in labels


def test_simulation_listing_of_one_ruleset_has_one_column() -> None:
    """One ruleset gives a listing with one column in one block."""
    (block,) = listing_blocks(simulation_text(gr.simulate(gr.STRAIGHT, rounds=2, bots=GREEDY)))
    assert ["straight"] == block[0].split()
    assert ["rounds", "2"] == block[1].split()


def test_simulation_listing_cells_are_the_estimates_in_percent() -> None:
    """A share prints as its value and interval in percent, a mean as itself: the row of the
    knock share and of turns per round hold the report's figures."""
    report = gr.simulate(gr.PAGAT, rounds=30, seed=2, bots=GREEDY)
    stats = report.stats[0]
    rows = {line[:24].strip(): line[24:].strip() for line in listing_blocks(simulation_text(report))[0][1:]}
    knock = stats.rate("knock")
    assert f"{100 * knock.value:.1f} ({100 * knock.low:.1f}-{100 * knock.high:.1f})" == rows["knock"]
    turns = stats.turns_per_round
    assert f"{turns.value:.1f} ({turns.low:.1f}-{turns.high:.1f})" == rows["turns per round"]


def empty_report() -> gr.SimulationReport:
    """The report of no rounds of Pagat."""
    return gr.SimulationReport(gr.Tally.empty([gr.PAGAT], ("greedy", "greedy"), 0, "rounds"))


def test_simulation_listing_shows_undefined_figures_as_a_dash() -> None:
    """A figure with no data behind it (no round was scored) prints as ``-``."""
    row = next(line for line in simulation_text(empty_report()).splitlines() if line.startswith("points per"))
    assert "-" == row.split()[-1]


def test_a_reports_document_writes_undefined_figures_as_null() -> None:
    """In the figures of a report's document (``--json``), a NaN figure is ``None`` (null),
    and the game figures are left out when no games were played."""
    (data,) = gr.to_data(empty_report())["data"]["stats"]
    assert {"value": None, "low": None, "high": None} == data["points_per_scored_round"]
    assert "rounds_per_game" not in data
    assert empty_report() == gr.loads(gr.dumps(empty_report()))
