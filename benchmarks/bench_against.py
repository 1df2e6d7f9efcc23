"""Validate throughput of this working tree against an earlier revision, timed alternately.

Run: python benchmarks/bench_against.py REV [--corpus FILE] [--rounds 3] [--instructions]

Checks REV out into a temporary git worktree and validates the same corpus
with each version in fresh processes, one after the other, round after
round, so that the load on the machine falls on both alike. Prints the CPU
seconds and plies (main-line turns) per second of each round, and the ratio
of the medians. With ``--instructions``, each version runs once under
valgrind's callgrind instead and the instruction counts are compared (those
do not move with the load; the interpreter's hash seed is fixed for them).

The corpus defaults to benchmarks/.data/vs-chess-acey-1500g-seed1.acey, which
bench_vs_chess.py makes.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT / "benchmarks" / ".data" / "vs-chess-acey-1500g-seed1.acey"

_CHILD = r"""
import json, sys, time
import aceynote.commands
try:
    from aceynote.commands.base import tune_garbage_collector
except ImportError:  # revisions before the command line's base module
    from aceynote.commands.common import tune_garbage_collector
from aceynote.notation import read_games
try:
    from aceynote.validation import validate
except ImportError:  # revisions before the package's rename (issue 20)
    from aceynote.validation import validate
tune_garbage_collector()
start, plies = time.process_time(), 0
for game in read_games(sys.argv[1]):
    plies += validate(game).turns
print(json.dumps({"plies": plies, "seconds": time.process_time() - start}))
"""


def environment(tree: Path) -> dict[str, str]:
    """Run ``tree``'s aceynote: first on the path, with .pyc files written as a user's are."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    env["PYTHONHASHSEED"] = "0"
    return env


def timed(tree: Path, corpus: Path) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(corpus)],
        env=environment(tree),
        cwd=tree,  # -c puts the current folder first on the path
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


_CALLGRIND = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]


def instructions(tree: Path, corpus: Path) -> int:
    done = subprocess.run(
        [*_CALLGRIND, sys.executable, "-c", _CHILD, str(corpus)],
        env=environment(tree),
        cwd=tree,  # -c puts the current folder first on the path
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    assert found is not None, done.stderr
    return int(found.group(1))


def compare(trees: dict[str, Path], corpus: Path, rounds: int, counted: bool) -> None:
    for tree in trees.values():
        timed(tree, Path(os.devnull))  # writes the .pyc files
    if counted:
        counts = {name: instructions(tree, corpus) for name, tree in trees.items()}
        for name, count in counts.items():
            print(f"{name:10} {count / 1e6:10.0f} M instructions")
        print(f"earlier / now: {counts['earlier'] / counts['now']:.2f}")
        return
    rates: dict[str, list[float]] = {name: [] for name in trees}
    for round_number in range(1, rounds + 1):
        for name, tree in trees.items():
            result = timed(tree, corpus)
            rate = result["plies"] / result["seconds"]
            rates[name].append(rate)
            print(f"round {round_number}  {name:8} {result['seconds']:7.2f} s  {rate:8.0f} plies/s")
    earlier, now = (statistics.median(rates[name]) for name in ("earlier", "now"))
    print(
        f"median plies/s: earlier {earlier:.0f}, now {now:.0f}; now / earlier: {now / earlier:.2f}"
    )


def _copy_of_working_tree(folder: Path) -> Path:
    """The package as it stands, with its grammar inside it, as an installed copy has it."""
    shutil.copytree(ROOT / "aceynote", folder / "aceynote", ignore=shutil.ignore_patterns("*.pyc"))
    shutil.copytree(ROOT / "grammars", folder / "aceynote" / "grammars")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("revision", help="the git revision to compare with, like HEAD~3")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    args = parser.parse_args()
    if not args.corpus.exists():
        sys.exit(f"{args.corpus}: no such corpus (python benchmarks/bench_vs_chess.py makes it)")
    with tempfile.TemporaryDirectory() as folder:
        earlier = Path(folder) / "earlier"
        git = ["git", "-C", str(ROOT), "worktree"]
        subprocess.run([*git, "add", "-q", "--detach", str(earlier), args.revision], check=True)
        # The package finds its grammar as aceynote.grammars (an installed layout).
        (earlier / "aceynote" / "grammars").symlink_to(earlier / "grammars")
        try:
            trees = {"earlier": earlier, "now": _copy_of_working_tree(Path(folder) / "now")}
            compare(trees, args.corpus, args.rounds, args.instructions)
        finally:
            subprocess.run([*git, "remove", "--force", str(earlier)], check=True)


if __name__ == "__main__":
    main()
