"""No hidden card leaks through the front-end kit: two sessions whose games differ only in what
the person cannot see show the person exactly the same things (the view, the table, the news in
words, the controls, the page's data, the terminal text, a save's open part and size), and no
text the kit writes names a card the person may not see at that moment.

The second game of each pair is drawn with ``GameView.sample``: a game the person could be in,
with the opponent's unseen cards and the stock drawn anew.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import attrs

import ginrummy as gr
from ginrummy import frontend
from ginrummy.frontend import Session
from sealed_saves import KEY
from web_game import card_tokens, hidden_cards, json_tokens


def shown(session: Session) -> dict[str, Any]:
    """Everything the kit shows the person of ``session``."""
    table = session.table
    data: dict[str, Any] = {
        "view": session.view,
        "table": table,
        "paused": session.paused,
        "legal": session.legal_actions,
        "controls": session.controls,
        "news": [frontend.describe_event(e, session.person, opponent="the bot") for _, e in session.news],
        "page": frontend.table_data(table, opponent="the bot"),
        "text": frontend.table_text(table, opponent="the bot"),
        "game-text": str(session.view),
        "knock": frontend.knock_now(table),
        "discards": frontend.discard_deadwood(table),
        "open": json.loads(session.save(KEY, save_id="one"))["open"],
        "revealed": [deal.revealed for deal in session.deals],  # the contents: test_fair_deals
        "sealed-size": len(json.loads(session.save(KEY))["sealed"]),
    }
    if table.result is not None:
        data["end"] = frontend.round_end_text(table, opponent="the bot")
    for card in session.controls.knock_cards:
        data[f"spreads {card}"] = frontend.knock_spreads(table, card).spreads
    return data


def texts(data: dict[str, Any]) -> Iterator[str]:
    """The strings among what the kit shows (the view objects excepted, checked elsewhere)."""
    for key in ("text", "end"):
        value = data.get(key)
        if isinstance(value, str):
            yield value
        elif isinstance(value, list):
            yield from value


def sessions(preset: str, seed: int) -> Iterator[Session]:
    """Every session state of a game the person plays with the greedy strategy against the
    tracker bot."""
    session = Session.new(gr.PRESETS[preset], bot="tracker", seed=seed, dealer=seed % 2, person=seed % 2)
    strategy = gr.GreedyBot()
    while True:
        yield session
        if session.is_over:
            return
        session = session.deal_on() if session.paused else session.apply(strategy.act(session.table))


def twin(session: Session, rng: random.Random) -> Session:
    """A session the person cannot tell from ``session``: its game sampled from the person's
    view of the game (its decks and actions, under the same seed, which deals the rounds to
    come and which the person does not know either)."""
    sampled = session.view.sample(rng)
    game = session.game
    record = gr.GameRecord(
        rules=game.rules,
        seed=game.seed,
        first_dealer=game.first_dealer,
        decks=sampled.decks,
        actions=sampled.actions,
    )
    return attrs.evolve(session, game=gr.Game.replay(record))


def test_sessions_differing_only_in_unseen_cards_show_the_person_the_same() -> None:
    """Along whole games of four presets, a twin session (the hidden cards drawn anew) shows
    the person the same view, table, news, controls, page data, texts, hints, knock spreads,
    and a save with the same open part and the same sealed size; the twins' games do differ."""
    rng = random.Random(5)
    differ = 0
    for preset in ("pagat", "oklahoma", "spanish-site", "round-the-corner"):
        for index, session in enumerate(sessions(preset, 3)):
            if index % 4:
                continue
            other = twin(session, rng)
            differ += other.game.round != session.game.round
            assert shown(session) == shown(other)
    assert differ > 20


def test_no_text_of_the_kit_names_a_card_the_person_may_not_see() -> None:
    """At every step of whole games, the news in words, the terminal table, the round's end and
    the page's data name no card the person may not see (the stock, the bot's unseen cards, a
    face-down knock card), judged on the omniscient round the table shows (the round that
    ended, while paused). (The game view's picture mixes rounds, whose cards come back in later
    deals; the twin test above covers it.)"""
    checked = 0
    for preset in ("pagat", "straight", "hollywood"):
        for session in sessions(preset, 8):
            data = shown(session)
            finished = session.game.finished
            r = (
                finished
                if (session.paused or session.is_over) and finished is not None
                else session.game.round
            )
            hidden = hidden_cards(r, session.person)
            for text in texts(data):
                assert set() == card_tokens(text) & hidden, text
            rounds = list(session.game.played)
            if not session.is_over:
                rounds.append(session.game.round)
            for number, event in session.news:  # the news may reach back into the round before
                text = frontend.describe_event(event, session.person, glyphs=True)
                assert set() == card_tokens(text) & hidden_cards(rounds[number], session.person), text
            assert set() == json_tokens(data["page"]) & hidden
            assert set() == json_tokens(data["open"])
            checked += 1
    assert checked > 300


def test_the_news_after_a_round_ends_shows_the_bots_knock_card_only_then() -> None:
    """The bot's knock reads "laying a card face down" while the round goes on and names the
    card once the round is over (both from the person's own view)."""
    for session in sessions("pagat", 2):
        r = session.game.round
        if r.knocker == 1 - session.person and not r.is_over and r.knock_card is not None:
            news = [frontend.describe_event(e, session.person) for _, e in session.news]
            assert any("laying a card face down" in line for line in news)
            assert all(str(r.knock_card) not in line.split() for line in news)
            return
    raise AssertionError("no knock by the bot with layoffs in this game")  # pragma: no cover
