"""Models of the opponent: how likely a reasonable player was to make the choices a view shows.

A model scores the opponent's observed choices in a hypothesized world: each time it was
offered a card (the upcard at the deal, the top discard at a draw) and took it or left it, each
discard, and its knock. :mod:`ginrummy.beliefs.particles` weights uniformly drawn worlds by
these scores (importance sampling), so that worlds where the opponent played sensibly count
more than worlds where its choices would have been odd.

- ``'uniform'`` (:data:`UNIFORM`): every consistent world is equally likely; the exact
  sampler of :meth:`ginrummy.PlayerView.sample` and probabilities in closed form.
- ``'reasonable'`` (:class:`ReasonablePlayer`): a player who takes a card when it lowers its
  deadwood, discards what leaves the least deadwood while keeping pairs and near-runs (a
  softmax: the better a discard, the likelier), and often waits for a better knock.
- ``'learned'`` (:class:`~ginrummy.beliefs.learned_belief.LearnedBelief`): a network fitted on
  self-play rounds says, card by card, how likely the opponent is to hold it; worlds are
  weighted by those odds (:mod:`ginrummy.beliefs.learned_belief`).

Models are values (frozen, hashable) and live in the read-only registry
:data:`OPPONENT_MODELS`; any object with a ``name``, a ``particles`` count and a
``log_likelihood(decisions, rules, knock_limit)`` method can be passed instead.

>>> import ginrummy as gr
>>> sorted(gr.OPPONENT_MODELS)
['learned', 'reasonable', 'uniform']
>>> gr.OPPONENT_MODELS["reasonable"].particles
512
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Literal, Protocol, runtime_checkable

import attrs

from ginrummy.beliefs.learned_belief import LearnedBelief
from ginrummy.cards import Hand
from ginrummy.errors import GinRummyError
from ginrummy.melding.partition import best_discards, deadwood
from ginrummy.rules import Ruleset
from ginrummy.validators import check_int, check_number, is_int

__all__ = [
    "OPPONENT_MODELS",
    "UNIFORM",
    "Decision",
    "OpponentModel",
    "ReasonablePlayer",
    "UniformModel",
    "find_model",
    "potential",
]


@attrs.frozen
class Decision:
    """One choice the opponent made, with its cards at that moment (in a hypothesized world).

    - ``'take'``: it was offered ``card`` (the upcard, or the top of the pile at a draw) and
      took it (``took``) or drew from the stock / passed instead; ``hand`` is its 10 cards.
    - ``'discard'``: it discarded ``card`` from ``hand`` (11 cards; ``taken`` is the card it
      took from the pile this turn, which it may not discard).
    - ``'knock'``: it knocked with ``card`` from ``hand`` (11 cards).

    >>> from ginrummy.cards import Card, Hand
    >>> hand = Hand.parse("7c 8c 2d 5d Td Jd 3h 9h Ks Qs")
    >>> Decision("take", hand.mask, Card("9c").mask, took=True).took
    True
    """

    kind: Literal["take", "discard", "knock"]
    """What kind of choice."""
    hand: int
    """The opponent's cards before the choice, as a mask."""
    card: int
    """The card offered, discarded or knocked with, as a mask."""
    took: bool = False
    """For ``'take'``: whether it took the card."""
    taken: int = 0
    """For ``'discard'`` and ``'knock'``: the card taken from the pile this turn, or 0."""


@runtime_checkable
class OpponentModel(Protocol):
    """A model of the opponent (see the module docstring): any object with these three
    members can be passed as ``model``.

    >>> import ginrummy as gr
    >>> class Cautious:
    ...     name, particles = "cautious", 64
    ...     def log_likelihood(self, decisions, rules, knock_limit):
    ...         return -0.1 * sum(d.kind == "discard" for d in decisions)
    >>> isinstance(Cautious(), gr.OpponentModel)
    True
    """

    @property
    def name(self) -> str:
        """The model's name."""
        ...

    @property
    def particles(self) -> int:
        """How many worlds are drawn and weighted for a view (0: exact, uniform)."""
        ...

    def log_likelihood(self, decisions: Sequence[Decision], rules: Ruleset, knock_limit: int) -> float:
        """The log of the probability that the opponent made ``decisions`` (up to a constant
        that does not depend on its hidden cards)."""
        ...


