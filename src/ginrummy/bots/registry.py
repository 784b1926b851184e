"""Players for play and simulation: the :class:`Bot` protocol and the bots by name.

A bot sees only its :class:`~ginrummy.PlayerView`. The library's bots, each in its own module:

- ``'random'``: :class:`~ginrummy.RandomBot`, a uniformly random legal action;
- ``'greedy'``: :class:`~ginrummy.GreedyBot`, the least deadwood now, knocking at once
  (:mod:`ginrummy.bots.reference`);
- ``'tracker'``: :class:`~ginrummy.TrackerBot`, which counts cards, weighs meld potential and
  what its discards give away, and values its knocks (:mod:`ginrummy.bots.tracker`), with
  settings chosen under ``pagat``;
- ``'adaptive'``: :class:`~ginrummy.AdaptiveBot`, the tracker bot with the settings tuned for
  the rules it plays (:mod:`ginrummy.bots.adaptive`; :func:`~ginrummy.tune`): the default;
- ``'eaai-simple'``: :class:`~ginrummy.bots.eaai_simple.EaaiSimpleBot`, the EAAI-21 challenge's
  baseline player ``SimpleGinRummyPlayer`` (:mod:`ginrummy.bots.eaai_simple`);
- ``'learned'``: :class:`~ginrummy.LearnedBot`, which plays the action of highest value under a
  network fitted to self-play outcomes (:mod:`ginrummy.bots.learned`);
- ``'camper'``: :class:`~ginrummy.CamperBot`, the EAAI 2021 winner's described policy: a
  one-draw lookahead and danger in its discards, knocks only in its first three turns, then
  gin (:mod:`ginrummy.bots.camper`);
- ``'montecarlo'``: :class:`~ginrummy.MonteCarloBot`, which samples the hidden cards from its
  view and plays each candidate out with the tracker bot (:mod:`ginrummy.bots.montecarlo`;
  hundreds of times slower);
- ``'level:N'``: :class:`~ginrummy.bots.levels.LevelBot`, the opponent of level N of
  :data:`~ginrummy.LEVELS`, 1 (a beginner) to 5 (the adaptive bot), each with a measured rating
  (:mod:`ginrummy.bots.levels`; ``'level'`` alone is level 3).

:data:`BOTS` maps these names to factories taking a seed, :func:`make_bot` builds one, and
:data:`DEFAULT_BOT` names the one simulations use when none is given.

**Your own bots by name.** Wherever a bot is named (:func:`make_bot`, so
:func:`~ginrummy.simulate`, :func:`~ginrummy.compare`, :func:`~ginrummy.ladder` and the
command line's ``--bots``), a name may also be

- ``module:attribute``, the way entry points are written (``mybot:PickyBot``,
  ``mypackage.bots:make_picky``): the module is imported (from the current folder too, as
  ``python -m`` would) and the attribute, a class or function taking a seed (or nothing), is
  the factory;
- the name of an entry point in the group ``ginrummy.bots`` (:data:`ENTRY_POINT_GROUP`), so an
  installed package registers its bots by name in its ``pyproject.toml``::

      [project.entry-points."ginrummy.bots"]
      picky = "mybot:PickyBot"

>>> import ginrummy as gr
>>> sorted(gr.BOTS)
['adaptive', 'camper', 'eaai-simple', 'greedy', 'learned', 'level', 'montecarlo', 'random', 'tracker']
>>> gr.make_bot("tracker", seed=1).act(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1))
PassUpcard()
"""

from __future__ import annotations

import functools
import importlib
import inspect
import os
import re
import sys
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Protocol, cast

import attrs

from ginrummy.actions import Action
from ginrummy.bots.adaptive import AdaptiveBot
from ginrummy.bots.camper import CamperBot
from ginrummy.bots.eaai_simple import EaaiSimpleBot
from ginrummy.bots.learned import LearnedBot
from ginrummy.bots.levels import LEVELS, LevelBot
from ginrummy.bots.montecarlo import MonteCarloBot
from ginrummy.bots.reference import GreedyBot, RandomBot
from ginrummy.bots.tracker import TrackerBot
from ginrummy.errors import GinRummyError
from ginrummy.play.round import PlayerView
from ginrummy.validators import check_text

