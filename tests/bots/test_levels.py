"""The levels (issue 52, item 1): each level plays only legal actions from its view alone, the
same for the same view and seed, strays from the tracker bot's best action more at a lower
level, and ships a measured rating under ``pagat`` and ``oklahoma`` that keeps the levels in
order with intervals apart; the levels are named wherever bots are (``level:N``)."""

from __future__ import annotations

import itertools
import math

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from bot_positions import twin
from ginrummy.bots.levels import LEVELS, LevelBot, level_ratings


def _views(seed: int, count: int = 40) -> list[gr.PlayerView]:
    """The views at which someone acts in a round played by two level 3 bots."""
    r = gr.Round.deal(gr.PAGAT, dealer=seed % 2, seed=seed)
    bots = (LevelBot(seed=1, level=3), LevelBot(seed=2, level=3))
    views: list[gr.PlayerView] = []
    while not r.is_over and len(views) < count:
        acting = r.to_act
        assert acting is not None
        view = r.view(acting)
        views.append(view)
        r = r.apply(bots[acting].act(view))
    return views


def test_there_are_five_levels_weakest_first_the_last_the_adaptive_bot() -> None:
    """Five levels numbered 1 to 5 stray less and less (temperature falls to 0); the last
    plays the adaptive bot's action at every view."""
    assert [1, 2, 3, 4, 5] == [level.number for level in gr.LEVELS]
    temperatures = [level.temperature for level in LEVELS]
    assert temperatures == sorted(temperatures, reverse=True) and temperatures[-1] == 0
    assert LEVELS[-1].settings is None
    for view in _views(5):
        assert gr.AdaptiveBot(seed=4).act(view) == LevelBot(seed=4, level=5).act(view)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), level=st.integers(1, 5))
def test_a_level_plays_legal_actions_the_same_for_the_same_view(seed: int, level: int) -> None:
    """Every action is legal, and a bot with the same seed plays the same action for the
    same view (its chance is seeded from the view)."""
    for view in _views(seed, 25):
        action = LevelBot(seed=seed, level=level).act(view)
        assert action == LevelBot(seed=seed, level=level).act(view)
        shown = attrs.evolve(action, melds=None) if isinstance(action, gr.Knock) else action
        assert shown in view.legal_actions


def test_the_chances_sum_to_one_and_favour_the_better_actions() -> None:
    """:meth:`LevelBot.choices` gives chances summing to 1, most likely first, and a lower
    level spreads them more (its best action is less likely)."""
    spread = {1: 0.0, 4: 0.0}
    for view in _views(11):
        for number in spread:
            choices = LevelBot(seed=1, level=number).choices(view)
            chances = [chance for chance, _ in choices]
            assert math.isclose(1.0, sum(chances)) and chances == sorted(chances, reverse=True)
            spread[number] += chances[0]
    assert spread[1] < spread[4]


def test_a_level_decides_from_its_view_alone() -> None:
    """Two rounds that differ only in the opponent's hidden cards give the level the same
    choices (the leak test of a bot: nothing hidden reaches it)."""
    checked = 0
    for seed in range(6):
        r = gr.Round.deal(gr.PAGAT, dealer=seed % 2, seed=seed)
        players = (LevelBot(seed=1, level=2), LevelBot(seed=2, level=2))
        while not r.is_over and checked < 30:
            other = twin(r) if r.to_act == 0 else None
            if other is not None:
                for number in (1, 3):
                    bot = LevelBot(seed=3, level=number)
                    assert bot.choices(r.view(0)) == bot.choices(other.view(0))
                    assert bot.act(r.view(0)) == bot.act(other.view(0))
                checked += 1
            acting = r.to_act
            assert acting is not None
            r = r.apply(players[acting].act(r.view(acting)))
    assert checked >= 10


def test_the_shipped_ratings_keep_the_levels_in_order_and_apart() -> None:
    """Under ``pagat`` and ``oklahoma`` each level's rating is above the level below with
    intervals that do not overlap, and each level won at least 60% of its games against the
    level below (the promise of the levels, measured by ``benchmarks/levels.py``)."""
    import json
    from importlib import resources

    ratings = level_ratings()
    assert ["oklahoma", "pagat"] == sorted(ratings)
    for rules in (gr.PAGAT, gr.OKLAHOMA):
        found = [level.rating(rules) for level in LEVELS]
        assert all(rating is not None for rating in found)
        for lower, higher in itertools.pairwise(found):
            assert lower is not None and higher is not None
            assert lower.low <= lower.elo <= lower.high < higher.low <= higher.elo <= higher.high
    document = json.loads(resources.files("ginrummy.bots").joinpath("data/levels.json").read_text("utf-8"))
    for ladder in document["ladders"].values():
        assert 4 == len(ladder["adjacent"])
        assert all(pair["higher_wins"] >= 0.6 * pair["games"] for pair in ladder["adjacent"])


def test_a_level_is_named_like_any_bot_and_checked() -> None:
    """``level:N`` makes the level's bot wherever a bot is named; ``level`` alone is level 3;
    a number outside 1 to 5 is refused with the range."""
    assert 2 == gr.make_bot("level:2", seed=1).level.number  # type: ignore[attr-defined]
    assert 3 == gr.make_bot("Level", seed=1).level.number  # type: ignore[attr-defined]
    with pytest.raises(
        gr.GinRummyError, match=r"invalid bot 'level:6': the level must be a whole number from 1 to 5"
    ):
        gr.make_bot("level:6")
    with pytest.raises(gr.GinRummyError, match="invalid level 0: the levels are 1 to 5"):
        LevelBot(level=0)
    assert "level:4" == gr.LEVELS[3].bot_name == gr.frontend.Session.new(gr.PAGAT, level=4, seed=1).bot


def test_a_session_takes_a_level_and_refuses_a_level_and_a_bot() -> None:
    """``Session.new(level=N)`` plays level N (kept through a save); a level with another bot,
    or a level out of range, is refused naming the level."""
    session = gr.frontend.Session.new(gr.PAGAT, level=1, seed=2)
    assert ("level:1", "beginner") == (session.bot_name, session.level.name)  # type: ignore[union-attr]
    with pytest.raises(gr.InvalidPositionError, match="a level 2 and a bot 'greedy'"):
        gr.frontend.Session.new(gr.PAGAT, level=2, bot="greedy")
    with pytest.raises(gr.InvalidPositionError, match="'level' 7 must be a level's number, 1 to 5"):
        gr.frontend.Session.new(gr.PAGAT, level=7)


def test_a_lower_level_loses_to_a_higher_one_on_duplicate_deals() -> None:
    """A small duplicate ladder: level 1 wins fewer rounds against level 5 than level 5 does
    against it (the full figures are the shipped ratings)."""
    record = gr.ladder(["level:1", "level:5"], gr.PAGAT, games=4, seed="test-levels").pair(
        "level:5", "level:1"
    )
    assert record.first_round_wins > record.second_round_wins
