"""An option that takes a number refuses any other word in a player's words, in every command.

Before, argparse's own words came out: ``argument --size: invalid int value: 'abc'``.
"""

from __future__ import annotations

import pytest
from conftest import SAMPLES

from aceynote.cli import main

RECORD = str(SAMPLES / "annotated.acey")
SETUP = ["--setup", "W in:15 / B in:15 / W", "--roll", "64"]
NUMBER_OPTIONS = [
    ["analyze", RECORD, "--jobs"],
    ["diagram", RECORD, "--size"],
    ["diagram", RECORD, "--segment"],
    ["find", RECORD, "--limit"],
    ["generate", "--games"],
    ["generate", "--seed"],
    ["generate", "--players"],
    ["hint", *SETUP, "--depth"],
    ["hint", *SETUP, "--rollout"],
    ["hint", RECORD, "--segment"],
    ["html", RECORD, "--jobs"],
    ["lsp", "--tcp"],
    ["play", "new.acey", "--seed"],
    ["replay", RECORD, "--depth"],
    ["validate", RECORD, "--jobs"],
]


def refusal(words: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(words)
    assert stopped.value.code == 2
    return capsys.readouterr().err.splitlines()[-1]


@pytest.mark.parametrize("words", NUMBER_OPTIONS, ids=lambda words: f"{words[0]} {words[-1]}")
def test_a_word_where_a_number_goes_is_refused_in_a_players_words(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    message = refusal([*words, "twelve"], capsys)
    assert message.endswith(
        f"{words[-1]}: 'twelve' is not a whole number: write it in digits, like 12"
    )
    assert "invalid int" not in message


def test_a_number_too_long_to_read_says_so_and_is_clipped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    message = refusal(["generate", "--games", "1" * 5000], capsys)
    assert message.endswith("argument --games: '11111111111111111111111…' has too many digits")


def test_a_refused_word_is_shown_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    message = refusal(["generate", "--games", "\x1b[2J"], capsys)
    assert "'\\x1b[2J' is not a whole number" in message
