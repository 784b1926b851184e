"""House rules from a file: :func:`read_ruleset` reads a ruleset written as JSON or TOML.

- **The short form**, in TOML (``.toml``) or JSON (any other name): the field names of
  :class:`~ginrummy.Ruleset`, enum values as the strings JSON uses
  (``after_both_pass = "normal-turn"``). Fields left out keep the values of the preset named
  by the optional key ``preset``, or the defaults of :class:`~ginrummy.Ruleset` (Pagat's
  rules); ``name`` defaults to the file's name without its extension::

      # house.toml: Pagat's rules with a knock limit of 7 and a bigger gin bonus
      preset = "pagat"
      knock_limit = 7
      gin_bonus = 30

  and the same in JSON: ``{"preset": "pagat", "knock_limit": 7, "gin_bonus": 30}``.
  ``ginrummy presets NAME --json`` prints a preset in this form, every field present.
  TOML is read by the standard library's ``tomllib`` (Python 3.11 on) or its back-port
  ``tomli`` (Python 3.10, a dependency there).
- **The document** :func:`~ginrummy.dumps` writes for a :class:`~ginrummy.Ruleset` (JSON with
  ``"format": "ginrummy"``), every field present.

A ruleset named like a preset must be that preset (a changed preset needs its own name).
Every error is a :class:`~ginrummy.GinRummyError` whose message starts with the file and names
the field.

>>> import pathlib, tempfile, ginrummy as gr
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "seven.json").write_text(gr.dumps(gr.PAGAT.evolve(name="seven", knock_limit=7)))
>>> read_ruleset(folder / "seven.json").knock_limit
7
>>> _ = (folder / "house.json").write_text('{"preset": "pagat", "knock_limit": 7, "gin_bonus": 30}')
>>> house = read_ruleset(folder / "house.json")
>>> house.name, house.knock_limit, house.gin_bonus, house.undercut_bonus
('house', 7, 30, 10)
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from ginrummy.errors import GinRummyError, InvalidRulesetError
from ginrummy.io.documents import dumps, loads
from ginrummy.rules import Ruleset, find_ruleset

__all__ = ["MAX_FILE_BYTES", "read_ruleset"]

MAX_FILE_BYTES = 1 << 20
"""The largest ruleset file read (a ruleset is well under a kilobyte)."""


def read_ruleset(path: str | os.PathLike[str]) -> Ruleset:
    """The ruleset in the file ``path`` (JSON, or TOML when the name ends in ``.toml``).

    :raises InvalidRulesetError: when the file cannot be read or holds no valid ruleset; the
        message starts with the file's name and names the field at fault.
    """
    file = Path(path)
    try:
        with file.open("rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InvalidRulesetError(f"{str(file)!r}: cannot read the ruleset file: {exc.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise InvalidRulesetError(f"{str(file)!r}: larger than {MAX_FILE_BYTES} bytes: not a ruleset file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidRulesetError(f"{str(file)!r}: not UTF-8 text") from None
    # a ruleset named like a preset must be that preset: Ruleset itself refuses any other
    if file.suffix.lower() == ".toml":
        return _from_fields(_parse_toml(text, file), file)
    data = _parse_json(text, file)
    if isinstance(data, dict) and "format" not in data:
        return _from_fields(data, file)
    if isinstance(data, (list, str, int, float)) or (data is None and text.strip() == "null"):
        kind = (
            "a list"
            if isinstance(data, list)
            else "a string"
            if isinstance(data, str)
            else "null"
            if data is None
            else "a number"
        )
        raise InvalidRulesetError(
            f"{str(file)!r}: expected a ruleset, an object of its fields (as 'ginrummy presets NAME "
            f"--json' prints), got {kind}"
        )
    return _loaded(text, file)


MAX_JSON_DEPTH = 32
"""The deepest nesting a JSON ruleset file may have (a ruleset document nests three deep):
deeper files are refused before they are parsed, the same on every Python (3.13's parser reads
a nesting that earlier ones refuse by recursion)."""


def _nesting(text: str) -> int:
    """The deepest nesting of arrays and objects in the JSON ``text`` (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _parse_json(text: str, file: Path) -> object:
    """The JSON value of ``text``; not JSON is left for :func:`_loaded` to refuse in its words.

    :raises InvalidRulesetError: for values nested deeper than :data:`MAX_JSON_DEPTH`.
    """
    if _nesting(text) > MAX_JSON_DEPTH:
        raise InvalidRulesetError(
            f"{str(file)!r}: not a ruleset: values nested too deep (a ruleset's values are flat)"
        )
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _loaded(document: str, file: Path) -> Ruleset:
    """``loads`` of a Ruleset document, its error message starting with the file."""
    try:
        value = loads(document)
    except GinRummyError as exc:
        message = str(exc)
        for prefix in ("ruleset: ", "ruleset."):
            message = message.removeprefix(prefix)
        raise InvalidRulesetError(f"{str(file)!r}: {message}") from None
    if not isinstance(value, Ruleset):
        kind = type(value).__name__
        raise InvalidRulesetError(f"{str(file)!r}: holds a {kind}, not a Ruleset (write it with gr.dumps)")
    return value


def _from_fields(data: dict[str, Any], file: Path) -> Ruleset:
    """The short form: a preset (or the defaults) with the fields ``data`` gives."""
    data = dict(data)
    preset = data.pop("preset", None)
    if preset is None:
        base = Ruleset()
    elif isinstance(preset, str):
        try:
            base = find_ruleset(preset)
        except GinRummyError as exc:
            raise InvalidRulesetError(f"{str(file)!r}: preset: {exc}") from None
    else:
        raise InvalidRulesetError(f"{str(file)!r}: preset: expected a preset's name, got {preset!r}")
    envelope = json.loads(dumps(base))
    fields: dict[str, Any] = envelope["data"]
    fields["name"] = file.stem
    for key, value in data.items():
        if isinstance(value, (list, dict)):  # every field is a number, a flag or a name
            kind = "an array" if isinstance(value, list) else "a table"
            raise InvalidRulesetError(
                f"{str(file)!r}: {key[:40]!r}: expected a number, true or false, or a name, got {kind}"
            )
        if value is None and key == "max_turns":  # JSON's null: no limit on turns
            fields[key] = value
            continue
        if not isinstance(value, (str, int, float)):  # a flag is an int to Python
            raise InvalidRulesetError(f"{str(file)!r}: {key[:40]!r}: unexpected value {value!r:.40}")
        fields[key] = value
    return _loaded(json.dumps(envelope), file)


def _parse_toml(text: str, file: Path) -> dict[str, Any]:
    """The TOML document ``text``: read by ``tomllib`` (Python 3.11 on), or by ``tomli``, its
    back-port and a dependency on Python 3.10 (tested there by the test matrix, noxfile.py)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib

    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidRulesetError(f"{str(file)!r}: not TOML: {exc}") from None
    except RecursionError:  # tomllib and tomli read nested arrays and tables by recursion
        raise InvalidRulesetError(
            f"{str(file)!r}: not a ruleset: values nested too deep (a ruleset's values are flat)"
        ) from None
    return data
