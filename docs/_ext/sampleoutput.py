"""A small Sphinx extension: the guides' sample outputs, printed by the command as the docs build.

The directive ::

    .. sample-output:: ginrummy compare pagat spades-double.toml --games 100

runs the ``ginrummy`` command line with the words after ``ginrummy`` when the page is read, and
inserts one console block: the command after a ``$`` prompt, then what it printed (standard
output and standard error, in the order written, as a person at a terminal sees them; the
progress line is drawn only on a terminal, so it is not there). A shown output therefore cannot
drift from the program: a change to a table changes the page at the next build. The command runs
as ``python -m ginrummy`` in the interpreter of the build, with the directory of the
``ginrummy`` that ``conf.py`` imports (the checkout's ``src``) first on ``PYTHONPATH``, so the
page shows the code it documents, not whatever ``ginrummy`` is first on ``PATH``.

``:returncode: N`` is the exit status the command must end with (0 by default); any other, or a
command that runs longer than :data:`TIMEOUT` seconds (``:timeout: S`` for one that tunes a
bot, which may take minutes on a busy machine), is a warning, which fails a ``-W``
build. So is a line wider than :data:`WIDTH` characters (a code box of the pages holds about
90), unless ``:wrap:`` is given: it breaks such lines between words, the rest indented by two
spaces (say so beside the block). Every sample output is fast on purpose (a few seconds):
large runs are quoted in prose as measured figures with their command.

The directive ::

    .. sample-file:: spades-double.toml

       preset = "pagat"
       spade_multiplier = 2

shows a file the commands below it on the same page read (highlighted as TOML or JSON by its
suffix) and writes it, exactly as shown, into the folder where each of those commands runs: the
file a reader sees is the file the output came from.

The role ``:sample:`TEXT``` quotes a sample output in prose: it shows ``TEXT`` and warns unless
a sample output above it on the same page holds ``TEXT`` (runs of spaces count as one);
``:sample:`TEXT <ROW>``` shows ``TEXT`` and requires it on a line of an output that starts with
``ROW`` (``:sample:`+3.78 ± 0.82 * <points per scored round>```). So the figures a guide reads
out of its sample outputs cannot silently disagree with them: a quote the program no longer
prints fails the build.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import ginrummy

__all__ = [
    "TIMEOUT",
    "WIDTH",
    "SampleFileDirective",
    "SampleOutputDirective",
    "SampleRun",
    "quoted",
    "run_sample",
    "sample_role",
    "setup",
    "wrapped",
]

logger = logging.getLogger(__name__)

SRC = Path(ginrummy.__file__).resolve().parent.parent
"""The directory holding the ``ginrummy`` package the build imports: the commands run it."""

TIMEOUT = 60.0
"""Seconds a sample command may take before it counts as hung."""

WIDTH = 90
"""The widest line a sample output may show (wider ones are a warning, or wrapped)."""

_LANGUAGES = {".toml": "toml", ".json": "json"}
_FILES_KEY = "sample_files"
_OUTPUTS_KEY = "sample_outputs"
_QUOTE = re.compile(r"^(?P<text>.*?)\s*<(?P<row>[^<>]+)>$", re.S)


class SampleRun(NamedTuple):
    """What a sample command printed."""

    returncode: int
    """The exit status."""
    text: str
    """The block as shown: ``$ command``, then standard output and error, trailing spaces cut."""


def run_sample(
    command: str, files: Mapping[str, str] | None = None, *, timeout: float = TIMEOUT
) -> SampleRun:
    """Run ``command`` (``ginrummy`` and its words, as a shell would split them) in a fresh
    folder holding ``files`` (name to text), with the package under :data:`SRC`.

    :param command: the command line, starting with ``ginrummy``.
    :param files: the files to write into the folder first (none by default).
    :param timeout: seconds before :class:`subprocess.TimeoutExpired`.
    :returns: the exit status and the block's text.
    :raises ValueError: when the command is not a ``ginrummy`` command.
    """
    words = shlex.split(command)
    if not words or words[0] != "ginrummy":
        raise ValueError(f"sample command {command!r}: it must start with 'ginrummy'")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(SRC), *(p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p)]
    )
    env["PYTHONUTF8"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    with tempfile.TemporaryDirectory(prefix="ginrummy-sample-") as folder:
        for name, text in (files or {}).items():
            Path(folder, name).write_text(text, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "ginrummy", *words[1:]],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            env=env,
            cwd=folder,
            timeout=timeout,
            check=False,
        )
    lines = [f"$ {command}", *(line.rstrip() for line in done.stdout.splitlines())]
    while lines and not lines[-1]:
        lines.pop()
    return SampleRun(done.returncode, "\n".join(lines))


def wrapped(text: str, width: int = WIDTH) -> str:
    """``text`` with each line wider than ``width`` broken between words, the continuation
    lines indented by two spaces."""
    lines: list[str] = []
    for line in text.splitlines():
        if len(line) <= width:
            lines.append(line)
        else:
            lines += textwrap.wrap(
                line, width, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False
            )
    return "\n".join(lines)


def _spaced(text: str) -> str:
    return " ".join(text.split())


def quoted(quote: str, outputs: list[str]) -> bool:
    """Whether ``quote`` (``TEXT`` or ``TEXT <ROW>``, as the role takes it) is in one of
    ``outputs``: ``TEXT`` anywhere, or on a line starting with ``ROW``; runs of spaces count as one.

    :param quote: the role's text.
    :param outputs: the sample outputs' texts.
    :returns: whether some output holds the quote.
    """
    match = _QUOTE.match(quote)
    if match is None:
        return any(_spaced(quote) in _spaced(output) for output in outputs)
    text, row = _spaced(match["text"]), _spaced(match["row"])
    lines = (_spaced(line) for output in outputs for line in output.splitlines())
    return any(line.startswith(row) and text in line[len(row) :] for line in lines)


def sample_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:sample:`TEXT``` or ``:sample:`TEXT <ROW>```: ``TEXT``, checked against the sample
    outputs above it on the page."""
    env = inliner.document.settings.env
    match = _QUOTE.match(text)
    shown = match["text"] if match else text
    if not quoted(text, env.temp_data.get(_OUTPUTS_KEY, [])):
        logger.warning(
            "sample quote %r: no sample output above it on the page prints it",
            text,
            location=(env.docname, lineno),
        )
    return [nodes.inline(rawtext, shown, classes=["sample-quote"])], []


