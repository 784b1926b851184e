"""The text pictures of rounds, views, events, results and games (their ``str()``).

A picture is for a person, so the tests check what it must say (each hand with its deadwood,
the piles in order, whose turn, the result) and, for a view, what it must not: no card the
player cannot see, and the same picture for two rounds that differ only in such cards.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from hypothesis_share import examples
from positions import choose_action, play, position

CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])[A2-9TJQK][cdhs](?![A-Za-z0-9])")
"""A card's notation standing alone in a picture (``7h`` in ``[7h 8h 9h]`` or ``7h>0``)."""


def cards_in(text: str) -> set[gr.Card]:
    """Every card named in ``text``."""
    return {gr.Card(match) for match in CARD_TEXT.findall(text)}


def hidden_from(r: gr.Round, player: int) -> set[gr.Card]:
    """The cards ``player`` may not see in ``r``: the stock, the opponent's cards not shown nor
    known to be held, and a knock card still face down unless the knocker was known to hold it
    (it took the card from the pile: then the defender has seen it)."""
    view = r.view(player)
    hidden = set(r.stock)
    if view.opponent_hand is None:
        hidden |= set(r.hand(1 - player)) - set(view.opponent_known)
    if r.knock_card is not None and view.knock_card is None and r.knocker is not None:
        at_knock = next(i for i, e in enumerate(r.events) if isinstance(e.action, gr.Knock))
        if r.knock_card not in r.at_origin.replay(r.actions[:at_knock]).known[r.knocker]:
            hidden.add(r.knock_card)
    return hidden


def played(name: str, seed: int) -> list[gr.Round]:
    """Every position of a random round under preset ``name``, from the deal to the end."""
    rng = random.Random(seed)
    r = gr.Round.deal(gr.PRESETS[name], dealer=seed % 2, seed=seed)
    rounds = [r]
    while r.phase is not gr.Phase.OVER:
        r = r.apply(choose_action(r, rng))
        rounds.append(r)
    return rounds


@pytest.mark.parametrize("name", sorted(gr.PRESETS))
@settings(max_examples=examples(8))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_views_picture_names_no_hidden_card_and_is_the_same_in_any_world(name: str, seed: int) -> None:
    """At every position of a random round, neither player's picture names a card that player
    cannot see, it names every card of the player's own hand and of the discard pile, and a
    world sampled from the view (other hidden cards, same view) draws the same picture."""
    rng = random.Random(seed)
    for r in played(name, seed):
        for player in (0, 1):
            view = r.view(player)
            picture = str(view)
            named = cards_in(picture)
            assert not named & hidden_from(r, player), (picture, named & hidden_from(r, player))
            assert set(view.hand) | set(view.discard_pile) <= named
            world = view.sample(rng)
            assert str(world.view(player)) == picture
            events = "\n".join(map(str, view.events))
            assert not cards_in(events) & hidden_from(r, player), events


@pytest.mark.parametrize("name", sorted(gr.PRESETS))
@settings(max_examples=examples(5))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_rounds_picture_draws_both_hands_the_piles_and_the_result(name: str, seed: int) -> None:
    """The omniscient picture: a first line naming the ruleset, the dealer, the phase and the
    turn; each player's hand with its deadwood; the discard pile bottom to top and the stock's
    size and next card; the spread and layoffs after a knock; the result when over."""
    for r in played(name, seed):
        lines = str(r).splitlines()
        head = lines[0].split(" · ")
        assert head[:3] == [r.rules.name, f"dealer {r.dealer}", r.phase.name.lower().replace("_", " ")]
        assert head[-1] == f"turn {r.turns}"
        assert (f"player {r.to_act} to act" in lines[0]) is (r.to_act is not None)
        for player in (0, 1):
            line = lines[1 + player]
            assert line.startswith(f"player {player}   ")
            assert cards_in(line) == set(r.hand(player))
            if r.hand(player):
                assert line.endswith(f"deadwood {gr.deadwood(r.hand(player), r.rules)}")
        pile = lines[3]
        assert pile.startswith("pile       " + (" ".join(map(str, r.discard_pile)) or "-") + "   ")
        assert f"stock {len(r.stock)}" in pile and f"knock limit {r.knock_limit}" in pile
        if r.stock:
            assert f"(next {r.stock[-1]})" in pile
        assert any(line.startswith(f"spread     player {r.knocker}: ") for line in lines) is (
            r.knocker is not None
        )
        if r.result is None:
            assert not lines[-1].startswith("result")
        else:
            assert lines[-1] == f"result     {r.result}"


