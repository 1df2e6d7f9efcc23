"""Writing files safely, for the front ends: never a half-written record.

A file is written as a temporary file in the same folder and then renamed
over the old one, so a reader sees either the old file or the new one. The
new file gets the old one's permissions (and owner and group where the
process may set them); a file that did not exist gets the mode asked for, or
what ``open()`` would have given it. A device or pipe (``/dev/null``) is
written to directly, never replaced.

While the temporary file is written, SIGTERM and SIGHUP (``kill``, a closed
terminal), and the other signals that end a process unless caught (SIGQUIT,
SIGUSR1, SIGUSR2, SIGALRM), raise :class:`Stopped`, so the temporary file is
removed before the process ends, as it is on Ctrl-C. Nothing can clean up after ``kill -9``; no
other run's temporary files are ever touched.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import IO, TextIO, cast

_NEW_FILE_MODE = 0o666  # before the umask, as open() creates files
# The signals that end a process unless caught (SIGINT is Python's KeyboardInterrupt),
# those of them the system has.
STOP_SIGNALS = tuple(
    getattr(signal, name)
    for name in ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM")
    if hasattr(signal, name)
)
_CAN_MASK = hasattr(signal, "pthread_sigmask")


class Stopped(BaseException):
    """A signal asked the process to stop while a file was being written."""

    def __init__(self, number: int) -> None:
        super().__init__(f"stopped by signal {number}")
        self.signal = number


def write_atomically(
    path: str, write: Callable[[IO[str]], object], mode: int | None = None
) -> None:
    """Replace ``path`` with what ``write`` writes to the file object it is given.

    A symbolic link is followed: its target is replaced and the link kept. An
    existing file keeps its own mode; ``mode`` is for a file that does not
    exist (default: 0o666 less the umask).
    """
    path = os.path.realpath(path)
    existing = _status(path)
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        with open(path, "w", encoding="utf-8", newline="") as out:
            write(out)
        return
    with _signals_stop() as guard:
        _replace(path, write, existing, mode, guard)


def write_bytes_atomically(path: str, data: bytes) -> None:
    """Replace ``path`` with ``data`` (a picture), as :func:`write_atomically` writes text."""

    def write(out: IO[str]) -> None:
        # The text layer has nothing in it: the bytes go straight to the file beneath.
        cast(TextIO, out).buffer.write(data)

    write_atomically(path, write)


def _replace(
    path: str,
    write: Callable[[IO[str]], object],
    existing: os.stat_result | None,
    mode: int | None,
    guard: _StopGuard,
) -> None:
    temporary: str | None = None
    try:
        with guard.held():  # a signal stops us only once the temporary file is known
            descriptor, temporary = tempfile.mkstemp(
                prefix=".aceynote-", suffix=".tmp", dir=os.path.dirname(path)
            )
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as out:
            write(out)
        _give_permissions(temporary, existing, mode)
        guard.hold_to_the_end()  # once replaced, the file is saved: a signal waits for the old handlers
        os.replace(temporary, path)
    except BaseException:
        if temporary is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
        raise


class _StopGuard:
    """Where a stop signal goes while a file is written: raised as :class:`Stopped`, or held.

    A held signal is held twice over: the main thread's signal mask keeps back
    one sent to it, and the handler keeps one that another thread of the
    process took (the kernel gives a process's signal to any thread not
    blocking it; Python runs the handler in the main thread all the same).
    """

    def __init__(self) -> None:
        self.holding = False
        self.kept: list[int] = []

    def on_signal(self, number: int, frame: FrameType | None) -> None:
        if self.holding:
            self.kept.append(number)
            return
        raise Stopped(number)

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Hold stop signals back until the block is done; then the first one stops us."""
        self.holding = True
        before = _block_stop_signals()
        try:
            yield
        finally:
            if before is not None:  # a signal held by the mask comes now, to on_signal
                signal.pthread_sigmask(signal.SIG_SETMASK, before)
            self.holding = False
        if self.kept:
            raise Stopped(self.kept.pop(0))

    def hold_to_the_end(self) -> None:
        """Hold stop signals back until :func:`_signals_stop` has put the old handlers back."""
        self.holding = True
        _block_stop_signals()


