"""The replay app: opens a record, shows a game or the game list, saves annotations."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

from ..files.record import RecordError, RecordFile
from ..notation import Game
from ..rules import Side
from ..terminal_text import clipped, counted, path_shown, printable
from ..validation.diagnostics import no_game_in
from .dialogs import Confirm, Help
from .game_list import GameList
from .keys import HELP, SAVE, help_of, on_key
from .replay_screen import ReplayScreen
from .saving import After, SavingApp

if TYPE_CHECKING:
    from ..analysis.practice import Practice

_BATCH_SECONDS = 0.15
_AHEAD = 40  # games after the list's cursor that the checker does first
_BEHIND = 25  # and before it
MAX_MESSAGE = 600  # characters of a notification (a path can be 4,096)

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small(size: Size) -> bool:
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


class TooSmall(Screen[None]):
    """Shown over everything while the terminal is below 80x24; gone once it is larger."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit_here", "Quit", id="small.quit"),
    ]

    def __init__(self, size: Size, command: str) -> None:
        """``command``: what was run (``aceynote play``), named in the message."""
        super().__init__()
        self.terminal = size
        self.command = command

    def compose(self) -> ComposeResult:
        yield Static(self._message(), id="too-small-message", markup=False)

    def show(self, size: Size) -> None:
        self.terminal = size
        self.query_one("#too-small-message", Static).update(self._message())

    def _message(self) -> str:
        width, height = self.terminal
        ending = (
            "A dialog is open under this: make the window larger to finish it."
            if self._over_a_dialog()
            else "q quits."
        )
        return (
            f"The terminal is {width}x{height}: too small.\n"
            f"{self.command} needs at least {MIN_WIDTH}x{MIN_HEIGHT}:\n"
            f"make the window larger or the font smaller.\n\n{ending}"
        )

    def _over_a_dialog(self) -> bool:
        """A dialog lies under this screen: what is typed there (a comment) is not saved yet."""
        return any(isinstance(screen, ModalScreen) for screen in self.app.screen_stack)

    async def action_quit_here(self) -> None:
        """q quits as the app's q does, unless a dialog under this holds work not yet kept."""
        if self._over_a_dialog():
            self.show(self.terminal)
            return
        await self.app.run_action("quit")

    def on_screen_resume(self) -> None:
        """Back on top after a dialog: the terminal may have grown meanwhile."""
        if not too_small(self.app.size):
            self.dismiss(None)
        else:
            self.show(self.app.size)


