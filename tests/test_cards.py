"""Tests for suits, ranks, cards, the deck and hands (``ginrummy.cards``)."""

# The project writes assertions as ``assert expected == actual`` (docs/conventions.md §9).

from __future__ import annotations

import contextlib
import itertools
import operator
import string
from collections.abc import Callable
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrummy as gr

FULL = gr.Hand(gr.DECK)
"""The whole deck as a hand: the universe for complements."""

FULL_MASK = (1 << 52) - 1
"""The 52-bit mask of the whole deck, written out independently of the library."""

RANK_SYMBOLS = "A23456789TJQK"
SUIT_SYMBOLS = "cdhs"
SUIT_GLYPHS = "♣♦♥♠"
SUIT_HOLLOW_GLYPHS = "♧♢♡♤"


def rank_spellings(rank: gr.Rank) -> set[str]:
    """Every accepted spelling of ``rank``: its symbol in either case, and ``10`` for the ten."""
    symbol = RANK_SYMBOLS[rank - 1]
    spellings = {symbol, symbol.lower()}
    if rank == 10:
        spellings.add("10")
    return spellings


def suit_spellings(suit: gr.Suit) -> set[str]:
    """Every accepted spelling of ``suit``: its letter in either case, its glyph and its hollow
    glyph."""
    letter = SUIT_SYMBOLS[suit]
    return {letter, letter.upper(), SUIT_GLYPHS[suit], SUIT_HOLLOW_GLYPHS[suit]}


def card_spellings(card: gr.Card) -> set[str]:
    """Every accepted spelling of ``card``: any rank spelling followed by any suit spelling."""
    return {r + s for r in rank_spellings(card.rank) for s in suit_spellings(card.suit)}


ALL_SPELLINGS: dict[str, gr.Card] = {spelling: card for card in gr.DECK for spelling in card_spellings(card)}
"""The independent list of card notation: accepted text -> card."""


cards = st.sampled_from(gr.DECK)
card_sets = st.frozensets(cards)
hands = st.one_of(
    card_sets.map(gr.Hand),
    st.integers(min_value=0, max_value=FULL_MASK).map(gr.Hand.from_mask),
)
"""Hands of every size: random subsets of the deck (mostly small) and random masks (mostly ~26)."""


# --- Suit and Rank ------------------------------------------------------------------------------


def test_suit_symbols_are_c_d_h_s_in_bit_order() -> None:
    """The suits are clubs, diamonds, hearts, spades, valued 0-3, with symbols c d h s."""
    expected = [
        ("CLUBS", 0, "c", "♣"),
        ("DIAMONDS", 1, "d", "♦"),
        ("HEARTS", 2, "h", "♥"),
        ("SPADES", 3, "s", "♠"),
    ]
    assert expected == [(s.name, s.value, s.symbol, s.glyph) for s in gr.Suit]


def test_rank_symbols_are_a_to_k_with_t_for_ten() -> None:
    """The ranks run ace (1) to king (13) with symbols A 2-9 T J Q K."""
    assert list(range(1, 14)) == [int(r) for r in gr.Rank]
    assert list(RANK_SYMBOLS) == [r.symbol for r in gr.Rank]
    assert (1, 13) == (int(gr.Rank.ACE), int(gr.Rank.KING))


def test_rank_points_are_face_value_with_court_cards_ten() -> None:
    """A rank's deadwood value is its face value, 10 for J Q K, and 1 for the ace."""
    expected = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert expected == [r.points for r in gr.Rank]


@pytest.mark.parametrize("suit", list(gr.Suit), ids=lambda s: s.name)
def test_suit_parse_accepts_any_case_and_both_glyphs(suit: gr.Suit) -> None:
    """A suit reads from its letter in either case, its glyph and its hollow glyph."""
    for text in sorted(suit_spellings(suit)):
        assert suit == gr.Suit.parse(text), text


@pytest.mark.parametrize("rank", list(gr.Rank), ids=lambda r: r.name)
def test_rank_parse_accepts_any_case_and_10_for_ten(rank: gr.Rank) -> None:
    """A rank reads from its symbol in either case, and the ten also from ``10``."""
    for text in sorted(rank_spellings(rank)):
        assert rank == gr.Rank.parse(text), text


