"""The camper bot (the EAAI 2021 winner's described policy): its stated rules on scripted
positions (what it takes, when it knocks, how it weighs potential and danger), its helpers
against brute force, and that it decides from its view alone. Legality under every preset
and determinism for a seed are checked with the other bots in ``test_bots.py``; the strength
figures come from ``gr.ladder`` (``docs/bots.rst``)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import ginrummy as gr
from bot_positions import LOW, OTHER, decisions, layoffs_played, twin
from ginrummy.bots.camper import (
    FUTURE_DRAWS,
    MELD_DANGER,
    PARTNER_DANGER,
    SAFE_BONUS,
    CamperBot,
    danger,
    future_deadwood,
    own_turn,
)
from ginrummy.bots.eaai_simple import EaaiSimpleBot
from ginrummy.bots.registry import bot_name
from positions import hand, layout, play, position

OPPONENT = "Ah Ad As Tc Td Th Ts 6c 6d 6h"
"""A hand for the opponent of the discard positions, clear of the cards they script."""


def camper(round_: gr.Round, player: int = 0, seed: int = 1) -> gr.Action:
    """The camper bot's choice for ``player`` at ``round_``."""
    return CamperBot(seed=seed).act(round_.view(player))


def camper_bot(seed: str) -> gr.Bot:
    """A camper bot seeded with ``seed``."""
    return CamperBot(seed=seed)


def discarding(
    mine: str, turns: int = 0, rules: gr.Ruleset = gr.PAGAT, *, opponent: str = OPPONENT, upcard: str = "Qh"
) -> gr.Round:
    """Player 0 to discard from the eleven cards ``mine`` after ``turns`` completed turns of
    the round (its own turn is ``turns // 2 + 1``); ``upcard`` is the initial upcard, alone in
    the discard pile."""
    kwargs = layout(hands=(mine, opponent), discard=upcard, phase=gr.Phase.DISCARD, dealer=1, to_act=0)
    return gr.Round.from_position(rules, **kwargs, turns=turns)


# ------------------------------------------------------------------------------ drawing


@pytest.mark.parametrize(
    ("upcard", "camper_takes", "greedy_takes"),
    [
        ("2c", True, True),  # 2c 2d 2s meld and Kd goes: 37 -> 21
        ("9h", False, True),  # replaces Kd (37 -> 36) but melds nothing
        ("Ks", False, False),  # a pair of kings only
    ],
)
def test_camper_takes_the_upcard_only_when_it_melds_and_lowers_the_deadwood(
    upcard: str, camper_takes: bool, greedy_takes: bool
) -> None:
    """At the upcard offer the camper bot takes a card that melds and lowers its deadwood, and
    passes one that only replaces a higher card (which the greedy bot takes)."""
    offer = position(hands=(LOW, OTHER), discard=upcard, phase=gr.Phase.UPCARD_OFFER, dealer=1)
    assert (gr.TakeDiscard() if camper_takes else gr.PassUpcard()) == camper(offer)
    assert (gr.TakeDiscard() if greedy_takes else gr.PassUpcard()) == gr.GreedyBot().act(offer.view(0))


@pytest.mark.parametrize(("top", "takes"), [("2c", True), ("9h", False), ("Ks", False)])
def test_camper_draws_from_the_stock_unless_the_discard_melds(top: str, takes: bool) -> None:
    """In a later draw the same rule holds for the top discard: taken when it melds and lowers
    the deadwood, otherwise a stock draw."""
    draw = position(hands=(LOW, OTHER), discard=f"5s {top}", dealer=1)
    assert (gr.TakeDiscard() if takes else gr.DrawStock()) == camper(draw)


def test_camper_passes_a_card_that_melds_only_by_breaking_better_melds() -> None:
    """7h makes 5h 6h 7h, but 5h and 6h are in sets of fives and sixes: no best arrangement
    of the eleven cards melds 7h, so the camper bot passes where ``'eaai-simple'``, which takes
    any card that would be part of some meld, takes it."""
    mine = "5c 5d 5h 6c 6d 6h Ks Qs 9c 2d"
    offer = position(hands=(mine, OTHER), discard="7h", phase=gr.Phase.UPCARD_OFFER, dealer=1)
    assert gr.PassUpcard() == camper(offer)
    assert gr.TakeDiscard() == EaaiSimpleBot(seed=1).act(offer.view(0))


