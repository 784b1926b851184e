"""The guides' sample outputs cannot go stale.

The outputs of ``ginrummy`` commands in the guides are printed by the commands themselves when
the documentation is built (the ``sample-output`` directive of ``docs/_ext/sampleoutput.py``),
and the figures the prose reads out of them are checked against them (its ``sample`` role).
These tests hold that machinery to its word: in a small Sphinx project built here, the block a
directive inserts is what the command line prints in a fresh run, and a command that fails, a
line too wide or a quote the output does not hold fails a ``-W`` build. Every other block of
the guides that looks like output is listed here with the reason it is not a command's output
(or is checked against a fresh run here), so a pasted output cannot slip in.
"""

from __future__ import annotations

import html
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import ginrummy as gr
from cli_helpers import cli_env, run_cli
from repository import ROOT

DOCS = ROOT / "docs"
EXT = DOCS / "_ext"


def _load_sampleoutput() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sampleoutput", EXT / "sampleoutput.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("sampleoutput", module)
    spec.loader.exec_module(module)
    return module


sampleoutput: Any = _load_sampleoutput()

NOT_COMMAND_OUTPUT: dict[tuple[str, str], str] = {
    ("state-machine.rst", "Round.deal  (from_position can also start in DRAW or DISCARD)"): (
        "a diagram of the phases"
    ),
    (
        "state-machine.rst",
        "pagat | dealer 0 | discard | player 1 | hands 9c Jc Qc Kc 7d 4h As 6s 7s Qs / Ac 2d 4d 5d",
    ): ("a notation, wrapped and shortened: test_the_notation_sample_is_the_rounds holds it to a fresh run"),
    ("validate.rst", "games needed = n * (1.4 * h / d) ** 2"): "a formula",
    ("frontends.rst", 'BOT = "the bot"'): "code of examples/terminal_table.py",
    ("frontends.rst", "python examples/hot_seat.py            # two people"): "commands, no output",
    ("public-api.rst", "python tests/test_api.py --update"): "a command, no output",
}
"""The blocks of the guides (``text``, ``console`` or literal) that are not a command's sample
output, by (file, first line), with the reason."""

_OUTPUT_LANGUAGES = ("text", "console", "none", "output", "shell-session", "pycon")


def _indented_block(lines: list[str], start: int, indent: int) -> list[str]:
    """The lines from ``start`` indented deeper than ``indent`` (blank lines inside), stripped."""
    body: list[str] = []
    i = start
    while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent):
        body.append(lines[i].strip())
        i += 1
    return [line for line in body if line]


def output_like_blocks(text: str) -> list[str]:
    """The first lines of the rst ``text``'s blocks that could hold output: ``code-block`` of
    :data:`_OUTPUT_LANGUAGES` (or none) and literal blocks after ``::``."""
    firsts: list[str] = []
    lines = text.splitlines()
    for number, line in enumerate(lines):
        indent = len(line) - len(line.lstrip())
        directive = re.match(r"\s*\.\. (?:code-block|code|sourcecode)::\s*(\S*)\s*$", line)
        if directive and directive.group(1) in ("", *_OUTPUT_LANGUAGES):
            start = number + 1
            while start < len(lines) and re.match(r"\s*:\w[\w-]*:", lines[start]):
                start += 1
            body = _indented_block(lines, start, indent)
        elif line.rstrip().endswith("::") and not line.lstrip().startswith(".."):
            body = _indented_block(lines, number + 1, indent)
        else:
            continue
        firsts.append(body[0] if body else "")
    return firsts


def _guides() -> list[Path]:
    return sorted(DOCS.glob("*.rst"))


def test_output_like_blocks_are_found() -> None:
    """The scan finds a ``text`` block, a literal block and a bare ``::`` block, and skips Python."""
    page = "\n".join(
        [
            "A paragraph::",
            "",
            "   literal first",
            "   literal second",
            "",
            ".. code-block:: text",
            "   :caption: x",
            "",
            "   text first",
            "",
            ".. code-block:: python",
            "",
            "   print(1)",
        ]
    )
    assert ["literal first", "text first"] == output_like_blocks(page)


