"""Learned values: what a position and each action at it are worth, from self-play outcomes.

Two networks shipped as package data (``ginrummy/neural/data/``), fitted by the repository's
``training/`` on rounds whose hidden cards the data knew (so no uniform world biases them):

- ``action-value``: the round's expected result for the player to act if it plays an action,
  in points, box bonus included (DouZero's "deep Monte Carlo"), from the compact inputs of its
  view and of the action (:func:`~ginrummy.bots.action_features.compact_inputs`);
- ``value``: the same expected result before it chooses, from the compact inputs of its view
  alone: the value of the position for the player to act, which a search evaluates its leaves
  with.

Both read only the view, and both are read from their files the first time they are used.

>>> import ginrummy as gr
>>> view = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
>>> values = action_values(view)
>>> sorted(str(action) for action in values)
['p', 't']
>>> isinstance(position_value(view), float)
True
"""

from __future__ import annotations

import functools

from ginrummy.actions import Action
from ginrummy.beliefs.view_features import FEATURE_VERSION, view_inputs
from ginrummy.bots.action_features import action_inputs, candidates, compact_inputs
from ginrummy.bots.card_counting import CardCounter
from ginrummy.neural.model_file import Model, read_packaged
from ginrummy.play.round import PlayerView

__all__ = [
    "ACTION_VALUE_FILE",
    "SCALE",
    "VALUE_FILE",
    "action_model",
    "action_values",
    "position_value",
    "value_model",
]

ACTION_VALUE_FILE = "action-value"
"""The action values' model file among the package's models."""
VALUE_FILE = "value"
"""The position value's model file among the package's models."""
SCALE = 25.0
"""The networks' outputs are points divided by this."""


@functools.cache
def action_model() -> Model:
    """The shipped action-value network, read once, on first use.

    :raises ModelFileError: when the file is missing, corrupt, or fitted on other inputs.
    """
    return read_packaged(ACTION_VALUE_FILE, feature_version=FEATURE_VERSION)


@functools.cache
def value_model() -> Model:
    """The shipped position-value network, read once, on first use.

    :raises ModelFileError: when the file is missing, corrupt, or fitted on other inputs.
    """
    return read_packaged(VALUE_FILE, feature_version=FEATURE_VERSION)


def action_values(view: PlayerView) -> dict[Action, float]:
    """The expected result of the round, in points for the player of ``view``, after each
    action the learned bot weighs (:func:`~ginrummy.bots.action_features.candidates`), in their
    order; empty when it weighs none (the layoffs, or another player's turn)."""
    options = candidates(view)
    if not options:
        return {}
    network = action_model().network
    inputs = view_inputs(view, view.records)
    counter = CardCounter(view)
    found = {}
    for action in options:
        vector = compact_inputs(inputs, action_inputs(view, counter, action))
        found[action] = network.forward((), [(i, v) for i, v in enumerate(vector) if v])[0] * SCALE
    return found


def position_value(view: PlayerView) -> float:
    """The expected result of the round, in points (box bonus included), for the player of
    ``view`` from this position on, as the learned value network estimates it."""
    vector = compact_inputs(view_inputs(view, view.records), None)
    return value_model().network.forward((), [(i, v) for i, v in enumerate(vector) if v])[0] * SCALE
