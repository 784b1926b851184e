"""A game to the target (``ginrummy.play.game``): seeds, dealers, the end of the game, records,
replay, undo and views (docs/rules.rst §7; the API reference's page on games, docs/api/games.rst).

Real games are driven by :func:`policy`, a seeded random player that knocks often, so games to a
small target end in a few rounds and every situation (scored rounds, dead hands, void rounds,
the game-ending round) comes up within a handful of seeds.
"""

from __future__ import annotations

import functools
import itertools
import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy as gr
from ginrummy.play.game import next_dealer, round_seed
from hypothesis_share import examples
from positions import biased_action
from reachable import reachable_cards

SMALL = gr.PAGAT.evolve(target=30)
"""Pagat to 30: a game of a few rounds."""


@functools.cache
def played(
    rules: gr.Ruleset, seed: int, knock: float = 0.7, dealer: int | None = None
) -> tuple[gr.Game, ...]:
    """Every state of a game played by :func:`policy` to its end, from the deal on."""
    rng = random.Random(seed)
    game = gr.Game.new(rules, seed=seed, dealer=dealer)
    states = [game]
    while not game.is_over:
        game = game.apply(biased_action(game.round, rng, knock, alternate_takes=False))
        states.append(game)
        assert len(states) < 20_000, "the game does not end"
    return tuple(states)


def round_ends(states: tuple[gr.Game, ...]) -> list[tuple[gr.Game, gr.Game]]:
    """The (before, after) pairs of the actions that ended a round."""
    return [(a, b) for a, b in itertools.pairwise(states) if len(b.results) > len(a.results)]


# ============================================================================ new games and seeds


@pytest.mark.parametrize("seed", [0, 7, 2**40, "table 3"])
@pytest.mark.parametrize("dealer", [0, 1, None])
def test_new_game_is_determined_by_its_seed(seed: int | str, dealer: int | None) -> None:
    """API: ``Game.new(rules, seed=..., dealer=...)`` is deterministic: the same arguments give
    equal games with equal decks."""
    first = gr.Game.new(gr.PAGAT, seed=seed, dealer=dealer)
    second = gr.Game.new(gr.PAGAT, seed=seed, dealer=dealer)
    assert first == second
    assert first.decks == second.decks
    assert first.round.hands == second.round.hands
    assert (seed, (), ()) == (first.seed, first.results, first.actions)


def test_different_seeds_deal_different_games() -> None:
    """API: the seed determines the decks, so different seeds deal different first rounds."""
    decks = {gr.Game.new(gr.PAGAT, seed=seed, dealer=0).decks[0] for seed in range(40)}
    assert 40 == len(decks)
    assert gr.Game.new(gr.PAGAT, seed="a", dealer=0).decks != gr.Game.new(gr.PAGAT, seed="b", dealer=0).decks


def test_first_dealer_is_drawn_from_the_seed_when_none_is_given() -> None:
    """docs/rules.rst §7: «The first dealer is chosen by the caller (or at random from the seed)»: with
    ``dealer=None`` the same seed always picks the same dealer, both dealers occur, and the
    game equals the one dealt by that dealer explicitly."""
    dealers = []
    for seed in range(40):
        game = gr.Game.new(gr.PAGAT, seed=seed)
        assert game.first_dealer == game.round.dealer == game.dealer
        assert game == gr.Game.new(gr.PAGAT, seed=seed)
        assert game == gr.Game.new(gr.PAGAT, seed=seed, dealer=game.first_dealer)
        dealers.append(game.first_dealer)
    assert {0, 1} == set(dealers)


@pytest.mark.parametrize("dealer", [0, 1])
def test_given_dealer_deals_the_first_round(dealer: int) -> None:
    """docs/rules.rst §7: the caller may choose the first dealer; the other player acts first."""
    game = gr.Game.new(gr.PAGAT, seed=5, dealer=dealer)
    assert (dealer, dealer, 1 - dealer) == (game.first_dealer, game.round.dealer, game.to_act)
    assert gr.Phase.UPCARD_OFFER == game.round.phase


def test_no_seed_picks_one_and_records_it() -> None:
    """API: ``Game.new(rules)`` picks a random seed, which ``seed`` records so the game can be
    dealt again."""
    game = gr.Game.new(gr.PAGAT)
    assert isinstance(game.seed, int)
    assert game == gr.Game.new(gr.PAGAT, seed=game.seed, dealer=game.first_dealer)


