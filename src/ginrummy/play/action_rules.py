"""The rule of each action: in which phase it may be taken, when it is legal, what it changes.

Each kind of action has one rule object here (:data:`MOVES`), in the manner of PokerKit's
``verify_x`` / ``x`` pairs:

- ``reason(r, action)`` says why ``action`` is illegal in round ``r`` (None when it is legal);
- ``legal(r)`` lists the legal actions of that kind, computed from the same predicates
  (``_playable``, ``_knockable``, ``Meld.accepts``), never from a second copy of the rule;
- ``effect(r, action, player)`` returns the round after the action.

:meth:`ginrummy.Round.legal_actions`, :meth:`~ginrummy.Round.is_legal`,
:meth:`~ginrummy.Round.illegal_reason` and :meth:`~ginrummy.Round.apply` all go through these
objects, so each rule is written once; the end of a round after a knock is priced by
:func:`showdown`.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> MOVES[gr.DrawStock].reason(r, gr.DrawStock())
'the upcard offer allows only taking or passing'
>>> MOVES[gr.TakeDiscard].legal(r)
(TakeDiscard(),)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ginrummy.actions import (
    DISCARD_ACTIONS,
    KNOCK_ACTIONS,
    Action,
    BigGin,
    Discard,
    DrawStock,
    EndLayoffs,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
)
from ginrummy.cards import DECK, Hand, Suit, _hand
from ginrummy.melding.partition import best_discard, best_discards, best_melds, deadwood
from ginrummy.melds import Meld
from ginrummy.phase import Phase
from ginrummy.results.round_result import Outcome, RoundResult, price_round
from ginrummy.rules import AfterPass, Ruleset

if TYPE_CHECKING:
    from ginrummy.play.round import Round

__all__ = ["MOVES", "MOVES_BY_PHASE", "Move", "showdown", "spread_reason"]

PASS = PassUpcard()
TAKE = TakeDiscard()
DRAW = DrawStock()
BIG_GIN = BigGin()
END = EndLayoffs()


class Move:
    """The rule of one kind of action (see the module docstring)."""

    kind: type[Action]
    """The action class this rule governs."""

    def reason(self, r: Round, action: Any) -> str | None:
        """Why ``action`` is illegal in ``r`` for the player to act, or None when it is legal."""
        raise NotImplementedError  # pragma: no cover - every rule defines it

    def legal(self, r: Round) -> Sequence[Action]:
        """The legal actions of this kind in ``r`` (none outside their phase)."""
        raise NotImplementedError  # pragma: no cover

    def effect(self, r: Round, action: Any, player: int) -> Round:
        """The round after ``player`` takes the legal ``action`` in ``r``."""
        raise NotImplementedError  # pragma: no cover


class _Nullary(Move):
    """A rule for an action without arguments: it is legal exactly when ``reason`` says so."""

    action: Action

    def legal(self, r: Round) -> Sequence[Action]:
        return (self.action,) if self.reason(r, self.action) is None else ()


class _PassUpcard(_Nullary):
    kind = PassUpcard
    action = PASS

    def reason(self, r: Round, action: Any) -> str | None:
        return None if r.phase is Phase.UPCARD_OFFER else "the upcard may only be passed on the first turn"

    def effect(self, r: Round, action: Any, player: int) -> Round:
        if player == 1 - r.dealer:  # the non-dealer passes: the dealer is offered the upcard
            return r._next(player, PASS, None, {"to_act": 1 - player})
        stock_only = r.rules.after_both_pass is AfterPass.STOCK_ONLY
        return r._next(
            player, PASS, None, {"phase": Phase.DRAW, "to_act": 1 - player, "stock_only": stock_only}
        )


class _TakeDiscard(_Nullary):
    kind = TakeDiscard
    action = TAKE

    def reason(self, r: Round, action: Any) -> str | None:
        phase = r.phase
        if phase is Phase.UPCARD_OFFER:
            return None
        if phase is not Phase.DRAW:
            return "a card is drawn only in phase DRAW"
        if r.stock_only:
            return "after both players pass the upcard the non-dealer must draw from the stock"
        return None if r.discard_pile else "the discard pile is empty"

    def effect(self, r: Round, action: Any, player: int) -> Round:
        card = r.discard_pile[-1]
        changes = {
            "hands": _set(r.hands, player, _hand(r.hands[player].mask | card.mask)),
            "discard_pile": r.discard_pile[:-1],
            "known": _set(r.known, player, _hand(r.known[player].mask | card.mask)),
            "phase": Phase.DISCARD,
            "taken": card,
            "stock_only": False,
        }
        return r._next(player, TAKE, card, changes)


class _DrawStock(_Nullary):
    kind = DrawStock
    action = DRAW

    def reason(self, r: Round, action: Any) -> str | None:
        phase = r.phase
        if phase is not Phase.DRAW:
            if phase is Phase.UPCARD_OFFER:
                return "the upcard offer allows only taking or passing"
            return "a card is drawn only in phase DRAW"
        return None if r.stock else "the stock is empty"

    def effect(self, r: Round, action: Any, player: int) -> Round:
        card = r.stock[-1]
        changes = {
            "hands": _set(r.hands, player, _hand(r.hands[player].mask | card.mask)),
            "stock": r.stock[:-1],
            "phase": Phase.DISCARD,
            "taken": None,
            "stock_only": False,
        }
        return r._next(player, DRAW, card, changes)


_DISCARDS: list[dict[int, tuple[Action, ...]]] = [{}, {}, {}, {}]
"""Per suit, the discards of each suit mask seen (see :func:`_each`)."""
_KNOCKS: list[dict[int, tuple[Action, ...]]] = [{}, {}, {}, {}]
"""Per suit, the knocks of each suit mask seen."""


def _each(
    actions: Sequence[Action], cache: list[dict[int, tuple[Action, ...]]], mask: int
) -> tuple[Action, ...]:
    """The actions of ``actions`` (one per card index) for the cards in ``mask``, by card
    index; each suit's part is built once per suit mask and then kept in ``cache``."""
    result: tuple[Action, ...] = ()
    for suit in (0, 1, 2, 3):
        bits = mask >> (13 * suit) & 0x1FFF
        if bits:
            part = cache[suit].get(bits)
            if part is None:
                part = cache[suit][bits] = tuple(actions[13 * suit + i] for i in range(13) if bits >> i & 1)
            result += part
    return result


