""":class:`CamperBot`: the policy described for MARJJ, the winner of the EAAI 2021 Gin Rummy
challenge, as a bot of this library (registered as ``'camper'``): it builds its hand for a
few turns, knocks early if it can, and otherwise camps on its hand until gin.

Its source is the description of MARJJ's play (public code ``aqibahm/MARJJ``,
``MARJJ_v5-1.java``, read for the description; this is written from it, nothing is copied):

- **Discard.** Among the discards that leave at most :data:`DISCARD_SLACK` points more
  deadwood than the best one, it throws the card of least *score*: the deadwood left, plus
  :data:`FUTURE_WEIGHT` · :data:`FUTURE_DECAY` ^ (turn - 1) times the mean of the
  :data:`FUTURE_DRAWS` least *one-draw future deadwoods* (over every card it has not seen:
  the deadwood after drawing that card and making the best discard, :func:`future_deadwood`),
  plus the **danger** of the card (:func:`danger`): points charged when the opponent can meld
  it with cards it is known to hold, and a bonus when no meld through it is left for the
  opponent at all. Early the future term dominates (it keeps potential); it fades by a tenth
  a turn, so late in a round the deadwood and the danger decide.
- **Draw.** It takes the top discard (or the first-turn upcard) only when the card melds in
  the hand it would hold and taking it (then making its best other discard) lowers its
  deadwood; otherwise it draws from the stock (or passes).
- **Knock.** In its first :data:`KNOCK_TURNS` turns it knocks whenever it can (a discard
  leaves deadwood within the knock limit), with the discard that leaves the least deadwood;
  later it knocks only with gin, whatever the stock holds. Gin is taken on any turn; big gin
  is declared where the rules allow it. Its spread is the best arrangement open to the fewest
  layoff points from cards the opponent may hold.
- **Layoffs.** It follows the jointly optimal plan of :func:`~ginrummy.best_layoffs`.

A *turn* is one of the player's own turns, counted from 1: ``view.turns // 2 + 1`` (the
round's completed turns alternate between the players, so this counts the player's own
completed turns plus the current one; passing the first upcard is not a turn). The original
counts its discard calls, which is the same number.

Where the library's rules force a difference from the original:

- The knock limit is the round's (``view.knock_limit``: Oklahoma's upcard, 0 under straight
  gin) where the original has the challenge's 10; melds and card values follow the ruleset
  (round-the-corner runs wrap, the ace counts 15 there).
- It never throws the card it took from the pile where the rules forbid it (the original's
  rule too), and it declares big gin where the rules have it (the challenge has none).
- Ties between discards of equal score are broken by a generator seeded by the bot's seed and
  the position (the original uses an unseeded ``java.util.Random``), so a bot with a given
  seed always plays the same action for the same view; ``seed=None`` draws a seed at random.
- The danger term is this library's reading of "cards the opponent can meld" (see
  ``docs/design.md``, "The camper bot"), not the original's matrix of adjacency bonuses.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> bots = (CamperBot(seed=1), CamperBot(seed=2))
>>> while not r.is_over:
...     r = r.apply(bots[r.to_act].act(r.view(r.to_act)))
>>> r.result.outcome in (gr.Outcome.KNOCK, gr.Outcome.GIN, gr.Outcome.UNDERCUT, gr.Outcome.DEAD_HAND)
True
"""

from __future__ import annotations

import random
from typing import ClassVar

from ginrummy.actions import Action, BigGin, Discard, DrawStock, Knock, PassUpcard, TakeDiscard
from ginrummy.bots.card_counting import meld_outs, meld_partners
from ginrummy.bots.reference import next_layoff, require_turn
from ginrummy.cards import Card, Hand
from ginrummy.errors import GinRummyError
from ginrummy.melding.partition import Arrangement, all_best_melds, best_discard, best_discards, deadwood
from ginrummy.melding.suit_lookups import lookups_for
from ginrummy.phase import Phase
from ginrummy.play.round import PlayerView
from ginrummy.rules import Ruleset
from ginrummy.validators import check_seed

__all__ = [
    "DISCARD_SLACK",
    "FUTURE_DECAY",
    "FUTURE_DRAWS",
    "FUTURE_WEIGHT",
    "KNOCK_TURNS",
    "MELD_DANGER",
    "PARTNER_DANGER",
    "SAFE_BONUS",
    "CamperBot",
    "danger",
    "future_deadwood",
    "own_turn",
]

FULL_MASK = (1 << 52) - 1

