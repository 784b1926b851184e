"""The cards a value holds, however they are reached: its object graph, ``vars()``, a pickle
(unpickled, and its bytes read as text) and a deep copy.

A player's view must hold no card its player may not see, in any of these forms (docs/design.md,
"A player's view"). The privacy tests compare the cards reachable from the view of a real round
with those reachable from the view of a world sampled from it: a hidden card held anywhere in
the view is a card of the real round that the sampled world, drawing its hidden cards anew,
need not hold.

A card is found as a :class:`ginrummy.Card`, as the cards of a :class:`ginrummy.Hand` or
:class:`ginrummy.Meld` (their masks), or as a card's text among the strings of a pickle.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import pickle
import pickletools
import types
from typing import Any

import ginrummy as gr

__all__ = ["cards_in_graph", "cards_in_pickle_text", "reachable_cards"]

_OPAQUE = (type, types.ModuleType, types.CodeType, types.BuiltinFunctionType, types.FrameType)
"""What the walk does not enter: classes and modules (every card of the deck is reachable from
the module that defines it), code, builtins and frames."""


def _mask_cards(mask: int) -> set[gr.Card]:
    return set(gr.Hand.from_mask(mask))


def _children(value: object) -> list[object]:
    """What ``value`` refers to: its ``__dict__`` and ``__slots__`` (through ``vars()`` and
    ``getattr``), the garbage collector's referents, and for a function its closure and
    defaults (not its module's globals)."""
    found: list[object] = []
    if isinstance(value, types.FunctionType):
        found += [cell.cell_contents for cell in value.__closure__ or () if cell.cell_contents is not None]
        found += [value.__defaults__, value.__kwdefaults__]
        return found
    if isinstance(value, types.MethodType):
        return [value.__self__, value.__func__]
    with contextlib.suppress(TypeError):  # a value without a __dict__
        found.append(vars(value))
    for klass in type(value).__mro__:
        for name in vars(klass).get("__slots__", ()):
            if name not in ("__dict__", "__weakref__") and hasattr(value, name):
                found.append(getattr(value, name))
    found += [child for child in gc.get_referents(value) if not isinstance(child, _OPAQUE)]
    return found


def cards_in_graph(root: object) -> set[gr.Card]:
    """Every card reachable from ``root`` by references, private attributes and caches
    included."""
    cards: set[gr.Card] = set()
    seen: set[int] = set()
    stack: list[object] = [root]
    keep: list[object] = []  # values made by getattr stay alive, so their ids stay theirs
    while stack:
        value = stack.pop()
        if id(value) in seen or isinstance(value, _OPAQUE) or value is None:
            continue
        seen.add(id(value))
        keep.append(value)
        if isinstance(value, gr.Card):
            cards.add(value)
            continue
        if isinstance(value, (gr.Hand, gr.Meld)):
            cards |= _mask_cards(value.mask)
        if isinstance(value, (str, bytes, int, float, bool)):
            continue
        stack.extend(_children(value))
    return cards


def cards_in_pickle_text(data: bytes) -> set[gr.Card]:
    """The cards written as text among the strings of a pickle (a value whose pickle names a
    card by its text, not by its fields)."""
    cards: set[gr.Card] = set()
    for _opcode, argument, _position in pickletools.genops(data):
        if not isinstance(argument, str):
            continue
        for token in argument.replace("'", " ").replace("(", " ").replace(")", " ").split():
            if 2 <= len(token) <= 3:
                with contextlib.suppress(gr.GinRummyError):
                    cards.add(gr.Card.parse(token))
    return cards


def reachable_cards(value: object) -> dict[str, set[gr.Card]]:
    """The cards reachable from ``value`` through each form it can take, by form."""
    data = pickle.dumps(value)
    try:
        fields: Any = vars(value)
    except TypeError:  # a value without a __dict__: its vars() are its slots
        fields = {
            name: getattr(value, name)
            for klass in type(value).__mro__
            for name in vars(klass).get("__slots__", ())
            if hasattr(value, name)
        }
    return {
        "graph": cards_in_graph(value),
        "vars": cards_in_graph(fields),
        "pickle": cards_in_graph(pickle.loads(data)),
        "pickle text": cards_in_pickle_text(data),
        "deep copy": cards_in_graph(copy.deepcopy(value)),
    }
