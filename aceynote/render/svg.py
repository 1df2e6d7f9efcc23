"""Board diagrams: a position drawn as a backgammon board, as SVG text.

``board(position)`` returns the SVG of a position, as ``chess.svg.board``
does for chess::

    from aceynote.render import svg
    from aceynote.rules import Position

    text = svg.board(Position.from_setup("W 6:5 in:10 / B 6:2 in:13 / B"))

The board is seen from one side (White, or Black with ``flip``), which sits
at the bottom: its points 13-24 run along the top from left to right and
12-1 along the bottom, its home board (1-6) at the bottom right, and each
point carries that side's number. The bar is the column between the halves;
the tray on the right holds each side's pool (``in``) and borne-off
checkers, the top half for the side sitting at the top. The middle band
shows who is to roll (or names a double after a 1-2 played in full; or
words of the caller's), each side's pip count and the dice.

This is drawing only: counts, pips and who is to roll come from the
:class:`~aceynote.rules.Position`, the last moves from the validator's
replay (``last_steps`` and ``mover``; :func:`replay_board` takes a
:class:`~aceynote.validate.SegmentReplay` whole). The XML is built with
:mod:`xml.etree.ElementTree`, which escapes every text it is given.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ..rules import BAR, OFF, POOL, Position, Side, Step, roll_dice
from ..validation import SegmentReplay
from .elements import centred_text, child, markup, number_text, text_at
from .geometry import (
    BAND,
    BAR_X,
    BOTTOM,
    CHECKER,
    HEIGHT,
    LEFT,
    MIDDLE,
    POINT,
    RIGHT,
    SHOWN,
    SHOWN_ON_BAR,
    SLAB,
    STRIP,
    TOP,
    TRAY,
    TRAY_X,
    TRIANGLE,
    WIDTH,
    bar_y,
    column_x,
    on_top,
    slab_y,
    stack_y,
    tray_x,
)
from .move_marks import arrows, hit_marks, marked_points
from .style import SIZE_RANGE, THEMES, Style, Theme, style_for
from .text_board import who_acts

__all__ = [
    "SIZE_RANGE",
    "THEMES",
    "Theme",
    "board",
    "board_element",
    "replay_board",
    "replay_element",
]
SVG_NAMESPACE = "http://www.w3.org/2000/svg"


# -- the board ---------------------------------------------------------------


def _frame(root: ET.Element, style: Style) -> None:
    colours = style.palette
    child(root, "rect", x=0, y=0, width=WIDTH, height=HEIGHT, fill=colours.background)
    child(
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
        child(root, "rect", x=x, y=TOP, width=6 * POINT, height=BOTTOM - TOP, fill=colours.felt)
    child(root, "rect", x=TRAY_X, y=TOP, width=TRAY, height=BOTTOM - TOP, fill=colours.tray)
    child(
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
    x, tip = column_x(point), TRIANGLE
    if on_top(point):
        corners = [(x, TOP), (x + POINT, TOP), (x + POINT / 2, TOP + tip)]
    else:
        corners = [(x, BOTTOM), (x + POINT, BOTTOM), (x + POINT / 2, BOTTOM - tip)]
    return " ".join(f"{number_text(a)},{number_text(b)}" for a, b in corners)


def _points(root: ET.Element, style: Style) -> None:
    for parity, colour in enumerate(style.palette.points):
        group = child(root, "g", class_="points", fill=colour)
        for point in range(2 - parity, 25, 2):
            child(group, "polygon", points=_triangle(point))


def _marks(root: ET.Element, style: Style, marked: set[int]) -> None:
    """An outline round each point the last moves left or reached."""
    if not marked:
        return
    group = child(
        root,
        "g",
        class_="marked",
        fill="none",
        stroke=style.palette.mark,
        stroke_width=5,
        stroke_linejoin="round",
    )
    for point in sorted(marked):
        child(group, "polygon", points=_triangle(point), data_point=point)


def _point_labels(root: ET.Element, style: Style) -> None:
    labels = child(root, "g", class_="labels", fill=style.palette.label)
    for point in range(1, 25):
        y = STRIP / 2 if on_top(point) else HEIGHT - STRIP / 2
        centred_text(labels, column_x(point) + POINT / 2, y, str(point), style.label_size)


def _checkers(parent: ET.Element, style: Style, side: Side, **attributes: object) -> ET.Element:
    """A group of one side's checkers: the colours are set once, on the group."""
    colours: dict[str, object] = {"fill": style.fill(side), "stroke": style.edge(side)}
    return child(parent, "g", **{"stroke_width": 3, **colours, **attributes})


