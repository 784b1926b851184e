"""Round results written as what they say, for the tests of ``results/`` (and of the values
built from results): the outcomes by name, ``won(0, 30)`` a knock worth 30 points to player 0,
``DEAD`` a dead hand, ``SPREAD`` a gin's ten cards in melds."""

from __future__ import annotations

import ginrummy as gr

__all__ = ["BIG_GIN", "DEAD", "DEAD_HAND", "GIN", "KNOCK", "SPREAD", "UNDERCUT", "VOID", "won"]

KNOCK, GIN, BIG_GIN = gr.Outcome.KNOCK, gr.Outcome.GIN, gr.Outcome.BIG_GIN
UNDERCUT, DEAD_HAND, VOID = gr.Outcome.UNDERCUT, gr.Outcome.DEAD_HAND, gr.Outcome.VOID

DEAD = gr.RoundResult(outcome=DEAD_HAND)
"""A dead hand: nobody scores."""

SPREAD = (gr.Meld.parse("Ac 2c 3c 4c"), gr.Meld.parse("7h 7d 7s"), gr.Meld.parse("Jd Qd Kd"))
"""Ten cards in melds: a gin spread."""


def won(player: int, points: int, outcome: gr.Outcome = KNOCK) -> gr.RoundResult:
    """A round won by ``player`` for ``points`` (a knock unless said otherwise)."""
    return gr.RoundResult(outcome=outcome, winner=player, points=points)
