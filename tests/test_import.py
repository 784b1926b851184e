"""``import ginrummy`` loads the rules and leaves the rest for first use (issue 51, item 3).

The rules core (cards, melds, the partitioner, the rulesets, the round and the game, the
actions, the errors, JSON) is imported with the package; the bots, simulation and the ladder,
the front-end kit, the networks (:mod:`ginrummy.neural`) and the JSON Schema are imported the
first time one of their names is read, and what only some uses of the core need (a view's
beliefs about the hidden cards, the one-line notation, the hashing of fair deals, the standard
library's JSON, the rank DP's table) with the first such use. Each check runs in a fresh
interpreter, since the test session itself has imported everything long before.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys

import pytest

import ginrummy as gr
from repository import source_file

DEFERRED = (
    "ginrummy.beliefs",
    "ginrummy.bots",
    "ginrummy.frontend",
    "ginrummy.io.schema",
    "ginrummy.neural",
    "ginrummy.play.notation",
    "ginrummy.simulation",
)
"""The packages and modules ``import ginrummy`` must not import."""

FIRST_USE = {
    "hashlib": "gr.commit_deal(gr.DECK, '00' * 32)",
    "json": "gr.dumps(gr.Card('As'))",
    "typing_extensions": "import typing_extensions",
}
"""Modules outside ginrummy that ``import ginrummy`` leaves alone, each with a use that loads it
(the fair deals' hashing, JSON text; ``typing_extensions`` is read by type checkers only)."""


def _fresh(program: str) -> object:
    """What ``program`` prints as JSON on its last line, run in a fresh interpreter."""
    completed = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=False
    )
    assert 0 == completed.returncode, completed.stderr
    return json.loads(completed.stdout.splitlines()[-1])


def _loaded_after(statement: str) -> list[str]:
    """The modules of ginrummy loaded in a fresh interpreter after ``statement``."""
    program = (
        f"import json, sys; {statement}; "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'ginrummy')))"
    )
    found = _fresh(program)
    assert isinstance(found, list)
    return [str(name) for name in found]


def _deferred(modules: list[str]) -> list[str]:
    return [name for name in modules if any(name == d or name.startswith(f"{d}.") for d in DEFERRED)]


def test_import_ginrummy_loads_no_bot_simulation_front_end_network_or_schema() -> None:
    """``import ginrummy`` imports the rules core and none of :data:`DEFERRED`; and the check
    can fail: reading a bot's name imports the bots."""
    loaded = _loaded_after("import ginrummy")
    assert "ginrummy.play.round" in loaded and "ginrummy.io.documents" in loaded
    assert [] == _deferred(loaded)
    assert "ginrummy.bots.registry" in _loaded_after("import ginrummy; ginrummy.BOTS")


def test_a_module_of_the_core_imports_no_more_than_the_package() -> None:
    """``import ginrummy.cards`` runs the package's ``__init__``, which is the light one."""
    assert [] == _deferred(_loaded_after("import ginrummy.cards"))


def test_dumps_and_loads_of_a_round_load_no_simulation() -> None:
    """Writing and reading a round goes through JSON alone: the writers and readers of
    simulations' results are imported with the first of those, not with the others."""
    loaded = _loaded_after(
        "import ginrummy as gr; r = gr.Round.deal(gr.PAGAT, seed=3); assert gr.loads(gr.dumps(r)) == r"
    )
    assert [] == _deferred(loaded)


@pytest.mark.parametrize("module", sorted(FIRST_USE))
def test_import_ginrummy_leaves_the_modules_of_other_uses_to_them(module: str) -> None:
    """``import ginrummy`` does not load the module, and the use of :data:`FIRST_USE` does (so
    the check can fail)."""
    program = (
        "import json as _j, sys; before = set(sys.modules); import ginrummy as gr; "
        f"loaded = {module!r} in set(sys.modules) - before; {FIRST_USE[module]}; "
        f"print(_j.dumps([loaded, {module!r} in sys.modules]))"
    )
    assert [False, True] == _fresh(program)


