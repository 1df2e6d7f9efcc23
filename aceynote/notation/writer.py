"""The canonical writer: one way to write every game.

Tags in the standard order, then the others as they came; a blank line;
game comments; movetext with each main-line White turn starting a line and
lines wrapped at 80 columns; rolls higher die first; repeated identical trips
merged as ``(n)``; ``N...`` before a Black turn that opens a line of play or
follows a comment or variation; the result on its own line.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO

from ..rules import SegmentKind, Side, Step, merged_steps
from .model import Game, Move, Segment, Stop, Tag, Turn, Variation

STANDARD_TAG_ORDER = (
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Rules",
    "Opening",
    "Setup",
    "Termination",
    "Annotator",
)
LINE_WIDTH = 80
CONTINUATION = "   "


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_tag(tag: Tag) -> str:
    return f'[{tag.name} "{_escape(tag.value)}"]'


def ordered_tags(tags: Iterable[Tag]) -> list[Tag]:
    """Standard tags first in the standard order, then the rest as written."""
    rank = {name: index for index, name in enumerate(STANDARD_TAG_ORDER)}
    indexed = list(enumerate(tags))
    indexed.sort(key=lambda item: (rank.get(item[1].name, len(rank)), item[0]))
    return [tag for _, tag in indexed]


def merge_trips(moves: Iterable[Move]) -> list[Move]:
    """Merge identical trips into one with a count (``in/19 in/19`` is ``in/19(2)``).

    Hit marks may differ between merged trips as long as no stop is marked
    twice: ``13/7* 13/7`` is ``13/7*(2)``. Each move joins the first earlier
    move of the same trip that has room (four checkers at most); only the
    last few such moves are kept open, so any play, however long, is merged
    in linear time.
    """
    merged: list[Move] = []
    open_moves: dict[tuple[int, tuple[int, ...]], list[Move]] = {}
    for move in moves:
        key = (move.source, tuple(stop.place for stop in move.stops))
        candidates = open_moves.setdefault(key, [])
        target = next((m for m in candidates if _fits(m, move)), None)
        if target is None:
            target = Move(move.source, list(move.stops), move.count, move.span)
            merged.append(target)
            candidates.append(target)
            del candidates[:-_OPEN_MOVES]
        else:
            target.stops = [
                Stop(a.place, a.hit or b.hit) for a, b in zip(target.stops, move.stops, strict=True)
            ]
            target.count += move.count
        if target.count == 4:
            candidates.remove(target)
    return merged


_OPEN_MOVES = 8


def _fits(earlier: Move, move: Move) -> bool:
    return earlier.count + move.count <= 4 and not _both_marked(earlier, move)


def moves_of_steps(steps: Iterable[Step]) -> list[Move]:
    """Steps as written moves, identical trips merged as the rules write them (``play_text``)."""
    return [
        Move(step.source, [Stop(step.dest, step.hit)], count) for step, count in merged_steps(steps)
    ]


def _both_marked(first: Move, second: Move) -> bool:
    return any(a.hit and b.hit for a, b in zip(first.stops, second.stops, strict=True))


SEGMENT_MARKERS = {
    SegmentKind.ROLL: "",
    SegmentKind.CHOSEN_DOUBLE: "=",
    SegmentKind.EXTRA_ROLL: "+",
}
"""What a segment's roll is written after: ``=`` a chosen double, ``+`` an extra roll (§3)."""


def roll_text(kind: SegmentKind, high: int, low: int) -> str:
    """A segment's roll as written before its colon: ``64``, ``=66``, ``+53`` (§3)."""
    return f"{SEGMENT_MARKERS[kind]}{high}{low}"


def segment_play_text(kind: SegmentKind, high: int, low: int, play: str) -> str:
    """A segment's roll and play as written: ``64: in/19 in/21``, ``=66: 19/13(2) 21/15(2)``."""
    return f"{roll_text(kind, high, low)}: {play}"


def named_double_text(double: int, play: str) -> str:
    """A play of a named double as written (``=66: 24/18(4)``); the play alone for 0."""
    return segment_play_text(SegmentKind.CHOSEN_DOUBLE, double, double, play) if double else play


def _comment(text: str) -> str:
    return "{" + text + "}"


def segment_words(segment: Segment) -> list[str]:
    """The words of one segment: the roll, the play, glyphs, NAGs and comments."""
    words = [f"{roll_text(segment.kind, segment.high, segment.low)}:"]
    moves = merge_trips(segment.moves)
    words += [str(move) for move in moves] if moves else ["--"]
    words += segment.glyphs
    words += [f"${nag}" for nag in segment.nags]
    words += [_comment(text) for text in segment.comments]
    return words


def move_number(side: Side, number: int) -> str:
    """A move number as written: ``12.`` for White's turn 12, ``12...`` for Black's."""
    return f"{number}." if side is Side.WHITE else f"{number}..."


