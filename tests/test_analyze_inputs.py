"""``aceynote analyze`` and its Python API on inputs that are not all well: a depth out of
range, games with errors, a file unreadable part way, an output that names an input."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from analysed_games import short_game

from aceynote.analysis import run as analysis_run
from aceynote.engine import Engine, EngineInputError
from aceynote.notation import Game
from aceynote.validation import validate_in_place


@pytest.mark.parametrize("depth", [3, -1, True, 1.0])
def test_a_depth_out_of_range_is_refused_before_any_work(
    monkeypatch: pytest.MonkeyPatch, depth: int
) -> None:
    """analyze_one(1, game, 3) validated the game and searched before a bare KeyError, and
    depth -1 was analysed, labelled 'depth -1': the engine API's error and words now."""
    with pytest.raises(EngineInputError) as engine_said:
        Engine().rank("W in:15 / B in:15 / W", "64", depth=depth)
    game, report = short_game(), validate_in_place(short_game())

    def no_work(*_: object) -> None:
        raise AssertionError("worked before the depth was checked")

    def no_game() -> Iterator[Game]:
        raise AssertionError("a game was read before the depth was checked")
        yield game

    monkeypatch.setattr(analysis_run, "validate_in_place", no_work)
    monkeypatch.setattr(analysis_run, "search_for", no_work)
    calls = [
        lambda: analysis_run.analyze_one(1, game, depth),
        lambda: analysis_run.analyze_report(1, report, depth),
        lambda: analysis_run.analyze_games(no_game(), depth),
        lambda: analysis_run.analyze_games(no_game(), depth, jobs=2),
    ]
    for call in calls:
        with pytest.raises(EngineInputError) as said:
            call()
        assert str(said.value) == str(engine_said.value) == f"depth is 0, 1 or 2, not {depth!r}"
