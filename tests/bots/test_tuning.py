"""The adaptive bot's tuning (:mod:`ginrummy.bots.tuning`), its settings
(:mod:`ginrummy.bots.tracker_settings`) and where tunings are kept
(:mod:`ginrummy.bots.tuned_store`): the shipped presets, the cache, its safety."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.bots import tuned_store
from ginrummy.bots.tracker_settings import CANDIDATES, FIXED, TrackerSettings
from ginrummy.bots.tuning import POOL, opponent, play_deal, race

WAIT = TrackerSettings(knock_threshold=math.inf)
"""The tracker bot that waits for gin (or the last knock before a dead hand)."""
WINDOW = TrackerSettings(wait_below_stock=25)
"""The tracker bot that knocks when the knock pays while the stock is long, then waits."""

UNDERCUT_HOUSE = gr.PAGAT.evolve(name="undercut-30", undercut_bonus=30, box_bonus=0)
"""A house rule where waiting pays: a large undercut bonus and no box bonus."""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder of the test's own, with nothing remembered in memory, and tuning
    cut to a few deals (what is tested here is where tunings are kept, not their quality)."""
    monkeypatch.setenv(tuned_store.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(tuned_store, "STAGES", (4,))
    tuned_store.forget()
    yield tmp_path
    tuned_store.forget()


# ---------------------------------------------------------------------------- the settings


@given(
    st.sampled_from([-math.inf, -5.0, 0, 12.5, math.inf]),
    st.floats(0, 10),
    st.floats(0, 20),
    st.floats(-10, 10),
    st.integers(0, 31),
)
def test_settings_round_trip_through_their_data(
    threshold: float, potential: float, danger: float, margin: float, stock: int
) -> None:
    """Any settings come back equal from the JSON data they write (infinite thresholds too)."""
    settings = TrackerSettings(
        knock_threshold=threshold,
        potential_weight=potential,
        danger_weight=danger,
        take_margin=margin,
        wait_below_stock=stock,
    )
    data = json.loads(json.dumps(settings.as_data()))
    assert settings == TrackerSettings.from_data(data)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"knock_threshold": "nan"}, "expected the fields"),
        (
            {**FIXED.as_data(), "potential_weight": -1},
            "'potential_weight' must be a finite number of at least 0 \\(got -1\\)",
        ),
        ({**FIXED.as_data(), "danger_weight": "8"}, "'danger_weight' must be a number"),
        ({**FIXED.as_data(), "take_margin": math.inf}, "'take_margin' must be a finite number"),
        ([1, 2], "expected the fields"),
        (
            {**FIXED.as_data(), "wait_below_stock": 32},
            "'wait_below_stock' must be an integer from 0 to 31 \\(got 32\\)",
        ),
        ({**FIXED.as_data(), "wait_below_stock": 2.5}, "'wait_below_stock' must be an integer"),
        ({k: v for k, v in FIXED.as_data().items() if k != "wait_below_stock"}, "expected the fields"),
    ],
)
def test_bad_settings_data_is_refused_with_the_librarys_error(data: object, message: str) -> None:
    """Settings read from a file are checked field by field; what is wrong is named."""
    with pytest.raises(gr.GinRummyError, match=message):
        TrackerSettings.from_data(data)


def test_settings_make_the_tracker_bot_they_describe() -> None:
    """``settings.bot(seed)`` is the tracker bot with those keyword arguments and seed."""
    bot = TrackerSettings(knock_threshold=math.inf, potential_weight=2.0, wait_below_stock=9).bot(seed=7)
    assert (bot.seed, bot.knock_threshold, bot.potential_weight, bot.wait_below_stock) == (
        7,
        math.inf,
        2.0,
        9,
    )
    assert (bot.danger_weight, bot.take_margin) == (FIXED.danger_weight, FIXED.take_margin)


