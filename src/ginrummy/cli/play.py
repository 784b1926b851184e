"""``ginrummy play``: a person against a bot in the terminal, for a whole game, on the
front-end kit (:mod:`ginrummy.frontend`).

The person is player 0. Each turn shows the person's table (:func:`~ginrummy.frontend.table_text`:
the hand in its best melds with its deadwood, what is known of the bot's hand, the top of the
discard pile, the stock size, the knock limit, and the choices grouped), within 80 columns.
Input is the action notation (``s``, ``t``, ``p``, ``d Kh`` or just ``Kh``, ``k Kh``, ``bg``,
``l 8h 0``, ``e``), ``a`` to let the greedy strategy make this move, ``hint`` for the moves
ranked and explained (:func:`ginrummy.frontend.suggest`; the session records each use, and
``--no-hints`` turns them off), ``u`` to take back your
last move and the bot's replies (refused, with the reason, once you have seen a card since
that you did not know: the card drawn, the bot's discard, the round's end), ``pile`` for the
discard pile's history, ``last`` for the last round's end again, ``deals`` to write the deal
log, ``help``, ``save`` (a sealed save in ``ginrummy.sav``, its key in ``ginrummy.key``, recorded
in the ledger ``ginrummy.ledger``; ``ginrummy play --resume`` takes it up again, once:
:mod:`ginrummy.cli.save_files`; sealing needs the extra ``ginrummy[saves]``, without which
``save`` says so and the game goes on) or ``quit`` (which shows the score so far, and says what
is saved and where); invalid input is explained and asked again. When a round ends the session
pauses on it (both hands in their melds, the layoffs, the points worked out) until the person
presses Enter.
Ctrl-D leaves as ``quit`` does.

**Fair deals.** Each round opens with the commitment to its deck (SHA-256 of a secret salt and
the deck: :func:`ginrummy.commit_deal`), and each round's end shows the salt; ``deals`` writes
the deal log (every commitment, and the deck and salt of each round over) beside the save
(``ginrummy.deals``), kept up to date from then on, which ``ginrummy verify`` checks.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from pathlib import Path

from ginrummy.actions import Action, Discard, TakeDiscard, parse_action
from ginrummy.bots.registry import DEFAULT_BOT, BotFactory, GreedyBot
from ginrummy.cards import Card
from ginrummy.cli.save_files import (
    HUMAN,
    give_back,
    ledger_path,
    load_key,
    open_part,
    resume_file,
    save_file,
    take_up,
)
from ginrummy.errors import GinRummyError, ParseError
from ginrummy.frontend.fair_deals import deal_log
from ginrummy.frontend.history import game_events
from ginrummy.frontend.save_ledger import RESUMED, SaveLedger
from ginrummy.frontend.session import Session
from ginrummy.frontend.table_text import round_end_text, table_text
from ginrummy.frontend.words import describe_event, describe_game_result
from ginrummy.play.round import PlayerView
from ginrummy.plurals import counted
from ginrummy.rules import Ruleset
from ginrummy.validators import is_int

__all__ = ["WIDTH", "load_key", "play", "resume_file", "save_file"]

BOT_NAME = "the bot"
WIDTH = 80
"""Every line ``play`` writes fits this many columns."""

HELP = """\
actions:
  s          draw from the stock
  t          take the top discard (or the upcard)
  p          pass the upcard (first turn)
  d Kh, Kh   discard Kh
  k Kh       knock, laying Kh face down
  bg         declare big gin (if the rules allow it)
  l 8h 0     lay off 8h onto the knocker's meld 0
  e          end your layoffs
