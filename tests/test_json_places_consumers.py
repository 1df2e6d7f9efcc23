"""A game read from JSON, its objects placed, is told apart by every consumer of places as
the same game read from its record's text is: whatever order the JSON writes its members in."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import SIZE, pilot_test

from aceynote.corpus.tables import segment_codes
from aceynote.formats.jsonconv import document_header, game_to_json, read_document
from aceynote.notation import Game, parse_game
from aceynote.notation.model import NO_SPAN
from aceynote.validation import Report, validate, validate_in_place
from aceynote.validation.frames import END_NOTE, START_NOTE, GameFrames

# White's 1. plays in/20 with a 4 (AD304); the variation's Black plays from 19 (AD301); the
# Date has no such month (AD106); the result says White won, but nobody has (AD503).
RECORD = (
    '[Event "x"]\n[Date "2020.13.45"]\n[Result "1-0"]\n[Opening "6-4"]\n\n'
    "1. 64: in/19 in/20 (1. 64: in/19 in/21 1... 31: 19/16 in/24)\n"
    "1... 31: in/22 in/24\n2. 52: 19/14 20/18\n1-0\n"
)


def _first(members: dict[str, Any], *names: str) -> dict[str, Any]:
    """The same object, the members ``names`` written before the others."""
    return {**{name: members[name] for name in names}, **members}


def _read(game: dict[str, Any], indent: int | None = 2) -> Game:
    text = json.dumps({**document_header(), "games": [game]}, indent=indent)
    [read] = read_document(io.StringIO(text))
    return read


def _as_written(game: dict[str, Any]) -> dict[str, Any]:
    return game


def _turns_before_tags(game: dict[str, Any]) -> dict[str, Any]:
    return _first(game, "turns", "result")


def _variations_before_segments(game: dict[str, Any]) -> dict[str, Any]:
    turns = [_first(turn, "variations") for turn in game["turns"]]
    return {**game, "turns": turns}


ORDERS = [_as_written, _turns_before_tags, _variations_before_segments]


def _codes(report: Report) -> list[list[str]]:
    """The codes told to each main-line segment, in order."""
    codes = segment_codes(report)
    return [sorted(codes.get(id(replay.segment), [])) for replay in report.main_line()]


def _notes(report: Report) -> dict[str, list[str]]:
    frames = GameFrames(report)
    return {key: sorted(d.code.code for d in found) for key, found in frames.notes.items()}


@pytest.fixture(scope="module")
def record() -> Report:
    report = validate(parse_game(RECORD))
    codes = sorted(d.code.code for d in report.diagnostics)
    assert codes == ["AD106", "AD301", "AD304", "AD503"], report.diagnostics
    return report


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("indent", [None, 2])
def test_the_segments_table_tells_each_segment_the_codes_the_record_does(
    record: Report, order: Any, indent: int | None
) -> None:
    """The result's finding is the game's, not its last turn's; a turn's variations written
    before its segments do not hide the segments' findings."""
    game = _read(order(game_to_json(record.game)), indent)
    assert _codes(validate_in_place(game)) == _codes(record) == [["AD304"], [], []]


@pytest.mark.parametrize("order", ORDERS)
def test_the_frames_hold_each_finding_where_the_record_has_it(record: Report, order: Any) -> None:
    """As on the web page and in the app: the tags' findings at the start, the result's at
    the end, the rest at their segments."""
    game = _read(order(game_to_json(record.game)))
    expected = {START_NOTE: ["AD106"], "1": ["AD304"], "v2": ["AD301"], END_NOTE: ["AD503"]}
    assert _notes(record) == expected
    assert _notes(validate(game)) == expected


def test_a_game_without_places_is_analysed_and_shown_as_its_text() -> None:
    """A game built in code (or read from JSON whose objects could not be placed) has no
    places: analyze and the frames of the page and the app tell its findings to its
    segments as for its text."""
    from aceynote.analysis.run import analyze_one
    from aceynote.formats.jsonconv import game_from_json

    text = '[Event "x"]\n\n1. 21: in/24 in/23 1... 64: in/19 in/21 2. 53: 24/19 23/20\n*\n'
    record = parse_game(text)  # AD401 after White's 1-2: the chosen double is missing
    built = game_from_json(game_to_json(record))  # the same game, with no places
    assert built == record and built.turns[0].segments[0].span == NO_SPAN
    for game in (record, built):
        analysis = analyze_one(1, game, depth=0)
        assert analysis.stopped is not None and analysis.stopped.code == "AD401"
        assert len(analysis.decisions) == 1
    assert _notes(validate_in_place(built)) == _notes(validate(record))


FOLLOWS = (  # Black's second turn is played from points it never reached: an error follows
    '[White "Ames"]\n\n1. 61: in/19 19/18  61: in/19 19/18\n'
    "2. 52: 13/8 in/23  43: in/21 in/22\n3. 43: 13/9 in/22\n2-0\n"
)


@pilot_test
async def test_the_app_says_where_in_a_json_line_an_error_follows_from(tmp_path: Path) -> None:
    """A JSON record's game is one line: the line alone would not say which error."""
    from aceynote.formats.jsonconv.codec import read_json_lines
    from aceynote.tui.app import ReplayApp
    from aceynote.tui.notes import Notes

    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(game_to_json(parse_game(FOLLOWS))) + "\n", encoding="utf-8")
    [game] = read_json_lines(io.StringIO(path.read_text(encoding="utf-8")))
    follows = next(d.follows for d in validate(game).diagnostics if d.follows is not None)
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        shown = []
        for _ in range(len(validate(game).diagnostics)):
            await pilot.press("n")
            shown.append(str(app.screen.query_one(Notes).render()))
    said = f"(it may follow from the error at line 1, column {follows.column})"
    assert follows.line == 1 and any(said in " ".join(text.split()) for text in shown)