DISCARD_SLACK = 5
"""The most deadwood above the best discard's that a candidate discard may leave (the
original's ``MAX_DEADWOOD_DIFFERENCE``)."""
FUTURE_WEIGHT = 18.0
"""The weight of the future deadwood at the first turn (the original's ``INIT_WEIGHT``)."""
FUTURE_DECAY = 0.9
"""The factor by which that weight shrinks each turn (the original's ``DECAY``)."""
FUTURE_DRAWS = 7
"""How many of the least one-draw future deadwoods are averaged (``MAX_CARDS_TO_CONSIDER``)."""
KNOCK_TURNS = 3
"""The player's own turns in which it knocks when it can; from the next one, gin only."""
MELD_DANGER = 20.0
"""The points charged for a discard the opponent can meld at once: it is known to hold both
other cards of a 3-card meld through it (the original's penalty for a set or sequence)."""
PARTNER_DANGER = 5.0
"""The points charged for each card the opponent is known to hold that makes a possible
meld with the discard (the original's penalty for an adjacent card)."""
SAFE_BONUS = 10.0
"""The points a discard is credited when the opponent cannot meld it at all: every 3-card
meld through it needs a card the player sees outside the opponent's hand (the original's
bonus for a set or sequence that cannot be made)."""


def own_turn(view: PlayerView) -> int:
    """The player's own turn at ``view``, counted from 1 (see the module docstring): the
    round's completed turns alternate between the players.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> own_turn(r.view(1)), own_turn(r.apply(gr.TakeDiscard()).apply(gr.Discard("Kh")).view(0))
    (1, 1)
    """
    return view.turns // 2 + 1


def future_deadwood(kept: int, unseen: int, rules: Ruleset, draws: int = FUTURE_DRAWS) -> float:
    """The mean of the ``draws`` least deadwoods that the hand ``kept`` (a mask) leaves after
    drawing one card of ``unseen`` and making its best discard (0 when ``unseen`` is empty).

    A drawn card that makes no 3-card meld with two cards of ``kept`` (not one of its
    :func:`~ginrummy.bots.card_counting.meld_outs`) is in no meld of the eleven cards, so the
    best discard throws it or the card whose loss saves the most: the deadwood is the lesser
    of ``deadwood(kept)`` and ``deadwood(kept)`` plus its value minus that saving. Only the
    outs ask the partitioner.

    >>> import ginrummy as gr
    >>> kept = gr.Hand.parse("2c 3c 4c 5c 8s 8d 8h Kc Kd 2d").mask
    >>> future_deadwood(kept, gr.Hand.parse("Kh Ks Qh").mask, gr.PAGAT, draws=2)   # gin twice
    0.0
    """
    if not unseen:
        return 0.0
    hand = Hand.from_mask(kept)
    now = deadwood(hand, rules)
    saving = now - best_discard(hand, rules)[1]
    values = lookups_for(rules).values
    outs = meld_outs(kept, rules.round_the_corner) & unseen
    found: list[int] = []
    rest = unseen & ~outs
    while rest:
        low = rest & -rest
        rest ^= low
        value = values[(low.bit_length() - 1) % 13]
        found.append(now + value - saving if value < saving else now)
    while outs:
        low = outs & -outs
        outs ^= low
        found.append(best_discard(Hand.from_mask(kept | low), rules)[1])
    found.sort()
    best = found[:draws]
    return sum(best) / len(best)


def danger(index: int, known: int, dead: int, wrap: bool) -> float:
    """The danger points of discarding the card ``index`` when the opponent is known to hold
    ``known`` and the cards ``dead`` (masks) are out of its reach (the player's hand, the
    discard pile): among the 3-card melds through the card whose other cards are all within
    the opponent's reach, :data:`MELD_DANGER` if it holds both other cards of one, plus
    :data:`PARTNER_DANGER` for each card it holds in one; ``-SAFE_BONUS`` when there is no
    such meld.

    >>> import ginrummy as gr
    >>> nine, ten = gr.Card("9h").mask, gr.Card("Th").mask
    >>> danger(gr.Card("Jh").index, nine | ten, 0, False)          # 9h Th Jh: it melds it
    30.0
    >>> danger(gr.Card("Jh").index, ten, 0, False)                 # Th alone
    5.0
    >>> sets = gr.Hand.parse("Jc Jd Js").mask
    >>> danger(gr.Card("Jh").index, 0, sets | ten | gr.Card("Qh").mask, False)   # nothing left
    -10.0
    """
    partners = 0
    melds = False
    possible = False
    for y, z in meld_partners(wrap)[index]:
        if (y | z) & dead:
            continue
        possible = True
        partners |= (y | z) & known
        if y & known and z & known:
            melds = True
    if not possible:
        return -SAFE_BONUS
    return (MELD_DANGER if melds else 0.0) + PARTNER_DANGER * partners.bit_count()


