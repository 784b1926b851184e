"""Tests for sets, runs and the table of every meld (``ginrummy.melds``)."""

# The project writes assertions as ``assert expected == actual`` (docs/conventions.md §9).

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrummy as gr


@dataclass(frozen=True)
class Rules:
    """A stand-in for a ruleset: only what melding reads."""

    round_the_corner: bool
    ace_points: int


TRADITIONAL = Rules(round_the_corner=False, ace_points=1)
ROUND_THE_CORNER = Rules(round_the_corner=True, ace_points=15)


def card(text: str) -> gr.Card:
    """The card written ``text``."""
    return gr.Card.parse(text)


def run_cards(suit: gr.Suit, start: int, length: int) -> list[gr.Card]:
    """The run of ``length`` cards of ``suit`` from rank ``start`` (1-13) upwards, wrapping
    from king to ace."""
    return [gr.Card((start - 1 + i) % 13 + 1, suit) for i in range(length)]


def run_starts(length: int, wrap: bool) -> range:
    """The lowest ranks a run of ``length`` may start from: 1 to 14 - length traditionally,
    any rank round the corner (only the ace for the whole suit)."""
    if wrap and length < 13:
        return range(1, 14)
    return range(1, 15 - length)


def invalid_meld_message(cards: str | Sequence[gr.Card], rules: Rules | None = None) -> str:
    """The message of the InvalidMeldError raised for ``cards``."""
    with pytest.raises(gr.InvalidMeldError) as info:
        gr.Meld(cards, rules=rules)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, gr.GinRummyError)
    return str(info.value)


# --- Why a meld is invalid ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "invalid meld '': 0 cards, a meld needs at least 3"),
        ("As", "invalid meld 'As': 1 card, a meld needs at least 3"),
        ("As 2s", "invalid meld 'As 2s': 2 cards, a meld needs at least 3"),
        ("7c 7d", "invalid meld '7c 7d': 2 cards, a meld needs at least 3"),
    ],
)
def test_meld_needs_at_least_three_cards(text: str, expected: str) -> None:
    """Fewer than three cards are no meld; the message gives the count."""
    assert expected == invalid_meld_message(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As As 2s", "invalid meld 'As As 2s': card 'As' appears twice"),
        ("7c 7d 7C", "invalid meld '7c 7d 7C': card '7c' appears twice"),
        ("Th 10h Jh Qh", "invalid meld 'Th 10h Jh Qh': card 'Th' appears twice"),
    ],
)
def test_meld_text_with_a_card_twice_is_rejected(text: str, expected: str) -> None:
    """Meld text holding a card twice is no meld; the message names the card."""
    assert expected == invalid_meld_message(text)


def test_meld_cards_with_a_card_twice_are_rejected() -> None:
    """A sequence of cards holding a card twice is no meld; the message names the card."""
    message = invalid_meld_message([card("As"), card("As"), card("2s")])
    assert "card 'As' appears twice" in message
    assert message.startswith("invalid meld")


def test_meld_cards_with_a_card_twice_message_says_invalid_meld_once() -> None:
    """The message for duplicate cards given as a sequence is not doubled."""
    expected = "invalid meld: card 'As' appears twice"
    assert expected == invalid_meld_message([card("As"), card("As"), card("2s")])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "7c 8d 9c",
            "invalid meld '7c 8d 9c': neither a set (the ranks differ) nor a run "
            "(mixed suits: clubs and diamonds)",
        ),
        (
            "As 2h 3s",
            "invalid meld 'As 2h 3s': neither a set (the ranks differ) nor a run "
            "(mixed suits: hearts and spades)",
        ),
        (
            "7c 7d 8c",
            "invalid meld '7c 7d 8c': neither a set (the ranks differ) nor a run "
            "(mixed suits: clubs and diamonds)",
        ),
    ],
)
def test_run_with_mixed_suits_is_rejected(text: str, expected: str) -> None:
    """Cards of different ranks and more than one suit are no meld; the message names the
    suits."""
    assert expected == invalid_meld_message(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7c 9c Tc", "invalid meld '7c 9c Tc': a run may not have a gap (8c is missing)"),
        ("As 2s 4s", "invalid meld 'As 2s 4s': a run may not have a gap (3s is missing)"),
        ("2h 5h 6h 7h", "invalid meld '2h 5h 6h 7h': a run may not have a gap (3h is missing)"),
        ("Jd Kd Qd 8d", "invalid meld 'Jd Kd Qd 8d': a run may not have a gap (9d is missing)"),
    ],
)
def test_run_with_a_gap_is_rejected(text: str, expected: str) -> None:
    """One-suit cards that are not consecutive are no run; the message names a missing card."""
    assert expected == invalid_meld_message(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Qs Ks As 3s", "invalid meld 'Qs Ks As 3s': a run may not have a gap (2s is missing)"),
        ("Js Ks As 2s", "invalid meld 'Js Ks As 2s': a run may not have a gap (Qs is missing)"),
    ],
)
def test_wrapping_run_with_a_gap_is_rejected(text: str, expected: str) -> None:
    """Round the corner too, a run may not have a gap; the message names the missing card."""
    assert expected == invalid_meld_message(text, ROUND_THE_CORNER)