@attrs.frozen
class UniformModel:
    """Every world consistent with the view is equally likely (the exact uniform sampler).

    >>> UNIFORM.log_likelihood([], None, 10)  # type: ignore[arg-type]
    0.0
    """

    name: str = "uniform"
    """The model's name."""
    particles: int = 0
    """0: sampling and probabilities are exact."""

    def log_likelihood(self, decisions: Sequence[Decision], rules: Ruleset, knock_limit: int) -> float:
        """0 for every history: no world is likelier than another."""
        return 0.0


UNIFORM = UniformModel()
"""The uniform model (what ``model=None`` means)."""


_MAX_WEIGHT = 1_000_000
"""The largest weight, slope or margin of :class:`ReasonablePlayer`: far past any that changes
its choices, and a bound that keeps its arithmetic in floats."""
_MAX_COUNT = 100_000
"""The largest count of :class:`ReasonablePlayer` (particles, chains, moves): its work grows
with them, so a count is bounded like every size the library accepts."""


def _positive(instance: object, attribute: attrs.Attribute[float], value: object) -> None:
    check_number(value, attribute.name, GinRummyError, low=0, high=_MAX_WEIGHT)


def _probability(instance: object, attribute: attrs.Attribute[float], value: object) -> None:
    if not 0 < check_number(value, attribute.name, GinRummyError) < 1:
        raise GinRummyError(
            f"invalid {attribute.name} {value!r:.80}: must be a number between 0 and 1 (both excluded)",
            field=attribute.name,
        )


def _count(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    check_int(value, attribute.name, GinRummyError, low=1, high=_MAX_COUNT)


@attrs.frozen(kw_only=True)
class ReasonablePlayer:
    """A player who keeps its deadwood low: the likelihood of each observed choice.

    - Offered a card, it takes it with probability ``sigmoid(take_slope * (gain - take_margin))``,
      where ``gain`` is how much taking the card (and then discarding its best other card)
      lowers its deadwood.
    - It discards card ``d`` with probability proportional to ``exp(-discard_beta *
      deadwood_after(d))`` among the cards it may discard.
    - When it could knock (gin) and discards instead, that is a choice of probability ``1 -
      knock_rate`` (``1 - gin_rate``); a knock is one of probability ``knock_rate``.

    :param particles: worlds drawn and weighted per view.
    :raises GinRummyError: for a parameter out of its range: the counts are integers from 1 to
        100000, the weights, slopes and margins numbers from 0 to 1000000, the rates numbers
        between 0 and 1 (both excluded).

    >>> model = ReasonablePlayer()
    >>> from ginrummy.cards import Hand, Card
    >>> hand = Hand.parse("2c 3c 4c 5h 5d 5s 9h 9d 9s Ah Kd")
    >>> keep = Decision("discard", hand.mask, Card("Kd").mask)
    >>> odd = Decision("discard", hand.mask, Card("3c").mask)
    >>> import ginrummy as gr
    >>> likely = model.log_likelihood([keep], gr.PAGAT, 10)
    >>> likely > model.log_likelihood([odd], gr.PAGAT, 10)
    True
    """

    name: str = "reasonable"
    """The model's name."""
    particles: int = attrs.field(default=512, validator=_count)
    """Worlds drawn and weighted per view."""
    discard_beta: float = attrs.field(default=0.25, validator=_positive)
    """How sharply the player prefers the discard leaving the least deadwood (per point)."""
    take_slope: float = attrs.field(default=0.4, validator=_positive)
    """How sharply taking an offered card follows the deadwood it saves (per point)."""
    take_margin: float = attrs.field(default=2.0, validator=_positive)
    """The saving at which taking and leaving an offered card are equally likely."""
    knock_rate: float = attrs.field(default=0.3, validator=_probability)
    """How often the player knocks when it can (short of gin)."""
    gin_rate: float = attrs.field(default=0.95, validator=_probability)
    """How often the player goes gin when it can."""
    chains: int = attrs.field(default=4, validator=_count)
    """Independent Markov chains drawing the worlds (see :mod:`ginrummy.beliefs.chains`)."""
    burn_in: int = attrs.field(default=150, validator=_count)
    """Moves each chain makes before it keeps a world."""
    thinning: int = attrs.field(default=6, validator=_count)
    """Moves between two worlds a chain keeps."""
    potential_weight: float = attrs.field(default=2.0, validator=_positive)
    """How much the player values keeping *potential*: pairs of a rank and cards of a suit one
    or two ranks apart, each worth this many deadwood points in its choices."""

    def log_likelihood(self, decisions: Sequence[Decision], rules: Ruleset, knock_limit: int) -> float:
        """The log-probability of ``decisions`` under this model (see the class docstring)."""
        total = 0.0
        for decision in decisions:
            if decision.kind == "take":
                total += self._take(decision, rules)
            else:
                total += self._discard(decision, rules, knock_limit)
        return total

    def _take(self, decision: Decision, rules: Ruleset) -> float:
        weight = self.potential_weight
        grown = decision.hand | decision.card
        options = best_discards(Hand.from_mask(grown), rules)
        if weight:
            now = deadwood(Hand.from_mask(decision.hand), rules) - weight * potential(decision.hand)
            after = min(
                points - weight * potential(grown & ~c.mask)
                for c, points in options
                if c.mask != decision.card
            )
        else:
            now = deadwood(Hand.from_mask(decision.hand), rules)
            after = next(points for c, points in options if c.mask != decision.card)  # best first
        x = self.take_slope * (now - after - self.take_margin)
        # log sigmoid(x) and log sigmoid(-x), computed without overflow
        log_take = -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))
        log_leave = log_take - x
        return log_take if decision.took else log_leave

    def _discard(self, decision: Decision, rules: Ruleset, knock_limit: int) -> float:
        weight = self.potential_weight
        pairs = [
            (card.mask, points)
            for card, points in best_discards(Hand.from_mask(decision.hand), rules)
            if card.mask != decision.taken or rules.may_discard_taken_card
        ]
        if not pairs:
            return -math.inf
        least = pairs[0][1]  # the least deadwood a discard leaves (best first)
        costs: list[tuple[int, float]] = [
            (mask, points - weight * potential(decision.hand & ~mask) if weight else points)
            for mask, points in pairs
        ]
        best = min(cost for _, cost in costs)
        beta = self.discard_beta
        norm = sum(math.exp(-beta * (cost - best)) for _, cost in costs)
        chosen = next((cost for mask, cost in costs if mask == decision.card), None)
        if chosen is None:
            return -math.inf
        log_p = -beta * (chosen - best) - math.log(norm)
        if decision.kind == "knock":
            left = next(points for mask, points in pairs if mask == decision.card)
            return log_p + math.log(self.gin_rate if left == 0 else self.knock_rate)
        if least == 0:
            return log_p + math.log1p(-self.gin_rate)
        if least <= knock_limit:
            return log_p + math.log1p(-self.knock_rate)
        return log_p


