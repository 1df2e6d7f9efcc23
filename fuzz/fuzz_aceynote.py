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
  back, or that comes back other than ``fmt`` writes the record (with LF
  line ends and no byte order mark, as ``convert`` writes a record);
- a bgammon.org replay (``.match``) that ``validate`` and the record
  ``convert`` makes of it judge differently (one reader, one answer);
- an SVG diagram that is not well-formed XML, or a page holding a
  character XML cannot hold;
- any exception out of the recorder's entry line (``Recording.enter``).

Run it on demand (never in the test suite), see docs/fuzzing.md:

    .venv/bin/pip install atheris
    .venv/bin/python fuzz/make_corpus.py fuzz/corpus
    .venv/bin/python fuzz/fuzz_aceynote.py fuzz/corpus -max_total_time=300
"""

from __future__ import annotations

import html.parser
import io
import os
import pkgutil
import sys
import tempfile
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass

import atheris  # type: ignore[import-untyped, import-not-found, unused-ignore]

# The command line imports its commands (and they their formats) when one
# runs: every module is imported here, inside the block, so that all of them
# are instrumented. The terminal app and the engine are not fuzzed here.
with atheris.instrument_imports(include=["aceynote"]):
    import aceynote
    from aceynote.cli import main
    from aceynote.entering import Recording
    from aceynote.notation import parse_game

    for _module in pkgutil.walk_packages(aceynote.__path__, "aceynote."):
        skipped = ("aceynote.tui", "aceynote.engine", "aceynote.analysis", "aceynote.__main__")
        if not _module.name.startswith(skipped):
            __import__(_module.name)

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
    """fmt prints a fixed point; JSON and back gives what fmt gives, line ends and
    byte order mark aside."""
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
    if record.out != lf_without_bom(formatted.out):
        raise AssertionError("JSON and back differs from fmt's canonical form")


def lf_without_bom(record: bytes) -> bytes:
    """fmt's output as ``convert --to acey`` writes the same record: fmt keeps the
    file's own line ends and byte order mark, convert writes LF and no mark."""
    record = record.removeprefix(b"\xef\xbb\xbf")
    return record.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


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


def match_one_answer(data: bytes) -> None:
    """validate of a .match and validate of the record convert makes of it agree."""
    path = record_file(data, ".match")
    argv = ["validate", path]
    judged = checked(aceynote(argv), argv, diagnostics_on_stdout=True)
    to_acey = ["convert", path, "--to", "acey"]
    record = checked(aceynote(to_acey), to_acey)
    if record.status != 0:
        return
    again = ["validate", "-"]
    rejudged = checked(aceynote(again, record.out), again)
    if (judged.status == 0) != (rejudged.status == 0):
        raise AssertionError(
            f"validate says {judged.status} of the .match, {rejudged.status} of its record"
        )


def pictures_well_formed(data: bytes) -> None:
    """The diagram is well-formed XML and the page holds nothing XML cannot hold."""
    path = record_file(data, ".acey")
    argv = ["diagram", path, "-o", "-"]
    drawn = checked(aceynote(argv), argv)
    if drawn.status in (0, 1):
        ET.fromstring(drawn.out)  # raises on an ill-formed SVG
    argv = ["html", path, "-o", "-"]
    page = checked(aceynote(argv), argv)
    if page.status in (0, 1):
        text = page.out.decode("utf-8")
        bad = [c for c in text if unicodedata.category(c) == "Cc" and c not in "\n\t\r"]
        if bad or "\ufffe" in text or "\uffff" in text:
            raise AssertionError(f"the page holds {bad[:3]!r}")
        html.parser.HTMLParser().feed(text)


def entry_lines(data: bytes) -> None:
    """Each line typed on the recorder's entry line, from the start of a new game."""
    recording = Recording.at_end(parse_game('[Rules "bgammon"]\n\n*\n'))
    for line in data.decode("utf-8", "surrogateescape").splitlines()[:40]:
        recording.typed_roll(line)
        recording.enter(line)


COMMANDS: list[Callable[[bytes], None]] = [
    validate_file,
    validate_stdin_json,
    fmt_round_trip,
    fmt_stdin_check,
    fmt_in_place,
    convert_jsonl_round_trip,
    convert_json_input,
    convert_jsonl_input,
    match_one_answer,
    pictures_well_formed,
    entry_lines,
]


def test_one_input(data: bytes) -> None:
    if not data:
        return
    COMMANDS[data[0] % len(COMMANDS)](data[1:])


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
