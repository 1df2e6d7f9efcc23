"""The progress line of long commands (``analyze``, ``validate``): on a terminal's standard
error only, each showing written over the last, and cleared before the command ends."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from analysed_games import write_short_games

from aceynote.cli import main
from aceynote.commands.progress import ProgressLine


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_line_is_shown_in_place_and_cleared_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    line = ProgressLine()
    line.show("validating a.acey: 40% (200 games)")
    line.show("validating a.acey: 80% (400 games)")
    line.clear()
    line.clear()  # nothing more: the line is already gone
    assert terminal.getvalue().split("\r\033[K") == [
        "",
        "validating a.acey: 40% (200 games)",
        "validating a.acey: 80% (400 games)",
        "",
    ]


@pytest.mark.parametrize("where", ["pipe", "quiet"])
def test_nothing_is_shown_in_a_pipe_or_when_quiet(
    monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    stream = io.StringIO() if where == "pipe" else _Terminal()
    monkeypatch.setattr("sys.stderr", stream)
    line = ProgressLine(quiet=where == "quiet")
    line.show("validating a.acey: 40% (200 games)")
    line.clear()
    assert stream.getvalue() == ""


def test_analyze_counts_each_games_decisions_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Shown 'analyze: game 2, 37 decisions', with no total; now each game's decisions
    judged of those it has to judge, and nothing left on the line at the end."""
    record = write_short_games(tmp_path / "two.acey", (4, 5))
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["analyze", str(record), "--depth", "0", "--format", "json"]) == 0
    shown = [text for text in terminal.getvalue().split("\r\033[K") if text]
    steps = [re.fullmatch(r"analyze: game (\d+), (\d+) of (\d+) decisions", text) for text in shown]
    told = [(int(step[1]), int(step[2]), int(step[3])) for step in steps if step is not None]
    assert len(told) == len(shown)
    for game in json.loads(capsys.readouterr().out)["games"]:
        count = len(game["decisions"])
        mine = [(judged, of) for number, judged, of in told if number == game["game"]]
        assert count > 1 and mine == [(judged, count) for judged in range(1, count + 1)]
    assert terminal.getvalue().endswith("\r\033[K")
