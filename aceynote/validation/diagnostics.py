"""Diagnostics: one per problem, with a stable code, a severity and a place.

The codes are documented, with an example each, in docs/diagnostics.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..notation import Span


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    severity: Severity
    title: str


def _error(code: str, title: str) -> Code:
    return Code(code, Severity.ERROR, title)


def _warning(code: str, title: str) -> Code:
    return Code(code, Severity.WARNING, title)


SYNTAX = _error("AD100", "syntax error")
DUPLICATE_TAG = _warning("AD101", "tag given twice")
BAD_RULES = _error("AD102", "unknown rule preset, option or value")
BAD_SETUP = _error("AD103", "impossible or unreadable Setup")
BAD_OPENING = _error("AD104", "unreadable or undecided Opening")
OPENING_WITH_SETUP = _error("AD105", "Opening tag in a Setup game")
BAD_DATE = _warning("AD106", "Date not in YYYY.MM.DD form")
BAD_TERMINATION = _warning("AD107", "unknown Termination value")
RESULT_TAG_MISMATCH = _error("AD108", "Result tag differs from the result token")

WRONG_NUMBER = _error("AD201", "move number does not fit the turn count")
WRONG_SIDE = _error("AD202", "turn of the side not to move")
MISSING_NUMBER = _error("AD203", "move number missing where it is required")
WRONG_FIRST_MOVER = _error("AD204", "first turn by the side that did not win the opening")

NO_CHECKER = _error("AD301", "move from a place with no checker")
BAR_FIRST = _error("AD302", "move while a checker is on the bar")
POOL_FIRST = _error("AD303", "move while the pool is not empty (early_moves=no)")
DICE_MISMATCH = _error("AD304", "trip the dice rolled do not make")
BLOCKED = _error("AD305", "move to or through a blocked point")
BEAR_OFF_EARLY = _error("AD306", "bearing off before every checker is home")
BEAR_OFF_DIE = _error("AD307", "bearing off with a die the rules do not allow")
TOO_FEW_DICE = _error("AD308", "fewer dice played than the position allows")
SMALLER_DIE = _error("AD309", "smaller die played where the larger was playable")
FALSE_HIT = _error("AD310", "hit mark where nothing was hit")
UNMARKED_HIT = _warning("AD311", "hit written without *")

MISSING_DOUBLE = _error("AD401", "chosen double missing after an acey-deucey")
UNEXPECTED_DOUBLE = _error("AD402", "chosen double where the rules give none")
MISSING_EXTRA = _error("AD404", "extra roll missing after the chosen double")
UNEXPECTED_EXTRA = _error("AD405", "extra roll where the rules give none")

AFTER_END = _error("AD501", "moves after the game is over")
WRONG_RESULT = _error("AD502", "result differs from what the rules give")
UNFINISHED_RESULT = _error("AD503", "points given for an unfinished game without Termination")
BAD_RESULT = _error("AD504", "result with points for both sides")
NO_RESULT = _warning("AD505", "no result token (cut short?)")


def no_game_in(name: str) -> str:
    """What every command says of a record that holds no game at all."""
    return f"no game in {name}"


ALL_CODES = tuple(value for value in list(globals().values()) if isinstance(value, Code))


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a record.

    ``legal`` lists legal plays as notation (all of them when few, else the
    closest few) and ``legal_count`` how many there are; ``follows`` is the
    span of an earlier error this one may stem from.
    """

    code: Code
    message: str
    span: Span
    hint: str | None = None
    legal: tuple[str, ...] = ()
    legal_count: int = 0
    follows: Span | None = field(default=None)

    @property
    def severity(self) -> Severity:
        return self.code.severity

    @property
    def is_error(self) -> bool:
        return self.code.severity is Severity.ERROR

    def as_json(self) -> dict[str, Any]:
        """The diagnostic as the JSON schema's ``diagnostic`` (aceynote/formats/jsonconv/aceynote.schema.json)."""
        span, follows = self.span, self.follows
        return {
            "code": self.code.code,
            "severity": self.severity.value,
            "message": self.message,
            "line": span.line,
            "column": span.column,
            "end_line": span.end_line,
            "end_column": span.end_column,
            "hint": self.hint,
            "legal": list(self.legal),
            "legal_count": self.legal_count,
            "follows": None
            if follows is None
            else {"line": follows.line, "column": follows.column},
        }
