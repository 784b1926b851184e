"""Citations point at the repository: every file a docstring or comment of ``src/`` or
``tests/`` names exists, every cited section of the rules page and every cited convention
exists, and a quotation «...» of a cited file is that file's text (docs/conventions.md,
"Citations").

The rules and the conventions used to be cited from files kept outside the repository; these
tests keep every citation one a reader can follow.
"""

from __future__ import annotations

import ast
import functools
import io
import itertools
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

import ginrummy
from repository import ROOT, TESTS

PACKAGE = Path(ginrummy.__file__).resolve().parent
"""The package read: ``src/ginrummy`` in a checkout, the installed wheel's in the matrix."""

RULES_PAGE = "docs/rules.rst"
CONVENTIONS = "docs/conventions.md"

CITED_PATH = re.compile(r"(?<![\w./-])([A-Za-z_][\w/.-]*\.(?:md|rst|py|toml))(?![\w-])")
"""A file name or path as the code cites one (``docs/rules.rst``, ``oracle.py``)."""

NOT_PATHS = {
    "house.toml": "the example ruleset file of the ruleset files' docs and tests",
    "mybot.py": "the module of a custom bot that the tests write to a temporary folder",
}
"""Names the pattern finds that are not citations of a file of the repository, and why."""

OUTSIDE_THE_SDIST = ("mutation/", ".ci/", ".github/")
"""Folders of the repository that the sdist leaves out (MANIFEST.in): the suite also runs in an
unpacked sdist, where a citation of them cannot be followed."""


def _sources() -> list[tuple[str, Path, str]]:
    """Every source read: (the name a message shows, its path, its text), the package's
    modules (as ``src/ginrummy/...``) and the test modules."""
    found = [
        (f"src/ginrummy/{path.relative_to(PACKAGE).as_posix()}", path, path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
    ]
    found += [
        (f"tests/{path.relative_to(TESTS).as_posix()}", path, path.read_text(encoding="utf-8"))
        for path in sorted(TESTS.rglob("*.py"))
    ]
    return found


def prose(source: str) -> Iterator[tuple[int, str]]:
    """The docstrings (of the module, classes, functions and attributes) and the comments of
    ``source``, each with its first line: the text a reader reads as prose, not the strings
    the code uses (file names of a test's temporary files are not citations).

    >>> source = "x = 'house.toml'  # see README.md\\nclass C:\\n    'As in noxfile.py.'\\n"
    >>> [text for _, text in prose(source)]
    ['As in noxfile.py.', 'see README.md']
    """
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for statement in body:
                if (
                    isinstance(statement, ast.Expr)
                    and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str)
                ):
                    yield statement.lineno, statement.value.value
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string.lstrip("#").strip()


@functools.cache
def _prose(source: str) -> tuple[tuple[int, str], ...]:
    """:func:`prose` of ``source``, read once for the three checks."""
    return tuple(prose(source))


def _resolved(cited: str, citing: Path) -> Path | None:
    """The file of the repository that ``cited`` names, or None: a path from its root
    (``src/`` read in the package under test), a file beside the citing one, a helper module
    of ``tests/`` (cited by a test file one folder down), or a file of the root."""
    if cited.startswith("src/ginrummy/"):
        candidates = [PACKAGE / cited.removeprefix("src/ginrummy/")]
    else:
        candidates = [ROOT / cited, citing.parent / cited, TESTS / cited]
    return next((path for path in candidates if path.is_file()), None)


def _exists(cited: str, citing: Path) -> bool:
    """Whether ``cited`` names a file of the repository (or of a folder the sdist leaves out,
    when the suite runs without it)."""
    if cited.startswith(OUTSIDE_THE_SDIST) and not (ROOT / cited.split("/")[0]).exists():
        return True
    return _resolved(cited, citing) is not None


def missing_files(sources: list[tuple[str, Path, str]]) -> list[str]:
    """Each citation of a file that is not in the repository, as ``where: name``."""
    return [
        f"{name}:{line}: {cited}"
        for name, path, text in sources
        for line, words in _prose(text)
        for cited in CITED_PATH.findall(words)
        if cited not in NOT_PATHS and not _exists(cited, path)
    ]


def _flat(text: str) -> str:
    """``text`` as a reader reads it: no markup (reStructuredText roles and literals, Markdown
    code and emphasis, the guillemets of a quotation inside a quotation), dashes as hyphens,
    one space between words, in lower case."""
    text = re.sub(r":[a-z]+:`~?([^`<]*?)(?: <[^>]*>)?`", r"\1", text)
    for mark in ("``", "`", "**", "*", "«", "»"):
        text = text.replace(mark, "")
    text = text.replace("\u2013", "-").replace("\u2212", "-")  # en dash, minus sign
    return " ".join(text.split()).lower()


def _sections(page: str) -> set[int]:
    """The numbers of the sections of the rules page (a title ``6. Scoring a round`` with its
    underline)."""
    lines = page.splitlines()
    return {
        int(match.group(1))
        for title, under in itertools.pairwise(lines)
        if (match := re.match(r"(\d+)\. \S", title)) and re.fullmatch(r"-{3,}", under)
    }


def _conventions(text: str) -> set[int]:
    """The numbers of the conventions (the numbered list under ``## Conventions``)."""
    part = text.split("## Conventions", 1)[1].split("\n## ", 1)[0]
    return {int(number) for number in re.findall(r"^(\d+)\. ", part, re.M)}


