"""A game to the target: rounds dealt one after another, scored by the ruleset (section 7).

:class:`Game` is immutable like :class:`~ginrummy.Round`. When a round ends, :meth:`Game.apply`
records its result and deals the next one: the dealer follows ``next_dealer``, and a dead
hand (or void round) is dealt again by the same dealer. Every deck comes from the game's seed,
so a game is determined by its ruleset, seed, first dealer and actions; :meth:`Game.record`
and :meth:`Game.replay` use exactly that, and :meth:`Game.undo` replays all but the last
action.

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
from collections.abc import Sequence

import attrs

from ginrummy.actions import Action
from ginrummy.cards import Card
from ginrummy.errors import IllegalActionError, InvalidPositionError
from ginrummy.round import Round
from ginrummy.rules import NextDealer, Ruleset
from ginrummy.scoring import RoundResult
from ginrummy.settlement import GameResult, Standings
from ginrummy.views import PlayerView

__all__ = ["Game", "GameRecord", "GameView", "next_dealer", "round_seed"]


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


@attrs.frozen
class GameRecord:
    """What determines a game: the ruleset, the seed, the first dealer, the deck of every
    round dealt (top first) and every action in order.

    >>> import ginrummy as gr
    >>> g = gr.Game.new(gr.PAGAT, seed=1, dealer=1).apply(gr.PassUpcard())
    >>> record = g.record()
    >>> len(record.decks), record.actions
    (1, (PassUpcard(),))
    >>> gr.Game.replay(record) == g
    True
    """

    rules: Ruleset
    """The ruleset."""
    seed: int | str
    """The seed the decks were shuffled from."""
    first_dealer: int
    """The dealer of the first round."""
    decks: tuple[tuple[Card, ...], ...]
    """The deck of each round dealt, top first."""
    actions: tuple[Action, ...]
    """Every action of the game in order (knocks with their melds filled in)."""

    def undo(self) -> GameRecord:
        """The record without its last action (and without a deck dealt because of it).

        :raises IllegalActionError: when there is no action to take back.
        """
        if not self.actions:
            raise IllegalActionError("nothing to undo: the record holds no action")
        shorter = Game.replay(attrs.evolve(self, actions=self.actions[:-1]), check_decks=False)
        return shorter.record()


@attrs.frozen
class GameView:
    """What one player may know about a game: the scores, the results so far and its view of
    the round in play.

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


