"""Deadwood, best melds and best discards against the naive oracle in ``oracle.py``."""

from __future__ import annotations

import itertools
import random
import resource
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from cli_helpers import cli_env
from ginrummy.melding.partition import iter_best_melds
from ginrummy.melding.rank_dp import ordered_choices, solve
from ginrummy.melding.suit_lookups import MOST_CONFLICTS, lookups_for
from ginrummy.suit_masks import IN_EVERY_SUIT, split, triples
from hypothesis_share import examples
from oracle import (
    Arrangement,
    card_value,
    oracle_best_arrangements,
    oracle_deadwood,
    oracle_melds,
    oracle_set_choices,
)
from strategies import RTC, Rules, cards_st, cycle_hands_st, dense_hands_st, window_hands_st

ANY_RULES = st.sampled_from([None, RTC])


def _wrap(rules: Rules | None) -> bool:
    return rules is not None and rules.round_the_corner


def _ace(rules: Rules | None) -> int:
    return 1 if rules is None else rules.ace_points


def _key(arrangement: gr.Arrangement) -> Arrangement:
    """An arrangement in the oracle's form: (meld card sets, deadwood cards)."""
    return (
        frozenset(frozenset(meld.cards) for meld in arrangement.melds),
        frozenset(arrangement.deadwood),
    )


def _hand(text: str) -> gr.Hand:
    return gr.Hand.parse(text)


# --------------------------------------------------------------------------------------------
# deadwood against the oracle


@settings(max_examples=examples(1500), deadline=None)
@given(hand=cards_st(0, 11))
def test_deadwood_is_the_minimum_over_all_meld_collections(hand: gr.Hand) -> None:
    """A hand's deadwood is the least value left unmelded over every set of disjoint melds."""
    assert oracle_deadwood(hand) == gr.deadwood(hand)


@settings(max_examples=examples(1000), deadline=None)
@given(hand=dense_hands_st(3, 11))
def test_deadwood_is_the_minimum_on_meld_dense_hands(hand: gr.Hand) -> None:
    """On hands where sets and runs overlap heavily, deadwood is still the exact minimum."""
    assert oracle_deadwood(hand) == gr.deadwood(hand)


@settings(max_examples=examples(800), deadline=None)
@given(hand=cards_st(0, 11))
def test_round_the_corner_deadwood_is_the_minimum_with_ace_15(hand: gr.Hand) -> None:
    """Round the corner: runs wrap K-A, an unmatched ace counts 15, deadwood is the minimum."""
    assert oracle_deadwood(hand, wrap=True, ace_points=15) == gr.deadwood(hand, RTC)


@settings(max_examples=examples(1000), deadline=None)
@given(hand=dense_hands_st(3, 11))
def test_round_the_corner_deadwood_is_the_minimum_on_meld_dense_hands(hand: gr.Hand) -> None:
    """Round the corner on dense hands (windows such as Q-K-A-2): deadwood is the minimum."""
    assert oracle_deadwood(hand, wrap=True, ace_points=15) == gr.deadwood(hand, RTC)


@settings(max_examples=examples(150), deadline=None)
@given(hand=cards_st(12, 24), rules=ANY_RULES)
def test_deadwood_is_the_minimum_for_hands_larger_than_eleven(hand: gr.Hand, rules: Rules | None) -> None:
    """Deadwood is defined for any number of cards, not only 10 or 11."""
    assert oracle_deadwood(hand, _wrap(rules), _ace(rules)) == gr.deadwood(hand, rules)


@settings(max_examples=examples(150), deadline=None)
@given(hand=dense_hands_st(12, 20), rules=ANY_RULES)
def test_deadwood_is_the_minimum_for_large_meld_dense_hands(hand: gr.Hand, rules: Rules | None) -> None:
    """Large dense hands (up to a whole 5-rank window) still get the exact minimum."""
    assert oracle_deadwood(hand, _wrap(rules), _ace(rules)) == gr.deadwood(hand, rules)


def test_empty_hand_has_no_deadwood() -> None:
    """No cards: deadwood 0, no melds, and no optimal arrangement but the empty one."""
    empty = gr.Hand()
    assert 0 == gr.deadwood(empty)
    assert ((), empty, 0) == (
        gr.best_melds(empty).melds,
        gr.best_melds(empty).deadwood,
        gr.best_melds(empty).points,
    )
    assert (gr.best_melds(empty),) == gr.all_best_melds(empty)


