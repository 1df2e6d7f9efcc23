"""What is typed on the entry line: the roll it starts with, and the segment it says."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..notation import Segment
from ..notation.entry import EntryError, parse_segment
from ..notation.writer import play_text
from ..rules import RuleSet, SegmentKind, TurnState, legal_plays, roll_dice
from ..validation import Diagnostic

_MARKERS = {"": None, "=": SegmentKind.CHOSEN_DOUBLE, "+": SegmentKind.EXTRA_ROLL}
_PREFIX = {SegmentKind.ROLL: "", SegmentKind.CHOSEN_DOUBLE: "=", SegmentKind.EXTRA_ROLL: "+"}
# The roll at the start of what is typed, and the rest (the play so far).
_ROLL = re.compile(r"\s*([=+]?)\s*([1-6])([1-6])(?![0-9A-Za-z/])\s*(:?)(.*)", re.DOTALL)


@dataclass(frozen=True, slots=True)
class EntryProblem:
    """Why an entry was not kept: the words, and where the validator's help applies.

    ``column`` (1-based, in the typed text) for a syntax error; ``legal`` the
    legal plays the validator lists (the closest ones when there are many),
    ``legal_count`` how many there are, ``hint`` its advice in words.
    """

    message: str
    column: int | None = None
    code: str = ""
    hint: str = ""
    legal: tuple[str, ...] = ()
    legal_count: int = 0


@dataclass(frozen=True, slots=True)
class TypedRoll:
    """The roll at the start of an entry line, and the legal plays it gives.

    ``marker`` is the ``=`` or ``+`` as typed (empty when left out), ``rest``
    the text after the roll's colon: the play typed so far.
    """

    kind: SegmentKind
    high: int
    low: int
    marker: str
    rest: str
    plays: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"{_PREFIX[self.kind]}{self.high}{self.low}"

    def entry(self, play: str) -> str:
        """The entry line's text for one of the plays (the marker as the user typed it)."""
        return f"{self.marker}{self.high}{self.low}: {play}"


def read_roll(text: str, state: TurnState, rules: RuleSet) -> TypedRoll | EntryProblem | None:
    """The roll that ``text`` starts with and its legal plays; None when it starts with none."""
    match = _ROLL.fullmatch(text)
    if match is None:
        return None
    marker, high_text, low_text, _, rest = match.groups()
    high, low = sorted((int(high_text), int(low_text)), reverse=True)
    expects = state.expects
    assert expects is not None
    kind = _MARKERS[marker] or expects
    if marker and expects is SegmentKind.ROLL:
        return EntryProblem("a turn starts with a roll, like 64: (no = or + before it)")
    fault = state.fault(kind, high, low)
    if fault is not None:
        return EntryProblem(fault.value)
    plays = legal_plays(state.position, roll_dice(high, low), rules)
    texts = tuple(dict.fromkeys(play_text(play.steps) for play in plays.values()))
    return TypedRoll(kind, high, low, marker, rest.strip(), texts)


def typed_segment(text: str, expects: SegmentKind) -> Segment | EntryProblem:
    """The segment ``text`` says, or why it says none (with the column, in what was typed).

    "64 in/19 in/21" is read with the colon the notation wants after the roll.
    """
    match = _ROLL.fullmatch(text)
    added = match is not None and not match[4] and bool(match[5].strip())
    roll_end = match.end(3) if match is not None else 0
    written = f"{text[:roll_end]}:{text[roll_end:]}" if added else text
    try:
        return parse_segment(written, expects)
    except EntryError as error:
        column = error.column - 1 if added and error.column > roll_end + 1 else error.column
        return EntryProblem(str(error), column)


def problem_of(diagnostic: Diagnostic) -> EntryProblem:
    return EntryProblem(
        diagnostic.message,
        code=diagnostic.code.code,
        hint=diagnostic.hint or "",
        legal=diagnostic.legal,
        legal_count=diagnostic.legal_count,
    )
