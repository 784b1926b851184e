"""Per-player views of a round: everything a player may know, and nothing else.

A view holds the player's own cards, the opponent's card count and the cards it is known to
hold (taken from the discard pile), the discard pile, the stock's size (never its order),
the phase, whose turn it is, the legal actions on the player's turn, the knock limit, the
turns played, the spread and layoffs once shown, and the opponent's hand once it is shown
(from a knock on). A dead hand or a void round shows no hand: nobody lays down.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> v = r.view(1)
>>> v.hand == r.hand(1), v.opponent_hand, v.opponent_card_count, v.stock_size
(True, None, 10, 31)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from ginrummy.actions import Action
from ginrummy.cards import Card, Hand
from ginrummy.errors import GinRummyError, InvalidPositionError
from ginrummy.melds import Meld
from ginrummy.phase import Phase
from ginrummy.play.board_text import view_picture
from ginrummy.play.events import Event, EventLog, censor, censored_records
from ginrummy.play.view_checks import check_view
from ginrummy.results.round_result import RoundResult
from ginrummy.rules import Ruleset

if TYPE_CHECKING:
    from ginrummy.play.round import Round

__all__ = ["PlayerView", "set_sampler", "view_of"]

_SAMPLER: Callable[[PlayerView, random.Random, bool], Round] | None = None
"""The sampler of :meth:`PlayerView.sample` (:func:`ginrummy.beliefs.worlds.sample_round`, which
registers itself: it needs the round, and the round needs this module)."""


def set_sampler(sampler: Callable[[PlayerView, random.Random, bool], Round]) -> None:
    """Install the function behind :meth:`PlayerView.sample`."""
    global _SAMPLER
    _SAMPLER = sampler


@attrs.frozen(kw_only=True, slots=False, repr=False)
class PlayerView:
    """What one player may know about a round.

    Get one with :meth:`ginrummy.Round.view`. The constructor is public (a front end or a
    test may build a view from its own data, and JSON is read through it) and checks that the
    fields describe a position the player could be in: every card in one place, hand sizes
    that fit the phase, legal actions that are those of the position, a result that is the
    price of the hands shown.

    :raises InvalidPositionError: naming the field that cannot be.

    >>> import ginrummy as gr
    >>> v = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(0)
    >>> v.is_my_turn, v.legal_actions, str(v.upcard), v.opponent_card_count
    (False, (), '9d', 10)
    """

    player: int
    """Whose view this is."""
    rules: Ruleset
    """The ruleset."""
    dealer: int
    """The dealer."""
    phase: Phase
    """The phase."""
    to_act: int | None
    """Who acts next (None when the round is over)."""
    hand: Hand
    """The player's own cards."""
    opponent_card_count: int
    """How many cards the opponent holds."""
    opponent_known: Hand
    """The opponent's cards this player knows: taken from the pile and still held, or all of
    them once shown."""
    opponent_hand: Hand | None
    """The opponent's whole hand once shown (from a knock on)."""
    discard_pile: tuple[Card, ...]
    """The discard pile, bottom to top."""
    stock_size: int
    """How many cards the stock holds."""
    initial_upcard: Card
    """The card turned up at the deal."""
    knock_limit: int
    """The most deadwood a knock may leave this round."""
    taken: Card | None
    """The card this player took from the pile this turn (it may not be discarded)."""
    legal_actions: tuple[Action, ...]
    """The legal actions when it is this player's turn, else ()."""
    knocker: int | None
    """Who knocked, once someone has."""
    spread: tuple[Meld, ...]
    """The knocker's spread once shown (with laid-off cards)."""
    layoffs: tuple[tuple[Card, int], ...]
    """The layoffs so far."""
    knock_card: Card | None
    """The face-down knock card: the knocker's own view shows it, the opponent's only once
    the round is over."""
    result: RoundResult | None
    """The result once the round is over."""
    events: tuple[Event, ...]
    """The log, censored: the opponent's stock draws and hidden knock card are None."""
    turns: int = 0
    """Completed turns (a turn ends with a discard or a knock)."""

    def __attrs_post_init__(self) -> None:
        check_view(self)
        self._check_possible()

    def _check_possible(self) -> None:
        """A view is possible when some round has it: draw one (:meth:`sample`) and compare
        its view with this one, field by field. Every rule is enforced this way, since the
        round is replayed from its origin by the rules: the legal actions, the order of the
        events, the layoffs, the result's price."""
        assert _SAMPLER is not None, "ginrummy.beliefs.worlds registers the sampler on import"
        try:
            seen = _SAMPLER(self, random.Random(0), True).view(self.player)
        except GinRummyError as exc:
            reason = str(exc).removeprefix("cannot sample this view: ")
            message = f"invalid view: no round has it: {reason}"
            raise InvalidPositionError(message, field=exc.field) from None
        for field in attrs.fields(PlayerView):
            mine, theirs = getattr(self, field.name), getattr(seen, field.name)
            if mine != theirs:
                raise InvalidPositionError(
                    f"invalid view: no round has it: {field.name} {mine!r:.120} does not follow from "
                    f"the rest (a round with the same history has {theirs!r:.120})",
                    field=field.name,
                )

    if not TYPE_CHECKING:  # hidden from type checkers, which would allow any attribute

        def __getattr__(self, name: str) -> Any:
            # A view made by a round leaves its censored log to be built on first use (most
            # bots and encoders never read it); only ``events`` can be missing this way.
            if name == "events" and "_log" in self.__dict__:
                log, knock_visible = self.__dict__.pop("_log")
                events = _censored(log, self.player, knock_visible)
                self.__dict__["events"] = events
                return events
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _records(self) -> list[tuple[int, int, Action | None, Card | None]]:
        """The censored log as plain ``(number, player, action, card)`` records, read from the
        round's log without making :class:`Event` values when the view was made by a round
        and its events were never read (the sampler's input)."""
        records: list[tuple[int, int, Action | None, Card | None]] | None = self.__dict__.get(
            "_censored_records"
        )
        if records is None:
            pending = self.__dict__.get("_log")
            if pending is None:
                records = [(e.number, e.player, e.action, e.card) for e in self.events]
            else:
                records = censored_records(pending[0], self.player, knock_visible=pending[1])
            self.__dict__["_censored_records"] = records  # kept: a search samples the same view many times
        return records

    @property
    def is_my_turn(self) -> bool:
        """Whether this player acts next."""
        return self.to_act == self.player

    @property
    def upcard(self) -> Card | None:
        """The top of the discard pile, or None."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def known_cards(self) -> Hand:
        """Every card whose place this player knows: its hand, the discard pile, the cards it
        knows the opponent holds, the spread and the knock card it may see."""
        mask = self.hand.mask | self.opponent_known.mask
        for card in self.discard_pile:
            mask |= card.mask
        for meld in self.spread:
            mask |= meld.mask
        if self.knock_card is not None:
            mask |= self.knock_card.mask
        return Hand.from_mask(mask)

    def sample(self, rng: random.Random) -> Round:
        """A whole round, history included, that this player could be in: its view is this
        view, every card is placed once, and what the player cannot see (the opponent's unknown
        cards, the stock's order, a face-down knock card) is drawn uniformly from what fits the
        view; it depends only on this view and ``rng`` (see :mod:`ginrummy.beliefs.worlds`).

        :param rng: the random number generator to draw with.
        :raises InvalidPositionError: when no round has this view.

        >>> import random
        >>> import ginrummy as gr
        >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())
        >>> world = r.view(0).sample(random.Random(2))
        >>> world.view(0) == r.view(0), world.hand(1) == r.hand(1)
        (True, False)
        """
        if not isinstance(rng, random.Random):
            raise InvalidPositionError(f"invalid rng {rng!r:.80}: expected a random.Random")
        assert _SAMPLER is not None, "ginrummy.beliefs.worlds registers the sampler on import"
        # every view that exists is possible (made in play, or checked when made): its actions
        # are legal in any world drawn for it, so they are replayed without judging them again
        return _SAMPLER(self, rng, False)

    def __repr__(self) -> str:
        return (
            f"<PlayerView player={self.player} {self.rules.name} phase={self.phase.name} "
            f"to_act={self.to_act} hand={str(self.hand)!r}>"
        )

    def __str__(self) -> str:
        return view_picture(self)


def view_of(r: Round, player: int) -> PlayerView:
    """The view of ``r`` for ``player`` (see :meth:`ginrummy.Round.view`), built without the
    checks of the public constructor: the round is possible, so its view is."""
    opponent = 1 - player
    over = r.phase is Phase.OVER
    shown = r.knocker is not None  # from the knock on, both hands are shown
    opponent_cards = r.hands[opponent]
    mine = r.to_act == player
    state: dict[str, Any] = {
        "player": player,
        "rules": r.rules,
        "dealer": r.dealer,
        "phase": r.phase,
        "to_act": r.to_act,
        "hand": r.hands[player],
        "opponent_card_count": len(opponent_cards),
        "opponent_known": opponent_cards if shown else r.known[opponent],
        "opponent_hand": opponent_cards if shown else None,
        "discard_pile": r.discard_pile,
        "stock_size": len(r.stock),
        "initial_upcard": r.initial_upcard,
        "knock_limit": r.knock_limit,
        "taken": r.taken if mine else None,
        "legal_actions": r.legal_actions() if mine else (),
        "knocker": r.knocker,
        "spread": r.spread,
        "layoffs": r.layoffs,
        "knock_card": r.knock_card if over or r.knocker == player else None,
        "result": r.result,
        "turns": r.turns,
    }
    log: EventLog | None = r.__dict__["_log"]
    if log is None:
        state["events"] = ()
    else:
        state["_log"] = (log, over and r.knocker is not None)
    view = object.__new__(PlayerView)
    object.__setattr__(view, "__dict__", state)
    return view


def _censored(log: EventLog, player: int, knock_visible: bool) -> tuple[Event, ...]:
    """The events of ``log`` as ``player`` sees them (the knock shown once the round is over)."""
    if knock_visible:
        return tuple(censor(event, player, knock_visible=True) for event in log.events())
    return log.seen(player)
