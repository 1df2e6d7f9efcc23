"""``aceynote convert`` and ``aceynote schema``: records from one file format to another."""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
from collections.abc import Iterator
from typing import IO

from .. import formats
from ..files.writing import (
    SPOOL_BYTES,
    copy_from_start,
    folder_problem,
    write_atomically,
    write_folder_atomically,
)
from ..formats import Entry, InvalidRecord, MissingExtra, Output
from ..formats.jsonconv import schema
from ..notation import Game, ReadError
from ..terminal_text import shown
from ..validation.diagnostics import no_game_in
from . import COMMANDS
from .base import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Commands,
    UsageError,
    add_command,
    copy_out,
    fail,
    nothing_written,
    say,
    write_out,
)
from .common import (
    InputFile,
    add_record_files,
    expand_inputs,
    unreadable,
)
from .destination import check_output, check_output_name, to_file
from .input_formats import record_games
from .printing import Formatter, colour_wanted

DESCRIPTION = """\
Convert game records: .acey to JSON (one document holding every game) or
JSON Lines (one game a line, streamed for corpora of any size), and JSON or
JSON Lines back to .acey in canonical form; bgammon.org replay files (.match)
in and out (docs/bgammon.md). The input format comes from the file's
extension (.acey, .json, .jsonl, .match; any other is read as .acey, as
every command reads it) or --from; on standard input JSON
(an object whose first key is "format", "version" or "games"), JSON Lines
(any other object: "{" and a quoted name, then a colon) and a bgammon.org
replay are recognised by their first line, anything else is read as .acey
(a record may start with a {comment}). JSON input is checked against the schema ('aceynote schema') and
problems name their JSON path. An input with no game is a warning.

--to parquet writes a folder, -o DIR (new, or an empty folder), of two
tables for data tools such as DuckDB, polars and pandas (docs/data.md):
games.parquet, one row a game (tags as typed columns, result, length,
errors, the movetext) and segments.parquet, one row a segment of its main
line (dice, play, hits, positions as Setup strings, pips, the validator's
codes). A game with errors gets its rows too, with the errors counted. It
needs pyarrow: pip install 'aceynote[data]'.

examples:
  aceynote convert match.acey -o match.json     # --to json, by the name
  aceynote convert corpus.acey --to jsonl --positions > corpus.jsonl
  aceynote convert match.json --to acey
  aceynote convert mygames.match --to acey -o mygames.acey
  aceynote convert mygames.acey --to bgammon -o mygames.match
  cat game.acey | aceynote convert - --to json --diagnostics
  aceynote convert games/ --to parquet -o tables

exit status: 0 converted, 1 a game of an input cannot be read as a record
(a syntax error, a JSON game the schema refuses;
a game that breaks the rules is converted as written: aceynote validate
judges it) or cannot be held by the output format (a .match holds only games under the bgammon
rules), 2 usage error, an unreadable file (not UTF-8, or a JSON document
that cannot be read on), or an output that cannot be written (a read-only OUT is not
overwritten; a DIR that is not empty is refused). Every input is read and its problems reported; if any
has one, nothing is written (for parquet: if an input cannot be read; games
with errors are rows).
"""

_SHOWN_WARNINGS = 10  # the rest are counted: a warning a game is too many for a corpus


def register(commands: Commands) -> None:
    parser = add_command(commands, "convert", DESCRIPTION)
    add_record_files(parser)
    parser.add_argument(
        "--to",
        choices=[found.name for found in formats.writable()],
        help="output format (default: the one OUT's extension names: -o games.json writes json)",
    )
    parser.add_argument(
        "-o",
        "--output",
        default="-",
        metavar="OUT",
        help=(
            "file to write (default - for stdout), named for its format (an extension of"
            " another format is refused); for --to parquet the folder to make"
        ),
    )
    parser.add_argument(
        "--positions",
        action="store_true",
        help="JSON forms: add the position after every segment and the dice each step used",
    )
    parser.add_argument(
        "--diagnostics",
        action="store_true",
        help="JSON forms: add the validator's findings to each game",
    )
    parser.set_defaults(run=run)
    schema_parser = add_command(
        commands, "schema", COMMANDS["schema"].summary + " (draft 2020-12)."
    )
    schema_parser.set_defaults(run=run_schema)


def run_schema(args: argparse.Namespace) -> int:
    write_out(json.dumps(schema(), indent=2) + "\n")
    return EXIT_OK


def _output_format(args: argparse.Namespace) -> str:
    """--to, or the format OUT's extension names (-o games.json: json)."""
    if args.to is not None:
        return str(args.to)
    named = formats.of_path(args.output, formats.writable()) if args.output != "-" else None
    if named is not None:
        return named.name
    why = (
        "standard output has no extension to tell it"
        if args.output == "-"
        else f"the extension of -o {args.output} names none of them"
    )
    files = ", ".join(found.name for found in formats.writable() if not found.folder)
    folders = "".join(
        f"; {found.name} writes a folder: --to {found.name} -o FOLDER"
        for found in formats.writable()
        if found.folder
    )
    raise UsageError(f"give the output format with --to ({files}{folders}): {why}")


