"""Paired comparison: every statistic of each ruleset against the first, its difference
computed game by game with the interval the delta method gives (checked against a two-pass
computation over the games), zero for a ruleset against itself, large effects found, bad
arguments refused, and a listing that fits 80 columns."""

from __future__ import annotations

import functools
import math
import operator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.cli.listings import comparison_text, statistic_label
from ginrummy.simulation.comparison import paired_difference
from ginrummy.simulation.tally import PRODUCTS, STATISTICS

Z = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""
GREEDY = ("greedy", "greedy")
"""A fast deterministic pair of bots."""
LIMIT_7 = gr.PAGAT.evolve(name="limit-7", knock_limit=7)
"""Pagat's rules with a knock limit of 7."""


def two_pass(units: list[tuple[int, int, int, int]]) -> tuple[float, float]:
    """The difference ``sum(x)/sum(y) - sum(x0)/sum(y0)`` of per-unit vectors ``(x, y, x0,
    y0)`` and the half-width of its 95% interval, computed as the textbook does: linearise
    each unit's difference, ``u = (x - V y) / mean(y) - (x0 - V0 y0) / mean(y0)``, and take
    z times the standard error of the mean of ``u``."""
    n = len(units)
    sx, sy, sx0, sy0 = (sum(unit[i] for unit in units) for i in range(4))
    v, v0 = sx / sy, sx0 / sy0
    mean_y, mean_y0 = sy / n, sy0 / n
    linear = [(x - v * y) / mean_y - (x0 - v0 * y0) / mean_y0 for x, y, x0, y0 in units]
    mean = sum(linear) / n
    variance = sum((u - mean) ** 2 for u in linear) / (n - 1)
    return v - v0, Z * math.sqrt(variance / n)


def sums_of(units: list[tuple[int, int, int, int]]) -> tuple[tuple[int, int, int, int], tuple[int, ...]]:
    """The sums and the product sums (:data:`PRODUCTS`) of per-unit vectors."""
    sums = tuple(sum(unit[i] for unit in units) for i in range(4))
    products = tuple(sum(unit[i] * unit[j] for unit in units) for i, j in PRODUCTS)
    return (sums[0], sums[1], sums[2], sums[3]), products


UNITS = st.lists(
    st.tuples(st.integers(0, 40), st.integers(1, 12), st.integers(0, 40), st.integers(1, 12)),
    min_size=2,
    max_size=30,
)
"""Per-unit vectors (numerator, denominator, numerator under the first ruleset, denominator
under it), denominators of at least 1."""


@given(UNITS)
def test_paired_difference_is_the_two_pass_delta_method(units: list[tuple[int, int, int, int]]) -> None:
    """From the integer sums alone, the difference of two ratios and its interval equal the
    two-pass linearised computation over the units."""
    sums, products = sums_of(units)
    estimate = paired_difference(len(units), sums, products)
    value, half = two_pass(units)
    assert value == pytest.approx(estimate.value, abs=1e-12)
    assert half == pytest.approx((estimate.high - estimate.low) / 2, rel=1e-9, abs=1e-12)
    assert estimate.value == pytest.approx((estimate.low + estimate.high) / 2, abs=1e-9)


@given(st.lists(st.tuples(st.integers(-20, 20), st.integers(0, 20)), min_size=2, max_size=30))
def test_with_unit_denominators_it_is_the_paired_mean_interval(pairs: list[tuple[int, int]]) -> None:
    """With every denominator 1 (a share of games, a mean per game), the interval is the
    classic paired one: the mean difference, plus or minus z times the sample standard
    deviation of the differences over the square root of n."""
    units = [(d + base + 20, 1, base, 1) for d, base in pairs]  # x - x0 = d + 20
    sums, products = sums_of(units)
    estimate = paired_difference(len(units), sums, products)
    differences = [x - x0 for x, _, x0, _ in units]
    mean = sum(differences) / len(differences)
    sd = math.sqrt(sum((d - mean) ** 2 for d in differences) / (len(differences) - 1))
    assert mean == pytest.approx(estimate.value, abs=1e-12)
    assert Z * sd / math.sqrt(len(units)) == pytest.approx(estimate.high - estimate.value, abs=1e-9)


