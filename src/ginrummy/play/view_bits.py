"""A player's view as the values of the RL observation, made without numpy.

:mod:`ginrummy.rl.encoding` (the ``rl`` extra, with numpy) turns a view into a ``float32``
vector: rows of 52 values for sets of cards (the hand, the cards known in the opponent's
hand, the upcard, the pile, the cards gone, the cards unseen), then features (the phase, whose
turn, the dealer, the knock, the stock's and the opponent's card counts, the knock limit, the
rules and the game's scores). This module says where each row and feature lies
(:data:`CARD_PLANES`, :data:`FEATURES`, :data:`POSITION`) and makes the values in two ways,
held to the same layout by the tests: :func:`packed_bits` packs the 0/1 values into one
integer, bit ``i`` for value ``i``, and :func:`observation_bytes` makes the whole vector as
float32 bytes, a suit at a time. The ids of legal actions come two ways too
(:func:`ids_by_identity`, :func:`ids_by_type`), and :func:`mask_bytes` makes the mask. Which
way each build takes, and why, is in docs/design.md ("The RL observation made in C").

>>> import ginrummy as gr
>>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
>>> bits = packed_bits(view, pile=0, top=0, rule_bits=0, in_game=False)
>>> bits & (1 << 52) - 1 == view.hand.mask, bool(bits >> POSITION["my_turn"] & 1)
(True, True)
>>> ids_by_identity(view.legal_actions), ids_by_type(view.legal_actions)
([1, 2], [1, 2])
"""

from __future__ import annotations

import struct
from typing import Final

from ginrummy.actions import Action, action_to_id
from ginrummy.cards import Card, Suit
from ginrummy.phase import OVER, Phase
from ginrummy.play.round import PlayerView
from ginrummy.rules import AfterPass, Ruleset

__all__ = [
    "CARD_PLANES",
    "FEATURES",
    "KNOCK_LIMITS",
    "OBSERVATION_SIZE",
    "PHASES",
    "POSITION",
    "RULE_FLAGS",
    "RULE_VALUES",
    "CardRows",
    "card_rows",
    "ids_by_identity",
    "ids_by_type",
    "mask_bytes",
    "observation_bytes",
    "packed_bits",
    "rule_features",
]

CARD_PLANES: Final[tuple[str, ...]] = (
    "hand",
    "opponent_known",
    "upcard",
    "discard_pile",
    "gone",
    "unseen",
    "spread",
    "laid_off",
    "knock_card",
    "taken",
    "discard_order",
)
"""The rows of 52 values, in order (described in :data:`ginrummy.rl.CARD_PLANES`); every row
but ``discard_order`` is a set of cards, written from :func:`packed_bits`."""

PHASES: Final[tuple[Phase, ...]] = tuple(Phase)
"""The phases, in the order of their one-hot features."""

KNOCK_LIMITS: Final = 12
"""The knock limit's one-hot features: 0 to 10, and one for any limit above 10."""

FEATURES: Final[tuple[str, ...]] = (
    *(f"phase_{phase.name.lower()}" for phase in PHASES),
    "my_turn",
    "dealer",
    "knocked",
    "opponent_knocked",
    "stock_size",
    "opponent_card_count",
    *(f"knock_limit_{limit}" for limit in range(KNOCK_LIMITS - 1)),
    "knock_limit_above_10",
    "round_multiplier",
    "oklahoma",
    "big_gin",
    "undercut_on_tie",
    "layoffs",
    "layoffs_after_gin",
    "void_if_gin_matched",
    "stock_only_after_both_pass",
    "may_discard_taken_card",
    "round_the_corner",
    "gin_bonus",
    "big_gin_bonus",
    "undercut_bonus",
    "dead_hand_stock",
    "ace_points",
    "max_turns_set",
    "turns_left",
    "game",
    "score",
    "opponent_score",
    "hollywood",
)
"""The values after the card rows, in order (described in :data:`ginrummy.rl.FEATURES`)."""

FEATURE_START: Final = len(CARD_PLANES) * 52
"""The position of the first feature."""

