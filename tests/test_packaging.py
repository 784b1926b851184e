"""What is shipped: the files of the wheel and of the sdist, their metadata and the version.

The distributions are those in ``$GINRUMMY_DIST``: the test matrix (``noxfile.py``) and
``.ci/run`` set it to the directory of the files built once for the run. Without it this
module builds them from the checkout with ``python -m build`` into a temporary directory
(a few seconds), as a release would.
"""

from __future__ import annotations

import email.parser
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from email.message import Message
from pathlib import Path

import pytest

import ginrummy as gr
from cli_helpers import cli_env
from repository import ROOT, compile_settings

"""The project: a checkout, or (in the test matrix) the unpacked sdist without its ``src``."""

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10: the back-port, a dependency there
    import tomli as tomllib

PACKAGE = Path(gr.__file__).resolve().parent
"""The package under test: ``src/ginrummy`` in a checkout, the installed wheel's in the matrix."""

SHIPPED_DIRECTORIES = ("tests", "docs", "examples", "benchmarks", "experiments", "training")
"""The directories the sdist holds whole, beside ``src``."""

SDIST_TOP_LEVEL = {
    "CHANGELOG.md",
    "CONTRIBUTING.md",
    "LICENSE",
    "MANIFEST.in",
    "PKG-INFO",
    "README.md",
    "build_backend",
    "noxfile.py",
    "pyproject.toml",
    "setup.cfg",
    "setup.py",
    "src",
    *SHIPPED_DIRECTORIES,
}
"""Everything at the top of the sdist: the sources, tests, docs, examples, benchmarks and
experiments, the build backend and ``setup.py`` of the compiled build, the test matrix, the
project's files, and what setuptools adds (``PKG-INFO``, ``setup.cfg``)."""

NOT_SHIPPED = re.compile(r"(^|/)(__pycache__|\.DS_Store|.*\.py[cod])(/|$)|^docs/_build/|^data/[^/]*\.npz$")
"""Files a checkout may hold that no distribution ships (MANIFEST.in's exclusions; training's
self-play data is made again by the training command)."""


@dataclass(frozen=True)
class Distributions:
    """The wheel and the sdist of one build, with the names of their files."""

    wheel: Path
    sdist: Path
    wheel_files: frozenset[str]
    """Every file of the wheel, by its path in the archive."""
    sdist_files: frozenset[str]
    """Every file of the sdist, by its path below the sdist's top directory."""

    def wheel_metadata(self) -> Message:
        """The wheel's ``METADATA``."""
        with zipfile.ZipFile(self.wheel) as archive:
            name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
            return email.parser.Parser().parsestr(archive.read(name).decode("utf-8"))

    def wheel_text(self, suffix: str) -> str:
        """The text of the one wheel file whose path ends with ``suffix``."""
        with zipfile.ZipFile(self.wheel) as archive:
            (name,) = [n for n in archive.namelist() if n.endswith(suffix)]
            return archive.read(name).decode("utf-8")

    def sdist_text(self, name: str) -> str:
        """The text of the sdist's file ``name`` (a path below its top directory)."""
        with tarfile.open(self.sdist) as archive:
            top = archive.getnames()[0].split("/")[0]
            member = archive.extractfile(f"{top}/{name}")
            assert member is not None
            return member.read().decode("utf-8")


def _the_built_files(directory: Path) -> Distributions:
    wheels = sorted(directory.glob("ginrummy-*.whl"))
    sdists = sorted(directory.glob("ginrummy-*.tar.gz"))
    assert (1, 1) == (len(wheels), len(sdists)), f"{directory}: {wheels} {sdists}"
    with zipfile.ZipFile(wheels[0]) as archive:
        wheel_files = frozenset(name for name in archive.namelist() if not name.endswith("/"))
    with tarfile.open(sdists[0]) as archive:
        sdist_files = frozenset(
            member.name.split("/", 1)[1] for member in archive.getmembers() if member.isfile()
        )
    return Distributions(wheels[0], sdists[0], wheel_files, sdist_files)


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Distributions:
    """The distributions of ``$GINRUMMY_DIST``, or built from the checkout when it is unset."""
    given = os.environ.get("GINRUMMY_DIST")
    if given:
        return _the_built_files(Path(given))
    directory = tmp_path_factory.mktemp("dist")
    built = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(directory), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert 0 == built.returncode, built.stdout[-3000:] + built.stderr[-3000:]
    return _the_built_files(directory)


