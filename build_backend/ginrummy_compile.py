"""The compiled build: which modules mypyc compiles, what it compiles them from, the three
things it is taught, and what the C it generates is given.

``GINRUMMY_COMPILE=1 pip install .`` (or ``python -m build`` with the variable set) compiles the
modules of :data:`COMPILED_MODULES` with mypyc into C extensions beside the pure-Python
package; without the variable the build is the pure one (``py3-none-any``). This module is the
one place that says which modules are compiled.

mypyc is taught three things (each a small, tested patch of the mypyc version the build pins,
``MYPY_REQUIREMENT``):

- **Docstrings.** mypyc gives a compiled function, method and class only its signature; the
  docstring of the source is dropped, so ``help()`` and the docs of a compiled build would be
  empty. The patch puts the docstring after the signature, where CPython reads it for a
  built-in (``name(signature)\\n--\\n\\n<docstring>``), and gives each compiled module its
  docstring.
- **attrs' modern names.** mypyc knows that ``attr.ib(...)`` in a class body returns a field
  definition, not a value of the field's type, but not ``attrs.field(...)``, its newer
  spelling: without the patch every ``x: int = attrs.field(default=0)`` raises ``TypeError``
  when the module is imported.
- **Python classes the interpreter subclasses.** A class the source marks
  ``@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)`` (the round and the
  game: :mod:`ginrummy.compiler_hints` says why) stays a Python class, but mypyc checks a
  value of such a class against the exact types it compiled, refusing the subclasses made at
  run time (a round's drafts): :func:`open_type_checks` makes those
  checks subclass checks in the generated C.

The generated C is also given, for speed, what CPython's interpreter does and mypyc does not
(``attribute_access.py``, beside this module): each read, write and method call on a value
of a Python class (an attrs value, the round's record) caches where the slot or the method
lies, checked against the type's version, and mypyc's methods of Python classes are flagged
as method descriptors, so that no call makes a bound method.

One more difference of mypyc's is caught rather than patched: ``==`` between two values of one
attrs class compiles to ``is``. The mypy plugin ``compiled_equality.py`` (beside this module,
run by every ``mypy`` of the project and by the build's own type check) refuses such a
comparison in a compiled module.

mypyc compiles a copy of the source (:func:`checked_copy`, in ``build/mypyc-src``) that
differs from it in two ways, line numbers kept: the parameters of
:data:`CHECKED_PARAMETERS` are declared ``object`` (so bad input reaches the function's own
check), and each module ends with lines that give its Python classes (attrs classes, enums)
their docstrings back, which mypyc replaces with a filler.

A build that cannot compile (no mypy, no C compiler, a compiler error) says why and installs
the pure build: an sdist never installs broken (:func:`extensions`).
"""

from __future__ import annotations

import ast
import os
import re
import sys
from pathlib import Path
from typing import Any

COMPILE_VARIABLE = "GINRUMMY_COMPILE"
"""The environment variable that asks for the compiled build (``1``); anything else, or unset,
builds the pure one."""

MYPY_REQUIREMENT = "mypy==2.4.1"
"""The mypy (and mypyc) the compiled build uses: one version, since the build patches it."""

_ASKING = "GINRUMMY_BUILD_ASKING"
"""Set while setuptools runs ``setup.py`` only to learn what the build needs (nothing is
compiled then: mypy is not installed yet)."""

