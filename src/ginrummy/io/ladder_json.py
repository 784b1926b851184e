"""JSON for :class:`~ginrummy.Ladder`: written by :func:`~ginrummy.dumps` and read back, checked in
full, by :func:`~ginrummy.loads` (the JSON modules delegate the type ``"Ladder"`` here).

The data of a ladder holds what the ratings are computed from, the counts of every pair, and
the figures people read (each pair's rates, the ratings), which :func:`~ginrummy.loads` checks
against the figures the counts give (:func:`~ginrummy.io.json_fields.check_figures`)::

    {"rules": <ruleset>, "bots": ["greedy", "random"], "seed": 0, "games": 20,
     "pairs": [{"first": "greedy", "second": "random", "games": 20, "first_wins": 20, ...,
                "first_game_win_rate": {"value": 1.0, "low": 0.839, "high": 1.0}, ...,
                "first_points_per_round": 21.5, ...}],
     "ratings": [{"bot": "greedy", "elo": {"value": ..., "low": ..., "high": ...},
                  "games": 20, "score": 1.0}, ...]}

>>> import ginrummy as gr
>>> result = gr.ladder(["greedy", "random"], gr.PAGAT, games=2, seed=2)
>>> gr.loads(gr.dumps(result)) == result
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ginrummy.io.json_fields import as_int, as_list, check_figures, construct, read_object
from ginrummy.rules import Ruleset
from ginrummy.simulation.ladder import PAIR_COUNTS, Ladder, PairRecord, pair_figures, ratings_figures

__all__ = ["ladder_data", "read_ladder"]

_FIELDS = ["rules", "bots", "seed", "games", "pairs", "ratings"]


def ladder_data(ladder: Ladder, ruleset_data: Callable[[Ruleset], Any]) -> dict[str, Any]:
    """The JSON data of a ladder; ``ruleset_data`` writes its ruleset."""
    return {
        "rules": ruleset_data(ladder.rules),
        "bots": list(ladder.bots),
        "seed": ladder.seed,
        "games": ladder.games,
        "pairs": [
            {"first": pair.first, "second": pair.second, **pair_figures(pair)} for pair in ladder.pairs
        ],
        "ratings": ratings_figures(ladder),
    }


def _pair(value: object, path: str) -> PairRecord:
    data = read_object(value, path, ["first", "second", *pair_figures(PairRecord("a", "b"))])
    counts = {name: as_int(data[name], f"{path}.{name}", 0) for name in PAIR_COUNTS}
    record = construct(path, PairRecord, data["first"], data["second"], **counts)
    check_figures({k: v for k, v in data.items() if k not in ("first", "second")}, pair_figures(record), path)
    return record


def read_ladder(value: object, path: str, read_ruleset: Callable[[object, str], Ruleset]) -> Ladder:
    """A ladder from its JSON data, checked in full (its figures against its counts);
    ``read_ruleset`` reads its ruleset.

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
    ladder = construct(path, Ladder, rules=rules, bots=bots, seed=seed, games=games, pairs=pairs)
    check_figures(data["ratings"], ratings_figures(ladder), f"{path}.ratings")
    return ladder
