"""A document's text as the protocol counts it: lines and columns in the client's code units.

The protocol ends a line at LF, CRLF or a lone CR, as the reader does
(docs/notation.md choice 15), and counts a column in the code units of the
encoding agreed at initialisation: UTF-16 unless the client asked for
another. The model counts columns in code points from 1
(:class:`aceynote.notation.Span`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lsprotocol import types

from ..notation import Span

LINE_END = re.compile(r"(\r\n|\r|\n)")


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
    """A document's lines (without their ends) and the unit its client counts columns in."""

    def __init__(self, source: str, encoding: str | None = None) -> None:
        self.source = source
        pieces = LINE_END.split(source)  # lines and their ends, in turn
        self.lines = pieces[::2]
        self.ends = pieces[1::2]
        self.units = UNITS.get(encoding or "", _utf16)

    def line(self, number: int) -> str:
        """The text of a 0-based line; "" past the end."""
        return self.lines[number] if 0 <= number < len(self.lines) else ""

    def position(self, line: int, column: int) -> types.Position:
        """The protocol's position of a 1-based line and code point column of the model."""
        if line - 1 >= len(self.lines):
            return types.Position(len(self.lines) - 1, self.units(self.lines[-1]))
        text = self.line(line - 1)
        return types.Position(line - 1, self.units(text[: max(column - 1, 0)]))

    def range(self, span: Span) -> types.Range:
        start = self.position(span.line, span.column)
        end = self.position(span.end_line, span.end_column)
        return types.Range(
            start, end if (end.line, end.character) >= (start.line, start.character) else start
        )

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
        """The index in :attr:`source` of a protocol position."""
        line = min(max(position.line, 0), len(self.lines) - 1)
        start = sum(
            len(text) + len(end) for text, end in zip(self.lines[:line], self.ends, strict=False)
        )
        return start + self.column(types.Position(line, position.character))

    def whole(self) -> types.Range:
        """The range of the whole document."""
        last = len(self.lines) - 1
        return types.Range(types.Position(0, 0), types.Position(last, self.units(self.lines[last])))

    @property
    def line_end(self) -> str:
        """The document's line end, its first one (LF when it has none)."""
        return self.ends[0] if self.ends else "\n"
