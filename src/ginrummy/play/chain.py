"""Persistent lists that grow at the end in constant time (a round's log, a game's history).

A :class:`Chain` link holds its last item and the link before it. Adding an item makes one
new link and copies nothing, so a game of any length appends each action at the same cost;
the tuple of all items is built only when asked for, from the nearest link that already has
its tuple, and then kept on that link.

>>> first = Chain.of("a")
>>> longer = first.then("b").then("c")
>>> longer.items(), first.items(), len(longer)
(('a', 'b', 'c'), ('a',), 3)
"""

from __future__ import annotations

from typing import Generic, TypeVar

from ginrummy.errors import GinRummyError

__all__ = ["Chain", "items"]

T = TypeVar("T")


class Chain(Generic[T]):
    """A link: ``item`` after the chain ``previous`` (None at the start)."""

    __slots__ = ("_items", "item", "previous", "size")

    def __init__(self, previous: Chain[T] | None, item: T) -> None:
        self.previous = previous
        self.item = item
        self.size: int = 1 if previous is None else previous.size + 1
        self._items: tuple[T, ...] | None = None

    @classmethod
    def of(cls, item: T) -> Chain[T]:
        """A chain of one item."""
        return cls(None, item)

    def then(self, item: T) -> Chain[T]:
        """This chain with ``item`` added at the end."""
        return type(self)(self, item)

    def __len__(self) -> int:
        return self.size

    def __reduce__(self) -> tuple[object, ...]:
        # pickling and copying: the items, flat, and the links made again one by one. The
        # default (each link's slots, the previous link among them) nests as deep as the chain
        # is long, which a long game's actions exceed (RecursionError), and a compiled build's
        # native class has no default at all.
        return _rebuilt, (type(self), self.items())

    def items(self) -> tuple[T, ...]:
        """Every item, in order (built on from the nearest earlier link that has its tuple,
        and kept on this link only, so memory stays proportional to the chain)."""
        built = self._items
        if built is None:
            pending: list[T] = []
            link: Chain[T] | None = self
            done: tuple[T, ...] = ()
            while link is not None:
                if link._items is not None:
                    done = link._items
                    break
                pending.append(link.item)
                link = link.previous
            pending.reverse()
            built = self._items = (*done, *pending)
        return built


def _rebuilt(kind: type[Chain[T]], every: tuple[T, ...]) -> Chain[T]:
    """A chain of ``kind`` holding ``every`` item, in order (unpickling: see
    :meth:`Chain.__reduce__`)."""
    chain: Chain[T] | None = None
    for item in every:
        chain = kind(chain, item)
    if chain is None:
        raise GinRummyError("invalid pickled chain: a chain holds at least one item")
    return chain


def items(chain: Chain[T] | None) -> tuple[T, ...]:
    """The items of ``chain``, or () for no chain."""
    return () if chain is None else chain.items()
