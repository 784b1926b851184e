"""Random playouts under every preset, checking the round's invariants after every action.

A playout deals a round from a seed and plays random legal actions (biased toward knocking, so
knocks, gins, undercuts, layoffs and dead hands all occur) until the round is over. After every
action it checks where all 52 cards are, the hand sizes of the phase, that every legal action
applies and that illegal ones are refused without a change, and that each player's view holds no
card that player cannot know (docs/conventions.md §9: «random playouts that assert the invariants after every
action»).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from hypothesis_share import examples
from positions import check_cards, choose_action

MAX_ACTIONS = 400
"""A round ends well within this many actions: the stock shrinks on most turns and the round is
dead once it holds 2 cards."""

RULESETS = {
    **gr.PRESETS,
    "custom-no-layoffs": gr.PAGAT.evolve(layoffs=False, undercut_on_tie=False, may_discard_taken_card=True),
    "custom-max-turns": gr.SPANISH_SITE.evolve(max_turns=6, dead_hand_stock=10),
}
"""Every preset, and two custom rulesets that switch off what the presets leave on."""


def check_sizes(r: gr.Round) -> None:
    """Hand sizes follow the phase: 10 each before a draw, 11 for the player to discard, the
    knocker's 10 (11 after big gin) and the defender's 10 less its layoffs after a knock."""
    sizes = (len(r.hand(0)), len(r.hand(1)))
    if r.phase is gr.Phase.UPCARD_OFFER:
        assert ((10, 10), 31, 1) == (sizes, len(r.stock), len(r.discard_pile))
    elif r.phase is gr.Phase.DRAW:
        assert (10, 10) == sizes
    elif r.phase is gr.Phase.DISCARD:
        assert r.to_act is not None
        assert 11 == sizes[r.to_act]
        assert 10 == sizes[1 - r.to_act]
    elif r.knocker is None:
        assert r.result is not None and r.result.outcome.is_void
        assert (10, 10) == sizes
    else:
        knocker_cards = 11 if r.knock_card is None else 10
        assert knocker_cards == sizes[r.knocker]
        assert 10 - len(r.layoffs) == sizes[1 - r.knocker]
    assert r.turns == sum(isinstance(e.action, (gr.Discard, gr.Knock, gr.BigGin)) for e in r.events)


def fingerprint(r: gr.Round) -> tuple[object, ...]:
    """Every field of ``r`` (all immutable values) and the masks of its hands: cheaper than
    :func:`positions.snapshot`'s deep copy, and enough to see a field replaced."""
    fields = tuple(getattr(r, name) for name in gr.Round.__annotations__)
    return (*fields, r.hand(0).mask, r.hand(1).mask, len(r.events), r)


def check_actions(r: gr.Round, rng: random.Random) -> None:
    """Every legal action applies; every other action of the id space is illegal, and applying
    one raises IllegalActionError and leaves the round as it was."""
    legal = r.legal_actions()
    for action in legal:
        assert r.is_legal(action)
        r.apply(action)
    legal_set = set(legal)
    illegal = [a for a in (gr.action_from_id(i) for i in range(gr.ACTION_SPACE_SIZE)) if a not in legal_set]
    assert not any(r.is_legal(a) for a in illegal)
    before = fingerprint(r)
    with pytest.raises(gr.IllegalActionError):
        r.apply(rng.choice(illegal))
    assert before == fingerprint(r)


def check_views(r: gr.Round) -> None:
    """A view shows a player its own cards and nothing it cannot know: no stock card, no card of
    the opponent's hidden hand except those the opponent took from the pile and still holds (by
    the uncensored log), no opponent stock draw, and no face-down knock card before the end."""
    for player in (0, 1):
        opponent = 1 - player
        v = r.view(player)
        assert (r.hand(player), len(r.stock), len(r.hand(opponent))) == (
            v.hand,
            v.stock_size,
            v.opponent_card_count,
        )
        assert not set(v.known_cards) & set(r.stock)
        assert (r.legal_actions() if r.to_act == player else ()) == v.legal_actions
        if r.knocker is None:  # a dead hand or a void round shows no hand either
            assert None is v.opponent_hand
            took = {e.card for e in r.events if e.player == opponent and isinstance(e.action, gr.TakeDiscard)}
            assert set(v.opponent_known) <= took & set(r.hand(opponent))
            hidden = set(r.hand(opponent)) - took
            assert not hidden & set(v.known_cards)
        else:
            assert r.hand(opponent) == v.opponent_hand
        if r.knocker == opponent and not r.is_over:
            assert None is v.knock_card
            assert r.knock_card is None or r.knock_card not in v.known_cards
        for event in v.events:
            if event.player == opponent and isinstance(event.action, gr.DrawStock):
                assert None is event.card


def playout(rules: gr.Ruleset, seed: int, dealer: int, rng: random.Random) -> gr.Round:
    """Deal from ``seed`` and play random legal actions to the end, checking every position."""
    r = gr.Round.deal(rules, dealer=dealer, seed=seed)
    for _ in range(MAX_ACTIONS):
        check_cards(r)
        check_sizes(r)
        check_views(r)
        if r.is_over:
            assert (None, ()) == (r.to_act, r.legal_actions())
            assert r.result is not None
            return r
        check_actions(r, rng)
        r = r.apply(choose_action(r, rng))
    raise AssertionError(f"the round did not end within {MAX_ACTIONS} actions: {r!r}")


@pytest.mark.parametrize("name", list(RULESETS))
@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 1), rng=st.randoms(use_true_random=False))
def test_random_playouts_keep_the_round_invariants(
    name: str, seed: int, dealer: int, rng: random.Random
) -> None:
    """docs/rules.rst §2-6 as invariants: the 52 cards are always all in play exactly once, hand sizes
    follow the phase, legality is consistent, views leak nothing, and every round ends."""
    rules = RULESETS[name]
    r = playout(rules, seed, dealer, rng)
    if rules.max_turns is not None:
        assert r.turns <= rules.max_turns


def test_playouts_reach_every_kind_of_ending() -> None:
    """The playout policy reaches knocks, undercuts, gins, big gins and dead hands, so the
    invariants above are checked at each kind of ending (a fixed sample of seeds)."""
    seen: Counter[gr.Outcome] = Counter()
    for seed in range(60):
        for name in ("pagat", "spanish-site", "straight"):
            rng = random.Random(seed)
            r = gr.Round.deal(RULESETS[name], dealer=seed % 2, seed=seed)
            while not r.is_over:
                r = r.apply(choose_action(r, rng))
            assert r.result is not None
            seen[r.result.outcome] += 1
    assert {gr.Outcome.KNOCK, gr.Outcome.UNDERCUT, gr.Outcome.GIN, gr.Outcome.DEAD_HAND} <= set(seen)
