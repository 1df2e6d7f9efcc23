"""A record's source: bytes or text to numbered lines, and every reason it cannot be read.

A line ends at LF, CRLF or a lone CR (as Python's universal newlines read
it), so that every reader and every command numbers lines alike. A byte that
is not UTF-8 is a :class:`ReadError` worded by :func:`not_utf8`, at its line
and column wherever they can be told.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator
from typing import IO, Any, Protocol, cast

from .limits import MAX_LINE_BYTES

Source = str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[str]

BOM = "\ufeff"  # a byte order mark: ignored at a file's start (docs/notation.md §1)
BOM_BYTES = BOM.encode("utf-8")


class ReadError(Exception):
    """A record that cannot be read at all (missing file, not UTF-8 text)."""


def not_utf8(name: str, data: bytes, error: UnicodeDecodeError, first_line: int | None = 1) -> str:
    """Why ``data`` cannot be read, as every reader says it: ``name:line:col: is not UTF-8 ...``.

    ``first_line`` numbers the first line of ``data``; None when the place of
    ``data`` in the file is not known (then only the file is named).
    """
    wide = _wide_encoding(data) if first_line == 1 else None
    if wide is not None:  # Windows Notepad's "Unicode": the whole file, from its first byte
        return f"{name}:1:1: is {wide} text, not UTF-8; save the file as UTF-8"
    where = name
    if first_line is not None:
        line = first_line + len(LINE_END.findall(data, 0, error.start))
        start = line_start(data, error.start)
        if line == 1 and data.startswith(BOM_BYTES, start):
            start += len(BOM_BYTES)  # the reader skips it: columns count from after it
        column = len(data[start : error.start].decode("utf-8", "replace")) + 1
        where = f"{name}:{line}:{column}"
    return (
        f"{where}: is not UTF-8 text (byte 0x{data[error.start]:02X} here "
        "cannot be read); save the file as UTF-8"
    )


_WIDE_MARKS = (  # the longest first: UTF-32's little-endian mark begins as UTF-16's does
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)


def _wide_encoding(data: bytes) -> str | None:
    """The encoding whose byte order mark begins ``data`` (UTF-16 or UTF-32), if any."""
    return next((name for mark, name in _WIDE_MARKS if data.startswith(mark)), None)


def utf8_text(data: bytes, name: str, first_line: int = 1) -> str:
    """``data`` as text; a byte that is not UTF-8 is a ReadError at its line and column."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ReadError(not_utf8(name, data, error, first_line)) from error


def is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def line_start(data: bytes, index: int) -> int:
    """Where the line holding ``data[index]`` starts (after LF, CRLF or a lone CR)."""
    ends = [match.end() for match in LINE_END.finditer(data, 0, index)]
    return ends[-1] if ends else 0


LINE_END = re.compile(rb"\r\n|\r|\n")
_TEXT_LINE_END = re.compile(r"\r\n|\r|\n")


def line_end(text: str) -> str:
    """The line end a file is written with: its first line's (CRLF, LF or a lone CR), else LF.

    Writing keeps a file's line ends (``fmt``, ``record``, ``replay``, and
    ``find`` for a game ending a file without one): a record checked out with
    CRLF stays so.
    """
    found = _TEXT_LINE_END.search(text)
    return "\n" if found is None else found.group()


def plain_newlines(text: str) -> str:
    """``text`` with each CRLF and lone CR made LF: a line end inside a comment, as the
    reader reads it whichever a file uses (docs/notation.md choice 15)."""
    return _TEXT_LINE_END.sub("\n", text)


_LONE_CR = re.compile(rb"(?<=\r)(?!\n)")


def split_lines(raw: bytes) -> list[bytes]:
    """One line of a binary stream (it ends at LF) cut at each lone CR as well."""
    if raw.find(b"\r", 0, len(raw) - 1) < 0:  # (no copy of the line)
        return [raw]
    return [piece for piece in _LONE_CR.split(raw) if piece]


def block_lines(block: bytes) -> Iterator[bytes]:
    """The lines of a block with their ends, one at a time, cut as ``bytes.splitlines`` cuts them."""
    start = 0
    for end in LINE_END.finditer(block):
        yield block[start : end.end()]
        start = end.end()
    if start < len(block):
        yield block[start:]


def cannot_read(name: str, error: OSError) -> str:
    return f"{name}: cannot read: {error.strerror or error}"