def test_camper_then_never_discards_the_card_it_took() -> None:
    """Having taken Kh from the pile (it may not be thrown back), the camper bot throws
    another card, whatever its seed, though Kh is as high as any."""
    taken = position(hands=(LOW + " Kh", OTHER), discard="5s", phase=gr.Phase.DISCARD, dealer=1, taken="Kh")
    actions = {camper(taken, seed=seed) for seed in range(8)}
    assert all(isinstance(action, gr.Discard) and gr.Card("Kh") != action.card for action in actions)


# ---------------------------------------------------------------------------- knocking

KNOCKABLE = "7c 7d 7h 2s 3s 4s Jc Qc Kc 5d 9h"
"""Throwing 9h leaves 5 deadwood (the 5d): a knock under the usual limit of 10."""
GIN = "Tc Jc Qc Kc 7d 7h 7s 2s 3s 4s 6h"
"""Throwing 6h leaves no deadwood."""


@pytest.mark.parametrize("turns", [0, 1, 2, 3, 4, 5])
def test_camper_knocks_in_its_first_three_turns_when_it_can(turns: int) -> None:
    """In its own turns 1 to 3 (``turns // 2 + 1``) the camper bot knocks as soon as a discard
    leaves deadwood within the limit, throwing the card that leaves the least (9h)."""
    state = discarding(KNOCKABLE, turns)
    assert turns // 2 + 1 == own_turn(state.view(0))
    action = camper(state)
    assert isinstance(action, gr.Knock) and gr.Card("9h") == action.card
    final = state.apply(action)
    assert (gr.Phase.LAYOFF, 0) == (final.phase, final.knocker)


@pytest.mark.parametrize("turns", [6, 7, 12, 30])
def test_camper_does_not_knock_after_its_third_turn(turns: int) -> None:
    """From its fourth turn on, the same hand only discards: the camper bot plays for gin."""
    assert gr.Discard(gr.Card("9h")) == camper(discarding(KNOCKABLE, turns))


def test_camper_does_not_knock_late_even_when_the_stock_runs_out() -> None:
    """With two cards left in the stock (a discard ends the round as a dead hand), the camper
    bot still only discards after its third turn: it waits for gin whatever the stock holds."""
    kwargs = layout(
        hands=(KNOCKABLE, OPPONENT), discard="Qh", stock_size=2, phase=gr.Phase.DISCARD, dealer=1, to_act=0
    )
    state = gr.Round.from_position(gr.PAGAT, **kwargs, turns=20)
    assert 2 == state.view(0).stock_size
    assert gr.Discard(gr.Card("9h")) == camper(state)


@pytest.mark.parametrize("turns", [0, 6, 30])
@pytest.mark.parametrize("rules", [gr.PAGAT, gr.STRAIGHT, gr.EAAI], ids=["pagat", "straight", "eaai"])
def test_camper_goes_gin_on_any_turn(rules: gr.Ruleset, turns: int) -> None:
    """Gin is taken on every turn and under every limit, straight gin included."""
    state = discarding(GIN, turns, rules, opponent="Ah Ad As 9c Td Th Ts 6c 6d 8h")
    action = camper(state)
    assert isinstance(action, gr.Knock) and gr.Card("6h") == action.card
    final = state.apply(action)
    assert final.result is not None and gr.Outcome.GIN == final.result.outcome


def test_camper_declares_big_gin_when_the_rules_have_it() -> None:
    """Eleven melded cards are declared big gin under ``spanish-site``; under ``pagat`` (no
    big gin) they go gin."""
    cards = "8c 9c Tc 8d 9d Td 8h 9h Th 8s 9s"
    opponent = "Jc Jd Jh Js Qc Qd Qh Qs 2c 2d"
    assert gr.BigGin() == camper(discarding(cards, 10, gr.SPANISH_SITE, opponent=opponent, upcard="Kd"))
    action = camper(discarding(cards, 10, gr.PAGAT, opponent=opponent, upcard="Kd"))
    assert isinstance(action, gr.Knock)
    assert 0 == gr.deadwood(gr.Hand.parse(cards).remove(action.card))