COMPILED_MODULES: tuple[str, ...] = (
    # The cards and melds, and the scalar checks every constructor runs.
    "validators.py",
    "cards.py",
    "suit_masks.py",
    "melds.py",
    "phase.py",
    "actions.py",
    "dealing.py",
    # The partitioner.
    "melding/suit_lookups.py",
    "melding/rank_dp.py",
    "melding/partition.py",
    "melding/layoffs.py",
    # The round's machine and its action rules.
    "round_fields.py",
    "play/action_rules.py",
    "play/setup.py",
    "play/chain.py",
    "play/events.py",
    # Pricing a round's end.
    "results/pricing.py",
    "results/round_result.py",
    "results/settlement.py",
    # The bots' inner loops and the learned models' inference.
    "bots/card_counting.py",
    "bots/tracker.py",
    "bots/reference.py",
    "bots/random_draws.py",
    "neural/network.py",
    # The round's machine, the game and the ruleset.
    "play/seen.py",
    "play/round.py",
    "play/view_bits.py",
    "play/game.py",
    "rules.py",
)
"""The modules of ``src/ginrummy`` that the compiled build compiles, by path below it.

A few of their classes stay Python classes, each marked in the source with mypyc's
``mypyc_attr(native_class=False, ...)`` (why: :mod:`ginrummy.compiler_hints`).

``round_fields.py`` (the round's record, copied at every action) and ``play/seen.py`` (a
player's view, made at every decision) read and write the slots of Python classes and
nothing else; they were left out, as faster interpreted, until the generated C cached each
such access (``attribute_access.py``; ``docs/design.md``)."""

CHECKED_PARAMETERS: dict[str, dict[str, tuple[str, ...]]] = {
    "cards.py": {
        "Card.__init__": ("rank", "suit"),
        "Card.parse": ("text",),
        "Hand.from_mask": ("mask",),
        "Hand.parse": ("text",),
    },
    "actions.py": {"parse_action": ("text",), "action_from_id": ("action_id",)},
    "dealing.py": {"commit_deal": ("deck", "salt"), "verify_deal": ("commitment", "deck", "salt")},
    "melding/partition.py": {"all_best_melds": ("limit",)},
    "round_fields.py": {"RoundFields.hand": ("player",)},
    "play/action_rules.py": {"illegal_reason": ("action",), "illegal_message": ("action", "player")},
    "play/round.py": {
        "Round.deal": ("rules", "dealer", "seed", "deck"),
        "Round.from_position": (
            "rules",
            "dealer",
            "hands",
            "stock",
            "discard_pile",
            "initial_upcard",
            "phase",
            "to_act",
            "taken",
            "stock_only",
            "turns",
            "known",
        ),
        "Round.is_legal": ("action", "player"),
        "Round.illegal_reason": ("action", "player"),
        "Round.apply": ("action", "player"),
        "Round._next": ("action",),
        "Round.from_notation": ("text",),
        "Round.view": ("player",),
    },
    "play/game.py": {
        "Game.new": ("rules", "seed", "dealer"),
        "Game.is_legal": ("action", "player"),
        "Game.illegal_reason": ("action", "player"),
        "Game.apply": ("action", "player"),
        "Game._apply": ("action", "player"),
        "Game.view": ("player",),
    },
    "results/round_result.py": {"RoundResult.reprice": ("rules",)},
    "results/settlement.py": {"score_game": ("rules",)},
    "results/pricing.py": {
        "price_knock": (
            "knocker",
            "knocker_deadwood",
            "defender_deadwood",
            "deadwood_before_layoffs",
            "layoffs",
        ),
    },
    "bots/reference.py": {
        "require_turn": ("view",),
        "RandomBot.__init__": ("seed",),
        "RandomBot.act": ("view",),
        "GreedyBot.__init__": ("seed",),
        "GreedyBot.act": ("view",),
    },
    "bots/tracker.py": {
        "TrackerBot.act": ("view",),
        "TrackerBot.appraise": ("view",),
        "TrackerBot.__init__": (
            "seed",
            "potential_weight",
            "danger_weight",
            "take_margin",
            "knock_threshold",
            "knock_samples",
        ),
    },
}
"""The parameters a public function checks itself, by module and function (its qualified
name): the compiled build declares them ``object`` in what it compiles.

A compiled function checks the declared type of each argument before its body runs, and
raises a bare ``TypeError`` ("str object expected; got int"); a ``bool`` passes as an ``int``
and is converted. Where the pure function refuses a value of the wrong type with the library's
own error and message, the compiled one must let the value reach that check: so the copy of
the source that mypyc compiles declares these parameters ``object``. The source (what users'
type checkers read) keeps the precise type, and the function's body must type-check either
way (it narrows the value before it uses it)."""


