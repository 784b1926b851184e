"""The docs held to the program where they describe what it prints or accepts: the ladder
snippet prints Elo as ``ginrummy ladder`` does, the README names every preset, the field
tables name every field the schema requires, and the statistics' names are the program's."""

from __future__ import annotations

import contextlib
import io
import re

from test_docs_blocks import rst_blocks

import ginrummy as gr
from ginrummy.simulation.ladder import ladder_text
from repository import ROOT

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


def _table_fields(page: str, heading: str) -> list[str]:
    """The field names of the list-table that follows ``heading`` in ``page``."""
    after = page.split(heading, 1)[1]
    table = re.split(r"\n\S", after, maxsplit=1)[0]  # up to the next unindented line
    return re.findall(r"^      \* - ``(\w+)``$", table, re.MULTILINE)


def test_the_view_field_tables_name_every_field_the_schema_requires() -> None:
    """docs/frontends.rst's tables of ``PlayerView.data`` and ``GameView.data`` list exactly the
    fields the JSON schema requires, in its order (``history`` was missing from the game
    view's), and the game view's ``round`` is described as bare data, as a document holds it."""
    page = (DOCS / "frontends.rst").read_text()
    schema = gr.json_schema()["$defs"]
    for name in ("PlayerView", "GameView"):
        assert schema[name]["required"] == _table_fields(page, f"``{name}.data``: "), name
    game_table = page.split("``GameView.data``: ", 1)[1].split("\n\n\n", 1)[0]
    assert "as\n          bare data" in game_table
    document = gr.to_data(gr.Game.new(gr.PAGAT, seed=1).view(0))
    assert isinstance(document, dict)
    assert "format" not in document["data"]["round"]
    assert "player" in document["data"]["round"]


def test_the_frame_hint_table_names_every_hint_field_the_frames_schema_requires() -> None:
    """docs/frontends.rst's table of a ``state`` frame's hints lists exactly the fields of the
    ``Table`` definition in examples/web/frames.schema.json, in its order, and names the fields
    of its ``arrangement``, ``knock`` and ``end`` objects (a JSON client relied on the schema
    alone for them)."""
    import json

    page = (DOCS / "frontends.rst").read_text()
    frames = json.loads((ROOT / "examples" / "web" / "frames.schema.json").read_text())["$defs"]
    table = page.split("The hints *H* and *L* of a ``state`` frame", 1)[1].split("\n\n\n", 1)[0]
    fields = re.findall(r"^   \* - ``(\w+)``$", table, re.MULTILINE)
    assert frames["Table"]["required"] == fields
    flat = " ".join(table.split())
    for nested in (
        frames["Arrangement"]["required"],
        frames["Table"]["properties"]["knock"]["required"],
        frames["End"]["required"],
    ):
        assert all(f"``{name}``" in flat for name in nested), nested


def test_the_statistic_names_the_docs_give_are_the_programs() -> None:
    """docs/validate.rst names every statistic as ``compare`` spells it in its document (the
    outcomes hyphenated as outcomes are, ``dead-hand``; the other figures in snake case,
    ``turns_per_round``), in the program's order."""
    from ginrummy.simulation.tally import STATISTICS

    page = " ".join((DOCS / "validate.rst").read_text().split())
    paragraph = page.split("The statistics have the names of", 1)[1].split("The comparison keeps", 1)[0]
    named = re.findall(r'``"([\w-]+)"``', paragraph)
    assert [s.name for s in STATISTICS] == named
    result = gr.compare([gr.PAGAT, gr.STRAIGHT], games=2, bots=("greedy", "greedy"))
    differences = gr.to_data(result)["data"]["differences"]
    assert named == list(differences[0]["statistics"])
