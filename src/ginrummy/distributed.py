"""Simulations on a Dask cluster (the extra ``ginrummy[distributed]``: dask's ``distributed``).

:func:`connect` gives a :class:`concurrent.futures.Executor` that runs
:func:`~ginrummy.play_games` shards on a Dask cluster, for :func:`~ginrummy.simulate` and
:func:`~ginrummy.compare`; the report is the same as in one process. ``"local"`` starts a
cluster of worker processes on this machine; any other text is a scheduler's address::

    dask scheduler                                  # on one machine: prints its address
    dask worker tcp://10.0.0.5:8786                 # on every machine (ginrummy installed)
    ginrummy simulate --games 100000 --scheduler tcp://10.0.0.5:8786

From Python:

>>> import ginrummy as gr
>>> from ginrummy.distributed import connect
>>> with connect("local", workers=1, memory_limit="300MiB") as cluster:   # doctest: +SKIP
...     report = gr.simulate(gr.PAGAT, games=100, executor=cluster.executor, workers=cluster.threads)

This module imports ``distributed`` (and so Dask) at its top; ``import ginrummy`` never
imports it.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import os
import signal
import threading
from collections.abc import Iterator
from multiprocessing import resource_tracker

import attrs
import distributed

from ginrummy.errors import GinRummyError
from ginrummy.simulation.shards import MAX_WORKERS
from ginrummy.validators import check_int

__all__ = ["Cluster", "connect"]

_QUIET = ("distributed", "distributed.client", "distributed.scheduler", "distributed.nanny", "tornado")
"""The loggers silenced below errors while :func:`connect`'s cluster is open (their levels
are restored when it closes): a simulation's output is its report."""


@attrs.frozen
class Cluster:
    """A connection to a Dask cluster, as :func:`connect` yields it.

    >>> Cluster.__name__
    'Cluster'
    """

    executor: concurrent.futures.Executor
    """Runs shards on the cluster (``client.get_executor()``)."""
    threads: int
    """The worker threads of the cluster when connected: pass it as ``workers`` so enough
    shards are in flight."""
    address: str
    """The scheduler's address."""


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl-C held back while local workers start: the processes they spawn inherit it
    ignored (Ctrl-C reaches the whole process group, and only this process should act on
    it), and a Ctrl-C pressed meanwhile is delivered here when the workers are up (on Linux,
    where a blocked signal stays pending even while ignored)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    # Started later, the resource tracker would unblock Ctrl-C for a moment and lose it.
    resource_tracker.ensure_running()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def _quiet_loggers() -> Iterator[None]:
    """Dask's and tornado's loggers (:data:`_QUIET`) set to errors only while a cluster is
    connected, and set back to the levels they had when it closes: a later cluster in the same
    process (a notebook's) logs as it would have."""
    loggers = [logging.getLogger(name) for name in _QUIET]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


@contextlib.contextmanager
def connect(
    scheduler: str = "local",
    *,
    workers: int | None = None,
    memory_limit: str | None = None,
    timeout: float = 10.0,
) -> Iterator[Cluster]:
    """Connect to a Dask scheduler, or start a local cluster, for the duration of a ``with``.

    :param scheduler: ``"local"`` to start a cluster of worker processes on this machine
        (listening on 127.0.0.1 only), else the address of a running scheduler
        (``tcp://host:8786``).
    :param workers: for ``"local"``, the worker processes (one thread each; default the CPU
        count, at most :data:`~ginrummy.simulation.shards.MAX_WORKERS`).
    :param memory_limit: for ``"local"``, each worker's memory limit (``"500MiB"``; default
        Dask's share of the machine's memory).
    :param timeout: seconds to wait for a scheduler's address to answer.

    While connected, Dask's and tornado's loggers show only critical messages (the output
    is the report); when the ``with`` ends they are set back to the levels they had.

    :raises GinRummyError: for bad arguments, or when the scheduler cannot be reached.
    """
    if not isinstance(scheduler, str) or not scheduler.strip():
        raise GinRummyError(f"invalid scheduler {scheduler!r}: expected 'local' or an address")
    if workers is not None:
        check_int(workers, "workers", GinRummyError, low=1, high=MAX_WORKERS)
    with contextlib.ExitStack() as stack:
        stack.enter_context(_quiet_loggers())  # left last: the closing cluster is quiet too
        if scheduler == "local":
            with _interrupts_held():
                local = stack.enter_context(
                    distributed.LocalCluster(  # type: ignore[no-untyped-call]
                        n_workers=workers or min(MAX_WORKERS, _cpu_count()),
                        threads_per_worker=1,
                        processes=True,
                        host="127.0.0.1",
                        dashboard_address=":0",  # a free port: no clash with another cluster
                        memory_limit=memory_limit or "auto",
                        silence_logs=logging.CRITICAL,
                    )
                )
            client = stack.enter_context(distributed.Client(local))  # type: ignore[no-untyped-call]
        else:
            if workers is not None or memory_limit is not None:
                raise GinRummyError("workers and memory_limit apply to a local cluster only")
            try:
                client = stack.enter_context(
                    distributed.Client(scheduler, timeout=f"{timeout}s")  # type: ignore[no-untyped-call]
                )
            except (OSError, TimeoutError, ValueError) as exc:
                raise GinRummyError(f"cannot reach the Dask scheduler {scheduler!r}: {exc}") from None
        threads = max(1, sum(client.nthreads().values()))
        executor = client.get_executor(pure=False)
        yield Cluster(executor=executor, threads=threads, address=str(client.scheduler.address))


def _cpu_count() -> int:
    return os.cpu_count() or 1
