"""Hostile and odd .match files, and how a game cut short goes in and out (issue 23).

What the notation cannot hold is refused where the .match says it (one reader,
one answer: convert and validate read through the same reader); a game's end
goes through a replay and back as docs/bgammon.md's table says; and reading
or writing a replay holds one game at a time.
"""

from __future__ import annotations

import gc
import io
import os
from array import array
from collections.abc import Callable
from pathlib import Path

import pytest
from boards import BGAMMON
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hostile_input import _peak

import aceynote.formats.bgammon.match_writer as writer
from aceynote.cli import main
from aceynote.formats.bgammon import game_lines, left_out, match_text, read_match
from aceynote.formats.bgammon.match_limits import MAX_GAME_EVENTS
from aceynote.formats.bgammon.match_writer import MatchWriteError, index_lines
from aceynote.notation import Game, parse_game, write_game
from aceynote.notation.generate import generate_games
from aceynote.notation.limits import MAX_TAG_VALUE
from aceynote.validation import validate

MB = 1024 * 1024
HEADER = "i 1702738670 Park Moss 5 1 2 0 1 1"
OPENING = "1 r 6-1 off/19, off/24"


def read(text: str) -> list[Game]:
    return list(read_match(io.BytesIO(text.encode("utf-8"))))


def with_index(*games: str) -> str:
    return match_text([game.strip("\n").split("\n") for game in games])


def convert(path: Path, *args: str) -> int:
    return main(["convert", str(path), *args])


# -- what the notation cannot hold ----------------------------------------------------


