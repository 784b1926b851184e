"""The Bradley-Terry fit of a ladder's ratings: log-strengths from the games of every pair,
and their standard errors (:func:`bradley_terry`; ``docs/design.md``, "Rating ladder", says
why this model).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from ginrummy.errors import GinRummyError

__all__ = ["PRIOR_DRAWS", "Record", "bradley_terry"]

PRIOR_DRAWS = 1.0
"""Virtual drawn games added to every pair before fitting, so that a bot that won (or lost)
every game still has a finite rating; negligible beside a few dozen real games."""


class Record(Protocol):
    """What the fit reads of a pair's record (:class:`~ginrummy.simulation.ladder.PairRecord`)."""

    @property
    def first(self) -> str:
        """The first bot's name."""

    @property
    def second(self) -> str:
        """The second bot's name."""

    @property
    def first_wins(self) -> int:
        """Games the first bot won."""

    @property
    def second_wins(self) -> int:
        """Games the second bot won."""

    @property
    def draws(self) -> int:
        """Drawn games."""


def _solve(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small invertible matrix (Gauss-Jordan with partial pivoting)."""
    size = len(matrix)
    rows = [list(row) + [1.0 if i == j else 0.0 for j in range(size)] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [x / lead for x in rows[column]]
        for r in range(size):
            if r != column and rows[r][column]:
                factor = rows[r][column]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[column], strict=True)]
    return [row[size:] for row in rows]


def bradley_terry(
    bots: Sequence[str], pairs: Sequence[Record], prior: float = PRIOR_DRAWS
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Fit Bradley-Terry log-strengths to the games of ``pairs`` and return them (summing to
    0) and their standard errors.

    A drawn game counts half a win to each bot, and every pair gets ``prior`` virtual drawn
    games. The fit is Hunter's MM iteration (2004), run until no log-strength moves by more
    than 1e-11; the errors come from the observed information matrix of the log-likelihood, whose
    pseudo-inverse (under the constraint that the log-strengths sum to 0) is the covariance.

    >>> from ginrummy.simulation.ladder import PairRecord
    >>> pair = PairRecord("a", "b", games=30, first_wins=20, second_wins=10, rounds=30,
    ...     first_round_wins=20, second_round_wins=10)
    >>> strengths, errors = bradley_terry(["a", "b"], [pair], prior=0)
    >>> round(strengths[0] - strengths[1], 6) == round(math.log(2), 6), round(errors[0], 4)
    (True, 0.1936)
    """
    index = {bot: i for i, bot in enumerate(bots)}
    size = len(bots)
    wins = [[0.0] * size for _ in range(size)]
    for pair in pairs:
        i, j = index[pair.first], index[pair.second]
        wins[i][j] += pair.first_wins + (pair.draws + prior) / 2
        wins[j][i] += pair.second_wins + (pair.draws + prior) / 2
    games = [[wins[i][j] + wins[j][i] for j in range(size)] for i in range(size)]
    for i in range(size):
        if not sum(wins[i]):
            raise GinRummyError(f"bot {bots[i]!r} won nothing: it has no finite rating (give prior > 0)")
    strength = [1.0] * size
    for _ in range(100_000):
        updated = []
        for i in range(size):
            below = sum(games[i][j] / (strength[i] + strength[j]) for j in range(size) if j != i)
            updated.append(sum(wins[i]) / below)
        mean = math.exp(sum(math.log(s) for s in updated) / size)
        updated = [s / mean for s in updated]
        moved = max(abs(math.log(a) - math.log(b)) for a, b in zip(updated, strength, strict=True))
        strength = updated
        if moved < 1e-11:
            break
    theta = [math.log(s) for s in strength]
    information = [[0.0] * size for _ in range(size)]
    for i in range(size):
        for j in range(size):
            if i != j and games[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                information[i][j] -= games[i][j] * p * (1 - p)
                information[i][i] += games[i][j] * p * (1 - p)
    shifted = [[information[i][j] + 1 / size for j in range(size)] for i in range(size)]
    covariance = [[x - 1 / size for x in row] for row in _solve(shifted)]
    errors = tuple(math.sqrt(max(0.0, covariance[i][i])) for i in range(size))
    return tuple(theta), errors
