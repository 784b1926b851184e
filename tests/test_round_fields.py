"""The round's record (``ginrummy.round_fields``): position identity (``position_key``) and the
equality of rounds.

``position_key()`` is the position alone, however it was reached; ``==`` also compares the log
of events, so the same cards reached by another history are equal positions but unequal rounds
(docs/design.md, "Equality and identity").
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
from positions import choose_action, play, position, set_up

MAX_ACTIONS = 400
"""A random round ends well within this many actions."""


def known_as_set_up(r: gr.Round) -> tuple[gr.Hand, gr.Hand]:
    """What :meth:`gr.Round.from_position` records as known: only the card taken this turn."""
    known = [gr.Hand(), gr.Hand()]
    if r.taken is not None and r.to_act is not None:
        known[r.to_act] = gr.Hand([r.taken])
    return known[0], known[1]


@pytest.mark.parametrize("name", sorted(gr.PRESETS))
@settings(max_examples=examples(15))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), dealer=st.sampled_from([0, 1]))
def test_a_position_set_up_again_has_the_key_of_the_one_played_to(name: str, seed: int, dealer: int) -> None:
    """At every position before a knock, the same cards set up with ``from_position`` have the
    same key exactly when the cards known to be held agree (the key holds them, and
    ``from_position`` knows only the card taken this turn); the rounds are equal only while no
    action has been played (their logs differ after one)."""
    rng = random.Random(seed)
    r = gr.Round.deal(gr.PRESETS[name], dealer=dealer, seed=seed)
    same_key = different_key = 0
    for _ in range(MAX_ACTIONS):
        if r.knocker is not None or r.phase is gr.Phase.OVER:
            break
        again = set_up(r)
        if known_as_set_up(r) == r.known:
            assert again.position_key() == r.position_key()
            assert hash(again) == hash(r)
            assert (again == r) is (not r.actions)
            same_key += 1
        else:
            assert again.position_key() != r.position_key()
            different_key += 1
        r = r.apply(choose_action(r, rng))
    assert same_key >= 1
    assert r.phase is not gr.Phase.UPCARD_OFFER


@pytest.mark.parametrize("name", sorted(gr.PRESETS))
@settings(max_examples=examples(10))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_action_changes_the_key_and_a_replay_keeps_it(name: str, seed: int) -> None:
    """Each action moves a card, the phase or the turn, so consecutive positions have different
    keys; replaying the same actions from the start gives an equal round with an equal key and
    hash; keys are usable in sets and dicts."""
    rng = random.Random(seed)
    r = gr.Round.deal(gr.PRESETS[name], dealer=seed % 2, seed=seed)
    seen = {r.position_key(): r}
    while r.phase is not gr.Phase.OVER:
        following = r.apply(choose_action(r, rng))
        assert following.position_key() != r.position_key()
        seen[following.position_key()] = following
        r = following
    replayed = r.at_origin.replay(r.actions)
    assert replayed == r and replayed is not r
    assert (replayed.position_key(), hash(replayed)) == (r.position_key(), hash(r))
    assert seen[replayed.position_key()] is r


KNOCKER = "4h 5h 6h 9c 9d 9s Ad 2d 3d 7s"
DEFENDER = "3h 7h 8h 4d Tc Jc Qc 5s 6s Ks"


def base(**changes: Any) -> gr.Round:
    """Player 1 to draw from a stock topped by Qs then 2c; the pile is Jh Kd."""
    kwargs: dict[str, Any] = {"hands": (DEFENDER, KNOCKER), "discard": "Jh Kd", "stock_top": "Qs 2c"}
    kwargs.update(changes)
    return position(**kwargs)


@pytest.mark.parametrize(
    ("what", "one", "other"),
    [
        ("the stock's order", base, lambda: base(stock_top="2c Qs")),
        ("the pile's order", base, lambda: base(discard="Kd Jh", initial_upcard="Jh")),
        ("the hands swapped", base, lambda: base(hands=(KNOCKER, DEFENDER), to_act=1)),
        ("the dealer", base, lambda: base(dealer=1, to_act=1)),
        ("the player to act", base, lambda: base(to_act=0)),
        (
            "the phase",
            base,
            lambda: base(phase=gr.Phase.DISCARD, hands=(DEFENDER, KNOCKER + " Qs"), stock_top="2c"),
        ),
        ("the ruleset", base, lambda: gr.Round.from_position(gr.OKLAHOMA, **_fields(base()))),
        ("the stock-only rule", lambda: base(discard="Kd"), lambda: base(discard="Kd", stock_only=True)),
    ],
)
def test_positions_that_differ_in_one_thing_have_different_keys(
    what: str, one: Callable[[], gr.Round], other: Callable[[], gr.Round]
) -> None:
    """The key holds every card's place (pile orders included), the dealer, whose turn, the
    stock-only rule, the phase and the ruleset: changing any one of them changes it."""
    assert one().position_key() == one().position_key(), what
    assert other().position_key() != one().position_key(), what
    assert other() != one(), what


def _fields(r: gr.Round) -> dict[str, Any]:
    return {
        "dealer": r.dealer,
        "hands": (r.hand(0), r.hand(1)),
        "stock": r.stock,
        "discard_pile": r.discard_pile,
        "initial_upcard": r.initial_upcard,
        "to_act": r.to_act,
    }


def test_a_card_taken_from_the_pile_and_still_held_is_part_of_the_key() -> None:
    """Two rounds with the same cards in the same places differ when one player is known to
    hold a card it took from the pile: the views differ, so the positions do."""
    took = play(base(), "t", "d 7s")  # player 1 took Kd and holds it; Jh 7s on the pile
    assert gr.Hand([gr.Card("Kd")]) == took.known[1]
    again = set_up(took)
    assert again.known == (gr.Hand(), gr.Hand())
    assert again.position_key() != took.position_key()
    assert again.view(0) != took.view(0)


def test_turns_are_in_the_key_only_when_max_turns_makes_them_matter() -> None:
    """Under a ruleset without ``max_turns`` the turns played do not change the key; with it
    they do (the same cards one turn later are one turn nearer the void)."""
    fields = _fields(base())
    for rules, differ in ((gr.PAGAT, False), (gr.PAGAT.evolve(max_turns=40), True)):
        early = gr.Round.from_position(rules, **fields, turns=3)
        late = gr.Round.from_position(rules, **fields, turns=4)
        assert (early.position_key() != late.position_key()) is differ, rules.name
        assert (early == late) is not differ, rules.name


def test_a_dealt_round_equals_the_same_position_set_up() -> None:
    """Before any action a dealt round and the same position set up with ``from_position`` are
    equal, hash alike, and make the same views."""
    dealt = gr.Round.deal(gr.PAGAT, dealer=1, seed=5)
    again = set_up(dealt)
    assert again == dealt and hash(again) == hash(dealt)
    assert (again.view(0), again.view(1)) == (dealt.view(0), dealt.view(1))
