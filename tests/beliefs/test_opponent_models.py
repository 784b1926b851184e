"""Beliefs about the cards a player cannot see (issue 21, item 2): ``card_probabilities`` and
``sample`` under an opponent model, the read-only registry of models, and that both depend
only on the view."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from hypothesis_share import examples
from positions import play, position

SMALL = gr.ReasonablePlayer(particles=48, burn_in=60)
"""The reasonable model with fewer, shorter chains: the property tests draw many views."""
MODELS: list[str | gr.OpponentModel | None] = [None, "uniform", SMALL]


def _view(seed: int, steps: int, rules: gr.Ruleset = gr.PAGAT) -> tuple[gr.Round, gr.PlayerView]:
    """A round played ``steps`` actions by tracker bots, and the view of its player to act (or
    of player 0 once it is over)."""
    r = gr.Round.deal(rules, seed % 2, seed=seed)
    bots = (gr.TrackerBot(seed), gr.TrackerBot(seed + 1))
    for _ in range(steps):
        if r.to_act is None:
            break
        r = r.apply(bots[r.to_act].act(r.view(r.to_act)))
    return r, r.view(0 if r.to_act is None else r.to_act)


def _unseen(view: gr.PlayerView) -> set[gr.Card]:
    return {card for card in gr.DECK if card not in view.known_cards}


@settings(max_examples=examples(25))
@given(st.integers(0, 10**6), st.integers(0, 40), st.sampled_from(MODELS))
def test_probabilities_cover_the_unseen_cards_and_add_up_to_the_hidden_ones(
    seed: int, steps: int, model: str | gr.OpponentModel | None
) -> None:
    """One probability per card the viewer cannot see, each in [0, 1], adding up to the
    opponent's cards the viewer does not know."""
    _, view = _view(seed, steps)
    probabilities = view.card_probabilities(model)
    assert _unseen(view) == set(probabilities)
    assert all(0.0 <= p <= 1.0 for p in probabilities.values())
    hidden = view.opponent_card_count - len(view.opponent_known)
    assert hidden == pytest.approx(sum(probabilities.values()), abs=1e-9)


def test_uniform_probabilities_are_equal_shares() -> None:
    """Under the uniform model every unseen card is equally likely to be held: k / u."""
    _, view = _view(4, 15)
    probabilities = view.card_probabilities()
    hidden = view.opponent_card_count - len(view.opponent_known)
    assert all(p == pytest.approx(hidden / len(probabilities)) for p in probabilities.values())
    assert probabilities == view.card_probabilities("uniform")


@pytest.mark.parametrize("model", [None, "reasonable"])
def test_the_sampler_card_frequencies_are_the_probabilities(model: str | None) -> None:
    """Worlds drawn with ``sample(rng, model)`` hold each unseen card in the opponent's hand as
    often as ``card_probabilities(model)`` says (within 4.5 standard errors for 1,500 draws)."""
    r, view = _view(11, 18)
    opponent = 1 - view.player
    draws = 1500
    counts: Counter[gr.Card] = Counter()
    rng = random.Random(3)
    for _ in range(draws):
        world = view.sample(rng, model)
        counts.update(world.hand(opponent))
    probabilities = view.card_probabilities(model)
    for card, p in probabilities.items():
        error = (p * (1 - p) / draws) ** 0.5
        assert abs(counts[card] / draws - p) <= 4.5 * error + 1e-9, (card, counts[card], p)
    assert r.view(view.player) == view


@pytest.mark.parametrize("model", MODELS)
def test_worlds_drawn_from_a_belief_have_the_view(model: str | gr.OpponentModel | None) -> None:
    """Every world a model draws is a round whose view is the given view."""
    _, view = _view(21, 25)
    rng = random.Random(1)
    for _ in range(20):
        assert view == view.sample(rng, model).view(view.player)


@settings(max_examples=examples(15))
@given(st.integers(0, 10**6), st.integers(2, 40), st.sampled_from(MODELS))
def test_beliefs_depend_only_on_the_view(seed: int, steps: int, model: str | gr.OpponentModel | None) -> None:
    """Two rounds that differ only in what the viewer cannot see give the same probabilities
    and, for the same generator, the same sampled worlds: nothing hidden leaks."""
    r, view = _view(seed, steps)
    player = view.player
    first, second = (view.sample(random.Random(i)) for i in (101, 202))
    assert first.view(player) == second.view(player) == view
    seen = [world.view(player) for world in (first, second)]
    assert seen[0].card_probabilities(model) == seen[1].card_probabilities(model)
    drawn = [v.sample(random.Random(7), model) for v in seen]
    assert drawn[0].position_key() == drawn[1].position_key()
    assert r.view(player).card_probabilities(model) == seen[0].card_probabilities(model)


def test_a_card_taken_from_the_pile_makes_its_neighbours_likelier() -> None:
    """The reasonable model reads the opponent's choices: after it takes 7h from the pile, the
    cards that meld with 7h (6h, 8h and the other sevens) are likelier in its hand than under
    the uniform belief, and a card it discarded makes its neighbours less likely."""
    r = position(
        hands=("2c 5c 9c Jd Qd 3h Th Kh 4s Ks", "Ac 3c 6c 8d Td 2h 5h Jh 5s 9s"),
        discard="7h",
        stock_top="Qc",
        dealer=1,
        to_act=0,
    )
    r = play(r, "t", "d Ks", "s")
    view = r.view(1)
    uniform = view.card_probabilities()
    reasonable = view.card_probabilities("reasonable")
    partners = [gr.Card(text) for text in ("6h", "8h", "7c", "7d", "7s")]
    assert sum(reasonable[c] for c in partners) > sum(uniform[c] for c in partners)
    neighbours = [gr.Card(text) for text in ("Qs", "Kc", "Kd")]
    assert sum(reasonable[c] for c in neighbours) < sum(uniform[c] for c in neighbours)


