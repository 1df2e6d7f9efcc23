"""The engine's levels (``aceynote play --level``) against the greedy bot or the engine (docs/engine.md, "Levels").

Run on demand, never as tests:

    python benchmarks/bench_levels.py --games 200 --rules bgammon
    python benchmarks/bench_levels.py --games 40 --levels expert --rules standard
    python benchmarks/bench_levels.py --games 400 --against engine --rules standard
    python benchmarks/bench_levels.py --games 200 --against expert --rules standard

Each level plays ``--games`` games against the greedy bot (or, with
``--against engine``, the engine the levels below expert start from: the
shipped network at 0-ply with no error; with ``--against expert``, the full
engine: the same network at 1-ply, the expert level) in pairs with the
same dice and the seats swapped; the errors of the levels below expert are
drawn from a generator seeded with ``--seed``. Prints each level's share of
games won and points a game, with the standard errors over the pairs, and the
CPU seconds it took.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_engine import _duel_summary  # noqa: E402

from aceynote.analysis.practice import LEVELS, level_player  # noqa: E402
from aceynote.engine.api import shipped_network  # noqa: E402
from aceynote.engine.bots import NetPlayer, Player, bot, engine_match  # noqa: E402
from aceynote.engine.evaluator import evaluator_for  # noqa: E402
from aceynote.engine.search import Search  # noqa: E402
from aceynote.rules import parse_rules  # noqa: E402

OPPONENT_DEPTHS = {"engine": 0, "expert": LEVELS["expert"].depth}
"""The engines a level can be measured against: their search depth, without error."""


def measure(level_name: str, games: int, rules_text: str, seed: int, against: str) -> str:
    rules = parse_rules(rules_text)
    level = LEVELS[level_name]
    engine = level_player(
        Search(evaluator_for(shipped_network(), rules)), level, random.Random(f"errors:{seed}")
    )
    opponent: Callable[[random.Random], Player] = bot("greedy")
    if against in OPPONENT_DEPTHS:
        plain = NetPlayer(Search(evaluator_for(shipped_network(), rules)), OPPONENT_DEPTHS[against])
        opponent = lambda _: plain  # noqa: E731
    started = time.process_time()
    points = list(
        engine_match(
            lambda _: engine,
            opponent,
            lambda _: rules,
            games,
            f"levels:{seed}",
            paired=True,
        )
    )
    took = time.process_time() - started
    head = f"{level_name:<13} {rules_text} v {against}"
    return f"{head}: {_duel_summary(points)} ({took:.0f} CPU s)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games a level (even)")
    parser.add_argument("--rules", default="bgammon")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", nargs="+", choices=list(LEVELS), default=list(LEVELS))
    parser.add_argument("--against", choices=("greedy", *OPPONENT_DEPTHS), default="greedy")
    args = parser.parse_args()
    for name in args.levels:
        print(measure(name, args.games, args.rules, args.seed, args.against), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
