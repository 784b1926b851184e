"""The phases of a round (docs/rules.rst §3-6).

>>> import ginrummy as gr
>>> gr.Phase("draw"), gr.Phase.OVER.value
(<Phase.DRAW: 'draw'>, 'over')
"""

from __future__ import annotations

import enum
from typing import Final

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


# The members again, as module globals, for the code that tests a round's phase at every
# action: on Python 3.10 and 3.11 reading a member through its class goes through EnumType's
# ``__getattr__`` hook and costs about ten times a global (Python 3.12 reads both alike; a
# compiled module reads either from a static).
UPCARD_OFFER: Final = Phase.UPCARD_OFFER
""":attr:`Phase.UPCARD_OFFER`."""
DRAW: Final = Phase.DRAW
""":attr:`Phase.DRAW`."""
DISCARD: Final = Phase.DISCARD
""":attr:`Phase.DISCARD`."""
LAYOFF: Final = Phase.LAYOFF
""":attr:`Phase.LAYOFF`."""
OVER: Final = Phase.OVER
""":attr:`Phase.OVER`."""