@pytest.mark.parametrize("text", ["Qs Ks As", "Ks As 2s", "Kh Ah 2h 3h", "Jc Qc Kc Ac 2c"])
@pytest.mark.parametrize("rules", [None, TRADITIONAL], ids=["none", "traditional"])
def test_round_the_corner_run_is_rejected_traditionally(text: str, rules: Rules | None) -> None:
    """Traditionally the ace is low only: a run through K-A is no meld, and the message says
    the rules forbid going round the corner."""
    expected = f"invalid meld {text!r}: the run goes round the corner, which these rules do not allow"
    assert expected == invalid_meld_message(text, rules)


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("7c 8c Zz", "invalid card 'Zz': unknown rank 'Z'"),
        ("7c 8c 9x", "invalid card '9x': unknown suit 'x'"),
        ("7c 8c 11c", "invalid card '11c': unknown rank '11'"),
        ("7c, 8c, 9", "invalid card '9': expected a rank and a suit"),
    ],
)
def test_meld_with_bad_card_text_is_rejected(text: str, detail: str) -> None:
    """Meld text with a token that is no card raises InvalidMeldError quoting the text and the
    bad token."""
    message = invalid_meld_message(text)
    assert message.startswith(f"invalid meld {text!r}: ")
    assert detail in message


def test_meld_of_non_cards_is_rejected() -> None:
    """A sequence holding something other than a card is no meld."""
    message = invalid_meld_message(cast("list[gr.Card]", [card("7c"), card("8c"), "9c"]))
    assert "'9c' is not a Card" in message


# --- Valid melds --------------------------------------------------------------------------------


@pytest.mark.parametrize("rank", list(gr.Rank), ids=lambda r: r.symbol)
def test_three_and_four_of_a_rank_are_sets(rank: gr.Rank) -> None:
    """Any three or all four cards of one rank form a set, listed in suit order, with that
    rank and no suit."""
    same_rank = [gr.Card(rank, suit) for suit in gr.Suit]
    for size in (3, 4):
        for chosen in itertools.combinations(same_rank, size):
            for order in (chosen, tuple(reversed(chosen))):
                meld = gr.Meld(order)
                assert gr.MeldKind.SET == meld.kind
                assert chosen == meld.cards
                assert rank == meld.rank
                assert meld.suit is None
                assert size == len(meld)
                assert not meld.wraps


@pytest.mark.parametrize("length", range(3, 14))
def test_runs_of_every_length_are_runs(length: int) -> None:
    """Three to thirteen consecutive cards of one suit (ace low) form a run, listed from its
    lowest card, with that suit and no rank."""
    for suit in gr.Suit:
        for start in run_starts(length, wrap=False):
            cards = run_cards(suit, start, length)
            for rules in (None, TRADITIONAL, ROUND_THE_CORNER):
                meld = gr.Meld(list(reversed(cards)), rules=rules)
                assert gr.MeldKind.RUN == meld.kind
                assert tuple(cards) == meld.cards
                assert suit == meld.suit
                assert meld.rank is None
                assert length == len(meld)
                assert not meld.wraps