@pytest.mark.parametrize(
    ("seed", "dealer"),
    [(True, 0), (1.5, 0), (None, 2), (3, -1), (3, True), (3, "0")],
    ids=["bool-seed", "float-seed", "dealer-2", "dealer-minus-1", "bool-dealer", "str-dealer"],
)
def test_new_game_rejects_a_bad_seed_or_dealer(seed: object, dealer: object) -> None:
    """API: a seed that is not an integer or a string, or a dealer that is not 0 or 1, raises
    ``InvalidPositionError`` (a ``ValueError``)."""
    with pytest.raises(gr.InvalidPositionError):
        gr.Game.new(gr.PAGAT, seed=seed, dealer=dealer)  # type: ignore[arg-type]


def test_new_game_rejects_rules_that_are_not_a_ruleset() -> None:
    """API: the rules must be a ``Ruleset``."""
    with pytest.raises(gr.InvalidPositionError):
        gr.Game.new("pagat", seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1, 2])
def test_every_round_is_dealt_from_the_game_seed(seed: int) -> None:
    """API: every deck comes from the game's seed: round ``n`` (dead hands included) is
    shuffled with ``round_seed(seed, n)``."""
    final = played(SMALL, seed)[-1]
    assert len(final.decks) == len(final.results)
    for number, deck in enumerate(final.decks):
        expected = gr.Round.deal(SMALL, 0, seed=round_seed(seed, number)).deck
        assert expected == deck
    assert len(set(final.decks)) == len(final.decks)


# ============================================================================ the next dealer


@pytest.mark.parametrize(
    ("rule", "dealer", "winner", "expected"),
    [
        (gr.NextDealer.WINNER, 0, 0, 0),
        (gr.NextDealer.WINNER, 0, 1, 1),
        (gr.NextDealer.WINNER, 1, 0, 0),
        (gr.NextDealer.LOSER, 0, 0, 1),
        (gr.NextDealer.LOSER, 1, 1, 0),
        (gr.NextDealer.LOSER, 1, 0, 1),
        (gr.NextDealer.ALTERNATE, 0, 0, 1),
        (gr.NextDealer.ALTERNATE, 0, 1, 1),
        (gr.NextDealer.ALTERNATE, 1, 1, 0),
    ],
)
def test_next_dealer_after_a_scored_round_follows_the_rule(
    rule: gr.NextDealer, dealer: int, winner: int, expected: int
) -> None:
    """docs/rules.rst §7: «``WINNER`` of the previous scored round (seed 001), ``LOSER``, or
    ``ALTERNATE`` (seed 003)»."""
    rules = gr.PAGAT.evolve(next_dealer=rule)
    result = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=winner, points=5)
    assert expected == next_dealer(rules, dealer, result)


@pytest.mark.parametrize("rule", list(gr.NextDealer))
@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("outcome", [gr.Outcome.DEAD_HAND, gr.Outcome.VOID])
def test_same_dealer_deals_again_after_a_dead_hand(
    rule: gr.NextDealer, dealer: int, outcome: gr.Outcome
) -> None:
    """docs/rules.rst §7: «After a dead hand the same dealer deals again» (whatever ``next_dealer``)."""
    rules = gr.PAGAT.evolve(next_dealer=rule)
    assert dealer == next_dealer(rules, dealer, gr.RoundResult(outcome=outcome))


def expected_dealer(rules: gr.Ruleset, dealer: int, result: gr.RoundResult) -> int:
    """The next dealer written out from docs/rules.rst §7, independently of the library."""
    if result.winner is None:
        return dealer
    return {
        gr.NextDealer.WINNER: result.winner,
        gr.NextDealer.LOSER: 1 - result.winner,
        gr.NextDealer.ALTERNATE: 1 - dealer,
    }[rules.next_dealer]


