"""The spreads a knocker may show with a given knock card, and the one ``Knock(card)`` shows.

The knocker chooses its spread (docs/rules.rst §4): different arrangements leave the defender
different layoffs, and any arrangement whose deadwood stays within the knock limit is legal,
even a worse one. ``Knock(card)`` with ``melds=None`` shows :func:`ginrummy.best_melds` of the
ten cards kept: the first minimum-deadwood arrangement in the library's order of preference
(rank by rank from the ace it prefers the quad, then the triples, then no set; see
:func:`ginrummy.all_best_melds`). :func:`knock_spreads` lists that one first, then every other
legal spread, so a table can offer the choice.

Spreads are listed in canonical form, as :func:`ginrummy.all_best_melds` lists them: runs that
touch are merged (``3c-8c``, never ``3c-5c`` and ``6c-8c``: the same cards, the same
layoffs).

>>> import ginrummy as gr
>>> from ginrummy.frontend import knock_spreads
>>> mine = gr.Hand.parse("7c 8c 9c Tc 7d 7h 7s 2d 3d 4d Kh")
>>> theirs = gr.Hand.parse("Qc Qd Qh Js Ts 9s 8d 5h 6h 2c")
>>> stock = [c for c in gr.DECK if c not in mine and c not in theirs and c != gr.Card("4s")]
>>> r = gr.Round.from_position(gr.PAGAT, dealer=1, hands=(mine, theirs), stock=stock,
...     discard_pile=[gr.Card("4s")], phase=gr.Phase.DISCARD, to_act=0)
>>> choice = knock_spreads(r.view(0), gr.Card("Kh"))
>>> print(choice.picked)
7c 7d 7h 7s | 8c 9c Tc | 2d 3d 4d | deadwood 0
>>> for spread in choice.spreads[1:3]:
...     print(spread)
7c 8c 9c Tc | 2d 3d 4d | 7d 7h 7s | deadwood 0
7c 7d 7h | 8c 9c Tc | 2d 3d 4d | deadwood 7s (7)
>>> r.apply(choice.action(choice.spreads[1])).spread[0]
Meld('7c 8c 9c Tc')
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from ginrummy.actions import Knock
from ginrummy.cards import Card, Hand
from ginrummy.errors import IllegalActionError
from ginrummy.melding.partition import Arrangement, best_melds
from ginrummy.melds import Meld, MeldKind, all_melds
from ginrummy.play.round import PlayerView
from ginrummy.rules import Ruleset

__all__ = ["KnockSpreads", "knock_spreads"]


@attrs.frozen(kw_only=True)
class KnockSpreads:
    """The legal spreads of a knock with one card.

    Build it with :func:`knock_spreads` (see the module's example).

    >>> import ginrummy as gr
    >>> best = gr.best_melds("7c 8c 9c 2d")
    >>> KnockSpreads(card=gr.Card("Kh"), picked=best, spreads=(best,)).action()
    Knock(card=Card('Kh'), melds=None)
    """

    card: Card
    """The knock card, laid face down."""
    picked: Arrangement
    """The spread ``Knock(card)`` (``melds=None``) shows: :func:`ginrummy.best_melds` of the
    ten cards kept."""
    spreads: tuple[Arrangement, ...]
    """Every legal spread: the least deadwood first, then more (each within the knock limit);
    among equals the library's order, :attr:`picked` first of its deadwood."""

    def action(self, spread: Arrangement | None = None) -> Knock:
        """The knock showing ``spread`` (one of :attr:`spreads`), or the library's when None.

        :raises IllegalActionError: for a spread that is not one of :attr:`spreads`.
        """
        if spread is None:
            return Knock(self.card)
        if spread not in self.spreads:
            raise IllegalActionError(
                f"spread {str(spread)!r} is not a legal spread of a knock with {self.card}"
            )
        return Knock(self.card, spread.melds)


def knock_spreads(view: PlayerView, card: Card) -> KnockSpreads:
    """Every spread the player of ``view`` may show when knocking with ``card`` now.

    :param view: the knocker's view, on its discard.
    :param card: the knock card.
    :returns: the spreads, the one ``Knock(card)`` would show first.
    :raises IllegalActionError: when the player may not knock with ``card`` now (the reason
        names the card).

    >>> import ginrummy as gr
    >>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    >>> knock_spreads(view, gr.Card("Ac"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ginrummy.errors.IllegalActionError: cannot knock with Card('Ac') now: ...
    """
    if Knock(card) not in view.legal_actions:
        raise IllegalActionError(
            f"cannot knock with {card!r:.40} now: not among the legal actions of player {view.player}"
        )
    rest = view.hand.remove(card)
    picked = best_melds(rest, view.rules)
    found = [
        arrangement
        for arrangement in _arrangements(rest, view.rules)
        if arrangement.points <= view.knock_limit
    ]
    found.sort(key=lambda a: (a.points, a != picked, [m.cards for m in a.melds]))
    return KnockSpreads(card=card, picked=picked, spreads=tuple(found))


def _arrangements(cards: Hand, rules: Ruleset) -> Iterator[Arrangement]:
    """Every arrangement of ``cards`` into disjoint melds (none included), in canonical form."""
    melds = [meld for meld in all_melds(rules) if meld.mask & ~cards.mask == 0]

    def walk(start: int, used: int, chosen: tuple[Meld, ...]) -> Iterator[Arrangement]:
        if _canonical(chosen, rules):
            dead = Hand.from_mask(cards.mask & ~used)
            yield Arrangement(melds=chosen, deadwood=dead, points=dead.points(rules.ace_points))
        for index in range(start, len(melds)):
            meld = melds[index]
            if not meld.mask & used:
                yield from walk(index + 1, used | meld.mask, (*chosen, meld))

    yield from walk(0, 0, ())


def _canonical(melds: tuple[Meld, ...], rules: Ruleset) -> bool:
    """Whether no two runs of ``melds`` touch (their cards together would be one run)."""
    runs = [meld for meld in melds if meld.kind is MeldKind.RUN]
    for i, first in enumerate(runs):
        for second in runs[i + 1 :]:
            if first.suit == second.suit and any(first.accepts(c, rules) for c in second.cards):
                return False
    return True
