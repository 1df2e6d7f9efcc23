"""A document's text as the protocol counts it: lines and columns in the client's code units.

The protocol ends a line at LF, CRLF or a lone CR, as the reader does
(docs/notation.md choice 15), and counts a column in the code units of the
encoding agreed at initialisation: UTF-16 unless the client asked for
another. The model counts columns in code points from 1
(:class:`aceynote.notation.Span`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import chain
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from lsprotocol import types

from ..notation import Span
from ..notation.source import BOM

LINE_END = re.compile(r"\r\n|\r|\n")


def _utf16(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-16-le", "surrogatepass")) // 2


def _utf8(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


UNITS: dict[str, Callable[[str], int]] = {
    types.PositionEncodingKind.Utf16: _utf16,
    types.PositionEncodingKind.Utf8: _utf8,
    types.PositionEncodingKind.Utf32: len,
}


Starts = npt.NDArray[np.int64]


def _starts_in(source: str, begin: int, end: int) -> Starts:
    """Where lines start from ``begin`` (a line's start) to before ``end`` (no list made)."""
    ends = (match.end() for match in LINE_END.finditer(source, begin, end))
    return np.fromiter(chain((begin,), (start for start in ends if start < end)), np.int64)


def _last_start(source: str) -> Starts:
    """The empty last line's start, after a final line end (the protocol counts that line)."""
    return np.array([len(source)] if source.endswith(("\r", "\n")) else [], np.int64)


class Unchanged(NamedTuple):
    """How many characters at the start and at the end of a text the edits since a check kept."""

    head: int
    tail: int

    def merged(self, later: Unchanged) -> Unchanged:
        """What two edits in turn kept: the shorter head and the shorter tail."""
        return Unchanged(min(self.head, later.head), min(self.tail, later.tail))


EVERYTHING = Unchanged(0, 0)  # what is said of a text when nothing is known of its edits

_BLOCK = 1 << 16  # characters compared at a time while looking for where two texts differ


def compared(old: str, new: str) -> Unchanged:
    """What the client's new text of a whole document kept of the old one."""
    head = _common_head(old, new)
    return Unchanged(head, _common_tail(old, new, min(len(old), len(new)) - head))


def _common_head(old: Sequence[object], new: Sequence[object]) -> int:
    """How many items the two texts share at their start: block by block, then by halving."""
    most = min(len(old), len(new))
    start = 0
    while start + _BLOCK <= most and old[start : start + _BLOCK] == new[start : start + _BLOCK]:
        start += _BLOCK
    low, high = start, min(start + _BLOCK, most)
    while low < high:
        middle = (low + high + 1) // 2
        if old[start:middle] == new[start:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _common_tail(old: Sequence[object], new: Sequence[object], most: int) -> int:
    """How many items (at most ``most``) the two texts share at their end, as the head's."""
    end = 0
    while end + _BLOCK <= most and _ends(old, new, end + _BLOCK, end):
        end += _BLOCK
    low, high = end, min(end + _BLOCK, most)
    while low < high:
        middle = (low + high + 1) // 2
        if _ends(old, new, middle, end):
            low = middle
        else:
            high = middle - 1
    return low


def _ends(old: Sequence[object], new: Sequence[object], far: int, near: int) -> bool:
    """Whether the items from ``far`` to ``near`` before the two texts' ends are the same."""
    return old[len(old) - far : len(old) - near] == new[len(new) - far : len(new) - near]


def _spliced(source: str, start: int, end: int, typed: str) -> str:
    """``source`` with ``typed`` in place of its characters from ``start`` to ``end``.

    Written to hold less at once than one sum of three slices: the head grows
    in place, CPython's string append reusing a string no one else holds.
    """
    spliced = source[:start]
    spliced += typed
    spliced += source[end:]
    return spliced


class Text:
    """A document's text, where each of its lines starts, and the unit its client counts in.

    Only the starts are kept (eight bytes a line), so that a large document
    costs little more than its text; a line is cut from the text when asked for.
    """

    def __init__(
        self, source: str, encoding: str | None = None, starts: Starts | None = None
    ) -> None:
        self.source = source
        if starts is None:
            starts = np.concatenate((_starts_in(source, 0, len(source)), _last_start(source)))
        self.starts = starts
        self.encoding = encoding
        self.units = UNITS.get(encoding or "", _utf16)

    def edited(self, change: types.TextDocumentContentChangeEvent) -> tuple[Text, Unchanged]:
        """The text after a change the client sent, and what it kept of this one.

        Only the lines the change touches are looked at.
        """
        if not isinstance(change, types.TextDocumentContentChangePartial):
            return Text(change.text, self.encoding), compared(self.source, change.text)
        start = self.offset(change.range.start)
        end = max(start, self.offset(change.range.end))
        source = _spliced(self.source, start, end, change.text)
        moved = len(source) - len(self.source)
        first = max(self._line_of(start) - 1, 0)  # a line before: its CR may meet a typed LF
        after = self._line_of(end) + 1  # the first line the change leaves as it was
        touched = _starts_in(source, int(self.starts[first]), self.start(after) + moved)
        last = _last_start(source) if after >= self.line_count else self.starts[after:] + moved
        starts = np.concatenate((self.starts[:first], touched, last))
        return Text(source, self.encoding, starts), Unchanged(start, len(self.source) - end)

    def _line_of(self, offset: int) -> int:
        return int(np.searchsorted(self.starts, offset, side="right")) - 1

    @property
    def line_count(self) -> int:
        return len(self.starts)

    def start(self, number: int) -> int:
        """Where a 0-based line starts in :attr:`source` (past the last line: the text's end)."""
        return int(self.starts[number]) if number < len(self.starts) else len(self.source)

    def line(self, number: int) -> str:
        """The text of a 0-based line without its end; "" past the end."""
        if not 0 <= number < len(self.starts):
            return ""
        text = self.source[self.start(number) : self.start(number + 1)]
        return text.rstrip("\r\n")  # a line holds one line end at most, at its end

    def skipped(self, number: int) -> int:
        """Code points the reader skips at a 0-based line's start: a byte order mark opening
        the text (docs/notation.md §1), which the model's columns do not count and the
        client's do."""
        return 1 if number == 0 and self.source.startswith(BOM) else 0

    def position(self, line: int, column: int) -> types.Position:
        """The protocol's position of a 1-based line and code point column of the model."""
        if line > self.line_count:
            return self.whole().end
        before = self.skipped(line - 1) + max(column - 1, 0)
        return types.Position(line - 1, self.units(self.line(line - 1)[:before]))

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
        return self.start(line) + self.column(types.Position(line, position.character))

    def whole(self) -> types.Range:
        """The range of the whole document."""
        last = self.line_count - 1
        return types.Range(types.Position(0, 0), types.Position(last, self.units(self.line(last))))

    @property
    def line_end(self) -> str:
        """The document's line end, its first one (LF when it has none)."""
        found = LINE_END.search(self.source)
        return found.group() if found else "\n"
