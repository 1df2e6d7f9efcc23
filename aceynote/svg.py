"""Board diagrams: a position drawn as a backgammon board, as SVG text.

``board(position)`` returns the SVG of a position, as ``chess.svg.board``
does for chess::

    from aceynote import svg
    from aceynote.rules import Position

    text = svg.board(Position.from_setup("W 6:5 in:10 / B 6:2 in:13 / B"))

The board is seen from one side (White, or Black with ``flip``), which sits
at the bottom: its points 13-24 run along the top from left to right and
12-1 along the bottom, its home board (1-6) at the bottom right, and each
point carries that side's number. The bar is the column between the halves;
the tray on the right holds each side's pool (``in``) and borne-off
checkers, the top half for the side sitting at the top. The middle band
shows who is to roll, each side's pip count and the dice.

This is drawing only: counts, pips and who is to roll come from the
:class:`~aceynote.rules.Position`, the last moves from the validator's
replay (``last_steps`` and ``mover``; :func:`replay_board` takes a
:class:`~aceynote.validation.SegmentReplay` whole). The XML is built with
:mod:`xml.etree.ElementTree`, which escapes every text it is given.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from .rules import BAR, OFF, POOL, Position, Side, Step, opposite_point
from .validation import SegmentReplay

__all__ = ["SIZE_RANGE", "THEMES", "Theme", "board", "board_element", "replay_board"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
Theme = Literal["light", "dark"]
SIZE_RANGE = (120, 4000)

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


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours of one theme."""

    background: str
    frame: str
    felt: str
    points: tuple[str, str]
    label: str
    white: str
    white_edge: str
    black: str
    black_edge: str
    mark: str
    tray: str


THEMES: dict[str, Palette] = {
    "light": Palette(
        background="#fbf8f1",
        frame="#6b4a2b",
        felt="#efe4cc",
        points=("#b4533c", "#3d6b7a"),
        label="#3a2c1e",
        white="#fdfcf7",
        white_edge="#5b5348",
        black="#2b2b2e",
        black_edge="#0d0d0f",
        mark="#e6a100",
        tray="#dccfb3",
    ),
    "dark": Palette(
        background="#16181d",
        frame="#3a3f4a",
        felt="#22262d",
        points=("#9a4a39", "#3f6e7d"),
        label="#d8dbe2",
        white="#e9e6dc",
        white_edge="#9d9788",
        black="#0b0c0e",
        black_edge="#8a93a3",
        mark="#f2c14e",
        tray="#1b1e24",
    ),
}


@dataclass(frozen=True, slots=True)
class _Style:
    """What one drawing needs besides the position: the viewer, colours and text sizes."""

    viewer: Side
    palette: Palette
    label_size: float
    count_size: float

    def fill(self, side: Side) -> str:
        return self.palette.white if side is Side.WHITE else self.palette.black

    def edge(self, side: Side) -> str:
        return self.palette.white_edge if side is Side.WHITE else self.palette.black_edge

    def ink(self, side: Side) -> str:
        """Text on a checker of ``side``."""
        return self.palette.black if side is Side.WHITE else self.palette.white

    def top(self) -> Side:
        return self.viewer.opponent


def _tenths_up(value: float) -> float:
    """Rounded up to tenths, as it is written: never smaller than asked for."""
    return math.ceil(value * 10 - 1e-9) / 10


def _style(flip: bool, size: int, theme: str) -> _Style:
    if theme not in THEMES:
        raise ValueError(f"unknown theme '{theme}'; use one of {', '.join(THEMES)}")
    low, high = SIZE_RANGE
    if not low <= size <= high:
        raise ValueError(f"size {size} is outside {low}..{high} pixels")
    units_per_pixel = WIDTH / size
    return _Style(
        viewer=Side.BLACK if flip else Side.WHITE,
        palette=THEMES[theme],
        label_size=_tenths_up(min(36.0, max(22.0, MIN_PIXELS * units_per_pixel))),
        count_size=_tenths_up(min(34.0, max(28.0, MIN_PIXELS * units_per_pixel))),
    )


# -- building XML ------------------------------------------------------------


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _el(parent: ET.Element, tag: str, **attributes: object) -> ET.Element:
    """A child element; ``class_`` stands for ``class`` and ``_`` in names for ``-``."""
    attrib = {
        name.rstrip("_").replace("_", "-"): _number(value)
        if isinstance(value, float | int) and not isinstance(value, bool)
        else str(value)
        for name, value in attributes.items()
    }
    return ET.SubElement(parent, tag, attrib)


