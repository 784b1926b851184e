"""Save a game in the middle to JSON, load it back, continue it; corrupt it; undo.

:func:`ginrummy.dumps` writes a game as what determines it (ruleset, seed, decks, actions) plus
its state; :func:`ginrummy.loads` replays the actions and checks the state field by field, so a
document that was edited by hand or damaged raises :class:`ginrummy.SerializationError` with the
path of the first field that is wrong. :meth:`ginrummy.Game.undo` takes back the last action.

Run it with ``python examples/save_and_restore.py``.
"""

from __future__ import annotations

import json

import ginrummy as gr

BOTS: tuple[gr.Bot, gr.Bot] = (gr.GreedyBot(), gr.GreedyBot())


def step(game: gr.Game) -> gr.Game:
    """The game after the player to act has made the greedy bot's move."""
    player = game.to_act
    assert player is not None
    return game.apply(BOTS[player].act(game.round.view(player)))


def main() -> None:
    """Save, restore, continue, corrupt and undo."""
    game = gr.Game.new(gr.PAGAT, seed=5, dealer=0)
    while len(game.results) < 1 or len(game.round.events) < 6:  # into the second round
        game = step(game)
    print(f"mid-game: {game!r}")

    text = gr.dumps(game)
    print(f"saved {len(text)} characters of JSON, {len(game.actions)} actions")
    restored = gr.loads(text)
    assert isinstance(restored, gr.Game)
    print(f"restored equal to the original: {restored == game}")

    while not restored.is_over:
        restored = step(restored)
    result = restored.result
    print(f"continued to the end: winner player {result.winner}, totals {result.totals}")

    document = json.loads(text)
    document["data"]["state"]["scores"][0] += 1  # a score edited by hand
    for label, bad in (("edited score", json.dumps(document)), ("truncated", text[:100])):
        try:
            gr.loads(bad)
        except gr.SerializationError as exc:
            print(f"{label}: SerializationError: {exc}")

    last = game.actions[-1]
    undone = game.undo()
    print(f"undo takes back {last}: {len(undone.actions)} actions, phase {undone.round.phase.name}")
    print(f"and redoing it gives the same game: {undone.apply(last) == game}")


if __name__ == "__main__":
    main()
