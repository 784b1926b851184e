"""The tracker bot and its card counting: it decides from its view alone (rounds that differ
only in cards it cannot see get the same action), follows its stated rules on scripted
positions under the presets, and beats the greedy bot on a small sample. Legality under every
preset and determinism for a seed are checked with the other bots in ``test_bots.py``; the
real strength figures come from ``benchmarks/strength.py``."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

import ginrummy as gr
import ginrummy.bots.tracker as tracker_module
from bot_positions import HIGH_POOL, LOW, LOW_POOL, OTHER, decisions, endgame, layoffs_played, twin
from ginrummy.bots.card_counting import CardCounter, meld_gain, meld_outs, meld_partners
from ginrummy.results.pricing import price_round
from positions import hand, play, position
from pure_source import rerun_on_pure_source

OPPONENT = "Ac Ad Ah As Tc Td Th Ts 6c Kd"
"""A hand for the player who does not act, clear of the cards the tests script."""


def tracker(round_: gr.Round, player: int = 0, seed: int = 1) -> gr.Action:
    """The tracker bot's choice for ``player`` at ``round_``."""
    return gr.TrackerBot(seed=seed).act(round_.view(player))


def greedy(round_: gr.Round, player: int = 0) -> gr.Action:
    """The greedy bot's choice for ``player`` at ``round_``."""
    return gr.GreedyBot().act(round_.view(player))


# ------------------------------------------------------------------ only what the view shows


@pytest.mark.parametrize("rules", list(gr.PRESETS.values()), ids=list(gr.PRESETS))
def test_tracker_acts_the_same_on_rounds_that_differ_only_in_cards_it_cannot_see(rules: gr.Ruleset) -> None:
    """At each of player 0's decisions (draws, discards, knocks) the tracker bot plays the
    same action in a round where a card of the opponent's it has not seen and a stock card
    trade places: its view, and so its choice, is the same."""
    checked = 0
    for seed in range(2):
        for state in decisions(rules, seed):
            other = twin(state)
            if other is None:
                continue
            assert state.hand(1) != other.hand(1)
            assert state.view(0) == other.view(0)
            assert tracker(state, seed=seed) == tracker(other, seed=seed)
            checked += 1
    assert checked >= 8


# ------------------------------------------------------------------------------ drawing


def test_tracker_takes_the_upcard_that_makes_a_meld() -> None:
    """Offered 2c, which melds with 2d 2s, the tracker bot takes it."""
    offer = position(hands=(LOW, OTHER), discard="2c", phase=gr.Phase.UPCARD_OFFER, dealer=1)
    assert gr.TakeDiscard() == tracker(offer)


def test_tracker_does_not_take_a_card_that_only_replaces_a_higher_one() -> None:
    """A 9h that melds with nothing would lower the deadwood by replacing the king (the greedy
    bot takes it); the tracker bot passes at the offer and draws from the stock later, since
    the stock's outs are worth more and a taken card shows the opponent what it holds."""
    offer = position(hands=(LOW, OTHER), discard="9h", phase=gr.Phase.UPCARD_OFFER, dealer=1)
    assert (gr.PassUpcard(), gr.TakeDiscard()) == (tracker(offer), greedy(offer))
    draw = position(hands=(LOW, OTHER), discard="5s 9h", dealer=1)
    assert (gr.DrawStock(), gr.TakeDiscard()) == (tracker(draw), greedy(draw))


def test_tracker_takes_a_discard_that_lets_it_knock_and_knocks() -> None:
    """Kh joins Jh Qh and leaves 8 deadwood once 9s goes: the tracker bot takes it and knocks
    with 9s."""
    state = position(hands=("2c 3c 4c 5d 6d 7d Jh Qh 9s 8c", OPPONENT), discard="5s Kh", dealer=1)
    assert gr.TakeDiscard() == tracker(state)
    action = tracker(state.apply(gr.TakeDiscard()))
    assert isinstance(action, gr.Knock) and gr.Card("9s") == action.card


# ---------------------------------------------------------------------------- discarding


