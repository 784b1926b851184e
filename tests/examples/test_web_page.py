"""The web example's table as a person meets it, in headless Chromium (marker ``browser``):
the hand in its best melds with its deadwood, kept current and reorderable; what knocking now
would leave and the choice of the face-down card; which card fits which meld in the layoffs;
the result laid out with its points explained; a round's end shown before the next deal; every
action by keyboard; a reloaded tab back in its seat; the lobby's default and the icon; and the
table at 390 and 1280 pixels wide, with screenshots and no control off screen.

The games are dealt from fixed seeds and the bot is the greedy one (which decides the same way
whatever its seed), so each scenario is known in advance: with seed 2025 and the person dealing
(dealer 0) the bot knocks and the person lays off in the first round; with the bot dealing
(dealer 1) the person may knock within ten actions.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

import ginrummy as gr
from browser_pages import (
    TIMEOUT,
    LiveServer,
    Person,
    browser,
    check_person,
    close_round_panel,
    serving,
    showing,
    start_bot_game,
    wait_until_settled,
)
from ginrummy import frontend
from web_game import States

pytestmark = pytest.mark.browser

__all__ = ["browser"]  # the fixture, used by name

SCREENSHOTS = Path(os.environ.get("GINRUMMY_SCREENSHOTS", "/tmp/ginrummy-screenshots"))
"""Where the screenshots go (``$GINRUMMY_SCREENSHOTS``)."""

# Every control the person can reach that sticks out of the window, and the page's width.
OFF_SCREEN = """() => {
  const width = document.documentElement.clientWidth;
  const controls = document.querySelectorAll(
    "button, select, input, a[href], [data-action], [tabindex], summary");
  const off = [];
  for (const node of controls) {
    const box = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
    const name = node.id || node.dataset.action || node.textContent.trim().slice(0, 30);
    if (box.left < -1 || box.right > width + 1) {
      off.push(`${node.tagName} ${name} ${Math.round(box.left)}-${Math.round(box.right)}`);
    }
  }
  return { off, width, scroll: document.documentElement.scrollWidth };
}"""

HAND_GROUPS = """() => [...document.querySelectorAll("#hand .group")].map(
  (group) => ({
    kind: ["meld", "deadwood"].find((name) => group.classList.contains(name)) || "all",
    cards: [...group.querySelectorAll("[data-card]")].map((node) => node.dataset.card) }))"""


@pytest.fixture
def knocking() -> Iterator[LiveServer]:
    """Games in which the person may knock early (seed 2025, the bot deals)."""
    with serving(seed=2025, dealer=1) as live:
        yield live


@pytest.fixture
def laying_off() -> Iterator[LiveServer]:
    """Games in which the bot knocks and the person lays off (seed 2025, the person deals)."""
    with serving(seed=2025, dealer=0) as live:
        yield live


def table_hints(game: gr.Game) -> dict[str, Any]:
    """The kit's hints for the person's view of the round in play."""
    return frontend.table_data(game.round.view(0), opponent="the greedy bot")


def assert_fits(person: Person, name: str) -> Path:
    """Take a screenshot named ``name`` and assert that the page is no wider than its window
    and that no control sticks out of it."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    person.page.screenshot(path=str(path), full_page=True)
    found = person.page.evaluate(OFF_SCREEN)
    assert [] == found["off"], name
    assert found["scroll"] <= found["width"], name
    return path


def play_until(person: Person, live: LiveServer, states: States, stop: Any, limit: int = 200) -> gr.Game:
    """Play the greedy strategy by clicking, with the checks after each action, until
    ``stop(game)`` holds at the person's turn (or a round's end is shown)."""
    played = -1
    policy = gr.GreedyBot()
    for _ in range(limit):
        game = wait_until_settled(person, live, after=played)
        check_person(person, game, states)
        if stop(game):
            return game
        if close_round_panel(person, live):
            played = -1
            continue
        played = len(game.actions)
        person.page.click(f'#table [data-action="{policy.act(game.round.view(0))}"]')
    raise AssertionError("the game did not reach the position looked for")


