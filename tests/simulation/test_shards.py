"""Shards of a simulation: ``gr.play_games`` tallies that add up to the whole in any split,
order and grouping, refuse to count a game twice, round-trip through JSON with every field
checked, and give the same report through any executor, worker count and shard size;
shards are submitted lazily, a bounded number in flight, with progress as they finish."""

from __future__ import annotations

import concurrent.futures
import functools
import itertools
import json
import operator
import random
import threading
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.simulation.tally import PRODUCTS

GREEDY = ("greedy", "greedy")
"""A fast deterministic pair of bots."""
RULESETS = (gr.PAGAT, gr.STRAIGHT, gr.OKLAHOMA)
"""Three rulesets that play differently on the same deals."""
ROUNDS = 8
"""Single rounds in the shared fixtures."""


@pytest.fixture(scope="module")
def single_rounds() -> list[gr.Tally]:
    """The tally of each of rounds 0 to 7 under the three rulesets, one shard per round."""
    return [gr.play_games(RULESETS, GREEDY, 4, i, i + 1, unit="rounds") for i in range(ROUNDS)]


@pytest.fixture(scope="module")
def whole() -> gr.Tally:
    """Rounds 0 to 7 in one shard."""
    return gr.play_games(RULESETS, GREEDY, 4, 0, ROUNDS, unit="rounds")


# --------------------------------------------------------------------------------- adding up


@given(st.sets(st.integers(1, ROUNDS - 1)), st.randoms(use_true_random=False))
def test_any_split_and_order_of_shards_adds_up_to_the_whole(
    single_rounds: list[gr.Tally], whole: gr.Tally, cuts: set[int], rng: random.Random
) -> None:
    """Rounds grouped into shards at any cut points and added in any order give exactly the
    tally of one shard of all of them."""
    bounds = [0, *sorted(cuts), ROUNDS]
    shards = [functools.reduce(operator.add, single_rounds[a:b]) for a, b in itertools.pairwise(bounds)]
    rng.shuffle(shards)
    assert whole == functools.reduce(operator.add, shards)
    assert whole == sum(shards, start=gr.Tally.empty(RULESETS, GREEDY, 4, "rounds"))


def test_a_shard_is_the_sum_of_its_games(single_rounds: list[gr.Tally]) -> None:
    """``play_games(.., 2, 5)`` is the sum of the one-game shards 2, 3 and 4; its counts cover
    3 rounds per ruleset and ``played`` is the range."""
    shard = gr.play_games(RULESETS, GREEDY, 4, 2, 5, unit="rounds")
    assert single_rounds[2] + single_rounds[3] + single_rounds[4] == shard
    assert (((2, 5),), 3, [3, 3, 3]) == (shard.played, shard.units, [c.rounds for c in shard.counts])


def test_non_adjacent_shards_keep_both_ranges(single_rounds: list[gr.Tally]) -> None:
    """Shards with a gap between them add up to two ranges."""
    total = single_rounds[5] + single_rounds[1]
    assert ((1, 2), (5, 6)) == total.played
    assert 2 == total.units


def test_a_game_counted_twice_is_refused(single_rounds: list[gr.Tally], whole: gr.Tally) -> None:
    """Adding a shard that overlaps another raises :class:`gr.GinRummyError` naming the
    games."""
    with pytest.raises(gr.GinRummyError, match="games 3 to 3 are counted twice"):
        whole + single_rounds[3]


@pytest.mark.parametrize(
    ("other", "needle"),
    [
        (lambda: gr.play_games(RULESETS[:2], GREEDY, 4, 9, 10, unit="rounds"), "their rulesets differ"),
        (lambda: gr.play_games(RULESETS, ("random", "greedy"), 4, 9, 10, unit="rounds"), "their bots differ"),
        (lambda: gr.play_games(RULESETS, GREEDY, 5, 9, 10, unit="rounds"), "their seed differ"),
        (lambda: gr.play_games(RULESETS, GREEDY, 4, 9, 10), "their unit differ"),
    ],
    ids=["rulesets", "bots", "seed", "unit"],
)
def test_tallies_of_different_simulations_do_not_add(
    whole: gr.Tally, other: Callable[[], gr.Tally], needle: str
) -> None:
    """Only tallies of the same rulesets, bots, seed and unit add up."""
    with pytest.raises(gr.GinRummyError, match=f"cannot add tallies of different simulations: {needle}"):
        whole + other()