__all__ = [
    "BOTS",
    "BOT_NAME_FORMS",
    "BOT_PARAMETERS",
    "DEFAULT_BOT",
    "ENTRY_POINT_GROUP",
    "MAX_BOT_NAME",
    "AdaptiveBot",
    "Bot",
    "BotFactory",
    "BotName",
    "CamperBot",
    "EaaiSimpleBot",
    "GreedyBot",
    "LearnedBot",
    "LevelBot",
    "MonteCarloBot",
    "RandomBot",
    "TrackerBot",
    "bot_name",
    "check_bot_shown",
    "checked_bot",
    "find_bot",
    "is_adaptive",
    "make_bot",
    "parse_bot_name",
]


class Bot(Protocol):
    """A player: given its view, it returns an action the round accepts from that player.

    ``act`` returns either one of ``view.legal_actions``, or a :class:`~ginrummy.Knock` (or
    :class:`~ginrummy.BigGin`) of that list shown with a spread of the bot's own
    (``Knock(card, melds)``): melds of the cards it keeps, allowed by the rules, sharing no
    card, at most three (big gin: all eleven cards), leaving at most the knock limit. Such a
    knock is legal exactly when the same knock with ``melds=None`` is in the list and the
    spread is one the rules accept (:meth:`ginrummy.Round.is_legal` says so, and
    :meth:`~ginrummy.Round.apply` accepts it); :func:`ginrummy.action_to_id` gives it the id of
    that knock, so a recorded game of ids replays with the library's spread. The library's
    bots keep to this; the tracker, camper and eaai-simple bots show spreads of their own.

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
        "adaptive": AdaptiveBot,
        "montecarlo": MonteCarloBot,
        "eaai-simple": EaaiSimpleBot,
        "learned": LearnedBot,
        "camper": CamperBot,
        "level": LevelBot,
    }
)
"""The library's bots by name (read-only)."""

DEFAULT_BOT = "adaptive"
"""The bot that simulations, comparisons and ladders (:func:`~ginrummy.simulate`,
:func:`~ginrummy.compare`, :func:`~ginrummy.ladder` and their commands) and tables use when
none is named: the adaptive bot, which plays each ruleset with the settings tuned for it, so
that what a rule changes is measured with players who respond to it. ``'tracker'`` is the same
player with fixed settings (the command line's ``--fixed``)."""


BOT_PARAMETERS: Mapping[str, str] = MappingProxyType({"montecarlo": "samples", "level": "level"})
"""The bots that take a number in their name, ``name:N``, and the keyword it sets:
``'montecarlo:8'`` is the search bot with ``samples=8``, ``'level:2'`` the bot of level 2."""

_BUDGET_RANGES: Mapping[str, tuple[str, int, int]] = MappingProxyType({"level": ("level", 1, len(LEVELS))})
"""What the number of a bot of :data:`BOT_PARAMETERS` is called and the numbers it takes,
where it is not a budget of 1 to 1000000."""


ENTRY_POINT_GROUP = "ginrummy.bots"
"""The entry-point group in which installed packages register bots by name."""

MAX_BOT_NAME = 100
"""The most characters of a bot's name (and of the name a result shows for a bot)."""

BOT_NAME_FORMS = (
    f"{', '.join(BOTS)}, montecarlo:N for N worlds per decision, an installed bot's name, "
    "or your own as module:Class"
)
"""The forms of a bot's name, in words (the command line's help says them so)."""

_REFERENCE = re.compile(r"[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*:[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*")
"""``module:attribute``, as an entry point's object reference is written."""


def _entry_points() -> dict[str, object]:
    """The bots installed packages register (group :data:`ENTRY_POINT_GROUP`), by lowercase
    name; read only when a name is not the library's (``import ginrummy`` reads no metadata)."""
    from importlib.metadata import entry_points

    return {point.name.lower(): point for point in entry_points(group=ENTRY_POINT_GROUP)}


def _known(points: Mapping[str, object] | None = None) -> str:
    names = [*BOTS, *(point for point in (points or {}) if point not in BOTS)]
    return ", ".join(names) + ", or module:Class"


