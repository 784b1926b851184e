"""The documentation promises: every public name has a docstring, the README's tour runs and
prints what its comments say, and the Quickstart holds the two set-up commands."""

from __future__ import annotations

import contextlib
import inspect
import io
import re
import sys
import types
from typing import TypeGuard

import pytest

import ginrummy as gr
from cli_helpers import run_cli
from repository import ROOT

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10: the back-port, a dependency there
    import tomli as tomllib


def is_class(obj: object) -> TypeGuard[type]:
    """Whether ``obj`` is a class: not a parametrized alias such as ``Callable[[int], Bot]``,
    which ``inspect.isclass`` takes for one on Python 3.10."""
    return inspect.isclass(obj) and not isinstance(obj, types.GenericAlias)


def public_objects() -> list[tuple[str, object]]:
    """Every name of ``ginrummy.__all__`` with its object."""
    return [(name, getattr(gr, name)) for name in gr.__all__]


@pytest.mark.parametrize(("name", "obj"), public_objects(), ids=[name for name, _ in public_objects()])
def test_every_public_name_has_a_docstring(name: str, obj: object) -> None:
    """Every public class and function says what it is (constants and aliases are documented
    in their module and the API reference)."""
    if is_class(obj) or inspect.isfunction(obj):
        doc = inspect.getdoc(obj)
        assert doc is not None and doc.strip(), f"{name} has no docstring"
        assert not doc.startswith(("TODO", "XXX")), name


def test_every_public_class_and_function_has_a_doctest() -> None:
    """Every public class and function shows itself in use: its own docstring holds a doctest
    (docs/conventions.md §8; the doctests run with the tests)."""
    missing = [
        name
        for name, obj in public_objects()
        if (is_class(obj) or inspect.isfunction(obj)) and ">>>" not in (inspect.getdoc(obj) or "")
    ]
    assert [] == missing


def test_every_public_class_documents_its_public_methods() -> None:
    """Each public method and property of a public class has a docstring."""
    missing = []
    for name, obj in public_objects():
        if not is_class(obj) or obj.__module__.split(".")[0] != "ginrummy":
            continue
        for attribute, member in vars(obj).items():
            if attribute.startswith("_"):
                continue
            target = member.fget if isinstance(member, property) else member
            if isinstance(target, (classmethod, staticmethod)):
                target = target.__func__
            if inspect.isfunction(target) and not inspect.getdoc(target):
                missing.append(f"{name}.{attribute}")
    assert [] == missing


def test_all_is_sorted_and_complete() -> None:
    """``__all__`` lists each name once and every listed name exists."""
    assert len(set(gr.__all__)) == len(gr.__all__)
    assert [] == [name for name in gr.__all__ if not hasattr(gr, name)]


def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_quickstart_has_the_two_setup_commands() -> None:
    """The Quickstart sets everything up with two commands: one runs the main job (40 games a
    preset, well under 30 s, and it says how long, on which machine, idle: it took 85 s with
    200 and said nothing), one passes the rules' tests; it names the core subset
    (``test-core``, ``pytest -m core``), whose extra exists and whose marker selects the rules'
    tests."""
    quickstart = readme().split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    assert "pip install . && ginrummy simulate --preset all --games 40" in quickstart
    flat = " ".join(quickstart.split())
    assert "takes about 16 s" in flat
    # the times say on what machine, and that they assume an idle one (49 s on a busy machine)
    assert "The times here assume an idle machine: they were measured on this project's 2-core" in flat
    assert 'pip install ".[test]" && pytest' in quickstart
    assert 'pip install ".[test-core]" && pytest -m core' in quickstart
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extra = project["project"]["optional-dependencies"]["test-core"]
    names = sorted(re.split(r"[<>=]", name)[0] for name in extra)
    assert ["hypothesis", "jsonschema-rs", "pytest", "pytest-xdist"] == names


