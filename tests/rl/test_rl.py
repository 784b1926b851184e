"""ginrummy.rl: the observation and mask match their documentation, hide what the player may not
see, and the PettingZoo and Gymnasium environments pass their libraries' own checks."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import warnings
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import ginrummy as gr
from ginrummy import rl
from ginrummy.play.view_bits import ids_by_identity, ids_by_type, observation_bytes
from positions import biased_action

# ---------------------------------------------------------------- a reference encoder


def reference_encoding(view: gr.PlayerView, game: gr.GameView | None = None) -> npt.NDArray[np.float32]:
    """The observation written straight from the documentation of ``rl.CARD_PLANES`` and
    ``rl.FEATURES``, one card and one value at a time."""
    planes = {name: np.zeros(52, dtype=np.float32) for name in rl.CARD_PLANES}
    for card in view.hand:
        planes["hand"][card.index] = 1
    for card in view.opponent_known:
        planes["opponent_known"][card.index] = 1
    for position, card in enumerate(view.discard_pile):
        planes["discard_pile"][card.index] = 1
        planes["discard_order"][card.index] = (position + 1) / 52
        if position < len(view.discard_pile) - 1:
            planes["gone"][card.index] = 1
    if view.discard_pile:
        planes["upcard"][view.discard_pile[-1].index] = 1
    if view.knock_card is not None:
        planes["gone"][view.knock_card.index] = 1
        planes["knock_card"][view.knock_card.index] = 1
    for meld in view.spread:
        for card in meld.cards:
            planes["spread"][card.index] = 1
    for card, _ in view.layoffs:
        planes["laid_off"][card.index] = 1
    if view.taken is not None:
        planes["taken"][view.taken.index] = 1
    known = view.known_cards
    for card in gr.DECK:
        if card not in known:
            planes["unseen"][card.index] = 1

    rules, me = view.rules, view.player
    features = dict.fromkeys(rl.FEATURES, 0.0)
    features[f"phase_{view.phase.name.lower()}"] = 1
    features["my_turn"] = float(view.to_act == me)
    features["dealer"] = float(view.dealer == me)
    features["knocked"] = float(view.knocker == me)
    features["opponent_knocked"] = float(view.knocker == 1 - me)
    features["stock_size"] = view.stock_size / 31
    features["opponent_card_count"] = view.opponent_card_count / 11
    features[f"knock_limit_{view.knock_limit}" if view.knock_limit <= 10 else "knock_limit_above_10"] = 1
    spade = view.initial_upcard.suit is gr.Suit.SPADES
    features["round_multiplier"] = (rules.spade_multiplier - 1) / 9 if spade else 0.0
    for flag in ("oklahoma", "big_gin", "undercut_on_tie", "layoffs", "layoffs_after_gin"):
        features[flag] = float(getattr(rules, flag))
    features["void_if_gin_matched"] = float(rules.void_if_gin_matched)
    features["may_discard_taken_card"] = float(rules.may_discard_taken_card)
    features["round_the_corner"] = float(rules.round_the_corner)
    features["hollywood"] = float(rules.hollywood)
    features["stock_only_after_both_pass"] = float(rules.after_both_pass is gr.AfterPass.STOCK_ONLY)
    features["gin_bonus"] = min(rules.gin_bonus / 100, 1)
    features["big_gin_bonus"] = min(rules.big_gin_bonus / 100, 1) if rules.big_gin else 0.0
    features["undercut_bonus"] = min(rules.undercut_bonus / 100, 1)
    features["dead_hand_stock"] = rules.dead_hand_stock / 30
    features["ace_points"] = rules.ace_points / 15
    if rules.max_turns is not None:
        features["max_turns_set"] = 1
        if view.phase is not gr.Phase.OVER:
            turns = sum(
                1 for e in view.events if e.action is None or isinstance(e.action, (gr.Discard, gr.Knock))
            )
            features["turns_left"] = max(0, rules.max_turns - turns) / rules.max_turns
    if game is not None:
        scale = rules.target * (3 if rules.hollywood else 1)
        features["game"] = 1
        features["score"] = min(1.0, game.scores[me] / scale)
        features["opponent_score"] = min(1.0, game.scores[1 - me] / scale)
    return np.concatenate(
        [*(planes[name] for name in rl.CARD_PLANES), np.array(list(features.values()), dtype=np.float32)]
    )


def reference_mask(view: gr.PlayerView) -> npt.NDArray[np.int8]:
    """1 at ``action_to_id`` of each legal action."""
    mask = np.zeros(gr.ACTION_SPACE_SIZE, dtype=np.int8)
    for action in view.legal_actions:
        mask[gr.action_to_id(action)] = 1
    return mask


def random_rounds(rules: gr.Ruleset, count: int, seed: int) -> list[gr.Round]:
    """Every position of ``count`` random rounds (biased to reach knocks and layoffs)."""
    rng = random.Random(seed)
    states = []
    for number in range(count):
        state = gr.Round.deal(rules, dealer=number % 2, seed=rng.getrandbits(32))
        states.append(state)
        while not state.is_over:
            state = state.apply(biased_action(state, rng))
            states.append(state)
    return states


RULESETS = [*gr.PRESETS.values(), gr.PAGAT.evolve(max_turns=12, knock_limit=25)]

# ---------------------------------------------------------------- encoding and mask


@pytest.mark.parametrize(
    "rules", RULESETS, ids=[r.name if r.name != "custom" else "max-turns" for r in RULESETS]
)
def test_encoding_and_mask_follow_their_documentation_in_every_position(rules: gr.Ruleset) -> None:
    """At every position of random rounds, for both players, the observation equals the one
    written from the documented planes and features, and the mask marks exactly the legal ids."""
    for state in random_rounds(rules, 3, seed=11):
        for player in (0, 1):
            view = state.view(player)
            assert np.array_equal(reference_encoding(view), rl.encode(view))
            assert np.array_equal(reference_mask(view), rl.legal_mask(view))


def from_the_compiled_parts(view: gr.PlayerView | gr.GameView) -> npt.NDArray[np.float32]:
    """The observation as the compiled build makes it (``view_bits.observation_bytes``,
    called directly, so that every build tests both ways to the vector)."""
    if isinstance(view, gr.GameView):
        return np.frombuffer(observation_bytes(view.round, view.scores), dtype=np.float32)
    return np.frombuffer(observation_bytes(view, None), dtype=np.float32)


@pytest.mark.parametrize(
    "rules", RULESETS, ids=[r.name if r.name != "custom" else "max-turns" for r in RULESETS]
)
def test_the_compiled_builds_parts_follow_the_documentation_in_every_position(rules: gr.Ruleset) -> None:
    """The compiled build's way to the vector (float32 bytes made without numpy) gives the
    documented observation at every position, and its way to the action ids the same ids as
    the pure build's, in whichever build runs the suite."""
    for state in random_rounds(rules, 2, seed=12):
        for player in (0, 1):
            view = state.view(player)
            assert np.array_equal(reference_encoding(view), from_the_compiled_parts(view))
            legal = view.legal_actions
            assert ids_by_identity(legal) == ids_by_type(legal) == [gr.action_to_id(a) for a in legal]


