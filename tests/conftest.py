"""Test-wide settings: Hypothesis runs without per-example deadlines (a busy CI machine must not
turn a slow example into a failure), derandomized, so a CI run is reproducible, and with the
run's share of the examples (:mod:`hypothesis_share`); the report's header says which
``ginrummy`` is under test (the source tree, or an installed wheel) and that share. Fixtures
shared by several test files live here too."""

from __future__ import annotations

import functools
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import ginrummy
from hypothesis_share import SHARE, examples
from repository import TESTS
from schema_validation import checking_dumps

settings.register_profile(
    "ginrummy",
    max_examples=examples(100),  # Hypothesis's default, or this run's share of it
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ginrummy")

# The adaptive bot's tuning cache (ginrummy.bots.tuned_store): a folder of this run's own, so the
# suite neither reads what an earlier run or the user left in ~/.cache nor writes there; the
# command lines the tests start inherit it. The tests of the cache set their own.
os.environ.setdefault("GINRUMMY_CACHE_DIR", tempfile.mkdtemp(prefix="ginrummy-test-cache-"))


@pytest.fixture(scope="session", autouse=True)
def documents_match_the_json_schema() -> Iterator[None]:
    """Every document the suite writes with ``dumps`` is validated against ``gr.json_schema()``."""
    with checking_dumps():
        yield


CORE_FOLDERS = ("play", "results", "melding")
"""The rules' packages: every test file under ``tests/play/``, ``tests/results/`` and
``tests/melding/`` is a rules' test."""
CORE_FILES = {
    "test_actions.py",
    "test_cards.py",
    "test_melds.py",
    "test_round_fields.py",
    "test_rules.py",
    "test_rules_variants.py",
    "io/test_documents.py",
    "io/test_json_fields.py",
    "io/test_json_reader.py",
    "frontend/test_takebacks.py",
}
"""The rules' test files outside those folders (paths under ``tests/``): the cards, melds,
actions and rulesets, the round's record, JSON for every value and the take-backs."""


def is_core(path: Path) -> bool:
    """Whether the test file ``path`` holds rules' tests, marked ``core``:
    ``pip install ".[test-core]" && pytest -m core`` checks the core with four packages (the
    README), where ``.[test]`` installs some eighty."""
    relative = path.relative_to(TESTS).as_posix()
    return relative.split("/")[0] in CORE_FOLDERS or relative in CORE_FILES


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Under ``-m core``, leave the other test files unread: they import the extras."""
    if config.getoption("markexpr") == "core" and collection_path.suffix == ".py":
        return collection_path.name.startswith("test_") and not is_core(collection_path)
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests of the rules' test files (:func:`is_core`) ``core``."""
    for item in items:
        if is_core(item.path):
            item.add_marker(pytest.mark.core)


def pytest_report_header() -> list[str]:
    """The version and the directory of the ``ginrummy`` the tests import, and the share of
    Hypothesis's examples this run generates (:mod:`hypothesis_share`)."""
    share = "all" if SHARE == 1.0 else f"{SHARE:g} of each test's"
    return [
        f"ginrummy {ginrummy.__version__} from {Path(ginrummy.__file__).parent}",
        f"hypothesis: {share} examples",
    ]


@pytest.fixture
def named_greedy() -> functools.partial[ginrummy.GreedyBot]:
    """A greedy bot factory named by a ``name`` attribute, which multiprocessing does not pickle
    (it sends a ``functools.partial`` without its attributes)."""
    factory = functools.partial(ginrummy.GreedyBot)
    factory.name = "named-greedy"  # type: ignore[attr-defined]
    return factory


@pytest.fixture
def without_cryptography(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``cryptography`` package made unimportable for one test, as on a plain ``pip install
    ginrummy`` without the extra ``saves`` (a module set to None in ``sys.modules`` raises
    ``ModuleNotFoundError`` on import, its already imported submodules too)."""
    for name in [n for n in sys.modules if n.split(".")[0] == "cryptography"] + ["cryptography"]:
        monkeypatch.setitem(sys.modules, name, None)
