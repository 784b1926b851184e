"""The bot protocol (``help(gr.Bot)``): every action a library bot returns, under every preset,
is legal for the round, has an action id, and the id's action is one the round accepts too: a
knock shown with the bot's own spread is legal exactly when the same knock with ``melds=None``
is, and has that knock's id, as OpenSpiel encodes knocks."""

from __future__ import annotations

import pytest

import ginrummy as gr

ROUNDS = 3
"""Rounds per bot and preset (each bot plays both seats)."""

BOT_NAMES = sorted("montecarlo:2" if name == "montecarlo" else name for name in gr.BOTS)
"""Every library bot; the search bot with a tiny budget."""


def _checked_round(bot: gr.Bot, rules: gr.Ruleset, seed: int) -> list[gr.Knock | gr.BigGin]:
    """Play one round of ``bot`` against itself, checking each action it returns; returns
    the knocks and big gins it made, with their spreads."""
    r = gr.Round.deal(rules, seed=seed)
    knocks: list[gr.Knock | gr.BigGin] = []
    while r.to_act is not None:
        action = bot.act(r.view(r.to_act))
        assert r.is_legal(action, r.to_act), (action, r.illegal_reason(action, r.to_act))
        action_id = gr.action_to_id(action)
        back = gr.action_from_id(action_id)
        assert action_id == gr.action_to_id(back)
        assert back in r.legal_actions()  # the id's action is in the legal list
        assert r.apply(back).to_act is not None or r.apply(back).result is not None
        if isinstance(action, (gr.Knock, gr.BigGin)):
            knocks.append(action)
            assert isinstance(back, (gr.Knock, gr.BigGin)) and type(back) is type(action)
            assert back.melds is None
            assert getattr(back, "card", None) == getattr(action, "card", None)
        else:
            assert back == action
        r = r.apply(action)
    return knocks


@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_bot_action_is_legal_and_has_an_id_under_every_preset(name: str) -> None:
    """Under every preset each action a library bot returns is legal (``Round.is_legal``), is
    encoded by ``gr.action_to_id``, and the action of that id is in ``legal_actions()`` and
    applies; knocks with a spread of the bot's own get the id of the bare knock."""
    knocks = 0
    for rules in gr.PRESETS.values():
        bot = gr.make_bot(name, seed=5)
        for seed in range(ROUNDS):
            knocks += len(_checked_round(bot, rules, seed))
    if name != "random":  # the random bot, choosing among every legal action, rarely knocks
        assert knocks > 0  # the knock, the case the protocol had wrong, was met


def test_a_knock_with_its_own_spread_has_the_bare_knocks_id() -> None:
    """The tracker bot shows a spread of its own when it knocks: that knock is not in the legal
    list (its spread differs), yet the round accepts it, and its id is the bare knock's, whose
    action the round accepts too."""
    bot = gr.make_bot("tracker", seed=1)
    spread_knocks = []
    for seed in range(40):
        for knock in _checked_round(bot, gr.PAGAT, seed):
            if knock.melds is not None:
                spread_knocks.append(knock)
    assert spread_knocks
    knock = spread_knocks[0]
    assert isinstance(knock, gr.Knock)
    assert gr.action_to_id(gr.Knock(knock.card)) == gr.action_to_id(knock)
    assert 55 + knock.card.index == gr.action_to_id(knock)


def test_a_spread_knock_is_legal_only_when_the_bare_knock_is() -> None:
    """A knock shown with a spread whose deadwood exceeds the limit, or with a meld of cards
    not held, is refused, though the bare knock with the same card is legal."""
    r = gr.Round.deal(gr.PAGAT, seed=0)
    while r.to_act is not None:
        knocks = [a for a in r.legal_actions() if isinstance(a, gr.Knock)]
        if knocks:
            break
        r = r.apply(gr.make_bot("tracker", seed=0).act(r.view(r.to_act)))
    else:
        pytest.fail("no knock met")
    knock = knocks[0]
    assert isinstance(knock, gr.Knock)
    assert r.is_legal(knock)
    assert not r.is_legal(gr.Knock(knock.card, ()))  # no melds shown: all of it deadwood
    not_held = next(
        meld
        for meld in (gr.Meld.parse(t) for t in ("Ac 2c 3c", "Ad 2d 3d", "Ah 2h 3h", "As 2s 3s"))
        if not meld.mask & r.hands[r.to_act].mask
    )
    assert not r.is_legal(gr.Knock(knock.card, (not_held,)))
