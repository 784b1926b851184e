"""A round's event log: one frozen record per action applied.

A round's log grows by one :class:`Event` per action. It is kept as a chain of links, each
holding its event and the link before (:class:`EventLog`), so applying an action costs the
same however long the round; the tuple of events, and each player's censored copy of it, are
built only when asked for and then kept.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard())
>>> r.events
(Event(number=0, player=1, action=PassUpcard(), card=None),)
>>> print(r.events[0])
#0 player 1: p
"""

from __future__ import annotations

import attrs

from ginrummy.actions import ACTION_TYPES, Action, DrawStock, Knock, TakeDiscard
from ginrummy.cards import Card
from ginrummy.compiler_hints import new_instance
from ginrummy.errors import InvalidPositionError
from ginrummy.play.chain import Chain
from ginrummy.validators import int_field, player_field

__all__ = ["Event", "EventLog", "censor"]


_number = int_field(InvalidPositionError, "event", low=0)
_player = player_field(InvalidPositionError, "event")


def _action(instance: object, attribute: attrs.Attribute[Action | None], value: object) -> None:
    if value is not None and not isinstance(value, ACTION_TYPES):
        raise InvalidPositionError(
            f"invalid event: 'action' must be an action or None (got {value!r})", field="action"
        )


def _card(instance: object, attribute: attrs.Attribute[Card | None], value: object) -> None:
    if value is not None and not isinstance(value, Card):
        raise InvalidPositionError(
            f"invalid event: 'card' must be a Card or None (got {value!r})", field="card"
        )


@attrs.frozen(kw_only=True, repr=False)
class Event:
    """One action in a round's log.

    In a player's view the events are censored: ``card`` (the card drawn from the stock) is
    None for the opponent's draws, and ``action`` is None for the opponent's knock until the
    round is over, since the knock card lies face down (the spread is in the view).

    Keyword-only and validated: a card goes only with a draw (the card drawn) or a take (the
    card taken), and a hidden action (None) only with no card.

    :raises InvalidPositionError: for fields that cannot go together.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> r = r.apply(gr.PassUpcard()).apply(gr.PassUpcard()).apply(gr.DrawStock())
    >>> r.events[-1]
    Event(number=2, player=1, action=DrawStock(), card=Card('5s'))
    >>> r.view(0).events[-1].card is None
    True
    """

    number: int = attrs.field(validator=_number)
    """The position in the log, from 0."""
    player: int = attrs.field(validator=_player)
    """Who acted."""
    action: Action | None = attrs.field(validator=_action)
    """The action, with a knock's or big gin's melds filled in; None when hidden."""
    card: Card | None = attrs.field(default=None, validator=_card)
    """The card drawn from the stock or taken from the pile, when the viewer may see it."""

    def __attrs_post_init__(self) -> None:
        if self.card is not None and not isinstance(self.action, (DrawStock, TakeDiscard)):
            raise InvalidPositionError(
                f"invalid event: a card goes only with a draw or a take, not with {self.action!r}",
                field="card",
            )

    def __repr__(self) -> str:
        return (
            f"Event(number={self.number}, player={self.player}, action={self.action!r}, card={self.card!r})"
        )

    def __str__(self) -> str:
        if self.action is None:
            what = "knocks (face down)"
        elif self.card is not None:
            what = f"{self.action} ({self.card})"
        else:
            what = str(self.action)
        return f"#{self.number} player {self.player}: {what}"


_STORE_NUMBER, _STORE_PLAYER, _STORE_ACTION, _STORE_CARD = (
    vars(Event)[name].__set__ for name in ("number", "player", "action", "card")
)
"""The stores of an event's slots (what its public constructor stores through)."""


def _event(number: int, player: int, action: Action | None, card: Card | None) -> Event:
    """An event from fields known to fit (the round's own log), without the checks: every
    slot stored at once (an event is made for every action of a log read)."""
    event = new_instance(Event)
    _STORE_NUMBER(event, number)
    _STORE_PLAYER(event, player)
    _STORE_ACTION(event, action)
    _STORE_CARD(event, card)
    return event


