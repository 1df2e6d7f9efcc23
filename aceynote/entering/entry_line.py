"""What is typed on the entry line: the roll it starts with, and the segment it says."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

from ..notation import Game, Segment, iter_game_tokens
from ..notation.segment_entry import EntryError, parse_segment
from ..notation.writer import roll_text, segment_play_text
from ..rules import RuleSet, SegmentKind, Side, TurnState, legal_plays, play_text, roll_dice
from ..validation import Diagnostic
from ..validation.numbering import number_fault
from ..validation.tag_meaning import first_number_of, numbered_first_mover
from .writings import Writings

_MARKERS = {"": None, "=": SegmentKind.CHOSEN_DOUBLE, "+": SegmentKind.EXTRA_ROLL}
# The roll at the start of what is typed, and the rest (the play so far).
_ROLL = re.compile(r"\s*([=+]?)\s*([1-6])([1-6])(?![0-9A-Za-z/])\s*(:?)(.*)", re.DOTALL)


@dataclass(frozen=True, slots=True)
class EntryProblem:
    """Why an entry was not kept: the words, and where the validator's help applies.

    ``column`` (1-based, in the typed text) for a syntax error; ``legal`` the
    legal plays the validator lists (the closest ones when there are many),
    ``legal_count`` how many there are, ``hint`` its advice in words.
    ``roll_alone``: nothing is wrong, the entry is a roll alone with a choice
    of plays, one of which is still to be typed or picked.
    """

    message: str
    column: int | None = None
    code: str = ""
    hint: str = ""
    legal: tuple[str, ...] = ()
    legal_count: int = 0
    roll_alone: bool = False


@dataclass(frozen=True, slots=True)
class TypedRoll:
    """The roll at the start of an entry line, and the legal plays it gives.

    ``marker`` is the ``=`` or ``+`` as typed (empty when left out), ``rest``
    the text after the roll's colon: the play typed so far; ``number`` the move
    number typed before the roll (``2.``), kept in :meth:`entry`.
    """

    kind: SegmentKind
    high: int
    low: int
    marker: str
    rest: str
    plays: tuple[str, ...]
    writings: Writings = field(compare=False, repr=False)
    number: str = ""

    @property
    def label(self) -> str:
        return roll_text(self.kind, self.high, self.low)

    def matching(self, typed: str) -> list[str]:
        """The plays that ``typed`` (of a play) can still become, as the entry reads it."""
        return [self.plays[index] for index in self.writings.matching(typed)]

    def entry(self, play: str) -> str:
        """The entry line's text for one of the plays (the marker as the user typed it)."""
        number = f"{self.number} " if self.number else ""
        return f"{number}{self.marker}{self.high}{self.low}: {play}"


# What the entry line takes next, in words.
_TO_TYPE = {
    SegmentKind.ROLL: "type the roll and the play",
    SegmentKind.CHOSEN_DOUBLE: "name the double and its play",
    SegmentKind.EXTRA_ROLL: "type the extra roll and its play",
}


def to_type(expects: SegmentKind) -> str:
    """What the entry line takes when a segment of kind ``expects`` comes next, in words
    (``name the double and its play``): the hint of an empty line, and why Enter on it
    enters nothing."""
    return _TO_TYPE[expects]


# The rolls an example entry is made of, in the order tried: the first with a play.
_EXAMPLE_ROLLS = {
    SegmentKind.ROLL: ((6, 4), (5, 3), (3, 1), (6, 5), (4, 2)),
    SegmentKind.CHOSEN_DOUBLE: ((6, 6), (5, 5), (4, 4), (3, 3), (2, 2), (1, 1)),
    SegmentKind.EXTRA_ROLL: ((5, 3), (6, 4), (3, 1), (6, 6), (4, 2)),
}


