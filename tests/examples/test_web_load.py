"""Load and faults: 200 websocket clients at once play whole games against bots on the web
example's server, a fifth of them dropping their connection mid-move (half of those coming back
with their seat token), over real sockets to the server in its own process.

Marked ``load`` and left out of the default ``pytest`` run (it takes minutes); ``.ci/run`` runs
``pytest -m load``. It passes only if

- the server logs no exception (its standard error holds no traceback and no error line);
- every frame is valid against the frames' schema, with the library's schema
  (``gr.json_schema()``) for the documents in it;
- no frame shows a card its player may not see, judged on the server's own record of each
  game (written to an archive folder when its table is dropped);
- no seat is leaked and every table is dropped once its people are gone for the seat timeout,
  finished or not: the server holds no table, connection, seat or timer at the end;
- the server's Python heap is back to where it was before the 200 clients came, within
  :data:`MEMORY_MARGIN` (measured after a first, smaller round of clients has warmed the
  library's caches).

It prints the clients, the games finished per second, the 99th percentile of the time from a
client's action to the frame answering it, and the server's memory before and after.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

import ginrummy as gr
from cli_helpers import cli_env
from web_game import SERVER, States, frame_errors, hidden_cards, json_tokens

pytestmark = pytest.mark.load

CLIENTS = int(os.environ.get("GINRUMMY_LOAD_CLIENTS", "200"))
"""Clients at once."""
WARM_UP = 30
"""Clients of the first round, which fills the library's caches before memory is measured."""
SEAT_TIMEOUT = 3.0
"""The server's seat timeout in this test (seconds)."""
MEMORY_MARGIN = 0.05
"""How much the server's Python heap (allocated blocks) may have grown over the run."""
PRESETS = ["pagat", "oklahoma", "spanish-site", "round-the-corner", "hollywood", "eaai"]
"""The rules of the games, by turns."""


def free_port() -> int:
    """A loopback port nobody listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def choose(frame: dict[str, Any]) -> dict[str, Any] | None:
    """The message a simple player sends after a state frame (None: wait): deal on at a
    round's end; knock when the kit says it may, else discard the card leaving the least
    deadwood; lay off what fits; draw from the stock; pass the upcard."""
    if frame["paused"]:
        return {"op": "next"}
    legal: list[str] = frame["view"]["data"]["round"]["legal_actions"]
    if not legal:
        return None
    hints = frame["table"]
    if hints["knock"]["legal"]:
        action = f"k {hints['knock']['card']}"
    elif "bg" in legal:
        action = "bg"
    elif hints["discards"]:
        action = f"d {hints['discards'][0][0]}"
    else:
        action = next((a for a in legal if a.startswith("l ")), None) or next(
            (a for a in ("e", "s", "p") if a in legal), legal[0]
        )
    return {"op": "act", "action": action}


@dataclass
class Player:
    """One client: its game, the frames it received (compressed), its answer times."""

    index: int
    preset: str
    drops: bool
    returns: bool
    game_id: str = ""
    token: str = ""
    frames: list[bytes] = field(default_factory=list)
    answers: list[float] = field(default_factory=list)
    finished: bool = False
    dropped: bool = False

    async def session(self, uri: str, rng: random.Random) -> None:
        """Play until the game is over, dropping once mid-move when this client drops (and
        coming back with the token when it returns)."""
        drop_after = rng.randrange(3, 60) if self.drops else -1
        moves = 0
        while True:
            async with connect(uri, compression=None, max_size=None, ping_interval=None) as ws:
                await self.receive(ws)  # hello
                if not self.game_id:
                    await ws.send(
                        json.dumps({"op": "new", "mode": "bot", "preset": self.preset, "bot": "greedy"})
                    )
                else:
                    await ws.send(json.dumps({"op": "join", "game": self.game_id, "token": self.token}))
                joined = await self.receive(ws)
                assert "joined" == joined["op"], joined
                self.game_id, self.token = joined["game"], joined["token"]
                sent_at: float | None = None  # when the message waiting for its answer was sent
                sent: dict[str, Any] = {}
                sent_step = -1
                while True:
                    frame = await self.receive(ws)
                    if frame["op"] != "state":
                        assert "refused" != frame["op"], frame
                        continue
                    answered = frame["step"] > sent_step if sent.get("op") == "act" else not frame["paused"]
                    if sent_at is not None and answered:
                        self.answers.append(time.perf_counter() - sent_at)
                        sent_at = None
                    if frame["view"]["data"]["is_over"]:
                        self.finished = True
                        return
                    if sent_at is not None:
                        continue  # the answer to the last message is still to come
                    message = choose(frame)
                    if message is None:
                        continue
                    sent_at, sent, sent_step = time.perf_counter(), message, frame["step"]
                    await ws.send(json.dumps(message))
                    moves += 1
                    if moves == drop_after:  # gone mid-move, before the answer
                        self.dropped = True
                        break
            if not self.returns:
                return
            await asyncio.sleep(rng.uniform(0.0, 0.2))  # a reload: back well within the timeout
            drop_after = -1

    async def receive(self, ws: ClientConnection) -> dict[str, Any]:
        text = await ws.recv()
        assert isinstance(text, str)
        self.frames.append(zlib.compress(text.encode(), 1))
        frame: dict[str, Any] = json.loads(text)
        return frame


def check_frames(player: Player, game: gr.Game) -> int:
    """Check every frame ``player`` received against the schema and the cards hidden from it
    at that frame's step (each finished round's part once); returns the frames checked."""
    states = States()
    states.follow(game)
    seen_results = seen_history = 0
    finished_checked: set[int] = set()
    for packed in player.frames:
        frame = json.loads(zlib.decompress(packed))
        assert [] == frame_errors(frame), frame_errors(frame)[:3]
        if frame["op"] != "state":
            continue
        at = states[frame["step"]]
        data = dict(frame["view"]["data"])
        results, history = data.pop("results"), data.pop("history")
        hidden = hidden_cards(at.round, 0)
        assert set() == (json_tokens(data) | json_tokens(frame["table"])) & hidden
        for index in range(seen_results, len(results)):
            assert set() == json_tokens(results[index]) & hidden_cards(states.finished[index], 0)
        for index in range(seen_history, len(history)):
            assert set() == json_tokens(history[index]) & hidden_cards(states.finished[index], 0)
        seen_results, seen_history = len(results), len(history)
        if frame["finished"] is not None and len(results) not in finished_checked:
            finished_checked.add(len(results))
            last = states.finished[len(results) - 1]
            shown = json_tokens(frame["finished"]) | json_tokens(frame["last"])
            assert set() == shown & hidden_cards(last, 0)
    return len(player.frames)


def stats(base: str) -> dict[str, Any]:
    """The server's ``/stats``."""
    with urllib.request.urlopen(f"{base}/stats", timeout=30) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def wait_until_empty(base: str, timeout: float = 120.0) -> dict[str, Any]:
    """Wait until the server holds no table, connection or timer; its stats then."""
    deadline = time.monotonic() + timeout
    while True:
        held = stats(base)
        if (held["tables"], held["clients"], held["timers"], held["bots"]) == (0, 0, 0, 0):
            return held
        assert time.monotonic() < deadline, f"the server still holds {held}"
        time.sleep(0.2)


