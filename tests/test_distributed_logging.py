"""What :func:`ginrummy.distributed.connect` changes in the process's logging it sets back:
Dask's and tornado's loggers are quiet while its cluster is open, and have their levels
again when it closes, so a later cluster in the same process (a notebook's) logs as it would
have ("Restarting worker" when a worker dies)."""

from __future__ import annotations

import logging
import os

from cli_helpers import cli_env
from ginrummy.distributed import connect

LOGGERS = ("distributed", "distributed.client", "distributed.scheduler", "distributed.nanny", "tornado")
"""The loggers ``connect`` quiets."""


class _Kept(logging.Handler):
    """A handler that keeps every record it is given."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_connect_sets_the_loggers_back_when_its_cluster_closes() -> None:
    """The levels of the five loggers are the same before ``connect`` and after its ``with``
    (critical only while it is open), and the nanny's warning that a worker restarts is
    logged again afterwards (it was silenced for the rest of the process)."""
    before = {name: logging.getLogger(name).level for name in LOGGERS}
    previous = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = cli_env()["PYTHONPATH"]
    try:
        with connect("local", workers=1, memory_limit="300MiB"):
            during = {name: logging.getLogger(name).level for name in LOGGERS}
    finally:
        if previous is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = previous
    after = {name: logging.getLogger(name).level for name in LOGGERS}
    assert dict.fromkeys(LOGGERS, logging.CRITICAL) == during
    assert before == after
    nanny = logging.getLogger("distributed.nanny")
    kept = _Kept()
    nanny.addHandler(kept)
    try:
        nanny.warning("Restarting worker")
    finally:
        nanny.removeHandler(kept)
    assert ["Restarting worker"] == [record.getMessage() for record in kept.records]
