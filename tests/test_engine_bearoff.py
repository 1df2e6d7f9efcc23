"""Exact bear-off races: the tables agree with the rules' own turn, and the engine uses them."""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
from itertools import product
from pathlib import Path

import numpy as np
import pytest
from conftest import run_main
from turn_values import choice_value, turn_values

from aceynote.analysis.marks import mark_for
from aceynote.engine import Engine
from aceynote.engine.api import shipped_network
from aceynote.engine.bearoff import BearoffTable, build, cached_table, main, table_path
from aceynote.engine.decisions import Choice, Decision, choices
from aceynote.engine.evaluator import NetworkEvaluator, RaceEvaluator
from aceynote.engine.race_positions import DEFAULT_STRAGGLERS, table_boards
from aceynote.engine.search import Search
from aceynote.rules import (
    CHECKERS_PER_SIDE,
    HOME_TOP,
    ROLLS,
    Position,
    RuleSet,
    SegmentKind,
    SetupError,
    Side,
    parse_rules,
)

RACE_OPTIONS = [
    f"standard bearoff={bearoff} larger_die={larger} bonus_reroll={bonus} score={score}"
    for bearoff, larger, bonus, score in product(
        ("high", "exact"), ("yes", "no"), ("full", "always"), ("checkers", "single")
    )
]


def race(mover: tuple[int, ...], other: tuple[int, ...], turn: Side = Side.WHITE) -> Position:
    """A race with these boards (points 1 up), the rest of each side borne off."""

    def side(board: tuple[int, ...]) -> tuple[int, ...]:
        return (CHECKERS_PER_SIDE - sum(board), *board) + (0,) * (26 - len(board))

    return Position.from_sides(side(mover), side(other), turn)


def races(boards: list[tuple[int, ...]], count: int, seed: str) -> list[Position]:
    """``count`` races of two of these boards drawn at random: positions that can exist
    (no point held by both sides), none with contact."""
    draw, found = random.Random(seed), list[Position]()
    while len(found) < count:
        position = race(draw.choice(boards), draw.choice(boards))
        try:
            Position.from_setup(position.to_setup())
        except SetupError:
            continue
        if not position.has_contact:
            found.append(position)
    return found


@pytest.mark.parametrize("rules_text", RACE_OPTIONS)
def test_every_value_is_the_best_play_of_each_roll_by_the_rules_turn(rules_text: str) -> None:
    """Each value is what the rules' turn (choices: plays, the 1-2's double, the extra
    roll, the score) gives one decision on: the table is the fixed point of the game."""
    rules = parse_rules(rules_text)
    table = build(rules, 3, 1)
    assert_fixed_point(table, races(table_boards(3, 1)[1:], 25, rules_text), rules)


@pytest.mark.parametrize("preset", ["standard", "bgammon"])
def test_two_stragglers_are_valued_by_the_rules_turn_too(preset: str) -> None:
    rules = parse_rules(preset)
    table = build(rules, 4, 2)
    drawn = races(table_boards(4, 2)[1:], 400, preset)
    straggling = [p for p in drawn if any(p.white[HOME_TOP + 1 :]) or any(p.black[HOME_TOP + 1 :])]
    assert len(straggling) >= 25
    assert_fixed_point(table, straggling[:25], rules)


def assert_fixed_point(table: BearoffTable, positions: list[Position], rules: RuleSet) -> None:
    for position in positions:
        to_roll, to_name = turn_values(position, rules, table.value)
        rolled = table.value(position, SegmentKind.ROLL)
        named = table.value(position, SegmentKind.CHOSEN_DOUBLE)
        assert rolled is not None and named is not None
        assert rolled[1] == pytest.approx(to_roll, abs=1e-5)
        assert named[1] == pytest.approx(to_name, abs=1e-5)
        assert 0.0 <= rolled[0] <= 1.0


def test_a_race_of_one_checker_each_is_won_by_the_side_to_roll() -> None:
    table = build(parse_rules("standard"), 1, 0)
    assert table.value(race((1, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0)), SegmentKind.ROLL) == (
        1.0,
        1.0,
    )


def test_positions_outside_the_table_have_no_value() -> None:
    table = build(parse_rules("standard"), 2, 1)
    assert table.value(race((3, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0)), SegmentKind.ROLL) is None
    two_outside = Position.from_setup("W 8:1 7:1 / B 1:1 / W")
    assert table.value(two_outside, SegmentKind.ROLL) is None
    contact = Position.from_setup("W 13:1 / B 13:1 / W")  # Black's 13 is White's 12
    assert contact.has_contact and table.value(contact, SegmentKind.ROLL) is None
    for setup in ("W 24:1 / B 2:1 / W", "W bar:1 / B 2:1 / W", "W 24:1 3:1 / B 2:1 / W"):
        assert Position.from_setup(setup).has_contact
        assert (
            build(parse_rules("standard"), 1, 2).value(Position.from_setup(setup), SegmentKind.ROLL)
            is None
        )
    passed = Position.from_setup("W 12:1 / B 12:1 / W")  # Black's 12 is White's 13
    assert not passed.has_contact and table.value(passed, SegmentKind.ROLL) is not None


