"""Model files: a learned network with its metadata, as one JSON document.

A model file is UTF-8 JSON text (written all ASCII), one object with exactly these fields, in
this order when :func:`dump_model` writes it::

    {
      "format": "ginrummy-model",       # always this string
      "format_version": 1,              # the version of this schema (FORMAT_VERSION)
      "name": "belief",                 # the model's name: [a-z0-9][a-z0-9_.-]*, at most 64
      "feature_version": 1,             # the version of the feature code that computes its inputs
      "inputs": 412,                    # the network's inputs (the first layer's)
      "outputs": 52,                    # the network's outputs (the last layer's)
      "input_names": null,              # or a list of `inputs` distinct strings
      "output_names": null,             # or a list of `outputs` distinct strings
      "layers": [                       # 1 to MAX_LAYERS layers, first to last
        {
          "inputs": 412,                # the previous layer's outputs (the first: "inputs")
          "outputs": 128,               # 1 to MAX_WIDTH
          "activation": "relu",         # identity, logistic, relu, tanh; the last may be softmax
          "weights": "<base64>",        # inputs x outputs float32, little-endian, row by input
          "biases": "<base64>"          # outputs float32, little-endian
        }
      ],
      "training": {},                   # any JSON object: the data and settings it was trained on
      "metrics": {}                     # any JSON object: its held-out metrics
    }

``weights`` is scikit-learn's ``coefs_[i]`` (shape ``(inputs, outputs)``) in row-major order:
the first ``outputs`` floats are the first input's row. Sizes are bounded (a file at most
:data:`MAX_FILE_SIZE` bytes, a layer at most ``MAX_WIDTH`` wide, a network at most
``MAX_WEIGHTS`` weights), so reading one takes time and memory in proportion to its size.

Reading a file checks all of it: a file that is missing, not UTF-8, not JSON (or truncated),
of another ``format`` or ``format_version``, with a field missing, unknown or of the wrong
type, weights of the wrong length, layers that do not chain, non-finite weights or an unknown
activation raises :class:`~ginrummy.ModelFileError`, whose message names the file and the
reason. The network's checks are those of :class:`~ginrummy.neural.network.Network` itself.

>>> from ginrummy.neural.network import Layer, Network
>>> net = Network(layers=(Layer(weights=[[0.5], [-1.0]], biases=[0.25], activation="identity"),))
>>> text = dump_model(net, name="tiny", feature_version=1, metrics={"mse": 0.5})
>>> model = parse_model(text, source="tiny.json")
>>> model.name, model.network.forward([0, 1]), dict(model.metrics)
('tiny', [-0.25], {'mse': 0.5})
>>> model.network == net, len(model.sha256)
(True, 64)
>>> parse_model(text[:100], source="tiny.json")
Traceback (most recent call last):
...
ginrummy.errors.ModelFileError: invalid model file 'tiny.json': not JSON (Unterminated string
starting at: line 6 column 3)
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import json
import os
import re
import sys
from array import array
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NoReturn, Union

import attrs

from ginrummy.errors import ModelFileError
from ginrummy.neural.network import MAX_WIDTH, Layer, Network, layer_problem, network_problem
from ginrummy.validators import check_int, is_int

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_FILE_SIZE",
    "Model",
    "ModelSource",
    "dump_model",
    "load_model",
    "packaged_models",
    "parse_model",
    "read_packaged",
    "write_model",
]

FORMAT = "ginrummy-model"
"""The ``format`` field of every model file."""

FORMAT_VERSION = 1
"""The version of the model file schema this module reads and writes."""

MAX_FILE_SIZE = 8 << 20
"""The most bytes of a model file (8 MiB: 1 MiB weights as base64 float32 and their metadata)."""

_MAX_NAME = 200
"""The most characters of an input's or output's name."""

_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{0,63}")
"""A model's name: also the name of its packaged file (``<name>.json``), so no path."""

_LITTLE = sys.byteorder == "little"

ModelSource = Union[str, "os.PathLike[str]", "Traversable"]
"""Where a model file is read from: a path, or a resource of a package (``importlib.resources``)."""

