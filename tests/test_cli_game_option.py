"""Choosing a game: ``--game N`` (and ``--turn T``) checked once, and a record with no game,
in the same words in every command that reads one game."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SAMPLES, run_main

MATCH = str(SAMPLES / "match.acey")
COMMANDS = [
    ["analyze", MATCH, "--depth", "0"],
    ["diagram", MATCH],
    ["html", MATCH, "-o", "-"],
    ["replay", MATCH],
]
HUGE = "1" * 5000  # more digits than Python turns into an int by default


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command[0])
@pytest.mark.parametrize(
    ("game", "message"),
    [
        ("0", "--game counts from 1"),
        ("-1", "--game counts from 1"),
        ("000", "--game counts from 1"),
        ("two", "--game: 'two' is not a game number; write 1 for the first"),
        ("4", "there is no game 4: "),
        pytest.param(HUGE, "there is no game 11111111111…: ", id="huge"),
    ],
)
def test_every_command_checks_the_game_number_alike(
    command: list[str], game: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main(capsys, *command, "--game", game)
    assert status == 2 and not out
    assert message in err and len(err) < 300


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command[0])
def test_every_command_says_alike_that_a_record_holds_no_game(
    command: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "empty.acey"
    empty.write_text("", encoding="utf-8")
    status, out, err = run_main(capsys, *[str(empty) if a == MATCH else a for a in command])
    assert status == 2 and not out
    assert err == f"aceynote: error: no game in {empty}\n"


TURN_COMMANDS = [["diagram", MATCH], ["hint", MATCH], ["replay", MATCH]]


@pytest.mark.parametrize("command", TURN_COMMANDS, ids=lambda command: command[0])
@pytest.mark.parametrize(
    ("turn", "shown"), [("seven", "seven"), pytest.param("x" * 5000, "x" * 23 + "…", id="long")]
)
def test_every_command_checks_the_turn_alike(
    command: list[str], turn: str, shown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main(capsys, *command, "--turn", turn)
    assert status == 2 and not out
    assert err == (
        f"aceynote: error: --turn: '{shown}' is not a turn number; write 12, 12. or 12...\n"
    )
