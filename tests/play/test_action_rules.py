"""The rule of each action and the showdown (``ginrummy.play.action_rules``): the behaviours the
mutation session found unpinned (issue 23).

Each test names the change to the rules module that it catches, so that a reader knows why it
is here: the showdown worked out under the round's own melding, the upcard offer whoever deals,
what a knock records, and who each event belongs to.
"""

from __future__ import annotations

import pytest

import ginrummy as gr
from ginrummy.play.action_rules import ACTION_RULES, ACTION_RULES_BY_PHASE
from positions import card, hand, meld, play, position

DISCARD = gr.Phase.DISCARD
RTC = gr.ROUND_THE_CORNER

# ------------------------------------------------------------------------ the first-turn offer


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_dealer_is_offered_the_upcard_after_the_non_dealer_passes_whoever_deals(dealer: int) -> None:
    """docs/rules.rst §2: «If the non-dealer passes, the dealer may take it or pass», with either player
    dealing (a rule reading ``1 + dealer`` for the non-dealer went straight to the draw when
    player 1 dealt)."""
    r = gr.Round.deal(gr.PAGAT, dealer=dealer, seed=11)
    assert 1 - dealer == r.to_act
    r = r.apply(gr.PassUpcard())
    assert (gr.Phase.UPCARD_OFFER, dealer) == (r.phase, r.to_act)
    assert (gr.TakeDiscard(), gr.PassUpcard()) == r.legal_actions()
    r = r.apply(gr.PassUpcard())
    assert (gr.Phase.DRAW, 1 - dealer, True) == (r.phase, r.to_act, r.stock_only)


# ---------------------------------------------------------------- the showdown under the rules

KNOCKER = "4h 5h 6h 9c 9d 9s Ad 2d 3d 7c Qc"
"""Player 1's eleven cards: knocking with Qc shows 4h-6h, the nines and Ad-3d, deadwood 7c."""


def test_the_defenders_deadwood_at_a_showdown_follows_the_rounds_melding() -> None:
    """docs/rules.rst §1 and §6, round-the-corner: the defender's deadwood is the minimum under the round's
    melding, where Qs Ks As is a run and an ace is worth 15. Worked out with traditional
    melding (a mutant dropping the rules from the showdown) it would be 65, not 44."""
    defender = "Qs Ks As 2c 3c Jh Th 8s 5d 6d"  # deadwood 2 + 3 + 10 + 10 + 8 + 5 + 6 = 44
    r = position(RTC, hands=(defender, KNOCKER), discard="Kc", phase=DISCARD, to_act=1)
    r = play(r, "k Qc", "e")
    assert r.result is not None
    assert (gr.Outcome.KNOCK, 1, 44 - 7, (44, 7)) == (
        r.result.outcome,
        r.result.winner,
        r.result.points,
        r.result.deadwood,
    )


def test_a_loose_ace_counts_ace_points_at_the_showdown() -> None:
    """docs/rules.rst §1: «A = ``ace_points`` (1; 15 in round-the-corner)»: a loose ace of the defender
    counts 15 at the showdown of a round-the-corner round."""
    defender = "Ac 3s 5s 7s 9h Jc Kd 2h 4c 6c"  # 15 + 3 + 5 + 7 + 9 + 10 + 10 + 2 + 4 + 6 = 71
    r = position(RTC, hands=(defender, KNOCKER), discard="Kc", phase=DISCARD, to_act=1)
    r = play(r, "k Qc", "e")
    assert r.result is not None
    assert (71, 7) == r.result.deadwood


GINNER = "5c 6c 7c 8h 8d 8s Qh Qs Qc 2h"
"""Player 1's ten cards: it draws 8c and goes gin discarding 2h."""
GIN_SPREAD = ("5c 6c 7c 8c", "8h 8d 8s", "Qh Qs Qc")
MATCHER = "Jd Qd Kd Ad 2s 3s 4s 5s 9c Tc"
"""A defender that meets the gin by laying off 9c then Tc on 5c-8c: round the corner, Jd-Ad is
a run, so only 9c and Tc are deadwood (19) before the layoffs, and none after."""


