"""The progress line of ``simulate``, ``compare`` and ``ladder``: on a terminal (standard error a
pseudo-terminal here) a line redrawn in place with the games done, the rate and the time left;
nothing when standard error is not a terminal or with ``--quiet``; and Ctrl-C still one line.
"""

from __future__ import annotations

import contextlib
import io
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

import pytest

from cli_helpers import cli_env, default_ctrl_c
from ginrummy.cli.progress import ProgressLine

GREEDY = ("--bots", "greedy", "greedy")
LEFT = r"(?:about (?:\d+ s|\d+ min \d+ s|\d+ h \d+ min) left|done)"
LINE = re.compile(r"(\d+)/(\d+) (games|rounds) · ([\d.]+) (?:games|rounds)/s · " + LEFT)


def run_on_a_terminal(*args: str, interrupt_after: float | None = None) -> tuple[int, str, str]:
    """Run ``python -m ginrummy ARGS`` with standard error on a pseudo-terminal (standard output
    a pipe); with ``interrupt_after``, send Ctrl-C to its process group once that many seconds
    of progress have been drawn. Returns the exit status, standard output and what the terminal
    received."""
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "ginrummy", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=terminal,
        env=cli_env(),
        start_new_session=True,
        preexec_fn=default_ctrl_c,
    )
    os.close(terminal)
    received = b""
    first_drawn: float | None = None
    deadline = time.monotonic() + 180
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([controller], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(controller, 65536)
                except OSError:  # the terminal closed: the command ended
                    break
                if not chunk:
                    break
                received += chunk
                if first_drawn is None and b"/s" in received:
                    first_drawn = time.monotonic()
            waited = None if first_drawn is None else time.monotonic() - first_drawn
            if interrupt_after is not None and waited is not None and waited > interrupt_after:
                os.killpg(process.pid, signal.SIGINT)
                interrupt_after = None
            if process.poll() is not None and not ready:
                break
        stdout, _ = process.communicate(timeout=180)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        os.close(controller)
    return process.returncode, stdout.decode(), received.decode().replace("\r\n", "\n")


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--preset", "pagat", "--games", "100", *GREEDY],
        ["compare", "pagat", "straight", "--rounds", "600", *GREEDY],
        ["ladder", "pagat", "--bots", "greedy", "eaai-simple", "--games", "200"],
    ],
    ids=["simulate", "compare", "ladder"],
)
def test_a_terminal_gets_a_progress_line_with_the_rate_and_the_time_left(args: list[str]) -> None:
    """On a terminal the command redraws one line (carriage returns, no new lines until the
    end) with the count done, the rate and the time left, counting up to the whole run, which
    ends "done"; the listing on standard output is unchanged. The rate is timed from the
    run's start: never slower than the count over the whole command's wall time (``ladder``
    drew "0.0 games/s · about 2 h 56 min left" for a run of seconds, its clock never started)."""
    started = time.monotonic()
    status, stdout, terminal = run_on_a_terminal(*args)
    wall = time.monotonic() - started
    assert 0 == status, terminal
    drawn = [part.strip() for part in terminal.split("\r") if part.strip()]
    matches = [LINE.fullmatch(part) for part in drawn]
    assert all(matches), drawn
    counts = [int(m.group(1)) for m in matches if m]
    for m in matches:
        assert m is not None
        shown = float(m.group(4))  # rounded: one decimal below 10 a second, none above
        assert shown + (0.05 if shown < 10 else 0.5) >= int(m.group(1)) / wall, (m.group(0), wall)
    assert counts == sorted(counts) and len(counts) >= 2
    assert drawn[-1].endswith("done")
    total = int(matches[-1].group(2)) if matches[-1] else 0
    assert counts[-1] == total
    assert 1 == terminal.count("\n")  # the line is ended once, before the listing
    assert "rounds" in stdout


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--preset", "pagat", "--games", "50", *GREEDY],
        ["ladder", "pagat", "--bots", "greedy", "eaai-simple", "--games", "40"],
    ],
    ids=["simulate", "ladder"],
)
def test_no_line_when_standard_error_is_not_a_terminal_or_with_quiet(args: list[str]) -> None:
    """Piped standard error gets nothing; ``--quiet`` on a terminal gets nothing either."""
    piped = subprocess.run(
        [sys.executable, "-m", "ginrummy", *args], capture_output=True, text=True, env=cli_env(), check=False
    )
    assert (0, "") == (piped.returncode, piped.stderr)
    status, stdout, terminal = run_on_a_terminal(*args, "--quiet")
    assert (0, "") == (status, terminal)
    assert stdout == piped.stdout


def test_ctrl_c_during_the_progress_line_is_one_line() -> None:
    """Ctrl-C while the progress line is drawn ends that line and prints one line,
    ``ginrummy: interrupted``, with exit status 130 and no traceback."""
    status, stdout, terminal = run_on_a_terminal(
        "simulate", "--preset", "pagat", "--games", "1000000", *GREEDY, interrupt_after=1.0
    )
    assert 130 == status
    assert "" == stdout
    assert "Traceback" not in terminal
    lines = terminal.rstrip("\n").split("\n")
    assert "ginrummy: interrupted" == lines[-1]
    assert 2 == len(lines)  # the progress line, ended, then the message
    assert LINE.fullmatch(lines[0].split("\r")[-1].strip())


def test_a_line_never_begun_times_the_run_from_its_first_call() -> None:
    """A progress line called without ``begin`` counts the rate from its first call, not from
    the clock's zero (the ladder's line, never begun, showed 0.0 games/s at a clock of hours)."""
    stream = io.StringIO()
    line = ProgressLine(stream=stream, clock=iter([10_000.0, 10_002.0, 10_004.0]).__next__)
    line(0, 400)
    line(100, 400)
    line(200, 400)
    line.end()
    assert "200/400 games · 50 games/s · about 4 s left" == stream.getvalue().split("\r")[-1].strip()
