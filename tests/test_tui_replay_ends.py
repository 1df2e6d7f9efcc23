"""What the replay app tells of a game's turns and its end: passes, legal plays, the result.

The Result tag edited and the result token with it, a roll with no legal
play, the count of legal plays, the game list's columns at 80 columns, how a
resigned game ended, and the r key of a game that has ended (issue 22).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import SAMPLES, SIZE, pilot_test, record
from test_tui_app import inside, notes_text, replay, screen_lines
from textual.pilot import Pilot
from textual.widgets import Input, Static

from aceynote.entering.ending import ending_words
from aceynote.notation import parse_game
from aceynote.tui.app import ReplayApp
from aceynote.tui.dialogs import Confirm, PlayChoices
from aceynote.tui.entry import EntryLine
from aceynote.tui.game_header import GameHeader
from aceynote.tui.game_list import GameList, GameTable, column_widths
from aceynote.tui.record_screen import RecordScreen
from aceynote.tui.replay_screen import ReplayScreen
from aceynote.tui.tag_editor import TagEditor
from aceynote.tui.widgets import Board, StatusBar

WIDE = (120, 40)
SIZES = [pytest.param(SIZE, id="80x24"), pytest.param(WIDE, id="120x40")]
RESIGNED = record(
    "1. 64: in/19 in/21  53: in/20 in/22",
    '[White "Ames"]',
    '[Black "Boyd"]',
    '[Result "0-14"]',
    '[Termination "resignation"]',
    result="0-14",
)
GOING_ON = record("1. 64: in/19 in/21  53: in/20 in/22", '[Result "*"]')


def write(tmp_path: Path, text: str, name: str = "game.acey") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


async def result_tried(app: ReplayApp, pilot: Pilot[None], value: str) -> TagEditor:
    """The tag editor opened (i), ``value`` given to the Result tag and kept (ctrl+s)."""
    await pilot.press("i")
    editor = app.screen
    assert isinstance(editor, TagEditor)
    result_field(editor)[0].value = value
    await pilot.press("ctrl+s")
    return editor


def result_field(editor: TagEditor) -> tuple[Input, Static]:
    """The Result tag's field of the tag editor and the line under it for its problem."""
    row = [name for name, _ in editor.tags].index("Result")
    return editor.query_one(f"#tag-{row}", Input), editor.query_one(f"#tag-{row}-problem", Static)


def footer(app: ReplayApp) -> str:
    return screen_lines(app)[-1]


# -- the Result tag ----------------------------------------------------------------------------
@pilot_test
async def test_a_changed_result_tag_changes_the_result_and_the_header(tmp_path: Path) -> None:
    path = write(tmp_path, RESIGNED)
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await result_tried(app, pilot, "0-9")
        screen = replay(app)
        assert screen.timeline is not None
        assert screen.timeline.game.result == "0-9"
        assert not screen.timeline.report.diagnostics  # no AD108: tag and token agree
        assert "│ 0-9 " in str(screen.query_one(GameHeader).render())
        await pilot.press("ctrl+s")
        await pilot.pause()
    saved = path.read_text(encoding="utf-8")
    assert '[Result "0-9"]' in saved and saved.rstrip().endswith("0-9")


@pilot_test
async def test_a_won_game_refuses_another_result_and_says_what_the_rules_give() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        editor = await result_tried(app, pilot, "10-0")
        field, problem = result_field(editor)
        assert app.screen is editor
        said = str(problem.render())
        assert "the game was won on the board: the rules give 15-0" in said
        assert inside(problem, *SIZE)
        assert app.record is not None and not app.record.dirty
        field.value = "15-0x"
        await pilot.press("ctrl+s")
        assert "'15-0x' is not a result" in str(problem.render())
        field.value = "15-0"  # corrected: the problem goes at once, before the tags are kept
        await pilot.pause()
        assert str(problem.render()) == "" and not problem.has_class("-shown")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ReplayScreen)


@pilot_test
async def test_a_result_for_a_game_not_played_out_needs_a_termination(tmp_path: Path) -> None:
    app = ReplayApp(str(write(tmp_path, GOING_ON)), game=1)
    async with app.run_test(size=SIZE) as pilot:
        editor = await result_tried(app, pilot, "0-3")
        problem = result_field(editor)[1]
        assert app.screen is editor
        assert "unless a Termination tag says how the game ended" in str(problem.render())
        editor.query_one("#new-name", Input).value = "Termination"
        editor.query_one("#new-value", Input).value = "resignation"
        await pilot.pause()
        assert str(problem.render()) == ""
        await pilot.press("ctrl+s")
        screen = replay(app)
        assert screen.timeline is not None and screen.timeline.game.result == "0-3"
        assert not screen.timeline.report.diagnostics


