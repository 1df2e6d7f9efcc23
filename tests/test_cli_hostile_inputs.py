"""Hostile input (issue 10): every input named is read or reported, each read once, one answer.

An input that cannot be read (missing, a link to nowhere, a loop of links, a
folder without records, a glob matching only folders, bytes that are not
UTF-8, a file whose reading fails) is reported by name, the run exits 2, and
the other inputs are still read, by every command. Pipes are read once, so
``fmt --check`` works on a FIFO, ``/dev/stdin`` and ``<(...)``. ``validate``
gives the same answer whatever ``--jobs`` is.
"""

from __future__ import annotations

import concurrent.futures
import io
import os
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from conftest import BROKEN, CANONICAL, GUARD, MESSY, SAMPLES, aceynote_process, run_main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aceynote.cli import main
from aceynote.commands.common import usable_processors
from aceynote.formats import record_extensions
from aceynote.notation import cutter, read_games, write_game
from aceynote.notation.source import block_lines, is_utf8, split_lines
from aceynote.validation import pipeline

LATIN = '[Event "Caf\xe9"]\n*\n'.encode("latin-1")


def aceynote(*args: str, **options: object) -> subprocess.CompletedProcess[bytes]:
    done: subprocess.CompletedProcess[bytes] = subprocess.run(
        aceynote_process(*args),
        capture_output=True,
        timeout=GUARD,
        check=False,
        **options,  # type: ignore[call-overload]
    )
    return done


# -- every unreadable input is reported by name, and the others are still read --------------


def missing(tmp_path: Path) -> tuple[str, str]:
    return str(tmp_path / "missing.acey"), "missing.acey: no such file"


def dangling_link(tmp_path: Path) -> tuple[str, str]:
    link = tmp_path / "dangling.acey"
    link.symlink_to("gone.acey")
    return str(link), "dangling.acey: is a symbolic link to gone.acey, which does not exist"


def link_loop(tmp_path: Path) -> tuple[str, str]:
    (tmp_path / "one.acey").symlink_to("two.acey")
    (tmp_path / "two.acey").symlink_to("one.acey")
    return str(tmp_path / "one.acey"), "one.acey: is a loop of symbolic links"


# It said "holds no .acey files", though a folder's .json, .jsonl and .match files are read too.
FOLDER_WITHOUT_RECORDS = (
    "empty: holds no record files (files named .acey, .json, .jsonl, .ndjson or .match)"
)


def folder_without_records(tmp_path: Path) -> tuple[str, str]:
    folder = tmp_path / "empty"
    folder.mkdir()
    (folder / "notes.txt").write_text("no records here\n", encoding="utf-8")
    return str(folder), FOLDER_WITHOUT_RECORDS


def glob_of_folders(tmp_path: Path) -> tuple[str, str]:
    (tmp_path / "club-a").mkdir()
    (tmp_path / "club-b").mkdir()
    pattern = str(tmp_path / "club-*")
    return pattern, f"{pattern}: matches only folders, no record file"


def not_utf8(tmp_path: Path) -> tuple[str, str]:
    path = tmp_path / "latin1.acey"
    path.write_bytes(LATIN)
    return str(path), "latin1.acey:1:12: is not UTF-8 text (byte 0xE9 here cannot be read)"


def cannot_open(tmp_path: Path) -> tuple[str, str]:
    # Even root cannot open a socket as a file (as nobody cannot open a file of mode 000).
    path = tmp_path / "socket.acey"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()
    return str(path), "socket.acey: cannot read: No such device or address"


def failing_read(tmp_path: Path) -> tuple[str, str]:
    # Opening works and reading fails (EIO), as on a damaged disk.
    return "/proc/self/mem", "/proc/self/mem: cannot read: Input/output error"


UNREADABLE: list[Callable[[Path], tuple[str, str]]] = [
    missing,
    dangling_link,
    link_loop,
    folder_without_records,
    glob_of_folders,
    not_utf8,
    cannot_open,
]
if os.path.exists("/proc/self/mem"):
    UNREADABLE.append(failing_read)

COMMANDS = {
    "validate": ["validate"],
    "validate -j 2": ["validate", "-j", "2"],
    "fmt": ["fmt"],
    "fmt --check": ["fmt", "--check"],
    "fmt -i": ["fmt", "-i"],
    "convert": ["convert", "--from", "acey", "--to", "jsonl"],
}


