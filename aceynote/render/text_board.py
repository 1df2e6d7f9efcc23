"""Drawing a position as a backgammon board, in cells of text with roles.

This is layout only: the position, the steps and who moves come from the
validator's replay (through :mod:`aceynote.validation.timeline`). The board is drawn from one
side's view (the viewer sits at the bottom): its points 13-24 run along the
top from left to right and 12-1 along the bottom, its home board (1-6) at the
bottom right. The other side's checkers stand on the same board points, which
that side numbers 25-p. The bar is the column between the halves and the
tray on the right holds each side's pool (``in``) and borne-off checkers; the
top half of both belongs to the side sitting at the top.

Every cell carries *roles*, the names of the Board widget's component classes
(``board--white``, ``board--moved``, ...), so all colours live in the .tcss.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..rules import BAR, OFF, POOL, Position, SegmentKind, Side, Step, roll_dice
from ..validation import SegmentReplay
from ..validation.timeline import Frame

Span = tuple[str, tuple[str, ...]]
Row = list[Span]

GLYPH = {Side.WHITE: "○", Side.BLACK: "●"}
ROLE = {Side.WHITE: "board--white", Side.BLACK: "board--black"}
FRAME = "board--frame"
LABEL = "board--label"
DARK = "board--point-dark"
LIGHT = "board--point-light"
FELT = "board--felt"
MOVED = "board--moved"
LAST = "board--last"
FROM = "board--from"
HIT = "board--hit"
DIE = "board--die"
DIE_USED = "board--die-used"
TRAY = "board--tray"
BAR_ROLE = "board--bar"

TRAY_WIDTH = 7
MIN_STACK = 4
MAX_STACK = 7
TALL_STACK = 15  # beside the notes (a wide screen): as tall as the screen lets it, up to a
# stack of all 15 checkers on one point (still wider than high: a cell is twice as high as wide)
POINT_WIDTHS = (7, 6, 5, 4, 3)


@dataclass(frozen=True, slots=True)
class Geometry:
    """Point width and stack height; the board's size follows from them."""

    point: int = 3
    stack: int = 5

    @property
    def width(self) -> int:
        return 13 * self.point + 5 + TRAY_WIDTH

    @property
    def height(self) -> int:
        return 2 * self.stack + 5


