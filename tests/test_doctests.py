"""The doctests of every module of the ``ginrummy`` package the tests import.

In a checkout that is the code in ``src/`` (pyproject's ``pythonpath``); in the test matrix
(``noxfile.py``) it is the installed wheel. pytest's ``--doctest-modules`` would collect the
doctests from the files under the paths it is given, and so read ``src/`` even when the wheel
is under test; here each docstring's examples run from the imported modules instead, with
the project's ``doctest_optionflags``, one test per docstring.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import ginrummy
from repository import source_file


def _module_names() -> list[str]:
    """Every module of the imported package (``__main__`` aside: importing it runs the CLI)."""
    names = [info.name for info in pkgutil.walk_packages(ginrummy.__path__, "ginrummy.")]
    return ["ginrummy", *sorted(name for name in names if not name.endswith(".__main__"))]


def _doctests() -> list[doctest.DocTest]:
    """Each docstring that holds examples, in every module of the package."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    found: list[doctest.DocTest] = []
    for name in _module_names():
        module = importlib.import_module(name)
        found.extend(test for test in finder.find(module, name) if test.examples)
    return sorted(found, key=lambda test: test.name)


DOCTESTS = _doctests()


def _option_flags(config: pytest.Config) -> int:
    """The ``doctest_optionflags`` of the pytest configuration, as doctest's bit flags."""
    flags = 0
    for name in config.getini("doctest_optionflags"):
        flags |= doctest.OPTIONFLAGS_BY_NAME[name]
    return flags


def test_every_module_with_examples_has_its_doctests_collected() -> None:
    """Each module whose source shows ``>>>`` examples has doctests here, read from that
    module's source (so a doctest the collection misses cannot pass for a green run; in the
    compiled build, the source shipped beside the module)."""
    with_examples = set()
    for name in _module_names():
        path = source_file(importlib.import_module(name))
        if ">>> " in path.read_text(encoding="utf-8"):
            with_examples.add(path)
    assert sorted(with_examples) == sorted({source_file(str(test.filename)) for test in DOCTESTS})


@pytest.mark.parametrize("test", DOCTESTS, ids=[test.name for test in DOCTESTS])
def test_docstring_examples_run_as_shown(test: doctest.DocTest, pytestconfig: pytest.Config) -> None:
    """Every example of the docstring gives the output the docstring shows."""
    runner = doctest.DocTestRunner(optionflags=_option_flags(pytestconfig), verbose=False)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert 0 == runner.failures, "".join(report)