def wanted(environ: dict[str, str] | None = None) -> bool:
    """Whether the build was asked to compile (``GINRUMMY_COMPILE=1``)."""
    return (os.environ if environ is None else environ).get(COMPILE_VARIABLE, "") == "1"


def _docstrings(package: Path) -> dict[tuple[str, str], str]:
    """Every docstring of the compiled modules, by (module, qualified name); a module's own
    under the name ``""``."""
    found: dict[tuple[str, str], str] = {}
    for relative in COMPILED_MODULES:
        path = package / relative
        module = "ginrummy." + relative.removesuffix(".py").replace("/", ".")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        doc = ast.get_docstring(tree, clean=True)
        if doc:
            found[(module, "")] = doc

        def walk(body: list[ast.stmt], prefix: str, module: str = module) -> None:
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    name = prefix + node.name
                    doc = ast.get_docstring(node, clean=True)
                    if doc:
                        found[(module, name)] = doc
                    if isinstance(node, ast.ClassDef):
                        walk(node.body, name + ".")
                elif isinstance(node, ast.If):  # a definition under `if TYPE_CHECKING` and such
                    walk(node.body, prefix)
                    walk(node.orelse, prefix)

        walk(tree.body, "")
    return found


def _c_literal(text: str) -> str:
    """``text`` as C string literals (UTF-8, escaped, in pieces a compiler of any platform
    accepts: MSVC refuses one literal over 2,048 bytes)."""
    pieces, piece = [], []
    for byte in text.encode("utf-8"):
        if byte in (0x5C, 0x22):  # backslash, double quote
            piece.append("\\" + chr(byte))
        elif byte == 0x0A:
            piece.append("\\n")
        elif 0x20 <= byte < 0x7F and byte != 0x3F:  # printable ASCII, not '?' (trigraphs)
            piece.append(chr(byte))
        else:
            piece.append(f"\\{byte:03o}")
        if len(piece) >= 500:
            pieces.append('"' + "".join(piece) + '"')
            piece = []
    pieces.append('"' + "".join(piece) + '"')
    return " ".join(pieces)


_MODULE_DEF = re.compile(
    r"static struct PyModuleDef (\w+)module = \{\s*PyModuleDef_HEAD_INIT,\s*"
    r'"([\w.]+)",\s*NULL, /\* docstring \*/'
)
_TABLE = re.compile(r"static PyMethodDef (\w+)_methods\[\] = \{(.*?)\n\s*\};", re.S)
_ENTRY = re.compile(
    r'\{"(\w+)", (\(PyCFunction\)\w+, [^{}]*?)PyDoc_STR\(("(?:[^"\\]|\\.)*"|NULL)\) /\* docstring \*/\}'
)
_TYPE = re.compile(r"static PyTypeObject CPyType_(\w+)_template_ = \{(.*?)\n\s*\};", re.S)
_TYPE_DOC = re.compile(r'\.tp_doc = PyDoc_STR\(("(?:[^"\\]|\\.)*"|NULL)\)')


def _owner(
    c_name: str, modules: dict[str, str], docstrings: dict[tuple[str, str], str]
) -> tuple[str, str] | None:
    """The (module, class) a C name ``<module prefix>___<Class>`` stands for, if it is a class
    of the source (not one of mypyc's own helper classes)."""
    for prefix, module in modules.items():
        if c_name.startswith(prefix + "___"):
            name = c_name[len(prefix) + 3 :]
            if (module, name) in docstrings or any(
                m == module and q.startswith(name + ".") for m, q in docstrings
            ):
                return module, name
    return None


