"""Shared by the browser tests: the example server served by uvicorn in a thread, headless
Chromium (``$GINRUMMY_CHROMIUM`` or ``/usr/bin/chromium``) driven by Playwright, and a person at
a page with the checks made after every action.

After every action a test reads every text and attribute of the page, and every websocket frame
the page received, and checks that none holds a card the person may not see at that moment
(``web_game.hidden_cards``), judged on the round the page draws.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, WebSocket, sync_playwright

import ginrummy as gr
from chromium import CHROMIUM, FLAGS
from web_game import (
    States,
    card_tokens,
    deal_errors,
    expected_frame,
    frame_errors,
    frame_leaks,
    hidden_cards,
    load_server,
    seeded,
)

TIMEOUT = 20.0
"""Seconds to wait for the page or the server before failing."""

# Every text node and attribute value of the page, split at the finished round's panel: the
# panel shows the last round that ended, the rest the round in play.
PAGE_TEXT = """() => {
  const panel = document.getElementById("last-round");
  const collect = (root, skip) => {
    const parts = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
      { acceptNode: (node) => node === skip ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT });
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) { parts.push(node.data); continue; }
      for (const attribute of node.attributes) parts.push(attribute.value);
      if ("value" in node && typeof node.value === "string") parts.push(node.value);
    }
    return parts.join("\\n");
  };
  return { table: collect(document.documentElement, panel), finished: collect(panel, null) };
}"""


@dataclass
class LiveServer:
    """The example app served by uvicorn on a loopback port."""

    url: str
    app: Any

    def table(self, game_id: str) -> Any:
        """The server's table of game ``game_id``."""
        return self.app.state.hub.tables[game_id]


@pytest.fixture
def live_server() -> Iterator[LiveServer]:
    """The app with seeded games, served in a thread until the test ends."""
    with serving(seed=2024, dealer=1) as live:
        yield live


@contextlib.contextmanager
def serving(seed: int, dealer: int) -> Iterator[LiveServer]:
    """The app, every table dealt from ``seed`` with ``dealer`` first, served in a thread."""
    app = load_server().create_app(make_game=seeded(seed=seed, dealer=dealer))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + TIMEOUT
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield LiveServer(f"http://127.0.0.1:{port}", app)
    finally:
        server.should_exit = True
        thread.join(TIMEOUT)
        sock.close()


@pytest.fixture
def browser() -> Iterator[Browser]:
    """Headless Chromium from the system."""
    assert Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}: install Debian's chromium package"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


@dataclass
class Person:
    """One person at one page: the frames its page received and the checks made so far."""

    page: Page
    frames: list[dict[str, Any]] = field(default_factory=list)
    checked_frames: int = 0
    player: int = 0
    game_id: str = ""
    dom_checks: int = 0
    commitments: dict[int, str] = field(default_factory=dict)
    """The commitment each round was shown with in its frames (:func:`web_game.deal_errors`)."""

    def listen(self) -> None:
        """Record every websocket frame the page receives."""

        def on_socket(ws: WebSocket) -> None:
            ws.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))

        self.page.on("websocket", on_socket)

    def step(self) -> int:
        """The number of actions of the last state the page drew."""
        return int(self.page.evaluate("document.body.dataset.step || '-1'"))

    def controls(self) -> set[str]:
        """The actions the page offers as buttons."""
        script = "nodes => nodes.map(n => n.dataset.action)"
        return set(self.page.eval_on_selector_all("#table [data-action]", script))


def wait_until_settled(
    person: Person, live: LiveServer, others: tuple[Person, ...] = (), *, after: int = -1
) -> gr.Game:
    """Wait until the server has played more than ``after`` actions (the click was applied),
    the bot (if any) has played, and every page has drawn the server's game."""
    deadline = time.monotonic() + TIMEOUT
    table = live.table(person.game_id)
    while True:
        game: gr.Game = table.game
        steps = len(game.actions)
        bot_to_play = table.session is not None and table.session.bot_to_act
        if steps > after and not bot_to_play and all(p.step() == steps for p in (person, *others)):
            return game
        assert time.monotonic() < deadline, f"page at step {person.step()}, server at {len(game.actions)}"
        time.sleep(0.01)