commands:
  a          let the greedy strategy choose this move for you
  hint       the moves the tracker bot would weigh, best first, and why
  u          take back your last move, unless you have seen a new card since
  pile       the discard pile's history
  last       the last round's end again
  deals      write the deal log (ginrummy verify checks it)
  save       save the game and leave (ginrummy play --resume takes it up again)
  help       this text
  quit       leave the game, with the score so far (Ctrl-D too)"""

_ENTRY = re.compile(r"\b(d|k|l|bg|t|s|p|e) ((?:[A2-9TJQK][cdhs])(?: \d+)?)(?=,|;|$| )")
"""An action in the notation whose words must stay on one line (``d 6d``, ``l 8h 0``)."""


_MELD = re.compile(r"\[[A2-9TJQKcdhs ]{5,40}\]")
"""A meld in brackets (``[Td Th Ts]``), whose cards must stay on one line."""


_CARD_AFTER_WORD = re.compile(r" (?=[A2-9TJQK][cdhs]\b)")
"""The space before a card in a hint's reasons (``the top discard Ts``): a card stays with the
word before it."""


def _unbroken(line: str) -> str:
    """``line`` with the spaces inside each action and each meld in brackets joined by
    no-break spaces, which :func:`textwrap.wrap` never breaks at."""
    line = _MELD.sub(lambda m: m.group(0).replace(" ", "\u00a0"), line)
    return _ENTRY.sub(lambda m: m.group(0).replace(" ", "\u00a0"), line)


class _Quit(Exception):
    """The person asked to leave."""


class _Save(Exception):
    """The person asked to save and leave, and the game is saved."""


class _Screen:
    """Writes lines within :data:`WIDTH` columns."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self._say = say

    def __call__(self, text: str = "") -> None:
        for line in text.split("\n"):
            parts = textwrap.wrap(_unbroken(line), WIDTH, subsequent_indent="  ", break_on_hyphens=False)
            for part in parts or [""]:
                self._say(part.replace("\u00a0", " "))


def _pile_history(view: PlayerView) -> list[str]:
    """The discard pile as the person has seen it grow: every discard and take of the round."""
    names = ("you", BOT_NAME)
    lines = [f"initial upcard {view.initial_upcard}"]
    for event in view.events:
        if isinstance(event.action, Discard):
            lines.append(f"{names[event.player]} discarded {event.action.card}")
        elif isinstance(event.action, TakeDiscard):
            lines.append(f"{names[event.player]} took {event.card}")
    lines.append("pile now (bottom to top): " + (" ".join(map(str, view.discard_pile)) or "empty"))
    return lines


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


