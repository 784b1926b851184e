"""Gin Rummy rules as a typed Python library.

Every public name is importable from here (``import ginrummy as gr``) and listed in
:data:`__all__`; the sub-packages are the library's own layout (see ``docs/design.md``), except
the kit for front ends (``ginrummy.frontend``, also ``gr.frontend``) and the integrations
(``ginrummy.rl``, ``ginrummy.openspiel``, ``ginrummy.distributed``), whose ``__all__`` are
promises too (``docs/public-api.rst``).

``import ginrummy`` loads the rules: cards, melds, the partitioner, the rulesets, the round and
the game, the actions, the errors and JSON. The rest (the bots, the opponent models, simulation
and the ladder, the JSON Schema, the front-end kit, the learned networks) is loaded the first
time one of its names is read, and what a view believes of the hidden cards the first time it
samples or weighs them, so a program that only plays by the rules does not wait for it; every
name is listed and importable all the same (``dir(gr)``, ``help(gr)``, ``from ginrummy import
X``).

>>> import ginrummy as gr
>>> gr.deadwood("As 2s 3s 4s 7h 7d 7c Kd Qd 9c")
29
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ginrummy._version import __version__
from ginrummy.actions import (
    ACTION_SPACE_SIZE,
    Action,
    BigGin,
    Discard,
    DrawStock,
    EndLayoffs,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
    action_from_id,
    action_to_id,
    parse_action,
)
from ginrummy.build_kind import COMPILED
from ginrummy.cards import DECK, Card, CardsLike, Hand, Rank, Suit
from ginrummy.dealing import commit_deal, verify_deal
from ginrummy.errors import (
    CacheWarning,
    CommitmentError,
    GinRummyError,
    IllegalActionError,
    InvalidCardError,
    InvalidHandError,
    InvalidMeldError,
    InvalidPositionError,
    InvalidResultError,
    InvalidRulesetError,
    ModelFileError,
    ParseError,
    SerializationError,
)
from ginrummy.io.documents import dumps, from_data, loads, to_data
from ginrummy.melding.layoffs import LayoffPlan, best_layoffs
from ginrummy.melding.partition import (
    Arrangement,
    all_best_melds,
    best_discard,
    best_discards,
    best_melds,
    deadwood,
)
from ginrummy.melds import Meld, MeldingRules, MeldKind, all_melds
from ginrummy.phase import Phase
from ginrummy.play.events import Event
from ginrummy.play.game import Game, GameRecord, GameView
from ginrummy.play.round import PlayerView, Round
from ginrummy.results.pricing import Outcome, price_round
from ginrummy.results.round_result import RoundResult
from ginrummy.results.settlement import GameResult, PlayerScore, game_scores, hollywood_columns, score_game
from ginrummy.rules import (
    EAAI,
    HOLLYWOOD,
    OKLAHOMA,
    OPENSPIEL,
    PAGAT,
    PRESETS,
    ROUND_THE_CORNER,
    SPANISH_SITE,
    STRAIGHT,
    AfterPass,
    GameWinner,
    NextDealer,
    Ruleset,
    Shutout,
    find_ruleset,
)

if TYPE_CHECKING:  # the names loaded on first use (_LAZY below), as type checkers and editors see them
    from ginrummy import frontend as frontend
    from ginrummy.beliefs.learned_belief import LearnedBelief
    from ginrummy.beliefs.opponent_models import OPPONENT_MODELS, Decision, OpponentModel, ReasonablePlayer
    from ginrummy.bots.adaptive import AdaptiveBot
    from ginrummy.bots.camper import CamperBot
    from ginrummy.bots.eaai_simple import EaaiSimpleBot
    from ginrummy.bots.learned import LearnedBot
    from ginrummy.bots.levels import LEVELS, Level, LevelBot
    from ginrummy.bots.montecarlo import MonteCarloBot
    from ginrummy.bots.reference import GreedyBot, RandomBot
    from ginrummy.bots.registry import BOTS, DEFAULT_BOT, Bot, BotFactory, find_bot, make_bot
    from ginrummy.bots.tracker import TrackerBot
    from ginrummy.bots.tracker_settings import TrackerSettings
    from ginrummy.bots.tuned_store import Tuned, tune
    from ginrummy.frontend.hints import suggest
    from ginrummy.frontend.review import review
    from ginrummy.io.schema import json_schema
    from ginrummy.simulation.comparison import Comparison, Difference, compare
    from ginrummy.simulation.ladder import Ladder, ladder
    from ginrummy.simulation.shards import play_games
    from ginrummy.simulation.statistics import Estimate, RulesetStats, SimulationReport, simulate
    from ginrummy.simulation.tally import Counts, Tally

_LAZY: dict[str, str] = {
    "frontend": "ginrummy.frontend",  # the public sub-package itself, as gr.frontend
    **dict.fromkeys(["suggest"], "ginrummy.frontend.hints"),
    **dict.fromkeys(["review"], "ginrummy.frontend.review"),
    **dict.fromkeys(["LearnedBelief"], "ginrummy.beliefs.learned_belief"),
    **dict.fromkeys(
        ["OPPONENT_MODELS", "Decision", "OpponentModel", "ReasonablePlayer"],
        "ginrummy.beliefs.opponent_models",
    ),
    **dict.fromkeys(["AdaptiveBot"], "ginrummy.bots.adaptive"),
    **dict.fromkeys(["CamperBot"], "ginrummy.bots.camper"),
    **dict.fromkeys(["EaaiSimpleBot"], "ginrummy.bots.eaai_simple"),
    **dict.fromkeys(["LearnedBot"], "ginrummy.bots.learned"),
    **dict.fromkeys(["LEVELS", "Level", "LevelBot"], "ginrummy.bots.levels"),
    **dict.fromkeys(["MonteCarloBot"], "ginrummy.bots.montecarlo"),
    **dict.fromkeys(["GreedyBot", "RandomBot"], "ginrummy.bots.reference"),
    **dict.fromkeys(
        ["BOTS", "DEFAULT_BOT", "Bot", "BotFactory", "find_bot", "make_bot"], "ginrummy.bots.registry"
    ),
    **dict.fromkeys(["TrackerBot"], "ginrummy.bots.tracker"),
    **dict.fromkeys(["TrackerSettings"], "ginrummy.bots.tracker_settings"),
    **dict.fromkeys(["Tuned", "tune"], "ginrummy.bots.tuned_store"),
    **dict.fromkeys(["json_schema"], "ginrummy.io.schema"),
    **dict.fromkeys(["Comparison", "Difference", "compare"], "ginrummy.simulation.comparison"),
    **dict.fromkeys(["Ladder", "ladder"], "ginrummy.simulation.ladder"),
    **dict.fromkeys(["play_games"], "ginrummy.simulation.shards"),
    **dict.fromkeys(
        ["Estimate", "RulesetStats", "SimulationReport", "simulate"], "ginrummy.simulation.statistics"
    ),
    **dict.fromkeys(["Counts", "Tally"], "ginrummy.simulation.tally"),
}
"""Each public name loaded on first use, with the module that defines it: the bots, the opponent
models, simulation and the ladder, the JSON Schema and the front-end kit, which a program
playing by the rules alone never needs (the ``if TYPE_CHECKING:`` imports above name the same)."""


def __getattr__(name: str) -> object:
    """A public name of :data:`_LAZY`, imported from its module on first use and kept here."""
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module 'ginrummy' has no attribute {name!r}")
    module = importlib.import_module(module_name)
    value = module if module_name == f"{__name__}.{name}" else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Every name of the package, those loaded on first use included (``dir(gr)``, ``help(gr)``)."""
    return sorted({*globals(), *_LAZY})


