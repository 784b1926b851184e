""":class:`LearnedBot`: a player that acts from learned values of its actions.

At each decision it weighs the candidates of :func:`~ginrummy.bots.action_features.candidates`
(the draws, every legal discard, the best knock) with the action-value network of
:mod:`ginrummy.bots.learned_values` and plays the one of highest expected result, the first of
them on a tie. Gin and big gin are always taken (nothing is worth more than a round won at once
with the bonus); the layoffs follow the jointly optimal plan of :func:`~ginrummy.best_layoffs`.
A knock shows the library's best arrangement.

The values were fitted to the results of self-play rounds under many rulesets, the ruleset's
fields among the inputs, so one network plays every preset and house rules it never saw; the
knock, in particular, is valued by what knocking led to in those rounds, not by a rule of
thumb. It has no randomness: the seed is accepted for the :class:`~ginrummy.Bot` factories'
sake and changes nothing, and the same view always gives the same action.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
>>> bots = (LearnedBot(seed=1), LearnedBot(seed=2))
>>> while not r.is_over:
...     r = r.apply(bots[r.to_act].act(r.view(r.to_act)))
>>> r.result is not None
True
"""

from __future__ import annotations

from typing import ClassVar

from ginrummy.actions import Action, BigGin, Knock
from ginrummy.bots.learned_values import action_values
from ginrummy.bots.reference import next_layoff, require_turn
from ginrummy.cards import Hand
from ginrummy.errors import GinRummyError
from ginrummy.melding.partition import deadwood
from ginrummy.phase import Phase
from ginrummy.play.round import PlayerView
from ginrummy.validators import check_seed

__all__ = ["LearnedBot"]


class LearnedBot:
    """A player that acts from learned action values (see the module docstring).

    :param seed: accepted like every bot's, and unused: the bot has no randomness.

    >>> import ginrummy as gr
    >>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
    >>> LearnedBot().act(view) in (gr.PassUpcard(), gr.TakeDiscard())
    True
    """

    name: ClassVar[str] = "learned"

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = check_seed(seed, GinRummyError, optional=True)

    def act(self, view: PlayerView) -> Action:
        """This bot's choice among ``view.legal_actions``.

        :raises GinRummyError: when the view has no legal action (not this player's turn).
        """
        legal = require_turn(view)
        if view.phase is Phase.LAYOFF:
            return next_layoff(view)
        if BigGin() in legal:
            return BigGin()
        rules = view.rules
        for action in legal:
            if (
                isinstance(action, Knock)
                and deadwood(Hand.from_mask(view.hand.mask & ~action.card.mask), rules) == 0
            ):
                return action
        values = action_values(view)
        if len(values) == 1:
            return next(iter(values))
        return max(values, key=values.__getitem__)
