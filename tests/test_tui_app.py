"""The replay app driven with Textual's Pilot: moving, the game list, annotating, saving."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest
from conftest import SAMPLES, SIZE, pilot_test
from rich.console import Console
from textual import events
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Input, Static, TextArea

from aceynote.cli import main
from aceynote.notation.index import index_games
from aceynote.notation.lines import MAIN
from aceynote.notation.shorthand import parse_turn
from aceynote.rules import Side
from aceynote.tui import game_view
from aceynote.tui.annotator import Annotator
from aceynote.tui.app import ErrorScreen, ReplayApp
from aceynote.tui.dialogs import Choose, CommentEditor, Confirm, Help, Prompt
from aceynote.tui.game_header import GameHeader
from aceynote.tui.game_list import GameList, GameTable
from aceynote.tui.game_view import GameView
from aceynote.tui.notes import Notes
from aceynote.tui.replay_screen import ReplayScreen
from aceynote.tui.tag_editor import TagEditor
from aceynote.tui.widgets import Board, MoveList
from aceynote.validation.timeline import Place


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
        assert screen.view.cursor == Place(MAIN, 16)
        for expected in reversed(positions):
            await pilot.press("left")
            assert screen.query_one(Board).frame.position == expected  # type: ignore[union-attr]
        assert screen.view.cursor == Place(MAIN, 0)
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
        assert screen.view.cursor.index == screen.view.frame_count - 1
        assert "15-0" in notes_text(app)
        await pilot.press("home")
        assert screen.view.cursor == Place(MAIN, 0)


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


def after_play(text: str, play: str) -> str:
    """The character that follows ``play`` in ``text`` (empty at its end)."""
    end = text.index(play) + len(play)
    return text[end : end + 1]


@pilot_test
async def test_no_message_puts_a_glyph_or_a_full_stop_right_after_a_play(tmp_path: Path) -> None:
    from aceynote.notation.writer import segment_label

    app = ReplayApp(str(copy(tmp_path, "annotated.acey")), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "3", "enter", "up")  # after 3. =11: 9/8 8/7 7/6 6/5 !
        frame = replay(app).query_one(Board).frame
        assert frame is not None and frame.turn is not None and frame.segment is not None
        play = segment_label(frame.turn, frame.segment)
        assert play.endswith("!")
        said: list[str] = []
        await pilot.press("p")
        assert isinstance(app.screen, Prompt)
        said.append(app.screen.title_text)
        await pilot.press("escape", "y")
        said.append(notifications(app)[-1])
        await pilot.press("r")
        assert isinstance(app.screen, Confirm)
        said.append(app.screen.question)
        await pilot.click("#answer-cut")
        await pilot.pause()
        said.append(notifications(app)[-1])
        for text in said:  # each would read as a glyph, a move number's dot or a roll's colon
            assert after_play(text, play) not in ("?", "!", ".", ":"), text


@pilot_test
async def test_variations_are_entered_and_left() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "3", ".", ".", ".", "enter")
        assert "variation:" in notes_text(app)
        await pilot.press("v")
        screen = replay(app)
        assert screen.view.cursor.path != MAIN
        assert "keeps the blot count down" in notes_text(app)
        await pilot.press("right", "right")
        await pilot.press("escape")
        assert screen.view.cursor.path == MAIN
        frame = screen.query_one(Board).frame
        assert frame is not None and frame.turn is not None and frame.turn.number == 4


@pilot_test
async def test_clicking_a_move_goes_there() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        moves = replay(app).query_one(MoveList)
        await pilot.click(MoveList, offset=(8, 4))  # the fifth row: 2... 62: 18/12 12/10
        assert replay(app).view.cursor == moves.rows[4].place
        await pilot.click(Board, offset=(40, 8))
        assert replay(app).view.cursor.index == moves.rows[4].place.index + 1


@pilot_test
async def test_space_plays_the_game_and_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_view, "AUTOPLAY_SECONDS", 0.01)
    app = ReplayApp(str(SAMPLES / "setup-bearoff.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await pilot.pause(0.5)
        screen = replay(app)
        view = screen.view
        assert view.cursor.index == view.frame_count - 1  # played to the end, then stopped
        await pilot.press("home", "space", "space")
        index = screen.view.cursor.index
        await pilot.pause(0.1)
        assert screen.view.cursor.index == index


@pilot_test
async def test_flip_turns_the_board_round() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        before = board_text(app)
        await pilot.press("f")
        assert replay(app).view.viewer is Side.BLACK
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
        shown_round = app.screen.query_one(GameTable).cells_at(0)[6].split()[-1]
        assert shown_round == "(3)"  # the event as listed, with its round
        await pilot.press(*["backspace"] * 4, *shown_round)
        assert app.screen.query_one(GameTable).shown == [2]
        await pilot.press(*["backspace"] * 3, *"15-0")
        await pilot.press("enter", "enter")
        assert replay(app).game_index == 2
        await pilot.press("l", "slash", "x", "escape")  # the filter cleared: the list has the keys
        table = app.screen.query_one(GameTable)
        assert table.shown == [0, 1, 2]
        at_cursor = table.shown[table.cursor]
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayScreen) and replay(app).game_index == at_cursor


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
async def test_arrows_that_arrive_together_each_move_one_button(tmp_path: Path) -> None:
    """Two lefts read from the terminal at once reached the app before the first one's
    focus: both moved from Cancel, and Enter then quit without saving."""
    app = ReplayApp(str(copy(tmp_path, "annotated.acey")), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "g", "enter", "q")
        assert isinstance(app.screen, Confirm)
        for _ in range(2):
            app.post_message(events.Key("left", None))
        await pilot.pause()
        assert app.screen.focused is not None and app.screen.focused.id == "answer-save"


@pilot_test
async def test_the_quit_dialog_starts_on_cancel_and_arrows_move_along_its_buttons(
    tmp_path: Path,
) -> None:
    path = copy(tmp_path, "annotated.acey")
    original = path.read_text(encoding="utf-8")
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "g", "enter")

        async def focused_after(*keys: str) -> str | None:
            await pilot.press(*keys)
            return app.screen.focused.id if app.screen.focused else None

        await pilot.press("q")
        assert isinstance(app.screen, Confirm)
        assert await focused_after() == "answer-cancel"
        assert await focused_after("right") == "answer-cancel"  # the end of the row
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayScreen)  # nothing saved, nothing lost
        await pilot.press("q")
        assert await focused_after("left") == "answer-discard"
        assert await focused_after("left", "left") == "answer-save"
        assert await focused_after("right") == "answer-discard"
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0
    assert path.read_text(encoding="utf-8") == original


@pilot_test
async def test_the_quit_dialog_marks_and_colours_the_button_in_focus(tmp_path: Path) -> None:
    """Textual showed the focus by reverse video alone, and Cancel, the default, stayed in the
    primary colour wherever the focus went: the button in focus is marked and coloured."""
    app = ReplayApp(str(copy(tmp_path, "annotated.acey")), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "g", "enter", "q")
        assert isinstance(app.screen, Confirm)
        for keys, focused, shown in [
            ((), "answer-cancel", "▶ Cancel ◀"),
            (("left",), "answer-discard", "▶ Quit without saving ◀"),
        ]:
            await pilot.press(*keys)
            buttons = {button.id: button for button in app.screen.query(Button)}
            assert app.screen.focused is buttons[focused]
            assert [id for id, button in buttons.items() if "▶" in str(button.label)] == [focused]
            accent = app.theme_variables["accent"].lower()  # as bold as the theme's colours go
            assert focus_colour(buttons.pop(focused)) == accent
            assert all(focus_colour(button) != accent for button in buttons.values())
            assert any(shown in line for line in screen_lines(app)), shown  # all of it in view


def focus_colour(widget: Widget) -> str:
    """The background ``widget`` is drawn on, as #rrggbb."""
    colour = widget.rich_style.bgcolor
    assert colour is not None
    return colour.get_truecolor().hex


