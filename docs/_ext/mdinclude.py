"""A small Sphinx extension: include a Markdown file by converting it to reStructuredText.

The project keeps ``README.md``, ``CHANGELOG.md`` and ``docs/design.md`` in Markdown and builds
its documentation with Sphinx alone, so this module converts the subset of Markdown those files
use and inserts the result where the directive stands::

    .. mdinclude:: ../README.md

The path is relative to the including document. The inserted text is parsed as part of that
document, exactly like the ``include`` directive, so Markdown headings become sections of the
including page. Headings map to these reStructuredText adornments::

    #     ====== above and below   (the page title)
    ##    ====== below
    ###   ------ below
    ####  ~~~~~~ below

An including page that adds headings of its own after the directive uses the same adornments
(for example ``====`` below a title to add a section beside the Markdown ``##`` sections). The
option ``:heading-offset: N`` demotes every Markdown heading by ``N`` levels.

Supported Markdown: ATX headings ``#`` to ``####``; paragraphs; ``-``, ``*`` and ``+`` bullet
lists and ``1.`` numbered lists, with continuation lines and nesting; fenced code blocks
(three backticks or tildes, with an optional language); block quotes; pipe tables; inline
code, ``**bold**``, ``*italic*``, ``[text](url)`` links, reference links whose definitions are in
the same file, and ``<https://...>`` autolinks. Thematic breaks are dropped. Anything else is
kept as text, with the characters reStructuredText would treat as markup escaped.
"""

from __future__ import annotations

import os
import re
import unicodedata
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

__all__ = ["MdIncludeDirective", "markdown_to_rst", "setup"]

# (adornment character, with an overline) for heading levels 1, 2, 3, ...
_ADORNMENTS = (("=", True), ("=", False), ("-", False), ("~", False), ("^", False), ('"', False))

_HEADING = re.compile(r"^(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`]*?)[ \t]*$")
_BULLET = re.compile(r"^(?P<indent>[ \t]*)(?P<marker>[-*+])(?:[ \t]+(?P<text>.*)|[ \t]*)$")
_ORDERED = re.compile(r"^(?P<indent>[ \t]*)(?P<marker>\d{1,9}[.)])(?:[ \t]+(?P<text>.*)|[ \t]*)$")
_THEMATIC_BREAK = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
_LINK_DEFINITION = re.compile(r"^ {0,3}\[(?P<label>[^\]]+)\]:[ \t]+<?(?P<url>[^ \t>]+)>?(?:[ \t]+.*)?$")
_QUOTE = re.compile(r"^ {0,3}>[ ]?(?P<text>.*)$")

# Inline Markdown, tried left to right; the first alternative that matches at a position wins.
_INLINE = re.compile(
    r"(?P<code>(?P<ticks>`+)(?P<code_text>.+?)(?P=ticks))"
    r"|(?P<autolink><(?P<autolink_url>(?:https?|mailto|ftp):[^ <>]+)>)"
    r"|(?P<link>\[(?P<link_text>(?:[^\[\]]|\[[^\[\]]*\])+)\]\((?P<link_url>[^ )]+)(?:[ \t]+\"[^\"]*\")?\))"
    r"|(?P<reflink>\[(?P<ref_text>[^\[\]]+)\](?:\[(?P<ref_label>[^\[\]]*)\])?)"
    r"|(?P<strong>\*\*(?=\S)(?P<strong_text>.+?)(?<=\S)\*\*"
    r"|(?<!\w)__(?=\S)(?P<strong_text2>.+?)(?<=\S)__(?!\w))"
    r"|(?P<em>\*(?=[^\s*])(?P<em_text>.+?)(?<=[^\s*])\*(?!\*)"
    r"|(?<!\w)_(?=[^\s_])(?P<em_text2>.+?)(?<=[^\s_])_(?!\w))"
    r"|(?P<url>https?://[^\s<>]*[^\s<>.,;:!?)\]'\"])"
)

# Characters that start or end reStructuredText inline markup, or escape it.
_RST_SPECIAL = re.compile(r"([\\*`_|])")

