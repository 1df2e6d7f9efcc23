"""The validator's report: positions along the game, keep-going, first error only, properties.

Positions are checked against Setup strings written by hand (docs/notation.md §3,
§7: each side in its own numbering); generated games (random legal play)
must validate with no diagnostic, before and after being written as text.
"""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from boards import board
from conftest import codes, record, setup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aceynote.notation import Game, parse_game, write_game
from aceynote.notation.generate import generate_games
from aceynote.rules import Position, RuleSet, Side, legal_plays, parse_rules, roll_dice
from aceynote.validation import Report, validate


def same_board(first: Position, second: Position) -> bool:
    return first.white == second.white and first.black == second.black


HANDWRITTEN = record(
    "1. 61: in/19 19/18  61: in/19 19/18\n"
    "2. 21: in/24 in/23 =66: in/19(3) 18/12 +53: in/20 in/22  55: in/20(4) ?\n"
    "3. 44: 24/20 23/19 19/15(2)  31: 18/15 15/14 (3... 62: 18/12 in/23 {quieter})\n"
    "4. 65: in/19 20/15  11: 20/19(4)\n",
)


def _check_chain(report: Report) -> None:
    """Main-line segments: each starts where the one before ended; steps end at ``after``."""
    main = [replay for replay in report.segments if replay.line == ()]
    assert main, "the main line was replayed"
    assert report.start is not None
    assert main[0].before == report.start
    for previous, replay in pairwise(main):
        # ``after`` names the side to roll next: the mover while its turn goes on.
        assert replay.before == previous.after
        assert (replay.turn is previous.turn) is (previous.after.turn is previous.before.turn)
    for replay in report.segments:
        assert len(replay.step_positions) == len(replay.steps)
        if replay.steps:
            assert same_board(replay.step_positions[-1], replay.after)
        else:
            assert same_board(replay.after, replay.before)
    assert report.final is not None and same_board(report.final, main[-1].after)


def test_positions_chain_on_a_handwritten_game() -> None:
    report = validate(parse_game(HANDWRITTEN))
    assert codes(report) == []
    _check_chain(report)
    assert report.turns == 8
    main = [replay for replay in report.segments if replay.line == ()]
    assert len(main) == 10  # the acey-deucey turn has three segments
    assert report.final == board("W 22:1 20:1 19:3 15:3 12:1 in:6 / B 19:4 14:1 in:10 / W")


def test_positions_of_a_turn_with_acey_deucey() -> None:
    report = validate(parse_game(HANDWRITTEN))
    game = report.game
    turn = game.turns[2]
    replays = [report.replay_of(segment) for segment in turn.segments]
    assert all(replay is not None for replay in replays)
    roll, double, extra = replays  # type: ignore[misc]
    assert roll.before == board("W 18:1 in:14 / B 18:1 in:14 / W")
    assert roll.after == board("W 24:1 23:1 18:1 in:12 / B 18:1 in:14 / W")
    assert double.before == roll.after
    assert double.after == board("W 24:1 23:1 19:3 12:1 in:9 / B 18:1 in:14 / W")
    assert [step.die for step in double.steps] == [6, 6, 6, 6]
    assert extra.before == double.after
    assert extra.after == board("W 24:1 23:1 22:1 20:1 19:3 12:1 in:7 / B 18:1 in:14 / B")


def test_variation_is_replayed_from_the_position_before_its_turn() -> None:
    report = validate(parse_game(HANDWRITTEN))
    game = report.game
    replaced = game.turns[5]  # 3... 31: 18/15 15/14
    variation_turn = replaced.variations[0].turns[0]
    main = report.replay_of(replaced.segments[0])
    alternative = report.replay_of(variation_turn.segments[0])
    assert main is not None and alternative is not None
    assert alternative.before == main.before
    assert alternative.line == (5, 0)
    assert main.before == board("W 22:1 20:2 19:2 15:2 12:1 in:7 / B 20:4 18:1 in:10 / B")
    assert alternative.after == board("W 22:1 20:2 19:2 15:2 12:1 in:7 / B 23:1 20:4 12:1 in:9 / W")
    assert alternative.legal


