"""Practice against the engine (``aceynote play``): Pilot tests of the play screen."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import pytest
from conftest import SIZE, enter_on_line, pilot_test
from test_tui_app import screen_lines

from aceynote.analysis.practice import LEVELS, Practice, engine_name, engine_named, engine_side
from aceynote.cli import main
from aceynote.engine import Engine
from aceynote.entering import EntryProblem
from aceynote.files.record import RecordFile
from aceynote.notation import parse_game
from aceynote.notation.lines import new_game
from aceynote.rules import SegmentKind, Side, legal_plays, roll_dice
from aceynote.tui.app import ReplayApp
from aceynote.tui.entry import EntryFeedback, EntryLine
from aceynote.tui.play_screen import PlayScreen
from aceynote.tui.widgets import Board
from aceynote.validation import validate

KIND_NAMES = {
    SegmentKind.ROLL: "roll",
    SegmentKind.CHOSEN_DOUBLE: "double",
    SegmentKind.EXTRA_ROLL: "extra",
}


class ScriptedDice(random.Random):
    """Dice that show the faces given, in order (then go on at random from seed 0)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0) if self.faces else super().randint(a, b)


def play_app(
    path: Path, practice: Practice, tags: list[tuple[str, str]] | None = None
) -> ReplayApp:
    """The app as ``aceynote play`` opens it."""
    record = RecordFile(str(path), create=True)
    game = new_game(tags if tags is not None else [("Opening", "5-3")])
    return ReplayApp(str(path), record=record, new_game=game, practice=practice)


def screen(app: ReplayApp) -> PlayScreen:
    assert isinstance(app.screen, PlayScreen)
    return app.screen


async def settle(pilot: Any, app: ReplayApp) -> None:
    """Wait until the engine has played all it is to play now."""
    for _ in range(50):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not screen(app)._thinking:
            return
    raise AssertionError("the engine kept thinking")


async def enter(pilot: Any, app: ReplayApp, text: str) -> None:
    await enter_on_line(pilot, screen(app), text)


def feedback(app: ReplayApp) -> str:
    return str(screen(app).query_one(EntryFeedback).render())


def segment_texts(app: ReplayApp) -> list[tuple[Side, str]]:
    from aceynote.notation.writer import segment_text

    return [(t.side, segment_text(s)) for t in screen(app).recording.turns for s in t.segments]


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PlayScreen, "ENGINE_PAUSE", 0.0)


