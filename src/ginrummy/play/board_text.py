"""Compact text pictures of rounds, views and games (their ``str()``), for a person at a REPL
or a terminal, like python-chess's board.

A hand is drawn with its best melds grouped in brackets and its deadwood after them; piles
list their cards bottom to top; a view draws only what its player may see. The pictures read
a round as its record (:class:`~ginrummy.round_fields.RoundFields`), a view as the sampler's
protocol of one (:class:`~ginrummy.beliefs.worlds.ViewFacts`) and a game through small
protocols (:class:`GameLike`, :class:`GameViewLike`), so this module knows nothing of the
classes that draw themselves with it.

>>> import ginrummy as gr
>>> print(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1))
player 1 · pagat · upcard offer · your turn · turn 0
you        Ac 2d 4d 5d Td Qd 6h 8h Kh 2s   deadwood 58
opponent   10 cards
pile       9d   stock 31   knock limit 10
legal      t, p
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ginrummy.cards import Hand
from ginrummy.melding.partition import best_melds
from ginrummy.melds import Meld
from ginrummy.phase import Phase
from ginrummy.plurals import counted
from ginrummy.results.round_result import RoundResult
from ginrummy.round_fields import RoundFields
from ginrummy.rules import Ruleset

if TYPE_CHECKING:  # a view, as the beliefs name what it shows
    from ginrummy.beliefs.worlds import ViewFacts

__all__ = [
    "GameLike",
    "GameViewLike",
    "game_picture",
    "game_view_picture",
    "hand_picture",
    "round_picture",
    "view_picture",
]

_PHASES = {
    Phase.UPCARD_OFFER: "upcard offer",
    Phase.DRAW: "draw",
    Phase.DISCARD: "discard",
    Phase.LAYOFF: "layoff",
    Phase.OVER: "over",
}


class _Settled(Protocol):
    @property
    def winner(self) -> int | None: ...
    @property
    def totals(self) -> tuple[int, int]: ...


class GameLike(Protocol):
    """What :func:`game_picture` reads of a game."""

    @property
    def rules(self) -> Ruleset: ...
    @property
    def seed(self) -> int | str: ...
    @property
    def scores(self) -> tuple[int, int]: ...
    @property
    def column_scores(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def results(self) -> tuple[RoundResult, ...]: ...
    @property
    def result(self) -> _Settled: ...
    @property
    def round(self) -> RoundFields: ...


class GameViewLike(Protocol):
    """What :func:`game_view_picture` reads of a player's view of a game."""

    @property
    def player(self) -> int: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def scores(self) -> tuple[int, int]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def results(self) -> tuple[RoundResult, ...]: ...
    @property
    def result(self) -> _Settled: ...
    @property
    def round(self) -> ViewFacts: ...


def hand_picture(hand: Hand, rules: Ruleset) -> str:
    """A hand with its best melds in brackets, its deadwood cards, and its deadwood points."""
    if not hand:
        return "-"
    arrangement = best_melds(hand, rules)
    parts = [f"[{meld}]" for meld in arrangement.melds]
    parts.extend(str(card) for card in arrangement.deadwood)
    return f"{' '.join(parts)}   deadwood {arrangement.points}"


def _spread(spread: Sequence[Meld]) -> str:
    return " ".join(f"{index}:[{meld}]" for index, meld in enumerate(spread))


def _pile(cards: Sequence[object]) -> str:
    return " ".join(map(str, cards)) if cards else "-"


def _knock_lines(fields: RoundFields | ViewFacts) -> list[str]:
    if fields.knocker is None:
        return []
    line = f"spread     player {fields.knocker}: {_spread(fields.spread)}"
    if fields.knock_card is not None:
        line += f"   knock card {fields.knock_card}"
    lines = [line]
    if fields.layoffs:
        lines.append("layoffs    " + " ".join(f"{card}>{meld}" for card, meld in fields.layoffs))
    return lines