def _playable(r: Round) -> int:
    """The cards the player to act may discard (or knock with): its hand, less the card it
    took from the pile this turn unless ``may_discard_taken_card``."""
    assert r.to_act is not None
    hand = r.hands[r.to_act].mask
    taken = r.taken
    return hand if taken is None or r.rules.may_discard_taken_card else hand & ~taken.mask


def _card_reason(r: Round, action: Discard | Knock) -> str | None:
    """Why the card of a discard or knock may not leave the hand now (None when it may)."""
    if r.phase is not Phase.DISCARD:
        return "a card is discarded only in phase DISCARD, after drawing"
    card = action.card
    if card.mask & _playable(r):
        return None
    assert r.to_act is not None
    if not card.mask & r.hands[r.to_act].mask:
        return f"card {str(card)!r} is not in the hand"
    return f"card {str(card)!r} was taken from the discard pile this turn"


class _Discard(Move):
    kind = Discard

    def reason(self, r: Round, action: Any) -> str | None:
        return _card_reason(r, action)

    def legal(self, r: Round) -> Sequence[Action]:
        return _each(DISCARD_ACTIONS, _DISCARDS, _playable(r)) if r.phase is Phase.DISCARD else ()

    def effect(self, r: Round, action: Any, player: int) -> Round:
        card = action.card
        turns = r.turns + 1
        rules = r.rules
        changes: dict[str, Any] = {
            "hands": _set(r.hands, player, _hand(r.hands[player].mask & ~card.mask)),
            "discard_pile": (*r.discard_pile, card),
            "taken": None,
            "turns": turns,
            "phase": Phase.DRAW,
            "to_act": 1 - player,
        }
        if r.known[player].mask & card.mask:
            changes["known"] = _set(r.known, player, _hand(r.known[player].mask & ~card.mask))
        if len(r.stock) <= rules.dead_hand_stock:
            changes.update(phase=Phase.OVER, to_act=None, result=RoundResult(outcome=Outcome.DEAD_HAND))
        elif rules.max_turns is not None and turns >= rules.max_turns:
            changes.update(phase=Phase.OVER, to_act=None, result=RoundResult(outcome=Outcome.VOID))
        return r._next(player, action, None, changes)


