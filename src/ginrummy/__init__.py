"""Gin Rummy rules as a typed Python library.

>>> import ginrummy as gr
>>> gr.deadwood("As 2s 3s 4s 7h 7d 7c Kd Qd 9c")
29
"""

import ginrummy.beliefs.worlds  # noqa: F401 - registers PlayerView.sample
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
from ginrummy.bots.registry import (
    BOTS,
    Bot,
    BotFactory,
    GreedyBot,
    MonteCarloBot,
    RandomBot,
    TrackerBot,
    make_bot,
)
from ginrummy.cards import DECK, Card, CardsLike, Hand, Rank, Suit
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
from ginrummy.io.documents import dumps, loads
from ginrummy.io.schema import json_schema
from ginrummy.melding.layoffs import LayoffPlan, best_layoffs
from ginrummy.melding.partition import (
    Arrangement,
    all_best_melds,
    best_discard,
    best_discards,
    best_melds,
    deadwood,
    iter_best_melds,
)
from ginrummy.melds import ALL_MELDS, Meld, MeldingRules, MeldKind, all_melds
from ginrummy.phase import Phase
from ginrummy.play.events import Event
from ginrummy.play.game import Game, GameRecord, GameView
from ginrummy.play.player_view import PlayerView
from ginrummy.play.round import Round
from ginrummy.results.round_result import Outcome, RoundResult, price_round
from ginrummy.results.settlement import (
    HOLLYWOOD_COLUMNS,
    GameResult,
    PlayerScore,
    game_scores,
    hollywood_columns,
    score_game,
)
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
    "ALL_MELDS",
    "BOTS",
    "DECK",
    "EAAI",
    "HOLLYWOOD",
    "HOLLYWOOD_COLUMNS",
    "OKLAHOMA",
    "OPENSPIEL",
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
    "Card",
    "CardsLike",
    "Comparison",
    "Counts",
    "Difference",
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
    "Ladder",
    "LayOff",
    "LayoffPlan",
    "Meld",
    "MeldKind",
    "MeldingRules",
    "MonteCarloBot",
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
    "compare",
    "deadwood",
    "dumps",
    "find_ruleset",
    "game_scores",
    "hollywood_columns",
    "iter_best_melds",
    "json_schema",
    "ladder",
    "loads",
    "make_bot",
    "parse_action",
    "play_games",
    "price_round",
    "score_game",
    "simulate",
]
