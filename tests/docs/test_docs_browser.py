"""The built documentation in a real browser: every page at 1280 px wide, read as a user would.

Marked ``browser`` and left out of the default ``pytest`` run (Chromium is not a pip
package); ``.ci/run`` runs ``pytest -m browser`` after building the documentation once with
``sphinx-build -W`` and passes its directory as ``$GINRUMMY_DOCS_HTML``. Without it the tests
build the HTML themselves (Sphinx and the theme are in the ``test`` extra). The pages are
served over HTTP on a loopback port and opened one after another in headless Chromium
(``$GINRUMMY_CHROMIUM`` or ``/usr/bin/chromium``), which reports for each page the width of
every code and output block against its box, every link and every anchor.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import sync_playwright

from chromium import CHROMIUM, FLAGS
from repository import ROOT

pytestmark = pytest.mark.browser

WIDTH = 1280
"""The window's width in CSS pixels: a laptop's screen."""

READING_COLUMN = 700
"""The least width of the text column at :data:`WIDTH` (the default theme's was about 660 px,
too narrow for the examples)."""

API_TOPICS = (
    "cards", "partitioner", "rulesets", "rounds", "games", "views", "json", "bots", "simulation",
    "distributed", "frontend", "rl", "openspiel", "errors",
)  # fmt: skip
"""The API reference's pages, one per topic (``docs/_ext/apitopics.py``)."""

MEASURE = """() => {
  const blocks = [...document.querySelectorAll("pre")];
  const longest = (text) => text.split("\\n").reduce((a, b) => (b.length > a.length ? b : a), "");
  const article = document.querySelector("article") || document.body;
  return {
    blocks: blocks.length,
    overflowing: blocks
      .filter((pre) => pre.scrollWidth > pre.clientWidth)
      .map((pre) => ({ scroll: pre.scrollWidth, client: pre.clientWidth, line: longest(pre.textContent) })),
    links: [...document.querySelectorAll("a[href]")].map((a) => a.href),
    ids: [...document.querySelectorAll("[id]")].map((element) => element.id),
    column: article.clientWidth,
  };
}"""
"""Run in each page: its code blocks (``pre``: examples, output, signatures shown as code),
those whose content is wider than their box, its links (resolved), its element ids and the
width of its text column."""


@dataclass(frozen=True)
class Page:
    """What the browser reported about one page."""

    path: str
    """The page's path below the HTML directory."""
    blocks: int
    overflowing: list[dict[str, Any]]
    links: list[str]
    ids: frozenset[str]
    column: int


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built documentation: ``$GINRUMMY_DOCS_HTML``, or built here with ``-W``."""
    given = os.environ.get("GINRUMMY_DOCS_HTML")
    if given:
        return Path(given)
    out = tmp_path_factory.mktemp("html")
    built = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(ROOT / "docs"), out],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert 0 == built.returncode, built.stderr[-5000:]
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No access log on standard error."""


@pytest.fixture(scope="module")
def site(html: Path) -> Iterator[str]:
    """The HTML served on a free loopback port, until the module's tests end."""
    handler = functools.partial(_QuietHandler, directory=str(html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


def _page_paths(html: Path) -> list[str]:
    return sorted(path.relative_to(html).as_posix() for path in html.rglob("*.html"))


@pytest.fixture(scope="module")
def pages(html: Path, site: str) -> dict[str, Page]:
    """Every built page, opened at :data:`WIDTH` px and measured."""
    assert Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}: install Debian's chromium package"
    reports: dict[str, Page] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            tab = browser.new_page(viewport={"width": WIDTH, "height": 900})
            for path in _page_paths(html):
                response = tab.goto(f"{site}/{path}", wait_until="load")
                assert response is not None and response.ok, path
                found = tab.evaluate(MEASURE)
                reports[path] = Page(
                    path=path,
                    blocks=found["blocks"],
                    overflowing=found["overflowing"],
                    links=found["links"],
                    ids=frozenset(found["ids"]),
                    column=found["column"],
                )
        finally:
            browser.close()
    blocks = sum(page.blocks for page in reports.values())
    overflowing = sum(len(page.overflowing) for page in reports.values())
    links = sum(len(page.links) for page in reports.values())
    print(
        f"\ndocs: {len(reports)} pages at {WIDTH} px, {blocks} code blocks, {overflowing} wider than "
        f"their box, {links} links"
    )
    return reports


def test_every_page_is_opened_the_api_reference_split_by_topic(html: Path, pages: dict[str, Page]) -> None:
    """The browser opened every page the build wrote, the API reference among them as one
    page per topic (from cards and melds to errors)."""
    assert _page_paths(html) == sorted(pages)
    topics = {path for path in pages if path.startswith("api/")}
    assert {f"api/{topic}.html" for topic in API_TOPICS} == topics
    assert {"index.html", "api.html", "api/cards.html", "api/rl.html", "api/openspiel.html"} <= set(pages)


def test_no_code_block_is_wider_than_its_box(pages: dict[str, Page]) -> None:
    """At 1280 px no example, output or other code block needs a horizontal scroll: each
    ``pre`` element's content fits its box (``scrollWidth <= clientWidth``)."""
    overflowing = [
        f"{page.path}: {block['scroll']} > {block['client']} px: {block['line'].strip()}"
        for page in pages.values()
        for block in page.overflowing
    ]
    assert 150 <= sum(page.blocks for page in pages.values())
    assert [] == overflowing, "\n" + "\n".join(overflowing)


def test_the_reading_column_is_wide(pages: dict[str, Page]) -> None:
    """On every page with a text column, it is at least :data:`READING_COLUMN` px wide."""
    narrow = {page.path: page.column for page in pages.values() if page.column < READING_COLUMN}
    assert {} == narrow


def test_every_internal_link_leads_to_a_page_and_its_anchor(
    html: Path, site: str, pages: dict[str, Page]
) -> None:
    """Every link to the documentation itself names a file the build wrote and, when it has a
    fragment, an element of that page with that id."""
    broken = []
    checked = 0
    for page in pages.values():
        for link in page.links:
            if not link.startswith(site + "/"):
                continue
            parts = urlsplit(link)
            target = unquote(parts.path).lstrip("/") or "index.html"
            if target.endswith("/"):
                target += "index.html"
            checked += 1
            if not (html / target).is_file():
                broken.append(f"{page.path}: {link} (no file {target})")
            elif parts.fragment and target in pages and unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{page.path}: {link} (no element #{parts.fragment} in {target})")
    assert 1000 <= checked
    assert [] == broken, "\n" + "\n".join(broken)
