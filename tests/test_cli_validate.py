"""``aceynote validate``: output formats, exit codes, inputs, parallel runs, the summary."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXECUTABLE, run_main

from aceynote.cli import main
from aceynote.notation import parse_game, write_game
from aceynote.notation.generate import generate_games
from aceynote.rules import RuleSet
from aceynote.validation import ALL_CODES, pipeline, validate

COUNT = r"(\d{1,3}(?:,\d{3})*)"  # 3,013: the thousands separated
SUMMARY = re.compile(
    rf"^{COUNT} games?, {COUNT} turns?: {COUNT} errors?, {COUNT} warnings?"
    rf"(?:, {COUNT} unreadable files?)?$"
)
ANSI = re.compile(r"\x1b\[")

VALID = '[White "Ames"]\n[Black "Boyd"]\n\n1. 61: in/19 19/18  61: in/19 19/18\n*\n'
WARNING_ONLY = '[Date "last week"]\n\n1. 61: in/19 19/18\n*\n'
INVALID = (
    '[White "Ames"]\n'
    "\n"
    "1. 61: in/19 19/18  61: in/19 19/18\n"
    "2. 52: 13/8 in/23  43: in/21 in/22\n"
    "3. 43: 13/9 in/22\n"
    "2-0\n"
)
JSON_KEYS = {
    "file",
    "game",
    "line",
    "column",
    "end_line",
    "end_column",
    "severity",
    "code",
    "message",
    "hint",
    "legal",
    "legal_count",
    "follows",
}


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="")
    return str(path)


def summary_counts(line: str) -> tuple[int, ...]:
    match = SUMMARY.match(line)
    assert match, f"not a summary line: {line!r}"
    return tuple(int((group or "0").replace(",", "")) for group in match.groups())


# -- the human format -------------------------------------------------------------------


def test_human_format_head_source_caret_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "game.acey", INVALID)
    status, out, _ = run_main(capsys, "validate", path)
    assert status == 1
    lines = out.splitlines()
    report = validate(parse_game(INVALID))
    first = report.diagnostics[0]
    assert (first.code.code, first.span.line, first.span.column) == ("AD301", 4, 8)
    assert lines[0] == f"{path}:4:8: error AD301: {first.message}"
    assert lines[1] == "  2. 52: 13/8 in/23  43: in/21 in/22"
    caret = lines[2]
    assert caret.startswith("  ") and caret.strip().startswith("^")
    assert caret.index("^") == 2 + first.span.column - 1
    assert caret.rstrip() == "  " + " " * (first.span.column - 1) + "^" + "~" * (
        first.span.end_column - first.span.column - 1
    )
    assert lines[3] == f"  hint: {first.hint}"
    assert first.hint


def test_every_diagnostic_is_printed_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "game.acey", INVALID)
    _, out, _ = run_main(capsys, "validate", path)
    heads = [line for line in out.splitlines() if line.startswith(path + ":")]
    report = validate(parse_game(INVALID))
    expected = [
        f"{path}:{d.span.line}:{d.span.column}: {d.severity.value} {d.code.code}: {d.message}"
        for d in report.diagnostics
    ]
    assert heads == expected
    assert report.diagnostics[0].code.code == "AD301"


def test_follows_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "game.acey", INVALID)
    _, out, _ = run_main(capsys, "validate", path)
    assert "  note: this may follow from the error at 4:8" in out.splitlines()


def test_warning_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "warn.acey", WARNING_ONLY)
    status, out, _ = run_main(capsys, "validate", path)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"{path}:1:1: warning AD106: ")
    assert lines[1] == '  [Date "last week"]'
    assert lines[2] == "  ^" + "~" * (len('[Date "last week"]') - 1)


def test_no_colour_when_piped(tmp_path: Path) -> None:
    path = write(tmp_path, "game.acey", INVALID)
    done = subprocess.run(
        [EXECUTABLE, "validate", path], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert not ANSI.search(done.stdout) and not ANSI.search(done.stderr)
    assert done.stdout.startswith(f"{path}:4:8: error AD301: ")


class _Terminal(io.StringIO):
    """A stdout that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def _on_a_terminal(monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    main(["validate", *args])
    monkeypatch.undo()
    return terminal.getvalue()


def test_colour_only_on_a_terminal_and_never_with_no_color(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, "game.acey", INVALID)
    monkeypatch.delenv("NO_COLOR", raising=False)
    coloured = _on_a_terminal(monkeypatch, path)
    assert ANSI.search(coloured)
    assert "AD301" in ANSI.sub("", coloured)
    monkeypatch.delenv("NO_COLOR", raising=False)
    plain = _on_a_terminal(monkeypatch, "--no-color", path)
    assert "error AD301" in plain and not ANSI.search(plain)
    monkeypatch.setenv("NO_COLOR", "1")
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    main(["validate", path])
    assert "error AD301" in terminal.getvalue() and not ANSI.search(terminal.getvalue())


def test_bom_and_crlf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # §1: a leading BOM is ignored; CRLF line ends are allowed.
    text = "\ufeff" + WARNING_ONLY.replace("1. 61: in/19 19/18", "1. 61: in/19").replace(
        "\n", "\r\n"
    )
    path = write(tmp_path, "crlf.acey", text)
    status, out, _ = run_main(capsys, "validate", path)
    assert status == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{path}:1:1: warning AD106: ")
    assert lines[1] == '  [Date "last week"]'
    assert lines[3].startswith(f"{path}:3:4: error AD308: ")
    assert lines[4] == "  1. 61: in/19"
    assert "\r" not in out


def test_bom_file_same_output_with_jobs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "\ufeff" + WARNING_ONLY.replace("1. 61: in/19 19/18", "1. 61: in/19")
    path = write(tmp_path, "bom.acey", text)
    serial = run_main(capsys, "validate", path)
    parallel = run_main(capsys, "validate", "--jobs", "2", path)
    assert serial[0] == parallel[0] == 1
    assert re.sub(r"\(\d+\.\d\d s\)", "", serial[1]) == re.sub(r"\(\d+\.\d\d s\)", "", parallel[1])


# -- JSON Lines -------------------------------------------------------------------------


def test_json_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "game.acey", INVALID)
    status, out, err = run_main(capsys, "validate", "--format", "json", path)
    assert status == 1
    records = [json.loads(line) for line in out.splitlines()]
    report = validate(parse_game(INVALID))
    assert len(records) == len(report.diagnostics)
    for record, diagnostic in zip(records, report.diagnostics, strict=True):
        assert set(record) == JSON_KEYS
        assert record["file"] == path
        assert record["game"] == 1
        span = diagnostic.span
        assert (record["line"], record["column"], record["end_line"], record["end_column"]) == (
            span.line,
            span.column,
            span.end_line,
            span.end_column,
        )
        assert record["severity"] == diagnostic.severity.value
        assert record["code"] == diagnostic.code.code
        assert record["message"] == diagnostic.message
        assert record["hint"] == diagnostic.hint
        assert record["legal"] == list(diagnostic.legal)
        assert record["legal_count"] == diagnostic.legal_count
        if diagnostic.follows is None:
            assert record["follows"] is None
        else:
            assert record["follows"]["line"] == diagnostic.follows.line
            assert record["follows"]["column"] == diagnostic.follows.column
    assert any(record["follows"] for record in records)
    assert any(record["legal"] for record in records)
    # The summary does not break the JSON stream: it goes to stderr.
    assert summary_counts(err.strip().splitlines()[-1])[:4] == (
        1,
        5,
        report.errors,
        report.warnings,
    )


