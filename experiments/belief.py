"""How well each opponent model predicts the cards a player cannot see, over real rounds.

Rounds of the tracker bot against ``--opponent`` (itself by default; ``eaai-simple`` is a
player the learned belief was not trained on) under ``pagat`` are played, the seats swapped
from round to round; at every draw before a knock, the tracker bot's view gives, for every card
it cannot see, the probability that the opponent holds it (``view.card_probabilities(model)``)
under the uniform belief and under each model of :data:`ginrummy.OPPONENT_MODELS`. Printed by
completed turn (a turn ends with a discard):

- the **Brier score** of those probabilities against where each card really is (1 if the
  opponent holds it, else 0), averaged over the unseen cards and the views (lower is better),
  and each model's improvement over uniform;
- the **deadwood** of the opponent's hand: the real one, and the mean over worlds drawn with
  ``view.sample(rng, model)`` (a belief that knows its opponent gives it a realistic hand).

Run: ``python experiments/belief.py [--rounds N] [--seed S] [--samples K]`` (about a minute per 20
rounds on one core).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

import ginrummy as gr

LAST_TURN = 14
"""Turns from this one on are counted together."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40, help="rounds played (default 40)")
    parser.add_argument("--seed", type=int, default=1000, help="first deal's seed (default 1000)")
    parser.add_argument(
        "--samples", type=int, default=16, help="worlds drawn per view for deadwood (default 16)"
    )
    parser.add_argument(
        "--opponent",
        default="tracker",
        help="the bot whose cards are guessed (default tracker; eaai-simple: a stranger to training)",
    )
    parser.add_argument("--models", nargs="+", default=None, help="the models measured (default all)")
    args = parser.parse_args()
    chosen = args.models or list(gr.OPPONENT_MODELS)
    models: list[str] = ["uniform", *(name for name in chosen if name != "uniform")]
    brier: dict[str, dict[int, list[float]]] = {name: defaultdict(list) for name in models}
    sampled: dict[str, dict[int, list[float]]] = {name: defaultdict(list) for name in models}
    real: dict[int, list[float]] = defaultdict(list)
    seconds: dict[str, float] = dict.fromkeys(models, 0.0)
    for number in range(args.rounds):
        seed = args.seed + number
        r = gr.Round.deal(gr.PAGAT, seed % 2, seed=seed)
        guessed = number % 2  # the seat of the bot whose cards are guessed
        bots = [gr.TrackerBot(seed), gr.TrackerBot(seed + 1)]
        bots[guessed] = gr.make_bot(args.opponent, seed + 1)
        while r.to_act is not None:
            player = r.to_act
            if r.phase is gr.Phase.DRAW and r.knocker is None and player != guessed:
                view = r.view(player)
                opponent = r.hand(1 - player)
                turn = min(r.turns, LAST_TURN)
                real[turn].append(gr.deadwood(opponent, r.rules))
                for name in models:
                    start = time.perf_counter()
                    probabilities = view.card_probabilities(name)
                    seconds[name] += time.perf_counter() - start
                    score = sum((p - (card in opponent)) ** 2 for card, p in probabilities.items())
                    brier[name][turn].append(score / len(probabilities))
                    rng = random.Random(seed)
                    hands = [view.sample(rng, name).hand(1 - player) for _ in range(args.samples)]
                    sampled[name][turn].append(statistics.mean(gr.deadwood(h, r.rules) for h in hands))
            r = r.apply(bots[player].act(r.view(player)))
    views = sum(len(values) for values in real.values())
    print(
        f"{args.rounds} rounds of tracker against {args.opponent} (pagat), "
        f"{views} views of the tracker at a draw before a knock"
    )
    head = f"{'turn':>5} {'views':>5}"
    for name in models:
        head += f" {'Brier ' + name:>18}"
    head += f" {'deadwood real':>14}" + "".join(f" {'sampled ' + name:>20}" for name in models)
    print(head)
    for turn in sorted(real):
        line = f"{turn if turn < LAST_TURN else str(LAST_TURN) + '+':>5} {len(real[turn]):>5}"
        base = statistics.mean(brier["uniform"][turn])
        for name in models:
            value = statistics.mean(brier[name][turn])
            gain = "" if name == "uniform" else f" ({1 - value / base:+.0%})"
            line += f" {f'{value:.4f}{gain}':>18}"
        line += f" {statistics.mean(real[turn]):>14.1f}"
        line += "".join(f" {statistics.mean(sampled[name][turn]):>20.1f}" for name in models)
        print(line)
    for start in (0, 5):
        base = statistics.mean(
            b for turn, values in brier["uniform"].items() if turn >= start for b in values
        )
        summary = f"turns {start}+: Brier uniform {base:.4f}"
        for name in models[1:]:
            found = statistics.mean(
                b for turn, values in brier[name].items() if turn >= start for b in values
            )
            summary += f", {name} {found:.4f} ({1 - found / base:+.1%})"
        print(summary)
    print(
        "time per view (card_probabilities): "
        + ", ".join(f"{name} {seconds[name] / views * 1000:.1f} ms" for name in models)
    )


if __name__ == "__main__":
    main()
