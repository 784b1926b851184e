"""The shape of the package: no import cycle, a layout by domain that follows its map, small
modules, one idea each; and tests that mirror it, one test module per module or package.

These tests read the source with :mod:`ast`; they pin rules of the codebase (docs/conventions.md) that no
behavioural test would notice breaking. Every import counts, type-only ones included (an
``if TYPE_CHECKING:`` import is still a dependency a reader must follow).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import ginrummy
from ginrummy.round_fields import RoundFields
from repository import ROOT, TESTS

PACKAGE = Path(ginrummy.__file__).resolve().parent
"""The package under test: ``src/ginrummy`` in a checkout, the installed wheel's in the matrix."""

# The map of docs/design.md: each package (or top-level module) of ginrummy and the ones it may
# import. "ginrummy" is the top-level __init__ (the re-exports).
VOCABULARY = {
    "_version",
    "compiler_hints",
    "errors",
    "validators",
    "cards",
    "suit_masks",
    "melds",
    "rules",
    "dealing",
    "phase",
    "actions",
    "plurals",
}
MAP: dict[str, set[str]] = {
    "_version": set(),
    "compiler_hints": set(),
    "build_kind": {"cards"},
    "errors": set(),
    "validators": {"errors"},
    "cards": {"errors", "validators", "compiler_hints"},
    "suit_masks": set(),
    "melds": {"errors", "validators", "cards", "suit_masks", "compiler_hints"},
    "rules": {"errors", "validators", "cards", "compiler_hints"},
    "dealing": {"errors", "cards"},
    "phase": set(),
    "plurals": set(),
    "actions": {"errors", "validators", "cards", "melds"},
    "melding": {"errors", "validators", "cards", "suit_masks", "melds", "compiler_hints"},
    "neural": {"errors", "validators"},
    "results": {"errors", "validators", "cards", "melds", "rules"},
    "round_fields": {"validators", "cards", "melds", "phase", "rules", "results", "compiler_hints"},
    "beliefs": VOCABULARY | {"melding", "neural", "results", "round_fields"},
    "play": VOCABULARY | {"melding", "results", "round_fields", "neural", "beliefs"},
    "bots": VOCABULARY | {"melding", "results", "neural", "beliefs", "play"},
    "simulation": VOCABULARY | {"results", "neural", "play", "bots"},
    "io": VOCABULARY | {"melding", "results", "neural", "play", "simulation"},
    "frontend": VOCABULARY | {"melding", "results", "neural", "beliefs", "play", "bots", "io"},
    "ginrummy": {"build_kind"}
    | VOCABULARY
    | {"melding", "results", "neural", "beliefs", "play", "bots", "simulation", "io", "frontend"},
    "cli": {"ginrummy"}
    | VOCABULARY
    | {"melding", "results", "neural", "play", "bots", "simulation", "io", "frontend", "distributed"},
    "distributed": VOCABULARY | {"neural", "simulation"},
    "rl": {"ginrummy", "validators", "play"},
    "openspiel": {"ginrummy", "rl", "validators"},
    "__main__": {"cli"},
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module or package of ginrummy (``from ginrummy import rl`` names one)."""
    path = PACKAGE.parent / Path(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _imports(tree: ast.AST, module: str, is_package: bool) -> set[str]:
    """Every ``ginrummy`` module that ``module`` imports: at the top, inside functions, under
    ``if TYPE_CHECKING:`` or anywhere else."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("ginrummy"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                base = base if is_package else base[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if target.startswith("ginrummy"):
                names = [
                    f"{target}.{alias.name}" for alias in node.names if _is_module(f"{target}.{alias.name}")
                ]
                found.update(names if names else [target])
    found.discard(module)
    return found


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[module] = _imports(tree, module, path.name == "__init__.py")
    return {name: {t for t in targets if t in graph} for name, targets in graph.items()}


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state:
                cycle = visit(target)
                if cycle is not None:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle is not None:
                return cycle
    return None


def _unit(module: str) -> str:
    """The package (or top-level module) of the map that ``module`` belongs to."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "ginrummy"


def test_no_module_imports_itself_through_others() -> None:
    """No import cycle between the package's modules, counting imports inside functions and
    type-only imports."""
    assert None is _find_cycle(_graph())


def test_the_cycle_finder_sees_function_level_and_type_only_imports() -> None:
    """The check above can fail: a loop closed by an import inside a function, or by an import
    under ``if TYPE_CHECKING:``, is reported with the loop."""
    source_a = "import ginrummy.b\n"
    source_b = "def f():\n    import ginrummy.a\n"
    source_c = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ginrummy.a import X\n"
    assert {"ginrummy.b"} == _imports(ast.parse(source_a), "ginrummy.a", False)
    assert {"ginrummy.a"} == _imports(ast.parse(source_c), "ginrummy.c", False)
    graph = {"ginrummy.a": {"ginrummy.b"}, "ginrummy.b": _imports(ast.parse(source_b), "ginrummy.b", False)}
    assert ["ginrummy.a", "ginrummy.b", "ginrummy.a"] == _find_cycle(graph)


def test_every_package_imports_only_what_the_map_allows() -> None:
    """Each package of the layout imports only the packages below it in the map
    (docs/design.md): a package low in the map never names one above it, even for typing."""
    graph = _graph()
    units = {_unit(module) for module in graph}
    assert set() == units - set(MAP), "a package is missing from the map"
    wrong = {
        (module, target)
        for module, targets in graph.items()
        for target in targets
        if _unit(target) != _unit(module) and _unit(target) not in MAP[_unit(module)]
    }
    assert set() == wrong


def test_the_map_has_no_cycle_and_is_the_one_in_the_design_notes() -> None:
    """The allowed imports form no circle, and docs/design.md shows the same map (its table
    lists each package and what it may import)."""
    assert None is _find_cycle({unit: allowed - {unit} for unit, allowed in MAP.items()})
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([\w.]+)/?` \| [^|]+\| ([^|]*)\|$", text, flags=re.MULTILINE)
    documented = {name.removeprefix("ginrummy.").split(".")[0]: cell for name, cell in rows}
    assert set(MAP) - {"__main__", "_version"} <= set(documented)
    for unit, cell in documented.items():
        names = set(re.findall(r"`([\w]+)`", cell))
        allowed = MAP[unit]
        expanded = (names - {"vocabulary"}) | (VOCABULARY if "vocabulary" in names else set())
        assert allowed == expanded, unit


def test_every_module_is_under_600_lines() -> None:
    """Modules stay small (docs/conventions.md, «Layout»): a module past 600 lines is split by idea."""
    sizes = {
        str(path.relative_to(PACKAGE)): len(path.read_text(encoding="utf-8").splitlines())
        for path in PACKAGE.rglob("*.py")
    }
    assert {} == {name: lines for name, lines in sizes.items() if lines > 600}


def test_no_module_reads_another_objects_dict() -> None:
    """State stays with its owner: no module reaches into another value's ``__dict__`` (a round,
    a view and a game read their own)."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\b(?!self\b)[a-z_]+\.__dict__", line):
                offenders.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert [] == offenders


