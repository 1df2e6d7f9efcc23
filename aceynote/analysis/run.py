"""Analysing the games of a record, here, in worker processes or on a Dask cluster.

Each game is validated and analysed on its own and comes back as its typed
record (:class:`~.analysed.GameAnalysis`), which is what crosses a process
boundary (it pickles); the results come back in input order
(aceynote.analysis.cluster).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache

from ..engine.api import checked_depth, shipped_network
from ..engine.evaluator import evaluator_for
from ..engine.search import Search
from ..notation import Game
from ..rules import RuleSet
from ..validation import Report, validate_in_place
from ..workers import on_processes
from .analysed import GameAnalysis
from .cluster import on_cluster
from .judge import Cancelled, Progress, analyze_game

GamesProgress = Callable[[int, int, int], None]
"""Told a game's number, the decisions of it judged so far and how many it has to judge."""


@cache
def search_for(rules: RuleSet) -> Search:
    """One search a rule set, with the shipped network (per process)."""
    return Search(evaluator_for(shipped_network(), rules))


def analyze_one(
    number: int,
    game: Game,
    depth: int,
    progress: Progress | None = None,
    explain_all: bool = False,
) -> GameAnalysis:
    """Validate and analyse one game (``explain_all``: a reason for every decision).

    A depth other than 0, 1 or 2 is an :class:`~aceynote.engine.api.EngineInputError`, as
    the engine API's, before any work.
    """
    checked_depth(depth)
    return analyze_report(number, validate_in_place(game), depth, progress, explain_all=explain_all)


def analyze_report(
    number: int,
    report: Report,
    depth: int,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
    explain_all: bool = False,
) -> GameAnalysis:
    """Analyse a game already validated (the app's: its report is at hand)."""
    checked_depth(depth)
    search = search_for(report.rules)
    return analyze_game(number, report, search, depth, progress, cancelled, explain_all)


def analyze_task(task: tuple[int, Game, int, bool]) -> GameAnalysis:
    """:func:`analyze_one` of ``(number, game, depth, explain_all)``, the form a worker is given.

    Pure (the result depends on the task alone, nothing is written), so a
    cluster may run it again when the worker running it is lost.
    """
    number, game, depth, explain_all = task
    return analyze_one(number, game, depth, explain_all=explain_all)


def analyze_games(
    games: Iterable[Game],
    depth: int,
    jobs: int = 1,
    progress: GamesProgress | None = None,
    scheduler: str | None = None,
    explain_all: bool = False,
) -> Iterator[GameAnalysis]:
    """Each game's analysis in input order; ``progress(game, judged, to_judge)`` while it runs.

    The games run here (``jobs`` 1), in ``jobs`` local processes, or on the
    Dask cluster whose scheduler is at ``scheduler`` (a
    :class:`~aceynote.analysis.cluster.ClusterError` when it cannot be used);
    the results are the same (in processes or on a cluster, ``progress`` comes
    once a game, when it is done). The games are read from ``games`` as the run
    goes on, a few ahead of the one reported next. ``explain_all``: a reason
    for every decision, not only the marked ones. A depth other than 0, 1 or 2 is an
    :class:`~aceynote.engine.api.EngineInputError` at once, before any game is read.
    """
    checked_depth(depth)
    return _analyzed(games, depth, jobs, progress, scheduler, explain_all)


def _analyzed(
    games: Iterable[Game],
    depth: int,
    jobs: int,
    progress: GamesProgress | None,
    scheduler: str | None,
    explain_all: bool,
) -> Iterator[GameAnalysis]:
    numbered = enumerate(games, start=1)
    if scheduler is None and jobs <= 1:
        for number, game in numbered:
            step = None if progress is None else _game_progress(progress, number)
            yield analyze_one(number, game, depth, step, explain_all)
        return
    tasks = ((number, game, depth, explain_all) for number, game in numbered)
    if scheduler is not None:
        results = on_cluster(scheduler, analyze_task, tasks)
    else:
        results = on_processes(analyze_task, tasks, jobs)
    for done in results:
        if progress is not None:
            progress(done.number, len(done.decisions), len(done.decisions))
        yield done


def _game_progress(progress: GamesProgress, number: int) -> Progress:
    return lambda judged, to_judge: progress(number, judged, to_judge)
