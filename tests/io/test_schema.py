"""The published JSON schema, ``gr.json_schema()``.

Every document the suite writes is validated against it as it is written (see
``schema_validation.py``); these tests check the schema itself with the reference
implementation (``jsonschema``): it is a valid draft 2020-12 schema, names every type
``dumps`` writes, agrees with the ruleset's fields and the enums, accepts exactly the
canonical card and action texts, rejects the shapes ``loads`` rejects, requires the ``turns``
of player views and the ``initial_upcard`` of round results, and holds no card of any game.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import attrs
import jsonschema
import pytest

import ginrummy as gr
from schema_validation import VALIDATOR
from web_game import card_tokens

SCHEMA = gr.json_schema()
REFERENCE = jsonschema.Draft202012Validator(SCHEMA)
DEFS: dict[str, Any] = SCHEMA["$defs"]


def envelope(kind: str, data: object) -> dict[str, object]:
    """A document of type ``kind`` holding ``data``."""
    return {"format": "ginrummy", "version": 1, "type": kind, "data": data}


def accepted(document: object) -> bool:
    """Whether the reference validator accepts ``document``; the compiled validator the suite
    uses must agree."""
    verdict = REFERENCE.is_valid(document)
    assert verdict == VALIDATOR.is_valid(document)
    return verdict


def loads_accepts(document: object) -> bool:
    """Whether ``gr.loads`` reads ``document``."""
    try:
        gr.loads(json.dumps(document))
    except gr.SerializationError:
        return False
    return True


def samples() -> dict[str, object]:
    """One value of each type ``dumps`` writes, from a game played part of the way."""
    bots = (gr.GreedyBot(), gr.GreedyBot())
    game = gr.Game.new(gr.PAGAT, seed=4, dealer=0)
    while not game.results:
        game = game.apply(bots[game.to_act or 0].act(game.round.view(game.to_act or 0)))
    played = game.apply(bots[game.to_act or 0].act(game.round.view(game.to_act or 0)))
    assert game.finished is not None
    return {
        "Card": gr.Card.parse("Qs"),
        "Hand": gr.Hand.parse("As 2s 3s"),
        "Meld": gr.Meld.parse("7c 8c 9c"),
        "Ruleset": gr.SPANISH_SITE,
        "Action": gr.parse_action("k Kh / 7c 8c 9c / 7d 7h 7s"),
        "Event": game.finished.events[-1],
        "Arrangement": gr.best_melds("As 2s 3s 4s 7h 7d 7c Kd Qd 9c"),
        "LayoffPlan": gr.best_layoffs([gr.Meld.parse("4h 5h 6h")], "7h 8h 3h Kc"),
        "RoundResult": game.results[0],
        "GameResult": game.result,
        "Round": game.finished,
        "Game": played,
        "GameRecord": played.record(),
        "PlayerView": game.finished.view(1),
        "GameView": played.view(0),
        "Tally": gr.play_games([gr.PAGAT, gr.STRAIGHT], ("greedy", "random"), 1, 0, 2, unit="rounds"),
        "Ladder": gr.ladder(["greedy", "random", "eaai-simple"], gr.EAAI, games=2, seed=1),
        "SimulationReport": gr.simulate([gr.PAGAT, gr.OKLAHOMA], games=2, seed=1, bots=("greedy", "random")),
        "Comparison": gr.compare([gr.PAGAT, gr.STRAIGHT], rounds=3, seed=1, bots=("greedy", "greedy")),
    }


SAMPLES = samples()


def document(kind: str) -> dict[str, Any]:
    """The sample document of type ``kind``, parsed."""
    parsed: dict[str, Any] = json.loads(gr.dumps(SAMPLES[kind]))
    return parsed


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    """The schema passes the metaschema of the draft it names."""
    assert "https://json-schema.org/draft/2020-12/schema" == SCHEMA["$schema"]
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_every_type_dumps_writes_has_its_definition() -> None:
    """The envelope lists each type ``dumps`` writes, and routes its data to the definition
    of the same name."""
    kinds = [document(kind)["type"] for kind in SAMPLES]
    assert list(SAMPLES) == kinds
    assert sorted(kinds) == sorted(SCHEMA["properties"]["type"]["enum"])
    routes = {
        rule["if"]["properties"]["type"]["const"]: rule["then"]["properties"]["data"]
        for rule in SCHEMA["allOf"]
    }
    assert {kind: {"$ref": f"#/$defs/{kind}"} for kind in kinds} == routes
    assert set(kinds) <= set(DEFS)


@pytest.mark.parametrize("kind", list(SAMPLES))
def test_the_schema_accepts_a_document_of_each_type(kind: str) -> None:
    """A document of each type validates, and its data is not accepted as another type
    with a different shape (the routing by ``type`` is real)."""
    written = document(kind)
    assert accepted(written)
    others = [other for other in SAMPLES if other != kind and accepted(envelope(other, written["data"]))]
    assert [] == [other for other in others if {kind, other} != {"Hand", "Meld"}]


def test_json_schema_returns_a_new_copy_each_time() -> None:
    """Changing the returned schema does not change the next one."""
    schema = gr.json_schema()
    schema["$defs"].clear()
    assert SCHEMA == gr.json_schema()


def ruleset_probes() -> Iterator[tuple[str, object, bool]]:
    """For each integer bound in the schema's ruleset: the bound (accepted) and one past it
    (rejected)."""
    for name, spec in DEFS["Ruleset"]["properties"].items():
        if "minimum" in spec:
            yield name, spec["minimum"], True
            yield name, spec["minimum"] - 1, False
        if "maximum" in spec:
            yield name, spec["maximum"], True
            yield name, spec["maximum"] + 1, False


def test_the_ruleset_definition_lists_every_field_with_its_type() -> None:
    """The ruleset's properties are the ``Ruleset`` fields, all required; booleans, enums
    (by value) and the optional ``max_turns`` have the schema type of the field's values."""
    definition = DEFS["Ruleset"]
    names = [field.name for field in attrs.fields(gr.Ruleset)]
    assert names == list(definition["properties"])
    assert names == definition["required"]
    for name in names:
        default = getattr(gr.Ruleset(), name)
        spec = definition["properties"][name]
        if isinstance(default, bool):
            assert "boolean" == spec["type"], name
        elif isinstance(default, gr.AfterPass | gr.Shutout | gr.GameWinner | gr.NextDealer):
            assert [member.value for member in type(default)] == spec["enum"], name
        elif default is None:
            assert ["integer", "null"] == spec["type"], name
        elif isinstance(default, int):
            assert "integer" == spec["type"], name