# A paragraph line that reStructuredText would read as the start of some other construct.
_RST_BLOCK_START = re.compile(
    r"^(?:[-*+•‣⁃](?:\s|$)"  # bullet list  # noqa: RUF001
    r"|(?:\d+|[a-zA-Z#]|[ivxlcdmIVXLCDM]+)[.)](?:\s|$)"  # enumerated list
    r"|\((?:\d+|[a-zA-Z#]|[ivxlcdmIVXLCDM]+)\)(?:\s|$)"  # enumerated list, (1) style
    r"|\.\.(?:\s|$)"  # explicit markup
    r"|::"  # literal block marker
    r"|\|(?:\s|$)"  # line block
    r"|>>>"  # doctest block
    r"|[+][-=+]"  # grid table
    r"|=+(?:\s|$)"  # simple table
    r"|:[^:\s][^:]*:(?:\s|$)"  # field list
    r"|-{1,2}\w|/\w"  # option list
    r"|([!-/:-@\[-`{-~])\1*\s*$)"  # a line of one punctuation character: an adornment
)


def _is_blank(line: str) -> bool:
    return not line.strip()


def _width(text: str) -> int:
    """The column width docutils gives ``text`` (wide East Asian characters count twice)."""
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text
    )


def _escape(text: str) -> str:
    """Plain text with every reStructuredText inline markup character escaped."""
    return _RST_SPECIAL.sub(r"\\\1", text)


def _escape_block_start(line: str) -> str:
    """Escape the first character of a paragraph line that would start another construct."""
    stripped = line.lstrip()
    if _RST_BLOCK_START.match(stripped) and not stripped.startswith("\\"):
        return "\\" + stripped
    return stripped


# Characters after which inline markup may start, and before which it may end, without an
# escaped space (a simplification of the docutils rules that errs on the safe side).
_OPEN_OK = set(" \t\n-:/'\"<([{")
_CLOSE_OK = set(" \t\n-.,:;!?/'\")]}>")


class _Inline:
    """Converts inline Markdown to reStructuredText, given the file's link definitions."""

    def __init__(self, definitions: dict[str, str]) -> None:
        self.definitions = definitions

    def convert(self, text: str) -> str:
        """The reStructuredText for one paragraph, cell or heading of Markdown text."""
        pieces: list[tuple[bool, str]] = []  # (is markup, text)
        pos = 0
        for match in _INLINE.finditer(text):
            markup = self._markup(match)
            if markup is None:
                continue
            if match.start() > pos:
                pieces.append((False, _escape(self._unescape(text[pos : match.start()]))))
            pieces.append((True, markup))
            pos = match.end()
        if pos < len(text):
            pieces.append((False, _escape(self._unescape(text[pos:]))))
        out: list[str] = []
        for i, (is_markup, piece) in enumerate(pieces):
            if is_markup:
                if out and out[-1] and out[-1][-1] not in _OPEN_OK:
                    out.append("\\ ")
                out.append(piece)
                following = pieces[i + 1][1] if i + 1 < len(pieces) else ""
                if following and following[0] not in _CLOSE_OK:
                    out.append("\\ ")
            else:
                out.append(piece)
        return "".join(out)

    @staticmethod
    def _unescape(text: str) -> str:
        """Drop Markdown backslash escapes (``\\*`` is a literal star)."""
        return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", text)

    def _plain(self, text: str) -> str:
        """Markdown text reduced to plain text, for places rst cannot nest markup."""
        text = re.sub(r"(`+)(.+?)\1", r"\2", text)
        text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
        text = re.sub(r"(\*\*|__|\*|_)(?=\S)(.+?)(?<=\S)\1", r"\2", text)
        return self._unescape(text)

    def _markup(self, match: re.Match[str]) -> str | None:
        if match.group("code") is not None:
            code = match.group("code_text")
            if code.strip() and code.startswith(" ") and code.endswith(" "):
                code = code[1:-1]
            if "``" in code or code != code.strip():
                return ":literal:`" + code.replace("\\", "\\\\").replace("`", "\\`") + "`"
            return "``" + code + "``"
        if match.group("autolink") is not None:
            return match.group("autolink_url")
        if match.group("link") is not None:
            return self._link(match.group("link_text"), match.group("link_url"))
        if match.group("reflink") is not None:
            label = match.group("ref_label") or match.group("ref_text")
            url = self.definitions.get(_label_key(label))
            if url is None:
                return None  # not a link: plain text in brackets
            return self._link(match.group("ref_text"), url)
        if match.group("strong") is not None:
            text = match.group("strong_text") or match.group("strong_text2")
            return "**" + _escape(self._plain(text)) + "**"
        if match.group("em") is not None:
            text = match.group("em_text") or match.group("em_text2")
            return "*" + _escape(self._plain(text)) + "*"
        if match.group("url") is not None:
            return match.group("url")
        return None

    def _link(self, text: str, url: str) -> str:
        label = _escape(self._plain(text)).replace("<", "\\<")
        return f"`{label} <{url}>`__"


