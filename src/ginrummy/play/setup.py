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

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from ginrummy.cards import DECK, FULL_MASK, Card, Hand, _hand, to_mask
from ginrummy.dealing import HAND_SIZE, STOCK_AT_DEAL, check_deck, deal
from ginrummy.errors import GinRummyError, InvalidPositionError
from ginrummy.phase import Phase
from ginrummy.plurals import counted
from ginrummy.round_fields import RoundFields
from ginrummy.rules import Ruleset, check_rules
from ginrummy.validators import check_flag, check_int, check_player, check_seed

__all__ = [
    "POSITION_CHECKS",
    "at_deal",
    "check_deal",
    "check_position",
    "dealt_fields",
    "hand_sizes",
    "pile",
    "set_up",
]


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
) -> RoundFields:
    """The fields of a round at this position, read and checked (see the module docstring);
    the field ``dealt`` says whether the position is the deal.

    :raises InvalidPositionError: naming what is inconsistent.
    """
    checked_rules = check_rules(rules, InvalidPositionError)
    first_dealer: int = check_player(dealer, "dealer")
    acting: int = 1 - first_dealer if to_act is None else check_player(to_act, "to_act")
    if not isinstance(phase, Phase) or phase not in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
        raise _fail(
            f"phase {phase!r:.80} cannot be set up directly; use UPCARD_OFFER, DRAW or DISCARD and apply "
            "actions from there",
            "phase",
        )
    flag = check_flag(stock_only, "stock_only", InvalidPositionError, context="position")
    played = check_int(turns, "turns", InvalidPositionError, low=0, context="position")
    masks = _pair(hands, "hands")
    known_masks = (0, 0) if known is None else _pair(known, "known")
    stock_cards = pile(stock, "stock")
    pile_cards = pile(discard_pile, "discard_pile")
    upcard = _card(initial_upcard, "initial_upcard")
    taken_card = _card(taken, "taken")
    if upcard is None:
        if not pile_cards:
            raise _fail("no initial upcard and an empty discard pile", "initial_upcard")
        upcard = pile_cards[0]
    known_list = list(known_masks)
    if taken_card is not None:
        known_list[acting] |= taken_card.mask
    fields = RoundFields._new(
        rules=checked_rules,
        dealer=first_dealer,
        hands=(_hand(masks[0]), _hand(masks[1])),
        stock=stock_cards,
        discard_pile=pile_cards,
        initial_upcard=upcard,
        phase=phase,
        to_act=acting,
        taken=taken_card,
        stock_only=flag,
        known=(_hand(known_list[0]), _hand(known_list[1])),
        turns=played,
    )
    return _consistent(fields)


def set_up(fields: RoundFields) -> RoundFields:
    """``fields`` (a position before any knock: the notation's, a sampled world's) checked as
    :meth:`ginrummy.Round.from_position` checks its arguments.

    :raises InvalidPositionError: naming what is inconsistent.
    """
    return check_position(
        fields.rules,
        dealer=fields.dealer,
        hands=fields.hands,
        stock=fields.stock,
        discard_pile=fields.discard_pile,
        initial_upcard=fields.initial_upcard,
        phase=fields.phase,
        to_act=fields.to_act,
        taken=fields.taken,
        stock_only=fields.stock_only,
        turns=fields.turns,
        known=fields.known,
    )


def check_deal(rules: object, dealer: object, seed: object, deck: object) -> RoundFields:
    """The fields of a round dealt by ``dealer`` under ``rules`` from ``deck`` (the 52 cards,
    top first) or from :data:`~ginrummy.cards.DECK` shuffled by ``random.Random(seed)``.

    :raises InvalidPositionError: for a bad ruleset, dealer, seed, or a deck that is not the 52
        cards.
    """
    checked_rules = check_rules(rules, InvalidPositionError)
    first_dealer: int = check_player(dealer, "dealer")
    if deck is None:
        cards = list(DECK)
        random.Random(None if seed is None else check_seed(seed)).shuffle(cards)
    elif seed is not None:
        raise InvalidPositionError("give a seed or a deck, not both")
    else:
        cards = check_deck(deck)
    return dealt_fields(checked_rules, first_dealer, cards)


def dealt_fields(rules: Ruleset, dealer: int, cards: Sequence[Card]) -> RoundFields:
    """The fields of a round dealt by ``dealer`` from ``cards`` (the 52 cards, top first)."""
    hands, upcard, stock = deal(cards, dealer)
    return RoundFields._new(
        rules=rules,
        dealer=dealer,
        hands=hands,
        stock=stock,
        discard_pile=(upcard,),
        initial_upcard=upcard,
        phase=Phase.UPCARD_OFFER,
        to_act=1 - dealer,
        deck=tuple(cards),
        dealt=True,
    )


def _consistent(fields: RoundFields) -> RoundFields:
    """``fields``, a position set up before any knock, once every check of
    :data:`POSITION_CHECKS` passes, with ``dealt`` saying whether it is the deal.

    :raises InvalidPositionError: with the first check's reason, naming its field.
    """
    for check in POSITION_CHECKS:
        failure = check(fields)
        if failure is not None:
            raise _fail(*failure)
    new = fields._draft()
    new.dealt = at_deal(
        phase=fields.phase,
        dealer=fields.dealer,
        to_act=fields.to_act,
        pile_size=len(fields.discard_pile),
        stock_size=len(fields.stock),
        turns=fields.turns,
        known=False,
    )
    return new._sealed()


