"""``write_atomically``: whole files only, with the mode and owner they should have."""

from __future__ import annotations

import os
import signal
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

import pytest

from aceynote.files.writing import Stopped, current_umask, write_atomically


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def hello(out: IO[str]) -> None:
    out.write("hello\n")


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def test_a_new_file_gets_what_open_would_give(tmp_path: Path, umask_022: None) -> None:
    path = tmp_path / "new.acey"
    write_atomically(str(path), hello)
    assert path.read_text(encoding="utf-8") == "hello\n"
    assert mode_of(path) == 0o644
    assert current_umask() == 0o022


def test_a_new_file_gets_the_mode_asked_for_exactly(tmp_path: Path, umask_022: None) -> None:
    path = tmp_path / "new.acey"
    write_atomically(str(path), hello, mode=0o664)  # not reduced by the umask
    assert mode_of(path) == 0o664
    write_atomically(str(path), hello, mode=0o600)  # the file exists now: its mode stays
    assert mode_of(path) == 0o664


@pytest.mark.parametrize("mode", [0o640, 0o600, 0o444, 0o2750])
def test_an_existing_file_keeps_its_mode(tmp_path: Path, mode: int) -> None:
    path = tmp_path / "old.acey"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(mode)
    write_atomically(str(path), hello, mode=0o666)
    assert path.read_text(encoding="utf-8") == "hello\n"
    assert mode_of(path) == mode


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_an_existing_file_keeps_its_owner_and_group(tmp_path: Path) -> None:
    path = tmp_path / "old.acey"
    path.write_text("old\n", encoding="utf-8")
    os.chown(path, 1234, 2345)
    path.chmod(0o4750)  # chown would clear the set-user-ID bit: it comes back
    write_atomically(str(path), hello)
    status = path.stat()
    assert (status.st_uid, status.st_gid, mode_of(path)) == (1234, 2345, 0o4750)


def test_a_link_is_kept_and_its_target_replaced(tmp_path: Path) -> None:
    target = tmp_path / "target.acey"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    link = tmp_path / "link.acey"
    link.symlink_to(target.name)
    write_atomically(str(link), hello)
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8") == "hello\n"
    assert mode_of(target) == 0o640


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "old.acey"
    path.write_text("old\n", encoding="utf-8")

    def broken(out: IO[str]) -> None:
        out.write("half")
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError):
        write_atomically(str(path), broken)
    assert path.read_text(encoding="utf-8") == "old\n"
    assert list(tmp_path.iterdir()) == [path]


def test_a_device_is_written_to_not_replaced() -> None:
    write_atomically(os.devnull, hello)
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def _send_sigterm_to_the_main_thread() -> None:
    # Sent to the thread, not the process: pytest-xdist's worker has other threads,
    # and the kernel may hand a process's signal to one of them, at its own time.
    signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGTERM)


def _sigterm_taken_by_another_thread() -> None:
    # Python runs the handler in the main thread whichever thread the signal came to.
    handler = signal.getsignal(signal.SIGTERM)
    assert callable(handler)
    handler(signal.SIGTERM, None)


@pytest.mark.parametrize(
    "send", [_send_sigterm_to_the_main_thread, _sigterm_taken_by_another_thread]
)
def test_a_stop_signal_just_after_the_file_is_replaced_finds_it_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, send: Callable[[], None]
) -> None:
    import aceynote.files.writing as writing

    path = tmp_path / "record.acey"
    path.write_text("old\n")
    received: list[int] = []
    real_replace = os.replace

    def replace_then_signal(source: str, target: str) -> None:
        real_replace(source, target)
        send()  # between the replace and the handlers put back

    monkeypatch.setattr(writing.os, "replace", replace_then_signal)
    before = signal.signal(signal.SIGTERM, lambda number, frame: received.append(number))
    try:
        write_atomically(str(path), hello)  # does not raise Stopped: the file is saved
        for _ in range(3):  # the handler put back runs at the next bytecode boundaries
            time.sleep(0)
    finally:
        signal.signal(signal.SIGTERM, before)
    assert path.read_text() == "hello\n"
    assert received == [signal.SIGTERM]  # the signal went to the handler put back


@pytest.mark.parametrize(
    "send", [_send_sigterm_to_the_main_thread, _sigterm_taken_by_another_thread]
)
def test_a_stop_signal_while_the_temporary_file_is_made_stops_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, send: Callable[[], None]
) -> None:
    import aceynote.files.writing as writing

    path = tmp_path / "record.acey"
    path.write_text("old\n")
    real_mkstemp = tempfile.mkstemp

    def mkstemp_then_signal(**where: str) -> tuple[int, str]:
        made = real_mkstemp(**where)
        send()  # before the name is known to the writer: held until it is
        return made

    monkeypatch.setattr(writing.tempfile, "mkstemp", mkstemp_then_signal)
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Stopped):
        write_atomically(str(path), hello)
    assert signal.getsignal(signal.SIGTERM) == before
    assert path.read_text() == "old\n"
    assert list(tmp_path.iterdir()) == [path]  # the temporary file was removed


def test_create_new_takes_the_first_number_free_for_every_suffix(tmp_path: Path) -> None:
    from aceynote.files.writing import create_new

    stem = str(tmp_path / "club-g1-t0")
    (tmp_path / "club-g1-t0.png").write_bytes(b"theirs")  # only one of the two names is taken
    made = create_new(stem, {".svg": b"<svg/>", ".png": b"png"}, mode=0o600)
    assert made == [f"{stem}-2.svg", f"{stem}-2.png"]
    assert (tmp_path / "club-g1-t0.png").read_bytes() == b"theirs"
    assert mode_of(Path(made[0])) == 0o600
    with pytest.raises(FileExistsError, match="and 1 numbered copies exist"):
        create_new(stem, {".png": b"png"}, tries=2)


def test_create_new_makes_all_the_files_or_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import aceynote.files.writing as writing

    real_fdopen = os.fdopen
    opened: list[int] = []

    def full_disk_on_the_second(descriptor: int, *args: object, **kwargs: object) -> object:
        opened.append(descriptor)
        if len(opened) == 2:
            os.close(descriptor)
            raise OSError(28, "No space left on device")
        return real_fdopen(descriptor, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(writing.os, "fdopen", full_disk_on_the_second)
    with pytest.raises(OSError, match="No space left"):
        writing.create_new(str(tmp_path / "d"), {".svg": b"a", ".png": b"b"})
    assert list(tmp_path.iterdir()) == []