class _Table:
    """The terminal table: the session, and what the person has been shown."""

    def __init__(
        self, session: Session, ask: Callable[[str], str], say: _Screen, echo: bool, path: Path
    ) -> None:
        self.session = session
        self.ask = ask
        self.say = say
        self.echo = echo
        self.path = path  # where ``save`` writes
        self.told = 0  # game actions narrated so far
        self.round_shown = -1
        self.deals_path: Path | None = None  # the deal log, once ``deals`` wrote it

    def read(self, prompt: str) -> str:
        """The person's next input; ``quit`` and a ``save`` that saved leave the game, a save
        that failed says why and asks again (the game goes on)."""
        while True:
            try:
                text = self.ask(prompt).strip()
            except EOFError:
                raise _Quit from None
            if self.echo:
                self.say(text)
            if text.lower() in ("quit", "q", "exit"):
                raise _Quit
            if text.lower() != "save":
                return text
            try:
                save_file(self.session, self.path)
            except GinRummyError as exc:
                self.say(f"{exc}; the game goes on")
                continue
            raise _Save

    def farewell(self) -> None:
        """The score and the result so far, when the person leaves before the end."""
        scores = self.session.view.scores
        you, bot = scores[HUMAN], scores[1 - HUMAN]
        if you == bot:
            standing = "level"
        else:
            standing = f"you lead by {you - bot}" if you > bot else f"the bot leads by {bot - you}"
        rounds = counted(len(self.session.view.results), "round")
        target = self.session.game.rules.target
        self.say(f"you leave after {rounds}: {self.scores()}; {standing}, playing to {target}")
        self.hints_used()

    def hints_used(self) -> None:
        """How many hints the person asked for, when any."""
        used = len(self.session.hints_used)
        if used:
            self.say(f"you asked for {counted(used, 'hint')} in this game")

    def narrate(self) -> None:
        """Say what happened since the last narration, from the person's view."""
        events = game_events(self.session.view)
        for _, event in events[self.told :]:
            self.say(describe_event(event, HUMAN, opponent=BOT_NAME))
        self.told = len(events)

    def header(self) -> None:
        number = len(self.session.game.results)
        if number != self.round_shown and not self.session.paused:
            self.round_shown = number
            dealer = "you deal" if self.session.game.round.dealer == HUMAN else "the bot deals"
            self.say(f"\n=== round {number + 1}: {dealer} ===")
            self.say(f"commitment: {self.session.deals[number].commitment}")

    def scores(self) -> str:
        scores = self.session.view.scores
        return f"scores: you {scores[HUMAN]}, the bot {scores[1 - HUMAN]}"

    def round_end(self) -> None:
        """The round that ended, then wait for the person to deal on."""
        self.say(f"round {len(self.session.game.results)} over")
        self.say(round_end_text(self.session.table, opponent=BOT_NAME, width=WIDTH))
        self.say(self.scores())
        self.reveal()
        while self.session.paused:
            word = self.read("press Enter for the next round> ").lower()
            if word in ("u", "undo"):
                self.undo()
            elif word == "deals":
                self.write_deals()
            elif word in ("help", "h", "?"):
                self.say(
                    "Enter deals the next round; deals writes the deal log; save saves the game "
                    "and leaves; quit leaves"
                )
            else:
                self.session = self.session.deal_on()

    def game_over(self) -> None:
        """The last round's end and the settlement."""
        self.say(f"round {len(self.session.game.results)} over")
        self.say(round_end_text(self.session.table, opponent=BOT_NAME, width=WIDTH))
        self.say(self.scores())
        self.reveal()
        self.say("game over")
        for line in describe_game_result(self.session.view.result, HUMAN, opponent=BOT_NAME):
            self.say(line)
        self.hints_used()

    def reveal(self) -> None:
        """The salt of the round that ended (its deck was dealt as the hands show), and the
        deal log brought up to date once the person asked for it."""
        deal = self.session.deals[len(self.session.game.results) - 1]
        self.say(f"salt: {deal.salt}")
        if self.deals_path is not None:
            self.write_deals()

    def write_deals(self) -> None:
        """Write the deal log beside the save, and say where."""
        path = self.path.with_suffix(".deals")
        try:
            path.write_text(deal_log(self.session.deals), encoding="utf-8")
        except OSError as exc:
            self.say(f"cannot write the deal log {str(path)!r}: {exc.strerror}")
            return
        over = counted(sum(deal.revealed for deal in self.session.deals), "round")
        self.say(f"the deal log is in {path} ({over} over): ginrummy verify {path} checks it")
        self.deals_path = path

    def leaving(self, again: str, taken_up: str | None) -> str:
        """What is saved, and where, when the person leaves without saving.

        :param taken_up: the id of the save this game was taken up from, when nothing has
            been played since (it is given back), else None.
        """
        path = self.path
        if taken_up is not None:
            return (
                f"nothing was played since you took up {path}: it is saved there still, and "
                f"{again} takes it up again"
            )
        part = open_part(path)
        if part is None:
            return "this game is not saved: save saves it and leaves"
        try:
            ledger = SaveLedger.parse(ledger_path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, GinRummyError):
            ledger = SaveLedger()
        save_id = part.get("id")
        save_id = save_id if isinstance(save_id, str) else None
        if ledger.refusal(save_id, free_takebacks=part.get("free_takebacks") is True) is None:
            rounds = counted(part["rounds"] if is_int(part.get("rounds")) else 0, "round")
            return (
                f"this game is not saved; {path} holds an earlier save ({rounds} played), "
                f"which {again} takes up"
            )
        which = (
            "the save taken up already"
            if save_id is not None and ledger.state(save_id) == RESUMED
            else "a save"
        )
        return (
            f"this game is not saved (save saves it and leaves); {path} holds {which}, which cannot "
            "be taken up again"
        )

    def undo(self) -> None:
        reason = self.session.undo_refusal
        if reason is not None:
            self.say("nothing to take back yet" if self.session.person not in self.session.actors else reason)
            return
        self.session = self.session.undo()
        self.told = len(game_events(self.session.view))
        self.round_shown = len(self.session.game.results)
        self.say("taken back: your last move and the bot's replies")

    def turn(self) -> None:
        """Show the table and apply the person's next legal action (or a command)."""
        view = self.session.table
        self.say(table_text(view, opponent=BOT_NAME, width=WIDTH))
        while True:
            text = self.read("your move> ")
            if not text:
                continue
            word = text.lower()
            if word in ("help", "h", "?"):
                self.say(HELP)
            elif word == "deals":
                self.write_deals()
            elif word == "hint":
                try:
                    self.session, hint = self.session.hint()
                except GinRummyError as exc:
                    self.say(str(exc))
                    continue
                for line in hint.lines():
                    self.say(_CARD_AFTER_WORD.sub("\u00a0", line))
            elif word == "pile":
                for line in _pile_history(view):
                    self.say(line)
            elif word == "last":
                finished = self.session.game.finished
                if finished is None:
                    self.say("no round has ended yet")
                else:
                    self.say(round_end_text(finished.view(HUMAN), opponent=BOT_NAME, width=WIDTH))
            elif word in ("u", "undo"):
                self.undo()
                return
            else:
                action = self._action(text, view)
                if action is not None:
                    self.session = self.session.apply(action)
                    return

    def _action(self, text: str, view: PlayerView) -> Action | None:
        if text.lower() in ("a", "auto"):
            return GreedyBot().act(view)
        try:
            action = _parse(text, view)
        except GinRummyError as exc:
            self.say(f"{exc}; type help for the notation")
            return None
        reason = self.session.game.illegal_reason(action, HUMAN)
        if reason is not None:
            legal = ", ".join(map(str, view.legal_actions))
            self.say(f"{action} is not legal now: {reason}; legal: {legal}")
            return None
        return action


