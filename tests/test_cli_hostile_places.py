"""Hostile places (issue 10): a full disk, a signal while writing, a read-only file, a terminal.

Standard output on a full device is an error the command reports (exit 2),
never a traceback. A rewrite stopped by SIGTERM leaves no temporary file. A
read-only file is not replaced. Diagnostics never hand a terminal control
characters from a record, and a very long source line is shown clipped, the
caret still under the place meant. JSON errors name their file.
"""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import time
import unicodedata
from pathlib import Path
from typing import IO

import pytest
from conftest import CANONICAL, GUARD, MESSY, SAMPLES, aceynote_process, run_main
from hypothesis import given
from hypothesis import strategies as st

from aceynote.cli import main
from aceynote.files.writing import Stopped, write_atomically
from aceynote.notation import ReadError, read_games
from aceynote.notation.limits import MAX_COMMENT
from aceynote.terminal_text import WINDOW, caret_lines

HOSTILE = "\x1b]0;PWNED\x07\x1b[2J"


# -- standard output on a full device --------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    "command",
    [
        ["validate", str(SAMPLES / "mistakes.acey")],
        ["validate", "--format", "json", str(SAMPLES / "mistakes.acey")],
        ["validate", str(SAMPLES / "annotated.acey")],
        ["fmt", str(SAMPLES / "match.acey")],
        ["convert", str(SAMPLES / "match.acey"), "--to", "json"],
        ["convert", str(SAMPLES / "match.acey"), "--to", "jsonl"],
        ["schema"],
        ["generate", "--games", "3"],
    ],
    ids=" ".join,
)
def test_a_full_device_is_reported(command: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            aceynote_process(*command), stdout=full, stderr=subprocess.PIPE, timeout=GUARD
        )
    err = done.stderr.decode()
    assert done.returncode == 2
    assert err.endswith("aceynote: error: cannot write standard output: No space left on device\n")
    assert "Traceback" not in err and "Exception ignored" not in err


@pytest.mark.parametrize(
    "command", [["schema"], ["generate"], ["fmt", str(SAMPLES / "navy.acey")]], ids=" ".join
)
def test_a_closed_standard_output_is_reported(command: list[str]) -> None:
    done = subprocess.run(
        aceynote_process(*command),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(1),  # as `aceynote ... >&-`
        timeout=GUARD,
    )
    assert done.returncode == 2
    assert done.stderr.decode() == "aceynote: error: cannot write standard output: it is closed\n"