CONSTRUCTORS = {"__init__", "__new__", "__attrs_post_init__", "__setstate__"}
"""The methods that build ``self``: they may store its fields by name."""
MAKERS = {"new_instance", "__new__"}
"""The calls that make an instance whose ``__init__`` has not run: a function that makes one is a
private factory, and may store every field of what it made."""
SETTERS = {"setattr", "delattr", "__setattr__", "__delattr__", "__set__", "__delete__"}
"""The spellings of a store by name or by descriptor: ``setattr(x, ...)``, ``object.__setattr__(x,
...)``, ``super().__setattr__(...)``, ``Klass.field.__set__(x, ...)`` and their deletions."""
DICT_WRITES = {"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__"}
"""The methods that write into a dictionary."""

UNCONVERTED: dict[str, str] = {
    "round_fields.py RoundFields._sealed": "assigns __class__: the draft twin, frozen again",
}
"""The state writes that remain, by module and function, with what each does: the state types
not yet given one declared shape and one constructor (issue 50, item 1). The list only shrinks."""

SLOT_STORES: dict[str, str] = {
    "play/events.py <module>": "the stores of an event's slots, for its private factory _event",
    "play/seen.py ViewKept._of": "the stores of a view's slots, for its private factory (this one)",
    "play/seen.py <module>": "the store of a view's kept slot, for its two constructors",
}
"""Where the store of a slot's descriptor is taken (``.__set__`` read, not called): a private
factory's way to store a slot as the class's own constructor does, at less cost than
``object.__setattr__``. Each is used only by the factory named."""


