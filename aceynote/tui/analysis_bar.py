"""The analysis line under the board: the analysis running (how far), then the game's graph.

The graph is White's chance of winning after every decision of the main line,
one bar a column across the width (a decision gets more columns in a short
game, a column stands for several in a long one); the current decision's
columns are marked. A click on a column goes to that decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.content import Content
from textual.message import Message
from textual.style import Style as VisualStyle
from textual.widget import Widget

BARS = "▁▂▃▄▅▆▇█"
MIN_PROGRESS = 5  # columns of the progress bar at least


def ply_at(column: int, width: int, count: int) -> int:
    """The decision (0 for the first) of ``count`` that column ``column`` of ``width`` shows."""
    if count <= 0 or width <= 0:
        return 0
    return min(count - 1, max(0, column) * count // width)


def columns_of(ply: int, width: int, count: int) -> range:
    """The columns of a ``width`` wide graph of ``count`` decisions that mark decision ``ply``:
    those that show it, or, in a graph narrower than the game, the column it falls in."""
    if count <= 0 or width <= 0 or not 0 <= ply < count:
        return range(0)
    first = -(-ply * width // count)  # the first column c with c * count // width == ply
    after = -(-(ply + 1) * width // count)
    if first < after:
        return range(first, after)
    column = ply * width // count
    return range(column, column + 1)


class AnalysisBar(Widget):
    """One line: hidden until an analysis starts."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "analysis-bar--label",
        "analysis-bar--graph",
        "analysis-bar--current",
        "analysis-bar--done",
    }

    @dataclass
    class Clicked(Message):
        """A click on the graph: go to decision ``ply`` (0 for the first)."""

        ply: int

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.wins: list[float] = []
        self.current: int | None = None
        self.progress: tuple[int, int, int] | None = None  # done, total, depth
        self.idle_text = ""

    # -- what it shows ------------------------------------------------------------
    def show_progress(self, done: int, total: int, depth: int) -> None:
        self.progress = (done, total, depth)
        self.display = True
        self.refresh()

    def show_graph(self, wins: list[float] | None, note: str = "") -> None:
        """The graph of an analysis (None: no analysis, hidden unless ``note`` says something)."""
        self.progress = None
        self.wins = wins or []
        self.idle_text = note
        self.display = bool(self.wins or note)
        self.refresh()

    def mark(self, ply: int | None) -> None:
        if ply != self.current:
            self.current = ply
            self.refresh()

    @property
    def label(self) -> str:
        """``○ 62%``: White's chance after the current decision (``○   --`` where there is none)."""
        if self.current is None or not 0 <= self.current < len(self.wins):
            return "○   -- "
        return f"○ {100 * self.wins[self.current]:3.0f}% "

    def render(self) -> Content:
        if self.progress is not None:
            return self._progress_line(*self.progress)
        if not self.wins:
            return Content.assemble((self.idle_text, self._style("analysis-bar--label")))
        return self._graph()

    def _progress_line(self, done: int, total: int, depth: int) -> Content:
        head, tail = f"analysing {depth}-ply {done}/{total} ", "  a/esc: cancel"
        width = max(self.content_size.width - len(head) - len(tail), MIN_PROGRESS)
        filled = width * done // max(total, 1)
        return Content.assemble(
            (head, self._style("analysis-bar--label")),
            ("━" * filled, self._style("analysis-bar--done")),
            ("─" * (width - filled), self._style("analysis-bar--graph")),
            (tail, self._style("analysis-bar--label")),
        )

    def _graph(self) -> Content:
        label = self.label
        width = max(self.content_size.width - len(label), 1)
        count = len(self.wins)
        current = columns_of(self.current, width, count) if self.current is not None else range(0)
        plain, marked = self._style("analysis-bar--graph"), self._style("analysis-bar--current")
        parts: list[tuple[str, VisualStyle]] = []
        for column in range(width):
            win = self.wins[ply_at(column, width, count)]
            bar = BARS[min(len(BARS) - 1, max(0, round(win * (len(BARS) - 1))))]
            parts.append((bar, marked if column in current else plain))
        return Content.assemble((label, self._style("analysis-bar--label")), *parts)

    def _style(self, name: str) -> VisualStyle:
        return self.get_visual_style(name, partial=True)

    def on_click(self, event: events.Click) -> None:
        if self.progress is not None or not self.wins:
            return
        event.stop()
        offset = event.get_content_offset(self)
        width = max(self.content_size.width - len(self.label), 1)
        column = -1 if offset is None else offset.x - len(self.label)
        if column >= 0:
            self.post_message(self.Clicked(ply_at(column, width, len(self.wins))))
