"""The options that give a tag's value (--rules, --setup, --opening), read as the tags are.

Every command reads them here, so that each says the same thing of the same
mistake: the option's name, then what the notation says is wrong
(``--setup: both sides ...``), as a usage error.
"""

from __future__ import annotations

from ..rules import OpeningError, Position, RulesError, RuleSet, SetupError, opening_winner
from .base import UsageError


def rules_option(value: str) -> RuleSet:
    """--rules: a Rules tag value (``bgammon``, ``standard bearoff=exact``)."""
    try:
        return RuleSet.parse(value)
    except RulesError as error:
        raise UsageError(f"--rules: {error}") from error


def setup_option(value: str) -> Position:
    """--setup: a Setup tag value (docs/notation.md §7)."""
    try:
        return Position.from_setup(value)
    except SetupError as error:
        raise UsageError(f"--setup: {error}") from error


def opening_option(value: str) -> str:
    """--opening: an Opening tag value that decides who moves first, its blanks made single."""
    from ..notation.tags import TagValueError, parse_opening

    try:
        opening_winner(parse_opening(value))
    except (TagValueError, OpeningError) as error:
        raise UsageError(f"--opening: {error}") from error
    return " ".join(value.split())
