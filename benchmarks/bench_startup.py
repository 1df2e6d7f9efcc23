"""Start-up time of the aceynote command.

Run: python benchmarks/bench_startup.py [--rounds 20] [--instructions] [--imports]

Times, in fresh processes and alternately (A, B, C, A, B, C, ...), the wall
time of ``aceynote --help``, ``aceynote validate samples/annotated.acey`` (a
one-game record) and ``python -c pass`` (the floor: the interpreter's own
start-up), and prints the median and 90th percentile of each in ms next to
the goals (--help under 100 ms, one-game validate under 150 ms).

The command runs as ``python -m aceynote``; the installed ``aceynote`` console
script adds a little (its wrapper imports ``re`` and the entry point's module).
The children run without PYTHONDONTWRITEBYTECODE, after one warm-up run each,
so they use .pyc files as an installed copy does. Wall times on a loaded
machine move a lot; --instructions instead runs each command once under
valgrind's callgrind and prints instruction counts, which do not depend on the
load. --imports also prints ``python -X importtime``'s ten modules of
``validate`` with the largest cumulative import time.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "annotated.acey"
COMMANDS: dict[str, list[str]] = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "aceynote --help": [sys.executable, "-m", "aceynote", "--help"],
    "aceynote validate": [sys.executable, "-m", "aceynote", "validate", str(SAMPLE)],
}
GOALS_MS = {"aceynote --help": 100, "aceynote validate": 150}
# Without it the children write and then use .pyc files, as an installed copy does.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(command: list[str], capture: bool = True) -> subprocess.CompletedProcess[str]:
    """Run command; its output captured, or else thrown away."""
    output = subprocess.PIPE if capture else subprocess.DEVNULL
    return subprocess.run(command, env=ENV, text=True, check=False, stdout=output, stderr=output)


def warm_up() -> None:
    for name, command in COMMANDS.items():
        done = run(command)
        if done.returncode != 0:
            sys.exit(f"{name} failed ({done.returncode}):\n{done.stdout}{done.stderr}")


def wall_times(rounds: int) -> None:
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(rounds):
        for name, command in COMMANDS.items():
            start = time.perf_counter()
            run(command, capture=False)
            times[name].append((time.perf_counter() - start) * 1000)
    floor = statistics.median(times["python -c pass"])
    print(f"{rounds} rounds, wall time in ms")
    print(f"{'':18} {'median':>7} {'p90':>7} {'- floor':>8} {'goal':>6}")
    for name, values in times.items():
        median = statistics.median(values)
        p90 = statistics.quantiles(values, n=10, method="inclusive")[-1]
        goal = GOALS_MS.get(name)
        verdict = "" if goal is None else f"< {goal}  {'ok' if median < goal else 'MISSED'}"
        print(f"{name:18} {median:7.1f} {p90:7.1f} {median - floor:8.1f}   {verdict}")


def instructions() -> None:
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        sys.exit("--instructions needs valgrind")
    callgrind = [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    print("instructions (callgrind), millions")
    for name, command in COMMANDS.items():
        done = run(callgrind + command)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if found is None:
            sys.exit(f"no instruction count for {name}:\n{done.stderr}")
        print(f"{name:18} {int(found.group(1)) / 1e6:8.1f}")


def imports() -> None:
    done = run([sys.executable, "-X", "importtime", *COMMANDS["aceynote validate"][1:]])
    rows = []
    for line in done.stderr.splitlines():
        parts = line.removeprefix("import time:").split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    print(f"aceynote validate: {len(rows)} modules imported; top 10 by cumulative time")
    print(f"{'cumul. ms':>9}  module")
    for cumulative, module in sorted(rows, reverse=True)[:10]:
        print(f"{cumulative / 1000:9.1f}  {module}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=20, help="runs of each command")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions under callgrind instead"
    )
    parser.add_argument("--imports", action="store_true", help="also show -X importtime's top 10")
    args = parser.parse_args()
    warm_up()
    if args.instructions:
        instructions()
    else:
        wall_times(args.rounds)
    if args.imports:
        imports()


if __name__ == "__main__":
    main()
