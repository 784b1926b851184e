"""The round state machine, one test per rule of docs/rules.rst §2 to §6 (``ginrummy.play.round``).

Each test builds a scripted position with :mod:`positions` and quotes the rule it pins. Hands are
written as text; in the knock tests player 1 is the knocker (the non-dealer, to act with eleven
cards) and player 0 the defender.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from hypothesis_share import examples
from positions import card, choose_action, hand, illegal_reason, meld, play, position, snapshot

DISCARD = gr.Phase.DISCARD
LAYOFF = gr.Phase.LAYOFF

KNOCKER = "4h 5h 6h 9c 9d 9s Ad 2d 3d 7s Qs"
"""Player 1's eleven cards in the knock tests: knocking with Qs leaves 7s, deadwood 7."""
KNOCK = "k Qs / 4h 5h 6h / 9c 9d 9s / Ad 2d 3d"
"""The knock that shows meld 0 = 4h 5h 6h, meld 1 = 9c 9d 9s, meld 2 = Ad 2d 3d."""

SEED_000 = "Ac 2c 3c 4c Jc Jd Jh Js 3s 5h 9d"
"""Seed 000's example after drawing: two melds and deadwood cards 3, 5 and 9."""
SEED_000_DEFENDER = "Kc Kd Kh 8c 8d 8s 2h 3h 6s 7s"

MELDED_10 = "Ac 2c 3c 9s 9d 9h 5h 6h 7h"
"""Nine melded cards: add one card for a ten-card hand whose deadwood is that card."""
MELDED_DEFENDER = "Jc Qc Kc 8c 8d 8s 4d 4h 6s Js"
"""A defender for MELDED_10 hands: deadwood 4 + 4 + 6 + 10 = 24, and it can lay off 4h."""

BIG_GIN_HAND = "Ac 2c 3c 4c 9d 9h 9s 5h 6h 7h 8h"
"""Eleven cards that all meld."""
BIG_GIN_MELDS = ("Ac 2c 3c 4c", "9d 9h 9s", "5h 6h 7h 8h")
"""The melds of BIG_GIN_HAND."""
BIG_GIN_OVERLAP = "2c 3c 4c"
"""A meld of BIG_GIN_HAND that shares cards with its first meld."""


def knock_position(
    defender: str, rules: gr.Ruleset = gr.PAGAT, *, knocker: str = KNOCKER, discard: str = "Jh"
) -> gr.Round:
    """Player 1 to act with eleven cards (``knocker``), player 0 holding ``defender``."""
    return position(rules, hands=(defender, knocker), discard=discard, phase=DISCARD, to_act=1)


def knocked(defender: str, rules: gr.Ruleset = gr.PAGAT, *, discard: str = "Jh") -> gr.Round:
    """The round after player 1 knocks with Qs showing meld 0 = 4h 5h 6h, meld 1 = 9c 9d 9s,
    meld 2 = Ad 2d 3d (deadwood 7s = 7)."""
    return play(knock_position(defender, rules, discard=discard), KNOCK)


def action(text: str) -> gr.Action:
    """The action written ``text``."""
    return gr.parse_action(text)


def result_of(r: gr.Round) -> gr.RoundResult:
    """The result of a round that is over."""
    assert r.result is not None, f"{r!r} is not over"
    return r.result


def seed_000() -> gr.Round:
    """Seed 000's example: player 1 holds SEED_000 after drawing."""
    return knock_position(SEED_000_DEFENDER, knocker=SEED_000, discard="Qd")


# ---------------------------------------------------------------------------------------- the deal


def test_deal_gives_ten_cards_each_an_upcard_and_a_stock_of_31() -> None:
    """docs/rules.rst §2: «The dealer deals 10 cards to each player, turns the next card face up to start
    the discard pile (the initial upcard), and leaves the rest face down as the stock (31
    cards).»"""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=3)
    assert (10, 10) == (len(r.hand(0)), len(r.hand(1)))
    assert 31 == len(r.stock)
    assert (r.initial_upcard,) == r.discard_pile
    assert 52 == len(set(r.hand(0)) | set(r.hand(1)) | set(r.stock) | set(r.discard_pile))
    assert gr.Phase.UPCARD_OFFER == r.phase


@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_alternates_cards_starting_with_the_non_dealer(dealer: int) -> None:
    """docs/rules.rst §2 and API: ``deck=`` gives the cards top first; the deal goes one card at a time,
    the non-dealer first, then the upcard, and the stock's top is the next card of the deck."""
    deck = gr.DECK
    r = gr.Round.deal(gr.PAGAT, dealer=dealer, deck=deck)
    assert gr.Hand(deck[0:20:2]) == r.hand(1 - dealer)
    assert gr.Hand(deck[1:20:2]) == r.hand(dealer)
    assert deck[20] == r.initial_upcard
    assert tuple(reversed(deck[21:])) == r.stock
    assert deck[21] == r.stock[-1]
    assert 1 - dealer == r.to_act
    assert deck == r.deck


def test_deal_with_the_same_seed_is_the_same_deal() -> None:
    """API: ``Round.deal(rules, dealer, seed)`` is reproducible: the same seed deals the same
    cards, another seed (here) deals others."""
    assert gr.Round.deal(gr.PAGAT, dealer=1, seed=42) == gr.Round.deal(gr.PAGAT, dealer=1, seed=42)
    assert gr.Round.deal(gr.PAGAT, dealer=1, seed=42).deck != gr.Round.deal(gr.PAGAT, dealer=1, seed=43).deck


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({"deck": gr.DECK[:51]}, "missing 'Ks'"),
        ({"deck": (*gr.DECK[:51], gr.DECK[0])}, "'Ac' appears twice"),
        ({"deck": gr.DECK, "seed": 1}, "give a seed or a deck, not both"),
        ({"dealer": 2, "seed": 1}, "invalid dealer 2"),
    ],
)
def test_deal_rejects_a_deck_that_is_not_the_52_cards(kwargs: dict[str, Any], reason: str) -> None:
    """API: a deal needs the 52 cards (or a seed) and a dealer 0 or 1; anything else raises
    InvalidPositionError saying why."""
    kwargs.setdefault("dealer", 0)
    with pytest.raises(gr.InvalidPositionError, match=reason):
        gr.Round.deal(gr.PAGAT, **kwargs)


# ------------------------------------------------------------------------ the first-turn offer

