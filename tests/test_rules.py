"""Rulesets: validation, ``evolve``, the presets of docs/rules.rst §8 and ``find_ruleset``."""

from __future__ import annotations

from typing import Any, cast

import attrs
import pytest

import ginrummy as gr

# ------------------------------------------------------------------------------ validation

BOOL_FIELDS = [
    "oklahoma",
    "oklahoma_ace_gin_only",
    "big_gin",
    "undercut_on_tie",
    "layoffs",
    "layoffs_after_gin",
    "may_discard_taken_card",
    "boxes_count_toward_target",
    "round_the_corner",
    "void_if_gin_matched",
    "hollywood",
]
"""The fields that are True or False."""

INT_FIELDS = {
    "knock_limit": (0, 99),
    "spade_multiplier": (1, 10),
    "big_gin_bonus": (0, 1000),
    "gin_bonus": (0, 1000),
    "undercut_bonus": (0, 1000),
    "dead_hand_stock": (0, 30),
    "target": (1, 100_000),
    "game_bonus": (0, 100_000),
    "box_bonus": (0, 100_000),
    "ace_points": (1, 15),
}
"""The integer fields and their domains (the lowest and highest valid value)."""

ENUM_FIELDS = {
    "after_both_pass": gr.AfterPass,
    "shutout": gr.Shutout,
    "game_winner": gr.GameWinner,
    "next_dealer": gr.NextDealer,
}
"""The enum fields and their enums."""


def test_every_field_is_covered_by_the_validation_tests() -> None:
    """docs/rules.rst §8: every field of the table is a Ruleset field, and these tests check each one."""
    covered = {"name", "max_turns", *BOOL_FIELDS, *INT_FIELDS, *ENUM_FIELDS}
    assert covered == {field.name for field in attrs.fields(gr.Ruleset)}


def rejection(**fields: Any) -> str:
    """The message of the InvalidRulesetError raised by ``Ruleset(**fields)``."""
    with pytest.raises(gr.InvalidRulesetError) as info:
        gr.Ruleset(**fields)
    assert isinstance(info.value, ValueError)
    return str(info.value)


def assert_names(message: str, field: str, value: object) -> None:
    """The message names the field and quotes the value."""
    assert f"'{field}'" in message
    assert f"(got {value!r})" in message


@pytest.mark.parametrize("field", BOOL_FIELDS)
@pytest.mark.parametrize("value", [1, 0, "yes", None, 1.0])
def test_bool_field_rejects_anything_but_a_bool(field: str, value: object) -> None:
    """API: gr.Ruleset: frozen, keyword-only, validated: a yes/no field takes True or False
    only, and the error names the field and the value (docs/conventions.md §4)."""
    assert_names(rejection(**{field: value}), field, value)


@pytest.mark.parametrize("field", list(INT_FIELDS))
@pytest.mark.parametrize("value", ["10", 1.5, True, None])
def test_integer_field_rejects_a_wrong_type(field: str, value: object) -> None:
    """An integer field takes an int, not text, a float or a bool; the error names both."""
    assert_names(rejection(**{field: value}), field, value)


@pytest.mark.parametrize(("field", "low", "high"), [(f, lo, hi) for f, (lo, hi) in INT_FIELDS.items()])
def test_integer_field_rejects_a_value_outside_its_domain(field: str, low: int, high: int) -> None:
    """An integer field is checked against its domain (no negative knock limit or bonus, a
    multiplier and a target of at least 1, a dead-hand stock below the stock's 31 cards); the
    error names the field and the value, and the bounds themselves are accepted."""
    for value in (low - 1, high + 1, -(10**9)):
        assert_names(rejection(**{field: value}), field, value)
    for value in (low, high):
        fields: dict[str, Any] = {field: value}
        assert value == getattr(gr.Ruleset(**fields), field)


@pytest.mark.parametrize("field", list(ENUM_FIELDS))
def test_enum_field_rejects_a_value_of_another_type(field: str) -> None:
    """An enum field takes a member of its enum only, not its text nor another enum's member."""
    kind = ENUM_FIELDS[field]
    first = next(iter(kind))
    other = gr.Shutout.NONE if kind is not gr.Shutout else gr.NextDealer.WINNER
    for value in (first.value, first.name, other, None):
        message = rejection(**{field: value})
        assert_names(message, field, value)
        assert f"{kind.__name__}.{first.name}" in message


@pytest.mark.parametrize("value", [0, -1, "5", 2.0, True])
def test_max_turns_is_none_or_a_positive_integer(value: object) -> None:
    """docs/rules.rst §3: ``max_turns`` is None «by default, i.e. the rules as written» or a number of
    turns, at least 1."""
    assert_names(rejection(max_turns=value), "max_turns", value)
    assert 1 == gr.Ruleset(max_turns=1).max_turns
    assert None is gr.Ruleset(max_turns=None).max_turns


@pytest.mark.parametrize("value", ["", "   ", 5, None])
def test_name_is_a_non_empty_string(value: object) -> None:
    """API: .name ('pagat' for the preset, 'custom' by default): a non-empty string."""
    assert_names(rejection(name=value), "name", value)


