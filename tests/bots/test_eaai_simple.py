"""The EAAI-21 Gin Rummy challenge: the ``eaai`` preset and the ``eaai-simple`` bot.

Every expectation here was derived by reading the challenge's public Java source
(``GinRummyGame.java``, ``GinRummyUtil.java``, ``SimpleGinRummyPlayer.java`` of
``tneller/gin-rummy-eaai``), not from the port's own output: the constants of
``GinRummyUtil``, the starting player of ``GinRummyGame.play``, and the decisions of
``SimpleGinRummyPlayer`` (take a face-up card that melds, discard to least deadwood never
repeating a (drawn, discarded) pair, knock at once, and the engine's first-fit layoffs).
"""

from __future__ import annotations

import pytest

import ginrummy as gr
from ginrummy.bots.eaai_simple import EaaiSimpleBot, engine_layoffs, run_cuts, would_meld
from positions import card, hand, meld, play, position


def test_eaai_preset_matches_the_challenge_constants() -> None:
    """GinRummyUtil: GOAL_SCORE 100, GIN_BONUS 25, UNDERCUT_BONUS 25, MAX_DEADWOOD 10; the
    engine scores round points only (no game bonus, boxes or shutout), ties are undercuts,
    a taken face-up card may not be discarded, the round is cancelled at 2 stock cards."""
    r = gr.EAAI
    expected = (100, 25, 25, 10, 0, 0, gr.Shutout.NONE, gr.GameWinner.FIRST_TO_TARGET, True)
    assert expected == (
        r.target,
        r.gin_bonus,
        r.undercut_bonus,
        r.knock_limit,
        r.game_bonus,
        r.box_bonus,
        r.shutout,
        r.game_winner,
        r.undercut_on_tie,
    )
    assert (gr.AfterPass.STOCK_ONLY, False, 2, False, False, 1, False) == (
        r.after_both_pass,
        r.may_discard_taken_card,
        r.dead_hand_stock,
        r.big_gin,
        r.round_the_corner,
        r.ace_points,
        r.layoffs_after_gin,
    )


def test_eaai_starting_player_alternates_after_a_scored_hand_and_stays_after_a_cancelled_one() -> None:
    """GinRummyGame.play flips startingPlayer only when a knock ended the hand; a hand
    cancelled at two stock cards keeps it (next_dealer ALTERNATE, a dead hand redealt)."""
    assert gr.NextDealer.ALTERNATE == gr.EAAI.next_dealer
    seen_dead, seen_scored = False, False
    for seed in range(16):
        # random bots rarely knock, so their hands often die; the baseline knocks at once
        bots = (gr.make_bot("eaai-simple" if seed % 2 else "random", seed), gr.make_bot("random", seed))
        g = gr.Game.new(gr.EAAI, seed=seed, dealer=0)
        while not g.is_over and len(g.results) < 8:
            before, dealer = len(g.results), g.round.dealer
            player = g.to_act
            assert player is not None
            g = g.apply(bots[player].act(g.round.view(player)))
            if len(g.results) > before and not g.is_over:
                result = g.results[-1]
                if result.winner is None:
                    seen_dead = True
                    assert dealer == g.round.dealer
                else:
                    seen_scored = True
                    assert 1 - dealer == g.round.dealer
    assert seen_scored and seen_dead


def test_eaai_simple_is_registered() -> None:
    """``gr.BOTS['eaai-simple']`` makes the port."""
    assert isinstance(gr.make_bot("eaai-simple", 3), EaaiSimpleBot)
    assert "eaai-simple" == EaaiSimpleBot.name == gr.make_bot("EAAI-Simple", 3).name  # type: ignore[attr-defined]


OFFER_HAND = "7c 7d 5h 6h Kh 2d 3s 9c Jh Qs"


@pytest.mark.parametrize(
    ("upcard", "expected"),
    [
        ("7s", gr.TakeDiscard()),  # a set with 7c 7d
        ("4h", gr.TakeDiscard()),  # a run 4h 5h 6h
        ("7h", gr.TakeDiscard()),  # a run 5h 6h 7h
        ("Ac", gr.PassUpcard()),  # lowers the deadwood but melds nothing
        ("Ks", gr.PassUpcard()),  # a pair only
        ("8h", gr.PassUpcard()),  # 8h needs 7h too
    ],
)
def test_eaai_simple_takes_the_upcard_only_when_it_melds(upcard: str, expected: gr.Action) -> None:
    """willDrawFaceUpCard: true iff the card is in some meld of the hand plus the card."""
    others = "Ad 2c 3h 4s Td Th 9s 8c 8d 4c"
    r = position(
        gr.EAAI,
        hands=(others, OFFER_HAND),
        discard=upcard,
        phase=gr.Phase.UPCARD_OFFER,
    )
    assert expected == EaaiSimpleBot(seed=1).act(r.view(1))