def _text(parent: ET.Element, x: float, y: float, words: str, **attributes: object) -> ET.Element:
    """Text centred on ``x`` (the root sets text-anchor), ``y`` its baseline."""
    element = _el(parent, "text", x=x, y=y, **attributes)
    element.text = words
    return element


def _centred_text(
    parent: ET.Element, x: float, y: float, words: str, size: float, **attributes: object
) -> ET.Element:
    """Text whose middle is at ``y`` (about a third of the size below it is the baseline)."""
    return _text(parent, x, y + size * 0.36, words, font_size=size, **attributes)


# -- places on the board -----------------------------------------------------


def _column_x(point: int) -> float:
    """The left edge of a point, given in the viewer's numbering."""
    column = point - 13 if point >= 13 else 12 - point
    half = LEFT if column < 6 else RIGHT
    return half + (column % 6) * POINT


def _on_top(point: int) -> bool:
    return point >= 13


def _stack_y(top: bool, index: int) -> float:
    """The centre of the checker ``index`` (0 = at the edge) of a stack."""
    radius = CHECKER / 2
    return TOP + radius + index * CHECKER if top else BOTTOM - radius - index * CHECKER


def _point_anchor(point: int, index: int) -> tuple[float, float]:
    return _column_x(point) + POINT / 2, _stack_y(_on_top(point), min(index, SHOWN - 1))


def _bar_y(top: bool, index: int) -> float:
    """Bar checkers stand from the middle band outwards, each side in its own half."""
    radius = CHECKER / 2
    edge = MIDDLE - BAND / 2
    return edge - radius - index * CHECKER if top else 2 * MIDDLE - edge + radius + index * CHECKER


def _tray_x(place: int) -> float:
    """The centre of a tray column: the pool on the left, borne off on the right."""
    return TRAY_X + (TRAY / 4 if place == POOL else 3 * TRAY / 4)


def _slab_y(top: bool, index: int) -> float:
    """The top edge of slab ``index`` (0 = at the board's edge) in a tray column."""
    return TOP + 4 + index * SLAB if top else BOTTOM - 4 - SLAB - index * SLAB


# -- the board ---------------------------------------------------------------


def _frame(root: ET.Element, style: _Style) -> None:
    colours = style.palette
    _el(root, "rect", x=0, y=0, width=WIDTH, height=HEIGHT, fill=colours.background)
    _el(
        root,
        "rect",
        x=0,
        y=STRIP,
        width=WIDTH,
        height=HEIGHT - 2 * STRIP,
        rx=10,
        fill=colours.frame,
    )
    for x in (LEFT, RIGHT):
        _el(root, "rect", x=x, y=TOP, width=6 * POINT, height=BOTTOM - TOP, fill=colours.felt)
    _el(root, "rect", x=TRAY_X, y=TOP, width=TRAY, height=BOTTOM - TOP, fill=colours.tray)
    _el(
        root,
        "line",
        x1=TRAY_X,
        y1=MIDDLE,
        x2=TRAY_X + TRAY,
        y2=MIDDLE,
        stroke=colours.frame,
        stroke_width=4,
    )


def _triangle(point: int) -> str:
    x, tip = _column_x(point), TRIANGLE
    if _on_top(point):
        corners = [(x, TOP), (x + POINT, TOP), (x + POINT / 2, TOP + tip)]
    else:
        corners = [(x, BOTTOM), (x + POINT, BOTTOM), (x + POINT / 2, BOTTOM - tip)]
    return " ".join(f"{_number(a)},{_number(b)}" for a, b in corners)


def _points(root: ET.Element, style: _Style) -> None:
    for parity, colour in enumerate(style.palette.points):
        group = _el(root, "g", class_="points", fill=colour)
        for point in range(2 - parity, 25, 2):
            _el(group, "polygon", points=_triangle(point))


def _marks(root: ET.Element, style: _Style, marked: set[int]) -> None:
    """An outline round each point the last moves left or reached."""
    if not marked:
        return
    group = _el(
        root,
        "g",
        class_="marked",
        fill="none",
        stroke=style.palette.mark,
        stroke_width=5,
        stroke_linejoin="round",
    )
    for point in sorted(marked):
        _el(group, "polygon", points=_triangle(point), data_point=point)


