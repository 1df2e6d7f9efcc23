"""Hostile input: numbers too long to mean anything, values and games past the reader's
limits, and JSON no record could say (issue 10). Every case is a located message in a
player's words, never a traceback, and memory stays bounded (measured with tracemalloc,
which counts allocations, not time).
"""

from __future__ import annotations

import io
import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import refusal
from hypothesis import given, settings
from hypothesis import strategies as st

from aceynote.cli import main
from aceynote.formats.jsonconv import JsonRecordError, game_to_json, read_document, read_json_lines
from aceynote.notation import ReadError, parse_game, parse_games, read_games, write_game
from aceynote.notation.limits import (
    MAX_COMMENT,
    MAX_DIGITS,
    MAX_GAME_WORDS,
    MAX_LINE_BYTES,
    MAX_MOVES_PER_PLAY,
    MAX_PROBLEMS,
    MAX_TAG_VALUE,
    MAX_TAGS,
)
from aceynote.notation.tags import tag_value_problem
from aceynote.notation.writer import merge_trips
from aceynote.rules import Position, SetupError
from aceynote.validation import validate

MB = 1024 * 1024

# Where a number can stand in a record, with {n} for the number.
NUMBER_SLOTS = [
    "{n}. 64: in/19 in/21\n*\n",
    "1. 64: in/19 in/21  {n}... 43: in/21 in/22\n*\n",
    "1. 64: in/19 in/21 ${n}\n*\n",
    "1. 64: in/19 in/21\n{n}-0\n",
    "1. 64: in/19 in/21\n0-{n}\n",
    "1. 64: in/{n} in/21\n*\n",
    "1. 64: {n}/19 in/21\n*\n",
    "1. 64: in/19({n}) in/21\n*\n",
]


@settings(max_examples=40, deadline=None)
@given(
    slot=st.sampled_from(NUMBER_SLOTS),
    digits=st.integers(min_value=MAX_DIGITS + 1, max_value=6000),
    first=st.sampled_from("123456789"),
)
def test_a_number_of_any_length_is_a_located_syntax_error(
    slot: str, digits: int, first: str
) -> None:
    text = slot.format(n=first + "0" * (digits - 1))
    game = parse_game(text)
    assert game.problems, "a number that long means nothing"
    problem = game.problems[0]
    assert problem.span.line >= 1 and problem.span.column >= 1
    assert "Exceeds the limit" not in problem.message
    assert len(problem.message) < 200
    report = validate(game)
    assert report.errors


@pytest.mark.parametrize("digits", [MAX_DIGITS, 3])
def test_long_but_readable_numbers_still_read(digits: int) -> None:
    game = parse_game(f"1. 64: in/19 in/21 ${'1' * digits}\n*\n")
    assert not game.problems


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ("W 1:" + "1" * 5000 + " / B 6:2 / W", "checkers on 1; a side has 15"),
        ("W " + "1" * 5000 + ":1 / B 6:2 / W", "is not a place"),
        ("W 1:" + "0" * 5000 + " / B 6:2 / W", "count below 1"),
        ("W in:99999 / B 6:2 / W", "White has 99999 checkers in the pool; a side"),  # "on in"
        ("W bar:0 / B 6:2 / W", "White has a count below 1 on the bar"),
    ],
)
def test_setup_numbers_of_any_length_are_refused_in_words(setup: str, words: str) -> None:
    with pytest.raises(SetupError) as raised:
        Position.from_setup(setup)
    assert words in str(raised.value)
    assert len(str(raised.value)) < 200


def test_leading_zeros_of_a_setup_count_are_read() -> None:
    assert Position.from_setup("W 1:" + "0" * 5000 + "3 / B 6:2 / W").white[1] == 3


def test_a_result_tag_of_any_length_is_checked_in_words() -> None:
    problem = tag_value_problem("Result", "1" * 5000 + "-0")
    assert problem is not None and "5,000 digits" in problem


# -- limits ---------------------------------------------------------------------------


def test_a_tag_value_past_the_limit_is_a_syntax_error() -> None:
    text = f'[Event "{"x" * (MAX_TAG_VALUE + 1)}"]\n[White "a"]\n\n1. 64: in/19 in/21\n*\n'
    game = parse_game(text)
    assert [p.span.line for p in game.problems] == [1]
    assert "tag values of up to" in game.problems[0].message
    assert game.tag("White") == "a"


