"""Coverage-guided fuzzing of the ``aceynote`` command line with atheris.

Each input is one byte that picks a command, then the bytes of a record (or
of a JSON document, for the JSON commands). The record is handed to
``aceynote.cli.main`` exactly as a user would: as a file named on the
command line, or on standard input, with standard output and standard error
as real (in-memory) text streams. What counts as a finding:

- any exception out of ``main`` (a traceback a user would see);
- an exit status other than 0, 1 or 2;
- a control character (other than a line end or a tab) in standard error,
  or in validate's standard output: a record must not steer the terminal;
- ``fmt`` output that is not a fixed point (``fmt --check`` of it exits 1);
- ``convert --to json`` output that ``convert --from json`` cannot read
  back, or that comes back other than ``fmt`` writes the record.

Run it on demand (never in the test suite), see docs/fuzzing.md:

    .venv/bin/pip install atheris
    .venv/bin/python fuzz/make_corpus.py fuzz/corpus
    .venv/bin/python fuzz/fuzz_aceynote.py fuzz/corpus -max_total_time=300
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

import atheris  # type: ignore[import-untyped, import-not-found, unused-ignore]

with atheris.instrument_imports(include=["aceynote"]):
    from aceynote.cli import main

_FOLDER = tempfile.mkdtemp(
    prefix="aceynote-fuzz-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None
)


@dataclass(frozen=True)
class Run:
    status: int
    out: bytes
    err: str


def aceynote(argv: list[str], stdin: bytes = b"") -> Run:
    """``aceynote ARGV`` in this process, with standard streams of its own."""
    saved = sys.stdin, sys.stdout, sys.stderr
    out, err = io.BytesIO(), io.BytesIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", newline="")
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", errors="strict", newline="")
    try:
        try:
            status = main(argv)
        except SystemExit as stop:  # argparse: a usage error
            status = stop.code if isinstance(stop.code, int) else 2
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        return Run(status, out.getvalue(), err.getvalue().decode("utf-8"))
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


def check_terminal_text(text: str, what: str) -> None:
    for char in text:
        if char not in "\n\t" and unicodedata.category(char) == "Cc":
            raise AssertionError(f"{what} holds {char!r}: {text[:300]!r}")


def checked(run: Run, argv: list[str], diagnostics_on_stdout: bool = False) -> Run:
    if run.status not in (0, 1, 2):
        raise AssertionError(f"aceynote {' '.join(argv)} exited {run.status}")
    check_terminal_text(run.err, "standard error")
    if diagnostics_on_stdout:
        check_terminal_text(run.out.decode("utf-8"), "standard output")
    return run


def record_file(data: bytes, suffix: str) -> str:
    path = os.path.join(_FOLDER, f"record{suffix}")
    with open(path, "wb") as handle:
        handle.write(data)
    return path


def validate_file(data: bytes) -> None:
    argv = ["validate", "--no-color", record_file(data, ".acey")]
    checked(aceynote(argv), argv, diagnostics_on_stdout=True)


def validate_stdin_json(data: bytes) -> None:
    argv = ["validate", "--format", "json", "-"]
    checked(aceynote(argv, data), argv)


def fmt_round_trip(data: bytes) -> None:
    """fmt prints a fixed point; JSON and back gives what fmt gives."""
    path = record_file(data, ".acey")
    argv = ["fmt", path]
    formatted = checked(aceynote(argv), argv)
    if formatted.status != 0:
        return
    again = ["fmt", "--check", "-"]
    if checked(aceynote(again, formatted.out), again).status != 0:
        raise AssertionError("fmt output is not in canonical form")
    to_json = ["convert", path, "--to", "json"]
    document = checked(aceynote(to_json), to_json)
    if document.status != 0:
        return
    back = ["convert", "--from", "json", "-", "--to", "acey"]
    record = checked(aceynote(back, document.out), back)
    if record.status != 0:
        raise AssertionError(f"convert cannot read its own JSON back: {record.err[:300]}")
    if record.out != formatted.out:
        raise AssertionError("JSON and back differs from fmt's canonical form")


def fmt_stdin_check(data: bytes) -> None:
    argv = ["fmt", "--check", "-"]
    checked(aceynote(argv, data), argv)


def fmt_in_place(data: bytes) -> None:
    path = record_file(data, ".acey")
    argv = ["fmt", "-i", path]
    if checked(aceynote(argv), argv).status == 0:
        again = ["fmt", "--check", path]
        if checked(aceynote(again), again).status != 0:
            raise AssertionError("fmt -i left a file that fmt --check would reformat")


def convert_jsonl_round_trip(data: bytes) -> None:
    argv = ["convert", "-", "--to", "jsonl", "--positions", "--diagnostics"]
    lines = checked(aceynote(argv, data), argv)
    if lines.status == 0:
        back = ["convert", "--from", "jsonl", "-", "--to", "acey"]
        if checked(aceynote(back, lines.out), back).status != 0:
            raise AssertionError("convert cannot read its own JSON Lines back")


def convert_json_input(data: bytes) -> None:
    argv = ["convert", record_file(data, ".json"), "--to", "acey"]
    checked(aceynote(argv), argv)


def convert_jsonl_input(data: bytes) -> None:
    argv = ["convert", "--from", "jsonl", "-", "--to", "json"]
    checked(aceynote(argv, data), argv)


COMMANDS: list[Callable[[bytes], None]] = [
    validate_file,
    validate_stdin_json,
    fmt_round_trip,
    fmt_stdin_check,
    fmt_in_place,
    convert_jsonl_round_trip,
    convert_json_input,
    convert_jsonl_input,
]


def test_one_input(data: bytes) -> None:
    if not data:
        return
    COMMANDS[data[0] % len(COMMANDS)](data[1:])


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
