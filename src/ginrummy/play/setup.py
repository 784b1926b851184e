"""The checks that make a set-up position possible (:meth:`ginrummy.Round.from_position`).

A position is possible when every card is in exactly one place, the hands hold the number of
cards the phase needs, the piles fit the phase (the upcard offer is the deal itself; a draw
needs a stock above the dead-hand size), the card taken this turn is the acting player's,
and the stock-only rule follows both players passing.

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
from ginrummy.errors import GinRummyError, InvalidPositionError
from ginrummy.phase import Phase
from ginrummy.rules import Ruleset

__all__ = ["HAND_SIZE", "check_player", "check_position", "check_rules", "pile"]

HAND_SIZE = 10
"""Cards dealt to each player."""

STOCK_AT_DEAL = 52 - 2 * HAND_SIZE - 1
"""The stock's size right after the deal (31)."""


def _fail(message: str) -> InvalidPositionError:
    return InvalidPositionError(f"invalid position: {message}")


def check_player(value: object, name: str) -> int:
    """``value`` as a player number, or an error naming ``name``."""
    if value not in (0, 1) or isinstance(value, bool) or not isinstance(value, int):
        raise InvalidPositionError(f"invalid {name} {value!r}: must be 0 or 1")
    return value


def check_rules(rules: object) -> Ruleset:
    """``rules`` if it is a ruleset."""
    if not isinstance(rules, Ruleset):
        raise InvalidPositionError(f"invalid rules {rules!r}: expected a Ruleset")
    return rules


def pile(cards: object, what: str) -> tuple[Card, ...]:
    """A pile in the order given (text keeps its order too), each card once."""
    try:
        if isinstance(cards, str):
            result = tuple(Card.parse(token) for token in cards.replace(",", " ").split())
        elif isinstance(cards, Iterable) and not isinstance(cards, bytes):
            result = tuple(cards)
        else:
            raise InvalidPositionError(f"invalid {what} {cards!r}: expected cards")
        to_mask(result, what=what)
    except InvalidPositionError:
        raise
    except GinRummyError as exc:
        raise _fail(str(exc)) from None
    return result


def _card(value: object, what: str) -> Card | None:
    if value is None or isinstance(value, Card):
        return value
    if isinstance(value, str):
        try:
            return Card.parse(value)
        except GinRummyError as exc:
            raise _fail(f"{what}: {exc}") from None
    raise _fail(f"{what} {value!r} is not a card")


