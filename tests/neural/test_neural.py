"""Learned models in plain Python: the network's forward pass and its model files.

The forward pass is held against a naive dense reference kept here (every input, every
weight, ``math.fsum``) and against scikit-learn's own ``predict`` / ``predict_proba`` for
networks it trained; the model file reader against every kind of corrupt file.
"""

from __future__ import annotations

import base64
import itertools
import json
import math
import subprocess
import sys
import warnings
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from cli_helpers import cli_env
from ginrummy.neural import model_file
from ginrummy.neural.model_file import (
    MAX_FILE_SIZE,
    Model,
    dump_model,
    load_model,
    packaged_models,
    parse_model,
    read_packaged,
    write_model,
)
from ginrummy.neural.network import (
    ACTIVATIONS,
    HIDDEN_ACTIVATIONS,
    MAX_WIDTH,
    Layer,
    Network,
    logistic,
    softmax,
)
from hypothesis_share import examples

# The naive reference ---------------------------------------------------------------------------


def naive_activation(name: str, values: list[float]) -> list[float]:
    """Each activation as its textbook formula (softmax and logistic guarded the plain way)."""
    if name == "identity":
        return values
    if name == "relu":
        return [max(0.0, x) for x in values]
    if name == "tanh":
        return [math.tanh(x) for x in values]
    if name == "logistic":
        return [1.0 / (1.0 + math.exp(-x)) if x > -700 else 0.0 for x in values]
    assert "softmax" == name
    top = max(values)
    exps = [math.exp(x - top) for x in values]
    return [e / math.fsum(exps) for e in exps]


def naive_forward(network: Network, inputs: Sequence[float]) -> list[float]:
    """The network's outputs from its dense input vector: every weight of every layer."""
    x = list(inputs)
    for layer in network.layers:
        pre = [
            math.fsum([layer.biases[j], *(x[i] * layer.weights[i][j] for i in range(layer.inputs))])
            for j in range(layer.outputs)
        ]
        x = naive_activation(layer.activation, pre)
    return x


def dense(size: int, active: Sequence[int], values: Sequence[tuple[int, float]]) -> list[float]:
    """The dense input vector of sparse inputs."""
    x = [0.0] * size
    for index in active:
        x[index] += 1.0
    for index, value in values:
        x[index] += value
    return x


def close(expected: Sequence[float], actual: Sequence[float], tolerance: float = 1e-9) -> bool:
    """Whether the lists are equal to a tolerance relative to the larger of 1 and each value."""
    return len(expected) == len(actual) and all(
        abs(e - a) <= tolerance * max(1.0, abs(e)) for e, a in zip(expected, actual, strict=True)
    )


# Strategies ------------------------------------------------------------------------------------

weights_st = st.floats(-4.0, 4.0, allow_nan=False, width=32)


@st.composite
def networks_st(draw: st.DrawFn) -> Network:
    """Small networks: 1 to 3 layers of 1 to 6 units, any activations allowed where they are."""
    sizes = draw(st.lists(st.integers(1, 6), min_size=2, max_size=4))
    layers = []
    for number, (inputs, outputs) in enumerate(itertools.pairwise(sizes), 2):
        last = number == len(sizes)
        activation = draw(st.sampled_from(ACTIVATIONS if last else HIDDEN_ACTIVATIONS))
        weights = draw(
            st.lists(
                st.lists(weights_st, min_size=outputs, max_size=outputs), min_size=inputs, max_size=inputs
            )
        )
        biases = draw(st.lists(weights_st, min_size=outputs, max_size=outputs))
        layers.append(Layer(weights=weights, biases=biases, activation=activation))
    return Network(layers=tuple(layers))


def inputs_st(size: int) -> st.SearchStrategy[tuple[list[int], list[tuple[int, float]]]]:
    """Active inputs (an index may repeat) and other nonzero values of a network's inputs."""
    index = st.integers(0, size - 1)
    values = st.lists(st.tuples(index, st.floats(-10.0, 10.0, allow_nan=False)), max_size=3)
    return st.tuples(st.lists(index, max_size=8), values)


# The forward pass ------------------------------------------------------------------------------


