"""The typed game model: what a record says, with where it says it.

This is data, as written: nothing here knows whether a move is legal (the
validator replays the model through the rules engine). Places use the rules
engine's numbering: points 1..24 in the mover's numbering, ``POOL`` (``in``),
``BAR`` and ``OFF``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from functools import partial
from typing import NamedTuple

from ..rules import SegmentKind, Side, place_name


class Span(NamedTuple):
    """Where something stands in the source: 1-based lines and columns, end exclusive.

    A named tuple: the reader makes one for every token it keeps.
    """

    line: int
    column: int
    end_line: int
    end_column: int

    def to(self, other: Span) -> Span:
        """The span from the start of this one to the end of ``other``."""
        return Span(self.line, self.column, other.end_line, other.end_column)


new_span: Callable[[tuple[int, int, int, int]], Span] = partial(tuple.__new__, Span)
"""``Span(line, column, end_line, end_column)`` with no Python-level call (the reader makes one
for every move; see ``aceynote.rules.position.new_position``)."""

NO_SPAN = Span(0, 0, 0, 0)

GLYPH_MEANINGS = {
    "!": "good move",
    "?": "mistake",
    "!!": "very good move",
    "??": "blunder",
    "!?": "interesting move",
    "?!": "dubious move",
}
"""§4's six glyphs, in the order of the NAGs that mean them, and their words for a reader."""

NAG_GLYPHS = dict(enumerate(GLYPH_MEANINGS, start=1))
"""§4: the NAGs ``$1`` to ``$6`` mean the six glyphs, in this order."""

_PGN_NAGS = {
    7: "forced move",
    8: "singular move (no reasonable alternatives)",
    9: "worst move",
    10: "drawish position",
    11: "equal chances, quiet position",
    12: "equal chances, active position",
    13: "unclear position",
    14: "White has a slight advantage",
    15: "Black has a slight advantage",
    16: "White has a moderate advantage",
    17: "Black has a moderate advantage",
    18: "White has a decisive advantage",
    19: "Black has a decisive advantage",
    20: "White has a crushing advantage",
    21: "Black has a crushing advantage",
}
"""§4: any NAG past ``$6`` means what it means in PGN (its standard, section 10); these are
the ones of a move or a position that are not about chess alone."""


def nag_meaning(number: int) -> str | None:
    """What NAG ``$number`` means, in words (§4: the six glyphs' words, then PGN's); None for
    a NAG whose meaning is PGN's but not said here."""
    glyph = NAG_GLYPHS.get(number)
    return GLYPH_MEANINGS[glyph] if glyph is not None else _PGN_NAGS.get(number)


class Mark(Enum):
    """The three glyphs of §4 that an analysis sets, mildest first, and their words."""

    DOUBTFUL = "?!"
    BAD = "?"
    VERY_BAD = "??"

    @property
    def word(self) -> str:
        return self.name.lower().replace("_", " ")


class Stop(NamedTuple):
    """A place a written trip reaches; ``hit`` is the ``*`` mark.

    A named tuple: hashed in the validator's trip cache, which a frozen
    dataclass's Python-level ``__hash__`` made slow.
    """

    place: int
    hit: bool = False


@dataclass(slots=True)
class Move:
    """One written move: a checker's trip (``24/18/13*``), ``count`` checkers making it."""

    source: int
    stops: list[Stop]
    count: int = 1
    span: Span = field(default=NO_SPAN, compare=False)

    def __str__(self) -> str:
        text = place_name(self.source)
        for stop in self.stops:
            text += "/" + place_name(stop.place) + ("*" if stop.hit else "")
        return text + (f"({self.count})" if self.count > 1 else "")


