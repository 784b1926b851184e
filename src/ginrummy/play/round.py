"""One round as an immutable state machine, and what each player sees of it (docs/rules.rst §2-6).

A :class:`Round` is a value: :meth:`Round.apply` checks an action and returns a new round,
leaving the old one untouched; an illegal action raises :class:`~ginrummy.IllegalActionError`
saying who tried it, in which phase, and why. The rule of each action lives in
:mod:`ginrummy.play.action_rules`; the round applies what it changes.

A :class:`PlayerView` is what one player may know of a round; each hands out the other, so
they share this module (docs/design.md, "The round's record").

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard()).apply(gr.PassUpcard())
>>> r.phase, r.to_act, r.legal_actions()
(<Phase.DRAW: 'draw'>, 1, (DrawStock(),))
>>> print(r.illegal_reason(gr.TakeDiscard()))
after both players pass the upcard the non-dealer must draw from the stock
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ginrummy.actions import ACTION_TYPES, Action, EndLayoffs
from ginrummy.cards import DECK, Card, CardsLike, Hand
from ginrummy.compiler_hints import mypyc_attr, new_instance
from ginrummy.errors import GinRummyError, IllegalActionError, InvalidPositionError
from ginrummy.melds import Meld
from ginrummy.phase import Phase
from ginrummy.play import board_text
from ginrummy.play.action_rules import ACTION_RULES, illegal_message, illegal_reason, legal_actions
from ginrummy.play.events import Event, EventLog
from ginrummy.play.seen import (
    VIEW_FIELDS,
    ViewKept,
    kept_population,
    kept_records,
    known_cards,
    seen_values,
    unfollowed,
)
from ginrummy.play.setup import check_deal, check_position, dealt_fields, set_up
from ginrummy.results.round_result import RoundResult
from ginrummy.round_fields import RoundFields, _copy
from ginrummy.rules import Ruleset
from ginrummy.validators import check_player, flag_field, instance_field, int_field, player_field, tuple_field

if TYPE_CHECKING:  # the beliefs are imported where a view weighs or samples the hidden cards
    from typing_extensions import Self

    from ginrummy.beliefs.opponent_models import OpponentModel
    from ginrummy.beliefs.worlds import Record, World

__all__ = ["PlayerView", "Round"]


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # ginrummy.compiler_hints
class Round(RoundFields):
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

    __slots__ = ("_kept", "_log", "_origin")

    _log: EventLog | None
    """The log of the actions since the origin (None at the origin)."""
    _origin: Self | None
    """The round before any action (None for that round itself)."""
    _kept: list[Any]
    """The legal actions and the position key, once worked out (None until then): they never
    change, so they are worked out once."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise InvalidPositionError(
            "a Round is not built directly: use Round.deal or Round.from_position, then apply actions"
        )

    @classmethod
    def _at_origin_of(cls, fields: RoundFields) -> Self:
        """The round at ``fields``, checked, before any action (the factories' only way in)."""
        new: Self = new_instance(cls._draft_type)
        _copy(fields, new)
        new._log = new._origin = None
        new._kept = [None, None]
        result: Self = new._sealed()
        return result

    def _next(self, player: int, action: Action) -> Self:
        """This round after ``player``'s legal ``action``: one copy of its fields, which the
        action's rule changes, and the action's record added to the log."""
        new = self._draft()
        kind: type = type(action)  # typed so: the compiled build takes the action as an object
        logged, card = ACTION_RULES[kind].changes(self, action, player, new)
        log = self._log
        new._log = EventLog(log, (0 if log is None else log.size, player, logged, card))
        new._origin = self if self._origin is None else self._origin
        new._kept = [None, None]
        return new._sealed()

    # ------------------------------------------------------------------ construction

    @classmethod
    def deal(
        cls,
        rules: Ruleset,
        dealer: int = 0,
        seed: int | str | None = None,
        *,
        deck: Sequence[Card] | None = None,
    ) -> Self:
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
        return cls._at_origin_of(check_deal(rules, dealer, seed, deck))

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
        known: tuple[CardsLike, CardsLike] | None = None,
    ) -> Self:
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
        :param known: the cards each player is known to hold (taken from the pile earlier and
            still held; ``taken`` is added to the acting player's).
        :raises InvalidPositionError: naming what is inconsistent: a card missing or twice,
            hand sizes, pile sizes, the phase.
        """
        return cls._at_origin_of(
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
                known=known,
            )
        )

    # ------------------------------------------------------------------ accessors

    @property
    def events(self) -> tuple[Event, ...]:
        """The log of actions applied since :attr:`origin`."""
        log = self._log
        return () if log is None else log.events()

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions applied since :attr:`origin`, knocks with their melds filled in."""
        log = self._log
        return () if log is None else tuple(record[2] for record in log.items())

    @property
    def last_action(self) -> Action | None:
        """The last action applied (a knock with its melds filled in), or None at the origin."""
        log = self._log
        return None if log is None else log.item[2]

    @property
    def origin(self) -> Self | None:
        """The round as dealt or set up, before any action (None for that round itself): with
        :attr:`actions` it replays this round exactly."""
        return self._origin

    @property
    def at_origin(self) -> Self:
        """This round at its origin: :attr:`origin`, or this round itself before any action."""
        return self if self._origin is None else self._origin

    @property
    def start(self) -> Self:
        """Deprecated: the former name of :attr:`at_origin` (docs/design.md, "Names")."""
        warnings.warn("Round.start is deprecated: use Round.at_origin", DeprecationWarning, stacklevel=2)
        return self.at_origin

    def position_key(self) -> Hashable:
        """A hashable key of the position, however it was reached (see
        :meth:`~ginrummy.round_fields.RoundFields.position_key`), kept."""
        kept = self._kept
        key: Hashable | None = kept[1]
        if key is None:
            key = kept[1] = super().position_key()
        return key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self is other or (self.position_key() == other.position_key() and self.events == other.events)

    def __hash__(self) -> int:
        return hash(self.position_key())

    def replay(self, actions: Iterable[Action]) -> Self:
        """Apply ``actions`` in order.

        :raises IllegalActionError: naming the first illegal action and its position.
        """
        state = self
        for number, action in enumerate(actions):
            try:
                state = state.apply(action)
            except IllegalActionError as exc:
                raise IllegalActionError(f"action {number}: {exc}", round=exc.round) from None
        return state

    def undo(self) -> Self:
        """This round without its last action (replayed from :attr:`origin`).

        :raises IllegalActionError: when no action has been applied.
        """
        if self.origin is None:
            raise IllegalActionError("nothing to undo: no action has been applied to this round", round=self)
        return self.at_origin.replay(self.actions[:-1])

    def __repr__(self) -> str:
        return (
            f"<Round {self.rules.name} dealer={self.dealer} phase={self.phase.name} "
            f"to_act={self.to_act} stock={len(self.stock)} upcard={self.upcard}>"
        )

    def __str__(self) -> str:
        return board_text.round_picture(self)

    # ------------------------------------------------------------------ legality

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action for the player to act, in a fixed order: take or draw before
        pass; discards, then knocks, by card index; big gin; layoffs by card index then meld;
        the end of layoffs. Knocks are listed with ``melds=None`` (the library's spread)."""
        kept = self._kept
        legal: tuple[Action, ...] | None = kept[0]
        if legal is None:
            legal = kept[0] = legal_actions(self)
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
        return illegal_reason(self, action, None if player is None else check_player(player, "player"))

    # ------------------------------------------------------------------ transitions

    def apply(self, action: Action, player: int | None = None) -> Self:
        """The round after ``action``; this round is unchanged.

        :param player: who sends the action; when given, an action from the player not to act
            is refused as not their turn before anything about any hand is judged (a server
            passes the sender here, so that nobody learns about the other hand by probing).
        :raises IllegalActionError: saying who, in which phase and why (its ``notation``
            attribute holds the position, for bug reports).
        """
        kind: type = type(action)  # any object is looked up: one that is no action has no rule
        rule = ACTION_RULES.get(kind)
        acting = self.to_act
        if rule is not None and acting is not None and (player is None or player == acting):
            reason = rule.reason(self, action)
            if reason is None:
                return self._next(acting, action)
        reason = self.illegal_reason(action, player)
        assert reason is not None, "a legal action was refused"
        raise IllegalActionError(illegal_message(self, action, player, reason), round=self)

    def _replay_trusted(self, actions: Iterable[Action]) -> Self:
        """:meth:`replay` of actions known to be legal (the view of a possible round replayed
        in a world drawn for it), without judging them again."""
        state = self
        for action in actions:
            acting = state.to_act
            assert acting is not None, "a trusted replay goes on after the round is over"
            state = state._next(acting, action)
        return state

    @classmethod
    def _from_world(cls, rules: Ruleset, world: World, checked: bool) -> Round:
        """The round a sampled world describes: its origin, then its actions (judged again
        when ``checked``: the view it came from may be impossible)."""
        if world.deck is not None:
            origin = cls._at_origin_of(dealt_fields(rules, world.dealer, world.deck))
        else:
            assert world.position is not None
            origin = cls._at_origin_of(set_up(world.position))
        return origin.replay(world.actions) if checked else origin._replay_trusted(world.actions)

    # ------------------------------------------------------------------ notation

    def notation(self) -> str:
        """This position in one line (see :mod:`ginrummy.play.notation`): the ruleset, the
        dealer, the phase, the player to act, both hands, the stock in order, the pile and the
        flags a position needs. ``Round.from_notation(r.notation())`` has the same
        :meth:`position_key`; paste it into a test or a bug report.

        :raises GinRummyError: for a custom ruleset whose name is not a plain word.
        """
        from ginrummy.play.notation import write_notation  # the notation: imported on first use

        log = self._log
        return write_notation(self, None if log is None else log.item[1])

    @classmethod
    def from_notation(cls, text: str) -> Round:
        """The round at the position ``text`` writes (see :meth:`notation`): set up, then the
        knock, the layoffs or the last discard replayed when the position follows one.

        :raises ParseError: naming the field and the character where the text goes wrong, or
            the field of a position no round can be at.

        >>> import ginrummy as gr
        >>> r = gr.Round.from_notation(
        ...     "pagat | dealer 0 | draw | player 1"
        ...     " | hands Ac 2c 3c 4d 5d 6d 7h 8h 9h Ks / As 2s 3s 4s 5s 6s 7s 8s 9s Ts"
        ...     " | stock 2d 3d 4h 5h 6h 2h 3h Ah Ad 7c 8c 9c Tc Jc Qc Kc 7d 8d 9d Td"
        ...     " Jd Qd Kd Th Jh Qh Kh Js Qs 4c 5c | pile 6c | upcard 6c"
        ... )
        >>> r.phase, r.to_act, len(r.stock)
        (<Phase.DRAW: 'draw'>, 1, 31)
        """
        from ginrummy.play.notation import check_reached, notation_error, parse_notation, replayed

        parsed = parse_notation(text)
        position, actions = replayed(parsed)
        try:
            r = cls._at_origin_of(set_up(position))
            for action in actions:
                r = r.apply(action)
            if parsed.phase is Phase.OVER and r.phase is Phase.LAYOFF:
                r = r.apply(EndLayoffs())
        except GinRummyError as exc:
            raise notation_error(parsed, exc) from None
        check_reached(parsed, r)
        return r

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: see :class:`PlayerView`."""
        seer = check_player(player, "player")
        legal = self.legal_actions() if self.to_act == seer else ()
        # the round's own fields, censored: the checks of the view's public constructor hold
        # by construction (tests/io/test_documents.py loads every view of random rounds through
        # it, equal), so they are not run again
        return PlayerView._of(seen_values(self, seer, legal=legal, log=self._log, dealt=self.at_origin.dealt))


_VIEW = "view"
_ERROR = InvalidPositionError


@attrs.frozen(kw_only=True, slots=True, repr=False)
class PlayerView(ViewKept):
    """What one player may know about a round, and nothing else: every form a view can take
    (its attributes, a pickle, a copy) holds only cards its player may see.

    Get one with :meth:`Round.view`. The public constructor (for a front end's own data, and
    JSON) checks that the fields describe a position the player could be in: it draws a round
    with the view (:meth:`sample`) and compares every field, so the rules of play enforce it.

    :raises InvalidPositionError: naming the field that cannot be.

    >>> import ginrummy as gr
    >>> v = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(0)
    >>> v.is_my_turn, v.legal_actions, str(v.upcard), v.opponent_card_count, v.dealt
    (False, (), '9d', 10, True)
    """

    player: int = attrs.field(validator=player_field(_ERROR, _VIEW))
    """Whose view this is."""
    rules: Ruleset = attrs.field(validator=instance_field(Ruleset, _ERROR, _VIEW))
    """The ruleset."""
    dealer: int = attrs.field(validator=player_field(_ERROR, _VIEW))
    """The dealer."""
    phase: Phase = attrs.field(validator=instance_field(Phase, _ERROR, _VIEW))
    """The phase."""
    to_act: int | None = attrs.field(validator=player_field(_ERROR, _VIEW, optional=True))
    """Who acts next (None when the round is over)."""
    hand: Hand = attrs.field(validator=instance_field(Hand, _ERROR, _VIEW))
    """The player's own cards."""
    opponent_card_count: int = attrs.field(validator=int_field(_ERROR, _VIEW, low=0, high=11))
    """How many cards the opponent holds."""
    opponent_known: Hand = attrs.field(validator=instance_field(Hand, _ERROR, _VIEW))
    """The opponent's cards this player knows: taken from the pile and still held, or all."""
    opponent_hand: Hand | None = attrs.field(validator=instance_field(Hand, _ERROR, _VIEW, optional=True))
    """The opponent's whole hand once shown (from a knock on)."""
    discard_pile: tuple[Card, ...] = attrs.field(validator=tuple_field(Card, _ERROR, _VIEW))
    """The discard pile, bottom to top."""
    stock_size: int = attrs.field(validator=int_field(_ERROR, _VIEW, low=0, high=31))
    """How many cards the stock holds."""
    initial_upcard: Card = attrs.field(validator=instance_field(Card, _ERROR, _VIEW))
    """The card turned up at the deal."""
    knock_limit: int = attrs.field(validator=int_field(_ERROR, _VIEW, low=0, high=99))
    """The most deadwood a knock may leave this round."""
    taken: Card | None = attrs.field(validator=instance_field(Card, _ERROR, _VIEW, optional=True))
    """The card this player took from the pile this turn (it may not be discarded)."""
    legal_actions: tuple[Action, ...] = attrs.field(validator=tuple_field(ACTION_TYPES, _ERROR, _VIEW))
    """The legal actions when it is this player's turn, else ()."""
    knocker: int | None = attrs.field(validator=player_field(_ERROR, _VIEW, optional=True))
    """Who knocked, once someone has."""
    spread: tuple[Meld, ...] = attrs.field(validator=tuple_field(Meld, _ERROR, _VIEW))
    """The knocker's spread once shown (with laid-off cards)."""
    layoffs: tuple[tuple[Card, int], ...] = attrs.field(validator=tuple_field(tuple, _ERROR, _VIEW))
    """The layoffs so far."""
    knock_card: Card | None = attrs.field(validator=instance_field(Card, _ERROR, _VIEW, optional=True))
    """The face-down knock card: the knocker sees it, the opponent once the round is over."""
    result: RoundResult | None = attrs.field(
        validator=instance_field(RoundResult, _ERROR, _VIEW, optional=True)
    )
    """The result once the round is over."""
    events: tuple[Event, ...] = attrs.field(validator=tuple_field(Event, _ERROR, _VIEW))
    """The log, censored: the opponent's stock draws and hidden knock card are None."""
    turns: int = attrs.field(default=0, validator=int_field(_ERROR, _VIEW, low=0, high=1 << 62))
    """Completed turns (a turn ends with a discard or a knock)."""
    dealt: bool = attrs.field(default=True, validator=flag_field(_ERROR, _VIEW))
    """Whether the round began at the deal (:attr:`Round.dealt`; then judged against dealt rounds)."""

    def __attrs_post_init__(self) -> None:
        self._keep_nothing_yet()
        self._check_possible()

    def _check_possible(self) -> None:
        """A view is possible when some round has it: draw one and compare its view with this
        one, field by field. Every rule is enforced this way, since the round is replayed from
        its origin by the rules: the legal actions, the order of the events, the layoffs, the
        result's price."""
        from ginrummy.beliefs.worlds import draw_world

        try:
            world = draw_world(self, self.records, random.Random(0))
            seen = Round._from_world(self.rules, world, checked=True).view(self.player)
        except GinRummyError as exc:
            reason = str(exc).removeprefix("cannot sample this view: ")
            raise InvalidPositionError(f"invalid view: no round has it: {reason}", field=exc.field) from None
        for name in VIEW_FIELDS:
            if getattr(self, name) != getattr(seen, name):
                raise unfollowed(name, getattr(self, name), getattr(seen, name))

    @property
    def records(self) -> tuple[Record, ...]:
        """The censored log as plain ``(number, player, action, card)`` records: the
        :attr:`events` as the sampler, the beliefs and the learned features read them.

        >>> import ginrummy as gr
        >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard())
        >>> records = r.apply(gr.PassUpcard()).apply(gr.DrawStock()).view(0).records
        >>> records[0], records[2]
        ((0, 1, PassUpcard(), None), (2, 1, DrawStock(), None))
        """
        return kept_records(self._kept, self.events)

    @property
    def is_my_turn(self) -> bool:
        """Whether this player acts next."""
        return self.to_act == self.player

    @property
    def upcard(self) -> Card | None:
        """The top of the discard pile, or None."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def known_cards(self) -> Hand:
        """Every card whose place this player knows: its hand, the discard pile, the cards it
        knows the opponent holds, the spread and the knock card it may see."""
        return known_cards(self)

    def card_probabilities(self, model: str | OpponentModel | None = None) -> Mapping[Card, float]:
        """For every card this player cannot see, the probability that the opponent holds it,
        under ``model`` (a name of :data:`ginrummy.OPPONENT_MODELS`, a model, or None for
        uniform): each in [0, 1], adding up to the opponent's cards this player does not know
        (see :mod:`ginrummy.beliefs.particles`). It depends only on this view.

        :raises GinRummyError: for an unknown model.

        >>> import ginrummy as gr
        >>> v = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard()).view(0)
        >>> p = v.card_probabilities("reasonable")
        >>> round(sum(p.values()), 6), gr.Card("9d") in p
        (10.0, False)
        """
        from ginrummy.beliefs.opponent_models import find_model
        from ginrummy.beliefs.particles import uniform_probabilities

        chosen = find_model(model)
        if chosen.particles == 0:
            return uniform_probabilities(self)
        unseen = [card for card in DECK if not self.known_cards.mask & card.mask]
        return kept_population(self._kept, self, self.records, chosen).probabilities(unseen)

    def sample(self, rng: random.Random, model: str | OpponentModel | None = None) -> Round:
        """A whole round, history included, that this player could be in: its view is this
        view, and what the player cannot see is drawn from what fits the view: uniformly
        (``model`` None), or with the belief of ``model``, whose card frequencies are
        :meth:`card_probabilities` (see :mod:`ginrummy.beliefs.worlds`,
        :mod:`ginrummy.beliefs.particles`). It depends only on this view and ``rng``.

        :param rng: the random number generator to draw with.
        :param model: a name of :data:`ginrummy.OPPONENT_MODELS`, a model, or None.
        :raises InvalidPositionError: for an ``rng`` that is not a ``random.Random``.
        :raises GinRummyError: for an unknown model.

        >>> import random
        >>> import ginrummy as gr
        >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())
        >>> world = r.view(0).sample(random.Random(2))
        >>> world.view(0) == r.view(0), world.hand(1) == r.hand(1)
        (True, False)
        """
        if not isinstance(rng, random.Random):
            raise InvalidPositionError(f"invalid rng {rng!r:.80}: expected a random.Random")
        from ginrummy.beliefs.opponent_models import find_model
        from ginrummy.beliefs.worlds import draw_world

        chosen = find_model(model)
        if chosen.particles == 0:
            world = draw_world(self, self.records, rng)
        else:
            world = kept_population(self._kept, self, self.records, chosen).pick(rng)
        # every view that exists is possible (made in play, or checked when made): its actions
        # are legal in any world drawn for it, so they are replayed without judging them again
        return Round._from_world(self.rules, world, checked=False)

    def __repr__(self) -> str:
        return (
            f"<PlayerView player={self.player} {self.rules.name} phase={self.phase.name} "
            f"to_act={self.to_act} hand={str(self.hand)!r}>"
        )

    def __str__(self) -> str:
        return board_text.view_picture(self)