def test_sum_starts_from_zero_and_the_empty_tally_is_neutral(whole: gr.Tally) -> None:
    """``sum()`` works on tallies, and the empty tally of the simulation changes nothing."""
    empty = gr.Tally.empty(RULESETS, GREEDY, 4, "rounds")
    assert whole == sum([whole, empty])
    assert (0, ()) == (empty.units, empty.played)
    assert whole == gr.play_games(RULESETS, GREEDY, 4, 3, 3, unit="rounds") + whole


def test_games_are_shared_between_rulesets() -> None:
    """Game ``i`` is the same deal under every ruleset: the same ruleset given twice (under two
    names) counts exactly the same, and its paired sums equal those of the first."""
    twin = gr.PAGAT.evolve(name="twin")
    tally = gr.play_games([gr.PAGAT, twin], GREEDY, "t", 0, 3)
    assert tally.counts[0] == tally.counts[1]
    products = tally.paired[0].products
    for row in products:  # (x, y, x0, y0): x == x0 and y == y0 in every game
        assert row[PRODUCTS.index((0, 0))] == row[PRODUCTS.index((0, 2))]
        assert row[PRODUCTS.index((1, 1))] == row[PRODUCTS.index((1, 3))]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (([], GREEDY, 0, 0, 1), "invalid rulesets"),
        (([gr.PAGAT], ("greedy",), 0, 0, 1), "invalid bots"),
        (([gr.PAGAT], ("greedy", "nope"), 0, 0, 1), "unknown bot 'nope'"),
        (([gr.PAGAT], GREEDY, 1.5, 0, 1), "invalid seed 1.5"),
        (([gr.PAGAT], GREEDY, 0, -1, 1), "invalid start -1"),
        (([gr.PAGAT], GREEDY, 0, 3, 2), "invalid stop 2: must be at least start 3"),
        (([gr.PAGAT], GREEDY, 0, 0, True), "invalid stop True"),
    ],
    ids=["no-ruleset", "one-bot", "unknown-bot", "float-seed", "negative-start", "stop-before-start", "bool"],
)
def test_play_games_rejects_bad_arguments(args: tuple[Any, ...], needle: str) -> None:
    """Bad shard arguments raise :class:`gr.GinRummyError` naming the value."""
    with pytest.raises(gr.GinRummyError, match=needle):
        gr.play_games(*args)


def test_play_games_rejects_an_unknown_unit() -> None:
    """The unit is ``'games'`` or ``'rounds'``."""
    with pytest.raises(gr.GinRummyError, match="invalid unit 'hands'"):
        gr.play_games(gr.PAGAT, GREEDY, 0, 0, 1, unit="hands")  # type: ignore[arg-type]


# -------------------------------------------------------------------------------------- JSON


def test_tally_round_trips_through_json(whole: gr.Tally) -> None:
    """``loads(dumps(tally)) == tally``, for rounds and for games."""
    assert whole == gr.loads(gr.dumps(whole))
    games = gr.play_games([gr.PAGAT, gr.HOLLYWOOD], GREEDY, "g", 4, 6)
    assert games == gr.loads(gr.dumps(games))


def corrupted(tally: gr.Tally, change: Callable[[dict[str, Any]], None]) -> str:
    """The JSON of ``tally`` with its data changed by ``change``."""
    document = json.loads(gr.dumps(tally))
    change(document["data"])
    return json.dumps(document)