def _run_bounded(code: str, seconds: float = 60, memory: int = 2 << 30) -> str:
    """Run Python ``code`` in a child process limited in time and address space, so that a
    partitioner that blows up fails this test instead of exhausting the machine."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=seconds,
            preexec_fn=limit,
            check=False,
            env=cli_env(),
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"no answer within {seconds} s: {code}")
    assert "" == done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize("ranks", [8, 10, 13], ids=["32-cards", "40-cards", "whole-deck"])
def test_complete_ranks_have_no_deadwood(ranks: int) -> None:
    """Cards made of complete ranks are all melded (each rank is a 4-card set): deadwood 0,
    traditionally and round the corner, up to the whole deck."""
    code = (
        "import ginrummy as gr\n"
        "class R:\n    round_the_corner = True\n    ace_points = 15\n"
        f"cards = [c for c in gr.DECK if c.rank <= {ranks}]\n"
        "print(gr.deadwood(cards), gr.deadwood(cards, R()))\n"
    )
    assert "0 0\n" == _run_bounded(code)


def test_lone_ace_is_worth_the_rules_ace_points() -> None:
    """An unmatched ace counts 1 traditionally and ``ace_points`` (15) round the corner."""
    assert (1, 15) == (gr.deadwood("As"), gr.deadwood("As", RTC))


# --------------------------------------------------------------------------------------------
# arrangements


@settings(max_examples=examples(500), deadline=None)
@given(hand=cards_st(0, 11), rules=ANY_RULES)
def test_all_best_melds_lists_every_optimal_arrangement_once_on_random_hands(
    hand: gr.Hand, rules: Rules | None
) -> None:
    """all_best_melds is exactly the set of canonical minimum-deadwood arrangements, no repeats."""
    actual = [_key(a) for a in gr.all_best_melds(hand, rules)]
    assert len(set(actual)) == len(actual)
    assert oracle_best_arrangements(hand, _wrap(rules), _ace(rules)) == set(actual)


@settings(max_examples=examples(700), deadline=None)
@given(hand=dense_hands_st(3, 11), rules=ANY_RULES)
def test_all_best_melds_lists_every_optimal_arrangement_once_on_dense_hands(
    hand: gr.Hand, rules: Rules | None
) -> None:
    """On dense hands, with many ties, all_best_melds lists each canonical optimum exactly once."""
    actual = [_key(a) for a in gr.all_best_melds(hand, rules)]
    assert len(set(actual)) == len(actual)
    assert oracle_best_arrangements(hand, _wrap(rules), _ace(rules)) == set(actual)


@settings(max_examples=examples(150), deadline=None)
@given(hand=st.one_of(dense_hands_st(12, 20), cards_st(12, 30)), rules=ANY_RULES)
def test_iter_best_melds_yields_all_best_melds_in_order(hand: gr.Hand, rules: Rules | None) -> None:
    """iter_best_melds walks the optimal choices lazily in the order of preference; the list
    all_best_melds sorts after finding them all (by the enumeration of set choices, or the
    dynamic programme for many conflicting ranks): the two agree, item by item, and a limit
    takes a prefix."""
    every = gr.all_best_melds(hand, rules)
    assert every == tuple(iter_best_melds(hand, rules))
    assert every[0] == gr.best_melds(hand, rules)
    assert every[:3] == gr.all_best_melds(hand, rules, limit=3)


def test_a_grid_of_four_ranks_has_every_arrangement_the_oracle_finds() -> None:
    """Four whole ranks (3-6, 16 cards): 24 arrangements, the oracle's, in preference order
    (the quads of threes first), the same lazily."""
    hand = _hand("3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s")
    every = gr.all_best_melds(hand)
    assert oracle_best_arrangements(hand, False, 1) == {_key(a) for a in every}
    assert 24 == len(every)
    assert every == tuple(iter_best_melds(hand))
    assert gr.Meld.parse("3c 3d 3h 3s") == every[0].melds[0]


def test_the_whole_deck_gives_its_first_arrangements_at_once_in_little_memory() -> None:
    """A whole deck has 313,457 best arrangements; the first dozen come without finding the
    rest: thirteen quads first, each a different split of the 52 cards with no deadwood, in
    a few megabytes (finding them all took gigabytes)."""
    import tracemalloc

    tracemalloc.start()
    try:
        first = gr.all_best_melds(gr.DECK, limit=12)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000
    assert 12 == len(first) == len({_key(a) for a in first})
    assert all(52 == sum(len(m) for m in a.melds) and 0 == a.points for a in first)
    assert all(m.kind is gr.MeldKind.SET and 4 == len(m) for m in first[0].melds)
    assert first[:1] == (gr.best_melds(gr.DECK),)


@pytest.mark.parametrize("limit", [0, -1, 1.5, True, "3"])
def test_a_limit_below_one_is_refused(limit: object) -> None:
    """all_best_melds(limit=...) takes a whole number of 1 or more, and says so (in the words of
    the one integer check, ``validators.check_int``)."""
    with pytest.raises(gr.InvalidHandError) as caught:
        gr.all_best_melds("7c 8c 9c", limit=limit)  # type: ignore[arg-type]
    assert f"invalid limit {limit!r}: must be an integer of at least 1" == str(caught.value)


def test_a_limit_of_one_gives_the_first_arrangement() -> None:
    """The least limit, 1, is allowed: the first arrangement, best_melds."""
    hand = "7c 8c 9c Tc 7d 7h 7s"
    assert (gr.best_melds(hand),) == gr.all_best_melds(hand, limit=1)
    assert 2 == len(gr.all_best_melds(hand))


def test_melding_rules_missing_an_attribute_mean_traditional_melding() -> None:
    """The partitioner reads ``round_the_corner`` and ``ace_points`` from any object; one it
    lacks takes the traditional value (no wrapping, the ace worth 1)."""
    from types import SimpleNamespace

    wrapping: Any = SimpleNamespace(round_the_corner=True)
    high_ace: Any = SimpleNamespace(ace_points=15)
    assert (5, 1 + 5) == (gr.deadwood("Qs Ks As 5d", wrapping), gr.deadwood("As 5d", wrapping))
    assert (15 + 5 + 20, 15 + 5) == (gr.deadwood("Qs Ks As 5d", high_ace), gr.deadwood("As 5d", high_ace))


def test_no_discard_from_an_empty_hand() -> None:
    """best_discard needs a card to discard: an empty hand is refused in words."""
    with pytest.raises(gr.InvalidHandError) as caught:
        gr.best_discard(gr.Hand())
    assert "cannot discard from an empty hand" == str(caught.value)
    assert () == gr.best_discards(gr.Hand())


def _check_arrangement(arrangement: gr.Arrangement, hand: gr.Hand, rules: Rules | None) -> None:
    """Assert that ``arrangement`` is a valid split of ``hand`` into melds and deadwood."""
    melded: set[gr.Card] = set()
    legal = set(oracle_melds(hand, _wrap(rules)))
    for meld in arrangement.melds:
        cards = frozenset(meld.cards)
        assert cards in legal
        assert gr.Meld(meld.hand, rules=rules) == meld
        assert not melded & cards
        melded |= cards
    assert not melded & set(arrangement.deadwood)
    assert set(hand) == melded | set(arrangement.deadwood)
    assert sum(card_value(c, _ace(rules)) for c in arrangement.deadwood) == arrangement.points
    assert arrangement.deadwood.points(_ace(rules)) == arrangement.points


@settings(max_examples=examples(500), deadline=None)
@given(hand=st.one_of(cards_st(0, 11), dense_hands_st(3, 11)), rules=ANY_RULES)
def test_every_best_arrangement_splits_the_hand_into_valid_disjoint_melds_and_deadwood(
    hand: gr.Hand, rules: Rules | None
) -> None:
    """Each arrangement's melds are legal, disjoint and held; melds plus deadwood is the hand;
    its points are the value of its deadwood, which is the hand's deadwood."""
    arrangements = gr.all_best_melds(hand, rules)
    assert arrangements
    for arrangement in arrangements:
        _check_arrangement(arrangement, hand, rules)
        assert gr.deadwood(hand, rules) == arrangement.points