class CamperBot:
    """The EAAI 2021 winner's described policy (see the module docstring).

    :param seed: seeds the choice among discards of equal score (with the position); None
        draws one at random.
    :raises GinRummyError: for a seed that is not an integer, a string or None.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> str(r.hand(1)), str(r.upcard)
    ('Ac 2d 4d 5d Td Qd 6h 8h Kh 2s', '9d')
    >>> CamperBot(seed=1).act(r.view(1))
    PassUpcard()
    >>> CamperBot(seed=True)
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: invalid seed True: must be an integer or a string
    """

    name: ClassVar[str] = "camper"

    def __init__(self, seed: int | str | None = None) -> None:
        checked = check_seed(seed, GinRummyError, optional=True)
        self.seed: int | str = random.getrandbits(64) if checked is None else checked

    def act(self, view: PlayerView) -> Action:
        """This bot's choice among ``view.legal_actions``.

        :raises GinRummyError: when the view has no legal action (not this player's turn).
        """
        legal = require_turn(view)
        phase = view.phase
        if phase is Phase.UPCARD_OFFER or phase is Phase.DRAW:
            if TakeDiscard() in legal and self._takes(view):
                return TakeDiscard()
            return PassUpcard() if phase is Phase.UPCARD_OFFER else DrawStock()
        if phase is Phase.DISCARD:
            if BigGin() in legal:
                return BigGin()
            return self._discard(view, legal)
        return next_layoff(view)

    @staticmethod
    def _takes(view: PlayerView) -> bool:
        """Whether the top discard melds in the hand with it (every best arrangement of the
        eleven cards melds it) and taking it lowers the deadwood (after the best discard of
        another card)."""
        top = view.upcard
        if top is None:
            return False
        rules = view.rules
        now = deadwood(view.hand, rules)
        eleven = view.hand.add(top)
        if deadwood(eleven, rules) >= now + lookups_for(rules).values[top.index % 13]:
            return False  # some best arrangement leaves it unmatched: it does not meld
        left = next(left for card, left in best_discards(eleven, rules) if card != top)
        return left < now

    def _discard(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        rules = view.rules
        hand = view.hand.mask
        blocked = view.taken if view.taken is not None and not rules.may_discard_taken_card else None
        options = [(card, left) for card, left in best_discards(view.hand, rules) if card != blocked]
        least = options[0][1]
        dead, known, unseen = _places(view)
        if least == 0:
            gins = [card for card, left in options if left == 0]
            card = max(gins, key=lambda c: (c.points, c.index))  # the highest goes face down
            return self._knock(card, hand, dead, rules)
        turn = own_turn(view)
        weight = FUTURE_WEIGHT * FUTURE_DECAY ** (turn - 1)
        wrap = rules.round_the_corner
        scored = [
            (
                left
                + weight * future_deadwood(hand & ~card.mask, unseen, rules)
                + danger(card.index, known, dead, wrap),
                left,
                card,
            )
            for card, left in options
            if left <= least + DISCARD_SLACK
        ]
        if turn <= KNOCK_TURNS and least <= view.knock_limit and Knock(options[0][0]) in legal:
            card = self._pick([(score, card) for score, left, card in scored if left == least], view)
            return self._knock(card, hand, dead, rules)
        return Discard(self._pick([(score, card) for score, _, card in scored], view))

    def _pick(self, scored: list[tuple[float, Card]], view: PlayerView) -> Card:
        """The card of least score; among equal scores, one drawn from the seed and view."""
        best = min(score for score, _ in scored)
        ties = sorted((card for score, card in scored if score == best), key=lambda c: c.index)
        if len(ties) == 1:
            return ties[0]
        parts = (self.seed, view.player, len(view.events), view.turns, view.hand.mask, view.stock_size)
        return ties[random.Random("camper:" + ":".join(map(str, parts))).randrange(len(ties))]

    @staticmethod
    def _knock(card: Card, hand: int, dead: int, rules: Ruleset) -> Knock:
        """The knock throwing ``card``, showing the best arrangement of the rest that is open
        to the fewest layoff points from cards out of the player's sight."""
        options = all_best_melds(Hand.from_mask(hand & ~card.mask), rules)
        live = Hand.from_mask(FULL_MASK & ~dead)
        arrangement = min(options, key=lambda option: _layoff_points(option, live, rules))
        return Knock(card, arrangement.melds)


def _places(view: PlayerView) -> tuple[int, int, int]:
    """The masks of the cards out of the opponent's reach (the player's hand, the discard
    pile), of the cards it is known to hold, and of the cards the player has not seen."""
    dead = view.hand.mask
    for card in view.discard_pile:
        dead |= card.mask
    known = view.opponent_known.mask
    return dead, known, FULL_MASK & ~(dead | known)


def _layoff_points(arrangement: Arrangement, live: Hand, rules: Ruleset) -> int:
    """The points of the cards of ``live`` that fit a meld of ``arrangement`` directly."""
    values = lookups_for(rules).values
    return sum(
        values[card.index % 13]
        for card in live
        if any(meld.accepts(card, rules) for meld in arrangement.melds)
    )
