"""No public path to an impossible value (issue 19, item 4), and a view says how its round
began (item 5).

Each impossible value the review found is refused by name; then Hypothesis builds results,
settlements and views from random field values and checks that whatever a constructor accepts
is consistent: a ``RoundResult`` is the price of its own facts under some ruleset, a
``GameResult`` is a settlement, a ``PlayerView`` and a ``GameView`` are the views of their own
samples.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.play.action_rules import ACTION_RULES
from ginrummy.results.pricing import price_knock
from ginrummy.results.settlement import Standings
from positions import biased_action, view_fields
from strategies import round_results_st

KNOCK, GIN, BIG_GIN, UNDERCUT = gr.Outcome.KNOCK, gr.Outcome.GIN, gr.Outcome.BIG_GIN, gr.Outcome.UNDERCUT
SPREAD = (gr.Meld.parse("Ac 2c 3c 4c"), gr.Meld.parse("7h 7d 7s"), gr.Meld.parse("Jd Qd Kd"))


# ------------------------------------------------------------------------ the named impossibles


def test_a_knock_worth_what_its_deadwoods_do_not_give_is_refused() -> None:
    """A knock with deadwood 3 and 10 is worth 7 (times its multiplier), never 5."""
    with pytest.raises(gr.InvalidResultError, match="worth 7, not 5") as info:
        gr.RoundResult(outcome=KNOCK, winner=0, points=5, knocker=0, deadwood=(3, 10))
    assert "points" == info.value.field
    assert 7 == gr.RoundResult(outcome=KNOCK, winner=0, points=7, knocker=0, deadwood=(3, 10)).points


def test_a_void_round_with_a_knocker_but_no_matched_gin_is_refused() -> None:
    """A void round names its knocker only when layoffs matched a gin."""
    with pytest.raises(gr.InvalidResultError, match="gin matched by layoffs") as info:
        gr.RoundResult(outcome=gr.Outcome.VOID, knocker=0)
    assert "knocker" == info.value.field


def test_a_dead_hand_with_a_knocker_is_refused() -> None:
    """A dead hand follows a plain discard: nobody knocked."""
    with pytest.raises(gr.InvalidResultError, match="nobody knocked"):
        gr.RoundResult(outcome=gr.Outcome.DEAD_HAND, knocker=1)


def test_a_layoff_that_fits_no_meld_is_refused() -> None:
    """A layoff onto a meld it does not extend (9h onto a run of clubs) is refused, naming it;
    one that extends the meld as already extended is accepted."""
    with pytest.raises(gr.InvalidResultError, match="does not fit meld 0") as info:
        gr.RoundResult(
            outcome=KNOCK, winner=1, points=3, knocker=1, spread=SPREAD, layoffs=((gr.Card.parse("9h"), 0),)
        )
    assert "layoffs[0]" == info.value.field
    laid = ((gr.Card.parse("5c"), 0), (gr.Card.parse("6c"), 0))
    assert (
        laid
        == gr.RoundResult(outcome=KNOCK, winner=1, points=3, knocker=1, spread=SPREAD, layoffs=laid).layoffs
    )


def test_a_winner_who_neither_reached_the_target_nor_leads_is_refused() -> None:
    """A finished game is won by the player who reached the target or by the higher total."""
    knock = gr.RoundResult(outcome=KNOCK, winner=0, points=60)
    settled = gr.score_game(gr.PAGAT, [knock, knock])
    assert 0 == settled.winner
    with pytest.raises(gr.InvalidResultError, match="neither reached the target nor has the higher total"):
        attrs.evolve(settled, winner=1)
    with pytest.raises(gr.InvalidResultError, match="did not reach the target"):
        attrs.evolve(
            settled, breakdown=(settled.breakdown[1], settled.breakdown[0]), totals=settled.totals[::-1]
        )


def test_standings_are_built_only_from_their_start() -> None:
    """``Standings`` is internal and cannot be built without its columns."""
    with pytest.raises(gr.InvalidResultError, match=r"Standings\.start"):
        Standings(gr.PAGAT, ())
    assert (0, 0) == Standings.start(gr.PAGAT).scores


def test_the_action_rules_are_read_only() -> None:
    """The rule of each action cannot be replaced at run time."""
    with pytest.raises(TypeError):
        ACTION_RULES[gr.DrawStock] = ACTION_RULES[gr.PassUpcard]  # type: ignore[index]


def _game_view(seed: int, rounds: int) -> gr.GameView:
    """Player 0's view of a pagat game after ``rounds`` finished rounds."""
    game = gr.Game.new(gr.PAGAT, seed=seed, dealer=0)
    bots = (gr.GreedyBot(), gr.GreedyBot())
    while len(game.results) < rounds and not game.is_over:
        game = game.apply(bots[game.to_act or 0].act(game.round.view(game.to_act or 0)))
    return game.view(0)


