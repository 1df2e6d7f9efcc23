"""SIGTERM and SIGHUP stop the app cleanly: the terminal given back, the changes in a recovery file.

``aceynote record`` runs in a pseudo-terminal of 80x24 (as a user's terminal),
a segment is typed in, and the signal sent: the process must leave the
alternate screen and mouse reporting, say on standard error where the changes
went, and end with 128 + the signal's number.
"""

from __future__ import annotations

import fcntl
import io
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from conftest import GUARD, aceynote_process

LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
MOUSE_OFF = b"\x1b[?1000l"


def _controlled_by_standard_input() -> None:
    """A new session whose controlling terminal is the pseudo-terminal, as a shell's is:
    closing it sends SIGHUP and SIGCONT, and writes to it fail."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


@pytest.fixture(autouse=True)
def no_app_left() -> Iterator[None]:
    """A test that failed with its app still running (a hang under test) kills it: an app
    left behind spins on its hung-up terminal for ever, taking a processor from the rest."""
    yield
    while Terminal.started:
        process = Terminal.started.pop()
        if process.poll() is None:
            process.kill()
            process.wait(GUARD)


class Terminal:
    """A process in a pseudo-terminal of 80x24, and everything it wrote."""

    started: ClassVar[list[subprocess.Popen[bytes]]] = []
    """The apps started, killed after each test if still running (:func:`no_app_left`)."""

    def __init__(self, *args: str, cwd: Path) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        environment = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
        self.process = subprocess.Popen(
            aceynote_process(*args),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env=environment,
            preexec_fn=_controlled_by_standard_input,
        )
        os.close(slave)
        Terminal.started.append(self.process)
        self.output = b""

    def read_until(self, wanted: bytes) -> None:
        """Read what the app writes until ``wanted`` is among it (or fail after GUARD)."""
        deadline = time.monotonic() + GUARD
        while wanted not in self.output:
            assert time.monotonic() < deadline, f"{wanted!r} never came: {self.output[-400:]!r}"
            if not self._read(0.5):
                assert self.process.poll() is None, self.output[-400:]

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def finish(self) -> int:
        """Read everything until the process ends; its exit status."""
        deadline = time.monotonic() + GUARD
        while self._read(0.5) or self.process.poll() is None:
            assert time.monotonic() < deadline, self.output[-400:]
        os.close(self.master)
        return self.process.wait(GUARD)

    def _read(self, seconds: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], seconds)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the other side is closed: the process ended
            return False
        self.output += data
        return bool(data)


pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is POSIX")


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_keeps_the_entries_and_gives_the_terminal_back(
    tmp_path: Path, number: signal.Signals
) -> None:
    terminal = Terminal("record", "club.acey", "--white", "Ines", cwd=tmp_path)
    terminal.read_until(b"to roll")
    terminal.type("64: in/19 in/21\r")
    terminal.read_until(b"next:")
    terminal.process.send_signal(number)
    status = terminal.finish()

    assert status == 128 + number
    assert not (tmp_path / "club.acey").exists()  # the record is not written behind the user
    recovered = list(tmp_path.glob("club.recovered-*.acey"))
    assert len(recovered) == 1
    text = recovered[0].read_text(encoding="utf-8")
    assert '[White "Ines"]' in text
    assert "1. 64: in/19 in/21" in text
    end = terminal.output[terminal.output.rindex(b"to roll") :]
    assert LEAVE_ALTERNATE_SCREEN in end
    assert MOUSE_OFF in end
    said = end[end.rindex(LEAVE_ALTERNATE_SCREEN) :].decode(errors="replace")
    assert f"stopped by {number.name}" in said
    assert recovered[0].name in said.replace("\r\n", "")


def test_a_stop_signal_with_nothing_to_save_writes_no_recovery_file(tmp_path: Path) -> None:
    (tmp_path / "club.acey").write_text('[Result "*"]\n\n1. 64: in/19 in/21\n*\n')
    terminal = Terminal("replay", "club.acey", cwd=tmp_path)
    terminal.read_until(b"Quit")
    terminal.process.send_signal(signal.SIGTERM)

    assert terminal.finish() == 128 + signal.SIGTERM
    assert [path.name for path in tmp_path.iterdir()] == ["club.acey"]
    assert LEAVE_ALTERNATE_SCREEN in terminal.output
    assert b"stopped by SIGTERM" in terminal.output


def test_a_terminal_closed_while_the_app_is_busy_ends_it_with_a_recovery_file(
    tmp_path: Path,
) -> None:
    """The window closed in a paste of 3,500 keys, the app's output not read: the app ran on
    for ever (issue 37), its writer thread dead and a second input thread started by SIGCONT."""
    (tmp_path / "club.acey").write_text('[Result "*"]\n\n1. 64: in/19 in/21\n*\n')
    terminal = Terminal("replay", "club.acey", cwd=tmp_path)
    terminal.read_until(b"Quit")
    terminal.type("c")
    terminal.read_until(b"ctrl+s")
    terminal.type("kept\x13")  # a comment kept: a change not saved
    terminal.read_until(b"modified")
    terminal.type("c")
    time.sleep(1)  # the editor opens; what the app writes from now on is never read
    os.set_blocking(terminal.master, False)
    paste = b"word " * 700
    deadline = time.monotonic() + GUARD
    while paste and time.monotonic() < deadline:  # nothing read: the app's writes wait
        try:
            paste = paste[os.write(terminal.master, paste[:1024]) :]
        except BlockingIOError:
            time.sleep(0.01)
    os.close(terminal.master)  # the window closed

    assert terminal.process.wait(GUARD) == 128 + signal.SIGHUP
    recovered = list(tmp_path.glob("club.recovered-*.acey"))
    assert len(recovered) == 1 and "{kept}" in recovered[0].read_text(encoding="utf-8")


ENTER_ALTERNATE_SCREEN = b"\x1b[?1049h"


def test_sigcont_to_a_running_app_starts_nothing_again(tmp_path: Path) -> None:
    """A closed terminal sends SIGCONT with SIGHUP: Textual started its application mode
    again (a second thread reading the terminal, never stopped: the process never ended)."""
    (tmp_path / "club.acey").write_text('[Result "*"]\n\n1. 64: in/19 in/21\n*\n')
    terminal = Terminal("replay", "club.acey", cwd=tmp_path)
    terminal.read_until(b"Quit")
    terminal.process.send_signal(signal.SIGCONT)
    terminal.type("\x0c")  # ctrl+l: something to answer, so that what SIGCONT did is written
    time.sleep(1)
    while terminal._read(0.5):
        pass
    after = terminal.output[terminal.output.index(b"Quit") :]
    terminal.type("q")
    assert terminal.finish() == 0
    assert ENTER_ALTERNATE_SCREEN not in after


def test_the_app_writes_on_once_its_terminal_is_gone() -> None:
    """Textual's writer thread ended at the first failed write, and the app's 31st write
    after it waited for room in the queue for ever."""
    from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread

    from aceynote.tui.terminal import TerminalOutput

    class Gone(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(5, "Input/output error")

    writer = WriterThread(TerminalOutput(Gone()))  # type: ignore[arg-type]
    writer.start()
    done = threading.Event()

    def write_many() -> None:
        for _ in range(10 * MAX_QUEUED_WRITES):
            writer.write("\x07")
        done.set()

    threading.Thread(target=write_many, daemon=True).start()
    assert done.wait(10)
    writer.stop()


def test_a_paste_holding_escapes_stays_in_the_comment_editor(tmp_path: Path) -> None:
    """ESC ESC in a paste was the Escape key: the editor closed, the text was lost and the
    rest of the paste ran as commands (g, q); a pasted RLO was shown raw (issue 37)."""
    path = tmp_path / "club.acey"
    path.write_text('[Result "*"]\n\n1. 64: in/19 in/21\n*\n')
    terminal = Terminal("replay", "club.acey", cwd=tmp_path)
    terminal.read_until(b"Quit")
    terminal.type("c")
    terminal.read_until(b"ctrl+s")
    terminal.type("\x1b[200~note\x1b\x1bgq\u202e\x1b[201~")
    terminal.type("\x13")  # ctrl+s: keep the comment
    terminal.read_until(b"modified")
    terminal.type("s")
    terminal.read_until(b"Saved")
    terminal.type("q")
    assert terminal.finish() == 0
    assert "{note\\x1b\\x1bgq\\u202e}" in path.read_text(encoding="utf-8")
