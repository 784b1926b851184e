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
    """The pure-Python network of a fitted ``MLPClassifier`` or ``MLPRegressor``."""
    layers = []
    last = len(model.coefs_) - 1
    for number, (weights, biases) in enumerate(zip(model.coefs_, model.intercepts_, strict=True)):
        activation = model.out_activation_ if number == last else model.activation
        layers.append(Layer(weights=weights.tolist(), biases=biases.tolist(), activation=activation))
    return Network(layers=tuple(layers))


def settings_of(model: Any) -> dict[str, Any]:
    """The estimator's settings and how its fit went, for the file's ``training`` field."""
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
