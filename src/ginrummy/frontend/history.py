"""Who played each action of a game, and what happened since a player last acted, across
rounds.

:attr:`ginrummy.Game.actions` lists every action of a game but not who played it;
:func:`actors` says, and :func:`round_starts` says where each round's actions begin.
:func:`events_since_last_action` reads a player's own :class:`~ginrummy.GameView` (censored
events only), so a table can narrate what the opponent did since the player's last move, even
when that move ended a round and the opponent has opened the next.

>>> import ginrummy as gr
>>> from ginrummy.frontend import actors
>>> g = gr.Game.new(gr.PAGAT, seed=7, dealer=0)
>>> g = g.apply(gr.PassUpcard()).apply(gr.PassUpcard())
>>> actors(g)
(1, 0)
"""

from __future__ import annotations

from ginrummy.play.events import Event
from ginrummy.play.game import Game, GameView
from ginrummy.play.round import Round

__all__ = ["actors", "events_since_last_action", "game_events", "round_starts"]


def _rounds(game: Game) -> tuple[Round, ...]:
    """Every round of the game as it is now: the finished ones, then the one in play."""
    played = game.played
    if played and played[-1] is game.round:
        return played
    return (*played, game.round)


def actors(game: Game) -> tuple[int, ...]:
    """The player of each action of ``game.actions``, in order.

    :param game: the game (omniscient or not: only who acted is read).

    >>> import ginrummy as gr
    >>> actors(gr.Game.new(gr.PAGAT, seed=7, dealer=0))
    ()
    """
    return tuple(event.player for r in _rounds(game) for event in r.events)


def round_starts(game: Game) -> tuple[int, ...]:
    """The index in ``game.actions`` of each round's first action (the round in play
    included, even before its first action).

    >>> import ginrummy as gr
    >>> round_starts(gr.Game.new(gr.PAGAT, seed=7, dealer=0))
    (0,)
    """
    starts: list[int] = []
    count = 0
    for r in _rounds(game):
        starts.append(count)
        count += len(r.events)
    return tuple(starts)


def game_events(view: GameView) -> tuple[tuple[int, Event], ...]:
    """Every event of the game as the viewer sees it (censored), as ``(round number, event)``
    pairs: one per action of :attr:`ginrummy.Game.actions`, in the same order, so
    ``game_events(view)[n:]`` is what happened after the game's first ``n`` actions.

    :param view: the viewer's view of the game.

    >>> import ginrummy as gr
    >>> g = gr.Game.new(gr.PAGAT, seed=7, dealer=0).apply(gr.PassUpcard())
    >>> [(number, str(event)) for number, event in game_events(g.view(0))]
    [(0, '#0 player 1: p')]
    """
    rounds = list(view.history)
    if not view.is_over:
        rounds.append(view.round)
    return tuple((number, event) for number, seen in enumerate(rounds) for event in seen.events)


def events_since_last_action(view: GameView) -> tuple[tuple[int, Event], ...]:
    """What happened since the viewer's last action, as ``(round number, event)`` pairs
    (rounds numbered from 0), oldest first: the events after the viewer's last one, across the
    rounds that ended since; every event of the game when the viewer has not acted yet.

    The events are those of the viewer's own views (censored), so nothing hidden is in them.

    :param view: the viewer's view of the game.

    >>> import ginrummy as gr
    >>> g = gr.Game.new(gr.PAGAT, seed=7, dealer=0)
    >>> g = g.apply(gr.PassUpcard()).apply(gr.PassUpcard())
    >>> [str(event) for _, event in events_since_last_action(g.view(1))]
    ['#1 player 0: p']
    """
    events = game_events(view)
    for index in range(len(events) - 1, -1, -1):
        if events[index][1].player == view.player:
            return events[index + 1 :]
    return events
