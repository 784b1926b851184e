"""The learned models: the shipped files are the ones training wrote, their pure-Python forward
pass is scikit-learn's, they read nothing a player cannot see, a tiny model fitted here beats
uniform on its data, and a bad file is refused with the library's error.

The training code (the repository's ``training/``) is imported from the source tree beside the
tests, as a reader of ``training/README.md`` runs it.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.beliefs import learned_belief
from ginrummy.beliefs.card_features import card_rows
from ginrummy.beliefs.view_features import view_inputs
from ginrummy.bots import learned_values
from ginrummy.bots.action_features import action_inputs, candidates, compact_inputs
from ginrummy.bots.card_counting import CardCounter
from ginrummy.neural import model_file
from repository import ROOT

sys.path.insert(0, str(ROOT / "training"))

import export
import fit
import selfplay

MODELS = ("belief", "value", "action-value")


def played_views(count: int, seed: int = 5) -> Iterator[tuple[gr.Round, gr.PlayerView]]:
    """Rounds of tracker self-play under several presets, and the view of the player to act
    at each decision before a knock."""
    presets = (gr.PAGAT, gr.EAAI, gr.OKLAHOMA, gr.STRAIGHT)
    found = 0
    deal = 0
    while found < count:
        rules = presets[deal % len(presets)]
        r = gr.Round.deal(rules, dealer=deal % 2, seed=f"learned-test:{seed}:{deal}")
        bots = (gr.TrackerBot(deal), gr.TrackerBot(deal + 1))
        while r.to_act is not None and found < count:
            view = r.view(r.to_act)
            if r.knocker is None and r.phase is not gr.Phase.LAYOFF:
                found += 1
                yield r, view
            r = r.apply(bots[r.to_act].act(view))
        deal += 1


def estimator_of(model: model_file.Model, kind: str) -> Any:
    """A scikit-learn estimator holding ``model``'s weights, so that its own ``predict`` is the
    reference forward pass."""
    from sklearn.neural_network import MLPClassifier, MLPRegressor

    layers = model.network.layers
    coefs = [np.asarray(layer.weights, dtype=np.float64) for layer in layers]
    intercepts = [np.asarray(layer.biases, dtype=np.float64) for layer in layers]
    estimator: Any = MLPClassifier() if kind == "classifier" else MLPRegressor()
    estimator.coefs_ = coefs
    estimator.intercepts_ = intercepts
    estimator.n_layers_ = len(layers) + 1
    estimator.n_outputs_ = coefs[-1].shape[1]
    estimator.activation = layers[0].activation if len(layers) > 1 else "identity"
    estimator.out_activation_ = layers[-1].activation
    estimator.n_features_in_ = coefs[0].shape[0]
    estimator.hidden_layer_sizes = tuple(c.shape[1] for c in coefs[:-1])
    if kind == "classifier":
        from sklearn.preprocessing import LabelBinarizer

        binarizer = LabelBinarizer()
        binarizer.fit([0, 1])
        estimator._label_binarizer = binarizer
        estimator.classes_ = binarizer.classes_
    return estimator


def test_shipped_model_files_are_those_the_training_log_records() -> None:
    """Each shipped model file's SHA-256 is the one ``training/log.json`` recorded when the
    training command wrote it, and the file loads with the features' version."""
    log = json.loads((ROOT / "training" / "log.json").read_text())
    recorded = {Path(path).name: digest for path, digest in log["files"].items()}
    for name in MODELS:
        data = resources.files("ginrummy.neural").joinpath(f"data/{name}.json").read_bytes()
        assert recorded[f"{name}.json"] == hashlib.sha256(data).hexdigest()
        assert model_file.read_packaged(name).sha256 == recorded[f"{name}.json"]