@pytest.mark.parametrize("rules", [gr.PAGAT, gr.EAAI, gr.OKLAHOMA], ids=lambda r: r.name)
def test_a_bot_that_waits_below_a_stock_size_knocks_only_above_it(rules: gr.Ruleset) -> None:
    """With ``wait_below_stock=k`` every knock that is not gin comes while the stock holds at
    least ``k`` cards, or on the last turn before a dead hand; the same bot without it knocks
    below ``k`` too on these deals (so the keyword is what keeps it from knocking)."""
    late = {0: 0, 20: 0}
    for stock in (0, 20):
        for deal in range(40):
            state = gr.Round.deal(rules, deal % 2, seed=f"window:{deal}")
            bots = [TrackerSettings(wait_below_stock=stock).bot(f"{deal}:{k}") for k in (0, 1)]
            while not state.is_over:
                player = state.to_act
                assert player is not None
                action = bots[player].act(state.view(player))
                left = len(state.stock)
                if isinstance(action, gr.Knock) and state.rules.knock_limit and left > rules.dead_hand_stock:
                    melded = gr.deadwood(
                        gr.Hand.from_mask(state.hand(player).mask & ~action.card.mask), rules
                    )
                    if melded and left < 20:
                        late[stock] += 1
                        assert stock == 0, f"knocked with {melded} deadwood and {left} cards in the stock"
                state = state.apply(action, player=player)
    assert late[0] > 0 and late[20] == 0


# ------------------------------------------------------------------------------- the race


def _played(rules: gr.Ruleset, settings: TrackerSettings, against: str, seed: str, index: int) -> float:
    """A deal of the race played out here, both seats, as the module docstring describes it."""
    deal_seed = f"{seed}:{index}"
    total = 0.0
    for seat in (0, 1):
        bots = [gr.make_bot(against, f"{deal_seed}:{k}") for k in (0, 1)]
        bots[seat] = settings.bot(f"{deal_seed}:{seat}")
        state = gr.Round.deal(rules, index % 2, seed=deal_seed)
        while not state.is_over:
            player = state.to_act
            assert player is not None
            state = state.apply(bots[player].act(state.view(player)), player=player)
        result = state.result
        assert result is not None
        if result.winner is not None:
            total += result.points if result.winner == seat else -result.points
    return total / 2


def test_the_pool_takes_turns_by_pairs_of_deals() -> None:
    """Deals 0 and 1 meet the fixed tracker bot, 2 and 3 the camper bot, and so on: each
    opponent deals from both seats."""
    assert POOL == ("tracker", "camper")
    assert [opponent(i) for i in range(6)] == ["tracker", "tracker", "camper", "camper", "tracker", "tracker"]


def test_a_deal_scores_what_the_candidate_makes_of_it_against_its_opponent() -> None:
    """``play_deal`` is the mean result over both seats against the deal's opponent (pagat: no
    box counts toward the target); the fixed settings against the fixed tracker bot are the same
    round seen from each side, so 0 without playing is what playing gives."""
    for index in range(8):
        against = opponent(index)
        assert play_deal(gr.PAGAT, FIXED, "zero", index) == _played(gr.PAGAT, FIXED, against, "zero", index)
        assert play_deal(gr.PAGAT, WAIT, "zero", index) == _played(gr.PAGAT, WAIT, against, "zero", index)
        if against == "tracker":
            assert _played(gr.PAGAT, FIXED, against, "zero", index) == 0.0
    assert any(play_deal(gr.PAGAT, FIXED, "zero", index) != 0 for index in (2, 3, 6, 7))


def test_a_candidates_score_is_its_result_less_the_fixed_settings_on_the_same_deals() -> None:
    """The race scores a candidate by its result less the fixed settings' on each deal against
    the same opponent (so the camper bot's strength cancels)."""
    tuning = race(gr.EAAI, stages=(8,), candidates=(WAIT,), seed="paired")
    expected = [
        play_deal(gr.EAAI, WAIT, "paired", i) - play_deal(gr.EAAI, FIXED, "paired", i) for i in range(8)
    ]
    assert tuning.scores[0].mean == pytest.approx(math.fsum(expected) / 8)