@pilot_test
async def test_help_lists_every_key() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, Help)
        described = {key for key, _ in app.screen.rows}
        bindings = [
            *GameView.BINDINGS,
            *Annotator.BINDINGS,
            *ReplayScreen.BINDINGS,
            *ReplayApp.BINDINGS,
        ]
        ids = {binding.id for binding in bindings}  # type: ignore[union-attr]
        assert len(app.screen.rows) == len(ids)
        assert "→" in described and "N (shift+n)" in described
        # Keys as they show (issue 22): + and Del, not the words plus and delete.
        assert {"+", "Del"} <= described and not {"plus", "delete"} & described
        assert "board's right half" in app.screen.extra  # the replay screen's mouse
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
        assert "syntax error on line" in notes_text(app)
        await pilot.press("right", "down", "end")
        assert "AD100" in notes_text(app)  # after White's turn 1, the turn before it
        await pilot.press("home", "n", "c")
        assert isinstance(app.screen, ReplayScreen)  # annotating is refused, nothing breaks
        assert "AD100" in notes_text(app)


def test_the_command_refuses_what_it_cannot_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "missing.acey")]) == 2
    assert "cannot open" in capsys.readouterr().err
    assert main(["replay", str(SAMPLES / "match.acey"), "--game", "4"]) == 2
    assert "holds 3 games" in capsys.readouterr().err
    assert main(["replay", str(SAMPLES / "match.acey"), "--turn", "x"]) == 2


