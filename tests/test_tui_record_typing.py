"""The record screen's entry line under fast hands: keys typed ahead, pastes, the example and
the list of plays (Pilot tests; issue 22)."""

from __future__ import annotations

from pathlib import Path

from conftest import SIZE, pilot_test
from test_tui_record import feedback, game_of, prompt, recording_app, screen, segments
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from aceynote.notation.generate import generate_games
from aceynote.notation.writer import segment_words
from aceynote.rules import RuleSet
from aceynote.tui.app import ReplayApp
from aceynote.tui.entry import EntryLine, PlayList
from aceynote.tui.record_screen import idle_hint

_KEY_NAMES = {" ": "space", ":": "colon", "/": "slash", "*": "asterisk", "=": "equals_sign"}


def burst(app: ReplayApp, *texts: str) -> None:
    """Each text and its Enter sent at once, as a terminal sends keys that come in a burst
    (a fast typist, or a paste without bracketed paste): no key waits for the one before."""
    for text in texts:
        for char in text:
            app.post_message(events.Key(_KEY_NAMES.get(char, char), char))
        app.post_message(events.Key("enter", "\r"))


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(10):
        await pilot.pause()


def line(app: ReplayApp) -> str:
    return screen(app).query_one(EntryLine).text


def first_segments(count: int) -> tuple[str, list[str]]:
    """The opening and the first ``count`` segments of a generated game, as typed and as saved."""
    game = next(generate_games(1, 11, RuleSet()))
    written = [" ".join(segment_words(s)) for turn in game.turns for s in turn.segments]
    return game.tag("Opening") or "", written[:count]


# -- keys typed ahead ---------------------------------------------------------------------------
@pilot_test
async def test_segments_typed_ahead_in_one_burst_are_all_kept(tmp_path: Path) -> None:
    opening, written = first_segments(30)
    app = recording_app(tmp_path / "game.acey", [("Opening", opening)])
    async with app.run_test(size=SIZE) as pilot:
        burst(app, *(text.lstrip("=+") for text in written))
        await settle(pilot)
        assert segments(game_of(app)) == written
        assert line(app) == ""


@pilot_test
async def test_typed_ahead_after_a_refused_entry_stays_on_the_line(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "64: in/19 in/21", "43: in/21", "21: in/24 in/23")
        app.post_message(events.Key("5", "5"))  # typed while the entries were being made
        await settle(pilot)
        assert segments(game_of(app)) == ["64: in/19 in/21"]  # the 21 after the refused one waits
        assert "AD308" in feedback(app)
        assert line(app) == "43: in/21 21: in/24 in/23 5"
        assert prompt(app) == "1... Black to play 43"  # the roll on the line, as the board has it


@pilot_test
async def test_a_roll_and_arrows_typed_in_one_burst_enter_the_play_picked(tmp_path: Path) -> None:
    """↓ ↓ Enter sent at once entered the roll alone: the line's binding ran after the Enter."""
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        for key, char in (("6", "6"), ("4", "4"), ("down", None), ("down", None)):
            app.post_message(events.Key(key, char))
        app.post_message(events.Key("enter", "\r"))
        await settle(pilot)
        assert segments(game_of(app)) == ["64: in/19 19/15"]  # the second play of the list
        await pilot.press("2", "1")
        await pilot.pause()
        listed = list(screen(app).query_one(PlayList).shown)
        for key in ("down", "down", "up"):
            app.post_message(events.Key(key, None))
        app.post_message(events.Key("enter", "\r"))
        await settle(pilot)
        assert len(listed) == 2 and segments(game_of(app))[-1] == f"21: {listed[0]}"


@pilot_test
async def test_a_tab_and_enter_typed_in_one_burst_enter_the_play_completed(
    tmp_path: Path,
) -> None:
    """'43: in/21 21' Tab Enter sent at once entered the play as typed (one play left, Enter
    enters it) and only then completed it: the line's Tab binding ran after the Enter."""
    app = recording_app(tmp_path / "game.acey")
    async with app.run_test(size=SIZE) as pilot:
        for char in "43: in/21 21":
            app.post_message(events.Key(_KEY_NAMES.get(char, char), char))
        app.post_message(events.Key("tab", "\t"))
        app.post_message(events.Key("enter", "\r"))
        await settle(pilot)
        assert segments(game_of(app)) == ["43: in/21 21/18"]
        assert line(app) == ""
        for key, char in (("2", "2"), ("1", "1"), ("tab", "\t"), ("colon", ":")):
            app.post_message(events.Key(key, char))  # Tab with several plays left: they wait
        await settle(pilot)
        assert line(app) == "21:"


