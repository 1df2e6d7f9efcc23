"""Running tasks elsewhere and taking their results back in input order.

Two places run them: local worker processes (``--jobs N``,
:func:`aceynote.workers.on_processes`) and a Dask distributed cluster
(``--scheduler tcp://HOST:PORT``, the optional extra ``aceynote[cluster]``).
Both go through :func:`aceynote.workers.in_order`: a few tasks ahead of the
one whose result is wanted next are submitted, so the workers are kept busy
while only a window of the input, not all of it, is held at once.

On a cluster each task is one game. A game at depth 0 costs a tenth of a
second or more, a few milliseconds of the scheduler's time at most, so
chunks would save little; one game a task keeps the cluster's load even and
a worker lost mid-run costs only the games it held, which the scheduler runs
again elsewhere. That is safe because a task is pure: its result depends
only on its arguments, and it writes nothing.
"""

from __future__ import annotations

import sys
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from ..extras import install_command

if TYPE_CHECKING:
    from distributed import Client

from ..workers import Pending, Result, Task, in_order

CONNECT_TIMEOUT = 5.0
"""Seconds to wait for the scheduler to answer; no scheduler at the address fails then."""


class ClusterError(Exception):
    """The cluster cannot be used or lost a task: a usage error for the command."""


def on_cluster(
    address: str, function: Callable[[Task], Result], tasks: Iterable[Task]
) -> Iterator[Result]:
    """``function`` of each task on the Dask cluster whose scheduler is at ``address``.

    ``function`` must be importable by name on the workers (they need
    aceynote installed: its code is not sent). Results come in input order.
    """
    client = connect(address)
    run = uuid.uuid4().hex[:12]  # keys of this run, apart from any other client's

    def submit(numbered: tuple[int, Task]) -> Pending[Result]:
        number, task = numbered
        future: Pending[Result] = client.submit(
            function, task, key=f"aceynote-{run}-{number}", pure=False
        )
        return future

    try:
        yield from _lost_as_errors(in_order(submit, enumerate(tasks), _window(client, address)))
    finally:
        client.close()


def connect(address: str) -> Client:
    """A client of the scheduler at ``address``; every failure is a :class:`ClusterError`."""
    try:
        from distributed import Client
    except ImportError as error:
        raise ClusterError(
            "--scheduler needs Dask's distributed scheduler, which is not installed: "
            + install_command("cluster")
        ) from error
    try:
        return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except ValueError as error:
        raise ClusterError(
            f"--scheduler {address}: not a scheduler address ({error}); give tcp://HOST:PORT"
        ) from error
    except OSError as error:
        raise ClusterError(
            f"--scheduler {address}: no Dask scheduler answered within "
            f"{CONNECT_TIMEOUT:g} s ({error}); start one with 'dask scheduler' "
            "(docs/engine.md)"
        ) from error


def _window(client: Client, address: str) -> int:
    """Tasks to keep submitted: twice the cluster's threads, so none of them waits."""
    threads: int = sum(client.nthreads().values())
    if not threads:
        print(
            f"aceynote: the scheduler at {address} has no workers yet; "
            "the games wait for one ('dask worker', docs/engine.md)",
            file=sys.stderr,
        )
    return max(2, 2 * threads)


def _lost_as_errors(results: Iterator[Result]) -> Iterator[Result]:
    """The results; a task the cluster gave up on or lost is an error.

    The scheduler gives up on a task whose workers died under it again and
    again (``distributed.scheduler.allowed-failures``, 3 by default), and
    cancels every task when it stops.
    """
    from concurrent.futures import CancelledError

    from distributed import KilledWorker

    try:
        yield from results
    except KilledWorker as error:
        raise ClusterError(
            f"the cluster gave up on a game: its workers kept dying ({error})"
        ) from error
    except CancelledError as error:
        raise ClusterError(
            f"the cluster lost the run (did the scheduler stop?): {error}"
        ) from error
