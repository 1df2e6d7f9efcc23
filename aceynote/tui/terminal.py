"""The terminal the app writes to, which may go away at any moment (its window closed).

A closed terminal hangs up: the kernel sends the app SIGHUP and then
SIGCONT, and every write to the terminal fails (EIO). Textual's driver, as
it is, then never ends (issue 37):

- Textual writes from a thread that takes text off a queue of 30. A failed
  write ends that thread; the queue fills, and the app's next write waits for
  room without end, so that it handles no signal and writes no recovery file.
  Here a write to a terminal that is gone is dropped instead.
- SIGCONT makes Textual start its application mode again, which it means for
  a process woken after Ctrl+Z; in a running app it starts a second thread
  reading the terminal, which nothing stops, and the process, its work done,
  waits for that thread for ever (spinning on the hung-up terminal). Here
  SIGCONT starts it again only after a SIGTSTP stopped it.
- Textual's input thread reads a paste holding ESC ESC as the Escape key:
  the driver reads with :class:`.pasting.PasteParser` instead.
"""

from __future__ import annotations

from io import TextIOWrapper
from typing import Any, TextIO, cast

from textual.drivers import linux_driver
from textual.drivers.linux_driver import LinuxDriver

from .pasting import PasteParser


class TerminalOutput:
    """A text file for Textual's writer thread that drops what is written once writing fails."""

    def __init__(self, file: TextIO) -> None:
        self.file = file
        self.gone = False

    def write(self, text: str) -> int:
        self._attempt(self.file.write, text)
        return len(text)

    def flush(self) -> None:
        self._attempt(self.file.flush)

    def fileno(self) -> int:
        return self.file.fileno()

    def _attempt(self, call: Any, *arguments: str) -> None:
        if self.gone:
            return
        try:
            call(*arguments)
        except (OSError, ValueError):  # EIO, EPIPE; ValueError: the file was closed
            self.gone = True


class TerminalDriver(LinuxDriver):
    """Textual's driver for POSIX terminals, writing through a :class:`TerminalOutput`,
    woken by SIGCONT only after a SIGTSTP, reading pastes whole."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self._file is not None:  # Textual's writer thread uses write, flush and fileno only
            self._file = cast("TextIOWrapper", TerminalOutput(self._file))

    def run_input_thread(self) -> None:
        """Textual's input thread, which makes its parser by the name ``XTermParser``."""
        setattr(linux_driver, "XTermParser", PasteParser)  # noqa: B010 - not exported
        super().run_input_thread()

    def _sigcont_application(self, *args: Any) -> None:
        """Start the application mode again only if a SIGTSTP (Ctrl+Z) stopped it."""
        if self._must_signal_resume:
            super()._sigcont_application(*args)