__all__ = [
    "ACTION_SPACE_SIZE",
    "BOTS",
    "COMPILED",
    "DECK",
    "DEFAULT_BOT",
    "EAAI",
    "HOLLYWOOD",
    "LEVELS",
    "OKLAHOMA",
    "OPENSPIEL",
    "OPPONENT_MODELS",
    "PAGAT",
    "PRESETS",
    "ROUND_THE_CORNER",
    "SPANISH_SITE",
    "STRAIGHT",
    "Action",
    "AdaptiveBot",
    "AfterPass",
    "Arrangement",
    "BigGin",
    "Bot",
    "BotFactory",
    "CacheWarning",
    "CamperBot",
    "Card",
    "CardsLike",
    "CommitmentError",
    "Comparison",
    "Counts",
    "Decision",
    "Difference",
    "Discard",
    "DrawStock",
    "EaaiSimpleBot",
    "EndLayoffs",
    "Estimate",
    "Event",
    "Game",
    "GameRecord",
    "GameResult",
    "GameView",
    "GameWinner",
    "GinRummyError",
    "GreedyBot",
    "Hand",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidPositionError",
    "InvalidResultError",
    "InvalidRulesetError",
    "Knock",
    "Ladder",
    "LayOff",
    "LayoffPlan",
    "LearnedBelief",
    "LearnedBot",
    "Level",
    "LevelBot",
    "Meld",
    "MeldKind",
    "MeldingRules",
    "ModelFileError",
    "MonteCarloBot",
    "NextDealer",
    "OpponentModel",
    "Outcome",
    "ParseError",
    "PassUpcard",
    "Phase",
    "PlayerScore",
    "PlayerView",
    "RandomBot",
    "Rank",
    "ReasonablePlayer",
    "Round",
    "RoundResult",
    "Ruleset",
    "RulesetStats",
    "SerializationError",
    "Shutout",
    "SimulationReport",
    "Suit",
    "TakeDiscard",
    "Tally",
    "TrackerBot",
    "TrackerSettings",
    "Tuned",
    "__version__",
    "action_from_id",
    "action_to_id",
    "all_best_melds",
    "all_melds",
    "best_discard",
    "best_discards",
    "best_layoffs",
    "best_melds",
    "commit_deal",
    "compare",
    "deadwood",
    "dumps",
    "find_bot",
    "find_ruleset",
    "from_data",
    "game_scores",
    "hollywood_columns",
    "json_schema",
    "ladder",
    "loads",
    "make_bot",
    "parse_action",
    "play_games",
    "price_round",
    "review",
    "score_game",
    "simulate",
    "suggest",
    "to_data",
    "tune",
    "verify_deal",
]
