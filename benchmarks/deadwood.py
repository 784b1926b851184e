#!/usr/bin/env python3
"""Benchmark ``ginrummy.melding.partition`` and ``ginrummy.best_discard`` against OpenSpiel and RLCard.

Everything runs in one process on the same seeded random deals: each deal is 11 cards, its
first 10 cards are the 10-card hand for :func:`ginrummy.melding.partition` and all 11 the hand for
:func:`ginrummy.best_discard`. Three sections:

1. minimum deadwood of 10-card hands,
2. best discard (least deadwood after discarding) of 11-card hands,
3. a handful of meld-dense hands, timed one by one, against a 50 µs goal per call.

Every implementation gets its input in its own format, converted before timing (ginrummy a
:class:`ginrummy.Hand`, OpenSpiel a list of ints, RLCard a list of its ``Card`` objects), so a
timed call costs only the implementation's own work plus the same loop overhead for everyone.
A pass over the hand list is timed with :func:`time.perf_counter_ns` (after an untimed warm-up
pass); passes are repeated, interleaved between implementations, and the median per-hand time
is reported in µs, with the ratio ginrummy / peer (1.0 or less means ginrummy is at least as
fast). The thread's CPU time is taken alongside, as a diagnostic for a busy machine (see
``benchmarks/README.md``).

Before timing, every peer's answers are compared with ginrummy's on the same hands (this also
checks the card conversion); the number of disagreements is printed and must be 0. Should
one appear, a slow exhaustive search decides who is right, and the script exits with status 1
if ginrummy is the one that is wrong.

Peers are optional: ``pip install ".[bench]"`` installs both. Run from the repository root::

    python benchmarks/deadwood.py [--hands N] [--repeats R] [--seed S] [--json]
                                  [--rlcard-hands N] [--dense-repeats R]
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import itertools
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import ginrummy as gr

GOAL_US = 50.0
"""The per-call goal for the meld-dense hands, in microseconds."""

DENSE_HANDS: tuple[str, ...] = (
    # 11 cards: the densest known best-discard case (quads of 8 and 9, triple of ten, and
    # three runs through all of them)
    "8c 9c Tc 8d 9d Td 8h 9h Th 8s 9s",
    "9c Tc Jc 9d Td Jd 9h Th Jh 9s Ts",
    "Ac 2c 3c 4c Ad 2d 3d 4d Ah 2h 3h",
    # 10 cards
    "8c 9c Tc 8d 9d Td 8h 9h Th 8s",
    "7c 8c 9c 7d 8d 9d 7h 8h 9h 7s",
    "7c 8c 9c Tc 7d 8d 9d Td 7h 8h",
    "Ac 2c 3c Ad 2d 3d Ah 2h 3h As",
)

STALL_FACTOR = 1.25
"""A median wall time above this multiple of the CPU time is flagged as inflated."""

STALL_NOTE = (
    f"  ! = wall time over {STALL_FACTOR:g} x CPU time: the process was kept off the CPU during "
    "these passes (busy or virtual machine); trust the CPU columns there"
)

MIN_PASS_NS = 1_000_000
"""A dense hand is called repeatedly inside one timed pass until the pass takes this long."""


# ----------------------------------------------------------------------------------------------
# peers


@dataclass(frozen=True)
class Peer:
    """An implementation to compare with: how to convert a hand, and its two calls."""

    name: str
    version: str
    deadwood_call: str
    discard_call: str
    convert: Callable[[Sequence[gr.Card]], Any]
    deadwood: Callable[[Any], int]
    """Minimum deadwood of a 10-card hand."""
    discard: Callable[[Any], int]
    """Least deadwood after the best discard from an 11-card hand."""
    subset: int | None
    """Time on the first ``subset`` hands only (``None``: all of them)."""
    note: str = ""


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def _openspiel_encoding(utils: Any) -> tuple[dict[gr.Card, int], str]:
    """OpenSpiel's int for every ginrummy card, read from OpenSpiel itself, and a description.

    The ints come from ``utils.card_int(text)``; the description is derived from
    ``utils.card_string`` and checked against ``utils.card_suit`` and ``utils.card_rank``.
    """
    mapping = {card: int(utils.card_int(str(card))) for card in gr.DECK}
    if sorted(mapping.values()) != list(range(52)):
        raise RuntimeError("OpenSpiel's card_int is not a bijection onto 0..51")
    suits = "".join(str(utils.card_string(13 * k))[1] for k in range(4))
    for card, i in mapping.items():
        if str(utils.card_string(i)) != str(card):
            raise RuntimeError(f"OpenSpiel card {i} reads back as {utils.card_string(i)}")
        suit = suits.index(card.suit.symbol)
        if utils.card_suit(i) != suit or utils.card_rank(i) != card.rank - 1:
            raise RuntimeError(f"OpenSpiel card {i} ({card}) has an unexpected suit or rank")
        if i != 13 * suit + card.rank - 1:
            raise RuntimeError(f"OpenSpiel card {i} ({card}) is not suit-major")
    description = (
        f"suit-major: int = 13 * suit + (rank - 1), suits in the order {' '.join(suits)} "
        f"(As=0 ... Ks=12, Ac=13, Ad=26, Ah=39, Kh=51); ginrummy's order is c d h s"
    )
    return mapping, description


def load_openspiel() -> tuple[Peer | None, str]:
    """OpenSpiel's C++ ``GinRummyUtils.min_deadwood``, or why it cannot be loaded."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return None, 'OpenSpiel: not installed (pip install ".[bench]"), skipped'
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    mapping, description = _openspiel_encoding(utils)

    def convert(cards: Sequence[gr.Card]) -> list[int]:
        return [mapping[card] for card in cards]

    min_deadwood: Callable[[list[int]], int] = utils.min_deadwood
    peer = Peer(
        name="OpenSpiel",
        version=_version("open_spiel"),
        deadwood_call="pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood(ints)  # 10 ints",
        discard_call="pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood(ints)  # 11 ints",
        convert=convert,
        deadwood=min_deadwood,
        discard=min_deadwood,
        subset=None,
        note=description,
    )
    return peer, f"OpenSpiel card encoding: {description}"