# -- a roll with no legal play ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("size", "board_says"),
    [
        pytest.param(SIZE, "Black: no play", id="80x24"),
        pytest.param(WIDE, "Black: no legal play", id="120x40"),
    ],
)
@pilot_test
async def test_a_roll_with_no_legal_play_says_the_side_could_not_play(
    size: tuple[int, int], board_says: str
) -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)  # 23... 43: --
    async with app.run_test(size=size) as pilot:
        await pilot.press("t", *"23...", "enter")
        screen = replay(app)
        board = screen.query_one(Board)
        rows = [board.render_line(y).text for y in range(board.size.height)]
        middle = next(row for row in rows if "BAR" in row)
        assert board_says in middle and "to play" not in middle
        status = str(screen.query_one(StatusBar).render())
        assert status == "23... 43: --  no legal play: Black could not move"


@pytest.mark.parametrize(
    ("size", "says"),
    [
        pytest.param(SIZE, "(illegal: replayed in part)", id="80x24"),
        pytest.param((200, 60), "(replayed as far as the checkers allow)", id="200x60"),
    ],
)
@pilot_test
async def test_a_play_replayed_in_part_is_said_whole_on_the_status_line(
    size: tuple[int, int], says: str
) -> None:
    app = ReplayApp(str(SAMPLES / "mistakes.acey"), game=1)  # 8... 31: 13/10 in/22, forced
    async with app.run_test(size=size) as pilot:
        await pilot.press("t", *"8...", "enter")
        await pilot.pause()
        status = replay(app).query_one(StatusBar)
        line = str(status.render())
        assert line == f"8... 31: 13/10 in/22  {says}"
        assert len(line) <= status.content_size.width  # not cut with an ellipsis
        board = replay(app).query_one(Board)  # the board said it cut short: "Black: as writt"
        middle = next(
            row
            for row in (board.render_line(y).text for y in range(board.size.height))
            if "BAR" in row
        )
        assert re.search(r"(Black:? )?as written", middle)


# -- the legal plays of a roll ----------------------------------------------------------------
@pilot_test
async def test_the_legal_plays_title_counts_the_plays_and_fits_80_columns() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", *"12.", "enter", "p", *"31", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PlayChoices)
        count, when = len(dialog.rows), "after 12. 51: in/20 20/19"
        # (a third line names the engine's ranking, once it is worked out)
        assert dialog.title_text.split("\n")[:2] == [f"Black's {count} legal plays of 31", when]
        lines = screen_lines(app)
        for shown in (f"Black's {count} legal plays of 31 ", f" {when} ", "esc: close"):
            assert any(shown in line for line in lines), shown
        await pilot.press("escape", "home", "p", *"64", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PlayChoices)
        assert app.screen.title_text.split("\n")[:2] == [
            "White's 2 legal plays of 64",
            "at the start",
        ]


# -- the game list -----------------------------------------------------------------------------
def test_the_columns_fill_the_width_and_keep_the_date() -> None:
    for width in (79, 119, 200):
        widths = column_widths(width)
        assert 1 + sum(widths) + len(widths) - 1 == width
        assert widths[-1] == 10  # the date, whole


