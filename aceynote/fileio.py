"""Writing files safely, for the front ends: never a half-written record.

A file is written as a temporary file in the same folder and then renamed
over the old one, so a reader sees either the old file or the new one; the
old file's permissions are kept. A device or pipe (``/dev/null``) is written
to directly, never replaced.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from typing import IO


def write_atomically(path: str, write: Callable[[IO[str]], object]) -> None:
    """Replace ``path`` with what ``write`` writes to the file object it is given.

    A symbolic link is followed: its target is replaced and the link kept.
    """
    path = os.path.realpath(path)
    if os.path.exists(path) and not os.path.isfile(path):
        with open(path, "w", encoding="utf-8", newline="") as out:
            write(out)
        return
    folder = os.path.dirname(os.path.abspath(path))
    descriptor, temporary = tempfile.mkstemp(prefix=".aceynote-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as out:
            write(out)
        if os.path.exists(path):
            shutil.copymode(path, temporary)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def cannot_write(path: str, error: OSError) -> str:
    """Why ``path`` could not be written, in words (never the temporary file's name)."""
    if isinstance(error, IsADirectoryError) or os.path.isdir(path):
        return f"{path}: is a folder; name a file to write"
    return f"{path}: cannot write: {error.strerror or error}"


def copy_from_start(source: IO[str]) -> Callable[[IO[str]], None]:
    """A writer for :func:`write_atomically` that copies ``source`` from its start."""

    def write(out: IO[str]) -> None:
        source.seek(0)
        shutil.copyfileobj(source, out)

    return write
