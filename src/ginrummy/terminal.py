"""``ginrummy play``: a person against the greedy bot in the terminal, for a whole game.

The person is player 0. Each turn shows the hand sorted with its best melds grouped and its
deadwood, the upcard, the stock size and the legal actions in short notation. Input is the
action notation (``s``, ``t``, ``p``, ``d Kh`` or just ``Kh``, ``k Kh``, ``bg``, ``l 8h 0``,
``e``), ``a`` to let the bot's strategy make this move, ``help``, or ``quit``; invalid input is
explained and asked again. Ctrl-D leaves as ``quit`` does.
"""

from __future__ import annotations

from collections.abc import Callable

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
    action_to_id,
    parse_action,
)
from ginrummy.bots import DEFAULT_BOT, BotFactory, GreedyBot, make_bot
from ginrummy.cards import Card
from ginrummy.deadwood import best_melds
from ginrummy.errors import GinRummyError, ParseError
from ginrummy.events import Phase
from ginrummy.game import Game
from ginrummy.rules import Ruleset
from ginrummy.scoring import Outcome, RoundResult
from ginrummy.settlement import GameResult
from ginrummy.views import PlayerView

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
  a          let the bot's strategy choose this move for you
  help       this text                    quit      leave the game (Ctrl-D too)"""


class _Quit(Exception):
    """The person asked to leave."""


def _describe(view: PlayerView) -> list[str]:
    """The lines that show the position to the person."""
    arrangement = best_melds(view.hand, view.rules)
    melds = "  ".join(f"[{meld}]" for meld in arrangement.melds)
    dead = " ".join(str(card) for card in sorted(arrangement.deadwood, key=lambda c: (c.rank, c.suit)))
    hand_text = "  ".join(part for part in (melds, dead) if part)
    lines = [
        f"your hand: {hand_text}   deadwood {arrangement.points}",
        f"upcard: {view.upcard or '-'}   stock: {view.stock_size}   knock limit: {view.knock_limit}"
        + (f"   bot holds {view.opponent_known} from the pile" if view.opponent_known else ""),
    ]
    if view.spread:
        spread = "  ".join(f"{index}:[{meld}]" for index, meld in enumerate(view.spread))
        lines.append(f"{NAMES[view.knocker] if view.knocker is not None else ''} spread: {spread}")
    if view.opponent_hand is not None and view.phase is not Phase.OVER:
        lines.append(f"bot's hand: {view.opponent_hand}")
    legal = ", ".join(_short(action) for action in sorted(view.legal_actions, key=_order))
    lines.append(f"legal: {legal}")
    return lines


def _short(action: Action) -> str:
    """A compact label of an action for the list of legal actions."""
    if isinstance(action, Knock):
        return f"k {action.card}"
    return str(action)


def _order(action: Action) -> int:
    """Draws first, then discards and knocks by card (clubs to spades, ace to king)."""
    try:
        return action_to_id(action)
    except GinRummyError:  # pragma: no cover - legal actions all have ids
        return ACTION_SPACE_SIZE


def _narrate(action: Action, card: Card | None) -> str:
    """What the bot did, as the person may see it."""
    if isinstance(action, DrawStock):
        return "bot draws from the stock"
    if isinstance(action, TakeDiscard):
        return f"bot takes {card}" if card is not None else "bot takes the discard"
    if isinstance(action, PassUpcard):
        return "bot passes the upcard"
    if isinstance(action, Discard):
        return f"bot discards {action.card}"
    if isinstance(action, Knock):
        return "bot knocks"
    if isinstance(action, BigGin):
        return "bot declares big gin"
    if isinstance(action, LayOff):
        return f"bot lays off {action.card} onto meld {action.meld}"
    if isinstance(action, EndLayoffs):
        return "bot ends its layoffs"
    return str(action)  # pragma: no cover


def _round_summary(result: RoundResult, scores: tuple[int, int]) -> list[str]:
    lines: list[str] = []
    if result.outcome.is_void:
        lines.append(f"round over: {result.outcome.value.replace('-', ' ')}, nobody scores")
    else:
        assert result.winner is not None
        words = {
            Outcome.KNOCK: "knock",
            Outcome.UNDERCUT: "undercut",
            Outcome.GIN: "gin",
            Outcome.BIG_GIN: "big gin",
        }[result.outcome]
        lines.append(f"round over: {words}; {NAMES[result.winner]} score {result.points}")
    if result.deadwood is not None:
        lines.append(f"deadwood: you {result.deadwood[HUMAN]}, bot {result.deadwood[BOT]}")
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
    view: PlayerView,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    helper: GreedyBot,
    echo: bool,
) -> Action:
    """Ask until the person gives a legal action (or quits)."""
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
        if word in ("a", "auto"):
            return helper.act(view)
        try:
            action = _parse(text, view)
        except GinRummyError as exc:
            say(f"{exc}; type help for the notation")
            continue
        if action not in view.legal_actions and not isinstance(action, Knock):
            legal = ", ".join(_short(a) for a in sorted(view.legal_actions, key=_order))
            say(f"{action} is not legal now; legal: {legal}")
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
                view = before.view(HUMAN)
                for line in _describe(view):
                    say(line)
                action = _read_action(view, ask, say, helper, echo)
                reason = game.round.illegal_reason(action)
                if reason is not None:
                    say(f"{action} is not legal now: {reason}")
                    continue
            finished = len(game.results)
            game = game.apply(action)
            if player == BOT:
                say(_narrate(action, before.upcard if isinstance(action, TakeDiscard) else None))
            if len(game.results) != finished:
                played = game.finished
                assert played is not None and played.result is not None
                if played.result.spread:
                    spread = "  ".join(f"[{meld}]" for meld in played.result.spread)
                    say(f"{NAMES[played.knocker or 0]} showed {spread}")
                say(f"bot's hand was: {played.hand(BOT)}")
                for line in _round_summary(played.result, game.scores):
                    say(line)
    except _Quit:
        say("\nbye")
        return 0
    for line in _game_summary(game.result):
        say(line)
    return 0
