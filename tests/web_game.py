"""Shared by the web tests: the example server loaded from its file, the omniscient states of a
served game, and the cards a player may not see in each of them.

The leak checks work on card *tokens*: every card written as the library writes it (``Kh``)
or as the page draws it (``K♥``, ``10♠``), standing alone (not inside a longer word or id).
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections.abc import Callable
from functools import cache, lru_cache
from types import ModuleType
from typing import Any

import jsonschema_rs

import ginrummy as gr
from ginrummy import frontend
from ginrummy.frontend.fair_deals import round_salt
from repository import ROOT

SERVER = ROOT / "examples" / "web" / "server.py"

_GLYPHS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
_TOKEN = re.compile(r"(?<![\w-])(?:([A2-9TJQK])([cdhs])|(10|[A2-9JQK])([♣♦♥♠]))(?![\w-])")


@cache
def load_server() -> ModuleType:
    """``examples/web/server.py`` as a module (loaded once)."""
    spec = importlib.util.spec_from_file_location("ginrummy_web_server", SERVER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


def seeded(seed: int, dealer: int) -> Callable[[gr.Ruleset], gr.Game]:
    """A game factory for the server that deals the same game every time."""
    return lambda rules: gr.Game.new(rules, seed=seed, dealer=dealer)


class States:
    """The omniscient game after each number of actions, replayed from the served game's
    record: ``states[step]`` is the game a frame with that ``step`` was made from."""

    def __init__(self) -> None:
        self.games: list[gr.Game] = []
        self.finished: list[gr.Round] = []
        """The rounds that ended, in order (``finished[i]`` is the round of ``results[i]``)."""

    def follow(self, game: gr.Game) -> None:
        """Catch up with ``game`` (the server's current game), one action at a time."""
        if not self.games:
            self.games.append(gr.Game.new(game.rules, seed=game.seed, dealer=game.first_dealer))
        for action in game.actions[len(self.games) - 1 :]:
            state = self.games[-1].apply(action)
            if len(state.results) > len(self.finished):
                assert state.finished is not None
                self.finished.append(state.finished)
            self.games.append(state)
        assert game == self.games[-1]

    def __getitem__(self, step: int) -> gr.Game:
        return self.games[step]


def hidden_cards(r: gr.Round, player: int) -> frozenset[str]:
    """The cards of round ``r`` that ``player`` may not see, from the omniscient round: the
    stock; the opponent's cards that never lay face up on the discard pile, until the
    opponent's hand is shown (from a knock on; a dead hand shows no hand); the opponent's
    face-down knock card until the round is over, unless it once lay face up on the pile (the
    player saw it discarded, or it was the initial upcard)."""
    hidden = set(r.stock)
    opponent = 1 - player
    seen = {r.initial_upcard}
    seen.update(e.action.card for e in r.events if isinstance(e.action, gr.Discard))
    if r.knocker is None:
        hidden.update(card for card in r.hand(opponent) if card not in seen)
    if r.knocker == opponent and r.knock_card is not None and not r.is_over and r.knock_card not in seen:
        hidden.add(r.knock_card)
    return frozenset(str(card) for card in hidden)


def card_tokens(text: str) -> set[str]:
    """Every card standing alone in ``text``, in the library's notation."""
    tokens = set()
    for match in _TOKEN.finditer(text):
        if match.group(1):
            tokens.add(match.group(1) + match.group(2))
        else:
            rank = "T" if match.group(3) == "10" else match.group(3)
            tokens.add(rank + _GLYPHS[match.group(4)])
    return tokens


def json_strings(value: object) -> set[str]:
    """Every distinct string (keys included) in a JSON value."""
    strings: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            strings.add(item)
        elif isinstance(item, dict):
            strings.update(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return strings


@lru_cache(maxsize=1 << 16)
def _string_tokens(text: str) -> frozenset[str]:
    """:func:`card_tokens` of one string, remembered (a client's frames repeat most strings)."""
    return frozenset(card_tokens(text))


def json_tokens(value: object) -> set[str]:
    """Every card token in the strings of a JSON value."""
    tokens: set[str] = set()
    for text in json_strings(value):
        tokens |= _string_tokens(text)
    return tokens


def frame_leaks(frame: dict[str, Any], states: States, player: int, step: int) -> set[str]:
    """The hidden cards a frame received by ``player`` shows.

    A state frame's view of the round in play and its hints (``table``) are checked against
    that round at the frame's step, each past result and each past round's view against its own
    round, and the finished round's view and its hints (``last``) against the finished round; any
    other frame against the round in play at ``step``.
    """
    if frame.get("op") != "state":
        return json_tokens(frame) & hidden_cards(states[step].round, player)
    game = states[frame["step"]]
    data = dict(frame["view"]["data"])
    results = data.pop("results")
    history = data.pop("history")
    leaks = json_tokens(data) & hidden_cards(game.round, player)
    leaks |= json_tokens(frame["table"]) & hidden_cards(game.round, player)
    for index, result in enumerate(results):
        leaks |= json_tokens(result) & hidden_cards(states.finished[index], player)
    for index, seen in enumerate(history):
        leaks |= json_tokens(seen) & hidden_cards(states.finished[index], player)
    if frame["finished"] is not None:
        assert game.finished is not None
        leaks |= json_tokens(frame["finished"]) & hidden_cards(game.finished, player)
        leaks |= json_tokens(frame["last"]) & hidden_cards(game.finished, player)
    return leaks


def expected_frame(
    game: gr.Game,
    player: int,
    *,
    waiting: bool = False,
    paused: bool = False,
    opponent: str = "the greedy bot",
    secret: str | None = None,
) -> dict[str, Any]:
    """The state frame ``player`` must receive for ``game``, built here from the library and
    the kit; with the table's deal secret, its fair-deal part too (else without it: check it
    with :func:`deal_errors`)."""
    finished = None if game.finished is None else game.finished.view(player)
    deal = {} if secret is None else {"deal": deal_frame(game, secret)}
    return {
        "op": "state",
        "step": len(game.actions),
        "view": json.loads(gr.dumps(game.view(player))),
        "finished": None if finished is None else json.loads(gr.dumps(finished)),
        "waiting": waiting,
        "paused": paused,
        "table": frontend.table_data(game.round.view(player), opponent=opponent),
        "last": None if finished is None else frontend.table_data(finished, opponent=opponent),
        **deal,
    }


def deal_frame(game: gr.Game, secret: str) -> dict[str, Any]:
    """The fair-deal part of a state frame for ``game`` under the deal secret ``secret``, built
    here from the library: the commitment of the round in play, the reveal of the last round
    over."""
    over, dealt = len(game.results), len(game.decks)
    revealed = None
    if over:
        salt = round_salt(secret, over)
        deck = game.decks[over - 1]
        revealed = {
            "number": over,
            "commitment": gr.commit_deal(deck, salt),
            "deck": " ".join(map(str, deck)),
            "salt": salt,
        }
    playing = dealt > over
    return {
        "number": dealt if playing else over,
        "commitment": gr.commit_deal(game.decks[dealt - 1], round_salt(secret, dealt)) if playing else None,
        "revealed": revealed,
    }


def deal_errors(frame: dict[str, Any], game: gr.Game, commitments: dict[int, str]) -> list[str]:
    """What is wrong with a state frame's fair-deal part for ``game`` (the game at the
    frame's step), without the table's secret: the commitment a round had while in play must
    be the one revealed at its end, and the reveal must verify and be the deck dealt.

    :param commitments: the commitment each round was shown with so far (filled in here).
    """
    deal = frame["deal"]
    errors = []
    if len(game.decks) > len(game.results):
        seen = commitments.setdefault(len(game.decks), deal["commitment"])
        if seen != deal["commitment"]:
            errors.append(f"round {len(game.decks)}: its commitment changed while in play")
    revealed = deal["revealed"]
    if revealed is not None:
        number = revealed["number"]
        if number != len(game.results) or revealed["deck"] != " ".join(map(str, game.decks[number - 1])):
            errors.append(f"round {number}: the deck revealed is not the deck dealt")
        if commitments.get(number, revealed["commitment"]) != revealed["commitment"]:
            errors.append(f"round {number}: the commitment revealed is not the one shown in play")
        try:
            gr.verify_deal(revealed["commitment"], revealed["deck"], revealed["salt"])
        except gr.CommitmentError as exc:
            errors.append(str(exc))
    return errors


FRAMES_SCHEMA = ROOT / "examples" / "web" / "frames.schema.json"


@cache
def frames_validator() -> jsonschema_rs.Validator:
    """A validator of the server's frames: ``frames.schema.json`` with the library's schema
    (``gr.json_schema()``) embedded, which its state frames' documents refer to by its id."""
    schema = json.loads(FRAMES_SCHEMA.read_text(encoding="utf-8"))
    schema["$defs"]["ginrummy"] = gr.json_schema()
    return jsonschema_rs.validator_for(schema)


def frame_errors(frame: object) -> list[str]:
    """What the frames' schema finds wrong with ``frame`` ([] when valid)."""
    return [
        f"{'/'.join(str(p) for p in error.instance_path) or '<frame>'}: {error.message[:300]}"
        for error in frames_validator().iter_errors(frame)
    ]
