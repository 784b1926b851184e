"""Round results and their price under a ruleset (RULES.md section 6).

A :class:`RoundResult` records what happened in a round (who knocked, both deadwoods, the
spread and the layoffs) and what it is worth. :func:`price_round` turns the facts of a
finished round into its outcome, winner and points.

>>> import ginrummy as gr
>>> gr.price_round(gr.PAGAT, knocker=0, knocker_deadwood=7, defender_deadwood=5)
(<Outcome.UNDERCUT: 'undercut'>, 1, 12)
>>> gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=12).winner
0
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from ginrummy.cards import Card, Suit
from ginrummy.errors import InvalidResultError
from ginrummy.melds import Meld, is_layoff_pair
from ginrummy.play.board_text import result_picture
from ginrummy.rules import Ruleset

__all__ = ["Outcome", "RoundResult", "price_round"]


class Outcome(enum.Enum):
    """How a round ended.

    >>> import ginrummy as gr
    >>> gr.price_round(gr.PAGAT, knocker=0, knocker_deadwood=0, defender_deadwood=23)[0]
    <Outcome.GIN: 'gin'>
    >>> gr.Outcome.DEAD_HAND.is_void, gr.Outcome("knock").is_void
    (True, False)
    """

    KNOCK = "knock"
    """The knocker had less deadwood than the defender (or equal, where ties go to it)."""
    UNDERCUT = "undercut"
    """The defender had less deadwood than the knocker (or equal, where ties go to it)."""
    GIN = "gin"
    """The knocker had no deadwood."""
    BIG_GIN = "big-gin"
    """All eleven cards melded, declared without a discard."""
    DEAD_HAND = "dead-hand"
    """The stock ran down to the dead-hand size after a plain discard: nobody scores."""
    VOID = "void"
    """The round was voided otherwise (``max_turns`` reached, or a gin matched with
    ``void_if_gin_matched``): nobody scores."""

    @property
    def is_void(self) -> bool:
        """Whether nobody scores (a dead hand or a void round); the dealer deals again."""
        return self in (Outcome.DEAD_HAND, Outcome.VOID)


def _fail(message: str, field: str) -> InvalidResultError:
    return InvalidResultError(f"invalid round result: {message}", field=field)


def _player(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and (isinstance(value, bool) or value not in (0, 1)):
        raise _fail(f"{attribute.name!r} must be 0, 1 or None (got {value!r})", attribute.name)


def _outcome(instance: object, attribute: attrs.Attribute[Outcome], value: object) -> None:
    if not isinstance(value, Outcome):
        raise _fail(f"'outcome' must be an Outcome (got {value!r})", "outcome")


def _multiplier(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10:
        raise _fail(f"'multiplier' must be an integer from 1 to 10 (got {value!r})", "multiplier")


def _points(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _fail(f"'points' must be an integer of at least 0 (got {value!r})", "points")


def _deadwood(instance: object, attribute: attrs.Attribute[tuple[int, int] | None], value: object) -> None:
    if value is None:
        return
    if (
        not isinstance(value, tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise _fail(f"'deadwood' must be None or two integers of at least 0 (got {value!r})", "deadwood")


def _upcard(instance: object, attribute: attrs.Attribute[Card | None], value: object) -> None:
    if value is not None and not isinstance(value, Card):
        raise _fail(f"'initial_upcard' must be a Card or None (got {value!r})", "initial_upcard")


def _melds(value: object) -> tuple[Meld, ...]:
    """The spread as a tuple of disjoint melds."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise _fail(f"'spread' must be a sequence of melds (got {value!r})", "spread")
    melds = tuple(value)
    seen = 0
    for index, meld in enumerate(melds):
        if not isinstance(meld, Meld):
            raise _fail(f"spread[{index}] {meld!r} is not a Meld", f"spread[{index}]")
        if seen & meld.mask:
            raise _fail(
                f"meld {str(meld)!r} shares cards with another meld of the spread", f"spread[{index}]"
            )
        seen |= meld.mask
    return melds