# -- pastes ---------------------------------------------------------------------------------------
@pilot_test
async def test_pasted_segments_are_entered_one_by_one_and_one_waits_for_enter(
    tmp_path: Path,
) -> None:
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(events.Paste("64: in/19 in/21"))  # one segment: Enter enters it
        await settle(pilot)
        assert segments(game_of(app)) == [] and line(app) == "64: in/19 in/21"
        await pilot.press("enter")
        app.post_message(events.Paste("43: in/21 in/22  21: in/24 in/23"))
        await settle(pilot)
        assert segments(game_of(app)) == ["64: in/19 in/21", "43: in/21 in/22", "21: in/24 in/23"]
        assert line(app) == ""
        # Lines from a record, move numbers and all; the second segment is wrong.
        app.post_message(events.Paste("=66: in/19(4)\n+53: in/20 in/2\n3... 31"))
        await settle(pilot)
        assert segments(game_of(app))[3:] == ["=66: in/19(4)"]
        assert "AD304" in feedback(app) and "in/2" in feedback(app)
        assert line(app) == "+53: in/20 in/2 3... 31"
        assert prompt(app).startswith("White's extra roll")


# -- what the prompt shows ------------------------------------------------------------------------
@pilot_test
async def test_the_example_fits_each_prompt_and_is_taken_there(tmp_path: Path) -> None:
    app = recording_app(tmp_path / "game.acey", [("Opening", "5-3")])
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "64: in/19 in/21", "43: in/21 in/22", "21: in/24 in/23")
        await settle(pilot)
        field = screen(app).query_one("#entry-input", Input)
        for marker in ("=", "+", ""):
            placeholder = field.placeholder
            example = placeholder.removeprefix("like ").split(",")[0]
            assert example[:1] == marker or (not marker and example[0].isdigit()), placeholder
            assert example in idle_hint(screen(app).recording)  # the hint gives the same one
            burst(app, example)
            await settle(pilot)
            assert "✓" in feedback(app), (example, feedback(app))
        assert segments(game_of(app))[3][0] == "="


# -- the list of plays: the same writings as the entry ----------------------------------------
@pilot_test
async def test_the_list_shows_a_chain_that_enter_takes(tmp_path: Path) -> None:
    # White's extra roll 53 with a checker on 17: 17/9 is 17/12 12/9 (or by 14).
    setup = "W 17:1 6:14 / B in:15 / W"
    app = recording_app(tmp_path / "game.acey", [("Setup", setup)])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"53: 17/9")
        plays = screen(app).query_one(PlayList)
        assert plays.shown == ["17/12 12/9"]
        assert "No legal play" not in feedback(app)
        await pilot.press("enter")
        await settle(pilot)
        assert segments(game_of(app)) == ["53: 17/9"]


# -- Enter on the empty line ----------------------------------------------------------------------
@pilot_test
async def test_enter_on_the_empty_line_says_what_comes_next_with_an_entry_legal_here(
    tmp_path: Path,
) -> None:
    """Enter with nothing typed said 'column 1: type the roll and the play, like 64: in/19
    in/21' where a chosen double comes next, and in a bear-off where no checker can enter:
    it says what the prompt asks, with the example the line shows."""
    app = recording_app(tmp_path / "game.acey")
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "64: in/19 in/21", "21: in/23 in/24", "")
        await settle(pilot)
        assert prompt(app).startswith("Black names a double")
        said = " ".join(feedback(app).split())
        assert "name the double and its play, like =66: in/19(4)" in said, said
        assert "column" not in said and "64: in/19" not in said
        burst(app, "=66: in/19(4)", "")
        await settle(pilot)
        said = " ".join(feedback(app).split())
        assert "type the extra roll and its play, like +" in said, said
    app = recording_app(tmp_path / "end.acey", [("Setup", "W 6:3 5:2 / B 6:2 5:3 / W")])
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "")
        await settle(pilot)
        said = " ".join(feedback(app).split())
        assert "type the roll and the play, like 64: 6/off 6/2" in said, said
