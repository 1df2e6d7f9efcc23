"""JSON conversion: schema-valid output, round trips both ways, clear errors on bad input."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, SAMPLES, refusal, run_main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from aceynote.cli import main
from aceynote.formats.jsonconv import (
    JsonRecordError,
    document_header,
    game_from_json,
    game_to_json,
    read_document,
    read_json_lines,
    schema,
)
from aceynote.notation import parse_games, write_game
from aceynote.notation.generate import generate_games
from aceynote.rules import PRESETS, RuleSet
from aceynote.rules.ruleset import option_choices
from aceynote.validation import validate

DOCUMENT = Draft202012Validator(schema())
GAME = Draft202012Validator({"$ref": "#/$defs/game", "$defs": schema()["$defs"]})


def test_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"].endswith("2020-12/schema")


def test_schema_command_prints_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out) == schema()


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.acey")), ids=lambda p: p.name)
@pytest.mark.parametrize("extras", [[], ["--positions", "--diagnostics"]])
def test_every_document_written_validates_against_the_schema(
    sample: Path, extras: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run_main(capsys, "convert", str(sample), "--to", "json", *extras)
    assert status == 0
    DOCUMENT.validate(json.loads(out))


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.acey")), ids=lambda p: p.name)
def test_acey_to_json_to_acey_is_fmt_of_the_original(
    sample: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "out.json"
    assert run_main(capsys, "convert", str(sample), "--to", "json", "-o", str(target))[0] == 0
    status, back, _ = run_main(capsys, "convert", str(target), "--to", "acey")
    assert status == 0
    assert main(["fmt", str(sample)]) == 0
    assert back == capsys.readouterr().out


def test_json_to_acey_to_json_is_identical(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = tmp_path / "first.json"
    run_main(capsys, "convert", str(SAMPLES / "annotated.acey"), "--to", "json", "-o", str(first))
    acey = tmp_path / "again.acey"
    run_main(capsys, "convert", str(first), "--to", "acey", "-o", str(acey))
    second = tmp_path / "second.json"
    run_main(capsys, "convert", str(acey), "--to", "json", "-o", str(second))
    assert json.loads(first.read_text()) == json.loads(second.read_text())


def test_json_lines_and_document_carry_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    match = str(SAMPLES / "match.acey")
    _, document, _ = run_main(capsys, "convert", match, "--to", "json")
    _, lines, _ = run_main(capsys, "convert", match, "--to", "jsonl")
    games = [json.loads(line) for line in lines.splitlines()]
    assert json.loads(document)["games"] == games
    assert len(games) == 3
    for game in games:
        GAME.validate(game)


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(["standard", "bgammon", "navy"]))
def test_generated_games_round_trip_through_json(seed: int, rules: str) -> None:
    game = next(generate_games(1, seed, RuleSet.parse(rules)))
    data = game_to_json(game)
    GAME.validate(data)
    back = game_from_json(json.loads(json.dumps(data)))
    assert write_game(back) == write_game(game)


def test_positions_follow_the_validator() -> None:
    game = parse_games((SAMPLES / "setup-bearoff.acey").read_text())[0]
    report = validate(game)
    data = game_to_json(game, report, positions=True)
    GAME.validate(data)
    assert data["start"]["setup"] == report.start.to_setup() if report.start else False
    segments = [s for turn in data["turns"] for s in turn["segments"]]
    assert [s["position_after"]["setup"] for s in segments] == [
        None if r.after.winner else r.after.to_setup() for r in report.segments
    ]
    # The game is won in its last segment: no Setup and nobody to roll from there.
    assert segments[-1]["position_after"]["setup"] is None
    assert segments[-1]["position_after"]["turn"] is None
    first = segments[0]
    assert first["steps"] == [
        {"source": 5, "dest": "off", "die": 6, "hit": False},
        {"source": 5, "dest": 1, "die": 4, "hit": False},
    ]
    white = first["position_after"]["white"]
    assert white["off"] == 8 and white["points"][0] == 2 and white["pips"] == 3 * 3 + 2 * 2 + 2 * 1


def test_diagnostics_are_added(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(
        capsys, "convert", str(SAMPLES / "mistakes.acey"), "--to", "json", "--diagnostics"
    )
    assert status == 0
    codes = [d["code"] for d in json.loads(out)["games"][0]["diagnostics"]]
    assert codes[0] == "AD401" and "AD503" in codes


def test_places_are_numbers_or_in_bar_off() -> None:
    game = parse_games('[Setup "W 13:1 bar:1 2:1 / B 12:2 / W"]\n1. 61: bar/24 2/off\n*\n')[0]
    moves = game_to_json(game)["turns"][0]["segments"][0]["moves"]
    assert moves == [
        {"source": "bar", "stops": [{"place": 24, "hit": False}], "count": 1},
        {"source": 2, "stops": [{"place": "off", "hit": False}], "count": 1},
    ]


BAD_DOCUMENTS = {
    "wrong type": ('{"format": "aceynote", "version": 1, "games": [{"tags": "none"}]}', "games[0]"),
    "missing key": ('{"format": "aceynote", "version": 1}', "games"),
    "unknown place": (
        '{"format": "aceynote", "version": 1, "games": [{"tags": [], "rules": null, "opening": null, '
        '"setup": null, "comments": [], "result": "*", "comments_after": [], "turns": [{"side": "white", '
        '"number": 1, "comments": [], "variations": [], "segments": [{"kind": "roll", "dice": [6, 4], '
        '"glyphs": [], "nags": [], "comments": [], "moves": [{"source": "pool", "stops": '
        '[{"place": 19, "hit": false}], "count": 1}]}]}]}]}',
        "games[0].turns[0].segments[0].moves[0].source",
    ),
    "truncated": ('{"format": "aceynote", "version": 1, "games": [', "not valid JSON"),
    "wrong format": ('{"format": "pgn", "version": 1, "games": []}', "format"),
}


# A game of a document that is no game's is read as a game with that syntax error; the
# document itself, when it is not one, cannot be read on.
BAD_GAMES = {"wrong type", "unknown place"}


@pytest.mark.parametrize("name", sorted(BAD_DOCUMENTS))
def test_bad_json_gives_a_clear_error_with_its_path(name: str) -> None:
    text, where = BAD_DOCUMENTS[name]
    if name in BAD_GAMES:
        assert where in refusal(list(read_document(io.StringIO(text))))[0]
        return
    with pytest.raises(JsonRecordError) as error:
        list(read_document(io.StringIO(text)))
    assert where in str(error.value)


def _one_game_json() -> dict[str, object]:
    return game_to_json(parse_games('[White "a"]\n\n1. 64: in/19 in/21\n*\n')[0])


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda game: game.pop("tags"), 'game: "tags" is missing'),
        (lambda game: game["turns"][0].update(side="red"), 'game.turns[0].side: "red" is not'),
        (
            lambda game: game["turns"][0]["segments"][0].update(kind="double"),
            'game.turns[0].segments[0].kind: "double" is not',
        ),
        (lambda game: game.update(turns=None), "game.turns: null is not an array [...]"),
    ],
    ids=["no tags", "side", "kind", "turns"],
)
def test_game_from_json_refuses_what_is_not_a_game_with_its_path(
    damage: Callable[[dict[str, Any]], object], message: str
) -> None:
    # The API's game_from_json trusted its data to be schema-valid: KeyError 'tags',
    # KeyError 'red', KeyError 'double', TypeError, from deep inside.
    game = _one_game_json()
    damage(game)
    with pytest.raises(JsonRecordError) as error:
        game_from_json(game)
    assert str(error.value).startswith(message)


def test_a_game_of_a_document_that_no_record_could_say_is_refused_at_its_line() -> None:
    # The schema's check gave the line; the check of the record written back did not.
    game = _one_game_json()
    game["comments"] = ["c" * 200_000]  # schema-valid; past a record line's length
    text = json.dumps({**document_header(), "games": [_one_game_json(), game]}, indent=1)
    message, line, column = refusal(list(read_document(io.StringIO(text))))
    assert message.startswith("games[1].comments[0]: This comment has")
    second_game = [number for number, line in enumerate(text.splitlines(), 1) if line == "  {"]
    assert (line, column) == (second_game[1], 3)


@pytest.mark.parametrize(
    ("item", "message"),
    [("7", "7 is not an object {...}"), ('["a"]', '["a"] is not an object {...}')],
)
def test_a_game_that_is_no_object_is_refused_where_it_stands(item: str, message: str) -> None:
    # It stood at column 1 of its line: only objects had places.
    text = '{"format": "aceynote", "version": 1, "games": [\n  {}, ' + item + "]}"
    games = list(read_document(io.StringIO(text)))
    assert refusal(games[1:]) == (f"games[1]: {message}", 2, 7)


@pytest.fixture(scope="module")
def pretty_document() -> str:
    """Two games as a JSON document written by hand (indented), not by aceynote."""
    games = generate_games(2, seed=4, rules=RuleSet())
    return json.dumps({**document_header(), "games": [game_to_json(g) for g in games]}, indent=2)


@pytest.mark.parametrize("cut", [0.1, 0.37, 0.5, 0.81, 0.999])
@pytest.mark.parametrize("damage", ["truncated", "stray character"])
def test_a_document_read_in_small_windows_fails_where_json_does(
    pretty_document: str, cut: float, damage: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import aceynote.formats.jsonconv.stream as stream

    monkeypatch.setattr(stream, "WINDOW", 97)  # values cross many window ends
    at = int(len(pretty_document) * cut)
    text = pretty_document[:at] + ("" if damage == "truncated" else "\x01" + pretty_document[at:])
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    with pytest.raises(JsonRecordError) as found:
        list(read_document(io.StringIO(text)))
    assert f"(line {expected.value.lineno}, column {expected.value.colno})" in str(found.value)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n",
        "{",
        '{"format": "aceynote"',
        '{"format": "aceynote", "version": 1, "games": []',
        '{"format": "aceynote", "version": 1, "games": [] ',
    ],
)
def test_a_document_that_ends_early_fails_where_its_text_ends(text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    with pytest.raises(JsonRecordError) as found:
        list(read_document(io.StringIO(text)))
    assert f"(line {expected.value.lineno}, column {expected.value.colno})" in str(found.value)
    assert "the text ends here" in str(found.value)


WHAT_A_RECORD_IS = (
    'a JSON record is an object with "format", "version" and "games":'
    ' {"format": "aceynote", "version": 1, "games": [...]}'
)


@pytest.mark.parametrize(
    ("text", "kind", "column"),
    [
        ("[]", "an array", 1),
        ('  [{"tags": []}]\n', "an array", 3),
        ('"games"', "a string", 1),
        ("3", "a number", 1),
        ("-2.5e3", "a number", 1),
        ("\n true", "true", 2),
        ("false", "false", 1),
        ("null", "null", 1),
    ],
)
def test_json_that_is_no_object_is_not_called_invalid(text: str, kind: str, column: int) -> None:
    """It said "not valid JSON: expected a JSON object, {" of JSON that is valid, only not
    a record; it says what the document is and what a record is, at its line and column."""
    json.loads(text)  # valid JSON
    with pytest.raises(JsonRecordError) as found:
        list(read_document(io.StringIO(text)))
    line = 2 if text.startswith("\n") else 1
    assert str(found.value) == (
        f"this JSON is {kind}, not an aceynote record: {WHAT_A_RECORD_IS}"
        f" (line {line}, column {column})"
    )


@pytest.mark.parametrize("text", ["[", "[1,", "nul", "x", "-", "tru", "[] []", "3 {}", '"a'])
def test_text_that_is_no_json_at_the_start_is_still_called_so(text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    with pytest.raises(JsonRecordError) as found:
        list(read_document(io.StringIO(text)))
    assert str(found.value).startswith("not valid JSON: ")
    assert f"(line {expected.value.lineno}, column {expected.value.colno})" in str(found.value)


def test_an_array_past_a_games_length_is_named_as_one(monkeypatch: pytest.MonkeyPatch) -> None:
    import aceynote.formats.jsonconv.codec as codec

    monkeypatch.setattr(codec, "MAX_DOCUMENT", 50)  # a game of 50 characters at most
    text = "[" + ", ".join(["{}"] * 60) + "]"
    with pytest.raises(JsonRecordError) as found:
        list(read_document(io.StringIO(text)))
    assert str(found.value) == (
        f"this JSON starts as an array, not an aceynote record: {WHAT_A_RECORD_IS}"
        " (line 1, column 1)"
    )


def test_convert_says_an_array_is_no_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "arr.json"
    path.write_text("[]\n", encoding="utf-8")
    status, out, err = run_main(capsys, "convert", str(path), "--to", "acey")
    assert (status, out) == (2, "")
    assert f"{path}: this JSON is an array, not an aceynote record: " in err
    assert "not valid JSON" not in err


def test_a_document_read_in_small_windows_gives_every_game(
    pretty_document: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import aceynote.formats.jsonconv.stream as stream

    monkeypatch.setattr(stream, "WINDOW", 97)
    games = list(read_document(io.StringIO(pretty_document)))
    assert games == [game_from_json(g, "") for g in json.loads(pretty_document)["games"]]


def test_bad_json_lines_name_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = json.dumps(game_to_json(parse_games("1. 64: in/19 in/21\n*\n")[0]))
    bad = tmp_path / "bad.jsonl"
    bad.write_text(good + "\n" + good.replace('"white"', '"green"') + "\n")
    message, line, _ = refusal(list(read_json_lines(bad.open())))
    assert message.startswith("game.turns[0].side: ") and line == 2
    target = tmp_path / "out.acey"
    status, _, err = run_main(capsys, "convert", str(bad), "--to", "acey", "-o", str(target))
    assert status == 1
    # At the turn whose side is wrong (it stood at the game's start, column 1).
    turn = good.index("{", good.index('"turns": [')) + 1
    assert f"{bad}:2:{turn}: error AD100: game.turns[0].side" in err and "Traceback" not in err
    assert not target.exists()


def test_syntax_errors_stop_the_conversion_and_write_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bad.acey"
    source.write_text("1. 72: in/19\n*\n")
    target = tmp_path / "out.json"
    status, _, err = run_main(capsys, "convert", str(source), "--to", "json", "-o", str(target))
    assert status == 1
    assert "bad.acey:1:4: error AD100" in err
    assert not target.exists()


def test_stdin_and_unknown_extension(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1. 64: in/19 in/21\n*\n"))
    status, out, _ = run_main(capsys, "convert", "-", "--to", "jsonl")
    assert status == 0 and json.loads(out)["turns"][0]["side"] == "white"
    odd = tmp_path / "game.txt"
    odd.write_text("*\n")
    status, out, _ = run_main(capsys, "convert", str(odd), "--to", "json")
    assert status == 0 and json.loads(out)["games"][0]["result"] == "*"


def test_diagnostic_json_is_the_diagnostic_s_own_json() -> None:
    from aceynote.formats.jsonconv import diagnostic_json
    from aceynote.notation import parse_game
    from aceynote.validation import validate

    report = validate(parse_game('[Opening "5-3"]\n\n1. 53: 13/8 13/10\n*\n'))
    assert report.diagnostics
    for diagnostic in report.diagnostics:
        assert diagnostic_json(diagnostic) == diagnostic.as_json()
        assert diagnostic_json(diagnostic)["code"] == diagnostic.code.code


def test_the_schema_s_rules_take_every_value_of_every_rules_option_and_no_other() -> None:
    """The schema's rules part is produced from RuleSet: a new option or value is in it."""
    rules = Draft202012Validator(
        {"$ref": "#/$defs/rules", "$defs": schema()["$defs"]}, format_checker=None
    )
    standard = {"preset": "standard", **RuleSet().options()}
    assert rules.is_valid(standard)
    for name, values in option_choices().items():
        for value in values:
            parsed = RuleSet.parse(f"standard {name}={value}")
            assert rules.is_valid({"preset": "standard", **parsed.options()})
        assert not rules.is_valid({**standard, name: "maybe"})
    for preset in PRESETS:
        assert rules.is_valid({**standard, "preset": preset})
    assert not rules.is_valid({**standard, "preset": "club"})
    assert not rules.is_valid({key: value for key, value in standard.items() if key != "score"})


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ('"games": 5', r"games: 5 is not an array \[\.\.\.\]"),
        ('"games": {"tags": []}', r"is not an array \[\.\.\.\]"),
        ('"games": [], "games": 5', "the document has a second games member"),
        ('"games": 5, "games": []', "the document has a second games member"),
    ],
)
def test_games_that_are_not_one_array_are_named_as_such(games: str, message: str) -> None:
    document = io.StringIO('{"format": "aceynote", "version": 1, ' + games + "}")
    with pytest.raises(JsonRecordError, match=message):
        list(read_document(document))


