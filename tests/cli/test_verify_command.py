"""``ginrummy verify`` (``ginrummy.cli.verify_command``): a deal log's rounds verified one line
each, a round checked from its commitment, salt and deck, and a tampered reveal refused in one
error line naming the round, exit status 2; every line within 80 columns.
"""

from __future__ import annotations

import json
from pathlib import Path

import ginrummy as gr
from cli_helpers import run_cli
from ginrummy.dealing import deck_notation
from ginrummy.frontend import Session, deal_log

WIDTH = 80


def _log(tmp_path: Path) -> tuple[Path, Session]:
    """A deal log of a game two rounds in (the greedy strategy against the greedy bot)."""
    session = Session.new(gr.PAGAT, bot="greedy", seed=8, dealer=0)
    strategy = gr.GreedyBot()
    while len(session.game.results) < 2 or session.paused:
        session = session.deal_on() if session.paused else session.apply(strategy.act(session.table))
    path = tmp_path / "game.deals"
    path.write_text(deal_log(session.deals), encoding="utf-8")
    return path, session


def test_a_deal_log_is_verified_round_by_round(tmp_path: Path) -> None:
    """Each round over: verified, with the start of its commitment; the round in play:
    committed to, not revealed yet; a summary line; exit status 0."""
    path, session = _log(tmp_path)
    result = run_cli("verify", str(path), cwd=tmp_path)
    short = [deal.commitment[:12] for deal in session.deals]
    assert (0, "") == (result.returncode, result.stderr)
    assert [
        f"round 1: verified: the deck dealt is the one committed to ({short[0]}...)",
        f"round 2: verified: the deck dealt is the one committed to ({short[1]}...)",
        f"round 3: committed to ({short[2]}...), in play, not revealed yet",
        "2 rounds verified, 1 in play",
    ] == result.stdout.splitlines()
    assert all(len(line) <= WIDTH for line in result.stdout.splitlines())


def test_a_tampered_deal_log_is_one_error_line_naming_the_round(tmp_path: Path) -> None:
    """Two cards of round 2's deck swapped in the log: one error line naming round 2 and the
    reason, exit status 2, nothing on standard output."""
    path, session = _log(tmp_path)
    document = json.loads(path.read_text(encoding="utf-8"))
    cards = document["deals"][1]["deck"].split()
    cards[40], cards[41] = cards[41], cards[40]
    document["deals"][1]["deck"] = " ".join(cards)
    path.write_text(json.dumps(document), encoding="utf-8")
    result = run_cli("verify", str(path), cwd=tmp_path)
    commitment = session.deals[1].commitment
    assert (2, "") == (result.returncode, result.stdout)
    assert (
        f"ginrummy verify: error: round 2: deal not verified: the commitment {commitment[:16] + '...'!r} "
        "is not SHA-256 of this salt and deck: the deck or the salt was changed since the commitment\n"
    ) == result.stderr


def test_one_round_is_verified_from_its_commitment_salt_and_deck(tmp_path: Path) -> None:
    """``verify COMMITMENT --salt S --deck D``: verified for the round's reveal; refused for
    another salt; a usage error without the deck."""
    _, session = _log(tmp_path)
    deal = session.deals[0]
    assert deal.deck is not None and deal.salt is not None
    deck = deck_notation(deal.deck)
    result = run_cli("verify", deal.commitment, "--salt", deal.salt, "--deck", deck)
    assert (0, f"verified: the deck is the one committed to by {deal.commitment}\n") == (
        result.returncode,
        result.stdout,
    )
    other = session.deals[1].salt
    assert other is not None
    refused = run_cli("verify", deal.commitment, "--salt", other, "--deck", deck)
    assert 2 == refused.returncode and "deal not verified: the commitment" in refused.stderr
    usage = run_cli("verify", deal.commitment, "--salt", deal.salt)
    assert (2, "ginrummy verify: error: a COMMITMENT needs both --salt and --deck\n") == (
        usage.returncode,
        usage.stderr,
    )


def test_a_file_that_is_no_deal_log_is_one_error_line(tmp_path: Path) -> None:
    """A missing file, or a file that is not a deal log: one error line naming it, exit 2."""
    missing = run_cli("verify", "nothing.deals", cwd=tmp_path)
    assert (
        2,
        "ginrummy verify: error: cannot read the deal log 'nothing.deals': No such file or directory\n",
    ) == (
        missing.returncode,
        missing.stderr,
    )
    (tmp_path / "x.deals").write_text('{"format": "ginrummy"}', encoding="utf-8")
    foreign = run_cli("verify", "x.deals", cwd=tmp_path)
    assert (2, "ginrummy verify: error: invalid deal log: not a ginrummy-deals document\n") == (
        foreign.returncode,
        foreign.stderr,
    )
