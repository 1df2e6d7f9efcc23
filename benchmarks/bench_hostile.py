"""How reading and writing scale on hostile input: each case at size n and 2n.

Run: python benchmarks/bench_hostile.py [--rounds R]

The two sizes are timed alternately in one run (CPU time, best of R), so the
machine's load moves both alike; the ratio t(2n) / t(n) is about 2 for a
linear cost and about 4 for a quadratic one.
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Callable

from aceynote.notation import Move, Stop, read_games
from aceynote.notation.writer import merge_trips
from aceynote.validation import validate


def comments_across_lines(lines: int) -> Callable[[], object]:
    """A comment that closes and opens again on every line (once quadratic in the lexer)."""
    text = "1. 64: in/19 in/21 {a\n" + "} {b\n" * lines + "}\n*\n"
    return lambda: list(read_games(io.StringIO(text)))


def merging_a_long_play(moves: int) -> Callable[[], object]:
    """merge_trips on a play built in code (once quadratic in the writer)."""
    play = [Move(13, [Stop(7, index % 2 == 0)], 1) for index in range(moves)]
    return lambda: merge_trips(play)


def endless_errors(lines: int) -> Callable[[], object]:
    text = "zz\n" * lines
    return lambda: list(read_games(io.StringIO(text)))


def impossible_plays(turns: int) -> Callable[[], object]:
    """Turns of plays no reading can make, each followed by a legal reply (validated)."""
    bad = " ".join(["in/19/15"] * 16)
    lines = [f"{n}. 64: {bad}  43: in/21 in/22" for n in range(1, turns + 1)]
    text = "\n".join(lines) + "\n*\n"
    return lambda: [validate(game) for game in read_games(io.StringIO(text))]


CASES: dict[str, tuple[Callable[[int], Callable[[], object]], int]] = {
    "comments across lines": (comments_across_lines, 20_000),
    "merging a long play": (merging_a_long_play, 25_000),
    "endless syntax errors": (endless_errors, 200_000),
    "impossible plays": (impossible_plays, 200),
}


def best_of(action: Callable[[], object], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        action()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for name, (build, size) in CASES.items():
        small, large = build(size), build(2 * size)
        times = {size: float("inf"), 2 * size: float("inf")}
        for _ in range(args.rounds):
            times[size] = min(times[size], best_of(small, 1))
            times[2 * size] = min(times[2 * size], best_of(large, 1))
        ratio = times[2 * size] / times[size]
        print(
            f"{name:24} n={size:>7,}: {times[size]:7.3f} s   2n: {times[2 * size]:7.3f} s"
            f"   ratio {ratio:4.2f}"
        )


if __name__ == "__main__":
    main()