def test_tracker_keeps_the_pair_whose_third_cards_are_live() -> None:
    """Holding the jacks and queens of clubs and diamonds, with Jh and Js in the discard pile,
    the tracker bot throws a jack (their pair can no longer become a set) where the greedy
    bot, seeing equal deadwood, throws the higher queen."""
    state = position(
        hands=("2h 3h 4h 5s 6s 7s 8s Jc Jd Qc Qd", "9c 9d 9h Tc Td Th Kc Kd Kh 2c"),
        discard="Jh Js 3d",
        phase=gr.Phase.DISCARD,
        dealer=1,
    )
    action = tracker(state)
    assert isinstance(action, gr.Discard)
    assert gr.Rank.JACK == action.card.rank
    assert gr.Discard(gr.Card("Qd")) == greedy(state)


def straight_position(opponent_takes: bool) -> gr.Round:
    """Under straight gin, player 1 either takes 8h from the pile (and throws Kd) or draws
    from the stock (and throws 2h); then player 0 draws 9h and must throw 9c or 9h."""
    state = position(
        gr.STRAIGHT,
        hands=("2c 3c 4c 5d 6d 7d Js Qs Ks 9c", "Ac Ad Ah As Tc Td Th Ts 6c Kd"),
        discard="3s 8h",
        stock_top="2h 9h" if not opponent_takes else "9h",
        dealer=0,
        to_act=1,
    )
    return play(state, "t", "d Kd", "s") if opponent_takes else play(state, "s", "d 2h", "s")


def test_tracker_does_not_throw_a_card_next_to_one_the_opponent_took() -> None:
    """After the opponent takes 8h from the pile, the tracker bot throws 9c rather than 9h,
    which would join the opponent's 8h; when the opponent drew past 8h instead, 9h is the
    safer card and goes (the greedy bot throws 9h either way)."""
    took, passed = straight_position(True), straight_position(False)
    assert gr.Hand.parse("8h") == took.view(0).opponent_known
    assert gr.Discard(gr.Card("9c")) == tracker(took)
    assert gr.Discard(gr.Card("9h")) == tracker(passed)
    assert gr.Discard(gr.Card("9h")) == greedy(took)


# ------------------------------------------------------------------------------ knocking


@pytest.mark.parametrize("stock", [3, 2])
def test_tracker_waits_rather_than_knock_into_an_undercut(stock: int) -> None:
    """With 4 deadwood after throwing 8s, the tracker bot knocks when the cards it cannot see
    are high and unmatched, but not when they are aces, twos and threes, which any opponent
    hand melds below 4: it throws 8s instead (with 2 cards in the stock that ends the round
    as a dead hand, which beats an undercut)."""
    safe = endgame(gr.PAGAT, "2c 3c 4c 5d 6d 7d Ah 2h 3h 4s 5s", HIGH_POOL, stock)
    action = tracker(safe)
    assert isinstance(action, gr.Knock) and gr.Card("5s") == action.card
    risky = endgame(gr.PAGAT, "5c 6c 7c 8d 9d Td Jh Qh Kh 4s 8s", LOW_POOL, stock)
    assert [gr.Discard(gr.Card("8s"))] * 3 == [tracker(risky, seed=s) for s in range(3)]
    assert gr.Knock(gr.Card("8s")) == greedy(risky)


def test_tracker_goes_gin_whenever_it_can() -> None:
    """Gin is never undercut: even facing the aces, twos and threes, the tracker bot goes
    gin, throwing the card that leaves no deadwood."""
    state = endgame(gr.PAGAT, "5c 6c 7c 8d 9d Td Th Jh Qh Kh Ks", LOW_POOL, 3)
    action = tracker(state)
    assert isinstance(action, gr.Knock) and gr.Card("Ks") == action.card
    final = state.apply(action)
    assert final.result is not None and gr.Outcome.GIN == final.result.outcome


def test_tracker_declares_big_gin_when_the_rules_have_it() -> None:
    """Under ``spanish-site`` eleven melded cards are declared big gin; under ``pagat`` they
    go gin."""
    cards = "5c 6c 7c 8d 9d Td Jh Qh Kh 9h Th"
    assert gr.BigGin() == tracker(endgame(gr.SPANISH_SITE, cards, LOW_POOL, 3))
    action = tracker(endgame(gr.PAGAT, cards, LOW_POOL, 3))
    assert isinstance(action, gr.Knock)
    assert 0 == gr.deadwood(gr.Hand.parse(cards).remove(action.card))