def load_rlcard(subset: int) -> tuple[Peer | None, str]:
    """RLCard's pure-Python gin rummy melding utilities, or why they cannot be loaded."""
    try:
        melding = importlib.import_module("rlcard.games.gin_rummy.utils.melding")
        rl_utils = importlib.import_module("rlcard.games.gin_rummy.utils.utils")
    except ImportError:
        return None, 'RLCard: not installed (pip install ".[bench]"), skipped'
    get_best_meld_clusters: Callable[[list[Any]], list[Any]] = melding.get_best_meld_clusters
    get_meld_clusters: Callable[[list[Any]], list[Any]] = melding.get_meld_clusters
    get_deadwood_count: Callable[[list[Any], list[Any]], int] = rl_utils.get_deadwood_count

    # RLCard's card ids are rank_id + 13 * suit_id with suits S H D C; use its own deck objects
    cards_by_id: list[Any] = [rl_utils.get_card(i) for i in range(52)]
    mapping: dict[gr.Card, Any] = {}
    for card in gr.DECK:
        rl_card = cards_by_id[card.rank - 1 + 13 * "SHDC".index(card.suit.symbol.upper())]
        if str(rl_card) != card.rank.symbol + card.suit.symbol.upper():
            raise RuntimeError(f"RLCard card {rl_card} does not match {card}")
        mapping[card] = rl_card

    def convert(cards: Sequence[gr.Card]) -> list[Any]:
        return [mapping[card] for card in cards]

    def deadwood(hand: list[Any]) -> int:
        # as RLCard's own scorer (scorers.get_payoff_gin_rummy_v1) computes a hand's deadwood
        best = get_best_meld_clusters(hand)
        return get_deadwood_count(hand, best[0] if best else [])

    def discard(hand: list[Any]) -> int:
        # the loop of RLCard's GinRummyNoviceRuleModel._get_best_discards, keeping the count
        final = 999
        for card in hand:
            rest = [c for c in hand if c != card]
            counts = [get_deadwood_count(rest, cluster) for cluster in get_meld_clusters(rest)]
            final = min(final, min(counts, default=get_deadwood_count(rest, [])))
        return final

    peer = Peer(
        name="RLCard",
        version=_version("rlcard"),
        deadwood_call=(
            "rlcard.games.gin_rummy.utils: utils.get_deadwood_count(hand, "
            "melding.get_best_meld_clusters(hand)[0])"
        ),
        discard_call=(
            "rlcard.games.gin_rummy.utils: min over discards of utils.get_deadwood_count(rest, c) "
            "for c in melding.get_meld_clusters(rest)"
        ),
        convert=convert,
        deadwood=deadwood,
        discard=discard,
        subset=subset,
        note="pure Python and slow: timed on a subset of the hands",
    )
    return peer, f"RLCard: {peer.note} (the first {subset})"


