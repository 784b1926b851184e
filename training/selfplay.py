"""Self-play data for the learned models: rounds played by the library's bots, one sample per
decision, with the features the models read and what really happened.

Each round is dealt from the seed ``f"{seed}:{i}"`` under a ruleset drawn for it
(:func:`draw_ruleset`: the presets and house variations of them, never the held-out house
ruleset of :data:`HELD_OUT`), between two players drawn from :data:`PLAYERS`. At every decision
before a knock (the upcard offer, the draw, the discard) the acting player's view gives one
sample:

- the view's inputs (:func:`ginrummy.beliefs.view_features.view_inputs`) and the inputs of the
  action played (:func:`ginrummy.bots.action_features.action_inputs`);
- the opponent's real hand then (the belief's target);
- the round's result for the acting player, in points, box bonus included (the value's target).

With probability ``explore`` a player plays another of the learned bot's candidates instead of
its own choice (a discard leaving at most 12 points more deadwood than the best, the other draw,
or the knock declined or taken), so that the values of actions a bot would not play are seen too.

Rounds are played in chunks on a process pool (any ``concurrent.futures`` executor); the
result is the same for any executor and worker count, since each round depends only on its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field

import numpy as np

import ginrummy as gr
from ginrummy.beliefs.view_features import view_inputs
from ginrummy.bots.action_features import CardCounter, action_inputs, candidates, kind_of
from ginrummy.cards import Hand
from ginrummy.melding.partition import deadwood

DATA_VERSION = 2
"""The shape of the samples (2: each sample's ``seat``), part of a cached file's name."""

HELD_OUT = gr.PAGAT.evolve(knock_limit=7, gin_bonus=30, undercut_bonus=15, name="held-out-house")
"""The house ruleset kept out of training, to measure play under rules a model never saw."""

PRESET_SHARES = (
    ("pagat", 0.25),
    ("eaai", 0.2),
    ("oklahoma", 0.08),
    ("spanish-site", 0.08),
    ("straight", 0.04),
    ("round-the-corner", 0.04),
    ("openspiel", 0.04),
)
"""Presets and their shares of the rounds; the rest are house variations of ``pagat``."""


def make_player(name: str, seed: int) -> gr.Bot:
    """The player called ``name`` in :data:`PLAYERS` (or ``'learned'``), seeded."""
    if name == "tracker-wait":
        return gr.TrackerBot(seed, knock_threshold=float("inf"))
    if name == "tracker-eager":
        return gr.TrackerBot(seed, knock_threshold=-20.0)
    return gr.make_bot(name, seed)


PLAYERS: tuple[tuple[str, float], ...] = (
    ("tracker", 0.45),
    ("tracker-wait", 0.25),
    ("tracker-eager", 0.15),
    ("greedy", 0.15),
)
"""The players of the data and their shares of the seats (the EAAI challenge's simple player
is kept out: the belief is measured against it as a stranger)."""


LEARNED_PLAYERS: tuple[tuple[str, float], ...] = (
    ("learned", 0.5),
    ("tracker", 0.25),
    ("tracker-wait", 0.15),
    ("greedy", 0.1),
)
"""The players of a round of the learned bot's own self-play: itself in half the seats."""


def use_models(directory: str) -> None:
    """Make this process's learned models those of ``directory`` (a training run's output,
    before they are shipped): a process pool's initializer."""
    from pathlib import Path

    from ginrummy.beliefs import learned_belief
    from ginrummy.bots import learned_values
    from ginrummy.neural import model_file

    model_file._data = lambda: Path(directory)  # type: ignore[assignment]
    for cached in (
        model_file._read_packaged,
        learned_values.action_model,
        learned_values.value_model,
        learned_belief.belief_model,
    ):
        cached.cache_clear()


def draw_ruleset(rng: random.Random) -> gr.Ruleset:
    """A ruleset for one round: a preset by :data:`PRESET_SHARES`, or a house variation of
    ``pagat`` (knock limit, gin, undercut and box bonuses), never :data:`HELD_OUT`'s."""
    pick = rng.random()
    for name, share in PRESET_SHARES:
        if pick < share:
            return gr.PRESETS[name]
        pick -= share
    while True:
        knock = rng.choice((5, 6, 7, 8, 9, 10))
        gin = rng.choice((20, 25, 30))
        undercut = rng.choice((10, 15, 20, 25))
        if (knock, gin, undercut) != (7, 30, 15):
            break
    return gr.PAGAT.evolve(
        knock_limit=knock, gin_bonus=gin, undercut_bonus=undercut, box_bonus=rng.choice((0, 20, 25))
    )


def _pick(rng: random.Random, table: Sequence[tuple[str, float]]) -> str:
    pick = rng.random()
    for name, share in table:
        if pick < share:
            return name
        pick -= share
    return table[-1][0]


def _explore(view: gr.PlayerView, chosen: gr.Action, rng: random.Random) -> gr.Action:
    """Another sensible candidate than ``chosen``: the other draw, a discard within 12 points
    of the best, or the knock declined (its best discard) or taken."""
    options = [a for a in candidates(view) if a != chosen]
    if isinstance(chosen, gr.Knock) or any(isinstance(a, gr.Knock) for a in options):
        knocks = [a for a in options if isinstance(a, gr.Knock)]
        if knocks and rng.random() < 0.5:
            return knocks[0]
    if view.phase is gr.Phase.DISCARD:
        rules = view.rules
        hand = view.hand.mask
        scored = [
            (deadwood(Hand.from_mask(hand & ~a.card.mask), rules), a)
            for a in options
            if isinstance(a, gr.Discard)
        ]
        if scored:
            least = min(points for points, _ in scored)
            options = [a for points, a in scored if points <= least + 12]
    return rng.choice(options) if options else chosen


@dataclass
class Chunk:
    """The samples of some rounds, as arrays (CSR rows of the sparse inputs)."""

    indptr: list[int] = field(default_factory=lambda: [0])
    indices: list[int] = field(default_factory=list)
    data: list[float] = field(default_factory=list)
    action_start: list[int] = field(default_factory=list)
    """Where each row's action inputs begin in ``indices`` (the view's come before)."""
    opponent: list[int] = field(default_factory=list)
    """The opponent's real hand (a mask) at each sample."""
    reward: list[float] = field(default_factory=list)
    turn: list[int] = field(default_factory=list)
    kind: list[int] = field(default_factory=list)
    round_id: list[int] = field(default_factory=list)
    seat: list[int] = field(default_factory=list)
    """The acting player (0 or 1) of each sample."""
    ruleset: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)

    def arrays(self) -> dict[str, np.ndarray]:
        """The chunk as numpy arrays."""
        return {
            "indptr": np.asarray(self.indptr, dtype=np.int64),
            "indices": np.asarray(self.indices, dtype=np.int32),
            "data": np.asarray(self.data, dtype=np.float32),
            "action_start": np.asarray(self.action_start, dtype=np.int64),
            "opponent": np.asarray(self.opponent, dtype=np.uint64),
            "reward": np.asarray(self.reward, dtype=np.float32),
            "turn": np.asarray(self.turn, dtype=np.int16),
            "kind": np.asarray(self.kind, dtype=np.int8),
            "round_id": np.asarray(self.round_id, dtype=np.int64),
            "seat": np.asarray(self.seat, dtype=np.int8),
            "ruleset": np.asarray(self.ruleset),
            "players": np.asarray(self.players),
        }


