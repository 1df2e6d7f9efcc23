"""`aceynote generate` makes valid, reproducible records; `fmt` keeps every position."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SAMPLES

from aceynote.cli import main
from aceynote.notation import parse_games, read_games, write_game
from aceynote.rules import Position
from aceynote.validation import validate


def generate(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(["generate", *words]) == 0
    return capsys.readouterr().out


def test_same_seed_same_games_other_seed_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    first = generate(capsys, "--games", "3", "--seed", "11")
    assert generate(capsys, "--games", "3", "--seed", "11") == first
    assert generate(capsys, "--games", "3", "--seed", "12") != first
    assert len(parse_games(first)) == 3


@pytest.mark.parametrize(
    "rules", ["standard", "bgammon", "navy", "standard larger_die=no score=single"]
)
def test_generated_games_are_complete_and_valid(
    rules: str, capsys: pytest.CaptureFixture[str]
) -> None:
    games = parse_games(generate(capsys, "--games", "2", "--seed", "5", "--rules", rules))
    for game in games:
        report = validate(game)
        assert report.diagnostics == []
        assert report.outcome is not None
        assert game.result_text == "{}-{}".format(*report.outcome.as_result())


def test_generate_from_a_setup(capsys: pytest.CaptureFixture[str]) -> None:
    setup = "W 6:3 5:2 / B 6:2 13:1 / B"
    games = parse_games(generate(capsys, "--setup", setup, "--seed", "3"))
    assert Position.from_setup(games[0].tag("Setup") or "") == Position.from_setup(setup)
    assert games[0].turns[0].side.value == "B"
    assert validate(games[0]).diagnostics == []


def test_generate_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--rules", "chess"]) == 2
    assert "unknown rule preset 'chess'" in capsys.readouterr().err
    assert main(["generate", "--setup", "W 6:16 / B 1:1 / W"]) == 2
    assert "16 checkers" in capsys.readouterr().err


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.acey")), ids=lambda p: p.name)
def test_formatting_keeps_every_position(sample: Path) -> None:
    for game in read_games(sample):
        original = validate(game)
        formatted = validate(parse_games(write_game(game))[0])
        assert [s.after for s in formatted.segments] == [s.after for s in original.segments]
        assert [d.code.code for d in formatted.diagnostics] == [
            d.code.code for d in original.diagnostics
        ]


def test_formatting_a_hand_written_record_keeps_positions() -> None:
    text = '[Opening "5-3"]\n1. 46: IN/19 in/21 43: in/22 in/21\n2. 12: in/24 in/23 =66: 19/13 21/15 24/18 23/17 +35: in/20 in/22\n*\n'
    game = parse_games(text)[0]
    again = parse_games(write_game(game))[0]
    assert [s.after for s in validate(again).segments] == [s.after for s in validate(game).segments]
    assert "64: in/19 in/21" in write_game(game)


def test_unwritable_outputs_are_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", "-o", str(tmp_path / "missing" / "x.acey")]) == 2
    assert "cannot write" in capsys.readouterr().err
    assert main(["generate", "-o", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
