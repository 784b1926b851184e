"""The results of simulations have one JSON shape each: the document ``gr.dumps`` writes
(``gr.to_data`` as Python data, ``gr.from_data`` back), holding what decides the result and
the figures people read, checked against each other on load; ``as_dict`` and the win-rate
properties are deprecated in favour of it and of ``RulesetStats.win_rate``
(``docs/public-api.rst``: a ``DeprecationWarning`` naming the replacement)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import ginrummy as gr
from ginrummy.simulation.tally import STATISTICS

GREEDY = ("greedy", "greedy")


@pytest.fixture(scope="module")
def report() -> gr.SimulationReport:
    """A small report of whole games under two rulesets."""
    return gr.simulate([gr.PAGAT, gr.STRAIGHT], games=2, seed=3, bots=("greedy", "random"))


@pytest.fixture(scope="module")
def comparison() -> gr.Comparison:
    """A small comparison of rounds under two rulesets."""
    return gr.compare([gr.PAGAT, gr.STRAIGHT], rounds=6, seed=3, bots=GREEDY)


@pytest.fixture(scope="module")
def ladder() -> gr.Ladder:
    """A small ladder of three bots."""
    return gr.ladder(["greedy", "random", "eaai-simple"], gr.PAGAT, games=2, seed=1)


def results(
    report: gr.SimulationReport, comparison: gr.Comparison, ladder: gr.Ladder
) -> list[tuple[str, object]]:
    """Each result type with one value of it."""
    return [
        ("SimulationReport", report),
        ("Comparison", comparison),
        ("Ladder", ladder),
        ("Tally", report.tally),
    ]


def test_to_data_is_the_document_dumps_writes_and_from_data_reads_it(
    report: gr.SimulationReport, comparison: gr.Comparison, ladder: gr.Ladder
) -> None:
    """For every result (and a ruleset and a round), ``to_data`` is the parsed text of
    ``dumps``, of plain JSON types only, and ``from_data`` of it is the value again."""
    values = [*(value for _, value in results(report, comparison, ladder))]
    values += [gr.PAGAT, gr.Round.deal(gr.PAGAT, seed=3)]
    for value in values:
        data = gr.to_data(value)
        assert json.loads(gr.dumps(value)) == data
        assert json.dumps(data) == gr.dumps(value)  # no tuple, no NaN: plain JSON
        assert value == gr.from_data(data)
    assert [kind for kind, _ in results(report, comparison, ladder)] == [
        gr.to_data(value)["type"] for _, value in results(report, comparison, ladder)
    ]


def test_from_data_checks_like_loads() -> None:
    """``from_data`` refuses what ``loads`` refuses, with the same message: not a document,
    an unknown type, data nested too deeply."""
    cases: list[object] = [[], {"format": "ginrummy", "version": 1, "type": "Nope", "data": 0}]
    for bad in cases:
        with pytest.raises(gr.SerializationError) as from_data:
            gr.from_data(bad)
        with pytest.raises(gr.SerializationError) as loads:
            gr.loads(json.dumps(bad))
        assert str(loads.value) == str(from_data.value)
    deep: Any = 0
    for _ in range(100):
        deep = [deep]
    with pytest.raises(gr.SerializationError, match="nested deeper than 64"):
        gr.from_data({"format": "ginrummy", "version": 1, "type": "Hand", "data": deep})


def changed(document: dict[str, Any], path: list[str | int], value: object) -> dict[str, Any]:
    """A copy of ``document`` with the item at ``path`` (under ``data``) set to ``value``."""
    copy: dict[str, Any] = json.loads(json.dumps(document))
    target: Any = copy["data"]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


@pytest.mark.parametrize(
    ("kind", "path", "value", "needle"),
    [
        (
            "report",
            ["stats", 0, "outcomes", "knock", "value"],
            0.5,
            "simulationReport.stats[0].outcomes.knock.value",
        ),
        ("report", ["stats", 1, "games"], 3, "simulationReport.stats[1].games: 3 is not the figure"),
        ("report", ["stats", 0, "extra"], 1, "simulationReport.stats[0]: unknown field 'extra'"),
        ("report", ["tally", "seed"], True, "simulationReport.tally.seed: invalid tally: 'seed'"),
        (
            "comparison",
            ["differences", 0, "statistics", "gin", "low"],
            -1.0,
            "differences[0].statistics.gin.low",
        ),
        (
            "comparison",
            ["differences", 0, "against"],
            "straight",
            "differences[0].against: 'straight' is not",
        ),
        ("ladder", ["ratings", 0, "elo", "value"], 2000.0, "ladder.ratings[0].elo.value: 2000.0 is not"),
        ("ladder", ["ratings", 0, "score"], "1", "ladder.ratings[0].score: '1' is not the figure"),
        (
            "ladder",
            ["pairs", 0, "first_round_win_rate", "high"],
            0.1,
            "ladder.pairs[0].first_round_win_rate.high",
        ),
        (
            "ladder",
            ["pairs", 0, "first"],
            "",
            "ladder.pairs[0].first: invalid pair record: 'first' must be a string",
        ),
    ],
)
def test_loads_checks_a_results_figures_against_its_counts(
    report: gr.SimulationReport,
    comparison: gr.Comparison,
    ladder: gr.Ladder,
    kind: str,
    path: list[str | int],
    value: object,
    needle: str,
) -> None:
    """A result's figures are for people and other programs; the counts decide. A figure
    that is not what the counts give, a field too many, or a bad count is refused at its
    path, as a round's stored state is refused when its replay differs."""
    value_of = {"report": report, "comparison": comparison, "ladder": ladder}[kind]
    with pytest.raises(gr.SerializationError) as caught:
        gr.from_data(changed(gr.to_data(value_of), path, value))
    assert needle in str(caught.value)


