"""The rule variants beyond the seeds, one test per rule (docs/rules.rst §1, §5-8).

- **Round the corner** (:data:`gr.ROUND_THE_CORNER`): wrapping runs, the unmatched ace worth 15,
  layoffs onto gin and the void round a matched gin makes, bonuses 20, target 125.
- **Hollywood** (:data:`gr.HOLLYWOOD`): three game columns settled from hand-built
  :class:`gr.RoundResult` lists, and whole matches played by bots.
- **Engine presets** (:data:`gr.OPENSPIEL`, :data:`gr.EAAI`): their values, their names and the
  command line.
- **Playouts**: random rounds under every new preset, checking the invariants after every action.

In the knock tests player 1 is the knocker (the non-dealer, to act with eleven cards) and player
0 the defender.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from cli_helpers import run_cli
from ginrummy.play.game import next_dealer
from hypothesis_share import examples
from positions import card, cards, check_cards, choose_action, illegal_reason, play, position

RTC = gr.ROUND_THE_CORNER
DISCARD = gr.Phase.DISCARD
LAYOFF = gr.Phase.LAYOFF
OVER = gr.Phase.OVER

NEW_PRESETS = (gr.ROUND_THE_CORNER, gr.HOLLYWOOD, gr.OPENSPIEL, gr.EAAI)
"""The presets beyond the seeds (docs/rules.rst §8: «the library may ship more presets»)."""

WRAPPING_RUNS = {"Q-K-A": "Qs Ks As", "K-A-2": "Ks As 2s", "Q-K-A-2-3": "Qs Ks As 2s 3s"}
"""docs/rules.rst §1's examples of runs that go round the corner."""


def wrap_meld(text: str) -> gr.Meld:
    """The meld written ``text``, read with round-the-corner runs."""
    return gr.Meld.parse(text, rules=RTC)


def result_of(r: gr.Round) -> gr.RoundResult:
    """The result of a round that is over."""
    assert r.result is not None, f"{r!r} is not over"
    return r.result


def won(player: int, points: int, outcome: gr.Outcome = gr.Outcome.KNOCK) -> gr.RoundResult:
    """A round won by ``player`` for ``points`` (a knock unless said otherwise)."""
    return gr.RoundResult(outcome=outcome, winner=player, points=points)


# ======================================================================== round the corner

KNOCKER = "Qs Ks As 7h 7d 7c 4c 5c 6c 2d 9h"
"""Player 1's eleven cards: knocking with 9h shows Qs Ks As / 7c 7d 7h / 4c 5c 6c, deadwood 2d."""
WRAP_SPREAD = (wrap_meld("Qs Ks As"), gr.Meld.parse("7h 7d 7c"), gr.Meld.parse("4c 5c 6c"))
"""KNOCKER's spread: meld 0 = Qs Ks As (round the corner), meld 1 = the sevens, meld 2 = 4c-6c."""
DEFENDER = "Jh Jd 2s 3s Js 8c 9c Tc 3h 4h"
"""A defender who can lay off 2s, 3s (onto 2s) and Js onto Qs Ks As."""

GIN_KNOCKER = "Qs Ks As 7h 7d 7c 2c 3c 4c 5c 9h"
"""Player 1's eleven cards: knocking with 9h goes gin with GIN_SPREAD."""
GIN_SPREAD = (wrap_meld("Qs Ks As"), gr.Meld.parse("7h 7d 7c"), gr.Meld.parse("2c 3c 4c 5c"))
"""meld 0 = Qs Ks As, meld 1 = 7c 7d 7h, meld 2 = 2c-5c."""
GIN_KNOCK = gr.Knock(card("9h"), GIN_SPREAD)
MATCHING = "Js 2s 7s 6c 8d 9d Td Jh Qh Kh"
"""A defender who lays off Js and 2s onto meld 0, 7s onto meld 1 and 6c onto meld 2, and melds
the rest: deadwood 25 before its layoffs, 0 after."""
MATCHING_LAYOFFS = ("l Js 0", "l 2s 0", "l 7s 1", "l 6c 2")
UNMATCHED = "Js 2s 7s 6c 8d 9d Td Jh Qh 5h"
"""MATCHING with 5h for Kh: after the same layoffs Jh Qh 5h (25) are left."""


def knock_position(defender: str, knocker: str, rules: gr.Ruleset = RTC, discard: str = "5d") -> gr.Round:
    """Player 1 to act with eleven cards (``knocker``), player 0 holding ``defender``."""
    return position(rules, hands=(defender, knocker), discard=discard, phase=DISCARD, to_act=1)


@pytest.mark.parametrize("text", WRAPPING_RUNS.values(), ids=list(WRAPPING_RUNS))
def test_round_the_corner_runs_wrap_past_the_ace(text: str) -> None:
    """docs/rules.rst §1: «With `round_the_corner`, the ace is also high and runs wrap (Q-K-A, K-A-2,
    Q-K-A-2-3 are runs)»: each is a meld, and its cards count as melded."""
    meld = wrap_meld(text)
    assert (gr.MeldKind.RUN, True) == (meld.kind, meld.wraps)
    assert 0 == gr.deadwood(text, RTC)
    assert (meld,) == gr.best_melds(text, RTC).melds
    assert 9 + 5 == gr.deadwood(f"{text} 9h 5d", RTC)


@pytest.mark.parametrize(
    ("text", "points"),
    # Q-K-A-2-3 holds the plain run A-2-3, which leaves only Qs Ks: 20
    [("Qs Ks As", 10 + 10 + 1), ("Ks As 2s", 10 + 1 + 2), ("Qs Ks As 2s 3s", 10 + 10)],
    ids=list(WRAPPING_RUNS),
)
def test_wrapping_runs_are_not_melds_traditionally(text: str, points: int) -> None:
    """docs/rules.rst §1: «Ace is low only: A-2-3 is a run, Q-K-A and K-A-2 are not (all seeds).»"""
    with pytest.raises(gr.InvalidMeldError) as info:
        gr.Meld.parse(text)
    assert "the run goes round the corner, which these rules do not allow" in str(info.value)
    assert points == gr.deadwood(text, gr.PAGAT)
    assert points == gr.deadwood(text)


