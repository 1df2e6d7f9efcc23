"""Whether a move number names its turn, in the words of AD201, AD202 and AD204.

The one home of that check: the validator asks it of each numbered turn of a
record, the recorder of a move number typed on its entry line (``3... 53:``
where White's extra roll is due names the wrong turn).
"""

from __future__ import annotations

from typing import NamedTuple

from ..notation.writer import move_number
from ..rules import Side
from . import diagnostics as codes
from .diagnostics import Code


class NumberFault(NamedTuple):
    """Why a move number does not name its turn: the code, the message, and for AD201 the
    number that counting the turns gives (the language server's quick fix writes it)."""

    code: Code
    message: str
    counted: int | None = None


def number_fault(
    written: Side, number: int, side: Side, counted: int, game_start: bool = False
) -> NumberFault | None:
    """Why ``number`` written as ``written``'s (``3...``: Black, 3) does not name the turn of
    ``side`` numbered ``counted``; None when it does.

    ``game_start``: the turn opens a game whose Opening or Setup says who moves first.
    """
    expected = move_number(side, counted)
    if written is not side and game_start:
        return NumberFault(
            codes.WRONG_FIRST_MOVER,
            f"{side.title} moves first in this game (by its Opening or Setup), so the first turn is {expected}",
        )
    if written is not side:
        return NumberFault(
            codes.WRONG_SIDE,
            f"it is {side.title}'s turn here ({expected}), but this turn is numbered as {written.title}'s",
        )
    if number != counted:
        return NumberFault(
            codes.WRONG_NUMBER,
            f"this turn is numbered {number}; counting the turns it is {expected}",
            counted,
        )
    return None