@pytest.mark.parametrize(
    ("rules", "upcard", "knocks"),
    [
        (gr.OKLAHOMA, "5c", True),  # limit 5
        (gr.OKLAHOMA, "3c", False),  # limit 3
        (gr.OKLAHOMA, "Ac", False),  # an ace: gin only
        (gr.STRAIGHT, "Qh", False),  # gin only
    ],
)
def test_camper_knocks_only_within_the_rounds_limit(rules: gr.Ruleset, upcard: str, knocks: bool) -> None:
    """In its first turn, with 5 deadwood after throwing 9h, the camper bot knocks in Oklahoma
    when the initial upcard allows 5, discards when it allows less, and never knocks under
    straight gin."""
    state = discarding(KNOCKABLE, 0, rules, upcard=upcard)
    expected = gr.Knock(gr.Card("9h")) if knocks else gr.Discard(gr.Card("9h"))
    action = camper(state)
    assert expected == (gr.Knock(action.card) if isinstance(action, gr.Knock) else action)


def test_camper_shows_the_spread_open_to_fewer_layoff_points() -> None:
    """``7c 7d 7h 7s 8c 9c Tc`` melds as the four sevens with ``8c 9c Tc`` (Jc fits: 10 points)
    or as ``7c 8c 9c Tc`` with three sevens (6c and Jc fit: 16 points); the camper bot shows
    the first."""
    state = discarding("7c 7d 7h 7s 8c 9c Tc 2s 3s 4s Kd", 0, opponent="Ah Ad As Qd Td Th Ts 5d 6d 6h")
    action = camper(state)
    assert isinstance(action, gr.Knock) and action.melds is not None
    expected = {gr.Meld.parse("7c 7d 7h 7s"), gr.Meld.parse("8c 9c Tc"), gr.Meld.parse("2s 3s 4s")}
    assert expected == set(action.melds)


# ---------------------------------------------------------------------------- discarding

KINGS = "2c 3c 4c 5c 8s 8d 8h Kc Kd 7s 2d"
"""Melds 2c-5c and the eights; throwing a king leaves 19 deadwood, throwing 7s 22 but keeps
the pair of kings, whose two live kings each bring gin."""


@pytest.mark.parametrize(("turns", "early"), [(0, True), (8, True), (20, True), (40, False), (60, False)])
def test_camper_keeps_potential_early_and_deadwood_late(turns: int, early: bool) -> None:
    """Early in the round the one-draw lookahead (weight 18, shrinking by a tenth a turn)
    keeps the pair of kings and throws 7s, 3 points more deadwood; late the deadwood decides
    and a king goes, as the greedy bot throws one at once."""
    state = discarding(KINGS, turns)
    action = camper(state)
    assert isinstance(action, gr.Discard)
    assert early == (gr.Card("7s") == action.card)
    if not early:
        assert gr.Rank.KING == action.card.rank
    greedy = gr.GreedyBot().act(state.view(0))
    assert isinstance(greedy, gr.Discard) and gr.Rank.KING == greedy.card.rank


def took(ten: str) -> gr.Round:
    """Player 1 takes ``ten`` from the pile and throws Kc; player 0 draws Jc from the stock and
    must throw Jh or Jc (each leaves 16 deadwood, and they are alike in what they could
    become; any other discard leaves 22 or more)."""
    state = position(
        hands=("2d 3d 4d 5s 6s 7s Ac Ah 4c Jh", "Kc 2h 3h 4h 5c 6c 7c 8d 9d Qs"),
        discard=f"5d {ten}",
        stock_top="Jc",
        dealer=0,
        to_act=1,
    )
    return play(state, "t", "d Kc", "s")


@pytest.mark.parametrize(("ten", "safe"), [("Th", "Jc"), ("Tc", "Jh")])
def test_camper_does_not_throw_a_card_next_to_one_the_opponent_took(ten: str, safe: str) -> None:
    """After the opponent takes Th from the pile the camper bot throws Jc, not Jh, which would
    join Th in a run; after it takes Tc, the other way round, whatever the seed."""
    state = took(ten)
    assert hand(ten) == state.view(0).opponent_known
    assert {gr.Discard(gr.Card(safe))} == {camper(state, seed=seed) for seed in range(6)}


def test_danger_charges_melds_the_opponent_holds_and_credits_dead_cards() -> None:
    """:func:`danger` charges the full penalty when the opponent holds both other cards of a
    meld through the discard, a partner penalty per card it holds, and credits the bonus when
    every meld through the card needs a card out of its reach; round the corner, K-A-2 counts."""
    index = gr.Card("Jh").index
    mask = hand("9h Th").mask
    assert MELD_DANGER + 2 * PARTNER_DANGER == danger(index, mask, 0, False)
    assert PARTNER_DANGER == danger(index, hand("Js").mask, 0, False)
    assert 0.0 == danger(index, 0, 0, False)
    assert -SAFE_BONUS == danger(index, 0, hand("Jc Jd Js Th Qh").mask, False)
    ace = gr.Card("Ah").index
    wrapping = hand("Kh 2h").mask
    dead = hand("Ac Ad As 3h").mask
    assert -SAFE_BONUS == danger(ace, wrapping, dead, False)
    assert MELD_DANGER + 2 * PARTNER_DANGER == danger(ace, wrapping, dead, True)