def _files_below(directory: Path) -> set[str]:
    """Every file below ``directory`` that a distribution would ship, relative to it."""
    return {
        path.relative_to(directory).as_posix()
        for path in directory.rglob("*")
        if path.is_file() and not NOT_SHIPPED.search(path.relative_to(directory).as_posix())
    }


EXTENSION = re.compile(r"\.(cpython-[^/]*\.so|cp\d+-[^/]*\.pyd|[^/]*\.pyd)$")
"""The file name of a C extension of the compiled build (``cards.cpython-311-x86_64-linux-gnu.so``)."""


def _extensions(dist: Distributions) -> set[str]:
    """The C extensions of the wheel: in the compiled build, one per module of the build's list
    and the library they share (``ginrummy__mypyc``, at the top); none in the pure build."""
    found = {name for name in dist.wheel_files if EXTENSION.search(name)}
    if not gr.COMPILED:
        assert set() == found
        return found
    compiled = {f"ginrummy/{module.removesuffix('.py')}" for module in compile_settings().COMPILED_MODULES}
    assert sorted(compiled) == sorted(
        EXTENSION.sub("", name) for name in found if name.startswith("ginrummy/")
    )
    assert ["ginrummy__mypyc"] == [EXTENSION.sub("", name) for name in found if "/" not in name]
    return found


def _version_words(version: str) -> tuple[str, bool]:
    """The release a version leads to (``0.1.0`` for ``0.1.0.dev0``) and whether it is it."""
    match = re.fullmatch(r"(\d+\.\d+\.\d+)(.*)", version)
    assert match is not None, version
    return match.group(1), match.group(2) == ""


def test_the_wheel_holds_the_package_its_type_marker_and_schema_and_nothing_else(dist: Distributions) -> None:
    """The wheel's files are the package's modules (every ``.py`` file under the sdist's
    ``src/ginrummy``), ``py.typed``, the JSON schema, the packaged model files
    (``neural/data/*.json``), the presets' tunings (``bots/data/*.json``) and the wheel's own metadata: nothing is missing, nothing else is
    shipped; the compiled build's wheel adds its C extensions, beside the same modules."""
    sources = {name.removeprefix("src/") for name in dist.sdist_files if name.startswith("src/ginrummy/")}
    modules = {name for name in sources if name.endswith(".py")}
    models = {name for name in sources if re.fullmatch(r"ginrummy/(neural|bots)/data/[^/]+\.json", name)}
    version = gr.__version__
    info = f"ginrummy-{version}.dist-info"
    expected = modules | models | {"ginrummy/py.typed", "ginrummy/io/schema.json"}
    expected |= {f"{info}/{name}" for name in ("METADATA", "WHEEL", "RECORD", "entry_points.txt")}
    expected |= {f"{info}/top_level.txt", f"{info}/licenses/LICENSE"}
    extensions = _extensions(dist)
    expected |= extensions
    assert sorted(expected) == sorted(dist.wheel_files)
    assert sources | extensions == {name for name in dist.wheel_files if not name.startswith(info)}
    assert 40 <= len(modules)


def test_the_package_under_test_is_the_package_shipped(dist: Distributions) -> None:
    """Every file of the package the tests import is in the wheel and the other way round: in
    a checkout, a file of ``src/ginrummy`` the build leaves out fails here; in the matrix, the
    tests ran on exactly the wheel's files."""
    on_disk = {f"ginrummy/{name}" for name in _files_below(PACKAGE)}
    assert sorted(on_disk) == sorted(name for name in dist.wheel_files if name.startswith("ginrummy/"))