def test_json_game_numbers_count_within_each_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = write(tmp_path, "a.acey", WARNING_ONLY + "\n" + WARNING_ONLY)
    second = write(tmp_path, "b.acey", WARNING_ONLY)
    _, out, _ = run_main(capsys, "validate", "--format", "json", first, second)
    records = [json.loads(line) for line in out.splitlines()]
    assert [(Path(r["file"]).name, r["game"], r["line"]) for r in records] == [
        ("a.acey", 1, 1),
        ("a.acey", 2, 6),
        ("b.acey", 1, 1),
    ]


# -- exit codes -------------------------------------------------------------------------


def test_exit_zero_when_valid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(capsys, "validate", write(tmp_path, "ok.acey", VALID))
    assert status == 0
    assert out.splitlines()[:-1] == []
    assert summary_counts(out.splitlines()[-1])[:4] == (1, 2, 0, 0)


def test_warnings_pass_unless_strict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "warn.acey", WARNING_ONLY)
    assert run_main(capsys, "validate", path)[0] == 0
    assert run_main(capsys, "validate", "--strict", path)[0] == 1
    assert run_main(capsys, "validate", "--strict", write(tmp_path, "ok.acey", VALID))[0] == 0


def test_exit_one_when_invalid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main(capsys, "validate", write(tmp_path, "bad.acey", INVALID))[0] == 1


