"""The event log of a round: one frozen record per action applied.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard())
>>> r.events
(Event(number=0, player=1, action=PassUpcard(), card=None),)
"""

from __future__ import annotations

import enum

import attrs

from ginrummy.actions import Action
from ginrummy.cards import Card

__all__ = ["Event", "Phase"]


class Phase(enum.Enum):
    """The phases of a round; ``Round.to_act`` says who acts in each.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> r.phase, r.apply(gr.TakeDiscard()).phase
    (<Phase.UPCARD_OFFER: 'upcard-offer'>, <Phase.DISCARD: 'discard'>)
    >>> gr.Phase("draw")
    <Phase.DRAW: 'draw'>
    """

    UPCARD_OFFER = "upcard-offer"
    """First turn: the non-dealer, then the dealer, may take the initial upcard or pass."""
    DRAW = "draw"
    """The player to act draws from the stock or takes the top discard."""
    DISCARD = "discard"
    """The player to act holds 11 cards: it discards, knocks, or declares big gin."""
    LAYOFF = "layoff"
    """After a knock: the defender lays off cards onto the spread, then ends."""
    OVER = "over"
    """The round has ended; ``Round.result`` holds its result."""


@attrs.frozen
class Event:
    """One action in a round's log.

    In a player's view the events are censored: ``card`` (the card drawn from the stock) is
    None for the opponent's draws, and ``action`` is None for the opponent's knock until the
    round is over, since the knock card lies face down (the spread is in the view).

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> r = r.apply(gr.PassUpcard()).apply(gr.PassUpcard()).apply(gr.DrawStock())
    >>> r.events[-1]
    Event(number=2, player=1, action=DrawStock(), card=Card('5s'))
    >>> r.view(0).events[-1].card is None
    True
    """

    number: int
    """The position in the log, from 0."""
    player: int
    """Who acted."""
    action: Action | None
    """The action, with a knock's or big gin's melds filled in; None when hidden."""
    card: Card | None = None
    """The card drawn from the stock or taken from the pile, when the viewer may see it."""
