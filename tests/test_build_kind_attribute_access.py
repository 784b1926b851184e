"""The compiled build's cached attribute access (``build_backend/attribute_access.py``).

The first tests hold the rewrite of the generated C; the others hold, on the build under test,
what the caches must never change: a site that reads several names reads each, a class changed
after compiled code used it is read anew, and an empty slot still raises ``AttributeError``.
On the pure build they hold the interpreter's own behaviour, which the compiled one must match.
"""

from __future__ import annotations

import ast
import re

import pytest

import ginrummy as gr
from ginrummy.play.action_rules import playable
from ginrummy.round_fields import FIELD_NAMES, RoundFields
from pure_source import PURE_SOURCE
from repository import build_backend_module

attribute_access = build_backend_module("attribute_access")

C_SOURCE = """\
#include <init.c>
#include "__native_module.h"
#include "__native_internal_module.h"
PyObject *CPyDef_f(PyObject *cpy_r_r, PyObject *cpy_r_new) {
    cpy_r_r1 = CPyObject_GetAttr(cpy_r_r, cpy_r_r0);
    cpy_r_r3 = PyObject_SetAttr(cpy_r_new, cpy_r_r0, cpy_r_r1);
    cpy_r_r4 = CPyObject_GenericSetAttr(cpy_r_new, cpy_r_r0, cpy_r_r1);
    cpy_r_r5 = PyObject_VectorcallMethod(cpy_r_r2, cpy_r_r6, 9223372036854775809ULL, 0);
    cpy_r_r7 = CPyObject_GetAttr(cpy_r_new, cpy_r_r0);
    cpy_r_r8 = CPyObject_GetAttr3(cpy_r_r, cpy_r_r0, cpy_r_r1);
    cpy_r_r9 = PyObject_SetAttrString(cpy_r_r, "x", cpy_r_r1);
}
    static PyTypeObject CPyType_round____next_Round_obj_template_ = {
        .tp_name = "_next_Round_obj",
        .tp_descr_get = CPyDunder___get__round____next_Round_obj,
        .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    };
    static PyTypeObject CPyType_cards___Hand_template_ = {
        .tp_name = "Hand",
        .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    };
"""


def test_each_read_write_and_method_call_gets_a_cache_of_its_own() -> None:
    """Every generic read, write, ``object.__setattr__`` and method call of the generated code
    calls its cached helper with a cache of its own; other calls are left as they are."""
    rewritten = attribute_access.faster_attribute_access(C_SOURCE)
    body = rewritten[rewritten.index("PyObject *CPyDef_f") :]
    assert {
        "GrGetAttr(&gr_attr_caches[0], cpy_r_r, cpy_r_r0)",
        "GrGetAttr(&gr_attr_caches[1], cpy_r_new, cpy_r_r0)",
        "GrSetAttr(&gr_attr_caches[2], cpy_r_new, cpy_r_r0, cpy_r_r1)",
        "GrGenericSetAttr(&gr_attr_caches[3], cpy_r_new, cpy_r_r0, cpy_r_r1)",
        "GrVectorcallMethod(&gr_attr_caches[4], cpy_r_r2, cpy_r_r6, 9223372036854775809ULL, 0)",
    } == set(re.findall(r"Gr\w+\(&gr_attr_caches\[\d+\], [^;]*\)(?=;)", body))
    assert "CPyObject_GetAttr3(cpy_r_r, cpy_r_r0, cpy_r_r1)" in body
    assert 'PyObject_SetAttrString(cpy_r_r, "x", cpy_r_r1)' in body
    assert "static GrAttrCache gr_attr_caches[5];" in rewritten
    # the helpers come after the last include, before the first use
    head = rewritten[: rewritten.index("PyObject *CPyDef_f")]
    include = head.index('#include "__native_internal_module.h"')
    assert include < head.index("static inline PyObject *GrGetAttr")


