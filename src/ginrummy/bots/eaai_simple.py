""":class:`EaaiSimpleBot`: the EAAI-21 Gin Rummy challenge's baseline player,
``SimpleGinRummyPlayer``, as a bot of this library (registered as ``'eaai-simple'``).

The challenge (T. Neller, https://github.com/tneller/gin-rummy-eaai, ``SimpleGinRummyPlayer.java``)
rated its entries against this player. This is a port written from a reading of that source,
decision by decision:

- **Draw.** It takes the face-up card exactly when that card would be part of some meld with
  the cards it holds (a set or a run of three or more), and otherwise passes or draws from
  the stock.
- **Discard.** It discards a card that leaves the least deadwood, chosen at random among the
  ties. It never discards the card it has just taken face up, and never discards a card that,
  with the card it has just drawn, makes a pair it already drew and discarded this hand: the
  original remembers each (drawn, discarded) pair as an unordered set of cards, so after
  drawing X and discarding Y it will neither discard Y after drawing X again nor X after
  drawing Y.
- **Knock.** Right after its discard it knocks whenever the deadwood left is within the knock
  limit (gin when it is 0), showing one of its minimum-deadwood arrangements at random.
- **Layoffs.** When the opponent knocks, it declares one of its minimum-deadwood arrangements
  at random; the challenge's engine then lays off its remaining cards one by one, in card
  order (suits clubs, hearts, spades, diamonds; ranks ace to king), each onto the first of the
  knocker's melds it fits, until none fits. This bot makes exactly those layoffs.

Where the library's rules force a difference from the original (see :doc:`/bots`):

- The random choices draw from a generator seeded by the bot's seed and the position (the
  original uses an unseeded ``java.util.Random``), so a bot with a given seed always plays the
  same action for the same view; ``seed=None`` draws a seed at random.
- The original picks uniformly among its list of best meld sets, which holds each way of
  cutting a long run into runs of three or more as a separate entry; the library lists an
  arrangement once with its runs whole, so each arrangement is weighted by the number of ways
  its runs can be cut. Cut or whole, a run accepts the same layoffs.
- The knock limit is the round's (``view.knock_limit``: Oklahoma's upcard, 0 under straight
  gin) where the original has the challenge's constant 10, and melds follow the ruleset
  (round-the-corner runs wrap). It never declares big gin (the original has no such rule).
- The original stops with an error when every card is excluded by its pair rule; this bot
  then ignores that rule. A view with no history (a position built by
  :meth:`~ginrummy.Round.from_position`) has no remembered pairs.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.EAAI, dealer=0, seed=7)
>>> bots = (EaaiSimpleBot(seed=1), EaaiSimpleBot(seed=2))
>>> while not r.is_over:
...     r = r.apply(bots[r.to_act].act(r.view(r.to_act)))
>>> r.result.outcome in (gr.Outcome.KNOCK, gr.Outcome.GIN, gr.Outcome.UNDERCUT, gr.Outcome.DEAD_HAND)
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import ClassVar

from ginrummy.actions import Action, Discard, DrawStock, EndLayoffs, Knock, LayOff, PassUpcard, TakeDiscard
from ginrummy.bots.reference import require_turn
from ginrummy.cards import Card, Hand, Suit
from ginrummy.errors import GinRummyError
from ginrummy.melding.partition import Arrangement, all_best_melds, best_discards
from ginrummy.melds import Meld, MeldKind
from ginrummy.phase import Phase
from ginrummy.play.round import PlayerView
from ginrummy.rules import Ruleset
from ginrummy.validators import check_seed

__all__ = ["JAVA_SUIT_ORDER", "EaaiSimpleBot", "engine_layoffs", "run_cuts", "would_meld"]

JAVA_SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS)
"""The suits in the order of the challenge's card numbering (``Card.java``: C, H, S, D), the
order in which its engine tries the defender's cards for layoffs."""


def _java_order(card: Card) -> tuple[int, int]:
    return JAVA_SUIT_ORDER.index(card.suit), int(card.rank)


def would_meld(hand: Hand, card: Card, rules: Ruleset) -> bool:
    """Whether ``card`` would be part of a meld made with cards of ``hand``: two cards of its
    rank, or two cards of its suit that make a run of three with it (wrapping around the ace
    under round-the-corner rules).

    >>> import ginrummy as gr
    >>> hand = gr.Hand.parse("7c 7d 5h 6h Ks")
    >>> [would_meld(hand, gr.Card(c), gr.PAGAT) for c in ("7s", "4h", "7h", "Qs", "3h")]
    [True, True, True, False, False]
    """
    if sum(1 for held in hand if held.rank == card.rank) >= 2:
        return True
    ranks = {int(held.rank) for held in hand if held.suit == card.suit}
    rank = int(card.rank)

    def held(offset: int) -> bool:
        other = rank + offset
        if rules.round_the_corner:
            other = (other - 1) % 13 + 1
        return other in ranks

    return any(held(a) and held(b) for a, b in ((-2, -1), (-1, 1), (1, 2)))


@functools.cache
def _cuts(length: int) -> int:
    if length == 0:
        return 1
    return sum(_cuts(length - part) for part in range(3, length + 1))


def run_cuts(arrangement: Arrangement) -> int:
    """In how many ways the runs of ``arrangement`` can be cut into runs of three or more
    cards: how many entries the original's list of best meld sets has for it (a run of 6 is
    one run or two of 3; a run of 7 is whole, 3 + 4 or 4 + 3).

    >>> import ginrummy as gr
    >>> run_cuts(gr.best_melds("3c 4c 5c 6c 7c 8c 9c Kd Kh Ks"))
    3
    """
    weight = 1
    for meld in arrangement.melds:
        if meld.kind is MeldKind.RUN:
            weight *= _cuts(len(meld))
    return weight


