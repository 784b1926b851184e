"""Player views: what each player may know of a round, and nothing else (``ginrummy.play.seen``)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.play.seen import VIEW_FIELDS
from hypothesis_share import examples
from positions import card, choose_action, hand, layout, play, position, view_fields, view_refusal
from reachable import cards_in_graph, reachable_cards

ACTION_KINDS = (
    gr.PassUpcard, gr.TakeDiscard, gr.DrawStock, gr.Discard, gr.Knock, gr.BigGin, gr.LayOff, gr.EndLayoffs,
)  # fmt: skip
"""Every kind of action, in the order refusals list them."""

KNOCKER = "4h 5h 6h 9c 9d 9s Ad 2d 3d 7s"
"""Player 1's ten cards: drawing Qs and knocking with it leaves 7s (7)."""
DEFENDER = "3h 7h 8h 4d Tc Jc Qc 5s 6s Ks"
"""Player 0's ten cards: it can lay off 3h, 7h (then 8h) and 4d."""
KNOCK = "k Qs / 4h 5h 6h / 9c 9d 9s / Ad 2d 3d"


def start() -> gr.Round:
    """Player 1 to draw; the discard pile is Jh Kd, the stock's top Qs then 2c."""
    return position(hands=(DEFENDER, KNOCKER), discard="Jh Kd", stock_top="Qs 2c")


def test_view_shows_own_hand_the_opponents_count_the_pile_and_the_stock_size() -> None:
    """API: r.view(player): only what that player may know (no opponent cards except those it
    took from the pile or that were shown, no stock order)."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=11)
    for player in (0, 1):
        v = r.view(player)
        assert (player, r.hand(player), 10) == (v.player, v.hand, v.opponent_card_count)
        assert (None, gr.Hand()) == (v.opponent_hand, v.opponent_known)
        assert (r.discard_pile, 31, r.initial_upcard) == (v.discard_pile, v.stock_size, v.initial_upcard)
        assert (r.dealer, r.phase, r.to_act, r.knock_limit) == (v.dealer, v.phase, v.to_act, v.knock_limit)
        assert not hasattr(v, "stock")
        assert not set(r.stock) & set(v.known_cards)
        assert not set(r.hand(1 - player)) & set(v.known_cards)


def test_view_rejects_a_player_other_than_0_or_1() -> None:
    """API: a view belongs to player 0 or 1."""
    with pytest.raises(gr.InvalidPositionError, match="invalid player 2"):
        start().view(2)


def test_view_knows_the_cards_the_opponent_took_from_the_pile_while_it_holds_them() -> None:
    """API: the view shows no opponent cards except those it took from the pile; a card taken
    and later discarded is no longer known to be held."""
    r = play(start(), "t")
    assert hand("Kd") == r.view(0).opponent_known
    assert gr.Hand() == r.view(1).opponent_known
    r = play(r, "d 7s", "s")
    assert hand("Kd") == r.view(0).opponent_known
    assert gr.Hand() == r.view(1).opponent_known
    r = play(r, "d Qs", "s", "d Kd")
    assert gr.Hand() == r.view(0).opponent_known


def test_view_knows_the_upcard_the_opponent_took_on_the_first_turn() -> None:
    """docs/rules.rst §2 and API: the initial upcard is a card taken from the pile like any other."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=11)
    upcard = r.initial_upcard
    r = play(r, "p", "t")
    assert gr.Hand([upcard]) == r.view(1).opponent_known
    assert upcard == r.view(0).taken
    assert None is r.view(1).taken


def test_view_lists_legal_actions_only_on_the_players_turn() -> None:
    """``PlayerView.legal_actions`` (src/ginrummy/play/round.py): «The legal actions when it is
    this player's turn, else ()»."""
    r = start()
    for _ in range(4):
        player = r.to_act
        assert player is not None
        assert r.legal_actions() == r.view(player).legal_actions
        assert r.view(player).is_my_turn
        assert () == r.view(1 - player).legal_actions
        assert not r.view(1 - player).is_my_turn
        r = r.apply(r.legal_actions()[0])