def _gin_met_by_two_layoffs() -> gr.Round:
    r = position(RTC, hands=(MATCHER, GINNER), discard="9h", stock_top="8c", to_act=1, initial_upcard="9h")
    spread = tuple(gr.Meld.parse(text) for text in GIN_SPREAD)
    r = play(r, "s", gr.Knock(card("2h"), spread))
    return play(r, "l 9c 0", "l Tc 0", "e")


def test_a_gin_met_by_two_layoffs_is_void_and_records_the_deadwood_before_both() -> None:
    """docs/rules.rst §5, round-the-corner: layoffs onto gin that bring the defender from above 0 to 0
    void the round. The deadwood before the layoffs puts every laid-off card back, under the
    round's melding: 19 (9c + Tc), not 10 (only the last card put back) nor 20 (Ad loose, as
    traditional melding has it)."""
    r = _gin_met_by_two_layoffs()
    assert r.result is not None
    assert (gr.Outcome.VOID, None, 0, (0, 0), 19) == (
        r.result.outcome,
        r.result.winner,
        r.result.points,
        r.result.deadwood,
        r.result.deadwood_before_layoffs,
    )
    assert ((card("9c"), 0), (card("Tc"), 0)) == r.result.layoffs


def test_a_void_matched_gin_keeps_the_facts_of_the_round() -> None:
    """A round voided by a matched gin still records its facts: the knocker, the spread as
    shown (before the layoffs) and the initial upcard (a mutant dropped the upcard)."""
    result = _gin_met_by_two_layoffs().result
    assert result is not None
    spread = tuple(gr.Meld.parse(text) for text in GIN_SPREAD)
    assert (1, spread, card("9h")) == (result.knocker, result.spread, result.initial_upcard)


# ------------------------------------------------------------------------ what a knock records


def test_a_knock_card_taken_from_the_pile_earlier_is_no_longer_known_to_be_held() -> None:
    """``Round.known`` holds the cards taken from the pile and still held: player 1 takes 7s,
    keeps it a turn, then knocks with it face down; it is no longer held, so no longer known
    (the knock leaves the knocker's known cards to its rule)."""
    r = position(
        hands=("Tc Jc Qc Kc Kd Kh Ks Ac 4s 2s", "4h 5h 6h 9c 9d 9s Ad 2d 3d Jh"),
        discard="8c 7s",
        dealer=0,
        to_act=1,
        stock_top="Qd 5c",
    )
    r = play(r, "t", "d Jh")
    assert hand("7s") == r.known[1]
    r = play(r, "s", "d Qd", "s", "k 7s")
    assert r.knock_card == card("7s")
    assert (gr.Hand(), gr.Hand()) == r.known


def test_big_gin_with_chosen_melds_records_that_spread_in_the_result() -> None:
    """docs/rules.rst §4: the knocker chooses its spread, big gin included. Eleven cards that meld two ways
    (the sixes as a quad or a triple): the arrangement declared with ``BigGin(melds=...)`` is the
    spread of the round and of its result, not the library's choice."""
    big = "3c 4c 5c 6c 6d 6h 6s Th Jh Qh Kh"
    defender = "Ac 2d 3d 4d 8s 9s Ts 2h 9c Qs"
    r = position(gr.SPANISH_SITE, hands=(defender, big), discard="Kc", phase=DISCARD, to_act=1)
    library = play(r, "bg")
    assert library.result is not None
    chosen = tuple(meld(text) for text in ("3c 4c 5c 6c", "6d 6h 6s", "Th Jh Qh Kh"))
    assert chosen != library.spread
    r = r.apply(gr.BigGin(chosen))
    assert r.result is not None
    assert (chosen, chosen, gr.BigGin(chosen)) == (r.spread, r.result.spread, r.events[-1].action)
    assert (gr.Outcome.BIG_GIN, 1, library.result.points) == (
        r.result.outcome,
        r.result.winner,
        r.result.points,
    )


# ------------------------------------------------------------------------------ the events


def test_each_event_belongs_to_the_player_who_acted() -> None:
    """Every event names the player who took the action: through the upcard offer, draws,
    discards, a knock, layoffs and their end, with player 1 dealing."""
    r = position(
        hands=("4h 5h 6h 9c 9d 9s Ad 2d 3d 7s", "Tc Jc Qc Kc Kd Kh Ks Ac 7h 2s"),
        discard="8c",
        dealer=1,
        phase=gr.Phase.UPCARD_OFFER,
        stock_top="Qs 4s 3c",
        stock_size=31,
    )
    r = play(r, "p", "p", "s", "k Qs / 4h 5h 6h / 9c 9d 9s / Ad 2d 3d", "l 7h 0", "e")
    assert [0, 1, 0, 0, 1, 1] == [event.player for event in r.events]
    assert list(range(6)) == [event.number for event in r.events]
    assert r.result is not None and 0 == r.result.knocker


