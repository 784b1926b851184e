"""A small fully connected network (a multi-layer perceptron) evaluated in plain Python.

A :class:`Network` is a tuple of :class:`Layer` values, each ``activation(x @ weights +
biases)``. Its inputs are mostly card indicators, so the first layer is computed from the
inputs that are not zero: :meth:`Network.forward` takes the indices whose value is 1.0
(``active``) and ``(index, value)`` pairs for the other nonzero inputs (``values``); every
other input is 0. The two halves are exposed too, so a caller can keep a first-layer sum and
change a few inputs cheaply (:meth:`~Network.first_layer`, :meth:`~Network.add_inputs`,
:meth:`~Network.finish`).

Weights and biases are float32 values (a model file's precision, :mod:`ginrummy.neural.model_file`),
held as Python floats: a network built in memory is exactly the one its file loads back as.

>>> from ginrummy.neural.network import Layer, Network
>>> hidden = Layer(weights=[[1.0, -1.0], [0.5, 2.0], [0.0, 1.0]], biases=[0.0, -1.0], activation="relu")
>>> head = Layer(weights=[[1.0], [1.0]], biases=[0.5], activation="identity")
>>> net = Network(layers=(hidden, head))
>>> net.inputs, net.outputs
(3, 1)
>>> net.forward([0, 1])  # inputs (1, 1, 0): hidden relu(1.5, 0.0) = (1.5, 0.0)
[2.0]
>>> net.forward([1], values=[(2, 3.0)])  # inputs (0, 1, 3): hidden relu(0.5, 4.0)
[5.0]
>>> pre = net.first_layer([0, 1])
>>> net.finish(net.add_inputs(pre, [0], sign=-1.0)) == net.forward([1])
True

How it is fast (the hot path, docs/conventions.md §10): the first layer is stored as one row of
``outputs`` floats per input, so its sum is ``bias + the active rows``, added column by column
by ``sum`` over ``zip`` (a C loop that allocates no float per term). Every later layer is a
dense matrix-vector product, for which the standard library of Python 3.10 has no allocation-
free dot product; :func:`math.dist` is a C loop over two float vectors that allocates nothing
per element, and for unit vectors ``u`` and ``v``, ``|u - v|² = 2 - 2 u·v``. So each output's
weights are kept as a unit row ``u`` and its norm ``|w|``, the layer's input ``h`` is scaled
to the unit vector ``v = -h / |h|`` once, and ``w·h = |w| |h| (|u - v|² / 2 - 1)``, to within a
few units in the last place of ``|w| |h|`` (the bound of a plain dot product). It is about
three times as fast as ``sum(map(operator.mul, w, h))``; an input whose norm is zero, tiny or
huge takes the plain product instead.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise, repeat
from operator import add, mul, sub
from typing import Any, Final

import attrs

from ginrummy.errors import ModelFileError

__all__ = [
    "ACTIVATIONS",
    "HIDDEN_ACTIVATIONS",
    "MAX_LAYERS",
    "MAX_WEIGHTS",
    "MAX_WIDTH",
    "OUTPUT_ACTIVATIONS",
    "Layer",
    "Network",
    "layer_problem",
    "logistic",
    "network_problem",
    "softmax",
]

MAX_WIDTH: Final = 4096
"""The most inputs or outputs of one layer."""

MAX_LAYERS: Final = 16
"""The most layers of a network."""

MAX_WEIGHTS: Final = 1 << 20
"""The most weights of a network, all layers together (4 MiB as float32)."""


def _identity(values: Sequence[float]) -> list[float]:
    return list(values)


def _relu(values: Sequence[float]) -> list[float]:
    return [x if x > 0.0 else 0.0 for x in values]


def _tanh(values: Sequence[float]) -> list[float]:
    return list(map(math.tanh, values))


def logistic(values: Iterable[float]) -> list[float]:
    """The logistic function (sigmoid) of each value, without overflow for any finite value.

    >>> logistic([0.0, 1000.0, -1000.0])
    [0.5, 1.0, 0.0]
    """
    exp = math.exp
    # 1 / (1 + e^-x) for x >= 0 and e^x / (1 + e^x) below: the exponent is never positive.
    return [1.0 / (1.0 + exp(-x)) if x >= 0.0 else (e := exp(x)) / (1.0 + e) for x in values]


def softmax(values: Iterable[float]) -> list[float]:
    """The softmax of the values (their exponentials, scaled to sum to 1), shifted by their
    largest so that no exponential overflows.

    >>> softmax([1000.0, 1000.0, -1000.0])
    [0.5, 0.5, 0.0]
    """
    values = list(values)
    top = max(values)
    exps = [math.exp(x - top) for x in values]
    total = sum(exps)
    return [e / total for e in exps]


_FUNCTIONS: Final[dict[str, Callable[[Sequence[float]], list[float]]]] = {
    "identity": _identity,
    "logistic": logistic,
    "relu": _relu,
    "softmax": softmax,
    "tanh": _tanh,
}

ACTIVATIONS: Final = tuple(sorted(_FUNCTIONS))
"""Every activation a layer may have (the names scikit-learn uses)."""

HIDDEN_ACTIVATIONS: Final = ("identity", "logistic", "relu", "tanh")
"""The activations of a layer before the last."""

OUTPUT_ACTIVATIONS = ("identity", "logistic", "softmax")
"""The usual activations of the last layer (it may also have a hidden one)."""


def _float32s(values: Any) -> tuple[float, ...]:
    """``values`` rounded to float32, as Python floats (a value that is no number, or an
    iterable that is not one of numbers, raises TypeError or ValueError)."""
    if isinstance(values, (str, bytes)):
        raise TypeError("a string is not a sequence of numbers")
    return tuple(array("f", values).tolist())


def _weights(value: Any) -> Any:
    """The ``weights`` converter: rows of float32 values, or the value as given when it is not
    a sequence of sequences of numbers (the validator says so)."""
    try:
        return tuple(map(_float32s, value))
    except (TypeError, ValueError, OverflowError):
        return value


def _biases(value: Any) -> Any:
    try:
        return _float32s(value)
    except (TypeError, ValueError, OverflowError):
        return value


def layer_problem(weights: Any, biases: Any, activation: Any) -> str | None:
    """What is wrong with a layer's fields (after their conversion to float32 tuples), or
    None: the one check of :class:`Layer` and of the model file reader.

    >>> layer_problem(((1.0,), (2.0,)), (0.0, 1.0), "relu")
    'row 1 of the weights has 1 values but there are 2 biases'
    """
    if not isinstance(activation, str) or activation not in _FUNCTIONS:
        known = ", ".join(ACTIVATIONS)
        return f"unknown activation {activation!r:.80} (known: {known})"
    if not isinstance(biases, tuple) or not all(isinstance(b, float) for b in biases):
        return f"the biases must be a sequence of numbers (got {biases!r:.80})"
    if not isinstance(weights, tuple) or not all(
        isinstance(row, tuple) and all(isinstance(w, float) for w in row) for row in weights
    ):
        return f"the weights must be a sequence of rows of numbers (got {weights!r:.80})"
    if not 1 <= len(biases) <= MAX_WIDTH:
        return f"{len(biases)} outputs (biases), must be from 1 to {MAX_WIDTH}"
    if not 1 <= len(weights) <= MAX_WIDTH:
        return f"{len(weights)} inputs (rows of weights), must be from 1 to {MAX_WIDTH}"
    for number, row in enumerate(weights, 1):
        if len(row) != len(biases):
            return f"row {number} of the weights has {len(row)} values but there are {len(biases)} biases"
    isfinite = math.isfinite
    for number, row in enumerate(weights, 1):
        if not all(map(isfinite, row)):
            bad = next(w for w in row if not isfinite(w))
            return f"row {number} of the weights holds {bad!r}, not a finite float32"
    if not all(map(isfinite, biases)):
        bad = next(b for b in biases if not isfinite(b))
        return f"the biases hold {bad!r}, not a finite float32"
    return None


@attrs.frozen(repr=False)
class Layer:
    """One fully connected layer: ``activation(x @ weights + biases)``.

    >>> Layer(weights=[[0.1, 0.2]], biases=[0, 0], activation="tanh")
    <Layer 1 -> 2, tanh>
    >>> Layer(weights=[[0.1]], biases=[0], activation="tanh").weights  # rounded to float32
    ((0.10000000149011612,),)
    >>> Layer(weights=[[1.0, 2.0]], biases=[0.0], activation="relu")
    Traceback (most recent call last):
    ...
    ginrummy.errors.ModelFileError: invalid layer: row 1 of the weights has 2 values but there are 1 biases

    :raises ModelFileError: for weights that are not ``inputs`` rows of ``outputs`` finite
        float32 values, biases not ``outputs`` of them, an unknown activation, or a size
        outside 1 to :data:`MAX_WIDTH`.
    """

    weights: tuple[tuple[float, ...], ...] = attrs.field(converter=_weights)
    """One row per input, each of ``outputs`` weights (the shape of scikit-learn's ``coefs_[i]``)."""
    biases: tuple[float, ...] = attrs.field(converter=_biases)
    """One bias per output."""
    activation: str
    """The function applied to each output: one of :data:`ACTIVATIONS`."""

    def __attrs_post_init__(self) -> None:
        fields: Any = self  # the converters pass a bad value on unchanged: read it as it is
        problem = layer_problem(fields.weights, fields.biases, fields.activation)
        if problem is not None:
            raise ModelFileError(f"invalid layer: {problem}")

    @property
    def inputs(self) -> int:
        """The number of inputs (rows of weights)."""
        return len(self.weights)

    @property
    def outputs(self) -> int:
        """The number of outputs (biases)."""
        return len(self.biases)

    def __repr__(self) -> str:
        return f"<Layer {self.inputs} -> {self.outputs}, {self.activation}>"


def network_problem(layers: Any) -> str | None:
    """What is wrong with a network's sequence of layers, or None: the one check of
    :class:`Network` and of the model file reader. Layers are numbered from 1.

    >>> one = Layer(weights=[[1.0, 1.0]], biases=[0.0, 0.0], activation="relu")
    >>> network_problem((one, one))
    'layer 2 has 1 inputs but layer 1 has 2 outputs'
    """
    if not isinstance(layers, tuple) or not all(isinstance(layer, Layer) for layer in layers):
        return f"the layers must be a tuple of Layer (got {layers!r:.80})"
    if not 1 <= len(layers) <= MAX_LAYERS:
        return f"{len(layers)} layers, must be from 1 to {MAX_LAYERS}"
    for number, (before, layer) in enumerate(pairwise(layers), 2):
        if layer.inputs != before.outputs:
            inputs, before_outputs = layer.inputs, before.outputs
            return f"layer {number} has {inputs} inputs but layer {number - 1} has {before_outputs} outputs"
    for number, layer in enumerate(layers[:-1], 1):
        if layer.activation not in HIDDEN_ACTIVATIONS:
            return f"layer {number} has activation {layer.activation!r}, which only the last layer may have"
    total = sum(layer.inputs * layer.outputs for layer in layers)
    if total > MAX_WEIGHTS:
        return f"{total} weights, at most {MAX_WEIGHTS}"
    return None


def _as_tuple(value: Any) -> Any:
    """The ``layers`` converter: a list or tuple as a tuple (anything else as given, for the
    check to name)."""
    return tuple(value) if isinstance(value, (list, tuple)) else value


_TINY, _HUGE = 1e-150, 1e150
"""The norms of a layer's input between which :func:`math.dist`'s product is used (outside,
``1 / |h|`` or ``|h|²`` could lose their precision)."""


def _dense(
    biases: tuple[float, ...],
    norms: tuple[float, ...],
    units: tuple[tuple[float, ...], ...],
    columns: tuple[tuple[float, ...], ...],
    h: list[float],
) -> list[float]:
    """``h @ W + biases`` for a layer kept as unit rows and their norms (see the module's notes)."""
    size = math.hypot(*h)
    if _TINY < size < _HUGE:
        scale = -1.0 / size
        v = [x * scale for x in h]
        # w·h = |w| |h| u·v' with v' = -v, and u·v' = |u - v|² / 2 - 1.
        return [
            b + n * size * (0.5 * d * d - 1.0)
            for b, n, d in zip(biases, norms, map(math.dist, units, repeat(v)), strict=True)
        ]
    return [b + sum(map(mul, column, h)) for b, column in zip(biases, columns, strict=True)]


@attrs.frozen(repr=False)
class Network:
    """An immutable fully connected network, evaluated from its nonzero inputs.

    >>> net = Network(layers=(Layer(weights=[[2.0], [-3.0]], biases=[0.0], activation="logistic"),))
    >>> net.forward([], values=[(0, 1000.0)])
    [1.0]
    >>> net.forward([2])
    Traceback (most recent call last):
    ...
    IndexError: input 2 out of range: the network has 2 inputs

    :param layers: the layers, first to last; each one's inputs are the outputs of the one
        before, and only the last may have the ``softmax`` activation.
    :raises ModelFileError: for layers that do not chain, too many, or too many weights.
    """

    layers: tuple[Layer, ...] = attrs.field(converter=_as_tuple)
    """The layers, first to last."""

    _rows: tuple[tuple[float, ...], ...] = attrs.field(init=False, eq=False)
    _bias: tuple[float, ...] = attrs.field(init=False, eq=False)
    _first: Callable[[Sequence[float]], list[float]] = attrs.field(init=False, eq=False)
    _rest: tuple[Any, ...] = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        problem = network_problem(self.layers)
        if problem is not None:
            raise ModelFileError(f"invalid network: {problem}")
        first = self.layers[0]
        object.__setattr__(self, "_rows", first.weights)
        object.__setattr__(self, "_bias", first.biases)
        object.__setattr__(self, "_first", _FUNCTIONS[first.activation])
        rest = []
        for layer in self.layers[1:]:
            columns = tuple(zip(*layer.weights, strict=True))  # one tuple of weights per output
            norms = tuple(math.hypot(*column) for column in columns)
            units = tuple(
                tuple(w / n for w in column) if n else column
                for column, n in zip(columns, norms, strict=True)
            )
            rest.append((layer.biases, norms, units, columns, _FUNCTIONS[layer.activation]))
        object.__setattr__(self, "_rest", tuple(rest))

    @property
    def inputs(self) -> int:
        """The number of inputs."""
        return len(self._rows)

    @property
    def outputs(self) -> int:
        """The number of outputs."""
        return self.layers[-1].outputs

    @property
    def width(self) -> int:
        """The number of the first layer's outputs (the length of :meth:`first_layer`'s list)."""
        return len(self._bias)

    def __repr__(self) -> str:
        sizes = " -> ".join(
            [str(self.inputs), *(f"{layer.outputs} {layer.activation}" for layer in self.layers)]
        )
        return f"<Network {sizes}>"

    def _check(self, active: Sequence[int], values: Sequence[tuple[int, float]]) -> None:
        size = len(self._rows)
        for index in (*active, *(index for index, _ in values)):
            if not 0 <= index < size:
                raise IndexError(f"input {index!r:.80} out of range: the network has {size} inputs")

    def _terms(self, active: Sequence[int], values: Sequence[tuple[int, float]]) -> list[Sequence[float]]:
        """The rows to add for these inputs: an active input's row, a value's row scaled."""
        rows = self._rows
        terms: list[Sequence[float]] = [rows[index] for index in active]
        terms.extend([w * value for w in rows[index]] for index, value in values)
        return terms

    def first_layer(
        self, active: Sequence[int] = (), values: Sequence[tuple[int, float]] = ()
    ) -> list[float]:
        """The first layer's sums before its activation (biases included), for these inputs.

        :param active: the inputs whose value is 1.0 (an index given twice counts twice).
        :param values: ``(index, value)`` of the other nonzero inputs.
        :returns: a new list of :attr:`width` floats.
        :raises IndexError: for an index outside ``0`` to ``inputs - 1``.
        """
        if (active and (min(active) < 0 or max(active) >= len(self._rows))) or values:
            self._check(active, values)
        return list(map(sum, zip(self._bias, *self._terms(active, values), strict=True)))

    def add_inputs(
        self,
        pre: Sequence[float],
        active: Sequence[int] = (),
        values: Sequence[tuple[int, float]] = (),
        sign: float = 1.0,
    ) -> list[float]:
        """First-layer sums with these inputs' rows added (``sign=-1.0``: taken away).

        ``network.finish(network.add_inputs(network.first_layer(a), b))`` is the network's
        output for the inputs ``a`` and ``b`` together (to rounding).

        :param pre: first-layer sums, as :meth:`first_layer` returns them (not changed).
        :param sign: the factor of the rows: 1.0 adds the inputs, -1.0 removes them.
        :returns: a new list.
        :raises IndexError: for an index outside the inputs.
        :raises ValueError: for ``pre`` of another length than :attr:`width`.
        """
        if len(pre) != len(self._bias):
            raise ValueError(f"{len(pre)} first-layer sums, the network's first layer has {len(self._bias)}")
        self._check(active, values)
        terms = self._terms(active, values)
        if not terms:
            return list(pre)
        delta = terms[0] if len(terms) == 1 else map(sum, zip(*terms, strict=True))
        if sign == 1.0:
            return list(map(add, pre, delta))
        if sign == -1.0:
            return list(map(sub, pre, delta))
        return [p + sign * d for p, d in zip(pre, delta, strict=True)]

    def finish(self, pre: Sequence[float]) -> list[float]:
        """The network's outputs from its first-layer sums: the first activation, then every
        later layer.

        :returns: a new list of :attr:`outputs` floats.
        :raises ValueError: for ``pre`` of another length than :attr:`width`.
        """
        if len(pre) != len(self._bias):
            raise ValueError(f"{len(pre)} first-layer sums, the network's first layer has {len(self._bias)}")
        h = self._first(pre)
        for biases, norms, units, columns, activation in self._rest:
            h = activation(_dense(biases, norms, units, columns, h))
        return h

    def forward(self, active: Sequence[int] = (), values: Sequence[tuple[int, float]] = ()) -> list[float]:
        """The network's outputs for these inputs (every input not given is 0).

        :param active: the inputs whose value is 1.0 (an index given twice counts twice).
        :param values: ``(index, value)`` of the other nonzero inputs.
        :returns: a new list of :attr:`outputs` floats.
        :raises IndexError: for an index outside ``0`` to ``inputs - 1``.
        """
        return self.finish(self.first_layer(active, values))
