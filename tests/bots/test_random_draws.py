"""``ginrummy.bots.random_draws.sample`` draws exactly what :meth:`random.Random.sample` draws, on
whichever Python and build runs the suite (the bots' games must not depend on either)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from ginrummy.bots.random_draws import sample


@st.composite
def draws(draw: st.DrawFn) -> tuple[int, int, int]:
    seed = draw(st.integers(0, 2**64))
    n = draw(st.integers(0, 120))
    return seed, n, draw(st.integers(0, n))


@given(draws())
def test_sample_draws_as_the_standard_library(case: tuple[int, int, int]) -> None:
    """The same list, and the generator left in the same state, for both of the standard
    library's ways (a shrinking pool for small populations, a set of picked indices for large
    ones)."""
    seed, n, k = case
    population = [f"x{i}" for i in range(n)]
    ours, theirs = random.Random(seed), random.Random(seed)
    assert theirs.sample(population, k) == sample(ours, population, k)
    assert theirs.getstate() == ours.getstate()
    assert population == [f"x{i}" for i in range(n)]


def test_sample_covers_both_ways() -> None:
    """The cases above reach both branches: a population larger than the pool threshold for a
    small ``k`` (the set way) and one below it (the pool way), each checked on many seeds."""
    for n, k in [(52, 3), (30, 12), (120, 40), (21, 5), (22, 5)]:
        population = list(range(n))
        for seed in range(200):
            ours, theirs = random.Random(seed), random.Random(seed)
            assert theirs.sample(population, k) == sample(ours, population, k)
            assert theirs.getstate() == ours.getstate()
