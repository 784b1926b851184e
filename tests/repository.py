"""Where the repository's own files are, for the tests that read them (the docs, the examples,
the training log, the project's files).

The test files sit one folder down, beside the package they test (``tests/play/``,
``tests/docs/``, ...), so none of them works its way up from its own path: each takes
:data:`ROOT` from here. In the test matrix (``noxfile.py``) the root is the unpacked sdist's.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["ROOT", "TESTS", "build_backend_module", "compile_settings", "source_file"]

TESTS = Path(__file__).resolve().parent
"""The folder of the tests (this file's)."""
ROOT = TESTS.parent
"""The repository's root: the checkout, or the unpacked sdist in the test matrix."""


def source_file(module: ModuleType | str) -> Path:
    """The Python source of ``module`` (or of the module file at that path): its own file, or
    in the compiled build, where the module is a C extension, the ``.py`` file of the same
    name shipped beside it."""
    path = Path(module if isinstance(module, str) else module.__file__ or "")
    return path if path.suffix == ".py" else path.with_name(path.name.split(".")[0] + ".py")


def compile_settings() -> Any:
    """The compiled build's module of the build backend (``build_backend/ginrummy_compile.py``:
    the list of compiled modules, the checked parameters, the docstrings' writer), loaded
    from the project (it is no package of ours; its folder is not on the path)."""
    return build_backend_module("ginrummy_compile")


def build_backend_module(name: str) -> Any:
    """The module ``name`` of the build backend (``build_backend/<name>.py``), loaded from the
    project once."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "build_backend" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