def turn_number(turn: Turn) -> str:
    """The move number of a turn as written (``12.``, ``12...``)."""
    return move_number(turn.side, turn.number)


def segment_label(turn: Turn, segment: Segment | None = None) -> str:
    """A segment named by its turn's number and its text (``12. 51: in/20 20/19``);
    without ``segment``, the turn's first (a turn's or a variation's name)."""
    return f"{turn_number(turn)} {segment_text(segment or turn.segments[0])}"


def segment_text(segment: Segment) -> str:
    """A segment as the canonical writer has it, without its comments: ``=66: 19/13(2) !``."""
    words = segment_words(segment)
    return " ".join(words[: len(words) - len(segment.comments)])


class _MovetextWriter:
    """Lays out words into lines of at most 80 columns."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.current = ""
        self.last_start = 0  # where the last word starts in the current line
        self.opening = ""  # "(" waiting to be glued to the next word

    def new_line(self) -> None:
        if self.current:
            self.lines.append(self.current)
        self.current, self.last_start = "", 0

    def word(self, text: str, gap: str = " ") -> None:
        if self.opening:
            text, self.opening, gap = self.opening + text, "", " "
        column = len(self.current) - self.current.rfind("\n") - 1
        first_line = text.split("\n", 1)[0]
        if not self.current:
            self.current, self.last_start = text, 0
        elif column + len(gap) + len(first_line) > LINE_WIDTH:
            self.lines.append(self.current)
            self.current, self.last_start = CONTINUATION + text, len(CONTINUATION)
        else:
            self.last_start = len(self.current) + len(gap)
            self.current += gap + text

    def close_variation(self) -> None:
        """Glue ')' to the last word; when the line has no room for it, that word goes with it
        to the next line, as a word that does not fit does: ')' stays with what it closes."""
        column = len(self.current) - self.current.rfind("\n") - 1
        last = self.current[self.last_start :]
        before = self.current[: self.last_start].rstrip(" ")
        if column + 1 > LINE_WIDTH and before.strip() and "\n" not in last:
            self.lines.append(before)
            self.current, self.last_start = CONTINUATION + last, len(CONTINUATION)
        self.current += ")"

    def turns(self, turns: list[Turn], main_line: bool) -> None:
        interrupted = True
        previous: Turn | None = None
        for turn in turns:
            if main_line and turn.side is Side.WHITE:
                self.new_line()
            # A Black turn may go unnumbered only right after White's turn of its number.
            follows_white = (
                previous is not None
                and previous.side is Side.WHITE
                and previous.number == turn.number
            )
            needs_number = (
                interrupted or turn.side is Side.WHITE or bool(turn.comments) or not follows_white
            )
            self.turn(turn, needs_number)
            previous = turn
            interrupted = bool(turn.variations) or bool(turn.segments[-1].comments)
            # A variation holds at least one turn (§4): an empty one (a model
            # built in code) has nothing to say and is not written.
            for variation in (v for v in turn.variations if v.turns):
                self.variation(variation)

    def turn(self, turn: Turn, needs_number: bool) -> None:
        gap = "  " if turn.side is Side.BLACK else " "  # two spaces before Black's turn, always
        # A number, its comments, its roll and the first move are never split over lines
        # (a comment is never broken, so the unit may run past 80 columns as a comment may).
        head = [turn_number(turn)] if needs_number else []
        head += [_comment(text) for text in turn.comments]
        for segment in turn.segments:
            roll, play, *notes = segment_words(segment)
            self.word(" ".join([*head, roll, play]), gap)
            head, gap = [], " "
            for word in notes:
                self.word(word)

    def variation(self, variation: Variation) -> None:
        self.opening = "("
        for text in variation.comments:
            self.word(_comment(text))
        self.turns(variation.turns, main_line=False)
        self.close_variation()
        for text in variation.comments_after:
            self.word(_comment(text))


def write_game(game: Game) -> str:
    """The canonical text of one game, ending with a newline."""
    parts = [write_tag(tag) for tag in ordered_tags(game.tags)]
    if parts:
        parts.append("")
    layout = _MovetextWriter()
    for text in game.comments:
        layout.word(_comment(text))
    layout.turns(game.turns, main_line=True)
    layout.new_line()
    parts += layout.lines
    parts.append(game.result_text)
    parts += [_comment(text) for text in game.comments_after]
    return "\n".join(parts) + "\n"


GAMES_APART = "\n"
"""What stands between two games written one after another in canonical form: a blank line
(each game's text ends with its line end)."""


def write_games(games: Iterable[Game], out: IO[str]) -> None:
    """Write games one after another, a blank line between them."""
    for index, game in enumerate(games):
        if index:
            out.write(GAMES_APART)
        out.write(write_game(game))
