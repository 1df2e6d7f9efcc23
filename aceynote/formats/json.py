"""JSON (``.json``): one document holding every game, checked against the schema (docs/json.md).

The conversion itself is :mod:`aceynote.formats.jsonconv`, imported when a
JSON file is read or written (it is not needed to tell the formats apart).
"""

from __future__ import annotations

import codecs
import io
import json
from collections.abc import Iterable, Iterator
from typing import IO, cast

from ..notation import Game, ReadError
from ..notation.source import BOM, LINE_END, line_start, not_utf8
from ..terminal_text import json_shown
from .format import Entry, Output


def read(handle: IO[bytes], name: str) -> Iterator[Game]:
    from .jsonconv import read_document

    yield from read_document(utf8_text(handle, name))


def write(entries: Iterable[Entry], output: Output) -> None:
    """The document: its header, then the games, one a line."""
    from .jsonconv import document_header

    output.stream.write(json.dumps(document_header())[:-1] + ', "games": [')
    for count, entry in enumerate(entries):
        output.stream.write(("," if count else "") + "\n" + game_json_text(entry.game, output))
    output.stream.write("\n]}\n")


def game_json_text(game: Game, output: Output) -> str:
    """One game as JSON text, with the positions and diagnostics ``output`` asks for."""
    from ..validation import validate
    from .jsonconv import game_to_json

    report = validate(game) if output.positions or output.diagnostics else None
    data = game_to_json(game, report, positions=output.positions, diagnostics=output.diagnostics)
    return json_shown(json.dumps(data, ensure_ascii=False))


def utf8_text(raw: IO[bytes], name: str) -> IO[str]:
    """A binary stream read as UTF-8 text by the JSON readers."""
    return cast(IO[str], _Utf8Text(raw, name))


class _Utf8Text(io.TextIOBase):
    """A binary stream read as UTF-8 text by the JSON reader.

    A byte that is not UTF-8 is a ReadError at its line and column. A read of
    a block (a JSON document's) first gives the text before it, and the next
    read raises it, so that the games before it are still read (docs/notation.md
    choice 12); a line (JSON Lines') is read whole or not at all. A leading BOM
    is left out. Reads are bounded as asked (at most four bytes a character). A
    character (or a CRLF) cut off at a read's end is kept for the next read.
    """

    def __init__(self, raw: IO[bytes], name: str) -> None:
        super().__init__()
        self.raw_stream = raw
        self.name = name
        self.lines = 0  # the line ends read
        self._line = b""  # the bytes read of the line under way, for an error's column
        self._carry = b""
        self.started = False
        self._failure: ReadError | None = None  # a byte that is not UTF-8, met past the text given

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1, /) -> str:
        self._raise_failure()
        if size is None or size < 0:
            return self._text(self._carry + self.raw_stream.read(), final=True, block=True)
        data = self.raw_stream.read(4 * size + 4)
        return self._text(self._carry + data, final=len(data) < 4 * size + 4, block=True)

    def readline(self, size: int = -1, /) -> str:  # type: ignore[override]
        self._raise_failure()
        data = self.raw_stream.readline(-1 if size < 0 else 4 * size + 4)
        whole = size < 0 or not data or data.endswith(b"\n")
        return self._text(self._carry + data, final=whole)

    def _text(self, data: bytes, final: bool, block: bool = False) -> str:
        """``data`` decoded; what is cut off at its end is carried over unless ``final``.
        Of a ``block``, the text before a byte that is not UTF-8, its ReadError kept."""
        try:
            text, used = codecs.utf_8_decode(data, "strict", final)
        except UnicodeDecodeError as error:
            good = error.start
            error.start += len(self._line)
            failure = ReadError(not_utf8(self.name, self._line + data, error, self.lines + 1))
            failure.__cause__ = error
            if not (block and good):
                raise failure from error
            self._failure = failure
            text, used = codecs.utf_8_decode(data[:good], "strict", True)
        if not final and text.endswith("\r"):  # its LF may come next: one line end
            text, used = text[:-1], used - 1
        self._carry = data[used:]
        self._count_lines(data[:used])
        if not self.started:
            self.started, text = True, text.removeprefix(BOM)
        return text

    def _raise_failure(self) -> None:
        if self._failure is not None:
            raise self._failure

    def _count_lines(self, done: bytes) -> None:
        ends = len(LINE_END.findall(done))
        self.lines += ends
        self._line = done[line_start(done, len(done)) :] if ends else self._line + done