def test_view_after_a_knock_shows_the_spread_layoffs_and_both_hands() -> None:
    """docs/rules.rst §4 and §5: the knocker «shows its 10 remaining cards arranged as a spread»; the
    defender «shows its cards» and lays off; the knock card stays face down for the defender."""
    r = play(start(), "s", KNOCK, "l 7h 0")
    spread = (gr.Meld.parse("4h 5h 6h 7h"), gr.Meld.parse("9c 9d 9s"), gr.Meld.parse("Ad 2d 3d"))
    for player in (0, 1):
        v = r.view(player)
        assert (gr.Phase.LAYOFF, 1, spread) == (v.phase, v.knocker, v.spread)
        assert ((card("7h"), 0),) == v.layoffs
        assert r.hand(1 - player) == v.opponent_hand
        assert r.hand(1 - player) == v.opponent_known
    assert None is r.view(0).knock_card
    assert card("Qs") == r.view(1).knock_card


def test_view_when_the_round_is_over_shows_everything() -> None:
    """API: views show both hands from the knock on, and the knock card, the knock and the
    result once it is over. Which cards the opponent drew from the stock stays unknown
    (src/ginrummy/play/events.py: the draws are censored, the knock only until the round is
    over)."""
    r = play(start(), "s", KNOCK, "l 7h 0", "e")
    for player in (0, 1):
        v = r.view(player)
        assert (gr.Phase.OVER, None, r.result) == (v.phase, v.to_act, v.result)
        assert (r.hand(1 - player), card("Qs")) == (v.opponent_hand, v.knock_card)
        assert () == v.legal_actions
        censored = [e for e in r.events if e.player != player and isinstance(e.action, gr.DrawStock)]
        assert [gr.Event(number=e.number, player=e.player, action=e.action, card=None) for e in censored] == [
            v.events[e.number] for e in censored
        ]
        assert [e for e in r.events if e not in censored] == [
            v.events[e.number] for e in r.events if e not in censored
        ]


def test_opponents_stock_draws_are_censored_in_the_events() -> None:
    """src/ginrummy/play/events.py: «In a player's view the events are censored: ``card`` (the
    card drawn from the stock) is None for the opponent's draws»; its own draws and every take
    from the pile show."""
    r = play(start(), "s", "d 7s", "t", "d Ks", "s")
    assert card("Qs") == r.events[0].card
    assert card("2c") == r.events[4].card
    mine = r.view(1).events
    theirs = r.view(0).events
    assert (card("Qs"), card("2c")) == (mine[0].card, mine[4].card)
    assert (None, None) == (theirs[0].card, theirs[4].card)
    assert (gr.DrawStock(), gr.DrawStock()) == (theirs[0].action, theirs[4].action)
    assert card("7s") == theirs[2].card == mine[2].card
    assert r.events[1:4] == theirs[1:4]


def test_opponents_knock_is_hidden_until_the_round_is_over() -> None:
    """src/ginrummy/play/events.py: «``action`` is None for the opponent's knock until the round
    is over, since the knock card lies face down (the spread is in the view)»."""
    r = play(start(), "s", KNOCK)
    knock = r.events[-1]
    assert gr.Knock(card("Qs"), r.spread) == knock.action
    assert None is r.view(0).events[-1].action
    assert knock == r.view(1).events[-1]
    r = play(r, "e")
    assert knock == r.view(0).events[1]


def test_a_dead_hand_shows_no_hand_and_hides_what_it_hid_before() -> None:
    """The view contract after a dead hand: nobody lays down, so the opponent's cards stay
    hidden. Two rounds that differ only in a card the viewer never saw (swapped between the
    opponent's hand and the bottom of the stock) give equal views of the dead hand."""
    hands = ("7c 8c 9c Kd Qd Jh 2s 4s 6h 8d", "Ac 3d 5h 7s 9h Jc Ks 2h 4d Tc")
    args = layout(hands=hands, stock_size=3, discard="5c", stock_top="Qs", to_act=1)
    swapped = dict(args)
    bottom = args["stock"][0]
    swapped["hands"] = (args["hands"][0], args["hands"][1] - hand("Tc") | gr.Hand([bottom]))
    swapped["stock"] = [card("Tc"), *args["stock"][1:]]
    views = []
    for position_args in (args, swapped):
        r = play(gr.Round.from_position(gr.PAGAT, **position_args), "s", "d Qs")
        assert gr.Outcome.DEAD_HAND == (r.result.outcome if r.result else None)
        views.append(r.view(0))
    assert views[0] == views[1]
    assert (None, gr.Hand()) == (views[0].opponent_hand, views[0].opponent_known)
    assert gr.loads(gr.dumps(views[0])) == views[0]


