"""A short game and its analysis as `aceynote analyze` reports it: the reference the page's tests check against."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from aceynote.cli import main
from aceynote.notation import Game
from aceynote.notation.generate import generate_games
from aceynote.notation.writer import write_game
from aceynote.rules import Position, parse_rules

# Both sides almost home: a short game (17 segments) that the 0-ply engine analyses in a moment.
ENDING = "W 6:3 5:3 4:2 9:2 / B 6:4 5:2 3:2 12:1 / B"


def short_game(seed: int = 4) -> Game:
    (game,) = generate_games(1, seed, parse_rules("standard"), Position.from_setup(ENDING))
    return game


def write_short_games(path: Path, seeds: tuple[int, ...] = (4,)) -> Path:
    path.write_text("\n".join(write_game(short_game(seed)) for seed in seeds), encoding="utf-8")
    return path


def analysis_document(path: Path, *words: str) -> dict[str, Any]:
    """``aceynote analyze PATH --depth 0 --format json [words]``, read back."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["analyze", str(path), "--depth", "0", "--format", "json", *words])
    assert status == 0
    return json.loads(out.getvalue())  # type: ignore[no-any-return]


def option_text(option: dict[str, Any]) -> str:
    """A best play as the page shows it: ``=55: ...`` for a chosen double."""
    double = option.get("double")
    return f"={double}{double}: {option['play']}" if double else str(option["play"])


@pytest.fixture(scope="module", name="record")
def record_fixture(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A record of the short game (a fixture: import it into a test module)."""
    return write_short_games(tmp_path_factory.mktemp("analysed") / "short.acey")


@pytest.fixture(scope="module", name="reference")
def reference_fixture(record: Path) -> dict[str, Any]:
    """The analysis of the record's one game, computed apart from any page."""
    (game,) = analysis_document(record)["games"]
    return game  # type: ignore[no-any-return]
