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

import time

import pytest
from playwright.sync_api import Browser

import ginrummy as gr
from browser_pages import (
    LiveServer,
    browser,
    check_person,
    click,
    close_round_panel,
    live_server,
    open_page,
    send_notation,
    start_bot_game,
    wait_until_settled,
)
from web_game import States

pytestmark = pytest.mark.browser

__all__ = ["browser", "live_server"]  # the fixtures, used by name


def test_every_preset_is_drawn_and_played(live_server: LiveServer, browser: Browser) -> None:
    """Under each preset the page names the ruleset and its knock limit and plays twelve
    actions against the random bot, with the same checks after each."""
    for preset in gr.PRESETS:
        person = start_bot_game(browser, live_server, preset, "random")
        states = States()
        played = -1
        for _ in range(12):
            game = wait_until_settled(person, live_server, after=played)
            check_person(person, game, states, "the random bot")
            if close_round_panel(person, live_server):
                played = -1
                continue
            assert (preset, str(game.round.knock_limit)) == (
                person.page.inner_text("#rules-name"),
                person.page.inner_text("#knock-limit").split()[0],
            )
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
        if game.is_over:
            break
        if close_round_panel(person, live_server):
            played = -1
            continue
        if not refused:
            send_notation(person, "e")
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
            check_person(person, game, states, "the other person")
        if len(game.results) == 1 and game.round.events:
            break
        for person in people:
            close_round_panel(person)
        mover = people[game.to_act or 0]
        if not out_of_turn:
            waiting = people[1 - mover.player]
            send_notation(waiting, "s")
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