@given(st.data())
def test_forward_equals_the_dense_reference(data: st.DataObject) -> None:
    """For random small networks and inputs, ``forward`` of the nonzero inputs equals the
    naive dense computation over every input and weight."""
    network = data.draw(networks_st())
    active, values = data.draw(inputs_st(network.inputs))
    expected = naive_forward(network, dense(network.inputs, active, values))
    assert close(expected, network.forward(active, values))


@given(st.data())
def test_adding_and_removing_inputs_then_finishing_equals_forward(data: st.DataObject) -> None:
    """``add_inputs`` to a first-layer sum (removing some inputs with ``sign=-1``, adding
    others) then ``finish`` gives the forward pass of the changed inputs."""
    network = data.draw(networks_st())
    active, values = data.draw(inputs_st(network.inputs))
    removed = data.draw(st.lists(st.sampled_from(active), unique=True)) if active else []
    added, more = data.draw(inputs_st(network.inputs))
    pre = network.first_layer(active, values)
    changed = network.add_inputs(network.add_inputs(pre, removed, sign=-1.0), added, more)
    kept = list(active)
    for index in removed:
        kept.remove(index)
    expected = network.forward([*kept, *added], [*values, *more])
    assert close(expected, network.finish(changed))
    assert close(network.forward(active, values), network.finish(pre))  # pre was not changed


def test_add_inputs_scales_rows_by_any_sign() -> None:
    """A sign other than 1 or -1 scales the rows it adds: adding an input with 0.5 is a value
    of 0.5."""
    network = Network(
        layers=(Layer(weights=[[1.0, 2.0], [3.0, 4.0]], biases=[0.5, 0.25], activation="identity"),)
    )
    assert network.forward([0], [(1, 0.5)]) == network.finish(
        network.add_inputs(network.first_layer([0]), [1], sign=0.5)
    )


def test_later_layers_of_zero_tiny_and_huge_inputs_take_the_plain_product() -> None:
    """A hidden layer whose outputs are all zero, tiny (1e-160) or huge (1e160) still gives
    the reference's outputs (the unit-vector product is not used there)."""
    hidden = Layer(weights=[[1.0, -1.0, 0.5]], biases=[0.0, 0.0, 0.0], activation="identity")
    head = Layer(weights=[[1.0, 0.5], [2.0, -1.0], [0.25, 3.0]], biases=[1.0, -1.0], activation="identity")
    network = Network(layers=(hidden, head))
    for x in (0.0, 1e-160, 3e-160, 1e160, -2e160, 1.0):
        assert close(naive_forward(network, [x]), network.forward([], [(0, x)]), 1e-12)


def test_logistic_and_softmax_do_not_overflow() -> None:
    """The logistic function and softmax of huge and tiny values are finite and exact at the
    limits; so is a network whose output sums are huge."""
    assert [1.0, 0.0, 1.0, 0.0, 0.5] == logistic([1e308, -1e308, 800.0, -800.0, 0.0])
    assert [0.5, 0.5, 0.0] == softmax([1e308, 1e308, -1e308])
    assert [1.0, 0.0] == softmax([-1e3, -1e5])
    assert math.isclose(1.0, sum(softmax([700.0, 710.0, 705.0])))
    big = Layer(weights=[[3e38, -3e38]], biases=[3e38, -3e38], activation="logistic")
    assert [1.0, 0.0] == Network(layers=(big,)).forward([0])
    head = Layer(weights=[[3e38, -3e38, 0.0]], biases=[0.0, 0.0, 0.0], activation="softmax")
    assert [1.0, 0.0, 0.0] == Network(layers=(head,)).forward([0])


def test_an_input_index_outside_the_network_is_refused() -> None:
    """A negative index or one past the inputs raises IndexError (no silent wrap), in active
    inputs and in values alike; first-layer sums of the wrong length raise ValueError."""
    network = Network(layers=(Layer(weights=[[1.0], [2.0]], biases=[0.0], activation="identity"),))
    for active, values in (([-1], []), ([2], []), ([], [(-1, 1.0)]), ([], [(2, 1.0)])):
        with pytest.raises(IndexError, match="out of range: the network has 2 inputs"):
            network.forward(active, values)
        with pytest.raises(IndexError):
            network.add_inputs([0.0], active, values)
    with pytest.raises(ValueError, match="2 first-layer sums, the network's first layer has 1"):
        network.finish([0.0, 0.0])


