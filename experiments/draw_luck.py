"""How much of a head-to-head difference the luck of the cards explains: the ceiling of a
luck-adjusted estimate built from the deal and each stock draw (issue 30, item 3).

Each deal ``i`` (seed ``f"{seed}:{i}"``, dealer ``i % 2``) is played twice under ``--preset``,
one round each, with the seats of the two bots swapped, as the ladder's duplicate deals are.
The first bot's points per round (box bonus included, negative when it loses) are the plain
figure. The luck terms, each with mean zero whatever the bots do:

- *the deal*: the opponent's dealt deadwood minus the bot's. The two hands of a deal are
  exchangeable (either player could have been dealt either), so the difference has mean 0;
  within a duplicate pair it cancels exactly;
- *each stock draw*: ``u(the card drawn) - mean of u over every card then in the stock``, for
  the drawer (negated for the opponent's draws). Given everything before the draw, the top of
  the stock is uniform over the stock's cards (no bot sees the order), so the term has mean 0
  for any ``u`` fixed before the draw: the sum of the terms is a martingale and subtracting
  any fixed multiple of it keeps the estimate unbiased (AIVAT's argument for chance nodes).

Two values ``u`` of a drawn card are compared: *deadwood*, minus the drawer's deadwood after
its best discard; *fitted*, the drawer's expected points as a gradient-boosted regression
(scikit-learn, the ``train`` extra) of the round's result on that deadwood, the opponent's
deadwood, the stock's size and the turn, fitted on the other half of the deals (cross-fitting,
so no round is valued by a model fitted on it). With ``--playouts M``, a third value: ``u`` of
a card is the rest of the round played out by copies of the two bots with that card swapped
to the top of the real stock, and the term compares the real top with ``M`` cards drawn
uniformly from the stock (a swap of a uniform order is a uniform order, so its mean is zero
too). The coefficients of the terms are fitted the same way. Printed: each estimate's mean
and 95% interval for single rounds and for duplicate pairs, and the variance ratio against
the plain one (a ratio of 4 halves the interval, the issue's goal).

Run: ``python experiments/draw_luck.py [--deals N] [--bots A B] [--preset NAME] [--workers W]
[--playouts M]`` (3,000 deals: about a minute on two cores, compiled build; with
``--playouts 4``, three).
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import numpy.typing as npt
from rollout_targets import points_for

import ginrummy as gr
from ginrummy.cards import Hand
from ginrummy.melding.partition import best_discard, deadwood

Draw = tuple[int, list[list[float]]]
"""A stock draw: the sign of the first bot's side (+1 when it drew) and the drawer's features
for every card of the stock then (the drawn card last): deadwood after the best discard,
the opponent's deadwood, the stock's size, the turn."""
Play = tuple[float, float, list[Draw], float]
"""A round: the first bot's points, the deal term for it, its draws, and the sum of its
playout draw terms (0 without ``--playouts``)."""


def kept_deadwood(mask: int, rules: gr.Ruleset) -> int:
    """The deadwood of eleven cards after their best discard."""
    return best_discard(Hand.from_mask(mask), rules)[1]


def with_top(r: gr.Round, position: int) -> gr.Round:
    """``r`` with the stock's card at ``position`` and its top card swapped (the same history:
    a measurement's use of the round's internal copy)."""
    stock = list(r.stock)
    stock[position], stock[-1] = stock[-1], stock[position]
    new = r._draft()
    new.stock = tuple(stock)
    new._log, new._origin, new._kept = r._log, r._origin, [None, None]
    return new._sealed()


def played_out(r: gr.Round, players: Sequence[gr.Bot], first: int) -> float:
    """The first bot's points after the stock draw due at ``r`` and the rest of the round,
    played by copies of ``players`` as they are now (their random generators included)."""
    bots = copy.deepcopy(players)
    r = r.apply(gr.DrawStock())
    while r.to_act is not None:
        r = r.apply(bots[r.to_act].act(r.view(r.to_act)))
    return points_for(r, first)


def play_round(
    rules: gr.Ruleset, names: Sequence[str], seed: str, dealer: int, first: int, playouts: int = 0
) -> Play:
    """One round between ``names`` (seat order); ``first`` is the seat of the measured bot.
    With ``playouts``, each stock draw also gets the term ``u(real top) - mean of u over
    ``playouts`` stock cards drawn uniformly``, where ``u`` of a card is the rest of the round
    played out by copies of the bots with that card swapped to the top: a swap of a uniform
    order is a uniform order, so the term has mean zero given the history."""
    bots = [gr.make_bot(name, seed) for name in names]
    chooser = random.Random(f"{seed}:{first}:playouts")
    playout_terms = 0.0
    r = gr.Round.deal(rules, dealer=dealer, seed=seed)
    deal = float(deadwood(r.hands[1 - first], rules) - deadwood(r.hands[first], rules))
    draws: list[Draw] = []
    while r.to_act is not None:
        player = r.to_act
        action = bots[player].act(r.view(player))
        if isinstance(action, gr.DrawStock):
            hand = r.hands[player].mask
            other = r.hands[1 - player]
            opponent = deadwood(other, rules) if len(other) == 10 else kept_deadwood(other.mask, rules)
            rows = [
                [float(kept_deadwood(hand | card.mask, rules)), float(opponent), len(r.stock), r.turns]
                for card in r.stock  # bottom to top: the drawn card is the last
            ]
            draws.append((1 if player == first else -1, rows))
            if playouts:
                real = played_out(r, bots, first)
                others = [
                    played_out(with_top(r, chooser.randrange(len(r.stock))), bots, first)
                    for _ in range(playouts)
                ]
                playout_terms += real - sum(others) / playouts
        r = r.apply(action)
    return points_for(r, first), deal, draws, playout_terms


def play_deals(
    rules: gr.Ruleset, bots: Sequence[str], seed: str, start: int, stop: int, playouts: int
) -> list[tuple[Play, Play]]:
    """Deals ``start`` to ``stop - 1``, each played with the first bot in seat 0, then seat 1."""
    a, b = bots
    return [
        (
            play_round(rules, (a, b), f"{seed}:{i}", i % 2, 0, playouts),
            play_round(rules, (b, a), f"{seed}:{i}", i % 2, 1, playouts),
        )
        for i in range(start, stop)
    ]


def draw_terms(plays: list[Play], value: object) -> npt.NDArray[np.float64]:
    """Each round's sum of draw terms for the first bot, with ``value`` (None: minus the
    deadwood; else a fitted regression's ``predict``)."""
    sums = np.zeros(len(plays))
    for number, (_, _, draws, _) in enumerate(plays):
        for side, rows in draws:
            features = np.asarray(rows)
            u = -features[:, 0] if value is None else value.predict(features)  # type: ignore[attr-defined]
            sums[number] += side * (u[-1] - u.mean())
    return sums