def _check_details(args: argparse.Namespace) -> None:
    """Refuse ``--positions`` or ``--diagnostics`` where the format written has no room."""
    written = formats.named(args.to)
    if written.details or not (args.positions or args.diagnostics):
        return
    takes = " and ".join(each.name for each in formats.writable() if each.details)
    why = (
        "the tables always hold the positions and the validator's codes"
        if written.folder
        else f"the {written.name} format has no room for them"
    )
    raise UsageError(f"--positions and --diagnostics are for --to {takes}: {why}")


class _Converter:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.formatter = Formatter(colour_wanted(sys.stderr, disabled=False))
        self.failed = False
        self.unreadable_files = 0
        self.warnings = 0
        # A format of tables takes the games with syntax errors too: their rows count them.
        self.takes_broken = formats.named(args.to).folder

    def readable_games(self, source: InputFile) -> Iterator[tuple[int, Game]]:
        """The games of one input with their numbers there; one that cannot be read is
        reported and counted.

        Only reading is guarded here: an error writing the games is raised
        where they are written, outside this generator.
        """
        try:
            yield from self.games(source)
        except RecursionError:
            self.failed = True
            fail(f"{source.display_name}: nests too deeply to be read as a record")
        except (ReadError, InvalidRecord, OSError, UnicodeDecodeError) as error:
            self.unreadable_files += 1
            fail(unreadable(source, error))

    def games(self, source: InputFile) -> Iterator[tuple[int, Game]]:
        """The games of one input without syntax errors, each with its number in the input
        (so that a later message names it as the file counts it); those with some are
        reported.

        An input with no game at all is a warning, as ``validate`` gives it.
        """
        read = 0
        with source.reading() as handle:
            games = record_games(handle, source, self.args.source_format)
            for read, game in enumerate(games, start=1):
                if game.problems and not self.takes_broken:
                    self._report(source, read, game)
                    continue
                yield read, game
        if not read:
            self._warn(no_game_in(source.display_name))

    def _report(self, source: InputFile, index: int, game: Game) -> None:
        self.failed = True
        say(self.formatter.problems(source.display_name, index, game))

    def entries(self, sources: list[InputFile]) -> Iterator[Entry]:
        for source in sources:
            for number, game in self.readable_games(source):
                yield Entry(source.display_name, number, game)

    def write(self, sources: list[InputFile], out: IO[str], folder: str = "") -> None:
        write = formats.named(self.args.to).write
        assert write is not None  # --to names formats that can be written
        args = self.args
        output = Output(out, args.positions, args.diagnostics, self._refuse, self._warn, folder)
        write(self.entries(sources), output)
        if self.warnings > _SHOWN_WARNINGS:
            _warn(f"and {self.warnings - _SHOWN_WARNINGS:,} more like these")

    def _refuse(self, message: str) -> None:
        self.failed = True
        fail(message)

    def _warn(self, message: str) -> None:
        self.warnings += 1
        if self.warnings <= _SHOWN_WARNINGS:
            _warn(message)


def _warn(message: str) -> None:
    say(f"aceynote: warning: {shown(message)}")


def _deliver(spool: IO[str], output: str) -> None:
    if output == "-":
        copy_out(spool)
        return
    to_file(output, lambda: write_atomically(output, copy_from_start(spool)))


def run(args: argparse.Namespace) -> int:
    sources = expand_inputs(args.files)
    args.to = _output_format(args)
    _check_details(args)
    converter = _Converter(args)
    if formats.named(args.to).folder:
        return _write_folder(converter, sources, args.output)
    check_output(args.output, sources)
    check_output_name(args.output, args.to, f"--to {args.to} was asked")
    with tempfile.SpooledTemporaryFile(
        SPOOL_BYTES, mode="w+", encoding="utf-8", newline=""
    ) as spool:
        try:
            converter.write(sources, spool)
        except OSError as error:  # the temporary file: the inputs are guarded in the converter
            raise UsageError(f"cannot hold the output: {error.strerror or error}") from error
        if converter.failed or converter.unreadable_files:
            nothing_written()
            return EXIT_USAGE if converter.unreadable_files else EXIT_PROBLEMS
        _deliver(spool, args.output)
    return EXIT_OK


def _write_folder(converter: _Converter, sources: list[InputFile], folder: str) -> int:
    """Write a format of a folder (parquet) to ``folder``, made only when every input was read."""
    if folder == "-":
        raise UsageError(f"--to {converter.args.to} writes a folder: name it with -o DIR")
    problem = folder_problem(folder)
    if problem is not None:
        raise UsageError(problem)

    def write(temporary: str) -> bool:
        converter.write(sources, io.StringIO(), temporary)  # a folder format writes no stream
        return not (converter.failed or converter.unreadable_files)

    try:
        written = write_folder_atomically(folder, write)
    except MissingExtra as error:
        raise UsageError(str(error)) from error
    except OSError as error:
        raise UsageError(f"{folder}: cannot write: {error.strerror or error}") from error
    if not written:
        nothing_written()
        return EXIT_USAGE if converter.unreadable_files else EXIT_PROBLEMS
    return EXIT_OK