def test_the_registry_of_models_is_read_only_and_names_are_checked() -> None:
    """``gr.OPPONENT_MODELS`` cannot be changed; an unknown name or an object that is no model
    is refused with the library's error naming it; a model object may be passed directly."""
    with pytest.raises(TypeError):
        gr.OPPONENT_MODELS["mine"] = gr.ReasonablePlayer()  # type: ignore[index]
    _, view = _view(5, 10)
    with pytest.raises(gr.GinRummyError, match="unknown opponent model 'psychic'"):
        view.card_probabilities("psychic")
    with pytest.raises(gr.GinRummyError, match="invalid opponent model 42"):
        view.sample(random.Random(1), 42)  # type: ignore[arg-type]
    small = gr.ReasonablePlayer(particles=16)
    assert view == view.sample(random.Random(1), small).view(view.player)
    with pytest.raises(gr.GinRummyError, match="particles"):
        gr.ReasonablePlayer(particles=0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"particles": 0}, "invalid particles 0: must be an integer from 1 to 100000"),
        ({"chains": True}, "invalid chains True: must be an integer from 1 to 100000"),
        ({"burn_in": 100_001}, "invalid burn_in 100001: must be an integer from 1 to 100000"),
        ({"discard_beta": -0.1}, "invalid discard_beta -0.1: must be a finite number from 0 to 1000000"),
        ({"take_slope": 2e6}, "invalid take_slope 2000000.0: must be a finite number from 0 to 1000000"),
        ({"take_margin": math.inf}, "invalid take_margin inf: must be a finite number"),
        ({"potential_weight": "2"}, "invalid potential_weight '2': must be a number"),
        ({"knock_rate": 1}, "invalid knock_rate 1: must be a number between 0 and 1 (both excluded)"),
        ({"gin_rate": 0.0}, "invalid gin_rate 0.0: must be a number between 0 and 1 (both excluded)"),
        ({"gin_rate": math.nan}, "invalid gin_rate nan: must be a number"),
    ],
)
def test_the_reasonable_models_parameters_are_checked(options: dict[str, object], message: str) -> None:
    """Each parameter out of its range is refused with the library's error naming it (as the
    error's field too), the value and the range."""
    with pytest.raises(gr.GinRummyError) as caught:
        gr.ReasonablePlayer(**options)  # type: ignore[arg-type]
    assert message == str(caught.value)
    assert [caught.value.field] == list(options)


def test_the_reasonable_models_bounds_are_accepted() -> None:
    """The ends of each range are valid values (the rates' ends are excluded)."""
    model = gr.ReasonablePlayer(particles=100_000, discard_beta=0, take_slope=1_000_000, knock_rate=0.5)
    assert (100_000, 0, 1_000_000) == (model.particles, model.discard_beta, model.take_slope)


def test_a_custom_model_is_used_as_given() -> None:
    """Any object with a name, a particle count and ``log_likelihood`` is a model: one that
    finds every history equally likely gives (up to sampling) the uniform probabilities."""

    class Indifferent:
        name = "indifferent"
        particles = 400

        def log_likelihood(self, decisions: Any, rules: gr.Ruleset, knock_limit: int) -> float:
            return 0.0

    _, view = _view(8, 14)
    uniform = view.card_probabilities()
    found = view.card_probabilities(Indifferent())
    assert set(uniform) == set(found)
    assert max(abs(found[c] - uniform[c]) for c in uniform) < 0.12


def test_probabilities_after_the_hands_are_shown_are_zero() -> None:
    """Once the opponent's hand is laid down, no unseen card is in it."""
    r, view = _view(2, 200)
    assert view.opponent_hand is not None or r.result is not None
    if view.opponent_hand is not None:
        assert all(p == 0 for p in view.card_probabilities("reasonable").values())


def test_an_unhashable_model_gives_the_same_belief_as_a_hashable_one() -> None:
    """A model that cannot be a dictionary key (it is not kept with the view) gives exactly the
    probabilities and worlds of an equal model that can."""

    class Unhashable:
        name = SMALL.name
        particles = SMALL.particles
        chains, burn_in, thinning = SMALL.chains, SMALL.burn_in, SMALL.thinning
        __hash__ = None  # type: ignore[assignment]

        def log_likelihood(self, decisions: Any, rules: gr.Ruleset, knock_limit: int) -> float:
            return SMALL.log_likelihood(decisions, rules, knock_limit)

    r, view = _view(8, 14)
    found = view.card_probabilities(Unhashable())
    again = r.view(view.player).card_probabilities(SMALL)
    assert again == found
    assert abs(sum(found.values()) - (view.opponent_card_count - len(view.opponent_known))) < 1e-9
    worlds = [view.sample(random.Random(n), Unhashable()) for n in range(3)]
    assert [w.view(view.player) for w in worlds] == [view] * 3