@contextlib.contextmanager
def _signals_stop() -> Iterator[_StopGuard]:
    """The stop signals (STOP_SIGNALS) raise :class:`Stopped` here (only the main thread may catch signals)."""
    guard = _StopGuard()
    if threading.current_thread() is not threading.main_thread():
        yield guard
        return
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, ()) if _CAN_MASK else None
    before = {number: signal.signal(number, guard.on_signal) for number in STOP_SIGNALS}
    try:
        yield guard
    finally:
        guard.hold_to_the_end()
        try:
            for number, handler in before.items():
                signal.signal(number, handler)
        finally:
            # Always unmasked again: a mask left blocking is inherited by every
            # process started after, which then never stops on SIGTERM.
            if mask is not None:  # a signal held by the mask now goes to the handlers put back
                signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for kept in guard.kept:  # and so does one the handler kept
            signal.raise_signal(kept)


def _block_stop_signals() -> set[int | signal.Signals] | None:
    """Block the stop signals in the main thread; the mask before (None: nothing done)."""
    if _CAN_MASK and threading.current_thread() is threading.main_thread():
        return signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    return None


def _status(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def _give_permissions(temporary: str, existing: os.stat_result | None, mode: int | None) -> None:
    """The old file's owner, group and mode; or ``mode``; or what open() would give."""
    if existing is None:
        os.chmod(temporary, mode if mode is not None else _NEW_FILE_MODE & ~current_umask())
        return
    if hasattr(os, "chown"):
        # The owner only as root; the group if the process is in it.
        with contextlib.suppress(PermissionError):
            os.chown(temporary, existing.st_uid, existing.st_gid)
    # After chown, which may clear the set-user-ID and set-group-ID bits.
    os.chmod(temporary, stat.S_IMODE(existing.st_mode))


def current_umask() -> int:
    """The process's umask, read without changing it where the system tells it."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)  # the only portable way: set it and put it back
    os.umask(mask)
    return mask


def read_only(path: str) -> bool:
    """Whether ``path`` is an existing file its user may not write to, as an editor warns.

    A file without any write permission counts even for root, who could
    write it anyway: someone made it read-only on purpose.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not os.access(path, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def not_regular(mode: int) -> str | None:
    """What a file of this mode is when it is no regular file (``a named pipe``), else None.

    A record is a regular file: a named pipe makes its reader wait for a
    writer (the app hangs), and a device such as ``/dev/zero`` never ends.
    """
    for test, kind in _KINDS:
        if test(mode):
            return kind
    return None if stat.S_ISREG(mode) else "a special file"


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def cannot_write(path: str, error: OSError) -> str:
    """Why ``path`` could not be written, in words (never the temporary file's name)."""
    if isinstance(error, IsADirectoryError) or os.path.isdir(path):
        return f"{path}: is a folder; name a file to write"
    return f"{path}: cannot write: {error.strerror or error}"


SPOOL_BYTES = 8 * 1024 * 1024
"""What a command holds in memory of a record read or an output not yet written (fmt's copy
and canonical text, convert's output, analyze -o's copy of the record read), in a
``tempfile.SpooledTemporaryFile``; past this size it goes to a temporary file on disk."""


def copy_from_start(source: IO[str]) -> Callable[[IO[str]], None]:
    """A writer for :func:`write_atomically` that copies ``source`` from its start."""

    def write(out: IO[str]) -> None:
        source.seek(0)
        shutil.copyfileobj(source, out)

    return write


def create_new(
    stem: str, contents: dict[str, bytes], mode: int = 0o666, tries: int = 999
) -> list[str]:
    """Create ``STEM + suffix`` with its bytes for each suffix of ``contents``; the paths made.

    Where a name is taken, the first free ``STEM-2``, ``STEM-3``... is used,
    a number only when every suffix is free under it. Each file is created
    exclusively (nothing already there is touched) and all of them or none:
    files half-written by a full disk are removed. Raises FileExistsError
    when ``tries`` names are taken, else the OSError of the system.
    """
    for copy in range(1, tries + 1):
        name = stem if copy == 1 else f"{stem}-{copy}"
        if any(os.path.lexists(name + suffix) for suffix in contents):
            continue
        try:
            return _create_all({name + suffix: data for suffix, data in contents.items()}, mode)
        except FileExistsError:
            continue  # made meanwhile by someone else: the next number
    first = next(iter(contents), "")
    raise FileExistsError(f"{stem}{first} and {tries - 1} numbered copies exist")


def _create_all(files: dict[str, bytes], mode: int) -> list[str]:
    made: list[str] = []
    try:
        for path, data in files.items():
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
            made.append(path)
            with os.fdopen(descriptor, "wb") as out:
                out.write(data)
    except BaseException:
        for done in made:
            with contextlib.suppress(OSError):
                os.remove(done)
        raise
    return made


def folder_problem(path: str) -> str | None:
    """Why the folder ``path`` cannot be made (None: it is new, or an empty folder).

    A folder of files is only ever made anew: nothing already at ``path`` is
    replaced but an empty folder.
    """
    if not path:
        return "name the folder to write with -o DIR"
    if os.path.islink(path):  # a link is not replaced by a folder: the rename would fail at the end
        return f"{path}: is a symbolic link; name a new or empty folder (not a link to one)"
    if os.path.lexists(path) and not os.path.isdir(path):
        return f"{path}: is not a folder; name a new or empty folder to write"
    if os.path.isdir(path):
        if os.listdir(path):
            return f"{path}: the folder is not empty; name a new or empty folder (nothing in it is replaced)"
        return None
    return _parent_problem(path)


def file_problem(path: str) -> str | None:
    """Why a file cannot be written at ``path`` (checked before the work that makes it), or None.

    What only the write itself can tell (a full disk, a folder without the
    right to write in it) is said when it fails.
    """
    if not path:
        return "name the file to write with -o FILE"
    if os.path.isdir(path):
        return f"{path}: is a folder; name a file to write"
    return _parent_problem(path)


def _parent_problem(path: str) -> str | None:
    parent = os.path.dirname(path.rstrip(os.sep)) or "."
    if os.path.lexists(parent) and not os.path.isdir(parent):
        return f"{path}: cannot write: {parent}: is not a folder"
    if not os.path.isdir(parent):
        return f"{path}: cannot write: the folder {os.path.abspath(parent)} does not exist"
    return None


def write_folder_atomically(path: str, write: Callable[[str], bool]) -> bool:
    """Make the folder ``path`` of what ``write`` puts in the temporary folder it is given.

    The temporary folder is made beside ``path`` and renamed to it at the
    end, so a reader never sees half a folder; when ``write`` returns False
    (or raises, or a stop signal comes) it is removed and nothing is made.
    ``path`` is new or an empty folder (see :func:`folder_problem`); one filled
    meanwhile makes the rename fail with an OSError, replacing nothing.
    """
    temporary: str | None = None
    with _signals_stop() as guard:
        try:
            with guard.held():  # a signal stops us only once the temporary folder is known
                temporary = tempfile.mkdtemp(
                    prefix=".aceynote-", suffix=".tmp", dir=os.path.dirname(os.path.abspath(path))
                )
            keep = write(temporary)
            if keep:
                os.chmod(temporary, 0o777 & ~current_umask())
                os.rename(temporary, path)
                temporary = None
            return keep
        finally:
            if temporary is not None:
                shutil.rmtree(temporary, ignore_errors=True)