SECTION = re.compile(r"(docs/rules\.rst|docs/conventions\.md) §(\d+)((?:(?:, | and | to |/|-)§?\d+)*)")
"""A citation of numbered parts: ``docs/rules.rst §1 and §4``, ``docs/rules.rst §2-6``."""


def missing_sections(sources: list[tuple[str, Path, str]]) -> list[str]:
    """Each cited section of the rules page or convention that the file does not have."""
    have = {
        RULES_PAGE: _sections((ROOT / RULES_PAGE).read_text(encoding="utf-8")),
        CONVENTIONS: _conventions((ROOT / CONVENTIONS).read_text(encoding="utf-8")),
    }
    found = []
    for name, _, text in sources:
        for line, words in _prose(text):
            for match in SECTION.finditer(" ".join(words.split())):
                numbers = [int(match.group(2)), *map(int, re.findall(r"\d+", match.group(3)))]
                found += [
                    f"{name}:{line}: {match.group(1)} §{n}" for n in numbers if n not in have[match.group(1)]
                ]
    return found


SOURCE = re.compile(r"docs/rules\.rst|docs/conventions\.md|[\w/-]+\.(?:md|rst|py|toml)|\bAPI\b|«")
"""What a quotation is read from: the last file (or ``API:``) named before it."""


def misquoted(sources: list[tuple[str, Path, str]]) -> list[str]:
    """Each quotation «...» after a citation of a file (the rules page, the conventions, a
    module) that is not that file's text (a quotation may leave words out as ``...`` or
    ``[...]``), and each one after ``API:``, whose text the repository does not hold."""
    pages: dict[Path, str] = {}
    found = []
    for name, citing, text in sources:
        for line, words in _prose(text):
            source = None
            position = 0
            while match := SOURCE.search(words, position):
                if match.group() != "«":
                    source, position = match.group(), match.end()
                    continue
                end = words.find("»", match.end())
                inner = words.find("«", match.end())
                while 0 <= inner < end:  # a quotation inside the quotation
                    end = words.find("»", end + 1)
                    inner = words.find("«", inner + 1)
                quote = words[match.end() : end]
                position = end + 1
                if source == "API":
                    found.append(f"{name}:{line}: «{quote}» quotes a text the repository does not hold")
                elif source is not None and (path := _resolved(source, citing)) is not None:
                    if path not in pages:
                        pages[path] = _flat(path.read_text(encoding="utf-8"))
                    parts = re.split(r"\.\.\.|\[[^\]]*\]", quote)
                    if not all(_flat(part).strip(" .,;:") in pages[path] for part in parts):
                        found.append(f"{name}:{line}: «{quote}» is not in {source}")
    return found


def test_every_file_cited_in_the_code_and_the_tests_exists() -> None:
    """A docstring or comment of ``src/`` or ``tests/`` that names a file (``docs/design.md``,
    ``oracle.py``) names one of the repository."""
    assert [] == missing_files(_sources())


def test_every_cited_rule_section_and_convention_exists() -> None:
    """``docs/rules.rst §N`` is a numbered section of the rules page, ``docs/conventions.md
    §N`` a numbered convention."""
    assert [] == missing_sections(_sources())


def test_quotations_of_the_rules_and_the_conventions_are_their_text() -> None:
    """A quotation «...» that follows a citation of the rules page or the conventions is in
    that file, and no quotation is of a text outside the repository."""
    assert [] == misquoted(_sources())


def test_the_rules_page_numbers_sections_one_to_eight_and_the_conventions_fourteen() -> None:
    """The rules page has the eight numbered sections the code cites (the specification the
    library implements), and the conventions are numbered 1 to 14."""
    assert set(range(1, 9)) == _sections((ROOT / RULES_PAGE).read_text(encoding="utf-8"))
    assert set(range(1, 15)) == _conventions((ROOT / CONVENTIONS).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('"""The deal (RULES.md section 2)."""\n', ["x.py:1: RULES.md"]),
        ("# as STYLE.md says\nx = 1\n", ["x.py:1: STYLE.md"]),
        ('"""See docs/design.md and tests/no_such_test.py."""\n', ["x.py:1: tests/no_such_test.py"]),
        ('x = "house.toml"  # the string is not prose\n', []),
    ],
)
def test_a_citation_of_a_file_outside_the_repository_is_found(source: str, expected: list[str]) -> None:
    """The check can fail: a docstring or comment naming a file the repository does not have
    is reported with its line; a file name in code (not prose) is not a citation."""
    assert expected == missing_files([("x.py", ROOT / "tests" / "x.py", source)])


def test_a_missing_section_and_a_misquotation_are_found() -> None:
    """The checks can fail: a section the rules page does not have, a convention past the
    last, words the page or a module does not say, and a quotation of ``API:`` are reported."""
    source = (
        '"""docs/rules.rst §9 and §2, docs/conventions.md §15: «Gin can never be undercut»,'
        " docs/rules.rst §6: «gin can be undercut»; API: «a promise»; src/ginrummy/phase.py:"
        ' «the phases of a game»."""\n'
    )
    sources = [("x.py", ROOT / "tests" / "x.py", source)]
    assert ["x.py:1: docs/rules.rst §9", "x.py:1: docs/conventions.md §15"] == missing_sections(sources)
    assert [
        "x.py:1: «Gin can never be undercut» is not in docs/conventions.md",
        "x.py:1: «gin can be undercut» is not in docs/rules.rst",
        "x.py:1: «a promise» quotes a text the repository does not hold",
        "x.py:1: «the phases of a game» is not in src/ginrummy/phase.py",
    ] == misquoted(sources)
