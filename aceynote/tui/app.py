"""The replay app: opens a record, shows a game or the game list, saves annotations."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

from ..validate import validate
from .dialogs import Confirm, Help
from .game_list import GameList
from .records import RecordError, RecordFile, parse_chunk
from .replay_screen import ReplayScreen

_BATCH_SECONDS = 0.15
_AHEAD = 60  # games past the list's cursor that the checker does first

MOUSE_HELP = """\
Mouse: click a move in the move list to go there; click the buttons under
the board (start, turn back, step back, step, turn, end); click a key in the
footer; click a game in the game list (twice: open it)."""

_KEY_NAMES = {
    "right": "→", "left": "←", "up": "↑", "down": "↓", "pageup": "PgUp", "pagedown": "PgDn",
    "home": "Home", "end": "End", "escape": "Esc", "space": "Space", "slash": "/",
    "question_mark": "?", "exclamation_mark": "!", "left_square_bracket": "[",
    "right_square_bracket": "]", "N": "N (shift+n)", "f1": "F1", "enter": "Enter",
}


class ErrorScreen(Screen[None]):
    """A file that cannot be shown: says why; q quits."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "app.quit", "Quit", id="error.quit")]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        yield Static(self.message, id="error-message", markup=False)
        yield Footer()


@dataclass
class GamesChecked(Message):
    """The checker worked out the turn and error counts of these games."""

    indices: tuple[int, ...]


def check_chunk(text: str, first_line: int) -> tuple[int, int]:
    """Turns and errors of one indexed piece of a file (its first game)."""
    games = parse_chunk(text, first_line)
    if not games:
        return 0, 0
    report = validate(games[0])
    return report.turns, report.errors + (1 if len(games) > 1 else 0)


