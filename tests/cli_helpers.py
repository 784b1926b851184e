"""Running the ``ginrummy`` command line in a subprocess, as a user would.

:func:`run_cli` runs ``python -m ginrummy ARGS`` with the directory of the ``ginrummy`` the tests
import first on ``PYTHONPATH`` (this checkout's ``src``, or the installed wheel under test), so
the child runs the code under test whatever else is installed, and returns what the user would
see: the exit status, standard output and standard error.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import ginrummy

__all__ = ["SRC", "CliResult", "cli_env", "default_ctrl_c", "run_cli"]

SRC = Path(ginrummy.__file__).resolve().parent.parent
"""The directory holding the ``ginrummy`` package under test: this checkout's ``src`` when the
tests run in a checkout, the environment's site-packages when they test an installed wheel."""


class CliResult(NamedTuple):
    """What a command line run left behind."""

    returncode: int
    """The exit status."""
    stdout: str
    """Everything printed on standard output."""
    stderr: str
    """Everything printed on standard error."""


def cli_env() -> dict[str, str]:
    """This process's environment with :data:`SRC` prepended to ``PYTHONPATH``
    and UTF-8 input and output (the listings print ``±``)."""
    env = dict(os.environ)
    paths = [str(SRC), *(p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p)]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["PYTHONUTF8"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def run_cli(
    *args: str, input: str = "", timeout: float = 120.0, cwd: Path | None = None, path: Path | None = None
) -> CliResult:
    """Run ``python -m ginrummy *args`` and wait for it.

    :param args: the command line words after ``ginrummy``.
    :param input: the whole of standard input (empty: end of file at once).
    :param timeout: seconds before the run counts as hung (:class:`subprocess.TimeoutExpired`).
    :param cwd: the folder to run in (default this process's).
    :param path: a folder to add to ``PYTHONPATH`` after the package under test.
    :returns: the exit status, standard output and standard error.
    """
    completed = subprocess.run(
        [sys.executable, "-m", "ginrummy", *args],
        input=input,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=cli_env()
        if path is None
        else {**cli_env(), "PYTHONPATH": cli_env()["PYTHONPATH"] + os.pathsep + str(path)},
        timeout=timeout,
        check=False,
        cwd=cwd,
    )
    return CliResult(completed.returncode, completed.stdout, completed.stderr)


def default_ctrl_c() -> None:
    """In a child, before it starts: Ctrl-C's default action. A job a shell starts in the
    background (``bash .ci/run &``) ignores SIGINT, its children inherit that, and Python then
    installs no handler for it; a person at a terminal has the default, which is what the Ctrl-C
    tests are about (``preexec_fn`` of ``subprocess.Popen``)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