def test_game_views_add_the_scores_to_the_round_encoding() -> None:
    """A game view encodes its round view plus the game features (scores over the target)."""
    rng = random.Random(5)
    game = gr.Game.new(gr.OKLAHOMA, seed=5, dealer=0)
    checked = 0
    while not game.is_over and checked < 400:
        for player in (0, 1):
            view = game.view(player)
            assert np.array_equal(reference_encoding(view.round, view), rl.encode(view))
            assert np.array_equal(reference_encoding(view.round, view), from_the_compiled_parts(view))
            assert np.array_equal(rl.legal_mask(view.round), rl.legal_mask(view))
        game = game.apply(biased_action(game.round, rng))
        checked += 1
    assert max(game.scores) > 0  # some rounds were scored, so the score features were exercised


def test_encode_writes_into_the_array_it_is_given() -> None:
    """With ``out``, the observation is written there (over whatever it held) and returned."""
    view = gr.Round.deal(gr.PAGAT, dealer=0, seed=1).view(1)
    out = np.full(rl.OBSERVATION_SIZE, 7.0, dtype=np.float32)
    assert rl.encode(view, out) is out
    assert np.array_equal(rl.encode(view), out)


def test_bad_arguments_raise_the_librarys_error() -> None:
    """Anything but a view, a wrong ``out`` array or a wrong observation raise GinRummyError."""
    view = gr.Round.deal(gr.PAGAT, dealer=0, seed=1).view(1)
    with pytest.raises(gr.GinRummyError, match="cannot encode 'hand'"):
        rl.encode("hand")  # type: ignore[arg-type]
    with pytest.raises(gr.GinRummyError, match="invalid out array"):
        rl.encode(view, np.zeros(3, dtype=np.float32))
    with pytest.raises(gr.GinRummyError, match="cannot make a mask for 3"):
        rl.legal_mask(3)  # type: ignore[arg-type]
    with pytest.raises(gr.GinRummyError, match="invalid observation"):
        rl.split_observation(np.zeros(5, dtype=np.float32))


