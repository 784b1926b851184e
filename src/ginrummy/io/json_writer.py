"""Writing public values as JSON data (the inverse of :mod:`ginrummy.io.json_reader`)."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

import attrs

from ginrummy.actions import ACTION_TYPES
from ginrummy.cards import Card, Hand
from ginrummy.errors import SerializationError
from ginrummy.melding.layoffs import LayoffPlan
from ginrummy.melding.partition import Arrangement
from ginrummy.melds import Meld
from ginrummy.play.events import Event
from ginrummy.play.game import Game, GameRecord, GameView
from ginrummy.play.round import PlayerView, Round
from ginrummy.results.round_result import RoundResult
from ginrummy.results.settlement import GameResult, PlayerScore
from ginrummy.rules import Ruleset

__all__ = ["arrangement_data", "encode", "game_state", "round_state", "ruleset_data"]


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _melds(melds: Iterable[Meld]) -> list[list[str]]:
    return [_cards(meld.cards) for meld in melds]


def _layoffs(layoffs: Iterable[tuple[Card, int]]) -> list[list[Any]]:
    return [[str(card), index] for card, index in layoffs]


def ruleset_data(rules: Ruleset) -> dict[str, Any]:
    """A ruleset as JSON data: every field, enums by value."""
    data: dict[str, Any] = {}
    for field in attrs.fields(Ruleset):
        value = getattr(rules, field.name)
        data[field.name] = value.value if isinstance(value, enum.Enum) else value
    return data


def _round_result(result: RoundResult) -> dict[str, Any]:
    return {
        "outcome": result.outcome.value,
        "winner": result.winner,
        "points": result.points,
        "knocker": result.knocker,
        "deadwood": None if result.deadwood is None else list(result.deadwood),
        "deadwood_before_layoffs": result.deadwood_before_layoffs,
        "spread": _melds(result.spread),
        "layoffs": _layoffs(result.layoffs),
        "bonus": result.bonus,
        "multiplier": result.multiplier,
        "initial_upcard": None if result.initial_upcard is None else str(result.initial_upcard),
    }


def _player_score(score: PlayerScore) -> dict[str, Any]:
    return {
        "round_points": score.round_points,
        "rounds_won": score.rounds_won,
        "boxes": score.boxes,
        "game_bonus": score.game_bonus,
        "shutout": score.shutout,
    }


def _game_result(result: GameResult) -> dict[str, Any]:
    return {
        "winner": result.winner,
        "totals": list(result.totals),
        "breakdown": [_player_score(score) for score in result.breakdown],
        "reached_target": result.reached_target,
        "rounds": result.rounds,
        "columns": [_game_result(column) for column in result.columns],
    }


def _event(event: Event) -> dict[str, Any]:
    return {
        "number": event.number,
        "player": event.player,
        "action": None if event.action is None else str(event.action),
        "card": None if event.card is None else str(event.card),
    }


def _origin(origin: Round) -> dict[str, Any]:
    if origin.deck is not None:
        return {"dealer": origin.dealer, "deck": _cards(origin.deck)}
    return {
        "dealer": origin.dealer,
        "hands": [_cards(origin.hands[0]), _cards(origin.hands[1])],
        "stock": _cards(origin.stock),
        "discard_pile": _cards(origin.discard_pile),
        "initial_upcard": str(origin.initial_upcard),
        "phase": origin.phase.value,
        "to_act": origin.to_act,
        "taken": None if origin.taken is None else str(origin.taken),
        "stock_only": origin.stock_only,
        "turns": origin.turns,
        "known": [_cards(origin.known[0]), _cards(origin.known[1])],
    }


def round_state(r: Round) -> dict[str, Any]:
    """The state of ``r`` as JSON data (what ``loads`` compares with the replay)."""
    return {
        "dealer": r.dealer,
        "phase": r.phase.value,
        "to_act": r.to_act,
        "hands": [_cards(r.hands[0]), _cards(r.hands[1])],
        "stock": _cards(r.stock),
        "discard_pile": _cards(r.discard_pile),
        "initial_upcard": str(r.initial_upcard),
        "taken": None if r.taken is None else str(r.taken),
        "stock_only": r.stock_only,
        "known": [_cards(r.known[0]), _cards(r.known[1])],
        "turns": r.turns,
        "knocker": r.knocker,
        "knock_card": None if r.knock_card is None else str(r.knock_card),
        "spread": _melds(r.spread),
        "layoffs": _layoffs(r.layoffs),
        "result": None if r.result is None else _round_result(r.result),
    }


def _round(r: Round) -> dict[str, Any]:
    return {
        "rules": ruleset_data(r.rules),
        "origin": _origin(r.at_origin),
        "actions": [str(action) for action in r.actions],
        "state": round_state(r),
    }


def _record(record: GameRecord) -> dict[str, Any]:
    return {
        "rules": ruleset_data(record.rules),
        "seed": record.seed,
        "first_dealer": record.first_dealer,
        "decks": [_cards(deck) for deck in record.decks],
        "actions": [str(action) for action in record.actions],
    }


def game_state(g: Game) -> dict[str, Any]:
    """The state of ``g`` as JSON data (what ``loads`` compares with the replay)."""
    return {
        "scores": list(g.scores),
        "results": [_round_result(result) for result in g.results],
        "round": round_state(g.round),
    }


def _game(g: Game) -> dict[str, Any]:
    return {**_record(g.record()), "state": game_state(g)}


def _view(v: PlayerView) -> dict[str, Any]:
    return {
        "player": v.player,
        "rules": ruleset_data(v.rules),
        "dealer": v.dealer,
        "phase": v.phase.value,
        "to_act": v.to_act,
        "hand": _cards(v.hand),
        "opponent_card_count": v.opponent_card_count,
        "opponent_known": _cards(v.opponent_known),
        "opponent_hand": None if v.opponent_hand is None else _cards(v.opponent_hand),
        "discard_pile": _cards(v.discard_pile),
        "stock_size": v.stock_size,
        "initial_upcard": str(v.initial_upcard),
        "knock_limit": v.knock_limit,
        "taken": None if v.taken is None else str(v.taken),
        "legal_actions": [str(action) for action in v.legal_actions],
        "knocker": v.knocker,
        "spread": _melds(v.spread),
        "layoffs": _layoffs(v.layoffs),
        "knock_card": None if v.knock_card is None else str(v.knock_card),
        "result": None if v.result is None else _round_result(v.result),
        "events": [_event(event) for event in v.events],
        "turns": v.turns,
        "dealt": v.dealt,
    }


def arrangement_data(arrangement: Arrangement) -> dict[str, Any]:
    """An arrangement as JSON data: its melds and deadwood as card texts, and its points."""
    return {
        "melds": _melds(arrangement.melds),
        "deadwood": _cards(arrangement.deadwood),
        "points": arrangement.points,
    }


def encode(obj: object) -> tuple[str, Any]:
    """The type tag and JSON data of a public value."""
    if isinstance(obj, Card):
        return "Card", str(obj)
    if isinstance(obj, Hand):
        return "Hand", _cards(obj)
    if isinstance(obj, Meld):
        return "Meld", _cards(obj.cards)
    if isinstance(obj, Ruleset):
        return "Ruleset", ruleset_data(obj)
    if isinstance(obj, ACTION_TYPES):
        return "Action", str(obj)
    if isinstance(obj, Event):
        return "Event", _event(obj)
    if isinstance(obj, Arrangement):
        return "Arrangement", arrangement_data(obj)
    if isinstance(obj, LayoffPlan):
        return "LayoffPlan", {
            "layoffs": _layoffs(obj.layoffs),
            "arrangement": arrangement_data(obj.arrangement),
        }
    if isinstance(obj, RoundResult):
        return "RoundResult", _round_result(obj)
    if isinstance(obj, GameResult):
        return "GameResult", _game_result(obj)
    if isinstance(obj, Round):
        return "Round", _round(obj)
    if isinstance(obj, Game):
        return "Game", _game(obj)
    if isinstance(obj, GameRecord):
        return "GameRecord", _record(obj)
    if isinstance(obj, PlayerView):
        return "PlayerView", _view(obj)
    if isinstance(obj, GameView):
        return "GameView", {
            "player": obj.player,
            "rules": ruleset_data(obj.rules),
            "scores": list(obj.scores),
            "results": [_round_result(result) for result in obj.results],
            "round": _view(obj.round),
            "is_over": obj.is_over,
            "result": _game_result(obj.result),
            "history": [_view(view) for view in obj.history],
        }
    return _simulation_result(obj)


def _simulation_result(obj: object) -> tuple[str, Any]:
    """The type tag and JSON data of a simulation's result: a tally, a ladder, a report or a
    comparison. Their writers, and simulation with them, are imported here, on the first value
    that is not one of the game's: a program that only plays never loads them."""
    from ginrummy.io.ladder_json import ladder_data
    from ginrummy.io.result_json import comparison_data, report_data
    from ginrummy.io.tally_json import tally_data
    from ginrummy.simulation.comparison import Comparison
    from ginrummy.simulation.ladder import Ladder
    from ginrummy.simulation.statistics import SimulationReport
    from ginrummy.simulation.tally import Tally

    if isinstance(obj, Tally):  # a simulation shard: written by ginrummy.io.tally_json
        return "Tally", tally_data(obj, ruleset_data)
    if isinstance(obj, Ladder):  # a rating ladder: written by ginrummy.io.ladder_json
        return "Ladder", ladder_data(obj, ruleset_data)
    if isinstance(obj, SimulationReport):  # written by ginrummy.io.result_json, as Comparison
        return "SimulationReport", report_data(obj, ruleset_data)
    if isinstance(obj, Comparison):
        return "Comparison", comparison_data(obj, ruleset_data)
    raise SerializationError(f"cannot serialize {obj!r}: not a public ginrummy value")
