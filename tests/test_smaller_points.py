"""The smaller points a new user met (issue 29, item 8), each pinned: ``analyze --upcard``
outside Oklahoma says it changes nothing, ``presets --ruleset`` marks what differs from the
closest preset, the API pages show no ``Round(*args, **kwargs)``, and the web lobby speaks of
the presets and defaults to the command line's bot.
"""

from __future__ import annotations

import runpy
from pathlib import Path

import ginrummy as gr
from cli_helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
HAND = "As 2s 3s 4s 7h 7d 7c Kd Qd 9c Jd"


def test_analyze_says_when_the_upcard_changes_nothing() -> None:
    """``analyze --upcard`` under Pagat says the upcard changes the knock limit only in
    Oklahoma (it was ignored without a word), within 80 columns; under Oklahoma no note."""
    pagat = run_cli("analyze", HAND, "--upcard", "5c")
    note = "note      the upcard changes the knock limit only in Oklahoma, not under pagat"
    assert note in pagat.stdout.splitlines()
    assert all(len(line) <= 80 for line in pagat.stdout.splitlines())
    oklahoma = run_cli("analyze", HAND, "--upcard", "5c", "--preset", "oklahoma")
    assert (0, False) == (oklahoma.returncode, "note " in oklahoma.stdout)


def test_presets_ruleset_marks_what_differs_from_the_closest_preset(tmp_path: Path) -> None:
    """``presets --ruleset FILE`` names the closest preset and marks with ``*`` each field that
    differs from it, and only those."""
    path = tmp_path / "okla-turn.toml"
    path.write_text('preset = "oklahoma"\nafter_both_pass = "normal-turn"\ntarget = 120\n', encoding="utf-8")
    lines = run_cli("presets", "--ruleset", str(path)).stdout.splitlines()
    assert "okla-turn (* marks what differs from oklahoma)" == lines[0]
    assert ["after_both_pass", "target"] == [line.split()[1] for line in lines if line.startswith("* ")]


def test_the_api_pages_show_no_blocked_constructor_signature() -> None:
    """The docs' hook drops the ``(*args, **kwargs)`` of a constructor that only refuses
    (``Round``, ``Game``), and leaves other signatures alone."""
    conf = runpy.run_path(str(ROOT / "docs" / "conf.py"))
    hook = conf["hide_blocked_constructor"]
    signature = "(*args: object, **kwargs: object)"
    assert ("", None) == hook(None, "class", "ginrummy.Round", gr.Round, {}, signature, None)
    assert hook(None, "class", "ginrummy.Card", gr.Card, {}, "(rank, suit)", None) is None


def test_the_web_lobby_names_the_presets_and_defaults_to_the_tracker_bot() -> None:
    """The lobby says where the presets are described, and preselects ``gr.DEFAULT_BOT`` (it
    preselected greedy where the command line plays tracker)."""
    page = (ROOT / "examples" / "web" / "static" / "index.html").read_text(encoding="utf-8")
    script = (ROOT / "examples" / "web" / "static" / "app.js").read_text(encoding="utf-8")
    assert "ginrummy presets" in page
    assert f'bots.value = "{gr.DEFAULT_BOT}"' in script and 'bots.value = "greedy"' not in script