def text_lines(source: Source, first_line: int = 1) -> Iterator[str]:
    """The lines of a path or open file as text, with their line ends.

    A path or a binary stream is decoded line by line, so that a byte that is
    not UTF-8 is reported at its line and column. Any reading or decoding
    problem is a :class:`ReadError` that names the file. ``first_line``
    numbers the source's first line, for a piece of a larger file.
    """
    lines, handle = _lines_of(source, first_line)
    try:
        yield from lines
    finally:
        if handle is not None:
            handle.close()


class UpToUnreadable:
    """Lines of a source up to the first one that cannot be read, whose :class:`ReadError` waits.

    The reader reads the lines before such a line as it reads a file that ends
    there, so the games before it, and the one it stands in as far as it goes,
    are handed out; :meth:`raise_failure` then says why the reading stopped
    (docs/notation.md choice 12). Else a game would be lost whenever the line
    that cannot be read is the one that would have told the reader it ended.
    """

    def __init__(self, lines: Iterator[str]) -> None:
        self.lines = lines
        self.failure: ReadError | None = None

    def __iter__(self) -> Iterator[str]:
        try:
            yield from self.lines
        except ReadError as error:
            self.failure = error

    def raise_failure(self) -> None:
        """Raise the ReadError that ended the lines, if one did."""
        if self.failure is not None:
            raise self.failure


def _lines_of(source: Source, first_line: int) -> tuple[Iterator[str], IO[Any] | None]:
    """The lines of a path or open file, and the file to close."""
    if isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        try:
            handle = open(name, "rb")  # noqa: SIM115 - closed by text_lines
        except OSError as error:
            raise ReadError(f"{name}: cannot open: {error.strerror or error}") from error
        return _decoded(handle, name, first_line), handle
    name = getattr(source, "name", "<input>")
    if not isinstance(name, str):
        name = "<input>"
    if _is_binary(source):
        return _decoded(cast(IO[bytes], source), name, first_line), None
    return _checked(_text_lines_of(cast(Iterable[str], source)), name, first_line), None


def _text_lines_of(source: Iterable[str]) -> Iterator[str]:
    """The lines of decoded text; from an open file, never more than one line's limit at once."""
    readline = getattr(source, "readline", None)
    if readline is None:
        return iter(source)
    return iter(lambda: cast(str, readline(MAX_LINE_BYTES + 1)), "")


def _is_binary(source: object) -> bool:
    return isinstance(source, (io.BufferedIOBase, io.RawIOBase)) or "b" in str(
        getattr(source, "mode", "")
    )


def _decoded(stream: IO[bytes], name: str, first_line: int) -> Iterator[str]:
    """Lines of UTF-8 text from a binary stream; a bad byte is a ReadError at its place."""
    for number, piece in enumerate(_bounded_lines(stream, name, first_line), start=first_line):
        try:
            yield piece.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ReadError(not_utf8(name, piece, error, number)) from error


def _bounded_lines(stream: IO[bytes], name: str, first_line: int) -> Iterator[bytes]:
    """The lines of a binary stream, never reading more than one line's limit past a line end.

    A line longer than :data:`MAX_LINE_BYTES` is a ReadError at its place,
    and nothing after it is read: a device without line ends (``/dev/zero``)
    is refused after 1 MiB instead of filling memory.
    """
    number, carry, readline = first_line, b"", stream.readline
    while True:
        try:
            chunk = readline(MAX_LINE_BYTES + 1)
        except OSError as error:
            raise ReadError(cannot_read(name, error)) from error
        if not carry and chunk.endswith(b"\n") and chunk.find(b"\r", 0, len(chunk) - 2) < 0:
            number += 1  # one whole line within the limit: the common case, kept fast
            yield chunk
            continue
        if not chunk:
            break
        lines = split_lines(carry + chunk if carry else chunk)
        carry = b"" if chunk.endswith(b"\n") else lines.pop()  # (a CR may wait for its LF)
        for line in lines:
            _check_length(line, name, number)
            number += 1
            yield line
        _check_length(carry, name, number)
    if carry:
        yield carry


def _check_length(line: bytes, name: str, number: int) -> None:
    if len(line) > MAX_LINE_BYTES and len(line.rstrip(b"\r\n")) > MAX_LINE_BYTES:
        raise ReadError(line_too_long(name, number))


