"""``ginrummy play``: a person against a bot in the terminal, for a whole game, on the
front-end kit (:mod:`ginrummy.frontend`).

The person is player 0. Each turn shows the person's table (:func:`~ginrummy.frontend.table_text`:
the hand in its best melds with its deadwood, what is known of the bot's hand, the top of the
discard pile, the stock size, the knock limit, and the choices grouped), within 80 columns.
Input is the action notation (``s``, ``t``, ``p``, ``d Kh`` or just ``Kh``, ``k Kh``, ``bg``,
``l 8h 0``, ``e``), ``a`` to let the greedy strategy make this move, ``u`` to take back your
last move and the bot's replies (refused, with the reason, once you have seen a card since
that you did not know: the card drawn, the bot's discard, the round's end), ``pile`` for the
discard pile's history, ``last`` for the last round's end again, ``help``, ``save`` (a sealed
save in ``ginrummy.sav``, its key in ``ginrummy.key``; ``ginrummy play --resume`` takes it up
again; sealing needs the extra ``ginrummy[saves]``, without which ``save`` says so and the game
goes on) or ``quit`` (which shows the score so far);
invalid input is explained and asked again. When a round ends the session pauses on it (both
hands in their melds, the layoffs, the points worked out) until the person presses Enter.
Ctrl-D leaves as ``quit`` does.
"""

from __future__ import annotations

import re
import secrets
import textwrap
from collections.abc import Callable
from pathlib import Path

from ginrummy.actions import Action, Discard, TakeDiscard, parse_action
from ginrummy.bots.registry import DEFAULT_BOT, BotFactory, GreedyBot, bot_name, find_bot, parse_bot_name
from ginrummy.cards import Card
from ginrummy.errors import GinRummyError, ParseError, SerializationError
from ginrummy.frontend.history import game_events
from ginrummy.frontend.session import Session
from ginrummy.frontend.table_text import round_end_text, table_text
from ginrummy.frontend.words import describe_event, describe_game_result
from ginrummy.play.round import PlayerView
from ginrummy.plurals import counted
from ginrummy.rules import Ruleset

__all__ = ["WIDTH", "load_key", "play", "resume_file", "save_file"]

