"""The commitment to a deal (``ginrummy.dealing``: :func:`gr.commit_deal`, :func:`gr.verify_deal`):
SHA-256 of a secret salt and the deck, checkable without the library, that no changed deck or
salt passes and that tells nothing of the deck without its salt.
"""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.dealing import deal_salt, deck_notation
from hypothesis_share import examples

decks_st = st.randoms(use_true_random=False).map(lambda rng: tuple(rng.sample(gr.DECK, 52)))
"""Decks in any order."""
salts_st = st.binary(min_size=32, max_size=32).map(bytes.hex)
"""Salts: 32 bytes, as hexadecimal."""


@settings(max_examples=examples(100))
@given(deck=decks_st, salt=salts_st)
def test_a_commitment_is_sha256_of_the_salt_a_space_and_the_deck(
    deck: tuple[gr.Card, ...], salt: str
) -> None:
    """The commitment is what ``printf '%s %s' "$SALT" "$DECK" | sha256sum`` prints, and the
    reveal of the same deck and salt verifies (given as cards or as notation)."""
    expected = hashlib.sha256(f"{salt} {' '.join(map(str, deck))}".encode("ascii")).hexdigest()
    assert expected == gr.commit_deal(deck, salt)
    assert deck == gr.verify_deal(expected, deck, salt) == gr.verify_deal(expected, deck_notation(deck), salt)


@settings(max_examples=examples(100))
@given(
    deck=decks_st,
    salt=salts_st,
    swap=st.tuples(st.integers(0, 51), st.integers(0, 51)),
    bit=st.integers(0, 255),
)
def test_a_changed_deck_or_salt_is_refused_naming_the_commitment(
    deck: tuple[gr.Card, ...], salt: str, swap: tuple[int, int], bit: int
) -> None:
    """Two cards of the deck swapped, or one bit of the salt flipped: the reveal is refused with
    ``CommitmentError``, whose message names the commitment and says the deck or the salt was
    changed since."""
    commitment = gr.commit_deal(deck, salt)
    changed = list(deck)
    i, j = swap if swap[0] != swap[1] else (swap[0], (swap[0] + 1) % 52)
    changed[i], changed[j] = changed[j], changed[i]
    flipped = (int(salt, 16) ^ (1 << bit)).to_bytes(32, "big").hex()
    for bad_deck, bad_salt in ((changed, salt), (deck, flipped)):
        with pytest.raises(gr.CommitmentError) as refused:
            gr.verify_deal(commitment, bad_deck, bad_salt)
        assert f"the commitment {commitment[:16] + '...'!r} is not SHA-256 of this salt and deck" in str(
            refused.value
        )
        assert "changed since the commitment" in str(refused.value)


def test_the_same_deck_under_two_salts_has_unrelated_commitments() -> None:
    """Without its salt a commitment says nothing of the deck: one deck under fresh salts gives
    a different commitment each time, as far from each other as unrelated numbers (half
    their 256 bits differ, on average)."""
    deck = tuple(random.Random(1).sample(gr.DECK, 52))
    commitments = {gr.commit_deal(deck, deal_salt()) for _ in range(50)}
    assert 50 == len(commitments)
    differing = [
        bin(int(gr.commit_deal(deck, deal_salt()), 16) ^ int(gr.commit_deal(deck, deal_salt()), 16)).count(
            "1"
        )
        for _ in range(200)
    ]
    assert 118 < sum(differing) / len(differing) < 138  # 128 of 256 bits, on average


def test_deal_salts_are_fresh_secret_random_bytes() -> None:
    """A salt is 32 bytes as 64 lowercase hexadecimal digits, never the same twice."""
    salts = [deal_salt() for _ in range(200)]
    assert len(set(salts)) == 200
    assert all(len(s) == 64 and s == s.lower() and bytes.fromhex(s) for s in salts)


@pytest.mark.parametrize(
    ("commitment", "deck", "salt", "needle"),
    [
        (42, gr.DECK, "ab" * 32, "the commitment 42 is not 64 hexadecimal digits"),
        ("ab" * 31, gr.DECK, "ab" * 32, "is not 64 hexadecimal digits"),
        ("ab" * 32, gr.DECK[:51], "ab" * 32, "51 cards, missing 'Ks'"),
        ("ab" * 32, "Ac 2c Zz", "ab" * 32, "'Zz'"),
        ("ab" * 32, 5, "ab" * 32, "invalid deck 5"),
        ("ab" * 32, gr.DECK, None, "the salt None is not 64 hexadecimal digits"),
        ("ab" * 32, gr.DECK, "salt", "the salt 'salt'"),
    ],
)
def test_a_reveal_not_written_as_one_is_refused_naming_the_value(
    commitment: object, deck: object, salt: object, needle: str
) -> None:
    """A commitment or salt that is not 64 hexadecimal digits, or a deck that is not the 52
    cards: ``CommitmentError`` (a ``GinRummyError``), naming the value and why."""
    with pytest.raises(gr.CommitmentError) as refused:
        gr.verify_deal(commitment, deck, salt)  # type: ignore[arg-type]
    assert needle in str(refused.value)
    assert str(refused.value).startswith("deal not verified: ")