def line_too_long(name: str, number: int) -> str:
    """Why a line past :data:`MAX_LINE_BYTES` stops the reading (is the file a record at all?)."""
    return (
        f"{name}:{number}: this line goes on past {MAX_LINE_BYTES:,} bytes (1 MiB); "
        "aceynote reads lines of up to that length and stops here (is this a record file?)"
    )


def _checked(lines: Iterator[str], name: str, first_line: int) -> Iterator[str]:
    """Lines of an already decoded stream, with its decoding and reading errors as ReadError.

    A line is measured in the bytes it would take as UTF-8, as a file's line is. The
    decoder's bytes are the file's start only before its first line: only there can a
    UTF-16 or UTF-32 byte order mark be told, and a place be given.
    """
    at_start = first_line == 1
    try:
        for number, line in enumerate(lines, start=first_line):
            if len(line) > MAX_LINE_BYTES // 4 and _utf8_length(line) > MAX_LINE_BYTES:
                raise ReadError(line_too_long(name, number))
            at_start = False
            yield line
    except UnicodeDecodeError as error:
        wide = at_start and _wide_encoding(error.object) is not None
        raise ReadError(not_utf8(name, error.object, error, 1 if wide else None)) from error
    except OSError as error:
        raise ReadError(cannot_read(name, error)) from error


def _utf8_length(line: str) -> int:
    """The bytes of a line without its end, in UTF-8 (a lone surrogate as three)."""
    return len(line.rstrip("\r\n").encode("utf-8", "surrogatepass"))


BLOCK_BYTES = 1 << 16


class ReadsBytes(Protocol):
    """What :class:`LineBlocks` reads: a binary file, or anything that reads bytes as one does."""

    def read(self, size: int = -1, /) -> bytes: ...


class LineBlocks:
    """A binary stream in blocks of whole lines; a reading error is kept for the end.

    A line at a block's end waits for the next block, as does a CR there (a
    CRLF may be cut between the two blocks). After the last block,
    ``failure`` holds the reading error that ended the stream, if any. A line
    past :data:`MAX_LINE_BYTES` ends the blocks, with more than that much
    of it in the last block: whoever reads the blocks meets the limit there
    and reports it at its line (``sections.piece_text``, the reader).
    """

    def __init__(self, stream: ReadsBytes, size: int = BLOCK_BYTES) -> None:
        self.stream = stream
        self.size = size
        self.failure: OSError | None = None

    def __iter__(self) -> Iterator[bytes]:
        unfinished: list[bytes] = []
        waiting = 0  # bytes of the line that waits for its end
        try:
            while block := self.stream.read(self.size):
                whole = _whole_lines_end(block)
                if whole:
                    yield b"".join([*unfinished, block[:whole]]) if unfinished else block[:whole]
                    unfinished, waiting = [], 0
                unfinished.append(block[whole:])
                waiting += len(block) - whole
                if waiting > MAX_LINE_BYTES + 1:
                    break  # the reader meets the line's limit in it and stops there
        except OSError as error:
            self.failure = error
        if any(unfinished):
            yield b"".join(unfinished)


def _whole_lines_end(block: bytes) -> int:
    """Where the whole lines of a block end: after its last LF, or after a CR but the last byte."""
    if block.endswith(b"\n"):
        return len(block)
    return max(block.rfind(b"\n", 0, -1), block.rfind(b"\r", 0, -1)) + 1


class NamedBytes(io.BytesIO):
    """Bytes held in memory as a binary stream with a name (the reader names it in errors)."""

    def __init__(self, data: bytes, name: str) -> None:
        super().__init__(data)
        self.name = name


class TappedStream(io.BufferedIOBase):
    """A binary stream passed through to the reader, each line or block it reads shown to
    :meth:`took_line` or :meth:`took_block` first: the one wrapper for counting what was
    read (progress), keeping the last line (find's JSON Lines) or a copy (fmt)."""

    def __init__(self, raw: IO[bytes], name: str | None = None) -> None:
        super().__init__()
        self.raw_stream = raw
        self.name = name if name is not None else getattr(raw, "name", "<stdin>")

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1, /) -> bytes:
        line = self.raw_stream.readline(-1 if size is None else size)
        self.took_line(line)
        return line

    def read(self, size: int | None = -1, /) -> bytes:
        data = self.raw_stream.read(-1 if size is None else size)
        self.took_block(data)
        return data

    def took_line(self, line: bytes) -> None:
        """A line the reader read (b"" at the end)."""

    def took_block(self, data: bytes) -> None:
        """A block the reader read (the JSON readers read blocks)."""
