"""Worlds a player could be in: the hidden cards and history of a round consistent with a view.

:meth:`ginrummy.PlayerView.sample` draws a round, history included, whose view for the
viewer is the given view, uniformly over what the viewer cannot see: the opponent's unknown
cards, the stock's order and a face-down knock card. It depends only on the view and the
random number generator, never on the real round. This module draws the :class:`World` (how
the round began and the actions since); the round replays it.

How it works
------------
The view's censored log is walked back to the round's origin (the deal, or the position a
round was set up at, as the view's ``dealt`` says): the viewer's cards then, the discard
pile, the stock's size. The cards the viewer has no place for are the *hidden* ones. The
opponent's cards come from *slots*: its hand at the origin and each card it drew from the
stock. Some cards the viewer has seen came from those slots: each card the opponent discarded
(or laid down at a knock) without having taken it from the pile must have been in a slot
filled before it was shown, its *deadline*. The deadlines nest (a card shown later may sit in
any slot an earlier one may, and in more), so assigning the shown cards in order of deadline,
each uniformly among the slots still free, is uniform over all consistent assignments; the
hidden cards are then shuffled into the remaining slots and the rest of the stock. Every
consistent world has the same number of ways to place the hidden cards, so the whole draw is
uniform.

>>> import random
>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard()).apply(gr.PassUpcard())
>>> world = r.view(0).sample(random.Random(1))
>>> world.view(0) == r.view(0), world.hand(0) == r.hand(0)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

import attrs

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
)
from ginrummy.cards import DECK, Card, Hand
from ginrummy.dealing import HAND_SIZE, STOCK_AT_DEAL, deck_of
from ginrummy.errors import InvalidPositionError
from ginrummy.melds import Meld, spread_before_layoffs
from ginrummy.phase import Phase
from ginrummy.results.round_result import RoundResult
from ginrummy.round_fields import RoundFields
from ginrummy.rules import Ruleset

__all__ = ["Layout", "Record", "ViewFacts", "World", "draw_world"]

Record = tuple[int, int, "Action | None", "Card | None"]
"""An event of a view's censored log: ``(number, player, action, card)``; the action is None
for the opponent's face-down knock, the card None for the opponent's stock draws."""


class ViewFacts(Protocol):
    """What the sampler, the beliefs and the text pictures read of a view. It is a protocol
    because the view, :class:`ginrummy.PlayerView`, is a type of ``play``, above this package;
    a view is not a round, so it is not the round's record
    (:class:`~ginrummy.round_fields.RoundFields`)."""

    @property
    def player(self) -> int: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def knock_limit(self) -> int: ...
    @property
    def known_cards(self) -> Hand: ...
    @property
    def knock_card(self) -> Card | None: ...
    @property
    def result(self) -> RoundResult | None: ...
    @property
    def dealer(self) -> int: ...
    @property
    def dealt(self) -> bool: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def hand(self) -> Hand: ...
    @property
    def opponent_card_count(self) -> int: ...
    @property
    def opponent_known(self) -> Hand: ...
    @property
    def opponent_hand(self) -> Hand | None: ...
    @property
    def discard_pile(self) -> tuple[Card, ...]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def initial_upcard(self) -> Card: ...
    @property
    def taken(self) -> Card | None: ...
    @property
    def legal_actions(self) -> tuple[Action, ...]: ...
    @property
    def knocker(self) -> int | None: ...
    @property
    def spread(self) -> tuple[Meld, ...]: ...
    @property
    def layoffs(self) -> tuple[tuple[Card, int], ...]: ...
    @property
    def turns(self) -> int: ...


@attrs.frozen
class World:
    """A round drawn for a view: how it began, and the actions since.

    Exactly one of ``deck`` (a dealt round: the 52 cards, top first) and ``position`` (the
    fields of a position set up, as :meth:`ginrummy.Round.from_position` takes them, to be
    checked as it checks them) is given.
    """

    dealer: int
    """The dealer."""
    deck: tuple[Card, ...] | None
    """The deck of a dealt round, top first."""
    position: RoundFields | None
    """The set-up position of a round that was not dealt."""
    actions: tuple[Action, ...]
    """The actions since the origin, a face-down knock with its card drawn."""


def _fail(message: str, field: str = "events") -> InvalidPositionError:
    """The error for a view no round has; ``field`` names the view's field it shows in."""
    return InvalidPositionError(f"cannot sample this view: {message}", field=field)


