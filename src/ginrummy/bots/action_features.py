"""The inputs of the learned action values: a view's inputs, then what one action does.

The learned bot (:mod:`ginrummy.bots.learned`) values each action it may take with a network
fitted to self-play outcomes; its inputs are those of the view
(:func:`ginrummy.beliefs.view_features.view_inputs`) followed by the action's own:

- its kind: take the top discard, draw from the stock (or pass the first upcard), discard, knock,
  gin, big gin;
- the card that leaves the hand (a discard's, a knock's);
- three numbers about the ten cards it keeps (before a draw from the stock: the ten held), from
  the card counting of :class:`~ginrummy.bots.card_counting.CardCounter`: their deadwood, their
  meld potential (the points an average draw would save,
  :func:`~ginrummy.bots.card_counting.meld_gain`) and the chance that the opponent melds the
  card thrown.

The candidates of a decision (:func:`candidates`) are the draws, every legal discard, the best
knock (the highest card that leaves the least deadwood) and gin or big gin. Training (the
repository's ``training/``) imports this module, so a model runs on the inputs it was fitted on.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> view = r.view(1)
>>> [str(a) for a in candidates(view)]
['t', 'p']
>>> active, values = action_inputs(view, CardCounter(view), gr.TakeDiscard())
>>> ACTION_BASE + KINDS.index("take") in active
True
"""

from __future__ import annotations

from ginrummy.actions import Action, BigGin, Discard, DrawStock, Knock, PassUpcard, TakeDiscard
from ginrummy.beliefs.view_features import (
    BLOCKS,
    HAND,
    HELD,
    INPUTS,
    MINE,
    PASSED,
    PILE,
    SCALARS,
    THROWN,
    Inputs,
)
from ginrummy.bots.card_counting import CardCounter, meld_gain
from ginrummy.cards import Hand
from ginrummy.melding.partition import best_discards, deadwood
from ginrummy.phase import Phase
from ginrummy.play.round import PlayerView
from ginrummy.rules import Ruleset

__all__ = [
    "ACTION_BASE",
    "ACTION_INPUTS",
    "COMPACT",
    "KINDS",
    "action_inputs",
    "candidates",
    "compact_inputs",
    "kind_of",
]

ACTION_BASE = INPUTS
"""The first input of an action: the view's inputs come before."""
KINDS = ("take", "draw", "discard", "knock", "gin", "big-gin")
"""The kinds of action, one indicator each."""
_CARD = ACTION_BASE + len(KINDS)
_NUMBERS = _CARD + 52
ACTION_INPUTS = len(KINDS) + 52 + 3
"""How many inputs an action adds to the view's."""


def kind_of(action: Action) -> str:
    """The kind of a candidate (one of :data:`KINDS`).

    >>> kind_of(Knock("Kd")), kind_of(PassUpcard())
    ('knock', 'draw')
    """
    if isinstance(action, TakeDiscard):
        return "take"
    if isinstance(action, (DrawStock, PassUpcard)):
        return "draw"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, BigGin):
        return "big-gin"
    return "knock"


def candidates(view: PlayerView) -> list[Action]:
    """The actions the learned bot weighs at ``view`` (see the module docstring), in the order of
    ``view.legal_actions``; gin (a knock leaving no deadwood) is listed as a knock. Empty in the
    layoff phase, whose plan the bot does not learn."""
    if view.phase is Phase.LAYOFF:
        return []
    legal = view.legal_actions
    knocks = [action for action in legal if isinstance(action, Knock)]
    chosen: list[Action] = [action for action in legal if not isinstance(action, Knock)]
    if knocks:
        rules = view.rules
        hand = view.hand.mask
        left = {k.card: deadwood(Hand.from_mask(hand & ~k.card.mask), rules) for k in knocks}
        least = min(left.values())
        best = max((k for k in knocks if left[k.card] == least), key=lambda k: (k.card.points, k.card.index))
        chosen.append(best)
    return chosen


def action_inputs(view: PlayerView, counter: CardCounter, action: Action) -> Inputs:
    """The inputs ``action`` adds to those of ``view`` (``counter`` is the view's card
    counting, made once per decision)."""
    rules = view.rules
    hand = view.hand.mask
    unseen = counter.unseen
    draws = max(1, unseen.bit_count())
    kind = kind_of(action)
    danger = 0.0
    active = []
    if kind == "take":
        top = view.discard_pile[-1]
        grown = hand | top.mask
        blocked = None if rules.may_discard_taken_card else top
        card, left = next((c, p) for c, p in best_discards(Hand.from_mask(grown), rules) if c != blocked)
        kept = grown & ~card.mask
    elif kind == "draw":
        kept = hand
        left = deadwood(Hand.from_mask(hand), rules)
    elif kind == "big-gin":
        kept, left = hand, 0
    else:
        assert isinstance(action, (Discard, Knock))
        card = action.card
        kept = hand & ~card.mask
        left = deadwood(Hand.from_mask(kept), rules)
        danger = counter.danger(card.index)
        active.append(_CARD + card.index)
        if kind == "knock" and left == 0:
            kind = "gin"
    gain = meld_gain(kept, left, unseen, rules) / draws
    active.append(ACTION_BASE + KINDS.index(kind))
    numbers = (left / 50, gain / 10, danger)
    values = [(_NUMBERS + i, value) for i, value in enumerate(numbers) if value]
    return active, values


COMPACT = (
    *SCALARS,
    "deadwood",
    "held",
    "thrown",
    "passed",
    "pile",
    "mine",
    *KINDS,
    "left",
    "gain",
    "danger",
)
"""The compact inputs of the action values and the position value, in order: the view's
scalars, then six counts read from its card blocks (the viewer's deadwood, or the least it can
keep from eleven cards; the cards the opponent is known to hold, threw, and left when offered;
the pile; the viewer's discards), then the action's kind and numbers (all 0 for a position).
Card identities are left out: with a few tens of thousands of rounds, a network over them
learns the rounds by heart instead of the game (measured: docs/design.md)."""


def compact_inputs(view_part: Inputs, action_part: Inputs | None) -> list[float]:
    """The compact inputs (:data:`COMPACT`) from a view's inputs and an action's (or None for
    the value of the position)."""
    active, values = view_part
    vector = [0.0] * len(COMPACT)
    first = 52 * BLOCKS
    counts = [0] * BLOCKS
    hand = 0
    for index in active:
        if index >= first:
            vector[index - first] = 1.0
            continue
        block, card = divmod(index, 52)
        counts[block] += 1
        if block == HAND:
            hand |= 1 << card
    for index, value in values:
        vector[index - first] = value
    rules = _MELDING[vector[SCALARS.index("round_the_corner")] > 0]
    cards = Hand.from_mask(hand)
    points = best_discards(cards, rules)[0][1] if len(cards) == 11 else deadwood(cards, rules)
    base = len(SCALARS)
    vector[base] = points / 50
    vector[base + 1] = counts[HELD] / 3
    vector[base + 2] = counts[THROWN] / 10
    vector[base + 3] = counts[PASSED] / 10
    vector[base + 4] = counts[PILE] / 30
    vector[base + 5] = counts[MINE] / 10
    if action_part is not None:
        extra, numbers = action_part
        for index in extra:
            if ACTION_BASE <= index < _CARD:
                vector[base + 6 + index - ACTION_BASE] = 1.0
        for index, value in numbers:
            vector[base + 6 + len(KINDS) + index - _NUMBERS] = value
    return vector


def _melding() -> dict[bool, Ruleset]:
    return {False: Ruleset(), True: Ruleset(round_the_corner=True)}


_MELDING = _melding()
