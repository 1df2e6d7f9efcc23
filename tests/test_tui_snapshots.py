"""Snapshots of the board (pytest-textual-snapshot): the start, a hit, a bear-off; two sizes.

Regenerate after a deliberate change of the look with ``pytest --snapshot-update``
and check the SVGs under tests/__snapshots__/ before committing them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from aceynote.tui.app import ReplayApp

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]

SnapCompare = Callable[..., bool]


def go_to(*keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press(*keys)
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
