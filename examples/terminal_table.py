"""A terminal table against a bot, on the front-end kit: the complete table of the front-end
guide (``docs/frontends.rst`` shows :func:`play`, its game loop).

The kit's :class:`ginrummy.frontend.Session` runs the bot, pauses at the end of each round,
takes moves back and saves; this file only reads the person's input and prints the kit's
texts. Type actions in the notation (``s``, ``t``, ``p``, ``d Kh``, ``k Kh``, ``l 8h 0``,
``e``), ``u`` to take back your last move and the bot's replies, ``save`` or ``quit`` to save
and leave (the save is sealed with a key kept beside it, so reading it shows no card; sealing
needs the extra ``ginrummy[saves]``)::

    python examples/terminal_table.py                        # a new game against the tracker bot
    python examples/terminal_table.py --save game.sav        # 'save' writes there ...
    python examples/terminal_table.py --save game.sav --resume   # ... and this resumes it
    python examples/terminal_table.py --auto                 # the greedy strategy plays your seat
"""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path

import ginrummy as gr
from ginrummy import frontend

BOT = "the bot"


Ask = Callable[[frontend.Session], str]
"""Reads the person's input (the session says what is asked: a move, or the next round)."""
Save = Callable[[frontend.Session], None]
"""Keeps a save of the session."""


def play(session: frontend.Session, ask: Ask, save: Save) -> None:
    """Play ``session`` to the end: ``ask`` reads the person's input, ``save`` saves."""
    while not session.is_over:
        if session.paused:  # a round ended: show it to the person until they deal on
            print(frontend.round_end_text(session.table, opponent=BOT))
            if ask(session) == "quit":
                return
            session = session.deal_on()
        else:
            print(frontend.table_text(session.table, opponent=BOT))
            text = ask(session)
            if text in ("quit", "save"):
                save(session)
                return
            try:
                if text == "u":
                    session = session.undo()
                else:
                    session = session.apply(gr.parse_action(text, session.game.rules))
            except (gr.ParseError, gr.IllegalActionError) as exc:
                print(f"  {exc}")
                continue
        for _, event in session.news:  # the bot's moves since the person's last one
            print(f"  {frontend.describe_event(event, session.person, opponent=BOT)}")
    print(frontend.round_end_text(session.table, opponent=BOT))
    result = session.view.result
    print("\n".join(frontend.describe_game_result(result, session.person, opponent=BOT)))


def load_key(path: Path) -> bytes:
    """The key in ``path``, made (32 random bytes, readable by its owner only) when missing."""
    if not path.exists():
        path.touch(mode=0o600)
        path.write_bytes(secrets.token_bytes(32))
    return path.read_bytes()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the table; return the exit status."""
    parser = argparse.ArgumentParser(description="A person against a bot at the terminal, on the kit.")
    parser.add_argument("--preset", default="pagat", help="the ruleset (default pagat)")
    parser.add_argument("--bot", default="tracker", help="the bot (default tracker)")
    parser.add_argument("--seed", type=int, help="the seed of the deals (default: random)")
    parser.add_argument("--save", type=Path, default=Path("ginrummy.sav"), help="where 'save' writes")
    parser.add_argument("--resume", action="store_true", help="resume the game saved in --save")
    parser.add_argument("--auto", action="store_true", help="the greedy strategy plays your seat")
    args = parser.parse_args(argv)
    key_file = args.save.with_suffix(".key")  # the seal's key, beside the save
    if args.resume:
        session = frontend.Session.resume(args.save.read_text(encoding="utf-8"), load_key(key_file))
    else:
        session = frontend.Session.new(gr.find_ruleset(args.preset), bot=args.bot, seed=args.seed)

    def ask(session: frontend.Session) -> str:
        if args.auto:
            return "" if session.paused else str(gr.GreedyBot().act(session.table))
        try:
            return input("next round> " if session.paused else "your move> ").strip()
        except EOFError:
            return "quit"

    def save(session: frontend.Session) -> None:
        try:  # sealing needs the extra ginrummy[saves] (the cryptography package)
            text = session.save(load_key(key_file))
        except gr.SerializationError as exc:
            print(f"not saved: {exc}")
            return
        args.save.write_text(text, encoding="utf-8")
        print(f"saved in {args.save}: --resume takes it up again")

    play(session, ask, save)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
