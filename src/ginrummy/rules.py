"""Rulesets: every rule that differs between variants is a field, and presets are values.

>>> import ginrummy as gr
>>> gr.PAGAT.gin_bonus, gr.find_ruleset("Straight Gin").knock_limit
(20, 0)
>>> custom = gr.PAGAT.evolve(knock_limit=7)
>>> custom.name, custom.knock_limit
('custom', 7)
>>> gr.PAGAT.evolve(knock_limit=-1)
Traceback (most recent call last):
...
ginrummy.errors.InvalidRulesetError: invalid ruleset: 'knock_limit' must be an integer from 0 to 99 (got -1)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from ginrummy.cards import Card
from ginrummy.compiler_hints import same
from ginrummy.errors import GinRummyError, InvalidRulesetError
from ginrummy.validators import flag_field, int_field, is_int

__all__ = [
    "EAAI",
    "HOLLYWOOD",
    "OKLAHOMA",
    "OPENSPIEL",
    "PAGAT",
    "PRESETS",
    "ROUND_THE_CORNER",
    "SPANISH_SITE",
    "STRAIGHT",
    "AfterPass",
    "GameWinner",
    "NextDealer",
    "Ruleset",
    "Shutout",
    "check_rules",
    "field_docs",
    "find_ruleset",
]


class AfterPass(enum.Enum):
    """What the non-dealer may do when both players pass the initial upcard.

    >>> import ginrummy as gr
    >>> rules = gr.PAGAT.evolve(after_both_pass=gr.AfterPass.NORMAL_TURN)
    >>> r = gr.Round.deal(rules, dealer=0, seed=7)
    >>> r = r.apply(gr.PassUpcard()).apply(gr.PassUpcard())
    >>> gr.PAGAT.after_both_pass, r.legal_actions()
    (<AfterPass.STOCK_ONLY: 'stock-only'>, (DrawStock(), TakeDiscard()))
    """

    STOCK_ONLY = "stock-only"
    """It must draw from the stock (Pagat, seed 001)."""
    NORMAL_TURN = "normal-turn"
    """It takes a normal turn: either pile (seed 000)."""


class Shutout(enum.Enum):
    """The bonus for a game in which the loser was shut out.

    >>> import ginrummy as gr
    >>> knock = gr.RoundResult(outcome=gr.Outcome.KNOCK, winner=0, points=100)
    >>> gr.PAGAT.shutout, gr.score_game(gr.PAGAT, [knock]).breakdown[0].game_bonus
    (<Shutout.DOUBLE_GAME_BONUS: 'double-game-bonus'>, 200)
    >>> no_shutout = gr.PAGAT.evolve(shutout=gr.Shutout.NONE)
    >>> gr.score_game(no_shutout, [knock]).breakdown[0].game_bonus
    100
    """

    NONE = "none"
    """No shutout bonus."""
    DOUBLE_GAME_BONUS = "double-game-bonus"
    """The game bonus is doubled when the opponent scored no points (Pagat, seed 001)."""
    DOUBLE_ROUND_POINTS = "double-round-points"
    """The winner's round points are doubled when it won every round and none was a dead
    hand (seed 000)."""
    DOUBLE_TOTAL = "double-total"
    """The winner's whole total (round points, boxes and game bonus) is doubled when the
    opponent scored no points: (100 + 2 boxes of 25 + 100) x 2 = 500."""


class GameWinner(enum.Enum):
    """Who wins the game.

    >>> import ginrummy as gr
    >>> gr.PAGAT.game_winner
    <GameWinner.HIGHEST_TOTAL: 'highest-total'>
    >>> gr.EAAI.game_winner
    <GameWinner.FIRST_TO_TARGET: 'first-to-target'>
    """

    HIGHEST_TOTAL = "highest-total"
    """The higher total after all bonuses; equal totals are a drawn game."""
    FIRST_TO_TARGET = "first-to-target"
    """The player who reached the target."""


class NextDealer(enum.Enum):
    """Who deals the next round after a scored round (a dead hand is redealt by the same
    dealer).

    >>> import ginrummy as gr
    >>> gr.PAGAT.next_dealer, gr.SPANISH_SITE.next_dealer
    (<NextDealer.WINNER: 'winner'>, <NextDealer.ALTERNATE: 'alternate'>)
    """

    WINNER = "winner"
    """The winner of the previous round (seed 001)."""
    LOSER = "loser"
    """The loser of the previous round."""
    ALTERNATE = "alternate"
    """The players take turns (seed 003)."""


def _int_field(low: int, high: int | None = None) -> Any:
    return int_field(InvalidRulesetError, "ruleset", low=low, high=high)


_bool_field = flag_field(InvalidRulesetError, "ruleset")


def _enum_field(kind: type[enum.Enum]) -> Any:
    def check(instance: object, attribute: attrs.Attribute[enum.Enum], value: object) -> None:
        if not isinstance(value, kind):
            names = ", ".join(f"{kind.__name__}.{m.name}" for m in kind)
            raise InvalidRulesetError(
                f"invalid ruleset: {attribute.name!r} must be one of {names} (got {value!r})"
            )

    return check


def _max_turns(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and (not is_int(value) or value < 1):
        raise InvalidRulesetError(
            f"invalid ruleset: 'max_turns' must be None or an integer of at least 1 (got {value!r})"
        )


_PRESETS_BY_NAME: Final[dict[str, Ruleset]] = {}
"""The presets by name, once defined: a ruleset named like one must be it."""


def _name(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not value.strip() or len(value) > 100:
        raise InvalidRulesetError(
            "invalid ruleset: 'name' must be a non-empty string of at most 100 characters "
            f"(got {value!r:.120})",
            field="name",
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidRulesetError(
            f"invalid ruleset: 'name' {value!r} is not text (a lone surrogate)", field="name"
        ) from None


@attrs.frozen(kw_only=True)
class Ruleset:
    """Every rule that varies between Gin Rummy variants (docs/rules.rst §8).

    Keyword-only and validated: a field outside its domain, or fields that contradict each
    other, raise :class:`~ginrummy.InvalidRulesetError` naming the field and the value. The
    defaults are Pagat's traditional rules.

    >>> Ruleset(knock_limit=5).knock_limit
    5
    >>> Ruleset(layoffs=False, layoffs_after_gin=True)
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidRulesetError: invalid ruleset: 'layoffs_after_gin' is True
    but 'layoffs' is False
    """

    name: str = attrs.field(
        default="custom", validator=_name, metadata={"doc": "The preset's name, or ``'custom'``."}
    )
    knock_limit: int = attrs.field(
        default=10,
        validator=_int_field(0, 99),
        metadata={"doc": "The most deadwood a player may knock with; 0 means only gin ends a round."},
    )
    oklahoma: bool = attrs.field(
        default=False,
        validator=_bool_field,
        metadata={
            "doc": "The knock limit is the value of the initial upcard (face cards 10), or knock_limit "
            "when that is lower."
        },
    )
    oklahoma_ace_gin_only: bool = attrs.field(
        default=True,
        validator=_bool_field,
        metadata={"doc": "In Oklahoma, an ace upcard means only gin ends the round (else the limit is 1)."},
    )
    spade_multiplier: int = attrs.field(
        default=1,
        validator=_int_field(1, 10),
        metadata={
            "doc": "In Oklahoma, the round's points are multiplied by this when the initial upcard is a "
            "spade."
        },
    )
    big_gin: bool = attrs.field(
        default=False,
        validator=_bool_field,
        metadata={"doc": "A player whose 11 cards all meld may end the round without discarding."},
    )
    big_gin_bonus: int = attrs.field(
        default=31,
        validator=_int_field(0, 1000),
        metadata={"doc": "The bonus for big gin (it replaces the gin bonus)."},
    )
    gin_bonus: int = attrs.field(
        default=20, validator=_int_field(0, 1000), metadata={"doc": "The bonus for gin."}
    )
    undercut_bonus: int = attrs.field(
        default=10, validator=_int_field(0, 1000), metadata={"doc": "The defender's bonus for an undercut."}
    )
    undercut_on_tie: bool = attrs.field(
        default=True,
        validator=_bool_field,
        metadata={"doc": "Equal deadwood after a (non-gin) knock is an undercut."},
    )
    layoffs: bool = attrs.field(
        default=True,
        validator=_bool_field,
        metadata={"doc": "The defender may lay off cards onto the knocker's spread."},
    )
    layoffs_after_gin: bool = attrs.field(
        default=False,
        validator=_bool_field,
        metadata={"doc": "The defender may lay off onto a gin spread too."},
    )
    after_both_pass: AfterPass = attrs.field(
        default=AfterPass.STOCK_ONLY,
        validator=_enum_field(AfterPass),
        metadata={"doc": "The non-dealer's first turn when both players pass the upcard."},
    )
    may_discard_taken_card: bool = attrs.field(
        default=False,
        validator=_bool_field,
        metadata={
            "doc": "A card taken from the discard pile may be discarded (or knocked with) in the same turn."
        },
    )
    dead_hand_stock: int = attrs.field(
        default=2,
        validator=_int_field(0, 30),
        metadata={"doc": "A discard that leaves this many cards or fewer in the stock voids the round."},
    )
    target: int = attrs.field(
        default=100,
        validator=_int_field(1, 100_000),
        metadata={"doc": "The game ends when a player's game score reaches this."},
    )
    game_bonus: int = attrs.field(
        default=100,
        validator=_int_field(0, 100_000),
        metadata={"doc": "The bonus for the player who reaches the target."},
    )
    box_bonus: int = attrs.field(
        default=20,
        validator=_int_field(0, 100_000),
        metadata={"doc": "The bonus per round won, for both players, at the end of the game."},
    )
    boxes_count_toward_target: bool = attrs.field(
        default=False,
        validator=_bool_field,
        metadata={"doc": "Box bonuses count toward the target as they are won."},
    )
    shutout: Shutout = attrs.field(
        default=Shutout.DOUBLE_GAME_BONUS,
        validator=_enum_field(Shutout),
        metadata={"doc": "The shutout rule."},
    )
    game_winner: GameWinner = attrs.field(
        default=GameWinner.HIGHEST_TOTAL,
        validator=_enum_field(GameWinner),
        metadata={"doc": "Who wins the game."},
    )
    next_dealer: NextDealer = attrs.field(
        default=NextDealer.WINNER,
        validator=_enum_field(NextDealer),
        metadata={"doc": "Who deals after a scored round."},
    )
    round_the_corner: bool = attrs.field(
        default=False,
        validator=_bool_field,
        metadata={"doc": "The ace is high or low and runs wrap (Q-K-A, K-A-2)."},
    )
    ace_points: int = attrs.field(
        default=1, validator=_int_field(1, 15), metadata={"doc": "The deadwood value of an unmatched ace."}
    )
    void_if_gin_matched: bool = attrs.field(
        default=False,
        validator=_bool_field,
        metadata={"doc": "With layoffs onto gin, a defender brought to 0 deadwood voids the round."},
    )
    max_turns: int | None = attrs.field(
        default=None,
        validator=_max_turns,
        metadata={"doc": "A safety valve: the round is void once this many turns have been played."},
    )
    hollywood: bool = attrs.field(
        default=False,
        validator=_bool_field,
        metadata={
            "doc": "Hollywood scoring: three game columns at once; a player's first won round scores in "
            "game 1, its second in games 1 and 2, its third and later in every open game."
        },
    )

    def __attrs_post_init__(self) -> None:
        preset = _PRESETS_BY_NAME.get(self.name)
        if preset is not None and not same(preset, self):
            changed = next(
                f.name for f in attrs.fields(Ruleset) if getattr(self, f.name) != getattr(preset, f.name)
            )
            raise InvalidRulesetError(
                f"invalid ruleset: the name {self.name!r} is a preset's, but {changed!r} is "
                f"{getattr(self, changed)!r}, not {getattr(preset, changed)!r}: "
                "name a changed ruleset otherwise",
                field="name",
            )
        if self.layoffs_after_gin and not self.layoffs:
            raise InvalidRulesetError("invalid ruleset: 'layoffs_after_gin' is True but 'layoffs' is False")
        if self.void_if_gin_matched and not self.layoffs_after_gin:
            raise InvalidRulesetError(
                "invalid ruleset: 'void_if_gin_matched' is True but 'layoffs_after_gin' is False"
            )

    def knock_limit_for(self, upcard: Card) -> int:
        """The knock limit of a round whose initial upcard is ``upcard``: ``knock_limit``, or
        in Oklahoma the lower of ``knock_limit`` and the upcard's rank value (face cards 10;
        an ace 0 when ``oklahoma_ace_gin_only``, else 1), so a house limit still holds.

        >>> from ginrummy.cards import Card
        >>> OKLAHOMA.knock_limit_for(Card("7s")), OKLAHOMA.knock_limit_for(Card("As"))
        (7, 0)
        >>> house = PAGAT.evolve(oklahoma=True, knock_limit=3)
        >>> PAGAT.knock_limit_for(Card("7s")), house.knock_limit_for(Card("7d"))
        (10, 3)
        """
        if not self.oklahoma:
            return self.knock_limit
        if upcard.rank == 1:
            return min(self.knock_limit, 0 if self.oklahoma_ace_gin_only else 1)
        return min(self.knock_limit, upcard.rank.points)

    def evolve(self, **changes: Any) -> Ruleset:
        """A validated copy with ``changes``; its name is ``'custom'`` unless one is given.

        :raises InvalidRulesetError: for an unknown field or an invalid value.
        """
        unknown = sorted(set(changes) - {f.name for f in attrs.fields(Ruleset)})
        if unknown:
            raise InvalidRulesetError(f"invalid ruleset: unknown field {unknown[0]!r}")
        changes.setdefault("name", "custom")
        return attrs.evolve(self, **changes)


def field_docs() -> dict[str, str]:
    """What each :class:`Ruleset` field means, by field name (the text kept in the field's
    metadata: one place for the API docs, the command line's listings and the rules page).

    >>> field_docs()["knock_limit"]
    'The most deadwood a player may knock with; 0 means only gin ends a round.'
    """
    return {field.name: _doc_of(field) for field in attrs.fields(Ruleset)}


def _doc_of(field: Any) -> str:  # Any: docs/design.md, "The compiled build"
    """A ruleset field's documentation: what the rule is and where it comes from."""
    return str(field.metadata["doc"])


# The ruleset's help lists every field; written through a name typed ``type`` for the
# compiled build (docs/design.md, "The compiled build").
_documented: type = Ruleset
_documented.__doc__ = (
    (_documented.__doc__ or "")
    + "\n    Fields:\n\n"
    + "".join(f"    - ``{name}``: {doc}\n" for name, doc in field_docs().items())
)


PAGAT = Ruleset(name="pagat")
"""Pagat's traditional two-player rules (seed 001, consistent with seeds 003 and 004):
gin 20, undercut 10, knock limit 10, stock only after both pass, winner deals next, target
100, game bonus 100 (200 on a shutout), box 20. Source: https://www.pagat.com/rummy/ginrummy.html"""

SPANISH_SITE = Ruleset(
    name="spanish-site",
    big_gin=True,
    big_gin_bonus=31,
    gin_bonus=25,
    undercut_bonus=25,
    after_both_pass=AfterPass.NORMAL_TURN,
    box_bonus=25,
    shutout=Shutout.DOUBLE_ROUND_POINTS,
    next_dealer=NextDealer.ALTERNATE,
)
"""The rules of an online gin site (seed 000): big gin 31, gin 25, undercut 25, a normal turn
after both pass, box 25, round points doubled on a clean sweep; the dealer alternates (the seed
does not say; the library's choice)."""

STRAIGHT = PAGAT.evolve(name="straight", knock_limit=0)
"""Straight gin (seed 004, «es necesario hacer Gin»): Pagat's rules where only gin ends a
round."""

OKLAHOMA = PAGAT.evolve(
    name="oklahoma", oklahoma=True, oklahoma_ace_gin_only=True, spade_multiplier=2, target=150
)
"""Oklahoma gin (Bicycle's rules, https://bicyclecards.com/how-to-play/gin-rummy): the knock
limit is the initial upcard's value (an ace means gin only), a spade upcard doubles the round,
target 150."""

ROUND_THE_CORNER = PAGAT.evolve(
    name="round-the-corner",
    round_the_corner=True,
    ace_points=15,
    gin_bonus=20,
    undercut_bonus=20,
    box_bonus=20,
    target=125,
    layoffs_after_gin=True,
    void_if_gin_matched=True,
)
"""Round-the-corner gin (Pagat, https://www.pagat.com/rummy/ginrummy.html, "Round the
corner"): the ace is high or low and runs wrap (Q-K-A, K-A-2); an unmatched ace counts 15;
gin, undercut and box bonuses 20; target 125; the defender may lay off onto gin, and a
defender who reaches 0 that way voids the round."""

HOLLYWOOD = PAGAT.evolve(name="hollywood", hollywood=True)
"""Hollywood gin (Pagat, https://www.pagat.com/rummy/ginrummy.html, "Hollywood scoring"):
Pagat's rules scored in three game columns at once; a player's first won round counts in game
1, its second in games 1 and 2, its third and later in every open game; each column ends at
100 with its own game bonus, boxes and shutout, and the match ends when all three are over."""

OPENSPIEL = PAGAT.evolve(
    name="openspiel",
    gin_bonus=25,
    undercut_bonus=25,
    knock_limit=10,
    undercut_on_tie=False,
    may_discard_taken_card=True,
)
"""As close as the rules allow to OpenSpiel's ``gin_rummy`` defaults (``knock_card=10``,
``gin_bonus=25``, ``undercut_bonus=25``, no big gin; open_spiel/games/gin_rummy.cc), which
plays single rounds: simulate it with ``rounds=``. A tied knock goes to the knocker for 0
points (OpenSpiel scores it 0-0) and the card taken from the pile may be discarded at once.
Where OpenSpiel still differs is listed in the rules page of the documentation."""

EAAI = PAGAT.evolve(
    name="eaai",
    gin_bonus=25,
    undercut_bonus=25,
    target=100,
    game_bonus=0,
    box_bonus=0,
    shutout=Shutout.NONE,
    game_winner=GameWinner.FIRST_TO_TARGET,
    next_dealer=NextDealer.ALTERNATE,
)
"""The EAAI-21 Gin Rummy Undergraduate Research Challenge's rules (Neller et al.; its engine,
``GinRummyGame.java`` and ``GinRummyUtil.java`` of https://github.com/tneller/gin-rummy-eaai):
gin 25, undercut 25 (a tie is an undercut), knock limit 10, the first player to 100 wins, no
box bonus, game bonus or shutout; the player who starts alternates after every scored hand and
stays after a cancelled one (``ALTERNATE``); play as in ``pagat`` (the upcard offered to the
starting player, then to the other, then a forced stock draw; the card taken from the pile may
not be discarded; a discard that leaves 2 cards in the stock cancels the hand)."""

PRESETS: Final[Mapping[str, Ruleset]] = MappingProxyType(
    {
        preset.name: preset
        for preset in (SPANISH_SITE, PAGAT, STRAIGHT, OKLAHOMA, ROUND_THE_CORNER, HOLLYWOOD, OPENSPIEL, EAAI)
    }
)
"""The presets by name (read-only)."""
_PRESETS_BY_NAME.update(PRESETS)

_ALIASES: Final = {
    "traditional": "pagat",
    "standard": "pagat",
    "classic": "pagat",
    "spanish": "spanish-site",
    "site": "spanish-site",
    "straight-gin": "straight",
    "oklahoma-gin": "oklahoma",
    "round-the-corner-gin": "round-the-corner",
    "rtc": "round-the-corner",
    "hollywood-gin": "hollywood",
    "open-spiel": "openspiel",
    "eaai-gin-rummy": "eaai",
}


def check_rules(rules: object, error: type[GinRummyError] = InvalidRulesetError) -> Ruleset:
    """``rules`` if it is a :class:`Ruleset`, else an error of class ``error`` naming it.

    >>> from ginrummy.errors import InvalidPositionError
    >>> check_rules("pagat", InvalidPositionError)
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidPositionError: invalid rules 'pagat': expected a Ruleset
    """
    if not isinstance(rules, Ruleset):
        raise error(f"invalid rules {rules!r:.80}: expected a Ruleset")
    return rules


def find_ruleset(name: str) -> Ruleset:
    """The preset called ``name``: case-insensitive, spaces and underscores read as hyphens,
    with aliases (``traditional``, ``straight-gin``, ``oklahoma-gin`` ...).

    :raises InvalidRulesetError: (a ``ValueError``) for an unknown name, listing the known ones.

    >>> find_ruleset("Oklahoma_Gin").name
    'oklahoma'
    """
    if not isinstance(name, str):
        raise InvalidRulesetError(f"unknown ruleset {name!r}: expected a preset name")
    key = "-".join(name.strip().lower().replace("_", " ").split())
    key = _ALIASES.get(key, key)
    preset = PRESETS.get(key)
    if preset is None:
        known = ", ".join(PRESETS)
        raise InvalidRulesetError(f"unknown ruleset {name!r}: known presets are {known}")
    return preset
