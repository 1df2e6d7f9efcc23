"""Saving never loses a game: what the recorder and the replay refuse, and what a failed save keeps.

A name that is not UTF-8 is refused at start; a record is a regular file (a
named pipe or a device is refused, and never opened later); a read-only file
is not replaced (another name is offered); a save that fails keeps the app
open with the changes; a stop signal puts them in a recovery file.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import GUARD, SIZE, aceynote_process, pilot_test, run_main
from test_tui_record import enter, recording_app

from aceynote.files.record import ReadOnlyRecord, RecordError, RecordFile
from aceynote.files.recovery import write_recovery
from aceynote.files.writing import Stopped, read_only
from aceynote.tui.app import ReplayApp
from aceynote.tui.dialogs import Confirm, Prompt
from aceynote.tui.record_screen import RecordScreen

UNFINISHED = '[White "Ines"]\n[Result "*"]\n\n1. 64: in/19 in/21\n*\n'


def messages(app: ReplayApp) -> list[str]:
    return [notification.message for notification in app._notifications]


# -- a name that is not UTF-8 ---------------------------------------------------------------
@pytest.mark.parametrize("option", ["--white", "--black", "--event"])
def test_record_refuses_a_name_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    path = tmp_path / "s.acey"
    name = os.fsdecode(b"M\xfcller")  # as Python hands $'M\xfcller' over: a lone surrogate

    status, _, err = run_main(capsys, "record", str(path), option, name)

    assert status == 2
    assert f"{option}: 'M\\xfcller' is not UTF-8 text" in err
    assert not path.exists()


@pilot_test
async def test_a_save_that_fails_keeps_the_app_open_with_the_entries(tmp_path: Path) -> None:
    path = tmp_path / "s.acey"
    # Past the command's check (a program embedding the app): the save cannot encode it.
    app = recording_app(path, [("White", "M\udcfcller")])
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert any("cannot save" in m and "\\udcfc" in m for m in messages(app))
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.click("#answer-save")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, RecordScreen)  # not quit: not saved
        assert app.record is not None and app.record.dirty
        assert "64: in/19 in/21" in app.record.new_text()
    assert not path.exists()


async def save_failing(
    pilot: Any, app: ReplayApp, monkeypatch: pytest.MonkeyPatch, error: BaseException
) -> None:
    """Enter a segment, then press ctrl+s with the record's save raising ``error``."""
    await enter(pilot, app, "64: in/19 in/21")
    assert app.record is not None

    def failing(elsewhere: str | None = None) -> None:
        raise error

    monkeypatch.setattr(app.record, "save", failing)
    await pilot.press("ctrl+s")
    await pilot.pause()


@pilot_test
async def test_any_failure_of_a_save_is_said_and_keeps_the_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = recording_app(tmp_path / "s.acey")
    async with app.run_test(size=SIZE) as pilot:
        await save_failing(pilot, app, monkeypatch, RuntimeError("disk on fire"))
        assert any("disk on fire" in m and "changes are kept" in m for m in messages(app))
        assert app.is_running and app.record is not None and app.record.dirty


# -- a read-only file ------------------------------------------------------------------------
def read_only_record(tmp_path: Path) -> Path:
    path = tmp_path / "ro.acey"
    path.write_text(UNFINISHED, encoding="utf-8")
    path.chmod(0o444)  # even root, who could write it, must not: it was made read-only
    return path


def test_a_read_only_record_is_not_saved_over(tmp_path: Path) -> None:
    path = read_only_record(tmp_path)
    record = RecordFile(str(path))
    record.mark_edited(0)
    with pytest.raises(ReadOnlyRecord, match=r"ro\.acey is read-only") as error:
        record.save()
    assert error.value.other_name == str(tmp_path / "ro-2.acey")  # beside it
    assert path.read_text(encoding="utf-8") == UNFINISHED


