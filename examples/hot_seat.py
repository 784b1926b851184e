"""A minimal hot-seat front end: two people take turns at one terminal, on the front-end kit.

Each turn shows only the acting player's table (:func:`ginrummy.frontend.table_text` of its
:class:`ginrummy.PlayerView`: its hand in its best melds, what it knows of the opponent's, the
piles, its choices) and what the opponent did since its last move, across the end of a round
too (:func:`ginrummy.frontend.events_since_last_action`, read from its own censored view, in
words). Actions are typed in the notation of :mod:`ginrummy.actions` (``s``, ``t``, ``p``,
``d Kh``, ``k Kh``, ``k Kh / 7c 8c 9c / ...``, ``bg``, ``l 8h 0``, ``e``); bad input is
explained and asked again, ``help`` lists the notation, and ``quit`` or the end of input
(Ctrl-D) leaves the game.

``--auto`` lets the greedy bot play both seats, which runs the same front end without a
person (the tests use it)::

    python examples/hot_seat.py            # two people
    python examples/hot_seat.py --auto     # two bots
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

import ginrummy as gr
from ginrummy import frontend

HELP = """\
  s  draw from the stock       t  take the top discard       p  pass the upcard
  d Kh  discard Kh             k Kh  knock with Kh face down (the library picks the spread)
  k Kh / 7c 8c 9c / Qs Qh Qd   knock showing your own spread
  bg  big gin                  l 8h 0  lay 8h off onto meld 0     e  end your layoffs
  help  this text              quit  leave the game"""

Seat = Callable[[gr.PlayerView], "gr.Action | None"]
"""A seat chooses an action from a view, or None to leave the game."""


def human_seat(view: gr.PlayerView) -> gr.Action | None:
    """Read actions from standard input until one parses (None on ``quit`` or end of input)."""
    while True:
        try:
            text = input(f"player {view.player}> ").strip()
        except EOFError:
            print()
            return None
        if not text:
            continue
        if text.lower() in ("quit", "q"):
            return None
        if text.lower() in ("help", "?"):
            print(HELP)
            continue
        try:
            return gr.parse_action(text, view.rules)
        except gr.ParseError as exc:
            print(f"  {exc} (type help for the notation)")


def bot_seat(bot: gr.Bot) -> Seat:
    """A seat played by ``bot``; it prints the action as a person would have typed it."""

    def act(view: gr.PlayerView) -> gr.Action | None:
        action = bot.act(view)
        print(f"player {view.player}> {action}")
        return action

    return act


def show(game: gr.Game, player: int) -> None:
    """Print what the acting player may know, and nothing more: what the opponent did since
    its last move (from its censored views) and its table."""
    opponent = f"player {1 - player}"
    for _, event in frontend.events_since_last_action(game.view(player)):
        print(f"  {frontend.describe_event(event, player, opponent=opponent)}")
    print(frontend.table_text(game.round.view(player), opponent=opponent))


def show_round_end(finished: gr.Round, scores: tuple[int, int]) -> None:
    """Print a finished round as both players may see it: each hand in its melds (the
    knocker's as its spread, with the knock card) once the hands are shown (after a knock;
    nobody shows a hand after a dead hand), the layoffs, and the result."""
    result = finished.result
    assert result is not None
    if result.knocker is not None:
        end = frontend.round_end(finished.view(0))
        side = frontend.Side(viewer=0)
        for player, hand in enumerate(end.hands):
            assert hand is not None
            knock = f"   knock card {end.knock_card}" if player == end.knocker and end.knock_card else ""
            print(f"  player {player}: {frontend.arrangement_text(hand, side)}{knock}")
        for card, meld in end.layoffs:
            print(f"  player {1 - result.knocker} laid {card} off onto [{end.spread[meld]}]")
    print(f"  {result}")
    print(f"  game scores {scores[0]} - {scores[1]}")


def play(game: gr.Game, seats: tuple[Seat, Seat]) -> gr.Game | None:
    """Play ``game`` to the end with ``seats``; None if a player left."""
    last: int | None = None
    while not game.is_over:
        player = game.to_act
        assert player is not None
        if player != last:
            print(f"\n--- player {player} to play (player {1 - player}, look away) ---")
            last = player
        show(game, player)
        rounds_ended = len(game.results)
        while True:  # until the seat gives a legal action
            action = seats[player](game.round.view(player))
            if action is None:
                return None
            try:
                game = game.apply(action, player)
                break
            except gr.IllegalActionError as exc:
                print(f"  {exc}")
        if len(game.results) != rounds_ended:
            finished = game.finished  # the round as it ended (the next one is dealt)
            assert finished is not None
            print(f"\n=== round {len(game.results)} over ===")
            show_round_end(finished, game.scores)
            last = None
    return game


def main(argv: Sequence[str] | None = None) -> int:
    """Run the hot-seat game; return the exit status."""
    parser = argparse.ArgumentParser(description="Two players at one terminal.")
    parser.add_argument("--auto", action="store_true", help="let the greedy bot play both seats")
    parser.add_argument("--preset", default="pagat", help="the ruleset (default pagat)")
    parser.add_argument("--seed", type=int, default=8, help="the seed of the deals (default 8)")
    args = parser.parse_args(argv)
    try:
        rules = gr.find_ruleset(args.preset)
    except gr.InvalidRulesetError as exc:
        parser.error(str(exc))
    seats: tuple[Seat, Seat] = (
        (bot_seat(gr.GreedyBot()), bot_seat(gr.GreedyBot())) if args.auto else (human_seat, human_seat)
    )
    print(f"gin rummy, {rules.name} rules, target {rules.target} (type help for the notation)")
    game = play(gr.Game.new(rules, seed=args.seed, dealer=0), seats)
    if game is None:
        print("game abandoned")
        return 0
    result = game.result
    winner = "a drawn game" if result.winner is None else f"player {result.winner} wins"
    print(f"\ngame over: {winner}, totals {result.totals[0]} - {result.totals[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