OFFER_HANDS = ("Ac 3c 5c 7c 9c Jc Kc 2d 4d 6d", "Ah 3h 5h 7h 9h Jh Kh 2s 4s 6s")


def offer(rules: gr.Ruleset = gr.PAGAT, *, upcard: str = "Qd") -> gr.Round:
    """The first-turn upcard offer: dealer 0, the stock's top 8s."""
    return position(rules, hands=OFFER_HANDS, discard=upcard, stock_top="8s", phase=gr.Phase.UPCARD_OFFER)


def test_upcard_is_offered_to_the_non_dealer_first_then_the_dealer() -> None:
    """docs/rules.rst §2: «the non-dealer may take the upcard or pass. If the non-dealer passes, the dealer
    may take it or pass.»"""
    r = offer()
    assert (1, (gr.TakeDiscard(), gr.PassUpcard())) == (r.to_act, r.legal_actions())
    r = play(r, "p")
    assert gr.Phase.UPCARD_OFFER == r.phase
    assert (0, (gr.TakeDiscard(), gr.PassUpcard())) == (r.to_act, r.legal_actions())


def test_upcard_offer_allows_only_taking_or_passing() -> None:
    """docs/rules.rst §2: on the first turn the choice is the upcard or a pass; the stock is not drawn."""
    assert "the upcard offer allows only taking or passing" in illegal_reason(offer(), "s")


def test_non_dealer_takes_the_upcard_discards_then_the_dealer_draws() -> None:
    """docs/rules.rst §2: «Whoever takes it then discards and play continues normally with the other
    player.»"""
    r = play(offer(), "t")
    assert (DISCARD, 1, card("Qd")) == (r.phase, r.to_act, r.taken)
    assert card("Qd") in r.hand(1)
    r = play(r, "d Ah")
    assert (gr.Phase.DRAW, 0) == (r.phase, r.to_act)
    assert (gr.DrawStock(), gr.TakeDiscard()) == r.legal_actions()
    assert card("Ah") == r.upcard


def test_dealer_takes_the_upcard_after_a_pass_discards_then_the_non_dealer_draws() -> None:
    """docs/rules.rst §2: after the non-dealer passes, the dealer may take the upcard; it discards and the
    non-dealer plays next, from either pile."""
    r = play(offer(), "p", "t")
    assert (DISCARD, 0, card("Qd")) == (r.phase, r.to_act, r.taken)
    r = play(r, "d Ac")
    assert (gr.Phase.DRAW, 1) == (r.phase, r.to_act)
    assert (gr.DrawStock(), gr.TakeDiscard()) == r.legal_actions()


def test_both_pass_then_the_non_dealer_draws_from_the_stock_only() -> None:
    """docs/rules.rst §2: «If both pass, the non-dealer takes a normal turn, drawing from the stock only
    (``after_both_pass = STOCK_ONLY``, seed 001: el no repartidor roba mazo)» (pagat)."""
    r = play(offer(gr.PAGAT), "p", "p")
    assert (gr.Phase.DRAW, 1) == (r.phase, r.to_act)
    assert (gr.DrawStock(),) == r.legal_actions()
    assert "must draw from the stock" in illegal_reason(r, "t")
    r = play(r, "s")
    assert card("8s") in r.hand(1)


def test_both_pass_then_the_non_dealer_takes_a_normal_turn() -> None:
    """docs/rules.rst §2: «or from either pile (``NORMAL_TURN``: seed 000 says literally «el primer jugador
    toma su turno normalmente»)» (spanish-site); the upcard it takes may not be discarded."""
    r = play(offer(gr.SPANISH_SITE), "p", "p")
    assert (gr.Phase.DRAW, 1) == (r.phase, r.to_act)
    assert (gr.DrawStock(), gr.TakeDiscard()) == r.legal_actions()
    r = play(r, "t")
    assert card("Qd") == r.taken
    assert not r.is_legal(gr.Discard(card("Qd")))


# ------------------------------------------------------------------------------ a normal turn

TAKER = MELDED_10 + " As"
"""Deadwood As = 1: with Kd taken from the pile, knocking with Kd would be gin-like cheap."""


def took_kd(rules: gr.Ruleset = gr.PAGAT) -> gr.Round:
    """Player 1 holding TAKER has just taken Kd from the discard pile."""
    r = position(rules, hands=(MELDED_DEFENDER, TAKER), discard="Tc Kd")
    return play(r, "t")


def test_card_taken_from_the_pile_may_not_be_discarded_that_turn() -> None:
    """docs/rules.rst §3: «A card taken from the discard pile (the upcard included) may not be discarded in
    the same turn» (``may_discard_taken_card = False``)."""
    r = took_kd()
    assert card("Kd") == r.taken
    assert gr.Discard(card("Kd")) not in r.legal_actions()
    assert "card 'Kd' was taken from the discard pile this turn" in illegal_reason(r, "d Kd")
    assert r.is_legal(gr.Discard(card("As")))


@pytest.mark.parametrize("passes", [0, 1], ids=["non-dealer", "dealer"])
def test_upcard_taken_on_the_first_turn_may_not_be_discarded(passes: int) -> None:
    """docs/rules.rst §3: «A card taken from the discard pile (the upcard included) may not be discarded in
    the same turn», whoever takes the upcard."""
    r = play(offer(), *["p"] * passes, "t")
    assert "card 'Qd' was taken from the discard pile this turn" in illegal_reason(r, "d Qd")
    assert gr.Discard(card("Qd")) not in r.legal_actions()


def test_card_taken_from_the_pile_may_not_be_the_knock_card() -> None:
    """docs/rules.rst §3: the taken card may not be discarded «neither as the discard nor as the knock
    card»: knocking with Kd would leave 1, but only the knock with As (leaving Kd, 10) is
    legal."""
    r = took_kd()
    assert "card 'Kd' was taken from the discard pile this turn" in illegal_reason(r, "k Kd")
    assert [gr.Knock(card("As"))] == [a for a in r.legal_actions() if isinstance(a, gr.Knock)]


def test_may_discard_taken_card_allows_discarding_and_knocking_with_it() -> None:
    """docs/rules.rst §8: ``may_discard_taken_card`` lifts the rule: the taken card may be discarded or be
    the knock card."""
    r = took_kd(gr.PAGAT.evolve(may_discard_taken_card=True))
    assert r.is_legal(gr.Discard(card("Kd")))
    assert r.is_legal(gr.Knock(card("Kd")))
    assert (24, 1) == result_of(play(r, "k Kd", "e")).deadwood