async def run_clients(uri: str, count: int, seed: int) -> tuple[list[Player], float]:
    """``count`` clients at once; a fifth drop mid-move, half of those come back."""
    rng = random.Random(seed)
    players = [
        Player(index, PRESETS[index % len(PRESETS)], drops=index % 5 == 0, returns=index % 10 == 0)
        for index in range(count)
    ]
    started = time.perf_counter()
    await asyncio.gather(*(p.session(uri, random.Random(rng.random())) for p in players))
    return players, time.perf_counter() - started


def test_200_clients_dropping_and_coming_back_leave_the_server_as_they_found_it(tmp_path: Path) -> None:
    """See the module's description."""
    port = free_port()
    archive = tmp_path / "archive"
    archive.mkdir()
    log = tmp_path / "server.log"
    command = [
        sys.executable,
        str(SERVER),
        "--port",
        str(port),
        "--bot-delay",
        "0",
        "--seat-timeout",
        str(SEAT_TIMEOUT),
        "--archive",
        str(archive),
        "--stats",
        "--rate",
        "1000",  # the clients play as fast as the server answers, unlike people
        "--log-level",
        "warning",
    ]
    with log.open("w") as errors:
        server = subprocess.Popen(command, stdout=errors, stderr=errors, env=cli_env())
    base, uri = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                stats(base)
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        asyncio.run(run_clients(uri, WARM_UP, seed=1))
        before = wait_until_empty(base)
        players, seconds = asyncio.run(run_clients(uri, CLIENTS, seed=2))
        after = wait_until_empty(base)
    finally:
        server.terminate()
        server.wait(30)
    logged = log.read_text()
    assert "Traceback" not in logged and "ERROR" not in logged and "Exception" not in logged, logged[-3000:]
    finished = [p for p in players if p.finished]
    abandoned = [p for p in players if not p.finished]
    # Only a client that dropped and did not come back leaves a game unfinished; a client
    # whose game ended before its drop point never dropped, and finished like the rest.
    assert all(p.dropped and not p.returns for p in abandoned)
    assert all(p.finished for p in players if p.returns)
    assert not any(p.dropped for p in players if not p.drops)
    # Most of the clients meant to drop did (a game rarely ends within its first 60 moves),
    # so the drop and the return are both exercised.
    assert sum(p.dropped for p in players if p.returns) >= sum(p.returns for p in players) // 2
    leaving = [p for p in players if p.drops and not p.returns]
    assert sum(p.dropped for p in leaving) >= len(leaving) // 2
    assert len(finished) >= CLIENTS - CLIENTS // 10
    frames = 0
    for player in players:
        game = gr.loads((archive / f"{player.game_id}.json").read_text(encoding="utf-8"))
        assert isinstance(game, gr.Game)
        assert player.finished == game.is_over
        frames += check_frames(player, game)
    answers = sorted(a for p in players for a in p.answers)
    p99 = answers[int(0.99 * (len(answers) - 1))]
    growth = (after["allocated_blocks"] - before["allocated_blocks"]) / before["allocated_blocks"]
    print(
        f"\nload: {CLIENTS} clients ({sum(p.dropped for p in players)} dropped mid-move, "
        f"{sum(p.dropped and p.returns for p in players)} came back), "
        f"{len(finished)} whole games in {seconds:.1f} s: "
        f"{len(finished) / seconds:.2f} games/s, {len(answers)} answers, median "
        f"{statistics.median(answers) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms; {frames} frames checked; "
        f"server heap {before['allocated_blocks']} -> {after['allocated_blocks']} blocks ({growth:+.1%}), "
        f"resident {before['rss_bytes'] / 2**20:.0f} -> {after['rss_bytes'] / 2**20:.0f} MB; "
        f"{os.cpu_count()} CPUs"
    )
    assert growth < MEMORY_MARGIN, (before, after)
    assert (0, 0, 0) == (after["seated"], after["kept"], after["tables"])
