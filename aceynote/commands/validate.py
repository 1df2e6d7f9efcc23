"""``aceynote validate``: replay records through the rules and report every problem."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Iterator
from typing import IO, cast

from ..formats import ACEY, InvalidRecord
from ..notation import ReadError, parse_game
from ..notation.source import TappedStream
from ..rules import RuleSet
from ..terminal_text import shown
from ..validation import ALL_CODES, Code
from ..validation.diagnostics import no_game_in
from ..validation.explained import CODES, example_message, explained
from ..validation.pipeline import GameCheck, Totals, check_game, check_games, check_pieces
from .base import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Commands,
    UsageError,
    add_command,
    fail,
    output_closed,
    say,
    tune_garbage_collector,
    whole_number,
    write_out,
)
from .common import (
    InputFile,
    add_record_files,
    expand_inputs,
    jobs_to_use,
    unreadable,
)
from .input_formats import input_format, skipped_note
from .printing import Formatter, colour_wanted
from .progress import ProgressLine
from .tag_options import rules_option

DESCRIPTION = """\
Replay every game through the rules engine and report each problem with
file:line:col, a stable code (docs/diagnostics.md), the reason in plain words,
and for an illegal play the legal plays of that roll. After an error the
replay goes on where it can; later problems that may stem from it say so.
A game with no result token (cut short?) and a file with no game are
warnings. A file that cannot be read is reported and the others are still
checked. A summary line ends the output (on stderr with --format json); it
holds no run time, so the same input always prints the same (use 'time' to
measure).

examples:
  aceynote validate game.acey
  aceynote validate samples/ --format json        one JSON object per problem
  aceynote validate 'club/**/*.acey' --jobs 2     two processes, output in order
  aceynote generate --games 3 | aceynote validate -
  cat online.match | aceynote validate -          a bgammon.org replay, recognised
  aceynote validate --explain AD304               what a code means, with an example

