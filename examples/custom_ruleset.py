"""Make a custom ruleset from a preset, see a validation error, and simulate it briefly.

A variant is data: :meth:`ginrummy.Ruleset.evolve` returns a validated copy of a preset with
some fields changed. Here Pagat's rules get a knock limit of 5 and a gin bonus of 30; a bad
value and an unknown field are rejected with :class:`ginrummy.InvalidRulesetError`. Then
:func:`ginrummy.simulate` plays 20 single rounds of greedy bots under both rulesets, on the same
shuffles, and the program prints a few rates with their 95% intervals.

Run it with ``python examples/custom_ruleset.py``.
"""

from __future__ import annotations

import ginrummy as gr


def percent(estimate: gr.Estimate) -> str:
    """A rate and its 95% interval in percent."""
    return f"{100 * estimate.value:.0f}% [{100 * estimate.low:.0f}, {100 * estimate.high:.0f}]"


def main() -> None:
    """Build the variant, show the errors, simulate and print the comparison."""
    tight = gr.PAGAT.evolve(name="tight", knock_limit=5, gin_bonus=30)
    changed = [
        f"{name}={getattr(tight, name)}"
        for name in ("knock_limit", "gin_bonus")
        if getattr(tight, name) != getattr(gr.PAGAT, name)
    ]
    print(f"ruleset {tight.name!r}: pagat with {', '.join(changed)}")

    bad_changes = ({"knock_limit": 11.5}, {"knock_limmit": 5}, {"layoffs": False, "layoffs_after_gin": True})
    for changes in bad_changes:
        try:
            gr.PAGAT.evolve(**changes)
        except gr.InvalidRulesetError as exc:
            print(f"rejected {changes}: {exc}")

    report = gr.simulate([gr.PAGAT, tight], rounds=20, seed=2024)
    for stats in report.stats:
        print(
            f"{stats.name:<6} knock {percent(stats.rate('knock'))}  gin {percent(stats.rate(gr.Outcome.GIN))}"
            f"  turns per round {stats.turns_per_round.value:.1f}"
        )
    print()
    print(report)  # the table ginrummy simulate prints


if __name__ == "__main__":
    main()