HUMAN = 0
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
  u          take back your last move, unless you have seen a new card since
  pile       the discard pile's history
  last       the last round's end again
  save       save the game and leave (ginrummy play --resume takes it up again)
  help       this text
  quit       leave the game, with the score so far (Ctrl-D too)"""

_ENTRY = re.compile(r"\b(d|k|l|bg|t|s|p|e) ((?:[A2-9TJQK][cdhs])(?: \d+)?)(?=,|;|$| )")
"""An action in the notation whose words must stay on one line (``d 6d``, ``l 8h 0``)."""


def _unbroken(line: str) -> str:
    """``line`` with the spaces inside each action joined by no-break spaces, which
    :func:`textwrap.wrap` never breaks at."""
    return _ENTRY.sub(lambda m: m.group(0).replace(" ", "\u00a0"), line)


class _Quit(Exception):
    """The person asked to leave."""


class _Save(Exception):
    """The person asked to save and leave, and the game is saved."""


def load_key(path: Path, new: bytes | None = None) -> bytes:
    """The seal's key in ``path``, made (``new``, or 32 random bytes; readable by its owner
    only) when missing, as the example terminal table keeps it."""
    if not path.exists():
        path.touch(mode=0o600)
        path.write_bytes(secrets.token_bytes(32) if new is None else new)
    return path.read_bytes()


def save_file(session: Session, path: Path) -> None:
    """Write the session's sealed save to ``path``, with its key beside it (``.key``, made
    when missing). The save is sealed before anything is written, and it replaces the file
    already there whole (written beside it, then renamed), so a failure leaves the files as
    they were.

    :raises GinRummyError: when the save cannot be sealed (without the extra ``saves``, say)
        or written, naming the file and the reason.
    """
    key_path = path.with_suffix(".key")
    try:
        key = key_path.read_bytes() if key_path.exists() else secrets.token_bytes(32)
        text = session.save(key)
    except SerializationError as exc:
        raise SerializationError(f"cannot save in {str(path)!r}: {exc}") from None
    except OSError as exc:
        raise SerializationError(f"cannot save in {str(path)!r}: {exc.strerror}") from None
    part = path.with_name(path.name + ".part")
    try:
        load_key(key_path, key)
        part.write_text(text, encoding="utf-8")
        part.replace(path)
    except OSError as exc:
        part.unlink(missing_ok=True)
        raise SerializationError(f"cannot save in {str(path)!r}: {exc.strerror}") from None


def resume_file(path: Path, bot: str | BotFactory) -> Session:
    """The session saved in ``path`` (sealed with the key beside it).

    :param bot: the bot given on the command line: a save naming it (your own, say) resumes
        with it; the library's bots are always known.
    :raises GinRummyError: for a missing file or key, or a file that is no save (cut short,
        changed, sealed with another key, of an unknown version), naming the file and the
        reason.
    """
    key = path.with_suffix(".key")
    try:
        text = path.read_text(encoding="utf-8")
        secret = key.read_bytes()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise SerializationError(f"cannot resume from {str(path)!r}: {reason}") from None
    own = {} if isinstance(bot, str) and parse_bot_name(bot).library else {bot_name(bot): find_bot(bot)}
    try:
        session = Session.resume(text, secret, bots=own)
    except SerializationError as exc:
        raise SerializationError(f"cannot resume from {str(path)!r}: {exc}") from None
    if session.person != HUMAN:
        raise SerializationError(
            f"cannot resume from {str(path)!r}: the person plays seat {session.person}, not 0"
        )
    return session


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

    def scores(self) -> str:
        scores = self.session.view.scores
        return f"scores: you {scores[HUMAN]}, the bot {scores[1 - HUMAN]}"

    def round_end(self) -> None:
        """The round that ended, then wait for the person to deal on."""
        self.say(f"round {len(self.session.game.results)} over")
        self.say(round_end_text(self.session.table, opponent=BOT_NAME, width=WIDTH))
        self.say(self.scores())
        while self.session.paused:
            word = self.read("press Enter for the next round> ").lower()
            if word in ("u", "undo"):
                self.undo()
            elif word in ("help", "h", "?"):
                self.say("Enter deals the next round; save saves the game and leaves; quit leaves")
            else:
                self.session = self.session.deal_on()

    def game_over(self) -> None:
        """The last round's end and the settlement."""
        self.say(f"round {len(self.session.game.results)} over")
        self.say(round_end_text(self.session.table, opponent=BOT_NAME, width=WIDTH))
        self.say(self.scores())
        self.say("game over")
        for line in describe_game_result(self.session.view.result, HUMAN, opponent=BOT_NAME):
            self.say(line)

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
) -> int:
    """Play a game in the terminal; return the exit status (0, also after ``quit``).

    :param echo: repeat each input line after the prompt (when input is not a terminal, so
        the transcript reads as it would on screen).
    :param bot: the opponent: a name of ``gr.BOTS`` or a bot factory.
    :param free_takebacks: let ``u`` take back any move (a practice table).
    :param save: where ``save`` writes the game (default ``ginrummy.sav``), sealed with a key
        kept beside it (``ginrummy.key``), so reading the save shows no card. Sealing needs
        the extra ``ginrummy[saves]``: without it ``save`` says so and the game goes on.
    :param resume: take up the game saved there instead of dealing a new one (``rules``
        and ``seed`` are then the save's).
    :raises GinRummyError: for an unknown bot, or a save that cannot be resumed.
    """
    screen = _Screen(say)
    path = Path("ginrummy.sav") if save is None else save
    if resume:
        session = resume_file(path, bot)
        rules = session.game.rules
    else:
        session = Session.new(
            rules, bot=bot, person=HUMAN, seed=seed, dealer=None, free_takebacks=free_takebacks
        )
    table = _Table(session, ask, screen, echo, path)
    name = f"the {session.bot_name} bot"
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
        screen("")
        table.farewell()
        screen("bye")
    except _Save:
        again = "ginrummy play --resume" + ("" if path == Path("ginrummy.sav") else f" --save {path}")
        screen(f"saved in {path}, sealed (it shows no card); {again} takes it up again")
    return 0
