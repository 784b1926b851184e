"""JSON for every public value (``ginrummy.io.documents``): round trips and a corruption suite.

Part 1 checks ``gr.loads(gr.dumps(x)) == x`` with Hypothesis for every public type: cards,
hands, melds (round-the-corner ones included), rulesets (presets and evolved ones), every kind
of action, events, arrangements, layoff plans, round and game results, rounds in every phase
(dealt and set up with ``Round.from_position``), games in progress and finished, game records,
player views (both players, every phase) and game views.

Part 2 is the corruption suite. It takes valid snapshots (``json.loads`` of ``dumps``),
spoils them on purpose and requires ``gr.loads`` to raise ``gr.SerializationError`` - never any
other exception - with a message that starts with the place it found wrong. It covers 37 kinds
of corruption, listed in :data:`CORRUPTION_KINDS`; every kind has at least one case in
:data:`CASES`. A Hypothesis test then applies random mutations anywhere in the JSON trees and
accepts only a ``SerializationError`` or a successful load that round-trips.

The last tests pin bugs found and fixed while the suite was written.
"""

from __future__ import annotations

import copy
import functools
import itertools
import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import ginrummy as gr
from positions import biased_action, set_up
from strategies import round_results_st

Json = Any
"""A decoded JSON value."""

RTC = gr.PAGAT.evolve(
    name="corner",
    round_the_corner=True,
    ace_points=15,
    layoffs_after_gin=True,
    void_if_gin_matched=True,
    target=125,
)
"""A round-the-corner ruleset (wrapping runs, ace 15, layoffs onto gin that may void a round)."""

RULESETS = (gr.PAGAT, gr.SPANISH_SITE, gr.STRAIGHT, gr.OKLAHOMA, RTC, gr.PAGAT.evolve(max_turns=9))
"""The rulesets the random rounds are played under."""

PHASES = tuple(gr.Phase)


def roundtrip(value: object) -> None:
    """``loads(dumps(value)) == value``, the type is kept, and dumping again gives the same text."""
    text = gr.dumps(value)
    back = gr.loads(text)
    assert type(value) is type(back)
    assert value == back
    assert text == gr.dumps(back)


def play(r: gr.Round, rng: random.Random, knock: float = 0.75) -> list[gr.Round]:
    """Every state of ``r`` played to its end by :func:`policy`, ``r`` included."""
    states = [r]
    while not r.is_over:
        r = r.apply(biased_action(r, rng, knock, alternate_takes=False))
        states.append(r)
    return states


def play_game(rules: gr.Ruleset, seed: int, knock: float = 0.75) -> list[gr.Game]:
    """Every state of a game played by :func:`policy` to its end."""
    rng = random.Random(seed)
    game = gr.Game.new(rules, seed=seed)
    states = [game]
    while not game.is_over:
        game = game.apply(biased_action(game.round, rng, knock, alternate_takes=False))
        states.append(game)
    return states


# ============================================================================ strategies

cards = st.sampled_from(gr.DECK)
hands = st.sets(cards, max_size=52).map(gr.Hand)
melds = st.one_of(st.sampled_from(gr.all_melds()), st.sampled_from(gr.all_melds(RTC)))
meld_lists = st.lists(melds, min_size=1, max_size=4).map(tuple)
actions: st.SearchStrategy[gr.Action] = st.one_of(
    st.just(gr.PassUpcard()),
    st.just(gr.TakeDiscard()),
    st.just(gr.DrawStock()),
    st.just(gr.EndLayoffs()),
    st.builds(gr.Discard, cards),
    st.builds(gr.Knock, cards, st.none() | meld_lists),
    st.builds(gr.BigGin, st.none() | meld_lists),
    st.builds(gr.LayOff, cards, st.integers(0, 2)),
)
events = st.builds(
    gr.Event,
    number=st.integers(0, 300),
    player=st.integers(0, 1),
    action=st.none() | actions,
) | st.builds(
    gr.Event,
    number=st.integers(0, 300),
    player=st.integers(0, 1),
    action=st.sampled_from([gr.DrawStock(), gr.TakeDiscard()]),
    card=cards,
)
"""Events as a round's log holds them: a card only with a draw or a take."""


@st.composite
def rulesets(draw: st.DrawFn) -> gr.Ruleset:
    """A valid ruleset: a preset, or a preset with any fields changed within their domains."""
    base = draw(st.sampled_from([*gr.PRESETS.values(), RTC]))
    if draw(st.booleans()):
        return base
    layoffs = draw(st.booleans())
    after_gin = layoffs and draw(st.booleans())
    return base.evolve(
        name=draw(st.sampled_from(["custom", "house rules", "ünïcode ♠"])),
        knock_limit=draw(st.integers(0, 99)),
        oklahoma=draw(st.booleans()),
        oklahoma_ace_gin_only=draw(st.booleans()),
        spade_multiplier=draw(st.integers(1, 10)),
        big_gin=draw(st.booleans()),
        big_gin_bonus=draw(st.integers(0, 1000)),
        gin_bonus=draw(st.integers(0, 1000)),
        undercut_bonus=draw(st.integers(0, 1000)),
        undercut_on_tie=draw(st.booleans()),
        layoffs=layoffs,
        layoffs_after_gin=after_gin,
        after_both_pass=draw(st.sampled_from(gr.AfterPass)),
        may_discard_taken_card=draw(st.booleans()),
        dead_hand_stock=draw(st.integers(0, 30)),
        target=draw(st.integers(1, 100_000)),
        game_bonus=draw(st.integers(0, 100_000)),
        box_bonus=draw(st.integers(0, 100_000)),
        boxes_count_toward_target=draw(st.booleans()),
        shutout=draw(st.sampled_from(gr.Shutout)),
        game_winner=draw(st.sampled_from(gr.GameWinner)),
        next_dealer=draw(st.sampled_from(gr.NextDealer)),
        round_the_corner=draw(st.booleans()),
        ace_points=draw(st.integers(1, 15)),
        void_if_gin_matched=after_gin and draw(st.booleans()),
        max_turns=draw(st.none() | st.integers(1, 10_000)),
    )