@settings(max_examples=examples(500), deadline=None)
@given(hand=st.one_of(cards_st(0, 11), dense_hands_st(3, 11)), rules=ANY_RULES)
def test_best_melds_is_the_first_of_all_best_melds(hand: gr.Hand, rules: Rules | None) -> None:
    """best_melds returns the first arrangement that all_best_melds lists."""
    assert gr.all_best_melds(hand, rules)[0] == gr.best_melds(hand, rules)


@settings(max_examples=examples(300), deadline=None)
@given(hand=dense_hands_st(3, 11), rules=ANY_RULES)
def test_best_melds_never_lists_touching_runs_separately(hand: gr.Hand, rules: Rules | None) -> None:
    """Canonical form: two runs of one suit that touch (3c4c5c and 6c7c8c) are one run."""
    for arrangement in gr.all_best_melds(hand, rules):
        runs = [m for m in arrangement.melds if m.kind is gr.MeldKind.RUN]
        for first, second in itertools.permutations(runs, 2):
            joined = frozenset(first.hand | second.hand)
            assert joined not in set(oracle_melds(joined, _wrap(rules)))


# --------------------------------------------------------------------------------------------
# discards


def _oracle_discards(hand: gr.Hand, rules: Rules | None) -> tuple[tuple[gr.Card, int], ...]:
    """Every card with the oracle deadwood left after discarding it, by (deadwood, index)."""
    pairs = [(card, oracle_deadwood(set(hand) - {card}, _wrap(rules), _ace(rules))) for card in hand]
    return tuple(sorted(pairs, key=lambda pair: (pair[1], pair[0].index)))


