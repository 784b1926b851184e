"""JSON for :class:`~ginrummy.Tally`: written by :func:`~ginrummy.dumps` and read back, checked in
full, by :func:`~ginrummy.loads` (the JSON modules delegate the type ``"Tally"`` here).

The data of a tally::

    {"rulesets": [<ruleset>, ...], "bots": ["greedy", "greedy"], "seed": 0, "unit": "games",
     "played": [[0, 200]],
     "counts": [{"rounds": 1890, "games": 200, "outcomes": {"knock": 1771, ...}, ...}, ...],
     "paired": [{"knock": [10 sums], "undercut": [...], ...}, ...]}

``counts`` has one object per ruleset with the fields of :class:`~ginrummy.simulation.tally.Counts`
(``outcomes`` by outcome value); ``paired`` one object per ruleset after the first, with the
sums of :data:`~ginrummy.simulation.tally.PRODUCTS` per statistic name.

>>> import ginrummy as gr
>>> tally = gr.play_games([gr.PAGAT, gr.OKLAHOMA], ("greedy", "greedy"), 2, 0, 2, unit="rounds")
>>> gr.loads(gr.dumps(tally)) == tally
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from ginrummy.io.json_fields import as_int, as_list, construct, fail, read_object
from ginrummy.rules import Ruleset
from ginrummy.simulation.tally import OUTCOMES, PRODUCTS, STATISTICS, UNITS, Counts, PairedSums, Tally

__all__ = ["read_tally", "tally_data"]

_COUNT_FIELDS = [field.name for field in attrs.fields(Counts)]
_FIELDS = ["rulesets", "bots", "seed", "unit", "played", "counts", "paired"]


def tally_data(tally: Tally, ruleset_data: Callable[[Ruleset], Any]) -> dict[str, Any]:
    """The JSON data of a tally; ``ruleset_data`` writes one ruleset."""
    return {
        "rulesets": [ruleset_data(rules) for rules in tally.rulesets],
        "bots": list(tally.bots),
        "seed": tally.seed,
        "unit": tally.unit,
        "played": [[start, stop] for start, stop in tally.played],
        "counts": [_counts_data(counts) for counts in tally.counts],
        "paired": [
            {s.name: list(row) for s, row in zip(STATISTICS, sums.products, strict=True)}
            for sums in tally.paired
        ],
    }


def _counts_data(counts: Counts) -> dict[str, Any]:
    data: dict[str, Any] = {name: getattr(counts, name) for name in _COUNT_FIELDS}
    data["outcomes"] = {o.value: n for o, n in zip(OUTCOMES, counts.outcomes, strict=True)}
    return data


def _read_counts(value: object, path: str) -> Counts:
    data = read_object(value, path, _COUNT_FIELDS)
    outcomes = read_object(data["outcomes"], f"{path}.outcomes", [o.value for o in OUTCOMES])
    kwargs: dict[str, Any] = {
        name: as_int(data[name], f"{path}.{name}", 0) for name in _COUNT_FIELDS if name != "outcomes"
    }
    kwargs["outcomes"] = tuple(as_int(outcomes[o.value], f"{path}.outcomes.{o.value}", 0) for o in OUTCOMES)
    return construct(path, Counts, **kwargs)


def _read_paired(value: object, path: str) -> PairedSums:
    data = read_object(value, path, [s.name for s in STATISTICS])
    rows = []
    for statistic in STATISTICS:
        where = f"{path}.{statistic.name}"
        row = as_list(data[statistic.name], where, len(PRODUCTS))
        rows.append(tuple(as_int(item, f"{where}[{i}]", 0) for i, item in enumerate(row)))
    return PairedSums(tuple(rows))


def read_tally(value: object, path: str, read_ruleset: Callable[[object, str], Ruleset]) -> Tally:
    """A tally from its JSON data, checked in full; ``read_ruleset`` reads one ruleset.

    :raises SerializationError: naming the path of the first thing wrong.
    """
    data = read_object(value, path, _FIELDS)
    rulesets = tuple(
        read_ruleset(item, f"{path}.rulesets[{i}]")
        for i, item in enumerate(as_list(data["rulesets"], f"{path}.rulesets"))
    )
    if not rulesets:
        raise fail(f"{path}.rulesets", "expected at least one ruleset")
    bots = as_list(data["bots"], f"{path}.bots", 2)
    seed = data["seed"]
    unit = data["unit"]
    if unit not in UNITS:
        raise fail(f"{path}.unit", f"unknown unit {unit!r} (known: 'games', 'rounds')")
    played = []
    for index, item in enumerate(as_list(data["played"], f"{path}.played")):
        where = f"{path}.played[{index}]"
        start, stop = (as_int(x, f"{where}[{i}]", 0) for i, x in enumerate(as_list(item, where, 2)))
        played.append((start, stop))
    counts_list = as_list(data["counts"], f"{path}.counts", len(rulesets))
    counts = tuple(_read_counts(item, f"{path}.counts[{i}]") for i, item in enumerate(counts_list))
    paired_list = as_list(data["paired"], f"{path}.paired", len(rulesets) - 1)
    paired = tuple(_read_paired(item, f"{path}.paired[{i}]") for i, item in enumerate(paired_list))
    tally = construct(
        path,
        Tally,
        rulesets=rulesets,
        bots=(bots[0], bots[1]),
        seed=seed,
        unit=unit,
        played=tuple(played),
        counts=counts,
        paired=paired,
    )
    if tally.played != tuple(played):
        raise fail(f"{path}.played", "ranges must be sorted and adjacent ranges joined")
    return tally
