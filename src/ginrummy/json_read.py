"""Reading JSON data back into public values, trusting nothing (see :mod:`ginrummy.serialization`)."""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs

from ginrummy.actions import Action, parse_action
from ginrummy.cards import Card, Hand
from ginrummy.deadwood import Arrangement
from ginrummy.errors import GinRummyError, SerializationError
from ginrummy.events import Event, Phase
from ginrummy.game import Game, GameRecord, GameView
from ginrummy.json_write import round_state
from ginrummy.layoffs import LayoffPlan
from ginrummy.melds import Meld
from ginrummy.round import Round
from ginrummy.rules import Ruleset
from ginrummy.scoring import Outcome, RoundResult
from ginrummy.settlement import GameResult, PlayerScore, game_scores, score_game
from ginrummy.views import PlayerView

__all__ = ["READERS", "fail", "read_object"]

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")


def fail(path: str, message: str) -> SerializationError:
    """The error for a rejected value: the path first, then the reason."""
    return SerializationError(f"{path}: {message}")


def construct(path: str, factory: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``factory(*args, **kwargs)``, its validation errors reported at ``path`` (and at the
    field they name, when they name one)."""
    try:
        return factory(*args, **kwargs)
    except GinRummyError as exc:
        where = path if exc.field is None else f"{path}.{exc.field}"
        raise fail(where, str(exc)) from None


def read_object(value: object, path: str, fields: Iterable[str]) -> dict[str, Any]:
    """A JSON object with exactly ``fields``."""
    if not isinstance(value, dict):
        raise fail(path, f"expected an object, got {_kind(value)}")
    wanted = list(fields)
    for name in value:
        if name not in wanted:
            raise fail(path, f"unknown field {name!r}")
    for name in wanted:
        if name not in value:
            raise fail(path, f"missing field {name!r}")
    return value


def _kind(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null"}
    if isinstance(value, bool):
        return f"a boolean ({value!r})"
    if isinstance(value, (int, float)):
        return f"a number ({value!r})"
    return names.get(type(value), type(value).__name__)


def _list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise fail(path, f"expected a list, got {_kind(value)}")
    return value


def _int(value: object, path: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail(path, f"expected an integer, got {_kind(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise fail(path, f"{value} is out of range ({span})")
    return value


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise fail(path, f"expected true or false, got {_kind(value)}")
    return value


def _str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise fail(path, f"expected a string, got {_kind(value)}")
    return value


def _optional(value: object, path: str, read: Callable[[object, str], T]) -> T | None:
    return None if value is None else read(value, path)


def _player(value: object, path: str) -> int:
    return _int(value, path, 0, 1)


def _enum(kind: type[E], value: object, path: str) -> E:
    text = _str(value, path)
    for member in kind:
        if member.value == text:
            return member
    known = ", ".join(repr(m.value) for m in kind)
    raise fail(path, f"unknown {kind.__name__} {text!r} (known: {known})")


def _card(value: object, path: str) -> Card:
    text = _str(value, path)
    try:
        card = Card.parse(text)
    except GinRummyError as exc:
        raise fail(path, str(exc)) from None
    if text != str(card):
        raise fail(path, f"card {text!r} is not written canonically (expected {str(card)!r})")
    return card


def _card_list(value: object, path: str) -> list[Card]:
    cards: list[Card] = []
    seen = 0
    for index, item in enumerate(_list(value, path)):
        card = _card(item, f"{path}[{index}]")
        if seen & card.mask:
            raise fail(f"{path}[{index}]", f"card {str(card)!r} appears twice")
        seen |= card.mask
        cards.append(card)
    return cards


def _hand(value: object, path: str) -> Hand:
    return Hand(_card_list(value, path))


def _meld(value: object, path: str, wrap: bool) -> Meld:
    cards = _card_list(value, path)
    try:
        return Meld(cards, round_the_corner=wrap)
    except GinRummyError as exc:
        raise fail(path, str(exc)) from None


def _meld_list(value: object, path: str, wrap: bool) -> tuple[Meld, ...]:
    return tuple(_meld(item, f"{path}[{i}]", wrap) for i, item in enumerate(_list(value, path)))


def _layoff_list(value: object, path: str) -> tuple[tuple[Card, int], ...]:
    layoffs = []
    for index, item in enumerate(_list(value, path)):
        pair = _list(item, f"{path}[{index}]")
        if len(pair) != 2:
            raise fail(f"{path}[{index}]", f"expected [card, meld index], got {len(pair)} items")
        layoffs.append((_card(pair[0], f"{path}[{index}][0]"), _int(pair[1], f"{path}[{index}][1]", 0, 2)))
    return tuple(layoffs)


_RULESET_FIELDS = [field.name for field in attrs.fields(Ruleset)]


def _read_ruleset(value: object, path: str) -> Ruleset:
    data = read_object(value, path, _RULESET_FIELDS)
    kwargs: dict[str, Any] = {}
    for field in attrs.fields(Ruleset):
        raw = data[field.name]
        enum_type = _RULESET_ENUMS.get(field.name)
        kwargs[field.name] = raw if enum_type is None else _enum(enum_type, raw, f"{path}.{field.name}")
    try:
        return Ruleset(**kwargs)
    except GinRummyError as exc:
        raise fail(path, str(exc)) from None


def _ruleset_enums() -> dict[str, type[enum.Enum]]:
    defaults = Ruleset()
    return {
        field.name: type(getattr(defaults, field.name))
        for field in attrs.fields(Ruleset)
        if isinstance(getattr(defaults, field.name), enum.Enum)
    }


_RULESET_ENUMS = _ruleset_enums()


def _action(value: object, path: str, rules: Ruleset | None) -> Action:
    text = _str(value, path)
    try:
        action = parse_action(text, rules)
    except GinRummyError as exc:
        raise fail(path, str(exc)) from None
    if str(action) != text:
        raise fail(path, f"action {text!r} is not written canonically (expected {str(action)!r})")
    return action


def _read_round_result(value: object, path: str, wrap: bool = True) -> RoundResult:
    data = read_object(
        value, path, ["outcome", "winner", "points", "knocker", "deadwood", "spread", "layoffs", "multiplier"]
    )
    deadwood = data["deadwood"]
    if deadwood is not None:
        pair = _list(deadwood, f"{path}.deadwood")
        if len(pair) != 2:
            raise fail(f"{path}.deadwood", f"expected two numbers, got {len(pair)}")
        deadwood = (_int(pair[0], f"{path}.deadwood[0]", 0), _int(pair[1], f"{path}.deadwood[1]", 0))
    try:
        return RoundResult(
            outcome=_enum(Outcome, data["outcome"], f"{path}.outcome"),
            winner=_optional(data["winner"], f"{path}.winner", _player),
            points=_int(data["points"], f"{path}.points", 0),
            knocker=_optional(data["knocker"], f"{path}.knocker", _player),
            deadwood=deadwood,
            spread=_meld_list(data["spread"], f"{path}.spread", wrap),
            layoffs=_layoff_list(data["layoffs"], f"{path}.layoffs"),
            multiplier=_int(data["multiplier"], f"{path}.multiplier", 1, 10),
        )
    except SerializationError:
        raise
    except GinRummyError as exc:
        raise fail(path, str(exc)) from None


def _read_player_score(value: object, path: str) -> PlayerScore:
    data = read_object(value, path, ["round_points", "rounds_won", "boxes", "game_bonus", "shutout"])
    return PlayerScore(
        round_points=_int(data["round_points"], f"{path}.round_points", 0),
        rounds_won=_int(data["rounds_won"], f"{path}.rounds_won", 0),
        boxes=_int(data["boxes"], f"{path}.boxes", 0),
        game_bonus=_int(data["game_bonus"], f"{path}.game_bonus", 0),
        shutout=_bool(data["shutout"], f"{path}.shutout"),
    )


def _read_game_result(value: object, path: str) -> GameResult:
    data = read_object(value, path, ["winner", "totals", "breakdown", "reached_target", "rounds", "columns"])
    totals = _list(data["totals"], f"{path}.totals")
    breakdown = _list(data["breakdown"], f"{path}.breakdown")
    if len(totals) != 2 or len(breakdown) != 2:
        raise fail(path, "totals and breakdown need one entry per player")
    return construct(
        path,
        GameResult,
        winner=_optional(data["winner"], f"{path}.winner", _player),
        totals=(_int(totals[0], f"{path}.totals[0]", 0), _int(totals[1], f"{path}.totals[1]", 0)),
        breakdown=(
            _read_player_score(breakdown[0], f"{path}.breakdown[0]"),
            _read_player_score(breakdown[1], f"{path}.breakdown[1]"),
        ),
        reached_target=_optional(data["reached_target"], f"{path}.reached_target", _player),
        rounds=_int(data["rounds"], f"{path}.rounds", 0),
        columns=tuple(
            _read_game_result(item, f"{path}.columns[{i}]")
            for i, item in enumerate(_list(data["columns"], f"{path}.columns"))
        ),
    )


def _read_event(value: object, path: str, rules: Ruleset | None) -> Event:
    data = read_object(value, path, ["number", "player", "action", "card"])
    return Event(
        _int(data["number"], f"{path}.number", 0),
        _player(data["player"], f"{path}.player"),
        None if data["action"] is None else _action(data["action"], f"{path}.action", rules),
        _optional(data["card"], f"{path}.card", _card),
    )


_ORIGIN_POSITION = [
    "dealer",
    "hands",
    "stock",
    "discard_pile",
    "initial_upcard",
    "phase",
    "to_act",
    "taken",
    "stock_only",
    "turns",
]


def _read_origin(value: object, path: str, rules: Ruleset) -> Round:
    if isinstance(value, dict) and "deck" in value:
        data = read_object(value, path, ["dealer", "deck"])
        deck = _card_list(data["deck"], f"{path}.deck")
        if len(deck) != 52:
            raise fail(f"{path}.deck", f"a deck holds 52 cards, got {len(deck)}")
        return Round.deal(rules, _player(data["dealer"], f"{path}.dealer"), deck=deck)
    data = read_object(value, path, _ORIGIN_POSITION)
    hands = _list(data["hands"], f"{path}.hands")
    if len(hands) != 2:
        raise fail(f"{path}.hands", f"expected two hands, got {len(hands)}")
    try:
        return Round.from_position(
            rules,
            dealer=_player(data["dealer"], f"{path}.dealer"),
            hands=(_hand(hands[0], f"{path}.hands[0]"), _hand(hands[1], f"{path}.hands[1]")),
            stock=_card_list(data["stock"], f"{path}.stock"),
            discard_pile=_card_list(data["discard_pile"], f"{path}.discard_pile"),
            initial_upcard=_card(data["initial_upcard"], f"{path}.initial_upcard"),
            phase=_enum(Phase, data["phase"], f"{path}.phase"),
            to_act=_player(data["to_act"], f"{path}.to_act"),
            taken=_optional(data["taken"], f"{path}.taken", _card),
            stock_only=_bool(data["stock_only"], f"{path}.stock_only"),
            turns=_int(data["turns"], f"{path}.turns", 0),
        )
    except SerializationError:
        raise
    except GinRummyError as exc:
        raise fail(path, str(exc)) from None


_STATE_FIELDS = [
    "dealer",
    "phase",
    "to_act",
    "hands",
    "stock",
    "discard_pile",
    "initial_upcard",
    "taken",
    "stock_only",
    "known",
    "turns",
    "knocker",
    "knock_card",
    "spread",
    "layoffs",
    "result",
]


def _disjoint(places: list[tuple[str, int]]) -> int:
    """The union of card masks that must not overlap, or an error naming the first card found
    twice and where."""
    seen = 0
    for where, mask in places:
        if seen & mask:
            card = Card.from_index((seen & mask).bit_length() - 1)
            raise fail(where, f"card {str(card)!r} appears twice")
        seen |= mask
    return seen


def _check_state_cards(data: dict[str, Any], path: str, wrap: bool) -> None:
    """Every card in exactly one place: hands, stock, pile, knock card, laid-off cards; the
    spread held by the knocker (plus the cards laid off)."""
    hands = _list(data["hands"], f"{path}.hands")
    if len(hands) != 2:
        raise fail(f"{path}.hands", f"expected two hands, got {len(hands)}")
    places: list[tuple[str, int]] = []
    for p in (0, 1):
        places.append((f"{path}.hands[{p}]", Hand(_card_list(hands[p], f"{path}.hands[{p}]")).mask))
    places.append((f"{path}.stock", Hand(_card_list(data["stock"], f"{path}.stock")).mask))
    places.append(
        (f"{path}.discard_pile", Hand(_card_list(data["discard_pile"], f"{path}.discard_pile")).mask)
    )
    knock_card = _optional(data["knock_card"], f"{path}.knock_card", _card)
    if knock_card is not None:
        places.append((f"{path}.knock_card", knock_card.mask))
    layoffs = _layoff_list(data["layoffs"], f"{path}.layoffs")
    laid = 0
    for index, (card, _) in enumerate(layoffs):
        if laid & card.mask:
            raise fail(f"{path}.layoffs[{index}]", f"card {str(card)!r} appears twice")
        laid |= card.mask
    places.append((f"{path}.layoffs", laid))
    seen = _disjoint(places)
    if seen != (1 << 52) - 1:
        missing = Hand.from_mask(((1 << 52) - 1) & ~seen)
        raise fail(path, f"cards missing: {str(missing)!r}")
    spread = _meld_list(data["spread"], f"{path}.spread", wrap)
    knocker = _optional(data["knocker"], f"{path}.knocker", _player)
    if spread:
        if knocker is None:
            raise fail(f"{path}.spread", "a spread without a knocker")
        held = places[knocker][1] | laid
        for index, meld in enumerate(spread):
            if meld.mask & ~held:
                raise fail(
                    f"{path}.spread[{index}]", f"meld {str(meld)!r} is not held by the knocker {knocker}"
                )


def _compare_state(data: dict[str, Any], replayed: Round, path: str) -> None:
    """Each stored field must equal the replay's."""
    expected = round_state(replayed)
    for name in _STATE_FIELDS:
        # compared as JSON text, so that 0, 0.0 and false are told apart
        if _text(data[name]) != _text(expected[name]):
            raise fail(
                f"{path}.{name}",
                f"{json.dumps(data[name])[:200]} does not match the replayed round "
                f"({json.dumps(expected[name])[:200]})",
            )


def _text(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def _replay_round(start: Round, actions: object, path: str) -> Round:
    state = start
    for index, item in enumerate(_list(actions, path)):
        action = _action(item, f"{path}[{index}]", start.rules)
        try:
            state = state.apply(action)
        except GinRummyError as exc:
            raise fail(f"{path}[{index}]", str(exc)) from None
    return state


def _read_round(value: object, path: str) -> Round:
    data = read_object(value, path, ["rules", "origin", "actions", "state"])
    rules = _read_ruleset(data["rules"], f"{path}.rules")
    state = read_object(data["state"], f"{path}.state", _STATE_FIELDS)
    _check_state_cards(state, f"{path}.state", rules.round_the_corner)
    start = _read_origin(data["origin"], f"{path}.origin", rules)
    replayed = _replay_round(start, data["actions"], f"{path}.actions")
    _compare_state(state, replayed, f"{path}.state")
    return replayed


def _read_decks(value: object, path: str) -> tuple[tuple[Card, ...], ...]:
    decks = []
    for index, item in enumerate(_list(value, path)):
        deck = _card_list(item, f"{path}[{index}]")
        if len(deck) != 52:
            raise fail(f"{path}[{index}]", f"a deck holds 52 cards, got {len(deck)}")
        decks.append(tuple(deck))
    if not decks:
        raise fail(path, "a game has at least one deck")
    return tuple(decks)


def _read_seed(value: object, path: str) -> int | str:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise fail(path, f"expected an integer or a string, got {_kind(value)}")
    return value


def _read_record(value: object, path: str) -> GameRecord:
    data = read_object(value, path, ["rules", "seed", "first_dealer", "decks", "actions"])
    rules = _read_ruleset(data["rules"], f"{path}.rules")
    actions = tuple(
        _action(item, f"{path}.actions[{i}]", rules)
        for i, item in enumerate(_list(data["actions"], f"{path}.actions"))
    )
    return GameRecord(
        rules,
        _read_seed(data["seed"], f"{path}.seed"),
        _player(data["first_dealer"], f"{path}.first_dealer"),
        _read_decks(data["decks"], f"{path}.decks"),
        actions,
    )


def _replay_game(record: GameRecord, path: str) -> Game:
    try:
        return Game.replay(record)
    except GinRummyError as exc:
        raise fail(path, str(exc)) from None


def _read_game(value: object, path: str) -> Game:
    data = read_object(value, path, ["rules", "seed", "first_dealer", "decks", "actions", "state"])
    record = _read_record({k: data[k] for k in ("rules", "seed", "first_dealer", "decks", "actions")}, path)
    state = read_object(data["state"], f"{path}.state", ["scores", "results", "round"])
    round_state = read_object(state["round"], f"{path}.state.round", _STATE_FIELDS)
    _check_state_cards(round_state, f"{path}.state.round", record.rules.round_the_corner)
    results = [
        _read_round_result(item, f"{path}.state.results[{i}]", record.rules.round_the_corner)
        for i, item in enumerate(_list(state["results"], f"{path}.state.results"))
    ]
    game = _replay_game(record, path)
    if len(results) != len(game.results):
        raise fail(
            f"{path}.state.results",
            f"{len(results)} results, but the replay finished {len(game.results)} rounds",
        )
    for index, (stored, replayed) in enumerate(zip(results, game.results, strict=True)):
        if stored != replayed:
            raise fail(
                f"{path}.state.results[{index}]",
                f"{stored!r} does not match the replayed result {replayed!r}",
            )
    scores = _list(state["scores"], f"{path}.state.scores")
    if _text(scores) != _text(list(game.scores)):
        raise fail(
            f"{path}.state.scores", f"{scores!r} does not match the replayed scores {list(game.scores)!r}"
        )
    _compare_state(round_state, game.round, f"{path}.state.round")
    return game


_VIEW_FIELDS = [
    "player",
    "rules",
    "dealer",
    "phase",
    "to_act",
    "hand",
    "opponent_card_count",
    "opponent_known",
    "opponent_hand",
    "discard_pile",
    "stock_size",
    "initial_upcard",
    "knock_limit",
    "taken",
    "legal_actions",
    "knocker",
    "spread",
    "layoffs",
    "knock_card",
    "result",
    "events",
]


def _read_view(value: object, path: str) -> PlayerView:
    data = read_object(value, path, _VIEW_FIELDS)
    rules = _read_ruleset(data["rules"], f"{path}.rules")
    wrap = rules.round_the_corner
    hand = _hand(data["hand"], f"{path}.hand")
    known = _hand(data["opponent_known"], f"{path}.opponent_known")
    opponent_hand = _optional(data["opponent_hand"], f"{path}.opponent_hand", _hand)
    pile = _card_list(data["discard_pile"], f"{path}.discard_pile")
    knock_card = _optional(data["knock_card"], f"{path}.knock_card", _card)
    layoffs = _layoff_list(data["layoffs"], f"{path}.layoffs")
    count = _int(data["opponent_card_count"], f"{path}.opponent_card_count", 0, 11)
    stock_size = _int(data["stock_size"], f"{path}.stock_size", 0, 31)
    places = [
        (f"{path}.hand", hand.mask),
        (f"{path}.opponent_known", known.mask),
        (f"{path}.discard_pile", Hand(pile).mask),
    ]
    if knock_card is not None:
        places.append((f"{path}.knock_card", knock_card.mask))
    laid = 0
    for card, _ in layoffs:
        laid |= card.mask
    places.append((f"{path}.layoffs", laid))
    _disjoint(places)
    if len(known) > count:
        raise fail(f"{path}.opponent_known", f"{len(known)} known cards but the opponent holds {count}")
    if opponent_hand is not None and (opponent_hand != known or len(opponent_hand) != count):
        raise fail(f"{path}.opponent_hand", "the shown hand must equal the known cards and the card count")
    knocker = _optional(data["knocker"], f"{path}.knocker", _player)
    total = len(hand) + count + len(pile) + stock_size + len(layoffs) + (1 if knock_card is not None else 0)
    # a knock card the viewer may not see is the one card a view does not account for
    if total != 52 and not (total == 51 and knocker is not None and knock_card is None):
        raise fail(path, f"the view accounts for {total} cards, not 52")
    phase = _enum(Phase, data["phase"], f"{path}.phase")
    view = PlayerView(
        player=_player(data["player"], f"{path}.player"),
        rules=rules,
        dealer=_player(data["dealer"], f"{path}.dealer"),
        phase=phase,
        to_act=_optional(data["to_act"], f"{path}.to_act", _player),
        hand=hand,
        opponent_card_count=count,
        opponent_known=known,
        opponent_hand=opponent_hand,
        discard_pile=tuple(pile),
        stock_size=stock_size,
        initial_upcard=_card(data["initial_upcard"], f"{path}.initial_upcard"),
        knock_limit=_int(data["knock_limit"], f"{path}.knock_limit", 0, 99),
        taken=_optional(data["taken"], f"{path}.taken", _card),
        legal_actions=tuple(
            _action(item, f"{path}.legal_actions[{i}]", rules)
            for i, item in enumerate(_list(data["legal_actions"], f"{path}.legal_actions"))
        ),
        knocker=knocker,
        spread=_meld_list(data["spread"], f"{path}.spread", wrap),
        layoffs=layoffs,
        knock_card=knock_card,
        result=None if data["result"] is None else _read_round_result(data["result"], f"{path}.result", wrap),
        events=tuple(
            _read_event(item, f"{path}.events[{i}]", rules)
            for i, item in enumerate(_list(data["events"], f"{path}.events"))
        ),
    )
    _check_view(view, path)
    return view


def _check_view(view: PlayerView, path: str) -> None:
    """The fields of a view must agree with each other (a view cannot be replayed)."""
    over = view.phase is Phase.OVER
    if over != (view.to_act is None):
        raise fail(f"{path}.to_act", f"{view.to_act!r} does not fit phase {view.phase.name}")
    if over != (view.result is not None):
        raise fail(
            f"{path}.result", f"a result must be present exactly when the round is over ({view.phase.name})"
        )
    mine = view.to_act == view.player
    if bool(view.legal_actions) != mine:
        raise fail(f"{path}.legal_actions", "legal actions are listed exactly on the viewer's turn")
    if view.taken is not None and not (mine and view.phase is Phase.DISCARD and view.taken in view.hand):
        raise fail(f"{path}.taken", f"card {str(view.taken)!r} can only be the viewer's card taken this turn")
    if view.knocker is None and (view.spread or view.layoffs or view.knock_card is not None):
        raise fail(f"{path}.knocker", "a spread, layoffs or a knock card need a knocker")
    if view.phase is Phase.LAYOFF and view.knocker is None:
        raise fail(f"{path}.knocker", "the layoff phase needs a knocker")
    shown = over or view.knocker is not None
    if shown != (view.opponent_hand is not None):
        raise fail(f"{path}.opponent_hand", "the opponent's hand is shown exactly after a knock or the end")
    limit = view.rules.knock_limit_for(view.initial_upcard)
    if view.knock_limit != limit:
        raise fail(f"{path}.knock_limit", f"{view.knock_limit} is not this round's knock limit {limit}")
    if view.phase in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
        sizes = [10, 10]
        if view.phase is Phase.DISCARD:
            sizes[0 if mine else 1] = 11
        if (len(view.hand), view.opponent_card_count) != (sizes[0], sizes[1]):
            raise fail(
                path,
                f"hands of {len(view.hand)} and {view.opponent_card_count} cards do not fit phase "
                f"{view.phase.name}",
            )
    if view.result is not None and view.result.knocker != view.knocker:
        raise fail(f"{path}.result.knocker", f"{view.result.knocker!r} is not the knocker {view.knocker!r}")


def _read_arrangement(value: object, path: str) -> Arrangement:
    data = read_object(value, path, ["melds", "deadwood", "points"])
    melds = _meld_list(data["melds"], f"{path}.melds", True)
    dead = _hand(data["deadwood"], f"{path}.deadwood")
    seen = dead.mask
    for index, meld in enumerate(melds):
        if seen & meld.mask:
            raise fail(
                f"{path}.melds[{index}]", f"meld {str(meld)!r} shares cards with another meld or the deadwood"
            )
        seen |= meld.mask
    points = _int(data["points"], f"{path}.points", 0)
    low, high = dead.points(1), dead.points(15)
    if not low <= points <= high:
        raise fail(f"{path}.points", f"{points} is not the value of the deadwood {str(dead)!r}")
    return Arrangement(tuple(sorted(melds)), dead, points)


def _read_plan(value: object, path: str) -> LayoffPlan:
    data = read_object(value, path, ["layoffs", "arrangement"])
    layoffs = _layoff_list(data["layoffs"], f"{path}.layoffs")
    arrangement = _read_arrangement(data["arrangement"], f"{path}.arrangement")
    laid = 0
    for index, (card, _) in enumerate(layoffs):
        if (laid | arrangement.cards.mask) & card.mask:
            raise fail(f"{path}.layoffs[{index}]", f"card {str(card)!r} appears twice")
        laid |= card.mask
    return LayoffPlan(layoffs, arrangement)


def _read_game_view(value: object, path: str) -> GameView:
    data = read_object(value, path, ["player", "rules", "scores", "results", "round", "is_over", "result"])
    rules = _read_ruleset(data["rules"], f"{path}.rules")
    scores = _list(data["scores"], f"{path}.scores")
    if len(scores) != 2:
        raise fail(f"{path}.scores", f"expected two scores, got {len(scores)}")
    view = _read_view(data["round"], f"{path}.round")
    player = _player(data["player"], f"{path}.player")
    if view.player != player:
        raise fail(f"{path}.round.player", f"the round view is player {view.player}'s, not player {player}'s")
    if view.rules != rules:
        raise fail(f"{path}.round.rules", "the round view's ruleset is not the game's")
    game_view = GameView(
        player=player,
        rules=rules,
        scores=(_int(scores[0], f"{path}.scores[0]", 0), _int(scores[1], f"{path}.scores[1]", 0)),
        results=tuple(
            _read_round_result(item, f"{path}.results[{i}]", rules.round_the_corner)
            for i, item in enumerate(_list(data["results"], f"{path}.results"))
        ),
        round=view,
        is_over=_bool(data["is_over"], f"{path}.is_over"),
        result=_read_game_result(data["result"], f"{path}.result"),
    )
    try:
        settled = score_game(rules, game_view.results)
    except GinRummyError as exc:
        raise fail(f"{path}.results", str(exc)) from None
    if game_view.scores != game_scores(rules, game_view.results):
        raise fail(f"{path}.scores", f"{list(game_view.scores)} are not the scores of the results")
    if game_view.result != settled:
        raise fail(f"{path}.result", "does not match the settlement of the results")
    if game_view.is_over != settled.is_over:
        raise fail(f"{path}.is_over", f"{game_view.is_over} does not match the results")
    return game_view


READERS: dict[str, Callable[[object, str], object]] = {
    "Card": _card,
    "Hand": _hand,
    "Meld": lambda value, path: _meld(value, path, True),
    "Ruleset": _read_ruleset,
    "Action": lambda value, path: _action(value, path, Ruleset(round_the_corner=True)),
    "Event": lambda value, path: _read_event(value, path, Ruleset(round_the_corner=True)),
    "Arrangement": _read_arrangement,
    "LayoffPlan": _read_plan,
    "RoundResult": _read_round_result,
    "GameResult": _read_game_result,
    "Round": _read_round,
    "Game": _read_game,
    "GameRecord": lambda value, path: _checked_record(value, path),
    "PlayerView": _read_view,
    "GameView": _read_game_view,
}


def _checked_record(value: object, path: str) -> GameRecord:
    record = _read_record(value, path)
    _replay_game(record, path)
    return record
