"""The shipped samples: valid and canonical, except mistakes.acey which shows the codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SAMPLES

from aceynote.cli import main
from aceynote.notation import read_games
from aceynote.validation import validate

MISTAKES = SAMPLES / "mistakes.acey"
README = SAMPLES / "README.md"
CLEAN = sorted(path for path in SAMPLES.glob("*.acey") if path.name != MISTAKES.name)

# What mistakes.acey shows, in order: (line, code).
MISTAKES_EXPECTED = [
    (11, "AD401"),
    (12, "AD308"),
    (12, "AD310"),
    (14, "AD308"),
    (15, "AD201"),
    (15, "AD311"),
    (15, "AD302"),
    (16, "AD503"),
]


def test_there_are_samples() -> None:
    assert MISTAKES.exists()
    assert len(CLEAN) >= 5


@pytest.mark.parametrize("path", CLEAN, ids=[path.name for path in CLEAN])
def test_sample_is_valid(path: Path) -> None:
    games = list(read_games(path))
    assert games
    for game in games:
        report = validate(game)
        assert [(d.span.line, d.code.code, d.message) for d in report.diagnostics] == []
        # Every sample game is finished or says why it is not (§6).
        assert report.outcome is not None or game.tag("Termination") is not None


@pytest.mark.parametrize("path", CLEAN, ids=[path.name for path in CLEAN])
def test_sample_is_canonical(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["fmt", "--check", str(path)])
    captured = capsys.readouterr()
    assert status == 0, captured.err


def test_samples_pass_the_validate_command(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["validate", "--strict", *map(str, CLEAN)])
    out = capsys.readouterr().out
    assert status == 0, out
    assert out.splitlines()[:-1] == []


def _documented_codes() -> list[str] | None:
    """The codes samples/README.md lists for mistakes.acey, if it documents them."""
    if not README.exists():
        return None
    text = README.read_text(encoding="utf-8")
    where = text.find("mistakes.acey")
    if where < 0:
        return None
    return re.findall(r"AD\d{3}", text[where:])


def test_mistakes_give_exactly_the_documented_codes() -> None:
    games = list(read_games(MISTAKES))
    assert len(games) == 1
    report = validate(games[0])
    found = [(d.span.line, d.code.code) for d in report.diagnostics]
    documented = _documented_codes()
    if documented:
        assert sorted({code for _, code in found}) == sorted(set(documented))
    else:
        assert found == MISTAKES_EXPECTED


def test_mistakes_exit_one(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["validate", str(MISTAKES)])
    out = capsys.readouterr().out
    assert status == 1
    assert out.splitlines()[-1].startswith("1 game, ")
    assert out.splitlines()[-1] == "1 game, 14 turns: 7 errors, 1 warning"


def test_the_match_sample_is_a_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(SAMPLES / "match.acey")]) == 0
    out = capsys.readouterr().out
    assert "Club match to 25 (to 25): Carr 28, Dunn 0; Carr won" in out