@pytest.fixture
def engine_held(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The engine thinks until the event is set (at most 30 s)."""
    from aceynote.analysis import practice as practice_module

    go_on = threading.Event()
    real_entry = practice_module.Opponent.entry

    def held_entry(self: Any, state: Any) -> str:
        go_on.wait(30)
        return real_entry(self, state)

    monkeypatch.setattr(practice_module.Opponent, "entry", held_entry)
    return go_on


# -- a game against the engine -------------------------------------------------------------
@pytest.mark.slow
@pilot_test
async def test_a_whole_game_the_app_rolling_for_the_person(tmp_path: Path) -> None:
    path = tmp_path / "practice.acey"
    practice = Practice(Side.BLACK, 0, random.Random(11))
    tags = [("White", "Ines"), ("Black", engine_name(0)), ("Opening", "5-3")]
    app = play_app(path, practice, tags)
    person = random.Random(5)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(400):
            await settle(pilot, app)
            recording = screen(app).recording
            if recording.over:
                break
            if recording.state.expects is SegmentKind.CHOSEN_DOUBLE:
                typed = recording.typed_roll(f"={person.randint(1, 6) * 11}")
            else:
                await pilot.press("ctrl+r")
                await pilot.pause()
                typed = recording.typed_roll(screen(app).query_one(EntryLine).text)
            assert typed is not None and not isinstance(typed, EntryProblem)
            await enter(pilot, app, typed.entry(person.choice(typed.plays)))
            assert screen(app).problem is None, feedback(app)
        assert screen(app).recording.over
        await pilot.press("ctrl+s")
        await pilot.pause()
    game = parse_game(path.read_text(encoding="utf-8"))
    report = validate(game)
    assert report.errors == 0 and report.warnings == 0
    assert game.tag("Black") == "aceynote engine, 0-ply"
    # Every engine segment is the best play the engine's API gives for its position and dice.
    engine = Engine(report.rules.to_tag())
    segments = [s for t in game.turns for s in t.segments]
    engine_segments = [
        (replay, segment)
        for replay, segment in zip(report.segments, segments, strict=True)
        if replay.before.turn is Side.BLACK
    ]
    assert len(engine_segments) > 10
    for replay, segment in engine_segments:
        setup = replay.before.to_setup()
        kind = KIND_NAMES[segment.kind]
        if segment.kind is SegmentKind.CHOSEN_DOUBLE:
            assert segment.high == engine.choose_double(setup, depth=0)
        best = engine.best_play(setup, f"{segment.high}{segment.low}", kind, depth=0)
        dice = roll_dice(segment.high, segment.low)
        plays = {
            str(play): play for play in legal_plays(replay.before, dice, report.rules).values()
        }
        assert plays[best].result.with_turn(Side.WHITE) == replay.after.with_turn(Side.WHITE)


@pilot_test
async def test_the_engine_moves_first_when_it_won_the_opening(tmp_path: Path) -> None:
    practice = Practice(Side.WHITE, 0, ScriptedDice([6, 4]))
    app = play_app(tmp_path / "p.acey", practice, [("Opening", "5-3")])  # White won it
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert segment_texts(app)[0][0] is Side.WHITE
        assert segment_texts(app)[0][1].startswith("64: ")
        assert engine_name(0) in feedback(app)
        assert screen(app).recording.mover is Side.BLACK
        await pilot.press("ctrl+z")  # the person played nothing: nothing to take back
        await pilot.pause()
        assert len(segment_texts(app)) == 1


@pilot_test
async def test_the_engine_plays_a_whole_acey_deucey_turn(tmp_path: Path) -> None:
    # The engine (Black) rolls 1-2, names its double, then rolls 5-3 for the extra roll.
    practice = Practice(Side.BLACK, 0, ScriptedDice([2, 1, 5, 3]))
    app = play_app(tmp_path / "p.acey", practice)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await settle(pilot, app)
        black = [text for side, text in segment_texts(app) if side is Side.BLACK]
        assert black[0].startswith("21: ")
        assert black[1].startswith("=")
        assert black[2].startswith("+53: ")
        assert f"{engine_name(0)}: 1... {black[2]}   next:" in feedback(app)  # no gap for a number
        assert screen(app).recording.mover is Side.WHITE
        assert "White to roll" in str(screen(app).query_one(EntryLine).border_title)


@pilot_test
async def test_undo_takes_back_the_persons_segment_and_the_reply_and_redo_both(
    tmp_path: Path,
) -> None:
    practice = Practice(Side.BLACK, 0, random.Random(3))
    app = play_app(tmp_path / "p.acey", practice)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await settle(pilot, app)
        typed = screen(app).recording.typed_roll("53")
        assert typed is not None and not isinstance(typed, EntryProblem)
        await enter(pilot, app, typed.entry(typed.plays[0]))
        await settle(pilot, app)
        before_undo = segment_texts(app)
        sides = [side for side, _ in before_undo]
        assert sides.count(Side.WHITE) == 2 and sides[-1] is Side.BLACK
        await pilot.press("ctrl+r")  # a roll for the next segment, undone with it
        await pilot.pause()
        assert screen(app).query_one(EntryLine).text
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "and the engine's reply" in feedback(app)
        assert screen(app).query_one(EntryLine).text == ""
        after = segment_texts(app)
        assert after == before_undo[: sides.index(Side.WHITE, 1)]  # to before White's 5-3
        assert screen(app).recording.mover is Side.WHITE
        await pilot.press("ctrl+y")
        await settle(pilot, app)
        assert segment_texts(app) == before_undo


@pilot_test
async def test_rolled_dice_are_the_ones_played(tmp_path: Path) -> None:
    practice = Practice(Side.BLACK, 0, ScriptedDice([6, 4]))
    app = play_app(tmp_path / "p.acey", practice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")  # r on the empty line rolls
        await pilot.pause()
        assert screen(app).query_one(EntryLine).text == "64"
        screen(app).query_one(EntryLine).set_text("53: ")  # another roll typed: refused at once
        await pilot.pause()
        assert "you rolled 64" in feedback(app)
        assert not screen(app).plays.display  # and the plays of 53 are not listed
        await enter(pilot, app, "53: in/20 in/22")
        problem = screen(app).problem
        assert problem is not None and "you rolled 64" in problem.message
        assert segment_texts(app) == []
        await enter(pilot, app, "64: in/19 in/21")
        assert screen(app).problem is None
        assert segment_texts(app)[0] == (Side.WHITE, "64: in/19 in/21")


def middle_band(app: ReplayApp) -> tuple[str, list[str]]:
    """The board's middle band: what the side shown is doing, and the dice it shows."""
    from test_tui_app import screen_lines

    band = next(line for line in screen_lines(app) if "BAR" in line)
    doing, _, rest = band.partition("BAR")
    return doing.strip("│ "), rest.split("│")[1].split()


@pilot_test
async def test_the_emptied_line_suggests_the_play_of_the_roll_made(tmp_path: Path) -> None:
    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, ScriptedDice([3, 1])))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r", "ctrl+u")
        await pilot.pause()
        field = screen(app).query_one(EntryLine).input
        assert field.value == "" and screen(app).rolled == "31"
        assert str(field.placeholder).startswith("like 31: ")  # not another roll's


