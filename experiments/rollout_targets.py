"""Whether action values fitted to paired rollouts choose better than the tracker bot: a
measurement for the learned bot (issue 28).

The shipped action values are regressions of a whole round's result, whose noise (a standard
deviation of about 36 points) drowns the few points that separate two discards. This script
measures the cleaner target: at a decision of a round of the tracker bot against itself
(``pagat``), every candidate of the learned bot
(:func:`ginrummy.bots.action_features.candidates`, discards within 10 points of the least
deadwood) is played from the real position, then the round is played out by two tracker bots
with the same seeds for every candidate. Since the stock's order and the opponent's hand are
the real ones and the bots are deterministic, each candidate's result is exact for that world,
and its *advantage* (result minus the mean over the candidates) carries none of the deal's
luck. The regression of the advantage on the view's and the action's compact inputs
(:func:`ginrummy.bots.action_features.compact_inputs`, what the shipped values read) then
estimates the expected advantage given the view: the one-step improvement of the tracker bot.

Rounds ``0..N-1`` (seed ``f"{seed}-fit:{i}"``) give the fitted decisions, rounds of
``f"{seed}-test:{i}"`` the held-out ones; at each decision of a round it is measured with
probability ``--share``. Two networks (scikit-learn's ``MLPRegressor``, the ``train`` extra)
are fitted: on the compact inputs, and on those plus a flag for the tracker bot's own choice;
with ``--cards``, two more on the card indicators of the view and the action as well (the
inputs of the shipped belief and values, sparse); with ``--suits`` as well, two more whose every
epoch sees each fitted candidate under a fresh random order of the four suits (the rules treat
the suits alike, so a relabelling of them is another position of the same worth: 24 positions
for each one played). Each network is fitted ``--epochs`` passes and kept at the pass of least
error on the last tenth of the fitted decisions. Printed, on held-out decisions: the mean
advantage of the tracker bot's choice, of each network's choice and of the best candidate in
hindsight, with the standard error of the network's difference from the tracker bot, and how
often the two agree; for the suit-ordered networks, also the choice of their mean over the 24
orders of the held-out position (what a network that had learned the symmetry exactly would
choose; 24 runs of the network a candidate, too slow for the learned bot's 5 ms). With
``--match G``, that last chooser (the tracker bot, overruled where the network ranks another
candidate higher: :class:`RolloutValueBot`) plays ``G`` games against the tracker bot under
``pagat`` on duplicate deals of held-out seeds (``gr.ladder``).

Run: ``python experiments/rollout_targets.py [--rounds N] [--test-rounds M] [--share P]
[--workers W] [--cards] [--suits] [--epochs E] [--match G]`` (4,000 rounds each way: about six minutes on
two cores, compiled build; ``--cards --suits``, fifteen more; ``--rounds 30000 --test-rounds
4000``, the run in ``docs/lab/learned-play.md``, about 20 minutes of play and 40 of fitting a network on
cards under suit orders).
"""

from __future__ import annotations

import argparse
import itertools
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt

import ginrummy as gr
from ginrummy.beliefs.view_features import BLOCKS as BLOCKS_OF_VIEW
from ginrummy.beliefs.view_features import INPUTS, Inputs, view_inputs
from ginrummy.bots.action_features import (
    ACTION_BASE,
    ACTION_INPUTS,
    KINDS,
    action_inputs,
    candidates,
    compact_inputs,
)
from ginrummy.bots.card_counting import CardCounter
from ginrummy.cards import Hand
from ginrummy.melding.partition import deadwood

Decisions = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.float32],
    npt.NDArray[np.int64],
    npt.NDArray[np.bool_],
    list[tuple[list[int], list[float]]],
]
"""Compact inputs, advantages (points), decision numbers, the tracker bot's choice and the
card inputs (the nonzero inputs of the view and the action), one row per candidate."""


def points_for(r: gr.Round, player: int) -> float:
    """The round's result for ``player``, box bonus included."""
    result = r.result
    assert result is not None
    if result.winner is None:
        return 0.0
    value = float(result.points + r.rules.box_bonus)
    return value if result.winner == player else -value


def play_out(r: gr.Round, action: gr.Action, seeds: tuple[int, int], player: int) -> float:
    """``action`` at ``r``, then tracker bots seeded ``seeds`` to the end: ``player``'s points."""
    bots = (gr.TrackerBot(seeds[0]), gr.TrackerBot(seeds[1]))
    r = r.apply(action)
    while r.to_act is not None:
        r = r.apply(bots[r.to_act].act(r.view(r.to_act)))
    return points_for(r, player)