@pytest.mark.parametrize(
    ("text", "rtc", "pagat"),
    [
        ("Ac 5d 9h", 15 + 5 + 9, 1 + 5 + 9),
        ("Ac Ad 5d", 15 + 15 + 5, 1 + 1 + 5),
        ("Ac Ad Ah 5d", 5, 5),
        ("As 2s 3s Ad", 15, 1),
    ],
)
def test_unmatched_ace_counts_15_round_the_corner(text: str, rtc: int, pagat: int) -> None:
    """docs/rules.rst §1: «Deadwood value: A = `ace_points` (1; 15 in round-the-corner)»: an ace in no
    meld counts 15, a melded ace nothing."""
    assert 15 == RTC.ace_points
    assert rtc == gr.deadwood(text, RTC)
    assert pagat == gr.deadwood(text, gr.PAGAT)


def test_wrapping_run_uses_each_card_once_and_holds_at_most_13_cards() -> None:
    """docs/rules.rst §1: «a run may not use the same card twice (at most 13 cards)»: a card given twice
    is refused, the whole suit is one run of 13 that accepts no further card, and a run of 12
    missing Js takes only Js (at either end)."""
    with pytest.raises(gr.InvalidMeldError) as info:
        gr.Meld.parse("Qs Ks As 2s Qs", rules=RTC)
    assert "invalid meld 'Qs Ks As 2s Qs': card 'Qs' appears twice" == str(info.value)
    suit = wrap_meld("Ks As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs")
    assert 13 == len(suit)
    assert [] == [c for c in gr.DECK if suit.accepts(c, RTC)]
    twelve = wrap_meld("Qs Ks As 2s 3s 4s 5s 6s 7s 8s 9s Ts")
    assert [card("Js")] == [c for c in gr.DECK if twelve.accepts(c, RTC)]
    runs = [m for m in gr.all_melds(RTC) if m.kind is gr.MeldKind.RUN]
    assert 13 == max(len(m) for m in runs)
    # per suit: 13 starting ranks for each length 3 to 12, and one run of all 13 cards
    assert 4 * (13 * 10 + 1) == len(runs)


def test_unmatched_ace_counts_15_toward_the_knock_limit() -> None:
    """docs/rules.rst §1 and §4: with the ace worth 15, a knock leaving Ad unmatched has deadwood 15 and
    exceeds the knock limit 10, while knocking with the ace (leaving 9h) is legal."""
    r = knock_position(DEFENDER, "Qs Ks As 7h 7d 7c 4c 5c 6c Ad 9h")
    assert [gr.Knock(card("Ad"))] == [a for a in r.legal_actions() if isinstance(a, gr.Knock)]
    assert illegal_reason(r, gr.Knock(card("9h"))).endswith(": deadwood 15 exceeds the knock limit 10")


def test_knock_with_a_wrapping_spread_is_legal_round_the_corner() -> None:
    """docs/rules.rst §1 and §4: under round the corner a knock may show Q-K-A as a meld («the knocker
    chooses its spread»); the spread is shown as given and deadwood 2 is within the limit."""
    r = knock_position(DEFENDER, KNOCKER)
    knock = gr.Knock(card("9h"), WRAP_SPREAD)
    assert r.is_legal(knock)
    assert gr.Knock(card("9h")) in r.legal_actions()
    r = r.apply(knock)
    assert (LAYOFF, 0, 1, WRAP_SPREAD) == (r.phase, r.to_act, r.knocker, r.spread)


def test_knock_with_a_wrapping_spread_is_illegal_traditionally() -> None:
    """docs/rules.rst §1: «Q-K-A and K-A-2 are not [runs]» under pagat, so a knock showing one is refused
    with the reason, and without it the deadwood (2 + 10 + 10 + 1 = 23) is too high to knock."""
    r = knock_position(DEFENDER, KNOCKER, gr.PAGAT)
    knock = gr.Knock(card("9h"), WRAP_SPREAD)
    expected = (
        f"illegal action {knock!r} for player 1 in phase DISCARD: meld 'Qs Ks As' goes round the "
        "corner, which the ruleset does not allow"
    )
    assert expected == illegal_reason(r, knock)
    assert [] == [a for a in r.legal_actions() if isinstance(a, gr.Knock)]
    assert "deadwood 23 exceeds the knock limit 10" in illegal_reason(r, gr.Knock(card("9h")))


def test_layoff_onto_a_wrapping_run_across_king_and_ace() -> None:
    """docs/rules.rst §5: «a card extending a run at either end»; round the corner, onto Qs Ks As the
    defender may lay off 2s (past the ace), then 3s (onto the 2s), and Js below the queen."""
    r = play(knock_position(DEFENDER, KNOCKER), gr.Knock(card("9h"), WRAP_SPREAD))
    layoffs = [a for a in r.legal_actions() if isinstance(a, gr.LayOff)]
    assert [gr.LayOff(card("2s"), 0), gr.LayOff(card("Js"), 0)] == layoffs
    r = play(r, "l 2s 0", "l 3s 0", "l Js 0")
    assert wrap_meld("Js Qs Ks As 2s 3s") == r.spread[0]
    assert (gr.EndLayoffs(),) == r.legal_actions()
    result = result_of(r.apply(gr.EndLayoffs()))
    # the defender keeps Jh Jd 8c 9c Tc 3h 4h: 8c-Tc melds, deadwood 10 + 10 + 3 + 4 = 27
    assert (gr.Outcome.KNOCK, 1, 27 - 2, (27, 2)) == (
        result.outcome,
        result.winner,
        result.points,
        result.deadwood,
    )
    assert WRAP_SPREAD == result.spread


