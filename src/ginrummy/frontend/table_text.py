"""A terminal table from one player's side: the view as lines of text within a width.

Unlike a view's ``str()`` (a compact picture for a REPL), these lines speak to the player ("your
hand", "the bot") and fit a terminal: long lines are wrapped under their label, the discard
pile shows its top cards, and the player's choices are grouped (draw or take; discard a card;
knock with a card, saying what it leaves; lay a card off onto a meld).

>>> import ginrummy as gr
>>> from ginrummy.frontend import table_text
>>> print(table_text(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1), opponent="the bot"))
your hand  Ac 2d 4d 5d Td Qd 6h 8h Kh 2s   deadwood 58
the bot    10 cards
pile       9d   stock 31   knock limit 10
your turn  t: take 9d, p: pass the upcard
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from ginrummy.cards import Card
from ginrummy.frontend.discards import knock_now
from ginrummy.frontend.round_end import round_end
from ginrummy.frontend.table_facts import TableFacts, table_facts
from ginrummy.frontend.words import OPPONENT, Side
from ginrummy.melding.partition import Arrangement
from ginrummy.phase import Phase
from ginrummy.play.round import PlayerView
from ginrummy.plurals import counted

__all__ = ["WIDTH", "arrangement_text", "round_end_text", "table_text"]

WIDTH = 80
"""The width the lines fit by default."""
_LABEL = 11
_PILE_SHOWN = 8


def _lines(label: str, text: str, width: int) -> list[str]:
    """``text`` after ``label``, wrapped to ``width`` under the label's column."""
    head = f"{label:<{_LABEL - 1}} "
    return textwrap.wrap(
        text, width, initial_indent=head, subsequent_indent=" " * _LABEL, break_on_hyphens=False
    ) or [head.rstrip()]


def arrangement_text(arrangement: Arrangement, side: Side) -> str:
    """Melds in brackets, then the deadwood cards and points.

    >>> import ginrummy as gr
    >>> arrangement_text(gr.best_melds("9c 7c 8c Kh"), Side(viewer=0, glyphs=True))
    '[7♣ 8♣ 9♣] K♥   deadwood 10'
    """
    parts = [f"[{side.meld(meld)}]" for meld in arrangement.melds]
    parts += [side.card(card) for card in arrangement.deadwood]
    return f"{' '.join(parts)}   deadwood {arrangement.points}"


def _cards(cards: Iterable[Card], side: Side) -> str:
    return " ".join(side.card(card) for card in cards)


def _choices(facts: TableFacts, side: Side) -> str:
    """The player's choices now, grouped."""
    view, grouped = facts.view, facts.controls
    parts: list[str] = []
    top = view.upcard
    if grouped.take is not None and top is not None:
        parts.append(f"t: take {side.card(top)}")
    if grouped.draw is not None:
        parts.append("s: draw from the stock")
    if grouped.pass_upcard is not None:
        parts.append("p: pass the upcard")
    if grouped.discardable:
        parts.append("d CARD: discard")
        if grouped.taken is not None and grouped.taken not in grouped.discardable:
            parts[-1] += f" (not {side.card(grouped.taken)}, just taken)"
    if facts.knock_cards:
        knocks = ", ".join(f"{side.card(card)} leaves {left}" for card, left in facts.knock_cards)
        parts.append(f"k CARD: knock with it face down ({knocks})")
    if grouped.big_gin is not None:
        parts.append("bg: big gin")
    for entry in grouped.cards:
        for layoff in entry.layoffs:
            parts.append(
                f"l {entry.card} {layoff.meld}: lay {side.card(entry.card)} off onto meld {layoff.meld}"
            )
    if grouped.end_layoffs is not None:
        parts.append("e: end the layoffs")
    return ", ".join(parts)


