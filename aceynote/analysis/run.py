"""Analysing the games of a record, here or in worker processes, in input order.

Each game is validated and analysed on its own and comes back in its JSON
form (aceynote.analysis.output), which is what crosses a process boundary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

from ..engine.api import shipped_network
from ..engine.evaluator import Evaluator
from ..engine.search import Search
from ..notation import Game
from ..rules import RuleSet
from ..validation import Report, validate
from .judge import Cancelled, Progress, analyze_game
from .output import analysis_json

GameJson = dict[str, Any]


@cache
def search_for(rules: RuleSet) -> Search:
    """One search a rule set, with the shipped network (per process)."""
    return Search(Evaluator(shipped_network(), rules))


def analyze_one(number: int, game: Game, depth: int, progress: Progress | None = None) -> GameJson:
    """Validate and analyse one game; its analysis in the JSON form."""
    return analyze_report(number, validate(game), depth, progress)


def analyze_report(
    number: int,
    report: Report,
    depth: int,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> GameJson:
    """Analyse a game already validated (the app's: its report is at hand); its JSON form."""
    search = search_for(report.rules)
    return analysis_json(number, analyze_game(report, search, depth, progress, cancelled))


def _analyze_task(task: tuple[int, Game, int]) -> GameJson:
    return analyze_one(*task)


def analyze_games(
    games: Iterable[Game],
    depth: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[GameJson]:
    """Each game's analysis in input order; ``progress(game, decisions)`` while it runs."""
    numbered = enumerate(games, start=1)
    if jobs <= 1:
        for number, game in numbered:
            step = None if progress is None else _game_progress(progress, number)
            yield analyze_one(number, game, depth, step)
        return
    from concurrent.futures import ProcessPoolExecutor  # only for --jobs

    with ProcessPoolExecutor(jobs) as pool:
        tasks = ((number, game, depth) for number, game in numbered)
        for done in pool.map(_analyze_task, tasks, chunksize=1):
            if progress is not None:
                progress(done["game"], len(done["decisions"]))
            yield done


def _game_progress(progress: Callable[[int, int], None], number: int) -> Progress:
    return lambda decisions: progress(number, decisions)