@pytest.mark.parametrize("text", ["", "x", "cc", "club", "♤♤", " s", "S ", "0", "♥️"])
def test_suit_parse_rejects_other_text_quoting_it(text: str) -> None:
    """Text that is no suit raises ParseError quoting that text."""
    with pytest.raises(gr.ParseError) as info:
        gr.Suit.parse(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("text", ["", "1", "0", "11", "14", "B", "AA", "ten", " A", "01"])
def test_rank_parse_rejects_other_text_quoting_it(text: str) -> None:
    """Text that is no rank raises ParseError quoting that text."""
    with pytest.raises(gr.ParseError) as info:
        gr.Rank.parse(text)
    assert repr(text) in str(info.value)


# --- Card notation ------------------------------------------------------------------------------


@pytest.mark.parametrize("card", gr.DECK, ids=str)
def test_card_parse_accepts_every_spelling(card: gr.Card) -> None:
    """A card reads from every rank spelling (any case, T or 10) followed by every suit spelling
    (any case, ♣♦♥♠ or hollow ♧♢♡♤), with white space around it allowed."""
    for text in sorted(card_spellings(card)):
        assert card == gr.Card.parse(text), text
        assert card == gr.Card.parse(f"  {text}\t"), text


def test_card_parse_accepts_exactly_the_documented_spellings() -> None:
    """Of all short strings over letters, digits, punctuation and suit glyphs, a card parses
    exactly from the documented spellings; everything else raises ParseError."""
    alphabet = string.ascii_letters + string.digits + string.punctuation + SUIT_GLYPHS + SUIT_HOLLOW_GLYPHS
    candidates = ["".join(p) for p in itertools.product(alphabet, repeat=2)]
    candidates += ["10" + c for c in alphabet] + ["1" + c + "h" for c in alphabet]
    accepted: dict[str, gr.Card] = {}
    for text in candidates:
        with contextlib.suppress(gr.ParseError):
            accepted[text] = gr.Card.parse(text)
    assert ALL_SPELLINGS == accepted


@pytest.mark.parametrize("card", gr.DECK, ids=str)
def test_card_str_parse_round_trip(card: gr.Card) -> None:
    """``str`` gives the rank symbol and the lowercase suit letter, and parses back."""
    expected = RANK_SYMBOLS[card.rank - 1] + SUIT_SYMBOLS[card.suit]
    assert expected == str(card)
    assert card == gr.Card.parse(str(card))


@pytest.mark.parametrize("card", gr.DECK, ids=str)
def test_card_repr_is_card_of_its_text(card: gr.Card) -> None:
    """``repr(card)`` is ``Card('As')``: the class name around the quoted card text."""
    assert f"Card('{card}')" == repr(card)


def test_card_repr_is_an_expression() -> None:
    """``eval(repr(card))`` with ``Card`` in scope gives back the card, for all 52 cards."""
    for card in gr.DECK:
        assert card == eval(repr(card), {"Card": gr.Card}), card


def test_card_text_of_the_ten_is_t() -> None:
    """The ten is written ``T`` whichever way it was read."""
    assert "Th" == str(gr.Card.parse("10h"))
    assert "Card('Th')" == repr(gr.Card.parse("10H"))


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("Zz", "unknown rank 'Z'"),
        ("A", "expected a rank and a suit"),
        ("", "expected a rank and a suit"),
        ("11h", "unknown rank '11'"),
        ("Ax", "unknown suit 'x'"),
        (" ", "expected a rank and a suit"),
        ("1h", "unknown rank '1'"),
        ("As2", "'2' after the card 'As'"),
        ("A s", "unknown rank 'A '"),
        ("♠A", "unknown rank '♠'"),
    ],
)
def test_card_parse_error_quotes_the_offending_text(text: str, detail: str) -> None:
    """Bad card text raises ParseError (a ValueError) whose message quotes the text and says
    what is wrong with it."""
    with pytest.raises(gr.ParseError) as info:
        gr.Card.parse(text)
    message = str(info.value)
    assert f"invalid card {text!r}: " == message[: len(f"invalid card {text!r}: ")]
    assert detail in message
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, gr.GinRummyError)


