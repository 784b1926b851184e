"""Fitting the learned models with scikit-learn, and their held-out metrics.

Three models are fitted on the samples of :mod:`selfplay`:

- ``belief``: from a view's inputs, the probability that the opponent holds each of the 52
  cards (a multi-label logistic network, ``MLPClassifier``);
- ``action-value``: from a view's inputs and an action's, the round's result for the player
  (points and box bonus, divided by :data:`SCALE`), a regression (``MLPRegressor``), DouZero's
  "deep Monte Carlo": the value of an action is fitted to the outcomes that followed it, in
  rounds whose hidden cards the data knows, so no uniform world biases it;
- ``value``: from a view's inputs alone, the same result (the value of the position).

The action values may be fitted to TD(lambda) targets instead of the round's result
(:func:`td_targets`): the value of the player's next decision in the round, mixed with the
result by ``lambda`` (1: the result alone, Monte Carlo; 0: the next decision's value alone).

The held-out metrics are computed on rounds never fitted (the last share of the rounds by
number); the belief's Brier score is computed as :meth:`ginrummy.PlayerView.card_probabilities`
computes its probabilities: over the cards the viewer cannot see, scaled to add up to the
opponent's cards it does not know.
"""

from __future__ import annotations

import itertools
import time
import warnings
from typing import Any

import numpy as np
from scipy import sparse
from sklearn.exceptions import ConvergenceWarning
from sklearn.neural_network import MLPClassifier, MLPRegressor

from ginrummy.beliefs.view_features import INPUTS
from ginrummy.bots.action_features import ACTION_INPUTS

SCALE = 25.0
"""Points are divided by this for the regressions (a round's result is tens of points)."""


def matrix(samples: dict[str, np.ndarray], rows: np.ndarray, view_only: bool) -> sparse.csr_matrix:
    """The inputs of ``rows`` as a sparse matrix: the view's alone, or with the action's."""
    width = INPUTS if view_only else INPUTS + ACTION_INPUTS
    indptr, indices, data = samples["indptr"], samples["indices"], samples["data"]
    whole = sparse.csr_matrix((data, indices, indptr), shape=(len(indptr) - 1, INPUTS + ACTION_INPUTS))
    picked = whole[rows]
    if view_only:
        picked = picked[:, :width]
    picked.sort_indices()
    return picked.astype(np.float32)


def compact_matrix(samples: dict[str, np.ndarray], rows: np.ndarray, with_action: bool) -> np.ndarray:
    """The compact inputs (:func:`ginrummy.bots.action_features.compact_inputs`) of ``rows``:
    of the view and the action played, or of the view alone."""
    from ginrummy.bots.action_features import compact_inputs

    indptr, indices, data, split = (
        samples["indptr"],
        samples["indices"],
        samples["data"],
        samples["action_start"],
    )
    out = np.zeros((len(rows), len(_compact_names())), dtype=np.float32)
    for k, row in enumerate(rows.tolist()):
        start, middle, stop = int(indptr[row]), int(split[row]), int(indptr[row + 1])
        view = _inputs(indices[start:middle].tolist(), data[start:middle].tolist())
        action = _inputs(indices[middle:stop].tolist(), data[middle:stop].tolist()) if with_action else None
        out[k] = compact_inputs(view, action)
    return out


def _compact_names() -> tuple[str, ...]:
    from ginrummy.bots.action_features import COMPACT

    return COMPACT


def _inputs(indices: list[int], data: list[float]) -> tuple[list[int], list[tuple[int, float]]]:
    active = [i for i, v in zip(indices, data, strict=True) if v == 1.0]
    values = [(i, v) for i, v in zip(indices, data, strict=True) if v != 1.0]
    return active, values


def _fit(model: Any, x: sparse.csr_matrix, y: np.ndarray) -> tuple[Any, float]:
    started = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(x, y)
    return model, time.perf_counter() - started


