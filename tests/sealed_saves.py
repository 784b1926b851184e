"""What the tests of sealed saves share: the application's key and the version 1 save written
before AES-GCM (``tests/data/session-v1.sav``), with the session it holds."""

from __future__ import annotations

from pathlib import Path

import ginrummy as gr
from ginrummy.frontend import Session

__all__ = ["KEY", "V1_SAVE", "v1_session"]

KEY = bytes(range(32))
"""The application's key in these tests (and of the version 1 save)."""
V1_SAVE = Path(__file__).resolve().parent / "data" / "session-v1.sav"
"""A save written by version 1 (the SHAKE-256 and HMAC seal), before AES-GCM, with :data:`KEY`:
``v1_session().save(KEY)`` as ginrummy wrote it then."""


def v1_session() -> Session:
    """The session the version 1 save holds: the greedy strategy against the tracker bot, one
    round played and six actions into the second, free take-backs on."""
    session = Session.new(gr.PAGAT, bot="tracker", seed=31, dealer=0, free_takebacks=True)
    strategy = gr.GreedyBot()
    while not session.view.results or len(session.game.round.actions) < 6:
        session = session.deal_on() if session.paused else session.apply(strategy.act(session.table))
    return session
