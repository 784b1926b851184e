"""What one player may know of a round: the fields of its view, censored (docs/rules.rst
§3-5: the opponent's hand stays hidden until a knock lays both down, the stock's order and the
opponent's stock draws stay hidden, the knock card lies face down until the round is over).

A view holds these fields and nothing else: its log is censored when the view is made, so no
form the view can take (its attributes, a pickle, a copy) holds a card its player may not see.
:meth:`ginrummy.Round.view` makes a :class:`ginrummy.PlayerView` of :func:`seen_values`.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard()).apply(gr.PassUpcard())
>>> r = r.apply(gr.DrawStock())
>>> values = dict(zip(VIEW_FIELDS, seen_values(r, 0, legal=(), log=r._log, dealt=True)))
>>> values["opponent_hand"], values["opponent_card_count"], values["stock_size"]
(None, 11, 30)
>>> values["events"][-1].card is None, r.events[-1].card
(True, Card('5s'))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ginrummy.actions import Action
from ginrummy.cards import Card, Hand
from ginrummy.compiler_hints import mypyc_attr, new_instance
from ginrummy.errors import InvalidPositionError
from ginrummy.melds import Meld
from ginrummy.phase import OVER, Phase
from ginrummy.play.events import Event, EventLog, censor
from ginrummy.results.round_result import RoundResult
from ginrummy.round_fields import RoundFields
from ginrummy.rules import Ruleset

if TYPE_CHECKING:  # the beliefs are imported with a view's first weighted worlds
    from typing_extensions import Self

    from ginrummy.beliefs.opponent_models import OpponentModel
    from ginrummy.beliefs.particles import Population
    from ginrummy.beliefs.worlds import Record, ViewFacts

__all__ = [
    "RECORDS",
    "VIEW_FIELDS",
    "ViewKept",
    "ViewValues",
    "kept_population",
    "kept_records",
    "known_cards",
    "seen_records",
    "seen_values",
    "unfollowed",
]

VIEW_FIELDS = (
    "player",
    "rules",
    "dealer",
    "phase",
    "to_act",
    "hand",
    "opponent_card_count",
    "opponent_known",
    "opponent_hand",
    "discard_pile",
    "stock_size",
    "initial_upcard",
    "knock_limit",
    "taken",
    "legal_actions",
    "knocker",
    "spread",
    "layoffs",
    "knock_card",
    "result",
    "events",
    "turns",
    "dealt",
)
"""The names of a view's fields, in the order of :data:`ViewValues` (the order of
:class:`ginrummy.PlayerView`'s fields, which a test holds)."""

ViewValues = tuple[
    int,
    Ruleset,
    int,
    Phase,
    "int | None",
    Hand,
    int,
    Hand,
    "Hand | None",
    tuple[Card, ...],
    int,
    Card,
    int,
    "Card | None",
    tuple[Action, ...],
    "int | None",
    tuple[Meld, ...],
    tuple[tuple[Card, int], ...],
    "Card | None",
    "RoundResult | None",
    tuple[Event, ...],
    int,
    bool,
]
"""A view's fields, in the order of :data:`VIEW_FIELDS`."""


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # ginrummy.compiler_hints
class ViewKept:
    """What a :class:`ginrummy.PlayerView` holds besides its fields, and how a view is made
    of its fields in play: the view (an attrs class, which declares its fields' slots)
    subclasses this one."""

    __slots__ = ("_kept",)

    _kept: dict[object, Any]
    """The records of the censored log (under :data:`RECORDS`) and each opponent model's
    weighted worlds (under the model), once worked out: a search reads them many times. It
    starts empty, in every view however made."""

    @classmethod
    def _of(cls, values: ViewValues) -> Self:
        """The view whose fields are ``values`` (in the order of :data:`VIEW_FIELDS`), known
        to be possible: every slot stored at once, as the public constructor stores them
        (which checks the fields first). A view is made at every turn."""
        view: Self = new_instance(cls)
        stores = _STORES.get(cls)
        if stores is None:
            stores = _STORES[cls] = tuple(getattr(cls, name).__set__ for name in VIEW_FIELDS)
        for store, value in zip(stores, values, strict=True):
            store(view, value)
        _STORE_KEPT(view, {})
        return view

    def _keep_nothing_yet(self) -> None:
        """Start this view's :attr:`_kept` empty (the public constructor's part)."""
        _STORE_KEPT(self, {})

    def __reduce__(self) -> tuple[Any, ...]:
        # pickling and copying: the fields alone (what is kept is worked out again)
        return _rebuilt, (type(self), tuple(getattr(self, name) for name in VIEW_FIELDS))