def test_a_straggler_wins_only_with_the_rolls_that_bring_it_home_and_off() -> None:
    """A checker on 13 against one on the 2 point: White wins only if its checker comes off
    this turn: 4-4 (16 pips), 5-5, 6-6, or a 1-2 and the double it names (6-6)."""
    value = Engine("standard").evaluate("W 13:1 / B 2:1 / W")
    assert value.win == pytest.approx(5 / 36) and value.equity == pytest.approx(5 / 36 - 31 / 36)
    ranked = Engine("standard").rank("W 13:1 / B 2:1 / W", "44")
    assert (ranked[0].win, ranked[0].equity) == (1.0, 1.0)
    assert all(entry.equity == pytest.approx(-1.0) for entry in ranked[1:])  # 44: 13/1 loses


def test_the_issue_s_winning_play_is_best_and_marked_as_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 32: 5/off 1/off wins 3 points on the spot; 5/1 1/off was ranked above it."""
    setup = "W 5:1 1:1 / B 4:3 / W"
    ranked = Engine("standard").rank(setup, "64")
    assert [entry.play for entry in ranked] == ["5/off 1/off", "5/1 1/off"]
    assert ranked[0].equity == 3.0 and ranked[1].equity < 3.0
    record = tmp_path / "won.acey"
    record.write_text(f'[Setup "{setup}"]\n[Rules "standard"]\n\n1. 64: 5/off 1/off\n3-0\n')
    status, out, _ = run_main(capsys, "analyze", str(record), "-o", "-")
    assert status == 0
    assert "5/off 1/off 3-0" in " ".join(out.split()) and "aceynote:" not in out


@pytest.mark.parametrize("preset", ["standard", "bgammon", "navy"])
def test_the_exact_best_play_of_a_race_loses_nothing_and_gets_no_mark(preset: str) -> None:
    rules = parse_rules(preset)
    table = build(rules, 3, 1)
    search = Search(RaceEvaluator(NetworkEvaluator(shipped_network(), rules), table))
    draw = random.Random(preset)
    for position in races(table_boards(3, 1)[1:], 30, preset):
        high, low = draw.choice(ROLLS)
        options = choices(Decision(position, SegmentKind.ROLL), high, low, rules)
        for depth in (0, 1):
            ranked, best = search.judge(options, options.index(_exact_best(options, rules)), depth)
            assert best.equity == pytest.approx(ranked[0].equity, abs=1e-6)
            assert mark_for(ranked[0].equity - best.equity, rules) is None


def _exact_best(options: list[Choice], rules: RuleSet) -> Choice:
    table = build(rules, 3, 1)
    return max(options, key=lambda choice: choice_value(choice, table.value))


def test_network_values_stay_within_what_the_position_can_win_or_lose() -> None:
    rules = parse_rules("standard")
    evaluator = NetworkEvaluator(shipped_network(), rules)
    draw = random.Random(5)
    positions = []
    for _ in range(300):
        white, black = [0] * 27, [0] * 27
        for side in (white, black):
            for _ in range(15):
                side[draw.choice([0, 0, 0, *range(1, 26)])] += 1
        if white[0] < 15 and black[0] < 15:
            positions.append(Position(tuple(white), tuple(black), Side.WHITE))
    wins, equities = evaluator.values(positions, [True] * len(positions), [False] * len(positions))
    own_left = np.array([15 - p.white[0] for p in positions], dtype=float)
    their_left = np.array([15 - p.black[0] for p in positions], dtype=float)
    assert np.all(equities <= wins * their_left - (1 - wins) + 1e-9)
    assert np.all(equities >= wins - (1 - wins) * own_left - 1e-9)


def test_a_table_is_built_once_into_the_cache_and_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    rules = parse_rules("bgammon")
    built = cached_table(rules, 2)
    path = table_path(rules, 2, DEFAULT_STRAGGLERS)
    assert path.parent == tmp_path / "aceynote" and path.is_file()
    read = cached_table(rules, 2)
    assert np.array_equal(read.equity, built.equity) and np.array_equal(read.win, built.win)


def test_options_that_change_no_race_share_a_table() -> None:
    """Under bearoff=high every die of a race can be played: larger_die and bonus_reroll
    change nothing there, so one table serves; under bearoff=exact they count."""
    high = {
        table_path(parse_rules(f"standard larger_die={larger} bonus_reroll={bonus}"), 6, 2)
        for larger in ("yes", "no")
        for bonus in ("full", "always")
    }
    assert len(high) == 1
    exact = parse_rules("standard bearoff=exact")
    assert table_path(exact, 6, 2) != table_path(dataclasses.replace(exact, larger_die=False), 6, 2)
    for rules_text in ("standard", "standard larger_die=no bonus_reroll=always"):
        table = build(parse_rules(rules_text), 2, 1)
        assert table.value(race((1, 1), (0, 1)), SegmentKind.ROLL) == pytest.approx(
            build(parse_rules("standard"), 2, 1).value(race((1, 1), (0, 1)), SegmentKind.ROLL)
        )


def test_writing_a_table_removes_those_no_aceynote_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = tmp_path / "aceynote"
    folder.mkdir()
    old = folder / "bearoff-6-bearoff=high-larger_die=yes-bonus_reroll=full-score=checkers-v1.npz"
    old.write_bytes(b"an older format")
    # Under bearoff=high, larger_die and bonus_reroll no longer name a table.
    unread = (
        folder / "bearoff-6-2-bearoff=high-larger_die=yes-bonus_reroll=full-score=single-v2.npz"
    )
    read = table_path(parse_rules("bgammon"), 6, 2, folder)
    being_written = read.with_suffix(".123.tmp.npz")
    others = [folder / "notes.txt", read, being_written]
    for path in [unread, *others]:
        path.write_text("kept unless stale")
    cached_table(parse_rules("navy"), 1, 1)
    assert not old.exists() and not unread.exists()
    assert all(path.exists() for path in others)


def test_a_cache_that_cannot_be_written_still_gives_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    table = cached_table(parse_rules("standard"), 1)
    assert table.value(race((1, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0)), SegmentKind.ROLL)


def test_the_build_command_writes_the_table_it_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    old = tmp_path / "aceynote" / "bearoff-6-2-bearoff=high-score=checkers-v1.npz"
    old.parent.mkdir()
    old.write_bytes(b"a table of an older format")
    assert main(["--rules", "standard score=single", "--checkers", "2"]) == 0
    path = table_path(parse_rules("standard score=single"), 2, DEFAULT_STRAGGLERS)
    assert path.is_file() and str(path) in capsys.readouterr().out
    # Written as the engine writes its cache: whole, and the tables no aceynote reads gone.
    assert sorted(path.parent.iterdir()) == [path]


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--rules", "nonsense"], "--rules: unknown rule preset 'nonsense'"),
        (["--rules", "bgammon", "--checkers", "1"], "cannot write"),
    ],
)
def test_the_build_command_says_what_is_wrong(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    words: list[str],
    said: str,
) -> None:
    """A wrong --rules and a cache folder that cannot be made were tracebacks."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert main(words) == 2
    err = capsys.readouterr().err
    assert err.startswith("python -m aceynote.engine.bearoff: ") and said in err
    assert err.count("\n") == 1