def test_quiet_prints_nothing_but_keeps_the_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main(capsys, "validate", "-q", write(tmp_path, "bad.acey", INVALID))
    assert (status, out, err) == (1, "", "")
    status, out, err = run_main(
        capsys, "validate", "--quiet", "--strict", write(tmp_path, "warn.acey", WARNING_ONLY)
    )
    assert (status, out, err) == (1, "", "")


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nowhere.acey")
    status, out, err = run_main(capsys, "validate", missing)
    assert status == 2
    assert "nowhere.acey" in err
    assert "Traceback" not in err + out


def test_a_missing_file_does_not_stop_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "missing.acey")
    good = write(tmp_path, "good.acey", VALID)
    bad = write(tmp_path, "bad.acey", INVALID)
    status, out, err = run_main(capsys, "validate", missing, good, bad)
    assert status == 2
    assert err == f"aceynote: error: {missing}: no such file\n"
    assert f"{bad}:4:8: error AD301" in out
    errors = validate(parse_game(INVALID)).errors
    assert summary_counts(out.splitlines()[-1]) == (2, 7, errors, 0, 1)


def test_a_file_named_twice_is_read_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """stats club/ club/a.acey counted club/a.acey's games twice, without a word."""
    game = write(tmp_path / "club", "a.acey", VALID)
    link = tmp_path / "link.acey"
    link.symlink_to(game)
    folder = str(tmp_path / "club")
    status, out, err = run_main(capsys, "validate", folder, game, str(link), game)
    assert status == 0
    assert summary_counts(out.splitlines()[-1])[0] == 1
    assert err.splitlines() == [
        f"aceynote: {game} is named twice: read once",
        f"aceynote: {link} is {game} again: read once",
        f"aceynote: {game} is named twice: read once",
    ]
    write(tmp_path / "club", "b.acey", VALID)
    gone = str(tmp_path / "gone.acey")
    status, out, err = run_main(capsys, "validate", folder, folder, gone, gone)
    assert status == 2
    assert summary_counts(out.splitlines()[-1])[0] == 2
    assert err.splitlines() == [
        f"aceynote: {folder}: 2 files named before: read once",
        f"aceynote: {gone} is named twice: read once",
        f"aceynote: error: {gone}: no such file",
    ]


def test_a_glob_that_matches_nothing_is_an_unreadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pattern = str(tmp_path / "y*.acey")
    status, out, err = run_main(capsys, "validate", pattern, write(tmp_path, "good.acey", VALID))
    assert status == 2
    assert f"{pattern}: matches no file" in err
    assert summary_counts(out.splitlines()[-1]) == (1, 2, 0, 0, 1)


def test_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.acey"
    path.write_bytes('[White "Mo\xebl"]\n\n1. 61: in/19 19/18\n*\n'.encode("latin-1"))
    good = write(tmp_path, "ok.acey", VALID)
    status, out, err = run_main(
        capsys, "validate", str(path), good
    )  # an exception here would fail the test
    assert status == 2
    assert "Traceback" not in err + out
    assert "UTF-8" in err
    # The other file is still checked, and the summary counts the unreadable one.
    counts = summary_counts(out.splitlines()[-1])
    assert counts[0] == 1 and counts[4] == 1
    # The message names the file that cannot be read.
    assert "latin1.acey" in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_games_before_a_byte_not_utf8_are_checked(
    jobs: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The byte stops the reading at its line (docs/notation.md choice 12) as a file's end
    # would: the game before it, whose end only the next game's tag line would have told, is
    # checked; then the byte is reported, exit 2.
    path = tmp_path / "mixed.acey"
    first = '[White "A"]\n1. 64: in/19 in/20\n*\n'
    path.write_bytes(first.encode() + b'[White "B\xe9"]\n1. 64: in/19 in/21\n*\n')
    status, out, err = run_main(capsys, "validate", "--jobs", jobs, str(path))
    assert status == 2
    assert out.startswith(f"{path}:2:14: error AD304: ")
    assert err.startswith(f"aceynote: error: {path}:4:10: is not UTF-8 text (byte 0xE9 here")
    assert summary_counts(out.splitlines()[-1]) == (1, 1, 1, 0, 1)


@pytest.mark.parametrize(
    "args",
    [["--rules", "pirate"], ["--rules", "standard bearoff=maybe"], ["--jobs", "0"]],
)
def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    status, out, err = run_main(capsys, "validate", *args, write(tmp_path, "ok.acey", VALID))
    assert status == 2
    assert err.startswith("aceynote: error: ")
    assert out == ""


def test_unknown_format_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["validate", "--format", "xml", write(tmp_path, "ok.acey", VALID)])
    assert stop.value.code == 2
    assert "xml" in capsys.readouterr().err


