"""What a game of JSON the schema refuses is told: in words, its value as JSON writes it.

jsonschema's own words quoted Python (``None is not of type 'array'``, ``True``,
``'6'``) and regular expressions (``'a } b' does not match '^[^}]*$'``) to a
researcher who wrote JSON (docs/json.md, "Reading JSON back").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from aceynote.formats.jsonconv import JsonRecordError, game_from_json, game_to_json, schema
from aceynote.notation import parse_games

Damage = Callable[[dict[str, Any]], object]


def _segment(game: dict[str, Any]) -> dict[str, Any]:
    segment: dict[str, Any] = game["turns"][0]["segments"][0]
    return segment


def _tag(game: dict[str, Any]) -> dict[str, Any]:
    tag: dict[str, Any] = game["tags"][0]
    return tag


DAMAGES: list[tuple[Damage, str]] = [
    (lambda g: g.update(turns=None), "game.turns: null is not an array [...]"),
    (lambda g: g["turns"][0].update(number=True), "number: true is not a whole number"),
    (lambda g: _segment(g).update(dice=["6", 4]), 'dice[0]: "6" is not a whole number'),
    (lambda g: _segment(g).update(dice=[6, 4, 1]), "dice: [6, 4, 1] has 3 items: it takes 2"),
    (lambda g: _segment(g).update(dice=[6]), "dice: [6] has 1 item: it takes 2"),
    (
        lambda g: _segment(g)["moves"][0].update(stops=[]),
        "stops: [] has 0 items: it takes at least 1",
    ),
    (lambda g: _segment(g).update(nags=[-1]), "nags[0]: -1 is less than the minimum of 0"),
    (
        lambda g: _segment(g).update(comments=["a } b"]),
        'comments[0]: "a } b": a comment cannot hold a }, which ends it in a record',
    ),
    (
        lambda g: _tag(g).update(name="Bad Name"),
        'name: "Bad Name": a tag\'s name is a letter, then letters, digits or _',
    ),
    (
        lambda g: _tag(g).update(value="x\ny"),
        'value: "x\\ny": a tag\'s value is one line: it cannot hold a line end',
    ),
    (
        lambda g: g.update(result="6:0"),
        "result: \"6:0\": a result is White's points and Black's, like 6-0 or 0-9, or *",
    ),
    # JSON's types are called as the decoder calls them ("expected a value here: a string, ...").
    (lambda g: _tag(g).update(value=6), "value: 6 is not a string"),
    (lambda g: _tag(g).update(value=None), "value: null is not a string"),
    # A missing member is quoted as JSON quotes it, as a value is.
    (lambda g: g.pop("rules"), 'game: "rules" is missing'),
    (lambda g: _tag(g).pop("value"), 'game.tags[0]: "value" is missing'),
    # A line end after a value is no way round a pattern (Python's $ matches before one).
    (
        lambda g: _tag(g).update(value="a\n"),
        'value: "a\\n": a tag\'s value is one line: it cannot hold a line end',
    ),
    (
        lambda g: _tag(g).update(name="A\n"),
        'name: "A\\n": a tag\'s name is a letter, then letters, digits or _',
    ),
    (
        lambda g: g.update(result="6-0\n"),
        "result: \"6-0\\n\": a result is White's points and Black's, like 6-0 or 0-9, or *",
    ),
    (
        lambda g: g.update(diagnostics=[_diagnostic("AD304\n")]),
        'code: "AD304\\n": a code is AD and three digits, like AD304',
    ),
]


def _diagnostic(code: str) -> dict[str, Any]:
    """A diagnostic of the JSON form (docs/json.md), every member in place."""
    return {
        "code": code,
        "severity": "error",
        "message": "m",
        "line": 1,
        "column": 1,
        "end_line": 1,
        "end_column": 2,
        "hint": None,
        "legal": [],
        "legal_count": 0,
        "follows": None,
    }


@pytest.mark.parametrize(("damage", "message"), DAMAGES)
def test_a_refusal_says_the_value_as_json_and_the_reason_in_words(
    damage: Damage, message: str
) -> None:
    game = game_to_json(parse_games('[White "a"]\n\n1. 64: in/19 in/21\n*\n')[0])
    damage(game)
    with pytest.raises(JsonRecordError) as error:
        game_from_json(game)
    said = str(error.value)
    assert said.endswith(message), said
    assert not any(word in said for word in ("None", "True", "of type", "does not match"))


def _patterns(part: object) -> list[str]:
    """Every ``pattern`` of a schema, at any depth."""
    if isinstance(part, dict):
        own = [part["pattern"]] if isinstance(part.get("pattern"), str) else []
        return own + [p for value in part.values() for p in _patterns(value)]
    if isinstance(part, list):
        return [p for value in part for p in _patterns(value)]
    return []


def test_every_pattern_ends_where_the_text_does_in_python_and_ecma_262() -> None:
    found = _patterns(schema())
    assert len(found) == 5
    for pattern in found:
        assert pattern.startswith("^") and pattern.endswith("(?![\\s\\S])"), pattern
