"""Saves that resume once: a ledger of a table's saves, so that a save cannot be used to peek.

Without it a person could save, draw to see the stock's top card, leave, take the save up
again and draw the same card knowing it: the peek that take-backs refuse
(:mod:`ginrummy.frontend.takebacks`). So each save carries an id (in its open part, which its
seal authenticates: :meth:`~ginrummy.frontend.Session.save`), and the table keeps a ledger of
its saves' ids, each in one state:

- ``saved``: written and not taken up since, and the session has not gone on past it: it may
  be taken up (resumed);
- ``resumed``: taken up: the session resumed from it may have gone on, so it is not taken up
  again (a table that sees the session leave unchanged may mark it ``saved`` again);
- ``passed``: the session went on past it (a table that saves and plays on).

A save is refused (:meth:`SaveLedger.refusal`) when it is ``resumed`` or ``passed``, or not in
the ledger at all (the ledger beside it was replaced, or the save was made elsewhere), unless
the save is of a practice table with free take-backs. The ledger needs no server: a terminal
keeps it in a file beside the save (:meth:`SaveLedger.parse` and ``str``); a server keeps it
in its database. What it does not prevent, on a person's own machine, is the person copying
the ledger (or the whole folder) before taking a save up and putting the copy back after: the
design notes say so ("Saves that resume once").

>>> ledger = SaveLedger().with_state("a1", SAVED)
>>> print(ledger.refusal("a1", free_takebacks=False))
None
>>> print(ledger.with_state("a1", RESUMED).refusal("a1", free_takebacks=False))
this save was taken up already, and a save is taken up once: the game went on from it, and
playing it again would let you choose again knowing cards you have seen since
>>> SaveLedger.parse(str(ledger)) == ledger
True
"""

from __future__ import annotations

import json
import secrets

import attrs

from ginrummy.errors import SerializationError

__all__ = ["LEDGER_FORMAT", "PASSED", "RESUMED", "SAVED", "STATES", "SaveLedger", "new_save_id"]

LEDGER_FORMAT = "ginrummy-save-ledger"
"""The ``format`` of a ledger's text."""
SAVED, RESUMED, PASSED = "saved", "resumed", "passed"
"""The states of a save in the ledger."""
STATES = (SAVED, RESUMED, PASSED)
"""Every state, in the order a save goes through them."""
_VERSION = 1


def new_save_id() -> str:
    """A fresh save id: 16 random bytes from :mod:`secrets`, in hexadecimal."""
    return secrets.token_hex(16)


def _entries(value: object) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, (tuple, list)):
        raise SerializationError(f"invalid save ledger: expected a list of entries (got {value!r:.40})")
    entries: list[tuple[str, str]] = []
    for entry in value:
        if (
            not isinstance(entry, (tuple, list))
            or len(entry) != 2
            or not isinstance(entry[0], str)
            or entry[1] not in STATES
        ):
            raise SerializationError(
                f"invalid save ledger: entry {entry!r:.60} must be a save id and one of {list(STATES)}"
            )
        entries.append((entry[0], entry[1]))
    if len({save_id for save_id, _ in entries}) != len(entries):
        raise SerializationError("invalid save ledger: a save id is listed twice")
    return tuple(entries)


@attrs.frozen
class SaveLedger:
    """The saves of a table and the state of each (see the module's description).

    :raises SerializationError: for entries that are not pairs of a save id and a state, or
        an id listed twice.

    >>> ledger = SaveLedger().with_state("a1", SAVED).with_state("b2", SAVED)
    >>> ledger.with_state("a1", PASSED)
    SaveLedger(entries=(('a1', 'passed'), ('b2', 'saved')))
    """

    entries: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_entries)
    """Each save's id and its state, oldest first."""

    def state(self, save_id: str) -> str | None:
        """The state of the save ``save_id``, or None when the ledger does not list it."""
        return next((state for known, state in self.entries if known == save_id), None)

    def with_state(self, save_id: str, state: str) -> SaveLedger:
        """This ledger with the save ``save_id`` in ``state`` (listed last when new)."""
        kept = tuple(entry for entry in self.entries if entry[0] != save_id)
        if self.state(save_id) is None:
            return SaveLedger((*kept, (save_id, state)))
        return SaveLedger(tuple((known, state if known == save_id else was) for known, was in self.entries))

    def refusal(self, save_id: str | None, *, free_takebacks: bool) -> str | None:
        """Why the save ``save_id`` may not be taken up, as a sentence for the person; None when
        it may.

        :param save_id: the save's id; None for a save written before saves had ids (it may be
            taken up).
        :param free_takebacks: whether the save is of a practice table with free take-backs,
            whose saves may always be taken up again.
        """
        if save_id is None or free_takebacks:
            return None
        state = self.state(save_id)
        if state == SAVED:
            return None
        if state is None:
            return (
                "this save is not in the ledger beside it, which records whether each save was "
                "taken up: a save is taken up only beside the ledger it was made with"
            )
        return (
            "this save was taken up already, and a save is taken up once: the game went on from "
            "it, and playing it again would let you choose again knowing cards you have seen since"
        )

    def __str__(self) -> str:
        return json.dumps(
            {"format": LEDGER_FORMAT, "version": _VERSION, "saves": [list(entry) for entry in self.entries]}
        )

    @classmethod
    def parse(cls, text: str) -> SaveLedger:
        """The ledger ``str`` wrote.

        :raises SerializationError: for text that is not a ledger, saying why.
        """
        try:
            document = json.loads(text)
        except (ValueError, RecursionError):
            raise SerializationError(f"invalid save ledger: not JSON: {text[:40]!r}") from None
        if not isinstance(document, dict) or document.get("format") != LEDGER_FORMAT:
            raise SerializationError(f"invalid save ledger: not a {LEDGER_FORMAT} document")
        if document.get("version") != _VERSION:
            raise SerializationError(
                f"invalid save ledger: unknown version {document.get('version')!r:.20} (known: [1])"
            )
        return cls(document.get("saves"))