@attrs.frozen(repr=False)
class Game:
    """A game of rounds to the target.

    Build one with :meth:`new` (or :meth:`replay`); change it with :meth:`apply`.

    >>> import ginrummy as gr
    >>> g = gr.Game.new(gr.PAGAT, seed=7, dealer=0)
    >>> g.to_act, g.legal_actions()
    (1, (TakeDiscard(), PassUpcard()))
    >>> g.apply(gr.PassUpcard()).to_act
    0
    """

    rules: Ruleset
    """The ruleset."""
    seed: int | str
    """The seed every round's deck is shuffled from (see :func:`round_seed`)."""
    first_dealer: int
    """The dealer of the first round."""
    round: Round
    """The round in play, or the last round once the game is over."""
    results: tuple[RoundResult, ...] = ()
    """The results of the finished rounds, dead hands included."""
    decks: tuple[tuple[Card, ...], ...] = ()
    """The deck of every round dealt so far, top first."""
    actions: tuple[Action, ...] = ()
    """Every action applied so far."""
    finished: Round | None = attrs.field(default=None, eq=False)
    """The last round that ended, as it ended (hands, spread, layoffs, result), so that a
    front end can show it after the next round has been dealt; None before any round ended."""
    standings: Standings = attrs.field(
        default=attrs.Factory(lambda self: Standings.start(self.rules), takes_self=True), eq=False, repr=False
    )
    """The scores toward the target after :attr:`results` (kept as rounds end)."""

    @classmethod
    def new(cls, rules: Ruleset, seed: int | str | None = None, dealer: int | None = None) -> Game:
        """A new game with its first round dealt.

        :param seed: determines every deck (and the first dealer when ``dealer`` is None);
            None picks a random seed, which :attr:`seed` then records.
        :param dealer: the first dealer, 0 or 1; None draws it from the seed.
        :raises InvalidPositionError: for a bad ruleset, seed or dealer.
        """
        if not isinstance(rules, Ruleset):
            raise InvalidPositionError(f"invalid rules {rules!r}: expected a Ruleset")
        if seed is None:
            seed = random.randrange(2**63)
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise InvalidPositionError(f"invalid seed {seed!r}: must be an integer or a string")
        if dealer is None:
            dealer = random.Random(f"ginrummy:{seed}:dealer").randrange(2)
        if dealer not in (0, 1) or isinstance(dealer, bool):
            raise InvalidPositionError(f"invalid dealer {dealer!r}: must be 0 or 1")
        first = Round.deal(rules, dealer, seed=round_seed(seed, 0))
        assert first.deck is not None
        return cls(rules, seed, dealer, first, decks=(first.deck,))

    @classmethod
    def replay(cls, record: GameRecord, *, check_decks: bool = True) -> Game:
        """The game a record describes.

        :param check_decks: require exactly one deck per round dealt (a record made by
            :meth:`record`); when False, missing decks come from the seed.
        :raises IllegalActionError: for an illegal action, naming its position.
        :raises InvalidPositionError: for a deck that is not the 52 cards, or a deck count that
            does not match the rounds dealt.
        """
        game = cls(
            record.rules,
            record.seed,
            record.first_dealer,
            Round.deal(record.rules, record.first_dealer, deck=record.decks[0])
            if record.decks
            else Round.deal(record.rules, record.first_dealer, seed=round_seed(record.seed, 0)),
        )
        game = attrs.evolve(game, decks=(game.round.deck,) if game.round.deck is not None else ())
        for number, action in enumerate(record.actions):
            try:
                game = game._apply(action, record.decks)
            except IllegalActionError as exc:
                raise IllegalActionError(f"action {number}: {exc}") from None
        if check_decks and len(record.decks) != len(game.decks):
            raise InvalidPositionError(
                f"invalid record: {len(record.decks)} decks for {len(game.decks)} rounds dealt"
            )
        return game

    # ------------------------------------------------------------------ accessors

    @property
    def to_act(self) -> int | None:
        """The player to act, or None when the game is over."""
        return None if self.is_over else self.round.to_act

    @property
    def scores(self) -> tuple[int, int]:
        """Each player's game score toward the target (under Hollywood scoring, the scores of
        the three columns added up; see :attr:`column_scores`)."""
        return self.standings.scores

    @property
    def column_scores(self) -> tuple[tuple[int, int], ...]:
        """Under Hollywood scoring, each column's scores toward the target; otherwise the one
        game's scores."""
        return self.standings.column_scores

    @property
    def result(self) -> GameResult:
        """The settlement of the game (provisional while it goes on)."""
        return self.standings.result()

    @property
    def is_over(self) -> bool:
        """Whether a player has reached the target (under Hollywood scoring: in all three
        columns)."""
        return self.round.is_over and self.standings.is_over

    @property
    def dealer(self) -> int:
        """The dealer of the round in play."""
        return self.round.dealer

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the player to act (none once the game is over)."""
        return () if self.is_over else self.round.legal_actions()

    def is_legal(self, action: Action, player: int | None = None) -> bool:
        """Whether :meth:`apply` would accept ``action`` (from ``player``, when given)."""
        return not self.is_over and self.round.is_legal(action, player)

    def illegal_reason(self, action: Action, player: int | None = None) -> str | None:
        """Why ``action`` (from ``player``, when given) is illegal now, or None when it is
        legal (see :meth:`ginrummy.Round.illegal_reason`)."""
        if self.is_over:
            return "the game is over"
        return self.round.illegal_reason(action, player)

    def view(self, player: int) -> GameView:
        """What ``player`` may know: see :class:`GameView`."""
        return GameView(
            player=player,
            rules=self.rules,
            scores=self.scores,
            results=self.results,
            round=self.round.view(player),
            is_over=self.is_over,
            result=self.result,
        )

    def record(self) -> GameRecord:
        """The record that replays this game (see :class:`GameRecord`)."""
        return GameRecord(self.rules, self.seed, self.first_dealer, self.decks, self.actions)

    def undo(self) -> Game:
        """This game without its last action.

        :raises IllegalActionError: when no action has been applied.
        """
        return Game.replay(self.record().undo())

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.name} seed={self.seed!r} rounds={len(self.results)} "
            f"scores={self.scores} round={self.round!r}>"
        )

    # ------------------------------------------------------------------ transitions

    def apply(self, action: Action, player: int | None = None) -> Game:
        """The game after ``action``; deals the next round when this one ends.

        :param player: who sends the action; when given, an action from the player not to act
            is refused as not their turn (see :meth:`ginrummy.Round.apply`).
        :raises IllegalActionError: for an illegal action or a game that is over.
        """
        return self._apply(action, (), player)

    def _apply(self, action: Action, decks: Sequence[tuple[Card, ...]], player: int | None = None) -> Game:
        if self.is_over:
            raise IllegalActionError(f"illegal action {action!r}: the game is over")
        played = self.round.apply(action, player)
        resolved = played.events[-1].action
        assert resolved is not None
        if not played.is_over:
            return attrs.evolve(self, round=played, actions=(*self.actions, resolved))
        assert played.result is not None
        results = (*self.results, played.result)
        game = attrs.evolve(
            self,
            round=played,
            results=results,
            actions=(*self.actions, resolved),
            finished=played,
            standings=self.standings.add(played.result),
        )
        if game.is_over:
            return game
        number = len(self.decks)
        dealer = next_dealer(self.rules, played.dealer, played.result)
        if number < len(decks):
            following = Round.deal(self.rules, dealer, deck=decks[number])
        else:
            following = Round.deal(self.rules, dealer, seed=round_seed(self.seed, number))
        assert following.deck is not None
        return attrs.evolve(game, round=following, decks=(*self.decks, following.deck))