def test_the_hand_is_laid_out_in_its_melds_kept_current_and_reordered(
    knocking: LiveServer, browser: Browser
) -> None:
    """The hand is drawn as the kit's best melds then the deadwood, with its deadwood points,
    after every action (a draw changes them); the sort buttons order it by suit and by rank; a
    card dragged onto another moves there (the order becomes the person's own); Shift+arrow
    moves the chosen card."""
    person = start_bot_game(browser, knocking, "pagat", "greedy")
    states = States()
    played = -1
    policy = gr.GreedyBot()
    for _ in range(3):  # the person could knock at its fifth action
        game = wait_until_settled(person, knocking, after=played)
        check_person(person, game, states)
        hints = table_hints(game)
        groups = person.page.evaluate(HAND_GROUPS)
        expected = [{"kind": "meld", "cards": meld} for meld in hints["arrangement"]["melds"]]
        if hints["arrangement"]["deadwood"]:
            expected.append({"kind": "deadwood", "cards": hints["arrangement"]["deadwood"]})
        assert expected == groups
        assert f"deadwood {hints['arrangement']['points']}" == person.page.inner_text("#deadwood")
        played = len(game.actions)
        person.page.click(f'#table [data-action="{policy.act(game.round.view(0))}"]')
    game = wait_until_settled(person, knocking, after=played)
    hand = [str(card) for card in game.round.hand(0)]
    person.page.click("#sorting [data-order='suit']")
    assert [{"kind": "all", "cards": hand}] == person.page.evaluate(HAND_GROUPS)
    person.page.click("#sorting [data-order='rank']")
    by_rank = sorted(hand, key=lambda text: ("A23456789TJQK".index(text[0]), "cdhs".index(text[1])))
    assert [{"kind": "all", "cards": by_rank}] == person.page.evaluate(HAND_GROUPS)
    person.page.drag_and_drop(f"#hand [data-card='{by_rank[0]}']", f"#hand [data-card='{by_rank[3]}']")
    moved = [*by_rank[1:4], by_rank[0], *by_rank[4:]]
    assert [{"kind": "all", "cards": moved}] == person.page.evaluate(HAND_GROUPS)
    assert "true" == person.page.get_attribute("#sorting [data-order='mine']", "aria-pressed")
    person.page.focus(f"#hand [data-card='{moved[0]}']")
    person.page.keyboard.press("Shift+ArrowRight")
    assert [moved[1], moved[0], *moved[2:]] == person.page.evaluate(HAND_GROUPS)[0]["cards"]
    person.page.context.close()


def test_knocking_now_the_face_down_card_and_the_result_explained(
    knocking: LiveServer, browser: Browser
) -> None:
    """On the person's discard the page says what knocking now would leave; when knocks are
    legal it offers one button per card that may go face down, saying what each leaves; after
    the knock the round's end is shown before the next deal (the server waits), laid out in
    melds with the points explained as the kit explains them, until the person deals on."""
    person = start_bot_game(browser, knocking, "pagat", "greedy")
    states = States()
    game = play_until(
        person,
        knocking,
        states,
        lambda g: any(isinstance(a, gr.Knock) for a in g.round.view(0).legal_actions),
    )
    view = game.round.view(0)
    hints = table_hints(game)
    knocks = [a for a in view.legal_actions if isinstance(a, gr.Knock)]
    buttons = person.page.eval_on_selector_all(
        "#actions button[data-action^='k ']", "nodes => nodes.map(n => [n.dataset.action, n.textContent])"
    )
    assert [str(a) for a in knocks] == [action for action, _ in buttons]
    for action, label in buttons:
        assert f"(leaves {hints['knock_cards'][action[2:]]})" in label
    now = frontend.knock_now(view)
    assert person.page.inner_text("#knock-hint").startswith(f"Knocking now leaves {now.deadwood}")
    assert_fits(person, "1280-knock")
    person.page.click(f"#actions [data-action='k {now.card}']")
    game = wait_until_settled(person, knocking, after=len(game.actions))
    assert "finished" == showing(person)
    check_person(person, game, states)
    table = knocking.table(person.game_id)
    assert table.session.paused and len(game.round.events) == 0  # the next deal waits
    finished = game.finished
    assert finished is not None and finished.result is not None
    explanation = frontend.explain_points(finished.result, gr.PAGAT, 0, opponent="the greedy bot")
    assert explanation[0].upper() + explanation[1:] + "." == person.page.inner_text("#last-explanation")
    melds = person.page.eval_on_selector_all(
        "#last-hands .end-hand:first-child .group.meld", "ns => ns.length"
    )
    assert len(finished.result.spread) == melds
    assert [str(c) for c, _ in finished.result.layoffs] == person.page.eval_on_selector_all(
        "#last-hands .card.laid", "nodes => nodes.map(n => n.dataset.card)"
    )
    assert_fits(person, "1280-result")
    person.page.keyboard.press("n")
    person.page.wait_for_selector("#last-round", state="hidden")
    deadline = time.monotonic() + TIMEOUT
    while table.session.paused:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    game = wait_until_settled(person, knocking)
    assert "round" == showing(person)
    check_person(person, game, states)
    person.page.context.close()