def test_readme_tour_runs_and_its_comments_are_true() -> None:
    """The tour's code runs, and each ``# value`` comment on a plain expression line matches
    the value the line evaluates to (where the comment starts with a Python literal)."""
    code = re.search(r"```python\n(.*?)```", readme(), re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code.group(1), "README.md", "exec"), namespace)
    checked = 0
    for line in code.group(1).splitlines():
        match = re.match(r"^(gr\.deadwood\(hand\))\s+#\s*(\d+)$", line)
        if match:
            assert int(match.group(2)) == eval(match.group(1), namespace)
            checked += 1
    assert 1 <= checked


def test_readme_tour_best_discard_comment() -> None:
    """The tour's claim about the best discard after drawing the jack of diamonds holds."""
    hand = gr.Hand.parse("As 2s 3s 4s 7h 7d 7c Kd Qd 9c") | gr.Hand.parse("Jd")
    assert (gr.Card("9c"), 0) == gr.best_discard(hand)


def test_readme_correctness_case_holds() -> None:
    """The README's example where a discard-after-melding rule is wrong: discarding 3c leaves
    three sets."""
    assert (gr.Card("3c"), 0) == gr.best_discard("Ac 2c 3c 4c Ad 2d 4d 2h 4h As 2s")


def _rules_page() -> str:
    """The rules page as one line of text (its paragraphs wrap anywhere)."""
    return " ".join((ROOT / "docs" / "rules.rst").read_text(encoding="utf-8").split())


def test_rules_page_cites_the_seeds_on_the_first_dealer_and_the_library_does_as_it_says() -> None:
    """The rules page says seed 001 draws the first dealer by lot and seed 003 chooses one at
    random, quoting them, and that ``Game.new`` draws it from its seed unless one is named:
    both dealers occur over seeds, the same seed gives the same dealer, a named one is kept."""
    page = _rules_page()
    assert 'Seed 001 has the dealer drawn by lot ("Repartidor sorteado")' in page
    assert 'seed 003 chosen at random ("un distribuidor elegido al azar")' in page
    assert "No source says how the first dealer is chosen" not in page
    dealers = [gr.Game.new(gr.PAGAT, seed=seed).round.dealer for seed in range(40)]
    assert {0, 1} == set(dealers)
    assert dealers == [gr.Game.new(gr.PAGAT, seed=seed).round.dealer for seed in range(40)]
    assert all(gr.Game.new(gr.PAGAT, seed=seed, dealer=1).round.dealer == 1 for seed in range(10))


def test_rules_page_says_how_openspiel_counts_its_fifty_upcard_draws() -> None:
    """The OpenSpiel section says what its 50-upcard limit counts (only the upcard taken in
    the draw phase, not the first-turn offer) and that the 50th draw ends the hand itself."""
    page = _rules_page()
    assert "counts only the upcard taken in the draw phase" in page
    assert "taking the initial upcard in the first-turn offer does not count" in page
    assert "the 50th such draw does not happen: it ends the hand at once, with no score" in page


def test_the_docs_lead_with_the_checkout_and_say_how_to_build_them() -> None:
    """The README (the landing page) and the Quickstart say the package is not on PyPI yet and
    give the checkout's ``pip install .`` before any ``pip install ginrummy`` (their first
    command was ``pip install ginrummy``, which fails), and the Quickstart has a "Building
    these docs" section with the command CI runs."""
    quickstart = (ROOT / "docs" / "quickstart.rst").read_text(encoding="utf-8")
    for text in (readme(), quickstart):
        flat = " ".join(text.split())
        assert "not on PyPI yet" in flat
        assert flat.index("pip install .") < flat.index("pip install ginrummy")
        assert flat.index('pip install ".[test-core]"') < flat.index('pip install ".[test]"')
    assert "Building these docs" in quickstart
    assert "sphinx-build -W --keep-going -b html docs" in quickstart


def test_the_readme_opening_names_every_preset() -> None:
    """The README's first paragraph names every preset ``ginrummy presets`` lists (it named
    four of eight)."""
    opening = " ".join(readme().split("\n\n")[1].split())
    shown = run_cli("presets").stdout
    assert all(f"`{name}`" in opening for name in gr.PRESETS), opening
    assert all(name in shown for name in gr.PRESETS)
    assert f"`{'`, `'.join(gr.PRESETS)}`" in opening  # in the command's order
