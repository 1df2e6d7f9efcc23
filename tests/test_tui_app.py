"""The replay app driven with Textual's Pilot: moving, the game list, annotating, saving."""

from __future__ import annotations

import asyncio
import functools
import shutil
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, TextArea

from aceynote.cli import main
from aceynote.notation.index import index_games
from aceynote.rules import Side
from aceynote.tui import replay_screen
from aceynote.tui.app import ErrorScreen, ReplayApp
from aceynote.tui.dialogs import Choose, CommentEditor, Confirm, Help, Prompt, TagEditor
from aceynote.tui.game_list import GameList, GameTable
from aceynote.tui.notes import Notes
from aceynote.tui.replay_screen import ReplayScreen, parse_turn
from aceynote.tui.timeline import MAIN, Place
from aceynote.tui.widgets import Board, GameHeader, MoveList

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SIZE = (80, 24)


def pilot_test(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async Pilot test in its own event loop (the suite has no asyncio plugin)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


def copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copyfile(SAMPLES / name, target)
    return target


def replay(app: ReplayApp) -> ReplayScreen:
    assert isinstance(app.screen, ReplayScreen)
    return app.screen


def notes_text(app: ReplayApp) -> str:
    return str(replay(app).query_one(Notes).render())


def board_text(app: ReplayApp) -> list[str]:
    board = replay(app).query_one(Board)
    return [board.render_line(y).text for y in range(board.size.height)]


@pilot_test
async def test_stepping_forward_then_back_returns_to_the_same_position() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = replay(app)
        start_board = board_text(app)
        positions = []
        for _ in range(16):
            positions.append(screen.query_one(Board).frame.position)  # type: ignore[union-attr]
            await pilot.press("right")
        assert screen.cursor == Place(MAIN, 16)
        for expected in reversed(positions):
            await pilot.press("left")
            assert screen.query_one(Board).frame.position == expected  # type: ignore[union-attr]
        assert screen.cursor == Place(MAIN, 0)
        assert board_text(app) == start_board


@pilot_test
async def test_rolls_turns_start_and_end() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = replay(app)
        await pilot.press("down")
        frame = screen.query_one(Board).frame
        assert frame is not None and frame.final and frame.segment is not None
        assert frame.segment.dice == (6, 1)
        await pilot.press("pagedown", "pagedown", "pagedown")
        frame = screen.query_one(Board).frame
        assert frame is not None and frame.turn_end and frame.turn is not None
        assert (frame.turn.number, frame.turn.side) == (2, Side.BLACK)
        await pilot.press("end")
        assert screen.cursor.index == screen.frame_count - 1
        assert "15-0" in notes_text(app)
        await pilot.press("home")
        assert screen.cursor == Place(MAIN, 0)


@pilot_test
async def test_jumping_to_a_turn_number() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        assert isinstance(app.screen, Prompt)
        await pilot.press("2", "6", "enter")
        frame = replay(app).query_one(Board).frame
        assert frame is not None and frame.turn is not None and frame.turn_end
        assert (frame.turn.number, frame.turn.side) == (26, Side.WHITE)
        assert frame.segment is not None and frame.segment.dice == (5, 2)  # the +52: extra roll
        await pilot.press("t", "2", "6", ".", ".", ".", "enter")
        frame = replay(app).query_one(Board).frame
        assert frame is not None and frame.turn is not None
        assert (frame.turn.number, frame.turn.side) == (26, Side.BLACK)
        moves = replay(app).query_one(MoveList)
        assert moves.highlighted == moves.row_of_segment[id(frame.segment)]


@pilot_test
async def test_the_turn_option_opens_the_game_there() -> None:
    app = ReplayApp(str(SAMPLES / "match.acey"), game=2, turn="10...")
    async with app.run_test(size=SIZE):
        frame = replay(app).query_one(Board).frame
        assert frame is not None and frame.turn is not None
        assert (frame.turn.number, frame.turn.side) == (10, Side.BLACK)
        assert replay(app).game_index == 1


def test_turn_numbers_are_read_as_players_write_them() -> None:
    assert parse_turn("12") == (12, None)
    assert parse_turn("12.") == (12, Side.WHITE)
    assert parse_turn(" 12... ") == (12, Side.BLACK)
    assert parse_turn("twelve") is None


@pilot_test
async def test_next_diagnostic_shows_the_error_and_the_legal_plays() -> None:
    app = ReplayApp(str(SAMPLES / "mistakes.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        assert "errors in this game" in notes_text(app)
        await pilot.press("n")
        assert "AD401" in notes_text(app)
        await pilot.press("n")
        text = notes_text(app)
        assert "AD308" in text and "legal plays" in text
        frame = replay(app).query_one(Board).frame
        assert (
            frame is not None and frame.step == 0 and frame.segment is not None
        )  # the roll, before the error
        await pilot.press("N")
        assert "AD401" in notes_text(app)
        await pilot.press("end", "n")
        assert "AD503" in notes_text(app)


@pilot_test
async def test_variations_are_entered_and_left() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "3", ".", ".", ".", "enter")
        assert "variation:" in notes_text(app)
        await pilot.press("v")
        screen = replay(app)
        assert screen.cursor.path != MAIN
        assert "keeps the blot count down" in notes_text(app)
        await pilot.press("right", "right")
        await pilot.press("escape")
        assert screen.cursor.path == MAIN
        frame = screen.query_one(Board).frame
        assert frame is not None and frame.turn is not None and frame.turn.number == 4


@pilot_test
async def test_clicking_a_move_goes_there() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        moves = replay(app).query_one(MoveList)
        await pilot.click(MoveList, offset=(8, 4))  # the fifth row: 2... 62: 18/12 12/10
        assert replay(app).cursor == moves.rows[4].place
        await pilot.click(Board, offset=(40, 8))
        assert replay(app).cursor.index == moves.rows[4].place.index + 1


@pilot_test
async def test_space_plays_the_game_and_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay_screen, "AUTOPLAY_SECONDS", 0.01)
    app = ReplayApp(str(SAMPLES / "setup-bearoff.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await pilot.pause(0.5)
        screen = replay(app)
        assert screen.cursor.index == screen.frame_count - 1  # played to the end, then stopped
        await pilot.press("home", "space", "space")
        index = screen.cursor.index
        await pilot.pause(0.1)
        assert screen.cursor.index == index


@pilot_test
async def test_flip_turns_the_board_round() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        before = board_text(app)
        await pilot.press("f")
        assert replay(app).viewer is Side.BLACK
        assert board_text(app) != before
        await pilot.press("f")
        assert board_text(app) == before


@pilot_test
async def test_the_game_list_opens_a_game_and_filters() -> None:
    app = ReplayApp(str(SAMPLES / "match.acey"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameList)
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.screen.query_one(GameTable)
        assert len(table.shown) == 3
        assert table.cells_at(2)[4] != "…"
        await pilot.press("down", "enter")
        assert replay(app).game_index == 1
        assert "game 2/3" in str(replay(app).query_one(GameHeader).render())
        await pilot.press("right_square_bracket")
        assert replay(app).game_index == 2
        await pilot.press("left_square_bracket", "left_square_bracket", "left_square_bracket")
        assert replay(app).game_index == 0
        await pilot.press("l")
        assert isinstance(app.screen, GameList)
        await pilot.press("slash", "1", "5", "-", "0")
        assert app.screen.query_one(GameTable).shown == [2]
        await pilot.press("enter", "enter")
        assert replay(app).game_index == 2


@pilot_test
async def test_the_game_list_counts_errors(tmp_path: Path) -> None:
    path = tmp_path / "two.acey"
    text = (SAMPLES / "annotated.acey").read_text(encoding="utf-8")
    path.write_text(
        text + "\n" + (SAMPLES / "mistakes.acey").read_text(encoding="utf-8"), encoding="utf-8"
    )
    app = ReplayApp(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.screen.query_one(GameTable)
        assert [table.cells_at(row)[5] for row in range(2)] == ["0", "7"]
        await pilot.press("e")
        assert table.shown == [1]
        await pilot.press("enter")
        assert replay(app).game_index == 1
        assert "7 errors" in notes_text(app)


@pilot_test
async def test_a_comment_is_written_and_saved(tmp_path: Path) -> None:
    path = copy(tmp_path, "match.acey")
    original = path.read_text(encoding="utf-8")
    app = ReplayApp(str(path), game=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down")
        await pilot.press("c")
        assert isinstance(app.screen, CommentEditor)
        await pilot.press("N", "i", "c", "e")
        await pilot.press("ctrl+s")
        assert "Nice" in notes_text(app)
        assert "modified" in str(replay(app).query_one(GameHeader).render())
        await pilot.press("g")
        assert isinstance(app.screen, Choose)
        await pilot.press("down", "enter")  # the second glyph: ?
        await pilot.press("s")
        await pilot.pause()
    saved = path.read_text(encoding="utf-8")
    assert "1. 31: in/22 22/21  43: in/21 21/18 ? {Nice}" in saved
    pieces, old = index_games(saved), index_games(original)
    assert len(pieces) == 3
    for number in (0, 2):
        assert (
            saved[pieces[number].start : pieces[number].end]
            == original[old[number].start : old[number].end]
        )


@pilot_test
async def test_the_game_comment_and_tags_can_be_edited(tmp_path: Path) -> None:
    path = copy(tmp_path, "setup-bearoff.acey")
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        editor = app.screen.query_one(TextArea)
        editor.text = "A study."
        await pilot.press("ctrl+s")
        await pilot.press("i")
        assert isinstance(app.screen, TagEditor)
        app.screen.query_one("#new-name", Input).value = "Source"
        app.screen.query_one("#new-value", Input).value = "my notebook"
        app.screen.query_one("#tag-0", Input).value = "Endgame lesson"
        await pilot.press("ctrl+s")
        assert "Endgame lesson" in str(replay(app).query_one(GameHeader).render())
        await pilot.press("ctrl+s")
        await pilot.pause()
    saved = path.read_text(encoding="utf-8")
    assert '[Event "Endgame lesson"]' in saved and '[Source "my notebook"]' in saved
    assert "{A study.}" in saved
    assert "{The 6 bears off from the highest point" in saved  # untouched comments stay


@pilot_test
async def test_a_file_changed_on_disk_is_not_overwritten(tmp_path: Path) -> None:
    path = copy(tmp_path, "annotated.acey")
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "c")
        app.screen.query_one(TextArea).text = "mine"
        await pilot.press("ctrl+s")
        changed = path.read_text(encoding="utf-8").replace("Portsmouth", "Southsea")
        path.write_text(changed, encoding="utf-8")
        await pilot.press("s")
        assert isinstance(app.screen, Confirm)
        await pilot.click("#answer-cancel")
        assert path.read_text(encoding="utf-8") == changed
        assert app.record is not None and app.record.dirty
        await pilot.press("s")
        await pilot.click("#answer-overwrite")
        await pilot.pause()
        saved = path.read_text(encoding="utf-8")
        assert "{mine}" in saved and "Portsmouth" in saved
        assert not app.record.dirty


@pilot_test
async def test_quitting_with_unsaved_changes_asks_first(tmp_path: Path) -> None:
    path = copy(tmp_path, "annotated.acey")
    original = path.read_text(encoding="utf-8")
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "g", "enter")
        await pilot.press("q")
        assert isinstance(app.screen, Confirm)
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("q")
        await pilot.click("#answer-discard")
        await pilot.pause()
    assert app.return_code == 0
    assert path.read_text(encoding="utf-8") == original


@pilot_test
async def test_help_lists_every_key() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, Help)
        described = {key for key, _ in app.screen.rows}
        assert len(app.screen.rows) == len(ReplayScreen.BINDINGS) + len(ReplayApp.BINDINGS)
        assert "→" in described and "N (shift+n)" in described
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayScreen)


@pilot_test
async def test_an_unreadable_file_shows_a_message(tmp_path: Path) -> None:
    app = ReplayApp(str(tmp_path / "missing.acey"))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ErrorScreen)
        assert "cannot open" in app.screen.message
        await pilot.press("q")
    assert app.return_code == 0


@pilot_test
async def test_a_game_with_syntax_errors_shows_them(tmp_path: Path) -> None:
    path = tmp_path / "bad.acey"
    path.write_text('[White "A"]\n[Black "B"]\n\n1. 61: in/19 19/18 13:\n*\n', encoding="utf-8")
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        assert "AD100" in notes_text(app)
        await pilot.press("right", "down", "end", "n", "c")
        assert isinstance(app.screen, ReplayScreen)  # annotating is refused, nothing breaks


def test_the_command_refuses_what_it_cannot_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "missing.acey")]) == 2
    assert "cannot open" in capsys.readouterr().err
    assert main(["replay", str(SAMPLES / "match.acey"), "--game", "4"]) == 2
    assert "3 game(s)" in capsys.readouterr().err
    assert main(["replay", str(SAMPLES / "match.acey"), "--turn", "x"]) == 2