def _point_labels(root: ET.Element, style: _Style) -> None:
    labels = _el(root, "g", class_="labels", fill=style.palette.label)
    for point in range(1, 25):
        y = STRIP / 2 if _on_top(point) else HEIGHT - STRIP / 2
        _centred_text(labels, _column_x(point) + POINT / 2, y, str(point), style.label_size)


def _checkers(parent: ET.Element, style: _Style, side: Side, **attributes: object) -> ET.Element:
    """A group of one side's checkers: the colours are set once, on the group."""
    colours: dict[str, object] = {"fill": style.fill(side), "stroke": style.edge(side)}
    return _el(parent, "g", **{"stroke_width": 3, **colours, **attributes})


def _checker(group: ET.Element, x: float, y: float) -> None:
    _el(group, "circle", cx=x, cy=y, r=CHECKER / 2 - 1.5)


def _count(group: ET.Element, style: _Style, side: Side, x: float, y: float, count: int) -> None:
    _centred_text(
        group,
        x,
        y,
        str(count),
        style.count_size,
        fill=style.ink(side),
        stroke="none",
        font_weight="bold",
        class_="count",
    )


def _stacks(root: ET.Element, style: _Style, position: Position) -> None:
    layer = _el(root, "g", class_="checkers")
    for point in range(1, 25):
        owner, count = position.owner_of(style.viewer, point)
        if owner is None:
            continue
        stack = _checkers(
            layer, style, owner, class_=f"stack {owner.name.lower()}", data_point=point
        )
        x, top = _column_x(point) + POINT / 2, _on_top(point)
        for index in range(min(count, SHOWN)):
            _checker(stack, x, _stack_y(top, index))
        if count > SHOWN:
            _count(stack, style, owner, x, _stack_y(top, SHOWN - 1), count)


def _bar(root: ET.Element, style: _Style, position: Position) -> None:
    x = BAR_X + POINT / 2
    for side in Side:
        count = position.checkers(side)[BAR]
        if not count:
            continue
        top = side is style.top()
        group = _checkers(root, style, side, class_=f"bar {side.name.lower()}", data_count=count)
        for index in range(min(count, SHOWN_ON_BAR)):
            _checker(group, x, _bar_y(top, index))
        if count > 1:
            _count(group, style, side, x, _bar_y(top, min(count, SHOWN_ON_BAR) - 1), count)


def _tray(root: ET.Element, style: _Style, position: Position) -> None:
    for side in Side:
        top = side is style.top()
        for place, name in ((POOL, "in"), (OFF, "off")):
            count = position.checkers(side)[place]
            group = _el(root, "g", class_=f"tray {name} {side.name.lower()}", data_count=count)
            if count:
                _slabs(group, style, side, place, top, count)
            y = _slab_y(top, 15) + (SLAB + style.label_size if top else -SLAB)
            label = _text(group, _tray_x(place), y, str(count), fill=style.palette.label)
            label.set("font-size", _number(style.label_size))
            label.set("font-weight", "bold")


def _slabs(group: ET.Element, style: _Style, side: Side, place: int, top: bool, count: int) -> None:
    """The checkers of a tray column, seen edge-on: one path of ``count`` bars."""
    width = TRAY / 2 - 14
    left = _tray_x(place) - width / 2
    bars = "".join(
        f"M{_number(left)} {_number(_slab_y(top, index) + 1)}h{_number(width)}v{SLAB - 2}"
        f"h-{_number(width)}z"
        for index in range(count)
    )
    _el(group, "path", d=bars, fill=style.fill(side), stroke=style.edge(side), stroke_width=1.5)


def _tray_labels(root: ET.Element, style: _Style) -> None:
    group = _el(root, "g", class_="labels", fill=style.palette.label)
    for place, name in ((POOL, "in"), (OFF, "off")):
        for y in (STRIP / 2, HEIGHT - STRIP / 2):
            _centred_text(group, _tray_x(place), y, name, style.label_size)


