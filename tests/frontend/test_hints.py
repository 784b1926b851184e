"""Hints (``ginrummy.frontend.hints``, ``gr.suggest``): every legal action ranked once, the
tracker bot's choice first unless the search finds another clearly better, with expected
points and reasons in words; the same view always gets the same hint, and two games the person
cannot tell apart get the same hint word for word; a hint takes about 50 ms of processor time.
"""

from __future__ import annotations

import random
import statistics
import time

import attrs
import pytest

import ginrummy as gr
from ginrummy.frontend import Session, suggest


def sessions(preset: str, seed: int) -> list[Session]:
    """The states of a game where the person is to act (the greedy strategy against the tracker bot)."""
    session = Session.new(gr.PRESETS[preset], bot="tracker", seed=seed, dealer=seed % 2)
    strategy = gr.GreedyBot()
    states = []
    while not session.is_over:
        if session.paused:
            session = session.deal_on()
            continue
        states.append(session)
        session = session.apply(strategy.act(session.table))
    return states


@pytest.mark.parametrize(("preset", "seed"), [("pagat", 1), ("oklahoma", 2), ("straight", 3)])
def test_a_hint_ranks_every_legal_action_once_the_trackers_choice_first(preset: str, seed: int) -> None:
    """At every decision of whole games: the hint's first action is the tracker bot's (seed
    0) unless a searched candidate's expected points are above the tracker choice's, every
    legal action is among the candidates once (a knock by its card), each candidate has
    reasons, a searched one its expected points within their interval, and a discard's
    reasons start with the deadwood it leaves and say the outs left."""
    for session in sessions(preset, seed):
        view = session.table
        hint = suggest(view)
        tracker = gr.TrackerBot(seed=0).act(view)
        if tracker != hint.best:
            mine = next(c for c in hint.candidates if c.action == tracker)
            assert hint.candidates[0].points is not None and mine.points is not None
            assert hint.candidates[0].points > mine.points
        for candidate in hint.candidates:
            if candidate.points is not None:
                assert candidate.low is not None and candidate.high is not None
                assert candidate.low <= candidate.points <= candidate.high
        keys = [(type(c.action).__name__, getattr(c.action, "card", None)) for c in hint.candidates]
        legal = {(type(a).__name__, getattr(a, "card", None)) for a in view.legal_actions}
        assert len(keys) == len(set(keys)) and set(keys) == legal
        for candidate in hint.candidates:
            assert candidate.reasons
            if isinstance(candidate.action, gr.Discard):
                left = dict(gr.best_discards(view.hand, view.rules))[candidate.action.card]
                assert f"leaves deadwood {left}" == candidate.reasons[0]
                assert candidate.reasons[-1].endswith(
                    "left (unseen cards that would meld with the cards kept)"
                )


def test_the_same_view_gets_the_same_hint_and_unseen_cards_change_nothing() -> None:
    """A hint read twice is the same; a twin game (the hidden cards drawn anew from the
    person's view) gives the same hint, word for word, at every decision; and a hint takes
    under 50 ms of processor time (the median of a game's decisions; processor time, since
    the test machine is shared)."""
    rng = random.Random(4)
    times = []
    for session in sessions("pagat", 9):
        world = attrs.evolve(session, game=session.view.sample(rng))
        assert session.table == world.table
        start = time.process_time()
        hint = suggest(session.table)
        times.append(time.process_time() - start)
        assert hint == suggest(session.table) == suggest(world.table)
        assert hint.lines() == suggest(world.table).lines()
    assert statistics.median(times) < 0.05  # the median: a loaded machine stretches the slowest


def test_a_hint_explains_a_take_that_makes_a_meld_and_a_discard_that_breaks_none() -> None:
    """Reasons a player uses: the top discard that makes a meld names it, and the opponent
    seeing the take; the draw names the unseen cards that would meld."""
    session = Session.new(gr.PAGAT, bot="greedy", seed=3, dealer=1).apply(gr.TakeDiscard())
    session = session.apply(gr.Discard("Kh"))
    hint = suggest(session.table)
    lines = hint.lines()
    points = [
        f"(expected points {c.points:+.1f}, {c.low:+.0f} to {c.high:+.0f})" for c in hint.candidates[:2]
    ]
    assert (
        f"suggested: take the top discard [t] {points[0]}: the top discard Ts makes [Td Th Ts]; "
        "the opponent sees what you take" == lines[0]
    )
    assert lines[1].startswith(
        f"or: draw from the stock [s] {points[1]}: the top discard Ts makes [Td Th Ts]; "
    )
    assert lines[1].endswith(" unseen cards would meld with your hand")


def test_a_session_records_each_hint_and_a_table_may_turn_hints_off() -> None:
    """``Session.hint`` gives the hint of the person's view and a session that records when it
    was asked (kept by a save and its resume, and by the moves after); with ``hints=False`` it
    is refused; a record that is no list of counts is refused."""
    session = Session.new(gr.PAGAT, bot="greedy", seed=3, dealer=1)
    asked, hint = session.hint()
    assert hint == suggest(session.table) and (0,) == asked.hints_used
    after = asked.apply(gr.TakeDiscard())
    again, _ = after.hint()
    assert (0, 1) == again.hints_used
    key = bytes(range(32))
    assert again == Session.resume(again.save(key), key)
    assert (0, 1, 1) == again.hint()[0].apply(gr.Discard("Kh")).hints_used
    off = Session.new(gr.PAGAT, bot="greedy", seed=3, dealer=1, hints=False)
    with pytest.raises(gr.IllegalActionError, match="no hint: hints are off at this table"):
        off.hint()
    with pytest.raises(gr.InvalidPositionError, match="'hints_used' must be numbers of actions"):
        attrs.evolve(session, hints_used=(-1,))
