"""The front-end kit's session (``ginrummy.frontend.Session``): a person against a bot, with
the pause at each round's end, undo to the person's last decision, and sealed saves.

The main test plays a whole game of every preset through the session as a table would (the
person's moves chosen from what the table shows), taking moves back and saving and resuming
along the way, and checks the game against the same game played without the kit.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import ginrummy as gr
from ginrummy.frontend import Session, actors, game_events, round_starts
from ginrummy.frontend.sealing import PAD, seal, unseal
from sealed_saves import KEY


def direct_game(rules: gr.Ruleset, seed: int, dealer: int) -> gr.Game:
    """The game the greedy strategy plays on both seats, without the kit."""
    game = gr.Game.new(rules, seed=seed, dealer=dealer)
    bot = gr.GreedyBot()
    while not game.is_over:
        player = game.to_act
        assert player is not None
        game = game.apply(bot.act(game.round.view(player)), player)
    return game


@pytest.mark.parametrize("preset", list(gr.PRESETS))
def test_whole_games_of_every_preset_through_the_kit_with_undo_and_save_resume(preset: str) -> None:
    """A whole game under each preset, the person playing the greedy strategy on what the table
    shows against the greedy bot: every third decision is taken back when the session allows it
    and played again, which gives the same session (the bot replies as before), and is refused
    with the session's reason when it does not; every seventh the session is saved and
    resumed, which gives the same session; at each round's end the table shows that round
    until the person deals on; and the game is the one the greedy strategy plays on both seats
    without the kit."""
    rules = gr.PRESETS[preset]
    rng = random.Random(preset)
    seed, person = rng.randrange(10**6), rng.randrange(2)
    session = Session.new(rules, bot="greedy", person=person, seed=seed, dealer=0)
    strategy = gr.GreedyBot()
    decisions = pauses = undos = refusals = resumes = 0
    while not session.is_over:
        if session.paused:
            finished = session.game.finished
            assert finished is not None
            assert finished.view(person) == session.table
            assert () == session.legal_actions
            assert len(session.game.results) == session.dealt_on + 1
            with pytest.raises(gr.IllegalActionError):
                session.apply(gr.DrawStock())
            session = session.deal_on()
            pauses += 1
            continue
        assert session.is_my_turn and session.table == session.game.round.view(person)
        action = strategy.act(session.table)
        after = session.apply(action)
        decisions += 1
        if decisions % 3 == 0 and after.can_undo:
            back = after.undo()
            assert session == back
            assert after == back.apply(action)
            undos += 1
        elif decisions % 3 == 0:
            reason = after.undo_refusal
            assert reason is not None and reason.startswith("you cannot take back your ")
            with pytest.raises(gr.IllegalActionError) as refused:
                after.undo()
            assert reason == str(refused.value)
            refusals += 1
        if decisions % 7 == 0:
            resumed = Session.resume(after.save(KEY), KEY)
            assert after == resumed
            resumes += 1
        session = after
    assert direct_game(rules, seed, 0) == session.game
    assert (len(session.game.results) - 1, True) == (pauses, undos > 2 and refusals > 5 and resumes > 5)
    assert session.table == session.game.view(person).history[-1]


def test_the_bot_plays_until_the_persons_turn_and_stops_at_a_rounds_end() -> None:
    """After the person's action the session has played the bot's replies: it is the person's
    turn again, or a round has ended (and the session pauses), or the game is over; the bot's
    actions are the ones after the person's in ``actors``."""
    session = Session.new(gr.PAGAT, bot="tracker", seed=4, dealer=1)
    strategy = gr.GreedyBot()
    for _ in range(120):
        if session.is_over:
            break
        if session.paused:
            session = session.deal_on()
            continue
        before = len(session.game.actions)
        session = session.apply(strategy.act(session.table))
        who = session.actors
        assert 0 == who[before]
        assert all(1 == player for player in who[before + 1 :])
        assert session.is_my_turn or session.paused or session.is_over


def test_step_by_step_bot_play_gives_the_same_game_as_playing_the_bots_at_once() -> None:
    """A table that shows the bot's actions one at a time (``apply(bots=False)``, then
    ``step_bot``) reaches the same session as one that lets ``apply`` play them."""
    at_once = Session.new(gr.OKLAHOMA, bot="tracker", seed=9, dealer=0)
    stepwise = Session.new(gr.OKLAHOMA, bot="tracker", seed=9, dealer=0)
    strategy = gr.GreedyBot()
    for _ in range(60):
        if at_once.paused:
            at_once, stepwise = at_once.deal_on(), stepwise.deal_on(bots=False)
        else:
            action = strategy.act(at_once.table)
            at_once, stepwise = at_once.apply(action), stepwise.apply(action, bots=False)
        while stepwise.bot_to_act:
            stepwise = stepwise.step_bot(stepwise.decide())
            if stepwise.paused:
                break
        assert at_once == stepwise


