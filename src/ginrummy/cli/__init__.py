"""The ``ginrummy`` command line."""

from ginrummy.cli.commands import main

__all__ = ["main"]
