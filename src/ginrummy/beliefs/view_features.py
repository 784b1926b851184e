"""The inputs of the learned models: what a player's view says, as indicators a network reads.

One function, :func:`view_inputs`, turns a view (and its censored log) into the inputs of the
learned belief (:mod:`ginrummy.beliefs.learned_belief`), the learned bot's action values and the
learned value of a position. Training (the repository's ``training/`` folder) imports this
module, so the features a model was fitted on are the features it is run on; a model file
records :data:`FEATURE_VERSION`, and a file of another version is refused.

Nothing here reads what the viewer cannot see: every input comes from the viewer's hand, the
discard pile, the censored log and the ruleset.

The inputs, in blocks of 52 card indicators (card index ``13 * suit + rank - 1``), then scalars:

========  =====================================================================
block     a card's indicator is 1 when
========  =====================================================================
HAND      the viewer holds it
PILE      it lies in the discard pile (under the top or on it)
TOP       it is the top of the discard pile
THROWN    the opponent discarded it (this round)
RECENT    it was one of the opponent's last two discards
PASSED    the opponent was offered it (the upcard, or the top discard when it drew
          from the stock) and left it
HELD      the opponent took it from the pile and still holds it
MINE      the viewer discarded it
========  =====================================================================

The scalars (:data:`SCALARS`) are the stock size, the turns played, whether the viewer dealt,
and the ruleset's fields that change play: the knock limit of the round, the gin, undercut, box
and big gin bonuses, whether big gin, layoffs, Oklahoma and round-the-corner runs are in play,
whether the non-dealer must draw from the stock after both pass, and whether the card taken
may be discarded at once.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.PassUpcard())
>>> view = r.view(0)
>>> active, values = view_inputs(view, view.records)
>>> sorted(active)[:10] == sorted(card.index for card in view.hand)
True
>>> PASSED * 52 + gr.Card("9d").index in active      # player 1 left the upcard 9d
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.actions import Discard, DrawStock, Knock, PassUpcard, TakeDiscard
from ginrummy.beliefs.worlds import Record, ViewFacts
from ginrummy.rules import AfterPass, Ruleset

__all__ = [
    "BLOCKS",
    "FEATURE_VERSION",
    "HAND",
    "HELD",
    "INPUTS",
    "MINE",
    "PASSED",
    "PILE",
    "RECENT",
    "SCALARS",
    "THROWN",
    "TOP",
    "FeatureFacts",
    "Inputs",
    "ruleset_values",
    "view_inputs",
]

FEATURE_VERSION = 2
"""The version of the inputs of every learned model (these, and those derived from them:
:mod:`ginrummy.beliefs.card_features`, :mod:`ginrummy.bots.action_features`): a model file
fitted on other inputs is refused."""

HAND, PILE, TOP, THROWN, RECENT, PASSED, HELD, MINE = range(8)
"""The card blocks, in the order of the inputs (block ``b`` holds inputs ``52 * b`` to
``52 * b + 51``)."""
BLOCKS = 8
"""How many blocks of card indicators."""
SCALARS = (
    "stock",
    "turns",
    "dealer",
    "knock_limit",
    "gin_bonus",
    "undercut_bonus",
    "box_bonus",
    "big_gin",
    "layoffs",
    "oklahoma",
    "round_the_corner",
    "stock_only",
    "may_discard_taken",
)
"""The names of the scalar inputs, which follow the blocks."""
INPUTS = 52 * BLOCKS + len(SCALARS)
"""How many inputs a view gives."""

Inputs = tuple[list[int], list[tuple[int, float]]]
"""A view's inputs: the indices of the inputs that are 1, and ``(index, value)`` for the
others that are not 0."""

_FIRST_SCALAR = 52 * BLOCKS

FeatureFacts = ViewFacts
"""What the features read of a view: the sampler's protocol of one (the name stays for the
signatures that cite it)."""


def ruleset_values(rules: Ruleset, knock_limit: int) -> list[float]:
    """The ruleset's scalar inputs (from ``knock_limit`` on in :data:`SCALARS`), each scaled to
    about 0 to 1.

    >>> import ginrummy as gr
    >>> ruleset_values(gr.PAGAT, 10)[:4]
    [1.0, 0.8, 0.4, 0.8]
    """
    return [
        knock_limit / 10,
        rules.gin_bonus / 25,
        rules.undercut_bonus / 25,
        rules.box_bonus / 25,
        float(rules.big_gin) * rules.big_gin_bonus / 31,
        float(rules.layoffs),
        float(rules.oklahoma),
        float(rules.round_the_corner),
        float(rules.after_both_pass is AfterPass.STOCK_ONLY),
        float(rules.may_discard_taken_card),
    ]


def view_inputs(view: ViewFacts, records: Sequence[Record]) -> Inputs:
    """The inputs of ``view`` whose censored log is ``records`` (see the module docstring).

    The log is read from its end back, rebuilding the discard pile before each event, so a
    view of a round set up at a position (with no deal in its log) is read the same way.
    """
    me = view.player
    active = [card.index for card in view.hand]
    pile = list(view.discard_pile)
    for card in pile:
        active.append(52 * PILE + card.index)
    if pile:
        active.append(52 * TOP + pile[-1].index)
    thrown = 0
    recent: list[int] = []
    passed = 0
    mine = 0
    for _, player, action, shown in reversed(records):
        kind = type(action)
        if kind is Discard or kind is Knock:
            # a knock card is in the log only once the viewer may see it
            index = action.card.index  # type: ignore[union-attr]
            if kind is Discard and pile:
                pile.pop()
            if player == me:
                mine |= 1 << index
            else:
                thrown |= 1 << index
                if len(recent) < 2:
                    recent.append(index)
        elif kind is TakeDiscard:
            if shown is not None:
                pile.append(shown)
        elif player != me and (kind is DrawStock or kind is PassUpcard) and pile:
            passed |= pile[-1].mask
    for block, mask in ((THROWN, thrown), (PASSED, passed), (HELD, view.opponent_known.mask), (MINE, mine)):
        while mask:
            low = mask & -mask
            mask ^= low
            active.append(52 * block + low.bit_length() - 1)
    for index in recent:
        active.append(52 * RECENT + index)
    scalars = [
        view.stock_size / 31,
        min(view.turns, 40) / 20,
        float(view.dealer == me),
        *ruleset_values(view.rules, view.knock_limit),
    ]
    values = [(_FIRST_SCALAR + i, value) for i, value in enumerate(scalars) if value]
    return active, values