def test_tuning_waits_where_waiting_pays_and_keeps_the_knock_under_pagat() -> None:
    """With a 30-point undercut bonus and no box bonus, waiting for gin (at once, or once the
    stock is short) beats the tracker bot's knock by several points a round, and tuning chooses
    one of them; under pagat, for which the fixed settings were chosen, tuning keeps them."""
    house = race(UNDERCUT_HOUSE, stages=(100, 200), candidates=(WAIT, WINDOW), seed="test", workers=2)
    pagat = race(gr.PAGAT, stages=(80,), candidates=(WAIT, WINDOW), seed="test")
    assert house.settings in (WAIT, WINDOW)
    assert house.scores[0].mean > 1.0 and house.scores[0].clears
    assert FIXED == pagat.settings
    assert not any(score.clears for score in pagat.scores)


def test_tuning_is_reproducible_for_a_seed_whatever_the_workers() -> None:
    """The same ruleset, seed and stages give the same scores and choice, in one process or
    two."""
    here = race(gr.EAAI, stages=(6, 6), seed="same")
    again = race(gr.EAAI, stages=(6, 6), seed="same")
    pooled = race(gr.EAAI, stages=(6, 6), seed="same", workers=2)
    assert here == again == pooled
    assert len(here.scores) == len(CANDIDATES) - 1


def test_tuning_reports_its_progress_in_deals() -> None:
    """The progress callback counts deals up to the planned total: every candidate at the first
    stage, the better half at the next."""
    calls: list[tuple[int, int]] = []
    race(
        gr.PAGAT,
        stages=(3, 3),
        candidates=CANDIDATES[:5],
        progress=lambda done, total: calls.append((done, total)),
    )
    planned = 4 * 3 + 2 * 3 + 3 + 3  # the candidates' deals, and the fixed settings' at each stage
    assert calls[-1] == (planned, planned)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"stages": ()}, "invalid stages"),
        ({"stages": (1,)}, "invalid stage 1"),
        ({"workers": 0}, "invalid workers 0"),
        ({"seed": 1.5}, "invalid seed"),
        ({"candidates": ("fast",)}, "invalid candidates"),
    ],
)
def test_bad_tuning_arguments_raise_the_librarys_error(kwargs: dict[str, object], message: str) -> None:
    """Each bad argument is named."""
    with pytest.raises(gr.GinRummyError, match=message):
        race(gr.PAGAT, **kwargs)  # type: ignore[arg-type]


# ------------------------------------------------------------------- shipped and cached


def test_the_shipped_file_holds_every_preset_as_it_is_now() -> None:
    """The wheel's tunings are keyed by each preset's current content: a preset changed
    without running ``training/tune_presets.py`` again fails here."""
    shipped = tuned_store.shipped()
    assert sorted(tuned_store.rules_key(rules) for rules in gr.PRESETS.values()) == sorted(shipped)
    for name, rules in gr.PRESETS.items():
        entry = shipped[tuned_store.rules_key(rules)]
        assert (name, tuned_store.rules_content(rules)) == (entry["preset"], entry["rules"])


def test_shipped_tunings_wait_where_the_undercut_pays_and_not_under_pagat() -> None:
    """Under ``eaai`` (undercut 25, no box bonus) the adaptive bot waits; under ``pagat`` it
    knocks as the tracker bot does."""
    assert gr.tune(gr.EAAI).settings.waits
    assert gr.tune(gr.PAGAT).settings.knock_threshold == FIXED.knock_threshold
    assert {"shipped"} == {gr.tune(rules).source for rules in gr.PRESETS.values()} - {"cache"}


def test_a_ruleset_is_known_by_its_content_not_its_name() -> None:
    """A house ruleset equal to a preset under another name plays the preset's tuning."""
    renamed = gr.EAAI.evolve(name="our-table")
    assert tuned_store.rules_key(renamed) == tuned_store.rules_key(gr.EAAI)
    assert gr.tune(renamed).settings == gr.tune(gr.EAAI).settings
    assert tuned_store.rules_key(renamed.evolve(knock_limit=9)) != tuned_store.rules_key(gr.EAAI)