def _deadwood_after(r: Round) -> list[int]:
    """For the hand of the player to act, the deadwood left after discarding each card, by
    card index (kept on the round once computed)."""
    after: list[int] | None = r.__dict__["_after"]
    if after is None:
        assert r.to_act is not None
        after = [0] * 52
        for card, points in best_discards(r.hands[r.to_act], r.rules):
            after[card.index] = points
        r.__dict__["_after"] = after
    return after


def _knockable(r: Round) -> int:
    """The cards the player to act may knock with, showing the library's spread: playable
    cards whose discard leaves at most the knock limit (a single best-discard solve settles
    the many hands that cannot knock at all)."""
    limit = r.knock_limit
    assert r.to_act is not None
    if best_discard(r.hands[r.to_act], r.rules)[1] > limit:
        return 0
    after = _deadwood_after(r)
    knockable = 0
    rest = _playable(r)
    while rest:
        low = rest & -rest
        if after[low.bit_length() - 1] <= limit:
            knockable |= low
        rest ^= low
    return knockable


def _limit_reason(left: int, limit: int) -> str:
    if limit == 0:
        return f"deadwood {left}: only gin may end this round (knock limit 0)"
    return f"deadwood {left} exceeds the knock limit {limit}"


class _Knock(Move):
    kind = Knock

    def reason(self, r: Round, action: Any) -> str | None:
        reason = _card_reason(r, action)
        if reason is not None:
            return reason
        card = action.card
        assert r.to_act is not None
        if action.melds is None:
            if card.mask & _knockable(r):
                return None
            return _limit_reason(_deadwood_after(r)[card.index], r.knock_limit)
        rest = r.hands[r.to_act].remove(card)
        reason = spread_reason(rest, action.melds, r.rules, need_all=False)
        if reason is not None:
            return reason
        left = _hand(rest.mask & ~_covered(action.melds)).points(r.rules.ace_points)
        return None if left <= r.knock_limit else _limit_reason(left, r.knock_limit)

    def legal(self, r: Round) -> Sequence[Action]:
        return _each(KNOCK_ACTIONS, _KNOCKS, _knockable(r)) if r.phase is Phase.DISCARD else ()

    def effect(self, r: Round, action: Any, player: int) -> Round:
        return _knock(r, player, action.card, action.melds)


class _BigGin(_Nullary):
    kind = BigGin
    action = BIG_GIN

    def reason(self, r: Round, action: Any) -> str | None:
        if r.phase is not Phase.DISCARD:
            return "big gin is declared only in phase DISCARD, after drawing"
        if not r.rules.big_gin:
            return f"the ruleset {r.rules.name!r} has no big gin"
        assert r.to_act is not None
        hand = r.hands[r.to_act]
        left = deadwood(hand, r.rules)
        if left:
            return f"big gin needs all 11 cards melded; deadwood is {left}"
        if action.melds is not None:
            return spread_reason(hand, action.melds, r.rules, need_all=True)
        return None

    def effect(self, r: Round, action: Any, player: int) -> Round:
        return _knock(r, player, None, action.melds)