def test_the_documented_build_command_runs_without_a_warning(tmp_path: Path) -> None:
    """``python -m aceynote.engine.bearoff`` printed runpy's RuntimeWarning: the package had
    imported the module before it was run."""
    command = [sys.executable, "-m", "aceynote.engine.bearoff", "--rules", "bgammon"]
    environment = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    done = subprocess.run(
        [*command, "--checkers", "1"], capture_output=True, text=True, env=environment
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert str(tmp_path) in done.stdout


@pytest.mark.parametrize(
    ("setup", "roll", "exact"),
    [
        ("W 6:3 5:2 / B 6:2 5:1 / B", "31", True),  # 5 and 3 checkers, all home
        ("W 6:3 5:2 / B 6:2 5:1 / W", None, True),  # the doubles to name after a 1-2
        ("W 13:1 / B 2:1 / W", "43", True),  # one straggler against one checker
        ("W 6:4 5:3 / B 6:4 5:3 / W", "21", False),  # 7 checkers a side: past the table
        ("W in:15 / B in:15 / W", "64", False),  # the opening
    ],
)
def test_the_engine_says_when_its_values_are_exact(
    setup: str, roll: str | None, exact: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/engine.md: a race with at most 6 checkers a side in the home board, or 2 anywhere,
    is read from the table, at every depth; hint says so, and its values then agree at every
    depth."""
    engine = Engine("bgammon")
    assert engine.is_exact(setup, roll) is exact
    if exact:
        ranked = [
            engine.rank_doubles(setup, depth)
            if roll is None
            else engine.rank(setup, roll, "roll", depth)
            for depth in (0, 1, 2)
        ]
        for deeper in ranked[1:]:
            assert [(e.play, e.double) for e in deeper] == [(e.play, e.double) for e in ranked[0]]
            assert [e.equity for e in deeper] == pytest.approx(
                [e.equity for e in ranked[0]], abs=2e-4
            )
    asked = ["--double"] if roll is None else ["--roll", roll]
    status, out, _ = run_main(
        capsys, "hint", "--setup", setup, *asked, "--rules", "bgammon", "--depth", "0"
    )
    assert status == 0
    said = "exact: every play's value is read from the engine's tables"
    assert (said in out.splitlines()) is exact
