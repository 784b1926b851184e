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

from ginrummy.cards import Card
from ginrummy.errors import InvalidResultError
from ginrummy.melds import Meld
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


def _player(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and (isinstance(value, bool) or value not in (0, 1)):
        raise InvalidResultError(
            f"invalid round result: {attribute.name!r} must be 0, 1 or None (got {value!r})"
        )


def _outcome(instance: object, attribute: attrs.Attribute[Outcome], value: object) -> None:
    if not isinstance(value, Outcome):
        raise InvalidResultError(f"invalid round result: 'outcome' must be an Outcome (got {value!r})")


def _multiplier(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10:
        raise InvalidResultError(
            f"invalid round result: 'multiplier' must be an integer from 1 to 10 (got {value!r})"
        )


def _points(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidResultError(
            f"invalid round result: 'points' must be an integer of at least 0 (got {value!r})"
        )


def _deadwood(instance: object, attribute: attrs.Attribute[tuple[int, int] | None], value: object) -> None:
    if value is None:
        return
    if (
        not isinstance(value, tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise InvalidResultError(
            f"invalid round result: 'deadwood' must be None or two integers of at least 0 (got {value!r})"
        )


def _melds(value: Iterable[Meld]) -> tuple[Meld, ...]:
    return tuple(value)


def _layoffs(value: Iterable[tuple[Card, int]]) -> tuple[tuple[Card, int], ...]:
    return tuple((card, index) for card, index in value)


@attrs.frozen(kw_only=True)
class RoundResult:
    """The result of one round: what happened and what it is worth.

    Constructible by hand (for :func:`ginrummy.score_game`); only ``outcome`` is required, and
    the fields are checked against each other.

    :raises InvalidResultError: for fields that contradict each other or the outcome.

    >>> RoundResult(outcome=Outcome.DEAD_HAND).points
    0
    >>> RoundResult(outcome=Outcome.GIN, winner=None, points=25)
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidResultError: invalid round result: a gin round needs a winner (got winner None)
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

    def __attrs_post_init__(self) -> None:
        name = self.outcome.value.replace("-", " ")
        if self.outcome.is_void:
            if self.winner is not None or self.points != 0:
                raise InvalidResultError(
                    f"invalid round result: a {name} round has no winner and no points "
                    f"(got winner {self.winner!r}, points {self.points!r})"
                )
            return
        if self.winner is None:
            raise InvalidResultError(f"invalid round result: a {name} round needs a winner (got winner None)")
        if self.knocker is not None:
            if self.outcome is Outcome.UNDERCUT and self.winner == self.knocker:
                raise InvalidResultError(
                    "invalid round result: an undercut is won by the defender, "
                    f"not the knocker {self.knocker}"
                )
            if self.outcome is not Outcome.UNDERCUT and self.winner != self.knocker:
                raise InvalidResultError(
                    f"invalid round result: a {name} round is won by the knocker {self.knocker} "
                    f"(got winner {self.winner})"
                )

        if self.knocker is not None and self.deadwood is not None:
            self._check_deadwood(self.knocker, self.deadwood)

    def _check_deadwood(self, knocker: int, deadwood: tuple[int, int]) -> None:
        mine, theirs = deadwood[knocker], deadwood[1 - knocker]
        name = self.outcome.value.replace("-", " ")
        if self.outcome in (Outcome.GIN, Outcome.BIG_GIN) and mine != 0:
            raise InvalidResultError(f"invalid round result: a {name} knocker has no deadwood (got {mine})")
        if self.outcome is Outcome.UNDERCUT and theirs > mine:
            raise InvalidResultError(
                f"invalid round result: an undercut needs the defender's deadwood {theirs} at most the "
                f"knocker's {mine}"
            )
        if self.outcome is Outcome.KNOCK and (mine > theirs or mine == 0):
            raise InvalidResultError(
                f"invalid round result: a knock needs the knocker's deadwood {mine} above 0 and at most "
                f"the defender's {theirs}"
            )

    @property
    def loser(self) -> int | None:
        """The other player, when someone won."""
        return None if self.winner is None else 1 - self.winner


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

    >>> import ginrummy as gr
    >>> gr.price_round(gr.PAGAT, knocker=0, knocker_deadwood=0, defender_deadwood=23)
    (<Outcome.GIN: 'gin'>, 0, 43)
    >>> gr.price_round(gr.OKLAHOMA, knocker=1, knocker_deadwood=4, defender_deadwood=30, spade_upcard=True)
    (<Outcome.KNOCK: 'knock'>, 1, 52)
    """
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