# ------------------------------------------------------------------ why an action is refused

DRAWING = ("Jc Qc Kc 8c 8d 8s 4d 4h 6s Js", "Ac 2c 3c 9s 9d 9h 5h 6h 7h As")
"""Ten cards each; player 1 to act."""


def _phases() -> dict[str, gr.Round]:
    """A round in each phase (and in DRAW bound to the stock)."""
    offer = position(hands=DRAWING, discard="Tc", phase=gr.Phase.UPCARD_OFFER, stock_size=31)
    draw = position(hands=DRAWING, discard="Tc Kd")
    discard = play(draw, "s")
    layoff = position(
        hands=("3h 7h 8h 4d Tc Jc Qc 5s 6s Ks", "4h 5h 6h 9c 9d 9s Ad 2d 3d 7s Qs"),
        discard="Jh",
        phase=DISCARD,
        to_act=1,
    )
    layoff = play(layoff, "k Qs")
    return {
        "offer": offer,
        "draw": draw,
        "stock-only": play(offer, "p", "p"),
        "discard": discard,
        "layoff": layoff,
        "over": play(layoff, "e"),
    }


DRAWN = "a card is drawn only at the start of a turn"
FIRST_TURN = "the upcard may only be passed on the first turn"
DISCARDED = "a card is discarded only after you draw"
KNOCKED = "you knock only after you draw"
BIG = "big gin is declared only after you draw"
LAID = "layoffs are made only after a knock, by the player who did not knock"
OFFERED = "take or pass the upcard first; "
DRAWN_ALREADY = "you have drawn this turn already; "
KNOCKED_ALREADY = "a knock has ended the play: lay off or end your layoffs; "


@pytest.mark.parametrize(
    ("phase", "action", "reason"),
    [
        ("offer", gr.DrawStock(), "the upcard offer allows only taking or passing"),
        ("offer", gr.Discard(card("Ac")), OFFERED + DISCARDED),
        ("offer", gr.Knock(card("Ac")), OFFERED + KNOCKED),
        ("offer", gr.BigGin(), "these rules ('pagat') have no big gin"),
        ("offer", gr.LayOff(card("Ac"), 0), LAID),
        ("offer", gr.EndLayoffs(), LAID),
        ("draw", gr.PassUpcard(), FIRST_TURN),
        ("draw", gr.Discard(card("Ac")), "draw first; " + DISCARDED),
        (
            "stock-only",
            gr.TakeDiscard(),
            "after both players pass the upcard the non-dealer must draw from the stock",
        ),
        ("discard", gr.TakeDiscard(), DRAWN_ALREADY + DRAWN),
        ("discard", gr.DrawStock(), DRAWN_ALREADY + DRAWN),
        ("discard", gr.PassUpcard(), FIRST_TURN),
        ("discard", gr.EndLayoffs(), LAID),
        ("discard", gr.BigGin(), "these rules ('pagat') have no big gin"),
        ("layoff", gr.TakeDiscard(), KNOCKED_ALREADY + DRAWN),
        ("layoff", gr.DrawStock(), KNOCKED_ALREADY + DRAWN),
        ("layoff", gr.Discard(card("Tc")), KNOCKED_ALREADY + DISCARDED),
        ("layoff", gr.BigGin(), "these rules ('pagat') have no big gin"),
        ("layoff", gr.LayOff(card("Ks"), 3), "meld 3 does not exist; the spread has 3 melds"),
        ("layoff", gr.LayOff(card("4h"), 0), "card '4h' is not in the hand"),
        ("over", gr.EndLayoffs(), "the round is over"),
        ("over", gr.DrawStock(), "the round is over"),
    ],
)
def test_each_refusal_says_why_in_words(phase: str, action: gr.Action, reason: str) -> None:
    """``illegal_reason`` is what a front end shows a player whose move was refused: each rule
    says why its action is not allowed in the phase, in these words (what comes first, then
    when the action is done, as people say it: no internal phase names); what the rules forbid
    (big gin under rules without it) is said before when."""
    assert reason == _phases()[phase].illegal_reason(action)


