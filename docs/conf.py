"""Sphinx configuration for the ginrummy documentation.

The build needs the ``docs`` extra (``pip install ".[docs]"``: Sphinx and the Furo theme, whose
reading column is wider than the default theme's and whose pages read well on a phone). The
Markdown files (README, changelog, design notes) are included through the local ``mdinclude``
extension in ``_ext/``; the table of rule presets is generated from the library by the local
``presettable`` extension; the API reference is one page per topic, generated from the public
names by the local ``apipages`` extension, which fails the build (with ``-W``) on a public name
that is on no page; the guides' sample outputs are printed by the command as the page is read,
by the local ``sampleoutput`` extension (some seconds of play in all). Nothing is fetched from
the network.
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "_ext"))

from ginrummy import __version__  # noqa: E402 - after the path set-up

project = "ginrummy"
author = "The ginrummy developers"
copyright = "2026, The ginrummy developers"
version = release = __version__

extensions = [
    "sphinx.ext.autodoc",
    "mdinclude",
    "presettable",
    "apipages",
    "sampleoutput",
]

root_doc = "index"
source_suffix = {".rst": "restructuredtext"}
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []

nitpicky = False
default_role = None

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options: dict[str, bool | str] = {}
autoclass_content = "class"
toc_object_entries_show_parents = "hide"

html_theme = "furo"
html_title = f"ginrummy {release}"
html_static_path: list[str] = []
html_theme_options: dict[str, object] = {}


def hide_blocked_constructor(
    app: object,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    annotation: str | None,
) -> tuple[str, str | None] | None:
    """A class whose constructor only refuses (``Round``, ``Game``: built by ``deal``,
    ``new``, ``replay``...) is shown without the ``(*args, **kwargs)`` of that refusal."""
    if (
        (what == "class"
        and signature == "(*args: object, **kwargs: object)")
        or (what == "class" and signature == "(*args, **kwargs)")
    ):
        return "", annotation
    return None


def setup(app: object) -> None:
    """Connect :func:`hide_blocked_constructor`."""
    app.connect("autodoc-process-signature", hide_blocked_constructor)  # type: ignore[attr-defined]
