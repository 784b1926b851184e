"""A round's result: what happened (the facts) and what it is worth (the price).

A :class:`RoundResult` cannot be built impossible: its price must be the price of its facts
(:mod:`ginrummy.results.pricing` owns the price), so a knock worth 5 with deadwood 3 and 10,
a dead hand with a knocker, or a layoff that fits no meld are refused.

>>> import ginrummy as gr
>>> gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=12).winner
0
>>> gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=5, knocker=0, deadwood=(3, 10))
Traceback (most recent call last):
...
ginrummy.errors.InvalidResultError: invalid round result: a knock with deadwood 3 and 10 is worth 7, not 5
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from ginrummy.cards import Card, Suit
from ginrummy.errors import InvalidResultError
from ginrummy.melds import Meld, is_layoff_pair
from ginrummy.results.pricing import Outcome, price_knock, price_parts
from ginrummy.rules import Ruleset, check_rules
from ginrummy.validators import check_int, int_field, is_int, player_field

__all__ = ["RoundResult"]

_CONTEXT: Final = "round result"

_WRAP: Final = Ruleset(round_the_corner=True)
"""A layoff is judged under melding that allows wrapping runs: a result does not carry its
ruleset, and a wrapping layoff is possible under some ruleset (:meth:`RoundResult.reprice`
judges it under a real one)."""


def _fail(message: str, field: str) -> InvalidResultError:
    return InvalidResultError(f"invalid round result: {message}", field=field)


def _outcome(instance: object, attribute: attrs.Attribute[Outcome], value: object) -> None:
    if not isinstance(value, Outcome):
        raise _fail(f"'outcome' must be an Outcome (got {value!r:.80})", "outcome")


def _deadwood(instance: object, attribute: attrs.Attribute[tuple[int, int] | None], value: object) -> None:
    if value is None:
        return
    if not isinstance(value, tuple) or len(value) != 2 or not all(is_int(v) and v >= 0 for v in value):
        raise _fail(f"'deadwood' must be None or two integers of at least 0 (got {value!r:.80})", "deadwood")


def _before(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None:
        check_int(value, attribute.name, InvalidResultError, low=0, context=_CONTEXT)


def _upcard(instance: object, attribute: attrs.Attribute[Card | None], value: object) -> None:
    if value is not None and not isinstance(value, Card):
        raise _fail(f"'initial_upcard' must be a Card or None (got {value!r:.80})", "initial_upcard")


def _melds(value: object) -> tuple[Meld, ...]:
    """The spread as a tuple of disjoint melds."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise _fail(f"'spread' must be a sequence of melds (got {value!r:.80})", "spread")
    melds = tuple(value)
    seen = 0
    for index, meld in enumerate(melds):
        if not isinstance(meld, Meld):
            raise _fail(f"spread[{index}] {meld!r:.80} is not a Meld", f"spread[{index}]")
        if seen & meld.mask:
            raise _fail(
                f"meld {str(meld)!r} shares cards with another meld of the spread", f"spread[{index}]"
            )
        seen |= meld.mask
    return melds