@pytest.mark.parametrize("length", range(3, 13))
def test_round_the_corner_runs_of_every_length(length: int) -> None:
    """With round-the-corner rules, consecutive cards wrapping from king to ace form a run,
    listed from the first card after the gap."""
    for suit in gr.Suit:
        for start in range(15 - length, 14):  # exactly the starts that pass the king
            cards = run_cards(suit, start, length)
            meld = gr.Meld(cards[::-1], rules=ROUND_THE_CORNER)
            assert gr.MeldKind.RUN == meld.kind
            assert tuple(cards) == meld.cards
            assert suit == meld.suit
            assert meld.wraps
            with pytest.raises(gr.InvalidMeldError):
                gr.Meld(cards)


def test_whole_suit_is_one_run_ace_to_king() -> None:
    """All thirteen cards of a suit are a run from ace to king, under either rules."""
    cards = run_cards(gr.Suit.HEARTS, 1, 13)
    for rules in (None, ROUND_THE_CORNER):
        meld = gr.Meld(cards[::-1], rules=rules)
        assert tuple(cards) == meld.cards
        assert not meld.wraps


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("9c 7c 8c", ("7c", "8c", "9c")),
        ("Ks Qs Js", ("Js", "Qs", "Ks")),
        ("3d Ad 2d", ("Ad", "2d", "3d")),
        ("7s 7c 7h", ("7c", "7h", "7s")),
        ("Ks Kh Kd Kc", ("Kc", "Kd", "Kh", "Ks")),
    ],
)
def test_meld_cards_are_in_meld_order(text: str, expected: tuple[str, ...]) -> None:
    """``.cards`` lists a set in suit order and a run from its lowest card; so do iteration
    and the text."""
    meld = gr.Meld.parse(text)
    assert expected == tuple(map(str, meld.cards))
    assert meld.cards == tuple(meld)
    assert " ".join(expected) == str(meld)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As Qs Ks", ("Qs", "Ks", "As")),
        ("2h Ah Kh", ("Kh", "Ah", "2h")),
        ("3c Qc Ac Kc 2c", ("Qc", "Kc", "Ac", "2c", "3c")),
    ],
)
def test_wrapping_run_cards_start_after_the_gap(text: str, expected: tuple[str, ...]) -> None:
    """A round-the-corner run lists its cards from the first card after the gap."""
    meld = gr.Meld.parse(text, rules=ROUND_THE_CORNER)
    assert expected == tuple(map(str, meld.cards))
    assert " ".join(expected) == str(meld)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("7c 8c 9c", gr.MeldKind.RUN),
        ("7h 7s 7c", gr.MeldKind.SET),
        ("Ac 2c 3c", gr.MeldKind.RUN),
        ("Ad Ac As Ah", gr.MeldKind.SET),
    ],
)
def test_meld_kind_is_set_or_run(text: str, kind: gr.MeldKind) -> None:
    """``.kind`` is SET for cards of one rank and RUN for consecutive cards of one suit."""
    assert kind == gr.Meld.parse(text).kind


def test_meld_accepts_a_hand_a_sequence_or_text() -> None:
    """A meld is built from a Hand, any iterable of cards or text, all giving the same meld."""
    expected = gr.Meld.parse("7c 8c 9c")
    assert expected == gr.Meld(gr.Hand.parse("9c 8c 7c"))
    assert expected == gr.Meld([card("8c"), card("9c"), card("7c")])
    assert expected == gr.Meld(iter([card("8c"), card("7c"), card("9c")]))
    assert expected == gr.Meld("7c,8c,9c")
    assert gr.Hand.parse("7c 8c 9c") == expected.hand


def test_meld_contains_and_len() -> None:
    """``in`` is true exactly for the meld's cards and ``len`` counts them."""
    meld = gr.Meld.parse("4h 5h 6h 7h")
    assert 4 == len(meld)
    assert [c for c in gr.DECK if str(c) in {"4h", "5h", "6h", "7h"}] == [c for c in gr.DECK if c in meld]
    assert "4h" not in meld


