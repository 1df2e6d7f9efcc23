"""Where things stand on a drawn board, in the drawing's own units (its viewBox).

Points are given in the viewer's numbering: 13-24 along the top, left to
right, and 12-1 along the bottom.
"""

from __future__ import annotations

from ..rules import POOL

# The drawing's own units (the viewBox); ``size`` scales it to pixels.
WIDTH = 1000
HEIGHT = 800
STRIP = 44  # the rows of point numbers above and below the board
FRAME = 16
POINT = 64  # a point's width
CHECKER = 60  # a checker's diameter
SHOWN = 5  # checkers drawn on a point before the count stands on the last one
SHOWN_ON_BAR = 4
SLAB = 14  # a checker seen edge-on, in the tray
TRAY = 120
LEFT = FRAME  # the left half starts here
BAR_X = LEFT + 6 * POINT
RIGHT = BAR_X + POINT
TRAY_X = RIGHT + 6 * POINT + FRAME
TOP = STRIP + FRAME
BOTTOM = HEIGHT - STRIP - FRAME
BAND = 80  # the middle band, between the two rows of points
MIDDLE = (TOP + BOTTOM) / 2
TRIANGLE = (BOTTOM - TOP - BAND) / 2 - 10
MIN_PIXELS = 10  # no text smaller than this on the rendered picture


def column_x(point: int) -> float:
    """The left edge of a point, given in the viewer's numbering."""
    column = point - 13 if point >= 13 else 12 - point
    half = LEFT if column < 6 else RIGHT
    return half + (column % 6) * POINT


def on_top(point: int) -> bool:
    return point >= 13


def stack_y(top: bool, index: int) -> float:
    """The centre of the checker ``index`` (0 = at the edge) of a stack."""
    radius = CHECKER / 2
    return TOP + radius + index * CHECKER if top else BOTTOM - radius - index * CHECKER


def point_anchor(point: int, index: int) -> tuple[float, float]:
    return column_x(point) + POINT / 2, stack_y(on_top(point), min(index, SHOWN - 1))


def bar_y(top: bool, index: int) -> float:
    """Bar checkers stand from the middle band outwards, each side in its own half."""
    radius = CHECKER / 2
    edge = MIDDLE - BAND / 2
    return edge - radius - index * CHECKER if top else 2 * MIDDLE - edge + radius + index * CHECKER


def tray_x(place: int) -> float:
    """The centre of a tray column: the pool on the left, borne off on the right."""
    return TRAY_X + (TRAY / 4 if place == POOL else 3 * TRAY / 4)


def slab_y(top: bool, index: int) -> float:
    """The top edge of slab ``index`` (0 = at the board's edge) in a tray column."""
    return TOP + 4 + index * SLAB if top else BOTTOM - 4 - SLAB - index * SLAB