KIND_CODES = {"take": 0, "draw": 1, "discard": 2, "knock": 3, "gin": 4, "big-gin": 5}


def reward_of(result: gr.RoundResult, player: int, rules: gr.Ruleset) -> float:
    """The round's result for ``player``: its points, box bonus included, negative when the
    opponent won; 0 for a round nobody won."""
    if result.winner is None:
        return 0.0
    value = result.points + rules.box_bonus
    return float(value if result.winner == player else -value)


def play_chunk(
    seed: str,
    start: int,
    stop: int,
    explore: float,
    players: Sequence[tuple[str, float]] = PLAYERS,
) -> dict[str, np.ndarray]:
    """The samples of rounds ``start`` to ``stop - 1`` (see the module docstring)."""
    chunk = Chunk()
    for number in range(start, stop):
        rng = random.Random(f"{seed}:{number}")
        rules = draw_ruleset(rng)
        picked = [_pick(rng, players) for _ in range(2)]
        bots = [make_player(name, rng.randrange(1 << 30)) for name in picked]
        r = gr.Round.deal(rules, dealer=rng.randrange(2), seed=f"{seed}:{number}")
        rows: list[int] = []
        who: list[int] = []
        while r.to_act is not None:
            player = r.to_act
            view = r.view(player)
            action = bots[player].act(view)
            if r.phase is not gr.Phase.LAYOFF and r.knocker is None:
                if rng.random() < explore:
                    action = _explore(view, action, rng)
                played = action
                if isinstance(action, gr.Knock):
                    played = gr.Knock(action.card)
                    listed = [a for a in candidates(view) if isinstance(a, gr.Knock)]
                    if listed and listed[0].card != action.card:
                        played = action = listed[0]
                active, values = view_inputs(view, view.records)
                extra, extra_values = action_inputs(view, CardCounter(view), played)
                chunk.indices.extend(active)
                chunk.data.extend([1.0] * len(active))
                chunk.indices.extend(i for i, _ in values)
                chunk.data.extend(v for _, v in values)
                chunk.action_start.append(len(chunk.indices))
                chunk.indices.extend(extra)
                chunk.data.extend([1.0] * len(extra))
                chunk.indices.extend(i for i, _ in extra_values)
                chunk.data.extend(v for _, v in extra_values)
                chunk.indptr.append(len(chunk.indices))
                chunk.opponent.append(r.hand(1 - player).mask)
                chunk.turn.append(r.turns)
                kind = kind_of(played)
                if (
                    kind == "knock"
                    and deadwood(Hand.from_mask(view.hand.mask & ~played.card.mask), rules) == 0
                ):  # type: ignore[attr-defined]
                    kind = "gin"
                chunk.kind.append(KIND_CODES[kind])
                chunk.round_id.append(number)
                chunk.seat.append(player)
                chunk.ruleset.append(rules.name)
                chunk.players.append(f"{picked[player]}/{picked[1 - player]}")
                rows.append(len(chunk.reward))
                chunk.reward.append(0.0)
                who.append(player)
            r = r.apply(action)
        assert r.result is not None
        for row, player in zip(rows, who, strict=True):
            chunk.reward[row] = reward_of(r.result, player, rules)
    return chunk.arrays()


