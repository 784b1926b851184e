"""A match on OpenSpiel: its information-set MCTS bot against its uniform random bot.

The game is ``ginrummy``'s, registered with OpenSpiel (extra ``ginrummy[openspiel]``). ISMCTS
searches from worlds drawn by the game's ``resample_from_infostate``, which deals the cards the
bot cannot see at random from its view (``PlayerView.sample``): the search never peeks at the
opponent's hand. The bots swap seats every round; the script prints each round's returns and
the total.

Run: ``python examples/openspiel_ismcts.py [--rounds N] [--simulations S] [--preset NAME]``.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ginrummy import openspiel as gos


def play_round(game: pyspiel.Game, bots: list[pyspiel.Bot], rng: np.random.RandomState) -> list[float]:
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
    """Play the match and print the returns."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4, help="rounds to play (default 4)")
    parser.add_argument(
        "--simulations", type=int, default=20, help="ISMCTS simulations per move (default 20)"
    )
    parser.add_argument("--preset", default="pagat")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    game = pyspiel.load_game(gos.register(), {"preset": args.preset})
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=args.simulations, random_state=rng
    )
    total = 0.0
    for number in range(args.rounds):
        seat = number % 2  # the seat ISMCTS plays this round
        random_bot = pyspiel.make_uniform_random_bot(1 - seat, args.seed + number)
        bots = [searcher, random_bot] if seat == 0 else [random_bot, searcher]
        returns = play_round(game, bots, rng)
        total += returns[seat]
        print(f"round {number + 1}: ISMCTS (player {seat}) scores {returns[seat]:+.0f}")
    print(f"ISMCTS against random over {args.rounds} rounds: {total:+.0f} points")


if __name__ == "__main__":
    main()