def _knock(r: Round, player: int, card: Any, melds: tuple[Meld, ...] | None) -> Round:
    """The round after ``player`` knocks with ``card`` (None: big gin) showing ``melds``
    (None: the library's minimum-deadwood arrangement, chosen without looking at the
    opponent's cards)."""
    hand = r.hands[player]
    rest = hand if card is None else hand.remove(card)
    if melds is None:
        melds = best_melds(rest, r.rules).melds
    resolved: Action = BigGin(melds) if card is None else Knock(card, melds)
    changes = {
        "hands": _set(r.hands, player, rest),
        "taken": None,
        "turns": r.turns + 1,
        "knocker": player,
        "knock_card": card,
        "spread": melds,
    }
    if card is not None and r.known[player].mask & card.mask:
        changes["known"] = _set(r.known, player, _hand(r.known[player].mask & ~card.mask))
    gin = not rest.mask & ~_covered(melds)
    if r.rules.layoffs and (not gin or r.rules.layoffs_after_gin):
        changes.update(phase=Phase.LAYOFF, to_act=1 - player)
        return r._next(player, resolved, None, changes)
    return showdown(r._next(player, resolved, None, changes))


def _fits(r: Round, card_mask: int, meld: int) -> bool:
    """Whether the defender may lay the card ``card_mask`` onto spread meld ``meld`` now."""
    return r.spread[meld].accepts(DECK[card_mask.bit_length() - 1], r.rules)


class _LayOff(Move):
    kind = LayOff

    def reason(self, r: Round, action: Any) -> str | None:
        if r.phase is not Phase.LAYOFF:
            return "layoffs are made only in phase LAYOFF, after a knock"
        assert r.to_act is not None
        card = action.card
        if not card.mask & r.hands[r.to_act].mask:
            return f"card {str(card)!r} is not in the hand"
        if action.meld >= len(r.spread):
            return f"meld {action.meld} does not exist; the spread has {len(r.spread)} melds"
        if not _fits(r, card.mask, action.meld):
            return f"card {str(card)!r} does not fit meld {action.meld} ({r.spread[action.meld]})"
        return None

    def legal(self, r: Round) -> Sequence[Action]:
        if r.phase is not Phase.LAYOFF:
            return ()
        assert r.to_act is not None
        return [
            LayOff(card, meld)
            for card in r.hands[r.to_act]
            for meld in range(len(r.spread))
            if _fits(r, card.mask, meld)
        ]

    def effect(self, r: Round, action: Any, player: int) -> Round:
        card = action.card
        spread = list(r.spread)
        spread[action.meld] = spread[action.meld].extend(card, r.rules)
        changes = {
            "hands": _set(r.hands, player, _hand(r.hands[player].mask & ~card.mask)),
            "known": _set(r.known, player, _hand(r.known[player].mask & ~card.mask)),
            "spread": tuple(spread),
            "layoffs": (*r.layoffs, (card, action.meld)),
        }
        return r._next(player, action, None, changes)


class _EndLayoffs(_Nullary):
    kind = EndLayoffs
    action = END

    def reason(self, r: Round, action: Any) -> str | None:
        return None if r.phase is Phase.LAYOFF else "layoffs are made only in phase LAYOFF, after a knock"

    def effect(self, r: Round, action: Any, player: int) -> Round:
        return showdown(r._next(player, END, None, {}))


def original_spread(r: Round) -> tuple[Meld, ...]:
    """The spread as the knocker showed it, before layoffs."""
    laid: dict[int, int] = {}
    for card, index in r.layoffs:
        laid[index] = laid.get(index, 0) | card.mask
    return tuple(Meld._trusted(meld.mask & ~laid.get(i, 0), meld.kind) for i, meld in enumerate(r.spread))


