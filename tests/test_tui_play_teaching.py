"""Practice that teaches, in the app: the hint key of ``aceynote play`` (Pilot tests)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from conftest import SIZE, enter_on_line, pilot_test
from test_tui_app import screen_lines
from test_tui_play import ScriptedDice, feedback, play_app, screen, settle
from textual.app import App
from textual.pilot import Pilot

from aceynote.analysis.practice import Practice, hint_rows, practice_review
from aceynote.rules import Position, SegmentKind, Side, TurnState, parse_rules
from aceynote.tui import play_screen
from aceynote.tui.dialogs import EndGame, PlayChoices
from aceynote.validation import validate


@pilot_test
async def test_the_hint_key_ranks_the_plays_of_the_roll_with_why(tmp_path: Path) -> None:
    practice = Practice(Side.BLACK, 0, ScriptedDice([6, 4]))
    app = play_app(tmp_path / "p.acey", practice)  # White (the person) won the opening
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")  # the app rolls 64
        assert screen(app).rolled == "64"
        rows = await rows_of_the_key(pilot, app)
        state = TurnState.begin(Position.initial(Side.WHITE), parse_rules("standard"))
        expected = hint_rows(state, (6, 4), depth=0)
        assert len(rows) == len(expected)
        for row, (play, detail) in zip(rows, expected, strict=True):
            assert row.startswith(play) and row.endswith(detail)
        assert isinstance(app.screen, PlayChoices)
        assert app.screen.title_text == "The engine's best plays of 64, 0-ply: win %, equity, why"
        await pilot.press("escape")
        assert not isinstance(app.screen, PlayChoices)


@pilot_test
async def test_the_words_under_a_roll_name_the_hint_key(tmp_path: Path) -> None:
    """The footer leaves ctrl+g out at 80 columns: the words under the roll name it."""
    practice = Practice(Side.BLACK, 0, ScriptedDice([6, 4]))
    app = play_app(tmp_path / "p.acey", practice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")  # 64: two legal plays
        await pilot.pause()
        assert "ctrl+g: the engine's best plays" in feedback(app)
        shown = " ".join(line[:50].strip() for line in screen_lines(app))  # the left panel
        assert "ctrl+g: the engine's best plays" in shown  # in view at 80x24


@pilot_test
async def test_the_footer_shows_the_hint_key_where_it_has_room(tmp_path: Path) -> None:
    """ctrl+g is in the footer from 100 columns; at 80 the footer is full without it."""
    for size, shown in [((200, 50), True), ((100, 30), True), (SIZE, False)]:
        app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, ScriptedDice([6, 4])))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            assert ("ctrl+g" in footer_keys(app)) is shown, size
            keys = "^q Quit  ^r Roll  ^g Hint" if shown else "^q Quit  ^r Roll"
            assert screen_lines(app)[-1].rstrip().endswith(keys), size  # each key whole


@pilot_test
async def test_the_hint_key_comes_and_goes_with_the_width(tmp_path: Path) -> None:
    """The footer follows a resize; below 100 columns ctrl+g, out of the footer, still acts."""
    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, ScriptedDice([6, 4])))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert "ctrl+g" in footer_keys(app) and "^g Hint" in screen_lines(app)[-1]
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert "ctrl+g" not in footer_keys(app) and "^g Hint" not in screen_lines(app)[-1]
        await pilot.press("ctrl+r")  # 64
        rows = await rows_of_the_key(pilot, app)
        assert rows and app.screen.title_text.startswith("The engine's best plays of 64")


@pilot_test
async def test_the_hint_key_ranks_the_doubles_to_name_after_a_1_2(tmp_path: Path) -> None:
    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, ScriptedDice([6, 4])))
    async with app.run_test(size=SIZE) as pilot:
        await enter_on_line(pilot, screen(app), "21: in/24 in/23")
        state = screen(app).recording.state
        assert state.expects is SegmentKind.CHOSEN_DOUBLE
        rows = await rows_of_the_key(pilot, app)
        expected = hint_rows(state, None, depth=0)
        assert [row.split()[0] for row in rows] == [play.split()[0] for play, _ in expected]
        assert sorted(row[:4] for row in rows) == [f"={d}{d}:" for d in range(1, 7)]
        assert "The engine's choice of double, each with its best play" in app.screen.title_text


@pilot_test
async def test_the_hint_key_asks_for_a_roll_first(tmp_path: Path) -> None:
    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, ScriptedDice([6, 4])))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert not isinstance(app.screen, PlayChoices)
        assert any("Roll first" in str(n.message) for n in app._notifications)


@pilot_test
async def test_once_the_game_is_over_the_key_shows_its_review(tmp_path: Path) -> None:
    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, ScriptedDice([5, 3, 6, 2])))
    async with app.run_test(size=SIZE) as pilot:
        await resign(pilot, app)
        game = screen(app).recording.game
        assert "ctrl+r" not in footer_keys(app)  # nothing to roll: the footer says no Roll
        rows = await rows_of_the_key(pilot, app)
        assert rows[0] == "White resigned: Black scores 15."  # the person, and the record's points
        assert rows[1:] == practice_review(validate(game), Side.WHITE, 0)
        assert rows[1].startswith("Your error rate") and "rating" in rows[1]


@pilot_test
async def test_a_review_of_an_end_not_told_in_words_starts_with_the_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the end has no words (ending_words says ""), the review began with a line '.'."""
    monkeypatch.setattr(play_screen, "ending_words", lambda game, won: "")
    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, ScriptedDice([5, 3, 6, 2])))
    async with app.run_test(size=SIZE) as pilot:
        await resign(pilot, app)
        game = screen(app).recording.game
        rows = await rows_of_the_key(pilot, app)
        assert rows == practice_review(validate(game), Side.WHITE, 0)


