"""Peak memory of ``analyze --summary`` over corpora of growing size (issue 35: "memory bounded").

Run: python benchmarks/bench_analyze_memory.py [--games 1000 10000] [--depth 0] [--out FILE]
     [--setup SETUP --players N]

Each corpus is ``aceynote generate --games N`` (seed 35, the standard rules;
with ``--setup``, every game from that position and the players drawn from
``--players`` names: short games, so that 10,000 of them take minutes, not a
day, and a summary of many players), made once under benchmarks/.data/; ``aceynote analyze CORPUS --summary``
then runs in a fresh process, in one process (no ``--jobs``), and its peak
resident memory (the kernel's ``ru_maxrss`` of the child, as ``/usr/bin/time
-v`` prints it) and wall time are printed, with the ratio of each peak to the
smallest corpus's. A summary that holds the games or their analyses grows
with the corpus; a streamed one stays flat. The generated games are random
play: most decisions are marked, so each carries a reason (the slow part).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "benchmarks" / ".data" / "analyze-memory"
SEED = 35


def corpus(games: int, setup: str | None, players: int) -> Path:
    """The generated corpus of ``games`` games (from ``setup`` if given), made on first use."""
    short = "" if setup is None else f"-setup-{zlib.crc32(setup.encode()):08x}-{players}"
    path = DATA / f"generated-{games}{short}.acey"
    if not path.exists():
        DATA.mkdir(parents=True, exist_ok=True)
        make = ["generate", "--games", str(games), "--seed", str(SEED), "-o", str(path)]
        if setup is not None:
            make += ["--setup", setup, "--players", str(players)]
        subprocess.run([sys.executable, "-m", "aceynote", *make], check=True)
    return path


def measure(path: Path, depth: int) -> tuple[float, float, str]:
    """Wall seconds, peak megabytes and the first line of ``analyze PATH --summary``."""
    started = time.monotonic()
    words = ["analyze", str(path), "--summary", "--depth", str(depth)]
    child = subprocess.Popen(
        [sys.executable, "-m", "aceynote", *words],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert child.stdout is not None
    first = child.stdout.readline().decode().strip()
    child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    if status:
        raise SystemExit(f"analyze failed on {path} (status {status})")
    return time.monotonic() - started, usage.ru_maxrss / 1024, first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--depth", type=int, choices=(0, 1, 2), default=0)
    parser.add_argument("--setup", help="every game from this Setup string (short games)")
    parser.add_argument("--players", type=int, default=200, help="with --setup: players' names")
    parser.add_argument("--out", type=Path, help="also append the lines printed to this file")
    args = parser.parse_args()
    lines = [f"{'games':>7} {'wall':>9} {'peak RSS':>9} {'ratio':>6}  summary's first line"]
    print(lines[0], flush=True)
    smallest: float | None = None
    for games in sorted(args.games):
        seconds, peak, first = measure(corpus(games, args.setup, args.players), args.depth)
        smallest = peak if smallest is None else smallest
        lines.append(
            f"{games:>7} {seconds:>7.0f} s {peak:>6.1f} MB {peak / smallest:>6.2f}  {first}"
        )
        print(lines[-1], flush=True)
    if args.out is not None:
        with args.out.open("a", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
