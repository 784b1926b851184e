"""The web example's server survives its clients (Starlette's test client, no browser): a seat
token takes a seat back (and over from a tab that never closed), a closed tab's seat is freed
after the stated timeout and a deserted table dropped, the bot does not move while its person is
away (and no exception is logged when a tab closes while the bot thinks), and hostile frames (not
JSON, too long, binary, unknown, for the other seat, floods) get an ``error`` or ``refused``
frame or a closed socket while the other games go on.

The load test with 200 clients over real sockets is ``tests/examples/test_web_load.py`` (marker
``load``).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

import ginrummy as gr
from web_game import frame_errors, load_server, seeded

server = load_server()


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next frame, parsed and checked against the frames' schema."""
    frame: dict[str, Any] = json.loads(ws.receive_text())
    assert [] == frame_errors(frame)
    return frame


def send(ws: WebSocketTestSession, **message: Any) -> None:
    """Send one message."""
    ws.send_text(json.dumps(message))


def connect(stack: ExitStack, client: TestClient) -> WebSocketTestSession:
    """A new connection past its hello frame."""
    ws: WebSocketTestSession = stack.enter_context(client.websocket_connect("/ws"))
    assert "hello" == receive(ws)["op"]
    return ws


def wait_for(condition: Any, timeout: float = 10.0) -> None:
    """Wait until ``condition()`` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def until_state(ws: WebSocketTestSession) -> dict[str, Any]:
    """Frames until the next state frame."""
    while True:
        frame = receive(ws)
        if frame["op"] == "state":
            return frame


@pytest.fixture
def quiet_logs(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Fails the test if anything (the server, asyncio, uvicorn) logs an error."""
    with caplog.at_level(logging.ERROR):
        yield caplog
    assert [] == [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]


def test_a_token_takes_a_seat_over_from_a_tab_that_never_closed(quiet_logs: Any) -> None:
    """A second tab with the seat's token (a reload whose old connection is still open) takes
    the seat: the old connection is told and closed (code 4001), the new one receives its seat
    and the state, and plays."""
    with TestClient(server.create_app(make_game=seeded(seed=3, dealer=1))) as client, ExitStack() as stack:
        old = connect(stack, client)
        send(old, op="new", mode="bot", preset="pagat", bot="greedy")
        joined = receive(old)
        until_state(old)
        new = connect(stack, client)
        send(new, op="join", game=joined["game"], token=joined["token"])
        assert {"op": "error", "message": "this seat was taken over by another tab"} == receive(old)
        with pytest.raises(WebSocketDisconnect) as closed:
            old.receive_text()
        assert 4001 == closed.value.code
        assert (0, joined["token"]) == (receive(new)["player"], joined["token"])
        frame = until_state(new)
        view = gr.loads(json.dumps(frame["view"]))
        send(new, op="act", action=str(gr.GreedyBot().act(view.round)))
        assert frame["step"] < until_state(new)["step"]


def test_a_closed_tabs_seat_waits_for_its_token_then_is_freed(quiet_logs: Any) -> None:
    """Between two people, a closed tab's seat is kept for the seat timeout: its token takes it
    back within it; after it the token is refused and a newcomer without a token takes the
    seat."""
    # A second: the token's return must fit in it on a busy machine (two test sessions share
    # two cores in CI), and the late join comes a second after it.
    app = server.create_app(make_game=seeded(seed=3, dealer=1), seat_timeout=1.0)
    with TestClient(app) as client, ExitStack() as stack:
        first = connect(stack, client)
        send(first, op="new", mode="people", preset="pagat")
        joined = receive(first)
        until_state(first)
        second = stack.enter_context(client.websocket_connect("/ws"))
        receive(second)
        send(second, op="join", game=joined["game"])
        token = receive(second)["token"]
        second.close()
        assert until_state(first)["waiting"] is False
        assert until_state(first)["waiting"] is True  # the other person's tab closed
        back = connect(stack, client)
        send(back, op="join", game=joined["game"], token=token)
        assert 1 == receive(back)["player"]
        back.close()
        time.sleep(2.0)  # past the timeout
        late = connect(stack, client)
        send(late, op="join", game=joined["game"], token=token)
        assert "holds no seat" in receive(late)["message"]
        newcomer = connect(stack, client)
        send(newcomer, op="join", game=joined["game"])
        newly = receive(newcomer)
        assert 1 == newly["player"] and token != newly["token"]


