"""The rating ladder (:func:`gr.ladder`, ``ginrummy ladder``): duplicate deals, pair records,
Bradley-Terry ratings with intervals, the same ladder on any executor, JSON, and bad input."""

from __future__ import annotations

import concurrent.futures
import json
import math
from collections.abc import Callable
from typing import Any

import pytest

import ginrummy as gr
from cli_helpers import run_cli
from ginrummy.simulation.ladder import PairRecord, bradley_terry, play_deals

FAST = ["greedy", "random", "eaai-simple"]
"""Three fast bots."""


@pytest.fixture(scope="module")
def reference() -> gr.Ladder:
    """A small ladder of the fast bots, played in this process."""
    return gr.ladder(FAST, gr.PAGAT, games=4, seed=5)


def _recount(a: str, b: str, seed: int, deals: int) -> tuple[int, int, int, int, int]:
    """Play the documented deals by hand: deal ``i`` is the game seed ``f"{seed}:{i}"`` with
    player ``i % 2`` dealing, first with ``a`` in seat 0, then with the seats swapped."""
    wins_a = wins_b = rounds = rounds_a = points_b = 0
    for deal in range(deals):
        first_hands = []
        for play in (0, 1):
            names = (a, b) if play == 0 else (b, a)
            bots = [gr.make_bot(names[k], f"{seed}:{deal}:{play}:{k}") for k in (0, 1)]
            game = gr.Game.new(gr.PAGAT, seed=f"{seed}:{deal}", dealer=deal % 2)
            first_hands.append((game.round.hand(0), game.round.hand(1)))
            while not game.is_over:
                player = game.to_act
                assert player is not None
                game = game.apply(bots[player].act(game.round.view(player)))
            assert game.result is not None and game.result.winner is not None
            a_seat = 0 if play == 0 else 1
            wins_a += game.result.winner == a_seat
            wins_b += game.result.winner != a_seat
            rounds += len(game.results)
            rounds_a += sum(r.winner == a_seat for r in game.results)
            points_b += sum(r.points for r in game.results if r.winner == 1 - a_seat)
        assert first_hands[0] == first_hands[1]  # the same cards in each seat: a duplicate deal
    return wins_a, wins_b, rounds, rounds_a, points_b


def test_each_pair_plays_every_deal_twice_with_the_seats_swapped(reference: gr.Ladder) -> None:
    """A recount of the documented deals, both seat orders, gives each pair's record."""
    record = reference.pair("greedy", "eaai-simple")
    assert _recount("greedy", "eaai-simple", 5, 2) == (
        record.first_wins,
        record.second_wins,
        record.rounds,
        record.first_round_wins,
        record.second_points,
    )
    assert [("greedy", "random"), ("greedy", "eaai-simple"), ("random", "eaai-simple")] == [
        (p.first, p.second) for p in reference.pairs
    ]
    assert all(4 == p.games for p in reference.pairs)


def test_pair_looked_up_the_other_way_round_swaps_the_sides(reference: gr.Ladder) -> None:
    """``pair(b, a)`` is the record of ``pair(a, b)`` seen from ``b``."""
    forward, backward = reference.pair("greedy", "random"), reference.pair("random", "greedy")
    assert (forward.first_wins, forward.second_round_wins, forward.first_points) == (
        backward.second_wins,
        backward.first_round_wins,
        backward.second_points,
    )
    with pytest.raises(gr.GinRummyError, match="no pair 'greedy' against 'tracker'"):
        reference.pair("greedy", "tracker")


def test_two_bots_rate_as_their_log_odds_with_the_prior_draw() -> None:
    """With two bots the Bradley-Terry fit is closed-form: the difference of log-strengths is
    the log of the win ratio, each side with half the prior draw; its standard error is
    ``1 / sqrt(n p (1 - p))`` over the ``n`` games (prior included), split evenly."""
    pair = PairRecord(
        "a", "b", games=30, first_wins=18, second_wins=10, draws=2, rounds=30, first_round_wins=30
    )
    theta, errors = bradley_terry(["a", "b"], [pair])
    wins_a, wins_b = 18 + 1 + 0.5, 10 + 1 + 0.5
    assert math.log(wins_a / wins_b) == pytest.approx(theta[0] - theta[1])
    p = wins_a / (wins_a + wins_b)
    assert 0.5 / math.sqrt(31 * p * (1 - p)) == pytest.approx(errors[0])
    assert 0 == pytest.approx(sum(theta))


def test_ratings_order_the_bots_and_cover_their_value(reference: gr.Ladder) -> None:
    """The ratings come strongest first, each interval holds its value, the field's mean is
    1500, and random, which wins nothing against these bots, is last with a finite rating."""
    ratings = reference.ratings
    assert "random" == ratings[-1].bot and 0.0 == ratings[-1].score
    assert all(r.elo.low < r.elo.value < r.elo.high for r in ratings)
    assert 1500 == pytest.approx(sum(r.elo.value for r in ratings) / len(ratings))
    assert [r.elo.value for r in ratings] == sorted((r.elo.value for r in ratings), reverse=True)
    assert all(8 == r.games for r in ratings)