def test_a_record_the_user_may_not_write_counts_as_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Write bits on, but not for this user (os.access says so; root is never refused)."""
    path = tmp_path / "theirs.acey"
    path.write_text(UNFINISHED, encoding="utf-8")
    monkeypatch.setattr(os, "access", lambda where, mode: mode != os.W_OK)
    assert read_only(str(path))


def test_a_folder_the_user_may_not_write_asks_for_another_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "club.acey"
    path.write_text(UNFINISHED, encoding="utf-8")
    record = RecordFile(str(path))
    record.mark_edited(0)

    def refused(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")  # the temporary file in the folder

    monkeypatch.setattr("aceynote.files.record.write_atomically", refused)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    with pytest.raises(
        ReadOnlyRecord, match=r"cannot save .*club\.acey: Permission denied"
    ) as error:
        record.save()
    assert error.value.other_name == str(tmp_path / "home" / "club.acey")  # not the same folder


def test_record_refuses_a_file_in_a_folder_it_cannot_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.acey"
    path.write_text(UNFINISHED, encoding="utf-8")
    monkeypatch.setattr(os, "access", lambda where, mode: where != str(tmp_path))
    status, _, err = run_main(capsys, "record", str(path))
    assert status == 2
    assert f"cannot make a file in {tmp_path}" in err


def test_record_refuses_a_read_only_file_at_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = read_only_record(tmp_path)
    status, _, err = run_main(capsys, "record", str(path))
    assert status == 2
    assert "ro.acey is read-only: record into another file" in err


async def save_a_turn_more(pilot: Any, app: ReplayApp) -> None:
    """In the replay: record a segment at the game's end (r), and press ctrl+s."""
    await pilot.press("end", "r")
    await pilot.pause()
    await enter(pilot, app, "52: in/20 in/23")
    await pilot.press("ctrl+s")
    await pilot.pause()


