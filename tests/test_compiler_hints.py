"""What the source says to the compiled build's compiler: :func:`ginrummy.compiler_hints.same`,
and the mypy plugin that finds the comparisons to write with it
(``build_backend/compiled_equality.py``), run by mypy on a small package laid out as ours."""

from __future__ import annotations

import textwrap
from pathlib import Path

from mypy import api

import ginrummy as gr
from ginrummy.compiler_hints import same
from repository import ROOT

PLUGIN = ROOT / "build_backend" / "compiled_equality.py"

MODULE = textwrap.dedent(
    """\
    import attrs

    @attrs.frozen
    class Point:
        x: int

    class Plain:
        pass

    def compare(a: Point, b: Point, c: Point | None, p: Plain, q: Plain) -> list[bool]:
        return [
            a == b,  # line 12: refused
            a != b,  # line 13: refused
            a is b,
            a.x == b.x,
            c == a,
            p == q,
            a == object(),
        ]
    """
)


def _mypy(tmp_path: Path, relative: str) -> list[str]:
    """mypy's error lines on ``MODULE`` written at ``relative`` below ``tmp_path``."""
    path = tmp_path / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    (path.parent / "__init__.py").write_text("", encoding="utf-8")
    path.write_text(MODULE, encoding="utf-8")
    config = tmp_path / "mypy.ini"
    config.write_text(f"[mypy]\nplugins = {PLUGIN}\n", encoding="utf-8")
    cache = str(tmp_path / "cache")
    stdout, _, _ = api.run(
        ["--config-file", str(config), "--cache-dir", cache, "--no-error-summary", str(path)]
    )
    return [line for line in stdout.splitlines() if ": error:" in line]


def test_equality_of_two_values_of_one_attrs_class_is_refused_in_a_compiled_module(tmp_path: Path) -> None:
    """``==`` and ``!=`` between two values of one attrs class, in a module the compiled build
    compiles, are errors; identity, fields, optional values and plain classes are not."""
    errors = _mypy(tmp_path, "ginrummy/rules.py")
    assert [12, 13] == [int(line.split(":")[1]) for line in errors]
    assert all("by identity" in line for line in errors)


def test_a_module_the_build_does_not_compile_may_compare_attrs_values(tmp_path: Path) -> None:
    """Outside the compiled modules the comparison is Python's and allowed."""
    assert [] == _mypy(tmp_path, "ginrummy/not_compiled_here.py")


def test_same_compares_as_python_does_in_either_build() -> None:
    """The helper the plugin points to: equal values made apart are the same, unequal are not."""
    assert same(gr.Ruleset(knock_limit=5), gr.Ruleset(knock_limit=5))
    assert not same(gr.Ruleset(knock_limit=5), gr.Ruleset(knock_limit=6))
    assert same(gr.Card("9d"), gr.Card.parse("9d")) and gr.Card("9d") is not gr.Card("9d")