def test_the_sdist_holds_sources_tests_docs_examples_and_the_project_files(dist: Distributions) -> None:
    """The sdist's top level is the sources, tests, docs, examples, benchmarks, experiments,
    training, the test matrix and the project's files; each shipped directory is there whole, as
    it is in the project (less caches and built docs); ``src`` holds the package and
    setuptools' record."""
    assert sorted(SDIST_TOP_LEVEL) == sorted({name.split("/")[0] for name in dist.sdist_files})
    for directory in SHIPPED_DIRECTORIES:
        shipped = {name.split("/", 1)[1] for name in dist.sdist_files if name.startswith(f"{directory}/")}
        assert sorted(_files_below(ROOT / directory)) == sorted(shipped), directory
    assert {"ginrummy", "ginrummy.egg-info"} == {
        name.split("/")[1] for name in dist.sdist_files if name.startswith("src/")
    }
    assert {"tests/conftest.py", "docs/conf.py", "docs/_ext/apipages.py", "examples/web/server.py"} <= (
        dist.sdist_files
    )
    assert (ROOT / "README.md").read_text(encoding="utf-8") == dist.sdist_text("README.md")


def test_the_version_has_one_source(dist: Distributions) -> None:
    """``ginrummy.__version__`` (from ``src/ginrummy/_version.py``) is the version of both files and of
    their metadata; ``pyproject.toml`` reads it from there, and no other module of the
    package writes it."""
    version = gr.__version__
    tag = f"cp3{sys.version_info.minor}-cp3{sys.version_info.minor}-" if gr.COMPILED else "py3-none-any"
    assert dist.wheel.name.startswith(f"ginrummy-{version}-{tag}") and dist.wheel.name.endswith(".whl")
    assert f"ginrummy-{version}.tar.gz" == dist.sdist.name
    assert version == dist.wheel_metadata()["Version"]
    assert f"Version: {version}" in dist.sdist_text("PKG-INFO").splitlines()
    pyproject = dist.sdist_text("pyproject.toml")
    project = pyproject.split("\n[project]\n", 1)[1].split("\n[", 1)[0]
    assert ['dynamic = ["version"]'] == re.findall(r"^(?:dynamic|version) = .*$", project, re.MULTILINE)
    assert 'version = { attr = "ginrummy._version.__version__" }' in pyproject.splitlines()
    writers = sorted(
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if re.search(rf"['\"]{re.escape(version)}['\"]", path.read_text(encoding="utf-8"))
    )
    assert ["_version.py"] == writers


def test_the_classifiers_name_every_tested_python(dist: Distributions) -> None:
    """The ``Python :: 3.X`` classifiers (the versions the matrix tests) start at the
    ``Requires-Python`` floor, leave no version out, and name the Python running this test."""
    metadata = dist.wheel_metadata()
    minors = sorted(
        int(match.group(1))
        for classifier in metadata.get_all("Classifier", [])
        if (match := re.fullmatch(r"Programming Language :: Python :: 3\.(\d+)", classifier))
    )
    assert ">=3.10" == metadata["Requires-Python"]
    assert list(range(10, minors[-1] + 1)) == minors
    assert 13 <= minors[-1]
    assert sys.version_info.minor in minors