@settings(max_examples=examples(700), deadline=None)
@given(hand=st.one_of(cards_st(1, 11), dense_hands_st(3, 11)), rules=ANY_RULES)
def test_best_discards_lists_each_card_with_the_deadwood_left_sorted(
    hand: gr.Hand, rules: Rules | None
) -> None:
    """best_discards pairs every held card with the minimum deadwood of the hand without it,
    sorted by (deadwood, card index)."""
    assert _oracle_discards(hand, rules) == gr.best_discards(hand, rules)


@settings(max_examples=examples(700), deadline=None)
@given(hand=st.one_of(cards_st(1, 11), dense_hands_st(3, 11)), rules=ANY_RULES)
def test_best_discard_leaves_least_deadwood_and_ties_go_to_lowest_index(
    hand: gr.Hand, rules: Rules | None
) -> None:
    """best_discard is the first of best_discards: least deadwood left, then lowest index."""
    expected = _oracle_discards(hand, rules)[0]
    assert expected == gr.best_discard(hand, rules)
    assert gr.best_discards(hand, rules)[0] == gr.best_discard(hand, rules)


def test_best_discard_tie_goes_to_the_lowest_card_index() -> None:
    """2c 2d 7h 8h 9h: discarding 2c or 2d leaves 2 (the other deuce beside the run 7h-9h);
    the tie goes to 2c (index 1 < 14). Breaking the run leaves 2 + 2 + the other two hearts:
    9h 19, 8h 20, 7h 21."""
    assert (gr.Card.parse("2c"), 2) == gr.best_discard("2c 2d 7h 8h 9h")
    assert (
        (gr.Card.parse("2c"), 2),
        (gr.Card.parse("2d"), 2),
        (gr.Card.parse("9h"), 19),
        (gr.Card.parse("8h"), 20),
        (gr.Card.parse("7h"), 21),
    ) == gr.best_discards("2c 2d 7h 8h 9h")


# --------------------------------------------------------------------------------------------
# the dynamic programme: hands with more than MOST_CONFLICTS ranks held three times in runs


def _set_cards(arrangement: gr.Arrangement) -> frozenset[gr.Card]:
    """The cards of an arrangement's sets."""
    return frozenset(c for meld in arrangement.melds if meld.kind == gr.MeldKind.SET for c in meld.cards)


WINDOW_CASES = st.one_of(
    window_hands_st(wrap=False).map(lambda hand: (hand, None)),
    window_hands_st(wrap=True).map(lambda hand: (hand, RTC)),
)
"""Hands the dynamic programme solves, with their melding rules (windows wrap only round the
corner)."""


def _conflicts(hand: gr.Hand, rules: Rules | None) -> int:
    """The ranks of ``hand`` held three or more times that are also in a possible run."""
    lookups = lookups_for(rules)
    a, b, c, d = split(hand.mask)
    in_runs = lookups.melded[a] | lookups.melded[b] | lookups.melded[c] | lookups.melded[d]
    return (triples(a, b, c, d) & in_runs).bit_count()


def _check_every_optimal_choice(hand: gr.Hand, rules: Rules | None) -> int:
    """Assert that ``hand`` takes the dynamic programme and that ``all_best_melds`` lists each
    of the oracle's optimal choices of set cards once, at the oracle's deadwood, in the order
    ``iter_best_melds`` walks them; return how many there are."""
    assert _conflicts(hand, rules) > MOST_CONFLICTS
    every = gr.all_best_melds(hand, rules)
    expected = oracle_set_choices(hand, _wrap(rules), _ace(rules))
    assert expected == {_set_cards(a) for a in every}
    assert len(expected) == len(every)
    assert {oracle_deadwood(hand, _wrap(rules), _ace(rules))} == {a.points for a in every}
    assert every == tuple(iter_best_melds(hand, rules))
    return len(every)