def showing(person: Person) -> str:
    """What the board draws: ``round`` (the round in play) or ``finished`` (a round's end,
    before the person deals on)."""
    return str(person.page.evaluate("document.body.dataset.showing || 'round'"))


def check_person(person: Person, game: gr.Game, states: States, opponent: str = "the greedy bot") -> None:
    """The checks after every action: the page shows its own cards and none it may not see
    (judged on the round it draws: the round in play, or the round that ended while its end
    is shown), its controls are exactly its legal actions (none while a round's end is
    shown), and every frame it received since the last check is its view of the game at that
    frame's step with the kit's hints, valid against the frames' schema, showing no hidden
    card."""
    states.follow(game)
    player = person.player
    text = person.page.evaluate(PAGE_TEXT)
    table_cards, finished_cards = card_tokens(text["table"]), card_tokens(text["finished"])
    drawn = game.round
    if showing(person) == "finished":
        assert game.finished is not None
        drawn = game.finished
    assert set() == table_cards & hidden_cards(drawn, player)
    assert {str(card) for card in drawn.hand(player)} <= table_cards
    if game.finished is not None:
        assert set() == finished_cards & hidden_cards(game.finished, player)
    playing = showing(person) == "round" and not game.is_over
    legal = {str(a) for a in game.round.view(player).legal_actions} if playing else set()
    assert legal == person.controls()
    for frame in person.frames[person.checked_frames :]:
        if frame["op"] == "state":
            expected = expected_frame(
                states[frame["step"]], player, paused=frame["paused"], opponent=opponent
            )
            assert expected == {key: value for key, value in frame.items() if key != "deal"} | {
                "waiting": False
            }
            assert [] == deal_errors(frame, states[frame["step"]], person.commitments)
        assert [] == frame_errors(frame)
        assert set() == frame_leaks(frame, states, player, len(game.actions))
    person.checked_frames = len(person.frames)
    person.dom_checks += 1


def close_round_panel(person: Person, live: LiveServer | None = None) -> bool:
    """Close the finished round's panel when it is open (True when it was); against the bot,
    wait until the server has dealt on."""
    if not person.page.is_visible("#last-round"):
        return False
    person.page.click("#next-round")
    person.page.wait_for_selector("#last-round", state="hidden")
    if live is not None and person.game_id in live.app.state.hub.tables:
        table = live.table(person.game_id)
        deadline = time.monotonic() + TIMEOUT
        while table.session is not None and table.session.paused and not table.game.is_over:
            assert time.monotonic() < deadline, "the server did not deal on"
            time.sleep(0.01)
    return True


def send_notation(person: Person, text: str) -> None:
    """Type ``text`` into the box for actions in notation (under "Keys and notation") and send
    it."""
    person.page.eval_on_selector("#more", "node => { node.open = true; }")
    person.page.fill("#notation-input", text)
    person.page.click("#notation-send")


def click(person: Person, action: gr.Action) -> None:
    """Click the control of ``action``: a card of the hand for a discard, else a button."""
    person.page.click(f'#table [data-action="{action}"]')


def open_page(
    browser: Browser, live: LiveServer, path: str = "/", width: int = 1280, height: int = 900
) -> Person:
    """A new browser context (its own storage) showing the page in a window ``width`` by
    ``height`` pixels, connected."""
    person = Person(browser.new_context(viewport={"width": width, "height": height}).new_page())
    person.page.set_default_timeout(TIMEOUT * 1000)
    person.listen()
    person.page.goto(live.url + path)
    return person


def start_bot_game(
    browser: Browser, live: LiveServer, preset: str, bot: str, width: int = 1280, height: int = 900
) -> Person:
    """A person who opened the page and started a game against ``bot`` under ``preset``."""
    person = open_page(browser, live, width=width, height=height)
    person.page.wait_for_selector(f"#preset option[value='{preset}']", state="attached")
    person.page.select_option("#preset", preset)
    person.page.check("input[name='mode'][value='bot']")
    person.page.select_option("#bot", bot)
    person.page.click("#start")
    person.page.wait_for_selector("#table", state="visible")
    person.game_id = person.page.inner_text("#game-id")
    return person