def _label_key(label: str) -> str:
    return " ".join(label.lower().split())


class _Converter:
    """Converts the block structure of Markdown lines to reStructuredText lines."""

    def __init__(self, heading_offset: int, definitions: dict[str, str]) -> None:
        self.heading_offset = heading_offset
        self.inline = _Inline(definitions)

    def convert(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(lines):
            line = lines[i]
            if _is_blank(line) or _THEMATIC_BREAK.match(line) or _LINK_DEFINITION.match(line):
                i += 1
                continue
            if _FENCE.match(line):
                block, i = self._fenced_code(lines, i)
            elif _HEADING.match(line.lstrip()) and len(line) - len(line.lstrip()) < 4:
                block, i = self._heading(line.strip()), i + 1
            elif _BULLET.match(line) or _ORDERED.match(line):
                block, i = self._list(lines, i)
            elif _QUOTE.match(line):
                block, i = self._quote(lines, i)
            elif self._is_table(lines, i):
                block, i = self._table(lines, i)
            elif line.startswith(("    ", "\t")):
                block, i = self._indented_code(lines, i)
            else:
                block, i = self._paragraph(lines, i)
            if out:
                out.append("")
            out.extend(block)
        return out

    # -- blocks --------------------------------------------------------------------------

    def _heading(self, line: str) -> list[str]:
        match = _HEADING.match(line)
        assert match is not None
        level = len(match.group(1)) + self.heading_offset
        if level > len(_ADORNMENTS):
            raise ValueError(f"heading {line!r} is nested too deeply: level {level}")
        title = self.inline.convert((match.group(2) or "").strip())
        if not title:
            raise ValueError(f"empty heading {line!r}")
        char, overline = _ADORNMENTS[level - 1]
        rule = char * max(_width(title), 3)
        return [rule, title, rule] if overline else [title, rule]

    def _paragraph(self, lines: list[str], i: int) -> tuple[list[str], int]:
        text: list[str] = []
        while i < len(lines) and not _is_blank(lines[i]) and not (text and self._interrupts(lines, i)):
            text.append(lines[i].strip())
            i += 1
        converted = _escape_block_start(self.inline.convert(" ".join(text)))
        if converted.endswith("::"):
            converted = converted[:-1] + "\\:"  # not a literal block marker
        return [converted], i

    def _interrupts(self, lines: list[str], i: int) -> bool:
        """Whether line ``i`` ends the paragraph above it and starts a new block."""
        line = lines[i]
        bullet, ordered = _BULLET.match(line), _ORDERED.match(line)
        return bool(
            _FENCE.match(line)
            or _HEADING.match(line.lstrip())
            or _THEMATIC_BREAK.match(line)
            or _QUOTE.match(line)
            or (bullet is not None and bool(bullet.group("text")))
            or (ordered is not None and bool(ordered.group("text")) and ordered.group("marker")[:-1] == "1")
            or self._is_table(lines, i)
        )

    def _fenced_code(self, lines: list[str], i: int) -> tuple[list[str], int]:
        match = _FENCE.match(lines[i])
        assert match is not None
        fence, indent = match.group("fence"), len(match.group("indent"))
        language = (match.group("info").split() or ["text"])[0]
        body: list[str] = []
        i += 1
        while i < len(lines):
            closing = _FENCE.match(lines[i])
            if (
                closing
                and closing.group("fence")[0] == fence[0]
                and len(closing.group("fence")) >= len(fence)
                and not closing.group("info")
            ):
                i += 1
                break
            line = lines[i]
            body.append(line[min(indent, len(line) - len(line.lstrip(" "))) :])
            i += 1
        return _code_block(language, body), i

    def _indented_code(self, lines: list[str], i: int) -> tuple[list[str], int]:
        body: list[str] = []
        while i < len(lines) and (_is_blank(lines[i]) or lines[i].startswith(("    ", "\t"))):
            line = lines[i]
            body.append(line[1:] if line.startswith("\t") else line[4:])
            i += 1
        return _code_block("text", body), i

    def _quote(self, lines: list[str], i: int) -> tuple[list[str], int]:
        inner: list[str] = []
        while i < len(lines) and not _is_blank(lines[i]):
            match = _QUOTE.match(lines[i])
            inner.append(match.group("text") if match else lines[i])
            i += 1
        # an empty comment first, so that the quote is not read as part of the block above
        return ["..", ""] + ["    " + line if line else "" for line in self.convert(inner)], i

    def _list(self, lines: list[str], i: int) -> tuple[list[str], int]:
        first = _BULLET.match(lines[i]) or _ORDERED.match(lines[i])
        assert first is not None
        ordered = _BULLET.match(lines[i]) is None
        pattern = _ORDERED if ordered else _BULLET
        base = len(first.group("indent").expandtabs(4))
        marker_rst = "#. " if ordered else "- "
        out: list[str] = []
        loose = False  # whether the previous item spans several lines
        while i < len(lines):
            item = pattern.match(lines[i])
            if item is None or len(item.group("indent").expandtabs(4)) != base:
                break
            if not ordered and item.group("marker") != first.group("marker"):
                break
            content_indent = base + len(item.group("marker")) + 1
            body = [item.group("text") or ""]
            i += 1
            while i < len(lines):
                line = lines[i].expandtabs(4)
                if _is_blank(line):
                    # a blank line continues the item only if an indented line follows
                    j = i
                    while j < len(lines) and _is_blank(lines[j]):
                        j += 1
                    nxt = lines[j].expandtabs(4) if j < len(lines) else ""
                    if j < len(lines) and len(nxt) - len(nxt.lstrip()) >= content_indent:
                        body.extend([""] * (j - i))
                        i = j
                        continue
                    break
                indent = len(line) - len(line.lstrip())
                if indent >= content_indent or (
                    indent > base and not (_BULLET.match(line) or _ORDERED.match(line))
                ):
                    body.append(line[min(indent, content_indent) :])
                elif body[-1] and not _is_blank(body[-1]) and not self._starts_block(line):
                    body.append(line.strip())  # lazy continuation of the paragraph
                else:
                    break
                i += 1
            converted = self.convert(body) or [""]
            pad = " " * len(marker_rst)
            if out and (loose or len(converted) > 1 or any(_is_blank(b) for b in body)):
                out.append("")
            loose = len(converted) > 1
            out.append((marker_rst + converted[0]).rstrip())
            out.extend(pad + line if line else "" for line in converted[1:])
            # a list ends where the next line is blank and no item follows
            j = i
            while j < len(lines) and _is_blank(lines[j]):
                j += 1
            nxt_item = pattern.match(lines[j]) if j < len(lines) else None
            if nxt_item is None or len(nxt_item.group("indent").expandtabs(4)) != base:
                break
            if j > i:
                out.append("")
            i = j
        return out, i

    def _starts_block(self, line: str) -> bool:
        return bool(
            _FENCE.match(line)
            or _HEADING.match(line.lstrip())
            or _BULLET.match(line)
            or _ORDERED.match(line)
            or _QUOTE.match(line)
            or _THEMATIC_BREAK.match(line)
        )

    # -- tables --------------------------------------------------------------------------

    @staticmethod
    def _is_table(lines: list[str], i: int) -> bool:
        return (
            "|" in lines[i]
            and i + 1 < len(lines)
            and "-" in lines[i + 1]
            and _TABLE_SEPARATOR.match(lines[i + 1]) is not None
            and len(_split_row(lines[i])) == len(_split_row(lines[i + 1]))
        )

    def _table(self, lines: list[str], i: int) -> tuple[list[str], int]:
        header = _split_row(lines[i])
        rows = [header]
        i += 2
        while i < len(lines) and not _is_blank(lines[i]) and "|" in lines[i]:
            cells = _split_row(lines[i])
            cells = (cells + [""] * len(header))[: len(header)]
            rows.append(cells)
            i += 1
        out = [".. list-table::", "   :header-rows: 1", ""]
        for row in rows:
            for column, cell in enumerate(row):
                text = _escape_block_start(self.inline.convert(cell.strip())) if cell.strip() else ""
                prefix = "   * - " if column == 0 else "     - "
                out.append((prefix + text).rstrip())
        return out, i


def _split_row(line: str) -> list[str]:
    """The cells of a pipe-table row; ``\\|`` and pipes inside inline code do not split."""
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    cells: list[str] = []
    current: list[str] = []
    ticks = 0
    k = 0
    while k < len(line):
        c = line[k]
        if c == "\\" and k + 1 < len(line) and line[k + 1] == "|":
            current.append("|")
            k += 2
            continue
        if c == "`":
            run = len(line[k:]) - len(line[k:].lstrip("`"))
            if ticks == 0:
                ticks = run
            elif run == ticks:
                ticks = 0
            current.append("`" * run)
            k += run
            continue
        if c == "|" and ticks == 0:
            cells.append("".join(current))
            current = []
        else:
            current.append(c)
        k += 1
    cells.append("".join(current))
    return cells


def _code_block(language: str, body: list[str]) -> list[str]:
    while body and _is_blank(body[0]):
        body.pop(0)
    while body and _is_blank(body[-1]):
        body.pop()
    if not body:
        body = [""]
    return [f".. code-block:: {_lexer_name(language)}", ""] + [
        "   " + line if line.strip() else "" for line in body
    ]


def _lexer_name(language: str) -> str:
    """``language`` if Pygments knows it (Sphinx warns about unknown lexers), else ``text``."""
    try:
        from pygments.lexers import get_lexer_by_name
        from pygments.util import ClassNotFound
    except ImportError:  # pragma: no cover - Sphinx depends on Pygments
        return language
    try:
        get_lexer_by_name(language)
    except ClassNotFound:
        return "text"
    return language


def markdown_to_rst(text: str, *, heading_offset: int = 0) -> str:
    """Convert Markdown ``text`` (the subset described in the module docstring) to rst.

    :param text: the Markdown source.
    :param heading_offset: how many levels to demote every heading.
    :returns: reStructuredText ending with a newline.
    :raises ValueError: for a heading nested deeper than six levels or an empty heading.
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    definitions: dict[str, str] = {}
    in_fence: str | None = None
    for line in lines:
        fence = _FENCE.match(line)
        if fence:
            mark = fence.group("fence")[0]
            in_fence = None if in_fence == mark else (in_fence or mark)
            continue
        if in_fence is None:
            definition = _LINK_DEFINITION.match(line)
            if definition:
                definitions.setdefault(_label_key(definition.group("label")), definition.group("url"))
    converted = _Converter(heading_offset, definitions).convert(lines)
    return "\n".join(converted) + "\n"


class MdIncludeDirective(SphinxDirective):
    """``.. mdinclude:: path``: insert a Markdown file, converted to reStructuredText."""

    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = True
    has_content = False
    option_spec = {  # noqa: RUF012 - the docutils API
        "heading-offset": directives.nonnegative_int,
        "encoding": directives.encoding,
    }

    def run(self) -> list[nodes.Node]:
        _, path = self.env.relfn2path(directives.path(self.arguments[0]), self.env.docname)
        encoding = self.options.get("encoding", "utf-8-sig")
        try:
            with open(path, encoding=encoding) as f:
                markdown = f.read()
        except OSError as exc:
            raise self.severe(f"mdinclude: cannot read {self.arguments[0]!r}: {exc}") from exc
        self.env.note_dependency(path)
        self.state.document.settings.record_dependencies.add(path)
        try:
            rst = markdown_to_rst(markdown, heading_offset=self.options.get("heading-offset", 0))
        except ValueError as exc:
            raise self.severe(f"mdinclude: {self.arguments[0]!r}: {exc}") from exc
        source = os.path.normpath(path)
        lines = rst.splitlines()
        self.state_machine.insert_input(lines, source)
        return []


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``mdinclude`` directive."""
    app.add_directive("mdinclude", MdIncludeDirective)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
