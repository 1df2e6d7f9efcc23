"""``aceynote convert``: several inputs, unreadable ones, and the file it writes."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import BROKEN, run_main

from aceynote.cli import main

GOOD = '[White "Ames"]\n\n1. 61: in/19 19/18  61: in/19 19/18\n*\n'


def record(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def umask_027() -> Iterator[None]:
    old = os.umask(0o027)
    try:
        yield
    finally:
        os.umask(old)


def test_every_input_is_read_though_one_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.acey"
    broken = record(tmp_path, "broken.acey", BROKEN)
    good = record(tmp_path, "good.acey", GOOD)
    target = tmp_path / "out.json"
    status, out, err = run_main(
        capsys, "convert", str(missing), str(broken), str(good), "--to", "json", "-o", str(target)
    )
    assert status == 2
    assert out == ""
    assert f"aceynote: error: {missing}: no such file" in err
    assert f"{broken}:3:4: error AD100" in err  # the file after the missing one is read
    assert err.endswith("aceynote: nothing written: fix the errors above first\n")
    assert not target.exists()


def test_a_missing_input_leaves_standard_output_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = record(tmp_path, "good.acey", GOOD)
    status, out, err = run_main(
        capsys, "convert", str(good), str(tmp_path / "gone.acey"), "--to", "jsonl"
    )
    assert (status, out) == (2, "")
    assert "gone.acey: no such file" in err


def test_json_errors_in_one_input_do_not_stop_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = record(tmp_path, "bad.jsonl", '{"tags": []}\n')
    unreadable = tmp_path / "latin1.acey"
    unreadable.write_bytes('[Event "Caf\xe9"]\n*\n'.encode("latin-1"))
    status, _, err = run_main(capsys, "convert", str(bad), str(unreadable), "--to", "acey")
    assert status == 2
    assert f'{bad}:1:1: error AD100: game: "rules" is missing' in err
    assert f"{unreadable}:1:12: is not UTF-8 text (byte 0xE9 here" in err


@pytest.mark.parametrize("name", ["game.txt", "game"])
def test_a_file_of_another_extension_is_read_as_acey_as_every_command_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """--from's help says so; convert alone refused it ('cannot tell the format')."""
    odd = record(tmp_path, name, GOOD)
    acey = record(tmp_path, "game.acey", GOOD)
    status, out, err = run_main(capsys, "convert", str(odd), "--to", "jsonl")
    assert (status, err) == (0, "")
    assert out == run_main(capsys, "convert", str(acey), "--to", "jsonl")[1]


@pytest.mark.parametrize(
    ("to", "name", "says"),
    [
        ("bgammon", "out.acey", "names the acey format by its extension, but --to bgammon"),
        ("jsonl", "out.match", "names the bgammon format by its extension, but --to jsonl"),
        ("acey", "out.JSON", "names the json format by its extension, but --to acey"),
    ],
)
def test_an_output_named_for_another_format_is_refused_and_not_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], to: str, name: str, says: str
) -> None:
    source = record(tmp_path, "game.acey", GOOD)
    status, out, err = run_main(
        capsys, "convert", str(source), "--to", to, "-o", str(tmp_path / name)
    )
    assert (status, out) == (2, "")
    wanted = {"bgammon": ".match", "jsonl": ".jsonl", "acey": ".acey"}[to]
    assert says in err and err.endswith(f" was asked: name it {wanted}\n")
    assert not (tmp_path / name).exists()


@pytest.mark.parametrize(
    ("command", "says"),
    [
        (["generate"], "but generate writes acey records: name it .acey"),
        (["analyze", "--depth", "0"], "but -o writes the record again, in acey: name it .acey"),
    ],
)
def test_other_commands_writing_records_refuse_an_output_named_for_another_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], says: str
) -> None:
    source = [str(record(tmp_path, "game.acey", GOOD))] if command[0] == "analyze" else []
    target = tmp_path / "out.json"
    status, _, err = run_main(capsys, *command, *source, "-o", str(target))
    assert status == 2 and f"-o {target} names the json format by its extension, {says}" in err
    assert not target.exists()


