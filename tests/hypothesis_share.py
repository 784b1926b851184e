"""How many examples each Hypothesis test generates in this run: all of them, or a share.

Every property test writes its count as ``@settings(max_examples=examples(N))`` (the tests
without a count get ``examples(100)``, Hypothesis's default, from the profile in
``conftest.py``). The count is ``N`` unless ``$GINRUMMY_HYPOTHESIS_SHARE`` holds a fraction
in (0, 1], and then that fraction of ``N``, rounded up. The examples are derandomized, so a
share draws the same kind of inputs, fewer of them.

``.ci/run`` gives the wheel's sessions on its other Pythons a quarter: what they check is that
the wheel works there, and the full count already runs on the Quickstart's ``pytest`` and the
compiled build (and on every Python of the GitHub workflow, a machine each). The share is
named in the header of the report.
"""

from __future__ import annotations

import math
import os

__all__ = ["SHARE", "examples"]

_VARIABLE = "GINRUMMY_HYPOTHESIS_SHARE"


def _share(text: str | None) -> float:
    """The share named by ``text`` (the variable's value; unset or empty: all examples)."""
    if not text:
        return 1.0
    try:
        share = float(text)
    except ValueError:
        share = math.nan
    if not 0.0 < share <= 1.0:
        raise SystemExit(f"{_VARIABLE}={text!r}: expected a fraction above 0 and at most 1")
    return share


SHARE = _share(os.environ.get(_VARIABLE))
"""The share of each test's examples that this run generates."""


def examples(full: int) -> int:
    """The examples a test that asks for ``full`` generates in this run (at least one)."""
    return max(1, math.ceil(full * SHARE))
