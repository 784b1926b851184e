"""Counts in words: ``counted(1, "round")`` is ``'1 round'``, ``counted(2, "round")`` is
``'2 rounds'``, for every message and listing that writes a number of things.

>>> counted(1, "box", "boxes"), counted(2, "box", "boxes"), counted(0, "card")
('1 box', '2 boxes', '0 cards')
"""

from __future__ import annotations

__all__ = ["counted"]


def counted(count: int, word: str, plural: str | None = None) -> str:
    """``count`` and ``word``, in the plural (``plural``, else ``word + "s"``) unless the count
    is one (1 or -1).

    >>> counted(1, "deal"), counted(-1, "point"), counted(3, "point")
    ('1 deal', '-1 point', '3 points')
    """
    one = abs(count) == 1
    return f"{count} {word if one else (plural if plural is not None else word + 's')}"