def test_a_play_of_too_many_moves_is_a_syntax_error() -> None:
    moves = " ".join(["13/7"] * (MAX_MOVES_PER_PLAY + 1))
    game = parse_game(f"1. 64: in/19 in/21  43: {moves}\n*\n")
    [problem] = game.problems
    assert "at most four checkers" in problem.message
    assert len(game.turns) == 1  # White's turn before it is kept


def test_moves_over_several_lines_count_together() -> None:
    line = " ".join(["13/7"] * (MAX_MOVES_PER_PLAY // 2 + 1))
    game = parse_game(f"1. 64: {line}\n{line}\n*\n")
    assert game.problems and "at most four checkers" in game.problems[0].message


def test_problems_of_a_game_are_capped() -> None:
    game = parse_game("zz\n" * (MAX_PROBLEMS * 3))
    assert len(game.problems) == MAX_PROBLEMS + 1
    assert f"reports the first {MAX_PROBLEMS}" in game.problems[-1].message


def test_a_game_past_the_word_limit_keeps_its_turns_before_the_limit() -> None:
    turns = MAX_GAME_WORDS // 4 + 10
    body = "".join(f"{n}. 64: 13/7 13/9  43: 13/9 13/10\n" for n in range(1, turns + 1))
    games = parse_games(body + "*\n\n" + '[White "next"]\n\n1. 64: in/19 in/21\n*\n')
    assert len(games) == 2
    first, second = games
    assert any("words of movetext" in p.message for p in first.problems)
    assert 0 < len(first.turns) <= MAX_GAME_WORDS
    assert second.tag("White") == "next" and not second.problems


def _peak(action: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        # A 1 MB tag value: before, about 165 bytes a character in the tag patterns.
        ('[Event "' + "x" * 1_000_000 + '"]\n\n1. 64: in/19 in/21\n*\n', 20 * MB),
        # A 1 MB line of moves: before, 250 MB.
        ("1. 64: " + " ".join(["13/7"] * 200_000) + "\n*\n", 20 * MB),
        # Syntax errors without end: before, growing without bound.
        pytest.param("zz\n" * 300_000, 40 * MB, marks=pytest.mark.slow),
        # A comment that closes and opens again on every line.
        ("1. 64: in/19 in/21 {a\n" + "} {b\n" * 40_000 + "}\n*\n", 40 * MB),
    ],
    ids=["tag-value", "line-of-moves", "endless-errors", "comments-across-lines"],
)
def test_reading_hostile_records_takes_bounded_memory(
    text: str, limit: int, tmp_path: Path
) -> None:
    path = tmp_path / "hostile.acey"
    path.write_text(text, encoding="utf-8")
    del text

    def read() -> None:
        for game in read_games(path):
            validate(game)

    assert _peak(read) < limit


def _measured(path: Path) -> tuple[int, list[str]]:
    """The peak memory of reading a record file, and the problems of its games."""
    messages: list[str] = []

    def read() -> None:
        messages.extend(p.message for game in read_games(path) for p in game.problems)

    return _peak(read), messages


# Hostile records of n units (about 0.6 MB a unit), each a single game past a limit.
GROWING = {
    "tags": lambda n: (
        "".join(f'[T{i} "x"]\n' for i in range(60_000 * n)) + "\n1. 64: in/19 in/21\n*\n"
    ),
    "comment-over-lines": lambda n: "1. 64: in/19 in/21 {" + "words\n" * 100_000 * n + "}\n*\n",
    "turns-on-one-line": lambda n: "1. 64: 13/7 13/9  43: 13/9 13/10 " * 12_000 * n + "\n*\n",
}


@pytest.mark.parametrize("case", GROWING)
def test_a_game_past_its_limits_is_read_in_memory_that_does_not_grow(
    case: str, tmp_path: Path
) -> None:
    sizes = {}
    for n in (1, 2):
        path = tmp_path / f"{case}-{n}.acey"
        path.write_text(GROWING[case](n) + '[White "next"]\n\n1. 64: in/19 in/21\n*\n')
        sizes[n], messages = _measured(path)
        assert any("aceynote reads" in message for message in messages), messages
        assert [game.tag("White") for game in read_games(path)][-1] == "next"
    assert sizes[2] < 1.3 * sizes[1] and sizes[2] < 64 * MB, sizes


@pytest.mark.parametrize("case", GROWING)
def test_fmt_prints_a_game_past_its_limits_whole_in_memory_that_does_not_grow(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sizes, texts = {}, {}
    for n in (1, 2):
        broken = texts[n] = GROWING[case](n)
        path = tmp_path / f"{case}-{n}.acey"
        path.write_text(broken + '[White "next"]\n\n1. 64: in/19 in/21\n*\n')
        capsys.readouterr()
        sizes[n] = _peak(lambda: main(["fmt", str(path)]))  # noqa: B023 - called at once
        out = capsys.readouterr().out
        assert out.startswith(broken), "the broken game is printed as it stands, all of it"
        assert out.endswith('[White "next"]\n\n1. 64: in/19 in/21\n*\n')
    # What may grow with the text: the copy of the file and the output (fmt keeps each in
    # memory up to 8 MB), the output captured here as bytes and as text, a long line as read
    # (bytes and text): eight copies at most; and where each line starts (8 bytes a line).
    # A line kept as text (before) took about 150 bytes.
    added = len(texts[2]) - len(texts[1])
    lines = texts[2].count("\n") - texts[1].count("\n")
    assert sizes[2] - sizes[1] < 8 * added + 8 * lines, sizes


def test_tags_past_their_limit_are_a_syntax_error_at_the_first_one_too_many() -> None:
    tags = "".join(f'[T{i} "x"]\n' for i in range(MAX_TAGS + 5))
    game = parse_game(tags + "\n1. 64: in/19 in/21\n*\n")
    [problem] = game.problems
    assert problem.span.line == MAX_TAGS + 1 and "more than 1,000 tags" in problem.message
    assert len(game.tags) == MAX_TAGS


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_comment_past_its_limit_is_a_syntax_error_at_its_start(newline: str) -> None:
    lines = ["x" * 99] * (MAX_COMMENT // 100 + 1)
    text = newline.join(["1. 64: in/19 in/21  43: {", *lines, "} in/21 in/22", "*", ""])
    game = parse_game(text)
    [problem] = game.problems
    assert (problem.span.line, problem.span.column) == (1, 25)
    assert f"past {MAX_COMMENT:,} characters" in problem.message
    assert len(game.turns) == 1  # White's turn before it is kept
    inside = newline.join(["1. 64: in/19 in/21 {", *lines[:-2], "} 43: in/21 in/22", "*", ""])
    assert not parse_game(inside).problems


def test_a_comment_on_one_line_past_its_limit_is_a_syntax_error() -> None:
    game = parse_game("1. 64: in/19 in/21 {" + "x" * MAX_COMMENT + "y} 43: in/21 in/22\n*\n")
    [problem] = game.problems
    assert problem.span.column == 20 and "characters" in problem.message


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_a_line_past_its_limit_stops_the_reading_at_its_place(newline: str, tmp_path: Path) -> None:
    path = tmp_path / "long.acey"
    good = newline.join(["1. 64: in/19 in/21", "*", '[White "b"]', "", "1. 64: in/19 in/21", ""])
    path.write_bytes((good + "x" * (MAX_LINE_BYTES + 1) + newline + "*" + newline).encode())
    games = []
    with pytest.raises(ReadError) as raised:
        games.extend(read_games(path))
    # The reading stops at the line as at a file's end: the game before it, and the one
    # it stands in as far as it goes (as find prints it).
    assert [len(game.turns) for game in games] == [1, 1]
    assert str(raised.value).startswith(f"{path}:6: this line goes on past 1,048,576 bytes")
    fits = good + "{" + "x" * (MAX_LINE_BYTES // 20) + "}" + newline + "*" + newline
    path.write_bytes(fits.encode())
    assert len(list(read_games(path))) == 2
    with pytest.raises(ReadError, match=":6: this line goes on past"):
        list(read_games(io.StringIO(path.read_text().replace("{", "é" * MAX_LINE_BYTES, 1))))


def test_a_file_of_lines_ended_by_lone_crs_is_read_past_the_line_limit(tmp_path: Path) -> None:
    path = tmp_path / "mac.acey"
    game = '[White "a"]\r\r1. 64: in/19 in/21\r*\r\r'
    path.write_bytes((game + "\r" * MAX_LINE_BYTES + game).encode())
    assert [len(game.turns) for game in read_games(path)] == [1, 1]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/full"])
def test_an_endless_device_is_refused_in_bounded_memory(
    device: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if not Path(device).exists():
        pytest.skip(f"no {device} here")
    assert _peak(lambda: main(["validate", device])) < 10 * MB
    assert main(["validate", "--jobs", "2", device]) == 2
    error = capsys.readouterr().err
    assert f"{device}:1: this line goes on past 1,048,576 bytes (1 MiB)" in error


@pytest.mark.slow
def test_a_very_long_game_takes_bounded_memory() -> None:
    def lines() -> object:
        yield '[White "a"]\n\n'
        for n in range(1, 100_001):
            yield f"{n}. 64: 13/7 13/9  43: 13/9 13/10\n"
        yield "*\n"

    assert _peak(lambda: [game.problems for game in read_games(lines())]) < 200 * MB  # type: ignore[arg-type]


def test_merging_a_long_play_keeps_every_checker() -> None:
    game = parse_game("1. 44: 13/9 13/9 13/9 13/9 13/9*\n*\n")
    [segment] = game.turns[0].segments
    merged = merge_trips(segment.moves)
    assert sum(move.count for move in merged) == 5
    assert [move.count for move in merged] == [4, 1]
    assert "13/9(4) 13/9*" in write_game(game)


# -- JSON --------------------------------------------------------------------------------


def _document(games: list[object]) -> str:
    return json.dumps({"format": "aceynote", "version": 1, "games": games})


def _json_game(comment: str) -> str:
    from aceynote.formats.jsonconv import game_to_json

    data = game_to_json(parse_game("{x}\n1. 64: in/19 in/21\n*\n"))
    data["comments"] = [comment]
    return json.dumps(data)


def test_a_lone_surrogate_in_json_is_refused_with_its_path() -> None:
    line = _json_game("\ud800")
    assert "\\ud800" in line
    message, line_number, _ = refusal(list(read_json_lines(io.StringIO(line + "\n"))))
    assert message.startswith("game.comments[0]: ") and line_number == 1
    assert "surrogate" in message


def test_a_json_number_of_any_length_is_refused_at_its_place() -> None:
    line = _json_game("fine").replace('"number": 1', '"number": 1' + "0" * 5000)
    message, line_number, column = refusal(list(read_json_lines(io.StringIO(line + "\n"))))
    assert "5,001 digits" in message and line_number == 1
    assert line[column - 1 : column + 3] == "1000"  # at the number


def _document_of(games: int, folder: Path) -> Path:
    """A JSON document of ``games`` generated games, written by ``aceynote convert``."""
    record, document = folder / f"g{games}.acey", folder / f"g{games}.json"
    assert main(["generate", "--games", str(games), "--seed", "5", "-o", str(record)]) == 0
    assert main(["convert", str(record), "--to", "json", "-o", str(document)]) == 0
    return document


@pytest.mark.slow
def test_a_json_document_is_read_in_memory_that_does_not_grow_with_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import aceynote.formats.jsonconv.stream as stream

    monkeypatch.setattr(stream, "WINDOW", 4096)  # the documents are many windows long
    small, large = _document_of(8, tmp_path), _document_of(16, tmp_path)
    assert large.stat().st_size > 1.8 * small.stat().st_size

    def reading(path: Path) -> Callable[[], object]:
        return lambda: sum(1 for _ in read_document(path.open(encoding="utf-8")))

    reading(small)()  # the modules a read imports are paid for before either is measured
    assert _peak(reading(large)) < 1.3 * _peak(reading(small))


def test_every_json_document_aceynote_writes_it_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import aceynote.formats.jsonconv.codec as convert

    document = _document_of(12, tmp_path)
    monkeypatch.setattr(convert, "MAX_DOCUMENT", document.stat().st_size // 4)  # the old limit
    capsys.readouterr()
    assert main(["convert", str(document), "--to", "acey"]) == 0
    back = capsys.readouterr().out
    assert main(["fmt", str(tmp_path / "g12.acey")]) == 0
    assert back == capsys.readouterr().out


def test_the_size_limit_of_a_json_document_is_one_games(monkeypatch: pytest.MonkeyPatch) -> None:
    import aceynote.formats.jsonconv.codec as convert

    game = game_to_json(parse_game("1. 64: in/19 in/21 43: in/21 in/22\n*\n"))
    size = len(json.dumps(game))
    monkeypatch.setattr(convert, "MAX_DOCUMENT", size + 10)
    many = {"format": "aceynote", "version": 1, "games": [game] * 20}  # 20 times the limit
    assert len(list(read_document(io.StringIO(json.dumps(many))))) == 20
    game["comments"] = ["x" * size]
    one_too_large = {"format": "aceynote", "version": 1, "games": [game]}
    with pytest.raises(JsonRecordError) as raised:
        list(read_document(io.StringIO(json.dumps(one_too_large))))
    assert "over" in str(raised.value) and "line 1" in str(raised.value)


def test_a_byte_that_is_not_utf8_is_located_in_a_piece_of_a_larger_file() -> None:
    from aceynote.notation import ReadError

    with pytest.raises(ReadError) as raised:
        list(read_games(io.BytesIO(b"\n1. 64: in/19 \xff in/21\n"), first_line=41))
    assert "<input>:42:14:" in str(raised.value)


def test_deeply_nested_variations_are_a_syntax_error_not_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    depth = 300
    text = "1. 64: in/19 in/21 " + "(1. 64: in/19 in/21 " * depth + ")" * depth + " *\n"
    path = tmp_path / "deep.acey"
    path.write_text(text)
    for command in (
        ["validate", str(path)],
        ["fmt", str(path)],
        ["convert", str(path), "--to", "json"],
    ):
        assert main(command) == 1
        captured = capsys.readouterr()
        assert "variations nest more than 50 deep" in captured.out + captured.err
    game = parse_game(text)
    assert "variations nest more than 50 deep" in game.problems[0].message


def test_deeply_nested_json_is_refused() -> None:
    data: object = []
    for _ in range(300):
        data = [data]
    document = {"format": "aceynote", "version": 1, "games": data}
    assert "nests more than" in refusal(list(read_document(io.StringIO(json.dumps(document)))))[0]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda g: g["turns"][0]["segments"][0]["moves"][0]["stops"].insert(
                0, {"place": "off", "hit": False}
            ),
            "'off' comes last",
        ),
        (lambda g: g["turns"][0]["segments"][0].update(kind="extra_roll"), "expected a roll"),
    ],
)
def test_json_that_no_record_could_say_is_refused(change: object, words: str) -> None:
    game = game_to_json(parse_game("1. 64: in/19 in/21 43: in/21 in/22\n*\n"))
    change(game)  # type: ignore[operator]
    document = {"format": "aceynote", "version": 1, "games": [game]}
    message = refusal(list(read_document(io.StringIO(json.dumps(document)))))[0]
    assert message.startswith("games[0]: cannot be written as a record") and words in message


def _binary_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    """Standard input as a real byte stream (``sys.stdin.buffer``), not read whole."""
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_standard_input_with_no_line_end_is_told_in_bounded_memory(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _binary_stdin(monkeypatch, b"x" * (8 * MAX_LINE_BYTES))
    assert _peak(lambda: main(["validate", "-"])) < 6 * MB
    assert "<stdin>:1: this line goes on past 1,048,576 bytes (1 MiB)" in capsys.readouterr().err


def test_a_first_line_read_only_in_part_to_tell_the_format_is_given_back_whole() -> None:
    from aceynote.commands.input_formats import Replayed

    rest = io.BytesIO(b"def\nnext\n")
    stream = Replayed(b"abc", rest)  # "abc" was read of the line "abcdef"
    assert [stream.readline(), stream.readline(), stream.readline()] == [
        b"abcdef\n",
        b"next\n",
        b"",
    ]
    bounded = Replayed(b"abc", io.BytesIO(b"def\n"))
    assert [bounded.readline(5), bounded.readline(5)] == [b"abcde", b"f\n"]
    # Several lines read to tell the format (blank lines first) come back one by one.
    lines = Replayed(b"\n\r\nabc", io.BytesIO(b"def\nnext\n"))
    assert list(iter(lines.readline, b"")) == [b"\n", b"\r\n", b"abcdef\n", b"next\n"]


def test_comments_before_any_tag_are_kept_up_to_the_limit_of_a_game() -> None:
    # Before, every comment before the first tag was kept: 540 MB to validate 10 MB of them.
    text = "{a comment}\n" * (MAX_GAME_WORDS + 5_000) + '[White "first"]\n\n*\n'
    first, second = parse_games(text + '[White "next"]\n\n1. 64: in/19 in/21\n*\n')
    assert len(first.comments) <= MAX_GAME_WORDS
    problem = first.problems[0]
    assert "more than 50,000 comments before its tags" in problem.message
    assert problem.span.line == MAX_GAME_WORDS + 1
    assert second.tag("White") == "next" and not second.problems