def test_card_parse_rejects_non_text() -> None:
    """A card is read only from text; anything else raises ParseError quoting the value."""
    with pytest.raises(gr.ParseError) as info:
        gr.Card.parse(cast(str, 14))
    assert "14" in str(info.value)


KELVIN_SIGN = "\u212a"
"""``K``, which lowercases to an ASCII ``k``; see the look-alike test below."""


@given(st.text(max_size=6).filter(lambda t: KELVIN_SIGN not in t))
def test_card_parse_of_any_text_returns_a_card_or_raises_parse_error(text: str) -> None:
    """Card.parse never fails other than with ParseError quoting the text, and what it accepts
    is a documented spelling."""
    try:
        card = gr.Card.parse(text)
    except gr.ParseError as exc:
        assert repr(text) in str(exc)
    else:
        assert ALL_SPELLINGS[text.strip()] == card


def test_card_parse_rejects_unicode_look_alikes() -> None:
    """Only the documented spellings are cards: the Kelvin sign is not the letter K (and
    ``Rank.parse`` already rejects it)."""
    with pytest.raises(gr.ParseError):
        gr.Rank.parse(KELVIN_SIGN)
    with pytest.raises(gr.ParseError):
        gr.Card.parse(KELVIN_SIGN + "h")


# --- Card values --------------------------------------------------------------------------------


def test_card_constructor_accepts_enums_and_their_integers() -> None:
    """``Card(rank, suit)`` takes Rank and Suit members or their integer values."""
    expected = gr.Card.parse("As")
    assert expected == gr.Card(gr.Rank.ACE, gr.Suit.SPADES)
    assert expected == gr.Card(1, 3)
    card = gr.Card(13, 0)
    assert (gr.Rank.KING, gr.Suit.CLUBS) == (card.rank, card.suit)
    assert isinstance(card.rank, gr.Rank)
    assert isinstance(card.suit, gr.Suit)


@pytest.mark.parametrize(
    ("rank", "suit", "bad"),
    [
        (0, gr.Suit.CLUBS, "0"),
        (14, gr.Suit.CLUBS, "14"),
        (-1, gr.Suit.CLUBS, "-1"),
        (True, gr.Suit.CLUBS, "True"),
        ("A", gr.Suit.CLUBS, "'A'"),
        (1.0, gr.Suit.CLUBS, "1.0"),
        (None, gr.Suit.CLUBS, "None"),
        (gr.Rank.ACE, 4, "4"),
        (gr.Rank.ACE, -1, "-1"),
        (gr.Rank.ACE, False, "False"),
        (gr.Rank.ACE, "s", "'s'"),
        (gr.Rank.ACE, None, "None"),
    ],
)
def test_card_constructor_rejects_values_outside_the_deck(rank: object, suit: object, bad: str) -> None:
    """A rank outside 1-13 or a suit outside 0-3 (or not an integer) raises InvalidCardError
    naming the value."""
    with pytest.raises(gr.InvalidCardError) as info:
        gr.Card(rank, suit)  # type: ignore[arg-type]
    assert bad in str(info.value)
    assert isinstance(info.value, ValueError)


def test_card_constructor_rejects_a_suit_given_as_the_rank() -> None:
    """``Card(Suit.SPADES, Rank.ACE)`` (arguments swapped) is rejected, not read as ``3d``."""
    with pytest.raises(gr.InvalidCardError):
        gr.Card(gr.Suit.SPADES, gr.Rank.ACE)


def test_card_ordering_is_deck_order_and_index() -> None:
    """Cards compare by index, which is the DECK order: suit (c d h s) first, then rank A-K."""
    assert list(gr.DECK) == sorted(reversed(gr.DECK))
    for a, b in itertools.product(gr.DECK, repeat=2):
        expected = (
            a.index < b.index,
            a.index <= b.index,
            a.index > b.index,
            a.index >= b.index,
            a.index == b.index,
        )
        assert expected == (a < b, a <= b, a > b, a >= b, a == b)