def test_a_network_is_built_only_when_its_layers_chain() -> None:
    """Layers that do not chain, a softmax before the last layer, a ragged or non-finite
    weight matrix, an unknown activation, an empty or too wide layer: ModelFileError."""
    one = Layer(weights=[[1.0, 1.0]], biases=[0.0, 0.0], activation="relu")
    soft = Layer(weights=[[1.0, 1.0], [1.0, 1.0]], biases=[0.0, 0.0], activation="softmax")
    cases: list[tuple[Callable[[], object], str]] = [
        (
            lambda: Network(layers=(one, one)),
            "invalid network: layer 2 has 1 inputs but layer 1 has 2 outputs",
        ),
        (
            lambda: Network(layers=(soft, soft)),
            "layer 1 has activation 'softmax', which only the last layer may have",
        ),
        (lambda: Network(layers=()), "invalid network: 0 layers, must be from 1 to 16"),
        (lambda: Network(layers=[1]), "invalid network: the layers must be a tuple of Layer (got (1,))"),
        (
            lambda: Layer(weights=[[1.0], [1.0, 2.0]], biases=[0.0], activation="relu"),
            "row 2 of the weights has 2",
        ),
        (
            lambda: Layer(weights=[[math.nan]], biases=[0.0], activation="relu"),
            "holds nan, not a finite float32",
        ),
        (lambda: Layer(weights=[[1e39]], biases=[0.0], activation="relu"), "holds inf, not a finite float32"),
        (lambda: Layer(weights=[[1.0]], biases=[math.inf], activation="relu"), "the biases hold inf"),
        (
            lambda: Layer(weights=[[1.0]], biases=[0.0], activation="gelu"),
            "unknown activation 'gelu' (known: identity,",
        ),
        (
            lambda: Layer(weights=[], biases=[0.0], activation="relu"),
            "0 inputs (rows of weights), must be from 1 to 4096",
        ),
        (
            lambda: Layer(weights=[[0.0] * 4097], biases=[0.0] * 4097, activation="relu"),
            "4097 outputs (biases)",
        ),
        (
            lambda: Layer(weights="ab", biases=[0.0], activation="relu"),
            "the weights must be a sequence of rows",
        ),
        (
            lambda: Layer(weights=[["a"]], biases=[0.0], activation="relu"),
            "the weights must be a sequence of rows",
        ),
        (
            lambda: Layer(weights=[[1.0]], biases=None, activation="relu"),
            "the biases must be a sequence of numbers",
        ),
    ]
    for build, message in cases:
        with pytest.raises(gr.ModelFileError) as caught:
            build()
        assert message in str(caught.value)


# scikit-learn's forward pass -------------------------------------------------------------------


def sklearn_network(estimator: Any) -> Network:
    """A trained estimator's network, its weights rounded to float32 and set back into it so
    that both compute with the same numbers."""
    estimator.coefs_ = [c.astype(np.float32).astype(np.float64) for c in estimator.coefs_]
    estimator.intercepts_ = [b.astype(np.float32).astype(np.float64) for b in estimator.intercepts_]
    count = len(estimator.coefs_)
    activations = [estimator.activation] * (count - 1) + [estimator.out_activation_]
    layers = [
        Layer(weights=c.tolist(), biases=b.tolist(), activation=a)
        for c, b, a in zip(estimator.coefs_, estimator.intercepts_, activations, strict=True)
    ]
    return Network(layers=tuple(layers))


def sparse_rows(x: np.ndarray[Any, Any]) -> list[tuple[list[int], list[tuple[int, float]]]]:
    """Each row as (the indices of its 1.0 values, the other nonzero (index, value) pairs)."""
    return [
        (
            [int(i) for i in np.flatnonzero(row == 1.0)],
            [(int(i), float(row[i])) for i in np.flatnonzero((row != 0.0) & (row != 1.0))],
        )
        for row in x
    ]


def training_data(rows: int, seed: int) -> np.ndarray[Any, Any]:
    """Card-like inputs: 30 indicators (about a quarter on) and two numbers."""
    rng = np.random.default_rng(seed)
    indicators = (rng.random((rows, 30)) < 0.25).astype(np.float64)
    return np.hstack([indicators, rng.normal(size=(rows, 2))])


