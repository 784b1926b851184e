"""Every JSON document the tests write is checked against the published schema.

:func:`checking_dumps` wraps :func:`ginrummy.io.documents.dumps` everywhere it is referenced
(``gr.dumps``, the module's own name, and any module that imported it), so each document the
suite writes, in any test or doctest, is validated by one compiled validator: jsonschema-rs
(Rust, some 400 times faster than the pure-Python reference here, so the check adds seconds,
not minutes, to the suite; ``tests/io/test_schema.py`` checks the same schema with the reference
implementation, ``jsonschema``). A document that does not match fails the test that wrote it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import jsonschema_rs

import ginrummy
import ginrummy.io.documents

__all__ = ["VALIDATOR", "checking_dumps", "schema_errors"]

VALIDATOR = jsonschema_rs.Draft202012Validator(ginrummy.json_schema())
"""The schema compiled once for the whole session."""


def schema_errors(document: object) -> list[str]:
    """The schema's complaints about a JSON document (parsed), each with its path; [] when valid."""
    return [
        f"{'/'.join(str(part) for part in error.instance_path) or '<document>'}: {error.message}"
        for error in VALIDATOR.iter_errors(document)
    ]


class DocumentCheck:
    """A wrapper of ``dumps`` that validates what it writes (each distinct text once)."""

    def __init__(self, dumps: Callable[..., str]) -> None:
        self.dumps = dumps
        self.__wrapped__ = dumps  # what inspect.unwrap (and the API snapshot) sees
        self.checked: set[int] = set()
        self.count = 0

    def __call__(self, obj: object, *args: Any, **kwargs: Any) -> str:
        text = self.dumps(obj, *args, **kwargs)
        self.count += 1
        key = hash(text)
        if key not in self.checked:
            document = json.loads(text)
            if not VALIDATOR.is_valid(document):
                raise AssertionError(f"document does not match the JSON schema: {schema_errors(document)}")
            self.checked.add(key)
        return text


@contextmanager
def checking_dumps() -> Iterator[DocumentCheck]:
    """Within the block, every call of ``dumps`` validates the document it writes."""
    original = ginrummy.io.documents.dumps
    check = DocumentCheck(original)
    patched = []
    for module in list(sys.modules.values()):
        namespace = getattr(module, "__dict__", None)
        if not isinstance(namespace, dict):
            continue
        for name, value in list(namespace.items()):
            if value is original:
                namespace[name] = check
                patched.append((namespace, name))
    try:
        yield check
    finally:
        for namespace, name in patched:
            namespace[name] = original
        print(f"\nschema: {check.count} documents written, {len(check.checked)} distinct ones validated")
