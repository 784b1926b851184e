"""Impossible player views are refused: a view is possible only when a world of
``ginrummy.beliefs.worlds`` replays to it.

A :class:`gr.PlayerView` is possible when some round has it. Each case below starts from the
JSON document of a real view, spoils it the way a hand-made document might, and checks that
``gr.loads`` refuses it with the library's own error, and that the public constructor
refuses the same fields. The unspoiled documents load and compare equal, so a check that
refused everything would fail here too.

The last tests say how a view's round began (``dealt``), and give a real view random field
values: whatever the constructor accepts is the view of its own sample.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from hypothesis_share import examples
from positions import biased_action, cards, layout, play, position, view_fields, view_refusal

Data = dict[str, Any]


def _played(seed: int, turns: int | None) -> gr.Round:
    """A pagat round dealt from ``seed`` and played by the greedy bot for ``turns`` turns
    (to its end when None)."""
    r = gr.Round.deal(gr.PAGAT, 0, seed=seed)
    bot = gr.GreedyBot()
    while r.to_act is not None and (turns is None or r.turns < turns):
        r = r.apply(bot.act(r.view(r.to_act)))
    return r


def _knocked() -> gr.Round:
    """Player 0 knocks with a spread of three melds; the defender (1) holds a lay-off, As."""
    r = position(
        hands=("Ah Ac Ad 5s 6s 7s 9h Th Jh 2c", "2h 3h 4h Qs Qd Qc 8c 9c As 5d"),
        discard="3s",
        stock_top="Kd",
        dealer=1,
        to_act=0,
    )
    r = play(r, "s")
    knock = next(a for a in r.legal_actions() if isinstance(a, gr.Knock) and a.card == gr.Card.parse("Kd"))
    return r.apply(knock)


def _views() -> dict[str, gr.PlayerView]:
    offer = gr.Round.deal(gr.PAGAT, 0, seed=1)
    mid = _played(5, 6)
    over = _played(5, None)
    knocked = _knocked()
    oklahoma = gr.Round.deal(gr.OKLAHOMA, 0, seed=2)
    while oklahoma.to_act is not None:
        oklahoma = oklahoma.apply(gr.GreedyBot().act(oklahoma.view(oklahoma.to_act)))
    assert over.result is not None and over.result.outcome is gr.Outcome.KNOCK
    assert knocked.phase is gr.Phase.LAYOFF and knocked.to_act == 1
    assert oklahoma.result is not None
    return {
        "offer": offer.view(1),
        "passed": offer.apply(gr.PassUpcard()).view(0),
        "mid": mid.view(mid.to_act or 0),
        "waiting": mid.view(1 - (mid.to_act or 0)),
        "over": over.view(0),
        "defender": knocked.view(1),
        "knocker": knocked.view(0),
        "oklahoma": oklahoma.view(0),
    }


VIEWS = _views()


def _data(name: str) -> Data:
    data: Data = json.loads(gr.dumps(VIEWS[name]))["data"]
    return data


def _document(data: Data) -> str:
    return json.dumps({"format": "ginrummy", "version": 1, "type": "PlayerView", "data": data})


def _mine(data: Data) -> list[str]:
    cards: list[str] = data["hand"]
    return cards


def _not_seen(data: Data) -> str:
    """A card the viewer has not seen anywhere."""
    seen = set(_mine(data)) | set(data["discard_pile"]) | set(data["opponent_known"])
    seen |= {e["card"] for e in data["events"] if e["card"]}
    seen |= {a.split()[1] for a in (e["action"] for e in data["events"]) if a and a[0] in "dl"}
    return next(str(c) for c in gr.DECK if str(c) not in seen)


def _swap_events(data: Data) -> None:
    events = data["events"]
    events[2], events[3] = events[3], events[2]
    events[2]["number"], events[3]["number"] = 2, 3


def _opponent_draws_my_card(data: Data) -> None:
    other = 1 - data["player"]
    draw = next(e for e in data["events"] if e["player"] == other and e["action"] == "s")
    draw["card"] = _mine(data)[0]


def _opponent_takes_my_card(data: Data) -> None:
    other = 1 - data["player"]
    take = next(e for e in data["events"] if e["player"] == other and e["action"] == "t")
    take["card"] = _mine(data)[0]


def _dead_hand_for_knock(data: Data) -> None:
    data["result"].update(outcome="dead-hand", winner=None, points=0, knocker=None, deadwood=None)
    data["result"].update(spread=[], layoffs=[])


def _set(**fields: Any) -> Callable[[Data], None]:
    def spoil(data: Data) -> None:
        data.update(fields)

    return spoil


# (name, the view it starts from, how it is spoiled)
CASES: list[tuple[str, str, Callable[[Data], None]]] = [
    ("a defender in the layoff phase with 3 cards", "defender", lambda d: d.update(hand=d["hand"][:3])),
    (
        "a knocker with 9 cards against the opponent's 11",
        "knocker",
        lambda d: d.update(hand=d["hand"][:9], opponent_card_count=11),
    ),
    ("a spread made of the viewer's own cards", "defender", lambda d: d.update(spread=[["2h", "3h", "4h"]])),
    ("the same meld twice in the spread", "defender", lambda d: d.update(spread=[d["spread"][0]] * 2)),
    ("an empty spread with a knocker", "defender", _set(spread=[])),
    ("a draw offered in the layoff phase", "defender", _set(legal_actions=["s", "e"])),
    ("a knock offered in the draw phase", "mid", lambda d: d.update(legal_actions=["s", "t", "k 2c"])),
    ("legal actions when it is not the viewer's turn", "waiting", _set(legal_actions=["s"])),
    ("events out of order", "mid", _swap_events),
    (
        "a finished view with result points +7",
        "over",
        lambda d: d["result"].update(points=d["result"]["points"] + 7),
    ),
    ("a knock replaced by a dead hand", "over", _dead_hand_for_knock),
    ("the initial upcard in the viewer's hand", "offer", lambda d: d.update(initial_upcard=d["hand"][0])),
    ("an event of the opponent drawing the viewer's own card", "mid", _opponent_draws_my_card),
    ("an event of the opponent taking the viewer's own card", "waiting", _opponent_takes_my_card),
    ("a flipped player", "mid", lambda d: d.update(player=1 - d["player"])),
    ("opponent_known during the upcard offer", "offer", lambda d: d.update(opponent_known=[_not_seen(d)])),
    ("a multiplier the ruleset does not give", "over", lambda d: d["result"].update(multiplier=2)),
    ("an Oklahoma multiplier without a spade upcard", "oklahoma", lambda d: d["result"].update(multiplier=3)),
    ("a stock one card too large", "mid", lambda d: d.update(stock_size=d["stock_size"] + 1)),
    (
        "a discard pile whose top is not the last discard",
        "mid",
        lambda d: d.update(discard_pile=d["discard_pile"][::-1]),
    ),
    ("the wrong player to act", "mid", lambda d: d.update(to_act=1 - d["to_act"])),
    ("a discard phase after a discard", "mid", _set(phase="discard")),
    ("fewer turns than the discards in the log", "mid", lambda d: d.update(turns=d["turns"] - 1)),
    ("a knock limit pagat does not set", "mid", _set(knock_limit=7)),
    ("a taken card in the draw phase", "mid", lambda d: d.update(taken=d["hand"][0])),
    (
        "the knock card shown to the defender before the round is over",
        "defender",
        lambda d: d.update(knock_card="Kd"),
    ),
    ("the opponent's hand shown in the draw phase", "mid", lambda d: d.update(opponent_hand=[])),
    ("the dealer swapped after the first pass", "passed", lambda d: d.update(dealer=1 - d["dealer"])),
    ("a layoff of a card that does not fit its meld", "defender", lambda d: d.update(layoffs=[["5d", 0]])),
    ("a result before the round is over", "defender", lambda d: d.update(result=_data("over")["result"])),
    ("an opponent with 9 cards in the draw phase", "mid", _set(opponent_card_count=9)),
    (
        "an unseen card claimed as known to the opponent",
        "mid",
        lambda d: d.update(opponent_known=[_not_seen(d)]),
    ),
]


def test_there_are_more_impossible_cases_than_the_issue_listed() -> None:
    """The issue counted 21 hand-made impossible documents; every one of its kinds is here."""
    assert len(CASES) >= 21
    assert len({name for name, _, _ in CASES}) == len(CASES)


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_the_unspoiled_documents_load(name: str) -> None:
    """The starting points are possible: they load, equal to the views they came from, and
    the public constructor accepts their fields."""
    loaded = gr.loads(_document(_data(name)))
    assert loaded == VIEWS[name]
    assert isinstance(loaded, gr.PlayerView)
    fields = {field: getattr(loaded, field) for field in gr.PlayerView.__annotations__}
    assert gr.PlayerView(**fields) == loaded


@pytest.mark.parametrize(("name", "start", "spoil"), CASES, ids=[name for name, _, _ in CASES])
def test_an_impossible_view_is_refused(name: str, start: str, spoil: Callable[[Data], None]) -> None:
    """Each spoiled document is refused by ``loads`` with the library's own error, naming
    why; the spoiling changed the document, so the refusal is not of the original."""
    original = _data(start)
    data = copy.deepcopy(original)
    spoil(data)
    assert data != original, name
    with pytest.raises(gr.SerializationError) as info:
        gr.loads(_document(data))
    message = str(info.value)
    assert message.startswith("playerView"), message
    assert "invalid" in message or "not" in message or "must" in message, message


def test_the_constructor_refuses_an_impossible_view() -> None:
    """The public constructor runs the same check: a view whose discard pile is out of order
    is refused with InvalidPositionError that names the field."""
    fields = view_fields(VIEWS["mid"])
    fields["discard_pile"] = fields["discard_pile"][::-1]
    with pytest.raises(gr.InvalidPositionError) as info:
        gr.PlayerView(**fields)
    assert info.value.field == "discard_pile"
    top = str(VIEWS["mid"].discard_pile[-1])  # the last discard, now at the bottom
    assert top in str(info.value) and "pile" in str(info.value)


def test_the_refusal_does_not_depend_on_hidden_cards() -> None:
    """The check reads only the view: the same impossible view made from two rounds that
    differ only in the opponent's hidden cards gets the same message."""
    r = VIEWS["mid"]
    world_a, world_b = r.sample(random.Random(1)), r.sample(random.Random(2))
    player = r.player
    assert world_a.view(player) == world_b.view(player) == r
    assert world_a.hand(1 - player) != world_b.hand(1 - player)
    messages = []
    for world in (world_a, world_b):
        fields = view_fields(world.view(player))
        fields["stock_size"] += 1
        with pytest.raises(gr.InvalidPositionError) as info:
            gr.PlayerView(**fields)
        messages.append(str(info.value))
    assert messages[0] == messages[1]


