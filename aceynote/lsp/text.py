"""A document's text as the protocol counts it: lines and columns in the client's code units.

The protocol ends a line at LF, CRLF or a lone CR, as the reader does
(docs/notation.md choice 15), and counts a column in the code units of the
encoding agreed at initialisation: UTF-16 unless the client asked for
another. The model counts columns in code points from 1
(:class:`aceynote.notation.Span`).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable

from lsprotocol import types

from ..notation import Span

LINE_END = re.compile(r"\r\n|\r|\n")


def _utf16(text: str) -> int:
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)


def _utf8(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


UNITS: dict[str, Callable[[str], int]] = {
    types.PositionEncodingKind.Utf16: _utf16,
    types.PositionEncodingKind.Utf8: _utf8,
    types.PositionEncodingKind.Utf32: len,
}


class Text:
    """A document's text, where each of its lines starts, and the unit its client counts in.

    Only the starts are kept (eight bytes a line), so that a large document
    costs little more than its text; a line is cut from the text when asked for.
    """

    def __init__(self, source: str, encoding: str | None = None) -> None:
        self.source = source
        self.starts = array("q", [0])
        self.starts.extend(match.end() for match in LINE_END.finditer(source))
        self.units = UNITS.get(encoding or "", _utf16)

    @property
    def line_count(self) -> int:
        return len(self.starts)

    def start(self, number: int) -> int:
        """Where a 0-based line starts in :attr:`source` (past the last line: the text's end)."""
        return self.starts[number] if number < len(self.starts) else len(self.source)

    def line(self, number: int) -> str:
        """The text of a 0-based line without its end; "" past the end."""
        if not 0 <= number < len(self.starts):
            return ""
        text = self.source[self.starts[number] : self.start(number + 1)]
        return text.rstrip("\r\n")  # a line holds one line end at most, at its end

    def position(self, line: int, column: int) -> types.Position:
        """The protocol's position of a 1-based line and code point column of the model."""
        if line > self.line_count:
            return self.whole().end
        return types.Position(line - 1, self.units(self.line(line - 1)[: max(column - 1, 0)]))

    def range(self, span: Span) -> types.Range:
        start = self.position(span.line, span.column)
        end = self.position(span.end_line, span.end_column)
        in_order = (end.line, end.character) >= (start.line, start.character)
        return types.Range(start, end if in_order else start)

    def column(self, position: types.Position) -> int:
        """The 0-based code point index of a protocol position in its line (clamped to the line)."""
        text = self.line(position.line)
        if self.units is len:
            return min(position.character, len(text))
        counted = 0
        for index, char in enumerate(text):
            if counted >= position.character:
                return index
            counted += self.units(char)
        return len(text)

    def offset(self, position: types.Position) -> int:
        """The index in :attr:`source` of a protocol position (clamped to the text)."""
        if position.line >= self.line_count:
            return len(self.source)
        line = max(position.line, 0)
        return self.starts[line] + self.column(types.Position(line, position.character))

    def whole(self) -> types.Range:
        """The range of the whole document."""
        last = self.line_count - 1
        return types.Range(types.Position(0, 0), types.Position(last, self.units(self.line(last))))

    @property
    def line_end(self) -> str:
        """The document's line end, its first one (LF when it has none)."""
        found = LINE_END.search(self.source)
        return found.group() if found else "\n"
