"""The round's machine (``ginrummy.play.round``, on its record ``ginrummy.round_fields``): how a
round is made and refused, what it keeps of its origin, ``undo`` and ``replay``, and the
accessors the mutation session found unpinned (issue 23).
"""

from __future__ import annotations

import attrs
import pytest

import ginrummy as gr
from positions import card, play, position

HANDS = ("Jc Qc Kc 8c 8d 8s 4d 4h 6s Js", "Ac 2c 3c 9s 9d 9h 5h 6h 7h As")
FIELDS = {"dealer": 0, "hands": HANDS, "stock": (), "discard_pile": ()}
"""Arguments of ``from_position`` that are checked only after the rules."""


def test_a_round_is_not_built_directly() -> None:
    """``Round(...)`` is refused, saying how a round is made; a round is frozen."""
    with pytest.raises(gr.InvalidPositionError) as info:
        gr.Round()
    assert "a Round is not built directly: use Round.deal or Round.from_position, then apply actions" == str(
        info.value
    )
    r = gr.Round.deal(gr.PAGAT, seed=1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        r.phase = gr.Phase.OVER
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del r.phase


def test_a_set_up_round_knows_its_fields_and_that_it_was_not_dealt() -> None:
    """A round set up past the deal has no deck, was not dealt, is its own origin (``at_origin``),
    has no log; its defaults are those of a round before any knock."""
    r = position(hands=HANDS, discard="Tc Kd")
    assert (None, False, None, r) == (r.deck, r.dealt, r.origin, r.at_origin)
    assert ((), (), None) == (r.events, r.actions, r.last_action)
    assert (None, None, (), (), None, None) == (
        r.knocker,
        r.knock_card,
        r.spread,
        r.layoffs,
        r.result,
        r.defender,
    )
    assert (None, False, (gr.Hand(), gr.Hand()), 0) == (r.taken, r.stock_only, r.known, r.turns)
    assert (1, card("Kd"), False) == (r.non_dealer, r.upcard, r.is_over)


def test_a_dealt_round_keeps_its_deck_and_its_origin() -> None:
    """A dealt round keeps the 52 cards as dealt and, after actions, its origin: the round
    before any action, which replays to it."""
    r = gr.Round.deal(gr.PAGAT, dealer=1, seed=9)
    assert r.deck is not None and 52 == len(r.deck) and r.dealt
    later = play(r, "p", "p", "s")
    assert (r, r, later.actions) == (
        later.origin,
        later.at_origin,
        (gr.PassUpcard(), gr.PassUpcard(), gr.DrawStock()),
    )
    assert later == later.at_origin.replay(later.actions)
    assert (gr.DrawStock(), r.deck, True) == (later.last_action, later.deck, later.dealt)


def test_undo_takes_back_the_last_action_and_refuses_at_the_origin() -> None:
    """``undo`` is the replay of all actions but the last; with no action it is refused,
    naming the round."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=3)
    later = play(r, "p", "t")
    assert play(r, "p") == later.undo()
    assert r == later.undo().undo()
    with pytest.raises(gr.IllegalActionError) as info:
        r.undo()
    assert "nothing to undo: no action has been applied to this round" == str(info.value)
    assert r is info.value.round


def test_replay_names_the_first_illegal_action_by_its_number() -> None:
    """``replay`` applies actions in order; an illegal one is refused with its number in the
    list and the reason, and the error carries the position where it was refused."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=3)
    with pytest.raises(gr.IllegalActionError) as info:
        r.replay([gr.PassUpcard(), gr.PassUpcard(), gr.TakeDiscard()])
    assert (
        "action 2: illegal action TakeDiscard() for player 1 in phase DRAW: after both players pass the "
        "upcard the non-dealer must draw from the stock"
    ) == str(info.value)
    assert play(r, "p", "p") == info.value.round


def test_the_upcard_is_none_when_the_pile_is_empty() -> None:
    """``upcard`` is the top of the discard pile, None once its only card was taken."""
    r = play(position(hands=HANDS, discard="Tc"), "t")
    assert ((), None, card("Tc")) == (r.discard_pile, r.upcard, r.taken)


def test_turns_are_part_of_the_position_only_under_max_turns() -> None:
    """The turns played change the position only when ``max_turns`` makes them matter."""
    stock = position(hands=HANDS, discard="Tc").stock
    for rules, same in ((gr.PAGAT, True), (gr.PAGAT.evolve(max_turns=50), False)):
        a, b = (
            gr.Round.from_position(rules, dealer=0, hands=HANDS, stock=stock, discard_pile="Tc", turns=turns)
            for turns in (3, 4)
        )
        assert (same, same) == (a.position_key() == b.position_key(), a == b)


def test_a_round_is_not_equal_to_other_values() -> None:
    """A round compares with rounds only."""
    r = gr.Round.deal(gr.PAGAT, seed=2)
    assert r != r.position_key()
    assert r.__eq__(object()) is NotImplemented


def test_a_round_reads_as_its_phase_and_piles() -> None:
    """``repr``: the ruleset, the dealer, the phase, the player to act, the stock's size and the
    upcard."""
    r = gr.Round.deal(gr.PAGAT, dealer=1, seed=7)
    assert f"<Round pagat dealer=1 phase=UPCARD_OFFER to_act=0 stock=31 upcard={r.upcard}>" == repr(r)


def test_the_hand_of_a_player_other_than_0_or_1_is_refused() -> None:
    """``hand(player)`` takes a player, 0 or 1."""
    with pytest.raises(gr.InvalidPositionError, match="invalid player 2: must be 0 or 1"):
        gr.Round.deal(gr.PAGAT, seed=2).hand(2)


def test_an_action_from_a_player_other_than_0_or_1_is_refused() -> None:
    """``illegal_reason`` and ``apply`` check the player they are given."""
    r = gr.Round.deal(gr.PAGAT, seed=2)
    with pytest.raises(gr.InvalidPositionError, match="invalid player 5: must be 0 or 1"):
        r.illegal_reason(gr.PassUpcard(), player=5)
    assert r.apply(gr.PassUpcard(), player=1) == r.apply(gr.PassUpcard())
    with pytest.raises(gr.IllegalActionError) as info:
        r.apply(gr.PassUpcard(), player=0)
    assert (
        "illegal action PassUpcard() for player 0 in phase UPCARD_OFFER: it is player 1's turn, not "
        "player 0's" == str(info.value)
    )


def test_a_deal_needs_a_ruleset_and_a_seed_or_a_deck_not_both() -> None:
    """``deal`` refuses rules that are not a Ruleset and a seed given with a deck, as invalid
    positions, saying why; without either it shuffles at random."""
    with pytest.raises(gr.InvalidPositionError) as info:
        gr.Round.deal("pagat", seed=1)  # type: ignore[arg-type]
    assert "invalid rules 'pagat': expected a Ruleset" == str(info.value)
    with pytest.raises(gr.InvalidPositionError) as info:
        gr.Round.from_position("pagat", **FIELDS)  # type: ignore[arg-type]
    assert "invalid rules 'pagat': expected a Ruleset" == str(info.value)
    with pytest.raises(gr.InvalidPositionError) as info:
        gr.Round.deal(gr.PAGAT, seed=1, deck=gr.DECK)
    assert "give a seed or a deck, not both" == str(info.value)
    shuffled = gr.Round.deal(gr.PAGAT)
    assert shuffled.deck is not None and sorted(shuffled.deck) == list(gr.DECK)


def test_the_non_dealer_and_the_defender_are_the_other_players() -> None:
    """``non_dealer`` is the player who does not deal, ``defender`` the one who did not knock
    (None before a knock)."""
    assert (0, 1) == (
        gr.Round.deal(gr.PAGAT, dealer=1, seed=1).non_dealer,
        gr.Round.deal(gr.PAGAT, seed=1).non_dealer,
    )
    r = position(
        hands=("3h 7h 8h 4d Tc Jc Qc 5s 6s Ks", "4h 5h 6h 9c 9d 9s Ad 2d 3d 7s Qs"),
        discard="Jh",
        phase=gr.Phase.DISCARD,
        to_act=1,
    )
    assert None is r.defender
    assert (1, 0) == (play(r, "k Qs").knocker, play(r, "k Qs").defender)
    r = position(
        hands=("4h 5h 6h 9c 9d 9s Ad 2d 3d 7s Qs", "3h 7h 8h 4d Tc Jc Qc 5s 6s Ks"),
        discard="Jh",
        phase=gr.Phase.DISCARD,
        to_act=0,
        dealer=1,
    )
    assert (0, 1) == (play(r, "k Qs").knocker, play(r, "k Qs").defender)
