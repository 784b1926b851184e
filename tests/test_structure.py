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
