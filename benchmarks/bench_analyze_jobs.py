"""`aceynote analyze --jobs 2` and on a 2-worker Dask cluster against `--jobs 1`, timed alternately.

Run: python benchmarks/bench_analyze_jobs.py [--games 200] [--depth 0|1] [--rounds 3]
     [--jobs 2] [--no-cluster]

The games are generated (seed 1, the standard rules) into a temporary file.
Each round runs `aceynote analyze FILE --format json` with `--jobs 1`, then
`--jobs N`, then `--scheduler` of a LocalCluster of N worker processes of one
thread each (started once, before the rounds, as `dask scheduler` and `dask
worker --nworkers N --nthreads 1` would be, and warmed: aceynote imported and
its network loaded on every worker; the cluster extra is needed), each
in a fresh process. It prints the wall time of each, its CPU seconds (the
local workers', and the cluster's worker processes', included) and the
speed-ups; every run's output must be byte for byte the one of `--jobs 1`.
The load average is printed before and after: on a machine busy with other
work the wall times mean little, so it also prints the speed-up the CPU
seconds allow on N idle processors (`--jobs 1`'s CPU seconds over a run's
divided by N): what is lost to the work of running in parallel, not to
waiting.
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


def warm() -> None:
    """Import the analysis and load the network, as the first game on a worker does."""
    from aceynote.analysis.run import search_for

    search_for(parse_rules("standard"))


def load() -> str:
    return "load average " + ", ".join(f"{each:.2f}" for each in os.getloadavg())


class Way:
    """One way of running the analysis: its options and, for a cluster, its workers' CPU time."""

    def __init__(self, name: str, where: list[str], workers: list[int] | None = None) -> None:
        self.name = name
        self.where = where
        self.workers = workers or []  # the pids of the cluster's worker processes
        self.speedups: list[float] = []
        self.bounds: list[float] = []

    def workers_cpu(self) -> float:
        import psutil  # comes with dask's distributed

        times = [psutil.Process(pid).cpu_times() for pid in self.workers]
        return sum(each.user + each.system for each in times)


def alternate(corpus: Path, depth: int, jobs: int, rounds: int, ways: list[Way]) -> None:
    for number in range(1, rounds + 1):
        one_wall, one_cpu, expected = timed(corpus, depth, ["--jobs", "1"])
        line = f"round {number}: --jobs 1 {one_wall:6.2f} s ({one_cpu:6.2f} s CPU)"
        for way in ways:
            before = way.workers_cpu()
            wall, cpu, output = timed(corpus, depth, way.where)
            cpu += way.workers_cpu() - before
            if output != expected:
                sys.exit(f"{way.name}: the output differs from --jobs 1's")
            way.speedups.append(one_wall / wall)
            way.bounds.append(one_cpu / (cpu / jobs))
            line += f", {way.name} {wall:6.2f} s ({cpu:6.2f} s CPU): {way.speedups[-1]:.2f}x"
        print(line, flush=True)
    for way in ways:
        print(
            f"{way.name}: median speed-up {statistics.median(way.speedups):.2f}x, "
            f"best {max(way.speedups):.2f}x; the CPU seconds allow "
            f"{statistics.median(way.bounds):.2f}x on {jobs} idle processors"
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
        ways = [Way(f"--jobs {args.jobs}", ["--jobs", str(args.jobs)])]
        if args.no_cluster:
            alternate(corpus, args.depth, args.jobs, args.rounds, ways)
        else:
            from distributed import Client, LocalCluster

            with (
                LocalCluster(
                    n_workers=args.jobs,
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address="127.0.0.1:0",
                ) as cluster,
                Client(cluster) as client,
            ):
                client.run(warm)  # as a cluster that has analysed before: imports, weights
                pids = list(client.run(os.getpid).values())
                where = ["--scheduler", cluster.scheduler_address]
                ways.append(Way(f"{args.jobs}-worker cluster", where, pids))
                alternate(corpus, args.depth, args.jobs, args.rounds, ways)
    print(load())


if __name__ == "__main__":
    main()
