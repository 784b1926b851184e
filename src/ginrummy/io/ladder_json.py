"""JSON for :class:`~ginrummy.Ladder`: written by :func:`~ginrummy.dumps` and read back, checked in
full, by :func:`~ginrummy.loads` (the JSON modules delegate the type ``"Ladder"`` here).

The data of a ladder holds what the ratings are computed from, not the ratings::

    {"rules": <ruleset>, "bots": ["greedy", "random"], "seed": 0, "games": 20,
     "pairs": [{"first": "greedy", "second": "random", "games": 20, "first_wins": 20, ...}]}

>>> import ginrummy as gr
>>> result = gr.ladder(["greedy", "random"], gr.PAGAT, games=2, seed=2)
>>> gr.loads(gr.dumps(result)) == result
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ginrummy.io.json_fields import as_int, as_list, construct, read_object
from ginrummy.rules import Ruleset
from ginrummy.simulation.ladder import PAIR_COUNTS, Ladder, PairRecord

__all__ = ["ladder_data", "read_ladder"]

_FIELDS = ["rules", "bots", "seed", "games", "pairs"]
_PAIR_FIELDS = ["first", "second", *PAIR_COUNTS]


def ladder_data(ladder: Ladder, ruleset_data: Callable[[Ruleset], Any]) -> dict[str, Any]:
    """The JSON data of a ladder; ``ruleset_data`` writes its ruleset."""
    return {
        "rules": ruleset_data(ladder.rules),
        "bots": list(ladder.bots),
        "seed": ladder.seed,
        "games": ladder.games,
        "pairs": [{name: getattr(pair, name) for name in _PAIR_FIELDS} for pair in ladder.pairs],
    }


def _pair(value: object, path: str) -> PairRecord:
    data = read_object(value, path, _PAIR_FIELDS)
    counts = {name: as_int(data[name], f"{path}.{name}", 0) for name in PAIR_COUNTS}
    return construct(path, PairRecord, data["first"], data["second"], **counts)


def read_ladder(value: object, path: str, read_ruleset: Callable[[object, str], Ruleset]) -> Ladder:
    """A ladder from its JSON data, checked in full; ``read_ruleset`` reads its ruleset.

    :raises SerializationError: naming the path of the first thing wrong.
    """
    data = read_object(value, path, _FIELDS)
    rules = read_ruleset(data["rules"], f"{path}.rules")
    bots = tuple(as_list(data["bots"], f"{path}.bots"))
    seed = data["seed"]
    games = as_int(data["games"], f"{path}.games", 0)
    pairs = tuple(
        _pair(item, f"{path}.pairs[{i}]") for i, item in enumerate(as_list(data["pairs"], f"{path}.pairs"))
    )
    return construct(path, Ladder, rules=rules, bots=bots, seed=seed, games=games, pairs=pairs)
