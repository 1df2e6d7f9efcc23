"""Where a record stops making sense: the limits of what aceynote reads.

Each limit lies far beyond any real game (a game has a few hundred turns, a
play at most four checker moves), so only damaged or hostile input meets
one; it is then a syntax error at its place, never a crash, a hang or
unbounded memory. docs/notation.md lists them.
"""

from __future__ import annotations

import re

from ..terminal_text import clipped

MAX_DIGITS = 9
"""Digits of a move number, NAG, count, point or result (more cannot mean anything)."""

MAX_VARIATION_DEPTH = 50
MAX_TAG_VALUE = 10_000
"""Characters of one tag value."""

MAX_MOVES_PER_PLAY = 16
"""Written moves in one play (a legal play has at most four)."""

MAX_GAME_WORDS = 50_000
"""Words of movetext in one game (moves on one line count as one word), about 15,000 turns;
and comments before a game's tags."""

MAX_TAGS = 1_000
"""Tags of one game (a real game has a few dozen at most)."""

MAX_COMMENT = 100_000
"""Characters of one comment, about fifty pages."""

MAX_LINE_BYTES = 1 << 20
"""Bytes of one line before its end (1 MiB): room for any tag or comment within the limits
above, and for any game written on one line. A device without line ends (``/dev/zero``)
meets it at once."""

MAX_PROBLEMS = 100
"""Syntax errors reported for one game; the rest are counted, not kept."""


def within_digit_limit(digits: str) -> bool:
    """Whether a number written with ``digits`` has at most MAX_DIGITS of them: the one
    place the limit is compared, for the notation and for every format."""
    return len(digits) <= MAX_DIGITS


LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")
"""A run of more digits than a number may have: where, in a text, a number too long stands."""


def readable_number(word: str) -> bool:
    """Whether ``word`` is a number a record holds: the digits 0-9, at most MAX_DIGITS."""
    return word.isascii() and word.isdigit() and within_digit_limit(word)


def too_many_digits(what: str, digits: str) -> str:
    """The message for a number too long to mean anything (``what``: "this move number")."""
    return (
        f"{what} has {len(digits):,} digits ({clipped(digits)}); "
        f"aceynote reads numbers of up to {MAX_DIGITS} digits"
    )