@pytest.mark.parametrize(
    ("command", "name", "says"),
    [
        (["diagram"], "victim.acey", "names the acey format by its extension, but diagram draws"),
        (["diagram"], "board.html", "names the html format by its extension, but diagram draws"),
        (
            ["diagram"],
            "board.JPG",
            "names the jpg format by its extension, but diagram draws an SVG (.svg) or PNG (.png)"
            " picture: name it .svg",
        ),
        (["diagram"], "board.pdf", "names the pdf format by its extension, but diagram draws"),
        (["html"], "page.pdf", "names the pdf format by its extension, but html writes a web page"),
        (
            ["html"],
            "page.acey",
            "names the acey format by its extension, but html writes a web page",
        ),
        (["html"], "page.svg", "names the svg format by its extension, but html writes a web page"),
        (["stats", "--html"], "figures.acey", "names the acey format by its extension, but --html"),
        (
            ["find"],
            "found.json",
            "names the json format by its extension, but find writes the games found as acey: name it .acey",
        ),
        (
            ["find", "--list"],
            "list.acey",
            "names the acey format by its extension, but --list writes no record",
        ),
        (
            ["find", "--format", "json"],
            "list.jsonl",
            "names the jsonl format by its extension, but --format json writes no record",
        ),
    ],
)
def test_every_command_that_writes_a_file_refuses_one_named_for_another_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], name: str, says: str
) -> None:
    """Only convert, generate and analyze -o refused such a name: diagram -o victim.acey wrote
    an SVG over a record, find -o out.json wrote acey games into a .json."""
    source = record(tmp_path, "game.acey", GOOD)
    target = tmp_path / name
    target.write_text("mine", encoding="utf-8")
    option = [] if command[-1] == "--html" else ["-o"]
    status, out, err = run_main(capsys, command[0], str(source), *command[1:], *option, str(target))
    assert (status, out) == (2, "")
    assert says in err and "Traceback" not in err
    assert target.read_text(encoding="utf-8") == "mine"


def test_the_format_is_the_one_the_outputs_name_says_without_to(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """convert x.acey -o x.json insisted on --to, though the name says the format."""
    source = record(tmp_path, "game.acey", GOOD)
    for name, starts in (("out.json", '{"format": "aceynote"'), ("out.jsonl", '{"tags"')):
        status, _, err = run_main(capsys, "convert", str(source), "-o", str(tmp_path / name))
        assert (status, err) == (0, "")
        assert (tmp_path / name).read_text(encoding="utf-8").startswith(starts)
    # A folder's format is named with what it needs: -o tables.parquet named no format, and
    # the same message then listed parquet among them.
    formats = "--to (acey, json, jsonl, bgammon; parquet writes a folder: --to parquet -o FOLDER)"
    for output, why in (
        ("-", "standard output has no extension to tell it"),
        ("out.txt", "the extension of -o out.txt names none of them"),
        ("out.parquet", "the extension of -o out.parquet names none of them"),
    ):
        status, out, err = run_main(capsys, "convert", str(source), "-o", output)
        assert (status, out) == (2, "")
        assert err == f"aceynote: error: give the output format with {formats}: {why}\n"


@pytest.mark.parametrize(("to", "name"), [("jsonl", "out.ndjson"), ("acey", "out.txt")])
def test_an_output_named_for_its_format_or_for_none_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], to: str, name: str
) -> None:
    source = record(tmp_path, "game.acey", GOOD)
    assert run_main(capsys, "convert", str(source), "--to", to, "-o", str(tmp_path / name))[0] == 0
    assert (tmp_path / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("to", ["acey", "bgammon"])
@pytest.mark.parametrize("detail", ["--positions", "--diagnostics"])
def test_details_a_format_has_no_room_for_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], to: str, detail: str
) -> None:
    source = record(tmp_path, "game.acey", GOOD)
    status, out, err = run_main(capsys, "convert", str(source), "--to", to, detail)
    assert (status, out) == (2, "")
    assert err.endswith(
        f"--positions and --diagnostics are for --to json and jsonl: the {to} format has no"
        " room for them\n"
    )


