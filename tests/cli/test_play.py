"""``ginrummy play`` as the example terminal table (issue 29, item 7): every line within 80
columns without breaking an entry ("d" at a line's end, "6d" on the next), ``save`` and
``--resume`` (sealed: the save shows no card; without the extra ``saves``, ``save`` says so and
the game goes on; a save that cannot be resumed is one error line naming the file and the
reason), and ``quit`` showing the score so far.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import attrs
import pytest

import ginrummy as gr
from cli_helpers import run_cli
from ginrummy.cli.play import HELP, WIDTH, load_key, play, resume_file, save_file
from ginrummy.frontend import Session, read_deal_log
from sealed_saves import KEY, V1_SAVE, v1_session

_BROKEN = re.compile(r"(^|[ ,:])(d|k|l)$|^\s+[A2-9TJQK][cdhs]\b")
"""A line that ends inside an action (``..., d``) or starts with its card (``  6d, ...``)."""


def test_the_help_fits_80_columns_one_entry_a_line() -> None:
    """The in-game help fits 80 columns as it is, so nothing wraps inside an entry (two
    entries a line reached 87 columns and broke)."""
    assert [] == [line for line in HELP.splitlines() if len(line) > WIDTH]


def test_a_long_list_of_legal_moves_wraps_between_entries() -> None:
    """The refusal listing every legal discard wraps at 80 columns between entries, never
    inside one."""
    result = run_cli("play", "--seed", "3", input="t\nKs\nhelp\nquit\n")
    lines = result.stdout.splitlines()
    assert any(line.startswith("d Ks is not legal now") for line in lines)
    legal = lines[next(i for i, line in enumerate(lines) if line.startswith("d Ks is not legal")) + 1]
    assert legal.startswith("  d ")  # the list did wrap
    assert [] == [line for line in lines if len(line) > WIDTH or _BROKEN.search(line)]


def test_quit_shows_the_score_and_the_standing() -> None:
    """``quit`` (and Ctrl-D) ends with the score, who leads and the target (it said "bye")."""
    for text in ("quit\n", ""):
        result = run_cli("play", "--seed", "3", input=text)
        assert "you leave after 0 rounds: scores: you 0, the bot 0; level, playing to 100" in result.stdout


def test_save_then_resume_takes_up_the_same_game(tmp_path: Path) -> None:
    """``save`` writes the game (and its key beside it) and leaves; ``play --resume`` shows
    the same table and plays on; the save is the session the moves made."""
    saved = run_cli("play", "--seed", "3", "--bot", "greedy", input="t\nsave\n", cwd=tmp_path)
    assert (0, "") == (saved.returncode, saved.stderr)
    assert "saved in ginrummy.sav, sealed (it shows no card)" in saved.stdout
    expected = Session.new(gr.PAGAT, bot="greedy", seed=3).apply(gr.TakeDiscard())
    assert expected == resume_file(tmp_path / "ginrummy.sav", "greedy")
    resumed = run_cli("play", "--resume", "--bot", "greedy", input="quit\n", cwd=tmp_path)
    assert (0, "") == (resumed.returncode, resumed.stderr)
    table = saved.stdout.split("your move> ")[-2].split("\n", 1)[1]  # the table before 'save'
    assert table.strip() in resumed.stdout


def test_resume_without_a_save_is_one_error_line(tmp_path: Path) -> None:
    """``play --resume`` with no save there: one line naming the file, exit status 2; with a
    ruleset too: a usage error."""
    result = run_cli("play", "--resume", cwd=tmp_path)
    assert (2, 1) == (result.returncode, len(result.stderr.splitlines()))
    assert result.stderr.startswith("ginrummy play: error: cannot resume from 'ginrummy.sav'")
    both = run_cli("play", "straight", "--resume", cwd=tmp_path)
    assert 2 == both.returncode and "--resume plays the saved game" in both.stderr


def test_the_save_file_shows_nothing_hidden(tmp_path: Path) -> None:
    """Two sessions that differ only in what the person cannot see (worlds drawn from the
    person's view) write save files whose open parts are equal and whose sealed parts have
    the same size; no card is in the file's text."""
    session = Session.new(gr.PAGAT, bot="greedy", seed=5, dealer=0)
    session = session.apply(gr.GreedyBot().act(session.table))
    other = attrs.evolve(session, game=session.view.sample(random.Random(1)))
    assert session.table == other.table and session.game != other.game
    load_key(tmp_path / "a.key")
    (tmp_path / "b.key").write_bytes((tmp_path / "a.key").read_bytes())
    save_file(session, tmp_path / "a.sav")
    save_file(other, tmp_path / "b.sav")
    first, second = (json.loads((tmp_path / name).read_text(encoding="utf-8")) for name in ("a.sav", "b.sav"))
    assert first["open"].pop("id") != second["open"].pop("id")  # each save has its own random id
    assert first["open"] == second["open"]
    assert len(first["sealed"]) == len(second["sealed"])
    text = (tmp_path / "a.sav").read_text(encoding="utf-8")
    assert not re.search(r"\b[A2-9TJQK][cdhs]\b", json.dumps(first["open"]))
    assert str(session.table.hand.cards[0]) not in json.dumps(first["open"]) and text


def test_save_without_the_extra_says_which_to_install_and_the_game_goes_on(
    tmp_path: Path, without_cryptography: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the ``cryptography`` package (a plain ``pip install ginrummy``), ``save`` says
    that sealing needs the extra ``saves`` and how to install it, writes nothing, and the game
    goes on; a save already there and its key are left as they were."""
    lines: list[str] = []
    answers = iter(["save", "t", "quit"])
    # a short relative path: the message is wrapped at 80 columns, and a temporary
    # directory's path can be longer than a line (then it is broken inside the path)
    monkeypatch.chdir(tmp_path)
    assert 0 == play(gr.PAGAT, 3, ask=lambda _: next(answers), say=lines.append, save=Path("new.sav"))
    said = " ".join(line.strip() for line in lines)  # the lines wrapped at 80 columns, joined
    assert (
        "cannot save in 'new.sav': cannot seal a save: sealed saves need "
        "the 'cryptography' package, which the extra 'saves' installs: pip install 'ginrummy[saves]'; "
        "the game goes on"
    ) in said
    assert "you leave after 0 rounds" in said and "you take 4c" in said  # played on after the refusal
    assert [] == sorted(p.name for p in tmp_path.iterdir())
    shutil.copy(V1_SAVE, tmp_path / "old.sav")
    (tmp_path / "old.key").write_bytes(KEY)
    with pytest.raises(gr.SerializationError, match="pip install 'ginrummy\\[saves\\]'"):
        save_file(v1_session(), tmp_path / "old.sav")
    assert (V1_SAVE.read_bytes(), KEY) == (
        (tmp_path / "old.sav").read_bytes(),
        (tmp_path / "old.key").read_bytes(),
    )
    assert v1_session() == resume_file(tmp_path / "old.sav", "tracker")  # version 1 needs no extra


def test_a_save_that_cannot_be_written_leaves_the_files_as_they_were(tmp_path: Path) -> None:
    """A save whose file cannot be replaced (here a folder stands in its place) is refused with
    the file's name and the reason, and leaves no part-written file behind."""
    (tmp_path / "game.sav").mkdir()
    with pytest.raises(
        gr.SerializationError, match=f"cannot save in {re.escape(repr(str(tmp_path / 'game.sav')))}: "
    ):
        save_file(Session.new(gr.PAGAT, bot="greedy", seed=3), tmp_path / "game.sav")
    assert ["game.key", "game.sav"] == sorted(p.name for p in tmp_path.iterdir())


def test_a_save_cut_short_changed_or_foreign_is_one_error_line_naming_the_file(tmp_path: Path) -> None:
    """``play --resume`` on a save cut short, changed, under another key or of an unknown
    version: one line naming the file and the reason, exit status 2, no traceback; the version 1
    save of an earlier ginrummy plays on."""
    saved = run_cli("play", "--seed", "3", "--bot", "greedy", input="t\nsave\n", cwd=tmp_path)
    assert (0, "") == (saved.returncode, saved.stderr)
    path, key = tmp_path / "ginrummy.sav", tmp_path / "ginrummy.key"
    text = path.read_text(encoding="utf-8")
    document = json.loads(text)
    document["open"]["scores"] = [50, 0]
    cases = {
        text[: len(text) // 2]: "not JSON (cut short, or not a save)",
        json.dumps(document): "its seal does not match: it was sealed with another key, or changed since",
        text.replace('"version": 2', '"version": 7'): "unknown version 7 (known: [1, 2])",
        "PK\x03\x04 not a save": "not JSON (cut short, or not a save)",
    }
    for changed, reason in cases.items():
        path.write_text(changed, encoding="utf-8")
        result = run_cli("play", "--resume", "--bot", "greedy", cwd=tmp_path)
        expected = f"ginrummy play: error: cannot resume from 'ginrummy.sav': invalid save: {reason}"
        assert (2, 1, expected) == (
            result.returncode,
            len(result.stderr.splitlines()),
            result.stderr[: len(expected)],
        )
    path.write_text(text, encoding="utf-8")
    key.write_bytes(bytes(32))
    result = run_cli("play", "--resume", "--bot", "greedy", cwd=tmp_path)
    assert "cannot resume from 'ginrummy.sav': invalid save: its seal does not match" in result.stderr
    shutil.copy(V1_SAVE, path)
    key.write_bytes(KEY)
    resumed = run_cli("play", "--resume", "--bot", "tracker", input="quit\n", cwd=tmp_path)
    assert (0, "") == (resumed.returncode, resumed.stderr)
    assert "you leave after 1 round: scores: you 0, the bot 6" in resumed.stdout


def _play(answers: list[str], **options: object) -> list[str]:
    """The lines ``play`` writes for ``answers`` (seed 3, the greedy bot), at most 80 columns
    each, none broken inside an entry."""
    lines: list[str] = []
    feed = iter(answers)

    def ask(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    assert 0 == play(gr.PAGAT, 3, ask=ask, say=lines.append, bot="greedy", **options)  # type: ignore[arg-type]
    assert [] == [line for line in lines if len(line) > WIDTH or _BROKEN.search(line)]
    return lines


def test_a_save_cannot_be_used_to_peek_at_the_stock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The peek of issue 52: save before drawing, take the save up, draw (the stock's top
    card is seen), quit, and take the save up again: refused, one error line with a sentence a
    person understands; ``quit`` had said that the game is not saved and that the save was
    taken up already. Leaving with nothing played since a save was taken up gives it back."""
    monkeypatch.chdir(tmp_path)
    _play(["t", "Kh", "save"])
    kept = _play(["quit"], resume=True)
    said = " ".join(line.strip() for line in kept)
    assert "nothing was played since you took up ginrummy.sav: it is saved there still" in said
    peeked = _play(["s", "quit"], resume=True)
    said = " ".join(line.strip() for line in peeked)
    assert "you draw" in said
    assert (
        "this game is not saved (save saves it and leaves); ginrummy.sav holds the save taken up "
        "already, which cannot be taken up again"
    ) in said
    result = run_cli("play", "--resume", "--bot", "greedy", cwd=tmp_path)
    assert (2, "") == (result.returncode, result.stdout)
    assert (
        "ginrummy play: error: cannot resume from 'ginrummy.sav': this save was taken up already, "
        "and a save is taken up once: the game went on from it, and playing it again would let "
        "you choose again knowing cards you have seen since\n"
    ) == result.stderr
    ledger = json.loads((tmp_path / "ginrummy.ledger").read_text(encoding="utf-8"))
    assert [
        [json.loads((tmp_path / "ginrummy.sav").read_text(encoding="utf-8"))["open"]["id"], "resumed"]
    ] == (ledger["saves"])


def test_a_save_copied_back_or_without_its_ledger_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy of the save kept before it was taken up and put back after is refused (the
    ledger knows its id); with the ledger deleted, the save is refused as not in the ledger;
    a practice table's save (free take-backs) is taken up again and again."""
    monkeypatch.chdir(tmp_path)
    _play(["t", "Kh", "save"])
    copy = (tmp_path / "ginrummy.sav").read_text(encoding="utf-8")
    _play(["s", "quit"], resume=True)
    (tmp_path / "ginrummy.sav").write_text(copy, encoding="utf-8")
    with pytest.raises(gr.SerializationError, match="this save was taken up already"):
        resume_file(tmp_path / "ginrummy.sav", "greedy")
    (tmp_path / "ginrummy.ledger").unlink()
    with pytest.raises(gr.SerializationError, match="this save is not in the ledger beside it"):
        resume_file(tmp_path / "ginrummy.sav", "greedy")
    _play(["t", "Kh", "save"], free_takebacks=True, save=Path("practice.sav"))
    for _ in range(2):
        lines = _play(["s", "quit"], resume=True, save=Path("practice.sav"))
        assert any(line.startswith("you draw") for line in lines)


def test_quit_says_what_is_saved_and_where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``quit`` in a new game says the game is not saved; with an earlier save there, not
    taken up, it says that save is still there and how to take it up."""
    monkeypatch.chdir(tmp_path)
    said = " ".join(line.strip() for line in _play(["quit"]))
    assert "this game is not saved: save saves it and leaves" in said
    _play(["t", "Kh", "save"], save=Path("g.sav"))
    said = " ".join(line.strip() for line in _play(["quit"], save=Path("g.sav")))
    assert (
        "this game is not saved; g.sav holds an earlier save (0 rounds played), which ginrummy play "
        "--resume --save g.sav takes up"
    ) in said


def test_each_round_opens_with_its_commitment_and_ends_with_its_salt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each round's first lines give the commitment to its deck; its end gives the salt;
    ``deals`` writes the deal log beside the save and keeps it up to date, and the log
    verifies: the commitment printed at the round's start is the log's, and the salt printed
    at its end with the log's deck gives it."""
    monkeypatch.chdir(tmp_path)
    lines = _play(["deals"] + ["a"] * 40 + [""] + ["a"] * 3 + ["quit"])
    commitments = [line.removeprefix("commitment: ") for line in lines if line.startswith("commitment: ")]
    salts = [line.removeprefix("salt: ") for line in lines if line.startswith("salt: ")]
    assert len(commitments) >= 2 and len(salts) >= 1
    deals = read_deal_log((tmp_path / "ginrummy.deals").read_text(encoding="utf-8"))
    assert commitments == [deal.commitment for deal in deals]
    assert salts == [deal.salt for deal in deals if deal.revealed]
    first = deals[0]
    assert first.deck is not None and first.salt == salts[0]
    assert first.deck == gr.verify_deal(commitments[0], first.deck, salts[0])


def test_hint_shows_the_moves_ranked_with_reasons_within_80_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``hint`` prints the suggested move and the next ones with their reasons, wrapped at 80
    columns between words; the game goes on after it."""
    monkeypatch.chdir(tmp_path)
    lines = _play(["t", "Kh", "hint", "t", "quit"])
    said = re.sub(r"\(expected [^)]*\)", "(expected)", " ".join(line.strip() for line in lines))
    assert (
        "suggested: take the top discard [t] (expected): the top discard Ts makes [Td Th Ts]; "
        "the opponent sees what you take" in said
    )
    assert "or: draw from the stock [s] (expected): the top discard Ts makes [Td Th Ts]; " in said
    assert "you take Ts" in said


def test_no_hints_refuses_hint_and_quit_counts_the_hints_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``hints=False`` (``--no-hints``) ``hint`` says hints are off and the game goes on;
    with hints on, ``quit`` says how many hints were asked."""
    monkeypatch.chdir(tmp_path)
    said = " ".join(line.strip() for line in _play(["t", "hint", "Kh", "quit"], hints=False))
    assert "no hint: hints are off at this table" in said and "you discard Kh" in said
    assert "asked for" not in said
    said = " ".join(line.strip() for line in _play(["t", "hint", "Kh", "hint", "quit"]))
    assert "you asked for 2 hints in this game" in said