def test_free_takebacks_take_back_a_move_that_ended_a_round_and_the_next_deal() -> None:
    """On a practice table (``free_takebacks=True``), undo after the person's move that ended a
    round (a knock, or a discard the bot answered with a knock) goes back to before that move,
    in that round: no pause, the person to act, one result fewer; after dealing on, before the
    person's first move of the new round, undo goes back there too."""
    session = Session.new(gr.PAGAT, bot="greedy", seed=21, dealer=0, free_takebacks=True)
    strategy = gr.GreedyBot()
    while not session.paused:
        before = session
        session = session.apply(strategy.act(session.table))
    back = session.undo()
    assert before == back
    assert (False, True, len(session.game.results) - 1) == (
        back.paused,
        back.is_my_turn,
        len(back.game.results),
    )
    dealt = session.deal_on()  # the bot may open the next round; the person has not acted in it
    assert dealt.person not in dealt.actors[round_starts(dealt.game)[-1] :]
    assert before == dealt.undo()


def test_undo_never_goes_back_into_a_scored_round() -> None:
    """The issue's replay: at a round's end (the bot's hand shown, the points scored), and
    after dealing on, the person's last decision cannot be taken back; the library's error
    says why in words, and the session is unchanged."""
    session = Session.new(gr.PAGAT, bot="greedy", seed=21, dealer=0)
    strategy = gr.GreedyBot()
    while not session.paused:
        session = session.apply(strategy.act(session.table))
    expected = (
        "you cannot take back your knock: the round it was made in is over and its hands have been "
        "shown, and a take-back never goes back into a scored round"
    )
    for where in (session, session.deal_on()):
        assert (False, expected) == (where.can_undo, where.undo_refusal)
        with pytest.raises(gr.IllegalActionError) as refused:
            where.undo()
        assert expected == str(refused.value)


def test_undo_of_a_stock_draw_is_refused_and_a_take_of_the_discard_is_not() -> None:
    """The issue's peek: after drawing from the stock the person knows the stock's top card,
    so the draw cannot be taken back (the reason names the card drawn, which the person has
    seen); taking the face-up discard shows nothing new and can be taken back."""
    session = Session.new(gr.PAGAT, bot="greedy", seed=3, dealer=1)
    session = session.apply(gr.PassUpcard())
    assert session.is_my_turn and gr.DrawStock() in session.legal_actions
    drawn = session.apply(gr.DrawStock())
    card = drawn.table.hand - session.table.hand
    expected = (
        f"you cannot take back your draw: you have seen {card} (the card you drew from the stock) "
        "since, and would choose again knowing it"
    )
    assert (False, expected) == (drawn.can_undo, drawn.undo_refusal)
    with pytest.raises(gr.IllegalActionError, match="you cannot take back your draw"):
        drawn.undo()
    free = attrs.evolve(drawn, free_takebacks=True)
    assert (True, session) == (free.can_undo, attrs.evolve(free.undo(), free_takebacks=False))


def test_undo_before_any_move_is_refused_and_deal_on_only_at_a_rounds_end() -> None:
    """The session refuses what makes no sense with the library's error: undo before the
    person's first move, dealing on in the middle of a round, a bot step on the person's turn."""
    session = Session.new(gr.PAGAT, bot="greedy", seed=7, dealer=1)
    assert session.is_my_turn and not session.can_undo
    with pytest.raises(gr.IllegalActionError, match="nothing to undo"):
        session.undo()
    with pytest.raises(gr.IllegalActionError, match="nothing to deal on"):
        session.deal_on()
    with pytest.raises(gr.IllegalActionError, match="the bot is not to act"):
        session.step_bot()


def test_the_session_constructor_checks_its_fields() -> None:
    """A session rebuilt by hand is checked: a seat that is not 0 or 1, an unknown bot, a
    count of rounds dealt on that the game cannot have."""
    game = gr.Game.new(gr.PAGAT, seed=1, dealer=0)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"person": 2}, "person"),
        ({"bot": "nobody"}, "bot"),
        ({"dealt_on": 3}, "dealt_on"),
        ({"game": "game"}, "game"),
    ]
    for fields, field in cases:
        with pytest.raises(gr.InvalidPositionError) as caught:
            Session(**{"game": game, "person": 0, **fields})
        assert field == caught.value.field