def test_layoffs_after_gin_needs_layoffs() -> None:
    """docs/rules.rst §5: ``layoffs_after_gin`` lets the defender lay off onto gin, which means nothing when
    ``layoffs = False`` disables layoffs entirely."""
    message = rejection(layoffs=False, layoffs_after_gin=True)
    assert "'layoffs_after_gin' is True but 'layoffs' is False" in message


def test_void_if_gin_matched_needs_layoffs_after_gin() -> None:
    """docs/rules.rst §5: «with ``void_if_gin_matched``, a defender who then reaches 0 deadwood voids the
    round»: only possible when it may lay off onto gin."""
    message = rejection(void_if_gin_matched=True)
    assert "'void_if_gin_matched' is True but 'layoffs_after_gin' is False" in message
    rules = gr.Ruleset(layoffs_after_gin=True, void_if_gin_matched=True)
    assert (True, True) == (rules.layoffs_after_gin, rules.void_if_gin_matched)


def test_ruleset_is_keyword_only_and_frozen() -> None:
    """API: gr.Ruleset: frozen, keyword-only."""
    with pytest.raises(TypeError):
        gr.Ruleset("pagat")  # type: ignore[call-arg]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        gr.PAGAT.knock_limit = 5  # type: ignore[misc]
    assert 10 == gr.PAGAT.knock_limit


def test_default_ruleset_is_pagat_named_custom() -> None:
    """API: .name ('pagat' for the preset, 'custom' by default); the defaults are Pagat's
    rules."""
    assert "custom" == gr.Ruleset().name
    assert gr.PAGAT == attrs.evolve(gr.Ruleset(), name="pagat")


# ---------------------------------------------------------------------------------- evolve


def test_evolve_returns_a_changed_copy_named_custom() -> None:
    """API: rules.evolve(knock_limit=7): a changed copy, validated; the name becomes 'custom'
    unless one is given; the original is unchanged."""
    custom = gr.PAGAT.evolve(knock_limit=7)
    assert (7, "custom") == (custom.knock_limit, custom.name)
    assert gr.PAGAT.evolve(name="custom", knock_limit=7) == custom
    assert attrs.evolve(gr.PAGAT, knock_limit=7, name="custom") == custom
    assert (10, "pagat") == (gr.PAGAT.knock_limit, gr.PAGAT.name)
    assert "house" == gr.PAGAT.evolve(name="house", gin_bonus=30).name


def test_evolve_is_validated() -> None:
    """API: a changed copy, validated: a value out of its domain, or fields that contradict
    each other, raise InvalidRulesetError."""
    with pytest.raises(gr.InvalidRulesetError, match=r"'knock_limit' .* \(got -1\)"):
        gr.PAGAT.evolve(knock_limit=-1)
    with pytest.raises(gr.InvalidRulesetError, match="'layoffs_after_gin' is True but 'layoffs' is False"):
        gr.PAGAT.evolve(layoffs=False, layoffs_after_gin=True)


def test_evolve_rejects_an_unknown_field() -> None:
    """API: a ruleset has the fields of docs/rules.rst §8; ``evolve`` rejects any other name."""
    with pytest.raises(gr.InvalidRulesetError, match="unknown field 'knock_limt'"):
        gr.PAGAT.evolve(knock_limt=7)


# --------------------------------------------------------------------------------- presets

YES, NO = True, False
SECTION_8 = {
    # field: (spanish-site, pagat, straight, oklahoma)
    "knock_limit": (10, 10, 0, 10),
    "oklahoma": (NO, NO, NO, YES),
    "spade_multiplier": (1, 1, 1, 2),
    "big_gin": (YES, NO, NO, NO),
    "gin_bonus": (25, 20, 20, 20),
    "undercut_bonus": (25, 10, 10, 10),
    "undercut_on_tie": (YES, YES, YES, YES),
    "layoffs": (YES, YES, YES, YES),
    "layoffs_after_gin": (NO, NO, NO, NO),
    "after_both_pass": (
        gr.AfterPass.NORMAL_TURN,
        gr.AfterPass.STOCK_ONLY,
        gr.AfterPass.STOCK_ONLY,
        gr.AfterPass.STOCK_ONLY,
    ),
    "may_discard_taken_card": (NO, NO, NO, NO),
    "dead_hand_stock": (2, 2, 2, 2),
    "target": (100, 100, 100, 150),
    "game_bonus": (100, 100, 100, 100),
    "box_bonus": (25, 20, 20, 20),
    "boxes_count_toward_target": (NO, NO, NO, NO),
    "shutout": (
        gr.Shutout.DOUBLE_ROUND_POINTS,
        gr.Shutout.DOUBLE_GAME_BONUS,
        gr.Shutout.DOUBLE_GAME_BONUS,
        gr.Shutout.DOUBLE_GAME_BONUS,
    ),
    "game_winner": (
        gr.GameWinner.HIGHEST_TOTAL,
        gr.GameWinner.HIGHEST_TOTAL,
        gr.GameWinner.HIGHEST_TOTAL,
        gr.GameWinner.HIGHEST_TOTAL,
    ),
    "next_dealer": (
        gr.NextDealer.ALTERNATE,
        gr.NextDealer.WINNER,
        gr.NextDealer.WINNER,
        gr.NextDealer.WINNER,
    ),
    "round_the_corner": (NO, NO, NO, NO),
    "ace_points": (1, 1, 1, 1),
    "void_if_gin_matched": (NO, NO, NO, NO),
    "max_turns": (None, None, None, None),
    "hollywood": (NO, NO, NO, NO),  # not in the table: a further preset of section 8's prose
}
"""docs/rules.rst §8, column by column: spanish-site, pagat, straight, oklahoma. The cells
written as a dash there (``oklahoma_ace_gin_only`` outside Oklahoma, ``big_gin_bonus`` without big
gin) are checked separately."""
PRESET_NAMES = ("spanish-site", "pagat", "straight", "oklahoma")
PRESET_VALUES = {
    "spanish-site": gr.SPANISH_SITE,
    "pagat": gr.PAGAT,
    "straight": gr.STRAIGHT,
    "oklahoma": gr.OKLAHOMA,
}


