"""What a table shows of one view, worked out once: the hands in their best melds, the deadwood
after each legal discard, the knock cards, the layoff fits, a finished round's hands.

Every drawing of a view (:func:`~ginrummy.frontend.table_text`,
:func:`~ginrummy.frontend.table_data`, :func:`~ginrummy.frontend.round_end`,
:func:`~ginrummy.frontend.discard_deadwood`, :func:`~ginrummy.frontend.knock_now`) reads these
facts from :func:`table_facts` instead of asking the partitioner again, so drawing a turn asks
it each question once: the hand's best melds, and on the player's discard the deadwood after
each card (the opponent's best melds too once its hand is shown). Each fact is worked out on
its first read and kept, so a drawing pays only for what it shows.

The facts read the view alone, so they hold nothing its player may not see.

>>> import ginrummy as gr
>>> from ginrummy.frontend.table_facts import table_facts
>>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard()).view(1)
>>> facts = table_facts(view)
>>> facts is table_facts(view), facts.arrangement.points, facts.discards[:2]
(True, 67, ((Card('Td'), 57), (Card('Qd'), 57)))
"""

from __future__ import annotations

import collections
import functools
import threading

import attrs

from ginrummy.actions import Discard
from ginrummy.cards import Card, Hand
from ginrummy.frontend.controls import Controls, controls
from ginrummy.melding.partition import Arrangement, best_discards, best_melds
from ginrummy.melds import Meld
from ginrummy.phase import Phase
from ginrummy.play.round import PlayerView

__all__ = ["KEPT", "TableFacts", "table_facts"]


@attrs.frozen(slots=False, eq=False)
class TableFacts:
    """The facts a table draws of one view, each worked out on its first read and kept (get
    them with :func:`table_facts`, which keeps the facts of the views drawn last).

    The class is not slotted so that each fact, a :func:`functools.cached_property`, is kept
    in its ``__dict__`` once worked out; it compares by identity, as the view it reads is the
    whole of it.

    >>> import ginrummy as gr
    >>> facts = TableFacts(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1))
    >>> facts.arrangement.points, facts.discards, facts.opponent_arrangement
    (58, (), None)
    """

    view: PlayerView
    """The view the facts are of."""

    @functools.cached_property
    def controls(self) -> Controls:
        """The legal actions grouped for controls (:func:`~ginrummy.frontend.controls`): the
        discards, the knock cards and the layoff fits of each card."""
        return controls(self.view)

    @functools.cached_property
    def arrangement(self) -> Arrangement:
        """The player's hand in its best melds."""
        return best_melds(self.view.hand, self.view.rules)

    @functools.cached_property
    def opponent_arrangement(self) -> Arrangement | None:
        """The opponent's hand in its best melds once it is shown (from a knock on), else None."""
        hand = self.view.opponent_hand
        return None if hand is None else best_melds(hand, self.view.rules)

    def best(self, player: int) -> Arrangement | None:
        """``player``'s cards in their best melds, None while the viewer has not seen them.

        :param player: 0 or 1.
        """
        return self.arrangement if player == self.view.player else self.opponent_arrangement

    @functools.cached_property
    def after_discard(self) -> tuple[tuple[Card, int], ...]:
        """On the player's discard, every card held with the deadwood left after laying it
        down (:func:`ginrummy.best_discards`: least first, ties by card order), the card just
        taken included; empty otherwise."""
        view = self.view
        if not (view.is_my_turn and view.phase is Phase.DISCARD):
            return ()
        return best_discards(view.hand, view.rules)

    @functools.cached_property
    def discards(self) -> tuple[tuple[Card, int], ...]:
        """The deadwood left after each legal discard, least first (empty when the player may
        not discard now): see :func:`~ginrummy.frontend.discard_deadwood`."""
        legal = {action.card for action in self.view.legal_actions if isinstance(action, Discard)}
        if not legal:
            return ()
        return tuple(pair for pair in self.after_discard if pair[0] in legal)

    @functools.cached_property
    def knock_cards(self) -> tuple[tuple[Card, int], ...]:
        """Each card the player may knock with, in hand order, with the deadwood it leaves."""
        cards = self.controls.knock_cards
        if not cards:
            return ()
        left = dict(self.after_discard)
        return tuple((card, left[card]) for card in cards)

    @property
    def layoff_fits(self) -> tuple[tuple[Card, tuple[int, ...]], ...]:
        """Each card that may be laid off now, in hand order, with the spread melds it fits."""
        return tuple(
            (entry.card, tuple(layoff.meld for layoff in entry.layoffs))
            for entry in self.controls.cards
            if entry.layoffs
        )

    @functools.cached_property
    def end_hands(self) -> tuple[Arrangement | None, Arrangement | None]:
        """Once the round is over, each player's cards laid out by player: the knocker's as
        its spread (as shown, before layoffs) and the cards outside it, the other's in its best
        melds; None for a hand the viewer never saw. Before the end: both None."""
        view = self.view
        hands: list[Arrangement | None] = [None, None]
        result = view.result
        if result is not None:
            for player in (0, 1):
                cards = view.hand if player == view.player else view.opponent_hand
                if cards is None:
                    continue
                if player == result.knocker:
                    hands[player] = _spread_arrangement(cards, result.spread, view.rules.ace_points)
                else:
                    hands[player] = self.best(player)
        return hands[0], hands[1]


def _spread_arrangement(cards: Hand, spread: tuple[Meld, ...], ace_points: int) -> Arrangement:
    covered = 0
    for meld in spread:
        covered |= meld.mask
    dead = Hand.from_mask(cards.mask & ~covered)
    return Arrangement(melds=spread, deadwood=dead, points=dead.points(ace_points))


KEPT = 8
"""How many views' facts :func:`table_facts` keeps: the views drawn last."""

_kept: collections.OrderedDict[int, TableFacts] = collections.OrderedDict()
_lock = threading.Lock()


def table_facts(view: PlayerView) -> TableFacts:
    """The facts of ``view``, the same value for the same view object while it is among the
    last :data:`KEPT` views asked about.

    Views are frozen, so the facts of one never go stale; they are kept by the view's
    identity (a kept entry holds its view, so the identity cannot be reused meanwhile), which
    costs no hashing of the view and never hands one view's facts to another, however alike.

    :param view: a player's view.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> table_facts(r.view(1)) is table_facts(r.view(1))  # two views, alike but not one
    False
    """
    key = id(view)
    with _lock:
        facts = _kept.get(key)
        if facts is not None and facts.view is view:
            _kept.move_to_end(key)
            return facts
        facts = TableFacts(view)
        _kept[key] = facts
        if len(_kept) > KEPT:
            _kept.popitem(last=False)
        return facts
