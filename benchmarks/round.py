"""The costs of the round and game state machines: a player's view, and long games.

- **A view.** ``r.view(r.to_act)`` on mid-round positions of random rounds, measured two ways:
  *in play* (the positions are reached with a view at every step and their legal actions are
  known, as when a bot plays: the view's censored log grows by the new events only) and
  *cold* (a round replayed from its start, nothing computed yet: the legal actions and the
  whole censored log are built for the view).
- **Sampling and checking a view.** ``view.sample(rng)`` (a whole round consistent with the
  view, uniform over what the player cannot see) and the validated ``PlayerView(...)``
  constructor, which ``gr.loads`` uses (its shape checks and one sample, compared field by
  field), on the same positions.
- **A long game.** A game of 1,000 dead-hand rounds (every player passes, draws and discards
  the card it drew: about 60,000 actions), written with ``gr.dumps``: loading its record and the
  whole game with ``gr.loads``, and undoing its last action. Each is linear in the length.

Run: ``python benchmarks/round.py [--rounds N] [--repeats R]``. Medians of the repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import ginrummy as gr


def positions(count: int, seed: int) -> list[gr.Round]:
    """Mid-round positions of random pagat rounds, reached with a view at every step."""
    rng = random.Random(seed)
    found: list[gr.Round] = []
    number = 0
    while len(found) < count:
        r = gr.Round.deal(gr.PAGAT, number % 2, seed=number)
        number += 1
        for _ in range(rng.randrange(8, 40)):
            if r.is_over:
                break
            assert r.to_act is not None
            r.view(r.to_act)
            r = r.apply(rng.choice(r.legal_actions()))
        if not r.is_over:
            r.legal_actions()
            found.append(r)
    return found


def view_cost(rounds: list[gr.Round], cold: bool) -> float:
    """Median µs of one view of the player to act."""
    times = []
    for r in rounds:
        state = r.at_origin.replay(r.actions) if cold else r
        player = state.to_act
        assert player is not None
        start = time.perf_counter()
        state.view(player)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def sample_and_check_costs(rounds: list[gr.Round]) -> tuple[float, float]:
    """Median µs of ``view.sample(rng)`` and of the validated constructor on the same views."""
    rng = random.Random(0)
    samples, checks = [], []
    for r in rounds:
        assert r.to_act is not None
        view = r.view(r.to_act)
        fields = {name: getattr(view, name) for name in gr.PlayerView.__annotations__}
        start = time.perf_counter()
        view.sample(rng)
        middle = time.perf_counter()
        gr.PlayerView(**fields)
        end = time.perf_counter()
        samples.append(middle - start)
        checks.append(end - middle)
    return statistics.median(samples) * 1e6, statistics.median(checks) * 1e6


def dead_hand_game(rounds: int) -> gr.Game:
    """A game of ``rounds`` dead hands: pass, draw, discard the card drawn."""
    game = gr.Game.new(gr.PAGAT, seed=1, dealer=0)
    while len(game.results) < rounds:
        game = game.apply(
            next(a for a in game.legal_actions() if isinstance(a, (gr.PassUpcard, gr.DrawStock, gr.Discard)))
        )
    return game


def timed(run: object, repeats: int) -> float:
    """Median seconds of ``run()`` over ``repeats`` calls."""
    assert callable(run)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000, help="dead-hand rounds of the long game (1000)")
    parser.add_argument("--views", type=int, default=2000, help="positions for the view cost (2000)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats of the long-game timings (5)")
    args = parser.parse_args()

    found = positions(args.views, 0)
    in_play = statistics.median(view_cost(found, cold=False) for _ in range(5))
    cold = view_cost(found, cold=True)
    print(f"a PlayerView of the player to act, {len(found)} mid-round positions, median")
    print(f"  in play (legal actions known, log grown by the new events): {in_play:.2f} µs")
    print(f"  cold (replayed round: legal actions and the whole log built): {cold:.2f} µs")

    sample, check = sample_and_check_costs(found)
    print(f"the same {len(found)} views, median")
    print(f"  view.sample(rng), a whole round consistent with the view: {sample:.1f} µs")
    print(f"  PlayerView(...) validated (as gr.loads builds it): {check:.1f} µs")

    game = dead_hand_game(args.rounds)
    record_text = gr.dumps(game.record())
    game_text = gr.dumps(game)
    load_record = timed(lambda: gr.loads(record_text), args.repeats)
    load_game = timed(lambda: gr.loads(game_text), args.repeats)
    undo = timed(game.undo, args.repeats)
    size = f"{len(game.results)} dead-hand rounds, {len(game.actions)} actions"
    print(f"a game of {size}, median of {args.repeats}")
    print(f"  loads of its GameRecord ({len(record_text) / 1e6:.1f} MB): {load_record:.2f} s")
    print(f"  loads of the Game ({len(game_text) / 1e6:.1f} MB): {load_game:.2f} s")
    print(f"  undo of its last action: {undo:.2f} s")


if __name__ == "__main__":
    main()