def table_text(
    view: PlayerView, *, opponent: str = OPPONENT, glyphs: bool = False, width: int = WIDTH
) -> str:
    """``view`` as a terminal table from its player's side, within ``width`` columns: the
    hand in its best melds, what is known of the opponent's, the pile's top cards, the stock,
    the knock limit, the spread and layoffs once shown, what knocking now would leave when it
    could, and the player's choices on its turn.

    :param view: the player's view of a round.
    :param opponent: the other player's name.
    :param glyphs: write cards with suit symbols.
    :param width: the most columns a line takes (at least 40).

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())
    >>> print(table_text(r.view(1), opponent="the bot").splitlines()[-1])
    your turn  d CARD: discard (not 9d, just taken)
    """
    width = max(40, width)
    side = Side(view.player, opponent, glyphs)
    facts = table_facts(view)
    lines = _lines("your hand", arrangement_text(facts.arrangement, side), width)
    if facts.opponent_arrangement is not None:
        lines += _lines(opponent, arrangement_text(facts.opponent_arrangement, side), width)
    else:
        known = f", holds {_cards(view.opponent_known, side)}" if view.opponent_known else ""
        lines += _lines(opponent, f"{counted(view.opponent_card_count, 'card')}{known}", width)
    pile = view.discard_pile
    shown = _cards(pile[-_PILE_SHOWN:], side) or "empty"
    if len(pile) > _PILE_SHOWN:
        shown = f"({counted(len(pile), 'card')}) ... {shown}"
    limit = "gin only" if view.knock_limit == 0 else str(view.knock_limit)
    lines += _lines("pile", f"{shown}   stock {view.stock_size}   knock limit {limit}", width)
    if view.knocker is not None:
        spread = " ".join(f"{i}:[{side.meld(meld)}]" for i, meld in enumerate(view.spread))
        lines += _lines("spread", f"{side.possessive(view.knocker)}: {spread}", width)
        if view.layoffs:
            laid = ", ".join(f"{side.card(card)} onto {meld}" for card, meld in view.layoffs)
            lines += _lines("laid off", laid, width)
    if view.is_my_turn and view.phase is Phase.DISCARD:
        now = knock_now(view)
        if now.card is not None and not now.legal:
            lines += _lines(
                "knock", f"not yet: the least deadwood is {now.deadwood}, the limit {limit}", width
            )
    if view.is_my_turn:
        lines += _lines("your turn", _choices(facts, side), width)
    return "\n".join(lines)


def round_end_text(
    view: PlayerView, *, opponent: str = OPPONENT, glyphs: bool = False, width: int = WIDTH
) -> str:
    """A finished round from the viewer's side, within ``width`` columns: each hand in its
    melds (the knocker's spread as shown), the knock card, the layoffs, and the result with
    its points worked out.

    :param view: the viewer's view of a round that is over.
    :raises IllegalActionError: when the round is not over.

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> while not r.is_over:
    ...     r = r.apply(gr.GreedyBot().act(r.view(r.to_act)))
    >>> print(round_end_text(r.view(0), opponent="the bot"))
    you        [Jc Qc Kc] [5s 6s 7s] 3h 4h As   deadwood 8
    the bot    [2c 2d 2s] [4d 5d 6d 7d] Ac 5h 4s   deadwood 10   knock card 6h
    laid off   3d onto [4d 5d 6d 7d]
    you undercut the bot and score 12: the bot's deadwood 10 - your 8 + undercut
    bonus 10 = 12
    """
    width = max(40, width)
    side = Side(view.player, opponent, glyphs)
    end = round_end(view, opponent=opponent, glyphs=glyphs)
    lines: list[str] = []
    for player in (view.player, 1 - view.player):
        hand = end.hands[player]
        name = "you" if player == view.player else opponent
        if hand is None:
            lines += _lines(name, "not shown", width)
            continue
        text = arrangement_text(hand, side)
        if player == end.knocker and end.knock_card is not None:
            text += f"   knock card {side.card(end.knock_card)}"
        lines += _lines(name, text, width)
    if end.layoffs:
        laid = ", ".join(
            f"{side.card(card)} onto [{side.meld(end.spread[meld])}]" for card, meld in end.layoffs
        )
        lines += _lines("laid off", laid, width)
    lines += textwrap.wrap(end.headline, width, break_on_hyphens=False)
    return "\n".join(lines)
