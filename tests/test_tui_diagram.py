"""The replay app's `d` key: the board shown, written as an SVG diagram next to the record."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import SAMPLES, SIZE, pilot_test
from test_tui_app import notifications, replay

from aceynote.cli import main
from aceynote.tui.app import ReplayApp
from aceynote.tui.position_tools import DiagramError, write_new

SVG = "{http://www.w3.org/2000/svg}"


def record_copy(tmp_path: Path) -> Path:
    target = tmp_path / "club.acey"
    shutil.copyfile(SAMPLES / "annotated.acey", target)
    return target


def cli_diagram(record: Path, tmp_path: Path, *options: str) -> str:
    out = tmp_path / "cli.svg"
    assert main(["diagram", str(record), *options, "-o", str(out)]) == 0
    return out.read_text(encoding="utf-8")


async def go_to_turn(pilot: object, turn: str) -> None:
    await pilot.press("t")  # type: ignore[attr-defined]
    await pilot.press(*turn, "enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


@pilot_test
async def test_d_writes_the_board_after_a_turn_as_the_diagram_command_draws_it(
    tmp_path: Path,
) -> None:
    record = record_copy(tmp_path)
    app = ReplayApp(str(record), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await go_to_turn(pilot, "13.")
        await pilot.press("d")
        await pilot.pause()
        written = tmp_path / "club-g1-t13.svg"
        assert written.is_file()
        assert str(written) in notifications(app)[-1].replace("\n", "")
    shown = written.read_text(encoding="utf-8")
    assert ">White played<" in shown  # as the screen's band says, not who is to roll next
    drawn = cli_diagram(record, tmp_path, "--turn", "13.")
    assert shown.replace("White played", "Black to roll") == drawn


@pilot_test
async def test_black_turns_the_start_and_a_flipped_board_have_their_own_names(
    tmp_path: Path,
) -> None:
    record = record_copy(tmp_path)
    app = ReplayApp(str(record), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await go_to_turn(pilot, "13...")
        await pilot.press("f", "d")
        await pilot.pause()
    start = tmp_path / "club-g1-t0.svg"
    black = tmp_path / "club-g1-t13b.svg"
    assert start.read_text(encoding="utf-8") == cli_diagram(record, tmp_path, "--segment", "0")
    flipped = cli_diagram(record, tmp_path, "--turn", "13...", "--flip")
    assert black.read_text(encoding="utf-8").replace("Black played", "White to roll") == flipped


@pilot_test
async def test_a_diagram_in_the_middle_of_a_roll_marks_the_moves_made_so_far(
    tmp_path: Path,
) -> None:
    record = record_copy(tmp_path)
    app = ReplayApp(str(record), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "right", "right", "d")  # the second roll, one checker moved
        await pilot.pause()
        frame = replay(app).timeline.main.frames[replay(app).view.cursor.index]  # type: ignore[union-attr]
    assert frame.step == 1 and not frame.final
    root = ET.parse(tmp_path / f"club-g1-t{frame.turn.number}b.svg").getroot()  # type: ignore[union-attr]
    title = root.findtext(f"{SVG}title") or ""
    assert f"after 1 of its {len(frame.replay.steps)} moves" in title  # type: ignore[union-attr]
    moves = next(e for e in root.iter(f"{SVG}g") if e.get("class") == "moves")
    assert len(moves.findall(f"{SVG}line")) == 1  # one arrow: the checker moved so far


@pilot_test
async def test_a_second_diagram_of_the_same_turn_never_overwrites_the_first(
    tmp_path: Path,
) -> None:
    record = record_copy(tmp_path)
    mine = tmp_path / "club-g1-t0.svg"
    mine.write_text("my own drawing", encoding="utf-8")
    app = ReplayApp(str(record), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "d")
        await pilot.pause()
        assert "club-g1-t0-3.svg" in notifications(app)[-1]
    assert mine.read_text(encoding="utf-8") == "my own drawing"
    assert (tmp_path / "club-g1-t0-2.svg").read_bytes() == (
        tmp_path / "club-g1-t0-3.svg"
    ).read_bytes()


@pilot_test
async def test_a_folder_gone_since_the_record_was_opened_is_said_and_nothing_breaks(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    record = record_copy(folder)
    app = ReplayApp(str(record), game=1)
    async with app.run_test(size=SIZE) as pilot:
        shutil.rmtree(folder)
        await pilot.press("d")
        await pilot.pause()
        message = notifications(app)[-1]
        assert message.startswith("No diagram written: could not write")
        assert "no such file or directory" in message
        await pilot.press("right")  # the app goes on
        assert replay(app).view.cursor.index == 1
    assert not folder.exists()


def test_write_new_refuses_a_path_in_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(DiagramError, match="no such file or directory"):
        write_new(str(tmp_path / "gone" / "club-g1-t0"), "<svg/>")
