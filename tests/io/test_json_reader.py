"""Reading values back (``ginrummy.io.json_reader``): a document whose values the replay or a
constructor refuses is refused, saying where.

Each corruption takes a valid snapshot (:mod:`snapshots`) and spoils what it holds: a card
in the wrong place or twice, counts, the phase, the player to act, scores and points, results,
actions that are illegal or cut short, decks, melds and layoffs; ``gr.loads`` must raise
``gr.SerializationError`` - never any other exception - with a message that starts with the
place it found wrong. A Hypothesis test then applies random mutations anywhere in the JSON
trees and accepts only a ``SerializationError`` or a successful load that round-trips.

The last tests pin bugs found and fixed while the suite was written.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import ginrummy as gr
from hypothesis_share import examples
from snapshots import (
    CARD,
    FINISHED,
    GAME,
    HAND,
    KNOCKED,
    LAYOFF,
    MELD,
    ROUND,
    RTC,
    Case,
    Json,
    Mutation,
    at,
    case_id,
    change,
    copy_to,
    delete,
    draw_round,
    finished_game,
    flip_bool,
    game_view,
    gin_round,
    house,
    kinds_of,
    layoff_round,
    layoff_view,
    mid_game,
    miswritten,
    move,
    other_player,
    plus_one,
    position_round,
    put,
    reject,
    rulesets,
    scored_index,
    scored_result,
    snapshot,
    spoil,
)


def _layoff_cases() -> list[Case]:
    """Corruptions of the LAYOFF snapshot (a spread and a layoff on the table)."""
    return [
        Case(
            "bad-meld",
            "state spread meld that is no meld",
            spoil(LAYOFF, put(["state", "spread", 0], ["As", "Kd", "7h"])),
            "round.state.spread[0]",
        ),
        Case(
            "bad-meld",
            "state spread meld of two cards",
            spoil(LAYOFF, change(["state", "spread", 0], lambda m: m[:2])),
            "round.state",
        ),
        Case(
            "bad-layoff",
            "layoff onto meld index 5",
            spoil(LAYOFF, change(["state", "layoffs", 0], lambda pair: [pair[0], 5])),
            "round.state.layoffs[0][1]",
        ),
        Case(
            "bad-layoff",
            "layoff of three items",
            spoil(LAYOFF, change(["state", "layoffs", 0], lambda pair: [*pair, 0])),
            "round.state.layoffs[0]",
        ),
        Case(
            "bad-layoff",
            "layoff as a string",
            spoil(LAYOFF, change(["state", "layoffs", 0], lambda pair: f"{pair[0]} {pair[1]}")),
            "round.state.layoffs[0]",
        ),
        Case(
            "duplicate-card",
            "laid-off card also in the stock",
            spoil(LAYOFF, lambda d: d["state"]["stock"].append(d["state"]["layoffs"][0][0])),
            "round.state",
        ),
        Case(
            "drop-card",
            "knock card removed",
            spoil(LAYOFF, put(["state", "knock_card"], None)),
            "round.state",
        ),
        Case(
            "change-phase",
            "LAYOFF written as OVER",
            spoil(LAYOFF, put(["state", "phase"], "over")),
            "round.state.phase",
        ),
        Case(
            "change-result-field",
            "a result before the round is over",
            spoil(
                LAYOFF,
                put(
                    ["state", "result"], json.loads(gr.dumps(gr.RoundResult(outcome=gr.Outcome.VOID)))["data"]
                ),
            ),
            "round.state.result",
        ),
        Case(
            "change-to-act",
            "the knocker to lay off",
            spoil(LAYOFF, change(["state", "to_act"], other_player)),
            "round.state.to_act",
        ),
    ]


CASES: list[Case] = [
    # ---------------------------------------------------------------- cards in the wrong place
    Case(
        "drop-card",
        "a card of hands[1] removed",
        spoil(ROUND, delete(["state", "hands", 1, 0])),
        "round.state",
    ),
    Case(
        "drop-card",
        "a card of the pile removed",
        spoil(ROUND, delete(["state", "discard_pile", 0])),
        "round.state",
    ),
    Case(
        "drop-card",
        "a card of the deck removed",
        spoil(ROUND, delete(["origin", "deck", 7])),
        "round.origin.deck",
    ),
    Case("drop-card", "a game deck card removed", spoil(GAME, delete(["decks", 0, 3])), "game.decks[0]"),
    Case(
        "drop-card",
        "a card of the game's round removed",
        spoil(GAME, delete(["state", "round", "hands", 0, 2])),
        "game.state.round",
    ),
    Case(
        "drop-card", "a card of a view's hand removed", spoil(layoff_view, delete(["hand", 0])), "playerView"
    ),
    Case(
        "drop-card",
        "a card of the set-up hand removed",
        spoil(position_round, delete(["origin", "hands", 0, 0])),
        "round.origin",
    ),
    Case(
        "duplicate-card",
        "a card of hands[0] also in hands[1]",
        spoil(ROUND, copy_to(["state", "hands", 0, 0], ["state", "hands", 1])),
        "round.state.hands[1]",
    ),
    Case(
        "duplicate-card",
        "a stock card twice in the stock",
        spoil(ROUND, copy_to(["state", "stock", 0], ["state", "stock"])),
        "round.state.stock[",
    ),
    Case(
        "duplicate-card",
        "a hand card also on the pile",
        spoil(ROUND, copy_to(["state", "hands", 1, 3], ["state", "discard_pile"])),
        "round.state.discard_pile",
    ),
    Case(
        "duplicate-card",
        "a card twice in a game deck",
        spoil(GAME, change(["decks", 0], lambda deck: [deck[1], *deck[1:]])),
        "game.decks[0][1]",
    ),
    Case("duplicate-card", "a card twice in a hand", spoil(HAND, copy_to([0], [])), "hand[4]"),
    Case(
        "duplicate-card",
        "a hand card also on a view's pile",
        spoil(layoff_view, copy_to(["hand", 0], ["discard_pile"])),
        "playerView.discard_pile",
    ),
    Case(
        "duplicate-card",
        "a meld card also in the deadwood",
        spoil(
            lambda: gr.best_melds("As 2s 3s 7h 7d 7c Kd"), lambda d: d["deadwood"].append(d["melds"][0][0])
        ),
        "arrangement.melds[0]",
    ),
    Case(
        "move-card-hand-to-stock",
        "hands[0] card put on the stock",
        spoil(ROUND, move(["state", "hands", 0], ["state", "stock"], 0)),
        "round.state.hands",
    ),
    Case(
        "move-card-hand-to-stock",
        "game hand card put on the stock",
        spoil(GAME, move(["state", "round", "hands", 1], ["state", "round", "stock"], 0)),
        "game.state.round.hands",
    ),
    Case(
        "move-card-stock-to-hand",
        "stock top put in hands[1]",
        spoil(ROUND, move(["state", "stock"], ["state", "hands", 1])),
        "round.state.hands",
    ),
    Case(
        "move-card-stock-to-pile",
        "stock top put on the pile",
        spoil(ROUND, move(["state", "stock"], ["state", "discard_pile"])),
        "round.state.stock",
    ),
    Case(
        "move-card-pile-to-stock",
        "pile top put on the stock",
        spoil(ROUND, move(["state", "discard_pile"], ["state", "stock"])),
        "round.state.stock",
    ),
    Case(
        "move-card-pile-to-stock",
        "game pile top put on the stock",
        spoil(GAME, move(["state", "round", "discard_pile"], ["state", "round", "stock"])),
        "game.state.round.stock",
    ),
    Case(
        "move-card-hand-to-hand",
        "a card passed from hands[0] to hands[1]",
        spoil(ROUND, move(["state", "hands", 0], ["state", "hands", 1], 0)),
        "round.state.hands",
    ),
    Case(
        "move-card-hand-to-hand",
        "a set-up card passed between hands",
        spoil(position_round, move(["origin", "hands", 0], ["origin", "hands", 1], 0)),
        "round.origin",
    ),
    # ---------------------------------------------------------------- counts, phase, players
    Case("change-count", "a stock card removed", spoil(ROUND, delete(["state", "stock", 0])), "round.state"),
    Case(
        "change-count",
        "a view's stock size",
        spoil(layoff_view, change(["stock_size"], plus_one)),
        "playerView",
    ),
    Case(
        "change-count",
        "a view's opponent card count",
        spoil(layoff_view, change(["opponent_card_count"], plus_one)),
        "playerView",
    ),
    Case("change-count", "a deck of 51 cards", spoil(GAME, delete(["decks", 0, 51])), "game.decks[0]"),
    Case(
        "change-count",
        "turns counted once more",
        spoil(ROUND, change(["state", "turns"], plus_one)),
        "round.state.turns",
    ),
    Case(
        "change-phase",
        "DRAW written as DISCARD",
        spoil(ROUND, put(["state", "phase"], "discard")),
        "round.state.phase",
    ),
    Case(
        "change-phase",
        "DRAW written as OVER",
        spoil(ROUND, put(["state", "phase"], "over")),
        "round.state.phase",
    ),
    Case(
        "change-phase",
        "an unknown phase",
        spoil(ROUND, put(["state", "phase"], "drawing")),
        "round.state.phase",
    ),
    Case(
        "change-phase",
        "game round phase",
        spoil(GAME, put(["state", "round", "phase"], "draw")),
        "game.state.round.phase",
    ),
    Case(
        "change-phase",
        "set-up phase OVER",
        spoil(position_round, put(["origin", "phase"], "over")),
        "round.origin",
    ),
    Case(
        "change-phase",
        "set-up phase LAYOFF",
        spoil(position_round, put(["origin", "phase"], "layoff")),
        "round.origin",
    ),
    Case(
        "change-to-act",
        "the other player",
        spoil(ROUND, change(["state", "to_act"], other_player)),
        "round.state.to_act",
    ),
    Case("change-to-act", "nobody", spoil(ROUND, put(["state", "to_act"], None)), "round.state.to_act"),
    Case("change-to-act", "player 2", spoil(ROUND, put(["state", "to_act"], 2)), "round.state.to_act"),
    Case(
        "change-to-act",
        "game's player to act",
        spoil(GAME, change(["state", "round", "to_act"], other_player)),
        "game.state.round.to_act",
    ),
    Case(
        "change-to-act",
        "finished round given a player to act",
        spoil(KNOCKED, put(["state", "to_act"], 0)),
        "round.state.to_act",
    ),
    Case(
        "change-dealer",
        "state dealer",
        spoil(ROUND, change(["state", "dealer"], other_player)),
        "round.state.dealer",
    ),
    Case(
        "change-dealer",
        "deal dealer",
        spoil(ROUND, change(["origin", "dealer"], other_player)),
        "round.state",
    ),
    Case("change-dealer", "game first dealer", spoil(GAME, change(["first_dealer"], other_player)), "game"),
    Case("change-dealer", "dealer 2", spoil(ROUND, put(["origin", "dealer"], 2)), "round.origin.dealer"),
    # ---------------------------------------------------------------- scores, points, results
    Case(
        "change-score",
        "game score + 1",
        spoil(GAME, change(["state", "scores", 0], plus_one)),
        "game.state.scores",
    ),
    Case(
        "change-score",
        "game scores swapped",
        spoil(GAME, change(["state", "scores"], lambda s: s[::-1])),
        "game.state",
    ),
    Case(
        "change-score",
        "three scores",
        spoil(GAME, change(["state", "scores"], lambda s: [*s, 0])),
        "game.state.scores",
    ),
    Case(
        "change-score",
        "finished game score",
        spoil(FINISHED, change(["state", "scores", 1], plus_one)),
        "game.state.scores",
    ),
    Case(
        "change-score",
        "game result total + 1",
        spoil(lambda: finished_game().result, change(["totals", 0], plus_one)),
        "gameResult.totals[0]",
    ),
    Case(
        "change-score",
        "game result breakdown boxes + 1",
        spoil(lambda: finished_game().result, change(["breakdown", 1, "boxes"], plus_one)),
        "gameResult.totals[1]",
    ),
    Case(
        "change-points",
        "a scored round's points + 1",
        spoil(
            GAME,
            lambda d: d["state"]["results"][scored_index(mid_game())].__setitem__(
                "points", d["state"]["results"][scored_index(mid_game())]["points"] + 1
            ),
        ),
        "game.state.results[",
    ),
    Case(
        "change-points",
        "the round result's points + 1",
        spoil(KNOCKED, change(["state", "result", "points"], plus_one)),
        "round.state.result",
    ),
    Case(
        "change-points",
        "negative points",
        spoil(scored_result, put(["points"], -3)),
        "roundResult.points",
    ),
    Case(
        "change-points",
        "a dead hand with points",
        spoil(lambda: gr.RoundResult(outcome=gr.Outcome.DEAD_HAND), put(["points"], 5)),
        "roundResult",
    ),
    Case(
        "change-result-field",
        "outcome",
        spoil(KNOCKED, change(["state", "result", "outcome"], lambda o: "gin" if o != "gin" else "knock")),
        "round.state.result",
    ),
    Case(
        "change-result-field",
        "winner",
        spoil(KNOCKED, change(["state", "result", "winner"], other_player)),
        "round.state.result",
    ),
    Case(
        "change-result-field",
        "deadwood",
        spoil(KNOCKED, change(["state", "result", "deadwood", 0], plus_one)),
        "round.state.result",
    ),
    Case(
        "change-result-field",
        "multiplier",
        spoil(KNOCKED, put(["state", "result", "multiplier"], 2)),
        "round.state.result",
    ),
    Case(
        "change-result-field",
        "result removed from a finished round",
        spoil(KNOCKED, put(["state", "result"], None)),
        "round.state.result",
    ),
    Case(
        "change-result-field",
        "a game result dropped",
        spoil(GAME, delete(["state", "results", 0])),
        "game.state.results",
    ),
    Case(
        "change-result-field",
        "game results swapped",
        spoil(GAME, change(["state", "results"], lambda r: r[::-1])),
        "game.state.results[",
    ),
    Case(
        "change-result-field",
        "an unknown outcome",
        spoil(scored_result, put(["outcome"], "shutout")),
        "roundResult.outcome",
    ),
    Case(
        "change-result-field",
        "an undercut won by the knocker",
        spoil(
            lambda: gr.RoundResult(outcome=gr.Outcome.UNDERCUT, winner=1, knocker=0, points=12),
            put(["winner"], 0),
        ),
        "roundResult",
    ),
    Case(
        "change-result-field",
        "a game in progress with a winner",
        spoil(lambda: mid_game().result, put(["winner"], 0)),
        "gameResult.winner",
    ),
    Case(
        "change-result-field",
        "a multiplier of 11",
        spoil(scored_result, put(["multiplier"], 11)),
        "roundResult.multiplier",
    ),
    Case(
        "ruleset-other-valid-value",
        "knock limit 0 under a knock",
        spoil(KNOCKED, house(put(["rules", "knock_limit"], 0))),
        "round.actions[",
    ),
    Case(
        "ruleset-other-valid-value",
        "dead hand at 30 cards",
        spoil(ROUND, house(put(["rules", "dead_hand_stock"], 30))),
        "round.actions[",
    ),
    Case(
        "ruleset-other-valid-value",
        "max_turns 1",
        spoil(ROUND, house(put(["rules", "max_turns"], 1))),
        "round.actions[",
    ),
    Case(
        "ruleset-other-valid-value",
        "another gin bonus",
        spoil(gin_round, house(change(["rules", "gin_bonus"], plus_one))),
        "round.state.result",
    ),
    Case(
        "ruleset-other-valid-value",
        "a game's target raised",
        spoil(FINISHED, house(put(["rules", "target"], 1000))),
        "game",
    ),
    Case(
        "ruleset-other-valid-value",
        "a game's target lowered",
        spoil(GAME, put(["rules", "target"], 1)),
        "game",
    ),
    Case(
        "illegal-action",
        "end layoffs on the first turn",
        spoil(ROUND, put(["actions", 0], "e")),
        "round.actions[0]",
    ),
    Case(
        "illegal-action",
        "a discard of a card not held",
        spoil(ROUND, lambda d: d["actions"].__setitem__(3, "d " + d["state"]["stock"][0])),
        "round.actions[",
    ),
    Case(
        "illegal-action",
        "an action after the end",
        spoil(KNOCKED, lambda d: d["actions"].append("s")),
        "round.actions[",
    ),
    Case(
        "illegal-action",
        "a game action made illegal",
        spoil(GAME, put(["actions", 0], "k As")),
        "game",
    ),
    Case(
        "illegal-action",
        "an action after the game's end",
        spoil(FINISHED, lambda d: d["actions"].append("p")),
        "game",
    ),
    Case(
        "illegal-action",
        "a knock showing a meld it does not hold",
        spoil(
            KNOCKED,
            lambda d: d["actions"].__setitem__(
                len(d["actions"]) - 1 - [a[0] for a in reversed(d["actions"])].index("k"),
                "k " + d["state"]["knock_card"] + " / " + " ".join(d["state"]["stock"][-3:]),
            ),
        ),
        "round.actions[",
    ),
    Case(
        "unparseable-action",
        "an unknown action word",
        spoil(ROUND, put(["actions", 0], "jump")),
        "round.actions[0]",
    ),
    Case(
        "unparseable-action",
        "a discard without a card",
        spoil(ROUND, put(["actions", 3], "d")),
        "round.actions[3]",
    ),
    Case("unparseable-action", "a game action 'x'", spoil(GAME, put(["actions", 1], "x")), "game.actions[1]"),
    Case(
        "unparseable-action", "an action as a number", spoil(GAME, put(["actions", 1], 7)), "game.actions[1]"
    ),
    Case(
        "unparseable-action",
        "an Action document 'k'",
        spoil(lambda: gr.DrawStock(), put(["data"], "k"), envelope=True),
        "action",
    ),
    Case(
        "unparseable-action",
        "a view's legal action",
        spoil(layoff_view, put(["legal_actions"], ["l As"])),
        "playerView.legal_actions[0]",
    ),
    Case(
        "actions-cut-short",
        "round's last action removed",
        spoil(ROUND, delete(["actions", -1])),
        "round.state",
    ),
    Case("actions-cut-short", "round's actions emptied", spoil(KNOCKED, put(["actions"], [])), "round.state"),
    Case("actions-cut-short", "game's last action removed", spoil(GAME, delete(["actions", -1])), "game"),
    Case(
        "actions-cut-short",
        "finished game's last action removed",
        spoil(FINISHED, delete(["actions", -1])),
        "game",
    ),
    Case(
        "actions-cut-short",
        "game's actions cut to the first round",
        spoil(GAME, change(["actions"], lambda a: a[:5])),
        "game",
    ),
    Case("bad-deck", "a game deck reversed", spoil(GAME, change(["decks", 0], lambda d: d[::-1])), "game"),
    Case("bad-deck", "no decks", spoil(GAME, put(["decks"], [])), "game.decks"),
    Case("bad-deck", "a deck too many", spoil(GAME, lambda d: d["decks"].append(d["decks"][0])), "game"),
    Case(
        "bad-deck",
        "a record deck dropped",
        spoil(lambda: mid_game().record(), delete(["decks", -1])),
        "gameRecord",
    ),
    Case(
        "bad-deck",
        "a round's deck reversed",
        spoil(ROUND, change(["origin", "deck"], lambda d: d[::-1])),
        "round",
    ),
    Case(
        "bad-deck",
        "a deck of 53 cards",
        spoil(ROUND, lambda d: d["origin"]["deck"].append("As")),
        "round.origin.deck",
    ),
    Case("bad-meld", "a meld of three loose cards", spoil(MELD, put([2], "Kd")), "meld"),
    Case("bad-meld", "a meld of two cards", spoil(MELD, delete([2])), "meld"),
    Case(
        "bad-meld",
        "a wrapping run in a round without round the corner",
        spoil(
            KNOCKED,
            put(["state", "spread", 0], ["Qs", "Ks", "As"]),
        ),
        "round.state",
    ),
    Case(
        "bad-meld",
        "a knock action with a meld that is no meld",
        spoil(
            lambda: gr.Knock("Kh", (gr.Meld.parse("7c 8c 9c"),)),
            put(["data"], "k Kh / 7c 8c Tc"),
            envelope=True,
        ),
        "action",
    ),
    *_layoff_cases(),
]
"""The corruptions of this file: each names its kind, what it spoils and where the error must point."""


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_corruption_is_rejected_with_a_serialization_error(case: Case) -> None:
    """API: ``loads`` validates everything and raises gr.SerializationError on anything
    inconsistent or unknown, never another exception; the message starts with where."""
    reject(case)


def test_every_corruption_kind_is_exercised() -> None:
    """The suite's bookkeeping: every kind this file owns in ``CORRUPTION_KINDS`` has a case
    here, and every case here has a kind this file owns."""
    assert kinds_of("json_reader") == {case.kind for case in CASES}


def test_snapshots_are_valid_before_they_are_spoiled() -> None:
    """The suite's premise: each snapshot loads back to its value before any corruption, and
    each is what its name says."""
    for factory in (
        ROUND,
        LAYOFF,
        KNOCKED,
        gin_round,
        position_round,
        GAME,
        FINISHED,
        layoff_view,
        game_view,
    ):
        assert factory() == gr.loads(snapshot(factory))
    assert gr.Phase.DRAW == draw_round().phase
    assert gr.Phase.LAYOFF == layoff_round().phase and layoff_round().layoffs
    assert not mid_game().is_over and finished_game().is_over
    assert "deck" not in json.loads(snapshot(position_round))["data"]["origin"]


@pytest.mark.parametrize(
    ("factory", "mutation", "expected"),
    [
        (
            ROUND,
            copy_to(["state", "hands", 0, 0], ["state", "hands", 1]),
            'round.state.hands[1]: ["',
        ),
        (
            ROUND,
            change(["state", "hands", 1, 2], miswritten),
            "round.state.hands[1][2]: card '{miswritten}' is not written",
        ),
        (
            GAME,
            copy_to(["state", "round", "stock", 0], ["state", "round", "stock"]),
            "game.state.round.stock[",
        ),
        (GAME, change(["state", "scores", 0], plus_one), "game.state.scores: "),
        (
            ROUND,
            put(["rules", "knock_limit"], -1),
            "round.rules.knock_limit: invalid ruleset: 'knock_limit' must be",
        ),
        (
            ROUND,
            put(["state", "phase"], "over"),
            'round.state.phase: "over" does not match the replay ("draw")',
        ),
    ],
    ids=["duplicate", "lower-case", "game-stock", "score", "ruleset", "phase"],
)
def test_error_messages_say_where_and_why(
    factory: Callable[[], object], mutation: Mutation, expected: str
) -> None:
    """docs/conventions.md §4 and the module's promise: a message names the place (``round.state.hands[1]``)
    and the reason, quoting the value."""
    document = json.loads(snapshot(factory))
    state = document["data"]["state"]
    hands = state["hands"] if "hands" in state else state["round"]["hands"]
    card, other = hands[0][0], miswritten(hands[1][2])
    mutation(document["data"])
    with pytest.raises(gr.SerializationError) as info:
        gr.loads(json.dumps(document))
    assert str(info.value).startswith(expected.format(card=card, miswritten=other)), str(info.value)


def json_paths(node: Json, prefix: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every path into a decoded JSON tree, the root included."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from json_paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from json_paths(value, (*prefix, index))


MUTATION_SOURCES: list[Callable[[], object]] = [
    CARD,
    HAND,
    MELD,
    lambda: RTC,
    lambda: gr.Knock("Kh", (gr.Meld.parse("Qs Ks As", round_the_corner=True),)),
    lambda: gr.Event(number=4, player=0, action=gr.LayOff("8h", 1)),
    lambda: gr.best_melds("As 2s 3s 7h 7d 7c Kd Kc"),
    lambda: gr.best_layoffs([gr.Meld.parse("4h 5h 6h")], "7h 8h 3h Kc"),
    scored_result,
    lambda: finished_game().result,
    ROUND,
    LAYOFF,
    KNOCKED,
    position_round,
    GAME,
    lambda: mid_game().record(),
    layoff_view,
    game_view,
]
"""The snapshots the random mutations start from."""


json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=6),
    st.sampled_from(
        ["As", "as", "Kd", "Zz", "10h", "s", "p", "e", "d As", "k Kd", "l 7h 0", "over", "draw", "knock"]
    ),
)


def _json_containers(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3)


json_values = st.recursive(json_scalars, _json_containers, max_leaves=6)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(MUTATION_SOURCES))), st.data())
def test_random_mutations_are_rejected_or_round_trip(source: int, data: st.DataObject) -> None:
    """API: whatever is changed anywhere in a valid document (a value replaced by random
    JSON, by a copy of another part of the document, a field or item removed, a field
    added), ``loads`` either raises ``SerializationError`` or returns a value that
    round-trips."""
    document = json.loads(snapshot(MUTATION_SOURCES[source]))
    paths = list(json_paths(document))[1:]
    path = data.draw(st.sampled_from(paths), label="path")
    parent = at(document, path[:-1])
    how = data.draw(st.sampled_from(["replace", "transplant", "remove", "add"]), label="how")
    if how == "replace":
        value = data.draw(json_values, label="value")
        parent[path[-1]] = value
    elif how == "transplant":
        other = data.draw(st.sampled_from(paths), label="from")
        value = copy.deepcopy(at(document, other))
        parent[path[-1]] = value
    elif how == "remove":
        del parent[path[-1]]
    else:
        node = at(document, path)
        if isinstance(node, dict):
            node[data.draw(st.text(max_size=8), label="key")] = data.draw(json_values, label="value")
        elif isinstance(node, list):
            node.insert(data.draw(st.integers(0, len(node))), data.draw(json_values, label="value"))
        else:
            return
    try:
        loaded = gr.loads(json.dumps(document))
    except gr.SerializationError:
        return
    assert loaded == gr.loads(gr.dumps(loaded))


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from([ROUND, KNOCKED, GAME]), st.data())
def test_any_other_valid_ruleset_value_is_rejected_or_round_trips(
    factory: Callable[[], object], data: st.DataObject
) -> None:
    """API: a ruleset field changed to another valid value either makes the replay disagree or
    fail (``SerializationError``), or loads a value under the new rules that round-trips."""
    document = json.loads(snapshot(factory))
    field = data.draw(st.sampled_from([f.name for f in attrs.fields(gr.Ruleset) if f.name != "name"]))
    current = document["data"]["rules"]
    other = json.loads(gr.dumps(data.draw(rulesets())))["data"]
    assume(other[field] != current[field])
    current[field] = other[field]
    try:
        loaded = gr.loads(json.dumps(document))
    except gr.SerializationError:
        return
    assert other[field] == json.loads(gr.dumps(loaded.rules))["data"][field]
    assert loaded == gr.loads(gr.dumps(loaded))


@pytest.mark.parametrize(
    "mutation",
    [
        change(["scores", 0], plus_one),
        change(["is_over"], flip_bool),
        delete(["results", 0]),
        change(["result", "rounds"], plus_one),
    ],
    ids=["scores", "is-over", "results", "result"],
)
def test_game_view_must_agree_with_its_results(mutation: Mutation) -> None:
    """API: ``loads`` rejects anything inconsistent; a game view carries its rules and
    results, so its scores (``game_scores``), its result (``score_game``) and ``is_over``
    follow from them, yet a view contradicting them loads."""
    document = json.loads(snapshot(game_view))
    mutation(document["data"])
    with pytest.raises(gr.SerializationError):
        gr.loads(json.dumps(document))


@pytest.mark.parametrize(
    "mutation",
    [put(["phase"], "over"), put(["to_act"], None), change(["knock_limit"], lambda k: k - 3)],
    ids=["over-with-a-player-to-act", "layoff-with-nobody-to-act", "knock-limit"],
)
def test_player_view_must_be_consistent(mutation: Mutation) -> None:
    """API: ``loads`` rejects anything inconsistent: a round is OVER exactly when nobody is
    to act, and outside Oklahoma the view's knock limit is the ruleset's."""
    document = json.loads(snapshot(layoff_view))
    mutation(document["data"])
    with pytest.raises(gr.SerializationError):
        gr.loads(json.dumps(document))