@pytest.mark.parametrize(
    "kind,activation",
    [("regressor", "relu"), ("multilabel", "relu"), ("multiclass", "tanh"), ("regressor", "logistic")],
)
def test_the_forward_pass_equals_scikit_learns_after_a_model_file(kind: str, activation: str) -> None:
    """A small MLPRegressor, a multilabel MLPClassifier (logistic outputs) and a multiclass
    one (softmax) trained a few iterations, written with ``dump_model`` and read back, give
    the outputs of scikit-learn's ``predict`` / ``predict_proba`` within 1e-6."""
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPClassifier, MLPRegressor

    x = training_data(120, seed=len(kind))
    rng = np.random.default_rng(3)
    estimator: Any
    if kind == "regressor":
        estimator = MLPRegressor(
            hidden_layer_sizes=(16, 8), activation=activation, max_iter=5, random_state=1
        )
        y: Any = x[:, :3].sum(axis=1) + rng.normal(size=len(x))
    elif kind == "multilabel":
        estimator = MLPClassifier(hidden_layer_sizes=(12,), activation=activation, max_iter=5, random_state=1)
        y = (rng.random((len(x), 5)) < 0.4).astype(int)
    else:
        estimator = MLPClassifier(
            hidden_layer_sizes=(12, 6), activation=activation, max_iter=5, random_state=1
        )
        y = rng.integers(0, 3, size=len(x))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        estimator.fit(x, y)
    network = sklearn_network(estimator)
    model = parse_model(dump_model(network, name="sklearn", feature_version=1))
    expected = estimator.predict(x) if kind == "regressor" else estimator.predict_proba(x)
    expected = np.asarray(expected).reshape(len(x), -1)
    actual = np.array([model.network.forward(active, values) for active, values in sparse_rows(x)])
    assert expected.shape == actual.shape
    assert np.max(np.abs(expected - actual)) <= 1e-6
    assert {"regressor": "identity", "multilabel": "logistic", "multiclass": "softmax"}[kind] == (
        model.network.layers[-1].activation
    )


# Model files -----------------------------------------------------------------------------------


def small_network() -> Network:
    """A 4 -> 3 relu -> 2 softmax network."""
    hidden = Layer(
        weights=[[0.5, -1.0, 0.25], [1.0, 0.0, -0.5], [0.0, 2.0, 1.0], [-1.5, 0.75, 0.0]],
        biases=[0.1, -0.2, 0.3],
        activation="relu",
    )
    head = Layer(weights=[[1.0, -1.0], [0.5, 0.5], [-0.25, 2.0]], biases=[0.0, 0.5], activation="softmax")
    return Network(layers=(hidden, head))


def small_document() -> dict[str, Any]:
    """The JSON document of a valid model file of :func:`small_network`."""
    text = dump_model(
        small_network(),
        name="small",
        feature_version=2,
        input_names=["a", "b", "c", "d"],
        output_names=["yes", "no"],
        training={"rounds": 300, "seed": 1, "settings": {"alpha": 1e-4, "layers": [3]}},
        metrics={"brier": 0.125},
    )
    document: dict[str, Any] = json.loads(text)
    return document


def test_a_model_file_round_trips() -> None:
    """``dump_model`` then ``parse_model`` gives back the network and every field; dumping the
    loaded model's fields writes the same text; ``write_model`` returns the hash the file
    loads with."""
    text = json.dumps(small_document(), indent=2) + "\n"
    model = parse_model(text, source="small.json")
    assert small_network() == model.network
    assert ("small", 2, 1) == (model.name, model.feature_version, model.format_version)
    assert (("a", "b", "c", "d"), ("yes", "no")) == (model.input_names, model.output_names)
    assert {"rounds": 300, "seed": 1, "settings": {"alpha": 1e-4, "layers": (3,)}} == model.training
    assert {"brier": 0.125} == model.metrics
    again = dump_model(
        model.network,
        name=model.name,
        feature_version=model.feature_version,
        input_names=model.input_names,
        output_names=model.output_names,
        training=model.training,
        metrics=model.metrics,
    )
    assert text == again
    with pytest.raises(TypeError):
        model.training["rounds"] = 1  # type: ignore[index]