@pytest.mark.parametrize("rule", list(gr.NextDealer))
def test_real_games_deal_the_next_round_as_the_rules_say(rule: gr.NextDealer) -> None:
    """docs/rules.rst §7: in played games the round after a scored round is dealt by the winner / the
    loser / the other player, and the round after a dead hand by the same dealer; games are
    played until both situations have come up."""
    rules = gr.PAGAT.evolve(next_dealer=rule, target=60)
    seen = {"scored": 0, "dead hand": 0, "dealer changed": 0}
    for seed in range(40):
        for before, after in round_ends(played(rules, seed, 0.3)):
            result = after.results[-1]
            if after.is_over:
                assert before.round.dealer == after.round.dealer  # no new round is dealt
                continue
            assert expected_dealer(rules, before.round.dealer, result) == after.round.dealer
            assert gr.Phase.UPCARD_OFFER == after.round.phase
            assert 1 - after.round.dealer == after.to_act
            seen["dead hand" if result.outcome is gr.Outcome.DEAD_HAND else "scored"] += 1
            seen["dealer changed"] += before.round.dealer != after.round.dealer
        if min(seen.values()) >= 3:
            break
    assert min(seen.values()) >= 3, seen


def test_void_rounds_from_max_turns_are_dealt_again_by_the_same_dealer() -> None:
    """docs/rules.rst §3 and §7: a round voided by ``max_turns`` scores nothing, counts as a round, and
    the same dealer deals the next one."""
    rules = gr.PAGAT.evolve(max_turns=3, target=20)
    states = played(rules, 3, 0.2)
    voids = [(a, b) for a, b in round_ends(states) if b.results[-1].outcome is gr.Outcome.VOID]
    assert voids
    for before, after in voids:
        assert before.scores == after.scores
        if not after.is_over:
            assert before.round.dealer == after.round.dealer


# ============================================================================ the end of the game


@pytest.mark.parametrize("seed", range(6))
def test_game_ends_when_a_score_reaches_the_target(seed: int) -> None:
    """docs/rules.rst §7: «Rounds are played until, at the end of a round, a player's game score reaches
    ``target``»: the last action leaves a score at the target or above, every earlier state
    is below it, and the game is over only then."""
    states = played(SMALL, seed)
    final = states[-1]
    assert final.is_over
    assert max(final.scores) >= SMALL.target
    assert final.round.is_over
    for state in states[:-1]:
        assert not state.is_over
        assert max(state.scores) < SMALL.target
    reacher = final.result.reached_target
    assert reacher is not None
    assert final.scores[reacher] >= SMALL.target
    assert final.results[-1].winner == reacher


@pytest.mark.parametrize("seed", range(3))
def test_finished_game_has_no_legal_action_and_rejects_every_action(seed: int) -> None:
    """API: once the game is over ``legal_actions()`` is (), ``to_act`` is None and ``apply``
    raises ``IllegalActionError`` for any action."""
    final = played(SMALL, seed)[-1]
    assert ((), None) == (final.legal_actions(), final.to_act)
    actions: list[gr.Action] = [
        gr.DrawStock(),
        gr.TakeDiscard(),
        gr.PassUpcard(),
        gr.EndLayoffs(),
        gr.Discard(gr.DECK[0]),
        gr.Knock(gr.DECK[0]),
    ]
    for action in actions:
        assert not final.is_legal(action)
        with pytest.raises(gr.IllegalActionError, match="over"):
            final.apply(action)


def test_a_round_below_the_target_deals_the_next_round() -> None:
    """docs/rules.rst §7: a round that leaves both scores below the target is followed by a new deal:
    the result is recorded and a fresh round starts in the upcard offer."""
    ends = [(a, b) for a, b in round_ends(played(SMALL, 0)) if not b.is_over]
    assert ends
    for before, after in ends:
        assert len(before.decks) + 1 == len(after.decks)
        assert (10, 10, 31) == (len(after.round.hand(0)), len(after.round.hand(1)), len(after.round.stock))
        assert () == after.round.events
        assert not after.is_over


@pytest.mark.parametrize("seed", range(4))
def test_game_result_is_score_game_of_its_results(seed: int) -> None:
    """API: ``g.result`` equals ``score_game(rules, g.results)`` and ``g.scores`` equals
    ``game_scores``, after every action."""
    for game in played(SMALL, seed):
        assert gr.score_game(SMALL, game.results) == game.result
        assert gr.game_scores(SMALL, game.results) == game.scores
        assert game.result.is_over == game.is_over