def test_card_drawn_from_the_stock_may_be_discarded_at_once() -> None:
    """docs/rules.rst §3: «Draw exactly one card: the top of the stock or the top of the discard pile. Then
    discard one card»: only a card taken from the pile is barred, the drawn card may go."""
    r = position(hands=(MELDED_DEFENDER, TAKER), discard="Tc", stock_top="Kd")
    r = play(r, "s")
    assert None is r.taken
    r = play(r, "d Kd")
    assert (card("Tc"), card("Kd")) == r.discard_pile
    assert (gr.Phase.DRAW, 0) == (r.phase, r.to_act)


def test_a_turn_is_one_draw_then_one_discard() -> None:
    """docs/rules.rst §3: «Draw exactly one card ... Then discard one card»: no discard before drawing and
    no second draw."""
    r = position(hands=(MELDED_DEFENDER, TAKER), discard="Tc", stock_top="Kd")
    assert illegal_reason(r, "d Ac").endswith(": draw first; a card is discarded only after you draw")
    r = play(r, "s")
    again = ": you have drawn this turn already; a card is drawn only at the start of a turn"
    assert illegal_reason(r, "s").endswith(again)
    assert illegal_reason(r, "t").endswith(again)


# ------------------------------------------------------------------------ knock, gin, big gin


def test_knock_legal_only_within_the_limit_and_the_knock_card_not_counted() -> None:
    """docs/rules.rst §4: a knock «is legal only when the deadwood outside the spread is at most the round's
    knock limit. The knock card is not counted» (seed 000: deadwood cards 3, 5 and 9 after
    drawing; knocking with the 9 leaves 8)."""
    r = seed_000()
    assert 10 == r.knock_limit
    assert [gr.Knock(card("9d"))] == [a for a in r.legal_actions() if isinstance(a, gr.Knock)]
    assert "deadwood 12 exceeds the knock limit 10" in illegal_reason(r, "k 5h")
    assert "deadwood 14 exceeds the knock limit 10" in illegal_reason(r, "k 3s")
    assert (18, 8) == result_of(play(r, "k 9d", "e")).deadwood


def test_knocking_is_optional() -> None:
    """docs/rules.rst §4: «Knocking is optional»: a player who may knock may still discard."""
    r = seed_000()
    assert r.is_legal(gr.Discard(card("9d")))
    r = play(r, "d 9d")
    assert (gr.Phase.DRAW, 0) == (r.phase, r.to_act)


def test_straight_gin_only_gin_ends_the_round() -> None:
    """docs/rules.rst §4: «``knock_limit`` (10; 0 means only gin may end a round: Straight Gin)»."""
    r = knock_position(MELDED_DEFENDER, gr.STRAIGHT, knocker=MELDED_10 + " As Kd")
    assert 0 == r.knock_limit
    assert [] == [a for a in r.legal_actions() if isinstance(a, gr.Knock)]
    assert "deadwood 1: only gin may end this round (knock limit 0)" in illegal_reason(r, "k Kd")
    gin = knock_position(MELDED_DEFENDER, gr.STRAIGHT, knocker=MELDED_10 + " 4c Kd")
    assert gr.Outcome.GIN == result_of(play(gin, "k Kd")).outcome


@pytest.mark.parametrize(("upcard", "limit"), [("7d", 7), ("Qh", 10), ("Tc", 10), ("3d", 3), ("2d", 2)])
def test_oklahoma_knock_limit_is_the_initial_upcard_value(upcard: str, limit: int) -> None:
    """docs/rules.rst §4: «In Oklahoma (``oklahoma = True``) the limit is the value of the initial upcard,
    face cards 10». Knocking with Kd leaves 3s (3); knocking with 3s leaves Kd (10)."""
    r = knock_position(MELDED_DEFENDER, gr.OKLAHOMA, knocker=MELDED_10 + " 3s Kd", discard=upcard)
    assert limit == r.knock_limit
    assert (3 <= limit) == r.is_legal(gr.Knock(card("Kd")))
    assert (10 <= limit) == r.is_legal(gr.Knock(card("3s")))
    if limit < 10:
        assert f"deadwood 10 exceeds the knock limit {limit}" in illegal_reason(r, "k 3s")


def test_oklahoma_knock_limit_stays_after_the_upcard_is_taken() -> None:
    """docs/rules.rst §4: the Oklahoma limit is the value of the *initial* upcard «even after that card has
    been taken»."""
    r = offer(gr.OKLAHOMA, upcard="7d")
    assert 7 == r.knock_limit
    r = play(r, "t")
    assert () == r.discard_pile
    assert 7 == r.knock_limit
    r = play(r, "d 3h", "t", "d 2d", "s")
    assert hand("7d 8s") <= r.hand(1)
    assert (card("7d"), 7) == (r.initial_upcard, r.knock_limit)


def test_oklahoma_ace_upcard_means_gin_only() -> None:
    """docs/rules.rst §4: «an ace upcard means gin only when ``oklahoma_ace_gin_only``»."""
    r = knock_position(MELDED_DEFENDER, gr.OKLAHOMA, knocker=MELDED_10 + " As Kd", discard="Ad")
    assert 0 == r.knock_limit
    assert "deadwood 1: only gin may end this round (knock limit 0)" in illegal_reason(r, "k Kd")
    gin = knock_position(MELDED_DEFENDER, gr.OKLAHOMA, knocker=MELDED_10 + " 4c Kd", discard="Ad")
    assert gin.is_legal(gr.Knock(card("Kd")))


def test_oklahoma_ace_upcard_limit_is_one_without_ace_gin_only() -> None:
    """docs/rules.rst §4: an ace upcard means gin only when ``oklahoma_ace_gin_only`` «(else 1)»."""
    rules = gr.OKLAHOMA.evolve(oklahoma_ace_gin_only=False)
    r = knock_position(MELDED_DEFENDER, rules, knocker=MELDED_10 + " As Kd", discard="Ad")
    assert 1 == r.knock_limit
    assert r.is_legal(gr.Knock(card("Kd")))
    r = knock_position(MELDED_DEFENDER, rules, knocker=MELDED_10 + " 2s Kd", discard="Ad")
    assert "deadwood 2 exceeds the knock limit 1" in illegal_reason(r, "k Kd")


