"""The legal actions of a view grouped for controls: what each card of the hand may do, and
the rest.

A table draws a control per card (discard it, knock with it face down, lay it off onto a meld
of the spread) and a few buttons (draw, take, pass, big gin, end the layoffs).
:func:`controls` sorts a view's :attr:`~ginrummy.PlayerView.legal_actions` that way, so a front
end needs no ``isinstance`` filters; every action it holds is one of the view's legal actions,
and every legal action is in it exactly once.

>>> import ginrummy as gr
>>> from ginrummy.frontend import controls
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())
>>> c = controls(r.view(1))
>>> c.taken, c[gr.Card("9d")].discard, c[gr.Card("2s")].discard
(Card('9d'), None, Discard(card=Card('2s')))
>>> c.others
()
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from ginrummy.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    EndLayoffs,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
)
from ginrummy.cards import Card
from ginrummy.errors import InvalidCardError
from ginrummy.play.round import PlayerView

__all__ = ["CardControls", "Controls", "controls"]


@attrs.frozen(kw_only=True)
class CardControls:
    """What one card of the hand may do now (None or empty when it may not).

    >>> import ginrummy as gr
    >>> CardControls(card=gr.Card("Kh")).playable
    False
    """

    card: Card
    """The card."""
    discard: Discard | None = None
    """Discarding it face up, when legal."""
    knock: Knock | None = None
    """Knocking with it face down (the library's spread: see
    :func:`~ginrummy.frontend.knock_spreads` for the others), when legal."""
    layoffs: tuple[LayOff, ...] = ()
    """Laying it off onto each meld of the spread it fits, by meld number."""

    @property
    def playable(self) -> bool:
        """Whether the card has any legal action now."""
        return self.discard is not None or self.knock is not None or bool(self.layoffs)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Its legal actions: the discard, the knock, then the layoffs."""
        found: list[Action] = [a for a in (self.discard, self.knock) if a is not None]
        return (*found, *self.layoffs)


@attrs.frozen(kw_only=True)
class Controls:
    """A view's legal actions grouped for controls: each card of the hand (in hand order) with
    its :class:`CardControls` (``controls[card]``; iterating gives the cards), and the actions
    that belong to no card.

    Build it with :func:`controls`.

    >>> import ginrummy as gr
    >>> c = controls(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1))
    >>> c.take, c.pass_upcard, c.draw, len(c), c.discardable
    (TakeDiscard(), PassUpcard(), None, 10, ())
    """

    cards: tuple[CardControls, ...]
    """One entry per card of the player's hand, in hand order."""
    others: tuple[Action, ...]
    """The legal actions that belong to no card, in the order of ``legal_actions``: take,
    draw, pass, big gin, end the layoffs."""
    taken: Card | None = None
    """The card taken from the pile this turn, which may not be discarded (its entry says so
    by having no discard and no knock)."""

    def __getitem__(self, card: Card) -> CardControls:
        for entry in self.cards:
            if entry.card == card:
                return entry
        raise InvalidCardError(f"card {card!r:.40} is not in the hand")

    def __contains__(self, card: object) -> bool:
        return any(entry.card == card for entry in self.cards)

    def __iter__(self) -> Iterator[Card]:
        return (entry.card for entry in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def _other(self, kind: type[Action]) -> Action | None:
        return next((action for action in self.others if isinstance(action, kind)), None)

    @property
    def draw(self) -> DrawStock | None:
        """Drawing from the stock, when legal."""
        found = self._other(DrawStock)
        return found if isinstance(found, DrawStock) else None

    @property
    def take(self) -> TakeDiscard | None:
        """Taking the top of the discard pile (or the upcard), when legal."""
        found = self._other(TakeDiscard)
        return found if isinstance(found, TakeDiscard) else None

    @property
    def pass_upcard(self) -> PassUpcard | None:
        """Passing the upcard on the first turn, when legal."""
        found = self._other(PassUpcard)
        return found if isinstance(found, PassUpcard) else None

    @property
    def big_gin(self) -> BigGin | None:
        """Declaring big gin, when legal."""
        found = self._other(BigGin)
        return found if isinstance(found, BigGin) else None

    @property
    def end_layoffs(self) -> EndLayoffs | None:
        """Ending the layoffs, when legal."""
        found = self._other(EndLayoffs)
        return found if isinstance(found, EndLayoffs) else None

    @property
    def discardable(self) -> tuple[Card, ...]:
        """The cards that may be discarded face up, in hand order."""
        return tuple(entry.card for entry in self.cards if entry.discard is not None)

    @property
    def knock_cards(self) -> tuple[Card, ...]:
        """The cards that may be laid face down to knock, in hand order."""
        return tuple(entry.card for entry in self.cards if entry.knock is not None)

    def fits(self, meld: int) -> tuple[Card, ...]:
        """The cards of the hand that may be laid off onto spread meld number ``meld``."""
        return tuple(entry.card for entry in self.cards if any(lay.meld == meld for lay in entry.layoffs))


def controls(view: PlayerView) -> Controls:
    """The legal actions of ``view`` grouped for controls (see :class:`Controls`); on the
    opponent's turn every card has no action and ``others`` is empty.

    :param view: the player's view of the round.
    :returns: the grouping; every legal action of the view appears in it exactly once.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> r = r.apply(gr.PassUpcard()).apply(gr.PassUpcard())
    >>> c = controls(r.view(1))
    >>> c.others, c.draw
    ((DrawStock(),), DrawStock())
    """
    discards: dict[Card, Discard] = {}
    knocks: dict[Card, Knock] = {}
    layoffs: dict[Card, list[LayOff]] = {}
    others: list[Action] = []
    for action in view.legal_actions:
        if isinstance(action, Discard):
            discards[action.card] = action
        elif isinstance(action, Knock):
            knocks[action.card] = action
        elif isinstance(action, LayOff):
            layoffs.setdefault(action.card, []).append(action)
        else:
            others.append(action)
    entries = tuple(
        CardControls(
            card=card,
            discard=discards.get(card),
            knock=knocks.get(card),
            layoffs=tuple(layoffs.get(card, ())),
        )
        for card in view.hand
    )
    return Controls(cards=entries, others=tuple(others), taken=view.taken)
