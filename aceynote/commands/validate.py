"""``aceynote validate``: replay records through the rules and report every problem."""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import IO

from ..notation import Game, ReadError, read_games
from ..rules import RulesError, RuleSet
from ..validate import Diagnostic, validate
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Commands,
    InputFile,
    UsageError,
    add_command,
    add_record_files,
    expand_inputs,
    output_closed,
    tune_garbage_collector,
    unreadable,
)
from .output import Formatter, colour_wanted

HELP = "check records against the rules; report every illegal move"
DESCRIPTION = """\
Replay every game through the rules engine and report each problem with
file:line:col, a stable code (docs/diagnostics.md), the reason in plain words,
and for an illegal play the legal plays of that roll. After an error the
replay goes on where it can; later problems that may stem from it say so.
A file that cannot be read is reported and the others are still checked. A
summary line ends the output (on stderr with --format json); it holds no run
time, so the same input always prints the same (use 'time' to measure).

examples:
  aceynote validate game.acey
  aceynote validate samples/ --format json        one JSON object per problem
  aceynote validate 'club/**/*.acey' --jobs 2     two processes, output in order
  aceynote generate --games 3 | aceynote validate -

exit status: 0 every record valid (warnings allowed unless --strict),
1 some record invalid, 2 usage error or unreadable file.
"""

_CHUNK_CHARACTERS = 1 << 18
_PROGRESS_MIN_CHARACTERS = 4 << 20
_RESULT_AT_END = re.compile(r"(?:^|\s)(?:\d+-\d+|\*)\s*$")
_TAG_START = re.compile(r"^[ \t]*\[")


def register(commands: Commands) -> None:
    parser = add_command(commands, "validate", HELP, DESCRIPTION)
    add_record_files(parser)
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
        type=int,
        default=1,
        metavar="N",
        help="processes to use for large inputs (default 1)",
    )
    parser.set_defaults(run=run)


@dataclass(frozen=True, slots=True)
class GameCheck:
    """What the validator found in one game, with the source lines it points to."""

    diagnostics: tuple[Diagnostic, ...]
    lines: dict[int, str]
    turns: int


def check_game(game: Game, rules: RuleSet | None, first: bool) -> GameCheck:
    report = validate(game, rules, first)
    needed = {d.span.line for d in report.diagnostics}
    lines = {number: game.source_lines[number] for number in needed if number in game.source_lines}
    return GameCheck(tuple(report.diagnostics), lines, report.turns)


def _check_chunk(job: tuple[int, str, RuleSet | None, bool]) -> list[GameCheck]:
    first_line, text, rules, first = job
    return [check_game(game, rules, first) for game in read_games(io.StringIO(text), first_line)]


class _CountingLines:
    """Iterates a text file's lines, counting characters read (for progress)."""

    def __init__(self, handle: IO[str], name: str) -> None:
        self.handle = handle
        self.name = name  # read_games names the file in its errors
        self.characters = 0

    def __iter__(self) -> Iterator[str]:
        for line in self.handle:
            self.characters += len(line)
            yield line


