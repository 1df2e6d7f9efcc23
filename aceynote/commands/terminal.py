"""Text a terminal can trust: control characters shown escaped, long lines clipped.

A record is data from anyone. Printed raw, ``\\x1b]0;...\\x07`` in a tag value
would set the terminal's title and ``\\x1b[2J`` clear its screen; a bidi
override would show a line in another order than it is read. Every human
message shows such characters as escapes (``\\x1b``, ``\\u202e``); a tab stays
a tab. A source line shown under a diagnostic is clipped to a window around
the place it points to, with the caret still under it.
"""

from __future__ import annotations

import re
import unicodedata

WINDOW = 100
"""Columns of a long source line shown around the place a diagnostic points to."""

_LEAD = 30
"""Columns shown before that place when the line is clipped."""

_MAX_MESSAGE = 1000
"""Characters of one message printed (a hostile record can make a message of megabytes)."""

_MORE = "…"

_UNSAFE = re.compile(
    "[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def shown(text: str) -> str:
    """``text`` with every character that would steer a terminal written as an escape."""
    if len(text) > _MAX_MESSAGE:
        text = text[: _MAX_MESSAGE - 1] + _MORE
    return _UNSAFE.sub(_escape, text)


def _width(char: str) -> int:
    """Columns a shown character takes on a terminal."""
    if char == "\t":
        return 1
    shown_char = _UNSAFE.sub(_escape, char)
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
    return [f"  {before}{_UNSAFE.sub(_escape, text)}{after}", f"  {caret}"]


def _window(length: int, start: int) -> tuple[int, int]:
    """The first and last (excluded) index of the part of a line to show."""
    if length <= WINDOW:
        return 0, length
    first = max(0, min(start - _LEAD, length - WINDOW))
    return first, first + WINDOW
