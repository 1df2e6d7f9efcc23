"""The format an input is read in, and its games, with what its reader leaves out said.

The format is ``--from``'s, else the file's extension's, else (standard
input) its first line's; what the reader leaves out (a backgammon game of a
bgammon.org replay) is said on stderr, in its turn.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, cast

from ..notation import Game
from ..notation.limits import MAX_LINE_BYTES
from ..terminal_text import shown
from .base import say
from .common import STDIN, InputFile

if TYPE_CHECKING:
    from ..formats import Format, Skipped


def input_format(
    handle: IO[bytes], source: InputFile, chosen: str | None
) -> tuple[IO[bytes], Format]:
    """The format ``source`` is read in, and the stream to read it from.

    ``chosen`` (``--from``) names it; else a file's extension tells it, and
    standard input's first line: the bytes read to tell are given again by
    the stream returned, first.
    """
    from ..formats import named, of_start, record_format

    if chosen is not None:
        return handle, named(chosen)
    if source.path != STDIN:
        return handle, record_format(source.path)
    start = _telling_start(handle)
    return cast(IO[bytes], Replayed(start, handle)), of_start(start)


_LINES_TO_TELL = 16
"""At most this many lines are read to tell standard input's format: blank lines and a
JSON document's opening brace on a line of its own stand before what tells it."""


def _telling_start(handle: IO[bytes]) -> bytes:
    """Standard input's first line that tells its format, with the lines before it: a line
    that is blank, or a lone ``{``, tells nothing yet (each line bounded as the readers' are:
    input with no line end is told by its start)."""
    start = b""
    for _ in range(_LINES_TO_TELL):
        line = handle.readline(MAX_LINE_BYTES + 1)
        start += line
        if not line or line.strip().lstrip(b"\xef\xbb\xbf") not in (b"", b"{"):
            break
    return start


def record_games(handle: IO[bytes], source: InputFile, chosen: str | None) -> Iterator[Game]:
    """The games of one input, read in its :func:`input_format`; what its reader leaves out
    is said on stderr (:func:`skipped_note`)."""
    return told_games(handle, source, chosen)[1]


def told_games(
    handle: IO[bytes], source: InputFile, chosen: str | None
) -> tuple[Format, Iterator[Game]]:
    """:func:`record_games`, with the format the input is read in (told before any game)."""
    stream, read_as = input_format(handle, source, chosen)
    return read_as, read_as.games(stream, source.display_name, skipped_note(source.display_name))


def skipped_note(name: str) -> Callable[[Skipped], None]:
    """What says on stderr, in its turn, that the reader of input ``name`` left something out
    (a backgammon game of a bgammon.org replay: docs/bgammon.md); it is no error."""

    def note(skipped: Skipped) -> None:
        say(f"aceynote: {shown(name)}:{skipped.line}: {shown(skipped.reason)}")

    return note


class Replayed(io.BufferedIOBase):
    """A binary stream whose first lines, ``first``, were read already (to tell its format:
    the blank lines and a lone ``{`` before the line that tells it).

    They come first again, a line at a time as read (a reader's line numbers
    count them), then the rest of the stream.
    """

    def __init__(self, first: bytes, rest: IO[bytes]) -> None:
        super().__init__()
        self.first = first
        self.rest = rest
        self.name = getattr(rest, "name", "<stdin>")  # read_games names the input in its errors

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1, /) -> bytes:
        limit = -1 if size is None else size
        if not self.first:
            return self.rest.readline(limit)
        line_end = self.first.find(b"\n") + 1 or len(self.first)  # the lines read, one by one
        taken = self._taken(line_end if limit < 0 else min(limit, line_end))
        if self.first or taken.endswith(b"\n") or len(taken) == limit:
            return taken
        # The first line was read only in part: the rest of it follows.
        return taken + self.rest.readline(limit - len(taken) if limit >= 0 else -1)

    def read(self, size: int | None = -1, /) -> bytes:
        limit = -1 if size is None else size
        data = self._taken(limit)
        if limit < 0:
            return data + self.rest.read()
        return data + self.rest.read(limit - len(data)) if len(data) < limit else data

    def _taken(self, limit: int) -> bytes:
        """Up to ``limit`` of the bytes read before (all of them for -1), no longer kept."""
        cut = len(self.first) if limit < 0 else limit
        taken, self.first = self.first[:cut], self.first[cut:]
        return taken
