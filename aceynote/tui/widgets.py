"""The widgets of the replay screen: board, status line, move list (the header: :mod:`.game_header`; the notes: :mod:`.notes`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.segment import Segment as RichSegment
from rich.style import Style
from textual import events
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..notation import Segment, Turn
from ..notation.lines import Path
from ..notation.writer import segment_label, segment_text
from ..render.text_board import MAX_STACK, TALL_STACK, BoardPainter, PendingRoll, fit
from ..rules import Side, play_text
from ..terminal_text import printable
from ..validation import Diagnostic
from ..validation.timeline import Frame, Place, Timeline

# Rows the rest of the replay screen needs around the board: header, footer,
# the status lines and the smallest useful notes panel; on a wide screen, where
# the notes stand beside the board, only the header, the footer and the status line.
_AROUND_BOARD = 13
_AROUND_WIDE_BOARD = 3
WIDE_LAYOUT = "-huge"  # the screen's breakpoint class of the side-by-side layout
NARROW_LAYOUT = "-narrow"  # the screen's breakpoint class below 100 columns (80's footer)


class Board(Widget):
    """The board, drawn from the viewer's side; colours come from the component classes."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--frame",
        "board--label",
        "board--felt",
        "board--point-dark",
        "board--point-light",
        "board--white",
        "board--black",
        "board--moved",
        "board--last",
        "board--from",
        "board--hit",
        "board--die",
        "board--die-used",
        "board--tray",
        "board--bar",
    }

    frame: reactive[Frame | None] = reactive(None)
    viewer: reactive[Side] = reactive(Side.WHITE)
    rolled: reactive[PendingRoll | None] = reactive(None)
    """Dice rolled at the frame's position and not played yet, shown in the middle band."""

    @dataclass
    class Clicked(Message):
        """A click on the board: on its right half steps forward, on its left half back."""

        forward: bool

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self._side_by_side:
            return fit(width, viewport.height - _AROUND_WIDE_BOARD, TALL_STACK).height
        return fit(width, viewport.height - _AROUND_BOARD + 5).height

    @property
    def _side_by_side(self) -> bool:
        """Whether the notes stand beside the board (a wide screen): it may grow taller."""
        return self.screen.has_class(WIDE_LAYOUT)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(event.x >= self.size.width // 2))

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._styles_by_roles: dict[tuple[str, ...], Style] = {}
        self._strips: list[Strip] = []
        self._drawn: tuple[Side, Size, PendingRoll | None] | None = None
        self._drawn_frame: Frame | None = None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles_by_roles.clear()
        self._drawn = None

    def render_line(self, y: int) -> Strip:
        """One row of the board (the line API: no text layout, rows cached per frame)."""
        key = (self.viewer, self.size, self.rolled)
        if self.frame is not self._drawn_frame or key != self._drawn:
            self._strips = self._draw()
            self._drawn, self._drawn_frame = key, self.frame
        base = self.rich_style
        if y < len(self._strips):
            return self._strips[y].apply_style(base)
        return Strip.blank(self.size.width, base)

    def _draw(self) -> list[Strip]:
        frame = self.frame
        if frame is None:
            return []
        width = self.size.width
        geometry = fit(width, self.size.height, TALL_STACK if self._side_by_side else MAX_STACK)
        margin = max(0, (width - geometry.width) // 2)
        strips = []
        for row in BoardPainter(frame, self.viewer, geometry, self.rolled).rows():
            segments = [RichSegment(" " * margin)] if margin else []
            segments += [RichSegment(piece, self._style(roles)) for piece, roles in row]
            strips.append(Strip(segments).adjust_cell_length(width))
        return strips

    def _style(self, roles: tuple[str, ...]) -> Style:
        style = self._styles_by_roles.get(roles)
        if style is None:
            style = Style()
            for role in roles:
                style += self.get_component_rich_style(role, partial=True)
            self._styles_by_roles[roles] = style
        return style


class StatusBar(Widget):
    """The current segment as written, and the step shown (one line, redrawn each step)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"status--play", "status--detail"}

    _line: Content = Content("")
    _shown: tuple[Frame, Path] | None = None

    def show(self, frame: Frame, path: Path) -> None:
        self._shown = (frame, path)
        self.refresh()

    def show_text(self, text: str) -> None:
        """A line of its own (the record screen's, before anything was entered)."""
        self._shown = None
        self._line = Content.assemble((text, self.get_visual_style("status--detail", partial=True)))
        self.refresh()

    def render(self) -> Content:
        """The line, at the width it has now (a narrow one says a forced replay shorter)."""
        if self._shown is None:
            return self._line
        return self._play_line(*self._shown, self.content_size.width)

    def _play_line(self, frame: Frame, path: Path, width: int) -> Content:
        detail_style = self.get_visual_style("status--detail", partial=True)
        play_style = self.get_visual_style("status--play", partial=True)
        where = "variation  " if path else ""
        replay = frame.replay
        if replay is None:
            return Content.assemble(
                (where + "start position: → steps, ↓ rolls, click the board", detail_style)
            )
        written = segment_label(replay.turn, replay.segment)
        total = len(replay.steps)
        if frame.step and total:
            detail = f"  step {frame.step}/{total}: {play_text(replay.steps[frame.step - 1 : frame.step])}"
        elif frame.forced:
            detail = _FORCED if len(where + written + _FORCED) <= width else _FORCED_SHORT
        elif frame.passed:
            detail = f"  no legal play: {frame.mover.title} could not move"
        else:
            detail = "  (rolled)" if total else ""
        return Content.assemble(
            (where, detail_style), (written, play_style), (detail, detail_style)
        )


_FORCED = "  (replayed as far as the checkers allow)"
_FORCED_SHORT = "  (illegal: replayed in part)"  # in 51 columns at 80x24; the notes say why


@dataclass(frozen=True, slots=True)
class MoveRow:
    """What a row of the move list stands for: a place to jump to, and its segment."""

    place: Place
    segment: Segment | None = None
    turn: Turn | None = None
    depth: int = 0
    first: bool = False
    opening: str = ""
    closing: str = ""
    problem: Diagnostic | None = None  # a syntax error, after the turns before it


class MoveList(OptionList, can_focus=False):
    """Every segment of the game, one a row, variations indented under their turn."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "move-list--number",
        "move-list--variation",
        "move-list--glyph",
        "move-list--error",
        "move-list--warning",
        "move-list--comment",
        "move-list--unplayed",
    }

    @dataclass
    class Jump(Message):
        """The user picked a row: go to that place."""

        place: Place

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[MoveRow] = []
        self.row_of_segment: dict[int, int] = {}
        self._timeline: Timeline | None = None
        self.analysis_marks: dict[int, str] = {}  # the engine's ?! ? ?? by id(segment)

    def load(self, timeline: Timeline) -> None:
        """Build the rows of a game (once per game, and after an edit)."""
        self._timeline = timeline
        self.rows = [MoveRow(Place((), 0))]
        self._add_line(timeline, timeline.game.turns, (), 0)
        end = Place((), timeline.main.last)
        problems = timeline.syntax_problems
        # A game read only up to a syntax error: the error ends the list, in place of its
        # result, which its record gives but cannot be checked (the notes say so).
        self.rows += [MoveRow(end, problem=problem) for problem in problems] or [MoveRow(end)]
        self.row_of_segment = {
            id(row.segment): n for n, row in enumerate(self.rows) if row.segment is not None
        }
        self.set_options(Option(self._prompt(row), id=f"row{n}") for n, row in enumerate(self.rows))

    def refresh_segment(self, segment: Segment) -> None:
        """Redraw one row after its comment or glyph changed."""
        row = self.row_of_segment.get(id(segment))
        if row is not None:
            self.replace_option_prompt_at_index(row, self._prompt(self.rows[row]))

    def _add_line(self, timeline: Timeline, turns: list[Turn], path: Path, depth: int) -> None:
        for index, turn in enumerate(turns):
            last_turn = index == len(turns) - 1
            for position, segment in enumerate(turn.segments):
                first = position == 0
                opening = "(" if depth and index == 0 and first else ""
                closing = ")" if depth and last_turn and position == len(turn.segments) - 1 else ""
                place = timeline.place_of_segment(segment)
                target = Place(place.path, place.final) if place is not None else Place(path, 0)
                self.rows.append(MoveRow(target, segment, turn, depth, first, opening, closing))
            for which, variation in enumerate(turn.variations):
                self._add_line(timeline, variation.turns, (*path, index, which), depth + 1)

    def _prompt(self, row: MoveRow) -> Content:
        timeline = self._timeline
        assert timeline is not None
        segment, turn = row.segment, row.turn
        if row.problem is not None:
            return _wrap(
                ("✗ ", self._role("move-list--error")),
                [(word, self._role("move-list--error")) for word in _problem_words(row.problem)],
                self._text_width(),
            )
        if segment is None or turn is None:
            result = printable(timeline.game.result_text)
            label = "Start" if row is self.rows[0] else f"Result {result}"
            return Content.assemble((label, self._role("move-list--number")))
        number = _short_label(turn) if row.first else ""
        prefix = f"{'  ' * row.depth}{row.opening}{number:<4} "
        style = self._role("move-list--variation") if row.depth else VisualStyle()
        if not timeline.has_replay(segment):
            style = self._role("move-list--unplayed")
        words: list[tuple[str, VisualStyle]] = [
            (word, style) for word in segment_text(_bare(segment)).split()
        ]
        glyph_style = self._role("move-list--glyph")
        glyphs = segment.glyphs + [f"${nag}" for nag in segment.nags]
        mark = self.analysis_marks.get(id(segment))
        words += [
            (glyph, glyph_style)
            for glyph in glyphs + ([mark] if mark and mark not in glyphs else [])
        ]
        if row.closing:
            words[-1] = (words[-1][0] + row.closing, words[-1][1])
        words += self._marks(timeline, turn, segment, row.first)
        return _wrap((prefix, self._role("move-list--number")), words, self._text_width())

    def _text_width(self) -> int:
        width = self.scrollable_content_region.width
        return width - 1 if width > 10 else 28

    def show_marks(self, marks: dict[int, str]) -> None:
        """The engine's marks of an analysis beside the plays (none: ``{}``)."""
        if marks != self.analysis_marks:
            self.analysis_marks = marks
            self.on_resize()

    def on_resize(self) -> None:
        if self._timeline is not None and self.rows:
            highlighted = self.highlighted
            self.set_options(
                Option(self._prompt(row), id=f"row{n}") for n, row in enumerate(self.rows)
            )
            self.highlighted = highlighted

    def _marks(
        self, timeline: Timeline, turn: Turn, segment: Segment, first: bool
    ) -> list[tuple[str, VisualStyle]]:
        marks: list[tuple[str, VisualStyle]] = []
        if segment.comments or (first and turn.comments):
            marks.append(("✎", self._role("move-list--comment")))
        found = timeline.diagnostics_of(segment)
        if any(d.is_error for d in found):
            marks.append(("✗", self._role("move-list--error")))
        elif found:
            marks.append(("⚠", self._role("move-list--warning")))
        return marks

    def _role(self, name: str) -> VisualStyle:
        return self.get_visual_style(name, partial=True)

    def show_frame(self, frame: Frame) -> None:
        """Highlight the row of the frame's segment (the Start row at the start)."""
        segment = frame.segment
        if segment is None:
            self.highlighted = 0
        else:
            self.highlighted = self.row_of_segment.get(id(segment), self.highlighted)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.rows):
            self.post_message(self.Jump(self.rows[event.option_index].place))


_MARKS = ("✎", "✗", "⚠")


def _problem_words(problem: Diagnostic) -> list[str]:
    """A syntax error's row: where it is; the notes give the message."""
    return f"line {problem.span.line}: {problem.code.title}".split()


def _short_label(turn: Turn) -> str:
    """The move number as the list shows it: ``12.`` for White, ``12…`` for Black."""
    return f"{turn.number}." if turn.side is Side.WHITE else f"{turn.number}…"


def _wrap(
    prefix: tuple[str, VisualStyle], words: list[tuple[str, VisualStyle]], width: int
) -> Content:
    """Words after a prefix, wrapped at ``width`` with continuation lines under the first word."""
    used = len(prefix[0])
    parts: list[tuple[str, VisualStyle] | str] = [prefix]
    column = used
    for number, (word, style) in enumerate(words):
        gap = 0 if number == 0 else 1
        room = width + 1 if word in _MARKS else width  # a one-cell mark may use the last column
        if number and column + gap + len(word) > room:
            parts.append("\n" + " " * used)
            column, gap = used, 0
        if gap:
            parts.append(" ")
        parts.append((word, style))
        column += gap + len(word)
    return Content.assemble(*parts)


def _bare(segment: Segment) -> Segment:
    """The segment without glyphs, NAGs and comments, to write its roll and play."""
    return Segment(segment.kind, segment.dice, segment.moves)
