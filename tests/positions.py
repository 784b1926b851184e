"""Scripted round positions for the rule tests.

A rule test names only the cards that matter: the two hands, the discard pile and the next few
stock cards. :func:`position` places every other card in the stock (or, when a small stock is
asked for, at the bottom of the discard pile) in a fixed order, so a test reads like the rule it
pins::

    r = position(hands=("7c 8c 9c ...", "..."), discard="Kd", stock_top="2h")
    r = play(r, "s", "d 2h")

Piles follow the library's convention where they are given as sequences (bottom to top), but
``stock_top`` lists the next cards to be drawn *top first*, which is how a test thinks of them.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import ginrummy as gr
from ginrummy.round_fields import FIELD_NAMES

__all__ = [
    "biased_action",
    "card",
    "cards",
    "check_cards",
    "choose_action",
    "hand",
    "illegal_reason",
    "layout",
    "meld",
    "play",
    "position",
    "set_up",
    "snapshot",
    "view_fields",
    "view_refusal",
]


def card(text: str) -> gr.Card:
    """The card written ``text``."""
    return gr.Card.parse(text)


def cards(text: str) -> tuple[gr.Card, ...]:
    """The cards written in ``text``, in the order written (unlike :meth:`gr.Hand.parse`)."""
    return tuple(gr.Card.parse(token) for token in text.split())


def hand(text: str) -> gr.Hand:
    """The hand written ``text``."""
    return gr.Hand.parse(text)


def meld(text: str) -> gr.Meld:
    """The meld written ``text`` (traditional melding)."""
    return gr.Meld.parse(text)


def layout(
    *,
    hands: tuple[str, str],
    discard: str = "",
    stock_top: str = "",
    stock_size: int | None = None,
    dealer: int = 0,
    phase: gr.Phase = gr.Phase.DRAW,
    to_act: int | None = None,
    taken: str | None = None,
    stock_only: bool = False,
    initial_upcard: str | None = None,
) -> dict[str, Any]:
    """The keyword arguments of :meth:`gr.Round.from_position` for a scripted position (see
    :func:`position`), for tests that spoil one of them on purpose."""
    named_pile = cards(discard)
    top = cards(stock_top)
    named = set(named_pile) | set(top) | set(hand(hands[0])) | set(hand(hands[1]))
    rest = [c for c in gr.DECK if c not in named]
    if stock_size is None:
        under_pile: list[gr.Card] = []
        filler = rest
    else:
        keep = stock_size - len(top)
        assert keep >= 0, f"stock_size {stock_size} is smaller than stock_top {stock_top!r}"
        under_pile, filler = rest[: len(rest) - keep], rest[len(rest) - keep :]
    upcard: gr.Card | None
    if initial_upcard is not None:
        upcard = card(initial_upcard)
    elif named_pile:
        upcard = named_pile[0]
    else:
        upcard = None
    return {
        "dealer": dealer,
        "hands": (hand(hands[0]), hand(hands[1])),
        "stock": [*filler, *reversed(top)],
        "discard_pile": [*under_pile, *named_pile],
        "initial_upcard": upcard,
        "phase": phase,
        "to_act": to_act,
        "taken": taken,
        "stock_only": stock_only,
    }


def position(
    rules: gr.Ruleset = gr.PAGAT,
    *,
    hands: tuple[str, str],
    discard: str = "",
    stock_top: str = "",
    stock_size: int | None = None,
    dealer: int = 0,
    phase: gr.Phase = gr.Phase.DRAW,
    to_act: int | None = None,
    taken: str | None = None,
    stock_only: bool = False,
    initial_upcard: str | None = None,
) -> gr.Round:
    """A round at a scripted position, through :meth:`gr.Round.from_position`.

    :param hands: the two hands as text (10 cards each; 11 for the player to act in DISCARD).
    :param discard: the discard pile as text, bottom first; its first card is the initial
        upcard unless ``initial_upcard`` says otherwise.
    :param stock_top: the next cards drawn from the stock, top first.
    :param stock_size: the size of the stock; the unnamed cards that do not fit go under
        ``discard`` at the bottom of the pile. None: every unnamed card is in the stock.
    :param dealer: the dealer (the non-dealer acts by default).
    :param phase: UPCARD_OFFER, DRAW or DISCARD.
    :param to_act: the player to act (default: the non-dealer).
    :param taken: in DISCARD, the card taken from the pile this turn.
    :param stock_only: in DRAW, the player to act must draw from the stock.
    :param initial_upcard: the card turned up at the deal (default: the first card of
        ``discard``, or the bottom of the pile when ``discard`` is empty).
    :returns: the round; the unnamed cards fill the stock in :data:`gr.DECK` order, under
        ``stock_top``.
    """
    kwargs = layout(
        hands=hands,
        discard=discard,
        stock_top=stock_top,
        stock_size=stock_size,
        dealer=dealer,
        phase=phase,
        to_act=to_act,
        taken=taken,
        stock_only=stock_only,
        initial_upcard=initial_upcard,
    )
    return gr.Round.from_position(rules, **kwargs)


def set_up(r: gr.Round) -> gr.Round:
    """The same position as ``r`` (before a knock), rebuilt with ``Round.from_position``."""
    return gr.Round.from_position(
        r.rules,
        dealer=r.dealer,
        hands=(r.hand(0), r.hand(1)),
        stock=r.stock,
        discard_pile=r.discard_pile,
        initial_upcard=r.initial_upcard,
        phase=r.phase,
        to_act=r.to_act,
        taken=r.taken,
        stock_only=r.stock_only,
        turns=r.turns,
    )


def play(round_: gr.Round, *actions: str | gr.Action) -> gr.Round:
    """``round_`` after ``actions``, each an action or its notation (``"s"``, ``"d Kh"``)."""
    for action in actions:
        parsed = gr.parse_action(action) if isinstance(action, str) else action
        round_ = round_.apply(parsed)
    return round_


def illegal_reason(round_: gr.Round, action: str | gr.Action) -> str:
    """The message of the :class:`gr.IllegalActionError` raised by applying ``action``; the
    test fails if the action is legal, and ``is_legal`` must agree."""
    parsed = gr.parse_action(action) if isinstance(action, str) else action
    assert not round_.is_legal(parsed), f"{parsed!r} is unexpectedly legal"
    with pytest.raises(gr.IllegalActionError) as info:
        round_.apply(parsed)
    return str(info.value)


def snapshot(round_: gr.Round) -> dict[str, object]:
    """A deep copy of every field of ``round_``, to show that an operation left it unchanged."""
    names = [*FIELD_NAMES, "events"]
    return {name: copy.deepcopy(getattr(round_, name)) for name in names}


def biased_action(
    round_: gr.Round, rng: random.Random, knock: float = 0.6, *, alternate_takes: bool = True
) -> gr.Action:
    """A random legal action, biased so that random rounds reach knocks, gins and layoffs.

    With one legal knock or big gin, it is taken with probability ``knock``; discards mostly
    keep the hand's deadwood low; layoffs are made more often than not. In the other phases,
    with ``alternate_takes`` the discard pile is taken now and then, never twice in a row by
    the same player: the stock shrinks at least every other turn, so the round ends within
    about 250 actions whatever ``rng`` returns (the rules alone would let two players pass
    cards back and forth through the discard pile forever); without it any legal action is
    picked at random.
    """
    legal = round_.legal_actions()
    assert legal, f"no legal action in {round_!r}"
    if round_.phase is gr.Phase.DISCARD:
        endings = [a for a in legal if isinstance(a, (gr.Knock, gr.BigGin))]
        if endings and rng.random() < knock:
            return rng.choice(endings)
        discards = [a for a in legal if isinstance(a, gr.Discard)]
        if rng.random() < 0.8:
            assert round_.to_act is not None
            order = [c for c, _ in gr.best_discards(round_.hand(round_.to_act), round_.rules)]
            return min(discards, key=lambda a: order.index(a.card))
        return rng.choice(discards)
    if round_.phase is gr.Phase.LAYOFF:
        layoffs = [a for a in legal if isinstance(a, gr.LayOff)]
        if layoffs and rng.random() < 0.7:
            return rng.choice(layoffs)
        return gr.EndLayoffs()
    if not alternate_takes:
        return rng.choice(legal)
    takes = [a for a in legal if isinstance(a, gr.TakeDiscard)]
    draws = (e.action for e in reversed(round_.events) if e.player == round_.to_act)
    last = next((a for a in draws if isinstance(a, (gr.DrawStock, gr.TakeDiscard))), None)
    if takes and not isinstance(last, gr.TakeDiscard) and rng.random() < 0.3:
        return takes[0]
    return next(a for a in legal if not isinstance(a, gr.TakeDiscard))


def choose_action(round_: gr.Round, rng: random.Random) -> gr.Action:
    """:func:`biased_action` with its defaults: knocks more often than not, and the discard
    pile never taken twice in a row by the same player, so every round ends."""
    return biased_action(round_, rng)


def playout_rounds(seed: int, count: int = 6) -> Iterator[gr.Round]:
    """Every position of ``count`` random rounds under each preset (played by
    :func:`choose_action`), the round over included."""
    rng = random.Random(seed)
    for number in range(count):
        for rules in gr.PRESETS.values():
            r = gr.Round.deal(rules, dealer=number % 2, seed=rng.randrange(10**9))
            yield r
            while not r.is_over:
                r = r.apply(choose_action(r, rng))
                yield r


def check_cards(r: gr.Round) -> None:
    """Every card is in exactly one place: a hand, the stock, the discard pile, the face-down
    knock card, or laid off onto the spread (a laid-off card has left the defender's hand)."""
    laid_off = [c for c, _ in r.layoffs]
    places = [*r.hand(0), *r.hand(1), *r.stock, *r.discard_pile, *laid_off]
    if r.knock_card is not None:
        places.append(r.knock_card)
    assert Counter(gr.DECK) == Counter(places)
    for c, index in r.layoffs:
        assert c in r.spread[index]
    if r.knocker is not None:
        shown = {c for m in r.spread for c in m}
        assert set(laid_off) | set(r.hand(r.knocker)) >= shown


def view_fields(view: gr.PlayerView) -> dict[str, Any]:
    """The fields of ``view`` by name, as the checking constructor takes them."""
    return {field.name: getattr(view, field.name) for field in attrs.fields(gr.PlayerView)}


def view_refusal(view: gr.PlayerView, **changes: Any) -> tuple[str, str | None]:
    """The message and field of the constructor's refusal of ``view`` with ``changes``."""
    with pytest.raises(gr.InvalidPositionError) as info:
        gr.PlayerView(**{**view_fields(view), **changes})
    return str(info.value), info.value.field