def test_the_types_of_methods_become_method_descriptors_and_no_other_type_does() -> None:
    """A callable object's type whose ``__get__`` binds it (mypyc's method of a Python class)
    gains ``Py_TPFLAGS_METHOD_DESCRIPTOR``; a type without that ``__get__`` keeps its flags."""
    rewritten = attribute_access.faster_attribute_access(C_SOURCE)
    flags = re.findall(r"\.tp_flags = ([^,\n]+),", rewritten)
    assert [
        "Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_METHOD_DESCRIPTOR",
        "Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC",
    ] == flags
    assert rewritten == attribute_access.faster_attribute_access(rewritten)  # once is all


def test_a_file_without_the_internal_header_is_left_as_it_is() -> None:
    """A module's shim (no ``__native_internal_`` include) is not rewritten."""
    shim = "#include <Python.h>\nPyObject *x = CPyObject_GetAttr(a, b);\n"
    assert shim == attribute_access.faster_attribute_access(shim)


def test_the_package_defines_no_descriptor_of_its_own() -> None:
    """Only mypyc's binding ``__get__`` may be marked a method descriptor: no class of the
    package defines ``__get__`` (or ``__set_name__``) itself."""
    found = []
    for path in sorted((PURE_SOURCE / "ginrummy").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name in ("__get__", "__set_name__"):
                found.append(f"{path.name}:{node.lineno}")
    assert [] == found


def _record(**changes: object) -> RoundFields:
    """The record of a dealt round, with ``changes`` written into a draft of it."""
    fields = RoundFields._of(gr.Round.deal(gr.PAGAT, dealer=0, seed=7))._draft()
    for name, value in changes.items():
        setattr(fields, name, value)
    return fields._sealed()


def test_a_site_that_reads_several_names_reads_each() -> None:
    """``getattr(record, name)`` over the field names (one site, many names) gives every
    field, not the first one it read: records differing in their last field differ."""
    record = _record()
    assert tuple(getattr(record, name) for name in FIELD_NAMES) == record._values()
    assert record._values()[0] is record.rules and record._values()[-1] is record.dealt
    for _ in range(3):  # past the site's first fill, and again once it keeps what it has
        assert _record(dealt=True) != _record(dealt=False)
        assert "dealt=True" in repr(_record(dealt=True))


def _after_a_take() -> gr.Round:
    """A round in which player 1 has just taken the upcard (which it may not discard)."""
    return gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())


def test_a_field_replaced_on_the_class_is_read_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compiled code that has read a slot reads the class's new attribute once the class
    changes, and the slot again once it is changed back."""
    r = _after_a_take()
    assert r.taken is not None
    held = r.hand(1).mask
    for _ in range(3):
        assert held & ~r.taken.mask == playable(r)
    monkeypatch.setattr(gr.Round, "taken", property(lambda self: None))
    for _ in range(3):
        assert held == playable(r)
    monkeypatch.undo()
    for _ in range(3):
        assert held & ~r.taken.mask == playable(r)


def test_a_method_replaced_on_the_class_is_called_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """A method that compiled code has called (``Round.apply`` calls ``self._next``) is
    looked up again once the class changes."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    for _ in range(3):
        r.apply(gr.PassUpcard())
    calls: list[gr.Action] = []
    original = gr.Round._next

    def counted(self: gr.Round, player: int, action: gr.Action) -> gr.Round:
        calls.append(action)
        return original(self, player, action)

    monkeypatch.setattr(gr.Round, "_next", counted)
    after = r.apply(gr.PassUpcard())
    assert [gr.PassUpcard()] == calls
    monkeypatch.undo()
    assert after == r.apply(gr.PassUpcard()) and 1 == len(calls)


def test_an_empty_slot_still_raises_attribute_error() -> None:
    """A slot never set raises ``AttributeError`` when compiled code reads it, before and
    after the site has learnt where it lies."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    for _ in range(3):
        assert () == r.events
    draft = r._draft()  # a round's draft: the record's fields set, the round's own not yet
    for _ in range(3):
        with pytest.raises(AttributeError):
            _ = draft.events
