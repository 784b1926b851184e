"""``ginrummy play``: a person against a bot in the terminal, for a whole game.

The person is player 0. Each turn shows the person's view (its text picture: the hand with its
best melds grouped and its deadwood, what is known of the bot's hand, the discard pile, the
stock size, the knock limit and the legal actions). Input is the action notation (``s``,
``t``, ``p``, ``d Kh`` or just ``Kh``, ``k Kh``, ``bg``, ``l 8h 0``, ``e``), ``a`` to let the
greedy strategy make this move, ``pile`` for the discard pile's history, ``last`` for the
last round's hands and score again, ``help``, or ``quit``; invalid input is explained and
asked again. Ctrl-D leaves as ``quit`` does.
"""

from __future__ import annotations

from collections.abc import Callable

from ginrummy.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    EndLayoffs,
    Knock,
    LayOff,
    PassUpcard,
    TakeDiscard,
    parse_action,
)
from ginrummy.bots.registry import DEFAULT_BOT, BotFactory, GreedyBot, make_bot
from ginrummy.cards import Card
from ginrummy.errors import GinRummyError, ParseError
from ginrummy.play.game import Game
from ginrummy.play.round import PlayerView, Round
from ginrummy.results.settlement import GameResult
from ginrummy.rules import Ruleset

__all__ = ["play"]

HUMAN, BOT = 0, 1
NAMES = ("you", "bot")

HELP = """\
actions:
  s          draw from the stock          t         take the top discard (or the upcard)
  p          pass the upcard (first turn)
  d Kh, Kh   discard Kh                   k Kh      knock, discarding Kh face down
  bg         declare big gin (if the rules allow it)
  l 8h 0     lay off 8h onto the knocker's meld 0
  e          end your layoffs
  a          let the greedy strategy choose this move for you
  pile       the discard pile's history   last      the last round's hands and score
  help       this text                    quit      leave the game (Ctrl-D too)"""


class _Quit(Exception):
    """The person asked to leave."""


_VERBS = (
    ("draw", "take", "pass", "discard", "knock", "declare", "lay", "end", "your"),
    ("draws", "takes", "passes", "discards", "knocks", "declares", "lays", "ends", "its"),
)
"""The verbs of :func:`_narrate`, for the person (second person) and the bot."""


def _narrate(who: int, action: Action, card: Card | None) -> str:
    """What ``who`` did, as the person may see it (``card``: the card taken, or the card the
    person drew; the bot's draws stay hidden)."""
    name = NAMES[who]
    verb = _VERBS[who]
    if isinstance(action, DrawStock):
        drawn = f" {card}" if card is not None else ""
        return f"{name} {verb[0]}{drawn} from the stock"
    if isinstance(action, TakeDiscard):
        return f"{name} {verb[1]} {card}"
    if isinstance(action, PassUpcard):
        return f"{name} {verb[2]} the upcard"
    if isinstance(action, Discard):
        return f"{name} {verb[3]} {action.card}"
    if isinstance(action, Knock):
        return f"{name} {verb[4]}"
    if isinstance(action, BigGin):
        return f"{name} {verb[5]} big gin"
    if isinstance(action, LayOff):
        return f"{name} {verb[6]} off {action.card} onto meld {action.meld}"
    if isinstance(action, EndLayoffs):
        return f"{name} {verb[7]} {verb[8]} layoffs"
    return str(action)  # pragma: no cover


def _pile_history(view: PlayerView) -> list[str]:
    """The discard pile as the person has seen it grow: every discard and take of the round."""
    lines = [f"initial upcard {view.initial_upcard}"]
    for event in view.events:
        if isinstance(event.action, Discard):
            lines.append(f"{NAMES[event.player]} discarded {event.action.card}")
        elif isinstance(event.action, TakeDiscard):
            lines.append(f"{NAMES[event.player]} took {event.card}")
    lines.append("pile now (bottom to top): " + (" ".join(map(str, view.discard_pile)) or "empty"))
    return lines


