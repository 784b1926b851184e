"""Where tuned settings are kept: shipped for the presets, cached for any other ruleset.

:func:`tune` answers "how does the adaptive bot play under these rules?" from the first
place that knows:

1. this process's memory (of what it found or tuned before);
2. the file shipped in the wheel (``bots/data/tuned.json``), which holds the tuning of every
   preset (made by ``training/tune_presets.py`` with the default seed and stages);
3. the user's cache directory (``GINRUMMY_CACHE_DIR``, else the platform's: ``~/.cache/ginrummy``
   or ``$XDG_CACHE_HOME/ginrummy`` on Linux, ``~/Library/Caches/ginrummy`` on macOS,
   ``%LOCALAPPDATA%\\ginrummy\\Cache`` on Windows), one file per ruleset;
4. tuning it now (:func:`ginrummy.bots.tuning.race`), then writing it to the cache.

A ruleset is known by its *content*: the fields that change play, its name left out, so a
house ruleset that equals a preset plays the preset's tuning. A cache file names its key, the
rules it was tuned for and the library's version; one that cannot be read, was written for
other rules or by another version is ignored and rebuilt, with a :class:`~ginrummy.errors.CacheWarning`,
never trusted. A file is written whole under a temporary name and renamed into place, so
two processes tuning the same rules at once leave one valid file (the same one: tuning is
deterministic).

>>> import ginrummy as gr
>>> tune(gr.PAGAT).source, tune(gr.EAAI).settings.waits
('shipped', True)
"""

from __future__ import annotations

import enum
import functools
import hashlib
import json
import logging
import os
import sys
import tempfile
import warnings
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Final, Literal

import attrs

from ginrummy._version import __version__
from ginrummy.bots.tracker_settings import TrackerSettings
from ginrummy.bots.tuning import STAGES, TUNING_SEED, Progress, Tuning, race
from ginrummy.errors import CacheWarning, GinRummyError
from ginrummy.rules import Ruleset
from ginrummy.validators import check_flag, check_int

__all__ = [
    "CACHE_ENV",
    "CACHE_FORMAT",
    "Tuned",
    "cache_dir",
    "cache_path",
    "forget",
    "known",
    "rules_content",
    "rules_key",
    "shipped",
    "tune",
    "tuning_document",
]

CACHE_ENV: Final = "GINRUMMY_CACHE_DIR"
"""The environment variable naming the cache directory (the platform's default otherwise)."""
CACHE_FORMAT: Final = "ginrummy-tuned-settings"
"""The ``format`` of a cache file and of the shipped file."""
CACHE_VERSION: Final = 2
"""The version of that format (2: the settings hold `wait_below_stock`, and tuning plays a pool
of opponents)."""
SHIPPED_FILE: Final = "tuned.json"
"""The shipped file, in the package's ``bots/data``."""
MAX_FILE: Final = 1 << 20
"""The largest cache file read (a larger one is ignored)."""

Source = Literal["shipped", "cache", "tuned"]
"""Where settings were found: shipped in the wheel, read from the cache, or tuned by this
process."""

_log = logging.getLogger("ginrummy.tuning")
_memory: dict[str, Tuned] = {}


@attrs.frozen
class Tuned:
    """How the adaptive bot plays under a ruleset, and where that was found.

    ``tuning`` is the evidence when this process tuned it (None when it was read).

    >>> import ginrummy as gr
    >>> found = gr.tune(gr.SPANISH_SITE)
    >>> found.source, found.settings.waits, len(found.key)
    ('shipped', True, 64)
    """

    settings: TrackerSettings
    key: str
    source: Source
    deals: int
    tuning: Tuning | None = attrs.field(default=None, eq=False, repr=False)

    def __str__(self) -> str:
        where = {
            "shipped": "shipped",
            "cache": "cached",
            "tuned": "tuned now",
        }[self.source]
        return f"{self.settings} ({where})"


