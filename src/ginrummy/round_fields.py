"""The fields of a round, as one frozen, typed record (:class:`RoundFields`): every card's
place, whose turn, the phase, the knock, the result, and how the round began.

Every part that makes, changes or reads a round's position takes this record: the set-up check
(:func:`ginrummy.play.setup.check_position` returns one), the action rules (each writes what
its action changes into a copy of the record), the showdown, the notation, the sampler's worlds
(:class:`ginrummy.beliefs.worlds.World`), the text pictures and the JSON writer.
:class:`ginrummy.Round` *is* one (a subclass adding its log and what it keeps), so a round is
passed wherever the record is read.

A record is changed by copying it: :meth:`RoundFields._draft` is a copy whose fields are set
by plain assignment (typed: mypy checks each name and value), and :meth:`RoundFields._sealed`
freezes it again. (The record's own names start with an underscore, as namedtuple's
``_replace`` does, to stay out of the fields' namespace and of :class:`ginrummy.Round`'s
public names.) How the copy is made, and why, is in docs/design.md ("The round's record").

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> isinstance(r, RoundFields), r.phase
(True, <Phase.UPCARD_OFFER: 'upcard-offer'>)
>>> fields = RoundFields._of(r)
>>> later = fields._draft()
>>> later.turns = 3
>>> later._sealed().turns, fields.turns, type(later).__name__
(3, 0, 'RoundFields')
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, TypeVar

import attrs

from ginrummy.cards import Card, Hand
from ginrummy.compiler_hints import mypyc_attr, new_instance
from ginrummy.melds import Meld
from ginrummy.phase import OVER, Phase
from ginrummy.results.round_result import RoundResult
from ginrummy.rules import Ruleset
from ginrummy.validators import check_player

if TYPE_CHECKING:  # Self is read by type checkers only (the annotations are strings)
    from typing_extensions import Self

__all__ = ["FIELD_NAMES", "NO_HANDS", "RoundFields"]

_R = TypeVar("_R", bound="RoundFields")

NO_HANDS = (Hand(), Hand())
"""Two empty hands: no card known to be held."""

FIELD_NAMES = (
    "rules",
    "dealer",
    "hands",
    "stock",
    "discard_pile",
    "initial_upcard",
    "phase",
    "to_act",
    "taken",
    "stock_only",
    "known",
    "turns",
    "knocker",
    "knock_card",
    "spread",
    "layoffs",
    "result",
    "deck",
    "dealt",
)
"""The names of a round's fields, in the record's order."""


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # ginrummy.compiler_hints
class RoundFields:
    """The fields of one round: every card's place, whose turn, the phase, the knock, the
    result, and how the round began. Frozen and typed; built only from checked values (by
    the set-up check, the deal, the action rules and the sampler), never by a user.

    :raises attrs.exceptions.FrozenInstanceError: on setting or deleting a field.
    """

    __slots__ = FIELD_NAMES

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
    """The 52 cards as dealt, top first, for a dealt round (None otherwise)."""
    dealt: bool
    """Whether the round began at the deal rather than at a later position set up."""

    _draft_type: ClassVar[type[Any]]
    """The mutable twin of this class (see the module docstring)."""
    _frozen_type: ClassVar[type[Any]]
    """The frozen class of a draft class (the class itself for a frozen one)."""
    _all_slots: ClassVar[tuple[str, ...]]
    """Every slot of the class, its own and its bases', for pickling."""

    def __init_subclass__(cls, draft: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not draft:
            _add_draft_type(cls)

    @classmethod
    def _new(
        cls,
        *,
        rules: Ruleset,
        dealer: int,
        hands: tuple[Hand, Hand],
        stock: tuple[Card, ...],
        discard_pile: tuple[Card, ...],
        initial_upcard: Card,
        phase: Phase,
        to_act: int | None,
        taken: Card | None = None,
        stock_only: bool = False,
        known: tuple[Hand, Hand] = NO_HANDS,
        turns: int = 0,
        knocker: int | None = None,
        knock_card: Card | None = None,
        spread: tuple[Meld, ...] = (),
        layoffs: tuple[tuple[Card, int], ...] = (),
        result: RoundResult | None = None,
        deck: tuple[Card, ...] | None = None,
        dealt: bool = False,
    ) -> RoundFields:
        """A record of checked values (the defaults are those of a round before any knock)."""
        new: RoundFields = new_instance(RoundFields._draft_type)
        new.rules, new.dealer, new.hands, new.stock = rules, dealer, hands, stock
        new.discard_pile, new.initial_upcard, new.phase, new.to_act = (
            discard_pile,
            initial_upcard,
            phase,
            to_act,
        )
        new.taken, new.stock_only, new.known, new.turns = taken, stock_only, known, turns
        new.knocker, new.knock_card, new.spread, new.layoffs = knocker, knock_card, spread, layoffs
        new.result, new.deck, new.dealt = result, deck, dealt
        return new._sealed()

    @classmethod
    def _of(cls, fields: RoundFields) -> RoundFields:
        """The bare record of ``fields`` (a round's fields without its log and caches)."""
        new: RoundFields = new_instance(RoundFields._draft_type)
        return _copy(fields, new)._sealed()

    def _draft(self) -> Self:
        """A mutable copy of these fields, of this record's class: set its fields by
        assignment, then :meth:`_sealed`. A subclass's own slots are left unset, for it to fill
        (a round sets its log and caches)."""
        new: Self = new_instance(self._draft_type)
        return _copy(self, new)

    def _sealed(self) -> Self:
        """This draft, frozen (the draft itself becomes the frozen value: keep no reference
        to it as a draft)."""
        self.__class__ = self._frozen_type  # a draft stores by the generic __setattr__
        return self

    # ------------------------------------------------------------------ facts of the fields

    def hand(self, player: int) -> Hand:
        """The cards ``player`` holds (omniscient: use :meth:`ginrummy.Round.view` for what a
        player sees)."""
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
        return self.phase is OVER

    @property
    def knock_limit(self) -> int:
        """The most deadwood a knock may leave in this round (see
        :meth:`ginrummy.Ruleset.knock_limit_for`)."""
        return self.rules.knock_limit_for(self.initial_upcard)  # fixed at the deal

    @property
    def defender(self) -> int | None:
        """The player who did not knock, once someone has."""
        return None if self.knocker is None else 1 - self.knocker

    def position_key(self) -> Hashable:
        """A hashable key of the position, however it was reached: the ruleset, the dealer,
        every card's place (pile orders included), the phase, whose turn, the card taken this
        turn, the stock-only rule, the cards each player is known to hold, the knock, spread,
        layoffs and result, and the turns played when ``max_turns`` makes them matter.

        >>> import ginrummy as gr
        >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard()).apply(gr.PassUpcard())
        >>> same = gr.Round.from_position(gr.PAGAT, dealer=0, hands=(r.hand(0), r.hand(1)),
        ...     stock=r.stock, discard_pile=r.discard_pile, to_act=1, stock_only=True)
        >>> same.position_key() == r.position_key(), same == r
        (True, False)
        """
        return (
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

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> NoReturn:
        raise attrs.exceptions.FrozenInstanceError()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in FIELD_NAMES)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, RoundFields)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inside = ", ".join(f"{name}={getattr(self, name)!r}" for name in FIELD_NAMES)
        return f"{type(self).__name__}({inside})"

    def __reduce__(self) -> tuple[Any, ...]:
        # pickling: the default protocol restores slots with setattr, which a frozen class refuses
        return _restore, (self._frozen_type, tuple(getattr(self, name) for name in self._all_slots))


