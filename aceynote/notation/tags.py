"""Reading the values of tags with a meaning (NOTATION.md §2, §7)."""

from __future__ import annotations

import re

_OPENING_ROLL = re.compile(r"^([1-6])-([1-6])$")


class TagValueError(ValueError):
    """A tag value that is not written the way the tag needs."""


def parse_opening(text: str) -> list[tuple[int, int]]:
    """The rolls of an Opening tag (``"4-4 2-2 5-3"``), White's die first in each.

    Whether they decide who moves first is the rules' question
    (:func:`aceynote.rules.opening_winner`).
    """
    rolls = []
    for word in text.split():
        match = _OPENING_ROLL.match(word)
        if match is None:
            raise TagValueError(
                f"'{word}' is not an opening roll: write White's die, '-', Black's die, like 5-3"
            )
        rolls.append((int(match.group(1)), int(match.group(2))))
    return rolls
