"""Gin Rummy rules as a typed Python library.

>>> import ginrummy as gr
>>> gr.deadwood("As 2s 3s 4s 7h 7d 7c Kd Qd 9c")
29
"""

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
from ginrummy.bots import BOTS, Bot, GreedyBot, RandomBot, make_bot
from ginrummy.cards import DECK, Card, CardsLike, Hand, Rank, Suit
from ginrummy.deadwood import (
    Arrangement,
    all_best_melds,
    best_discard,
    best_discards,
    best_melds,
    deadwood,
)
from ginrummy.errors import (
    GinRummyError,
    IllegalActionError,
    InvalidCardError,
    InvalidHandError,
    InvalidMeldError,
    InvalidPositionError,
    InvalidResultError,
    InvalidRulesetError,
    ParseError,
    SerializationError,
)
from ginrummy.events import Event, Phase
from ginrummy.game import Game, GameRecord, GameView
from ginrummy.layoffs import LayoffPlan, best_layoffs
from ginrummy.melds import ALL_MELDS, Meld, MeldingRules, MeldKind, all_melds
from ginrummy.round import Round
from ginrummy.rules import (
    OKLAHOMA,
    PAGAT,
    PRESETS,
    SPANISH_SITE,
    STRAIGHT,
    AfterPass,
    GameWinner,
    NextDealer,
    Ruleset,
    Shutout,
    find_ruleset,
)
from ginrummy.scoring import (
    GameResult,
    Outcome,
    PlayerScore,
    RoundResult,
    game_scores,
    price_round,
    score_game,
)
from ginrummy.serialization import dumps, loads
from ginrummy.simulation import Estimate, RulesetStats, SimulationReport, Tally, simulate
from ginrummy.views import PlayerView

__all__ = [
    "ACTION_SPACE_SIZE",
    "ALL_MELDS",
    "BOTS",
    "DECK",
    "OKLAHOMA",
    "PAGAT",
    "PRESETS",
    "SPANISH_SITE",
    "STRAIGHT",
    "Action",
    "AfterPass",
    "Arrangement",
    "BigGin",
    "Bot",
    "Card",
    "CardsLike",
    "Discard",
    "DrawStock",
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
    "LayOff",
    "LayoffPlan",
    "Meld",
    "MeldKind",
    "MeldingRules",
    "NextDealer",
    "Outcome",
    "ParseError",
    "PassUpcard",
    "Phase",
    "PlayerScore",
    "PlayerView",
    "RandomBot",
    "Rank",
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
    "__version__",
    "action_from_id",
    "action_to_id",
    "all_best_melds",
    "all_melds",
    "best_discard",
    "best_discards",
    "best_layoffs",
    "best_melds",
    "deadwood",
    "dumps",
    "find_ruleset",
    "game_scores",
    "loads",
    "make_bot",
    "parse_action",
    "price_round",
    "score_game",
    "simulate",
]
