"""What one player may know of a round: the fields of its view, censored (docs/rules.rst
§3-5: the opponent's hand stays hidden until a knock lays both down, the stock's order and the
opponent's stock draws stay hidden, the knock card lies face down until the round is over),
and its censored log, built from the round's log only when it is read.

:meth:`ginrummy.Round.view` makes a :class:`ginrummy.PlayerView` of :func:`seen_state`.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard())
>>> state = seen_state(r, 0, legal=(), log=None, dealt=True)
>>> state["opponent_hand"], state["opponent_card_count"], state["stock_size"]
(None, 10, 31)
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from ginrummy.actions import Action
from ginrummy.beliefs.worlds import Record, ViewFacts
from ginrummy.cards import Hand
from ginrummy.errors import InvalidPositionError
from ginrummy.phase import OVER
from ginrummy.play.events import Event, EventLog, censor, censored_records
from ginrummy.round_fields import RoundFields

__all__ = [
    "PendingLog",
    "events_on_first_use",
    "known_cards",
    "seen_events",
    "seen_records",
    "seen_state",
    "unfollowed",
]

PendingLog = tuple[EventLog, bool]
"""A round's log not yet censored for a view, and whether the knock is visible to all."""


def seen_state(
    r: RoundFields, player: int, *, legal: tuple[Action, ...], log: EventLog | None, dealt: bool
) -> dict[str, Any]:
    """The fields of ``player``'s view of ``r`` (``legal``: the round's legal actions;
    ``dealt``: whether the round began at the deal), with its censored log under ``events``
    when ``log`` is None (no action yet) or else under ``_log`` as a :data:`PendingLog`."""
    opponent = 1 - player
    over = r.phase is OVER
    shown = r.knocker is not None  # from the knock on, both hands are shown
    opponent_cards = r.hands[opponent]
    mine = r.to_act == player
    state: dict[str, Any] = {
        "player": player,
        "rules": r.rules,
        "dealer": r.dealer,
        "phase": r.phase,
        "to_act": r.to_act,
        "hand": r.hands[player],
        "opponent_card_count": len(opponent_cards),
        "opponent_known": opponent_cards if shown else r.known[opponent],
        "opponent_hand": opponent_cards if shown else None,
        "discard_pile": r.discard_pile,
        "stock_size": len(r.stock),
        "initial_upcard": r.initial_upcard,
        "knock_limit": r.knock_limit,
        "taken": r.taken if mine else None,
        "legal_actions": legal if mine else (),
        "knocker": r.knocker,
        "spread": r.spread,
        "layoffs": r.layoffs,
        "knock_card": r.knock_card if over or r.knocker == player else None,
        "result": r.result,
        "turns": r.turns,
        "dealt": dealt,
    }
    if log is None:
        state["events"] = ()
    else:
        state["_log"] = (log, over and r.knocker is not None)
    return state


def events_on_first_use(view_class: type) -> None:
    """Give ``view_class`` (:class:`ginrummy.PlayerView`, after its class body, where no type
    checker reads it) an ``events`` built on first use: a view made by a round leaves its
    censored log (``_log``) to be built when first read, as most bots and encoders never read
    it. It is a :class:`functools.cached_property`, which stores the events in the view's
    ``__dict__``: from then on they are read from there, as every other field is. A class
    attribute that reads (not a ``__getattr__``, which CPython runs after every failed lookup,
    and which stops the interpreter from reading any field by its place) leaves every other
    field of a view as cheap to read as a plain object's."""
    lazy = cached_property(_built_events)
    lazy.__set_name__(view_class, "events")
    setattr(view_class, "events", lazy)  # noqa: B010


def _built_events(self: Any) -> tuple[Event, ...]:
    """The events of a view (``self``: the view's own method), from the round's log it holds
    until then."""
    fields = self.__dict__
    if "_log" not in fields:
        raise AttributeError(f"{type(self).__name__!r} object has no attribute 'events'")
    events: tuple[Event, ...] = seen_events(fields.pop("_log"), self.player)
    return events


def seen_events(pending: PendingLog, player: int) -> tuple[Event, ...]:
    """The events of a pending log as ``player`` sees them."""
    log, knock_visible = pending
    if knock_visible:
        return tuple(censor(event, player, knock_visible=True) for event in log.events())
    return log.seen(player)


def seen_records(pending: PendingLog | None, events: object, player: int) -> list[Record]:
    """The censored log as plain ``(number, player, action, card)`` records: read from the
    round's log without making :class:`~ginrummy.play.events.Event` values when it is still
    pending (the sampler's input), else from ``events`` (the view's tuple of them; pass the
    view's attribute unread, as ``events`` is read only when nothing is pending)."""
    if pending is None:
        assert isinstance(events, tuple)
        return [(e.number, e.player, e.action, e.card) for e in events]
    return censored_records(pending[0], player, knock_visible=pending[1])


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