# ----------------------------------------------------------------------- one-draw future


def random_hands(count: int, seed: int) -> Iterator[tuple[int, int]]:
    """``count`` random ten-card hands (as masks), each with a random set of 20 to 41 other
    cards as the unseen cards."""
    rng = random.Random(seed)
    for _ in range(count):
        deck = list(gr.DECK)
        rng.shuffle(deck)
        yield gr.Hand(deck[:10]).mask, gr.Hand(deck[10 : 10 + rng.randint(20, 41)]).mask


@pytest.mark.parametrize("rules", [gr.PAGAT, gr.ROUND_THE_CORNER], ids=["pagat", "round-the-corner"])
def test_future_deadwood_is_the_mean_of_the_least_draws_by_brute_force(rules: gr.Ruleset) -> None:
    """:func:`future_deadwood` equals, computed with the partitioner for every unseen card,
    the mean of the seven least deadwoods left after drawing it and making the best discard
    (the shortcut for cards that meld with nothing is exact, round the corner too)."""
    for kept, unseen in random_hands(60, 3):
        cards = gr.Hand.from_mask(kept)
        after = sorted(gr.best_discard(cards.add(c), rules)[1] for c in gr.Hand.from_mask(unseen))
        expected = sum(after[:FUTURE_DRAWS]) / FUTURE_DRAWS
        assert expected == pytest.approx(future_deadwood(kept, unseen, rules))
    assert 0.0 == future_deadwood(kept, 0, rules)


# ------------------------------------------------------------------ only what the view shows


@pytest.mark.parametrize(
    "rules", [gr.PAGAT, gr.OKLAHOMA, gr.ROUND_THE_CORNER], ids=["pagat", "oklahoma", "rtc"]
)
def test_camper_acts_the_same_on_rounds_that_differ_only_in_cards_it_cannot_see(rules: gr.Ruleset) -> None:
    """At each of the camper bot's decisions it plays the same action in a round where a card
    of the opponent's it has not seen has traded places with the top of the stock and the
    rest of the stock is in another order: its view, and so its choice, is the same."""
    checked = 0
    for seed in range(3):
        for state in decisions(rules, seed, camper_bot):
            other = twin(state, reverse_stock=True)
            if other is None:
                continue
            assert (state.hand(1), state.stock) != (other.hand(1), other.stock)
            assert state.view(0) == other.view(0)
            assert camper(state, seed=seed) == camper(other, seed=seed)
            checked += 1
    assert checked >= 10


# ------------------------------------------------------------------------ seeds and layoffs


def test_camper_same_seed_same_view_same_action_and_the_seed_only_breaks_ties() -> None:
    """Two camper bots with the same seed answer a view alike; a tie between the two kings
    (same score) goes to either depending on the seed, and nothing else does."""
    kings = discarding(KINGS, 60)
    choices = [camper(kings, seed=seed) for seed in range(12)]
    assert choices == [camper(kings, seed=seed) for seed in range(12)]
    assert {gr.Discard(gr.Card("Kc")), gr.Discard(gr.Card("Kd"))} == set(choices)
    assert camper(kings, seed=None) in kings.legal_actions()  # type: ignore[arg-type]


def test_camper_refuses_a_bad_seed() -> None:
    """A seed that is neither an integer, a string nor None raises :class:`gr.GinRummyError`
    naming it."""
    with pytest.raises(gr.GinRummyError, match=r"invalid seed 1\.5: must be an integer or a string"):
        CamperBot(seed=1.5)  # type: ignore[arg-type]


def test_camper_lays_off_the_plan_of_best_layoffs() -> None:
    """As the defender the camper bot lays off exactly the cards of the optimal plan, then
    ends its layoffs with the plan's deadwood."""
    plan, laid, deadwood = layoffs_played(camper)
    assert (sorted(plan.layoffs), plan.points) == (sorted(laid), deadwood)


def test_camper_is_registered() -> None:
    """``gr.BOTS['camper']`` makes the camper bot, in any case."""
    assert isinstance(gr.make_bot("Camper", 3), CamperBot)
    assert "camper" == CamperBot.name == bot_name("camper") == bot_name(CamperBot)
