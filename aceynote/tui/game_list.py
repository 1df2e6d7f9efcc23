"""The game list: every game of a multi-game file, with a filter.

The list comes from the file's lazy index (tags read from the tag lines), so
it shows at once however many games the file holds. Turn and error counts
need the game parsed and validated: a background worker fills them in,
the rows near the cursor first, while the list is on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from .records import GameEntry

if TYPE_CHECKING:
    from .app import ReplayApp

COLUMNS = (("#", "number"), ("White", "white"), ("Black", "black"), ("Event", "event"),
           ("Result", "result"), ("Turns", "turns"), ("Errors", "errors"))
UNKNOWN = "…"


def entry_matches(entry: GameEntry, words: list[str], errors_only: bool) -> bool:
    """Whether a game passes the filter: every word in its tags or number, errors if asked."""
    if errors_only and not entry.errors:
        return False
    if not words:
        return True
    haystack = " ".join([str(entry.number), *entry.tags.values()]).lower()
    return all(word in haystack for word in words)


def _event(entry: GameEntry) -> str:
    round_ = entry.tag("Round")
    event = entry.tag("Event")
    return f"{event} ({round_})" if round_ and round_ not in ("?", "-") else event


def _count(value: int | None) -> str:
    return UNKNOWN if value is None else str(value)


class GameList(Screen[int | None]):
    """Pick a game; dismissed with its 0-based index (None: back to the game shown)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="games.back"),
        Binding("slash", "filter", "Filter", id="games.filter", key_display="/"),
        Binding("e", "errors_only", "Errors only", id="games.errors-only"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.errors_only = False
        self.shown: list[int] = []

    @property
    def replay_app(self) -> ReplayApp:
        from .app import ReplayApp

        assert isinstance(self.app, ReplayApp)
        return self.app

    def compose(self) -> ComposeResult:
        yield Static("", id="games-title")
        yield Input(placeholder="filter: player, event, date, result (/ to type, enter to list)", id="games-filter")
        yield DataTable(id="games-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="games-status")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label, key in COLUMNS:
            table.add_column(label, key=key)
        self._fill()
        table.focus()

    def on_screen_resume(self) -> None:
        self.replay_app.resume_checking(True)
        self._select_current()

    def on_screen_suspend(self) -> None:
        self.replay_app.resume_checking(False)

    def _select_current(self) -> None:
        current = self.replay_app.current_game
        if current in self.shown:
            self.query_one(DataTable).move_cursor(row=self.shown.index(current), scroll=True)

    def _fill(self) -> None:
        record = self.replay_app.record
        if record is None:
            return
        words = self.query_one(Input).value.lower().split()
        entries = record.entries
        self.shown = [i for i, e in enumerate(entries) if entry_matches(e, words, self.errors_only)]
        table = self.query_one(DataTable)
        table.clear()
        table.add_rows(self._cells(entries[i]) for i in self.shown)
        self._status()
        self._title()

    def _cells(self, entry: GameEntry) -> tuple[str, ...]:
        return (str(entry.number), entry.tag("White"), entry.tag("Black"), _event(entry),
                entry.tag("Result") or "*", _count(entry.turns), _count(entry.errors))

    def _title(self) -> None:
        record = self.replay_app.record
        name = record.path if record is not None else ""
        self.query_one("#games-title", Static).update(f" {name}: {len(record or [])} games")

    def _status(self) -> None:
        record = self.replay_app.record
        if record is None:
            return
        checked = sum(1 for entry in record.entries if entry.errors is not None)
        total = len(record)
        shown = f"{len(self.shown)} shown" + (" (errors only)" if self.errors_only else "")
        progress = "all checked" if checked == total else f"checked {checked}/{total}"
        self.query_one("#games-status", Static).update(f" {shown} · {progress} · enter opens a game")

    def update_games(self, indices: tuple[int, ...]) -> None:
        """New turn and error counts from the checker."""
        record = self.replay_app.record
        if record is None:
            return
        table = self.query_one(DataTable)
        positions = {index: row for row, index in enumerate(self.shown)}
        for index in indices:
            row = positions.get(index)
            if row is None:
                continue
            entry = record.entries[index]
            table.update_cell_at((row, 5), _count(entry.turns))
            table.update_cell_at((row, 6), _count(entry.errors))
        self._status()

    @property
    def focus_game(self) -> int:
        """The game under the cursor, for the checker to do first."""
        table = self.query_one(DataTable)
        if not self.shown:
            return 0
        return self.shown[min(max(table.cursor_row, 0), len(self.shown) - 1)]

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._fill()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one(DataTable).focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if 0 <= event.cursor_row < len(self.shown):
            self.dismiss(self.shown[event.cursor_row])

    def action_back(self) -> None:
        if self.focused is self.query_one(Input) and self.query_one(Input).value:
            self.query_one(Input).value = ""
            return
        self.dismiss(None)

    def action_filter(self) -> None:
        self.query_one(Input).focus()

    def action_errors_only(self) -> None:
        self.errors_only = not self.errors_only
        self._fill()
