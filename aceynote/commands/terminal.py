"""Messages a terminal can trust: record text escaped, long lines clipped.

Every human message shows the characters that would steer a terminal as
escapes (:mod:`aceynote.terminal_text`); a tab stays a tab. A source line
shown under a diagnostic is clipped to a window around the place it points
to, with the caret still under it.
"""

from __future__ import annotations

import unicodedata

from ..terminal_text import escaped

WINDOW = 100
"""Columns of a long source line shown around the place a diagnostic points to."""

_LEAD = 30
"""Columns shown before that place when the line is clipped."""

_MAX_MESSAGE = 1000
"""Characters of one message printed (a hostile record can make a message of megabytes)."""

_MORE = "…"


def shown(text: str) -> str:
    """``text`` with every character that would steer a terminal written as an escape."""
    if len(text) > _MAX_MESSAGE:
        text = text[: _MAX_MESSAGE - 1] + _MORE
    return escaped(text)


def _width(char: str) -> int:
    """Columns a shown character takes on a terminal."""
    if char == "\t":
        return 1
    shown_char = escaped(char)
    if shown_char != char:
        return len(shown_char)
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _pad(text: str) -> str:
    """White space as wide as ``text`` shown: tabs stay tabs so that tab stops agree."""
    return "".join("\t" if char == "\t" else " " * _width(char) for char in text)


def caret_lines(source_line: str, column: int, end_column: int, same_line: bool) -> list[str]:
    """The source line and a caret line under the span, as compilers print them.

    The line is shown escaped (see :func:`shown`); a line longer than
    :data:`WINDOW` columns is cut to a window around ``column``, ``…``
    marking each cut.
    """
    if not source_line:
        return []
    start = min(max(column - 1, 0), len(source_line))
    end = min(end_column - 1, len(source_line)) if same_line else len(source_line)
    first, last = _window(len(source_line), start)
    end = min(max(end, start + 1), last)
    before = _MORE if first > 0 else ""
    after = _MORE if last < len(source_line) else ""
    text = source_line[first:last]
    width = max(1, sum(_width(char) for char in source_line[start:end]))
    caret = _pad(before + source_line[first:start]) + "^" + "~" * (width - 1)
    return [f"  {before}{escaped(text)}{after}", f"  {caret}"]


def _window(length: int, start: int) -> tuple[int, int]:
    """The first and last (excluded) index of the part of a line to show."""
    if length <= WINDOW:
        return 0, length
    first = max(0, min(start - _LEAD, length - WINDOW))
    return first, first + WINDOW