_STORE_KEPT: Final = vars(ViewKept)["_kept"].__set__
"""The store of a view's :attr:`ViewKept._kept` slot."""
_STORES: dict[type, tuple[Callable[[Any, Any], None], ...]] = {}
"""The stores of each view class's field slots, in the order of :data:`VIEW_FIELDS`."""


def _rebuilt(cls: type[ViewKept], values: ViewValues) -> ViewKept:
    """A pickled view, rebuilt from its fields."""
    return cls._of(values)


RECORDS = object()
"""The key of a view's records in what it keeps."""


def seen_values(
    r: RoundFields, player: int, *, legal: tuple[Action, ...], log: EventLog | None, dealt: bool
) -> ViewValues:
    """The fields of ``player``'s view of ``r``, censored, in the order of :data:`VIEW_FIELDS`
    (``legal``: the round's legal actions; ``log``: its log, None before any action;
    ``dealt``: whether the round began at the deal)."""
    opponent = 1 - player
    over = r.phase is OVER
    shown = r.knocker is not None  # from the knock on, both hands are shown
    opponent_cards = r.hands[opponent]
    mine = r.to_act == player
    if log is None:
        events: tuple[Event, ...] = ()
    elif over and shown:  # the knock card is face up once the round is over
        events = tuple(censor(event, player, knock_visible=True) for event in log.events())
    else:
        events = log.seen(player)
    return (
        player,
        r.rules,
        r.dealer,
        r.phase,
        r.to_act,
        r.hands[player],
        len(opponent_cards),
        opponent_cards if shown else r.known[opponent],
        opponent_cards if shown else None,
        r.discard_pile,
        len(r.stock),
        r.initial_upcard,
        r.knock_limit,
        r.taken if mine else None,
        legal if mine else (),
        r.knocker,
        r.spread,
        r.layoffs,
        r.knock_card if over or r.knocker == player else None,
        r.result,
        events,
        r.turns,
        dealt,
    )


def seen_records(events: tuple[Event, ...]) -> tuple[Record, ...]:
    """A view's censored log as plain ``(number, player, action, card)`` records (what the
    sampler, the beliefs and the learned features read)."""
    return tuple([(event.number, event.player, event.action, event.card) for event in events])


def kept_records(kept: dict[object, Any], events: tuple[Event, ...]) -> tuple[Record, ...]:
    """The records of a view's censored log ``events`` (:func:`seen_records`), kept in
    ``kept``, what the view keeps."""
    records: tuple[Record, ...] | None = kept.get(RECORDS)
    if records is None:
        records = kept[RECORDS] = seen_records(events)
    return records


def kept_population(
    kept: dict[object, Any], view: ViewFacts, records: tuple[Record, ...], model: OpponentModel
) -> Population:
    """The weighted worlds of ``model`` for ``view`` (whose records are ``records``), drawn
    once and kept in ``kept``, what the view keeps."""
    from ginrummy.beliefs.particles import population

    try:
        found: Population | None = kept.get(model)
    except TypeError:  # an unhashable model: not kept
        return population(view, records, model)
    if found is None:
        found = kept[model] = population(view, records, model)
    return found


def known_cards(view: ViewFacts) -> Hand:
    """Every card whose place the viewer knows: its hand, the discard pile, the cards it knows
    the opponent holds, the spread and the knock card it may see."""
    mask = view.hand.mask | view.opponent_known.mask
    for card in view.discard_pile:
        mask |= card.mask
    for meld in view.spread:
        mask |= meld.mask
    if view.knock_card is not None:
        mask |= view.knock_card.mask
    return Hand.from_mask(mask)


def unfollowed(name: str, mine: object, theirs: object) -> InvalidPositionError:
    """The error for a view whose field ``name`` is ``mine`` where a round with the same
    history has ``theirs``."""
    return InvalidPositionError(
        f"invalid view: no round has it: {name} {mine!r:.120} does not follow from "
        f"the rest (a round with the same history has {theirs!r:.120})",
        field=name,
    )