_LAYING_DOWN = frozenset({Knock, BigGin, type(None)})
"""The kinds of action that lay the hands down (None: a knock hidden from the viewer)."""


class _Origin:
    """The public part of the round's origin, worked out backwards from the view."""

    def __init__(self, view: ViewFacts, events: Sequence[Record]) -> None:
        me = view.player
        hand = view.hand.mask  # the viewer's cards
        pile = list(view.discard_pile)
        stock, count, turns = view.stock_size, view.opponent_card_count, view.turns
        for number, player, action, card in reversed(events):
            kind = type(action)
            mine = player == me
            if kind is DrawStock or kind is TakeDiscard:
                if kind is DrawStock:
                    stock += 1
                elif card is None:
                    raise _fail(f"event {number} takes no card")
                else:
                    pile.append(card)
                if not mine:
                    count -= 1
                elif card is None or not hand & card.mask:
                    raise _fail(f"the viewer's card {card} is not in its hand", "hand")
                else:
                    hand &= ~card.mask
                continue
            if kind is Discard:
                assert isinstance(action, Discard)
                if not pile or pile[-1].index != action.card.index:
                    raise _fail(f"event {number} discards {action.card}, not on the pile", "discard_pile")
                pile.pop()
            if kind is Discard or kind is Knock or (action is None and card is None) or kind is BigGin:
                turns -= 1
            if kind is Discard or kind is Knock or kind is LayOff or action is None:
                if not mine:
                    count += 1
                elif not isinstance(action, (Discard, Knock, LayOff)):
                    raise _fail(f"event {number} hides the viewer's own knock")
                elif hand & action.card.mask:
                    raise _fail(f"event {number} plays {action.card}, still in the viewer's hand", "hand")
                else:
                    hand |= action.card.mask
        if turns < 0 or stock > STOCK_AT_DEAL or count < 0:
            raise _fail("its events do not add up")
        self.hand, self.pile, self.stock, self.count, self.turns = hand, pile, stock, count, turns

    def looks_dealt(self, upcard: Card) -> bool:
        """Whether the piles and turns are those of the deal."""
        return self.pile == [upcard] and self.stock == STOCK_AT_DEAL and self.turns == 0


def _origin_phase(view: ViewFacts, origin: _Origin, events: Sequence[Record]) -> tuple[Phase, int | None]:
    """The phase and the player to act at the origin."""
    if view.dealt:
        first = 1 - view.dealer
        if not origin.looks_dealt(view.initial_upcard):
            raise _fail(
                f"a dealt round begins with the initial upcard {view.initial_upcard} alone on the pile, "
                f"31 cards in the stock and no turn played (its events leave pile {len(origin.pile)}, stock "
                f"{origin.stock}, turns {origin.turns})"
            )
        if events and (events[0][1] != first or not isinstance(events[0][2], (PassUpcard, TakeDiscard))):
            raise _fail(f"a dealt round begins with player {first} answering the upcard offer")
        return Phase.UPCARD_OFFER, first
    if not events:
        return view.phase, view.to_act
    _, to_act, action, _ = events[0]
    if isinstance(action, PassUpcard):
        return Phase.UPCARD_OFFER, to_act
    if isinstance(action, (DrawStock, TakeDiscard)):
        return Phase.DRAW, to_act
    if isinstance(action, (LayOff, EndLayoffs)):
        raise _fail("its events begin after a knock")
    return Phase.DISCARD, to_act


