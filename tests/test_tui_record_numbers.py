"""Move numbers on the record screen's entry line: a number naming another turn is refused at
its column, typed or pasted; a record's lines with the right numbers go in (Pilot tests)."""

from __future__ import annotations

from pathlib import Path

from conftest import SIZE, pilot_test
from test_tui_record import (
    enter,
    feedback,
    game_of,
    prompt,
    recording_app,
    screen,
    segments,
    unfinished,
)
from test_tui_record_typing import burst, line, settle
from textual import events

from aceynote.notation import Game
from aceynote.tui.app import ReplayApp
from aceynote.tui.dialogs import Confirm
from aceynote.tui.entry import PlayList

TO_THE_EXTRA_ROLL = ("64: in/19 in/21", "43: in/21 in/22", "21: in/24 in/23", "=66: in/19(4)")


def said(app: ReplayApp) -> str:
    return " ".join(feedback(app).split())


@pilot_test
async def test_another_turns_number_before_the_extra_roll_is_refused(tmp_path: Path) -> None:
    """'3... 53: in/20 in/22' where White's extra roll was due went in as White's +53:."""
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        burst(app, *TO_THE_EXTRA_ROLL)
        await settle(pilot)
        await enter(pilot, app, "3... 53: in/20 in/22")
        await settle(pilot)
        assert segments(game_of(app)) == list(TO_THE_EXTRA_ROLL)
        words = "it is White's turn here (2.), but this turn is numbered as Black's"
        assert f"✗ AD202 column 1: {words}" in said(app)
        assert line(app) == "3... 53: in/20 in/22"  # back on the line, to be corrected
        assert prompt(app).startswith("White's extra roll")
        await pilot.press("home", "delete", "delete", "delete", "delete", "2", ".")
        await settle(pilot)
        assert "AD202" not in said(app)  # the line changed: read afresh
        await pilot.press("enter")
        await settle(pilot)
        assert segments(game_of(app))[4:] == ["+53: in/20 in/22"]


@pilot_test
async def test_a_number_is_checked_as_the_roll_is_typed(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        burst(app, *TO_THE_EXTRA_ROLL)
        await settle(pilot)
        await pilot.press(*"3... 53")
        await settle(pilot)
        assert "AD202 column 1" in said(app)
        assert not app.screen.query_one(PlayList).display  # no play to pick under 3...
        await pilot.press(*["backspace"] * 7)
        await pilot.press(*"2. 53")
        await settle(pilot)
        assert "AD202" not in said(app) and app.screen.query_one(PlayList).shown
        await pilot.press("down", "enter")  # the play picked goes in under the number typed
        await settle(pilot)
        assert segments(game_of(app))[4].startswith("+53: ")


@pilot_test
async def test_a_pasted_record_goes_in_up_to_a_number_naming_another_turn(
    tmp_path: Path,
) -> None:
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(
            events.Paste(
                "1. 64: in/19 in/21 43: in/21 in/22\n"
                "2. 21: in/24 in/23 =66: in/19(4) +53: in/20 in/22 65: 21/10\n"
                "4. 33: in/22(2) 22/19(2)"
            )
        )
        await settle(pilot)
        assert segments(game_of(app))[-1] == "65: 21/10"
        assert "AD201 column 1: this turn is numbered 4; counting the turns it is 3." in said(app)
        assert line(app) == "4. 33: in/22(2) 22/19(2)"


@pilot_test
async def test_a_variation_from_r_takes_the_number_of_the_turn_it_replaces(
    tmp_path: Path,
) -> None:
    app = ReplayApp(str(unfinished(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "r")  # after 1... 43: in/21 in/22
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.click("#answer-variation")
        await pilot.pause()
        await enter(pilot, app, "3. 55: in/20(4)")  # the main line's count: 2.
        await settle(pilot)
        assert "AD201 column 1: this turn is numbered 3; counting the turns it is 2." in said(app)
        await enter(pilot, app, "2. 55: in/20(4)")
        await settle(pilot)
        assert "✓" in said(app)
        assert segments(Game(turns=screen(app).recording.turns)) == ["55: in/20(4)"]