def test_paired_difference_is_undefined_without_two_units_or_a_denominator() -> None:
    """One unit has no variance, and a ratio over nothing is undefined: NaN."""
    assert math.isnan(paired_difference(1, (1, 1, 0, 1), (1, 1, 0, 0, 1, 0, 1, 0, 0, 1)).value)
    assert math.isnan(paired_difference(3, (0, 0, 1, 3), (0,) * 10).value)


# ---------------------------------------------------------------------------------- compare


@pytest.fixture(scope="module")
def per_game() -> list[gr.Tally]:
    """Games 0 to 5 under Pagat and Pagat with a knock limit of 7, one shard per game."""
    return [gr.play_games([gr.PAGAT, LIMIT_7], GREEDY, 11, i, i + 1) for i in range(6)]


def test_every_difference_matches_the_computation_over_the_games(per_game: list[gr.Tally]) -> None:
    """For every statistic, the comparison's difference and interval equal the two-pass
    computation over the games' own counts: the paired sums carry everything needed."""
    comparison = gr.Comparison(functools.reduce(operator.add, per_game))
    assert [s.name for s in STATISTICS] == [d.statistic for d in comparison.differences]
    for statistic in STATISTICS:
        units = [(*statistic.parts(t.counts[1]), *statistic.parts(t.counts[0])) for t in per_game]
        found = comparison.difference("limit-7", statistic.name)
        if sum(u[1] for u in units) == 0 or sum(u[3] for u in units) == 0:
            assert math.isnan(found.value), statistic.name
            continue
        value, half = two_pass(units)
        assert value == pytest.approx(found.value, abs=1e-12), statistic.name
        assert half == pytest.approx((found.high - found.low) / 2, rel=1e-9, abs=1e-12), statistic.name


def test_the_difference_is_the_difference_of_the_reported_figures(per_game: list[gr.Tally]) -> None:
    """Each difference is the second ruleset's figure minus the first's, as ``simulate``
    reports them."""
    comparison = gr.Comparison(functools.reduce(operator.add, per_game))
    first, second = comparison.stats
    assert second.rate("knock").value - first.rate("knock").value == pytest.approx(
        comparison.difference(1, "knock").value
    )
    assert second.turns_per_round.value - first.turns_per_round.value == pytest.approx(
        comparison.difference("limit-7", "turns_per_round").value
    )
    assert second.rounds_per_game - first.rounds_per_game == pytest.approx(
        comparison.difference("limit-7", "rounds_per_game").value
    )


def test_a_ruleset_against_itself_differs_by_exactly_nothing() -> None:
    """The same rules under another name play the same games: every difference is 0 with an
    interval of zero width, and none is marked."""
    comparison = gr.compare([gr.OKLAHOMA, gr.OKLAHOMA.evolve(name="again")], games=2, seed=5, bots=GREEDY)
    for difference in comparison.differences:
        if math.isnan(difference.estimate.value):
            continue
        assert (0.0, 0.0, 0.0) == (
            difference.estimate.value,
            difference.estimate.low,
            difference.estimate.high,
        )
        assert not difference.significant


def test_straight_gin_ends_rounds_by_gin_only_a_clear_difference() -> None:
    """Against Pagat, Straight Gin has no knocks and far more gins: both differences have
    intervals that exclude 0, of the right sign; single rounds give no game figures."""
    comparison = gr.compare([gr.PAGAT, gr.STRAIGHT], rounds=40, seed=1, bots=GREEDY)
    knock, gin = comparison.difference("straight", "knock"), comparison.difference("straight", "gin")
    assert knock.high < 0 < gin.low
    assert comparison.significant("straight", "knock") and comparison.significant("straight", "gin")
    assert "rounds_per_game" not in [d.statistic for d in comparison.differences]
    assert 40 == comparison.tally.units