def fit(width: int, height: int, max_stack: int = MAX_STACK) -> Geometry:
    """The largest board that fits in ``width`` x ``height`` cells (never below 3 x 4)."""
    point = next((p for p in POINT_WIDTHS if Geometry(p).width <= width), 3)
    stack = max(MIN_STACK, min(max_stack, (height - 5) // 2))
    return Geometry(point, stack)


@dataclass(frozen=True, slots=True)
class Marks:
    """What the current segment changed, in board terms, for highlighting.

    ``arrived``/``left`` count the mover's checkers that came to / went from
    each of its places (own numbering, 0..26); ``hits`` is how many of the
    other side's checkers went to the bar; ``last`` is the last step's place.
    """

    mover: Side
    arrived: dict[int, int]
    left: dict[int, int]
    hits: int
    last: int | None


def marks_of(frame: Frame) -> Marks | None:
    """The changes the frame's segment made so far (None at the start)."""
    replay = frame.replay
    if replay is None:
        return None
    mover = replay.before.turn
    before, now = replay.before.checkers(mover), frame.position.checkers(mover)
    arrived = {
        place: now[place] - before[place] for place in range(len(now)) if now[place] > before[place]
    }
    left = {
        place: before[place] - now[place] for place in range(len(now)) if now[place] < before[place]
    }
    other = mover.opponent
    hits = frame.position.checkers(other)[BAR] - replay.before.checkers(other)[BAR]
    last = frame.last_step.dest if frame.last_step is not None else None
    return Marks(mover, arrived, left, max(hits, 0), last)


class PendingRoll(NamedTuple):
    """Dice the side to act has rolled and not played yet (entering a game at the board)."""

    kind: SegmentKind
    high: int
    low: int


class BoardPainter:
    """Lays out one frame as rows of styled spans.

    With a ``rolled`` roll the frame's position is the one to play from: the
    middle band shows the side to act with those dice, none of them used.
    """

    def __init__(
        self, frame: Frame, viewer: Side, geometry: Geometry, rolled: PendingRoll | None = None
    ) -> None:
        self.frame = frame
        self.position: Position = frame.position
        self.viewer = viewer
        self.top_side = viewer.opponent
        self.g = geometry
        self.marks = marks_of(frame)
        self.rolled = rolled

    # -- places and marks ------------------------------------------------------
    def _occupant(self, point: int) -> tuple[Side | None, int]:
        """Who stands on the viewer's ``point``, and how many."""
        return self.position.owner_of(self.viewer, point)

    def _highlights(self, side: Side, place: int) -> tuple[int, str, bool]:
        """How many checkers on top of a stack to mark, with which role, and if the top moved last.

        ``place`` is in ``side``'s numbering (a point or BAR). The mover's
        checkers that arrived are marked as moved; the other side's checkers
        that went to the bar as hit.
        """
        marks = self.marks
        if marks is None:
            return 0, MOVED, False
        if side is marks.mover:
            arrived = marks.arrived.get(place, 0)
            return arrived, MOVED, marks.last == place and arrived > 0
        if place == BAR:
            return marks.hits, HIT, False
        return 0, MOVED, False

    def _vacated(self, side: Side, place: int) -> int:
        """Checkers of the mover that left ``place`` (in ``side``'s numbering)."""
        if self.marks is None or side is not self.marks.mover:
            return 0
        return self.marks.left.get(place, 0)

    # -- cells -----------------------------------------------------------------
    def _stack_cell(self, side: Side | None, count: int, depth: int, place: int) -> Span | None:
        """The checker (or the stack's count) ``depth`` cells from a stack's base, if any."""
        width, height = self.g.point, self.g.stack
        if side is None or depth >= min(count, height):
            return None
        marked, role, last = self._highlights(side, place)
        shown = min(count, height)
        roles: tuple[str, ...] = (ROLE[side],)
        if depth >= shown - marked:
            roles += (role,)
            if last and depth == shown - 1:
                roles += (LAST,)
        if count > height and depth == height - 1:
            return str(count).center(width), roles
        return GLYPH[side].center(width), roles

    def _empty_cell(self, count: int, depth: int, vacated: int) -> str:
        """An empty cell: a dot where a checker that moved this segment stood."""
        if vacated and count <= depth < count + vacated:
            return "·".center(self.g.point)
        return " " * self.g.point

    def _point_cell(self, point: int, depth: int) -> list[Span]:
        side, count = self._occupant(point)
        mover = self.marks.mover if self.marks is not None else self.viewer
        own = point if mover is self.viewer else 25 - point
        place = point if side is self.viewer else 25 - point
        shade = DARK if point % 2 else LIGHT
        checker = self._stack_cell(side, count, depth, place)
        if checker is not None:
            return [(checker[0], (shade, *checker[1]))]
        mover_count = count if side is mover else 0
        text = self._empty_cell(mover_count, depth, self._vacated(mover, own))
        return [(text, (shade, FROM) if text.strip() else (shade,))]

    def _bar_cell(self, side: Side, depth: int) -> list[Span]:
        count = self.position.checkers(side)[BAR]
        checker = self._stack_cell(side if count else None, count, depth, BAR)
        if checker is not None:
            return [(checker[0], (BAR_ROLE, *checker[1]))]
        text = self._empty_cell(count, depth, self._vacated(side, BAR))
        return [(text, (BAR_ROLE, FROM) if text.strip() else (BAR_ROLE,))]

    def _tray_rows(self, side: Side) -> list[Row]:
        """One side's tray, a row of spans each: its pool, borne-off checkers and pip count.

        Listed from the board's edge toward the middle.
        """
        counts = self.position.checkers(side)
        rows: list[Row] = [
            [
                (GLYPH[side], (TRAY, ROLE[side])),
                self._tray_count(side, POOL, f" in{counts[POOL]:>3}"),
            ],
            [self._tray_count(side, OFF, f" off{counts[OFF]:>3}")],
        ]
        blank: Row = [(" " * TRAY_WIDTH, (TRAY,))]
        rows += [blank] * (self.g.stack - 3)
        rows.append([(f"pip{self.position.pip_count(side):>4}", (TRAY, LABEL))])
        return rows

    def _tray_count(self, side: Side, place: int, text: str) -> Span:
        roles: tuple[str, ...] = (TRAY, LABEL)
        marks = self.marks
        if marks is not None and marks.mover is side:
            if marks.arrived.get(place):
                roles += (MOVED,) if marks.last != place else (MOVED, LAST)
            elif marks.left.get(place):
                roles += (FROM,)
        return text, roles

    # -- rows ------------------------------------------------------------------
    def _numbers(self, points: list[int]) -> Row:
        width = self.g.point
        left = "".join(_number(p, width) for p in points[:6])
        right = "".join(_number(p, width) for p in points[6:])
        gap = " " * (width + 2)
        return [(" " + left + gap + right + " ", (LABEL,))]

    def _border(self, left: str, join: str, right: str) -> Row:
        half = "─" * (6 * self.g.point)
        bar = "─" * self.g.point
        text = left + half + join + bar + join + half + join + "─" * TRAY_WIDTH + right
        return [(text, (FRAME,))]

    def _half_row(self, points: list[int], depth: int, bar_side: Side, tray: Row) -> Row:
        row: Row = [("│", (FRAME,))]
        for point in points[:6]:
            row += self._point_cell(point, depth)
        row.append(("│", (FRAME,)))
        row += self._bar_cell(bar_side, depth)
        row.append(("│", (FRAME,)))
        for point in points[6:]:
            row += self._point_cell(point, depth)
        row += [("│", (FRAME,)), *tray, ("│", (FRAME,))]
        return row

    def rows(self) -> list[Row]:
        top_points = list(range(13, 25))
        bottom_points = list(range(12, 0, -1))
        height = self.g.stack
        top_tray = self._tray_rows(self.top_side)
        bottom_tray = self._tray_rows(self.viewer)  # drawn from the middle down: mirrored
        rows: list[Row] = [self._numbers(top_points), self._border("┌", "┬", "┐")]
        for depth in range(height):
            rows.append(self._half_row(top_points, depth, self.top_side, top_tray[depth]))
        rows.append(self._middle_row())
        for depth in reversed(range(height)):
            rows.append(self._half_row(bottom_points, depth, self.viewer, bottom_tray[depth]))
        rows.append(self._border("└", "┴", "┘"))
        rows.append(self._numbers(bottom_points))
        return rows

    def _middle_row(self) -> Row:
        half = 6 * self.g.point
        who = self.frame.mover if self.rolled is None else self.position.turn
        row: Row = [("│", (FRAME,))]
        mark = f" {GLYPH[who]} "
        state = self._state(half - len(mark))
        row += _fit([(mark, (ROLE[who], FELT)), (state, (FELT, LABEL))], half)
        row += [
            ("│", (FRAME,)),
            ("BAR".center(self.g.point)[: self.g.point], (BAR_ROLE, LABEL)),
            ("│", (FRAME,)),
        ]
        row += _fit(self._dice(half), half)
        row += [("│", (FRAME,)), (" " * TRAY_WIDTH, (TRAY,)), ("│", (FRAME,))]
        return row

    def _state(self, room: int) -> str:
        """What the side shown is doing, in at most ``room`` cells where it can be said shorter."""
        if self.rolled is not None:
            return f"{self.position.turn.title} to play"
        return frame_state(self.frame, room)

    def _dice(self, room: int) -> list[Span]:
        """The dice of the segment, then what kind of roll it is if there is room."""
        shown = self._roll_shown()
        if shown is None:
            return [(" ", (FELT,))]
        (kind, high, low), spent, idle = shown
        prefix = {
            SegmentKind.ROLL: " ",
            SegmentKind.CHOSEN_DOUBLE: "=",
            SegmentKind.EXTRA_ROLL: "+",
        }
        dice = list(roll_dice(high, low))
        spans: list[Span] = [(prefix[kind], (FELT, LABEL))]
        for die, used in zip(dice, _used_dice(dice, spent), strict=True):
            spans.append((f" {die} ", (DIE_USED if used or idle else DIE,)))
            spans.append((" ", (FELT,)))
        label = _KIND_LABELS[kind]
        if label and sum(len(text) for text, _ in spans) + len(label) <= room:
            spans.append((label, (FELT, LABEL)))
        return spans

    def _roll_shown(self) -> tuple[PendingRoll, tuple[Step, ...], bool] | None:
        """The roll in the middle band, the steps it has played, and whether its dice are idle
        (a play forced or passed); None before the first roll."""
        frame, replay = self.frame, self.frame.replay
        if self.rolled is not None:
            return self.rolled, (), False
        if replay is None:
            return None
        segment = replay.segment
        roll = PendingRoll(segment.kind, segment.high, segment.low)
        return roll, frame.steps_done, frame.forced or frame.passed


_KIND_LABELS = {
    SegmentKind.ROLL: "",
    SegmentKind.CHOSEN_DOUBLE: "chosen",
    SegmentKind.EXTRA_ROLL: "extra roll",
}


def _fitting(room: int, *wordings: str) -> str:
    """The first of ``wordings`` (longest first) within ``room`` characters, else the last."""
    return next((text for text in wordings if len(text) <= room), wordings[-1])


def frame_state(frame: Frame, room: int) -> str:
    """What the side of a frame is doing, as the board's middle band says it (``White to
    roll``, ``White move 2/4``, ``White played``...), in at most ``room`` characters where
    it can be said shorter; a diagram of the frame says the same (:mod:`.step_diagram`)."""
    side = frame.mover.title
    if frame.replay is None:
        return who_acts(frame.position)
    if frame.forced:
        return _fitting(room, f"{side}: as written", f"{side} as written", "as written")
    if frame.passed:
        segment = frame.replay.segment
        return _fitting(
            room,
            f"{side} rolled {segment.high}{segment.low}: no legal play",
            f"{side}: no legal play",
            f"{side}: no play",
        )
    total = len(frame.replay.steps)
    if frame.step == 0:
        return f"{side} to play"
    if frame.step < total:
        return f"{side} move {frame.step}/{total}"
    return f"{side} played"


def who_acts(position: Position, replay: SegmentReplay | None = None) -> str:
    """Who acts next at ``position`` (after ``replay``'s segment, if given), as a board's
    middle band says it: ``White has won``, ``White to roll``, or after a 1-2 played in full
    ``White names a double`` (which its Setup string cannot say: docs/notation.md choice 14;
    words that fit the left half of a board 300 pixels wide, whose text is at least 10 pixels)."""
    if position.winner is not None:
        return f"{position.winner.title} has won"
    if replay is not None and names_double_next(replay):
        return f"{position.turn.title} names a double"
    return f"{position.turn.title} to roll"


def names_double_next(replay: SegmentReplay) -> bool:
    """Whether the side that played the segment names a double next (rule 8), as the
    validator's replay of the turn's flow says."""
    return replay.then is SegmentKind.CHOSEN_DOUBLE


def _number(point: int, width: int) -> str:
    """A point number under or over its column, two-digit numbers starting at the same place."""
    text = str(point)
    lead = (width - 1) // 2 - (len(text) - 1)
    return (" " * max(lead, 0) + text).ljust(width)


def _used_dice(dice: list[int], steps: tuple[Step, ...]) -> list[bool]:
    used = [False] * len(dice)
    for step in steps:
        for index, die in enumerate(dice):
            if not used[index] and die == step.die:
                used[index] = True
                break
    return used


def _fit(spans: list[Span], width: int) -> list[Span]:
    """Spans cut or padded (with felt) to exactly ``width`` cells."""
    out: list[Span] = []
    room = width
    for text, roles in spans:
        if room <= 0:
            break
        piece = text[:room]
        out.append((piece, roles))
        room -= len(piece)
    if room > 0:
        out.append((" " * room, (FELT,)))
    return out


def plain_rows(rows: list[Row]) -> list[str]:
    """The rows as plain text (for tests and the benchmark)."""
    return ["".join(text for text, _ in row) for row in rows]
