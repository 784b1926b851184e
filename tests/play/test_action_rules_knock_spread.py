"""A knock shown with a spread of the knocker's own (``ginrummy.play.action_rules``): legal
exactly when the same knock with ``melds=None`` is legal and the spread is one the rules
accept (melds of cards kept, allowed by the ruleset, sharing no card, at most three, leaving
at most the knock limit); ``is_legal`` and ``apply`` agree on it, and its action id is the
bare knock's (the bot protocol, ``help(gr.Bot)``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from hypothesis_share import examples


def _discard_position(preset: str, seed: int, moves: int) -> gr.Round | None:
    """The round under ``preset`` dealt from ``seed`` after the greedy bot's moves, stopped at
    the first discard decision from ``moves`` on; None when the round ends first."""
    r = gr.Round.deal(gr.PRESETS[preset], seed=seed)
    bot = gr.make_bot("greedy", seed=seed)
    played = 0
    while r.to_act is not None:
        if played >= moves and r.phase is gr.Phase.DISCARD:
            return r
        r = r.apply(bot.act(r.view(r.to_act)))
        played += 1
    return None


@settings(max_examples=examples(150), deadline=None)
@given(
    preset=st.sampled_from(sorted(gr.PRESETS)),
    seed=st.integers(0, 10_000),
    moves=st.integers(10, 40),
    data=st.data(),
)
def test_a_spread_knock_is_legal_exactly_when_its_bare_knock_is_and_the_spread_is(
    preset: str, seed: int, moves: int, data: st.DataObject
) -> None:
    """For a random knock card and a random spread of disjoint melds from the rest of the hand
    (the knocker's best melds or any others): ``is_legal`` holds exactly when the bare knock is
    legal, the spread has at most three melds, each allowed by the rules, and the cards it
    leaves count at most the knock limit; ``apply`` accepts it exactly then; its id is the bare
    knock's."""
    r = _discard_position(preset, seed, moves)
    if r is None:
        return
    player = r.to_act
    assert player is not None
    held = r.hand(player)
    knocks = [a.card for a in r.legal_actions() if isinstance(a, gr.Knock)]
    prefer_knock = bool(knocks) and data.draw(st.booleans())  # half the time there is one
    cards: list[gr.Card] = knocks if prefer_knock else sorted(held, key=lambda c: c.index)
    card = data.draw(st.sampled_from(cards))
    rest = held - gr.Hand([card])
    candidates = [m for m in gr.all_melds(r.rules) if m.mask & rest.mask == m.mask]
    best = list(gr.best_melds(rest, r.rules).melds)
    spread: list[gr.Meld] = best if data.draw(st.booleans()) else []
    if not spread:
        for meld in data.draw(st.lists(st.sampled_from(candidates), max_size=4)) if candidates else []:
            if all(not meld.mask & other.mask for other in spread):
                spread.append(meld)
    knock = gr.Knock(card, spread)
    covered = gr.Hand([c for meld in spread for c in meld])
    left = (rest - covered).points(r.rules.ace_points)
    bare_legal = r.is_legal(gr.Knock(card))
    expected = bare_legal and len(spread) <= 3 and left <= r.knock_limit
    assert expected == r.is_legal(knock), (str(held), str(card), [str(m) for m in spread], left)
    try:
        r.apply(knock)
        applied = True
    except gr.IllegalActionError:
        applied = False
    assert expected == applied
    assert gr.action_to_id(gr.Knock(card)) == gr.action_to_id(knock)
