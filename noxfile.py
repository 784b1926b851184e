"""The test matrix: the one built wheel, tested on every supported Python.

Build the distributions once, then run a session per Python::

    python -m build                  # dist/ginrummy-X.tar.gz and dist/ginrummy-X-py3-none-any.whl
    nox                              # every session: tests-3.10, tests-3.11, ...
    nox -s tests-3.12 -- -x -q       # one session; words after -- go to pytest

The supported Pythons are the ``Programming Language :: Python :: 3.X`` classifiers of
``pyproject.toml``: one list for the package's metadata, this matrix and the GitHub workflows
(which ask ``nox --list --json`` for the sessions).

A ``tests`` session builds nothing. It takes the wheel and the sdist from ``$GINRUMMY_DIST`` (default
``dist/``), which must hold exactly one of each, installs the wheel with its ``test`` extra
into a new virtual environment, unpacks the sdist into a new temporary directory outside the
source tree, deletes the sdist's ``src/`` there, and runs the plain ``pytest`` in it: the
project's own configuration, tests, docs and examples, with nothing importable but the
installed wheel (the sdist's ``src/`` is moved outside the tree, where only the differential
test of ``tests/test_build_kind.py`` reads it, through ``$GINRUMMY_PURE_SOURCE``). A module or
data file missing from the wheel fails the session, and so does a test, doc or example missing
from the sdist. ``$GINRUMMY_DIST`` is passed on to the tests,
which list the files of those two distributions (``tests/test_packaging.py``).

Two sessions more, neither a default: ``compiled-X.Y`` builds the compiled wheel from the sdist
(``GINRUMMY_COMPILE=1``) and runs the same suite on it; ``installed`` runs it on a wheel that
something else installed (the release's compiled wheels, which cibuildwheel builds and
installs: ``[tool.cibuildwheel]`` in ``pyproject.toml``). Each session first checks that the
``ginrummy`` imported is the installed one, of the build it expects.

On a machine with pyenv, the interpreters pyenv has installed are found even when they are
not on ``PATH`` (pyenv's shims answer only for the selected versions).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import sysconfig
import tarfile
import tempfile
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent
PYTHONS = nox.project.python_versions(nox.project.load_toml(ROOT / "pyproject.toml"))

nox.options.default_venv_backend = "venv"
nox.options.error_on_missing_interpreters = True  # a missing Python fails the run, never skips
nox.options.sessions = ["tests"]


def _pyenv_bin_directories() -> list[str]:
    """The ``bin`` directory of the newest pyenv-installed CPython of each supported version."""
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    found = []
    for version in PYTHONS:
        pattern = re.compile(rf"{re.escape(version)}\.(\d+)")
        candidates = [
            (int(match.group(1)), path)
            for path in (root.iterdir() if root.is_dir() else [])
            if (match := pattern.fullmatch(path.name)) and (path / "bin" / f"python{version}").exists()
        ]
        if candidates:
            found.append(str(max(candidates)[1] / "bin"))
    return found


os.environ["PATH"] = os.pathsep.join([*_pyenv_bin_directories(), os.environ.get("PATH", "")])


def _the_built_files(dist: Path) -> tuple[Path, Path]:
    """The one wheel and the one sdist in ``dist``, of the same version."""
    wheels = sorted(dist.glob("ginrummy-*.whl"))
    sdists = sorted(dist.glob("ginrummy-*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        raise ValueError(
            f"{dist} must hold one wheel and one sdist of ginrummy (found {len(wheels)} and "
            f"{len(sdists)}): run 'python -m build' first, into an empty directory"
        )
    wheel_version = wheels[0].name.split("-")[1]
    sdist_version = sdists[0].name.removeprefix("ginrummy-").removesuffix(".tar.gz")
    if wheel_version != sdist_version:
        raise ValueError(f"the wheel is version {wheel_version} but the sdist {sdist_version}")
    return wheels[0], sdists[0]


def _unpack(sdist: Path, into: Path) -> Path:
    """Unpack ``sdist`` into the directory ``into`` and return its top directory."""
    with tarfile.open(sdist) as archive:
        if hasattr(tarfile, "data_filter"):
            archive.extractall(into, filter="data")
        else:  # Python before 3.10.12 / 3.11.4: no extraction filters
            archive.extractall(into)  # our own sdist, built in this run
    (top,) = into.iterdir()
    return top


_WHICH_BUILD = (
    "import ginrummy, sys, sysconfig; from pathlib import Path; "
    "where = Path(ginrummy.__file__).resolve(); "
    "print('ginrummy under test:', where, '- compiled:', ginrummy.COMPILED); "
    "sites = {Path(sysconfig.get_paths()[k]).resolve() for k in ('purelib', 'platlib')}; "
    "installed = any(where.is_relative_to(s) for s in sites); "
    "sys.exit(None if installed and str(ginrummy.COMPILED) == sys.argv[1] else "
    "f'expected the installed ginrummy, with COMPILED = {sys.argv[1]}')"
)
"""Run with the expected value of ``ginrummy.COMPILED``: fails unless the ``ginrummy`` imported
is the installed one (in site-packages) and of that build."""


def _run_the_suite(
    session: nox.Session,
    sdist: Path,
    dist: Path,
    scratch: Path,
    *,
    compiled: bool,
    pytest_args: list[str],
    python: str = "python",
    pytest: str = "pytest",
) -> None:
    """Run ``pytest`` in ``sdist`` unpacked into ``scratch``, on the ``ginrummy`` installed in
    the session's environment, which must be the compiled build if ``compiled``, else the pure
    one. The sdist's ``src/`` is moved out of the tree, to ``scratch/pure``: only the
    differential test (``tests/test_build_kind.py``) reads it, through
    ``$GINRUMMY_PURE_SOURCE``. ``dist`` (``$GINRUMMY_DIST`` for the tests) holds the wheel
    under test and the sdist."""
    (scratch / "tree").mkdir()
    tree = _unpack(sdist, scratch / "tree")
    pure = scratch / "pure"
    shutil.move(tree / "src", pure)
    session.chdir(tree)
    session.run(python, "-c", _WHICH_BUILD, str(compiled))
    session.run(pytest, *pytest_args, env={"GINRUMMY_DIST": str(dist), "GINRUMMY_PURE_SOURCE": str(pure)})


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Install the built wheel with the ``test`` extra and run ``pytest`` in the unpacked sdist."""
    dist = Path(os.environ.get("GINRUMMY_DIST", ROOT / "dist")).resolve()
    try:
        wheel, sdist = _the_built_files(dist)
    except ValueError as error:
        session.error(str(error))
    session.install(f"{wheel}[test]")
    scratch = Path(tempfile.mkdtemp(prefix=f"ginrummy-{session.name}-"))
    try:
        _run_the_suite(session, sdist, dist, scratch, compiled=False, pytest_args=session.posargs)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