@pilot_test
async def test_the_board_shows_the_dice_rolled_until_they_are_played(tmp_path: Path) -> None:
    practice = Practice(Side.BLACK, 0, ScriptedDice([6, 4]))
    app = play_app(tmp_path / "p.acey", practice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert middle_band(app) == ("○ White to roll", [])
        assert prompt(app) == "1. White to roll"
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert middle_band(app) == ("○ White to play", ["6", "4"])
        assert prompt(app) == "1. White to play 64"  # the line's title says it too
        await enter(pilot, app, "55: in/20(4)")  # other dice: refused, the roll made stays shown
        assert screen(app).problem is not None
        assert middle_band(app) == ("○ White to play", ["6", "4"])
        await enter(pilot, app, "64: in/19 in/21")
        await settle(pilot, app)
        doing, _ = middle_band(app)
        assert doing == "● Black played"  # the engine's reply, with its own dice


def prompt(app: ReplayApp) -> str:
    return str(screen(app).query_one(EntryLine).border_title)


@pilot_test
async def test_a_roll_made_stays_until_played_whatever_screens_are_visited(
    tmp_path: Path,
) -> None:
    from aceynote.tui.replay_screen import ReplayScreen

    practice = Practice(Side.BLACK, 0, ScriptedDice([6, 4, 1, 1, 5, 1]))
    app = play_app(tmp_path / "p.acey", practice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen(app).query_one(EntryLine).text == "64"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("r")
        await pilot.pause()
        assert screen(app).query_one(EntryLine).text == "64"  # back on the line
        screen(app).line.set_text("")
        await pilot.press("r")  # asked again: the same roll
        await pilot.pause()
        assert screen(app).query_one(EntryLine).text == "64"
        assert prompt(app) == "1. White to play 64"
        await enter(pilot, app, "64: in/19 in/21")
        assert segment_texts(app)[0] == (Side.WHITE, "64: in/19 in/21")


@pytest.mark.parametrize("command", ["play", "record"])
@pilot_test
async def test_too_small_a_terminal_names_the_command_run(tmp_path: Path, command: str) -> None:
    from test_tui_app import screen_lines

    practice = Practice(Side.BLACK, 0, random.Random(3)) if command == "play" else None
    record = RecordFile(str(tmp_path / "p.acey"), create=True)
    game = new_game([("Opening", "5-3")])
    app = ReplayApp(str(tmp_path / "p.acey"), record=record, new_game=game, practice=practice)
    async with app.run_test(size=(79, 30)) as pilot:
        await pilot.pause()
        text = " ".join(" ".join(screen_lines(app)).split())
        assert f"aceynote {command} needs at least 80x24" in text


@pilot_test
async def test_the_opening_roll_is_shown_at_the_start(tmp_path: Path) -> None:
    from test_tui_app import notes_text

    practice = Practice(Side.BLACK, 0, random.Random(3))
    app = play_app(tmp_path / "p.acey", practice, [("Opening", "4-4 5-3")])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        said = "4-4 a tie, then White rolled 5 and Black 3: White moves first"
        assert f"Opening: {said}. ctrl+r" in " ".join(feedback(app).split())
        await pilot.press("escape")
        await pilot.press("home")
        await pilot.pause()
        assert f"Opening: {said}." in " ".join(notes_text(app).split())


@pilot_test
async def test_nothing_is_entered_for_the_person_while_the_engine_is_to_play(
    tmp_path: Path, engine_held: threading.Event
) -> None:
    practice = Practice(Side.BLACK, 0, random.Random(1))
    app = play_app(tmp_path / "p.acey", practice)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await enter(pilot, app, "53: in/20 in/22")  # Black's roll, typed by the person
        problem = screen(app).problem
        assert problem is not None and "is to play" in problem.message
        assert len(segment_texts(app)) == 1
        engine_held.set()
        await settle(pilot, app)
        assert [side for side, _ in segment_texts(app)][:2] == [Side.WHITE, Side.BLACK]


@pilot_test
async def test_an_undo_while_the_engine_thinks_drops_its_answer(
    tmp_path: Path, engine_held: threading.Event
) -> None:
    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, random.Random(1)))
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await pilot.press("ctrl+z")
        await pilot.pause()
        engine_held.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert segment_texts(app) == []
        assert screen(app).recording.mover is Side.WHITE


