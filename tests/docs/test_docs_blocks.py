"""Every Python code block of the docs and the README runs when copied alone, and shows what
it prints and what its expressions are worth.

Each block is extracted from ``docs/*.rst`` (``.. code-block:: python``) and ``README.md``
(```` ```python ````) and run in its own fresh interpreter, with the directory of the
``ginrummy`` under test first on ``PYTHONPATH`` (``cli_helpers.cli_env``, as the CLI tests), so a block
whose import is in the block before, or that needs a name from another block, fails here.
The blocks run two at a time in parallel, each still in its own process.

The comments are the blocks' sample outputs, and they are checked in the same run
(:func:`instrumented`): on a line that is one expression, a comment that starts with a Python
value (``# 29``, ``# (Card('9c'), 0): gin``, ``# True``) must equal the expression's value, and
one that starts with an enum's ``repr``, which is no expression
(``# (<Phase.DRAW: 'draw'>, 1)``), must start with the value's ``repr``;
on a line ``print(x)``, the comment must be what it prints, ``...`` standing for any text.
A comment that starts with words (``# every arrangement reaching the minimum``) is a
description and is not checked; a ``print`` comment that describes instead of showing is
listed in :data:`DESCRIBED_PRINTS`.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cli_helpers import cli_env
from repository import ROOT

DOCS = ROOT / "docs"

NOT_RUNNABLE: dict[tuple[str, int], str] = {}
"""Blocks deliberately not run, keyed by (file, index of the block in the file), with the reason."""

DESCRIBED_PRINTS: dict[str, str] = {
    "print(gr.SimulationReport(total))          # the table ginrummy simulate prints": "a table",
    'print(rating.bot, f"{elo.value:.0f} ({elo.low:.0f} to {elo.high:.0f})")  # as the CLI': "a loop's lines",
    "print(exc)             # for the player: who, which phase, why": "what the message says",
    "print(exc.notation)    # for the bug report: the whole position": "what the notation holds",
}
"""The ``print`` lines (stripped) whose comment says what is printed rather than showing it."""

PRELUDE = """\
def __sample__(line, value, comment):
    import ast, ginrummy
    cuts = sorted({len(comment), *(i for i, c in enumerate(comment) if c in ",:;=")}, reverse=True)
    for cut in cuts:
        text = comment[:cut].strip()
        try:
            ast.parse(text, mode="eval")
            claimed = eval(text, {**vars(ginrummy), **globals()})
        except Exception:
            continue
        assert claimed == value, f"line {line}: the comment says {text}, the value is {value!r}"
        print(f"__checked__ value {line}")
        return value
    if comment.startswith(("<", "(<")):
        shown = repr(value)
        assert comment.startswith(shown), f"line {line}: the comment says {comment}, the value is {shown}"
        print(f"__checked__ value {line}")
    return value


def __printed__(line, comment, *args):
    import io, re
    buffer = io.StringIO()
    print(*args, file=buffer)
    shown = buffer.getvalue().rstrip("\\n")
    print(shown)
    if comment is not None:
        pattern = ".*".join(re.escape(part) for part in comment.split("..."))
        message = f"line {line}: the comment says {comment!r}, it prints {shown!r}"
        assert re.fullmatch(pattern, shown, re.S), message
        print(f"__checked__ print {line}")