def _plain(value: object) -> object:
    return value.value if isinstance(value, enum.Enum) else value


def rules_content(rules: Ruleset) -> dict[str, object]:
    """The fields of ``rules`` that change play (all but the name), as JSON data.

    >>> import ginrummy as gr
    >>> rules_content(gr.PAGAT)["knock_limit"], "name" in rules_content(gr.PAGAT)
    (10, False)
    """
    return {
        field.name: _plain(getattr(rules, field.name))
        for field in attrs.fields(Ruleset)
        if field.name != "name"
    }


def rules_key(rules: Ruleset) -> str:
    """A ruleset's key: the SHA-256 of its content (:func:`rules_content`) with the tuning's
    format, in hexadecimal. Equal rules under other names have the same key."""
    text = json.dumps(
        [CACHE_FORMAT, CACHE_VERSION, rules_content(rules)], sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(text.encode()).hexdigest()


def cache_dir() -> Path | None:
    """The directory of cache files (None where none can be named: no home directory)."""
    named = os.environ.get(CACHE_ENV)
    if named:
        return Path(named)
    try:
        home = Path.home()
    except RuntimeError:
        return None
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base, "ginrummy", "Cache") if base else home / "AppData" / "Local" / "ginrummy" / "Cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "ginrummy"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return Path(xdg, "ginrummy") if xdg and os.path.isabs(xdg) else home / ".cache" / "ginrummy"


def cache_path(rules: Ruleset) -> Path | None:
    """The cache file of ``rules`` (None where there is no cache directory)."""
    folder = cache_dir()
    return None if folder is None else folder / "tuned" / f"{rules_key(rules)}.json"


def tuning_document(rules: Ruleset, tuning: Tuning) -> dict[str, object]:
    """A tuning as the cache file (and each entry of the shipped file) holds it."""
    return {
        "format": CACHE_FORMAT,
        "version": CACHE_VERSION,
        "library": __version__,
        "key": rules_key(rules),
        "rules": rules_content(rules),
        "seed": tuning.seed,
        "deals": tuning.deals,
        "settings": tuning.settings.as_data(),
        "scores": [
            {"settings": s.settings.as_data(), "deals": s.deals, "mean": s.mean, "error": s.error}
            for s in tuning.scores
        ],
    }


def _settings_in(document: object, rules: Ruleset, *, library: bool) -> tuple[TrackerSettings, int]:
    """The settings a document holds for ``rules``.

    :raises GinRummyError: saying why it cannot be trusted.
    """
    if not isinstance(document, Mapping):
        raise GinRummyError("not a JSON object")
    if document.get("format") != CACHE_FORMAT or document.get("version") != CACHE_VERSION:
        raise GinRummyError(f"format {document.get('format')!r:.60} version {document.get('version')!r:.20}")
    if library and document.get("library") != __version__:
        raise GinRummyError(f"written by ginrummy {document.get('library')!r:.40}, this is {__version__}")
    if document.get("key") != rules_key(rules) or document.get("rules") != rules_content(rules):
        raise GinRummyError("written for other rules")
    deals = check_int(document.get("deals"), "deals", GinRummyError, low=0)
    return TrackerSettings.from_data(document.get("settings")), deals


@functools.cache
def shipped() -> Mapping[str, Mapping[str, object]]:
    """The shipped tuning documents of the presets (``bots/data/tuned.json``), by key."""
    text = (
        resources.files("ginrummy.bots").joinpath("data").joinpath(SHIPPED_FILE).read_text(encoding="utf-8")
    )
    document = json.loads(text)
    if document.get("format") != CACHE_FORMAT or document.get("version") != CACHE_VERSION:
        raise GinRummyError(f"invalid shipped tuning file {SHIPPED_FILE!r}: unknown format")
    return MappingProxyType({entry["key"]: entry for entry in document["entries"]})


