"""A document validated game by game, again only where it changed.

The document is cut where a game surely starts (:func:`aceynote.notation.split.pieces`,
the cutter of ``validate --jobs``, whose pieces read as they would in the
whole file), and each piece is read and validated with its lines numbered
from 1. What the validator found is kept by the piece's text, so after an
edit only the pieces whose text changed are read again; the others are
moved to their new first line.
"""

from __future__ import annotations

import io
import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from hashlib import blake2b

from ..notation import Game, ReadError, Span, read_games
from ..notation.split import pieces
from ..validation import Diagnostic, validate

NAME = "document"
_PLACE = re.compile(rf"^{NAME}:(\d+)(?::\d+)?: ")


class _Named(io.BytesIO):
    """A piece's bytes as the reader takes them (it names the stream in its errors)."""

    name = NAME


@dataclass(frozen=True, slots=True)
class Part:
    """A piece of the document: its first line, its lines, and its problems numbered from 1.

    ``unread`` is why the reading stopped in it (a line that is not UTF-8 or
    too long), at its line, with nothing after it read.
    """

    first_line: int
    line_count: int
    diagnostics: tuple[Diagnostic, ...]
    unread: tuple[Span, str] | None = None

    @property
    def last_line(self) -> int:
        return self.first_line + self.line_count - 1

    def shifted(self, span: Span) -> Span:
        """A span of this piece in the document's lines."""
        lines = self.first_line - 1
        return Span(span.line + lines, span.column, span.end_line + lines, span.end_column)


@dataclass(frozen=True, slots=True)
class _Found:
    diagnostics: tuple[Diagnostic, ...]
    unread: tuple[Span, str] | None
    line_count: int


def document_bytes(text: str) -> bytes:
    """The document as a file would hold it; a lone surrogate stays as the bytes the reader refuses."""
    return text.encode("utf-8", "surrogatepass")


def piece_games(data: bytes) -> Iterator[Game]:
    """The games of a piece, its lines numbered from 1 (ReadError where the reading stops)."""
    return read_games(_Named(data), 1)


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
    place = _PLACE.match(message)
    line = int(place.group(1)) if place else 1
    return Span(line, 1, line + 1, 1), message[place.end() :] if place else message


class Checker:
    """One document's validation, kept by each piece's text for the next edit."""

    def __init__(self) -> None:
        self._found: dict[bytes, _Found] = {}
        self.checked = 0  # pieces read and validated (not taken from what was kept)

    def check(self, text: str) -> list[Part]:
        """Every piece of the document, with its problems."""
        kept, self._found = self._found, {}
        parts: list[Part] = []
        for piece in pieces(io.BytesIO(document_bytes(text)), NAME, 1):
            key = blake2b(piece.data, digest_size=16).digest()
            found = kept.get(key) or self._found.get(key)
            if found is None:
                found = _check(piece.data)
                self.checked += 1
            self._found[key] = found
            parts.append(Part(piece.first_line, found.line_count, found.diagnostics, found.unread))
        return parts


def part_at(parts: list[Part], line: int) -> Part | None:
    """The piece holding a 1-based line of the document."""
    index = bisect_right(parts, line, key=lambda part: part.first_line) - 1
    if index >= 0 and line <= parts[index].last_line:
        return parts[index]
    return None
