"""Players for play and simulation: the :class:`Bot` protocol, the library's bots, and the
read-only registry :data:`BOTS` that names them (all public from ``ginrummy`` itself)."""

from ginrummy.bots.adaptive import AdaptiveBot
from ginrummy.bots.camper import CamperBot
from ginrummy.bots.eaai_simple import EaaiSimpleBot
from ginrummy.bots.learned import LearnedBot
from ginrummy.bots.montecarlo import MonteCarloBot
from ginrummy.bots.reference import GreedyBot, RandomBot
from ginrummy.bots.registry import BOTS, DEFAULT_BOT, Bot, BotFactory, make_bot
from ginrummy.bots.tracker import TrackerBot

__all__ = [
    "BOTS",
    "DEFAULT_BOT",
    "AdaptiveBot",
    "Bot",
    "BotFactory",
    "CamperBot",
    "EaaiSimpleBot",
    "GreedyBot",
    "LearnedBot",
    "MonteCarloBot",
    "RandomBot",
    "TrackerBot",
    "make_bot",
]
