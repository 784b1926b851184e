"""The table as text, for the environments' ``render_mode="ansi"`` (a spectator's picture)."""

from __future__ import annotations

import ginrummy as gr

__all__ = ["table_text"]


def table_text(state: gr.Round, game: gr.Game | None = None) -> str:
    """Both hands, the piles, the phase and, in a game, the scores: one line each.

    >>> import ginrummy as gr
    >>> print(table_text(gr.Round.deal(gr.PAGAT, dealer=0, seed=7)))  # doctest: +ELLIPSIS
    pagat, dealer 0, phase upcard-offer, player 1 to act, knock limit 10
    player 0: ...
    player 1: ...
    discard pile (top last): 9d
    stock: 31 cards
    """
    to_act = "round over" if state.to_act is None else f"player {state.to_act} to act"
    lines = [
        f"{state.rules.name}, dealer {state.dealer}, phase {state.phase.value}, {to_act}, "
        f"knock limit {state.knock_limit}"
    ]
    lines += [f"player {player}: {state.hand(player)}" for player in (0, 1)]
    lines.append("discard pile (top last): " + " ".join(str(card) for card in state.discard_pile))
    lines.append(f"stock: {len(state.stock)} cards")
    if state.spread:
        lines.append("spread: " + " / ".join(str(meld) for meld in state.spread))
    if state.result is not None:
        result = state.result
        who = "nobody" if result.winner is None else f"player {result.winner}"
        lines.append(f"result: {result.outcome.value}, {who} scores {result.points}")
    if game is not None:
        lines.append(f"game scores: {game.scores[0]} - {game.scores[1]} (target {game.rules.target})")
    return "\n".join(lines)
