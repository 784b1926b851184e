"""The web example's server (``examples/web/server.py``) without a browser: Starlette's test
client plays through its websocket protocol.

It checks that a whole game against the bot can be played, that every state frame is exactly
the receiving player's view of the game after that action (and of the last finished round, with
the kit's hints), valid against the frames' schema, that no frame shows a card the player may
not see, that refused actions are explained to the sender alone, and that two games differing
only in what a player cannot see send that player the same frames. The server's survival (seat
tokens, timeouts, clients that leave while the bot thinks, hostile frames) is in
``tests/examples/test_web_survival.py``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

import ginrummy as gr
from ginrummy import frontend
from repository import ROOT
from web_game import (
    SERVER,
    States,
    deal_errors,
    expected_frame,
    frame_errors,
    frame_leaks,
    hidden_cards,
    json_tokens,
    load_server,
    seeded,
)

server = load_server()


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next frame, parsed."""
    frame: dict[str, Any] = json.loads(ws.receive_text())
    return frame


def start(
    stack: ExitStack, client: TestClient, **message: Any
) -> tuple[WebSocketTestSession, dict[str, Any]]:
    """Connect (closed when ``stack`` closes), read the hello frame, send ``message`` and
    return the socket and the reply."""
    ws = stack.enter_context(client.websocket_connect("/ws"))
    assert "hello" == receive(ws)["op"]
    ws.send_text(json.dumps(message))
    return ws, receive(ws)


def table_of(client: TestClient) -> Any:
    """The one table the app holds."""
    tables = list(client.app.state.hub.tables.values())  # type: ignore[attr-defined]
    assert 1 == len(tables)
    return tables[0]


def test_page_and_its_files_are_served() -> None:
    """The page, its script, its style sheet and its icon are served (the icon also at
    ``/favicon.ico``, where browsers look first)."""
    with TestClient(server.create_app()) as client:
        page = client.get("/")
        assert 200 == page.status_code
        assert "<title>Gin rummy</title>" in page.text
        assert 'rel="icon"' in page.text
        for name in ("app.js", "style.css", "favicon.svg"):
            assert 200 == client.get(f"/static/{name}").status_code
        icon = client.get("/favicon.ico")
        assert (200, "image/svg+xml") == (icon.status_code, icon.headers["content-type"].split(";")[0])


def test_hello_lists_every_preset_and_bot() -> None:
    """A new connection is greeted with the presets and bots it may choose from, each level
    as ``level:N`` with its name and its rating under pagat (issue 52, item 1)."""
    bots = [name for name in gr.BOTS if name != "level"] + [f"level:{n}" for n in range(1, 6)]
    with TestClient(server.create_app()) as client, client.websocket_connect("/ws") as ws:
        hello = receive(ws)
        assert {"op": "hello", "presets": list(gr.PRESETS), "bots": bots} == {
            key: value for key, value in hello.items() if key != "levels"
        }
        assert ["beginner", "novice", "casual", "club", "expert"] == [
            level["name"] for level in hello["levels"]
        ]
        ratings = [level["rating"] for level in hello["levels"]]
        first = gr.LEVELS[0].rating(gr.PAGAT)
        assert first is not None and ratings == sorted(ratings) and ratings[0] == round(first.elo)


def test_a_table_against_a_level_seats_that_level() -> None:
    """``new`` with ``"bot": "level:2"`` seats level 2: the table names it as its opponent and
    its session plays the level's bot."""
    with TestClient(server.create_app()) as client, client.websocket_connect("/ws") as ws:
        receive(ws)
        ws.send_text('{"op": "new", "mode": "bot", "preset": "pagat", "bot": "level:2"}')
        joined = receive(ws)
        assert ("joined", "level:2") == (joined["op"], joined["opponent"])


