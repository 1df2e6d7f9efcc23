"""A document validated game by game, again only where it changed.

The document is cut where a game surely starts (:func:`aceynote.notation.cutter.pieces`,
the cutter of ``validate --jobs``, whose pieces read as they would in the
whole file), and each piece is read and validated with its lines numbered
from 1. What the validator found is kept by the piece's text, so after an
edit only the pieces whose text changed are read again; the others are
moved to their new first line. Nothing of the text is kept but its pieces'
digests: the document is encoded block by block as it is cut, and where the
edits since the last check fall is told by the edits themselves
(:class:`Unchanged`), not found by comparing two copies of the text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, replace
from hashlib import blake2b

from ..notation import Game, ReadError, Span, read_games
from ..notation.cutter import pieces
from ..notation.source import BLOCK_BYTES, BOM_BYTES, NamedBytes
from ..validation import Diagnostic, validate
from .text import EVERYTHING, Unchanged

NAME = "document"
_PLACE = re.compile(rf"^{NAME}:(\d+)(?::(\d+))?: ")


@dataclass(frozen=True, slots=True)
class _Found:
    """What reading and validating a piece found, its lines numbered from 1.

    ``unread`` is why the reading stopped in it (a line that is not UTF-8 or
    too long), at its line, with nothing after it read.
    """

    diagnostics: tuple[Diagnostic, ...]
    unread: tuple[Span, str] | None
    line_count: int


@dataclass(frozen=True, slots=True)
class Part:
    """A piece of the document: its first line, its text's digest, and what it holds."""

    first_line: int
    key: bytes
    found: _Found

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        return self.found.diagnostics

    @property
    def unread(self) -> tuple[Span, str] | None:
        return self.found.unread

    @property
    def last_line(self) -> int:
        return self.first_line + self.found.line_count - 1

    def shifted(self, span: Span) -> Span:
        """A span of this piece in the document's lines."""
        lines = self.first_line - 1
        return Span(span.line + lines, span.column, span.end_line + lines, span.end_column)


def document_bytes(text: str) -> bytes:
    """The document as a file would hold it; a lone surrogate stays as the bytes the reader
    refuses: U+DC80..U+DCFF as the byte it stands for (how a client that read a byte that is
    not UTF-8 sends it, escaped), any other as its own three."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def as_read(data: bytes, first_line: int) -> bytes:
    """A piece's bytes as the reader reads them in the whole document.

    The reader skips a byte order mark on a file's line 1 only, and reads each
    piece with its lines numbered from 1: a later piece's leading mark is given
    as the blank it is where it stands (one character, so no column moves).
    """
    if first_line == 1 or not data.startswith(BOM_BYTES):
        return data
    return b" " + data[len(BOM_BYTES) :]


def piece_games(data: bytes) -> Iterator[Game]:
    """The games of a piece, its lines numbered from 1 (ReadError where the reading stops)."""
    return read_games(NamedBytes(data, NAME), 1)


def _check(data: bytes) -> _Found:
    found: list[Diagnostic] = []
    unread = None
    try:
        for game in piece_games(data):
            found += validate(game).diagnostics
    except ReadError as error:
        unread = _unread(str(error))
    lines = data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")
    ended = data.endswith((b"\n", b"\r"))
    return _Found(tuple(found), unread, lines + (0 if ended else 1))


def _unread(message: str) -> tuple[Span, str]:
    """Where the reader stopped and why, in an editor's words: at the character it could
    not read (else the whole line), with the subject that the reader's file name was."""
    place = _PLACE.match(message)
    if place is None:
        return Span(1, 1, 2, 1), message
    line, said = int(place.group(1)), message[place.end() :]
    if said.startswith("is "):
        said = f"the document {said}"
    if place.group(2) is None:
        return Span(line, 1, line + 1, 1), said
    column = int(place.group(2))
    return Span(line, column, line, column + 1), said


class _Encoded:
    """A text from a character on, read as the bytes of :func:`document_bytes`, a block at a time."""

    def __init__(self, text: str, start: int) -> None:
        self.text = text
        self.at = start

    def read(self, size: int = BLOCK_BYTES, /) -> bytes:
        block = self.text[self.at : self.at + size]
        self.at += len(block)
        return document_bytes(block)


_CONTINUATION = bytes(range(0x80, 0xC0))  # the bytes that do not start a character in UTF-8


def _characters(data: bytes) -> int:
    """How many characters the bytes of :func:`document_bytes` hold (one a lead byte)."""
    return len(data) if data.isascii() else len(data.translate(None, _CONTINUATION))


class Checker:
    """One document's validation, kept piece by piece for the next edit.

    After an edit the document is cut again only from a piece before the
    change to the first cut in the unchanged end that the last cutting made
    too: from a cut on, the cutter's state is fresh, so the same text is cut
    the same way. The problems of a piece are kept by its text's digest, so
    only the pieces whose text changed are read and validated again.
    """

    def __init__(self) -> None:
        self._length = 0  # of the text last checked, in characters
        self._starts: list[int] = []  # the character where each piece starts
        self._parts: list[Part] = []
        self._found: dict[bytes, _Found] = {}
        self.checked = 0  # pieces read and validated (not taken from what was kept)

    def check(self, text: str, unchanged: Unchanged = EVERYTHING) -> list[Part]:
        """Every piece of the document, with its problems; ``unchanged``: since the last check."""
        head = min(unchanged.head, len(text), self._length)
        first = max(bisect_right(self._starts, head) - 2, 0)  # a piece before the change
        tail = min(unchanged.tail, len(text) - head, self._length - head)
        cut = list(self._cut_from(text, first, len(text) - tail))
        self._starts = self._starts[:first] + [start for start, _ in cut]
        self._parts = self._parts[:first] + [part for _, part in cut]
        self._found = {part.key: part.found for part in self._parts}
        self._length = len(text)
        return self._parts

    def _cut_from(self, text: str, first: int, unchanged_from: int) -> Iterator[tuple[int, Part]]:
        """The pieces from old piece ``first`` on: cut again up to a cut made as before."""
        starts, parts = self._starts, self._parts
        moved = len(text) - self._length
        old_index = {start: index for index, start in enumerate(starts)}
        offset = restart = starts[first] if starts else 0
        line = parts[first].first_line - 1 if parts else 0
        for piece in pieces(_Encoded(text, restart), NAME, 1, skip=False):
            same = old_index.get(offset - moved)
            if offset > restart and offset >= unchanged_from and same is not None:
                shift = line + piece.first_line - parts[same].first_line
                for start, part in zip(starts[same:], parts[same:], strict=True):
                    yield start + moved, replace(part, first_line=part.first_line + shift)
                return
            yield offset, self._part(piece.data, line + piece.first_line)
            offset += _characters(piece.data)

    def _part(self, data: bytes, first_line: int) -> Part:
        data = as_read(data, first_line)
        key = blake2b(data, digest_size=16).digest()
        found = self._found.get(key)
        if found is None:
            found = _check(data)
            self._found[key] = found
            self.checked += 1
        return Part(first_line, key, found)


def part_at(parts: list[Part], line: int) -> Part | None:
    """The piece holding a 1-based line of the document."""
    index = bisect_right(parts, line, key=lambda part: part.first_line) - 1
    if index >= 0 and line <= parts[index].last_line:
        return parts[index]
    return None
