"""``ginrummy verify``: check that a deal revealed after a round is the one committed to
before it (:func:`ginrummy.verify_deal`).

Two forms: ``ginrummy verify FILE`` checks every round of a deal log (``deals`` in
``ginrummy play`` writes one; the kit's :func:`~ginrummy.frontend.deal_log`), and
``ginrummy verify COMMITMENT --salt SALT --deck "Ac 2c ..."`` checks one round. A reveal that
is not what was committed to is one error line naming the round and the reason, exit status 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ginrummy.dealing import verify_deal
from ginrummy.errors import SerializationError
from ginrummy.frontend.fair_deals import read_deal_log
from ginrummy.plurals import counted

__all__ = ["add_verify_command", "run_verify"]


def add_verify_command(commands: Any) -> None:
    """Add ``verify`` to the command line's sub-commands."""
    verify = commands.add_parser(
        "verify",
        help="check that a deal revealed is the one committed to",
        description="Check that the decks revealed after rounds are the ones committed to before "
        "them: every round of a deal log (FILE), or one round (a COMMITMENT with --salt and --deck).",
    )
    verify.add_argument("what", metavar="FILE|COMMITMENT", help="a deal log, or a round's commitment")
    verify.add_argument("--salt", help="the round's revealed salt (with a COMMITMENT)")
    verify.add_argument("--deck", help='the deck dealt, top first (with a COMMITMENT): "Ac 2c 3c ..."')
    verify.set_defaults(verify_parser=verify)


def run_verify(args: argparse.Namespace) -> int:
    """Check the deal or deals ``args`` name, print what was verified, return the exit status.

    :raises CommitmentError: for a reveal that is not the one committed to.
    :raises SerializationError: for a file that is not a deal log.
    """
    if args.salt is not None or args.deck is not None:
        if args.salt is None or args.deck is None:
            args.verify_parser.error("a COMMITMENT needs both --salt and --deck")
        verify_deal(args.what, args.deck, args.salt)
        print(f"verified: the deck is the one committed to by {args.what.strip().lower()}")
        return 0
    path = Path(args.what)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise SerializationError(f"cannot read the deal log {args.what!r}: {reason}") from None
    deals = read_deal_log(text)
    for deal in deals:
        short = deal.commitment[:12]
        if deal.revealed:
            print(f"round {deal.number}: verified: the deck dealt is the one committed to ({short}...)")
        else:
            print(f"round {deal.number}: committed to ({short}...), in play, not revealed yet")
    revealed = sum(deal.revealed for deal in deals)
    print(f"{counted(revealed, 'round')} verified, {len(deals) - revealed} in play")
    return 0
