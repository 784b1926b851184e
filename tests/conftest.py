"""Test-wide settings: Hypothesis runs without per-example deadlines (a busy CI machine must not
turn a slow example into a failure) and derandomized, so a CI run is reproducible."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ginrummy",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ginrummy")
