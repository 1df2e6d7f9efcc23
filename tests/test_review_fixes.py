"""Cases found in review: deep nesting, write failures, faithful writing, JSON the notation cannot say."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from aceynote.cli import main
from aceynote.jsonconv import JsonRecordError, game_to_json, read_document
from aceynote.notation import parse_game, write_game
from aceynote.validation import validate


def codes(text: str) -> list[str]:
    return [d.code.code for d in validate(parse_game(text)).diagnostics]


def test_deeply_nested_variations_are_a_syntax_error_not_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    depth = 300
    text = "1. 64: in/19 in/21 " + "(1. 64: in/19 in/21 " * depth + ")" * depth + " *\n"
    path = tmp_path / "deep.acey"
    path.write_text(text)
    for command in (
        ["validate", str(path)],
        ["fmt", str(path)],
        ["convert", str(path), "--to", "json"],
    ):
        assert main(command) == 1
        captured = capsys.readouterr()
        assert "variations nest more than 50 deep" in captured.out + captured.err
    game = parse_game(text)
    assert "variations nest more than 50 deep" in game.problems[0].message


def test_deeply_nested_json_is_refused() -> None:
    data: object = []
    for _ in range(300):
        data = [data]
    document = {"format": "aceynote", "version": 1, "games": data}
    with pytest.raises(JsonRecordError, match="nests more than"):
        read_document(io.StringIO(json.dumps(document)))


def test_unwritable_outputs_are_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", "-o", str(tmp_path / "missing" / "x.acey")]) == 2
    assert "cannot write" in capsys.readouterr().err
    assert main(["generate", "-o", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_writer_keeps_black_move_numbers_that_matter() -> None:
    text = "1. 64: in/19 in/21 5... 43: in/21 in/22\n*\n"
    assert codes(text) == codes(write_game(parse_game(text))) == ["AD201"]
    twice = "1. 64: in/19 in/21 1... 43: in/21 in/22 1... 53: in/20 in/22\n*\n"
    assert codes(twice) == codes(write_game(parse_game(twice)))


def test_lone_backslashes_in_tag_values_are_kept() -> None:
    game = parse_game('[Event "C:\\temp \\"x\\" \\\\"]\n*\n')
    assert game.tag("Event") == 'C:\\temp "x" \\'
    assert parse_game(write_game(game)).tag("Event") == game.tag("Event")


def test_a_game_without_tags_shows_its_source_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "tagless.acey"
    path.write_text("1. 64: in/19 in/21 43: in/21 in/22\n2. 66: 13/7 in/19(3)\n*\n")
    assert main(["validate", "--no-color", str(path)]) == 1
    out = capsys.readouterr().out
    assert "tagless.acey:2:8: error AD301" in out
    assert "  2. 66: 13/7 in/19(3)" in out


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda g: g["turns"][0]["segments"][0]["moves"][0]["stops"].insert(
                0, {"place": "off", "hit": False}
            ),
            "'off' comes last",
        ),
        (lambda g: g["turns"][0]["segments"][0].update(kind="extra_roll"), "expected a roll"),
    ],
)
def test_json_that_no_record_could_say_is_refused(change: object, words: str) -> None:
    game = game_to_json(parse_game("1. 64: in/19 in/21 43: in/21 in/22\n*\n"))
    change(game)  # type: ignore[operator]
    document = {"format": "aceynote", "version": 1, "games": [game]}
    with pytest.raises(
        JsonRecordError, match=r"games\[0\]: cannot be written as a record"
    ) as error:
        read_document(io.StringIO(json.dumps(document)))
    assert words in str(error.value)


def test_a_model_with_two_rolls_in_one_turn_is_reported() -> None:
    game = parse_game("1. 64: in/19 in/21 43: in/21 in/22\n*\n")
    white, black = game.turns
    white.segments += black.segments
    game.turns = [white]
    report = validate(game)
    assert [d.code.code for d in report.diagnostics] == ["AD100"]
    assert "a turn has one roll" in report.diagnostics[0].message