@pytest.mark.parametrize(
    ("movetext", "position", "expected"),
    [
        # §4: the reading whose hits match the marks is meant.
        ("1. 65: 24/13", "W 24:1 in:14 / B 7:1 in:14 / W", "W 13:1 in:14 / B 7:1 in:14 / B"),
        ("1. 65: 24/18*/13", "W 24:1 in:14 / B 7:1 in:14 / W", "W 13:1 in:14 / B bar:1 in:14 / B"),
        ("1. 33: 13/7*(2)", "W 13:2 in:13 / B 18:1 in:14 / W", "W 7:2 in:13 / B bar:1 in:14 / B"),
        (
            "1. 53: 13/8 bar/22*",
            "W 13:2 bar:1 in:12 / B 3:1 in:14 / W",
            "W 22:1 13:1 8:1 in:12 / B bar:1 in:14 / B",
        ),
        ("1. 64: 5/off 5/1", "W 5:2 / B 19:2 in:13 / W", "W 1:1 / B 19:2 in:13 / B"),
        (
            "1... 42: bar/23 13/9",
            "W 4:2 in:13 / B 13:2 bar:1 in:12 / B",
            "W 4:2 in:13 / B 23:1 13:1 9:1 in:12 / W",
        ),
    ],
)
def test_after_position_of_a_play(movetext: str, position: str, expected: str) -> None:
    report = validate(parse_game(record(movetext, setup(position))))
    assert codes(report) == []
    assert report.segments[0].before == board(position)
    assert report.segments[0].after == board(expected)


def test_step_positions_follow_each_step() -> None:
    text = record("1. 65: 24/18*/13", setup("W 24:1 in:14 / B 7:1 in:14 / W"))
    replay = validate(parse_game(text)).segments[0]
    assert [str(step) for step in replay.steps] == ["24/18*", "18/13"]
    assert replay.step_positions == (
        board("W 18:1 in:14 / B bar:1 in:14 / W"),
        board("W 13:1 in:14 / B bar:1 in:14 / W"),
    )


def test_game_ending_mid_turn_stops_the_replay() -> None:
    text = record(
        "1. 21: 3/1 2/1 =11: 1/off(2)", setup("W 3:1 2:1 / B 19:2 in:13 / W"), result="15-0"
    )
    report = validate(parse_game(text))
    assert codes(report) == []
    assert (
        report.outcome is not None
        and report.outcome.winner is Side.WHITE
        and report.outcome.points == 15
    )
    assert report.final is not None and report.final.winner is Side.WHITE
    assert len(report.segments[-1].steps) == 2


# -- keep going after an error ----------------------------------------------------------

IMPOSSIBLE_FIRST = record("1. 61: 13/7 in/24  61: in/19 19/18\n2. 43: in/21 in/22  61: in/19*\n")
ILLEGAL_FIRST = record("1. 61: in/19  61: in/19 19/18\n2. 43: 19/15 15/12  61: in/19*\n")


def test_impossible_play_is_applied_as_far_as_the_checkers_allow() -> None:
    report = validate(parse_game(IMPOSSIBLE_FIRST))
    first = report.diagnostics[0]
    assert (first.code.code, first.span.line, first.span.column) == ("AD301", 1, 8)
    assert first.follows is None
    assert first.legal_count > 0 and first.hint
    replay = report.segments[0]
    assert not replay.legal
    assert replay.after == board("W 24:1 in:14 / B in:15 / B")
    # Replay goes on: every segment of the game is there.
    assert len(report.segments) == 4


def test_later_errors_that_the_impossible_play_did_not_cause_do_not_follow_from_it() -> None:
    # Black's one die and false mark are wrong whatever White played (issue 22).
    report = validate(parse_game(IMPOSSIBLE_FIRST))
    later = [d for d in report.diagnostics[1:] if d.is_error]
    assert [d.code.code for d in later] == ["AD308", "AD310"]
    assert [(d.span.line, d.span.column) for d in later] == [(2, 21), (2, 25)]
    assert all(d.follows is None for d in later)


def test_a_later_error_the_impossible_play_caused_follows_from_it() -> None:
    # White has no checker on 18 only because 13/7 could not be made: the closest
    # legal play, in/19 19/18 (the hint's first), would have put one there.
    text = record("1. 61: 13/7 in/24  61: in/19 19/18\n2. 43: 18/14 in/22\n")
    report = validate(parse_game(text))
    first, later = report.diagnostics
    assert (first.code.code, later.code.code) == ("AD301", "AD301")
    assert (later.span.line, later.span.column) == (2, 8)
    assert later.follows == first.span


