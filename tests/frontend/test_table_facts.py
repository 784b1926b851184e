"""The facts of a view (``frontend.table_facts``): worked out once per view and read by every
drawing, so drawing a turn asks the partitioner each question once.

Partitioner entries are counted by wrapping every public function of ``melding.partition``
and ``melding.layoffs`` wherever a ``ginrummy`` module holds it (as
``benchmarks/table_calls.py`` counts them). A drawing is counted on a view made afresh from a
round that has already worked out the view's legal actions, as in ``ginrummy play``, whose
narration makes the person's view before the table is drawn: the legal actions are the
round's (one or two entries on a discard, the rule of a knock), not the drawing's.
"""

from __future__ import annotations

import collections
import inspect
import sys
from collections.abc import Callable
from typing import Any

import pytest

import ginrummy as gr
import ginrummy.melding.layoffs as layoffs_module
import ginrummy.melding.partition as partition_module
from ginrummy import frontend
from ginrummy.frontend import table_facts as facts_module
from positions import playout_rounds
from pure_source import rerun_on_pure_source

Entries = collections.Counter[str]


@pytest.fixture
def entries(monkeypatch: pytest.MonkeyPatch) -> Entries:
    """A counter of partitioner entries by function name, live for the test."""
    counter: Entries = collections.Counter()
    originals: dict[str, Callable[..., Any]] = {
        name: getattr(source, name)
        for source in (partition_module, layoffs_module)
        for name in source.__all__
        if inspect.isfunction(getattr(source, name))
    }

    def wrapped(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def entry(*args: Any, **kwargs: Any) -> Any:
            counter[name] += 1
            return function(*args, **kwargs)

        return entry

    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith("ginrummy"):
            continue
        for name, function in originals.items():
            if getattr(module, name, None) is function:
                monkeypatch.setattr(module, name, wrapped(name, function))
    return counter


def counted(counter: Entries, draw: Callable[[gr.PlayerView], object], view: gr.PlayerView) -> int:
    """How many times ``draw(view)`` enters the partitioner."""
    counter.clear()
    draw(view)
    return sum(counter.values())


def drawings(view: gr.PlayerView) -> None:
    """Everything a front end may draw of one view."""
    frontend.table_text(view, opponent="the bot")
    frontend.table_data(view, opponent="the bot")
    frontend.controls(view)
    frontend.knock_now(view)
    frontend.discard_deadwood(view)
    if view.result is not None:
        frontend.round_end_text(view, opponent="the bot")


POSITIONS = list(playout_rounds(31, count=3))


def test_drawing_a_turn_enters_the_partitioner_at_most_twice(
    entries: Entries, request: pytest.FixtureRequest
) -> None:
    """At every position met, for the player to act (both players at a round's end): the
    terminal table, the web table's data, and everything drawn of one view each enter the
    partitioner at most twice; on the player's discard exactly twice (the hand's best melds,
    the deadwood after each card), which shows the counters count. Counted on the pure source
    (``pure_source`` says why)."""
    if rerun_on_pure_source(request):
        return
    most: dict[str, int] = collections.Counter()
    for r in POSITIONS:
        for player in (0, 1) if r.to_act is None else (r.to_act,):
            r.view(player)  # the round works out the view's legal actions
            found = {
                name: counted(entries, draw, r.view(player))
                for name, draw in (
                    ("text", frontend.table_text),
                    ("json", frontend.table_data),
                    ("turn", drawings),
                )
            }
            if r.phase is gr.Phase.DISCARD:
                assert {"text": 2, "json": 2, "turn": 2} == found
            for name, count in found.items():
                most[name] = max(most[name], count)
    assert {"text": 2, "json": 2, "turn": 2} == most


def test_a_view_drawn_again_asks_the_partitioner_nothing(entries: Entries) -> None:
    """Once one drawing has worked a view's facts out, every other drawing of the same view
    reads them: no partitioner entry, whatever the phase."""
    for r in POSITIONS[::7]:
        view = r.view(0)
        drawings(view)
        assert 0 == counted(entries, drawings, view)


def test_the_facts_kept_are_those_of_the_last_views_asked(
    entries: Entries, request: pytest.FixtureRequest
) -> None:
    """The facts of a view are kept while it is among the last ``KEPT`` views asked about:
    with ``KEPT - 1`` views asked since, it is drawn from its facts; with ``KEPT`` since, they
    are worked out again (nothing is kept beyond that). Counted on the pure source."""
    if rerun_on_pure_source(request):
        return
    r = next(r for r in POSITIONS if r.phase is gr.Phase.DISCARD)
    assert r.to_act is not None
    first, others = r.view(r.to_act), [r.view(r.to_act) for _ in range(facts_module.KEPT)]
    frontend.table_text(first)
    for other in others[:-1]:
        facts_module.table_facts(other)
    assert 0 == counted(entries, frontend.table_text, first)
    for other in others:
        facts_module.table_facts(other)
    assert 2 == counted(entries, frontend.table_text, first)


def test_the_facts_are_the_partitioners_answers_for_the_view() -> None:
    """For both views of every position: the hand's best melds, the opponent's once shown,
    the deadwood after each card on the player's discard, each knock card with the deadwood
    it leaves, and each card that fits the spread with its melds, as the partitioner and the
    legal actions give them."""
    for r in POSITIONS:
        for player in (0, 1):
            view = r.view(player)
            facts = facts_module.table_facts(view)
            shown = view.opponent_hand
            mine = view.is_my_turn and view.phase is gr.Phase.DISCARD
            knocks = [a.card for a in view.legal_actions if isinstance(a, gr.Knock)]
            fits: dict[gr.Card, list[int]] = {}
            for action in view.legal_actions:
                if isinstance(action, gr.LayOff):
                    fits.setdefault(action.card, []).append(action.meld)
            assert gr.best_melds(view.hand, view.rules) == facts.arrangement
            assert (None if shown is None else gr.best_melds(shown, view.rules)) == facts.opponent_arrangement
            assert (gr.best_discards(view.hand, view.rules) if mine else ()) == facts.after_discard
            left = [(card, gr.deadwood(view.hand.remove(card), view.rules)) for card in knocks]
            assert left == list(facts.knock_cards)
            assert [(c, tuple(melds)) for c, melds in fits.items()] == list(facts.layoff_fits)
            assert frontend.controls(view) == facts.controls


def test_a_finished_rounds_hands_are_the_spread_and_the_best_melds() -> None:
    """At each round's end, for both players: the knocker's hand is laid out as its spread
    with the cards outside it as deadwood, the other hand in its best melds, a hand the viewer
    never saw is None; before the end there are none."""
    for r in POSITIONS:
        for player in (0, 1):
            view = r.view(player)
            hands = facts_module.table_facts(view).end_hands
            if view.result is None:
                assert (None, None) == hands
                continue
            for who, laid in enumerate(hands):
                cards = view.hand if who == player else view.opponent_hand
                if cards is None:
                    assert laid is None
                elif who == view.result.knocker:
                    assert laid is not None and view.result.spread == laid.melds
                    assert cards == laid.cards
                else:
                    assert gr.best_melds(cards, view.rules) == laid
