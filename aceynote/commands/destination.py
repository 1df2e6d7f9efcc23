"""Where a command's output goes: standard output (``-``), or a file written whole or not at all.

A file that cannot be written is refused before the work that makes it
(:func:`check_output`); what only the write can tell is said when it fails.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .base import UsageError, write_out

if TYPE_CHECKING:
    from .common import InputFile


def check_output_name(output: str | None, written: str, said: str) -> None:
    """Refuse an output file whose extension names another record format than the one
    ``written`` (``said``: what chose it, like ``--to json was asked``): every command
    reads a file by its extension, so the file would not be read back as what it holds."""
    from .. import formats

    if output is None or output == "-":
        return
    named = formats.of_path(output, formats.RECORD_FORMATS)
    if named is not None and named.name != written:
        wanted = formats.named(written).extensions[0]
        raise UsageError(
            f"-o {output} names the {named.name} format by its extension, but {said}:"
            f" name it {wanted}"
        )


def deliver(text: str, output: str) -> None:
    """Write ``text`` to standard output (``-``) or, whole or not at all, to a file."""
    from ..files.writing import write_atomically

    if output == "-":
        write_out(text)
        return
    to_file(output, lambda: write_atomically(output, lambda out: out.write(text)))


def check_output(output: str | None, inputs: Sequence[InputFile] = ()) -> None:
    """Refuse at once, before any work, an output file that cannot be written (``-``: stdout),
    or that is one of the ``inputs``, by any name: writing it would lose the record."""
    from ..files.writing import file_problem

    if output is None or output == "-":
        return
    if problem := file_problem(output):
        raise UsageError(problem)
    if any(source.is_file(output) for source in inputs):
        raise UsageError(f"{output} is also an input; not overwritten: write elsewhere")


def refuse_read_only(output: str) -> None:
    """A usage error for an output file that is read-only (``find`` asks before its work)."""
    from ..files.writing import read_only

    if read_only(output):
        raise UsageError(f"{output} is read-only; not overwritten")


def to_file(output: str, write: Callable[[], None]) -> None:
    """Write a file by ``write``, unless it is read-only; a failure is a usage error."""
    from ..files.writing import cannot_write

    refuse_read_only(output)
    try:
        write()
    except OSError as error:
        raise UsageError(cannot_write(output, error)) from error
