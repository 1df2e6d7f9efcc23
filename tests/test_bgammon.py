"""bgammon.org replay files (.match) in and out (issue 12).

The format's facts come from the server's REPLAY.md: an index table of byte
offsets, a header line per game, one event a line, every move from player 1's
side, the pool written as 'off', moves split by ', ' (newer) or ' ' (older).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from boards import BGAMMON
from conftest import ROOT, run_main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aceynote.formats import Skipped
from aceynote.formats.bgammon import game_lines, left_out, match_text, read_match, refusal
from aceynote.notation import Game, parse_game, write_game
from aceynote.notation.generate import generate_games
from aceynote.rules import Side
from aceynote.validation import validate


def read(text: str) -> list[Game]:
    """The games of a replay (what the reader leaves out, left out)."""
    return [found for found in read_all(text) if isinstance(found, Game)]


def read_all(text: str) -> list[Game | Skipped]:
    return list(read_match(io.BytesIO(text.encode("utf-8"))))


def movetext(game: Game) -> str:
    """The canonical movetext and result, without the tags."""
    written = write_game(game)
    return written.split("\n\n", 1)[1] if written.startswith("[") else written


def with_index(*games: str) -> str:
    """A replay file with a correct index table (games given as their lines)."""
    return match_text([game.strip("\n").split("\n") for game in games])


HEADER = "i 1702738670 Park Moss 5 1 2 0 1 1"


# -- round trips -------------------------------------------------------------------------


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_record_to_bgammon_to_record_keeps_every_move(seed: int) -> None:
    games = list(generate_games(2, seed, BGAMMON))
    text = match_text(game_lines(game, validate(game)) for game in games)
    back = read(text)
    assert len(back) == len(games)
    for original, again in zip(games, back, strict=True):
        report = validate(again)
        assert report.diagnostics == []
        assert movetext(again) == movetext(original)
        assert again.tag("Rules") == "bgammon"
        assert [d.code.code for d in validate(parse_game(write_game(again))).diagnostics] == []


def test_bgammon_to_record_to_bgammon_is_the_same_file() -> None:
    games = list(generate_games(2, 11, BGAMMON))
    for game in games:
        game.tags.append(type(game.tags[0])("Date", "2024.05.17"))
        game.tags.append(type(game.tags[0])("UTCTime", "18:30:05"))
    first = match_text(game_lines(game, validate(game)) for game in games)
    again = match_text(game_lines(game, validate(game)) for game in read(first))
    assert again == first
    assert " 1715970605 " in first.split("\n")[2]


def test_the_index_table_gives_each_game_its_byte_offset() -> None:
    games = list(generate_games(3, 5, BGAMMON))
    text = match_text(game_lines(game, validate(game)) for game in games)
    data = text.encode("utf-8")
    lines = text.split("\n")
    for number in range(3):
        assert lines[number].startswith("bgammon-replay ")
        offset = int(lines[number].split()[1])
        assert data[offset : offset + 2] == b"i "
    assert all(not game.problems for game in read(text))


# -- reading -------------------------------------------------------------------------------


def test_both_separator_styles_read_alike() -> None:
    newer = with_index(HEADER + "\n1 r 6-1 off/19, off/24\n2 r 4-3 off/4, off/3\n")
    older = with_index(HEADER + "\n1 r 6-1 off/19 off/24\n2 r 4-3 off/4 off/3\n")
    [first], [second] = read(newer), read(older)
    assert movetext(first) == movetext(second) == "1. 61: in/19 in/24  43: in/21 in/22\n*\n"


def test_player_two_moving_first_is_black_first() -> None:
    [game] = read(with_index(HEADER + "\n2 r 6-1 off/6, off/1\n1 r 5-2 off/20, off/23\n"))
    assert movetext(game) == "1... 61: in/19 in/24\n2. 52: in/20 in/23\n*\n"
    assert game.turns[0].side is Side.BLACK
    assert validate(game).diagnostics == []


def test_a_chain_of_acey_deuceys_is_one_turn() -> None:
    lines = [
        HEADER,
        "1 r 2-1 off/24, off/23",
        "1 r 6-6 off/19, off/19, 24/18, 23/17",
        "1 r 2-1 19/17, 19/18",
        "1 r 3-3 off/22, off/22, off/22, off/22",
        "1 r 5-3 off/20, off/22",
        "2 r 6-5 off/6, off/5",
    ]
    [game] = read(with_index("\n".join(lines)))
    assert validate(game).diagnostics == []
    [white, black] = game.turns
    assert [segment.kind.value for segment in white.segments] == [
        "roll",
        "chosen double",
        "extra roll",
        "chosen double",
        "extra roll",
    ]
    assert movetext(game).startswith(
        "1. 21: in/24 in/23 =66: in/19(2) 24/18 23/17 +21: 19/17 19/18 =33: in/22(4)\n"
        "   +53: in/20 in/22"
    )
    assert black.side is Side.BLACK


def test_hits_are_marked_and_bar_entries_read() -> None:
    lines = [
        HEADER,
        "1 r 6-1 off/19, off/24",
        "2 r 6-1 off/6, off/1",  # Black on its 19 and 24: White's 6 and 1
        "1 r 5-4 19/14, 24/20",
        "2 r 6-5 6/12, 12/17",  # Black's 19/13/8: no hit
        "1 r 3-3 14/11, 11/8, 20/17, 17/14",  # hits Black's blot on White's 17
        "2 r 6-4 bar/6, 1/5",
    ]
    [game] = read(with_index("\n".join(lines)))
    report = validate(game)
    assert report.diagnostics == [], [d.message for d in report.diagnostics]
    text = movetext(game)
    assert "20/17*" in text  # Black's checker on its 8, White's 17
    assert "bar/19 24/20" in text


def test_a_resignation_ends_the_game_with_the_headers_winner() -> None:
    header = "i 1702738670 Park Moss 5 1 2 1 2 1"
    [game] = read(with_index(header + "\n1 r 6-1 off/19, off/24\n2 t\n"))
    assert game.result == "2-0"
    assert game.tag("Termination") == "resignation"
    assert validate(game).diagnostics == []
    assert game_lines(game, validate(game))[-1] == "2 t"


def test_an_abandoned_game_has_no_winner() -> None:
    [game] = read(with_index(HEADER + "\n1 r 6-1 off/19, off/24\n1 t\n"))
    assert game.result == "*" and game.tag("Termination") == "abandoned"


def test_header_tags() -> None:
    [game] = read(with_index(HEADER + "\n1 r 6-1 off/19, off/24\n"))
    assert game.tag("White") == "Park" and game.tag("Black") == "Moss"
    assert game.tag("Date") == "2023.12.16" and game.tag("UTCTime") == "14:57:50"
    assert game.tag("Site") == "bgammon.org"
    assert game.tag("MatchLength") == "5" and game.tag("MatchScore") == "1-2"


def test_a_finished_game_takes_its_result_from_the_rules() -> None:
    game = next(generate_games(1, 3, BGAMMON))
    lines = game_lines(game, validate(game))
    lines[0] = lines[0].rsplit(" ", 3)[0] + " 2 9 1"  # a header that claims the other winner
    [again] = read(match_text([lines]))
    assert again.result == game.result


_ACEY = HEADER + "\n1 r 6-1 off/19, off/24\n"
_BACKGAMMON = "i 1702738670 A B 1 0 0 1 1 0\n1 r 4-1 13/9, 9/8\n"
_TABULA = "i 1702738670 A B 1 0 0 1 1 2\n1 r 4-1 1/5\n"


def test_backgammon_and_tabula_games_are_left_out_one_by_one() -> None:
    found = read_all(with_index(_BACKGAMMON, _ACEY, _TABULA))
    assert len(found) == 3
    assert isinstance(found[0], Skipped) and isinstance(found[2], Skipped)
    assert found[0].line == 4 and "a backgammon game, not acey-deucey: left out" in found[0].reason
    assert isinstance(found[1], Game) and not found[1].problems and found[1].turns
    assert "a tabula game, not acey-deucey: left out" in found[2].reason


@pytest.mark.parametrize(
    ("command", "out"),
    [
        (["validate"], "1 game, 1 turn: 0 errors, 0 warnings\n"),
        (["find", "--count"], "1\n"),
        (["stats", "--format", "json"], None),
        (["convert", "--to", "acey"], None),
    ],
)
def test_every_command_leaves_the_backgammon_games_out_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], out: str | None
) -> None:
    """bgammon.md: validate reported AD100 and counted them, convert wrote nothing, find
    printed an empty acey-deucey game; only stats left them out."""
    path = tmp_path / "mixed.match"
    path.write_text(with_index(_BACKGAMMON, _ACEY, _TABULA), encoding="utf-8")
    status, printed, err = run_main(capsys, command[0], str(path), *command[1:])
    assert status == 0
    assert out is None or printed == out
    assert err.count("not acey-deucey: left out") == 2 and f"{path}:4: " in err
    if command[0] == "convert":
        assert printed.count("[White") == 1 and "Park" in printed
    if command[0] == "stats":
        assert json.loads(printed)["games"] == 1


@pytest.mark.parametrize(
    ("lines", "line", "column", "words"),
    [
        (["1 r 6-1 off/19, off/24", "1 x"], 4, 3, "'x' is not an event"),
        (["1 r 6-1 off/19, off/25"], 3, 17, "'off/25' is not a move"),
        (["1 r 6", "2 r 6-1 off/6, off/1"], 3, 5, "'6' is not a roll"),
        (["3 r 6-1 off/19"], 3, 1, "starts with the player"),
    ],
)
def test_bad_events_are_located(lines: list[str], line: int, column: int, words: str) -> None:
    [game] = read(with_index("\n".join([HEADER, *lines])))
    [problem] = game.problems
    assert (problem.span.line, problem.span.column) == (line, column)
    assert words in problem.message
    assert validate(game).errors


def test_a_move_that_does_not_fit_the_roll_is_a_validator_error_at_its_place() -> None:
    [game] = read(with_index(HEADER + "\n1 r 6-1 off/19, off/20\n"))
    [diagnostic] = validate(game).diagnostics
    assert diagnostic.code.code == "AD304"
    assert (diagnostic.span.line, diagnostic.span.column) == (3, 17)


def test_a_replay_that_breaks_the_rules_is_converted_as_written_and_the_docs_say_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """convert --help: a game that breaks the rules is converted as written; bgammon.md said
    that a file validate finds errors in is not converted either."""
    path = tmp_path / "broken.match"
    path.write_text(with_index(HEADER + "\n1 r 6-1 off/19, off/20\n"), encoding="utf-8")
    assert run_main(capsys, "validate", str(path))[0] == 1
    status, out, err = run_main(capsys, "convert", str(path), "--to", "acey")
    assert (status, err) == (0, "") and "1. 61: in/19 in/20" in out
    docs = (ROOT / "docs" / "bgammon.md").read_text(encoding="utf-8")
    assert "is not converted either" not in docs and "converted as written" in docs


def test_a_truncated_header_is_located() -> None:
    [game] = read(with_index("i 1702738670 Park\n1 r 6-1 off/19, off/24\n"))
    assert game.problems[0].span.line == 2
    # The ninth field is the points field, as bgammon.md names it (it said '<cube value>').
    assert game.problems[0].message.endswith("<winner> <points> <variant>'")


def test_a_wrong_offset_is_reported_and_the_games_still_read() -> None:
    text = with_index(HEADER + "\n1 r 6-1 off/19, off/24\n", HEADER + "\n2 r 6-1 off/6, off/1\n")
    broken = text.replace("bgammon-replay 00000048", "bgammon-replay 00000050", 1)
    games = read(broken)
    assert len(games) == 2
    assert [p.span.line for p in games[0].problems] == [1]
    assert "starts at byte 48" in games[0].problems[0].message
    assert games[0].turns and not games[1].problems


def test_an_index_table_that_lists_too_many_games() -> None:
    text = "bgammon-replay 00000048\nbgammon-replay 00000099\n" + HEADER + "\n1 r 6-1 off/19\n"
    games = read(text)
    assert "lists 2 games, but the file holds 1" in games[-1].problems[0].message


@pytest.mark.parametrize("line_end", ["\r\n", "\n"])
@pytest.mark.parametrize("mark", ["", "\ufeff"])
def test_a_replay_saved_again_with_crlf_keeps_the_servers_index_table(
    line_end: str, mark: str
) -> None:
    # Its offsets count LF line ends; the CRLF file was refused, by validate and convert alike.
    # A byte order mark (Notepad's) moved every offset by 3: each game had an error AD100.
    games = list(generate_games(3, 5, BGAMMON))
    text = match_text(game_lines(game, validate(game)) for game in games)
    again = read(mark + text.replace("\n", line_end))
    assert [movetext(game) for game in again] == [movetext(game) for game in read(text)]
    assert not [problem for game in again for problem in game.problems]
    moved = text.replace("\n", line_end).replace("bgammon-replay 0000", "bgammon-replay 0001")
    assert all("the index table says" in game.problems[0].message for game in read(moved))


def test_a_file_without_an_index_table_still_reads() -> None:
    [game] = read(HEADER + "\n1 r 6-1 off/19, off/24\n")
    assert not game.problems and game.turns


# -- writing -------------------------------------------------------------------------------


def test_what_a_replay_cannot_say_is_refused_or_named() -> None:
    setup = parse_game('[Rules "bgammon"]\n[Setup "W 1:1 / B 6:2 / W"]\n\n1. 21: 1/off\n2-0\n')
    assert "starts from a Setup" in (refusal(setup, validate(setup)) or "")
    standard = parse_game("1. 61: in/19 in/24\n*\n")
    assert "played under 'standard'" in (refusal(standard, validate(standard)) or "")
    annotated = parse_game(
        '[Event "Club"]\n[Rules "bgammon"]\n\n{start} 1. 61: in/19 in/24 ! {good} (1. 61: in/19 19/18)\n*\n'
    )
    assert refusal(annotated, validate(annotated)) is None
    assert left_out(annotated) == ["2 comments", "1 variation", "1 glyph", "the tag Event"]


@pytest.mark.parametrize(
    "rules",
    [
        "standard bearoff=exact bonus_reroll=always",
        "navy early_moves=yes bearoff=exact bonus_reroll=always",
    ],
)
def test_the_bgammon_rules_spelled_out_are_the_bgammon_rules(rules: str) -> None:
    """They were refused as other rules than the server's: the preset's name was compared."""
    game = parse_game(f'[Rules "{rules}"]\n\n1. 61: in/19 in/24  52: in/20 20/18\n*\n')
    assert refusal(game, validate(game)) is None
    [back] = read(match_text([game_lines(game, validate(game))]))
    assert back.tag("Rules") == "bgammon" and movetext(back) == movetext(game)
    other = parse_game('[Rules "standard bearoff=exact"]\n\n1. 61: in/19 in/24\n*\n')
    assert "played under 'standard bearoff=exact'" in (refusal(other, validate(other)) or "")


def test_player_two_is_written_from_player_ones_side() -> None:
    game = parse_game('[Rules "bgammon"]\n\n1. 61: in/19 in/24  52: in/20 20/18\n*\n')
    lines = game_lines(game, validate(game))
    assert lines[1:] == ["1 r 6-1 off/19, off/24", "2 r 5-2 off/5, 5/7"]


def test_tabs_separate_like_spaces_and_columns_point_at_the_word() -> None:
    [game] = read(with_index(HEADER + "\n1 r\t6-1\toff/19 off/24\n2 1\n"))
    [problem] = game.problems
    assert (problem.span.line, problem.span.column) == (4, 3)
    assert movetext(game) == "1. 61: in/19 in/24\n*\n"


def test_a_roll_line_with_more_moves_than_dice_is_refused_at_once() -> None:
    moves = ", ".join(["off/19"] * 200)
    [game] = read(with_index(HEADER + f"\n1 r 6-6 {moves}\n"))
    [problem] = game.problems
    assert "at most 4 checkers" in problem.message
    assert problem.span.column == 9 + 4 * len("off/19, ")


def test_a_stray_line_before_the_first_game_is_reported() -> None:
    [game] = read("junk line\n" + HEADER + "\n1 r 6-1 off/19, off/24\n")
    assert [p.span.line for p in game.problems] == [1]
    assert game.turns


# -- the commands ---------------------------------------------------------------------------


def _generated(tmp_path, count: int = 2):  # type: ignore[no-untyped-def]
    record = tmp_path / "games.acey"
    record.write_text("\n".join(write_game(g) for g in generate_games(count, 9, BGAMMON)))
    return record


def test_convert_to_bgammon_and_back_through_the_command(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from aceynote.cli import main

    record = _generated(tmp_path)
    match = tmp_path / "games.match"
    assert main(["convert", str(record), "--to", "bgammon", "-o", str(match)]) == 0
    assert "left out the tags Event, Round, Opening" in capsys.readouterr().err
    assert match.read_text().startswith("bgammon-replay 00000048\n")
    assert main(["validate", str(match)]) == 0
    assert "2 games" in capsys.readouterr().out
    assert main(["convert", str(match), "--to", "acey"]) == 0
    back = capsys.readouterr().out
    originals = [movetext(game) for game in generate_games(2, 9, BGAMMON)]
    assert [movetext(game) for game in read(match.read_text())] == originals
    assert all(text in back for text in originals)


def test_a_match_file_from_standard_input_needs_from(tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import io as stdio
    import sys

    from aceynote.cli import main

    text = with_index(HEADER + "\n1 r 6-1 off/19, off/24\n")
    monkeypatch.setattr(sys, "stdin", stdio.TextIOWrapper(stdio.BytesIO(text.encode())))
    assert main(["convert", "-", "--from", "bgammon", "--to", "acey"]) == 0
    assert "1. 61: in/19 in/24" in capsys.readouterr().out


def test_games_a_replay_cannot_hold_are_refused_and_nothing_written(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from aceynote.cli import main

    record = tmp_path / "standard.acey"
    record.write_text("1. 61: in/19 in/24\n*\n")
    out = tmp_path / "out.match"
    assert main(["convert", str(record), "--to", "bgammon", "-o", str(out)]) == 1
    assert "played under 'standard'" in capsys.readouterr().err
    assert not out.exists()


def test_fmt_prints_a_match_file_as_a_record_but_does_not_rewrite_it(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from aceynote.cli import main

    match = tmp_path / "one.match"
    match.write_text(with_index(HEADER + "\n1 r 6-1 off/19, off/24\n"))
    before = match.read_bytes()
    assert main(["fmt", str(match)]) == 0
    assert "1. 61: in/19 in/24" in capsys.readouterr().out
    assert main(["fmt", "-i", str(match)]) == 2
    assert match.read_bytes() == before
