"""Self-play training speed: games learned from a CPU second (docs/engine.md, "Training").

Run on demand, never as tests:

    OPENBLAS_NUM_THREADS=1 python benchmarks/bench_selfplay.py --weights checkpoints/seed1/checkpoint.npz

Plays and learns from ``--games`` training games (the run's own games:
game g of ``--seed``, from ``--first``) ``--rounds`` times, each round from
the same weights and games, and prints each round's CPU seconds. To compare
two versions of the code, run this in each checkout in turn, alternately,
and compare the rounds' CPU seconds: wall times on a shared machine move by
30%.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from aceynote.engine.network import Network
from aceynote.engine.training.selfplay import game_rng, train_game
from aceynote.engine.training.td import TDLearner


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--weights", type=Path, required=True, help="the checkpoint to train")
    parser.add_argument("--games", type=int, default=60, help="games a round (default 60)")
    parser.add_argument("--first", type=int, default=100, help="the first game's number")
    parser.add_argument("--seed", type=int, default=9, help="the games' seed (default 9)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--alpha", type=float, default=0.01, help="learning rate (default 0.01)")
    args = parser.parse_args()
    for round_ in range(1, args.rounds + 1):
        learner = TDLearner(Network.load(args.weights), args.alpha, 0.7)
        started = time.process_time()
        decisions = sum(
            train_game(learner, game_rng(args.seed, game))
            for game in range(args.first, args.first + args.games)
        )
        spent = time.process_time() - started
        print(
            f"round {round_}: {args.games} games, {decisions} decisions, {spent:.2f} CPU s,"
            f" {args.games / spent:.1f} games a CPU second"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
