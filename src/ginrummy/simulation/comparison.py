"""Paired comparison of rulesets: how much a variant changes each statistic, with a 95% interval.

:func:`compare` plays the same games under every ruleset (game ``i`` is the same deal under
each) and reports, besides every statistic of :func:`~ginrummy.simulate` under each ruleset,
the difference of each statistic between each ruleset and the first, estimated game by game.
Because the luck of the deal is shared, the paired interval is much narrower than the two
rulesets' own intervals would suggest.

The interval of a difference is the normal interval of the per-game (or per-round) paired
differences. For a share of games, or a mean per game, that is the plain paired interval: the
mean of the per-game differences, and their sample variance over the number of games. For a
share of rounds (or a mean per round, or per scored round) the statistic is a ratio of two
sums, and the rounds in a game differ between rulesets, so the variance is the delta method's:
the sample variance of each game's linearised difference
``(x - V y) / mean(y) - (x0 - V0 y0) / mean(y0)``, computed exactly from the integer sums of a
:class:`~ginrummy.simulation.tally.PairedSums`.

>>> import ginrummy as gr
>>> result = gr.compare([gr.PAGAT, gr.STRAIGHT], rounds=40, seed=3, bots=("greedy", "greedy"))
>>> knock = result.difference("straight", "knock")
>>> knock.value < 0, knock.high < 0, result.significant("straight", "knock")
(True, True, True)
"""

from __future__ import annotations

import concurrent.futures
import math
import textwrap
from collections.abc import Sequence
from fractions import Fraction

import attrs

from ginrummy.bots.registry import DEFAULT_BOT
from ginrummy.errors import GinRummyError
from ginrummy.rules import Ruleset
from ginrummy.simulation.cells import WIDTH, difference_cell, wrapped_columns
from ginrummy.simulation.shards import BotPair, Progress, check_rulesets
from ginrummy.simulation.statistics import (
    Z95,
    Estimate,
    RulesetStats,
    SimulationReport,
    deprecated_as_dict,
    estimate_dict,
    report_header,
    report_note,
    reported,
    run_simulation,
    statistic_label,
    statistic_rows,
    stats_figures,
)
from ginrummy.simulation.tally import PRODUCTS, STATISTICS, Statistic, Tally
from ginrummy.validators import is_int

__all__ = [
    "Comparison",
    "Difference",
    "compare",
    "comparison_text",
    "difference_figures",
    "differences_figures",
    "paired_difference",
]

_NAN = Estimate(math.nan, math.nan, math.nan)


def paired_difference(units: int, sums: tuple[int, int, int, int], products: Sequence[int]) -> Estimate:
    """The difference ``V - V0`` of two ratios ``V = sum(x) / sum(y)`` and ``V0 = sum(x0) /
    sum(y0)`` measured on the same ``units``, with its 95% interval (delta method).

    :param units: the number of games (or rounds) summed.
    :param sums: ``(sum(x), sum(y), sum(x0), sum(y0))``.
    :param products: the sums of the products of :data:`~ginrummy.simulation.tally.PRODUCTS`.
    :returns: NaN when there are fewer than 2 units or a denominator is 0.

    With every ``y`` and ``y0`` equal to 1 this is the paired interval of the mean of the
    differences ``x - x0``: here 3 units with differences 1, 0 and 2.

    >>> e = paired_difference(3, (5, 3, 2, 3), (9, 5, 3, 5, 3, 2, 3, 2, 2, 3))
    >>> e.value, round(e.high - e.value, 6)
    (1.0, 1.131586)
    """
    if units < 2 or sums[1] == 0 or sums[3] == 0:
        return _NAN
    n = units
    value = Fraction(sums[0], sums[1]) - Fraction(sums[2], sums[3])
    mean_y, mean_y0 = Fraction(sums[1], n), Fraction(sums[3], n)
    gradient = (
        1 / mean_y,
        -Fraction(sums[0], sums[1]) / mean_y,
        -1 / mean_y0,
        Fraction(sums[2], sums[3]) / mean_y0,
    )
    # n (n - 1) times the sample covariance of the vectors (x, y, x0, y0): exact integers.
    scaled = [[0] * 4 for _ in range(4)]
    for (i, j), total in zip(PRODUCTS, products, strict=True):
        scaled[i][j] = scaled[j][i] = n * total - sums[i] * sums[j]
    form = sum(
        (gradient[i] * gradient[j] * scaled[i][j] for i in range(4) for j in range(4)), start=Fraction(0)
    )
    variance = max(Fraction(0), form / (n * (n - 1) * n))
    half = Z95 * math.sqrt(variance)
    middle = float(value)
    return Estimate(middle, middle - half, middle + half)


