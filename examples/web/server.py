"""Gin rummy in the browser: a small ASGI server (Starlette) that hosts games over websockets.

Run it with ``pip install ".[web]"`` and ``python examples/web/server.py`` (then open
http://127.0.0.1:8000/). A person plays against a bot of :data:`ginrummy.BOTS`, or two people
play from two browsers: the first creates the game and passes its id (or the link the page
shows) to the second, who joins it. Any preset of :data:`ginrummy.PRESETS` can be chosen.

A game against a bot is a :class:`ginrummy.frontend.Session` (the front-end kit): the bot plays
in a task of its table, one action at a time, and only while the person is connected; the
session pauses at the end of each round until the person deals on, and takes back the
person's last decision on request.

The protocol is JSON over one websocket at ``/ws`` (``frames.schema.json`` describes every
frame the server sends; the documentation's front-end page explains them). Clients send::

    {"op": "new", "mode": "bot", "preset": "pagat", "bot": "greedy"}   (a level: "bot": "level:2")
    {"op": "new", "mode": "people", "preset": "oklahoma"}
    {"op": "join", "game": "<id>"}                     (or with "token" to take one's seat back)
    {"op": "act", "action": "d Kh"}                   (an action in the library's notation)
    {"op": "next"}                                    (deal on from a round's end, against a bot)
    {"op": "undo"}                                    (take back one's last decision, against a bot)
    {"op": "hint"}                                    (the moves ranked and explained, against a bot)
    {"op": "review"}                                  (the last finished round reviewed for one's seat)

and receive ``hello`` (the presets and bots), ``joined`` (the game id, the seat and its
token), ``state`` after every change, ``hint`` (to the sender only: ``frontend.suggest`` of its
view, the session recording the use), ``refused`` (to the sender only) and ``error`` frames.
A ``state`` frame holds ``gr.dumps(game.view(player))`` for the receiving player only, the view
of the last finished round, and the kit's hints for that player (``frontend.table_data``), so
hidden cards never leave the server. The server applies an action only for the seat of the
connection that sent it (``game.apply(action, player=seat)``).

Surviving clients: a seat is claimed back with its token (a reloaded tab keeps its seat, and
takes it over from a connection that never closed); a closed tab's seat is kept for
``seat_timeout`` seconds (30 by default) and then freed, and a table nobody sits at for that
long is dropped, finished or not. A message longer than ``MAX_MESSAGE`` characters, a
binary frame, more than ``BURST`` messages at once (refilled at ``RATE`` a second; ``--rate``) or
more than ``STRIKES`` refused messages in a row close that connection; any other bad
message gets an ``error`` or ``refused`` frame; the other games go on.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import secrets
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio.to_thread
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import ginrummy as gr
from ginrummy import frontend
from ginrummy.dealing import deal_salt
from ginrummy.frontend.fair_deals import game_deals

sys.path.insert(0, str(Path(__file__).resolve().parent))  # web_tables.py beside this file, however it is run
from web_tables import (
    CLOSE_BINARY,
    CLOSE_FLOOD,
    CLOSE_TAKEN_OVER,
    CLOSE_TOO_BIG,
    MAX_MESSAGE,
    MODES,
    RATE,
    SEAT_TIMEOUT,
    STRIKES,
    Client,
    ProtocolError,
    Seat,
    Table,
    parse_message,
    state_frame,
    text_field,
)

STATIC = Path(__file__).resolve().parent / "static"
"""The page: ``index.html``, ``app.js``, ``style.css`` and ``favicon.svg``."""

GameFactory = Callable[[gr.Ruleset], gr.Game]
"""Makes the game of a new table from its ruleset."""
BotMaker = Callable[[str], gr.BotFactory]
"""Makes the factory of a table's bot from its name in :data:`ginrummy.BOTS`."""


def new_game(rules: gr.Ruleset) -> gr.Game:
    """A game with a secret random seed (clients never learn it, so they cannot know the deck)."""
    return gr.Game.new(rules, seed=secrets.randbits(63))