def test_a_game_view_with_the_wrong_next_dealer_is_refused() -> None:
    """After a scored round the next dealer follows ``next_dealer``; a game view whose round
    in play is dealt by the other player is refused, naming the field."""
    view = _game_view(3, 2)
    fields = {field.name: getattr(view, field.name) for field in attrs.fields(gr.GameView)}
    wrong = view.sample(random.Random(5))  # a game with another next dealer: deal it by hand
    round_view = view.round
    other = gr.Round.deal(gr.PAGAT, dealer=1 - round_view.dealer, seed=1).view(0)
    fields["round"] = other
    with pytest.raises(gr.InvalidPositionError) as info:
        gr.GameView(**fields)
    assert "round.dealer" == info.value.field
    assert wrong.view(0) == view


def test_a_dealt_view_whose_first_event_contradicts_its_upcard_is_refused() -> None:
    """Issue 19, item 5: a view of a dealt round begins with the upcard offer of its initial
    upcard. The same fields are possible for a round set up later (the upcard taken earlier),
    so the view's ``dealt`` decides, and the refusal names the field."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())  # player 1 takes the upcard
    view = r.view(0)
    fields = view_fields(view)
    unseen = next(c for c in gr.DECK if c not in view.known_cards and c != view.initial_upcard)
    fields["initial_upcard"] = unseen
    with pytest.raises(gr.InvalidPositionError, match="no round has it") as info:
        gr.PlayerView(**fields)
    assert info.value.field in ("events", "initial_upcard")
    fields["dealt"] = False
    set_up = gr.PlayerView(**fields)
    assert not set_up.dealt and set_up.sample(random.Random(1)).view(0) == set_up


def test_a_view_says_whether_its_round_was_dealt() -> None:
    """A dealt round's views say so; a round set up past the deal says it was not; a round set
    up at the deal itself is the deal."""
    dealt = gr.Round.deal(gr.PAGAT, dealer=0, seed=2)
    later = dealt.apply(gr.PassUpcard()).apply(gr.PassUpcard())
    set_up = gr.Round.from_position(
        gr.PAGAT, dealer=0, hands=(later.hand(0), later.hand(1)), stock=later.stock,
        discard_pile=later.discard_pile, to_act=1, stock_only=True,
    )  # fmt: skip
    assert (True, True, False) == (dealt.view(0).dealt, later.view(1).dealt, set_up.view(1).dealt)
    again = gr.Round.from_position(
        gr.PAGAT, dealer=0, hands=(dealt.hand(0), dealt.hand(1)), stock=dealt.stock,
        discard_pile=dealt.discard_pile, phase=gr.Phase.UPCARD_OFFER,
    )  # fmt: skip
    assert again.dealt and again.view(0) == dealt.view(0)


# ------------------------------------------------------------------------ random field values

cards = st.sampled_from(gr.DECK)
melds = st.sampled_from([*SPREAD, gr.Meld.parse("5s 6s 7s"), gr.Meld.parse("9c 9d 9h 9s")])


RESULT_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "outcome": st.sampled_from(gr.Outcome),
    "winner": st.sampled_from([None, 0, 1]),
    "points": st.integers(0, 80),
    "knocker": st.sampled_from([None, 0, 1]),
    "deadwood": st.none() | st.tuples(st.integers(0, 30), st.integers(0, 30)),
    "deadwood_before_layoffs": st.none() | st.integers(0, 30),
    "spread": st.lists(melds, max_size=3, unique=True).map(tuple),
    "layoffs": st.lists(st.tuples(cards, st.integers(0, 2)), max_size=2, unique_by=lambda p: p[0]).map(tuple),
    "bonus": st.sampled_from([0, 10, 20, 25]),
    "multiplier": st.sampled_from([1, 2, 3]),
    "initial_upcard": st.none() | cards,
}


@st.composite
def result_fields(draw: st.DrawFn) -> dict[str, Any]:
    """The fields of a possible round result (played, or priced by hand), half the time with
    one of them given a random value of its type."""
    result = draw(round_results_st())
    fields = {field.name: getattr(result, field.name) for field in attrs.fields(gr.RoundResult)}
    if draw(st.booleans()):
        name = draw(st.sampled_from(sorted(RESULT_VALUES)))
        fields[name] = draw(RESULT_VALUES[name])
    return fields


@settings(max_examples=1500)
@given(result_fields())
def test_an_accepted_round_result_is_the_price_of_its_facts(fields: dict[str, Any]) -> None:
    """Whatever ``RoundResult`` accepts is consistent: with both deadwoods known, some ruleset
    (its bonus and multiplier) prices those facts to exactly this outcome, winner and points."""
    try:
        result = gr.RoundResult(**fields)
    except gr.InvalidResultError:
        return
    if result.knocker is None or result.deadwood is None:
        assert (result.winner is None) == result.outcome.is_void
        assert 0 == result.points % result.multiplier
        return
    knocker, dw = result.knocker, result.deadwood
    rules = gr.Ruleset(
        big_gin=True,
        gin_bonus=result.bonus,
        big_gin_bonus=result.bonus,
        undercut_bonus=result.bonus,
        undercut_on_tie=result.outcome is UNDERCUT,
        spade_multiplier=result.multiplier,
        layoffs_after_gin=True,
        void_if_gin_matched=result.outcome is gr.Outcome.VOID,
    )
    price = price_knock(
        rules,
        knocker=knocker,
        knocker_deadwood=dw[knocker],
        defender_deadwood=dw[1 - knocker],
        deadwood_before_layoffs=result.deadwood_before_layoffs
        if result.deadwood_before_layoffs is not None
        else 1,
        layoffs=len(result.layoffs),
        big_gin=result.outcome is BIG_GIN or sum(len(m) for m in result.spread) == 11,
        spade_upcard=result.multiplier > 1,
    )
    assert (price.outcome, price.winner, price.points) == (result.outcome, result.winner, result.points)


GAME_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "winner": st.sampled_from([None, 0, 1]),
    "reached_target": st.sampled_from([None, 0, 1]),
    "rounds": st.integers(0, 20),
    "breakdown": st.tuples(*[
        st.builds(gr.PlayerScore, round_points=st.integers(0, 300), rounds_won=st.integers(0, 10),
                  boxes=st.sampled_from([0, 25, 100]), game_bonus=st.sampled_from([0, 100, 200]),
                  shutout=st.booleans())
    ] * 2),
}  # fmt: skip


@st.composite
def game_result_fields(draw: st.DrawFn) -> dict[str, Any]:
    """The fields of a real settlement (finished or not), half the time with one given a random
    value of its type (the totals follow a changed breakdown, so that they still add up)."""
    rules = draw(
        st.sampled_from(
            [
                gr.PAGAT,
                gr.SPANISH_SITE,
                gr.STRAIGHT,
                gr.OKLAHOMA.evolve(game_winner=gr.GameWinner.HIGHEST_TOTAL),
            ]
        )
    )
    results = draw(st.lists(round_results_st(), max_size=12))
    kept: list[gr.RoundResult] = []
    for result in results:
        if gr.score_game(rules, kept).is_over:
            break
        kept.append(result)
    settled = gr.score_game(rules, kept)
    fields = {field.name: getattr(settled, field.name) for field in attrs.fields(gr.GameResult)}
    if draw(st.booleans()):
        name = draw(st.sampled_from(sorted(GAME_VALUES)))
        fields[name] = draw(GAME_VALUES[name])
        fields["totals"] = (fields["breakdown"][0].total, fields["breakdown"][1].total)
    return fields


@settings(max_examples=400)
@given(game_result_fields())
def test_an_accepted_game_result_is_a_settlement(fields: dict[str, Any]) -> None:
    """Whatever ``GameResult`` accepts adds up and names a possible winner: the totals are the
    breakdowns', a game bonus or shutout goes only to the player who reached the target, and a
    finished game is won by that player or by the higher total (drawn only on equal totals)."""
    try:
        result = gr.GameResult(**fields)
    except gr.InvalidResultError:
        return
    totals = result.totals
    assert totals == (result.breakdown[0].total, result.breakdown[1].total)
    if not result.is_over:
        assert result.winner is None and not any(s.game_bonus or s.shutout for s in result.breakdown)
        return
    higher = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
    assert result.winner in (result.reached_target, higher)
    assert result.winner is not None or totals[0] == totals[1]
    for player, score in enumerate(result.breakdown):
        assert player == result.reached_target or not (score.game_bonus or score.shutout)


VIEW_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "player": st.sampled_from([0, 1]),
    "dealer": st.sampled_from([0, 1]),
    "phase": st.sampled_from(gr.Phase),
    "to_act": st.sampled_from([None, 0, 1]),
    "opponent_card_count": st.integers(0, 11),
    "stock_size": st.integers(0, 31),
    "initial_upcard": cards,
    "knock_limit": st.integers(0, 12),
    "taken": st.none() | cards,
    "knocker": st.sampled_from([None, 0, 1]),
    "knock_card": st.none() | cards,
    "turns": st.integers(0, 30),
    "dealt": st.booleans(),
    "opponent_known": st.builds(lambda cs: gr.Hand(cs), st.sets(cards, max_size=2)),
}


def _played(r: gr.Round, rng: random.Random, steps: int) -> gr.Round:
    for _ in range(steps):
        if r.to_act is None:
            break
        r = r.apply(biased_action(r, rng))
    return r


@settings(max_examples=300)
@given(
    st.integers(0, 10**6),
    st.integers(0, 30),
    st.integers(0, 10),
    st.sampled_from(sorted(VIEW_VALUES)),
    st.data(),
)
def test_an_accepted_view_is_the_view_of_its_own_sample(
    seed: int, steps: int, more: int, field: str, data: st.DataObject
) -> None:
    """A real view (of a dealt round, or of one set up after some turns and played on) with one
    field given a random value: if the constructor accepts it, a world sampled from it has
    exactly that view (whatever is accepted is possible)."""
    rng = random.Random(seed)
    r = _played(gr.Round.deal(gr.PAGAT, seed % 2, seed=seed), rng, steps)
    if seed % 3 and r.knocker is None and r.to_act is not None:
        r = gr.Round.from_position(
            r.rules, dealer=r.dealer, hands=(r.hand(0), r.hand(1)), stock=r.stock,
            discard_pile=r.discard_pile, initial_upcard=r.initial_upcard, phase=r.phase, to_act=r.to_act,
            taken=r.taken, stock_only=r.stock_only, turns=r.turns, known=r.known,
        )  # fmt: skip
        r = _played(r, rng, more)
    view = r.view(seed % 2)
    fields = view_fields(view)
    fields[field] = data.draw(VIEW_VALUES[field])
    try:
        changed = gr.PlayerView(**fields)
    except gr.InvalidPositionError:
        return
    assert changed == changed.sample(random.Random(seed)).view(changed.player)


@settings(max_examples=60)
@given(
    st.integers(0, 1000),
    st.integers(0, 4),
    st.sampled_from(["dealer", "redeal", "round", "scores", "is_over", "history"]),
    st.data(),
)
def test_an_accepted_game_view_is_the_view_of_its_own_sample(
    seed: int, rounds: int, field: str, data: st.DataObject
) -> None:
    """A real game view with one field changed: if ``GameView`` accepts it, a game sampled from
    it has exactly that view."""
    view = _game_view(seed, rounds)
    fields = {f.name: getattr(view, f.name) for f in attrs.fields(gr.GameView)}
    if field == "dealer":
        other = gr.Round.deal(gr.PAGAT, dealer=data.draw(st.sampled_from([0, 1])), seed=seed).view(0)
        fields["round"] = other
    elif field == "redeal":  # another deal by the right dealer: possible, so accepted
        fields["round"] = gr.Round.deal(gr.PAGAT, dealer=view.round.dealer, seed=seed + 1).view(0)
    elif field == "round":
        fields["round"] = data.draw(st.sampled_from([*view.history, view.round]))
    elif field == "scores":
        fields["scores"] = (data.draw(st.integers(0, 200)), view.scores[1])
    elif field == "is_over":
        fields["is_over"] = not view.is_over
    else:
        fields["history"] = view.history[:-1]
    try:
        changed = gr.GameView(**fields)
    except gr.InvalidPositionError:
        return
    assert changed == changed.sample(random.Random(seed)).view(0)