@settings(max_examples=examples(30), deadline=None)
@given(case=WINDOW_CASES)
def test_best_discards_of_hands_the_dynamic_programme_solves_match_the_oracle(
    case: tuple[gr.Hand, Rules | None],
) -> None:
    """Five ranks held three or more times, each in a possible run: every discard is priced by
    an exact solve of the hand left (the oracle's deadwood), the best one first, ties to the
    lowest card index."""
    hand, rules = case
    assert _conflicts(hand, rules) > MOST_CONFLICTS
    expected = _oracle_discards(hand, rules)
    assert expected == gr.best_discards(hand, rules)
    assert expected[0] == gr.best_discard(hand, rules)


@settings(max_examples=examples(40), deadline=None)
@given(case=WINDOW_CASES)
def test_every_optimal_arrangement_of_hands_the_dynamic_programme_solves(
    case: tuple[gr.Hand, Rules | None],
) -> None:
    """The dynamic programme lists every optimal choice of set cards once (the oracle's, with
    round-the-corner runs crossing its cut before the ace), eagerly and lazily alike."""
    hand, rules = case
    _check_every_optimal_choice(hand, rules)


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        (" ".join(f"{rank}{suit}" for rank in "34567" for suit in "cdhs"), None),
        (" ".join(f"{rank}{suit}" for rank in "TJQKA" for suit in "cdh"), RTC),
    ],
    ids=["3-7 whole", "T-A round the corner"],
)
def test_the_dynamic_programme_lists_every_one_of_many_optimal_arrangements(
    text: str, rules: Rules | None
) -> None:
    """Five whole ranks (3-7, 20 cards), and round the corner T-A in three suits (the runs
    Q-K-A cross the cut before the ace, where no suit holds a two): many optimal choices of set
    cards, every one listed once, eagerly and lazily, as the oracle finds them."""
    assert _check_every_optimal_choice(_hand(text), rules) > 1


def _choices(masks: list[int]) -> set[frozenset[gr.Card]]:
    """Choices of set cards, each a 52-bit mask, as sets of cards."""
    return {frozenset(gr.Hand.from_mask(mask)) for mask in masks}


@settings(max_examples=examples(60), deadline=None)
@given(hand=cycle_hands_st())
def test_the_dynamic_programme_joins_the_runs_that_cross_its_cut(hand: gr.Hand) -> None:
    """Round the corner, every two neighbouring ranks of these hands share a suit, so wherever
    the programme cuts the cycle of ranks a run may cross the cut: each guess of its length
    before the cut (1, 2, 3 or more) is tried, and the minimum and every optimal choice of set
    cards are the oracle's; without ``want_all``, one of them."""
    lookups = lookups_for(RTC)
    points, every = solve(hand.mask, lookups, want_all=True)
    assert oracle_deadwood(hand, True, 15) == points
    assert oracle_set_choices(hand, True, 15) == _choices(every)
    assert len(every) == len(_choices(every))
    one_points, one = solve(hand.mask, lookups)
    assert (points, 1) == (one_points, len(one))
    assert _choices(one) <= _choices(every)
    lazily = list(ordered_choices(hand.mask, lookups))
    assert sorted(lazily) == sorted(every)


@pytest.mark.parametrize(
    ("text", "crossing"),
    [
        ("Ks As 2s 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", "Ks As 2s"),
        ("Qs Ks As Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh", "Qs Ks As"),
        ("Js Qs Ks As Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh", "Js Qs Ks As"),
    ],
)
def test_a_run_crossing_the_cut_with_one_two_or_three_cards_before_it(text: str, crossing: str) -> None:
    """Hearts hold a run over every other pair of neighbouring ranks, so the programme cuts
    the cycle between the king and the ace, where only spades cross: the spade run round the
    corner has one, two or three cards before the cut. It is melded: no deadwood, the
    oracle's."""
    hand = _hand(text)
    assert (0, [0]) == solve(hand.mask, lookups_for(RTC), want_all=True)
    assert 0 == oracle_deadwood(hand, True, 15)
    assert [gr.Meld(_hand(crossing), rules=RTC)] == [
        m for m in gr.best_melds(hand, RTC).melds if gr.Card.parse("As") in m.cards
    ]


