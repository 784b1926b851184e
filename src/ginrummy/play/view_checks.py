"""The checks that make a :class:`~ginrummy.PlayerView` possible.

A view cannot be replayed (it lacks the hidden cards), so it is checked for what it shows:
field types, every card in at most one place and 52 in all (51 while a knock card is face
down), hand sizes that fit the phase, whose turn it is, the legal actions, the knock, and a
result that fits the outcome.

>>> import ginrummy as gr
>>> v = gr.Round.deal(gr.PAGAT, dealer=0, seed=7).view(1)
>>> check_view(v) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ginrummy.actions import ACTION_TYPES
from ginrummy.cards import DECK, Card, Hand
from ginrummy.errors import InvalidPositionError
from ginrummy.melds import Meld
from ginrummy.phase import Phase
from ginrummy.play.events import Event
from ginrummy.results.round_result import RoundResult
from ginrummy.rules import Ruleset

if TYPE_CHECKING:
    from ginrummy.play.player_view import PlayerView

__all__ = ["check_view"]


def _fail(field: str, message: str) -> InvalidPositionError:
    return InvalidPositionError(f"invalid view: {message}", field=field)


def _player(value: object, field: str, optional: bool = False) -> None:
    if optional and value is None:
        return
    if value not in (0, 1) or isinstance(value, bool) or not isinstance(value, int):
        raise _fail(field, f"{field!r} must be 0 or 1{' or None' if optional else ''} (got {value!r})")


def _count(value: object, field: str, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise _fail(field, f"{field!r} must be an integer from 0 to {high} (got {value!r})")
    return value


def _types(v: PlayerView) -> None:
    """Each field has its type."""
    _player(v.player, "player")
    _player(v.dealer, "dealer")
    _player(v.to_act, "to_act", optional=True)
    _player(v.knocker, "knocker", optional=True)
    if not isinstance(v.rules, Ruleset):
        raise _fail("rules", f"'rules' must be a Ruleset (got {v.rules!r})")
    if not isinstance(v.phase, Phase):
        raise _fail("phase", f"'phase' must be a Phase (got {v.phase!r})")
    for name in ("hand", "opponent_known"):
        if not isinstance(getattr(v, name), Hand):
            raise _fail(name, f"{name!r} must be a Hand (got {getattr(v, name)!r})")
    if v.opponent_hand is not None and not isinstance(v.opponent_hand, Hand):
        raise _fail("opponent_hand", f"'opponent_hand' must be a Hand or None (got {v.opponent_hand!r})")
    for name in ("initial_upcard", "taken", "knock_card"):
        value = getattr(v, name)
        if not isinstance(value, Card) and not (value is None and name != "initial_upcard"):
            raise _fail(name, f"{name!r} must be a Card (got {value!r})")
    _count(v.opponent_card_count, "opponent_card_count", 11)
    _count(v.stock_size, "stock_size", 31)
    _count(v.knock_limit, "knock_limit", 99)
    _count(v.turns, "turns", 1 << 62)
    if not isinstance(v.discard_pile, tuple) or not all(isinstance(c, Card) for c in v.discard_pile):
        raise _fail("discard_pile", "'discard_pile' must be a tuple of cards")
    if not isinstance(v.legal_actions, tuple) or not all(
        isinstance(a, ACTION_TYPES) for a in v.legal_actions
    ):
        raise _fail("legal_actions", "'legal_actions' must be a tuple of actions")
    if not isinstance(v.spread, tuple) or not all(isinstance(m, Meld) for m in v.spread):
        raise _fail("spread", "'spread' must be a tuple of melds")
    if not isinstance(v.layoffs, tuple) or not all(
        isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], Card) and isinstance(p[1], int)
        for p in v.layoffs
    ):
        raise _fail("layoffs", "'layoffs' must be a tuple of (card, meld index) pairs")
    if v.result is not None and not isinstance(v.result, RoundResult):
        raise _fail("result", f"'result' must be a RoundResult or None (got {v.result!r})")
    if not isinstance(v.events, tuple) or not all(isinstance(e, Event) for e in v.events):
        raise _fail("events", "'events' must be a tuple of events")


def _cards(v: PlayerView) -> None:
    """Every card in one place, and 52 cards accounted for."""
    places: list[tuple[str, int]] = [("hand", v.hand.mask), ("opponent_known", v.opponent_known.mask)]
    pile = 0
    for index, card in enumerate(v.discard_pile):
        if pile & card.mask:
            raise _fail(f"discard_pile[{index}]", f"card {str(card)!r} appears twice")
        pile |= card.mask
    places.append(("discard_pile", pile))
    if v.knock_card is not None:
        places.append(("knock_card", v.knock_card.mask))
    laid = 0
    for index, (card, _) in enumerate(v.layoffs):
        if laid & card.mask:
            raise _fail(f"layoffs[{index}]", f"card {str(card)!r} appears twice")
        laid |= card.mask
    places.append(("layoffs", laid))
    seen = 0
    for field, mask in places:
        if seen & mask:
            card = DECK[(seen & mask).bit_length() - 1]
            raise _fail(field, f"card {str(card)!r} appears twice")
        seen |= mask
    if len(v.opponent_known) > v.opponent_card_count:
        raise _fail(
            "opponent_known",
            f"{len(v.opponent_known)} known cards but the opponent holds {v.opponent_card_count}",
        )
    total = len(v.hand) + v.opponent_card_count + len(v.discard_pile) + v.stock_size + laid.bit_count()
    total += v.knock_card is not None
    # a knock card the viewer may not see is the one card a view does not account for
    if total != 52 and not (total == 51 and v.knocker is not None and v.knock_card is None):
        raise _fail("player", f"the view accounts for {total} cards, not 52")


def check_view(v: PlayerView) -> None:
    """Raise :class:`~ginrummy.InvalidPositionError` naming the first field of ``v`` that no
    possible position could show."""
    _types(v)
    _cards(v)
    over = v.phase is Phase.OVER
    if over != (v.to_act is None):
        raise _fail("to_act", f"{v.to_act!r} does not fit phase {v.phase.name}")
    if over != (v.result is not None):
        raise _fail("result", f"a result must be present exactly when the round is over ({v.phase.name})")
    mine = v.to_act == v.player
    if bool(v.legal_actions) != mine:
        raise _fail("legal_actions", "legal actions are listed exactly on the viewer's turn")
    if v.taken is not None and not (mine and v.phase is Phase.DISCARD and v.taken in v.hand):
        raise _fail("taken", f"card {str(v.taken)!r} can only be the viewer's card taken this turn")
    if v.knocker is None and (v.spread or v.layoffs or v.knock_card is not None):
        raise _fail("knocker", "a spread, layoffs or a knock card need a knocker")
    if v.phase is Phase.LAYOFF and v.knocker is None:
        raise _fail("knocker", "the layoff phase needs a knocker")
    shown = v.knocker is not None
    if shown != (v.opponent_hand is not None):
        raise _fail("opponent_hand", "the opponent's hand is shown exactly from a knock on")
    if v.opponent_hand is not None and (
        v.opponent_hand != v.opponent_known or len(v.opponent_hand) != v.opponent_card_count
    ):
        raise _fail("opponent_hand", "the shown hand must equal the known cards and the card count")
    limit = v.rules.knock_limit_for(v.initial_upcard)
    if v.knock_limit != limit:
        raise _fail("knock_limit", f"{v.knock_limit} is not this round's knock limit {limit}")
    if v.phase in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
        sizes = [10, 10]
        if v.phase is Phase.DISCARD:
            sizes[0 if mine else 1] = 11
        if (len(v.hand), v.opponent_card_count) != (sizes[0], sizes[1]):
            raise _fail(
                "hand",
                f"hands of {len(v.hand)} and {v.opponent_card_count} cards do not fit phase {v.phase.name}",
            )
    if v.result is not None and v.result.knocker != v.knocker:
        raise _fail("result", f"the result's knocker {v.result.knocker!r} is not the knocker {v.knocker!r}")
