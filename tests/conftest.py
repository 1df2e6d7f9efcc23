"""What several test files share: the project's paths, the CLI run in and out of process,
records written for the commands and the validator, and the Pilot test runner.

The test files import these names (``from conftest import ROOT, SAMPLES``) as they
import ``boards``.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import signal
import sys
import threading
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from aceynote.cli import main

if TYPE_CHECKING:
    from aceynote.notation import Game
    from aceynote.validation import Report

# -- paths -----------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

# -- the command line ------------------------------------------------------------------------


def refusal(games: list[Game]) -> tuple[str, int, int]:
    """The syntax error of the one game among ``games`` that a reader could not read (a JSON
    game that is no record's): its message, line and column."""
    (problem,) = [problem for game in games for problem in game.problems]
    return problem.message, problem.span.line, problem.span.column


# The installed ``aceynote`` script beside this interpreter.
EXECUTABLE = str(Path(sys.executable).with_name("aceynote"))
GUARD = 120  # seconds a command may take before a test calls it hung; never a measure


def aceynote_process(*args: str) -> list[str]:
    """The command line running ``aceynote`` with ``args`` in a fresh interpreter."""
    return [sys.executable, "-m", "aceynote", *args]


def run_main(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    """Run ``aceynote WORDS...`` in this process: its exit status, standard output and error."""
    status = main(list(words))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# -- records ---------------------------------------------------------------------------------

# One game written out of order and in odd case, and the same game as ``fmt`` writes it.
MESSY = '[White "Park"]\n[Event "E"]\n1. 25: IN/20 in/23 1... 46: in/19 in/21\n*\n'
CANONICAL = '[Event "E"]\n[White "Park"]\n\n1. 52: in/20 in/23  64: in/19 in/21\n*\n'
# A game that does not parse (72 is not a roll).
BROKEN = '[Event "bad"]\n\n1. 72: in/20 in/23\n*\n'


def record(movetext: str, *tags: str, result: str = "*") -> str:
    """A one-game record: the tags, a blank line, the movetext and the result."""
    head = "\n".join(tags)
    return (head + "\n\n" if head else "") + movetext + "\n" + result + "\n"


def setup(position: str) -> str:
    """A Setup tag holding ``position``."""
    return f'[Setup "{position}"]'


def codes(report: Report) -> list[str]:
    """The codes of a validation report's diagnostics, in order."""
    return [d.code.code for d in report.diagnostics]


# -- the terminal app ------------------------------------------------------------------------

SIZE = (80, 24)

SHORT_GAME = """[White "Ines Alder"]
[Black "Tom Brandt"]
[Rules "standard"]
[Opening "6-1"]

1. 61: in/19 19/18  61: in/19 19/18
2. 51: 18/13 13/12  62: 18/12 12/10
3. 21: 12/10 10/9 =11: 9/8 8/7 7/6 6/5 +53: in/20 5/2  31: 10/7 7/6
4. 32: in/22 22/20 ?! {Loose.}  62: in/23* 23/17
5. 66: bar/19* in/19 20/14(2)  64: bar/19 17/13
*
"""
"""A short unfinished game for the app's analysis tests: 12 decisions, a 1-2 with its
double and extra roll, a hit, a glyph and a comment; analysed at 0-ply in a moment."""


async def enter_on_line(pilot: Any, screen: Any, text: str) -> None:
    """Put a whole segment on a record screen's entry line (at once) and press Enter."""
    from aceynote.tui.entry import EntryLine

    screen.query_one(EntryLine).set_text(text)
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


def pilot_test(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async Pilot test in its own event loop (the suite has no asyncio plugin)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


# -- every test ------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def stop_signals_left_unblocked() -> Iterator[None]:
    """No test leaves SIGTERM or SIGHUP blocked in the main thread.

    A blocked signal is inherited by every process started after it: the app
    started by a later test then never stopped on SIGTERM (three tests hung).
    """
    yield
    if hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread():
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
        assert not blocked & {signal.SIGTERM, signal.SIGHUP}, f"left blocked: {blocked}"


# -- the end of a run ------------------------------------------------------------------------


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Collect the run's garbage while the xdist controller still waits, then freeze the rest.

    After the session pytest collects garbage five times, to report exceptions
    raised in finalizers. In an xdist worker that comes after it has told the
    controller it is done, and execnet gives a worker 5 s to stop before it
    sends itself a SIGINT: with 400,000 objects alive at the end, the five
    collections took 7 to 9 s on 2 busy cores, and the SIGINT broke into
    hypothesis's generators being finalized (a PytestUnraisableExceptionWarning
    with a KeyboardInterrupt before the summary). This hook runs before the
    worker says it is done: one collection here finalizes the garbage (under
    pytest's hook, which still reports what it raises), and ``gc.freeze()``
    leaves the objects still alive, which live to the end of the process, out
    of the five.
    """
    gc.collect()
    gc.freeze()