@pytest.mark.parametrize(
    ("length", "why"), [(200_000, "200,000 characters"), (2_000_000, "2,000,000 characters")]
)
def test_a_game_whose_comment_no_record_could_hold_is_refused_at_its_place(
    length: int, why: str
) -> None:
    game = game_from_json(game_to_json(parse_games('[White "a"]\n\n1. 64: in/19 in/21\n*\n')[0]))
    game.comments = ["c" * length]
    document = {**document_header(), "games": [game_to_json(game)]}
    message = refusal(list(read_document(io.StringIO(json.dumps(document)))))[0]
    assert message.startswith(f"games[0].comments[0]: This comment has {why}")


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (
            "deep.json",
            '{"format": "aceynote", "version": 1, "games": [' + "[" * 5000 + "]" * 5000 + "]}",
        ),
        ("deep.jsonl", "[" * 5000 + "]" * 5000 + "\n"),
    ],
    ids=["document", "lines"],
)
@pytest.mark.parametrize(
    "command", [["validate"], ["find", "--count"], ["convert", "--to", "acey"]]
)
def test_json_nested_past_pythons_decoder_is_an_error_of_its_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str, command: list[str]
) -> None:
    """The error said "the record nests too deeply" and named no file, nor a place. A
    document cannot be read on past it; a line of JSON Lines is a game with that error."""
    path = tmp_path / name
    path.write_text(text)
    status, out, err = run_main(capsys, *command, str(path))
    if name.endswith(".json"):
        assert status == 2 and f"{path}: " in err and "nests too deeply to be read" in err
        assert "line 1" in err
    elif command[0] == "find":
        assert (status, out) == (0, "1\n")  # the line is a game, as it stands
    else:
        assert (
            status == 1
            and f"{path}:1:1: error AD100: not valid JSON: nests too deeply" in out + err
        )


