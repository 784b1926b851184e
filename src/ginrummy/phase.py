"""The phases of a round (docs/rules.rst §3-6).

>>> import ginrummy as gr
>>> gr.Phase("draw"), gr.Phase.OVER.value
(<Phase.DRAW: 'draw'>, 'over')
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


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
