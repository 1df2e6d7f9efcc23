"""How quick the replay app is: first screen of a 10,000-game file, and a step.

Run: python benchmarks/bench_tui.py [--repeat 3] [--steps 400]

Makes (once, cached under benchmarks/.data/) a file of 10,000 random games
with ``aceynote generate --games 10000 --seed 1`` (that takes minutes), then
measures, headless at 80x24:

- start to first screen: a fresh process from its first line (imports
  included) to the first paint of the game list, and to the first paint of
  the board with ``--game 1``; the median of ``--repeat`` runs;
- opening a game of 100+ turns: parse, validate and lay out every frame;
- a step on that game: the app's own work (the action, the board rows, the
  notes, the status line) per step, and the whole round trip through
  Textual's compositor (CPU time per step, and wall time with the test
  pilot's idle wait).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

DATA = Path(__file__).parent / ".data"
GAMES = 10_000

_FIRST_SCREEN = r"""
import time
start = time.perf_counter()
import asyncio, json, sys
from aceynote.tui.app import ReplayApp
from aceynote.tui.game_list import GameTable
from aceynote.tui.widgets import Board

painted = []
for widget in (GameTable, Board):
    original = widget.render_line
    def render_line(self, y, original=original):
        if not painted:
            painted.append(time.perf_counter())
        return original(self, y)
    widget.render_line = render_line

async def main():
    game = int(sys.argv[2]) if len(sys.argv) > 2 else None
    app = ReplayApp(sys.argv[1], game=game)
    async with app.run_test(size=(80, 24)):
        while not painted:
            await asyncio.sleep(0.001)
        app.exit()

asyncio.run(main())
print(json.dumps({"seconds": painted[0] - start}))
"""


def corpus() -> Path:
    """The 10,000-game file, generated once."""
    DATA.mkdir(exist_ok=True)
    path = DATA / f"games-{GAMES}-seed1.acey"
    if not path.exists():
        print(f"generating {path} (takes minutes, once) ...", file=sys.stderr)
        partial = path.with_suffix(".partial")
        command = [
            sys.executable,
            "-m",
            "aceynote",
            "generate",
            "--games",
            str(GAMES),
            "--seed",
            "1",
        ]
        subprocess.run([*command, "-o", str(partial)], check=True)
        partial.replace(path)
    return path


def first_screen(path: Path, repeat: int, game: int | None) -> float:
    runs: list[float] = []
    for _ in range(repeat):
        arguments = [sys.executable, "-c", _FIRST_SCREEN, str(path)] + ([str(game)] if game else [])
        output = subprocess.run(arguments, check=True, capture_output=True, text=True).stdout
        runs.append(float(json.loads(output.strip().splitlines()[-1])["seconds"]))
    return statistics.median(runs)


def long_game(path: Path) -> int:
    """The number (1-based) of the first game with at least 100 turns."""
    from aceynote.files.record import RecordFile, parse_chunk
    from aceynote.validation import validate

    record = RecordFile(str(path))
    for index, entry in enumerate(record.entries):
        games = parse_chunk(record.chunk(index), entry.line)
        if games and validate(games[0]).turns >= 100:
            return index + 1
    raise SystemExit("no game of 100 turns in the corpus")


async def steps(path: Path, game: int, count: int) -> dict[str, float]:
    from aceynote.tui.app import ReplayApp
    from aceynote.tui.replay_screen import ReplayScreen
    from aceynote.tui.widgets import Board

    app = ReplayApp(str(path), game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        started = time.perf_counter()
        screen.show_game(game - 1)
        opened = time.perf_counter() - started
        frames = screen.frame_count
        count = min(count, frames - 1)
        board = screen.query_one(Board)
        own = []
        for _ in range(count):
            started = time.perf_counter()
            screen.action_step("move", 1)
            board._draw()  # the rows the compositor will ask for
            own.append(time.perf_counter() - started)
        screen.action_step("line", -1)
        await pilot.pause()
        cpu, wall = time.process_time(), time.perf_counter()
        for _ in range(count):
            screen.action_step("move", 1)
            await pilot.pause()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        return {
            "frames": frames,
            "turns": screen.timeline.report.turns if screen.timeline else 0,
            "open_ms": opened * 1000,
            "own_ms": statistics.mean(own) * 1000,
            "own_max_ms": max(own) * 1000,
            "cpu_ms": cpu / count * 1000,
            "wall_ms": wall / count * 1000,
            "steps": count,
        }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of each start-up measure (median)"
    )
    parser.add_argument("--steps", type=int, default=400, help="steps to time on the long game")
    args = parser.parse_args()
    path = corpus()
    print(f"file: {path.name}, {path.stat().st_size / 1e6:.1f} MB, {GAMES} games")
    print(f"start to first screen (game list): {first_screen(path, args.repeat, None):.2f} s")
    print(f"start to first screen (--game 1):  {first_screen(path, args.repeat, 1):.2f} s")
    game = long_game(path)
    result = asyncio.run(steps(path, game, args.steps))
    print(f"game {game}: {result['turns']:.0f} turns, {result['frames']:.0f} frames")
    print(f"opening it (parse, validate, every frame laid out): {result['open_ms']:.0f} ms")
    print(
        f"a step, the app's work: {result['own_ms']:.2f} ms mean, {result['own_max_ms']:.2f} ms max"
        f" ({result['steps']:.0f} steps)"
    )
    print(
        f"a step through Textual's compositor: {result['cpu_ms']:.1f} ms CPU,"
        f" {result['wall_ms']:.1f} ms wall with the pilot's idle wait"
    )


if __name__ == "__main__":
    main()