def _seeded(factory: Callable[..., Bot], name: str) -> BotFactory:
    """``factory`` as a factory taking a seed: called with it, or with nothing when it takes
    no argument."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: assume it takes the seed
        return cast(BotFactory, factory)
    takes = any(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL) for p in parameters)
    if takes:
        return cast(BotFactory, factory)
    return cast(BotFactory, functools.update_wrapper(lambda seed: factory(), factory, updated=()))


def _imported(reference: str, name: str) -> BotFactory:
    """The factory ``module:attribute`` names, the module imported from the current folder
    too."""
    module_name, _, attribute = reference.partition(":")
    try:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name.partition(".")[0] or os.getcwd() in sys.path or "" in sys.path:
                raise
            sys.path.append(os.getcwd())  # as ``python -m`` would find it (uvicorn does the same)
            module = importlib.import_module(module_name)
        target: object = module
        for part in attribute.split("."):
            target = getattr(target, part)
    except ModuleNotFoundError as exc:
        raise GinRummyError(f"unknown bot {name!r:.80}: no module named {exc.name!r:.80}") from None
    except AttributeError:
        raise GinRummyError(
            f"unknown bot {name!r:.80}: module {module_name!r:.80} has no attribute {attribute!r:.80}"
        ) from None
    except Exception as exc:  # the user's module failed to import: say so in one line
        raise GinRummyError(
            f"unknown bot {name!r:.80}: importing {module_name!r:.80} failed: {type(exc).__name__}: {exc}"
        ) from None
    if not callable(target):
        raise GinRummyError(
            f"invalid bot {name!r:.80}: {attribute!r:.80} is not a class or function (got {target!r:.60})"
        )
    return _seeded(target, name)


@attrs.frozen
class BotName:
    """A bot's name as :func:`parse_bot_name` reads it: what it names and how it is shown.

    >>> parse_bot_name("MonteCarlo:08")
    BotName(shown='montecarlo:8', library='montecarlo', budget=8, reference=None)
    """

    shown: str
    """The name as results show it: lowercase, a budget without leading zeros, a
    ``module:attribute`` as written."""
    library: str | None
    """The key of :data:`BOTS` it names, or None for your own bot."""
    budget: int | None
    """The budget of ``name:N`` (a bot of :data:`BOT_PARAMETERS`), or None."""
    reference: str | None
    """The ``module:attribute`` to import, or None (a library bot, or an entry point's name:
    neither ``library`` nor ``reference``)."""


def parse_bot_name(name: object) -> BotName:
    """Read a bot's name: a key of :data:`BOTS` (in any case), ``name:N`` for a bot of
    :data:`BOT_PARAMETERS`, ``module:attribute``, or else an entry point's name (of the group
    :data:`ENTRY_POINT_GROUP`, looked up only by :func:`find_bot`). The one parser of bot names:
    :func:`make_bot`, :class:`~ginrummy.frontend.Session`, the ladder and the command line all
    read names through it. Nothing is imported.

    :raises GinRummyError: for a value that is no name, a budget given to a bot that takes
        none, or a bad budget.

    >>> parse_bot_name("Tracker").library, parse_bot_name("mybot:PickyBot").reference
    ('tracker', 'mybot:PickyBot')
    >>> parse_bot_name("tracker:8")
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: invalid bot 'tracker:8': 'tracker' takes no budget
    (only montecarlo and level do)
    """
    if not isinstance(name, str) or not name.strip():
        raise GinRummyError(f"unknown bot {name!r:.80}: known bots are {_known()}")
    check_text(name.strip(), "bot", GinRummyError, most=MAX_BOT_NAME)
    base, colon, budget = name.strip().lower().partition(":")
    if base in BOTS and not colon:
        return BotName(base, base, None, None)
    if base in BOTS:
        if base not in BOT_PARAMETERS:
            raise GinRummyError(
                f"invalid bot {name!r}: {base!r} takes no budget (only {' and '.join(BOT_PARAMETERS)} do)"
            )
        what, low, high = _BUDGET_RANGES.get(base, ("budget", 1, 1_000_000))
        if not budget.isdigit() or not low <= int(budget) <= high:
            raise GinRummyError(
                f"invalid bot {name!r}: the {what} must be a whole number from {low} to {high}"
            )
        return BotName(f"{base}:{int(budget)}", base, int(budget), None)
    if _REFERENCE.fullmatch(name.strip()):
        return BotName(name.strip(), None, None, name.strip())
    return BotName(name.strip().lower(), None, None, None)


def is_adaptive(bot: object) -> bool:
    """Whether ``bot`` names the adaptive bot: its name in any case, or the class itself (the
    one test of simulations and the command line that tune before a run and seat it).

    >>> is_adaptive("Adaptive"), is_adaptive(AdaptiveBot), is_adaptive("tracker")
    (True, True, False)
    """
    if isinstance(bot, str):
        return parse_bot_name(bot).library == AdaptiveBot.name
    return bot is AdaptiveBot


def find_bot(name: str | BotFactory) -> BotFactory:
    """The factory a bot's name names: a key of :data:`BOTS` (in any case), ``name:N`` for a
    bot of :data:`BOT_PARAMETERS`, ``module:attribute``, or an entry point of the group
    :data:`ENTRY_POINT_GROUP`; a factory is returned as it is.

    :raises GinRummyError: for a name that names no bot, or a bad budget.

    >>> find_bot("Greedy") is GreedyBot
    True
    >>> find_bot("ginrummy.bots.reference:RandomBot") is RandomBot
    True
    """
    if callable(name):
        return name
    parsed = parse_bot_name(name)
    if parsed.library is not None and parsed.budget is None:
        return BOTS[parsed.library]
    if parsed.library is not None:
        keyword = BOT_PARAMETERS[parsed.library]
        return cast(BotFactory, functools.partial(BOTS[parsed.library], **{keyword: parsed.budget}))
    if parsed.reference is not None:
        return _imported(parsed.reference, name)
    points = _entry_points()
    point = points.get(parsed.shown)
    if point is None:
        raise GinRummyError(f"unknown bot {name!r:.80}: known bots are {_known(points)}")
    reference = str(getattr(point, "value", ""))
    return _imported(reference, name) if _REFERENCE.fullmatch(reference) else _seeded(point.load(), name)  # type: ignore[attr-defined]


def make_bot(name: str | BotFactory, seed: int | str | None = None) -> Bot:
    """A seeded bot: the library's bot called ``name`` (a key of :data:`BOTS`, in any case,
    or ``name:N`` for a bot of :data:`BOT_PARAMETERS`, such as ``'montecarlo:8'``), your own
    (``module:Class``, or an entry point's name: :func:`find_bot`), or ``name(seed)`` when
    ``name`` is a factory (such as your own bot class).

    :raises GinRummyError: for an unknown name or a bad budget.

    >>> make_bot("greedy", seed=1).name
    'greedy'
    >>> make_bot("montecarlo:8", seed=1).samples
    8
    """
    return find_bot(name)(seed)


def bot_name(bot: str | BotFactory) -> str:
    """A bot's display name: a name as :func:`parse_bot_name` shows it (lowercase, but a
    ``module:attribute`` as written), a factory's ``name`` attribute, or its ``__name__``.

    :raises GinRummyError: for a name :func:`parse_bot_name` refuses.

    >>> bot_name("Greedy"), bot_name(TrackerBot), bot_name("mybot:PickyBot")
    ('greedy', 'tracker', 'mybot:PickyBot')
    """
    if isinstance(bot, str):
        return parse_bot_name(bot).shown
    named = getattr(bot, "name", None)
    if named is None and isinstance(bot, functools.partial):  # a factory with its arguments (adaptive_for's)
        return bot_name(bot.func)
    return str(named if named is not None else getattr(bot, "__name__", repr(bot)))


def checked_bot(bot: object) -> str:
    """A bot's display name (:func:`bot_name`), once one bot has been made from it: the check
    of every entry that takes bots (simulations, ladders), made once per run.

    :raises GinRummyError: for anything but a bot's name or factory.

    >>> checked_bot("MonteCarlo:8")
    'montecarlo:8'
    """
    make_bot(bot)  # type: ignore[arg-type]
    return bot_name(bot)  # type: ignore[arg-type]


def check_bot_shown(value: object, name: str, context: str | None = None) -> str:
    """``value`` if it is a name a result may show for a bot: a string of 1 to
    :data:`MAX_BOT_NAME` characters (a result names bots; it does not make them).

    :param name: the field or argument, for the message.
    :param context: the value being built, for a field's message.
    :raises GinRummyError: naming the field and the value.

    >>> check_bot_shown("", "first", "ladder")
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: invalid ladder: 'first' must be a string of 1 to 100 characters (got '')
    """
    return check_text(value, name, GinRummyError, most=MAX_BOT_NAME, context=context)
