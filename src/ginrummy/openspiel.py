"""Gin Rummy as an OpenSpiel game (extra ``ginrummy[openspiel]``), with this library's rules.

:func:`register` registers the game with ``pyspiel`` under the short name ``"ginrummy"``;
``pyspiel.load_game("ginrummy", {"preset": "oklahoma"})`` then loads it for any preset of
:data:`ginrummy.PRESETS`. One game is one round, zero-sum: the round's winner gets its points
(bonuses and multiplier included) and the loser minus that; a dead hand or a void round is 0-0.

- **Chance nodes deal the deck**: 51 of them pick the cards one at a time, top of the deck
  first (the 52nd is forced), then the round is dealt from that deck as
  :meth:`ginrummy.Round.deal` deals it: the non-dealer's first card, the dealer's, and so on,
  the 21st card face up, the rest the stock. Chance outcomes are card indices (0-51).
- **Player actions** are the ids of :func:`ginrummy.action_to_id` (265 of them).
- **Observations** come from the player's :class:`~ginrummy.PlayerView`: the tensor is
  :func:`ginrummy.rl.encode` (see :mod:`ginrummy.rl.encoding`), the string the view in a line.
  **Information states** add the player's censored log: as text, every event it saw; as a
  tensor, 4 values per event slot (acted by me, by the opponent, the action id + 1 over 265, the
  card drawn or taken + 1 over 52, 0 when hidden). During the deal both are empty.
- **Resampling** (``resample_from_infostate``, used by ISMCTS) draws a whole round from
  :meth:`ginrummy.PlayerView.sample`: uniform over what the player cannot see, never looking
  at the real hidden cards.
- Parameters: ``preset`` (default ``"pagat"``), ``dealer`` (default 1, so that player 0 acts
  first, as in OpenSpiel's ``gin_rummy``) and ``max_turns`` (default 100: OpenSpiel needs a
  bounded game, and two players could pass cards through the discard pile forever; the round
  is void after that many turns, which random play never reaches before the stock runs down).

>>> import pyspiel
>>> from ginrummy import openspiel as gos
>>> game = pyspiel.load_game(gos.register(), {"preset": "straight"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
>>> for card in range(51):
...     state.apply_action(card)
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(0, ['t', 'p'])
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

import ginrummy as gr
from ginrummy.rl.encoding import OBSERVATION_SIZE, action_ids, encode
from ginrummy.validators import check_int, check_player

__all__ = ["DEFAULT_MAX_TURNS", "SHORT_NAME", "GinRummyGame", "GinRummyObserver", "GinRummyState", "register"]

SHORT_NAME = "ginrummy"
"""The name the game is registered under."""

DEFAULT_MAX_TURNS = 100
"""The turns after which a round is void when the ruleset sets no ``max_turns``."""

_DEAL = 51  # chance nodes: the 52nd card is forced
_EVENT_VALUES = 4  # per event in the information state tensor

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Gin Rummy (ginrummy)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"preset": "pagat", "dealer": 1, "max_turns": DEFAULT_MAX_TURNS},
)


def register() -> str:
    """Register the game with ``pyspiel`` (once; later calls do nothing) and return its short
    name for ``pyspiel.load_game``.

    >>> import pyspiel
    >>> from ginrummy import openspiel as gos
    >>> name = gos.register()
    >>> name, name in pyspiel.registered_names()
    ('ginrummy', True)
    """
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, GinRummyGame)
    return SHORT_NAME


class _Shared:
    """An immutable value held by a state: ``copy.deepcopy`` (OpenSpiel's ``clone``) shares it,
    and pickling (OpenSpiel's serialization) writes it as the library's JSON."""

    __slots__ = ("value",)

    def __init__(self, value: gr.Round | None) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_shared, (None if self.value is None else gr.dumps(self.value),))


def _load_shared(text: str | None) -> _Shared:
    return _Shared(None if text is None else gr.loads(text))


def _utility_bound(rules: gr.Ruleset) -> float:
    """The most points one round can be worth under ``rules``."""
    deadwood = max(100, 4 * rules.ace_points + 60)  # ten cards: four aces and six tens at worst
    bonus = max(rules.gin_bonus, rules.undercut_bonus, rules.big_gin_bonus if rules.big_gin else 0)
    return float((deadwood + bonus) * rules.spade_multiplier)


class GinRummyGame(pyspiel.Game):  # type: ignore[misc]
    """The game: parameters ``preset``, ``dealer`` and ``max_turns`` (module docstring).

    >>> import pyspiel
    >>> from ginrummy import openspiel as gos
    >>> game = pyspiel.load_game(gos.register(), {"preset": "oklahoma", "dealer": 0})
    >>> game.rules.name, game.num_distinct_actions(), game.max_chance_outcomes()
    ('oklahoma, 100 turns', 265, 52)
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_GAME_TYPE.parameter_specification, **(params or {})}
        preset, dealer, max_turns = values["preset"], values["dealer"], values["max_turns"]
        rules = gr.find_ruleset(str(preset))
        check_player(dealer, "dealer", gr.GinRummyError)
        check_int(max_turns, "max_turns", gr.GinRummyError, low=1)
        if rules.max_turns is None or rules.max_turns > max_turns:
            rules = rules.evolve(name=f"{rules.name}, {max_turns} turns", max_turns=max_turns)
        assert rules.max_turns is not None
        self.rules = rules
        """The ruleset played (the preset with ``max_turns`` set)."""
        self.dealer = int(dealer)
        """The dealer of every round."""
        self.max_events = 2 * rules.max_turns + 16
        """The most player actions in a round (a bound: passes, draws and discards, layoffs)."""
        bound = _utility_bound(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=gr.ACTION_SPACE_SIZE,
            max_chance_outcomes=52,
            num_players=2,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=_DEAL + self.max_events,
        )
        super().__init__(_GAME_TYPE, info, params or {})

    def new_initial_state(self) -> GinRummyState:
        """A state before the deal."""
        return GinRummyState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> GinRummyObserver:
        """The observer of ``iig_obs_type`` (default: the observation, without perfect recall).

        :raises GinRummyError: for observer parameters, or a type other than the player's
            own observation or information state.
        """
        if params:
            raise gr.GinRummyError(f"invalid observer parameters {params!r}: none are supported")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
            raise gr.GinRummyError(
                f"unsupported observation type {kind!r}: only the player's own observation and "
                "information state are provided"
            )
        return GinRummyObserver(self, perfect_recall=kind.perfect_recall)


class GinRummyState(pyspiel.State):  # type: ignore[misc]
    """A state: the deal so far, then the :class:`~ginrummy.Round` being played."""

    def __init__(self, game: GinRummyGame) -> None:
        super().__init__(game)
        self._deck: tuple[int, ...] = ()
        self._shared = _Shared(None)
        self._plan: list[int] | None = None  # players of the actions being replayed, next last

    @property
    def round(self) -> gr.Round | None:
        """The round (omniscient), or None during the deal."""
        return self._shared.value

    @property
    def deck(self) -> tuple[int, ...]:
        """The card indices dealt so far by the chance nodes, top of the deck first."""
        return self._deck

    def current_player(self) -> int:
        """The player to act, ``pyspiel.PlayerId.CHANCE`` during the deal, or TERMINAL."""
        if self._plan is not None:
            return self._plan[-1]
        state = self._shared.value
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.to_act is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return state.to_act

    def _legal_actions(self, player: int) -> list[int]:
        state = self._shared.value
        if state is None or player != state.to_act:
            return []
        return sorted(action_ids(state.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet dealt, each with the same probability."""
        dealt = set(self._deck)
        left = [number for number in range(52) if number not in dealt]
        return [(number, 1.0 / len(left)) for number in left]

    def _apply_action(self, action: int) -> None:
        if self._plan is not None:  # replaying a resampled world: only OpenSpiel's history moves
            self._plan.pop()
            return
        state = self._shared.value
        if state is None:
            self._deck = (*self._deck, int(action))
            if len(self._deck) == _DEAL:
                last = next(number for number in range(52) if number not in set(self._deck))
                deck = [gr.DECK[number] for number in (*self._deck, last)]
                game: GinRummyGame = self.get_game()
                self._shared = _Shared(gr.Round.deal(game.rules, dealer=game.dealer, deck=deck))
        else:
            self._shared = _Shared(state.apply(gr.action_from_id(int(action))))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {gr.DECK[action]}"
        return str(gr.action_from_id(int(action)))

    def is_terminal(self) -> bool:
        """Whether the round is over."""
        state = self._shared.value
        return state is not None and state.result is not None

    def returns(self) -> list[float]:
        """The points won (+) and lost (-) by each player; 0 until the end."""
        state = self._shared.value
        result = None if state is None else state.result
        if result is None or result.winner is None:
            return [0.0, 0.0]
        points = float(result.points)
        return [points, -points] if result.winner == 0 else [-points, points]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GinRummyState:
        """A state with the same information state for ``player_id``, drawn uniformly over what
        that player cannot see (:meth:`ginrummy.PlayerView.sample`), seeded from
        ``probability_sampler`` (a callable returning numbers in [0, 1)).

        :raises GinRummyError: when the library has no view sampler.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        game: GinRummyGame = self.get_game()
        fresh = game.new_initial_state()
        state = self._shared.value
        if state is None:  # during the deal nobody has seen a card yet
            for _ in self._deck:
                fresh.apply_action(rng.choice([number for number, _ in fresh.chance_outcomes()]))
            return fresh
        view = state.view(player_id)
        sample = getattr(view, "sample", None)
        if sample is None:
            raise gr.GinRummyError("resampling needs PlayerView.sample, which this ginrummy does not have")
        world: gr.Round = sample(rng)
        deck = _deck_of(world.at_origin)[:_DEAL]
        moves = [(event.player, _id_of(event.action)) for event in world.events if event.action is not None]
        # OpenSpiel keeps the history itself, so the world's actions are applied through it, but
        # the round is not rebuilt action by action: the sampled one is already that round.
        fresh._plan = [player for player, _ in reversed(moves)] + [int(pyspiel.PlayerId.CHANCE)] * _DEAL
        for card in deck:
            fresh.apply_action(card)
        for _, number in moves:
            fresh.apply_action(number)
        fresh._plan = None
        fresh._deck = tuple(deck)
        fresh._shared = _Shared(world)
        return fresh

    def __str__(self) -> str:
        """The round's own picture (``str()`` of the :class:`~ginrummy.Round`: both hands, the
        piles, the knock and the result), or how far the deal has gone."""
        state = self._shared.value
        if state is None:
            return f"dealing: {len(self._deck)} of 52 cards"
        return str(state)


def _id_of(action: gr.Action) -> int:
    """The id of ``action``, a knock or big gin logged with its melds counting as the one
    without (the game's knocks all leave the spread to the library)."""
    if isinstance(action, gr.Knock) and action.melds is not None:
        action = gr.Knock(action.card)
    elif isinstance(action, gr.BigGin) and action.melds is not None:
        action = gr.BigGin()
    return gr.action_to_id(action)


def _deck_of(origin: gr.Round) -> list[int]:
    """Card indices of a deck that :meth:`ginrummy.Round.deal` deals into ``origin``'s hands,
    upcard and stock (the order within each hand does not matter to the round)."""
    non_dealer, dealer = sorted(origin.hand(1 - origin.dealer)), sorted(origin.hand(origin.dealer))
    deck = [card for pair in zip(non_dealer, dealer, strict=True) for card in pair]
    deck += [*origin.discard_pile, *reversed(origin.stock)]
    return [card.index for card in deck]


def _view_line(view: gr.PlayerView) -> str:
    """What a player knows, in a line."""
    parts = [
        f"p{view.player}",
        view.phase.value,
        "my turn" if view.is_my_turn else "waiting",
        f"hand {view.hand}",
        f"opponent holds {view.opponent_known} of {view.opponent_card_count}",
        "pile " + " ".join(str(card) for card in view.discard_pile),
        f"stock {view.stock_size}",
        f"limit {view.knock_limit}",
    ]
    if view.spread:
        parts.append("spread " + " / ".join(str(meld) for meld in view.spread))
    if view.knock_card is not None:
        parts.append(f"knock card {view.knock_card}")
    if view.result is not None:
        parts.append(f"result {view.result.outcome.value} {view.result.winner} {view.result.points}")
    return ", ".join(parts)


def _event_text(event: gr.Event) -> str:
    """An event as the information state string writes it, cached by the event's identity
    (a round's log keeps its events, so a string is made once per event; the cache holds the
    events it names, so an id in it cannot be reused)."""
    found = _EVENT_TEXT.get(id(event))
    if found is not None:
        return found[1]
    if len(_EVENT_TEXT) > 100_000:
        _EVENT_TEXT.clear()
    action = "?" if event.action is None else str(event.action)
    card = "" if event.card is None else f" ({event.card})"
    text = f"{event.player}:{action}{card}"
    _EVENT_TEXT[id(event)] = (event, text)
    return text


_EVENT_TEXT: dict[int, tuple[gr.Event, str]] = {}


class GinRummyObserver:
    """OpenSpiel's observer for this game: the observation (``perfect_recall=False``) or the
    information state (``True``) of a player, as a tensor and as a string."""

    def __init__(self, game: GinRummyGame, *, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        """Whether this observes information states."""
        self.max_events = game.max_events
        size = OBSERVATION_SIZE + (_EVENT_VALUES * game.max_events if perfect_recall else 0)
        self.tensor = np.zeros(size, dtype=np.float32)
        """The tensor written by :meth:`set_from`."""
        self.dict = {"observation": self.tensor[:OBSERVATION_SIZE]}
        """The tensor's named parts."""
        if perfect_recall:
            self.dict["history"] = self.tensor[OBSERVATION_SIZE:].reshape(game.max_events, _EVENT_VALUES)

    def set_from(self, state: GinRummyState, player: int) -> None:
        """Write ``player``'s observation (or information state) of ``state`` into the tensor."""
        self.tensor.fill(0.0)
        round_ = state.round
        if round_ is None:
            return
        view = round_.view(player)
        encode(view, self.dict["observation"])
        if self.perfect_recall:
            history = self.dict["history"]
            for number, event in enumerate(view.events[: self.max_events]):
                row = history[number]
                row[0 if event.player == player else 1] = 1.0
                if event.action is not None:
                    row[2] = (_id_of(event.action) + 1) / gr.ACTION_SPACE_SIZE
                if event.card is not None:
                    row[3] = (event.card.index + 1) / 52

    def string_from(self, state: GinRummyState, player: int) -> str:
        """``player``'s observation (or information state) of ``state`` as text."""
        round_ = state.round
        if round_ is None:
            return f"p{player} dealing, {len(state.deck)} of 52 cards dealt"
        view = round_.view(player)
        if not self.perfect_recall:
            return _view_line(view)
        return _view_line(view) + " | " + " ".join(_event_text(event) for event in view.events)
