"""The files of ``ginrummy play``'s saves: the sealed save, its key beside it (``.key``), and
the ledger of saves beside them (``.ledger``: :class:`~ginrummy.frontend.SaveLedger`), which
lets each save be taken up once.

A save's id is in its open part (authenticated by its seal) and in the ledger, written when
the save is. Taking a save up (:func:`take_up`) marks it ``resumed`` before the table is
shown; a game that leaves with nothing played since gives it back (:func:`give_back`);
taking up a save marked ``resumed`` or ``passed``, or one the ledger does not list, is
refused (:func:`resume_file`) with the ledger's sentence, unless the save is of a practice
table with free take-backs. Saves written before saves had ids are taken up as before.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from ginrummy.bots.registry import BotFactory, bot_name, find_bot, parse_bot_name
from ginrummy.errors import GinRummyError, SerializationError
from ginrummy.frontend.save_ledger import RESUMED, SAVED, SaveLedger, new_save_id
from ginrummy.frontend.session import Session

__all__ = [
    "HUMAN",
    "give_back",
    "ledger_path",
    "load_key",
    "open_part",
    "resume_file",
    "save_file",
    "take_up",
]

HUMAN = 0
"""The person's seat in ``ginrummy play``."""


def load_key(path: Path, new: bytes | None = None) -> bytes:
    """The seal's key in ``path``, made (``new``, or 32 random bytes; readable by its owner
    only) when missing, as the example terminal table keeps it."""
    if not path.exists():
        path.touch(mode=0o600)
        path.write_bytes(secrets.token_bytes(32) if new is None else new)
    return path.read_bytes()


def ledger_path(path: Path) -> Path:
    """The ledger of the saves written at ``path``: beside it, ``.ledger``."""
    return path.with_suffix(".ledger")


def _ledger(path: Path) -> SaveLedger:
    """The ledger beside the save ``path`` (empty when there is none yet).

    :raises SerializationError: for a ledger that cannot be read, naming it.
    """
    where = ledger_path(path)
    if not where.exists():
        return SaveLedger()
    try:
        return SaveLedger.parse(where.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, GinRummyError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else str(exc)
        raise SerializationError(f"cannot read the ledger of saves {str(where)!r}: {reason}") from None


def _replace(path: Path, text: str) -> None:
    """Write ``text`` beside ``path`` and then put it in its place (``path`` is never half
    written)."""
    part = path.with_name(path.name + ".part")
    try:
        part.write_text(text, encoding="utf-8")
        part.replace(path)
    except OSError:
        part.unlink(missing_ok=True)
        raise


def _mark(path: Path, save_id: str, state: str) -> None:
    """Record the save ``save_id`` in ``state`` in the ledger beside ``path``."""
    ledger = _ledger(path).with_state(save_id, state)
    try:
        _replace(ledger_path(path), str(ledger))
    except OSError as exc:
        raise SerializationError(
            f"cannot write the ledger of saves {str(ledger_path(path))!r}: {exc.strerror}"
        ) from None


def save_file(session: Session, path: Path) -> str:
    """Write the session's sealed save to ``path``, with its key beside it (``.key``, made
    when missing), and record it in the ledger beside them (``.ledger``); return its id. The
    save is sealed before anything is written, and it replaces the file already there whole
    (written beside it, then renamed), so a failure leaves the save as it was.

    :raises GinRummyError: when the save cannot be sealed (without the extra ``saves``, say)
        or written, naming the file and the reason.
    """
    key_path = path.with_suffix(".key")
    save_id = new_save_id()
    try:
        key = key_path.read_bytes() if key_path.exists() else secrets.token_bytes(32)
        text = session.save(key, save_id=save_id)
    except SerializationError as exc:
        raise SerializationError(f"cannot save in {str(path)!r}: {exc}") from None
    except OSError as exc:
        raise SerializationError(f"cannot save in {str(path)!r}: {exc.strerror}") from None
    try:
        load_key(key_path, key)
        _replace(path, text)
    except OSError as exc:
        raise SerializationError(f"cannot save in {str(path)!r}: {exc.strerror}") from None
    _mark(path, save_id, SAVED)
    return save_id


def open_part(path: Path) -> dict[str, Any] | None:
    """The open part of the save at ``path`` (what anyone may read of it: its id, the rules,
    the scores, the rounds played), unchecked; None when there is no save there to read."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    part = document.get("open") if isinstance(document, dict) else None
    return part if isinstance(part, dict) else None


def resume_file(path: Path, bot: str | BotFactory) -> Session:
    """The session saved in ``path`` (sealed with the key beside it), if the ledger beside it
    lets the save be taken up (this only reads: :func:`take_up` marks it taken).

    :param bot: the bot given on the command line: a save naming it (your own, say) resumes
        with it; the library's bots are always known.
    :raises GinRummyError: for a missing file or key, a file that is no save (cut short,
        changed, sealed with another key, of an unknown version), or a save taken up already
        or not in the ledger, naming the file and the reason.
    """
    key = path.with_suffix(".key")
    try:
        text = path.read_text(encoding="utf-8")
        secret = key.read_bytes()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise SerializationError(f"cannot resume from {str(path)!r}: {reason}") from None
    own = {} if isinstance(bot, str) and parse_bot_name(bot).library else {bot_name(bot): find_bot(bot)}
    try:
        session = Session.resume(text, secret, bots=own)
    except SerializationError as exc:
        raise SerializationError(f"cannot resume from {str(path)!r}: {exc}") from None
    if session.person != HUMAN:
        raise SerializationError(
            f"cannot resume from {str(path)!r}: the person plays seat {session.person}, not 0"
        )
    save_id = _save_id(path)
    refusal = _ledger(path).refusal(save_id, free_takebacks=session.free_takebacks)
    if refusal is not None:
        raise SerializationError(f"cannot resume from {str(path)!r}: {refusal}")
    return session


def _save_id(path: Path) -> str | None:
    """The id of the save at ``path`` (authenticated once :meth:`Session.resume` read it)."""
    part = open_part(path) or {}
    save_id = part.get("id")
    return save_id if isinstance(save_id, str) else None


def take_up(path: Path) -> str | None:
    """Mark the save at ``path`` taken up (``resumed``) in its ledger, before its table is
    shown; return its id (None for a save written before saves had ids)."""
    save_id = _save_id(path)
    if save_id is not None:
        _mark(path, save_id, RESUMED)
    return save_id


def give_back(path: Path, save_id: str) -> None:
    """Mark the save ``save_id`` at ``path`` as not taken up (``saved``) again: the game
    taken up from it left with nothing played since."""
    _mark(path, save_id, SAVED)