@pytest.mark.parametrize("size", SIZES)
@pilot_test
async def test_the_game_list_shows_the_date_and_cuts_with_an_ellipsis(
    size: tuple[int, int],
) -> None:
    app = ReplayApp(str(SAMPLES / "match.acey"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameList)
        table = app.screen.query_one(GameTable)
        lines = screen_lines(app)
        header = next(line for line in lines if line.lstrip().startswith("#"))
        first = lines[lines.index(header) + 1]
        assert header.rstrip().endswith("Date") and first.rstrip().endswith("2026.03.01")
        assert header.index("Date") == first.index("2026.03.01")
        assert header.index("Event") == first.index("Club match")
        event = first[header.index("Event") : header.index("Date")].strip()
        whole = table.cells_at(0)[6]
        assert event == whole if size == WIDE else event == whole[: len(event) - 1] + "…"


# -- the end of a game --------------------------------------------------------------------------
def test_the_end_of_a_game_in_words() -> None:
    resigned = parse_game(RESIGNED)
    assert ending_words(resigned, None) == "White resigned: Black scores 14"
    resigned.set_tag("Termination", "time")
    assert ending_words(resigned, None) == "White ran out of time: Black scores 14"
    resigned.set_tag("Termination", "abandoned")
    resigned.result = "*"
    assert ending_words(resigned, None) == "the game was abandoned, not played out"
    assert ending_words(parse_game(GOING_ON), None) == ""


@pilot_test
async def test_a_resigned_game_says_who_resigned_and_offers_no_record(tmp_path: Path) -> None:
    app = ReplayApp(str(write(tmp_path, RESIGNED)), game=1)
    async with app.run_test(size=SIZE) as pilot:
        assert "r Record" not in footer(app)
        await pilot.press("end")
        assert "result 0-14  White resigned: Black scores 14" in notes_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert any("ended by resignation" in n.message for n in app._notifications)


@pilot_test
async def test_a_resigned_game_takes_a_variation_from_an_earlier_turn(tmp_path: Path) -> None:
    """r, Variation on a turn of a game ended by its Termination tag was refused ('ended by
    resignation') and showed the game's end: the tag ends the main line, not a variation."""
    app = ReplayApp(str(write(tmp_path, RESIGNED)), game=1, turn="1.")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert [answer for answer, _ in app.screen.answers] == ["variation", "cut"]
        await pilot.click("#answer-variation")
        await pilot.pause()
        assert isinstance(app.screen, RecordScreen), [n.message for n in app._notifications]
        assert str(app.screen.query_one(EntryLine).border_title).startswith("1... Black to roll")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert replay(app).view.frame.turn is not None
        assert (replay(app).view.frame.turn.number, replay(app).view.cursor.path) == (1, ())


@pilot_test
async def test_a_won_game_offers_no_record_and_r_says_why(tmp_path: Path) -> None:
    shutil.copyfile(SAMPLES / "annotated.acey", tmp_path / "won.acey")
    app = ReplayApp(str(tmp_path / "won.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        assert "r Record" not in footer(app) and "c Comment" in footer(app)
        await pilot.press("end", "r")
        await pilot.pause()
        assert any("nothing more can be entered" in n.message for n in app._notifications)
        await pilot.press("t", "3", "enter", "r")  # an earlier turn: At the end leads nowhere
        await pilot.pause()
        question = app.screen
        assert isinstance(question, Confirm)
        assert [answer for answer, _ in question.answers] == ["variation", "cut"]
        assert "to the game's end" in question.question
    going_on = ReplayApp(str(write(tmp_path, GOING_ON)), game=1)
    async with going_on.run_test(size=SIZE) as pilot:
        assert "r Record" in footer(going_on)
        await pilot.press("home", "down", "r")
        await pilot.pause()
        question = going_on.screen
        assert isinstance(question, Confirm)
        assert [answer for answer, _ in question.answers] == ["variation", "cut", "end"]


@pilot_test
async def test_counts_that_arrive_while_the_game_list_has_no_table_are_let_go() -> None:
    """The checker's counts can come between the list's mount and its table (a loaded machine)."""
    from aceynote.tui.app import GamesChecked

    app = ReplayApp(str(SAMPLES / "match.acey"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        games = app.screen
        assert isinstance(games, GameList)
        await games.query_one(GameTable).remove()
        app.on_games_checked(GamesChecked((0,)))  # raised NoMatches, which ended the app
        await pilot.pause()
        assert app.is_running and app.screen is games


# -- the footer at 80 columns ------------------------------------------------------------------
WARNED = '[Setup "W 13:2 / B 18:1 / W"]\n1. 65: 13/7 13/8\n*\n'  # AD311 only: recordable


def _footer_app(state: str, tmp_path: Path) -> ReplayApp:
    import random

    from aceynote.analysis.practice import Practice
    from aceynote.files.record import RecordFile
    from aceynote.notation.lines import new_game
    from aceynote.rules import Side

    new = tmp_path / "new.acey"
    starts = {
        "ended": lambda: ReplayApp(str(SAMPLES / "annotated.acey"), game=1),
        "errors": lambda: ReplayApp(str(SAMPLES / "mistakes.acey"), game=1),
        "going on": lambda: ReplayApp(str(write(tmp_path, GOING_ON)), game=1),
        "a warning, going on": lambda: ReplayApp(str(write(tmp_path, WARNED)), game=1),
        "game list": lambda: ReplayApp(str(SAMPLES / "match.acey")),
        "recording": lambda: ReplayApp(
            str(new), record=RecordFile(str(new), create=True), new_game=new_game([])
        ),
        "playing": lambda: ReplayApp(
            str(new),
            record=RecordFile(str(new), create=True),
            new_game=new_game([("Opening", "5-3")]),
            practice=Practice(Side.BLACK, 0, random.Random(1)),
        ),
    }
    return starts[state]()


@pytest.mark.parametrize(
    "state",
    ["ended", "errors", "going on", "a warning, going on", "game list", "recording", "playing"],
)
@pilot_test
async def test_every_footer_fits_80_columns(state: str, tmp_path: Path) -> None:
    from textual.widgets import Footer

    app = _footer_app(state, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = list(app.screen.query_one(Footer).query("FooterKey"))
        assert keys and max(key.region.right for key in keys) <= SIZE[0]
        assert "q Quit" in footer(app)  # the last word on most screens, whole


@pilot_test
async def test_n_goes_to_a_warning_where_the_footer_offers_r_instead(tmp_path: Path) -> None:
    app = ReplayApp(str(write(tmp_path, WARNED)), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("home")
        assert "r Record" in footer(app) and "n Error" not in footer(app)
        await pilot.press("n")
        assert "AD311" in notes_text(app)


@pilot_test
async def test_n_and_N_say_alike_that_a_clean_game_has_nothing_to_go_to() -> None:
    from test_tui_app import notifications

    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end", "N")
        said = "The validator found nothing to point out in this game."
        assert notifications(app) == [said]
        await pilot.press("n")
        assert notifications(app) == [said, said]


# -- a tall wide terminal ----------------------------------------------------------------------
@pytest.mark.parametrize(("size", "board_rows"), [((200, 50), 35), ((180, 30), 27)])
@pilot_test
async def test_beside_the_notes_the_board_grows_with_the_height(
    size: tuple[int, int], board_rows: int
) -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board, status = replay(app).query_one(Board), replay(app).query_one(StatusBar)
        assert board.region.height == board_rows  # a full stack of 15 at most
        assert status.region.y == board.region.bottom and status.region.bottom < size[1]


@pilot_test
async def test_a_list_dialog_scrolls_by_line_and_page_and_stops_at_its_ends() -> None:
    """↑ ↓ a line, PgUp PgDn a page, Home End the ends; at an end a key goes no further
    (a list of options would wrap its hidden highlight round to the other end)."""
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(PlayChoices("many rows", [f"row {n}" for n in range(60)]))
        await pilot.pause()
        view = app.screen.query_one("#play-rows")
        page = view.scrollable_content_region.height
        assert 1 < page < 60 and view.max_scroll_y > page

        async def after(*keys: str) -> float:
            await pilot.press(*keys)
            await pilot.pause()
            return view.scroll_y

        assert await after("down") == 1
        assert await after("pagedown") >= page
        assert await after("end") == view.max_scroll_y
        assert await after("down") == view.max_scroll_y
        assert await after("up") == view.max_scroll_y - 1
        assert await after("home") == 0
        assert await after("up") == 0
        await pilot.press("escape")
        assert not isinstance(app.screen, PlayChoices)


@pilot_test
async def test_a_list_dialog_wraps_a_row_too_long_for_it() -> None:
    """A play's why can be longer than the dialog is wide: it goes on on the next line, not
    off the dialog's edge."""
    words = " ".join(f"word{n}" for n in range(40))
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(PlayChoices("one long row", ["in/19 in/22"], [words]))
        await pilot.pause()
        text = app.screen.query_one("#play-rows-text")
        assert text.size.height > 1 and text.region.right <= SIZE[0]
        shown = " ".join(" ".join(line.split()) for line in screen_lines(app))
        assert "word0" in shown and "word39" in shown
        # It goes on under itself, not under the play (the list is easier to scan so).
        lines = [line for line in screen_lines(app) if "word" in line]
        column = lines[0].index("word0")
        assert lines[0].index("in/19 in/22") < column
        assert len(lines) > 1 and all(line.index("word") == column for line in lines[1:])