def round_picture(r: RoundFields) -> str:
    """The whole round, both hands and the stock's top card included (omniscient)."""
    head = [r.rules.name, f"dealer {r.dealer}", _PHASES[r.phase]]
    if r.to_act is not None:
        head.append(f"player {r.to_act} to act" + (f" (took {r.taken})" if r.taken is not None else ""))
    lines = [" · ".join([*head, f"turn {r.turns}"])]
    for player in (0, 1):
        lines.append(f"player {player}   {hand_picture(r.hands[player], r.rules)}")
    stock = f"stock {len(r.stock)}" + (f" (next {r.stock[-1]})" if r.stock else "")
    lines.append(f"pile       {_pile(r.discard_pile)}   {stock}   knock limit {r.knock_limit}")
    lines += _knock_lines(r)
    if r.result is not None:
        lines.append(f"result     {r.result}")
    return "\n".join(lines)


def view_picture(v: ViewFacts) -> str:
    """What one player sees: its hand, what it knows of the opponent's, the piles, the legal
    actions on its turn."""
    head = [f"player {v.player}", v.rules.name, _PHASES[v.phase]]
    if v.to_act == v.player:
        head.append("your turn" + (f" (took {v.taken})" if v.taken is not None else ""))
    elif v.to_act is not None:
        head.append("opponent's turn")
    lines = [" · ".join([*head, f"turn {v.turns}"])]
    lines.append(f"you        {hand_picture(v.hand, v.rules)}")
    if v.opponent_hand is not None:
        lines.append(f"opponent   {hand_picture(v.opponent_hand, v.rules)}")
    else:
        known = f", holds {v.opponent_known}" if v.opponent_known else ""
        lines.append(f"opponent   {counted(v.opponent_card_count, 'card')}{known}")
    lines.append(f"pile       {_pile(v.discard_pile)}   stock {v.stock_size}   knock limit {v.knock_limit}")
    lines += _knock_lines(v)
    if v.legal_actions:
        lines.append("legal      " + ", ".join(map(str, v.legal_actions)))
    if v.result is not None:
        lines.append(f"result     {v.result}")
    return "\n".join(lines)


def game_picture(g: GameLike) -> str:
    """The game's scores and results so far, then the round in play."""
    scores = f"{g.scores[0]}-{g.scores[1]}"
    if len(g.column_scores) > 1:
        scores += " (columns " + ", ".join(f"{a}-{b}" for a, b in g.column_scores) + ")"
    state = "over" if g.is_over else f"round {len(g.results) + 1}"
    lines = [f"{g.rules.name} game · seed {g.seed!r} · {state} · scores {scores} (target {g.rules.target})"]
    if g.is_over:
        result = g.result
        winner = "a draw" if result.winner is None else f"player {result.winner} wins"
        lines.append(f"result     {winner}, {result.totals[0]}-{result.totals[1]}")
    lines.append(round_picture(g.round))
    return "\n".join(lines)


def game_view_picture(v: GameViewLike) -> str:
    """What one player sees of a game: the scores (its own first), one line per finished round,
    the settlement once the game is over, then its view of the round in play (the last round
    once the game is over).

    >>> import ginrummy as gr
    >>> print(gr.Game.new(gr.PAGAT, seed=7, dealer=0).view(1))
    pagat game · player 1 · round 1 · you 0, opponent 0 (target 100)
    player 1 · pagat · upcard offer · your turn · turn 0
    you        [4c 4h 4s] 6c 8c 9d Kd 9h Th Js   deadwood 62
    opponent   10 cards
    pile       Ah   stock 31   knock limit 10
    legal      t, p
    """
    me, other = v.player, 1 - v.player
    state = "over" if v.is_over else f"round {len(v.results) + 1}"
    lines = [
        f"{v.rules.name} game · player {me} · {state} · you {v.scores[me]}, opponent {v.scores[other]} "
        f"(target {v.rules.target})"
    ]
    for number, result in enumerate(v.results, start=1):
        lines.append(f"round {number:<4} {result}")
    if v.is_over:
        totals = v.result.totals
        winner = v.result.winner
        verdict = "a drawn game" if winner is None else "you win" if winner == me else "the opponent wins"
        lines.append(f"result     {verdict}, you {totals[me]}, opponent {totals[other]}")
    lines.append(view_picture(v.round))
    return "\n".join(lines)