@pytest.mark.parametrize(
    "command",
    [
        ["analyze", str(SAMPLES / "annotated.acey"), "--depth", "1", "-o"],
        ["html", str(SAMPLES / "annotated.acey"), "--analyze", "-o"],
        ["stats", str(SAMPLES / "match.acey"), "--html"],
        ["convert", str(SAMPLES / "match.acey"), "--to", "json", "-o"],
    ],
    ids=lambda command: command[0],
)
def test_an_output_that_cannot_be_written_is_refused_before_the_work(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """analyze found a missing folder only after the whole analysis (its report printed)."""
    for output, words in (
        (tmp_path / "no-such-folder" / "out", "the folder .*no-such-folder does not exist"),
        (tmp_path, "is a folder; name a file to write"),
    ):
        started = time.process_time()
        assert main([*command, str(output)]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith(f"aceynote: error: {output}")
        assert re.search(words, err) and time.process_time() - started < 2
    assert sorted(tmp_path.iterdir()) == []


def test_a_full_output_file_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full (Linux)")
    assert main(["convert", str(SAMPLES / "navy.acey"), "--to", "json", "-o", "/dev/full"]) == 2
    assert "/dev/full: cannot write: No space left on device" in capsys.readouterr().err


# -- a signal while writing -------------------------------------------------------------------


def temporaries(folder: Path) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name.startswith(".aceynote-"))


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=lambda n: n.name)
def test_a_signal_while_writing_leaves_no_temporary_file(
    tmp_path: Path, number: signal.Signals
) -> None:
    someone_elses = tmp_path / ".aceynote-left-by-someone.tmp"
    someone_elses.write_text("not ours\n", encoding="utf-8")
    target = tmp_path / "corpus.acey"
    # A million games take far longer to play than the test waits: the
    # command is still writing its temporary file when the signal comes.
    process = subprocess.Popen(
        aceynote_process("generate", "--games", "1000000", "-o", str(target)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        while len(temporaries(tmp_path)) < 2:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            time.sleep(0.01)  # waiting for the file to appear, not measuring
        process.send_signal(number)
        _, err = process.communicate(timeout=GUARD)
    finally:
        process.kill()
    assert process.returncode == 128 + number
    assert b"Traceback" not in err
    assert temporaries(tmp_path) == [someone_elses.name]  # never another run's file
    assert not target.exists()


def test_sigterm_inside_a_rewrite_removes_its_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "game.acey"
    path.write_text("old\n", encoding="utf-8")

    def stopped_halfway(out: IO[str]) -> None:
        out.write("half of the new text")
        out.flush()
        os.kill(os.getpid(), signal.SIGTERM)

    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Stopped):
        write_atomically(str(path), stopped_halfway)
    assert signal.getsignal(signal.SIGTERM) == before
    assert path.read_text(encoding="utf-8") == "old\n"
    assert os.listdir(tmp_path) == ["game.acey"]


# -- read-only files and hard links --------------------------------------------------------


def test_in_place_refuses_a_read_only_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked.acey"
    locked.write_text(MESSY, encoding="utf-8")
    locked.chmod(0o444)
    other = tmp_path / "other.acey"
    other.write_text(MESSY, encoding="utf-8")
    assert main(["fmt", "-i", str(locked), str(other)]) == 2
    assert f"aceynote: error: {locked} is read-only; not rewritten" in capsys.readouterr().err
    assert locked.read_text(encoding="utf-8") == MESSY
    assert stat.S_IMODE(locked.stat().st_mode) == 0o444
    assert other.read_text(encoding="utf-8") == CANONICAL


def test_in_place_leaves_a_read_only_canonical_file_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked.acey"
    locked.write_text(CANONICAL, encoding="utf-8")
    locked.chmod(0o444)
    assert main(["fmt", "-i", str(locked)]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    "command",
    [
        ["convert", str(SAMPLES / "navy.acey"), "--to", "json", "-o"],
        ["generate", "--games", "1", "-o"],
    ],
    ids=lambda words: words[0],
)
def test_a_read_only_output_is_not_overwritten(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked.out"
    locked.write_text("keep me\n", encoding="utf-8")
    locked.chmod(0o444)
    assert main([*command, str(locked)]) == 2
    assert f"aceynote: error: {locked} is read-only; not overwritten" in capsys.readouterr().err
    assert locked.read_text(encoding="utf-8") == "keep me\n"


def test_in_place_makes_a_new_file_as_its_help_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.acey"
    path.write_text(MESSY, encoding="utf-8")
    link = tmp_path / "hard-link.acey"
    os.link(path, link)
    assert main(["fmt", "-i", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert link.read_text(encoding="utf-8") == MESSY
    with pytest.raises(SystemExit):
        main(["fmt", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "other hard links to the old one keep the old text" in text
    assert "A read-only file is not rewritten (exit 2)" in text


# -- output a terminal can trust -----------------------------------------------------------


def terminal_text(text: str) -> None:
    """No character that steers a terminal, bar the line ends and tabs."""
    for char in text:
        assert char in "\n\t" or unicodedata.category(char) != "Cc", repr(text)
    assert "\u202e" not in text


def test_control_characters_are_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{HOSTILE}.acey"
    path.write_text(
        f'[Date "{HOSTILE}"]\n\n1. 61: in/19 19/18 {{{HOSTILE}}}\n2. 72:{HOSTILE}\n*\n',
        encoding="utf-8",
    )
    for command in (["validate"], ["fmt", "--check"], ["convert", "--to", "json"]):
        main([*command, str(path)])
        out, err = capsys.readouterr()
        if command[0] != "convert":  # convert writes nothing: the record has errors
            terminal_text(out)
        terminal_text(err)
        assert "\\x1b]0;PWNED\\x07\\x1b[2J" in out + err


def test_the_caret_stands_under_the_escaped_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.acey"
    path.write_text("1. 61: in/19 19/18\x1b[2J\n*\n", encoding="utf-8")
    main(["validate", "--no-color", str(path)])
    lines = capsys.readouterr().out.splitlines()
    where = lines.index("  1. 61: in/19 19/18\\x1b[2J")
    assert lines[where + 1] == "                    ^~~~"  # under all of \x1b


def test_json_lines_escape_what_a_terminal_would_obey(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.acey"
    path.write_text('[Date "\x9b2J\u202e"]\n\n1. 61: in/19 19/18\n*\n', encoding="utf-8")
    main(["validate", "--format", "json", str(path)])
    out = capsys.readouterr().out
    terminal_text(out)
    assert "\\u009b2J\\u202e" in out
    assert "\x9b2J\u202e" in json.loads(out)["message"]


def test_a_very_long_line_is_clipped_around_the_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.acey"
    filler = "{" + "x" * (MAX_COMMENT - 10) + "}"  # (a longer comment is a syntax error)
    tail = "{" + "y" * 1000 + "}"
    path.write_text(f"1. 61: in/19 19/18 {filler} 72: in/20 {tail}\n*\n", encoding="utf-8")
    main(["validate", "--no-color", str(path)])
    out = capsys.readouterr().out
    assert len(out) < 2000
    lines = out.splitlines()
    source, caret = lines[1], lines[2]
    assert source.startswith("  …") and source.endswith("…")
    assert len(source) <= WINDOW + 4
    assert source[caret.index("^") :].startswith("72:")


@given(
    st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\t"), min_size=1),
    st.data(),
)
def test_caret_lines_put_the_caret_under_the_column(text: str, data: st.DataObject) -> None:
    column = data.draw(st.integers(1, len(text)))
    source, caret = caret_lines(text, column, column + 1, True)
    terminal_text(source)
    # What stands before the caret on the source line is as wide as the white space before it.
    lead = caret.index("^")
    assert display_width(source[: display_index(source, lead)]) == lead
    assert len(source) <= 6 * WINDOW + 8


def display_width(text: str) -> int:
    return sum(width(char) for char in text)


def width(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def display_index(text: str, columns: int) -> int:
    """The index in ``text`` where ``columns`` columns of it are filled."""
    filled = 0
    for index, char in enumerate(text):
        if filled >= columns:
            return index
        filled += width(char)
    return len(text)


def test_tabs_keep_the_caret_on_the_same_tab_stop() -> None:
    source, caret = caret_lines("\t1. 72:\tin/20", 9, 10, True)
    assert source == "  \t1. 72:\tin/20"
    assert caret == "  \t      \t^"


# -- JSON problems name their file -----------------------------------------------------------


def test_a_json_error_names_its_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games.json"
    document = json.loads(
        subprocess.run(
            aceynote_process("convert", str(SAMPLES / "navy.acey"), "--to", "json"),
            capture_output=True,
            check=True,
            timeout=GUARD,
        ).stdout
    )
    document["games"][0]["turns"][3]["side"] = "green"
    games.write_text(json.dumps(document), encoding="utf-8")
    assert main(["convert", str(games), "--to", "acey"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{games}:") and " error AD100: games[0].turns[3].side: " in err


def test_json_that_nests_too_deeply_names_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text('{"games": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    lines = tmp_path / "deep.jsonl"
    lines.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    assert main(["convert", str(deep), "--to", "acey"]) == 2  # the document cannot be read on
    assert f"aceynote: error: {deep}: " in capsys.readouterr().err
    assert main(["convert", str(lines), "--to", "acey"]) == 1  # a line is a game with an error
    assert f"{lines}:1:1: error AD100: not valid JSON: nests too deeply" in capsys.readouterr().err


def test_json_lines_that_are_not_utf8_say_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"\n\n" + b'{"tags": "caf\xe9"}\n')
    assert main(["convert", str(path), "--to", "acey"]) == 2
    assert f"{path}:3:14: is not UTF-8 text (byte 0xE9" in capsys.readouterr().err


def test_a_json_document_may_start_with_a_bom(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    json_text = subprocess.run(
        aceynote_process("convert", str(SAMPLES / "navy.acey"), "--to", "json"),
        capture_output=True,
        check=True,
        timeout=GUARD,
    ).stdout
    path = tmp_path / "games.json"
    path.write_bytes(b"\xef\xbb\xbf" + json_text)
    assert main(["convert", str(path), "--to", "acey"]) == 0
    assert capsys.readouterr().out.startswith("[")


STEERING = HOSTILE + "\x1bc\x9b2J\u202e"


@pytest.mark.parametrize(
    "command",
    [
        ["analyze", "--depth", "0"],
        ["analyze", "--depth", "0", "--format", "json"],
        ["stats"],
        ["stats", "--format", "json"],
        ["validate"],
        ["validate", "--format", "json"],
        ["find", "--list"],
        ["find", "--turns", ">0", "--format", "json"],
        ["convert", "--to", "json"],
        ["convert", "--to", "jsonl"],
        ["convert", "--to", "bgammon"],
    ],
    ids=" ".join,
)
def test_every_text_output_escapes_names_tags_and_file_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """Names, events and other tags, comments and the file's name that steer a terminal."""
    path = tmp_path / f"club{STEERING}.acey"
    tags = ("Event", "Site", "Round", "White", "Black", "Annotator")
    head = "".join(f'[{tag} "{tag[0]}{STEERING}"]\n' for tag in tags)
    path.write_text(
        f'{head}[Rules "bgammon"]\n\n1. 52: in/20 in/23 {{{STEERING}}} 64: in/19 in/21\n*\n'
    )
    main([*command, str(path)])
    out, err = capsys.readouterr()
    terminal_text(out)
    terminal_text(err)
    assert "PWNED" in out or command[0] == "validate"  # shown, escaped


# -- an output that is an input ---------------------------------------------------------------


@pytest.mark.parametrize(
    "words",
    [
        ["convert", "{record}", "--to", "json", "-o", "{out}"],
        ["convert", "{folder}", "--to", "jsonl", "-o", "{out}"],
        ["html", "{record}", "-o", "{out}"],
        ["diagram", "{record}", "-o", "{out}"],
        ["stats", "{folder}", "--html", "{out}"],
    ],
    ids=["convert", "convert-folder", "html", "diagram", "stats"],
)
def test_an_output_that_names_an_input_is_refused_and_the_record_kept(
    words: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """-o naming the record read, by a link or another spelling, would replace the record
    with JSON, a page or a picture: refused before any work, the record untouched."""
    record = tmp_path / "club.acey"
    record.write_text(CANONICAL, encoding="utf-8")
    (tmp_path / "link.acey").symlink_to(record)
    for out in (record, tmp_path / "link.acey", tmp_path / "." / "club.acey"):
        filled = [w.format(record=record, folder=tmp_path, out=out) for w in words]
        status, _, err = run_main(capsys, *filled)
        assert (status, err.count("is also an input; not overwritten")) == (2, 1), err
    assert record.read_text(encoding="utf-8") == CANONICAL


@pytest.mark.parametrize(
    ("encoding", "name", "suffix"),
    [
        ("utf-16", "UTF-16", ".acey"),
        ("utf-16-be", "UTF-16", ".json"),
        ("utf-32", "UTF-32", ".jsonl"),
        ("utf-16", "UTF-16", ".match"),
    ],
)
def test_a_record_saved_as_utf16_or_utf32_is_named_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str, name: str, suffix: str
) -> None:
    """Windows Notepad's "Unicode" is UTF-16 with its byte order mark: the reader said that
    byte 0xFF at 1:1 could not be read, which names no cause a player can act on."""
    text = (SAMPLES / "annotated.acey").read_text(encoding="utf-8")
    path = tmp_path / f"game{suffix}"
    mark = "\ufeff" if encoding.endswith("-be") else ""  # Python's utf-16 writes its own
    path.write_bytes((mark + text).encode(encoding))
    before = path.read_bytes()
    said = f"{path}:1:1: is {name} text, not UTF-8; save the file as UTF-8"
    assert main(["validate", str(path)]) == 2
    assert said in capsys.readouterr().err
    if suffix == ".acey":  # fmt -i rewrites .acey records alone
        assert main(["fmt", "-i", str(path)]) == 2
        assert said in capsys.readouterr().err
        assert path.read_bytes() == before
    # A text stream the caller opened (the API) is told apart as a path is.
    with path.open(encoding="utf-8") as opened, pytest.raises(ReadError, match=re.escape(said)):
        list(read_games(opened))