def test_layoffs_show_which_card_fits_which_meld(laying_off: LiveServer, browser: Browser) -> None:
    """When the bot knocks, the spread lists under each meld a button for each card of the hand
    that fits it (exactly the legal layoffs), the fitting cards are marked in the hand, and
    laying one off by keyboard (L on the chosen card) plays that layoff."""
    person = start_bot_game(browser, laying_off, "pagat", "greedy", width=390, height=844)
    states = States()
    game = play_until(person, laying_off, states, lambda g: g.round.phase is gr.Phase.LAYOFF)
    view = game.round.view(0)
    layoffs = {str(a) for a in view.legal_actions if isinstance(a, gr.LayOff)}
    assert layoffs
    assert layoffs == set(
        person.page.eval_on_selector_all("#spread button.layoff", "nodes => nodes.map(n => n.dataset.action)")
    )
    fitting = {action.split()[1] for action in layoffs}
    assert fitting == set(
        person.page.eval_on_selector_all("#hand .card.fits", "ns => ns.map(n => n.dataset.card)")
    )
    assert_fits(person, "390-layoff")
    card = sorted(fitting)[0]
    first = next(a for a in view.legal_actions if isinstance(a, gr.LayOff) and str(a.card) == card)
    person.page.focus(f"#hand [data-card='{card}']")
    person.page.keyboard.press("l")
    game = wait_until_settled(person, laying_off, after=len(game.actions))
    assert first == game.round.actions[-1]
    person.page.keyboard.press("e")
    game = wait_until_settled(person, laying_off, after=len(game.actions))
    check_person(person, game, states)
    assert_fits(person, "390-result")
    person.page.context.close()


def keys_for(action: gr.Action, person: Person) -> list[str]:
    """The keys that play ``action`` on the page: a letter, or a card chosen then a letter."""
    simple = {gr.DrawStock: "s", gr.TakeDiscard: "t", gr.PassUpcard: "p", gr.EndLayoffs: "e", gr.BigGin: "g"}
    for kind, key in simple.items():
        if isinstance(action, kind):
            return [key]
    assert isinstance(action, (gr.Discard, gr.Knock, gr.LayOff))
    cards = person.page.eval_on_selector_all("#hand [data-card]", "nodes => nodes.map(n => n.dataset.card)")
    index = cards.index(str(action.card))
    choose = ["1", *["ArrowRight"] * index]
    letter = {gr.Discard: "d", gr.Knock: "k", gr.LayOff: "l"}[type(action)]
    return [*choose, letter]


def test_a_whole_game_by_keyboard_alone(knocking: LiveServer, browser: Browser) -> None:
    """A whole game played with keys only (digits and arrows choose a card; D, K, L, S, T, P,
    E, G act; N deals on), each key press playing exactly the action meant, with the checks
    after every action; the layoffs are the first meld each card fits, as L plays them."""
    person = start_bot_game(browser, knocking, "pagat", "greedy")
    states = States()
    policy = gr.GreedyBot()
    played = -1
    actions = 0
    while True:
        game = wait_until_settled(person, knocking, after=played)
        check_person(person, game, states)
        if game.is_over:
            break
        if showing(person) == "finished":
            person.page.keyboard.press("n")
            person.page.wait_for_selector("#last-round", state="hidden")
            table = knocking.table(person.game_id)
            deadline = time.monotonic() + TIMEOUT
            while table.session.paused:
                assert time.monotonic() < deadline
                time.sleep(0.01)
            played = -1
            continue
        action = policy.act(game.round.view(0))
        if isinstance(action, gr.LayOff):  # L lays the card onto the first meld it fits
            action = next(
                a
                for a in game.round.view(0).legal_actions
                if isinstance(a, gr.LayOff) and a.card == action.card
            )
        for key in keys_for(action, person):
            person.page.keyboard.press(key)
        played = len(game.actions)
        game = wait_until_settled(person, knocking, after=played)
        done = game.actions[played]
        if isinstance(action, gr.Knock):  # the game records the spread the library chose
            assert isinstance(done, gr.Knock) and action.card == done.card
        else:
            assert action == done
        actions += 1
    assert actions >= 40 and len(game.results) >= 2
    person.page.context.close()