def test_game_scores_count_boxes_when_the_ruleset_says_so() -> None:
    """docs/rules.rst §7: with ``boxes_count_toward_target`` the game score adds ``box_bonus`` per round
    won, and the game ends as soon as that sum reaches the target."""
    rules = SMALL.evolve(boxes_count_toward_target=True, box_bonus=25)
    final = played(rules, 1)[-1]
    for player in (0, 1):
        wins = [r for r in final.results if r.winner == player]
        assert sum(r.points + 25 for r in wins) == final.scores[player]
    assert final.is_over


def test_finished_game_winner_follows_highest_total() -> None:
    """docs/rules.rst §7: the finished game's winner is the higher total after bonuses (pagat)."""
    for seed in range(4):
        result = played(SMALL, seed)[-1].result
        first, second = result.totals
        assert (0 if first > second else 1 if second > first else None) == result.winner


# ============================================================================ records, replay, undo


@pytest.mark.parametrize("seed", range(3))
def test_replay_of_the_record_equals_the_game_at_every_step(seed: int) -> None:
    """API: ``Game.replay(g.record()) == g`` after every action of a random game, rounds and
    results included."""
    for game in played(SMALL, seed):
        record = game.record()
        assert (SMALL, seed, game.first_dealer) == (record.rules, record.seed, record.first_dealer)
        assert (game.decks, game.actions) == (record.decks, record.actions)
        assert game == gr.Game.replay(record)


def test_record_holds_knocks_with_their_melds_filled_in() -> None:
    """API: the record's actions are resolved: a knock given without melds is recorded with
    the spread the round chose, so the replay does not depend on the library's choice."""
    knocks = [a for a in played(SMALL, 0)[-1].actions if isinstance(a, gr.Knock)]
    assert knocks
    assert all(knock.melds is not None for knock in knocks)


@pytest.mark.parametrize("seed", range(3))
def test_undo_is_the_replay_of_all_but_the_last_action(seed: int) -> None:
    """API: ``g.undo()`` equals the game replayed without its last action, at every step,
    across round boundaries and across the end of the game."""
    states = played(SMALL, seed)
    crossed = 0
    for before, after in itertools.pairwise(states):
        undone = after.undo()
        assert before == undone
        record = after.record()
        shorter = gr.GameRecord(
            rules=record.rules,
            seed=record.seed,
            first_dealer=record.first_dealer,
            decks=before.decks,
            actions=record.actions[:-1],
        )
        assert gr.Game.replay(shorter) == undone
        assert before.record() == record.undo()
        crossed += len(after.results) > len(before.results)
    assert crossed >= 2  # at least one new deal and the end of the game were undone


def test_undo_of_a_round_ending_action_takes_back_the_new_deal() -> None:
    """API: undoing the action that ended a round removes its result and the deck dealt after
    it, and leaves the round waiting for that action again."""
    before, after = next((a, b) for a, b in round_ends(played(SMALL, 0)) if not b.is_over)
    undone = after.undo()
    assert (before.results, before.decks) == (undone.results, undone.decks)
    assert undone.round.is_legal(after.actions[-1])
    assert after == undone.apply(after.actions[-1])


def test_undo_of_a_new_game_raises() -> None:
    """API: a game with no action has nothing to undo: ``IllegalActionError``."""
    game = gr.Game.new(gr.PAGAT, seed=1, dealer=0)
    with pytest.raises(gr.IllegalActionError):
        game.undo()
    with pytest.raises(gr.IllegalActionError):
        game.record().undo()


def test_a_record_with_an_illegal_action_cannot_be_made() -> None:
    """docs/conventions.md §13: a record is replayed when it is made, so one with an illegal action raises
    ``IllegalActionError`` naming its position, and no such record exists to replay."""
    game = gr.Game.new(gr.PAGAT, seed=1, dealer=0).apply(gr.PassUpcard())
    record = game.record()
    with pytest.raises(gr.IllegalActionError, match="action 1"):
        gr.GameRecord(
            rules=record.rules,
            seed=record.seed,
            first_dealer=record.first_dealer,
            decks=record.decks,
            actions=(*record.actions, gr.EndLayoffs()),
        )