@pytest.mark.parametrize(
    ("rules", "upcard", "knocks"),
    [
        (gr.OKLAHOMA, "5h", True),
        (gr.OKLAHOMA, "3d", False),
        (gr.OKLAHOMA, "As", False),
        (gr.STRAIGHT, "9d", False),
    ],
)
def test_tracker_knocks_only_within_the_rounds_limit(rules: gr.Ruleset, upcard: str, knocks: bool) -> None:
    """With 4 deadwood against high unmatched cards, the tracker bot knocks in Oklahoma when
    the initial upcard allows 4 (a 5), not when it allows less (a 3; an ace means gin only),
    and never under straight gin."""
    pool = HIGH_POOL.replace("6s", "7c")
    mine = gr.Hand.parse("2c 3c 4c 5d 6d 7d Ah 2h 3h 4s 5s")
    unseen = list(hand(pool))
    rest = [c for c in gr.DECK if c not in mine and c not in unseen and str(c) != upcard]
    state = gr.Round.from_position(
        rules,
        dealer=1,
        hands=(mine, gr.Hand(unseen[:10])),
        stock=unseen[10:],
        discard_pile=[gr.Card(upcard), *rest],
        phase=gr.Phase.DISCARD,
        to_act=0,
    )
    action = tracker(state)
    assert state.is_legal(action)
    assert knocks == isinstance(action, gr.Knock)


def test_tracker_shows_the_spread_open_to_fewer_layoffs() -> None:
    """``Ac 2c 3c 4c 2d 4d 4h 5h 3s 4s`` has two optimal spreads: the four fours with
    ``Ac 2c 3c``, or ``Ac-4c`` with three fours. The second takes 5c, which the opponent may
    hold; the first takes no card the opponent can have, and the tracker bot shows it."""
    mine = "Ac 2c 3c 4c 2d 4d 4h 5h 3s 4s Kd"
    state = endgame(gr.PAGAT, mine, HIGH_POOL.replace("6s", "5c"), 3)
    rest = gr.Hand.parse(mine).remove(gr.Card("Kd"))
    assert 2 == len(gr.all_best_melds(rest, gr.PAGAT))
    action = tracker(state)
    assert isinstance(action, gr.Knock) and action.melds is not None
    assert {gr.Meld.parse("Ac 2c 3c"), gr.Meld.parse("4c 4d 4h 4s")} == set(action.melds)


# ------------------------------------------------------------------------------ layoffs


def test_tracker_lays_off_the_plan_of_best_layoffs() -> None:
    """As the defender the tracker bot lays off exactly the cards of the optimal plan, then
    ends its layoffs with the plan's deadwood."""
    plan, laid, deadwood = layoffs_played(tracker)
    assert (sorted(plan.layoffs), plan.points) == (sorted(laid), deadwood)


# ------------------------------------------------------------------------------ strength


def test_tracker_scores_more_than_greedy_over_a_small_sample() -> None:
    """Over 60 deals played twice with the seats swapped under ``pagat``, the tracker bot
    wins more rounds and more points than the greedy bot (a smoke check: the benchmark
    measures the real win rates)."""
    points = [0, 0]  # tracker, greedy
    wins = [0, 0]
    for seed in range(60):
        for seat in (0, 1):
            bots: list[gr.Bot] = [gr.GreedyBot(), gr.GreedyBot()]
            bots[seat] = gr.TrackerBot(seed=seed)
            state = gr.Round.deal(gr.PAGAT, dealer=seed % 2, seed=seed)
            while state.to_act is not None:
                state = state.apply(bots[state.to_act].act(state.view(state.to_act)))
            result = state.result
            assert result is not None
            if result.winner is not None:
                side = 0 if result.winner == seat else 1
                points[side] += result.points
                wins[side] += 1
    assert points[0] > points[1]
    assert wins[0] > wins[1]


# ------------------------------------------------------------------------ card counting