@nox.session(python=PYTHONS)
def compiled(session: nox.Session) -> None:
    """The compiled build: make its wheel from the sdist (``GINRUMMY_COMPILE=1``), install it with
    the ``test`` extra and run ``pytest`` in the unpacked sdist as :func:`tests` does.

    Not a default session (``nox -s compiled-3.11``): the GitHub workflow runs all four,
    ``.ci/run`` the one of its own Python (``docs/design.md``, "The compiled build").
    ``$GINRUMMY_DIST`` is the sdist (with the pure wheel); the tests get the compiled wheel and
    the sdist there.
    """
    dist = Path(os.environ.get("GINRUMMY_DIST", ROOT / "dist")).resolve()
    try:
        _, sdist = _the_built_files(dist)
    except ValueError as error:
        session.error(str(error))
    scratch = Path(tempfile.mkdtemp(prefix=f"ginrummy-{session.name}-"))
    try:
        built = scratch / "dist"
        session.install("pip>=23.1")
        session.run(
            "python", "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(built), str(sdist),
            env={"GINRUMMY_COMPILE": "1"},
        )  # fmt: skip
        shutil.copy(sdist, built)
        wheel, _ = _the_built_files(built)
        session.install(f"{wheel}[test]")
        _run_the_suite(session, sdist, built, scratch, compiled=True, pytest_args=session.posargs)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


@nox.session(python=False)
def installed(session: nox.Session) -> None:
    """The suite on a wheel already installed in the environment nox runs in: the test step of
    the release's compiled wheels (``[tool.cibuildwheel]`` in ``pyproject.toml``), where
    cibuildwheel has installed the wheel with its ``test`` extra::

        nox -f ginrummy-X/noxfile.py -s installed -- WHEEL [pytest arguments]

    ``WHEEL`` is the installed wheel's file; the sdist it was built from is the one in
    ``$GINRUMMY_DIST`` (default: ``dist/`` beside this file, where the release workflow puts
    it). The session installs nothing: it runs ``pytest`` in the unpacked sdist as :func:`tests`
    does, with this interpreter and its ``pytest``, and checks first that the ``ginrummy``
    imported is the installed one and the build the wheel's name says (compiled unless the
    wheel is ``py3-none-any``).
    """
    if not session.posargs or not session.posargs[0].endswith(".whl"):
        session.error("give the installed wheel first: nox -s installed -- WHEEL [pytest arguments]")
    given = Path(session.posargs[0]).resolve()
    where = Path(os.environ.get("GINRUMMY_DIST", ROOT / "dist")).resolve()
    sdists = sorted(where.glob("ginrummy-*.tar.gz"))
    if len(sdists) != 1:
        session.error(f"{where} must hold the one sdist of ginrummy (found {len(sdists)})")
    pytest = shutil.which("pytest", path=sysconfig.get_path("scripts"))
    if pytest is None:
        session.error(f"no pytest in {sysconfig.get_path('scripts')}: install the wheel with its test extra")
    scratch = Path(tempfile.mkdtemp(prefix=f"ginrummy-{session.name}-"))
    try:
        dist = scratch / "dist"
        dist.mkdir()
        shutil.copy(given, dist)
        shutil.copy(sdists[0], dist)
        try:
            wheel, sdist = _the_built_files(dist)
        except ValueError as error:
            session.error(str(error))
        compiled = not wheel.name.endswith("-py3-none-any.whl")
        _run_the_suite(
            session, sdist, dist, scratch, compiled=compiled, pytest_args=session.posargs[1:],
            python=sys.executable, pytest=pytest,
        )  # fmt: skip
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