def test_card_index_is_13_times_suit_plus_rank_minus_1() -> None:
    """A card's index is ``13 * suit + rank - 1`` and its mask is ``1 << index``."""
    for card in gr.DECK:
        assert 13 * int(card.suit) + int(card.rank) - 1 == card.index
        assert 1 << card.index == card.mask
    assert 0 == gr.Card.parse("Ac").index
    assert 25 == gr.Card.parse("Kd").index
    assert 51 == gr.Card.parse("Ks").index


def test_card_compared_with_a_non_card_raises_type_error() -> None:
    """Ordering a card against something else is a TypeError, not a silent answer."""
    card = gr.Card.parse("As")
    for op in (operator.lt, operator.le, operator.gt, operator.ge):
        with pytest.raises(TypeError):
            op(card, cast(Any, 5))
    assert card != cast(object, "As")


def test_card_from_index_inverts_index() -> None:
    """``Card.from_index(i)`` is the card with index ``i``, for every i in 0-51."""
    for i in range(52):
        assert i == gr.Card.from_index(i).index
        assert gr.DECK[i] == gr.Card.from_index(i)


@pytest.mark.parametrize("index", [-1, 52, 1 << 52, -52])
def test_card_from_index_rejects_indices_outside_0_to_51(index: int) -> None:
    """An index outside 0-51 raises InvalidCardError naming it."""
    with pytest.raises(gr.InvalidCardError) as info:
        gr.Card.from_index(index)
    assert repr(index) in str(info.value)


def test_cards_are_equal_hashable_and_immutable() -> None:
    """Equal cards hash alike, and a card's fields cannot be assigned."""
    assert 52 == len({*gr.DECK, *(gr.Card.parse(str(c).lower()) for c in gr.DECK)})
    card = gr.Card.parse("As")
    assert hash(gr.Card(1, 3)) == hash(card)
    with pytest.raises(AttributeError):
        setattr(card, "rank", gr.Rank.TWO)  # noqa: B010
    with pytest.raises(AttributeError):
        setattr(card, "colour", "black")  # noqa: B010
    assert "As" == str(card)


# --- DECK ---------------------------------------------------------------------------------------


def test_deck_has_52_distinct_cards_in_index_order() -> None:
    """DECK is a tuple of the 52 distinct cards, clubs to spades, ace to king within a suit."""
    assert isinstance(gr.DECK, tuple)
    assert 52 == len(gr.DECK)
    assert 52 == len(set(gr.DECK))
    assert list(range(52)) == [c.index for c in gr.DECK]
    expected = [r + s for s in SUIT_SYMBOLS for r in RANK_SYMBOLS]
    assert expected == [str(c) for c in gr.DECK]


# --- Hand notation ------------------------------------------------------------------------------


@given(hands)
def test_hand_str_parse_round_trip(hand: gr.Hand) -> None:
    """A hand's text is its cards in index order separated by spaces, and parses back."""
    assert " ".join(str(c) for c in sorted(hand)) == str(hand)
    assert hand == gr.Hand.parse(str(hand))


@given(st.lists(cards, unique=True), st.data())
def test_hand_parse_accepts_any_order_and_any_spelling(picked: list[gr.Card], data: st.DataObject) -> None:
    """Hand text may list its cards in any order, in any spelling, separated by white space
    or commas."""
    spellings = [data.draw(st.sampled_from(sorted(card_spellings(c)))) for c in picked]
    separator = data.draw(st.sampled_from([" ", "  ", ",", ", ", "\t", "\n"]))
    assert gr.Hand(picked) == gr.Hand.parse(separator.join(spellings))


@given(hands)
def test_hand_repr_is_an_expression(hand: gr.Hand) -> None:
    """``repr(hand)`` is ``Hand('...')``, an expression that evaluates back to the hand."""
    assert f"Hand({str(hand)!r})" == repr(hand)
    assert hand == eval(repr(hand), {"Hand": gr.Hand})


def test_empty_hand_text_is_empty() -> None:
    """The empty hand is written as empty text and read back from it."""
    assert "" == str(gr.Hand())
    assert "Hand('')" == repr(gr.Hand())
    assert gr.Hand() == gr.Hand.parse("")
    assert gr.Hand() == gr.Hand.parse("  \t ")


