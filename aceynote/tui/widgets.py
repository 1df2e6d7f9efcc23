"""The widgets of the replay screen: board, status line, move list, notes, header."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..notation import Game, Segment, Turn
from ..notation.writer import play_text, segment_words
from ..rules import Side
from ..validate import Diagnostic
from .boardview import GLYPH, BoardPainter, fit
from .timeline import Frame, Path, Place, Timeline

# Rows the rest of the replay screen needs around the board: header, footer,
# the status lines and the smallest useful notes panel.
_AROUND_BOARD = 14

GLYPH_MEANINGS = {
    "!": "good move",
    "?": "mistake",
    "!!": "very good move",
    "??": "blunder",
    "!?": "interesting move",
    "?!": "dubious move",
}
# NAGs $1..$6 are the six glyphs (NOTATION.md §4).
NAG_GLYPHS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}


def turn_label(turn: Turn) -> str:
    return f"{turn.number}." if turn.side is Side.WHITE else f"{turn.number}..."


def segment_text(segment: Segment) -> str:
    """A segment as written in canonical form, without its comments."""
    return " ".join(word for word in segment_words(segment) if not word.startswith("{"))


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

    frame: reactive[Frame | None] = reactive(None, layout=True)
    viewer: reactive[Side] = reactive(Side.WHITE)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return fit(width, viewport.height - _AROUND_BOARD + 5).height

    def render(self) -> Text:
        frame = self.frame
        if frame is None:
            return Text("")
        geometry = fit(self.size.width, self.size.height)
        rows = BoardPainter(frame, self.viewer, geometry).rows()
        margin = " " * max(0, (self.size.width - geometry.width) // 2)
        text = Text(no_wrap=True, overflow="crop")
        for number, row in enumerate(rows):
            if number:
                text.append("\n")
            text.append(margin)
            for piece, roles in row:
                text.append(piece, self._style(roles))
        return text

    def _style(self, roles: tuple[str, ...]) -> Style:
        style = Style()
        for role in roles:
            style += self.get_component_rich_style(role, partial=True)
        return style


class StatusBar(Static):
    """Pip counts, the current segment's play, and buttons for the mouse."""

    def show(self, timeline: Timeline, frame: Frame, path: Path, viewer: Side) -> None:
        position = frame.position
        top, bottom = viewer.opponent, viewer
        pips = Content.from_markup(
            "pips [b]$g1[/b] $p1  [b]$g2[/b] $p2",
            g1=GLYPH[bottom],
            p1=str(position.pip_count(bottom)),
            g2=GLYPH[top],
            p2=str(position.pip_count(top)),
        )
        where = "variation" if path else ""
        buttons = Content.from_markup(
            "  [@click=screen.go_start]⏮[/] [@click=screen.turn_back]⏪[/] "
            "[@click=screen.step_back]◀[/] [@click=screen.step_forward]▶[/] "
            "[@click=screen.turn_forward]⏩[/] [@click=screen.go_end]⏭[/]"
        )
        first = pips + Content(f"  {where}") + buttons
        self.update(first + Content("\n") + self._play_line(frame))

    def _play_line(self, frame: Frame) -> Content:
        replay = frame.replay
        if replay is None:
            return Content.from_markup("[dim]start position[/dim]")
        label = turn_label(replay.turn)
        written = segment_text(replay.segment)
        total = len(replay.steps)
        if frame.step and total:
            detail = f"  step {frame.step}/{total}: {play_text(replay.steps[frame.step - 1 : frame.step])}"
        elif frame.forced:
            detail = "  (replayed as far as the checkers allow)"
        else:
            detail = "  (rolled)" if total else ""
        return Content.from_markup("[b]$label $written[/b][dim]$detail[/dim]", label=label, written=written, detail=detail)


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


class MoveList(OptionList):
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

    def load(self, timeline: Timeline) -> None:
        """Build the rows of a game (once per game, and after an edit)."""
        self._timeline = timeline
        self.rows = [MoveRow(Place((), 0))]
        self._add_line(timeline, timeline.game.turns, (), 0)
        self.rows.append(MoveRow(Place((), timeline.main.last)))
        self.row_of_segment = {id(row.segment): n for n, row in enumerate(self.rows) if row.segment is not None}
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

    def _prompt(self, row: MoveRow) -> Text:
        timeline = self._timeline
        assert timeline is not None
        segment, turn = row.segment, row.turn
        if segment is None or turn is None:
            label = "Start" if row.place.index == 0 and row is self.rows[0] else f"Result {timeline.game.result_text}"
            return Text(label, style=self._role("move-list--number"))
        text = Text()
        number = turn_label(turn) if row.first else ""
        text.append(f"{'  ' * row.depth}{row.opening}{number:<5}", self._role("move-list--number"))
        style = self._role("move-list--variation") if row.depth else Style()
        if not timeline.has_replay(segment):
            style = self._role("move-list--unplayed")
        text.append(segment_text(_bare(segment)), style)
        glyphs = segment.glyphs + [f"${nag}" for nag in segment.nags]
        if glyphs:
            text.append(" " + " ".join(glyphs), self._role("move-list--glyph"))
        text.append(row.closing, self._role("move-list--number"))
        marks = self._marks(timeline, turn, segment, row.first)
        if marks:
            text.append(" ")
            text.append_text(marks)
        return text

    def _marks(self, timeline: Timeline, turn: Turn, segment: Segment, first: bool) -> Text:
        marks = Text()
        if segment.comments or (first and turn.comments):
            marks.append("✎", self._role("move-list--comment"))
        found = timeline.diagnostics_of(segment)
        if any(d.is_error for d in found):
            marks.append("✗", self._role("move-list--error"))
        elif found:
            marks.append("⚠", self._role("move-list--warning"))
        return marks

    def _role(self, name: str) -> Style:
        return self.get_component_rich_style(name, partial=True)

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


def _bare(segment: Segment) -> Segment:
    """The segment without glyphs, NAGs and comments, to write its roll and play."""
    return Segment(segment.kind, segment.dice, segment.moves)


class GameHeader(Static):
    """Players, event, rules and result of the game shown, and whether it was changed."""

    def show(self, game: Game, rules: str, number: int, total: int, dirty: bool) -> None:
        white = game.tag("White") or "White"
        black = game.tag("Black") or "Black"
        event = " ".join(part for part in (game.tag("Event"), _round(game.tag("Round"))) if part)
        parts = [event, rules, game.result_text]
        if total > 1:
            parts.append(f"game {number}/{total}")
        markup = "[b]$white[/b] ○ vs ● [b]$black[/b]"
        values = {"white": white, "black": black}
        for n, part in enumerate(parts):
            if part:
                markup += f"  [dim]│[/dim] ${'p' + str(n)}"
                values[f"p{n}"] = part
        if dirty:
            markup += "  [reverse] modified [/reverse]"
        self.update(Content.from_markup(markup, **values))


def _round(value: str | None) -> str:
    return f"round {value}" if value and value not in ("?", "-") else ""