# ------------------------------------------------------------------ why, in words (issue 23)

HANDS = ("Kd 3c 5c 7c 9c Jc 2d 4d 6d 8d", "Ah 3h 5h 7h 9h Jh Kh 2s 4s 6s")


def _unseen(view: gr.PlayerView) -> gr.Card:
    """A card ``view`` has no place for."""
    return next(c for c in gr.DECK if c not in view.known_cards and c != view.initial_upcard)


def _set_up_knock() -> gr.Round:
    """A round set up with player 1 to discard, who knocks (deadwood 7s); player 0 lays off."""
    r = position(
        hands=("3h 7h 8h 4d Tc Jc Qc 5s 6s Ks", "4h 5h 6h 9c 9d 9s Ad 2d 3d 7s Qs"),
        discard="Jh",
        phase=gr.Phase.DISCARD,
        to_act=1,
    )
    return play(r, "k Qs")


def test_the_reasons_a_view_is_impossible_are_said_in_words() -> None:
    """A view no round has is refused by the constructor with ``invalid view: no round has it:``
    and the reason the sampler found, naming the field where it shows: the log does not add up,
    a dealt round's hands are not of ten cards, the opponent holds cards it never took, shows
    more cards than it holds, or hides a knock card that cannot be told, a log that begins after a
    knock, a finished round with no log, the viewer's own cards out of place."""
    prefix = "invalid view: no round has it: "
    drawn = play(gr.Round.deal(gr.PAGAT, dealer=0, seed=3), "p", "p", "s").view(0)
    assert 30 == drawn.stock_size
    assert (prefix + "its events do not add up", "events") == view_refusal(drawn, stock_size=31)
    assert (prefix + "the opponent is known to hold cards it never took", "opponent_known") == view_refusal(
        drawn, opponent_known=gr.Hand([_unseen(drawn)])
    )
    dealt = gr.Round.deal(gr.PAGAT, dealer=0, seed=3).view(0)
    nine = gr.Hand(list(dealt.hand)[1:])
    assert (prefix + "its hands at the deal are not of 10 cards", "hand") == view_refusal(
        dealt, hand=nine, opponent_card_count=11
    )
    knocked = _set_up_knock()
    knocker = knocked.view(1)
    assert (prefix + "the opponent showed more cards than it could hold", "events") == view_refusal(
        knocker, opponent_card_count=5
    )
    defender = knocked.view(0)
    assert (prefix + "the face-down knock card cannot be told", "events") == view_refusal(
        defender, opponent_card_count=11, stock_size=defender.stock_size - 1
    )
    run = next(i for i, meld in enumerate(knocked.spread) if gr.Card.parse("4h") in meld)
    laid = knocked.apply(gr.LayOff(gr.Card.parse("7h"), run)).view(1)
    layoff = laid.events[-1]
    assert (prefix + "its events begin after a knock", "events") == view_refusal(
        laid, events=(gr.Event(number=0, player=layoff.player, action=layoff.action, card=layoff.card),)
    )
    dead = play(
        position(hands=HANDS, discard="Qd", stock_size=3, stock_top="Ts", to_act=1), "s", "d Ts"
    ).view(0)
    assert dead.result is not None and gr.Outcome.DEAD_HAND is dead.result.outcome
    assert (prefix + "a finished round with no events", "phase") == view_refusal(dead, events=())