def test_a_view_samples_and_a_round_reads_its_notation_in_a_fresh_package() -> None:
    """The beliefs and the notation, imported on first use, work at their first use: a view
    weighs and samples the hidden cards, a PlayerView made by hand is checked by a sampled
    world, a round's notation reads back to its position."""
    program = (
        "import json, random, sys, attrs, ginrummy as gr; "
        "r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard()); v = r.view(0); "
        "later = ('ginrummy.beliefs', 'ginrummy.play.notation'); "
        "before = sorted(m for m in sys.modules if m.startswith(later)); "
        "w = v.sample(random.Random(2)); p = v.card_probabilities('reasonable'); "
        "again = gr.PlayerView(**{f.name: getattr(v, f.name) for f in attrs.fields(gr.PlayerView)}); "
        "back = gr.Round.from_notation(r.notation()); "
        "print(json.dumps([before, w.view(0) == v, w.hand(1) == r.hand(1), round(sum(p.values()), 6), "
        "again == v, back.position_key() == r.position_key()]))"
    )
    assert [[], True, False, 10.0, True, True] == _fresh(program)


def test_the_partitioners_tables_are_built_by_the_first_hand_melded() -> None:
    """``import ginrummy`` builds neither the per-suit lookups nor the rank DP's table of
    state changes; the first hands melded build them, the DP's table as its builder makes it,
    and the answers are the partitioner's."""
    program = (
        "import json, ginrummy as gr; from ginrummy.melding import rank_dp, suit_lookups as s; "
        "empty = [len(s._BY_MODE), len(rank_dp._NEXT)]; "
        "hand = gr.Hand.parse('7c 8c 9c 7d 7h 7s 2d'); "
        "points = [gr.deadwood(hand), rank_dp.solve(hand.mask, s.lookups_for(None))[0]]; "
        "print(json.dumps([empty, len(s._BY_MODE), rank_dp._NEXT == rank_dp._build_next(), points]))"
    )
    assert [[0, 0], 1, True, [2, 2]] == _fresh(program)


def _lazy_table() -> dict[str, str]:
    """The names ``ginrummy`` loads on first use, with their modules (its ``_LAZY``)."""
    table: dict[str, str] = gr._LAZY
    return table


@pytest.mark.parametrize("name", sorted(_lazy_table()))
def test_every_name_loaded_on_first_use_resolves_to_its_module_object(name: str) -> None:
    """Each name of ``_LAZY`` is public (a name of ``__all__``, or ``frontend``), and reading
    it in a fresh interpreter gives the object its module defines (a class keeps its own
    module, so pickles name it there)."""
    module = _lazy_table()[name]
    assert name in {*gr.__all__, "frontend"}  # the front-end kit: a public sub-package
    program = (
        "import json, importlib, ginrummy; "
        f"value = getattr(ginrummy, {name!r}); module = importlib.import_module({module!r}); "
        f"expected = module if module.__name__ == 'ginrummy.' + {name!r} else getattr(module, {name!r}); "
        "print(json.dumps(value is expected))"
    )
    assert True is _fresh(program)


def test_every_public_name_is_listed_and_importable_from_a_fresh_package() -> None:
    """``dir(ginrummy)`` lists every name of ``__all__`` before any is read, and
    ``from ginrummy import X`` works for each; an unknown name is an AttributeError."""
    program = (
        "import json, ginrummy; listed = set(dir(ginrummy)); "
        "missing = [n for n in ginrummy.__all__ if n not in listed]; "
        "exec('from ginrummy import ' + ', '.join(ginrummy.__all__)); "
        "unknown = not hasattr(ginrummy, 'no_such_name'); "
        "print(json.dumps([missing, unknown]))"
    )
    assert [[], True] == _fresh(program)


def test_help_shows_every_name_loaded_on_first_use() -> None:
    """``help(ginrummy)`` in a fresh interpreter shows each name loaded on first use (pydoc
    reads the names through ``dir`` and loads them)."""
    program = (
        "import json, pydoc, ginrummy; text = pydoc.render_doc(ginrummy, renderer=pydoc.plaintext); "
        "print(json.dumps(sorted(n for n in ginrummy._LAZY if n not in text)))"
    )
    assert [] == _fresh(program)


def test_type_checkers_see_each_name_loaded_on_first_use() -> None:
    """The ``if TYPE_CHECKING:`` imports of ``src/ginrummy/__init__.py`` name exactly the names of
    ``_LAZY``, each from its module, so mypy and editors know their types."""
    tree = ast.parse(source_file(gr).read_text(encoding="utf-8"))
    typed: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom)
                module = statement.module or ""
                for alias in statement.names:  # a sub-package is named by its own path
                    typed[alias.asname or alias.name] = (
                        f"{module}.{alias.name}" if module == "ginrummy" else module
                    )
    assert _lazy_table() == typed
