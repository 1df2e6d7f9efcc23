"""What a file format is to the rest of aceynote: a name, its extensions, a reader, a writer.

A reader streams the games of a binary stream; a writer writes games, given
one at a time with where they come from. A format may lack either (read
only, or write only). The formats themselves are listed in
:mod:`aceynote.formats`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from importlib import import_module
from re import Pattern
from typing import IO, Any, NamedTuple

from ..extras import install_command
from ..notation import Game


class Skipped(NamedTuple):
    """What a reader leaves out of an input, being no game it reads (a backgammon game in a
    bgammon.org replay): the line where it starts and why, for a message."""

    line: int
    reason: str


Reader = Callable[[IO[bytes], str], Iterator["Game | Skipped"]]
"""The games of a binary stream, and what it leaves out; the string names the input in
messages."""


class Entry(NamedTuple):
    """A game to write, with the input it was read from and its number among that input's games."""

    source: str
    number: int
    game: Game


def _ignore(message: object) -> None:
    """Say nothing (the default for what a reader or a writer leaves out)."""


@dataclass(slots=True)
class Output:
    """Where a writer writes, what it is asked to add, and whom it tells what it left out.

    ``refuse`` hears of a game the format cannot hold (the output is then not
    kept); ``warn`` of what a game loses in the format.
    """

    stream: IO[str]
    positions: bool = False
    diagnostics: bool = False
    refuse: Callable[[str], None] = _ignore
    warn: Callable[[str], None] = _ignore
    folder: str = ""  # where a format that writes a folder (Format.folder) puts its files


Writer = Callable[[Iterable[Entry], Output], None]


class MissingExtra(ImportError):
    """A format whose library is not installed; ``extra`` is the pip extra that brings it."""

    def __init__(self, library: str, extra: str) -> None:
        super().__init__(f"{library} is not installed; install it with: {install_command(extra)}")


class InvalidRecord(ValueError):
    """An input read in its format that cannot be read on as one: a JSON document whose text
    is not JSON from some place on, or that is not aceynote's (its format or version).

    The commands count it as a file that cannot be read (:class:`aceynote.ReadError`,
    exit status 2), after the games before it. A game that cannot be read is no such
    error: the reader gives it as a game with a syntax error at its place, and reads on.
    """


@dataclass(frozen=True, slots=True)
class Format:
    """A file format: ``name`` (``--from``/``--to``), its file name ``extensions`` (lower
    case, the first one the usual), its reader and writer, and ``kind``: what a file of it
    is, in words, for messages ("bgammon.org replay"). ``starts``: what the first line of a
    file of it matches, past a byte order mark and blank lines, so that standard input in it
    is recognised (None: it cannot be told from an acey record by its start). ``folder``: its writer writes a folder of files
    (``Output.folder``) rather than one stream. ``details``: its writer adds the positions
    and the validator's findings when asked (``--positions``, ``--diagnostics``)."""

    name: str
    extensions: tuple[str, ...]
    read: Reader | None
    write: Writer | None
    kind: str
    starts: Pattern[bytes] | None = None
    folder: bool = False
    details: bool = False

    def games(
        self, handle: IO[bytes], name: str, skipped: Callable[[Skipped], None] = _ignore
    ) -> Iterator[Game]:
        """The games of ``handle`` read in this format (one that can be read: a record format);
        what the reader leaves out goes to ``skipped``, in its turn (a command says so)."""
        if self.read is None:
            raise TypeError(f"{self.kind}s cannot be read")
        return _games_of(self.read(handle, name), skipped)


def _games_of(
    found: Iterator[Game | Skipped], skipped: Callable[[Skipped], None]
) -> Iterator[Game]:
    for each in found:
        if isinstance(each, Skipped):
            skipped(each)
        else:
            yield each


def _imported(module: str, name: str) -> Any:
    return getattr(import_module(module, __package__), name)


def lazy_reader(module: str, name: str = "read") -> Reader:
    """``module``'s reader (``module`` relative to aceynote.formats), imported on first use.

    So the registry lists every format without importing any, and a command
    that reads one format pays for no other at start-up.
    """
    return lambda handle, source: _imported(module, name)(handle, source)


def lazy_writer(module: str, name: str = "write") -> Writer:
    """``module``'s writer, imported on first use (see :func:`lazy_reader`)."""
    return lambda entries, output: _imported(module, name)(entries, output)