def test_meld_is_immutable() -> None:
    """Assigning a meld's fields raises AttributeError and leaves the meld unchanged."""
    meld = gr.Meld.parse("7c 8c 9c")
    with pytest.raises(AttributeError):
        setattr(meld, "kind", gr.MeldKind.SET)  # noqa: B010
    with pytest.raises(AttributeError):
        setattr(meld, "mask", 0)  # noqa: B010
    assert gr.MeldKind.RUN == meld.kind
    assert "7c 8c 9c" == str(meld)


# --- Notation -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [None, ROUND_THE_CORNER], ids=["traditional", "round"])
def test_meld_str_parse_round_trip_for_every_meld(rules: Rules | None) -> None:
    """Every meld's text parses back to it (under the rules it was made with), and equal melds
    hash alike."""
    for meld in gr.all_melds(rules):
        parsed = gr.Meld.parse(str(meld), rules=rules)
        assert meld == parsed
        assert hash(meld) == hash(parsed)
        assert " ".join(map(str, meld.cards)) == str(meld)


def test_meld_repr_is_an_expression_for_every_traditional_meld() -> None:
    """``repr(meld)`` is ``Meld('7c 8c 9c')``, which evaluates back to the meld."""
    for meld in gr.all_melds():
        assert f"Meld({str(meld)!r})" == repr(meld)
        assert meld == eval(repr(meld), {"Meld": gr.Meld})


def test_meld_repr_is_an_expression_for_wrapping_runs() -> None:
    """A round-the-corner run's repr evaluates back to it too."""
    meld = gr.Meld.parse("Qs Ks As", rules=ROUND_THE_CORNER)
    assert meld == eval(repr(meld), {"Meld": gr.Meld})


@given(st.data())
def test_meld_parse_ignores_card_order_and_spelling(data: st.DataObject) -> None:
    """A meld's cards may be written in any order and spelling; the meld is the same."""
    meld = data.draw(st.sampled_from(gr.all_melds()))
    shuffled = data.draw(st.permutations(meld.cards))
    text = " ".join(str(c).lower() if i % 2 else str(c).upper() for i, c in enumerate(shuffled))
    assert meld == gr.Meld.parse(text)


# --- Laying off: accepts and extend --------------------------------------------------------------


def accepted(meld: gr.Meld, rules: Rules | None = None) -> set[str]:
    """The cards of the deck that ``meld`` accepts under ``rules``, as text."""
    return {str(c) for c in gr.DECK if meld.accepts(c, rules)}


def test_three_card_set_accepts_its_fourth_card() -> None:
    """A 3-card set accepts exactly the missing card of its rank, becoming a 4-card set."""
    meld = gr.Meld.parse("7c 7d 7s")
    assert {"7h"} == accepted(meld)
    extended = meld.extend(card("7h"))
    assert gr.Meld.parse("7c 7d 7h 7s") == extended
    assert gr.MeldKind.SET == extended.kind
    assert ("7c", "7d", "7h", "7s") == tuple(map(str, extended.cards))


def test_four_card_set_accepts_nothing() -> None:
    """A 4-card set is complete: it accepts no card, and extending it raises
    InvalidMeldError."""
    meld = gr.Meld.parse("7c 7d 7h 7s")
    assert set() == accepted(meld)
    assert set() == accepted(meld, ROUND_THE_CORNER)
    with pytest.raises(gr.InvalidMeldError) as info:
        meld.extend(card("7h"))
    assert "card '7h' cannot be laid off onto meld '7c 7d 7h 7s'" == str(info.value)


def test_run_accepts_a_card_at_either_end() -> None:
    """A run accepts the next card of its suit below and above it, and nothing else."""
    meld = gr.Meld.parse("4h 5h 6h")
    assert {"3h", "7h"} == accepted(meld)
    assert gr.Meld.parse("3h 4h 5h 6h") == meld.extend(card("3h"))
    assert gr.Meld.parse("4h 5h 6h 7h") == meld.extend(card("7h"))
    assert gr.Meld.parse("3h 4h 5h 6h 7h") == meld.extend(card("3h")).extend(card("7h"))
    with pytest.raises(gr.InvalidMeldError) as info:
        meld.extend(card("8h"))
    assert "card '8h' cannot be laid off onto meld '4h 5h 6h'" == str(info.value)


