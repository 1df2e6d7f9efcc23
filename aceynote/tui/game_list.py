"""The game list: every game of a multi-game file, with a filter.

The list comes from the file's lazy index (tags read from the tag lines), so
it shows at once however many games the file holds: the table draws only the
rows on screen (a DataTable would measure all 80,000 cells of a 10,000-game
file before showing anything). Turn and error counts need the game parsed
and validated: a background worker fills them in, the rows at the cursor
first, while the list is on screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget
from textual.widgets import Footer, Input, Static

from ..files.record import RecordFile
from ..notation.index import GameEntry
from ..terminal_text import counted, fitted, path_shown, printable
from .fields import Field
from .keys import HELP, QUIT, SAVE

COLUMNS = (
    ("#", 5),
    ("White", 0),
    ("Black", 0),
    ("Result", 6),
    ("Turns", 5),
    ("Errors", 6),
    ("Event", 0),
    ("Date", 10),
)
"""The columns and their widths; 0: a width that follows the room (:func:`column_widths`)."""
NAMES = (6, 16)
"""The least and the most a player's column takes."""
EVENT_LEAST = 16
"""Room the event keeps before the players' columns give way (then it gives way to 8)."""
UNKNOWN = "…"


def entry_matches(entry: GameEntry, words: list[str], errors_only: bool) -> bool:
    """Whether a game passes the filter: every word in its tags or number, or in its event
    as the list shows it (with the round: "ladder (2)"); errors if asked."""
    if errors_only and not entry.errors:
        return False
    if not words:
        return True
    haystack = " ".join([str(entry.number), *entry.tags.values(), _event(entry)]).lower()
    return all(word in haystack for word in words)


def _event(entry: GameEntry) -> str:
    round_ = entry.tag("Round")
    event = entry.tag("Event")
    return f"{event} ({round_})" if round_ and round_ not in ("?", "-") else event


def _count(value: int | None) -> str:
    return UNKNOWN if value is None else str(value)


def cells(entry: GameEntry) -> tuple[str, ...]:
    """What the list shows of a game, one string per column (record text printable)."""
    tags = (entry.tag("White"), entry.tag("Black"), entry.tag("Result") or "*")
    counts = (_count(entry.turns), _count(entry.errors))
    return (
        str(entry.number),
        *(printable(tag) for tag in tags),
        *counts,
        printable(_event(entry)),
        printable(entry.tag("Date")),
    )


