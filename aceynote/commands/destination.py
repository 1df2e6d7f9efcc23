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


PICTURES_AND_PAGES = {"svg": (".svg",), "png": (".png",), "html": (".html", ".htm")}
"""The files the commands write besides records, by their extensions: diagram's pictures, and
the pages of html and stats --html."""

UNWRITTEN_PICTURES = (
    *(".jpg", ".jpeg", ".gif", ".webp", ".avif", ".bmp", ".tif", ".tiff", ".ico"),
    *(".heic", ".svgz", ".pdf", ".eps", ".ps"),
)
"""Pictures and printed documents that no command writes: a name ending so is refused for
every output (a viewer opens it as what its extension says; `diagram -o board.jpg` wrote SVG)."""


def named_kind(path: str) -> str | None:
    """What a file's name says it holds: a record format's name, svg, png or html, or a
    picture that no command writes, by its extension (jpg, pdf...; None: a name of none of
    them, as one without an extension)."""
    from .. import formats

    record = formats.of_path(path, formats.RECORD_FORMATS)
    if record is not None:
        return record.name
    lowered = path.lower()
    kinds = PICTURES_AND_PAGES.items()
    written = next((kind for kind, extensions in kinds if lowered.endswith(extensions)), None)
    unwritten = next((end[1:] for end in UNWRITTEN_PICTURES if lowered.endswith(end)), None)
    return written or unwritten


def check_output_name(
    output: str | None, written: str | None, said: str, option: str = "-o"
) -> None:
    """Refuse an output file whose name says it holds another kind of file than the one
    ``written`` (:func:`named_kind`; None: none of them, a list) before any work (``said``:
    what chose it, like ``--to json was asked``; ``option``: the one that names the file).
    Every command reads a file by its extension, and a browser or a viewer opens it by it:
    such a file would not be read as what it holds, and a record of that name is lost."""
    if output is None or output == "-":
        return
    named = named_kind(output)
    if named is None or named == written:
        return
    wanted = "give it another name" if written is None else f"name it {_extension(written)}"
    raise UsageError(
        f"{option} {output} names the {named} format by its extension, but {said}: {wanted}"
    )


def _extension(kind: str) -> str:
    """The usual extension of a kind of file (:func:`named_kind`)."""
    from .. import formats

    known = PICTURES_AND_PAGES.get(kind)
    return known[0] if known is not None else formats.named(kind).extensions[0]


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