def _pick_arrangement(cards: Hand, rules: Ruleset, rng: random.Random) -> Arrangement:
    """One minimum-deadwood arrangement of ``cards``, as the original picks one from its list
    of best meld sets (each arrangement weighted by :func:`run_cuts`)."""
    options = all_best_melds(cards, rules)
    if len(options) == 1:
        return options[0]
    return rng.choices(options, weights=[run_cuts(option) for option in options])[0]


def engine_layoffs(spread: Sequence[Meld], cards: Hand, rules: Ruleset) -> tuple[tuple[Card, int], ...]:
    """The layoffs the challenge's engine makes for a defender whose unmelded cards are
    ``cards``: again and again, the first card (in the engine's card order, :data:`JAVA_SUIT_ORDER`
    then rank) that fits any meld of ``spread`` goes onto the first meld it fits, until none
    fits. Returns ``(card, meld index)`` pairs in the order laid.

    >>> import ginrummy as gr
    >>> spread = [gr.Meld.parse("7c 7s 7h"), gr.Meld.parse("4d 5d 6d")]
    >>> engine_layoffs(spread, gr.Hand.parse("7d 8d 9d Kc"), gr.PAGAT)
    ((Card('7d'), 0),)
    """
    melds = list(spread)
    left = sorted(cards, key=_java_order)
    laid: list[tuple[Card, int]] = []
    while True:
        found = next(
            ((card, index) for card in left for index, meld in enumerate(melds) if meld.accepts(card, rules)),
            None,
        )
        if found is None:
            return tuple(laid)
        card, index = found
        melds[index] = melds[index].extend(card, rules)
        left.remove(card)
        laid.append(found)


class EaaiSimpleBot:
    """The EAAI challenge's ``SimpleGinRummyPlayer`` (see the module docstring).

    :param seed: seeds its random choices (with the position); None draws one at random.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.EAAI, dealer=0, seed=7)
    >>> str(r.view(1).upcard), EaaiSimpleBot(seed=1).act(r.view(1))
    ('9d', PassUpcard())
    """

    name: ClassVar[str] = "eaai-simple"

    def __init__(self, seed: int | str | None = None) -> None:
        checked = check_seed(seed, GinRummyError, optional=True)
        self.seed: int | str = random.getrandbits(64) if checked is None else checked

    def _rng(self, view: PlayerView, *more: object) -> random.Random:
        """A generator for one decision: the bot's seed and the position decide it."""
        parts = (self.seed, view.player, len(view.events), view.hand.mask, view.stock_size, *more)
        return random.Random("eaai-simple:" + ":".join(map(str, parts)))

    def act(self, view: PlayerView) -> Action:
        """The baseline player's choice among ``view.legal_actions``.

        :raises GinRummyError: when the view has no legal action (not this player's turn).
        """
        legal = require_turn(view)
        phase = view.phase
        if phase is Phase.UPCARD_OFFER or phase is Phase.DRAW:
            upcard = view.upcard
            if TakeDiscard() in legal and upcard is not None and would_meld(view.hand, upcard, view.rules):
                return TakeDiscard()
            return PassUpcard() if PassUpcard() in legal else DrawStock()
        if phase is Phase.DISCARD:
            return self._discard(view, legal)
        return self._layoff(view)

    def _drawn(self, view: PlayerView) -> tuple[Card | None, set[frozenset[Card]]]:
        """The card drawn this turn (None when the view has no history) and the (drawn,
        discarded) pairs of the player's earlier turns this round."""
        pairs: set[frozenset[Card]] = set()
        drawn: Card | None = None
        for event in view.events:
            if event.player != view.player:
                continue
            if isinstance(event.action, (DrawStock, TakeDiscard)):
                drawn = event.card
            elif isinstance(event.action, (Discard, Knock)) and drawn is not None:
                pairs.add(frozenset((drawn, event.action.card)))
                drawn = None
        return drawn, pairs

    def _discard(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        drawn, pairs = self._drawn(view)
        options = [(left, card) for card, left in best_discards(view.hand, view.rules) if card != view.taken]
        allowed = [item for item in options if drawn is None or frozenset((drawn, item[1])) not in pairs]
        options = allowed or options
        least = min(left for left, _ in options)
        ties = sorted((card for left, card in options if left == least), key=lambda card: card.index)
        rng = self._rng(view)
        card = ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]
        if least <= view.knock_limit and Knock(card) in legal:
            arrangement = _pick_arrangement(view.hand.remove(card), view.rules, rng)
            return Knock(card, arrangement.melds)
        return Discard(card)

    def _layoff(self, view: PlayerView) -> Action:
        # Recompute the whole plan from the position at the start of the layoffs (the cards
        # laid off so far go back to the hand and leave the spread), so every call agrees.
        laid = Hand([card for card, _ in view.layoffs])
        start_hand = view.hand | laid
        spread = tuple(
            Meld(Hand.from_mask(meld.mask & ~laid.mask), rules=view.rules) if meld.mask & laid.mask else meld
            for meld in view.spread
        )
        rng = random.Random(f"eaai-simple:{self.seed}:{view.player}:layoffs:{start_hand.mask}")
        arrangement = _pick_arrangement(start_hand, view.rules, rng)
        plan = engine_layoffs(spread, arrangement.deadwood, view.rules)
        done = len(view.layoffs)
        if view.layoffs == plan[:done] and done < len(plan):
            card, meld = plan[done]
            action = LayOff(card, meld)
            if action in view.legal_actions:
                return action
        return EndLayoffs()