# ----------------------------------------------------------------------------------------------
# an exhaustive referee, used only to settle a disagreement


def _reference_deadwood(cards: Sequence[gr.Card]) -> int:
    """Minimum deadwood by trying every set of disjoint melds (slow, obviously correct)."""
    held = set(cards)
    melds: list[frozenset[gr.Card]] = []
    for rank in gr.Rank:
        same = [c for c in cards if c.rank == rank]
        for size in (3, 4):
            melds.extend(frozenset(m) for m in itertools.combinations(same, size))
    for suit in gr.Suit:
        for low in range(1, 12):
            for high in range(low + 2, 14):
                run = frozenset(gr.Card(gr.Rank(r), suit) for r in range(low, high + 1))
                if run <= held:
                    melds.append(run)
    total = sum(c.points for c in cards)
    best = total

    def search(start: int, used: frozenset[gr.Card], melded: int) -> None:
        nonlocal best
        best = min(best, total - melded)
        for i in range(start, len(melds)):
            if not melds[i] & used:
                search(i + 1, used | melds[i], melded + sum(c.points for c in melds[i]))

    search(0, frozenset(), 0)
    return best


def _reference_discard(cards: Sequence[gr.Card]) -> int:
    return min(_reference_deadwood([c for c in cards if c != out]) for out in cards)


# ----------------------------------------------------------------------------------------------
# timing


Job = tuple[Callable[[Any], object], Sequence[Any]]
"""A function and the inputs of one timed pass."""


class Timing(NamedTuple):
    """Median time per call in µs: wall clock (the measure) and this thread's CPU time."""

    wall: float
    cpu: float

    @property
    def stalled(self) -> bool:
        """Whether the wall time is well above the CPU time: the process was kept waiting."""
        return self.wall > STALL_FACTOR * self.cpu

    def wall_text(self, digits: int) -> str:
        """The wall time, marked ``!`` when stalled."""
        return f"{self.wall:.{digits}f}" + ("!" if self.stalled else " ")


def median_us_per_call(jobs: Sequence[Job], repeats: int) -> list[Timing]:
    """Time ``repeats`` passes of each job; each job's median time per call in µs.

    The passes are interleaved (job 1, job 2, ..., job 1, job 2, ...) so that a slow spell of
    the machine hits every implementation alike rather than one of them. Each timed pass is
    preceded by an untimed one over the same inputs, so that it starts with warm caches rather
    than with whatever the previous job (say, RLCard's allocations) left there.

    The measure is wall-clock time (:func:`time.perf_counter_ns`); the thread's CPU time
    (:func:`time.thread_time_ns`) is taken alongside, as a diagnostic: on a busy or virtual
    machine the wall time of a pass can include time the process was not running at all.
    """
    clock, cpu_clock = time.perf_counter_ns, time.thread_time_ns
    walls: list[list[float]] = [[] for _ in jobs]
    cpus: list[list[float]] = [[] for _ in jobs]
    for _ in range(repeats):
        for job, (fn, inputs) in enumerate(jobs):
            for item in inputs:
                fn(item)
            cpu_start = cpu_clock()
            start = clock()
            for item in inputs:
                fn(item)
            end = clock()
            cpu_end = cpu_clock()
            walls[job].append((end - start) / len(inputs) / 1000.0)
            cpus[job].append((cpu_end - cpu_start) / len(inputs) / 1000.0)
    return [Timing(statistics.median(w), statistics.median(c)) for w, c in zip(walls, cpus, strict=True)]


