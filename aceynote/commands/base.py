"""What the command line needs before a command is chosen: exit codes, errors, the two outputs.

Kept apart from :mod:`.common` so that ``aceynote --help`` and the choice of a
command import nothing of the notation or the rules (see ``aceynote.cli``).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import os
import sys
from collections.abc import Iterator
from typing import IO, TextIO, TypeAlias

from ..terminal_text import clipped, shown
from . import COMMANDS

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2


class UsageError(Exception):
    """A command line that cannot be carried out; reported with exit status 2."""


class OutputError(Exception):
    """Standard output cannot be written (a full disk, a closed descriptor); exit status 2."""


def say(message: str) -> None:
    """Write a line to standard error; once it cannot be written (its reader gone, as in
    ``2>&1 | head``, or a full disk), nothing more there.

    The command goes on, so that its exit status still counts what it found.
    """
    if sys.stderr is None:  # started with standard error closed (2>&-)
        return
    try:
        print(message, file=sys.stderr)
    except (OSError, ValueError):  # ValueError: closed
        sys.stderr = _to_null_device(sys.stderr)


def nothing_written() -> None:
    """Say that the output was not written, after the errors that are why (a file named by
    -o is then left as it was)."""
    say("aceynote: nothing written: fix the errors above first")


def fail(message: str) -> int:
    say(f"aceynote: error: {shown(message)}")
    return EXIT_USAGE


def write_out(text: str) -> None:
    """Write to standard output; a failure other than a closed pipe is an OutputError."""
    if sys.stdout is None:
        raise OutputError("cannot write standard output: it is closed")
    with _writing_standard_output():
        sys.stdout.write(text)


def write_out_bytes(data: bytes) -> None:
    """Write bytes (a picture) to standard output, after any text already written there."""
    if sys.stdout is None:
        raise OutputError("cannot write standard output: it is closed")
    buffer: IO[bytes] | None = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        raise OutputError("cannot write bytes to this standard output (it takes text only)")
    with _writing_standard_output():
        sys.stdout.flush()
        buffer.write(data)
        buffer.flush()


def copy_out(source: IO[str]) -> str:
    """Copy ``source`` from its start to standard output; its last character ("" if none)."""
    source.seek(0)
    last = ""
    while block := source.read(1 << 16):
        write_out(block)
        last = block[-1]
    return last


def flush_out() -> None:
    """Push what is still buffered to standard output (the last chance to report a failure)."""
    if sys.stdout is not None:
        with _writing_standard_output():
            sys.stdout.flush()


@contextlib.contextmanager
def _writing_standard_output() -> Iterator[None]:
    try:
        yield
    except BrokenPipeError:
        raise  # the reader stopped early: handled where the status is known
    except OSError as error:
        raise OutputError(f"cannot write standard output: {error.strerror or error}") from error


def output_closed() -> None:
    """Standard output cannot take more (``| head``, a full disk): write nothing more there.

    Python flushes standard output at exit; pointing it at the null device
    keeps that flush from failing and printing a second error.
    """
    sys.stdout = _to_null_device(sys.stdout)


def _to_null_device(stream: TextIO | None) -> TextIO | None:
    """``stream`` writing to the null device from now on: itself where it is a real file."""
    if stream is None:  # Python started without the descriptor
        return stream
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, stream.fileno())
        return stream
    except (OSError, ValueError, io.UnsupportedOperation):  # not a real file (tests)
        return open(os.devnull, "w", encoding="utf-8")
    finally:
        os.close(devnull)


def tune_garbage_collector() -> None:
    """Collect young objects less often.

    Replaying a record allocates many short-lived objects and no reference
    cycles; with Python's default threshold the cycle collector took about a
    third of ``validate``'s time. Only the command sets this, never the library.
    """
    gc.set_threshold(100_000, 50, 100)


def whole_number(text: str) -> int:
    """The ``type`` of an option that takes a number, refusing any other word in a player's words.

    argparse's own refusal, ``invalid int value: 'x'``, names a Python type.
    """
    try:
        return int(text)
    except ValueError:
        # Python turns at most 4,300 digits into an int (a defence against slow parsing).
        too_long = text.strip().removeprefix("-").removeprefix("+").isdecimal()
        reason = (
            "has too many digits"
            if too_long
            else "is not a whole number: write it in digits, like 12"
        )
        raise argparse.ArgumentTypeError(f"'{shown(clipped(text))}' {reason}") from None


# A string: argparse's _SubParsersAction cannot be subscripted at run time.
Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_command(commands: Commands, name: str, description: str) -> argparse.ArgumentParser:
    """Command ``name``, with its line from COMMANDS; --help keeps the examples as written."""
    return commands.add_parser(
        name,
        help=COMMANDS[name].summary,
        description=description,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