def test_the_compiled_wheels_are_built_for_the_classified_pythons_and_tested_with_the_suite() -> None:
    """cibuildwheel's settings (``[tool.cibuildwheel]``, the release's compiled wheels) build
    CPython's wheels for exactly the ``Python :: 3.X`` classifiers, ask the build for the
    compiled build, and test each wheel with its ``test`` extra in a session of the noxfile
    that is given the wheel and installs nothing (``installed``: the suite on the wheel)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    minors = [
        match.group(1)
        for classifier in project["project"]["classifiers"]
        if (match := re.fullmatch(r"Programming Language :: Python :: 3\.(\d+)", classifier))
    ]
    settings = project["tool"]["cibuildwheel"]
    assert [f"cp3{minor}-*" for minor in minors] == settings["build"]
    assert {compile_settings().COMPILE_VARIABLE: "1"} == settings["environment"]
    assert ["test"] == settings["test-extras"]
    command = re.fullmatch(
        r"nox --noxfile \{package\}/noxfile\.py --sessions (\w+) -- \{wheel\}", settings["test-command"]
    )
    assert command is not None, settings["test-command"]
    assert f"@nox.session(python=False)\ndef {command.group(1)}(" in (ROOT / "noxfile.py").read_text(
        encoding="utf-8"
    )


def test_the_wheel_is_pure_python_with_markdown_readme(dist: Distributions) -> None:
    """One wheel serves every Python and platform (the compiled build's wheel: one Python and
    platform); PyPI shows the README as Markdown; the only runtime dependencies are ``attrs``
    and ``typing-extensions``, and ``tomli`` on Python 3.10 only (the back-port of 3.11's
    ``tomllib``, for TOML house rules), in both builds."""
    metadata = dist.wheel_metadata()
    wheel = dist.wheel_text(".dist-info/WHEEL")
    if gr.COMPILED:
        assert "Root-Is-Purelib: false" in wheel
        assert f"Tag: cp3{sys.version_info.minor}-cp3{sys.version_info.minor}-" in wheel
    else:
        assert "py3-none-any" in wheel
    assert "text/markdown" == metadata["Description-Content-Type"]
    assert "MIT" == metadata["License-Expression"]
    runtime = sorted(r for r in metadata.get_all("Requires-Dist", []) if "extra ==" not in r)
    assert ["attrs>=23.1", 'tomli>=1.1; python_version < "3.11"', "typing-extensions>=4.6"] == runtime


def test_the_project_urls_name_the_package_s_pypi_page(dist: Distributions) -> None:
    """The wheel's metadata carries the project's address: the PyPI page of this very package
    (``https://pypi.org/project/<name>/``, where the release workflow publishes), so ``pip``
    and PyPI's sidebar link to it; its release notes are that page's history."""
    metadata = dist.wheel_metadata()
    urls = dict(line.split(", ", 1) for line in metadata.get_all("Project-URL", []))
    page = f"https://pypi.org/project/{metadata['Name']}/"
    assert {"Homepage": page, "Release notes": page + "#history"} == urls


def test_the_ginrummy_command_prints_the_version(dist: Distributions) -> None:
    """``ginrummy --version`` (the wheel's console script, run as the installed script runs it)
    prints the program's name and the version, and exits with status 0."""
    assert "[console_scripts]\nginrummy = ginrummy.cli:main" in dist.wheel_text(".dist-info/entry_points.txt")
    script = "import sys; from ginrummy.cli import main; sys.argv[0] = 'ginrummy'; sys.exit(main())"
    done = subprocess.run(
        [sys.executable, "-c", script, "--version"],
        capture_output=True,
        text=True,
        env=cli_env(),
        timeout=60,
        check=False,
    )
    assert (0, f"ginrummy {gr.__version__}\n", "") == (done.returncode, done.stdout, done.stderr)


def test_the_changelog_opens_with_the_version_dated_only_when_released() -> None:
    """The changelog's first version section is the release this version leads to: headed
    ``[X.Y.Z] - Unreleased`` while the version is a development one (Keep a Changelog), and
    dated ``YYYY-MM-DD`` once ``src/ginrummy/_version.py`` says the release itself (docs/releasing.md)."""
    release, is_release = _version_words(gr.__version__)
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\](?: - (.*))?$", changelog, re.MULTILINE)
    assert headings, "no version section"
    name, date = headings[0]
    assert release == name
    if is_release:
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", date), f"the {release} section is not dated: {date!r}"
    else:
        assert "Unreleased" == date