def test_the_viewers_own_cards_out_of_place_are_refused_naming_its_hand() -> None:
    """The viewer's log must agree with its hand: a card it drew is in its hand (or was played
    since), a card it discarded is not."""
    r = play(gr.Round.deal(gr.PAGAT, dealer=0, seed=3), "p", "p", "s")
    drawn = r.events[-1].card
    assert drawn is not None
    discard = next(c for c in r.hand(1) if c != drawn)
    r = play(r, gr.Discard(discard))
    view = r.view(1)
    other = _unseen(view)
    message, field = view_refusal(view, hand=view.hand - gr.Hand([drawn]) | gr.Hand([other]))
    assert (f"invalid view: no round has it: the viewer's card {drawn} is not in its hand", "hand") == (
        message,
        field,
    )
    kept = next(c for c in view.hand if c != drawn)
    message, field = view_refusal(view, hand=view.hand - gr.Hand([kept]) | gr.Hand([discard]))
    assert (
        f"invalid view: no round has it: event 3 plays {discard}, still in the viewer's hand",
        "hand",
    ) == (
        message,
        field,
    )


def test_a_view_whose_log_holds_an_illegal_action_is_refused() -> None:
    """The constructor replays the log by the rules: a view in which the dealer took the upcard
    and discarded that same card at once (illegal: a card taken from the pile stays a turn) is
    refused, naming the action, though its cards and piles add up."""
    r = play(gr.Round.deal(gr.PAGAT, dealer=0, seed=3), "p", "t")
    upcard = r.initial_upcard
    kept = next(c for c in r.hand(0) if c != upcard)
    view = play(r, gr.Discard(kept)).view(0)
    spoiled = {
        "hand": view.hand - gr.Hand([upcard]) | gr.Hand([kept]),
        "discard_pile": (*view.discard_pile[:-1], upcard),
        "events": (*view.events[:2], gr.Event(number=2, player=0, action=gr.Discard(upcard))),
    }
    assert (
        "invalid view: no round has it: action 2: illegal action "
        f"Discard(card=Card('{upcard}')) for player 0 in phase DISCARD: card '{upcard}' was taken from the "
        "discard pile this turn",
        None,
    ) == view_refusal(view, **spoiled)


