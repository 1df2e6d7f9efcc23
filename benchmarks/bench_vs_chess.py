"""aceynote's validation against python-chess's PGN reader, in plies per CPU second.

Run: pip install -e '.[bench]'   (python-chess, for this script only)
     python benchmarks/bench_vs_chess.py [--rounds 3] [--acey-games 1500] [--chess-games 2000]

Makes (once, cached under benchmarks/.data/) a PGN file of random legal chess
games, written by python-chess, and an acey-deucey corpus of random complete
games, written by aceynote. Then, alternately in fresh processes (chess,
aceynote, chess, aceynote, ...), measures the CPU time (time.process_time, not
counting imports) of:

- python-chess: ``chess.pgn.read_game`` over the whole file; reading checks
  every SAN move against the board. A ply is one half-move of the main line.
- aceynote: what ``aceynote validate`` does, ``read_games`` then ``validate``
  on each game. A ply is one player's turn (``report.turns``), which is a
  roll and up to four checker moves.

Prints each round with its ratio of the rates (aceynote / python-chess), the
median rates, and the median of the rounds' ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

DATA = Path(__file__).parent / ".data"

# Each child reads at most argv[2] games (0: all) and prints plies, games and CPU seconds.
_CHESS = r"""
import json, sys, time
import chess.pgn
limit = int(sys.argv[2]) or None
games = plies = errors = 0
with open(sys.argv[1], encoding="utf-8") as handle:
    start = time.process_time()
    while (game := chess.pgn.read_game(handle)) is not None:
        games += 1
        plies += sum(1 for _ in game.mainline_moves())
        errors += len(game.errors)
        if games == limit:
            break
    seconds = time.process_time() - start
print(json.dumps({"plies": plies, "games": games, "cpu": seconds, "errors": errors}))
"""

_ACEY = r"""
import json, sys, time
import aceynote
from aceynote.validation import validate
from aceynote.commands.base import tune_garbage_collector
tune_garbage_collector()  # as the aceynote command does
limit = int(sys.argv[2]) or None
games = plies = errors = 0
start = time.process_time()
for game in aceynote.read_games(sys.argv[1]):
    report = validate(game)
    games += 1
    plies += report.turns
    errors += report.errors
    if games == limit:
        break
seconds = time.process_time() - start
print(json.dumps({"plies": plies, "games": games, "cpu": seconds, "errors": errors}))
"""


def chess_games(count: int, seed: int) -> Iterator[str]:
    """PGN of random legal games, played until game over or 300 plies."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    for index in range(1, count + 1):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 300:
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        game.headers["Round"] = str(index)
        yield str(game) + "\n\n"


def acey_games(count: int, seed: int) -> Iterator[str]:
    from aceynote.notation import write_game
    from aceynote.notation.generate import generate_games
    from aceynote.rules import RuleSet

    for index, game in enumerate(generate_games(count, seed, RuleSet())):
        yield ("\n" if index else "") + write_game(game)


def cached(name: str, texts: Iterator[str], count: int) -> Path:
    """benchmarks/.data/name, written from texts (with progress) unless it is there."""
    path = DATA / name
    if not path.exists():
        DATA.mkdir(exist_ok=True)
        partial = path.with_suffix(".partial")
        with partial.open("w", encoding="utf-8") as out:
            for done, text in enumerate(texts, 1):
                out.write(text)
                if done % 100 == 0 or done == count:
                    print(f"generating {name}: {done}/{count} games", flush=True)
        partial.replace(path)
    return path


def measure(code: str, path: Path, limit: int = 0) -> dict[str, float]:
    # Without PYTHONDONTWRITEBYTECODE the children write and use .pyc files, as an install does.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    output = subprocess.run(
        [sys.executable, "-c", code, str(path), str(limit)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    result: dict[str, float] = json.loads(output.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds of chess then aceynote")
    parser.add_argument("--acey-games", type=int, default=1500)
    parser.add_argument("--chess-games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        import chess.pgn  # noqa: F401
    except ImportError:
        print("python-chess is not installed: pip install -e '.[bench]'", file=sys.stderr)
        sys.exit(2)

    n, seed = args.chess_games, args.seed
    pgn = cached(f"vs-chess-{n}g-seed{seed}.pgn", chess_games(n, seed), n)
    n = args.acey_games
    acey = cached(f"vs-chess-acey-{n}g-seed{seed}.acey", acey_games(n, seed), n)
    for path in (pgn, acey):
        print(f"{path.name}: {path.stat().st_size / 1_000_000:.1f} MB")
    measure(_CHESS, pgn, limit=1)  # warm-up: writes the .pyc files
    measure(_ACEY, acey, limit=1)

    rates: dict[str, list[float]] = {"python-chess": [], "aceynote": []}
    ratios: list[float] = []
    print(f"{'round':>5}  {'program':12} {'games':>6} {'plies':>8} {'CPU s':>7} {'plies/s':>9}")
    for number in range(1, args.rounds + 1):
        for name, code, path in (("python-chess", _CHESS, pgn), ("aceynote", _ACEY, acey)):
            r = measure(code, path)
            if r["errors"]:
                print(f"warning: {name} found {r['errors']:.0f} errors in {path.name}")
            rate = r["plies"] / r["cpu"]
            rates[name].append(rate)
            print(
                f"{number:>5}  {name:12} {r['games']:>6.0f} {r['plies']:>8.0f} "
                f"{r['cpu']:>7.2f} {rate:>9.0f}",
                end="\n" if name == "python-chess" else "",
            )
        ratios.append(rates["aceynote"][-1] / rates["python-chess"][-1])
        print(f"  ratio {ratios[-1]:.2f}")
    for name, values in rates.items():
        print(f"median {name + ':':13} {statistics.median(values):.0f} plies/s")
    print(
        f"aceynote / python-chess: {statistics.median(ratios):.2f} (median of the rounds' ratios)"
    )


if __name__ == "__main__":
    main()
