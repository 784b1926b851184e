"""The table as text, for the environments' render modes (a spectator's picture):
``"ansi"`` returns it from ``render()``, ``"human"`` prints it on standard output, after
``reset()`` and each ``step()`` as well as from ``render()``, which then returns None
(Gymnasium's and PettingZoo's meaning of the two modes).

It is the library's own picture of the round (``str(round)``: both hands in their best melds,
the piles, the knock and the result) or, in a game, of the game (``str(game)``: the scores, the
finished rounds, then the round in play), so a round is drawn as text in one place.
"""

from __future__ import annotations

import ginrummy as gr

__all__ = ["RENDER_MODES", "check_render_mode", "render_table", "table_text"]

RENDER_MODES: tuple[str, ...] = ("human", "ansi")
"""The render modes of both environments: ``"human"`` prints the table, ``"ansi"`` returns it."""


def check_render_mode(render_mode: object) -> str | None:
    """``render_mode`` when it is None or one of :data:`RENDER_MODES`.

    :raises GinRummyError: for any other value, quoted (clipped to 80 characters).

    >>> check_render_mode("human")
    'human'
    >>> check_render_mode("rgb_array")
    Traceback (most recent call last):
    ...
    ginrummy.errors.GinRummyError: invalid render mode 'rgb_array': expected None, 'human' or 'ansi'
    """
    if render_mode is None or (isinstance(render_mode, str) and render_mode in RENDER_MODES):
        return render_mode
    raise gr.GinRummyError(f"invalid render mode {render_mode!r:.80}: expected None, 'human' or 'ansi'")


def render_table(render_mode: str | None, state: gr.Round | None, game: gr.Game | None = None) -> str | None:
    """What ``render()`` does in ``render_mode``: the table's text (``"ansi"``), or None after
    printing it on standard output (``"human"``); None with no mode or before the first deal."""
    if render_mode is None or state is None:
        return None
    text = table_text(state, game)
    if render_mode == "ansi":
        return text
    print(text, end="\n\n", flush=True)  # a blank line between successive tables
    return None


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