def test_a_quad_in_a_run_gives_its_card_as_the_free_discard() -> None:
    """7c 7d 7h 7s 4s 5s 6s 9c Tc Jc Qc: the sevens may be a quad (4s-6s a run) or a triple
    (4s-7s a run); discarding from the quad or from either end of a four-card run leaves no
    deadwood, and the lowest card index among them is the quad's 7c."""
    hand = _hand("7c 7d 7h 7s 4s 5s 6s 9c Tc Jc Qc")
    assert (gr.Card.parse("7c"), 0) == gr.best_discard(hand)
    assert _oracle_discards(hand, None)[0] == gr.best_discard(hand)


# --------------------------------------------------------------------------------------------
# exhaustive blocks: every 10- and 11-card subset of 16 cards, 4 ranks in all suits


BLOCK = tuple(c for c in gr.DECK if gr.Rank.SEVEN <= c.rank <= gr.Rank.TEN)
"""7-T in all four suits: 16 cards where every card is in a possible set and runs."""
CORNER_BLOCK = tuple(c for c in gr.DECK if c.rank in (12, 13, 1, 2))
"""Q-K-A-2 in all four suits: dense around the corner."""


@pytest.mark.parametrize("size", [10, 11])
def test_deadwood_of_every_subset_of_a_four_by_four_block(size: int) -> None:
    """Every 10- and 11-card subset of 7-T x 4 suits (8008 + 4368 hands) has the oracle's
    deadwood."""
    wrong = [
        (str(gr.Hand(cards)), oracle_deadwood(cards), gr.deadwood(cards))
        for cards in itertools.combinations(BLOCK, size)
        if oracle_deadwood(cards) != gr.deadwood(cards)
    ]
    assert [] == wrong


@pytest.mark.parametrize("size", [10, 11])
def test_round_the_corner_deadwood_of_every_subset_of_a_corner_block(size: int) -> None:
    """Round the corner, every 10- and 11-card subset of Q-K-A-2 x 4 suits has the oracle's
    deadwood (aces 15)."""
    wrong = [
        (str(gr.Hand(cards)), oracle_deadwood(cards, True, 15), gr.deadwood(cards, RTC))
        for cards in itertools.combinations(CORNER_BLOCK, size)
        if oracle_deadwood(cards, True, 15) != gr.deadwood(cards, RTC)
    ]
    assert [] == wrong


def test_best_discard_of_every_eleven_card_subset_of_a_four_by_four_block() -> None:
    """For all 4368 11-card subsets of 7-T x 4 suits, best_discard matches the oracle."""
    wrong = [
        (str(gr.Hand(cards)), _oracle_discards(gr.Hand(cards), None)[0], gr.best_discard(cards))
        for cards in itertools.combinations(BLOCK, 11)
        if _oracle_discards(gr.Hand(cards), None)[0] != gr.best_discard(cards)
    ]
    assert [] == wrong


def test_all_best_melds_on_a_sample_of_block_subsets() -> None:
    """On 300 fixed 10- and 11-card subsets of 7-T x 4 suits, all_best_melds is the oracle's
    set of canonical optimal arrangements."""
    rng = random.Random(20240611)
    for _ in range(300):
        cards = rng.sample(BLOCK, rng.choice([10, 11]))
        actual = [_key(a) for a in gr.all_best_melds(cards)]
        assert len(set(actual)) == len(actual)
        assert oracle_best_arrangements(cards) == set(actual)


# --------------------------------------------------------------------------------------------
# cases where greedy melding is wrong (values worked out by hand, checked against the oracle)


def _check_case(text: str, expected: int, rules: Rules | None = None) -> None:
    hand = _hand(text)
    assert expected == oracle_deadwood(hand, _wrap(rules), _ace(rules))
    assert expected == gr.deadwood(hand, rules)
    assert expected == gr.best_melds(hand, rules).points


def test_set_that_steals_a_run_card_is_worse_than_the_run() -> None:
    """Sets first is wrong: 7c 7d 7h 8c 9c Kd Qs.

    Sets first: 7c 7d 7h, leaving 8c 9c Kd Qs = 8 + 9 + 10 + 10 = 37.
    Best: run 7c 8c 9c, leaving 7d 7h Kd Qs = 7 + 7 + 10 + 10 = 34.
    """
    _check_case("7c 7d 7h 8c 9c Kd Qs", 34)
    expected = {gr.Meld.parse("7c 8c 9c")}
    assert expected == set(gr.best_melds("7c 7d 7h 8c 9c Kd Qs").melds)