def hidden_pair(seed: int, viewer: int, to_act: int) -> tuple[gr.Round, gr.Round]:
    """Two rounds that differ only in what ``viewer`` cannot see: one card swapped between the
    opponent's hand and the stock, and the stock reordered."""
    rng = random.Random(seed)
    deck = list(gr.DECK)
    rng.shuffle(deck)
    mine, theirs, pile, stock = deck[:10], deck[10:20], deck[20:24], deck[24:]
    hands = [gr.Hand(mine), gr.Hand(theirs)] if viewer == 0 else [gr.Hand(theirs), gr.Hand(mine)]
    first = gr.Round.from_position(
        gr.PAGAT, dealer=1, hands=(hands[0], hands[1]), stock=stock, discard_pile=pile, to_act=to_act
    )
    swapped_out, swapped_in = theirs[3], stock[5]
    other_hand = gr.Hand([c for c in theirs if c != swapped_out] + [swapped_in])
    other_stock = [swapped_out if c == swapped_in else c for c in stock]
    rng.shuffle(other_stock)
    hands[1 - viewer] = other_hand
    second = gr.Round.from_position(
        gr.PAGAT, dealer=1, hands=(hands[0], hands[1]), stock=other_stock, discard_pile=pile, to_act=to_act
    )
    return first, second


@pytest.mark.parametrize("seed", range(6))
def test_rounds_differing_only_in_hidden_cards_encode_identically(seed: int) -> None:
    """Swapping an unseen card between the opponent's hand and the stock and reordering the
    stock changes neither the viewer's observation nor its mask, before and after the
    opponent draws the (different) top of the stock and discards a card both worlds share."""
    viewer = seed % 2
    for to_act in (viewer, 1 - viewer):
        first, second = hidden_pair(seed, viewer, to_act)
        assert first.hand(1 - viewer) != second.hand(1 - viewer)
        assert first.stock[-1] != second.stock[-1] or first.stock != second.stock
        pairs = [(first, second)]
        if to_act != viewer:
            first, second = first.apply(gr.DrawStock()), second.apply(gr.DrawStock())
            shared = sorted(first.hand(1 - viewer) & second.hand(1 - viewer))[0]
            pairs.append((first, second))
            pairs.append((first.apply(gr.Discard(shared)), second.apply(gr.Discard(shared))))
        for a, b in pairs:
            assert np.array_equal(rl.encode(a.view(viewer)), rl.encode(b.view(viewer)))
            assert np.array_equal(
                from_the_compiled_parts(a.view(viewer)), from_the_compiled_parts(b.view(viewer))
            )
            assert np.array_equal(rl.legal_mask(a.view(viewer)), rl.legal_mask(b.view(viewer)))
        assert not np.array_equal(
            rl.encode(pairs[0][0].view(1 - viewer)), rl.encode(pairs[0][1].view(1 - viewer))
        )
        assert not np.array_equal(
            from_the_compiled_parts(pairs[0][0].view(1 - viewer)),
            from_the_compiled_parts(pairs[0][1].view(1 - viewer)),
        )


def test_importing_ginrummy_imports_no_learning_library() -> None:
    """``import ginrummy`` loads neither numpy nor gymnasium, pettingzoo or pyspiel."""
    code = (
        "import sys, ginrummy; "
        "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules))"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "[]" == completed.stdout.strip()


# ---------------------------------------------------------------- PettingZoo

DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)
"""What api_test says about any dict observation (its own classic games are on an allow-list)."""


