"""The inputs of the learned belief for one card: what the view says around it.

The learned belief (:mod:`ginrummy.beliefs.learned_belief`) asks one small network, card by card,
how likely the opponent is to hold each card the viewer cannot see. Its inputs are about that
card's neighbourhood, so one network serves every card and learns from all of them at once
(the way a convolution shares its weights):

- its rank (the ace low, the king high) and its own points;
- the other three cards of its rank: how many the viewer holds, lie in the pile, the opponent
  threw, the opponent is known to hold, the opponent was offered and left, are unseen;
- each of the cards one and two ranks below and above it in its suit (wrapping round the
  corner where the rules say so): whether there is one, and the same six facts;
- whether either of the opponent's last two discards is of its rank, or next to it or two away
  in its suit;
- the share of the unseen cards the opponent holds (the uniform belief), the stock size, the
  turns, and the ruleset's knock limit, gin and undercut bonuses.

They are computed from a view's inputs (:func:`ginrummy.beliefs.view_features.view_inputs`), so
training (which keeps those) and play compute them with this same code.

>>> import ginrummy as gr
>>> from ginrummy.beliefs.view_features import view_inputs
>>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard()).view(0)
>>> cards, rows = card_rows(*view_inputs(view, view.records))
>>> len(cards) == len(rows) == 41, len(rows[0]) == CARD_INPUTS
(True, True)
"""

from __future__ import annotations

from ginrummy.beliefs.view_features import BLOCKS, HAND, HELD, PASSED, PILE, RECENT, THROWN

__all__ = ["CARD_INPUTS", "card_rows"]

_FACTS = 6
"""Per neighbouring card: mine, in the pile (not thrown by the opponent), thrown by the
opponent, held by the opponent, left by the opponent when offered, unseen."""
CARD_INPUTS = 2 + _FACTS + 4 * (1 + _FACTS) + 4 + 6
"""How many inputs one card has."""

_SCALAR = 52 * BLOCKS
_STOCK, _TURNS = _SCALAR, _SCALAR + 1
_KNOCK, _GIN, _UNDERCUT = _SCALAR + 3, _SCALAR + 4, _SCALAR + 5
_WRAP = _SCALAR + 10


def _facts(blocks: list[int], index: int) -> tuple[float, ...]:
    bit = 1 << index
    mine = blocks[HAND] & bit
    held = blocks[HELD] & bit
    thrown = blocks[THROWN] & bit and blocks[PILE] & bit
    pile = blocks[PILE] & bit and not thrown
    passed = blocks[PASSED] & bit
    unseen = not (mine or held or blocks[PILE] & bit)
    return (
        1.0 if mine else 0.0,
        1.0 if pile else 0.0,
        1.0 if thrown else 0.0,
        1.0 if held else 0.0,
        1.0 if passed else 0.0,
        1.0 if unseen else 0.0,
    )


def card_rows(active: list[int], values: list[tuple[int, float]]) -> tuple[list[int], list[list[float]]]:
    """The cards the viewer cannot see (by index) and, for each, its inputs (see the module
    docstring), from a view's inputs."""
    blocks = [0] * BLOCKS
    for index in active:
        if index < _SCALAR:
            block, card = divmod(index, 52)
            blocks[block] |= 1 << card
    scalars = dict(values)
    for index in active:
        if index >= _SCALAR:
            scalars[index] = 1.0
    wrap = scalars.get(_WRAP, 0.0) > 0
    seen = blocks[HAND] | blocks[PILE] | blocks[HELD]
    unseen = [index for index in range(52) if not seen >> index & 1]
    hidden = 10 - bin(blocks[HELD]).count("1")
    share = hidden / max(1, len(unseen))
    recent = [index for index in range(52) if blocks[RECENT] >> index & 1]
    common = [
        share,
        scalars.get(_STOCK, 0.0),
        scalars.get(_TURNS, 0.0),
        scalars.get(_KNOCK, 0.0),
        scalars.get(_GIN, 0.0),
        scalars.get(_UNDERCUT, 0.0),
    ]
    facts = [_facts(blocks, index) for index in range(52)]
    rows = []
    for index in unseen:
        suit, rank = divmod(index, 13)
        row = [rank / 12, min(rank + 1, 10) / 10]
        mates = [0.0] * _FACTS
        for other in range(4):
            if other != suit:
                for k, fact in enumerate(facts[13 * other + rank]):
                    mates[k] += fact / 3
        row.extend(mates)
        for offset in (-2, -1, 1, 2):
            near = rank + offset
            if wrap:
                near %= 13
            if 0 <= near <= 12:
                row.append(1.0)
                row.extend(facts[13 * suit + near])
            else:
                row.extend((0.0,) * (1 + _FACTS))
        for thrown in recent[:2]:
            t_suit, t_rank = divmod(thrown, 13)
            same_rank = t_rank == rank
            gap = abs(t_rank - rank) if t_suit == suit else 99
            if wrap and t_suit == suit:
                gap = min(gap, 13 - gap)
            row.extend((1.0 if same_rank else 0.0, 1.0 if gap in (1, 2) else 0.0))
        row.extend((0.0, 0.0) * (2 - len(recent[:2])))
        row.extend(common)
        rows.append(row)
    return unseen, rows