async def resign(pilot: Pilot[None], app: App[None]) -> None:
    """The person plays a roll, the engine replies, and the person resigns."""
    await enter_on_line(pilot, screen(app), "64: in/19 in/21")
    await settle(pilot, app)
    await pilot.press("ctrl+t")
    await pilot.pause()
    assert isinstance(app.screen, EndGame)
    app.screen.dismiss(("resignation", "0-15"))
    await pilot.pause()
    assert screen(app).recording.over


async def rows_of_the_key(pilot: Pilot[None], app: App[None]) -> list[str]:
    """ctrl+g pressed: the rows of the list it opens, once the engine's work is done."""
    await pilot.press("ctrl+g")
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert isinstance(app.screen, PlayChoices)
    return app.screen.shown_rows


def footer_keys(app: App[None]) -> list[str]:
    """The keys the footer shows: the screen's active bindings shown there."""
    return [key for key, active in app.screen.active_bindings.items() if active.binding.show]


@pytest.fixture
def engine_slow(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The hint and the review are worked out only once the event is set (at most 30 s)."""
    go_on = threading.Event()
    for name in ("hint_rows", "practice_review"):
        real = getattr(play_screen, name)

        def held(*args: Any, real: Any = real) -> Any:
            go_on.wait(30)
            return real(*args)

        monkeypatch.setattr(play_screen, name, held)
    return go_on


def notes(app: App[None]) -> list[str]:
    return [str(note.message) for note in app._notifications]


@pilot_test
async def test_the_hint_key_says_the_engine_is_at_work_and_opens_one_list(
    tmp_path: Path, engine_slow: threading.Event
) -> None:
    """At 1-ply a ranking takes seconds, and the screen said nothing meanwhile; ctrl+g
    pressed again then opened a second list over the first."""
    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, ScriptedDice([6, 4])))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")  # 64
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert "The engine is ranking the plays of 64 at 0-ply…" in notes(app)
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert any("still at it" in note for note in notes(app))
        engine_slow.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert [type(shown) for shown in app.screen_stack].count(PlayChoices) == 1
        assert not any("ranking" in note for note in notes(app))  # the words went with it


@pilot_test
async def test_a_hint_of_a_roll_played_meanwhile_is_not_shown(
    tmp_path: Path, engine_slow: threading.Event
) -> None:
    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, ScriptedDice([6, 4])))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")  # 64
        await pilot.press("ctrl+g")
        await enter_on_line(pilot, screen(app), "64: in/19 in/21")  # played before the hint came
        assert screen(app).recording.turns
        engine_slow.set()
        await settle(pilot, app)
        assert not isinstance(app.screen, PlayChoices)
        assert not any("ranking" in note for note in notes(app))


@pilot_test
async def test_the_review_key_says_the_engine_is_at_work_and_is_in_the_footer(
    tmp_path: Path, engine_slow: threading.Event
) -> None:
    """Once the game is over, Roll leaves the footer and ctrl+g, the review, takes its place,
    at 80 columns too (it was left out there: nothing on the screen named the review)."""
    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, ScriptedDice([5, 3, 6, 2])))
    async with app.run_test(size=SIZE) as pilot:
        assert "Review" not in screen_lines(app)[-1]
        await resign(pilot, app)
        await pilot.pause()
        assert "ctrl+g" in footer_keys(app)
        assert screen_lines(app)[-1].rstrip().endswith("^q Quit  ^g Review")
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert "The engine is reviewing your game at 0-ply, decision by decision…" in notes(app)
        engine_slow.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, PlayChoices)
        assert app.screen.shown_rows[0] == "White resigned: Black scores 15."


@pilot_test
async def test_the_one_play_left_is_told_apart_from_the_words_on_its_count(
    tmp_path: Path,
) -> None:
    """'Tab completes it: in/22(4) in/22(4) is 4 checkers ...' read as one garbled play (a full
    stop after the play would read as notation: a dash parts them)."""
    tags = [("Rules", "navy"), ("Opening", "5-3")]  # 33 with every checker in: in/22(4) only
    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, ScriptedDice([3, 3])), tags)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert (
            "One play left; Tab completes it: in/22(4) — in/22(4) is 4 checkers making the trip"
            " in/22." in " ".join(feedback(app).split())
        )
        await pilot.press("tab")
        assert " ".join(feedback(app).split()).startswith(
            "One play left; Enter enters it: in/22(4) — "
        )


@pilot_test
async def test_the_engines_first_moves_say_the_opening_until_you_move(tmp_path: Path) -> None:
    """The engine won the opening and moved at once: the words on the opening were gone before
    the person saw them, and nothing on the screen said why the engine began."""
    practice = Practice(Side.WHITE, 0, ScriptedDice([6, 4, 5, 2]))
    app = play_app(tmp_path / "p.acey", practice, [("Opening", "5-3")])  # White, the engine
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        said = " ".join(feedback(app).split())
        assert said.startswith("Opening: White rolled 5 and Black 3: White moves first. aceynote")
        assert "next: 1... Black to roll" in said
        shown = " ".join(line[:50].strip() for line in screen_lines(app))  # the left panel
        assert "White moves first." in shown and "Black to roll" in shown  # in view at 80x24
        await pilot.press("ctrl+r")  # 52
        await pilot.press("down", "enter")
        await settle(pilot, app)
        assert "Opening" not in feedback(app)  # the person has moved


@pytest.mark.parametrize(
    ("setup", "dice", "exact"),
    [
        ("W 6:3 5:2 / B 6:2 5:1 / W", (3, 1), True),  # both sides' last checkers home
        ("W 6:3 5:2 / B 6:2 5:1 / W", None, True),  # the doubles to name, in the same race
        ("W in:15 / B in:15 / W", (6, 4), False),  # the opening
    ],
)
def test_the_hint_list_says_when_its_values_are_exact(
    setup: str, dice: tuple[int, int] | None, exact: bool
) -> None:
    """As hint says it: a race of the engine's tables is valued exactly (docs/engine.md)."""
    state = TurnState.begin(Position.from_setup(setup), parse_rules("standard"))
    shown = play_screen.hint_list(state, dice, "31", 0)
    said = "exact: every play's value is read from the engine's tables"
    assert (said in shown.title_text.splitlines()) is exact