# ------------------------------------------------------------------ the checking constructor


def rebuilt(view: gr.PlayerView) -> gr.PlayerView:
    """``view`` built again from its fields through the public, checking constructor."""
    return gr.PlayerView(**view_fields(view))


def test_the_constructor_accepts_the_views_of_every_phase_for_both_players() -> None:
    """A view is possible when some round has it, so the constructor accepts every view play
    makes: at the upcard offer, the draw, the discard (for the player to act, holding the card it
    took from the pile, and for its opponent), the layoffs and the end (mutants refusing valid
    DISCARD views, or views of a player who took from the pile, survived)."""
    r = start()
    steps = ["t", "d 7s", "s", "d Qs", "t", "k Kd / 4h 5h 6h / 9c 9d 9s / Ad 2d 3d", "l 7h 0", "e"]
    phases = set()
    for step in ["", *steps]:
        r = play(r, step) if step else r
        phases.add(r.phase)
        for player in (0, 1):
            view = r.view(player)
            assert view == rebuilt(view)
    assert set(gr.Phase) - {gr.Phase.UPCARD_OFFER} == phases
    offer = gr.Round.deal(gr.PAGAT, dealer=1, seed=3)
    for r in (offer, play(offer, "p"), play(offer, "t"), play(offer, "p", "t")):
        for player in (0, 1):
            assert r.view(player) == rebuilt(r.view(player))


def test_the_constructor_accepts_a_view_of_the_dealer_taking_from_the_pile_in_discard() -> None:
    """The DISCARD view of the dealer who took the card its opponent discarded, for both
    players, in a dealt round and in the same round set up at that position."""
    r = play(gr.Round.deal(gr.PAGAT, dealer=0, seed=4), "p", "p", "s")
    assert r.to_act == 1
    discard = next(c for c in r.hand(1) if c != r.events[-1].card)
    r = play(r, gr.Discard(discard), "t")
    assert (gr.Phase.DISCARD, 0, discard) == (r.phase, r.to_act, r.taken)
    set_up = gr.Round.from_position(
        r.rules, dealer=0, hands=r.hands, stock=r.stock, discard_pile=r.discard_pile,
        initial_upcard=r.initial_upcard, phase=r.phase, to_act=0, taken=r.taken, turns=r.turns,
    )  # fmt: skip
    for round_ in (r, set_up):
        for player in (0, 1):
            view = round_.view(player)
            assert view == rebuilt(view)
    assert discard == r.view(0).taken and None is r.view(1).taken


@pytest.mark.parametrize("seed", range(3))
def test_the_constructor_accepts_every_view_of_random_rounds(seed: int) -> None:
    """Every view of every position of random rounds, dealt or set up after some turns, is
    accepted by the constructor as it is."""
    rng = random.Random(seed)
    r = gr.Round.deal(gr.PRESETS[sorted(gr.PRESETS)[seed]], dealer=seed % 2, seed=seed)
    for step in range(200):
        for player in (0, 1):
            view = r.view(player)
            assert view == rebuilt(view), (step, player)
        if r.is_over:
            break
        if step == 9 and r.knocker is None:
            r = gr.Round.from_position(
                r.rules, dealer=r.dealer, hands=r.hands, stock=r.stock, discard_pile=r.discard_pile,
                initial_upcard=r.initial_upcard, phase=r.phase, to_act=r.to_act, taken=r.taken,
                stock_only=r.stock_only, turns=r.turns, known=r.known,
            )  # fmt: skip
            continue
        r = r.apply(choose_action(r, rng))
    assert r.is_over