def test_write_model_returns_the_hash_the_file_loads_with(tmp_path: Path) -> None:
    """The SHA-256 ``write_model`` returns is the loaded model's, the hash of the file's bytes."""
    import hashlib

    path = tmp_path / "small.json"
    digest = write_model(path, small_network(), name="small", feature_version=0)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest == load_model(path).sha256
    assert load_model(str(path)) == load_model(path)


@settings(max_examples=examples(30))
@given(networks_st())
def test_every_network_round_trips_through_its_file(network: Network) -> None:
    """Any network loads back equal from its model file, and computes the same outputs."""
    model = parse_model(dump_model(network, name="any", feature_version=1))
    assert network == model.network
    assert network.forward([0]) == model.network.forward([0])


def test_dump_model_refuses_metadata_its_reader_would_refuse() -> None:
    """A bad name, a negative feature version, names of the wrong count, training that JSON
    cannot write (NaN, an object): ModelFileError, and no text."""
    net = small_network()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"name": "Belief/../x"}, "invalid model: 'name' must be 1 to 64 of a-z"),
        ({"feature_version": -1}, "'feature_version' must be an integer from 0 to 2147483647 (got -1)"),
        ({"feature_version": True}, "'feature_version' must be an integer"),
        ({"input_names": ["a"]}, "invalid model: 1 input_names, the network has 4"),
        ({"output_names": ["x", "x"]}, "output_names holds 'x' twice"),
        ({"training": [1]}, "'training' must be a JSON object (got [1])"),
        ({"metrics": {"brier": math.nan}}, "its training or metrics are not JSON"),
        ({"metrics": {"when": object()}}, "its training or metrics are not JSON"),
    ]
    for change, message in cases:
        fields: dict[str, Any] = {"name": "ok", "feature_version": 1, **change}
        with pytest.raises(gr.ModelFileError) as caught:
            dump_model(net, **fields)
        assert message in str(caught.value)
    with pytest.raises(gr.ModelFileError, match="'network' must be a Network"):
        dump_model("net", name="ok", feature_version=1)  # type: ignore[arg-type]


def _floats_b64(values: Sequence[float]) -> str:
    return base64.b64encode(array("f", values).tobytes()).decode("ascii")


def _changed(change: Callable[[dict[str, Any]], object]) -> bytes:
    document = small_document()
    change(document)
    return json.dumps(document).encode("utf-8")


