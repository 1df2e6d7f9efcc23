"""Positions a user can trust: trips read over every split of their dice, plays forced
after an error that stay possible, Setup strings that name the side to roll, and the
turns before a syntax error replayed (issue 9).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from boards import invariants, random_position
from conftest import SAMPLES, codes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aceynote.cli import main
from aceynote.notation import Game, Tag, parse_game, parse_games, write_game
from aceynote.notation.generate import generate_games
from aceynote.rules import (
    OFF,
    FlowFault,
    Position,
    RuleSet,
    SegmentKind,
    SetupError,
    Side,
    Trip,
    TurnState,
    force_trips,
    legal_plays,
    parse_rules,
)
from aceynote.validation import validate

VALID_SAMPLES = sorted(path for path in SAMPLES.glob("*.acey") if path.name != "mistakes.acey")


def setup_game(position: str, movetext: str, result: str = "*") -> Game:
    return parse_game(f'[Setup "{position}"]\n\n{movetext}\n{result}\n')


# -- a trip read with one die or with several ----------------------------------------


@pytest.mark.parametrize(
    ("position", "movetext", "steps"),
    [
        # 2/1 then 1/off: one checker uses both dice (docs/notation.md §4).
        ("W 2:1 1:3 / B 6:2 / W", "1. 61: 2/off", ["2/1", "1/off"]),
        ("W 5:1 4:1 1:3 / B 6:2 / W", "1. 51: 5/off", ["5/4", "4/off"]),
        ("W 6:2 / B 2:1 1:3 / B", "1... 61: 2/off", ["2/1", "1/off"]),
    ],
)
def test_a_trip_is_read_with_every_split_of_its_dice(
    position: str, movetext: str, steps: list[str] | None
) -> None:
    report = validate(setup_game(position, movetext))
    assert codes(report) == []
    if steps is not None:
        assert [str(step) for step in report.segments[0].steps] == steps
        assert report.segments[0].legal


def test_the_several_dice_reading_must_be_possible() -> None:
    # With a checker left on 2, the 6 cannot bear off from 1 (rule 9): one die only.
    report = validate(setup_game("W 2:2 1:3 / B 6:2 / W", "1. 61: 2/off"))
    assert codes(report) == ["AD308"]
    assert "White can play 2 dice" in report.diagnostics[0].message


# -- plays forced after an error -----------------------------------------------------


def test_mistakes_sample_replays_through_possible_positions_only() -> None:
    game = parse_games((SAMPLES / "mistakes.acey").read_text(encoding="utf-8"))[0]
    report = validate(game)
    assert report.errors
    for replay in report.segments:
        for position in (replay.before, *replay.step_positions, replay.after):
            invariants(position)
    assert report.final is not None
    invariants(report.final)
    forced = [d for d in report.diagnostics if d.code.code == "AD302"]
    assert len(forced) == 1
    assert "the replay goes on without 13/10" in forced[0].message


def test_a_play_that_cannot_be_made_keeps_the_position_before_it() -> None:
    # Black's 18/15 would land on White's point 10, which White holds with two.
    game = setup_game("W 10:2 in:13 / B 18:1 in:14 / B", "1... 31: 18/15 in/24")
    report = validate(game)
    replay = report.segments[0]
    assert not replay.legal
    assert replay.after == Position.from_setup("W 10:2 in:13 / B 24:1 18:1 in:13 / W")
    assert "the replay goes on without 18/15" in report.diagnostics[0].message


def test_bearing_off_by_force_never_leaves_checkers_in_the_pool_and_off() -> None:
    report = validate(setup_game("W 6:2 in:13 / B 6:2 / W", "1. 65: 6/off 6/1"))
    replay = report.segments[0]
    assert not replay.legal
    invariants(replay.after)
    assert replay.after == Position.from_setup("W 6:1 1:1 in:13 / B 6:2 / B")
    assert "the replay goes on without 6/off" in report.diagnostics[0].message


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**9),
    trips=st.lists(
        st.tuples(
            st.integers(min_value=1, max_value=26),
            st.lists(st.integers(min_value=0, max_value=24), min_size=1, max_size=3),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_forced_trips_always_leave_a_position_that_can_exist(
    seed: int, trips: list[tuple[int, list[int]]]
) -> None:
    position = random_position(random.Random(seed))
    written = [
        Trip(source, tuple(sorted(set(stops), reverse=True)), (False,) * len(set(stops)))
        for source, stops in trips
        if source != OFF
    ]
    forced = force_trips(position, written)
    invariants(forced.position)
    assert all(0 <= index < len(written) for index in forced.left_out)


# -- Setup strings name the side to roll ------------------------------------------------


def _positions_json(path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert main(["convert", str(path), "--to", "json", "--positions"]) == 0
    return list(json.loads(capsys.readouterr().out)["games"])


@pytest.mark.parametrize("path", VALID_SAMPLES, ids=lambda path: path.name)
def test_every_setup_of_convert_positions_means_its_position(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = _positions_json(path, capsys)
    for record, game in zip(parse_games(path.read_text(encoding="utf-8")), games, strict=True):
        report = validate(record)
        segments = [s for turn in game["turns"] for s in turn["segments"]]  # type: ignore[attr-defined]
        main_line = [replay for replay in report.segments if replay.line == ()]
        assert len(segments) == len(main_line)
        for data, replay in zip(segments, main_line, strict=True):
            after = data["position_after"]
            if replay.after.winner is not None:
                assert after["setup"] is None and after["turn"] is None
                continue
            assert Position.from_setup(after["setup"]) == replay.after
            assert after["turn"] == ("white" if replay.after.turn is Side.WHITE else "black")


def _rest_of_game(game: Game, turn_index: int, setup: str) -> Game:
    """The turns of ``game`` from ``turn_index`` on, starting from ``setup``."""
    rest = Game(tags=[Tag("Setup", setup)])
    rules = game.tag("Rules")
    if rules is not None:
        rest.tags.append(Tag("Rules", rules))
    rest.turns = copy.deepcopy(game.turns[turn_index:])
    rest.turns[0].numbered = True
    rest.result = game.result
    return rest


def _check_setups_replay_the_rest(game: Game) -> None:
    report = validate(game)
    assert report.valid
    main_line = [replay for replay in report.segments if replay.line == ()]
    turn_ends = [replay for replay in main_line if replay.segment is replay.turn.segments[-1]]
    for index, replay in enumerate(turn_ends[:-1]):
        pasted = _rest_of_game(game, index + 1, replay.after.to_setup())
        again = validate(parse_game(write_game(pasted)))
        assert again.valid, [(d.code.code, d.message) for d in again.diagnostics]
        assert again.final == report.final
    for replay in main_line:
        continues = replay.segment is not replay.turn.segments[-1]
        if replay.after.winner is None:
            expected = replay.before.turn if continues else replay.before.turn.opponent
            assert replay.after.turn is expected


@pytest.mark.parametrize("path", VALID_SAMPLES, ids=lambda path: path.name)
def test_setups_of_sample_games_replay_the_rest_of_the_game(path: Path) -> None:
    for game in parse_games(path.read_text(encoding="utf-8")):
        _check_setups_replay_the_rest(game)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    preset=st.sampled_from(["standard", "bgammon", "navy"]),
)
def test_setups_of_generated_games_replay_the_rest_of_the_game(seed: int, preset: str) -> None:
    for game in generate_games(1, seed, parse_rules(preset)):
        _check_setups_replay_the_rest(game)


def test_a_finished_position_has_no_setup() -> None:
    finished = Position.from_setup("W 1:1 / B 6:2 / W")
    report = validate(
        parse_game('[Setup "W 1:1 / B 6:2 / W"]\n[Result "2-0"]\n\n1. 21: 1/off\n2-0\n')
    )
    assert codes(report) == []
    assert report.final is not None and report.final.winner is Side.WHITE
    with pytest.raises(SetupError):
        report.final.to_setup()
    assert "game over" in str(report.final)
    assert finished.to_setup() == "W 1:1 / B 6:2 / W"


# -- the turn flow, written once --------------------------------------------------------


def _state(expects: SegmentKind | None, rules: str = "standard") -> TurnState:
    return TurnState(Position.initial(Side.WHITE), parse_rules(rules), expects)


@pytest.mark.parametrize(
    ("expects", "kind", "dice", "rules", "fault"),
    [
        (SegmentKind.ROLL, SegmentKind.ROLL, (6, 5), "standard", None),
        (SegmentKind.CHOSEN_DOUBLE, SegmentKind.CHOSEN_DOUBLE, (6, 6), "standard", None),
        (
            SegmentKind.CHOSEN_DOUBLE,
            SegmentKind.CHOSEN_DOUBLE,
            (6, 5),
            "standard",
            FlowFault.NOT_A_DOUBLE,
        ),
        (
            SegmentKind.EXTRA_ROLL,
            SegmentKind.CHOSEN_DOUBLE,
            (6, 6),
            "standard",
            FlowFault.DOUBLE_BEFORE_EXTRA,
        ),
        (None, SegmentKind.CHOSEN_DOUBLE, (6, 6), "standard", FlowFault.DOUBLE_WITHOUT_ACEY_DEUCEY),
        (
            SegmentKind.CHOSEN_DOUBLE,
            SegmentKind.EXTRA_ROLL,
            (6, 5),
            "standard",
            FlowFault.EXTRA_BEFORE_DOUBLE,
        ),
        (None, SegmentKind.EXTRA_ROLL, (6, 5), "standard", FlowFault.EXTRA_WITHOUT_FULL_DOUBLE),
        (None, SegmentKind.EXTRA_ROLL, (6, 5), "bgammon", FlowFault.EXTRA_WITHOUT_DOUBLE),
        (None, SegmentKind.ROLL, (6, 5), "standard", FlowFault.TURN_OVER),
        (SegmentKind.EXTRA_ROLL, SegmentKind.ROLL, (6, 5), "standard", FlowFault.ROLL_BEFORE_EXTRA),
    ],
)
def test_turn_state_says_what_may_come_next_and_why_not(
    expects: SegmentKind | None,
    kind: SegmentKind,
    dice: tuple[int, int],
    rules: str,
    fault: FlowFault | None,
) -> None:
    assert _state(expects, rules).fault(kind, *dice) is fault


def test_nothing_may_come_once_the_game_is_over() -> None:
    position = Position.from_setup("W 2:1 1:1 / B 6:2 / W")
    plays = legal_plays(position, (2, 1), RuleSet()).values()
    winning = next(play for play in plays if play.result.winner is not None)
    after = TurnState.begin(position, RuleSet()).played(SegmentKind.ROLL, 2, 1, winning)
    assert after.over and after.to_roll == winning.result
    assert after.fault(SegmentKind.CHOSEN_DOUBLE, 6, 6) is FlowFault.GAME_OVER


# -- a syntax error: the turns before it are replayed -------------------------------


BROKEN = (
    '[White "a"]\n\n'
    "1. 64: in/19 in/21  43: in/21\n"
    "2. 21: in/24 in/23 =66: in/19(2) 19/13(2) +53: in/20 in/22\n"
    "3. 55: in/20 xx/15\n"
    "*\n"
)


def test_a_game_with_a_syntax_error_keeps_the_whole_turns_before_it() -> None:
    game = parse_game(BROKEN)
    assert [p.span.line for p in game.problems] == [5]
    assert [(turn.side, turn.number) for turn in game.turns] == [
        (Side.WHITE, 1),
        (Side.BLACK, 1),
        (Side.WHITE, 2),
    ]
    assert game.tag("White") == "a"


def test_the_turns_before_a_syntax_error_are_replayed() -> None:
    report = validate(parse_game(BROKEN))
    # In file order: Black's short play on line 3, then the syntax error on line 5.
    assert codes(report) == ["AD308", "AD100"]
    assert [d.span.line for d in report.diagnostics] == [3, 5]
    assert len(report.segments) == 5
    assert report.start is not None and report.final is not None
    assert report.final.turn is Side.BLACK


@pytest.mark.parametrize(
    ("movetext", "turns"),
    [
        ("1. 64: in/19 in/21 (1. 64: in/19 x/3) 43: in/21 in/22", 0),
        ("1. 64: in/19 in/21  43: in/21 in/22 * 2. 21: in/24", 2),
        ("1. 64: in/19 in/21  43: in/21 in/22 (1... 43: in/21 in/22", 1),
        ("1. 64: in/19 in/21  43: in/21 in/22 2. 21: in/24 in/23 =66:", 2),
        ("1. 64: in/19 in/21  43: in/21 \x01 in/22 2. 21: in/24 in/23", 1),
        ("1. 64: x/3", 0),
        # Text the lexer cannot read has no token: the turn it stands in was kept in part
        # when the next token started a turn ('43: in/21', then AD308 for a short play).
        ("1. 64: in/19 in/21  43: in/21 1x9/18  2. 21: in/24 in/23", 1),
        ("1. 64: in/19 1x9/18  43: in/21 in/22", 0),
        ("1. 64: in/19 in/21  43: in/21 in/22\n%%\n2. 21: in/24 in/23", 1),
        # After the main line's result, every turn is whole.
        ("1. 64: in/19 in/21  43: in/21 in/22 * %%", 2),
    ],
)
def test_the_cut_falls_before_the_turn_that_holds_the_error(movetext: str, turns: int) -> None:
    game = parse_game(movetext + "\n")
    assert game.problems
    assert len(game.turns) == turns
    validate(game)


# -- one mistake, one error ------------------------------------------------------------


@pytest.mark.parametrize(
    "movetext",
    [
        "1. 12: in/24 =66: in/19(4) +53: in/20 in/22",  # the 2 left out
        "1. 12: in/24 in/23 =66: in/19(3) +53: in/20 in/22",  # a six left out
        "1. 12: in/24 24/21 =66: in/19(4) +53: in/20 in/22",  # an impossible trip
    ],
)
def test_an_illegal_play_does_not_make_the_markers_after_it_errors(movetext: str) -> None:
    report = validate(parse_game(movetext + "\n*\n"))
    assert len(report.diagnostics) == 1, [(d.code.code, d.message) for d in report.diagnostics]
    assert report.diagnostics[0].code.code in ("AD308", "AD304")


def test_many_moves_left_out_are_named_briefly() -> None:
    game = parse_game("1. 66: 13/7 13/7 13/7 13/7 13/7 13/7\n*\n")
    message = validate(game).diagnostics[0].message
    assert len(message) < 300
