"""The pure build's source, for the tests that need it beside a compiled build under test.

A compiled module calls the functions of the other compiled modules directly: replacing a
module's function (``monkeypatch.setattr``) does not reach those calls, so a test that counts
calls that way can count only on the pure build. How often the code calls a function is a
property of the source, the same in both builds, so in the compiled build such a test runs
itself again on the pure source, in a subprocess, and passes when that run passes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import ginrummy as gr
from repository import ROOT

__all__ = ["PURE_SOURCE", "rerun_on_pure_source"]

PURE_SOURCE = Path(os.environ.get("GINRUMMY_PURE_SOURCE", ROOT / "src"))
"""Where the pure build's source is: the unpacked sdist's ``src/`` that the test matrix keeps
aside (``$GINRUMMY_PURE_SOURCE``), or the checkout's."""


def rerun_on_pure_source(request: pytest.FixtureRequest) -> bool:
    """In the compiled build: run this very test on the pure source and check that it passed
    (True: the caller has nothing left to do). In the pure build: False, and nothing is run."""
    if not gr.COMPILED:
        return False
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", request.node.nodeid],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(PURE_SOURCE)},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert 0 == completed.returncode, completed.stdout + completed.stderr
    assert "1 passed" in completed.stdout, completed.stdout
    return True
