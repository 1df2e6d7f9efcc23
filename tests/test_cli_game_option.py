"""``--game N``: one check, the same words, in every command that takes it."""

from __future__ import annotations

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