def test_run_that_steals_a_set_card_is_worse_than_the_set() -> None:
    """Runs first is wrong: 3c 4c 5c 5d 5h 9s.

    Runs first: 3c 4c 5c, leaving 5d 5h 9s = 5 + 5 + 9 = 19.
    Best: set 5c 5d 5h, leaving 3c 4c 9s = 3 + 4 + 9 = 16.
    """
    _check_case("3c 4c 5c 5d 5h 9s", 16)
    assert {gr.Meld.parse("5c 5d 5h")} == set(gr.best_melds("3c 4c 5c 5d 5h 9s").melds)


def test_longest_run_first_is_wrong_when_its_end_completes_a_set() -> None:
    """Longest run first is wrong: 5h 6h 7h 8h 8c 8d Kc.

    Longest run first: 5h 6h 7h 8h, leaving 8c 8d Kc = 8 + 8 + 10 = 26.
    Best: run 5h 6h 7h and set 8c 8d 8h, leaving Kc = 10.
    """
    _check_case("5h 6h 7h 8h 8c 8d Kc", 10)


def test_four_card_set_is_split_so_its_fourth_card_joins_a_run() -> None:
    """Splitting a 4-card set: 7c 7d 7h 7s 8c 9c 2d.

    Whole set first: 7c 7d 7h 7s, leaving 8c 9c 2d = 8 + 9 + 2 = 19.
    Best: set 7d 7h 7s and run 7c 8c 9c, leaving 2d = 2.
    """
    _check_case("7c 7d 7h 7s 8c 9c 2d", 2)
    expected = {gr.Meld.parse("7d 7h 7s"), gr.Meld.parse("7c 8c 9c")}
    assert expected == set(gr.best_melds("7c 7d 7h 7s 8c 9c 2d").melds)


def test_ace_to_four_run_and_a_set_leave_twenty_nine() -> None:
    """As 2s 3s 4s 7h 7d 7c Kd Qd 9c: run As-4s and set 7c 7d 7h leave Kd Qd 9c =
    10 + 10 + 9 = 29."""
    _check_case("As 2s 3s 4s 7h 7d 7c Kd Qd 9c", 29)


def test_both_greedy_orders_are_wrong_on_one_hand() -> None:
    """3c 4c 5c 5d 5h 6d 7d 5s Qh.

    Sets first: 5c 5d 5h 5s, leaving 3c 4c 6d 7d Qh = 3 + 4 + 6 + 7 + 10 = 30.
    Runs first: 3c 4c 5c and 5d 6d 7d, leaving 5h 5s Qh = 5 + 5 + 10 = 20.
    Best: set 5c 5h 5s and run 5d 6d 7d, leaving 3c 4c Qh = 3 + 4 + 10 = 17.
    """
    _check_case("3c 4c 5c 5d 5h 6d 7d 5s Qh", 17)
    expected = {gr.Meld.parse("5c 5h 5s"), gr.Meld.parse("5d 6d 7d")}
    assert expected == set(gr.best_melds("3c 4c 5c 5d 5h 6d 7d 5s Qh").melds)


def test_king_ace_two_is_a_run_only_round_the_corner() -> None:
    """Ks As 2s: no meld traditionally (10 + 1 + 2 = 13); round the corner a run (0)."""
    _check_case("Ks As 2s", 13)
    _check_case("Ks As 2s", 0, RTC)


def test_unmatched_ace_costs_fifteen_round_the_corner() -> None:
    """Round the corner, As 5d 9c melds nothing: 15 + 5 + 9 = 29 (traditionally 15)."""
    _check_case("As 5d 9c", 15)
    _check_case("As 5d 9c", 29, RTC)


# --------------------------------------------------------------------------------------------
# inputs


def test_string_hand_and_card_list_give_identical_results() -> None:
    """Text, a Hand and a list of cards are the same input to every function."""
    text = "As 2s 3s 4s 7h 7d 7c Kd Qd 9c 7s"
    hand = gr.Hand.parse(text)
    cards = list(reversed(hand.cards))
    for rules in (None, RTC):
        for inputs in (text, hand, cards):
            assert gr.deadwood(hand, rules) == gr.deadwood(inputs, rules)
            assert gr.best_melds(hand, rules) == gr.best_melds(inputs, rules)
            assert gr.all_best_melds(hand, rules) == gr.all_best_melds(inputs, rules)
            assert gr.best_discard(hand, rules) == gr.best_discard(inputs, rules)
            assert gr.best_discards(hand, rules) == gr.best_discards(inputs, rules)