@pytest.mark.parametrize(
    ("text", "card"),
    [("As as", "As"), ("As 2s AS", "As"), ("10h Th", "Th"), ("Kd 5c K♦", "Kd"), ("2c,2♧", "2c")],
)
def test_hand_parse_rejects_a_card_given_twice_naming_it(text: str, card: str) -> None:
    """Hand text holding a card twice raises ParseError naming that card and the text."""
    with pytest.raises(gr.ParseError) as info:
        gr.Hand.parse(text)
    message = str(info.value)
    assert f"card {card!r} appears twice" in message
    assert repr(text) in message


@pytest.mark.parametrize("token", ["Zz", "A", "11h", "Ax", "1", "s"])
def test_hand_parse_rejects_a_bad_token_quoting_it(token: str) -> None:
    """Hand text with a bad card raises ParseError quoting the bad token."""
    text = f"As {token} 3s"
    with pytest.raises(gr.ParseError) as info:
        gr.Hand.parse(text)
    assert f"invalid card {token!r}" in str(info.value)


@given(st.text(max_size=12))
def test_hand_parse_of_any_text_returns_a_hand_or_raises_parse_error(text: str) -> None:
    """Hand.parse never fails other than with ParseError quoting the text."""
    try:
        hand = gr.Hand.parse(text)
    except gr.ParseError as exc:
        assert repr(text) in str(exc)
    else:
        assert hand == gr.Hand.parse(str(hand))


def test_hand_parse_rejects_non_text() -> None:
    """A hand is parsed only from text; anything else raises ParseError."""
    with pytest.raises(gr.ParseError):
        gr.Hand.parse(cast(str, ["As"]))


# --- Hand construction --------------------------------------------------------------------------


@given(st.lists(cards, unique=True))
def test_hand_from_any_iterable_or_text_is_the_same_hand(picked: list[gr.Card]) -> None:
    """``Hand`` accepts a list, a generator, another hand or text, all giving the same hand."""
    hand = gr.Hand(picked)
    assert hand == gr.Hand(iter(picked))
    assert hand == gr.Hand(hand)
    assert hand == gr.Hand(" ".join(map(str, picked)))
    assert hand == gr.Hand.from_mask(sum(c.mask for c in picked))


@given(st.lists(cards, min_size=1, unique=True), st.data())
def test_hand_from_iterable_with_a_duplicate_is_rejected(picked: list[gr.Card], data: st.DataObject) -> None:
    """An iterable holding a card twice raises InvalidHandError naming the card."""
    twice = data.draw(st.sampled_from(picked))
    with pytest.raises(gr.InvalidHandError) as info:
        gr.Hand([*picked, twice])
    assert f"{str(twice)!r}" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_hand_from_iterable_of_non_cards_is_rejected() -> None:
    """An iterable holding something other than a Card raises InvalidHandError naming it."""
    with pytest.raises(gr.InvalidHandError) as info:
        gr.Hand(cast("list[gr.Card]", [gr.Card.parse("As"), "2s"]))
    assert "'2s'" in str(info.value)


def test_hand_from_text_with_a_duplicate_is_a_parse_error() -> None:
    """``Hand(text)`` reads the text, so a repeated card in it is a ParseError."""
    with pytest.raises(gr.ParseError):
        gr.Hand("As 2s as")


@pytest.mark.parametrize("mask", [-1, 1 << 52, FULL_MASK + 1, 1 << 60, -(1 << 52)])
def test_hand_from_mask_rejects_masks_outside_52_bits(mask: int) -> None:
    """``Hand.from_mask`` takes only integers from 0 to 2**52 - 1; others raise
    InvalidHandError naming the mask."""
    with pytest.raises(gr.InvalidHandError) as info:
        gr.Hand.from_mask(mask)
    assert repr(mask) in str(info.value)


@pytest.mark.parametrize("mask", [True, False, 1.0, "1", None])
def test_hand_from_mask_rejects_non_integers(mask: object) -> None:
    """``Hand.from_mask`` rejects booleans, floats, text and None with InvalidHandError."""
    with pytest.raises(gr.InvalidHandError):
        gr.Hand.from_mask(cast(int, mask))