def _boundary_chunks(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """Pieces of about 256 kB, each cut where a new game surely starts (§1).

    A cut is made only at a tag line outside comments and variations whose
    previous non-blank line ends with a result token.
    """
    piece: list[str] = []
    size, first_line, in_comment, depth = 0, 1, False, 0
    ends_with_result = False
    for number, line in enumerate(lines, start=1):
        if (
            size >= _CHUNK_CHARACTERS
            and ends_with_result
            and not in_comment
            and depth == 0
            and _TAG_START.match(line)
        ):
            yield first_line, "".join(piece)
            piece, size, first_line = [], 0, number
        piece.append(line)
        size += len(line)
        if "{" in line or "}" in line or "(" in line or ")" in line or in_comment:
            in_comment, depth = _scan_brackets(line, in_comment, depth)
        if line.strip() and not in_comment:
            ends_with_result = bool(_RESULT_AT_END.search(line))
    if piece:
        yield first_line, "".join(piece)


def _scan_brackets(line: str, in_comment: bool, depth: int) -> tuple[bool, int]:
    for char in line:
        if in_comment:
            in_comment = char != "}"
        elif char == "{":
            in_comment = True
        elif char == "(":
            depth += 1
        elif char == ")" and depth:
            depth -= 1
    return in_comment, depth


@dataclass
class _Totals:
    files: int = 0
    games: int = 0
    turns: int = 0
    errors: int = 0
    warnings: int = 0
    invalid_games: int = 0
    unreadable: int = 0


class _Run:
    def __init__(self, args: argparse.Namespace, rules: RuleSet | None) -> None:
        self.args = args
        self.rules = rules
        self.totals = _Totals()
        self.formatter = Formatter(colour_wanted(sys.stdout, args.no_color), args.format == "json")
        self.progress_shown = False
        self.game_in_file = 0

    def emit(self, name: str, checks: Iterable[GameCheck]) -> None:
        for check in checks:
            self.totals.games += 1
            self.game_in_file += 1
            self.totals.turns += check.turns
            errors = sum(1 for d in check.diagnostics if d.is_error)
            self.totals.errors += errors
            self.totals.warnings += len(check.diagnostics) - errors
            self.totals.invalid_games += bool(errors)
            if self.args.quiet:
                continue
            for diagnostic in check.diagnostics:
                line = check.lines.get(diagnostic.span.line, "")
                print(self.formatter.format(name, self.game_in_file, diagnostic, line))

    def file(self, source: InputFile) -> None:
        self.totals.files += 1
        self.game_in_file = 0
        with source.open() as handle:
            counting = _CountingLines(handle, source.display_name)
            size = _size_of(source)
            if self.args.jobs > 1:
                self._parallel(source, counting, size)
            else:
                checks = (check_game(g, self.rules, self.args.first) for g in read_games(counting))
                self.emit(source.display_name, self._with_progress(checks, counting, size, source))
        self._clear_progress()

    def _parallel(self, source: InputFile, counting: _CountingLines, size: int | None) -> None:
        """Chunks go to worker processes, a few ahead at most (constant memory); output keeps file order."""
        chunks = _boundary_chunks(_strip_bom(counting))
        pending: deque[Future[list[GameCheck]]] = deque()
        with ProcessPoolExecutor(self.args.jobs, initializer=tune_garbage_collector) as pool:
            for first_line, text in chunks:
                pending.append(
                    pool.submit(_check_chunk, (first_line, text, self.rules, self.args.first))
                )
                if len(pending) >= 2 * self.args.jobs:
                    self.emit(source.display_name, pending.popleft().result())
                    self._progress(counting, size, source)
            while pending:
                self.emit(source.display_name, pending.popleft().result())
                self._progress(counting, size, source)

    def _with_progress(
        self,
        checks: Iterable[GameCheck],
        counting: _CountingLines,
        size: int | None,
        source: InputFile,
    ) -> Iterator[GameCheck]:
        for check in checks:
            yield check
            if self.totals.games % 200 == 0:
                self._progress(counting, size, source)

    def _progress(self, counting: _CountingLines, size: int | None, source: InputFile) -> None:
        if (
            self.args.quiet
            or not sys.stderr.isatty()
            or not size
            or size < _PROGRESS_MIN_CHARACTERS
        ):
            return
        share = min(100, 100 * counting.characters // size)
        sys.stderr.write(
            f"\rvalidating {source.display_name}: {share}% ({self.totals.games} games)"
        )
        sys.stderr.flush()
        self.progress_shown = True

    def _clear_progress(self) -> None:
        if self.progress_shown:
            sys.stderr.write("\r\033[K")
            self.progress_shown = False

    def check(self, source: InputFile) -> None:
        """Check one file; one that cannot be read is reported and counted."""
        try:
            self.file(source)
        except BrokenPipeError:
            raise
        except (ReadError, OSError, UnicodeDecodeError) as error:
            self._clear_progress()
            self.totals.unreadable += 1
            print(f"aceynote: error: {unreadable(source, error)}", file=sys.stderr)

    def status(self) -> int:
        totals = self.totals
        if totals.unreadable:
            return EXIT_USAGE
        if totals.errors or (self.args.strict and totals.warnings):
            return EXIT_PROBLEMS
        return EXIT_OK

    def summary(self) -> str:
        t = self.totals
        parts = [f"{t.games} game{'s' * (t.games != 1)}", f"{t.turns} turn{'s' * (t.turns != 1)}"]
        counts = f"{t.errors} error{'s' * (t.errors != 1)}, {t.warnings} warning{'s' * (t.warnings != 1)}"
        unread = (
            f", {t.unreadable} unreadable file{'s' * (t.unreadable != 1)}" if t.unreadable else ""
        )
        return f"{', '.join(parts)}: {counts}{unread}"


def _strip_bom(lines: Iterable[str]) -> Iterator[str]:
    iterator = iter(lines)
    first = next(iterator, None)
    if first is None:
        return
    yield first.removeprefix("\ufeff")
    yield from iterator


def _size_of(source: InputFile) -> int | None:
    if source.path == "-":
        return None
    try:
        return os.path.getsize(source.path)
    except OSError:
        return None


def run(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        raise UsageError("--jobs takes a number of processes, 1 or more")
    try:
        rules = RuleSet.parse(args.rules) if args.rules is not None else None
    except RulesError as error:
        raise UsageError(f"--rules: {error}") from error
    sources = expand_inputs(args.files)
    checker = _Run(args, rules)
    try:
        for source in sources:
            checker.check(source)
        if not args.quiet:
            out = sys.stderr if args.format == "json" else sys.stdout
            print(checker.summary(), file=out)
    except BrokenPipeError:  # the reader stopped early (| head): the status so far
        output_closed()
    return checker.status()
