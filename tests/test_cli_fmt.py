"""``aceynote fmt``: print the canonical form, --check, -i, stdin, exit codes 0/1/2."""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import BROKEN, EXECUTABLE

import aceynote
from aceynote.cli import main

MESSY = '[White "Park"]\n[Event "E"]\n1. 25: IN/20 in/23 1... 46: in/19 in/21\n2. 66: in/19 in/19 19/13 19/13 9-0\n'
CANONICAL = (
    '[Event "E"]\n[White "Park"]\n\n'
    "1. 52: in/20 in/23  64: in/19 in/21\n"
    "2. 66: in/19(2) 19/13(2)\n"
    "9-0\n"
)
SECOND = '[Event "F"]\n\n1... 31: in/22 in/24\n*\n'


def record(tmp_path: Path, text: str, name: str = "game.acey") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def test_prints_canonical_form(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, MESSY)
    assert main(["fmt", str(path)]) == 0
    out = capsys.readouterr()
    assert out.out == CANONICAL
    assert path.read_text(encoding="utf-8") == MESSY


def test_prints_every_game_with_a_blank_line_between(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record(tmp_path, MESSY + SECOND)
    assert main(["fmt", str(path)]) == 0
    assert capsys.readouterr().out == CANONICAL + "\n" + SECOND


@pytest.mark.parametrize("line_end", ["\n", "\r\n"])
def test_several_files_print_as_one_canonical_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line_end: str
) -> None:
    # The files' games stood back to back, with no blank line: fmt --check refused the whole.
    first = record(tmp_path, MESSY.replace("\n", line_end), "first.acey")
    empty = record(tmp_path, "", "empty.acey")
    second = record(tmp_path, SECOND.replace("\n", line_end), "second.acey")
    assert main(["fmt", str(first), str(empty), str(second)]) == 0
    whole = capsys.readouterr().out
    assert whole == (CANONICAL + "\n" + SECOND).replace("\n", line_end)
    assert main(["fmt", "--check", str(record(tmp_path, whole, "whole.acey"))]) == 0


def test_a_file_ending_in_a_broken_game_without_a_line_end_is_parted_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = "1. 61: in/19 xx/18\n*"  # written as it stands, with no line end
    first = record(tmp_path, broken, "broken.acey")
    second = record(tmp_path, SECOND, "second.acey")
    assert main(["fmt", str(first), str(second)]) == 1
    assert capsys.readouterr().out == broken + "\n\n" + SECOND