def test_a_whole_game_against_the_bot_sends_the_players_view_after_every_action() -> None:
    """A person plays a whole game against the greedy bot; after every action (its own and
    the bot's) it receives exactly its view of the game and of the last finished round with the
    kit's hints, each frame valid against the frames' schema; at each round's end the server
    pauses until the person sends ``next``; no frame holds a card the person may not see."""
    app = server.create_app(make_game=seeded(seed=11, dealer=0))
    person = gr.GreedyBot()
    states = States()
    frames: list[dict[str, Any]] = []
    with TestClient(app) as client, ExitStack() as stack:
        ws, joined = start(stack, client, op="new", mode="bot", preset="straight", bot="greedy")
        assert ("joined", 0, "bot", "greedy") == (
            joined["op"],
            joined["player"],
            joined["mode"],
            joined["opponent"],
        )
        table = table_of(client)
        while True:
            frame = receive(ws)
            frames.append(frame)
            view = gr.loads(json.dumps(frame["view"]))
            if view.is_over:
                break
            if frame["paused"]:
                ws.send_text(json.dumps({"op": "next"}))
            elif view.round.to_act == 0:
                ws.send_text(json.dumps({"op": "act", "action": str(person.act(view.round))}))
        ws.close()
        states.follow(table.game)
    assert table.game.is_over
    steps = [frame["step"] for frame in frames]
    assert steps == sorted(steps) and len(table.game.actions) == steps[-1]
    for skipped in set(range(steps[-1])) - set(steps):  # one frame per bot turn: the draw is not sent
        assert 1 == states[skipped].to_act and 1 == frontend.actors(table.game)[skipped - 1]
    pauses = [frame for frame in frames if frame["paused"]]
    assert len(table.game.results) - 1 == len(pauses)
    for frame in frames:
        expected = expected_frame(states[frame["step"]], 0, paused=frame["paused"], secret=table.deal_secret)
        assert expected == frame
        assert [] == frame_errors(frame)
        assert set() == frame_leaks(frame, states, 0, frame["step"])


@pytest.mark.parametrize("preset", list(gr.PRESETS))
def test_every_preset_can_be_hosted(preset: str) -> None:
    """A game under each preset starts, and its first frame is the person's view of it."""
    app = server.create_app(make_game=seeded(seed=1, dealer=1))
    with TestClient(app) as client, ExitStack() as stack:
        ws, joined = start(stack, client, op="new", mode="bot", preset=preset, bot="random")
        frame = receive(ws)
        game = gr.Game.new(gr.PRESETS[preset], seed=1, dealer=1)
        expected = expected_frame(game, 0, opponent="the random bot", secret=table_of(client).deal_secret)
        assert (0, expected) == (joined["player"], frame)
        assert preset == frame["view"]["data"]["rules"]["name"]


def test_frames_show_the_opponents_cards_only_once_the_rules_show_them() -> None:
    """The leak check is not vacuous: the last frame of a round that ended with a knock
    shows the opponent's hand, which was hidden one action before."""
    app = server.create_app(make_game=seeded(seed=11, dealer=0))
    with TestClient(app) as client, ExitStack() as stack:
        ws, _ = start(stack, client, op="new", mode="bot", preset="straight", bot="greedy")
        person = gr.GreedyBot()
        while True:
            frame = receive(ws)
            view = gr.loads(json.dumps(frame["view"]))
            if view.results:
                break
            if view.round.to_act == 0 and not frame["paused"]:
                ws.send_text(json.dumps({"op": "act", "action": str(person.act(view.round))}))
        ws.close()
        states = States()
        states.follow(table_of(client).game)
    finished = states.finished[0]
    before = states[frame["step"] - 1].round
    shown = {str(card) for card in finished.hand(1)}
    assert shown == set(frame["finished"]["data"]["opponent_hand"])
    assert shown & hidden_cards(before, 0)


def two_people(stack: ExitStack, client: TestClient) -> tuple[WebSocketTestSession, WebSocketTestSession]:
    """Player 0 opens a game for two people and player 1 joins it; both first frames read."""
    first, joined = start(stack, client, op="new", mode="people", preset="pagat")
    assert receive(first)["waiting"]
    second, joined_second = start(stack, client, op="join", game=joined["game"])
    assert (0, 1) == (joined["player"], joined_second["player"])
    assert not receive(first)["waiting"]
    assert not receive(second)["waiting"]
    return first, second


def test_an_action_before_the_second_person_joins_is_refused() -> None:
    """Nobody plays until both people are seated."""
    with TestClient(server.create_app(make_game=seeded(seed=3, dealer=1))) as client, ExitStack() as stack:
        ws, _ = start(stack, client, op="new", mode="people", preset="pagat")
        assert receive(ws)["waiting"]
        ws.send_text(json.dumps({"op": "act", "action": "p"}))
        assert {
            "op": "refused",
            "action": "p",
            "reason": "waiting for the other player to join",
            "step": 0,
        } == (receive(ws))