@pilot_test
async def test_r_in_the_replay_comes_back_to_the_game_against_the_engine(tmp_path: Path) -> None:
    from aceynote.tui.replay_screen import ReplayScreen

    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, random.Random(2)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        footer = screen_lines(app)[-1]  # r says what it does here: not Record
        assert "r Play " in footer and "Record" not in footer and footer.rstrip().endswith("q Quit")
        await pilot.press("r")
        await pilot.pause()
        await enter(pilot, app, "64: in/19 in/21")
        await settle(pilot, app)
        assert [side for side, _ in segment_texts(app)][:2] == [Side.WHITE, Side.BLACK]


@pilot_test
async def test_the_replay_shows_the_board_from_the_side_the_person_plays(tmp_path: Path) -> None:
    from aceynote.tui.replay_screen import ReplayScreen

    app = play_app(tmp_path / "p.acey", Practice(Side.WHITE, 0, random.Random(2)))
    async with app.run_test(size=SIZE) as pilot:
        assert screen(app).query_one(Board).viewer is Side.BLACK
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.view.viewer is Side.BLACK


@pilot_test
async def test_r_records_in_the_files_other_games(tmp_path: Path) -> None:
    path = tmp_path / "p.acey"
    path.write_text('[White "Ann"]\n[Black "Ines"]\n\n1. 63: in/19 in/22\n*\n', encoding="utf-8")
    app = play_app(path, Practice(Side.BLACK, 0, random.Random(2)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert "r Play " in screen_lines(app)[-1]
        await pilot.press("left_square_bracket")  # game 1, not played against the engine
        await pilot.pause()
        assert "r Record " in screen_lines(app)[-1]


@pilot_test
async def test_undo_and_redo_go_on_after_a_visit_to_the_replay(tmp_path: Path) -> None:
    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, random.Random(2)))
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await settle(pilot, app)
        played = segment_texts(app)
        await pilot.press("escape", "r")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert segment_texts(app) == []
        await pilot.press("escape", "r")
        await pilot.pause()
        await pilot.press("ctrl+y")
        await settle(pilot, app)
        assert segment_texts(app) == played


