"""A whole game between the greedy bot and the random bot, with the final settlement.

Each bot sees only its own :class:`ginrummy.PlayerView`. :meth:`ginrummy.Game.apply` deals the
next round itself when one ends, so the loop is just "ask the player to act, apply". The
program prints one line per round and the :class:`ginrummy.GameResult` breakdown: round points,
boxes, game bonus, shutout and total for each player.

Run it with ``python examples/bot_vs_bot.py``.
"""

from __future__ import annotations

import ginrummy as gr

NAMES = ("greedy", "random")


def round_line(number: int, result: gr.RoundResult, scores: tuple[int, int]) -> str:
    """One line for a finished round."""
    if result.winner is None:
        what = f"{result.outcome.value}, nobody scores"
    else:
        what = f"{result.outcome.value}, {NAMES[result.winner]} scores {result.points}"
    return f"round {number:>2}: {what:<32} scores {scores[0]:>3} - {scores[1]}"


def main() -> None:
    """Play the game and print the rounds and the settlement."""
    rules = gr.PAGAT
    game = gr.Game.new(rules, seed=11, dealer=0)
    bots: tuple[gr.Bot, gr.Bot] = (gr.GreedyBot(), gr.RandomBot(seed=11))
    print(f"{NAMES[0]} (player 0) against {NAMES[1]} (player 1), {rules.name} rules, target {rules.target}")
    while not game.is_over:
        player = game.to_act
        assert player is not None
        finished = len(game.results)
        game = game.apply(bots[player].act(game.round.view(player)))
        if len(game.results) > finished:
            print(round_line(len(game.results), game.results[-1], game.scores))

    result = game.result
    print("final settlement:")
    for player, score in enumerate(result.breakdown):
        shutout = ", shutout" if score.shutout else ""
        print(
            f"  {NAMES[player]:<7} round points {score.round_points:>3} + boxes {score.boxes:>3} "
            f"({score.rounds_won} rounds won) + game bonus {score.game_bonus:>3}{shutout} = {score.total}"
        )
    winner = "a drawn game" if result.winner is None else f"{NAMES[result.winner]} wins"
    print(f"{winner}, {result.totals[0]} to {result.totals[1]} after {result.rounds} rounds")


if __name__ == "__main__":
    main()
