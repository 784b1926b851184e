"""The one-line position notation (issue 19, item 7): ``Round.notation`` and
``Round.from_notation`` round-trip every reachable position of every preset, bad text is refused
naming the field and where it goes wrong, and an illegal action carries the notation of its
position for bug reports, never in its message."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from hypothesis_share import examples
from positions import biased_action, set_up

PRESETS = sorted(gr.PRESETS.values(), key=lambda rules: rules.name)


def _round_trips(r: gr.Round) -> None:
    text = r.notation()
    again = gr.Round.from_notation(text)
    assert r.position_key() == again.position_key(), text
    assert text == again.notation()
    assert "\n" not in text


@settings(max_examples=examples(60))
@given(st.sampled_from(PRESETS), st.integers(0, 10**6), st.booleans())
def test_every_position_of_a_played_round_round_trips(rules: gr.Ruleset, seed: int, takes: bool) -> None:
    """``from_notation(r.notation())`` has ``r``'s position key at every position of a round
    played to its end (knocks, gins, layoffs, dead hands), under every preset."""
    rng = random.Random(seed)
    r = gr.Round.deal(rules, seed % 2, seed=seed)
    _round_trips(r)
    while r.to_act is not None:
        r = r.apply(biased_action(r, rng, alternate_takes=takes))
        _round_trips(r)


@settings(max_examples=examples(30))
@given(st.sampled_from(PRESETS), st.integers(0, 10**6), st.integers(0, 30))
def test_set_up_positions_round_trip(rules: gr.Ruleset, seed: int, steps: int) -> None:
    """A position set up with ``from_position`` (before a knock, with the cards each player is
    known to hold) round-trips too."""
    rng = random.Random(seed)
    r = gr.Round.deal(rules, seed % 2, seed=seed)
    for _ in range(steps):
        if r.to_act is None or r.knocker is not None:
            break
        following = r.apply(biased_action(r, rng))
        if following.knocker is not None or following.to_act is None:
            break
        r = following
    same = gr.Round.from_position(
        r.rules,
        dealer=r.dealer,
        hands=(r.hand(0), r.hand(1)),
        stock=r.stock,
        discard_pile=r.discard_pile,
        initial_upcard=r.initial_upcard,
        phase=r.phase,
        to_act=r.to_act,
        taken=r.taken,
        stock_only=r.stock_only,
        turns=r.turns,
        known=r.known,
    )
    assert r.position_key() == same.position_key()
    _round_trips(same)


def test_the_notation_reads_like_the_position() -> None:
    """The segments name the ruleset, dealer, phase, player, hands, piles and flags in words a
    person reads, and a custom ruleset is written as its name and the fields it changes."""
    rules = gr.PAGAT.evolve(name="house", knock_limit=7, gin_bonus=30)
    r = gr.Round.deal(rules, dealer=1, seed=4).apply(gr.TakeDiscard())
    text = r.notation()
    parts = text.split(" | ")
    assert "house(knock_limit=7, gin_bonus=30)" == parts[0]
    assert ["dealer 1", "discard", "player 0"] == parts[1:4]
    assert parts[4].startswith("hands ") and " / " in parts[4]
    assert f"took {r.taken}" in parts and f"upcard {r.initial_upcard}" in parts
    assert rules == gr.Round.from_notation(text).rules


def test_a_custom_ruleset_with_an_unwritable_name_is_refused_clearly() -> None:
    """A ruleset name with separators cannot be written in one line: ``notation`` says so."""
    r = gr.Round.deal(gr.PAGAT.evolve(name="my | rules"), seed=1)
    with pytest.raises(
        gr.GinRummyError, match=re.escape("cannot write the ruleset 'my | rules' in notation")
    ):
        r.notation()


def test_a_knock_and_its_layoffs_are_written_as_shown() -> None:
    """After a knock the notation gives the knocker, its face-down card and its spread as
    shown, then each layoff (card > meld index); reading it back replays them."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=11)
    rng = random.Random(5)
    while r.layoffs == () or r.phase is not gr.Phase.LAYOFF:
        if r.to_act is None:
            r = gr.Round.deal(gr.PAGAT, dealer=0, seed=rng.randrange(10**6))
            continue
        r = r.apply(biased_action(r, rng, knock=0.9))
    text = r.notation()
    assert f"knock {r.knocker} {r.knock_card}: " in text
    assert "layoffs " + " ".join(f"{c}>{m}" for c, m in r.layoffs) in text
    assert r.position_key() == gr.Round.from_notation(text).position_key()


BAD = [
    ("nonsense", "rules", 0),
    ("pagat | dealer 2 | draw", "dealer", 8),
    ("pagat | dealer 0 | lunch | player 1", "phase", 19),
    ("pagat | dealer 0 | draw | player 1 | hands Zz / - | stock - | pile - | upcard As", "hands", 37),
    ("pagat | dealer 0 | draw | player 1 | hands - / - | stock -", "discard_pile", 58),
    ("pagat(knock_limt=3) | dealer 0", "rules", 0),
    ("pagat(knock_limit=300) | dealer 0", "rules", 0),
]


@pytest.mark.parametrize(("text", "field", "at"), BAD, ids=[case[1] for case in BAD])
def test_bad_text_is_refused_naming_the_field_and_where(text: str, field: str, at: int) -> None:
    """Bad text raises ``ParseError`` naming the field and the character where the segment
    that is wrong begins."""
    with pytest.raises(gr.ParseError) as info:
        gr.Round.from_notation(text)
    assert field == info.value.field
    assert f"at character {at} ({field})" in str(info.value)