@pytest.mark.parametrize(
    ("name", "value", "needs"),
    [
        ("player", 2, "0 or 1"),
        ("rules", "pagat", "a Ruleset"),
        ("dealer", -1, "0 or 1"),
        ("phase", "draw", "a Phase"),
        ("to_act", 3, "0, 1 or None"),
        ("hand", "Ac", "a Hand"),
        ("opponent_card_count", 12, "an integer from 0 to 11"),
        ("opponent_known", None, "a Hand"),
        ("opponent_hand", "Ac", "a Hand or None"),
        ("discard_pile", ["9d"], "a tuple of Card"),
        ("stock_size", 32, "an integer from 0 to 31"),
        ("initial_upcard", "9d", "a Card"),
        ("knock_limit", 100, "an integer from 0 to 99"),
        ("taken", "9d", "a Card or None"),
        ("knocker", 2, "0, 1 or None"),
        ("spread", [], "a tuple of Meld"),
        ("layoffs", (1,), "a tuple of tuple"),
        ("knock_card", "9d", "a Card or None"),
        ("result", "knock", "a RoundResult or None"),
        ("events", [], "a tuple of Event"),
        ("turns", -1, f"an integer from 0 to {1 << 62}"),
        ("dealt", 1, "True or False"),
        ("legal_actions", ("p",), f"a tuple of {' or '.join(kind.__name__ for kind in ACTION_KINDS)}"),
    ],
)
def test_a_view_field_of_the_wrong_kind_is_refused_naming_it(name: str, value: object, needs: str) -> None:
    """Each field of a view is checked for its kind before the view is: the error names the
    field, what it must be and the value it got."""
    view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(0)
    assert (f"invalid view: {name!r} must be {needs} (got {value!r})", name) == view_refusal(
        view, **{name: value}
    )


def test_a_view_built_without_turns_or_dealt_is_at_turn_0_of_a_dealt_round() -> None:
    """``turns`` and ``dealt`` may be left out: a view made that way is one at turn 0 of a
    round that began at the deal, equal to the round's own view; a view later in the round
    is refused without its turns."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    view = r.view(1)
    fields = view_fields(view)
    del fields["turns"], fields["dealt"]
    assert view == gr.PlayerView(**fields)
    assert (0, True) == (gr.PlayerView(**fields).turns, gr.PlayerView(**fields).dealt)
    later = r.apply(gr.PassUpcard()).apply(gr.PassUpcard()).apply(gr.DrawStock())
    later = later.apply(gr.Discard(later.view(1).hand.cards[0]))
    fields = view_fields(later.view(0))
    assert 1 == fields.pop("turns")
    with pytest.raises(gr.InvalidPositionError, match=r"^invalid view: no round has it: "):
        gr.PlayerView(**fields)  # its log holds a discard, which turn 0 cannot


def test_a_field_that_does_not_follow_from_the_rest_is_named() -> None:
    """A view whose fields are each of the right kind but one of which no round with the same
    history has is refused naming that field, its value and the value that would follow."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard()).apply(gr.PassUpcard())
    view = r.apply(gr.DrawStock()).view(1)
    for name, value, follows in [("knock_limit", 9, 10), ("to_act", 0, 1)]:
        assert (
            f"invalid view: no round has it: {name} {value!r} does not follow from the rest (a round "
            f"with the same history has {follows!r})",
            name,
        ) == view_refusal(view, **{name: value})


def test_a_view_has_no_attribute_it_does_not_define() -> None:
    """Reading a name a view does not have raises ``AttributeError`` naming it, also on a view
    made by a round whose log is read on first use (and the log is still there after)."""
    view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard()).view(0)
    name = "nonexistent"
    with pytest.raises(AttributeError) as info:
        getattr(view, name)
    assert "'PlayerView' object has no attribute 'nonexistent'" == str(info.value)
    assert ("#0 player 1: p",) == tuple(map(str, view.events))


