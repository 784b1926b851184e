""":class:`TrackerBot`: a player that counts cards, weighs what a hand could become and what
its discards give away, and knocks when the knock is worth more than waiting.

It sees only its :class:`~ginrummy.PlayerView` and reads it through a
:class:`~ginrummy.bots.card_counting.CardCounter`. Its decisions:

- **Value of a hand.** Ten cards are worth their deadwood minus their *meld potential*: the
  points the next draw is expected to save by melding (:func:`~ginrummy.bots.card_counting.meld_gain`
  over the unseen cards), weighted by :data:`POTENTIAL_WEIGHT` while the stock is long and less
  as it runs out, when only deadwood counts.
- **Discard.** Among the discards that leave at most :data:`DISCARD_SLACK` more deadwood than
  the best one (the :data:`CANDIDATES` best), it keeps the hand of least value plus
  :data:`DANGER_WEIGHT` times the chance that the opponent could meld the card thrown
  (:meth:`~ginrummy.bots.card_counting.CardCounter.danger`: it holds both other cards of a meld,
  counting the cards it took from the pile as held and those it let go as less likely).
- **Draw.** It takes the top discard (or the first-turn upcard) when the hand it then keeps is
  worth at least :data:`TAKE_MARGIN` points more than the hand it has now after an average
  stock draw, or when taking it lets it knock.
- **Knock.** It goes gin (or declares big gin) whenever it can. Otherwise, when a knock is
  legal (the view's ``knock_limit``: Oklahoma's upcard, 0 under straight gin), it samples
  :data:`KNOCK_SAMPLES` opponent hands consistent with its view, each improved by half as
  many best-discard draws as the opponent has made from the stock, lays them off onto its
  spread, and knocks when the average result, box bonus included, is at least
  its ``knock_threshold`` (:data:`KNOCK_THRESHOLD` by default) and the stock holds at least
  ``wait_below_stock`` cards (0 by default: any stock); when the stock is so short that not
  knocking ends the round as a dead hand, it knocks whenever that average is positive. Its
  spread is the optimal arrangement that accepts the fewest of the cards the opponent may hold.
- **Layoffs.** It follows the jointly optimal plan of :func:`~ginrummy.best_layoffs`.

Its only randomness (the sampled hands) comes from its seed and the view, so a bot with a
given seed always plays the same action for the same view.

The weights are keyword arguments, so a tuned tracker bot is one call away. The defaults
were chosen under ``pagat``, where knocking as soon as the knock pays is right. Where the
undercut bonus is above 15 points (``spanish-site``, ``round-the-corner``, ``openspiel``,
``eaai``), waiting pays: ``TrackerBot(knock_threshold=math.inf)`` knocks only when the stock
is about to run out, and otherwise plays for gin or for the undercut of an opponent who
knocks early (the measured figures are on the bots page).

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> bots = (TrackerBot(seed=1), TrackerBot(seed=2))
>>> while not r.is_over:
...     r = r.apply(bots[r.to_act].act(r.view(r.to_act)))
>>> r.result.outcome, r.result.winner
(<Outcome.UNDERCUT: 'undercut'>, 1)
"""

from __future__ import annotations

import math
import random
from typing import ClassVar, Final

from ginrummy.actions import DISCARD_ACTIONS, Action, BigGin, DrawStock, Knock, PassUpcard, TakeDiscard
from ginrummy.bots.card_counting import CardCounter, meld_gain
from ginrummy.bots.random_draws import sample
from ginrummy.bots.reference import checked_view, next_layoff, offers, require_turn
from ginrummy.cards import Card, Hand, Suit
from ginrummy.errors import GinRummyError
from ginrummy.melding.partition import Arrangement, all_best_melds, best_discard, best_discards, deadwood
from ginrummy.melds import SET, Meld
from ginrummy.phase import DISCARD, LAYOFF, UPCARD_OFFER
from ginrummy.play.round import PlayerView
from ginrummy.results.pricing import price_round
from ginrummy.suit_masks import RANK_MASK, SUIT_BITS, neighbours
from ginrummy.validators import check_int, check_number, check_seed

__all__ = [
    "CANDIDATES",
    "DANGER_WEIGHT",
    "DISCARD_SLACK",
    "KNOCK_SAMPLES",
    "KNOCK_THRESHOLD",
    "POTENTIAL_WEIGHT",
    "TAKE_MARGIN",
    "TrackerBot",
]