def test_a_dealt_view_must_begin_as_a_deal_does() -> None:
    """A view of a dealt round must lead back to the deal: the initial upcard alone on the pile,
    31 cards in the stock and no turn played, then player ``1 - dealer`` answering the upcard
    offer. Each of these broken alone is refused in words, naming what the log leaves."""
    prefix = "invalid view: no round has it: a dealt round begins with "
    dealt = gr.Round.deal(gr.PAGAT, dealer=0, seed=3)
    view = dealt.view(0)
    upcard = view.initial_upcard
    leaves = f"the initial upcard {upcard} alone on the pile, 31 cards in the stock and no turn played"
    other = _unseen(view)
    assert (f"{prefix}{leaves} (its events leave pile 1, stock 31, turns 1)", "events") == view_refusal(
        view, turns=1
    )
    assert (f"{prefix}{leaves} (its events leave pile 1, stock 31, turns 0)", "events") == view_refusal(
        view, discard_pile=(other,)
    )
    passed = dealt.apply(gr.PassUpcard()).view(0)
    answer = passed.events[0]
    wrong = [
        gr.Event(number=0, player=0, action=answer.action, card=answer.card),  # the dealer answers
        gr.Event(number=0, player=1, action=gr.DrawStock(), card=None),  # no answer
    ]
    for event, changes in zip(wrong, [{}, {"stock_size": 30, "opponent_card_count": 11}], strict=True):
        assert (f"{prefix}player 1 answering the upcard offer", "events") == view_refusal(
            passed, events=(event,), **changes
        )