exit status: 0 every record valid (warnings allowed unless --strict),
1 some record invalid (a game of JSON that is no record's too: an error at
its line), 2 usage error, unreadable file (not UTF-8, or a JSON document
that cannot be read on) or output that cannot be written.
"""

_PROGRESS_MIN_BYTES = 4 << 20


def register(commands: Commands) -> None:
    parser = add_command(commands, "validate", DESCRIPTION)
    add_record_files(parser, required=False)
    parser.add_argument(
        "--explain",
        metavar="CODE",
        help="say what a code (AD304) means, with a record that shows it, and read no file; "
        "all: every code (docs/diagnostics.md); with --format json, a JSON line a code",
    )
    parser.add_argument(
        "--rules", help='replay under these rules instead of each game\'s Rules tag, like "navy"'
    )
    parser.add_argument("--first", action="store_true", help="stop each game at its first error")
    parser.add_argument("--strict", action="store_true", help="count warnings as failures (exit 1)")
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="print nothing; only set the exit status"
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text (default) or json: JSON Lines, one object per problem",
    )
    parser.add_argument("--no-color", action="store_true", help="no colour even on a terminal")
    parser.add_argument(
        "-j",
        "--jobs",
        type=whole_number,
        default=1,
        metavar="N",
        help=(
            "processes to use for large inputs (default 1); at most one per processor "
            "and one per 256 kB piece of a file"
        ),
    )
    parser.set_defaults(run=run)


class _CountingReader(TappedStream):
    """A binary file read, counting the bytes read (for progress)."""

    count = 0

    def took_line(self, line: bytes) -> None:
        self.count += len(line)

    def took_block(self, data: bytes) -> None:
        self.count += len(data)


class _Run:
    def __init__(self, args: argparse.Namespace, rules: RuleSet | None, jobs: int) -> None:
        self.args = args
        self.rules = rules
        self.jobs = jobs
        self.totals = Totals()
        self.formatter = Formatter(colour_wanted(sys.stdout, args.no_color), args.format == "json")
        self.progress = ProgressLine(args.quiet)
        self.game_in_file = 0

    def emit(self, name: str, checks: Iterable[GameCheck]) -> None:
        for check in checks:
            self.totals.count(check)
            self.game_in_file += 1
            if self.args.quiet:
                continue
            for diagnostic in check.diagnostics:
                line = check.lines.get(diagnostic.span.line, "")
                write_out(self.formatter.format(name, self.game_in_file, diagnostic, line) + "\n")

    def file(self, source: InputFile) -> None:
        self.game_in_file = 0
        with source.reading() as handle:
            reader = _CountingReader(handle, source.display_name)
            size = _size_of(source)
            # A binary stream, though typeshed cannot tell: the readers decode it.
            stream, read_as = input_format(cast(IO[bytes], reader), source, self.args.source_format)
            if self.jobs > 1 and read_as is ACEY:
                self._parallel(source, stream, reader, size)
            else:
                name = source.display_name
                games = read_as.games(stream, name, skipped_note(name))
                checks = check_games(games, self.rules, self.args.first)
                self.emit(source.display_name, self._with_progress(checks, reader, size, source))
        self.progress.clear()
        if not self.game_in_file:
            self._no_game(source)

    def _no_game(self, source: InputFile) -> None:
        """A record with no game at all (an empty file): a warning, on standard error."""
        self.totals.warnings += 1
        if not self.args.quiet:
            say(f"aceynote: warning: {shown(no_game_in(source.display_name))}")

    def _parallel(
        self, source: InputFile, stream: IO[bytes], reader: _CountingReader, size: int | None
    ) -> None:
        """The record's pieces checked in worker processes; the output keeps the file's order.

        ``reader`` counts what ``stream`` read, for the progress shown.
        """
        name = source.display_name
        rules, first = self.rules, self.args.first
        for checks in check_pieces(stream, name, rules, first, self.jobs, tune_garbage_collector):
            self.emit(name, checks)
            self._progress(reader, size, source)

    def _with_progress(
        self,
        checks: Iterable[GameCheck],
        reader: _CountingReader,
        size: int | None,
        source: InputFile,
    ) -> Iterator[GameCheck]:
        for check in checks:
            yield check
            if self.totals.games % 200 == 0:
                self._progress(reader, size, source)

    def _progress(self, reader: _CountingReader, size: int | None, source: InputFile) -> None:
        if not size or size < _PROGRESS_MIN_BYTES:
            return
        share = min(100, 100 * reader.count // size)
        name = shown(source.display_name)
        self.progress.show(f"validating {name}: {share}% ({self.totals.games} games)")

    def check(self, source: InputFile) -> None:
        """Check one file; one that cannot be read is reported and counted."""
        try:
            self.file(source)
        except BrokenPipeError:
            raise
        except (ReadError, InvalidRecord, OSError, UnicodeDecodeError) as error:
            self.progress.clear()
            self.totals.unreadable += 1
            fail(unreadable(source, error))

    def status(self) -> int:
        totals = self.totals
        if totals.unreadable:
            return EXIT_USAGE
        if totals.errors or (self.args.strict and totals.warnings):
            return EXIT_PROBLEMS
        return EXIT_OK


def _size_of(source: InputFile) -> int | None:
    if source.path == "-":
        return None
    try:
        return os.path.getsize(source.path)
    except OSError:
        return None


def _explain(name: str, as_json: bool) -> int:
    """Each code asked for in Markdown, what validate prints of its example below it; or,
    ``as_json``, a JSON line a code."""
    found = CODES.get(name.upper())
    if name.lower() != "all" and found is None:
        raise UsageError(
            f"--explain: {name} is no code of aceynote's; the codes are in --explain all"
        )
    asked = ALL_CODES if found is None else (found,)
    if as_json:
        for code in asked:
            write_out(json.dumps(_code_json(code), ensure_ascii=False) + "\n")
        return EXIT_OK
    sections, group = [], ""
    for code in asked:
        if found is None and code.group != group:
            group = code.group
            sections.append(f"## {group}\n")
        sections.append(f"{explained(code)}\n```\n{_example_output(code)}\n```\n")
    write_out("\n".join(sections))
    return EXIT_OK


def _code_json(code: Code) -> dict[str, str]:
    return {
        "code": code.code,
        "severity": code.severity.value,
        "group": code.group,
        "title": code.title,
        "explanation": code.explanation,
        "example": code.example,
        "message": example_message(code),
    }


def _example_output(code: Code) -> str:
    """What ``aceynote validate example.acey`` prints of the code's example, its summary aside."""
    check = check_game(parse_game(code.example), None, False)
    return "\n".join(
        Formatter().format("example.acey", 1, found, check.lines.get(found.span.line, ""))
        for found in check.diagnostics
    )


def run(args: argparse.Namespace) -> int:
    if args.explain is not None:
        if args.files:
            raise UsageError("--explain reads no FILE: give one or the other")
        return _explain(args.explain, args.format == "json")
    if not args.files:
        raise UsageError("the following arguments are required: FILE")
    jobs = jobs_to_use(args.jobs, args.quiet)
    rules = rules_option(args.rules) if args.rules is not None else None
    sources = expand_inputs(args.files)
    checker = _Run(args, rules, jobs)
    try:
        for source in sources:
            checker.check(source)
        if args.quiet:
            pass
        elif args.format == "json":
            say(checker.totals.summary())
        else:
            write_out(checker.totals.summary() + "\n")
    except BrokenPipeError:  # the reader stopped early (| head): the status so far
        output_closed()
    return checker.status()
