"""The cost of JSON documents: ``gr.dumps`` and ``gr.loads`` of each kind of value.

For a ruleset, a mid-round position, a player's view of it, a finished round and a whole game
(every value of pagat, played by tracker bots from one seed), the median microseconds of
``gr.dumps(value)`` and of ``gr.loads(text)`` over the repeats, and the ratio of each to the
standard library's ``json.dumps`` / ``json.loads`` of the same document in the same run: the
parse alone is the floor, and ``gr.loads`` validates every field on top (a view is loaded
only if a world drawn for it replays to it).

Run: ``python benchmarks/documents.py [--repeats R] [--number N]`` (``R`` timings of ``N``
calls each; medians per call).
"""

from __future__ import annotations

import argparse
import json
import statistics
import timeit
from collections.abc import Callable

import ginrummy as gr


def values() -> list[tuple[str, object]]:
    """One value of each kind, from a game of pagat between two tracker bots."""
    game = gr.Game.new(gr.PAGAT, seed=7)
    bots = (gr.TrackerBot(seed=1), gr.TrackerBot(seed=2))
    middle: gr.Round | None = None
    finished: gr.Round | None = None
    while not game.is_over:
        player = game.to_act
        assert player is not None
        game = game.apply(bots[player].act(game.round.view(player)))
        if middle is None and len(game.round.actions) == 20:
            middle = game.round
        if finished is None and game.round.is_over:
            finished = game.round
    assert middle is not None and finished is not None
    return [
        ("ruleset", gr.PAGAT),
        ("round, 20 actions", middle),
        ("view, 20 actions", middle.view(0)),
        ("round, finished", finished),
        (f"game, {len(game.results)} rounds", game),
    ]


def per_call(function: Callable[[], object], repeats: int, number: int) -> float:
    """The median microseconds of one call."""
    return statistics.median(timeit.repeat(function, repeat=repeats, number=number)) / number * 1e6


def main() -> None:
    """Parse the arguments and print one line per kind of value."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--number", type=int, default=20)
    args = parser.parse_args()
    print(f"median microseconds per call ({args.repeats} timings of {args.number} calls)")
    print(f"{'value':<20} {'chars':>7} {'dumps':>9} {'ratio':>6} {'loads':>9} {'ratio':>6}")
    for name, value in values():
        text = gr.dumps(value)
        document = json.loads(text)
        dumps = per_call(lambda: gr.dumps(value), args.repeats, args.number)  # noqa: B023
        loads = per_call(lambda: gr.loads(text), args.repeats, args.number)  # noqa: B023
        floor_dumps = per_call(lambda: json.dumps(document), args.repeats, args.number)  # noqa: B023
        floor_loads = per_call(lambda: json.loads(text), args.repeats, args.number)  # noqa: B023
        print(
            f"{name:<20} {len(text):>7} {dumps:>9.1f} {dumps / floor_dumps:>6.1f}"
            f" {loads:>9.1f} {loads / floor_loads:>6.1f}"
        )
    print("ratio: to the standard library's json.dumps / json.loads of the same document")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit("interrupted") from None
