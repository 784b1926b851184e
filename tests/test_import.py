"""``import ginrummy`` loads the rules and leaves the rest for first use (issue 51, item 3).

The rules core (cards, melds, the partitioner, the rulesets, the round and the game, the
actions, the errors, JSON) is imported with the package; the bots, simulation and the ladder,
the front-end kit, the networks (:mod:`ginrummy.neural`) and the JSON Schema are imported the
first time one of their names is read. Each check runs in a fresh interpreter, since the test
session itself has imported everything long before.
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
    "ginrummy.bots",
    "ginrummy.frontend",
    "ginrummy.io.schema",
    "ginrummy.neural",
    "ginrummy.simulation",
)
"""The packages and modules ``import ginrummy`` must not import."""


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