def test_shipped_models_run_as_scikit_learn_runs_them() -> None:
    """On views of real rounds, the package's pure-Python forward pass of every shipped model
    equals scikit-learn's ``predict`` / ``predict_proba`` with the same weights, within 1e-6."""
    belief = estimator_of(learned_belief.belief_model(), "classifier")
    value = estimator_of(learned_values.value_model(), "regressor")
    actions = estimator_of(learned_values.action_model(), "regressor")
    for _, view in played_views(12):
        active, values = view_inputs(view, view.records)
        _, card_inputs = card_rows(active, values)
        ours = [learned_belief.belief_model().network.forward((), list(enumerate(r)))[0] for r in card_inputs]
        assert np.allclose(ours, belief.predict_proba(np.asarray(card_inputs))[:, 1], atol=1e-6)
        compact = compact_inputs((active, values), None)
        assert (
            abs(learned_values.position_value(view) / learned_values.SCALE - value.predict([compact])[0])
            < 1e-6
        )
        counter = CardCounter(view)
        for action in candidates(view):
            both = compact_inputs((active, values), action_inputs(view, counter, action))
            mine = learned_values.action_values(view)[action] / learned_values.SCALE
            assert abs(mine - actions.predict([both])[0]) < 1e-6


def test_learned_outputs_see_nothing_a_player_cannot() -> None:
    """A round and a world drawn from a player's view (the opponent's hidden cards and the
    stock redrawn) give that player the same inputs, belief, values and action."""
    rng = random.Random(3)
    bot = gr.make_bot("learned", seed=1)
    for r, view in played_views(10, seed=9):
        world = view.sample(rng)
        assert world.hand(1 - view.player) != r.hand(1 - view.player) or not view.stock_size
        other = world.view(view.player)
        assert view_inputs(view, view.records) == view_inputs(other, other.records)
        assert view.card_probabilities("learned") == other.card_probabilities("learned")
        assert learned_values.action_values(view) == learned_values.action_values(other)
        assert learned_values.position_value(view) == learned_values.position_value(other)
        assert bot.act(view) == bot.act(other)


def test_learned_belief_worlds_follow_its_probabilities() -> None:
    """The learned belief's probabilities are the card frequencies of its worlds, add up to
    the opponent's cards the viewer does not know, and every world drawn has the view."""
    for _, view in played_views(3, seed=11):
        p = view.card_probabilities("learned")
        hidden = view.opponent_card_count - len(view.opponent_known)
        assert abs(sum(p.values()) - hidden) < 1e-9
        rng = random.Random(1)
        for _ in range(5):
            assert view.sample(rng, "learned").view(view.player) == view


def test_a_tiny_belief_fitted_here_beats_uniform_on_its_rounds() -> None:
    """A belief network fitted in seconds on 60 rounds of self-play predicts the opponent's
    cards of those rounds better than uniform (Brier score, from the fifth turn)."""
    samples = selfplay.play_chunk("tiny", 0, 60, explore=0.1)
    x = fit.matrix(samples, np.arange(len(samples["reward"])), view_only=True)
    rows, labels, _ = fit.card_matrix(x, samples["opponent"], None, seed=1)
    model, _ = fit.fit_belief(rows, labels, seed=1, hidden=(16,), epochs=10)
    metrics = fit.belief_metrics(model, x, samples["opponent"], samples["turn"])
    assert metrics["brier_from_turn_5"]["gain"] > 0.03
    exported = export.network_of(model)
    assert np.allclose(
        [exported.forward((), list(enumerate(row)))[0] for row in rows[:50].tolist()],
        model.predict_proba(rows[:50])[:, 1],
        atol=1e-5,
    )