@pytest.mark.parametrize(
    ("rules", "upcard", "limit"),
    [
        (gr.PAGAT.evolve(oklahoma=True, knock_limit=3), "7d", 3),
        (gr.PAGAT.evolve(oklahoma=True, knock_limit=3), "2d", 2),
        (gr.STRAIGHT.evolve(oklahoma=True), "7d", 0),
        (gr.OKLAHOMA, "7d", 7),
    ],
)
def test_oklahoma_with_a_house_limit_takes_the_lower_limit(
    rules: gr.Ruleset, upcard: str, limit: int
) -> None:
    """A house knock limit still holds in Oklahoma: the limit is the lower of ``knock_limit`` and
    the upcard's value (so straight gin with Oklahoma stays gin only; the presets keep 10)."""
    r = knock_position(MELDED_DEFENDER, rules, knocker=MELDED_10 + " 3s Kd", discard=upcard)
    assert limit == r.knock_limit
    assert (3 <= limit) == r.is_legal(gr.Knock(card("Kd")))
    assert limit == r.view(r.to_act or 0).knock_limit


CHOOSER = "Ac 2c 3c 4c 4d 4h 9s 9d 9h 2s Kd"
"""After knocking with Kd the best spread is Ac 2c 3c / 4c 4d 4h / 9d 9h 9s (deadwood 2s = 2);
Ac 2c 3c 4c / 9d 9h 9s leaves 4d 4h 2s = 10."""
CHOOSER_DEFENDER = "Tc Jc Qc 5s 6s 8d Th Jd Ks 7d"


def test_knock_with_a_chosen_spread_within_the_limit_is_accepted_even_if_not_optimal() -> None:
    """docs/rules.rst §4: «The knocker chooses its spread ... a knocker may even prefer a worse arrangement
    as long as it stays within the limit»; the spread keeps the order given."""
    r = knock_position(CHOOSER_DEFENDER, knocker=CHOOSER)
    r = play(r, "k Kd / 9d 9h 9s / Ac 2c 3c 4c")
    assert (LAYOFF, 0) == (r.phase, r.to_act)
    assert (meld("9d 9h 9s"), meld("Ac 2c 3c 4c")) == r.spread
    assert card("Kd") == r.knock_card
    result = play(r, "e").result
    assert result is not None
    assert (56, 10) == result.deadwood
    assert (gr.Outcome.KNOCK, 1, 46) == (result.outcome, result.winner, result.points)


@pytest.mark.parametrize(
    ("knock", "reason"),
    [
        ("k Kd / Ac 2c 3c / 9c 9d 9h", "meld '9c 9d 9h' uses '9c', not in the hand"),
        ("k 4c / Ac 2c 3c 4c / 9d 9h 9s", "meld 'Ac 2c 3c 4c' uses '4c', not in the hand"),
        ("k Kd / Ac 2c 3c 4c / 4c 4d 4h", "meld '4c 4d 4h' shares cards with another meld"),
        ("k Kd / Ac 2c 3c / 9d 9h 9s", "deadwood 14 exceeds the knock limit 10"),
    ],
    ids=["card-not-held", "knock-card-in-a-meld", "overlap", "over-the-limit"],
)
def test_knock_with_an_invalid_spread_is_rejected_with_a_reason(knock: str, reason: str) -> None:
    """docs/rules.rst §4: the spread is «disjoint melds» of the knocker's 10 remaining cards, and the
    deadwood outside it must be within the limit; anything else is illegal, saying why."""
    r = knock_position(CHOOSER_DEFENDER, knocker=CHOOSER)
    assert reason in illegal_reason(r, knock)


WRAPPER = "Qs Ks As Ac 2c 3c 9c 9d 9h 5h Kd"
"""With the wrapping run Qs Ks As, knocking with Kd leaves 5h (5)."""
WRAPPER_DEFENDER = "Tc Jc Qc 5s 6s 8d Th Jd 2h 7d"


def wrapping_knock() -> gr.Knock:
    """Knock with Kd showing Qs Ks As / Ac 2c 3c / 9c 9d 9h."""
    wrap = gr.Meld.parse("Qs Ks As", round_the_corner=True)
    return gr.Knock(card("Kd"), (wrap, meld("Ac 2c 3c"), meld("9c 9d 9h")))


def test_knock_with_a_wrapping_meld_is_rejected_under_traditional_rules() -> None:
    """docs/rules.rst §1: «Ace is low only: A-2-3 is a run, Q-K-A and K-A-2 are not (all seeds)», so a
    spread may not hold Q-K-A; with ``round_the_corner`` it may."""
    r = knock_position(WRAPPER_DEFENDER, knocker=WRAPPER)
    reason = illegal_reason(r, wrapping_knock())
    assert "meld 'Qs Ks As' goes round the corner, which the ruleset does not allow" in reason
    corner = knock_position(
        WRAPPER_DEFENDER, gr.PAGAT.evolve(round_the_corner=True, ace_points=15), knocker=WRAPPER
    )
    assert corner.is_legal(wrapping_knock())


@pytest.mark.parametrize("defender", [CHOOSER_DEFENDER, "Tc Jc Qc 5s 6s 8d 4s 5c 9c 7d"])
def test_knock_without_melds_shows_a_best_arrangement_of_the_ten_cards(defender: str) -> None:
    """docs/rules.rst §4: «When a caller gives no spread, the library picks a minimum-deadwood arrangement
    deterministically and without looking at the defender's cards.»"""
    r = play(knock_position(defender, knocker=CHOOSER), "k Kd")
    best = gr.best_melds(hand(CHOOSER) - hand("Kd"))
    assert 2 == best.points
    assert best.melds == r.spread
    assert gr.Knock(card("Kd"), best.melds) == r.events[-1].action


def test_gin_ends_the_round_at_once_without_layoffs() -> None:
    """docs/rules.rst §4 and §6: «Gin: a knock whose deadwood is 0. After gin the defender may not lay off»;
    the knocker scores «D + ``gin_bonus`` (D without layoffs)»: 8h would extend 4h-7h."""
    defender = "8h Tc Jc Qc Kd Kh Ks 2c 3s 5c"
    r = play(knock_position(defender, knocker="4h 5h 6h 7h 9c 9d 9s Ad 2d 3d Qs"), "k Qs")
    assert (gr.Phase.OVER, None, ()) == (r.phase, r.to_act, r.layoffs)
    assert hand(defender) == r.hand(0)
    assert (
        gr.RoundResult(
            outcome=gr.Outcome.GIN,
            winner=1,
            points=18 + 20,
            bonus=20,
            knocker=1,
            deadwood=(18, 0),
            deadwood_before_layoffs=18,
            spread=r.spread,
            initial_upcard=r.initial_upcard,
        )
        == r.result
    )


