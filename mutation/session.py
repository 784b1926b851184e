"""Running a module's mutants against its tests, each in a process of its own.

The parent process imports pytest and the test suite's third-party packages but never
``ginrummy``; each run forks a child that installs an import hook serving the mutated module,
then runs pytest there. So every child imports ``ginrummy`` afresh: the module-level code runs
with the mutant in place (tables built at import are mutated too) and every cache starts empty
(``lru_cache`` functions, the suit lookups, the action tuples of ``action_rules``): no mutant
hides behind a cache warmed by another run.

Which tests run: a first *baseline* child runs the module's test files under coverage with one
coverage context per test (and one per test file's collection), which gives, for each line of
the module, the tests that run it. A mutant inside a function runs the tests that run its
lines; one in code that runs at import time (a module or class body, a default argument) runs
them all. The tests run fastest first and the run stops at the first failure (``-x``).

Verdicts: *killed* (a test failed, collection failed, or the child died), *timeout* (counted
as killed, as mutmut does: a mutant that loops is caught), *survived*, and *uncovered* (no
test runs its lines; counted as survived).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import resource
import signal
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from mutants import Mutant, mutated_code

REPO = Path(__file__).resolve().parent.parent
SRC = REPO / "src" / "ginrummy"
STATE = REPO / ".mutation"

KILLED, TIMEOUT, SURVIVED, UNCOVERED = "killed", "timeout", "survived", "uncovered"
FIRST_BATCH = 12
"""A mutant first runs this many of its tests (the likeliest killers), collecting only their
files; the rest run only if it survives them."""
MEMORY_LIMIT = 4 << 30
"""Bytes of address space a child may use (a mutant that allocates without end is killed)."""


@dataclass(frozen=True)
class Target:
    """A module to mutate and the tests that exercise it."""

    module: str
    """The module's path under ``src/ginrummy`` without ``.py`` (``play/action_rules``)."""
    tests: tuple[str, ...]
    """Test files (relative to the repository); the module's own doctests are added."""
    sample: int | None = None
    """Run a seeded sample of this many mutants instead of all of them."""

    @property
    def path(self) -> Path:
        return SRC / f"{self.module}.py"

    @property
    def name(self) -> str:
        """The dotted module name."""
        return "ginrummy." + self.module.replace("/", ".")

    @property
    def slug(self) -> str:
        return self.module.replace("/", ".")

    @property
    def test_paths(self) -> list[str]:
        return [*self.tests, str(self.path.relative_to(REPO))]

    def source(self) -> str:
        return self.path.read_text()

    def source_hash(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()[:16]


def tests_hash() -> str:
    """A hash of every file of the test suite and of the rest of the package: a baseline is
    only reused while neither changed."""
    digest = hashlib.sha256()
    for folder in (REPO / "tests", SRC):
        for path in sorted(folder.rglob("*.py")):
            digest.update(str(path.relative_to(REPO)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def preload() -> None:
    """Import what every child needs but ``ginrummy`` (once, in the parent)."""
    for name in (
        "hypothesis",
        "hypothesis.strategies",
        "attrs",
        "typing_extensions",
        "jsonschema",
        "coverage",
    ):
        with contextlib.suppress(ImportError):
            __import__(name)
    assert not any(name == "ginrummy" or name.startswith("ginrummy.") for name in sys.modules), (
        "the parent must not import ginrummy: every child imports it afresh"
    )


# ---------------------------------------------------------------------- in the children


class _Loader(importlib.machinery.SourceFileLoader):
    """Loads the target module from a code object (the mutant's) instead of its file."""

    def __init__(self, fullname: str, path: str, code: Any) -> None:
        super().__init__(fullname, path)
        self.code = code

    def get_code(self, fullname: str) -> Any:
        return self.code


class _Finder(importlib.abc.MetaPathFinder):
    def __init__(self, name: str, path: Path, code: Any) -> None:
        self.name, self.path, self.code = name, path, code

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if fullname != self.name:
            return None
        loader = _Loader(fullname, str(self.path), self.code)
        return importlib.util.spec_from_file_location(fullname, str(self.path), loader=loader)


class _Select:
    """A pytest plugin: keep the chosen tests, in the chosen order; note the first failure."""

    def __init__(self, order: Sequence[str], report: Path) -> None:
        self.rank = {nodeid: i for i, nodeid in enumerate(order)}
        self.report = report
        self.written = False

    def pytest_collection_modifyitems(self, items: list[Any]) -> None:
        keep = [item for item in items if item.nodeid in self.rank]
        keep.sort(key=lambda item: self.rank[item.nodeid])
        items[:] = keep

    def _note(self, text: str) -> None:
        if not self.written:
            self.written = True
            self.report.write_text(text)

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.failed:
            self._note(report.nodeid)

    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:
            self._note(f"collecting {report.nodeid}")


class _Trace:
    """A pytest plugin for the baseline: one coverage context per test and per test file's
    collection; the duration of each test."""

    def __init__(self, cov: Any) -> None:
        self.cov = cov
        self.durations: dict[str, float] = {}
        self.failed: list[str] = []

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> Any:
        self.cov.switch_context("test:" + item.nodeid)
        yield
        self.cov.switch_context("")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_make_collect_report(self, collector: Any) -> Any:
        path = getattr(collector, "path", None)
        is_file = type(collector).__name__ in ("Module", "DoctestModule") and path is not None
        if is_file:
            self.cov.switch_context("collect:" + str(Path(path).resolve().relative_to(REPO)))
        yield
        if is_file:
            self.cov.switch_context("")

    def pytest_runtest_logreport(self, report: Any) -> None:
        self.durations[report.nodeid] = self.durations.get(report.nodeid, 0.0) + report.duration
        if report.failed:
            self.failed.append(report.nodeid)


def _quiet_child() -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)


def _limit(cpu_seconds: int | None) -> None:
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    if cpu_seconds is not None:
        used = int(time.process_time())
        resource.setrlimit(resource.RLIMIT_CPU, (used + cpu_seconds, used + cpu_seconds + 5))


PRELOADED = ("-W", "ignore::pytest.PytestAssertRewriteWarning")
"""The suite turns warnings into errors; pytest warns that it cannot rewrite the asserts of
modules the parent preloaded (Hypothesis's), which is expected here and changes no verdict."""


def _pytest_args(paths: Sequence[str]) -> list[str]:
    return ["-x", "-q", "--no-header", "-p", "no:randomly", "-p", "no:cacheprovider", *PRELOADED, *paths]


def _run_mutant_child(target: Target, mutant: Mutant, order: Sequence[str], report: Path, cpu: int) -> None:
    """In a forked child: run ``order`` against ``mutant``; exit with pytest's status."""
    status = 3
    try:
        _quiet_child()
        _limit(cpu)
        code = mutated_code(target.source(), str(target.path), mutant.index)
        sys.meta_path.insert(0, _Finder(target.name, target.path, code))
        # collect only the files that hold the chosen tests (collection is most of a short
        # run), first for the few tests most likely to kill the mutant, then for the others
        status = 0
        for batch in (order[:FIRST_BATCH], order[FIRST_BATCH:]):
            if batch and status == 0:
                files = sorted({nodeid.split("::")[0] for nodeid in batch})
                status = int(pytest.main(_pytest_args(files), plugins=[_Select(batch, report)]))
    except BaseException as exc:  # the mutant broke something before or around pytest
        with contextlib.suppress(Exception):
            report.write_text(f"error {type(exc).__name__}: {exc}"[:300])
        status = 3
    finally:
        os._exit(status)


def check(target: Target, mutant: Mutant, args: Sequence[str]) -> int:
    """Run pytest with ``args`` against ``mutant`` in a child, its output shown; its status."""
    pid = _fork(_check_child, target, mutant, list(args))
    _, status = os.waitpid(pid, 0)
    return os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1


def _check_child(target: Target, mutant: Mutant, args: list[str]) -> None:
    status = 3
    try:
        code = mutated_code(target.source(), str(target.path), mutant.index)
        sys.meta_path.insert(0, _Finder(target.name, target.path, code))
        status = int(pytest.main(["-q", "--no-header", "-p", "no:cacheprovider", *PRELOADED, *args]))
    finally:
        os._exit(status)


def _run_baseline_child(target: Target, output: Path) -> None:
    status = 3
    try:
        _quiet_child()
        _limit(None)
        import coverage
        import pytest

        cov = coverage.Coverage(data_file=None, include=[str(target.path)], config_file=False)
        cov.start()
        trace = _Trace(cov)
        args = _pytest_args(target.test_paths)
        args.remove("-x")
        status = int(pytest.main(args, plugins=[trace]))
        cov.stop()
        data = cov.get_data()
        lines = {
            str(line): sorted(contexts)
            for line, contexts in data.contexts_by_lineno(str(target.path)).items()
        }
        output.write_text(json.dumps({"status": status, "durations": trace.durations, "failed": trace.failed,
                                      "lines": lines}))  # fmt: skip
    except BaseException as exc:
        with contextlib.suppress(Exception):
            output.write_text(json.dumps({"status": 3, "error": repr(exc)}))
    finally:
        os._exit(status)


# ---------------------------------------------------------------------- in the parent


def _fork(child: Any, *args: Any) -> int:
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        child(*args)
    return pid


class Baseline:
    """What the module's tests do with it: their durations, and the tests that run each line."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.durations: dict[str, float] = data["durations"]
        self.tests = sorted(self.durations, key=lambda nodeid: (self.durations[nodeid], nodeid))
        by_file: dict[str, list[str]] = {}
        for nodeid in self.tests:
            by_file.setdefault(nodeid.split("::")[0], []).append(nodeid)
        self.lines: dict[int, set[str]] = {}
        for line, contexts in data["lines"].items():
            tests: set[str] = set()
            for context in contexts:
                if context.startswith("test:"):
                    tests.add(context[5:])
                elif context.startswith("collect:"):
                    tests.update(by_file.get(context[8:], ()))
                else:
                    tests.update(self.tests)
            self.lines[int(line)] = tests

    def tests_for(self, mutant: Mutant) -> list[str]:
        """The tests to run against ``mutant``, fastest first."""
        if not mutant.runtime:
            return list(self.tests)
        chosen: set[str] = set()
        for line in range(mutant.line, mutant.end_line + 1):
            chosen |= self.lines.get(line, set())
        return [nodeid for nodeid in self.tests if nodeid in chosen]

    def seconds(self, tests: Sequence[str]) -> float:
        return sum(self.durations.get(nodeid, 0.0) for nodeid in tests)


def baseline(target: Target, log: Any = print) -> Baseline:
    """The baseline of ``target``: reused while the module and the tests are unchanged."""
    folder = STATE / target.slug
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "baseline.json"
    key = {"source": target.source_hash(), "tests": tests_hash(), "test_paths": target.test_paths}
    if path.exists():
        data = json.loads(path.read_text())
        if data.get("key") == key:
            return Baseline(data)
    log(f"baseline of {target.module}: running {' '.join(target.tests)} under coverage")
    started = time.monotonic()
    raw = folder / "baseline.raw.json"
    raw.unlink(missing_ok=True)
    pid = _fork(_run_baseline_child, target, raw)
    os.waitpid(pid, 0)
    data = json.loads(raw.read_text()) if raw.exists() else {"status": 3, "error": "no output"}
    if data.get("status") != 0:
        raise SystemExit(f"the tests of {target.module} do not pass unmutated: {data.get('failed') or data}")
    data["key"] = key
    path.write_text(json.dumps(data))
    raw.unlink(missing_ok=True)
    log(f"baseline of {target.module}: {len(data['durations'])} tests in {time.monotonic() - started:.0f} s")
    return Baseline(data)


@dataclass
class _Running:
    mutant: Mutant
    started: float
    wall: float
    report: Path


def run(
    target: Target,
    chosen: Sequence[Mutant],
    base: Baseline,
    results: dict[str, dict[str, Any]],
    save: Any,
    jobs: int = 1,
    log: Any = print,
    skip: Any = lambda ident: False,
) -> None:
    """Run each mutant of ``chosen`` not in ``results`` yet, recording its verdict there
    (``save()`` is called after each); ``skip(id)``, asked just before a mutant runs, passes
    over the mutants listed as equivalent meanwhile."""
    todo = [m for m in chosen if m.id not in results]
    folder = STATE / target.slug
    running: dict[int, _Running] = {}
    done = len(chosen) - len(todo)
    total = len(chosen)

    def finish(pid: int, status: int | None) -> None:
        nonlocal done
        job = running.pop(pid)
        seconds = time.monotonic() - job.started
        killer = job.report.read_text() if job.report.exists() else ""
        job.report.unlink(missing_ok=True)
        if status is None:
            verdict = TIMEOUT
        elif os.WIFSIGNALED(status):
            verdict = TIMEOUT if os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL) else KILLED
            killer = killer or f"signal {os.WTERMSIG(status)}"
        else:
            # the baseline ran the same arguments, so any failure is the mutant's (status 4 is a
            # conftest that no longer imports)
            code = os.WEXITSTATUS(status)
            verdict = SURVIVED if code == 0 else KILLED
            killer = killer or f"pytest status {code}" * (code != 0)
        results[job.mutant.id] = {"verdict": verdict, "seconds": round(seconds, 2), "killer": killer}
        if killer.startswith(("tests/", "src/")):
            scope = killers.setdefault(job.mutant.id.rsplit(":", 1)[0], {})
            scope[killer] = scope.get(killer, 0) + 1
        save()
        done += 1
        shown = f" ({job.mutant.line}) {job.mutant.diff}" if verdict == SURVIVED else f" by {killer}"
        log(f"[{done}/{total}] {verdict:8} {job.mutant.id} {seconds:.1f}s{shown}")

    killers: dict[str, dict[str, int]] = {}  # scope -> tests that killed its mutants, and how often
    for ident, verdict in results.items():
        if verdict.get("killer", "").startswith(("tests/", "src/")):
            scope = killers.setdefault(ident.rsplit(":", 1)[0], {})
            scope[verdict["killer"]] = scope.get(verdict["killer"], 0) + 1
    for mutant in todo:
        if skip(mutant.id):
            done += 1
            log(f"[{done}/{total}] equivalent {mutant.id}")
            continue
        tests = base.tests_for(mutant)
        # the tests that killed other mutants of the same function first (fastest first, as
        # the others: the sort is stable)
        known = killers.get(mutant.id.rsplit(":", 1)[0], {})
        tests.sort(key=lambda nodeid: nodeid not in known)
        if not tests:
            results[mutant.id] = {"verdict": UNCOVERED, "seconds": 0.0, "killer": ""}
            save()
            done += 1
            log(f"[{done}/{total}] {UNCOVERED:8} {mutant.id} ({mutant.line}) {mutant.diff}")
            continue
        while len(running) >= jobs:
            _wait_one(running, finish)
        estimate = base.seconds(tests)
        cpu = int(3 * estimate) + 30
        report = folder / f"report.{mutant.index}"
        report.unlink(missing_ok=True)
        pid = _fork(_run_mutant_child, target, mutant, tests, report, cpu)
        running[pid] = _Running(mutant, time.monotonic(), 4 * cpu + 60, report)
    while running:
        _wait_one(running, finish)


def _wait_one(running: dict[int, _Running], finish: Any) -> None:
    while True:
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid:
            finish(pid, status)
            return
        now = time.monotonic()
        for pid, job in list(running.items()):
            if now - job.started > job.wall:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                finish(pid, None)
                return
        time.sleep(0.02)
