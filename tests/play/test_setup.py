"""Set-up positions (``ginrummy.play.setup``): what ``Round.from_position`` accepts, what it
refuses, and how it says so.

An error names the value and the reason (docs/design.md, "Errors") and its ``field`` names the
argument at fault, so a front end can point at it; these tests pin both, whole, for every check
of ``check_position`` (mutants that changed a message or a field survived the substring tests
of the last section), and the positions the mutation session found untested: piles given as
text, the default player to act when player 1 deals, a turn count at ``max_turns`` or below 0,
an empty discard pile in DRAW. The last section refuses inconsistent positions and positions no
play reaches, and accepts those play can reach.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import ginrummy as gr
from ginrummy.play.setup import at_deal, hand_sizes
from positions import card, cards, hand, illegal_reason, layout

DRAW, DISCARD, OFFER = gr.Phase.DRAW, gr.Phase.DISCARD, gr.Phase.UPCARD_OFFER

HANDS = ("Jc Qc Kc 8c 8d 8s 4d 4h 6s Js", "Ac 2c 3c 9s 9d 9h 5h 6h 7h As")
"""Ten cards each."""
ELEVEN = ("Jc Qc Kc 8c 8d 8s 4d 4h 6s Js", "Ac 2c 3c 9s 9d 9h 5h 6h 7h As Kd")
"""Player 1 holds eleven: a DISCARD position with player 1 to act."""


_LAYOUT = frozenset(
    {"hands", "discard", "stock_top", "stock_size", "dealer", "phase", "to_act", "taken", "stock_only",
     "initial_upcard"}
)  # fmt: skip
"""The arguments of :func:`positions.layout`."""


def args(**changes: Any) -> dict[str, Any]:
    """The arguments of a DRAW position (player 1 to act, Tc on the pile), with ``changes``."""
    kwargs = layout(**{"hands": HANDS, "discard": "Tc", **{k: v for k, v in changes.items() if k in _LAYOUT}})
    kwargs.update({k: v for k, v in changes.items() if k not in _LAYOUT})
    return kwargs


def refusal(rules: gr.Ruleset = gr.PAGAT, **kwargs: Any) -> tuple[str, str | None]:
    """The message and field of the error ``from_position`` raises for ``kwargs``."""
    with pytest.raises(gr.InvalidPositionError) as info:
        gr.Round.from_position(rules, **kwargs)
    return str(info.value), info.value.field


# ------------------------------------------------------------------------ what is accepted


def test_piles_given_as_text_keep_the_order_written() -> None:
    """The stock and the discard pile may be written as text (commas or spaces), bottom to top;
    the order written is the order of the pile (text is not a hand, which would sort it)."""
    base = layout(hands=HANDS, discard="Tc 5c")
    stock = " ".join(str(c) for c in base["stock"])
    r = gr.Round.from_position(gr.PAGAT, dealer=0, hands=HANDS, stock=stock, discard_pile="Tc, 5c")
    assert (tuple(base["stock"]), cards("Tc 5c")) == (r.stock, r.discard_pile)
    assert (card("5c"), card("Tc")) == (r.upcard, r.initial_upcard)


def test_the_non_dealer_acts_by_default_whoever_deals() -> None:
    """``to_act`` defaults to the non-dealer: player 0 when player 1 deals."""
    r = gr.Round.from_position(gr.PAGAT, **{**args(dealer=1), "to_act": None})
    assert (1, 0) == (r.dealer, r.to_act)


def test_the_turns_played_are_kept() -> None:
    """``turns`` is the number of turns already played (it counts toward ``max_turns``)."""
    rules = gr.PAGAT.evolve(max_turns=8)
    r = gr.Round.from_position(rules, **args(turns=7))
    assert 7 == r.turns
    r = r.apply(gr.DrawStock()).apply(gr.Discard(r.stock[-1]))
    assert r.result is not None and gr.Outcome.VOID is r.result.outcome


def test_a_position_at_the_deal_says_so() -> None:
    """A position is the deal when the non-dealer is offered the initial upcard, alone on the
    pile, with 31 cards in the stock, no turn played and no card known."""
    dealt: dict[str, Any] = {
        "phase": OFFER, "dealer": 0, "to_act": 1, "pile_size": 1, "stock_size": 31, "turns": 0, "known": False
    }  # fmt: skip
    assert at_deal(**dealt)
    changes = [
        ("phase", DRAW),
        ("to_act", 0),
        ("pile_size", 2),
        ("stock_size", 30),
        ("turns", 1),
        ("known", True),
    ]
    for name, value in changes:
        assert not at_deal(**{**dealt, name: value}), name
    assert at_deal(**{**dealt, "dealer": 1, "to_act": 0})


def test_hand_sizes_before_a_knock() -> None:
    """Ten cards each, and eleven for the player to act in DISCARD."""
    assert (10, 10) == hand_sizes(DRAW, 1)
    assert (11, 10) == hand_sizes(DISCARD, 0)
    assert (10, 11) == hand_sizes(DISCARD, 1)
    assert (10, 10) == hand_sizes(OFFER, 0)


# ------------------------------------------------------------------------ what is refused, and how


def test_a_turn_count_at_max_turns_is_refused() -> None:
    """A round is void once ``max_turns`` turns are played, so no position has that many (the
    check accepted ``turns == max_turns``)."""
    rules = gr.PAGAT.evolve(max_turns=6)
    assert ("invalid position: 6 turns played, but the round is void at max_turns 6", "turns") == refusal(
        rules, **args(turns=6)
    )
    assert 5 == gr.Round.from_position(rules, **args(turns=5)).turns


@pytest.mark.parametrize("turns", [-1, True, "3"])
def test_a_turn_count_that_is_not_a_count_is_refused(turns: object) -> None:
    """``turns`` is an integer of at least 0."""
    assert (
        f"invalid position: 'turns' must be an integer of at least 0 (got {turns!r})",
        "turns",
    ) == refusal(**args(turns=turns))


def test_an_empty_discard_pile_in_draw_is_refused() -> None:
    """A draw follows a discard or both passes of the upcard, so the pile holds a card: a
    position in DRAW with an empty pile (the initial upcard held by player 1) is refused."""
    base = args()
    base["stock"] = [*base["discard_pile"], *base["stock"]]
    base["discard_pile"] = []
    base["initial_upcard"] = card("Ac")
    assert ("invalid position: an empty discard pile in phase DRAW", "discard_pile") == refusal(**base)


def test_no_initial_upcard_and_no_pile_is_refused() -> None:
    """Without ``initial_upcard`` the bottom of the pile is taken for it; with neither, the
    position is refused, naming the initial upcard."""
    base = args()
    base["stock"] = [*base["discard_pile"], *base["stock"]]
    base["discard_pile"] = []
    base["initial_upcard"] = None
    assert ("invalid position: no initial upcard and an empty discard pile", "initial_upcard") == refusal(
        **base
    )


@pytest.mark.parametrize(
    ("changes", "message", "field"),
    [
        (
            {"phase": gr.Phase.LAYOFF},
            "phase <Phase.LAYOFF: 'layoff'> cannot be set up directly; use "
            "UPCARD_OFFER, DRAW or DISCARD and apply actions from there",
            "phase",
        ),
        (
            {"phase": "draw"},
            "phase 'draw' cannot be set up directly; use UPCARD_OFFER, DRAW or DISCARD and "
            "apply actions from there",
            "phase",
        ),
        ({"stock_size": 2}, "a stock of 2 cards in phase DRAW; the round is dead at 2", "stock"),
        (
            {"stock_only": True, "stock_size": 30},
            "stock_only follows both players passing the upcard, so the pile holds the upcard alone and the "
            "stock 31 cards (got pile 2, stock 30)",
            "stock_only",
        ),
        (
            {"stock_only": True, "to_act": 0},
            "stock_only binds only the non-dealer (player 1), who draws first after both pass",
            "stock_only",
        ),
        (
            {"stock_only": True, "to_act": 1, "dealer": 1},
            "stock_only binds only the non-dealer (player 0), who draws first after both pass",
            "stock_only",
        ),
        (
            {"stock_only": True, "hands": ELEVEN, "phase": DISCARD},
            "stock_only applies only in phase DRAW",
            "stock_only",
        ),
        (
            {"phase": OFFER, "stock_size": 30},
            "the upcard offer needs the initial upcard alone on the discard "
            "pile and 31 cards in the stock (got pile 2, stock 30)",
            "discard_pile",
        ),
        (
            {"taken": "Ac"},
            "taken card 'Ac' must be in the hand of the player to act in phase DISCARD",
            "taken",
        ),
        ({"known": ("Ac", "")}, "player 0 is known to hold 'Ac', not in its hand", "known"),
        (
            {"known": ("", "Ac"), "phase": OFFER, "stock_size": 31},
            "no card is known to be held before anyone took one from the pile",
            "known",
        ),
        (
            {"known": ("Jc", ""), "stock_only": True, "stock_size": 31},
            "no card is known to be held before anyone took one from the pile",
            "known",
        ),
        (
            {"hands": ("Jc Qc Kc 8c 8d 8s 4d 4h 6s", HANDS[1])},
            "hands hold 9 and 10 cards; phase DRAW with player 1 to act needs 10 and 10",
            "hands",
        ),
        (
            {"hands": ELEVEN, "to_act": 0, "phase": DISCARD},
            "hands hold 10 and 11 cards; phase DISCARD with player 0 to act needs 11 and 10",
            "hands",
        ),
    ],
    ids=[
        "phase-layoff",
        "phase-text",
        "stock-dead",
        "stock-only-short-stock",
        "stock-only-dealer",
        "stock-only-dealer-1",
        "stock-only-discard",
        "offer-short-stock",
        "taken-outside-discard",
        "known-not-held",
        "known-at-the-offer",
        "known-stock-only",
        "hand-sizes",
        "hand-sizes-discard",
    ],
)
def test_each_check_names_its_reason_and_field(changes: dict[str, Any], message: str, field: str) -> None:
    """Every refusal of ``check_position`` reads ``invalid position: <reason>`` and its
    ``field`` is the argument at fault."""
    assert (f"invalid position: {message}", field) == refusal(**args(**changes))


def test_a_small_stock_after_taking_from_the_pile_is_refused() -> None:
    """A card taken from the pile leaves the stock as it was at the draw, above the dead-hand
    size: with 2 cards left the last plain discard ended the round."""
    base = args(hands=(HANDS[0], HANDS[1] + " Tc"), discard="5c Tc", stock_size=2, phase=DISCARD)
    base["discard_pile"] = base["discard_pile"][:-1]
    base["taken"] = "Tc"
    base["initial_upcard"] = "5c"
    assert (
        "invalid position: a stock of 2 cards in phase DISCARD after taking from the pile; the round is "
        "dead at 2",
        "stock",
    ) == refusal(**base)


def test_a_small_stock_after_drawing_is_refused() -> None:
    """Drawing the card that leaves 2 in the stock is a position play reaches; a stock of 1 in
    DISCARD after a draw is not."""
    ok = args(hands=ELEVEN, phase=DISCARD, stock_size=2)
    assert 2 == len(gr.Round.from_position(gr.PAGAT, **ok).stock)
    base = args(hands=ELEVEN, phase=DISCARD, stock_size=1)
    assert (
        "invalid position: a stock of 1 card in phase DISCARD; the round is dead at 2",
        "stock",
    ) == refusal(**base)


@pytest.mark.parametrize(
    ("place", "message", "field"),
    [
        ("stock", "card 'Ac' appears twice (stock)", "stock"),
        ("discard_pile", "card 'Ac' appears twice (discard_pile)", "discard_pile"),
        ("hands", "card 'Ac' appears twice (hands[1])", "hands"),
    ],
)
def test_a_card_in_two_places_is_refused_naming_the_second(place: str, message: str, field: str) -> None:
    """Every card is in exactly one place; the error names the card and the second place."""
    base = args()
    if place == "hands":
        base["hands"] = ((hand(HANDS[0]) - hand("Jc")) | hand("Ac"), hand(HANDS[1]))
    elif place == "stock":
        base["stock"] = [*base["stock"][:-1], card("Ac")]
    else:
        base["discard_pile"] = [*base["discard_pile"], card("Ac")]
    assert (f"invalid position: {message}", field) == refusal(**base)


def test_a_missing_card_is_refused_naming_it() -> None:
    """The 52 cards are all placed."""
    base = args()
    missing = base["stock"].pop(0)
    assert (f"invalid position: cards missing: '{missing}'", "hands") == refusal(**base)


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("stock", 7, "invalid stock 7: expected cards"),
        ("discard_pile", b"Tc", "invalid discard_pile b'Tc': expected cards"),
        ("stock", "Tc Zz", "invalid card 'Zz'"),
        ("initial_upcard", 5, "initial_upcard 5 is not a card"),
        ("initial_upcard", "Zz", "initial_upcard: invalid card 'Zz'"),
        ("taken", 5, "taken 5 is not a card"),
        ("hands", "Ac 2c", "hands must be a pair of hands (got 'Ac 2c')"),
        ("hands", ("Ac", "2c", "3c"), "hands must be a pair of hands (got ('Ac', '2c', '3c'))"),
        ("known", ["Ac"], "known must be a pair of hands (got ['Ac'])"),
    ],
)
def test_values_of_the_wrong_kind_are_refused_naming_the_argument(
    name: str, value: object, message: str
) -> None:
    """A pile that is not cards, a card that is not one, hands that are not a pair: refused as
    an invalid position whose field is the argument."""
    text, field = refusal(**{**args(), name: value})
    assert text.startswith(f"invalid position: {message}"), text
    assert name == field


def test_a_card_given_twice_within_one_argument_is_refused_naming_it() -> None:
    """A hand or a pile that holds a card twice is refused before the cards are counted, the
    message naming the argument (``hands[0]``, ``hands[1]``, the pile) and the card."""
    base = args()
    ac = card("Ac")
    twice = [ac, *hand(HANDS[0]), ac]
    for name, value, message in [
        ("hands", (twice, HANDS[1]), "invalid hands[0]: card 'Ac' appears twice"),
        ("hands", (HANDS[0], twice), "invalid hands[1]: card 'Ac' appears twice"),
        ("stock", [*base["stock"], ac, ac], "invalid stock: card 'Ac' appears twice"),
        ("discard_pile", [ac, ac], "invalid discard_pile: card 'Ac' appears twice"),
        ("stock", [5], "invalid stock: 5 is not a Card"),
    ]:
        assert (f"invalid position: {message}", name) == refusal(**{**base, name: value})


def test_hands_that_are_not_a_pair_are_refused() -> None:
    """``hands`` is a pair: a string, even of two characters, is not; neither is a pair whose
    hand cannot be read."""

    class Unreadable:
        def __iter__(self) -> Any:
            raise TypeError("not today")

    base = args()
    for value in ["Ac", b"Ac", ("Ac",), (Unreadable(), HANDS[1])]:
        assert (f"invalid position: hands must be a pair of hands (got {value!r:.80})", "hands") == refusal(
            **{**base, "hands": value}
        )


def test_a_flag_that_is_not_a_bool_is_refused() -> None:
    """``stock_only`` is True or False."""
    assert ("invalid position: 'stock_only' must be True or False (got 1)", "stock_only") == refusal(
        **args(stock_only=1)
    )


def test_the_initial_upcard_in_the_stock_is_refused() -> None:
    """The initial upcard was turned face up at the deal: it is never back in the stock."""
    base = args()
    base["initial_upcard"] = base["stock"][0]
    assert (
        f"invalid position: the initial upcard '{base['stock'][0]}' is in the stock, but it was turned face "
        "up at the deal",
        "initial_upcard",
    ) == refusal(**base)


def test_the_stock_only_rule_needs_the_initial_upcard_alone_on_the_pile() -> None:
    """Both passed the upcard: the pile holds that card alone. A pile of one other card (the
    initial upcard taken earlier) with 31 in the stock is no such position."""
    base = args(stock_only=True, stock_size=31, initial_upcard="Ac")
    assert (
        "invalid position: stock_only follows both players passing the upcard, so the pile holds the upcard "
        "alone and the stock 31 cards (got pile 1, stock 31)",
        "stock_only",
    ) == refusal(**base)


# ------------------------------------------------------- inconsistent and unreachable positions

BASE: dict[str, Any] = {"hands": HANDS, "discard": "Tc"}
"""A DRAW position, player 1 to act with Tc on the pile."""


def spoiled(change: Callable[[dict[str, Any]], None], **kwargs: Any) -> dict[str, Any]:
    """The arguments of a valid position (BASE updated by ``kwargs``), changed by ``change``."""
    args = layout(**{**BASE, **kwargs})
    change(args)
    return args


def _move_stock_top_to_hand(args: dict[str, Any]) -> None:
    top = args["stock"].pop()
    args["hands"] = (args["hands"][0], args["hands"][1] | gr.Hand([top]))


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (spoiled(lambda a: a["stock"].pop(0)), "cards missing: '4c'"),
        (spoiled(lambda a: a["stock"].append(card("Ac"))), "card 'Ac' appears twice"),
        (spoiled(_move_stock_top_to_hand), "hands hold 10 and 11 cards; phase DRAW"),
        (spoiled(lambda a: None, phase=DISCARD), "hands hold 10 and 10 cards; phase DISCARD with player 1"),
        (
            spoiled(_move_stock_top_to_hand, phase=DISCARD, to_act=0),
            "phase DISCARD with player 0 to act needs 11 and 10",
        ),
        (spoiled(lambda a: None, stock_size=2), "a stock of 2 cards in phase DRAW"),
        (
            spoiled(lambda a: None, phase=gr.Phase.UPCARD_OFFER, stock_size=30),
            "the upcard offer needs the initial upcard alone on the discard pile and 31 cards in the stock",
        ),
        (
            spoiled(_move_stock_top_to_hand, phase=DISCARD, taken="Kd"),
            "taken card 'Kd' must be in the hand of the player to act",
        ),
        (spoiled(lambda a: None, taken="Ac"), "taken card 'Ac' must be in the hand"),
        (spoiled(lambda a: None, phase=gr.Phase.LAYOFF), "phase <Phase.LAYOFF: 'layoff'> cannot be set up"),
        (spoiled(lambda a: None, phase=gr.Phase.OVER), "cannot be set up directly"),
        (spoiled(lambda a: None, dealer=2), "invalid dealer 2: must be 0 or 1"),
        (spoiled(lambda a: None, to_act=3), "invalid to_act 3: must be 0 or 1"),
        (spoiled(_move_stock_top_to_hand, phase=DISCARD, stock_only=True), "stock_only applies only"),
    ],
    ids=[
        "card-missing",
        "card-twice",
        "eleven-cards-in-draw",
        "ten-cards-in-discard",
        "eleven-cards-for-the-wrong-player",
        "stock-too-small",
        "offer-with-a-short-stock",
        "taken-not-in-hand",
        "taken-outside-discard",
        "phase-layoff",
        "phase-over",
        "bad-dealer",
        "bad-to-act",
        "stock-only-outside-draw",
    ],
)
def test_from_position_rejects_an_inconsistent_position(args: dict[str, Any], reason: str) -> None:
    """API: from_position rejects an inconsistent position with gr.InvalidPositionError, saying
    what is wrong: a card missing or twice, hand sizes, pile sizes, the taken card, the phase."""
    with pytest.raises(gr.InvalidPositionError) as info:
        gr.Round.from_position(gr.PAGAT, **args)
    assert reason in str(info.value)


def _take_top_of_pile(args: dict[str, Any]) -> None:
    top = args["discard_pile"].pop()
    args["hands"] = (args["hands"][0], args["hands"][1] | gr.Hand([top]))
    args["taken"] = top


def test_from_position_accepts_the_positions_play_can_reach() -> None:
    """API: ``from_position``: any position that play can reach: a DISCARD with the stock at
    the dead-hand size (the player just drew the card leaving 2), the upcard just taken."""
    r = gr.Round.from_position(gr.PAGAT, **spoiled(_move_stock_top_to_hand, phase=DISCARD, stock_size=3))
    assert (2, DISCARD, 11) == (len(r.stock), r.phase, len(r.hand(1)))
    taken = gr.Round.from_position(gr.PAGAT, **spoiled(_take_top_of_pile, phase=DISCARD))
    assert (card("Tc"), (), card("Tc")) == (taken.taken, taken.discard_pile, taken.initial_upcard)
    assert "card 'Tc' was taken from the discard pile this turn" in illegal_reason(taken, "d Tc")


def test_from_position_rejects_positions_play_cannot_reach() -> None:
    """``from_position`` refuses what no play reaches: the stock-only rule binding the dealer
    (only the non-dealer draws first after both pass), a card taken from the pile while the
    stock is at the dead-hand size (the last plain discard would have killed the round), and a
    ``stock_only`` that is no bool (it was stored as ``1`` and the round could not be read back
    from its JSON)."""
    dealt = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    at_deal: dict[str, Any] = {
        "dealer": 0,
        "hands": dealt.hands,
        "stock": dealt.stock,
        "discard_pile": dealt.discard_pile,
    }
    with pytest.raises(gr.InvalidPositionError, match="stock_only binds only the non-dealer"):
        gr.Round.from_position(gr.PAGAT, **at_deal, phase=gr.Phase.DRAW, to_act=0, stock_only=True)
    assert gr.Round.from_position(
        gr.PAGAT, **at_deal, phase=gr.Phase.DRAW, to_act=1, stock_only=True
    ).stock_only
    with pytest.raises(gr.InvalidPositionError, match="'stock_only' must be True or False"):
        gr.Round.from_position(gr.PAGAT, **at_deal, phase=gr.Phase.DRAW, to_act=1, stock_only=1)  # type: ignore[arg-type]
    with pytest.raises(gr.InvalidPositionError, match="a stock of 2 cards in phase DISCARD after taking"):
        gr.Round.from_position(gr.PAGAT, **spoiled(_take_top_of_pile, phase=DISCARD, stock_size=2))
    drawn = gr.Round.from_position(gr.PAGAT, **spoiled(_move_stock_top_to_hand, phase=DISCARD, stock_size=3))
    assert 2 == len(drawn.stock)  # drawing the card that leaves 2 is a position play reaches


def test_from_position_rejects_an_initial_upcard_in_the_stock() -> None:
    """docs/rules.rst §2: the initial upcard is turned face up from the deck; it can be in a hand or on the
    discard pile, never back in the stock."""
    args = layout(**BASE)
    with pytest.raises(gr.InvalidPositionError):
        gr.Round.from_position(gr.PAGAT, **{**args, "initial_upcard": args["stock"][-1]})