def test_refusals_give_the_librarys_reason_to_the_sender_alone() -> None:
    """An action out of turn, an illegal action and unreadable notation are refused with
    ``illegal_reason`` (or the parse error) to their sender only; nothing is applied, and the
    other person's next frame is the state after its own next action."""
    with TestClient(server.create_app(make_game=seeded(seed=3, dealer=1))) as client, ExitStack() as stack:
        first, second = two_people(stack, client)
        game = table_of(client).game
        assert 0 == game.to_act
        attempts = [(second, 1, "p"), (first, 0, "s"), (first, 0, "d " + str(next(iter(game.round.hand(1)))))]
        for ws, player, text in attempts:
            ws.send_text(json.dumps({"op": "act", "action": text}))
            reason = game.illegal_reason(gr.parse_action(text), player)
            assert {"op": "refused", "action": text, "reason": reason, "step": 0} == receive(ws)
        first.send_text(json.dumps({"op": "act", "action": "zz"}))
        refused = receive(first)
        assert "invalid action 'zz': unknown action 'zz'" == refused["reason"]
        assert game is table_of(client).game
        first.send_text(json.dumps({"op": "act", "action": "p"}))
        assert (1, "state") == (receive(first)["step"], receive(second)["op"])


def test_protocol_errors_are_explained() -> None:
    """Messages the server cannot act on get an error frame naming the problem."""
    with TestClient(server.create_app()) as client, client.websocket_connect("/ws") as ws:
        receive(ws)
        cases = [
            ("not json", "invalid message 'not json': not JSON"),
            ("[1]", "invalid message '[1]': expected a JSON object"),
            (
                '{"op": "fly"}',
                "unknown op 'fly': expected 'new', 'join', 'act', 'next', 'undo', 'hint' or 'review'",
            ),
            ('{"op": "next"}', "not seated at a game: send 'new' or 'join' first"),
            ("[" * 1000 + "]" * 1000, "invalid message '" + "[" * 80 + "': nested deeper than 8"),
            ('{"op": "act", "action": "s"}', "not seated at a game: send 'new' or 'join' first"),
            ('{"op": "join", "game": "nope"}', "unknown game 'nope'"),
            (
                '{"op": "new", "mode": "solo", "preset": "pagat"}',
                "unknown mode 'solo': expected 'bot' or 'people'",
            ),
            ('{"op": "new", "mode": "bot", "preset": 7}', "invalid 'preset': expected a string, got 7"),
            (
                '{"op": "new", "mode": "bot", "preset": "gin", "bot": "x"}',
                "unknown preset 'gin': known presets are " + ", ".join(gr.PRESETS),
            ),
            (
                '{"op": "new", "mode": "bot", "preset": "pagat", "bot": "x"}',
                "unknown bot 'x': known bots are " + ", ".join(server.table_bots()),
            ),
        ]
        for text, message in cases:
            ws.send_text(text)
            assert {"op": "error", "message": message} == receive(ws)


def test_a_third_person_cannot_join_and_a_token_takes_a_seat_back() -> None:
    """A game for two has no seat for a third connection; a person whose connection closed
    takes its seat back with its token, and an unknown token is refused."""
    with TestClient(server.create_app(make_game=seeded(seed=3, dealer=1))) as client, ExitStack() as stack:
        first, joined = start(stack, client, op="new", mode="people", preset="pagat")
        game_id = joined["game"]
        receive(first)
        start(stack, client, op="join", game=game_id)
        third, error = start(stack, client, op="join", game=game_id)
        assert {"op": "error", "message": f"game {game_id!r} has no free seat"} == error
        third.send_text(json.dumps({"op": "join", "game": game_id, "token": "forged"}))
        assert {"op": "error", "message": f"token 'forged' holds no seat in game {game_id!r}"} == receive(
            third
        )
        first.close()
        third.send_text(json.dumps({"op": "join", "game": game_id, "token": joined["token"]}))
        rejoined = receive(third)
        assert (0, joined["token"]) == (rejoined["player"], rejoined["token"])
        table = table_of(client)
        expected = expected_frame(table.game, 0, opponent="the other person", secret=table.deal_secret)
        assert expected == receive(third)


def deck_pair() -> tuple[tuple[gr.Card, ...], tuple[gr.Card, ...]]:
    """Two decks whose deals differ only in one card of player 1's hand swapped with the
    bottom card of the stock: player 0 cannot tell them apart."""
    deck = tuple(gr.Game.new(gr.PAGAT, seed=5, dealer=0).decks[0])
    dealt = gr.Round.deal(gr.PAGAT, 0, deck=deck)
    mine, bottom = next(iter(dealt.hand(1))), dealt.stock[0]
    swapped = tuple(bottom if card == mine else mine if card == bottom else card for card in deck)
    other = gr.Round.deal(gr.PAGAT, 0, deck=swapped)
    assert (dealt.hand(0), other.hand(1)) == (other.hand(0), dealt.hand(1).remove(mine).add(bottom))
    return deck, swapped