def test_the_same_ladder_in_a_process_pool_and_on_workers(reference: gr.Ladder) -> None:
    """A process pool given as the executor, and a pool of two workers, give the identical
    ladder."""
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        assert reference == gr.ladder(FAST, gr.PAGAT, games=4, seed=5, executor=pool)
    assert reference == gr.ladder(FAST, gr.PAGAT, games=4, seed=5, workers=2)


def test_a_named_factory_keeps_its_name_in_a_process_pool(named_greedy: gr.BotFactory) -> None:
    """A bot factory named by its ``name`` attribute (a ``functools.partial``, whose attributes
    a process pool drops on the way) plays under that name, with the same records, on two
    workers as here."""
    bots: list[str | gr.BotFactory] = [named_greedy, "random"]
    here = gr.ladder(bots, gr.PAGAT, games=4, seed=3)
    assert ("named-greedy", "random") == here.bots
    assert here == gr.ladder(bots, gr.PAGAT, games=4, seed=3, workers=2)


def test_a_shard_adds_up(reference: gr.Ladder) -> None:
    """Deals played in two shards add up to the pair's record."""
    parts = play_deals(gr.PAGAT, ("greedy", "random"), 5, 0, 1) + play_deals(
        gr.PAGAT, ("greedy", "random"), 5, 1, 2
    )
    assert reference.pair("greedy", "random") == parts


def test_ladder_json_round_trip_and_refusals(reference: gr.Ladder) -> None:
    """``loads(dumps(ladder)) == ladder``; a record whose games are not the ladder's, or wins
    that are not its games, is refused with the path."""
    text = gr.dumps(reference)
    assert reference == gr.loads(text)
    data = json.loads(text)
    data["data"]["pairs"][0]["games"] = 6
    with pytest.raises(gr.SerializationError, match=r"pairs\[0\]"):
        gr.loads(json.dumps(data))
    data = json.loads(text)
    data["data"]["games"] = 6
    with pytest.raises(gr.SerializationError, match="played 4 games, not 6"):
        gr.loads(json.dumps(data))


@pytest.mark.parametrize(
    ("bots", "games", "needle"),
    [
        (["greedy"], 2, "at least two bots"),
        (["greedy", "greedy"], 2, "'greedy' is named twice"),
        (["greedy", "nobody"], 2, "unknown bot 'nobody'"),
        (["greedy", "random"], 3, "invalid games 3"),
        (["greedy", "random"], 0, "invalid games 0"),
        (["greedy", "greedy:2"], 2, "takes no budget"),
        (["greedy", "montecarlo:x"], 2, "the budget must be a whole number"),
    ],
)
def test_bad_ladders_are_refused(bots: list[str], games: int, needle: str) -> None:
    """Bad bots or games raise the library's error naming them."""
    with pytest.raises(gr.GinRummyError, match=needle):
        gr.ladder(bots, gr.PAGAT, games=games)


def test_a_budget_in_the_name_sets_the_search_bots_worlds() -> None:
    """``montecarlo:8`` is the search bot with 8 sampled worlds per decision."""
    bot = gr.make_bot("montecarlo:8", 1)
    assert isinstance(bot, gr.MonteCarloBot) and 8 == bot.samples


def test_ladder_command_prints_ratings_and_pairs_and_json(reference: gr.Ladder) -> None:
    """``ginrummy ladder`` prints the ratings strongest first and a line per pair within 80
    columns; ``--json`` is the ladder's document (``gr.dumps``)."""
    args = ("ladder", "--preset", "pagat", "--bots", *FAST, "--games", "4", "--seed", "5")
    listing = run_cli(*args)
    assert (0, "") == (listing.returncode, listing.stderr)
    lines = listing.stdout.splitlines()
    assert max(map(len, lines)) <= 80
    ranked = [line.split()[1] for line in lines if line[:1].isdigit()]
    assert [r.bot for r in reference.ratings] == ranked
    assert any(line.startswith("greedy - random") for line in lines)
    data = json.loads(run_cli(*args, "--json").stdout)
    assert gr.to_data(reference) == data
    odd = run_cli("ladder", "--bots", "greedy", "random", "--games", "3")
    assert 2 == odd.returncode and "3 is odd" in odd.stderr


class FailingThird(concurrent.futures.Executor):
    """Runs jobs here, counting them, and fails the third job submitted with its own error."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        """Run ``fn`` at once, or fail it if it is the third job."""
        self.submitted += 1
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        if self.submitted == 3:
            future.set_exception(gr.GinRummyError("third job failed"))
        else:
            future.set_result(fn(*args, **kwargs))
        return future


def test_the_ladder_and_the_simulation_share_one_job_runner() -> None:
    """The ladder and the simulation both run their shards on the given executor, a bounded
    number in flight (twice the slots), and both stop on the first error with that error:
    no job is submitted after the failed one is collected."""
    ladder_executor, simulation_executor = FailingThird(), FailingThird()
    with pytest.raises(gr.GinRummyError, match="third job failed"):
        gr.ladder(["random", "greedy"], gr.PAGAT, games=40, seed=1, executor=ladder_executor)
    with pytest.raises(gr.GinRummyError, match="third job failed"):
        gr.simulate(
            gr.PAGAT, rounds=40, bots=("random", "greedy"), executor=simulation_executor, shard_size=1
        )
    assert (4, 4) == (ladder_executor.submitted, simulation_executor.submitted)
