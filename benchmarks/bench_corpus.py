"""Throughput and memory of reading and validating a generated corpus.

Run: python benchmarks/bench_corpus.py [--megabytes 20] [--seed 1]

Makes (once, under benchmarks/.data/) a corpus of random complete games of
about the given size, then measures in fresh processes: parse-only, validate,
and the validate command with --jobs 1 and --jobs 2. Prints MB/s, turns/s,
games/s and peak RSS for each.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

DATA = Path(__file__).parent / ".data"

_MEASURE = r"""
import json, resource, sys, time
from aceynote.notation import read_games
from aceynote.validation import validate
from aceynote.commands.base import tune_garbage_collector
tune_garbage_collector()  # as the aceynote command does
mode, path = sys.argv[1], sys.argv[2]
start = time.perf_counter()
games = turns = 0
for game in read_games(path):
    games += 1
    turns += len(game.turns)
    if mode == "validate":
        validate(game)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"seconds": seconds, "games": games, "turns": turns, "peak_mb": peak}))
"""


def corpus(megabytes: float, seed: int) -> Path:
    DATA.mkdir(exist_ok=True)
    path = DATA / f"corpus-{megabytes:g}mb-seed{seed}.acey"
    if path.exists():
        return path
    from aceynote.notation import write_game
    from aceynote.notation.generate import generate_games
    from aceynote.rules import RuleSet

    target = megabytes * 1_000_000
    written = 0
    with path.open("w", encoding="utf-8") as out:
        for game in generate_games(10**9, seed, RuleSet()):
            text = write_game(game)
            out.write(("\n" if written else "") + text)
            written += len(text) + 1
            if written >= target:
                break
    return path


def measure(mode: str, path: Path) -> dict[str, float]:
    output = subprocess.run(
        [sys.executable, "-c", _MEASURE, mode, str(path)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(output.stdout)
    return result


def command(path: Path, jobs: int) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "aceynote", "validate", "--quiet", "--jobs", str(jobs), str(path)],
        check=False,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--megabytes", type=float, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    path = corpus(args.megabytes, args.seed)
    size = os.path.getsize(path) / 1_000_000
    print(f"corpus {path.name}: {size:.1f} MB")
    results = {}
    for mode in ("parse", "validate"):
        r = measure(mode, path)
        results[mode] = r
        print(
            f"{mode:9} {size / r['seconds']:6.2f} MB/s  {r['turns'] / r['seconds']:8.0f} turns/s  "
            f"{r['games'] / r['seconds']:7.1f} games/s  peak RSS {r['peak_mb']:.0f} MB  ({r['seconds']:.1f} s)"
        )
    ratio = results["parse"]["seconds"] / results["validate"]["seconds"]
    print(f"validate throughput / parse-only throughput: {ratio:.2f}")
    one, two = command(path, 1), command(path, 2)
    print(
        f"aceynote validate --jobs 1: {one:.1f} s, --jobs 2: {two:.1f} s (speed-up {one / two:.2f}x)"
    )


if __name__ == "__main__":
    main()
