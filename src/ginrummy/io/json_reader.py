"""Reading JSON data back into public values (see :mod:`ginrummy.io.documents`).

The reader parses and constructs; it holds no rule of its own. Each value is parsed strictly
(exact fields, JSON types, cards written canonically) and built with its public constructor,
which checks that the value can be; a validation error is reported at the path of the field it
names. Rounds and games are rebuilt by replaying what determines them, and the state stored
beside them must be the replay's, field by field.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable

import attrs

from ginrummy.actions import Action, parse_action
from ginrummy.io.json_fields import (
    as_bool,
    as_int,
    as_list,
    as_str,
    card,
    card_list,
    construct,
    enum_value,
    fail,
    hand,
    layoff_list,
    meld,
    meld_list,
    optional,
    pair,
    player,
    read_object,
)
from ginrummy.io.json_writer import game_state, round_state
from ginrummy.melding.layoffs import LayoffPlan
from ginrummy.melding.partition import Arrangement
from ginrummy.phase import Phase
from ginrummy.play.events import Event
from ginrummy.play.game import Game, GameRecord, GameView, check_record_sizes
from ginrummy.play.round import PlayerView, Round
from ginrummy.results.pricing import Outcome
from ginrummy.results.round_result import RoundResult
from ginrummy.results.settlement import GameResult, PlayerScore
from ginrummy.rules import Ruleset

__all__ = ["READERS", "construct", "fail", "read_object"]


_RULESET_FIELDS = [field.name for field in attrs.fields(Ruleset)]
_DEFAULT_RULES = Ruleset()
_ENUM_FIELDS = {
    name: type(getattr(_DEFAULT_RULES, name))
    for name in _RULESET_FIELDS
    if isinstance(getattr(_DEFAULT_RULES, name), enum.Enum)
}
"""The ruleset's fields whose values are enums, each with its enum (read once, from the defaults)."""


def _ruleset(value: object, path: str) -> Ruleset:
    data = read_object(value, path, _RULESET_FIELDS)
    kwargs = {
        name: enum_value(_ENUM_FIELDS[name], raw, f"{path}.{name}") if name in _ENUM_FIELDS else raw
        for name, raw in data.items()
    }
    return construct(path, Ruleset, **kwargs)


def _action(value: object, path: str, rules: Ruleset | None) -> Action:
    text = as_str(value, path)
    action = construct(path, parse_action, text, rules)
    if str(action) != text:
        raise fail(path, f"action {text!r:.80} is not written canonically (expected {str(action)!r})")
    return action


_WRAP = Ruleset(round_the_corner=True)
"""Melds read outside a ruleset may wrap (a wrapping meld is valid under some ruleset)."""


_RESULT = [field.name for field in attrs.fields(RoundResult)]


def _round_result(value: object, path: str, wrap: bool = True) -> RoundResult:
    data = read_object(value, path, _RESULT)
    deadwood = data["deadwood"]
    if deadwood is not None:
        two = pair(deadwood, f"{path}.deadwood", "two numbers")
        deadwood = (as_int(two[0], f"{path}.deadwood[0]"), as_int(two[1], f"{path}.deadwood[1]"))
    return construct(
        path,
        RoundResult,
        outcome=enum_value(Outcome, data["outcome"], f"{path}.outcome"),
        winner=optional(data["winner"], f"{path}.winner", player),
        points=as_int(data["points"], f"{path}.points"),
        knocker=optional(data["knocker"], f"{path}.knocker", player),
        deadwood=deadwood,
        deadwood_before_layoffs=optional(
            data["deadwood_before_layoffs"], f"{path}.deadwood_before_layoffs", as_int
        ),
        spread=meld_list(data["spread"], f"{path}.spread", wrap),
        layoffs=layoff_list(data["layoffs"], f"{path}.layoffs"),
        bonus=as_int(data["bonus"], f"{path}.bonus"),
        multiplier=as_int(data["multiplier"], f"{path}.multiplier"),
        initial_upcard=optional(data["initial_upcard"], f"{path}.initial_upcard", card),
    )


def _player_score(value: object, path: str) -> PlayerScore:
    data = read_object(value, path, ["round_points", "rounds_won", "boxes", "game_bonus", "shutout"])
    counts = {name: as_int(data[name], f"{path}.{name}") for name in data if name != "shutout"}
    return construct(path, PlayerScore, shutout=as_bool(data["shutout"], f"{path}.shutout"), **counts)


