"""``aceynote diagram``: the board of a record's moment or of a Setup string, as SVG."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES
from test_svg import SVG, by_class, expected_stacks, stacks, tray_count

from aceynote.cli import main
from aceynote.notation import parse_game
from aceynote.rules import Position, Side
from aceynote.validation import validate
from aceynote.validation.frames import GameFrames

ANNOTATED = SAMPLES / "annotated.acey"


def frames_of(path: Path) -> GameFrames:
    return GameFrames(validate(parse_game(path.read_text(encoding="utf-8"))))


def drawn(path: Path) -> ET.Element:
    return ET.fromstring(path.read_text(encoding="utf-8"))


def test_after_a_turn(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    assert main(["diagram", str(ANNOTATED), "--turn", "12...", "-o", str(out)]) == 0
    frames = frames_of(ANNOTATED)
    key = frames.turn_end(12, Side.BLACK)
    assert key is not None
    frame = frames.frames[key]
    root = drawn(out)
    assert stacks(root) == expected_stacks(frame.position, Side.WHITE)
    title = root.find(SVG + "title")
    assert title is not None and title.text == "Ines Alder v Tom Brandt: after 12... 55: in/20(4)"
    (dice,) = by_class(root, "dice")
    assert dice.get("data-dice") == "55"
    assert len(list(next(iter(by_class(root, "moves"))).iter(SVG + "line"))) == 4


def test_the_board_of_the_first_of_several_games_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As html does: a record of several games drawn without --game was drawn silently."""
    record, out = str(SAMPLES / "match.acey"), str(tmp_path / "board.svg")
    assert main(["diagram", record, "-o", out]) == 0
    assert capsys.readouterr().err == (
        f"aceynote: {record} holds more than one game; the board shows game 1"
        " (--game N for another)\n"
    )
    assert main(["diagram", record, "--game", "1", "-o", out]) == 0
    assert capsys.readouterr().err == ""


def test_a_bidi_override_in_a_name_is_shown_escaped_in_the_title(tmp_path: Path) -> None:
    """The title showed it as it is: a name shown in another order than it is read."""
    record, out = tmp_path / "bidi.acey", tmp_path / "board.svg"
    record.write_text('[White "a\u202eb"]\n\n1. 64: in/19 in/21 *\n', encoding="utf-8")
    assert main(["diagram", str(record), "-o", str(out)]) == 0
    assert "\u202e" not in out.read_text(encoding="utf-8")
    title = drawn(out).find(SVG + "title")
    assert title is not None and (title.text or "").startswith("a\\u202eb v Black")


