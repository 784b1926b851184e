"""One round of Gin Rummy as an immutable state machine (RULES.md sections 2-6).

A :class:`Round` is a value: :meth:`Round.apply` checks an action and returns a new round,
leaving the old one untouched; an illegal action raises
:class:`~ginrummy.IllegalActionError` saying who tried it, in which phase, and why. The rule
of each action lives in :mod:`ginrummy.play.action_rules`.

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
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, NoReturn

import attrs

from ginrummy.actions import Action
from ginrummy.cards import DECK, FULL_MASK, Card, CardsLike, Hand, _hand, to_mask
from ginrummy.errors import GinRummyError, IllegalActionError, InvalidPositionError
from ginrummy.melds import Meld
from ginrummy.phase import Phase
from ginrummy.play.action_rules import MOVES, MOVES_BY_PHASE
from ginrummy.play.board_text import round_picture
from ginrummy.play.events import Event, EventLog
from ginrummy.play.player_view import PlayerView, view_of
from ginrummy.play.setup import HAND_SIZE, check_player, check_position, check_rules
from ginrummy.results.round_result import RoundResult
from ginrummy.rules import Ruleset

__all__ = ["Round"]

_NO_HANDS = (Hand(), Hand())


class Round:
    """The state of one round: every card's place, whose turn, the phase and the log.

    Build one with :meth:`deal` or :meth:`from_position`; change it with :meth:`apply`
    (``Round(...)`` itself is refused, so no round can be built impossible). Piles are listed
    bottom to top: ``stock[-1]`` is the next card drawn and ``discard_pile[-1]`` the card a
    player may take.

    **Equality.** Two rounds are equal when they are at the same position
    (:meth:`position_key`) with the same log of events: the same round made by :meth:`deal`
    and by :meth:`from_position` before any action is equal; the same cards reached by
    different histories are not (their views differ), though their position keys are equal.

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
    taken: Card | None
    """The card the player to act took from the pile this turn (it may not be discarded)."""
    stock_only: bool
    """The player to act must draw from the stock (both passed the upcard)."""
    known: tuple[Hand, Hand]
    """The cards each player is known to hold: taken from the pile and not yet discarded."""
    turns: int
    """Completed turns (a turn ends with a discard or a knock)."""
    knocker: int | None
    """The player who knocked or declared big gin."""
    knock_card: Card | None
    """The knocker's face-down discard (None for big gin)."""
    spread: tuple[Meld, ...]
    """The knocker's melds in the order shown; laid-off cards join their meld."""
    layoffs: tuple[tuple[Card, int], ...]
    """The defender's layoffs, ``(card, meld index)``, in the order laid."""
    result: RoundResult | None
    """The result once the round is over."""
    deck: tuple[Card, ...] | None
    """The 52 cards as dealt, top first, for rounds made by :meth:`deal` (None otherwise)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise InvalidPositionError(
            "a Round is not built directly: use Round.deal or Round.from_position, then apply actions"
        )

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> NoReturn:
        raise attrs.exceptions.FrozenInstanceError()

    @classmethod
    def _make(cls, fields: dict[str, Any]) -> Round:
        """A round from checked fields (the factories' only way in)."""
        state = {
            "taken": None,
            "stock_only": False,
            "known": _NO_HANDS,
            "turns": 0,
            "knocker": None,
            "knock_card": None,
            "spread": (),
            "layoffs": (),
            "result": None,
            "deck": None,
            **fields,
            "_knock_limit": fields["rules"].knock_limit_for(fields["initial_upcard"]),
            "_log": None,
            "_origin": None,
            "_legal": None,
            "_after": None,
            "_key": None,
        }
        new = object.__new__(cls)
        object.__setattr__(new, "__dict__", state)
        return new

    def _with(self, changes: dict[str, Any]) -> Round:
        """This round with ``changes`` (no event): one copy of the state."""
        state = {**self.__dict__, **changes, "_legal": None, "_after": None, "_key": None}
        if self.__dict__["_origin"] is None:
            state["_origin"] = self
        new = object.__new__(Round)
        object.__setattr__(new, "__dict__", state)
        return new

    def _next(self, player: int, action: Action, card: Card | None, changes: dict[str, Any]) -> Round:
        """This round after ``player``'s ``action`` (``card``: the card drawn or taken), with
        ``changes`` and the action's event added to the log."""
        log: EventLog | None = self.__dict__["_log"]
        changes["_log"] = EventLog(log, (0 if log is None else log.size, player, action, card))
        return self._with(changes)

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
        :param seed: seeds the shuffle (``random.Random(seed).shuffle`` of :data:`DECK`): an
            integer or a string.
        :param deck: instead of a shuffle, the 52 cards in dealing order, top first.
        :raises InvalidPositionError: for a bad ruleset, dealer, seed, or a deck that is not
            the 52 cards.
        """
        check_rules(rules)
        check_player(dealer, "dealer")
        if deck is None:
            cards = list(DECK)
            random.Random(check_seed(seed)).shuffle(cards)
        else:
            if seed is not None:
                raise InvalidPositionError("give a seed or a deck, not both")
            if isinstance(deck, (str, bytes)) or not isinstance(deck, Iterable):
                raise InvalidPositionError(f"invalid deck {deck!r:.80}: expected 52 cards")
            cards = list(deck)
            try:
                mask = to_mask(cards, what="deck")
            except GinRummyError as exc:
                raise InvalidPositionError(str(exc)) from None
            if mask != FULL_MASK or len(cards) != 52:
                missing = Hand.from_mask(FULL_MASK & ~mask)
                raise InvalidPositionError(f"invalid deck: {len(cards)} cards, missing {str(missing)!r}")
        return cls._dealt(rules, dealer, cards)

    @classmethod
    def _dealt(cls, rules: Ruleset, dealer: int, cards: list[Card]) -> Round:
        """:meth:`deal` from a deck known to be the 52 cards (the sampler builds one)."""
        first = 1 - dealer
        hands = [0, 0]
        for i in range(2 * HAND_SIZE):
            hands[first if i % 2 == 0 else dealer] |= cards[i].mask
        upcard = cards[2 * HAND_SIZE]
        return cls._make(
            {
                "rules": rules,
                "dealer": dealer,
                "hands": (_hand(hands[0]), _hand(hands[1])),
                "stock": tuple(reversed(cards[2 * HAND_SIZE + 1 :])),
                "discard_pile": (upcard,),
                "initial_upcard": upcard,
                "phase": Phase.UPCARD_OFFER,
                "to_act": first,
                "deck": tuple(cards),
            }
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
        """A round at any consistent position before a knock (see :mod:`ginrummy.play.setup`).

        :param hands: the two hands (10 cards each, 11 for the player to act in DISCARD).
        :param stock: bottom to top; the last card is drawn next.
        :param discard_pile: bottom to top; the last card may be taken.
        :param initial_upcard: the card turned up at the deal; None means the bottom card of
            the discard pile.
        :param phase: UPCARD_OFFER, DRAW or DISCARD.
        :param to_act: the player to act (default: the non-dealer).
        :param taken: in DISCARD, the card the player took from the pile this turn.
        :param stock_only: in DRAW, the non-dealer must draw from the stock (both passed).
        :param turns: the turns already played (it matters with ``max_turns``).
        :raises InvalidPositionError: naming what is inconsistent: a card missing or twice,
            hand sizes, pile sizes, the phase.
        """
        return cls._make(
            check_position(
                rules,
                dealer=dealer,
                hands=hands,
                stock=stock,
                discard_pile=discard_pile,
                initial_upcard=initial_upcard,
                phase=phase,
                to_act=to_act,
                taken=taken,
                stock_only=stock_only,
                turns=turns,
            )
        )

    # ------------------------------------------------------------------ accessors

    def hand(self, player: int) -> Hand:
        """The cards ``player`` holds (omniscient: use :meth:`view` for what a player sees)."""
        return self.hands[check_player(player, "player")]

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
        """The most deadwood a knock may leave in this round (see
        :meth:`ginrummy.Ruleset.knock_limit_for`)."""
        limit: int = self.__dict__["_knock_limit"]  # fixed at the deal: the initial upcard sets it
        return limit

    @property
    def defender(self) -> int | None:
        """The player who did not knock, once someone has."""
        return None if self.knocker is None else 1 - self.knocker

    @property
    def events(self) -> tuple[Event, ...]:
        """The log of actions applied since :attr:`origin`."""
        log: EventLog | None = self.__dict__["_log"]
        return () if log is None else log.events()

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions applied since :attr:`origin`, knocks with their melds filled in."""
        return tuple(event.action for event in self.events if event.action is not None)

    @property
    def origin(self) -> Round | None:
        """The round as dealt or set up, before any action (None for that round itself): with
        :attr:`actions` it replays this round exactly."""
        origin: Round | None = self.__dict__["_origin"]
        return origin

    @property
    def start(self) -> Round:
        """The round before any action: :attr:`origin`, or this round itself."""
        origin = self.origin
        return self if origin is None else origin

    def position_key(self) -> Hashable:
        """A hashable key of the position, however it was reached: the ruleset, the dealer,
        every card's place (pile orders included), the phase, whose turn, the card taken this
        turn, the stock-only rule, the cards each player is known to hold, the knock, spread,
        layoffs and result, and the turns played when ``max_turns`` makes them matter.

        >>> import ginrummy as gr
        >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
        >>> r = r.apply(gr.PassUpcard()).apply(gr.PassUpcard())
        >>> same = gr.Round.from_position(
        ...     gr.PAGAT, dealer=0, hands=(r.hand(0), r.hand(1)), stock=r.stock,
        ...     discard_pile=r.discard_pile, to_act=1, stock_only=True,
        ... )
        >>> same.position_key() == r.position_key(), same == r
        (True, False)
        """
        key: Hashable | None = self.__dict__["_key"]
        if key is None:
            key = (
                self.rules,
                self.dealer,
                self.phase,
                self.to_act,
                self.hands[0].mask,
                self.hands[1].mask,
                self.stock,
                self.discard_pile,
                self.initial_upcard,
                self.taken,
                self.stock_only,
                self.known[0].mask,
                self.known[1].mask,
                self.knocker,
                self.knock_card,
                self.spread,
                self.layoffs,
                self.result,
                self.turns if self.rules.max_turns is not None else None,
            )
            self.__dict__["_key"] = key
        return key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self is other or (self.position_key() == other.position_key() and self.events == other.events)

    def __hash__(self) -> int:
        return hash(self.position_key())

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

    def _replay_trusted(self, actions: Iterable[Action]) -> Round:
        """:meth:`replay` of actions known to be legal (the view of a possible round replayed
        in a world drawn for it), without judging them again."""
        state = self
        for action in actions:
            acting = state.to_act
            assert acting is not None, "a trusted replay goes on after the round is over"
            state = MOVES[type(action)].effect(state, action, acting)
        return state

    def undo(self) -> Round:
        """This round without its last action (replayed from :attr:`origin`).

        :raises IllegalActionError: when no action has been applied.
        """
        if self.origin is None:
            raise IllegalActionError("nothing to undo: no action has been applied to this round")
        return self.start.replay(self.actions[:-1])

    def __repr__(self) -> str:
        return (
            f"<Round {self.rules.name} dealer={self.dealer} phase={self.phase.name} "
            f"to_act={self.to_act} stock={len(self.stock)} upcard={self.upcard}>"
        )

    def __str__(self) -> str:
        return round_picture(self)

    # ------------------------------------------------------------------ legality

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action for the player to act, in a fixed order: take or draw before
        pass; discards, then knocks, by card index; big gin; layoffs by card index then meld;
        the end of layoffs. Knocks are listed with ``melds=None`` (the library's spread)."""
        legal: tuple[Action, ...] | None = self.__dict__["_legal"]
        if legal is None:
            moves = MOVES_BY_PHASE[self.phase]
            if len(moves) == 2:
                legal = (*moves[0].legal(self), *moves[1].legal(self))
            elif moves:
                legal = (*moves[0].legal(self), *moves[1].legal(self), *moves[2].legal(self))
            else:
                legal = ()
            self.__dict__["_legal"] = legal
        return legal

    def is_legal(self, action: Action, player: int | None = None) -> bool:
        """Whether :meth:`apply` would accept ``action`` (from ``player``, when given)."""
        return self.illegal_reason(action, player) is None

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
        if player is not None:
            check_player(player, "player")
        if self.to_act is None:
            return "the round is over"
        if player is not None and player != self.to_act:
            return f"it is player {self.to_act}'s turn, not player {player}'s"
        move = MOVES.get(type(action))
        if move is None:
            return "not an action"
        return move.reason(self, action)

    # ------------------------------------------------------------------ transitions

    def apply(self, action: Action, player: int | None = None) -> Round:
        """The round after ``action``; this round is unchanged.

        :param player: who sends the action; when given, an action from the player not to act
            is refused as not their turn before anything about any hand is judged (a server
            passes the sender here, so that nobody learns about the other hand by probing).
        :raises IllegalActionError: saying who, in which phase and why.
        """
        move = MOVES.get(type(action))
        acting = self.to_act
        if move is not None and acting is not None and (player is None or player == acting):
            reason = move.reason(self, action)
            if reason is None:
                return move.effect(self, action, acting)
        reason = self.illegal_reason(action, player)
        if reason is not None:
            who = player if player is not None else self.to_act
            raise IllegalActionError(
                f"illegal action {action!r} for "
                + ("nobody" if who is None else f"player {who}")
                + f" in phase {self.phase.name}: {reason}"
            )
        raise AssertionError("unreachable: a legal action was refused")  # pragma: no cover

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: see :class:`~ginrummy.PlayerView`."""
        return view_of(self, check_player(player, "player"))


def check_seed(seed: object) -> int | str | None:
    """A shuffle seed: None, or an integer or a string of at most 4096 bits or characters (no
    other value seeds a shuffle the same way on every Python).

    :raises InvalidPositionError: naming the seed and the reason.
    """
    if seed is None:
        return None
    return check_given_seed(seed)


def check_given_seed(seed: object) -> int | str:
    """:func:`check_seed` where None is no seed (a game's record, a seed already chosen)."""
    if isinstance(seed, str):
        if len(seed) > 4096:
            raise InvalidPositionError(f"invalid seed: a string of {len(seed)} characters (at most 4096)")
        return seed
    if isinstance(seed, int) and not isinstance(seed, bool):
        if seed.bit_length() > 4096:
            raise InvalidPositionError(f"invalid seed: an integer of {seed.bit_length()} bits (at most 4096)")
        return seed
    raise InvalidPositionError(f"invalid seed {seed!r:.80}: must be an integer or a string")
