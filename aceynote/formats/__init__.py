"""The file formats games are read from and written to, and how a file's format is told.

Each format is a module with its reader and writer; ``FORMATS`` lists them,
each as a :class:`Format` (name, extensions, reader, writer, kind, how its
first line starts). A new format is one module and its line in ``FORMATS``:
the commands and the replay app find formats here, and every command that
reads records reads each readable format alike. A format's module is imported when it is first
read or written, so that a command pays only for the formats it uses.
"""

from __future__ import annotations

import re

from .format import (
    Entry,
    Format,
    InvalidRecord,
    MissingExtra,
    Output,
    Reader,
    Skipped,
    Writer,
    lazy_reader,
    lazy_writer,
)

ACEY = Format("acey", (".acey",), lazy_reader(".acey"), lazy_writer(".acey"), "acey-deucey record")
FORMATS: tuple[Format, ...] = (
    ACEY,
    Format(
        "json",
        (".json",),
        lazy_reader(".json"),
        lazy_writer(".json"),
        "JSON document",
        # The document's object and its first key, "format", "version" or "games" (the
        # start given to of_start runs on past a lone "{" to the line after it).
        re.compile(rb'\{\s*"(?:format|version|games)"\s*:'),
        details=True,
    ),
    Format(
        "jsonl",
        (".jsonl", ".ndjson"),
        lazy_reader(".jsonl"),
        lazy_writer(".jsonl"),
        "JSON Lines file",
        # Any other object with a key: a game on a line of its own (an acey record's comment
        # starts with "{" too, but not with a quoted name and a colon).
        re.compile(rb'\{\s*"[A-Za-z_]+"\s*:'),
        details=True,
    ),
    Format(
        "bgammon",
        (".match",),
        lazy_reader(".bgammon"),
        lazy_writer(".bgammon"),
        "bgammon.org replay",
        # The index table's first line, or (a file without one) a game's header line:
        # neither can start an acey record (formats/bgammon/match_reader.py).
        re.compile(rb"(?:bgammon-replay [0-9]|i [0-9]+ )"),
    ),
    # Write only: a folder of two tables for data tools (docs/data.md; aceynote[data]).
    Format("parquet", (), None, lazy_writer(".parquet"), "Parquet folder", folder=True),
)

# The formats the commands that read records (validate, fmt, convert, html,
# diagram, analyze, the replay app, folders named on the command line) tell by
# a file's extension: every format that can be read. Any other file is read
# as an acey record.
RECORD_FORMATS: tuple[Format, ...] = tuple(found for found in FORMATS if found.read is not None)


def named(name: str) -> Format:
    """The format called ``name``; a ValueError that lists the names for any other."""
    found = next((found for found in FORMATS if found.name == name), None)
    if found is None:
        names = ", ".join(each.name for each in FORMATS)
        raise ValueError(f"no format is called {name!r:.40}; the formats are {names}")
    return found


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


def of_start(first_line: bytes) -> Format:
    """The format of a stream whose first line (or its first bytes) is ``first_line``
    (with the blank lines and a lone ``{`` before it).

    Standard input has no name to tell its format by; a format whose files
    start in their own way (JSON, a bgammon.org replay) is recognised, any
    other input is an acey record. A format's ``starts`` is matched past a
    byte order mark and the blank lines, here for every format.
    """
    start = first_line.removeprefix(b"\xef\xbb\xbf").lstrip()
    found = (each for each in RECORD_FORMATS if each.starts and each.starts.match(start))
    return next(found, ACEY)


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
    "MissingExtra",
    "Output",
    "Reader",
    "Skipped",
    "Writer",
    "named",
    "of_path",
    "of_start",
    "record_extensions",
    "record_format",
    "writable",
]