@pytest.mark.parametrize(("preset", "episode"), [("pagat", "round"), ("oklahoma", "game")])
def test_aec_environment_passes_pettingzoos_api_and_seed_tests(preset: str, episode: rl.Episode) -> None:
    """``api_test`` and ``seed_test`` pass, with no warning but the two about dict observations."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(rl.aec_env(preset=preset, episode=episode, render_mode="ansi"), num_cycles=200)
        seed_test(lambda: rl.aec_env(preset=preset, episode=episode), num_cycles=100)
    other = {str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)}
    assert set() == other


def play_aec(env: rl.GinRummyAEC, seed: int, check: bool = False) -> tuple[dict[str, float], int]:
    """Play an episode with random legal actions; return the total rewards and the steps.
    With ``check``, every observation is compared with the agent's own view's encoding."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if check and not (terminated or truncated):
            view = env.round.view(int(agent[-1]))
            assert np.array_equal(
                rl.encode(view if env.game is None else env.game.view(view.player)), obs["observation"]
            )
            assert np.array_equal(rl.legal_mask(view), obs["action_mask"])
        legal = np.flatnonzero(obs["action_mask"])
        env.step(None if terminated or truncated else int(legal[rng.randrange(len(legal))]))
        steps += 1
    return totals, steps


def test_round_rewards_are_the_round_points_over_100_zero_sum() -> None:
    """The winner of a round episode gets its points / 100 and the loser the opposite; every
    observation is the encoding of the agent's own view."""
    env = rl.aec_env(preset="oklahoma")
    for seed in range(3):
        totals, _ = play_aec(env, seed, check=True)
        result = env.infos["player_0"]["result"] if env.agents else None
        assert 0.0 == totals["player_0"] + totals["player_1"]
        last = env.round.result
        assert last is not None and result is None  # the episode ended and the agents left
        expected = 0.0 if last.winner is None else last.points / 100
        assert expected == abs(totals["player_0"])


def test_game_rewards_are_plus_and_minus_one() -> None:
    """A game episode ends with +1 for the game's winner and -1 for the loser."""
    env = rl.aec_env(preset=gr.EAAI.evolve(target=30), episode="game")
    totals, _ = play_aec(env, 2, check=True)
    game = env.game
    assert game is not None and game.is_over and game.result.winner is not None
    assert {f"player_{game.result.winner}": 1.0, f"player_{1 - game.result.winner}": -1.0} == totals


def test_max_cycles_truncates_the_episode_after_that_many_actions() -> None:
    """With ``max_cycles=4``, both agents are truncated after the 4th action, with reward 0,
    and each then steps once more (None) to leave: 6 steps in all."""
    env = rl.aec_env(max_cycles=4)
    totals, steps = play_aec(env, 1)
    assert 6 == steps
    assert {"player_0": 0.0, "player_1": 0.0} == totals
    assert 4 == len(env.round.events)


def test_illegal_action_ends_the_episode_with_minus_one_for_its_sender() -> None:
    """An id whose mask entry is 0 ends the episode: its sender gets -1, the other 0, both are
    terminated and the sender's info names the id; a non-id raises GinRummyError."""
    env = rl.aec_env()
    env.reset(seed=0)
    agent = env.agent_selection
    obs = env.observe(agent)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(gr.GinRummyError, match="invalid action 265: expected an action id from 0 to 264"):
        env.step(265)
    env.step(illegal)
    assert {agent: -1.0, next(a for a in env.agents if a != agent): 0.0} == env._cumulative_rewards
    assert all(env.terminations.values())
    assert illegal == env.infos[agent]["illegal_action"]


def test_aec_environment_renders_the_table_and_rejects_bad_settings() -> None:
    """``render_mode="ansi"`` returns the round's own picture (both hands); unknown settings
    raise."""
    env = rl.aec_env(render_mode="ansi")
    with pytest.raises(gr.GinRummyError, match="call reset"):
        env.step(0)
    env.reset(seed=3)
    text = env.render()
    assert str(env.round) == text
    assert text is not None
    assert all(str(card) in text for player in (0, 1) for card in env.round.hand(player))
    for bad, message in (
        ({"episode": "match"}, "invalid episode 'match'"),
        ({"render_mode": "rgb_array"}, "invalid render mode 'rgb_array': expected None, 'human' or 'ansi'"),
        ({"max_cycles": 0}, "invalid max_cycles 0: must be an integer of at least 1 or None"),
        ({"max_cycles": True}, "invalid max_cycles True: must be an integer of at least 1 or None"),
        ({"preset": "gin-gin"}, "unknown ruleset 'gin-gin'"),
    ):
        with pytest.raises(gr.GinRummyError, match=re.escape(message)):
            rl.aec_env(**bad)
    for huge in ({"render_mode": "x" * 10_000}, {"max_cycles": -(10**400)}):
        with pytest.raises(gr.GinRummyError) as caught:
            rl.aec_env(**huge)
        assert len(str(caught.value)) < 200  # the value is clipped, however long


