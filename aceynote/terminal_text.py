"""Text a terminal can trust: what a record says, shown escaped, clipped, counted.

A record is data from anyone. Printed raw, ``\\x1b]0;...\\x07`` in a tag value
would set the terminal's title and ``\\x1b[2J`` clear its screen; a bidi
override would show a line in another order than it is read. The command
line and the terminal app both show such characters as escapes (``\\x1b``,
``\\u202e``), which hold no such character themselves: the command line
with :func:`shown` (a tab stays a tab, but in a column: :func:`cell`) and
:func:`caret_lines`, its JSON
with :func:`json_shown` (``\\u`` escapes, the same JSON), the terminal
app with :func:`printable` (a tab shows as spaces: Textual writes text
through Rich, which passes ESC on) and :func:`source_lines`. The pictures
and pages write what XML cannot hold with the same escapes (:func:`xml_text`),
so that a record's odd character reads alike wherever it is shown.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

# C1 controls, the bidi marks and overrides, and the line and paragraph separators.
C1_AND_BIDI = "\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"

_STEERING = re.compile(f"[\x00-\x08\x0a-\x1f{C1_AND_BIDI}\ud800-\udfff]")
_STEERING_BUT_NEWLINE = re.compile(f"[\x00-\x08\x0b-\x1f{C1_AND_BIDI}\ud800-\udfff]")
# What XML 1.0 cannot hold at all (its Char production): C0 controls but tab,
# line feed and carriage return; lone surrogates; U+FFFE and U+FFFF. And, though it can,
# what would steer a reader's eye as it steers a terminal: the C1 controls, the bidi marks
# and overrides (a name shown in another order than it is read), the line separators.
_NOT_XML = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f{C1_AND_BIDI}\ud800-\udfff\ufffe\uffff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escaped(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every character that would steer a terminal written as an escape.

    A tab is kept. ``keep_newlines``: the text holds several lines (a
    comment, a message), so a line feed stays one.
    """
    return (_STEERING_BUT_NEWLINE if keep_newlines else _STEERING).sub(_escape, text)


# json.dumps escapes U+0000..U+001F; these others steer a terminal too (C1
# controls, bidi overrides, line separators). Escaped, the JSON means the same.
_JSON_UNSAFE = re.compile(f"[{C1_AND_BIDI}]")


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_shown(json_text: str) -> str:
    """JSON text (``json.dumps(..., ensure_ascii=False)``) with what steers a terminal as ``\\u`` escapes.

    The JSON means the same; only where a C1 control or a bidi mark stood
    (always inside a string) is an escape written instead.
    """
    return _JSON_UNSAFE.sub(_json_escape, json_text)


def xml_text(text: str) -> str:
    """``text`` with every character XML cannot hold written as an escape (``\\x01``), and
    every one that steers a terminal besides (``\\u202e``), as the command line shows it.

    An SVG or a page with such a character is not well-formed, and no
    reader shows it; a bidi override would show a name in another order
    than it is read. The escape shows what the record holds.
    """
    return _NOT_XML.sub(_escape, text)


# -- the terminal app ----------------------------------------------------------
TAB = "    "
MORE = "…"


def printable(text: str, *, lines: bool = False) -> str:
    """``text`` with every character that would steer a terminal written as an escape.

    ``lines``: the text may hold several lines (a comment, a message), so a
    line break stays one; elsewhere (a tag value, a name) it is escaped too.
    """
    return escaped(text.replace("\t", TAB), keep_newlines=lines)


def clipped(text: str, width: int = 24) -> str:
    """``text`` cut to ``width`` terminal columns, ``…`` marking the cut (24: a quote in a message).

    A wide (East Asian) character takes two columns (:func:`columns`), so a
    name in Chinese is cut at half the characters of one in English.
    """
    if columns(text) <= width:
        return text
    kept, used = [], 0
    for char in text:
        used += _width(char)
        if used > width - 1:
            break
        kept.append(char)
    return "".join(kept) + MORE


def fitted(text: str, width: int) -> str:
    """``text`` clipped (:func:`clipped`) and padded with spaces to exactly ``width`` columns."""
    return aligned(clipped(text, width), width)


def aligned(text: str, width: int, to_left: bool = True) -> str:
    """``text`` padded with spaces to ``width`` terminal columns, on the right (``to_left``)
    or on the left; a wide character takes two columns (:func:`columns`)."""
    padding = " " * (width - columns(text))
    return text + padding if to_left else padding + text


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


NUMBER_SHOWN = 12
"""Characters of a number a message shows (the rest of a longer one is cut, ``…``)."""


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` (1,234) and the noun that goes with it (``plural`` defaults to ``singular + "s"``)."""
    noun = singular if count == 1 else (plural or singular + "s")
    return f"{count:,} {noun}"


def listed(words: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``last``: the word before the last, "and" or "or")."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def pronoun(count: int) -> str:
    """The pronoun that stands for ``count`` things once counted: ``it`` for one, else ``them``
    (``1 error ... lists it``, ``2 errors ... lists them``)."""
    return "it" if count == 1 else "them"


def sentence_start(words: str) -> str:
    """``words`` starting a sentence: the first character in upper case, the rest as they are
    (``white resigned at 7-4`` -> ``White resigned at 7-4``; ``str.capitalize`` lowers them)."""
    return words[:1].upper() + words[1:]


def signed(value: float) -> str:
    """An equity, a difference or a luck to three decimals with its sign (``+0.074``,
    ``-0.056``); one that rounds to nothing is ``0.000``, never ``+0.000`` or ``-0.000``."""
    shown = f"{value:+.3f}"
    return "0.000" if float(shown) == 0 else shown


def number_shown(text: str) -> str:
    """A number as the user wrote it, cut when too long to mean anything (``11111111111…``)."""
    return clipped(text, NUMBER_SHOWN)


# -- the command line ----------------------------------------------------------
WINDOW = 100
"""Columns of a long source line shown around the place a diagnostic points to."""

_LEAD = 30
"""Columns shown before that place when the line is clipped."""

_MAX_MESSAGE = 1000
"""Characters of one message printed (a hostile record can make a message of megabytes)."""


def shown(text: str) -> str:
    """``text`` with every character that would steer a terminal written as an escape."""
    return escaped(clipped(text, _MAX_MESSAGE))


def cell(text: str, width: int | None = _MAX_MESSAGE) -> str:
    """``text`` as one cell of a table or one column of tab-separated lines (``find --list``,
    the tables of ``stats``): escaped as :func:`shown` escapes it, and a tab too (``\\x09``),
    which would part the columns; cut to ``width`` columns as shown (None: whole)."""
    text = text.replace("\t", "\\x09")
    return escaped(text if width is None else clipped(text, width))


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


def columns(text: str) -> int:
    """Columns ``text`` takes on a terminal: a wide (East Asian) character two, a combining one none."""
    return sum(_width(char) for char in text)


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
    before = MORE if first > 0 else ""
    after = MORE if last < len(source_line) else ""
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
