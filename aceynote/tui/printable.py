"""Text a terminal can trust: every control character of a record shown escaped.

A record is data from anyone, and Textual writes text to the terminal through
Rich, which passes ESC on: ``\\x1b]0;PWNED\\x07`` in a tag value would set the
terminal's title, ``\\x1b[2J`` clear its screen, a bidi override show a line
in another order than it is read. Everything the app shows that comes from a
record, a path or the user's own input goes through :func:`printable` first,
which writes such characters as escapes (``\\x1b``, ``\\u202e``); a tab shows
as spaces. The escapes hold no control character, so ``printable`` of its own
result changes nothing.
"""

from __future__ import annotations

import re

TAB = "    "
MORE = "…"

_UNSAFE = re.compile(
    "[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)
_UNSAFE_BUT_NEWLINE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, lines: bool = False) -> str:
    """``text`` with every character that would steer a terminal written as an escape.

    ``lines``: the text may hold several lines (a comment, a message), so a
    line break stays one; elsewhere (a tag value, a name) it is escaped too.
    """
    pattern = _UNSAFE_BUT_NEWLINE if lines else _UNSAFE
    return pattern.sub(_escape, text.replace("\t", TAB))


def clipped(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, ``…`` marking the cut."""
    return text if len(text) <= width else text[: max(width - 1, 0)] + MORE


def path_shown(path: str, width: int = 100) -> str:
    """A file's path for a message: its end (the file's name) when it is long, ``…`` first."""
    return path if len(path) <= width else MORE + path[len(path) - width + 1 :]


def source_lines(
    line: str, column: int, end_column: int, same_line: bool, width: int
) -> tuple[str, str]:
    """A source line shown escaped, and a caret line under the span, both ``width`` at most.

    ``column`` and ``end_column`` count from 1 in ``line`` as read; a line
    longer than ``width`` is cut to a window around the place, ``…`` marking
    each cut (a wrapped line would part the caret from what it points at).
    """
    start = min(max(column - 1, 0), len(line))
    end = min(max(end_column - 1, start + 1), len(line)) if same_line else len(line)
    before, span, after = (printable(part) for part in (line[:start], line[start:end], line[end:]))
    text, caret_at = before + span + after, len(before)
    first = max(0, min(caret_at - width // 3, len(text) - width))
    shown = text[first : first + width]
    if first:
        shown, caret_at = MORE + shown[1:], caret_at - first
    if first + width < len(text):
        shown = shown[:-1] + MORE
    marks = max(1, min(len(span), len(shown) - caret_at))
    return shown, " " * caret_at + "^" + "~" * (marks - 1)