def test_a_roll_after_an_acey_deucey_that_is_not_a_double_is_refused_where_it_stands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = tmp_path / "eq52.match"
    match.write_text(
        with_index("i 0 a b 1 0 0 0 1 1\n1 r 2-1 off/23, off/24\n1 r 5-2 off/20, off/23\n")
    )
    [game] = read(match.read_text())
    problem = next(p for p in game.problems if "not a double" in p.message)
    assert (problem.span.line, problem.span.column) == (4, 5)
    out = tmp_path / "eq52.acey"
    assert convert(match, "--to", "acey", "-o", str(out)) == 1
    assert "eq52.match:4:5:" in capsys.readouterr().err and not out.exists()
    assert main(["validate", str(match)]) == 1
    assert "eq52.match:4:5: error AD100: after an acey-deucey" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("header", "column", "words"),
    [
        ("i 0 a b 1 0 0 1 12345678901 1", 17, "the points field has 11 digits"),
        ("i 0 a b 1 0 0 1 ² 1", 17, "the points field is a number written in the digits 0-9"),
        ("i 0 a b ² 0 0 1 1 1", 9, "the match length is a number"),
        ("i 0 a b 1 0 1234567890 1 1 1", 13, "player 2's score has 10 digits"),
        ("i 0 a b 1 0 0 7 1 1", 15, "the winner is 0 (none), 1 or 2, not '7'"),
        (f"i 0 {'x' * (MAX_TAG_VALUE + 1)} b 1 0 0 1 1 1", 5, "player 1's name has 10,001"),
    ],
    ids=["points-digits", "points-superscript", "length", "score", "winner", "name"],
)
def test_header_values_a_record_cannot_hold_are_located(
    header: str, column: int, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = tmp_path / "header.match"
    match.write_text(with_index(f"{header}\n{OPENING}\n2 t\n"))
    [game] = read(match.read_text())
    [problem] = game.problems
    assert (problem.span.line, problem.span.column) == (2, column)
    assert words in problem.message
    assert game.turns  # the header's values leave the moves readable
    assert convert(match, "--to", "acey") == 1
    assert f"header.match:2:{column}: error AD100: {words}" in capsys.readouterr().err


# -- the index table ------------------------------------------------------------------


def test_the_index_gives_offsets_of_eight_digits_up_to_what_they_can_say() -> None:
    sizes = array("q", [99_999_000, 900])
    assert list(index_lines(sizes)) == [
        "bgammon-replay 00000048\n",
        "bgammon-replay 99999048\n",
    ]
    with pytest.raises(MatchWriteError, match="game 3 would start at byte 100,000,000"):
        list(index_lines(array("q", [99_999_000, 928, 10])))  # 72 + 99,999,928
    last = list(index_lines(array("q", [99_999_000, 927, 10])))[-1]
    assert last == "bgammon-replay 99999999\n"


def test_a_replay_past_what_its_index_can_say_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "games.acey"
    record.write_text("\n".join(write_game(g) for g in generate_games(3, 9, BGAMMON)))
    monkeypatch.setattr(writer, "OFFSET_DIGITS", 3)  # 999 bytes: the games need more
    out = tmp_path / "games.match"
    assert convert(record, "--to", "bgammon", "-o", str(out)) == 1
    err = capsys.readouterr().err
    assert "cannot be one bgammon.org replay: game 2 would start at byte" in err
    assert "offsets of 3 digits" in err and not out.exists()


def test_an_index_line_too_many_is_told_with_the_one_game_there_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = tmp_path / "two.match"
    match.write_text(
        "bgammon-replay 00000048\nbgammon-replay 00000099\n" + HEADER + "\n" + OPENING + "\n"
    )
    [game] = read(match.read_text())
    assert [p.message for p in game.problems] == [
        "the index table lists 2 games, but the file holds 1"
    ]
    assert game.turns
    assert main(["validate", str(match)]) == 1
    assert "1 game, 1 turn: 1 error" in capsys.readouterr().out


def test_a_game_past_the_index_keeps_its_turns_and_the_count_is_singular() -> None:
    text = with_index(HEADER + "\n" + OPENING + "\n")
    games = read(text + HEADER + "\n2 r 6-1 off/6, off/1\n")
    assert [p.message for p in games[1].problems] == [
        "the index table lists 1 game; this is game 2"
    ]
    assert games[1].turns


def test_blank_lines_between_index_lines_are_skipped() -> None:
    first, second = HEADER + "\n" + OPENING + "\n", HEADER + "\n2 r 6-1 off/6, off/1\n"
    start = 2 * 24 + 1  # two index lines and a blank one
    text = f"bgammon-replay {start:08d}\n\nbgammon-replay {start + len(first):08d}\n"
    games = read(text + first + second)
    assert [game.problems for game in games] == [[], []]
    assert all(game.turns for game in games)


def test_an_index_table_past_its_limit_is_told_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import aceynote.formats.bgammon.match_lines as lines

    monkeypatch.setattr(lines, "MAX_INDEX_LINES", 2)
    text = "bgammon-replay 00000072\n" * 3 + HEADER + "\n" + OPENING + "\n"
    [game] = read(text)
    assert [(p.span.line, p.message) for p in game.problems] == [
        (2, "the index table lists 3 games, but the file holds 1"),
        (3, "the index table has 3 lines; aceynote reads replays of up to 2 games"),
    ]
    assert game.turns


def test_an_index_table_of_thousands_counts_as_its_limit_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """'the index table has 1001 lines; aceynote reads replays of up to 1,000 games': the count
    lost its separator when the messages took terminal_text.counted."""
    import aceynote.formats.bgammon.match_lines as lines

    monkeypatch.setattr(lines, "MAX_INDEX_LINES", 1000)
    text = "bgammon-replay 00000072\n" * 1001 + HEADER + "\n" + OPENING + "\n"
    [game] = read(text)
    said = [p.message for p in game.problems]
    assert "the index table has 1,001 lines; aceynote reads replays of up to 1,000 games" in said


# -- events ---------------------------------------------------------------------------


def test_nothing_follows_the_t_event() -> None:
    header = "i 0 a b 1 0 0 2 1 1"
    [game] = read(with_index(f"{header}\n{OPENING}\n1 t\n2 r 5-2 off/20, off/23\n"))
    [problem] = game.problems
    assert (problem.span.line, problem.span.column) == (5, 1)
    assert "ended with the 't' event on line 4" in problem.message


def test_a_game_past_the_event_limit_is_cut_there(monkeypatch: pytest.MonkeyPatch) -> None:
    import aceynote.formats.bgammon.match_reader as reader

    monkeypatch.setattr(reader, "MAX_GAME_EVENTS", 3)
    [game] = read(with_index(HEADER + "\n" + "\n".join(["1 d 2 1"] * 5)))
    assert [p.span.line for p in game.problems] == [6]
    assert "past 3 events" in game.problems[0].message
    assert MAX_GAME_EVENTS >= 20_000  # a record's longest game still fits


def test_a_game_past_the_event_limit_is_not_written(monkeypatch: pytest.MonkeyPatch) -> None:
    game = next(generate_games(1, 2, BGAMMON))
    monkeypatch.setattr(writer, "MAX_GAME_EVENTS", 3)
    reason = writer.refusal(game, validate(game)) or ""
    assert reason.startswith("it needs ") and reason.endswith("replays of games up to 3")


# -- how a game ends, in and out ------------------------------------------------------

ENDINGS = [
    # (Termination, winner: 0 none, 1 White, 2 Black), what a replay gives back
    ("resignation", 1, "resignation"),
    ("resignation", 2, "resignation"),
    ("time", 1, "time"),
    ("time", 2, "time"),
    ("abandoned", 1, "abandoned"),
    ("abandoned", 2, "abandoned"),
    ("abandoned", 0, "abandoned"),
    (None, 0, None),
    ("resignation", 0, "abandoned"),  # a replay with no winner cannot say who resigned
    ("time", 0, "abandoned"),
]


def _cut_short(seed: int, turns: int, termination: str | None, winner: int, points: int) -> Game:
    game = next(generate_games(1, seed, BGAMMON))
    game.turns = game.turns[: max(1, min(turns, len(game.turns) - 2))]
    game.result = {0: "*", 1: f"{points}-0", 2: f"0-{points}"}[winner]
    game.set_tag("Result", game.result)
    if termination is not None:
        game.set_tag("Termination", termination)
    assert validate(game).errors == 0
    return game


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    turns=st.integers(1, 40),
    ending=st.sampled_from(ENDINGS),
    points=st.integers(1, 4),
)
def test_a_game_cut_short_goes_through_a_replay_and_back(
    seed: int, turns: int, ending: tuple[str | None, int, str | None], points: int
) -> None:
    termination, winner, back_as = ending
    game = _cut_short(seed, turns, termination, winner, points)
    lines = game_lines(game, validate(game))
    [again] = read(match_text([lines]))
    assert again.tag("Termination") == back_as
    assert again.result == game.result
    assert validate(again).errors == 0
    assert ("Termination" in " ".join(left_out(game))) == (back_as != termination)
    # and the replay read back writes the same replay
    assert game_lines(again, validate(again)) == lines


