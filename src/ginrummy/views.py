"""Per-player views of a round: everything a player may know, and nothing else.

A view holds the player's own cards, the opponent's card count and the cards it is known to
hold (taken from the discard pile), the discard pile, the stock's size (never its order),
the phase, whose turn it is, the legal actions on the player's turn, the knock limit, the
spread and layoffs once shown, and both hands once they are shown (after a knock) or the
round is over.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> v = r.view(1)
>>> v.hand == r.hand(1), v.opponent_hand, v.opponent_card_count, v.stock_size
(True, None, 10, 31)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ginrummy.actions import Action, DrawStock, Knock
from ginrummy.cards import Card, Hand
from ginrummy.events import Event, Phase
from ginrummy.melds import Meld
from ginrummy.rules import Ruleset
from ginrummy.scoring import RoundResult

if TYPE_CHECKING:
    from ginrummy.round import Round

__all__ = ["PlayerView", "censor", "view_of"]


@attrs.frozen
class PlayerView:
    """What one player may know about a round.

    >>> import ginrummy as gr
    >>> v = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(0)
    >>> v.is_my_turn, v.legal_actions, str(v.upcard), v.opponent_card_count
    (False, (), '9d', 10)
    """

    player: int
    """Whose view this is."""
    rules: Ruleset
    """The ruleset."""
    dealer: int
    """The dealer."""
    phase: Phase
    """The phase."""
    to_act: int | None
    """Who acts next (None when the round is over)."""
    hand: Hand
    """The player's own cards."""
    opponent_card_count: int
    """How many cards the opponent holds."""
    opponent_known: Hand
    """The opponent's cards this player knows: taken from the pile and still held, or all of
    them once shown."""
    opponent_hand: Hand | None
    """The opponent's whole hand once shown (after a knock, or when the round is over)."""
    discard_pile: tuple[Card, ...]
    """The discard pile, bottom to top."""
    stock_size: int
    """How many cards the stock holds."""
    initial_upcard: Card
    """The card turned up at the deal."""
    knock_limit: int
    """The most deadwood a knock may leave this round."""
    taken: Card | None
    """The card this player took from the pile this turn (it may not be discarded)."""
    legal_actions: tuple[Action, ...]
    """The legal actions when it is this player's turn, else ()."""
    knocker: int | None
    """Who knocked, once someone has."""
    spread: tuple[Meld, ...]
    """The knocker's spread once shown (with laid-off cards)."""
    layoffs: tuple[tuple[Card, int], ...]
    """The layoffs so far."""
    knock_card: Card | None
    """The face-down knock card: the knocker's own view shows it, the opponent's only once
    the round is over."""
    result: RoundResult | None
    """The result once the round is over."""
    events: tuple[Event, ...]
    """The log, censored: the opponent's stock draws and hidden knock card are None."""

    @property
    def is_my_turn(self) -> bool:
        """Whether this player acts next."""
        return self.to_act == self.player

    @property
    def upcard(self) -> Card | None:
        """The top of the discard pile, or None."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def known_cards(self) -> Hand:
        """Every card whose place this player knows: its hand, the discard pile, the cards it
        knows the opponent holds, the spread and the knock card it may see."""
        mask = self.hand.mask | self.opponent_known.mask
        for card in self.discard_pile:
            mask |= card.mask
        for meld in self.spread:
            mask |= meld.mask
        if self.knock_card is not None:
            mask |= self.knock_card.mask
        return Hand.from_mask(mask)


def view_of(round_: Round, player: int) -> PlayerView:
    """The view of ``round_`` for ``player`` (see :meth:`ginrummy.Round.view`)."""
    opponent = 1 - player
    over = round_.phase is Phase.OVER
    shown = over or round_.knocker is not None  # from the knock on, both hands are shown
    opponent_cards = round_.hands[opponent]
    knock_visible = over or round_.knocker == player
    if over:
        events = tuple(censor(event, player, knock_visible=True) for event in round_.events)
    else:
        events = round_.seen_events[player]
    return PlayerView(
        player=player,
        rules=round_.rules,
        dealer=round_.dealer,
        phase=round_.phase,
        to_act=round_.to_act,
        hand=round_.hands[player],
        opponent_card_count=len(opponent_cards),
        opponent_known=opponent_cards if shown else round_.known[opponent],
        opponent_hand=opponent_cards if shown else None,
        discard_pile=round_.discard_pile,
        stock_size=len(round_.stock),
        initial_upcard=round_.initial_upcard,
        knock_limit=round_.knock_limit,
        taken=round_.taken if round_.to_act == player else None,
        legal_actions=round_.legal_actions() if round_.to_act == player else (),
        knocker=round_.knocker,
        spread=round_.spread,
        layoffs=round_.layoffs,
        knock_card=round_.knock_card if knock_visible else None,
        result=round_.result,
        events=events,
    )


def censor(event: Event, player: int, *, knock_visible: bool) -> Event:
    """``event`` as ``player`` may see it: the opponent's stock draw without its card, and
    the opponent's knock hidden unless ``knock_visible``."""
    if event.player == player:
        return event
    if isinstance(event.action, DrawStock) and event.card is not None:
        return Event(event.number, event.player, event.action, None)
    if isinstance(event.action, Knock) and not knock_visible:
        return Event(event.number, event.player, None, None)
    return event