def test_every_output_like_block_of_the_guides_is_a_sample_or_is_known() -> None:
    """No guide holds a pasted output: every ``text``/``console``/literal block of ``docs/*.rst``
    is one of :data:`NOT_COMMAND_OUTPUT` (each still there), the README has no output fence, and
    the guides' outputs come from ``sample-output`` directives."""
    found = {
        (path.name, first)
        for path in _guides()
        for first in output_like_blocks(path.read_text(encoding="utf-8"))
    }
    assert set() == found - set(NOT_COMMAND_OUTPUT)
    assert set() == set(NOT_COMMAND_OUTPUT) - found
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    languages = re.findall(r"^```(\S*)\n.*?^```$", readme, re.S | re.M)
    assert {"python", "sh"} == set(languages)
    samples = {
        path.name: len(re.findall(r"^\.\. sample-output:: ginrummy ", path.read_text(encoding="utf-8"), re.M))
        for path in _guides()
    }
    assert 2 <= samples["simulation.rst"]
    assert 4 <= samples["validate.rst"]


def test_the_notation_sample_is_the_rounds() -> None:
    """The notation shown on the state-machine page, its lines joined and its stock shortened,
    is the notation of the round the page names, in a fresh run."""
    page = (DOCS / "state-machine.rst").read_text(encoding="utf-8")
    assert "``gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard()).notation()``" in page
    start = page.index("   pagat | dealer 0 | discard")
    shown = " ".join(line.strip() for line in page[start:].split("\n\n", 1)[0].splitlines())
    notation = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard()).notation()
    stock = re.search(r"\| stock ([^|]+) \|", notation)
    assert stock is not None
    cards = stock.group(1).split()
    shortened = notation.replace(stock.group(1), f"{cards[0]} {cards[1]} ... {cards[-1]}")
    assert shortened == shown


def test_quotes_are_matched_anywhere_or_on_their_row() -> None:
    """A quote is found in an output with runs of spaces as one; with ``<ROW>`` only on a line
    starting with that row; wrapping breaks between words with a two-space indent."""
    output = "rounds        10.2   8.25\nfirst player wins game    -8.0 ± 8.2\n"
    assert sampleoutput.quoted("10.2 8.25", [output])
    assert sampleoutput.quoted("-8.0 ± 8.2 <first player wins game>", [output])
    assert not sampleoutput.quoted("-8.0 ± 8.2 <rounds>", [output])
    assert not sampleoutput.quoted("-8.0 ± 8.3", [output])
    assert "one two\n  three" == sampleoutput.wrapped("one two three", 8)


