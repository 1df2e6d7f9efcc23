"""``aceynote convert`` and ``aceynote schema``: records to JSON and back."""

from __future__ import annotations

import argparse
import codecs
import io
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import IO, cast

from ..fileio import cannot_write, copy_from_start, read_only, write_atomically
from ..jsonconv import (
    JsonRecordError,
    document_header,
    game_to_json,
    read_document,
    read_json_lines,
    schema,
)
from ..notation import Game, ReadError, write_game
from ..notation.source import not_utf8
from ..validation import Diagnostic, validate
from ..validation.diagnostics import SYNTAX
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
    write_out,
)
from .common import InputFile, add_record_files, expand_inputs, record_games, unreadable
from .output import Formatter, colour_wanted

DESCRIPTION = """\
Convert game records: .acey to JSON (one document holding every game) or
JSON Lines (one game a line, streamed for corpora of any size), and JSON or
JSON Lines back to .acey in canonical form; bgammon.org replay files (.match)
in and out (docs/bgammon.md). The input format comes from the file's
extension (.acey, .json, .jsonl, .match) or --from. JSON input is checked
against the schema ('aceynote schema') and problems name their JSON path.

examples:
  aceynote convert match.acey --to json -o match.json
  aceynote convert corpus.acey --to jsonl --positions > corpus.jsonl
  aceynote convert match.json --to acey
  aceynote convert mygames.match --to acey -o mygames.acey
  aceynote convert mygames.acey --to bgammon -o mygames.match
  cat game.acey | aceynote convert - --to json --diagnostics

exit status: 0 converted, 1 an input has errors, 2 usage error, an
unreadable file, or an output that cannot be written (a read-only OUT is
not overwritten). Every input is read and its problems reported; if any has
one, nothing is written.
"""

FORMATS = ("acey", "json", "jsonl", "bgammon")
_EXTENSIONS = {
    ".acey": "acey",
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".match": "bgammon",
}
_SPOOL_BYTES = 8 * 1024 * 1024


def register(commands: Commands) -> None:
    parser = add_command(commands, "convert", DESCRIPTION)
    add_record_files(parser)
    parser.add_argument("--to", choices=FORMATS, required=True, help="output format")
    parser.add_argument(
        "--from",
        dest="source_format",
        choices=FORMATS,
        help="input format (default: from the extension; acey for stdin)",
    )
    parser.add_argument(
        "-o", "--output", default="-", metavar="OUT", help="file to write (default - for stdout)"
    )
    parser.add_argument(
        "--positions",
        action="store_true",
        help="add the position after every segment and the dice each step used",
    )
    parser.add_argument(
        "--diagnostics", action="store_true", help="add the validator's findings to each game"
    )
    parser.set_defaults(run=run)
    schema_parser = add_command(
        commands, "schema", COMMANDS["schema"].summary + " (draft 2020-12)."
    )
    schema_parser.set_defaults(run=run_schema)


def run_schema(args: argparse.Namespace) -> int:
    write_out(json.dumps(schema(), indent=2) + "\n")
    return EXIT_OK


def _input_format(source: InputFile, chosen: str | None) -> str:
    if chosen is not None:
        return chosen
    if source.path == "-" or source.problem is not None:
        return "acey"
    extension = os.path.splitext(source.path)[1].lower()
    if extension not in _EXTENSIONS:
        raise UsageError(
            f"{source.path}: cannot tell the format from the extension; use --from acey|json|jsonl|bgammon"
        )
    return _EXTENSIONS[extension]


