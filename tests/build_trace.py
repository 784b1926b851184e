"""Every state of a few seeded games, as text: what the differential test of
``tests/test_build_kind.py`` compares between two builds of ``ginrummy``.

Run as a script (``python tests/build_trace.py``) with the build to trace first on
``PYTHONPATH``; it prints which build it is, then one line per state: the round's notation,
its JSON document, both players' views as documents, the legal actions and the action taken,
then each round's result and the game's end.

"""

from __future__ import annotations

import sys

import ginrummy as gr

GAMES = (
    (gr.PAGAT, "tracker", "greedy"),
    (gr.OKLAHOMA, "greedy", "tracker"),
    (gr.STRAIGHT, "random", "greedy"),
)
"""The rulesets and bots of the traced games."""
SEEDS = range(2)
"""The seeds of each (two games a ruleset)."""


def trace() -> list[str]:
    """The lines of the trace (the first names the build)."""
    lines = [f"compiled={gr.COMPILED}"]
    for rules, first, second in GAMES:
        for seed in SEEDS:
            game = gr.Game.new(rules, seed=seed)
            bots = (gr.make_bot(first, seed=seed), gr.make_bot(second, seed=seed + 1))
            while not game.is_over:
                r, player = game.round, game.to_act
                assert player is not None
                lines.append(r.notation())
                lines.append(gr.dumps(r))
                lines.extend(gr.dumps(r.view(seat)) for seat in (0, 1))
                lines.append(repr(r.legal_actions()))
                action = bots[player].act(r.view(player))
                lines.append(repr(action))
                finished = len(game.results)
                game = game.apply(action, player=player)
                if len(game.results) != finished:
                    lines.append(repr(game.results[-1]))
            lines.append(gr.dumps(game))
    return lines


if __name__ == "__main__":
    sys.stdout.write("\n".join(trace()) + "\n")
