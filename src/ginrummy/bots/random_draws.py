"""Draws from a :class:`random.Random` made exactly as its own methods make them, for the bots
that draw in their inner loop (the tracker bot draws the opponent's possible hands before it
knocks).

:func:`sample` takes the same random bits in the same order as :meth:`random.Random.sample`
and returns the same list on every supported Python (3.10 to 3.13 share the algorithm; the
tests compare the two on each), so a seeded bot plays the same games whichever way it draws.
Why the bots do not call the standard library's own method: ``docs/design.md``, "The compiled
build".
"""

from __future__ import annotations

import math
import random
from typing import TypeVar

__all__ = ["sample"]

T = TypeVar("T")


def sample(rng: random.Random, population: list[T], k: int) -> list[T]:
    """``rng.sample(population, k)``, drawn exactly as :meth:`random.Random.sample` draws it.

    For a :class:`random.Random` (whose ``_randbelow`` uses ``getrandbits``) and ``0 <= k <=
    len(population)``, which the callers guarantee; it does not check them.

    >>> import random
    >>> sample(random.Random(3), list(range(20)), 4) == random.Random(3).sample(range(20), 4)
    True
    """
    n = len(population)
    getrandbits = rng.getrandbits
    result: list[T] = []
    setsize = 21  # the size of a small set minus an empty list: the standard library's choice
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    if n <= setsize:
        # an n-length list is smaller than a k-length set: pick from a shrinking pool
        pool = list(population)
        for i in range(k):
            left = n - i
            bits = left.bit_length()
            j = getrandbits(bits)
            while j >= left:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[left - 1]  # move the last one into the picked one's place
        return result
    selected: set[int] = set()
    bits = n.bit_length()
    for _ in range(k):
        # the standard library draws below n, then again while the index was already picked:
        # the same bits as drawing until one is both below n and new
        j = getrandbits(bits)
        while j >= n or j in selected:
            j = getrandbits(bits)
        selected.add(j)
        result.append(population[j])
    return result