def _package_sources() -> list[str]:
    return sorted(str(path) for path in (SRC / "ginrummy").rglob("*.py"))


class SampleFileDirective(SphinxDirective):
    """``.. sample-file:: NAME``: a file shown, and given to the sample commands below it."""

    has_content = True
    required_arguments = 1
    optional_arguments = 0

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        text = "\n".join(self.content) + "\n"
        self.env.temp_data.setdefault(_FILES_KEY, {})[name] = text
        block = nodes.literal_block(text, text, language=_LANGUAGES.get(Path(name).suffix, "text"))
        self.set_source_info(block)
        return [block]


class SampleOutputDirective(SphinxDirective):
    """``.. sample-output:: ginrummy ...``: the command and what it prints, run at build time."""

    has_content = False
    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = True
    option_spec = {"returncode": int, "wrap": directives.flag, "timeout": float}  # noqa: RUF012 - the docutils API

    def run(self) -> list[nodes.Node]:
        command = self.arguments[0]
        expected = self.options.get("returncode", 0)
        files = dict(self.env.temp_data.get(_FILES_KEY, {}))
        for source in _package_sources():
            self.env.note_dependency(source)
        location = (self.env.docname, self.lineno)
        try:
            result = run_sample(command, files, timeout=self.options.get("timeout", TIMEOUT))
        except (ValueError, subprocess.TimeoutExpired) as error:
            logger.warning("sample-output: %s", error, location=location)
            return []
        if result.returncode != expected:
            logger.warning(
                "sample-output %r: exit status %d, expected %d; it printed:\n%s",
                command,
                result.returncode,
                expected,
                result.text,
                location=location,
            )
        self.env.temp_data.setdefault(_OUTPUTS_KEY, []).append(result.text)
        text = wrapped(result.text) if "wrap" in self.options else result.text
        wide = [line for line in text.splitlines() if len(line) > WIDTH]
        if wide:
            logger.warning(
                "sample-output %r: %d lines wider than %d characters (the first: %r); add :wrap:",
                command,
                len(wide),
                WIDTH,
                wide[0],
                location=location,
            )
        block = nodes.literal_block(text, text, language="console")
        self.set_source_info(block)
        return [block]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``sample-output`` and ``sample-file`` directives and the ``sample`` role."""
    app.add_directive("sample-output", SampleOutputDirective)
    app.add_directive("sample-file", SampleFileDirective)
    app.add_role("sample", sample_role)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