class ReplayApp(App[None]):
    """``aceynote replay``: go over the games of a record, annotate them, save."""

    TITLE = "aceynote replay"
    CSS_PATH = "replay.tcss"
    ENABLE_COMMAND_PALETTE = False
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [(0, "-narrow"), (100, "-wide")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s,ctrl+s", "save", "Save", id="app.save"),
        Binding("question_mark,f1", "help", "Help", id="app.help", key_display="?"),
        Binding("q", "quit", "Quit", id="app.quit"),
    ]

    def __init__(
        self, path: str, game: int | None = None, turn: str | None = None, record: RecordFile | None = None
    ) -> None:
        super().__init__()
        self.path = path
        self.start_game = game
        self.start_turn = turn
        self.record = record
        self.replay = ReplayScreen()
        self._checking = threading.Event()
        self._scan = 0

    # -- start -----------------------------------------------------------------
    async def on_mount(self) -> None:
        try:
            if self.record is None:
                self.record = RecordFile(self.path)
        except RecordError as error:
            await self.push_screen(ErrorScreen(f"Cannot open the record.\n\n{error}\n\nPress q to quit."))
            return
        if not len(self.record):
            await self.push_screen(ErrorScreen(f"{self.path} holds no game.\n\nPress q to quit."))
            return
        await self.push_screen(self.replay)
        first = (self.start_game or 1) - 1
        self.replay.show_game(first, self.start_turn)
        self.install_screen(GameList(), name="games")
        if len(self.record) > 1:
            self.check_games()
            if self.start_game is None:
                self.show_game_list()

    @property
    def current_game(self) -> int:
        return self.replay.game_index

    def show_game_list(self) -> None:
        def chosen(index: int | None) -> None:
            if index is not None and index != self.replay.game_index:
                self.replay.show_game(index)

        self.push_screen("games", chosen)

    # -- the checker ---------------------------------------------------------------
    def resume_checking(self, on: bool) -> None:
        """Check games only while the game list is shown (it keeps the replay quick)."""
        if on:
            self._checking.set()
        else:
            self._checking.clear()

    def _next_unchecked(self) -> int | None:
        record = self.record
        if record is None:
            return None
        entries = record.entries
        focus = self._list_focus()
        for index in range(focus, min(focus + _AHEAD, len(entries))):
            if entries[index].errors is None:
                return index
        while self._scan < len(entries) and entries[self._scan].errors is not None:
            self._scan += 1
        return self._scan if self._scan < len(entries) else None

    def _list_focus(self) -> int:
        try:
            screen = self.get_screen("games")
        except KeyError:
            return 0
        return screen.focus_game if isinstance(screen, GameList) and screen.is_mounted else 0

    @work(thread=True, exclusive=True, group="checker")
    def check_games(self) -> None:
        """Fill in the turn and error counts of every game, in the background."""
        worker = get_current_worker()
        batch: list[int] = []
        posted = time.monotonic()
        while not worker.is_cancelled:
            if not self._checking.wait(0.1):
                continue
            index = self._next_unchecked()
            if index is None:
                break
            self._check_one(index)
            batch.append(index)
            if time.monotonic() - posted > _BATCH_SECONDS:
                self.post_message(GamesChecked(tuple(batch)))
                batch, posted = [], time.monotonic()
        if batch:
            self.post_message(GamesChecked(tuple(batch)))

    def _check_one(self, index: int) -> None:
        record = self.record
        assert record is not None
        entry = record.entries[index]
        try:
            entry.turns, entry.errors = check_chunk(record.text[entry.start : entry.end], entry.line)
        except Exception:  # noqa: BLE001 - a game the checker cannot read is one error, not a crash
            entry.turns, entry.errors = 0, 1

    def on_games_checked(self, message: GamesChecked) -> None:
        try:
            screen = self.get_screen("games")
        except KeyError:
            return
        if isinstance(screen, GameList) and screen.is_mounted:
            screen.update_games(message.indices)

    # -- saving and quitting ----------------------------------------------------------
    def action_save(self) -> None:
        self.save_then(None)

    def save_then(self, after: Callable[[], None] | None) -> None:
        """Save (asking first if the file changed on disk), then run ``after`` if saved."""
        record = self.record
        if record is None or not record.dirty:
            self.notify("No changes to save.", timeout=2)
            if after is not None:
                after()
            return
        if record.changed_on_disk():
            question = (
                f"{record.path} changed on disk since it was opened.\n"
                "Saving now would replace those changes with this file as shown here."
            )

            def answer(choice: str | None) -> None:
                if choice == "overwrite":
                    self._write(after)
                else:
                    self.notify("Not saved: the file on disk is unchanged.", severity="warning")

            self.push_screen(Confirm(question, [("cancel", "Don't save"), ("overwrite", "Overwrite")]), answer)
            return
        self._write(after)

    def _write(self, after: Callable[[], None] | None) -> None:
        record = self.record
        assert record is not None
        try:
            record.save()
        except RecordError as error:
            self.notify(str(error), severity="error", timeout=8)
            return
        self.notify(f"Saved {record.path}.", timeout=3)
        self.replay.refresh_header()
        if after is not None:
            after()

    async def action_quit(self) -> None:
        record = self.record
        if record is None or not record.dirty:
            self.exit()
            return

        def answer(choice: str | None) -> None:
            if choice == "save":
                self.save_then(self.exit)
            elif choice == "discard":
                self.exit()

        question = "There are changes that are not saved."
        answers = [("save", "Save and quit"), ("discard", "Quit without saving"), ("cancel", "Cancel")]
        self.push_screen(Confirm(question, answers), answer)

    # -- help -----------------------------------------------------------------
    def action_help(self) -> None:
        screen = self.screen
        if isinstance(screen, Help):
            return
        bindings = [*Binding.make_bindings(type(screen).BINDINGS), *Binding.make_bindings(self.BINDINGS)]
        rows: dict[str, list[str]] = {}
        for binding in bindings:
            rows.setdefault(binding.description or binding.action, []).append(_key_name(binding.key))
        lines = [(" ".join(keys), what) for what, keys in rows.items()]
        self.push_screen(Help("Keys", lines, MOUSE_HELP))


def _key_name(key: str) -> str:
    return _KEY_NAMES.get(key, key.replace("ctrl+", "Ctrl+"))