def test_a_reloaded_tab_gets_its_seat_back(knocking: LiveServer, browser: Browser) -> None:
    """A reload mid-game rejoins the same seat with the token the page kept, draws the same
    hand, and plays on."""
    person = start_bot_game(browser, knocking, "pagat", "greedy")
    states = States()
    game = wait_until_settled(person, knocking)
    person.page.click(f'#table [data-action="{gr.GreedyBot().act(game.round.view(0))}"]')
    game = wait_until_settled(person, knocking, after=len(game.actions))
    hand = person.page.eval_on_selector_all("#hand [data-card]", "ns => ns.map(n => n.dataset.card).sort()")
    person.frames.clear()
    person.checked_frames = 0
    person.page.reload()
    person.page.wait_for_selector("#table", state="visible")
    game = wait_until_settled(person, knocking)
    assert person.game_id == person.page.inner_text("#game-id")
    assert hand == person.page.eval_on_selector_all(
        "#hand [data-card]", "ns => ns.map(n => n.dataset.card).sort()"
    )
    check_person(person, game, states)
    person.page.click(f'#table [data-action="{gr.GreedyBot().act(game.round.view(0))}"]')
    wait_until_settled(person, knocking, after=len(game.actions))
    person.page.context.close()


def test_the_lobby_defaults_to_pagat_and_nothing_fails_to_load(
    knocking: LiveServer, browser: Browser
) -> None:
    """The lobby offers pagat first (as the rest of the library does), the icon loads, and no
    request fails and nothing is logged as an error while a game starts and a move is made."""
    context = browser.new_context()
    page = context.new_page()
    failures: list[str] = []
    page.on("console", lambda message: failures.append(message.text) if message.type == "error" else None)
    page.on("response", lambda response: failures.append(response.url) if response.status >= 400 else None)
    page.on("requestfailed", lambda request: failures.append(request.url))
    page.goto(knocking.url + "/")
    page.wait_for_selector("#preset option[value='pagat']", state="attached")
    assert "pagat" == page.eval_on_selector("#preset", "node => node.value")
    icon = page.request.get(knocking.url + "/favicon.ico")
    assert (200, "image/svg+xml") == (icon.status, icon.headers["content-type"].split(";")[0])
    page.click("#start")
    page.wait_for_selector("#hand [data-card]")
    assert [] == failures
    context.close()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 900)])
def test_the_table_fits_a_phone_and_a_desktop(
    knocking: LiveServer, browser: Browser, width: int, height: int
) -> None:
    """At 390 and 1280 pixels wide, the lobby, the table at the person's draw and discard, and
    a round's result fit the window: no control sticks out and the page does not scroll
    sideways. The screenshots are kept (``$GINRUMMY_SCREENSHOTS``)."""
    person = start_bot_game(browser, knocking, "pagat", "greedy", width=width, height=height)
    states = States()
    shots = [assert_fits(person, f"{width}-start")]
    play_until(person, knocking, states, lambda g: g.round.phase is gr.Phase.DISCARD and g.to_act == 0)
    shots.append(assert_fits(person, f"{width}-discard"))
    person.page.click("#more summary")
    shots.append(assert_fits(person, f"{width}-keys"))
    play_until(person, knocking, states, lambda g: showing(person) == "finished")
    shots.append(assert_fits(person, f"{width}-round-end"))
    print(f"\nscreenshots at {width} px: {', '.join(str(path) for path in shots)}")
    person.page.context.close()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 900)])
