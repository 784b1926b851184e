"""Hints from a player's own cards: the deadwood after each legal discard, and what knocking
now would leave.

:func:`ginrummy.best_discards` answers for any eleven cards, so it also lists the card just
taken from the discard pile, which the rules do not let the player discard this turn (unless
the ruleset's ``may_discard_taken_card``); a hint built on it could name an illegal discard.
These functions read the view's legal actions, so they list only what the player may do.
They use nothing but the view's own hand, so they show nothing the player may not see. Both
read the view's facts (:func:`~ginrummy.frontend.table_facts.table_facts`), so a table that
asks both, and draws the view too, asks the partitioner once.

>>> import ginrummy as gr
>>> from ginrummy.frontend import discard_deadwood
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())
>>> r.view(1).taken, [str(card) for card, _ in discard_deadwood(r.view(1))][:3]
(Card('9d'), ['Td', 'Qd', 'Kh'])
"""

from __future__ import annotations

import attrs

from ginrummy.actions import Knock
from ginrummy.cards import Card
from ginrummy.frontend.table_facts import table_facts
from ginrummy.phase import Phase
from ginrummy.play.round import PlayerView

__all__ = ["KnockNow", "discard_deadwood", "knock_now"]


def discard_deadwood(view: PlayerView) -> tuple[tuple[Card, int], ...]:
    """The deadwood left after each legal discard of ``view``, least first (ties by card
    order, as :func:`ginrummy.best_discards`); empty when the player may not discard now.

    :param view: the player's view; only its legal discards are listed (never the card taken
        from the pile this turn, unless the ruleset allows it).
    :returns: ``(card, deadwood)`` pairs.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> discard_deadwood(r.view(1))  # not its discard yet
    ()
    """
    return table_facts(view).discards


@attrs.frozen(kw_only=True)
class KnockNow:
    """What knocking would leave the player now.

    >>> import ginrummy as gr
    >>> KnockNow(card=gr.Card("Kh"), deadwood=4, limit=10, legal=True).gin
    False
    """

    card: Card | None
    """The card to lay face down for the least deadwood (None before drawing: the deadwood
    is then the ten cards')."""
    deadwood: int
    """The least deadwood a knock could leave (the hand's deadwood before drawing)."""
    limit: int
    """The round's knock limit (0: gin only)."""
    legal: bool
    """Whether the player may knock now with ``card``."""

    @property
    def gin(self) -> bool:
        """Whether that knock would be gin."""
        return self.deadwood == 0


def knock_now(view: PlayerView) -> KnockNow:
    """What knocking now would leave: on the player's discard, the legal discard leaving the
    least deadwood and whether a knock with it is legal; otherwise the deadwood of the hand
    as it is (what a knock would leave if the next draw changed nothing), not legal.

    :param view: the player's view.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())
    >>> now = knock_now(r.view(1))
    >>> now.card, now.deadwood, now.legal
    (Card('Td'), 57, False)
    """
    facts = table_facts(view)
    if view.phase is Phase.DISCARD and view.is_my_turn:
        options = facts.discards
        if options:
            card, points = options[0]
            legal = Knock(card) in view.legal_actions
            return KnockNow(card=card, deadwood=points, limit=view.knock_limit, legal=legal)
    return KnockNow(card=None, deadwood=facts.arrangement.points, limit=view.knock_limit, legal=False)
