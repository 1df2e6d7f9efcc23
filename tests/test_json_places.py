"""A game read from JSON knows where its objects stand, so that diagnostics point into it."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import run_main

from aceynote.formats.jsonconv import document_header, game_to_json, read_document
from aceynote.formats.jsonconv.codec import read_json_lines
from aceynote.notation import Game, parse_games
from aceynote.notation.generate import generate_games
from aceynote.notation.model import NO_SPAN, Span, Turn
from aceynote.rules import RuleSet

# Black's 1... plays from point 19, where it has no checker: AD301 on that move.
ILLEGAL = '[Event "x"]\n\n1. 64: in/19 in/21\n1... 31: 19/16 21/20\n*\n'


def _object_at(text: str, span: Span) -> Any:
    """The JSON object whose ``{`` stands at the span's line and column."""
    line = text.split("\n")[span.line - 1]
    assert line[span.column - 1] == "{"
    offset = sum(len(before) + 1 for before in text.split("\n")[: span.line - 1])
    value, _ = json.JSONDecoder().raw_decode(text, offset + span.column - 1)
    return value


def _turns(turns: list[Turn]) -> Iterator[Turn]:
    for turn in turns:
        yield turn
        for variation in turn.variations:
            yield from _turns(variation.turns)


def _assert_placed(game: Game, text: str) -> None:
    assert game.span != NO_SPAN and _object_at(text, game.span)["turns"]
    for tag in game.tags:
        assert _object_at(text, tag.span) == {"name": tag.name, "value": tag.value}
    for turn in _turns(game.turns):
        assert _object_at(text, turn.span)["number"] == turn.number
        for segment in turn.segments:
            found = _object_at(text, segment.span)
            assert sorted(found["dice"]) == sorted(segment.dice)
            for move in segment.moves:
                assert _object_at(text, move.span)["count"] == move.count


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return list(generate_games(3, seed=6, rules=RuleSet()))


@pytest.mark.parametrize("indent", [None, 2])
def test_every_object_of_a_document_is_placed_even_across_small_windows(
    games: list[Game], indent: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import aceynote.formats.jsonconv.stream as stream

    monkeypatch.setattr(stream, "WINDOW", 97)  # values cross many window ends
    games_json = [game_to_json(game) for game in games]
    text = json.dumps({**document_header(), "games": games_json}, indent=indent)
    read = list(read_document(io.StringIO(text)))
    assert read == games
    for game in read:
        _assert_placed(game, text)


def test_every_object_of_json_lines_is_placed(games: list[Game]) -> None:
    text = "".join(json.dumps(game_to_json(game)) + "\r\n" for game in games)
    read = list(read_json_lines(io.StringIO(text, newline="")))
    assert read == games and [game.span.line for game in read] == [1, 2, 3]
    for game in read:
        _assert_placed(game, text.replace("\r\n", "\n"))


@pytest.mark.parametrize("to", ["json", "jsonl"])
def test_validate_points_at_the_illegal_moves_object(
    to: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "bad.acey"
    record.write_text(ILLEGAL, encoding="utf-8")
    converted = tmp_path / f"bad.{to}"
    assert run_main(capsys, "convert", str(record), "--to", to, "-o", str(converted))[0] == 0
    status, out, _ = run_main(capsys, "validate", str(converted))
    assert status == 1
    found = re.search(rf"bad\.{to}:(\d+):(\d+): error AD301", out)
    assert found is not None, out
    span = Span(int(found[1]), int(found[2]), 0, 0)
    assert _object_at(converted.read_text(encoding="utf-8"), span)["source"] == 19


@pytest.mark.parametrize("indent", [None, 2])
@pytest.mark.parametrize(
    ("change", "holder"),
    [
        (lambda game: game["turns"][0]["segments"][0].update(dice=[7, 1]), "dice"),
        (lambda game: game["turns"][0]["segments"][0]["moves"][0].update(source=99), "count"),
        (lambda game: game["turns"][0].update(side="green"), "number"),
        (lambda game: game["tags"][0].update(value=5), "name"),
    ],
    ids=["dice", "source", "side", "tag"],
)
def test_a_game_the_schema_refuses_is_refused_at_the_object_at_fault(
    indent: int | None, change: Any, holder: str
) -> None:
    """Refused at the game's own "{" however deep the fault was: now at the innermost object
    on the error's path, in a document and in JSON Lines."""
    data = game_to_json(parse_games(ILLEGAL)[0])
    change(data)
    document = json.dumps({**document_header(), "games": [data]}, indent=indent)
    lines = json.dumps(data) + "\n"
    for text, read in ((document, read_document), (lines, read_json_lines)):
        (game,) = read(io.StringIO(text))
        (problem,) = game.problems
        assert holder in _object_at(text, problem.span)
        assert _object_at(text, problem.span) is not None and problem.span.column > 1


def test_a_member_written_twice_leaves_the_game_without_places(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """JSON keeps the last of two members of one name: the text holds objects the value
    lacks, so none is matched to a place rather than some wrongly."""
    game = game_to_json(parse_games(ILLEGAL)[0])
    members = json.dumps(game)[1:-1]
    first_turns = json.dumps({"turns": game["turns"][:1]})[1:-1]
    text = json.dumps(document_header())[:-1] + ', "games": [{' + first_turns
    path = tmp_path / "twice.json"
    path.write_text(text + ", " + members + "}]}", encoding="utf-8")
    status, out, err = run_main(capsys, "validate", str(path))
    assert status == 1 and err == ""
    assert f"{path}:0:0: error AD301" in out


@pytest.mark.parametrize("twice", ["tags", "turns"])
def test_a_member_written_twice_never_leaves_wrong_places(games: list[Game], twice: str) -> None:
    """The first value of the member written twice holds no object: the text and the value
    hold as many objects, but in another order (the dict keeps the first one's place)."""
    data = game_to_json(games[0])
    members = json.dumps(data)[1:-1]
    text = json.dumps({**document_header(), "games": []})[:-3] + "[{"
    text += f'"{twice}": [], {members}' + "}]}"
    [read] = read_document(io.StringIO(text))
    assert read == games[0]
    placed = [tag.span for tag in read.tags] + [turn.span for turn in _turns(read.turns)]
    if NO_SPAN in placed:  # no places: the game stands at the line where it starts
        assert set(placed) == {NO_SPAN} and read.span == Span(1, 1, 1, 1)
    else:
        _assert_placed(read, text)