CORRUPT: dict[str, tuple[bytes, str]] = {
    "not utf-8": (b'{"format": "\xff"}', "not UTF-8 text (byte 12)"),
    "empty": (b"", "not JSON (Expecting value: line 1 column 1)"),
    "truncated": (json.dumps(small_document()).encode()[:300], "not JSON (Unterminated string starting at"),
    "not an object": (b"[1, 2]", "the document must be a JSON object (got list)"),
    "other format": (
        _changed(lambda d: d.update(format="onnx")),
        "unknown format 'onnx' (expected 'ginrummy-model')",
    ),
    "other version": (
        _changed(lambda d: d.update(format_version=2)),
        "unknown format_version 2 (known: [1])",
    ),
    "version as text": (
        _changed(lambda d: d.update(format_version="1")),
        "unknown format_version '1' (known: [1])",
    ),
    "missing field": (_changed(lambda d: d.pop("layers")), "missing field 'layers'"),
    "unknown field": (_changed(lambda d: d.update(extra=1)), "unknown field 'extra'"),
    "inputs as text": (
        _changed(lambda d: d.update(inputs="4")),
        "'inputs' must be an integer from 1 to 4096 (got '4')",
    ),
    "inputs differ": (_changed(lambda d: d.update(inputs=5)), "layer 1 has 4 inputs but the model has 5"),
    "outputs differ": (_changed(lambda d: d.update(outputs=3)), "layer 2 has 2 outputs but the model has 3"),
    "name": (_changed(lambda d: d.update(name=3)), "'name' must be 1 to 64 of a-z, 0-9"),
    "feature version": (
        _changed(lambda d: d.update(feature_version=1.5)),
        "'feature_version' must be an integer",
    ),
    "input names": (_changed(lambda d: d.update(input_names=["a"])), "1 input_names, the network has 4"),
    "training": (_changed(lambda d: d.update(training=[])), "'training' must be a JSON object (got [])"),
    "metrics NaN": (b'{"metrics": NaN}', "not JSON (NaN is not a JSON number)"),
    "duplicate key": (
        b'{"format": "ginrummy-model", "format": "x"}',
        "field 'format' appears twice in an object",
    ),
    "nested deeply": (b"[" * 200_000 + b"]" * 200_000, "not JSON (nested too deeply)"),
    "no layers": (_changed(lambda d: d.update(layers=[])), "'layers' must be a nonempty list (got [])"),
    "layer not object": (
        _changed(lambda d: d["layers"].__setitem__(0, 7)),
        "layer 1: must be a JSON object (got 7)",
    ),
    "layer field missing": (
        _changed(lambda d: d["layers"][1].pop("biases")),
        "layer 2: missing field 'biases'",
    ),
    "layer outputs": (
        _changed(lambda d: d["layers"][0].update(outputs=0)),
        "layer 1: 'outputs' must be an integer from 1 to 4096 (got 0)",
    ),
    "layer too wide": (
        _changed(lambda d: d["layers"][0].update(outputs=MAX_WIDTH + 1)),
        "layer 1: 'outputs' must be an integer from 1 to 4096 (got 4097)",
    ),
    "weights short": (
        _changed(lambda d: d["layers"][0].update(weights=_floats_b64([1.0] * 11))),
        "layer 1: 'weights' holds 44 bytes, 12 float32 values are 48",
    ),
    "biases long": (
        _changed(lambda d: d["layers"][1].update(biases=_floats_b64([1.0] * 3))),
        "layer 2: 'biases' holds 12 bytes, 2 float32 values are 8",
    ),
    "weights not base64": (
        _changed(lambda d: d["layers"][0].update(weights="***")),
        "layer 1: 'weights' is not base64",
    ),
    "weights a list": (
        _changed(lambda d: d["layers"][0].update(weights=[1.0] * 12)),
        "layer 1: 'weights' must be a base64 string (got [1.0,",
    ),
    "layers do not chain": (
        _changed(lambda d: d["layers"][1].update(inputs=2, weights=_floats_b64([1.0] * 4))),
        "layer 2 has 2 inputs but layer 1 has 3 outputs",
    ),
    "weights NaN": (
        _changed(lambda d: d["layers"][0].update(weights=_floats_b64([1.0] * 5 + [math.nan] + [1.0] * 6))),
        "layer 1: row 2 of the weights holds nan, not a finite float32",
    ),
    "biases infinite": (
        _changed(lambda d: d["layers"][1].update(biases=_floats_b64([1.0, -math.inf]))),
        "layer 2: the biases hold -inf, not a finite float32",
    ),
    "unknown activation": (
        _changed(lambda d: d["layers"][0].update(activation="gelu")),
        "layer 1: unknown activation 'gelu' (known: identity, logistic, relu, softmax, tanh)",
    ),
    "hidden softmax": (
        _changed(lambda d: d["layers"][0].update(activation="softmax")),
        "layer 1 has activation 'softmax', which only the last layer may have",
    ),
    "too large": (b" " * (MAX_FILE_SIZE + 1), f"more than {MAX_FILE_SIZE} bytes"),
}


@pytest.mark.parametrize("case", sorted(CORRUPT))
def test_a_corrupt_model_file_raises_model_file_error_naming_it(case: str, tmp_path: Path) -> None:
    """Every kind of corrupt file raises ModelFileError (a GinRummyError and ValueError),
    whose message names the file and says why, never a bare ValueError, TypeError or
    KeyError."""
    data, reason = CORRUPT[case]
    path = tmp_path / "belief.json"
    path.write_bytes(data)
    with pytest.raises(gr.ModelFileError) as caught:
        load_model(path)
    message = str(caught.value)
    assert message.startswith("invalid model file '") and "belief.json': " in message, message
    assert reason in message
    assert len(message) < 400