def test_an_unseen_ruleset_is_tuned_once_then_read_from_the_cache(cache: Path) -> None:
    """The first ask tunes and writes one file; later asks, in this process or another, read it."""
    house = gr.PAGAT.evolve(name="house", knock_limit=8)
    first = gr.tune(house)
    assert ("tuned", 4) == (first.source, first.deals)
    files = list((cache / "tuned").iterdir())
    assert [f"{first.key}.json"] == [path.name for path in files]
    tuned_store.forget()
    read = gr.tune(house)
    assert ("cache", first.settings) == (read.source, read.settings)


def _corrupt(path: Path, how: str) -> None:
    document = json.loads(path.read_text())
    if how == "garbage":
        path.write_text("{not json")
    elif how == "stale":
        path.write_text(json.dumps({**document, "library": "0.0.1"}))
    elif how == "foreign":
        path.write_text(json.dumps({**document, "rules": tuned_store.rules_content(gr.OKLAHOMA)}))
    elif how == "bad settings":
        path.write_text(
            json.dumps({**document, "settings": {**document["settings"], "potential_weight": -3}})
        )
    elif how == "not an object":
        path.write_text("[]")
    else:  # pragma: no cover
        raise AssertionError(how)


@pytest.mark.parametrize("how", ["garbage", "stale", "foreign", "bad settings", "not an object"])
def test_a_corrupt_foreign_or_stale_cache_file_is_ignored_and_rebuilt_with_a_warning(
    cache: Path, how: str
) -> None:
    """A cache file that cannot be trusted is never used: the settings are tuned again, with a
    :class:`gr.CacheWarning` saying why, and the file is replaced by a valid one."""
    house = gr.PAGAT.evolve(name="house", undercut_bonus=17)
    first = gr.tune(house)
    path = tuned_store.cache_path(house)
    assert path is not None
    _corrupt(path, how)
    tuned_store.forget()
    with pytest.warns(gr.CacheWarning, match="ignoring the tuning cache file"):
        again = gr.tune(house)
    assert ("tuned", first.settings) == (again.source, again.settings)
    tuned_store.forget()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert "cache" == gr.tune(house).source


def test_an_unwritable_cache_warns_and_plays_on(cache: Path) -> None:
    """Where the cache cannot be written, tuning still answers, with a warning."""
    (cache / "tuned").write_text("a file where the folder should be")
    with pytest.warns(gr.CacheWarning) as caught:
        found = gr.tune(gr.PAGAT.evolve(name="house", gin_bonus=33))
    assert "tuned" == found.source
    assert any("could not write the tuning cache file" in str(warning.message) for warning in caught)