def draw_world(view: ViewFacts, events: Sequence[Record], rng: random.Random) -> World:
    """A world consistent with ``view`` (whose censored log is ``events``), drawn uniformly over
    what its player cannot see (see the module docstring).

    :raises InvalidPositionError: when the view cannot be the view of any round, naming the
        view's field where that shows.
    """
    return Layout(view, events).draw(rng)


class Layout:
    """What every world of a view shares: the round's origin, the opponent's *slots* (its hand
    at the origin, -1, and each of its stock draws, by event index), the cards it showed with
    their deadlines, and the *hidden* cards that fill the other slots and the undrawn stock.
    A world is an assignment of cards to slots (:meth:`world`); :meth:`draw` draws one
    uniformly.

    :raises InvalidPositionError: when no round has the view.
    """

    def __init__(self, view: ViewFacts, events: Sequence[Record]) -> None:
        me, other = view.player, 1 - view.player
        origin = _Origin(view, events)
        # ---- the opponent's slots, and the cards it showed with their deadlines
        draws, from_pile, shown, hidden_knock, knock_at, pile_at_knock = _scan(events, other)
        knock_card, known_at_origin = _laid_down(
            view, events, knock_at, pile_at_knock, from_pile, hidden_knock, shown
        )
        phase, to_act = _origin_phase(view, origin, events)
        if to_act is None:
            raise _fail("a finished round with no events", "phase")
        upcard = view.initial_upcard
        if not (origin.hand | known_at_origin | sum(card.mask for card in origin.pile)) & upcard.mask:
            # a set-up origin after the initial upcard was taken: the opponent held it there
            shown[upcard.index] = 0
        # ---- slots: the opponent's hand at the origin (-1) and its stock draws (their event index)
        slots = [-1] * (origin.count - known_at_origin.bit_count())
        slots += [index for index, player in draws if player == other]
        if len(slots) < len(shown):
            raise _fail("the opponent showed more cards than it could hold")
        order = _check_deadlines(slots, shown)
        places = [
            origin.hand,
            known_at_origin,
            *(card.mask for card in origin.pile),
            *(1 << c for c in shown),
        ]
        for index, player in draws:
            if player == me:
                seen = events[index][3]
                if seen is None:
                    raise _fail(f"the viewer's draw (event {index}) shows no card")
                places.append(seen.mask)
        self.hidden = _hidden(places)
        self.undrawn = origin.stock - len(draws)
        open_slots = len(slots) - len(shown)
        if self.undrawn < 0 or len(self.hidden) != open_slots + self.undrawn:
            raise _fail(
                f"{len(self.hidden)} hidden cards for {open_slots + max(self.undrawn, 0)} hidden places"
            )
        if hidden_knock is not None and knock_card is None and open_slots != 1:
            raise _fail("the face-down knock card cannot be told")
        self.view, self.events, self.origin = view, events, origin
        self.me, self.other = me, other
        self.draws, self.slots, self.order, self.shown = draws, slots, order, shown
        self.known_at_origin, self.knock_card, self.hidden_knock = known_at_origin, knock_card, hidden_knock
        self.phase, self.to_act = phase, to_act

    def draw(self, rng: random.Random) -> World:
        """A world drawn uniformly (see :meth:`assignment`)."""
        return self.world(*self.assignment(rng))

    def assignment(self, rng: random.Random) -> tuple[list[Card], list[Card]]:
        """The cards of the slots and of the undrawn stock (bottom to top) of a world drawn
        uniformly: each shown card, in order of deadline, in a free slot filled before it
        (uniformly among them), and the hidden cards shuffled into the rest."""
        slot_cards: list[int | None] = [None] * len(self.slots)
        for card_index, deadline in sorted(self.shown.items(), key=lambda item: item[1]):
            free = [s for s in self.order if self.slots[s] < deadline and slot_cards[s] is None]
            slot_cards[rng.choice(free)] = card_index
        hidden = list(self.hidden)
        rng.shuffle(hidden)
        fill = iter(hidden)
        return [DECK[c] if c is not None else next(fill) for c in slot_cards], list(fill)

    def world(self, slot_cards: Sequence[Card], stock: Sequence[Card]) -> World:
        """The world with ``slot_cards`` in the opponent's slots and ``stock`` (bottom to top)
        the cards never drawn."""
        view, events, origin, me, other = self.view, self.events, self.origin, self.me, self.other
        slots = self.slots
        # ---- the origin's cards
        opponent_at_origin = [slot_cards[s] for s in range(len(slots)) if slots[s] == -1]
        drawn = iter(slot_cards[s] for s in self.order if slots[s] >= 0)
        draw_cards = [events[index][3] if player == me else next(drawn) for index, player in self.draws]
        stock_cards = [
            card for card in (*stock, *reversed(draw_cards)) if card is not None
        ]  # first draw on top
        knock_card = self.knock_card
        if self.hidden_knock is not None and knock_card is None:
            # the one opponent card from its slots never shown is the face-down knock card
            knock_card = next(card for card in slot_cards if card.index not in self.shown)
        hands = [Hand(), Hand()]
        hands[me] = Hand.from_mask(origin.hand)
        hands[other] = Hand.from_mask(sum(card.mask for card in opponent_at_origin) | self.known_at_origin)
        # ---- the view's actions, a hidden knock with its card
        spread = spread_before_layoffs(view.spread, view.layoffs)
        actions: list[Action] = []
        for _, _, action, _ in events:
            if action is None:
                assert knock_card is not None
                actions.append(Knock(knock_card, spread))
            else:
                actions.append(action)
        upcard = view.initial_upcard
        if view.dealt:
            if len(hands[0]) != HAND_SIZE or len(hands[1]) != HAND_SIZE:
                raise _fail("its hands at the deal are not of 10 cards", "hand")
            return World(
                view.dealer, tuple(deck_of(hands, upcard, stock_cards, view.dealer)), None, tuple(actions)
            )
        phase, to_act = self.phase, self.to_act
        taken = view.taken if phase is Phase.DISCARD and to_act == me and not events else None
        known = [Hand(), Hand()]
        known[other] = Hand.from_mask(self.known_at_origin)
        position = RoundFields._new(
            rules=view.rules,
            dealer=view.dealer,
            hands=(hands[0], hands[1]),
            stock=tuple(stock_cards),
            discard_pile=tuple(origin.pile),
            initial_upcard=upcard,
            phase=phase,
            to_act=to_act,
            taken=taken,
            stock_only=_stock_only(view, phase, to_act, origin, bool(events)),
            turns=origin.turns,
            known=(known[0], known[1]),
        )
        return World(view.dealer, None, position, tuple(actions))