def test_actors_and_round_starts_follow_the_rounds_of_the_game() -> None:
    """``actors`` names the player of each action (checked against each round's own log) and
    ``round_starts`` where each round's actions begin; ``game_events`` lines the viewer's
    events up with the game's actions."""
    game = direct_game(gr.PAGAT, 3, 0)
    expected = [event.player for r in game.played for event in r.events]
    assert expected == list(actors(game))
    starts = [0]
    for r in game.played[:-1]:
        starts.append(starts[-1] + len(r.actions))
    assert tuple(starts) == round_starts(game)
    events = game_events(game.view(0))
    assert len(game.actions) == len(events)
    assert [e.player for _, e in events] == expected


# ---------------------------------------------------------------------------- saves


def test_a_save_resumes_under_the_same_key_only() -> None:
    """A save resumes with its key; another key, an edit of the open part or of the sealed
    part, text that is not a save, and a short key are refused with SerializationError."""
    session = Session.new(gr.PAGAT, bot="tracker", seed=5, dealer=0)
    session = session.apply(session.legal_actions[0])
    text = session.save(KEY)
    assert session == Session.resume(text, KEY)
    with pytest.raises(gr.SerializationError, match="seal does not match"):
        Session.resume(text, bytes(32))
    document = json.loads(text)
    document["open"]["scores"] = [99, 0]
    with pytest.raises(gr.SerializationError, match="seal does not match"):
        Session.resume(json.dumps(document), KEY)
    document = json.loads(text)
    sealed = document["sealed"]
    document["sealed"] = sealed[:40] + ("A" if sealed[40] != "A" else "B") + sealed[41:]
    with pytest.raises(gr.SerializationError, match="seal does not match"):
        Session.resume(json.dumps(document), KEY)
    for bad in ("", "[]", '{"format": "x"}', "x" * 10, "[" * 100_000):
        with pytest.raises(gr.SerializationError):
            Session.resume(bad, KEY)
    with pytest.raises(gr.SerializationError, match="at least 16"):
        session.save(b"short")


def test_a_save_of_a_bot_that_is_not_the_librarys_needs_its_factory() -> None:
    """A session against one's own bot saves the bot's name; resuming needs its factory."""

    class FirstLegal:
        name = "first-legal"

        def __init__(self, seed: int | str | None = None) -> None:
            self.seed = seed

        def act(self, view: gr.PlayerView) -> gr.Action:
            return view.legal_actions[0]

    session = Session.new(gr.PAGAT, bot=FirstLegal, seed=2, dealer=0)
    text = session.save(KEY)
    with pytest.raises(gr.SerializationError, match="no factory for the bot 'first-legal'"):
        Session.resume(text, KEY)
    assert session == Session.resume(text, KEY, bots={"first-legal": FirstLegal})


def test_the_seal_pads_and_authenticates() -> None:
    """The sealed part's length is a whole number of pads whatever the text's length (up to a
    pad), its open part is returned as given, and two seals of the same text differ (a fresh
    nonce each time)."""
    short, longer = seal({"a": 1}, "x", KEY), seal({"a": 1}, "y" * (PAD - 10), KEY)
    assert len(json.loads(short)["sealed"]) == len(json.loads(longer)["sealed"])
    assert seal({"a": 1}, "x", KEY) != short
    assert ({"a": 1}, "x") == unseal(short, KEY)


def test_a_save_against_a_library_bot_with_a_budget_resumes_without_a_factory() -> None:
    """``'montecarlo:8'`` names a library bot as ``'tracker'`` does (one reader of bot names,
    ``parse_bot_name``): a session against it saves and resumes with no factory given, while
    a ``module:attribute`` in a save is never imported (it needs its factory)."""
    session = Session.new(gr.PAGAT, bot="MonteCarlo:08", seed=1, dealer=1)
    resumed = Session.resume(session.save(KEY), KEY)
    assert ("montecarlo:8", session.game) == (resumed.bot, resumed.game)
    own = Session.new(gr.PAGAT, bot="ginrummy.bots.reference:GreedyBot", seed=1, dealer=1)
    text = own.save(KEY)
    with pytest.raises(
        gr.SerializationError, match=r"no factory for the bot 'ginrummy\.bots\.reference:Gree"
    ):
        Session.resume(text, KEY)
    assert own.game == Session.resume(text, KEY, bots={own.bot_name: gr.GreedyBot}).game
