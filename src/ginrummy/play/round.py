"""One round as an immutable state machine, and what each player sees of it (RULES.md 2-6).

A :class:`Round` is a value: :meth:`Round.apply` checks an action and returns a new round,
leaving the old one untouched; an illegal action raises :class:`~ginrummy.IllegalActionError`
saying who tried it, in which phase, and why. The rule of each action lives in
:mod:`ginrummy.play.action_rules`; the round applies what it changes.

A :class:`PlayerView` is what one player may know of a round. The two share this module
because each hands out the other (:meth:`Round.view`, :meth:`PlayerView.sample`).

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
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from ginrummy.actions import ACTION_TYPES, Action, EndLayoffs
from ginrummy.beliefs.opponent_models import OpponentModel, find_model
from ginrummy.beliefs.particles import Population, population, uniform_probabilities
from ginrummy.beliefs.worlds import World, draw_world
from ginrummy.cards import DECK, Card, Hand
from ginrummy.errors import GinRummyError, InvalidPositionError, ParseError
from ginrummy.melds import Meld
from ginrummy.phase import Phase
from ginrummy.play import board_text
from ginrummy.play.events import Event, EventLog, censor, censored_records
from ginrummy.play.notation import parse_notation, replayed, write_notation
from ginrummy.play.round_state import RoundState
from ginrummy.results.round_result import RoundResult
from ginrummy.rules import Ruleset
from ginrummy.validators import check_player, flag_field, instance_field, int_field, player_field, tuple_field

__all__ = ["PlayerView", "Round"]


class Round(RoundState):
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

    @classmethod
    def _from_world(cls, rules: Ruleset, world: World, checked: bool) -> Round:
        """The round a sampled world describes: its origin, then its actions (judged again
        when ``checked``: the view it came from may be impossible)."""
        if world.deck is not None:
            start = cls._dealt(rules, world.dealer, world.deck)
        else:
            assert world.position is not None
            start = cls.from_position(rules, dealer=world.dealer, **world.position)
        return start.replay(world.actions) if checked else start._replay_trusted(world.actions)

    # ------------------------------------------------------------------ notation

    def notation(self) -> str:
        """This position in one line (see :mod:`ginrummy.play.notation`): the ruleset, the
        dealer, the phase, the player to act, both hands, the stock in order, the pile and the
        flags a position needs. ``Round.from_notation(r.notation())`` has the same
        :meth:`position_key`; paste it into a test or a bug report.

        :raises GinRummyError: for a custom ruleset whose name is not a plain word.
        """
        log: EventLog | None = self.__dict__["_log"]
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
        parsed = parse_notation(text)
        position, actions = replayed(parsed)
        try:
            r = cls.from_position(parsed.rules, **position)
            for action in actions:
                r = r.apply(action)
            if parsed.phase is Phase.OVER and r.phase is Phase.LAYOFF:
                r = r.apply(EndLayoffs())
        except GinRummyError as exc:
            field = exc.field or ("knock" if parsed.knock is not None else "phase")
            raise ParseError(f"invalid notation ({field}): {exc}", field=field) from None
        if (r.phase, r.to_act) != (parsed.phase, parsed.to_act):
            raise ParseError(
                f"invalid notation (phase): the position is in phase {r.phase.value} with player "
                f"{r.to_act} to "
                f"act, not {parsed.phase.value} with player {parsed.to_act}",
                field="phase",
            )
        return r

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: see :class:`PlayerView`."""
        player = check_player(player, "player")
        opponent = 1 - player
        over = self.phase is Phase.OVER
        shown = self.knocker is not None  # from the knock on, both hands are shown
        opponent_cards = self.hands[opponent]
        mine = self.to_act == player
        state: dict[str, Any] = {
            "player": player,
            "rules": self.rules,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": self.hands[player],
            "opponent_card_count": len(opponent_cards),
            "opponent_known": opponent_cards if shown else self.known[opponent],
            "opponent_hand": opponent_cards if shown else None,
            "discard_pile": self.discard_pile,
            "stock_size": len(self.stock),
            "initial_upcard": self.initial_upcard,
            "knock_limit": self.knock_limit,
            "taken": self.taken if mine else None,
            "legal_actions": self.legal_actions() if mine else (),
            "knocker": self.knocker,
            "spread": self.spread,
            "layoffs": self.layoffs,
            "knock_card": self.knock_card if over or self.knocker == player else None,
            "result": self.result,
            "turns": self.turns,
            "dealt": self.start.dealt,
        }
        log: EventLog | None = self.__dict__["_log"]
        if log is None:
            state["events"] = ()
        else:
            state["_log"] = (log, over and self.knocker is not None)
        view = object.__new__(PlayerView)
        object.__setattr__(view, "__dict__", state)
        return view


_VIEW = "view"
_ERROR = InvalidPositionError