def test_what_a_chosen_double_the_turn_has_no_room_for_brings_about_follows_from_it() -> None:
    """Black holds White's 7 and 5: only the 2 of the 1-2 can be played, so no double is
    named. Replayed as written, the =66 bore White's last checker off, and Black's turn and
    the result '*' were errors of their own; they exist only because the double was played."""
    text = record("1. 21: 8/6 =66: 6/off  43: 18/14 18/15\n", setup("W 8:1 / B 18:2 20:2 / W"))
    report = validate(parse_game(text))
    unlooked, *later = report.diagnostics
    assert unlooked.code.code == "AD402" and unlooked.follows is None
    assert [d.code.code for d in later] == ["AD501", "AD502"]
    assert all(d.follows == unlooked.span for d in later)


def test_possible_but_illegal_play_is_applied_and_nothing_follows_from_it() -> None:
    report = validate(parse_game(ILLEGAL_FIRST))
    assert codes(report) == ["AD308", "AD308", "AD310"]
    assert all(d.follows is None for d in report.diagnostics)
    replay = report.segments[0]
    assert not replay.legal
    assert replay.after == board("W 19:1 in:14 / B in:15 / B")
    assert report.segments[1].legal
    assert report.segments[2].before == board("W 19:1 in:14 / B 18:1 in:14 / W")
    assert report.segments[2].after == board("W 12:1 in:14 / B 18:1 in:14 / B")


def test_warnings_the_impossible_play_did_not_cause_carry_no_follows() -> None:
    text = record("1. 61: 13/7 in/24  61: in/19 19/18\n2. 65: in/19 in/20  66: 18/6 in/19(2)")
    report = validate(parse_game(text))
    warnings = [d for d in report.diagnostics if not d.is_error]
    assert warnings and all(d.follows is None for d in warnings)


def test_error_in_a_variation_does_not_taint_the_main_line() -> None:
    # The variation replaces 1. and is thrown away; the main line never saw its error.
    text = record(
        "1. 61: in/19 19/18 (1. 61: 13/7 in/24)  61: in/19 19/18\n2. 43: 18/14 14/11  61: in/19*\n"
    )
    report = validate(parse_game(text))
    assert codes(report) == ["AD301", "AD308", "AD310"]
    variation_error, *main_errors = report.diagnostics
    assert variation_error.span.line == 1
    assert [d.follows for d in main_errors] == [None, None]


def test_an_error_in_a_variation_is_followed_by_what_it_causes_in_that_variation() -> None:
    text = record(
        "1. 64: in/19 in/21 (1. 64: in/20 in/21 1... 43: in/21 in/22 2. 43: 19/15 21/18)"
        "  43: in/21 in/22\n2. 43: 19/15 21/18"
    )
    report = validate(parse_game(text))
    first, later = report.diagnostics
    assert (first.code.code, first.span.column) == ("AD304", 28)
    assert (later.code.code, later.span.column) == ("AD301", 68)
    assert later.follows == first.span


# -- first error only ---------------------------------------------------------------

FIRST_ONLY = record(
    "1. 61: in/19 19/18  61: in/19 19/18\n"
    "2. 55: in/20(2) 20/15(2)  31: 18/15 15/14\n"
    "3. 61: in/19  52: --\n",
    '[Date "yesterday"]',
)


def test_first_error_only_stops_at_the_first_error() -> None:
    full = validate(parse_game(FIRST_ONLY))
    first = validate(parse_game(FIRST_ONLY), first_error_only=True)
    assert codes(full) == ["AD106", "AD308", "AD308"]
    assert codes(first) == ["AD106", "AD308"]
    assert first.diagnostics == full.diagnostics[:2]
    assert first.errors == 1 and first.warnings == 1 and not first.valid


def test_first_error_only_on_a_valid_game_changes_nothing() -> None:
    full = validate(parse_game(HANDWRITTEN))
    first = validate(parse_game(HANDWRITTEN), first_error_only=True)
    assert first.diagnostics == full.diagnostics == []
    assert first.final == full.final and first.turns == full.turns


