"""Players for play and simulation: the :class:`Bot` protocol and the bots by name.

A bot sees only its :class:`~ginrummy.PlayerView`. The library's bots, each in its own module:

- ``'random'``: :class:`~ginrummy.RandomBot`, a uniformly random legal action;
- ``'greedy'``: :class:`~ginrummy.GreedyBot`, the least deadwood now, knocking at once
  (:mod:`ginrummy.bots.reference`);
- ``'tracker'``: :class:`~ginrummy.TrackerBot`, which counts cards, weighs meld potential and
  what its discards give away, and values its knocks (:mod:`ginrummy.bots.tracker`);
- ``'eaai-simple'``: :class:`~ginrummy.bots.eaai_simple.EaaiSimpleBot`, the EAAI-21 challenge's
  baseline player ``SimpleGinRummyPlayer`` (:mod:`ginrummy.bots.eaai_simple`);
- ``'learned'``: :class:`~ginrummy.LearnedBot`, which plays the action of highest value under a
  network fitted to self-play outcomes (:mod:`ginrummy.bots.learned`);
- ``'camper'``: :class:`~ginrummy.CamperBot`, the EAAI 2021 winner's described policy: a
  one-draw lookahead and danger in its discards, knocks only in its first three turns, then
  gin (:mod:`ginrummy.bots.camper`);
- ``'montecarlo'``: :class:`~ginrummy.MonteCarloBot`, which samples the hidden cards from its
  view and plays each candidate out with the tracker bot (:mod:`ginrummy.bots.montecarlo`;
  hundreds of times slower).

:data:`BOTS` maps these names to factories taking a seed, :func:`make_bot` builds one, and
:data:`DEFAULT_BOT` names the one simulations use when none is given.

>>> import ginrummy as gr
>>> sorted(gr.BOTS)
['camper', 'eaai-simple', 'greedy', 'learned', 'montecarlo', 'random', 'tracker']
>>> gr.make_bot("tracker", seed=1).act(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1))
PassUpcard()
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Protocol

from ginrummy.actions import Action
from ginrummy.bots.camper import CamperBot
from ginrummy.bots.eaai_simple import EaaiSimpleBot
from ginrummy.bots.learned import LearnedBot
from ginrummy.bots.montecarlo import MonteCarloBot
from ginrummy.bots.reference import GreedyBot, RandomBot
from ginrummy.bots.tracker import TrackerBot
from ginrummy.errors import GinRummyError
from ginrummy.play.round import PlayerView

__all__ = [
    "BOTS",
    "BOT_PARAMETERS",
    "DEFAULT_BOT",
    "Bot",
    "BotFactory",
    "CamperBot",
    "EaaiSimpleBot",
    "GreedyBot",
    "LearnedBot",
    "MonteCarloBot",
    "RandomBot",
    "TrackerBot",
    "bot_name",
    "make_bot",
]


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


BotFactory = Callable[[int | str | None], Bot]
"""Something that makes a seeded bot: a bot class taking ``seed``, or any such callable."""

BOTS: Mapping[str, BotFactory] = MappingProxyType(
    {
        "random": RandomBot,
        "greedy": GreedyBot,
        "tracker": TrackerBot,
        "montecarlo": MonteCarloBot,
        "eaai-simple": EaaiSimpleBot,
        "learned": LearnedBot,
        "camper": CamperBot,
    }
)
"""The library's bots by name (read-only)."""

DEFAULT_BOT = "tracker"
"""The bot that simulations (:func:`~ginrummy.simulate`, ``ginrummy simulate``) use when none
is named."""


BOT_PARAMETERS: Mapping[str, str] = MappingProxyType({"montecarlo": "samples"})
"""The bots that take a budget in their name, ``name:N``, and the keyword it sets:
``'montecarlo:8'`` is the search bot with ``samples=8``."""


def make_bot(name: str | BotFactory, seed: int | str | None = None) -> Bot:
    """A seeded bot: the library's bot called ``name`` (a key of :data:`BOTS`, in any case,
    or ``name:N`` for a bot of :data:`BOT_PARAMETERS`, such as ``'montecarlo:8'``), or
    ``name(seed)`` when ``name`` is a factory (such as your own bot class).

    :raises GinRummyError: for an unknown name or a bad budget.

    >>> make_bot("greedy", seed=1).name
    'greedy'
    >>> make_bot("montecarlo:8", seed=1).samples
    8
    """
    if callable(name):
        return name(seed)
    if not isinstance(name, str):
        raise GinRummyError(f"unknown bot {name!r}: known bots are {', '.join(BOTS)}")
    base, colon, budget = name.lower().partition(":")
    factory = BOTS.get(base)
    if factory is None:
        raise GinRummyError(f"unknown bot {name!r}: known bots are {', '.join(BOTS)}")
    if not colon:
        return factory(seed)
    keyword = BOT_PARAMETERS.get(base)
    if keyword is None:
        raise GinRummyError(
            f"invalid bot {name!r}: {base!r} takes no budget (only {', '.join(BOT_PARAMETERS)} do)"
        )
    if not budget.isdigit() or not 1 <= int(budget) <= 1_000_000:
        raise GinRummyError(f"invalid bot {name!r}: the budget must be a whole number from 1 to 1000000")
    return factory(seed, **{keyword: int(budget)})


def bot_name(bot: str | BotFactory) -> str:
    """A bot's display name: the name given, a factory's ``name`` attribute, or its
    ``__name__``.

    >>> bot_name("Greedy"), bot_name(TrackerBot)
    ('greedy', 'tracker')
    """
    if isinstance(bot, str):
        return bot.lower()
    return str(getattr(bot, "name", getattr(bot, "__name__", repr(bot))))