# -- issue 9: the screen at 80x24 and larger, the dialogs, the messages ---------------


def screen_lines(app: ReplayApp) -> list[str]:
    """What the terminal shows, line by line (the screen and the screens under a dialog)."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text(styles=False).splitlines()


def notifications(app: ReplayApp) -> list[str]:
    return [notification.message for notification in app._notifications]


def inside(widget: Widget, width: int, height: int) -> bool:
    region = widget.region
    return (
        region.width > 0 and region.height > 0 and region.right <= width and region.bottom <= height
    )


@pilot_test
async def test_the_help_says_r_records_from_the_turn_shown_in_a_finished_game() -> None:
    """The help's r said '(an unfinished game)', in a finished game too, where r records a
    variation from an earlier turn (docs/replay.md)."""
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        help_list = app.screen
        assert isinstance(help_list, Help)
        said = [what for key, what in help_list.rows if key == "r"]
        assert said == [
            "record: the rolls and plays that follow, at the end or from the turn shown"
        ]


@pilot_test
async def test_help_fits_80x24_and_scrolls_to_its_last_line() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, Help)
        body = app.screen.query_one("#help-body", VerticalScroll)
        assert inside(app.screen.query_one("#help"), *SIZE)
        assert body.max_scroll_y > 0  # the keys do not all fit: the body scrolls
        assert not any("open it." in line for line in screen_lines(app))
        await pilot.press("end")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        assert any("open it." in line for line in screen_lines(app))  # the last line
        await pilot.press("home")
        await pilot.pause()
        assert body.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        paged = body.scroll_y
        assert paged > 1
        await pilot.press("up")
        await pilot.pause()
        assert body.scroll_y == paged - 1
        await pilot.press("down", "pageup")
        await pilot.pause()
        assert body.scroll_y == 0


@pilot_test
async def test_the_tag_editor_fits_80x24_and_marks_the_focused_field() -> None:
    app = ReplayApp(str(SAMPLES / "match.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        editor = app.screen
        assert isinstance(editor, TagEditor)
        for button in ("#keep", "#cancel"):
            assert inside(editor.query_one(button), *SIZE), button
        focused = editor.focused
        assert isinstance(focused, Input) and focused.id == "tag-0"
        assert "▶" in screen_lines(app)[focused.region.y]
        await pilot.press("tab")
        moved = editor.focused
        assert isinstance(moved, Input) and moved.id == "tag-1"
        lines = screen_lines(app)
        assert "▶" in lines[moved.region.y] and "▶" not in lines[focused.region.y]


def send_burst(app: ReplayApp, *keys: tuple[str, str | None]) -> None:
    """Keys posted at once, as a terminal hands over keys that come together."""
    for key, character in keys:
        app.post_message(events.Key(key, character))


@pilot_test
async def test_keys_typed_in_one_burst_act_in_their_order_in_a_tag_field() -> None:
    app = ReplayApp(str(SAMPLES / "match.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        editor = app.screen
        assert isinstance(editor, TagEditor)
        field = editor.query_one("#tag-0", Input)  # Event, in focus
        field.cursor_position = len(field.value)
        burst = [("ctrl+u", "\x15"), *((c, c) for c in "Spring"), ("backspace", "\x7f")]
        burst += [("ctrl+w", "\x17"), *((c, c) for c in "Autumn cup")]
        send_burst(app, *burst)
        await pilot.pause()
        await pilot.pause()
        assert field.value == "Autumn cup"
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ReplayScreen)
        assert app.record is not None and app.record.dirty


@pilot_test
async def test_a_tab_typed_in_one_burst_moves_on_before_the_keys_after_it() -> None:
    """'Round' Tab '1' sent at once in the new tag's name gave the name 'Round1' and no value:
    the Tab's focus change ran once the key had gone up to the screen, after the 1."""
    app = ReplayApp(str(SAMPLES / "match.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        editor = app.screen
        assert isinstance(editor, TagEditor)
        name, value = editor.query_one("#new-name", Input), editor.query_one("#new-value", Input)
        editor.set_focus(name)
        await pilot.pause()
        send_burst(app, *((c, c) for c in "Round"), ("tab", "\t"), ("1", "1"))
        await pilot.pause()
        assert (name.value, value.value) == ("Round", "1")
        send_burst(app, ("shift+tab", None), ("shift+tab", None), ("tab", "\t"), ("2", "2"))
        await pilot.pause()
        assert editor.focused is name and name.value == "2"  # back two, on one: Round selected


@pilot_test
async def test_keys_typed_in_one_burst_act_in_their_order_in_the_comment_editor(
    tmp_path: Path,
) -> None:
    path = copy(tmp_path, "match.acey")
    app = ReplayApp(str(path), game=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "c")
        editor = app.screen
        assert isinstance(editor, CommentEditor)
        area = editor.query_one(TextArea)
        error = editor.query_one("#comment-error", Static)
        await pilot.press("a", "b")
        send_burst(app, ("left", None), ("c", "c"))
        await pilot.pause()
        assert area.text == "acb"
        send_burst(app, ("backspace", "\x7f"), ("X", "X"))
        await pilot.pause()
        assert area.text == "aXb"
        area.text = "Good entry, builds the 7 point }"
        area.move_cursor(area.document.end)
        await pilot.press("ctrl+s")
        assert app.screen is editor
        assert "cannot hold '}'" in str(error.render())
        send_burst(app, ("backspace", "\x7f"), ("backspace", "\x7f"), ("full_stop", "."))
        await pilot.pause()
        assert area.text == "Good entry, builds the 7 point."
        assert str(error.render()) == ""  # the } is gone, and so is what was said of it
        await pilot.press("ctrl+s")
        assert "Good entry, builds the 7 point." in notes_text(app)


@pilot_test
async def test_the_tag_editor_refuses_a_value_that_is_wrong_for_its_tag() -> None:
    app = ReplayApp(str(SAMPLES / "match.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        editor = app.screen
        assert isinstance(editor, TagEditor)
        names = [name for name, _ in editor.tags]
        result = editor.query_one(f"#tag-{names.index('Result')}", Input)
        result.value = "standard"
        await pilot.press("ctrl+s")
        assert app.screen is editor  # kept open
        problem = editor.query_one(f"#tag-{names.index('Result')}-problem", Static)
        assert "'standard' is not a result" in str(problem.render())
        assert inside(problem, *SIZE)
        assert app.record is not None and not app.record.dirty
        result.value = "4-0"
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("i")
        again = app.screen
        assert isinstance(again, TagEditor)
        again.query_one("#new-name", Input).value = "Date"
        again.query_one("#new-value", Input).value = "yesterday"
        await pilot.press("ctrl+s")
        assert app.screen is again and "already has a Date" in str(
            again.query_one("#new-problem", Static).render()
        )
        again.query_one("#new-name", Input).value = "Termination"
        await pilot.press("ctrl+s")
        assert app.screen is again
        assert "not a Termination" in str(again.query_one("#new-problem", Static).render())


@pilot_test
async def test_a_refused_tag_shows_its_reason_in_view_at_80x24(tmp_path: Path) -> None:
    """With more tags than the editor shows at 80x24, Enter on a wrong new tag moved the keys to
    it but left the reason under it out of view: the screen seemed to do nothing."""
    names = ["Event", "Site", "Round", "White", "Black", "Annotator", "WhiteElo", "BlackElo"]
    names += ["TimeControl", "Match", "MatchLength", "Venue", "Board", "Section"]
    tags = "".join(f'[{name} "{name.lower()}"]\n' for name in names)
    path = tmp_path / "tags.acey"
    path.write_text(f"{tags}\n1. 61: in/19 19/18\n*\n", encoding="utf-8")
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        editor = app.screen
        assert isinstance(editor, TagEditor)
        editor.query_one("#new-name", Input).value = "9bad"
        value = editor.query_one("#new-value", Input)
        value.value = "hello"
        value.focus()
        await pilot.pause()
        await pilot.press("enter")
        rows, problem = editor.query_one("#tag-rows"), editor.query_one("#new-problem", Static)
        for _ in range(20):  # the rows may scroll smoothly
            if rows.region.contains_region(problem.region):
                break
            await pilot.pause(0.05)
        assert app.screen is editor and editor.focused is value
        assert "'9bad' is not a tag name" in str(problem.render())
        assert problem.region.height == 2 and rows.region.contains_region(problem.region)


@pilot_test
async def test_changing_the_rules_stays_on_the_same_roll() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "1", "0", ".", "enter", "left")
        before = replay(app).query_one(Board).frame
        assert before is not None and before.turn is not None
        await pilot.press("i")
        editor = app.screen
        assert isinstance(editor, TagEditor)
        names = [name for name, _ in editor.tags]
        editor.query_one(f"#tag-{names.index('Rules')}", Input).value = "navy"
        await pilot.press("ctrl+s")
        screen = replay(app)
        assert screen.timeline is not None and screen.timeline.report.rules.to_tag() == "navy"
        after = screen.query_one(Board).frame
        assert after is not None and after.segment is before.segment
        assert after.turn is not None and (after.turn.number, after.turn.side) == (10, Side.WHITE)
        moves = screen.query_one(MoveList)
        assert moves.highlighted == moves.row_of_segment[id(after.segment)]


@pilot_test
async def test_the_header_keeps_the_game_number_and_the_modified_flag_in_view() -> None:
    app = ReplayApp(str(SAMPLES / "match.acey"), game=3)
    async with app.run_test(size=SIZE) as pilot:
        assert "game 3/3" in screen_lines(app)[0]
        await pilot.press("down", "g", "enter")
        header = screen_lines(app)[0]
        assert "modified" in header and "game 3/3" in header and "Carr" in header
        await pilot.press("l")
        assert isinstance(app.screen, GameList)
        assert "modified" in screen_lines(app)[0]  # on the game list too


@pilot_test
async def test_a_narrow_header_cuts_the_event_then_the_players_never_the_rules(
    tmp_path: Path,
) -> None:
    text = (SAMPLES / "annotated.acey").read_text(encoding="utf-8")
    for rules, names in (
        # the event gives way first, to the last cells it says something in; then the names
        ("standard larger_die=no", "Ines Alder  vs  ● Tom Brandt  │ 15-0  │ Harbour C…  │"),
        # both names cut alike, neither lost to the other
        ("standard early_moves=no larger_die=no score=single", "○ In…  vs  ● To…  │ 15-0  │ st"),
    ):
        record = tmp_path / "rules.acey"
        record.write_text(text.replace('"standard"]', f'"{rules}"]'), encoding="utf-8")
        app = ReplayApp(str(record))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            header = screen_lines(app)[0].rstrip()
            assert header.endswith(f"  │ {rules}") and names in header


@pilot_test
async def test_the_notes_scroll_from_the_keyboard() -> None:
    app = ReplayApp(str(SAMPLES / "mistakes.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "n")  # AD308 with its legal plays: more than the panel holds
        panel = replay(app).query_one("#notes-panel", VerticalScroll)
        assert panel.max_scroll_y > 0
        index = replay(app).view.cursor.index
        await pilot.press("tab")
        assert replay(app).focused is panel
        await pilot.press("end")
        await pilot.pause()
        assert panel.scroll_y == panel.max_scroll_y
        await pilot.press("up")
        await pilot.pause()
        assert panel.scroll_y == panel.max_scroll_y - 1
        await pilot.press("home")
        await pilot.pause()
        assert panel.scroll_y == 0
        assert replay(app).view.cursor.index == index  # the keys scrolled, they did not move
        await pilot.press("tab")
        assert replay(app).focused is replay(app).view
        await pilot.press("down")
        assert replay(app).view.cursor.index != index


@pilot_test
async def test_the_notes_keys_never_move_the_game_where_the_notes_fit() -> None:
    """With the keys in the notes (tab) and notes that fit the panel, down went to the next
    roll, End to the game's end: the notes had nothing to scroll and let the board have the
    keys their title says they scroll with."""
    app = ReplayApp(str(SAMPLES / "mistakes.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        panel = replay(app).query_one("#notes-panel", VerticalScroll)
        assert panel.max_scroll_y == 0  # the start: the opening in words, no more
        await pilot.press("tab")
        for key in ("down", "pagedown", "end", "up", "pageup", "home"):
            await pilot.press(key)
            await pilot.pause()
            assert replay(app).view.cursor.index == 0, key
            assert replay(app).focused is panel, key
        await pilot.press("right")  # left and right still step
        assert replay(app).view.cursor.index == 1


@pilot_test
async def test_a_click_on_the_board_gives_the_keys_back_from_the_notes() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab")
        assert replay(app).focused is replay(app).query_one("#notes-panel")
        await pilot.click("#board", offset=(40, 3))  # the right half: a step too
        assert replay(app).focused is replay(app).view
        assert replay(app).view.cursor.index == 1
        await pilot.press("down")  # the board's key again, no longer the notes' scrolling
        assert replay(app).view.cursor.index > 1


@pilot_test
async def test_a_terminal_below_80x24_says_it_is_too_small() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=(79, 30)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "too small" in text and "80x24" in text and "79x30" in text
        await pilot.resize_terminal(100, 23)
        await pilot.pause(0.1)
        assert "100x23" in "\n".join(screen_lines(app))
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        assert isinstance(app.screen, ReplayScreen)
        assert not any("too small" in line for line in screen_lines(app))


@pilot_test
async def test_a_wide_terminal_is_used() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        screen = replay(app)
        board = screen.query_one(Board)
        notes = screen.query_one("#notes-panel")
        moves = screen.query_one(MoveList)
        drawn = max(
            len(line.rstrip()) - (len(line) - len(line.lstrip())) for line in board_text(app)
        )
        assert drawn >= 90  # wider points than the 77 cells of an 80-column board
        assert len(board_text(app)) > 19  # taller stacks
        assert notes.region.x >= board.region.right - 1  # the notes beside the board
        assert notes.region.width >= 40 and moves.region.width >= 42
        lines = screen_lines(app)
        used = [line for line in lines[1:-1] if line.strip()]
        assert all(len(line.rstrip()) > 150 for line in used[:20])


@pilot_test
async def test_going_to_a_turn_the_game_does_not_have_says_how_many_it_has() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        before = replay(app).view.cursor
        await pilot.press("t", "9", "9", "enter")
        assert replay(app).view.cursor == before
        timeline = replay(app).timeline
        assert timeline is not None
        last = timeline.game.turns[-1].number
        message = notifications(app)[-1]
        assert f"{timeline.report.turns} turns" in message and f"1 to {last}" in message
        await pilot.press("t", "x", "enter")
        assert "12..." in notifications(app)[-1]


@pilot_test
async def test_a_file_of_one_game_says_1_game() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        assert isinstance(app.screen, GameList)
        title = str(app.screen.query_one("#games-title", Static).render())
        assert title.endswith(": 1 game")
        status = str(app.screen.query_one("#games-status", Static).render())
        assert "1 shown" in status


def test_the_command_counts_games_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(SAMPLES / "annotated.acey"), "--game", "2"]) == 2
    assert "holds 1 game\n" in capsys.readouterr().err


@pilot_test
async def test_a_file_deleted_while_open_is_saved_with_its_mode(tmp_path: Path) -> None:
    path = copy(tmp_path, "annotated.acey")
    path.chmod(0o640)
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "g", "enter")
        path.unlink()
        await pilot.press("s")
        assert isinstance(app.screen, Confirm)  # the file is gone: asks first
        assert "was deleted" in app.screen.question
        await pilot.click("#answer-overwrite")
        await pilot.pause()
        assert app.record is not None and not app.record.dirty
    assert os.stat(path).st_mode & 0o7777 == 0o640
    assert "[Event" in path.read_text(encoding="utf-8")


BROKEN = (
    '[White "A"]\n[Black "B"]\n\n'
    "1. 61: in/19 19/18  61: in/19 19/18\n"
    "2. 51: xx/23 18/13  51: in/20 20/19\n"
    "3. 62: in/19 19/17\n*\n"
)


@pilot_test
@pytest.mark.parametrize(("result", "said"), [("*", "its result cannot"), ("9-0", "(9-0, as")])
async def test_the_result_a_broken_game_gives_is_told_as_unchecked(
    tmp_path: Path, result: str, said: str
) -> None:
    # The notes said the result was unknown, though the record gives it (and keeps it).
    path = tmp_path / "broken.acey"
    path.write_text(BROKEN.replace("\n*\n", f"\n{result}\n"), encoding="utf-8")
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        text = " ".join(notes_text(app).split())
        assert "the rest is unknown" in text and said in text and "cannot be checked" in text


@pilot_test
async def test_a_game_with_a_syntax_error_replays_the_turns_before_it(tmp_path: Path) -> None:
    path = tmp_path / "broken.acey"
    path.write_text(BROKEN, encoding="utf-8")
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = replay(app)
        assert "syntax error" in notes_text(app) and "line 5" in notes_text(app)
        moves = screen.query_one(MoveList)
        turns = [(row.turn.number, row.turn.side) for row in moves.rows if row.turn is not None]
        assert turns == [(1, Side.WHITE), (1, Side.BLACK)]
        error_rows = [n for n, row in enumerate(moves.rows) if row.problem is not None]
        assert len(error_rows) == 1 and error_rows[0] == len(turns) + 1  # after the turns
        assert "line 5" in str(moves.get_option_at_index(error_rows[0]).prompt)
        await pilot.press("pagedown", "pagedown")
        frame = screen.query_one(Board).frame
        assert frame is not None and frame.turn is not None and frame.turn.side is Side.BLACK
        assert screen.timeline is not None and frame.position != screen.timeline.start
        await pilot.press("home", "n")
        text = notes_text(app)
        assert "AD100" in text and "'xx/23' is not a move" in text
        view = screen.view
        assert view.cursor.index == view.frame_count - 1  # where the error stands: the end
        await pilot.click(MoveList, offset=(8, error_rows[0]))
        assert screen.view.cursor.index == screen.view.frame_count - 1


@pilot_test
async def test_the_notes_say_what_each_nag_means(tmp_path: Path) -> None:
    """A NAG past $6 was shown as 'annotation $14': §4 says it means what it means in PGN, and
    the notes (as the game page's tooltip) say those words, $14 White's slight advantage."""
    record = tmp_path / "nags.acey"
    record.write_text("1. 61: in/19 19/18 $4 $14 $140\n*\n", encoding="utf-8")
    app = ReplayApp(str(record), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down")
        notes = " ".join(notes_text(app).split())
        assert "?? blunder" in notes and "$14 White has a slight advantage" in notes
        assert "$140 as PGN defines it" in notes


@pilot_test
async def test_choosing_the_glyph_a_move_has_changes_nothing(tmp_path: Path) -> None:
    """'no glyph' on a move without one marked the game modified: quitting asked to save."""
    app = ReplayApp(str(copy(tmp_path, "annotated.acey")), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "g", "end", "enter")  # the list's last choice: no glyph
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and not app.record.dirty
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


@pilot_test
async def test_q_on_the_too_small_screen_keeps_a_comment_being_written(tmp_path: Path) -> None:
    """q there quit at once, the comment typed in the dialog under it lost without a word."""
    app = ReplayApp(str(copy(tmp_path, "annotated.acey")), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "c", *"mine")
        await pilot.resize_terminal(60, 20)
        await pilot.pause(0.1)
        await pilot.press("q")
        await pilot.pause(0.1)
        assert app.is_running
        assert "A dialog is open under this" in "\n".join(screen_lines(app))
        await pilot.resize_terminal(*SIZE)
        await pilot.pause(0.1)
        assert type(app.screen).__name__ == "CommentEditor"


@pilot_test
async def test_n_scrolls_the_notes_to_the_diagnostic_it_went_to() -> None:
    """At the last frame of 8... (samples/mistakes.acey) the notes begin with the AD302 of the
    stop before, and AD503, where n went, stood below them out of view: n seemed stuck."""
    app = ReplayApp(str(SAMPLES / "mistakes.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        shown: list[str] = []
        for _ in range(12):
            await pilot.press("n")
            await pilot.pause(0.1)
            shown.append("\n".join(screen_lines(app)))
        assert any("AD503" in screen for screen in shown)