def random_hands(count: int, seed: int) -> Iterator[tuple[int, int]]:
    """``count`` pairs (ten-card hand, thirty unseen cards) as masks, half of them dealt from
    the middle ranks so that pairs, triples and runs overlap."""
    rng = random.Random(seed)
    for i in range(count):
        deck = list(gr.DECK)
        rng.shuffle(deck)
        if i % 2:
            deck.sort(key=lambda c: not 5 <= c.rank <= 10)
            head, tail = deck[:10], deck[10:]
            rng.shuffle(tail)
            deck = head + tail
        yield gr.Hand(deck[:10]).mask, gr.Hand(deck[10:40]).mask


@pytest.mark.parametrize("rules", [gr.PAGAT, gr.ROUND_THE_CORNER], ids=["pagat", "round-the-corner"])
def test_meld_outs_are_the_cards_with_two_partners_in_the_hand(rules: gr.Ruleset) -> None:
    """A card is an out of a hand exactly when it is not held and some 3-card meld holds it
    and two cards of the hand (runs wrap round the corner)."""
    wrap = rules.round_the_corner
    for mask, _ in random_hands(200, 1):
        expected = 0
        for index in range(52):
            bit = 1 << index
            if not mask & bit and any(y & mask and z & mask for y, z in meld_partners(wrap)[index]):
                expected |= bit
        assert expected == meld_outs(mask, wrap)


@pytest.mark.parametrize("rules", [gr.PAGAT, gr.ROUND_THE_CORNER], ids=["pagat", "round-the-corner"])
def test_meld_gain_is_exact_for_hands_without_three_of_a_rank(rules: gr.Ruleset) -> None:
    """For a hand holding no rank three times, the meld gain equals, summed over the unseen
    outs, the deadwood the partitioner says each one saves."""
    checked = 0
    for mask, live in random_hands(500, 2):
        cards = gr.Hand.from_mask(mask)
        if any(sum(1 for c in cards if c.rank == rank) >= 3 for rank in gr.Rank):
            continue
        points = gr.deadwood(cards, rules)
        outs = gr.Hand.from_mask(meld_outs(mask, rules.round_the_corner) & live)
        expected = sum(max(0, points - gr.deadwood(cards.add(c), rules)) for c in outs)
        assert expected == meld_gain(mask, points, live, rules)
        checked += 1
    assert checked >= 200


def test_meld_gain_ignores_outs_that_are_not_live() -> None:
    """A pair whose third cards are in the discard pile (not live) adds nothing."""
    cards = gr.Hand.parse("7c 7d Kc Qd 2s 4s 6s Jh 9h 3c")
    points = gr.deadwood(cards)
    assert 28 == meld_gain(cards.mask, points, gr.Hand.parse("7h 7s").mask, gr.PAGAT)
    assert 0 == meld_gain(cards.mask, points, gr.Hand.parse("Ks Kd").mask, gr.PAGAT)


def test_card_counter_reads_the_view() -> None:
    """The counter sees as unseen exactly the cards whose place the view does not show; a
    card taken from the pile is held for sure; cards next to or of the rank of one the
    opponent let go are less likely held than others; its own cards are never held."""
    state = position(hands=(LOW, OTHER), discard="5s 9h", stock_top="2h", dealer=1)
    state = play(state, "s", "d 2h", "t", "d 8c")  # player 0 draws, throws; player 1 takes 2h
    view = state.view(0)
    counter = CardCounter(view)
    assert gr.DECK and (gr.Hand.from_mask(counter.unseen) | view.known_cards) == gr.Hand(gr.DECK)
    assert not counter.unseen & view.known_cards.mask
    assert 1.0 == counter.holds(gr.Card("2h").mask)
    assert 0.0 == counter.holds(gr.Card("Ac").mask)
    view1 = state.view(1)
    counter1 = CardCounter(view1)
    # player 0 drew past 9h and threw 2h: 9s (same rank) and Th (next to 9h) are less likely
    assert counter1.holds(gr.Card("9s").mask) < counter1.holds(gr.Card("Qs").mask)
    assert counter1.holds(gr.Card("Th").mask) < counter1.holds(gr.Card("Qs").mask)
    assert 10 / counter1.unseen.bit_count() == counter1.holds(gr.Card("Qs").mask)


# ----------------------------------------------------------------------------- appraise