def bot_factory(name: str) -> gr.BotFactory:
    """The factory of the library's bot called ``name`` (a level's too, ``level:N``)."""
    return gr.find_bot(name)


def table_bots() -> list[str]:
    """The bots a table may seat: the library's bots by name, and each level as ``level:N``."""
    return [name for name in gr.BOTS if name != gr.LevelBot.name] + [level.bot_name for level in gr.LEVELS]


def levels_hello() -> list[dict[str, Any]]:
    """The levels as ``hello`` lists them: the bot's name, the number, the name and the
    rating measured under ``pagat``."""
    found = []
    for level in gr.LEVELS:
        rating = level.rating(gr.PAGAT)
        found.append(
            {
                "bot": level.bot_name,
                "number": level.number,
                "name": level.name,
                "rating": None if rating is None else round(rating.elo),
            }
        )
    return found


class Hub:
    """The tables of one server and the handling of client messages."""

    def __init__(
        self,
        make_game: GameFactory,
        make_bot: BotMaker,
        *,
        bot_delay: float = 0.0,
        max_tables: int = 1000,
        seat_timeout: float = SEAT_TIMEOUT,
        archive: Path | None = None,
        rate: float = RATE,
    ) -> None:
        self.make_game = make_game
        self.make_bot = make_bot
        self.bot_delay = bot_delay
        self.max_tables = max_tables
        self.seat_timeout = seat_timeout
        self.archive = archive
        self.rate = rate
        self.tables: dict[str, Table] = {}
        self.clients: set[Client] = set()
        self.reapers: set[asyncio.Task[None]] = set()

    async def handle(self, client: Client, text: str) -> None:
        """Act on one message from ``client``.

        :raises ProtocolError: for a message that is not understood or not allowed now.
        """
        message = parse_message(text)
        op = message.get("op")
        if op == "new":
            await self.create(client, message)
        elif op == "join":
            await self.join(client, text_field(message, "game"), message.get("token"))
        elif op == "act":
            await self.act(client, text_field(message, "action"))
        elif op in ("next", "undo"):
            await self.steer(client, op)
        elif op == "hint":
            await self.hint(client)
        elif op == "review":
            await self.review(client)
        else:
            raise ProtocolError(
                f"unknown op {op!r:.40}: expected 'new', 'join', 'act', 'next', 'undo', 'hint' or 'review'"
            )

    async def create(self, client: Client, message: dict[str, Any]) -> None:
        """Open a table for ``client`` (seat 0) under the preset asked for."""
        if client.table is not None:
            raise ProtocolError(f"already seated at game {client.table.game_id!r}")
        mode = text_field(message, "mode")
        if mode not in MODES:
            raise ProtocolError(f"unknown mode {mode!r:.40}: expected 'bot' or 'people'")
        preset = text_field(message, "preset")
        if preset not in gr.PRESETS:
            raise ProtocolError(f"unknown preset {preset!r:.40}: known presets are {', '.join(gr.PRESETS)}")
        game = self.make_game(gr.PRESETS[preset])
        game_id = secrets.token_urlsafe(6)
        if mode == "bot":
            name = text_field(message, "bot")
            if name not in table_bots():
                raise ProtocolError(f"unknown bot {name!r:.40}: known bots are {', '.join(table_bots())}")
            secret = deal_salt()  # the table's, handed to its session
            session = frontend.Session(
                game=game,
                person=0,
                bot=self.make_bot(name),
                bot_seed=secrets.randbits(63),
                deal_secret=secret,
            )
            table = Table(game_id, mode, {0: Seat()}, session=session, bot_name=name, deal_secret=secret)
        else:
            table = Table(game_id, mode, {0: Seat(), 1: Seat()}, people_game=game)
        self._make_room()
        self.tables[game_id] = table
        await self._seat(client, table, None)

    async def join(self, client: Client, game_id: str, token: object) -> None:
        """Seat ``client`` at a table: the seat its token names, else the free one."""
        table = self.tables.get(game_id)
        if table is None:
            raise ProtocolError(f"unknown game {game_id!r:.40}")
        await self._seat(client, table, token)

    async def _seat(self, client: Client, table: Table, token: object) -> None:
        if client.table is not None:
            raise ProtocolError(f"already seated at game {client.table.game_id!r}")
        async with table.lock:
            if token is not None:
                player = next((p for p, seat in table.seats.items() if seat.token == token), None)
                if player is None:
                    raise ProtocolError(f"token {token!r:.40} holds no seat in game {table.game_id!r}")
                stale = table.seats[player].client
                if stale is not None:  # the same person in a new tab: the old connection goes
                    await stale.send({"op": "error", "message": "this seat was taken over by another tab"})
                    await stale.close(CLOSE_TAKEN_OVER, "seat taken over")
            else:
                player = next((p for p, seat in table.seats.items() if seat.token is None), None)
                if player is None:
                    raise ProtocolError(f"game {table.game_id!r} has no free seat")
            seat = table.seats[player]
            seat.token = seat.token or secrets.token_urlsafe(16)
            seat.client, seat.left_at = client, None
            client.table, client.player = table, player
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
        self._start_bot(table)

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
            session = table.session
            reason = game.illegal_reason(action, player)
            if session is not None and session.paused:
                reason = "the round is over: deal on first"
            if reason is not None:
                await self.refuse(client, text, reason)
                return
            if session is not None:
                table.session = session.apply(action, bots=False)
            else:
                table.people_game = game.apply(action, player=player)
            await self.broadcast(table)
        self._start_bot(table)

    async def steer(self, client: Client, op: str) -> None:
        """``next``: deal on from a round's end; ``undo``: take back the person's last decision
        (both against a bot only)."""
        table = client.table
        if table is None:
            raise ProtocolError("not seated at a game: send 'new' or 'join' first")
        async with table.lock:
            session = table.session
            if session is None:
                await self.refuse(client, op, f"{op!r} is for games against a bot")
                return
            try:
                table.session = session.deal_on(bots=False) if op == "next" else session.undo()
            except gr.IllegalActionError as exc:
                await self.refuse(client, op, str(exc))
                return
            await self.broadcast(table)
        self._start_bot(table)

    async def hint(self, client: Client) -> None:
        """Send ``client`` alone the hint for its decision now (against a bot only), and
        record its use in the session."""
        table = client.table
        if table is None:
            raise ProtocolError("not seated at a game: send 'new' or 'join' first")
        async with table.lock:
            session = table.session
            if session is None:
                await self.refuse(client, "hint", "hints are for games against a bot")
                return
            try:
                table.session, hint = session.hint()
            except gr.IllegalActionError as exc:
                await self.refuse(client, "hint", str(exc))
                return
            await client.send(
                {
                    "op": "hint",
                    "step": len(session.game.actions),
                    "best": str(hint.best),
                    "lines": hint.lines(),
                }
            )

    async def review(self, client: Client) -> None:
        """Send ``client`` alone the review of the last finished round for its seat
        (:func:`ginrummy.review`: its decisions judged from its views, and the round's luck
        against skill), worked out in a worker thread (a few seconds)."""
        table = client.table
        if table is None:
            raise ProtocolError("not seated at a game: send 'new' or 'join' first")
        game = table.game
        if not game.played:
            await self.refuse(client, "review", "no round is finished yet")
            return
        found = await anyio.to_thread.run_sync(gr.review, game, client.player)
        await client.send(
            {
                "op": "review",
                "round": found.round_number,
                "lines": frontend.review_text(found, width=100).splitlines(),
            }
        )

    async def refuse(self, client: Client, text: str, reason: str) -> None:
        """Tell ``client`` alone that its message was not acted on, and why."""
        assert client.table is not None
        client.strikes += 1
        await client.send(
            {"op": "refused", "action": text, "reason": reason, "step": len(client.table.game.actions)}
        )

    def _start_bot(self, table: Table) -> None:
        """Start the bot's task of ``table`` unless it runs already."""
        if table.session is not None and (table.bot_task is None or table.bot_task.done()):
            table.bot_task = asyncio.get_running_loop().create_task(self._play_bot(table))

    async def _play_bot(self, table: Table) -> None:
        """Let the bot play, one action at a time, while it is its turn and the person is
        connected. With a delay before each action the person gets a frame after each action;
        without one, after each of the bot's turns (its draw and its discard make one frame).
        The bot decides in a worker thread, and its action is applied only if the table has
        not changed meanwhile (the person took a move back) and the person is still there."""
        while True:
            async with table.lock:
                session = table.session
                dropped = self.tables.get(table.game_id) is not table
                if session is None or not session.bot_to_act or table.deserted or dropped:
                    return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            action = await anyio.to_thread.run_sync(session.decide)
            async with table.lock:
                if table.session is not session:
                    continue
                if table.deserted:
                    return
                table.session = session.step_bot(action)
                if self.bot_delay or not table.session.bot_to_act:
                    await self.broadcast(table)

    async def broadcast(self, table: Table) -> None:
        """Send each seated person its own state frame."""
        for player, seat in table.seats.items():
            if seat.client is not None:
                await seat.client.send(state_frame(table, player))

    async def leave(self, client: Client) -> None:
        """Free the connection of ``client``, which closed: its seat waits ``seat_timeout``
        seconds for its token, and the other person is told."""
        client.closed = True
        self.clients.discard(client)
        table = client.table
        if table is None:
            return
        async with table.lock:
            seat = table.seats[client.player]
            if seat.client is not client:
                return
            seat.client, seat.left_at = None, time.monotonic()
            await self.broadcast(table)
        reaper = asyncio.get_running_loop().create_task(self._reap(table, seat, seat.left_at))
        self.reapers.add(reaper)
        reaper.add_done_callback(self.reapers.discard)

    async def _reap(self, table: Table, seat: Seat, left_at: float) -> None:
        """After ``seat_timeout``, free the seat if nobody took it back, and drop the table if
        nobody sits at it."""
        await asyncio.sleep(self.seat_timeout)
        async with table.lock:
            if seat.client is not None or seat.left_at != left_at:
                return
            seat.token, seat.left_at = None, None
            if table.deserted:
                self._drop(table)
            else:
                await self.broadcast(table)

    def _drop(self, table: Table) -> None:
        """Forget ``table`` (written to the archive first, when the server keeps one)."""
        if self.tables.get(table.game_id) is table:
            del self.tables[table.game_id]
            if self.archive is not None:
                (self.archive / f"{table.game_id}.json").write_text(gr.dumps(table.game), encoding="utf-8")
                deals = frontend.deal_log(game_deals(table.game, table.deal_secret))
                (self.archive / f"{table.game_id}.deals").write_text(deals, encoding="utf-8")
        if table.bot_task is not None:
            table.bot_task.cancel()

    def stats(self) -> dict[str, Any]:
        """What the server holds now: tables (and how many are over), connections, seats taken
        and kept for a token, bot tasks and seat timers running, and the Python heap (after a
        collection) and resident memory."""
        gc.collect()
        seats = [seat for table in self.tables.values() for seat in table.seats.values()]
        rss = 0
        with contextlib.suppress(OSError):
            for line in Path("/proc/self/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1]) * 1024
        return {
            "tables": len(self.tables),
            "over": sum(1 for table in self.tables.values() if table.game.is_over),
            "clients": len(self.clients),
            "seated": sum(1 for seat in seats if seat.client is not None),
            "kept": sum(1 for seat in seats if seat.client is None and seat.token is not None),
            "bots": sum(1 for t in self.tables.values() if t.bot_task is not None and not t.bot_task.done()),
            "timers": len(self.reapers),
            "allocated_blocks": sys.getallocatedblocks(),
            "rss_bytes": rss,
        }

    def _make_room(self) -> None:
        """Drop the oldest table nobody sits at when the server holds ``max_tables``."""
        if len(self.tables) < self.max_tables:
            return
        for table in self.tables.values():
            if table.deserted:
                self._drop(table)
                return
        raise ProtocolError(f"the server is full ({self.max_tables} games in play)")

    async def serve(self, client: Client) -> None:
        """Read ``client``'s messages until it closes, and then free its seat."""
        self.clients.add(client)
        socket = client.socket
        try:
            await client.send(
                {"op": "hello", "presets": list(gr.PRESETS), "bots": table_bots(), "levels": levels_hello()}
            )
            while not client.closed:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    await client.close(CLOSE_BINARY, "binary frames are not understood")
                elif len(text) > MAX_MESSAGE:
                    await client.close(CLOSE_TOO_BIG, f"messages are at most {MAX_MESSAGE} characters")
                elif not client.spend():
                    await client.close(CLOSE_FLOOD, f"more than {2 * client.rate:.0f} messages at once")
                elif client.strikes >= STRIKES:
                    await client.close(CLOSE_FLOOD, f"more than {STRIKES} refused messages in a row")
                else:
                    strikes = client.strikes
                    try:
                        await self.handle(client, text)
                    except ProtocolError as exc:
                        client.strikes += 1
                        await client.send({"op": "error", "message": str(exc)})
                    if client.strikes == strikes:
                        client.strikes = 0
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the connection went: a receive after it closed is a RuntimeError in Starlette
        finally:
            await self.leave(client)


def create_app(
    *,
    make_game: GameFactory = new_game,
    make_bot: BotMaker = bot_factory,
    bot_delay: float = 0.0,
    seat_timeout: float = SEAT_TIMEOUT,
    max_tables: int = 1000,
    archive: Path | None = None,
    stats: bool = False,
    rate: float = RATE,
) -> Starlette:
    """The ASGI application: the page at ``/``, its files under ``/static``, games at ``/ws``.

    :param make_game: makes each table's game from the ruleset (tests pass a seeded one).
    :param make_bot: makes the factory of a table's bot from its name (tests pass seeded ones).
    :param bot_delay: seconds the bot waits before each action, so a person can follow it.
    :param seat_timeout: seconds a closed tab's seat waits for its token.
    :param max_tables: the most tables held at once.
    :param archive: a folder where each table's game is written when it is dropped (the whole
        truth: keep it on the server), with its deal log beside it (``GAME.deals``: each
        round's commitment, and the deck and salt of those over, which ``ginrummy verify``
        checks).
    :param stats: serve ``/stats``, what the server holds (:meth:`Hub.stats`), for operators.
    :param rate: the messages a second a connection may send on average (twice as many at
        once); more closes it.
    :returns: the app; its hub (the tables) is ``app.state.hub``.
    """
    hub = Hub(
        make_game,
        make_bot,
        bot_delay=bot_delay,
        seat_timeout=seat_timeout,
        max_tables=max_tables,
        archive=archive,
        rate=rate,
    )

    async def page(request: Request) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    async def favicon(request: Request) -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    async def games(socket: WebSocket) -> None:
        await socket.accept()
        await hub.serve(Client(socket, rate=hub.rate))

    async def held(request: Request) -> JSONResponse:
        return JSONResponse(hub.stats())

    routes: list[BaseRoute] = [
        Route("/", page),
        Route("/favicon.ico", favicon),
        WebSocketRoute("/ws", games),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    if stats:
        routes.append(Route("/stats", held))
    app = Starlette(routes=routes)
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
    parser.add_argument(
        "--seat-timeout",
        type=float,
        default=SEAT_TIMEOUT,
        help="seconds a closed tab's seat is kept for a reload (default: %(default)s)",
    )
    parser.add_argument(
        "--archive", type=Path, help="write each game to this folder when its table is dropped"
    )
    parser.add_argument("--stats", action="store_true", help="serve /stats: tables, connections, memory")
    parser.add_argument(
        "--rate",
        type=float,
        default=RATE,
        help="messages a second a connection may send, twice as many at once (default: %(default)s)",
    )
    parser.add_argument("--log-level", default="info", help="uvicorn's log level (default: %(default)s)")
    args = parser.parse_args(argv)
    app = create_app(
        bot_delay=args.bot_delay,
        seat_timeout=args.seat_timeout,
        archive=args.archive,
        stats=args.stats,
        rate=args.rate,
    )
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=64 * 1024, log_level=args.log_level)


if __name__ == "__main__":
    main()
