"""Which build of ``ginrummy`` is running: the pure-Python one or the compiled one.

Both builds come from the same source: the compiled build (``GINRUMMY_COMPILE=1 pip install .``,
or a platform wheel from PyPI) holds the modules of the build's list as C extensions made by
mypyc, beside the same Python files. Nothing a user can observe differs but speed.

>>> import ginrummy as gr
>>> gr.COMPILED in (True, False)
True
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

from ginrummy import cards as _cards

COMPILED: bool = (_cards.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
"""``True`` in the compiled build (its modules of cards, melds, the partitioner, the round's
machine and the bots' inner loops are C extensions), ``False`` in the pure-Python one."""
