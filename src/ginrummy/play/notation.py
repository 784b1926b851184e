"""A one-line notation for a round's position, like chess's FEN: paste it into a bug report, a
test or a REPL (:meth:`ginrummy.Round.notation`, :meth:`ginrummy.Round.from_notation`).

Segments are separated by ``" | "`` and come in a fixed order; the first names the ruleset,
each other starts with its keyword. Piles are listed bottom to top (the last card is the top),
``-`` is an empty list::

    pagat | dealer 0 | draw | player 1 | hands Ac 2d ... / 3c 5h ... | stock 5s 8h ... | pile 9d Kc
      | upcard 9d [| took 9d] [| known 5h / -] [| stock only] [| turn 3]
      [| knock 0 Kd: As 2s 3s, 7h 7d 7c] [| layoffs 4s>0 8c>1] [| last 1]

- the ruleset: a preset's name, or a name with the fields that differ from
  ``Ruleset()``'s defaults: ``custom(knock_limit=7, gin_bonus=30)`` (enums by their JSON
  values, ``none`` for None);
- the phase (``upcard-offer``, ``draw``, ``discard``, ``layoff``, ``over``) and, unless the
  round is over, the player to act;
- the hands (the knocker's without its knock card, the defender's without its layoffs), the
  stock, the discard pile and the initial upcard;
- the flags a position needs: the card taken this turn, the cards each player is known to
  hold (taken from the pile, still held), the stock-only rule, the turns played;
- after a knock: the knocker, its face-down card (or ``big-gin``) and its spread as shown,
  then the layoffs (card > meld index); a round that ended without a knock names the player
  who made the last discard (``last``). The result follows from the rest.

>>> import ginrummy as gr
>>> r = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).apply(gr.TakeDiscard())
>>> print(r.notation()[:60])
pagat | dealer 0 | discard | player 1 | hands 9c Jc Qc Kc 7d
>>> gr.Round.from_notation(r.notation()).position_key() == r.position_key()
True
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from typing import Any

import attrs

from ginrummy.actions import Action, BigGin, Discard, Knock, LayOff
from ginrummy.cards import Card, Hand
from ginrummy.errors import GinRummyError, ParseError
from ginrummy.melds import Meld, spread_before_layoffs
from ginrummy.phase import Phase
from ginrummy.round_fields import RoundFields
from ginrummy.rules import PRESETS, Ruleset
from ginrummy.validators import is_flag

__all__ = [
    "MAX_NOTATION",
    "Parsed",
    "check_reached",
    "notation_error",
    "parse_notation",
    "replayed",
    "write_notation",
]

MAX_NOTATION = 4096
"""The longest notation read (a real one is under 500 characters)."""

_SEPARATOR = " | "
_NAME = re.compile(r"[A-Za-z0-9_.-]+")
_FIELDS = {field.name: field for field in attrs.fields(Ruleset) if field.name != "name"}
_DEFAULTS = Ruleset()


@attrs.frozen
class Parsed:
    """A notation read into its parts (the round is built from them by replaying the last
    action or the knock and layoffs from the position before them)."""

    rules: Ruleset
    dealer: int
    phase: Phase
    to_act: int | None
    hands: tuple[Hand, Hand]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    upcard: Card
    taken: Card | None = None
    known: tuple[Hand, Hand] = (Hand(), Hand())
    stock_only: bool = False
    turns: int = 0
    knock: tuple[int, Card | None, tuple[Meld, ...]] | None = None
    layoffs: tuple[tuple[Card, int], ...] = ()
    last: int | None = None


# ---------------------------------------------------------------------------------- writing


def _cards(cards: Sequence[Card] | Hand) -> str:
    return " ".join(map(str, cards)) or "-"


def _value(value: object) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if value is None:
        return "none"
    if is_flag(value):
        return "true" if value else "false"
    return str(value)


def ruleset_notation(rules: Ruleset) -> str:
    """A preset's name, or the name with the fields that differ from ``Ruleset()``.

    :raises GinRummyError: for a ruleset name other than letters, digits and ``_.-``.
    """
    if PRESETS.get(rules.name) == rules:
        return rules.name
    if not _NAME.fullmatch(rules.name):
        raise GinRummyError(
            f"cannot write the ruleset {rules.name!r} in notation: its name must be letters, digits, '_', "
            "'.' "
            "or '-'"
        )
    changed = [
        f"{name}={_value(getattr(rules, name))}"
        for name in _FIELDS
        if getattr(rules, name) != getattr(_DEFAULTS, name)
    ]
    return f"{rules.name}({', '.join(changed)})"


def write_notation(r: RoundFields, last_player: int | None) -> str:
    """The notation of ``r`` (see the module docstring); ``last_player`` made the last move."""
    parts = [ruleset_notation(r.rules), f"dealer {r.dealer}", r.phase.value]
    if r.to_act is not None:
        parts.append(f"player {r.to_act}")
    parts += [
        f"hands {_cards(r.hands[0])} / {_cards(r.hands[1])}",
        f"stock {_cards(r.stock)}",
        f"pile {_cards(r.discard_pile)}",
        f"upcard {r.initial_upcard}",
    ]
    if r.taken is not None:
        parts.append(f"took {r.taken}")
    if r.known[0] or r.known[1]:
        parts.append(f"known {_cards(r.known[0])} / {_cards(r.known[1])}")
    if r.stock_only:
        parts.append("stock only")
    if r.turns:
        parts.append(f"turn {r.turns}")
    if r.knocker is not None:
        card = "big-gin" if r.knock_card is None else str(r.knock_card)
        shown = spread_before_layoffs(r.spread, r.layoffs)
        parts.append(f"knock {r.knocker} {card}: " + (", ".join(map(str, shown)) or "-"))
        if r.layoffs:
            parts.append("layoffs " + " ".join(f"{card}>{meld}" for card, meld in r.layoffs))
    elif r.phase is Phase.OVER and last_player is not None:
        parts.append(f"last {last_player}")
    return _SEPARATOR.join(parts)


# ---------------------------------------------------------------------------------- reading


class _Reader:
    """Reads one notation, saying where in the text a segment went wrong."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.segments: list[tuple[int, str]] = []
        offset = 0
        for segment in text.split(_SEPARATOR):
            self.segments.append((offset, segment))
            offset += len(segment) + len(_SEPARATOR)
        self.index = 0

    def fail(self, field: str, message: str, at: int | None = None) -> ParseError:
        """The error for ``field``, at character ``at`` (default: the segment read last)."""
        if at is None:
            at = self.segments[max(self.index - 1, 0)][0]
        return ParseError(f"invalid notation at character {at} ({field}): {message}", field=field)

    def next(self, keyword: str | None, field: str, *, optional: bool = False) -> str | None:
        """The text of the next segment after ``keyword`` (None when an optional one is absent)."""
        if self.index >= len(self.segments):
            if optional:
                return None
            raise self.fail(field, "missing", len(self.text))
        at, segment = self.segments[self.index]
        if keyword is not None:
            if segment != keyword and not segment.startswith(keyword + " "):
                if optional:
                    return None
                raise self.fail(field, f"expected {keyword!r}, got {segment[:40]!r}", at)
            segment = segment[len(keyword) :].strip()
        self.index += 1
        return segment

    def player(self, text: str, field: str) -> int:
        if text not in ("0", "1"):
            raise self.fail(field, f"a player is 0 or 1, got {text[:20]!r}")
        return int(text)

    def cards(self, text: str, field: str) -> tuple[Card, ...]:
        if text == "-":
            return ()
        try:
            return tuple(Card.parse(token) for token in text.split())
        except GinRummyError as exc:
            raise self.fail(field, str(exc)) from None

    def pair(self, text: str, field: str) -> tuple[Hand, Hand]:
        halves = text.split(" / ")
        if len(halves) != 2:
            raise self.fail(field, "two lists of cards separated by ' / '")
        try:
            return Hand(self.cards(halves[0], field)), Hand(self.cards(halves[1], field))
        except ParseError:
            raise
        except GinRummyError as exc:
            raise self.fail(field, str(exc)) from None


