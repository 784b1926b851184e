"""Provably fair deals through the kit (``ginrummy.frontend.fair_deals`` and
``Session.deals``): each round's commitment is published before the round and never changes;
once the round is over its deck and salt are revealed, verify, and deal the cards the person
was dealt; nothing before a round's end gives away its deck or its salt; a tampered deal log is
refused naming the round.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import attrs
import pytest

import ginrummy as gr
from ginrummy.dealing import deal, deal_salt, deck_notation
from ginrummy.frontend import RoundDeal, Session, deal_log, read_deal_log
from ginrummy.frontend.fair_deals import round_salt
from sealed_saves import KEY

SECRET = "5e" * 32
"""A deal secret the test knows (a session's own is private)."""


def states(preset: str, seed: int) -> Iterator[Session]:
    """Every state of a game the person plays with the greedy strategy against the greedy bot."""
    session = Session.new(gr.PRESETS[preset], bot="greedy", seed=seed, dealer=seed % 2, person=seed % 2)
    strategy = gr.GreedyBot()
    while True:
        yield session
        if session.is_over:
            return
        session = session.deal_on() if session.paused else session.apply(strategy.act(session.table))


@pytest.mark.parametrize(("preset", "seed"), [("pagat", 1), ("oklahoma", 2), ("hollywood", 3)])
def test_each_commitment_is_published_before_its_round_and_its_reveal_deals_the_cards_seen(
    preset: str, seed: int
) -> None:
    """Along whole games: the commitment the person sees when a round opens is the one of the
    round's reveal at its end; the reveal verifies with ``gr.verify_deal``; the deck revealed
    deals the hand the person was dealt and the upcard it saw; no round is revealed before it
    is over."""
    opened: dict[int, tuple[str, gr.Hand, gr.Card]] = {}
    revealed = 0
    for session in states(preset, seed):
        deals = session.deals
        over = len(session.game.results)
        assert [d.number for d in deals] == list(range(1, len(deals) + 1))
        assert [d.revealed for d in deals] == [d.number <= over for d in deals]
        if not session.paused and not session.is_over and over + 1 not in opened:
            table = session.table
            opened[over + 1] = (deals[over].commitment, table.hand, table.initial_upcard)
        for entry in deals:
            if entry.revealed and entry.number in opened:
                commitment, hand, upcard = opened[entry.number]
                assert entry.deck is not None and entry.salt is not None
                assert commitment == entry.commitment
                assert entry.deck == gr.verify_deal(commitment, deck_notation(entry.deck), entry.salt)
                dealer = session.game.played[entry.number - 1].dealer
                hands, first_upcard, _ = deal(entry.deck, dealer)
                assert (hand, upcard) == (hands[session.person], first_upcard)
                revealed += 1
    assert revealed > 3


def test_commitments_are_the_same_after_a_takeback_and_a_resume() -> None:
    """A round's commitment does not change when a move is taken back (the round dealt again
    has the same deck and salt) nor when the session is saved and resumed (the deal secret is
    in the sealed part)."""
    session = Session.new(gr.PAGAT, bot="greedy", seed=4, dealer=0, free_takebacks=True)
    strategy = gr.GreedyBot()
    for _ in range(30):
        after = session.deal_on() if session.paused else session.apply(strategy.act(session.table))
        resumed = Session.resume(after.save(KEY), KEY)
        assert after.deals == resumed.deals
        if after.can_undo:
            undone = after.undo()
            assert [d.commitment for d in after.deals][: len(undone.deals)] == [
                d.commitment for d in undone.deals
            ]
        session = after


def test_nothing_shown_before_a_rounds_end_holds_its_deck_or_its_salt() -> None:
    """At every step of whole games, the deal log, a save's text and the session's repr hold
    neither the salt nor the deck of the round in play (nor the deal secret), and the same
    game under two deal secrets commits to its decks with different commitments: the
    commitment is no function of the deck alone."""
    checked = 0
    for preset, seed in (("pagat", 5), ("straight", 6)):
        for played in states(preset, seed):
            if played.paused or played.is_over:
                continue
            session = attrs.evolve(played, deal_secret=SECRET)
            number = len(session.game.results) + 1
            salt = round_salt(SECRET, number)
            deck = deck_notation(session.game.decks[-1])
            shown = [deal_log(session.deals), session.save(KEY), repr(session)]
            for text in shown:
                assert salt not in text and deck not in text and SECRET not in text
            other = attrs.evolve(session, deal_secret=deal_salt())
            assert other == session and other.deals[-1].commitment != session.deals[-1].commitment
            checked += 1
    assert checked > 40


def test_a_deal_log_reads_back_and_a_tampered_one_is_refused_naming_the_round() -> None:
    """The deal log of a game reads back as the same entries; changing a revealed deck, a salt
    or a commitment in it is refused with ``CommitmentError`` naming the round."""
    session = next(s for s in states("pagat", 7) if len(s.game.results) == 2 and not s.paused)
    text = deal_log(session.deals)
    assert session.deals == read_deal_log(text)
    document = json.loads(text)
    cards = document["deals"][1]["deck"].split()
    cards[30], cards[31] = cards[31], cards[30]
    changes = {
        "deck": " ".join(cards),
        "salt": "0" * 64,
        "commitment": "f" * 64,
    }
    for field, value in changes.items():
        tampered = json.loads(text)
        tampered["deals"][1][field] = value
        with pytest.raises(gr.CommitmentError, match=r"^round 2: deal not verified: the commitment "):
            read_deal_log(json.dumps(tampered))


@pytest.mark.parametrize(
    ("data", "error", "needle"),
    [
        ({"number": 0, "commitment": "0" * 64}, gr.CommitmentError, "'number' must be a round's number"),
        ({"number": 1, "commitment": "0" * 64, "salt": "0" * 64}, gr.CommitmentError, "both the deck and"),
        ({"number": 1, "commitment": "x"}, gr.CommitmentError, "the commitment 'x' is not 64"),
        ({"number": 1}, gr.SerializationError, "expected an object with 'number' and 'commitment'"),
        ([1], gr.SerializationError, "invalid deal log entry [1]"),
    ],
)
def test_a_deal_log_entry_not_written_as_one_is_refused(
    data: object, error: type[gr.GinRummyError], needle: str
) -> None:
    """An entry whose number, commitment, deck or salt is not written as one: the library's
    error, naming the value."""
    with pytest.raises(error) as refused:
        RoundDeal.from_json(data)
    assert needle in str(refused.value)


def test_a_session_refuses_a_deal_secret_that_is_not_64_hexadecimal_digits() -> None:
    """The deal secret is checked when a session is built: ``InvalidPositionError`` naming the
    field, never repeating the secret."""
    game = gr.Game.new(gr.PAGAT, seed=1)
    for secret in ("ab" * 31, "AB" * 32, 5):
        with pytest.raises(gr.InvalidPositionError, match="'deal_secret' must be 64 lowercase hexadecimal"):
            Session(game=game, person=0, deal_secret=secret)  # type: ignore[arg-type]
    assert Session(game=game, person=0, deal_secret="ab" * 32).deals[0].commitment == gr.commit_deal(
        game.decks[0], round_salt("ab" * 32, 1)
    )