def _copy(source: RoundFields, new: _R) -> _R:
    """``new`` (a draft) with the fields of ``source``, written out: this is the hot path of
    every action (see the module docstring)."""
    new.rules = source.rules
    new.dealer = source.dealer
    new.hands = source.hands
    new.stock = source.stock
    new.discard_pile = source.discard_pile
    new.initial_upcard = source.initial_upcard
    new.phase = source.phase
    new.to_act = source.to_act
    new.taken = source.taken
    new.stock_only = source.stock_only
    new.known = source.known
    new.turns = source.turns
    new.knocker = source.knocker
    new.knock_card = source.knock_card
    new.spread = source.spread
    new.layoffs = source.layoffs
    new.result = source.result
    new.deck = source.deck
    new.dealt = source.dealt
    return new


def _add_draft_type(cls: type[RoundFields]) -> None:
    """Give ``cls`` its draft class: a subclass with no slot of its own and the generic
    ``__setattr__`` (so its slots are stored by the interpreter's fast path)."""
    draft = type(
        f"{cls.__name__}Draft",
        (cls,),
        {
            "__slots__": (),
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "__module__": cls.__module__,
        },
        draft=True,
    )
    cls._draft_type, cls._frozen_type = draft, cls
    slots: list[str] = []
    for klass in reversed(cls.__mro__):
        slots.extend(vars(klass).get("__slots__", ()))
    cls._all_slots = tuple(slots)


_add_draft_type(RoundFields)


def _restore(cls: type[RoundFields], values: tuple[object, ...]) -> RoundFields:
    """A pickled record or round, rebuilt from its slots' values."""
    new: RoundFields = new_instance(cls._draft_type)
    for name, value in zip(cls._all_slots, values, strict=True):
        object.__setattr__(new, name, value)
    return new._sealed()