def test_two_processes_tuning_the_same_ruleset_leave_one_valid_file(tmp_path: Path) -> None:
    """Two processes that tune the same rules at once each write under a temporary name and
    rename: one file is left, valid, and no temporary file."""
    script = (
        "import ginrummy as gr; from ginrummy.bots import tuned_store;"
        "tuned_store.STAGES = (12,);"
        "print(gr.tune(gr.PAGAT.evolve(name='race', undercut_bonus=21)).source)"
    )
    environment = {**os.environ, tuned_store.CACHE_ENV: str(tmp_path)}
    runs = [
        subprocess.Popen([sys.executable, "-c", script], env=environment, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outputs = [run.communicate(timeout=300)[0].strip() for run in runs]
    assert all(run.returncode == 0 for run in runs)
    assert set(outputs) <= {"tuned", "cache"}
    files = sorted(path.name for path in (tmp_path / "tuned").iterdir())
    rules = gr.PAGAT.evolve(name="race", undercut_bonus=21)
    assert [f"{tuned_store.rules_key(rules)}.json"] == files
    document = json.loads((tmp_path / "tuned" / files[0]).read_text())
    assert tuned_store.rules_content(rules) == document["rules"]
    TrackerSettings.from_data(document["settings"])


def test_bad_arguments_to_tune_raise_the_librarys_error() -> None:
    """``gr.tune`` takes a ruleset."""
    with pytest.raises(gr.GinRummyError, match="invalid rules 'pagat': expected a Ruleset"):
        gr.tune("pagat")  # type: ignore[arg-type]
    with pytest.raises(gr.GinRummyError, match="invalid rules 'pagat': expected a Ruleset"):
        gr.tune("pagat", refresh=True)  # type: ignore[arg-type]
    with pytest.raises(gr.GinRummyError, match="invalid refresh 1"):
        gr.tune(gr.PAGAT, refresh=1)  # type: ignore[arg-type]


# ------------------------------------------------------------------------- the adaptive bot


@pytest.mark.parametrize("rules", [gr.EAAI, gr.PAGAT, gr.OKLAHOMA], ids=["eaai", "pagat", "oklahoma"])
def test_the_adaptive_bot_plays_the_tracker_bot_with_the_tuned_settings(rules: gr.Ruleset) -> None:
    """At every decision of a few rounds, the adaptive bot chooses what the tracker bot with
    the settings tuned for those rules and the same seed chooses."""
    settings = gr.tune(rules).settings
    for deal in range(3):
        state = gr.Round.deal(rules, dealer=deal % 2, seed=deal)
        bots = (gr.AdaptiveBot(seed=f"{deal}:0"), gr.AdaptiveBot(seed=f"{deal}:1"))
        while not state.is_over:
            player = state.to_act
            assert player is not None
            view = state.view(player)
            chosen = bots[player].act(view)
            assert settings.bot(f"{deal}:{player}").act(view) == chosen
            state = state.apply(chosen)


def test_the_adaptive_bot_takes_settings_given_and_refuses_bad_ones() -> None:
    """Settings given play under every ruleset; a table of tunings is read before the store."""
    assert WAIT == gr.AdaptiveBot(settings=WAIT).settings_for(gr.PAGAT)
    table = {tuned_store.rules_key(gr.PAGAT): WAIT}
    assert WAIT == gr.AdaptiveBot(tuned=table).settings_for(gr.PAGAT)
    with pytest.raises(gr.GinRummyError, match="invalid settings 'wait'"):
        gr.AdaptiveBot(settings="wait")  # type: ignore[arg-type]
    with pytest.raises(gr.GinRummyError, match="invalid tuned"):
        gr.AdaptiveBot(tuned={"key": "wait"})  # type: ignore[dict-item]


def test_simulations_seat_the_adaptive_bot_by_default_and_tracker_when_asked() -> None:
    """``simulate`` with no bots named plays the adaptive bot, which under ``eaai`` plays
    otherwise than the fixed tracker bot."""
    default = gr.simulate(gr.EAAI, rounds=30, seed=4)
    fixed = gr.simulate(gr.EAAI, rounds=30, seed=4, bots=("tracker", "tracker"))
    assert ("adaptive", "adaptive") == default.bots
    assert default.tally.counts != fixed.tally.counts
    same = gr.simulate(gr.PAGAT, rounds=30, seed=4)
    assert (
        same.tally.counts
        == gr.simulate(gr.PAGAT, rounds=30, seed=4, bots=("tracker", "tracker")).tally.counts
    )


def test_the_ladder_names_the_adaptive_bot_and_rates_it_in_other_processes() -> None:
    """A ladder with the adaptive bot names it ``adaptive`` and gives the same ratings in two
    worker processes as in one."""
    here = gr.ladder(["adaptive", "greedy"], gr.EAAI, games=4, seed=9)
    assert ("adaptive", "greedy") == here.bots
    assert here == gr.ladder(["adaptive", "greedy"], gr.EAAI, games=4, seed=9, workers=2)


def test_the_adaptive_bots_view_is_its_own() -> None:
    """The adaptive bot reads only the view it is given: at positions of rounds under a
    preset where it waits, the view of a world sampled from the view (other hidden cards, the
    same view) gets the same action as the real one."""
    rules = gr.EAAI
    for deal in range(4):
        state = gr.Round.deal(rules, dealer=deal % 2, seed=21 + deal)
        while not state.is_over:
            player = state.to_act
            assert player is not None
            view = state.view(player)
            world = view.sample(random.Random(deal))
            chosen = gr.AdaptiveBot(seed=2).act(view)
            assert chosen == gr.AdaptiveBot(seed=2).act(world.view(player))
            state = state.apply(chosen)