@attrs.frozen
class Difference:
    """The paired difference of one statistic between a ruleset and the first one.

    >>> d = Difference("straight", "pagat", "gin", True, Estimate(0.9, 0.85, 0.95))
    >>> d.significant, d.estimate.value
    (True, 0.9)
    """

    ruleset: str
    """The ruleset compared (its name)."""
    against: str
    """The first ruleset (its name)."""
    statistic: str
    """The statistic's name, as in :data:`~ginrummy.simulation.tally.STATISTICS`."""
    percent: bool
    """A difference of shares (shown in percentage points) rather than of means."""
    estimate: Estimate
    """The difference ``ruleset - against`` with its 95% interval."""

    @property
    def significant(self) -> bool:
        """Whether the 95% interval excludes 0."""
        return self.estimate.low > 0 or self.estimate.high < 0

    def as_dict(self) -> dict[str, object]:
        """Deprecated: the differences are in the document of the comparison
        (``gr.to_data(comparison)``, under ``differences``)."""
        deprecated_as_dict("Difference", "gr.to_data(comparison)['data']['differences']")
        return difference_figures(self)


def difference_figures(difference: Difference) -> dict[str, object]:
    """A difference as plain data: its estimate (:func:`estimate_dict`) and whether its
    interval excludes 0."""
    return {**estimate_dict(difference.estimate), "excludes_zero": difference.significant}


def differences_figures(comparison: Comparison) -> list[dict[str, object]]:
    """The differences of a comparison as plain data, one object per ruleset after the first:
    the ``differences`` of its document."""
    first = comparison.tally.rulesets[0].name
    return [
        {
            "ruleset": rules.name,
            "against": first,
            "statistics": {
                d.statistic: difference_figures(d) for d in comparison.differences if d.ruleset == rules.name
            },
        }
        for rules in comparison.tally.rulesets[1:]
    ]


def _differences(tally: Tally, index: int) -> tuple[Difference, ...]:
    first, counts = tally.counts[0], tally.counts[index]
    found = []
    for statistic, products in zip(STATISTICS, tally.paired[index - 1].products, strict=True):
        if statistic not in reported(tally.unit):
            continue
        x, y = statistic.parts(counts)
        x0, y0 = statistic.parts(first)
        estimate = paired_difference(tally.units, (x, y, x0, y0), products)
        found.append(
            Difference(
                tally.rulesets[index].name,
                tally.rulesets[0].name,
                statistic.name,
                statistic.percent,
                estimate,
            )
        )
    return tuple(found)


@attrs.frozen
class Comparison:
    """The result of :func:`compare`: the report of every ruleset, and the paired difference
    of every statistic between each ruleset and the first.

    >>> import ginrummy as gr
    >>> same = gr.PAGAT.evolve(name="same")
    >>> result = gr.compare([gr.PAGAT, same], rounds=5, bots=("greedy", "greedy"))
    >>> d = result.difference("same", "gin")
    >>> (d.value, d.low, d.high), result.significant("same", "gin")
    ((0.0, 0.0, 0.0), False)

    ``str()`` is the listing ``ginrummy compare`` prints (:func:`comparison_text`):

    >>> print(str(result).splitlines()[0])
    5 rounds under each ruleset on the same deals, greedy (player 0) vs greedy
    """

    tally: Tally
    """The counts and paired sums of every game under every ruleset."""

    def __str__(self) -> str:
        return comparison_text(self)

    differences: tuple[Difference, ...] = attrs.field(init=False, eq=False)
    """For each ruleset after the first, in order, one difference per statistic reported
    (made from the tally, which alone decides equality: an undefined difference is NaN)."""

    @differences.default
    def _compute(self) -> tuple[Difference, ...]:
        if len(self.tally.rulesets) < 2:
            raise GinRummyError("a comparison needs at least two rulesets")
        return tuple(
            d for index in range(1, len(self.tally.rulesets)) for d in _differences(self.tally, index)
        )

    @property
    def report(self) -> SimulationReport:
        """Every statistic under each ruleset, as :func:`~ginrummy.simulate` reports them."""
        return SimulationReport(self.tally)

    @property
    def stats(self) -> tuple[RulesetStats, ...]:
        """The statistics per ruleset, in order."""
        return self.report.stats

    @property
    def statistics(self) -> tuple[Statistic, ...]:
        """The statistics compared (the game figures only when games were played)."""
        return reported(self.tally.unit)

    def _find(self, ruleset: str | int, statistic: str) -> Difference:
        names = [rules.name for rules in self.tally.rulesets]
        if is_int(ruleset):
            if not 1 <= ruleset < len(names):
                raise GinRummyError(f"invalid ruleset {ruleset!r}: expected 1 to {len(names) - 1}")
            name = names[ruleset]
        else:
            name = ruleset  # type: ignore[assignment]
            if name not in names[1:]:
                raise GinRummyError(f"unknown ruleset {ruleset!r}: compared are {', '.join(names[1:])}")
        for difference in self.differences:
            if difference.ruleset == name and difference.statistic == statistic:
                return difference
        known = ", ".join(s.name for s in self.statistics)
        raise GinRummyError(f"unknown statistic {statistic!r}: known are {known}")

    def difference(self, ruleset: str | int, statistic: str) -> Estimate:
        """The paired difference of ``statistic`` (a name of
        :data:`~ginrummy.simulation.tally.STATISTICS`: ``'gin'``, ``'turns_per_round'``...) between
        ``ruleset`` (its name, or its position from 1) and the first ruleset, with its 95%
        interval.

        :raises GinRummyError: for an unknown ruleset or statistic.
        """
        return self._find(ruleset, statistic).estimate

    def significant(self, ruleset: str | int, statistic: str) -> bool:
        """Whether the 95% interval of that difference excludes 0."""
        return self._find(ruleset, statistic).significant

    def as_dict(self) -> dict[str, object]:
        """Deprecated: ``gr.to_data(comparison)``, the document ``gr.dumps`` writes (and
        ``ginrummy compare --json`` prints), holds the tally and these figures."""
        deprecated_as_dict("Comparison", "gr.to_data(comparison)")
        return {
            "seed": self.tally.seed,
            "bots": list(self.tally.bots),
            "rulesets": [stats_figures(s) for s in self.stats],
            "unit": self.tally.unit,
            "units": self.tally.units,
            "differences": differences_figures(self),
        }