@pytest.mark.parametrize("command", COMMANDS, ids=str)
@pytest.mark.parametrize("make", UNREADABLE, ids=lambda make: make.__name__)
def test_an_unreadable_input_is_reported_and_the_others_are_read(
    command: str,
    make: Callable[[Path], tuple[str, str]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    unreadable, message = make(tmp_path)
    if command == "fmt -i" and make is cannot_open:
        message = "socket.acey: is not a regular file (a pipe or a device)"
    other = tmp_path / "other.acey"
    other.write_text(BROKEN if command == "convert" else MESSY, encoding="utf-8")
    status = main([*COMMANDS[command], unreadable, str(other)])
    out, err = capsys.readouterr()
    assert status == 2
    assert message in err
    assert "Traceback" not in err
    # The input after the unreadable one was read all the same.
    if command.startswith("validate"):
        assert out.splitlines()[-1].endswith("1 unreadable file")
        assert out.startswith("1 game")
    elif command == "fmt":
        assert out == CANONICAL
    elif command == "fmt --check":
        assert f"would reformat {other}" in err
    elif command == "fmt -i":
        assert other.read_text(encoding="utf-8") == CANONICAL
    else:
        assert f"{other}:3:4: error AD100" in err


@pytest.mark.parametrize("command", ["validate", "stats", "analyze", "find"])
def test_a_folder_without_records_names_every_kind_of_file_read(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, message = folder_without_records(tmp_path)
    status, _, err = run_main(capsys, command, folder)
    assert status == 2 and message in err
    # Each extension named is a record's: a folder of one such file is read.
    for extension in record_extensions():
        (tmp_path / "empty" / f"games{extension}").touch()
        err = run_main(capsys, command, folder)[2]
        assert f"games{extension}" in err or "holds no" not in err, extension
        (tmp_path / "empty" / f"games{extension}").unlink()


def test_a_folder_reads_its_records_by_their_extension_in_any_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Named alone, GAMES.ACEY is read as a record (the extension in any case); a folder
    holding it was "a folder without records"."""
    (tmp_path / "GAMES.ACEY").write_text(CANONICAL, encoding="utf-8")
    (tmp_path / "More.Acey").write_text(CANONICAL, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("no records here\n", encoding="utf-8")
    status, out, _ = run_main(capsys, "validate", str(tmp_path))
    assert (status, out.splitlines()[-1]) == (0, "2 games, 4 turns: 0 errors, 0 warnings")


@pytest.mark.parametrize(
    "command",
    [
        ["validate", "-"],
        ["fmt", "-"],
        ["fmt", "--check", "-"],
        ["convert", "-", "--to", "json"],
        ["convert", "--from", "jsonl", "-", "--to", "acey"],
    ],
    ids=" ".join,
)
def test_standard_input_that_is_not_utf8(command: list[str]) -> None:
    done = aceynote(*command, input=LATIN)
    err = done.stderr.decode()
    assert done.returncode == 2
    assert "<stdin>:1:12: is not UTF-8 text (byte 0xE9 here cannot be read)" in err
    assert "Traceback" not in err


def test_a_byte_order_mark_moves_no_column_of_a_byte_that_is_not_utf8() -> None:
    done = aceynote("validate", "-", input="\ufeff".encode() + LATIN)
    assert done.returncode == 2
    assert "<stdin>:1:12: is not UTF-8 text (byte 0xE9 here" in done.stderr.decode()


def test_a_record_folder_reports_a_dangling_link_inside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "a.acey").write_text(CANONICAL, encoding="utf-8")
    (folder / "b.acey").symlink_to("nowhere.acey")
    assert main(["validate", str(folder)]) == 2
    out, err = capsys.readouterr()
    assert f"{folder / 'b.acey'}: is a symbolic link to nowhere.acey" in err
    assert out.startswith("1 game")


def test_a_glob_matching_files_and_folders_reads_the_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "club-a").mkdir()
    (tmp_path / "club-b.acey").write_text(CANONICAL, encoding="utf-8")
    assert main(["fmt", "--check", str(tmp_path / "club-*")]) == 0
    assert capsys.readouterr().err == ""


def test_a_standard_input_given_twice_is_read_once_and_then_empty(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(CANONICAL.encode())))
    assert main(["validate", "-", "-"]) == 0
    assert capsys.readouterr().out.startswith("1 game")


# -- each input is read once ------------------------------------------------------------------


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "pipe.acey"
    os.mkfifo(path)
    yield path


def feed(path: Path, data: bytes) -> threading.Thread:
    def write() -> None:
        with open(path, "wb") as pipe:
            pipe.write(data)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize(("text", "status"), [(CANONICAL, 0), (MESSY, 1)])
def test_check_reads_a_fifo_once(fifo: Path, text: str, status: int) -> None:
    writer = feed(fifo, text.encode())
    done = aceynote("fmt", "--check", str(fifo))
    writer.join(GUARD)
    assert done.returncode == status
    assert (b"would reformat" in done.stderr) == (status == 1)


def test_check_of_dev_stdin_that_is_canonical() -> None:
    done = aceynote("fmt", "--check", "/dev/stdin", input=CANONICAL.encode())
    assert (done.returncode, done.stderr) == (0, b"")


def test_check_of_a_process_substitution(tmp_path: Path) -> None:
    # <(cat canonical.acey): a pipe named /dev/fd/N.
    read_end, write_end = os.pipe()
    os.write(write_end, CANONICAL.encode())
    os.close(write_end)
    try:
        done = aceynote("fmt", "--check", f"/dev/fd/{read_end}", pass_fds=(read_end,))
    finally:
        os.close(read_end)
    assert (done.returncode, done.stderr) == (0, b"")


def test_in_place_refuses_a_fifo_without_reading_it(fifo: Path) -> None:
    done = aceynote("fmt", "-i", str(fifo))  # before: it opened the FIFO and waited forever
    assert done.returncode == 2
    assert f"{fifo}: is not a regular file".encode() in done.stderr


def test_standard_input_keeps_its_line_ends() -> None:
    # A game with a syntax error is printed as it stands: its CRLF line ends too.
    broken = BROKEN.replace("\n", "\r\n").encode()
    done = aceynote("fmt", "-", input=broken)
    assert done.returncode == 1
    assert done.stdout == broken


def test_in_place_reads_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.acey"
    path.write_text(MESSY, encoding="utf-8")
    assert main(["fmt", "-i", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert main(["fmt", "-i", str(path)]) == 0  # canonical now: not rewritten
    assert capsys.readouterr().err == ""


# -- one reader, one answer whatever --jobs is --------------------------------------------


def line_ends(text: str, style: str) -> bytes:
    if style == "crlf":
        text = text.replace("\n", "\r\n")
    elif style == "cr":
        text = text.replace("\n", "\r")
    data = text.encode("utf-8")
    return b"\xef\xbb\xbf" + data if style == "bom" else data


STYLES = ["lf", "crlf", "cr", "bom"]
RECORDS = sorted(path.name for path in SAMPLES.glob("*.acey"))


def validate_output(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run_main(capsys, "validate", "--no-color", *args)


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("sample", RECORDS)
def test_jobs_give_one_answer(
    sample: str, style: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / sample
    path.write_bytes(line_ends((SAMPLES / sample).read_text(encoding="utf-8"), style))
    serial = validate_output(capsys, "-j", "1", str(path))
    assert serial == validate_output(capsys, "-j", "2", str(path))
    assert "AD100" not in serial[1]


@pytest.mark.parametrize("style", STYLES)
def test_jobs_give_one_answer_over_many_pieces(
    style: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = [(SAMPLES / name).read_text(encoding="utf-8") for name in RECORDS]
    path = tmp_path / "corpus.acey"
    path.write_bytes(line_ends("\n".join(texts * 3), style))
    serial = validate_output(capsys, str(path))
    monkeypatch.setattr(pipeline, "PIECE_BYTES", 3000)  # many pieces, many workers
    assert validate_output(capsys, "-j", "2", str(path)) == serial
    assert "AD100" not in serial[1]


def test_jobs_stop_at_a_bad_byte_where_one_job_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    games = (SAMPLES / "annotated.acey").read_bytes()
    # The bad byte stands on a tag line where a piece could start.
    bad = games.replace(b'[Event "', b'[Event "\xe9', 1)
    path = tmp_path / "corpus.acey"
    path.write_bytes(b"\n".join([games] * 6 + [bad] + [games] * 3))
    serial = validate_output(capsys, str(path))
    assert serial[0] == 2 and "is not UTF-8 text" in serial[2]
    monkeypatch.setattr(pipeline, "PIECE_BYTES", 2000)
    assert validate_output(capsys, "-j", "2", str(path)) == serial


def games_of(data: bytes, first_line: int = 1) -> list[tuple[int, str, list[str]]]:
    return [
        (game.span.line, write_game(game), [problem.message for problem in game.problems])
        for game in read_games(io.BytesIO(data), first_line)
    ]


def brackets_walked(data: bytes, in_comment: bool, depth: int) -> tuple[bool, int]:
    """The comment and variation state after ``data``, a byte at a time."""
    for char in data:
        if in_comment:
            in_comment = char != ord("}")
        elif char == ord("{"):
            in_comment = True
        elif char == ord("("):
            depth += 1
        elif char == ord(")") and depth:
            depth -= 1
    return in_comment, depth


def cuts_line_by_line(data: bytes, chunk: int) -> list[int]:
    """Where pieces start, found as the docstring of cutter.pieces says, a line at a time.

    After a result (old rule), or after movetext: a word before any ``{`` on a line
    outside the lexer's chunk of a comment, since the last tag line.
    """
    starts, size, in_comment, depth, last_words = [1], 0, False, 0, b""
    pending = tagged = moved = False
    lines = [piece for raw in io.BytesIO(data) for piece in split_lines(raw)]
    for number, line in enumerate(lines, start=1):
        words = line.split()
        tag_line = re.match(rb"(?:[ \t\f\v]|\xef\xbb\xbf)*\[", line) is not None
        looks = tag_line and line.strip().endswith(b"]") and b'"' in line
        after_result = (
            not in_comment
            and depth == 0
            and re.search(rb"(?:^|\s)(?:\d+-\d+|\*)\s*$", last_words)
            and not last_words.lstrip(b" \t").startswith(b"[")
        )
        after_movetext = moved and (not pending or looks)
        if size >= chunk and tag_line and (after_result or after_movetext) and is_utf8(line):
            starts.append(number)
            size = 0
        size += len(line)
        if tag_line:
            moved, pending = False, pending and not looks
            tagged = tagged or not pending
        elif tagged and not pending and re.search(rb"[!-z|~]", line.split(b"{")[0]):
            moved = True
        pending = brackets_walked(line.replace(b"(", b"").replace(b")", b""), pending, 0)[0]
        in_comment, depth = brackets_walked(line, in_comment, depth)
        if words and not in_comment:
            last_words = line
    return starts


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    pieces=st.lists(
        st.tuples(st.sampled_from(RECORDS), st.sampled_from(["\n", "\r\n", "\r"])),
        min_size=1,
        max_size=8,
    ),
    chunk=st.integers(200, 4000),
    block=st.integers(1, 700),
)
def test_pieces_read_as_the_whole_reads(
    pieces: list[tuple[str, str]], chunk: int, block: int
) -> None:
    data = b"".join(
        (SAMPLES / name).read_text(encoding="utf-8").replace("\n", end).encode() + b"\n"
        for name, end in pieces
    )
    chunks = list(cutter.pieces(io.BytesIO(data), "corpus.acey", chunk, block))
    assert b"".join(piece.data for piece in chunks) == data
    assert [piece.first_line for piece in chunks] == cuts_line_by_line(data, chunk)
    read_in_pieces = [game for piece in chunks for game in games_of(piece.data, piece.first_line)]
    assert read_in_pieces == games_of(data)


@given(
    st.lists(st.sampled_from([b"{", b"}", b"(", b")", b"()", b"(2)", b"x", b" ", b"\n"])),
    st.booleans(),
    st.integers(0, 3),
)
def test_the_bracket_scan_agrees_with_a_walk_a_byte_at_a_time(
    parts: list[bytes], in_comment: bool, depth: int
) -> None:
    text = b"".join(parts)
    assert cutter._scan_brackets(text, in_comment, depth) == brackets_walked(
        text, in_comment, depth
    )


# Bits of hostile records: comments holding tags, brackets and results, variations
# left open or closed too often, results before a game's end, escaped quotes in tags.
HOSTILE_BITS = [
    '[Event "a"]\n',
    '  [White "b \\"c\\" [d]"]\n',
    "1. 52: in/20 in/23(2)  64: in/19 in/21\n",
    "2. 31: 20/17* 17/16  -- \n",
    "15-0\n",
    "*\n",
    "[Broken *\n",
    "  [Event x 1-0\n",
    " 0-7 ",
    '{a comment [Event "x"]\n 1-0 (}',
    "{ left open\n",
    "}\n",
    "( 3. 41: 21/17 ",
    "((5)) ",
    ") ",
    "\n\n",
]


@settings(max_examples=300)
@given(
    st.lists(st.sampled_from(HOSTILE_BITS), max_size=40),
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.integers(1, 300),
    st.integers(1, 200),
)
def test_hostile_records_are_cut_as_a_walk_line_by_line_cuts_them(
    bits: list[str], end: str, chunk: int, block: int
) -> None:
    data = "".join(bits).replace("\n", end).encode()
    chunks = list(cutter.pieces(io.BytesIO(data), "corpus.acey", chunk, block))
    assert b"".join(piece.data for piece in chunks) == data
    assert [piece.first_line for piece in chunks] == cuts_line_by_line(data, chunk)


@pytest.mark.parametrize("broken", ["[Event x *", '  [Event "a] 1-0', '[Event "a"] 1. 52: in/20 *'])
def test_a_tag_line_ending_in_a_result_is_no_game_s_end_for_the_cutter(broken: str) -> None:
    """A broken tag line is the next game's for the reader: its ``*`` ends no game."""
    first = '[Event "a"]\n1. 52: in/20 in/23 *\n'
    data = f'{first}{broken}\n[White "b"]\n1. 52: in/20 in/23 *\n'.encode()
    chunks = list(cutter.pieces(io.BytesIO(data), "corpus.acey", 1, 1))  # cut where one may
    assert [piece.first_line for piece in chunks] == [1, 3]
    read_in_pieces = [game for piece in chunks for game in games_of(piece.data, piece.first_line)]
    assert read_in_pieces == games_of(data)


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_piece_full_at_a_line_s_end_is_cut_at_the_next_game(end: str) -> None:
    game = (SAMPLES / "annotated.acey").read_text(encoding="utf-8").replace("\n", end).encode()
    first = game + end.encode()  # the game and a blank line: the piece is full after them
    chunks = list(cutter.pieces(io.BytesIO(first + game), "corpus.acey", len(first)))
    assert [piece.data for piece in chunks] == [first, game]
    assert chunks[1].first_line == first.count(end.encode()) + 1


@given(st.text(alphabet="ab\r\n", max_size=40))
def test_lines_are_cut_as_universal_newlines_cut_them(text: str) -> None:
    data = text.encode()
    lines = [piece for raw in io.BytesIO(data) for piece in split_lines(raw)]
    assert [line.decode() for line in lines] == io.StringIO(text, newline="").readlines()
    assert list(block_lines(data)) == data.splitlines(keepends=True)


# -- --jobs is bounded ---------------------------------------------------------------------


ASKED: list[int] = []


def counting_pool(workers: int, **options: Any) -> ProcessPoolExecutor:
    """ProcessPoolExecutor, noting how many workers were asked for."""
    ASKED.append(workers)
    return ProcessPoolExecutor(min(workers, 2), **options)


def test_jobs_are_capped_at_the_processors_and_the_pieces(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", counting_pool)
    ASKED.clear()
    small = tmp_path / "small.acey"
    small.write_text(CANONICAL, encoding="utf-8")
    status, out, err = validate_output(capsys, "-j", "100000", str(small))
    assert status == 0 and out.startswith("1 game")
    assert f"--jobs 100000: using {usable_processors()}" in err
    assert ASKED == []  # one piece: no worker at all
    big = tmp_path / "big.acey"
    big.write_text("\n".join([(SAMPLES / "match.acey").read_text(encoding="utf-8")] * 40))
    monkeypatch.setattr(pipeline, "PIECE_BYTES", 100_000)  # three pieces
    validate_output(capsys, "-j", "100000", str(big))
    assert [min(3, usable_processors())] == ASKED


def test_jobs_help_says_the_bound(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["validate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "at most one per processor and one per 256 kB piece of a file" in text


def test_quiet_jobs_say_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", counting_pool)  # never 100,000
    path = tmp_path / "game.acey"
    path.write_text(CANONICAL, encoding="utf-8")
    assert validate_output(capsys, "-q", "-j", "100000", str(path)) == (0, "", "")


@given(
    st.lists(st.sampled_from([b" ", b"\t", b"\r", b"\n", b"1", b"0", b"-", b"*", b"12/3", b"x"]))
)
def test_a_result_at_a_line_s_end_is_found_as_the_pattern_says(parts: list[bytes]) -> None:
    line = b"".join(parts)
    by_pattern = re.search(rb"(?:^|\s)(?:\d+-\d+|\*)\s*$", line) is not None
    assert cutter._ends_with_result(line) == by_pattern