def play(
    rules: Ruleset,
    seed: int | str | None,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
    echo: bool = False,
    bot: str | BotFactory = DEFAULT_BOT,
    free_takebacks: bool = False,
    save: Path | None = None,
    resume: bool = False,
    hints: bool = True,
) -> int:
    """Play a game in the terminal; return the exit status (0, also after ``quit``).

    :param echo: repeat each input line after the prompt (when input is not a terminal, so
        the transcript reads as it would on screen).
    :param bot: the opponent: a name of ``gr.BOTS`` (a level too: ``'level:N'``) or a bot
        factory.
    :param free_takebacks: let ``u`` take back any move (a practice table).
    :param hints: let ``hint`` show the moves ranked and explained (a resumed game keeps its
        own setting).
    :param save: where ``save`` writes the game (default ``ginrummy.sav``), sealed with a key
        kept beside it (``ginrummy.key``), so reading the save shows no card. Sealing needs
        the extra ``ginrummy[saves]``: without it ``save`` says so and the game goes on.
    :param resume: take up the game saved there instead of dealing a new one (``rules``
        and ``seed`` are then the save's).
    :raises GinRummyError: for an unknown bot, or a save that cannot be resumed.
    """
    screen = _Screen(say)
    path = Path("ginrummy.sav") if save is None else save
    again = "ginrummy play --resume" + ("" if path == Path("ginrummy.sav") else f" --save {path}")
    taken_up = None
    if resume:
        session = resume_file(path, bot)
        rules = session.game.rules
        taken_up = take_up(path)
    else:
        session = Session.new(
            rules, bot=bot, person=HUMAN, seed=seed, dealer=None, free_takebacks=free_takebacks, hints=hints
        )
    table = _Table(session, ask, screen, echo, path)
    level = session.level
    name = f"the {session.bot_name} bot" if level is None else f"level {level.number}, {level.name}"
    screen(f"gin rummy, {rules.name} rules, target {rules.target}, against {name} (type help)")
    try:
        while not table.session.is_over:
            table.header()
            table.narrate()
            if table.session.paused:
                table.round_end()
                continue
            table.turn()
        table.narrate()
        table.game_over()
    except _Quit:
        unchanged = taken_up if table.session == session else None
        if unchanged is not None:
            give_back(path, unchanged)
        screen("")
        table.farewell()
        screen(table.leaving(again, unchanged))
        screen("bye")
    except _Save:
        screen(f"saved in {path}, sealed (it shows no card); {again} takes it up again")
    except KeyboardInterrupt:
        if taken_up is not None and table.session == session:
            give_back(path, taken_up)
        raise
    return 0
