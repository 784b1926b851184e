"""Reference players for play and simulation. A bot sees only its :class:`~ginrummy.PlayerView`.

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
from collections.abc import Callable
from typing import Protocol

from ginrummy.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    EndLayoffs,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
)
from ginrummy.deadwood import best_discards, deadwood
from ginrummy.errors import GinRummyError
from ginrummy.events import Phase
from ginrummy.layoffs import best_layoffs
from ginrummy.views import PlayerView

__all__ = ["BOTS", "DEFAULT_BOT", "Bot", "BotFactory", "GreedyBot", "RandomBot", "bot_name", "make_bot"]


class Bot(Protocol):
    """A player: given its view, it returns one of ``view.legal_actions``.

    >>> import ginrummy as gr
    >>> class FirstLegal:
    ...     def act(self, view: gr.PlayerView) -> gr.Action:
    ...         return view.legal_actions[0]
    >>> FirstLegal().act(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1))
    TakeDiscard()
    """

    def act(self, view: PlayerView) -> Action:
        """Choose an action for the player whose view this is."""


class RandomBot:
    """Plays a uniformly random legal action.

    :param seed: seeds the bot's own random number generator.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())
    >>> action = RandomBot(seed=1).act(r.view(1))
    >>> action, action in r.legal_actions()
    (Discard(card=Card('4d')), True)
    """

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, view: PlayerView) -> Action:
        """A random legal action.

        :raises GinRummyError: when the view has no legal action (not this player's turn).
        """
        if not view.legal_actions:
            raise GinRummyError(f"player {view.player} has no legal action in phase {view.phase.name}")
        return self._rng.choice(view.legal_actions)


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

    name = "greedy"

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed

    def act(self, view: PlayerView) -> Action:
        """The greedy choice among ``view.legal_actions``.

        :raises GinRummyError: when the view has no legal action (not this player's turn).
        """
        legal = view.legal_actions
        if not legal:
            raise GinRummyError(f"player {view.player} has no legal action in phase {view.phase.name}")
        phase = view.phase
        if phase is Phase.UPCARD_OFFER or phase is Phase.DRAW:
            take = TakeDiscard() in legal and self._improves(view)
            if take:
                return TakeDiscard()
            return PassUpcard() if phase is Phase.UPCARD_OFFER else DrawStock()
        if phase is Phase.DISCARD:
            return self._discard_or_knock(view, legal)
        if phase is Phase.LAYOFF:
            plan = best_layoffs(view.spread, view.hand, view.rules)
            if plan.layoffs:
                card, meld = plan.layoffs[0]
                return LayOff(card, meld)
            return EndLayoffs()
        return legal[0]  # pragma: no cover - no other phase has legal actions

    @staticmethod
    def _improves(view: PlayerView) -> bool:
        """Whether taking the top discard (and then discarding another card) leaves less
        deadwood than the hand has now."""
        upcard = view.upcard
        if upcard is None:
            return False
        now = deadwood(view.hand, view.rules)
        after = best_discards(view.hand.add(upcard), view.rules)
        return any(left < now for card, left in after if card != upcard)

    @staticmethod
    def _discard_or_knock(view: PlayerView, legal: tuple[Action, ...]) -> Action:
        if BigGin() in legal:
            return BigGin()
        hand = view.hand
        blocked = view.taken if view.taken is not None and not view.rules.may_discard_taken_card else None
        options = [(left, card) for card, left in best_discards(hand, view.rules) if card != blocked]
        # least deadwood, then the higher card (it costs more if caught), then the higher index
        _, card = min(options, key=lambda item: (item[0], -item[1].points, -item[1].index))
        if Knock(card) in legal:
            return Knock(card)
        return Discard(card)


BotFactory = Callable[[int | str | None], Bot]
"""Something that makes a seeded bot: a bot class taking ``seed``, or any such callable."""

BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot}
"""The reference bots by name."""

DEFAULT_BOT = "greedy"
"""The bot that simulations and ``ginrummy play`` use when none is named."""


def make_bot(name: str | BotFactory, seed: int | str | None = None) -> Bot:
    """A seeded bot: the reference bot called ``name`` (``'random'`` or ``'greedy'``), or
    ``name(seed)`` when ``name`` is a factory (such as your own bot class).

    :raises GinRummyError: for an unknown name.

    >>> make_bot("greedy", seed=1).name
    'greedy'
    """
    if callable(name):
        return name(seed)
    factory = BOTS.get(name.lower()) if isinstance(name, str) else None
    if factory is None:
        raise GinRummyError(f"unknown bot {name!r}: known bots are {', '.join(BOTS)}")
    return factory(seed)


def bot_name(bot: str | BotFactory) -> str:
    """A bot's display name: the name given, a factory's ``name`` attribute, or its
    ``__name__``."""
    if isinstance(bot, str):
        return bot.lower()
    return str(getattr(bot, "name", getattr(bot, "__name__", repr(bot))))