def example_entry(state: TurnState, rules: RuleSet) -> str:
    """An entry that fits what comes next, legal where the line stands (empty when over)."""
    expects = state.expects
    if expects is None or state.position.winner is not None:
        return ""
    entry = ""
    for high, low in _EXAMPLE_ROLLS[expects]:
        plays = legal_plays(state.position, roll_dice(high, low), rules).values()
        play = next((play for play in plays if play.steps), None)
        entry = segment_play_text(expects, high, low, play_text(play.steps) if play else "--")
        if play is not None:
            break
    return entry


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
    dice = roll_dice(high, low)
    plays = {
        play_text(play.steps): play for play in legal_plays(state.position, dice, rules).values()
    }
    writings = Writings(state.position, dice, rules, list(plays.values()))
    return TypedRoll(kind, high, low, marker, rest.strip(), tuple(plays), writings)


_SEGMENT_STARTS = frozenset({"ROLL", "CHOSEN_DOUBLE", "EXTRA_ROLL"})
_MOVE_NUMBERS = frozenset({"WHITE_NUMBER", "BLACK_NUMBER"})


def entries_in(text: str) -> list[tuple[int, int]]:
    """Where each segment of a line of movetext stands in it: (start, end), in order.

    ``text`` is one line (no line break: the entry line collapses white space).

    The line is read by the notation's own lexer: a segment starts at a roll
    (``64:``, ``=66:``, ``+53:``), or at the move number before it (a record
    pasted: ``1. 64: in/19 in/21 43: in/21 in/22`` is ``1. 64: in/19 in/21``
    and ``43: in/21 in/22``), which :meth:`~.session.Recording.enter` checks.
    What stands before the first roll is an entry of its own (``64 in/19
    in/21``: a roll typed without its colon). A blank line has none.
    """
    cuts = [
        (token.start_pos or 0, token.type)
        for game in iter_game_tokens(io.StringIO(text, newline=""))
        for token in game.tokens
        if token.type in _SEGMENT_STARTS or token.type in _MOVE_NUMBERS
    ]
    pieces: list[tuple[int, int]] = []
    start = 0
    after_number = False
    for begin, kind in [*cuts, (len(text), "")]:
        if after_number and kind in _SEGMENT_STARTS:
            after_number = False
            continue  # the roll after a move number: one piece with it
        piece = text[start:begin]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            pieces.append((start + lead, start + len(piece.rstrip())))
        start, after_number = begin, kind in _MOVE_NUMBERS
    return pieces


@dataclass(frozen=True, slots=True)
class TypedNumber:
    """A move number typed before a segment: ``3...`` is Black's, 3; ``column`` is 1-based."""

    side: Side
    number: int
    column: int
    text: str


def typed_number(text: str) -> tuple[TypedNumber | None, str]:
    """The move number ``text`` starts with (read by the notation's lexer), and the text with
    it blanked out, so that the columns of what follows stay those of ``text``."""
    tokens = [
        token for game in iter_game_tokens(io.StringIO(text, newline="")) for token in game.tokens
    ]
    first = tokens[0] if tokens else None
    if first is None or first.type not in _MOVE_NUMBERS or text[: first.start_pos].strip():
        return None, text
    start, end = first.start_pos or 0, first.end_pos or 0
    side = Side.WHITE if first.type == "WHITE_NUMBER" else Side.BLACK
    number = TypedNumber(side, int(str(first).rstrip(".")), start + 1, str(first))
    return number, text[:start] + " " * (end - start) + text[end:]


def first_turn(game: Game, typed: TypedNumber, side: Side) -> tuple[Side, int]:
    """The side and number of a game's first turn, where ``typed`` is written before it and
    the recording would otherwise give it to ``side`` (docs/notation.md §7): with no Opening
    or Setup tag, the number's dots say who moves first; a Setup game's first turn may have
    any number N >= 1."""
    return typed.side if numbered_first_mover(game) else side, first_number_of(game, typed.number)


def number_problem(
    typed: TypedNumber, side: Side, counted: int, game_start: bool
) -> EntryProblem | None:
    """Why ``typed`` does not name the turn of ``side`` numbered ``counted``, at its column, as
    the validator says it of a record (:func:`~aceynote.validation.numbering.number_fault`)."""
    fault = number_fault(typed.side, typed.number, side, counted, game_start)
    return None if fault is None else EntryProblem(fault.message, typed.column, fault.code.code)


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