def _layoffs(value: object) -> tuple[tuple[Card, int], ...]:
    """The layoffs as a tuple of (card, meld index) pairs, each card once."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise _fail(f"'layoffs' must be a sequence of (card, meld index) pairs (got {value!r})", "layoffs")
    layoffs = []
    seen = 0
    for index, pair in enumerate(value):
        if not is_layoff_pair(pair):
            raise _fail(f"layoffs[{index}] {pair!r} is not a (card, meld index) pair", f"layoffs[{index}]")
        if seen & pair[0].mask:
            raise _fail(f"card {str(pair[0])!r} is laid off twice", f"layoffs[{index}]")
        seen |= pair[0].mask
        layoffs.append((pair[0], pair[1]))
    return tuple(layoffs)


def price_round(
    rules: Ruleset,
    *,
    knocker: int,
    knocker_deadwood: int,
    defender_deadwood: int,
    big_gin: bool = False,
    spade_upcard: bool = False,
) -> tuple[Outcome, int, int]:
    """The outcome, winner and points of a round that ended with a knock (or big gin).

    :param knocker: the player who knocked.
    :param knocker_deadwood: the deadwood outside the knocker's spread (0 is gin).
    :param defender_deadwood: the defender's deadwood after any layoffs.
    :param big_gin: the knocker declared big gin.
    :param spade_upcard: the initial upcard was a spade (Oklahoma's multiplier applies).
    :returns: ``(outcome, winner, points)``.
    :raises InvalidResultError: for a big gin under a ruleset without big gin, or deadwood
        that is not an integer of at least 0.

    >>> import ginrummy as gr
    >>> gr.price_round(gr.PAGAT, knocker=0, knocker_deadwood=0, defender_deadwood=23)
    (<Outcome.GIN: 'gin'>, 0, 43)
    >>> gr.price_round(
    ...     gr.OKLAHOMA, knocker=1, knocker_deadwood=4, defender_deadwood=30,
    ...     spade_upcard=True,
    ... )
    (<Outcome.KNOCK: 'knock'>, 1, 52)
    """
    for name, value in (("knocker_deadwood", knocker_deadwood), ("defender_deadwood", defender_deadwood)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise InvalidResultError(f"invalid {name} {value!r}: must be an integer of at least 0")
    if knocker not in (0, 1) or isinstance(knocker, bool):
        raise InvalidResultError(f"invalid knocker {knocker!r}: must be 0 or 1")
    if big_gin and not rules.big_gin:
        raise InvalidResultError(f"cannot price a big gin: the ruleset {rules.name!r} has no big gin")
    defender = 1 - knocker
    if big_gin:
        outcome, winner, points = Outcome.BIG_GIN, knocker, defender_deadwood + rules.big_gin_bonus
    elif knocker_deadwood == 0:
        outcome, winner, points = Outcome.GIN, knocker, defender_deadwood + rules.gin_bonus
    elif defender_deadwood < knocker_deadwood or (
        defender_deadwood == knocker_deadwood and rules.undercut_on_tie
    ):
        outcome, winner = Outcome.UNDERCUT, defender
        points = knocker_deadwood - defender_deadwood + rules.undercut_bonus
    else:
        outcome, winner, points = Outcome.KNOCK, knocker, defender_deadwood - knocker_deadwood
    if spade_upcard:
        points *= rules.spade_multiplier
    return outcome, winner, points


@attrs.frozen(kw_only=True)
class RoundResult:
    """The result of one round: what happened (the facts) and what it is worth (the price).

    The facts are who knocked, both deadwoods, the spread, the layoffs and the initial upcard;
    the price is the outcome, the winner, the points and the multiplier applied.
    :meth:`reprice` prices the same facts by another ruleset. Constructible by hand (for
    :func:`ginrummy.score_game`); only ``outcome`` is required, and the fields are checked
    against each other.

    :raises InvalidResultError: for fields that contradict each other or the outcome.

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
    winner: int | None = attrs.field(default=None, validator=_player)
    """The player who scored (0 or 1), or None for a dead hand or a void round."""
    points: int = attrs.field(default=0, validator=_points)
    """The points the winner scored, bonuses and multiplier included."""
    knocker: int | None = attrs.field(default=None, validator=_player)
    """The player who knocked (or declared big gin), if anyone did."""
    deadwood: tuple[int, int] | None = attrs.field(default=None, validator=_deadwood)
    """Each player's deadwood at the end (the defender's after layoffs), when known."""
    spread: tuple[Meld, ...] = attrs.field(default=(), converter=_melds)
    """The knocker's melds as shown (before layoffs)."""
    layoffs: tuple[tuple[Card, int], ...] = attrs.field(default=(), converter=_layoffs)
    """The defender's layoffs: ``(card, meld index)`` in the order laid."""
    multiplier: int = attrs.field(default=1, validator=_multiplier)
    """The factor already applied to ``points`` (Oklahoma's spade upcard)."""
    initial_upcard: Card | None = attrs.field(default=None, validator=_upcard)
    """The card turned up at the deal (a spade doubles an Oklahoma round), when known."""

    def __attrs_post_init__(self) -> None:
        name = self.outcome.value.replace("-", " ")
        if self.outcome.is_void:
            if self.winner is not None or self.points != 0:
                raise _fail(
                    f"a {name} round has no winner and no points "
                    f"(got winner {self.winner!r}, points {self.points!r})",
                    "winner" if self.winner is not None else "points",
                )
        elif self.winner is None:
            raise _fail(f"a {name} round needs a winner (got winner None)", "winner")
        if self.knocker is not None and not self.outcome.is_void:
            if self.outcome is Outcome.UNDERCUT and self.winner == self.knocker:
                raise _fail(f"an undercut is won by the defender, not the knocker {self.knocker}", "winner")
            if self.outcome is not Outcome.UNDERCUT and self.winner != self.knocker:
                raise _fail(
                    f"a {name} round is won by the knocker {self.knocker} (got winner {self.winner})",
                    "winner",
                )
        if self.knocker is not None and self.deadwood is not None:
            self._check_deadwood(self.knocker, self.deadwood)
        if (self.spread or self.layoffs) and self.knocker is None:
            raise _fail("a spread or layoffs need a knocker", "knocker")
        spread_cards = 0
        for meld in self.spread:
            spread_cards |= meld.mask
        for index, (card, target) in enumerate(self.layoffs):
            if target >= len(self.spread):
                raise _fail(
                    f"layoff of {str(card)!r} onto meld {target}; the spread has {len(self.spread)} melds",
                    f"layoffs[{index}]",
                )
            if card.mask & spread_cards:
                raise _fail(f"card {str(card)!r} is laid off but is in the spread", f"layoffs[{index}]")
        if (
            self.multiplier != 1
            and self.initial_upcard is not None
            and self.initial_upcard.suit is not Suit.SPADES
        ):
            raise _fail(
                f"multiplier {self.multiplier} needs a spade upcard (got {str(self.initial_upcard)!r})",
                "multiplier",
            )

    def _check_deadwood(self, knocker: int, deadwood: tuple[int, int]) -> None:
        mine, theirs = deadwood[knocker], deadwood[1 - knocker]
        name = self.outcome.value.replace("-", " ")
        if self.outcome in (Outcome.GIN, Outcome.BIG_GIN) and mine != 0:
            raise _fail(f"a {name} knocker has no deadwood (got {mine})", "deadwood")
        if self.outcome is Outcome.UNDERCUT and theirs > mine:
            raise _fail(
                f"an undercut needs the defender's deadwood {theirs} at most the knocker's {mine}", "deadwood"
            )
        if self.outcome is Outcome.KNOCK and (mine > theirs or mine == 0):
            raise _fail(
                f"a knock needs the knocker's deadwood {mine} above 0 and at most the defender's {theirs}",
                "deadwood",
            )

    def __str__(self) -> str:
        return result_picture(self)

    @property
    def loser(self) -> int | None:
        """The other player, when someone won."""
        return None if self.winner is None else 1 - self.winner

    def reprice(self, rules: Ruleset) -> RoundResult:
        """The same facts priced by ``rules``: its bonuses, undercut rule, spade multiplier and
        matched-gin rule (the play is not replayed: a dead hand stays a dead hand).

        A gin whose layoffs left the defender at 0 counts as matched (a layoff onto gin from a
        defender already at 0 gains nothing, so the facts cannot tell it apart).

        :raises InvalidResultError: for facts ``rules`` cannot price: a big gin where it has
            none, layoffs where it allows none (onto gin: without ``layoffs_after_gin``), a
            knock whose deadwoods are not recorded, or a spade multiplier to apply without the
            initial upcard.

        >>> import ginrummy as gr
        >>> undercut = gr.price_round(
        ...     gr.PAGAT, knocker=0, knocker_deadwood=7, defender_deadwood=5
        ... )
        >>> outcome, winner, points = undercut
        >>> result = RoundResult(
        ...     outcome=outcome, winner=winner, points=points, knocker=0, deadwood=(7, 5)
        ... )
        >>> result.points, result.reprice(gr.SPANISH_SITE).points
        (12, 27)
        """
        if not isinstance(rules, Ruleset):
            raise InvalidResultError(f"cannot reprice with {rules!r}: expected a Ruleset")
        if self.knocker is None:
            return self  # a dead hand or void round: nobody scores under any prices
        if self.deadwood is None:
            raise InvalidResultError("cannot reprice a knock whose deadwoods are not recorded")
        mine, theirs = self.deadwood[self.knocker], self.deadwood[1 - self.knocker]
        big_gin = self.outcome is Outcome.BIG_GIN
        if big_gin and not rules.big_gin:
            raise InvalidResultError(f"cannot reprice a big gin: the ruleset {rules.name!r} has no big gin")
        if self.layoffs and not rules.layoffs:
            raise InvalidResultError(f"cannot reprice layoffs: the ruleset {rules.name!r} has no layoffs")
        if self.layoffs and mine == 0 and not rules.layoffs_after_gin:
            raise InvalidResultError(
                f"cannot reprice layoffs onto gin: the ruleset {rules.name!r} does not allow them"
            )
        upcard = self.initial_upcard
        if upcard is None and rules.spade_multiplier != 1:
            raise InvalidResultError(
                f"cannot reprice with the spade multiplier of {rules.name!r}: the initial upcard is not "
                "recorded"
            )
        spade = upcard is not None and upcard.suit is Suit.SPADES
        facts = {
            "knocker": self.knocker,
            "deadwood": self.deadwood,
            "spread": self.spread,
            "layoffs": self.layoffs,
            "initial_upcard": upcard,
        }
        if mine == 0 and theirs == 0 and self.layoffs and rules.void_if_gin_matched:
            return RoundResult(outcome=Outcome.VOID, **facts)  # type: ignore[arg-type]
        outcome, winner, points = price_round(
            rules,
            knocker=self.knocker,
            knocker_deadwood=mine,
            defender_deadwood=theirs,
            big_gin=big_gin,
            spade_upcard=spade,
        )
        return RoundResult(
            outcome=outcome,
            winner=winner,
            points=points,
            multiplier=rules.spade_multiplier if spade else 1,
            **facts,  # type: ignore[arg-type]
        )