def potential(mask: int) -> int:
    """The pairs of a rank and the cards of a suit one or two ranks apart in ``mask`` (a hand):
    how many two-card beginnings of melds it holds.

    >>> from ginrummy.cards import Hand
    >>> potential(Hand.parse("7c 7d 8c Ts").mask)  # 7c 7d, 7c 8c
    2
    """
    a, b, c, d = mask & 0x1FFF, mask >> 13 & 0x1FFF, mask >> 26 & 0x1FFF, mask >> 39
    runs = 0
    for bits in (a, b, c, d):
        runs += (bits & (bits >> 1)).bit_count() + (bits & (bits >> 2)).bit_count()
    sets = (a & b).bit_count() + (a & c).bit_count() + (a & d).bit_count()
    return runs + sets + (b & c).bit_count() + (b & d).bit_count() + (c & d).bit_count()


OPPONENT_MODELS: Mapping[str, OpponentModel] = MappingProxyType(
    {"uniform": UNIFORM, "reasonable": ReasonablePlayer(), "learned": LearnedBelief()}
)
"""The opponent models by name (read-only), as :data:`ginrummy.BOTS` names the bots."""


def find_model(model: str | OpponentModel | None) -> OpponentModel:
    """The model ``model`` names (None: uniform), or ``model`` itself.

    :raises GinRummyError: for an unknown name or an object that is not a model.
    """
    if model is None:
        return UNIFORM
    if isinstance(model, str):
        found = OPPONENT_MODELS.get(model)
        if found is None:
            known = ", ".join(OPPONENT_MODELS)
            raise GinRummyError(f"unknown opponent model {model!r}: known models are {known}")
        return found
    if not isinstance(model, OpponentModel) or not is_int(model.particles) or model.particles < 0:
        raise GinRummyError(f"invalid opponent model {model!r:.80}: expected a name or an OpponentModel")
    return model
