"""The races the exact tables hold: a side's boards, and the test of a position.

A race is a position whose checkers can no longer meet (docs/engine.md,
"Exact races"). A table holds every pair of boards in which each side is a
home board of a few checkers, or has only its last one or two checkers left
anywhere (the stragglers); this module says which boards those are and
whether a position is one of those races, before any table is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement, product
from typing import TypeAlias

from ..rules import CHECKERS_PER_SIDE, HOME_TOP, Position, can_meet, farthest_back

DEFAULT_HOME_CHECKERS = 6
"""Up to six checkers a side in the home board: 924 boards (gnubg's two-sided database has as many)."""
DEFAULT_STRAGGLERS = 2
"""Or up to two anywhere: 272 boards more, 1,196 in all."""
RACE_POINTS = 23
"""A side's points a race can hold: its 24 point stands where the other side's checkers
would still have to pass it."""

Board = tuple[int, ...]
"""A side's checkers on its points 1..23, in its own numbering."""
Boards: TypeAlias = tuple[Board, Board]


def table_boards(home_checkers: int, stragglers: int) -> list[Board]:
    """The boards of a table, fewest pips first: every home board of at most
    ``home_checkers`` checkers, and every board of at most ``stragglers``.

    The empty board (the side has borne everything off) is first.
    """
    outside = (0,) * (RACE_POINTS - HOME_TOP)
    found = {
        counts + outside
        for counts in product(range(home_checkers + 1), repeat=HOME_TOP)
        if sum(counts) <= home_checkers
    }
    for count in range(1, stragglers + 1):
        for places in combinations_with_replacement(range(1, RACE_POINTS + 1), count):
            found.add(tuple(places.count(point) for point in range(1, RACE_POINTS + 1)))
    return sorted(found, key=lambda counts: (pips(counts), counts))


def pips(counts: Sequence[int]) -> int:
    """A board's pips (its points numbered from 1)."""
    return sum(point * count for point, count in enumerate(counts, 1))


def position_boards(position: Position, stragglers: int = DEFAULT_STRAGGLERS) -> Boards | None:
    """:func:`race_boards` of a position: the side to act's board first."""
    return race_boards(position.mover, position.waiting, stragglers)


def race_boards(
    mover: tuple[int, ...], other: tuple[int, ...], stragglers: int = DEFAULT_STRAGGLERS
) -> Boards | None:
    """Both sides' boards when the checkers can no longer meet and each side is a home
    board or has at most ``stragglers`` checkers left (``mover`` and ``other``: all of a
    side's places, in its own numbering).

    The quick tests come first: most positions have a side with many checkers
    outside its home board.
    """
    outside = False  # two home boards can never meet
    for side in (mover, other):
        if any(side[HOME_TOP + 1 :]):
            if side[0] < CHECKERS_PER_SIDE - stragglers or any(side[RACE_POINTS + 1 :]):
                return None  # too many checkers left, or one on 24, in the pool or on the bar
            outside = True
    if outside and can_meet(farthest_back(mover), farthest_back(other)):
        return None
    return mover[1 : RACE_POINTS + 1], other[1 : RACE_POINTS + 1]