def compare(
    rulesets: Sequence[Ruleset],
    *,
    games: int | None = None,
    rounds: int | None = None,
    bots: BotPair = (DEFAULT_BOT, DEFAULT_BOT),
    seed: int | str = 0,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    progress: Progress | None = None,
    shard_size: int | None = None,
) -> Comparison:
    """Play the same games under two or more rulesets and compare each with the first.

    The arguments are those of :func:`~ginrummy.simulate`; the rulesets must have different
    names (the comparison names them).

    :returns: a :class:`Comparison`: every statistic under each ruleset, and the paired
        difference of each against the first with its 95% interval.
    :raises GinRummyError: for fewer than two rulesets, two with the same name, or bad
        arguments.

    >>> import ginrummy as gr
    >>> limit7 = gr.PAGAT.evolve(name="limit-7", knock_limit=7)
    >>> bots = ("greedy", "greedy")
    >>> result = gr.compare([gr.PAGAT, limit7], rounds=10, seed=1, bots=bots)
    >>> [d.statistic for d in result.differences][:3]
    ['knock', 'undercut', 'gin']
    """
    chosen = check_rulesets(rulesets)
    if len(chosen) < 2:
        raise GinRummyError(f"invalid rulesets {rulesets!r}: a comparison needs at least two")
    names = [rules.name for rules in chosen]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise GinRummyError(f"invalid rulesets: two are named {twice[0]!r}; give each its own name")
    return Comparison(
        run_simulation(
            chosen,
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


def comparison_text(comparison: Comparison) -> str:
    """Every statistic under each ruleset (as :func:`simulation_text`), then the paired
    difference of each ruleset from the first with its 95% interval, ``*`` marking the
    differences whose interval excludes 0; cut into blocks that fit 80 columns."""
    report = comparison.report
    names = [s.name for s in report.stats]
    lines = report_header(report, "under each ruleset on the same deals")
    lines.append(report_note(report))
    lines.append("")
    lines += wrapped_columns(names, statistic_rows(report))
    lines.append("")
    lines += textwrap.wrap(
        f"difference from {names[0]}, paired game by game, ± the half-width of its 95% "
        "interval (shares in percentage points); * the interval excludes 0",
        WIDTH,
    )
    lines.append("")
    rows: list[tuple[str, list[str]]] = []
    for statistic in comparison.statistics:
        cells = []
        for name in names[1:]:
            found = next(
                d for d in comparison.differences if d.ruleset == name and d.statistic == statistic.name
            )
            cell = difference_cell(found.estimate, statistic.percent)
            cells.append(cell + (" *" if found.significant else "  "))
        rows.append((statistic_label(statistic, report.bots), cells))
    lines += wrapped_columns(names[1:], rows)
    return "\n".join(line.rstrip() for line in lines)
