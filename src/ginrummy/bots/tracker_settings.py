""":class:`TrackerSettings`: the weights and the knock policy of a :class:`~ginrummy.TrackerBot`,
as one value that can be compared, stored and tuned to a ruleset.

The tracker bot's defaults (:data:`FIXED`) were chosen under ``pagat``, where knocking as soon
as the knock pays is right. Other rules move the right play: a large undercut bonus without a
box bonus rewards waiting for gin or for the opponent's knock; a large gin bonus rewards
knocking early again. :mod:`ginrummy.bots.tuning` tries the :data:`CANDIDATES` under a ruleset
and keeps the one that scores most; :class:`~ginrummy.bots.adaptive.AdaptiveBot` plays it.

>>> import math
>>> TrackerSettings(knock_threshold=math.inf).bot(seed=1).knock_threshold
inf
>>> TrackerSettings.from_data(FIXED.as_data()) == FIXED
True
>>> TrackerSettings(potential_weight=-1)
Traceback (most recent call last):
...
ginrummy.errors.GinRummyError: invalid tracker settings: 'potential_weight' must be a finite number of at least 0 (got -1)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Final

import attrs

from ginrummy.bots.tracker import DANGER_WEIGHT, KNOCK_THRESHOLD, POTENTIAL_WEIGHT, TAKE_MARGIN, TrackerBot
from ginrummy.errors import GinRummyError
from ginrummy.validators import check_int, check_number

__all__ = ["CANDIDATES", "FIXED", "KNOCK_POLICIES", "TrackerSettings"]


def _number(
    low: float | None, *, finite: bool = True
) -> Callable[[object, attrs.Attribute[float], object], None]:
    """An attrs validator: a number (not a bool) of at least ``low``; infinite only if not
    ``finite``."""

    def check(instance: object, attribute: attrs.Attribute[float], value: object) -> None:
        check_number(value, attribute.name, GinRummyError, low=low, finite=finite, context="tracker settings")

    return check


def _stock(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    """An attrs validator: a whole number of stock cards, 0 to 31."""
    check_int(value, attribute.name, GinRummyError, low=0, high=31, context="tracker settings")


@attrs.frozen
class TrackerSettings:
    """The parameters of a :class:`~ginrummy.TrackerBot` (see its keyword arguments): the
    weights of its appraisal and the knock policy.

    ``knock_threshold`` and ``wait_below_stock`` are the knock policy: the least average result
    of a knock (points, box bonus included, against opponent hands sampled from the view, so
    what the bot knows of the opponent counts) for which it knocks, and the stock size below
    which it no longer knocks; ``math.inf`` waits for gin or for the last knock before a dead
    hand at any stock size. ``potential_weight`` is how much it plays for melds to come (gin)
    rather than for low deadwood now.

    >>> TrackerSettings() == FIXED, TrackerSettings(knock_threshold=math.inf).waits
    (True, True)
    """

    knock_threshold: float = attrs.field(default=KNOCK_THRESHOLD, validator=_number(None, finite=False))
    """The least average knock result for which it knocks (:data:`~ginrummy.bots.tracker.KNOCK_THRESHOLD`)."""
    potential_weight: float = attrs.field(default=POTENTIAL_WEIGHT, validator=_number(0.0))
    """Draws' worth of meld potential a hand is credited with
    (:data:`~ginrummy.bots.tracker.POTENTIAL_WEIGHT`)."""
    danger_weight: float = attrs.field(default=DANGER_WEIGHT, validator=_number(0.0))
    """Points a discard is charged per unit of chance the opponent melds it
    (:data:`~ginrummy.bots.tracker.DANGER_WEIGHT`)."""
    take_margin: float = attrs.field(default=TAKE_MARGIN, validator=_number(None))
    """How much better taking the top discard must be than drawing
    (:data:`~ginrummy.bots.tracker.TAKE_MARGIN`)."""
    wait_below_stock: int = attrs.field(default=0, validator=_stock)
    """The stock size below which it knocks only for gin or before a dead hand (0: any size)."""

    def bot(self, seed: int | str | None = None) -> TrackerBot:
        """A tracker bot with these settings and ``seed``."""
        return TrackerBot(
            seed,
            knock_threshold=self.knock_threshold,
            potential_weight=self.potential_weight,
            danger_weight=self.danger_weight,
            take_margin=self.take_margin,
            wait_below_stock=self.wait_below_stock,
        )

    @property
    def waits(self) -> bool:
        """Whether it waits for gin (or the last knock before a dead hand), at any stock size or
        once the stock is short, rather than knocking when the knock pays."""
        return self.knock_threshold > FIXED.knock_threshold or self.wait_below_stock > 0

    def as_data(self) -> dict[str, int | float | str]:
        """The settings as JSON data (an infinite threshold as the string ``"inf"``)."""
        return {
            field.name: _number_data(getattr(self, field.name)) for field in attrs.fields(TrackerSettings)
        }

    @classmethod
    def from_data(cls, data: object) -> TrackerSettings:
        """The settings :meth:`as_data` wrote.

        :raises GinRummyError: for anything else.
        """
        names = [field.name for field in attrs.fields(TrackerSettings)]
        if not isinstance(data, Mapping) or sorted(data) != sorted(names):
            raise GinRummyError(
                f"invalid tracker settings {data!r:.200}: expected the fields {', '.join(names)}"
            )
        values = {name: _number_value(data[name]) for name in names}
        return cls(**values)  # type: ignore[arg-type]

    def __str__(self) -> str:
        """The settings in words, as the command line shows them.

        >>> print(TrackerSettings(knock_threshold=math.inf))
        waits for gin; potential 4, danger 8, margin 2
        >>> print(TrackerSettings(wait_below_stock=25))
        knocks when worth -5 points or more while the stock holds 25 cards, then waits for gin; potential 4, danger 8, margin 2
        """
        if math.isinf(self.knock_threshold) and self.knock_threshold > 0:
            knock = "waits for gin"
        else:
            knock = f"knocks when worth {self.knock_threshold:g} points or more"
            if self.wait_below_stock:
                knock += f" while the stock holds {self.wait_below_stock} cards, then waits for gin"

        return (
            f"{knock}; potential {self.potential_weight:g}, danger {self.danger_weight:g}, "
            f"margin {self.take_margin:g}"
        )


def _number_data(value: float) -> int | float | str:
    return "inf" if value == math.inf else "-inf" if value == -math.inf else value


def _number_value(value: object) -> object:
    return {"inf": math.inf, "-inf": -math.inf}.get(value, value) if isinstance(value, str) else value


FIXED: Final = TrackerSettings()
"""The tracker bot's own defaults: what ``'tracker'`` plays under every ruleset."""

KNOCK_POLICIES: Final[tuple[tuple[float, int], ...]] = (
    (KNOCK_THRESHOLD, 0),
    (KNOCK_THRESHOLD, 25),
    (math.inf, 0),
)
"""The knock policies tuning tries, as ``(knock_threshold, wait_below_stock)``: knock when the
knock pays (the fixed policy); knock when it pays while the stock holds 25 cards or more,
then wait for gin; wait for gin at any stock size."""

CANDIDATES: Final[tuple[TrackerSettings, ...]] = (
    FIXED,
    *(
        TrackerSettings(knock_threshold=threshold, wait_below_stock=stock, potential_weight=weight)
        for threshold, stock in KNOCK_POLICIES
        for weight in (2.0, POTENTIAL_WEIGHT, 6.0)
        if (threshold, stock, weight) != (KNOCK_THRESHOLD, 0, POTENTIAL_WEIGHT)
    ),
)
"""The ways of playing that tuning tries, :data:`FIXED` first: the :data:`KNOCK_POLICIES`
crossed with how much the hand plays for melds to come. Measured under ten rulesets, the
other weights moved results by less than their noise, and a knock threshold of 20 points
never beat these (``docs/lab/adaptive-bot.md``)."""