def pruned(view: gr.PlayerView) -> list[gr.Action]:
    """The learned bot's candidates, discards within 10 points of the least deadwood."""
    options = candidates(view)
    if view.phase is not gr.Phase.DISCARD:
        return options
    rules, hand = view.rules, view.hand.mask
    scored = [
        (deadwood(Hand.from_mask(hand & ~a.card.mask), rules), a)
        for a in options
        if isinstance(a, gr.Discard)
    ]
    least = min(points for points, _ in scored)
    return [a for a in options if not isinstance(a, gr.Discard)] + [a for p, a in scored if p <= least + 10]


def nonzero(view_part: Inputs, action_part: Inputs) -> tuple[list[int], list[float]]:
    """The nonzero inputs of a view and an action, as indices and values."""
    indices, values = [], []
    for active, numbers in (view_part, action_part):
        indices += active
        values += [1.0] * len(active)
        indices += [index for index, _ in numbers]
        values += [value for _, value in numbers]
    return indices, values


def with_cards(
    compact: npt.NDArray[np.float32],
    chosen: npt.NDArray[np.bool_],
    cards: list[tuple[list[int], list[float]]],
    flag: bool,
) -> Any:
    """The card inputs, the compact inputs and (with ``flag``) the tracker bot's choice of rows
    (as :data:`Decisions` holds them), as one sparse matrix."""
    from scipy import sparse

    indptr, indices, values = [0], [], []
    for row_indices, row_values in cards:
        indices += row_indices
        values += row_values
        indptr.append(len(indices))
    width = INPUTS + ACTION_INPUTS
    card_part = sparse.csr_matrix((values, indices, indptr), shape=(len(cards), width), dtype=np.float32)
    extra = [compact, chosen.astype(np.float32)[:, None] * flag]
    return sparse.hstack([card_part, sparse.csr_matrix(np.column_stack(extra))], format="csr")


def candidate_rows(
    view: gr.PlayerView, options: list[gr.Action], action: gr.Action
) -> tuple[list[list[float]], list[tuple[list[int], list[float]]], list[bool]]:
    """For each of ``options`` at ``view``: its compact inputs, its nonzero card inputs, and
    whether it is ``action``, the tracker bot's choice (any knock for a knock)."""
    features = view_inputs(view, view.records)
    counter = CardCounter(view)
    compact, cards, chosen = [], [], []
    for option in options:
        extra = action_inputs(view, counter, option)
        compact.append(compact_inputs(features, extra))
        cards.append(nonzero(features, extra))
        chosen.append(option == action or (isinstance(option, gr.Knock) and isinstance(action, gr.Knock)))
    return compact, cards, chosen


def decisions(seed: str, start: int, stop: int, share: float) -> Decisions:
    """The measured decisions of rounds ``start`` to ``stop - 1``."""
    inputs: list[list[float]] = []
    advantages: list[float] = []
    groups: list[int] = []
    chosen: list[bool] = []
    cards: list[tuple[list[int], list[float]]] = []
    measured = start * 1000  # a decision's number, distinct across chunks
    for number in range(start, stop):
        rng = random.Random(f"{seed}:{number}")
        seeds = (rng.randrange(1 << 30), rng.randrange(1 << 30))
        bots = (gr.TrackerBot(seeds[0]), gr.TrackerBot(seeds[1]))
        r = gr.Round.deal(gr.PAGAT, dealer=number % 2, seed=f"{seed}:{number}")
        while r.to_act is not None:
            player = r.to_act
            view = r.view(player)
            action = bots[player].act(view)
            if r.phase is not gr.Phase.LAYOFF and r.knocker is None and rng.random() < share:
                options = pruned(view)
                if len(options) > 1:
                    future = (rng.randrange(1 << 30), rng.randrange(1 << 30))
                    results = [play_out(r, option, future, player) for option in options]
                    mean = sum(results) / len(results)
                    measured += 1
                    rows = candidate_rows(view, options, action)
                    inputs += rows[0]
                    cards += rows[1]
                    chosen += rows[2]
                    advantages += [result - mean for result in results]
                    groups += [measured] * len(options)
            r = r.apply(action)
    return (
        np.asarray(inputs, dtype=np.float32),
        np.asarray(advantages, dtype=np.float32),
        np.asarray(groups, dtype=np.int64),
        np.asarray(chosen, dtype=bool),
        cards,
    )


