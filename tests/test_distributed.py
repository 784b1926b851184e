"""Simulation on a Dask cluster (the extra ``ginrummy[distributed]``): a local cluster of two
worker processes with little memory gives the same JSON report as one process, from Python
and from ``ginrummy simulate --scheduler ADDRESS``; bad schedulers are refused."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest

import ginrummy as gr
from cli_helpers import cli_env, run_cli
from ginrummy.distributed import Cluster, connect

GREEDY = ("greedy", "greedy")
"""A fast deterministic pair of bots."""
RULESETS = [gr.PAGAT, gr.STRAIGHT, gr.OKLAHOMA]
"""Three rulesets that play differently on the same deals."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A local Dask cluster of two single-threaded worker processes of 400 MiB each, whose
    workers import this checkout's ``ginrummy``."""
    previous = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = cli_env()["PYTHONPATH"]
    try:
        with connect("local", workers=2, memory_limit="400MiB") as running:
            yield running
    finally:
        if previous is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = previous


def report_json(report: gr.SimulationReport) -> str:
    """The report as ``simulate --json`` prints it."""
    return gr.dumps(report, indent=2)


def test_a_local_cluster_gives_the_one_process_report(cluster: Cluster) -> None:
    """The shards played by the cluster's two workers add up to exactly the report of one
    process: the same JSON, and the same tally."""
    assert 2 == cluster.threads
    here = gr.simulate(RULESETS, games=6, seed=8, bots=GREEDY)
    there = gr.simulate(
        RULESETS, games=6, seed=8, bots=GREEDY, executor=cluster.executor, workers=cluster.threads
    )
    assert report_json(here) == report_json(there)
    assert here.tally == there.tally


def test_a_local_cluster_gives_the_one_process_comparison(cluster: Cluster) -> None:
    """The paired sums add up on the cluster too: the comparison equals that of one process."""
    here = gr.compare(RULESETS, rounds=9, seed=1, bots=GREEDY)
    there = gr.compare(RULESETS, rounds=9, seed=1, bots=GREEDY, executor=cluster.executor, shard_size=2)
    assert here == there


def test_simulate_on_a_scheduler_address_prints_the_one_process_report(cluster: Cluster) -> None:
    """``ginrummy simulate --scheduler ADDRESS --json`` runs on the cluster and prints the
    report of one process."""
    args = ("simulate", "--preset", "pagat", "--preset", "oklahoma", "--games", "4", "--seed", "2", "--json")
    there = run_cli(*args, "--bots", *GREEDY, "--scheduler", cluster.address)
    assert (0, "") == (there.returncode, there.stderr), there
    here = gr.simulate([gr.PAGAT, gr.OKLAHOMA], games=4, seed=2, bots=GREEDY)
    assert report_json(here) + "\n" == there.stdout


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    """A scheduler address where nothing answers raises :class:`gr.GinRummyError` naming it."""
    needle = re.escape("cannot reach the Dask scheduler 'tcp://127.0.0.1:9'")
    with pytest.raises(gr.GinRummyError, match=needle), connect("tcp://127.0.0.1:9", timeout=0.5):
        pass  # pragma: no cover


@pytest.mark.parametrize(
    ("scheduler", "workers", "needle"),
    [
        ("", None, "invalid scheduler ''"),
        ("local", 0, "invalid workers 0"),
        ("local", 129, "invalid workers 129"),
        ("tcp://127.0.0.1:9", 2, "workers and memory_limit apply to a local cluster only"),
    ],
    ids=["empty", "no-workers", "too-many-workers", "workers-with-address"],
)
def test_bad_cluster_arguments_are_refused(scheduler: str, workers: int | None, needle: str) -> None:
    """Bad arguments raise :class:`gr.GinRummyError` before anything starts."""
    with pytest.raises(gr.GinRummyError, match=needle), connect(scheduler, workers=workers):
        pass  # pragma: no cover


def test_a_local_cluster_gives_the_one_process_ladder(cluster: Cluster) -> None:
    """The ladder's shards played on the cluster add up to the ladder of one process."""
    bots = ["greedy", "random", "eaai-simple"]
    here = gr.ladder(bots, gr.EAAI, games=4, seed=2)
    there = gr.ladder(bots, gr.EAAI, games=4, seed=2, executor=cluster.executor, workers=cluster.threads)
    assert here == there
    assert gr.dumps(here) == gr.dumps(there)
