"""The recovery file: where the app puts changes it could not save before it was stopped.

When ``kill`` (SIGTERM) or a closed terminal (SIGHUP) stops the app with
changes not saved, the record as it would have been saved is written to a
new file next to it, ``NAME.recovered-YYYYMMDD-HHMMSS.acey`` (``club.acey``
gives ``club.recovered-20260314-201502.acey``, readable by its user only),
as an editor keeps its buffer. The record itself is not touched then: the
stop may have come while it was being written, or the changes may be
unwanted. Where its folder cannot be written to, the file goes to the
temporary folder.
"""

from __future__ import annotations

import os
import tempfile
import time

from ..formats import ACEY
from .writing import create_new

_SUFFIX = ACEY.extensions[0]
_TRIES = 100


def write_recovery(path: str, text: str, when: float | None = None) -> str:
    """Write ``text`` to a new recovery file for the record ``path``; the file's path.

    An existing file is never replaced (a second stop in the same second
    writes ``...-2.acey``). A character UTF-8 cannot write (a lone surrogate)
    is kept as a ``\\udcfc`` escape: the text is worth more than that character.
    Raises OSError when neither the record's folder nor the temporary folder
    takes the file.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    stem = os.path.splitext(os.path.basename(path))[0]
    data = text.encode("utf-8", "backslashreplace")
    folders = [os.path.dirname(os.path.abspath(path)), tempfile.gettempdir()]
    failure: OSError | None = None
    for folder in folders:
        try:
            return _write_new(os.path.join(folder, f"{stem}.recovered-{stamp}"), data)
        except OSError as error:
            failure = failure or error
    assert failure is not None
    raise failure


def _write_new(start: str, data: bytes) -> str:
    """Write ``data`` to ``START.acey``, or ``START-2.acey``... whichever does not exist yet.

    Readable by its user only: the record's own mode is not known to be safer.
    """
    return create_new(start, {_SUFFIX: data}, mode=0o600, tries=_TRIES)[0]
