"""How often drawing a table enters the partitioner: calls per drawn view, by phase.

Every public entry of the partitioner (``deadwood``, ``best_melds``, ``best_discard``,
``best_discards``, ``iter_best_melds``, ``all_best_melds`` and ``best_layoffs``) is wrapped with
a counter wherever a ``ginrummy`` module imported it. ``--rounds`` rounds of the greedy bot
against itself are played under ``pagat`` (round ``i`` from seed ``i``). At each position where
player 0 is to act:

- ``legal``: the counter is reset and player 0's view is made from the round: these are the
  partitioner calls of the round's own legal actions (``play``'s rule of a knock, worked out
  once per position whoever asks: the bot, the session, ``ginrummy play``'s narration, which
  makes the person's view before its table is drawn);
- each drawing is then made from a view made afresh (so none of its facts is warm; the round
  keeps its legal actions, as in ``ginrummy play``), after the counter is reset:

  - ``text``: the terminal table of ``ginrummy play`` (``frontend.table_text``);
  - ``json``: the web table's data (``frontend.table_data``);
  - ``turn``: everything a front end may draw of one view: the text table, the data, the
    controls, ``knock_now`` and ``discard_deadwood``, on the same view.

At each round's end the same is done with player 0's view of the finished round (which has no
legal actions), and ``end``, the terminal's round end (``frontend.round_end_text``), is added.

The report gives, per drawing and phase, the most and the mean of the calls of the drawing
alone, then with the position's ``legal`` calls added (a drawing of a fresh position). This
counts calls, not time: a call answered from the partitioner's own cache still counts.

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
from ginrummy.frontend import controls, discard_deadwood, knock_now, round_end_text, table_data, table_text

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


def _count(draw: Callable[[gr.PlayerView], object], r: gr.Round) -> int:
    """The calls of ``draw`` on player 0's view made afresh from ``r``, the view's making
    included."""
    calls.clear()
    draw(r.view(0))
    return sum(calls.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    install_counters()
    drawings: dict[str, Callable[[gr.PlayerView], object]] = {
        "text": lambda view: table_text(view, opponent="the bot", width=80),
        "json": lambda view: table_data(view, opponent="the bot"),
        "turn": lambda view: (
            table_text(view, opponent="the bot", width=80),
            table_data(view, opponent="the bot"),
            controls(view),
            knock_now(view),
            discard_deadwood(view),
        ),
    }
    ending = {**drawings, "end": lambda view: round_end_text(view, opponent="the bot", width=80)}
    seen: dict[tuple[str, str], list[tuple[int, int]]] = collections.defaultdict(list)
    bot = gr.make_bot("greedy")

    def measure(r: gr.Round, kinds: dict[str, Callable[[gr.PlayerView], object]]) -> None:
        legal = _count(lambda view: None, r)
        phase = r.phase.name
        seen[("legal", phase)].append((legal, legal))
        for name, draw in kinds.items():
            drawn = _count(draw, r)
            seen[(name, phase)].append((drawn, drawn + legal))

    for seed in range(args.rounds):
        r = gr.Round.deal(gr.PAGAT, dealer=seed % 2, seed=seed)
        while not r.is_over:
            if r.to_act == 0:
                measure(r, drawings)
            player = r.to_act
            assert player is not None
            r = r.apply(bot.act(r.view(player)))
        measure(r, ending)
    print(f"partitioner calls per drawn view, {args.rounds} rounds of greedy against greedy, pagat")
    print(f"{'':29} {'drawing alone':>12}  {'with legal':>11}")
    print(f"{'drawing':8} {'phase':13} {'views':>6} {'most':>5} {'mean':>6} {'most':>5} {'mean':>6}")
    for (name, phase), counts in sorted(seen.items()):
        alone = [count for count, _ in counts]
        total = [count for _, count in counts]
        print(
            f"{name:8} {phase:13} {len(counts):6d} {max(alone):5d} {statistics.fmean(alone):6.2f}"
            f" {max(total):5d} {statistics.fmean(total):6.2f}"
        )


if __name__ == "__main__":
    main()
