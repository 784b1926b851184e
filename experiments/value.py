"""How well the learned value of a position predicts a round's result, against playouts.

Rounds of the tracker bot against itself, dealt from held-out seeds (``held-out-value:N``, a
prefix training never uses), under ``--preset``; at every ``--every``-th decision before a knock
the view of the player to act is valued three ways, each in points for that player, box bonus
included:

- **learned**: :func:`ginrummy.bots.learned_values.position_value`, one forward pass;
- **playouts**: the mean result of ``--worlds`` tracker-bot playouts from worlds drawn
  uniformly from the view (``view.sample``): what a Monte Carlo search evaluates with;
- **real**: the result the round really had.

Printed: each estimate's root mean square error and mean error against the real results (the
real result is one draw of a noisy outcome, so even a perfect estimate has the outcome's own
spread as its error), the time per estimate, and a calibration table: views binned by the
learned value, with the mean learned value, the mean playout estimate and the mean real result
in each bin.

Run: ``python experiments/value.py [--rounds N] [--worlds K] [--every E] [--preset NAME]``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import ginrummy as gr
from ginrummy.bots.learned_values import position_value


def result_for(r: gr.Round, player: int) -> float:
    """The finished round's result for ``player``, box bonus included."""
    result = r.result
    assert result is not None
    if result.winner is None:
        return 0.0
    value = result.points + r.rules.box_bonus
    return float(value if result.winner == player else -value)


def playout_value(view: gr.PlayerView, worlds: int, seed: int) -> float:
    """The mean result of tracker playouts from ``worlds`` uniform worlds of ``view``."""
    rng = random.Random(seed)
    total = 0.0
    for number in range(worlds):
        r = view.sample(rng)
        bots = (gr.TrackerBot(f"{seed}:{number}:0"), gr.TrackerBot(f"{seed}:{number}:1"))
        while r.to_act is not None:
            r = r.apply(bots[r.to_act].act(r.view(r.to_act)))
        total += result_for(r, view.player)
    return total / worlds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=150)
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--preset", default="pagat")
    args = parser.parse_args()
    rules = gr.find_ruleset(args.preset)
    rows: list[tuple[float, float, int, int]] = []  # learned, playouts, round index, player
    seconds = {"learned": 0.0, "playouts": 0.0}
    finals: list[gr.Round] = []
    for index in range(args.rounds):
        r = gr.Round.deal(rules, dealer=index % 2, seed=f"held-out-value:{index}")
        bots = (gr.TrackerBot(index), gr.TrackerBot(index + 1))
        step = 0
        while r.to_act is not None:
            view = r.view(r.to_act)
            if r.knocker is None and step % args.every == 0:
                started = time.process_time()
                learned = position_value(view)
                seconds["learned"] += time.process_time() - started
                started = time.process_time()
                playouts = playout_value(view, args.worlds, index * 1000 + step)
                seconds["playouts"] += time.process_time() - started
                rows.append((learned, playouts, index, view.player))
            step += 1
            r = r.apply(bots[r.to_act].act(view))
        finals.append(r)
    real = [result_for(finals[index], player) for _, _, index, player in rows]
    print(
        f"{len(rows)} views of {args.rounds} held-out rounds of tracker self-play ({rules.name}), "
        f"{args.worlds} worlds per playout estimate"
    )
    for name, column in (("learned", 0), ("playouts", 1)):
        errors = [row[column] - value for row, value in zip(rows, real, strict=True)]
        rmse = math.sqrt(statistics.fmean(e * e for e in errors))
        print(
            f"{name:>9}: rmse {rmse:.2f} points, mean error {statistics.fmean(errors):+.2f}, "
            f"{seconds[name] / len(rows) * 1000:.2f} ms per view"
        )
    spread = statistics.pstdev(real)
    print(
        f"{'constant':>9}: rmse {spread:.2f} points (the real results' own spread about their "
        f"mean {statistics.fmean(real):+.2f})"
    )
    print(f"{'bin':>16} {'views':>6} {'learned':>8} {'playouts':>9} {'real':>7}")
    ordered = sorted(zip(rows, real, strict=True), key=lambda item: item[0][0])
    bins = 6
    for b in range(bins):
        part = ordered[b * len(ordered) // bins : (b + 1) * len(ordered) // bins]
        if not part:
            continue
        low, high = part[0][0][0], part[-1][0][0]
        print(
            f"{f'{low:+.1f}..{high:+.1f}':>16} {len(part):>6} "
            f"{statistics.fmean(p[0][0] for p in part):>+8.2f} "
            f"{statistics.fmean(p[0][1] for p in part):>+9.2f} {statistics.fmean(p[1] for p in part):>+7.2f}"
        )


if __name__ == "__main__":
    main()
