"""The file formats games are read from and written to, and how a file's format is told.

Each format is a module with its reader and writer; ``FORMATS`` lists them,
each as a :class:`Format` (name, extensions, reader, writer, kind, record). A new
format is one module and its line in ``FORMATS``: the commands and the
replay app find formats here. A format's module is imported when it is first
read or written, so that a command pays only for the formats it uses.
"""

from __future__ import annotations

from .base import Entry, Format, InvalidRecord, Output, Reader, Writer, lazy_reader, lazy_writer

ACEY = Format(
    "acey", (".acey",), lazy_reader(".acey"), lazy_writer(".acey"), "acey-deucey record", True
)
FORMATS: tuple[Format, ...] = (
    ACEY,
    Format("json", (".json",), lazy_reader(".json"), lazy_writer(".json"), "JSON document"),
    Format(
        "jsonl",
        (".jsonl", ".ndjson"),
        lazy_reader(".jsonl"),
        lazy_writer(".jsonl"),
        "JSON Lines file",
    ),
    Format(
        "bgammon",
        (".match",),
        lazy_reader(".bgammon"),
        lazy_writer(".bgammon"),
        "bgammon.org replay",
        True,
    ),
)

# The formats the commands that read records (validate, fmt, the replay app,
# record, folders named on the command line) tell by a file's extension; any
# other file is read as an acey record. (convert tells every format, above.)
RECORD_FORMATS: tuple[Format, ...] = tuple(found for found in FORMATS if found.record)


def named(name: str) -> Format:
    """The format called ``name`` (one of :func:`names`)."""
    return next(found for found in FORMATS if found.name == name)


def readable() -> tuple[Format, ...]:
    """The formats that can be read, in order."""
    return tuple(found for found in FORMATS if found.read is not None)


def writable() -> tuple[Format, ...]:
    """The formats that can be written, in order."""
    return tuple(found for found in FORMATS if found.write is not None)


def of_path(path: str, among: tuple[Format, ...] = FORMATS) -> Format | None:
    """The format ``path``'s extension names (any case), or None when none of ``among`` has it."""
    lowered = path.lower()
    return next((found for found in among if lowered.endswith(found.extensions)), None)


def record_format(path: str) -> Format:
    """The format a record file is read in: by its extension, as acey when that names none."""
    return of_path(path, RECORD_FORMATS) or ACEY


def record_extensions() -> tuple[str, ...]:
    """The extensions of the record formats: the files a folder's records are."""
    return tuple(extension for found in RECORD_FORMATS for extension in found.extensions)


__all__ = [
    "ACEY",
    "FORMATS",
    "RECORD_FORMATS",
    "Entry",
    "Format",
    "InvalidRecord",
    "Output",
    "Reader",
    "Writer",
    "named",
    "of_path",
    "readable",
    "record_extensions",
    "record_format",
    "writable",
]