def _read_cache(path: Path, rules: Ruleset) -> tuple[TrackerSettings, int] | None:
    """The settings in the cache file ``path``, or None (with a warning when a file is there
    but cannot be trusted)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        warnings.warn(f"ignoring the tuning cache file {str(path)!r}: {exc}", CacheWarning, stacklevel=4)
        return None
    try:
        if len(data) > MAX_FILE:
            raise GinRummyError(f"larger than {MAX_FILE} bytes")
        return _settings_in(json.loads(data), rules, library=True)
    except (GinRummyError, ValueError, RecursionError) as exc:  # json's errors are ValueErrors
        warnings.warn(
            f"ignoring the tuning cache file {str(path)!r} and tuning again: {exc}",
            CacheWarning,
            stacklevel=4,
        )
        return None


def _write_cache(path: Path, document: dict[str, object]) -> None:
    """Write ``document`` to ``path`` whole: to a temporary file beside it, then renamed."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(document, out, indent=1)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as exc:
        warnings.warn(
            f"could not write the tuning cache file {str(path)!r}: {exc}", CacheWarning, stacklevel=4
        )


def known(rules: Ruleset) -> Tuned | None:
    """The adaptive bot's settings for ``rules`` if someone has tuned them: from this
    process's memory, the shipped presets or the cache (None: :func:`tune` would tune now).

    :raises GinRummyError: when ``rules`` is not a ruleset.
    """
    if not isinstance(rules, Ruleset):
        raise GinRummyError(f"invalid rules {rules!r:.80}: expected a Ruleset")
    key = rules_key(rules)
    remembered = _memory.get(key)
    if remembered is not None:
        return remembered
    entry = shipped().get(key)
    if entry is not None:
        settings, deals = _settings_in(entry, rules, library=False)
        return _remember(Tuned(settings, key, "shipped", deals))
    path = cache_path(rules)
    read = None if path is None else _read_cache(path, rules)
    if read is not None:
        return _remember(Tuned(read[0], key, "cache", read[1]))
    return None


def tune(
    rules: Ruleset,
    *,
    workers: int | None = None,
    progress: Progress | None = None,
    refresh: bool = False,
) -> Tuned:
    """How the adaptive bot plays under ``rules``: from memory, the shipped presets, the
    cache, or tuned now and cached (see the module docstring).

    Tuning a ruleset no one has tuned takes about half a minute on two cores with
    ``workers=2`` (a minute in one process); it is then cached for every later run on this
    machine, so a house rule is tuned once.

    :param workers: processes to tune in, if it comes to that (None: this one).
    :param progress: called as ``progress(done, total)`` in deals while tuning.
    :param refresh: tune again even if the settings are known (and replace the cache file).
    :raises GinRummyError: for bad arguments.

    >>> import ginrummy as gr
    >>> print(gr.tune(gr.PAGAT).settings)
    knocks when worth -5 points or more; potential 4, danger 8, margin 2
    """
    if not isinstance(rules, Ruleset):
        raise GinRummyError(f"invalid rules {rules!r:.80}: expected a Ruleset")
    if not check_flag(refresh, "refresh", GinRummyError):
        found = known(rules)
        if found is not None:
            return found
    key = rules_key(rules)
    _log.info("tuning the adaptive bot to the rules %r (%s)", rules.name, key[:12])
    tuning = race(rules, seed=TUNING_SEED, stages=STAGES, workers=workers, progress=progress)
    path = cache_path(rules)
    if path is not None:
        _write_cache(path, tuning_document(rules, tuning))
    return _remember(Tuned(tuning.settings, key, "tuned", tuning.deals, tuning))


def _remember(found: Tuned) -> Tuned:
    if len(_memory) >= 256:
        _memory.pop(next(iter(_memory)))
    _memory[found.key] = found
    return found


def forget() -> None:
    """Forget the settings this process has seen (the files stay)."""
    _memory.clear()