def test_the_upcard_of_an_empty_pile_is_none() -> None:
    """Once the first upcard is taken and before the taker discards, the pile is empty and the
    view's ``upcard`` is None; otherwise it is the top of the pile."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    assert r.view(1).discard_pile[-1] == r.view(1).upcard
    taken = r.apply(gr.TakeDiscard())
    assert ((), None) == (taken.view(0).discard_pile, taken.view(0).upcard)


def test_known_cards_after_a_knock_hold_the_spread() -> None:
    """After a knock, each player's known cards are its hand, the pile, the cards it knows the
    other holds, every meld of the spread (not only the last) and the knock card it may see."""
    r = play(start(), "s", KNOCK, "l 7h 0")
    for player in (0, 1):
        view = r.view(player)
        assert 3 == len(view.spread)
        expected = view.hand | view.opponent_known | gr.Hand(view.discard_pile)
        for meld in view.spread:
            expected |= gr.Hand(meld.cards)
        if view.knock_card is not None:
            expected |= gr.Hand([view.knock_card])
        assert expected == view.known_cards
        assert all(gr.Hand(meld.cards) <= view.known_cards for meld in view.spread)


def test_a_view_reads_in_one_line_and_as_a_picture() -> None:
    """``repr`` names the player, ruleset, phase, player to act and hand; ``str`` is the
    table as that player sees it, the opponent's cards counted, not shown."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    view = r.view(1)
    assert f"<PlayerView player=1 pagat phase=UPCARD_OFFER to_act=1 hand='{view.hand}'>" == repr(view)
    picture = str(view)
    assert picture.startswith("player 1 · pagat · upcard offer · your turn · turn 0\n")
    assert f"you        {view.hand}   deadwood {gr.deadwood(view.hand)}" in picture.splitlines()
    assert "opponent   10 cards" in picture.splitlines()
    assert str(r.hand(0)) not in picture


PRIVACY_STRIDE = 5
"""The privacy test checks every fifth position of a round, and its last."""


@settings(max_examples=examples(40))
@given(preset=st.sampled_from(sorted(gr.PRESETS)), seed=st.integers(0, 10**9), offset=st.integers(0, 4))
def test_a_view_holds_no_card_a_sampled_world_would_not(preset: str, seed: int, offset: int) -> None:
    """A view holds only what its player may see, in every form it can take: at positions of a
    random round (every fifth, from ``offset``, and the last), the cards reachable from each
    player's view (its object graph, ``vars()``, a pickle unpickled and read as text, a deep
    copy) are those reachable from the view of a world sampled from it, which draws every
    hidden card anew (a view that kept the round's log, or any hidden card, holds one the
    sampled world need not)."""
    rng = random.Random(seed)
    r = gr.Round.deal(gr.PRESETS[preset], dealer=seed % 2, seed=seed)
    step = 0
    while True:
        if step % PRIVACY_STRIDE == offset or r.is_over:
            for player in (0, 1):
                view = r.view(player)
                world = view.sample(random.Random(seed + player))
                assert view == world.view(player)
                assert reachable_cards(world.view(player)) == reachable_cards(view), (step, player)
        if r.is_over:
            break
        r = r.apply(choose_action(r, rng))
        step += 1


def test_the_privacy_test_finds_a_hidden_card_kept_anywhere() -> None:
    """The comparison above can fail: the opponent's stock draw kept in a private slot (as a
    card, or in a hand's mask), in a closure, or pickled as text, is found in every form it
    can take there."""
    r = play(start(), "s")  # player 1 draws Qs from the stock: player 0 may not see it
    view, drawn = r.view(0), card("Qs")
    assert drawn not in set().union(*reachable_cards(view).values())
    for kept in (drawn, r.hand(1), [None, {"x": (drawn,)}]):
        assert {"graph", "vars", "pickle", "deep copy"} == _forms_holding(drawn, _Holder((view, kept)))
    assert drawn in cards_in_graph(_Holder(lambda: r.hand(1)))
    assert {"pickle text"} == _forms_holding(drawn, _ByText("Qs"))


def _forms_holding(wanted: gr.Card, value: object) -> set[str]:
    """The forms of ``value`` from which ``wanted`` is reachable."""
    return {form for form, cards in reachable_cards(value).items() if wanted in cards}


class _Holder:
    """A value keeping a card in a slot, as a cache would."""

    __slots__ = ("_kept",)

    def __init__(self, kept: object) -> None:
        self._kept = kept


class _ByText:
    """A value that pickles as a card's text."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __reduce__(self) -> tuple[object, ...]:
        return (_ByText, (self.text,))


def test_a_view_made_in_play_stores_every_field_of_the_class_in_its_order() -> None:
    """The private factory of views made in play takes the view's fields in the class's
    order, every one of them: a field added to the class and not to ``VIEW_FIELDS`` (or in
    another place) fails here, and a view made in play equals the one the public constructor
    makes of the same fields."""
    assert tuple(field.name for field in attrs.fields(gr.PlayerView)) == VIEW_FIELDS
    view = play(start(), "s").view(1)
    assert view == gr.PlayerView(**{name: getattr(view, name) for name in VIEW_FIELDS})