OBSERVATION_SIZE: Final = FEATURE_START + len(FEATURES)
"""The length of an observation vector."""

POSITION: Final[dict[str, int]] = {
    **{name: 52 * number for number, name in enumerate(CARD_PLANES)},
    **{name: FEATURE_START + number for number, name in enumerate(FEATURES)},
}
"""The position of each row's first value and of each feature."""

RULE_FLAGS: Final[tuple[str, ...]] = (
    *FEATURES[FEATURES.index("oklahoma") : FEATURES.index("gin_bonus")],
    "max_turns_set",
    "hollywood",
)
"""The features that are the ruleset's flags (1 when set)."""

RULE_VALUES: Final[tuple[str, ...]] = FEATURES[FEATURES.index("gin_bonus") : FEATURES.index("max_turns_set")]
"""The features that are the ruleset's numbers, scaled to at most 1 (adjacent, in this order)."""


def rule_features(rules: Ruleset) -> dict[str, float]:
    """The features that come from the ruleset alone (they never change in a round), by name:
    :data:`RULE_FLAGS` and :data:`RULE_VALUES`."""
    return {
        "oklahoma": float(rules.oklahoma),
        "big_gin": float(rules.big_gin),
        "undercut_on_tie": float(rules.undercut_on_tie),
        "layoffs": float(rules.layoffs),
        "layoffs_after_gin": float(rules.layoffs_after_gin),
        "void_if_gin_matched": float(rules.void_if_gin_matched),
        "stock_only_after_both_pass": float(rules.after_both_pass is AfterPass.STOCK_ONLY),
        "may_discard_taken_card": float(rules.may_discard_taken_card),
        "round_the_corner": float(rules.round_the_corner),
        "max_turns_set": float(rules.max_turns is not None),
        "hollywood": float(rules.hollywood),
        "gin_bonus": min(rules.gin_bonus, 100) / 100,
        "big_gin_bonus": min(rules.big_gin_bonus, 100) / 100 if rules.big_gin else 0.0,
        "undercut_bonus": min(rules.undercut_bonus, 100) / 100,
        "dead_hand_stock": rules.dead_hand_stock / 30,
        "ace_points": rules.ace_points / 15,
    }


_FULL: Final = (1 << 52) - 1
_PHASE_BITS: Final[tuple[int, ...]] = tuple(1 << POSITION[f"phase_{phase.name.lower()}"] for phase in PHASES)
_LIMIT_BITS: Final[tuple[int, ...]] = tuple(
    1 << POSITION[name] for name in FEATURES if name.startswith("knock_limit_")
)
_MY_TURN: Final = 1 << POSITION["my_turn"]
_DEALER: Final = 1 << POSITION["dealer"]
_KNOCKED: Final = 1 << POSITION["knocked"]
_OPPONENT_KNOCKED: Final = 1 << POSITION["opponent_knocked"]
_GAME: Final = 1 << POSITION["game"]
_PHASE_BIT: Final[dict[int, int]] = {id(phase): bit for phase, bit in zip(PHASES, _PHASE_BITS, strict=True)}
"""The bit of each phase by the member's identity (an Enum member hashes in Python code; the
members live as long as their class, so their ids stay theirs)."""


CardRows = tuple[int, int, int, int, int, int, int, int, int, int]
"""The sets of cards of the rows before ``discard_order``, as hand masks, in order."""


def card_rows(view: PlayerView, pile: int, top: int) -> CardRows:
    """The sets of cards of ``view``'s rows before ``discard_order`` (``pile``: the discard
    pile's mask, ``top`` its top card's bit, 0 when empty)."""
    hand = view.hand.mask
    opponent = view.opponent_known.mask
    knock_card = view.knock_card
    knock = 0 if knock_card is None else knock_card.mask
    spread = laid = taken = 0
    for meld in view.spread:
        spread |= meld.mask
    for card, _ in view.layoffs:
        laid |= card.mask
    taken_card = view.taken
    if taken_card is not None:
        taken = taken_card.mask
    gone = (pile ^ top) | knock
    unseen = _FULL ^ (hand | opponent | pile | spread | knock)
    return hand, opponent, top, pile, gone, unseen, spread, laid, knock, taken