def gather(pool: ProcessPoolExecutor, seed: str, rounds: int, share: float) -> Decisions:
    """The decisions of ``rounds`` rounds, played in chunks on ``pool``."""
    size = 250
    futures = [pool.submit(decisions, seed, a, min(rounds, a + size), share) for a in range(0, rounds, size)]
    parts = [future.result() for future in futures]
    arrays = [np.concatenate([part[k] for part in parts]) for k in range(4)]
    return (*arrays, [row for part in parts for row in part[4]])  # type: ignore[return-value]


def report(name: str, predicted: npt.NDArray[np.float64], test: Decisions) -> None:
    """The mean advantage of the tracker bot's and the network's choices on ``test``."""
    _, advantage, groups, chosen, _ = test
    starts = np.flatnonzero(np.r_[True, groups[1:] != groups[:-1]])
    ends = np.r_[starts[1:], len(groups)]
    tracker, network, best, agree = [], [], [], 0
    for a, b in zip(starts, ends, strict=True):
        if chosen[a:b].sum() != 1:
            continue
        pick = a + int(np.argmax(predicted[a:b]))
        tracker.append(float(advantage[a:b][chosen[a:b]][0]))
        network.append(float(advantage[pick]))
        best.append(float(advantage[a:b].max()))
        agree += bool(chosen[pick])
    gain = np.asarray(network) - np.asarray(tracker)
    print(
        f"  {name:<50} {len(tracker)} decisions: advantage of the choice {np.mean(network):+.3f} "
        f"(tracker {np.mean(tracker):+.3f}, best in hindsight {np.mean(best):+.3f}); "
        f"difference {gain.mean():+.3f} ± {1.96 * gain.std() / len(gain) ** 0.5:.3f}; "
        f"agrees {agree / len(tracker):.1%}"
    )


SUIT_ORDERS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)
"""The 24 orders of the four suits: row ``k`` sends suit ``s`` to ``SUIT_ORDERS[k, s]``."""
_ACTION_CARD = ACTION_BASE + len(KINDS)
"""The first of the action's 52 card indicators (after its kind's)."""