@attrs.frozen(kw_only=True, slots=False, repr=False)
class PlayerView:
    """What one player may know about a round.

    Get one with :meth:`Round.view`. The constructor is public (a front end or a test may
    build a view from its own data, and JSON is read through it) and checks that the fields
    describe a position the player could be in: it draws a round with the view
    (:meth:`sample`) and compares every field, so every rule is enforced by the code that
    enforces it in play.

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
    """The opponent's cards this player knows: taken from the pile and still held, or all of
    them once shown."""
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
    """The face-down knock card: the knocker's own view shows it, the opponent's only once
    the round is over."""
    result: RoundResult | None = attrs.field(
        validator=instance_field(RoundResult, _ERROR, _VIEW, optional=True)
    )
    """The result once the round is over."""
    events: tuple[Event, ...] = attrs.field(validator=tuple_field(Event, _ERROR, _VIEW))
    """The log, censored: the opponent's stock draws and hidden knock card are None."""
    turns: int = attrs.field(default=0, validator=int_field(_ERROR, _VIEW, low=0, high=1 << 62))
    """Completed turns (a turn ends with a discard or a knock)."""
    dealt: bool = attrs.field(default=True, validator=flag_field(_ERROR, _VIEW))
    """Whether the round began at the deal (see :attr:`Round.dealt`); a view of a dealt round
    is judged against dealt rounds only."""

    def __attrs_post_init__(self) -> None:
        self._check_possible()

    def _check_possible(self) -> None:
        """A view is possible when some round has it: draw one and compare its view with this
        one, field by field. Every rule is enforced this way, since the round is replayed from
        its origin by the rules: the legal actions, the order of the events, the layoffs, the
        result's price."""
        try:
            world = draw_world(self, self._records(), random.Random(0))
            seen = Round._from_world(self.rules, world, checked=True).view(self.player)
        except GinRummyError as exc:
            reason = str(exc).removeprefix("cannot sample this view: ")
            raise InvalidPositionError(f"invalid view: no round has it: {reason}", field=exc.field) from None
        for field in attrs.fields(PlayerView):
            mine, theirs = getattr(self, field.name), getattr(seen, field.name)
            if mine != theirs:
                raise InvalidPositionError(
                    f"invalid view: no round has it: {field.name} {mine!r:.120} does not follow from "
                    f"the rest (a round with the same history has {theirs!r:.120})",
                    field=field.name,
                )

    if not TYPE_CHECKING:  # hidden from type checkers, which would allow any attribute

        def __getattr__(self, name: str) -> Any:
            # A view made by a round leaves its censored log to be built on first use (most
            # bots and encoders never read it); only ``events`` can be missing this way.
            if name == "events" and "_log" in self.__dict__:
                log, knock_visible = self.__dict__.pop("_log")
                if knock_visible:
                    events = tuple(censor(event, self.player, knock_visible=True) for event in log.events())
                else:
                    events = log.seen(self.player)
                self.__dict__["events"] = events
                return events
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _records(self) -> list[tuple[int, int, Action | None, Card | None]]:
        """The censored log as plain ``(number, player, action, card)`` records, read from the
        round's log without making :class:`Event` values when the view was made by a round
        and its events were never read (the sampler's input); kept, since a search samples the
        same view many times."""
        records: list[tuple[int, int, Action | None, Card | None]] | None = self.__dict__.get(
            "_censored_records"
        )
        if records is None:
            pending = self.__dict__.get("_log")
            if pending is None:
                records = [(e.number, e.player, e.action, e.card) for e in self.events]
            else:
                records = censored_records(pending[0], self.player, knock_visible=pending[1])
            self.__dict__["_censored_records"] = records
        return records

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
        mask = self.hand.mask | self.opponent_known.mask
        for card in self.discard_pile:
            mask |= card.mask
        for meld in self.spread:
            mask |= meld.mask
        if self.knock_card is not None:
            mask |= self.knock_card.mask
        return Hand.from_mask(mask)

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
        chosen = find_model(model)
        if chosen.particles == 0:
            return uniform_probabilities(self)
        unseen = [card for card in DECK if not self.known_cards.mask & card.mask]
        return self._population(chosen).probabilities(unseen)

    def _population(self, model: OpponentModel) -> Population:
        """The weighted worlds of ``model`` for this view, drawn once and kept."""
        kept: dict[object, Population] = self.__dict__.setdefault("_populations", {})
        try:
            found = kept.get(model)
        except TypeError:  # an unhashable model: not kept
            return population(self, self._records(), model)
        if found is None:
            found = kept[model] = population(self, self._records(), model)
        return found

    def sample(self, rng: random.Random, model: str | OpponentModel | None = None) -> Round:
        """A whole round, history included, that this player could be in: its view is this
        view, every card is placed once, and what the player cannot see (the opponent's unknown
        cards, the stock's order, a face-down knock card) is drawn from what fits the view:
        uniformly (``model`` None), or with the belief of ``model``, whose card frequencies are
        :meth:`card_probabilities`. It depends only on this view and ``rng`` (see
        :mod:`ginrummy.beliefs.worlds`, :mod:`ginrummy.beliefs.particles`).

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
        chosen = find_model(model)
        if chosen.particles == 0:
            world = draw_world(self, self._records(), rng)
        else:
            world = self._population(chosen).pick(rng)
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