def test_the_deal_is_committed_to_before_the_round_and_verified_after_it(
    knocking: LiveServer, browser: Browser, width: int, height: int
) -> None:
    """While a round is played the table shows the commitment to its deck (the server's,
    before the person's first move); at the round's end the panel shows the same commitment
    and the salt, and "Verify the deal" checks in the browser that SHA-256 of the salt and the
    deck revealed is that commitment, and says "NOT verified" for a deck changed since; the
    panel fits the window. Screenshots are kept."""
    person = start_bot_game(browser, knocking, "pagat", "greedy", width=width, height=height)
    states = States()
    wait_until_settled(person, knocking)
    table = knocking.table(person.game_id)
    committed = table.session.deals[0].commitment
    assert committed == person.page.inner_text("#deal-commitment")
    assert "1" == person.page.inner_text("#deal-number")
    shots = [assert_fits(person, f"{width}-deal-committed")]
    play_until(person, knocking, states, lambda g: showing(person) == "finished")
    assert person.page.is_visible("#last-deal") and not person.page.is_visible("#fair-deal")
    assert committed == person.page.inner_text("#last-commitment")
    deal = table.session.deals[0]
    assert deal.salt == person.page.inner_text("#last-salt")
    person.page.click("#verify-deal")
    person.page.wait_for_selector('#verify-result[data-verified="true"]')
    assert "Verified: the deck dealt is the one committed to before the round." == person.page.inner_text(
        "#verify-result"
    )
    shots.append(assert_fits(person, f"{width}-deal-verified"))
    # a reveal changed in the page (as a server cheating after the round would send it)
    person.page.evaluate(
        "() => { frame.deal.revealed.deck = frame.deal.revealed.deck.split(' ').reverse().join(' '); }"
    )
    person.page.click("#verify-deal")
    person.page.wait_for_selector('#verify-result[data-verified="false"]')
    assert person.page.inner_text("#verify-result").startswith("NOT verified: the deck and salt revealed")
    print(f"\nscreenshots at {width} px: {', '.join(str(path) for path in shots)}")
    person.page.context.close()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 900)])
def test_the_hint_button_shows_the_moves_ranked_and_why(
    knocking: LiveServer, browser: Browser, width: int, height: int
) -> None:
    """On the person's turn against the bot, "Hint" shows the suggested move and the next ones
    with their reasons, the lines of ``frontend.suggest`` of the person's view; the server's
    session records the use; the hint goes when the person moves; the table still fits."""
    person = start_bot_game(browser, knocking, "pagat", "greedy", width=width, height=height)
    game = wait_until_settled(person, knocking)
    expected = frontend.suggest(game.round.view(0)).lines()
    person.page.click("#hint-button")
    person.page.wait_for_selector("#hint .hint-line")
    shown = person.page.eval_on_selector_all("#hint .hint-line", "ns => ns.map(n => n.textContent)")
    assert expected == shown
    assert (len(game.actions),) == knocking.table(person.game_id).session.hints_used
    path = assert_fits(person, f"{width}-hint")
    person.page.click(f'#table [data-action="{gr.GreedyBot().act(game.round.view(0))}"]')
    wait_until_settled(person, knocking, after=len(game.actions))
    assert [] == person.page.eval_on_selector_all("#hint .hint-line", "ns => ns.map(n => n.textContent)")
    print(f"\nscreenshot at {width} px: {path}")
    person.page.context.close()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 900)])
def test_the_round_end_offers_a_review_of_the_round(
    knocking: LiveServer, browser: Browser, width: int, height: int
) -> None:
    """At a round's end, "Review this round" shows the lines of ``review_text`` of
    ``gr.review`` of the round for the person's seat, within the panel, and the panel fits
    the window (issue 52, item 3). Screenshots are kept."""
    person = start_bot_game(browser, knocking, "pagat", "greedy", width=width, height=height)
    states = States()
    wait_until_settled(person, knocking)
    game = play_until(person, knocking, states, lambda g: showing(person) == "finished")
    person.page.click("#review-round")
    person.page.wait_for_selector("#review .hint-line", timeout=60_000)
    shown = person.page.eval_on_selector_all("#review .hint-line", "ns => ns.map(n => n.textContent)")
    assert frontend.review_text(gr.review(game, 0), width=100).splitlines() == shown
    path = assert_fits(person, f"{width}-review")
    print(f"\nscreenshot at {width} px: {path}")
    person.page.context.close()


def test_the_lobby_lists_the_levels_with_their_ratings(knocking: LiveServer, browser: Browser) -> None:
    """The lobby's bot list holds each level with its name and its rating under pagat, and a
    game against a level seats it (issue 52, item 1)."""
    person = start_bot_game(browser, knocking, "pagat", "level:2", width=1280, height=900)
    table = knocking.table(person.game_id)
    assert "level:2" == table.bot_name
    assert 2 == table.session.bot(1).level.number
    labels = person.page.eval_on_selector_all(
        "#bot optgroup[label^='levels'] option", "ns => ns.map(n => n.textContent)"
    )
    ratings = [level.rating(gr.PAGAT) for level in gr.LEVELS]
    assert [
        f"level {level.number}, {level.name} ({round(rating.elo)})"
        for level, rating in zip(gr.LEVELS, ratings, strict=True)
        if rating is not None
    ] == labels
    assert 5 == len(labels)
    person.page.context.close()