# -- inputs -----------------------------------------------------------------------------


def test_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(INVALID))
    status, out, _ = run_main(capsys, "validate", "-")
    assert status == 1
    assert out.startswith("<stdin>:4:8: error AD301: ")
    monkeypatch.setattr(sys, "stdin", io.StringIO(VALID))
    status, out, _ = run_main(capsys, "validate", "-")
    assert status == 0
    assert summary_counts(out.splitlines()[-1])[:4] == (1, 2, 0, 0)


def test_stdin_through_a_pipe() -> None:
    done = subprocess.run(
        [EXECUTABLE, "validate", "-"], input=INVALID, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert done.stdout.startswith("<stdin>:4:8: error AD301: ")
    assert not ANSI.search(done.stdout)


def test_folders_recursive_and_only_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "club"
    write(folder, "b.acey", VALID)
    write(folder, "a.acey", WARNING_ONLY)
    write(folder, "deep/c.acey", INVALID)
    write(folder, "notes.txt", "not a record")
    status, out, _ = run_main(capsys, "validate", str(folder))
    assert status == 1
    files = [
        line.split(":")[0] for line in out.splitlines() if re.match(r"^\S+\.acey:\d+:\d+: ", line)
    ]
    assert "notes.txt" not in out
    assert files[0] == str(folder / "a.acey")
    assert set(files) == {str(folder / "a.acey"), str(folder / "deep" / "c.acey")}
    assert summary_counts(out.splitlines()[-1])[0] == 3


def test_globs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "x1.acey", VALID)
    write(tmp_path, "x2.acey", WARNING_ONLY)
    write(tmp_path, "sub/x3.acey", INVALID)
    status, out, _ = run_main(capsys, "validate", "x*.acey")
    assert status == 0
    assert summary_counts(out.splitlines()[-1])[:4] == (2, 3, 0, 1)
    status, out, _ = run_main(capsys, "validate", "**/*.acey")
    assert status == 1
    assert summary_counts(out.splitlines()[-1])[0] == 3
    assert out.startswith("sub/x3.acey:4:8: error AD301") or "sub/x3.acey:4:8: error AD301" in out
    status, _, err = run_main(capsys, "validate", "y*.acey")
    assert status == 2 and "y*.acey" in err


def test_rules_option_overrides_the_rules_tag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "ok.acey", VALID)
    status, out, _ = run_main(capsys, "validate", "--rules", "navy", path)
    assert status == 1
    assert f"{path}:4:14: error AD303: " in out


def test_first_stops_each_game_at_its_first_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "two.acey", INVALID + "\n" + INVALID.replace("Ames", "Cole"))
    status, out, _ = run_main(capsys, "validate", "--first", "--format", "json", path)
    assert status == 1
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["game"], r["code"], r["line"]) for r in records] == [
        (1, "AD301", 4),
        (2, "AD301", 11),
    ]


# -- summary ------------------------------------------------------------------------------


def test_summary_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "three.acey", VALID + "\n" + WARNING_ONLY + "\n" + INVALID)
    status, out, _ = run_main(capsys, "validate", path)
    assert status == 1
    invalid = validate(parse_game(INVALID))
    games, turns, errors, warnings, unreadable = summary_counts(out.splitlines()[-1])
    assert (games, turns, unreadable) == (3, 2 + 1 + 5, 0)
    assert errors == invalid.errors
    assert warnings == invalid.warnings + 1
    assert not out.splitlines()[-1].startswith(" ")


def test_output_is_the_same_every_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # No run time in the output: the same input always prints the same.
    path = write(tmp_path, "two.acey", VALID + "\n" + INVALID)
    summary = f"2 games, 7 turns: {validate(parse_game(INVALID)).errors} errors, 0 warnings"
    first = run_main(capsys, "validate", path)
    assert first[1].splitlines()[-1] == summary
    assert run_main(capsys, "validate", path) == first
    assert run_main(capsys, "validate", "--format", "json", path)[2] == summary + "\n"
    assert "holds no run time" in " ".join(main_help(capsys).split())