def packed_bits(view: PlayerView, pile: int, top: int, rule_bits: int, in_game: bool) -> int:
    """The card rows and the 0/1 features of ``view`` as one integer (bit ``i`` for value
    ``i`` of the observation; ``discard_order`` and the scalar features are not in it).

    :param pile: the discard pile's mask, and ``top`` its top card's bit (0 when empty): the
        encoding keeps them from one view to the next.
    :param rule_bits: the ruleset's flags, already placed.
    :param in_game: whether the view is a game's (the ``game`` feature).
    """
    hand, opponent, top, pile, gone, unseen, spread, laid, knock, taken = card_rows(view, pile, top)
    player = view.player
    flags = rule_bits | _PHASE_BIT[id(view.phase)]
    flags |= _LIMIT_BITS[min(view.knock_limit, KNOCK_LIMITS - 1)]
    if view.to_act == player:
        flags |= _MY_TURN
    if view.dealer == player:
        flags |= _DEALER
    knocker = view.knocker
    if knocker is not None:
        flags |= _KNOCKED if knocker == player else _OPPONENT_KNOCKED
    if in_game:
        flags |= _GAME
    # One 52-bit field a row, from the lowest bits up, in CARD_PLANES order.
    return (
        hand
        | opponent << 52
        | top << 104
        | pile << 156
        | gone << 208
        | unseen << 260
        | spread << 312
        | laid << 364
        | knock << 416
        | taken << 468
        | flags
    )


# ---------------------------------------------------------------- the compiled build's parts

_PACK: Final = struct.Struct("=f").pack  # native float32, numpy's float32
_ONE: Final = _PACK(1.0)
_ZERO: Final = _PACK(0.0)
_AT: Final[dict[str, int]] = {name: number for number, name in enumerate(FEATURES)}
"""Each feature's place among the features."""


def _one_hots(count: int) -> list[bytes]:
    """Item ``i``: ``count`` float32 values, 1 at ``i`` and 0 elsewhere."""
    return [b"".join(_ONE if place == hot else _ZERO for place in range(count)) for hot in range(count)]


_EMPTY_ROW: Final = _ZERO * 52
_ORDER_FLOATS: Final[list[bytes]] = [_PACK((position + 1) / 52) for position in range(52)]
_STOCK_FLOATS: Final[list[bytes]] = [_PACK(size / 31) for size in range(32)]
_OPPONENT_FLOATS: Final[list[bytes]] = [_PACK(count / 11) for count in range(12)]
_PHASE_FLOATS: Final[dict[int, bytes]] = {
    id(phase): piece for phase, piece in zip(PHASES, _one_hots(len(PHASES)), strict=True)
}
_LIMIT_FLOATS: Final[list[bytes]] = _one_hots(KNOCK_LIMITS)
_TURN_FLOATS: Final[list[bytes]] = [
    b"".join(_ONE if flags >> bit & 1 else _ZERO for bit in range(4)) for flags in range(16)
]
"""Item ``f``: ``my_turn``, ``dealer``, ``knocked``, ``opponent_knocked`` from bits 0-3 of ``f``."""
_NO_GAME: Final = _ZERO * 3
_SPADES: Final = Suit.SPADES
_RULES_BLOCK: Final = FEATURES[_AT["oklahoma"] : _AT["max_turns_set"] + 1]
"""The ruleset's features that lie side by side (all of them but ``hollywood``)."""
assert set(_RULES_BLOCK) | {"hollywood"} == set(RULE_FLAGS) | set(RULE_VALUES)
assert (  # the order in which _add_features adds its pieces
    *(f"phase_{phase.name.lower()}" for phase in PHASES),
    *("my_turn", "dealer", "knocked", "opponent_knocked", "stock_size", "opponent_card_count"),
    *(name for name in FEATURES if name.startswith("knock_limit_")),
    "round_multiplier",
    *_RULES_BLOCK,
    *("turns_left", "game", "score", "opponent_score", "hollywood"),
) == FEATURES
_RULE_PIECES: Final[dict[int, tuple[Ruleset, bytes, bytes]]] = {}
"""Each ruleset's features as float32 bytes (the block of :data:`_RULES_BLOCK`, and
``hollywood``), by the ruleset's identity; an entry keeps its ruleset alive, so its id
cannot be reused while cached."""
_LAST_ORDER: tuple[tuple[Card, ...], bytes] = ((), _EMPTY_ROW)
"""The last discard pile and its ``discard_order`` row: the pile changes one card a turn."""