def test_defender_may_lay_off_onto_gin_round_the_corner_only() -> None:
    """docs/rules.rst §5: «`layoffs_after_gin = True` (round-the-corner) lets the defender lay off onto a
    gin spread»; under pagat «After gin the defender may not lay off» and the round is over at
    once. (The spread Js Qs Ks is a plain run, so both rulesets accept the knock.)"""
    knocker = "Js Qs Ks 7h 7d 7c 2c 3c 4c 5c 9h"
    spread = (gr.Meld.parse("Js Qs Ks"), gr.Meld.parse("7h 7d 7c"), gr.Meld.parse("2c 3c 4c 5c"))
    defender = "Ts As 7s 6c 8d 9d Td Jh Qh 5h"
    knock = gr.Knock(card("9h"), spread)
    r = knock_position(defender, knocker).apply(knock)
    assert (LAYOFF, 0) == (r.phase, r.to_act)
    assert {
        gr.LayOff(card("Ts"), 0),
        gr.LayOff(card("As"), 0),
        gr.LayOff(card("7s"), 1),
        gr.LayOff(card("6c"), 2),
    } == {a for a in r.legal_actions() if isinstance(a, gr.LayOff)}
    traditional = knock_position(defender, knocker, gr.PAGAT).apply(knock)
    result = result_of(traditional)
    # no layoffs: Ts As 7s 6c Jh Qh 5h = 10 + 1 + 7 + 6 + 10 + 10 + 5 = 49
    assert (OVER, gr.Outcome.GIN, 1, 49 + 20, ()) == (
        traditional.phase,
        result.outcome,
        result.winner,
        result.points,
        result.layoffs,
    )


def test_gin_matched_by_layoffs_voids_the_round() -> None:
    """docs/rules.rst §5: «with `void_if_gin_matched`, a defender who then reaches 0 deadwood voids the
    round»: a void round, won by nobody, for no points."""
    r = play(knock_position(MATCHING, GIN_KNOCKER), GIN_KNOCK, *MATCHING_LAYOFFS, "e")
    result = result_of(r)
    assert (gr.Outcome.VOID, None, 0, None) == (result.outcome, result.winner, result.points, result.loser)
    assert ((0, 0), 1, GIN_SPREAD) == (result.deadwood, result.knocker, result.spread)
    assert result.outcome.is_void


def test_gin_not_matched_by_layoffs_scores_the_deadwood_left_plus_20() -> None:
    """docs/rules.rst §6, the gin row: when «K = 0» the knocker scores «D + ``gin_bonus``», with D
    the defender's deadwood after its layoffs onto the gin (round the corner): Jh Qh 5h = 25, so
    gin scores 25 + 20."""
    r = play(knock_position(UNMATCHED, GIN_KNOCKER), GIN_KNOCK, *MATCHING_LAYOFFS, "e")
    result = result_of(r)
    assert (gr.Outcome.GIN, 1, 25 + 20, (25, 0)) == (
        result.outcome,
        result.winner,
        result.points,
        result.deadwood,
    )


def test_gin_not_voided_when_the_defender_lays_off_nothing() -> None:
    """docs/rules.rst §5: the defender «chooses what to lay off»; one that could match the gin but lays
    off nothing keeps its deadwood (Js 2s 7s 6c = 25), so the round is a gin for 25 + 20, not
    void."""
    r = play(knock_position(MATCHING, GIN_KNOCKER), GIN_KNOCK, "e")
    result = result_of(r)
    assert (gr.Outcome.GIN, 1, 25 + 20) == (result.outcome, result.winner, result.points)


def test_a_pointless_layoff_onto_gin_does_not_void_it() -> None:
    """docs/rules.rst §5, ``void_if_gin_matched``: the round is void only when the layoffs bring the
    defender from above 0 to 0. A defender already at 0 (7h 8h 9h Th, Js Jd Jc, As 2s 3s) who
    lays 7h off onto 4h 5h 6h still loses to the gin: 0 + 20."""
    knocker = "4h 5h 6h Kc Kd Ks 2c 3c 4c 5c Qd"
    spread = (gr.Meld.parse("4h 5h 6h"), gr.Meld.parse("Kc Kd Ks"), gr.Meld.parse("2c 3c 4c 5c"))
    knocked = play(knock_position("7h 8h 9h Th Js Jd Jc As 2s 3s", knocker), gr.Knock(card("Qd"), spread))
    assert 0 == gr.deadwood(knocked.hand(0), RTC)
    laid = result_of(play(knocked, "l 7h 0", "e"))
    kept = result_of(play(knocked, "e"))
    assert (gr.Outcome.GIN, 1, 0 + 20) == (laid.outcome, laid.winner, laid.points)
    assert (laid.outcome, laid.winner, laid.points) == (kept.outcome, kept.winner, kept.points)
    assert ((card("7h"), 0),) == laid.layoffs


def test_round_the_corner_undercut_and_gin_bonuses_are_20() -> None:
    """docs/rules.rst §8: round-the-corner has «gin/undercut/box 20»: the undercut worked example of
    seed 001 (K 7, D 5) scores 7 - 5 + 20, and gin against 12 scores 12 + 20."""
    assert (20, 20, 20) == (RTC.gin_bonus, RTC.undercut_bonus, RTC.box_bonus)
    assert (gr.Outcome.UNDERCUT, 1, 2 + 20) == gr.price_round(
        RTC, knocker=0, knocker_deadwood=7, defender_deadwood=5
    )
    assert (gr.Outcome.GIN, 0, 12 + 20) == gr.price_round(
        RTC, knocker=0, knocker_deadwood=0, defender_deadwood=12
    )


def test_round_the_corner_game_ends_at_125() -> None:
    """docs/rules.rst §8: round-the-corner has «target 125»: 124 points leave the game in progress, 125
    end it with the game bonus and the boxes."""
    assert 125 == RTC.target
    in_progress = gr.score_game(RTC, [won(0, 100), won(1, 10), won(0, 24)])
    assert (False, None, (124, 10)) == (in_progress.is_over, in_progress.winner, in_progress.totals)
    over = gr.score_game(RTC, [won(0, 100), won(1, 10), won(0, 25)])
    assert (True, 0, 0) == (over.is_over, over.reached_target, over.winner)
    assert (125 + 2 * 20 + 100, 10 + 20) == over.totals


