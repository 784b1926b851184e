"""The two reference players: a random one and a greedy one. Each sees only its
:class:`~ginrummy.PlayerView`.

- :class:`RandomBot` picks a uniformly random legal action.
- :class:`GreedyBot` takes the discard when that lowers its deadwood, discards to keep the
  least deadwood (the higher card on ties), knocks as soon as it can (gin if it can), declares
  big gin when allowed, and lays off optimally (:func:`~ginrummy.best_layoffs`).

Both are deterministic for a seed.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> bots = (gr.GreedyBot(seed=1), gr.GreedyBot(seed=2))
>>> while not r.is_over:
...     r = r.apply(bots[r.to_act].act(r.view(r.to_act)))
>>> r.result.outcome
<Outcome.UNDERCUT: 'undercut'>
"""

from __future__ import annotations

import random
from typing import ClassVar

from ginrummy.actions import (
    DISCARD_ACTIONS,
    Action,
    BigGin,
    DrawStock,
    EndLayoffs,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
)
from ginrummy.errors import GinRummyError
from ginrummy.melding.layoffs import best_layoffs
from ginrummy.melding.partition import best_discards, deadwood
from ginrummy.phase import DISCARD, DRAW, UPCARD_OFFER
from ginrummy.play.round import PlayerView
from ginrummy.validators import check_seed

__all__ = ["GreedyBot", "RandomBot", "checked_view", "next_layoff", "offers", "require_turn"]


def offers(legal: tuple[Action, ...], kind: type[Action]) -> bool:
    """Whether ``legal`` holds an action of class ``kind``: whether the player may take the
    upcard, pass it, knock, go big gin, lay off, and so on, whatever card the action names.

    >>> import ginrummy as gr
    >>> offers(require_turn(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)), gr.TakeDiscard)
    True
    """
    return any(type(action) is kind for action in legal)  # by type: docs/design.md, "The compiled build"


def require_turn(view: PlayerView) -> tuple[Action, ...]:
    """The legal actions of ``view``, for a bot asked to act.

    :raises GinRummyError: when the view has no legal action (not this player's turn, or the
        round is over), naming the player and the phase.

    >>> import ginrummy as gr
    >>> require_turn(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1))
    (TakeDiscard(), PassUpcard())
    """
    seen = checked_view(view)
    if not seen.legal_actions:
        raise GinRummyError(f"player {seen.player} has no legal action in phase {seen.phase.name}")
    return seen.legal_actions


def checked_view(view: object) -> PlayerView:
    """``view``, once it is known to be a :class:`~ginrummy.PlayerView`, what a bot acts on.

    :raises GinRummyError: for anything else, naming it.
    """
    if not isinstance(view, PlayerView):
        raise GinRummyError(f"a bot acts on a PlayerView, not {view!r:.80}")
    return view


def next_layoff(view: PlayerView) -> Action:
    """The defender's next step of the jointly optimal layoff plan
    (:func:`~ginrummy.best_layoffs`): its first layoff, or :class:`~ginrummy.EndLayoffs` once
    nothing is left to lay off. Played step by step it lays off exactly the plan.

    >>> import ginrummy as gr
    >>> knocker = gr.Hand.parse("4h 5h 6h Kc Kd Ks 9c 9d 9h 2s Qc")
    >>> hands = (knocker, gr.Hand.parse("7h 8h 2c 3d 5d Jc Qd 4s 6s 8s"))
    >>> stock = [card for card in gr.DECK if card not in hands[0] | hands[1] and card != gr.Card("Ad")]
    >>> r = gr.Round.from_position(gr.PAGAT, dealer=1, hands=hands, stock=stock, discard_pile="Ad",
    ...     phase=gr.Phase.DISCARD, to_act=0).apply(gr.Knock("Qc"))
    >>> next_layoff(r.view(1))
    LayOff(card=Card('7h'), meld=2)
    """
    plan = best_layoffs(view.spread, view.hand, view.rules)
    if plan.layoffs:
        card, meld = plan.layoffs[0]
        return LayOff(card, meld)
    return EndLayoffs()


class RandomBot:
    """Plays a uniformly random legal action.

    :param seed: seeds the bot's own random number generator.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())
    >>> action = RandomBot(seed=1).act(r.view(1))
    >>> action, action in r.legal_actions()
    (Discard(card=Card('4d')), True)
    """

    name: ClassVar[str] = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(check_seed(seed, GinRummyError, optional=True))

    def act(self, view: PlayerView) -> Action:
        """A random legal action.

        :raises GinRummyError: when the view has no legal action (not this player's turn).
        """
        return self._rng.choice(require_turn(view))


class GreedyBot:
    """A sensible one-ply player (see the module docstring).

    :param seed: accepted for a uniform interface; the greedy bot's choices are already
        deterministic (ties go to the higher card, then the higher card index).

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> GreedyBot().act(r.view(1))
    TakeDiscard()
    >>> GreedyBot().act(r.apply(gr.TakeDiscard()).view(1))
    Discard(card=Card('Kh'))
    """

    name: ClassVar[str] = "greedy"

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = check_seed(seed, GinRummyError, optional=True)

    def act(self, view: PlayerView) -> Action:
        """The greedy choice among ``view.legal_actions``.

        :raises GinRummyError: when the view has no legal action (not this player's turn).
        """
        seen = checked_view(view)
        legal = require_turn(seen)
        phase = seen.phase
        if phase is UPCARD_OFFER or phase is DRAW:
            take = offers(legal, TakeDiscard) and self._improves(seen)
            if take:
                return TakeDiscard()
            return PassUpcard() if phase is UPCARD_OFFER else DrawStock()
        if phase is DISCARD:
            return self._discard_or_knock(seen, legal)
        return next_layoff(seen)

    @staticmethod
    def _improves(view: PlayerView) -> bool:
        """Whether taking the top discard (and then discarding another card) leaves less
        deadwood than the hand has now."""
        upcard = view.upcard
        if upcard is None:
            return False
        now = deadwood(view.hand, view.rules)
        after = best_discards(view.hand.add(upcard), view.rules)
        return any(left < now for card, left in after if card.index != upcard.index)

    @staticmethod
    def _discard_or_knock(view: PlayerView, legal: tuple[Action, ...]) -> Action:
        # by type and by index, not by ==: docs/design.md, "The compiled build"
        if offers(legal, BigGin):
            return BigGin()
        hand = view.hand
        blocked = view.taken if view.taken is not None and not view.rules.may_discard_taken_card else None
        options = [
            (left, card)
            for card, left in best_discards(hand, view.rules)
            if blocked is None or card.index != blocked.index
        ]
        # least deadwood, then the higher card (it costs more if caught), then the higher index
        _, card = min(options, key=lambda item: (item[0], -item[1].points, -item[1].index))
        if any(type(action) is Knock and action.card.index == card.index for action in legal):
            return Knock(card)
        return DISCARD_ACTIONS[card.index]