def main_help(capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main(["validate", "--help"])
    return capsys.readouterr().out


# -- parallel runs ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def many_games(tmp_path_factory: pytest.TempPathFactory) -> str:
    texts = [write_game(game) for game in generate_games(30, 11, RuleSet())]
    lines = texts[15].splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("9. "))
    lines[index] = "9. 61: 13/7 in/24 {an impossible play in the middle}"
    texts.insert(15, "\n".join(lines) + "\n")
    folder = tmp_path_factory.mktemp("many")
    return write(folder, "many.acey", "\n".join(texts))


def test_jobs_give_the_same_output(
    many_games: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    serial = run_main(capsys, "validate", "--no-color", many_games)
    assert serial[0] == 1
    counts = summary_counts(serial[1].splitlines()[-1])
    assert counts[0] == 31 and counts[2] > 0
    parallel = run_main(capsys, "validate", "--no-color", "--jobs", "2", many_games)
    assert parallel[0] == serial[0]
    assert parallel[1] == serial[1]
    # Force several pieces so that games really go to different processes.
    monkeypatch.setattr(pipeline, "PIECE_BYTES", 4000)
    pieces = run_main(capsys, "validate", "--no-color", "--jobs", "2", many_games)
    assert pieces[0] == serial[0]
    assert pieces[1] == serial[1]
    as_json = run_main(capsys, "validate", "--format", "json", many_games)
    as_json_parallel = run_main(capsys, "validate", "--format", "json", "--jobs", "2", many_games)
    assert as_json[1] == as_json_parallel[1]
    assert {json.loads(line)["game"] for line in as_json[1].splitlines()} == {16}


def test_a_game_without_tags_shows_its_source_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "tagless.acey"
    path.write_text("1. 64: in/19 in/21 43: in/21 in/22\n2. 66: 13/7 in/19(3)\n*\n")
    assert main(["validate", "--no-color", str(path)]) == 1
    out = capsys.readouterr().out
    assert "tagless.acey:2:8: error AD301" in out
    assert "  2. 66: 13/7 in/19(3)" in out


def test_an_empty_record_is_a_warning(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    empty = write(tmp_path, "empty.acey", "")
    status, out, err = run_main(capsys, "validate", empty)
    assert status == 0 and f"warning: no game in {empty}" in err
    assert out.endswith("0 games, 0 turns: 0 errors, 1 warning\n")
    assert run_main(capsys, "validate", "--strict", empty)[0] == 1
    assert run_main(capsys, "validate", "-q", empty)[1:] == ("", "")


def test_a_game_cut_short_is_a_warning(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    games = '1. 64: in/19 in/21\n*\n\n[Event "cut"]\n\n1. 64: in/19 in/21  53: in/20 in/22\n'
    path = write(tmp_path, "cut.acey", games)
    status, out, _ = run_main(capsys, "validate", path)
    assert status == 0
    assert f"{path}:6:21: warning AD505: the game has no result token: was it cut short?" in out
    assert out.count("AD505") == 1
    assert run_main(capsys, "validate", "--strict", path)[0] == 1


# -- --explain ------------------------------------------------------------------------------


def test_explain_says_what_a_code_means_with_its_example(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run_main(capsys, "validate", "--explain", "ad309")
    assert status == 0
    assert out.startswith("### AD309: smaller die played where the larger was playable (error)\n")
    assert "Rule 7: when only one die of the two can be played" in out
    assert '```acey\n[Setup "W 13:1 / B 22:2 / W"]\n1. 64: 13/9\n*\n```' in out
    assert "example.acey:2:4: error AD309: only one die can be played" in out


def test_explain_in_json_gives_a_line_a_code_with_what_the_example_draws(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # --format json used to print the Markdown.
    status, out, _ = run_main(capsys, "validate", "--explain", "all", "--format", "json")
    entries = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and [entry["code"] for entry in entries] == [c.code for c in ALL_CODES]
    (entry,) = [entry for entry in entries if entry["code"] == "AD309"]
    assert (entry["severity"], entry["group"]) == ("error", "Plays")
    example = tmp_path / "example.acey"
    example.write_text(entry["example"], encoding="utf-8")
    status, out, _ = run_main(capsys, "validate", str(example), "--format", "json")
    (problem,) = [json.loads(line) for line in out.splitlines() if '"code"' in line]
    assert (problem["code"], problem["message"]) == ("AD309", entry["message"])


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--explain", "AD999"], "AD999 is no code of aceynote's"),
        (["--explain", "AD304", "game.acey"], "--explain reads no FILE"),
        ([], "the following arguments are required: FILE"),
    ],
)
def test_explain_and_files_misused_are_usage_errors(
    words: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main(capsys, "validate", *words)
    assert (status, out) == (2, "")
    assert said in err
