"""The version of the distribution."""

__version__ = "0.1.0.dev0"
