"""Saving and quitting the app, and stopping it by a signal: the changes are never lost.

A save that fails, for whatever reason, leaves the app open with every change
and says why. A read-only record is not replaced: the app offers to save it
under another name (as it does when the folder refuses the file). SIGTERM and SIGHUP end the app as quitting does (the
terminal is given back as it was) after the changes not saved are written to a
recovery file (:mod:`aceynote.files.recovery`); the command then says where on
standard error and ends with the signal's exit status (128 + its number).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Callable
from types import FrameType

from textual.app import App
from textual.driver import Driver

from ..files.record import ReadOnlyRecord, RecordError, RecordFile
from ..files.recovery import write_recovery
from ..files.writing import STOP_SIGNALS, Stopped
from ..formats import ACEY, record_format
from ..terminal_text import path_shown, printable
from .dialogs import Confirm, Prompt
from .game_list import GameList
from .game_screen import GameScreen

After = Callable[[], None] | None
Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None
"""What ``signal.signal`` gives back: the handler that was there."""


class SavingApp(App[None]):
    """The app's saving, quitting and stopping, around its ``record``."""

    def __init__(self) -> None:
        super().__init__()
        self.record: RecordFile | None = None
        # The signal that stopped the app and what to say about it, once one did.
        self.stopped: tuple[int, str] | None = None
        self._before_stops: dict[int, Handler] = {}  # the handlers catch_stops replaced

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver; on a POSIX terminal one that outlives the terminal (see .terminal)."""
        chosen = super().get_driver_class()
        posix = sys.modules.get("textual.drivers.linux_driver")  # imported by the choice
        if posix is None or chosen is not posix.LinuxDriver:
            return chosen  # Windows, or a driver named by TEXTUAL_DRIVER
        from .terminal import TerminalDriver

        return TerminalDriver

    # -- saving ----------------------------------------------------------------
    def action_save(self) -> None:
        self.save_asking(None)

    def save_asking(self, after: After) -> None:
        """Save as the save key saves, then run ``after``: what the app asks before a save
        (the analysis' marks) is asked here, for quitting too."""
        self.save_then(after)

    def save_then(self, after: After) -> None:
        """Save (asking first if the file changed on disk), then run ``after`` if saved."""
        record = self.record
        if record is None or not record.dirty:
            self.notify("No changes to save.", timeout=2)
            if after is not None:
                after()
            return
        if record.changed_on_disk():
            question = _changed_question(record.path)

            def answer(choice: str | None) -> None:
                if choice == "overwrite":
                    self._write(after)
                else:
                    self.notify("Not saved: the file on disk is unchanged.", severity="warning")

            self.push_screen(
                Confirm(question, [("cancel", "Don't save"), ("overwrite", "Overwrite")]), answer
            )
            return
        self._write(after)

    def _write(self, after: After, elsewhere: str | None = None) -> None:
        """Write the record (to ``elsewhere``, a new name, if given); on failure keep it all."""
        record = self.record
        assert record is not None
        was_match, before = record.is_match, record.path
        try:
            record.save(elsewhere)
        except ReadOnlyRecord as error:
            self._ask_other_name(f"{error}.", after, error.other_name)
            return
        except Stopped as error:  # SIGTERM or SIGHUP while the file was written
            self.stop(error.signal)
            return
        except Exception as error:  # whatever failed (a bug too), the changes stay, said
            reason = str(error) if isinstance(error, RecordError) else repr(error)
            self.notify(f"Not saved: {reason}. The changes are kept.", severity="error", timeout=10)
            return
        self._saved(was_match, before)
        if after is not None:
            after()

    def _saved(self, was_match: bool, before: str) -> None:
        """Say where the record went, and show its name where the screens show it."""
        record = self.record
        assert record is not None
        if was_match or record.path != before:
            self.notify(
                f"Saved the games as {path_shown(record.path)}; {path_shown(before)} is"
                " left as it is. Saving again writes the new file.",
                timeout=8,
            )
        else:
            self.notify(f"Saved {path_shown(record.path)}.", timeout=3)
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.refresh_header()
        if isinstance(self.screen, GameList):
            self.screen.refresh_title()

    def _ask_other_name(self, why: str, after: After, name: str) -> None:
        """Offer to save the record as a new file (escape: not saved, the changes kept)."""

        def chosen(typed: str | None) -> None:
            if typed is None or not typed.strip():
                self.notify(f"Not saved: {why} The changes are kept.", severity="warning")
                return
            path = os.path.expanduser(typed.strip())
            problem = new_name_problem(path)
            if problem is not None:
                self.notify(problem, severity="error", timeout=6)
                self._ask_other_name(why, after, typed)
                return
            self._write(after, elsewhere=path)

        self.push_screen(Prompt(f"{why}\nSave as a new file:", name, "name.acey"), chosen)

    # -- quitting ----------------------------------------------------------------
    async def action_quit(self) -> None:
        record = self.record
        if record is None or not record.dirty:
            self.exit()
            return

        def answer(choice: str | None) -> None:
            if choice == "save":
                self.save_asking(self.exit)
            elif choice == "discard":
                self.exit()

        question = "There are changes that are not saved."
        answers = [
            ("save", "Save and quit"),
            ("discard", "Quit without saving"),
            ("cancel", "Cancel"),
        ]
        self.push_screen(Confirm(question, answers), answer)

    # -- stopping ----------------------------------------------------------------
    def catch_stops(self) -> None:
        """From now on SIGTERM and SIGHUP call :meth:`stop` (in the app's own loop).

        Not by asyncio's ``add_signal_handler``: its handler only writes the
        signal's number to the loop's wake-up socket, and that byte is lost
        when the socket is full, as it is when Textual's input thread has
        handed the loop thousands of keys (a paste) while the loop waits to
        write to a terminal nobody reads; a closed window's SIGHUP was then
        never seen, and the app ran on. A handler of the signal module runs
        in the main thread even while it waits, and puts :meth:`stop` in the
        loop's queue.
        """
        loop = asyncio.get_running_loop()

        def caught(number: int, _frame: object) -> None:
            loop.call_soon_threadsafe(self.stop, number)

        for number in STOP_SIGNALS:
            with contextlib.suppress(ValueError):  # only the main thread catches signals
                self._before_stops[number] = signal.signal(number, caught)

    def release_stops(self) -> None:
        for number, before in self._before_stops.items():
            signal.signal(number, before)
        self._before_stops.clear()

    def stop(self, number: int) -> None:
        """Stopped by signal ``number``: keep the changes in a recovery file, and end."""
        if self.stopped is not None:
            return
        note = f"aceynote: stopped by {signal.Signals(number).name}"
        record = self.record
        if record is not None and record.dirty:
            try:
                where = write_recovery(record.path, record.new_text())
            except Exception as error:  # said, and the app still ends
                note += f"; the changes not saved are lost: no recovery file ({error})"
            else:
                note += (
                    f"; the changes not saved are kept in {where} ({record.path} was"
                    " not saved: move that file over it to keep them)"
                )
        self.stopped = (number, note)
        self.exit()

    def stop_status(self) -> int:
        """After ``run()``: 0, or 128 + the signal that stopped the app, saying so on stderr."""
        if self.stopped is None:
            return 0
        number, note = self.stopped
        with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP)
            print(printable(note), file=sys.stderr)
        return 128 + number


def new_name_problem(path: str) -> str | None:
    """Why the record cannot be saved as ``path`` (a new file), or None."""
    shown = path_shown(path)
    if os.path.lexists(path):
        return f"{shown} exists: choose a name no file has."
    if record_format(path) is not ACEY:
        return f"{shown}: a record is saved as an {ACEY.extensions[0]} file."
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"{shown}: there is no folder {path_shown(folder)}."
    return None


def _changed_question(path: str) -> str:
    name = path_shown(path)
    if not os.path.exists(path):
        return (
            f"{name} was deleted (or moved) since it was opened.\n"
            "Saving now writes it again, as shown here, with the mode it had."
        )
    return (
        f"{name} changed on disk since it was opened.\n"
        "Saving now would replace those changes with this file as shown here."
    )
