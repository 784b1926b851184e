"""Worlds a player could be in: whole rounds consistent with a :class:`~ginrummy.PlayerView`.

:meth:`ginrummy.PlayerView.sample` draws a round, history included, whose view for the
viewer is the given view, uniformly over what the viewer cannot see: the opponent's unknown
cards, the stock's order and a face-down knock card. It depends only on the view and the
random number generator, never on the real round.

How it works
------------
The view's censored log is walked back to the round's origin (the deal, or the position a
round was set up at): the viewer's cards then, the discard pile, the stock's size. The
cards the viewer has no place for are the *hidden* ones. The opponent's cards come from
*slots*: its hand at the origin and each card it drew from the stock. Some cards the viewer
has seen came from those slots: each card the opponent discarded (or laid down at a knock)
without having taken it from the pile must have been in a slot filled before it was shown,
its *deadline*. The deadlines nest (a card shown later may sit in any slot an earlier one
may, and in more), so assigning the shown cards in order of deadline, each uniformly among the
slots still free, is uniform over all consistent assignments; the hidden cards are then
shuffled into the remaining slots and the rest of the stock. Every consistent world has the
same number of ways to place the hidden cards, so the whole draw is uniform. The world is
then replayed from its origin with the view's actions (a hidden knock gets the knock card
drawn for it), so the round's log and every field follow from the rules.

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
from ginrummy.errors import InvalidPositionError
from ginrummy.melds import Meld
from ginrummy.phase import Phase
from ginrummy.play.player_view import PlayerView, set_sampler
from ginrummy.play.round import Round
from ginrummy.play.setup import HAND_SIZE, STOCK_AT_DEAL

__all__ = ["sample_round"]


def _fail(message: str, field: str = "events") -> InvalidPositionError:
    """The error for a view no round has; ``field`` names the view's field it shows in."""
    return InvalidPositionError(f"cannot sample this view: {message}", field=field)


_Record = tuple[int, int, "Action | None", "Card | None"]
"""An event of the view's log as ``(number, player, action, card)``."""

_LAYING_DOWN = frozenset({Knock, BigGin, type(None)})
"""The kinds of action that lay the hands down (None: a knock hidden from the viewer)."""


def _original_spread(view: PlayerView) -> tuple[Meld, ...]:
    """The knocker's spread as shown, before the layoffs onto it."""
    laid: dict[int, int] = {}
    for card, index in view.layoffs:
        laid[index] = laid.get(index, 0) | card.mask
    return tuple(Meld._trusted(meld.mask & ~laid.get(i, 0), meld.kind) for i, meld in enumerate(view.spread))


class _Origin:
    """The public part of the round's origin, worked out backwards from the view."""

    def __init__(self, view: PlayerView, events: Sequence[_Record]) -> None:
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
                else:
                    hand |= action.card.mask
        if turns < 0 or stock > STOCK_AT_DEAL or count < 0:
            raise _fail("its events do not add up")
        self.hand, self.pile, self.stock, self.count, self.turns = hand, pile, stock, count, turns