def _set(path: list[str | int], value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.pop(key)


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (_drop("paired"), "tally: missing field 'paired'"),
        (_set(["extra"], 1), "tally: unknown field 'extra'"),
        (_set(["unit"], "hands"), "tally.unit: unknown unit 'hands'"),
        (_set(["seed"], True), "tally.seed: invalid tally: 'seed' must be an integer or a string (got True)"),
        (_set(["bots"], ["greedy"]), "tally.bots: expected 2 items, got 1"),
        (_set(["bots", 1], ""), "tally.bots[1]: invalid tally: 'bots[1]' must be a string of 1 to 100"),
        (_set(["rulesets"], []), "tally.rulesets: expected at least one ruleset"),
        (_set(["rulesets", 1, "knock_limit"], -1), "tally.rulesets[1]"),
        (_set(["played"], [[0, 4], [3, 8]]), "games 3 to 3 are counted twice"),
        (
            _set(["played"], [[0, 4], [4, 8]]),
            "tally.played: ranges must be sorted and adjacent ranges joined",
        ),
        (_set(["played"], [[0, 9]]), "ruleset 0 counts 8 rounds, but 9 were played"),
        (_set(["played", 0, 0], -1), "tally.played[0][0]: -1 is out of range"),
        (_set(["counts", 2, "rounds"], "8"), "tally.counts[2].rounds: expected an integer"),
        (_set(["counts", 0, "outcomes", "knock"], 100), "tally.counts[0]: inconsistent counts: the outcomes"),
        (_set(["counts", 0, "outcomes", "gin!"], 0), "tally.counts[0].outcomes: unknown field 'gin!'"),
        (_set(["counts"], []), "tally.counts: expected 3 items, got 0"),
        (_set(["paired"], [{}]), "tally.paired: expected 2 items, got 1"),
        (_set(["paired", 0, "gin"], [0] * 9), "tally.paired[0].gin: expected 10 items, got 9"),
        (_set(["paired", 1, "knock", 0], -4), "tally.paired[1].knock[0]: -4 is out of range"),
        (_set(["paired", 1, "knock", 0], 0), "ruleset 2, knock: sum of squares 0 is impossible"),
        (_set(["paired", 0, "gin", 2], 10**6), "ruleset 1, gin: product sum 1000000 is impossible"),
        (_set(["paired", 1, "turns_per_round", 7], 10**6), "the first ruleset's sums differ"),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_loads_checks_every_part_of_a_tally(
    whole: gr.Tally, change: Callable[[dict[str, Any]], None], needle: str
) -> None:
    """A tally document with anything missing, unknown, mistyped, out of range or
    inconsistent raises :class:`gr.SerializationError` naming where."""
    with pytest.raises(gr.SerializationError) as caught:
        gr.loads(corrupted(whole, change))
    assert needle in str(caught.value)


# -------------------------------------------------------------------------------- executors


@pytest.fixture(scope="module")
def reference() -> gr.SimulationReport:
    """Seven rounds of three rulesets played in this process in one shard."""
    return gr.simulate(RULESETS, rounds=7, seed=9, bots=GREEDY, shard_size=7)


@pytest.mark.parametrize("size", [1, 2, 3, 5])
def test_report_is_the_same_for_every_shard_size(reference: gr.SimulationReport, size: int) -> None:
    """The report does not depend on how the games are cut into shards."""
    assert reference == gr.simulate(RULESETS, rounds=7, seed=9, bots=GREEDY, shard_size=size)


def test_report_is_the_same_through_a_thread_pool(reference: gr.SimulationReport) -> None:
    """Any ``concurrent.futures.Executor`` may play the shards: a thread pool gives the same
    report as this process."""
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        assert reference == gr.simulate(
            RULESETS, rounds=7, seed=9, bots=GREEDY, executor=pool, workers=3, shard_size=2
        )


def test_report_is_the_same_through_a_process_pool(reference: gr.SimulationReport) -> None:
    """A process pool given as the executor, and the default pool of two workers, give the
    same report as this process."""
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        assert reference == gr.simulate(RULESETS, rounds=7, seed=9, bots=GREEDY, executor=pool, shard_size=3)
    assert reference == gr.simulate(RULESETS, rounds=7, seed=9, bots=GREEDY, workers=2, shard_size=1)


def test_comparison_is_the_same_through_a_thread_pool() -> None:
    """The paired sums add up like the counts: ``compare`` through an executor equals
    ``compare`` in this process."""
    here = gr.compare(RULESETS, rounds=6, seed=2, bots=GREEDY, shard_size=6)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert here == gr.compare(RULESETS, rounds=6, seed=2, bots=GREEDY, executor=pool, shard_size=1)


class Recording(concurrent.futures.Executor):
    """Runs each shard on a thread pool, recording the most shards submitted and not yet
    finished, and refusing more than ``limit`` submissions in all."""

    def __init__(self, limit: int) -> None:
        self.pool = concurrent.futures.ThreadPoolExecutor(2)
        self.limit = limit
        self.submitted = 0
        self.open = 0
        self.most_open = 0
        self.lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        """Submit ``fn`` to the pool, counting it."""
        with self.lock:
            if self.submitted == self.limit:
                raise RuntimeError("enough")
            self.submitted += 1
            self.open += 1
            self.most_open = max(self.most_open, self.open)
        future = self.pool.submit(fn, *args, **kwargs)
        future.add_done_callback(self._done)
        return future

    def _done(self, future: concurrent.futures.Future[Any]) -> None:
        with self.lock:
            self.open -= 1

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Shut the pool down."""
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def test_shards_are_submitted_lazily_with_a_bounded_number_in_flight() -> None:
    """With ``workers=2`` at most 4 shards are in flight, and a trillion games start at once
    without a list of jobs: the executor's refusal of the 9th shard comes straight through."""
    executor = Recording(limit=8)
    with pytest.raises(RuntimeError, match="enough"):
        gr.simulate(gr.PAGAT, rounds=10**12, bots=GREEDY, executor=executor, workers=2, shard_size=1)
    executor.shutdown()
    assert 8 == executor.submitted
    assert 1 <= executor.most_open <= 4


def test_progress_is_reported_as_shards_finish() -> None:
    """``progress(done, total)`` is called once per finished shard, ``done`` growing by the
    shard's games times the rulesets, up to the total."""
    calls: list[tuple[int, int]] = []
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        gr.simulate(
            [gr.PAGAT, gr.STRAIGHT],
            rounds=5,
            bots=GREEDY,
            executor=pool,
            shard_size=2,
            progress=lambda done, total: calls.append((done, total)),
        )
    assert 3 == len(calls)  # shards of 2, 2 and 1 rounds
    assert (10, 10) == calls[-1]
    done = [0] + [d for d, _ in calls]
    assert [2, 4, 4] == sorted(b - a for a, b in itertools.pairwise(done))


def test_a_run_checks_its_rulesets_and_bots_once_at_the_public_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    """``simulate`` and ``compare`` check the rulesets and the bots once per run, at the
    public entry, however many shards are played (each bot check makes a bot)."""
    from ginrummy.simulation import comparison, shards, statistics

    calls: list[str] = []

    def counted(name: str, check: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any) -> Any:
            calls.append(name)
            return check(*args)

        return wrapper

    originals = {name: getattr(shards, name) for name in ("check_rulesets", "check_bots")}
    for module in (shards, statistics, comparison):
        for name, check in originals.items():
            if hasattr(module, name):
                monkeypatch.setattr(module, name, counted(name, check))
    gr.simulate([gr.PAGAT, gr.STRAIGHT], rounds=6, shard_size=2, bots=("greedy", "greedy"))
    assert ["check_rulesets", "check_bots"] == calls
    calls.clear()
    gr.compare([gr.PAGAT, gr.STRAIGHT], rounds=6, shard_size=2, bots=("greedy", "greedy"))
    assert ["check_rulesets", "check_bots"] == calls