@pytest.mark.parametrize(("name", "value", "valid"), list(ruleset_probes()))
def test_the_rulesets_integer_bounds_are_the_validators(name: str, value: int, valid: bool) -> None:
    """Each bound of the schema is where ``Ruleset`` starts or stops accepting the field."""
    try:
        gr.PAGAT.evolve(**{name: value})
    except gr.InvalidRulesetError:
        assert not valid
    else:
        assert valid
    data = document("Ruleset")["data"] | {name: value}
    assert valid == accepted(envelope("Ruleset", data))


def test_the_ruleset_definition_states_which_fields_need_others() -> None:
    """Layoffs after gin need layoffs, and a matched gin that voids needs layoffs after gin,
    in the schema as in ``Ruleset``."""
    data = document("Ruleset")["data"]
    for changes in ({"layoffs_after_gin": True, "layoffs": False}, {"void_if_gin_matched": True}):
        with pytest.raises(gr.InvalidRulesetError):
            gr.PAGAT.evolve(**changes)
        assert not accepted(envelope("Ruleset", data | changes))


def test_phase_and_outcome_are_the_enums_values() -> None:
    """The schema's phases and outcomes are the values of ``gr.Phase`` and ``gr.Outcome``."""
    assert [phase.value for phase in gr.Phase] == DEFS["Phase"]["enum"]
    assert [outcome.value for outcome in gr.Outcome] == DEFS["Outcome"]["enum"]


def test_a_card_is_accepted_exactly_in_its_canonical_text() -> None:
    """Of every two-character text over ranks, suits, digits and suit symbols, and the
    ten-based spellings, the schema accepts exactly the 52 canonical cards, like ``loads``."""
    alphabet = "A23456789TJQKatjqk1cdhsCDHSx♠♥"
    texts = [a + b for a in alphabet for b in alphabet] + ["10h", "10H", "A♠", ""]
    schema_cards = {text for text in texts if accepted(envelope("Card", text))}
    assert {str(card) for card in gr.DECK} == schema_cards
    assert schema_cards == {text for text in texts if loads_accepts(envelope("Card", text))}


def written_actions() -> list[str]:
    """Every action with an id, and knocks and big gins with melds."""
    melds = [gr.Meld.parse("7c 8c 9c"), gr.Meld.parse("Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h")]
    explicit: list[gr.Action] = [
        gr.Knock("Kd", melds),
        gr.Knock("Kd", ()),
        gr.BigGin(melds[:1]),
        gr.BigGin(()),
    ]
    actions = [gr.action_from_id(i) for i in range(gr.ACTION_SPACE_SIZE)] + explicit
    return [str(action) for action in actions] + ["l 8h 12"]


def test_every_action_text_dumps_writes_is_accepted() -> None:
    """The notation of every action (with an id or with explicit melds) matches."""
    assert [] == [text for text in written_actions() if not accepted(envelope("Action", text))]


