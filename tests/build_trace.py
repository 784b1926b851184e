"""Every state of a few seeded games, as text: what the differential test of
``tests/test_build_kind.py`` compares between two builds of ``ginrummy``.

Run as a script (``python tests/build_trace.py``) with the build to trace first on
``PYTHONPATH``; it prints which build it is, then per state: the round's notation, its JSON
document, both players' views as documents, the ``repr`` of the round and of both views and
whether each comes back from a pickle equal and with an equal hash, the legal actions and the
action taken; then each round's result and the game's end (its pickle too). Hashes themselves
are not printed: on Python 3.10 and 3.11 the hash of ``None`` is its address, which differs
from one process to the next, so two processes' hashes of the same value need not agree.

"""

from __future__ import annotations

import pickle
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


def _pickled(value: object) -> str:
    """``value``'s ``repr``, and whether its pickle comes back equal and with an equal hash."""
    copy = pickle.loads(pickle.dumps(value))
    return f"{value!r} equal={copy == value} same-hash={hash(copy) == hash(value)}"


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
                views = (r.view(0), r.view(1))
                lines.extend(gr.dumps(view) for view in views)
                lines.extend(_pickled(value) for value in (r, *views))
                lines.append(repr(r.legal_actions()))
                action = bots[player].act(views[player])
                lines.append(repr(action))
                finished = len(game.results)
                game = game.apply(action, player=player)
                if len(game.results) != finished:
                    lines.append(repr(game.results[-1]))
            lines.append(gr.dumps(game))
            lines.append(_pickled(game))
    return lines


if __name__ == "__main__":
    sys.stdout.write("\n".join(trace()) + "\n")
