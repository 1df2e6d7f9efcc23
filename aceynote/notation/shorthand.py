"""What a player types to name a turn (``12``, ``12.``, ``12...``) or a roll (``64``, ``6-4``).

The command line (``--turn``) and the terminal app (go to a turn, the legal
plays of a roll) read them with these functions.
"""

from __future__ import annotations

import re

from ..rules import Side
from .limits import within_digit_limit

_TURN = re.compile(r"([0-9]+)\s*(\.\.\.|…|\.)?")  # on the stripped text: no backtracking
_ROLL = re.compile(r"([1-6])\s*[-/]?\s*([1-6]):?")


def parse_turn(text: str) -> tuple[int | None, Side | None] | None:
    """``12`` (White's turn 12, else Black's), ``12.`` (White's) or ``12...`` (Black's).

    None when ``text`` is no turn number. A number of more digits than a
    record's move number may have (``MAX_DIGITS``) is read as number None:
    no game has that turn (and Python would not even turn 5,000 digits into
    an int).
    """
    match = _TURN.fullmatch(text.strip())
    if match is None:
        return None
    digits, dots = match[1].lstrip("0") or "0", match[2]
    side = None if dots is None else (Side.WHITE if dots == "." else Side.BLACK)
    return (int(digits) if within_digit_limit(digits) else None), side


def parse_roll(text: str) -> tuple[int, int] | None:
    """The dice of ``64``, ``46``, ``6-4``, ``6/4`` or ``64:``, high first; None: no roll."""
    match = _ROLL.fullmatch(text.strip())
    if match is None:
        return None
    high, low = sorted((int(match[1]), int(match[2])), reverse=True)
    return high, low