def deck_for(*, non_dealer: str, dealer: str, upcard: str, stock_top: str) -> tuple[gr.Card, ...]:
    """A deck (top first) that deals ``non_dealer`` and ``dealer`` their hands, turns ``upcard``
    and has ``stock_top`` (top first) at the top of the stock; the other cards follow."""
    first, second = cards(non_dealer), cards(dealer)
    named = {*first, *second, card(upcard), *cards(stock_top)}
    dealt = [c for pair in zip(first, second, strict=True) for c in pair]
    rest = [c for c in gr.DECK if c not in named]
    return (*dealt, card(upcard), *cards(stock_top), *rest)


def test_dealer_deals_again_after_a_void_round() -> None:
    """docs/rules.rst §7: «After a dead hand the same dealer deals again», and so after a matched gin:
    dealer 0 deals again, where the same gin unmatched passes the deal to its winner, player 1
    (``next_dealer = WINNER``)."""
    deck = deck_for(non_dealer=GIN_KNOCKER.replace(" 9h", ""), dealer=MATCHING, upcard="4d", stock_top="9h")
    start = gr.Game.replay(gr.GameRecord(rules=RTC, seed=0, first_dealer=0, decks=(deck,), actions=()))
    knocked = start.apply(gr.PassUpcard()).apply(gr.PassUpcard()).apply(gr.DrawStock()).apply(GIN_KNOCK)
    void = knocked
    for text in (*MATCHING_LAYOFFS, "e"):
        void = void.apply(gr.parse_action(text))
    assert gr.Outcome.VOID == void.results[-1].outcome
    assert (0, gr.Phase.UPCARD_OFFER, (0, 0), 2) == (
        void.dealer,
        void.round.phase,
        void.scores,
        len(void.decks),
    )
    assert 0 == next_dealer(RTC, 0, void.results[-1])
    gin = knocked.apply(gr.EndLayoffs())
    assert (gr.Outcome.GIN, 1) == (gin.results[-1].outcome, gin.dealer)


# ================================================================================ hollywood

HOLLYWOOD = gr.HOLLYWOOD

MATCH = [won(0, 60), won(0, 50), won(1, 20), won(0, 30), won(1, 40), won(0, 25), won(1, 50), won(1, 60)]
"""A whole Hollywood match. Player 0's wins 1-4 are rounds 0, 1, 3, 5; player 1's are 2, 4, 6, 7.

- column 1: rounds 0, 1 (player 0 reaches 110);
- column 2: rounds 1-5 (player 1's first win, round 2, finds column 1 closed and opens column 2;
  player 0 reaches 50 + 30 + 25 = 105, player 1 has 20 + 40 = 60);
- column 3: rounds 3-7 (player 0's third win opens it, player 1's second win too; player 1
  reaches 40 + 50 + 60 = 150, player 0 has 30 + 25 = 55).
"""


def columns_of(results: list[gr.RoundResult]) -> tuple[list[int], ...]:
    """The indexes in ``results`` of the rounds each Hollywood column takes."""
    columns = gr.hollywood_columns(HOLLYWOOD, results)
    return tuple(
        [next(i for i, r in enumerate(results) if r is taken) for taken in column] for column in columns
    )


def column_points(result: gr.GameResult) -> list[tuple[int, int]]:
    """Each column's round points, player 0's and player 1's."""
    return [(c.breakdown[0].round_points, c.breakdown[1].round_points) for c in result.columns]


def test_hollywood_first_win_scores_in_column_1_only() -> None:
    """docs/rules.rst §8, hollywood: «a player's first win scores in game 1»."""
    results = [won(0, 30), won(1, 20)]
    assert ([0, 1], [], []) == columns_of(results)
    result = gr.score_game(HOLLYWOOD, results)
    assert [(30, 20), (0, 0), (0, 0)] == column_points(result)


def test_hollywood_second_win_scores_in_columns_1_and_2() -> None:
    """docs/rules.rst §8, hollywood: «the second [win scores] in games 1 and 2»."""
    results = [won(0, 30), won(1, 20), won(0, 15)]
    assert ([0, 1, 2], [2], []) == columns_of(results)
    result = gr.score_game(HOLLYWOOD, results)
    assert [(45, 20), (15, 0), (0, 0)] == column_points(result)


def test_hollywood_third_and_later_wins_score_in_all_open_columns() -> None:
    """docs/rules.rst §8, hollywood: «the third and later in all open games»."""
    results = [won(0, 10), won(0, 20), won(1, 5), won(0, 30), won(0, 40)]
    assert ([0, 1, 2, 3, 4], [1, 3, 4], [3, 4]) == columns_of(results)
    result = gr.score_game(HOLLYWOOD, results)
    assert [(100, 5), (90, 0), (70, 0)] == column_points(result)
    # column 1 is now over: player 0's fifth win scores in columns 2 and 3 only
    later = gr.score_game(HOLLYWOOD, [*results, won(0, 5)])
    assert ([0, 1, 2, 3, 4], [1, 3, 4, 5], [3, 4, 5]) == columns_of([*results, won(0, 5)])
    assert [(100, 5), (95, 0), (75, 0)] == column_points(later)


def test_hollywood_column_closes_at_the_target_and_takes_no_later_results() -> None:
    """docs/rules.rst §7 and §8: a column is a game that ends when a player's score in it reaches the
    target (100); results after that go to the open columns only."""
    assert ([0, 1], [1, 2, 3, 4, 5], [3, 4, 5, 6, 7]) == columns_of(MATCH)
    result = gr.score_game(HOLLYWOOD, MATCH)
    assert [0, 0, 1] == [c.reached_target for c in result.columns]
    assert [(110, 0), (105, 60), (55, 150)] == column_points(result)
    assert [2, 5, 5] == [c.rounds for c in result.columns]


def test_hollywood_first_win_after_column_1_closed_opens_column_2() -> None:
    """Hoyle's and the rummy-games Hollywood pages (docs/rules.rst §8 allows it): a player's wins open
    the columns in order, skipping closed ones, so a player who has won nothing when column 1
    closes opens column 2 with its next win, and its second win opens column 3."""
    results = [won(0, 100), won(1, 30), won(1, 20)]
    assert ([0], [1, 2], [2]) == columns_of(results)
    assert [(100, 0), (0, 50), (0, 20)] == column_points(gr.score_game(HOLLYWOOD, results))