@pilot_test
async def test_the_replay_saves_a_read_only_record_under_another_name(tmp_path: Path) -> None:
    path = read_only_record(tmp_path)
    (tmp_path / "taken.acey").write_text("kept\n", encoding="utf-8")
    app = ReplayApp(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await save_a_turn_more(pilot, app)
        prompt = app.screen
        assert isinstance(prompt, Prompt)
        assert "is read-only" in prompt.title_text
        assert prompt.value == str(tmp_path / "ro-2.acey")  # a name no file has
        prompt.dismiss(str(tmp_path / "taken.acey"))  # taken: refused, asked again
        await pilot.pause()
        assert any("taken.acey exists" in m for m in messages(app))
        assert isinstance(app.screen, Prompt)
        app.screen.dismiss(str(tmp_path / "mine.acey"))
        await pilot.pause()
        assert any("Saved the games as" in m and "mine.acey" in m for m in messages(app))
        assert app.record is not None and not app.record.dirty
        assert app.record.path == str(tmp_path / "mine.acey")
    assert path.read_text(encoding="utf-8") == UNFINISHED
    assert (tmp_path / "taken.acey").read_text(encoding="utf-8") == "kept\n"
    saved = (tmp_path / "mine.acey").read_text(encoding="utf-8")
    assert saved.endswith("1. 64: in/19 in/21  52: in/20 in/23\n*\n")
    assert os.stat(tmp_path / "mine.acey").st_mode & stat.S_IWUSR  # a new file, not read-only


@pilot_test
async def test_escape_on_the_other_name_saves_nothing_and_keeps_the_changes(
    tmp_path: Path,
) -> None:
    path = read_only_record(tmp_path)
    app = ReplayApp(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await save_a_turn_more(pilot, app)
        await pilot.press("escape")
        await pilot.pause()
        assert any(m.startswith("Not saved:") and "read-only" in m for m in messages(app))
        assert app.record is not None and app.record.dirty
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ro.acey"]


# -- what is no regular file -----------------------------------------------------------------
def run_guarded(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command in its own process: one that hangs on a pipe fails the test, not the suite."""
    return subprocess.run(
        aceynote_process(*args),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=GUARD,
        stdin=subprocess.DEVNULL,
        check=False,
    )


@pytest.mark.parametrize("command", ["record", "replay"])
def test_a_named_pipe_is_refused_at_start(tmp_path: Path, command: str) -> None:
    os.mkfifo(tmp_path / "pipe.acey")
    done = run_guarded(command, "pipe.acey", cwd=tmp_path)
    assert done.returncode == 2
    assert "pipe.acey: is a named pipe, not a record file" in done.stderr


@pytest.mark.parametrize(("command", "device"), [("record", "/dev/full"), ("replay", "/dev/zero")])
def test_an_endless_device_is_refused_at_start(tmp_path: Path, command: str, device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    done = run_guarded(command, device, cwd=tmp_path)
    assert done.returncode == 2
    assert f"{device}: is a device, not a record file" in done.stderr


def in_a_thread(work: Callable[[], object]) -> object:
    """``work()``'s answer (or its RecordError); a failure when it does not come back."""
    answers: list[object] = []

    def answer() -> None:
        try:
            answers.append(work())
        except RecordError as error:
            answers.append(error)

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    thread.join(GUARD / 4)
    assert answers, "it hangs (it opened the pipe)"
    return answers[0]


def test_a_pipe_put_in_the_files_place_is_never_opened(tmp_path: Path) -> None:
    path = tmp_path / "club.acey"
    path.write_text(UNFINISHED, encoding="utf-8")
    record = RecordFile(str(path))
    record.mark_edited(0)
    path.unlink()
    os.mkfifo(path)

    assert in_a_thread(record.changed_on_disk) is True
    failure = in_a_thread(record.save)
    assert isinstance(failure, RecordError)
    assert "it is a named pipe now, not a record file" in str(failure)
    assert stat.S_ISFIFO(os.stat(path).st_mode)


# -- stopped by a signal ---------------------------------------------------------------------
@pilot_test
async def test_a_signal_during_the_save_keeps_the_changes_in_a_recovery_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.acey"
    app = recording_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await save_failing(pilot, app, monkeypatch, Stopped(signal.SIGTERM))
    assert app.stop_status() == 128 + signal.SIGTERM
    assert not path.exists()
    (recovered,) = tmp_path.glob("s.recovered-*.acey")
    assert "1. 64: in/19 in/21" in recovered.read_text(encoding="utf-8")


@pilot_test
async def test_a_stop_signal_is_seen_when_the_loops_wake_up_socket_is_full(
    tmp_path: Path,
) -> None:
    """A paste into a closing window filled the wake-up socket of the app's loop with
    Textual's keys: asyncio's own signal handler lost SIGHUP's byte there, and the app ran
    on for ever after its window had closed."""
    import asyncio
    import socket

    path = tmp_path / "s.acey"
    app = recording_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        wake = asyncio.get_running_loop()._csock  # type: ignore[attr-defined]
        assert isinstance(wake, socket.socket)
        with contextlib.suppress(BlockingIOError):
            while True:
                wake.send(b"\0")
        os.kill(os.getpid(), signal.SIGHUP)
        for _ in range(100):
            await pilot.pause(0.01)
            if app.stopped is not None:
                break
    assert app.stop_status() == 128 + signal.SIGHUP
    (recovered,) = tmp_path.glob("s.recovered-*.acey")
    assert "1. 64: in/19 in/21" in recovered.read_text(encoding="utf-8")


def test_a_recovery_file_never_replaces_one(tmp_path: Path) -> None:
    record = str(tmp_path / "club.acey")
    first = write_recovery(record, "one", when=0)
    second = write_recovery(record, "two", when=0)
    assert os.path.basename(first).startswith("club.recovered-19")
    assert second == first.removesuffix(".acey") + "-2.acey"
    assert Path(first).read_text(encoding="utf-8") == "one"
    assert Path(second).read_text(encoding="utf-8") == "two"
    assert stat.S_IMODE(os.stat(second).st_mode) == 0o600


def test_a_recovery_file_goes_to_the_temporary_folder_when_the_records_is_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "closed"
    folder.mkdir()
    elsewhere = tmp_path / "tmp"
    elsewhere.mkdir()
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(elsewhere))
    real_open = os.open

    def refusing(path: str, flags: int, mode: int = 0o777) -> int:
        if os.path.dirname(path) == str(folder):
            raise PermissionError(13, "Permission denied", path)
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", refusing)
    where = write_recovery(str(folder / "club.acey"), "kept \udcfc")
    assert os.path.dirname(where) == str(elsewhere)
    assert Path(where).read_text(encoding="utf-8") == "kept \\udcfc"
