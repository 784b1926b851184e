"""The shape of the package: no import cycle, small modules, one idea each.

These tests read the source with :mod:`ast`; they pin rules of the codebase (STYLE.md) that no
behavioural test would notice breaking.
"""

from __future__ import annotations

import ast
from pathlib import Path

import ginrummy

PACKAGE = Path(ginrummy.__file__).resolve().parent
"""The package under test: ``src/ginrummy`` in a checkout, the installed wheel's in the matrix."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module of the package (``from ginrummy import deadwood`` names one)."""
    return (PACKAGE.parent / Path(*name.split("."))).with_suffix(".py").exists()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.AST, module: str, is_package: bool) -> set[str]:
    """Every ``ginrummy`` module that ``module`` imports when it runs: at the top, inside
    functions or anywhere else, but not under ``if TYPE_CHECKING:`` (never executed)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for branch in node.orelse:
                visit(branch)
            return
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
                found.add(target)
                found.update(
                    f"{target}.{alias.name}" for alias in node.names if _is_module(f"{target}.{alias.name}")
                )
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    found.discard(module)
    return found


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[module] = _runtime_imports(tree, module, path.name == "__init__.py")
    # a package's __init__ re-exports its modules; importing a submodule does not import the
    # modules the package re-exports, so edges into the package itself are dropped
    packages = {name for name in graph if (PACKAGE.parent / Path(*name.split("."))).is_dir()}
    return {name: {t for t in targets if t in graph and t not in packages} for name, targets in graph.items()}


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph[node]):
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


def test_no_module_imports_itself_through_others() -> None:
    """No import cycle between the package's modules, counting imports inside functions (only
    ``if TYPE_CHECKING:`` imports, which never run, are left out)."""
    assert None is _find_cycle(_graph())


def test_the_cycle_finder_finds_a_cycle_through_a_function_level_import() -> None:
    """The check above can fail: a module graph with an import inside a function that closes
    a loop is reported, with the loop."""
    source_a = "import ginrummy.b\n"
    source_b = "def f():\n    from ginrummy import a\n"
    graph = {
        "ginrummy.a": _runtime_imports(ast.parse(source_a), "ginrummy.a", False),
        "ginrummy.b": _runtime_imports(ast.parse(source_b), "ginrummy.b", False),
    }
    assert {"ginrummy.b"} == graph["ginrummy.a"]
    assert ["ginrummy.a", "ginrummy.b", "ginrummy.a"] == _find_cycle(
        {"ginrummy.a": {"ginrummy.b"}, "ginrummy.b": {"ginrummy.a"}}
    )


def test_every_module_is_under_600_lines() -> None:
    """Modules stay small (STYLE.md): a module past 600 lines is split by idea."""
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in PACKAGE.rglob("*.py")}
    assert {} == {name: lines for name, lines in sizes.items() if lines > 600}


def test_the_json_reader_holds_no_rules_of_its_own() -> None:
    """The JSON reader parses and constructs; the types check themselves, so the reader stays
    short (under 400 lines)."""
    assert len((PACKAGE / "io" / "json_reader.py").read_text(encoding="utf-8").splitlines()) < 400
