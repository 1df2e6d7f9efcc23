"""Rule sets: the standard rules, the options of docs/notation.md §8 and the presets."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any

from ..terminal_text import clipped


class BearOff(Enum):
    HIGH = "high"
    EXACT = "exact"


class BonusReroll(Enum):
    FULL = "full"
    ALWAYS = "always"


class Scoring(Enum):
    CHECKERS = "checkers"
    SINGLE = "single"


class RulesError(ValueError):
    """A Rules tag value naming an unknown preset, option or value."""


_YES_NO = {"yes": True, "no": False}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules a game is played under; the defaults are the standard rules.

    ``preset`` is the preset the Rules tag started with; the options are the
    values in force after the tag's overrides.
    """

    preset: str = "standard"
    early_moves: bool = True
    bearoff: BearOff = BearOff.HIGH
    bonus_reroll: BonusReroll = BonusReroll.FULL
    larger_die: bool = True
    score: Scoring = Scoring.CHECKERS

    def options(self) -> dict[str, str]:
        """Every option's value as written in a Rules tag."""
        return {field.name: _option_text(getattr(self, field.name)) for field in _OPTION_FIELDS}

    def to_tag(self) -> str:
        """The shortest Rules tag value for these rules: the preset and what differs."""
        base = PRESETS[self.preset].options()
        overrides = [
            f"{name}={value}" for name, value in self.options().items() if base[name] != value
        ]
        return " ".join([self.preset, *overrides])

    @classmethod
    def parse(cls, text: str | None) -> RuleSet:
        """Read a Rules tag value such as ``"standard bearoff=exact"``; None means standard."""
        return parse_rules(text)


_OPTION_FIELDS = tuple(field for field in fields(RuleSet) if field.name != "preset")
OPTION_NAMES = tuple(field.name for field in _OPTION_FIELDS)


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    assert isinstance(value, Enum)
    return str(value.value)


_OPTION_VALUES: dict[str, dict[str, object]] = {
    "early_moves": dict(_YES_NO),
    "bearoff": {member.value: member for member in BearOff},
    "bonus_reroll": {member.value: member for member in BonusReroll},
    "larger_die": dict(_YES_NO),
    "score": {member.value: member for member in Scoring},
}


def option_choices() -> dict[str, tuple[str, ...]]:
    """Every option's name and the values a Rules tag may give it, in order."""
    return {name: tuple(choices) for name, choices in _OPTION_VALUES.items()}


PRESETS: dict[str, RuleSet] = {
    "standard": RuleSet(),
    "bgammon": RuleSet(preset="bgammon", bearoff=BearOff.EXACT, bonus_reroll=BonusReroll.ALWAYS),
    "navy": RuleSet(preset="navy", early_moves=False),
}


def _describe_choices(choices: object) -> str:
    return ", ".join(sorted(str(choice) for choice in choices))  # type: ignore[attr-defined]


def parse_rules(text: str | None) -> RuleSet:
    """Read a Rules tag value; raise :class:`RulesError` naming what is wrong."""
    if text is None:
        return PRESETS["standard"]
    words = text.split()
    if not words:
        raise RulesError(
            "the Rules tag is empty; start it with a preset: standard, bgammon or navy"
        )
    preset = words[0].lower()
    if preset not in PRESETS:
        raise RulesError(
            f"unknown rule preset '{clipped(words[0])}'; the presets are {_describe_choices(PRESETS)}"
        )
    rules = PRESETS[preset]
    for word in words[1:]:
        rules = replace(rules, **_parse_option(word))
    return rules


def _parse_option(word: str) -> dict[str, Any]:
    name, equals, value = word.partition("=")
    name, value = name.lower(), value.lower()
    if not equals:
        raise RulesError(
            f"'{clipped(word)}' is not an option; write option=value, like bearoff=exact"
        )
    if name not in _OPTION_VALUES:
        raise RulesError(
            f"unknown rule option '{clipped(name)}'; the options are {', '.join(OPTION_NAMES)}"
        )
    choices = _OPTION_VALUES[name]
    if value not in choices:
        raise RulesError(
            f"'{clipped(value)}' is not a value of {name}; it takes {_describe_choices(choices)}"
        )
    return {name: choices[value]}