def test_a_log_that_does_not_match_the_pile_or_the_counts_is_refused_in_words() -> None:
    """A discard in the log that is not on the pile (another card on top, or no pile at all)
    names the event and the pile; an opponent with no cards leaves hidden cards with no place,
    and the refusal counts both."""
    prefix = "invalid view: no round has it: "
    r = play(gr.Round.deal(gr.PAGAT, dealer=0, seed=3), "p", "p", "s")
    r = r.apply(gr.Discard(r.hand(1).cards[0]))
    view = r.view(0)
    discarded = view.discard_pile[-1]
    number = view.events[-1].number
    expected = (f"{prefix}event {number} discards {discarded}, not on the pile", "discard_pile")
    assert expected == view_refusal(view, discard_pile=(*view.discard_pile[:-1], _unseen(view)))
    assert expected == view_refusal(view, discard_pile=())
    dealt = gr.Round.deal(gr.PAGAT, dealer=0, seed=3).view(0)
    no_cards = view_refusal(dealt, opponent_card_count=0)
    assert (f"{prefix}41 hidden cards for 31 hidden places", "events") == no_cards


def test_a_card_in_two_places_or_a_take_of_no_card_is_refused_naming_it() -> None:
    """A set-up view whose pile holds a card of the viewer's hand (or the card the viewer just
    drew) names that card; a take from the pile with no card names the event."""
    prefix = "invalid view: no round has it: "
    hands = ("Kd 3c 5c 7c 9c Jc 2d 4d 6d 8d", "Ah 3h 5h 7h 9h Jh Kh 2s 4s 6s")
    r = gr.Round.from_position(gr.PAGAT, **layout(hands=hands, discard="Qd Ts", dealer=0, to_act=1), turns=2)
    view = r.view(0)
    for pile, card in [("Kd Ts", "Kd"), ("Qd 2d", "2d")]:
        assert (f"{prefix}card {card} has two places", "events") == view_refusal(
            view, discard_pile=cards(pile)
        )
    drawn = play(r, "s").view(1)
    seen = drawn.events[-1].card
    assert seen is not None
    assert (f"{prefix}card {seen} has two places", "events") == view_refusal(
        drawn, discard_pile=(gr.Card.parse("Qd"), seen)
    )
    taken = play(gr.Round.deal(gr.PAGAT, dealer=0, seed=3), "t").view(0)
    take = taken.events[0]
    no_card = gr.Event(number=0, player=take.player, action=take.action, card=None)
    assert (f"{prefix}event 0 takes no card", "events") == view_refusal(taken, events=(no_card,))


def test_a_view_that_hides_its_own_knock_is_refused() -> None:
    """The knocker sees its own knock card: a knocker's view whose log hides it is refused,
    naming the event."""
    knocker = _set_up_knock().view(1)
    knock = knocker.events[-1]
    hidden = gr.Event(number=knock.number, player=knock.player, action=None, card=None)
    reason = f"event {knock.number} hides the viewer's own knock"
    assert (f"invalid view: no round has it: {reason}", "events") == view_refusal(
        knocker, events=(*knocker.events[:-1], hidden)
    )


any_card = st.sampled_from(gr.DECK)
"""Any card."""