"""
"""Defined before a block when its comments are checked: :func:`instrumented` calls these."""


def _comment(lines: list[str], number: int, code_end: int) -> str | None:
    """The comment after column ``code_end`` of line ``number`` (0-based), with the lines below
    that hold only a comment in the same column (its continuation), or None."""
    match = re.match(r"\s*#\s?(.*)$", lines[number][code_end:])
    if match is None:
        return None
    column = lines[number].index("#", code_end)
    parts = [match.group(1).strip()]
    for below in lines[number + 1 :]:
        if len(below) > column and below[:column].strip() == "" and below[column] == "#":
            parts.append(below[column + 1 :].strip())
        else:
            break
    return " ".join(parts)


def instrumented(source: str) -> str:
    """``source`` after :data:`PRELUDE`, with each one-line expression statement that has a
    comment wrapped in ``__sample__`` (which checks a comment starting with a value) and each
    one-line ``print(...)`` with a comment in ``__printed__`` (which prints the same and checks
    the comment); every other line as it is, so the block runs as written."""
    lines = source.splitlines()
    for statement in ast.walk(ast.parse(source)):
        if not isinstance(statement, ast.Expr) or statement.lineno != statement.end_lineno:
            continue
        number = statement.lineno - 1
        comment = _comment(lines, number, statement.end_col_offset or 0)
        if comment is None:
            continue
        line = lines[number]
        indent, code = line[: statement.col_offset], line[statement.col_offset : statement.end_col_offset]
        call = statement.value
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "print":
            if call.keywords:
                continue
            shown = None if line.strip() in DESCRIBED_PRINTS else comment
            args = "".join(f", {ast.get_source_segment(source, arg)}" for arg in call.args)
            lines[number] = f"{indent}__printed__({number + 1}, {shown!r}{args})"
        else:
            lines[number] = f"{indent}__sample__({number + 1}, ({code}), {comment!r})"
    return PRELUDE + "\n" + "\n".join(lines) + "\n"


def rst_blocks(text: str) -> list[str]:
    """The bodies of the ``.. code-block:: python`` directives of an rst ``text``, dedented."""
    blocks: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if re.match(r"\s*\.\. code-block:: python\s*$", lines[i]):
            indent = len(lines[i]) - len(lines[i].lstrip())
            i += 1
            while i < len(lines) and re.match(r"\s*:\w[\w-]*:", lines[i]):
                i += 1
            body: list[str] = []
            while i < len(lines) and (
                not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent
            ):
                body.append(lines[i])
                i += 1
            blocks.append(textwrap.dedent("\n".join(body)).strip() + "\n")
        else:
            i += 1
    return blocks


def markdown_blocks(text: str) -> list[str]:
    """The bodies of the ```` ```python ```` fences of a markdown ``text``."""
    return [m + "\n" for m in re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)]


def all_blocks() -> list[tuple[str, int, str]]:
    """Every Python block of the docs and the README, as (file, index in file, source)."""
    found: list[tuple[str, int, str]] = []
    for path in sorted(DOCS.glob("*.rst")):
        found += [(path.name, i, b) for i, b in enumerate(rst_blocks(path.read_text()))]
    readme = (ROOT / "README.md").read_text()
    found += [("README.md", i, b) for i, b in enumerate(markdown_blocks(readme))]
    return found


def run_block(source: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``source`` in a fresh interpreter in ``cwd`` (a block may write files, as the
    sharding sketch does), with the ``ginrummy`` under test first on the path
    (:func:`cli_helpers.cli_env`). A block that simulates a house rule tunes the adaptive bot
    to it first (some 35 s of one core in the pure build, minutes on a loaded machine): the
    limit is a guard against a hang, not a speed test."""
    return subprocess.run(
        [sys.executable, "-c", source],
        capture_output=True,
        text=True,
        env=cli_env(),
        cwd=cwd,
        timeout=360,
        check=False,
    )


def test_extraction_finds_the_blocks() -> None:
    """The extractor finds the blocks: a known count floor, and a block body without its options."""
    blocks = all_blocks()
    assert len(blocks) >= 40
    assert all(not b.lstrip().startswith(":") for _, _, b in blocks)
    assert any(name == "README.md" for name, _, _ in blocks)


def test_not_runnable_entries_exist() -> None:
    """Each excluded block is still in the docs, so the list cannot hide a removed block."""
    present = {(name, i) for name, i, _ in all_blocks()}
    assert set(NOT_RUNNABLE) <= present


def test_every_block_runs_alone_and_its_comments_show_its_values(tmp_path: Path) -> None:
    """Each Python block of the docs runs on its own in a fresh interpreter (each in an empty
    directory of its own), exit status 0, with its value and ``print`` comments checked
    (:func:`instrumented`); dozens of comments are checked in all."""
    blocks = [(n, i, b) for n, i, b in all_blocks() if (n, i) not in NOT_RUNNABLE]
    places = [tmp_path / f"block-{number}" for number in range(len(blocks))]
    for place in places:
        place.mkdir()
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(
            pool.map(lambda job: run_block(instrumented(job[0][2]), job[1]), zip(blocks, places, strict=True))
        )
    failures = [
        f"{name} block {i}:\n{source}\n--- stderr ---\n{result.stderr[-1500:]}"
        for (name, i, source), result in zip(blocks, results, strict=True)
        if result.returncode != 0
    ]
    assert [] == failures, "\n\n".join(failures)
    checked = sum(result.stdout.count("__checked__ ") for result in results)
    assert 40 <= checked


def test_described_prints_are_in_the_docs() -> None:
    """Each ``print`` line excused from showing its output is still in a block."""
    lines = {line.strip() for _, _, block in all_blocks() for line in block.splitlines()}
    assert set(DESCRIBED_PRINTS) <= lines


def _run_instrumented(source: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return run_block(instrumented(textwrap.dedent(source)), tmp_path)


def test_a_wrong_value_comment_fails_and_a_description_is_not_checked(tmp_path: Path) -> None:
    """A comment starting with a value (or an enum's ``repr``) that the expression is not worth
    fails the block, with the line and both values; one that equals it, or starts with words,
    passes."""
    good = _run_instrumented(
        """
        import ginrummy as gr
        gr.deadwood("As 2s 3s Kh Kd")   # 20: the two kings
        gr.best_discard("As 2s 3s 4s 7h 7d 7c Kd Qd 9c Jd")   # (Card('9c'), 0)
        gr.PAGAT                         # the rules of pagat.com
        gr.Round.deal(gr.PAGAT, dealer=0, seed=7).phase   # <Phase.UPCARD_OFFER: 'upcard-offer'>
        """,
        tmp_path,
    )
    assert (0, 3) == (good.returncode, good.stdout.count("__checked__ value"))
    bad = _run_instrumented(
        """
        import ginrummy as gr
        gr.deadwood("As 2s 3s Kh Kd")   # 21: the two kings
        """,
        tmp_path,
    )
    assert 0 != bad.returncode
    assert "line 3: the comment says 21, the value is 20" in bad.stderr
    stale = _run_instrumented(
        """
        import ginrummy as gr
        gr.Round.deal(gr.PAGAT, dealer=0, seed=7).phase   # <Phase.DRAW: 'draw'>
        """,
        tmp_path,
    )
    assert 0 != stale.returncode
    assert "the value is <Phase.UPCARD_OFFER: 'upcard-offer'>" in stale.stderr


def test_a_print_comment_must_be_what_is_printed(tmp_path: Path) -> None:
    """A ``print`` comment is matched against the printed text, ``...`` standing for any text:
    a match passes (and still prints), a stale text fails."""
    good = _run_instrumented(
        """
        import ginrummy as gr
        try:
            gr.Card.parse("Zz")
        except gr.ParseError as error:
            print(error)   # invalid card 'Zz': ...
        """,
        tmp_path,
    )
    assert 0 == good.returncode, good.stderr
    assert "invalid card 'Zz'" in good.stdout
    assert 1 == good.stdout.count("__checked__ print")
    bad = _run_instrumented(
        """
        import ginrummy as gr
        print(gr.deadwood("Kh"))   # 11
        """,
        tmp_path,
    )
    assert 0 != bad.returncode
    assert "the comment says '11', it prints '10'" in bad.stderr
