"""A replay file's lines, one game at a time, and its index table checked against them.

Nothing here keeps more than one game's lines: the index table is held as
byte offsets (at most :data:`~.limits.MAX_INDEX_LINES` of them), the lines
before the first game are counted, not kept, and a game's event lines are
handed to its reader as they come (:class:`LineStream`).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from dataclasses import dataclass

from ...notation import Span, SyntaxProblem
from ...notation.source import BOM, BOM_BYTES, Source, text_lines
from ...terminal_text import clipped, counted
from .match_limits import MAX_INDEX_LINES, OFFSET_DIGITS

INDEX_PREFIX = "bgammon-replay "
_SHOWN_TEXT = 80  # of a malformed index line, in its message


@dataclass(slots=True)
class Line:
    number: int
    text: str
    offset: int  # byte position of the line's first character
    lf_offset: int = -1
    """Its byte position as the server wrote the file: each CRLF line end before it a LF,
    and no byte order mark (:meth:`IndexTable.problems`); -1 for a line made only to be shown."""


def problem(message: str, line: Line, column: int, width: int = 1) -> SyntaxProblem:
    """A syntax problem at ``line``'s ``column``, ``width`` characters wide."""
    span = Span(line.number, column, line.number, column + max(width, 1))
    return SyntaxProblem(message, span, line.text)


def line_span(line: Line) -> Span:
    return Span(line.number, 1, line.number, len(line.text) + 1)


def is_header(text: str) -> bool:
    """Whether a line starts a game (``i <timestamp> ...``)."""
    return text.startswith("i ") or text == "i"


class LineStream:
    """The lines of a replay in order, a line put back when a game's reader meets the next."""

    def __init__(self, source: Source) -> None:
        self._lines = _numbered(text_lines(source))
        self._back: Line | None = None

    def next(self) -> Line | None:
        line, self._back = self._back, None
        return line if line is not None else next(self._lines, None)

    def put_back(self, line: Line) -> None:
        self._back = line

    def events(self) -> Iterator[Line]:
        """The game's non-blank lines up to the next header (put back) or the end."""
        while (line := self.next()) is not None:
            if is_header(line.text):
                self.put_back(line)
                return
            if line.text.strip():
                yield line


def _numbered(lines: Iterator[str]) -> Iterator[Line]:
    offset = added = 0  # the bytes an editor added before a line: a byte order mark, CRs
    for number, raw in enumerate(lines, start=1):
        text = raw.rstrip("\r\n")
        if number == 1 and text.startswith(BOM):
            text = text.removeprefix(BOM)
            added += len(BOM_BYTES)
        yield Line(number, text, offset, offset - added)
        offset += len(raw) if raw.isascii() else len(raw.encode("utf-8", "surrogatepass"))
        added += raw.endswith("\r\n")


class IndexTable:
    """The index table (the first lines, blank lines among them skipped), checked game by game.

    Only the entries' line numbers and offsets are kept; a malformed entry
    (offset -1) keeps its line, cut short, for its message.
    """

    def __init__(self) -> None:
        self.numbers = array("q")
        self.offsets = array("q")
        self.malformed: dict[int, Line] = {}
        self.lines = 0  # index lines read, kept or not
        self.past_limit: Line | None = None  # the first line past MAX_INDEX_LINES

    def read(self, stream: LineStream) -> None:
        """Take the index lines from the start of ``stream``; the first other line is put back."""
        while (line := stream.next()) is not None:
            if not line.text.strip():
                continue
            if not line.text.startswith(INDEX_PREFIX):
                stream.put_back(line)
                return
            self._add(line)

    def _add(self, line: Line) -> None:
        self.lines += 1
        if self.lines > MAX_INDEX_LINES:
            self.past_limit = self.past_limit or line
            return
        written = line.text[len(INDEX_PREFIX) :].strip()
        valid = written.isascii() and written.isdigit() and len(written) == OFFSET_DIGITS
        self.numbers.append(line.number)
        self.offsets.append(int(written) if valid else -1)
        if not valid:
            self.malformed[line.number] = Line(line.number, clipped(line.text, _SHOWN_TEXT), 0)

    def problems(self, number: int, header: Line) -> list[SyntaxProblem]:
        """What the table says wrong about game ``number``, which starts at ``header``.

        An offset is right where the game starts in the file as it is, or in the file
        with LF line ends and no byte order mark: a replay saved again by an editor that
        writes CRLF or a byte order mark (Windows' Notepad) still has the server's table,
        and its games are as readable as before.
        """
        found = []
        if number == 1 and self.past_limit is not None:
            message = (
                f"the index table has {counted(self.lines, 'line')}; aceynote reads replays "
                f"of up to {MAX_INDEX_LINES:,} games"
            )
            found.append(problem(message, self.past_limit, 1))
        if self.lines and number > self.lines:
            message = f"the index table lists {counted(self.lines, 'game')}; this is game {number}"
            found.append(problem(message, header, 1))
        elif number <= len(self.offsets):
            found += self._entry_problems(number, header)
        return found

    def _entry_problems(self, number: int, header: Line) -> list[SyntaxProblem]:
        line_number, offset = self.numbers[number - 1], self.offsets[number - 1]
        if offset < 0:
            message = f"an index line is 'bgammon-replay' and an {OFFSET_DIGITS}-digit byte offset"
            return [problem(message, self.malformed[line_number], len(INDEX_PREFIX) + 1)]
        if offset in (header.offset, header.lf_offset):
            return []
        text = f"{INDEX_PREFIX}{offset:0{OFFSET_DIGITS}d}"
        message = f"the index table says game {number} starts at byte {offset}, but it starts at byte {header.offset}"
        return [problem(message, Line(line_number, text, 0), len(INDEX_PREFIX) + 1)]

    def leftover(self, games: int) -> SyntaxProblem | None:
        """That the table lists more games than the file's ``games``, or None."""
        if self.lines <= games:
            return None
        number = self.numbers[min(games, len(self.numbers) - 1)]
        extra = self.malformed.get(number) or Line(number, self._text(games), 0)
        message = f"the index table lists {counted(self.lines, 'game')}, but the file holds {games}"
        return problem(message, extra, 1)

    def _text(self, entry: int) -> str:
        offset = self.offsets[min(entry, len(self.offsets) - 1)]
        return f"{INDEX_PREFIX}{offset:0{OFFSET_DIGITS}d}"
