"""What the subcommands share: options, reading inputs, a game or a turn chosen (exit codes: :mod:`.base`; output: :mod:`.destination`; diagnostics: :mod:`.printing`)."""

from __future__ import annotations

import argparse
import contextlib
import errno
import glob
import os
import re
import sys
from collections.abc import Callable, Generator, Hashable, Iterator
from itertools import islice
from typing import IO, TYPE_CHECKING, NamedTuple, TypeAlias

from ..notation import Game, ReadError
from ..notation.source import NamedBytes, not_utf8
from ..terminal_text import clipped, counted, number_shown, pronoun, shown
from .base import EXIT_OK, EXIT_PROBLEMS, UsageError, say

if TYPE_CHECKING:
    from ..rules import Side

STDIN = "-"


def refuse_standard_input(path: str, command: str) -> None:
    """Refuse ``-`` to a command at the board: its standard input brings it the keys, so a
    record cannot come from there (piped or not)."""
    if path == STDIN:
        raise UsageError(f"{command} needs a file, not -: it takes the keys on standard input")


class InputFile(NamedTuple):
    """A record to read: a path, or standard input when ``path`` is ``-``.

    ``problem`` says why an input named on the command line cannot be read at
    all (a folder without records, a glob matching only folders); reading it
    then raises :class:`ReadError` with that message, in its turn.
    """

    path: str
    problem: str | None = None

    @classmethod
    def of(cls, named: str | InputFile) -> InputFile:
        """An input given by its path, or one of :func:`expand_inputs` (with its problem)."""
        return named if isinstance(named, InputFile) else cls(named)

    @property
    def display_name(self) -> str:
        return "<stdin>" if self.path == STDIN else self.path

    def is_file(self, path: str) -> bool:
        """Whether ``path`` names this input's file, by any name (a link, another spelling)."""
        if self.path == STDIN:
            return False
        mine = _identity(self.path)
        return mine is not None and mine == _identity(path)

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
    is reported when its turn comes, and the others are still read. A file
    named twice (``club/ club/a.acey``), by any name, is read once: its games
    would be counted twice.
    """
    found: list[InputFile] = []
    named_first: dict[Hashable, str] = {}  # what tells each input apart: the name it came by
    for argument in arguments:
        again: list[tuple[str, str]] = []  # the inputs of this argument named before, and how
        for named in _inputs_of(argument):
            key = _input_key(named)
            if key in named_first:
                again.append((named.path, named_first[key]))
                continue
            named_first[key] = named.path
            found.append(named)
        _say_named_again(argument, again)
    return found


def _say_named_again(argument: str, again: list[tuple[str, str]]) -> None:
    """One line for an argument some of whose inputs were named before (a folder's, many)."""
    if len(again) > 1:
        say(f"aceynote: {shown(argument)}: {counted(len(again), 'file')} named before: read once")
    elif again:
        path, first = again[0]
        twice = "named twice" if first == path else f"{shown(first)} again"
        say(f"aceynote: {shown(path)} is {twice}: read once")


def _input_key(named: InputFile) -> Hashable:
    """What tells an input apart, whatever it is called: a file's device and inode, else
    (standard input, a name of no file) its absolute name."""
    if named.path == STDIN:
        return STDIN
    return _identity(named.path) or os.path.abspath(named.path)


def _identity(path: str) -> tuple[int, int] | None:
    """The device and inode of the file ``path`` names (None: no file there)."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    return status.st_dev, status.st_ino


def _inputs_of(argument: str) -> list[InputFile]:
    if argument == STDIN:
        return [InputFile(STDIN)]
    if os.path.isdir(argument):
        records = list(_records_under(argument))
        return records or [InputFile(argument, f"{argument}: holds no record files ({_named()})")]
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


def _named() -> str:
    """The files a folder's records are, in words: "files named .acey, ... or .match"."""
    from ..formats import record_extensions

    *most, last = record_extensions()
    return f"files named {', '.join(most)} or {last}"


def _records_under(folder: str) -> Iterator[InputFile]:
    """The records of a folder and its subfolders, in order; a folder that cannot be read is one.

    A record is a file whose extension names a record format, in any case: the format
    :func:`aceynote.formats.of_path` tells, as of a file named alone."""
    from ..formats import RECORD_FORMATS, of_path

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
            if of_path(entry.name, RECORD_FORMATS) is not None and not _is_folder(entry):
                yield InputFile(entry.path)
        waiting += reversed([path for path in folders if not os.path.islink(path)])


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def unreadable(source: InputFile, error: Exception) -> str:
    """Why a record cannot be read, in words: the file counts as unreadable."""
    from ..formats import InvalidRecord

    if isinstance(error, InvalidRecord):  # its message does not name the input
        return f"{source.display_name}: {error}"
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


def jobs_to_use(asked: int, quiet: bool) -> int:
    """The processes ``--jobs`` may use: as many as asked, but not more than there are
    processors (said on standard error unless ``quiet``); under 1 is a usage error."""
    if asked < 1:
        raise UsageError("--jobs takes a number of processes, 1 or more")
    processors = usable_processors()
    if asked <= processors:
        return asked
    if not quiet:
        say(f"aceynote: --jobs {asked}: using {processors}, one per processor here")
    return processors


def add_record_files(parser: argparse.ArgumentParser, required: bool = True) -> None:
    """The FILE... argument of the commands that read records, and --from.

    Not ``required``, the command says itself when it wants one (validate --explain wants none).
    """
    parser.add_argument(
        "files",
        nargs="+" if required else "*",
        metavar="FILE",
        help="records, folders or globs; - for stdin",
    )
    add_source_format(parser)


def add_record_file(parser: argparse.ArgumentParser, optional: bool = False) -> None:
    """The FILE argument of the commands that read one record, and --from."""
    parser.add_argument(
        "file",
        nargs="?" if optional else None,
        metavar="FILE",
        help="the record (.acey, .match, .json, .jsonl); - for stdin",
    )
    add_source_format(parser)


def add_game_option(parser: argparse.ArgumentParser | argparse._ArgumentGroup, help: str) -> None:
    """``--game N``: one game of a record, counted from 1 (checked by :func:`game_number`)."""
    parser.add_argument("--game", metavar="N", help=help)


def add_explain_option(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--explain marked|all``: which decisions of an analysis get a reason (analyze, html)."""
    parser.add_argument(
        "--explain",
        choices=("marked", "all"),
        default="marked",
        help="which decisions say why, in the words of the board (default: the marked ones)",
    )


class GameNumber(NamedTuple):
    """The game ``--game`` asks for: its digits as written, without leading zeros.

    They are compared with a record's count before ``int()``: a number of
    thousands of digits is no game, and no error of Python's.
    """

    digits: str

    @property
    def needed(self) -> int:
        """How many games to read to reach it (no record holds more than ``sys.maxsize``)."""
        return int(self.digits) if len(self.digits) < len(str(sys.maxsize)) else sys.maxsize

    def of(self, count: int, path: str) -> int:
        """The game's number in a record of ``count`` games; a usage error when it has fewer."""
        if self.needed > count:
            shown = number_shown(self.digits)
            raise UsageError(f"there is no game {shown}: {path} holds {counted(count, 'game')}")
        return self.needed


_GAME_NUMBER = re.compile(r"\s*(-?)([0-9]+)\s*")


def game_number(text: str | None) -> GameNumber | None:
    """``--game`` checked, as every command that takes it checks it (None when not given)."""
    if text is None:
        return None
    match = _GAME_NUMBER.fullmatch(text)
    if match is None:
        raise UsageError(
            f"--game: '{clipped(text, 24)}' is not a game number; write 1 for the first"
        )
    sign, digits = match.groups()
    if sign or not digits.strip("0"):
        raise UsageError("--game counts from 1")
    return GameNumber(digits.lstrip("0"))


def turn_option(text: str) -> tuple[int | None, Side | None]:
    """``--turn`` checked, as every command that takes it checks it: what
    :func:`~aceynote.notation.shorthand.parse_turn` reads (number None: no such turn)."""
    from ..notation.shorthand import parse_turn

    found = parse_turn(text)
    if found is None:
        raise UsageError(
            f"--turn: '{clipped(text, 24)}' is not a turn number; write 12, 12. or 12..."
        )
    return found


def add_source_format(parser: argparse.ArgumentParser) -> None:
    """``--from``: the format every input is read in, whatever its name."""
    from ..formats import RECORD_FORMATS

    parser.add_argument(
        "--from",
        dest="source_format",
        choices=[found.name for found in RECORD_FORMATS],
        help=(
            "read the input in this format (default: by the file's extension, acey for any"
            " other; on stdin JSON, JSON Lines and a bgammon.org replay are recognised by"
            " their first line, anything else is read as acey)"
        ),
    )


# -- reading a record, writing the output (diagram, html, analyze, stats) ------------------


def add_drawing_options(parser: argparse.ArgumentParser) -> None:
    """--flip and --theme, for the commands that draw boards (diagram, html)."""
    from ..render import svg  # only for the commands that draw

    parser.add_argument("--flip", action="store_true", help="see the board from Black's side")
    parser.add_argument(
        "--theme", choices=sorted(svg.THEMES), default="light", help="colours (default light)"
    )


def add_output(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "-o", "--output", default="-", metavar="OUT", help=f"{what} (default - for stdout)"
    )


GamesOf: TypeAlias = Callable[[IO[bytes], InputFile, str | None], Iterator[Game]]
"""What reads the games of an input opened (its stream, the input, --from):
:func:`~.input_formats.record_games`, or one that also keeps what it reads (analyze -o)."""


def record_stream(
    named: str | InputFile, chosen: str | None, read: GamesOf | None = None
) -> Generator[Game, None, None]:
    """The games of a record one at a time, as they are read (``chosen``: --from) by ``read``
    (default :func:`~.input_formats.record_games`).

    A record unreadable at any game is a usage error when that game's turn comes
    (an input of :func:`expand_inputs` says its own problem: a folder without records).
    """
    from ..formats import InvalidRecord
    from .input_formats import record_games

    source = InputFile.of(named)
    try:
        with source.reading() as handle:
            yield from (read or record_games)(handle, source, chosen)
    except (ReadError, InvalidRecord, OSError, UnicodeDecodeError) as error:
        raise UsageError(unreadable(source, error)) from error


def chosen_game(
    path: str | InputFile,
    chosen: str | None,
    game: str | None,
    read: GamesOf | None = None,
    shows: str | None = None,
) -> Game:
    """Game ``game`` (--game, from 1; default the first) of a record read in ``chosen`` (--from)
    by ``read`` (:func:`record_stream`). Without --game, ``shows`` is said on stderr where the
    record holds more games than the first: what the command shows of it ("the page shows
    game 1 (--game N for another)"); one more game is read to tell."""
    from ..validation.diagnostics import no_game_in

    name = InputFile.of(path).display_name
    number = game_number(game) or GameNumber("1")
    with contextlib.closing(record_stream(path, chosen, read)) as stream:
        games = list(islice(stream, number.needed))
        if not games:
            raise UsageError(no_game_in(name))
        number.of(len(games), name)
        if game is None and shows is not None and _another_game(stream):
            say(f"aceynote: {shown(name)} holds more than one game; {shows}")
    return games[-1]


def _another_game(games: Iterator[Game]) -> bool:
    """Whether a record holds another game after those read (a rest it cannot read holds
    none: the game asked for is read, and validate says what is wrong with the rest)."""
    try:
        return next(games, None) is not None
    except UsageError:
        return False


def note_errors(errors: int, what: str, records: int = 1) -> int:
    """The exit status for ``records`` with ``errors``, saying so on stderr when there are any.

    ``what`` says what the output does with them; a ``{them}`` in it is the errors' pronoun
    (``it`` for one error)."""
    if not errors:
        return EXIT_OK
    whose = "the records have" if records > 1 else "the record has"
    them = pronoun(errors)
    say(
        f"aceynote: {whose} {counted(errors, 'error')} ({what.replace('{them}', them)});"
        f" 'aceynote validate' lists {them}"
    )
    return EXIT_PROBLEMS