def test_events_read_as_numbered_actions_with_the_cards_the_viewer_may_know() -> None:
    """An event is ``#n player p: action``, with the card drawn when the reader may know it:
    the round's own log names the card drawn from the stock, the opponent's view does not, and
    a defender sees a face-down knock as ``knocks (face down)``."""
    r = position(
        hands=("3h 7h 8h 4d Tc Jc Qc 5s 6s Ks", "4h 5h 6h 9c 9d 9s Ad 2d 3d 7s"),
        discard="Jh Kd",
        stock_top="Qs 2c",
    )
    r = play(r, "s", "k Qs / 4h 5h 6h / 9c 9d 9s / Ad 2d 3d")
    assert [str(e) for e in r.events] == [
        "#0 player 1: s (Qs)",
        "#1 player 1: k Qs / 4h 5h 6h / 9c 9d 9s / Ad 2d 3d",
    ]
    own = [str(e) for e in r.view(1).events]
    theirs = [str(e) for e in r.view(0).events]
    assert own == ["#0 player 1: s (Qs)", "#1 player 1: k Qs / 4h 5h 6h / 9c 9d 9s / Ad 2d 3d"]
    assert (r.knock_card, r.view(0).knock_card) == (gr.Card("Qs"), None)
    assert theirs == ["#0 player 1: s", "#1 player 1: knocks (face down)"]
    r = play(r, "e")
    assert [str(e) for e in r.view(0).events][1] == "#1 player 1: k Qs / 4h 5h 6h / 9c 9d 9s / Ad 2d 3d"


def test_a_results_picture_says_who_scored_what_and_the_deadwoods() -> None:
    """A knock names the winner, the points and both deadwoods, then the layoffs; a dead hand
    says that nobody scores."""
    r = position(
        hands=("3h 7h 8h 4d Tc Jc Qc 5s 6s Ks", "4h 5h 6h 9c 9d 9s Ad 2d 3d 7s"),
        discard="Jh Kd",
        stock_top="Qs 2c",
    )
    r = play(r, "s", "k Qs / 4h 5h 6h / 9c 9d 9s / Ad 2d 3d", "l 3h 0", "l 7h 0", "e")
    result = r.result
    assert result is not None and result.winner is not None and result.deadwood is not None
    knocker = result.knocker
    assert knocker == 1
    expected = (
        f"{result.outcome.value.replace('-', ' ')}: player {result.winner} scores {result.points}; "
        f"knocker 1 deadwood {result.deadwood[1]}, defender deadwood {result.deadwood[0]}; laid off 3h>0 7h>0"
    )
    assert str(result) == expected
    assert result.deadwood[1] == 7
    assert str(gr.RoundResult(outcome=gr.Outcome.DEAD_HAND)) == "dead hand: nobody scores"
    doubled = gr.RoundResult(outcome=gr.Outcome.GIN, winner=0, knocker=0, points=60, multiplier=2)
    assert str(doubled) == "gin: player 0 scores 60 (x2)"


def test_a_games_picture_gives_the_scores_the_target_and_the_round_in_play() -> None:
    """The first line names the ruleset, the seed, the round number and the scores toward the
    target; a finished game adds its winner and totals; the round in play follows."""
    g = gr.Game.new(gr.PAGAT, seed=1)
    rng = random.Random(1)
    first = str(g).splitlines()
    assert first[0] == f"pagat game · seed 1 · round 1 · scores 0-0 (target {gr.PAGAT.target})"
    assert first[1:] == str(g.round).splitlines()
    while not g.is_over:
        g = g.apply(choose_action(g.round, rng))
        lines = str(g).splitlines()
        state = "over" if g.is_over else f"round {len(g.results) + 1}"
        assert lines[0].startswith(f"pagat game · seed 1 · {state} · scores {g.scores[0]}-{g.scores[1]}")
        assert lines[-len(str(g.round).splitlines()) :] == str(g.round).splitlines()
    totals = g.result.totals
    assert str(g).splitlines()[1] == f"result     player {g.result.winner} wins, {totals[0]}-{totals[1]}"


def test_hollywood_games_show_each_columns_scores() -> None:
    """Under Hollywood scoring the scores line lists every column's scores."""
    rules = gr.PAGAT.evolve(hollywood=True)
    g = gr.Game.new(rules, seed=2)
    rng = random.Random(2)
    while not g.results:
        g = g.apply(choose_action(g.round, rng))
    columns = ", ".join(f"{a}-{b}" for a, b in g.column_scores)
    assert f"(columns {columns})" in str(g).splitlines()[0]
