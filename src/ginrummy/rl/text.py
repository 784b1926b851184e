"""The table as text, for the environments' ``render_mode="ansi"`` (a spectator's picture).

It is the library's own picture of the round (``str(round)``: both hands in their best melds,
the piles, the knock and the result) or, in a game, of the game (``str(game)``: the scores, the
finished rounds, then the round in play), so a round is drawn as text in one place.
"""

from __future__ import annotations

import ginrummy as gr

__all__ = ["table_text"]


def table_text(state: gr.Round, game: gr.Game | None = None) -> str:
    """The picture of ``game`` when there is one (its round in play is ``state``), else of
    ``state``.

    :param state: the round in play.
    :param game: the game in play when the episode is a game.

    >>> import ginrummy as gr
    >>> print(table_text(gr.Round.deal(gr.PAGAT, dealer=0, seed=7)))  # doctest: +ELLIPSIS
    pagat · dealer 0 · upcard offer · player 1 to act · turn 0
    player 0   ...
    player 1   ...
    pile       9d   stock 31 (next ...)   knock limit 10
    """
    return str(state) if game is None else str(game)
