"""Levels: opponents graded from a beginner to the strongest bot, each with a measured rating.

A level is the tracker bot playing like a weaker person, not like a random one. Levels 1 to 4
read the tracker bot's appraisal of the actions (:meth:`ginrummy.TrackerBot.appraise`: the
value of the hand each action leaves, in deadwood points) and pick among them at random, a
better action more often: the chance of an action is proportional to
``exp(-(value - best) / temperature)``, so at a temperature of 2 an action 2 points worse is
played e^-1 times as often as the best one. A lower level also

- watches the opponent less: it charges a discard less (``danger_weight``; levels 1 and 2
  nothing) for the chance that the opponent melds it, as a player who does not remember what
  the opponent took and passed;
- waits too long to knock: it knocks only when the knock is expected to win
  ``knock_threshold`` points or more (level 1: 30), so it often keeps a knockable hand and is
  knocked or ganged first;
- plays less for melds to come (level 1), keeping its low cards rather than its draws.

A knock it would make and gin are never missed (a person sees those); the chance falls on the
draws and the discards. Level 5 is the adaptive bot itself (:class:`~ginrummy.AdaptiveBot`),
the strongest bot the library recommends. Every level sees only its view, and a level with a
given seed always plays the same action for the same view (its draws are seeded from the seed,
the player and the number of actions played).

Each level's rating was measured on a ladder of duplicate deals under ``pagat`` and
``oklahoma`` (``benchmarks/levels.py``, seeds fixed before the run); the ratings ship in the
wheel (``bots/data/levels.json``) and :meth:`Level.rating` reads them. The bots page shows the
table and how it was measured.

>>> import ginrummy as gr
>>> [level.name for level in LEVELS]
['beginner', 'novice', 'casual', 'club', 'expert']
>>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
>>> LevelBot(seed=1, level=5).act(view) == gr.AdaptiveBot(seed=1).act(view)
True
>>> LevelBot(seed=1, level=9)
Traceback (most recent call last):
...
ginrummy.errors.GinRummyError: invalid level 9: the levels are 1 to 5
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Mapping
from importlib import resources
from typing import ClassVar, Final

import attrs

from ginrummy.actions import Action
from ginrummy.bots.adaptive import AdaptiveBot
from ginrummy.bots.reference import checked_view
from ginrummy.bots.tracker import TrackerBot
from ginrummy.bots.tracker_settings import TrackerSettings
from ginrummy.errors import GinRummyError
from ginrummy.play.round import PlayerView
from ginrummy.validators import check_int, check_number, check_seed, is_int

__all__ = ["DEFAULT_LEVEL", "LEVELS", "RATINGS_FILE", "Level", "LevelBot", "LevelRating", "level_ratings"]

RATINGS_FILE: Final = "levels.json"
"""The file in ``bots/data`` that holds the measured ratings (written by ``benchmarks/levels.py``)."""


@attrs.frozen(kw_only=True)
class LevelRating:
    """A level's rating under one ruleset: Bradley-Terry Elo points with their 95% interval,
    from a ladder on duplicate deals (the ladder's field has its mean at 1500).

    >>> LevelRating(elo=1500.0, low=1450.0, high=1550.0, games=800).elo
    1500.0
    """

    elo: float
    """The rating in Elo points."""
    low: float
    """The lower end of its 95% interval."""
    high: float
    """The upper end of its 95% interval."""
    games: int
    """The games the level played in the ladder."""

    def __str__(self) -> str:
        """The rating as the tables show it.

        >>> print(LevelRating(elo=1512.4, low=1480.0, high=1544.9, games=800))
        1512 (1480 to 1545)
        """
        return f"{self.elo:.0f} ({self.low:.0f} to {self.high:.0f})"


@attrs.frozen(kw_only=True)
class Level:
    """One level: a number, a name, and how it plays (see the module docstring).

    :raises GinRummyError: for a number below 1, an empty name, a negative temperature or
        settings that are not :class:`~ginrummy.bots.tracker_settings.TrackerSettings`.

    >>> LEVELS[0].number, LEVELS[0].temperature, LEVELS[0].settings.danger_weight
    (1, 8.0, 0.0)
    """

    number: int = attrs.field()
    """The level, 1 the weakest."""
    name: str = attrs.field()
    """Its name in a word (``'beginner'``...)."""
    temperature: float = attrs.field()
    """How far from the best action it strays: the points worse at which an action is played
    e^-1 times as often as the best (0: always the best)."""
    settings: TrackerSettings | None = attrs.field()
    """The tracker bot's settings it plays with; None: the adaptive bot's, tuned to the rules."""
    description: str = attrs.field()
    """How it plays, in a sentence a player reads."""

    @number.validator
    def _check_number(self, attribute: attrs.Attribute[int], value: object) -> None:
        check_int(value, "number", GinRummyError, low=1, context="level")

    @name.validator
    def _check_name(self, attribute: attrs.Attribute[str], value: object) -> None:
        if not isinstance(value, str) or not value:
            raise GinRummyError(f"invalid level: 'name' must be a word (got {value!r:.40})")

    @temperature.validator
    def _check_temperature(self, attribute: attrs.Attribute[float], value: object) -> None:
        check_number(value, "temperature", GinRummyError, low=0.0, context="level")

    @settings.validator
    def _check_settings(self, attribute: attrs.Attribute[TrackerSettings | None], value: object) -> None:
        if value is not None and not isinstance(value, TrackerSettings):
            raise GinRummyError(
                f"invalid level: 'settings' must be TrackerSettings or None (got {value!r:.60})"
            )

    def bot(self, seed: int | str | None = None) -> LevelBot:
        """A bot that plays at this level, seeded with ``seed``."""
        return LevelBot(seed, level=self.number)

    @property
    def bot_name(self) -> str:
        """The bot's name wherever bots are named (``'level:3'``): :func:`ginrummy.make_bot`,
        a ladder, a session, ``ginrummy play --bot``."""
        return f"{LevelBot.name}:{self.number}"

    def rating(self, rules: object) -> LevelRating | None:
        """Its measured rating under ``rules`` (a ruleset or its name), or None where it was not
        measured (only ``pagat`` and ``oklahoma`` were).

        >>> import ginrummy as gr
        >>> LEVELS[4].rating(gr.PAGAT).elo > LEVELS[0].rating("pagat").elo
        True
        >>> LEVELS[0].rating(gr.STRAIGHT) is None
        True
        """
        name = rules if isinstance(rules, str) else getattr(rules, "name", None)
        if not isinstance(name, str):
            raise GinRummyError(f"invalid rules {rules!r:.60}: expected a Ruleset or its name")
        return level_ratings().get(name, {}).get(self.number)


LEVELS: Final[tuple[Level, ...]] = (
    Level(
        number=1,
        name="beginner",
        temperature=8.0,
        settings=TrackerSettings(knock_threshold=30.0, potential_weight=1.0, danger_weight=0.0),
        description="keeps its lowest cards, throws what it does not need without watching "
        "the opponent, and knocks only when it is sure to win big",
    ),
    Level(
        number=2,
        name="novice",
        temperature=5.0,
        settings=TrackerSettings(knock_threshold=15.0, danger_weight=0.0),
        description="plays for melds but does not watch what the opponent takes, and waits too long to knock",
    ),
    Level(
        number=3,
        name="casual",
        temperature=3.5,
        settings=TrackerSettings(knock_threshold=8.0, danger_weight=4.0),
        description="watches the opponent a little and knocks when the knock is well worth it",
    ),
    Level(
        number=4,
        name="club",
        temperature=2.0,
        settings=TrackerSettings(knock_threshold=2.0, danger_weight=6.0),
        description="counts cards, knocks a little late, and now and then throws a card "
        "slightly worse than the best",
    ),
    Level(
        number=5,
        name="expert",
        temperature=0.0,
        settings=None,
        description="the adaptive bot: counts cards, values each knock, and plays the settings "
        "tuned to the rules",
    ),
)
"""The levels, weakest first (:data:`ginrummy.LEVELS`)."""

DEFAULT_LEVEL: Final = 3
"""The level of ``'level'`` named without a number."""


@functools.lru_cache(maxsize=1)
def level_ratings() -> Mapping[str, Mapping[int, LevelRating]]:
    """The measured ratings shipped in the wheel (``bots/data/levels.json``): by ruleset name,
    by level number.

    >>> sorted(level_ratings())
    ['oklahoma', 'pagat']
    """
    text = (
        resources.files("ginrummy.bots").joinpath("data").joinpath(RATINGS_FILE).read_text(encoding="utf-8")
    )
    data = json.loads(text)
    found: dict[str, dict[int, LevelRating]] = {}
    try:
        for ruleset, ladder in data["ladders"].items():
            found[ruleset] = {
                int(entry["level"]): LevelRating(
                    elo=float(entry["elo"]),
                    low=float(entry["low"]),
                    high=float(entry["high"]),
                    games=int(entry["games"]),
                )
                for entry in ladder["ratings"]
                if entry.get("level") is not None
            }
    except (KeyError, TypeError, ValueError, AttributeError) as exc:  # a damaged install
        raise GinRummyError(f"invalid {RATINGS_FILE}: {exc!r:.80}") from None
    return found


def _level(level: object) -> Level:
    """The level numbered ``level``.

    :raises GinRummyError: for anything but a number of :data:`LEVELS`.
    """
    if not is_int(level) or not 1 <= level <= len(LEVELS):
        raise GinRummyError(f"invalid level {level!r:.40}: the levels are 1 to {len(LEVELS)}")
    return LEVELS[level - 1]


class LevelBot:
    """A bot that plays at one of the :data:`LEVELS` (see the module docstring).

    :param seed: seeds its choices; the same seed and view always give the same action.
    :param level: the level's number, 1 (beginner) to 5 (the adaptive bot).
    :raises GinRummyError: for a bad seed or level.

    >>> import ginrummy as gr
    >>> bot = LevelBot(seed=1, level=1)
    >>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    >>> bot.level.name, bot.act(view) in (gr.PassUpcard(), gr.TakeDiscard())
    ('beginner', True)
    """

    name: ClassVar[str] = "level"

    def __init__(self, seed: int | str | None = None, *, level: int = DEFAULT_LEVEL) -> None:
        self.seed = check_seed(seed, GinRummyError, optional=True)
        self.level = _level(level)
        settings = self.level.settings
        self._player: AdaptiveBot | TrackerBot = (
            AdaptiveBot(self.seed) if settings is None else settings.bot(self.seed)
        )

    def __repr__(self) -> str:
        return f"LevelBot(seed={self.seed!r}, level={self.level.number})"

    def act(self, view: PlayerView) -> Action:
        """This level's choice among ``view.legal_actions``.

        :raises GinRummyError: when the view has no legal action (not this player's turn).
        """
        return self.choices(view)[0][1] if self.level.temperature == 0 else self._draw(view)

    def choices(self, view: PlayerView) -> list[tuple[float, Action]]:
        """The actions it chooses among at ``view``, each with the chance it plays it, most
        likely first (a knock it would make, gin, or a single action: chance 1).

        :raises GinRummyError: when the view has no legal action (not this player's turn).

        >>> import ginrummy as gr
        >>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
        >>> round(sum(chance for chance, _ in LevelBot(level=2).choices(view)), 9)
        1.0
        """
        ranked = self._player.appraise(checked_view(view))
        temperature = self.level.temperature
        finite = [(value, action) for value, action in ranked if math.isfinite(value)]
        if temperature == 0 or len(ranked) == 1 or ranked[0][0] == -math.inf or not finite:
            return [(1.0, ranked[0][1])]
        best = min(value for value, _ in finite)
        weights = [math.exp(-(value - best) / temperature) for value, _ in finite]
        total = sum(weights)
        return sorted(
            ((weight / total, action) for weight, (_, action) in zip(weights, finite, strict=True)),
            key=lambda item: -item[0],
        )

    def _draw(self, view: PlayerView) -> Action:
        """One action drawn from :meth:`choices`, seeded from the seed and the view."""
        choices = self.choices(view)
        if len(choices) == 1:
            return choices[0][1]
        rng = random.Random(f"{self.seed}:level:{view.player}:{len(view.events)}")
        return rng.choices([action for _, action in choices], weights=[chance for chance, _ in choices])[0]