def test_hand_from_mask_accepts_the_bounds() -> None:
    """Mask 0 is the empty hand and mask 2**52 - 1 is the whole deck."""
    assert gr.Hand() == gr.Hand.from_mask(0)
    assert FULL == gr.Hand.from_mask(FULL_MASK)
    assert 52 == len(gr.Hand.from_mask(FULL_MASK))


@given(st.integers(min_value=0, max_value=FULL_MASK))
def test_hand_mask_round_trip(mask: int) -> None:
    """``Hand.from_mask(m).mask == m`` for every 52-bit mask."""
    assert mask == gr.Hand.from_mask(mask).mask


# --- Hand bit layout ----------------------------------------------------------------------------


def test_hand_bit_layout_is_13_times_suit_plus_rank_minus_1() -> None:
    """Bit ``13 * suit + rank - 1`` stands for a card: clubs 0-12, diamonds 13-25, hearts
    26-38, spades 39-51."""
    assert 1 << 39 == gr.Hand.parse("As").mask
    assert 1 << 12 == gr.Hand.parse("Kc").mask
    assert 1 == gr.Hand.parse("Ac").mask
    assert 1 << 13 == gr.Hand.parse("Ad").mask
    assert 1 << 26 == gr.Hand.parse("Ah").mask
    assert 1 << 51 == gr.Hand.parse("Ks").mask
    assert (1 << 13) - 1 == gr.Hand.parse("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc").mask
    for card in gr.DECK:
        assert 1 << (13 * int(card.suit) + int(card.rank) - 1) == gr.Hand([card]).mask


# --- Hand as a collection -----------------------------------------------------------------------


@given(hands)
def test_hand_iterates_sorted_by_index(hand: gr.Hand) -> None:
    """A hand iterates its cards in strictly increasing index order (the DECK order)."""
    listed = list(hand)
    assert sorted(listed) == listed
    assert [c for c in gr.DECK if c in hand] == listed
    assert tuple(listed) == hand.cards


@given(hands)
def test_hand_len_counts_the_cards(hand: gr.Hand) -> None:
    """``len(hand)`` is the number of cards, the number of set bits."""
    assert bin(hand.mask).count("1") == len(hand)
    assert len(list(hand)) == len(hand)
    assert bool(hand) == (len(hand) > 0)


@given(hands)
def test_hand_contains_exactly_its_cards(hand: gr.Hand) -> None:
    """``card in hand`` is true exactly for the cards whose bit is set; non-cards are never in."""
    for card in gr.DECK:
        assert bool(hand.mask >> card.index & 1) == (card in hand)
    assert "As" not in hand
    assert hand.mask not in hand


@given(hands, cards)
def test_hand_add_and_remove(hand: gr.Hand, card: gr.Card) -> None:
    """``add`` gives a new hand with a card not held; ``remove`` gives one without a held card;
    the original hand is unchanged."""
    before = hand.mask
    if card in hand:
        removed = hand.remove(card)
        assert hand.mask & ~card.mask == removed.mask
        assert card not in removed
        assert hand == removed.add(card)
    else:
        added = hand.add(card)
        assert hand.mask | card.mask == added.mask
        assert card in added
        assert hand == added.remove(card)
    assert before == hand.mask


@given(hands, cards)
def test_hand_add_of_a_held_card_is_rejected(hand: gr.Hand, card: gr.Card) -> None:
    """Adding a card already held raises InvalidHandError naming the card."""
    held = hand | gr.Hand([card])
    with pytest.raises(gr.InvalidHandError) as info:
        held.add(card)
    assert f"cannot add {str(card)!r}" in str(info.value)
    assert "already held" in str(info.value)


@given(hands, cards)
def test_hand_remove_of_a_card_not_held_is_rejected(hand: gr.Hand, card: gr.Card) -> None:
    """Removing a card not held raises InvalidHandError naming the card."""
    without = hand - gr.Hand([card])
    with pytest.raises(gr.InvalidHandError) as info:
        without.remove(card)
    assert f"cannot remove {str(card)!r}" in str(info.value)
    assert "not held" in str(info.value)


# --- Hand equality, hashing, immutability -------------------------------------------------------