def test_a_corrupt_shipped_model_is_refused_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A truncated or missing model file among the package's makes the first use of the
    model raise :class:`gr.ModelFileError` naming the file, and nothing is cached."""
    data = resources.files("ginrummy.neural").joinpath("data/value.json").read_bytes()
    (tmp_path / "value.json").write_bytes(data[: len(data) // 2])
    monkeypatch.setattr(model_file, "_data", lambda: tmp_path)
    for cached in (model_file._read_packaged, learned_values.value_model, learned_values.action_model):
        cached.cache_clear()
    view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    try:
        with pytest.raises(gr.ModelFileError, match=r"value\.json.*not JSON"):
            learned_values.position_value(view)
        with pytest.raises(gr.ModelFileError, match=r"action-value\.json"):
            gr.make_bot("learned").act(view)
    finally:
        for cached in (model_file._read_packaged, learned_values.value_model, learned_values.action_model):
            cached.cache_clear()


# a dozen rounds hold fewer samples than the training's batch size, which scikit-learn clips
@pytest.mark.filterwarnings("ignore:Got `batch_size` less than 1 or larger than sample size")
def test_an_ensemble_of_value_networks_exports_as_their_mean() -> None:
    """Value networks fitted from several seeds are written as one network whose output is the
    mean of theirs (their hidden layers side by side), and a count of one is the plain fit."""
    samples = selfplay.play_chunk("ensemble", 0, 12, explore=0.1)
    rows = np.arange(len(samples["reward"]))
    x = fit.compact_matrix(samples, rows, with_action=True)
    ensemble, _ = fit.fit_ensemble(x, samples["reward"], seed=3, hidden=(8, 4), epochs=2, count=3)
    assert 3 == len(ensemble.members)
    network = export.network_of(ensemble)
    assert (24, 12, 1) == tuple(len(layer.biases) for layer in network.layers)
    ours = [network.forward((), list(enumerate(row)))[0] for row in x[:40].tolist()]
    assert np.allclose(ours, ensemble.predict(x[:40]), atol=1e-5)
    single, _ = fit.fit_ensemble(x, samples["reward"], seed=3, hidden=(8, 4), epochs=2, count=1)
    assert not hasattr(single, "members")
    assert np.allclose(single.predict(x[:5]), ensemble.members[0].predict(x[:5]))


def naive_td_returns(
    rounds: list[int], seats: list[int], reward: list[float], values: list[float], lam: float
) -> list[float]:
    """TD(lambda) returns by their definition, row by row: the same player's next decision in
    the same round is searched for afresh, and the return recursed into."""

    def following(row: int) -> int | None:
        for later in range(row + 1, len(rounds)):
            if rounds[later] == rounds[row] and seats[later] == seats[row]:
                return later
            if rounds[later] != rounds[row]:
                return None
        return None

    def returned(row: int) -> float:
        after = following(row)
        if after is None:
            return reward[row]
        return (1 - lam) * values[after] + lam * returned(after)

    return [returned(row) for row in range(len(rounds))]


@given(
    st.lists(st.tuples(st.integers(0, 1), st.integers(-60, 60), st.integers(-30, 30)), max_size=40),
    st.sampled_from([0.0, 0.25, 0.5, 1.0]),
    st.randoms(use_true_random=False),
)
def test_td_targets_follow_the_same_players_next_decision(
    rows: list[tuple[int, int, int]], lam: float, rng: random.Random
) -> None:
    """The action values' TD(lambda) targets equal the naive recursion over each player's
    decisions in a round; lambda 1 is the round's result, lambda 0 the next decision's value."""
    rounds = sorted(rng.randrange(4) for _ in rows)
    seats = [seat for seat, _, _ in rows]
    # a round's result is one per player, at every one of its decisions
    result = {(number, seat): float(points) for number, (seat, points, _) in zip(rounds, rows, strict=True)}
    reward = [result[number, seat] for number, seat in zip(rounds, seats, strict=True)]
    values = [float(value) for _, _, value in rows]
    samples = {"round_id": np.asarray(rounds, dtype=np.int64), "seat": np.asarray(seats, dtype=np.int8)}
    got = fit.td_targets(np.asarray(reward), fit.next_same_seat(samples), np.asarray(values), lam)
    assert np.allclose(got, naive_td_returns(rounds, seats, reward, values, lam))
    if lam == 1.0:
        assert got.tolist() == reward