def _method_doc(c_name: str, modules: dict[str, str], docstrings: dict[tuple[str, str], str]) -> str | None:
    """The docstring of the method whose callable object a C name stands for: mypyc names the
    callable of method ``m`` of a Python class ``C`` ``<module prefix>___<m>_<C>_obj``, with
    each ``___`` of the name written ``___3_``."""
    for prefix, module in modules.items():
        if c_name.startswith(prefix + "___"):
            name = c_name[len(prefix) + 3 :]
            for (owner, qualified), doc in docstrings.items():
                if owner == module and qualified.count(".") == 1:
                    klass, method = qualified.split(".")
                    if name == f"{method}_{klass}_obj".replace("___", "___3_"):
                        return doc
    return None


def _with_doc(literal: str, doc: str | None) -> str:
    """A ``PyDoc_STR`` argument: mypyc's signature ``literal`` followed by ``doc``."""
    if doc is None:
        return literal
    if literal == "NULL":
        return _c_literal(doc)
    return f"{literal} {_c_literal(doc)}"


def add_docstrings(c_source: str, docstrings: dict[tuple[str, str], str]) -> str:
    """``c_source`` (a C file mypyc wrote) with the source's docstrings: each module's, each
    function's and method's after its signature (where CPython reads a built-in's
    ``__text_signature__`` and ``__doc__``), each native class's."""
    modules = {prefix: module for prefix, module in _MODULE_DEF.findall(c_source)}

    def module_def(match: re.Match[str]) -> str:
        doc = docstrings.get((match.group(2), ""))
        text = match.group(0)
        return (
            text
            if doc is None
            else text.replace("NULL, /* docstring */", _c_literal(doc) + ", /* docstring */")
        )

    def table(match: re.Match[str]) -> str:
        c_name = match.group(1)
        if c_name.endswith("module") and c_name[: -len("module")] in modules:
            module, scope = modules[c_name[: -len("module")]], ""
        else:
            owner = _owner(c_name, modules, docstrings)
            if owner is None:
                return match.group(0)
            module, scope = owner[0], owner[1] + "."

        def entry(found: re.Match[str]) -> str:
            doc = docstrings.get((module, scope + found.group(1)))
            name, rest, literal = found.groups()
            return f'{{"{name}", {rest}PyDoc_STR({_with_doc(literal, doc)}) /* docstring */}}'

        return _ENTRY.sub(entry, match.group(0))

    def type_template(match: re.Match[str]) -> str:
        owner = _owner(match.group(1), modules, docstrings)
        if owner is not None:  # a native class: its docstring after its signature
            doc = docstrings.get(owner)
            return _TYPE_DOC.sub(
                lambda found: f".tp_doc = PyDoc_STR({_with_doc(found.group(1), doc)})", match.group(0)
            )
        method = _method_doc(match.group(1), modules, docstrings)
        if method is None:
            return match.group(0)
        # the callable mypyc makes of a method of a Python class (an attrs class): the
        # method's docstring alone (its signature is the callable's, not the method's)
        return _TYPE_DOC.sub(lambda found: f".tp_doc = PyDoc_STR({_c_literal(method)})", match.group(0))

    c_source = _MODULE_DEF.sub(module_def, c_source)
    c_source = _TABLE.sub(table, c_source)
    return _TYPE.sub(type_template, c_source)


def _teach_mypyc() -> None:
    """Teach mypyc (the version of :data:`MYPY_REQUIREMENT`) that ``attrs.field(...)`` and
    ``attrs.Factory(...)`` in a class body are field definitions, as it knows ``attr.ib``."""
    from mypyc.irbuild import specialize

    for name in ("attrs.field", "attrs.Factory"):
        specialize.specialize_function(name)(specialize.translate_dataclasses_field_call)


