"""The rule of each action: in which phase it may be taken, when it is legal, what it changes.

Each kind of action has one rule object here (:data:`ACTION_RULES`), in the manner of PokerKit's
``verify_x`` / ``x`` pairs:

- ``reason(r, action)`` says why ``action`` is illegal in round ``r`` (None when it is legal);
- ``legal(r)`` lists the legal actions of that kind, computed from the same predicates
  (``_playable``, ``_knockable``, ``Meld.accepts``), never from a second copy of the rule;
- ``changes(r, action, player, new)`` writes what the legal action changes into ``new``, the
  draft of the round after it (:meth:`ginrummy.round_fields.RoundFields._draft`, made and
  sealed by :meth:`ginrummy.Round.apply`), and returns the log's record (a :data:`Change` pair).
  A rule never builds a round.

The rules read a round as its record, :class:`~ginrummy.round_fields.RoundFields` (a
:class:`ginrummy.Round` is one); the end of a round after a knock is :func:`showdown`, priced
by :func:`ginrummy.results.pricing.price_knock`.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> ACTION_RULES[gr.DrawStock].reason(r, gr.DrawStock())
'the upcard offer allows only taking or passing'
>>> ACTION_RULES[gr.TakeDiscard].legal(r)
(TakeDiscard(),)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, TypeAlias

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
from ginrummy.cards import DECK, Card, Hand, Suit, _hand
from ginrummy.melding.partition import best_discard, best_discards, best_melds, deadwood
from ginrummy.melds import Meld, spread_before_layoffs
from ginrummy.phase import DISCARD, DRAW, LAYOFF, OVER, UPCARD_OFFER, Phase
from ginrummy.plurals import counted
from ginrummy.results.pricing import Outcome, price_knock
from ginrummy.results.round_result import RoundResult
from ginrummy.round_fields import RoundFields
from ginrummy.rules import AfterPass, Ruleset

__all__ = [
    "ACTION_RULES",
    "ACTION_RULES_BY_PHASE",
    "ActionRule",
    "Change",
    "illegal_message",
    "illegal_reason",
    "legal_actions",
    "showdown",
    "spread_reason",
]

PASS = PassUpcard()
TAKE: Final = TakeDiscard()
DRAW_STOCK: Final = DrawStock()
BIG_GIN = BigGin()
END = EndLayoffs()


Change: TypeAlias = "tuple[Action, Card | None]"
"""The log's record of a legal action (:meth:`ActionRule.changes` writes what it changes into
the round's draft): the action as logged (a knock with its melds filled in), and the card drawn
from the stock or taken from the pile (None for every other action). A plain pair: one is made
at every action (why not a named tuple: ``docs/design.md``, "The compiled build")."""


_PASSED: Final[Change] = (PASS, None)
_ENDED: Final[Change] = (END, None)


class ActionRule:
    """The rule of one kind of action (see the module docstring)."""

    kind: type[Action]
    """The action class this rule governs."""

    def reason(self, r: RoundFields, action: Any) -> str | None:
        """Why ``action`` is illegal in ``r`` for the player to act, or None when it is legal."""
        raise NotImplementedError  # pragma: no cover - every rule defines it

    def legal(self, r: RoundFields) -> tuple[Action, ...]:
        """The legal actions of this kind in ``r`` (none outside their phase)."""
        raise NotImplementedError  # pragma: no cover

    def changes(self, r: RoundFields, action: Any, player: int, new: RoundFields) -> Change:
        """Write what ``player``'s legal ``action`` changes in ``r`` into ``new``, a draft of
        ``r`` (:meth:`RoundFields._draft`), and say what the log records."""
        raise NotImplementedError  # pragma: no cover


class _Nullary(ActionRule):
    """A rule for an action without arguments: it is legal exactly when ``reason`` says so."""

    action: Action

    def legal(self, r: RoundFields) -> tuple[Action, ...]:
        return (self.action,) if self.reason(r, self.action) is None else ()


def _not_now(what: str, phase: Phase) -> str:
    """Why a draw, a discard, a knock or big gin is refused in ``phase``: what comes first, in
    words, then when it is done (``what`` says it: "a card is discarded only after you draw").
    """
    first = {
        UPCARD_OFFER: "take or pass the upcard first",
        DRAW: "draw first",
        DISCARD: "you have drawn this turn already",
        LAYOFF: "a knock has ended the play: lay off or end your layoffs",
    }.get(phase, "the round is over")
    return f"{first}; {what}"


class _PassUpcard(_Nullary):
    kind = PassUpcard
    action: Action = PASS

    def reason(self, r: RoundFields, action: Any) -> str | None:
        return None if r.phase is UPCARD_OFFER else "the upcard may only be passed on the first turn"

    def changes(self, r: RoundFields, action: Any, player: int, new: RoundFields) -> Change:
        new.to_act = 1 - player
        if player != 1 - r.dealer:  # the dealer passes too: the first draw
            new.phase = DRAW
            new.stock_only = r.rules.after_both_pass is AfterPass.STOCK_ONLY
        return _PASSED


class _TakeDiscard(_Nullary):
    kind = TakeDiscard
    action: Action = TAKE

    def reason(self, r: RoundFields, action: Any) -> str | None:
        phase = r.phase
        if phase is UPCARD_OFFER:
            return None
        if phase is not DRAW:
            return _not_now("a card is drawn only at the start of a turn", phase)
        if r.stock_only:
            return "after both players pass the upcard the non-dealer must draw from the stock"
        return None if r.discard_pile else "the discard pile is empty"

    def changes(self, r: RoundFields, action: Any, player: int, new: RoundFields) -> Change:
        card = r.discard_pile[-1]
        new.hands = _set(r.hands, player, _hand(r.hands[player].mask | card.mask))
        new.discard_pile = r.discard_pile[:-1]
        new.known = _set(r.known, player, _hand(r.known[player].mask | card.mask))
        new.phase = DISCARD
        new.taken = card
        new.stock_only = False
        return TAKE, card


class _DrawStock(_Nullary):
    kind = DrawStock
    action: Action = DRAW_STOCK

    def reason(self, r: RoundFields, action: Any) -> str | None:
        phase = r.phase
        if phase is not DRAW:
            if phase is UPCARD_OFFER:
                return "the upcard offer allows only taking or passing"
            return _not_now("a card is drawn only at the start of a turn", phase)
        return None if r.stock else "the stock is empty"

    def changes(self, r: RoundFields, action: Any, player: int, new: RoundFields) -> Change:
        card = r.stock[-1]
        new.hands = _set(r.hands, player, _hand(r.hands[player].mask | card.mask))
        new.stock = r.stock[:-1]
        new.phase = DISCARD
        new.taken = None
        new.stock_only = False
        return DRAW_STOCK, card


_SuitParts = list[list["tuple[Action, ...] | None"]]
_DISCARDS: Final[_SuitParts] = [[None] * 0x2000 for _ in range(4)]
"""Per suit, the discards of each suit mask seen, by mask (see :func:`_each`)."""
_KNOCKS: Final[_SuitParts] = [[None] * 0x2000 for _ in range(4)]
"""Per suit, the knocks of each suit mask seen, by mask."""


def _each(actions: Sequence[Action], parts: _SuitParts, mask: int) -> tuple[Action, ...]:
    """The actions of ``actions`` (one per card index) for the cards in ``mask``, by card
    index; each suit's part is built once per suit mask and then kept in ``parts`` (a pure
    function of the mask, so a warm cache changes no answer; a list indexed by the 13-bit
    mask is read faster than a dictionary)."""
    if not mask:
        return ()
    a, b, c, d = mask & 0x1FFF, mask >> 13 & 0x1FFF, mask >> 26 & 0x1FFF, mask >> 39
    first, second, third, fourth = parts[0][a], parts[1][b], parts[2][c], parts[3][d]
    if first is not None and second is not None and third is not None and fourth is not None:
        return first + second + third + fourth
    for suit, bits in enumerate((a, b, c, d)):
        parts[suit][bits] = tuple(actions[13 * suit + i] for i in range(13) if bits >> i & 1)
    return _each(actions, parts, mask)


def playable(r: RoundFields) -> int:
    """The cards the player to act may discard (or knock with), as a mask: its hand, less the
    card it took from the pile this turn unless ``may_discard_taken_card``."""
    assert r.to_act is not None
    hand = r.hands[r.to_act].mask
    taken = r.taken
    return hand if taken is None or r.rules.may_discard_taken_card else hand & ~taken.mask


def _card_reason(r: RoundFields, action: Discard | Knock) -> str | None:
    """Why the card of a discard or knock may not leave the hand now (None when it may)."""
    if r.phase is not DISCARD:
        what = (
            "you knock only after you draw"
            if isinstance(action, Knock)
            else "a card is discarded only after you draw"
        )
        return _not_now(what, r.phase)
    card = action.card
    if card.mask & playable(r):
        return None
    assert r.to_act is not None
    if not card.mask & r.hands[r.to_act].mask:
        return f"card {str(card)!r} is not in the hand"
    return f"card {str(card)!r} was taken from the discard pile this turn"


class _Discard(ActionRule):
    kind = Discard

    def reason(self, r: RoundFields, action: Any) -> str | None:
        return _card_reason(r, action)

    def legal(self, r: RoundFields) -> tuple[Action, ...]:
        return _each(DISCARD_ACTIONS, _DISCARDS, playable(r)) if r.phase is DISCARD else ()

    def changes(self, r: RoundFields, action: Any, player: int, new: RoundFields) -> Change:
        card = action.card
        turns = r.turns + 1
        rules = r.rules
        new.hands = _set(r.hands, player, _hand(r.hands[player].mask & ~card.mask))
        new.discard_pile = (*r.discard_pile, card)
        new.taken = None
        new.turns = turns
        new.phase = DRAW
        new.to_act = 1 - player
        if r.known[player].mask & card.mask:
            new.known = _set(r.known, player, _hand(r.known[player].mask & ~card.mask))
        if len(r.stock) <= rules.dead_hand_stock:
            _end(new, _DEAD_HAND)
        elif rules.max_turns is not None and turns >= rules.max_turns:
            _end(new, _VOID)
        return action, None


_DEAD_HAND: Final = RoundResult(outcome=Outcome.DEAD_HAND)
_VOID: Final = RoundResult(outcome=Outcome.VOID)


def _end(new: RoundFields, result: RoundResult) -> None:
    """End the round being drafted in ``new`` with ``result``."""
    new.phase = OVER
    new.to_act = None
    new.result = result


def knockable(r: RoundFields) -> int:
    """The cards the player to act may knock with, showing the library's spread, as a mask:
    playable cards whose discard leaves at most the knock limit (a single best-discard solve
    settles the many hands that cannot knock at all)."""
    limit = r.knock_limit
    assert r.to_act is not None
    hand = r.hands[r.to_act]
    if best_discard(hand, r.rules)[1] > limit:
        return 0
    rest = playable(r)
    result = 0
    for card, points in best_discards(hand, r.rules):
        if points > limit:
            break  # best first
        result |= card.mask & rest
    return result


def _deadwood_after(r: RoundFields, card: Card) -> int:
    """The deadwood the player to act keeps after discarding ``card``."""
    assert r.to_act is not None
    discards = best_discards(r.hands[r.to_act], r.rules)
    return next(points for held, points in discards if held.index == card.index)


def _limit_reason(left: int, limit: int) -> str:
    if limit == 0:
        return f"deadwood {left}: only gin may end this round (knock limit 0)"
    return f"deadwood {left} exceeds the knock limit {limit}"


class _Knock(ActionRule):
    kind = Knock

    def reason(self, r: RoundFields, action: Any) -> str | None:
        reason = _card_reason(r, action)
        if reason is not None:
            return reason
        card = action.card
        assert r.to_act is not None
        if action.melds is None:
            if card.mask & knockable(r):
                return None
            return _limit_reason(_deadwood_after(r, card), r.knock_limit)
        rest = r.hands[r.to_act].remove(card)
        reason = spread_reason(rest, action.melds, r.rules, need_all=False)
        if reason is not None:
            return reason
        left = _hand(rest.mask & ~_covered(action.melds)).points(r.rules.ace_points)
        limit = r.knock_limit
        return None if left <= limit else _limit_reason(left, limit)

    def legal(self, r: RoundFields) -> tuple[Action, ...]:
        return _each(KNOCK_ACTIONS, _KNOCKS, knockable(r)) if r.phase is DISCARD else ()

    def changes(self, r: RoundFields, action: Any, player: int, new: RoundFields) -> Change:
        return _knock(r, new, player, action.card, action.melds)


class _BigGin(_Nullary):
    kind = BigGin
    action: Action = BIG_GIN

    def reason(self, r: RoundFields, action: Any) -> str | None:
        if not r.rules.big_gin:  # what the rules forbid before when
            return f"these rules ({r.rules.name!r}) have no big gin"
        if r.phase is not DISCARD:
            return _not_now("big gin is declared only after you draw", r.phase)
        assert r.to_act is not None
        hand = r.hands[r.to_act]
        left = deadwood(hand, r.rules)
        if left:
            return f"big gin needs all 11 cards melded; deadwood is {left}"
        if action.melds is not None:
            return spread_reason(hand, action.melds, r.rules, need_all=True)
        return None

    def legal(self, r: RoundFields) -> tuple[Action, ...]:
        # rules without big gin (most) refuse it first (reason): say so without its message
        return super().legal(r) if r.rules.big_gin else ()

    def changes(self, r: RoundFields, action: Any, player: int, new: RoundFields) -> Change:
        return _knock(r, new, player, None, action.melds)


def _knock(
    r: RoundFields, new: RoundFields, player: int, card: Card | None, melds: tuple[Meld, ...] | None
) -> Change:
    """Write into ``new`` what ``player``'s knock with ``card`` (None: big gin) showing
    ``melds`` changes (None: the library's minimum-deadwood arrangement, chosen without looking
    at the opponent's cards); the round is settled at once when no layoffs follow."""
    hand = r.hands[player]
    rest = hand if card is None else hand.remove(card)
    if melds is None:
        melds = best_melds(rest, r.rules).melds
    logged: Action = BigGin(melds) if card is None else Knock(card, melds)
    new.hands = _set(r.hands, player, rest)
    new.taken = None
    new.turns = r.turns + 1
    new.knocker = player
    new.knock_card = card
    new.spread = melds
    if card is not None and r.known[player].mask & card.mask:
        new.known = _set(r.known, player, _hand(r.known[player].mask & ~card.mask))
    gin = not rest.mask & ~_covered(melds)
    if r.rules.layoffs and (not gin or r.rules.layoffs_after_gin):
        new.phase = LAYOFF
        new.to_act = 1 - player
    else:
        _end(new, showdown(new))
    return logged, None


def _fits(r: RoundFields, card_mask: int, meld: int) -> bool:
    """Whether the defender may lay the card ``card_mask`` onto spread meld ``meld`` now."""
    return r.spread[meld].accepts(DECK[card_mask.bit_length() - 1], r.rules)


_LAYOFFS_ONLY: Final = "layoffs are made only after a knock, by the player who did not knock"


class _LayOff(ActionRule):
    kind = LayOff

    def reason(self, r: RoundFields, action: Any) -> str | None:
        if r.phase is not LAYOFF:
            return _LAYOFFS_ONLY
        assert r.to_act is not None
        card = action.card
        if not card.mask & r.hands[r.to_act].mask:
            return f"card {str(card)!r} is not in the hand"
        if action.meld >= len(r.spread):
            return f"meld {action.meld} does not exist; the spread has {counted(len(r.spread), 'meld')}"
        if not _fits(r, card.mask, action.meld):
            return f"card {str(card)!r} does not fit meld {action.meld} ({r.spread[action.meld]})"
        return None

    def legal(self, r: RoundFields) -> tuple[Action, ...]:
        if r.phase is not LAYOFF:
            return ()
        assert r.to_act is not None
        return tuple(
            LayOff(card, meld)
            for card in r.hands[r.to_act]
            for meld in range(len(r.spread))
            if _fits(r, card.mask, meld)
        )

    def changes(self, r: RoundFields, action: Any, player: int, new: RoundFields) -> Change:
        card = action.card
        spread = list(r.spread)
        spread[action.meld] = spread[action.meld].extend(card, r.rules)
        new.hands = _set(r.hands, player, _hand(r.hands[player].mask & ~card.mask))
        new.known = _set(r.known, player, _hand(r.known[player].mask & ~card.mask))
        new.spread = tuple(spread)
        new.layoffs = (*r.layoffs, (card, action.meld))
        return action, None


class _EndLayoffs(_Nullary):
    kind = EndLayoffs
    action: Action = END

    def reason(self, r: RoundFields, action: Any) -> str | None:
        return None if r.phase is LAYOFF else _LAYOFFS_ONLY

    def changes(self, r: RoundFields, action: Any, player: int, new: RoundFields) -> Change:
        _end(new, showdown(r))
        return _ENDED


def showdown(r: RoundFields) -> RoundResult:
    """The result of ``r`` scored after a knock or big gin and any layoffs (docs/rules.rst
    §6): its facts, worked out under the round's melding rules, priced by
    :func:`~ginrummy.results.pricing.price_knock`. It reads the knocker, its knock card (None
    for big gin), the hands (the knocker's without a knock card, the defender's without the
    cards it laid off), the spread with the laid-off cards in it, and the layoffs.
    """
    knocker, hands, spread, layoffs, rules = r.knocker, r.hands, r.spread, r.layoffs, r.rules
    assert knocker is not None, "a showdown follows a knock"
    initial_upcard = r.initial_upcard
    defender = 1 - knocker
    shown = spread_before_layoffs(spread, layoffs)
    knocker_deadwood = _hand(hands[knocker].mask & ~_covered(shown)).points(rules.ace_points)
    defender_deadwood = deadwood(hands[defender], rules)
    laid = 0
    for card, _ in layoffs:
        laid |= card.mask
    before = deadwood(_hand(hands[defender].mask | laid), rules) if laid else defender_deadwood
    spade = initial_upcard.suit is Suit.SPADES
    price = price_knock(
        rules,
        knocker=knocker,
        knocker_deadwood=knocker_deadwood,
        defender_deadwood=defender_deadwood,
        deadwood_before_layoffs=before,
        layoffs=len(layoffs),
        big_gin=r.knock_card is None,
        spade_upcard=spade,
    )
    return RoundResult(
        outcome=price.outcome,
        winner=price.winner,
        points=price.points,
        knocker=knocker,
        deadwood=(knocker_deadwood, defender_deadwood)
        if knocker == 0
        else (defender_deadwood, knocker_deadwood),
        deadwood_before_layoffs=before,
        spread=shown,
        layoffs=layoffs,
        bonus=price.bonus,
        multiplier=price.multiplier,
        initial_upcard=initial_upcard,
    )


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


ACTION_RULES: Final[Mapping[type[Action], ActionRule]] = MappingProxyType(
    {
        rule.kind: rule
        for rule in (
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
)
"""The rule of each action class (read-only)."""

ACTION_RULES_BY_PHASE: Final[Mapping[Phase, tuple[ActionRule, ...]]] = MappingProxyType(
    {
        UPCARD_OFFER: (ACTION_RULES[TakeDiscard], ACTION_RULES[PassUpcard]),
        DRAW: (ACTION_RULES[DrawStock], ACTION_RULES[TakeDiscard]),
        DISCARD: (ACTION_RULES[Discard], ACTION_RULES[Knock], ACTION_RULES[BigGin]),
        LAYOFF: (ACTION_RULES[LayOff], ACTION_RULES[EndLayoffs]),
        OVER: (),
    }
)
"""The rules whose actions may be legal in each phase, in the order ``legal_actions`` lists
them: take or draw before pass; discards, knocks, big gin; layoffs, then the end of layoffs
(read-only)."""


_RULES_OF_PHASE: Final = {id(phase): rules for phase, rules in ACTION_RULES_BY_PHASE.items()}
""":data:`ACTION_RULES_BY_PHASE` by the phase's identity: an Enum member hashes in Python code."""


def legal_actions(r: RoundFields) -> tuple[Action, ...]:
    """Every legal action for the player to act in ``r``, in the order of
    :data:`ACTION_RULES_BY_PHASE` (see :meth:`ginrummy.Round.legal_actions`)."""
    of_phase = _RULES_OF_PHASE[id(r.phase)]
    if len(of_phase) == 2:  # (a tuple and an empty one make the first: no copy, the usual case)
        return of_phase[0].legal(r) + of_phase[1].legal(r)
    if of_phase:
        return of_phase[0].legal(r) + of_phase[1].legal(r) + of_phase[2].legal(r)
    return ()


def illegal_reason(r: RoundFields, action: Action, player: int | None) -> str | None:
    """Why ``action`` (from ``player``, when given: an action from the player not to act is
    refused as not their turn before anything about any hand is judged) is illegal in ``r``,
    in words; None when it is legal."""
    if r.to_act is None:
        return "the round is over"
    if player is not None and player != r.to_act:
        return f"it is player {r.to_act}'s turn, not player {player}'s"
    kind: type = type(action)  # any object is looked up: one that is no action has no rule
    rule = ACTION_RULES.get(kind)
    if rule is None:
        return "not an action"
    return rule.reason(r, action)


def illegal_message(r: RoundFields, action: Action, player: int | None, reason: str) -> str:
    """The message of an :class:`~ginrummy.IllegalActionError`: who (``player``, or the player
    to act) tried ``action``, in which phase, and why (``reason``)."""
    who = player if player is not None else r.to_act
    return (
        f"illegal action {action!r:.200} for "
        + ("nobody" if who is None else f"player {who}")
        + f" in phase {r.phase.name}: {reason}"
    )
