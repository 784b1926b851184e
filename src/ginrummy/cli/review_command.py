"""``ginrummy review FILE``: a finished round of a saved or exported game reviewed for one
player (:func:`ginrummy.review`): each decision judged with what the player knew then, the
points lost, a label, and the round's luck against skill.

``FILE`` is a game as ``gr.dumps`` writes it (a game or its record), or a save of
``ginrummy play`` (sealed: read with the key beside it, ``.key``; reading it for a review does
not take it up). Only finished rounds are reviewed.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ginrummy.errors import GinRummyError, SerializationError
from ginrummy.frontend.review import WORLDS, review, review_text
from ginrummy.frontend.session import Session
from ginrummy.io.documents import loads
from ginrummy.play.game import Game, GameRecord

__all__ = ["add_review_command", "read_game", "run_review"]


def add_review_command(commands: Any) -> None:
    """Add ``review`` to the command line's sub-commands."""
    parser = commands.add_parser(
        "review",
        help="review a finished round: each decision judged, luck against skill",
        description="Review a finished round of a saved or exported game for one player: each "
        "decision judged with what the player knew then (worlds drawn from its view), the "
        "points lost with an interval and a label, and the round's luck against skill.",
    )
    parser.add_argument("file", metavar="FILE", help="a game (gr.dumps) or a save of ginrummy play")
    parser.add_argument(
        "--player", type=int, choices=(0, 1), default=0, help="the seat reviewed (default 0: you)"
    )
    parser.add_argument(
        "--round", type=int, default=None, metavar="N", help="the round, from 1 (default the last finished)"
    )
    parser.add_argument(
        "--worlds", type=int, default=WORLDS, metavar="N", help=f"worlds per decision (default {WORLDS})"
    )


def read_game(path: Path) -> Game:
    """The game in ``path``: a document of ``gr.dumps`` (a game or its record), or a sealed
    save with its key beside it.

    :raises SerializationError: for a file that is neither, naming it and the reason.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise SerializationError(f"cannot review {str(path)!r}: {reason}") from None
    key = path.with_suffix(".key")
    if key.exists():
        try:
            return Session.resume(text, key.read_bytes()).game
        except (GinRummyError, OSError) as exc:
            raise SerializationError(f"cannot review {str(path)!r}: {exc}") from None
    try:
        found = loads(text)
    except GinRummyError as exc:
        raise SerializationError(f"cannot review {str(path)!r}: {exc}") from None
    if isinstance(found, GameRecord):
        return Game.replay(found)
    if not isinstance(found, Game):
        raise SerializationError(
            f"cannot review {str(path)!r}: it holds a {type(found).__name__}, not a game"
        )
    return found


def run_review(args: argparse.Namespace) -> int:
    """Print the review ``args`` ask for; return the exit status.

    :raises GinRummyError: for a file that is no game, or a round not finished.
    """
    game = read_game(Path(args.file))
    found = review(game, args.player, round_number=args.round, worlds=args.worlds)
    print(review_text(found, you="you" if args.player == 0 else f"player {args.player}"))
    return 0