def _rule_pieces(rules: Ruleset) -> tuple[Ruleset, bytes, bytes]:
    """The entry of ``rules`` in :data:`_RULE_PIECES` (made when missing)."""
    entry = _RULE_PIECES.get(id(rules))
    if entry is None:
        if len(_RULE_PIECES) > 64:  # rulesets made in a loop must not grow it forever
            _RULE_PIECES.clear()
        features = rule_features(rules)
        block = b"".join(_PACK(features[name]) for name in _RULES_BLOCK)
        entry = _RULE_PIECES[id(rules)] = (rules, block, _PACK(features["hollywood"]))
    return entry


def _order_row(pile: tuple[Card, ...]) -> bytes:
    """The ``discard_order`` row of ``pile`` as float32 bytes, made from the last pile's when
    the new one is one card longer or shorter."""
    global _LAST_ORDER
    last_pile, row = _LAST_ORDER
    if pile is last_pile:
        return row
    size = len(pile)
    if size == len(last_pile) + 1 and pile[:-1] == last_pile:
        at = 4 * pile[-1].index
        row = row[:at] + _ORDER_FLOATS[size - 1] + row[at + 4 :]
    elif size and size == len(last_pile) - 1 and last_pile[:-1] == pile:
        at = 4 * last_pile[-1].index
        row = row[:at] + _ZERO + row[at + 4 :]
    else:
        order = [_ZERO] * 52
        for position, card in enumerate(pile):
            order[card.index] = _ORDER_FLOATS[position]
        row = b"".join(order)
    _LAST_ORDER = (pile, row)
    return row


def observation_bytes(view: PlayerView, scores: tuple[int, int] | None) -> bytearray:
    """The observation vector of ``view`` as native ``float32`` bytes (for
    ``numpy.frombuffer``), made without numpy: the compiled build's way to the vector, which
    runs in C. The pure build lets numpy spread :func:`packed_bits` instead, which the
    interpreter does faster; the tests hold both to the documentation in both builds.

    :param scores: the game's scores for a game's view, else None.
    """
    pile = view.discard_pile
    chunks: list[bytes] = []
    _add_card_rows(chunks, view, pile)
    chunks.append(_order_row(pile))
    _add_features(chunks, view, scores)
    return bytearray(b"".join(chunks))


_SUIT_FLOATS: Final[list[bytes]] = []
"""Item ``m``: the 13 bits of suit mask ``m``, lowest first, as float32 values (made on first
use: 8,192 items, about 0.7 MB)."""


def _suit_floats() -> list[bytes]:
    """:data:`_SUIT_FLOATS`, made when first needed."""
    if not _SUIT_FLOATS:
        _SUIT_FLOATS.extend(
            b"".join(_ONE if mask >> bit & 1 else _ZERO for bit in range(13)) for mask in range(8192)
        )
    return _SUIT_FLOATS


def _add_row(chunks: list[bytes], table: list[bytes], cards: int) -> None:
    """Append the row of the set of cards ``cards`` (a hand mask), a suit at a time (an empty
    row, as most of them are, at once)."""
    if not cards:
        chunks.append(_EMPTY_ROW)
        return
    chunks.append(table[cards & 8191])
    chunks.append(table[cards >> 13 & 8191])
    chunks.append(table[cards >> 26 & 8191])
    chunks.append(table[cards >> 39])


