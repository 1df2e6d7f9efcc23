"""Text the terminal app can trust: every control character of a record shown escaped.

Textual writes text to the terminal through Rich, which passes ESC on, so
everything the app shows that comes from a record, a path or the user's own
input goes through :func:`printable` first: the characters that would steer
a terminal become escapes (:mod:`aceynote.terminal_text`), and a tab shows as
spaces. ``printable`` of its own result changes nothing.
"""

from __future__ import annotations

from ..terminal_text import escaped

TAB = "    "
MORE = "…"


def printable(text: str, *, lines: bool = False) -> str:
    """``text`` with every character that would steer a terminal written as an escape.

    ``lines``: the text may hold several lines (a comment, a message), so a
    line break stays one; elsewhere (a tag value, a name) it is escaped too.
    """
    return escaped(text.replace("\t", TAB), keep_newlines=lines)


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