round_results = round_results_st


@st.composite
def layoff_plans(draw: st.DrawFn) -> gr.LayoffPlan:
    """The best layoffs of random cards onto the melds of a random ten-card hand."""
    rules = draw(st.sampled_from([gr.PAGAT, RTC]))
    knocker = draw(st.sets(cards, min_size=10, max_size=10))
    spread = gr.best_melds(knocker, rules).melds
    assume(spread)
    defender = draw(st.sets(st.sampled_from([c for c in gr.DECK if c not in knocker]), max_size=10))
    return gr.best_layoffs(spread, defender, rules)


# ============================================================================ part 1: round trips


@settings(deadline=None)
@given(cards)
def test_card_round_trips(card: gr.Card) -> None:
    """API: a card is written as its text and read back equal."""
    roundtrip(card)
    assert json.dumps(str(card), ensure_ascii=False) in gr.dumps(card)


@settings(deadline=None)
@given(hands)
def test_hand_round_trips(hand: gr.Hand) -> None:
    """API: a hand (0 to 52 cards) round-trips."""
    roundtrip(hand)


@settings(deadline=None)
@given(melds)
def test_meld_round_trips(meld: gr.Meld) -> None:
    """API: every meld, traditional or round the corner, round-trips."""
    roundtrip(meld)


@pytest.mark.parametrize(
    "text", ["Qs Ks As", "Ks As 2s", "Qh Kh Ah 2h 3h", "Jd Qd Kd Ad 2d 3d 4d 5d 6d 7d 8d 9d"]
)
def test_round_the_corner_meld_round_trips(text: str) -> None:
    """API: a wrapping run made by ``Meld.parse(..., round_the_corner=True)`` round-trips and
    still wraps."""
    meld = gr.Meld.parse(text, round_the_corner=True)
    assert meld.wraps
    roundtrip(meld)
    back = gr.loads(gr.dumps(meld))
    assert isinstance(back, gr.Meld)
    assert back.wraps


@settings(deadline=None)
@given(rulesets())
def test_ruleset_round_trips(rules: gr.Ruleset) -> None:
    """API: presets and evolved rulesets (every field changed) round-trip, name included."""
    roundtrip(rules)


@pytest.mark.parametrize("name", sorted(gr.PRESETS))
def test_preset_round_trips(name: str) -> None:
    """API: every preset round-trips to an equal ruleset."""
    roundtrip(gr.PRESETS[name])


@settings(deadline=None)
@given(actions)
def test_action_round_trips(action: gr.Action) -> None:
    """API: every kind of action round-trips, knocks and big gins with explicit melds
    included."""
    roundtrip(action)


def test_every_action_kind_round_trips() -> None:
    """API: one of each action kind, written out."""
    wrap = gr.Meld.parse("Qs Ks As", round_the_corner=True)
    for action in [
        gr.PassUpcard(),
        gr.TakeDiscard(),
        gr.DrawStock(),
        gr.Discard("Kh"),
        gr.Knock("Kh"),
        gr.Knock("Kh", (gr.Meld.parse("7c 8c 9c"), gr.Meld.parse("7d 7h 7s"))),
        gr.Knock("2h", (wrap,)),
        gr.BigGin(),
        gr.BigGin((gr.Meld.parse("7c 8c 9c Tc"), gr.Meld.parse("7d 7h 7s"), gr.Meld.parse("2h 3h 4h 5h"))),
        gr.LayOff("8h", 0),
        gr.LayOff("8h", 2),
        gr.EndLayoffs(),
    ]:
        roundtrip(action)


@settings(deadline=None)
@given(events)
def test_event_round_trips(event: gr.Event) -> None:
    """API: events, with hidden (None) actions and cards, round-trip."""
    roundtrip(event)


@settings(deadline=None)
@given(st.sets(cards, max_size=14), st.sampled_from([gr.PAGAT, RTC]))
def test_arrangement_round_trips(chosen: set[gr.Card], rules: gr.Ruleset) -> None:
    """API: the arrangements of the partitioner (best and every optimal one) round-trip."""
    roundtrip(gr.best_melds(chosen, rules))
    for arrangement in gr.all_best_melds(chosen, rules)[:3]:
        roundtrip(arrangement)


@settings(deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(layoff_plans())
def test_layoff_plan_round_trips(plan: gr.LayoffPlan) -> None:
    """API: layoff plans round-trip."""
    roundtrip(plan)


def test_layoff_plan_with_chained_layoffs_round_trips() -> None:
    """RULES 5's example: onto 4h 5h 6h the defender lays off 7h, 8h and 3h."""
    plan = gr.best_layoffs([gr.Meld.parse("4h 5h 6h")], "7h 8h 3h Kc")
    assert 3 == len(plan.layoffs)
    roundtrip(plan)


@settings(deadline=None)
@given(round_results())
def test_round_result_round_trips(result: gr.RoundResult) -> None:
    """API: round results with every field set round-trip."""
    roundtrip(result)


@settings(deadline=None)
@given(st.sampled_from([gr.PAGAT, gr.SPANISH_SITE]), st.lists(round_results(), max_size=12))
def test_game_result_round_trips(rules: gr.Ruleset, results: list[gr.RoundResult]) -> None:
    """API: game results, in progress and finished, round-trip."""
    for end in range(len(results) + 1):
        if max(gr.game_scores(rules, results[:end])) >= rules.target:
            results = results[:end]
            break
    roundtrip(gr.score_game(rules, results))


def check_round_states(states: Sequence[gr.Round]) -> set[gr.Phase]:
    """Round-trip every state and both players' views of it, and each event either player
    has seen (each distinct event once: a later view repeats the earlier ones); the phases
    seen."""
    events: set[gr.Event] = set()
    for state in states:
        roundtrip(state)
        for player in (0, 1):
            view = state.view(player)
            roundtrip(view)
            for event in set(view.events) - events:
                roundtrip(event)
                events.add(event)
        if state.result is not None:
            roundtrip(state.result)
    return {state.phase for state in states}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(RULESETS), st.integers(0, 1))
