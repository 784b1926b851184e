"""The checks that make a set-up position possible (:meth:`ginrummy.Round.from_position`).

A position is possible when every card is in exactly one place, the hands hold the number of
cards the phase needs, the piles fit the phase (the upcard offer is the deal itself; a draw
needs a stock above the dead-hand size), the card taken this turn is the acting player's,
the cards each player is known to hold are in its hand, and the stock-only rule follows both
players passing. This module also says when a position *is the deal* (:func:`at_deal`).

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> try:
...     gr.Round.from_position(gr.PAGAT, dealer=0, hands=(r.hand(0), r.hand(1)), stock=r.stock,
...                            discard_pile=r.discard_pile, phase=gr.Phase.DRAW, to_act=0,
...                            stock_only=True)
... except gr.InvalidPositionError as exc:
...     print(exc)
invalid position: stock_only binds only the non-dealer (player 1), who draws first after both pass
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ginrummy.cards import DECK, FULL_MASK, Card, Hand, _hand, to_mask
from ginrummy.dealing import HAND_SIZE, STOCK_AT_DEAL
from ginrummy.errors import GinRummyError, InvalidPositionError
from ginrummy.phase import Phase
from ginrummy.plurals import counted
from ginrummy.rules import check_rules
from ginrummy.validators import check_flag, check_int, check_player

__all__ = ["at_deal", "check_position", "hand_sizes", "pile"]


def _fail(message: str, field: str | None = None) -> InvalidPositionError:
    return InvalidPositionError(f"invalid position: {message}", field=field)


def hand_sizes(phase: Phase, to_act: int | None) -> tuple[int, int]:
    """The cards each player holds before a knock: 10 each, 11 for the player to act in
    DISCARD."""
    sizes = [HAND_SIZE, HAND_SIZE]
    if phase is Phase.DISCARD and to_act is not None:
        sizes[to_act] += 1
    return sizes[0], sizes[1]


def at_deal(
    *, phase: Phase, dealer: int, to_act: int | None, pile_size: int, stock_size: int, turns: int, known: bool
) -> bool:
    """Whether a position is the deal itself: the non-dealer offered the initial upcard, alone
    on the pile, with 31 cards in the stock, no turn played and no card known."""
    return (
        phase is Phase.UPCARD_OFFER
        and to_act == 1 - dealer
        and pile_size == 1
        and stock_size == STOCK_AT_DEAL
        and turns == 0
        and not known
    )


def pile(cards: object, what: str) -> tuple[Card, ...]:
    """A pile in the order given (text keeps its order too), each card once."""
    try:
        if isinstance(cards, str):
            result = tuple(Card.parse(token) for token in cards.replace(",", " ").split())
        elif isinstance(cards, Iterable) and not isinstance(cards, bytes):
            result = tuple(cards)
        else:
            raise _fail(f"invalid {what} {cards!r:.80}: expected cards", what)
        to_mask(result, what=what)
    except InvalidPositionError:
        raise
    except GinRummyError as exc:
        raise _fail(str(exc), what) from None
    return result


def _card(value: object, what: str) -> Card | None:
    if value is None or isinstance(value, Card):
        return value
    if isinstance(value, str):
        try:
            return Card.parse(value)
        except GinRummyError as exc:
            raise _fail(f"{what}: {exc}", what) from None
    raise _fail(f"{what} {value!r:.80} is not a card", what)


def _pair(hands: object, what: str) -> tuple[int, int]:
    if isinstance(hands, (str, bytes)) or not isinstance(hands, (tuple, list)) or len(hands) != 2:
        raise _fail(f"{what} must be a pair of hands (got {hands!r:.80})", what)
    try:
        return to_mask(hands[0], what=f"{what}[0]"), to_mask(hands[1], what=f"{what}[1]")
    except GinRummyError as exc:
        raise _fail(str(exc), what) from None
    except TypeError:
        raise _fail(f"{what} must be a pair of hands (got {hands!r:.80})", what) from None


def check_position(
    rules: object,
    *,
    dealer: object,
    hands: object,
    stock: object,
    discard_pile: object,
    initial_upcard: object,
    phase: object,
    to_act: object,
    taken: object,
    stock_only: object,
    turns: object,
    known: object = None,
) -> dict[str, Any]:
    """The fields of a round at this position, checked (see the module docstring); the field
    ``dealt`` says whether the position is the deal.

    :raises InvalidPositionError: naming what is inconsistent.
    """
    rules = check_rules(rules, InvalidPositionError)
    first_dealer: int = check_player(dealer, "dealer")
    acting: int = 1 - first_dealer if to_act is None else check_player(to_act, "to_act")
    if not isinstance(phase, Phase) or phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
        raise _fail(
            f"phase {phase!r:.80} cannot be set up directly; use UPCARD_OFFER, DRAW or DISCARD and apply "
            "actions from there",
            "phase",
        )
    check_flag(stock_only, "stock_only", InvalidPositionError, context="position")
    played = check_int(turns, "turns", InvalidPositionError, low=0, context="position")
    masks = _pair(hands, "hands")
    known_masks = (0, 0) if known is None else _pair(known, "known")
    stock_cards = pile(stock, "stock")
    pile_cards = pile(discard_pile, "discard_pile")
    upcard = _card(initial_upcard, "initial_upcard")
    taken_card = _card(taken, "taken")
    seen = 0
    places = (("hands[0]", masks[0]), ("hands[1]", masks[1]), ("stock", to_mask(stock_cards)),
              ("discard_pile", to_mask(pile_cards)))  # fmt: skip
    for where, mask in places:
        if seen & mask:
            card = DECK[(seen & mask).bit_length() - 1]
            raise _fail(f"card {str(card)!r} appears twice ({where})", where.split("[")[0])
        seen |= mask
    if seen != FULL_MASK:
        raise _fail(f"cards missing: {str(Hand.from_mask(FULL_MASK & ~seen))!r}", "hands")
    sizes = (masks[0].bit_count(), masks[1].bit_count())
    expected = hand_sizes(phase, acting)
    if sizes != expected:
        raise _fail(
            f"hands hold {sizes[0]} and {sizes[1]} cards; phase {phase.name} with player {acting} to act "
            f"needs {expected[0]} and {expected[1]}",
            "hands",
        )
    if upcard is None:
        if not pile_cards:
            raise _fail("no initial upcard and an empty discard pile", "initial_upcard")
        upcard = pile_cards[0]
    if upcard in stock_cards:
        raise _fail(
            f"the initial upcard {str(upcard)!r} is in the stock, but it was turned face up at the deal",
            "initial_upcard",
        )
    dealt_pile = pile_cards == (upcard,) and len(stock_cards) == STOCK_AT_DEAL
    if phase is Phase.UPCARD_OFFER and not dealt_pile:
        raise _fail(
            "the upcard offer needs the initial upcard alone on the discard pile and 31 cards in the stock "
            f"(got pile {len(pile_cards)}, stock {len(stock_cards)})",
            "discard_pile",
        )
    if phase is Phase.DRAW:
        if not pile_cards and not stock_only:
            raise _fail("an empty discard pile in phase DRAW", "discard_pile")
        if len(stock_cards) <= rules.dead_hand_stock:
            raise _fail(
                f"a stock of {counted(len(stock_cards), 'card')} in phase DRAW; the round is dead at "
                f"{rules.dead_hand_stock}",
                "stock",
            )
    if phase is Phase.DISCARD:
        # the card drawn left the stock; a taken card left the pile, so the stock is as it was
        # at the draw, which needs more than the dead-hand size
        least = rules.dead_hand_stock + (1 if taken_card is not None else 0)
        if len(stock_cards) < least:
            raise _fail(
                f"a stock of {counted(len(stock_cards), 'card')} in phase DISCARD"
                + (" after taking from the pile" if taken_card is not None else "")
                + f"; the round is dead at {rules.dead_hand_stock}",
                "stock",
            )
    if taken_card is not None and (phase is not Phase.DISCARD or not masks[acting] & taken_card.mask):
        raise _fail(
            f"taken card {str(taken_card)!r} must be in the hand of the player to act in phase DISCARD",
            "taken",
        )
    if stock_only:
        if phase is not Phase.DRAW:
            raise _fail("stock_only applies only in phase DRAW", "stock_only")
        if acting != 1 - first_dealer:
            raise _fail(
                f"stock_only binds only the non-dealer (player {1 - first_dealer}), who draws first after "
                "both pass",
                "stock_only",
            )
        if not dealt_pile:
            raise _fail(
                "stock_only follows both players passing the upcard, so the pile holds the upcard alone and "
                f"the stock 31 cards (got pile {len(pile_cards)}, stock {len(stock_cards)})",
                "stock_only",
            )
    if rules.max_turns is not None and played >= rules.max_turns:
        raise _fail(
            f"{counted(played, 'turn')} played, but the round is void at max_turns {rules.max_turns}", "turns"
        )
    known_list = list(known_masks)
    if taken_card is not None:
        known_list[acting] |= taken_card.mask
    for player in (0, 1):
        if known_list[player] & ~masks[player]:
            stray = Hand.from_mask(known_list[player] & ~masks[player])
            raise _fail(f"player {player} is known to hold {str(stray)!r}, not in its hand", "known")
    if (known_list[0] or known_list[1]) and (phase is Phase.UPCARD_OFFER or stock_only):
        raise _fail("no card is known to be held before anyone took one from the pile", "known")
    return {
        "rules": rules,
        "dealer": first_dealer,
        "hands": (_hand(masks[0]), _hand(masks[1])),
        "stock": stock_cards,
        "discard_pile": pile_cards,
        "initial_upcard": upcard,
        "phase": phase,
        "to_act": acting,
        "taken": taken_card,
        "stock_only": stock_only,
        "known": (_hand(known_list[0]), _hand(known_list[1])),
        "turns": played,
        "dealt": at_deal(
            phase=phase,
            dealer=first_dealer,
            to_act=acting,
            pile_size=len(pile_cards),
            stock_size=len(stock_cards),
            turns=played,
            known=False,
        ),
    }