@given(hands, hands)
def test_hand_equality_is_equality_of_cards_and_agrees_with_hash(a: gr.Hand, b: gr.Hand) -> None:
    """Two hands are equal exactly when they hold the same cards, and equal hands hash alike."""
    assert (set(a) == set(b)) == (a == b)
    assert (a.mask == b.mask) == (a == b)
    assert operator.ne(a, b) != operator.eq(a, b)
    if a == b:
        assert hash(a) == hash(b)


@given(st.lists(cards, unique=True))
def test_hands_built_differently_are_equal_and_hash_alike(picked: list[gr.Card]) -> None:
    """A hand built from cards, reversed cards, text or a mask is one dictionary key."""
    variants = [
        gr.Hand(picked),
        gr.Hand(reversed(picked)),
        gr.Hand.parse(" ".join(map(str, picked))),
        gr.Hand.from_mask(sum(c.mask for c in picked)),
        gr.Hand([]) | gr.Hand(picked),
    ]
    assert 1 == len(set(variants))
    assert 1 == len({hash(h) for h in variants})
    assert {variants[0]: "x"}[variants[-1]] == "x"


def test_hand_is_not_equal_to_other_types() -> None:
    """A hand equals only hands, not its mask, its text or a set of its cards."""
    hand = gr.Hand.parse("As 2s")
    assert hand != cast(object, hand.mask)
    assert hand != cast(object, str(hand))
    assert hand != cast(object, frozenset(hand))


def test_hand_is_immutable() -> None:
    """Assigning a hand's mask, or any new attribute, raises AttributeError and leaves the
    hand unchanged."""
    hand = gr.Hand.parse("As 2s 3s")
    with pytest.raises(AttributeError):
        setattr(hand, "mask", 0)  # noqa: B010
    with pytest.raises(AttributeError):
        setattr(hand, "cards_seen", 3)  # noqa: B010
    with pytest.raises(AttributeError):
        delattr(hand, "mask")
    parsed = gr.Hand.parse("As 2s 3s")
    with pytest.raises(AttributeError):
        setattr(parsed, "mask", 1)  # noqa: B010
    assert gr.Hand.parse("As 2s 3s") == hand
    assert "As 2s 3s" == str(hand)


# --- Hand set algebra ---------------------------------------------------------------------------


@given(hands, hands)
def test_hand_operators_match_python_sets(a: gr.Hand, b: gr.Hand) -> None:
    """``| & - ^`` are union, intersection, difference and symmetric difference of the cards."""
    sa, sb = set(a), set(b)
    assert sa | sb == set(a | b)
    assert sa & sb == set(a & b)
    assert sa - sb == set(a - b)
    assert sa ^ sb == set(a ^ b)
    assert (sa <= sb, sa < sb, sa >= sb, sa > sb) == (a <= b, a < b, a >= b, a > b)


@given(hands, hands)
def test_hand_operators_match_bit_operations_on_masks(a: gr.Hand, b: gr.Hand) -> None:
    """On masks: ``a | b`` is OR, ``a & b`` is AND, ``a - b`` is ``a & ~b``, ``a ^ b`` is XOR."""
    assert a.mask | b.mask == (a | b).mask
    assert a.mask & b.mask == (a & b).mask
    assert a.mask & ~b.mask == (a - b).mask
    assert a.mask ^ b.mask == (a ^ b).mask
    assert a & (FULL - b) == a - b


@given(hands, hands)
def test_hand_union_and_intersection_commute(a: gr.Hand, b: gr.Hand) -> None:
    """``a | b == b | a``, ``a & b == b & a`` and ``a ^ b == b ^ a``."""
    assert b | a == a | b
    assert b & a == a & b
    assert b ^ a == a ^ b


@given(hands, hands, hands)
def test_hand_union_and_intersection_associate(a: gr.Hand, b: gr.Hand, c: gr.Hand) -> None:
    """``(a | b) | c == a | (b | c)`` and likewise for ``&`` and ``^``."""
    assert a | (b | c) == (a | b) | c
    assert a & (b & c) == (a & b) & c
    assert a ^ (b ^ c) == (a ^ b) ^ c


