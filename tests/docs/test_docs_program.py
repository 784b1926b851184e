"""The docs held to the program where they describe what it prints or accepts: the ladder
snippet prints Elo as ``ginrummy ladder`` does, the README names every preset, the field
tables name every field the schema requires, and the statistics' names are the program's."""

from __future__ import annotations

import contextlib
import io
import re

import ginrummy as gr
from ginrummy.simulation.ladder import ladder_text
from repository import ROOT
from test_docs_blocks import rst_blocks

DOCS = ROOT / "docs"


def test_the_ladder_snippet_prints_elo_as_the_command_line() -> None:
    """docs/simulation.rst's ladder snippet prints each bot's rating as the cell
    ``ginrummy ladder`` shows for it (``1592 (1529 to 1656)``, not ``1.59e+03 ...``)."""
    block = next(b for b in rst_blocks((DOCS / "simulation.rst").read_text()) if "gr.ladder(" in b)
    namespace: dict[str, object] = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(block, namespace)
    result = namespace["result"]
    assert isinstance(result, gr.Ladder)
    table = ladder_text(result).splitlines()
    lines = printed.getvalue().splitlines()
    assert len(result.ratings) == len(lines)
    for line in lines:
        bot, cell = line.split(" ", 1)
        assert re.fullmatch(r"\d+ \(-?\d+ to \d+\)", cell), line
        assert any(bot in row and cell in row for row in table), (line, table)
