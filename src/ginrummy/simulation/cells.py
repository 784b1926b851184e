"""Cells and columns of results, as the command line prints them and ``str()`` of a report,
a comparison and a ladder writes them: an estimate with its 95% interval, a paired
difference, and side-by-side columns cut into blocks that fit 80 columns.

>>> from ginrummy.simulation.statistics import Estimate
>>> estimate_cell(Estimate(0.3, 0.219, 0.396), True)
'30.0 (21.9-39.6)'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

__all__ = ["WIDTH", "Interval", "difference_cell", "estimate_cell", "wrapped_columns"]

WIDTH = 80
"""The width every side-by-side listing fits (an 80-column terminal)."""


class Interval(Protocol):
    """A value with its 95% interval (:class:`~ginrummy.Estimate`)."""

    @property
    def value(self) -> float:
        """The estimate."""

    @property
    def low(self) -> float:
        """The lower end."""

    @property
    def high(self) -> float:
        """The upper end."""


def wrapped_columns(
    headers: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]], width: int = WIDTH
) -> list[str]:
    """Rows of cells under column headers, with a label column; when the columns do not fit
    ``width``, they are cut into blocks that do, each repeating the labels, a blank line
    between blocks. Every column is as wide as the widest cell of the listing.

    >>> for line in wrapped_columns(["a", "b", "c"], [("row", ["1", "22", "333"])], width=14):
    ...     print(repr(line))
    '        a    b'
    'row     1   22'
    ''
    '        c'
    'row   333'
    """
    label = max([len(name) for name, _ in rows] + [0]) + 1
    column = 2 + max([len(cell) for _, cells in rows for cell in cells] + [len(h) for h in headers])
    per_block = max(1, (width - label) // column)
    lines: list[str] = []
    for first in range(0, len(headers), per_block):
        if first:
            lines.append("")
        chosen = slice(first, first + per_block)
        lines.append(" " * label + "".join(f"{h:>{column}}" for h in headers[chosen]).rstrip())
        for name, cells in rows:
            lines.append(f"{name:<{label}}" + "".join(f"{cell:>{column}}" for cell in cells[chosen]))
    return lines


def _decimals(base: int, width: float) -> int:
    """``base`` decimals, or up to 3 when ``width`` (non-zero) would print as 0."""
    decimals = base
    while decimals < 3 and width and round(width, decimals) == 0:
        decimals += 1
    return decimals


def estimate_cell(estimate: Interval, percent: bool) -> str:
    """An estimate and its 95% interval, ``93.7 (92.5-94.6)``: shares in percent (without the
    sign), means with 2 decimals below 10 and 1 above, more where the interval would print
    as nothing (``0.00 (0.00-0.02)``); ``-`` when undefined.

    >>> from ginrummy.simulation.statistics import Estimate
    >>> estimate_cell(Estimate(0.937, 0.925, 0.946), True), estimate_cell(Estimate(1.5, 0.75, 2.25), False)
    ('93.7 (92.5-94.6)', '1.50 (0.75-2.25)')
    >>> estimate_cell(Estimate(0.0, 0.0, 0.00018), True)
    '0.00 (0.00-0.02)'
    """
    if math.isnan(estimate.value):
        return "-"
    scale = 100 if percent else 1
    value, low, high = (scale * x for x in (estimate.value, estimate.low, estimate.high))
    decimals = _decimals(1 if percent or abs(value) >= 10 else 2, high - low)
    texts = [f"{x:.{decimals}f}" for x in (value, low, high)]
    if low == high == value:
        return texts[0]
    return f"{texts[0]} ({texts[1]}{' to ' if low < 0 else '-'}{texts[2]})"


def difference_cell(estimate: Interval, percent: bool) -> str:
    """A difference and the half-width of its (symmetric) 95% interval, ``+2.4 ± 1.1``:
    shares in percentage points, with more decimals where the half-width would print as 0;
    ``-`` when undefined.

    >>> from ginrummy.simulation.statistics import Estimate
    >>> difference_cell(Estimate(-0.021, -0.032, -0.010), True)
    '-2.1 ± 1.1'
    >>> difference_cell(Estimate(0.5, 0.25, 0.75), False), difference_cell(Estimate(0.0, 0.0, 0.0), False)
    ('+0.50 ± 0.25', '0.00')
    >>> difference_cell(Estimate(0.0007, 0.0003, 0.0011), True)
    '+0.07 ± 0.04'
    """
    if math.isnan(estimate.value):
        return "-"
    scale = 100 if percent else 1
    value, half = scale * estimate.value, scale * (estimate.high - estimate.low) / 2
    decimals = _decimals(1 if percent or abs(value) >= 10 else 2, half)
    texts = [f"{x:.{decimals}f}" for x in (value, half)]
    if value > 0 and float(texts[0]) != 0:
        texts[0] = "+" + texts[0]
    return texts[0] if half == 0 else f"{texts[0]} ± {texts[1]}"