@pytest.mark.parametrize(
    "function", [gr.deadwood, gr.best_melds, gr.all_best_melds, gr.best_discard, gr.best_discards]
)
def test_bad_card_text_raises_parse_error(function: object) -> None:
    """A token that is no card is a ParseError."""
    assert callable(function)
    with pytest.raises(gr.ParseError):
        function("As 2s Zz")


@pytest.mark.parametrize(
    "function", [gr.deadwood, gr.best_melds, gr.all_best_melds, gr.best_discard, gr.best_discards]
)
def test_a_card_given_twice_raises(function: object) -> None:
    """A card given twice, as text or in a list, is a GinRummyError."""
    assert callable(function)
    with pytest.raises(gr.GinRummyError):
        function("As 2s as")
    with pytest.raises(gr.GinRummyError):
        function([gr.Card.parse("As"), gr.Card.parse("2s"), gr.Card.parse("As")])


def test_an_arrangement_is_refused_in_words_and_reads_in_one_line() -> None:
    """``Arrangement`` checks what it is given, each refusal naming the value: melds that are
    not a sequence of melds, a meld shared with another or with the deadwood, deadwood that is
    not a Hand, points that are not the deadwood's value (aces all count the same, from 1 to
    15). Its melds are sorted by their lowest card; it reads in one line."""
    meld = gr.Meld.parse
    kd, aces = gr.Hand.parse("Kd"), gr.Hand.parse("Ac Ad Kd")
    cases: list[tuple[dict[str, Any], str, str | None]] = [
        (
            {"melds": "7c 7d 7h", "deadwood": kd, "points": 10},
            "'melds' must be a sequence of melds (got '7c 7d 7h')",
            None,
        ),
        ({"melds": 5, "deadwood": kd, "points": 10}, "'melds' must be a sequence of melds (got 5)", None),
        (
            {"melds": [meld("7c 7d 7h"), "x"], "deadwood": kd, "points": 10},
            "melds[1] 'x' is not a Meld",
            "melds",
        ),
        ({"melds": [], "deadwood": "Kd", "points": 10}, "'deadwood' must be a Hand (got 'Kd')", None),
        (
            {"melds": [meld("7c 7d 7h")], "deadwood": gr.Hand.parse("7h Kd"), "points": 17},
            "meld '7c 7d 7h' shares cards with another meld or the deadwood",
            "melds[0]",
        ),
        (
            {"melds": [], "deadwood": kd, "points": 9},
            "points 9 are not the value of the deadwood 'Kd'",
            "points",
        ),
        (
            {"melds": [], "deadwood": kd, "points": True},
            "points True are not the value of the deadwood 'Kd'",
            "points",
        ),
        (
            {"melds": [], "deadwood": kd, "points": "10"},
            "points '10' are not the value of the deadwood 'Kd'",
            "points",
        ),
        (
            {"melds": [], "deadwood": aces, "points": 13},
            "points 13 are not the value of the deadwood 'Ac Ad Kd'",
            "points",
        ),
        (
            {"melds": [], "deadwood": aces, "points": 41},
            "points 41 are not the value of the deadwood 'Ac Ad Kd'",
            "points",
        ),
    ]
    for fields, message, field in cases:
        with pytest.raises(gr.InvalidMeldError) as info:
            gr.Arrangement(**fields)
        assert (f"invalid arrangement: {message}", field) == (str(info.value), info.value.field)
    assert 40 == gr.Arrangement(melds=[], deadwood=aces, points=40).points  # both aces at 15
    melds = [meld("7s 8s 9s"), meld("7c 7d 7h"), meld("Tc Jc Qc")]
    sorted_melds = gr.Arrangement(melds=melds, deadwood=gr.Hand(), points=0)
    assert (melds[1], melds[2], melds[0]) == sorted_melds.melds
    assert "7c 7d 7h | Tc Jc Qc | 7s 8s 9s | deadwood 0" == str(sorted_melds)
    assert "7c 7d 7h | deadwood Kd (10)" == str(gr.best_melds("7c 7d 7h Kd"))


def test_in_every_suit_is_each_rank_mask_in_all_four_suits() -> None:
    """``IN_EVERY_SUIT[ranks]`` (the cards the partitioner takes out for ranks melded whole) is
    the suit mask ``ranks`` in clubs, diamonds, hearts and spades, for each of the 8,192 masks."""
    expected = [ranks | ranks << 13 | ranks << 26 | ranks << 39 for ranks in range(1 << 13)]
    assert expected == list(IN_EVERY_SUIT)