def test_turn_without_dots_is_whites(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    assert main(["diagram", str(ANNOTATED), "--turn", "3", "-o", str(out)]) == 0
    frames = frames_of(ANNOTATED)
    key = frames.turn_end(3, Side.WHITE)
    assert key is not None
    # White's turn 3 is 21: then =11: then +53: - the board is after the extra roll.
    assert frames.frames[key].label == "3. +53: in/20 5/2"
    assert stacks(drawn(out)) == expected_stacks(frames.frames[key].position, Side.WHITE)


def test_segment_zero_is_the_start_and_no_moment_is_the_end(tmp_path: Path) -> None:
    start, end = tmp_path / "start.svg", tmp_path / "end.svg"
    assert main(["diagram", str(ANNOTATED), "--segment", "0", "-o", str(start)]) == 0
    assert main(["diagram", str(ANNOTATED), "-o", str(end)]) == 0
    root = drawn(start)
    assert stacks(root) == {}
    assert tray_count(root, "in", Side.WHITE) == (15, 15, 15)
    assert not by_class(root, "dice")
    frames = frames_of(ANNOTATED)
    final = frames.frames[frames.end].position
    root = drawn(end)
    assert stacks(root) == expected_stacks(final, Side.WHITE)
    assert tray_count(root, "off", Side.WHITE) == (15, 15, 15)
    (to_roll,) = by_class(root, "to-roll")
    assert to_roll.text == "White has won"


def test_a_setup_string_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    setup = "W 6:5 5:3 bar:1 in:6 / B 6:2 13:4 in:9 / B"
    status = main(["diagram", "--setup", setup, "--flip", "--theme", "dark", "--size", "300"])
    assert status == 0
    root = ET.fromstring(capsys.readouterr().out)
    assert root.get("width") == "300" and root.get("height") == "240"
    assert "dark" in (root.get("class") or "")
    assert stacks(root) == expected_stacks(Position.from_setup(setup), Side.BLACK)
    assert tray_count(root, "in", Side.BLACK) == (9, 9, 9)
    (to_roll,) = by_class(root, "to-roll")
    assert to_roll.text == "Black to roll"


def test_a_record_with_errors_is_drawn_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "board.svg"
    assert main(["diagram", str(SAMPLES / "mistakes.acey"), "-o", str(out)]) == 1
    assert "errors" in capsys.readouterr().err
    assert drawn(out).tag == SVG + "svg"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["diagram"], "name a record FILE"),
        (["diagram", "RECORD", "--setup", "W 6:1 / B 6:1 / W"], "not both"),
        (["diagram", "--setup", "W 6:1 / B 6:1 / W", "--turn", "3"], "--turn"),
        (["diagram", "--setup", "W 6:1 / B 19:1 / W"], "--setup: both sides"),
        (["diagram", "RECORD", "--segment", "500"], "--segment 500: the main line has 89"),
        (
            ["diagram", "RECORD", "--turn", "77"],
            "--turn 77: the main line has 79 turns: White's turns are 1 to 40,"
            " Black's turns are 1... to 39...\n",
        ),
        (
            ["diagram", str(SAMPLES / "mistakes.acey"), "--turn", "99"],
            "--turn 99: the main line has 14 turns, numbered 1 to 6 and 8;"
            " give one of those (8... for Black's).\n",
        ),
        (  # its numbers skip 7 (AD201): "give a number from 1 to 8" offered it
            ["diagram", str(SAMPLES / "mistakes.acey"), "--turn", "7"],
            "--turn 7: the main line has 14 turns, numbered 1 to 6 and 8;",
        ),
        (["diagram", "RECORD", "--turn", "seven"], "'seven' is not a turn number"),
        (
            ["diagram", str(SAMPLES / "black-first.acey"), "--turn", "99"],
            "--turn 99: the main line has 74 turns: White's turns are 2 to 38,"
            " Black's turns are 1... to 37...\n",
        ),
        (["diagram", "RECORD", "--game", "2"], "there is no game 2"),
        (["diagram", "RECORD", "--size", "20"], "--size 20"),
        (["diagram", "missing.acey"], "missing.acey: no such file"),
    ],
)
def test_usage_errors(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(ANNOTATED) if a == "RECORD" else a for a in arguments]) == 2
    assert message in capsys.readouterr().err


