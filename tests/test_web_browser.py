"""The web example in a real browser: Playwright drives headless Chromium through the page.

Marked ``browser`` and left out of the default ``pytest`` run (Chromium is not a pip
package); ``.ci/run`` installs Debian's ``chromium`` and runs ``pytest -m browser``. The
browser is ``$GINRUMMY_CHROMIUM`` or ``/usr/bin/chromium``.

The server runs in this process (uvicorn on a free loopback port, in a thread), so the tests
read its omniscient game after every click. A person plays by clicking the page's controls;
after every action the page's DOM, and every websocket frame the page received, are checked
against the cards that person may not see at that moment (``web_game.hidden_cards``): the
stock, the opponent's cards that never lay face up, and the opponent's face-down knock card.
"""

from __future__ import annotations

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
from web_game import States, card_tokens, expected_frame, frame_leaks, hidden_cards, load_server, seeded

pytestmark = pytest.mark.browser

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
    app = load_server().create_app(
        make_game=seeded(seed=2024, dealer=1), make_bot=lambda name: gr.make_bot(name, seed=1)
    )
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
        bot_to_play = table.bot is not None and not game.is_over and game.to_act == table.bot_seat
        if steps > after and not bot_to_play and all(p.step() == steps for p in (person, *others)):
            return game
        assert time.monotonic() < deadline, f"page at step {person.step()}, server at {len(game.actions)}"
        time.sleep(0.01)


def check_person(person: Person, game: gr.Game, states: States) -> None:
    """The checks after every action: the page shows its own cards and none it may not see,
    its controls are exactly its legal actions, and every frame it received since the last
    check is its view of the game at that frame's step and shows no hidden card."""
    states.follow(game)
    player = person.player
    text = person.page.evaluate(PAGE_TEXT)
    table_cards, finished_cards = card_tokens(text["table"]), card_tokens(text["finished"])
    assert set() == table_cards & hidden_cards(game.round, player)
    assert {str(card) for card in game.round.hand(player)} <= table_cards
    if game.finished is not None:
        assert set() == finished_cards & hidden_cards(game.finished, player)
    legal = set() if game.is_over else {str(a) for a in game.round.view(player).legal_actions}
    assert legal == person.controls()
    for frame in person.frames[person.checked_frames :]:
        if frame["op"] == "state":
            assert expected_frame(states[frame["step"]], player) == {**frame, "waiting": False}
        assert set() == frame_leaks(frame, states, player, len(game.actions))
    person.checked_frames = len(person.frames)
    person.dom_checks += 1


def close_round_panel(person: Person) -> None:
    """Close the finished round's panel when it is open."""
    if person.page.is_visible("#last-round"):
        person.page.click("#next-round")
        person.page.wait_for_selector("#last-round", state="hidden")


def click(person: Person, action: gr.Action) -> None:
    """Click the control of ``action``: a card of the hand for a discard, else a button."""
    person.page.click(f'#table [data-action="{action}"]')


def open_page(browser: Browser, live: LiveServer, path: str = "/") -> Person:
    """A new browser context (its own storage) showing the page, connected."""
    person = Person(browser.new_context().new_page())
    person.page.set_default_timeout(TIMEOUT * 1000)
    person.listen()
    person.page.goto(live.url + path)
    return person


def start_bot_game(browser: Browser, live: LiveServer, preset: str, bot: str) -> Person:
    """A person who opened the page and started a game against ``bot`` under ``preset``."""
    person = open_page(browser, live)
    person.page.wait_for_selector(f"#preset option[value='{preset}']", state="attached")
    person.page.select_option("#preset", preset)
    person.page.check("input[name='mode'][value='bot']")
    person.page.select_option("#bot", bot)
    person.page.click("#start")
    person.page.wait_for_selector("#table", state="visible")
    person.game_id = person.page.inner_text("#game-id")
    return person


def test_every_preset_is_drawn_and_played(live_server: LiveServer, browser: Browser) -> None:
    """Under each preset the page names the ruleset and its knock limit and plays twelve
    actions against the random bot, with the same checks after each."""
    for preset in gr.PRESETS:
        person = start_bot_game(browser, live_server, preset, "random")
        states = States()
        played = -1
        for _ in range(12):
            game = wait_until_settled(person, live_server, after=played)
            check_person(person, game, states)
            assert (preset, str(game.round.knock_limit)) == (
                person.page.inner_text("#rules-name"),
                person.page.inner_text("#knock-limit").split()[0],
            )
            close_round_panel(person)
            played = len(game.actions)
            click(person, gr.GreedyBot().act(game.round.view(0)))
        person.page.context.close()


