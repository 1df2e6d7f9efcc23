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


def test_generated_games_can_look_like_a_clubs(capsys: pytest.CaptureFixture[str]) -> None:
    plain = parse_games(generate(capsys, "--games", "60", "--seed", "9"))
    words = ("--games", "60", "--seed", "9", "--players", "6", "--events", "3")
    club = parse_games(generate(capsys, *words))
    assert generate(capsys, *words) == "\n".join(write_game(game) for game in club)
    assert [game.turns for game in club] == [game.turns for game in plain]  # the same plays
    players = {game.tag("White") for game in club} | {game.tag("Black") for game in club}
    assert len(players) == 6 and all(game.tag("White") != game.tag("Black") for game in club)
    events = [game.tag("Event") for game in club]
    assert len(set(events)) == 3 and events == sorted(events, key=events.index)  # in blocks
    for event in set(events):
        games = [game for game in club if game.tag("Event") == event]
        rounds = [int(game.tag("Round") or 0) for game in games]
        assert rounds[0] == 1 and rounds == sorted(rounds) and rounds[-1] > 1
        dates = [game.tag("Date") for game in games]
        assert dates == sorted(dates) and len(set(dates)) == len(set(rounds))
        assert len({game.tag("Site") for game in games}) == 1
    assert all(validate(game).diagnostics == [] for game in club)


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["--players", "1"], "--players takes 2 to 256 players"),
        (["--players", "257"], "--players takes 2 to 256 players"),
        (["--events", "-1"], "--events takes a count of 0 or more"),
    ],
)
def test_generate_refuses_a_wrong_variety(
    words: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", *words]) == 2
    assert says in capsys.readouterr().err


def test_fmt_diff_shows_what_would_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    messy = tmp_path / "messy.acey"
    messy.write_text('[White "Park"]\n[Event "E"]\n1. 25: in/20 in/23\n*\n', encoding="utf-8")
    canonical = SAMPLES / "annotated.acey"
    assert main(["fmt", "--diff", str(canonical)]) == 0
    assert capsys.readouterr().out == ""
    assert main(["fmt", "--diff", str(messy), str(canonical)]) == 1
    assert capsys.readouterr().out == (
        f"--- {messy}\n+++ {messy} (formatted)\n@@ -1,4 +1,5 @@\n"
        '+[Event "E"]\n [White "Park"]\n-[Event "E"]\n-1. 25: in/20 in/23\n'
        "+\n+1. 52: in/20 in/23\n *\n"
    )
    assert messy.read_text(encoding="utf-8").startswith('[White "Park"]')  # unchanged


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
