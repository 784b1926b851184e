"""The build backend: setuptools', which also asks for mypy (mypyc) when the build is to be
compiled (``GINRUMMY_COMPILE=1``; ``ginrummy_compile`` holds the rest)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ginrummy_compile import _ASKING, MYPY_REQUIREMENT, wanted
from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the whole PEP 517 interface, unchanged)

# mypyc type-checks the package before it compiles it: the runtime dependencies must be there.
_COMPILE_REQUIREMENTS = [
    MYPY_REQUIREMENT,
    "attrs>=23.1",
    "typing-extensions>=4.6",
    "tomli>=1.1; python_version < '3.11'",
]


@contextmanager
def _asking() -> Iterator[None]:
    """While setuptools runs ``setup.py`` to learn its requirements: compile nothing."""
    before = os.environ.get(_ASKING)
    os.environ[_ASKING] = "1"
    try:
        yield
    finally:
        if before is None:
            del os.environ[_ASKING]
        else:
            os.environ[_ASKING] = before


def _requires(
    ask: Callable[[dict[str, Any] | None], list[str]], config_settings: dict[str, Any] | None
) -> list[str]:
    with _asking():
        found = ask(config_settings)
    return [*found, *(_COMPILE_REQUIREMENTS if wanted() else [])]


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """What building a wheel needs: setuptools', and mypy with what it reads for a compiled one."""
    return _requires(_setuptools.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """What an editable install needs: as for a wheel."""
    return _requires(_setuptools.get_requires_for_build_editable, config_settings)
