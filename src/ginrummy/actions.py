"""The actions a player can take, their text notation and their stable integer ids.

Notation (``parse_action`` reads the long words too; ``str`` gives the short form):

==================================  ====================================  ==========================
action                              short                                 long
==================================  ====================================  ==========================
``DrawStock()``                     ``s``                                 ``stock``, ``draw``
``TakeDiscard()``                   ``t``                                 ``take``
``PassUpcard()``                    ``p``                                 ``pass``
``Discard(card)``                   ``d Kh``                              ``discard Kh``
``Knock(card)``                     ``k Kh``                              ``knock Kh``
``Knock(card, melds)``              ``k Kh / 7c 8c 9c / 7d 7h 7s``
``BigGin()``                        ``bg``                                ``big-gin``, ``biggin``
``BigGin(melds)``                   ``bg / 7c 8c 9c / ...``
``LayOff(card, meld)``              ``l 8h 0``                            ``layoff 8h 0``
``EndLayoffs()``                    ``e``                                 ``end``, ``done``
==================================  ====================================  ==========================

Integer ids (:func:`action_to_id`, :func:`action_from_id`) cover every action that
``Round.legal_actions()`` returns, and every knock and big gin: one shown with explicit melds
has the id of the one with ``melds=None``, as OpenSpiel encodes knocks.

>>> import ginrummy as gr
>>> action = gr.parse_action("k Kh")
>>> action, str(action), gr.action_to_id(action)
(Knock(card=Card('Kh'), melds=None), 'k Kh', 93)
>>> gr.action_from_id(93) == action
True
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from ginrummy.cards import DECK, Card
from ginrummy.errors import InvalidMeldError, ParseError
from ginrummy.melds import Meld, MeldingRules
from ginrummy.validators import check_int

__all__ = [
    "ACTION_SPACE_SIZE",
    "Action",
    "BigGin",
    "Discard",
    "DrawStock",
    "EndLayoffs",
    "Knock",
    "LayOff",
    "PassUpcard",
    "TakeDiscard",
    "action_from_id",
    "action_to_id",
    "parse_action",
]

MAX_ACTION_TEXT: Final = 400
"""The longest action text read: a knock showing 10 cards in melds is under 60 characters."""

MAX_SPREAD_MELDS: Final = 3
"""A knocker's 10 cards hold at most three melds, so a layoff names meld 0, 1 or 2."""


def _card(value: object) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise ParseError(f"invalid card {value!r}: expected a Card or text such as 'As'")


def _melds(value: object) -> tuple[Meld, ...] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise InvalidMeldError(f"invalid melds {value!r}: expected a sequence of Meld")
    melds = tuple(value)
    for meld in melds:
        if not isinstance(meld, Meld):
            raise InvalidMeldError(f"invalid melds: {meld!r} is not a Meld")
    return melds


@attrs.frozen
class PassUpcard:
    """Decline the initial upcard on the first turn.

    >>> str(PassUpcard()), parse_action("pass"), action_to_id(PassUpcard())
    ('p', PassUpcard(), 2)
    """

    def __str__(self) -> str:
        return "p"


@attrs.frozen
class TakeDiscard:
    """Take the top card of the discard pile (the upcard on the first turn).

    >>> import ginrummy as gr
    >>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7)
    >>> str(gr.TakeDiscard()), str(r.upcard), r.is_legal(gr.TakeDiscard())
    ('t', '9d', True)
    >>> gr.Card("9d") in r.apply(gr.TakeDiscard()).hand(1)
    True
    """

    def __str__(self) -> str:
        return "t"


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock.

    >>> str(DrawStock()), parse_action("draw"), action_to_id(DrawStock())
    ('s', DrawStock(), 0)
    """

    def __str__(self) -> str:
        return "s"


@attrs.frozen
class Discard:
    """Discard ``card`` face up and end the turn.

    >>> Discard("Kh"), str(Discard("Kh")), action_to_id(Discard("Kh"))
    (Discard(card=Card('Kh')), 'd Kh', 41)
    """

    card: Card = attrs.field(converter=_card)
    """The card discarded."""

    def __str__(self) -> str:
        return f"d {self.card}"


@attrs.frozen
class Knock:
    """Discard ``card`` face down and show the other ten cards arranged as ``melds``.

    With ``melds=None`` the round uses a minimum-deadwood arrangement chosen without looking
    at the opponent's cards. A knock whose deadwood is 0 is gin.

    >>> Knock("Kh"), action_to_id(Knock("Kh"))
    (Knock(card=Card('Kh'), melds=None), 93)
    >>> str(Knock("Kh", [Meld.parse("7c 8c 9c"), Meld.parse("7d 7h 7s")]))
    'k Kh / 7c 8c 9c / 7d 7h 7s'
    """

    card: Card = attrs.field(converter=_card)
    """The card discarded face down."""
    melds: tuple[Meld, ...] | None = attrs.field(default=None, converter=_melds)
    """The spread, or None for the library's choice."""

    def __str__(self) -> str:
        return f"k {self.card}" + _melds_text(self.melds)


