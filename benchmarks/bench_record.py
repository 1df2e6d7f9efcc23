"""How quick an entry is in the recorder: CPU time of one commit late in a long game.

Run: python benchmarks/bench_record.py [--seed 1] [--around 100] [--budget 50]

Finds a generated game (``generate_games``, standard rules) of at least
``--around`` + 10 turns, enters it segment by segment through
:meth:`aceynote.entering.Recording.enter` (as the record screen does, the
``=`` and ``+`` left out), and times each commit in CPU time: the model's
(the check, the game replayed once) and then the record screen's whole
commit (the model's, the move list, the board and the prompt made again, up
to where Textual paints). Prints the median and the worst commit of the ten
turns from turn ``--around`` on, and exits 1 when a median is over
``--budget`` milliseconds (issue 22: under 50 ms at turn 100).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator

from aceynote.entering import EntryProblem, Recording
from aceynote.notation import Game
from aceynote.notation.generate import generate_games
from aceynote.notation.lines import new_game
from aceynote.notation.writer import segment_words
from aceynote.rules import RuleSet


def long_game(seed: int, turns: int) -> Game:
    """The first generated game from ``seed`` with at least ``turns`` turns."""
    for game in generate_games(10_000, seed, RuleSet()):
        if len(game.turns) >= turns:
            return game
    raise SystemExit(f"no generated game of {turns} turns")


def _entries(game: Game) -> Iterator[tuple[int, str]]:
    """Each segment as typed (the ``=`` and ``+`` left out), with its turn (1-based, both sides)."""
    for index, turn in enumerate(game.turns, 1):
        for segment in turn.segments:
            yield index, " ".join(segment_words(segment)).lstrip("=+")


def commit_times(game: Game) -> list[tuple[int, float]]:
    """Each segment's turn and the CPU seconds of its commit in the model."""
    recording = Recording.at_end(new_game([("Opening", game.tag("Opening") or "")]))
    times: list[tuple[int, float]] = []
    for index, text in _entries(game):
        start = time.process_time()
        entered = recording.enter(text)
        times.append((index, time.process_time() - start))
        if isinstance(entered, EntryProblem):
            raise SystemExit(f"turn {index}: {text} refused: {entered.message}")
    return times


async def screen_times(game: Game) -> list[tuple[int, float]]:
    """The same entries made on the record screen: the model's commit and the screen's redraw.

    Each is the CPU time of the screen's own work for the entry (the move
    list, the board, the prompt made again), up to where Textual paints.
    """
    from aceynote.files.record import RecordFile
    from aceynote.tui.app import ReplayApp
    from aceynote.tui.entry import EntryLine
    from aceynote.tui.record_screen import RecordScreen

    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/bench.acey"
        tags = [("Opening", game.tag("Opening") or "")]
        record = RecordFile(path, create=True)
        app = ReplayApp(path, record=record, new_game=new_game(tags))
        times: list[tuple[int, float]] = []
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, RecordScreen)
            for index, text in _entries(game):
                screen.line.input.entered.append(text)  # as Enter leaves it
                start = time.process_time()
                screen.on_entry_line_submitted(EntryLine.Submitted())
                times.append((index, time.process_time() - start))
                if screen.problem is not None:
                    raise SystemExit(f"turn {index}: {text} refused: {screen.problem.message}")
                await pilot.pause()
            app.exit()
    return times


def _late(times: list[tuple[int, float]], around: int) -> list[float]:
    return [seconds * 1000 for turn, seconds in times if around <= turn < around + 10]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--around", type=int, default=100, help="the turn to time from")
    parser.add_argument("--budget", type=float, default=50.0, help="milliseconds per commit")
    args = parser.parse_args()
    game = long_game(args.seed, args.around + 10)
    model = _late(commit_times(game), args.around)
    screen = _late(asyncio.run(screen_times(game)), args.around)
    result = {
        "turns": len(game.turns),
        "commits_timed": len(model),
        "model_median_ms": round(statistics.median(model), 2),
        "model_max_ms": round(max(model), 2),
        "screen_median_ms": round(statistics.median(screen), 2),
        "screen_max_ms": round(max(screen), 2),
        "budget_ms": args.budget,
    }
    print(json.dumps(result))
    if max(result["model_median_ms"], result["screen_median_ms"]) > args.budget:
        sys.exit(1)


if __name__ == "__main__":
    main()
