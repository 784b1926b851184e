"""Reading a document's fields strictly (``ginrummy.io.json_fields``): exact object fields,
JSON types, canonical card text, rulesets' values in their domains.

Each corruption takes a valid snapshot (:mod:`snapshots`), spoils one field, and requires
``gr.loads`` to raise ``gr.SerializationError`` - never any other exception - with a message
that starts with the path of the field.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

import ginrummy as gr
from snapshots import (
    CARD,
    GAME,
    HAND,
    LAYOFF,
    MELD,
    ROUND,
    RTC,
    Case,
    Factory,
    Json,
    Path,
    case_id,
    change,
    delete,
    finished_game,
    game_view,
    kinds_of,
    layoff_view,
    lowered,
    mid_game,
    miswritten,
    put,
    reject,
    scored_result,
    snapshot,
    spoil,
)

RULESET_PLACES: list[tuple[Factory, Path, str]] = [
    (ROUND, ["rules"], "round.rules"),
    (GAME, ["rules"], "game.rules"),
    (lambda: gr.PAGAT, [], "ruleset"),
]


BAD_RULESET_VALUES: list[tuple[str, Json]] = [
    ("knock_limit", -1),
    ("knock_limit", 100),
    ("target", 0),
    ("shutout", "triple"),
    ("next_dealer", None),
    ("dead_hand_stock", 31),
    ("max_turns", 0),
    ("name", ""),
    ("ace_points", 16),
    ("layoffs", "yes"),
]


UNKNOWN_FIELD_PLACES: list[tuple[Factory, Path, bool, str]] = [
    (CARD, [], True, "document"),
    (ROUND, [], False, "round"),
    (ROUND, ["state"], False, "round.state"),
    (ROUND, ["rules"], False, "round.rules"),
    (ROUND, ["origin"], False, "round.origin"),
    (GAME, ["state"], False, "game.state"),
    (GAME, ["state", "results", 0], False, "game.state.results[0]"),
    (GAME, ["state", "round"], False, "game.state.round"),
    (lambda: finished_game().result, ["breakdown", 0], False, "gameResult.breakdown[0]"),
    (layoff_view, [], False, "playerView"),
    (game_view, ["round"], False, "gameView.round"),
    (lambda: gr.Event(number=3, player=1, action=gr.DrawStock()), [], False, "event"),
    (lambda: mid_game().record(), [], False, "gameRecord"),
]


MISSING_FIELD_PLACES: list[tuple[Factory, Path, str, bool, str]] = [
    (CARD, [], "data", True, "document"),
    (CARD, [], "type", True, "document"),
    (ROUND, [], "state", False, "round"),
    (ROUND, ["state"], "hands", False, "round.state"),
    (ROUND, ["rules"], "target", False, "round.rules"),
    (ROUND, ["origin"], "deck", False, "round.origin"),
    (GAME, [], "seed", False, "game"),
    (GAME, ["state"], "scores", False, "game.state"),
    (scored_result, [], "multiplier", False, "roundResult"),
    (layoff_view, [], "hand", False, "playerView"),
    (game_view, [], "is_over", False, "gameView"),
    (lambda: gr.best_melds("As 2s 3s Kd"), [], "points", False, "arrangement"),
]


WRONG_LIST_VALUES: list[tuple[str, Json]] = [("null-for-list", None), ("object-for-list", {})]


LIST_PLACES: list[tuple[Factory, Path, str, str]] = [
    (ROUND, ["state", "hands"], "state hands", "round.state.hands"),
    (ROUND, ["state", "hands", 0], "a state hand", "round.state.hands[0]"),
    (ROUND, ["state", "stock"], "state stock", "round.state.stock"),
    (ROUND, ["actions"], "round actions", "round.actions"),
    (ROUND, ["origin", "deck"], "deal deck", "round.origin.deck"),
    (GAME, ["decks"], "game decks", "game.decks"),
    (GAME, ["state", "results"], "game results", "game.state.results"),
    (LAYOFF, ["state", "spread"], "spread", "round.state.spread"),
    (layoff_view, ["discard_pile"], "view pile", "playerView.discard_pile"),
    (game_view, ["scores"], "view scores", "gameView.scores"),
    (lambda: gr.best_melds("As 2s 3s Kd"), ["melds"], "arrangement melds", "arrangement.melds"),
]


CASES: list[Case] = [
    # ---------------------------------------------------------------- rulesets
    *[
        Case(
            "ruleset-invalid-value", f"{name} = {value!r}", spoil(factory, put([*prefix, name], value)), where
        )
        for factory, prefix, where in RULESET_PLACES
        for name, value in BAD_RULESET_VALUES
    ],
    Case(
        "ruleset-invalid-value",
        "layoffs after gin without layoffs",
        spoil(lambda: RTC, put(["layoffs"], False)),
        "ruleset",
    ),
    Case(
        "ruleset-invalid-value",
        "a view's rules",
        spoil(layoff_view, put(["rules", "gin_bonus"], -20)),
        "playerView.rules",
    ),
    # ---------------------------------------------------------------- document shape
    *[
        Case(
            "unknown-field",
            f"extra field in {where}",
            spoil(factory, put([*path, "extra"], 1), envelope=env),
            where,
        )
        for factory, path, env, where in UNKNOWN_FIELD_PLACES
    ],
    *[
        Case(
            "missing-field",
            f"{name} removed from {where}",
            spoil(factory, delete([*path, name]), envelope=env),
            where,
        )
        for factory, path, name, env, where in MISSING_FIELD_PLACES
    ],
    # ---------------------------------------------------------------- wrong JSON types
    Case(
        "string-for-int", "deal dealer", spoil(ROUND, put(["origin", "dealer"], "0")), "round.origin.dealer"
    ),
    Case("string-for-int", "state turns", spoil(ROUND, change(["state", "turns"], str)), "round.state.turns"),
    Case("string-for-int", "first dealer", spoil(GAME, change(["first_dealer"], str)), "game.first_dealer"),
    Case("string-for-int", "points", spoil(scored_result, change(["points"], str)), "roundResult.points"),
    Case("string-for-int", "knock limit", spoil(ROUND, put(["rules", "knock_limit"], "10")), "round.rules"),
    Case(
        "string-for-int", "game score", spoil(GAME, change(["state", "scores", 0], str)), "game.state.scores"
    ),
    Case(
        "string-for-int",
        "view stock size",
        spoil(layoff_view, change(["stock_size"], str)),
        "playerView.stock_size",
    ),
    Case(
        "string-for-int",
        "event number",
        spoil(lambda: gr.Event(number=3, player=1, action=None), put(["number"], "3")),
        "event.number",
    ),
    Case(
        "bool-for-int", "deal dealer", spoil(ROUND, change(["origin", "dealer"], bool)), "round.origin.dealer"
    ),
    Case("bool-for-int", "first dealer", spoil(GAME, change(["first_dealer"], bool)), "game.first_dealer"),
    Case("bool-for-int", "knock limit", spoil(ROUND, put(["rules", "knock_limit"], True)), "round.rules"),
    Case("bool-for-int", "points", spoil(scored_result, put(["points"], True)), "roundResult.points"),
    Case("bool-for-int", "winner", spoil(scored_result, put(["winner"], True)), "roundResult.winner"),
    Case(
        "bool-for-int",
        "game result total",
        spoil(lambda: gr.score_game(gr.PAGAT, []), put(["totals", 0], False)),
        "gameResult.totals[0]",
    ),
    Case("bool-for-int", "view player", spoil(layoff_view, change(["player"], bool)), "playerView.player"),
    Case(
        "bool-for-int",
        "layoff meld index",
        spoil(LAYOFF, put(["state", "layoffs", 0, 1], False)),
        "round.state.layoffs[0][1]",
    ),
    Case("bool-for-int", "game seed", spoil(GAME, put(["seed"], True)), "game.seed"),
    *[
        Case(kind, f"{label} as {value!r}", spoil(factory, put(path, value)), where)
        for kind, value in WRONG_LIST_VALUES
        for factory, path, label, where in LIST_PLACES
    ],
    Case("null-for-list", "hand data", spoil(HAND, put(["data"], None), envelope=True), "hand"),
    Case(
        "object-for-list",
        "meld data",
        spoil(MELD, put(["data"], {"cards": ["7c", "8c", "9c"]}), envelope=True),
        "meld",
    ),
    # ---------------------------------------------------------------- cards and actions
    Case(
        "non-canonical-card",
        "a card written in lower case",
        spoil(ROUND, change(["state", "hands", 0, 0], miswritten)),
        "round.state.hands[0][0]",
    ),
    Case("non-canonical-card", "Card 'as'", spoil(CARD, put(["data"], "as"), envelope=True), "card"),
    Case("non-canonical-card", "Card 'AS'", spoil(CARD, put(["data"], "AS"), envelope=True), "card"),
    Case("non-canonical-card", "Card 'A♠'", spoil(CARD, put(["data"], "A♠"), envelope=True), "card"),
    Case(
        "non-canonical-card",
        "Card '10h'",
        spoil(lambda: gr.Card.parse("Th"), put(["data"], "10h"), envelope=True),
        "card",
    ),
    Case("non-canonical-card", "a hand card ' As'", spoil(HAND, put([0], " As")), "hand[0]"),
    Case(
        "non-canonical-card",
        "a deck card in lower case",
        spoil(GAME, change(["decks", 0, 5], miswritten)),
        "game.decks[0][5]",
    ),
    Case(
        "non-canonical-card",
        "the initial upcard in lower case",
        spoil(ROUND, change(["state", "initial_upcard"], miswritten)),
        "round.state.initial_upcard",
    ),
    Case("unknown-card", "Card 'Zz'", spoil(CARD, put(["data"], "Zz"), envelope=True), "card"),
    Case("unknown-card", "Card '1s'", spoil(CARD, put(["data"], "1s"), envelope=True), "card"),
    Case("unknown-card", "a hand card ''", spoil(HAND, put([1], "")), "hand[1]"),
    Case("unknown-card", "a card as a number", spoil(HAND, put([1], 14)), "hand[1]"),
    Case(
        "unknown-card",
        "a stock card 'Xx'",
        spoil(ROUND, put(["state", "stock", 0], "Xx")),
        "round.state.stock[0]",
    ),
]
"""The corruptions of this file: each names its kind, what it spoils and where the error must point."""


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_corruption_is_rejected_with_a_serialization_error(case: Case) -> None:
    """API: ``loads`` validates everything and raises gr.SerializationError on anything
    inconsistent or unknown, never another exception; the message starts with where."""
    reject(case)


def test_every_corruption_kind_is_exercised() -> None:
    """The suite's bookkeeping: every kind this file owns in ``CORRUPTION_KINDS`` has a case
    here, and every case here has a kind this file owns."""
    assert kinds_of("json_fields") == {case.kind for case in CASES}


@pytest.mark.parametrize(
    ("factory", "path", "how"),
    [
        (ROUND, ["state", "dealer"], bool),
        (ROUND, ["state", "to_act"], bool),
        (ROUND, ["state", "turns"], float),
        (ROUND, ["state", "stock_only"], int),
        (GAME, ["state", "scores", 0], float),
        (GAME, ["state", "round", "dealer"], bool),
    ],
    ids=[
        "dealer-bool",
        "to-act-bool",
        "turns-float",
        "stock-only-int",
        "game-score-float",
        "game-dealer-bool",
    ],
)
def test_state_fields_of_the_wrong_json_type_are_rejected(
    factory: Callable[[], object], path: list[str | int], how: Callable[[Json], Json]
) -> None:
    """API: wrong JSON types are rejected everywhere; in a round's or game's stored state a
    boolean for an integer (``"dealer": false``), a float for an integer (``"turns": 9.0``) or
    an integer for a boolean (``"stock_only": 0``) pass, because the state is only compared
    with the replay's using ``==``."""
    document = json.loads(snapshot(factory))
    change(path, how)(document["data"])
    with pytest.raises(gr.SerializationError):
        gr.loads(json.dumps(document))


@pytest.mark.parametrize(
    "how", [lowered, lambda a: {"s": "draw", "p": "pass"}.get(a, a)], ids=["card", "word"]
)
def test_actions_must_be_written_canonically(how: Callable[[Json], Json]) -> None:
    """API: a card is written as its text ("As") and ``loads`` rejects ``"as"`` for a card;
    inside an action (``"d kh"``), or with the long action word (``"draw"``), the same
    non-canonical text is accepted."""
    document = json.loads(snapshot(ROUND))
    actions = document["data"]["actions"]
    index = next(i for i, a in enumerate(actions) if how(a) != a)
    actions[index] = how(actions[index])
    with pytest.raises(gr.SerializationError):
        gr.loads(json.dumps(document))
