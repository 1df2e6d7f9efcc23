"""SIGTERM and SIGHUP stop the app cleanly: the terminal given back, the changes in a recovery file.

``aceynote record`` runs in a pseudo-terminal of 80x24 (as a user's terminal),
a segment is typed in, and the signal sent: the process must leave the
alternate screen and mouse reporting, say on standard error where the changes
went, and end with 128 + the signal's number.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from conftest import GUARD, aceynote_process

LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
MOUSE_OFF = b"\x1b[?1000l"


class Terminal:
    """A process in a pseudo-terminal of 80x24, and everything it wrote."""

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
            start_new_session=True,
        )
        os.close(slave)
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
