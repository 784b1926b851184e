"""The progress line of long commands (``simulate``, ``compare``, ``ladder``): games done, the rate and
the time left, redrawn in place on standard error when it is a terminal.

It is drawn only when standard error is a terminal and the command was not given ``--quiet``:
piped or logged output gets no line to clean up. Ctrl-C ends the line before the one-line
message (:meth:`ProgressLine.end`). The rate is counted from the line's own clock, started by
:meth:`ProgressLine.begin` or else at its first call, never from an unset zero.

>>> import io
>>> stream = io.StringIO()
>>> line = ProgressLine(stream=stream, clock=iter([0.0, 2.0, 4.0]).__next__)
>>> line.begin("games")
>>> line(100, 400)
>>> line(200, 400)
>>> line.end()
>>> stream.getvalue().split("\\r")[-1].rstrip()
'200/400 games · 50 games/s · about 4 s left'
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["ProgressLine", "duration"]

_REDRAW = 0.1
"""Seconds between redraws (the last one is always drawn)."""


def duration(seconds: float) -> str:
    """A time span as a person reads it: ``9 s``, ``1 min 20 s``, ``2 h 5 min``.

    >>> duration(9.4), duration(80), duration(7500)
    ('9 s', '1 min 20 s', '2 h 5 min')
    """
    whole = max(0, round(seconds))
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"


class ProgressLine:
    """A progress callback, ``progress(done, total)``, that redraws one line in place:
    ``1200/2000 games · 85 games/s · about 9 s left``.

    :param stream: where to draw (default: standard error, looked up when drawn).
    :param clock: the clock (seconds), for tests.
    """

    def __init__(self, stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self._stream = stream
        self._clock = clock
        self._unit = "games"
        self._started: float | None = None  # set by begin(), or else by the first call
        self._drawn_at = -_REDRAW
        self._width = 0
        self.shown = False

    @property
    def stream(self) -> TextIO:
        """The stream drawn on."""
        return sys.stderr if self._stream is None else self._stream

    def begin(self, unit: str = "games") -> None:
        """Start timing a run counted in ``unit`` (``games`` or ``rounds``)."""
        self._unit = unit
        self._started = self._clock()
        self._drawn_at = -_REDRAW
        self._width = 0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        now = self._clock()
        if self._started is None:  # never begun: time the run from here
            self._started = now
        if done < total and now - self._drawn_at < _REDRAW:
            return
        self._drawn_at = now
        elapsed = now - self._started
        parts = [f"{done}/{total} {self._unit}"]
        if done and elapsed > 0:
            rate = done / elapsed
            parts.append(f"{rate:.0f} {self._unit}/s" if rate >= 10 else f"{rate:.1f} {self._unit}/s")
            parts.append(f"about {duration((total - done) / rate)} left" if done < total else "done")
        text = " · ".join(parts)
        padding = " " * max(0, self._width - len(text))
        self._width = len(text)
        print(f"\r{text}{padding}", end="", file=self.stream, flush=True)
        self.shown = True

    def end(self) -> None:
        """End the line (before the command's output, or an interruption's message)."""
        if self.shown:
            print(file=self.stream, flush=True)
            self.shown = False
        self._started = None  # a later run, begun or not, is timed afresh