@pytest.mark.parametrize(
    "text",
    ["", "S", "draw", "D Kh", "d kh", "d 10h", "d  Kh", "discard Kh", "k Kh/7c 8c 9c", "k Kh / 7c 8c",
     "l 8h 00", "l 8h", "l 8h -1", "s ", " s", "bg/", "e e"],
)  # fmt: skip
def test_non_canonical_action_text_is_rejected_like_loads_does(text: str) -> None:
    """Text that ``parse_action`` may read but ``dumps`` never writes is rejected by the schema
    and by ``loads``."""
    assert (False, False) == (accepted(envelope("Action", text)), loads_accepts(envelope("Action", text)))


def set_path(data: Any, path: tuple[str | int, ...], value: object) -> None:
    """Set ``data[path[0]][path[1]]...`` to ``value``, or delete it when value is ``DELETE``."""
    for key in path[:-1]:
        data = data[key]
    if value is DELETE:
        del data[path[-1]]
    else:
        data[path[-1]] = value


DELETE = object()
"""Marks a field to remove."""

MUTATIONS: dict[str, tuple[str, tuple[str | int, ...], object]] = {
    "an unknown field": ("PlayerView", ("data", "secret"), 1),
    "a missing field": ("PlayerView", ("data", "stock_size"), DELETE),
    "player 2": ("PlayerView", ("data", "player"), 2),
    "a lowercase card": ("GameView", ("data", "round", "hand", 0), "as"),
    "a card twice in a hand": ("Hand", ("data", 1), "As"),
    "a short meld": ("Meld", ("data",), ["7c", "8c"]),
    "version 2": ("Card", ("version",), 2),
    "another format": ("Card", ("format",), "chess"),
    "an unknown type": ("Card", ("type",), "Joker"),
    "an extra envelope field": ("Card", ("comment",), "hi"),
    "true for an integer": ("Ruleset", ("data", "knock_limit"), True),
    "a float for an integer": ("Ruleset", ("data", "target"), 100.5),
    "an unknown enum value": ("Ruleset", ("data", "shutout"), "triple"),
    "a layoff onto meld 3": ("RoundResult", ("data", "layoffs"), [["Kh", 3]]),
    "a layoff without its meld": ("RoundResult", ("data", "layoffs"), [["Kh"]]),
    "three deadwood counts": ("RoundResult", ("data", "deadwood"), [1, 2, 3]),
    "an unknown outcome": ("RoundResult", ("data", "outcome"), "draw"),
    "a phase in capitals": ("Round", ("data", "state", "phase"), "DRAW"),
    "a short deck": ("GameRecord", ("data", "decks", 0), ["As"]),
    "no deck": ("GameRecord", ("data", "decks"), []),
    "a seed of null": ("Game", ("data", "seed"), None),
    "a null event number": ("Event", ("data", "number"), None),
    "a stock of 32 cards": ("PlayerView", ("data", "stock_size"), 32),
    "a game score of -1": ("GameView", ("data", "scores", 0), -1),
}


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_a_document_of_the_wrong_shape_is_rejected_like_loads_does(name: str) -> None:
    """Each change of shape makes the schema and ``loads`` both reject the document."""
    kind, path, value = MUTATIONS[name]
    changed = copy.deepcopy(document(kind))
    set_path(changed, path, value)
    assert (False, False) == (accepted(changed), loads_accepts(changed))


def test_a_player_view_counts_its_turns() -> None:
    """A player view's ``turns`` (completed turns) is a required count."""
    view = document("PlayerView")
    assert accepted(view)
    assert "turns" in DEFS["PlayerView"]["required"]
    for turns, valid in [(0, True), (12, True), (-1, False), ("3", False), (None, False)]:
        assert valid == accepted({**view, "data": {**view["data"], "turns": turns}}), turns
    assert not accepted({**view, "data": {k: v for k, v in view["data"].items() if k != "turns"}})


def test_a_round_result_records_its_initial_upcard() -> None:
    """A round result's ``initial_upcard`` is a card or null, and required."""
    result = document("RoundResult")
    assert accepted(result)
    assert "initial_upcard" in DEFS["RoundResult"]["required"]
    for upcard, valid in [("As", True), (None, True), ("as", False), (3, False)]:
        assert valid == accepted({**result, "data": {**result["data"], "initial_upcard": upcard}}), upcard


def schema_strings(value: object, key: str = "") -> Iterator[tuple[str, str]]:
    """Every (key, string) in the schema, keys included."""
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for name, item in value.items():
            yield "<key>", name
            yield from schema_strings(item, name)
    elif isinstance(value, list):
        for item in value:
            yield from schema_strings(item, key)


def test_the_schema_holds_no_card_values_beyond_patterns() -> None:
    """Outside its regular expressions the schema names no card (no example, default or
    constant taken from a game), and it has no ``examples`` or ``default`` at all."""
    strings = list(schema_strings(SCHEMA))
    assert [] == [(key, text) for key, text in strings if key != "pattern" and card_tokens(text)]
    assert set() == {text for key, text in strings if key == "<key>"} & {"examples", "default"}
    assert any(key == "pattern" and "[cdhs]" in text for key, text in strings)
