"""The tables of the web example's server (``server.py``): the protocol's limits, the
connections, the seats, the tables, and the state frames a player receives.

A state frame is made from the receiving player's views only (:func:`state_frame`); the
finished rounds' part of its ``GameView`` document is written once per round
(:class:`Documents`). Its ``deal`` is the table's fair-deal record (:func:`deal_part`): the
commitment to the deck of the round in play, published before anyone plays it, and the
deck and salt of the last round over, which the page verifies.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

import ginrummy as gr
from ginrummy import frontend
from ginrummy.dealing import deal_salt
from ginrummy.frontend.fair_deals import round_deal

__all__ = [
    "BURST",
    "CLOSE_BINARY",
    "CLOSE_FLOOD",
    "CLOSE_TAKEN_OVER",
    "CLOSE_TOO_BIG",
    "MAX_MESSAGE",
    "MODES",
    "RATE",
    "SEAT_TIMEOUT",
    "STRIKES",
    "Client",
    "Documents",
    "ProtocolError",
    "Seat",
    "Table",
    "deal_part",
    "parse_message",
    "state_frame",
    "text_field",
]

MODES = ("bot", "people")
"""A person against a bot, or two people."""
MAX_MESSAGE = 2048
"""The longest message a client may send, in characters (a real one is under 100)."""
RATE = 50.0
"""Messages a second a connection may send, on average, by default (a person sends a few; a
program playing as fast as the server answers needs more: see the server's ``--rate``)."""
BURST = 100
"""Messages a connection may send at once, by default (twice the rate); one more closes it."""
STRIKES = 20
"""Messages in a row that a connection may have refused or answered with an error; one more
closes it (a flood of actions out of turn, say)."""
SEAT_TIMEOUT = 30.0
"""Seconds a closed tab's seat waits for its token before it is freed."""
CLOSE_TOO_BIG, CLOSE_BINARY, CLOSE_FLOOD, CLOSE_TAKEN_OVER = 1009, 1003, 1008, 4001
"""The close codes: a message too long, a binary frame, a flood, a seat taken over."""


class ProtocolError(gr.GinRummyError):
    """A client message the server cannot act on (the client receives an ``error`` frame)."""


def _data(value: object) -> Any:
    """The ``data`` of ``gr.dumps(value)``."""
    return json.loads(gr.dumps(value))["data"]


@dataclass(eq=False)
class Documents:
    """One player's ``GameView`` document, written piece by piece: the finished rounds' parts
    (each result, and the player's view of each finished round) once each, the rest after every
    change. A late frame would otherwise write a dozen finished rounds again for every action;
    the document is the same as ``gr.dumps(game.view(player))`` (the tests compare them)."""

    rules: Any = None
    rounds: list[gr.Round] = field(default_factory=list)
    results: list[Any] = field(default_factory=list)
    history: list[Any] = field(default_factory=list)
    finished: tuple[gr.Round | None, Any, Any] = (None, None, None)
    """The last finished round, its view's document and the kit's hints for it (kept for the
    frames until the next round ends)."""

    def view(self, game: gr.Game, player: int) -> dict[str, Any]:
        """``gr.dumps(game.view(player))``, parsed."""
        if self.rules is None:
            self.rules = _data(game.rules)
        played = game.played
        kept = 0
        while kept < min(len(played), len(self.rounds)) and self.rounds[kept] is played[kept]:
            kept += 1
        del self.rounds[kept:], self.results[kept:], self.history[kept:]
        for finished in played[kept:]:
            assert finished.result is not None
            self.rounds.append(finished)
            self.results.append(_data(finished.result))
            self.history.append(_data(finished.view(player)))
        data = {
            "player": player,
            "rules": self.rules,
            "scores": list(game.scores),
            "results": list(self.results),
            "round": _data(game.round.view(player)),
            "is_over": game.is_over,
            "result": _data(game.result),
            "history": list(self.history),
        }
        return {"format": "ginrummy", "version": 1, "type": "GameView", "data": data}

    def last_round(self, game: gr.Game, player: int, opponent: str) -> tuple[Any, Any]:
        """The player's view of the last finished round as a document, and the kit's hints for
        it (``frontend.table_data``: the round laid out in ``end``, its log in words); None,
        None before any round ended."""
        finished = game.finished
        if finished is None:
            return None, None
        if self.finished[0] is not finished:
            view = finished.view(player)
            document = json.loads(gr.dumps(view))
            self.finished = (finished, document, frontend.table_data(view, opponent=opponent))
        return self.finished[1], self.finished[2]


def state_frame(table: Table, player: int) -> dict[str, Any]:
    """What ``player`` receives after a change: its view of the game, its view of the last
    finished round, the kit's hints for the round in play (``table``) and for the finished one
    (``last``), the number of actions played so far, whether the table waits for the other
    person, and whether it waits for this person to deal on.

    :param table: the server's table (omniscient); only views of it leave this function.
    :param player: the receiving seat, 0 or 1.
    :returns: the frame as a JSON object.
    """
    game = table.game
    documents = table.documents[player]
    opponent = table.opponent_name
    finished, last = documents.last_round(game, player, opponent)
    return {
        "op": "state",
        "step": len(game.actions),
        "view": documents.view(game, player),
        "finished": finished,
        "waiting": table.waiting,
        "paused": table.session is not None and table.session.paused,
        "table": frontend.table_data(game.round.view(player), opponent=opponent),
        "last": last,
        "deal": deal_part(game, table.deal_secret),
    }


def deal_part(game: gr.Game, secret: str) -> dict[str, Any]:
    """The fair-deal part of a state frame: the commitment to the deck of the round in play
    (``commitment``: the round dealt next while the table shows a round's end) and the reveal
    of the last round over (``revealed``: its number, commitment, deck and salt; None before
    any round ended). Nothing of it tells the deck of a round before its end."""
    over = len(game.results)
    dealt = len(game.decks)
    revealed = round_deal(game, secret, over).to_json() if over else None
    current = round_deal(game, secret, dealt) if dealt > over else None
    return {
        "number": dealt if current is not None else over,
        "commitment": None if current is None else current.commitment,
        "revealed": revealed,
    }


@dataclass(eq=False)
class Client:
    """One websocket connection and the seat it holds, if any."""

    socket: WebSocket
    table: Table | None = None
    player: int = 0
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)
    closed: bool = False
    rate: float = RATE
    allowance: float = BURST
    checked_at: float = field(default_factory=time.monotonic)
    strikes: int = 0

    @property
    def connected(self) -> bool:
        """Whether frames can still be sent (neither side has closed)."""
        socket = self.socket
        return (
            not self.closed
            and socket.application_state is WebSocketState.CONNECTED
            and socket.client_state is WebSocketState.CONNECTED
        )

    async def send(self, frame: dict[str, Any]) -> None:
        """Send one frame, unless the connection has gone; a send that finds it gone marks it
        closed (Starlette reports a closed socket as ``WebSocketDisconnect``, or as a
        ``RuntimeError`` such as ``WebSocketDisconnected`` once either side has closed, and the
        server below it as an ``OSError``)."""
        async with self.sending:
            if not self.connected:
                return
            try:
                await self.socket.send_text(json.dumps(frame, ensure_ascii=False))
            except (WebSocketDisconnect, RuntimeError, OSError):
                self.closed = True

    async def close(self, code: int, reason: str) -> None:
        """Close the connection with ``code``."""
        async with self.sending:
            if self.connected:
                self.closed = True
                with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                    await self.socket.close(code, reason)
            self.closed = True

    def spend(self) -> bool:
        """Count one message against the allowance (``rate`` a second, at most twice that at
        once); False when the connection floods."""
        now = time.monotonic()
        self.allowance = min(2 * self.rate, self.allowance + (now - self.checked_at) * self.rate) - 1
        self.checked_at = now
        return self.allowance >= 0