def single_hand_job(fn: Callable[[Any], object], item: Any) -> Job:
    """A pass calling ``fn(item)`` repeatedly: calls double until a pass takes MIN_PASS_NS."""
    calls = 1
    while True:
        start = time.perf_counter_ns()
        for _ in range(calls):
            fn(item)
        if time.perf_counter_ns() - start >= MIN_PASS_NS or calls >= 1 << 20:
            return fn, [item] * calls
        calls *= 2


def _machine_load() -> str | None:
    """The 1-minute load average and CPU count, with a warning if the machine looks busy."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        return None
    cpus = os.cpu_count() or 1
    busy = load > 0.5 * cpus
    warning = " (busy machine: the timings may be inflated and noisy)" if busy else ""
    return f"machine: load average {load:.2f} on {cpus} CPUs{warning}"


def _ratio(mine: float, theirs: float) -> float:
    return mine / theirs if theirs > 0 else float("inf")


# ----------------------------------------------------------------------------------------------
# the benchmark


@dataclass
class Report:
    lines: list[str]
    data: dict[str, Any]
    failures: int = 0

    def say(self, text: str = "") -> None:
        print(text, flush=True)
        self.lines.append(text)


def deal(count: int, seed: int) -> list[tuple[gr.Card, ...]]:
    """``count`` seeded random 11-card deals from a full deck."""
    rng = random.Random(seed)
    return [tuple(rng.sample(gr.DECK, 11)) for _ in range(count)]


def check_agreement(
    report: Report,
    peer: Peer,
    task: str,
    hands: Sequence[Sequence[gr.Card]],
    mine: Sequence[int],
    theirs_fn: Callable[[Any], int],
    theirs_in: Sequence[Any],
) -> None:
    """Compare a peer's answers with ginrummy's and print the number of disagreements."""
    theirs = [theirs_fn(x) for x in theirs_in]
    wrong = [i for i in range(len(mine)) if mine[i] != theirs[i]]
    details: list[str] = []
    ginrummy_wrong = 0
    for i in wrong:
        cards = hands[i]
        truth = _reference_deadwood(cards) if task == "deadwood" else _reference_discard(cards)
        who = "ginrummy" if truth == mine[i] else peer.name if truth == theirs[i] else "neither"
        if truth != mine[i]:
            ginrummy_wrong += 1
        details.append(
            f"      {' '.join(map(str, cards))}: ginrummy {mine[i]}, {peer.name} {theirs[i]}, "
            f"exhaustive search {truth} ({who} is right)"
        )
    what = "10-card deadwood" if task == "deadwood" else "11-card best-discard deadwood"
    report.say(
        f"  {peer.name} vs ginrummy, {what}: {len(wrong)} disagreements in {len(mine)} hands"
        + ("" if not wrong else f" ({ginrummy_wrong} where ginrummy is wrong)")
    )
    for line in details:
        report.say(line)
    report.failures += ginrummy_wrong
    report.data["agreement"].append(
        {
            "peer": peer.name,
            "task": task,
            "hands": len(mine),
            "disagreements": len(wrong),
            "ginrummy_wrong": ginrummy_wrong,
        }
    )


def run(args: argparse.Namespace) -> int:
    report = Report(lines=[], data={"agreement": [], "random": [], "dense": []})
    peers: list[Peer] = []
    notes: list[str] = []
    for peer, note in (load_openspiel(), load_rlcard(args.rlcard_hands)):
        notes.append(note)
        if peer is not None:
            peers.append(peer)

    versions = {
        "python": platform.python_version(),
        "ginrummy": gr.__version__,
        **{p.name: p.version for p in peers},
    }
    report.data["config"] = {
        "hands": args.hands,
        "repeats": args.repeats,
        "seed": args.seed,
        "rlcard_hands": args.rlcard_hands,
        "dense_repeats": args.dense_repeats,
        "goal_us": GOAL_US,
    }
    report.data["versions"] = versions
    report.data["peers"] = {
        p.name: {"deadwood": p.deadwood_call, "best_discard": p.discard_call, "note": p.note} for p in peers
    }
    report.say("ginrummy deadwood benchmark")
    report.say("  " + ", ".join(f"{k} {v}" for k, v in versions.items()))
    report.say(
        f"  {args.hands} random deals (seed {args.seed}): 10-card hand = first 10 cards, "
        f"11-card hand = all 11; {args.repeats} timed passes, median per-hand time in µs;"
    )
    report.say("  ratio = ginrummy / peer (<= 1.0: ginrummy at least as fast), from wall-clock times;")
    report.say("  (cpu µs), (cpu ratio) = the same from the thread's CPU time, a diagnostic: CPU time far")
    report.say("  below the wall time means the process was kept off the CPU and the wall time is inflated")
    load = _machine_load()
    if load is not None:
        report.say(f"  {load}")
    report.data["machine_load"] = load
    for note in notes:
        report.say(note)
    for p in peers:
        report.say(f"  {p.name} deadwood:     {p.deadwood_call}")
        report.say(f"  {p.name} best discard: {p.discard_call}")

    deals = deal(args.hands, args.seed)
    tens = [d[:10] for d in deals]
    elevens = list(deals)
    gr_tens = [gr.Hand(cards) for cards in tens]
    gr_elevens = [gr.Hand(cards) for cards in elevens]
    peer_tens = {p.name: [p.convert(cards) for cards in tens[: p.subset]] for p in peers}
    peer_elevens = {p.name: [p.convert(cards) for cards in elevens[: p.subset]] for p in peers}

    # --- agreement (untimed; also warms everything up)
    deadwood, best_discard = gr.deadwood, gr.best_discard
    my_tens = [deadwood(h) for h in gr_tens]
    my_elevens = [best_discard(h)[1] for h in gr_elevens]
    report.say()
    report.say("Agreement with ginrummy (must be 0 disagreements):")
    if not peers:
        report.say("  no peer installed: nothing to compare")
    for p in peers:
        n = len(peer_tens[p.name])
        check_agreement(report, p, "deadwood", tens[:n], my_tens[:n], p.deadwood, peer_tens[p.name])
        check_agreement(
            report, p, "best_discard", elevens[:n], my_elevens[:n], p.discard, peer_elevens[p.name]
        )

    # --- random hands
    Section = tuple[str, str, Callable[[Any], object], list[gr.Hand], dict[str, list[Any]]]
    rtc = gr.ROUND_THE_CORNER

    def rtc_deadwood(hand: gr.Hand) -> int:
        return deadwood(hand, rtc)

    def rtc_discard(hand: gr.Hand) -> tuple[gr.Card, int]:
        return best_discard(hand, rtc)

    sections: list[Section] = [
        ("deadwood", "1. deadwood, 10 cards", deadwood, gr_tens, peer_tens),
        ("best_discard", "2. best_discard, 11 cards", best_discard, gr_elevens, peer_elevens),
        (
            "deadwood",
            "3. deadwood, 10 cards, round the corner (peers: their traditional melding)",
            rtc_deadwood,
            gr_tens,
            peer_tens,
        ),
        (
            "best_discard",
            "4. best_discard, 11 cards, round the corner (peers: their traditional melding)",
            rtc_discard,
            gr_elevens,
            peer_elevens,
        ),
    ]
    for task, title, mine_fn, mine_in, peer_in in sections:
        # job 0: ginrummy on every hand; then each peer, and for a peer timed on a subset,
        # ginrummy again on that same subset (the ratio compares the same hands)
        jobs: list[Job] = [(mine_fn, mine_in)]
        slots: list[tuple[Peer, int, int]] = []
        for p in peers:
            inputs = peer_in[p.name]
            jobs.append((p.deadwood if task == "deadwood" else p.discard, inputs))
            peer_slot, base_slot = len(jobs) - 1, 0
            if len(inputs) < len(mine_in):
                jobs.append((mine_fn, mine_in[: len(inputs)]))
                base_slot = len(jobs) - 1
            slots.append((p, peer_slot, base_slot))
        times = median_us_per_call(jobs, args.repeats)
        report.say()
        report.say(f"{title} ({len(mine_in)} hands)")
        report.say(
            f"  {'implementation':<24} {'hands':>6} {'µs/hand':>10}  {'ratio':>7}"
            f" {'(cpu µs)':>10} {'(cpu ratio)':>11}"
        )
        report.say(
            f"  {'ginrummy.' + task:<24} {len(mine_in):>6} {times[0].wall_text(2):>11} {'':>7} "
            f"{times[0].cpu:>10.2f}"
        )
        stalled = times[0].stalled
        report.data["random"].append(
            {
                "task": task,
                "implementation": "ginrummy",
                "hands": len(mine_in),
                "median_us": times[0].wall,
                "median_cpu_us": times[0].cpu,
            }
        )
        for p, peer_slot, base_slot in slots:
            hands = len(jobs[peer_slot][1])
            theirs, base = times[peer_slot], times[base_slot]
            base_us = base.wall
            ratio = _ratio(base.wall, theirs.wall)
            cpu_ratio = _ratio(base.cpu, theirs.cpu)
            stalled = stalled or theirs.stalled or base.stalled
            report.say(
                f"  {p.name:<24} {hands:>6} {theirs.wall_text(2):>11} {ratio:>7.3f}"
                f" {theirs.cpu:>10.2f} {cpu_ratio:>11.3f}"
            )
            if base_slot:
                report.say(
                    f"    ({p.name} timed on the first {hands} hands only; ginrummy on the same "
                    f"hands: {base.wall_text(2).strip()} µs/hand, cpu {base.cpu:.2f} µs, used for the ratios)"
                )
            report.data["random"].append(
                {
                    "task": task,
                    "implementation": p.name,
                    "hands": hands,
                    "median_us": theirs.wall,
                    "median_cpu_us": theirs.cpu,
                    "ginrummy_median_us_same_hands": base_us,
                    "ginrummy_median_cpu_us_same_hands": base.cpu,
                    "ratio": ratio,
                    "cpu_ratio": cpu_ratio,
                }
            )
        if stalled:
            report.say(STALL_NOTE)

    # --- dense hands
    report.say()
    report.say(
        f"5. meld-dense hands, one at a time, {args.dense_repeats} passes of >= "
        f"{MIN_PASS_NS // 1_000_000} ms each (goal: every ginrummy call under {GOAL_US:g} µs)"
    )
    report.say(
        f"  {'hand':<34} {'call':<13} {'result':<9} {'ginrummy µs':>11}  {'(cpu µs)':>8}  peers: µs (ratio)"
    )
    worst = worst_cpu = 0.0
    stalled_dense = False
    for text in DENSE_HANDS:
        hand = gr.Hand.parse(text)
        cards = hand.cards
        calls: list[tuple[str, Callable[[Any], object]]] = []
        if len(cards) == 11:
            calls.append(("best_discard", best_discard))
        calls.append(("deadwood", deadwood))
        for task, fn in calls:
            result = fn(hand)
            if isinstance(result, tuple):
                shown, value = f"{result[0]} {result[1]}", result[1]
            else:
                shown, value = str(result), result
            if not isinstance(value, int):
                raise TypeError(f"unexpected result {result!r}")
            # a peer's 11-card call discards first, so only 10-card deadwood and 11-card
            # best_discard have a peer counterpart
            comparable = (task == "deadwood") == (len(cards) == 10)
            dense_peers = peers if comparable else []
            dense_jobs = [single_hand_job(fn, hand)]
            for p in dense_peers:
                peer_fn = p.deadwood if task == "deadwood" else p.discard
                converted = p.convert(cards)
                theirs_value = peer_fn(converted)
                if theirs_value != value:
                    referee = _reference_deadwood if task == "deadwood" else _reference_discard
                    truth = referee(cards)
                    report.say(
                        f"  ! {text} {task}: {p.name} says {theirs_value}, ginrummy {value}, "
                        f"exhaustive search {truth}"
                    )
                    if truth != value:
                        report.failures += 1
                dense_jobs.append(single_hand_job(peer_fn, converted))
            times = median_us_per_call(dense_jobs, args.dense_repeats)
            mine_us = times[0].wall
            stalled_dense = stalled_dense or times[0].stalled
            worst = max(worst, mine_us)
            worst_cpu = max(worst_cpu, times[0].cpu)
            entry: dict[str, Any] = {
                "hand": text,
                "cards": len(cards),
                "task": task,
                "result": shown,
                "ginrummy_us": mine_us,
                "ginrummy_cpu_us": times[0].cpu,
                "peers": {},
            }
            parts: list[str] = []
            for p, theirs in zip(dense_peers, times[1:], strict=True):
                ratio = _ratio(mine_us, theirs.wall)
                parts.append(f"{p.name} {theirs.wall_text(1).strip()} ({ratio:.3f})")
                entry["peers"][p.name] = {
                    "us": theirs.wall,
                    "cpu_us": theirs.cpu,
                    "ratio": ratio,
                    "cpu_ratio": _ratio(times[0].cpu, theirs.cpu),
                }
                stalled_dense = stalled_dense or theirs.stalled
            if peers and not comparable:
                parts.append("n/a (the peers' 11-card call discards first)")
            line = (
                f"  {text:<34} {task:<13} {shown:<9} {times[0].wall_text(2):>12} {times[0].cpu:>8.2f}  "
                f"{', '.join(parts)}"
            )
            report.say(line.rstrip())
            report.data["dense"].append(entry)
    if stalled_dense:
        report.say(STALL_NOTE)
    met = worst < GOAL_US
    report.say(
        f"  => {'GOAL MET' if met else 'GOAL MISSED'}: every dense-hand ginrummy call is "
        f"{'under' if met else 'NOT under'} {GOAL_US:g} µs (slowest {worst:.2f} µs; "
        f"slowest CPU time {worst_cpu:.2f} µs)"
    )
    report.data["dense_goal_met"] = met
    report.data["dense_slowest_us"] = worst
    report.data["dense_slowest_cpu_us"] = worst_cpu
    report.data["failures"] = report.failures
    if report.failures:
        report.say(f"FAILED: ginrummy contradicts an exhaustive search {report.failures} time(s)")
    if args.json:
        # one line, the last of the output: ``... --json | tail -n 1 | jq``
        print(json.dumps(report.data, sort_keys=True))
    return 1 if report.failures else 0


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Time ginrummy.melding.partition and ginrummy.best_discard against OpenSpiel and RLCard."
    )
    parser.add_argument("--hands", type=int, default=3000, help="random deals (default 3000)")
    parser.add_argument("--repeats", type=int, default=7, help="timed passes (default 7)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument(
        "--rlcard-hands",
        type=int,
        default=300,
        help="RLCard is slow: time it on this many of the deals (default 300)",
    )
    parser.add_argument(
        "--dense-repeats",
        type=int,
        default=21,
        help="timed passes per dense hand (default 21; they are short, so take many)",
    )
    parser.add_argument(
        "--json", action="store_true", help="also print the results as JSON, on the last line"
    )
    args = parser.parse_args(argv)
    if min(args.hands, args.repeats, args.rlcard_hands, args.dense_repeats) < 1:
        parser.error("--hands, --repeats, --rlcard-hands and --dense-repeats must be positive")
    args.rlcard_hands = min(args.rlcard_hands, args.hands)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    return run(parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