def test_hollywood_each_column_has_its_own_game_bonus_boxes_and_shutout() -> None:
    """docs/rules.rst §7 per column: the player who reaches the target gets the game bonus (doubled when
    the opponent scored nothing in that column: DOUBLE_GAME_BONUS), and each player gets a box
    for every round it won *that the column counts*."""
    result = gr.score_game(HOLLYWOOD, MATCH)
    expected = [
        # column 1: player 1 scored nothing in it, so player 0's game bonus is doubled
        ((110, 2, 40, 200, True), (0, 0, 0, 0, False)),
        ((105, 3, 60, 100, False), (60, 2, 40, 0, False)),
        ((55, 2, 40, 0, False), (150, 3, 60, 100, False)),
    ]
    assert expected == [
        tuple((s.round_points, s.rounds_won, s.boxes, s.game_bonus, s.shutout) for s in c.breakdown)
        for c in result.columns
    ]
    assert [(350, 0), (265, 100), (95, 310)] == [c.totals for c in result.columns]
    assert [0, 0, 1] == [c.winner for c in result.columns]


def test_hollywood_match_is_over_only_when_all_three_columns_are_over() -> None:
    """docs/rules.rst §8, hollywood: the match is three games at once, so it is over when the third
    column is: after round 6 columns 1 and 2 are over and column 3 is not."""
    expected_over = [False, False, False, False, False, False, False, True]
    assert expected_over == [gr.score_game(HOLLYWOOD, MATCH[: n + 1]).is_over for n in range(len(MATCH))]
    before_last = gr.score_game(HOLLYWOOD, MATCH[:7])
    assert ([True, True, False], None, None) == (
        [c.is_over for c in before_last.columns],
        before_last.winner,
        before_last.reached_target,
    )
    over = gr.score_game(HOLLYWOOD, MATCH)
    assert ([True, True, True], None, 8) == (
        [c.is_over for c in over.columns],
        over.reached_target,
        over.rounds,
    )


def test_hollywood_totals_and_breakdown_add_up_the_columns() -> None:
    """docs/rules.rst §8, hollywood: the match result is the three games added up: each player's total,
    round points, boxes and game bonuses are the sums over the columns; rounds won counts the
    rounds the player actually won (a round counted in three columns is one round won)."""
    result = gr.score_game(HOLLYWOOD, MATCH)
    assert (350 + 265 + 95, 0 + 100 + 310) == result.totals
    for player in (0, 1):
        parts = [c.breakdown[player] for c in result.columns]
        assert (
            attrs.evolve(
                result.breakdown[player],
                round_points=sum(s.round_points for s in parts),
                rounds_won=sum(1 for r in MATCH if r.winner == player),
                boxes=sum(s.boxes for s in parts),
                game_bonus=sum(s.game_bonus for s in parts),
                shutout=any(s.shutout for s in parts),
            )
            == result.breakdown[player]
        )
        assert sum(c.totals[player] for c in result.columns) == result.totals[player]
    assert (270, 4, 140, 300) == (
        result.breakdown[0].round_points,
        result.breakdown[0].rounds_won,
        result.breakdown[0].boxes,
        result.breakdown[0].game_bonus,
    )


def test_hollywood_higher_sum_wins_and_equal_sums_draw() -> None:
    """docs/rules.rst §7, HIGHEST_TOTAL: «the higher total wins and equal totals are a drawn game»,
    with the totals summed over the columns: player 0 wins column 1 with a shutout (100 + a box
    of 20 + a doubled game bonus: 320 to 0) and loses columns 2 and 3 (70 to 220 and 50 to
    220): 440 all, a drawn match."""
    assert 0 == gr.score_game(HOLLYWOOD, MATCH).winner
    drawn = [won(0, 100), won(0, 50), won(1, 100), won(0, 30), won(1, 100)]
    result = gr.score_game(HOLLYWOOD, drawn)
    assert [(320, 0), (70, 220), (50, 220)] == [c.totals for c in result.columns]
    assert ((440, 440), None, True, True) == (result.totals, result.winner, result.is_over, result.is_draw)
    lopsided = gr.score_game(HOLLYWOOD, [*drawn[:-1], won(1, 110)])
    assert ((440, 450), 1) == (lopsided.totals, lopsided.winner)


@pytest.mark.parametrize("extra", [won(0, 10), won(1, 10), gr.RoundResult(outcome=gr.Outcome.DEAD_HAND)])
def test_hollywood_result_after_the_match_ended_is_rejected(extra: gr.RoundResult) -> None:
    """docs/rules.rst §7: «Rounds are played until ...» the match is over; a result after the round that
    closed the last column raises InvalidResultError naming it."""
    with pytest.raises(gr.InvalidResultError) as info:
        gr.score_game(HOLLYWOOD, [*MATCH, extra])
    assert "results[8]" in str(info.value)


def oracle_columns(results: list[gr.RoundResult]) -> list[list[gr.RoundResult]]:
    """docs/rules.rst §8's Hollywood rule written out plainly: each of a player's wins opens the next
    column nobody has closed (one at 100), if there is one left; the win counts in every open
    column the player has opened; a round nobody won counts in every open column."""
    columns: list[list[gr.RoundResult]] = [[], [], []]
    opened: list[set[int]] = [set(), set()]

    def is_open(column: list[gr.RoundResult]) -> bool:
        return max(sum(r.points for r in column if r.winner == p) for p in (0, 1)) < 100

    for result in results:
        if result.winner is None:
            reach = {0, 1, 2}
        else:
            unopened = [
                i for i in range(3) if i > max(opened[result.winner], default=-1) and is_open(columns[i])
            ]
            opened[result.winner] |= set(unopened[:1])
            reach = opened[result.winner]
        for index in sorted(reach):
            if is_open(columns[index]):
                columns[index].append(result)
    return columns


def oracle_over(columns: list[list[gr.RoundResult]]) -> bool:
    """Whether every column has a player at 100."""
    return all(max(sum(r.points for r in c if r.winner == p) for p in (0, 1)) >= 100 for c in columns)