def test_deserted_tables_are_dropped_after_the_timeout_finished_or_not(quiet_logs: Any) -> None:
    """A table against the bot whose person closed the tab, and a finished game everyone left,
    are dropped once the seat timeout has passed."""
    app = server.create_app(make_game=seeded(seed=11, dealer=0), seat_timeout=0.2)
    hub = app.state.hub
    with TestClient(app) as client, ExitStack() as stack:
        ws = connect(stack, client)
        send(ws, op="new", mode="bot", preset="openspiel", bot="greedy")
        game_id = receive(ws)["game"]
        person = gr.GreedyBot()
        while True:
            frame = until_state(ws)
            view = gr.loads(json.dumps(frame["view"]))
            if view.is_over:
                break
            if frame["paused"]:
                send(ws, op="next")
            elif view.round.to_act == 0:
                send(ws, op="act", action=str(person.act(view.round)))
        other = connect(stack, client)
        send(other, op="new", mode="bot", preset="pagat", bot="greedy")
        other_id = receive(other)["game"]
        assert {game_id, other_id} == set(hub.tables)
        ws.close()
        other.close()
        wait_for(lambda: not hub.tables)


def test_the_bot_does_not_move_while_its_person_is_away(quiet_logs: Any) -> None:
    """A tab that closes right after its action, while the bot waits to move, leaves the bot
    still: nothing is sent to the closed socket and nothing is logged; when the person comes
    back with the token, the bot plays on."""
    app = server.create_app(make_game=seeded(seed=5, dealer=0), bot_delay=0.3, seat_timeout=5.0)
    with TestClient(app) as client, ExitStack() as stack:
        ws = connect(stack, client)
        send(ws, op="new", mode="bot", preset="pagat", bot="greedy")
        joined = receive(ws)
        table = app.state.hub.tables[joined["game"]]
        wait_for(lambda: table.game.to_act == 0)
        while table.game.to_act == 0:  # the person's turn: a draw and a discard, say
            before = len(table.game.actions)
            send(ws, op="act", action=str(gr.GreedyBot().act(table.game.round.view(0))))
            wait_for(lambda: len(table.game.actions) > before)  # noqa: B023 - waited for at once
        ws.close()
        steps = len(table.game.actions)
        time.sleep(1.0)
        assert steps == len(table.game.actions)  # the bot waited
        back = connect(stack, client)
        send(back, op="join", game=joined["game"], token=joined["token"])
        receive(back)
        wait_for(lambda: len(table.game.actions) > steps)