@given(hands, hands, hands)
def test_hand_union_and_intersection_distribute(a: gr.Hand, b: gr.Hand, c: gr.Hand) -> None:
    """``&`` distributes over ``|`` and ``|`` over ``&``; difference distributes too."""
    assert (a & b) | (a & c) == a & (b | c)
    assert (a | b) & (a | c) == a | (b & c)
    assert (a - c) | (b - c) == (a | b) - c
    assert (a - b) & (a - c) == a - (b | c)


@given(hands, hands)
def test_hand_de_morgan_relative_to_the_deck(a: gr.Hand, b: gr.Hand) -> None:
    """With complements taken in the full deck: ``~(a | b) == ~a & ~b`` and
    ``~(a & b) == ~a | ~b``; the complement of a complement is the hand."""
    assert (FULL - a) & (FULL - b) == FULL - (a | b)
    assert (FULL - a) | (FULL - b) == FULL - (a & b)
    assert a == FULL - (FULL - a)
    assert 52 - len(a) == len(FULL - a)
    assert FULL_MASK & ~a.mask == (FULL - a).mask


@given(hands, hands)
def test_hand_inclusion_exclusion(a: gr.Hand, b: gr.Hand) -> None:
    """``len(a | b) + len(a & b) == len(a) + len(b)``."""
    assert len(a) + len(b) == len(a | b) + len(a & b)
    assert len(a ^ b) == len(a - b) + len(b - a)


@given(hands, hands)
def test_hand_subset_iff_union_is_the_superset(a: gr.Hand, b: gr.Hand) -> None:
    """``a <= b`` exactly when ``a | b == b`` (and when ``a & b == a``); ``<`` is ``<=`` and
    ``!=``; ``>=`` and ``>`` mirror them."""
    assert (a | b == b) == (a <= b)
    assert (a & b == a) == (a <= b)
    assert (a <= b and a != b) == (a < b)
    assert (b <= a) == (a >= b)
    assert (b < a) == (a > b)


@given(hands, hands)
def test_hand_subset_holds_for_parts(a: gr.Hand, b: gr.Hand) -> None:
    """Every hand lies between the empty hand and the deck, and ``a & b <= a <= a | b``."""
    assert gr.Hand() <= a <= FULL
    assert a & b <= a <= a | b
    assert a - b <= a


@given(hands)
def test_hand_identities(a: gr.Hand) -> None:
    """The empty hand is the identity of ``|`` and ``^``; the deck is the identity of ``&``;
    each operator is idempotent or self-cancelling as for sets."""
    empty = gr.Hand()
    assert a == a | empty
    assert a == a & FULL
    assert a == a ^ empty
    assert a == a | a
    assert a == a & a
    assert empty == a - a
    assert empty == a ^ a


def test_hand_operators_with_non_hands_raise_type_error() -> None:
    """Set operators between a hand and something else raise TypeError."""
    hand = gr.Hand.parse("As")
    for op in (
        operator.or_,
        operator.and_,
        operator.sub,
        operator.xor,
        operator.le,
        operator.lt,
        operator.ge,
        operator.gt,
    ):
        with pytest.raises(TypeError):
            op(hand, cast(Any, {gr.Card.parse("As")}))


def test_errors_are_gin_rummy_errors_and_value_errors() -> None:
    """ParseError, InvalidCardError and InvalidHandError derive from GinRummyError and
    ValueError."""
    for error in (gr.ParseError, gr.InvalidCardError, gr.InvalidHandError):
        assert issubclass(error, gr.GinRummyError)
        assert issubclass(error, ValueError)


@pytest.mark.parametrize(
    "function", [gr.Hand, gr.deadwood, gr.best_melds], ids=["Hand", "deadwood", "best_melds"]
)
def test_cards_nested_too_deeply_get_the_librarys_error(function: Callable[[Any], object]) -> None:
    """A list nested 100,000 levels deep is not cards: the library's InvalidHandError naming
    the input (shown to six levels), not a bare RecursionError from building the message."""
    nested: list[Any] = []
    for _ in range(100_000):
        nested = [nested]
    with pytest.raises(gr.InvalidHandError) as info:
        function(nested)
    assert "invalid hand: [[[[[[[...]]]]]]] is not a Card" == str(info.value)
