"""Peak memory and time of find and stats on hostile records, beside validate's (issue 37).

Run: python benchmarks/bench_reader_memory.py [--megabytes 1 10 50] [--rows NAME ...]

Each row's record is its unit repeated to the size asked (or a first line
and then a clean generated corpus), written to a temporary folder; each
command runs in a fresh process, and its peak resident memory (the kernel's
``ru_maxrss`` of the child) and wall time are printed. A reader path whose
memory grows with the file where validate's does not holds more than a game
at a time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CLEAN = subprocess.run(
    [sys.executable, "-m", "aceynote", "generate", "--games", "300", "--seed", "3"],
    capture_output=True,
    check=True,
).stdout

# name: (what comes first, what is repeated to the size)
ROWS: dict[str, tuple[bytes, bytes]] = {
    "bom before each game": (b"", b'\xef\xbb\xbf[E "x"]\n*\n'),
    "empty games": (b"", b'[E "x"]\n*\n'),
    "form feed line": (b"", b'[E "x"]\n\x0c\n1. 52: in/20 in/23 *\n'),
    "comment left open": (b"", b'[E "x"]\n1. 52: in/20 in/23 {\n[F "y"]\n'),
    "( in a tag, then clean": (b'[Site "a (b"]\n', CLEAN),
    "{ in a tag, then clean": (b'[Site "a {b"]\n', CLEAN),
    "clean": (b"", CLEAN),
}
COMMANDS = {
    "validate": ["validate", "--quiet"],
    "find tags": ["find", "--count"],
    "find play": ["find", "--turns", ">0", "--count"],
    "stats": ["stats"],
}


def record(folder: Path, name: str, megabytes: float) -> Path:
    first, unit = ROWS[name]
    path = folder / f"{name.replace(' ', '-')}-{megabytes:g}MB.acey"
    size = int(megabytes * 1_000_000)
    path.write_bytes(first + unit * (size // len(unit) + 1))
    return path


def measure(words: list[str], path: Path) -> tuple[float, float]:
    """Wall seconds and peak megabytes of ``aceynote WORDS PATH``."""
    started = time.monotonic()
    child = subprocess.Popen(
        [sys.executable, "-m", "aceynote", *words, str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, _, usage = os.wait4(child.pid, 0)
    return time.monotonic() - started, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, nargs="+", default=[1, 10, 50])
    parser.add_argument("--rows", nargs="+", choices=list(ROWS), default=list(ROWS))
    parser.add_argument("--commands", nargs="+", choices=list(COMMANDS), default=list(COMMANDS))
    args = parser.parse_args()
    print(f"{'record':24} {'MB':>4}  " + "  ".join(f"{name:>18}" for name in args.commands))
    with tempfile.TemporaryDirectory() as folder:
        for name in args.rows:
            for megabytes in args.megabytes:
                path = record(Path(folder), name, megabytes)
                cells = []
                for command in args.commands:
                    seconds, peak = measure(COMMANDS[command], path)
                    cells.append(f"{seconds:6.1f} s {peak:6.0f} MB")
                print(f"{name:24} {megabytes:>4g}  " + "  ".join(cells), flush=True)
                path.unlink()


if __name__ == "__main__":
    main()