def _band(root: ET.Element, style: _Style, position: Position) -> None:
    """The middle band: who is to roll (left half) and both pip counts (the tray)."""
    group = _el(root, "g", class_="band", fill=style.palette.label)
    winner = position.winner
    words = f"{winner.title} has won" if winner else f"{position.turn.title} to roll"
    _centred_text(group, LEFT + 3 * POINT, MIDDLE, words, style.label_size, class_="to-roll")
    size = min(style.label_size, BAND / 2 - 4)
    for side, offset in ((style.top(), -BAND / 4), (style.viewer, BAND / 4)):
        y = MIDDLE + offset
        disc = _checkers(group, style, side, stroke_width=2)
        _el(disc, "circle", cx=TRAY_X + 16, cy=y, r=9)
        _centred_text(
            group,
            TRAY_X + TRAY / 2 + 12,
            y,
            str(position.pip_count(side)),
            size,
            class_=f"pips {side.name.lower()}",
        )


def _dice(root: ET.Element, style: _Style, dice: tuple[int, int], mover: Side) -> None:
    """The dice in the right half's middle band, in the colours of the side that rolled them.

    A double is four dice, as it is played.
    """
    group = _checkers(root, style, mover, class_="dice", data_dice=f"{dice[0]}{dice[1]}")
    faces = dice * 2 if dice[0] == dice[1] else dice
    side, gap = 56, 14
    left = RIGHT + 3 * POINT - (len(faces) * side + (len(faces) - 1) * gap) / 2
    y = MIDDLE - side / 2
    for index, value in enumerate(faces):
        x = left + index * (side + gap)
        _el(group, "rect", x=x, y=y, width=side, height=side, rx=9)
        spots = _el(group, "g", fill=style.ink(mover), stroke="none")
        for dx, dy in _PIPS[value]:
            cx, cy = x + side / 2 + dx * side / 4, y + side / 2 + dy * side / 4
            _el(spots, "circle", cx=cx, cy=cy, r=5.5)


_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


# -- the last moves ----------------------------------------------------------


def _viewed(point: int, mover: Side, style: _Style) -> int:
    return point if mover is style.viewer else opposite_point(point)


def _anchor(
    place: int, mover: Side, style: _Style, position: Position, leaving: bool
) -> tuple[float, float]:
    """Where an arrow starts (``leaving``) or ends for one of the mover's places."""
    top = mover is style.top()
    counts = position.checkers(mover)
    if place in (POOL, OFF):
        index = counts[place] if leaving else max(counts[place] - 1, 0)
        return _tray_x(place), _slab_y(top, min(index, 14)) + SLAB / 2
    if place == BAR:
        return BAR_X + POINT / 2, _bar_y(top, 0)
    index = counts[place] if leaving else max(counts[place] - 1, 0)
    return _point_anchor(_viewed(place, mover, style), index)