def _checker(group: ET.Element, x: float, y: float) -> None:
    child(group, "circle", cx=x, cy=y, r=CHECKER / 2 - 1.5)


def _count(group: ET.Element, style: Style, side: Side, x: float, y: float, count: int) -> None:
    centred_text(
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


def _stacks(root: ET.Element, style: Style, position: Position) -> None:
    layer = child(root, "g", class_="checkers")
    for point in range(1, 25):
        owner, count = position.owner_of(style.viewer, point)
        if owner is None:
            continue
        stack = _checkers(
            layer, style, owner, class_=f"stack {owner.name.lower()}", data_point=point
        )
        x, top = column_x(point) + POINT / 2, on_top(point)
        for index in range(min(count, SHOWN)):
            _checker(stack, x, stack_y(top, index))
        if count > SHOWN:
            _count(stack, style, owner, x, stack_y(top, SHOWN - 1), count)


def _bar(root: ET.Element, style: Style, position: Position) -> None:
    x = BAR_X + POINT / 2
    for side in Side:
        count = position.checkers(side)[BAR]
        if not count:
            continue
        top = side is style.top()
        group = _checkers(root, style, side, class_=f"bar {side.name.lower()}", data_count=count)
        for index in range(min(count, SHOWN_ON_BAR)):
            _checker(group, x, bar_y(top, index))
        if count > 1:
            _count(group, style, side, x, bar_y(top, min(count, SHOWN_ON_BAR) - 1), count)


def _tray(root: ET.Element, style: Style, position: Position) -> None:
    for side in Side:
        top = side is style.top()
        for place, name in ((POOL, "in"), (OFF, "off")):
            count = position.checkers(side)[place]
            group = child(root, "g", class_=f"tray {name} {side.name.lower()}", data_count=count)
            if count:
                _slabs(group, style, side, place, top, count)
            y = slab_y(top, 15) + (SLAB + style.label_size if top else -SLAB)
            label = text_at(group, tray_x(place), y, str(count), fill=style.palette.label)
            label.set("font-size", number_text(style.label_size))
            label.set("font-weight", "bold")


def _slabs(group: ET.Element, style: Style, side: Side, place: int, top: bool, count: int) -> None:
    """The checkers of a tray column, seen edge-on: one path of ``count`` bars."""
    width = TRAY / 2 - 14
    left = tray_x(place) - width / 2
    bars = "".join(
        f"M{number_text(left)} {number_text(slab_y(top, index) + 1)}h{number_text(width)}v{SLAB - 2}"
        f"h-{number_text(width)}z"
        for index in range(count)
    )
    child(group, "path", d=bars, fill=style.fill(side), stroke=style.edge(side), stroke_width=1.5)


def _tray_labels(root: ET.Element, style: Style) -> None:
    group = child(root, "g", class_="labels", fill=style.palette.label)
    for place, name in ((POOL, "in"), (OFF, "off")):
        for y in (STRIP / 2, HEIGHT - STRIP / 2):
            centred_text(group, tray_x(place), y, name, style.label_size)


def _band(root: ET.Element, style: Style, position: Position, words: str) -> None:
    """The middle band: ``words`` (who is to roll...) in the left half, and both pip counts
    (the tray)."""
    group = child(root, "g", class_="band", fill=style.palette.label)
    centred_text(group, LEFT + 3 * POINT, MIDDLE, words, style.label_size, class_="to-roll")
    size = min(style.label_size, BAND / 2 - 4)
    for side, offset in ((style.top(), -BAND / 4), (style.viewer, BAND / 4)):
        y = MIDDLE + offset
        disc = _checkers(group, style, side, stroke_width=2)
        child(disc, "circle", cx=TRAY_X + 16, cy=y, r=9)
        centred_text(
            group,
            TRAY_X + TRAY / 2 + 12,
            y,
            str(position.pip_count(side)),
            size,
            class_=f"pips {side.name.lower()}",
        )


def _dice(root: ET.Element, style: Style, dice: tuple[int, int], mover: Side) -> None:
    """The dice in the right half's middle band, in the colours of the side that rolled them.

    A double is four dice, as it is played.
    """
    group = _checkers(root, style, mover, class_="dice", data_dice=f"{dice[0]}{dice[1]}")
    faces = roll_dice(*dice)
    side, gap = 56, 14
    left = RIGHT + 3 * POINT - (len(faces) * side + (len(faces) - 1) * gap) / 2
    y = MIDDLE - side / 2
    for index, value in enumerate(faces):
        x = left + index * (side + gap)
        child(group, "rect", x=x, y=y, width=side, height=side, rx=9)
        spots = child(group, "g", fill=style.ink(mover), stroke="none")
        for dx, dy in _PIPS[value]:
            cx, cy = x + side / 2 + dx * side / 4, y + side / 2 + dy * side / 4
            child(spots, "circle", cx=cx, cy=cy, r=5.5)


_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


# -- the API -----------------------------------------------------------------


def _base(layer: ET.Element, style: Style) -> None:
    """What every board of one theme and side shows: the frame, the points, the labels."""
    _frame(layer, style)
    _points(layer, style)
    _point_labels(layer, style)
    _tray_labels(layer, style)


def _position(
    layer: ET.Element,
    style: Style,
    position: Position,
    steps: Sequence[Step],
    mover: Side | None,
    dice: tuple[int, int] | None,
    band: str,
) -> None:
    """What one position shows: the checkers, the counts, the dice and the last moves."""
    if mover is not None:
        _marks(layer, style, marked_points(steps, mover, style))
    _stacks(layer, style, position)
    _bar(layer, style, position)
    _tray(layer, style, position)
    _band(layer, style, position, band)
    if dice is not None:
        _dice(layer, style, dice, mover or position.turn)
    if steps and mover is not None:
        hit_marks(layer, style, position, steps, mover)
        arrows(layer, style, position, steps, mover)


def _description(position: Position, style: Style, band: str) -> str:
    pips = ", ".join(f"{side.title} {position.pip_count(side)} pips" for side in Side)
    return f"Acey-deucey board seen from {style.viewer.title}'s side: {band}; {pips}."


def board_element(
    position: Position,
    *,
    last_steps: Sequence[Step] = (),
    mover: Side | None = None,
    dice: tuple[int, int] | None = None,
    band: str | None = None,
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
    style = style_for(flip, size, theme)
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
    words = band or who_acts(position)
    child(root, "title").text = title or _description(position, style, words)
    if title:
        child(root, "desc").text = _description(position, style, words)
    _base(child(root, "g", class_="base"), style)
    layer = child(root, "g", class_="position")
    _position(layer, style, position, last_steps, mover, dice, words)
    return root


def board(
    position: Position,
    *,
    last_steps: Sequence[Step] = (),
    mover: Side | None = None,
    dice: tuple[int, int] | None = None,
    band: str | None = None,
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
    ``mover``, or of the side to roll when no mover is named. ``band``: the
    middle band's words, when they are not who has won or is to roll (the app's
    diagram says what its board says: ``White move 2/4``, ``White played``).
    ``flip`` shows
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
        band=band,
        flip=flip,
        size=size,
        theme=theme,
        title=title,
    )
    return markup(element) + "\n"


def replay_board(
    replay: SegmentReplay,
    *,
    flip: bool = False,
    size: int = 600,
    theme: Theme = "light",
    title: str | None = None,
) -> str:
    """The board after a validator's :class:`~aceynote.validate.SegmentReplay`.

    The position after the segment, its dice, and its steps marked.
    """
    element = replay_element(replay, flip=flip, size=size, theme=theme, title=title)
    return markup(element) + "\n"


def replay_element(
    replay: SegmentReplay,
    *,
    flip: bool = False,
    size: int = 600,
    theme: Theme = "light",
    title: str | None = None,
) -> ET.Element:
    """:func:`replay_board` as an element, to embed in a larger document (the game page); its
    band says who acts next (``White names a double`` after a 1-2 played in full)."""
    segment = replay.segment
    return board_element(
        replay.after,
        last_steps=replay.steps,
        mover=replay.before.turn,
        dice=(segment.high, segment.low),
        band=who_acts(replay.after, replay),
        flip=flip,
        size=size,
        theme=theme,
        title=title,
    )