@pytest.mark.parametrize("rules", [None, TRADITIONAL], ids=["none", "traditional"])
def test_run_is_not_extended_past_the_ace_or_the_king_traditionally(rules: Rules | None) -> None:
    """Traditionally nothing goes below an ace-low run or above a king-high run."""
    low = gr.Meld.parse("As 2s 3s")
    high = gr.Meld.parse("Jd Qd Kd")
    assert {"4s"} == accepted(low, rules)
    assert {"Td"} == accepted(high, rules)
    with pytest.raises(gr.InvalidMeldError):
        low.extend(card("Ks"), rules)
    with pytest.raises(gr.InvalidMeldError):
        high.extend(card("Ad"), rules)


def test_run_wraps_round_the_corner_with_rules_that_allow_it() -> None:
    """With ``round_the_corner=True`` a king goes below an ace-low run and an ace above a
    king-high run."""
    low = gr.Meld.parse("As 2s 3s")
    high = gr.Meld.parse("Jd Qd Kd")
    assert {"Ks", "4s"} == accepted(low, ROUND_THE_CORNER)
    assert {"Td", "Ad"} == accepted(high, ROUND_THE_CORNER)
    wrapped_low = low.extend(card("Ks"), ROUND_THE_CORNER)
    wrapped_high = high.extend(card("Ad"), ROUND_THE_CORNER)
    assert gr.Meld.parse("Ks As 2s 3s", rules=ROUND_THE_CORNER) == wrapped_low
    assert gr.Meld.parse("Jd Qd Kd Ad", rules=ROUND_THE_CORNER) == wrapped_high
    assert "Ks As 2s 3s" == str(wrapped_low)
    assert "Jd Qd Kd Ad" == str(wrapped_high)
    assert {"Qs", "4s"} == accepted(wrapped_low, ROUND_THE_CORNER)
    assert {"Td", "2d"} == accepted(wrapped_high, ROUND_THE_CORNER)


def test_whole_suit_run_accepts_nothing() -> None:
    """A 13-card run holds its whole suit, so no card can be laid off onto it."""
    meld = gr.Meld(run_cards(gr.Suit.CLUBS, 1, 13))
    assert set() == accepted(meld)
    assert set() == accepted(meld, ROUND_THE_CORNER)


def test_twelve_card_run_accepts_its_last_card_either_way() -> None:
    """A run missing only the king (or only the ace) accepts that card under either rules."""
    no_king = gr.Meld(run_cards(gr.Suit.SPADES, 1, 12))
    no_ace = gr.Meld(run_cards(gr.Suit.SPADES, 2, 12))
    for rules in (None, ROUND_THE_CORNER):
        assert {"Ks"} == accepted(no_king, rules)
        assert {"As"} == accepted(no_ace, rules)
        assert tuple(run_cards(gr.Suit.SPADES, 1, 13)) == no_king.extend(card("Ks"), rules).cards


@pytest.mark.parametrize("rules", [None, ROUND_THE_CORNER], ids=["traditional", "round"])
def test_accepts_iff_the_meld_plus_the_card_is_a_meld(rules: Rules | None) -> None:
    """For every meld in the table and every card outside it, ``accepts`` is true exactly when
    the cards with that card added form a meld of the same kind, and ``extend`` builds it."""
    for meld in gr.all_melds(rules):
        for extra in gr.DECK:
            if extra in meld:
                assert not meld.accepts(extra, rules)
                continue
            try:
                bigger: gr.Meld | None = gr.Meld([*meld.cards, extra], rules=rules)
            except gr.InvalidMeldError:
                bigger = None
            assert (bigger is not None) == meld.accepts(extra, rules), (str(meld), str(extra))
            if bigger is not None:
                assert meld.kind == bigger.kind
                assert bigger == meld.extend(extra, rules)
            else:
                with pytest.raises(gr.InvalidMeldError):
                    meld.extend(extra, rules)


# --- The meld table -----------------------------------------------------------------------------


