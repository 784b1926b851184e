"""Train a linear policy on the Gymnasium environment with REINFORCE, in a few seconds of numpy.

The learner scores each legal action id with ``weights @ observation + bias`` (the illegal ids
are masked out), plays a softmax over those scores against the greedy bot, and after each round
moves the weights along the policy gradient of the round's reward (round points / 100, minus a
running baseline). It starts as a random player, which loses about half a point per round to
the greedy bot; a few hundred rounds usually make it lose less. The script prints the mean
reward before and after training, measured on the same 60 deals.

Run: ``python examples/rl_training.py [--episodes N] [--seed S]`` (extra ``ginrummy[rl]``).
"""

from __future__ import annotations

import argparse

import numpy as np
import numpy.typing as npt

import ginrummy as gr
from ginrummy import rl

Weights = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]


def policy(
    weights: Weights, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]
) -> npt.NDArray[np.float64]:
    """The probability of each action id: a softmax of the linear scores over the legal ids."""
    matrix, bias = weights
    scores = matrix @ obs + bias
    scores[mask == 0] = -np.inf
    scores -= scores.max()
    probabilities: npt.NDArray[np.float64] = np.exp(scores)
    probabilities /= probabilities.sum()
    return probabilities


def play(
    env: rl.GinRummyEnv, weights: Weights, rng: np.random.Generator, seed: int
) -> tuple[float, list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float64], int]]]:
    """One round: its reward and the (observation, probabilities, action) of each decision."""
    obs, _ = env.reset(seed=seed)
    trajectory = []
    while True:
        probabilities = policy(weights, obs, env.action_masks())
        action = int(rng.choice(gr.ACTION_SPACE_SIZE, p=probabilities))
        trajectory.append((obs, probabilities, action))
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward), trajectory


def evaluate(env: rl.GinRummyEnv, weights: Weights, rounds: int) -> float:
    """The mean reward over ``rounds`` deals (the same deals for every call)."""
    rng = np.random.default_rng(0)
    return float(np.mean([play(env, weights, rng, 10_000 + number)[0] for number in range(rounds)]))


def main() -> None:
    """Train, then print the mean reward before and after."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--episodes", type=int, default=300, help="training rounds (default 300)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = rl.GinRummyEnv(preset="pagat", opponent="greedy")
    weights: Weights = (np.zeros((gr.ACTION_SPACE_SIZE, rl.OBSERVATION_SIZE)), np.zeros(gr.ACTION_SPACE_SIZE))
    before = evaluate(env, weights, 60)
    rng = np.random.default_rng(args.seed)
    baseline, rate = 0.0, 0.05
    for episode in range(args.episodes):
        reward, trajectory = play(env, weights, rng, args.seed * 1_000_003 + episode)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for obs, probabilities, action in trajectory:
            gradient = -probabilities  # d log p(action) / d scores
            gradient[action] += 1.0
            weights[0][:] += rate * advantage * np.outer(gradient, obs)
            weights[1][:] += rate * advantage * gradient
    after = evaluate(env, weights, 60)
    print(f"mean reward against the greedy bot over 60 rounds: {before:+.3f} before training")
    print(f"trained {args.episodes} rounds with REINFORCE: mean reward {after:+.3f} after training")


if __name__ == "__main__":
    main()