def _ruleset(reader: _Reader, text: str) -> Ruleset:
    if text in PRESETS:
        return PRESETS[text]
    match = re.fullmatch(r"([A-Za-z0-9_.-]+)\((.*)\)", text)
    if match is None:
        raise reader.fail(
            "rules", f"unknown ruleset {text[:40]!r}: a preset's name, or name(field=value, ...)"
        )
    changes: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in match.group(2).split(","))):
        name, _, raw = item.partition("=")
        field = _FIELDS.get(name)
        if field is None:
            raise reader.fail("rules", f"unknown ruleset field {name!r}")
        default = getattr(_DEFAULTS, name)
        if raw == "none":
            value: Any = None
        elif isinstance(default, enum.Enum):
            value = next((member for member in type(default) if member.value == raw), raw)
        elif is_flag(default):
            value = {"true": True, "false": False}.get(raw, raw)
        else:
            value = int(raw) if re.fullmatch(r"-?\d{1,6}", raw) else raw
        changes[name] = value
    try:
        return Ruleset(name=match.group(1), **changes)
    except GinRummyError as exc:
        raise reader.fail("rules", str(exc)) from None


def parse_notation(text: object) -> Parsed:
    """The parts of a notation (see the module docstring).

    :raises ParseError: naming the field and the character where the text goes wrong.
    """
    if not isinstance(text, str):
        raise ParseError(f"invalid notation {text!r:.80}: expected a string")
    if len(text) > MAX_NOTATION:
        raise ParseError(f"invalid notation: {len(text)} characters (at most {MAX_NOTATION})")
    reader = _Reader(text.strip())
    rules = _ruleset(reader, reader.next(None, "rules") or "")
    dealer = reader.player(reader.next("dealer", "dealer") or "", "dealer")
    phase_text = reader.next(None, "phase") or ""
    phase = next((p for p in Phase if p.value == phase_text), None)
    if phase is None:
        raise reader.fail("phase", f"unknown phase {phase_text[:30]!r}")
    to_act = None
    if phase is not Phase.OVER:
        to_act = reader.player(reader.next("player", "to_act") or "", "to_act")
    hands = reader.pair(reader.next("hands", "hands") or "", "hands")
    stock = reader.cards(reader.next("stock", "stock") or "", "stock")
    pile = reader.cards(reader.next("pile", "discard_pile") or "", "discard_pile")
    upcards = reader.cards(reader.next("upcard", "initial_upcard") or "", "initial_upcard")
    if len(upcards) != 1:
        raise reader.fail("initial_upcard", "one card")
    fields: dict[str, Any] = {}
    took = reader.next("took", "taken", optional=True)
    if took is not None:
        cards = reader.cards(took, "taken")
        if len(cards) != 1:
            raise reader.fail("taken", "one card")
        fields["taken"] = cards[0]
    known = reader.next("known", "known", optional=True)
    if known is not None:
        fields["known"] = reader.pair(known, "known")
    if reader.next("stock only", "stock_only", optional=True) is not None:
        fields["stock_only"] = True
    turn = reader.next("turn", "turns", optional=True)
    if turn is not None:
        if not re.fullmatch(r"\d{1,9}", turn):
            raise reader.fail("turns", f"a count, got {turn[:20]!r}")
        fields["turns"] = int(turn)
    knock = reader.next("knock", "knock", optional=True)
    if knock is not None:
        fields["knock"] = _knock(reader, knock, rules)
        laid = reader.next("layoffs", "layoffs", optional=True)
        if laid is not None:
            fields["layoffs"] = _layoffs(reader, laid)
    last = reader.next("last", "last", optional=True)
    if last is not None:
        fields["last"] = reader.player(last, "last")
    if reader.index < len(reader.segments):
        raise reader.fail(
            "end", f"unexpected {reader.segments[reader.index][1][:40]!r}", reader.segments[reader.index][0]
        )
    return Parsed(rules, dealer, phase, to_act, hands, stock, pile, upcards[0], **fields)