def _round_summary(played: Round, scores: tuple[int, int]) -> list[str]:
    """The end of a round as the person may see it: the spread, the bot's hand when it was
    shown (not after a dead hand), the result and the scores."""
    result = played.result
    assert result is not None
    view = played.view(HUMAN)
    lines = []
    if result.spread:
        spread = "  ".join(f"[{meld}]" for meld in result.spread)
        lines.append(f"{NAMES[result.knocker or 0]} showed {spread}")
    if view.opponent_hand is not None:
        lines.append(f"bot's hand was: {view.opponent_hand}")
    lines.append(f"round over: {result}")
    lines.append(f"scores: you {scores[HUMAN]}, bot {scores[BOT]}")
    return lines


def _game_summary(result: GameResult) -> list[str]:
    lines = ["game over"]
    for player in (HUMAN, BOT):
        score = result.breakdown[player]
        shutout = " (shutout)" if score.shutout else ""
        lines.append(
            f"  {NAMES[player]:<4} round points {score.round_points}, boxes {score.boxes} "
            f"({score.rounds_won} rounds won), game bonus {score.game_bonus}{shutout}: total {score.total}"
        )
    if result.winner is None:
        lines.append("a drawn game")
    else:
        lines.append("you win" if result.winner == HUMAN else "the bot wins")
    return lines


def _read_action(
    game: Game,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    helper: GreedyBot,
    echo: bool,
) -> Action:
    """Ask until the person gives a legal action (or quits)."""
    view = game.round.view(HUMAN)
    while True:
        try:
            text = ask("your move> ").strip()
        except EOFError:
            raise _Quit from None
        if echo:
            say(text)
        if not text:
            continue
        word = text.lower()
        if word in ("quit", "q", "exit"):
            raise _Quit
        if word in ("help", "h", "?"):
            say(HELP)
            continue
        if word == "pile":
            for line in _pile_history(view):
                say(line)
            continue
        if word == "last":
            if game.finished is None:
                say("no round has ended yet")
            else:
                for line in _round_summary(game.finished, game.scores):
                    say(line)
            continue
        if word in ("a", "auto"):
            return helper.act(view)
        try:
            action = _parse(text, view)
        except GinRummyError as exc:
            say(f"{exc}; type help for the notation")
            continue
        reason = game.illegal_reason(action, HUMAN)
        if reason is not None:
            legal = ", ".join(map(str, view.legal_actions))
            say(f"{action} is not legal now: {reason}; legal: {legal}")
            continue
        return action


def _parse(text: str, view: PlayerView) -> Action:
    """The notation, plus a bare card meaning a discard."""
    try:
        return parse_action(text, view.rules)
    except GinRummyError:
        if len(text.split()) != 1:
            raise
    try:
        return Discard(Card.parse(text))
    except GinRummyError:
        raise ParseError(f"unknown action or card {text!r}") from None


def play(
    rules: Ruleset,
    seed: int | str | None,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
    echo: bool = False,
    bot: str | BotFactory = DEFAULT_BOT,
) -> int:
    """Play a game in the terminal; return the exit status (0, also after ``quit``).

    :param echo: repeat each input line after the prompt (when input is not a terminal, so
        the transcript reads as it would on screen).
    :param bot: the opponent: a name of ``gr.BOTS`` or a bot factory.
    :raises GinRummyError: for an unknown bot.
    """
    game = Game.new(rules, seed=seed, dealer=None)
    opponent = make_bot(bot, seed=f"{game.seed}:bot")
    helper = GreedyBot()
    say(f"gin rummy, {rules.name} rules, target {rules.target}; you are player 0 (type help)")
    shown_round = -1
    try:
        while not game.is_over:
            number = len(game.results)
            if number != shown_round:
                shown_round = number
                dealer = "you deal" if game.round.dealer == HUMAN else "the bot deals"
                say(f"\n=== round {number + 1}: {dealer} ===")
            player = game.to_act
            assert player is not None
            before = game.round
            if player == BOT:
                action = opponent.act(before.view(BOT))
            else:
                say(str(before.view(HUMAN)))
                action = _read_action(game, ask, say, helper, echo)
            finished = len(game.results)
            game = game.apply(action, player)
            shown = isinstance(action, TakeDiscard) or (isinstance(action, DrawStock) and player == HUMAN)
            say(_narrate(player, action, game.round.events[-1].card if shown else None))
            if len(game.results) != finished:
                assert game.finished is not None
                for line in _round_summary(game.finished, game.scores):
                    say(line)
    except _Quit:
        say("\nbye")
        return 0
    for line in _game_summary(game.result):
        say(line)
    return 0
