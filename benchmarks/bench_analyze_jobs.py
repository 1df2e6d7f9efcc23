"""`aceynote analyze --jobs 2` and on a 2-worker Dask cluster against `--jobs 1`, timed alternately.

Run: python benchmarks/bench_analyze_jobs.py [--games 200] [--depth 0|1] [--rounds 3]
     [--jobs 2] [--no-cluster]

The games are generated (seed 1, the standard rules) into a temporary file.
Each round runs `aceynote analyze FILE --format json` with `--jobs 1`, then
`--jobs N`, then `--scheduler` of a LocalCluster of N worker processes of one
thread each (started once, before the rounds, as `dask scheduler` and `dask
worker --nworkers N --nthreads 1` would be; the cluster extra is needed), each
in a fresh process. It prints the wall time of each, the CPU seconds of the
local runs (their workers included) and the speed-ups; every run's output must
be byte for byte the one of `--jobs 1`. The load average is printed before
and after: on a machine busy with other work the figures mean little.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_jobs import environment  # noqa: E402 - beside this file

from aceynote.notation.generate import generate_games  # noqa: E402
from aceynote.notation.writer import write_game  # noqa: E402
from aceynote.rules import parse_rules  # noqa: E402


def write_corpus(path: Path, games: int) -> None:
    generated = generate_games(games, 1, parse_rules("standard"))
    path.write_text("\n".join(write_game(game) for game in generated), encoding="utf-8")


def timed(corpus: Path, depth: int, where: list[str]) -> tuple[float, float, bytes]:
    """Wall seconds, CPU seconds (the process and the workers it waited for), the output."""
    words = ["analyze", str(corpus), "--depth", str(depth), "--format", "json", *where]
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-m", "aceynote", *words], env=environment(), cwd=ROOT, stdout=out
        )
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"aceynote {' '.join(words)} failed")
        out.seek(0)
        return wall, usage.ru_utime + usage.ru_stime, out.read()


def load() -> str:
    return "load average " + ", ".join(f"{each:.2f}" for each in os.getloadavg())


def alternate(corpus: Path, depth: int, jobs: int, rounds: int, scheduler: str | None) -> None:
    ways = {f"--jobs {jobs}": ["--jobs", str(jobs)]}
    if scheduler is not None:
        ways[f"{jobs}-worker cluster"] = ["--scheduler", scheduler]
    speedups: dict[str, list[float]] = {name: [] for name in ways}
    for number in range(1, rounds + 1):
        one_wall, one_cpu, expected = timed(corpus, depth, ["--jobs", "1"])
        line = f"round {number}: --jobs 1 {one_wall:6.2f} s ({one_cpu:6.2f} s CPU)"
        for name, where in ways.items():
            wall, cpu, output = timed(corpus, depth, where)
            if output != expected:
                sys.exit(f"{name}: the output differs from --jobs 1's")
            speedups[name].append(one_wall / wall)
            cpu_shown = "" if "cluster" in name else f" ({cpu:6.2f} s CPU)"
            line += f", {name} {wall:6.2f} s{cpu_shown}: {speedups[name][-1]:.2f}x"
        print(line, flush=True)
    for name, figures in speedups.items():
        print(
            f"{name}: median speed-up {statistics.median(figures):.2f}x, best {max(figures):.2f}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--depth", type=int, choices=(0, 1), default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-cluster", action="store_true", help="time --jobs only")
    args = parser.parse_args()
    print(f"{args.games} games, depth {args.depth}; {load()}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        corpus = Path(folder) / "games.acey"
        write_corpus(corpus, args.games)
        if args.no_cluster:
            alternate(corpus, args.depth, args.jobs, args.rounds, None)
        else:
            from distributed import LocalCluster

            with LocalCluster(
                n_workers=args.jobs,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address="127.0.0.1:0",
            ) as cluster:
                alternate(corpus, args.depth, args.jobs, args.rounds, cluster.scheduler_address)
    print(load())


if __name__ == "__main__":
    main()