def test_a_new_output_file_gets_the_umask_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], umask_027: None
) -> None:
    good = record(tmp_path, "good.acey", GOOD)
    target = tmp_path / "new.json"
    assert run_main(capsys, "convert", str(good), "--to", "json", "-o", str(target))[0] == 0
    assert json.loads(target.read_text(encoding="utf-8"))["games"]
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # 0o666 less the umask, as open()


def test_an_existing_output_file_keeps_its_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = record(tmp_path, "good.acey", GOOD)
    target = record(tmp_path, "old.acey", "")
    target.chmod(0o604)
    assert run_main(capsys, "convert", str(good), "--to", "acey", "-o", str(target))[0] == 0
    assert target.read_text(encoding="utf-8").startswith('[White "Ames"]')
    assert stat.S_IMODE(target.stat().st_mode) == 0o604


def test_generate_output_file_gets_the_umask_mode(tmp_path: Path, umask_027: None) -> None:
    target = tmp_path / "games.acey"
    assert main(["generate", "--games", "1", "-o", str(target)]) == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_carriage_return_inside_a_comment_is_a_line_end_for_fmt_and_convert_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found by fuzz/fuzz_aceynote.py: the output spool read "\r" back as "\n".
    path = tmp_path / "old-mac.acey"
    path.write_bytes(b'[White "Ames"]\r\r{two\rlines} 1. 61: in/19 19/18\r*\r')
    assert main(["fmt", str(path)]) == 0
    kept = capsys.readouterr().out  # fmt keeps the file's own line ends (issue 34 item 5)
    assert "{two\rlines}" in kept and "\n" not in kept
    canonical = kept.replace("\r", "\n")
    assert run_main(capsys, "convert", str(path), "--to", "acey") == (0, canonical, "")
    target = tmp_path / "out.acey"
    assert run_main(capsys, "convert", str(path), "--to", "acey", "-o", str(target))[0] == 0
    assert target.read_bytes().decode() == canonical


def test_a_refusal_names_the_game_by_its_place_in_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Games with syntax errors are reported and left out first: the standard game, the
    file's 2nd, was called game 1, counted among the readable ones."""
    text = '[White "a"]\n\n1. 64: in/19 ??? in/21\n*\n\n[White "b"]\n[Rules "standard"]\n\n'
    two = record(tmp_path, "two.acey", text + "1. 64: in/19 in/21\n*\n")
    status, _, err = run_main(
        capsys, "convert", str(two), "--to", "bgammon", "-o", str(tmp_path / "x.match")
    )
    assert status == 1 and f"{two}: game 2 cannot be a bgammon.org replay" in err


def test_an_input_with_no_game_is_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = record(tmp_path, "empty.acey", "")
    game = record(tmp_path, "game.acey", "1. 64: in/19 in/21\n*\n")
    status, out, err = run_main(capsys, "convert", str(empty), str(game), "--to", "json")
    assert status == 0 and len(json.loads(out)["games"]) == 1
    assert err == f"aceynote: warning: no game in {empty}\n"


def test_a_game_that_breaks_the_rules_is_converted_as_written_and_a_syntax_error_is_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The help's exit status 1 "an input has errors" read as if rule errors stopped it too.
    illegal = record(tmp_path, "illegal.acey", "1. 64: in/19 in/20\n*\n")  # in/20 is a 5
    status, out, _ = run_main(capsys, "convert", str(illegal), "--to", "jsonl")
    assert status == 0 and json.loads(out)["turns"][0]["segments"][0]["dice"] == [6, 4]
    broken = record(tmp_path, "b.acey", BROKEN)
    status, out, err = run_main(capsys, "convert", str(broken), "--to", "jsonl")
    assert (status, out) == (1, "") and "error AD100" in err
    with pytest.raises(SystemExit):
        main(["convert", "--help"])
    assert "a game that breaks the rules is converted as written" in capsys.readouterr().out
