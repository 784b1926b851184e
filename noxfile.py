"""The test matrix: the one built wheel, tested on every supported Python.

Build the distributions once, then run a session per Python::

    python -m build                  # dist/ginrummy-X.tar.gz and dist/ginrummy-X-py3-none-any.whl
    nox                              # every session: tests-3.10, tests-3.11, ...
    nox -s tests-3.12 -- -x -q       # one session; words after -- go to pytest

The supported Pythons are the ``Programming Language :: Python :: 3.X`` classifiers of
``pyproject.toml``: one list for the package's metadata, this matrix and the GitHub workflows
(which ask ``nox --list --json`` for the sessions).

A session builds nothing. It takes the wheel and the sdist from ``$GINRUMMY_DIST`` (default
``dist/``), which must hold exactly one of each, installs the wheel with its ``test`` extra
into a new virtual environment, unpacks the sdist into a new temporary directory outside the
source tree, deletes the sdist's ``src/`` there, and runs the plain ``pytest`` in it: the
project's own configuration, tests, docs and examples, with nothing importable but the
installed wheel (the sdist's ``src/`` is moved outside the tree, where only the differential
test of ``tests/test_build_kind.py`` reads it, through ``$GINRUMMY_PURE_SOURCE``). A module or
data file missing from the wheel fails the session, and so does a test, doc or example missing
from the sdist. ``$GINRUMMY_DIST`` is passed on to the tests,
which list the files of those two distributions (``tests/test_packaging.py``).

On a machine with pyenv, the interpreters pyenv has installed are found even when they are
not on ``PATH`` (pyenv's shims answer only for the selected versions).
"""

from __future__ import annotations

import os
import re
import shutil
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
    pure = scratch.parent / f"{scratch.name}-pure"
    try:
        tree = _unpack(sdist, scratch)
        shutil.move(tree / "src", pure)  # out of the tree: only the differential test reads it
        session.chdir(tree)
        session.run(
            "python",
            "-c",
            "import ginrummy, sys, sysconfig; from pathlib import Path; "
            "where = Path(ginrummy.__file__).resolve(); print('ginrummy under test:', where); "
            "sys.exit(not where.is_relative_to(Path(sysconfig.get_paths()['purelib']).resolve()))",
        )
        session.run(
            "pytest", *session.posargs, env={"GINRUMMY_DIST": str(dist), "GINRUMMY_PURE_SOURCE": str(pure)}
        )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.rmtree(pure, ignore_errors=True)


@nox.session(python=PYTHONS)
def compiled(session: nox.Session) -> None:
    """The compiled build: make its wheel from the sdist (``GINRUMMY_COMPILE=1``), install it with
    the ``test`` extra and run ``pytest`` in the unpacked sdist as :func:`tests` does.

    Not a default session (``nox -s compiled-3.11``; ``.ci/run`` runs one, the GitHub workflow
    all). The sdist's ``src/`` is kept aside, not deleted: the differential test
    (``tests/test_build_kind.py``) plays the same games on it, the pure build, through
    ``$GINRUMMY_PURE_SOURCE``. ``$GINRUMMY_DIST`` is the compiled wheel and the sdist.
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
        (scratch / "tree").mkdir()
        tree = _unpack(sdist, scratch / "tree")
        pure = scratch / "pure"
        shutil.move(tree / "src", pure)
        session.chdir(tree)
        session.run(
            "python",
            "-c",
            "import ginrummy, sys; print('compiled:', ginrummy.COMPILED); sys.exit(not ginrummy.COMPILED)",
        )
        session.run(
            "pytest", *session.posargs, env={"GINRUMMY_DIST": str(built), "GINRUMMY_PURE_SOURCE": str(pure)}
        )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