def _build(tmp_path: Path, page: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Build a one-page Sphinx project with the ``sampleoutput`` extension, ``-W --keep-going``."""
    source = tmp_path / "source"
    source.mkdir()
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(EXT)!r})\nextensions = ['sampleoutput']\n", encoding="utf-8"
    )
    (source / "index.rst").write_text(page, encoding="utf-8")
    out = tmp_path / "html"
    built = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(source), str(out)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=cli_env(),
        timeout=120,
        check=False,
    )
    return built, out / "index.html"


def _pre_texts(page: Path) -> list[str]:
    """The texts of a built page's code blocks, tags removed."""
    blocks = re.findall(r"<pre>(.*?)</pre>", page.read_text(encoding="utf-8"), re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", block)).rstrip("\n") for block in blocks]


HOUSE = 'preset = "pagat"\nknock_limit = 7\n'
TYPO = 'preset = "pagat"\nknock_limt = 7\n'
PASS = 'preset = "pagat"\nafter_both_pass = "both"\n'


def test_a_sample_output_is_what_the_command_prints_in_a_fresh_run(tmp_path: Path) -> None:
    """The built page shows each sample file as written and each command after a ``$`` prompt
    followed by exactly what ``ginrummy`` prints when run now (standard output, or the error on
    standard error with its exit status; with ``:wrap:``, its long line broken between words),
    and a quote of the output builds without a warning."""
    page = "\n".join(
        [
            "Samples",
            "=======",
            "",
            ".. sample-file:: house.toml",
            "",
            *(f"   {line}" for line in HOUSE.splitlines()),
            "",
            ".. sample-output:: ginrummy presets --ruleset house.toml",
            "",
            "The knock limit is :sample:`7 <* knock_limit>`.",
            "",
            ".. sample-file:: typo.toml",
            "",
            *(f"   {line}" for line in TYPO.splitlines()),
            "",
            ".. sample-output:: ginrummy presets --ruleset typo.toml",
            "   :returncode: 2",
            "",
            ".. sample-file:: pass.toml",
            "",
            *(f"   {line}" for line in PASS.splitlines()),
            "",
            ".. sample-output:: ginrummy presets --ruleset pass.toml",
            "   :returncode: 2",
            "   :wrap:",
            "",
        ]
    )
    built, index = _build(tmp_path, page)
    assert 0 == built.returncode, built.stderr
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    (fresh / "house.toml").write_text(HOUSE, encoding="utf-8")
    (fresh / "typo.toml").write_text(TYPO, encoding="utf-8")
    (fresh / "pass.toml").write_text(PASS, encoding="utf-8")
    ok = run_cli("presets", "--ruleset", "house.toml", cwd=fresh)
    refused = run_cli("presets", "--ruleset", "typo.toml", cwd=fresh)
    long = run_cli("presets", "--ruleset", "pass.toml", cwd=fresh)
    assert (0, 2, 2) == (ok.returncode, refused.returncode, long.returncode)
    assert max(len(line) for line in long.stderr.splitlines()) > sampleoutput.WIDTH
    expected = [
        HOUSE.rstrip("\n"),
        "$ ginrummy presets --ruleset house.toml\n"
        + "\n".join(line.rstrip() for line in ok.stdout.rstrip().splitlines()),
        TYPO.rstrip("\n"),
        "$ ginrummy presets --ruleset typo.toml\n" + refused.stderr.rstrip(),
        PASS.rstrip("\n"),
        sampleoutput.wrapped("$ ginrummy presets --ruleset pass.toml\n" + long.stderr.rstrip()),
    ]
    assert expected == _pre_texts(index)


def test_a_failing_command_a_wide_line_or_a_stale_quote_fails_the_build(tmp_path: Path) -> None:
    """With ``-W`` the build fails, naming each: a command whose exit status is not the one
    given, an output line wider than the code box (without ``:wrap:``), and a quote that no
    output above it holds."""
    page = "\n".join(
        [
            "Samples",
            "=======",
            "",
            ".. sample-output:: ginrummy presets --ruleset missing.toml",
            "",
            ".. sample-file:: pass.toml",
            "",
            *(f"   {line}" for line in PASS.splitlines()),
            "",
            ".. sample-output:: ginrummy presets --ruleset pass.toml",
            "   :returncode: 2",
            "",
            "Gin pays :sample:`25 <gin_bonus>`.",
            "",
        ]
    )
    built, _ = _build(tmp_path, page)
    assert 0 != built.returncode
    assert "'ginrummy presets --ruleset missing.toml': exit status 2, expected 0" in built.stderr
    assert "'ginrummy presets --ruleset pass.toml': 1 lines wider than 90 characters" in built.stderr
    assert "sample quote '25 <gin_bonus>'" in built.stderr


def test_the_build_instructions_say_what_the_build_needs_and_runs() -> None:
    """The README's Quickstart and the docs' "Building these docs" give the ``docs`` extra and
    the ``-W`` build command, and say that the build runs the commands of the sample outputs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quickstart = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    building = (DOCS / "quickstart.rst").read_text(encoding="utf-8").split("Building these docs", 1)[1]
    building = building.split("\n\nCards are written", 1)[0]
    for text in (quickstart, building):
        flat = " ".join(text.split())
        assert "sphinx-build -W --keep-going -b html docs docs/_build/html" in flat
        assert (
            "run the commands whose outputs the guides show" in flat
            or "runs each ``ginrummy`` command" in flat
        )
    assert 'pip install ".[docs]"' in quickstart
    assert "``docs`` extra" in building
