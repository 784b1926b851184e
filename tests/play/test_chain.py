"""Persistent lists (``ginrummy.play.chain``): a round's log and a game's history grow by
links, and every value that holds them pickles and copies, in both builds, however long."""

from __future__ import annotations

import copy
import pickle
import sys

import pytest

import ginrummy as gr
from ginrummy.errors import GinRummyError
from ginrummy.play.chain import Chain, _rebuilt
from ginrummy.play.events import EventLog


def test_a_chain_longer_than_the_recursion_limit_pickles_and_copies() -> None:
    """A chain is pickled flat: one longer than the interpreter's recursion limit comes back
    with the same items, as the same kind of chain, by pickle and by ``copy.deepcopy``."""
    length = sys.getrecursionlimit() * 3
    chain = Chain.of(0)
    for number in range(1, length):
        chain = chain.then(number)
    for copied in (pickle.loads(pickle.dumps(chain)), copy.deepcopy(chain)):
        assert type(copied) is Chain
        assert tuple(range(length)) == copied.items()
        assert length == len(copied)
        longer = copied.then(length)
        assert (length + 1, length) == (len(longer), longer.items()[-1])


def test_an_event_log_pickles_as_an_event_log() -> None:
    """A round's log comes back as a log: its events and each player's censored events are
    those of the original."""
    log = EventLog.of((0, 1, gr.DrawStock(), gr.Card("As"))).then((1, 1, gr.Discard(gr.Card("As")), None))
    assert isinstance(log, EventLog)
    copied = pickle.loads(pickle.dumps(log))
    assert type(copied) is EventLog
    assert log.events() == copied.events()
    assert (log.seen(0), log.seen(1)) == (copied.seen(0), copied.seen(1))
    assert copied.seen(0)[0].card is None


def test_an_empty_pickled_chain_is_refused_with_the_library_error() -> None:
    """A pickle that names no item (only a hand-made one can) raises the library's error."""
    with pytest.raises(GinRummyError, match="a chain holds at least one item"):
        _rebuilt(Chain, ())


def _long_game() -> gr.Game:
    """A game of more actions than the recursion limit (a target of 600 between greedy bots)."""
    bots = (gr.GreedyBot(seed=1), gr.GreedyBot(seed=2))
    game = gr.Game.new(gr.PAGAT.evolve(target=600), seed=4, dealer=0)
    while not game.is_over:
        player = game.round.to_act
        assert player is not None
        game = game.apply(bots[player].act(game.round.view(player)))
    return game


def test_rounds_games_views_and_records_with_long_logs_pickle_and_copy() -> None:
    """Every value that holds a log or a game's history (a round in play, its views before and
    after their events are read, a finished game, its view and its record) pickles and
    deep-copies to an equal value whose views are the same."""
    game = _long_game()
    assert len(game.actions) > sys.getrecursionlimit()
    last = game.played[-1]
    before = game.played[0]
    round_in_play = gr.Round.deal(gr.PAGAT, dealer=0, seed=3)
    for action in (gr.PassUpcard(), gr.PassUpcard(), gr.DrawStock()):
        round_in_play = round_in_play.apply(action)
    unread = round_in_play.view(1)
    read = round_in_play.view(0)
    assert read.events
    values: list[object] = [round_in_play, unread, read, last, before, game, game.view(0), game.record()]
    for value in values:
        for copied in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value)):
            assert value == copied
            assert type(value) is type(copied)
    copied_game = pickle.loads(pickle.dumps(game))
    assert game.played[-1].events == copied_game.played[-1].events
    assert (game.view(1), game.result) == (copied_game.view(1), copied_game.result)
    copied_round = pickle.loads(pickle.dumps(round_in_play))
    assert (round_in_play.view(0).events, round_in_play.legal_actions()) == (
        copied_round.view(0).events,
        copied_round.legal_actions(),
    )
    thrown = gr.Discard(round_in_play.hand(1).cards[0])
    assert copied_round.apply(thrown) == round_in_play.apply(thrown)
