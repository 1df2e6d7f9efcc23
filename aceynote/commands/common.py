"""What the subcommands share: exit codes, reading inputs, writing output, printing problems."""

from __future__ import annotations

import argparse
import contextlib
import errno
import glob
import io
import os
import sys
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, NamedTuple

from ..notation import Game, ReadError
from ..notation.source import not_utf8

if TYPE_CHECKING:
    from ..formats import Format

STDIN = "-"


class InputFile(NamedTuple):
    """A record to read: a path, or standard input when ``path`` is ``-``.

    ``problem`` says why an input named on the command line cannot be read at
    all (a folder without records, a glob matching only folders); reading it
    then raises :class:`ReadError` with that message, in its turn.
    """

    path: str
    problem: str | None = None

    @property
    def display_name(self) -> str:
        return "<stdin>" if self.path == STDIN else self.path

    @contextlib.contextmanager
    def reading(self) -> Iterator[IO[bytes]]:
        """The record as a binary stream, for :func:`aceynote.notation.read_games`.

        Every failure to open it is a :class:`ReadError` naming it. Standard
        input is not closed afterwards.
        """
        if self.problem is not None:
            raise ReadError(self.problem)
        if self.path == STDIN:
            yield standard_input()
            return
        try:
            handle = open(self.path, "rb")  # noqa: SIM115 - closed below
        except OSError as error:
            raise ReadError(cannot_open(self.path, error)) from error
        with handle:
            yield handle


class NamedBytes(io.BytesIO):
    """Bytes held in memory as a binary stream with a name (read_games names it in errors)."""

    def __init__(self, data: bytes, name: str) -> None:
        super().__init__(data)
        self.name = name


def standard_input() -> IO[bytes]:
    """Standard input as bytes, so that a byte that is not UTF-8 is found at its place."""
    stream = sys.stdin
    if stream is None:
        raise ReadError("<stdin>: standard input is closed")
    buffer: IO[bytes] | None = getattr(stream, "buffer", None)
    if buffer is not None:
        return buffer
    # A text stream put in its place (a test, a program embedding the command).
    return NamedBytes(stream.read().encode("utf-8", "surrogateescape"), "<stdin>")


def cannot_open(path: str, error: OSError) -> str:
    """Why a named input cannot be opened, in words."""
    if error.errno == errno.ENOENT and os.path.islink(path):
        return f"{path}: is a symbolic link to {os.readlink(path)}, which does not exist"
    if error.errno == errno.ENOENT:
        return f"{path}: no such file"
    if error.errno == errno.ELOOP:
        return f"{path}: is a loop of symbolic links that leads to no file"
    if error.errno == errno.EISDIR:
        return f"{path}: is a folder; name a record file"
    return f"{path}: cannot read: {error.strerror or error}"


def expand_inputs(arguments: list[str]) -> list[InputFile]:
    """Files named on the command line: ``-``, paths, glob patterns and folders.

    Every argument gives at least one input: one that names nothing readable
    is reported when its turn comes, and the others are still read.
    """
    found: list[InputFile] = []
    for argument in arguments:
        found += _inputs_of(argument)
    return found


def _inputs_of(argument: str) -> list[InputFile]:
    if argument == STDIN:
        return [InputFile(STDIN)]
    if os.path.isdir(argument):
        records = list(_records_under(argument))
        if not records:
            from ..formats import ACEY

            return [InputFile(argument, f"{argument}: holds no {ACEY.extensions[0]} files")]
        return records
    if os.path.lexists(argument):  # a file, or a link to nowhere: reading it tells which
        return [InputFile(argument)]
    return _matches(argument)


def _matches(pattern: str) -> list[InputFile]:
    """The files a glob pattern names; folders among them are left out.

    A pattern or name that matches nothing is kept as it is: reading it then
    reports it as unreadable, in its turn, and the other files are still read.
    """
    if not glob.has_magic(pattern):
        return [InputFile(pattern)]
    matches = sorted(glob.glob(pattern, recursive=True))
    if not matches:
        return [InputFile(pattern, f"{pattern}: matches no file")]
    files = [InputFile(path) for path in matches if not os.path.isdir(path)]
    if not files:
        return [InputFile(pattern, f"{pattern}: matches only folders, no record file")]
    return files


def _records_under(folder: str) -> Iterator[InputFile]:
    """The records of a folder and its subfolders, in order; a folder that cannot be read is one."""
    from ..formats import record_extensions

    suffixes = record_extensions()
    waiting = [folder]
    while waiting:
        current = waiting.pop()
        try:
            with os.scandir(current) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as error:
            yield InputFile(current, f"{current}: cannot read this folder: {error.strerror}")
            continue
        folders = [entry.path for entry in entries if _is_folder(entry)]
        for entry in entries:
            if entry.name.endswith(suffixes) and not _is_folder(entry):
                yield InputFile(entry.path)
        waiting += reversed([path for path in folders if not os.path.islink(path)])


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def unreadable(source: InputFile, error: Exception) -> str:
    """Why a record cannot be read, in words: the file counts as unreadable."""
    if isinstance(error, UnicodeDecodeError):
        return not_utf8(source.display_name, error.object, error, None)
    if isinstance(error, OSError):
        return cannot_open(source.display_name, error)
    return str(error)


def usable_processors() -> int:
    """How many processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def add_record_files(parser: argparse.ArgumentParser) -> None:
    """The FILE... argument of the commands that read records."""
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="records, folders or globs; - for stdin"
    )


def record_format(source: InputFile) -> Format:
    """The format ``source`` is read in, told by its name (standard input is an acey record)."""
    from ..formats import ACEY, record_format

    return ACEY if source.path == STDIN else record_format(source.path)


def is_match(source: InputFile) -> bool:
    """Whether ``source`` is read in a format other than an acey record (a bgammon.org replay)."""
    from ..formats import ACEY

    return record_format(source) is not ACEY


def record_games(handle: IO[bytes], source: InputFile) -> Iterator[Game]:
    """The games of one input, read in its :func:`record_format`."""
    read = record_format(source).read
    assert read is not None  # every record format can be read
    return read(handle, source.display_name)
