"""A game to the target: rounds dealt one after another, scored by the ruleset (section 7).

:class:`Game` is immutable like :class:`~ginrummy.Round`. When a round ends, :meth:`Game.apply`
records its result and deals the next one: the dealer follows ``next_dealer``, and a dead
hand (or void round) is dealt again by the same dealer. Every deck comes from the game's seed,
so a game is determined by its ruleset, seed, first dealer and actions; :meth:`Game.record`
and :meth:`Game.replay` use exactly that, and :meth:`Game.undo` replays all but the last
action. A game's history grows without copying (see :mod:`ginrummy.play.chain`), so long games
play, load and undo in time proportional to their length.

>>> import ginrummy as gr
>>> g = gr.Game.new(gr.PAGAT, seed=7, dealer=0)
>>> g.round.dealer, g.to_act, g.scores, g.is_over
(0, 1, (0, 0), False)
>>> g = g.apply(gr.PassUpcard())
>>> g.undo() == gr.Game.new(gr.PAGAT, seed=7, dealer=0)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, NoReturn

import attrs

from ginrummy.actions import ACTION_TYPES, Action
from ginrummy.cards import Card
from ginrummy.compiler_hints import mypyc_attr, new_instance, same
from ginrummy.dealing import check_deck
from ginrummy.errors import GinRummyError, IllegalActionError, InvalidPositionError
from ginrummy.phase import OVER
from ginrummy.play.board_text import game_picture, game_view_picture
from ginrummy.play.chain import Chain, items
from ginrummy.play.round import PlayerView, Round
from ginrummy.results.round_result import RoundResult
from ginrummy.results.settlement import GameResult, Standings
from ginrummy.rules import NextDealer, Ruleset, check_rules
from ginrummy.validators import check_player, check_seed

__all__ = ["Game", "GameRecord", "GameView", "check_record_sizes", "next_dealer", "round_seed"]


def round_seed(seed: int | str, number: int) -> str:
    """The shuffle seed of round ``number`` (from 0, dead hands included) of a game."""
    return f"ginrummy:{seed}:{number}"


def next_dealer(rules: Ruleset, dealer: int, result: RoundResult) -> int:
    """Who deals after a round dealt by ``dealer`` ended with ``result``.

    A dead hand or void round is dealt again by the same dealer; otherwise ``next_dealer``
    decides: the winner, the loser, or the other player.
    """
    if result.winner is None:
        return dealer
    if rules.next_dealer is NextDealer.WINNER:
        return result.winner
    if rules.next_dealer is NextDealer.LOSER:
        return 1 - result.winner
    return 1 - dealer


def check_record_sizes(decks: int, actions: int) -> None:
    """A game record holds at most one deck more than its actions (each round dealt after the
    first follows an action); a reader calls this before it reads any card.

    :raises InvalidPositionError: naming both counts.
    """
    if decks > actions + 1:
        raise InvalidPositionError(
            f"invalid record: {decks} decks for {actions} actions: a round takes actions", field="decks"
        )


def _decks(value: object) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidPositionError(
            f"invalid decks {value!r:.80}: expected a sequence of decks", field="decks"
        )
    decks = tuple(tuple(check_deck(deck, f"decks[{index}]")) for index, deck in enumerate(value))
    if not decks:
        raise InvalidPositionError("invalid record: a game has at least one deck", field="decks")
    return decks


def _actions(value: object) -> tuple[Action, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidPositionError(f"invalid actions {value!r:.80}: expected a sequence of actions")
    actions = tuple(value)
    for index, action in enumerate(actions):
        if not isinstance(action, ACTION_TYPES):
            raise InvalidPositionError(f"invalid record: actions[{index}] {action!r:.80} is not an action")
    return actions


@attrs.frozen(kw_only=True)
class GameRecord:
    """What determines a game: the ruleset, the seed, the first dealer, the deck of every
    round dealt (top first) and every action in order.

    Keyword-only and validated: the record is replayed on construction, so a record holds
    one deck per round dealt and only legal actions (and :meth:`Game.replay` then costs
    nothing more).

    :raises IllegalActionError: for an illegal action, naming its position.
    :raises InvalidPositionError: for a bad ruleset, seed, dealer or deck, or a deck count
        that does not match the rounds dealt.

    >>> import ginrummy as gr
    >>> g = gr.Game.new(gr.PAGAT, seed=1, dealer=1).apply(gr.PassUpcard())
    >>> record = g.record()
    >>> len(record.decks), record.actions
    (1, (PassUpcard(),))
    >>> gr.Game.replay(record) == g
    True
    """

    rules: Ruleset = attrs.field(validator=lambda _i, _a, value: check_rules(value, InvalidPositionError))
    """The ruleset."""
    seed: int | str = attrs.field(validator=lambda _i, _a, value: check_seed(value))
    """The seed the decks were shuffled from."""
    first_dealer: int = attrs.field(validator=lambda _i, _a, value: check_player(value, "first_dealer"))
    """The dealer of the first round."""
    decks: tuple[tuple[Card, ...], ...] = attrs.field(converter=_decks)
    """The deck of each round dealt, top first."""
    actions: tuple[Action, ...] = attrs.field(converter=_actions)
    """Every action of the game in order (knocks with their melds filled in)."""
    _game: Game | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        check_record_sizes(len(self.decks), len(self.actions))
        game = Game._play(self.rules, self.seed, self.first_dealer, self.decks, self.actions)
        if len(self.decks) != len(game.decks):
            raise InvalidPositionError(
                f"invalid record: {len(self.decks)} decks for {len(game.decks)} rounds dealt"
            )
        object.__setattr__(self, "_game", game)

    def undo(self) -> GameRecord:
        """The record without its last action (and without a deck dealt because of it).

        :raises IllegalActionError: when there is no action to take back.
        """
        return Game.replay(self).undo().record()


_GAME_SLOTS: tuple[str, ...] = ("rules", "seed", "first_dealer", "round", "finished", "_standings")
_GAME_SLOTS += ("_results", "_played", "_decks", "_actions", "_kept")  # in the order _game takes them
_SeenRounds = tuple[Chain[Round], list[tuple[PlayerView, ...] | None]]
"""The cache of each player's views of the finished rounds, with the chain of rounds viewed."""


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # ginrummy.compiler_hints
class Game:
    """A game of rounds to the target.

    Build one with :meth:`new` (or :meth:`replay`); change it with :meth:`apply`
    (``Game(...)`` itself is refused).

    **Equality.** Two games are equal when their records are: the same ruleset, seed, first
    dealer, decks and actions.

    >>> import ginrummy as gr
    >>> g = gr.Game.new(gr.PAGAT, seed=7, dealer=0)
    >>> g.to_act, g.legal_actions()
    (1, (TakeDiscard(), PassUpcard()))
    >>> g.apply(gr.PassUpcard()).to_act
    0
    """

    __slots__ = _GAME_SLOTS

    rules: Ruleset
    """The ruleset."""
    seed: int | str
    """The seed every round's deck is shuffled from (see :func:`round_seed`)."""
    first_dealer: int
    """The dealer of the first round."""
    round: Round
    """The round in play, or the last round once the game is over."""
    finished: Round | None
    """The last round that ended, as it ended (hands, spread, layoffs, result), so that a
    front end can show it after the next round has been dealt; None before any round ended."""
    _standings: Standings
    """The scores, settled by the ruleset as each round ends."""
    _results: Chain[RoundResult] | None
    _played: Chain[Round] | None
    _decks: Chain[tuple[Card, ...]]
    _actions: Chain[Action] | None
    """The results, the finished rounds, the decks and the actions: chains (None when empty)."""
    _kept: list[Any]
    """The settlement beside the standings it settles, and each player's views of the finished
    rounds beside the chain of rounds they view, once worked out: the games after this one
    share the list, so the rest of a round reuses them."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise InvalidPositionError("a Game is not built directly: use Game.new or Game.replay")

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> NoReturn:
        raise attrs.exceptions.FrozenInstanceError()

    def __reduce__(self) -> tuple[Any, ...]:
        # pickling and copying: the value without what is kept, which is remade on demand
        return _game, (type(self), *(getattr(self, name) for name in _GAME_SLOTS[:-1]), [None, None])

    @classmethod
    def _start(cls, rules: Ruleset, seed: int | str, dealer: int, first: Round) -> Game:
        assert first.deck is not None
        deck, start = Chain.of(first.deck), Standings.start(rules)
        return _game(cls, rules, seed, dealer, first, None, start, None, None, deck, None, [None, None])

    @classmethod
    def new(cls, rules: Ruleset, seed: int | str | None = None, dealer: int | None = None) -> Game:
        """A new game with its first round dealt.

        :param seed: determines every deck (and the first dealer when ``dealer`` is None);
            None picks a random seed, which :attr:`seed` then records.
        :param dealer: the first dealer, 0 or 1; None draws it from the seed.
        :raises InvalidPositionError: for a bad ruleset, seed or dealer.
        """
        checked = check_rules(rules, InvalidPositionError)
        chosen = random.randrange(2**63) if seed is None else check_seed(seed)
        if dealer is None:
            dealer = random.Random(f"ginrummy:{chosen}:dealer").randrange(2)
        first = check_player(dealer, "dealer")
        return cls._start(checked, chosen, first, Round.deal(checked, first, seed=round_seed(chosen, 0)))

    @classmethod
    def _play(
        cls,
        rules: Ruleset,
        seed: int | str,
        first_dealer: int,
        decks: Sequence[Sequence[Card]],
        actions: Iterable[Action],
    ) -> Game:
        """The game dealt from ``decks`` (the seed for rounds past them) after ``actions``."""
        first = Round.deal(rules, first_dealer, deck=decks[0])
        game = cls._start(rules, seed, first_dealer, first)
        for number, action in enumerate(actions):
            try:
                game = game._apply(action, decks, None)
            except IllegalActionError as exc:
                raise IllegalActionError(f"action {number}: {exc}") from None
        return game

    @classmethod
    def replay(cls, record: GameRecord) -> Game:
        """The game a record describes (the record was replayed when it was made, so this is
        free).

        :raises InvalidPositionError: for a value that is not a :class:`GameRecord`.
        """
        if not isinstance(record, GameRecord):
            raise InvalidPositionError(f"invalid record {record!r:.80}: expected a GameRecord")
        game = record._game
        assert game is not None
        return game

    # ------------------------------------------------------------------ accessors

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """The results of the finished rounds, dead hands included."""
        return items(self._results)

    @property
    def played(self) -> tuple[Round, ...]:
        """Every finished round as it ended (hands, spread, layoffs, result), dead hands
        included; the last is :attr:`finished`."""
        return items(self._played)

    @property
    def decks(self) -> tuple[tuple[Card, ...], ...]:
        """The deck of every round dealt so far, top first."""
        return items(self._decks)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far (knocks with their melds filled in)."""
        return items(self._actions)

    @property
    def to_act(self) -> int | None:
        """The player to act, or None when the game is over."""
        return None if self.is_over else self.round.to_act

    @property
    def scores(self) -> tuple[int, int]:
        """Each player's game score toward the target (under Hollywood scoring, the scores of
        the three columns added up; see :attr:`column_scores`)."""
        return self._standings.scores

    @property
    def column_scores(self) -> tuple[tuple[int, int], ...]:
        """Under Hollywood scoring, each column's scores toward the target; otherwise the one
        game's scores."""
        return self._standings.column_scores

    @property
    def result(self) -> GameResult:
        """The settlement of the game (provisional while it goes on)."""
        standings = self._standings
        settled: tuple[Standings, GameResult] | None = self._kept[0]
        if settled is None or settled[0] is not standings:
            settled = self._kept[0] = (standings, standings.result())
        return settled[1]

    @property
    def is_over(self) -> bool:
        """Whether a player has reached the target (under Hollywood scoring: in all three
        columns)."""
        return self.round.is_over and self._standings.is_over

    @property
    def dealer(self) -> int:
        """The dealer of the round in play."""
        return self.round.dealer

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the player to act (none once the game is over)."""
        return () if self.is_over else self.round.legal_actions()

    def is_legal(self, action: Action, player: int | None = None) -> bool:
        """Whether :meth:`apply` would accept ``action`` (from ``player``, when given)."""
        return self.illegal_reason(action, player) is None

    def illegal_reason(self, action: Action, player: int | None = None) -> str | None:
        """Why ``action`` (from ``player``, when given) is illegal now, or None when it is
        legal (see :meth:`ginrummy.Round.illegal_reason`)."""
        if self.is_over:
            if player is not None:
                check_player(player, "player")
            return "the game is over"
        return self.round.illegal_reason(action, player)

    def view(self, player: int) -> GameView:
        """What ``player`` may know: see :class:`GameView`."""
        seer = check_player(player, "player")
        round_view, history = self.round.view(seer), self._history(seer)
        return GameView._of(
            (seer, self.rules, self.scores, self.results, round_view, self.is_over, self.result, history)
        )

    def _history(self, player: int) -> tuple[PlayerView, ...]:
        """``player``'s view of each finished round, made once per finished round and player
        (kept as :attr:`result` is, beside the chain of rounds it views)."""
        played = self._played
        if played is None:
            return ()
        seen: _SeenRounds | None = self._kept[1]
        if seen is None or seen[0] is not played:
            kept: list[tuple[PlayerView, ...] | None] = [None, None]
            seen = self._kept[1] = (played, kept)
        views = seen[1][player]
        if views is None:
            views = seen[1][player] = tuple(finished.view(player) for finished in played.items())
        return views

    def record(self) -> GameRecord:
        """The record that replays this game (see :class:`GameRecord`)."""
        record = new_instance(GameRecord)  # its fields are this game's: replayed already
        fields = (("rules", self.rules), ("seed", self.seed), ("first_dealer", self.first_dealer))
        for name, value in (*fields, ("decks", self.decks), ("actions", self.actions), ("_game", self)):
            object.__setattr__(record, name, value)
        return record

    def undo(self) -> Game:
        """This game without its last action (replayed from the start: linear time).

        :raises IllegalActionError: when no action has been applied.
        """
        actions = self.actions
        if not actions:
            raise IllegalActionError("nothing to undo: no action has been applied to this game")
        return Game._play(self.rules, self.seed, self.first_dealer, self.decks, actions[:-1])

    def _key(self) -> tuple[object, ...]:
        return (self.rules, self.seed, self.first_dealer, self.decks, self.actions)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.name} seed={self.seed!r} rounds={len(self.results)} "
            f"scores={self.scores} round={self.round!r}>"
        )

    def __str__(self) -> str:
        return game_picture(self)

    # ------------------------------------------------------------------ transitions

    def apply(self, action: Action, player: int | None = None) -> Game:
        """The game after ``action``; deals the next round when this one ends.

        :param player: who sends the action; when given, an action from the player not to act
            is refused as not their turn (see :meth:`ginrummy.Round.apply`).
        :raises IllegalActionError: for an illegal action or a game that is over.
        """
        return self._apply(action, (), player)

    def _apply(self, action: Action, decks: Sequence[Sequence[Card]], player: int | None) -> Game:
        if self.is_over:
            raise IllegalActionError(f"illegal action {action!r}: the game is over")
        played = self.round.apply(action, player)
        resolved = played.last_action
        assert resolved is not None
        kept, chain, head = self._kept, self._actions, (self.rules, self.seed, self.first_dealer)
        actions = Chain.of(resolved) if chain is None else chain.then(resolved)
        results, rounds, dealt, standings = self._results, self._played, self._decks, self._standings
        if not played.is_over:
            return _game(Game, *head, played, self.finished, standings, results, rounds, dealt, actions, kept)
        result = played.result
        assert result is not None
        standings = standings.add(result)
        results = Chain.of(result) if results is None else results.then(result)
        rounds = Chain.of(played) if rounds is None else rounds.then(played)
        if standings.is_over:
            return _game(Game, *head, played, played, standings, results, rounds, dealt, actions, kept)
        number = len(dealt)
        dealer = next_dealer(self.rules, played.dealer, result)
        if number < len(decks):
            following = Round.deal(self.rules, dealer, deck=decks[number])
        else:
            following = Round.deal(self.rules, dealer, seed=round_seed(self.seed, number))
        assert following.deck is not None
        dealt = dealt.then(following.deck)
        return _game(Game, *head, following, played, standings, results, rounds, dealt, actions, kept)


def _game(
    cls: type[Game],
    rules: Ruleset,
    seed: int | str,
    dealer: int,
    round: Round,
    finished: Round | None,
    standings: Standings,
    results: Chain[RoundResult] | None,
    played: Chain[Round] | None,
    decks: Chain[tuple[Card, ...]],
    actions: Chain[Action] | None,
    kept: list[Any],
) -> Game:
    """The game of class ``cls`` of these fields (a game's only way in): every slot stored at once."""
    new = new_instance(cls)
    values = (rules, seed, dealer, round, finished, standings, results, played, decks, actions, kept)
    for name, value in zip(_GAME_SLOTS, values, strict=True):
        object.__setattr__(new, name, value)
    return new


@attrs.frozen(kw_only=True)
class GameView:
    """What one player may know about a game: the scores, the results so far and its view of
    the round in play.

    Keyword-only and validated: the scores, whether the game is over and the result must be
    those of the results (settled by the ruleset), and the round view must be this player's
    under this ruleset.

    :raises InvalidPositionError: naming the field that does not fit.

    >>> import ginrummy as gr
    >>> v = gr.Game.new(gr.PAGAT, seed=7, dealer=0).view(1)
    >>> v.scores, v.is_over, v.round.is_my_turn, v.round.opponent_hand
    ((0, 0), False, True, None)
    """

    player: int
    """Whose view this is."""
    rules: Ruleset
    """The ruleset."""
    scores: tuple[int, int]
    """The game scores toward the target."""
    results: tuple[RoundResult, ...]
    """The results of the rounds finished so far."""
    round: PlayerView
    """The player's view of the round in play (the last round once the game is over)."""
    is_over: bool
    """Whether the game has ended."""
    result: GameResult
    """The settlement (provisional while the game goes on)."""
    history: tuple[PlayerView, ...] = ()
    """This player's view of each finished round as it ended, in order (what it saw of the
    rounds behind :attr:`results`)."""

    @classmethod
    def _of(cls, values: _GameViewValues) -> GameView:
        """The view of a game's own fields (checked as it was played), in the class's order:
        every slot stored at once, as the public constructor stores them once it checked them."""
        view = new_instance(cls)
        for name, value in zip(_GAME_VIEW_FIELDS, values, strict=True):
            object.__setattr__(view, name, value)
        return view

    def __attrs_post_init__(self) -> None:
        check_player(self.player, "player", context="game view")
        check_rules(self.rules, InvalidPositionError)
        if not isinstance(self.round, PlayerView):
            raise _view_error("round", f"'round' must be a PlayerView (got {self.round!r:.80})")
        if self.round.player != self.player:
            raise _view_error(
                "round.player", f"the round view is player {self.round.player}'s, not player {self.player}'s"
            )
        if not same(self.round.rules, self.rules):
            raise _view_error("round.rules", "the round view's ruleset is not the game's")
        if not isinstance(self.results, tuple):
            raise _view_error("results", "'results' must be a tuple of RoundResults")
        standings = Standings.start(self.rules)
        for index, result in enumerate(self.results):
            try:
                standings = standings.add(result)
            except GinRummyError as exc:
                raise _view_error(f"results[{index}]", str(exc)) from None
        if self.scores != standings.scores:
            raise _view_error("scores", f"{self.scores!r} are not the scores of the results")
        if self.is_over is not standings.is_over:
            raise _view_error("is_over", f"{self.is_over!r} does not match the results")
        if not same(self.result, standings.result()):
            raise _view_error("result", "the result is not the settlement of the results")
        if not isinstance(self.history, tuple) or len(self.history) != len(self.results):
            raise _view_error("history", "'history' must hold one finished round view per result")
        for index, (seen, result) in enumerate(zip(self.history, self.results, strict=True)):
            seen_here = isinstance(seen, PlayerView) and seen.player == self.player
            if not (seen_here and same(seen.rules, self.rules)):
                raise _view_error(
                    f"history[{index}]", "a finished round must be seen by this player under this ruleset"
                )
            if seen.result != result:
                raise _view_error(f"history[{index}].result", f"is not results[{index}]")
        if self.is_over and self.history and not same(self.round, self.history[-1]):
            raise _view_error("round", "a finished game's round view is its last finished round's")
        if not self.is_over and self.round.phase is OVER:
            raise _view_error("round", "a game deals its next round as soon as one ends")
        rounds = self.history if self.is_over else (*self.history, self.round)
        for index, seen in enumerate(rounds):
            where = f"history[{index}]" if index < len(self.history) else "round"
            if not seen.dealt:
                raise _view_error(f"{where}.dealt", "every round of a game is dealt")
            if index:
                expected = next_dealer(self.rules, rounds[index - 1].dealer, self.results[index - 1])
                if seen.dealer != expected:
                    raise _view_error(
                        f"{where}.dealer",
                        f"player {seen.dealer} deals, but after round {index - 1} player {expected} deals",
                    )

    def __str__(self) -> str:
        return game_view_picture(self)

    def sample(self, rng: random.Random) -> Game:
        """A whole game, history included, that this player could be in: each round (the
        finished ones and the one in play) drawn by :meth:`PlayerView.sample`, replayed as one
        game whose view is this view; the decks of rounds not yet dealt come from a seed drawn
        from ``rng``. It depends only on this view and ``rng``.

        :raises InvalidPositionError: when no game has this view.

        >>> import random
        >>> import ginrummy as gr
        >>> g = gr.Game.new(gr.PAGAT, seed=3, dealer=0).apply(gr.PassUpcard())
        >>> gr.Game.new(gr.PAGAT, seed=3, dealer=0).view(0) == g.undo().view(0)
        True
        >>> g.view(0).sample(random.Random(1)).view(0) == g.view(0)
        True
        """
        if not isinstance(rng, random.Random):
            raise InvalidPositionError(f"invalid rng {rng!r:.80}: expected a random.Random")
        views = list(self.history) if self.is_over else [*self.history, self.round]
        rounds = [view.sample(rng) for view in views]
        if any(r.deck is None for r in rounds):
            raise InvalidPositionError("cannot sample this game view: a round of a game is dealt")
        decks = [r.deck for r in rounds if r.deck is not None]
        actions = [action for r in rounds for action in r.actions]
        return Game._play(self.rules, rng.getrandbits(63), rounds[0].dealer, decks, actions)


_Views = tuple[PlayerView, ...]
_GameViewValues = tuple[
    int, Ruleset, tuple[int, int], tuple[RoundResult, ...], PlayerView, bool, GameResult, _Views
]
_GAME_VIEW_FIELDS: Final = tuple(field.name for field in attrs.fields(GameView))


def _view_error(field: str, message: str) -> InvalidPositionError:
    return InvalidPositionError(f"invalid game view: {message}", field=field)