def test_a_record_with_a_deck_count_that_does_not_match_cannot_be_made() -> None:
    """API: a record holds one deck per round dealt; one deck more raises
    ``InvalidPositionError`` when the record is made: at once when there are more decks than
    actions could deal, else after the replay."""
    record = gr.Game.new(gr.PAGAT, seed=1, dealer=0).record()
    with pytest.raises(gr.InvalidPositionError, match="2 decks for 0 actions"):
        gr.GameRecord(
            rules=record.rules,
            seed=record.seed,
            first_dealer=record.first_dealer,
            decks=record.decks * 2,
            actions=record.actions,
        )
    with pytest.raises(gr.InvalidPositionError, match="2 decks for 1 rounds dealt"):
        gr.GameRecord(
            rules=record.rules,
            seed=record.seed,
            first_dealer=record.first_dealer,
            decks=record.decks * 2,
            actions=(gr.PassUpcard(),),
        )


def test_replay_uses_the_recorded_decks_not_the_seed() -> None:
    """API: a record's decks are what is dealt; the seed only names them."""
    record = gr.Game.new(gr.PAGAT, seed=1, dealer=0).record()
    deck = tuple(reversed(record.decks[0]))
    game = gr.Game.replay(
        gr.GameRecord(rules=record.rules, seed=record.seed, first_dealer=0, decks=(deck,), actions=())
    )
    assert deck == game.round.deck
    assert game.round.hands != gr.Game.new(gr.PAGAT, seed=1, dealer=0).round.hands


def test_apply_leaves_the_game_unchanged() -> None:
    """docs/conventions.md §1: games are values: ``apply`` returns a new game and the old one is unchanged,
    also when the action is illegal."""
    game = gr.Game.new(gr.PAGAT, seed=4, dealer=1)
    copy = gr.Game.new(gr.PAGAT, seed=4, dealer=1)
    after = game.apply(game.legal_actions()[0])
    assert copy == game
    assert after != game
    with pytest.raises(gr.IllegalActionError):
        game.apply(gr.EndLayoffs())
    assert copy == game


# ============================================================================ views


@pytest.mark.parametrize("seed", [3, 5])
def test_a_game_remembers_its_settlement_and_finished_views_only_while_they_hold(seed: int) -> None:
    """A game keeps its settlement and each player's views of the finished rounds, and the
    games after it reuse them until a round ends: read at every step of a game, they equal
    those of the same game rebuilt without them (a pickled copy), and they are not part of a
    game's value (a pickle holds none of them; equality and hashing do not change)."""
    rng = random.Random(seed)
    game = gr.Game.new(SMALL, seed=seed, dealer=0)
    while not game.is_over:
        fresh = pickle.loads(pickle.dumps(game))
        assert [None, None] == fresh._kept
        for player in (0, 1):
            assert fresh.view(player) == game.view(player)
            assert all(seen.player == player for seen in game.view(player).history)
        assert fresh.result == game.result
        assert (fresh, hash(fresh)) == (game, hash(game))
        kept = [True, True] if game.results else [True, False]  # read above
        assert kept == [found is not None for found in game._kept]
        assert [None, None] == pickle.loads(pickle.dumps(game))._kept
        game = game.apply(biased_action(game.round, rng, 0.7, alternate_takes=False))
    assert len(game.results) > 1, "the game must cross a round's end"


@pytest.mark.parametrize("player", [0, 1])
def test_game_view_holds_what_the_player_may_know(player: int) -> None:
    """API: ``g.view(p)`` is a ``GameView`` with the scores, the results, the round seen by
    that player, whether the game is over, the provisional result and the player's view of
    each finished round, at every step."""
    for game in played(SMALL, 2)[::7]:
        view = game.view(player)
        assert (
            gr.GameView(
                player=player,
                rules=SMALL,
                scores=game.scores,
                results=game.results,
                round=game.round.view(player),
                is_over=game.is_over,
                result=game.result,
                history=tuple(finished.view(player) for finished in game.played),
            )
            == view
        )


def test_game_view_hides_the_opponents_hand_during_play() -> None:
    """API: the round view in a game view shows the player's own hand only, until the cards
    are shown."""
    game = gr.Game.new(gr.PAGAT, seed=9, dealer=0)
    view = game.view(1)
    assert game.round.hand(1) == view.round.hand
    assert None is view.round.opponent_hand
    assert game.legal_actions() == view.round.legal_actions
    assert () == game.view(0).round.legal_actions


