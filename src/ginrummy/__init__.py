"""Gin Rummy rules as a typed Python library.

>>> import ginrummy as gr
>>> gr.deadwood("As 2s 3s 4s 7h 7d 7c Kd Qd 9c")
29
"""

from ginrummy._version import __version__
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
    InvalidRulesetError,
    ParseError,
    SerializationError,
)
from ginrummy.layoffs import LayoffPlan, best_layoffs
from ginrummy.melds import ALL_MELDS, Meld, MeldingRules, MeldKind, all_melds
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

__all__ = [
    "ALL_MELDS",
    "DECK",
    "OKLAHOMA",
    "PAGAT",
    "PRESETS",
    "SPANISH_SITE",
    "STRAIGHT",
    "AfterPass",
    "Arrangement",
    "Card",
    "CardsLike",
    "GameWinner",
    "GinRummyError",
    "Hand",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidPositionError",
    "InvalidRulesetError",
    "LayoffPlan",
    "Meld",
    "MeldKind",
    "MeldingRules",
    "NextDealer",
    "ParseError",
    "Rank",
    "Ruleset",
    "SerializationError",
    "Shutout",
    "Suit",
    "__version__",
    "all_best_melds",
    "all_melds",
    "best_discard",
    "best_discards",
    "best_layoffs",
    "best_melds",
    "deadwood",
    "find_ruleset",
]