def test_big_gin_ends_the_round_without_a_discard() -> None:
    """docs/rules.rst §4 and §6: «a player whose 11 cards (after drawing) are all melded may declare big gin
    and ends the round without discarding»; it scores «D + ``big_gin_bonus``» (spanish-site:
    31)."""
    r = knock_position(MELDED_DEFENDER, gr.SPANISH_SITE, knocker=BIG_GIN_HAND)
    assert gr.BigGin() in r.legal_actions()
    pile = r.discard_pile
    r = play(r, "bg")
    assert (gr.Phase.OVER, None, None) == (r.phase, r.to_act, r.knock_card)
    assert (hand(BIG_GIN_HAND), pile) == (r.hand(1), r.discard_pile)
    result = r.result
    assert result is not None
    assert (gr.Outcome.BIG_GIN, 1, 24 + 31) == (result.outcome, result.winner, result.points)


def test_big_gin_is_illegal_without_the_big_gin_rule() -> None:
    """docs/rules.rst §8: ``big_gin`` is on only in spanish-site; under pagat big gin is illegal and the
    player discards and goes gin instead (D + 20)."""
    r = knock_position(MELDED_DEFENDER, gr.PAGAT, knocker=BIG_GIN_HAND)
    assert gr.BigGin() not in r.legal_actions()
    assert "these rules ('pagat') have no big gin" in illegal_reason(r, "bg")
    result = play(r, "k 4c").result
    assert result is not None
    assert (gr.Outcome.GIN, 1, 24 + 20) == (result.outcome, result.winner, result.points)


def test_big_gin_needs_all_eleven_cards_melded() -> None:
    """docs/rules.rst §4: big gin is for «a player whose 11 cards (after drawing) are all melded»."""
    r = knock_position(MELDED_DEFENDER, gr.SPANISH_SITE, knocker=MELDED_10 + " 4c Kd")
    assert gr.BigGin() not in r.legal_actions()
    assert "big gin needs all 11 cards melded; deadwood is 10" in illegal_reason(r, "bg")


def test_big_gin_with_explicit_melds_must_show_all_eleven_cards_in_disjoint_melds() -> None:
    """docs/rules.rst §4: a big gin shows all 11 cards melded. With the melds given (``bg / ...``) it is
    accepted when they cover the 11 cards, refused with its "left over" message when they do
    not, and refused when two melds share a card."""
    r = knock_position(MELDED_DEFENDER, gr.SPANISH_SITE, knocker=BIG_GIN_HAND)
    melds = [meld(text) for text in BIG_GIN_MELDS]
    done = r.apply(gr.BigGin(melds))
    assert (gr.Outcome.BIG_GIN, tuple(melds)) == (done.result.outcome if done.result else None, done.spread)
    short = gr.BigGin(melds[:-1])
    assert f"big gin must show all 11 cards in melds; '{melds[-1]}' left over" == r.illegal_reason(short)
    with pytest.raises(gr.IllegalActionError, match="left over"):
        r.apply(short)
    overlapping = gr.BigGin([*melds[:-1], meld(BIG_GIN_OVERLAP)])
    assert f"meld '{meld(BIG_GIN_OVERLAP)}' shares cards with another meld" == r.illegal_reason(overlapping)
    assert not r.is_legal(overlapping)


def test_eleven_card_full_meld_discards_and_goes_gin_without_big_gin() -> None:
    """docs/rules.rst §4: «With ``big_gin = False`` such a player simply discards a card and goes gin (an
    11-card full meld always holds a meld of 4+ cards, so a plain gin is always available).»"""
    rules = gr.SPANISH_SITE.evolve(big_gin=False)
    r = knock_position(MELDED_DEFENDER, rules, knocker=BIG_GIN_HAND)
    assert gr.BigGin() not in r.legal_actions()
    gins = [
        a
        for a in r.legal_actions()
        if isinstance(a, gr.Knock) and 0 == gr.deadwood(hand(BIG_GIN_HAND) - gr.Hand([a.card]))
    ]
    assert [gr.Knock(card(c)) for c in ("Ac", "4c", "5h", "8h")] == gins
    result = play(r, "k Ac").result
    assert result is not None
    assert (gr.Outcome.GIN, 1, 24 + 25) == (result.outcome, result.winner, result.points)


# ------------------------------------------------------------------------------------ layoffs

LAYER = "3h 7h 8h 4d Tc Jc Qc 5s 6s Ks"
"""A defender that can lay off 3h and 7h (then 8h) onto 4h 5h 6h and 4d onto Ad 2d 3d; it keeps
Tc Jc Qc and 5s 6s Ks (21)."""


def test_layoff_extends_a_run_at_either_end() -> None:
    """docs/rules.rst §5: the defender may lay off «a card extending a run at either end»."""
    r = knocked(LAYER)
    assert {gr.LayOff(card("3h"), 0), gr.LayOff(card("7h"), 0), gr.LayOff(card("4d"), 2)} == {
        a for a in r.legal_actions() if isinstance(a, gr.LayOff)
    }
    r = play(r, "l 3h 0", "l 7h 0")
    assert meld("3h 4h 5h 6h 7h") == r.spread[0]


def test_layoff_chains_onto_laid_off_cards() -> None:
    """docs/rules.rst §5: «Laid-off cards become part of that meld, so they can be extended further (onto
    4♥5♥6♥ the defender may lay off 7♥ then 8♥, and 3♥ at the other end; 8♥ alone cannot go).»"""
    r = knocked(LAYER)
    assert "card '8h' does not fit meld 0 (4h 5h 6h)" in illegal_reason(r, "l 8h 0")
    r = play(r, "l 7h 0")
    assert r.is_legal(gr.LayOff(card("8h"), 0))
    r = play(r, "l 8h 0", "l 3h 0")
    assert meld("3h 4h 5h 6h 7h 8h") == r.spread[0]


