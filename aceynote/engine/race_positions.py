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

from ..rules import CHECKERS_PER_SIDE, HOME_TOP, Position

DEFAULT_CHECKERS = 6
"""Up to six checkers a side in the home board: 924 boards (gnubg's two-sided database has as many)."""
DEFAULT_STRAGGLERS = 2
"""Or up to two anywhere: 272 boards more, 1,196 in all and 1,430,416 races."""
RACE_POINTS = 23
"""A side's points a race can hold: its 24 point stands where the other side's checkers
would still have to pass it."""


def sides(checkers: int, stragglers: int = 0) -> list[tuple[int, ...]]:
    """The boards of a table (points 1..23), fewest pips first: every home board of at most
    ``checkers`` checkers, and every board of at most ``stragglers``.

    The empty board (the side has borne everything off) is first.
    """
    outside = (0,) * (RACE_POINTS - HOME_TOP)
    found = {
        counts + outside
        for counts in product(range(checkers + 1), repeat=HOME_TOP)
        if sum(counts) <= checkers
    }
    for count in range(1, stragglers + 1):
        for places in combinations_with_replacement(range(1, RACE_POINTS + 1), count):
            found.add(tuple(places.count(point) for point in range(1, RACE_POINTS + 1)))
    return sorted(found, key=lambda counts: (pips(counts), counts))


def pips(counts: Sequence[int]) -> int:
    """A board's pips (its points numbered from 1)."""
    return sum(point * count for point, count in enumerate(counts, 1))


Boards = tuple[tuple[int, ...], tuple[int, ...]]


def race_sides(position: Position, stragglers: int = DEFAULT_STRAGGLERS) -> Boards | None:
    """The mover's and the other side's boards, when the position is a race a table of
    ``stragglers`` may hold."""
    return race_boards(position.mover, position.waiting, stragglers)


def race_boards(
    mover: tuple[int, ...], other: tuple[int, ...], stragglers: int = DEFAULT_STRAGGLERS
) -> Boards | None:
    """Both sides' boards (points 1..23) when the checkers can no longer meet and each side
    is a home board or has at most ``stragglers`` checkers left.

    The quick tests come first: most positions have a side with many checkers
    outside its home board.
    """
    outside = False  # two home boards can never meet
    for side in (mover, other):
        if any(side[HOME_TOP + 1 :]):
            if side[0] < CHECKERS_PER_SIDE - stragglers or any(side[RACE_POINTS + 1 :]):
                return None
            outside = True
    mover_board, other_board = mover[1 : RACE_POINTS + 1], other[1 : RACE_POINTS + 1]
    if outside and _farthest(mover_board) + _farthest(other_board) > RACE_POINTS + 1:
        return None  # a side's point p is the other's 25 - p: they can still meet
    return mover_board, other_board


def _farthest(board: tuple[int, ...]) -> int:
    """The highest point with a checker on it, 0 for an empty board."""
    return next((point for point in range(len(board), 0, -1) if board[point - 1]), 0)