def _game_result(value: object, path: str) -> GameResult:
    data = read_object(value, path, ["winner", "totals", "breakdown", "reached_target", "rounds", "columns"])
    totals = pair(data["totals"], f"{path}.totals", "two totals")
    breakdown = pair(data["breakdown"], f"{path}.breakdown", "two breakdowns")
    return construct(
        path,
        GameResult,
        winner=optional(data["winner"], f"{path}.winner", player),
        totals=(as_int(totals[0], f"{path}.totals[0]"), as_int(totals[1], f"{path}.totals[1]")),
        breakdown=(
            _player_score(breakdown[0], f"{path}.breakdown[0]"),
            _player_score(breakdown[1], f"{path}.breakdown[1]"),
        ),
        reached_target=optional(data["reached_target"], f"{path}.reached_target", player),
        rounds=as_int(data["rounds"], f"{path}.rounds"),
        columns=tuple(
            _game_result(item, f"{path}.columns[{i}]")
            for i, item in enumerate(as_list(data["columns"], f"{path}.columns"))
        ),
    )


def _event(value: object, path: str, rules: Ruleset | None = _WRAP) -> Event:
    data = read_object(value, path, ["number", "player", "action", "card"])
    return construct(
        path,
        Event,
        number=as_int(data["number"], f"{path}.number"),
        player=player(data["player"], f"{path}.player"),
        action=None if data["action"] is None else _action(data["action"], f"{path}.action", rules),
        card=optional(data["card"], f"{path}.card", card),
    )


_POSITION = ["dealer", "hands", "stock", "discard_pile", "initial_upcard", "phase", "to_act", "taken",
             "stock_only", "turns", "known"]  # fmt: skip


def _origin(value: object, path: str, rules: Ruleset) -> Round:
    if isinstance(value, dict) and "deck" in value:
        data = read_object(value, path, ["dealer", "deck"])
        deck = card_list(data["deck"], f"{path}.deck")
        return construct(path, Round.deal, rules, player(data["dealer"], f"{path}.dealer"), deck=deck)
    data = read_object(value, path, _POSITION)
    hands = pair(data["hands"], f"{path}.hands", "two hands")
    known = pair(data["known"], f"{path}.known", "two hands")
    return construct(
        path,
        Round.from_position,
        rules,
        dealer=player(data["dealer"], f"{path}.dealer"),
        hands=(hand(hands[0], f"{path}.hands[0]"), hand(hands[1], f"{path}.hands[1]")),
        stock=card_list(data["stock"], f"{path}.stock"),
        discard_pile=card_list(data["discard_pile"], f"{path}.discard_pile"),
        initial_upcard=card(data["initial_upcard"], f"{path}.initial_upcard"),
        phase=enum_value(Phase, data["phase"], f"{path}.phase"),
        to_act=player(data["to_act"], f"{path}.to_act"),
        taken=optional(data["taken"], f"{path}.taken", card),
        stock_only=as_bool(data["stock_only"], f"{path}.stock_only"),
        turns=as_int(data["turns"], f"{path}.turns"),
        known=(hand(known[0], f"{path}.known[0]"), hand(known[1], f"{path}.known[1]")),
    )


def _text(value: object, sort_keys: bool = True) -> str:
    import json  # the standard library's JSON: imported by the first replay compared

    return json.dumps(value, sort_keys=sort_keys)


def _same(stored: object, expected: object, path: str, read: Callable[[object, str], object]) -> None:
    """The stored value, parsed strictly by ``read``, must be the replay's (compared as JSON
    text, so that 0, 0.0 and false are told apart)."""
    if stored is not None:
        read(stored, path)
    if _text(stored) != _text(expected):
        raise fail(
            path, f"{_text(stored, False)[:200]} does not match the replay ({_text(expected, False)[:200]})"
        )


def _any(value: object, path: str) -> object:
    return value


_STATE: dict[str, Callable[[object, str], object]] = {
    "dealer": player, "phase": lambda v, p: enum_value(Phase, v, p), "to_act": player, "hands": _any,
    "stock": card_list, "discard_pile": card_list, "initial_upcard": card, "taken": card,
    "stock_only": as_bool, "known": _any, "turns": as_int, "knocker": player, "knock_card": card,
    "spread": meld_list, "layoffs": layoff_list, "result": _round_result,
}  # fmt: skip


