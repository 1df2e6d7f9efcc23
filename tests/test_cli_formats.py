"""Every command that reads records reads every input format alike (issue 22).

The same games, given as a .acey record, a bgammon.org replay (.match), a
JSON document or JSON Lines, on standard input with --from, or a replay on
standard input without it (recognised by its first line), give each command
the same output, byte for byte.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from aceynote import formats
from aceynote.cli import main
from aceynote.formats.bgammon import match_text

GAME = [
    "i 1702738670 Park Moss 5 1 2 0 1 1",
    "1 r 6-1 off/19, off/24",
    "2 r 4-3 off/4, off/3",
    "1 r 5-2 19/14, 14/12",
]
REPLAY = match_text([GAME, GAME[:3]])  # two games, with the index table bgammon.org writes

READERS = {
    "validate": ["validate"],
    "fmt": ["fmt"],
    "convert": ["convert", "--to", "json", "--positions"],
    "html": ["html", "--all"],
    "diagram": ["diagram", "--game", "1", "--turn", "2"],
    "analyze": ["analyze", "--depth", "0", "--format", "json"],
}


def run(
    capsys: pytest.CaptureFixture[str], command: list[str], *arguments: str
) -> tuple[int, str, str]:
    status = main([command[0], *arguments, *command[1:]])
    out, err = capsys.readouterr()
    return status, out, err


def stdin_of(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))


@pytest.fixture
def forms(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Path]:
    """The two games as a replay file and as each format convert writes from it."""
    replay = tmp_path / "online.match"
    replay.write_text(REPLAY, encoding="utf-8")
    found = {"bgammon": replay}
    for name, extension in (("acey", "acey"), ("json", "json"), ("jsonl", "jsonl")):
        target = tmp_path / f"online.{extension}"
        assert main(["convert", str(replay), "--to", name, "-o", str(target)]) == 0
        found[name] = target
    capsys.readouterr()
    return found


@pytest.mark.parametrize("name", ["bgammon", "json"])
def test_find_writes_the_games_of_a_replay_or_a_document_as_convert_to_acey_does(
    forms: dict[str, Path], capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """find.md: convert --to acey writes the same text; find wrote no blank line between two
    games ('5-0' then '[Site ...')."""
    converted = run(capsys, ["convert", "--to", "acey"], str(forms[name]))
    assert converted[0] == 0 and "*\n\n[Site" in converted[1]
    assert run(capsys, ["find"], str(forms[name])) == converted
    assert run(capsys, ["find"], str(forms["acey"]))[1] == converted[1]


@pytest.mark.parametrize("command", READERS.values(), ids=READERS.keys())
def test_each_reading_command_reads_each_format_as_the_acey_form(
    command: list[str],
    forms: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, expected, err = run(capsys, command, str(forms["acey"]))
    assert status == 0, err
    assert "Park" in expected or "2 games" in expected  # the games themselves were read
    for name in ("bgammon", "json", "jsonl"):
        assert run(capsys, command, str(forms[name])) == (0, expected, ""), name
        stdin_of(monkeypatch, forms[name].read_text(encoding="utf-8"))
        assert run(capsys, command, "-", "--from", name) == (0, expected, ""), name
        stdin_of(monkeypatch, forms[name].read_text(encoding="utf-8"))  # its first line tells it
        assert run(capsys, command, "-") == (0, expected, ""), name
    stdin_of(monkeypatch, REPLAY)  # no --from: the replay's first line tells it
    assert run(capsys, command, "-") == (0, expected, "")


def test_a_replay_on_standard_input_is_recognised_with_or_without_its_index_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    without_index = "\n".join(GAME) + "\n"
    for text in (REPLAY, without_index, "\ufeff" + without_index):
        stdin_of(monkeypatch, text)
        status, out, err = run(capsys, ["validate"], "-")
        assert (status, err) == (0, "")
        assert out.endswith(": 0 errors, 0 warnings\n")
        assert "AD100" not in out


def test_json_on_standard_input_is_recognised_however_it_is_laid_out(
    forms: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    document = json.loads(forms["json"].read_text(encoding="utf-8"))
    layouts = (
        json.dumps(document, indent=2),
        json.dumps(document),
        "\ufeff" + json.dumps(document),
        "\n\n" + json.dumps(document, indent=1),
    )
    for text in layouts:
        stdin_of(monkeypatch, text)
        assert run(capsys, ["validate"], "-") == (0, "2 games, 5 turns: 0 errors, 0 warnings\n", "")
    stdin_of(monkeypatch, '{"tags": []}\n')  # a game that JSON Lines' reader names the fault of
    status, out, _ = run(capsys, ["validate"], "-")
    assert status == 1 and '<stdin>:1:1: error AD100: game: "rules" is missing' in out


@pytest.mark.parametrize("before", ["\n\n", "\ufeff\n", " \r\n\t\n"])
def test_a_replay_on_standard_input_is_recognised_past_blank_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, before: str
) -> None:
    """json.md: the first line tells the format, past blank lines; a replay after them was
    read as acey (its header lines all syntax errors)."""
    replay = "\n".join(GAME) + "\n"  # a replay without an index table: no offsets to shift
    stdin_of(monkeypatch, before + replay)
    told = run(capsys, ["validate"], "-")
    stdin_of(monkeypatch, before + replay)
    assert told == run(capsys, ["validate", "--from", "bgammon"], "-")
    assert told[0] == 0 and told[1].startswith("1 game, 3 turns: 0 errors")
    stdin_of(monkeypatch, before + REPLAY)  # its index table counts the blank lines' bytes too
    told = run(capsys, ["validate"], "-")
    stdin_of(monkeypatch, before + REPLAY)
    assert told == run(capsys, ["validate", "--from", "bgammon"], "-")
    stdin_of(monkeypatch, before + '{"tags": 1}\n')  # JSON Lines: its line counts them too
    line = before.count("\n") + 1
    assert (
        f'<stdin>:{line}:1: error AD100: game: "rules" is missing'
        in run(capsys, ["validate"], "-")[1]
    )


@pytest.mark.parametrize(
    "comment", ["{A club game.}\n", "{\nA club game.\n}\n", '{"Well played": said Ames}\n']
)
def test_an_acey_record_that_starts_with_a_comment_is_read_as_acey_on_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, comment: str
) -> None:
    stdin_of(monkeypatch, comment + "1. 64: in/19 in/21\n*\n")
    assert run(capsys, ["validate"], "-") == (0, "1 game, 1 turn: 0 errors, 0 warnings\n", "")


def test_jobs_reads_a_replay_on_standard_input_as_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin_of(monkeypatch, REPLAY)
    assert run(capsys, ["validate", "--jobs", "2"], "-") == (
        0,
        "2 games, 5 turns: 0 errors, 0 warnings\n",
        "",
    )


def test_standard_input_of_acey_is_read_whole_after_its_first_line_was_looked_at(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = '[White "Park"]\n\n1. 61: in/19 in/24\n2. 43: in/21 9/5\n*\n'
    stdin_of(monkeypatch, record)
    status, out, _ = run(capsys, ["validate"], "-")
    assert status == 1
    assert out.startswith("<stdin>:4:")  # the line numbers are the input's own
    stdin_of(monkeypatch, record)
    status, canonical, _ = run(capsys, ["fmt"], "-")
    assert (status, canonical) == (0, record)
    stdin_of(monkeypatch, canonical)
    assert run(capsys, ["fmt", "--check"], "-") == (0, "", "")  # compared with every byte read


def test_a_folder_holds_records_in_every_format(
    forms: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, ["validate"], str(forms["acey"].parent))
    assert status == 0
    assert out == "8 games, 20 turns: 0 errors, 0 warnings\n"


def test_a_json_document_that_is_no_record_cannot_be_read_by_every_command_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """validate and fmt said 1 (errors), stats 1 ('1 game with errors left out'), the others 2."""
    document = tmp_path / "package.json"
    document.write_text('{"name": "not a record"}\n', encoding="utf-8")
    status, _, err = run(capsys, ["validate"], str(document))
    assert status == 2
    assert err.startswith(f"aceynote: error: {document}: ")
    assert run(capsys, ["fmt"], str(document))[0] == 2
    status, _, err = run(capsys, ["stats"], str(document))
    assert status == 2 and "left out" not in err
    for command in (["html"], ["diagram"], ["analyze"], ["find"], ["convert", "--to", "acey"]):
        status, out, err = run(capsys, command, str(document))
        assert (status, out) == (2, "")
        assert err.startswith(f"aceynote: error: {document}: "), command


def test_from_is_refused_with_a_setup() -> None:
    with pytest.raises(SystemExit):
        main(["diagram", "--from", "nothing", "--setup", "W in:15 / B in:15 / W"])
    assert main(["diagram", "--from", "acey", "--setup", "W in:15 / B in:15 / W"]) == 2


def test_a_format_is_found_by_its_name_and_an_unknown_name_is_refused_with_the_names() -> None:
    # formats.named("parquett") raised a bare StopIteration, with no message.
    assert formats.named("jsonl").extensions == (".jsonl", ".ndjson")
    with pytest.raises(
        ValueError, match="no format is called 'parquett'; the formats are acey, json"
    ):
        formats.named("parquett")


def _json_game() -> dict[str, object]:
    from aceynote.formats.jsonconv import game_to_json
    from aceynote.notation import parse_game

    return game_to_json(parse_game('[White "Ames"]\n\n1. 64: in/19 in/21  43: in/21 in/22\n*\n'))


def _broken_inputs(folder: Path) -> dict[str, Path]:
    """Three games with a bad one between: a line that is no JSON, a game the schema refuses."""
    good, bad = _json_game(), _json_game()
    bad["turns"][0]["side"] = "green"  # type: ignore[index]
    lines = folder / "three.jsonl"
    lines.write_text(f"{json.dumps(good)}\n{{oops\n{json.dumps(good)}\n", encoding="utf-8")
    document = folder / "three.json"
    header = {"format": "aceynote", "version": 1}
    document.write_text(json.dumps({**header, "games": [good, bad, good]}, indent=1))
    return {"jsonl": lines, "json": document}


@pytest.mark.parametrize("kind", ["jsonl", "json"])
def test_a_bad_json_game_is_reported_at_its_line_and_the_games_after_it_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """Each JSON Lines line stands alone, and a document's game the schema refuses is one
    game with errors: every game after it was dropped, and the exit statuses disagreed (find
    2, stats and validate 1)."""
    path = _broken_inputs(tmp_path)[kind]
    where = f"{path}:2:2: error AD100: not valid JSON" if kind == "jsonl" else f"{path}:"
    status, out, _ = run(capsys, ["validate"], str(path))
    assert status == 1 and where in out and out.endswith("3 games, 4 turns: 1 error, 0 warnings\n")
    status, out, err = run(capsys, ["stats", "--format", "json"], str(path))
    assert status == 1 and where in err and json.loads(out)["games"] == 2
    assert err.endswith("aceynote: 1 game with errors left out of the figures\n")
    assert run(capsys, ["find", "--count"], str(path))[:2] == (0, "3\n")
    status, out, _ = run(capsys, ["find", "--white", "ames", "--list"], str(path))
    assert status == 0 and [row.split("\t")[1] for row in out.splitlines()] == ["1", "3"]
    status, out, err = run(capsys, ["html", "--all"], str(path))
    assert status == 1 and 'id="game-3"' in out
    status, out, err = run(capsys, ["convert", "--to", "acey"], str(path))
    assert (status, out) == (1, "") and where in err


def test_an_empty_json_document_cannot_be_read_and_no_game_is_said_to_be_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """stats said '1 game with errors left out of the figures' of an empty .json."""
    empty = tmp_path / "empty.json"
    empty.write_text("")
    for command in (["validate"], ["stats"], ["find"], ["convert", "--to", "acey"]):
        status, _, err = run(capsys, command, str(empty))
        assert status == 2 and "the text ends here" in err and "left out" not in err, command


@pytest.mark.parametrize("name", ["bgammon", "json", "jsonl", "acey"])
def test_the_games_before_a_byte_that_is_not_utf8_are_read_in_every_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """docs/notation.md choice 12: the games before such a byte are read. A JSON document
    lost them all (its reader decoded a block of 4 MiB at once) and a replay the one before
    the game the byte stands in (held back for the index table's leftover). A replay's game
    ends where the next game's header is read, so a byte there loses the game before it."""
    replay = tmp_path / "three.match"
    replay.write_text(match_text([GAME, GAME, GAME[:3]]), encoding="utf-8")
    source = tmp_path / f"three{formats.named(name).extensions[0]}"
    if name != "bgammon":
        assert main(["convert", str(replay), "--to", name, "-o", str(source)]) == 0
    data = source.read_bytes()
    cut = data.rindex(b"off/3" if name == "bgammon" else b"Park")  # in the third game
    source.write_bytes(data[:cut] + b"\xe9" + data[cut:])
    capsys.readouterr()
    status, out, err = run(capsys, ["validate"], str(source))
    assert status == 2 and "is not UTF-8 text" in err
    # An acey record hands out the game the byte stands in too, as far as it goes (AD505).
    read = (
        "3 games, 6 turns: 0 errors, 1 warning" if name == "acey" else "2 games, 6 turns: 0 errors"
    )
    assert out.splitlines()[-1].startswith(read)