def censor(event: Event, player: int, *, knock_visible: bool) -> Event:
    """``event`` as ``player`` may see it: the opponent's stock draw without its card, and
    the opponent's knock hidden unless ``knock_visible``."""
    hidden = _censored(event.number, event.player, event.action, event.card, player, knock_visible)
    return event if hidden is None else hidden


def _censored(
    number: int, actor: int, action: Action | None, card: Card | None, player: int, knock_visible: bool
) -> Event | None:
    """The event ``(number, actor, action, card)`` as ``player`` may see it (see
    :func:`censor`), or None when the player may see all of it."""
    if actor != player:
        if card is not None and type(action) is DrawStock:
            return _event(number, actor, action, None)
        if type(action) is Knock and not knock_visible:
            return _event(number, actor, None, None)
    return None


Record = tuple[int, int, Action, "Card | None"]
"""An event as the log keeps it until asked: ``(number, player, action, card)``."""


class EventLog(Chain[Record]):
    """A round's log (see :class:`~ginrummy.play.chain.Chain`): each link holds one action as a
    plain record; the :class:`Event` values, and each player's censored copy of them, are
    made when first asked for and then kept.

    >>> log = EventLog.of((0, 1, DrawStock(), Card("As")))
    >>> log.events()[0].card, log.seen(0)[0].card is None
    (Card('As'), True)
    """

    __slots__ = ("_event", "_events", "_seen")

    def __init__(self, previous: Chain[Record] | None, item: Record) -> None:
        # Chain.__init__ written out: a link is made for every action applied
        self.previous = previous
        self.item = item
        self.size = 1 if previous is None else previous.size + 1
        self._items = None
        self._event: Event | None = None  # the record as an Event, made once for every log
        self._events: tuple[Event, ...] | None = None
        self._seen: list[tuple[Event, ...] | None] = [None, None]

    def event(self) -> Event:
        """This link's record as an :class:`Event` (made once, shared by every copy of the
        log)."""
        made = self._event
        if made is None:
            made = self._event = _event(*self.item)
        return made

    def _build(self, player: int | None) -> tuple[Event, ...]:
        """The events (``player`` None) or ``player``'s censored events, built on from the
        nearest earlier link that has them, and kept on this link."""
        pending: list[EventLog] = []
        link: EventLog | None = self
        done: tuple[Event, ...] = ()
        while link is not None:
            ready = link._events if player is None else link._seen[player]
            if ready is not None:
                done = ready
                break
            pending.append(link)
            previous = link.previous
            assert previous is None or isinstance(previous, EventLog)
            link = previous
        more: list[Event] = []
        for link in reversed(pending):
            more.append(link.event() if player is None else link._seen_by(player))
        built = done + tuple(more)
        if player is None:
            self._events = built
        else:
            self._seen[player] = built
        return built

    def _seen_by(self, player: int) -> Event:
        """This link's event as ``player`` sees it while the round goes on (see :func:`censor`;
        no event is made that is not returned)."""
        number, actor, action, card = self.item
        hidden = _censored(number, actor, action, card, player, False)
        return self.event() if hidden is None else hidden

    def events(self) -> tuple[Event, ...]:
        """Every event, in order."""
        built = self._events
        return built if built is not None else self._build(None)

    def seen(self, player: int) -> tuple[Event, ...]:
        """The events as ``player`` sees them while the round goes on (see :func:`censor`)."""
        built = self._seen[player]
        if built is not None:
            return built
        previous = self.previous
        if previous is None:
            built = (self._seen_by(player),)
        else:
            assert isinstance(previous, EventLog)
            earlier = previous._seen[player]
            if earlier is None:
                return self._build(player)
            built = (*earlier, self._seen_by(player))  # a view at the last action: one event more
        self._seen[player] = built
        return built