@dataclass(eq=False)
class Seat:
    """A person's seat: the token that claims it back, the connection in it, and when that
    connection left."""

    token: str | None = None
    client: Client | None = None
    left_at: float | None = None


@dataclass(eq=False)
class Table:
    """One hosted game: against a bot, a :class:`~ginrummy.frontend.Session`; between two
    people, a game."""

    game_id: str
    mode: str
    seats: dict[int, Seat]
    people_game: gr.Game | None = None
    session: frontend.Session | None = None
    bot_name: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    documents: dict[int, Documents] = field(default_factory=lambda: {0: Documents(), 1: Documents()})
    deal_secret: str = field(default_factory=deal_salt, repr=False)
    """The secret the salts of the table's deal commitments are made from (a game against a
    bot hands it to its session, whose own is private)."""

    @property
    def game(self) -> gr.Game:
        """The game (the whole truth)."""
        if self.session is not None:
            return self.session.game
        assert self.people_game is not None
        return self.people_game

    @property
    def opponent_name(self) -> str:
        """How the page names the other player."""
        return "the other person" if self.bot_name is None else f"the {self.bot_name} bot"

    @property
    def waiting(self) -> bool:
        """Whether a person's seat is empty (nobody plays until both people are there)."""
        return any(seat.client is None for seat in self.seats.values())

    @property
    def deserted(self) -> bool:
        """Whether no connection sits at the table."""
        return all(seat.client is None for seat in self.seats.values())


MAX_NESTING = 8
"""The deepest nesting a client message may have (a real one has two levels)."""


def _nesting(value: object) -> int:
    """How deeply ``value`` nests arrays and objects (iteratively)."""
    deepest, pending = 0, [(value, 0)]
    while pending and deepest <= MAX_NESTING:
        item, level = pending.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level + 1)
            pending.extend(
                (child, level + 1) for child in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


def parse_message(text: str) -> dict[str, Any]:
    """A client message: a JSON object nested at most :data:`MAX_NESTING` deep (the same on
    every Python, whose JSON parsers give up at different depths).

    :raises ProtocolError: for anything else.
    """
    too_deep = ProtocolError(f"invalid message {text[:80]!r}: nested deeper than {MAX_NESTING}")
    try:
        message = json.loads(text)
    except RecursionError:
        raise too_deep from None
    except ValueError:
        raise ProtocolError(f"invalid message {text[:80]!r}: not JSON") from None
    if _nesting(message) > MAX_NESTING:
        raise too_deep
    if not isinstance(message, dict):
        raise ProtocolError(f"invalid message {text[:80]!r}: expected a JSON object")
    return message


def text_field(message: dict[str, Any], name: str) -> str:
    value = message.get(name)
    if not isinstance(value, str):
        raise ProtocolError(f"invalid {name!r}: expected a string, got {value!r:.40}")
    return value
