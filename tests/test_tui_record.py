"""Recording games in the app (``aceynote record``, ``r`` in the replay): Pilot tests."""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLES, SIZE, enter_on_line, pilot_test
from textual.widgets import Input

from aceynote.cli import main
from aceynote.entering import EntryProblem, Recording, TypedRoll
from aceynote.files.record import RecordFile
from aceynote.notation import Game, parse_game, read_games, write_game
from aceynote.notation.generate import generate_games
from aceynote.notation.lines import new_game
from aceynote.notation.writer import segment_words
from aceynote.rules import RuleSet, SegmentKind, Side
from aceynote.tui.app import ReplayApp
from aceynote.tui.dialogs import Confirm, EndGame, PlayChoices, Prompt
from aceynote.tui.entry import EntryFeedback, EntryLine, PlayList, count_words
from aceynote.tui.game_list import cells
from aceynote.tui.record_screen import RecordScreen
from aceynote.tui.replay_screen import ReplayScreen
from aceynote.tui.widgets import Board, MoveList
from aceynote.validation import validate

# Nothing can be played: White is on the bar and Black holds White's whole entry board.
CLOSED_BOARD = "W bar:1 6:14 / B 6:2 5:2 4:2 3:2 2:2 1:2 in:3 / W"
# One White checker left, on White's point 1; Black has 6 checkers to bear off.
LAST_CHECKER = "W 1:1 / B 6:2 5:3 bar:1 / W"


def recording_app(
    path: Path, tags: list[tuple[str, str]] | None = None, first: Side | None = None
) -> ReplayApp:
    """The app as ``aceynote record`` opens it."""
    record = RecordFile(str(path), create=True)
    return ReplayApp(str(path), record=record, new_game=new_game(tags or []), first=first)


def screen(app: ReplayApp) -> RecordScreen:
    assert isinstance(app.screen, RecordScreen)
    return app.screen


async def enter(pilot: Any, app: ReplayApp, text: str) -> None:
    """Type a whole segment on the entry line (at once) and press Enter."""
    await enter_on_line(pilot, screen(app), text)


def feedback(app: ReplayApp) -> str:
    return str(screen(app).query_one(EntryFeedback).render())


def prompt(app: ReplayApp) -> str:
    return str(screen(app).query_one(EntryLine).border_title)


def game_of(app: ReplayApp) -> Game:
    return screen(app).recording.game


def segments(game: Game) -> list[str]:
    """Each segment of the game's turns as written, without comments."""
    return [
        " ".join(word for word in segment_words(s) if not word.startswith("{"))
        for turn in game.turns
        for s in turn.segments
    ]


