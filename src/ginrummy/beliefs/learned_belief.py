"""The learned belief: a network that reads a view and says where each unseen card is.

``'learned'`` in :data:`ginrummy.OPPONENT_MODELS` is *card-location inference*: a network fitted
on self-play rounds (the repository's ``training/``) maps what a view says around a card (its
rank's other cards, its neighbours in its suit, the opponent's last discards:
:mod:`ginrummy.beliefs.card_features`) to the probability that the opponent holds it, one card
at a time.
For a view, the probabilities of the cards the viewer cannot see are shifted on the logit scale
until they add up to the opponent's cards it does not know (:func:`scaled_logits`), and the
worlds are drawn by the Markov chains of :mod:`ginrummy.beliefs.chains` from the uniform prior
over the worlds consistent with the view, tilted by those odds: a world's weight is the product,
over the unseen cards in the opponent's hand at the end of the log, of ``p / (1 - p)``. Its
card frequencies are then close to the network's probabilities (exactly, were the cards
independent given their count), and, like every model, the probabilities the view reports are
those frequencies, so that worlds and probabilities agree.

The network is package data (``ginrummy/neural/data/belief.json``), read the first time the
model is used, never at import; its reader (:mod:`ginrummy.neural`) is imported then too, so a
program that plays rounds without this model never loads it.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard()).apply(gr.Discard("Kh"))
>>> p = r.view(0).card_probabilities("learned")
>>> round(sum(p.values()), 6)
9.0
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from ginrummy.beliefs.card_features import card_rows
from ginrummy.beliefs.view_features import FEATURE_VERSION, FeatureFacts, view_inputs
from ginrummy.beliefs.worlds import Record
from ginrummy.cards import Hand
from ginrummy.errors import GinRummyError
from ginrummy.rules import Ruleset
from ginrummy.validators import check_int

if TYPE_CHECKING:  # the network's reader is imported with the first belief drawn
    from ginrummy.neural.model_file import Model

__all__ = ["BELIEF_FILE", "LearnedBelief", "belief_model", "card_logits", "scaled_logits"]

BELIEF_FILE = "belief"
"""The name of the belief's model file among the package's models."""

_MAX_COUNT = 100_000


@functools.cache
def belief_model() -> Model:
    """The shipped belief network, read once, on first use.

    :raises ModelFileError: when the file is missing, corrupt, or fitted on other inputs.
    """
    from ginrummy.neural.model_file import read_packaged

    return read_packaged(BELIEF_FILE, feature_version=FEATURE_VERSION)


def scaled_logits(logits: Sequence[float], hidden: int) -> list[float]:
    """``logits`` shifted by one constant so that their probabilities add up to ``hidden``
    (each card is in the opponent's hand or not; together they hold ``hidden`` of them).

    >>> [round(v, 3) for v in scaled_logits([0.0, 0.0, 0.0, 0.0], 1)]
    [-1.099, -1.099, -1.099, -1.099]
    """
    count = len(logits)
    if count == 0:
        return []
    if hidden <= 0:
        return [-40.0] * count
    if hidden >= count:
        return [40.0] * count
    low, high = -60.0, 60.0
    shift = 0.0
    for _ in range(60):
        shift = (low + high) / 2
        total = 0.0
        for v in logits:
            z = v + shift
            total += 1 / (1 + math.exp(-z)) if z > -700 else 0.0
        if total > hidden:
            high = shift
        else:
            low = shift
        if high - low < 1e-9:
            break
    return [v + shift for v in logits]


def card_logits(view: FeatureFacts, records: Sequence[Record], known: Hand, hidden: int) -> dict[int, float]:
    """The network's log-odds that the opponent holds each card of the view not in ``known``
    (the cards the viewer can place), shifted so that they add up to ``hidden``, by card index.
    The network reads each card's neighbourhood (:mod:`ginrummy.beliefs.card_features`)."""
    network = belief_model().network
    cards, rows = card_rows(*view_inputs(view, records))
    found = dict(zip(cards, rows, strict=True))
    unseen = [index for index in range(52) if not known.mask >> index & 1]
    logits = []
    for index in unseen:
        row = found.get(index)
        if row is None:  # a card the inputs place but the viewer does not (a face-down knock card)
            logits.append(0.0)
            continue
        p = network.forward((), [(i, v) for i, v in enumerate(row) if v])[-1]
        p = min(max(p, 1e-7), 1 - 1e-7)
        logits.append(math.log(p / (1 - p)))
    return dict(zip(unseen, scaled_logits(logits, hidden), strict=True))


def _count(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    check_int(value, attribute.name, GinRummyError, low=1, high=_MAX_COUNT)


@attrs.frozen(kw_only=True)
class LearnedBelief:
    """The learned belief (see the module docstring) as an opponent model.

    :param particles: worlds drawn per view.
    :raises GinRummyError: for a count that is not an integer from 1 to 100000.

    >>> LearnedBelief().particles
    512
    """

    name: str = "learned"
    """The model's name."""
    particles: int = attrs.field(default=512, validator=_count)
    """Worlds drawn per view."""
    chains: int = attrs.field(default=4, validator=_count)
    """Independent Markov chains drawing the worlds."""
    burn_in: int = attrs.field(default=100, validator=_count)
    """Moves each chain makes before it keeps a world."""
    thinning: int = attrs.field(default=4, validator=_count)
    """Moves between two worlds a chain keeps."""
    scores_choices: bool = attrs.field(default=False, init=False)
    """The choices of the log are not scored one by one: the network has read them all."""

    def log_likelihood(self, decisions: Sequence[object], rules: Ruleset, knock_limit: int) -> float:
        """0: the belief weighs a world by the cards it gives the opponent (:meth:`card_weights`),
        not by its choices one by one."""
        return 0.0

    def card_weights(
        self, view: FeatureFacts, records: Sequence[Record], known: Hand, hidden: int
    ) -> dict[int, float]:
        """The log-weight of each card the viewer cannot place when the opponent holds it at the
        end of the log (see :func:`card_logits`)."""
        return card_logits(view, records, known, hidden)
