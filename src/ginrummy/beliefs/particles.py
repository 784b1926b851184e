"""Beliefs about the cards a player cannot see: probabilities and worlds weighted by a model.

With the uniform model every world consistent with the view is equally likely: a card the
viewer cannot see is in the opponent's hand with probability ``k / u`` (``k`` opponent cards
the viewer does not know, among ``u`` unseen cards), and :func:`ginrummy.beliefs.worlds.draw_world`
draws worlds exactly.

Any other model is applied by importance sampling: a *population* of worlds is drawn
uniformly for the view (with a generator seeded from the view's content, so the population
depends only on the view), each world is weighted by the likelihood of the opponent's observed
choices in it (:mod:`ginrummy.beliefs.opponent_models`), and

- the probability of a card is its weighted frequency in the opponent's hand over the
  population;
- a sampled world is a member of the population drawn with probability proportional to its
  weight.

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
import math
import random
from collections.abc import Sequence
from typing import Protocol

from ginrummy.actions import BigGin, Discard, DrawStock, Knock, PassUpcard, TakeDiscard
from ginrummy.beliefs.chains import posterior_worlds
from ginrummy.beliefs.opponent_models import Decision, OpponentModel
from ginrummy.beliefs.worlds import Record, ViewFacts, World
from ginrummy.cards import DECK, Card, Hand
from ginrummy.dealing import deal
from ginrummy.rules import AfterPass, Ruleset

__all__ = ["BeliefFacts", "Population", "history", "population", "uniform_probabilities"]


class BeliefFacts(ViewFacts, Protocol):
    """What beliefs read of a view besides the sampler's facts: the ruleset and what the viewer
    has seen (:class:`ginrummy.PlayerView` has it all)."""

    @property
    def rules(self) -> Ruleset: ...
    @property
    def knock_limit(self) -> int: ...
    @property
    def known_cards(self) -> Hand: ...
    @property
    def knock_card(self) -> Card | None: ...


def uniform_probabilities(view: BeliefFacts) -> dict[Card, float]:
    """For every card the viewer cannot see, the probability that the opponent holds it when
    every consistent world is equally likely: ``k / u`` for each."""
    unseen = [card for card in DECK if not view.known_cards.mask & card.mask]
    hidden = view.opponent_card_count - len(view.opponent_known)
    share = hidden / len(unseen) if unseen else 0.0
    return {card: share for card in unseen}


def history(view: BeliefFacts, events: Sequence[Record], world: World) -> tuple[list[Decision], int]:
    """The opponent's choices in ``world`` (a world drawn for ``view``), with its cards at each,
    and its cards at the end, as a mask."""
    other = 1 - view.player
    rules = view.rules
    if world.deck is not None:
        dealt, upcard, stock_cards = deal(world.deck, world.dealer)
        hands = [dealt[0].mask, dealt[1].mask]
        stock, pile = list(stock_cards), [upcard]
        forced_next = False
    else:
        position = world.position
        assert position is not None
        hands = [position["hands"][0].mask, position["hands"][1].mask]
        stock, pile = list(position["stock"]), list(position["discard_pile"])
        forced_next = bool(position["stock_only"])  # bound to the stock at the origin
    decisions: list[Decision] = []
    passes = 0
    taken = 0
    for (_, player, _, _), action in zip(events, world.actions, strict=True):
        kind = type(action)
        if kind is PassUpcard:
            passes += 1
            forced_next = passes == 2 and rules.after_both_pass is AfterPass.STOCK_ONLY
            if player == other:
                decisions.append(Decision("take", hands[other], pile[-1].mask, took=False))
            continue
        if kind is DrawStock or kind is TakeDiscard:
            forced = kind is DrawStock and (not pile or forced_next)
            if player == other and not forced:
                decisions.append(Decision("take", hands[other], pile[-1].mask, took=kind is TakeDiscard))
            card = stock.pop() if kind is DrawStock else pile.pop()
            hands[player] |= card.mask
            taken = card.mask if kind is TakeDiscard else 0
            forced_next = False
            continue
        if kind is Discard or kind is Knock:
            assert isinstance(action, (Discard, Knock))
            card = action.card
            if player == other:
                decisions.append(
                    Decision("discard" if kind is Discard else "knock", hands[other], card.mask, taken=taken)
                )
            hands[player] &= ~card.mask
            if kind is Discard:
                pile.append(card)
            taken = 0
            if kind is Knock:
                break
            continue
        if kind is BigGin:
            break
    return decisions, hands[other]


class Population:
    """Worlds drawn uniformly for a view, weighted by a model (see the module docstring)."""

    def __init__(self, worlds: list[World], log_weights: list[float], hands: list[int], known: int) -> None:
        top = max(log_weights) if log_weights else 0.0
        weights = [0.0 if w == -math.inf else math.exp(w - top) for w in log_weights]
        total = sum(weights)
        if not total:  # every world was impossible under the model: fall back to uniform
            weights, total = [1.0] * len(worlds), float(len(worlds))
        self.worlds = worlds
        self.weights = [w / total for w in weights]
        self.hands = hands
        self.known = known
        cumulative = []
        running = 0.0
        for w in self.weights:
            running += w
            cumulative.append(running)
        self.cumulative = cumulative

    @property
    def effective_size(self) -> float:
        """The effective number of worlds: ``1 / Σ w²`` (the population's size when the weights
        are equal)."""
        return 1.0 / sum(w * w for w in self.weights)

    def probabilities(self, unseen: Sequence[Card]) -> dict[Card, float]:
        """For each unseen card, its weighted frequency in the opponent's hand."""
        result = dict.fromkeys(unseen, 0.0)
        for weight, hand in zip(self.weights, self.hands, strict=True):
            rest = hand & ~self.known
            while rest:
                low = rest & -rest
                rest ^= low
                card = DECK[low.bit_length() - 1]
                if card in result:
                    result[card] += weight
        return result

    def pick(self, rng: random.Random) -> World:
        """A world drawn with probability proportional to its weight."""
        point = rng.random() * self.cumulative[-1]
        low, high = 0, len(self.cumulative) - 1
        while low < high:
            middle = (low + high) // 2
            if self.cumulative[middle] < point:
                low = middle + 1
            else:
                high = middle
        return self.worlds[low]


def _digest(view: BeliefFacts, events: Sequence[Record]) -> int:
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


def population(view: BeliefFacts, events: Sequence[Record], model: OpponentModel) -> Population:
    """``model.particles`` worlds drawn from ``model``'s belief about ``view`` (by the chains of
    :mod:`ginrummy.beliefs.chains`), with a generator seeded from the view alone.

    :raises InvalidPositionError: when no round has the view.
    """
    rng = random.Random(_digest(view, events))
    worlds = posterior_worlds(view, events, model, model.particles, rng)
    hands = [history(view, events, world)[1] for world in worlds]
    return Population(worlds, [0.0] * len(worlds), hands, view.opponent_known.mask)