def test_counts_and_validity() -> None:
    report = validate(parse_game(FIRST_ONLY))
    assert (report.errors, report.warnings, report.valid) == (2, 1, False)
    warn_only = validate(parse_game(record("1. 61: in/19 19/18", '[Date "soon"]')))
    assert (warn_only.errors, warn_only.warnings, warn_only.valid) == (0, 1, True)


# -- the legal plays offered with an illegal play --------------------------------------


@pytest.mark.parametrize(
    ("template", "position", "roll", "wrong"),
    [
        ("1. 61: {play}", "W in:15 / B in:15 / W", "61", "in/19"),
        ("1. 43: {play}", "W bar:1 in:14 / B 6:2 5:2 in:11 / W", "43", "--"),
        ("1. 43: {play}", "W bar:1 in:14 / B 6:2 5:2 in:11 / W", "43", "in/22 in/21"),
        ("1. 65: {play}", "W 13:1 / B 23:2 in:13 / W", "65", "13/8"),
        ("1. 61: {play}", "W in:15 / B in:15 / W", "61", "13/7 in/24"),
    ],
)
def test_offered_legal_plays_are_legal(template: str, position: str, roll: str, wrong: str) -> None:
    tag = setup(position)
    report = validate(parse_game(record(template.format(play=wrong), tag)))
    diagnostic = report.diagnostics[0]
    assert diagnostic.is_error
    dice = roll_dice(int(roll[0]), int(roll[1]))
    everything = legal_plays(board(position), dice, RuleSet())
    assert diagnostic.legal_count == len(everything)
    assert diagnostic.legal and len(diagnostic.legal) <= diagnostic.legal_count
    if diagnostic.legal_count <= 6:
        assert len(diagnostic.legal) == diagnostic.legal_count
    for play in diagnostic.legal:
        assert play in (diagnostic.hint or "")
        fixed = validate(parse_game(record(template.format(play=play), tag)))
        assert codes(fixed) == [], play


# -- properties: generated games are valid, as models and as written text -------------

PRESETS = ["standard", "navy", "bgammon", "standard larger_die=no score=single bonus_reroll=always"]


def _positions(report: Report) -> list[tuple[Position, Position]]:
    return [(replay.before, replay.after) for replay in report.segments]


def _same_replay(game: Game) -> None:
    report = validate(game)
    assert report.diagnostics == [], [(d.code.code, d.message) for d in report.diagnostics]
    assert report.outcome is not None
    _check_chain(report)
    text = write_game(game)
    again = validate(parse_game(text))
    assert again.diagnostics == []
    assert _positions(again) == _positions(report)
    assert (
        again.final == report.final
        and again.outcome == report.outcome
        and again.turns == report.turns
    )
    assert game.result == f"{report.outcome.as_result()[0]}-{report.outcome.as_result()[1]}"


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6), preset=st.sampled_from(PRESETS))
def test_generated_games_validate_cleanly(seed: int, preset: str) -> None:
    for game in generate_games(1, seed, parse_rules(preset)):
        _same_replay(game)


@pytest.mark.parametrize("seed", [1, 2])
def test_generated_games_from_a_setup_validate_cleanly(seed: int) -> None:
    start = board("W 8:3 6:4 5:2 bar:1 in:5 / B 22:3 18:4 12:2 in:6 / B")
    for game in generate_games(2, seed, RuleSet(), setup=start):
        _same_replay(game)


@pytest.mark.parametrize(
    ("game", "rules", "message"),
    [
        ("1. 43: in/21 21/18\n*\n", None, "validate takes a Game, like parse_game(text), not str"),
        (parse_game("1. 43: in/21 21/18\n*\n"), "navy", "rules is a RuleSet, like RuleSet.parse"),
    ],
    ids=["game as text", "rules as text"],
)
def test_validate_refuses_text_for_a_game_or_rules_with_what_it_takes(
    game: object, rules: object, message: str
) -> None:
    # The engine takes a Rules value as text (Engine("navy")); validate(game, "navy") raised
    # AttributeError: 'str' object has no attribute 'bearoff', from deep in the replay.
    with pytest.raises(TypeError, match=re.escape(message)):
        validate(game, rules)  # type: ignore[arg-type]