def _compare(value: object, replayed: Round, path: str) -> None:
    data = read_object(value, path, _STATE)
    expected = round_state(replayed)
    for name, read in _STATE.items():
        if read is _any:  # a pair of hands, compared hand by hand
            two = pair(data[name], f"{path}.{name}", "two hands")
            for index in (0, 1):
                _same(two[index], expected[name][index], f"{path}.{name}[{index}]", hand)
        _same(data[name], expected[name], f"{path}.{name}", read)


def _round(value: object, path: str) -> Round:
    data = read_object(value, path, ["rules", "origin", "actions", "state"])
    rules = _ruleset(data["rules"], f"{path}.rules")
    state = _origin(data["origin"], f"{path}.origin", rules)
    for index, item in enumerate(as_list(data["actions"], f"{path}.actions")):
        where = f"{path}.actions[{index}]"
        state = construct(where, state.apply, _action(item, where, rules))
    _compare(data["state"], state, f"{path}.state")
    return state


def _record(value: object, path: str) -> GameRecord:
    data = read_object(value, path, ["rules", "seed", "first_dealer", "decks", "actions"])
    rules = _ruleset(data["rules"], f"{path}.rules")
    raw_decks = as_list(data["decks"], f"{path}.decks")
    raw_actions = as_list(data["actions"], f"{path}.actions")
    # counts first, so an oversized document is refused before its cards are read
    construct(f"{path}.decks", check_record_sizes, len(raw_decks), len(raw_actions))
    decks = [card_list(item, f"{path}.decks[{i}]") for i, item in enumerate(raw_decks)]
    actions = [_action(item, f"{path}.actions[{i}]", rules) for i, item in enumerate(raw_actions)]
    return construct(
        path,
        GameRecord,
        rules=rules,
        seed=data["seed"],
        first_dealer=player(data["first_dealer"], f"{path}.first_dealer"),
        decks=decks,
        actions=actions,
    )


def _game(value: object, path: str) -> Game:
    data = read_object(value, path, ["rules", "seed", "first_dealer", "decks", "actions", "state"])
    game = Game.replay(_record({k: v for k, v in data.items() if k != "state"}, path))
    state = read_object(data["state"], f"{path}.state", ["scores", "results", "round"])
    expected = game_state(game)
    results = as_list(state["results"], f"{path}.state.results")
    for index, item in enumerate(results):
        _round_result(item, f"{path}.state.results[{index}]", game.rules.round_the_corner)
        if index < len(expected["results"]):
            _same(item, expected["results"][index], f"{path}.state.results[{index}]", _any)
    if len(results) != len(expected["results"]):
        raise fail(
            f"{path}.state.results",
            f"{len(results)} results, but the replay finished {len(game.results)} rounds",
        )
    _same(state["scores"], expected["scores"], f"{path}.state.scores", _any)
    _compare(state["round"], game.round, f"{path}.state.round")
    return game


_VIEW = [field.name for field in attrs.fields(PlayerView)]


def _view(value: object, path: str) -> PlayerView:
    data = read_object(value, path, _VIEW)
    rules = _ruleset(data["rules"], f"{path}.rules")
    wrap = rules.round_the_corner
    return construct(
        path,
        PlayerView,
        player=player(data["player"], f"{path}.player"),
        rules=rules,
        dealer=player(data["dealer"], f"{path}.dealer"),
        phase=enum_value(Phase, data["phase"], f"{path}.phase"),
        to_act=optional(data["to_act"], f"{path}.to_act", player),
        hand=hand(data["hand"], f"{path}.hand"),
        opponent_card_count=as_int(data["opponent_card_count"], f"{path}.opponent_card_count"),
        opponent_known=hand(data["opponent_known"], f"{path}.opponent_known"),
        opponent_hand=optional(data["opponent_hand"], f"{path}.opponent_hand", hand),
        discard_pile=tuple(card_list(data["discard_pile"], f"{path}.discard_pile")),
        stock_size=as_int(data["stock_size"], f"{path}.stock_size"),
        initial_upcard=card(data["initial_upcard"], f"{path}.initial_upcard"),
        knock_limit=as_int(data["knock_limit"], f"{path}.knock_limit"),
        taken=optional(data["taken"], f"{path}.taken", card),
        legal_actions=tuple(
            _action(item, f"{path}.legal_actions[{i}]", rules)
            for i, item in enumerate(as_list(data["legal_actions"], f"{path}.legal_actions"))
        ),
        knocker=optional(data["knocker"], f"{path}.knocker", player),
        spread=meld_list(data["spread"], f"{path}.spread", wrap),
        layoffs=layoff_list(data["layoffs"], f"{path}.layoffs"),
        knock_card=optional(data["knock_card"], f"{path}.knock_card", card),
        result=optional(data["result"], f"{path}.result", lambda v, p: _round_result(v, p, wrap)),
        events=tuple(
            _event(item, f"{path}.events[{i}]", rules)
            for i, item in enumerate(as_list(data["events"], f"{path}.events"))
        ),
        turns=as_int(data["turns"], f"{path}.turns"),
        dealt=as_bool(data["dealt"], f"{path}.dealt"),
    )