def test_a_position_no_round_can_be_at_is_refused_naming_the_field() -> None:
    """Text that reads well but puts a card in two places (or breaks another rule of a
    position) is refused with ``ParseError`` naming the field the position check names."""
    text = gr.Round.deal(gr.PAGAT, seed=3).notation()
    parts = text.split(" | ")
    hands = parts[4].removeprefix("hands ").split(" / ")
    stolen = hands[1].split()[0]
    parts[4] = f"hands {hands[0]} {stolen} / {hands[1]}"
    with pytest.raises(gr.ParseError) as info:
        gr.Round.from_notation(" | ".join(parts))
    assert "hands" == info.value.field
    assert stolen in str(info.value)


def test_oversized_and_non_text_notations_are_refused() -> None:
    """Memory stays proportional: a notation over the limit is refused before it is read, and
    a value that is not text is refused with the library's error."""
    with pytest.raises(gr.ParseError, match="characters"):
        gr.Round.from_notation("pagat | " * 10_000)
    with pytest.raises(gr.ParseError, match="expected a string"):
        gr.Round.from_notation(42)  # type: ignore[arg-type]


def test_an_illegal_action_carries_its_position_for_bug_reports() -> None:
    """``IllegalActionError.notation`` is the notation of the round the action was refused in
    (a test can rebuild it), and the message does not contain it."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard())
    with pytest.raises(gr.IllegalActionError) as info:
        r.apply(gr.DrawStock())
    assert r.notation() == info.value.notation
    assert info.value.notation is not None
    assert info.value.notation not in str(info.value)
    assert r.position_key() == gr.Round.from_notation(info.value.notation).position_key()


@settings(max_examples=examples(40))
@given(st.sampled_from(PRESETS), st.integers(0, 10**6), st.integers(0, 40), st.integers(0, 200))
def test_a_refusal_shown_to_a_player_names_nothing_it_cannot_see(
    rules: gr.Ruleset, seed: int, steps: int, pick: int
) -> None:
    """The message of an action refused from a player is the same in two worlds that differ
    only in what that player cannot see (the refusal a server shows names nothing hidden)."""
    rng = random.Random(seed)
    r = gr.Round.deal(rules, seed % 2, seed=seed)
    for _ in range(steps):
        if r.to_act is None:
            break
        r = r.apply(biased_action(r, rng))
    player = pick % 2
    view = r.view(player)
    worlds = [view.sample(random.Random(i)) for i in (1, 2)]
    assert all(world.view(player) == view for world in worlds)
    action = gr.action_from_id(pick % gr.ACTION_SPACE_SIZE)
    messages = []
    for world in worlds:
        try:
            world.apply(action, player)
            messages.append("legal")
        except gr.IllegalActionError as exc:
            messages.append(str(exc))
    assert messages[0] == messages[1]


def test_set_up_helper_and_notation_agree_on_a_dealt_round() -> None:
    """A round rebuilt by ``from_position`` at the deal is dealt (``dealt`` True, like
    ``Round.deal``), and both write the same notation."""
    r = gr.Round.deal(gr.OKLAHOMA, dealer=1, seed=9)
    same = set_up(r)
    assert same.dealt and r.dealt
    assert r.notation() == same.notation()


def test_an_illegal_knock_in_the_text_is_refused_naming_the_knock() -> None:
    """A knock written in the text is replayed by the rules: one whose spread leaves more
    deadwood than the limit is refused as an invalid ``knock`` field, saying why."""
    text = (
        "pagat | dealer 0 | layoff | player 0"
        " | hands Tc Jc Qc 4d 3h 7h 8h 5s 6s Ks / 9c Ad 2d 3d 9d 4h 5h 6h 7s 9s"
        " | stock Ac 2c 3c 4c 5c 6c 7c 8c Kc 5d 6d 7d 8d Td Jd Qd Kd Ah 2h 9h Th Qh Kh As 2s 3s 4s 8s Ts Js"
        " | pile Jh | upcard Jh | turn 1 | knock 1 Qs: 9c 9d 9s, Ad 2d 3d, 4h 5h 6h"
    )
    assert gr.Phase.LAYOFF is gr.Round.from_notation(text).phase
    with pytest.raises(gr.ParseError) as info:
        gr.Round.from_notation(text.removesuffix(", 4h 5h 6h"))
    assert "knock" == info.value.field
    assert (
        "invalid notation (knock): illegal action Knock(card=Card('Qs'), melds=(Meld('9c 9d 9s'), "
        "Meld('Ad 2d 3d'))) for player 1 in phase DISCARD: deadwood 22 exceeds the knock limit 10"
    ) == str(info.value)


def test_a_position_whose_last_move_does_not_lead_to_its_phase_is_refused() -> None:
    """A round written as over after a plain discard must be a dead hand: under a ruleset whose
    dead-hand size is 1, the same discard leaves a stock of 2 and the round goes on, so the
    text is refused naming the phase it reaches."""
    text = (
        "{rules} | dealer 0 | over | hands 3c 5c 7c 9c Jc 2d 4d 6d 8d Kd / Ah 3h 5h 7h 9h Jh Kh 2s 4s 6s"
        " | stock Qs Ks | pile Ac 2c 4c 6c 8c Tc Qc Kc Ad 3d 5d 7d 9d Td Jd 2h 4h 6h 8h Th Qh As 3s 5s 7s"
        " 8s 9s Js Qd Ts | upcard Qd | turn 1 | last 1"
    )
    dead = gr.Round.from_notation(text.format(rules="pagat"))
    assert dead.result is not None and gr.Outcome.DEAD_HAND is dead.result.outcome
    with pytest.raises(gr.ParseError) as info:
        gr.Round.from_notation(text.format(rules="low(dead_hand_stock=1)"))
    assert (
        "invalid notation (phase): the position is in phase draw with player 0 to act, not over with player "
        "None",
        "phase",
    ) == (str(info.value), info.value.field)
