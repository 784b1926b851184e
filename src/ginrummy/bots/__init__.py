"""Players for play and simulation."""

from ginrummy.bots.registry import BOTS, DEFAULT_BOT, Bot, BotFactory, bot_name, make_bot

__all__ = ["BOTS", "DEFAULT_BOT", "Bot", "BotFactory", "bot_name", "make_bot"]
