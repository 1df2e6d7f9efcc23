"""Peak memory and time of every reader path on hostile records, beside validate's (issue 37).

Run: python benchmarks/bench_reader_memory.py [--megabytes 1 10 50] [--rows NAME ...]

Each row's record is its unit repeated to the size asked (or a first line
and then a clean generated corpus, or a JSON document's head, many keys and
its tail), written to a temporary folder; each command (validate, find on
tags and on play, stats, html, convert) runs in a fresh process, one at a
time, and its peak resident memory (the kernel's ``ru_maxrss`` of the child)
and CPU time (user and system, from ``/usr/bin/time``: wall time means
little on a loaded machine) are printed. A reader path whose
memory grows with the file where validate's does not holds more than a game
at a time.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

CLEAN = subprocess.run(
    [sys.executable, "-m", "aceynote", "generate", "--games", "300", "--seed", "3"],
    capture_output=True,
    check=True,
).stdout


class Row(NamedTuple):
    """A hostile record: what comes first, what is repeated to the size, what ends it."""

    first: bytes
    unit: bytes
    last: bytes = b""
    suffix: str = ".acey"


ROWS: dict[str, Row] = {
    "bom before each game": Row(b"", b'\xef\xbb\xbf[E "x"]\n*\n'),
    "empty games": Row(b"", b'[E "x"]\n*\n'),
    "form feed line": Row(b"", b'[E "x"]\n\x0c\n1. 52: in/20 in/23 *\n'),
    "comment left open": Row(b"", b'[E "x"]\n1. 52: in/20 in/23 {\n[F "y"]\n'),
    "( in a tag, then clean": Row(b'[Site "a (b"]\n', CLEAN),
    "{ in a tag, then clean": Row(b'[Site "a {b"]\n', CLEAN),
    "one long game": Row(b'[E "x"]\n', b"1. 52: in/20 in/23  43: in/21 in/22\n"),
    "{ left open early": Row(b'[E "x"]\n1. 52: in/20 in/23 {\n', b"a comment that runs on\n"),
    "no tags": Row(b"", b"1. 52: in/20 in/23 *\n"),
    "json many keys": Row(
        b'{"format": "aceynote", "version": 1, ', b'"k": 0, ', b'"games": []}', ".json"
    ),
    "clean": Row(b"", CLEAN),
}
# Each command's words; FILE is the record, OUT a file in the temporary folder.
COMMANDS = {
    "validate": ["validate", "--quiet", "FILE"],
    "find tags": ["find", "--count", "FILE"],
    "find play": ["find", "--turns", ">0", "--count", "FILE"],
    "stats": ["stats", "FILE"],
    "html": ["html", "FILE", "-o", "OUT.html"],
    "convert": ["convert", "FILE", "--to", "jsonl", "-o", "OUT.jsonl"],
}


def record(folder: Path, name: str, megabytes: float) -> Path:
    row = ROWS[name]
    path = folder / f"{name.replace(' ', '-')}-{megabytes:g}MB{row.suffix}"
    units = int(megabytes * 1_000_000) // len(row.unit) + 1
    block = row.unit * max(1, (1 << 20) // len(row.unit))
    with path.open("wb") as file:  # a block at a time: a small process to start each command
        file.write(row.first)
        for _ in range(units // (len(block) // len(row.unit))):
            file.write(block)
        file.write(row.unit * (units % (len(block) // len(row.unit))) + row.last)
    return path


def measure(words: list[str], path: Path) -> tuple[float, float]:
    """CPU seconds (user and system) and peak megabytes of ``aceynote WORDS`` (FILE: ``path``).

    ``/usr/bin/time`` runs the command: a child of this process would count
    this process's own peak in its ``ru_maxrss`` (Linux keeps the peak of
    the memory a child had before its ``exec``).
    """
    out = str(path.parent / "out")
    words = [str(path) if w == "FILE" else w.replace("OUT", out) for w in words]
    figures = path.parent / "time"
    timed = ["/usr/bin/time", "-o", str(figures), "-f", "%U %S %M"]
    subprocess.run(
        [*timed, sys.executable, "-m", "aceynote", *words],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    user, system, kilobytes = figures.read_text().split()[-3:]
    return float(user) + float(system), int(kilobytes) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, nargs="+", default=[1, 10, 50])
    parser.add_argument("--rows", nargs="+", choices=list(ROWS), default=list(ROWS))
    parser.add_argument("--commands", nargs="+", choices=list(COMMANDS), default=list(COMMANDS))
    args = parser.parse_args()
    print(f"{'record':24} {'MB':>4}  " + "  ".join(f"{name:>22}" for name in args.commands))
    with tempfile.TemporaryDirectory() as folder:
        for name in args.rows:
            for megabytes in args.megabytes:
                path = record(Path(folder), name, megabytes)
                cells = []
                for command in args.commands:
                    seconds, peak = measure(COMMANDS[command], path)
                    cells.append(f"{seconds:6.1f} s CPU {peak:6.0f} MB")
                print(f"{name:24} {megabytes:>4g}  " + "  ".join(cells), flush=True)
                path.unlink()


if __name__ == "__main__":
    main()