def sample_round(view: PlayerView, rng: random.Random, checked: bool = True) -> Round:
    """A round consistent with ``view``, drawn uniformly over what its player cannot see (see
    the module docstring).

    :param checked: judge each of the view's actions as it is replayed (the view may be
        impossible: the check of :class:`~ginrummy.PlayerView`); False for a view known to be
        possible, whose actions are legal in any world drawn for it.
    :raises InvalidPositionError: when the view cannot be the view of any round.
    """
    me, other = view.player, 1 - view.player
    events = view._records()
    origin = _Origin(view, events)
    # ---- the opponent's slots, and the cards it showed with their deadlines
    draws: list[tuple[int, int]] = []  # (event index, player) of every stock draw, in order
    from_pile = 0  # the opponent's cards taken from the pile, while it holds them
    shown: dict[int, int] = {}  # card index -> deadline (event index) for cards from its slots
    known_at_origin = 0
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
        # cards the opponent is known to hold that no take in the log explains were taken at the
        # origin (a position set up in DISCARD with the opponent to act)
        known_at_origin = view.opponent_known.mask & ~from_pile
        if known_at_origin.bit_count() > 1:
            raise _fail("the opponent is known to hold cards it never took", "opponent_known")
    # ---- the origin's phase
    to_act: int | None
    if events:
        _, to_act, first, _ = events[0]
        if isinstance(first, PassUpcard) or (
            isinstance(first, TakeDiscard)
            and origin.pile == [view.initial_upcard]
            and origin.stock == STOCK_AT_DEAL
            and origin.turns == 0
        ):
            phase = Phase.UPCARD_OFFER
        elif isinstance(first, (DrawStock, TakeDiscard)):
            phase = Phase.DRAW
        elif isinstance(first, (LayOff, EndLayoffs)):
            raise _fail("its events begin after a knock")
        else:
            phase = Phase.DISCARD
    else:
        phase, to_act = view.phase, view.to_act
        if to_act is None:
            raise _fail("a finished round with no events")
    if known_at_origin and not (phase is Phase.DISCARD and to_act == other):
        raise _fail("the opponent is known to hold a card it never took", "opponent_known")
    upcard = view.initial_upcard
    if not (origin.hand | known_at_origin | sum(card.mask for card in origin.pile)) & upcard.mask:
        # a set-up origin after the initial upcard was taken: the opponent held it there
        shown[upcard.index] = 0
    # ---- slots: the opponent's hand at the origin (-1) and its stock draws (their event index)
    opponent_slots = [-1] * (origin.count - known_at_origin.bit_count())
    opponent_slots += [index for index, player in draws if player == other]
    if len(opponent_slots) < len(shown):
        raise _fail("the opponent showed more cards than it could hold")
    # assign the shown cards in order of deadline, each to a free slot filled before it
    slot_cards: list[int | None] = [None] * len(opponent_slots)
    order = sorted(range(len(opponent_slots)), key=lambda s: opponent_slots[s])
    for card_index, deadline in sorted(shown.items(), key=lambda item: item[1]):
        free = [s for s in order if opponent_slots[s] < deadline and slot_cards[s] is None]
        if not free:
            raise _fail(f"card {DECK[card_index]} was shown before the opponent could hold it")
        slot_cards[rng.choice(free)] = card_index
    # ---- the hidden cards fill the other slots and the rest of the stock
    places = [origin.hand, known_at_origin, *(card.mask for card in origin.pile), *(1 << c for c in shown)]
    for index, player in draws:
        if player == me:
            seen = events[index][3]
            if seen is None:
                raise _fail(f"the viewer's draw (event {index}) shows no card")
            places.append(seen.mask)
    placed = 0
    for mask in places:
        if placed & mask:
            raise _fail(f"card {DECK[(placed & mask).bit_length() - 1]} has two places")
        placed |= mask
    hidden = [card for card in DECK if not placed & card.mask]
    rng.shuffle(hidden)
    undrawn = origin.stock - len(draws)
    if len(hidden) != slot_cards.count(None) + undrawn:
        raise _fail(f"{len(hidden)} hidden cards for {slot_cards.count(None) + undrawn} hidden places")
    fill = iter(hidden)
    slots = [DECK[c] if c is not None else next(fill) for c in slot_cards]
    bottom = [next(fill) for _ in range(undrawn)]  # the stock never drawn, bottom to top
    # ---- the origin's cards
    opponent_at_origin = [slots[s] for s in range(len(opponent_slots)) if opponent_slots[s] == -1]
    drawn = iter(slots[s] for s in order if opponent_slots[s] >= 0)
    draw_cards = [events[index][3] if player == me else next(drawn) for index, player in draws]
    stock = [*bottom, *reversed(draw_cards)]  # the first draw is the top card
    if hidden_knock is not None and knock_card is None:
        # the one opponent card from its slots never shown is the face-down knock card
        held = [card for card in slots if card.index not in shown]
        if len(held) != 1:
            raise _fail("the face-down knock card cannot be told")
        knock_card = held[0]
    hands = [Hand(), Hand()]
    hands[me] = Hand.from_mask(origin.hand)
    hands[other] = Hand.from_mask(sum(card.mask for card in opponent_at_origin) | known_at_origin)
    start = _start(view, origin, hands, stock, phase, to_act, known_at_origin, bool(events))
    # ---- replay the view's actions
    spread = _original_spread(view)
    actions: list[Action] = []
    for _, _, action, _ in events:
        if action is None:
            assert knock_card is not None
            actions.append(Knock(knock_card, spread))
        else:
            actions.append(action)
    return start.replay(actions) if checked else start._replay_trusted(actions)


def _start(
    view: PlayerView,
    origin: _Origin,
    hands: Sequence[Hand],
    stock: list[Card | None],
    phase: Phase,
    to_act: int | None,
    known_at_origin: int,
    logged: bool,
) -> Round:
    """The round at the origin: dealt from a deck when it is the deal, else set up."""
    cards: list[Card] = [card for card in stock if card is not None]
    upcard = view.initial_upcard
    dealt = (
        phase is Phase.UPCARD_OFFER
        and to_act == 1 - view.dealer
        and origin.pile == [upcard]
        and len(cards) == STOCK_AT_DEAL
        and origin.turns == 0
        and not known_at_origin
    )
    if dealt:
        first = 1 - view.dealer
        order = [list(hands[first]), list(hands[view.dealer])]  # each hand in card order
        if len(order[0]) != HAND_SIZE or len(order[1]) != HAND_SIZE:
            raise _fail("its hands at the deal are not of 10 cards")
        # the hands, the upcard and the stock come from disjoint places: 52 cards
        deck = [order[i % 2][i // 2] for i in range(2 * HAND_SIZE)]
        deck.append(upcard)
        deck.extend(reversed(cards))
        return Round._dealt(view.rules, view.dealer, deck)
    taken = DECK[known_at_origin.bit_length() - 1] if known_at_origin else None
    if phase is Phase.DISCARD and taken is None and to_act == view.player and not logged:
        taken = view.taken
    return Round.from_position(
        view.rules,
        dealer=view.dealer,
        hands=(hands[0], hands[1]),
        stock=cards,
        discard_pile=origin.pile,
        initial_upcard=upcard,
        phase=phase,
        to_act=to_act,
        taken=taken,
        stock_only=_stock_only(view, phase, to_act, origin, logged),
        turns=origin.turns,
    )


def _stock_only(view: PlayerView, phase: Phase, to_act: int | None, origin: _Origin, logged: bool) -> bool:
    """Whether the set-up origin binds the non-dealer to the stock: when the view's legal
    actions at that very position say so (no event since), or never otherwise."""
    if logged or phase is not Phase.DRAW or to_act != view.player:
        return False
    return (
        TakeDiscard() not in view.legal_actions and bool(view.discard_pile) and origin.stock == STOCK_AT_DEAL
    )


set_sampler(sample_round)
