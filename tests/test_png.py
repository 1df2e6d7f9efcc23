"""Board diagrams as PNG: ``aceynote diagram --format png`` and the replay app's ``d`` (issue 22).

The pictures are decoded here (zlib and the five PNG row filters) to look at
their size and at pixels whose colour the drawing fixes.
"""

from __future__ import annotations

import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from conftest import SAMPLES, aceynote_process, run_main

from aceynote.extras import install_command
from aceynote.render import png, svg
from aceynote.rules import Position
from aceynote.tui.position_tools import write_new

RECORD = str(SAMPLES / "annotated.acey")
LIGHT = svg.THEMES["light"]


def decoded(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the RGBA rows of an 8-bit RGBA PNG (what resvg writes)."""
    assert data[:8] == png.SIGNATURE
    chunks, at = {}, 8
    idat = b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        idat += body if kind == b"IDAT" else b""
        chunks.setdefault(kind, body)
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour) == (8, 6)  # 8 bits, RGBA
    raw, stride, rows = zlib.decompress(idat), 4 * width, []
    previous = bytes(stride)
    for y in range(height):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for x in range(stride):
            left = line[x - 4] if x >= 4 else 0
            up, corner = previous[x], previous[x - 4] if x >= 4 else 0
            line[x] = (line[x] + _predicted(kind, left, up, corner)) & 0xFF
        rows.append(bytes(line))
        previous = rows[-1]
    return width, height, rows


def _predicted(kind: int, left: int, up: int, corner: int) -> int:
    if kind == 0:
        return 0
    if kind == 1:
        return left
    if kind == 2:
        return up
    if kind == 3:
        return (left + up) // 2
    guess = left + up - corner
    near = min(
        (abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner)
    )
    return near[2]


def pixel(rows: list[bytes], x: int, y: int) -> str:
    red, green, blue, alpha = rows[y][4 * x : 4 * x + 4]
    assert alpha == 255
    return f"#{red:02x}{green:02x}{blue:02x}"


def test_diagram_writes_a_png_when_out_ends_in_png(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "board.png"
    assert run_main(capsys, "diagram", RECORD, "--turn", "12", "-o", str(out)) == (0, "", "")
    width, height, rows = decoded(out.read_bytes())
    assert (width, height) == (600, 480)  # the SVG's own size: --size 600 and its aspect
    assert pixel(rows, 0, 0) == LIGHT.background
    assert pixel(rows, 4, 240) == LIGHT.frame  # the board's frame, left of the points


def test_format_png_follows_size_and_theme_and_goes_to_a_pipe(tmp_path: Path) -> None:
    done = subprocess.run(
        aceynote_process(
            "diagram",
            "--setup",
            "W in:15 / B in:15 / W",
            "--size",
            "300",
            "--theme",
            "dark",
            "--format",
            "png",
        ),
        capture_output=True,
        check=True,
    )
    width, height, rows = decoded(done.stdout)
    assert (width, height) == (300, 240)
    assert pixel(rows, 0, 0) == svg.THEMES["dark"].background


def test_the_picture_is_the_svg_drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    drawn = tmp_path / "board.svg"
    pictured = tmp_path / "board.png"
    for out in (drawn, pictured):
        assert run_main(capsys, "diagram", RECORD, "--turn", "5...", "-o", str(out))[0] == 0
    assert pictured.read_bytes() == png.png(drawn.read_text(encoding="utf-8"))


def test_a_format_that_does_not_match_the_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "board.svg"
    status, _, err = run_main(capsys, "diagram", RECORD, "--format", "png", "-o", str(out))
    assert status == 2
    assert f"-o {out} names the svg format by its extension, but --format png was asked" in err
    assert not out.exists()
    status, out_text, _ = run_main(capsys, "diagram", RECORD, "--format", "svg")
    assert status == 0 and out_text.startswith("<svg")


def test_a_png_is_not_written_to_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    status, out, err = run_main(capsys, "diagram", RECORD, "--format", "png")
    assert (status, out) == (2, "")
    assert "write it to a file (-o board.png) or a pipe" in err


def test_without_the_png_extra_the_message_names_it_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # import resvg_py fails as when absent
    out = tmp_path / "board.png"
    status, stdout, err = run_main(capsys, "diagram", RECORD, "-o", str(out))
    assert (status, stdout) == (2, "")
    assert err == (
        f"aceynote: error: PNG needs the renderer of the 'png' extra: {install_command('png')}\n"
    )
    assert not out.exists()
    assert run_main(capsys, "diagram", RECORD, "-o", str(tmp_path / "board.svg"))[0] == 0


def test_the_replay_apps_diagram_comes_as_a_png_too(tmp_path: Path) -> None:
    text = svg.board(Position.from_setup("W in:15 / B in:15 / W"))
    stem = str(tmp_path / "club-g1-t0")
    (tmp_path / "club-g1-t0.png").write_bytes(b"someone's picture")
    written = write_new(stem, text)
    assert written == [f"{stem}-2.svg", f"{stem}-2.png"]  # a number whose names are both free
    assert Path(written[1]).read_bytes() == png.png(text)
    assert (tmp_path / "club-g1-t0.png").read_bytes() == b"someone's picture"
    assert not (tmp_path / "club-g1-t0.svg").exists()


def test_without_the_extra_the_replay_app_writes_the_svg_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)
    stem = str(tmp_path / "club-g1-t0")
    assert write_new(stem, "<svg/>") == [f"{stem}.svg"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["club-g1-t0.svg"]


def test_the_list_of_commands_says_diagram_draws_a_png_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 'aceynote --help' said "draw a position as a backgammon board (SVG)" alone.
    from aceynote.cli import main

    with pytest.raises(SystemExit):
        main(["--help"])
    listed = next(line for line in capsys.readouterr().out.splitlines() if "diagram  " in line)
    assert "(SVG or PNG)" in listed