# -- a whole game -----------------------------------------------------------------
@pytest.mark.slow
@pilot_test
async def test_a_whole_generated_game_entered_segment_by_segment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    generated = next(generate_games(1, 11, RuleSet()))
    kinds = {s.kind for turn in generated.turns for s in turn.segments}
    assert kinds == set(SegmentKind)  # rolls, chosen doubles and extra rolls
    assert any(not s.moves for turn in generated.turns for s in turn.segments)  # and a --
    given = [("Event", "aceynote generate"), ("White", "Random White"), ("Black", "Random Black")]
    tags = [*given, ("Rules", "standard"), ("Opening", generated.tag("Opening") or "")]
    path = tmp_path / "game.acey"
    app = recording_app(path, tags)
    async with app.run_test(size=SIZE) as pilot:
        for turn in generated.turns:
            for segment in turn.segments:
                words = segment_words(segment)
                # The = and + are left out: the app knows which segment comes next.
                await enter(pilot, app, " ".join(words).lstrip("=+"))
                assert not isinstance(screen(app).problem, EntryProblem), words
        assert "Game over" in prompt(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.record is not None and not app.record.dirty
    saved = path.read_text(encoding="utf-8")
    source = tmp_path / "generated.acey"
    source.write_text(write_game(generated), encoding="utf-8")
    capsys.readouterr()
    assert main(["fmt", str(source)]) == 0
    formatted = capsys.readouterr().out
    # The same text as `aceynote fmt` of the generated game, but for the Round tag
    # that generate adds and the user did not give.
    assert saved == formatted.replace('[Round "1"]\n', "")
    assert '[Round "1"]' in formatted
    report = validate(parse_game(saved))
    assert report.errors == 0 and report.warnings == 0
    original = validate(generated)
    assert [r.after for r in report.segments] == [r.after for r in original.segments]


# -- each kind of segment, and the markers left out --------------------------------------
@pilot_test
async def test_an_acey_deucey_with_and_without_its_markers(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        assert prompt(app).startswith("1. White to roll")
        await enter(pilot, app, "64: in/19 in/21")
        assert prompt(app).startswith("1... Black to roll")
        await enter(pilot, app, "43: in/21 in/22")
        await enter(pilot, app, "21: in/24 in/23")
        assert prompt(app).startswith("White names a double (=DD:)")
        await enter(pilot, app, "66: 19/13 21/15 24/18 23/17")  # the = left out
        assert prompt(app).startswith("White's extra roll (+RR:)")
        await enter(pilot, app, "+53: in/20 in/22")  # the + written
        assert prompt(app).startswith("2... Black to roll")
        await enter(pilot, app, "12: in/24 in/23")
        await enter(pilot, app, "=22: in/23(2) 24/22 23/21")
        await enter(pilot, app, "65 in/19 in/20")  # no + and no colon either
        game = game_of(app)
    assert segments(game) == [
        "64: in/19 in/21",
        "43: in/21 in/22",
        "21: in/24 in/23",
        "=66: 19/13 21/15 24/18 23/17",
        "+53: in/20 in/22",
        "21: in/24 in/23",
        "=22: in/23(2) 24/22 23/21",
        "+65: in/19 in/20",
    ]


@pilot_test
async def test_nothing_to_play_is_entered_as_the_roll_alone(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey", [("Setup", CLOSED_BOARD)])
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "33")  # its one legal play is --: the roll alone enters it
        assert segments(game_of(app)) == ["33: --"]
        assert prompt(app).startswith("1... Black to roll")
        await enter(pilot, app, "55: --")  # Black can play: refused
        assert "AD308" in feedback(app) and "Black can play 4 dice" in feedback(app)
        await enter(pilot, app, "55: in/20(2) 20/15 15/10")
        await enter(pilot, app, "64: --")
        assert segments(game_of(app))[-1] == "64: --"


@pilot_test
async def test_a_wrong_marker_says_what_comes_next(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey")
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "=66: in/19(4)")
        assert "a turn starts with a roll" in feedback(app)
        await enter(pilot, app, "21: in/24 in/23")
        await enter(pilot, app, "53: in/20 in/22")
        assert "the chosen double must be a double" in feedback(app)
        await enter(pilot, app, "+53: in/20 in/22")
        assert "chosen double" in feedback(app)
        assert len(game_of(app).turns[0].segments) == 1


@pilot_test
async def test_each_segment_entered_is_named_with_its_turn_s_number(tmp_path: Path) -> None:
    # The double and the extra roll were shown as "✓    =66: ..." (a gap for the number),
    # while the undo of the same segment said "Undone: 1. =66: ...".
    app = recording_app(tmp_path / "game.acey")
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "21: in/24 in/23")
        assert feedback(app).startswith("✓ 1. 21: in/24 in/23   next:")
        await enter(pilot, app, "=66: in/19(4)")
        assert feedback(app).startswith("✓ 1. =66: in/19(4)   next:")
        await pilot.press("ctrl+z")
        assert feedback(app).startswith("Undone: 1. =66: in/19(4) ")


# -- an illegal entry stays for correcting ------------------------------------------------
@pilot_test
async def test_an_illegal_entry_is_kept_on_the_line_with_the_legal_plays(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey")
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19")
        record_screen = screen(app)
        assert "AD308" in feedback(app) and "White can play 2 dice" in feedback(app)
        assert record_screen.query_one(EntryLine).text == "64: in/19"
        plays = record_screen.query_one(PlayList)
        assert plays.display and set(plays.shown) == {"in/19 in/21", "in/19 19/15"}
        assert game_of(app).turns == []
        await enter(pilot, app, "64: in/19 in/2x")
        assert "column 15" in feedback(app)  # where the typing went wrong
        await pilot.press("backspace", "1", "enter")
        await pilot.pause()
        assert segments(game_of(app)) == ["64: in/19 in/21"]
        assert record_screen.query_one(EntryLine).text == ""


@pilot_test
async def test_hit_marks_are_added_and_wrong_ones_refused(tmp_path: Path) -> None:
    # Black's checker on its 13 sees White's blot on White's 15 (Black's 10).
    app = recording_app(tmp_path / "game.acey", [("Setup", "W 15:1 in:14 / B 13:1 in:14 / B")])
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "31: 13/12* 12/9")  # a mark where nothing is hit
        assert "AD310" in feedback(app) and "no single White checker" in feedback(app)
        await enter(pilot, app, "31: 13/10 10/9")  # the hit not marked
        assert segments(game_of(app)) == ["31: 13/10* 10/9"]
        board = screen(app).query_one(Board).frame
        assert board is not None and board.position.white[26] == 1  # on the bar


@pilot_test
async def test_an_error_goes_once_its_line_is_edited(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/22")  # in/22 takes a 3
        assert "✗" in feedback(app)
        assert screen(app).query_one(EntryLine).text == "64: in/19 in/22"  # put back
        await pilot.press("backspace")
        await pilot.pause()
        assert "✗" not in feedback(app) and screen(app).problem is None
        await pilot.press("1")
        await pilot.pause()
        assert "✗" not in feedback(app)
        await pilot.press("enter")
        await pilot.pause()
        assert segments(game_of(app)) == ["64: in/19 in/21"]


# -- the roll alone, the list, Tab and the arrows -------------------------------------------
@pilot_test
async def test_the_roll_alone_is_a_prompt_to_play_it_not_a_problem(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("6", "4")
        await pilot.pause()
        assert prompt(app) == "1. White to play 64"  # as the board says, as play's roll does
        assert screen(app).query_one(Board).rolled is not None
        await pilot.press("enter")  # two legal plays: one to type or pick
        await pilot.pause()
        assert screen(app).problem is None and "✗" not in feedback(app)
        assert "2 legal plays: type the play" in feedback(app)
        assert screen(app).query_one(EntryLine).text == "64"
        assert screen(app).plays.shown == ["in/19 in/21", "in/19 19/15"]
        await pilot.press("ctrl+u")
        await pilot.pause()
        assert prompt(app) == "1. White to roll"


@pilot_test
async def test_the_words_under_a_roll_say_what_a_count_in_its_plays_is(tmp_path: Path) -> None:
    """in/21(2) was read as "at least 2": the words under the plays say it is 2 checkers."""
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "4")
        await pilot.pause()
        assert screen(app).plays.shown[0] == "in/21(4)"
        assert "in/21(4) is 4 checkers making the trip in/21." in " ".join(feedback(app).split())
        await pilot.press("ctrl+u", "6", "4")  # no count among its plays: no such words
        await pilot.pause()
        assert "checkers making the trip" not in feedback(app)


def test_the_words_of_a_count_are_read_from_the_moves_of_the_plays_shown() -> None:
    """The trip counted as the notation writes it, its hit mark too; the trip named without."""
    recording = Recording.at_end(new_game([("Setup", "W 13:2 / B 18:1 / W")]))
    typed = recording.typed_roll("66")
    assert isinstance(typed, TypedRoll) and typed.plays == ("13/7*(2) 7/1(2)",)
    assert count_words(typed, list(typed.plays)) == ("13/7*(2) is 2 checkers making the trip 13/7.")
    assert count_words(typed, []) == ""  # none shown (none left of what is typed)


@pilot_test
async def test_the_roll_alone_then_picking_from_the_list(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("6", "4")
        plays = screen(app).query_one(PlayList)
        assert plays.display and plays.shown == ["in/19 in/21", "in/19 19/15"]
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert segments(game_of(app)) == ["64: in/19 19/15"]
        await pilot.press(*"43: in/21")
        assert plays.shown == ["in/21 in/22", "in/21 21/18"]
        await pilot.press(*" in/2")
        assert plays.shown == ["in/21 in/22"]
        assert "Tab completes it: in/21 in/22" in feedback(app)
        assert not feedback(app).endswith(".")  # a full stop after a play reads as notation
        await pilot.press("tab")
        assert screen(app).query_one(EntryLine).text == "43: in/21 in/22"
        await pilot.pause()
        assert "Enter enters it: in/21 in/22" in feedback(app)  # no longer "Tab completes it"
        await pilot.press("enter")
        await pilot.pause()
        assert segments(game_of(app))[-1] == "43: in/21 in/22"


# -- undo and redo -------------------------------------------------------------------------
@pilot_test
async def test_undo_and_redo_across_a_chosen_double_and_an_extra_roll(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        for text in ("64: in/19 in/21", "43: in/21 in/22", "21: in/24 in/23"):
            await enter(pilot, app, text)
        await enter(pilot, app, "66: 19/13 21/15 24/18 23/17")
        await enter(pilot, app, "53: in/20 in/22")
        full = segments(game_of(app))
        prompts = []
        for _ in range(3):
            prompts.append(prompt(app))
            await pilot.press("ctrl+z")
            await pilot.pause()
        assert segments(game_of(app)) == full[:2]
        assert prompt(app).startswith("2. White to roll")
        assert prompts[0].startswith("2... Black") and prompts[1].startswith("White's extra")
        assert prompts[2].startswith("White names a double")
        await pilot.press("ctrl+y", "ctrl+y")
        await pilot.pause()
        assert segments(game_of(app)) == full[:4]
        assert prompt(app).startswith("White's extra roll")
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert segments(game_of(app)) == full
        moves = screen(app).query_one(MoveList)
        assert len(moves.rows) == 2 + len(full)  # Start, the segments, the result
        # Something new after an undo: the undone is gone for good.
        await pilot.press("ctrl+z")
        await enter(pilot, app, "+61: 13/7 in/24")
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert segments(game_of(app))[-1] == "+61: 13/7 in/24"
        while game_of(app).turns:
            await pilot.press("ctrl+z")
        assert prompt(app).startswith("1. White to roll")
        assert app.record is not None and not app.record.dirty  # nothing left to save


@pilot_test
async def test_undo_goes_on_after_a_visit_to_the_replay(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        for text in ("64: in/19 in/21", "43: in/21 in/22"):
            await enter(pilot, app, text)
        await pilot.press("escape", "c", "G", "o", "o", "d", "ctrl+s", "r")  # a comment too
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert segments(game_of(app)) == ["64: in/19 in/21"]
        await pilot.press("ctrl+z", "ctrl+y", "ctrl+y")
        await pilot.pause()
        assert segments(game_of(app)) == ["64: in/19 in/21", "43: in/21 in/22"]


@pilot_test
async def test_undo_says_why_the_moves_of_a_line_cut_cannot_be_taken_back(tmp_path: Path) -> None:
    from test_tui_app import notifications

    app = ReplayApp(str(unfinished(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("home", "down", "r")
        await pilot.pause()
        await pilot.click("#answer-cut")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert segments(game_of(app)) == ["64: in/19 in/21"]
        said = notifications(app)[-1]
        assert "nothing was entered" not in said
        assert "before this entry line opened" in said


# -- the end of a game ---------------------------------------------------------------------
@pilot_test
async def test_the_15th_checker_off_ends_the_game_with_the_rules_result(tmp_path: Path) -> None:
    path = tmp_path / "game.acey"
    app = recording_app(path, [("Setup", LAST_CHECKER)])
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "43: 1/off")
        game = game_of(app)
        assert game.result == "6-0" and game.tag("Result") == "6-0"
        assert prompt(app).startswith("Game over: White bore off all 15, 6 points")
        await enter(pilot, app, "21: --")
        assert "nothing more is entered" in feedback(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.result == "*" and game.tag("Result") == "*"
        await pilot.press("ctrl+y", "ctrl+s")
        await pilot.pause()
    assert path.read_text(encoding="utf-8").endswith("1. 43: 1/off\n6-0\n")
    assert validate(parse_game(path.read_text(encoding="utf-8"))).errors == 0


@pilot_test
async def test_the_score_option_is_the_rules(tmp_path: Path) -> None:
    app = recording_app(
        tmp_path / "game.acey", [("Rules", "standard score=single"), ("Setup", LAST_CHECKER)]
    )
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "43: 1/off")
        assert game_of(app).result == "1-0"


@pilot_test
async def test_termination_with_the_result_the_user_gives(tmp_path: Path) -> None:
    path = tmp_path / "game.acey"
    app = recording_app(path, [("White", "Ann"), ("Black", "Bob")])
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, EndGame)
        await pilot.press("enter")  # resignation
        await pilot.press(*"1-1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, EndGame)  # points for both: refused
        assert "one of them is 0" in str(app.screen.query_one("#end-error").render())
        await pilot.press("ctrl+u", *"0-9", "enter")
        await pilot.pause()
        game = game_of(app)
        assert game.tag("Termination") == "resignation" and game.result == "0-9"
        assert prompt(app).startswith("Game over (resignation): 0-9")
        await enter(pilot, app, "43: in/21 in/22")
        assert "nothing more is entered" in feedback(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
    text = path.read_text(encoding="utf-8")
    assert '[Termination "resignation"]' in text and text.endswith("0-9\n")
    assert validate(parse_game(text)).errors == 0


@pilot_test
async def test_the_end_dialog_says_what_enter_does_on_a_reason_and_on_the_result(
    tmp_path: Path,
) -> None:
    """It said "enter: next, then keep": its words now say what the keys do, and they do it."""
    app = recording_app(tmp_path / "game.acey")
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, EndGame)
        words = " ".join(str(app.screen.query_one(".dialog-help").render()).split())
        assert words.startswith("↑ ↓ and enter: how it ended; then enter on the result ends")
        await pilot.press("down", "enter")  # time: on to the result
        assert app.screen.focused is app.screen.query_one("#end-result")
        await pilot.press(*"0-4", "enter")  # the game ends
        await pilot.pause()
        assert game_of(app).tag("Termination") == "time" and game_of(app).result == "0-4"


@pilot_test
async def test_the_result_typed_stays_when_tab_leaves_its_field(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey")
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await pilot.press("ctrl+t", "enter")  # resignation: on to the result
        await pilot.pause()
        field = app.screen.query_one("#end-result", Input)
        assert field.value == "" and "like 5-0" in field.placeholder  # a hint, not a value
        assert not field.placeholder[0].isdigit()
        await pilot.press(*"3-", "tab", "shift+tab", "0", "enter")
        await pilot.pause()
        assert game_of(app).result == "3-0"


@pilot_test
async def test_termination_taken_back(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey")
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await pilot.press("ctrl+t", "down", "down", "enter", *"3-0", "enter")  # abandoned
        await pilot.pause()
        assert game_of(app).tag("Termination") == "abandoned"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game_of(app).tag("Termination") is None and game_of(app).result_text == "*"
        await enter(pilot, app, "43: in/21 in/22")
        assert len(game_of(app).turns) == 2


# -- files -------------------------------------------------------------------------------------
@pilot_test
async def test_appending_to_a_file_that_holds_other_games(tmp_path: Path) -> None:
    path = tmp_path / "match.acey"
    shutil.copyfile(SAMPLES / "match.acey", path)
    before = path.read_bytes()
    app = recording_app(path, [("White", "Ann"), ("Black", "Bob")], first=Side.BLACK)
    async with app.run_test(size=SIZE) as pilot:
        assert prompt(app).startswith("1... Black to roll")
        await enter(pilot, app, "64: in/19 in/21")
        await enter(pilot, app, "31: in/22 in/24")
        await pilot.press("ctrl+s")
        await pilot.pause()
    after = path.read_bytes()
    assert after.startswith(before)
    games = list(read_games(io.StringIO(after.decode("utf-8"))))
    assert len(games) == 4
    new = games[-1]
    assert new.tag("White") == "Ann" and validate(new).errors == 0
    assert write_game(new).endswith("1... 64: in/19 in/21\n2. 31: in/22 in/24\n*\n")


@pilot_test
async def test_a_new_file_is_made_on_saving_only(tmp_path: Path) -> None:
    path = tmp_path / "new.acey"
    app = recording_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")  # nothing entered: quits at once
    assert not path.exists()
    app = recording_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.click("#answer-save")
        await pilot.pause()
    assert path.read_text(encoding="utf-8") == '[Result "*"]\n\n1. 64: in/19 in/21\n*\n'


@pilot_test
async def test_saving_halfway_through_an_acey_deucey_warns(tmp_path: Path) -> None:
    path = tmp_path / "game.acey"
    app = recording_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "21: in/24 in/23")
        await pilot.press("ctrl+s")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert any("chosen double" in message for message in messages)
        # The move list does not mark the double still to come as an error.
        assert "✗" not in str(screen(app).query_one(MoveList).get_option_at_index(1).prompt)


@pilot_test
async def test_esc_and_r_halfway_through_an_acey_deucey_come_back_for_the_double(
    tmp_path: Path,
) -> None:
    app = recording_app(tmp_path / "game.acey")
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "21: in/24 in/23")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("r")
        await pilot.pause()
        assert prompt(app).startswith("White names a double")
        await enter(pilot, app, "66: in/19(4)")
        assert prompt(app).startswith("White's extra roll")


@pilot_test
async def test_a_record_saved_halfway_through_an_acey_deucey_is_entered_on(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.acey"
    path.write_text("1. 21: in/24 in/23 =66: in/19(4)\n*\n", encoding="utf-8")
    app = ReplayApp(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end", "r")
        await pilot.pause()
        assert prompt(app).startswith("White's extra roll")
        await enter(pilot, app, "+53: 19/14 19/16")
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert validate(parse_game(path.read_text(encoding="utf-8"))).errors == 0


@pilot_test
async def test_an_acey_deucey_left_unfinished_before_the_next_turn_is_an_error(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.acey"
    path.write_text("1. 21: in/24 in/23  43: in/21 in/22\n*\n", encoding="utf-8")
    app = ReplayApp(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end", "r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert any("has 1 error: correct it" in n.message for n in app._notifications)


# -- from the replay ---------------------------------------------------------------------------
def unfinished(tmp_path: Path) -> Path:
    path = tmp_path / "unfinished.acey"
    path.write_text(
        '[White "Ann"]\n[Black "Bob"]\n\n'
        "1. 64: in/19 in/21  43: in/21 in/22\n2. 65: in/19 in/20  62: in/19 in/23\n*\n",
        encoding="utf-8",
    )
    return path


@pilot_test
async def test_r_in_the_replay_goes_on_from_the_end(tmp_path: Path) -> None:
    path = unfinished(tmp_path)
    app = ReplayApp(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end", "r")
        await pilot.pause()
        assert prompt(app).startswith("3. White to roll")
        await enter(pilot, app, "31: 21/18 19/18")
        await pilot.press("escape")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        frame = replay.query_one(Board).frame
        assert frame is not None and frame.turn is not None and frame.turn.number == 3
        await pilot.press("s")
        await pilot.pause()
    assert "3. 31: 21/18 19/18\n*\n" in path.read_text(encoding="utf-8")


@pilot_test
async def test_esc_and_r_before_anything_is_entered_come_back_to_the_entry(
    tmp_path: Path,
) -> None:
    app = recording_app(tmp_path / "new.acey")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("r")  # the line is empty: its start is its end
        await pilot.pause()
        assert prompt(app).startswith("1. White to roll")


@pilot_test
async def test_r_in_the_middle_adds_a_variation_or_cuts_the_rest(tmp_path: Path) -> None:
    path = unfinished(tmp_path)
    app = ReplayApp(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "r")  # after 1... 43: in/21 in/22
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.click("#answer-variation")
        await pilot.pause()
        assert prompt(app).startswith("2. White to roll")
        await enter(pilot, app, "55: in/20(4)")
        await pilot.press("escape")
        await pilot.pause()
        game = app.replay.timeline.game if app.replay.timeline else None
        assert game is not None and len(game.turns) == 4
        assert segments(Game(turns=game.turns[2].variations[0].turns)) == ["55: in/20(4)"]
        await pilot.press("home", "down", "r")
        await pilot.pause()
        await pilot.click("#answer-cut")
        await pilot.pause()
        assert prompt(app).startswith("1... Black to roll")
        await enter(pilot, app, "66: in/19(4)")
        await pilot.press("escape", "s")
        await pilot.pause()
    text = path.read_text(encoding="utf-8")
    assert text.endswith("1. 64: in/19 in/21  66: in/19(4)\n*\n")


@pilot_test
async def test_a_variation_left_empty_goes_back_to_the_turn_it_replaces(tmp_path: Path) -> None:
    """r, Variation, then Esc at once took the empty variation away and showed the game's end:
    leaving a variation goes back in its line, at the turn it replaces (docs/replay.md)."""
    path = tmp_path / "annotated.acey"
    shutil.copyfile(SAMPLES / "annotated.acey", path)
    app = ReplayApp(str(path), game=1, turn="10.")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.click("#answer-variation")
        await pilot.pause()
        assert prompt(app).startswith("10... Black to roll")
        await pilot.press("escape")
        await pilot.pause()
        view = app.replay.view
        frame = view.frame
        assert view.cursor.path == () and frame.turn is not None and frame.offset == 0
        assert (frame.turn.side, frame.turn.number) == (Side.BLACK, 10)
        game = app.replay.timeline.game if app.replay.timeline else None
        assert game is not None and not any(turn.variations for turn in game.turns[18:21])
        assert app.record is not None and not app.record.dirty


@pilot_test
async def test_a_variation_whose_entries_are_all_taken_back_is_taken_away(tmp_path: Path) -> None:
    """r at a variation's end, ctrl+z of all it holds, Esc: the board stayed in the emptied
    variation ('in a variation'), where a variation left empty is taken away and the board
    goes back to the turn it would have replaced (docs/record.md)."""
    path = tmp_path / "annotated.acey"
    shutil.copyfile(SAMPLES / "annotated.acey", path)
    app = ReplayApp(str(path), game=1, turn="10.")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.click("#answer-variation")
        await pilot.pause()
        await enter(pilot, app, "55: in/20(4)")
        await pilot.press("escape")
        await pilot.pause()
        assert app.replay.view.cursor.path != ()  # at the end of the new variation
        await pilot.press("r")  # at its end: the entry line at once, its history kept
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game_of(app).turns[19].variations[0].turns == []
        await pilot.press("escape")
        await pilot.pause()
        view = app.replay.view
        frame = view.frame
        assert view.cursor.path == () and frame.turn is not None and frame.offset == 0
        assert (frame.turn.side, frame.turn.number) == (Side.BLACK, 10)
        game = app.replay.timeline.game if app.replay.timeline else None
        assert game is not None and not any(turn.variations for turn in game.turns[18:21])


@pilot_test
async def test_the_opening_in_words_only_where_nothing_was_played(tmp_path: Path) -> None:
    path = unfinished(tmp_path)
    path.write_text('[Opening "6-4"]\n' + path.read_text(encoding="utf-8"), encoding="utf-8")
    app = ReplayApp(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "r")  # after 1... 43: in/21 in/22
        await pilot.pause()
        await pilot.click("#answer-variation")
        await pilot.pause()
        assert prompt(app).startswith("2. White to roll")
        assert "Opening" not in feedback(app)  # two turns were played before it
        await pilot.press("escape", "home", "r")
        await pilot.pause()
        await pilot.click("#answer-variation")
        await pilot.pause()
        assert prompt(app).startswith("1. White to roll")
        assert "Opening: White rolled 6 and Black 4" in " ".join(feedback(app).split())


@pilot_test
async def test_a_game_with_errors_is_not_recorded(tmp_path: Path) -> None:
    app = ReplayApp(str(SAMPLES / "mistakes.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end", "r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert any("correct them" in n.message for n in app._notifications)


@pilot_test
async def test_a_finished_game_says_where_to_go_on(tmp_path: Path) -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end", "r")
        for _ in range(20):  # a loaded machine may take more than one pause
            if any("nothing more can be entered" in n.message for n in app._notifications):
                break
            await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert any("nothing more can be entered" in n.message for n in app._notifications)


def annotated_copy(tmp_path: Path) -> tuple[ReplayApp, Path]:
    """The app on a copy of samples/annotated.acey, its first game shown, and the copy."""
    path = tmp_path / "annotated.acey"
    shutil.copyfile(SAMPLES / "annotated.acey", path)
    return ReplayApp(str(path), game=1), path


@pilot_test
async def test_ctrl_t_in_a_variation_says_why_not_before_its_questions(tmp_path: Path) -> None:
    app, _ = annotated_copy(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "4", ".", "enter", "v", "end", "r")  # on at the variation's end
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, RecordScreen)  # no reason and result asked, then refused
        said = "A variation has no result: end the game in its main line."  # a sentence
        assert any(n.message == said for n in app._notifications)


# -- the other keys ------------------------------------------------------------------------------
@pilot_test
async def test_legal_plays_of_a_typed_roll_anywhere(tmp_path: Path) -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, Prompt)
        await pilot.press(*"64", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PlayChoices)
        assert sorted(app.screen.rows) == ["in/19 19/15", "in/19 in/21"]
        await pilot.press("escape")
        assert app.record is not None and not app.record.dirty


@pilot_test
async def test_copy_the_setup_string(tmp_path: Path) -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "y")
        await pilot.pause()
        assert app.clipboard == "W 18:1 in:14 / B in:15 / B"
        await pilot.press("end", "y")
        await pilot.pause()
        assert any("No Setup string here" in n.message for n in app._notifications)


# -- the command --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--opening", "3-3"], "--opening: the last opening roll 3-3 is a tie"),
        (["--opening", "5:3"], "--opening: '5:3' is not an opening roll"),
        (["--rules", "navy bearoff=soon"], "--rules:"),
        (["--setup", "W 6:16 / B in:15 / W"], "--setup:"),
        (["--white", "Ann\nBob"], "--white: a tag value is one line"),
        (["--date", "3 March"], "--date: the Date '3 March' is not written YYYY.MM.DD"),
        (["--round", "1\n2"], "--round: a tag value is one line"),
        (["--first", "black", "--opening", "5-3"], "not allowed with"),
    ],
)
def test_record_refuses_wrong_options(
    options: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(["record", str(tmp_path / "x.acey"), *options])
    except SystemExit as stop:  # argparse's own refusals
        status = int(stop.code or 0)
    assert status == 2
    assert says in capsys.readouterr().err
    assert not (tmp_path / "x.acey").exists()


def test_record_writes_the_games_details_and_today_as_its_date() -> None:
    import argparse
    import datetime

    from aceynote.commands import record

    parser = argparse.ArgumentParser()
    record.register(parser.add_subparsers())
    details = ["--site", "Harbour Club", "--round", "4", "--event", "Ladder"]
    args = parser.parse_args(["record", "x.acey", *details])
    tags = record.game_tags(args)
    today = datetime.date.today().strftime("%Y.%m.%d")
    assert tags[:4] == [
        ("Event", "Ladder"),
        ("Site", "Harbour Club"),
        ("Date", today),
        ("Round", "4"),
    ]
    args = parser.parse_args(["record", "x.acey", "--date", "2026.03.??"])
    assert ("Date", "2026.03.??") in record.game_tags(args)


def test_record_needs_a_terminal_and_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["record", str(tmp_path / "nowhere" / "x.acey")]) == 2
    assert "there is no folder" in capsys.readouterr().err
    assert main(["record", str(tmp_path / "x.acey")]) == 2  # pytest's stdin is no terminal
    assert "runs in a terminal" in capsys.readouterr().err
    assert main(["record", "-"]) == 2


@pytest.mark.parametrize("command", ["replay", "record", "play"])
def test_a_command_at_the_board_says_why_it_needs_a_file(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """'cat game.acey | aceynote replay -' was told 'standard input is the keyboard here',
    which a pipe is not: standard input brings these commands the keys, piped or not."""
    assert main([command, "-"]) == 2
    said = capsys.readouterr().err
    assert f"{command} needs a file, not -: it takes the keys on standard input" in said
    assert "keyboard here" not in said


def test_the_recording_model_refuses_an_ended_game() -> None:
    game = parse_game('[Termination "time"]\n\n1. 64: in/19 in/21\n0-3\n')
    with pytest.raises(ValueError, match="ended by time"):
        Recording.at_end(game)
    game = parse_game("1. 64: in/19\n*\n")
    with pytest.raises(ValueError, match="1 error"):
        Recording.at_end(game)


# -- bgammon.org replays ------------------------------------------------------------------------
MATCH = (
    "bgammon-replay 00000024\n"
    "i 1702738670 Park Moss 5 1 2 0 1 1\n"
    "1 r 6-1 off/19, off/24\n"
    "2 r 4-3 off/4, off/3\n"
)


@pilot_test
async def test_a_match_file_opens_read_only_and_saves_as_a_new_record(tmp_path: Path) -> None:
    match = tmp_path / "online.match"
    match.write_text(MATCH, encoding="utf-8")
    (tmp_path / "online.acey").write_text("kept\n", encoding="utf-8")  # taken: -2 is used
    app = ReplayApp(str(match))
    async with app.run_test(size=SIZE) as pilot:
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert "online-2.acey" in replay.query_one("#notes").render().plain  # type: ignore[attr-defined]
        await pilot.press("end", "r")
        await pilot.pause()
        await enter(pilot, app, "65: in/19 in/20")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert any("online-2.acey" in n.message for n in app._notifications)
        await enter(pilot, app, "52: in/20 in/23")
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert match.read_text(encoding="utf-8") == MATCH
    assert (tmp_path / "online.acey").read_text(encoding="utf-8") == "kept\n"
    saved = (tmp_path / "online-2.acey").read_text(encoding="utf-8")
    assert '[Site "bgammon.org"]' in saved and '[Rules "bgammon"]' in saved
    assert saved.endswith("2. 65: in/19 in/20  52: in/20 in/23\n*\n")
    assert validate(parse_game(saved)).errors == 0


@pilot_test
async def test_a_backgammon_game_of_a_match_file_is_left_out_with_a_word(tmp_path: Path) -> None:
    """The commands say so on stderr; the app said nothing, and the game was gone."""
    from aceynote.formats.bgammon import match_text

    backgammon = ["i 1702738670 A B 1 0 0 1 1 0", "1 r 4-1 13/9, 9/8"]
    acey_deucey = MATCH.strip("\n").split("\n")[1:]
    match = tmp_path / "mixed.match"
    match.write_text(match_text([backgammon, acey_deucey]), encoding="utf-8")
    app = ReplayApp(str(match))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and len(app.record) == 1
        (said,) = [n.message for n in app._notifications if n.message.startswith("Left out")]
        assert "line 3: this is a backgammon game, not acey-deucey: left out" in said


@pytest.mark.parametrize("extension", ["json", "jsonl"])
@pilot_test
async def test_a_json_record_opens_read_only_and_saves_as_a_new_record(
    tmp_path: Path, extension: str
) -> None:
    # replay --help and docs/replay.md named .acey and .match only.
    source = tmp_path / "one.acey"
    source.write_text('[White "Park"]\n\n1. 64: in/19 in/21\n*\n', encoding="utf-8")
    data = tmp_path / f"one.{extension}"
    assert main(["convert", str(source), "--to", extension, "-o", str(data)]) == 0
    source.unlink()
    written = data.read_bytes()
    app = ReplayApp(str(data))
    async with app.run_test(size=SIZE) as pilot:
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert "one.acey" in replay.query_one("#notes").render().plain  # type: ignore[attr-defined]
        await pilot.press("end", "r")
        await pilot.pause()
        await enter(pilot, app, "43: in/21 in/22")
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert data.read_bytes() == written
    saved = (tmp_path / "one.acey").read_text(encoding="utf-8")
    assert saved.endswith("1. 64: in/19 in/21  43: in/21 in/22\n*\n")
    assert validate(parse_game(saved)).errors == 0


def test_record_refuses_a_match_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["record", str(tmp_path / "x.match")]) == 2
    assert "record into an .acey file" in capsys.readouterr().err


# -- variations from the move list --------------------------------------------------------------
@pilot_test
async def test_promote_and_delete_a_variation(tmp_path: Path) -> None:
    app, path = annotated_copy(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "4", ".", "enter", "v")
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.view.cursor.path == (6, 0)
        await pilot.press("plus")
        await pilot.pause()
        game = replay.timeline.game if replay.timeline else None
        assert game is not None and replay.view.cursor.path == ()
        assert len(game.turns) == 7 and segments(Game(turns=game.turns[6:])) == ["32: 20/17 in/23"]
        assert game.result == "*"  # the main line now ends unfinished
        listed = cells(replay.record.entries[0])  # the game list says so too
        assert listed[3:5] == ("*", "7")
        demoted = game.turns[6].variations[0].turns
        assert len(demoted) == 73 and segments(Game(turns=demoted[:1])) == ["32: in/22 22/20 ?!"]
        await pilot.press("s")
        await pilot.pause()
        assert validate(parse_game(path.read_text(encoding="utf-8"))).errors == 0
        await pilot.press("v", "delete")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.click("#answer-delete")
        await pilot.pause()
        assert game.turns[6].variations == [] and replay.view.cursor.path == ()
        await pilot.press("plus")
        assert any("Not in a variation" in n.message for n in app._notifications)


@pilot_test
async def test_help_on_the_record_screen_lists_its_keys(tmp_path: Path) -> None:
    from aceynote.tui.dialogs import Help

    app = recording_app(tmp_path / "game.acey")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, Help)
        keys = [key for key, _ in app.screen.rows]
        expected = {"Enter", "Tab", "↓", "Ctrl+z", "Ctrl+y", "Ctrl+t", "Ctrl+s", "Esc", "Ctrl+q"}
        assert expected <= set(keys)
        assert len(keys) == len(set(keys))  # each key once: ctrl+s is the screen's save
        said = dict(app.screen.rows)
        assert "paste" in said["Enter"] and "as entered so far" in said["Ctrl+s"]
        assert "list of legal plays" in app.screen.extra  # the mouse on this screen
        assert "board's right half" not in app.screen.extra
        await pilot.press("escape", *"s q ?")  # typed on the line, not keys of the app
        await pilot.pause()
        assert isinstance(app.screen, RecordScreen)
        assert screen(app).query_one(EntryLine).text == "s q ?"


@pytest.mark.parametrize(
    ("before", "between"),
    [
        ('\ufeff[White "A"]\r\n\r\n1. 64: in/19 in/21\r\n*\r\n', "\r\n"),
        ('[White "A"]\n\n1. 64: in/19 in/21\n*', "\n\n"),  # no line end at the end
        ('[White "A"]\n\n1. 64: in/19 in/21\n*\n\n\n', ""),
        ("", ""),
    ],
)
def test_a_new_game_follows_the_files_text_after_a_blank_line(
    before: str, between: str, tmp_path: Path
) -> None:
    path = tmp_path / "file.acey"
    path.write_bytes(before.encode("utf-8"))
    record = RecordFile(str(path))
    game = new_game([("White", "B")])
    index = record.append_game(game)
    recording = Recording.at_end(game)
    assert not isinstance(recording.enter("31: in/22 in/24"), EntryProblem)
    record.mark_edited(index)
    record.save()
    after = path.read_bytes().decode("utf-8")
    newline = "\r\n" if "\r\n" in before else "\n"
    written = '[White "B"]\n[Result "*"]\n\n1. 31: in/22 in/24\n*\n'.replace("\n", newline)
    assert after == before + between + written
    assert len(RecordFile(str(path))) == (2 if before else 1)