def test_a_figure_within_its_rounding_is_accepted(report: gr.SimulationReport) -> None:
    """Figures are written to 6 decimals; a document whose figure differs by less than that
    (another platform's last bit) still loads."""
    document = gr.to_data(report)
    knock = document["data"]["stats"][0]["outcomes"]["knock"]["value"]
    assert report == gr.from_data(changed(document, ["stats", 0, "outcomes", "knock", "value"], knock + 1e-7))


def test_every_as_dict_warns_and_keeps_its_old_shape(
    report: gr.SimulationReport, comparison: gr.Comparison, ladder: gr.Ladder
) -> None:
    """``as_dict`` of a ruleset's statistics, a report, a difference, a comparison, a pair
    record and a ladder still returns what it did, with a ``DeprecationWarning`` that names
    ``gr.to_data``; its figures are the document's."""
    document = gr.to_data(report)["data"]
    with pytest.warns(DeprecationWarning, match=r"RulesetStats\.as_dict\(\) is deprecated: use gr\.to_data"):
        assert document["stats"][0] == report.stats[0].as_dict()
    with pytest.warns(DeprecationWarning, match=r"SimulationReport\.as_dict\(\) is deprecated"):
        old = report.as_dict()
    assert {"seed": 3, "bots": ["greedy", "random"], "rulesets": document["stats"]} == old
    compared = gr.to_data(comparison)["data"]
    with pytest.warns(DeprecationWarning, match=r"Comparison\.as_dict\(\) is deprecated"):
        old = comparison.as_dict()
    assert (compared["differences"], "rounds", 6) == (old["differences"], old["unit"], old["units"])
    with pytest.warns(DeprecationWarning, match=r"Difference\.as_dict\(\) is deprecated"):
        gin = comparison.differences[2].as_dict()
    assert compared["differences"][0]["statistics"]["gin"] == gin
    rated = gr.to_data(ladder)["data"]
    with pytest.warns(DeprecationWarning, match=r"Ladder\.as_dict\(\) is deprecated"):
        old = ladder.as_dict()
    assert (rated["ratings"], rated["pairs"], 2) == (old["ratings"], old["pairs"], old["games_per_pair"])
    with pytest.warns(DeprecationWarning, match=r"PairRecord\.as_dict\(\) is deprecated"):
        assert rated["pairs"][0] == ladder.pairs[0].as_dict()


DEPRECATED_RATES: list[tuple[str, Callable[[gr.RulesetStats], gr.Estimate], int | str, str]] = [
    ("dealer_win_rate", lambda s: s.dealer_win_rate, "dealer", "rounds"),
    ("non_dealer_win_rate", lambda s: s.non_dealer_win_rate, "non-dealer", "rounds"),
    ("player0_round_win_rate", lambda s: s.player0_round_win_rate, 0, "rounds"),
    ("player1_round_win_rate", lambda s: s.player1_round_win_rate, 1, "rounds"),
    ("player0_game_win_rate", lambda s: s.player0_game_win_rate, 0, "games"),
    ("player1_game_win_rate", lambda s: s.player1_game_win_rate, 1, "games"),
    ("first_player_game_win_rate", lambda s: s.first_player_game_win_rate, "first player", "games"),
    ("bot_win_rate", lambda s: s.bot_win_rate(1, "rounds"), 1, "rounds"),
]


@pytest.mark.parametrize(
    ("name", "old", "who", "unit"), DEPRECATED_RATES, ids=[r[0] for r in DEPRECATED_RATES]
)
def test_the_old_win_rates_warn_and_equal_win_rate(
    report: gr.SimulationReport,
    name: str,
    old: Callable[[gr.RulesetStats], gr.Estimate],
    who: int | str,
    unit: str,
) -> None:
    """Each win-rate property (and ``bot_win_rate``) warns, naming the ``win_rate`` call that
    replaces it, and gives that call's estimate, which is the figure of the same name in the
    statistics table and the document."""
    stats = report.stats[1]
    with pytest.warns(DeprecationWarning, match=rf"RulesetStats\.{name} is deprecated: use win_rate"):
        found = old(stats)
    assert stats.win_rate(who, unit) == found  # type: ignore[arg-type]
    named = [s for s in STATISTICS if s.name == name]  # bot_win_rate is no statistic's name
    assert [found] * len(named) == [stats.statistic(s) for s in named]


def test_win_rate_defaults_to_the_unit_its_wins_are_counted_in(report: gr.SimulationReport) -> None:
    """Without a unit, a player's and the first player's rates are of games, the dealer's and
    the non-dealer's of rounds."""
    stats = report.stats[0]
    counts = stats.counts
    assert [
        gr.Estimate.proportion(counts.player1_wins, counts.games),
        gr.Estimate.proportion(counts.first_player_wins, counts.games),
        gr.Estimate.proportion(counts.non_dealer_wins, counts.rounds),
    ] == [stats.win_rate(1), stats.win_rate("first player"), stats.win_rate("non-dealer")]
