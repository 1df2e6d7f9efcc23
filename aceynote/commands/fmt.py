"""``aceynote fmt``: print records in canonical form, check them, or rewrite them."""

from __future__ import annotations

import argparse
import io
import shutil
import sys
import tempfile
from typing import IO

from ..fileio import cannot_write, copy_from_start, write_atomically
from ..notation import ReadError, read_games, write_game
from ..validate import Diagnostic
from ..validate.diagnostics import SYNTAX
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    Commands,
    InputFile,
    UsageError,
    add_command,
    add_record_files,
    expand_inputs,
)
from .output import Formatter, colour_wanted

HELP = "print records in canonical form (--check to test, -i to rewrite)"
DESCRIPTION = """\
Write each record in the one canonical form: tags in the standard order,
each White turn on a new line, lines wrapped at 80 columns, rolls higher die
first, identical trips merged as 13/7(2). Every comment, glyph, NAG and
variation is kept. A record with syntax errors is reported and left as it is.

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


def _canonical(name: str, handle: IO[str], out: IO[str]) -> bool:
    """Write the canonical form of a record to ``out``; False if it has syntax errors."""
    clean = True
    formatter = Formatter(colour_wanted(sys.stderr, disabled=False))
    for index, game in enumerate(read_games(handle)):
        for problem in game.problems:
            diagnostic = Diagnostic(SYNTAX, problem.message, problem.span)
            line = formatter.format(name, index + 1, diagnostic, problem.source_line)
            print(line, file=sys.stderr)
            clean = False
        if clean:
            if index:
                out.write("\n")
            out.write(write_game(game))
    return clean


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


def _format_one(source: InputFile, args: argparse.Namespace) -> int:
    stdin_text = sys.stdin.read() if source.path == "-" else None
    with tempfile.SpooledTemporaryFile(
        _SPOOL_BYTES, mode="w+", encoding="utf-8", newline=""
    ) as spool:
        with _reopen(source, stdin_text) as handle:
            if not _canonical(source.display_name, handle, spool):
                return EXIT_PROBLEMS
        if args.check or args.in_place:
            with _reopen(source, stdin_text) as original:
                unchanged = _same_text(original, spool)
            if args.check:
                if not unchanged:
                    print(f"would reformat {source.display_name}", file=sys.stderr)
                return EXIT_OK if unchanged else EXIT_PROBLEMS
            if not unchanged:
                try:
                    write_atomically(source.path, copy_from_start(spool))
                except OSError as error:
                    raise UsageError(cannot_write(source.path, error)) from error
            return EXIT_OK
        spool.seek(0)
        shutil.copyfileobj(spool, sys.stdout)
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    sources = expand_inputs(args.files)
    if args.in_place and any(source.path == "-" for source in sources):
        raise UsageError("standard input cannot be rewritten in place; drop -i")
    status = EXIT_OK
    for source in sources:
        try:
            status = max(status, _format_one(source, args))
        except ReadError as error:
            raise UsageError(str(error)) from error
    return status