def test_an_unknown_member_of_a_document_is_refused_where_it_stands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every member before the games was kept until they began: millions of extra keys were
    held whole (1.1 GB for 50 MB) before the document was refused."""
    path = tmp_path / "extra.json"
    extra = "".join(f'"k{number}": {number},\n' for number in range(1000))
    path.write_text('{"format": "aceynote",\n' + extra + "this is no JSON")
    status, _, err = run_main(capsys, "validate", str(path))
    assert status == 2 and "no JSON" not in err
    # It said "Additional properties are not allowed ('k0' was unexpected)": no path, no line.
    members = "the members are format, version, games"
    assert f"{path}: k0: no such member here; {members} (line 2)" in err


def test_a_member_a_game_may_not_have_is_named_by_its_path() -> None:
    game = _one_game_json()
    game["turns"][0]["odd"] = 1  # type: ignore[index]
    message = refusal(list(read_json_lines(io.StringIO(json.dumps(game) + "\n"))))[0]
    assert message.startswith("game.turns[0].odd: no such member here; the members are side,")


def _one_commented_game(comment: str) -> str:
    game = _one_game_json()
    game["turns"][0]["segments"][0]["comments"] = [comment]  # type: ignore[index]
    return json.dumps(game)


@pytest.mark.parametrize("line_end", ["\r", "\r\n"])
def test_a_line_end_in_a_comment_reads_as_a_plain_newline(
    line_end: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/notation.md choice 15: a record reads any line end in a comment as a newline, so
    JSON does too (a CR in a comment was refused as a game whose turns 'do not follow')."""
    path = tmp_path / "cr.jsonl"
    path.write_text(_one_commented_game(f"a{line_end}b") + "\n", newline="")
    status, out, err = run_main(capsys, "convert", str(path), "--to", "jsonl")
    assert status == 0, err
    assert json.loads(out)["turns"][0]["segments"][0]["comments"] == ["a\nb"]


