"""Test-wide settings: Hypothesis runs without per-example deadlines (a busy CI machine must not
turn a slow example into a failure) and derandomized, so a CI run is reproducible."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from schema_validation import checking_dumps

settings.register_profile(
    "ginrummy",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ginrummy")


@pytest.fixture(scope="session", autouse=True)
def documents_match_the_json_schema() -> Iterator[None]:
    """Every document the suite writes with ``dumps`` is validated against ``gr.json_schema()``."""
    with checking_dumps():
        yield
