"""Reinforcement learning on Gin Rummy (extra ``ginrummy[rl]``: numpy, gymnasium, pettingzoo).

- :func:`encode` and :func:`legal_mask`: a player's view as an observation vector and the mask
  of its legal action ids (:mod:`ginrummy.rl.encoding`).
- :func:`aec_env`: a two-player PettingZoo AEC environment (:mod:`ginrummy.rl.aec`).
- :class:`GinRummyEnv`: a single-agent Gymnasium environment against a bot
  (:mod:`ginrummy.rl.single`).

Importing :mod:`ginrummy` never imports this package or its dependencies.

>>> import ginrummy as gr
>>> from ginrummy import rl
>>> rl.encode(gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)).shape
(616,)
"""

from __future__ import annotations

from ginrummy.rl.aec import POINTS_SCALE, Episode, GinRummyAEC, aec_env
from ginrummy.rl.encoding import (
    CARD_PLANES,
    FEATURES,
    OBSERVATION_SIZE,
    encode,
    legal_mask,
    split_observation,
)
from ginrummy.rl.single import ENV_ID, GinRummyEnv

__all__ = [
    "CARD_PLANES",
    "ENV_ID",
    "FEATURES",
    "OBSERVATION_SIZE",
    "POINTS_SCALE",
    "Episode",
    "GinRummyAEC",
    "GinRummyEnv",
    "aec_env",
    "encode",
    "legal_mask",
    "split_observation",
]
