"""The JSON Schema of the documents :func:`ginrummy.dumps` writes, shipped with the package.

The schema (JSON Schema draft 2020-12) is a data file, ``schema.json`` beside this module: the
envelope ``{"format", "version", "type", "data"}`` and, under ``$defs``, one entry per type
named by ``type`` (``Card``, ``Hand``, ... ``PlayerView``, ``GameView``) plus the building
blocks they share (``Player``, ``Cards``, ``Phase`` ...). Front ends in any language can
validate documents with it or generate types from it; :func:`ginrummy.loads` stays the full
check (a schema cannot replay a round).

>>> import ginrummy as gr
>>> schema = gr.json_schema()
>>> schema["$schema"], schema["$defs"]["Card"]["pattern"]
('https://json-schema.org/draft/2020-12/schema', '^[A2-9TJQK][cdhs]$')
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["SCHEMA_FILE", "json_schema"]

SCHEMA_FILE = "schema.json"
"""The name of the schema's data file inside the ``ginrummy`` package."""


@cache
def _schema_text() -> str:
    return resources.files("ginrummy.io").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every document :func:`ginrummy.dumps` writes.

    Each call returns a new dictionary, so a caller may change it freely.

    :returns: the schema as a JSON object.

    >>> import ginrummy as gr
    >>> schema = gr.json_schema()
    >>> schema["properties"]["type"]["enum"][:4]
    ['Card', 'Hand', 'Meld', 'Ruleset']
    >>> sorted(schema["$defs"]["Event"]["required"])
    ['action', 'card', 'number', 'player']
    """
    schema: dict[str, Any] = json.loads(_schema_text())
    return schema