def _arrow(layer: ET.Element, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A line from ``start`` with a head at ``end`` (the layer sets the colour)."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    if length < 1:
        return
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head, half = 26.0, 14.0
    bx, by = x2 - ux * head, y2 - uy * head
    _el(layer, "line", x1=round(x1, 1), y1=round(y1, 1), x2=round(bx, 1), y2=round(by, 1))
    corners = [(x2, y2), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]
    points = " ".join(f"{_number(round(a, 1))},{_number(round(b, 1))}" for a, b in corners)
    _el(layer, "polygon", points=points, stroke="none")


def _marked_points(steps: Iterable[Step], mover: Side, style: _Style) -> set[int]:
    return {
        _viewed(place, mover, style)
        for step in steps
        for place in (step.source, step.dest)
        if 1 <= place <= 24
    }


def _hits(
    root: ET.Element, style: _Style, position: Position, steps: Sequence[Step], mover: Side
) -> None:
    """A ring round each checker the last moves sent to the bar (the outermost ones there)."""
    hits = sum(step.hit for step in steps)
    victim = mover.opponent
    shown = min(position.checkers(victim)[BAR], SHOWN_ON_BAR)
    if not hits or not shown:
        return
    top = victim is style.top()
    group = _el(root, "g", class_="hits", fill="none", stroke=style.palette.mark, stroke_width=5)
    for index in range(max(shown - hits, 0), shown):
        _el(group, "circle", cx=BAR_X + POINT / 2, cy=_bar_y(top, index), r=CHECKER / 2 + 2)


def _arrows(
    root: ET.Element, style: _Style, position: Position, steps: Sequence[Step], mover: Side
) -> None:
    colour = style.palette.mark
    layer = _el(
        root,
        "g",
        class_="moves",
        opacity=0.85,
        fill=colour,
        stroke=colour,
        stroke_width=8,
        stroke_linecap="round",
    )
    for step in steps:
        start = _anchor(step.source, mover, style, position, leaving=True)
        end = _anchor(step.dest, mover, style, position, leaving=False)
        _arrow(layer, start, end)


# -- the API -----------------------------------------------------------------


def _base(layer: ET.Element, style: _Style) -> None:
    """What every board of one theme and side shows: the frame, the points, the labels."""
    _frame(layer, style)
    _points(layer, style)
    _point_labels(layer, style)
    _tray_labels(layer, style)


def _position(
    layer: ET.Element,
    style: _Style,
    position: Position,
    steps: Sequence[Step],
    mover: Side | None,
    dice: tuple[int, int] | None,
) -> None:
    """What one position shows: the checkers, the counts, the dice and the last moves."""
    if mover is not None:
        _marks(layer, style, _marked_points(steps, mover, style))
    _stacks(layer, style, position)
    _bar(layer, style, position)
    _tray(layer, style, position)
    _band(layer, style, position)
    if dice is not None:
        _dice(layer, style, dice, mover or position.turn)
    if steps and mover is not None:
        _hits(layer, style, position, steps, mover)
        _arrows(layer, style, position, steps, mover)


def _description(position: Position, style: _Style) -> str:
    pips = ", ".join(f"{side.title} {position.pip_count(side)} pips" for side in Side)
    winner = position.winner
    who = f"{winner.title} has won" if winner else f"{position.turn.title} to roll"
    return f"Acey-deucey board seen from {style.viewer.title}'s side: {who}; {pips}."


def board_element(
    position: Position,
    *,
    last_steps: Sequence[Step] = (),
    mover: Side | None = None,
    dice: tuple[int, int] | None = None,
    flip: bool = False,
    size: int = 600,
    theme: Theme = "light",
    title: str | None = None,
) -> ET.Element:
    """The board as an ElementTree element (``<svg>``), to embed in a larger document.

    The arguments are those of :func:`board`.
    """
    if last_steps and mover is None:
        raise ValueError("last_steps need the side that made them: pass mover")
    style = _style(flip, size, theme)
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NAMESPACE,
            "viewBox": f"0 0 {WIDTH} {HEIGHT}",
            "width": str(size),
            "height": str(round(size * HEIGHT / WIDTH)),
            "font-family": "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif",
            "text-anchor": "middle",
            "class": f"aceynote-board {theme}",
        },
    )
    _el(root, "title").text = title or _description(position, style)
    if title:
        _el(root, "desc").text = _description(position, style)
    _base(_el(root, "g", class_="base"), style)
    _position(_el(root, "g", class_="position"), style, position, last_steps, mover, dice)
    return root


def board(
    position: Position,
    *,
    last_steps: Sequence[Step] = (),
    mover: Side | None = None,
    dice: tuple[int, int] | None = None,
    flip: bool = False,
    size: int = 600,
    theme: Theme = "light",
    title: str | None = None,
) -> str:
    """The SVG text of a board showing ``position``.

    ``last_steps`` (in ``mover``'s numbering, as the validator's
    ``SegmentReplay.steps``) are drawn as arrows and their points
    highlighted; ``mover`` is the side that made them (required with
    them). ``dice`` are drawn in the middle band in the colours of
    ``mover``, or of the side to roll when no mover is named. ``flip`` shows
    the board from Black's side. ``size`` is the width in pixels, 120 to
    4000 (the height is 4/5 of it; from 300 up no text is under 10 pixels
    high). ``theme`` is
    ``"light"`` or ``"dark"``. ``title`` (any text; it is escaped) becomes
    the SVG's ``<title>``, shown by browsers as a tooltip.
    """
    element = board_element(
        position,
        last_steps=last_steps,
        mover=mover,
        dice=dice,
        flip=flip,
        size=size,
        theme=theme,
        title=title,
    )
    return ET.tostring(element, encoding="unicode", xml_declaration=False) + "\n"


def replay_board(
    replay: SegmentReplay,
    *,
    flip: bool = False,
    size: int = 600,
    theme: Theme = "light",
    title: str | None = None,
) -> str:
    """The board after a validator's :class:`~aceynote.validation.SegmentReplay`.

    The position after the segment, its dice, and its steps marked.
    """
    segment = replay.segment
    return board(
        replay.after,
        last_steps=replay.steps,
        mover=replay.before.turn,
        dice=(segment.high, segment.low),
        flip=flip,
        size=size,
        theme=theme,
        title=title,
    )