def card_matrix(
    x: sparse.csr_matrix, hands: np.ndarray | None, per_view: int | None, seed: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The card-by-card inputs of the views ``x`` (:func:`ginrummy.beliefs.card_features.card_rows`):
    every unseen card's row (or ``per_view`` of them drawn at random), whether the opponent
    holds it (when ``hands`` are given), and the view each row comes from."""
    from ginrummy.beliefs.card_features import card_rows

    rng = np.random.default_rng(seed)
    rows: list[list[float]] = []
    labels: list[float] = []
    views: list[int] = []
    for number in range(x.shape[0]):
        start, stop = x.indptr[number], x.indptr[number + 1]
        indices = x.indices[start:stop].tolist()
        data = x.data[start:stop].tolist()
        active = [i for i, v in zip(indices, data, strict=True) if v == 1.0]
        values = [(i, v) for i, v in zip(indices, data, strict=True) if v != 1.0]
        cards, card_inputs = card_rows(active, values)
        picked = range(len(cards))
        if per_view is not None and len(cards) > per_view:
            picked = rng.choice(len(cards), per_view, replace=False).tolist()
        hand = int(hands[number]) if hands is not None else 0
        for k in picked:
            rows.append(card_inputs[k])
            labels.append(float(hand >> cards[k] & 1))
            views.append(number)
    return np.asarray(rows, dtype=np.float32), np.asarray(labels, dtype=np.float32), np.asarray(views)


def fit_belief(
    rows: np.ndarray, labels: np.ndarray, seed: int, hidden: tuple[int, ...], epochs: int
) -> tuple[MLPClassifier, float]:
    """The card-by-card belief network, fitted on card rows and whether the opponent held
    each card (a fixed number of epochs: a classifier's validation score is its accuracy,
    which says little of its probabilities)."""
    model = MLPClassifier(
        hidden_layer_sizes=hidden,
        batch_size=1024,
        learning_rate_init=2e-3,
        max_iter=epochs,
        alpha=1e-5,
        random_state=seed,
        verbose=True,
    )
    return _fit(model, rows, labels.astype(int))


def fit_regressor(
    x: Any, y: np.ndarray, seed: int, hidden: tuple[int, ...], epochs: int
) -> tuple[MLPRegressor, float]:
    """A value network (action values or position values), fitted to ``y`` points, for a
    fixed number of epochs (a random validation share would hold samples of the rounds fitted,
    whose results the network can learn by heart; the held-out rounds are judged after)."""
    model = MLPRegressor(
        hidden_layer_sizes=hidden,
        batch_size=2048,
        learning_rate_init=2e-3,
        max_iter=epochs,
        alpha=1e-5,
        random_state=seed,
        verbose=True,
    )
    return _fit(model, x, y / SCALE)


class Ensemble:
    """Networks fitted alike from different seeds, whose prediction is their mean: the values
    rank a decision's candidates by differences much smaller than their error, and a mean of
    fits cancels much of each fit's own error in those differences (measured,
    docs/lab/learned-play.md). Exported as one network (:func:`export.averaged`)."""

    def __init__(self, members: list[MLPRegressor]) -> None:
        self.members = members

    def predict(self, x: Any) -> np.ndarray:
        """The mean of the members' predictions."""
        return np.mean([member.predict(x) for member in self.members], axis=0)


def fit_ensemble(
    x: Any, y: np.ndarray, seed: int, hidden: tuple[int, ...], epochs: int, count: int
) -> tuple[Ensemble | MLPRegressor, float]:
    """``count`` value networks (:func:`fit_regressor`) from seeds ``seed``, ``seed + 1000``,
    ..., as one :class:`Ensemble`; for a count of 1, the one network itself (so a run without an
    ensemble writes the very file it wrote before ensembles existed)."""
    if count == 1:
        return fit_regressor(x, y, seed, hidden, epochs)
    members = []
    total = 0.0
    for k in range(count):
        member, seconds = fit_regressor(x, y, seed + 1000 * k, hidden, epochs)
        members.append(member)
        total += seconds
    return Ensemble(members), total