def test_a_comment_line_that_looks_like_a_tag_is_refused_at_its_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record would read such a line as a new game's tag: the message named a comment
    'never closed' with no path."""
    path = tmp_path / "tag.jsonl"
    path.write_text(_one_commented_game('x\n[Event "y"]\nz') + "\n")
    status, out, err = run_main(capsys, "validate", str(path))
    assert status == 1
    assert "game.turns[0].segments[0].comments[0]" in out + err
    assert "look like a tag" in out + err and "never closed" not in out + err
    last_line = _one_commented_game('x\n[Event "y"]')  # the '}' follows it: read back alike
    path.write_text(last_line + "\n")
    assert run_main(capsys, "validate", str(path))[0] == 0


def test_a_schema_file_in_the_package_is_the_schema_or_is_named_and_marked_a_template() -> None:
    """The package's aceynote.schema.json, which docs/json.md called the schema, held
    placeholders for the rules, the segment kinds and the glyphs."""
    from importlib.resources import files

    docs = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    found = [
        each for each in files("aceynote.formats.jsonconv").iterdir() if each.name.endswith(".json")
    ]
    assert found
    for each in found:
        data = json.loads(each.read_text(encoding="utf-8"))
        if "template" in each.name:
            assert "not the schema" in data["$comment"]
            assert f"`aceynote/formats/jsonconv/{each.name}`" in docs
        else:
            assert data == schema(), each.name


@pytest.mark.parametrize("line_end", ["\n", "\r\n", ""])
@pytest.mark.parametrize("text", ['{"a": [1, 2', '{"a": [1, 2] "b"', '{"a": "x', "{oops"])
def test_a_json_lines_error_stands_where_pythons_parser_puts_it(text: str, line_end: str) -> None:
    """A line cut short was reported at column 1 (of the line after, by the parser's count)."""
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    message, line, column = refusal(list(read_json_lines(io.StringIO(f"\n{text}{line_end}"))))
    assert message.startswith("not valid JSON: ") and expected.value.msg not in message
    assert (line, column) == (2, expected.value.colno)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"a" 1}', "expected ':' after the member's name"),
        ("[1 2]", "expected ',' between two items or members"),
        ('"a\\q"', "a backslash escape JSON does not have; write \\\\ for a backslash"),
        ('"\\u12"', "\\u is followed by four hexadecimal digits in JSON"),
        ('"a\tb"', "a tab or line end inside a string: write it as \\t or \\n"),
        ('"abc', 'this string is not closed by a " on its line'),
        ("1 2", "extra data after the value's end"),
        ("x", "expected a value here: a string, a number, an object {...}, an array [...]"),
    ],
)
def test_json_that_is_not_valid_is_said_in_a_players_words(text: str, said: str) -> None:
    """Python's own words reached the user: "Expecting value", "Invalid \\escape"."""
    (game,) = read_json_lines(io.StringIO(text + "\n"))
    assert game.problems[0].message.startswith(f"not valid JSON: {said}")


@pytest.mark.parametrize("text", ["[1,]", '{"a": 1,}'])
def test_a_trailing_comma_is_said_in_a_players_words(text: str) -> None:
    """Python 3.13 says "Illegal trailing comma", earlier ones "Expecting ..."; both in words."""
    (game,) = read_json_lines(io.StringIO(text + "\n"))
    message = game.problems[0].message
    assert message.startswith("not valid JSON: ") and not re.search("Expecting|Illegal", message)