def test_canonical_output_is_a_fixed_point(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record(tmp_path, CANONICAL + "\n" + SECOND)
    assert main(["fmt", str(path)]) == 0
    assert capsys.readouterr().out == CANONICAL + "\n" + SECOND


@pytest.mark.parametrize(
    ("tags", "first"),
    [
        ('[Opening "2-6"]', "1... 51: in/20 20/19"),
        ('[Setup "W 6:2 / B 6:2 / B"]', "1... 43: 6/2 6/3"),
    ],
)
def test_a_first_turn_written_without_its_number_keeps_its_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tags: str, first: str
) -> None:
    """Black moves first by the tag; fmt numbers the turn as Black's, as the replay reads it."""
    moves = first.removeprefix("1... ")
    path = record(tmp_path, f"{tags}\n{moves}\n*\n")
    assert main(["fmt", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[2] == first
    before = aceynote.validate(next(aceynote.read_games(str(path))))
    after = aceynote.validate(next(aceynote.read_games(io.StringIO(out))))
    assert [(r.before, r.after) for r in after.segments] == [
        (r.before, r.after) for r in before.segments
    ]
    assert [d.code.code for d in after.diagnostics] == []


def test_check_exits_1_when_a_file_would_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record(tmp_path, MESSY)
    assert main(["fmt", "--check", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    assert str(path) in out.err
    assert path.read_text(encoding="utf-8") == MESSY


def test_check_exits_0_when_nothing_would_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record(tmp_path, CANONICAL + "\n" + SECOND)
    assert main(["fmt", "--check", str(path)]) == 0
    out = capsys.readouterr()
    assert out.out == ""


def test_check_several_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = record(tmp_path, CANONICAL, "good.acey")
    bad = record(tmp_path, MESSY, "bad.acey")
    assert main(["fmt", "--check", str(good), str(bad)]) == 1
    err = capsys.readouterr().err
    assert str(bad) in err and str(good) not in err


def test_a_canonical_crlf_file_needs_no_reformat(tmp_path: Path) -> None:
    path = record(tmp_path, CANONICAL.replace("\n", "\r\n"))
    assert main(["fmt", "--check", str(path)]) == 0
    assert main(["fmt", "--check", str(record(tmp_path, MESSY.replace("\n", "\r\n")))]) == 1


def test_fmt_keeps_each_files_line_ends(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    crlf = record(tmp_path, (MESSY + "\n" + SECOND).replace("\n", "\r\n"), "crlf.acey")
    lf = record(tmp_path, MESSY, "lf.acey")
    assert main(["fmt", "-i", str(crlf), str(lf)]) == 0
    assert crlf.read_bytes() == (CANONICAL + "\n" + SECOND).replace("\n", "\r\n").encode()
    assert lf.read_bytes() == CANONICAL.encode()
    assert main(["fmt", str(crlf)]) == 0
    assert capsys.readouterr().out == (CANONICAL + "\n" + SECOND).replace("\n", "\r\n")


def test_a_file_of_lone_crs_keeps_one_blank_line_between_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found by fuzz/fuzz_aceynote.py: a game's text ends in "\r" there, not "\n",
    # and fmt wrote two blank lines between games.
    canonical = (CANONICAL + "\n" + SECOND).replace("\n", "\r")
    path = record(tmp_path, canonical)
    assert main(["fmt", "--check", str(path)]) == 0
    assert main(["fmt", str(path)]) == 0
    assert capsys.readouterr().out == canonical


def test_fmt_keeps_a_files_byte_order_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bom = "\ufeff"
    path = record(tmp_path, bom + MESSY.replace("\n", "\r\n"))
    assert main(["fmt", "-i", str(path)]) == 0
    assert path.read_bytes() == (bom + CANONICAL).replace("\n", "\r\n").encode()
    assert main(["fmt", "--check", str(path)]) == 0
    assert main(["fmt", str(record(tmp_path, bom + MESSY, "other.acey"))]) == 0
    assert capsys.readouterr().out == bom + CANONICAL


def test_a_broken_first_game_keeps_one_byte_order_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record(tmp_path, "\ufeff" + BROKEN + "\n" + SECOND)
    assert main(["fmt", str(path)]) == 1
    assert capsys.readouterr().out == "\ufeff" + BROKEN + "\n" + SECOND


def test_a_file_of_only_a_byte_order_mark_is_canonical(tmp_path: Path) -> None:
    path = record(tmp_path, "\ufeff")
    assert main(["fmt", "--check", str(path)]) == 0
    assert main(["fmt", "-i", str(path)]) == 0
    assert path.read_bytes() == b"\xef\xbb\xbf"


def test_in_place_rewrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record(tmp_path, MESSY + SECOND)
    assert main(["fmt", "-i", str(path)]) == 0
    assert capsys.readouterr().out == ""
    assert path.read_bytes().decode("utf-8") == CANONICAL + "\n" + SECOND
    assert main(["fmt", "--check", str(path)]) == 0


def test_in_place_long_option(tmp_path: Path) -> None:
    path = record(tmp_path, MESSY)
    assert main(["fmt", "--in-place", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == CANONICAL


def test_in_place_leaves_a_file_with_syntax_errors_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = MESSY + "\n" + BROKEN
    path = record(tmp_path, text)
    assert main(["fmt", "-i", str(path)]) == 1
    assert path.read_bytes() == text.encode("utf-8")
    err = capsys.readouterr().err
    assert f"{path}:8:4" in err
    assert "72:" in err
    assert list(tmp_path.iterdir()) == [path]


def test_syntax_errors_exit_1_without_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record(tmp_path, BROKEN)
    assert main(["fmt", str(path)]) == 1
    assert f"{path}:3:4" in capsys.readouterr().err


def test_check_with_syntax_errors_exits_1(tmp_path: Path) -> None:
    path = record(tmp_path, BROKEN)
    assert main(["fmt", "--check", str(path)]) == 1
    assert path.read_text(encoding="utf-8") == BROKEN


def test_reads_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(MESSY))
    assert main(["fmt", "-"]) == 0
    assert capsys.readouterr().out == CANONICAL


def test_check_stdin_that_would_change(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(MESSY))
    assert main(["fmt", "--check", "-"]) == 1


def test_check_stdin_already_canonical(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # --check exits 0 when nothing would change, whatever the input is read from.
    monkeypatch.setattr(sys, "stdin", io.StringIO(CANONICAL))
    assert main(["fmt", "--check", "-"]) == 0
    assert "would reformat" not in capsys.readouterr().err


def test_in_place_refuses_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(MESSY))
    assert main(["fmt", "-i", "-"]) == 2
    assert capsys.readouterr().out == ""


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.acey"
    assert main(["fmt", str(missing)]) == 2
    out = capsys.readouterr()
    assert str(missing) in out.err
    assert "Traceback" not in out.err
    assert out.out == ""


def test_not_utf8_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.acey"
    path.write_bytes('[Event "Caf\xe9"]\n*\n'.encode("latin-1"))
    assert main(["fmt", str(path)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_command_line_process(tmp_path: Path) -> None:
    path = record(tmp_path, MESSY)
    missing = tmp_path / "nope.acey"
    done = subprocess.run(
        [EXECUTABLE, "fmt", "-"], input=MESSY, capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout) == (0, CANONICAL)
    done = subprocess.run(
        [EXECUTABLE, "fmt", "--check", str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    done = subprocess.run(
        [EXECUTABLE, "fmt", str(missing)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert str(missing) in done.stderr
    assert "Traceback" not in done.stderr


# -- a game with syntax errors among others ------------------------------------------------

# As written, with odd spacing, a tab and CRLF line ends: printed byte for byte.
BROKEN_AS_WRITTEN = (
    '[Event  "bad"]\r\n\r\n1.\t72: IN/20 in/23   {kept}\r\n2. 61: in/19 19/18\r\n*\r\n'
)


def test_prints_every_game_and_a_broken_one_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record(tmp_path, MESSY + "\n\n" + BROKEN_AS_WRITTEN + "\n" + SECOND)
    assert main(["fmt", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out == CANONICAL + "\n" + BROKEN_AS_WRITTEN + "\n" + SECOND
    assert out.err.startswith(f"{path}:9:4: error AD100: '72:' is not a roll")


def test_a_broken_first_game_keeps_its_leading_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = "{opening words}\n%% stray\n" + BROKEN
    path = record(tmp_path, "\n" + broken + "\n" + SECOND)
    assert main(["fmt", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out == broken + "\n" + SECOND
    assert f"{path}:3:1: error AD100" in out.err and f"{path}:6:4: error AD100" in out.err


def test_a_broken_last_game_ends_as_the_file_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A comment never closed runs to the end of the file, which has no final newline.
    broken = '[Event "open"]\n1. 43: in/21 in/22 {never\nclosed\n\n   to the end'
    path = record(tmp_path, MESSY + "\n" + broken)
    assert main(["fmt", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out == CANONICAL + "\n" + broken
    assert f"{path}:7:20: error AD100: this comment is never closed" in out.err


def test_broken_games_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(BROKEN + "\n" + MESSY))
    assert main(["fmt", "-"]) == 1
    out = capsys.readouterr()
    assert out.out == BROKEN + "\n" + CANONICAL
    assert out.err.startswith("<stdin>:3:4: error AD100")


def test_check_reports_a_broken_game_among_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = CANONICAL + "\n" + BROKEN + "\n" + SECOND
    path = record(tmp_path, text)
    assert main(["fmt", "--check", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    assert f"{path}:10:4: error AD100" in out.err
    assert path.read_bytes() == text.encode("utf-8")


def test_in_place_says_it_left_a_broken_file_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = MESSY + "\n" + BROKEN
    path = record(tmp_path, text)
    other = record(tmp_path, MESSY, "other.acey")
    assert main(["fmt", "-i", str(path), str(other)]) == 1
    assert path.read_bytes() == text.encode("utf-8")
    assert other.read_text(encoding="utf-8") == CANONICAL
    assert f"{path} left as it is" in capsys.readouterr().err


# -- several inputs, one missing ------------------------------------------------------------


def test_a_missing_file_does_not_stop_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.acey"
    good = record(tmp_path, MESSY)
    assert main(["fmt", str(missing), str(good)]) == 2
    out = capsys.readouterr()
    assert out.out == CANONICAL
    assert out.err == f"aceynote: error: {missing}: no such file\n"


def test_in_place_rewrites_the_others_when_one_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.acey"
    good = record(tmp_path, MESSY)
    assert main(["fmt", "-i", str(good), str(missing)]) == 2
    assert good.read_text(encoding="utf-8") == CANONICAL
    assert f"{missing}: no such file" in capsys.readouterr().err


def test_check_goes_on_after_an_unreadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    latin = tmp_path / "latin1.acey"
    latin.write_bytes('[Event "Caf\xe9"]\n*\n'.encode("latin-1"))
    messy = record(tmp_path, MESSY)
    assert main(["fmt", "--check", str(latin), str(messy)]) == 2
    err = capsys.readouterr().err
    assert f"{latin}:1:12: is not UTF-8 text (byte 0xE9 here" in err
    assert f"would reformat {messy}" in err


# -- a rewritten file keeps its mode and owner ------------------------------------------------


def test_in_place_keeps_the_mode(tmp_path: Path) -> None:
    path = record(tmp_path, MESSY)
    path.chmod(0o640)
    assert main(["fmt", "-i", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_in_place_keeps_the_owner_and_group(tmp_path: Path) -> None:
    path = record(tmp_path, MESSY)
    os.chown(path, 1234, 2345)
    assert main(["fmt", "-i", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert (path.stat().st_uid, path.stat().st_gid) == (1234, 2345)