class _Converter:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.formatter = Formatter(colour_wanted(sys.stderr, disabled=False))
        self.failed = False
        self.unreadable_files = 0
        self.count = 0

    def readable_games(self, source: InputFile) -> Iterator[Game]:
        """The games of one input; one that cannot be read is reported and counted.

        Only reading is guarded here: an error writing the games is raised
        where they are written, outside this generator.
        """
        try:
            yield from self.games(source)
        except JsonRecordError as error:
            self.failed = True
            fail(f"{source.display_name}: {error}")
        except RecursionError:
            self.failed = True
            fail(f"{source.display_name}: nests too deeply to be read as a record")
        except (ReadError, OSError, UnicodeDecodeError) as error:
            self.unreadable_files += 1
            fail(unreadable(source, error))

    def games(self, source: InputFile) -> Iterator[Game]:
        kind = _input_format(source, self.args.source_format)
        name = source.display_name
        with source.reading() as handle:
            if kind in ("acey", "bgammon"):
                yield from self._acey_games(source, handle, kind)
            elif kind == "json":
                yield from read_document(cast(IO[str], _Utf8Text(handle, name)))
            else:
                yield from read_json_lines(cast(IO[str], _Utf8Text(handle, name)))

    def _acey_games(self, source: InputFile, handle: IO[bytes], kind: str) -> Iterator[Game]:
        for index, game in enumerate(record_games(handle, source, kind), start=1):
            if game.problems:
                self.failed = True
                for problem in game.problems:
                    diagnostic = Diagnostic(SYNTAX, problem.message, problem.span)
                    print(
                        self.formatter.format(
                            source.display_name, index, diagnostic, problem.source_line
                        ),
                        file=sys.stderr,
                    )
                continue
            yield game

    def json_of(self, game: Game) -> str:
        args = self.args
        report = validate(game) if args.positions or args.diagnostics else None
        data = game_to_json(game, report, positions=args.positions, diagnostics=args.diagnostics)
        return json.dumps(data, ensure_ascii=False)

    def write(self, sources: list[InputFile], out: IO[str]) -> None:
        target = self.args.to
        if target == "bgammon":
            self._write_match(sources, out)
            return
        if target == "json":
            header = json.dumps(document_header())[:-1]
            out.write(header + ', "games": [')
        for source in sources:
            for game in self.readable_games(source):
                self._write_game(game, out, target)
        if target == "json":
            out.write("\n]}\n")

    def _write_match(self, sources: list[InputFile], out: IO[str]) -> None:
        """A bgammon.org replay of every game; what it cannot hold is refused or named."""
        from ..bgammon import game_lines, left_out, match_text, refusal

        games: list[list[str]] = []
        for source in sources:
            for number, game in enumerate(self.readable_games(source), start=1):
                report = validate(game)
                reason = refusal(game, report)
                where = f"{source.display_name}: game {number}"
                if reason is not None:
                    self.failed = True
                    fail(f"{where} cannot be a bgammon.org replay: {reason}")
                    continue
                dropped = left_out(game)
                if dropped:
                    print(
                        f"aceynote: warning: {where}: left out {', '.join(dropped)}",
                        file=sys.stderr,
                    )
                games.append(game_lines(game, report))
        out.write(match_text(games))

    def _write_game(self, game: Game, out: IO[str], target: str) -> None:
        if target == "acey":
            out.write(("\n" if self.count else "") + write_game(game))
        elif target == "jsonl":
            out.write(self.json_of(game) + "\n")
        else:
            out.write(("," if self.count else "") + "\n" + self.json_of(game))
        self.count += 1


class _Utf8Text(io.TextIOBase):
    """A binary stream read as UTF-8 text by the JSON reader.

    A byte that is not UTF-8 is a ReadError at its line and column; a leading
    BOM is left out. Reads are bounded as asked (at most four bytes a character).
    """

    def __init__(self, raw: IO[bytes], name: str) -> None:
        super().__init__()
        self.raw_stream = raw
        self.name = name
        self.lines = 0
        self.started = False

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1, /) -> str:
        if size is None or size < 0:
            text = self._text(self.raw_stream.read(), 1, final=True)
        else:
            data = self.raw_stream.read(4 * size + 4)
            text = self._text(data, 1, final=len(data) < 4 * size + 4)
        self.lines += text.count("\n")
        return text

    def readline(self, size: int = -1, /) -> str:  # type: ignore[override]
        data = self.raw_stream.readline(-1 if size < 0 else 4 * size + 4)
        self.lines += 1
        return self._text(data, self.lines, final=size < 0 or data.endswith(b"\n"))

    def _text(self, data: bytes, first_line: int, final: bool) -> str:
        """``data`` decoded; an incomplete character cut off at its end is dropped unless ``final``."""
        try:
            text, _ = codecs.utf_8_decode(data, "strict", final)
        except UnicodeDecodeError as error:
            raise ReadError(not_utf8(self.name, data, error, first_line)) from error
        if not self.started:
            self.started, text = True, text.removeprefix("\ufeff")
        return text


def _deliver(spool: IO[str], output: str) -> None:
    if output == "-":
        copy_out(spool)
        return
    if read_only(output):
        raise UsageError(f"{output} is read-only; not overwritten")
    try:
        write_atomically(output, copy_from_start(spool))
    except OSError as error:
        raise UsageError(cannot_write(output, error)) from error


def run(args: argparse.Namespace) -> int:
    sources = expand_inputs(args.files)
    for source in sources:
        _input_format(source, args.source_format)  # a usage error before any reading
    converter = _Converter(args)
    with tempfile.SpooledTemporaryFile(
        _SPOOL_BYTES, mode="w+", encoding="utf-8", newline=""
    ) as spool:
        try:
            converter.write(sources, spool)
        except OSError as error:  # the temporary file: the inputs are guarded in the converter
            raise UsageError(f"cannot hold the output: {error.strerror or error}") from error
        if converter.failed or converter.unreadable_files:
            print("aceynote: nothing written: fix the errors above first", file=sys.stderr)
            return EXIT_USAGE if converter.unreadable_files else EXIT_PROBLEMS
        _deliver(spool, args.output)
    return EXIT_OK
