"""The progress line of a long command (`analyze`, `validate`): on a terminal's standard error only.

It is rewritten in place, and cleared before anything else is written
there; never shown in a pipe or a log.
"""

from __future__ import annotations

import sys

_BACK_AND_CLEAR = "\r\033[K"  # to the line's start, and the line cleared


class ProgressLine:
    """One line of progress, shown only on a terminal's standard error and not when ``quiet``."""

    def __init__(self, quiet: bool = False) -> None:
        self.enabled = not quiet and sys.stderr is not None and sys.stderr.isatty()
        self.shown = False

    def show(self, text: str) -> None:
        """``text`` in place of the line shown before."""
        if self.enabled:
            sys.stderr.write(f"{_BACK_AND_CLEAR}{text}")
            sys.stderr.flush()
            self.shown = True

    def clear(self) -> None:
        """No line left shown: standard error is free for a message."""
        if self.shown:
            sys.stderr.write(_BACK_AND_CLEAR)
            sys.stderr.flush()
            self.shown = False
