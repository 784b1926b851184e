"""ginrummy.openspiel: the game passes OpenSpiel's own random simulation test for every preset,
its observations are the players' views, and they hide what each player may not see."""

from __future__ import annotations

import random
import re

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import ginrummy as gr
from ginrummy import openspiel as gos
from ginrummy import rl

NAME = gos.register()


@pytest.mark.parametrize("preset", sorted(gr.PRESETS))
def test_every_preset_passes_openspiels_random_simulation_test(preset: str) -> None:
    """``pyspiel.random_sim_test`` (which also serializes and restores states) passes, and
    the loaded game plays the preset's rules."""
    game = pyspiel.load_game(NAME, {"preset": preset})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    name = f"{preset}, {gos.DEFAULT_MAX_TURNS} turns"  # a preset with max_turns set is not that preset
    assert gr.PRESETS[preset].evolve(name=name, max_turns=gos.DEFAULT_MAX_TURNS) == game.rules


def deal(game: pyspiel.Game, deck: list[int]) -> gos.GinRummyState:
    """A state after the chance nodes deal ``deck`` (card indices, top first)."""
    state: gos.GinRummyState = game.new_initial_state()
    for card in deck[:51]:
        state.apply_action(card)
    return state


def test_the_deal_is_the_librarys_deal_of_the_chance_outcomes() -> None:
    """After 51 chance outcomes the round is ``Round.deal`` of that deck, player 0 (the
    non-dealer by default) acts first, and each chance node offers the cards left."""
    game = pyspiel.load_game(NAME)
    deck = list(range(52))
    random.Random(3).shuffle(deck)
    state = game.new_initial_state()
    for number, card in enumerate(deck[:51]):
        assert sorted(set(range(52)) - set(deck[:number])) == [c for c, _ in state.chance_outcomes()]
        state.apply_action(card)
    expected = gr.Round.deal(game.rules, dealer=1, deck=[gr.DECK[c] for c in deck])
    assert expected == state.round
    assert 0 == state.current_player()


def test_observations_are_the_players_views() -> None:
    """Along a random round, each player's observation tensor is ``rl.encode`` of its view,
    its information state tensor starts with it, and the legal actions are the view's ids."""
    game = pyspiel.load_game(NAME, {"preset": "oklahoma"})
    rng = random.Random(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
            continue
        for player in (0, 1):
            view = round_of(state).view(player)
            assert np.array_equal(rl.encode(view), np.array(state.observation_tensor(player)))
            info = np.array(state.information_state_tensor(player))
            assert np.array_equal(rl.encode(view), info[: rl.OBSERVATION_SIZE])
        expected = sorted(gr.action_to_id(a) for a in round_of(state).legal_actions())
        assert expected == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))
    result = round_of(state).result
    assert result is not None
    points = 0.0 if result.winner is None else float(result.points)
    assert points == max(state.returns()) and 0.0 == sum(state.returns())


def test_hidden_cards_do_not_change_a_players_observation_or_information_state() -> None:
    """Two deals that differ only in one of player 1's cards swapped with a card deep in the
    stock look identical to player 0 (strings and tensors) through the same actions, and
    different to player 1."""
    game = pyspiel.load_game(NAME)
    deck = list(range(52))
    random.Random(8).shuffle(deck)
    other = list(deck)
    other[1], other[45] = other[45], other[1]  # player 1 (the dealer) gets deck[1]; deck[45] is deep
    first, second = deal(game, deck), deal(game, other)
    for action in ("p", "p", "s"):
        for state in (first, second):
            state.apply_action(gr.action_to_id(gr.parse_action(action)))
    discard = gr.action_to_id(gr.Discard(gr.DECK[deck[0]]))  # a card player 0 holds in both
    for state in (first, second):
        state.apply_action(discard)
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.information_state_tensor(0) == second.information_state_tensor(0)
    assert first.observation_string(0) == second.observation_string(0)
    assert first.observation_tensor(0) == second.observation_tensor(0)
    assert first.information_state_string(1) != second.information_state_string(1)
    assert first.observation_tensor(1) != second.observation_tensor(1)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"preset": "gin-gin"}, "unknown ruleset 'gin-gin'"),
        ({"dealer": 2}, "invalid dealer 2: must be 0 or 1"),
        ({"dealer": True}, "invalid dealer True: must be 0 or 1"),
        ({"max_turns": 0}, "invalid max_turns 0: must be an integer of at least 1"),
        ({"max_turns": True}, "invalid max_turns True: must be an integer of at least 1"),
        ({"max_turns": 2.5}, "invalid max_turns 2.5: must be an integer of at least 1"),
    ],
)
def test_bad_parameters_raise_the_librarys_error(params: dict[str, object], message: str) -> None:
    """An unknown preset, a dealer other than 0 or 1 (a bool is not a player), or max_turns
    that is not an integer of at least 1 are refused, naming the parameter and the value."""
    with pytest.raises(gr.GinRummyError, match=re.escape(message)):
        gos.GinRummyGame(params)


def round_of(state: gos.GinRummyState) -> gr.Round:
    """The round of a dealt state."""
    assert state.round is not None
    return state.round


def random_state(game: pyspiel.Game, seed: int, actions: int) -> gos.GinRummyState:
    """A state after a random deal and ``actions`` random player actions."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    state = deal(game, deck)
    for _ in range(actions):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_resampling_keeps_the_information_state_and_never_favours_the_real_hidden_cards() -> None:
    """Worlds resampled for player 0 keep its information state, and the opponent's real
    hidden cards land in the opponent's hand no more often than the other unseen cards: each
    unseen card is there with probability (hidden cards) / (unseen cards)."""
    game = pyspiel.load_game(NAME)
    state = random_state(game, seed=4, actions=12)
    while state.current_player() != 0:
        state.apply_action(state.legal_actions()[0])
    view = round_of(state).view(0)
    unseen = [card for card in gr.DECK if card not in view.known_cards]
    real = round_of(state).hand(1) - view.opponent_known
    samples = 300
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    counts = dict.fromkeys(unseen, 0)
    for _ in range(samples):
        world = state.resample_from_infostate(0, sampler)
        assert state.information_state_string(0) == world.information_state_string(0)
        assert len(state.history()) == len(world.history())
        for card in round_of(world).hand(1) - view.opponent_known:
            counts[card] += 1
    share = len(real) / len(unseen)
    on_real = sum(counts[card] for card in real)
    expected = samples * len(real) * share
    spread = (samples * len(real) * share * (1 - share)) ** 0.5
    assert on_real <= expected + 4 * spread, (on_real, expected)
    assert len(unseen) == sum(1 for count in counts.values() if count > 0)  # every unseen card moves


def test_openspiels_ismcts_bot_plays_whole_rounds() -> None:
    """OpenSpiel's ISMCTS bot, resampling through the game, plays 2 whole rounds (one in each
    seat) against OpenSpiel's random bot; the returns are zero-sum and match the result."""
    game = pyspiel.load_game(NAME, {"preset": "oklahoma"})
    rng = np.random.RandomState(0)
    searcher = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 4, random_state=rng)
    for seat in (0, 1):
        bots = [searcher, pyspiel.make_uniform_random_bot(1 - seat, seat)]
        if seat == 1:
            bots.reverse()
        state = random_state(game, seed=seat, actions=0)
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        result = round_of(state).result
        assert result is not None and 0.0 == sum(state.returns())
        assert (0.0 if result.winner is None else float(result.points)) == max(state.returns())
