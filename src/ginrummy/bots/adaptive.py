""":class:`AdaptiveBot`: the tracker bot, playing under each ruleset the settings tuned for it.

The tracker bot's fixed settings were chosen under ``pagat``. Under other rules the right
play moves: with a large undercut bonus and no box bonus, a player who waits for gin or for
the opponent's knock beats one who knocks as soon as the knock pays; with a large gin bonus,
knocking early is right again. The adaptive bot reads the rules from its view
(``view.rules``) and plays the :class:`~ginrummy.bots.tracker_settings.TrackerSettings` tuned
for them (:func:`ginrummy.tune`): shipped in the wheel for the presets, tuned on first use for
any other ruleset (about half a minute on two cores) and then cached on disk, so a house rule
is tuned once per machine and library version.

Everything else is the tracker bot's: it sees only its view, and a given seed always plays
the same action for the same view.

>>> import ginrummy as gr
>>> bot = AdaptiveBot(seed=1)
>>> bot.settings_for(gr.EAAI).waits, bot.settings_for(gr.PAGAT).waits
(True, False)
>>> r = gr.Round.deal(gr.EAAI, dealer=0, seed=7)
>>> bot.act(r.view(1)) in r.legal_actions()
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import ClassVar

from ginrummy.actions import Action
from ginrummy.bots.reference import checked_view
from ginrummy.bots.tracker import TrackerBot
from ginrummy.bots.tracker_settings import TrackerSettings
from ginrummy.bots.tuned_store import rules_key, tune
from ginrummy.errors import GinRummyError
from ginrummy.play.round import PlayerView
from ginrummy.rules import Ruleset
from ginrummy.validators import check_seed

__all__ = ["AdaptiveBot", "adaptive_for"]


class AdaptiveBot:
    """The tracker bot with the settings tuned for the rules it plays (see the module
    docstring).

    :param seed: seeds the tracker bot's sampling; the same seed and view always give the same
        action.
    :param settings: play these settings under every ruleset instead of the tuned ones.
    :param tuned: settings already found, by ruleset key
        (:func:`~ginrummy.bots.tuned_store.rules_key`), read before anything else: how a
        simulation hands the settings it tuned once to bots in other processes or machines
        (:func:`adaptive_for`).
    :raises GinRummyError: for a bad seed or settings.

    >>> import ginrummy as gr
    >>> view = gr.Round.deal(gr.EAAI, dealer=0, seed=7).view(1)
    >>> bot = AdaptiveBot(seed=1)
    >>> bot.act(view) == bot.tracker_for(gr.EAAI).act(view)
    True
    """

    name: ClassVar[str] = "adaptive"

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        settings: TrackerSettings | None = None,
        tuned: Mapping[str, TrackerSettings] | None = None,
    ) -> None:
        self.seed = check_seed(seed, GinRummyError, optional=True)
        if settings is not None and not isinstance(settings, TrackerSettings):
            raise GinRummyError(f"invalid settings {settings!r:.80}: expected TrackerSettings or None")
        if tuned is not None and not (
            isinstance(tuned, Mapping)
            and all(isinstance(k, str) and isinstance(v, TrackerSettings) for k, v in tuned.items())
        ):
            raise GinRummyError(f"invalid tuned {tuned!r:.80}: expected TrackerSettings by ruleset key")
        self.settings = settings
        self.tuned = dict(tuned) if tuned else {}
        self._rules: Ruleset | None = None
        self._bot: TrackerBot | None = None

    def settings_for(self, rules: Ruleset) -> TrackerSettings:
        """The settings this bot plays under ``rules`` (tuning them if no one has).

        :raises GinRummyError: when ``rules`` is not a ruleset.
        """
        if self.settings is not None:
            return self.settings
        if self.tuned and isinstance(rules, Ruleset):
            known = self.tuned.get(rules_key(rules))
            if known is not None:
                return known
        return tune(rules).settings

    def tracker_for(self, rules: Ruleset) -> TrackerBot:
        """The tracker bot this bot plays as under ``rules``."""
        if rules is not self._rules or self._bot is None:
            self._bot = self.settings_for(rules).bot(self.seed)
            self._rules = rules
        return self._bot

    def act(self, view: PlayerView) -> Action:
        """This bot's choice among ``view.legal_actions`` (or a knock with its own spread).

        :raises GinRummyError: when the view has no legal action (not this player's turn).
        """
        return self.tracker_for(checked_view(view).rules).act(view)

    def appraise(self, view: PlayerView) -> list[tuple[float, Action]]:
        """The actions it weighs at ``view``, best first (:meth:`ginrummy.TrackerBot.appraise`)."""
        return self.tracker_for(checked_view(view).rules).appraise(view)


def adaptive_for(
    rulesets: Iterable[Ruleset], *, workers: int | None = None
) -> functools.partial[AdaptiveBot]:
    """A factory of adaptive bots that carry their settings for each of ``rulesets``, found
    now (tuned, where no one has, in ``workers`` processes): what a simulation seats, so that
    its workers, here or on a cluster, never tune again.

    >>> import ginrummy as gr
    >>> factory = adaptive_for([gr.PAGAT, gr.EAAI])
    >>> factory(seed=1).settings_for(gr.EAAI).waits
    True
    """
    table = {}
    for rules in rulesets:
        found = tune(rules, workers=workers)
        table[found.key] = found.settings
    return functools.partial(AdaptiveBot, tuned=table)