def _scan(
    events: Sequence[Record], other: int
) -> tuple[list[tuple[int, int]], int, dict[int, int], int | None, int | None, int]:
    """What the log says of the opponent's cards: every stock draw ``(event index, player)``,
    the cards it holds from the pile at the end, the cards it showed from its slots with their
    deadlines (card index to event index), its hidden knock's event index, the event that laid
    the hands down, and the opponent's cards from the pile at that moment."""
    draws: list[tuple[int, int]] = []  # (event index, player) of every stock draw, in order
    from_pile = 0  # the opponent's cards taken from the pile, while it holds them
    shown: dict[int, int] = {}  # card index -> deadline (event index) for cards from its slots
    hidden_knock: int | None = None
    knock_at = next((i for i, e in enumerate(events) if type(e[2]) in _LAYING_DOWN), None)
    pile_at_knock = 0  # the opponent's cards from the pile when the hands were laid down
    for index, (_, player, action, taken_card) in enumerate(events):
        if index == knock_at:
            pile_at_knock = from_pile
        kind = type(action)
        if kind is DrawStock:
            draws.append((index, player))
            continue
        if player != other:
            continue
        if kind is TakeDiscard:
            assert taken_card is not None
            from_pile |= taken_card.mask
        elif kind is Discard or kind is Knock or kind is LayOff:
            assert isinstance(action, (Discard, Knock, LayOff))
            card = action.card
            if from_pile & card.mask:
                from_pile &= ~card.mask
            elif card.index not in shown:
                shown[card.index] = index
        elif action is None:
            hidden_knock = index
    if knock_at is None:
        pile_at_knock = from_pile
    return draws, from_pile, shown, hidden_knock, knock_at, pile_at_knock