def test_a_whole_game_against_the_bot_by_clicking_shows_no_hidden_card(
    live_server: LiveServer, browser: Browser
) -> None:
    """A person plays a whole game against the greedy bot by clicking; after every action the
    DOM and every frame received hold none of the cards it may not see, the controls are its
    legal actions, and a refused action shows the library's reason."""
    started = time.perf_counter()
    person = start_bot_game(browser, live_server, "oklahoma", "greedy")
    states = States()
    policy = gr.GreedyBot()
    refused = False
    actions = 0
    played = -1
    while True:
        game = wait_until_settled(person, live_server, after=played)
        check_person(person, game, states)
        close_round_panel(person)
        if game.is_over:
            break
        if not refused:
            person.page.fill("#notation-input", "e")
            person.page.click("#notation-send")
            reason = game.illegal_reason(gr.EndLayoffs(), 0)
            assert reason is not None
            person.page.wait_for_selector("#refusal", state="visible")
            assert f'Refused "e": {reason}' == person.page.inner_text("#refusal")
            refused = True
        click(person, policy.act(game.round.view(0)))
        actions += 1
        played = len(game.actions)
    check_person(person, game, states)  # the final page, with the settlement, and any late frame
    assert "Game over" in person.page.inner_text("#status")
    assert person.page.is_visible("#settlement")
    assert game.result.totals == (game.result.breakdown[0].total, game.result.breakdown[1].total)
    assert len(game.results) >= 2 and actions >= 20
    assert len(person.frames) == person.checked_frames
    print(
        f"\nbrowser: a whole game against the bot, {actions} clicks, {len(game.results)} rounds, "
        f"{person.dom_checks} DOM checks, {len(person.frames)} frames checked in "
        f"{time.perf_counter() - started:.1f} s"
    )


def test_two_people_in_two_browsers_see_only_their_own_cards(
    live_server: LiveServer, browser: Browser
) -> None:
    """Two people in separate browser contexts play a round and into the next: each page
    shows only what its person may see, an action out of turn is refused to its sender only,
    and the round's result reaches both."""
    started = time.perf_counter()
    first = open_page(browser, live_server)
    first.page.wait_for_selector("#preset option[value='spanish-site']", state="attached")
    first.page.select_option("#preset", "spanish-site")
    first.page.check("input[name='mode'][value='people']")
    first.page.click("#start")
    first.page.wait_for_selector("#share", state="visible")
    first.game_id = first.page.inner_text("#game-id")
    assert "Waiting for the other person to join" in first.page.inner_text("#status")
    second = open_page(browser, live_server, f"/?game={first.game_id}")
    second.player, second.game_id = 1, first.game_id
    second.page.wait_for_selector("#table", state="visible")
    people = (first, second)
    states = States()
    policy = gr.GreedyBot()
    out_of_turn = False
    played = -1
    while True:
        game = wait_until_settled(first, live_server, (second,), after=played)
        for person in people:
            check_person(person, game, states)
        if len(game.results) == 1 and game.round.events:
            break
        for person in people:
            close_round_panel(person)
        mover = people[game.to_act or 0]
        if not out_of_turn:
            waiting = people[1 - mover.player]
            waiting.page.fill("#notation-input", "s")
            waiting.page.click("#notation-send")
            waiting.page.wait_for_selector("#refusal", state="visible")
            reason = f"it is player {mover.player}'s turn, not player {waiting.player}'s"
            assert f'Refused "s": {reason}' == waiting.page.inner_text("#refusal")
            assert not mover.page.is_visible("#refusal")
            assert all(frame["op"] != "refused" for frame in mover.frames)
            out_of_turn = True
        click(mover, policy.act(game.round.view(mover.player)))
        played = len(game.actions)
    assert game.finished is not None and game.finished.result is not None
    print(
        f"\nbrowser: two people, {len(game.actions)} actions, {first.dom_checks + second.dom_checks} DOM "
        f"checks, {len(first.frames) + len(second.frames)} frames checked in "
        f"{time.perf_counter() - started:.1f} s"
    )