def frames_of_both(deck: tuple[gr.Card, ...]) -> tuple[list[str], list[str]]:
    """Every frame each person receives while both pass, player 1 draws and discards the
    card it drew, and player 0 does the same."""
    game = gr.Game.replay(gr.GameRecord(rules=gr.PAGAT, seed=0, first_dealer=0, decks=(deck,), actions=()))
    app = server.create_app(make_game=lambda rules: game)
    with TestClient(app) as client, ExitStack() as stack:
        first, second = two_people(stack, client)
        texts: tuple[list[str], list[str]] = ([], [])
        for ws, action in [
            (second, "p"),
            (first, "p"),
            (second, "s"),
            (second, "d?"),
            (first, "s"),
            (first, "d?"),
        ]:
            text = discard_drawn(client) if action == "d?" else action
            ws.send_text(json.dumps({"op": "act", "action": text}))
            texts[0].append(first.receive_text())
            texts[1].append(second.receive_text())
    return texts


def discard_drawn(client: TestClient) -> str:
    """The discard of the card the player to act just drew from the stock."""
    game = table_of(client).game
    drawn = game.round.events[-1].card
    assert drawn is not None
    return f"d {drawn}"


def test_games_differing_only_in_unseen_cards_send_a_player_the_same_frames() -> None:
    """Two games whose deals differ only in a card of the opponent's hand swapped with a
    stock card send player 0 identical frames, while player 1's frames differ. The one
    exception is the commitment to the deck, which is a hash of the deck and a secret salt
    (random for each table): it differs, and tells nothing (``tests/test_dealing.py``), and
    no frame before the round's end holds the salt or the deck."""
    deck, swapped = deck_pair()
    frames, other = frames_of_both(deck), frames_of_both(swapped)
    assert without_commitments(frames[0]) == without_commitments(other[0])
    assert frames[1] != other[1]
    notation = " ".join(map(str, deck))
    assert all(notation not in text and '"revealed": null' in text for text in frames[0] + frames[1])


def without_commitments(texts: list[str]) -> list[dict[str, Any]]:
    """The frames of ``texts``, each without its commitment (checked to be 64 hexadecimal digits)."""
    frames = [json.loads(text) for text in texts]
    for frame in frames:
        assert re.fullmatch("[0-9a-f]{64}", frame["deal"].pop("commitment"))
    return frames


def test_the_commitment_shown_in_play_is_the_one_revealed_and_it_verifies() -> None:
    """Along a whole game against the bot: each round's commitment stays the same while the
    round is played, the reveal at its end has that commitment, is the deck dealt, and
    verifies with ``gr.verify_deal``; the deck of the round in play is never in a frame."""
    app = server.create_app(make_game=seeded(seed=12, dealer=1))
    person = gr.GreedyBot()
    commitments: dict[int, str] = {}
    revealed = set()
    with TestClient(app) as client, ExitStack() as stack:
        ws, _ = start(stack, client, op="new", mode="bot", preset="pagat", bot="greedy")
        table = table_of(client)
        states = States()
        while True:
            frame = receive(ws)
            states.follow(table.game)
            game = states[frame["step"]]
            assert [] == deal_errors(frame, game, commitments)
            if not frame["paused"] and not game.is_over:
                assert " ".join(map(str, game.decks[-1])) not in json.dumps(frame)
            if frame["deal"]["revealed"] is not None:
                revealed.add(frame["deal"]["revealed"]["number"])
            view = gr.loads(json.dumps(frame["view"]))
            if view.is_over:
                break
            if frame["paused"]:
                ws.send_text(json.dumps({"op": "next"}))
            elif view.round.to_act == 0:
                ws.send_text(json.dumps({"op": "act", "action": str(person.act(view.round))}))
    assert revealed == set(range(1, len(table.game.results) + 1)) and len(revealed) > 1


def test_the_server_script_shows_its_options() -> None:
    """``python examples/web/server.py --help`` describes the server and exits with 0."""
    completed = subprocess.run(
        [sys.executable, str(SERVER), "--help"], capture_output=True, text=True, check=False, timeout=60
    )
    assert 0 == completed.returncode, completed.stderr
    assert "--bot-delay" in completed.stdout


def test_the_web_lobby_names_the_presets_and_defaults_to_the_default_bot() -> None:
    """The lobby describes every preset in the page itself, telling the person in a browser
    to run no command (it said "``ginrummy presets`` shows every preset's rules"), and
    preselects ``gr.DEFAULT_BOT`` (it preselected greedy where the command line plays the
    default bot)."""
    page = (ROOT / "examples" / "web" / "static" / "index.html").read_text(encoding="utf-8")
    script = (ROOT / "examples" / "web" / "static" / "app.js").read_text(encoding="utf-8")
    lobby = page.split('<section id="lobby"', 1)[1].split("</section>", 1)[0]
    assert list(gr.PRESETS) == re.findall(r"<dt>([\w-]+)</dt><dd>", lobby)
    assert "ginrummy " not in lobby and "<code>" not in lobby
    assert f'bots.value = "{gr.DEFAULT_BOT}"' in script and 'bots.value = "greedy"' not in script