RESULTS_ST = st.lists(
    st.one_of(
        st.builds(won, st.integers(0, 1), st.integers(0, 100)),
        st.just(gr.RoundResult(outcome=gr.Outcome.DEAD_HAND)),
    ),
    min_size=8,
    max_size=40,
)
"""Round results: wins of 0 to 100 points and dead hands, enough of them to end most matches."""


@settings(max_examples=examples(150), deadline=None)
@given(results=RESULTS_ST)
def test_hollywood_columns_are_three_pagat_games(results: list[gr.RoundResult]) -> None:
    """docs/rules.rst §8, hollywood, for any sequence of rounds: the columns take the rounds the rule
    says, each column is settled exactly as a Pagat game of its rounds, the match adds them up
    and is over with the last column; a round after that is rejected."""
    taken: list[gr.RoundResult] = []
    for result in results:
        if oracle_over(oracle_columns(taken)):
            with pytest.raises(gr.InvalidResultError):
                gr.score_game(HOLLYWOOD, [*taken, result])
            break
        taken.append(result)
    columns = oracle_columns(taken)
    assert tuple(map(tuple, columns)) == gr.hollywood_columns(HOLLYWOOD, taken)
    match = gr.score_game(HOLLYWOOD, taken)
    assert [gr.score_game(gr.PAGAT, column) for column in columns] == list(match.columns)
    assert oracle_over(columns) == match.is_over
    totals = tuple(sum(c.totals[p] for c in match.columns) for p in (0, 1))
    assert (totals, len(taken)) == (match.totals, match.rounds)
    if match.is_over:
        expected = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
        assert expected == match.winner
    else:
        assert None is match.winner


def play_match(rules: gr.Ruleset, seed: int) -> gr.Game:
    """A whole game under ``rules`` between two greedy bots, each acting on its own view."""
    game = gr.Game.new(rules, seed=seed, dealer=seed % 2)
    bots = (gr.GreedyBot(seed=seed), gr.GreedyBot(seed=seed + 1))
    for _ in range(20_000):
        if game.is_over:
            return game
        player = game.to_act
        assert player is not None
        game = game.apply(bots[player].act(game.round.view(player)))
    raise AssertionError(f"the game did not end: {game!r}")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hollywood_game_column_scores_match_its_result(seed: int) -> None:
    """docs/rules.rst §8, hollywood, played out: a :class:`gr.Game` ends when all three columns are over;
    each column's score toward the target is that column's round points, one player has
    reached 100 in each, and the game's scores are the sums."""
    game = play_match(HOLLYWOOD, seed)
    result = game.result
    assert (True, True, None, ()) == (game.is_over, result.is_over, game.to_act, game.legal_actions())
    assert 3 == len(game.column_scores) == len(result.columns)
    for scores, column in zip(game.column_scores, result.columns, strict=True):
        assert (column.breakdown[0].round_points, column.breakdown[1].round_points) == scores
        assert column.reached_target is not None
        assert max(scores) >= 100
        assert scores[column.reached_target] >= 100
    assert tuple(sum(s[p] for s in game.column_scores) for p in (0, 1)) == game.scores
    assert gr.score_game(HOLLYWOOD, game.results) == result
    assert len(game.results) == result.rounds


@pytest.mark.parametrize("seed", [0, 1])
def test_hollywood_game_round_trips_through_json(seed: int) -> None:
    """The JSON documents (``gr.dumps`` / ``gr.loads``: a format version, validation on load,
    docs/design.md, "JSON"): a finished Hollywood game (re-validated by replay on load) and its three-column
    result read back equal."""
    game = play_match(HOLLYWOOD, seed)
    loaded = gr.loads(gr.dumps(game))
    assert isinstance(loaded, gr.Game)
    assert game == loaded
    assert (game.column_scores, game.result) == (loaded.column_scores, loaded.result)
    assert game.result == gr.loads(gr.dumps(game.result))


# =========================================================================== engine presets


def test_openspiel_preset_gin_25_undercut_25_knock_10_no_big_gin() -> None:
    """docs/rules.rst §8: «`openspiel` (gin 25, undercut 25, single rounds)», after OpenSpiel's defaults
    ``knock_card=10``, no big gin."""
    r = gr.OPENSPIEL
    assert ("openspiel", 25, 25, 10, False, False) == (
        r.name,
        r.gin_bonus,
        r.undercut_bonus,
        r.knock_limit,
        r.big_gin,
        r.oklahoma,
    )
    assert (gr.Outcome.UNDERCUT, 1, 7 - 5 + 25) == gr.price_round(
        r, knocker=0, knocker_deadwood=7, defender_deadwood=5
    )


def test_eaai_preset_first_to_100_without_bonuses() -> None:
    """EAAI competition rules (the preset's docstring): gin 25, undercut 25, knock limit 10,
    target 100, no box bonus, game bonus or shutout, and the first player to 100 wins."""
    r = gr.EAAI
    assert ("eaai", 25, 25, 10, 100, 0, 0, gr.Shutout.NONE, gr.GameWinner.FIRST_TO_TARGET, False) == (
        r.name,
        r.gin_bonus,
        r.undercut_bonus,
        r.knock_limit,
        r.target,
        r.box_bonus,
        r.game_bonus,
        r.shutout,
        r.game_winner,
        r.big_gin,
    )
    result = gr.score_game(r, [won(1, 60), won(1, 40)])
    assert (1, (0, 100), 0, 0) == (
        result.winner,
        result.totals,
        result.breakdown[1].boxes,
        result.breakdown[1].game_bonus,
    )


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        ("openspiel", gr.OPENSPIEL),
        ("open-spiel", gr.OPENSPIEL),
        ("Open Spiel", gr.OPENSPIEL),
        ("open_spiel", gr.OPENSPIEL),
        ("eaai", gr.EAAI),
        ("EAAI", gr.EAAI),
        ("eaai-gin-rummy", gr.EAAI),
        ("round-the-corner", gr.ROUND_THE_CORNER),
        ("rtc", gr.ROUND_THE_CORNER),
        ("Round the Corner Gin", gr.ROUND_THE_CORNER),
        ("hollywood", gr.HOLLYWOOD),
        ("Hollywood Gin", gr.HOLLYWOOD),
    ],
)
def test_new_presets_are_found_by_name_and_alias(name: str, preset: gr.Ruleset) -> None:
    """docs/conventions.md, the models: «variants found by name with aliases
    (`find_variant`)»: every new preset by its name, case and spacing aside, and by its
    aliases."""
    assert preset is gr.find_ruleset(name)
    assert preset is gr.PRESETS[preset.name]