def test_appraise_ranks_what_the_tracker_weighs_with_its_choice_first() -> None:
    """``appraise`` lists the actions the tracker bot weighs, best first, all legal, the first
    being what ``act`` plays; at a draw both taking and drawing are there; a legal knock it
    declines is listed last with value ``inf``, and one it makes first with ``-inf``, before
    the discards it would otherwise weigh."""
    for state in decisions(gr.PAGAT, 3):
        ranked = gr.TrackerBot(seed=3).appraise(state.view(0))
        assert tracker(state, seed=3) == ranked[0][1]
        assert all(state.is_legal(action) for _, action in ranked)
        values = [value for value, _ in ranked]
        assert sorted(values) == values
        if gr.TakeDiscard() in state.legal_actions():
            assert {type(a) for _, a in ranked} in (
                {gr.TakeDiscard, gr.DrawStock},
                {gr.TakeDiscard, gr.PassUpcard},
            )
    risky = endgame(gr.PAGAT, "5c 6c 7c 8d 9d Td Jh Qh Kh 4s 8s", LOW_POOL, 3)
    ranked = gr.TrackerBot(seed=1).appraise(risky.view(0))
    assert gr.Discard(gr.Card("8s")) == ranked[0][1]
    value, last = ranked[-1]
    assert isinstance(last, gr.Knock) and gr.Card("8s") == last.card and float("inf") == value
    safe = endgame(gr.PAGAT, "2c 3c 4c 5d 6d 7d Ah 2h 3h 4s 5s", HIGH_POOL, 3)
    ranked = gr.TrackerBot(seed=1).appraise(safe.view(0))
    value, first = ranked[0]
    assert isinstance(first, gr.Knock) and float("-inf") == value
    assert 2 <= len(ranked) and all(isinstance(a, gr.Discard) for _, a in ranked[1:])


# ---------------------------------------------------------------------------- its weights


def tuned(round_: gr.Round, **weights: float) -> gr.Action:
    """The choice of a tracker bot with ``weights`` for player 0 at ``round_``."""
    return gr.TrackerBot(seed=1, **weights).act(round_.view(0))  # type: ignore[arg-type]


def test_tracker_defaults_are_the_module_constants() -> None:
    """A tracker bot made without weights carries the documented constants."""
    bot = gr.TrackerBot()
    assert (bot.potential_weight, bot.danger_weight, bot.take_margin) == (
        tracker_module.POTENTIAL_WEIGHT,
        tracker_module.DANGER_WEIGHT,
        tracker_module.TAKE_MARGIN,
    )
    assert (bot.knock_threshold, bot.knock_samples) == (
        tracker_module.KNOCK_THRESHOLD,
        tracker_module.KNOCK_SAMPLES,
    )


def test_knock_threshold_decides_between_knocking_and_waiting() -> None:
    """An infinite threshold never knocks while the round would go on (it throws 5s where the
    default knocks with it), but knocks a paying hand when not knocking would end the round
    as a dead hand; a threshold of minus infinity knocks into the likely undercut that the
    default avoids, except where waiting ends the round as a dead hand instead."""
    safe, safe_last = (endgame(gr.PAGAT, "2c 3c 4c 5d 6d 7d Ah 2h 3h 4s 5s", HIGH_POOL, s) for s in (3, 2))
    assert gr.Discard(gr.Card("5s")) == tuned(safe, knock_threshold=math.inf)
    for state in (safe, safe_last):
        assert isinstance(tracker(state), gr.Knock)
    last = tuned(safe_last, knock_threshold=math.inf)
    assert isinstance(last, gr.Knock) and gr.Card("5s") == last.card
    risky, risky_last = (endgame(gr.PAGAT, "5c 6c 7c 8d 9d Td Jh Qh Kh 4s 8s", LOW_POOL, s) for s in (3, 2))
    eager = tuned(risky, knock_threshold=-math.inf)
    assert isinstance(eager, gr.Knock) and gr.Card("8s") == eager.card
    assert gr.Discard(gr.Card("8s")) == tuned(risky_last, knock_threshold=-math.inf)


