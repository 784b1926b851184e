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


def test_the_rlcard_page_counts_what_an_int8_buffer_loses() -> None:
    """docs/from-rlcard.rst: «14 of the 80 nonzero values of a pagat observation after 20
    moves» of the greedy bot from ``gr.Round.deal(gr.PAGAT, dealer=0, seed=7)`` are fractions
    that an ``int8`` buffer turns into 0."""
    import numpy as np

    from ginrummy import rl

    page = " ".join((DOCS / "from-rlcard.rst").read_text().split())
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    bot = gr.make_bot("greedy", seed=1)
    for _ in range(20):
        assert r.to_act is not None
        r = r.apply(bot.act(r.view(r.to_act)))
    assert r.to_act is not None
    observation = rl.encode(r.view(r.to_act))
    nonzero = int(np.count_nonzero(observation))
    lost = int(np.count_nonzero(observation.astype(np.int8) != observation))
    assert f"{lost} of the {nonzero} nonzero values of a pagat observation after 20 moves" in page
    assert "(``gr.Round.deal(gr.PAGAT, dealer=0, seed=7)``, the greedy bot playing both seats)" in page
