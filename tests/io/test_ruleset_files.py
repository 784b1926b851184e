"""Hostile ruleset files: whatever shape a file has (nesting 5,000 deep, too large, not text,
values of every wrong type, unknown keys, tables where a field is expected), ``read_ruleset``
ends in ``InvalidRulesetError`` naming the file, and the command line in one line with exit
status 2, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import ginrummy as gr
from cli_helpers import run_cli
from ginrummy.io.ruleset_files import MAX_FILE_BYTES, read_ruleset

DEPTH = 5_000
"""The nesting depth of the deepest files (Python's recursion limit is 1,000)."""

HOSTILE: list[tuple[str, bytes, str]] = [
    ("deep-array.toml", b"x = " + b"[" * DEPTH + b"]" * DEPTH + b"\n", "nested too deep"),
    ("deep-table.toml", b"x = " + b"{a = " * DEPTH + b"1" + b"}" * DEPTH + b"\n", "nested too deep"),
    ("deep-field.toml", b"knock_limit = " + b"[" * 300 + b"]" * 300 + b"\n", "got an array"),
    ("deep-array.json", b"[" * DEPTH + b"]" * DEPTH, "nested too deep"),
    ("deep-object.json", b'{"a": ' * DEPTH + b"1" + b"}" * DEPTH, "nested too deep"),
    ("deep-in-string.json", b'{"name": "' + b"[" * DEPTH + b'"}', "name"),
    (
        "deep-data.json",
        b'{"format": "ginrummy", "version": 1, "type": "Ruleset", "data": ' + b"[" * DEPTH,
        "nested too deep",
    ),
    ("huge.toml", b"# " + b"x" * (MAX_FILE_BYTES + 10) + b"\n", "larger than"),
    ("huge.json", b" " * (MAX_FILE_BYTES + 1), "larger than"),
    ("binary.toml", bytes(range(256)), "not UTF-8"),
    ("empty.json", b"", "not JSON"),
    ("list.json", b"[1, 2, 3]", "expected a ruleset, an object of its fields"),
    ("list-of-one.json", b'[{"name": "pagat"}]', "(as 'ginrummy presets NAME --json' prints), got a list"),
    ("string.toml", b'knock_limit = "ten"\n', "'knock_limit'"),
    ("float.toml", b"knock_limit = 7.5\n", "'knock_limit'"),
    ("bool.toml", b"knock_limit = true\n", "'knock_limit'"),
    ("huge-int.toml", b"target = " + b"9" * 200 + b"\n", "'target'"),
    ("negative.toml", b"gin_bonus = -5\n", "'gin_bonus'"),
    ("table.toml", b"[knock_limit]\nx = 1\n", "got a table"),
    ("array.toml", b"gin_bonus = [20]\n", "got an array"),
    ("time.toml", b"target = 07:32:00\n", "unexpected value"),
    ("unknown.toml", b"knock_limt = 7\n", "unknown field 'knock_limt'"),
    ("unknown-many.toml", b"".join(b"k%d = 1\n" % i for i in range(5000)), "unknown field"),
    ("name-type.toml", b"name = 5\n", "name"),
    ("preset-type.toml", b"preset = [1]\n", "preset"),
    ("enum-type.toml", b"shutout = 3\n", "shutout"),
    (
        "null-json.json",
        b"null",
        "expected a ruleset, an object of its fields (as 'ginrummy presets NAME --json' prints), got null",
    ),
]
"""``(file name, content, a word the error must hold)``."""


@pytest.mark.parametrize(("name", "content", "needle"), HOSTILE, ids=[name for name, _, _ in HOSTILE])
def test_a_hostile_ruleset_file_is_refused_with_the_librarys_error(
    tmp_path: Path, name: str, content: bytes, needle: str
) -> None:
    """Each hostile file is refused by ``read_ruleset`` with InvalidRulesetError, whose message
    starts with the file's name and says what is wrong."""
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(gr.InvalidRulesetError) as caught:
        read_ruleset(path)
    message = str(caught.value)
    assert message.startswith(repr(str(path)))
    assert needle in message
    assert len(message) < 600


def test_a_missing_file_and_a_folder_are_refused(tmp_path: Path) -> None:
    """A path that is no file (missing, or a folder) is refused the same way."""
    for path in (tmp_path / "missing.toml", tmp_path):
        with pytest.raises(gr.InvalidRulesetError, match="cannot read the ruleset file"):
            read_ruleset(path)


@pytest.mark.parametrize("name", ["deep-array.toml", "deep-array.json"])
def test_the_command_line_refuses_a_deep_file_in_one_line(tmp_path: Path, name: str) -> None:
    """``ginrummy compare pagat FILE`` and ``presets --ruleset FILE`` with a file nested 5,000
    deep end in one line on standard error, exit status 2, no traceback (it was a
    RecursionError)."""
    content = next(content for file, content, _ in HOSTILE if file == name)
    path = tmp_path / name
    path.write_bytes(content)
    for args in (["compare", "pagat", str(path), "--rounds", "1"], ["presets", "--ruleset", str(path)]):
        result = run_cli(*args)
        assert 2 == result.returncode, result
        assert "Traceback" not in result.stderr and "RecursionError" not in result.stderr
        assert 1 == len(result.stderr.splitlines())
        assert name in result.stderr