def test_layoff_fourth_card_onto_a_three_card_set() -> None:
    """docs/rules.rst §5: the defender may lay off «a 4th card onto a 3-card set»."""
    r = knocked("9h Tc Jc Qc 5s 6s Ks 2h 8c 8s")
    assert [gr.LayOff(card("9h"), 1), gr.EndLayoffs()] == list(r.legal_actions())
    r = play(r, "l 9h 1")
    assert meld("9c 9d 9h 9s") == r.spread[1]


def test_nothing_is_laid_off_onto_a_four_card_set() -> None:
    """docs/rules.rst §5: a set takes only «a 4th card»: a 4-card set takes nothing (the runs still do)."""
    knocker = "Jc Jd Jh Js 4h 5h 6h As 2c 3d Ks"
    r = knock_position("Tc Qc Td Qd Th Qh Ts Qs 7h 8c", knocker=knocker, discard="9c")
    r = play(r, "k Ks / Jc Jd Jh Js / 4h 5h 6h")
    assert [gr.LayOff(card("7h"), 1), gr.EndLayoffs()] == list(r.legal_actions())
    assert "card 'Qs' does not fit meld 0 (Jc Jd Jh Js)" in illegal_reason(r, "l Qs 0")


def test_nothing_is_laid_off_onto_the_knockers_deadwood() -> None:
    """docs/rules.rst §5: «Nothing is laid off onto deadwood»: the knocker's deadwood 7s takes no 6s or 8s,
    and a meld index past the spread is illegal."""
    r = knocked("6s 8s 7c 7d Tc Jc Qc Kd Kh Ks")
    assert (gr.EndLayoffs(),) == r.legal_actions()
    assert "meld 3 does not exist; the spread has 3 melds" in illegal_reason(r, gr.LayOff(card("8s"), 3))


def test_layoff_meld_indices_stay_stable_and_laid_off_cards_leave_the_hand() -> None:
    """API: r.spread: the knocker's melds in the order it gave them (laid-off cards join their
    meld, so a meld index stays stable); r.layoffs: (card, meld index) in the order laid; a
    laid-off card leaves r.hand(defender)."""
    r = play(knocked(LAYER), "l 7h 0", "l 4d 2", "l 8h 0")
    assert (meld("4h 5h 6h 7h 8h"), meld("9c 9d 9s"), meld("Ad 2d 3d 4d")) == r.spread
    assert ((card("7h"), 0), (card("4d"), 2), (card("8h"), 0)) == r.layoffs
    assert hand("3h Tc Jc Qc 5s 6s Ks") == r.hand(0)
    assert hand(KNOCKER) - hand("Qs") == r.hand(1)
    result = play(r, "e").result
    assert result is not None
    assert (meld("4h 5h 6h"), meld("9c 9d 9s"), meld("Ad 2d 3d")) == result.spread
    assert r.layoffs == result.layoffs


def test_end_layoffs_scores_the_defenders_minimum_deadwood_of_kept_cards() -> None:
    """docs/rules.rst §5: «Its final deadwood is the minimum deadwood of the cards it did not lay off»:
    after laying off 7h the defender keeps 5c 6c 7c 5d 5s (best as the run, leaving 5d 5s =
    10) and Kc 8s Th Jd (38): 48 against the knocker's 7."""
    r = play(knocked("5c 6c 7c 5d 5s Kc 8s Th Jd 7h"), "l 7h 0", "e")
    assert (
        gr.RoundResult(
            outcome=gr.Outcome.KNOCK,
            winner=1,
            points=48 - 7,
            knocker=1,
            deadwood=(48, 7),
            deadwood_before_layoffs=55,
            spread=(meld("4h 5h 6h"), meld("9c 9d 9s"), meld("Ad 2d 3d")),
            layoffs=((card("7h"), 0),),
            initial_upcard=r.initial_upcard,
        )
        == r.result
    )


def test_layoffs_disabled_round_is_over_right_after_the_knock() -> None:
    """docs/rules.rst §5: «``layoffs = False`` disables layoffs entirely»: the knock ends the round and the
    defender's 3h 7h 8h 4d count (43)."""
    r = knocked(LAYER, gr.PAGAT.evolve(layoffs=False))
    assert (gr.Phase.OVER, ()) == (r.phase, r.layoffs)
    result = r.result
    assert result is not None
    assert ((43, 7), gr.Outcome.KNOCK, 36) == (result.deadwood, result.outcome, result.points)


# ------------------------------------------------------------------------------------ scoring


def score(defender: str, rules: gr.Ruleset = gr.PAGAT) -> tuple[gr.Outcome, int | None, int]:
    """The outcome, winner and points when player 1 knocks with deadwood 7 against ``defender``,
    who lays off nothing."""
    result = play(knocked(defender, rules), "e").result
    assert result is not None
    return result.outcome, result.winner, result.points


def test_knock_scores_the_difference_when_the_knocker_has_less() -> None:
    """docs/rules.rst §6, the knock row: when K < D the knocker scores D - K: 7 against Jd +
    8c 8d 8h... = 10."""
    assert (gr.Outcome.KNOCK, 1, 10 - 7) == score("Tc Jc Qc Kd Kh Ks 8c 8d 8h Jd")


def test_undercut_when_the_defender_has_less() -> None:
    """docs/rules.rst §6, the undercut row: when «not gin, and D < K» the defender scores
    «K - D + ``undercut_bonus``»: 7 against Ac (1), pagat's bonus 10 and spanish-site's 25."""
    defender = "Tc Jc Qc Kd Kh Ks 8c 8d 8h Ac"
    assert (gr.Outcome.UNDERCUT, 0, 7 - 1 + 10) == score(defender)
    assert (gr.Outcome.UNDERCUT, 0, 7 - 1 + 25) == score(defender, gr.SPANISH_SITE)


def test_undercut_on_tie_goes_to_the_defender() -> None:
    """docs/rules.rst §6, the undercut row: when «D = K with ``undercut_on_tie``» the defender
    scores «K - D + ``undercut_bonus``»: 7 against 7c."""
    assert (gr.Outcome.UNDERCUT, 0, 0 + 10) == score("Tc Jc Qc Kd Kh Ks 8c 8d 8h 7c")


def test_tie_without_undercut_on_tie_goes_to_the_knocker_for_zero() -> None:
    """docs/rules.rst §6, the knock row: when «K = D with ``undercut_on_tie = False``» the knocker
    scores «D - K»."""
    rules = gr.PAGAT.evolve(undercut_on_tie=False)
    assert (gr.Outcome.KNOCK, 1, 0) == score("Tc Jc Qc Kd Kh Ks 8c 8d 8h 7c", rules)