def ginrummy_cli(*args: str) -> str:
    """The standard output of ``python -m ginrummy ARGS`` run with the ``ginrummy`` under test
    first on ``PYTHONPATH`` (:func:`cli_helpers.run_cli`); the command must succeed without
    writing to standard error."""
    done = run_cli(*args)
    assert (0, "") == (done.returncode, done.stderr), done
    return done.stdout


def block_headings(table: str) -> tuple[list[str], list[str]]:
    """The column names and the ``rounds`` cells of a side-by-side table cut into blocks of
    80 columns (blank lines between them), the first heading's ``field`` label left out."""
    names: list[str] = []
    rounds: list[str] = []
    for block in table.split("\n\n"):
        lines = block.splitlines()
        if len(lines) > 1 and (lines[0].startswith(" ") or lines[0].startswith("field ")):
            names += [name for name in lines[0].split() if name != "field"]
            rounds += next((line.split()[1:] for line in lines if line.startswith("rounds ")), [])
    return names, rounds


def test_presets_command_lists_every_preset() -> None:
    """CLI: ``ginrummy presets`` shows every preset of :data:`gr.PRESETS` side by side, one
    column each (the heading lines), the new ones included."""
    heading, _ = block_headings(ginrummy_cli("presets"))
    assert list(gr.PRESETS) == heading
    assert {p.name for p in NEW_PRESETS} <= set(heading)


def test_simulate_all_presets_has_a_column_per_preset() -> None:
    """CLI: ``ginrummy simulate --preset all --rounds 2`` simulates every preset, one column
    each, and says 2 rounds in each."""
    heading, rounds = block_headings(
        ginrummy_cli("simulate", "--preset", "all", "--rounds", "2", "--bots", "greedy", "greedy")
    )
    assert list(gr.PRESETS) == heading
    assert ["2"] * len(gr.PRESETS) == rounds


# ================================================================================= playouts

MAX_ACTIONS = 400
"""A round ends well within this many actions (see :func:`positions.choose_action`)."""

ALL_ACTIONS = tuple(gr.action_from_id(i) for i in range(gr.ACTION_SPACE_SIZE))
"""Every action of the id space (knocks with the library's spread)."""


def fields_of(r: gr.Round) -> tuple[object, ...]:
    """Every field of ``r`` (all immutable values), to see that none was replaced."""
    return tuple(getattr(r, name) for name in gr.Round.__annotations__)


def wrapping_knocks(r: gr.Round) -> list[gr.Action]:
    """In phase DISCARD, knocks showing a wrapping run that the player to act holds (none in
    other phases): illegal unless the ruleset goes round the corner."""
    if r.phase is not DISCARD:
        return []
    assert r.to_act is not None
    held = r.hand(r.to_act)
    wraps = [m for m in gr.all_melds(RTC) if m.wraps and m.mask & held.mask == m.mask]
    return [gr.Knock(c, (m,)) for m in wraps[:1] for c in held if c not in m]


def check_actions(r: gr.Round, rng: random.Random) -> None:
    """Every legal action applies (and keeps the 52 cards in place); every other action of the
    id space is illegal, and applying one (and, outside round the corner, a knock showing a
    wrapping run) raises IllegalActionError and leaves the round equal."""
    legal = r.legal_actions()
    for action in legal:
        assert r.is_legal(action)
        check_cards(r.apply(action))
    illegal = [a for a in ALL_ACTIONS if a not in legal]
    assert not any(r.is_legal(a) for a in illegal)
    tried = [rng.choice(illegal)]
    wrapping = wrapping_knocks(r)
    if wrapping and not r.rules.round_the_corner:
        tried.append(rng.choice(wrapping))
        assert not any(r.is_legal(a) for a in wrapping)
    before = (fields_of(r), r.hand(0).mask, r.hand(1).mask, legal)
    for action in tried:
        with pytest.raises(gr.IllegalActionError):
            r.apply(action)
        assert before == (fields_of(r), r.hand(0).mask, r.hand(1).mask, r.legal_actions())


def choose(r: gr.Round, rng: random.Random) -> gr.Action:
    """:func:`positions.choose_action` (biased toward knocks, big gin and layoffs), but going
    gin nine times in ten when it can (so that layoffs onto gin occur), and with half of the
    knocks showing an explicit minimum arrangement picked at random (so that chosen and
    round-the-corner spreads occur)."""
    if r.phase is DISCARD:
        assert r.to_act is not None
        held = r.hand(r.to_act)
        gins = [
            a
            for a in r.legal_actions()
            if isinstance(a, gr.Knock) and 0 == gr.deadwood(held.remove(a.card), r.rules)
        ]
        if gins and rng.random() < 0.9:
            action: gr.Action = rng.choice(gins)
        else:
            action = choose_action(r, rng)
    else:
        action = choose_action(r, rng)
    if isinstance(action, gr.Knock) and rng.random() < 0.5:
        assert r.to_act is not None
        arrangements = gr.all_best_melds(r.hand(r.to_act).remove(action.card), r.rules)
        return gr.Knock(action.card, rng.choice(arrangements).melds)
    return action


def checked(r: gr.Round, rng: random.Random) -> None:
    """The invariants of one position (``rng`` picks the illegal action tried)."""
    check_cards(r)
    if r.is_over:
        assert (None, ()) == (r.to_act, r.legal_actions())
        assert r.result is not None
    else:
        check_actions(r, rng)