def test_random_round_round_trips_at_every_step(seed: int, rules: gr.Ruleset, dealer: int) -> None:
    """API: a dealt round round-trips after every action, and so do both players' views."""
    check_round_states(play(gr.Round.deal(rules, dealer, seed=seed), random.Random(seed)))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(RULESETS), st.data())
def test_round_from_position_round_trips_at_every_step(
    seed: int, rules: gr.Ruleset, data: st.DataObject
) -> None:
    """API: a round set up with ``Round.from_position`` (in UPCARD_OFFER, DRAW or DISCARD)
    round-trips after every action; its origin is the position, not a deck."""
    rng = random.Random(seed)
    dealt = play(gr.Round.deal(rules, seed % 2, seed=seed), rng)
    before_knock = [s for s in dealt if s.phase in (gr.Phase.UPCARD_OFFER, gr.Phase.DRAW, gr.Phase.DISCARD)]
    start = set_up(data.draw(st.sampled_from(before_knock)))
    assert "deck" not in json.loads(gr.dumps(start))["data"]["origin"]
    check_round_states(play(start, rng))


def first_of_each_new_phase(states: Sequence[gr.Round], seen: set[gr.Phase]) -> list[gr.Round]:
    """The first state of each phase not in ``seen``, and the last state (its outcome)."""
    firsts: dict[gr.Phase, gr.Round] = {}
    for state in states:
        if state.phase not in seen:
            firsts.setdefault(state.phase, state)
    return [*firsts.values(), states[-1]]


def test_rounds_in_every_phase_round_trip() -> None:
    """API: rounds in each phase (UPCARD_OFFER, DRAW, DISCARD, LAYOFF, OVER), dealt and set
    up from a position, and both players' views of them, round-trip; the games are played
    until every phase has been seen both ways and four outcomes have ended a round (every
    step of random rounds is the Hypothesis test's above: here one state of each new phase
    and each round's end are enough)."""
    dealt: set[gr.Phase] = set()
    positioned: set[gr.Phase] = set()
    outcomes: set[gr.Outcome] = set()
    for seed in range(60):
        rng = random.Random(seed)
        rules = RULESETS[seed % len(RULESETS)]
        states = play(gr.Round.deal(rules, seed % 2, seed=seed), rng)
        dealt |= check_round_states(first_of_each_new_phase(states, dealt))
        outcomes.add(states[-1].result.outcome if states[-1].result else gr.Outcome.VOID)
        start = set_up(states[rng.randrange(min(len(states) - 1, 8))])
        positioned |= check_round_states(first_of_each_new_phase(play(start, rng), positioned))
        if dealt == positioned == set(PHASES) and len(outcomes) >= 4:
            break
    assert set(PHASES) == dealt
    assert set(PHASES) == positioned
    assert len(outcomes) >= 4, outcomes


@functools.cache
def small_game_states(seed: int) -> tuple[gr.Game, ...]:
    """A game of Pagat to 30 played to its end."""
    return tuple(play_game(gr.PAGAT.evolve(target=30), seed))