def _widened(source: str, functions: dict[str, tuple[str, ...]], where: str) -> str:
    """``source`` with the named parameters of the named functions declared ``object`` (the
    annotation's text replaced, its lines kept, so line numbers stay the source's)."""
    tree = ast.parse(source)
    spans: list[tuple[int, int, int, int, str]] = []
    found: set[str] = set()

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                walk(node.body, prefix + node.name + ".")
            elif (
                isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and prefix + node.name in functions
            ):
                qualified = prefix + node.name
                wanted_names = set(functions[qualified])
                arguments = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
                for argument in arguments:
                    if argument.arg in wanted_names and argument.annotation is not None:
                        a = argument.annotation
                        assert a.end_lineno is not None and a.end_col_offset is not None
                        lines = a.end_lineno - a.lineno
                        spans.append(
                            (a.lineno, a.col_offset, a.end_lineno, a.end_col_offset, "object" + "\n" * lines)
                        )
                        wanted_names.discard(argument.arg)
                if wanted_names:
                    raise ValueError(
                        f"{where}: {qualified} has no annotated parameter {sorted(wanted_names)}"
                    )
                found.add(qualified)

    walk(tree.body, "")
    missing = set(functions) - found
    if missing:
        raise ValueError(f"{where}: no function {sorted(missing)}")
    lines = source.splitlines(keepends=True)
    for start, column, end, end_column, text in sorted(spans, reverse=True):
        # ast's columns count UTF-8 bytes
        head = lines[start - 1].encode("utf-8")[:column].decode("utf-8")
        tail = lines[end - 1].encode("utf-8")[end_column:].decode("utf-8")
        lines[start - 1 : end] = [head + text + tail]
    return "".join(lines)


def checked_copy(package: Path, into: Path) -> Path:
    """A copy of the package under ``into`` (made anew) for mypyc to compile: the source, with
    the parameters of :data:`CHECKED_PARAMETERS` declared ``object``; returns the copy's
    package folder."""
    import shutil

    target = into / "ginrummy"
    if into.exists():
        shutil.rmtree(into)
    shutil.copytree(package, target, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    for relative, functions in CHECKED_PARAMETERS.items():
        path = target / relative
        path.write_text(_widened(path.read_text(encoding="utf-8"), functions, relative), encoding="utf-8")
    for relative in COMPILED_MODULES:
        path = target / relative
        path.write_text(_with_class_docs(path.read_text(encoding="utf-8")), encoding="utf-8")
    return target


def _with_class_docs(source: str) -> str:
    """``source`` with lines at its end that give each class whose docstring mypyc replaces (a
    Python class: an attrs class, an enum) its docstring back; a native class, whose docstring
    is in its C type and cannot be set, is left as it is. A module that extends a class's
    docstring itself (``Ruleset.__doc__ = Ruleset.__doc__ + ...``) does it again after."""
    classes, extended = [], []
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            doc = ast.get_docstring(node, clean=False)
            if doc is not None:
                classes.append(f"    ({node.name}, {doc!r}),")
        elif (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Attribute)
            and node.targets[0].attr == "__doc__"
        ):
            segment = ast.get_source_segment(source, node)
            assert segment is not None
            extended.append(segment)
    if not classes:
        return source
    lines = [
        "# The compiled build: the docstrings of the Python classes (build_backend/ginrummy_compile.py).",
        "for _class, _doc in (",
        *classes,
        "):",
        "    try:",
        "        setattr(_class, '__doc__', _doc)",
        "    except (AttributeError, TypeError):  # a native class keeps its docstring in its C type",
        "        pass",
        *extended,
    ]
    return source.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"


_OPEN_MARK = re.compile(
    r"@mypyc_attr\([^)]*\ballow_interpreted_subclasses\s*=\s*True[^)]*\)[^\n]*\n"
    r"(?:@[^\n]*\n)*class (\w+)\b"
)
"""A class marked to stay a Python class that the interpreter may subclass (its name)."""


def open_classes(package: Path) -> list[tuple[str, str]]:
    """The classes of :data:`COMPILED_MODULES` marked
    ``@mypyc_attr(..., allow_interpreted_subclasses=True)``, as ``(module's last name, class)``."""
    found = []
    for relative in COMPILED_MODULES:
        last = Path(relative).stem
        text = (package / relative).read_text(encoding="utf-8")
        found += [(last, name) for name in _OPEN_MARK.findall(text)]
    return found