def playout(rules: gr.Ruleset, seed: int, dealer: int, policy: random.Random, rng: random.Random) -> gr.Round:
    """Deal from ``seed`` and play :func:`choose`'s actions (drawn with ``policy``) to the end,
    checking every position; ``rng`` picks the illegal actions tried, so a checked playout plays
    the same round as an unchecked one with the same ``policy``."""
    r = gr.Round.deal(rules, dealer=dealer, seed=seed)
    for _ in range(MAX_ACTIONS):
        checked(r, rng)
        if r.is_over:
            return r
        r = r.apply(choose(r, policy))
    raise AssertionError(f"the round did not end within {MAX_ACTIONS} actions: {r!r}")


def unchecked_playout(rules: gr.Ruleset, seed: int, dealer: int, policy: random.Random) -> gr.Round:
    """:func:`playout` without the checks (to find the seeds worth checking)."""
    r = gr.Round.deal(rules, dealer=dealer, seed=seed)
    for _ in range(MAX_ACTIONS):
        if r.is_over:
            return r
        r = r.apply(choose(r, policy))
    raise AssertionError(f"the round did not end within {MAX_ACTIONS} actions: {r!r}")


@pytest.mark.parametrize("rules", NEW_PRESETS, ids=[p.name for p in NEW_PRESETS])
@settings(max_examples=examples(20), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 1),
    policy=st.randoms(use_true_random=False),
    rng=st.randoms(use_true_random=False),
)
def test_random_playouts_under_every_new_preset_keep_the_invariants(
    rules: gr.Ruleset, seed: int, dealer: int, policy: random.Random, rng: random.Random
) -> None:
    """docs/conventions.md §9: «random playouts that assert the invariants after every action»: the 52 cards
    are always in exactly one place, legal actions apply, illegal ones are refused without a
    change, and every round ends with a result."""
    result = result_of(playout(rules, seed, dealer, policy, rng))
    assert (result.winner is None) == result.outcome.is_void


def round_features(result: gr.RoundResult) -> set[str]:
    """What a round-the-corner round reached: its outcome, a knock showing a wrapping run, and
    layoffs onto gin."""
    features = {result.outcome.value}
    if any(m.wraps for m in result.spread):
        features.add("wrapping spread")
    if result.outcome in (gr.Outcome.GIN, gr.Outcome.VOID) and result.layoffs:
        features.add("layoffs onto gin")
    return features


def test_round_the_corner_playouts_check_wrapping_spreads_and_layoffs_onto_gin() -> None:
    """The random playouts reach what round the corner changes: over a fixed sample of seeds
    the policy knocks showing wrapping runs and lays off onto gin, and the invariants hold
    through the first round (by seed) of each kind of ending and of each such feature."""
    wanted = {"wrapping spread", "layoffs onto gin", "knock", "undercut", "gin", "dead-hand"}
    first: dict[str, int] = {}
    for seed in range(400):
        result = result_of(unchecked_playout(RTC, seed, seed % 2, random.Random(seed)))
        for feature in round_features(result):
            first.setdefault(feature, seed)
        if wanted <= set(first):
            break
    assert wanted <= set(first), first
    for seed in sorted(set(first.values())):
        expected = result_of(unchecked_playout(RTC, seed, seed % 2, random.Random(seed)))
        assert expected == result_of(playout(RTC, seed, seed % 2, random.Random(seed), random.Random(-seed)))


def test_invariants_hold_through_a_gin_matched_by_layoffs() -> None:
    """A void round is too rare for random playouts, so the scripted matched gin (docs/rules.rst §5:
    «a defender who then reaches 0 deadwood voids the round») is checked position by
    position."""
    rng = random.Random(5)
    r = knock_position(MATCHING, GIN_KNOCKER)
    for action in (GIN_KNOCK, *map(gr.parse_action, MATCHING_LAYOFFS), gr.EndLayoffs()):
        checked(r, rng)
        r = r.apply(action)
    checked(r, rng)
    assert gr.Outcome.VOID == result_of(r).outcome


def test_hollywood_rounds_won_count_real_wins_around_a_void_round() -> None:
    """Hollywood settlement: a void round among the results counts in every open column but is
    won by nobody, so each player's ``rounds_won`` (match and column) counts its real wins, and
    boxes follow them."""
    results = [won(0, 30), gr.RoundResult(outcome=gr.Outcome.VOID), won(1, 20), won(0, 40)]
    results.append(gr.RoundResult(outcome=gr.Outcome.VOID))  # another object: columns_of tells them apart
    result = gr.score_game(HOLLYWOOD, results)
    assert (2, 1) == (result.breakdown[0].rounds_won, result.breakdown[1].rounds_won)
    # player 1's only win opens column 1 alone; player 0's second opens column 2
    assert ([0, 1, 2, 3, 4], [1, 3, 4], [1, 4]) == columns_of(results)
    assert [(2, 1), (1, 0), (0, 0)] == [
        (c.breakdown[0].rounds_won, c.breakdown[1].rounds_won) for c in result.columns
    ]
    assert [5, 3, 2] == [c.rounds for c in result.columns]
    assert not result.is_over  # boxes are paid when a column ends: none has
    assert (0, 0) == (result.columns[0].breakdown[0].boxes, result.columns[0].breakdown[1].boxes)


def test_hollywood_column_closed_by_a_box_when_boxes_count_toward_the_target() -> None:
    """With ``boxes_count_toward_target`` a box can close a Hollywood column: player 0's 80
    points and its box of 20 reach 100 in column 1, which then takes no more rounds."""
    rules = HOLLYWOOD.evolve(boxes_count_toward_target=True)
    results = [won(0, 80), won(1, 10)]
    first = gr.score_game(rules, results[:1])
    assert ((100, 0), 0) == (gr.game_scores(rules, results[:1]), first.columns[0].reached_target)
    assert None is gr.score_game(HOLLYWOOD, results[:1]).columns[0].reached_target  # 80 alone is short
    # player 1's first win finds column 1 closed and opens column 2 (10 and a box of 20)
    assert ((results[0],), (results[1],), ()) == gr.hollywood_columns(rules, results)
    assert (100, 30) == gr.game_scores(rules, results)