def test_a_dealt_view_whose_first_event_contradicts_its_upcard_is_refused() -> None:
    """Issue 19, item 5: a view of a dealt round begins with the upcard offer of its initial
    upcard. The same fields are possible for a round set up later (the upcard taken earlier),
    so the view's ``dealt`` decides, and the refusal names the field."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())  # player 1 takes the upcard
    view = r.view(0)
    fields = view_fields(view)
    unseen = next(c for c in gr.DECK if c not in view.known_cards and c != view.initial_upcard)
    fields["initial_upcard"] = unseen
    with pytest.raises(gr.InvalidPositionError, match="no round has it") as info:
        gr.PlayerView(**fields)
    assert info.value.field in ("events", "initial_upcard")
    fields["dealt"] = False
    set_up = gr.PlayerView(**fields)
    assert not set_up.dealt and set_up.sample(random.Random(1)).view(0) == set_up


def test_a_view_says_whether_its_round_was_dealt() -> None:
    """A dealt round's views say so; a round set up past the deal says it was not; a round set
    up at the deal itself is the deal."""
    dealt = gr.Round.deal(gr.PAGAT, dealer=0, seed=2)
    later = dealt.apply(gr.PassUpcard()).apply(gr.PassUpcard())
    set_up = gr.Round.from_position(
        gr.PAGAT, dealer=0, hands=(later.hand(0), later.hand(1)), stock=later.stock,
        discard_pile=later.discard_pile, to_act=1, stock_only=True,
    )  # fmt: skip
    assert (True, True, False) == (dealt.view(0).dealt, later.view(1).dealt, set_up.view(1).dealt)
    again = gr.Round.from_position(
        gr.PAGAT, dealer=0, hands=(dealt.hand(0), dealt.hand(1)), stock=dealt.stock,
        discard_pile=dealt.discard_pile, phase=gr.Phase.UPCARD_OFFER,
    )  # fmt: skip
    assert again.dealt and again.view(0) == dealt.view(0)


VIEW_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "player": st.sampled_from([0, 1]),
    "dealer": st.sampled_from([0, 1]),
    "phase": st.sampled_from(gr.Phase),
    "to_act": st.sampled_from([None, 0, 1]),
    "opponent_card_count": st.integers(0, 11),
    "stock_size": st.integers(0, 31),
    "initial_upcard": any_card,
    "knock_limit": st.integers(0, 12),
    "taken": st.none() | any_card,
    "knocker": st.sampled_from([None, 0, 1]),
    "knock_card": st.none() | any_card,
    "turns": st.integers(0, 30),
    "dealt": st.booleans(),
    "opponent_known": st.builds(lambda cs: gr.Hand(cs), st.sets(any_card, max_size=2)),
}


def _played_on(r: gr.Round, rng: random.Random, steps: int) -> gr.Round:
    for _ in range(steps):
        if r.to_act is None:
            break
        r = r.apply(biased_action(r, rng))
    return r


@settings(max_examples=examples(300))
@given(
    st.integers(0, 10**6),
    st.integers(0, 30),
    st.integers(0, 10),
    st.sampled_from(sorted(VIEW_VALUES)),
    st.data(),
)
def test_an_accepted_view_is_the_view_of_its_own_sample(
    seed: int, steps: int, more: int, field: str, data: st.DataObject
) -> None:
    """A real view (of a dealt round, or of one set up after some turns and played on) with one
    field given a random value: if the constructor accepts it, a world sampled from it has
    exactly that view (whatever is accepted is possible)."""
    rng = random.Random(seed)
    r = _played_on(gr.Round.deal(gr.PAGAT, seed % 2, seed=seed), rng, steps)
    if seed % 3 and r.knocker is None and r.to_act is not None:
        r = gr.Round.from_position(
            r.rules, dealer=r.dealer, hands=(r.hand(0), r.hand(1)), stock=r.stock,
            discard_pile=r.discard_pile, initial_upcard=r.initial_upcard, phase=r.phase, to_act=r.to_act,
            taken=r.taken, stock_only=r.stock_only, turns=r.turns, known=r.known,
        )  # fmt: skip
        r = _played_on(r, rng, more)
    view = r.view(seed % 2)
    fields = view_fields(view)
    fields[field] = data.draw(VIEW_VALUES[field])
    try:
        changed = gr.PlayerView(**fields)
    except gr.InvalidPositionError:
        return
    assert changed == changed.sample(random.Random(seed)).view(changed.player)
