"""The Rules tag: presets, options, overrides and refusals (docs/notation.md §8)."""

from __future__ import annotations

import itertools

import pytest

from aceynote.rules import (
    PRESETS,
    BearOff,
    BonusReroll,
    RulesError,
    RuleSet,
    Scoring,
    parse_rules,
)

DEFAULTS = {
    "early_moves": "yes",
    "bearoff": "high",
    "bonus_reroll": "full",
    "larger_die": "yes",
    "score": "checkers",
}


def test_absent_rules_tag_means_standard() -> None:
    rules = parse_rules(None)
    assert rules == RuleSet()
    assert rules == RuleSet.parse(None)
    assert rules.preset == "standard"
    assert rules.options() == DEFAULTS


def test_standard_defaults() -> None:
    rules = parse_rules("standard")
    assert rules.preset == "standard"
    assert rules.early_moves is True
    assert rules.bearoff is BearOff.HIGH
    assert rules.bonus_reroll is BonusReroll.FULL
    assert rules.larger_die is True
    assert rules.score is Scoring.CHECKERS
    assert rules == RuleSet()


def test_the_three_presets_exist() -> None:
    assert set(PRESETS) == {"standard", "bgammon", "navy"}


def test_bgammon_preset_is_exact_bearoff_and_always_reroll() -> None:
    rules = parse_rules("bgammon")
    assert rules.preset == "bgammon"
    assert rules.options() == {**DEFAULTS, "bearoff": "exact", "bonus_reroll": "always"}
    assert rules.bearoff is BearOff.EXACT
    assert rules.bonus_reroll is BonusReroll.ALWAYS


def test_navy_preset_is_no_early_moves() -> None:
    rules = parse_rules("navy")
    assert rules.preset == "navy"
    assert rules.options() == {**DEFAULTS, "early_moves": "no"}
    assert rules.early_moves is False


@pytest.mark.parametrize(
    ("option", "value", "attribute", "expected"),
    [
        ("early_moves", "yes", "early_moves", True),
        ("early_moves", "no", "early_moves", False),
        ("bearoff", "high", "bearoff", BearOff.HIGH),
        ("bearoff", "exact", "bearoff", BearOff.EXACT),
        ("bonus_reroll", "full", "bonus_reroll", BonusReroll.FULL),
        ("bonus_reroll", "always", "bonus_reroll", BonusReroll.ALWAYS),
        ("larger_die", "yes", "larger_die", True),
        ("larger_die", "no", "larger_die", False),
        ("score", "checkers", "score", Scoring.CHECKERS),
        ("score", "single", "score", Scoring.SINGLE),
    ],
)
def test_every_option_value(option: str, value: str, attribute: str, expected: object) -> None:
    rules = parse_rules(f"standard {option}={value}")
    assert getattr(rules, attribute) == expected
    assert rules.preset == "standard"
    assert rules.options() == {**DEFAULTS, option: value}
    # the other options keep their defaults
    assert parse_rules(rules.to_tag()) == rules


@pytest.mark.parametrize(
    ("text", "preset", "options"),
    [
        ("Standard", "standard", {}),
        ("STANDARD BEAROFF=EXACT", "standard", {"bearoff": "exact"}),
        ("standard BearOff=Exact", "standard", {"bearoff": "exact"}),
        ("NAVY", "navy", {"early_moves": "no"}),
        ("Navy Early_Moves=YES", "navy", {"early_moves": "yes"}),
        ("BGammon Bonus_Reroll=Full", "bgammon", {"bonus_reroll": "full"}),
        (
            "standard Score=SINGLE Larger_Die=No",
            "standard",
            {"score": "single", "larger_die": "no"},
        ),
    ],
)
def test_names_and_values_are_case_insensitive(
    text: str, preset: str, options: dict[str, str]
) -> None:
    rules = parse_rules(text)
    base = PRESETS[preset].options()
    assert rules.preset == preset
    assert rules.options() == {**base, **options}


@pytest.mark.parametrize(
    ("text", "option", "value"),
    [
        ("standard bearoff=exact bearoff=high", "bearoff", "high"),
        ("standard bearoff=high bearoff=exact", "bearoff", "exact"),
        ("bgammon bearoff=high", "bearoff", "high"),
        ("bgammon bonus_reroll=full", "bonus_reroll", "full"),
        ("navy early_moves=yes", "early_moves", "yes"),
        ("standard early_moves=no early_moves=yes early_moves=no", "early_moves", "no"),
        ("standard score=single SCORE=checkers", "score", "checkers"),
        ("standard larger_die=no larger_die=yes", "larger_die", "yes"),
    ],
)
def test_a_later_option_overrides_an_earlier_one(text: str, option: str, value: str) -> None:
    assert parse_rules(text).options()[option] == value


def test_override_keeps_the_other_preset_options() -> None:
    rules = parse_rules("bgammon bearoff=high")
    assert rules.preset == "bgammon"
    assert rules.bonus_reroll is BonusReroll.ALWAYS
    assert rules.bearoff is BearOff.HIGH
    assert rules.to_tag() == "bgammon bearoff=high"


def test_white_space_between_words_is_free() -> None:
    assert parse_rules("  standard\tbearoff=exact   score=single ") == parse_rules(
        "standard bearoff=exact score=single"
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "casual",
        "standard2",
        "bearoff=exact",  # no preset first
        "early_moves=no navy",
        "standard foo=bar",
        "standard bearoff=low",
        "standard bearoff=",
        "standard =exact",
        "standard bearoff",
        "standard exact",
        "standard early_moves=true",
        "standard early_moves=1",
        "standard larger_die=maybe",
        "standard bonus_reroll=never",
        "standard score=gammon",
        "standard bearoff=exact=high",
        "standard preset=navy",
        "standard navy",
        "standard bear_off=exact",
        "standard bearoff:exact",
    ],
)
def test_unknown_preset_option_or_value_is_refused(text: str) -> None:
    with pytest.raises(RulesError):
        parse_rules(text)
    with pytest.raises(RulesError):
        RuleSet.parse(text)


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)


def test_to_tag_is_the_preset_and_what_differs() -> None:
    assert RuleSet().to_tag() == "standard"
    assert PRESETS["bgammon"].to_tag() == "bgammon"
    assert PRESETS["navy"].to_tag() == "navy"
    assert parse_rules("standard bearoff=exact").to_tag() == "standard bearoff=exact"
    assert parse_rules("navy early_moves=yes").to_tag() == "navy early_moves=yes"
    assert parse_rules("standard bearoff=high").to_tag() == "standard"


@pytest.mark.parametrize("preset", ["standard", "bgammon", "navy"])
def test_every_combination_round_trips_through_its_tag(preset: str) -> None:
    choices = {
        "early_moves": ["yes", "no"],
        "bearoff": ["high", "exact"],
        "bonus_reroll": ["full", "always"],
        "larger_die": ["yes", "no"],
        "score": ["checkers", "single"],
    }
    for values in itertools.product(*choices.values()):
        options = dict(zip(choices, values, strict=True))
        text = " ".join([preset, *(f"{name}={value}" for name, value in options.items())])
        rules = parse_rules(text)
        assert rules.preset == preset
        assert rules.options() == options
        assert parse_rules(rules.to_tag()) == rules


def test_rule_sets_are_hashable_values() -> None:
    assert parse_rules("standard") == parse_rules("STANDARD")
    assert hash(parse_rules("navy")) == hash(PRESETS["navy"])
    assert parse_rules("standard early_moves=no") != parse_rules("navy")  # the preset differs
    assert parse_rules("standard early_moves=no").options() == parse_rules("navy").options()
