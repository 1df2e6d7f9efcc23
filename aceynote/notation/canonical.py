"""A record rewritten in canonical form as it is read: broken games as written, line ends kept.

``aceynote fmt`` and a program that formats records in place share this:
each input is read once (a pipe works as well as a file), the canonical text
goes to any text stream, and :func:`same_text` says whether anything would
change.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from typing import IO

from .model import Game
from .source import BOM, BOM_BYTES, TappedStream, line_end, split_lines
from .writer import write_game


class CopiedReading(TappedStream):
    """A record read once, line by line, for the reader.

    Its bytes are copied to ``copy`` (to compare with the canonical form), and
    where each line starts in it is kept until its game is done (to write a
    game with syntax errors as it stands, read back from the copy): eight
    bytes a line, however long a broken game is.
    """

    def __init__(self, raw: IO[bytes], name: str, copy: IO[bytes]) -> None:
        super().__init__(raw, name)
        self.copy = copy
        self.starts = array("q")  # where lines first_kept, first_kept + 1... start in the copy
        self.first_kept = 1
        self.copied = 0
        self.first_line_end: str | None = None  # once the first line is read
        self.bom = ""  # the byte order mark the record starts with, written back before its games

    @property
    def newline(self) -> str:
        """The line end the canonical form is written with: the file's own (LF for JSON)."""
        return self.first_line_end or "\n"

    def took_line(self, line: bytes) -> None:
        self.copy.write(line)
        if self.first_line_end is None and line:
            self.first_line_end = line_end(line.decode("utf-8", "replace"))
            self.bom = BOM if line.startswith(BOM_BYTES) else ""
        for piece in split_lines(line) if line else ():
            self.starts.append(self.copied)
            self.copied += len(piece)

    def took_block(self, data: bytes) -> None:
        """A block, as the JSON readers read (their problems stop the file: no line is kept)."""
        self.copy.write(data)
        self.copied += len(data)

    def take(self, first: int, last: int) -> str:
        """Lines ``first`` to ``last`` as written; they and the lines before are forgotten."""
        begin, end = self._start(max(first, self.first_kept)), self._start(last + 1)
        self.copy.seek(begin)
        data = self.copy.read(max(0, end - begin))
        self.copy.seek(self.copied)
        self.forget(last)
        text = data.decode("utf-8", "replace")  # a bad byte stops the reader anyway
        return text.removeprefix(BOM) if first <= 1 else text

    def _start(self, line: int) -> int:
        index = line - self.first_kept
        return self.starts[index] if index < len(self.starts) else self.copied

    def forget(self, last: int) -> None:
        """Lines up to ``last`` will not be taken: where they start is no longer kept."""
        if last >= self.first_kept:
            del self.starts[: last - self.first_kept + 1]
            self.first_kept = last + 1


def write_canonical(
    reading: CopiedReading,
    games: Iterable[Game],
    out: IO[str],
    broken: Callable[[int, Game], None],
) -> bool:
    """Write every game read from ``reading`` to ``out``, canonical where it has no syntax errors.

    A game with syntax errors is given to ``broken`` with its number (from 1)
    and written from the source as it stands (never from what could be read
    of it); the result is then False. Games are separated as the writer
    separates them, in the record's own line ends, after the record's own BOM.
    """
    clean, wrote, ends_line = True, False, True
    for number, game in enumerate(games, start=1):
        first, last = _game_lines(game)
        if game.problems:
            broken(number, game)
            clean, text = False, reading.take(first, last)
        else:
            reading.forget(last)
            text = write_game(game).replace("\n", reading.newline)
        if text:
            newline = reading.newline
            out.write((newline if ends_line else newline * 2) if wrote else reading.bom)
            out.write(text)
            wrote, ends_line = True, text.endswith(("\n", "\r"))
    if not wrote:
        out.write(reading.bom)
    return clean


def _game_lines(game: Game) -> tuple[int, int]:
    """The first and last line of a game in its source, its problems included."""
    spans = [game.span, *(problem.span for problem in game.problems)]
    written = [number for number, text in game.source_lines.items() if text.strip()]
    starts = [span.line for span in spans if span.line] + written
    ends = [span.end_line for span in spans if span.end_line] + written
    return min(starts, default=0), max(ends, default=0)


def same_text(original: IO[bytes], canonical: IO[str]) -> bool:
    """Whether the bytes read are the canonical text, encoded as UTF-8 (both read from their start)."""
    original.seek(0)
    canonical.seek(0)
    while want := canonical.read(1 << 16).encode("utf-8"):
        if original.read(len(want)) != want:
            return False
    return original.read(1) == b""
