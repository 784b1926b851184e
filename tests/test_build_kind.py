"""The two builds of one source: the pure-Python one and the compiled one (``GINRUMMY_COMPILE=1``).

The differential test plays the same seeded games on the build under test and on the pure
source (``$GINRUMMY_PURE_SOURCE`` in the test matrix, ``src/`` in a checkout) and compares every
state; the others hold the build backend's helpers (``build_backend/ginrummy_compile.py``) and
what a compiled build must keep of the source: its docstrings.
"""

from __future__ import annotations

import ast
import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

import ginrummy as gr
from pure_source import PURE_SOURCE
from repository import TESTS, compile_settings, source_file

ginrummy_compile = compile_settings()


def _trace(pythonpath: Path) -> list[str]:
    """The lines of ``tests/build_trace.py`` run with ``pythonpath`` first on the path."""
    completed = subprocess.run(
        [sys.executable, str(TESTS / "build_trace.py")],
        env={**os.environ, "PYTHONPATH": str(pythonpath)},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert 0 == completed.returncode, completed.stderr
    return completed.stdout.splitlines()


def test_the_build_under_test_plays_every_state_as_the_pure_source_does() -> None:
    """The same seeded games (three rulesets, bots that read views, a random one) give the same
    notation, JSON, views, ``repr``, pickles (equal, with equal hashes), legal actions, actions
    and results on the build the tests import and on the pure source, state by state."""
    under_test = _trace(Path(gr.__file__).resolve().parent.parent)
    pure = _trace(PURE_SOURCE)
    assert f"compiled={gr.COMPILED}" == under_test[0]
    assert "compiled=False" == pure[0]
    assert len(under_test) > 1000
    for index, (ours, theirs) in enumerate(zip(under_test[1:], pure[1:], strict=True), start=2):
        assert ours == theirs, f"line {index} differs"


def test_the_compiled_flag_says_whether_the_cards_are_an_extension() -> None:
    """``gr.COMPILED`` is True exactly when the module of the cards is a C extension."""
    suffix = Path(gr.Card.__module__.replace(".", "/")).name
    assert gr.COMPILED == (
        not Path(sys.modules["ginrummy.cards"].__file__ or "").name.startswith(suffix + ".py")
    )


def _source_docstrings() -> dict[str, str]:
    """The docstring of each public class and function of ``ginrummy``, read from its source."""
    found = {}
    for name in gr.__all__:
        obj = getattr(gr, name)
        if not (inspect.isclass(obj) or callable(obj)) or not getattr(obj, "__module__", "").startswith(
            "ginrummy"
        ):
            continue
        source = source_file(sys.modules[obj.__module__])
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and node.name == obj.__name__:
                doc = ast.get_docstring(node, clean=True)
                if doc:
                    found[name] = doc
                break
    return found


def test_every_public_class_and_function_keeps_its_docstring() -> None:
    """``help()`` shows what the source says: each public class's and function's ``__doc__``
    begins with its source's docstring, in either build (mypyc drops docstrings unless the
    build puts them back)."""
    docs = _source_docstrings()
    assert len(docs) > 80
    lost = [
        name
        for name, doc in docs.items()
        if not (inspect.getdoc(getattr(gr, name)) or "").startswith(doc[:60])
    ]
    assert [] == lost


def test_a_docstring_becomes_c_literals_that_read_back_as_its_utf8() -> None:
    """Quotes, backslashes, newlines, question marks (trigraphs) and non-ASCII text survive the
    build's C literals, cut in pieces no compiler refuses."""
    text = 'A "card" \\ of «Gin» — ??= at 10? ' * 40 + "\nend"
    literal = ginrummy_compile._c_literal(text)
    joined = ast.literal_eval("b" + literal.replace('" "', ""))  # C's escapes used are Python's too
    assert text.encode("utf-8") == joined
    assert all(len(piece) <= 2048 for piece in literal.split('" "'))


C_SOURCE = """
static PyMethodDef cardsmodule_methods[] = {
    {"deal", (PyCFunction)CPyPy_cards___deal, METH_FASTCALL | METH_KEYWORDS, PyDoc_STR("deal(seed)\\n--\\n\\n") /* docstring */},
    {"_private", (PyCFunction)CPyPy_cards____private, METH_FASTCALL | METH_KEYWORDS, PyDoc_STR("_private()\\n--\\n\\n") /* docstring */},
    {NULL, NULL, 0, NULL}
};
static PyMethodDef cards___Shoe_methods[] = {
    {"draw", (PyCFunction)CPyPy_cards___Shoe___draw, METH_FASTCALL | METH_KEYWORDS, PyDoc_STR("draw($self)\\n--\\n\\n") /* docstring */},
    {NULL, NULL, 0, NULL}
};
static PyTypeObject CPyType_cards___Shoe_template_ = {
    .tp_name = "Shoe",
    .tp_doc = PyDoc_STR("Shoe()\\n--\\n\\n"),
};
static struct PyModuleDef cardsmodule = {
    PyModuleDef_HEAD_INIT,
    "ginrummy.cards",
    NULL, /* docstring */
    0,
};
"""  # noqa: E501 (C as mypyc writes it: one entry a line)


def test_the_build_writes_each_docstring_after_its_signature() -> None:
    """A module's, a function's, a method's and a class's docstring go where CPython reads
    them (after ``signature\\n--\\n\\n``); a name without a docstring keeps its signature."""
    docs = {
        ("ginrummy.cards", ""): "The cards.",
        ("ginrummy.cards", "deal"): "Deal a hand.",
        ("ginrummy.cards", "Shoe"): "A shoe of cards.",
        ("ginrummy.cards", "Shoe.draw"): "Draw one.",
    }
    patched = ginrummy_compile.add_docstrings(C_SOURCE, docs)
    assert 'PyDoc_STR("deal(seed)\\n--\\n\\n" "Deal a hand.")' in patched
    assert 'PyDoc_STR("_private()\\n--\\n\\n")' in patched
    assert 'PyDoc_STR("draw($self)\\n--\\n\\n" "Draw one.")' in patched
    assert '.tp_doc = PyDoc_STR("Shoe()\\n--\\n\\n" "A shoe of cards.")' in patched
    assert '"The cards.", /* docstring */' in patched


@pytest.mark.parametrize(
    ("value", "wanted"), [("1", True), ("0", False), ("", False), ("yes", False), (None, False)]
)
def test_only_ginrummy_compile_1_asks_for_the_compiled_build(value: str | None, wanted: bool) -> None:
    """``GINRUMMY_COMPILE=1`` asks for the compiled build; anything else, or nothing, builds pure."""
    environ = {} if value is None else {ginrummy_compile.COMPILE_VARIABLE: value}
    assert wanted == ginrummy_compile.wanted(environ)


def test_the_compiled_modules_are_modules_of_the_package() -> None:
    """Every entry of the build's list is a module of the source, named once."""
    modules = ginrummy_compile.COMPILED_MODULES
    assert len(set(modules)) == len(modules)
    assert all((PURE_SOURCE / "ginrummy" / module).is_file() for module in modules)


def test_every_checked_parameter_is_a_parameter_of_the_source_and_is_widened_in_place() -> None:
    """Each entry of ``CHECKED_PARAMETERS`` names an annotated parameter of a function of the
    source; the copy mypyc compiles declares it ``object`` and keeps every line where it was."""
    for relative, functions in ginrummy_compile.CHECKED_PARAMETERS.items():
        assert relative in ginrummy_compile.COMPILED_MODULES
        source = (PURE_SOURCE / "ginrummy" / relative).read_text(encoding="utf-8")
        widened = ginrummy_compile._widened(source, functions, relative)
        assert len(source.splitlines()) == len(widened.splitlines())
        tree = ast.parse(widened)
        for qualified, names in functions.items():
            *classes, name = qualified.split(".")
            scope: list[ast.stmt] = tree.body
            for klass in classes:
                scope = next(n for n in scope if isinstance(n, ast.ClassDef) and n.name == klass).body
            function = next(n for n in scope if isinstance(n, ast.FunctionDef) and n.name == name)
            arguments = [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]
            widened_names = {
                a.arg for a in arguments if isinstance(a.annotation, ast.Name) and a.annotation.id == "object"
            }
            assert set(names) <= widened_names, qualified


def test_a_checked_parameter_that_is_not_there_stops_the_build() -> None:
    """A misspelt function or parameter in the list is an error of the build, not a silent
    no-op (the compiled function would raise a bare TypeError again)."""
    source = "def f(x: int, y: str) -> None:\n    pass\n"
    with pytest.raises(ValueError, match="no annotated parameter"):
        ginrummy_compile._widened(source, {"f": ("z",)}, "m.py")
    with pytest.raises(ValueError, match="no function"):
        ginrummy_compile._widened(source, {"g": ("x",)}, "m.py")
    assert "def f(x: object, y: str) -> None:\n    pass\n" == ginrummy_compile._widened(
        source, {"f": ("x",)}, "m.py"
    )


def test_a_python_class_gets_its_docstring_back_at_the_end_of_the_module() -> None:
    """mypyc gives a Python class (an attrs class, an enum) a filler docstring: the compiled
    copy ends with lines that set the source's docstrings back, and changes no line before."""
    source = '@decorate\nclass A:\n    """Doc of A."""\n\n\nclass B:\n    """Native."""\n'
    copied = ginrummy_compile._with_class_docs(source)
    assert copied.startswith(source.rstrip("\n"))
    namespace: dict[str, object] = {"decorate": lambda cls: cls}
    exec(copied, namespace)
    assert "Doc of A." == getattr(namespace["A"], "__doc__", None)
    assert "Native." == getattr(namespace["B"], "__doc__", None)


def test_a_docstring_a_module_extends_is_extended_again_after_it_is_given_back() -> None:
    """A module that adds to a class's docstring (the ruleset lists its fields) does it again
    after the copy's end gives the source's docstring back, so the addition is not lost."""
    source = 'class A:\n    """Doc of A."""\n\n\nA.__doc__ = (A.__doc__ or "") + " More."\n'
    copied = ginrummy_compile._with_class_docs(source)
    assert copied.startswith(source.rstrip("\n"))
    namespace: dict[str, object] = {}
    exec(copied, namespace)
    assert "Doc of A. More." == getattr(namespace["A"], "__doc__", None)


C_CHECKS = "\n".join(
    [
        "if (likely((Py_TYPE(obj_r) == CPyType_round___Round)"
        " || (Py_TYPE(obj_r) == CPyType_round_fields___RoundFields)))",
        "if (Py_TYPE(PyTuple_GET_ITEM(cpy_r_r39, 1)) == CPyType_play___round___Round)",
        "if (likely(Py_TYPE(obj_self) == CPyType_game___GameView))",
        "if (likely(Py_TYPE(obj_self) == CPyType_other_round___Round))",
    ]
)


def test_an_exact_type_check_against_an_open_class_becomes_a_subclass_check() -> None:
    """mypyc checks a value of a Python class by its exact type; the build widens the checks
    against the classes marked ``allow_interpreted_subclasses`` only, whatever the argument."""
    classes = [("round", "Round"), ("round_fields", "RoundFields")]
    lines = ginrummy_compile.open_type_checks(C_CHECKS, classes).splitlines()
    assert (
        "if (likely((PyObject_TypeCheck(obj_r, CPyType_round___Round))"
        " || (PyObject_TypeCheck(obj_r, CPyType_round_fields___RoundFields))))"
    ) == lines[0]
    assert "if (PyObject_TypeCheck(PyTuple_GET_ITEM(cpy_r_r39, 1), CPyType_play___round___Round))" == lines[1]
    assert C_CHECKS.splitlines()[2:] == lines[2:]  # another class; another module's Round
    assert C_CHECKS == ginrummy_compile.open_type_checks(C_CHECKS, [])


def test_the_open_classes_are_the_marked_classes_of_compiled_modules() -> None:
    """The classes the build widens the checks of are exactly those the source marks."""
    package = PURE_SOURCE / "ginrummy"
    found = ginrummy_compile.open_classes(package)
    marked = set()
    for relative in ginrummy_compile.COMPILED_MODULES:
        tree = ast.parse((package / relative).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and any(
                "allow_interpreted_subclasses=True" in ast.unparse(d) for d in node.decorator_list
            ):
                marked.add((Path(relative).stem, node.name))
    assert marked == set(found)
    assert ("round", "Round") in marked  # a round is copied through a draft subclass


class _LoggedRound(gr.Round):
    """A subclass made at run time, as a user's would be."""

    __slots__ = ()


def test_a_subclass_of_a_round_made_at_run_time_plays_in_either_build() -> None:
    """Every action copies a round through a draft subclass made at run time: the compiled
    machine accepts it, and a user's subclass of the round, as the pure one does."""
    r = _LoggedRound.deal(gr.PAGAT, dealer=0, seed=7)
    while not r.is_over:
        r = r.apply(r.legal_actions()[0])
    assert type(r) is _LoggedRound
    plain = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    while not plain.is_over:
        plain = plain.apply(plain.legal_actions()[0])
    assert plain.result == r.result and plain.turns == r.turns
