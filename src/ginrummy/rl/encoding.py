"""A player's view as numbers: the observation vector and the legal-action mask.

:func:`encode` turns a :class:`~ginrummy.PlayerView` (or a :class:`~ginrummy.GameView`) into
one ``float32`` vector of :data:`OBSERVATION_SIZE` values, all between 0 and 1. It reads the
view and nothing else, so it cannot show a card the player may not see. The vector is
:data:`CARD_PLANES` rows of 52 values, one per card (card ``i`` is ``gr.DECK[i]``, bit
``13 * suit + rank - 1`` of a hand mask), followed by the :data:`FEATURES`, one value each.
:func:`split_observation` cuts a vector back into named parts.

:func:`legal_mask` is an ``int8`` vector over the :data:`~ginrummy.ACTION_SPACE_SIZE` action
ids (:func:`ginrummy.action_to_id`): 1 for each legal action of the player to act, all 0
when it is not this player's turn.

>>> import ginrummy as gr
>>> from ginrummy import rl
>>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
>>> obs = rl.encode(view)
>>> obs.shape, obs.dtype, int(obs[:52].sum())
((616,), dtype('float32'), 10)
>>> parts = rl.split_observation(obs)
>>> gr.DECK[int(parts["upcard"].argmax())], float(parts["stock_size"])
(Card('9d'), 1.0)
>>> [gr.action_from_id(int(i)) for i in rl.legal_mask(view).nonzero()[0]]
[TakeDiscard(), PassUpcard()]
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

import ginrummy as gr
from ginrummy.play import view_bits
from ginrummy.play.view_bits import (
    RULE_FLAGS,
    RULE_VALUES,
    ids_by_identity,
    ids_by_type,
    mask_bytes,
    observation_bytes,
    packed_bits,
    rule_features,
)

__all__ = [
    "CARD_PLANES",
    "FEATURES",
    "OBSERVATION_SIZE",
    "encode",
    "legal_mask",
    "split_observation",
]

CARD_PLANES: tuple[str, ...] = view_bits.CARD_PLANES
"""The rows of 52 values, in order (1 where the card is in the row's set, else 0):

- ``hand``: the player's own cards.
- ``opponent_known``: the cards the opponent is known to hold (taken from the pile and still
  held; its whole hand once shown after a knock).
- ``upcard``: the top of the discard pile, the card that may be taken.
- ``discard_pile``: every card in the discard pile.
- ``gone``: cards seen and out of play for good: the pile below its top and, when the player
  may see it, the face-down knock card.
- ``unseen``: cards whose place the player does not know (in the stock or hidden in the
  opponent's hand).
- ``spread``: the knocker's melds once shown, laid-off cards included.
- ``laid_off``: the cards the defender has laid off.
- ``knock_card``: the knock card, when the player may see it.
- ``taken``: the card this player took from the pile this turn (it may not be discarded
  unless the ruleset allows it).
- ``discard_order``: the order of the discard pile: ``(position + 1) / 52`` for a card at
  ``position`` from the bottom (the initial upcard is at 0), 0 for a card not in the pile.
"""

_PHASES = view_bits.PHASES

FEATURES: tuple[str, ...] = view_bits.FEATURES
"""The values after the card rows, in order:

- ``phase_upcard_offer`` ... ``phase_over``: the phase, one-hot.
- ``my_turn``, ``dealer``, ``knocked``, ``opponent_knocked``: 1 when true.
- ``stock_size``: cards in the stock / 31; ``opponent_card_count``: its cards / 11.
- ``knock_limit_0`` ... ``knock_limit_10``, ``knock_limit_above_10``: this round's knock limit
  (Oklahoma's comes from the initial upcard), one-hot.
- ``round_multiplier``: (the factor on this round's points - 1) / 9 (Oklahoma's spade upcard).
- The ruleset's fields that change play: ``oklahoma``, ``big_gin``, ``undercut_on_tie``,
  ``layoffs``, ``layoffs_after_gin``, ``void_if_gin_matched``, ``stock_only_after_both_pass``,
  ``may_discard_taken_card``, ``round_the_corner`` (1 when set); ``gin_bonus``,
  ``big_gin_bonus``, ``undercut_bonus`` (points / 100, at most 1); ``dead_hand_stock`` (/ 30);
  ``ace_points`` (/ 15); ``max_turns_set`` and ``turns_left`` (turns before the round is void
  / ``max_turns``; both 0 without a limit).
- Game context, 0 for a round view: ``game`` (1 for a :class:`~ginrummy.GameView`), ``score`` and
  ``opponent_score`` (game scores / target, at most 1; Hollywood adds its three columns and
  divides by three targets), ``hollywood``.
"""

_ORDER_START = view_bits.POSITION["discard_order"]
_FEATURE_START = view_bits.FEATURE_START
OBSERVATION_SIZE: int = view_bits.OBSERVATION_SIZE
"""The length of an observation vector."""

_F = {name: view_bits.POSITION[name] for name in FEATURES}
_PHASE_AT = {phase: _F[f"phase_{phase.name.lower()}"] for phase in _PHASES}
_LIMIT_AT = tuple(_F[name] for name in FEATURES if name.startswith("knock_limit_"))
_STOCK_SIZE, _OPPONENT_CARDS, _MULTIPLIER, _TURNS_LEFT = (
    _F["stock_size"], _F["opponent_card_count"], _F["round_multiplier"], _F["turns_left"]
)  # fmt: skip
_RULE_VALUES = RULE_VALUES
_RULE_VALUES_AT = slice(_F[_RULE_VALUES[0]], _F[_RULE_VALUES[-1]] + 1)
assert [_F[name] for name in _RULE_VALUES] == list(range(_RULE_VALUES_AT.start, _RULE_VALUES_AT.stop))

# Every 0/1 value of the vector (the ten bit planes and the flags among the features) is a bit
# of one Python integer, bit i for position i; one lookup in _BYTE_BITS per byte of it writes
# the whole vector, and the few other values are written over it.
_BYTES = (OBSERVATION_SIZE + 7) // 8
_BYTE_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little").astype(
    np.float32
)
"""Row ``b``: the 8 bits of byte ``b``, lowest first, as 0.0 and 1.0."""
_OVER = gr.Phase.OVER
_SPADES = gr.Suit.SPADES

# Card positions are found by the object's identity: the library hands out the cards of
# gr.DECK, and a dict keyed by id() is several times faster than hashing an attrs value. The
# dict keeps every card it names alive, so an id found in it can only belong to that card;
# anything else takes the slow, general path.
_PlayerView = gr.PlayerView
_frombuffer = np.frombuffer
_UINT8 = np.uint8
_INT8 = np.int8
_FLOAT32 = np.float32
_COMPILED = gr.COMPILED
_CARD_AT: dict[int, int] = {id(card): number for number, card in enumerate(gr.DECK)}


def _card_indices(cards: tuple[gr.Card, ...]) -> list[int]:
    """The index of each card, in order."""
    found = list(map(_CARD_AT.get, map(id, cards)))
    if None in found:
        return [card.index for card in cards]
    return found  # type: ignore[return-value]


def _card_index(card: gr.Card) -> int:
    """The index of ``card``."""
    found = _CARD_AT.get(id(card))
    return card.index if found is None else found


_PileInfo = tuple[tuple[gr.Card, ...], int, int, npt.NDArray[np.float32]]
"""A pile, its mask, the bit of its top card (0 when empty) and its order plane."""


def _pile_info(pile: tuple[gr.Card, ...]) -> _PileInfo:
    """The discard pile's mask, top bit and order plane, reusing the last pile's when the new
    one is the same, one card longer or one card shorter (it changes one card at a time)."""
    global _LAST_PILE
    last = _LAST_PILE
    last_pile, mask, _, plane = last
    if pile is last_pile:
        return last
    size = len(pile)
    if size == len(last_pile) + 1 and pile[:-1] == last_pile:
        top = _card_index(pile[-1])
        plane = plane.copy()
        plane[top] = size / 52
        info = (pile, mask | 1 << top, 1 << top, plane)
    elif size and size == len(last_pile) - 1 and last_pile[:-1] == pile:
        gone = _card_index(last_pile[-1])
        plane = plane.copy()
        plane[gone] = 0.0
        info = (pile, mask ^ 1 << gone, 1 << _card_index(pile[-1]), plane)
    else:
        order = _card_indices(pile)
        plane = np.zeros(52, dtype=np.float32)
        mask = 0
        for number in order:
            mask |= 1 << number
        if order:
            plane[order] = _ORDER_VALUES[:size]
        info = (pile, mask, 1 << order[-1] if order else 0, plane)
    _LAST_PILE = info
    return info


_ORDER_VALUES = (np.arange(1, 53) / 52).astype(np.float32)  # as a Python float stored into float32
_LAST_PILE: _PileInfo = ((), 0, 0, np.zeros(52, dtype=np.float32))


def _rules_features(rules: gr.Ruleset) -> tuple[int, npt.NDArray[np.float32]]:
    """The ruleset's part of the features (they never change in a round): the flags as bits of
    the packed integer, and the values of ``_RULE_VALUES``."""
    features = rule_features(rules)
    bits = 0
    for name in RULE_FLAGS:
        if features[name]:
            bits |= 1 << _F[name]
    array = np.array([features[name] for name in _RULE_VALUES], dtype=np.float32)
    array.flags.writeable = False
    return bits, array


_RulesPart = tuple[int, npt.NDArray[np.float32]]
_RULES_CACHE: dict[int, tuple[gr.Ruleset, _RulesPart]] = {}


def _rules_part(rules: gr.Ruleset) -> _RulesPart:
    """The ruleset's features, cached by identity (the entry keeps the ruleset alive, so its
    id cannot be reused while cached)."""
    entry = _RULES_CACHE.get(id(rules))
    if entry is None:
        if len(_RULES_CACHE) > 64:  # rulesets made in a loop must not grow it forever
            _RULES_CACHE.clear()
        entry = _RULES_CACHE[id(rules)] = (rules, _rules_features(rules))
    return entry[1]


def _turns(view: gr.PlayerView) -> int:
    """Completed turns: each ends with a discard or a knock (a hidden knock too); read from the
    view's ``turns`` where the library has it, else counted in its log."""
    turns = getattr(view, "turns", None)
    if isinstance(turns, int):
        return turns
    return sum(
        1 for event in view.events if event.action is None or isinstance(event.action, (gr.Discard, gr.Knock))
    )


def encode(
    view: gr.PlayerView | gr.GameView, out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]:
    """The observation vector of ``view`` (see :data:`CARD_PLANES` and :data:`FEATURES`).

    :param view: a player's view of a round, or of a game (which adds the scores).
    :param out: a contiguous ``float32`` array of :data:`OBSERVATION_SIZE` values to write into
        instead of a new one.
    :returns: the vector (``out`` when given).
    :raises GinRummyError: when ``view`` is not a view, or ``out`` has the wrong shape or type.

    >>> import ginrummy as gr
    >>> from ginrummy import rl
    >>> view = gr.Round.deal(gr.OKLAHOMA, dealer=0, seed=7).view(0)
    >>> parts = rl.split_observation(rl.encode(view))
    >>> view.knock_limit, int(parts["knock_limit"].argmax()), float(parts["oklahoma"])
    (9, 9, 1.0)
    """
    game: gr.GameView | None = None
    if type(view) is not _PlayerView:
        if isinstance(view, gr.GameView):
            game, view = view, view.round
        elif not isinstance(view, _PlayerView):
            raise gr.GinRummyError(f"cannot encode {view!r}: expected a PlayerView or a GameView")
    if _COMPILED:  # made in C as float32 bytes (view_bits.observation_bytes)
        built = _frombuffer(observation_bytes(view, None if game is None else game.scores), _FLOAT32)
        if out is None:
            return built
        _bit_grid(out)  # checked
        out[:] = built
        return out
    grid = _bit_grid(out)
    rule_bits, rule_values = _rules_part(view.rules)
    _, pile, top, order_plane = _pile_info(view.discard_pile)
    packed = packed_bits(view, pile, top, rule_bits, game is not None)
    _BYTE_BITS.take(_frombuffer(packed.to_bytes(_BYTES, "little"), _UINT8), 0, grid)
    obs: npt.NDArray[np.float32] = grid.reshape(OBSERVATION_SIZE) if out is None else out
    obs[_ORDER_START:_FEATURE_START] = order_plane
    obs[_RULE_VALUES_AT] = rule_values
    _write_scalars(obs, view, game)
    return obs


def _bit_grid(out: npt.NDArray[np.float32] | None) -> npt.NDArray[np.float32]:
    """The observation as a grid of bytes by bits, over ``out`` when given (checked)."""
    if out is None:
        return np.empty((_BYTES, 8), dtype=np.float32)
    if (
        isinstance(out, np.ndarray)
        and out.shape == (OBSERVATION_SIZE,)
        and out.dtype == np.float32
        and out.flags.c_contiguous
    ):
        return out.reshape(_BYTES, 8)
    raise gr.GinRummyError(
        f"invalid out array {getattr(out, 'shape', out)!r}: "
        f"expected a contiguous float32 array of shape ({OBSERVATION_SIZE},)"
    )


def _write_scalars(obs: npt.NDArray[np.float32], view: gr.PlayerView, game: gr.GameView | None) -> None:
    """Write the scalar features of ``view`` (and of ``game``: the scores) into ``obs``."""
    rules = view.rules
    obs[_STOCK_SIZE] = view.stock_size / 31
    obs[_OPPONENT_CARDS] = view.opponent_card_count / 11
    if rules.spade_multiplier > 1 and view.initial_upcard.suit is _SPADES:
        obs[_MULTIPLIER] = (rules.spade_multiplier - 1) / 9
    if rules.max_turns is not None and view.phase is not _OVER:
        obs[_TURNS_LEFT] = max(0, rules.max_turns - _turns(view)) / rules.max_turns
    if game is not None:
        scale = rules.target * (3 if rules.hollywood else 1)
        obs[_F["score"]] = min(1.0, game.scores[view.player] / scale)
        obs[_F["opponent_score"]] = min(1.0, game.scores[1 - view.player] / scale)


def split_observation(obs: npt.NDArray[np.float32]) -> Mapping[str, npt.NDArray[np.float32]]:
    """The named parts of an observation vector (views into it, not copies): each card plane
    (52 values), ``phase`` (5) and ``knock_limit`` (12) one-hots, and every other feature
    (a 0-d array).

    :raises GinRummyError: for an array of the wrong shape.

    >>> import ginrummy as gr
    >>> from ginrummy import rl
    >>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    >>> parts = rl.split_observation(rl.encode(view))
    >>> parts["hand"].shape, parts["phase"].tolist(), float(parts["my_turn"])
    ((52,), [1.0, 0.0, 0.0, 0.0, 0.0], 1.0)
    """
    if not isinstance(obs, np.ndarray) or obs.shape != (OBSERVATION_SIZE,):
        raise gr.GinRummyError(
            f"invalid observation {getattr(obs, 'shape', obs)!r}: expected shape ({OBSERVATION_SIZE},)"
        )
    parts: dict[str, npt.NDArray[np.float32]] = {
        name: obs[number * 52 : (number + 1) * 52] for number, name in enumerate(CARD_PLANES)
    }
    phase = _PHASE_AT[_PHASES[0]]
    parts["phase"] = obs[phase : phase + len(_PHASES)]
    parts["knock_limit"] = obs[_LIMIT_AT[0] : _LIMIT_AT[-1] + 1]
    for name, position in _F.items():
        if not name.startswith(("phase_", "knock_limit_")):
            parts[name] = obs[position]
    return parts


action_ids = ids_by_type if _COMPILED else ids_by_identity
"""The id of each of a tuple of actions (:func:`ginrummy.action_to_id`), in order, the way
the running build does it faster (both are tested in both builds)."""


def legal_mask(view: gr.PlayerView | gr.GameView) -> npt.NDArray[np.int8]:
    """1 for each legal action id of the player whose view this is, 0 elsewhere.

    :param view: a player's view of a round or a game; the mask is all 0 when it is not this
        player's turn.
    :returns: an ``int8`` array of :data:`~ginrummy.ACTION_SPACE_SIZE` values.
    :raises GinRummyError: when ``view`` is not a view.

    >>> import ginrummy as gr
    >>> from ginrummy import rl
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> int(rl.legal_mask(r.view(1)).sum()), int(rl.legal_mask(r.view(0)).sum())
    (2, 0)
    """
    if isinstance(view, gr.GameView):
        view = view.round
    elif not isinstance(view, gr.PlayerView):
        raise gr.GinRummyError(f"cannot make a mask for {view!r}: expected a PlayerView or a GameView")
    return mask_from_ids(action_ids(view.legal_actions))


def mask_from_ids(ids: list[int]) -> npt.NDArray[np.int8]:
    """The mask with 1 at each of ``ids``."""
    return _frombuffer(mask_bytes(ids, gr.ACTION_SPACE_SIZE), _INT8)