def _check_deadlines(slots: list[int], shown: dict[int, int]) -> list[int]:
    """The slots in the order they are filled, once every shown card is found a slot filled
    before its deadline.

    :raises InvalidPositionError: for a card shown before the opponent could hold it.
    """
    order = sorted(range(len(slots)), key=lambda s: slots[s])
    taken_slots: set[int] = set()
    for card_index, deadline in sorted(shown.items(), key=lambda item: item[1]):
        # a shown card sits in a slot filled before it was shown; filling the earliest free
        # slot first proves that every shown card can have one
        free = next((s for s in order if slots[s] < deadline and s not in taken_slots), None)
        if free is None:
            raise _fail(f"card {DECK[card_index]} was shown before the opponent could hold it")
        taken_slots.add(free)
    return order


def _hidden(places: Sequence[int]) -> list[Card]:
    """The cards in none of ``places`` (masks of the cards whose place the viewer knows).

    :raises InvalidPositionError: for a card in two places.
    """
    placed = 0
    for mask in places:
        if placed & mask:
            raise _fail(f"card {DECK[(placed & mask).bit_length() - 1]} has two places")
        placed |= mask
    return [card for card in DECK if not placed & card.mask]


def _laid_down(
    view: ViewFacts,
    events: Sequence[Record],
    knock_at: int | None,
    pile_at_knock: int,
    from_pile: int,
    hidden_knock: int | None,
    shown: dict[int, int],
) -> tuple[Card | None, int]:
    """The opponent's face-down knock card when the view tells it, and the cards it was known
    to hold at the origin; the cards it laid down at a knock join ``shown``.

    :raises InvalidPositionError: for a dealt round whose opponent holds cards it never took.
    """
    me = view.player
    known_at_origin = 0
    knock_card: Card | None = None
    if view.opponent_hand is not None:
        # at a knock both hands are laid down: the opponent's cards are shown from that moment
        at = len(events) if knock_at is None else knock_at
        laid_by_opponent = sum(c.mask for c, _ in view.layoffs) if view.knocker == me else 0
        at_knock = view.opponent_hand.mask | laid_by_opponent
        for card in Hand.from_mask(at_knock & ~pile_at_knock):
            shown.setdefault(card.index, at)
        missing = pile_at_knock & ~at_knock
        if hidden_knock is not None and missing:
            # a card the opponent took from the pile and did not lay down is its knock card
            knock_card = DECK[missing.bit_length() - 1]
    else:
        # cards the opponent is known to hold that no take in the log explains were known at
        # the origin (a position set up after the opponent took them)
        known_at_origin = view.opponent_known.mask & ~from_pile
        if known_at_origin and view.dealt:
            raise _fail("the opponent is known to hold cards it never took", "opponent_known")
    return knock_card, known_at_origin


def _stock_only(view: ViewFacts, phase: Phase, to_act: int | None, origin: _Origin, logged: bool) -> bool:
    """Whether the set-up origin binds the non-dealer to the stock: when the view's legal
    actions at that very position say so (no event since), or never otherwise."""
    if logged or phase is not Phase.DRAW or to_act != view.player:
        return False
    return (
        TakeDiscard() not in view.legal_actions and bool(view.discard_pile) and origin.stock == STOCK_AT_DEAL
    )
