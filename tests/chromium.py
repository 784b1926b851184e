"""Which Chromium the browser tests drive, and how it is started.

Playwright cannot download its own browser on these machines, so the tests launch the
system's: ``$GINRUMMY_CHROMIUM``, or Debian's ``chromium`` package at ``/usr/bin/chromium``.
"""

from __future__ import annotations

import os

__all__ = ["CHROMIUM", "FLAGS"]

CHROMIUM = os.environ.get("GINRUMMY_CHROMIUM", "/usr/bin/chromium")
"""The Chromium executable."""

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium's flags; Playwright gives each browser a new, empty profile directory itself."""
