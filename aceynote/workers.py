"""Tasks run in worker processes (or on any executor), their results taken in input order.

``validate``, ``find`` and ``analyze`` with ``--jobs N`` run here, and
``analyze --scheduler`` on a Dask cluster through :func:`in_order` too
(aceynote.analysis.cluster). A leaf: it imports nothing of aceynote.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol, TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")
Result_co = TypeVar("Result_co", covariant=True)


class Pending(Protocol[Result_co]):
    """A submitted task: concurrent.futures' and Dask's futures alike."""

    def result(self) -> Result_co: ...


def in_order(
    submit: Callable[[Task], Pending[Result]], tasks: Iterable[Task], ahead: int
) -> Iterator[Result]:
    """Each task's result in the order of ``tasks``, with at most ``ahead`` submitted at once.

    The tasks are taken from their iterable only as the window moves on, so a
    long input streams. When taking the next task fails (a record unreadable
    part way), the results of the tasks taken before come first, then the
    error, as in a run of one task after another. Whatever is still pending
    when the caller stops is left to the executor's shutdown.
    """
    window: deque[Pending[Result]] = deque()
    upcoming = iter(tasks)
    failure: Exception | None = None
    while True:
        try:
            task = next(upcoming)
        except StopIteration:
            break
        except Exception as error:  # raised again below, after the results before it
            failure = error
            break
        window.append(submit(task))
        if len(window) >= ahead:
            yield window.popleft().result()
    while window:
        yield window.popleft().result()
    if failure is not None:
        raise failure


def on_processes(
    function: Callable[[Task], Result],
    tasks: Iterable[Task],
    jobs: int,
    starting: Callable[[], object] | None = None,
) -> Iterator[Result]:
    """``function`` of each task in ``jobs`` local processes, results in input order.

    ``starting`` runs in each worker as it starts.
    """
    from concurrent.futures import ProcessPoolExecutor  # only for --jobs: multiprocessing

    pool = ProcessPoolExecutor(jobs, initializer=starting)
    try:
        yield from in_order(lambda task: pool.submit(function, task), tasks, 2 * jobs)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
