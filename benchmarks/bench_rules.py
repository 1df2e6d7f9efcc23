"""Rules engine speed on positions sampled from random games.

Run: python benchmarks/bench_rules.py [--games N] [--seed S]

Prints median, 90th percentile and worst times for: all legal plays of a
non-double roll, all legal plays of a double, and the maximal-dice question.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from aceynote.commands.base import tune_garbage_collector
from aceynote.rules import Position, RuleSet, legal_plays, max_dice, roll_dice
from aceynote.rules.randomgame import play_random_game


def sample_positions(games: int, seed: int, rules: RuleSet) -> list[Position]:
    rng = random.Random(seed)
    positions = []
    for _ in range(games):
        game = play_random_game(rng, rules)
        for turn in game.turns:
            positions.extend(segment.play.result.with_turn(turn.side) for segment in turn.segments)
    return [p for p in positions if p.winner is None]


def time_each(
    positions: list[Position],
    dice_of: Callable[[random.Random], tuple[int, ...]],
    question: Callable[[Position, tuple[int, ...]], object],
    seed: int,
) -> list[float]:
    rng = random.Random(seed)
    timings = []
    for position in positions:
        dice = dice_of(rng)
        start = time.perf_counter()
        question(position, dice)
        timings.append(time.perf_counter() - start)
    return timings


def non_double(rng: random.Random) -> tuple[int, ...]:
    high, low = rng.sample(range(1, 7), 2)
    return roll_dice(high, low)


def double(rng: random.Random) -> tuple[int, ...]:
    die = rng.randint(1, 6)
    return roll_dice(die, die)


def report(name: str, timings: list[float]) -> None:
    micro = sorted(t * 1e6 for t in timings)
    p90 = micro[int(len(micro) * 0.9)]
    print(
        f"{name:34} median {statistics.median(micro):8.1f} µs  p90 {p90:8.1f} µs  "
        f"worst {micro[-1] / 1000:7.2f} ms  (n={len(micro)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="standard")
    parser.add_argument(
        "--default-gc",
        action="store_true",
        help="keep Python's GC thresholds (the command raises them)",
    )
    args = parser.parse_args()
    if not args.default_gc:
        tune_garbage_collector()
    rules = RuleSet.parse(args.rules)
    positions = sample_positions(args.games, args.seed, rules)
    print(f"{len(positions)} positions from {args.games} random games, rules {rules.to_tag()}")
    cases = [
        ("legal plays, non-double", non_double, lambda p, d: legal_plays(p, d, rules)),
        ("legal plays, double", double, lambda p, d: legal_plays(p, d, rules)),
        ("max dice, non-double", non_double, lambda p, d: max_dice(p, d, rules)),
        ("max dice, double", double, lambda p, d: max_dice(p, d, rules)),
    ]
    for name, dice_of, question in cases:
        report(name, time_each(positions, dice_of, question, args.seed))


if __name__ == "__main__":
    main()
