"""Sampling what a player cannot see (``ginrummy.beliefs.worlds``): ``PlayerView.sample`` and
``GameView.sample``.

A sample is a whole round (game), history included, that the viewer could be in: its view is
the view, every card is in one place, the hidden cards are uniform over what fits the view, and
it depends only on the view and the random number generator.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from hypothesis_share import examples
from positions import choose_action, layout, play, view_refusal

PRESETS = list(gr.PRESETS.values())


def positions(rules: gr.Ruleset, seed: int, rng: random.Random) -> list[gr.Round]:
    """Every position of a random round (biased towards knocks), from the deal to the end."""
    r = gr.Round.deal(rules, dealer=seed % 2, seed=seed)
    states = [r]
    while not r.is_over:
        r = r.apply(choose_action(r, rng))
        states.append(r)
    return states


@pytest.mark.parametrize("rules", PRESETS, ids=[r.name for r in PRESETS])
@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rng=st.randoms(use_true_random=False))
def test_a_sample_is_a_round_the_viewer_could_be_in(rules: gr.Ruleset, seed: int, rng: random.Random) -> None:
    """At positions of random rounds under every preset (every phase, knocks, layoffs, dead
    hands: the deal, the last three positions and every fourth one between), for both players:
    the sample's view is the view (so the same censored log, the same hand, pile and stock size),
    and the sample is a real round: its start replays to it."""
    states = positions(rules, seed, rng)
    chosen = [*states[:-3:4], *states[-3:]]
    for r in chosen:
        for player in (0, 1):
            view = r.view(player)
            world = view.sample(random.Random(rng.random()))
            assert view == world.view(player)
            assert world == world.at_origin.replay(world.actions)
    assert {gr.Phase.UPCARD_OFFER, gr.Phase.OVER} <= {r.phase for r in chosen}


@pytest.mark.parametrize("seed", range(4))
def test_the_sampler_reads_the_log_censored_as_the_view_shows_it(seed: int) -> None:
    """The sampler reads a view's log as plain records: at every position of a round to its
    end, for both players, they are the view's censored events, the opponent's stock draws
    without their cards and its knock hidden until the end."""
    for r in positions(gr.PAGAT, seed, random.Random(seed)):
        for player in (0, 1):
            records = r.view(player).records
            events = r.view(player).events
            assert tuple((e.number, e.player, e.action, e.card) for e in events) == records
            hidden = [rec for rec in records if rec[1] != player and type(rec[2]) is gr.DrawStock]
            assert all(rec[3] is None for rec in hidden)


def swapped_deal(rules: gr.Ruleset, seed: int) -> tuple[gr.Round, gr.Round]:
    """Two deals that differ only in one card of player 1's hand swapped with the bottom card
    of the stock: player 0 cannot tell them apart until that card shows."""
    r = gr.Round.deal(rules, dealer=0, seed=seed)
    assert r.deck is not None
    deck = list(r.deck)
    mine = deck[0]  # the non-dealer (player 1) is dealt the first card
    deck[0], deck[-1] = deck[-1], deck[0]
    other = gr.Round.deal(rules, dealer=0, deck=deck)
    assert mine in r.hand(1) and mine not in other.hand(1)
    return r, other


@pytest.mark.parametrize("seed", range(6))
def test_a_sample_depends_only_on_the_view(seed: int) -> None:
    """No leak: two rounds that differ only in what the viewer cannot see (a card of the
    opponent's hand swapped with a stock card) give identical samples for the same generator,
    however far they are played on with the same actions."""
    rng = random.Random(seed)
    r, other = swapped_deal(gr.PAGAT, seed)
    compared = 0
    for _ in range(40):
        if r.view(0) != other.view(0):
            break  # the swapped card has shown
        assert r.view(0).sample(random.Random(seed)) == other.view(0).sample(random.Random(seed))
        compared += 1
        if r.is_over:
            break
        action = choose_action(r, rng)
        if not other.is_legal(action):
            break
        r, other = r.apply(action), other.apply(action)
    assert compared >= 3


def test_cards_the_opponent_took_stay_in_its_hand_and_cards_it_discarded_do_not() -> None:
    """Cards the opponent took from the pile and still holds are in every sample's opponent hand;
    a card it discarded is in none; the viewer's own cards are its own."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=11).apply(gr.TakeDiscard())
    taken = r.taken
    assert taken is not None
    discard = next(card for card in r.hand(1) if card != taken)
    r = r.apply(gr.Discard(discard)).apply(gr.DrawStock())
    view = r.view(0)
    for number in range(50):
        world = view.sample(random.Random(number))
        assert taken in world.hand(1)
        assert discard not in world.hand(1) and discard in world.discard_pile
        assert world.hand(0) == r.hand(0)


def test_hidden_cards_are_uniform_over_what_fits_the_view() -> None:
    """Uniformity, by chi-square: the dealer (the viewer) sees the non-dealer pass, pass, draw
    from the stock and discard a card it never saw. The discarded card came from the
    non-dealer's ten dealt cards or from its draw, so it was the card drawn one time in eleven;
    and the next card of the stock is each of the 40 cards the viewer has no place for, alike."""
    r = gr.Round.deal(gr.PAGAT, dealer=0, seed=5).apply(gr.PassUpcard()).apply(gr.PassUpcard())
    drawn = r.apply(gr.DrawStock())
    unseen = next(card for card in drawn.hand(1) if card != drawn.events[-1].card)
    r = drawn.apply(gr.Discard(unseen))
    view = r.view(0)
    hidden = [c for c in gr.DECK if c not in r.hand(0) and c not in r.discard_pile]
    assert 40 == len(hidden)
    samples = 4400
    rng = random.Random(2024)
    tops: Counter[gr.Card] = Counter()
    discarded_was_drawn = 0
    for _ in range(samples):
        world = view.sample(rng)
        tops[world.stock[-1]] += 1
        discarded_was_drawn += world.events[2].card == unseen
    expected = samples / 40
    chi2 = sum((tops[card] - expected) ** 2 / expected for card in hidden)
    assert set(tops) <= set(hidden)
    assert chi2 < 72.05  # chi-square with 39 degrees of freedom at the 0.999 quantile
    p = 1 / 11
    z = (discarded_was_drawn - samples * p) / (samples * p * (1 - p)) ** 0.5
    assert abs(z) < 3.3


def test_the_face_down_knock_card_is_drawn_from_what_the_defender_cannot_see() -> None:
    """During the layoffs the defender sees the knocker's hand but not its face-down knock card:
    every sample keeps the shown hand and puts a card the defender has no place for as the knock
    card, which differs between samples."""
    knocker = "7c 8c 9c 4d 4h 4s Jh Qh Kh 2s 9d"
    args = layout(
        hands=("Ac 3c 5d 7d 9h Jd Qs Ks 2h 3s", knocker), discard="5s", phase=gr.Phase.DISCARD, to_act=1
    )
    r = play(gr.Round.from_position(gr.PAGAT, **args), "k 9d")
    assert gr.Phase.LAYOFF == r.phase
    view = r.view(0)
    cards = {view.sample(random.Random(n)).knock_card for n in range(40)}
    assert len(cards) > 5
    seen = set(r.hand(1)) | set(r.hand(0)) | set(r.discard_pile)  # the shown hand excludes 9d
    assert set() == cards & seen
    assert 10 == len(r.hand(1)) and gr.Card.parse("9d") not in seen


def test_a_game_view_sample_is_a_game_the_viewer_could_be_in() -> None:
    """``GameView.sample``: a whole game whose view is the view, each round (finished or in
    play) drawn from the player's view of it, at several points of greedy games."""
    for seed in range(2):
        game = gr.Game.new(gr.PAGAT, seed=seed, dealer=seed % 2)
        bots = (gr.GreedyBot(), gr.GreedyBot())
        step = 0
        while not game.is_over:
            if step % 23 == 0:
                for seat in (0, 1):
                    view = game.view(seat)
                    assert view == view.sample(random.Random(step)).view(seat)
            player = game.to_act
            assert player is not None
            game = game.apply(bots[player].act(game.round.view(player)))
            step += 1
        view = game.view(0)
        assert view == view.sample(random.Random(1)).view(0)


def test_sample_needs_a_random_number_generator() -> None:
    """A sample is drawn with a ``random.Random``; anything else is refused with the library's
    error."""
    view = gr.Round.deal(gr.PAGAT, seed=1).view(1)
    with pytest.raises(gr.InvalidPositionError, match=r"expected a random\.Random"):
        view.sample(7)  # type: ignore[arg-type]


def test_a_hidden_knock_is_sampled_with_the_spread_the_knocker_chose() -> None:
    """The knocker may show a spread other than the library's (the nines as a triple and the
    clubs as a four-card run, where the library would take the quad): during the layoffs the
    defender sees that spread but not the knock card, and every sample knocks with that spread,
    the layoffs taken out (a sampler knocking with the library's spread, or with the spread as
    extended by the layoffs, gives another view)."""
    knocker = "6c 7c 8c 9c 9d 9h 9s Ah 2h 5s Kd"
    defender = "Tc Jc Qc 3d 4d 5d Jh Qh 2s 3s"
    r = gr.Round.from_position(
        gr.PAGAT, **layout(hands=(defender, knocker), discard="Ks", phase=gr.Phase.DISCARD, to_act=1)
    )
    chosen = (gr.Meld.parse("6c 7c 8c 9c"), gr.Meld.parse("9d 9h 9s"))
    assert chosen != gr.best_melds(r.hand(1) - gr.Hand.parse("Kd")).melds
    r = play(r, gr.Knock(gr.Card.parse("Kd"), chosen), "l Tc 0")
    view = r.view(0)
    assert (None, (gr.Meld.parse("6c 7c 8c 9c Tc"), chosen[1])) == (view.knock_card, view.spread)
    for number in range(10):
        world = view.sample(random.Random(number))
        assert view == world.view(0)
        knock = world.events[-2].action
        assert isinstance(knock, gr.Knock) and chosen == knock.melds


HANDS = ("Kd 3c 5c 7c 9c Jc 2d 4d 6d 8d", "Ah 3h 5h 7h 9h Jh Kh 2s 4s 6s")
"""The two hands of the set-up positions below (player 0 holds Kd)."""


def _samples(states: list[gr.Round], count: int = 4) -> Iterator[tuple[int, gr.Round]]:
    """``count`` samples of each player's view of each of ``states``, each checked to have
    that view, as ``(player, world)``."""
    for state in states:
        for player in (0, 1):
            view = state.view(player)
            for number in range(count):
                world = view.sample(random.Random(number))
                assert view == world.view(player)
                yield player, world


def _set_up(**changes: object) -> gr.Round:
    """A position set up after the deal: dealer 0, player 1 knows player 0 holds Kd (taken from
    the pile earlier), five turns played; ``changes`` to the arguments."""
    hands = HANDS
    kwargs = {
        **layout(hands=hands, discard="Qd Ts", dealer=0, to_act=0),
        "turns": 5,
        "known": ("Kd", ""),
        **changes,
    }
    return gr.Round.from_position(gr.PAGAT, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("to_act", [0, 1])
def test_a_set_up_position_is_sampled_with_whoever_acts_what_is_known_and_the_turns(to_act: int) -> None:
    """A round set up past the deal, with the dealer or the other player to act, a card known to
    be held and turns already played: every sample of each player's view has that view, there
    and after a draw, the take of the pile and a discard."""
    r = _set_up(to_act=to_act)
    assert (False, 5, gr.Hand.parse("Kd")) == (r.dealt, r.turns, r.known[0])
    states = [r, r.apply(gr.DrawStock()), r.apply(gr.TakeDiscard())]
    taken = states[2]
    states.append(taken.apply(gr.Discard(next(c for c in taken.hand(to_act) if c != taken.taken))))
    for _, world in _samples(states):
        assert world.at_origin.turns == 5 and not world.at_origin.dealt
        assert gr.Card.parse("Kd") in world.hand(0) or gr.Card.parse("Kd") in world.discard_pile


def test_a_set_up_position_with_the_card_just_taken_is_sampled_with_it() -> None:
    """Set up in DISCARD with the dealer holding the card it just took from the pile: the
    dealer's samples hold it as taken this turn (not to be discarded now); the other player
    sees only that the dealer holds it, and its samples put it in the dealer's hand."""
    hands = ("Kd 3c 5c 7c 9c Jc 2d 4d 6d 8d Ts", "Ah 3h 5h 7h 9h Jh Kh 2s 4s 6s")
    r = gr.Round.from_position(
        gr.PAGAT, **layout(hands=hands, discard="Qd", dealer=0, phase=gr.Phase.DISCARD, to_act=0, taken="Ts")
    )
    ts = gr.Card.parse("Ts")
    assert (gr.Hand([ts]), None) == (r.view(1).opponent_known, r.view(1).taken)
    for number in range(4):
        mine = r.view(0).sample(random.Random(number))
        assert r.view(0) == mine.view(0)
        assert (ts, ts) == (mine.taken, mine.at_origin.taken)
        assert not mine.is_legal(gr.Discard(ts))
        theirs = r.view(1).sample(random.Random(number))
        assert r.view(1) == theirs.view(1)
        assert ts in theirs.hand(0)


@pytest.mark.parametrize("stock_only", [True, False])
def test_a_set_up_first_draw_is_sampled_bound_to_the_stock_as_it_was(stock_only: bool) -> None:
    """A position set up at the non-dealer's first draw (the upcard alone on the pile, 31 cards
    in the stock), bound to the stock or not: every sample of each player's view has that view
    (the take of the pile legal in the samples exactly when it is in the position), there and
    after the non-dealer's draw and discard, from the stock or (when it may) from the pile, and
    the history of every sample is legal from its start."""
    hands = HANDS
    r = gr.Round.from_position(
        gr.PAGAT, **layout(hands=hands, discard="Qd", dealer=0, to_act=1, stock_only=stock_only)
    )
    assert (gr.TakeDiscard() in r.legal_actions()) is not stock_only
    states = [r]
    draws: list[gr.Action] = [gr.DrawStock()] if stock_only else [gr.DrawStock(), gr.TakeDiscard()]
    for draw in draws:
        drawn = r.apply(draw)
        states.append(drawn.apply(gr.Discard(next(c for c in drawn.hand(1) if c != drawn.taken))))
    for _, world in _samples(states):
        replayed = world.at_origin
        for event in world.events:  # its history is legal from its start
            assert event.action is not None and replayed.is_legal(event.action), event
            replayed = replayed.apply(event.action)


def test_a_set_up_upcard_offer_to_the_dealer_is_sampled_after_its_pass() -> None:
    """A position set up at the dealer's upcard offer (the non-dealer has passed; not the deal):
    there and after the dealer passes too, every sample of each player's view has that view
    and begins at the dealer's offer."""
    hands = HANDS
    r = gr.Round.from_position(
        gr.PAGAT, **layout(hands=hands, discard="Qd", dealer=0, phase=gr.Phase.UPCARD_OFFER, to_act=0)
    )
    assert not r.dealt
    for _, world in _samples([r, r.apply(gr.PassUpcard())], count=3):
        origin = world.at_origin
        assert (gr.Phase.UPCARD_OFFER, 0, False) == (origin.phase, origin.to_act, world.dealt)


@pytest.mark.parametrize("holder", [0, 1])
def test_a_set_up_position_whose_initial_upcard_was_taken_is_sampled_with_it_held(holder: int) -> None:
    """Set up after the initial upcard was taken (it is in a hand, not on the pile, and nobody
    is known to hold it): the holder's samples keep it in its own hand; the other player's
    samples put it in the holder's hand, the only place it can be."""
    hands = HANDS
    upcard = hands[holder].split()[0]
    r = gr.Round.from_position(
        gr.PAGAT,
        **layout(hands=hands, discard="Qd Ts", dealer=0, to_act=1, initial_upcard=upcard),
        turns=2,
    )
    card = gr.Card.parse(upcard)
    assert card in r.hand(holder) and card not in r.view(1 - holder).opponent_known
    # after a draw too: still held from the start, not drawn
    for _, world in _samples([r, r.apply(gr.DrawStock())], count=24):
        assert card in world.at_origin.hand(holder)


def test_a_round_that_draws_the_last_card_is_sampled() -> None:
    """Under a ruleset that plays the stock out (``dead_hand_stock=0``), the views after the
    last card is drawn (an empty stock) are sampled like any other; a count that leaves a
    hidden card with no place is refused, counting no place in the empty stock."""
    rules = gr.PAGAT.evolve(name="bare", dead_hand_stock=0)
    hands = HANDS
    r = play(gr.Round.from_position(rules, **layout(hands=hands, discard="Qd", stock_size=1, to_act=1)), "s")
    for player in (0, 1):
        view = r.view(player)
        assert (0, gr.Phase.DISCARD) == (view.stock_size, view.phase)
        for number in range(3):
            assert view == view.sample(random.Random(number)).view(player)
    message, _ = view_refusal(r.view(0), opponent_card_count=10)
    assert "invalid view: no round has it: 11 hidden cards for 10 hidden places" == message