def fitted_value(plays: list[Play]) -> object:
    """A regression of the drawer's points on its features, fitted on ``plays``."""
    from sklearn.ensemble import HistGradientBoostingRegressor

    rows, targets = [], []
    for points, _, draws, _ in plays:
        for side, features in draws:
            rows.append(features[-1])
            targets.append(side * points)
    return HistGradientBoostingRegressor(max_iter=200, random_state=0).fit(
        np.asarray(rows), np.asarray(targets)
    )


def adjusted(
    points: npt.NDArray[np.float64], terms: npt.NDArray[np.float64], fold: npt.NDArray[np.bool_]
) -> npt.NDArray[np.float64]:
    """``points`` minus the least-squares multiple of ``terms`` (columns), the coefficients of
    each fold fitted on the other."""
    out: npt.NDArray[np.float64] = points.copy()
    for test in (fold, ~fold):
        train = ~test
        design = np.column_stack([terms[train], np.ones(int(train.sum()))])
        beta = np.linalg.lstsq(design, points[train], rcond=None)[0][:-1]
        out[test] = points[test] - terms[test] @ beta
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--bots", nargs=2, default=["tracker", "greedy"])
    parser.add_argument("--preset", default="pagat")
    parser.add_argument("--seed", default="draw-luck")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--playouts", type=int, default=0, help="also the playout draw terms, with this many swapped cards"
    )
    args = parser.parse_args()
    rules = gr.find_ruleset(args.preset)
    size = max(1, args.deals // (4 * args.workers))
    bounds = [(start, min(args.deals, start + size)) for start in range(0, args.deals, size)]
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [
            pool.submit(play_deals, rules, args.bots, args.seed, a, b, args.playouts) for a, b in bounds
        ]
        deals = [pair for future in futures for pair in future.result()]
    n = len(deals)
    plays = [play for pair in deals for play in pair]  # deal i: rounds 2i and 2i + 1
    points = np.array([play[0] for play in plays])
    deal = np.array([play[1] for play in plays])
    fold = (np.arange(2 * n) // 2) % 2 == 0  # by deal: both rounds of a deal in one fold
    fitted = np.zeros(2 * n)
    for test in (fold, ~fold):
        model = fitted_value([play for play, keep in zip(plays, ~test, strict=True) if keep])
        fitted[test] = draw_terms([play for play, keep in zip(plays, test, strict=True) if keep], model)
    estimates = {
        "plain": points,
        "deal + deadwood draws": adjusted(points, np.column_stack([deal, draw_terms(plays, None)]), fold),
        "deal + fitted draws": adjusted(points, np.column_stack([deal, fitted]), fold),
    }
    if args.playouts:
        playout = np.array([play[3] for play in plays])
        estimates["deal + playout draws"] = adjusted(points, np.column_stack([deal, playout]), fold)
        both = np.column_stack([deal, fitted, playout])
        estimates["deal + both draws"] = adjusted(points, both, fold)
    print(
        f"{args.bots[0]} against {args.bots[1]} under {rules.name}: {n} deals, each played twice "
        f"with the seats swapped; points a round for {args.bots[0]}"
    )
    plain_single = statistics.variance(points)
    plain_pairs = statistics.variance((points[0::2] + points[1::2]) / 2)
    for name, values in estimates.items():
        pairs = (values[0::2] + values[1::2]) / 2
        single_var, pair_var = statistics.variance(values), statistics.variance(pairs)
        print(
            f"  {name:<24} single rounds {values.mean():+6.2f} ± {1.96 * (single_var / (2 * n)) ** 0.5:.2f} "
            f"(variance ratio {plain_single / single_var:.2f}); duplicate pairs {pairs.mean():+6.2f} ± "
            f"{1.96 * (pair_var / n) ** 0.5:.2f} (variance ratio {plain_pairs / pair_var:.2f})"
        )


if __name__ == "__main__":
    main()