POTENTIAL_WEIGHT: Final = 4.0
"""How many draws' worth of meld potential a hand is credited with while the stock holds
:data:`POTENTIAL_HORIZON` cards or more (proportionally fewer below)."""
POTENTIAL_HORIZON: Final = 25
"""The stock size from which meld potential counts in full."""
DANGER_WEIGHT: Final = 8.0
"""The deadwood points a discard is charged per unit of chance that the opponent melds it."""
DISCARD_SLACK: Final = 12
"""The most deadwood above the best discard's that a candidate discard may leave."""
CANDIDATES: Final = 5
"""How many of the discards leaving the least deadwood are weighed."""
TAKE_MARGIN: Final = 2.0
"""How many points better taking the top discard must be than drawing from the stock (taking
a card tells the opponent what one holds)."""
KNOCK_SAMPLES: Final = 12
"""How many opponent hands are sampled to value a knock."""
KNOCK_IMPROVEMENT: Final = 0.5
"""A sampled opponent hand is improved by this many best-discard draws per stock draw the
opponent has made (its real hand was chosen, not dealt at random)."""
KNOCK_THRESHOLD: Final = -5.0
"""The least average result (points, box bonus included) for which it knocks: slightly
negative, since not knocking also risks the opponent's knock."""


class TrackerBot:
    """A card-counting player (see the module docstring for its strategy).

    :param seed: seeds the sampling that values a knock; the same seed and view always give
        the same action.
    :param potential_weight: how many draws' worth of meld potential a hand is credited with
        while the stock is long (:data:`POTENTIAL_WEIGHT`; at least 0).
    :param danger_weight: the points a discard is charged per unit of chance that the
        opponent melds it (:data:`DANGER_WEIGHT`; at least 0).
    :param take_margin: how many points better taking the top discard must be than drawing
        from the stock (:data:`TAKE_MARGIN`; any finite number).
    :param knock_threshold: the least average result of a knock (points, box bonus included)
        for which it knocks while the round would go on without it (:data:`KNOCK_THRESHOLD`;
        any number but NaN). Where not knocking would end the round as a dead hand it knocks
        whenever that average is positive, whatever the threshold; so ``math.inf`` knocks only
        then, and ``-math.inf`` at every other chance. Gin is always taken.
    :param wait_below_stock: the stock size below which it no longer knocks (but for gin and
        the last knock before a dead hand): knocking while the stock is long catches an
        opponent who is still building, waiting later avoids the undercut of one who has
        built (0, the default: knocks at any stock size; at most 31).
    :param knock_samples: how many opponent hands value a knock (:data:`KNOCK_SAMPLES`; at
        least 1).
    :raises GinRummyError: for a weight, margin, threshold or count out of range.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> str(r.hand(1)), str(r.upcard)
    ('Ac 2d 4d 5d Td Qd 6h 8h Kh 2s', '9d')
    >>> TrackerBot().act(r.view(1))
    PassUpcard()
    >>> TrackerBot(danger_weight="8")
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: invalid danger_weight '8': must be a number
    """

    name: ClassVar[str] = "tracker"

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        potential_weight: float = POTENTIAL_WEIGHT,
        danger_weight: float = DANGER_WEIGHT,
        take_margin: float = TAKE_MARGIN,
        knock_threshold: float = KNOCK_THRESHOLD,
        knock_samples: int = KNOCK_SAMPLES,
        wait_below_stock: int = 0,
    ) -> None:
        self.seed = check_seed(seed, GinRummyError, optional=True)
        self.potential_weight = check_number(potential_weight, "potential_weight", GinRummyError, low=0.0)
        self.danger_weight = check_number(danger_weight, "danger_weight", GinRummyError, low=0.0)
        self.take_margin = check_number(take_margin, "take_margin", GinRummyError)
        self.knock_threshold = check_number(knock_threshold, "knock_threshold", GinRummyError, finite=False)
        self.knock_samples = check_int(knock_samples, "knock_samples", GinRummyError, low=1)
        self.wait_below_stock = check_int(wait_below_stock, "wait_below_stock", GinRummyError, low=0, high=31)

    def act(self, view: PlayerView) -> Action:
        """This bot's choice among ``view.legal_actions``.

        :raises GinRummyError: when the view has no legal action (not this player's turn).
        """
        return self.appraise(view)[0][1]

    def appraise(self, view: PlayerView) -> list[tuple[float, Action]]:
        """The actions this bot weighs at ``view``, best first, each with its value (lower is
        better; a knock it would make comes first with value ``-inf``, before the discards it
        would otherwise weigh; a legal knock it would not make comes last with ``inf``; gin
        comes alone). The first is what :meth:`act` plays; a search bot can try the others.

        Draws list taking the top discard and drawing from the stock (or passing); discards
        list the candidate discards and the knock; layoffs list the next step of the plan.

        :raises GinRummyError: when the view has no legal action (not this player's turn).

        >>> import ginrummy as gr
        >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
        >>> [action for _, action in TrackerBot().appraise(r.view(1))]
        [PassUpcard(), TakeDiscard()]
        """
        seen = checked_view(view)
        legal = require_turn(seen)
        phase = seen.phase
        if phase is LAYOFF:
            return [(0.0, next_layoff(seen))]
        counter = CardCounter(seen)
        if phase is DISCARD:
            if offers(legal, BigGin):
                return [(-math.inf, BigGin())]
            rules = seen.rules
            blocked = seen.taken if seen.taken is not None and not rules.may_discard_taken_card else None
            return self._plays(seen, counter, seen.hand.mask, blocked, all_plays=True)
        draw: Action = PassUpcard() if phase is UPCARD_OFFER else DrawStock()
        if not offers(legal, TakeDiscard) or seen.upcard is None:
            return [(0.0, draw)]
        top = seen.upcard
        hand = seen.hand.mask
        blocked = None if seen.rules.may_discard_taken_card else top
        value, play = self._plays(seen, counter, hand | top.mask, blocked, all_plays=False)[0]
        points = deadwood(Hand.from_mask(hand), seen.rules)
        gain = meld_gain(hand, points, counter.unseen, seen.rules) / max(1, counter.unseen.bit_count())
        now = points - self._weight(seen) * gain - gain
        take = -math.inf if isinstance(play, Knock) else value + self.take_margin
        return [(take, TakeDiscard()), (now, draw)] if take < now else [(now, draw), (take, TakeDiscard())]

    def _weight(self, view: PlayerView) -> float:
        """The weight of meld potential at this stock size."""
        return self.potential_weight * min(1.0, view.stock_size / POTENTIAL_HORIZON)

    def _plays(
        self, view: PlayerView, counter: CardCounter, hand: int, blocked: Card | None, *, all_plays: bool
    ) -> list[tuple[float, Action]]:
        """The knock and the candidate discards from the eleven cards ``hand`` (never
        ``blocked``), best first, each with the value of the ten cards it keeps plus the
        danger of the card thrown (a knock: ``-inf`` if it is worth making, else ``inf``).
        Without ``all_plays`` a knock worth making (or gin) is returned alone."""
        rules = view.rules
        options = [
            (card, left)
            for card, left in best_discards(Hand.from_mask(hand), rules)
            if blocked is None or card.index != blocked.index
        ]
        least = options[0][1]
        knock: tuple[float, Action] | None = None
        if least <= view.knock_limit:
            made, worth = self._knock(
                view, counter, hand, [card for card, left in options if left == least], least
            )
            if worth and (least == 0 or not all_plays):
                return [(-math.inf, made)]
            knock = (-math.inf if worth else math.inf, made)
        weight = self._weight(view)
        unseen = counter.unseen
        draws = max(1, unseen.bit_count())
        ranked: list[tuple[tuple[float, int, int], Action]] = []
        for card, left in options[:CANDIDATES]:
            if left > least + DISCARD_SLACK:
                break
            rest = hand & ~card.mask
            value = left - weight * meld_gain(rest, left, unseen, rules) / draws
            key = (value + self.danger_weight * counter.danger(card.index), -card.points, -card.index)
            ranked.append((key, DISCARD_ACTIONS[card.index]))
        ranked.sort(key=lambda item: item[0])
        plays = [(key[0], action) for key, action in ranked]
        if knock is not None:
            plays.insert(0 if knock[0] < 0 else len(plays), knock)
        return plays

    def _knock(
        self, view: PlayerView, counter: CardCounter, hand: int, cards: list[Card], left: int
    ) -> tuple[Knock, bool]:
        """The knock to make with one of ``cards`` (each leaving deadwood ``left``), and
        whether it is worth making now."""
        rules = view.rules
        choices = [
            (card, arrangement)
            for card in cards
            for arrangement in all_best_melds(Hand.from_mask(hand & ~card.mask), rules)
        ]
        layable = [self._layable(counter, arrangement.melds) for _, arrangement in choices]
        # the arrangement open to the fewest layoffs; then the highest card goes face down
        best = min(
            range(len(choices)), key=lambda i: (layable[i], -choices[i][0].points, -choices[i][0].index)
        )
        card, arrangement = choices[best]
        knock = Knock(card, arrangement.melds)
        if left == 0:
            return knock, True
        dead_next = view.stock_size <= rules.dead_hand_stock
        if not dead_next and view.stock_size < self.wait_below_stock:
            return knock, False
        result = self._knock_value(view, counter, arrangement, left)
        return knock, result > 0 if dead_next else result >= self.knock_threshold

    @staticmethod
    def _layable(counter: CardCounter, melds: tuple[Meld, ...]) -> float:
        """The expected number of cards the opponent holds that fit ``melds`` directly."""
        total = 0.0
        wrap = counter.wrap
        for meld in melds:
            if meld.kind is SET:
                if len(meld) == 3:
                    rank = (meld.mask.bit_length() - 1) % 13
                    total += counter.holds(RANK_MASK << rank & ~meld.mask)
                continue
            shift = 13 * ((meld.mask.bit_length() - 1) // 13)
            ends = neighbours(meld.mask >> shift & SUIT_BITS, wrap) & ~(meld.mask >> shift)
            while ends:
                low = ends & -ends
                ends ^= low
                total += counter.holds(low << shift)
        return total

    def _knock_value(
        self, view: PlayerView, counter: CardCounter, arrangement: Arrangement, left: int
    ) -> float:
        """The average result of knocking with ``arrangement`` (deadwood ``left``) against
        sampled opponent hands, box bonus included."""
        rules = view.rules
        rng = random.Random(f"{self.seed}:{view.player}:{len(view.events)}:{arrangement.cards.mask}")
        unseen = [card.mask for card in Hand.from_mask(counter.unseen)]
        hidden = view.opponent_card_count - counter.opponent_known.bit_count()
        stock_draws = sum(
            1 for e in view.events if e.player != view.player and isinstance(e.action, DrawStock)
        )
        extra = min(int(stock_draws * KNOCK_IMPROVEMENT), len(unseen) - hidden)
        melds = arrangement.melds
        spade = view.initial_upcard.suit is Suit.SPADES
        total = 0.0
        for _ in range(self.knock_samples):
            picked = sample(rng, unseen, hidden + extra)  # rng.sample's draws, compiled
            hand = counter.opponent_known
            for bit in picked[:hidden]:
                hand |= bit
            for bit in picked[hidden:]:
                card, _ = best_discard(Hand.from_mask(hand | bit), rules)
                hand = (hand | bit) & ~card.mask
            points = deadwood(Hand.from_mask(hand), rules)
            if rules.layoffs:
                laid = _layoffs(melds, hand, counter.wrap)
                if laid:
                    points = min(points, deadwood(Hand.from_mask(hand & ~laid), rules))
            _, winner, value = price_round(
                rules,
                knocker=view.player,
                knocker_deadwood=left,
                defender_deadwood=points,
                spade_upcard=spade,
            )
            total += value + rules.box_bonus if winner == view.player else -(value + rules.box_bonus)
        return total / self.knock_samples


def _layoffs(melds: tuple[Meld, ...], hand: int, wrap: bool) -> int:
    """The cards of ``hand`` that could be laid off onto ``melds``, chains included (a quick
    bound for sampled hands: the exact plan is :func:`~ginrummy.best_layoffs`)."""
    laid = 0
    for meld in melds:
        if meld.kind is SET:
            if len(meld) == 3:
                rank = (meld.mask.bit_length() - 1) % 13
                laid |= hand & (RANK_MASK << rank) & ~meld.mask
            continue
        shift = 13 * ((meld.mask.bit_length() - 1) // 13)
        run = meld.mask >> shift & SUIT_BITS
        mine = hand >> shift & SUIT_BITS
        while True:
            new = neighbours(run, wrap) & mine & ~run
            if not new:
                break
            run |= new
            laid |= new << shift
    return laid
