"""The games under the cursor: a piece of the document read again, and its replay."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass

from ..notation import Game, ReadError, Segment, Span, Turn
from ..validation import Report, validate
from .checking import Part, as_read, document_bytes, part_at, piece_games
from .text import Text


def piece_data(text: Text, part: Part, end: int | None = None) -> bytes:
    """A piece's bytes as the reader reads them (:func:`.as_read`), its line ends as written;
    up to ``end`` (an index in the text) if given."""
    stop = text.start(part.last_line) if end is None else end
    return as_read(
        document_bytes(text.source[text.start(part.first_line - 1) : stop]), part.first_line
    )


def piece_data_blanked(text: Text, part: Part, line: int) -> bytes:
    """A piece's bytes as :func:`piece_data` has them, with a 0-based line of it left blank
    (its line end kept, so that no other line moves)."""
    source, start = text.source, text.start(line)
    kept = (
        source[text.start(part.first_line - 1) : start]
        + source[start + len(text.line(line)) : text.start(part.last_line)]
    )
    return as_read(document_bytes(kept), part.first_line)


def games_of(data: bytes) -> list[Game]:
    """The games of a piece, as far as it can be read (lines numbered from 1)."""
    games: list[Game] = []
    with suppress(ReadError):  # the diagnostics say why the reading stopped; the games before stand
        games.extend(piece_games(data))
    return games


@dataclass(frozen=True, slots=True)
class AtCursor:
    """The game holding a line of the document, in the lines of its piece (``part``)."""

    part: Part
    game: Game
    line: int  # the cursor's line, numbered in the piece from 1

    def report(self) -> Report:
        return validate(self.game)


def game_at(text: Text, parts: list[Part], line: int) -> AtCursor | None:
    """The game holding a 0-based line of the document, if any."""
    part = part_at(parts, line + 1)
    if part is None:
        return None
    inner = line + 2 - part.first_line
    games = games_of(piece_data(text, part))
    for game in games:
        if game.span.line <= inner <= game.span.end_line:
            return AtCursor(part, game, inner)
    return AtCursor(part, games[-1], inner) if games else None


def all_turns(turns: list[Turn]) -> Iterator[Turn]:
    """Every turn of a line and of its variations, nested ones too."""
    for turn in turns:
        yield turn
        for variation in turn.variations:
            yield from all_turns(variation.turns)


def contains(span: Span, line: int, column: int) -> bool:
    """Whether a 1-based line and column stand in a span (its end included, for a cursor after it)."""
    return (span.line, span.column) <= (line, column) <= (span.end_line, span.end_column)


def segment_at(game: Game, line: int, column: int) -> tuple[Turn, Segment] | None:
    """The segment at a place of the game, or the first of the turn whose move number is there."""
    for turn in all_turns(game.turns):
        if not contains(turn.span, line, column):
            continue
        for segment in turn.segments:
            if contains(segment.span, line, column):
                return turn, segment
        return turn, turn.segments[0]
    return None