def belief_metrics(
    model: MLPClassifier, x: sparse.csr_matrix, hands: np.ndarray, turns: np.ndarray
) -> dict[str, Any]:
    """The Brier score of the belief on held-out views, against uniform, by turn: over the
    cards the viewer cannot see, probabilities scaled to add up to the hidden cards, as
    :meth:`ginrummy.PlayerView.card_probabilities` has them."""
    rows, labels, views = card_matrix(x, hands, None, 0)
    p = np.clip(model.predict_proba(rows)[:, 1], 1e-7, 1 - 1e-7)
    logits = np.log(p / (1 - p))
    share = rows[:, 8 + 4 * 7 + 4]
    brier_model = np.zeros(x.shape[0])
    brier_uniform = np.zeros(x.shape[0])
    bounds = np.flatnonzero(np.diff(np.concatenate([[-1], views, [x.shape[0] + 1]])))
    for a, b in itertools.pairwise(bounds):
        view = views[a]
        target = labels[a:b]
        hidden = round(float(share[a]) * (b - a))
        q = np.asarray(scaled_logits_probabilities(logits[a:b], hidden))
        brier_model[view] = float(np.mean((q - target) ** 2))
        brier_uniform[view] = float(np.mean((share[a] - target) ** 2))
    result: dict[str, Any] = {"views": int(x.shape[0])}
    for first in (0, 5):
        keep = turns >= first
        m, u = float(brier_model[keep].mean()), float(brier_uniform[keep].mean())
        result[f"brier_from_turn_{first}"] = {"model": m, "uniform": u, "gain": 1 - m / u}
    by_turn = {}
    for turn in range(0, 15):
        keep = turns == turn if turn < 14 else turns >= 14
        if keep.sum() >= 20:
            m, u = float(brier_model[keep].mean()), float(brier_uniform[keep].mean())
            by_turn[str(turn)] = round(1 - m / u, 4)
    result["gain_by_turn"] = by_turn
    return result


def scaled_logits_probabilities(logits: np.ndarray, hidden: int) -> list[float]:
    """The probabilities of the unseen cards once their logits are shifted to add up to
    ``hidden`` (the package's own routine, so the metric is the model's in play)."""
    import math

    from ginrummy.beliefs.learned_belief import scaled_logits

    shifted = scaled_logits([float(v) for v in logits], hidden)
    return [1 / (1 + math.exp(-v)) for v in shifted]


def regression_metrics(model: MLPRegressor, x: Any, y: np.ndarray) -> dict[str, float]:
    """The error of a value network on held-out samples, in points, against the error of
    predicting the mean."""
    predicted = model.predict(x) * SCALE
    error = predicted - y
    return {
        "samples": len(y),
        "rmse": float(np.sqrt(np.mean(error**2))),
        "mae": float(np.mean(np.abs(error))),
        "rmse_of_mean": float(np.std(y)),
        "r2": float(1 - np.mean(error**2) / max(1e-9, np.var(y))),
        "mean_predicted": float(predicted.mean()),
        "mean_real": float(y.mean()),
    }


def next_same_seat(samples: dict[str, np.ndarray]) -> np.ndarray:
    """For each sample, the row of the same player's next decision in the same round (-1 at its
    last): samples are in the order they were played."""
    rounds, seats = samples["round_id"], samples["seat"]
    following = np.full(len(rounds), -1, dtype=np.int64)
    for seat in (0, 1):
        rows = np.flatnonzero(seats == seat)
        same = rounds[rows[1:]] == rounds[rows[:-1]]
        following[rows[:-1][same]] = rows[1:][same]
    return following


def td_targets(reward: np.ndarray, following: np.ndarray, values: np.ndarray, lam: float) -> np.ndarray:
    """TD(lambda) returns, in points: a row's return is ``(1 - lam) * values[next] + lam *
    return[next]`` where the player decides again in the round, and the round's result at its
    last decision (``values``: the position value of each row, in points, never fitted on that
    row's own round)."""
    returns = reward.astype(np.float64)
    if lam >= 1.0:
        return returns
    for row in range(len(reward) - 1, -1, -1):
        after = following[row]
        if after >= 0:
            returns[row] = (1.0 - lam) * values[after] + lam * returns[after]
    return returns


def cross_fitted_values(
    x: np.ndarray, reward: np.ndarray, rounds: np.ndarray, fitted: np.ndarray, seed: int, epochs: int
) -> np.ndarray:
    """The position value of every row, in points, from two networks each fitted on half of the
    ``fitted`` rows' rounds (by round number's parity) and predicting the other half, so that no
    row's value was fitted on its own round's result (the held-out rows get the mean of both)."""
    values = np.zeros(len(rounds), dtype=np.float64)
    odd = rounds % 2 == 1
    chosen = np.zeros(len(rounds), dtype=bool)
    chosen[fitted] = True
    for parity in (False, True):
        half = np.flatnonzero(chosen & (odd == parity))
        model, _ = fit_regressor(x[half], reward[half], seed + int(parity), (32, 16), epochs)
        other = np.flatnonzero((odd != parity) & chosen)
        values[other] = model.predict(x[other]) * SCALE
        rest = np.flatnonzero(~chosen)
        values[rest] += model.predict(x[rest]) * SCALE / 2
    return values
