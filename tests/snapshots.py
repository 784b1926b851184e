"""Valid JSON documents of every type (*snapshots*) and the ways to spoil them, for the JSON
tests of ``tests/io/``.

A snapshot is ``gr.dumps`` of a value made by a factory (a round in each phase, a game in
progress and finished, views, results); a :class:`Case` is one corruption of a snapshot: what
``gr.loads`` is given and where its error must point. The cases live with the tests of the
reader they exercise, and :data:`CORRUPTION_KINDS` says which kinds each file covers (37 kinds
in all).
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import strategies as st

import ginrummy as gr
from positions import biased_action, set_up

Json = Any
"""A decoded JSON value."""


RTC = gr.PAGAT.evolve(
    name="corner",
    round_the_corner=True,
    ace_points=15,
    layoffs_after_gin=True,
    void_if_gin_matched=True,
    target=125,
)
"""A round-the-corner ruleset (wrapping runs, ace 15, layoffs onto gin that may void a round)."""


def play(r: gr.Round, rng: random.Random, knock: float = 0.75) -> list[gr.Round]:
    """Every state of ``r`` played to its end by :func:`policy`, ``r`` included."""
    states = [r]
    while not r.is_over:
        r = r.apply(biased_action(r, rng, knock, alternate_takes=False))
        states.append(r)
    return states


def play_game(rules: gr.Ruleset, seed: int, knock: float = 0.75) -> list[gr.Game]:
    """Every state of a game played by :func:`policy` to its end."""
    rng = random.Random(seed)
    game = gr.Game.new(rules, seed=seed)
    states = [game]
    while not game.is_over:
        game = game.apply(biased_action(game.round, rng, knock, alternate_takes=False))
        states.append(game)
    return states


@st.composite
def rulesets(draw: st.DrawFn) -> gr.Ruleset:
    """A valid ruleset: a preset, or a preset with any fields changed within their domains."""
    base = draw(st.sampled_from([*gr.PRESETS.values(), RTC]))
    if draw(st.booleans()):
        return base
    layoffs = draw(st.booleans())
    after_gin = layoffs and draw(st.booleans())
    return base.evolve(
        name=draw(st.sampled_from(["custom", "house rules", "ünïcode ♠"])),
        knock_limit=draw(st.integers(0, 99)),
        oklahoma=draw(st.booleans()),
        oklahoma_ace_gin_only=draw(st.booleans()),
        spade_multiplier=draw(st.integers(1, 10)),
        big_gin=draw(st.booleans()),
        big_gin_bonus=draw(st.integers(0, 1000)),
        gin_bonus=draw(st.integers(0, 1000)),
        undercut_bonus=draw(st.integers(0, 1000)),
        undercut_on_tie=draw(st.booleans()),
        layoffs=layoffs,
        layoffs_after_gin=after_gin,
        after_both_pass=draw(st.sampled_from(gr.AfterPass)),
        may_discard_taken_card=draw(st.booleans()),
        dead_hand_stock=draw(st.integers(0, 30)),
        target=draw(st.integers(1, 100_000)),
        game_bonus=draw(st.integers(0, 100_000)),
        box_bonus=draw(st.integers(0, 100_000)),
        boxes_count_toward_target=draw(st.booleans()),
        shutout=draw(st.sampled_from(gr.Shutout)),
        game_winner=draw(st.sampled_from(gr.GameWinner)),
        next_dealer=draw(st.sampled_from(gr.NextDealer)),
        round_the_corner=draw(st.booleans()),
        ace_points=draw(st.integers(1, 15)),
        void_if_gin_matched=after_gin and draw(st.booleans()),
        max_turns=draw(st.none() | st.integers(1, 10_000)),
    )


@functools.cache
def small_game_states(seed: int) -> tuple[gr.Game, ...]:
    """A game of Pagat to 30 played to its end."""
    return tuple(play_game(gr.PAGAT.evolve(target=30), seed))


def find_round(rules: gr.Ruleset, wanted: Callable[[gr.Round], bool], knock: float = 0.75) -> gr.Round:
    """The first state, over seeds 0, 1, 2 ..., of a dealt round that satisfies ``wanted``."""
    for seed in range(500):
        for state in play(gr.Round.deal(rules, seed % 2, seed=seed), random.Random(seed), knock):
            if wanted(state):
                return state
    raise AssertionError("no such round")  # pragma: no cover


@functools.cache
def draw_round() -> gr.Round:
    """A dealt round in DRAW after both passed the upcard and a few turns, a pile card taken."""
    return find_round(
        gr.PAGAT,
        lambda r: r.phase is gr.Phase.DRAW and r.turns >= 4 and bool(r.known[0] or r.known[1]),
        knock=0.0,
    )


@functools.cache
def layoff_round() -> gr.Round:
    """A dealt round in LAYOFF with a layoff already made."""
    return find_round(gr.PAGAT, lambda r: r.phase is gr.Phase.LAYOFF and bool(r.layoffs))


@functools.cache
def knocked_round() -> gr.Round:
    """A dealt round over after a knock that was not gin (knocker's deadwood above 0)."""

    def wanted(r: gr.Round) -> bool:
        result = r.result
        return result is not None and result.outcome in (gr.Outcome.KNOCK, gr.Outcome.UNDERCUT)

    return find_round(gr.PAGAT, wanted)


@functools.cache
def gin_round() -> gr.Round:
    """A dealt round over by gin."""
    return find_round(gr.PAGAT, lambda r: r.result is not None and r.result.outcome is gr.Outcome.GIN)


@functools.cache
def position_round() -> gr.Round:
    """A round set up with ``from_position`` (DRAW) and played a few actions on."""
    start = set_up(draw_round())
    rng = random.Random(3)
    r = start
    for _ in range(5):
        r = r.apply(biased_action(r, rng, knock=0.0, alternate_takes=False))
    return r


@functools.cache
def mid_game() -> gr.Game:
    """A game mid-round, with at least two rounds finished, one of them scored."""
    for game in small_game_states(0):
        if len(game.results) >= 2 and game.round.events and any(r.winner is not None for r in game.results):
            return game
    raise AssertionError("no such game")  # pragma: no cover


@functools.cache
def finished_game() -> gr.Game:
    """A finished game of Pagat to 30."""
    return small_game_states(0)[-1]


def layoff_view() -> gr.PlayerView:
    """The knocker's view of :func:`layoff_round`."""
    r = layoff_round()
    assert r.knocker is not None
    return r.view(r.knocker)


def game_view() -> gr.GameView:
    """Player 1's view of :func:`mid_game`."""
    return mid_game().view(1)


@functools.cache
def snapshot(factory: Callable[[], object]) -> str:
    """The JSON text of the value ``factory`` makes (cached)."""
    return gr.dumps(factory())


def card_of(data: Json, *path: str | int) -> str:
    """The card text at ``path`` in a decoded document's data."""
    node = data
    for key in path:
        node = node[key]
    assert isinstance(node, str)
    return node


CORRUPTION_KINDS: dict[str, str] = {
    "drop-card": "json_reader",
    "duplicate-card": "json_reader",
    "move-card-hand-to-stock": "json_reader",
    "move-card-stock-to-hand": "json_reader",
    "move-card-stock-to-pile": "json_reader",
    "move-card-pile-to-stock": "json_reader",
    "move-card-hand-to-hand": "json_reader",
    "change-count": "json_reader",
    "change-phase": "json_reader",
    "change-to-act": "json_reader",
    "change-dealer": "json_reader",
    "change-score": "json_reader",
    "change-points": "json_reader",
    "change-result-field": "json_reader",
    "ruleset-invalid-value": "json_fields",
    "ruleset-other-valid-value": "json_reader",
    "unknown-field": "json_fields",
    "missing-field": "json_fields",
    "string-for-int": "json_fields",
    "bool-for-int": "json_fields",
    "null-for-list": "json_fields",
    "object-for-list": "json_fields",
    "bad-version": "documents",
    "wrong-format-tag": "documents",
    "unknown-type-tag": "documents",
    "truncated-text": "documents",
    "non-json-text": "documents",
    "non-str-input": "documents",
    "deeply-nested": "documents",
    "non-canonical-card": "json_fields",
    "unknown-card": "json_fields",
    "illegal-action": "json_reader",
    "unparseable-action": "json_reader",
    "actions-cut-short": "json_reader",
    "bad-deck": "json_reader",
    "bad-meld": "json_reader",
    "bad-layoff": "json_reader",
}
"""Every kind of corruption the JSON tests exercise (37 kinds), each with the reader it tests:
``documents`` (the envelope: ``tests/io/test_documents.py``), ``json_fields`` (one field's
JSON type, name or card text: ``tests/io/test_json_fields.py``) or ``json_reader`` (a value the
replay or a constructor refuses: ``tests/io/test_json_reader.py``)."""


@attrs.frozen
class Case:
    """One corruption: what ``gr.loads`` is given and where it must say the fault is."""

    kind: str
    """One of :data:`CORRUPTION_KINDS`."""
    label: str
    """What is spoiled."""
    inputs: Callable[[], Sequence[object]]
    """The spoiled inputs to ``gr.loads`` (text, usually one document)."""
    where: str | None = None
    """The start of the error message (the path of the fault), when it is pinned."""


Mutation = Callable[[Json], None]
"""A change made in place to a decoded document."""


Factory = Callable[[], object]
"""A function that makes a snapshot's value."""


Path = list[str | int]
"""A path into a decoded document."""


def spoil(factory: Factory, mutation: Mutation, *, envelope: bool = False) -> Callable[[], list[str]]:
    """The inputs of a case: the snapshot of ``factory()`` with ``mutation`` applied to its
    ``data`` (or to the whole document with ``envelope``)."""

    def make() -> list[str]:
        document = json.loads(snapshot(factory))
        mutation(document if envelope else document["data"])
        return [json.dumps(document, ensure_ascii=False)]

    return make


def at(node: Json, path: Sequence[str | int]) -> Json:
    """The node at ``path``."""
    for key in path:
        node = node[key]
    return node


def put(path: Sequence[str | int], value: Json) -> Mutation:
    """Set the node at ``path`` to ``value``."""

    def mutate(data: Json) -> None:
        at(data, path[:-1])[path[-1]] = copy.deepcopy(value)

    return mutate


def house(mutation: Mutation, at_rules: Sequence[str | int] = ("rules",)) -> Mutation:
    """``mutation`` of a preset's ruleset, renamed as a house ruleset (a ruleset named like a
    preset must be that preset)."""

    def mutate(data: Json) -> None:
        mutation(data)
        at(data, at_rules)["name"] = "house"

    return mutate


def change(path: Sequence[str | int], how: Callable[[Json], Json]) -> Mutation:
    """Replace the node at ``path`` by ``how(node)``."""

    def mutate(data: Json) -> None:
        parent = at(data, path[:-1])
        parent[path[-1]] = how(parent[path[-1]])

    return mutate


def delete(path: Sequence[str | int]) -> Mutation:
    """Remove the field or list item at ``path``."""

    def mutate(data: Json) -> None:
        del at(data, path[:-1])[path[-1]]

    return mutate


def move(source: Sequence[str | int], target: Sequence[str | int], index: int = -1) -> Mutation:
    """Move item ``index`` of the list at ``source`` to the end of the list at ``target``."""

    def mutate(data: Json) -> None:
        at(data, target).append(at(data, source).pop(index))

    return mutate


def copy_to(source: Sequence[str | int], target: Sequence[str | int]) -> Mutation:
    """Append a copy of the node at ``source`` to the list at ``target``."""

    def mutate(data: Json) -> None:
        at(data, target).append(copy.deepcopy(at(data, source)))

    return mutate


def texts(*values: object) -> Callable[[], Sequence[object]]:
    """Inputs given literally."""
    return lambda: list(values)


def other_player(value: Json) -> Json:
    """The other player (0 <-> 1)."""
    return 1 - value


def flip_bool(value: Json) -> Json:
    """The other boolean."""
    return not value


def plus_one(value: Json) -> Json:
    """The integer one higher."""
    return value + 1


def lowered(value: Json) -> Json:
    """The text in lower case."""
    return str(value).lower()


def miswritten(card: Json) -> Json:
    """Another accepted spelling of a card's text: ``"as"`` for ``"As"``, ``"10h"`` for
    ``"Th"``, ``"6C"`` for ``"6c"``."""
    text = str(card)
    rank, suit = text[0], text[1]
    if rank == "T":
        return "10" + suit
    return rank.lower() + suit if rank.isalpha() else rank + suit.upper()


def scored_index(game: gr.Game) -> int:
    """The index of a scored result in ``game.results``."""
    return next(i for i, r in enumerate(game.results) if r.winner is not None)


def prefixes(factory: Factory, count: int | None = None) -> Callable[[], list[str]]:
    """Every proper prefix of the snapshot's text (or ``count`` of them, spread evenly plus a
    seeded random sample)."""

    def make() -> list[str]:
        text = snapshot(factory)
        if count is None:
            return [text[:n] for n in range(len(text))]
        rng = random.Random(len(text))
        lengths = {n * len(text) // count for n in range(count)} | {
            rng.randrange(len(text)) for _ in range(count)
        }
        return [text[:n] for n in sorted(lengths)]

    return make


def nested(depth: int, kind: str = "array") -> Callable[[], Sequence[object]]:
    """Documents whose data nest ``depth`` arrays (or objects) deep, and the bare nesting."""
    body = "[" * depth + "]" * depth if kind == "array" else '{"a": ' * depth + "1" + "}" * depth
    return texts(
        f'{{"format": "ginrummy", "version": 1, "type": "Hand", "data": {body}}}',
        f'{{"format": "ginrummy", "version": 1, "type": "Round", "data": {body}}}',
        body,
    )


ROUND = draw_round


LAYOFF = layoff_round


KNOCKED = knocked_round


GAME = mid_game


FINISHED = finished_game


CARD = functools.partial(gr.Card.parse, "As")


HAND = functools.partial(gr.Hand.parse, "As 2s 3s Kd")


MELD = functools.partial(gr.Meld.parse, "7c 8c 9c")


def scored_result() -> gr.RoundResult:
    """A scored round result of :func:`mid_game`."""
    return mid_game().results[scored_index(mid_game())]


def case_id(case: Case) -> str:
    """A readable test id."""
    return f"{case.kind}: {case.label}"


def kinds_of(module: str) -> set[str]:
    """The kinds of :data:`CORRUPTION_KINDS` that the tests of ``module`` exercise."""
    return {kind for kind, owner in CORRUPTION_KINDS.items() if owner == module}


def reject(case: Case) -> None:
    """``gr.loads`` refuses each input of ``case`` with a ``SerializationError`` (never another
    exception) whose message starts with where the case says."""
    inputs = case.inputs()
    assert inputs
    for value in inputs:
        with pytest.raises(gr.SerializationError) as info:
            gr.loads(value)  # type: ignore[arg-type]
        if case.where is not None:
            assert str(info.value).startswith(case.where), (case.where, str(info.value))
