"""validate's and fmt's pipelines as a library user calls them, without the command line."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from conftest import BROKEN, CANONICAL, MESSY, ROOT, SAMPLES

from aceynote.notation import Game, read_games
from aceynote.notation.canonical import CopiedReading, same_text, write_canonical
from aceynote.validation import pipeline
from aceynote.validation.pipeline import Totals, check_games, check_pieces

MATCH = (SAMPLES / "match.acey").read_bytes()


def test_pieces_checked_here_are_the_games_checked_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = b"\n".join([MATCH, (SAMPLES / "mistakes.acey").read_bytes()] * 3)
    whole = list(check_games(read_games(io.BytesIO(data)), None, False))
    monkeypatch.setattr(pipeline, "PIECE_BYTES", 2000)  # many pieces, one job: no worker
    pieces = list(check_pieces(io.BytesIO(data), "corpus.acey", None, False, jobs=1))
    assert len(pieces) > 3
    assert [check for piece in pieces for check in piece] == whole
    assert any(check.diagnostics for check in whole)


def test_totals_count_games_turns_errors_and_warnings() -> None:
    totals = Totals()
    for check in check_games(read_games(io.BytesIO(MATCH)), None, False):
        totals.count(check)
    assert totals.summary() == f"{totals.games} games, {totals.turns} turns: 0 errors, 0 warnings"
    totals.unreadable = 1
    assert totals.summary().endswith(", 1 unreadable file")


def test_a_record_is_rewritten_canonical_with_broken_games_as_written() -> None:
    source = (MESSY + "\n" + BROKEN).replace("\n", "\r\n").encode()
    copy, out, broken = io.BytesIO(), io.StringIO(), []
    reading = CopiedReading(io.BytesIO(source), "two.acey", copy)

    def note(number: int, game: Game) -> None:
        broken.append((number, len(game.problems)))

    assert not write_canonical(reading, read_games(reading), out, note)
    assert broken == [(2, 1)]
    assert out.getvalue() == (CANONICAL + "\n" + BROKEN).replace("\n", "\r\n")
    assert not same_text(copy, out)
    canonical = io.StringIO(CANONICAL)
    assert same_text(io.BytesIO(CANONICAL.encode()), canonical)


def test_the_corpus_example_of_api_md_runs_and_counts_the_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # docs/api.md had no word of aceynote.corpus: a researcher had to read the code.
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- api example: corpus -->\n```python\n(.*?)```", text, re.S)
    assert found is not None
    shutil.copy(SAMPLES / "match.acey", tmp_path / "club.acey")
    monkeypatch.chdir(tmp_path)
    exec(compile(found.group(1), "docs/api.md", "exec"), {})
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "3 of 3 won by White"  # Carr won the three games of the match
    assert lines[1].startswith("3 0.83")  # 3 games; the p-value of their dice
    assert lines[2:] == ["Carr", "Carr 4-0 105", "Carr 9-0 113", "Carr 15-0 119"]