def test_a_picture_of_a_kind_diagram_does_not_draw_is_refused_and_a_bare_name_is_svg(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """-o board.jpg, board.pdf or board.svgz got an SVG, which no viewer opens as that; a name
    without an extension gets the SVG --format's default says (a mktemp name has none)."""
    for name in ("board.jpg", "board.PDF", "board.svgz"):
        assert main(["diagram", str(ANNOTATED), "-o", str(tmp_path / name)]) == 2
        assert not (tmp_path / name).exists()
        assert "diagram draws an SVG (.svg) or PNG (.png) picture" in capsys.readouterr().err
    assert main(["diagram", str(ANNOTATED), "-o", str(tmp_path / "board")]) == 0
    assert drawn(tmp_path / "board").tag == SVG + "svg"


def test_a_setup_that_cannot_be_used_is_said_at_its_place_as_validate_says_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """diagram said only "the game's Setup tag cannot be used": not where, nor why."""
    record = tmp_path / "setup.acey"
    text = (SAMPLES / "setup-bearoff.acey").read_text(encoding="utf-8")
    record.write_text(text.replace("5:2 3:3", "5:2 3;3"), encoding="utf-8")
    assert main(["diagram", str(record), "-o", str(tmp_path / "board.svg")]) == 2
    err = capsys.readouterr().err
    assert f"{record}:5:1: error AD103: the Setup cannot be used: '3;3' is not of the form" in err
    assert '  [Setup "W 5:2 3;3' in err  # the line, under it the caret, as validate prints them
    assert err.endswith(
        f"error: the game's Setup tag cannot be used (AD103 at {record}:5:1, above),"
        " so it has no position to draw\n"
    )
    assert not (tmp_path / "board.svg").exists()


@pytest.mark.parametrize(
    ("moment", "held"),
    [
        (["--turn", "5"], "--turn 5: {line} has 2 turns; give 1 (1... for Black's)."),
        (["--segment", "9"], "--segment 9: {line} has 2 segments (0 is the start, 2 the end)"),
    ],
)
def test_a_moment_past_a_syntax_error_names_the_error_that_ends_the_line(
    moment: list[str], held: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--turn 5 said the main line has 2 turns, not that a syntax error cuts it there."""
    record = tmp_path / "syn.acey"
    lines = ANNOTATED.read_text(encoding="utf-8").split("\n")
    lines[12] = lines[12].replace("13/12", "13-12")
    record.write_text("\n".join(lines), encoding="utf-8")
    assert main(["diagram", str(record), *moment]) == 2
    err = capsys.readouterr().err
    assert f"{record}:13:14: error AD100: '13-12' was read as a result" in err
    line = f"the main line, read up to its syntax error (AD100 at {record}:13:14, above),"
    assert err.endswith(held.format(line=line) + "\n")


def test_each_sides_turns_are_offered_as_numbered_where_they_skip_some(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only the numbers a record holds are offered: "1 to 9" offered 7 and 8, refused."""
    record = tmp_path / "skips.acey"
    text = (SAMPLES / "mistakes.acey").read_text(encoding="utf-8")
    text = text.replace("  54: --\n8. 55:", "\n7... 54: --\n9. 55:")
    record.write_text(text, encoding="utf-8")
    assert main(["diagram", str(record), "--turn", "8..."]) == 2
    assert capsys.readouterr().err.endswith(
        "--turn 8...: the main line has 14 turns: White's turns are 1 to 6 and 9,"
        " Black's turns are 1... to 5..., 7... and 9...\n"
    )


def test_a_read_only_file_is_not_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    out.write_text("keep", encoding="utf-8")
    os.chmod(out, 0o444)
    assert main(["diagram", "--setup", "W 6:1 / B 6:1 / W", "-o", str(out)]) == 2
    assert out.read_text(encoding="utf-8") == "keep"


def test_the_diagram_in_the_docs_is_what_the_command_draws(tmp_path: Path) -> None:
    """docs/share.md shows a diagram and the command that made it: they agree."""
    doc = (ROOT / "docs" / "share.md").read_text(encoding="utf-8")
    command = re.search(r"^aceynote (diagram .*?) -o docs/(\S+\.svg)$", doc, re.MULTILINE)
    assert command is not None
    assert f"]({command.group(2)})" in doc  # the picture is embedded
    out = tmp_path / command.group(2)
    arguments = command.group(1).split()
    assert main([*arguments, "-o", str(out)]) == 0
    committed = (ROOT / "docs" / command.group(2)).read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8") == committed


def test_after_a_1_2_played_in_full_the_side_names_a_double(tmp_path: Path) -> None:
    """`3. 21: 2/off 1/off` is played in full: White names a double next (`=66:`), where the
    band said `White to roll`; the game page's board of the moment says the same."""
    out = tmp_path / "board.svg"
    record = SAMPLES / "setup-bearoff.acey"
    assert main(["diagram", str(record), "--segment", "5", "-o", str(out)]) == 0
    assert [e.text for e in by_class(drawn(out), "to-roll")] == ["White names a double"]
