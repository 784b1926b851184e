"""Gin rummy in the browser: a small ASGI server (Starlette) that hosts games over websockets.

Run it with ``pip install ".[web]"`` and ``python examples/web/server.py`` (then open
http://127.0.0.1:8000/). A person plays against a bot of :data:`ginrummy.BOTS`, or two people
play from two browsers: the first creates the game and passes its id (or the link the page
shows) to the second, who joins it. Any preset of :data:`ginrummy.PRESETS` can be chosen.

The protocol is JSON over one websocket at ``/ws`` (described field by field in the
documentation's front-end page). Clients send::

    {"op": "new", "mode": "bot", "preset": "pagat", "bot": "greedy"}
    {"op": "new", "mode": "people", "preset": "oklahoma"}
    {"op": "join", "game": "<id>"}                     (or with "token" to take one's seat back)
    {"op": "act", "action": "d Kh"}                   (an action in the library's notation)

and receive ``hello`` (the presets and bots), ``joined`` (the game id, the seat and its
token), ``state`` after every action, ``refused`` (to the sender only) and ``error`` frames.
A ``state`` frame holds ``gr.dumps(game.view(player))`` for the receiving player only, and
the view of the last finished round, so hidden cards never leave the server. The server
applies an action only for the seat of the connection that sent it
(``game.apply(action, player=seat)``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio.to_thread
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import ginrummy as gr

STATIC = Path(__file__).resolve().parent / "static"
"""The page: ``index.html``, ``app.js`` and ``style.css``."""

GameFactory = Callable[[gr.Ruleset], gr.Game]
"""Makes the game of a new table from its ruleset."""
BotMaker = Callable[[str], gr.Bot]
"""Makes a bot from its name in :data:`ginrummy.BOTS`."""

MODES = ("bot", "people")
"""A person against a bot, or two people."""


class ProtocolError(gr.GinRummyError):
    """A client message the server cannot act on (the client receives an ``error`` frame)."""


def new_game(rules: gr.Ruleset) -> gr.Game:
    """A game with a secret random seed (clients never learn it, so they cannot know the deck)."""
    return gr.Game.new(rules, seed=secrets.randbits(63))


def new_bot(name: str) -> gr.Bot:
    """The bot called ``name``, seeded at random."""
    return gr.make_bot(name, seed=secrets.randbits(63))


def state_frame(game: gr.Game, player: int, *, waiting: bool = False) -> dict[str, Any]:
    """What ``player`` receives after an action: its view of the game, its view of the last
    finished round (for the round's result, with both hands once shown), the number of actions
    played so far, and whether the table waits for the other person.

    :param game: the server's game (omniscient); only views of it leave this function.
    :param player: the receiving seat, 0 or 1.
    :returns: the frame as a JSON object.
    """
    finished = game.finished
    return {
        "op": "state",
        "step": len(game.actions),
        "view": json.loads(gr.dumps(game.view(player))),
        "finished": None if finished is None else json.loads(gr.dumps(finished.view(player))),
        "waiting": waiting,
    }


@dataclass(eq=False)
class Client:
    """One websocket connection and the seat it holds, if any."""

    socket: WebSocket
    table: Table | None = None
    player: int = 0
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, frame: dict[str, Any]) -> None:
        """Send one frame; a connection that has gone away is ignored (its seat is freed when
        its receiving loop ends)."""
        async with self.sending:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                await self.socket.send_text(json.dumps(frame, ensure_ascii=False))


@dataclass(eq=False)
class Seat:
    """A person's seat: the token that claims it back, and the connection sitting in it."""

    token: str | None = None
    client: Client | None = None


@dataclass(eq=False)
class Table:
    """One hosted game."""

    game_id: str
    mode: str
    game: gr.Game
    seats: dict[int, Seat]
    bot: gr.Bot | None = None
    bot_name: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def bot_seat(self) -> int | None:
        """The bot's seat, or None when two people play."""
        return None if self.bot is None else 1 - next(iter(self.seats))

    @property
    def waiting(self) -> bool:
        """Whether a person's seat is empty (nobody plays until both people are there)."""
        return any(seat.client is None for seat in self.seats.values())


class Hub:
    """The tables of one server and the handling of client messages."""

    def __init__(
        self, make_game: GameFactory, make_bot: BotMaker, *, bot_delay: float = 0.0, max_tables: int = 1000
    ) -> None:
        self.make_game = make_game
        self.make_bot = make_bot
        self.bot_delay = bot_delay
        self.max_tables = max_tables
        self.tables: dict[str, Table] = {}

    async def handle(self, client: Client, text: str) -> None:
        """Act on one message from ``client``.

        :raises ProtocolError: for a message that is not understood or not allowed now.
        """
        message = parse_message(text)
        op = message.get("op")
        if op == "new":
            await self.create(client, message)
        elif op == "join":
            await self.join(client, _text(message, "game"), message.get("token"))
        elif op == "act":
            await self.act(client, _text(message, "action"))
        else:
            raise ProtocolError(f"unknown op {op!r}: expected 'new', 'join' or 'act'")

    async def create(self, client: Client, message: dict[str, Any]) -> None:
        """Open a table for ``client`` (seat 0) under the preset asked for."""
        if client.table is not None:
            raise ProtocolError(f"already seated at game {client.table.game_id!r}")
        mode = _text(message, "mode")
        if mode not in MODES:
            raise ProtocolError(f"unknown mode {mode!r}: expected 'bot' or 'people'")
        preset = _text(message, "preset")
        if preset not in gr.PRESETS:
            raise ProtocolError(f"unknown preset {preset!r}: known presets are {', '.join(gr.PRESETS)}")
        self._make_room()
        game_id = secrets.token_urlsafe(6)
        table = Table(game_id, mode, self.make_game(gr.PRESETS[preset]), {0: Seat()})
        if mode == "bot":
            name = _text(message, "bot")
            if name not in gr.BOTS:
                raise ProtocolError(f"unknown bot {name!r}: known bots are {', '.join(gr.BOTS)}")
            table.bot, table.bot_name = self.make_bot(name), name
        else:
            table.seats[1] = Seat()
        self.tables[game_id] = table
        await self._seat(client, table, None)

    async def join(self, client: Client, game_id: str, token: object) -> None:
        """Seat ``client`` at a table: the seat its token names, else the free one."""
        table = self.tables.get(game_id)
        if table is None:
            raise ProtocolError(f"unknown game {game_id!r}")
        await self._seat(client, table, token)

    async def _seat(self, client: Client, table: Table, token: object) -> None:
        if client.table is not None:
            raise ProtocolError(f"already seated at game {client.table.game_id!r}")
        async with table.lock:
            if token is not None:
                player = next((p for p, seat in table.seats.items() if seat.token == token), None)
                if player is None:
                    raise ProtocolError(f"token {token!r} holds no seat in game {table.game_id!r}")
                if table.seats[player].client is not None:
                    raise ProtocolError(f"seat {player} of game {table.game_id!r} is in use")
            else:
                player = next((p for p, seat in table.seats.items() if seat.token is None), None)
                if player is None:
                    raise ProtocolError(f"game {table.game_id!r} has no free seat")
            seat = table.seats[player]
            seat.token = seat.token or secrets.token_urlsafe(16)
            seat.client, client.table, client.player = client, table, player
            opponent = table.bot_name if table.bot_name is not None else "person"
            await client.send(
                {
                    "op": "joined",
                    "game": table.game_id,
                    "player": player,
                    "token": seat.token,
                    "mode": table.mode,
                    "opponent": opponent,
                }
            )
            await self.broadcast(table)
            await self.play_bot(table)

    async def act(self, client: Client, text: str) -> None:
        """Apply an action sent by ``client`` for its own seat, or tell it why not."""
        table, player = client.table, client.player
        if table is None:
            raise ProtocolError("not seated at a game: send 'new' or 'join' first")
        async with table.lock:
            game = table.game
            if table.waiting:
                await self.refuse(client, text, "waiting for the other player to join")
                return
            try:
                action = gr.parse_action(text, game.rules)
            except gr.ParseError as exc:
                await self.refuse(client, text, str(exc))
                return
            reason = game.illegal_reason(action, player)
            if reason is not None:
                await self.refuse(client, text, reason)
                return
            table.game = game.apply(action, player=player)
            await self.broadcast(table)
            await self.play_bot(table)

    async def refuse(self, client: Client, text: str, reason: str) -> None:
        """Tell ``client`` alone that its action was refused, and why."""
        assert client.table is not None
        await client.send(
            {"op": "refused", "action": text, "reason": reason, "step": len(client.table.game.actions)}
        )

    async def play_bot(self, table: Table) -> None:
        """Let the bot play while it is its turn, sending each person a frame after each action."""
        seat = table.bot_seat
        while table.bot is not None and not table.game.is_over and table.game.to_act == seat:
            assert seat is not None
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            action = await anyio.to_thread.run_sync(table.bot.act, table.game.round.view(seat))
            table.game = table.game.apply(action, player=seat)
            await self.broadcast(table)

    async def broadcast(self, table: Table) -> None:
        """Send each seated person its own state frame."""
        for player, seat in table.seats.items():
            if seat.client is not None:
                await seat.client.send(state_frame(table.game, player, waiting=table.waiting))

    async def leave(self, client: Client) -> None:
        """Free the seat of a connection that closed, and tell the other person."""
        table = client.table
        if table is None:
            return
        async with table.lock:
            seat = table.seats[client.player]
            if seat.client is client:
                seat.client = None
            await self.broadcast(table)

    def _make_room(self) -> None:
        """Drop the oldest table nobody sits at when the server holds ``max_tables``."""
        if len(self.tables) < self.max_tables:
            return
        for game_id, table in self.tables.items():
            if all(seat.client is None for seat in table.seats.values()):
                del self.tables[game_id]
                return
        raise ProtocolError(f"the server is full ({self.max_tables} games in play)")


def parse_message(text: str) -> dict[str, Any]:
    """A client message: a JSON object.

    :raises ProtocolError: for anything else.
    """
    try:
        message = json.loads(text)
    except ValueError:
        raise ProtocolError(f"invalid message {text[:80]!r}: not JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"invalid message {text[:80]!r}: expected a JSON object")
    return message


def _text(message: dict[str, Any], name: str) -> str:
    value = message.get(name)
    if not isinstance(value, str):
        raise ProtocolError(f"invalid {name!r}: expected a string, got {value!r}")
    return value


def create_app(
    *, make_game: GameFactory = new_game, make_bot: BotMaker = new_bot, bot_delay: float = 0.0
) -> Starlette:
    """The ASGI application: the page at ``/``, its files under ``/static``, games at ``/ws``.

    :param make_game: makes each table's game from the ruleset (tests pass a seeded one).
    :param make_bot: makes the bot of a table against a bot.
    :param bot_delay: seconds the bot waits before each action, so a person can follow it.
    :returns: the app; its hub (the tables) is ``app.state.hub``.
    """
    hub = Hub(make_game, make_bot, bot_delay=bot_delay)

    async def page(request: Request) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    async def games(socket: WebSocket) -> None:
        await socket.accept()
        client = Client(socket)
        await client.send({"op": "hello", "presets": list(gr.PRESETS), "bots": list(gr.BOTS)})
        try:
            while True:
                text = await socket.receive_text()
                try:
                    await hub.handle(client, text)
                except ProtocolError as exc:
                    await client.send({"op": "error", "message": str(exc)})
        except WebSocketDisconnect:
            await hub.leave(client)

    app = Starlette(
        routes=[
            Route("/", page),
            WebSocketRoute("/ws", games),
            Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        ]
    )
    app.state.hub = hub
    return app


def main(argv: list[str] | None = None) -> None:
    """Serve the page and the games until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: %(default)s)")
    parser.add_argument("--port", type=int, default=8000, help="port (default: %(default)s)")
    parser.add_argument(
        "--bot-delay", type=float, default=0.6, help="seconds before each bot action (default: %(default)s)"
    )
    args = parser.parse_args(argv)
    uvicorn.run(create_app(bot_delay=args.bot_delay), host=args.host, port=args.port)


if __name__ == "__main__":
    main()