def _add_card_rows(chunks: list[bytes], view: PlayerView, pile: tuple[Card, ...]) -> None:
    """Append the card rows before ``discard_order``."""
    pile_mask = 0
    for card in pile:
        pile_mask |= card.mask
    hand, opponent, top, pile_cards, gone, unseen, spread, laid, knock, taken = card_rows(
        view, pile_mask, pile[-1].mask if pile else 0
    )
    table = _suit_floats()
    _add_row(chunks, table, hand)
    _add_row(chunks, table, opponent)
    _add_row(chunks, table, top)
    _add_row(chunks, table, pile_cards)
    _add_row(chunks, table, gone)
    _add_row(chunks, table, unseen)
    _add_row(chunks, table, spread)
    _add_row(chunks, table, laid)
    _add_row(chunks, table, knock)
    _add_row(chunks, table, taken)


def _add_features(chunks: list[bytes], view: PlayerView, scores: tuple[int, int] | None) -> None:
    """Append the features."""
    rules = view.rules
    _, block, hollywood = _rule_pieces(rules)
    player = view.player
    turn = 0
    if view.to_act == player:
        turn = 1
    if view.dealer == player:
        turn |= 2
    knocker = view.knocker
    if knocker is not None:
        turn |= 4 if knocker == player else 8
    multiplier = _ZERO
    if rules.spade_multiplier > 1 and view.initial_upcard.suit is _SPADES:
        multiplier = _PACK((rules.spade_multiplier - 1) / 9)
    turns_left = _ZERO
    max_turns = rules.max_turns
    if max_turns is not None and view.phase is not OVER:
        turns_left = _PACK(max(0, max_turns - view.turns) / max_turns)
    game = _NO_GAME
    if scores is not None:
        scale = rules.target * (3 if rules.hollywood else 1)
        game = _ONE + _PACK(min(1.0, scores[player] / scale)) + _PACK(min(1.0, scores[1 - player] / scale))
    chunks.append(_PHASE_FLOATS[id(view.phase)])
    chunks.append(_TURN_FLOATS[turn])
    chunks.append(_STOCK_FLOATS[view.stock_size])
    chunks.append(_OPPONENT_FLOATS[view.opponent_card_count])
    chunks.append(_LIMIT_FLOATS[min(view.knock_limit, KNOCK_LIMITS - 1)])
    chunks.append(multiplier)
    chunks.append(block)
    chunks.append(turns_left)
    chunks.append(game)
    chunks.append(hollywood)


# ---------------------------------------------------------------- legal actions

_ACTION_AT: Final[dict[int, int]] = {}
"""Ids of actions seen before, by the action's identity (the library hands out shared action
instances, and a lookup by identity is several times faster than hashing an attrs value)."""
_ACTIONS_KEPT: Final[list[Action]] = []
"""The actions of :data:`_ACTION_AT`, kept alive so that an id found there is still theirs."""


def ids_by_identity(legal: tuple[Action, ...]) -> list[int]:
    """The id of each action (:func:`ginrummy.action_to_id`), in order: by identity for actions
    seen before, else by :func:`ginrummy.action_to_id` (and remembered). The pure build's
    way: the interpreter runs ``map`` over a dict faster than it calls a function for each action."""
    found = list(map(_ACTION_AT.get, map(id, legal)))
    if None not in found:
        return found  # type: ignore[return-value]
    if len(_ACTIONS_KEPT) > 4096:  # fresh action objects (layoffs) must not grow it forever
        _ACTION_AT.clear()
        _ACTIONS_KEPT.clear()
    ids = []
    for action in legal:
        number = action_to_id(action)
        _ACTION_AT[id(action)] = number
        _ACTIONS_KEPT.append(action)
        ids.append(number)
    return ids


def ids_by_type(legal: tuple[Action, ...]) -> list[int]:
    """The id of each action (:func:`ginrummy.action_to_id`), in order: the compiled build's
    way, where :func:`ginrummy.action_to_id` is a few type tests in C."""
    return [action_to_id(action) for action in legal]


def mask_bytes(ids: list[int], size: int) -> bytearray:
    """``size`` bytes, 1 at each of ``ids`` and 0 elsewhere."""
    mask = bytearray(size)
    for number in ids:
        mask[number] = 1
    return mask
