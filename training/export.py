"""Export: a fitted scikit-learn network written as a model file the package reads.

The layers are scikit-learn's ``coefs_`` and ``intercepts_`` (row by input), rounded to float32
by the file; the hidden layers use the estimator's activation and the last layer its output
activation (``logistic`` for the multi-label belief, ``identity`` for the regressions).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ginrummy.beliefs.view_features import FEATURE_VERSION
from ginrummy.neural.model_file import write_model
from ginrummy.neural.network import Layer, Network


def network_of(model: Any) -> Network:
    """The pure-Python network of a fitted ``MLPClassifier`` or ``MLPRegressor``, or of an
    ensemble of regressors (:class:`fit.Ensemble`: their mean, :func:`averaged`)."""
    members = getattr(model, "members", None)
    if members is not None:
        return averaged([network_of(member) for member in members])
    layers = []
    last = len(model.coefs_) - 1
    for number, (weights, biases) in enumerate(zip(model.coefs_, model.intercepts_, strict=True)):
        activation = model.out_activation_ if number == last else model.activation
        layers.append(Layer(weights=weights.tolist(), biases=biases.tolist(), activation=activation))
    return Network(layers=tuple(layers))


def averaged(networks: list[Network]) -> Network:
    """One network whose output is the mean of ``networks``' (regressions of one output, the
    same inputs and depth, an identity last layer): their hidden layers side by side, each
    later layer block-diagonal, the last layer's weights and bias divided by their number. It
    is the ensemble exactly, in one model file the package runs like any other."""
    count = len(networks)
    depth = len(networks[0].layers)
    layers = []
    for number in range(depth):
        parts = [network.layers[number] for network in networks]
        widths = [len(part.biases) for part in parts]
        if number == 0:
            rows = [[w for part in parts for w in part.weights[i]] for i in range(len(parts[0].weights))]
        else:
            rows = []
            for k, part in enumerate(parts):
                left = sum(widths[:k])
                for row in part.weights:
                    full = [0.0] * sum(widths)
                    full[left : left + widths[k]] = row
                    rows.append(full)
        biases = [b for part in parts for b in part.biases]
        if number == depth - 1:
            rows = [[sum(row) / count] for row in rows]
            biases = [sum(biases) / count]
        layers.append(Layer(weights=rows, biases=biases, activation=parts[0].activation))
    return Network(layers=tuple(layers))


def settings_of(model: Any) -> dict[str, Any]:
    """The estimator's settings and how its fit went, for the file's ``training`` field (an
    ensemble's: its first member's, its size, and every member's final loss)."""
    members = getattr(model, "members", None)
    if members is not None:
        first = settings_of(members[0])
        first["ensemble"] = len(members)
        first["final_loss"] = [float(member.loss_) for member in members]
        return first
    return {
        "estimator": type(model).__name__,
        "hidden_layer_sizes": list(model.hidden_layer_sizes),
        "activation": model.activation,
        "solver": model.solver,
        "batch_size": model.batch_size,
        "learning_rate_init": model.learning_rate_init,
        "alpha": model.alpha,
        "epochs_run": int(model.n_iter_),
        "final_loss": float(model.loss_),
    }


def write(path: Path, name: str, model: Any, training: dict[str, Any], metrics: dict[str, Any]) -> None:
    """Write ``model`` (fitted) to ``path`` as the model file ``name``."""
    write_model(
        path,
        network_of(model),
        name=name,
        feature_version=FEATURE_VERSION,
        training=training,
        metrics=metrics,
    )