def test_gin_is_never_undercut_even_by_zero_deadwood() -> None:
    """docs/rules.rst §6: «Gin can never be undercut, even when the defender also has 0»."""
    r = knock_position("Tc Jc Qc Kd Kh Ks 8c 8d 8h 8s", knocker="4h 5h 6h 7h 9c 9d 9s Ad 2d 3d Qs")
    result = play(r, "k Qs").result
    assert result is not None
    assert (gr.Outcome.GIN, 1, 0 + 20, (0, 0)) == (
        result.outcome,
        result.winner,
        result.points,
        result.deadwood,
    )


def test_worked_example_undercut_after_layoffs_scores_12() -> None:
    """docs/rules.rst §6: «Worked example (seed 001): the knocker has 7, the defender after layoffs 5: the
    defender scores 7 - 5 + 10 = 12» (the defender lays 7h off and keeps Ac 4s)."""
    r = knocked("7h Tc Jc Qc Kc Kd Kh Ks Ac 4s")
    assert (gr.LayOff(card("7h"), 0), gr.EndLayoffs()) == r.legal_actions()
    result = play(r, "l 7h 0", "e").result
    assert result is not None
    assert ((5, 7), gr.Outcome.UNDERCUT, 0, 12) == (
        result.deadwood,
        result.outcome,
        result.winner,
        result.points,
    )


@pytest.mark.parametrize(("upcard", "multiplier"), [("Ts", 2), ("Th", 1)])
def test_oklahoma_spade_upcard_multiplies_the_points_bonus_included(upcard: str, multiplier: int) -> None:
    """docs/rules.rst §6: «Oklahoma (``spade_multiplier``, 2 in the preset): when the initial upcard is a
    spade the round's points, bonuses included, are multiplied»: the worked example's 12 becomes
    24 under a spade upcard."""
    r = knocked("7h Tc Jc Qc Kc Kd Kh Ks Ac 4s", gr.OKLAHOMA, discard=upcard)
    result = play(r, "l 7h 0", "e").result
    assert result is not None
    assert (gr.Outcome.UNDERCUT, 12 * multiplier, multiplier) == (
        result.outcome,
        result.points,
        result.multiplier,
    )


# ---------------------------------------------------------------------------------- dead hand


@pytest.mark.parametrize(("rules", "left"), [(gr.PAGAT, 2), (gr.PAGAT.evolve(dead_hand_stock=5), 5)])
def test_dead_hand_plain_discard_leaving_two_in_the_stock_voids_the_round(
    rules: gr.Ruleset, left: int
) -> None:
    """docs/rules.rst §3: «if a player discards without knocking and the stock then holds
    ``dead_hand_stock`` (2) cards or fewer, the round ends void: nobody scores ... The opponent
    gets no extra turn.»"""
    r = position(rules, hands=(MELDED_DEFENDER, TAKER), discard="Tc", stock_top="Kd", stock_size=left + 1)
    r = play(r, "s")
    assert left == len(r.stock)
    r = play(r, "d Kd")
    assert (gr.Phase.OVER, None) == (r.phase, r.to_act)
    assert gr.RoundResult(outcome=gr.Outcome.DEAD_HAND) == r.result


def test_discard_leaving_more_than_the_dead_hand_stock_goes_on() -> None:
    """docs/rules.rst §3: the round is void only when «the stock then holds ``dead_hand_stock`` (2) cards or
    fewer»: with 3 left play goes on."""
    r = position(hands=(MELDED_DEFENDER, TAKER), discard="Tc", stock_top="Kd", stock_size=4)
    r = play(r, "s", "d Kd")
    assert (gr.Phase.DRAW, 0, 3) == (r.phase, r.to_act, len(r.stock))


def test_player_who_draws_leaving_two_may_still_knock() -> None:
    """docs/rules.rst §3: «The player who draws the card that leaves 2 in the stock may still knock or
    declare gin»."""
    r = position(hands=(MELDED_DEFENDER, MELDED_10 + " As"), discard="Tc", stock_top="Kd", stock_size=3)
    r = play(r, "s")
    assert 2 == len(r.stock)
    assert gr.Knock(card("Kd")) in r.legal_actions()
    r = play(r, "k Kd")
    assert (LAYOFF, 0) == (r.phase, r.to_act)
    result = play(r, "l 4h 2", "e").result
    assert result is not None
    assert (gr.Outcome.KNOCK, 1, 20 - 1) == (result.outcome, result.winner, result.points)


# ---------------------------------------------------------------------------------- max_turns


def test_max_turns_voids_the_round() -> None:
    """docs/rules.rst §3: «Optional safety valve ``max_turns`` [...]: the round is void once that
    many turns have been played»."""
    rules = gr.PAGAT.evolve(max_turns=2)
    r = position(rules, hands=(MELDED_DEFENDER, TAKER), discard="Tc", stock_top="Kd Qh")
    r = play(r, "s", "d Kd")
    assert (gr.Phase.DRAW, 1) == (r.phase, r.turns)
    r = play(r, "s", "d Qh")
    assert (gr.Phase.OVER, 2) == (r.phase, r.turns)
    assert gr.RoundResult(outcome=gr.Outcome.VOID) == r.result


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from([gr.PAGAT, gr.SPANISH_SITE]))
def test_max_turns_never_changes_a_round_that_ends_earlier(seed: int, rules: gr.Ruleset) -> None:
    """docs/rules.rst §3: ``max_turns`` «must never change a round that ends earlier»: replaying a round
    under a limit at or above its number of turns gives the same result."""
    rng = random.Random(seed)
    r = gr.Round.deal(rules, dealer=seed % 2, seed=seed)
    actions = []
    while not r.is_over:
        actions.append(choose_action(r, rng))
        r = r.apply(actions[-1])
    for extra in (0, 1, 10):
        limited = gr.Round.deal(rules.evolve(max_turns=r.turns + extra), dealer=seed % 2, seed=seed)
        assert r.result == play(limited, *actions).result


# ----------------------------------------------------------------------------------- legality