@pytest.mark.parametrize(
    ("winner", "ender", "termination"),
    [
        ("1", "2", "resignation"),
        ("2", "1", "resignation"),
        ("1", "1", "abandoned"),
        ("2", None, "time"),
        ("0", "1", "abandoned"),
        ("0", None, None),
    ],
)
def test_a_replays_end_reads_as_the_table_says_and_writes_back_the_same(
    winner: str, ender: str | None, termination: str | None
) -> None:
    points = "1" if winner == "0" else "3"  # with no winner, the points field says nothing
    lines = [f"i 1702738670 Park Moss 5 1 2 {winner} {points} 1", OPENING, "2 r 5-2 off/5, 5/7"]
    lines += [f"{ender} t"] if ender is not None else []
    [game] = read(match_text([lines]))
    assert not game.problems
    assert game.tag("Termination") == termination
    assert game.result == {"0": "*", "1": "3-0", "2": "0-3"}[winner]
    assert game_lines(game, validate(game)) == lines


def test_a_declined_cube_is_a_resignation() -> None:
    header = "i 0 a b 1 0 0 2 1 1"
    [game] = read(with_index(f"{header}\n{OPENING}\n1 d 2 0\n"))
    assert game.tag("Termination") == "resignation" and game.result == "0-1"


# -- warnings -------------------------------------------------------------------------


def test_convert_to_bgammon_summarises_its_warnings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "games.acey"
    record.write_text("\n".join(write_game(g) for g in generate_games(14, 9, BGAMMON)))
    assert convert(record, "--to", "bgammon", "-o", str(tmp_path / "games.match")) == 0
    warnings = capsys.readouterr().err.splitlines()
    assert len(warnings) == 11
    assert all("left out the tags" in line for line in warnings[:10])
    assert warnings[10] == "aceynote: warning: and 4 more like these"


# -- memory ---------------------------------------------------------------------------


def _reading(path: Path) -> Callable[[], object]:
    def read_all() -> None:
        for game in read_match(path):
            validate(game)

    return read_all


# Each: the text of a file of about ``size`` bytes.
HOSTILE = {
    "stray-lines": lambda size: "junk\n" * (size // 5) + HEADER + "\n" + OPENING + "\n",
    "t-lines": lambda size: HEADER + "\n" + OPENING + "\n" + "1 t\n" * (size // 4),
    "cube-lines": lambda size: HEADER + "\n" + "1 d 2\n" * (size // 6),
    "index-lines": lambda size: "bgammon-replay 00000000\n" * (size // 24) + HEADER + "\n",
    "one-roll-line": lambda size: HEADER + "\n1 r 6-6 " + "off/19 " * (size // 7) + "\n",
}


# The line is read whole; the index table is kept as two numbers a line, up to MAX_INDEX_LINES.
FIXED_BOUNDS = {"one-roll-line": 6 * MB, "index-lines": 2 * MB}


@pytest.mark.parametrize("case", HOSTILE)
def test_reading_a_hostile_replay_takes_memory_that_does_not_grow_with_it(
    case: str, tmp_path: Path
) -> None:
    small, large = tmp_path / "small.match", tmp_path / "large.match"
    small.write_text(HOSTILE[case](MB // 4))
    large.write_text(HOSTILE[case](MB // 2))
    if case in FIXED_BOUNDS:
        assert _peak(_reading(large)) < FIXED_BOUNDS[case]
    else:
        assert _peak(_reading(large)) < 1.3 * _peak(_reading(small))


def test_writing_a_replay_holds_one_game_at_a_time() -> None:
    from aceynote.formats import Entry, Output

    # Short games with long lines: the lines are what a writer could hold.
    name = "w" * MAX_TAG_VALUE
    game = parse_game(f'[White "{name}"]\n[Rules "bgammon"]\n\n1. 61: in/19 in/24\n*\n')

    def peak(count: int) -> int:
        entries = (Entry("g", number, game) for number in range(1, count + 1))
        gc.collect()  # earlier tests' garbage is not the writer's
        with open(os.devnull, "w", encoding="utf-8") as nowhere:
            return _peak(lambda: writer.write_match(entries, Output(nowhere)))

    peak(1)
    assert peak(200) < 1.5 * peak(100)  # before: 4.1 MB and 8.2 MB
