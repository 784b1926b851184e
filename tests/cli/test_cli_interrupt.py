"""Ctrl-C stops every command with one line on standard error and exit status 130: no
traceback from the command or from its worker processes (a pool, a local Dask cluster), and
no worker left running. Ctrl-C is sent as a terminal sends it, to the whole process group,
once the command is busy. A trillion games start at once and run in flat memory."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cli_helpers import cli_env, default_ctrl_c
from ginrummy.cli import commands as cli

TRILLION = "1000000000000"
"""More games than could ever be listed up front."""
GREEDY = ("--bots", "greedy", "greedy")
"""Fast bots named on the command line."""
TICKS = os.sysconf("SC_CLK_TCK")
"""Clock ticks per second of the CPU times in ``/proc``."""


def tree(root: int) -> list[int]:
    """The process ``root`` and all its descendants (from ``/proc``)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # gone meanwhile
                continue
            parents[int(entry.name)] = int(fields[1])
    found, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        found += frontier
    return found


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time used so far by the processes ``pids``."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def resident_megabytes(pid: int) -> float:
    """The resident memory of the process ``pid``."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")  # pragma: no cover


@pytest.fixture
def launch() -> Iterator[Callable[..., subprocess.Popen[str]]]:
    """Start ``python -m ginrummy ARGS`` in its own process group (as a shell starts a job);
    whatever is left of the group at the end is killed."""
    started: list[subprocess.Popen[str]] = []

    def start(*args: str) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            [sys.executable, "-m", "ginrummy", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=cli_env(),
            start_new_session=True,
            preexec_fn=default_ctrl_c,
        )
        started.append(process)
        return process

    yield start
    for process in started:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()


PATIENCE = 180.0
"""Seconds a command may take to start or to stop: generous, since CI runs two test sessions on
two cores (a slow start is not what these tests are about)."""


def wait_until_busy(process: subprocess.Popen[str], seconds: float, timeout: float = PATIENCE) -> None:
    """Wait until the command and its workers have used ``seconds`` of CPU: it is past its
    start and playing."""
    deadline = time.monotonic() + timeout
    while cpu_seconds(tree(process.pid)) < seconds:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the command never got busy"
        time.sleep(0.05)


def interrupt(process: subprocess.Popen[str]) -> tuple[str, str]:
    """Press Ctrl-C: SIGINT to the whole process group; the command must end in time. Its
    standard input stays open until it has ended, so that it stops because of the signal and
    not because its input ran out."""
    os.killpg(process.pid, signal.SIGINT)
    deadline = time.monotonic() + PATIENCE
    while process.poll() is None:
        assert time.monotonic() < deadline, "the command did not stop"
        time.sleep(0.05)
    return process.communicate(timeout=PATIENCE)


READ_SYSCALLS = {"x86_64": "0", "aarch64": "63", "riscv64": "63", "s390x": "3", "ppc64le": "3"}
"""The number of the ``read`` system call, as ``/proc/PID/syscall`` shows it, on each machine."""


def wait_until_reading(process: subprocess.Popen[str]) -> None:
    """Wait until the command sleeps in ``read`` on its standard input, as a person's Ctrl-C
    finds it. (Between printing its prompt and entering ``read`` a program cannot be
    interrupted: CPython handles a signal at its next instruction, and ``input`` runs none
    before it blocks, so a signal in that window waits for the next line of input. A test that
    pressed Ctrl-C as soon as it saw the prompt would sometimes fall in that window.)"""
    read = READ_SYSCALLS.get(os.uname().machine)
    deadline = time.monotonic() + PATIENCE
    while True:
        assert process.poll() is None, process.communicate()
        try:
            waiting = Path(f"/proc/{process.pid}/wchan").read_text()
            syscall = Path(f"/proc/{process.pid}/syscall").read_text().split()
        except OSError:  # pragma: no cover - a kernel that hides them: the prompt must do
            return
        if waiting.endswith("pipe_read") or (syscall and syscall[0] == read):
            return
        assert time.monotonic() < deadline, "the command never waited for input"
        time.sleep(0.05)


def assert_stopped_cleanly(process: subprocess.Popen[str], stdout: str, stderr: str) -> None:
    """Exit status 130, exactly one line on standard error, no traceback anywhere, and no
    process of the group left running."""
    assert 130 == process.returncode, (stdout, stderr)
    assert "ginrummy: interrupted\n" == stderr
    assert "Traceback" not in stdout
    deadline = time.monotonic() + 10
    while True:  # the workers are ended with the command
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        assert time.monotonic() < deadline, "worker processes left running"
        time.sleep(0.05)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_a_trillion_game_simulation_in_flat_memory(
    launch: Callable[..., subprocess.Popen[str]], workers: str
) -> None:
    """``simulate --games 1000000000000`` starts playing at once without listing its jobs
    (its memory stays small), and Ctrl-C stops it and its workers cleanly."""
    process = launch("simulate", "--preset", "pagat", "--games", TRILLION, "--workers", workers, *GREEDY)
    wait_until_busy(process, 1.0)
    assert resident_megabytes(process.pid) < 150
    assert_stopped_cleanly(process, *interrupt(process))


def test_ctrl_c_stops_compare(launch: Callable[..., subprocess.Popen[str]]) -> None:
    """Ctrl-C stops ``compare`` cleanly."""
    process = launch("compare", "pagat", "straight", "--games", TRILLION, *GREEDY)
    wait_until_busy(process, 1.0)
    assert_stopped_cleanly(process, *interrupt(process))


def test_ctrl_c_stops_a_simulation_on_a_local_dask_cluster(
    launch: Callable[..., subprocess.Popen[str]],
) -> None:
    """Ctrl-C stops ``simulate --scheduler local`` cleanly: the cluster's worker processes
    print nothing and are ended."""
    process = launch(
        "simulate",
        "--preset",
        "pagat",
        "--games",
        TRILLION,
        "--scheduler",
        "local",
        "--workers",
        "2",
        *GREEDY,
    )
    wait_until_busy(process, 4.0)
    assert_stopped_cleanly(process, *interrupt(process))


def test_ctrl_c_at_the_prompt_stops_play(launch: Callable[..., subprocess.Popen[str]]) -> None:
    """Ctrl-C while ``play`` waits for a move ends the line on standard output and stops with
    one line on standard error."""
    process = launch("play", "--seed", "3")
    assert process.stdout is not None
    seen = ""
    prompted = threading.Event()

    def read() -> None:
        nonlocal seen
        assert process.stdout is not None
        while not prompted.is_set() and (char := process.stdout.read(1)):
            seen += char
            if seen.endswith("your move> "):
                prompted.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert prompted.wait(PATIENCE), seen
    wait_until_reading(process)
    stdout, stderr = interrupt(process)
    assert_stopped_cleanly(process, stdout, stderr)
    assert "\n" == stdout


@pytest.mark.parametrize(
    ("command", "handler"),
    [
        (["analyze", "As 2s 3s"], "_analyze"),
        (["simulate"], "run_simulate"),
        (["compare", "pagat", "straight"], "run_compare"),
        (["play"], "_play"),
        (["presets"], "_presets"),
    ],
    ids=lambda value: value[0] if isinstance(value, list) else "",
)
def test_every_command_turns_ctrl_c_into_exit_status_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: list[str], handler: str
) -> None:
    """Whichever command is interrupted, ``main`` returns 130 and says so in one line."""

    def interrupted(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, handler, interrupted)
    previous = signal.getsignal(signal.SIGINT)
    try:
        assert 130 == cli.main(command)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert "ginrummy: interrupted\n" == capsys.readouterr().err