def scripted_positions() -> dict[str, Callable[[], gr.Round]]:
    """Positions in every phase, for the legality tests."""
    return {
        "upcard-offer": lambda: offer(),
        "draw-stock-only": lambda: play(offer(), "p", "p"),
        "draw": lambda: position(hands=(MELDED_DEFENDER, TAKER), discard="Tc Kd"),
        "discard-taken": lambda: took_kd(),
        "discard-seed-000": seed_000,
        "discard-big-gin": lambda: knock_position(MELDED_DEFENDER, gr.SPANISH_SITE, knocker=BIG_GIN_HAND),
        "layoff": lambda: play(knocked(LAYER), "l 7h 0"),
        "over": lambda: play(knocked(LAYER), "e"),
    }


EXTRA_ACTIONS: tuple[gr.Action, ...] = (
    gr.Knock(card("9d"), (meld("Ac 2c 3c 4c"), meld("Jc Jd Jh Js"))),
    gr.Knock(card("9d"), (meld("Ac 2c 3c"), meld("Jc Jd Jh"))),
    gr.Knock(card("Kd"), (meld("9d 9h 9s"), meld("Ac 2c 3c"))),
    gr.Knock(card("4c"), ()),
    gr.BigGin((meld("Ac 2c 3c 4c"), meld("9d 9h 9s"), meld("5h 6h 7h 8h"))),
    gr.BigGin((meld("Ac 2c 3c"), meld("9d 9h 9s"), meld("5h 6h 7h 8h"))),
    gr.LayOff(card("7h"), 3),
    gr.LayOff(card("8h"), 0),
)


@pytest.mark.parametrize("name", list(scripted_positions()))
def test_is_legal_agrees_with_apply_and_apply_never_changes_the_round(name: str) -> None:
    """docs/conventions.md §5: «Legality: ``legal_actions()``, ``is_legal(a)``, ``apply(a)`` (always checks).
    Never mutate on failure»; API: ``r.apply(action)``: new Round; r is unchanged."""
    r = scripted_positions()[name]()
    before = snapshot(r)
    legal = set(r.legal_actions())
    candidates = [gr.action_from_id(i) for i in range(gr.ACTION_SPACE_SIZE)] + list(EXTRA_ACTIONS)
    for candidate in candidates:
        if candidate in legal:
            assert r.is_legal(candidate), candidate
        is_legal = r.is_legal(candidate)
        try:
            after = r.apply(candidate)
        except gr.IllegalActionError:
            assert not is_legal, candidate
        else:
            assert is_legal, candidate
            assert after is not r
            assert after != r
        assert before == snapshot(r), candidate
    id_legal = {a for a in candidates[: gr.ACTION_SPACE_SIZE] if r.is_legal(a)}
    assert legal == id_legal


@pytest.mark.parametrize(
    ("make", "text", "message"),
    [
        (
            seed_000,
            "k 3s",
            "illegal action Knock(card=Card('3s'), melds=None) for player 1 in phase DISCARD: "
            "deadwood 14 exceeds the knock limit 10",
        ),
        (
            lambda: play(offer(), "p", "p"),
            "t",
            "illegal action TakeDiscard() for player 1 in phase DRAW: after both players pass the "
            "upcard the non-dealer must draw from the stock",
        ),
        (
            lambda: took_kd(),
            "d 2h",
            "illegal action Discard(card=Card('2h')) for player 1 in phase DISCARD: card '2h' is not "
            "in the hand",
        ),
        (
            lambda: knocked(LAYER),
            "l 8h 0",
            "illegal action LayOff(card=Card('8h'), meld=0) for player 0 in phase LAYOFF: card '8h' "
            "does not fit meld 0 (4h 5h 6h)",
        ),
        (
            lambda: play(knocked(LAYER), "e"),
            "e",
            "illegal action EndLayoffs() for nobody in phase OVER: the round is over",
        ),
    ],
    ids=["knock-limit", "stock-only", "card-not-held", "layoff-does-not-fit", "over"],
)
def test_illegal_action_message_names_the_player_the_phase_and_the_reason(
    make: Callable[[], gr.Round], text: str, message: str
) -> None:
    """docs/conventions.md §4: «``illegal action Knock(card=Card('Kd')) for player 1 in phase
    DISCARD: deadwood 14 exceeds the knock limit 10``»: who, in which phase, and why, with the
    numbers."""
    r = make()
    with pytest.raises(gr.IllegalActionError) as info:
        r.apply(action(text))
    assert message == str(info.value)
    assert isinstance(info.value, ValueError)


def test_laid_off_card_is_no_longer_known_to_be_held() -> None:
    """``Round.known``: «The cards each player is known to hold: taken from the pile and not yet
    discarded» — a card taken from the pile and then laid off is no longer held."""
    r = position(
        hands=("Tc Jc Qc Kc Kd Kh Ks Ac 4s 2s", "4h 5h 6h 9c 9d 9s Ad 2d 3d 7s"),
        discard="8c 7h",
        dealer=1,
        to_act=0,
        stock_top="Qs",
    )
    r = play(r, "t", "d 2s", "s", "k Qs / 4h 5h 6h / 9c 9d 9s / Ad 2d 3d", "l 7h 0")
    assert card("7h") not in r.hand(0)
    assert r.known[0] <= r.hand(0)


def test_an_action_from_the_player_not_to_act_is_refused_before_any_hand_is_judged() -> None:
    """With ``player`` given, the idle player learns nothing by probing: every action it sends,
    whatever the cards, gets the same "not your turn" answer, and the round is unchanged."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())
    assert 1 == r.to_act
    idle_hand = r.hand(0)
    reasons = {
        r.illegal_reason(action, player=0)
        for action in [gr.Discard(c) for c in gr.DECK] + [gr.Knock(c) for c in gr.DECK] + [gr.BigGin()]
    }
    assert {"it is player 1's turn, not player 0's"} == reasons
    assert not any(r.is_legal(gr.Discard(c), player=0) for c in idle_hand)
    with pytest.raises(gr.IllegalActionError, match="not player 0's"):
        r.apply(gr.Discard(next(iter(idle_hand))), player=0)
    legal = r.legal_actions()[0]
    assert r.is_legal(legal, player=1)
    assert r.apply(legal, player=1) == r.apply(legal)
    with pytest.raises(gr.InvalidPositionError, match="player 2"):
        r.is_legal(legal, player=2)


def test_round_start_is_deprecated_for_at_origin() -> None:
    """``Round.start``, the former name of ``Round.at_origin``, still gives the same round and
    warns with a ``DeprecationWarning`` naming its replacement."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard())
    with pytest.warns(DeprecationWarning, match="Round.at_origin"):
        started = r.start
    assert r.at_origin == started
