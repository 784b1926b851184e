"""JSON for every public value (``ginrummy.io.documents``): round trips, and the envelope.

The round trips check ``gr.loads(gr.dumps(x)) == x`` with Hypothesis for every public type:
cards, hands, melds (round-the-corner ones included), rulesets (presets and evolved ones), every
kind of action, events, arrangements, layoff plans, round and game results, rounds in every phase
(dealt and set up with ``Round.from_position``), games in progress and finished, game records,
player views (both players, every phase) and game views.

Then the corruptions of the envelope (version, format and type tags, text that is no JSON or no
text, nesting), from the suite of :mod:`snapshots`: the readers of the fields and of the values
are tested in ``test_json_fields.py`` and ``test_json_reader.py``.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import ginrummy as gr
import snapshots
from hypothesis_share import examples
from positions import set_up
from snapshots import (
    CARD,
    CORRUPTION_KINDS,
    GAME,
    HAND,
    ROUND,
    RTC,
    Case,
    Json,
    case_id,
    kinds_of,
    layoff_view,
    nested,
    play,
    play_game,
    prefixes,
    put,
    reject,
    rulesets,
    small_game_states,
    spoil,
    texts,
)
from strategies import round_results_st

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
    """docs/rules.rst §5's example: onto 4h 5h 6h the defender lays off 7h, 8h and 3h."""
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


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(RULESETS), st.integers(0, 1))
def test_random_round_round_trips_at_every_step(seed: int, rules: gr.Ruleset, dealer: int) -> None:
    """API: a dealt round round-trips after every action, and so do both players' views."""
    check_round_states(play(gr.Round.deal(rules, dealer, seed=seed), random.Random(seed)))


@settings(max_examples=examples(15), deadline=None)
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


CASES: list[Case] = [
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
]
"""The corruptions of this file: each names its kind, what it spoils and where the error must point."""


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_corruption_is_rejected_with_a_serialization_error(case: Case) -> None:
    """API: ``loads`` validates everything and raises gr.SerializationError on anything
    inconsistent or unknown, never another exception; the message starts with where."""
    reject(case)


def test_every_corruption_kind_is_exercised() -> None:
    """The suite's bookkeeping: every kind this file owns in ``CORRUPTION_KINDS`` has a case
    here, and every case here has a kind this file owns.
    The module :mod:`snapshots` states the count of kinds."""
    assert kinds_of("documents") == {case.kind for case in CASES}
    assert snapshots.__doc__ is not None
    assert f"{len(CORRUPTION_KINDS)} kinds" in " ".join(snapshots.__doc__.split())


def test_serialization_error_is_a_value_error() -> None:
    """API: ``SerializationError`` derives from ``GinRummyError`` and ``ValueError``."""
    with pytest.raises(ValueError):
        gr.loads("{")
    assert issubclass(gr.SerializationError, gr.GinRummyError)


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


@pytest.mark.parametrize("action", [gr.Knock("Kh", ()), gr.BigGin(())], ids=["knock", "big-gin"])
def test_actions_with_an_empty_spread_round_trip(action: gr.Action) -> None:
    """API: ``gr.loads(gr.dumps(x)) == x``; a knock showing no melds (legal with a high knock
    limit, and what the round records when the best arrangement has none) is written
    ``"k Kh"`` and read back as ``Knock('Kh', melds=None)``."""
    assert action == gr.loads(gr.dumps(action))