_FIELDS = (
    "format",
    "format_version",
    "name",
    "feature_version",
    "inputs",
    "outputs",
    "input_names",
    "output_names",
    "layers",
    "training",
    "metrics",
)
_LAYER_FIELDS = ("inputs", "outputs", "activation", "weights", "biases")


def _freeze(value: Any) -> Any:
    """A JSON value made read-only: objects as mapping proxies, arrays as tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: _freeze(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(item) for item in value)
    return value


def _thaw(value: Any) -> Any:
    """A frozen (or any) JSON-like value as the dicts and lists :mod:`json` writes."""
    if isinstance(value, Mapping):
        return {key: _thaw(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_thaw(item) for item in value]
    return value


def _check_names(value: Any, field: str, count: int, context: str) -> tuple[str, ...] | None:
    """``value`` as a tuple of ``count`` distinct nonempty strings, or None."""
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or not all(
        isinstance(name, str) and 0 < len(name) <= _MAX_NAME for name in value
    ):
        raise ModelFileError(
            f"invalid {context}: {field!r} must be None or a list of strings of 1 to {_MAX_NAME}"
            f" characters (got {value!r:.80})",
            field=field,
        )
    if len(value) != count:
        raise ModelFileError(f"invalid {context}: {len(value)} {field}, the network has {count}", field=field)
    seen: set[str] = set()
    for name in value:
        if name in seen:
            raise ModelFileError(f"invalid {context}: {field} holds {name!r:.80} twice", field=field)
        seen.add(name)
    return tuple(value)


def _check_metadata(context: str, network: Network, fields: Mapping[str, Any]) -> dict[str, Any]:
    """The checked metadata of a model (``name``, ``feature_version``, the names, ``training``
    and ``metrics``): the one check of :class:`Model`, :func:`dump_model` and the reader."""
    name = fields["name"]
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ModelFileError(
            f"invalid {context}: 'name' must be 1 to 64 of a-z, 0-9, '_', '.' and '-', starting"
            f" with a letter or digit (got {name!r:.80})",
            field="name",
        )
    checked: dict[str, Any] = {"name": name}
    checked["feature_version"] = check_int(
        fields["feature_version"], "feature_version", ModelFileError, low=0, high=2**31 - 1, context=context
    )
    checked["input_names"] = _check_names(fields["input_names"], "input_names", network.inputs, context)
    checked["output_names"] = _check_names(fields["output_names"], "output_names", network.outputs, context)
    for field in ("training", "metrics"):
        value = fields[field]
        if not isinstance(value, Mapping) or not all(isinstance(key, str) for key in value):
            raise ModelFileError(
                f"invalid {context}: {field!r} must be a JSON object (got {value!r:.80})", field=field
            )
        checked[field] = _freeze(value)
    return checked


@attrs.frozen(kw_only=True, repr=False)
class Model:
    """A learned network with the metadata of its model file, as :func:`load_model` reads it.

    >>> import ginrummy.neural.model_file as mf
    >>> from ginrummy.neural.network import Layer, Network
    >>> net = Network(layers=(Layer(weights=[[1.0]], biases=[0.0], activation="logistic"),))
    >>> model = mf.parse_model(mf.dump_model(net, name="one", feature_version=3))
    >>> model
    <Model 'one' feature_version=3 <Network 1 -> 1 logistic>>
    >>> model.training, model.input_names
    (mappingproxy({}), None)

    :raises ModelFileError: for a field outside its domain.
    """

    network: Network
    """The network."""
    name: str
    """The model's name (its packaged file is ``<name>.json``)."""
    feature_version: int
    """The version of the feature code its inputs come from: a consumer refuses another."""
    input_names: tuple[str, ...] | None = None
    """The name of each input, or None."""
    output_names: tuple[str, ...] | None = None
    """The name of each output, or None."""
    training: Mapping[str, Any] = attrs.field(factory=dict, hash=False)
    """The file's ``training`` object, read-only: the data and settings it was trained with."""
    metrics: Mapping[str, Any] = attrs.field(factory=dict, hash=False)
    """The file's ``metrics`` object, read-only: its held-out metrics."""
    sha256: str
    """The SHA-256 of the file's bytes, in hexadecimal."""
    format_version: int = FORMAT_VERSION
    """The version of the file's schema."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.network, Network):
            raise ModelFileError(
                f"invalid model: 'network' must be a Network (got {self.network!r:.80})", field="network"
            )
        fields = attrs.asdict(self, recurse=False)
        for name, value in _check_metadata("model", self.network, fields).items():
            object.__setattr__(self, name, value)
        if not isinstance(self.sha256, str) or not re.fullmatch(r"[0-9a-f]{64}", self.sha256):
            raise ModelFileError(
                f"invalid model: 'sha256' must be 64 lowercase hexadecimal digits (got {self.sha256!r:.80})",
                field="sha256",
            )
        if not is_int(self.format_version) or self.format_version != FORMAT_VERSION:
            raise ModelFileError(
                f"invalid model: unknown format_version {self.format_version!r:.80}"
                f" (known: [{FORMAT_VERSION}])",
                field="format_version",
            )

    def __repr__(self) -> str:
        return f"<Model {self.name!r} feature_version={self.feature_version} {self.network!r}>"


def _encode(values: Sequence[float]) -> str:
    packed = array("f", values)
    if not _LITTLE:
        packed.byteswap()
    return base64.b64encode(packed.tobytes()).decode("ascii")


def dump_model(
    network: Network,
    *,
    name: str,
    feature_version: int,
    input_names: Sequence[str] | None = None,
    output_names: Sequence[str] | None = None,
    training: Mapping[str, Any] | None = None,
    metrics: Mapping[str, Any] | None = None,
) -> str:
    """The text of the model file of ``network`` with this metadata (see the module's schema).

    A scikit-learn ``MLPRegressor`` or ``MLPClassifier`` ``est`` is the network of the layers
    ``Layer(weights=est.coefs_[i].tolist(), biases=est.intercepts_[i].tolist(), activation=a)``
    with ``a`` its ``activation`` for every layer but the last, ``out_activation_`` for that.

    :param training: any JSON object (the data and settings of the training).
    :param metrics: any JSON object (the held-out metrics).
    :returns: the JSON text, ASCII, ending with a newline; :func:`parse_model` reads it back.
    :raises ModelFileError: for metadata outside its domain, ``training`` or ``metrics`` that
        JSON cannot write (NaN, objects that are not JSON), or a file over ``MAX_FILE_SIZE``.
    """
    if not isinstance(network, Network):
        raise ModelFileError(
            f"invalid model: 'network' must be a Network (got {network!r:.80})", field="network"
        )
    fields = {
        "name": name,
        "feature_version": feature_version,
        "input_names": input_names,
        "output_names": output_names,
        "training": {} if training is None else training,
        "metrics": {} if metrics is None else metrics,
    }
    checked = _check_metadata("model", network, fields)
    layers = [
        {
            "inputs": layer.inputs,
            "outputs": layer.outputs,
            "activation": layer.activation,
            "weights": _encode([w for row in layer.weights for w in row]),
            "biases": _encode(layer.biases),
        }
        for layer in network.layers
    ]
    document = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "name": checked["name"],
        "feature_version": checked["feature_version"],
        "inputs": network.inputs,
        "outputs": network.outputs,
        "input_names": _thaw(checked["input_names"]),
        "output_names": _thaw(checked["output_names"]),
        "layers": layers,
        "training": _thaw(checked["training"]),
        "metrics": _thaw(checked["metrics"]),
    }
    try:
        text = json.dumps(document, indent=2, allow_nan=False) + "\n"
    except (TypeError, ValueError) as exc:
        raise ModelFileError(f"invalid model: its training or metrics are not JSON ({exc})") from None
    if len(text) > MAX_FILE_SIZE:
        raise ModelFileError(f"invalid model: its file would be {len(text)} bytes, at most {MAX_FILE_SIZE}")
    return text


def write_model(path: str | os.PathLike[str], network: Network, **metadata: Any) -> str:
    """Write the model file of ``network`` (:func:`dump_model`'s text, with the same keyword
    arguments) to ``path``.

    :returns: the SHA-256 of the bytes written (the :attr:`Model.sha256` it loads with).
    :raises ModelFileError: as :func:`dump_model`.
    :raises OSError: when the file cannot be written.
    """
    data = dump_model(network, **metadata).encode("ascii")
    Path(path).write_bytes(data)
    return hashlib.sha256(data).hexdigest()


def _describe(source: object) -> str:
    """A file's name for a message: its path, keeping the end when it is long."""
    text = os.fspath(source) if isinstance(source, os.PathLike) else str(source)
    return text if len(text) <= 80 else "..." + text[-77:]


def load_model(source: ModelSource) -> Model:
    """The model of a model file.

    :param source: a path, or a package resource (``importlib.resources.files(...) / name``).
    :raises ModelFileError: naming the file and the reason, for a file that is missing,
        unreadable, too large or not a valid model file (see the module's list).
    """
    where = _describe(source)
    opener = Path(source) if isinstance(source, (str, os.PathLike)) else source
    try:
        with opener.open("rb") as stream:
            data = stream.read(MAX_FILE_SIZE + 1)
    except FileNotFoundError:
        raise ModelFileError(f"invalid model file {where!r}: the file is missing") from None
    except OSError as exc:
        raise ModelFileError(
            f"invalid model file {where!r}: cannot be read ({exc.strerror or exc})"
        ) from None
    return parse_model(data, source=where)


class _Refused(Exception):
    """A reason a document is not a model file (the reader adds the file's name)."""


def _refuse(reason: str) -> NoReturn:
    raise _Refused(reason)


def _object_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            _refuse(f"field {key!r:.80} appears twice in an object")
        result[key] = value
    return result


def _constant(name: str) -> NoReturn:
    _refuse(f"not JSON ({name} is not a JSON number)")


def parse_model(data: bytes | str, *, source: str = "<text>") -> Model:
    """The model of a model file's content.

    :param data: the file's bytes (UTF-8), or its text.
    :param source: the file's name, for messages.
    :raises ModelFileError: naming ``source`` and the reason (see the module's list).
    """
    where = _describe(source)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if not isinstance(raw, (bytes, bytearray)):
        raise ModelFileError(
            f"invalid model file {where!r}: its content must be bytes or text (got {raw!r:.80})"
        )
    try:
        return _parse(raw, where)
    except _Refused as exc:
        raise ModelFileError(f"invalid model file {where!r}: {exc}") from None


def _parse(raw: bytes, where: str) -> Model:
    if len(raw) > MAX_FILE_SIZE:
        _refuse(f"more than {MAX_FILE_SIZE} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        _refuse(f"not UTF-8 text (byte {exc.start})")
    try:
        document = json.loads(text, object_pairs_hook=_object_pairs, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        _refuse(f"not JSON ({exc.msg}: line {exc.lineno} column {exc.colno})")
    except (ValueError, RecursionError) as exc:
        _refuse(f"not JSON ({'nested too deeply' if isinstance(exc, RecursionError) else exc})")
    if not isinstance(document, dict):
        _refuse(f"the document must be a JSON object (got {type(document).__name__})")
    if document.get("format") != FORMAT:
        _refuse(f"unknown format {document.get('format')!r:.80} (expected {FORMAT!r})")
    version = document.get("format_version")
    if not is_int(version) or version != FORMAT_VERSION:
        _refuse(f"unknown format_version {version!r:.80} (known: [{FORMAT_VERSION}])")
    _check_keys(document, _FIELDS, "")
    context = f"model file {where!r}"
    inputs = check_int(document["inputs"], "inputs", ModelFileError, low=1, high=MAX_WIDTH, context=context)
    outputs = check_int(
        document["outputs"], "outputs", ModelFileError, low=1, high=MAX_WIDTH, context=context
    )
    layers = document["layers"]
    if not isinstance(layers, list) or not layers:
        _refuse(f"'layers' must be a nonempty list (got {layers!r:.80})")
    network = _network([_layer(layer, number, context) for number, layer in enumerate(layers, 1)])
    if network.inputs != inputs:
        _refuse(f"layer 1 has {network.inputs} inputs but the model has {inputs}")
    if network.outputs != outputs:
        _refuse(f"layer {len(layers)} has {network.outputs} outputs but the model has {outputs}")
    metadata = _check_metadata(context, network, document)
    return Model(network=network, sha256=hashlib.sha256(raw).hexdigest(), **metadata)


def _check_keys(document: dict[str, Any], fields: tuple[str, ...], where: str) -> None:
    for field in fields:
        if field not in document:
            _refuse(f"{where}missing field {field!r}")
    for field in document:
        if field not in fields:
            _refuse(f"{where}unknown field {field!r:.80}")


def _floats(value: Any, count: int, field: str, where: str) -> list[float]:
    """The ``count`` float32 values of a base64 field."""
    if not isinstance(value, str):
        _refuse(f"{where}{field!r} must be a base64 string (got {value!r:.80})")
    if len(value) > MAX_FILE_SIZE:  # pragma: no cover - bounded by the file's size already
        _refuse(f"{where}{field!r} is too long")
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        _refuse(f"{where}{field!r} is not base64")
    if len(raw) != 4 * count:
        _refuse(f"{where}{field!r} holds {len(raw)} bytes, {count} float32 values are {4 * count}")
    values = array("f")
    values.frombytes(raw)
    if not _LITTLE:
        values.byteswap()
    return values.tolist()


def _layer(value: Any, number: int, context: str) -> Layer:
    where = f"layer {number}: "
    if not isinstance(value, dict):
        _refuse(f"{where}must be a JSON object (got {value!r:.80})")
    _check_keys(value, _LAYER_FIELDS, where)
    inputs = check_int(
        value["inputs"], "inputs", ModelFileError, low=1, high=MAX_WIDTH, context=f"{context}: layer {number}"
    )
    outputs = check_int(
        value["outputs"],
        "outputs",
        ModelFileError,
        low=1,
        high=MAX_WIDTH,
        context=f"{context}: layer {number}",
    )
    flat = _floats(value["weights"], inputs * outputs, "weights", where)
    weights = tuple(tuple(flat[start : start + outputs]) for start in range(0, inputs * outputs, outputs))
    biases = tuple(_floats(value["biases"], outputs, "biases", where))
    problem = layer_problem(weights, biases, value["activation"])
    if problem is not None:
        _refuse(f"{where}{problem}")
    return Layer(weights=weights, biases=biases, activation=value["activation"])


def _network(layers: list[Layer]) -> Network:
    problem = network_problem(tuple(layers))
    if problem is not None:
        _refuse(problem)
    return Network(layers=layers)


def _data() -> Traversable:
    """The directory of the packaged model files (``ginrummy/neural/data``)."""
    return resources.files("ginrummy.neural").joinpath("data")


def read_packaged(name: str, *, feature_version: int | None = None) -> Model:
    """The packaged model ``name`` (the file ``ginrummy/neural/data/<name>.json``), read on
    first use and kept: ``import ginrummy`` reads no model file.

    :param feature_version: the version of the caller's feature code, if the model must have
        been trained on it.
    :raises ModelFileError: for a name that names no file (or is not a model's name), a file
        that is not a valid model file, or a model of another feature version.
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ModelFileError(
            f"invalid model name {name!r:.80}: must be 1 to 64 of a-z, 0-9, '_', '.' and '-'"
        )
    model = _read_packaged(name)
    if feature_version is not None and model.feature_version != feature_version:
        where = _describe(_data().joinpath(f"{name}.json"))
        raise ModelFileError(
            f"invalid model file {where!r}: feature_version {model.feature_version}, the features"
            f" are version {feature_version!r:.80}"
        )
    return model


@functools.cache
def _read_packaged(name: str) -> Model:
    return load_model(_data().joinpath(f"{name}.json"))


def packaged_models() -> tuple[str, ...]:
    """The names of the packaged models, sorted (it reads no model file)."""
    directory = _data()
    if not directory.is_dir():
        return ()
    return tuple(sorted(entry.name[:-5] for entry in directory.iterdir() if entry.name.endswith(".json")))
