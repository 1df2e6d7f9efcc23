"""The characters of a record that would steer a terminal, and how the front ends escape them.

A record is data from anyone. Printed raw, ``\\x1b]0;...\\x07`` in a tag value
would set the terminal's title and ``\\x1b[2J`` clear its screen; a bidi
override would show a line in another order than it is read. The command
line and the terminal app both show such characters as escapes (``\\x1b``,
``\\u202e``), which hold no such character themselves.
"""

from __future__ import annotations

import re

# C1 controls, the bidi marks and overrides, and the line and paragraph separators.
C1_AND_BIDI = "\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"

_STEERING = re.compile(f"[\x00-\x08\x0a-\x1f{C1_AND_BIDI}\ud800-\udfff]")
_STEERING_BUT_NEWLINE = re.compile(f"[\x00-\x08\x0b-\x1f{C1_AND_BIDI}\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escaped(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every character that would steer a terminal written as an escape.

    A tab is kept. ``keep_newlines``: the text holds several lines (a
    comment, a message), so a line feed stays one.
    """
    return (_STEERING_BUT_NEWLINE if keep_newlines else _STEERING).sub(_escape, text)