def test_a_hint_goes_to_the_sender_alone_and_is_recorded() -> None:
    """``hint`` against the bot: one ``hint`` frame to the sender, valid against the schema,
    holding ``frontend.suggest`` of its view in words and no hidden card; the session records
    the use. Between two people it is refused."""
    app = server.create_app(make_game=seeded(seed=11, dealer=1))
    with TestClient(app) as client, ExitStack() as stack:
        ws, _ = start(stack, client, op="new", mode="bot", preset="pagat", bot="greedy")
        frame = receive(ws)
        table = table_of(client)
        ws.send_text(json.dumps({"op": "hint"}))
        hint = receive(ws)
        view = table.game.round.view(0)
        expected = frontend.suggest(view)
        assert {
            "op": "hint",
            "step": frame["step"],
            "best": str(expected.best),
            "lines": expected.lines(),
        } == hint
        assert [] == frame_errors(hint)
        assert set() == json_tokens(hint) & hidden_cards(table.game.round, 0)
        assert (frame["step"],) == table.session.hints_used
    with TestClient(server.create_app(make_game=seeded(seed=11, dealer=1))) as client, ExitStack() as stack:
        first, _ = two_people(stack, client)
        first.send_text(json.dumps({"op": "hint"}))
        refused = receive(first)
        assert ("refused", "hints are for games against a bot") == (refused["op"], refused["reason"])


def test_a_review_of_the_last_round_goes_to_the_sender_alone() -> None:
    """``review`` before any round ends is refused; after a round it sends the sender one
    ``review`` frame, valid against the schema, holding ``review_text`` of ``gr.review`` of
    the round for its seat (issue 52, item 3)."""
    app = server.create_app(make_game=seeded(seed=11, dealer=0))
    person = gr.GreedyBot()
    with TestClient(app) as client, ExitStack() as stack:
        ws, _ = start(stack, client, op="new", mode="bot", preset="pagat", bot="greedy")
        table = table_of(client)
        ws.send_text(json.dumps({"op": "review"}))
        # the bot moves first: its state frames may come before the refusal; they are played
        # from after it (waiting for a new one would wait for ever if the person is to act)
        earlier = []
        first = receive(ws)
        while first["op"] != "refused":
            earlier.append(first)
            first = receive(ws)
        assert "no round is finished yet" == first["reason"]
        while True:
            frame = earlier.pop(0) if earlier else receive(ws)
            if frame["op"] != "state":
                continue
            view = gr.loads(json.dumps(frame["view"]))
            if frame["paused"]:
                break
            if view.round.to_act == 0:
                ws.send_text(json.dumps({"op": "act", "action": str(person.act(view.round))}))
        ws.send_text(json.dumps({"op": "review"}))
        found = receive(ws)
        expected = frontend.review_text(gr.review(table.game, 0), width=100).splitlines()
        assert {"op": "review", "round": 1, "lines": expected} == found
        assert [] == frame_errors(found)


def test_a_dropped_table_archives_its_game_and_its_deal_log(tmp_path: Path) -> None:
    """With an archive folder, a dropped table writes its game and, beside it, its deal log:
    the commitment of every round dealt (the same its frames showed) and the reveal of those
    over, which ``read_deal_log`` reads and checks (issue 52, item 4)."""
    app = server.create_app(make_game=seeded(seed=11, dealer=0), archive=tmp_path)
    with TestClient(app) as client, ExitStack() as stack:
        ws, _ = start(stack, client, op="new", mode="bot", preset="pagat", bot="greedy")
        frame = receive(ws)
        table = table_of(client)
        app.state.hub._drop(table)
    game = gr.loads((tmp_path / f"{table.game_id}.json").read_text(encoding="utf-8"))
    deals = frontend.read_deal_log((tmp_path / f"{table.game_id}.deals").read_text(encoding="utf-8"))
    # the bot (to act first) may still move after the table is archived: the archive is the
    # game as it was then, so the table's game goes on from it
    assert (game.rules, game.seed) == (table.game.rules, table.game.seed)
    assert game.actions == table.game.actions[: len(game.actions)]
    assert table.session.deals == deals
    assert frame["deal"]["commitment"] == deals[-1].commitment and not deals[-1].revealed