@attrs.frozen
class BigGin:
    """Show all eleven cards melded without discarding (when the ruleset allows big gin).

    >>> str(BigGin()), action_to_id(BigGin())
    ('bg', 107)
    >>> parse_action("bg / As 2s 3s 4s / 7c 7d 7h / 9h Th Jh Qh").melds
    (Meld('As 2s 3s 4s'), Meld('7c 7d 7h'), Meld('9h Th Jh Qh'))
    """

    melds: tuple[Meld, ...] | None = attrs.field(default=None, converter=_melds)
    """The spread, or None for the library's choice."""

    def __str__(self) -> str:
        return "bg" + _melds_text(self.melds)


def _meld_index(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    """The check of a layoff's meld index (attrs' validator)."""
    check_int(value, "layoff meld index", ParseError, low=0, high=99)


@attrs.frozen
class LayOff:
    """Defender: lay ``card`` onto the knocker's spread meld number ``meld``.

    >>> LayOff("8h", 0), str(LayOff("8h", 0))
    (LayOff(card=Card('8h'), meld=0), 'l 8h 0')
    >>> LayOff("8h", -1)
    Traceback (most recent call last):
    ...
    ginrummy.errors.ParseError: invalid layoff meld index -1: must be an integer
    from 0 to 99
    """

    card: Card = attrs.field(converter=_card)
    """The card laid off."""
    meld: int = attrs.field(validator=_meld_index)
    """The index of the meld in the knocker's spread (stable while cards are laid off)."""

    def __str__(self) -> str:
        return f"l {self.card} {self.meld}"


@attrs.frozen
class EndLayoffs:
    """Defender: stop laying off; its deadwood is the minimum of the cards it kept.

    >>> str(EndLayoffs()), parse_action("done"), action_to_id(EndLayoffs())
    ('e', EndLayoffs(), 108)
    """

    def __str__(self) -> str:
        return "e"


Action: TypeAlias = PassUpcard | TakeDiscard | DrawStock | Discard | Knock | BigGin | LayOff | EndLayoffs
"""Any action."""

ACTION_TYPES = (PassUpcard, TakeDiscard, DrawStock, Discard, Knock, BigGin, LayOff, EndLayoffs)
"""The action classes, for ``isinstance`` checks."""


def _melds_text(melds: tuple[Meld, ...] | None) -> str:
    if melds is None:
        return ""
    if not melds:
        return " /"  # an explicit empty spread
    return "".join(f" / {meld}" for meld in melds)


_WORDS: Final = {
    "s": "s", "stock": "s", "draw": "s",
    "t": "t", "take": "t",
    "p": "p", "pass": "p",
    "d": "d", "discard": "d",
    "k": "k", "knock": "k",
    "bg": "bg", "big-gin": "bg", "biggin": "bg",
    "l": "l", "layoff": "l", "lay": "l",
    "e": "e", "end": "e", "done": "e",
}  # fmt: skip


def parse_action(text: str, rules: MeldingRules | None = None) -> Action:
    """Read an action in the notation of this module (case-insensitive).

    :param rules: for knocks with explicit round-the-corner melds.
    :raises ParseError: naming the text and what is wrong.

    >>> parse_action("discard 10h"), parse_action("l 8h 0")
    (Discard(card=Card('Th')), LayOff(card=Card('8h'), meld=0))
    """
    if not isinstance(text, str):
        raise ParseError(f"invalid action {text!r:.80}: expected text such as 'd Kh'")
    if len(text) > MAX_ACTION_TEXT:
        raise ParseError(
            f"invalid action {text[:40]!r}...: {len(text)} characters, at most {MAX_ACTION_TEXT}"
        )
    head, *meld_texts = text.split("/")
    words = head.split()
    if not words:
        raise ParseError(f"invalid action {text!r}: empty")
    kind = _WORDS.get(words[0].lower())
    if kind is None:
        raise ParseError(f"invalid action {text!r}: unknown action {words[0]!r}")
    args = words[1:]
    expected = {"s": 0, "t": 0, "p": 0, "e": 0, "bg": 0, "d": 1, "k": 1, "l": 2}[kind]
    if len(args) != expected:
        raise ParseError(
            f"invalid action {text!r}: {words[0]!r} takes {expected} argument(s), got {len(args)}"
        )
    if meld_texts and kind not in ("k", "bg"):
        raise ParseError(f"invalid action {text!r}: only a knock or big gin lists melds")
    try:
        if meld_texts == [""] or (len(meld_texts) == 1 and not meld_texts[0].strip()):
            melds: tuple[Meld, ...] | None = ()  # "k Kh /": an explicit empty spread
        else:
            melds = tuple(Meld.parse(m.strip(), rules=rules) for m in meld_texts) if meld_texts else None
        if kind == "s":
            return DrawStock()
        if kind == "t":
            return TakeDiscard()
        if kind == "p":
            return PassUpcard()
        if kind == "e":
            return EndLayoffs()
        if kind == "bg":
            return BigGin(melds)
        if kind == "d":
            return Discard(Card.parse(args[0]))
        if kind == "k":
            return Knock(Card.parse(args[0]), melds)
        if not (args[1].isascii() and args[1].isdecimal()) or len(args[1]) > 2:
            raise ParseError(f"invalid meld index {args[1]!r:.40}: expected 0, 1, 2 ...")
        return LayOff(Card.parse(args[0]), int(args[1]))
    except (ParseError, InvalidMeldError) as exc:
        raise ParseError(f"invalid action {text!r}: {exc}") from None


# The id layout: 0 draw stock, 1 take discard, 2 pass, 3-54 discard (card index),
# 55-106 knock (card index: a knock showing any spread has the id of the knock with melds=None),
# 107 big gin (any spread), 108 end layoffs,
# 109-264 lay off card onto meld 0, 1, 2 (109 + 52 * meld + card index).
_DISCARD, _KNOCK, _BIG_GIN, _END, _LAYOFF = 3, 55, 107, 108, 109
ACTION_SPACE_SIZE: Final = _LAYOFF + 52 * MAX_SPREAD_MELDS
"""The number of action ids: ids run from 0 to ``ACTION_SPACE_SIZE - 1`` (265 actions)."""


def action_to_id(action: Action) -> int:
    """The stable integer id of ``action`` (see the layout in the module source).

    A knock is encoded by its card alone, as OpenSpiel encodes it: ``Knock(card, melds)``
    with a spread of the knocker's own has the id of ``Knock(card)``, and so has big gin with
    a spread that of ``BigGin()``. :func:`action_from_id` gives back the knock with
    ``melds=None`` (the library's least-deadwood spread), which a round accepts whenever it
    accepts the knock with a spread: the id names the decision, not the arrangement shown.

    :raises ParseError: for a layoff onto a meld index above 2, or a value that is not an
        action.

    >>> [action_to_id(action) for action in (DrawStock(), Discard("Ac"), LayOff("8h", 0))]
    [0, 3, 142]
    >>> action_to_id(Knock("Kh", [Meld.parse("7c 8c 9c")])) == action_to_id(Knock("Kh"))
    True
    >>> action_from_id(action_to_id(Knock("Kh", [Meld.parse("7c 8c 9c")])))
    Knock(card=Card('Kh'), melds=None)
    """
    if isinstance(action, DrawStock):
        return 0
    if isinstance(action, TakeDiscard):
        return 1
    if isinstance(action, PassUpcard):
        return 2
    if isinstance(action, Discard):
        return _DISCARD + action.card.index
    if isinstance(action, Knock):
        return _KNOCK + action.card.index  # any spread: the id names the knock card
    if isinstance(action, BigGin):
        return _BIG_GIN
    if isinstance(action, EndLayoffs):
        return _END
    if isinstance(action, LayOff):
        if action.meld >= MAX_SPREAD_MELDS:
            raise ParseError(f"action {action!r} has no id: a spread has at most {MAX_SPREAD_MELDS} melds")
        return _LAYOFF + 52 * action.meld + action.card.index
    raise ParseError(f"invalid action {action!r}: not an action")


_BY_ID: Final[tuple[Action, ...]] = (
    DrawStock(),
    TakeDiscard(),
    PassUpcard(),
    *(Discard(card) for card in DECK),
    *(Knock(card) for card in DECK),
    BigGin(),
    EndLayoffs(),
    *(LayOff(card, meld) for meld in range(MAX_SPREAD_MELDS) for card in DECK),
)


DISCARD_ACTIONS: tuple[Discard, ...] = tuple(Discard(card) for card in DECK)
"""``Discard(card)`` for every card, by card index (shared instances for speed)."""
KNOCK_ACTIONS: tuple[Knock, ...] = tuple(Knock(card) for card in DECK)
"""``Knock(card)`` for every card, by card index (shared instances for speed)."""


def action_from_id(action_id: int) -> Action:
    """The action with id ``action_id``.

    :raises ParseError: for an id outside ``0 .. ACTION_SPACE_SIZE - 1``.

    >>> action_from_id(0), action_from_id(3), action_from_id(108)
    (DrawStock(), Discard(card=Card('Ac')), EndLayoffs())
    >>> action_from_id(ACTION_SPACE_SIZE)
    Traceback (most recent call last):
    ...
    ginrummy.errors.ParseError: invalid action id 265: must be an integer from 0 to 264
    """
    return _BY_ID[check_int(action_id, "action id", ParseError, low=0, high=ACTION_SPACE_SIZE - 1)]