# -- the same seed, the same game ----------------------------------------------------------
async def _seeded_game(path: Path, seed: int) -> list[tuple[Side, str]]:
    app = play_app(path, Practice(Side.BLACK, 0, random.Random(seed)))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await pilot.press("ctrl+r")
            await pilot.pause()
            recording = screen(app).recording
            typed = recording.typed_roll(screen(app).query_one(EntryLine).text)
            assert typed is not None and not isinstance(typed, EntryProblem)
            await enter(pilot, app, typed.entry(typed.plays[-1]))
            await settle(pilot, app)
        return segment_texts(app)


@pilot_test
async def test_a_seed_repeats_the_dice_of_the_game(tmp_path: Path) -> None:
    first = await _seeded_game(tmp_path / "a.acey", 21)
    again = await _seeded_game(tmp_path / "b.acey", 21)
    other = await _seeded_game(tmp_path / "c.acey", 22)
    assert first == again
    assert first != other


# -- the command -----------------------------------------------------------------------------
def test_play_refuses_what_it_cannot_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = [
        (["play", str(tmp_path / "x.match")], "read, never written"),
        (["play", "-"], "needs a file"),
        (["play", str(tmp_path / "x.acey"), "--seed", "-1"], "--seed"),
        (["play", str(tmp_path / "x.acey"), "--name", "a\nb"], "--name"),
        (["play", str(tmp_path / "x.acey"), "--rules", "nonsense"], "--rules"),
        (["play", str(tmp_path / "x.acey")], "runs in a terminal"),  # pytest's stdin is no tty
    ]
    for arguments, words in cases:
        assert main(arguments) == 2, arguments
        assert words in capsys.readouterr().err, arguments
    assert not (tmp_path / "x.acey").exists()


def test_the_engine_tag_names_the_depth() -> None:
    assert engine_name(1) == "aceynote engine, 1-ply"


def test_the_engine_tags_read_back_as_the_depth_and_level_they_name() -> None:
    for depth in (0, 1):
        assert engine_named(engine_name(depth)) == (depth, None)
    for level in LEVELS.values():
        assert engine_named(engine_name(level.depth, level)) == (level.depth, level)
    assert engine_named("Ines Alder") is None
    assert engine_named("aceynote engine, 3-ply") is None
    game = parse_game('[White "Ines"]\n[Black "aceynote engine, casual"]\n\n*\n')
    assert engine_side(game) is Side.BLACK
    both = parse_game('[White "aceynote engine, 0-ply"]\n[Black "aceynote engine, 1-ply"]\n\n*\n')
    assert engine_side(both) is None and engine_side(parse_game("*\n")) is None


UNFINISHED = (
    '[White "aceynote engine, 0-ply"]\n[Black "Ines"]\n[Opening "5-3"]\n\n1. 63: in/19 in/22\n*\n'
)


def test_play_game_refuses_a_game_it_cannot_go_on_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    path = tmp_path / "games.acey"
    resigned = '[Termination "resignation"]\n[Result "15-0"]\n'
    finished = UNFINISHED.replace("[Opening", resigned + "[Opening").replace("*\n", "15-0\n")
    people = '[White "Ann"]\n[Black "Ines"]\n\n1. 63: in/19 in/22\n*\n'
    path.write_text(f"{UNFINISHED}\n{people}\n{finished}", encoding="utf-8")
    before = path.read_bytes()
    cases = [
        (["--game", "4"], "games.acey holds 3 games"),
        (["--game", "2"], "game 2 of"),
        (["--game", "3"], "is over"),
        (["--game", "1", "--you", "black"], "not with --you"),
        (["--game", "1", "--depth", "1"], "not with --depth"),
    ]
    for arguments, words in cases:
        assert main(["play", str(path), *arguments]) == 2, arguments
        assert words in capsys.readouterr().err, arguments
    assert path.read_bytes() == before
    one = tmp_path / "one.acey"
    one.write_text(UNFINISHED, encoding="utf-8")
    assert main(["play", str(one), "--game", "2"]) == 2
    assert "one.acey holds 1 game\n" in capsys.readouterr().err  # not "has 1 games"
    assert main(["play", str(tmp_path / "missing.acey"), "--game", "1"]) == 2
    assert "missing.acey: no such file, so no game 1 to go on with" in capsys.readouterr().err
    assert not (tmp_path / "missing.acey").exists()