@pytest.mark.parametrize("column", range(4), ids=PRESET_NAMES)
def test_preset_matches_the_table_of_rules_section_8(column: int) -> None:
    """docs/rules.rst §8: the presets' fields are those of the table, field by field."""
    name = PRESET_NAMES[column]
    preset = gr.PRESETS[name]
    assert name == preset.name
    assert PRESET_VALUES[name] is preset
    expected = {field: values[column] for field, values in SECTION_8.items()}
    actual = {field: getattr(preset, field) for field in SECTION_8}
    assert expected == actual


def test_big_gin_bonus_and_oklahoma_ace_rule_where_the_table_sets_them() -> None:
    """docs/rules.rst §8, the table of presets: ``big_gin`` yes and ``big_gin_bonus`` 31 for
    spanish-site, ``oklahoma_ace_gin_only`` yes for oklahoma."""
    assert 31 == gr.SPANISH_SITE.big_gin_bonus
    assert gr.OKLAHOMA.oklahoma_ace_gin_only


def test_straight_and_oklahoma_are_pagat_with_their_changes() -> None:
    """docs/rules.rst §8: «``straight`` is ``pagat`` with ``knock_limit = 0``»; «``oklahoma`` is ``pagat``
    with the Oklahoma knock limit, spade doubling and target 150»."""
    assert gr.PAGAT.evolve(name="straight", knock_limit=0) == gr.STRAIGHT
    assert (
        gr.PAGAT.evolve(
            name="oklahoma", oklahoma=True, oklahoma_ace_gin_only=True, spade_multiplier=2, target=150
        )
        == gr.OKLAHOMA
    )


def test_presets_are_keyed_by_their_names() -> None:
    """API: gr.PRESETS: read-only mapping: 'spanish-site', 'pagat', 'straight', 'oklahoma', ...."""
    assert set(PRESET_NAMES) <= set(gr.PRESETS)
    for name, preset in gr.PRESETS.items():
        assert name == preset.name


def test_presets_mapping_is_read_only() -> None:
    """API: gr.PRESETS: read-only mapping: assignment and deletion raise TypeError."""
    presets = cast(Any, gr.PRESETS)
    with pytest.raises(TypeError):
        presets["mine"] = gr.PAGAT
    with pytest.raises(TypeError):
        presets["pagat"] = gr.STRAIGHT
    with pytest.raises(TypeError):
        del presets["pagat"]
    assert gr.PAGAT is gr.PRESETS["pagat"]


# ---------------------------------------------------------------------------- find_ruleset


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("pagat", "pagat"),
        ("PAGAT", "pagat"),
        ("Traditional", "pagat"),
        ("traditional", "pagat"),
        ("spanish-site", "spanish-site"),
        ("Spanish Site", "spanish-site"),
        ("spanish_site", "spanish-site"),
        ("straight", "straight"),
        ("straight-gin", "straight"),
        ("Straight Gin", "straight"),
        ("STRAIGHT_GIN", "straight"),
        ("Oklahoma", "oklahoma"),
        ("oklahoma-gin", "oklahoma"),
        ("Oklahoma_Gin", "oklahoma"),
        ("  oklahoma   gin ", "oklahoma"),
    ],
)
def test_find_ruleset_is_case_insensitive_with_aliases(text: str, name: str) -> None:
    """API: gr.find_ruleset("Oklahoma"): case-insensitive, aliases; spaces and underscores read
    as hyphens."""
    assert gr.PRESETS[name] is gr.find_ruleset(text)


@pytest.mark.parametrize("text", ["no-such-rules", "", "pagat2", "rummy-500"])
def test_find_ruleset_rejects_an_unknown_name_listing_the_presets(text: str) -> None:
    """API: unknown names raise ValueError; the message quotes the name and lists the known
    presets."""
    with pytest.raises(ValueError) as info:
        gr.find_ruleset(text)
    message = str(info.value)
    assert repr(text) in message
    for name in gr.PRESETS:
        assert name in message
