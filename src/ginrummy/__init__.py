"""Gin Rummy rules as a typed Python library.

Every public name is importable from here (``import ginrummy as gr``) and listed in
:data:`__all__`; the sub-packages are the library's own layout (see ``docs/design.md``), except
the kit for front ends (``ginrummy.frontend``, also ``gr.frontend``) and the integrations
(``ginrummy.rl``, ``ginrummy.openspiel``, ``ginrummy.distributed``), whose ``__all__`` are
promises too (``docs/public-api.rst``).

>>> import ginrummy as gr
>>> gr.deadwood("As 2s 3s 4s 7h 7d 7c Kd Qd 9c")
29
"""

from ginrummy import frontend as frontend  # the public sub-package, as gr.frontend
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
from ginrummy.beliefs.learned_belief import LearnedBelief
from ginrummy.beliefs.opponent_models import OPPONENT_MODELS, Decision, OpponentModel, ReasonablePlayer
from ginrummy.bots.camper import CamperBot
from ginrummy.bots.eaai_simple import EaaiSimpleBot
from ginrummy.bots.learned import LearnedBot
from ginrummy.bots.montecarlo import MonteCarloBot
from ginrummy.bots.reference import GreedyBot, RandomBot
from ginrummy.bots.registry import BOTS, DEFAULT_BOT, Bot, BotFactory, find_bot, make_bot
from ginrummy.bots.tracker import TrackerBot
from ginrummy.build_kind import COMPILED
from ginrummy.cards import DECK, Card, CardsLike, Hand, Rank, Suit
from ginrummy.dealing import commit_deal, verify_deal
from ginrummy.errors import (
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
from ginrummy.io.schema import json_schema
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
from ginrummy.simulation.comparison import Comparison, Difference, compare
from ginrummy.simulation.ladder import Ladder, ladder
from ginrummy.simulation.shards import play_games
from ginrummy.simulation.statistics import Estimate, RulesetStats, SimulationReport, simulate
from ginrummy.simulation.tally import Counts, Tally

__all__ = [
    "ACTION_SPACE_SIZE",
    "BOTS",
    "COMPILED",
    "DECK",
    "DEFAULT_BOT",
    "EAAI",
    "HOLLYWOOD",
    "OKLAHOMA",
    "OPENSPIEL",
    "OPPONENT_MODELS",
    "PAGAT",
    "PRESETS",
    "ROUND_THE_CORNER",
    "SPANISH_SITE",
    "STRAIGHT",
    "Action",
    "AfterPass",
    "Arrangement",
    "BigGin",
    "Bot",
    "BotFactory",
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
    "score_game",
    "simulate",
    "to_data",
    "verify_deal",
]
