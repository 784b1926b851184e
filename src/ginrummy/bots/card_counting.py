"""What a player's view says about the cards it cannot see, and what a hand could still
become: the card counting behind :class:`~ginrummy.TrackerBot`, usable by any bot.

A :class:`CardCounter` reads a :class:`~ginrummy.PlayerView` once: which cards are *unseen*
(in the stock or the opponent's hand, wherever the view does not say), which cards the
opponent is known to hold (taken from the pile), and which ranks and neighbours it has shown
no interest in (cards it discarded, and top discards it passed over or drew past). From that
it estimates how likely the opponent is to hold a card and to meld a card it is given.

:func:`meld_gain` measures a hand's *meld potential*: over the unseen cards that would form a
new 3-card meld with two of its cards (its *outs*), the deadwood points the next draw would
save, summed. Cards already discarded, held by the opponent or in the player's own hand are
not outs, so a pair whose third card lies in the discard pile counts for nothing.

Everything works on hand masks (see :mod:`ginrummy.cards`) and per-suit lookups, so that a bot
can weigh every candidate discard in a few microseconds.

>>> import ginrummy as gr
>>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
>>> counter = CardCounter(view)
>>> counter.unseen.bit_count(), round(counter.hidden_share, 3)    # 52 - 10 held - the upcard
(41, 0.244)
"""

from __future__ import annotations

import functools
from typing import Final

from ginrummy.actions import Discard, DrawStock, PassUpcard, TakeDiscard
from ginrummy.cards import Hand
from ginrummy.melding.partition import deadwood
from ginrummy.melding.suit_lookups import SuitLookups, lookups_for
from ginrummy.play.round import PlayerView
from ginrummy.rules import Ruleset
from ginrummy.suit_masks import RANK_MASK, SUIT_BITS, rotate_left, rotate_right, split, triples

__all__ = ["AVOIDED_SHARE", "CardCounter", "meld_gain", "meld_outs", "meld_partners"]

FULL_MASK: Final = (1 << 52) - 1

AVOIDED_SHARE: Final = 0.7
"""How much less likely the opponent is to hold a card of a rank it threw or passed over, or
next to such a card in its suit, than any other unseen card (a player keeps the cards that
would have melded with what it let go)."""


