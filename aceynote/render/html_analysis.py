"""The analysis on the game page: marks in the move list, each segment's verdict, the graph.

What to show comes from aceynote.analysis.review (a run of the engine, or a
record's analysis comments); this module only draws it.
The graph is inline SVG: White's chance of winning after each judged
segment, each segment a link to its position (``#12``), as the move list's
are; the page's script moves the current point (``circle.now``) from the
``data-x``/``data-y`` of the current segment's link.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, NamedTuple

from ..notation.model import Mark
from ..validation.frames import GameFrames
from .elements import child, element, number_text

if TYPE_CHECKING:  # the analysis room (and numpy) only for a page that shows one
    from ..analysis.analysed import GameAnalysis
    from ..analysis.review import GameReview, Judged

# The graph's drawing, in its viewBox: the plot's box and the whole. Its scale follows the
# page's width, so the axis's words stand beside it in HTML, at the page's text size (drawn
# in the SVG they were about 7 pixels high on a phone).
WIDTH, HEIGHT = 600, 132
LEFT, TOP, PLOT_WIDTH, PLOT_HEIGHT = 8.0, 8.0, 584.0, 112.0
MARK_CLASS = {mark.value: mark.word.replace(" ", "-") for mark in Mark}


def mark_in_move_list(
    parent: ET.Element, link: ET.Element | None, judged: Judged, shown: Collection[str]
) -> None:
    """Colour a marked move, and write its mark when the record does not carry it (``shown``:
    what the move shows, its glyphs and its NAGs' as glyphs): after the record's own glyphs,
    boxed apart from them (page.css), its title saying whose it is."""
    if judged.mark is None:
        return
    kind = MARK_CLASS[judged.mark]
    if link is not None:
        link.set("class", f"{link.get('class')} marked {kind}")
    if judged.mark not in shown:
        glyph = ET.SubElement(parent, "span", {"class": f"mark {kind}"})
        glyph.text = judged.mark
        glyph.set("title", f"the engine's mark: {kind.replace('-', ' ')}, {judged.loss:.2f} lost")


def judged_data(judged: Judged) -> dict[str, object]:
    """What the page's script shows under the board for a judged segment."""
    from ..analysis.analysed import AnalysedDecision, candidate_text

    verdict = judged.verdict
    if isinstance(verdict, AnalysedDecision):
        forced = verdict.forced
        best = [
            {
                "play": candidate_text(option),
                "win": option.win,
                "equity": option.equity,
                "diff": option.diff,
            }
            for option in verdict.best
        ]
    else:  # a record's comment names the best play and nothing else
        forced = False
        best = [{"play": verdict.best, "win": None, "equity": None, "diff": None}]
    return {
        "mark": judged.mark,
        "kind": None if judged.mark is None else MARK_CLASS[judged.mark],
        "loss": judged.loss,
        "forced": forced,
        "why": judged.why,
        "best": best,
    }


def review_data(review: GameReview | None) -> dict[str, object] | None:
    return None if review is None else {"source": review.source, "depth": review.depth}


def review_heading(parent: ET.Element, review: GameReview) -> None:
    """A line in the game's header saying where the analysis comes from; after an analysis
    run now, each player's figures over the game (:func:`figures_table`)."""
    if review.source == "engine":
        words = f"Analysed by the aceynote engine at {review.depth}-ply while writing this page"
        words += "; the graph shows White's chance of winning after each segment."
    else:
        words = "The record's analysis comments (aceynote analyze -o): its marks, best plays"
        words += " and equity lost; no graph (aceynote html --analyze draws one)."
    paragraph = ET.SubElement(parent, "p", {"class": "analysis-source"})
    paragraph.text = words
    if review.analysis is not None:
        figures_table(parent, review.analysis)


def figures_table(parent: ET.Element, analysis: GameAnalysis) -> None:
    """Each player's figures over the game, as ``aceynote analyze --summary`` gives them: a
    figure a row and a player a column, so that the table fits the games' column at any width
    (a column a figure was wider than it, and its right-hand columns cut off)."""
    from ..analysis.figures import COLUMNS
    from ..analysis.totals import figures_cells, game_players

    players = game_players(analysis)
    # In a box that scrolls, should long names make the table wider than the column still.
    box = ET.SubElement(parent, "div", {"class": "figures-box"})
    table = ET.SubElement(box, "table", {"class": "figures"})
    ET.SubElement(table, "caption").text = "Each player's figures over this game"
    head = ET.SubElement(table, "tr")
    for label in ("figure", *(name for name, _ in players)):  # over the figures' names
        ET.SubElement(head, "th", {"scope": "col"}).text = label
    cells = [figures_cells(figures) for _, figures in players]
    for index, column in enumerate(COLUMNS):
        row = ET.SubElement(table, "tr")
        ET.SubElement(row, "th", {"scope": "row"}).text = column.head
        for player in cells:
            ET.SubElement(row, "td").text = player[index]


def graph(
    review: GameReview, frames: GameFrames, number: int, href: Callable[[str], str]
) -> ET.Element | None:
    """The win % graph of a game (None without win %), in a box the script shows with its game."""
    wins = review.white_wins
    if wins is None:  # a record's comments
        return None
    points = [
        _Point(frames.of_segment[id(item.segment)], item, win)
        for item, win in zip(review.judged, wins, strict=True)
        if id(item.segment) in frames.of_segment
    ]
    if not points:
        return None
    box = ET.Element("div", {"class": "win-graph", "data-game": str(number)})
    if number > 1:
        box.set("hidden", "hidden")
    _axis(box)
    drawing = child(
        box,
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {WIDTH} {HEIGHT}",
        role="img",
        aria_label="White's chance of winning after each segment; click to go there",
    )
    child(drawing, "title").text = "White's chance of winning after each segment"
    _plot(drawing)
    last = points[-1].judged.ply
    place = {point.key: _place(point.judged.ply, last, point.win) for point in points}
    _line(drawing, list(place.values()))
    for point in points:
        if point.judged.mark is not None:
            x, y = place[point.key]
            kind = MARK_CLASS[point.judged.mark]
            child(drawing, "circle", class_=f"mark {kind}", cx=x, cy=y, r=3.5)
    step = PLOT_WIDTH / max(last - 1, 1)
    links = child(drawing, "g", class_="spots")
    for point in points:
        title = f"{frames.frames[point.key].label}: White {point.win:.0%}"
        _spot(links, point.key, place[point.key], step, href(point.key), title)
    child(drawing, "circle", class_="now", cx=LEFT, cy=TOP, r=5.5, visibility="hidden")
    return box


class _Point(NamedTuple):
    """A judged segment on the graph: its frame's key, and White's chance after it."""

    key: str
    judged: Judged
    win: float


def _line(drawing: ET.Element, places: list[tuple[float, float]]) -> None:
    """The line of White's chances, over the area it closes with the bottom of the plot."""
    spots = [f"{number_text(x)},{number_text(y)}" for x, y in places]
    bottom = number_text(TOP + PLOT_HEIGHT)
    first, last = number_text(places[0][0]), number_text(places[-1][0])
    area = [f"{first},{bottom}", *spots, f"{last},{bottom}"]
    child(drawing, "polygon", class_="area", points=" ".join(area))
    child(drawing, "polyline", class_="line", points=" ".join(spots))


def _height_of(win: float) -> float:
    """Where White's chance ``win`` stands in the drawing, from its top."""
    return TOP + (1 - win) * PLOT_HEIGHT


def _place(ply: int, last: int, win: float) -> tuple[float, float]:
    """Where a segment stands on the graph: ply across, White's chance up."""
    x = LEFT + (ply - 1) * PLOT_WIDTH / max(last - 1, 1)
    return round(x, 1), round(_height_of(win), 1)


def _plot(drawing: ET.Element) -> None:
    """The plot's box, and its line of even chances."""
    child(drawing, "rect", class_="plot", x=LEFT, y=TOP, width=PLOT_WIDTH, height=PLOT_HEIGHT)
    y = _height_of(0.5)
    child(drawing, "line", class_="even", x1=LEFT, y1=y, x2=LEFT + PLOT_WIDTH, y2=y)


_AXIS_SHARES = {"at-full": 1.0, "at-half": 0.5, "at-none": 0.0}


def _axis(box: ET.Element) -> None:
    """The chances 100%, 50% and 0% beside the drawing, placed by :func:`axis_style`."""
    column = child(box, "div", class_="axis", aria_hidden="true")
    for name, share in _AXIS_SHARES.items():
        element(column, "span", f"{share:.0%}", class_=name)


def axis_style() -> str:
    """The rules that centre each of the axis's words on its height in the plot, as a share of
    the drawing's height, which the axis's column takes (the page's policy allows no style
    attribute, so they join its style sheet)."""
    return "".join(
        f".win-graph .axis .{name} {{ top: {_height_of(share) / HEIGHT:.3%}; }}\n"
        for name, share in _AXIS_SHARES.items()
    )


def _spot(
    parent: ET.Element, key: str, at: tuple[float, float], step: float, href: str, title: str
) -> None:
    """A segment's column of the graph: a link to its position, with its figures as a tooltip."""
    x, y = at
    link = child(parent, "a", href=href, data_key=key, data_x=x, data_y=y)
    child(link, "title").text = title
    left = max(LEFT, x - step / 2)
    right = min(LEFT + PLOT_WIDTH, x + step / 2)
    child(link, "rect", x=round(left, 1), y=TOP, width=round(right - left, 1), height=PLOT_HEIGHT)
