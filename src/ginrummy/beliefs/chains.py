"""Worlds drawn from a model's belief by a Markov chain over the opponent's hidden cards.

Importance sampling (weighting uniform worlds) wastes most worlds once the opponent has made a
few choices: few uniform worlds explain them all well. This module draws from the same belief
by Metropolis sampling instead. A world of a view is an assignment of cards to the opponent's
*slots* (its hand at the origin and each of its stock draws, see
:class:`~ginrummy.beliefs.worlds.Layout`); the chain starts from a uniform world and moves by

- swapping a hidden card in a slot with another hidden card (in another slot, or in the stock
  never drawn), or
- moving a card the opponent later showed to another slot filled before it showed it,

each move kept with probability ``min(1, L(new) / L(old))``, where ``L`` is the model's
likelihood of the opponent's choices. Both moves are symmetric and keep every constraint of the
view, so the chain's stationary distribution is the uniform prior times ``L``: the belief.
Several chains, each after a burn-in, are thinned into the worlds kept.

A model may also weigh a world by the cards it gives the opponent at the end of the log: one
with a ``card_weights(view, events, known, hidden)`` method (the learned belief,
:mod:`ginrummy.beliefs.learned_belief`) returns a log-weight per card index, and ``L`` is
multiplied by the exponential of their sum over the opponent's final hand; a model whose
``scores_choices`` is False is not asked about the choices one by one.

>>> import random
>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=3)
>>> bots = (gr.GreedyBot(), gr.GreedyBot())
>>> for _ in range(9):
...     r = r.apply(bots[r.to_act].act(r.view(r.to_act)))
>>> view = r.view(0)
>>> worlds = posterior_worlds(view, view.records, gr.OPPONENT_MODELS["reasonable"], 8, random.Random(1))
>>> len(worlds), all(gr.Round._from_world(gr.PAGAT, w, checked=True).view(0) == view for w, _ in worlds)
(8, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ginrummy.actions import Discard, DrawStock, Knock, LayOff, PassUpcard, TakeDiscard
from ginrummy.beliefs.opponent_models import Decision, OpponentModel
from ginrummy.beliefs.worlds import Layout, Record, ViewFacts, World
from ginrummy.cards import Card, Hand
from ginrummy.rules import AfterPass, Ruleset

__all__ = ["BURN_IN", "CHAINS", "THINNING", "posterior_worlds"]

CHAINS = 4
"""Independent chains per view, unless the model says (its ``chains``)."""
BURN_IN = 150
"""Moves each chain makes before its first world is kept, unless the model says (``burn_in``)."""
THINNING = 6
"""Moves between two worlds kept from a chain, unless the model says (``thinning``)."""


class _Skeleton:
    """The opponent's choices of a view with everything but its hidden cards: for each, the
    kind, the card, the event, and the public part of its hand then."""

    def __init__(self, layout: Layout, rules: Ruleset) -> None:
        other = layout.other
        events = layout.events
        pile = list(layout.origin.pile)
        held = layout.known_at_origin  # cards it took from the pile (or held at the origin), still held
        removed = 0  # cards that left its hand: discarded, laid off, knocked with
        taken = 0
        passes = 0
        forced_next = False  # a set-up origin bound to the stock has no event after it
        self.steps: list[tuple[str, int, bool, int, int, int, int]] = []
        # (kind, card mask, took, taken mask, event index, removed mask, held mask)
        for index, (_, player, action, _) in enumerate(events):
            kind = type(action)
            if kind is PassUpcard:
                passes += 1
                forced_next = passes == 2 and rules.after_both_pass is AfterPass.STOCK_ONLY
                if player == other:
                    self.steps.append(("take", pile[-1].mask, False, 0, index, removed, held))
                continue
            if kind is DrawStock or kind is TakeDiscard:
                forced = kind is DrawStock and (not pile or forced_next)
                if player == other and not forced:
                    self.steps.append(("take", pile[-1].mask, kind is TakeDiscard, 0, index, removed, held))
                forced_next = False
                if kind is TakeDiscard:
                    top = pile.pop()
                    if player == other:
                        held |= top.mask
                        taken = top.mask
                elif player == other:
                    taken = 0
                continue
            if kind is Discard or kind is Knock or kind is LayOff:
                assert isinstance(action, (Discard, Knock, LayOff))
                mask = action.card.mask
                if player == other:
                    if kind is not LayOff:
                        step = "discard" if kind is Discard else "knock"
                        self.steps.append((step, mask, False, taken, index, removed, held))
                    removed |= mask
                    held &= ~mask
                if kind is Discard:
                    pile.append(action.card)
                if kind is Knock:
                    break
                continue
            break  # a face-down knock or big gin: the hands are laid down
        self.filled = [sum(1 for s in layout.order if layout.slots[s] < step[4]) for step in self.steps]
        self.removed, self.held = removed, held  # at the end of the log

    def final_hand(self, slot_cards: Sequence[Card]) -> int:
        """The opponent's cards at the end of the log with ``slot_cards`` in its slots."""
        cards = 0
        for card in slot_cards:
            cards |= card.mask
        return (cards & ~self.removed) | self.held