def _hands(hands: object) -> tuple[int, int]:
    if isinstance(hands, (str, bytes)) or not isinstance(hands, (tuple, list)) or len(hands) != 2:
        raise _fail(f"hands must be a pair of hands (got {hands!r:.80})")
    try:
        return to_mask(hands[0], what="hands[0]"), to_mask(hands[1], what="hands[1]")
    except GinRummyError as exc:
        raise _fail(str(exc)) from None
    except TypeError:
        raise _fail(f"hands must be a pair of hands (got {hands!r:.80})") from None


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
) -> dict[str, Any]:
    """The fields of a round at this position, checked (see the module docstring).

    :raises InvalidPositionError: naming what is inconsistent.
    """
    rules = check_rules(rules)
    dealer = check_player(dealer, "dealer")
    to_act = 1 - dealer if to_act is None else check_player(to_act, "to_act")
    if not isinstance(phase, Phase) or phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
        raise _fail(
            f"phase {phase!r} cannot be set up directly; use UPCARD_OFFER, DRAW or DISCARD and apply "
            "actions from there"
        )
    if not isinstance(stock_only, bool):
        raise _fail(f"stock_only must be True or False (got {stock_only!r})")
    if not isinstance(turns, int) or isinstance(turns, bool) or turns < 0:
        raise _fail(f"turns must be an integer of at least 0 (got {turns!r:.80})")
    masks = _hands(hands)
    stock_cards = pile(stock, "stock")
    pile_cards = pile(discard_pile, "discard_pile")
    upcard = _card(initial_upcard, "initial upcard")
    taken_card = _card(taken, "taken card")
    seen = 0
    places = (("hands[0]", masks[0]), ("hands[1]", masks[1]), ("stock", to_mask(stock_cards)),
              ("discard_pile", to_mask(pile_cards)))  # fmt: skip
    for where, mask in places:
        if seen & mask:
            card = DECK[(seen & mask).bit_length() - 1]
            raise _fail(f"card {str(card)!r} appears twice ({where})")
        seen |= mask
    if seen != FULL_MASK:
        raise _fail(f"cards missing: {str(Hand.from_mask(FULL_MASK & ~seen))!r}")
    sizes = [masks[0].bit_count(), masks[1].bit_count()]
    expected = [HAND_SIZE, HAND_SIZE]
    if phase is Phase.DISCARD:
        expected[to_act] += 1
    if sizes != expected:
        raise _fail(
            f"hands hold {sizes[0]} and {sizes[1]} cards; phase {phase.name} with player {to_act} to act "
            f"needs {expected[0]} and {expected[1]}"
        )
    if upcard is None:
        if not pile_cards:
            raise _fail("no initial upcard and an empty discard pile")
        upcard = pile_cards[0]
    if upcard in stock_cards:
        raise _fail(
            f"the initial upcard {str(upcard)!r} is in the stock, but it was turned face up at the deal"
        )
    dealt = pile_cards == (upcard,) and len(stock_cards) == STOCK_AT_DEAL
    if phase is Phase.UPCARD_OFFER and not dealt:
        raise _fail(
            "the upcard offer needs the initial upcard alone on the discard pile and 31 cards in the stock "
            f"(got pile {len(pile_cards)}, stock {len(stock_cards)})"
        )
    if phase is Phase.DRAW:
        if not pile_cards and not stock_only:
            raise _fail("an empty discard pile in phase DRAW")
        if len(stock_cards) <= rules.dead_hand_stock:
            raise _fail(
                f"a stock of {len(stock_cards)} cards in phase DRAW; the round is dead at "
                f"{rules.dead_hand_stock}"
            )
    if phase is Phase.DISCARD:
        # the card drawn left the stock; a taken card left the pile, so the stock is as it was
        # at the draw, which needs more than the dead-hand size
        least = rules.dead_hand_stock + (1 if taken_card is not None else 0)
        if len(stock_cards) < least:
            raise _fail(
                f"a stock of {len(stock_cards)} cards in phase DISCARD"
                + (" after taking from the pile" if taken_card is not None else "")
                + f"; the round is dead at {rules.dead_hand_stock}"
            )
    if taken_card is not None and (phase is not Phase.DISCARD or not masks[to_act] & taken_card.mask):
        raise _fail(
            f"taken card {str(taken_card)!r} must be in the hand of the player to act in phase DISCARD"
        )
    if stock_only:
        if phase is not Phase.DRAW:
            raise _fail("stock_only applies only in phase DRAW")
        if to_act != 1 - dealer:
            raise _fail(
                f"stock_only binds only the non-dealer (player {1 - dealer}), who draws first after both pass"
            )
        if not dealt:
            raise _fail(
                "stock_only follows both players passing the upcard, so the pile holds the upcard alone and "
                f"the stock 31 cards (got pile {len(pile_cards)}, stock {len(stock_cards)})"
            )
    if rules.max_turns is not None and turns >= rules.max_turns:
        raise _fail(f"{turns} turns played, but the round is void at max_turns {rules.max_turns}")
    known = [Hand(), Hand()]
    if taken_card is not None:
        known[to_act] = _hand(taken_card.mask)
    return {
        "rules": rules,
        "dealer": dealer,
        "hands": (_hand(masks[0]), _hand(masks[1])),
        "stock": stock_cards,
        "discard_pile": pile_cards,
        "initial_upcard": upcard,
        "phase": phase,
        "to_act": to_act,
        "taken": taken_card,
        "stock_only": stock_only,
        "known": (known[0], known[1]),
        "turns": turns,
    }