def test_game_view_of_a_finished_game_shows_the_last_round_and_the_result() -> None:
    """API: once the game is over the view holds the last round, shown in full, and the final
    result."""
    final = played(SMALL, 1)[-1]
    for player in (0, 1):
        view = final.view(player)
        assert (True, final.result) == (view.is_over, view.result)
        assert final.round.hand(1 - player) == view.round.opponent_hand
        assert final.round.result == view.round.result


def _game_view(seed: int, rounds: int) -> gr.GameView:
    """Player 0's view of a pagat game after ``rounds`` finished rounds."""
    game = gr.Game.new(gr.PAGAT, seed=seed, dealer=0)
    bots = (gr.GreedyBot(), gr.GreedyBot())
    while len(game.results) < rounds and not game.is_over:
        game = game.apply(bots[game.to_act or 0].act(game.round.view(game.to_act or 0)))
    return game.view(0)


def test_a_game_view_with_the_wrong_next_dealer_is_refused() -> None:
    """After a scored round the next dealer follows ``next_dealer``; a game view whose round
    in play is dealt by the other player is refused, naming the field."""
    view = _game_view(3, 2)
    fields = {field.name: getattr(view, field.name) for field in attrs.fields(gr.GameView)}
    wrong = view.sample(random.Random(5))  # a game with another next dealer: deal it by hand
    round_view = view.round
    other = gr.Round.deal(gr.PAGAT, dealer=1 - round_view.dealer, seed=1).view(0)
    fields["round"] = other
    with pytest.raises(gr.InvalidPositionError) as info:
        gr.GameView(**fields)
    assert "round.dealer" == info.value.field
    assert wrong.view(0) == view


@settings(max_examples=examples(60))
@given(
    st.integers(0, 1000),
    st.integers(0, 4),
    st.sampled_from(["dealer", "redeal", "round", "scores", "is_over", "history"]),
    st.data(),
)
def test_an_accepted_game_view_is_the_view_of_its_own_sample(
    seed: int, rounds: int, field: str, data: st.DataObject
) -> None:
    """A real game view with one field changed: if ``GameView`` accepts it, a game sampled from
    it has exactly that view."""
    view = _game_view(seed, rounds)
    fields = {f.name: getattr(view, f.name) for f in attrs.fields(gr.GameView)}
    if field == "dealer":
        other = gr.Round.deal(gr.PAGAT, dealer=data.draw(st.sampled_from([0, 1])), seed=seed).view(0)
        fields["round"] = other
    elif field == "redeal":  # another deal by the right dealer: possible, so accepted
        fields["round"] = gr.Round.deal(gr.PAGAT, dealer=view.round.dealer, seed=seed + 1).view(0)
    elif field == "round":
        fields["round"] = data.draw(st.sampled_from([*view.history, view.round]))
    elif field == "scores":
        fields["scores"] = (data.draw(st.integers(0, 200)), view.scores[1])
    elif field == "is_over":
        fields["is_over"] = not view.is_over
    else:
        fields["history"] = view.history[:-1]
    try:
        changed = gr.GameView(**fields)
    except gr.InvalidPositionError:
        return
    assert changed == changed.sample(random.Random(seed)).view(0)


@settings(max_examples=examples(30))
@given(preset=st.sampled_from(sorted(gr.PRESETS)), seed=st.integers(0, 10**6), at=st.floats(0, 1))
def test_a_game_view_holds_no_card_a_sampled_game_would_not(preset: str, seed: int, at: float) -> None:
    """A game view holds only what its player may see, in every form it can take: at a
    position of a random game under every preset (to 30 points, so that it ends: a game
    somewhere in play, and the game over), the cards reachable from each player's view (its
    object graph, ``vars()``, a pickle unpickled and read as text, a deep copy) are those
    reachable from the view of a game sampled from it, which draws every hidden card anew."""
    states = played(gr.PRESETS[preset].evolve(target=30), seed)
    for game in (states[int(at * (len(states) - 1))], states[-1]):
        for player in (0, 1):
            view = game.view(player)
            sampled = view.sample(random.Random(seed)).view(player)
            assert view == sampled
            assert reachable_cards(sampled) == reachable_cards(view), (len(game.actions), player)
