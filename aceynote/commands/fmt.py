"""``aceynote fmt``: print records in canonical form, check them, or rewrite them."""

from __future__ import annotations

import argparse
import io
import shutil
import sys
import tempfile
from collections.abc import Iterator
from typing import IO

from ..fileio import cannot_write, copy_from_start, write_atomically
from ..notation import Game, ReadError, read_games, write_game
from ..validate import Diagnostic
from ..validate.diagnostics import SYNTAX
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    STDIN,
    Commands,
    InputFile,
    UsageError,
    add_command,
    add_record_files,
    expand_inputs,
    fail,
    output_closed,
    unreadable,
)
from .output import Formatter, colour_wanted

HELP = "print records in canonical form (--check to test, -i to rewrite)"
DESCRIPTION = """\
Write each record in the one canonical form: tags in the standard order,
each White turn on a new line, lines wrapped at 80 columns, rolls higher die
first, identical trips merged as 13/7(2). Every comment, glyph, NAG and
variation is kept. A game with syntax errors is reported and printed exactly
as it stands in the source; -i leaves a file holding one as it is. A file
that cannot be read is reported and the others are still formatted.

examples:
  aceynote fmt game.acey              print the canonical form
  aceynote fmt --check samples/       exit 1 if any record would change
  aceynote fmt -i match.acey          rewrite the file (atomically)
  cat game.acey | aceynote fmt -      read standard input

exit status: 0 done (or nothing would change), 1 a record would change or has
syntax errors, 2 usage error or unreadable file.
"""

_SPOOL_BYTES = 8 * 1024 * 1024


def register(commands: Commands) -> None:
    parser = add_command(commands, "fmt", HELP, DESCRIPTION)
    add_record_files(parser)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if a file would change"
    )
    mode.add_argument("-i", "--in-place", action="store_true", help="rewrite each file in place")
    parser.set_defaults(run=run)


class _KeptLines:
    """A record's lines for the reader, each kept as written until its game is done."""

    def __init__(self, handle: IO[str], name: str) -> None:
        self.handle = handle
        self.name = name  # read_games names the file in its errors
        self.lines: dict[int, str] = {}

    def __iter__(self) -> Iterator[str]:
        for number, line in enumerate(self.handle, start=1):
            self.lines[number] = line.removeprefix("\ufeff") if number == 1 else line
            yield line

    def take(self, first: int, last: int) -> str:
        """Lines ``first`` to ``last`` as written; they and the lines before are forgotten."""
        text = "".join(self.lines.get(number, "") for number in range(first, last + 1))
        self.forget(last)
        return text

    def forget(self, last: int) -> None:
        for number in [n for n in self.lines if n <= last]:
            del self.lines[number]


def _game_lines(game: Game) -> tuple[int, int]:
    """The first and last line of a game in its source, its problems included."""
    spans = [game.span, *(problem.span for problem in game.problems)]
    written = [number for number, text in game.source_lines.items() if text.strip()]
    starts = [span.line for span in spans if span.line] + written
    ends = [span.end_line for span in spans if span.end_line] + written
    return min(starts, default=0), max(ends, default=0)


def _same_text(original: IO[str], canonical: IO[str]) -> bool:
    canonical.seek(0)
    while True:
        want, have = canonical.read(65536), original.read(65536)
        if want != have:
            return False
        if not want:
            return True


def _reopen(source: InputFile, stdin_text: str | None) -> IO[str]:
    """The record again from its start: standard input is read once and kept."""
    if stdin_text is not None:
        return io.StringIO(stdin_text)
    return source.open()


class _Formatting:
    """One run of ``fmt``: the files in turn, and the exit status they deserve so far."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.status = EXIT_OK
        self.formatter = Formatter(colour_wanted(sys.stderr, disabled=False))

    def found(self, status: int) -> None:
        self.status = max(self.status, status)

    def source(self, source: InputFile) -> None:
        """Format one file; one that cannot be read is reported and counted."""
        try:
            self._format(source)
        except BrokenPipeError:
            raise
        except (ReadError, OSError, UnicodeDecodeError) as error:
            self.found(fail(unreadable(source, error)))

    def _format(self, source: InputFile) -> None:
        stdin_text = sys.stdin.read() if source.path == STDIN else None
        with tempfile.SpooledTemporaryFile(
            _SPOOL_BYTES, mode="w+", encoding="utf-8", newline=""
        ) as spool:
            with _reopen(source, stdin_text) as handle:
                clean = self._canonical(source.display_name, handle, spool)
            if not clean:
                self.found(EXIT_PROBLEMS)
            if self.args.check:
                self._check(source, stdin_text, spool, clean)
            elif self.args.in_place:
                self._rewrite(source, spool, clean)
            else:
                spool.seek(0)
                shutil.copyfileobj(spool, sys.stdout)

    def _canonical(self, name: str, handle: IO[str], out: IO[str]) -> bool:
        """Write every game of a record to ``out``, canonical where it has no syntax errors.

        A game with syntax errors is reported and written from the source as it
        stands (never from what could be read of it); the result is then False.
        """
        clean, wrote, ends_line = True, False, True
        kept = _KeptLines(handle, name)
        for number, game in enumerate(read_games(kept), start=1):
            first, last = _game_lines(game)
            if game.problems:
                self._report(name, number, game)
                clean, text = False, kept.take(first, last)
            else:
                kept.forget(last)
                text = write_game(game)
            if text:
                out.write(("\n" if ends_line else "\n\n") if wrote else "")
                out.write(text)
                wrote, ends_line = True, text.endswith("\n")
        return clean

    def _report(self, name: str, number: int, game: Game) -> None:
        for problem in game.problems:
            diagnostic = Diagnostic(SYNTAX, problem.message, problem.span)
            print(
                self.formatter.format(name, number, diagnostic, problem.source_line),
                file=sys.stderr,
            )

    def _check(
        self, source: InputFile, stdin_text: str | None, spool: IO[str], clean: bool
    ) -> None:
        if not clean:
            return  # its syntax errors are reported: that is what to fix first
        with _reopen(source, stdin_text) as original:
            if _same_text(original, spool):
                return
        print(f"would reformat {source.display_name}", file=sys.stderr)
        self.found(EXIT_PROBLEMS)

    def _rewrite(self, source: InputFile, spool: IO[str], clean: bool) -> None:
        if not clean:
            print(
                f"aceynote: {source.display_name} left as it is: fix the syntax errors above first",
                file=sys.stderr,
            )
            return
        with source.open() as original:
            if _same_text(original, spool):
                return
        try:
            write_atomically(source.path, copy_from_start(spool))
        except OSError as error:
            self.found(fail(cannot_write(source.path, error)))


def run(args: argparse.Namespace) -> int:
    sources = expand_inputs(args.files)
    if args.in_place and any(source.path == STDIN for source in sources):
        raise UsageError("standard input cannot be rewritten in place; drop -i")
    formatting = _Formatting(args)
    try:
        for source in sources:
            formatting.source(source)
    except BrokenPipeError:  # the reader stopped early (| head): the status so far
        output_closed()
    return formatting.status