def generate(
    seed: str,
    rounds: int,
    explore: float,
    executor: Executor | None,
    players: Sequence[tuple[str, float]] = PLAYERS,
    chunk_size: int = 500,
) -> dict[str, np.ndarray]:
    """The samples of ``rounds`` rounds, played in chunks on ``executor`` (or here)."""
    bounds = [(start, min(rounds, start + chunk_size)) for start in range(0, rounds, chunk_size)]
    if executor is None:
        parts = [play_chunk(seed, a, b, explore, players) for a, b in bounds]
    else:
        futures = [executor.submit(play_chunk, seed, a, b, explore, players) for a, b in bounds]
        parts = [future.result() for future in futures]
    return merge(parts)


def merge(parts: Sequence[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """One set of samples from several, rows in order."""
    out: dict[str, np.ndarray] = {}
    offset = 0
    indptrs = []
    starts = []
    for part in parts:
        indptrs.append(part["indptr"][1:] + offset)
        starts.append(part["action_start"] + offset)
        offset += int(part["indptr"][-1])
    out["indptr"] = np.concatenate([np.zeros(1, dtype=np.int64), *indptrs])
    out["action_start"] = np.concatenate(starts)
    columns = ("indices", "data", "opponent", "reward", "turn", "kind", "round_id", "seat")
    columns += ("ruleset", "players")
    for key in columns:
        out[key] = np.concatenate([part[key] for part in parts])
    return out