def test_eaai_simple_draws_from_the_stock_when_the_top_discard_does_not_meld() -> None:
    """In a normal draw the same rule applies: a low card that melds nothing is left (the
    greedy bot would take it)."""
    r = position(gr.EAAI, hands=("Ad 2c 3h 4s Td Th 9s 8c 8d 4c", OFFER_HAND), discard="Ks Ac")
    view = r.view(1)
    assert (gr.DrawStock(), gr.TakeDiscard()) == (EaaiSimpleBot(seed=1).act(view), gr.GreedyBot().act(view))
    r = position(gr.EAAI, hands=("Ad 2c 3h 4s Td Th 9s 8c 8d 4c", OFFER_HAND), discard="Ks 4h")
    assert gr.TakeDiscard() == EaaiSimpleBot(seed=1).act(r.view(1))


def test_would_meld_wraps_only_round_the_corner() -> None:
    """Melds follow the ruleset: K A 2 is a run only round the corner."""
    held = hand("Kd 2d 9c")
    assert (False, True) == (
        would_meld(held, card("Ad"), gr.PAGAT),
        would_meld(held, card("Ad"), gr.ROUND_THE_CORNER),
    )


OTHERS = "Ad 2h 4s 8h 9h Jc Qc Qh Jd 6c"


def _discard_position(cards: str, rules: gr.Ruleset = gr.EAAI, discard: str = "Qd") -> gr.Round:
    return position(rules, hands=(OTHERS, cards), discard=discard, phase=gr.Phase.DISCARD)


def test_eaai_simple_discards_to_least_deadwood_and_knocks_at_ten() -> None:
    """getDiscard keeps the least deadwood; getFinalMelds knocks when it is at most
    MAX_DEADWOOD (10): As 2d 3s 4d left is 10, a knock; As 2d 3s 5d is 11, a discard."""
    r = _discard_position("2c 3c 4c 5h 6h 7h As 2d 3s 4d Kh")
    action = EaaiSimpleBot(seed=1).act(r.view(1))
    assert isinstance(action, gr.Knock) and card("Kh") == action.card
    assert action.melds is not None and {meld("2c 3c 4c"), meld("5h 6h 7h")} == set(action.melds)
    r = _discard_position("2c 3c 4c 5h 6h 7h As 2d 3s 5d Kh")
    assert gr.Discard(card("Kh")) == EaaiSimpleBot(seed=1).act(r.view(1))


def test_eaai_simple_knock_limit_is_the_rounds() -> None:
    """A rule the library forces: the knock limit is the round's, so under straight gin a
    deadwood of 10 is discarded, not knocked."""
    r = _discard_position("2c 3c 4c 5h 6h 7h As 2d 3s 4d Kh", gr.STRAIGHT)
    assert gr.Discard(card("Kh")) == EaaiSimpleBot(seed=1).act(r.view(1))


def test_eaai_simple_goes_gin() -> None:
    """With 0 deadwood after the discard the knock is gin."""
    r = _discard_position("2c 3c 4c 5c 5h 6h 7h 9s 9d 9c Kh")
    after = r.apply(EaaiSimpleBot(seed=1).act(r.view(1)))
    assert after.result is not None and gr.Outcome.GIN == after.result.outcome


def test_eaai_simple_breaks_ties_at_random_among_least_deadwood_discards() -> None:
    """Ties (Kh or Ks leave the same deadwood) are chosen at random: over seeds both occur,
    and nothing else."""
    r = _discard_position("2c 3c 4c 5h 6h 7h 9s 9d 8d Kh Ks")
    chosen = {EaaiSimpleBot(seed=seed).act(r.view(1)) for seed in range(30)}
    assert {gr.Discard(card("Kh")), gr.Discard(card("Ks"))} == chosen


def test_eaai_simple_never_discards_the_card_taken_face_up() -> None:
    """'Cannot draw and discard face up card', even where the ruleset would allow it."""
    for rules in (gr.EAAI, gr.OPENSPIEL):
        r = position(
            rules,
            hands=(OTHERS, "2c 3c 4c 5h 6h 7h 9s 9d 8d Kh Ts"),
            discard="5d",
            phase=gr.Phase.DISCARD,
            taken="Kh",
        )
        assert gr.Discard(card("Ts")) == EaaiSimpleBot(seed=1).act(r.view(1))