class ErrorScreen(Screen[None]):
    """A file that cannot be shown: says why; q quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "app.quit", "Quit", id="error.quit")
    ]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        yield Static(printable(self.message, lines=True), id="error-message", markup=False)
        yield Footer()


@dataclass
class GamesChecked(Message):
    """The checker worked out the turn and error counts of these games."""

    indices: tuple[int, ...]


class ReplayApp(SavingApp):
    """``aceynote replay``: go over the games of a record, annotate them, save."""

    TITLE = "aceynote replay"
    CSS_PATH = "replay.tcss"
    ENABLE_COMMAND_PALETTE = False
    # -narrow: a footer of 80 columns (NARROW_LAYOUT); -huge: the notes beside the board (WIDE_LAYOUT)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide"), (180, "-huge")]  # noqa: RUF012
    # The keys every screen has; each screen shows its own (s, ? and q where
    # nothing is typed; ctrl+s, F1 and ctrl+q on the record screen).
    BINDINGS: ClassVar[list[BindingType]] = [
        on_key(SAVE, "ctrl+s", show=False),
        on_key(HELP, "f1", show=False),
    ]

    def __init__(
        self,
        path: str,
        game: int | None = None,
        turn: str | None = None,
        record: RecordFile | None = None,
        new_game: Game | None = None,
        first: Side | None = None,
        analysis_depth: int = 1,
        practice: Practice | None = None,
    ) -> None:
        """Open ``path`` (or the ``record`` already read from it) at ``game`` and ``turn``.

        ``new_game``: add this game after the file's games and start recording
        it (``first`` moves first when its tags do not say). ``analysis_depth``:
        the engine's depth (0 or 1) for the analysis key and the hint.
        ``practice``: the new game, or without one game ``game``, is played against the
        engine (``aceynote play``).
        """
        super().__init__()
        self.path = path
        self.start_game = game
        self.start_turn = turn
        self.record = record
        self.new_game = new_game
        self.first = first
        self.analysis_depth = analysis_depth
        self.practice = practice
        self._replay: ReplayScreen | None = None
        self._checking = threading.Event()
        self._scan = 0
        self.list_focus = 0
        self._started = False

    # -- start -----------------------------------------------------------------
    async def on_mount(self) -> None:
        self.catch_stops()
        await self._open()
        self._started = True
        self._fit(self.size)

    def on_resize(self, event: events.Resize) -> None:
        if self._started:
            self._fit(event.size)

    @property
    def command(self) -> str:
        """The command that opened the app, as typed: ``aceynote replay``, ``record`` or ``play``."""
        if self.practice is not None:
            return "aceynote play"
        return "aceynote replay" if self.new_game is None else "aceynote record"

    def _fit(self, size: Size) -> None:
        """Cover the screen with the too-small message below 80x24; take it away above."""
        top = self.screen_stack[-1] if self.screen_stack else None
        if too_small(size):
            if isinstance(top, TooSmall):
                top.show(size)
            else:
                self.push_screen(TooSmall(size, self.command))
        elif isinstance(top, TooSmall):
            self.pop_screen()

    async def _open(self) -> None:
        """The record's first screen: the game, the game list, or why it cannot be shown."""
        try:
            if self.record is None:
                self.record = RecordFile(self.path)
        except RecordError as error:
            await self.push_screen(
                ErrorScreen(f"Cannot open the record.\n\n{error}\n\nPress q to quit.")
            )
            return
        record = self.record
        if record.left_out:  # as the commands say on stderr (docs/bgammon.md)
            said = (f"line {skipped.line}: {skipped.reason}" for skipped in record.left_out)
            self.notify("Left out:\n" + "\n".join(said), severity="warning", timeout=10)
        if self.new_game is not None:
            self.start_game = record.append_game(self.new_game) + 1
        if not len(record):
            message = f"{no_game_in(path_shown(self.path)).capitalize()}.\n\nPress q to quit."
            await self.push_screen(ErrorScreen(message))
            return
        self._replay = ReplayScreen(record)
        self._replay.analysis_depth = self.analysis_depth
        await self.push_screen(self._replay)
        self.install_screen(GameList(record), name="games")
        if self.new_game is not None or self.practice is not None:
            if self.practice is not None:
                self.replay.practice = ((self.start_game or 1) - 1, self.practice)
            self.replay.show_game((self.start_game or 1) - 1)
            self.replay.record_at_end(first=self.first)
            return
        if len(record) > 1 and self.start_game is None:
            # The list first; a game is parsed when one is opened, and the
            # checker starts once the list is on screen.
            self.show_game_list()
            self.call_after_refresh(self.check_games)
            return
        self.replay.show_game((self.start_game or 1) - 1, self.start_turn)
        if len(self.record) > 1:
            self.check_games()

    def on_unmount(self) -> None:
        self.release_stops()
        self.workers.cancel_group(self, "checker")
        self._checking.set()  # wake the checker so that it sees it is cancelled

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every message as plain text, printable and cut to a toast's size.

        Messages quote paths, records and what the user typed: none of it is
        markup, and none may steer the terminal.
        """
        del markup  # never: "[b]" in a file name is part of the name
        super().notify(
            printable(clipped(message, MAX_MESSAGE), lines=True),
            title=printable(title),
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    @property
    def replay(self) -> ReplayScreen:
        """The replay screen (there is one once a record with games is open)."""
        assert self._replay is not None
        return self._replay

    @property
    def current_game(self) -> int:
        return self._replay.game_index if self._replay is not None else 0

    def show_game_list(self) -> None:
        def chosen(index: int | None) -> None:
            if self.replay.timeline is None:
                self.replay.show_game(index or 0)
            elif index is not None and index != self.replay.game_index:
                self.replay.show_game(index)

        games = self.get_screen("games")
        if isinstance(games, GameList):
            games.current = self.current_game
        self.push_screen("games", chosen)

    # -- what the screens ask ----------------------------------------------------------
    def on_replay_screen_game_list_wanted(self, message: ReplayScreen.GameListWanted) -> None:
        self.show_game_list()

    def on_game_list_checking(self, message: GameList.Checking) -> None:
        self.resume_checking(message.on)

    def on_game_list_focus(self, message: GameList.Focus) -> None:
        self.list_focus = message.index

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
        for index in range(max(0, focus - _BEHIND), min(focus + _AHEAD, len(entries))):
            if entries[index].errors is None:
                return index
        while self._scan < len(entries) and entries[self._scan].errors is not None:
            self._scan += 1
        return self._scan if self._scan < len(entries) else None

    def _list_focus(self) -> int:
        """The game under the list's cursor (kept in an int: the checker thread reads it)."""
        return self.list_focus

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
            entry.turns, entry.errors = record.counts(index)
        except Exception:
            entry.turns, entry.errors = 0, 1

    def on_games_checked(self, message: GamesChecked) -> None:
        try:
            screen = self.get_screen("games")
        except KeyError:
            return
        if isinstance(screen, GameList) and screen.is_mounted and not self._exit:
            screen.update_games(message.indices)

    # -- saving an analysis ----------------------------------------------------------
    def save_asking(self, after: After) -> None:
        """Save; after an analysis that marked plays, first ask whether to write its marks."""
        replay = self._replay
        pending = replay.unwritten_analyses() if replay is not None else []
        if replay is None or not pending:
            self.save_then(after)
            return

        def answer(choice: str | None) -> None:
            if choice == "marks":
                replay.write_analysis_marks()
            elif choice == "plain":
                replay.keep_analysis_out()
            else:
                self.notify("Not saved.", timeout=2)
                return
            self.save_then(after)

        marks = sum(len(replay.analyses[index].marked) for index in pending)
        games = ("game " if len(pending) == 1 else "games ") + ", ".join(
            str(index + 1) for index in pending
        )
        question = (
            f"The engine's analysis marks {counted(marks, 'play')} ({games}).\n"
            "Write the marks (?! ? ??) and a comment with the best play into the record,"
            " as aceynote analyze -o does, or save without them?"
        )
        answers = [
            ("marks", "Save with the marks"),
            ("plain", "Save without them"),
            ("cancel", "Cancel"),
        ]
        self.push_screen(Confirm(question, answers), answer)

    # -- help -----------------------------------------------------------------
    def action_help(self) -> None:
        screen = self.screen
        if isinstance(screen, Help | TooSmall):
            return
        rows, mouse = help_of(screen, self)
        self.push_screen(Help("Keys", rows, mouse))