Reason = tuple[str, str]
"""Why a position is impossible, and the field that shows it."""


def _every_card_once(f: RoundFields) -> Reason | None:
    seen = 0
    places = (("hands[0]", f.hands[0].mask), ("hands[1]", f.hands[1].mask), ("stock", to_mask(f.stock)),
              ("discard_pile", to_mask(f.discard_pile)))  # fmt: skip
    for where, mask in places:
        if seen & mask:
            card = DECK[(seen & mask).bit_length() - 1]
            return f"card {str(card)!r} appears twice ({where})", where.split("[")[0]
        seen |= mask
    if seen != FULL_MASK:
        return f"cards missing: {str(Hand.from_mask(FULL_MASK & ~seen))!r}", "hands"
    return None


def _hand_sizes(f: RoundFields) -> Reason | None:
    sizes = (len(f.hands[0]), len(f.hands[1]))
    expected = hand_sizes(f.phase, f.to_act)
    if sizes == expected:
        return None
    return (
        f"hands hold {sizes[0]} and {sizes[1]} cards; phase {f.phase.name} with player {f.to_act} to act "
        f"needs {expected[0]} and {expected[1]}",
        "hands",
    )


def _upcard_not_in_stock(f: RoundFields) -> Reason | None:
    if f.initial_upcard not in f.stock:
        return None
    return (
        f"the initial upcard {str(f.initial_upcard)!r} is in the stock, but it was turned face up at "
        "the deal",
        "initial_upcard",
    )


def _dealt_piles(f: RoundFields) -> bool:
    """Whether the piles are those of the deal: the initial upcard alone on the pile, 31 cards
    in the stock."""
    return f.discard_pile == (f.initial_upcard,) and len(f.stock) == STOCK_AT_DEAL


def _upcard_offer_at_the_deal(f: RoundFields) -> Reason | None:
    if f.phase is not Phase.UPCARD_OFFER or _dealt_piles(f):
        return None
    return (
        "the upcard offer needs the initial upcard alone on the discard pile and 31 cards in the stock "
        f"(got pile {len(f.discard_pile)}, stock {len(f.stock)})",
        "discard_pile",
    )


def _piles_to_draw_from(f: RoundFields) -> Reason | None:
    if f.phase is not Phase.DRAW:
        return None
    if not f.discard_pile and not f.stock_only:
        return "an empty discard pile in phase DRAW", "discard_pile"
    dead = f.rules.dead_hand_stock
    if len(f.stock) <= dead:
        return (
            f"a stock of {counted(len(f.stock), 'card')} in phase DRAW; the round is dead at {dead}",
            "stock",
        )
    return None


def _stock_after_the_draw(f: RoundFields) -> Reason | None:
    # the card drawn left the stock; a taken card left the pile, so the stock is as it was
    # at the draw, which needs more than the dead-hand size
    if f.phase is not Phase.DISCARD:
        return None
    least = f.rules.dead_hand_stock + (1 if f.taken is not None else 0)
    if len(f.stock) >= least:
        return None
    return (
        f"a stock of {counted(len(f.stock), 'card')} in phase DISCARD"
        + (" after taking from the pile" if f.taken is not None else "")
        + f"; the round is dead at {f.rules.dead_hand_stock}",
        "stock",
    )


def _taken_card_held(f: RoundFields) -> Reason | None:
    taken = f.taken
    if taken is None:
        return None
    assert f.to_act is not None
    if f.phase is Phase.DISCARD and f.hands[f.to_act].mask & taken.mask:
        return None
    return f"taken card {str(taken)!r} must be in the hand of the player to act in phase DISCARD", "taken"


def _stock_only_after_both_pass(f: RoundFields) -> Reason | None:
    if not f.stock_only:
        return None
    if f.phase is not Phase.DRAW:
        return "stock_only applies only in phase DRAW", "stock_only"
    if f.to_act != 1 - f.dealer:
        return (
            f"stock_only binds only the non-dealer (player {1 - f.dealer}), who draws first after both pass",
            "stock_only",
        )
    if _dealt_piles(f):
        return None
    return (
        "stock_only follows both players passing the upcard, so the pile holds the upcard alone and "
        f"the stock 31 cards (got pile {len(f.discard_pile)}, stock {len(f.stock)})",
        "stock_only",
    )


def _turns_before_max(f: RoundFields) -> Reason | None:
    limit = f.rules.max_turns
    if limit is None or f.turns < limit:
        return None
    return f"{counted(f.turns, 'turn')} played, but the round is void at max_turns {limit}", "turns"


def _known_cards_held(f: RoundFields) -> Reason | None:
    for player in (0, 1):
        stray = f.known[player].mask & ~f.hands[player].mask
        if stray:
            return (
                f"player {player} is known to hold {str(Hand.from_mask(stray))!r}, not in its hand",
                "known",
            )
    if (f.known[0] or f.known[1]) and (f.phase is Phase.UPCARD_OFFER or f.stock_only):
        return "no card is known to be held before anyone took one from the pile", "known"
    return None


POSITION_CHECKS: Final[tuple[Callable[[RoundFields], Reason | None], ...]] = (
    _every_card_once,
    _hand_sizes,
    _upcard_not_in_stock,
    _upcard_offer_at_the_deal,
    _piles_to_draw_from,
    _stock_after_the_draw,
    _taken_card_held,
    _stock_only_after_both_pass,
    _turns_before_max,
    _known_cards_held,
)
"""The checks of a set-up position, in order: each says why the position is impossible (and
the field that shows it), or None."""
