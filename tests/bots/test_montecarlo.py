"""The search bot: legal and deterministic under every preset with a small budget, blind to
the cards it cannot see, bounded by its budgets, and falling back on the tracker bot's
choice when the search is not confident. Its strength against the tracker bot is measured
by ``benchmarks/strength.py``, not here (it takes minutes)."""

from __future__ import annotations

import math

import pytest

import ginrummy as gr
from bot_positions import HIGH_POOL, LOW_POOL, decisions, endgame, twin
from ginrummy.bots.montecarlo import MonteCarloBot


def small(seed: int | str = 1, **budget: float) -> MonteCarloBot:
    """A search bot with a budget small enough for tests."""
    options: dict[str, float] = {"samples": 2, "width": 2, **budget}
    return MonteCarloBot(
        seed,
        samples=int(options["samples"]),
        width=int(options["width"]),
        confidence=options.get("confidence", 2.5),
        seconds=options.get("seconds"),
    )


def play(rules: gr.Ruleset, seed: int, bots: tuple[gr.Bot, gr.Bot]) -> gr.Round:
    """A round dealt from ``seed`` played to its end by ``bots``; every action must be legal."""
    state = gr.Round.deal(rules, dealer=seed % 2, seed=seed)
    while state.to_act is not None:
        player = state.to_act
        action = bots[player].act(state.view(player))
        assert state.is_legal(action), (action, state)
        state = state.apply(action)
    return state


@pytest.mark.parametrize("rules", list(gr.PRESETS.values()), ids=list(gr.PRESETS))
def test_search_bot_plays_legal_actions_to_the_end_under_every_preset(rules: gr.Ruleset) -> None:
    """Against the tracker bot, the search bot returns a legal action at every turn and the
    round ends."""
    final = play(rules, 1, (small(), gr.TrackerBot(seed=2)))
    assert final.result is not None


def test_search_bot_is_deterministic_for_a_seed() -> None:
    """Two search bots made with the same seed (and no time budget) play the same round the
    same way; the registry's factory makes one from a seed."""
    first = play(gr.PAGAT, 4, (small("a"), small("b"))).actions
    again = play(gr.PAGAT, 4, (small("a"), small("b"))).actions
    assert first == again
    assert isinstance(gr.make_bot("montecarlo", seed=3), MonteCarloBot)


def test_search_bot_acts_the_same_on_rounds_that_differ_only_in_cards_it_cannot_see() -> None:
    """Where a card of the opponent's it has not seen and a stock card trade places, the
    search bot plays the same action: it samples worlds from its view alone."""
    checked = 0
    for state in decisions(gr.PAGAT, 5):
        other = twin(state)
        if other is None or len(small().candidates(state.view(0))) < 2:
            continue
        assert small().act(state.view(0)) == small().act(other.view(0))
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_search_bot_samples_at_most_its_budget_of_worlds() -> None:
    """Each candidate is scored on ``samples`` worlds; a time budget stops the sampling
    early, after at least one world."""
    state = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    view = state.view(1)
    candidates = small().candidates(view)
    assert 2 == len(candidates)
    results = small(samples=3).results(view, candidates)
    assert [3, 3] == [len(r) for r in results]
    hurried = small(samples=50, seconds=1e-9).results(view, candidates)
    assert [1, 1] == [len(r) for r in hurried]


def test_search_bot_without_confidence_plays_the_tracker_bot_choice() -> None:
    """With an infinite confidence threshold the search never overrules the tracker bot's
    choice, so the search bot plays the tracker bot's round."""
    bots = (small(confidence=math.inf), gr.TrackerBot(seed=2))
    expected = play(gr.PAGAT, 6, (gr.TrackerBot(seed=1), gr.TrackerBot(seed=2))).actions
    assert expected == play(gr.PAGAT, 6, bots).actions


def test_search_bot_searches_only_real_choices() -> None:
    """A forced action (the stock draw after both players pass) is played without sampling,
    and layoffs follow the optimal plan."""
    state = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard()).apply(gr.PassUpcard())
    assert [gr.DrawStock()] == small().candidates(state.view(1))
    assert gr.DrawStock() == small().act(state.view(1))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"samples": 0}, "invalid samples 0: must be an integer of at least 1"),
        ({"samples": True}, "invalid samples True: must be an integer of at least 1"),
        ({"samples": 4.0}, "invalid samples 4.0: must be an integer of at least 1"),
        ({"width": 0}, "invalid width 0: must be an integer of at least 1"),
        ({"seconds": 0}, "invalid seconds 0: must be a positive number or None"),
        ({"seconds": -0.5}, "invalid seconds -0.5: must be a positive number or None"),
        ({"seconds": "1"}, "invalid seconds '1': must be a number"),
        ({"seconds": float("nan")}, "invalid seconds nan: must be a number"),
        ({"confidence": -1.0}, "invalid confidence -1.0: must be a number of at least 0"),
        ({"confidence": float("nan")}, "invalid confidence nan: must be a number"),
        ({"confidence": False}, "invalid confidence False: must be a number"),
    ],
)
def test_search_bot_rejects_bad_budgets(options: dict[str, float], message: str) -> None:
    """A budget that is not positive raises :class:`gr.GinRummyError` naming it, the value and
    the reason, with the argument as the error's field."""
    with pytest.raises(gr.GinRummyError) as caught:
        MonteCarloBot(**options)  # type: ignore[arg-type]
    assert message == str(caught.value)
    assert [caught.value.field] == list(options)


def test_search_bot_clips_a_huge_value_in_its_refusal() -> None:
    """A refusal names at most 80 characters of the value, however long it is."""
    for options in ({"samples": -(10**400)}, {"seconds": -(10**400)}):
        with pytest.raises(gr.GinRummyError) as caught:
            MonteCarloBot(**options)  # type: ignore[arg-type]
        assert len(str(caught.value)) < 160, str(caught.value)


def test_search_bot_takes_infinite_budgets_where_they_mean_something() -> None:
    """No deadline (``seconds=inf``) and a confidence no difference reaches (``inf``: the search
    always plays the tracker bot's choice) are accepted as given."""
    bot = MonteCarloBot(seconds=math.inf, confidence=math.inf)
    assert (math.inf, math.inf) == (bot.seconds, bot.confidence)


def test_search_bot_weighs_the_knock_against_waiting() -> None:
    """Where the tracker bot would knock, the search also tries its best discards; where it
    would wait, the search also tries the knock."""
    knocks = small().candidates(endgame(gr.PAGAT, "2c 3c 4c 5d 6d 7d Ah 2h 3h 4s 5s", HIGH_POOL, 3).view(0))
    assert isinstance(knocks[0], gr.Knock)
    assert [gr.Discard] * 2 == [type(a) for a in knocks[1:]]
    waits = small().candidates(endgame(gr.PAGAT, "5c 6c 7c 8d 9d Td Jh Qh Kh 4s 8s", LOW_POOL, 3).view(0))
    assert gr.Discard(gr.Card("8s")) == waits[0]
    assert any(isinstance(a, gr.Knock) for a in waits[1:])
