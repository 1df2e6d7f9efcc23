"""What ``main`` does to the process it runs in (issue 22).

The aceynote command tunes its garbage collector for replaying records; a
program or a test that calls ``main(ARGS)`` keeps its own. Before, every
in-process call left the test workers with a collector that let cyclic
garbage pile up (a million objects a worker at the end of the suite): the
final collections then took xdist's workers past their 5 s to stop, and
execnet's SIGINT broke into hypothesis's generators being finalized (a
PytestUnraisableExceptionWarning with a KeyboardInterrupt before the summary).
conftest.py's pytest_sessionfinish does that collecting before a worker
says it is done.
"""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator

import pytest
from conftest import SAMPLES

from aceynote.cli import main


@pytest.fixture
def default_collector() -> Iterator[tuple[int, int, int]]:
    kept = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # Python's default, whatever ran before
    yield gc.get_threshold()
    gc.set_threshold(*kept)


def test_main_with_arguments_leaves_the_callers_collector_alone(
    default_collector: tuple[int, int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(SAMPLES / "annotated.acey")]) == 0
    assert main(["fmt", str(SAMPLES / "match.acey")]) == 0
    capsys.readouterr()
    assert gc.get_threshold() == default_collector


def test_the_aceynote_command_tunes_its_own_collector() -> None:
    code = (
        "import gc, sys; sys.argv = ['aceynote', 'schema'];"
        "from aceynote.cli import main; main(); print(gc.get_threshold(), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr == "(100000, 50, 100)\n"