def _game_view(value: object, path: str) -> GameView:
    data = read_object(value, path, [field.name for field in attrs.fields(GameView)])
    rules = _ruleset(data["rules"], f"{path}.rules")
    scores = pair(data["scores"], f"{path}.scores", "two scores")
    return construct(
        path,
        GameView,
        player=player(data["player"], f"{path}.player"),
        rules=rules,
        scores=(as_int(scores[0], f"{path}.scores[0]"), as_int(scores[1], f"{path}.scores[1]")),
        results=tuple(
            _round_result(item, f"{path}.results[{i}]", rules.round_the_corner)
            for i, item in enumerate(as_list(data["results"], f"{path}.results"))
        ),
        round=_view(data["round"], f"{path}.round"),
        is_over=as_bool(data["is_over"], f"{path}.is_over"),
        result=_game_result(data["result"], f"{path}.result"),
        history=tuple(
            _view(item, f"{path}.history[{i}]")
            for i, item in enumerate(as_list(data["history"], f"{path}.history"))
        ),
    )


def _arrangement(value: object, path: str) -> Arrangement:
    data = read_object(value, path, ["melds", "deadwood", "points"])
    return construct(
        path,
        Arrangement,
        melds=meld_list(data["melds"], f"{path}.melds"),
        deadwood=hand(data["deadwood"], f"{path}.deadwood"),
        points=as_int(data["points"], f"{path}.points"),
    )


def _plan(value: object, path: str) -> LayoffPlan:
    data = read_object(value, path, ["layoffs", "arrangement"])
    return construct(
        path,
        LayoffPlan,
        layoffs=layoff_list(data["layoffs"], f"{path}.layoffs"),
        arrangement=_arrangement(data["arrangement"], f"{path}.arrangement"),
    )


SIMULATION_RESULTS = ("Tally", "Ladder", "SimulationReport", "Comparison")
"""The documents of simulations, read by the modules that write them."""


def _simulation_result(kind: str, value: object, path: str) -> object:
    """A tally, a ladder, a report or a comparison, read by :mod:`ginrummy.io.tally_json`,
    :mod:`~ginrummy.io.ladder_json` or :mod:`~ginrummy.io.result_json`, imported with the
    first one read: reading a round or a game never loads simulation."""
    from ginrummy.io.ladder_json import read_ladder
    from ginrummy.io.result_json import read_comparison, read_report
    from ginrummy.io.tally_json import read_tally

    readers = {
        "Tally": read_tally,
        "Ladder": read_ladder,
        "SimulationReport": read_report,
        "Comparison": read_comparison,
    }
    return readers[kind](value, path, _ruleset)


READERS: dict[str, Callable[[object, str], object]] = {
    "Card": card,
    "Hand": hand,
    "Meld": meld,
    "Ruleset": _ruleset,
    "Action": lambda value, path: _action(value, path, _WRAP),
    "Event": _event,
    "Arrangement": _arrangement,
    "LayoffPlan": _plan,
    "RoundResult": _round_result,
    "GameResult": _game_result,
    "Round": _round,
    "Game": _game,
    "GameRecord": _record,
    "PlayerView": _view,
    "GameView": _game_view,
    **{kind: functools.partial(_simulation_result, kind) for kind in SIMULATION_RESULTS},
}
"""The reader of each document type."""
