"""A person against a bot: the game loop every table needs, as one value.

A :class:`Session` holds the game (the whole truth: keep it on the server side of a table),
which seat is the person's, and the bot. It

- runs the bot's turns after each of the person's actions (:meth:`Session.apply`), or one
  bot action at a time for a table that shows them one by one (:meth:`Session.step_bot`);
- pauses when a round ends: :attr:`Session.paused` is true and :attr:`Session.table` is the
  person's view of the round that ended (hands shown, result) until the person deals on
  (:meth:`Session.deal_on`), although the game has already dealt the next round;
- undoes to the person's last decision (:meth:`Session.undo`), taking back the bot's replies
  however many actions they were, unless the person has seen a card since that it did not
  know before (a stock draw, a card the bot showed, the round's end: see
  :mod:`ginrummy.frontend.takebacks`); :attr:`Session.undo_refusal` says why not, and a
  practice table may allow free take-backs (``free_takebacks=True``), which also cross
  the end of a round;
- saves and resumes with its bot (:meth:`Session.save`, :meth:`Session.resume`) in a sealed
  save (:mod:`ginrummy.frontend.sealing`, AES-GCM: the extra ``ginrummy[saves]``) that the
  person may read without learning a card; each save has an id, which a table's ledger of
  saves uses to take each save up once (:mod:`ginrummy.frontend.save_ledger`);
- commits to each round's deck before the round and reveals it after (:attr:`Session.deals`,
  :mod:`ginrummy.frontend.fair_deals`): the person can check that the deal was fixed
  before anyone played (:func:`ginrummy.verify_deal`).

**Bots.** A session makes its bot afresh for each decision, from the bot's name (or factory)
and a seed made of the session's bot seed and the number of actions played. So the bot's
choices depend only on its view and that seed: after an undo, or in a resumed session, the
same position gets the same reply. A bot that kept state between its decisions would lose it;
the library's bots keep none that matters (the tracker, search and greedy bots decide from the
view and their seed; the random bot's generator is seeded per decision).

A session is immutable like a game: every change returns a new session.

>>> import ginrummy as gr
>>> from ginrummy.frontend import Session
>>> s = Session.new(gr.PAGAT, bot="greedy", seed=7, dealer=0)
>>> s.person, s.is_my_turn, s.game.actions, s.legal_actions
(0, True, (TakeDiscard(), Discard(card=Card('Js'))), (DrawStock(), TakeDiscard()))
>>> after = s.apply(gr.DrawStock()).apply(gr.Discard("Kc"))
>>> after.is_my_turn, after.actors[2:]
(True, (0, 0, 1, 1))
>>> after.can_undo  # the bot's reply showed a card: taking back would reveal it
False
>>> print(after.undo_refusal)  # doctest: +NORMALIZE_WHITESPACE
you cannot take back your discard: you have seen Th (shown by the bot) since,
and would choose again knowing it
>>> s.apply(gr.TakeDiscard()).undo() == s  # the card taken was face up: nothing new seen
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from ginrummy.actions import Action
from ginrummy.bots.levels import DEFAULT_LEVEL, LEVELS, Level, LevelBot
from ginrummy.bots.registry import DEFAULT_BOT, Bot, BotFactory, bot_name, find_bot, make_bot, parse_bot_name
from ginrummy.dealing import deal_salt
from ginrummy.errors import GinRummyError, IllegalActionError, InvalidPositionError, SerializationError
from ginrummy.frontend.controls import Controls, controls
from ginrummy.frontend.fair_deals import RoundDeal, check_secret, game_deals
from ginrummy.frontend.hints import Hint, suggest
from ginrummy.frontend.history import actors, events_since_last_action
from ginrummy.frontend.save_ledger import new_save_id
from ginrummy.frontend.sealing import seal, unseal
from ginrummy.frontend.takebacks import takeback_refusal, undone_game
from ginrummy.io.documents import dumps, loads
from ginrummy.play.events import Event
from ginrummy.play.game import Game, GameView
from ginrummy.play.round import PlayerView
from ginrummy.rules import Ruleset
from ginrummy.validators import check_seed, flag_field, is_int, player_field

__all__ = ["Session"]


def _check_game(instance: object, attribute: attrs.Attribute[Game], value: object) -> None:
    if not isinstance(value, Game):
        raise InvalidPositionError(
            f"invalid session: 'game' must be a Game (got {value!r:.80})", field="game"
        )


def _check_seed(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    check_seed(value, name=attribute.name, context="session")


def _check_secret(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    try:
        check_secret(value)
    except GinRummyError as exc:
        raise InvalidPositionError(str(exc), field="deal_secret") from None


def _counts(value: object) -> tuple[int, ...]:
    """``hints_used`` as a tuple of counts of actions.

    :raises InvalidPositionError: for anything else.
    """
    if not isinstance(value, (list, tuple)) or not all(is_int(n) and n >= 0 for n in value):
        raise InvalidPositionError(
            f"invalid session: 'hints_used' must be numbers of actions, 0 or more (got {value!r:.60})",
            field="hints_used",
        )
    return tuple(value)


def _saved_bot(name: object, bots: Mapping[str, BotFactory]) -> str | BotFactory:
    """The bot a save names: a factory of ``bots`` by that name, or a library bot's name
    (:func:`~ginrummy.bots.registry.parse_bot_name`); never code to import.

    :raises SerializationError: for a name that is neither.
    """
    if isinstance(name, str) and name in bots:
        return bots[name]
    try:
        parsed = parse_bot_name(name)
    except GinRummyError:
        parsed = None
    if parsed is None or parsed.library is None:
        raise SerializationError(f"invalid save: no factory for the bot {name!r:.40}: pass it in bots=")
    return parsed.shown


@attrs.frozen(kw_only=True)
class Session:
    """A person against a bot (see the module's description).

    Build one with :meth:`new` or :meth:`resume`; the constructor is keyword-only and
    validated, for a table that rebuilds a session from its own storage.

    :raises InvalidPositionError: naming the field that does not fit.

    >>> import ginrummy as gr
    >>> s = Session.new(gr.STRAIGHT, bot="random", seed=1, dealer=1)
    >>> s.bot_name, s.paused, s.is_over, s.can_undo
    ('random', False, False, False)
    """

    game: Game = attrs.field(validator=_check_game)
    """The game: the whole truth (every hand, the stock). Never show it to the person; show
    :attr:`view` and :attr:`table`."""
    person: int = attrs.field(validator=player_field(InvalidPositionError, "session"))
    """The person's seat, 0 or 1; the bot plays the other."""
    bot: str | BotFactory = DEFAULT_BOT
    """The bot: a name (a key of :data:`ginrummy.BOTS`, a budget too as in ``'montecarlo:8'``,
    or your own: :func:`ginrummy.find_bot`) or a factory taking a seed."""
    bot_seed: int | str = attrs.field(default=0, validator=_check_seed)
    """The seed of the bot's decisions (each decision is seeded with it and the number of
    actions played)."""
    dealt_on: int = 0
    """How many finished rounds the person has seen and dealt on from; when fewer than the
    game's results, the session is :attr:`paused`."""
    free_takebacks: bool = attrs.field(default=False, validator=flag_field(InvalidPositionError, "session"))
    """Whether the person may take back any decision, also after seeing a card it did not
    know (a practice table); off by default: see :attr:`undo_refusal`."""
    hints: bool = attrs.field(default=True, validator=flag_field(InvalidPositionError, "session"))
    """Whether the person may ask for hints (:meth:`hint`): a table's setting, off for a game
    that counts."""
    hints_used: tuple[int, ...] = attrs.field(default=(), converter=_counts)
    """A record of hint use: the number of actions played when the person asked each hint."""
    _deal_secret: str = attrs.field(
        factory=deal_salt, validator=_check_secret, eq=False, repr=False, alias="deal_secret"
    )
    """The secret the salts of the deals' commitments are made from (:attr:`deals`): 64
    hexadecimal digits from :mod:`secrets`, sealed in saves, never shown (private: a table
    passes its own as ``deal_secret=`` when it keeps one, and reads :attr:`deals`). Two
    sessions at the same point of the same game are equal whatever their secrets."""

    def __attrs_post_init__(self) -> None:
        finished = len(self.game.results)
        if not is_int(self.dealt_on) or not finished - 1 <= self.dealt_on <= finished:
            raise InvalidPositionError(
                f"invalid session: 'dealt_on' {self.dealt_on!r:.40} must be the number of finished rounds "
                f"({finished}) or one less (paused at a round's end)",
                field="dealt_on",
            )
        if isinstance(self.bot, str):
            try:
                find_bot(self.bot)
            except GinRummyError as exc:
                raise InvalidPositionError(f"invalid session: {exc}", field="bot") from None
        if not isinstance(self.bot, str) and not callable(self.bot):
            raise InvalidPositionError(
                f"invalid session: 'bot' must be a bot's name or a factory (got {self.bot!r:.80})",
                field="bot",
            )

    # ------------------------------------------------------------------ making one

    @classmethod
    def new(
        cls,
        rules: Ruleset,
        *,
        bot: str | BotFactory = DEFAULT_BOT,
        person: int = 0,
        seed: int | str | None = None,
        dealer: int | None = None,
        free_takebacks: bool = False,
        hints: bool = True,
        level: int | None = None,
    ) -> Session:
        """A new game against ``bot``, with the bot's first moves played when it acts first.

        :param bot: a bot's name (:func:`ginrummy.find_bot`: ``'tracker'``, ``'montecarlo:8'``...) or
            a factory taking a seed.
        :param level: play against this level of :data:`ginrummy.LEVELS` (1 to 5) instead:
            its bot, ``'level:N'``, is the session's :attr:`bot`.
        :param person: the person's seat.
        :param seed: the game's seed (None: a random one, which the game records).
        :param dealer: the first dealer (None: drawn from the seed).
        :param free_takebacks: let the person take back any decision (a practice table).
        :param hints: let the person ask for hints (:meth:`hint`).
        :raises InvalidPositionError: for a bad ruleset, seed, dealer, seat, bot, level or flag,
            or both a bot and a level.

        >>> import ginrummy as gr
        >>> Session.new(gr.PAGAT, level=2, seed=1).bot
        'level:2'
        """
        if level is not None:
            if bot != DEFAULT_BOT:
                raise InvalidPositionError(
                    f"invalid session: a level {level!r:.20} and a bot {bot!r:.40}: "
                    "a level is a bot, give one",
                    field="level",
                )
            if not is_int(level) or not 1 <= level <= len(LEVELS):
                raise InvalidPositionError(
                    f"invalid session: 'level' {level!r:.20} must be a level's number, 1 to {len(LEVELS)}",
                    field="level",
                )
            bot = LEVELS[level - 1].bot_name
        game = Game.new(rules, seed=seed, dealer=dealer)
        session = cls(
            game=game,
            person=person,
            bot=bot,
            bot_seed=f"{game.seed}:bot",
            free_takebacks=free_takebacks,
            hints=hints,
        )
        return session.play_bots()

    # ------------------------------------------------------------------ what the person sees

    @property
    def bot_name(self) -> str:
        """The bot's display name."""
        return bot_name(self.bot)

    @property
    def level(self) -> Level | None:
        """The level of :data:`ginrummy.LEVELS` the bot plays at, or None for another bot.

        >>> import ginrummy as gr
        >>> Session.new(gr.PAGAT, level=4, seed=1).level.name
        'club'
        >>> Session.new(gr.PAGAT, seed=1).level is None
        True
        """
        if not isinstance(self.bot, str):
            return None
        parsed = parse_bot_name(self.bot)
        if parsed.library != LevelBot.name:
            return None
        return LEVELS[(DEFAULT_LEVEL if parsed.budget is None else parsed.budget) - 1]

    @property
    def view(self) -> GameView:
        """The person's view of the game (while :attr:`paused`, its round is already the next
        deal: draw :attr:`table`)."""
        return self.game.view(self.person)

    @property
    def paused(self) -> bool:
        """Whether a round has ended and the person has not dealt on yet (never once the game
        is over: see :attr:`is_over`)."""
        return not self.game.is_over and self.dealt_on < len(self.game.results)

    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
        return self.game.is_over

    @property
    def table(self) -> PlayerView:
        """The round to draw, as the person sees it: the round that ended while
        :attr:`paused` (and at the end of the game), else the round in play."""
        if self.paused or self.game.is_over:
            finished = self.game.finished
            assert finished is not None
            return finished.view(self.person)
        return self.game.round.view(self.person)

    @property
    def is_my_turn(self) -> bool:
        """Whether the person is to act (not while paused)."""
        return not self.paused and self.game.to_act == self.person

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The person's legal actions now (none while paused or on the bot's turn)."""
        return self.game.legal_actions() if self.is_my_turn else ()

    @property
    def controls(self) -> Controls:
        """The person's legal actions grouped for controls (:func:`~ginrummy.frontend.controls`)."""
        return controls(self.table)

    @property
    def actors(self) -> tuple[int, ...]:
        """Who played each action of ``game.actions``."""
        return actors(self.game)

    @property
    def deals(self) -> tuple[RoundDeal, ...]:
        """Each round dealt so far, as the table publishes it: its commitment (published
        before the round), and its deck and salt once it is over (while :attr:`paused`, the
        round shown is over, and the next one, already dealt, is committed to only)."""
        return game_deals(self.game, self._deal_secret)

    @property
    def news(self) -> tuple[tuple[int, Event], ...]:
        """What happened since the person's last action, as ``(round number, event)`` pairs
        from the person's own view (:func:`~ginrummy.frontend.events_since_last_action`)."""
        return events_since_last_action(self.view)

    @property
    def bot_to_act(self) -> bool:
        """Whether the bot is to act now (not while paused)."""
        return not self.paused and not self.game.is_over and self.game.to_act == 1 - self.person

    @property
    def can_undo(self) -> bool:
        """Whether the person has a decision to take back, and may (:attr:`undo_refusal`)."""
        return self.undo_refusal is None

    @property
    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` would be refused, as a sentence for the person; None when the
        person may take back its last decision.

        It is refused before the person's first decision, and (unless
        :attr:`free_takebacks`) when the person has seen a card since that decision that it
        did not know before it: the card it drew from the stock, a card the bot discarded or
        showed, the hands at the round's end (:func:`~ginrummy.frontend.takebacks.takeback_refusal`,
        which reads only the person's views)."""
        last = self._last_decision()
        if last is None:
            return "nothing to undo: you have not acted yet"
        if self.free_takebacks:
            return None
        return takeback_refusal(self.game, person=self.person, decision=last, paused=self.paused)

    def hint(self) -> tuple[Session, Hint]:
        """A hint for the person's decision now (:func:`~ginrummy.frontend.hints.suggest`,
        which reads only the person's view), and the session that records its use.

        :raises IllegalActionError: when hints are off at this table, or the person is not to
            act.
        """
        if not self.hints:
            raise IllegalActionError("no hint: hints are off at this table")
        if not self.is_my_turn:
            raise IllegalActionError("no hint now: it is not your turn")
        hint = suggest(self.table)
        return attrs.evolve(self, hints_used=(*self.hints_used, len(self.game.actions))), hint

    def _last_decision(self) -> int | None:
        """The index in ``game.actions`` of the person's last action, if any."""
        who = self.actors
        if self.person not in who:
            return None
        return len(who) - 1 - who[::-1].index(self.person)

    # ------------------------------------------------------------------ changes

    def apply(self, action: Action, *, bots: bool = True) -> Session:
        """The session after the person's ``action`` and, unless ``bots`` is false, the
        bot's replies (until the person's turn, the end of a round, or the end of the game).

        :raises IllegalActionError: while paused, on the bot's turn, or for an illegal action
            (the library's reason).
        """
        if self.paused:
            raise IllegalActionError(f"illegal action {action!r:.80}: the round is over; deal on first")
        session = attrs.evolve(self, game=self.game.apply(action, self.person))
        session = session._settled()
        return session.play_bots() if bots else session

    def _settled(self) -> Session:
        """This session with ``dealt_on`` caught up when the game is over (nothing to deal)."""
        if self.game.is_over:
            return attrs.evolve(self, dealt_on=len(self.game.results))
        return self

    def decide(self) -> Action:
        """The bot's action now.

        :raises IllegalActionError: when the bot is not to act.
        """
        if not self.bot_to_act:
            raise IllegalActionError("the bot is not to act now")
        seat = 1 - self.person
        bot: Bot = make_bot(self.bot, seed=f"{self.bot_seed}:{len(self.game.actions)}")
        return bot.act(self.game.round.view(seat))

    def step_bot(self, action: Action | None = None) -> Session:
        """The session after one action of the bot (``action``, when the table had the bot
        decide elsewhere with :meth:`decide`, say in a worker thread).

        :raises IllegalActionError: when the bot is not to act, or for an illegal action.
        """
        if not self.bot_to_act:
            raise IllegalActionError("the bot is not to act now")
        chosen = self.decide() if action is None else action
        return attrs.evolve(self, game=self.game.apply(chosen, 1 - self.person))._settled()

    def play_bots(self) -> Session:
        """The session after the bot's actions, until the person's turn, the end of a round or
        the end of the game."""
        session = self
        while session.bot_to_act:
            ended = len(session.game.results)
            session = session.step_bot()
            if len(session.game.results) != ended:
                break
        return session

    def deal_on(self, *, bots: bool = True) -> Session:
        """Leave the end of a round for the next deal, and play the bot's first moves there
        unless ``bots`` is false.

        :raises IllegalActionError: when no round's end is waiting.
        """
        if not self.paused:
            raise IllegalActionError("nothing to deal on from: no round has ended since the last deal")
        session = attrs.evolve(self, dealt_on=len(self.game.results))
        return session.play_bots() if bots else session

    def undo(self) -> Session:
        """The session just before the person's last action: the bot's replies are taken
        back too, however many actions they were.

        :raises IllegalActionError: when the person has not acted yet, or has seen a card
            since that it did not know before (the reason is :attr:`undo_refusal`).
        """
        reason = self.undo_refusal
        if reason is not None:
            raise IllegalActionError(reason)
        last = self._last_decision()
        assert last is not None
        undone = undone_game(self.game, last)
        return attrs.evolve(self, game=undone, dealt_on=len(undone.results))

    # ------------------------------------------------------------------ saving

    def save(self, key: bytes, *, save_id: str | None = None) -> str:
        """A sealed save of this session: its open part says only what the person may know
        (the save's id, the ruleset's name, the seat, the bot, the scores, the rounds played,
        whether take-backs are free, whether hints are allowed and when they were used); the
        game and the deal secret are sealed with ``key`` (see
        :mod:`ginrummy.frontend.sealing`).

        :param key: the application's key, bytes, at least 16 of them.
        :param save_id: the save's id, which a ledger of saves records
            (:mod:`ginrummy.frontend.save_ledger`); None: a fresh random one.
        :raises SerializationError: for a bad key, a bot given as a factory without a name, or
            without the ``cryptography`` package (``pip install 'ginrummy[saves]'``).
        """
        view = self.view
        open_part = {
            "id": new_save_id() if save_id is None else save_id,
            "rules": self.game.rules.name,
            "person": self.person,
            "bot": self.bot_name,
            "scores": list(view.scores),
            "rounds": len(view.results),
            "is_over": view.is_over,
            "free_takebacks": self.free_takebacks,
            "hints": self.hints,
            "hints_used": list(self.hints_used),
        }
        secret = {
            "game": json.loads(dumps(self.game)),
            "bot_seed": self.bot_seed,
            "dealt_on": self.dealt_on,
            "deal_secret": self._deal_secret,
        }
        return seal(open_part, json.dumps(secret), key)

    @classmethod
    def resume(cls, text: str, key: bytes, *, bots: Mapping[str, BotFactory] | None = None) -> Session:
        """The session a save holds, with its bot.

        :param key: the key the save was sealed with.
        :param bots: the factories of bots that are not the library's, by name (the library's
            names are always known, with a budget too: ``'montecarlo:8'``; a save never names
            code to import).
        :raises SerializationError: for text that is no save (garbage, cut short, an unknown
            version), a save sealed with another key or changed since, a bot no factory is
            known for, or a version 2 save without the ``cryptography`` package. Saves of
            version 1, written before AES-GCM, still load (without that package too); a save
            written before saves held the deal secret resumes with a fresh one (the commitments
            of its rounds change: they were never published).
        """
        open_part, secret = unseal(text, key)
        try:
            data = json.loads(secret)
            game = loads(json.dumps(data["game"]))
            session = cls(
                game=game,
                person=open_part["person"],
                bot=_saved_bot(open_part["bot"], bots or {}),
                bot_seed=data["bot_seed"],
                dealt_on=data["dealt_on"],
                free_takebacks=open_part.get("free_takebacks", False),
                hints=open_part.get("hints", True),
                hints_used=open_part.get("hints_used", ()),
                deal_secret=data.get("deal_secret") or deal_salt(),
            )
        except SerializationError:
            raise
        except (GinRummyError, KeyError, TypeError, ValueError) as exc:
            raise SerializationError(f"invalid save: {exc}") from None
        if session.view.scores != tuple(open_part.get("scores", ())):
            raise SerializationError("invalid save: the open part does not describe the sealed game")
        return session