def independent_meld_table(wrap: bool) -> set[frozenset[gr.Card]]:
    """Every meld of the deck, enumerated from the definitions: 3 or 4 cards of one rank, and
    3 to 13 consecutive cards of one suit (ace low only, or wrapping from king to ace)."""
    melds: set[frozenset[gr.Card]] = set()
    for rank in gr.Rank:
        same_rank = [gr.Card(rank, suit) for suit in gr.Suit]
        for size in (3, 4):
            melds.update(frozenset(c) for c in itertools.combinations(same_rank, size))
    for suit in gr.Suit:
        for length in range(3, 14):
            for start in run_starts(length, wrap):
                melds.add(frozenset(run_cards(suit, start, length)))
    return melds


def test_independent_meld_table_has_the_documented_sizes() -> None:
    """The enumeration in these tests finds 65 sets, and 264 runs traditionally (329 melds)
    or 524 round the corner (589 melds)."""
    assert 329 == len(independent_meld_table(wrap=False))
    assert 589 == len(independent_meld_table(wrap=True))


@pytest.mark.parametrize(
    ("rules", "count"),
    [(None, 329), (TRADITIONAL, 329), (ROUND_THE_CORNER, 589)],
    ids=["none", "traditional", "round"],
)
def test_meld_table_is_every_meld_once(rules: Rules | None, count: int) -> None:
    """``all_melds(rules)`` lists every meld of the deck exactly once: 329 traditionally,
    589 round the corner."""
    table = gr.all_melds(rules)
    assert count == len(table)
    assert count == len(set(table))
    assert count == len({m.mask for m in table})
    assert independent_meld_table(wrap=rules is not None and rules.round_the_corner) == {
        frozenset(m.cards) for m in table
    }


def test_meld_table_counts_sets_and_runs() -> None:
    """The table holds 65 sets and 264 runs traditionally, 65 sets and 524 runs round the
    corner."""
    for rules, runs in ((None, 264), (ROUND_THE_CORNER, 524)):
        kinds = [m.kind for m in gr.all_melds(rules)]
        assert (65, runs) == (kinds.count(gr.MeldKind.SET), kinds.count(gr.MeldKind.RUN))


@pytest.mark.parametrize("rules", [None, ROUND_THE_CORNER], ids=["traditional", "round"])
def test_every_meld_table_entry_is_a_valid_meld(rules: Rules | None) -> None:
    """Each entry is a Meld equal to the meld validated from its cards, of the right kind."""
    for meld in gr.all_melds(rules):
        assert isinstance(meld, gr.Meld)
        rebuilt = gr.Meld(meld.hand, rules=rules)
        assert rebuilt == meld
        assert (gr.MeldKind.SET if len({c.rank for c in meld.cards}) == 1 else gr.MeldKind.RUN) == meld.kind


def test_all_melds_constant_is_the_traditional_table() -> None:
    """``ALL_MELDS`` is the traditional table; the round-the-corner table contains it."""
    assert isinstance(gr.all_melds(), tuple)
    assert gr.all_melds() == gr.all_melds()
    assert gr.all_melds(TRADITIONAL) == gr.all_melds()
    assert set(gr.all_melds()) < set(gr.all_melds(ROUND_THE_CORNER))
    wrapping = set(gr.all_melds(ROUND_THE_CORNER)) - set(gr.all_melds())
    assert all(m.wraps for m in wrapping)
    assert not any(m.wraps for m in gr.all_melds())


@pytest.mark.parametrize("rules", [None, ROUND_THE_CORNER], ids=["traditional", "round"])
def test_meld_table_is_sorted_by_lowest_card_then_size(rules: Rules | None) -> None:
    """The table is ordered by the index of the meld's lowest card, then by its size."""
    keys = [(min(c.index for c in m.cards), len(m)) for m in gr.all_melds(rules)]
    assert sorted(keys) == keys


def test_meld_errors_are_gin_rummy_errors_and_value_errors() -> None:
    """InvalidMeldError derives from GinRummyError and ValueError."""
    assert issubclass(gr.InvalidMeldError, gr.GinRummyError)
    assert issubclass(gr.InvalidMeldError, ValueError)
