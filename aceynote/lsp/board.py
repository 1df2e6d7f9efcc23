"""A position as a compact text board (under 60 columns), for hover."""

from __future__ import annotations

from ..rules import BAR, OFF, POOL, Position, Side

_TOP = range(13, 25)  # White's numbering, as the board is drawn from White's side
_BOTTOM = range(12, 0, -1)


def _cell(position: Position, point: int) -> str:
    white, black = position.white[point], position.black[25 - point]
    if white:
        return f"W{white}".rjust(3)
    return f"B{black}".rjust(3) if black else "  ."


def _row(position: Position, points: range) -> str:
    cells = [_cell(position, point) for point in points]
    return "".join(cells[:6]) + "  |" + "".join(cells[6:])


def _numbers(points: range) -> str:
    numbers = [f"{point:3d}" for point in points]
    return "".join(numbers[:6]) + "  |" + "".join(numbers[6:])


def _places(position: Position, side: Side) -> str:
    counts = position.checkers(side)
    return (
        f"{side.title:5} in {counts[POOL]:2}  bar {counts[BAR]:2}  off {counts[OFF]:2}"
        f"  pips {position.pip_count(side)}"
    )


def text_board(position: Position) -> str:
    """The board in White's numbering (W: White's checkers, B: Black's), then each side's places."""
    return "\n".join(
        [
            _numbers(_TOP),
            _row(position, _TOP),
            _row(position, _BOTTOM),
            _numbers(_BOTTOM),
            _places(position, Side.WHITE),
            _places(position, Side.BLACK),
        ]
    )
