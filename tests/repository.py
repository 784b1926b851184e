"""Where the repository's own files are, for the tests that read them (the docs, the examples,
the training log, the project's files).

The test files sit one folder down, beside the package they test (``tests/play/``,
``tests/docs/``, ...), so none of them works its way up from its own path: each takes
:data:`ROOT` from here. In the test matrix (``noxfile.py``) the root is the unpacked sdist's.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

__all__ = ["ROOT", "TESTS", "source_file"]

TESTS = Path(__file__).resolve().parent
"""The folder of the tests (this file's)."""
ROOT = TESTS.parent
"""The repository's root: the checkout, or the unpacked sdist in the test matrix."""


def source_file(module: ModuleType | str) -> Path:
    """The Python source of ``module`` (or of the module file at that path): its own file, or
    in the compiled build, where the module is a C extension (``cards.cpython-311-....so``),
    the source file shipped beside it (``cards.py``)."""
    path = Path(module if isinstance(module, str) else module.__file__ or "")
    return path if path.suffix == ".py" else path.with_name(path.name.split(".")[0] + ".py")
