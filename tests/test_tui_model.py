"""The replay app's data side, without a terminal: timeline, board layout, record files."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SAMPLES

from aceynote.files.record import RecordError, RecordFile, read_text
from aceynote.notation import parse_game, read_games
from aceynote.notation.index import index_games
from aceynote.render.text_board import BoardPainter, Geometry, fit, marks_of, plain_rows
from aceynote.rules import BAR, POOL, Side
from aceynote.validation import validate
from aceynote.validation.timeline import (
    MAIN,
    Timeline,
    leave_variation,
    next_end,
    previous_end,
    step,
    turn_end_by_number,
    variations_here,
)


def timeline_of(name: str, game: int = 0) -> Timeline:
    return Timeline(validate(list(read_games(SAMPLES / name))[game]))


# -- timeline ----------------------------------------------------------------------


def test_each_segment_is_its_roll_then_one_frame_per_step() -> None:
    timeline = timeline_of("annotated.acey")
    main = timeline.main
    assert main.frames[0].replay is None
    replays = [r for r in timeline.report.segments if r.line == ()]
    assert len(main.frames) == 1 + sum(1 + len(r.steps) for r in replays)
    first = replays[0]
    assert [f.position for f in main.frames[1 : 2 + len(first.steps)]] == [
        first.before,
        *first.step_positions[:-1],
        first.after,  # the side to act next: what a Setup string of it means
    ]
    assert main.frames[len(first.steps) + 1].final
    assert first.after.turn is not first.before.turn


def test_a_double_is_watched_one_checker_at_a_time() -> None:
    timeline = timeline_of("annotated.acey")
    first = next(
        f.segment
        for f in timeline.main.frames
        if f.segment is not None and f.segment.dice == (1, 1)
    )
    frames = [f for f in timeline.main.frames if f.segment is first]
    assert [f.step for f in frames] == [0, 1, 2, 3, 4]
    assert len({f.position for f in frames}) == 5


def test_stepping_forward_then_back_returns_to_the_same_positions() -> None:
    line = timeline_of("annotated.acey").main
    index, seen = 0, [line.frames[0].position]
    for _ in range(40):
        index = step(line, index, 1)
        seen.append(line.frames[index].position)
    for expected in reversed(seen[:-1]):
        index = step(line, index, -1)
        assert line.frames[index].position == expected
    assert index == 0 and step(line, 0, -1) == 0


def test_segment_and_turn_moves_stop_at_ends() -> None:
    line = timeline_of("annotated.acey").main
    first = next_end(line.segment_ends, 0)
    assert line.frames[first].final and line.frames[first].segment is not None
    assert previous_end(line.segment_ends, first) == 0
    turn = next_end(line.turn_ends, 0)
    assert line.frames[turn].turn_end
    assert next_end(line.turn_ends, line.last) == line.last


def test_turn_numbers_find_white_and_black_turns() -> None:
    timeline = timeline_of("annotated.acey")
    white = turn_end_by_number(timeline, MAIN, 26, None)
    black = turn_end_by_number(timeline, MAIN, 26, Side.BLACK)
    assert white is not None and black is not None and white < black
    white_turn = timeline.main.frames[white].turn
    assert white_turn is not None and white_turn.side is Side.WHITE
    assert [s.dice for s in white_turn.segments] == [(2, 1), (2, 2), (5, 2)]
    assert turn_end_by_number(timeline, MAIN, 99, None) is None


def test_a_variation_starts_from_the_frames_of_its_parent() -> None:
    timeline = timeline_of("annotated.acey")
    index = turn_end_by_number(timeline, MAIN, 3, Side.BLACK)
    assert index is not None
    found = variations_here(timeline, MAIN, index)
    assert len(found) == 1
    path, turn = found[0]
    line = timeline.line(path)
    assert turn.number == 4 and line.parent == MAIN
    assert line.frames[: line.own_start] == timeline.main.frames[: line.own_start]
    back = leave_variation(timeline, path)
    assert back is not None and back.path == MAIN
    assert timeline.main.frames[back.index].turn is not None
    assert timeline.main.frames[back.index].turn.number == 4  # type: ignore[union-attr]
    assert leave_variation(timeline, MAIN) is None


def test_diagnostics_sit_at_their_segment_and_are_visited_in_order() -> None:
    timeline = timeline_of("mistakes.acey")
    codes = []
    place = None
    path, index = MAIN, 0
    while (target := timeline.next_diagnostic(path, index)) is not None:
        path, index = target.place.path, target.place.index
        here = [d.code.code for d in timeline.diagnostics_at(path, index)]
        assert target.diagnostic.code.code in here
        codes.append(target.diagnostic.code.code)
        place = target.place
    assert codes[0] == "AD401"
    assert "AD503" in codes  # the result, at the end of the game
    assert place is not None and place.index == timeline.main.last
    assert timeline.next_diagnostic(MAIN, 0, forward=False) is None


def test_an_impossible_play_is_shown_as_written_after_its_roll() -> None:
    timeline = timeline_of("mistakes.acey")
    forced = [f for f in timeline.main.frames if f.forced]
    assert forced
    frame = forced[0]
    index = timeline.main.frames.index(frame)
    before = timeline.main.frames[index - 1]
    assert before.segment is frame.segment and before.step == 0
    assert timeline.diagnostics_at(MAIN, index - 1)


def test_a_game_with_syntax_errors_shows_them_after_the_turns_before_them() -> None:
    game = parse_game('[White "A"]\n\n1. 61: in/19 19/18  61: in/19 19/18\n2. 51: bogus\n*\n')
    timeline = Timeline(validate(game))
    main = timeline.main
    assert len(main.frames) == 7  # the start, then each 61: rolled and its two steps
    assert [d.code.code for d in timeline.diagnostics_at(MAIN, main.last)] == ["AD100"]
    assert all(not timeline.diagnostics_at(MAIN, i) for i in range(main.last))
    assert [d.code.code for d in timeline.syntax_problems] == ["AD100"]
    target = timeline.next_diagnostic(MAIN, 0)
    assert target is not None and target.place.index == main.last


# -- board -----------------------------------------------------------------------


def test_the_start_position_has_every_checker_in_the_pools() -> None:
    frame = timeline_of("annotated.acey").main.frames[0]
    rows = plain_rows(BoardPainter(frame, Side.WHITE, Geometry(3, 5)).rows())
    assert rows[0].split() == [str(n) for n in range(13, 25)]
    assert rows[-1].split() == [str(n) for n in range(12, 0, -1)]
    assert "● in 15" in rows[2] and "○ in 15" in rows[-3]
    assert "pip 375" in "".join(rows)
    assert all(len(row) == Geometry(3, 5).width for row in rows[1:-1])


def test_flipping_puts_the_other_side_at_the_bottom() -> None:
    timeline = timeline_of("annotated.acey")
    frame = timeline.main.frames[next_end(timeline.main.segment_ends, 0)]  # White in/19 19/18
    white = plain_rows(BoardPainter(frame, Side.WHITE, Geometry(3, 5)).rows())
    black = plain_rows(BoardPainter(frame, Side.BLACK, Geometry(3, 5)).rows())
    column = 1 + 3 * 5 + 1  # White's 18 is the sixth point of the top row, left half
    assert white[2][column] == "○"
    # Seen from Black, White's 18 is Black's 7: the last point of the bottom left half.
    assert black[-3][column] == "○"


def test_a_tall_stack_shows_its_count() -> None:
    game = parse_game('[Setup "W 6:9 / B 6:2 / W"]\n\n*\n')
    frame = Timeline(validate(game)).main.frames[0]
    rows = plain_rows(BoardPainter(frame, Side.WHITE, Geometry(3, 5)).rows())
    column = 1 + 18 + 1 + 3 + 1 + 1  # White's 6: first point of the bottom right half
    stack = [row[column - 1 : column + 2] for row in rows[-7:-2]]
    assert stack == [" 9 ", " ○ ", " ○ ", " ○ ", " ○ "]


def test_marks_count_arrivals_departures_and_hits() -> None:
    timeline = timeline_of("annotated.acey")
    frames = timeline.main.frames
    hit = next(
        f for f in frames if f.final and f.replay is not None and any(s.hit for s in f.replay.steps)
    )
    marks = marks_of(hit)
    assert marks is not None and marks.hits == 1
    assert sum(marks.arrived.values()) == sum(marks.left.values())
    assert marks_of(frames[0]) is None
    entering = marks_of(frames[next_end(timeline.main.segment_ends, 0)])
    assert entering is not None and entering.left.get(POOL) == 1 and BAR not in entering.left


def test_the_board_grows_with_the_terminal() -> None:
    assert fit(50, 15) == Geometry(3, 5)
    assert fit(78, 30) == Geometry(5, 7)
    assert fit(10, 3) == Geometry(3, 4)


# -- record files ------------------------------------------------------------------


def test_the_index_finds_games_and_their_tags_without_parsing() -> None:
    entries = index_games((SAMPLES / "match.acey").read_text(encoding="utf-8"))
    assert [e.number for e in entries] == [1, 2, 3]
    assert [e.tag("Round") for e in entries] == ["1", "2", "3"]
    assert entries[1].line == 62 or entries[1].line > entries[0].line


def test_the_index_keeps_leading_comments_and_tagless_games() -> None:
    text = (
        '{intro}\n[White "A"]\n\n1. 61: in/19 19/18\n*\n\n1. 52: in/20 in/23\n*\n[White "B"]\n\n*\n'
    )
    entries = index_games(text)
    assert len(entries) == 2
    assert entries[0].start == 0 and entries[0].tag("White") == "A"
    assert text[entries[1].start :].startswith('[White "B"]')
    tagless = index_games('1. 61: in/19 19/18 *\n[White "A"]\n\n*\n')
    assert len(tagless) == 2 and tagless[0].tags == {}


def test_every_piece_of_a_file_survives_a_save(tmp_path: Path) -> None:
    path = tmp_path / "match.acey"
    original = (SAMPLES / "match.acey").read_text(encoding="utf-8")
    path.write_text(original, encoding="utf-8")
    record = RecordFile(str(path))
    game = record.load(1).game
    game.turns[0].segments[0].comments.append("a new thought")
    record.mark_edited(1)
    record.save()
    saved = path.read_text(encoding="utf-8")
    pieces = index_games(saved)
    assert len(pieces) == 3
    old = index_games(original)
    assert saved[pieces[0].start : pieces[0].end] == original[old[0].start : old[0].end]
    assert saved[pieces[2].start : pieces[2].end] == original[old[2].start : old[2].end]
    assert "{a new thought}" in saved[pieces[1].start : pieces[1].end]
    assert not record.dirty and not record.changed_on_disk()


def test_a_file_changed_on_disk_is_noticed(tmp_path: Path) -> None:
    path = tmp_path / "game.acey"
    path.write_text((SAMPLES / "annotated.acey").read_text(encoding="utf-8"), encoding="utf-8")
    record = RecordFile(str(path))
    assert not record.changed_on_disk()
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert record.changed_on_disk()


def test_crlf_files_keep_their_line_ends(tmp_path: Path) -> None:
    path = tmp_path / "game.acey"
    text = (SAMPLES / "setup-bearoff.acey").read_text(encoding="utf-8").replace("\n", "\r\n")
    path.write_bytes(text.encode("utf-8"))
    record = RecordFile(str(path))
    record.load(0).game.comments.append("CRLF")
    record.mark_edited(0)
    record.save()
    data = path.read_bytes()
    assert b"{CRLF}" in data and b"\n" not in data.replace(b"\r\n", b"")


def test_games_with_syntax_errors_cannot_be_edited(tmp_path: Path) -> None:
    path = tmp_path / "bad.acey"
    path.write_text('[White "A"]\n\n1. 61: in/19 19/18 bogus\n*\n', encoding="utf-8")
    record = RecordFile(str(path))
    assert not record.load(0).editable
    with pytest.raises(RecordError):
        record.mark_edited(0)


def test_unreadable_files_say_why(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot open"):
        read_text(str(tmp_path / "missing.acey"))
    with pytest.raises(RecordError, match="folder"):
        read_text(str(tmp_path))
    binary = tmp_path / "binary.acey"
    binary.write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(RecordError, match="UTF-8"):
        read_text(str(binary))


def test_a_file_that_cannot_be_opened(tmp_path: Path) -> None:
    # A symbolic link to itself cannot be opened, even by root (who can read anything).
    loop = tmp_path / "loop.acey"
    loop.symlink_to(loop)
    with pytest.raises(RecordError, match="cannot open"):
        read_text(str(loop))


@pytest.mark.parametrize("name", sorted(path.name for path in SAMPLES.glob("*.acey")))
def test_every_frame_of_every_sample_draws(name: str) -> None:
    for game in read_games(SAMPLES / name):
        timeline = Timeline(validate(game))
        for line in timeline.lines.values():
            for frame in line.frames:
                for viewer in (Side.WHITE, Side.BLACK):
                    rows = plain_rows(BoardPainter(frame, viewer, Geometry(3, 5)).rows())
                    assert {len(row) for row in rows[1:-1]} == {Geometry(3, 5).width}


def test_a_file_deleted_while_open_gets_its_old_mode_back(tmp_path: Path) -> None:
    path = tmp_path / "game.acey"
    path.write_text((SAMPLES / "annotated.acey").read_text(encoding="utf-8"), encoding="utf-8")
    path.chmod(0o604)
    record = RecordFile(str(path))
    assert record.mode == 0o604
    record.load(0).game.comments.append("kept")
    record.mark_edited(0)
    path.unlink()
    record.save()
    assert path.stat().st_mode & 0o7777 == 0o604
    assert "{kept}" in path.read_text(encoding="utf-8")
