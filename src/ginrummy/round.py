"""One round of Gin Rummy as an immutable state machine (RULES.md sections 2-6).

A :class:`Round` is a value: :meth:`Round.apply` checks an action and returns a new round,
leaving the old one untouched; an illegal action raises
:class:`~ginrummy.IllegalActionError` saying who tried it, in which phase, and why.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> r.phase, r.to_act, len(r.stock), str(r.upcard)
(<Phase.UPCARD_OFFER: 'upcard-offer'>, 1, 31, '9d')
>>> r = r.apply(gr.PassUpcard()).apply(gr.PassUpcard())
>>> r.phase, r.to_act, r.legal_actions()
(<Phase.DRAW: 'draw'>, 1, (DrawStock(),))
>>> try:
...     r.apply(gr.TakeDiscard())
... except gr.IllegalActionError as exc:
...     print(exc)
illegal action TakeDiscard() for player 1 in phase DRAW: after both players pass the upcard the
non-dealer must draw from the stock
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ginrummy.actions import (
    ACTION_TYPES,
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
from ginrummy.cards import DECK, FULL_MASK, Card, CardsLike, Hand, Suit, _hand, to_mask
from ginrummy.deadwood import best_discard, best_discards, best_melds, deadwood
from ginrummy.errors import IllegalActionError, InvalidHandError, InvalidPositionError, ParseError
from ginrummy.events import Event, Phase
from ginrummy.melds import Meld
from ginrummy.rules import AfterPass, Ruleset
from ginrummy.scoring import Outcome, RoundResult, price_round
from ginrummy.views import PlayerView, censor, view_of

__all__ = ["Round"]

HAND_SIZE = 10
"""Cards dealt to each player."""


@attrs.frozen(slots=False, repr=False)
class Round:
    """The state of one round: every card's place, whose turn, the phase and the log.

    Build one with :meth:`deal` or :meth:`from_position`; change it with :meth:`apply`.
    Piles are listed bottom to top: ``stock[-1]`` is the next card drawn and
    ``discard_pile[-1]`` the card a player may take.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> taken = r.apply(gr.TakeDiscard())
    >>> r.phase, taken.phase, taken.taken
    (<Phase.UPCARD_OFFER: 'upcard-offer'>, <Phase.DISCARD: 'discard'>, Card('9d'))
    >>> taken.undo() == r
    True
    """

    rules: Ruleset
    """The ruleset."""
    dealer: int
    """The dealer, 0 or 1; the other player acts first."""
    hands: tuple[Hand, Hand]
    """Each player's cards (the knocker's without its face-down knock card; the defender's
    without the cards it laid off)."""
    stock: tuple[Card, ...]
    """The stock, bottom to top."""
    discard_pile: tuple[Card, ...]
    """The discard pile, bottom to top."""
    initial_upcard: Card
    """The card turned up at the deal (it sets the Oklahoma knock limit)."""
    phase: Phase
    """The phase."""
    to_act: int | None
    """The player to act, or None when the round is over."""
    taken: Card | None = None
    """The card the player to act took from the pile this turn (it may not be discarded)."""
    stock_only: bool = False
    """The player to act must draw from the stock (both passed the upcard)."""
    known: tuple[Hand, Hand] = (Hand(), Hand())
    """The cards each player is known to hold: taken from the pile and not yet discarded."""
    turns: int = 0
    """Completed turns (a turn ends with a discard or a knock)."""
    knocker: int | None = None
    """The player who knocked or declared big gin."""
    knock_card: Card | None = None
    """The knocker's face-down discard (None for big gin)."""
    spread: tuple[Meld, ...] = ()
    """The knocker's melds in the order shown; laid-off cards join their meld."""
    layoffs: tuple[tuple[Card, int], ...] = ()
    """The defender's layoffs, ``(card, meld index)``, in the order laid."""
    result: RoundResult | None = None
    """The result once the round is over."""
    events: tuple[Event, ...] = ()
    """The log of actions applied."""
    deck: tuple[Card, ...] | None = None
    """The 52 cards as dealt, top first, for rounds made by :meth:`deal` (None otherwise)."""
    seen_events: tuple[tuple[Event, ...], tuple[Event, ...]] = attrs.field(
        default=((), ()), eq=False, repr=False
    )
    """The log as each player sees it while the round goes on (kept as the round advances, so
    that views cost no more than the events added)."""
    origin: Round | None = attrs.field(default=None, eq=False)
    """The round as dealt or set up, before any action (None for that round itself): with
    :attr:`actions` it replays this round exactly."""

    # ------------------------------------------------------------------ construction

    @classmethod
    def deal(
        cls,
        rules: Ruleset,
        dealer: int = 0,
        seed: int | str | None = None,
        *,
        deck: Sequence[Card] | None = None,
    ) -> Round:
        """Deal a new round: 10 cards each (one at a time, the non-dealer first), the next
        card face up as the initial upcard, the rest face down as the stock.

        :param rules: the ruleset.
        :param dealer: 0 or 1.
        :param seed: seeds the shuffle (``random.Random(seed).shuffle`` of :data:`DECK`).
        :param deck: instead of a shuffle, the 52 cards in dealing order, top first.
        :raises InvalidPositionError: for a bad dealer or a deck that is not the 52 cards.
        """
        _check_rules(rules)
        _check_player(dealer, "dealer")
        if deck is None:
            cards = list(DECK)
            random.Random(seed).shuffle(cards)
        else:
            if seed is not None:
                raise InvalidPositionError("give a seed or a deck, not both")
            try:
                mask = to_mask(deck, what="deck")
            except (InvalidHandError, ParseError) as exc:
                raise InvalidPositionError(str(exc)) from None
            cards = list(deck)
            if mask != FULL_MASK or len(cards) != 52:
                missing = Hand.from_mask(FULL_MASK & ~mask)
                raise InvalidPositionError(f"invalid deck: {len(cards)} cards, missing {str(missing)!r}")
        first = 1 - dealer
        hands = [0, 0]
        for i in range(2 * HAND_SIZE):
            hands[first if i % 2 == 0 else dealer] |= cards[i].mask
        upcard = cards[2 * HAND_SIZE]
        stock = tuple(reversed(cards[2 * HAND_SIZE + 1 :]))
        return cls(
            rules,
            dealer,
            (_hand(hands[0]), _hand(hands[1])),
            stock,
            (upcard,),
            upcard,
            Phase.UPCARD_OFFER,
            first,
            deck=tuple(cards),
        )

    @classmethod
    def from_position(
        cls,
        rules: Ruleset,
        *,
        dealer: int,
        hands: tuple[CardsLike, CardsLike],
        stock: Iterable[Card] | str,
        discard_pile: Iterable[Card] | str,
        initial_upcard: Card | str | None = None,
        phase: Phase = Phase.DRAW,
        to_act: int | None = None,
        taken: Card | str | None = None,
        stock_only: bool = False,
        turns: int = 0,
    ) -> Round:
        """A round at any consistent position before a knock.

        :param hands: the two hands (10 cards each, 11 for the player to act in DISCARD).
        :param stock: bottom to top; the last card is drawn next.
        :param discard_pile: bottom to top; the last card may be taken.
        :param initial_upcard: the card turned up at the deal; None means the bottom card of
            the discard pile.
        :param phase: UPCARD_OFFER, DRAW or DISCARD.
        :param to_act: the player to act (default: the non-dealer).
        :param taken: in DISCARD, the card the player took from the pile this turn.
        :param stock_only: in DRAW, the player must draw from the stock (both passed).
        :raises InvalidPositionError: naming what is inconsistent: a card missing or twice,
            hand sizes, pile sizes, the phase.
        """
        _check_rules(rules)
        _check_player(dealer, "dealer")
        if to_act is None:
            to_act = 1 - dealer
        _check_player(to_act, "to_act")
        if not isinstance(phase, Phase) or phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
            raise InvalidPositionError(
                f"invalid position: phase {phase!r} cannot be set up directly; use UPCARD_OFFER, DRAW "
                "or DISCARD and apply actions from there"
            )
        try:
            hand_masks = [to_mask(hands[0], what="hands[0]"), to_mask(hands[1], what="hands[1]")]
            stock_cards = _pile(stock, "stock")
            pile_cards = _pile(discard_pile, "discard_pile")
            places = {
                "hands[0]": hand_masks[0],
                "hands[1]": hand_masks[1],
                "stock": to_mask(stock_cards, what="stock"),
                "discard_pile": to_mask(pile_cards, what="discard_pile"),
            }
            upcard = Card.parse(initial_upcard) if isinstance(initial_upcard, str) else initial_upcard
            taken_card = Card.parse(taken) if isinstance(taken, str) else taken
        except (InvalidHandError, ParseError) as exc:
            raise InvalidPositionError(f"invalid position: {exc}") from None
        seen = 0
        for where, mask in places.items():
            if seen & mask:
                card = DECK[(seen & mask).bit_length() - 1]
                raise InvalidPositionError(f"invalid position: card {str(card)!r} appears twice ({where})")
            seen |= mask
        if seen != FULL_MASK:
            missing = Hand.from_mask(FULL_MASK & ~seen)
            raise InvalidPositionError(f"invalid position: cards missing: {str(missing)!r}")
        sizes = [len(_hand(m)) for m in hand_masks]
        expected = [HAND_SIZE, HAND_SIZE]
        if phase is Phase.DISCARD:
            expected[to_act] += 1
        if sizes != expected:
            raise InvalidPositionError(
                f"invalid position: hands hold {sizes[0]} and {sizes[1]} cards; phase {phase.name} "
                f"with player {to_act} to act needs {expected[0]} and {expected[1]}"
            )
        if upcard is None:
            if not pile_cards:
                raise InvalidPositionError("invalid position: no initial upcard and an empty discard pile")
            upcard = pile_cards[0]
        if not isinstance(upcard, Card):
            raise InvalidPositionError(f"invalid position: initial upcard {upcard!r} is not a card")
        if upcard in stock_cards:
            raise InvalidPositionError(
                f"invalid position: the initial upcard {str(upcard)!r} is in the stock, but it was "
                "turned face up at the deal"
            )
        if phase is Phase.UPCARD_OFFER:
            if pile_cards != (upcard,) or len(stock_cards) != 52 - 2 * HAND_SIZE - 1:
                raise InvalidPositionError(
                    "invalid position: the upcard offer needs the initial upcard alone on the discard "
                    f"pile and 31 cards in the stock (got pile {len(pile_cards)}, stock {len(stock_cards)})"
                )
            if to_act != 1 - dealer and to_act != dealer:  # pragma: no cover - checked above
                raise InvalidPositionError("invalid position: bad player to act")
        elif phase is Phase.DRAW:
            if not pile_cards and not stock_only:
                raise InvalidPositionError("invalid position: an empty discard pile in phase DRAW")
            if len(stock_cards) <= rules.dead_hand_stock:
                raise InvalidPositionError(
                    f"invalid position: a stock of {len(stock_cards)} cards in phase DRAW; the round is "
                    f"dead at {rules.dead_hand_stock}"
                )
        elif len(stock_cards) < rules.dead_hand_stock:
            raise InvalidPositionError(
                f"invalid position: a stock of {len(stock_cards)} cards in phase DISCARD is below the "
                f"dead-hand size {rules.dead_hand_stock}"
            )
        if taken_card is not None and (
            phase is not Phase.DISCARD or not hand_masks[to_act] & taken_card.mask
        ):
            raise InvalidPositionError(
                f"invalid position: taken card {str(taken_card)!r} must be in the hand of the player "
                "to act in phase DISCARD"
            )
        if stock_only and phase is not Phase.DRAW:
            raise InvalidPositionError("invalid position: stock_only applies only in phase DRAW")
        if stock_only and (pile_cards != (upcard,) or len(stock_cards) != 52 - 2 * HAND_SIZE - 1):
            raise InvalidPositionError(
                "invalid position: stock_only follows both players passing the upcard, so the pile "
                f"holds the upcard alone and the stock 31 cards (got pile {len(pile_cards)}, stock "
                f"{len(stock_cards)})"
            )
        if rules.max_turns is not None and turns >= rules.max_turns:
            raise InvalidPositionError(
                f"invalid position: {turns} turns played, but the round is void at max_turns "
                f"{rules.max_turns}"
            )
        if not isinstance(turns, int) or isinstance(turns, bool) or turns < 0:
            raise InvalidPositionError(
                f"invalid position: turns must be an integer of at least 0 (got {turns!r})"
            )
        known = [Hand(), Hand()]
        if taken_card is not None:
            known[to_act] = _hand(taken_card.mask)
        return cls(
            rules,
            dealer,
            (_hand(hand_masks[0]), _hand(hand_masks[1])),
            stock_cards,
            pile_cards,
            upcard,
            phase,
            to_act,
            taken=taken_card,
            stock_only=stock_only,
            known=(known[0], known[1]),
            turns=turns,
        )

    # ------------------------------------------------------------------ accessors

    def hand(self, player: int) -> Hand:
        """The cards ``player`` holds (omniscient: use :meth:`view` for what a player sees)."""
        _check_player(player, "player")
        return self.hands[player]

    @property
    def upcard(self) -> Card | None:
        """The top card of the discard pile, or None when the pile is empty."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def non_dealer(self) -> int:
        """The player who acts first."""
        return 1 - self.dealer

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase is Phase.OVER

    @property
    def knock_limit(self) -> int:
        """The most deadwood a knock may leave in this round: the ruleset's limit, or in
        Oklahoma the initial upcard's value (face cards 10; an ace 0 when
        ``oklahoma_ace_gin_only``, else 1)."""
        return self.rules.knock_limit_for(self.initial_upcard)

    @property
    def defender(self) -> int | None:
        """The player who did not knock, once someone has."""
        return None if self.knocker is None else 1 - self.knocker

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions applied since :attr:`origin`, knocks with their melds filled in."""
        return tuple(event.action for event in self.events if event.action is not None)

    @property
    def start(self) -> Round:
        """The round before any action: :attr:`origin`, or this round itself."""
        return self if self.origin is None else self.origin

    def replay(self, actions: Iterable[Action]) -> Round:
        """Apply ``actions`` in order.

        :raises IllegalActionError: naming the first illegal action and its position.
        """
        state = self
        for number, action in enumerate(actions):
            try:
                state = state.apply(action)
            except IllegalActionError as exc:
                raise IllegalActionError(f"action {number}: {exc}") from None
        return state

    def undo(self) -> Round:
        """This round without its last action (replayed from :attr:`origin`).

        :raises IllegalActionError: when no action has been applied.
        """
        if not self.events:
            raise IllegalActionError("nothing to undo: no action has been applied to this round")
        return self.start.replay(self.actions[:-1])

    def __repr__(self) -> str:
        return (
            f"<Round {self.rules.name} dealer={self.dealer} phase={self.phase.name} "
            f"to_act={self.to_act} stock={len(self.stock)} upcard={self.upcard}>"
        )

    # ------------------------------------------------------------------ legality

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action for the player to act, in a fixed order: take or draw before
        pass; discards, then knocks, by card index; big gin; layoffs by card index then meld;
        the end of layoffs. Knocks are listed with ``melds=None`` (the library's spread)."""
        cached: tuple[Action, ...] | None = self.__dict__.get("_legal")
        if cached is None:
            cached = self._compute_legal_actions()
            object.__setattr__(self, "_legal", cached)
        return cached

    def _compute_legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase is Phase.UPCARD_OFFER:
            return (TakeDiscard(), PassUpcard())
        if phase is Phase.DRAW:
            return (
                (DrawStock(),) if self.stock_only or not self.discard_pile else (DrawStock(), TakeDiscard())
            )
        if phase is Phase.DISCARD:
            assert self.to_act is not None
            hand = self.hands[self.to_act]
            rules = self.rules
            blocked = self.taken.mask if self.taken is not None and not rules.may_discard_taken_card else 0
            playable = hand.mask & ~blocked
            actions: list[Action] = []
            rest = playable
            while rest:
                low = rest & -rest
                actions.append(DISCARD_ACTIONS[low.bit_length() - 1])
                rest ^= low
            limit = self.knock_limit
            # most hands cannot knock at all: one best-discard solve settles that
            if best_discard(hand, rules)[1] <= limit:
                actions.extend(
                    KNOCK_ACTIONS[index]
                    for index in sorted(
                        card.index
                        for card, left in best_discards(hand, rules)
                        if left <= limit and card.mask & playable
                    )
                )
            if rules.big_gin and deadwood(hand, rules) == 0:
                actions.append(BigGin())
            return tuple(actions)
        if phase is Phase.LAYOFF:
            assert self.to_act is not None
            layoffs: list[Action] = [
                LayOff(card, index)
                for card in self.hands[self.to_act]
                for index, meld in enumerate(self.spread)
                if meld.accepts(card, self.rules)
            ]
            layoffs.append(EndLayoffs())
            return tuple(layoffs)
        return ()

    def is_legal(self, action: Action, player: int | None = None) -> bool:
        """Whether :meth:`apply` would accept ``action`` (from ``player``, when given)."""
        return self._turn_reason(player) is None and self._reason(action) is None

    def illegal_reason(self, action: Action, player: int | None = None) -> str | None:
        """Why ``action`` is illegal here, in words (None when it is legal): what a front end
        shows a player whose move was refused.

        :param player: who sends the action; when given, an action from the player not to act
            is refused as not their turn before anything about any hand is judged.

        >>> import ginrummy as gr
        >>> r = gr.Round.deal(gr.PAGAT, seed=7)
        >>> r.illegal_reason(gr.DrawStock())
        'the upcard offer allows only taking or passing'
        >>> r.illegal_reason(gr.PassUpcard(), player=0)
        "it is player 1's turn, not player 0's"
        """
        turn = self._turn_reason(player)
        return turn if turn is not None else self._reason(action)

    def _turn_reason(self, player: int | None) -> str | None:
        """Why ``player`` may not act now (None when it may, or when no player is named)."""
        if player is None:
            return None
        _check_player(player, "player")
        if self.to_act is None:
            return "the round is over"
        if player != self.to_act:
            return f"it is player {self.to_act}'s turn, not player {player}'s"
        return None

    def _reason(self, action: object) -> str | None:
        """Why ``action`` is illegal here, or None when it is legal."""
        if not isinstance(action, ACTION_TYPES):
            return "not an action"
        phase = self.phase
        if phase is Phase.OVER:
            return "the round is over"
        player = self.to_act
        assert player is not None
        hand = self.hands[player]
        if isinstance(action, PassUpcard):
            return None if phase is Phase.UPCARD_OFFER else "the upcard may only be passed on the first turn"
        if isinstance(action, TakeDiscard):
            if phase is Phase.UPCARD_OFFER:
                return None
            if phase is not Phase.DRAW:
                return "a card is drawn only in phase DRAW"
            if self.stock_only:
                return "after both players pass the upcard the non-dealer must draw from the stock"
            return None if self.discard_pile else "the discard pile is empty"
        if isinstance(action, DrawStock):
            if phase is not Phase.DRAW:
                return (
                    "the upcard offer allows only taking or passing"
                    if phase is Phase.UPCARD_OFFER
                    else ("a card is drawn only in phase DRAW")
                )
            return None if self.stock else "the stock is empty"
        if isinstance(action, (Discard, Knock)):
            if phase is not Phase.DISCARD:
                return "a card is discarded only in phase DISCARD, after drawing"
            card = action.card
            if card not in hand:
                return f"card {str(card)!r} is not in the hand"
            if card == self.taken and not self.rules.may_discard_taken_card:
                return f"card {str(card)!r} was taken from the discard pile this turn"
            if isinstance(action, Knock):
                return self._knock_reason(hand.remove(card), action.melds)
            return None
        if isinstance(action, BigGin):
            if phase is not Phase.DISCARD:
                return "big gin is declared only in phase DISCARD, after drawing"
            if not self.rules.big_gin:
                return f"the ruleset {self.rules.name!r} has no big gin"
            left = deadwood(hand, self.rules)
            if left:
                return f"big gin needs all 11 cards melded; deadwood is {left}"
            if action.melds is not None:
                return _spread_reason(hand, action.melds, self.rules, need_all=True)
            return None
        if phase is not Phase.LAYOFF:
            return "layoffs are made only in phase LAYOFF, after a knock"
        if isinstance(action, LayOff):
            if action.card not in hand:
                return f"card {str(action.card)!r} is not in the hand"
            if action.meld >= len(self.spread):
                return f"meld {action.meld} does not exist; the spread has {len(self.spread)} melds"
            meld = self.spread[action.meld]
            if not meld.accepts(action.card, self.rules):
                return f"card {str(action.card)!r} does not fit meld {action.meld} ({meld})"
            return None
        return None  # EndLayoffs

    def _knock_reason(self, rest: Hand, melds: tuple[Meld, ...] | None) -> str | None:
        limit = self.knock_limit
        if melds is None:
            left = deadwood(rest, self.rules)
        else:
            reason = _spread_reason(rest, melds, self.rules, need_all=False)
            if reason is not None:
                return reason
            covered = 0
            for meld in melds:
                covered |= meld.mask
            left = _hand(rest.mask & ~covered).points(self.rules.ace_points)
        if left > limit:
            if limit == 0:
                return f"deadwood {left}: only gin may end this round (knock limit 0)"
            return f"deadwood {left} exceeds the knock limit {limit}"
        return None

    # ------------------------------------------------------------------ transitions

    def apply(self, action: Action, player: int | None = None) -> Round:
        """The round after ``action``; this round is unchanged.

        :param player: who sends the action; when given, an action from the player not to act
            is refused as not their turn before anything about any hand is judged (a server
            passes the sender here, so that nobody learns about the other hand by probing).
        :raises IllegalActionError: saying who, in which phase and why.
        """
        turn = self._turn_reason(player)
        if turn is not None:
            raise IllegalActionError(
                f"illegal action {action!r} for player {player} in phase {self.phase.name}: {turn}"
            )
        reason = self._reason(action)
        if reason is not None:
            who = "nobody" if self.to_act is None else f"player {self.to_act}"
            raise IllegalActionError(
                f"illegal action {action!r} for {who} in phase {self.phase.name}: {reason}"
            )
        return self._apply(action)

    def _replace(self, **changes: Any) -> Round:
        new = object.__new__(Round)
        state = dict(self.__dict__)
        state.pop("_legal", None)
        if self.origin is None:
            state["origin"] = self
        state.update(changes)
        new.__dict__.update(state)
        return new

    def _event(self, player: int, action: Action, card: Card | None = None) -> dict[str, Any]:
        """The changes that log ``action``: the event, and its censored form for each view."""
        event = Event(len(self.events), player, action, card)
        seen = self.seen_events
        return {
            "events": (*self.events, event),
            "seen_events": (
                (*seen[0], censor(event, 0, knock_visible=False)),
                (*seen[1], censor(event, 1, knock_visible=False)),
            ),
        }

    def _apply(self, action: Action) -> Round:
        player = self.to_act
        assert player is not None
        other = 1 - player
        if isinstance(action, PassUpcard):
            if player == self.non_dealer:
                return self._replace(to_act=other, **self._event(player, action))
            return self._replace(
                phase=Phase.DRAW,
                to_act=other,
                stock_only=self.rules.after_both_pass is AfterPass.STOCK_ONLY,
                **self._event(player, action),
            )
        if isinstance(action, TakeDiscard):
            card = self.discard_pile[-1]
            return self._replace(
                hands=_set(self.hands, player, _hand(self.hands[player].mask | card.mask)),
                discard_pile=self.discard_pile[:-1],
                known=_set(self.known, player, _hand(self.known[player].mask | card.mask)),
                phase=Phase.DISCARD,
                taken=card,
                stock_only=False,
                **self._event(player, action, card),
            )
        if isinstance(action, DrawStock):
            card = self.stock[-1]
            return self._replace(
                hands=_set(self.hands, player, _hand(self.hands[player].mask | card.mask)),
                stock=self.stock[:-1],
                phase=Phase.DISCARD,
                taken=None,
                stock_only=False,
                **self._event(player, action, card),
            )
        if isinstance(action, Discard):
            card = action.card
            turns = self.turns + 1
            changes: dict[str, Any] = dict(
                hands=_set(self.hands, player, _hand(self.hands[player].mask & ~card.mask)),
                discard_pile=(*self.discard_pile, card),
                known=_set(self.known, player, _hand(self.known[player].mask & ~card.mask)),
                taken=None,
                turns=turns,
                **self._event(player, action),
            )
            if len(self.stock) <= self.rules.dead_hand_stock:
                return self._replace(
                    **changes, phase=Phase.OVER, to_act=None, result=RoundResult(outcome=Outcome.DEAD_HAND)
                )
            if self.rules.max_turns is not None and turns >= self.rules.max_turns:
                return self._replace(
                    **changes, phase=Phase.OVER, to_act=None, result=RoundResult(outcome=Outcome.VOID)
                )
            return self._replace(**changes, phase=Phase.DRAW, to_act=other)
        if isinstance(action, (Knock, BigGin)):
            hand = self.hands[player]
            knock_card = action.card if isinstance(action, Knock) else None
            rest = hand if knock_card is None else hand.remove(knock_card)
            melds = action.melds if action.melds is not None else best_melds(rest, self.rules).melds
            resolved: Action = Knock(knock_card, melds) if knock_card is not None else BigGin(melds)
            covered = 0
            for meld in melds:
                covered |= meld.mask
            gin = not rest.mask & ~covered
            known = self.known[player]
            state = self._replace(
                hands=_set(self.hands, player, rest),
                known=_set(self.known, player, _hand(known.mask & ~(knock_card.mask if knock_card else 0))),
                taken=None,
                turns=self.turns + 1,
                knocker=player,
                knock_card=knock_card,
                spread=melds,
                **self._event(player, resolved),
            )
            layoffs_allowed = self.rules.layoffs and (not gin or self.rules.layoffs_after_gin)
            if layoffs_allowed:
                return state._replace(phase=Phase.LAYOFF, to_act=other)
            return state._finish()
        if isinstance(action, LayOff):
            card = action.card
            spread = list(self.spread)
            spread[action.meld] = spread[action.meld].extend(card, self.rules)
            return self._replace(
                hands=_set(self.hands, player, _hand(self.hands[player].mask & ~card.mask)),
                known=_set(self.known, player, _hand(self.known[player].mask & ~card.mask)),
                spread=tuple(spread),
                layoffs=(*self.layoffs, (card, action.meld)),
                **self._event(player, action),
            )
        # EndLayoffs
        return self._replace(**self._event(player, action))._finish()

    def _original_spread(self) -> tuple[Meld, ...]:
        """The spread as the knocker showed it, before layoffs."""
        laid: dict[int, int] = {}
        for card, index in self.layoffs:
            laid[index] = laid.get(index, 0) | card.mask
        return tuple(
            Meld._trusted(meld.mask & ~laid.get(i, 0), meld.kind) for i, meld in enumerate(self.spread)
        )

    def _finish(self) -> Round:
        """Score the round after a knock or big gin (and any layoffs)."""
        knocker = self.knocker
        assert knocker is not None
        defender = 1 - knocker
        spread = self._original_spread()
        covered = 0
        for meld in spread:
            covered |= meld.mask
        knocker_deadwood = _hand(self.hands[knocker].mask & ~covered).points(self.rules.ace_points)
        defender_deadwood = deadwood(self.hands[defender], self.rules)
        big_gin = self.knock_card is None
        dw = (knocker_deadwood, defender_deadwood) if knocker == 0 else (defender_deadwood, knocker_deadwood)
        if (
            knocker_deadwood == 0
            and self.layoffs
            and defender_deadwood == 0
            and self.rules.void_if_gin_matched
        ):
            result = RoundResult(
                outcome=Outcome.VOID, knocker=knocker, deadwood=dw, spread=spread, layoffs=self.layoffs
            )
        else:
            spade = self.initial_upcard.suit is Suit.SPADES
            outcome, winner, points = price_round(
                self.rules,
                knocker=knocker,
                knocker_deadwood=knocker_deadwood,
                defender_deadwood=defender_deadwood,
                big_gin=big_gin,
                spade_upcard=spade,
            )
            result = RoundResult(
                outcome=outcome,
                winner=winner,
                points=points,
                knocker=knocker,
                deadwood=dw,
                spread=spread,
                layoffs=self.layoffs,
                multiplier=self.rules.spade_multiplier if spade else 1,
            )
        return self._replace(phase=Phase.OVER, to_act=None, result=result)

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: see :class:`~ginrummy.PlayerView`."""
        _check_player(player, "player")
        return view_of(self, player)


def _pile(cards: Iterable[Card] | str, what: str) -> tuple[Card, ...]:
    """A pile in the order given (text keeps its order too), each card once."""
    pile = (
        tuple(Card.parse(token) for token in cards.replace(",", " ").split())
        if isinstance(cards, str)
        else tuple(cards)
    )
    to_mask(pile, what=what)
    return pile


def _set(pair: tuple[Hand, Hand], index: int, value: Hand) -> tuple[Hand, Hand]:
    return (value, pair[1]) if index == 0 else (pair[0], value)


def _check_player(value: object, name: str) -> None:
    if value not in (0, 1) or isinstance(value, bool):
        raise InvalidPositionError(f"invalid {name} {value!r}: must be 0 or 1")


def _check_rules(rules: object) -> None:
    if not isinstance(rules, Ruleset):
        raise InvalidPositionError(f"invalid rules {rules!r}: expected a Ruleset")


def _spread_reason(cards: Hand, melds: tuple[Meld, ...], rules: Ruleset, *, need_all: bool) -> str | None:
    """Why ``melds`` is not a valid spread of ``cards`` (None when it is)."""
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
