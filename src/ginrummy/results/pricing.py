"""How a round ends and what it is worth: the one owner of a round's price (docs/rules.rst §6).

Play (the showdown after a knock), :meth:`ginrummy.RoundResult.reprice`, :func:`price_round`
and the bots all price a knocked round here, from its facts: who knocked, the knocker's
deadwood, the defender's deadwood after and before its layoffs, how many cards it laid off,
whether it was big gin, and whether the initial upcard was a spade. The price is an
:class:`Outcome`, a winner, the points, and how they were made: the base (a deadwood
difference, or the defender's deadwood for gin), the bonus, and the multiplier.

>>> import ginrummy as gr
>>> gr.price_round(gr.PAGAT, knocker=0, knocker_deadwood=7, defender_deadwood=5)
(<Outcome.UNDERCUT: 'undercut'>, 1, 12)
>>> price_knock(gr.ROUND_THE_CORNER, knocker=0, knocker_deadwood=0, defender_deadwood=0,
...             deadwood_before_layoffs=4, layoffs=1).outcome
<Outcome.VOID: 'void'>
"""

from __future__ import annotations

import enum

import attrs

from ginrummy.errors import InvalidResultError
from ginrummy.rules import Ruleset
from ginrummy.validators import check_int, check_player

__all__ = ["Outcome", "Price", "price_knock", "price_parts", "price_round"]


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


@attrs.frozen
class Price:
    """What a knocked round is worth: ``points == (base + bonus) * multiplier``."""

    outcome: Outcome
    """How the round ended."""
    winner: int | None
    """Who scores (None for a void round)."""
    points: int
    """What the winner scores."""
    bonus: int
    """The gin, big gin or undercut bonus included (before the multiplier)."""
    multiplier: int
    """Oklahoma's spade multiplier, or 1."""


def price_parts(outcome: Outcome, knocker_deadwood: int, defender_deadwood: int) -> int:
    """The base of a scored round's points, before bonus and multiplier: the deadwood
    difference for a knock or an undercut, the defender's deadwood for gin and big gin."""
    if outcome is Outcome.KNOCK:
        return defender_deadwood - knocker_deadwood
    if outcome is Outcome.UNDERCUT:
        return knocker_deadwood - defender_deadwood
    return defender_deadwood


def price_knock(
    rules: Ruleset,
    *,
    knocker: int,
    knocker_deadwood: int,
    defender_deadwood: int,
    deadwood_before_layoffs: int | None = None,
    layoffs: int = 0,
    big_gin: bool = False,
    spade_upcard: bool = False,
) -> Price:
    """The price of a round that ended with a knock (or big gin), by ``rules``.

    :param knocker: the player who knocked.
    :param knocker_deadwood: the deadwood outside the knocker's spread (0 is gin).
    :param defender_deadwood: the defender's deadwood after its layoffs.
    :param deadwood_before_layoffs: the defender's deadwood before its layoffs (it decides
        whether layoffs matched a gin); None when unknown.
    :param layoffs: how many cards the defender laid off.
    :param big_gin: the knocker declared big gin.
    :param spade_upcard: the initial upcard was a spade.
    :raises InvalidResultError: for facts ``rules`` cannot price: a big gin where it has
        none, layoffs where it allows none (onto gin: without ``layoffs_after_gin``), a gin
        matched by layoffs under ``void_if_gin_matched`` without the deadwood before them, or
        deadwood that is not an integer of at least 0.
    """
    # the facts as checked (each argument is refused in its own words before it is used)
    player = check_player(knocker, "knocker", InvalidResultError)
    kept = check_int(knocker_deadwood, "knocker_deadwood", InvalidResultError, low=0)
    left = check_int(defender_deadwood, "defender_deadwood", InvalidResultError, low=0)
    before = (
        None
        if deadwood_before_layoffs is None
        else check_int(deadwood_before_layoffs, "deadwood_before_layoffs", InvalidResultError, low=0)
    )
    laid = check_int(layoffs, "layoffs", InvalidResultError, low=0)
    gin = kept == 0
    if big_gin and not rules.big_gin:
        raise InvalidResultError(f"cannot price a big gin: the ruleset {rules.name!r} has no big gin")
    if laid and not rules.layoffs:
        raise InvalidResultError(f"cannot price layoffs: the ruleset {rules.name!r} has no layoffs")
    if laid and gin and not rules.layoffs_after_gin:
        raise InvalidResultError(
            f"cannot price layoffs onto gin: the ruleset {rules.name!r} does not allow them"
        )
    if gin and left == 0 and laid and rules.void_if_gin_matched:
        # a gin is matched when the layoffs brought the defender from above 0 to 0
        if before is None:
            raise InvalidResultError(
                "cannot price a gin the defender met by laying off: its deadwood before the layoffs is "
                "not recorded"
            )
        if before > 0:
            return Price(Outcome.VOID, None, 0, 0, 1)
    defender = 1 - player
    if big_gin:
        outcome, winner, bonus = Outcome.BIG_GIN, player, rules.big_gin_bonus
    elif gin:
        outcome, winner, bonus = Outcome.GIN, player, rules.gin_bonus
    elif left < kept or (left == kept and rules.undercut_on_tie):
        outcome, winner, bonus = Outcome.UNDERCUT, defender, rules.undercut_bonus
    else:
        outcome, winner, bonus = Outcome.KNOCK, player, 0
    multiplier = rules.spade_multiplier if spade_upcard else 1
    base = price_parts(outcome, kept, left)
    return Price(outcome, winner, (base + bonus) * multiplier, bonus, multiplier)


def price_round(
    rules: Ruleset,
    *,
    knocker: int,
    knocker_deadwood: int,
    defender_deadwood: int,
    big_gin: bool = False,
    spade_upcard: bool = False,
) -> tuple[Outcome, int, int]:
    """The outcome, winner and points of a round that ended with a knock (or big gin) and no
    layoffs that matched a gin (see :func:`price_knock` for the whole price).

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
    >>> gr.price_round(gr.OKLAHOMA, knocker=1, knocker_deadwood=4, defender_deadwood=30,
    ...     spade_upcard=True)
    (<Outcome.KNOCK: 'knock'>, 1, 52)
    """
    price = price_knock(
        rules,
        knocker=knocker,
        knocker_deadwood=knocker_deadwood,
        defender_deadwood=defender_deadwood,
        big_gin=big_gin,
        spade_upcard=spade_upcard,
    )
    assert price.winner is not None  # no layoffs: never void
    return price.outcome, price.winner, price.points
