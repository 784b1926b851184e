"""Actions: their text notation and their integer ids (``ginrummy.actions``)."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from hypothesis_share import examples
from positions import card, choose_action, meld

RTC = gr.PAGAT.evolve(round_the_corner=True, ace_points=15)
"""Round-the-corner melding, for knocks that show wrapping runs."""

cards_st = st.sampled_from(gr.DECK)
melds_st = st.lists(st.sampled_from(gr.all_melds()), min_size=0, max_size=4).map(tuple)
wrapping_melds_st = st.lists(st.sampled_from(gr.all_melds(RTC)), min_size=1, max_size=4).map(tuple)

actions_st: st.SearchStrategy[gr.Action] = st.one_of(
    st.just(gr.PassUpcard()),
    st.just(gr.TakeDiscard()),
    st.just(gr.DrawStock()),
    st.just(gr.EndLayoffs()),
    st.just(gr.BigGin()),
    st.builds(gr.Discard, cards_st),
    st.builds(gr.Knock, cards_st),
    st.builds(gr.Knock, cards_st, melds_st),
    st.builds(gr.BigGin, melds_st),
    st.builds(gr.LayOff, cards_st, st.integers(min_value=0, max_value=99)),
)
"""Every kind of action, knocks and big gins with or without melds, layoffs onto any index."""


# ------------------------------------------------------------------------------ notation


@given(actions_st)
def test_action_notation_round_trips(action: gr.Action) -> None:
    """docs/conventions.md §2: «Every notation has ``parse`` and ``__str__`` ... Each pair has a round-trip
    property test»: ``parse_action(str(a)) == a`` for every action."""
    text = str(action)
    assert action == gr.parse_action(text)
    assert text == str(gr.parse_action(text))


@given(st.builds(gr.Knock, cards_st, wrapping_melds_st) | st.builds(gr.BigGin, wrapping_melds_st))
def test_action_notation_round_trips_with_wrapping_melds(action: gr.Knock | gr.BigGin) -> None:
    """API: ``parse_action(text, rules)`` reads round-the-corner melds under a ruleset that allows
    them, so a knock showing Q-K-A round-trips too."""
    assert action == gr.parse_action(str(action), rules=RTC)


@given(actions_st)
def test_action_repr_is_an_expression(action: gr.Action) -> None:
    """docs/conventions.md §2: «``repr`` is an expression»: evaluating it rebuilds the action."""
    names = {
        name: getattr(gr, name)
        for name in ("PassUpcard", "TakeDiscard", "DrawStock", "Discard", "Knock", "BigGin", "LayOff")
    }
    names |= {"EndLayoffs": gr.EndLayoffs, "Card": gr.Card, "Meld": gr.Meld}
    assert action == eval(repr(action), names)


@pytest.mark.parametrize(
    ("short", "action"),
    [
        ("s", gr.DrawStock()),
        ("t", gr.TakeDiscard()),
        ("p", gr.PassUpcard()),
        ("e", gr.EndLayoffs()),
        ("bg", gr.BigGin()),
        ("d Kh", gr.Discard(card("Kh"))),
        ("k Kh", gr.Knock(card("Kh"))),
        ("k Kh / 7c 8c 9c / 7d 7h 7s", gr.Knock(card("Kh"), (meld("7c 8c 9c"), meld("7d 7h 7s")))),
        (
            "bg / Ac 2c 3c 4c / 9d 9h 9s / 5h 6h 7h 8h",
            gr.BigGin((meld("Ac 2c 3c 4c"), meld("9d 9h 9s"), meld("5h 6h 7h 8h"))),
        ),
        ("l 8h 0", gr.LayOff(card("8h"), 0)),
    ],
)
def test_str_gives_the_short_notation(short: str, action: gr.Action) -> None:
    """src/ginrummy/actions.py, its notation: ``str`` gives the short form (``s``, ``d Kh``,
    ``l 8h 0`` ...)."""
    assert short == str(action)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("stock", gr.DrawStock()),
        ("draw", gr.DrawStock()),
        ("take", gr.TakeDiscard()),
        ("pass", gr.PassUpcard()),
        ("end", gr.EndLayoffs()),
        ("done", gr.EndLayoffs()),
        ("big-gin", gr.BigGin()),
        ("biggin", gr.BigGin()),
        ("discard Kh", gr.Discard(card("Kh"))),
        ("discard 10h", gr.Discard(card("Th"))),
        ("knock Kh", gr.Knock(card("Kh"))),
        ("KNOCK kh / 7C 8C 9C", gr.Knock(card("Kh"), (meld("7c 8c 9c"),))),
        ("knock Kh/9c 8c 7c/7s 7h 7d", gr.Knock(card("Kh"), (meld("7c 8c 9c"), meld("7d 7h 7s")))),
        (
            "big-gin / Ac 2c 3c 4c / 9d 9h 9s / 5h 6h 7h 8h",
            gr.BigGin((meld("Ac 2c 3c 4c"), meld("9d 9h 9s"), meld("5h 6h 7h 8h"))),
        ),
        ("layoff 8h 0", gr.LayOff(card("8h"), 0)),
        ("lay 8h 2", gr.LayOff(card("8h"), 2)),
        ("  Discard   Kh  ", gr.Discard(card("Kh"))),
    ],
)
def test_long_words_and_any_case_parse(text: str, action: gr.Action) -> None:
    """src/ginrummy/actions.py: «``parse_action`` reads the long words too», case-insensitive, cards in any
    accepted spelling and meld cards in any order."""
    assert action == gr.parse_action(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "x",
        "draw now",
        "d",
        "d Kh Qh",
        "d Zz",
        "k",
        "k 1h",
        "l 8h",
        "l 8h x",
        "l 8h -1",
        "l 8h 0 1",
        "s / 7c 8c 9c",
        "d Kh / 7c 8c 9c",
        "l 8h 0 / 7c 8c 9c",
        "k Kh / 7c 8c",
        "k Kh / 7c 8d 9c",
        "k Kh / Qs Ks As",
        "bg / 7c 7c 7d",
    ],
)
def test_bad_action_text_raises_parse_error_quoting_it(text: str) -> None:
    """API: Bad text raises ``gr.ParseError`` (a ``ValueError``) naming the offending text."""
    with pytest.raises(gr.ParseError) as info:
        gr.parse_action(text)
    assert isinstance(info.value, ValueError)
    assert f"invalid action {text!r}" in str(info.value)


@pytest.mark.parametrize("value", [42, None, b"s", ["s"]])
def test_parse_action_rejects_what_is_not_text(value: object) -> None:
    """docs/conventions.md §4: a value of the wrong type is a ParseError quoting it."""
    with pytest.raises(gr.ParseError, match="invalid action"):
        gr.parse_action(cast(Any, value))


@pytest.mark.parametrize(
    ("text", "action"),
    [("k Kh /", gr.Knock(card("Kh"), ())), ("bg /", gr.BigGin(()))],
)
def test_knock_showing_no_melds_has_its_own_notation(text: str, action: gr.Action) -> None:
    """docs/conventions.md §2: the notation round-trips for every action: a knock that shows an empty spread
    (legal under a high custom knock limit) is not a knock with the library's spread
    (``melds=None``), so it is written with a bare slash."""
    assert (text, action) == (str(action), gr.parse_action(text))
    assert gr.parse_action(text) != gr.parse_action(text.rstrip(" /"))


# ------------------------------------------------------------------------------------- ids


def test_action_ids_are_a_bijection_onto_the_action_space() -> None:
    """API: a stable integer encoding (``action_to_id`` / ``action_from_id`` over
    ``range(ACTION_SPACE_SIZE)``): every id names a distinct action whose id it is."""
    actions = [gr.action_from_id(i) for i in range(gr.ACTION_SPACE_SIZE)]
    assert gr.ACTION_SPACE_SIZE == len(set(actions))
    assert list(range(gr.ACTION_SPACE_SIZE)) == [gr.action_to_id(a) for a in actions]


def test_action_space_holds_every_action_a_round_can_list() -> None:
    """src/ginrummy/actions.py: ids cover «every action that ``Round.legal_actions()`` returns»: the three
    draws and passes, a discard and a knock per card, big gin, the end of layoffs, and a layoff
    of each card onto meld 0, 1 or 2."""
    expected = {
        gr.DrawStock(),
        gr.TakeDiscard(),
        gr.PassUpcard(),
        gr.BigGin(),
        gr.EndLayoffs(),
        *(gr.Discard(c) for c in gr.DECK),
        *(gr.Knock(c) for c in gr.DECK),
        *(gr.LayOff(c, m) for c in gr.DECK for m in range(3)),
    }
    assert expected == {gr.action_from_id(i) for i in range(gr.ACTION_SPACE_SIZE)}


def test_action_ids_are_stable() -> None:
    """API: the encoding is stable: the ids documented in src/ginrummy/actions.py do not move."""
    assert (0, 1, 2) == (
        gr.action_to_id(gr.DrawStock()),
        gr.action_to_id(gr.TakeDiscard()),
        gr.action_to_id(gr.PassUpcard()),
    )
    assert 93 == gr.action_to_id(gr.Knock(card("Kh")))
    assert 265 == gr.ACTION_SPACE_SIZE


@pytest.mark.parametrize("value", [-1, gr.ACTION_SPACE_SIZE, True, 1.0, "3", None])
def test_action_from_id_rejects_an_id_outside_the_space(value: object) -> None:
    """API: ids run from 0 to ``ACTION_SPACE_SIZE - 1``; anything else is a ParseError quoting it."""
    with pytest.raises(gr.ParseError) as info:
        gr.action_from_id(cast(Any, value))
    assert repr(value) in str(info.value)


def test_a_layoff_onto_a_fourth_meld_has_no_id() -> None:
    """src/ginrummy/actions.py: a layoff onto a meld a spread of 10 cards cannot have has no
    id: ``action_to_id`` raises ParseError naming it."""
    action = gr.LayOff(card("8h"), 3)
    with pytest.raises(gr.ParseError) as info:
        gr.action_to_id(action)
    assert repr(action) in str(info.value)


@pytest.mark.parametrize(
    ("action", "bare"),
    [
        (gr.Knock(card("Kh"), (meld("7c 8c 9c"),)), gr.Knock(card("Kh"))),
        (gr.Knock(card("Kh"), ()), gr.Knock(card("Kh"))),
        (gr.BigGin((meld("7c 8c 9c"),)), gr.BigGin()),
    ],
    ids=["knock-with-melds", "knock-with-no-melds", "big-gin-with-melds"],
)
def test_a_knock_with_explicit_melds_has_the_id_of_its_bare_knock(action: gr.Action, bare: gr.Action) -> None:
    """src/ginrummy/actions.py: «one shown with explicit melds has the id of the one with
    ``melds=None``»: the id names the knock card (OpenSpiel's encoding), whatever the spread."""
    assert gr.action_to_id(bare) == gr.action_to_id(action)
    assert bare == gr.action_from_id(gr.action_to_id(action))


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), name=st.sampled_from(sorted(gr.PRESETS)))
def test_every_legal_action_in_a_playout_has_an_id_that_maps_back(seed: int, name: str) -> None:
    """API: ids are for bots and reinforcement learning: every action ``legal_actions()`` offers
    in a random round has an id, and that id gives the action back."""
    rng = random.Random(seed)
    r = gr.Round.deal(gr.PRESETS[name], dealer=seed % 2, seed=seed)
    while not r.is_over:
        legal = r.legal_actions()
        ids = [gr.action_to_id(a) for a in legal]
        assert len(legal) == len(set(ids))
        assert list(legal) == [gr.action_from_id(i) for i in ids]
        r = r.apply(choose_action(r, rng))