@functools.cache
def meld_partners(wrap: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each card index, the pairs of other cards (as one-bit masks) that make a 3-card
    meld with it: three pairs for the set, up to three for runs (wrapping when ``wrap``).

    >>> len(meld_partners(False)[0]), len(meld_partners(True)[0])   # the ace of clubs
    (4, 6)
    """
    partners = []
    for index in range(52):
        suit, rank = divmod(index, 13)
        others = [13 * s + rank for s in range(4) if s != suit]
        pairs = [(1 << others[i], 1 << others[j]) for i in range(3) for j in range(i + 1, 3)]
        for low in (-2, -1, 0):
            window = [rank + low + step for step in range(3)]
            if wrap:
                window = [r % 13 for r in window]
            elif window[0] < 0 or window[2] > 12:
                continue
            rest = [13 * suit + r for r in window if r != rank]
            pairs.append((1 << rest[0], 1 << rest[1]))
        partners.append(tuple(pairs))
    return tuple(partners)


def meld_outs(mask: int, wrap: bool) -> int:
    """The cards not in the hand ``mask`` that make a 3-card meld with two of its cards: the
    third card of a pair's set, and the cards that complete three in a row in a suit.

    >>> str(Hand.from_mask(meld_outs(Hand.parse("7c 7d 8h 9h").mask, wrap=False)))
    '7h Th 7s'
    """
    a, b, c, d = split(mask)
    pairs = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    out = 0
    for shift, m in ((0, a), (13, b), (26, c), (39, d)):
        if wrap:
            up1, up2, down1, down2 = (
                rotate_left(m, 1),
                rotate_left(m, 2),
                rotate_right(m, 1),
                rotate_right(m, 2),
            )
        else:
            up1, up2, down1, down2 = m << 1, m << 2, m >> 1, m >> 2
        runs = (up1 & up2) | (down1 & down2) | (up1 & down1)
        out |= ((runs | pairs) & ~m & SUIT_BITS) << shift
    return out


class _RunOuts:
    """Per 13-bit suit mask ``m``, the cards of that suit that lower the run-only deadwood of
    ``m`` when added, with the points saved: ``outs[m]`` is a tuple of ``(bit, saved)``."""

    def __init__(self, lookups: SuitLookups) -> None:
        dw = lookups.dw
        wrap = lookups.wrap
        outs: list[tuple[tuple[int, int], ...]] = [()] * (1 << 13)
        for m in range(1 << 13):
            if not 2 <= m.bit_count() <= 11:
                continue  # one card makes no run with one more; twelve leave nothing to add
            if wrap:
                near = (rotate_left(m, 1) | rotate_left(m, 2) | rotate_right(m, 1) | rotate_right(m, 2)) & ~m
            else:
                near = (m << 1 | m << 2 | m >> 1 | m >> 2) & ~m & SUIT_BITS
            found = []
            while near:
                low = near & -near
                near ^= low
                saved = dw[m] - dw[m | low]
                if saved > 0:
                    found.append((low, saved))
            outs[m] = tuple(found)
        self.outs = outs


@functools.cache
def _run_outs(lookups: SuitLookups) -> _RunOuts:
    return _RunOuts(lookups)


def meld_gain(mask: int, points: int, live: int, rules: Ruleset) -> int:
    """The deadwood points the hand ``mask`` (deadwood ``points``) would save, summed over
    the cards of ``live`` that each form a new meld with it; divided by the number of cards
    the next draw could be, it is the expected saving of that draw from melding.

    Runs come from the per-suit lookups; the third card of a pair saves the pair's points. Ranks
    held three or four times count as sets (so a set card that a run would rather use is not
    offered to that run); where a card would both extend a run and complete a set, or a pair
    card sits in a run, the partitioner decides.

    >>> import ginrummy as gr
    >>> hand = gr.Hand.parse("7c 7d 8h 9h Kc Qd 2s 4s 6s Jh")
    >>> live = gr.Hand.parse("7h Th 7s").mask   # the outs: 7h and 7s for the sevens, 7h and Th the run
    >>> meld_gain(hand.mask, gr.deadwood(hand), live, gr.PAGAT)   # 7h saves 17 (8h 9h), Th 27 (8h-Jh), 7s 14
    58
    """
    lookups = lookups_for(rules)
    run = lookups.melded
    a, b, c, d = split(mask)
    sets = triples(a, b, c, d)
    ra, rb, rc, rd = run[a], run[b], run[c], run[d]
    if sets:
        a &= ~sets
        b &= ~sets
        c &= ~sets
        d &= ~sets
    pairs = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    pair_in_run = pairs & (ra | rb | rc | rd)
    outs = _run_outs(lookups).outs
    values = lookups.values
    total = 0
    exact = 0
    for shift, m in ((0, a), (13, b), (26, c), (39, d)):
        here = live >> shift & SUIT_BITS
        seen = 0
        for bit, saved in outs[m]:
            if bit & here:
                seen |= bit
                if bit & pairs:
                    exact |= bit << shift
                else:
                    total += saved
        completing = pairs & ~m & here & ~seen
        if completing:
            exact |= (completing & pair_in_run) << shift
            completing &= ~pair_in_run
            while completing:
                low = completing & -completing
                completing ^= low
                total += 2 * values[low.bit_length() - 1]
    while exact:
        low = exact & -exact
        exact ^= low
        saved = points - deadwood(Hand.from_mask(mask | low), rules)
        if saved > 0:
            total += saved
    return total


def _avoided_by(index: int) -> int:
    """The cards an opponent that let the card ``index`` go is less likely to hold: the other
    cards of its rank and its neighbours in its suit."""
    suit, rank = divmod(index, 13)
    mask = RANK_MASK << rank
    for r in (rank - 1, rank + 1):
        if 0 <= r <= 12:
            mask |= 1 << (13 * suit + r)
    return mask & ~(1 << index)


_AVOIDED_BY: Final = tuple(_avoided_by(index) for index in range(52))


class CardCounter:
    """What the view of one player says about the cards it cannot see.

    :param view: the player's view; nothing else is read.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> r = r.apply(gr.TakeDiscard()).apply(gr.Discard("Kh"))     # player 1 takes 9d, throws Kh
    >>> counter = CardCounter(r.view(0))
    >>> str(Hand.from_mask(counter.opponent_known)), counter.holds(gr.Card("9d").mask)
    ('9d', 1.0)
    >>> counter.holds(gr.Card("Qh").mask) < counter.holds(gr.Card("Jh").mask)   # Qh is next to Kh
    True
    """

    __slots__ = ("avoided", "dead", "hidden_share", "opponent_known", "unseen", "wrap")

    def __init__(self, view: PlayerView) -> None:
        pile = 0
        for card in view.discard_pile:
            pile |= card.mask
        spread = 0
        for meld in view.spread:
            spread |= meld.mask
        known = view.opponent_known.mask
        knock = view.knock_card.mask if view.knock_card is not None else 0
        dead = view.hand.mask | pile | spread | knock
        self.unseen: int = FULL_MASK & ~(dead | known)
        """Cards whose place the player does not know: the stock and the opponent's other
        cards (and a face-down knock card)."""
        self.dead: int = dead
        """Cards nobody can take any more, or that are the player's own: its hand, the
        discard pile, the spread and a knock card it sees."""
        self.opponent_known: int = known
        """Cards the opponent is known to hold."""
        hidden = view.opponent_card_count - known.bit_count()
        self.hidden_share: float = hidden / max(1, self.unseen.bit_count())
        """The chance that a given unseen card is in the opponent's hand."""
        self.avoided: int = _passed_over(view) & self.unseen
        """Unseen cards the opponent is less likely to hold (see :data:`AVOIDED_SHARE`)."""
        self.wrap: bool = view.rules.round_the_corner
        """Whether runs wrap (round the corner)."""

    def holds(self, bit: int) -> float:
        """The chance that the opponent holds the card ``bit`` (a one-bit mask): 1 for a card
        it took from the pile, 0 for a card the player can see elsewhere."""
        if bit & self.opponent_known:
            return 1.0
        if bit & self.unseen:
            return self.hidden_share * (AVOIDED_SHARE if bit & self.avoided else 1.0)
        return 0.0

    def danger(self, index: int) -> float:
        """The chance that the opponent could meld the card ``index`` if it were discarded:
        that it holds both other cards of some 3-card meld with it (capped at 1).

        >>> import ginrummy as gr
        >>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
        >>> counter = CardCounter(view)
        >>> str(view.hand)
        'Ac 2d 4d 5d Td Qd 6h 8h Kh 2s'
        >>> round(counter.danger(gr.Card("Kh").index), 3)    # Kc Kd Ks and Jh Qh: 4 pairs unseen
        0.238
        >>> round(counter.danger(gr.Card("8h").index), 3)    # 6h is its own: 5 pairs
        0.297
        """
        # holds() inlined: this runs for every candidate discard of every decision
        known, unseen, avoided, share = self.opponent_known, self.unseen, self.avoided, self.hidden_share
        low = share * AVOIDED_SHARE
        total = 0.0
        for y, z in meld_partners(self.wrap)[index]:
            held = 1.0 if y & known else (low if y & avoided else share) if y & unseen else 0.0
            if held:
                total += held * (1.0 if z & known else (low if z & avoided else share) if z & unseen else 0.0)
        return min(1.0, total)


def _passed_over(view: PlayerView) -> int:
    """The cards next to or of the same rank as the cards the opponent of the viewer let go:
    those it discarded, and the top discards it passed or drew from the stock over."""
    me = view.player
    pile = list(view.discard_pile)  # the pile after each event, rebuilt from the last one back
    thrown = 0
    for event in reversed(view.events):
        action = event.action
        if isinstance(action, Discard):
            pile.pop()
            if event.player != me:
                thrown |= action.card.mask
        elif isinstance(action, TakeDiscard):
            if event.card is not None:
                pile.append(event.card)
        elif event.player != me and isinstance(action, (DrawStock, PassUpcard)) and pile:
            thrown |= pile[-1].mask
    avoided = 0
    while thrown:
        low = thrown & -thrown
        thrown ^= low
        avoided |= _AVOIDED_BY[low.bit_length() - 1]
    return avoided
