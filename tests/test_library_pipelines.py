"""validate's and fmt's pipelines as a library user calls them, without the command line."""

from __future__ import annotations

import io

import pytest
from conftest import BROKEN, CANONICAL, MESSY, SAMPLES

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