def showdown(r: Round) -> Round:
    """The round scored after a knock or big gin (and any layoffs): RULES.md section 6.

    A gin matched by layoffs (``void_if_gin_matched``) voids the round only when the layoffs
    brought the defender from above 0 to 0 deadwood.
    """
    knocker = r.knocker
    assert knocker is not None
    defender = 1 - knocker
    rules = r.rules
    spread = original_spread(r)
    knocker_deadwood = _hand(r.hands[knocker].mask & ~_covered(spread)).points(rules.ace_points)
    defender_deadwood = deadwood(r.hands[defender], rules)
    dw = (knocker_deadwood, defender_deadwood) if knocker == 0 else (defender_deadwood, knocker_deadwood)
    spade = r.initial_upcard.suit is Suit.SPADES
    if knocker_deadwood == 0 and defender_deadwood == 0 and r.layoffs and rules.void_if_gin_matched:
        laid = 0
        for card, _ in r.layoffs:
            laid |= card.mask
        if deadwood(_hand(r.hands[defender].mask | laid), rules) > 0:
            result = RoundResult(
                outcome=Outcome.VOID,
                knocker=knocker,
                deadwood=dw,
                spread=spread,
                layoffs=r.layoffs,
                initial_upcard=r.initial_upcard,
            )
            return r._with({"phase": Phase.OVER, "to_act": None, "result": result})
    outcome, winner, points = price_round(
        rules,
        knocker=knocker,
        knocker_deadwood=knocker_deadwood,
        defender_deadwood=defender_deadwood,
        big_gin=r.knock_card is None,
        spade_upcard=spade,
    )
    result = RoundResult(
        outcome=outcome,
        winner=winner,
        points=points,
        knocker=knocker,
        deadwood=dw,
        spread=spread,
        layoffs=r.layoffs,
        multiplier=rules.spade_multiplier if spade else 1,
        initial_upcard=r.initial_upcard,
    )
    return r._with({"phase": Phase.OVER, "to_act": None, "result": result})


def _covered(melds: Sequence[Meld]) -> int:
    covered = 0
    for meld in melds:
        covered |= meld.mask
    return covered


def _set(pair: tuple[Hand, Hand], index: int, value: Hand) -> tuple[Hand, Hand]:
    return (value, pair[1]) if index == 0 else (pair[0], value)


def spread_reason(cards: Hand, melds: Sequence[Meld], rules: Ruleset, *, need_all: bool) -> str | None:
    """Why ``melds`` is not a valid spread of ``cards`` (None when it is): each meld of cards
    held, allowed by the rules, disjoint from the others; for big gin, covering every card."""
    seen = 0
    for meld in melds:
        if meld.wraps and not rules.round_the_corner:
            return f"meld {str(meld)!r} goes round the corner, which the ruleset does not allow"
        if meld.mask & ~cards.mask:
            missing = _hand(meld.mask & ~cards.mask)
            return f"meld {str(meld)!r} uses {str(missing)!r}, not in the hand"
        if seen & meld.mask:
            return f"meld {str(meld)!r} shares cards with another meld"
        seen |= meld.mask
    if need_all and seen != cards.mask:
        return f"big gin must show all 11 cards in melds; {str(_hand(cards.mask & ~seen))!r} left over"
    if len(melds) > 3 and not need_all:
        return f"a spread of 10 cards holds at most 3 melds (got {len(melds)})"
    return None


MOVES: dict[type[Action], Move] = {
    move.kind: move
    for move in (
        _PassUpcard(),
        _TakeDiscard(),
        _DrawStock(),
        _Discard(),
        _Knock(),
        _BigGin(),
        _LayOff(),
        _EndLayoffs(),
    )
}
"""The rule of each action class."""

MOVES_BY_PHASE: dict[Phase, tuple[Move, ...]] = {
    Phase.UPCARD_OFFER: (MOVES[TakeDiscard], MOVES[PassUpcard]),
    Phase.DRAW: (MOVES[DrawStock], MOVES[TakeDiscard]),
    Phase.DISCARD: (MOVES[Discard], MOVES[Knock], MOVES[BigGin]),
    Phase.LAYOFF: (MOVES[LayOff], MOVES[EndLayoffs]),
    Phase.OVER: (),
}
"""The rules whose actions may be legal in each phase, in the order ``legal_actions`` lists
them: take or draw before pass; discards, knocks, big gin; layoffs, then the end of layoffs."""