def test_compare_reports_every_ruleset_against_the_first() -> None:
    """With three rulesets there are two sets of differences, each against the first, in
    order; the comparison's document holds the tally, the figures and the differences."""
    comparison = gr.compare([gr.PAGAT, gr.STRAIGHT, LIMIT_7], rounds=4, seed=3, bots=GREEDY)
    assert ["straight", "limit-7"] == list(dict.fromkeys(d.ruleset for d in comparison.differences))
    assert {"pagat"} == {d.against for d in comparison.differences}
    data = gr.to_data(comparison)["data"]
    assert {"tally", "stats", "differences"} == set(data)
    assert (3, "rounds", [[0, 4]]) == (data["tally"]["seed"], data["tally"]["unit"], data["tally"]["played"])
    differences = data["differences"]
    assert isinstance(differences, list)
    assert ["straight", "limit-7"] == [entry["ruleset"] for entry in differences]
    gin = differences[0]["statistics"]["gin"]
    estimate = comparison.difference("straight", "gin")
    assert {"value", "low", "high", "excludes_zero"} == set(gin)
    assert (round(estimate.value, 6), comparison.significant(1, "gin")) == (
        gin["value"],
        gin["excludes_zero"],
    )


@pytest.mark.parametrize(
    ("rulesets", "needle"),
    [
        ([gr.PAGAT], "a comparison needs at least two"),
        (
            [gr.PAGAT.evolve(knock_limit=6, name="house"), gr.PAGAT.evolve(knock_limit=5, name="house")],
            "two are named 'house'",
        ),
        ([gr.PAGAT, "straight"], "invalid rulesets"),
    ],
    ids=["one", "same-name", "not-a-ruleset"],
)
def test_compare_rejects_bad_rulesets(rulesets: list[gr.Ruleset], needle: str) -> None:
    """Fewer than two rulesets, two with the same name, or something else raise
    :class:`gr.GinRummyError`."""
    with pytest.raises(gr.GinRummyError, match=needle):
        gr.compare(rulesets, rounds=1, bots=GREEDY)


def test_comparisons_of_the_same_games_are_equal_even_with_undefined_differences() -> None:
    """Equality is that of the tallies: one round gives undefined (NaN) differences, and two
    comparisons of it are still equal."""
    first = gr.compare([gr.PAGAT, gr.STRAIGHT], rounds=1, bots=GREEDY)
    assert math.isnan(first.difference("straight", "gin").value)
    assert first == gr.compare([gr.PAGAT, gr.STRAIGHT], rounds=1, bots=GREEDY)


def test_unknown_ruleset_or_statistic_is_refused() -> None:
    """Looking up a difference by an unknown ruleset, position or statistic raises
    :class:`gr.GinRummyError` naming it (the first ruleset has no difference)."""
    comparison = gr.compare([gr.PAGAT, gr.STRAIGHT], rounds=2, bots=GREEDY)
    cases: list[tuple[str | int, str, str]] = [
        ("pagat", "gin", "unknown ruleset 'pagat'"),
        (0, "gin", "invalid ruleset 0"),
        (2, "gin", "invalid ruleset 2"),
        ("straight", "gin rate", "unknown statistic 'gin rate'"),
        ("straight", "rounds_per_game", "unknown statistic 'rounds_per_game'"),
    ]
    for ruleset, statistic, needle in cases:
        with pytest.raises(gr.GinRummyError, match=needle):
            comparison.difference(ruleset, statistic)


# ------------------------------------------------------------------------------------ listing


def test_comparison_listing_fits_80_columns_and_marks_the_clear_differences() -> None:
    """Eight rulesets compared fit an 80-column terminal; the difference rows carry ``*``
    exactly where the interval excludes 0."""
    presets = list(gr.PRESETS.values())
    comparison = gr.compare(presets, rounds=3, seed=2, bots=GREEDY)
    listing = comparison_text(comparison)
    assert max(len(line) for line in listing.splitlines()) <= 80
    section = listing.split("the interval excludes 0\n\n", 1)[1]
    assert "*" in section
    blocks = [block.splitlines() for block in section.split("\n\n")]
    assert [r.name for r in presets[1:]] == [name for block in blocks for name in block[0].split()]
    labels = {statistic_label(s, comparison.report.bots): s for s in comparison.statistics}
    width = max(map(len, labels)) + 1
    for block in blocks:
        names = block[0].split()
        for line in block[1:]:
            statistic = labels[line[:width].strip()]
            marks = [cell.endswith("*") for cell in line[width:].split("  ") if cell.strip()]
            assert [comparison.significant(name, statistic.name) for name in names] == marks, line