def test_hostile_frames_get_an_answer_or_a_closed_socket_and_other_games_go_on(quiet_logs: Any) -> None:
    """While another game is played, hostile connections are answered (not JSON, deep JSON,
    unknown op, a wrong type: ``error``; an action for the other seat: ``refused``) or closed
    (too long: 1009; binary: 1003; more than the burst: 1008; a flood of refused actions:
    1008); the other game's person plays on after each."""
    app = server.create_app(make_game=seeded(seed=3, dealer=1))
    hub = app.state.hub
    with TestClient(app) as client, ExitStack() as stack:
        player = connect(stack, client)
        send(player, op="new", mode="bot", preset="pagat", bot="greedy")
        receive(player)
        frame = until_state(player)

        def play_on() -> None:
            nonlocal frame
            table = next(t for t in hub.tables.values() if t.seats[0].client is not None and t.mode == "bot")
            wait_for(lambda: table.game.to_act == 0 or table.session.paused)
            if table.session.paused:
                send(player, op="next")
            else:
                send(player, op="act", action=str(gr.GreedyBot().act(table.game.round.view(0))))
            frame = until_state(player)

        answered = connect(stack, client)
        for text, op in [
            ("not json", "error"),
            ("[" * 1000, "error"),
            ('{"op": 7}', "error"),
            ('{"op": "new", "mode": "bot", "preset": ["pagat"]}', "error"),
            ('{"op": "act", "action": "' + "x" * 1500 + '"}', "error"),
        ]:
            answered.send_text(text)
            assert op == receive(answered)["op"]
        play_on()

        for payload, code in [("x" * 5000, 1009), (b"\x00\x01", 1003)]:
            hostile = stack.enter_context(client.websocket_connect("/ws"))
            receive(hostile)
            if isinstance(payload, bytes):
                hostile.send_bytes(payload)
            else:
                hostile.send_text(payload)
            with pytest.raises(WebSocketDisconnect) as closed:
                hostile.receive_text()
            assert code == closed.value.code
            play_on()

        people = connect(stack, client)
        send(people, op="new", mode="people", preset="pagat")
        game_id = receive(people)["game"]
        until_state(people)
        intruder = connect(stack, client)
        send(intruder, op="join", game=game_id)
        receive(intruder)
        until_state(intruder)
        until_state(people)
        table = hub.tables[game_id]
        wrong = table.seats[1 - table.game.to_act].client  # the seat not to act
        ws = people if wrong is table.seats[0].client else intruder
        refusals = 0
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(100):
                send(ws, op="act", action="s")
                frame_in = receive(ws)
                if frame_in["op"] == "refused":
                    refusals += 1
        assert (1008, 20) == (closed.value.code, refusals)
        assert () == table.game.actions  # nothing was applied
        play_on()

        flood = connect(stack, client)
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(300):
                flood.send_text('{"op": "next"}')
            for _ in range(300):
                receive(flood)
        assert 1008 == closed.value.code
        play_on()
        assert frame["op"] == "state"


def test_undo_and_next_against_the_bot(quiet_logs: Any) -> None:
    """``undo`` takes the person's last decision back when it showed nothing new (taking the
    face-up upcard: the next frame is the state before it); with nothing to take back, after
    the bot's reply has shown a card, and ``next`` in the middle of a round, it is refused
    with the kit's reason; both are refused between two people."""
    app = server.create_app(make_game=seeded(seed=7, dealer=1))
    with TestClient(app) as client, ExitStack() as stack:
        ws = connect(stack, client)
        send(ws, op="new", mode="bot", preset="pagat", bot="greedy")
        receive(ws)
        first = until_state(ws)
        send(ws, op="undo")
        assert ("refused", "nothing to undo: you have not acted yet") == itemgetter_op_reason(receive(ws))
        send(ws, op="next")
        refused = receive(ws)
        assert refused["reason"].startswith("nothing to deal on")
        send(ws, op="act", action="t")
        taken = until_state(ws)
        send(ws, op="undo")
        assert first == until_state(ws)
        send(ws, op="act", action="t")
        assert taken == until_state(ws)
        view = gr.loads(json.dumps(taken["view"]))
        send(ws, op="act", action=str(gr.GreedyBot().act(view.round)))
        frame = receive(ws)
        while frame["op"] != "state" or gr.loads(json.dumps(frame["view"])).round.to_act != 0:
            frame = receive(ws)
        send(ws, op="undo")
        refused = receive(ws)
        assert ("refused", True) == (
            refused["op"],
            refused["reason"].startswith("you cannot take back your discard"),
        )
        people = connect(stack, client)
        send(people, op="new", mode="people", preset="pagat")
        receive(people)
        until_state(people)
        send(people, op="undo")
        assert "'undo' is for games against a bot" == receive(people)["reason"]


def itemgetter_op_reason(frame: dict[str, Any]) -> tuple[str, str]:
    """A frame's op and reason."""
    return frame["op"], frame["reason"]
