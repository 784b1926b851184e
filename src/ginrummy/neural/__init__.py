"""Learned models run in plain Python: small fully connected networks and their model files.

The package is low in the map (it imports only ``errors`` and ``validators``): the features a
model reads and the players that use it live with what they serve (``beliefs``, ``bots``).
:mod:`ginrummy.neural.network` evaluates a network from its nonzero inputs;
:mod:`ginrummy.neural.model_file` reads and writes the JSON files the networks travel in, and
the packaged ones (``ginrummy/neural/data/<name>.json``) on first use. Nothing here is public
API but :class:`ginrummy.ModelFileError`.
"""

from ginrummy.neural.model_file import (
    FORMAT_VERSION,
    Model,
    dump_model,
    load_model,
    packaged_models,
    parse_model,
    read_packaged,
    write_model,
)
from ginrummy.neural.network import Layer, Network

__all__ = [
    "FORMAT_VERSION",
    "Layer",
    "Model",
    "Network",
    "dump_model",
    "load_model",
    "packaged_models",
    "parse_model",
    "read_packaged",
    "write_model",
]
