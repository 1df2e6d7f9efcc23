"""The help list (F1, ?): each key once, written as the key shows (issue 22)."""

from __future__ import annotations

from conftest import SAMPLES, pilot_test

from aceynote.tui.app import ReplayApp
from aceynote.tui.dialogs import Help


@pilot_test
async def test_replay_help_writes_keys_as_they_show() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, Help)
        said = {key: what for key, what in app.screen.rows}
        assert "variation: make it the line" in said["+"]
        assert "variation: delete it" in said["Del"]
        words = " ".join(said)
        assert "plus" not in words and "delete" not in words
        assert "board's right half" in app.screen.extra  # the replay screen's mouse