@dataclass(slots=True)
class Segment:
    """One roll (or chosen double) and what was played with it.

    ``dice`` are as written (``25:`` is (2, 5)); an empty ``moves`` is ``--``.
    Glyphs (``!``, ``?!``) and NAGs (``$14``) and the comments after the play
    are kept apart, each in written order.
    """

    kind: SegmentKind
    dice: tuple[int, int]
    moves: list[Move]
    glyphs: list[str] = field(default_factory=list)
    nags: list[int] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    span: Span = field(default=NO_SPAN, compare=False)

    @property
    def moves_span(self) -> Span | None:
        """Where its written moves stand (None for ``--``)."""
        if not self.moves:
            return None
        return self.moves[0].span.to(self.moves[-1].span)

    @property
    def play_span(self) -> Span:
        """Its roll and moves as written, without the glyphs, NAGs and comments after them
        (for ``--``, whose place is not kept, the whole segment)."""
        moves = self.moves_span
        return self.span if moves is None else self.span.to(moves)

    @property
    def high(self) -> int:
        first, second = self.dice
        return first if first >= second else second

    @property
    def low(self) -> int:
        first, second = self.dice
        return second if first >= second else first


@dataclass(slots=True)
class Turn:
    """One side's turn: the roll's segment, then any acey-deucey segments.

    ``number`` is the turn's move number and ``side`` whose turn it is, both
    from the written move number or, where none was written (``numbered`` is
    False), from the turn before.
    ``comments`` stand between the move number and the roll; ``variations``
    are alternatives to this turn, in written order.
    """

    side: Side
    number: int
    segments: list[Segment]
    comments: list[str] = field(default_factory=list)
    variations: list[Variation] = field(default_factory=list)
    numbered: bool = field(default=True, compare=False)
    span: Span = field(default=NO_SPAN, compare=False)
    number_span: Span | None = field(default=None, compare=False)
    """Where the move number is written (None: none written, or not read from text)."""


@dataclass(slots=True)
class Variation:
    """Alternative turns for the turn it follows (which it replaces); may nest.

    ``comments`` stand right after ``(``; ``comments_after`` right after ``)``.
    """

    turns: list[Turn]
    comments: list[str] = field(default_factory=list)
    comments_after: list[str] = field(default_factory=list)
    span: Span = field(default=NO_SPAN, compare=False)


@dataclass(slots=True)
class Tag:
    name: str
    value: str
    span: Span = field(default=NO_SPAN, compare=False)


@dataclass(frozen=True, slots=True)
class SyntaxProblem:
    """A piece of a record that cannot be read, with where it stands."""

    message: str
    span: Span
    source_line: str = ""

    def __str__(self) -> str:
        return f"{self.span.line}:{self.span.column}: {self.message}"


@dataclass(slots=True)
class Game:
    """One game of a record: tags, movetext and result, as written.

    ``result`` is the result token (None when it was missing, which reads as
    ``*``); ``comments`` stand before the first turn and ``comments_after``
    after the result. ``problems`` holds syntax errors: a game with any keeps
    in ``turns`` only the whole main-line turns before the first error, and
    its result as written all the same (:func:`.parser.written_result`).
    ``source_lines`` keeps the game's lines of text by number, for messages
    that show them.
    """

    tags: list[Tag] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    result: str | None = None
    comments_after: list[str] = field(default_factory=list)
    problems: list[SyntaxProblem] = field(default_factory=list, compare=False)
    span: Span = field(default=NO_SPAN, compare=False)
    result_span: Span | None = field(default=None, compare=False)
    source_lines: dict[int, str] = field(default_factory=dict, compare=False, repr=False)

    def main_line(self) -> list[Segment]:
        """The main line's segments, turn after turn (no variations): the one walk of it."""
        return [segment for turn in self.turns for segment in turn.segments]

    def tag(self, name: str) -> str | None:
        """The value of the first tag of this name (the one that counts), if any."""
        for tag in self.tags:
            if tag.name == name:
                return tag.value
        return None

    def tag_values(self) -> dict[str, str]:
        """Every tag's value by its name, the first of a name counting (as :meth:`tag`)."""
        return {tag.name: tag.value for tag in reversed(self.tags)}

    def tag_entry(self, name: str) -> Tag | None:
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None

    def set_tag(self, name: str, value: str) -> None:
        """Change the first tag of this name, or add it at the end."""
        entry = self.tag_entry(name)
        if entry is None:
            self.tags.append(Tag(name, value))
        else:
            entry.value = value

    @property
    def result_text(self) -> str:
        return self.result if self.result is not None else "*"