def test_knock_threshold_gin_is_taken_whatever_the_threshold() -> None:
    """Even a tracker bot that never knocks goes gin."""
    state = endgame(gr.PAGAT, "5c 6c 7c 8d 9d Td Th Jh Qh Kh Ks", LOW_POOL, 3)
    action = tuned(state, knock_threshold=math.inf)
    assert isinstance(action, gr.Knock) and gr.Card("Ks") == action.card


def test_danger_weight_zero_ignores_what_the_opponent_took() -> None:
    """Without the danger charge the tracker bot throws 9h next to the 8h the opponent took,
    as the greedy bot does; by default it keeps it."""
    took = straight_position(True)
    assert (gr.Discard(gr.Card("9h")), gr.Discard(gr.Card("9c"))) == (
        tuned(took, danger_weight=0),
        tracker(took),
    )


def test_potential_weight_zero_ignores_which_pair_can_still_meld() -> None:
    """Without meld potential the dead jacks and the live queens weigh alike and the higher
    queen goes; by default a jack goes."""
    state = position(
        hands=("2h 3h 4h 5s 6s 7s 8s Jc Jd Qc Qd", "9c 9d 9h Tc Td Th Kc Kd Kh 2c"),
        discard="Jh Js 3d",
        phase=gr.Phase.DISCARD,
        dealer=1,
    )
    assert gr.Discard(gr.Card("Qd")) == tuned(state, potential_weight=0)
    action = tracker(state)
    assert isinstance(action, gr.Discard) and gr.Rank.JACK == action.card.rank


def test_take_margin_moves_the_line_between_taking_and_drawing() -> None:
    """A margin of 100 points passes the 2c that makes a meld; a margin of -100 takes the 9h
    that melds with nothing; the default does the opposite of both."""
    meld = position(hands=(LOW, OTHER), discard="2c", phase=gr.Phase.UPCARD_OFFER, dealer=1)
    lone = position(hands=(LOW, OTHER), discard="9h", phase=gr.Phase.UPCARD_OFFER, dealer=1)
    assert (gr.PassUpcard(), gr.TakeDiscard()) == (tuned(meld, take_margin=100), tracker(meld))
    assert (gr.TakeDiscard(), gr.PassUpcard()) == (tuned(lone, take_margin=-100), tracker(lone))


@pytest.mark.parametrize("samples", [1, 5])
def test_knock_samples_is_the_number_of_hands_priced(
    samples: int, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """Valuing one knock prices ``knock_samples`` sampled opponent hands (counted on the pure
    source: ``pure_source`` says why)."""
    if rerun_on_pure_source(request):
        return
    calls: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return price_round(*args, **kwargs)

    monkeypatch.setattr(tracker_module, "price_round", counted)
    state = endgame(gr.PAGAT, "2c 3c 4c 5d 6d 7d Ah 2h 3h 4s 5s", HIGH_POOL, 3)
    assert isinstance(tuned(state, knock_samples=samples), gr.Knock)
    assert samples == len(calls)


@pytest.mark.parametrize(
    ("weight", "value", "reason"),
    [
        ("potential_weight", -0.5, "must be a finite number of at least 0"),
        ("potential_weight", math.inf, "must be a finite number"),
        ("danger_weight", "8", "must be a number"),
        ("danger_weight", True, "must be a number"),
        ("take_margin", math.nan, "must be a number"),
        ("take_margin", -math.inf, "must be a finite number"),
        ("knock_threshold", math.nan, "must be a number"),
        ("knock_threshold", None, "must be a number"),
        ("knock_threshold", 10**400, "must be a number a float can hold"),
        ("knock_samples", 0, "must be an integer of at least 1"),
        ("knock_samples", 2.0, "must be an integer of at least 1"),
        ("knock_samples", True, "must be an integer of at least 1"),
    ],
)
def test_tracker_refuses_weights_out_of_range(weight: str, value: object, reason: str) -> None:
    """Each weight out of range raises the library's error, naming the weight (also as the
    error's field), the value (its first 80 characters) and the reason."""
    with pytest.raises(gr.GinRummyError) as info:
        gr.TrackerBot(**{weight: value})  # type: ignore[arg-type]
    assert f"invalid {weight} {value!r:.80}: {reason}" == str(info.value)
    assert weight == info.value.field