class _Likelihood:
    """The model's log-likelihood of the opponent's choices for an assignment of its slots,
    each choice's term kept by its hand (a chain revisits the same hands again and again)."""

    def __init__(
        self,
        skeleton: _Skeleton,
        layout: Layout,
        model: OpponentModel,
        rules: Ruleset,
        limit: int,
        card_weights: dict[int, float] | None = None,
    ) -> None:
        self.skeleton, self.order, self.model, self.rules, self.limit = (
            skeleton,
            layout.order,
            model,
            rules,
            limit,
        )
        self.terms: dict[tuple[int, int], float] = {}
        self.scores_choices = getattr(model, "scores_choices", True)
        self.card_weights = card_weights

    def __call__(self, slot_cards: Sequence[Card]) -> float:
        total = 0.0
        weights = self.card_weights
        if weights is not None:
            final = self.skeleton.final_hand(slot_cards)
            while final:
                low = final & -final
                final ^= low
                total += weights.get(low.bit_length() - 1, 0.0)
        if not self.scores_choices:
            return total
        prefix = [0]
        for s in self.order:
            prefix.append(prefix[-1] | slot_cards[s].mask)
        terms = self.terms
        for number, ((kind, card, took, taken, _, removed, held), filled) in enumerate(
            zip(self.skeleton.steps, self.skeleton.filled, strict=True)
        ):
            hand = (prefix[filled] & ~removed) | held
            term = terms.get((number, hand))
            if term is None:
                decision = Decision(kind, hand, card, took=took, taken=taken)  # type: ignore[arg-type]
                term = terms[number, hand] = self.model.log_likelihood([decision], self.rules, self.limit)
            total += term
        return total


def posterior_worlds(
    view: ViewFacts, events: Sequence[Record], model: OpponentModel, count: int, rng: random.Random
) -> list[tuple[World, int]]:
    """``count`` worlds of ``view`` drawn from ``model``'s belief (see the module docstring),
    each with the opponent's cards at the end of the log (as a mask).

    :raises InvalidPositionError: when no round has the view.
    """
    # kept whole: one Metropolis run per chain, whose state (the slots' cards, the pool, the
    # weight) is a handful of locals updated at every step; split, they would travel as a record
    from_view = Layout(view, events)
    rules: Ruleset = view.rules
    limit: int = view.knock_limit
    skeleton = _Skeleton(from_view, rules)
    card_weights = getattr(model, "card_weights", None)
    weights: dict[int, float] | None = None
    if card_weights is not None:
        known: Hand = view.known_cards
        hidden = view.opponent_card_count - len(view.opponent_known)
        weights = card_weights(view, events, known, hidden)
    likelihood = _Likelihood(skeleton, from_view, model, rules, limit, weights)
    shown = from_view.shown
    slots = from_view.slots
    worlds: list[tuple[World, int]] = []
    chains = getattr(model, "chains", CHAINS)
    burn_in = getattr(model, "burn_in", BURN_IN)
    thinning = getattr(model, "thinning", THINNING)
    per_chain = [count // chains + (1 if i < count % chains else 0) for i in range(chains)]
    for kept in per_chain:
        if not kept:
            continue
        slot_cards, pool = from_view.assignment(rng)
        current = likelihood(slot_cards)
        moves = burn_in + thinning * kept
        for move in range(1, moves + 1):
            candidate = list(slot_cards)
            candidate_pool = pool
            hidden_slots = [s for s in range(len(slots)) if candidate[s].index not in shown]
            shown_slots = [s for s in range(len(slots)) if candidate[s].index in shown]
            if shown_slots and (not hidden_slots or rng.random() < 0.25):
                s = rng.choice(shown_slots)
                deadline = shown[candidate[s].index]
                targets = [t for t in range(len(slots)) if t != s and slots[t] < deadline]
                targets = [
                    t
                    for t in targets
                    if candidate[t].index not in shown or slots[s] < shown[candidate[t].index]
                ]
                if not targets:
                    continue
                t = rng.choice(targets)
                candidate[s], candidate[t] = candidate[t], candidate[s]
            elif hidden_slots:
                s = rng.choice(hidden_slots)
                others = len(hidden_slots) - 1 + len(pool)
                if not others:
                    continue
                pick = rng.randrange(others)
                if pick < len(hidden_slots) - 1:
                    t = [h for h in hidden_slots if h != s][pick]
                    candidate[s], candidate[t] = candidate[t], candidate[s]
                else:
                    candidate_pool = list(pool)
                    index = pick - (len(hidden_slots) - 1)
                    candidate[s], candidate_pool[index] = candidate_pool[index], candidate[s]
            else:
                continue
            proposed = likelihood(candidate)
            if proposed >= current or rng.random() < math.exp(proposed - current):
                slot_cards, pool, current = candidate, candidate_pool, proposed
            if move > burn_in and (move - burn_in) % thinning == 0:
                stock = list(pool)
                rng.shuffle(stock)
                worlds.append((from_view.world(slot_cards, stock), skeleton.final_hand(slot_cards)))
    return worlds
