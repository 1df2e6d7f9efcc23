"""The last moves on a drawn board: their points marked, arrows from where to where, hits."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence

from ..rules import BAR, OFF, POOL, Position, Side, Step, opposite_point
from .elements import child, number_text
from .geometry import (
    BAR_X,
    CHECKER,
    POINT,
    SHOWN_ON_BAR,
    SLAB,
    bar_y,
    point_anchor,
    slab_y,
    tray_x,
)
from .style import Style


def _viewed(point: int, mover: Side, style: Style) -> int:
    return point if mover is style.viewer else opposite_point(point)


def _anchor(
    place: int, mover: Side, style: Style, position: Position, leaving: bool
) -> tuple[float, float]:
    """Where an arrow starts (``leaving``) or ends for one of the mover's places."""
    top = mover is style.top()
    counts = position.checkers(mover)
    if place in (POOL, OFF):
        index = counts[place] if leaving else max(counts[place] - 1, 0)
        return tray_x(place), slab_y(top, min(index, 14)) + SLAB / 2
    if place == BAR:
        return BAR_X + POINT / 2, bar_y(top, 0)
    index = counts[place] if leaving else max(counts[place] - 1, 0)
    return point_anchor(_viewed(place, mover, style), index)


def _arrow(layer: ET.Element, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A line from ``start`` with a head at ``end`` (the layer sets the colour)."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    if length < 1:
        return
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head, half = 26.0, 14.0
    bx, by = x2 - ux * head, y2 - uy * head
    child(layer, "line", x1=round(x1, 1), y1=round(y1, 1), x2=round(bx, 1), y2=round(by, 1))
    corners = [(x2, y2), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]
    points = " ".join(f"{number_text(round(a, 1))},{number_text(round(b, 1))}" for a, b in corners)
    child(layer, "polygon", points=points, stroke="none")


def marked_points(steps: Iterable[Step], mover: Side, style: Style) -> set[int]:
    return {
        _viewed(place, mover, style)
        for step in steps
        for place in (step.source, step.dest)
        if 1 <= place <= 24
    }


def hit_marks(
    root: ET.Element, style: Style, position: Position, steps: Sequence[Step], mover: Side
) -> None:
    """A ring round each checker the last moves sent to the bar (the outermost ones there)."""
    hits = sum(step.hit for step in steps)
    victim = mover.opponent
    shown = min(position.checkers(victim)[BAR], SHOWN_ON_BAR)
    if not hits or not shown:
        return
    top = victim is style.top()
    group = child(root, "g", class_="hits", fill="none", stroke=style.palette.mark, stroke_width=5)
    for index in range(max(shown - hits, 0), shown):
        child(group, "circle", cx=BAR_X + POINT / 2, cy=bar_y(top, index), r=CHECKER / 2 + 2)


def arrows(
    root: ET.Element, style: Style, position: Position, steps: Sequence[Step], mover: Side
) -> None:
    colour = style.palette.mark
    layer = child(
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