def test_a_missing_or_unreadable_model_file_raises_model_file_error(tmp_path: Path) -> None:
    """A path with no file, or a directory, raises ModelFileError naming it."""
    with pytest.raises(gr.ModelFileError, match=r"invalid model file '.*nothing.json': the file is missing"):
        load_model(tmp_path / "nothing.json")
    with pytest.raises(gr.ModelFileError, match=r"invalid model file '.*': cannot be read"):
        load_model(tmp_path)
    with pytest.raises(
        gr.ModelFileError, match=r"invalid model file 'x\.json': its content must be bytes or text"
    ):
        parse_model(None, source="x.json")  # type: ignore[arg-type]
    assert issubclass(gr.ModelFileError, gr.GinRummyError) and issubclass(gr.ModelFileError, ValueError)


def test_a_long_path_is_named_by_its_end(tmp_path: Path) -> None:
    """A path longer than 80 characters is shown by its last 77 (so the file's name stays)."""
    path = tmp_path / ("d" * 90) / "belief.json"
    with pytest.raises(gr.ModelFileError) as caught:
        load_model(path)
    assert f"invalid model file '...{str(path)[-77:]}': the file is missing" == str(caught.value)


def test_a_model_is_checked_when_built_directly() -> None:
    """``Model``'s constructor holds the reader's checks (a hash of 64 hex digits, the format
    version, names of the network's size)."""
    net = small_network()
    good: dict[str, Any] = {"network": net, "name": "m", "feature_version": 1, "sha256": "0" * 64}
    assert Model(**good).training == {}
    for change, message in (
        ({"sha256": "xyz"}, "'sha256' must be 64 lowercase hexadecimal digits (got 'xyz')"),
        ({"format_version": 2}, "unknown format_version 2 (known: [1])"),
        ({"input_names": ("a",)}, "1 input_names, the network has 4"),
        ({"network": None}, "'network' must be a Network (got None)"),
    ):
        with pytest.raises(gr.ModelFileError) as caught:
            Model(**{**good, **change})
        assert message in str(caught.value)


# Packaged models -------------------------------------------------------------------------------


def test_importing_ginrummy_reads_no_model_file() -> None:
    """``import ginrummy`` opens no file of ``ginrummy/neural/data`` (an audit hook sees every
    open) and leaves the packaged models' cache empty."""
    script = (
        "import sys\n"
        "opened = []\n"
        "sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == 'open' else None)\n"
        "import ginrummy\n"
        "from ginrummy.neural import model_file\n"
        "print(model_file._read_packaged.cache_info().currsize)\n"
        "print([path for path in opened if 'neural' in path and path.endswith('.json')])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=cli_env(),
        timeout=120,
        check=False,
    )
    assert (0, "0\n[]\n", "") == (done.returncode, done.stdout, done.stderr)


def test_a_packaged_model_is_read_on_first_use_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``read_packaged(name)`` reads ``<name>.json`` of the data directory once and returns the
    same model after; ``packaged_models`` lists the names; a name that is no model's, or one
    that would leave the directory, raises ModelFileError."""
    (tmp_path / "tiny.json").write_text(dump_model(small_network(), name="tiny", feature_version=1))
    (tmp_path / "notes.txt").write_text("not a model")
    monkeypatch.setattr(model_file, "_data", lambda: tmp_path)
    model_file._read_packaged.cache_clear()
    try:
        assert ("tiny",) == packaged_models()
        first = read_packaged("tiny")
        (tmp_path / "tiny.json").unlink()
        assert first is read_packaged("tiny")
        assert small_network() == first.network
        assert first is read_packaged("tiny", feature_version=1)
        with pytest.raises(
            gr.ModelFileError, match=r"tiny.json': feature_version 1, the features are version 2$"
        ):
            read_packaged("tiny", feature_version=2)
        with pytest.raises(
            gr.ModelFileError, match=r"invalid model file '.*absent.json': the file is missing"
        ):
            read_packaged("absent")
        for name in ("../tiny", "Tiny", "", 3):
            with pytest.raises(gr.ModelFileError, match="invalid model name"):
                read_packaged(name)  # type: ignore[arg-type]
    finally:
        model_file._read_packaged.cache_clear()


def test_the_packaged_models_are_valid_model_files() -> None:
    """Every file shipped in ``ginrummy/neural/data`` loads, under the name it is stored as."""
    for name in packaged_models():
        assert name == model_file.load_model(model_file._data().joinpath(f"{name}.json")).name
