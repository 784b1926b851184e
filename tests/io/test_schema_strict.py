"""The JSON schema passes Ajv's strict mode without a warning: the docs' JavaScript snippet
(``new Ajv2020().compile(schema)``, docs/frontends.rst) printed ten strict-mode warnings; the
schema's only faults under the rules below were its four seeds typed
``["integer", "string"]`` (a union type, which strict mode refuses unless ``allowUnionTypes``
is set), now a ``oneOf`` of the two types. This module states Ajv's two logged strict rules, ``strictTypes``
and ``strictTuples`` (Ajv's "Strict mode" page), over the schema in Python, since the suite
runs no JavaScript validator:

- a union of types other than ``[T, "null"]``;
- a keyword that applies to one type (``required`` to objects, ``items`` to arrays,
  ``pattern`` to strings, ``minimum`` to numbers ...) in a schema whose type, or the type its
  context (``allOf``, ``anyOf``, ``oneOf``) fixed, does not include it;
- a type its context does not allow;
- a ``prefixItems`` tuple without ``minItems`` equal to its length and ``maxItems`` equal to it
  or ``items: false``.
"""

from __future__ import annotations

from typing import Any

import ginrummy as gr

KEYWORD_TYPES = {
    "object": {
        "required",
        "properties",
        "patternProperties",
        "additionalProperties",
        "propertyNames",
        "minProperties",
        "maxProperties",
        "dependentRequired",
        "dependentSchemas",
        "unevaluatedProperties",
    },
    "array": {
        "items",
        "prefixItems",
        "minItems",
        "maxItems",
        "uniqueItems",
        "contains",
        "minContains",
        "maxContains",
        "unevaluatedItems",
    },
    "string": {"minLength", "maxLength", "pattern", "format"},
    "number": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"},
}
"""The keywords that apply to one JSON type only (Ajv's rule definitions)."""
NOT_RULES = {"$ref", "description", "$defs", "$schema", "$id", "title", "$comment", "default", "examples"}
"""Keys that are no validation rule: a schema of ``$ref`` and these is the referenced one."""


def _applies(types: list[str], kind: str) -> bool:
    return kind in types or (kind == "number" and "integer" in types)


def _walk(schema: Any, path: str, context: list[str], found: list[str]) -> None:
    """Add to ``found`` what strict mode would log about ``schema`` at ``path``, its data's
    types already fixed to ``context`` by the schemas around it at the same place."""
    if not isinstance(schema, dict) or not set(schema) - NOT_RULES:
        return
    declared = schema.get("type")
    types = [] if declared is None else [declared] if isinstance(declared, str) else list(declared)
    if types and context:
        found += [
            f"{path}: type {t!r} not allowed by context {context}" for t in types if not _applies(context, t)
        ]
    context = [t for t in context if t in types] or types if types else context
    if len(types) > 1 and not (len(types) == 2 and "null" in types):
        found.append(f"{path}: union type {types}")
    for kind, keywords in KEYWORD_TYPES.items():
        if not _applies(context, kind):
            found += [f"{path}: missing type {kind!r} for {k!r}" for k in sorted(keywords & set(schema))]
    if "prefixItems" in schema:
        size = len(schema["prefixItems"])
        closed = size == schema.get("maxItems") or schema.get("items") is False
        if not (size == schema.get("minItems") and closed):
            found.append(f"{path}: a {size}-tuple without minItems and maxItems or items: false")
    for key in ("allOf", "anyOf", "oneOf"):
        for i, branch in enumerate(schema.get(key, [])):
            _walk(branch, f"{path}/{key}/{i}", list(context), found)
    for key in ("not", "if", "then", "else"):
        _walk(schema.get(key), f"{path}/{key}", list(context), found)
    for name, sub in {**schema.get("properties", {}), **schema.get("patternProperties", {})}.items():
        _walk(sub, f"{path}/properties/{name}", [], found)
    for key in ("additionalProperties", "items", "contains", "unevaluatedItems", "unevaluatedProperties"):
        _walk(schema.get(key), f"{path}/{key}", [], found)
    _walk(schema.get("propertyNames"), f"{path}/propertyNames", ["string"], found)
    for i, sub in enumerate(schema.get("prefixItems", [])):
        _walk(sub, f"{path}/prefixItems/{i}", [], found)


def strict_mode_warnings(schema: dict[str, Any]) -> list[str]:
    """What Ajv's strict mode would log compiling ``schema`` (each place once)."""
    found: list[str] = []
    _walk(schema, "#", [], found)
    for name, definition in schema.get("$defs", {}).items():
        _walk(definition, f"#/$defs/{name}", [], found)
    return found


def test_the_schema_passes_ajvs_strict_mode() -> None:
    """``gr.json_schema()`` has no union type, no typed keyword without its type, and no loose
    tuple: Ajv's default (strict) compile, the docs' snippet, logs nothing."""
    assert [] == strict_mode_warnings(gr.json_schema())


def test_the_strict_mode_check_finds_what_ajv_logs() -> None:
    """The check flags the seed's old ``["integer", "string"]``, ``required`` beside no object
    type, and a loose tuple, and accepts ``[T, "null"]`` and a type fixed by a ``oneOf``'s
    context."""
    schema = {
        "$defs": {
            "Seed": {"type": ["integer", "string"]},
            "Loose": {"required": ["a"]},
            "Tuple": {"type": "array", "prefixItems": [{"type": "string"}], "minItems": 1},
            "Fine": {"type": ["string", "null"], "maxLength": 3},
            "Context": {"type": "object", "oneOf": [{"required": ["a"]}, {"required": ["b"]}]},
        }
    }
    found = strict_mode_warnings(schema)
    assert [
        "#/$defs/Seed: union type ['integer', 'string']",
        "#/$defs/Loose: missing type 'object' for 'required'",
        "#/$defs/Tuple: a 1-tuple without minItems and maxItems or items: false",
    ] == found
