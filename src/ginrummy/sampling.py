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
from ginrummy.cards import DECK, FULL_MASK, Card, Hand
from ginrummy.errors import InvalidPositionError
from ginrummy.events import Phase
from ginrummy.melds import Meld
from ginrummy.position import HAND_SIZE, STOCK_AT_DEAL
from ginrummy.round import Round
from ginrummy.views import PlayerView, set_sampler

__all__ = ["sample_round"]


def _fail(message: str, field: str = "events") -> InvalidPositionError:
    """The error for a view no round has; ``field`` names the view's field it shows in."""
    return InvalidPositionError(f"cannot sample this view: {message}", field=field)


def _original_spread(view: PlayerView) -> tuple[Meld, ...]:
    """The knocker's spread as shown, before the layoffs onto it."""
    laid: dict[int, int] = {}
    for card, index in view.layoffs:
        laid[index] = laid.get(index, 0) | card.mask
    return tuple(Meld._trusted(meld.mask & ~laid.get(i, 0), meld.kind) for i, meld in enumerate(view.spread))


class _Origin:
    """The public part of the round's origin, worked out backwards from the view."""

    def __init__(self, view: PlayerView) -> None:
        me = view.player
        self.hand = view.hand.mask  # the viewer's cards
        self.pile = list(view.discard_pile)
        self.stock = view.stock_size
        self.count = view.opponent_card_count
        self.turns = view.turns
        for event in reversed(view.events):
            action, card, player = event.action, event.card, event.player
            mine = player == me
            if isinstance(action, DrawStock):
                self.stock += 1
                if mine:
                    self._leave(card)
                else:
                    self.count -= 1
            elif isinstance(action, TakeDiscard):
                if card is None:
                    raise _fail(f"event {event.number} takes no card")
                self.pile.append(card)
                if mine:
                    self._leave(card)
                else:
                    self.count -= 1
            elif isinstance(action, Discard):
                if not self.pile or self.pile[-1] != action.card:
                    raise _fail(
                        f"event {event.number} discards {action.card}, not on the pile", "discard_pile"
                    )
                self.pile.pop()
                self.turns -= 1
                self._back(mine, action.card)
            elif isinstance(action, Knock) or (action is None and event.card is None):
                self.turns -= 1
                self._back(mine, action.card if isinstance(action, Knock) else None)
            elif isinstance(action, BigGin):
                self.turns -= 1
            elif isinstance(action, LayOff):
                self._back(mine, action.card)
        if self.turns < 0 or self.stock > STOCK_AT_DEAL or self.count < 0:
            raise _fail("its events do not add up")

    def _leave(self, card: Card | None) -> None:
        if card is None or not self.hand & card.mask:
            raise _fail(f"the viewer's card {card} is not in its hand", "hand")
        self.hand &= ~card.mask

    def _back(self, mine: bool, card: Card | None) -> None:
        if mine:
            assert card is not None
            self.hand |= card.mask
        else:
            self.count += 1


def sample_round(view: PlayerView, rng: random.Random) -> Round:
    """A round consistent with ``view``, drawn uniformly over what its player cannot see (see
    the module docstring).

    :raises InvalidPositionError: when the view cannot be the view of any round.
    """
    me, other = view.player, 1 - view.player
    events = view.events
    origin = _Origin(view)
    # ---- the opponent's slots, and the cards it showed with their deadlines
    draws: list[tuple[int, int]] = []  # (event index, player) of every stock draw, in order
    from_pile = 0  # the opponent's cards taken from the pile, while it holds them
    shown: dict[int, int] = {}  # card index -> deadline (event index) for cards from its slots
    known_at_origin = 0
    hidden_knock: int | None = None
    knock_at = next(
        (i for i, e in enumerate(events) if isinstance(e.action, (Knock, BigGin)) or e.action is None), None
    )
    pile_at_knock = 0  # the opponent's cards from the pile when the hands were laid down
    for index, event in enumerate(events):
        action, player = event.action, event.player
        if index == knock_at:
            pile_at_knock = from_pile
        if isinstance(action, DrawStock):
            draws.append((index, player))
            continue
        if player != other:
            continue
        if isinstance(action, TakeDiscard):
            assert event.card is not None
            from_pile |= event.card.mask
        elif isinstance(action, (Discard, Knock, LayOff)):
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
        first = events[0]
        to_act = first.player
        if isinstance(first.action, PassUpcard) or (
            isinstance(first.action, TakeDiscard)
            and origin.pile == [view.initial_upcard]
            and origin.stock == STOCK_AT_DEAL
            and origin.turns == 0
        ):
            phase = Phase.UPCARD_OFFER
        elif isinstance(first.action, (DrawStock, TakeDiscard)):
            phase = Phase.DRAW
        elif isinstance(first.action, (LayOff, EndLayoffs)):
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
            seen = events[index].card
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
    draw_cards = [events[index].card if player == me else next(drawn) for index, player in draws]
    stock = [*bottom, *reversed(draw_cards)]  # the first draw is the top card
    if hidden_knock is not None and knock_card is None:
        # the one opponent card from its slots never shown is the face-down knock card
        held = [card for card in slots if card.index not in shown]
        if len(held) != 1:
            raise _fail("the face-down knock card cannot be told")
        knock_card = held[0]
    hands = [Hand(), Hand()]
    hands[me] = Hand.from_mask(origin.hand)
    hands[other] = Hand(opponent_at_origin) | Hand.from_mask(known_at_origin)
    start = _start(view, origin, hands, stock, phase, to_act, known_at_origin)
    # ---- replay the view's actions
    spread = _original_spread(view)
    actions: list[Action] = []
    for event in events:
        if event.action is None:
            assert knock_card is not None
            actions.append(Knock(knock_card, spread))
        else:
            actions.append(event.action)
    return start.replay(actions)


def _start(
    view: PlayerView,
    origin: _Origin,
    hands: Sequence[Hand],
    stock: list[Card | None],
    phase: Phase,
    to_act: int | None,
    known_at_origin: int,
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
        order = [sorted(hands[first]), sorted(hands[view.dealer])]
        deck = [order[i % 2][i // 2] for i in range(2 * HAND_SIZE)]
        deck.append(upcard)
        deck.extend(reversed(cards))
        if Hand(deck).mask != FULL_MASK:  # pragma: no cover - the places above are disjoint
            raise _fail("the deck is not the 52 cards")
        return Round.deal(view.rules, view.dealer, deck=deck)
    taken = DECK[known_at_origin.bit_length() - 1] if known_at_origin else None
    if phase is Phase.DISCARD and taken is None and to_act == view.player and not view.events:
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
        stock_only=_stock_only(view, phase, to_act, origin),
        turns=origin.turns,
    )


def _stock_only(view: PlayerView, phase: Phase, to_act: int | None, origin: _Origin) -> bool:
    """Whether the set-up origin binds the non-dealer to the stock: when the view's legal
    actions at that very position say so (no event since), or never otherwise."""
    if view.events or phase is not Phase.DRAW or to_act != view.player:
        return False
    return (
        TakeDiscard() not in view.legal_actions and bool(view.discard_pile) and origin.stock == STOCK_AT_DEAL
    )


set_sampler(sample_round)