def _knock(reader: _Reader, text: str, rules: Ruleset) -> tuple[int, Card | None, tuple[Meld, ...]]:
    head, colon, melds = text.partition(": ")
    words = head.split()
    if not colon or len(words) != 2:
        raise reader.fail("knock", "'knock PLAYER CARD: MELD, MELD ...'")
    knocker = reader.player(words[0], "knock")
    card = None if words[1] == "big-gin" else reader.cards(words[1], "knock")[0]
    spread: list[Meld] = []
    for item in melds.split(", ") if melds != "-" else ():
        try:
            spread.append(Meld.parse(item, rules=rules))
        except GinRummyError as exc:
            raise reader.fail("knock", str(exc)) from None
    return knocker, card, tuple(spread)


def _layoffs(reader: _Reader, text: str) -> tuple[tuple[Card, int], ...]:
    layoffs = []
    for item in text.split():
        card, sign, meld = item.partition(">")
        if not sign or not re.fullmatch(r"\d{1,2}", meld):
            raise reader.fail("layoffs", f"'CARD>MELD', got {item[:20]!r}")
        layoffs.append((reader.cards(card, "layoffs")[0], int(meld)))
    return tuple(layoffs)


def replayed(parsed: Parsed) -> tuple[RoundFields, list[Action]]:
    """The set-up position before the last move that a parsed notation needs (a knock, its
    layoffs, or the discard that ended the round), and the actions from there; for a position
    before any knock, the position itself and no action."""
    hands = list(parsed.hands)
    pile, turns, taken = parsed.pile, parsed.turns, parsed.taken
    phase, to_act = parsed.phase, parsed.to_act
    actions: list[Action] = []
    if parsed.knock is not None:
        knocker, card, spread = parsed.knock
        laid = sum(c.mask for c, _ in parsed.layoffs)
        hands[knocker] = Hand.from_mask(hands[knocker].mask | (0 if card is None else card.mask))
        hands[1 - knocker] = Hand.from_mask(hands[1 - knocker].mask | laid)
        phase, to_act, turns = Phase.DISCARD, knocker, turns - 1
        actions.append(BigGin(spread) if card is None else Knock(card, spread))
        actions.extend(LayOff(c, m) for c, m in parsed.layoffs)
    elif parsed.phase is Phase.OVER:
        last = parsed.last
        if last is None or not pile:
            raise ParseError(
                "invalid notation (last): a round over without a knock names who discarded last", field="last"
            )
        hands[last] = Hand.from_mask(hands[last].mask | pile[-1].mask)
        actions.append(Discard(pile[-1]))
        pile, phase, to_act, turns = pile[:-1], Phase.DISCARD, last, turns - 1
    if taken is not None and actions:
        raise ParseError(
            "invalid notation (taken): a card is taken this turn only before a discard or a knock",
            field="taken",
        )
    position = RoundFields._new(
        rules=parsed.rules,
        dealer=parsed.dealer,
        hands=(hands[0], hands[1]),
        stock=parsed.stock,
        discard_pile=pile,
        initial_upcard=parsed.upcard,
        phase=phase,
        to_act=to_act,
        taken=taken,
        stock_only=parsed.stock_only,
        turns=turns,
        known=parsed.known,
    )
    return position, actions


def notation_error(parsed: Parsed, exc: GinRummyError) -> ParseError:
    """The error for a parsed notation whose position, or a move replayed from it, is refused
    with ``exc``: it names the field (the knock's, or the phase's, when ``exc`` names none)."""
    field = exc.field or ("knock" if parsed.knock is not None else "phase")
    return ParseError(f"invalid notation ({field}): {exc}", field=field)


def check_reached(parsed: Parsed, r: RoundFields) -> None:
    """Check that the round ``r`` replayed from ``parsed`` is in the phase, with the player to
    act, that the notation says.

    :raises ParseError: naming the phase.
    """
    if (r.phase, r.to_act) != (parsed.phase, parsed.to_act):
        raise ParseError(
            f"invalid notation (phase): the position is in phase {r.phase.value} with player "
            f"{r.to_act} to "
            f"act, not {parsed.phase.value} with player {parsed.to_act}",
            field="phase",
        )
