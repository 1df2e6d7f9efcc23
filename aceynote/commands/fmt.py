"""``aceynote fmt``: print records in canonical form, check them, or rewrite them."""

from __future__ import annotations

import argparse
import difflib
import os
import stat
import sys
import tempfile
from collections.abc import Callable
from typing import IO, cast

from ..files.writing import (
    SPOOL_BYTES,
    cannot_write,
    copy_from_start,
    read_only,
    write_atomically,
)
from ..formats import ACEY, Format, InvalidRecord
from ..notation import Game, ReadError
from ..notation.canonical import CopiedReading, same_text, write_canonical
from ..terminal_text import shown
from .base import (
    EXIT_OK,
    EXIT_PROBLEMS,
    Commands,
    UsageError,
    add_command,
    copy_out,
    fail,
    output_closed,
    say,
    write_out,
)
from .common import (
    STDIN,
    InputFile,
    add_record_files,
    expand_inputs,
    unreadable,
)
from .input_formats import input_format, skipped_note
from .printing import Formatter, colour_wanted

DESCRIPTION = """\
Write each record in the one canonical form: tags in the standard order,
each White turn on a new line, lines wrapped at 80 columns, rolls higher die
first, identical trips merged as 13/7(2). Every comment, glyph, NAG and
variation is kept, and each file keeps its line ends (CRLF when its first
line ends so: a Windows checkout stays as it is). A game with syntax errors is reported and printed exactly
as it stands in the source; -i leaves a file holding one as it is. A file
that cannot be read is reported and the others are still formatted. Several
files print one after another, a blank line between them, as one canonical
record. Each input is read once, so a pipe or <(...) works as well as a file.

-i writes the new text to a temporary file beside the old one and renames it
over the old one: a reader sees the old file or the new one, never half of
one, and the file keeps its mode (and owner, where allowed). It is a new
file: other hard links to the old one keep the old text. A symbolic link is
kept and the file it points to rewritten. A read-only file is not rewritten
(exit 2): make it writable first. Only regular files are rewritten. If
aceynote is stopped (Ctrl-C, kill) while writing, the temporary file is
removed; only kill -9 can leave a .aceynote-*.tmp file behind.

--diff prints what would change, as a unified diff of each file against its
canonical form (nothing for a file already canonical), and changes nothing.

examples:
  aceynote fmt game.acey              print the canonical form
  aceynote fmt --check samples/       exit 1 if any record would change
  aceynote fmt --diff samples/        show what would change
  aceynote fmt -i match.acey          rewrite the file (atomically)
  cat game.acey | aceynote fmt -      read standard input

exit status: 0 done (or nothing would change), 1 a record would change or has
syntax errors, 2 usage error, an unreadable file, or a file -i may not rewrite.
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "fmt", DESCRIPTION)
    add_record_files(parser)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if a file would change"
    )
    mode.add_argument(
        "--diff",
        action="store_true",
        help="change nothing; print a unified diff of what would change (exit 1 if any)",
    )
    mode.add_argument(
        "-i",
        "--in-place",
        action="store_true",
        help="rewrite each file in place (a new file: hard links keep the old text)",
    )
    parser.set_defaults(run=run)


def _not_rewritable(source: InputFile) -> str | None:
    """Why -i may not replace this input, before it is read (a pipe, a device)."""
    try:
        status = os.stat(source.path)
    except OSError:
        return None  # reading it says why
    if stat.S_ISREG(status.st_mode) or stat.S_ISDIR(status.st_mode):
        return None
    return f"{source.path}: is not a regular file (a pipe or a device); -i rewrites files only"


class _Formatting:
    """One run of ``fmt``: the files in turn, and the exit status they deserve so far."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.status = EXIT_OK
        self.printed = ""  # the last character printed, of the files before
        self.formatter = Formatter(colour_wanted(sys.stderr, disabled=False))

    def found(self, status: int) -> None:
        self.status = max(self.status, status)

    def source(self, source: InputFile) -> None:
        """Format one file; one that cannot be read is reported and counted."""
        refused = _not_rewritable(source) if self.args.in_place else None
        if refused is not None:
            self.found(fail(refused))
            return
        try:
            self._format(source)
        except BrokenPipeError:
            raise
        except (ReadError, InvalidRecord, OSError, UnicodeDecodeError) as error:
            self.found(fail(unreadable(source, error)))

    def _refusal(self, source: InputFile, read_as: Format) -> str | None:
        """Why fmt will not check or rewrite this input: it is not an acey record."""
        if not (self.args.in_place or self.args.check or self.args.diff) or read_as is ACEY:
            return None
        return (
            f"{source.display_name}: is a {read_as.kind}; fmt prints it as a record, "
            "but rewrites or checks only .acey records "
            f"(aceynote convert FILE{read_as.extensions[0]} --to acey)"
        )

    def _format(self, source: InputFile) -> None:
        with (
            tempfile.SpooledTemporaryFile(SPOOL_BYTES, mode="w+b") as copy,
            tempfile.SpooledTemporaryFile(
                SPOOL_BYTES, mode="w+", encoding="utf-8", newline=""
            ) as canonical,
        ):
            with source.reading() as raw:
                reading = CopiedReading(raw, source.display_name, copy)
                # A binary stream, though typeshed cannot tell: the readers decode it.
                stream, read_as = input_format(
                    cast(IO[bytes], reading), source, self.args.source_format
                )
                refused = self._refusal(source, read_as)
                if refused is not None:
                    self.found(fail(refused))
                    return
                name = source.display_name
                games = read_as.games(stream, name, skipped_note(name))
                clean = write_canonical(reading, games, canonical, self._reporter(source))
            if not clean:
                self.found(EXIT_PROBLEMS)
            if self.args.check:
                self._check(source, copy, canonical, clean)
            elif self.args.diff:
                self._diff(source, copy, canonical, clean)
            elif self.args.in_place:
                self._rewrite(source, copy, canonical, clean)
            else:
                self._print(canonical, reading.newline)

    def _print(self, canonical: IO[str], newline: str) -> None:
        """Print a file's canonical text; a blank line (in its line end) parts it from the
        file before, as it parts games, so that the whole is canonical too (a line end more
        after a file whose last game, broken, ends without one)."""
        if not canonical.tell():
            return
        if self.printed:
            write_out(newline if self.printed in "\r\n" else newline * 2)
        self.printed = copy_out(canonical)

    def _reporter(self, source: InputFile) -> Callable[[int, Game], None]:
        """What reports the syntax errors of game ``number`` of ``source``, on stderr."""

        def report(number: int, game: Game) -> None:
            say(self.formatter.problems(source.display_name, number, game))

        return report

    def _check(self, source: InputFile, copy: IO[bytes], canonical: IO[str], clean: bool) -> None:
        if not clean or same_text(copy, canonical):
            return  # syntax errors are reported: that is what to fix first
        say(f"would reformat {shown(source.display_name)}")
        self.found(EXIT_PROBLEMS)

    def _diff(self, source: InputFile, copy: IO[bytes], canonical: IO[str], clean: bool) -> None:
        if not clean or same_text(copy, canonical):
            return
        copy.seek(0)
        canonical.seek(0)
        before = copy.read().decode("utf-8", "replace").splitlines(keepends=True)
        name = source.display_name
        lines = difflib.unified_diff(
            before, canonical.read().splitlines(keepends=True), name, f"{name} (formatted)"
        )
        write_out("".join(line if line.endswith("\n") else line + "\n" for line in lines))
        self.found(EXIT_PROBLEMS)

    def _rewrite(self, source: InputFile, copy: IO[bytes], canonical: IO[str], clean: bool) -> None:
        if not clean:
            say(
                f"aceynote: {shown(source.display_name)} left as it is: "
                "fix the syntax errors above first"
            )
            return
        if same_text(copy, canonical):
            return
        if read_only(source.path):
            self.found(fail(f"{source.path} is read-only; not rewritten"))
            return
        try:
            write_atomically(source.path, copy_from_start(canonical))
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
