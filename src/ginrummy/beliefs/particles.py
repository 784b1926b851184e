"""Beliefs about the cards a player cannot see: probabilities and worlds weighted by a model.

With the uniform model every world consistent with the view is equally likely: a card the
viewer cannot see is in the opponent's hand with probability ``k / u`` (``k`` opponent cards
the viewer does not know, among ``u`` unseen cards), and :func:`ginrummy.beliefs.worlds.draw_world`
draws worlds exactly.

Any other model is applied through a *population* of worlds drawn from its belief (the prior
over the worlds consistent with the view times the likelihood of the opponent's observed
choices, :mod:`ginrummy.beliefs.opponent_models`) by the Markov chains of
:mod:`ginrummy.beliefs.chains`, with a generator seeded from the view's content, so the
population depends only on the view:

- the probability of a card is its frequency in the opponent's hand over the population;
- a sampled world is a member of the population, each as likely.

So the sampler's card frequencies are the probabilities, and both depend only on the view (and
the sampler's generator). The population is kept on the view for the next call.

>>> import random
>>> import ginrummy as gr
>>> v = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard()).view(0)
>>> p = v.card_probabilities()
>>> round(sum(p.values()), 6), len(p)
(10.0, 41)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from ginrummy.beliefs.chains import posterior_worlds
from ginrummy.beliefs.opponent_models import OpponentModel
from ginrummy.beliefs.worlds import Record, ViewFacts, World
from ginrummy.cards import DECK, Card

__all__ = ["Population", "population", "uniform_probabilities"]


def uniform_probabilities(view: ViewFacts) -> dict[Card, float]:
    """For every card the viewer cannot see, the probability that the opponent holds it when
    every consistent world is equally likely: ``k / u`` for each."""
    unseen = [card for card in DECK if not view.known_cards.mask & card.mask]
    hidden = view.opponent_card_count - len(view.opponent_known)
    share = hidden / len(unseen) if unseen else 0.0
    return {card: share for card in unseen}


class Population:
    """Worlds drawn from a model's belief about a view, each with the opponent's cards at the
    end of the log (see the module docstring)."""

    def __init__(self, drawn: Sequence[tuple[World, int]], known: int) -> None:
        self.worlds = [world for world, _ in drawn]
        self.hands = [hand for _, hand in drawn]
        self.known = known

    def probabilities(self, unseen: Sequence[Card]) -> dict[Card, float]:
        """For each unseen card, its frequency in the opponent's hand over the worlds."""
        result = dict.fromkeys(unseen, 0.0)
        share = 1.0 / len(self.hands) if self.hands else 0.0
        for hand in self.hands:
            rest = hand & ~self.known
            while rest:
                low = rest & -rest
                rest ^= low
                card = DECK[low.bit_length() - 1]
                if card in result:
                    result[card] += share
        return result

    def pick(self, rng: random.Random) -> World:
        """One of the worlds, each as likely."""
        return rng.choice(self.worlds)


def _digest(view: ViewFacts, events: Sequence[Record]) -> int:
    """A seed drawn from the view's content alone (the same on every Python and process)."""
    facts = (
        view.rules.name,
        view.player,
        view.dealer,
        view.dealt,
        view.hand.mask,
        view.opponent_known.mask,
        tuple(card.index for card in view.discard_pile),
        view.stock_size,
        view.turns,
        tuple((number, player, repr(action), repr(card)) for number, player, action, card in events),
    )
    return int.from_bytes(hashlib.blake2b(repr(facts).encode(), digest_size=8).digest(), "big")


def population(view: ViewFacts, events: Sequence[Record], model: OpponentModel) -> Population:
    """``model.particles`` worlds drawn from ``model``'s belief about ``view`` (by the chains of
    :mod:`ginrummy.beliefs.chains`), with a generator seeded from the view alone.

    :raises InvalidPositionError: when no round has the view.
    """
    rng = random.Random(_digest(view, events))
    return Population(posterior_worlds(view, events, model, model.particles, rng), view.opponent_known.mask)
