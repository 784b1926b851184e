"""How often drawing a table enters the partitioner: calls per drawn view, by phase.

Every public entry of the partitioner (``deadwood``, ``best_melds``, ``best_discard``,
``best_discards``, ``iter_best_melds``, ``all_best_melds`` and ``best_layoffs``) is wrapped with
a counter wherever a ``ginrummy`` module imported it. ``--rounds`` rounds of the greedy bot
against itself are played under ``pagat`` (round ``i`` from seed ``i``); at each view of
player 0 on its turn, and at each round's end, the counter is reset, the view is made afresh
from the round (so nothing it caches is warm), and each drawing is made from it:

- ``text``: the terminal table of ``ginrummy play`` (``frontend.table_text``);
- ``json``: the web table's data (``frontend.table_data``);
- ``end``: the terminal's round end (``frontend.round_end_text``), at a round's end.

The report gives, per drawing and phase, the most and the mean of the calls (the legal
actions the view works out count too: they are part of drawing a fresh view). This counts
calls, not time: a call answered from the partitioner's own cache still counts.

Run: ``python benchmarks/table_calls.py [--rounds N]``.
"""

from __future__ import annotations

import argparse
import collections
import functools
import statistics
import sys
from collections.abc import Callable
from typing import Any

import ginrummy as gr
import ginrummy.melding.layoffs as layoffs_module
import ginrummy.melding.partition as partition_module
from ginrummy.frontend import round_end_text, table_data, table_text

ENTRIES = ("deadwood", "best_melds", "best_discard", "best_discards", "iter_best_melds", "all_best_melds")

calls: collections.Counter[str] = collections.Counter()


def _counted(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return function(*args, **kwargs)

    return counted


def install_counters() -> None:
    """Wrap each entry of the partitioner in every loaded ``ginrummy`` module that holds it."""
    originals: dict[str, Any] = {name: getattr(partition_module, name) for name in ENTRIES}
    originals["best_layoffs"] = layoffs_module.best_layoffs
    wrapped = {name: _counted(name, function) for name, function in originals.items()}
    for module in list(sys.modules.values()):
        if module is None or not getattr(module, "__name__", "").startswith("ginrummy"):
            continue
        for name, function in originals.items():
            if getattr(module, name, None) is function:
                setattr(module, name, wrapped[name])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    install_counters()
    drawings: dict[str, Callable[[gr.PlayerView], object]] = {
        "text": lambda view: table_text(view, opponent="the bot", width=80),
        "json": lambda view: table_data(view, opponent="the bot"),
    }
    seen: dict[tuple[str, str], list[int]] = collections.defaultdict(list)
    bot = gr.make_bot("greedy")
    for seed in range(args.rounds):
        r = gr.Round.deal(gr.PAGAT, dealer=seed % 2, seed=seed)
        while not r.is_over:
            if r.to_act == 0:
                for name, draw in drawings.items():
                    calls.clear()
                    view = r.view(0)
                    draw(view)
                    seen[(name, view.phase.name)].append(sum(calls.values()))
            player = r.to_act
            assert player is not None
            r = r.apply(bot.act(r.view(player)))
        calls.clear()
        round_end_text(r.view(0), opponent="the bot", width=80)
        seen[("end", "OVER")].append(sum(calls.values()))
    print(f"partitioner calls per drawn view, {args.rounds} rounds of greedy against greedy, pagat")
    print(f"{'drawing':8} {'phase':13} {'views':>6} {'most':>5} {'mean':>6}")
    for (name, phase), counts in sorted(seen.items()):
        print(f"{name:8} {phase:13} {len(counts):6d} {max(counts):5d} {statistics.fmean(counts):6.2f}")


if __name__ == "__main__":
    main()
