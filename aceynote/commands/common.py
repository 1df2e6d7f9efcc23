"""What the subcommands share: exit codes, reading inputs, printing problems."""

from __future__ import annotations

import argparse
import gc
import glob
import io
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, TypeAlias

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2

STDIN = "-"
RECORD_SUFFIX = ".acey"


class UsageError(Exception):
    """A command line that cannot be carried out; reported with exit status 2."""


@dataclass(frozen=True)
class InputFile:
    """A record to read: a path, or standard input when ``path`` is ``-``."""

    path: str

    @property
    def display_name(self) -> str:
        return "<stdin>" if self.path == STDIN else self.path

    def open(self) -> IO[str]:
        if self.path == STDIN:
            return sys.stdin
        return open(self.path, encoding="utf-8", newline="")


def expand_inputs(arguments: list[str], allow_folders: bool = True) -> list[InputFile]:
    """Files named on the command line: ``-``, paths, glob patterns and folders."""
    found: list[InputFile] = []
    for argument in arguments:
        if argument == STDIN:
            found.append(InputFile(STDIN))
        elif os.path.isdir(argument):
            if not allow_folders:
                raise UsageError(f"{argument}: is a folder; name a record file")
            records = [InputFile(path) for path in _records_under(argument)]
            if not records:
                raise UsageError(f"{argument}: holds no {RECORD_SUFFIX} files")
            found += records
        elif os.path.exists(argument):
            found.append(InputFile(argument))
        else:
            found += _matches(argument)
    return found


def _matches(pattern: str) -> list[InputFile]:
    """The files a glob pattern names.

    A pattern or name that matches nothing is kept as it is: reading it then
    reports it as unreadable, in its turn, and the other files are still read.
    """
    matches = sorted(glob.glob(pattern, recursive=True))
    if not matches:
        return [InputFile(pattern)]
    return [InputFile(path) for path in matches if os.path.isfile(path)]


def _records_under(folder: str) -> Iterator[str]:
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(RECORD_SUFFIX):
                yield os.path.join(root, name)


def fail(message: str) -> int:
    print(f"aceynote: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def unreadable(source: InputFile, error: Exception) -> str:
    """Why a record cannot be read, in words: the file counts as unreadable."""
    if isinstance(error, UnicodeDecodeError):
        return f"{source.display_name}: is not UTF-8 text"
    if isinstance(error, FileNotFoundError):
        return f"{source.display_name}: no such file"
    if isinstance(error, OSError):
        return f"{source.display_name}: cannot read: {error.strerror or error}"
    return str(error)


def output_closed() -> None:
    """Standard output's reader has gone (``| head``): write nothing more there.

    Python flushes standard output at exit; pointing it at the null device
    keeps that flush from failing and printing a second BrokenPipeError.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):  # not a real file (tests)
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the rest of the run
    finally:
        os.close(devnull)


def tune_garbage_collector() -> None:
    """Collect young objects less often.

    Replaying a record allocates many short-lived objects and no reference
    cycles; with Python's default threshold the cycle collector took about a
    third of ``validate``'s time. Only the command sets this, never the library.
    """
    gc.set_threshold(100_000, 50, 100)


# A string: argparse's _SubParsersAction cannot be subscripted at run time.
Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_command(
    commands: Commands, name: str, summary: str, description: str
) -> argparse.ArgumentParser:
    """A subcommand whose --help keeps the description's examples as written."""
    return commands.add_parser(
        name,
        help=summary,
        description=description,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def add_record_files(parser: argparse.ArgumentParser) -> None:
    """The FILE... argument of the commands that read records."""
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="records, folders or globs; - for stdin"
    )