@pytest.mark.parametrize("seed", range(3))
def test_game_round_trips_in_progress_and_finished(seed: int) -> None:
    """API: games round-trip mid-round, between rounds and finished, and so do their records
    and both players' game views."""
    states = small_game_states(seed)
    assert states[-1].is_over
    chosen = [*states[:: max(1, len(states) // 12)], states[-1]]
    chosen += [b for a, b in itertools.pairwise(states) if len(b.results) > len(a.results)]
    for game in chosen:
        roundtrip(game)
        roundtrip(game.record())
        roundtrip(game.view(0))
        roundtrip(game.view(1))
        roundtrip(game.result)


def test_game_with_a_string_seed_round_trips() -> None:
    """API: a game's seed may be text."""
    game = gr.Game.new(gr.SPANISH_SITE, seed="tournament 7", dealer=1).apply(gr.PassUpcard())
    roundtrip(game)
    roundtrip(game.record())


def test_game_under_round_the_corner_rules_round_trips() -> None:
    """API: a game under round-the-corner rules (wrapping melds in its knocks) round-trips."""
    states = play_game(RTC.evolve(target=40), 5)
    roundtrip(states[-1])
    roundtrip(states[len(states) // 2])


def test_dumps_rejects_values_that_are_not_public_ginrummy_values() -> None:
    """API: ``dumps`` serializes public values only; anything else raises
    ``SerializationError``."""
    for value in [None, 3, "As", [gr.Card.parse("As")], object()]:
        with pytest.raises(gr.SerializationError):
            gr.dumps(value)


def test_dumps_writes_the_documented_envelope() -> None:
    """API: a document is ``{"format": "ginrummy", "version": 1, "type": ..., "data": ...}``;
    cards are their text and actions their notation."""
    assert {"format": "ginrummy", "version": 1, "type": "Card", "data": "Th"} == json.loads(
        gr.dumps(gr.Card.parse("10h"))
    )
    assert "k Kh" == json.loads(gr.dumps(gr.Knock("Kh")))["data"]
    assert gr.dumps(gr.PAGAT) != gr.dumps(gr.PAGAT, indent=2)
    assert gr.PAGAT == gr.loads(gr.dumps(gr.PAGAT, indent=2))


def test_loads_accepts_bytes() -> None:
    """API: ``loads`` takes ``str`` or ``bytes`` (UTF-8 JSON)."""
    text = gr.dumps(gr.Hand.parse("As 2s 3s"))
    assert gr.Hand.parse("As 2s 3s") == gr.loads(text.encode())


# ============================================================================ part 2: snapshots


def find_round(rules: gr.Ruleset, wanted: Callable[[gr.Round], bool], knock: float = 0.75) -> gr.Round:
    """The first state, over seeds 0, 1, 2 ..., of a dealt round that satisfies ``wanted``."""
    for seed in range(500):
        for state in play(gr.Round.deal(rules, seed % 2, seed=seed), random.Random(seed), knock):
            if wanted(state):
                return state
    raise AssertionError("no such round")  # pragma: no cover


@functools.cache
def draw_round() -> gr.Round:
    """A dealt round in DRAW after both passed the upcard and a few turns, a pile card taken."""
    return find_round(
        gr.PAGAT,
        lambda r: r.phase is gr.Phase.DRAW and r.turns >= 4 and bool(r.known[0] or r.known[1]),
        knock=0.0,
    )


@functools.cache
def layoff_round() -> gr.Round:
    """A dealt round in LAYOFF with a layoff already made."""
    return find_round(gr.PAGAT, lambda r: r.phase is gr.Phase.LAYOFF and bool(r.layoffs))


@functools.cache
def knocked_round() -> gr.Round:
    """A dealt round over after a knock that was not gin (knocker's deadwood above 0)."""

    def wanted(r: gr.Round) -> bool:
        result = r.result
        return result is not None and result.outcome in (gr.Outcome.KNOCK, gr.Outcome.UNDERCUT)

    return find_round(gr.PAGAT, wanted)


@functools.cache
def gin_round() -> gr.Round:
    """A dealt round over by gin."""
    return find_round(gr.PAGAT, lambda r: r.result is not None and r.result.outcome is gr.Outcome.GIN)


@functools.cache
def position_round() -> gr.Round:
    """A round set up with ``from_position`` (DRAW) and played a few actions on."""
    start = set_up(draw_round())
    rng = random.Random(3)
    r = start
    for _ in range(5):
        r = r.apply(biased_action(r, rng, knock=0.0, alternate_takes=False))
    return r


@functools.cache
def mid_game() -> gr.Game:
    """A game mid-round, with at least two rounds finished, one of them scored."""
    for game in small_game_states(0):
        if len(game.results) >= 2 and game.round.events and any(r.winner is not None for r in game.results):
            return game
    raise AssertionError("no such game")  # pragma: no cover


@functools.cache
def finished_game() -> gr.Game:
    """A finished game of Pagat to 30."""
    return small_game_states(0)[-1]


def layoff_view() -> gr.PlayerView:
    """The knocker's view of :func:`layoff_round`."""
    r = layoff_round()
    assert r.knocker is not None
    return r.view(r.knocker)


def game_view() -> gr.GameView:
    """Player 1's view of :func:`mid_game`."""
    return mid_game().view(1)


@functools.cache
def snapshot(factory: Callable[[], object]) -> str:
    """The JSON text of the value ``factory`` makes (cached)."""
    return gr.dumps(factory())


def card_of(data: Json, *path: str | int) -> str:
    """The card text at ``path`` in a decoded document's data."""
    node = data
    for key in path:
        node = node[key]
    assert isinstance(node, str)
    return node


# ============================================================================ part 2: corruptions

CORRUPTION_KINDS = [
    "drop-card",
    "duplicate-card",
    "move-card-hand-to-stock",
    "move-card-stock-to-hand",
    "move-card-stock-to-pile",
    "move-card-pile-to-stock",
    "move-card-hand-to-hand",
    "change-count",
    "change-phase",
    "change-to-act",
    "change-dealer",
    "change-score",
    "change-points",
    "change-result-field",
    "ruleset-invalid-value",
    "ruleset-other-valid-value",
    "unknown-field",
    "missing-field",
    "string-for-int",
    "bool-for-int",
    "null-for-list",
    "object-for-list",
    "bad-version",
    "wrong-format-tag",
    "unknown-type-tag",
    "truncated-text",
    "non-json-text",
    "non-str-input",
    "deeply-nested",
    "non-canonical-card",
    "unknown-card",
    "illegal-action",
    "unparseable-action",
    "actions-cut-short",
    "bad-deck",
    "bad-meld",
    "bad-layoff",
]
"""Every kind of corruption the suite exercises (37 kinds)."""


@attrs.frozen
class Case:
    """One corruption: what ``gr.loads`` is given and where it must say the fault is."""

    kind: str
    """One of :data:`CORRUPTION_KINDS`."""
    label: str
    """What is spoiled."""
    inputs: Callable[[], Sequence[object]]
    """The spoiled inputs to ``gr.loads`` (text, usually one document)."""
    where: str | None = None
    """The start of the error message (the path of the fault), when it is pinned."""


Mutation = Callable[[Json], None]
"""A change made in place to a decoded document."""
Factory = Callable[[], object]
"""A function that makes a snapshot's value."""
Path = list[str | int]
"""A path into a decoded document."""


def spoil(factory: Factory, mutation: Mutation, *, envelope: bool = False) -> Callable[[], list[str]]:
    """The inputs of a case: the snapshot of ``factory()`` with ``mutation`` applied to its
    ``data`` (or to the whole document with ``envelope``)."""

    def make() -> list[str]:
        document = json.loads(snapshot(factory))
        mutation(document if envelope else document["data"])
        return [json.dumps(document, ensure_ascii=False)]

    return make


def at(node: Json, path: Sequence[str | int]) -> Json:
    """The node at ``path``."""
    for key in path:
        node = node[key]
    return node


def put(path: Sequence[str | int], value: Json) -> Mutation:
    """Set the node at ``path`` to ``value``."""

    def mutate(data: Json) -> None:
        at(data, path[:-1])[path[-1]] = copy.deepcopy(value)

    return mutate


def house(mutation: Mutation, at_rules: Sequence[str | int] = ("rules",)) -> Mutation:
    """``mutation`` of a preset's ruleset, renamed as a house ruleset (a ruleset named like a
    preset must be that preset)."""

    def mutate(data: Json) -> None:
        mutation(data)
        at(data, at_rules)["name"] = "house"

    return mutate


def change(path: Sequence[str | int], how: Callable[[Json], Json]) -> Mutation:
    """Replace the node at ``path`` by ``how(node)``."""

    def mutate(data: Json) -> None:
        parent = at(data, path[:-1])
        parent[path[-1]] = how(parent[path[-1]])

    return mutate


def delete(path: Sequence[str | int]) -> Mutation:
    """Remove the field or list item at ``path``."""

    def mutate(data: Json) -> None:
        del at(data, path[:-1])[path[-1]]

    return mutate


def move(source: Sequence[str | int], target: Sequence[str | int], index: int = -1) -> Mutation:
    """Move item ``index`` of the list at ``source`` to the end of the list at ``target``."""

    def mutate(data: Json) -> None:
        at(data, target).append(at(data, source).pop(index))

    return mutate


def copy_to(source: Sequence[str | int], target: Sequence[str | int]) -> Mutation:
    """Append a copy of the node at ``source`` to the list at ``target``."""

    def mutate(data: Json) -> None:
        at(data, target).append(copy.deepcopy(at(data, source)))

    return mutate


def texts(*values: object) -> Callable[[], Sequence[object]]:
    """Inputs given literally."""
    return lambda: list(values)


def other_player(value: Json) -> Json:
    """The other player (0 <-> 1)."""
    return 1 - value


def flip_bool(value: Json) -> Json:
    """The other boolean."""
    return not value


def plus_one(value: Json) -> Json:
    """The integer one higher."""
    return value + 1


def lowered(value: Json) -> Json:
    """The text in lower case."""
    return str(value).lower()


def miswritten(card: Json) -> Json:
    """Another accepted spelling of a card's text: ``"as"`` for ``"As"``, ``"10h"`` for
    ``"Th"``, ``"6C"`` for ``"6c"``."""
    text = str(card)
    rank, suit = text[0], text[1]
    if rank == "T":
        return "10" + suit
    return rank.lower() + suit if rank.isalpha() else rank + suit.upper()


def scored_index(game: gr.Game) -> int:
    """The index of a scored result in ``game.results``."""
    return next(i for i, r in enumerate(game.results) if r.winner is not None)


def prefixes(factory: Factory, count: int | None = None) -> Callable[[], list[str]]:
    """Every proper prefix of the snapshot's text (or ``count`` of them, spread evenly plus a
    seeded random sample)."""

    def make() -> list[str]:
        text = snapshot(factory)
        if count is None:
            return [text[:n] for n in range(len(text))]
        rng = random.Random(len(text))
        lengths = {n * len(text) // count for n in range(count)} | {
            rng.randrange(len(text)) for _ in range(count)
        }
        return [text[:n] for n in sorted(lengths)]

    return make


def nested(depth: int, kind: str = "array") -> Callable[[], Sequence[object]]:
    """Documents whose data nest ``depth`` arrays (or objects) deep, and the bare nesting."""
    body = "[" * depth + "]" * depth if kind == "array" else '{"a": ' * depth + "1" + "}" * depth
    return texts(
        f'{{"format": "ginrummy", "version": 1, "type": "Hand", "data": {body}}}',
        f'{{"format": "ginrummy", "version": 1, "type": "Round", "data": {body}}}',
        body,
    )


ROUND = draw_round
LAYOFF = layoff_round
KNOCKED = knocked_round
GAME = mid_game
FINISHED = finished_game
CARD = functools.partial(gr.Card.parse, "As")
HAND = functools.partial(gr.Hand.parse, "As 2s 3s Kd")
MELD = functools.partial(gr.Meld.parse, "7c 8c 9c")


def scored_result() -> gr.RoundResult:
    """A scored round result of :func:`mid_game`."""
    return mid_game().results[scored_index(mid_game())]


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


RULESET_PLACES: list[tuple[Factory, Path, str]] = [
    (ROUND, ["rules"], "round.rules"),
    (GAME, ["rules"], "game.rules"),
    (lambda: gr.PAGAT, [], "ruleset"),
]

BAD_RULESET_VALUES: list[tuple[str, Json]] = [
    ("knock_limit", -1),
    ("knock_limit", 100),
    ("target", 0),
    ("shutout", "triple"),
    ("next_dealer", None),
    ("dead_hand_stock", 31),
    ("max_turns", 0),
    ("name", ""),
    ("ace_points", 16),
    ("layoffs", "yes"),
]

UNKNOWN_FIELD_PLACES: list[tuple[Factory, Path, bool, str]] = [
    (CARD, [], True, "document"),
    (ROUND, [], False, "round"),
    (ROUND, ["state"], False, "round.state"),
    (ROUND, ["rules"], False, "round.rules"),
    (ROUND, ["origin"], False, "round.origin"),
    (GAME, ["state"], False, "game.state"),
    (GAME, ["state", "results", 0], False, "game.state.results[0]"),
    (GAME, ["state", "round"], False, "game.state.round"),
    (lambda: finished_game().result, ["breakdown", 0], False, "gameResult.breakdown[0]"),
    (layoff_view, [], False, "playerView"),
    (game_view, ["round"], False, "gameView.round"),
    (lambda: gr.Event(number=3, player=1, action=gr.DrawStock()), [], False, "event"),
    (lambda: mid_game().record(), [], False, "gameRecord"),
]

MISSING_FIELD_PLACES: list[tuple[Factory, Path, str, bool, str]] = [
    (CARD, [], "data", True, "document"),
    (CARD, [], "type", True, "document"),
    (ROUND, [], "state", False, "round"),
    (ROUND, ["state"], "hands", False, "round.state"),
    (ROUND, ["rules"], "target", False, "round.rules"),
    (ROUND, ["origin"], "deck", False, "round.origin"),
    (GAME, [], "seed", False, "game"),
    (GAME, ["state"], "scores", False, "game.state"),
    (scored_result, [], "multiplier", False, "roundResult"),
    (layoff_view, [], "hand", False, "playerView"),
    (game_view, [], "is_over", False, "gameView"),
    (lambda: gr.best_melds("As 2s 3s Kd"), [], "points", False, "arrangement"),
]

WRONG_LIST_VALUES: list[tuple[str, Json]] = [("null-for-list", None), ("object-for-list", {})]

LIST_PLACES: list[tuple[Factory, Path, str, str]] = [
    (ROUND, ["state", "hands"], "state hands", "round.state.hands"),
    (ROUND, ["state", "hands", 0], "a state hand", "round.state.hands[0]"),
    (ROUND, ["state", "stock"], "state stock", "round.state.stock"),
    (ROUND, ["actions"], "round actions", "round.actions"),
    (ROUND, ["origin", "deck"], "deal deck", "round.origin.deck"),
    (GAME, ["decks"], "game decks", "game.decks"),
    (GAME, ["state", "results"], "game results", "game.state.results"),
    (LAYOFF, ["state", "spread"], "spread", "round.state.spread"),
    (layoff_view, ["discard_pile"], "view pile", "playerView.discard_pile"),
    (game_view, ["scores"], "view scores", "gameView.scores"),
    (lambda: gr.best_melds("As 2s 3s Kd"), ["melds"], "arrangement melds", "arrangement.melds"),
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
    # ---------------------------------------------------------------- rulesets
    *[
        Case(
            "ruleset-invalid-value", f"{name} = {value!r}", spoil(factory, put([*prefix, name], value)), where
        )
        for factory, prefix, where in RULESET_PLACES
        for name, value in BAD_RULESET_VALUES
    ],
    Case(
        "ruleset-invalid-value",
        "layoffs after gin without layoffs",
        spoil(lambda: RTC, put(["layoffs"], False)),
        "ruleset",
    ),
    Case(
        "ruleset-invalid-value",
        "a view's rules",
        spoil(layoff_view, put(["rules", "gin_bonus"], -20)),
        "playerView.rules",
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
    # ---------------------------------------------------------------- document shape
    *[
        Case(
            "unknown-field",
            f"extra field in {where}",
            spoil(factory, put([*path, "extra"], 1), envelope=env),
            where,
        )
        for factory, path, env, where in UNKNOWN_FIELD_PLACES
    ],
    *[
        Case(
            "missing-field",
            f"{name} removed from {where}",
            spoil(factory, delete([*path, name]), envelope=env),
            where,
        )
        for factory, path, name, env, where in MISSING_FIELD_PLACES
    ],
    # ---------------------------------------------------------------- wrong JSON types
    Case(
        "string-for-int", "deal dealer", spoil(ROUND, put(["origin", "dealer"], "0")), "round.origin.dealer"
    ),
    Case("string-for-int", "state turns", spoil(ROUND, change(["state", "turns"], str)), "round.state.turns"),
    Case("string-for-int", "first dealer", spoil(GAME, change(["first_dealer"], str)), "game.first_dealer"),
    Case("string-for-int", "points", spoil(scored_result, change(["points"], str)), "roundResult.points"),
    Case("string-for-int", "knock limit", spoil(ROUND, put(["rules", "knock_limit"], "10")), "round.rules"),
    Case(
        "string-for-int", "game score", spoil(GAME, change(["state", "scores", 0], str)), "game.state.scores"
    ),
    Case(
        "string-for-int",
        "view stock size",
        spoil(layoff_view, change(["stock_size"], str)),
        "playerView.stock_size",
    ),
    Case(
        "string-for-int",
        "event number",
        spoil(lambda: gr.Event(number=3, player=1, action=None), put(["number"], "3")),
        "event.number",
    ),
    Case(
        "bool-for-int", "deal dealer", spoil(ROUND, change(["origin", "dealer"], bool)), "round.origin.dealer"
    ),
    Case("bool-for-int", "first dealer", spoil(GAME, change(["first_dealer"], bool)), "game.first_dealer"),
    Case("bool-for-int", "knock limit", spoil(ROUND, put(["rules", "knock_limit"], True)), "round.rules"),
    Case("bool-for-int", "points", spoil(scored_result, put(["points"], True)), "roundResult.points"),
    Case("bool-for-int", "winner", spoil(scored_result, put(["winner"], True)), "roundResult.winner"),
    Case(
        "bool-for-int",
        "game result total",
        spoil(lambda: gr.score_game(gr.PAGAT, []), put(["totals", 0], False)),
        "gameResult.totals[0]",
    ),
    Case("bool-for-int", "view player", spoil(layoff_view, change(["player"], bool)), "playerView.player"),
    Case(
        "bool-for-int",
        "layoff meld index",
        spoil(LAYOFF, put(["state", "layoffs", 0, 1], False)),
        "round.state.layoffs[0][1]",
    ),
    Case("bool-for-int", "game seed", spoil(GAME, put(["seed"], True)), "game.seed"),
    *[
        Case(kind, f"{label} as {value!r}", spoil(factory, put(path, value)), where)
        for kind, value in WRONG_LIST_VALUES
        for factory, path, label, where in LIST_PLACES
    ],
    Case("null-for-list", "hand data", spoil(HAND, put(["data"], None), envelope=True), "hand"),
    Case(
        "object-for-list",
        "meld data",
        spoil(MELD, put(["data"], {"cards": ["7c", "8c", "9c"]}), envelope=True),
        "meld",
    ),
    # ---------------------------------------------------------------- the envelope
    *[
        Case(
            "bad-version",
            f"version {value!r}",
            spoil(CARD, put(["version"], value), envelope=True),
            "document.version",
        )
        for value in [0, 2, "1", -1, None, True, 10**20]
    ],
    *[
        Case(
            "wrong-format-tag",
            f"format {value!r}",
            spoil(CARD, put(["format"], value), envelope=True),
            "document.format",
        )
        for value in ["GinRummy", "ginrummy2", "", None, 1, ["ginrummy"]]
    ],
    *[
        Case(
            "unknown-type-tag",
            f"type {value!r}",
            spoil(CARD, put(["type"], value), envelope=True),
            "document.type",
        )
        for value in ["Deck", "card", "", None, 5, ["Card"], {"Card": 1}]
    ],
    Case(
        "unknown-type-tag",
        "a card tagged as a round",
        spoil(CARD, put(["type"], "Round"), envelope=True),
        "round",
    ),
    Case(
        "unknown-type-tag",
        "a round tagged as a game",
        spoil(ROUND, put(["type"], "Game"), envelope=True),
        "game",
    ),
    # ---------------------------------------------------------------- text
    Case("truncated-text", "every prefix of a card", prefixes(CARD)),
    Case("truncated-text", "every prefix of a hand", prefixes(HAND)),
    Case("truncated-text", "a sample of prefixes of a game", prefixes(GAME, 60)),
    Case("truncated-text", "a sample of prefixes of a view", prefixes(layoff_view, 30)),
    Case(
        "non-json-text",
        "text that is not JSON",
        texts("", "   ", "nope", "{'format': 'ginrummy'}", "[1, 2,]", '{"format": "ginrummy",}', "\x00", "♠"),
        "not JSON",
    ),
    Case(
        "non-json-text",
        "JSON that is not an object",
        texts("[]", "null", "1", '"As"', "true", "NaN"),
        "document",
    ),
    Case(
        "non-str-input",
        "values that are not text",
        texts(None, 42, 1.5, [], {}, object(), gr.Card.parse("As")),
        "expected JSON text",
    ),
    Case(
        "non-str-input",
        "bytes of garbage",
        texts(b"\xff\xfe\x00garbage", b"\x80\x81\x82", bytearray(b"\xc3\x28"), b"", b"\x00" * 8),
        "not JSON",
    ),
    Case("deeply-nested", "arrays 100000 deep", nested(100_000)),
    Case("deeply-nested", "arrays 2000 deep", nested(2000)),
    Case("deeply-nested", "arrays 500 deep", nested(500)),
    Case("deeply-nested", "objects 100000 deep", nested(100_000, "object")),
    # ---------------------------------------------------------------- cards and actions
    Case(
        "non-canonical-card",
        "a card written in lower case",
        spoil(ROUND, change(["state", "hands", 0, 0], miswritten)),
        "round.state.hands[0][0]",
    ),
    Case("non-canonical-card", "Card 'as'", spoil(CARD, put(["data"], "as"), envelope=True), "card"),
    Case("non-canonical-card", "Card 'AS'", spoil(CARD, put(["data"], "AS"), envelope=True), "card"),
    Case("non-canonical-card", "Card 'A♠'", spoil(CARD, put(["data"], "A♠"), envelope=True), "card"),
    Case(
        "non-canonical-card",
        "Card '10h'",
        spoil(lambda: gr.Card.parse("Th"), put(["data"], "10h"), envelope=True),
        "card",
    ),
    Case("non-canonical-card", "a hand card ' As'", spoil(HAND, put([0], " As")), "hand[0]"),
    Case(
        "non-canonical-card",
        "a deck card in lower case",
        spoil(GAME, change(["decks", 0, 5], miswritten)),
        "game.decks[0][5]",
    ),
    Case(
        "non-canonical-card",
        "the initial upcard in lower case",
        spoil(ROUND, change(["state", "initial_upcard"], miswritten)),
        "round.state.initial_upcard",
    ),
    Case("unknown-card", "Card 'Zz'", spoil(CARD, put(["data"], "Zz"), envelope=True), "card"),
    Case("unknown-card", "Card '1s'", spoil(CARD, put(["data"], "1s"), envelope=True), "card"),
    Case("unknown-card", "a hand card ''", spoil(HAND, put([1], "")), "hand[1]"),
    Case("unknown-card", "a card as a number", spoil(HAND, put([1], 14)), "hand[1]"),
    Case(
        "unknown-card",
        "a stock card 'Xx'",
        spoil(ROUND, put(["state", "stock", 0], "Xx")),
        "round.state.stock[0]",
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
"""Every corruption case: each names its kind, what it spoils and where the error must point."""


def case_id(case: Case) -> str:
    """A readable test id."""
    return f"{case.kind}: {case.label}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_corruption_is_rejected_with_a_serialization_error(case: Case) -> None:
    """API: ``loads`` «validates everything and raises gr.SerializationError on anything
    inconsistent or unknown», never another exception; the message starts with where."""
    inputs = case.inputs()
    assert inputs
    for value in inputs:
        with pytest.raises(gr.SerializationError) as info:
            gr.loads(value)  # type: ignore[arg-type]
        if case.where is not None:
            assert str(info.value).startswith(case.where), (case.where, str(info.value))


def test_every_corruption_kind_is_exercised() -> None:
    """The suite's bookkeeping: every kind in ``CORRUPTION_KINDS`` has a case, every case has a
    listed kind, and the module docstring states the count."""
    kinds = [case.kind for case in CASES]
    assert set(CORRUPTION_KINDS) == set(kinds)
    assert len(CORRUPTION_KINDS) == len(set(CORRUPTION_KINDS))
    assert __doc__ is not None
    assert f"{len(CORRUPTION_KINDS)} kinds" in " ".join(__doc__.split())


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


# -------------------------------------------------------------------------- where the error is


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
    """STYLE 4 and the module's promise: a message names the place (``round.state.hands[1]``)
    and the reason, quoting the value."""
    document = json.loads(snapshot(factory))
    state = document["data"]["state"]
    hands = state["hands"] if "hands" in state else state["round"]["hands"]
    card, other = hands[0][0], miswritten(hands[1][2])
    mutation(document["data"])
    with pytest.raises(gr.SerializationError) as info:
        gr.loads(json.dumps(document))
    assert str(info.value).startswith(expected.format(card=card, miswritten=other)), str(info.value)


def test_serialization_error_is_a_value_error() -> None:
    """API: ``SerializationError`` derives from ``GinRummyError`` and ``ValueError``."""
    with pytest.raises(ValueError):
        gr.loads("{")
    assert issubclass(gr.SerializationError, gr.GinRummyError)


# -------------------------------------------------------------------------- random mutations


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


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


@settings(max_examples=100, deadline=None)
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


# ============================================================================ known library bugs


@pytest.mark.parametrize("version", [[1], {"v": 1}], ids=["list", "object"])
def test_version_of_the_wrong_json_type_is_a_serialization_error(version: Json) -> None:
    """API: ``loads`` raises ``SerializationError`` on anything unknown; a version written as
    a list or an object makes ``version not in KNOWN_VERSIONS`` raise ``TypeError``
    (unhashable) instead."""
    document = json.loads(gr.dumps(gr.Card.parse("As")))
    document["version"] = version
    with pytest.raises(gr.SerializationError):
        gr.loads(json.dumps(document))


def test_version_written_as_a_float_is_rejected() -> None:
    """API: the version is the integer 1; ``1.0`` is another JSON type (``1.0 in {1}``)."""
    with pytest.raises(gr.SerializationError):
        gr.loads('{"format": "ginrummy", "version": 1.0, "type": "Card", "data": "As"}')


@pytest.mark.parametrize(
    ("factory", "path", "how"),
    [
        (ROUND, ["state", "dealer"], bool),
        (ROUND, ["state", "to_act"], bool),
        (ROUND, ["state", "turns"], float),
        (ROUND, ["state", "stock_only"], int),
        (GAME, ["state", "scores", 0], float),
        (GAME, ["state", "round", "dealer"], bool),
    ],
    ids=[
        "dealer-bool",
        "to-act-bool",
        "turns-float",
        "stock-only-int",
        "game-score-float",
        "game-dealer-bool",
    ],
)
def test_state_fields_of_the_wrong_json_type_are_rejected(
    factory: Callable[[], object], path: list[str | int], how: Callable[[Json], Json]
) -> None:
    """API: wrong JSON types are rejected everywhere; in a round's or game's stored state a
    boolean for an integer (``"dealer": false``), a float for an integer (``"turns": 9.0``) or
    an integer for a boolean (``"stock_only": 0``) pass, because the state is only compared
    with the replay's using ``==``."""
    document = json.loads(snapshot(factory))
    change(path, how)(document["data"])
    with pytest.raises(gr.SerializationError):
        gr.loads(json.dumps(document))


@pytest.mark.parametrize(
    "how", [lowered, lambda a: {"s": "draw", "p": "pass"}.get(a, a)], ids=["card", "word"]
)
def test_actions_must_be_written_canonically(how: Callable[[Json], Json]) -> None:
    """API: «a card is written as its text ("As")» and ``loads`` rejects ``"as"`` for a card;
    inside an action (``"d kh"``), or with the long action word (``"draw"``), the same
    non-canonical text is accepted."""
    document = json.loads(snapshot(ROUND))
    actions = document["data"]["actions"]
    index = next(i for i, a in enumerate(actions) if how(a) != a)
    actions[index] = how(actions[index])
    with pytest.raises(gr.SerializationError):
        gr.loads(json.dumps(document))


@pytest.mark.parametrize("action", [gr.Knock("Kh", ()), gr.BigGin(())], ids=["knock", "big-gin"])
def test_actions_with_an_empty_spread_round_trip(action: gr.Action) -> None:
    """API: ``gr.loads(gr.dumps(x)) == x``; a knock showing no melds (legal with a high knock
    limit, and what the round records when the best arrangement has none) is written
    ``"k Kh"`` and read back as ``Knock('Kh', melds=None)``."""
    assert action == gr.loads(gr.dumps(action))


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
    """API: ``loads`` rejects «anything inconsistent»; a game view carries its rules and
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
    """API: ``loads`` rejects «anything inconsistent»: a round is OVER exactly when nobody is
    to act, and outside Oklahoma the view's knock limit is the ruleset's."""
    document = json.loads(snapshot(layoff_view))
    mutation(document["data"])
    with pytest.raises(gr.SerializationError):
        gr.loads(json.dumps(document))