def test_an_object_that_is_no_action_is_refused() -> None:
    """Only actions are judged: anything else is "not an action" while the round goes on."""
    assert "not an action" == _phases()["draw"].illegal_reason("s")  # type: ignore[arg-type]


@pytest.mark.parametrize("phase", ["offer", "draw", "stock-only", "discard", "layoff", "over"])
def test_each_rule_lists_no_legal_action_outside_its_phase(phase: str) -> None:
    """``ActionRule.legal``: «the legal actions of this kind in ``r`` (none outside their
    phase)», whichever rule is asked (``ACTION_RULES`` is public); the rules of the phase list, in
    order, the round's legal actions."""
    r = _phases()[phase]
    of_phase = ACTION_RULES_BY_PHASE[r.phase]
    for rule in ACTION_RULES.values():
        if rule not in of_phase:
            assert () == tuple(rule.legal(r)), (phase, rule.kind.__name__)
    assert r.legal_actions() == tuple(action for rule in of_phase for action in rule.legal(r))


# ------------------------------------------------------------------ big gin under the rules

WRAPPING_BIG_GIN = "Qs Ks As 2s 4c 5c 6c 7c 9d 9h 9c"
"""Eleven cards that all meld only round the corner (Qs Ks As 2s)."""


def test_big_gin_is_judged_under_the_rounds_melding() -> None:
    """docs/rules.rst §1 and §4: under round-the-corner melding (with big gin allowed) eleven cards whose
    runs wrap all meld, so big gin is legal, with the library's spread or with the wrapping
    meld given; traditional melding would leave Qs Ks As 2s as deadwood."""
    rules = gr.ROUND_THE_CORNER.evolve(big_gin=True)
    defender = "Ac 2d 3d 4d 8s 9s Ts 2h Jc Qh"
    r = position(rules, hands=(defender, WRAPPING_BIG_GIN), discard="Kc", phase=DISCARD, to_act=1)
    assert gr.BigGin() in r.legal_actions()
    chosen = (
        gr.Meld.parse("Qs Ks As 2s", round_the_corner=True),
        gr.Meld.parse("4c 5c 6c 7c"),
        gr.Meld.parse("9d 9h 9c"),
    )
    assert None is r.illegal_reason(gr.BigGin(chosen))
    done = play(r.apply(gr.BigGin(chosen)), "e")  # layoffs follow a gin round the corner
    assert done.result is not None and (gr.Outcome.BIG_GIN, chosen) == (
        done.result.outcome,
        done.result.spread,
    )


def test_a_big_gin_showing_a_wrapping_meld_is_refused_under_traditional_melding() -> None:
    """Spanish-site (big gin, traditional runs): Js Qs Ks and As 2s 3s meld, so the eleven cards
    are a big gin, but a spread showing them as one run round the corner is refused, saying
    why; without a spread the eleven wrapping cards above are not a big gin at all."""
    big = "Js Qs Ks As 2s 3s 4c 5c 6c 7c 8c"
    defender = "Ac 2d 3d 4d 8s 9s Ts 2h Jc Qh"
    r = position(gr.SPANISH_SITE, hands=(defender, big), discard="Kc", phase=DISCARD, to_act=1)
    assert gr.BigGin() in r.legal_actions()
    wrap = gr.Meld.parse("Js Qs Ks As 2s 3s", round_the_corner=True)
    assert f"meld {str(wrap)!r} goes round the corner, which the ruleset does not allow" == r.illegal_reason(
        gr.BigGin((wrap, gr.Meld.parse("4c 5c 6c 7c 8c")))
    )
    r = position(gr.SPANISH_SITE, hands=(defender, WRAPPING_BIG_GIN), discard="Kc", phase=DISCARD, to_act=1)
    assert "big gin needs all 11 cards melded; deadwood is 23" == r.illegal_reason(gr.BigGin())


def test_the_action_rules_are_read_only() -> None:
    """The rule of each action cannot be replaced at run time."""
    with pytest.raises(TypeError):
        ACTION_RULES[gr.DrawStock] = ACTION_RULES[gr.PassUpcard]  # type: ignore[index]
