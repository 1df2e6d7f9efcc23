"""Snapshots of the board (pytest-textual-snapshot): the start, a hit, a bear-off; two sizes.

Regenerate after a deliberate change of the look with ``pytest --snapshot-update``
and check the SVGs under tests/__snapshots__/ before committing them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLES, SHORT_GAME
from textual.pilot import Pilot
from textual.widgets import Input

from aceynote.tui.app import ReplayApp

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]

SnapCompare = Callable[..., bool]


def go_to(*keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press(*keys)
        # A blinking cursor would be drawn or not depending on the machine's speed.
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_start_position(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_hit_checker_on_the_bar(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    # 5. 66: bar/19* in/19 20/14(2): White enters hitting, Black's checker goes to the bar.
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    assert snap_compare(app, terminal_size=size, run_before=go_to("t", "5", ".", "enter"))


@pytest.mark.parametrize("size", SIZES)
def test_bear_off(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    # 2. 33: 3/off(3) 2/off, after the third checker came off (one step before the end).
    app = ReplayApp(str(SAMPLES / "setup-bearoff.acey"), game=1)
    assert snap_compare(app, terminal_size=size, run_before=go_to("t", "2", ".", "enter", "left"))


def test_wide_terminal_puts_the_notes_beside_the_board(snap_compare: SnapCompare) -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    assert snap_compare(app, terminal_size=(200, 50), run_before=go_to("t", "5", ".", "enter"))


def test_help_at_80x24_scrolled_to_its_end(snap_compare: SnapCompare) -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    assert snap_compare(app, terminal_size=(80, 24), run_before=go_to("question_mark", "end"))


def test_tag_editor_at_80x24_with_a_wrong_value(snap_compare: SnapCompare) -> None:
    # The Result field emptied and "standard" typed, then ctrl+s: the dialog stays, says why.
    keys = ["i", *["tab"] * 5, "ctrl+u", *"standard", "ctrl+s"]
    app = ReplayApp(str(SAMPLES / "match.acey"), game=1)
    assert snap_compare(app, terminal_size=(80, 24), run_before=go_to(*keys))


def test_too_small_terminal(snap_compare: SnapCompare) -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    assert snap_compare(app, terminal_size=(70, 20))


def _recording(tmp_path: Path) -> ReplayApp:
    from aceynote.files.record import RecordFile
    from aceynote.notation.lines import new_game

    path = tmp_path / "new.acey"
    tags = [("White", "Ines Alder"), ("Black", "Tom Brandt"), ("Opening", "5-3")]
    return ReplayApp(str(path), record=RecordFile(str(path), create=True), new_game=new_game(tags))


def test_record_screen_at_80x24_with_an_illegal_entry(
    snap_compare: SnapCompare, tmp_path: Path
) -> None:
    # 1. 64: in/19 in/21 entered; Black types 43: in/21 alone: one die of two, refused.
    keys = [*"64: in/19 in/21", "enter", *"43: in/21", "enter"]
    assert snap_compare(_recording(tmp_path), terminal_size=(80, 24), run_before=go_to(*keys))


def test_record_screen_ending_a_game_at_80x24(snap_compare: SnapCompare, tmp_path: Path) -> None:
    keys = [*"64: in/19 in/21", "enter", "ctrl+t", "enter"]
    assert snap_compare(_recording(tmp_path), terminal_size=(80, 24), run_before=go_to(*keys))


@pytest.mark.parametrize("size", SIZES)
def test_an_analysed_game(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    # At 3. =11: 9/8 8/7 7/6 6/5 (a ?? of the engine's, 0-ply): the marks, the best plays
    # with the doubles named, the graph with the decision marked.
    path = tmp_path / "short.acey"
    path.write_text(SHORT_GAME, encoding="utf-8")

    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("a")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        pilot.app.clear_notifications()
        await pilot.press(*["down"] * 6)
        await pilot.pause()

    app = ReplayApp(str(path), game=1, analysis_depth=0)
    assert snap_compare(app, terminal_size=size, run_before=run_before)
