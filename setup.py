"""The compiled build's hook into setuptools (everything else is in ``pyproject.toml``): the C
extensions mypyc makes when ``GINRUMMY_COMPILE=1``, none otherwise (build_backend/)."""

import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "build_backend"))

from ginrummy_compile import build_base, build_ext_falling_back, extensions  # noqa: E402

setup(
    ext_modules=extensions(ROOT),
    cmdclass={"build_ext": build_ext_falling_back()},
    options={"build": {"build_base": build_base()}},
)