def _is_dict_of(node: ast.expr) -> bool:
    """Whether ``node`` is ``x.__dict__`` or ``vars(x)``."""
    if isinstance(node, ast.Attribute) and node.attr == "__dict__":
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "vars"


def _setter(func: ast.expr) -> bool:
    """Whether calling ``func`` stores or deletes an attribute (see :data:`SETTERS`)."""
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    return name in SETTERS and (isinstance(func, ast.Attribute) or name in {"setattr", "delattr"})


def _made_in(function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> set[str]:
    """The local names ``function`` binds to an instance it makes (see :data:`MAKERS`)."""
    names: set[str] = set()
    for node in ast.walk(function) if function is not None else ():
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Call):
            called = node.value.func
            name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if name in MAKERS:
                names |= {target.id for target in targets if isinstance(target, ast.Name)}
    return names


def _write(node: ast.AST, function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> str | None:
    """What ``node`` writes into an object's state that only its constructor may (None if
    nothing): an assignment of ``__dict__`` or ``__class__`` however spelled, a write into a
    ``__dict__``, a field stored by name on an object the function did not make (a constructor
    builds ``self``), or a slot's store taken (see :data:`SLOT_STORES`)."""
    targets: list[ast.expr] = []
    if isinstance(node, (ast.Assign, ast.Delete)):
        targets = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        targets = [node.target]
    for target in targets:
        if isinstance(target, ast.Attribute) and target.attr in ("__dict__", "__class__"):
            return f"assigns {target.attr}"
        if isinstance(target, ast.Subscript) and _is_dict_of(target.value):
            return "writes into __dict__"
    if (
        isinstance(node, ast.Attribute)
        and node.attr in ("__set__", "__delete__")
        and isinstance(node.ctx, ast.Load)
    ):
        return "takes a slot's store"
    if not isinstance(node, ast.Call):
        return None
    called = node.func
    if isinstance(called, ast.Attribute) and called.attr in DICT_WRITES and _is_dict_of(called.value):
        return "writes into __dict__"
    if not _setter(called):
        return None
    arguments = list(node.args)
    named = len(arguments) > 1 and isinstance(arguments[1], ast.Constant)
    if named and getattr(arguments[1], "value", None) in ("__dict__", "__class__"):
        return f"assigns {getattr(arguments[1], 'value', '')}"
    stored: ast.expr | None = arguments[0] if arguments else None
    if isinstance(called, ast.Attribute) and isinstance(called.value, ast.Call):
        stored = ast.Name(id="self")  # super().__setattr__(name, value)
    in_constructor = function is not None and function.name in CONSTRUCTORS
    if isinstance(stored, ast.Name) and (
        (stored.id == "self" and in_constructor) or stored.id in _made_in(function)
    ):
        return None
    return "sets a field outside a constructor"


def _state_writes(source: str) -> dict[str, str]:
    """Every write of ``source`` that :func:`_write` finds, by function (``<module>`` for the
    module's own statements), the first of each function's."""
    found: dict[str, str] = {}

    def visit(node: ast.AST, where: str, function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = f"{where}.{child.name}" if where else child.name
                visit(child, inner, function if isinstance(child, ast.ClassDef) else child)
                continue
            what = _write(child, function)
            if what is not None:
                found.setdefault(where or "<module>", what)
            visit(child, where, function)

    visit(ast.parse(source), "", None)
    return found


def test_every_state_is_built_by_its_constructor_alone() -> None:
    """One way to build a value (docs/conventions.md, 15): nothing is filled later through
    ``__dict__``, ``__class__`` or a store by name. No module assigns an object's ``__dict__``
    or ``__class__`` (``x.__dict__ = ...``, ``object.__setattr__(x, "__class__", ...)``,
    ``setattr``), writes into a ``__dict__`` (``vars(x).update(...)``, ``x.__dict__[k] = ...``),
    or stores a field by name outside a constructor (``__init__``, ``__attrs_post_init__``, ...)
    or a private factory storing into what it just made, except the writes of
    :data:`UNCONVERTED`, which only shrinks, and the stores of :data:`SLOT_STORES`."""
    found = {
        f"{path.relative_to(PACKAGE).as_posix()} {where}": what
        for path in sorted(PACKAGE.rglob("*.py"))
        for where, what in _state_writes(path.read_text(encoding="utf-8")).items()
    }
    stores = {where: what for where, what in found.items() if what == "takes a slot's store"}
    writes = {where: what for where, what in found.items() if where not in stores}
    assert (set(UNCONVERTED), set(SLOT_STORES)) == (set(writes), set(stores))
    assert all(UNCONVERTED[where].startswith(what) for where, what in writes.items())


def test_the_state_write_finder_sees_every_spelling() -> None:
    """The check above can fail: each spelling of a ``__dict__`` or ``__class__`` assignment, a
    write into a ``__dict__`` and a store by name outside a constructor is found; a constructor
    storing into ``self``, a factory storing into what it made, a read of ``__dict__`` and a
    store into a plain dictionary are not."""
    refused = {
        "a": "x.__dict__ = {}",
        "b": "x.__class__ = Other",
        "c": "object.__setattr__(x, '__dict__', {})",
        "d": "setattr(x, '__class__', Other)",
        "e": "vars(x).update(y=1)",
        "f": "x.__dict__['y'] = 1",
        "g": "self.__dict__.setdefault('y', {})",
        "h": "object.__setattr__(self, 'y', 1)",
        "i": "super().__setattr__('y', 1)",
        "j": "setattr(x, name, 1)",
        "k": "Klass.y.__set__(x, 1)",
        "m": "store = Klass.y.__set__",
    }
    kept = {
        "__init__": "object.__setattr__(self, 'y', 1)",
        "__attrs_post_init__": "super().__setattr__('y', 1)",
        "make": "new = new_instance(Klass)\n    object.__setattr__(new, 'y', 1)",
        "other": "new = object.__new__(Klass)\n    setattr(new, 'y', 1)",
        "reads": "z = x.__dict__['y']\n    kept = {}\n    kept['y'] = 1",
    }
    source = "".join(f"def {name}(self, x):\n    {code}\n" for name, code in {**refused, **kept}.items())
    assert set(refused) == set(_state_writes(source))


def test_every_state_type_declares_every_slot() -> None:
    """A round, its record, a player's view, a game and a game view declare every slot they
    hold (caches included): none has a ``__dict__`` to fill later."""
    r = ginrummy.Round.deal(ginrummy.PAGAT, dealer=0, seed=7)
    game = ginrummy.Game.new(ginrummy.PAGAT, seed=7, dealer=0)
    values = [r, r.apply(ginrummy.PassUpcard()), RoundFields._of(r), r.view(0), game, game.view(1)]
    assert [] == [type(value).__name__ for value in values if hasattr(value, "__dict__")]


def test_the_json_reader_holds_no_rules_of_its_own() -> None:
    """The JSON reader parses and constructs; the types check themselves, so the reader stays
    short (under 400 lines) and passes no bounds to its integer reader."""
    text = (PACKAGE / "io" / "json_reader.py").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 400
    assert [] == re.findall(r"as_int\([^()]*,[^()]*,[^()]*\)", text)


FLAG_TESTS_ELSEWHERE: dict[str, str] = {}
"""Modules allowed to test ``isinstance(x, bool)`` outside ``validators``, each with its reason
(none: the ruleset notation's flags went through ``is_flag`` once the round was rebuilt)."""


def _flag_tests(tree: ast.AST) -> list[int]:
    """The lines of ``tree`` that call ``isinstance`` with ``bool`` among its types."""
    lines = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 2):
            continue
        kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
        if node.func.id == "isinstance" and any(isinstance(k, ast.Name) and k.id == "bool" for k in kinds):
            lines.append(node.lineno)
    return lines


def test_every_scalar_check_goes_through_the_validators() -> None:
    """An integer that is not a bool, and a flag, are decided in one place (``validators``: its
    ``is_int``, ``is_flag`` and ``check_*``): no other module tests ``isinstance(x, bool)``,
    alone or in a tuple of types, except the few listed with their reason."""
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name == "validators.py" or name in FLAG_TESTS_ELSEWHERE:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += [f"{name}:{line}" for line in _flag_tests(tree)]
    assert [] == offenders


def test_the_flag_test_finder_sees_every_spelling() -> None:
    """The check above can fail: a bare ``bool``, ``bool`` in a tuple of types and a negated
    test are each found; ``is_flag`` and ``isinstance(x, int)`` are not."""
    source = (
        "a = isinstance(x, bool)\n"
        "b = isinstance(x, (str, bool))\n"
        "c = not isinstance(x, bool)\n"
        "d = is_flag(x) or isinstance(x, int)\n"
    )
    assert [1, 2, 3] == _flag_tests(ast.parse(source))
    assert set(FLAG_TESTS_ELSEWHERE) <= {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")}


LONG = 60
"""The most lines of code (the docstring aside) a function in ``src/`` has without a comment
saying why it must be one."""

KEPT_WHOLE = "# kept whole:"
"""How a long function says why it is one: a comment in its body that begins with this."""


def _long_functions(source: str) -> list[tuple[str, int, int]]:
    """The functions of ``source`` longer than :data:`LONG` lines of code (from the first
    statement after the docstring to the end) with no :data:`KEPT_WHOLE` comment in them: their
    name, first line and length."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        body = node.body
        if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]
        if not body:
            continue
        end = node.end_lineno or node.lineno
        length = end - body[0].lineno + 1
        text = lines[node.lineno - 1 : end]
        if length > LONG and not any(line.strip().startswith(KEPT_WHOLE) for line in text):
            found.append((node.name, node.lineno, length))
    return found


def test_no_long_function_without_a_reason() -> None:
    """A function does one thing: over 60 lines of code, it is split into its steps,
    or a ``# kept whole:`` comment in it says why it must be one."""
    offenders = {
        f"{path.relative_to(PACKAGE)}:{line} {name} ({length} lines)"
        for path in PACKAGE.rglob("*.py")
        for name, line, length in _long_functions(path.read_text(encoding="utf-8"))
    }
    assert set() == offenders


def test_the_long_function_finder_counts_code_and_reads_the_reason() -> None:
    """The check above can fail: 61 lines of code are too long, 60 are not, the docstring does
    not count, and a ``# kept whole:`` comment excuses the function."""

    def function(statements: int, comment: str = "") -> str:
        body = "".join(f"    x{i} = {i}\n" for i in range(statements))
        return f'def f():\n    """A docstring\n    on two lines."""\n{comment}{body}'

    assert [("f", 1, 61)] == _long_functions(function(61))
    assert [] == _long_functions(function(60))
    assert [] == _long_functions(function(61, "    # kept whole: one table\n"))


# ---------------------------------------------------------------- the tests mirror the code

PROJECT_TESTS = {
    "test_api.py",
    "test_citations.py",
    "test_doctests.py",
    "test_import.py",
    "test_packaging.py",
    "test_pyodide.py",
    "test_structure.py",
}
"""The top-level test files that test the project rather than a module: the public API, the
citations, the doctests, what ``import ginrummy`` loads, the distributions, the wheel in
Pyodide, and this file."""
MIRRORED_FOLDERS = {"docs", "examples"}
"""The test folders that mirror a folder of the repository (the documentation, the example
programs) rather than a package: their files are named for the pages and programs they test."""
TEST_FILE_LINES = 1000
"""The most lines a test file may have."""


def _names(stem: str, owners: set[str]) -> bool:
    """Whether ``stem`` is ``test_<owner>`` or ``test_<owner>_<part>`` for one of ``owners``."""
    name = stem.removeprefix("test_")
    return stem.startswith("test_") and any(name == o or name.startswith(f"{o}_") for o in owners)


def _mirrors(relative: Path) -> bool:
    """Whether the test file at ``relative`` (a path under ``tests/``) is named for what it tests:
    ``tests/test_<module>.py`` for a top-level module of the package, ``tests/<package>/
    test_<module>.py`` for a module of a sub-package, or ``test_<package>.py`` for the package
    as a whole, each optionally followed by ``_<part>`` when a module's tests are split; a
    project test (:data:`PROJECT_TESTS`); or any file of a :data:`MIRRORED_FOLDERS` folder."""
    if len(relative.parts) == 1:
        top = {path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__"}
        return relative.name in PROJECT_TESTS or _names(relative.stem, top)
    if len(relative.parts) == 2:
        folder = relative.parts[0]
        if folder in MIRRORED_FOLDERS:
            return True
        package = PACKAGE / folder
        if (package / "__init__.py").is_file():
            modules = {path.stem for path in package.glob("*.py") if path.stem != "__init__"}
            return _names(relative.stem, modules | {folder})
    return False


def _test_files() -> list[Path]:
    """Every test file of the suite, as a path under ``tests/``."""
    return sorted(path.relative_to(TESTS) for path in TESTS.rglob("test_*.py"))


def test_every_test_file_mirrors_a_module_or_package() -> None:
    """One test module per source module or package: a test file sits in the folder of the
    package it tests and is named for the module (``tests/results/test_pricing.py`` tests
    ``src/ginrummy/results/pricing.py``), so the tests of a module are found in one place, never
    under the name of the issue that asked for them."""
    assert [] == [str(path) for path in _test_files() if not _mirrors(path)]


def test_the_mirror_check_refuses_names_that_say_nothing_of_the_code() -> None:
    """The check above can fail: a file named after a topic or an issue, a module's tests in
    another package's folder, a folder that is no package, and a file two folders down are
    refused; a module, a package, a part of a module and a docs page are accepted."""
    refused = ["test_smaller_points.py", "play/test_pricing.py", "rules/test_rules.py", "play/x/test_deal.py"]
    accepted = ["test_cards.py", "results/test_pricing.py", "bots/test_bots.py", "play/test_round_end.py"]
    assert ([False] * 4, [True] * 5) == (
        [_mirrors(Path(name)) for name in refused],
        [_mirrors(Path(name)) for name in [*accepted, "docs/test_any_page.py"]],
    )


def test_no_test_file_name_carries_an_issue_number() -> None:
    """Test files are named for the code they test; an issue number (``test_issue23``,
    ``test_29_plurals``) says when a test was asked for, not what it tests."""
    assert [] == [str(path) for path in _test_files() if re.search(r"\d|issue", path.name)]


def test_every_test_file_is_at_most_1000_lines() -> None:
    """A test file over 1,000 lines holds the tests of more than one idea: split it by the
    module it tests (``test_<module>_<part>.py``), with its shared helpers in a module of
    ``tests/`` (``positions.py``, ``snapshots.py``, ...)."""
    files = _test_files()
    sizes = {str(path): len((TESTS / path).read_text(encoding="utf-8").splitlines()) for path in files}
    assert {} == {path: lines for path, lines in sizes.items() if lines > TEST_FILE_LINES}


def test_no_two_test_files_share_a_name() -> None:
    """pytest imports each test file by its name alone (the folders of ``tests/`` are not
    packages, so each test file's folder goes on ``sys.path``; mypy reads them the same way),
    so two files of one name in two folders would collide: a ``test_history`` in ``frontend/``
    and another in ``play/`` cannot both exist."""
    names = [path.name for path in _test_files()]
    assert [] == sorted({name for name in names if names.count(name) > 1})