def test_eaai_simple_never_repeats_a_drawn_and_discarded_pair() -> None:
    """drawDiscardBitstrings holds each (drawn, discarded) pair as a set of two cards: after
    taking Kh and discarding 3s, taking 3s back it will not discard Kh, though Kh leaves the
    least deadwood; the same cards without that history discard Kh."""
    r = position(
        gr.EAAI,
        hands=("Ac 2d 4d 6d 8c Tc Jh Js 5c 9c", "2c 3c 4c 5h 6h 7h 9s 9d 8d 3s"),
        discard="5d Kh",
        stock_top="8s Td",
    )
    r = play(r, "t", "d 3s", "t", "d Jh", "s", "d 8s", "s", "d 3s", "t")
    assert (hand("2c 3c 4c 5h 6h 7h 9s 9d 8d Kh 3s"), card("3s")) == (r.hand(1), r.taken)
    chosen = {EaaiSimpleBot(seed=seed).act(r.view(1)) for seed in range(20)}
    assert {gr.Discard(card("9s")), gr.Discard(card("9d"))} == chosen
    fresh = position(
        gr.EAAI,
        hands=(str(r.hand(0)), str(r.hand(1))),
        discard=" ".join(map(str, r.discard_pile)),
        phase=gr.Phase.DISCARD,
        taken="3s",
    )
    assert gr.Discard(card("Kh")) == EaaiSimpleBot(seed=1).act(fresh.view(1))


def _knocked(spread: list[str]) -> gr.Round:
    r = position(
        gr.EAAI,
        hands=("7c 7s 7h 4d 5d 6d Ac 2h 3s 2c Kc", "7d 8d Jc Qh Kd Ks Qs 5h 9h Th"),
        discard="Ah",
        phase=gr.Phase.DISCARD,
        to_act=0,
    )
    return r.apply(gr.Knock(card("Kc"), [meld(text) for text in spread]))


def test_eaai_simple_lays_off_as_the_challenge_engine_does() -> None:
    """The engine tries the defender's cards in card order and puts each on the first meld
    it fits: 7d goes onto the set 7c 7s 7h when the set comes first, and 8d then fits
    nothing; with the run first, 7d and then 8d extend the run."""
    r = _knocked(["7c 7s 7h", "4d 5d 6d"])
    bot = EaaiSimpleBot(seed=1)
    assert gr.LayOff(card("7d"), 0) == bot.act(r.view(1))
    r = r.apply(gr.LayOff(card("7d"), 0))
    assert gr.EndLayoffs() == bot.act(r.view(1))
    r = _knocked(["4d 5d 6d", "7c 7s 7h"])
    r = r.apply(bot.act(r.view(1)))
    r = r.apply(bot.act(r.view(1)))
    assert ((card("7d"), 0), (card("8d"), 0)) == r.layoffs
    assert gr.EndLayoffs() == bot.act(r.view(1))


def test_engine_layoffs_keep_the_defenders_melds() -> None:
    """Only the cards outside the defender's declared melds are laid off: with 7d 8d 9d
    declared as a run, nothing goes."""
    spread = [meld("7c 7s 7h"), meld("4d 5d 6d")]
    assert () == engine_layoffs(spread, hand("Kc Qh"), gr.EAAI)
    assert ((card("3d"), 1), (card("2d"), 1)) == engine_layoffs(spread, hand("2d 3d"), gr.EAAI)


def test_run_cuts_count_the_originals_best_meld_sets() -> None:
    """cardsToBestMeldSets lists every maximal meld set: a run of 6 also as two runs of 3, a
    run of 9 in 6 ways (9, 3+6, 6+3, 4+5, 5+4, 3+3+3)."""
    assert 2 == run_cuts(gr.best_melds("3c 4c 5c 6c 7c 8c"))
    assert 6 == run_cuts(gr.best_melds("As 2s 3s 4s 5s 6s 7s 8s 9s"))
    assert 1 == run_cuts(gr.best_melds("7c 7d 7h 7s"))


def test_eaai_simple_knocks_with_each_best_arrangement() -> None:
    """getFinalMelds shows a best meld set at random: 7c 8c 9c Tc 7d 7h 7s has two (the set
    of four or the run of four), and both occur over seeds."""
    r = _discard_position("7c 8c 9c Tc 7d 7h 7s As 2s 3d Kh")
    spreads = set()
    for seed in range(30):
        action = EaaiSimpleBot(seed=seed).act(r.view(1))
        assert isinstance(action, gr.Knock) and action.melds is not None
        spreads.add(frozenset(action.melds))
    assert {
        frozenset({meld("7c 7d 7h 7s"), meld("8c 9c Tc")}),
        frozenset({meld("7c 8c 9c Tc"), meld("7d 7h 7s")}),
    } == spreads


def test_eaai_simple_same_seed_same_view_same_action() -> None:
    """The choices depend only on the seed and the view; games against the tracker bot run
    to the end with legal actions."""
    r = _discard_position("2c 3c 4c 5h 6h 7h 9s 9d 8d Kh Ks")
    assert EaaiSimpleBot(seed=5).act(r.view(1)) == EaaiSimpleBot(seed=5).act(r.view(1))
    report = gr.simulate(gr.EAAI, games=2, seed=3, bots=("eaai-simple", "tracker"))
    assert 2 == report.stats[0].games
    assert EaaiSimpleBot(seed=None).act(r.view(1)) in r.legal_actions()
