"""``convert --to parquet`` against ``validate`` on the same corpus: time and peak memory.

Run: python benchmarks/bench_parquet.py [--games 20000] [--distinct 1000] [--seed 1] [--rounds 2]
(needs the data extra: pip install -e '.[data]')

Makes (once, under benchmarks/.data/) a record of that many games and one of
a quarter as many (``--small``): ``--distinct`` generated games, repeated
(generating 20,000 games takes longer than the measurements; a repeated
game costs the reading, the validator and the tables what a new one does).
Then runs, each in a fresh process and alternately ``--rounds`` times,
``aceynote validate --quiet --jobs 1`` and ``aceynote convert --to parquet
-o DIR``, and prints the best wall time and CPU time of each, the share of
CPU time convert takes over validate (on a busy machine the wall time says
more of the machine than of the commands), and each one's peak RSS on both
records: the conversion's memory stays the same whatever the corpus's size
(it holds a row group's games, never the corpus).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DATA = Path(__file__).parent / ".data"

# Runs one command and prints its wall time and its peak RSS (the only child of this process).
_MEASURE = r"""
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
seconds = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime,
                  "peak_mb": usage.ru_maxrss / 1024, "status": done.returncode,
                  "stderr": done.stderr[-500:]}))
"""


def corpus(games: int, distinct: int, seed: int) -> Path:
    """A record of ``games`` games: ``distinct`` generated ones over and over."""
    DATA.mkdir(exist_ok=True)
    path = DATA / f"games-{games}-of-{distinct}-seed{seed}.acey"
    if path.exists():
        return path
    source = DATA / f"games-{distinct}-seed{seed}.acey"
    if not source.exists():
        subprocess.run(
            [sys.executable, "-m", "aceynote", "generate", "--games", str(distinct), "--seed",
             str(seed), "-o", str(source)],
            check=True,
        )  # fmt: skip
    text = source.read_text(encoding="utf-8")
    with path.open("w", encoding="utf-8") as out:
        for copy in range(games // distinct):
            out.write(("\n" if copy else "") + text)
    return path


def measure(*command: str) -> dict[str, float]:
    output = subprocess.run(
        [sys.executable, "-c", _MEASURE, sys.executable, "-m", "aceynote", *command],
        check=True,
        capture_output=True,
        text=True,
    )
    result = json.loads(output.stdout)
    if result["status"] not in (0, 1):
        raise SystemExit(f"aceynote {' '.join(command)} failed: {result['stderr']}")
    return {key: result[key] for key in ("seconds", "cpu", "peak_mb")}


def validate(path: Path) -> dict[str, float]:
    return measure("validate", "--quiet", "--jobs", "1", str(path))


def convert(path: Path) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="bench-parquet-")) / "tables"
    try:
        return measure("convert", str(path), "--to", "parquet", "-o", str(folder))
    finally:
        shutil.rmtree(folder.parent)


def best(runs: list[dict[str, float]]) -> dict[str, float]:
    return {
        "seconds": min(run["seconds"] for run in runs),
        "cpu": min(run["cpu"] for run in runs),
        "peak_mb": max(run["peak_mb"] for run in runs),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--distinct", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--small", type=int, help="games of the smaller record (default a quarter)")
    args = parser.parse_args()
    large = corpus(args.games, args.distinct, args.seed)
    small = corpus(args.small or args.games // 4, args.distinct, args.seed)
    for path in (small, large):
        size = os.path.getsize(path) / 1_000_000
        runs: dict[str, list[dict[str, float]]] = {"validate": [], "convert": []}
        for _ in range(args.rounds):  # alternately, so that a busy machine hurts both alike
            runs["validate"].append(validate(path))
            runs["convert"].append(convert(path))
        checked, converted = best(runs["validate"]), best(runs["convert"])
        share = converted["cpu"] / checked["cpu"] - 1
        print(f"{path.name}: {size:.1f} MB", flush=True)
        for name, run in (("validate --jobs 1", checked), ("convert --to parquet", converted)):
            print(
                f"  {name:20}  {run['seconds']:7.1f} s  CPU {run['cpu']:7.1f} s  "
                f"peak RSS {run['peak_mb']:5.0f} MB",
                flush=True,
            )
        print(f"  convert's CPU time on validate's: {share:+.0%}", flush=True)


if __name__ == "__main__":
    main()
