"""`aceynote validate --jobs N` against `--jobs 1` on one corpus, timed alternately.

Run: python benchmarks/bench_jobs.py [--corpus FILE] [--jobs 2] [--rounds 5] [--instructions]

Each round runs `aceynote validate --quiet --jobs 1` and then `--jobs N` in
fresh processes and prints both wall times, the CPU seconds of each run (its
workers included) and the speed-up. The CPU seconds tell the two kinds of
loss apart: when `--jobs N` takes more CPU than `--jobs 1`, the processes
slowed each other down (or another tenant of the machine did); when it takes
the same, the time lost is waiting.

With ``--instructions``, each run goes once under valgrind's callgrind, which
counts the instructions of the main process and of each worker. From those it
prints the speed-up the work itself allows on N free processors: the
instructions of `--jobs 1` over the larger of the busiest process's and the
total divided by N.

The corpus defaults to benchmarks/.data/vs-chess-acey-1500g-seed1.acey, which
bench_vs_chess.py makes.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT / "benchmarks" / ".data" / "vs-chess-acey-1500g-seed1.acey"


def command(corpus: Path, jobs: int) -> list[str]:
    return [
        sys.executable,
        "-m",
        "aceynote",
        "validate",
        "--quiet",
        "--jobs",
        str(jobs),
        str(corpus),
    ]


def environment() -> dict[str, str]:
    """As an installed aceynote runs: with its .pyc files (this machine may turn them off)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def warm() -> None:
    """Write the .pyc files of the validate command before anything is measured."""
    subprocess.run(
        [sys.executable, "-m", "aceynote", "validate", "--help"],
        env=environment(),
        cwd=ROOT,
        check=True,
        capture_output=True,
    )


def timed(corpus: Path, jobs: int) -> tuple[float, float]:
    """Wall seconds and CPU seconds (the process and the workers it waited for)."""
    start = time.perf_counter()
    child = subprocess.Popen(command(corpus, jobs), env=environment(), cwd=ROOT)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"aceynote validate --jobs {jobs} failed")
    return wall, usage.ru_utime + usage.ru_stime


def instructions(corpus: Path, jobs: int) -> list[int]:
    """Instructions of each process of one run, the main process first."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.%p"
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command(corpus, jobs)],
            env=environment(),
            cwd=ROOT,
            check=False,
            capture_output=True,
        )
        counts: dict[int, int] = {}
        for path in Path(folder).glob("callgrind.*"):
            match = re.search(r"^summary: (\d+)", path.read_text(errors="replace"), re.MULTILINE)
            if match:
                counts[int(path.suffix[1:])] = int(match.group(1))
    return [counts[pid] for pid in sorted(counts)]  # the main process has the lowest pid


def alternate(corpus: Path, jobs: int, rounds: int) -> None:
    warm()
    speedups = []
    for number in range(1, rounds + 1):
        one_wall, one_cpu = timed(corpus, 1)
        many_wall, many_cpu = timed(corpus, jobs)
        speedups.append(one_wall / many_wall)
        print(
            f"round {number}: --jobs 1 {one_wall:5.2f} s ({one_cpu:5.2f} s CPU), "
            f"--jobs {jobs} {many_wall:5.2f} s ({many_cpu:5.2f} s CPU): {speedups[-1]:.2f}x",
            flush=True,
        )
    print(f"median speed-up {statistics.median(speedups):.2f}x, best {max(speedups):.2f}x")


def counted(corpus: Path, jobs: int) -> None:
    warm()
    (one,) = instructions(corpus, 1)
    main, *workers = instructions(corpus, jobs)
    total = main + sum(workers)
    bound = one / max(max([main, *workers]), total / jobs)
    print(f"--jobs 1: {one / 1e6:,.0f} M instructions")
    print(
        f"--jobs {jobs}: main process {main / 1e6:,.0f} M, workers "
        + ", ".join(f"{count / 1e6:,.0f} M" for count in workers)
        + f"; {total / 1e6:,.0f} M in all"
    )
    print(f"speed-up the work allows on {jobs} free processors: {bound:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--instructions", action="store_true")
    args = parser.parse_args()
    if not args.corpus.exists():
        sys.exit(f"{args.corpus} is missing: run benchmarks/bench_vs_chess.py once to make it")
    if args.instructions:
        counted(args.corpus, args.jobs)
    else:
        alternate(args.corpus, args.jobs, args.rounds)


if __name__ == "__main__":
    main()