def _layoffs(value: object) -> tuple[tuple[Card, int], ...]:
    """The layoffs as a tuple of (card, meld index) pairs, each card once."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise _fail(
            f"'layoffs' must be a sequence of (card, meld index) pairs (got {value!r:.80})", "layoffs"
        )
    layoffs = []
    seen = 0
    for index, pair in enumerate(value):
        if not is_layoff_pair(pair):
            raise _fail(
                f"layoffs[{index}] {pair!r:.80} is not a (card, meld index) pair", f"layoffs[{index}]"
            )
        if seen & pair[0].mask:
            raise _fail(f"card {str(pair[0])!r} is laid off twice", f"layoffs[{index}]")
        seen |= pair[0].mask
        layoffs.append((pair[0], pair[1]))
    return tuple(layoffs)


def _name(outcome: Outcome) -> str:
    return outcome.value.replace("-", " ")


@attrs.frozen(kw_only=True)
class RoundResult:
    """The result of one round: what happened (the facts) and what it is worth (the price).

    The facts are who knocked, both deadwoods, the defender's deadwood before its layoffs,
    the spread, the layoffs and the initial upcard; the price is the outcome, the winner, the
    points, the bonus and the multiplier in them. :meth:`reprice` prices the same facts by
    another ruleset. Constructible by hand (for :func:`ginrummy.score_game`): only
    ``outcome`` is required, and every fact given is checked against the others and against
    the price, which must be the price of the facts (``points == (base + bonus) *
    multiplier``, the base being the deadwood difference, or the defender's deadwood for gin).

    :raises InvalidResultError: naming the field that contradicts the others.

    >>> RoundResult(outcome=Outcome.DEAD_HAND).points
    0
    >>> RoundResult(outcome=Outcome.GIN, winner=None, points=25)
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidResultError: invalid round result: a gin round needs a winner
    (got winner None)
    """

    outcome: Outcome = attrs.field(validator=_outcome)
    """How the round ended."""
    winner: int | None = attrs.field(
        default=None, validator=player_field(InvalidResultError, _CONTEXT, optional=True)
    )
    """The player who scored (0 or 1), or None for a dead hand or a void round."""
    points: int = attrs.field(default=0, validator=int_field(InvalidResultError, _CONTEXT, low=0))
    """The points the winner scored, bonus and multiplier included."""
    knocker: int | None = attrs.field(
        default=None, validator=player_field(InvalidResultError, _CONTEXT, optional=True)
    )
    """The player who knocked (or declared big gin), if anyone did."""
    deadwood: tuple[int, int] | None = attrs.field(default=None, validator=_deadwood)
    """Each player's deadwood at the end (the defender's after layoffs), when known."""
    deadwood_before_layoffs: int | None = attrs.field(default=None, validator=_before)
    """The defender's deadwood before it laid off, when known (it decides whether layoffs
    matched a gin)."""
    spread: tuple[Meld, ...] = attrs.field(default=(), converter=_melds)
    """The knocker's melds as shown (before layoffs); () when not recorded."""
    layoffs: tuple[tuple[Card, int], ...] = attrs.field(default=(), converter=_layoffs)
    """The defender's layoffs: ``(card, meld index)`` in the order laid."""
    bonus: int = attrs.field(default=0, validator=int_field(InvalidResultError, _CONTEXT, low=0))
    """The gin, big gin or undercut bonus in ``points``, before the multiplier."""
    multiplier: int = attrs.field(
        default=1, validator=int_field(InvalidResultError, _CONTEXT, low=1, high=10)
    )
    """The factor already applied to ``points`` (Oklahoma's spade upcard)."""
    initial_upcard: Card | None = attrs.field(default=None, validator=_upcard)
    """The card turned up at the deal (a spade multiplies an Oklahoma round), when known."""

    def __attrs_post_init__(self) -> None:
        if self.outcome.is_void:
            self._check_void()
        else:
            self._check_scored()
        if self.knocker is None:
            for field in ("deadwood", "deadwood_before_layoffs", "spread", "layoffs"):
                if getattr(self, field) not in (None, ()):
                    raise _fail(f"{field!r} needs a knocker", field)
        else:
            self._check_knock(self.knocker)
        if (
            self.multiplier != 1
            and self.initial_upcard is not None
            and self.initial_upcard.suit is not Suit.SPADES
        ):
            raise _fail(
                f"multiplier {self.multiplier} needs a spade upcard (got {str(self.initial_upcard)!r})",
                "multiplier",
            )

    def _check_void(self) -> None:
        name = _name(self.outcome)
        if self.winner is not None or self.points != 0:
            raise _fail(
                f"a {name} round has no winner and no points (got winner {self.winner!r}, points "
                f"{self.points!r})",
                "winner" if self.winner is not None else "points",
            )
        if self.bonus or self.multiplier != 1:
            raise _fail(
                f"a {name} round has no bonus and no multiplier (got {self.bonus}, {self.multiplier})",
                "bonus" if self.bonus else "multiplier",
            )
        if self.knocker is None:
            return
        if self.outcome is Outcome.DEAD_HAND:
            raise _fail(
                f"a dead hand ends after a plain discard: nobody knocked (got knocker {self.knocker})",
                "knocker",
            )
        # a void round with a knocker: a gin the defender's layoffs matched
        if self.deadwood != (0, 0) or not self.layoffs or not self.spread:
            raise _fail(
                "a void round with a knocker is a gin matched by layoffs: it needs deadwood (0, 0), the "
                f"spread and the layoffs (got deadwood {self.deadwood}, {len(self.layoffs)} layoffs)",
                "knocker",
            )
        if self.deadwood_before_layoffs == 0:
            raise _fail(
                "a gin is matched only by a defender above 0 before its layoffs", "deadwood_before_layoffs"
            )

    def _check_scored(self) -> None:
        name = _name(self.outcome)
        if self.winner is None:
            raise _fail(f"a {name} round needs a winner (got winner None)", "winner")
        if self.outcome is Outcome.KNOCK and self.bonus:
            raise _fail(f"a knock has no bonus (got {self.bonus})", "bonus")
        if self.points % self.multiplier or self.points // self.multiplier < self.bonus:
            raise _fail(
                f"points {self.points} are not (base + bonus {self.bonus}) x multiplier {self.multiplier}",
                "points",
            )
        if self.knocker is None:
            return
        if (self.outcome is Outcome.UNDERCUT) == (self.winner == self.knocker):
            who = "the defender" if self.outcome is Outcome.UNDERCUT else f"the knocker {self.knocker}"
            raise _fail(f"a {name} round is won by {who} (got winner {self.winner})", "winner")

    def _check_knock(self, knocker: int) -> None:
        spread_cards = 0
        for meld in self.spread:
            spread_cards |= meld.mask
        melds = list(self.spread)
        for index, (card, target) in enumerate(self.layoffs):
            if target >= len(melds):
                raise _fail(
                    f"layoff of {str(card)!r} onto meld {target}; the spread has {len(melds)} melds",
                    f"layoffs[{index}]",
                )
            if card.mask & spread_cards:
                raise _fail(f"card {str(card)!r} is laid off but is in the spread", f"layoffs[{index}]")
            if not melds[target].accepts(card, _WRAP):
                raise _fail(
                    f"card {str(card)!r} does not fit meld {target} ({melds[target]})", f"layoffs[{index}]"
                )
            melds[target] = melds[target].extend(card, _WRAP)
        shown = spread_cards.bit_count()
        big_gin = self._big_gin
        if self.spread and (shown > 11 or (shown == 11) != big_gin):
            raise _fail(f"a spread of {shown} cards for a {_name(self.outcome)} round", "spread")
        if self.deadwood is None:
            if self.deadwood_before_layoffs is not None:
                raise _fail("the deadwood before layoffs needs the deadwood after", "deadwood_before_layoffs")
            return
        mine, theirs = self.deadwood[knocker], self.deadwood[1 - knocker]
        if self.spread and (mine == 0) != (shown >= 10):
            raise _fail(
                f"a knocker with deadwood {mine} shows {shown} cards in melds (gin shows all its cards)",
                "deadwood",
            )
        before = self.deadwood_before_layoffs
        if before is not None and before != theirs and not self.layoffs:
            raise _fail(
                f"without layoffs the defender's deadwood before them, {before}, is its deadwood {theirs}",
                "deadwood_before_layoffs",
            )
        if self.outcome.is_void:
            return
        self._check_price(mine, theirs)

    def _check_price(self, mine: int, theirs: int) -> None:
        outcome, name = self.outcome, _name(self.outcome)
        if outcome in (Outcome.GIN, Outcome.BIG_GIN) and mine != 0:
            raise _fail(f"a {name} knocker has no deadwood (got {mine})", "deadwood")
        if outcome is Outcome.UNDERCUT and (theirs > mine or mine == 0):
            raise _fail(
                f"an undercut needs the defender's deadwood {theirs} at most the knocker's {mine}, above 0",
                "deadwood",
            )
        if outcome is Outcome.KNOCK and (mine > theirs or mine == 0):
            raise _fail(
                f"a knock needs the knocker's deadwood {mine} above 0 and at most the defender's {theirs}",
                "deadwood",
            )
        worth = (price_parts(outcome, mine, theirs) + self.bonus) * self.multiplier
        if worth != self.points:
            extra = f" with bonus {self.bonus}" if self.bonus else ""
            extra += f" and multiplier {self.multiplier}" if self.multiplier != 1 else ""
            raise _fail(
                f"a {name} with deadwood {mine} and {theirs}{extra} is worth {worth}, not {self.points}",
                "points",
            )

    @property
    def _big_gin(self) -> bool:
        """Whether the knocker declared big gin (a matched one is void but shows 11 cards)."""
        if self.outcome is Outcome.BIG_GIN:
            return True
        return self.outcome is Outcome.VOID and sum(len(meld) for meld in self.spread) == 11

    def __str__(self) -> str:
        """One line: the outcome, who scored what and how, and the deadwoods."""
        text = _name(self.outcome)
        if self.winner is None:
            text += ": nobody scores"
        else:
            text += f": player {self.winner} scores {self.points}"
            if self.multiplier != 1:
                text += f" (x{self.multiplier})"
        if self.deadwood is not None and self.knocker is not None:
            knocker = self.knocker
            text += (
                f"; knocker {knocker} deadwood {self.deadwood[knocker]}, "
                f"defender deadwood {self.deadwood[1 - knocker]}"
            )
        if self.layoffs:
            text += "; laid off " + " ".join(f"{card}>{meld}" for card, meld in self.layoffs)
        return text

    @property
    def loser(self) -> int | None:
        """The other player, when someone won."""
        return None if self.winner is None else 1 - self.winner

    def reprice(self, rules: Ruleset) -> RoundResult:
        """The same facts priced by ``rules``: its bonuses, undercut rule, spade multiplier and
        matched-gin rule (the play is not replayed: a dead hand stays a dead hand, and a knock
        stays a knock whatever the knock limit of ``rules``). Play under ``rules`` reaching
        the same facts gives the same result.

        :raises InvalidResultError: for facts ``rules`` cannot price: a big gin where it has
            none, layoffs where it allows none (onto gin: without ``layoffs_after_gin``), a
            knock whose deadwoods are not recorded, or a spade multiplier to apply without the
            initial upcard (see :func:`~ginrummy.results.pricing.price_knock`).

        >>> import ginrummy as gr
        >>> result = RoundResult(
        ...     outcome=Outcome.UNDERCUT, winner=1, points=12, bonus=10, knocker=0,
        ...     deadwood=(7, 5),
        ... )
        >>> result.reprice(gr.SPANISH_SITE).points
        27
        """
        checked = check_rules(rules, InvalidResultError)
        if self.knocker is None:
            return self  # a dead hand or void round: nobody scores under any prices
        if self.deadwood is None:
            raise InvalidResultError("cannot reprice a knock whose deadwoods are not recorded")
        upcard = self.initial_upcard
        if upcard is None and checked.spade_multiplier != 1:
            raise InvalidResultError(
                f"cannot reprice with the spade multiplier of {checked.name!r}: the initial upcard is not "
                "recorded"
            )
        knocker = self.knocker
        price = price_knock(
            checked,
            knocker=knocker,
            knocker_deadwood=self.deadwood[knocker],
            defender_deadwood=self.deadwood[1 - knocker],
            deadwood_before_layoffs=self.deadwood_before_layoffs,
            layoffs=len(self.layoffs),
            big_gin=self._big_gin,
            spade_upcard=upcard is not None and upcard.suit is Suit.SPADES,
        )
        return attrs.evolve(
            self,
            outcome=price.outcome,
            winner=price.winner,
            points=price.points,
            bonus=price.bonus,
            multiplier=price.multiplier,
        )
