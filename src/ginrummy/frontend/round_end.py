"""A finished round laid out for the person: each hand shown in its melds and deadwood, the
layoffs, and the points explained.

The knocker's hand is shown as its spread (the melds it chose, before layoffs) and the cards
outside it; the defender's cards that it kept are shown in their best melds (its deadwood is
theirs); the layoffs say which card went onto which meld. Everything comes from one player's
view of the round, so a hand the rules never showed (a dead hand's) stays unknown.

>>> import ginrummy as gr
>>> from ginrummy.frontend import round_end
>>> g = gr.Game.new(gr.PAGAT, seed=3, dealer=0)
>>> bots = (gr.GreedyBot(), gr.GreedyBot())
>>> while not g.results:
...     g = g.apply(bots[g.to_act].act(g.round.view(g.to_act)))
>>> end = round_end(g.finished.view(0), opponent="the bot")
>>> end.knocker, str(end.hands[1]), str(end.hands[0])
(1, '2c 3c 4c | Td Th Ts | 4h 5h 6h | deadwood Ad (1)', 'deadwood 8c 9c 2d Ah 3s 6s (29)')
>>> [(str(card), str(end.spread[meld])) for card, meld in end.layoffs][:2]
[('5c', '2c 3c 4c'), ('6c', '2c 3c 4c')]
>>> end.headline
"the bot knocks and scores 28: your deadwood 29 - the bot's 1 = 28"
"""

from __future__ import annotations

import attrs

from ginrummy.cards import Card
from ginrummy.errors import IllegalActionError
from ginrummy.frontend.table_facts import table_facts
from ginrummy.frontend.words import OPPONENT, describe_result
from ginrummy.melding.partition import Arrangement
from ginrummy.melds import Meld
from ginrummy.play.round import PlayerView
from ginrummy.results.round_result import RoundResult

__all__ = ["RoundEnd", "round_end"]


@attrs.frozen(kw_only=True)
class RoundEnd:
    """A finished round from one player's side (build it with :func:`round_end`; the module
    shows one).

    >>> import ginrummy as gr
    >>> dead = RoundEnd(viewer=0, result=gr.RoundResult(outcome=gr.Outcome.DEAD_HAND),
    ...     knocker=None, hands=(gr.best_melds("7c 8c 9c Kh"), None), spread=(),
    ...     layoffs=(), knock_card=None, headline="")
    >>> dead.hands[0].points
    10
    """

    viewer: int
    """The player whose view this is."""
    result: RoundResult
    """The result."""
    knocker: int | None
    """Who knocked (None after a dead hand or a void round without a knock)."""
    hands: tuple[Arrangement | None, Arrangement | None]
    """Each player's cards at the end, arranged: the knocker's as its spread (as shown, before
    layoffs) and the rest; the defender's kept cards in their best melds; None for a hand the
    viewer never saw."""
    spread: tuple[Meld, ...]
    """The knocker's melds as it showed them, in its order, before layoffs (empty without a
    knock)."""
    layoffs: tuple[tuple[Card, int], ...]
    """The defender's layoffs: ``(card, number of the meld in`` :attr:`spread` ``)``, in order."""
    knock_card: Card | None
    """The card the knocker laid face down (shown once the round is over)."""
    headline: str
    """The result in words, with the points worked out (:func:`~ginrummy.frontend.describe_result`)."""


def round_end(view: PlayerView, *, opponent: str = OPPONENT, glyphs: bool = False) -> RoundEnd:
    """The finished round of ``view`` laid out (see :class:`RoundEnd`).

    :param view: a player's view of a round that is over.
    :param opponent: the other player's name, for the headline.
    :param glyphs: write the headline's cards with suit symbols.
    :raises IllegalActionError: when the round is not over.

    >>> import ginrummy as gr
    >>> round_end(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(0))
    Traceback (most recent call last):
    ...
    ginrummy.errors.IllegalActionError: the round is not over: it has no end to show
    """
    result = view.result
    if result is None:
        raise IllegalActionError("the round is not over: it has no end to show")
    return RoundEnd(
        viewer=view.player,
        result=result,
        knocker=result.knocker,
        hands=table_facts(view).end_hands,
        spread=result.spread,
        layoffs=result.layoffs,
        knock_card=view.knock_card,
        headline=describe_result(result, view.rules, view.player, opponent=opponent, glyphs=glyphs),
    )