def test_play_game_checks_the_file_and_its_game_before_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without a terminal (pytest's), play said it needs one before it said there is no game 2."""
    one = tmp_path / "one.acey"
    one.write_text(UNFINISHED, encoding="utf-8")
    people = tmp_path / "people.acey"
    people.write_text('[White "Ann"]\n[Black "Ines"]\n\n1. 63: in/19 in/22\n*\n', encoding="utf-8")
    cases = [
        ([str(one), "--game", "2"], "there is no game 2: "),
        ([str(tmp_path / "missing.acey"), "--game", "1"], "no such file, so no game 1"),
        ([str(people), "--game", "1"], "was not begun with play"),
        (
            [str(one), "--game", "1"],
            "play runs in a terminal",
        ),  # the game is fine: then the terminal
    ]
    for arguments, words in cases:
        assert main(["play", *arguments]) == 2, arguments
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1, arguments


def test_play_game_refuses_a_file_it_cannot_write_before_looking_at_its_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A .json FILE was read for its game: 'was not begun with play' (a .match that does not
    exist: 'no such file'), where play cannot write into it anyway."""
    people = tmp_path / "people.acey"
    people.write_text('[White "Ann"]\n[Black "Ines"]\n\n1. 63: in/19 in/22\n*\n', encoding="utf-8")
    assert main(["convert", str(people), "-o", str(tmp_path / "people.json")]) == 0
    capsys.readouterr()
    for name in ("people.json", "missing.match"):
        assert main(["play", str(tmp_path / name), "--game", "1"]) == 2, name
        err = capsys.readouterr().err
        assert "is read, never written; play into an .acey file" in err, name
        assert err.count("\n") == 1, name


def test_play_game_clips_a_long_path_in_what_it_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As a new game's play does: a path of 300 characters was said whole."""
    folder = tmp_path.joinpath(*["f" * 60] * 5)
    folder.mkdir(parents=True)
    one = folder / "one.acey"
    one.write_text(UNFINISHED, encoding="utf-8")
    for number, words in (("2", "there is no game 2: "), ("1", "play runs in a terminal")):
        assert main(["play", str(one), "--game", number]) == 2
        err = capsys.readouterr().err
        assert words in err and len(err) < 300, number


def test_play_game_gives_the_engine_the_side_and_level_its_tag_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    opened: list[ReplayApp] = []
    monkeypatch.setattr(ReplayApp, "run", lambda app: opened.append(app))
    monkeypatch.setattr(ReplayApp, "stop_status", lambda app: 0)
    path = tmp_path / "games.acey"
    casual = UNFINISHED.replace(
        '"aceynote engine, 0-ply"]\n[Black "Ines"]', '"Ines"]\n[Black "aceynote engine, casual"]'
    )
    path.write_text(f"{UNFINISHED}\n{casual}", encoding="utf-8")
    read: list[str] = []
    monkeypatch.setattr(RecordFile, "__init__", _counted(RecordFile.__init__, read))
    for number, side, depth, level in ((1, Side.WHITE, 0, None), (2, Side.BLACK, 0, "casual")):
        assert main(["play", str(path), "--game", str(number), "--seed", "4"]) == 0
        assert read == [str(path)] * number  # the file read once (it was read twice)
        app = opened[-1]
        practice = app.practice
        assert practice is not None and app.start_game == number and app.new_game is None
        assert (practice.engine, practice.depth) == (side, depth)
        assert (practice.level.name if practice.level else None) == level


def _counted(init: Any, paths: list[str]) -> Any:
    """``RecordFile.__init__`` that notes each path it opens in ``paths``."""

    def opening(record: RecordFile, path: str, create: bool = False) -> None:
        paths.append(path)
        init(record, path, create)

    return opening


@pilot_test
async def test_a_game_begun_with_play_goes_on_against_the_engine(tmp_path: Path) -> None:
    path = tmp_path / "games.acey"
    path.write_text(UNFINISHED, encoding="utf-8")
    practice = Practice(Side.WHITE, 0, ScriptedDice([6, 2]))  # as --game 1 makes it
    app = ReplayApp(str(path), game=1, record=RecordFile(str(path)), practice=practice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Black to roll" in prompt(app)
        await enter(pilot, app, "54: in/20 in/21")
        await settle(pilot, app)
        played = segment_texts(app)
        assert played[:2] == [(Side.WHITE, "63: in/19 in/22"), (Side.BLACK, "54: in/20 in/21")]
        assert [side for side, _ in played[2:]] == [Side.WHITE]  # the engine's reply, 62
        assert played[2][1].startswith("62: ")


@pilot_test
async def test_undo_says_why_the_moves_played_before_play_game_stay(tmp_path: Path) -> None:
    from test_tui_app import notifications

    path = tmp_path / "games.acey"
    path.write_text(UNFINISHED.replace("*\n", "1... 54: in/20 in/21\n*\n"), encoding="utf-8")
    practice = Practice(Side.WHITE, 0, ScriptedDice([6, 2]))  # as --game 1 makes it
    app = ReplayApp(str(path), game=1, record=RecordFile(str(path)), practice=practice)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        played = segment_texts(app)
        assert [side for side, _ in played] == [Side.WHITE, Side.BLACK, Side.WHITE]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert segment_texts(app) == played
        said = notifications(app)[-1]
        assert "you have not played" not in said
        assert "before this entry line opened" in said


@pilot_test
async def test_the_help_lists_the_play_keys_and_those_of_the_recorder(tmp_path: Path) -> None:
    from aceynote.tui.keys import help_of

    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, random.Random(2)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = dict(help_of(screen(app), app)[0])
        assert "roll the dice for you" in rows["Ctrl+r"]
        assert "engine's reply" in rows["Ctrl+z"]  # the play screen's undo, not the recorder's
        assert "quit" in rows["Ctrl+q"]  # from the record screen
        assert "Esc" in rows


@pilot_test
async def test_the_end_dialog_offers_the_engines_win_as_the_rules_give_it(tmp_path: Path) -> None:
    from textual.widgets import Input

    from aceynote.tui.dialogs import EndGame

    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, random.Random(4)))
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await settle(pilot, app)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, EndGame)
        # White (the person) has borne off nothing: the engine, Black, scores 15.
        assert app.screen.query_one("#end-result", Input).value == "0-15"
        await pilot.press("enter")  # resignation, the first reason
        await pilot.press("enter")  # the offered result
        await pilot.pause()
        recording = screen(app).recording
        assert recording.terminated == "resignation" and recording.game.result == "0-15"


@pilot_test
async def test_resigning_stops_the_engine_and_undo_takes_back_the_resignation_alone(
    tmp_path: Path,
) -> None:
    from aceynote.tui.dialogs import EndGame

    app = play_app(tmp_path / "p.acey", Practice(Side.BLACK, 0, random.Random(4)))
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, app, "64: in/19 in/21")
        await settle(pilot, app)
        played = segment_texts(app)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, EndGame)
        app.screen.dismiss(("resignation", "0-1"))
        await pilot.pause()
        await settle(pilot, app)
        recording = screen(app).recording
        assert recording.over and recording.game.result == "0-1"
        assert segment_texts(app) == played  # the engine plays no more
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not screen(app).recording.over
        assert segment_texts(app) == played  # only the resignation was taken back