def open_type_checks(c_source: str, classes: list[tuple[str, str]]) -> str:
    """``c_source`` with each exact type check against a class of ``classes`` made a subclass
    check (``Py_TYPE(o) == T`` becomes ``PyObject_TypeCheck(o, T)``).

    mypyc reads ``allow_interpreted_subclasses`` of a native class only: for a Python class
    (``native_class=False``) it checks an argument or a cast by comparing the value's type with
    the class and each subclass it compiled, so an instance of a subclass made at run time
    (the round's draft twins, :mod:`ginrummy.compiler_hints`) would be refused with a bare
    ``TypeError``. Every subclass of a class the check names is a subclass of the class
    checked for, so the wider check accepts what the source's types accept."""
    if not classes:
        return c_source
    names = "|".join(rf"CPyType_(?:\w*___)?{module}___{name}" for module, name in classes)
    check = re.compile(rf"Py_TYPE\(((?:[^()]|\([^()]*\))*)\) == ({names})\b")
    return check.sub(r"PyObject_TypeCheck(\1, \2)", c_source)


def extensions(root: Path) -> list[Any]:
    """The C extensions of the compiled build, or ``[]`` for the pure build: when it was not
    asked for, or when mypyc is missing or fails (a line on stderr says which)."""
    if not wanted() or os.environ.get(_ASKING) == "1":
        return []
    package = root / "src" / "ginrummy"
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        print(
            f"ginrummy: {COMPILE_VARIABLE}=1 but mypyc is missing ({error}): building pure Python",
            file=sys.stderr,
        )
        return []
    _teach_mypyc()
    # The modules the compiled ones import are type-checked as mypy follows them, silently:
    # `mypy --strict` on the whole tree is CI's check, and the build environment lacks the
    # optional extras' packages (cryptography, numpy, ...).
    copy = checked_copy(package, Path("build") / "mypyc-src")
    paths = ["--follow-imports=silent"]
    paths += [str(copy / relative) for relative in COMPILED_MODULES]
    try:
        built: list[Any] = mypycify(paths, opt_level="3", group_name="ginrummy")
    except (Exception, SystemExit) as error:  # mypyc reports a type error by exiting
        print(f"ginrummy: mypyc could not compile ({error!r}): building pure Python", file=sys.stderr)
        return []
    from attribute_access import faster_attribute_access  # beside this module (on setup.py's path)

    docstrings, open_ = _docstrings(package), open_classes(package)
    for source in {source for extension in built for source in extension.sources}:
        path = Path(source)
        if path.suffix == ".c":
            c_source = add_docstrings(path.read_text(encoding="utf-8"), docstrings)
            c_source = faster_attribute_access(open_type_checks(c_source, open_))
            path.write_text(c_source, encoding="utf-8")
    return built


def build_base() -> str:
    """Where setuptools builds: a directory of its own for each kind of build, so that a pure
    build never picks up the extensions a compiled one left in ``build/``."""
    return str(Path("build") / ("compiled" if wanted() else "pure"))


def build_ext_falling_back() -> type:
    """setuptools' ``build_ext`` that, when compiling fails (no C compiler, a compiler error),
    removes whatever it built, says why on stderr and leaves the pure-Python modules, which
    the wheel holds in any case: an install from the sdist never ends broken."""
    from setuptools.command.build_ext import build_ext

    class BuildExtFallingBack(build_ext):  # type: ignore[misc]
        def run(self) -> None:
            # An extension the list no longer names must not ship from an earlier build.
            keep = {Path(output).resolve() for output in self.get_outputs()}
            for suffix in ("*.so", "*.pyd"):
                for stale in Path(self.build_lib).rglob(suffix):
                    if stale.resolve() not in keep:
                        stale.unlink()
            try:
                super().run()
            except Exception as error:  # the compiler's errors have no common base class
                for output in self.get_outputs():
                    Path(output).unlink(missing_ok=True)
                self.extensions = list[Any]()
                print(f"ginrummy: compiling failed ({error}): installing pure Python", file=sys.stderr)

        def copy_extensions_to_source(self) -> None:
            if self.extensions:
                super().copy_extensions_to_source()

    return BuildExtFallingBack
