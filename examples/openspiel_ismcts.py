"""A match on OpenSpiel: its information-set MCTS bot against its uniform random bot.

The game is ``ginrummy``'s, registered with OpenSpiel (extra ``ginrummy[openspiel]``). ISMCTS
searches from worlds drawn by the game's ``resample_from_infostate``, which deals the cards the
bot cannot see at random from its view (``PlayerView.sample``): the search never peeks at the
opponent's hand. It values a position by playing it out with the greedy bot on both sides
(random play-outs nearly always end in a dead hand, which says nothing). The bots swap seats
every round; the script prints each round's points for ISMCTS and the total. (Against the
greedy bot itself, ISMCTS needs many more searches per move than this script's default.)

Run: ``python examples/openspiel_ismcts.py [--rounds N] [--simulations S] [--preset NAME]``.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import ginrummy as gr
from ginrummy import openspiel as gos


def greedy_action(state: gos.GinRummyState) -> int:
    """The greedy bot's action id for the player to act in ``state``."""
    assert state.round is not None
    player = state.current_player()
    return gr.action_to_id(gr.GreedyBot().act(state.round.view(player)))


class GreedyPlayouts(mcts.Evaluator):  # type: ignore[misc]
    """Values a state by the returns of a greedy-against-greedy play-out."""

    def evaluate(self, state: gos.GinRummyState) -> npt.NDArray[np.float64]:
        """The play-out's returns."""
        state = state.clone()
        while not state.is_terminal():
            state.apply_action(greedy_action(state))
        return np.array(state.returns())

    def prior(self, state: gos.GinRummyState) -> list[tuple[int, float]]:
        """Uniform over the legal actions."""
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def play_round(game: Any, bots: list[Any], rng: np.random.RandomState) -> list[float]:
    """Play one round from a random deal; return both players' returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    returns: list[float] = state.returns()
    return returns


def main() -> None:
    """Play the match and print the points."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4, help="rounds to play (default 4)")
    parser.add_argument("--simulations", type=int, default=30, help="ISMCTS searches per move (default 30)")
    parser.add_argument("--preset", default="pagat")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    game = pyspiel.load_game(gos.register(), {"preset": args.preset})
    rng = np.random.RandomState(args.seed)
    searcher = ismcts.ISMCTSBot(
        game, GreedyPlayouts(), uct_c=2.0, max_simulations=args.simulations, random_state=rng
    )
    total = 0.0
    for number in range(args.rounds):
        seat = number % 2  # the seat ISMCTS plays this round
        opponent = pyspiel.make_uniform_random_bot(1 - seat, args.seed + number)
        returns = play_round(game, [searcher, opponent] if seat == 0 else [opponent, searcher], rng)
        total += returns[seat]
        print(f"round {number + 1}: ISMCTS (player {seat}) scores {returns[seat]:+.0f}")
    print(f"ISMCTS against the random bot over {args.rounds} rounds: {total:+.0f} points")


if __name__ == "__main__":
    main()