def suits_reordered(x: Any, orders: npt.NDArray[np.int64]) -> Any:
    """The sparse rows ``x`` (:func:`with_cards`) with each row's suits relabelled by its own
    row of ``SUIT_ORDERS[orders]``: every card indicator, of the view's blocks and of the action,
    moves to the same rank of the new suit; the numbers (compact inputs, scalars) stay."""
    from scipy import sparse

    index = x.indices.astype(np.int64)
    rows = np.repeat(np.arange(x.shape[0]), np.diff(x.indptr))
    order = SUIT_ORDERS[orders]
    moved = index.copy()
    for start, stop in ((0, 52 * BLOCKS_OF_VIEW), (_ACTION_CARD, _ACTION_CARD + 52)):
        where = (index >= start) & (index < stop)
        card = (index[where] - start) % 52
        base = index[where] - card
        moved[where] = base + order[rows[where], card // 13] * 13 + card % 13
    out = sparse.csr_matrix((x.data, moved, x.indptr), shape=x.shape)
    out.sort_indices()
    return out


def mean_over_orders(network: Any, x: Any) -> npt.NDArray[np.float64]:
    """``network``'s prediction for the rows ``x``, averaged over the 24 orders of the suits."""
    every = [network.predict(suits_reordered(x, np.full(x.shape[0], k))) for k in range(24)]
    return np.asarray(np.mean(every, axis=0), dtype=np.float64)


def fitted(
    x: Any,
    target: npt.NDArray[np.floating[Any]],
    groups: npt.NDArray[np.int64],
    hidden: tuple[int, ...],
    epochs: int,
    suits: bool,
) -> Any:
    """A regression of ``target`` on ``x`` (scikit-learn's ``MLPRegressor``, Adam), fitted
    ``epochs`` passes on the first nine tenths of the decisions (by decision) and kept at the
    pass of least error on the rest; with ``suits``, each pass sees every row under a fresh
    random order of the suits."""
    from sklearn.neural_network import MLPRegressor

    rng = np.random.default_rng(1)
    train = groups < np.quantile(groups, 0.9)
    x_train, y_train, x_check, y_check = x[train], target[train], x[~train], target[~train]
    network = MLPRegressor(hidden_layer_sizes=hidden, random_state=1, batch_size=512)
    best, kept = np.inf, b""
    for _ in range(epochs):
        shown = suits_reordered(x_train, rng.integers(0, 24, x_train.shape[0])) if suits else x_train
        shuffled = rng.permutation(shown.shape[0])
        network.partial_fit(shown[shuffled], y_train[shuffled])
        error = float(np.mean((network.predict(x_check) - y_check) ** 2))
        if error < best:
            best, kept = error, pickle.dumps(network)
    return pickle.loads(kept)


_NETWORK: Any = None
"""The network :class:`RolloutValueBot` ranks with (set before a match; a forked worker keeps
it)."""


class RolloutValueBot:
    """The tracker bot, overruled where :data:`_NETWORK` (cards, compact inputs and the tracker
    bot's choice, under suit orders) ranks another candidate higher, by its mean over the 24
    orders of the position: the chooser of the last line of ``--suits``, played in games."""

    name = "rollout-values"

    def __init__(self, seed: int | str | None = None) -> None:
        self.tracker = gr.TrackerBot(seed)

    def act(self, view: gr.PlayerView) -> gr.Action:
        """The candidate of highest mean value, or the tracker bot's action where the network
        has no choice to make."""
        action = self.tracker.act(view)
        options = pruned(view) if view.phase is not gr.Phase.LAYOFF else []
        if len(options) < 2:
            return action
        compact, cards, chosen = candidate_rows(view, options, action)
        x = with_cards(np.asarray(compact, dtype=np.float32), np.asarray(chosen), cards, True)
        return options[int(np.argmax(mean_over_orders(_NETWORK, x)))]


def match(games: int, workers: int) -> None:
    """``games`` games of :class:`RolloutValueBot` against the tracker bot under ``pagat``, on
    duplicate deals of held-out seeds: its share of games with a Wilson 95% interval."""
    result = gr.ladder([RolloutValueBot, "tracker"], gr.PAGAT, games=games, seed="held-out", workers=workers)
    pair = result.pairs[0]
    share = pair.win_rate("first")
    print(
        f"  in games: {pair.first} against {pair.second}, {games} games under pagat: "
        f"{share.value:.1%} ({share.low:.1%} to {share.high:.1%}) of games, "
        f"{pair.points_per_round('first') - pair.points_per_round('second'):+.2f} points a round"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4000)
    parser.add_argument("--test-rounds", type=int, help="held-out rounds (default: --rounds)")
    parser.add_argument("--share", type=float, default=0.5)
    parser.add_argument("--seed", default="rollout-targets")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cards", action="store_true", help="also fit on the card inputs")
    parser.add_argument("--suits", action="store_true", help="and on them under random suit orders")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument(
        "--match", type=int, default=0, help="then games of its chooser against the tracker bot"
    )
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        fit = gather(pool, f"{args.seed}-fit", args.rounds, args.share)
        test = gather(pool, f"{args.seed}-test", args.test_rounds or args.rounds, args.share)
    print(
        f"{len(fit[1])} fitted and {len(test[1])} held-out candidates; advantage's standard "
        f"deviation {fit[1].std():.1f} points"
    )
    variants = [
        ("compact inputs", False, False, False),
        ("compact inputs + tracker's choice", True, False, False),
    ]
    if args.cards:
        variants += [
            ("cards + compact", False, True, False),
            ("cards + compact + tracker's choice", True, True, False),
        ]
    if args.cards and args.suits:
        variants += [
            ("cards + compact, suit orders", False, True, True),
            ("cards + compact + choice, suit orders", True, True, True),
        ]
    for name, extra, cards, suits in variants:
        x_fit, x_test = fit[0], test[0]
        if cards:
            x_fit = with_cards(fit[0], fit[3], fit[4], extra)
            x_test = with_cards(test[0], test[3], test[4], extra)
        elif extra:
            x_fit = np.column_stack([x_fit, fit[3].astype(np.float32)])
            x_test = np.column_stack([x_test, test[3].astype(np.float32)])
        hidden = (128, 32) if cards else (64, 32)
        network = fitted(x_fit, fit[1] / 25, fit[2], hidden, args.epochs, suits)
        report(name, network.predict(x_test), test)
        if suits:
            report(name + ", mean of 24", mean_over_orders(network, x_test), test)
            if extra and args.match:
                global _NETWORK
                _NETWORK = network
                match(args.match, args.workers)


if __name__ == "__main__":
    main()