# ---------------------------------------------------------------- Gymnasium


@pytest.mark.parametrize(
    ("preset", "opponent", "episode"), [("pagat", "random", "round"), ("straight", gr.GreedyBot, "game")]
)
def test_gymnasium_environment_passes_check_env(preset: str, opponent: Any, episode: str) -> None:
    """Gymnasium's ``check_env`` passes without a warning (through the registered id)."""
    env = gymnasium.make(rl.ENV_ID, preset=preset, opponent=opponent, episode=episode, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


@pytest.mark.parametrize("episode", ["round", "game"])
def test_both_environments_render_the_librarys_picture_of_the_round_or_the_game(episode: str) -> None:
    """At every step of an episode, ``render()`` of either environment is ``str()`` of its
    round, after the game's header lines in a game episode (``str()`` of the game): a round is
    drawn as text in one place."""
    aec = rl.aec_env(episode=episode, render_mode="ansi")  # type: ignore[arg-type]
    single = rl.GinRummyEnv(opponent="random", episode=episode, render_mode="ansi")  # type: ignore[arg-type]
    aec.reset(seed=5)
    single.reset(seed=5)
    rng = random.Random(5)
    for _ in range(60):
        assert str(aec.round if aec.game is None else aec.game) == aec.render()
        for env in (aec, single):
            text = env.render()
            assert text is not None and text.endswith(str(env.round))
            assert (episode == "game") == text.startswith(f"{env.rules.name} game · ")
        if not aec.terminations[aec.agent_selection]:
            legal = np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])
            aec.step(int(legal[rng.randrange(len(legal))]))
        legal = np.flatnonzero(single.action_masks())
        _, _, terminated, _, _ = single.step(int(legal[rng.randrange(len(legal))]))
        if terminated:
            single.reset()


def test_gymnasium_environment_plays_against_a_bot_object_and_scores_the_learner() -> None:
    """Against a bot object, the learner (player 0) acts only on its turns, its mask is its
    view's, and the final reward is its share of the round's points / 100."""
    env = rl.GinRummyEnv(preset="pagat", opponent=gr.GreedyBot())
    rng = random.Random(0)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        terminated, reward = False, 0.0
        while not terminated:
            assert 0 == env.round.to_act
            view = env.round.view(0)
            assert np.array_equal(rl.encode(view), obs)
            assert np.array_equal(rl.legal_mask(view), env.action_masks())
            legal = np.flatnonzero(env.action_masks())
            obs, reward, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
            assert not truncated
        result = info["result"]
        expected = 0.0 if result.winner is None else result.points / 100 * (1 if result.winner == 0 else -1)
        assert expected == reward


def test_gymnasium_environment_is_reproducible_from_its_seed() -> None:
    """Two environments reset with the same seed and sent the same actions see the same
    observations, with a bot named by its string (seeded from the environment)."""
    envs = [rl.GinRummyEnv(preset="spanish-site", opponent="random") for _ in range(2)]
    observations = [env.reset(seed=42)[0] for env in envs]
    for _ in range(30):
        assert np.array_equal(observations[0], observations[1])
        action = int(np.flatnonzero(envs[0].action_masks())[0])
        steps = [env.step(action) for env in envs]
        observations = [step[0] for step in steps]
        if steps[0][2]:
            break


def test_gymnasium_illegal_action_terminates_with_minus_one() -> None:
    """An illegal id ends the episode with reward -1; stepping again raises GinRummyError."""
    env = rl.GinRummyEnv(opponent="greedy")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (-1.0, True, False, illegal) == (reward, terminated, truncated, info["illegal_action"])
    with pytest.raises(gr.GinRummyError, match="the episode is over"):
        env.step(0)
    with pytest.raises(gr.GinRummyError, match="unknown bot 'grandmaster'"):
        rl.GinRummyEnv(opponent="grandmaster")
