"""Every Python code block of the docs and the README runs when copied alone.

Each block is extracted from ``docs/*.rst`` (``.. code-block:: python``) and ``README.md``
(```` ```python ````) and run in its own fresh interpreter, with the directory of the
``ginrummy`` under test first on ``PYTHONPATH`` (``cli_helpers.cli_env``, as the CLI tests), so a block
whose import is in the block before, or that needs a name from another block, fails here.
The blocks run two at a time in parallel, each still in its own process.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cli_helpers import cli_env

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

NOT_RUNNABLE: dict[tuple[str, int], str] = {}
"""Blocks deliberately not run, keyed by (file, index of the block in the file), with the reason."""


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
    (:func:`cli_helpers.cli_env`)."""
    return subprocess.run(
        [sys.executable, "-c", source],
        capture_output=True,
        text=True,
        env=cli_env(),
        cwd=cwd,
        timeout=120,
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


def test_every_block_runs_alone(tmp_path: Path) -> None:
    """Each Python block of the docs runs on its own in a fresh interpreter (each in an empty
    directory of its own), exit status 0."""
    blocks = [(n, i, b) for n, i, b in all_blocks() if (n, i) not in NOT_RUNNABLE]
    places = [tmp_path / f"block-{number}" for number in range(len(blocks))]
    for place in places:
        place.mkdir()
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda job: run_block(job[0][2], job[1]), zip(blocks, places, strict=True)))
    failures = [
        f"{name} block {i}:\n{source}\n--- stderr ---\n{result.stderr[-1500:]}"
        for (name, i, source), result in zip(blocks, results, strict=True)
        if result.returncode != 0
    ]
    assert [] == failures, "\n\n".join(failures)