def column_widths(width: int) -> tuple[int, ...]:
    """The width of each column in a row of ``width`` cells (with a space before the first).

    Every column is in view: the players' columns and the event's share the
    room the others leave, the players first up to 16 each, the event the rest.
    """
    fixed = sum(size for _, size in COLUMNS) + len(COLUMNS)
    room = width - fixed
    least, most = NAMES
    names = max(least, min(most, (room - EVENT_LEAST) // 2))
    event = max(room - 2 * names, 8)
    flexible = {"White": names, "Black": names, "Event": event}
    return tuple(flexible.get(label, size) for label, size in COLUMNS)


def row_text(values: tuple[str, ...], widths: tuple[int, ...]) -> str:
    """A row of the list: each value in its column, cut with ``…`` when it does not fit."""
    return " ".join(fitted(value, width) for value, width in zip(values, widths, strict=True))


class GameTable(ScrollView, can_focus=True):
    """A table that draws only the rows in view; a click or enter opens a game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False, id="games.up", tooltip="the game above"),
        Binding("down", "move(1)", "Down", show=False, id="games.down", tooltip="the game below"),
        Binding(
            "pageup", "page(-1)", "Page up", show=False, id="games.page-up", tooltip="a page up"
        ),
        Binding(
            "pagedown",
            "page(1)",
            "Page down",
            show=False,
            id="games.page-down",
            tooltip="a page down",
        ),
        Binding(
            "home",
            "move(-1000000000)",
            "First",
            show=False,
            id="games.first",
            tooltip="the first game",
        ),
        Binding(
            "end", "move(1000000000)", "Last", show=False, id="games.last", tooltip="the last game"
        ),
        Binding(
            "enter",
            "open",
            "Open",
            id="games.open",
            tooltip="open the game under the cursor (or click it)",
        ),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "game-table--cursor",
        "game-table--odd",
        "game-table--errors",
    }

    cursor: reactive[int] = reactive(0)

    @dataclass
    class Opened(Message):
        """Open this game (0-based index into the file)."""

        index: int

    @dataclass
    class Highlighted(Message):
        """The cursor is on this game (0-based index into the file)."""

        index: int

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[GameEntry] = []
        self.shown: list[int] = []

    def show_rows(self, entries: list[GameEntry], shown: list[int], cursor: int = 0) -> None:
        self.entries = entries
        self.shown = shown
        self.virtual_size = Size(1, len(shown))  # the columns fit the width: no scrolling across
        self.cursor = max(0, min(cursor, len(shown) - 1))
        self.refresh()

    def validate_cursor(self, cursor: int) -> int:
        return max(0, min(cursor, len(self.shown) - 1))

    def watch_cursor(self, cursor: int) -> None:
        self.scroll_to_region(Region(0, cursor, 1, 1), animate=False, force=True)
        if self.shown:
            self.post_message(self.Highlighted(self.shown[cursor]))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        row = y + self.scroll_offset.y
        width = self.scrollable_content_region.width
        base = self.rich_style
        if row >= len(self.shown):
            return Strip.blank(width, base)
        entry = self.entries[self.shown[row]]
        style = base
        if row % 2:
            style += self.get_component_rich_style("game-table--odd", partial=True)
        if entry.errors:
            style += self.get_component_rich_style("game-table--errors", partial=True)
        if row == self.cursor:
            style += self.get_component_rich_style("game-table--cursor", partial=True)
        text = " " + row_text(cells(entry), column_widths(width))
        return Strip([Segment(text, style)]).adjust_cell_length(width, style)

    def action_move(self, delta: int) -> None:
        self.cursor += delta

    def action_page(self, direction: int) -> None:
        self.cursor += direction * max(1, self.scrollable_content_region.height - 1)

    def action_open(self) -> None:
        if self.shown:
            self.post_message(self.Opened(self.shown[self.cursor]))

    def on_click(self, event: events.Click) -> None:
        row = event.y + self.scroll_offset.y
        if 0 <= row < len(self.shown):
            self.cursor = row
            self.action_open()

    def refresh_games(self) -> None:
        self.refresh()

    def cells_at(self, row: int) -> tuple[str, ...]:
        return cells(self.entries[self.shown[row]])


class GameColumns(Widget):
    """The columns' names over the table, at the widths the table's rows have.

    The table keeps a gutter for its scrollbar and this line a padding as
    wide (replay.tcss), so that both lay the columns out in the same width.
    """

    def render(self) -> Content:
        labels = tuple(label for label, _ in COLUMNS)
        return Content(" " + row_text(labels, column_widths(self.content_size.width)))


class GamesTitle(Static):
    """The file and its number of games; first, when there are any, the unsaved changes."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"games-title--modified"}

    def show(self, about: str, dirty: bool) -> None:
        parts: list[str | tuple[str, VisualStyle]] = []
        if dirty:  # first, so that a long path never hides it
            style = self.get_visual_style("games-title--modified", partial=True)
            parts += [(" modified: s saves ", style), " "]
        self.update(Content.assemble(*parts, about))


class GameList(Screen[int | None]):
    """Pick a game; dismissed with its 0-based index (None: back to the game shown).

    ``current`` is the game shown behind the list (the app sets it before
    showing the list). The list tells the app with messages when the
    background checker should run (:class:`Checking`) and which games it
    should do first (:class:`Focus`).
    """

    @dataclass
    class Checking(Message):
        """Check games in the background (on), or pause (off): the list is shown or hidden."""

        on: bool

    @dataclass
    class Focus(Message):
        """The list's cursor is on this game: check the games around it first."""

        index: int

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape",
            "back",
            "Back",
            id="games.back",
            tooltip="back to the game shown (in the filter: clear it)",
        ),
        Binding(
            "slash",
            "filter",
            "Filter",
            id="games.filter",
            key_display="/",
            tooltip="filter: games whose tags hold every word typed",
        ),
        Binding(
            "e",
            "errors_only",
            "Errors only",
            id="games.errors-only",
            tooltip="only the games with errors (checked so far)",
        ),
        SAVE,
        HELP,
        QUIT,
    ]

    def __init__(self, record: RecordFile) -> None:
        super().__init__()
        self.record = record
        self.current = 0
        self.errors_only = False

    @property
    def table(self) -> GameTable:
        return self.query_one(GameTable)

    @property
    def shown(self) -> list[int]:
        return self.table.shown

    def compose(self) -> ComposeResult:
        yield GamesTitle(id="games-title")
        yield Field(
            placeholder="filter: player, event, date, result (/ to type, enter to list)",
            id="games-filter",
        )
        yield GameColumns(id="games-header")
        yield GameTable(id="games-table")
        yield Static("", id="games-status")
        yield Footer()

    def on_mount(self) -> None:
        self._fill()
        self.table.focus()

    def on_screen_resume(self) -> None:
        self.post_message(self.Checking(True))
        self._select_current()
        self.table.refresh()
        self._status()
        self.refresh_title()

    def on_screen_suspend(self) -> None:
        self.post_message(self.Checking(False))

    def _select_current(self) -> None:
        current = self.current
        if current in self.shown:
            self.table.cursor = self.shown.index(current)

    def _fill(self) -> None:
        record = self.record
        words = self.query_one(Input).value.lower().split()
        entries = record.entries
        shown = [i for i, e in enumerate(entries) if entry_matches(e, words, self.errors_only)]
        self.table.show_rows(entries, shown)
        self._status()
        self.refresh_title()

    def refresh_title(self) -> None:
        """The file, how many games it holds, and whether changes are not saved yet."""
        record = self.record
        self.query_one(GamesTitle).show(
            f"{printable(path_shown(record.path, 50))}: {counted(len(record), 'game')}",
            record.dirty,
        )

    def _status(self) -> None:
        record = self.record
        checked = sum(1 for entry in record.entries if entry.errors is not None)
        total = len(record)
        shown = f"{len(self.shown)} shown" + (" (errors only)" if self.errors_only else "")
        progress = "all checked" if checked == total else f"checked {checked}/{total}"
        self.query_one("#games-status", Static).update(
            f" {shown} · {progress} · enter or a click opens a game"
        )

    def update_games(self, indices: tuple[int, ...]) -> None:
        """New turn and error counts from the checker."""
        del indices  # the rows in view are redrawn from the entries
        if not self.query(GameTable):
            return  # not composed yet (or composed again): the table reads the entries then
        self.table.refresh_games()
        self._status()

    def on_game_table_highlighted(self, event: GameTable.Highlighted) -> None:
        """Tell the checker which games to do first: those at the cursor."""
        self.post_message(self.Focus(event.index))

    def on_game_table_opened(self, event: GameTable.Opened) -> None:
        event.stop()
        self.dismiss(event.index)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._fill()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.set_focus(self.table)

    def action_back(self) -> None:
        field = self.query_one(Input)
        if self.focused is field and field.value:
            field.value = ""
            self.set_focus(self.table)  # at once: an Enter read with the Esc opens the game
            return
        self.dismiss(None)

    def action_filter(self) -> None:
        self.query_one(Input).focus()

    def action_errors_only(self) -> None:
        self.errors_only = not self.errors_only
        self._fill()
