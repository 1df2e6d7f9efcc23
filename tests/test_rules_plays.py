"""Legal plays, rule by rule (docs/notation.md §8, rules 3-7, 9, 10 and the options).

Each test writes a board as a Setup string and the exact set of legal plays
in notation (in the mover's numbering); ``check`` compares the results of the
engine's plays with the results of the written plays, for White and, with the
colours swapped, for Black.
"""

from __future__ import annotations

import random

import pytest
from boards import (
    ALL_ROLLS,
    ANY_DIE,
    BGAMMON,
    EXACT,
    NAVY,
    STANDARD,
    after,
    board,
    check,
    dice,
    make_play,
    mirrored,
    pick,
    random_position,
    reference_plays,
    trip,
)

from aceynote.notation.model import Move, Stop
from aceynote.notation.writer import merge_trips
from aceynote.rules import (
    BAR,
    POOL,
    PRESETS,
    DiceError,
    Fault,
    Position,
    Side,
    Step,
    Verdict,
    explain_failure,
    judge,
    larger_die_playable,
    legal_plays,
    max_dice,
    parse_rules,
    play_text,
    read_trips,
    roll_dice,
)
from aceynote.rules.moves import Board
from aceynote.rules.randomgame import play_random_game

INITIAL = "W in:15 / B in:15 / W"
NAVY_ANY_DIE = parse_rules("navy larger_die=no")


# --- dice -------------------------------------------------------------------


def test_roll_dice() -> None:
    assert roll_dice(6, 5) == (6, 5)
    assert roll_dice(2, 5) == (2, 5)
    assert roll_dice(1, 2) == (1, 2)
    assert roll_dice(3, 3) == (3, 3, 3, 3)
    assert roll_dice(6, 6) == (6, 6, 6, 6)


@pytest.mark.parametrize(("high", "low"), [(0, 1), (7, 1), (6, 0), (-1, 3), (6, 7)])
def test_roll_dice_refuses_impossible_dice(high: int, low: int) -> None:
    with pytest.raises(DiceError):
        roll_dice(high, low)


@pytest.mark.parametrize("bad", [(6,), (6, 6), (6, 5, 4), (3, 3, 3), (3, 3, 3, 2), ()])
def test_legal_plays_refuses_what_is_not_a_roll(bad: tuple[int, ...]) -> None:
    with pytest.raises(DiceError):
        legal_plays(board(INITIAL), bad, STANDARD)


@pytest.mark.parametrize("bad", [(0, 3), (7, 3), (30, 1), (-1, 2), (8, 8, 8, 8), (0, 0, 0, 0)])
def test_legal_plays_and_max_dice_refuse_a_die_outside_one_to_six(bad: tuple[int, ...]) -> None:
    # A 0 or a -1 moved a checker nowhere or backwards (off/1 bore one back in), a 7
    # entered on 18, a 30 raised IndexError and 8-8 a SetupError.
    position = board("W 6:2 1:1 / B 6:2 / W")
    with pytest.raises(DiceError, match="a die shows 1 to 6, not"):
        legal_plays(position, bad, STANDARD)
    with pytest.raises(DiceError, match="a die shows 1 to 6, not"):
        max_dice(position, bad, STANDARD)


# --- rule 3: a die of d moves d pips; entries land on 25-d -------------------


def test_opening_entries_from_the_pool() -> None:
    check(INITIAL, "65", ["in/19 in/20", "in/19/14"])


def test_opening_small_roll() -> None:
    check(INITIAL, "31", ["in/22 in/24", "in/22/21"])


def test_opening_double_sixes() -> None:
    check(
        INITIAL,
        "66",
        ["in/19(4)", "in/19(2) in/19/13", "in/19/13(2)", "in/19 in/19/13/7", "in/19/13/7/1"],
    )


def test_opening_double_aces() -> None:
    check(
        INITIAL,
        "11",
        ["in/24(4)", "in/24(2) in/24/23", "in/24/23(2)", "in/24 in/24/23/22", "in/24/23/22/21"],
    )


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_a_die_enters_on_25_minus_d(die: int) -> None:
    other = 1 if die != 1 else 2
    roll = roll_dice(max(die, other), min(die, other))
    for position in (board(INITIAL), mirrored(board(INITIAL))):
        steps = {
            step for play in legal_plays(position, roll, STANDARD).values() for step in play.steps
        }
        entries = {step for step in steps if step.die == die and step.source == POOL}
        assert entries == {Step(POOL, 25 - die, die, False)}


def test_steps_are_in_the_movers_numbering() -> None:
    position = board("W 13:2 in:13 / B 13:2 in:13 / B")  # Black to roll
    play = pick(position, dice("65"), "in/20 13/7")
    assert set(play.steps) == {Step(POOL, 20, 5, False), Step(13, 7, 6, False)}
    assert play.result == board("W 13:2 in:13 / B 20:1 13:1 7:1 in:12 / B")
    assert play.result.turn is Side.BLACK  # the play keeps the mover as the side to roll


# --- rule 4: blocked points and hits ----------------------------------------


def test_two_or_more_opposing_checkers_block_a_point() -> None:
    # Black holds White's 7 (Black's 18) with 3 and White's 8 (Black's 17) with 2.
    check("W 13:2 in:13 / B 18:3 17:2 in:10 / W", "65", ["in/19 in/20", "in/19/14"])


def test_a_blocked_entry_point() -> None:
    # Black holds White's 19 (Black's 6): the 6 cannot enter, the 5 must come first.
    check("W in:15 / B 6:2 in:13 / W", "65", ["in/20/14"])


def test_a_single_checker_is_hit_on_entry() -> None:
    # Black's blot on its 5 is White's 20.
    check("W in:15 / B 14:14 5:1 / W", "51", ["in/20* in/24", "in/20*/19", "in/24/19"])


def test_a_hit_checker_goes_to_its_owners_bar() -> None:
    position = board("W 13:1 in:14 / B 17:1 bar:2 in:12 / W")
    play = pick(position, dice("53"), "13/8*/5")
    assert play.result.black[17] == 0
    assert play.result.black[BAR] == 3
    assert play.result.black[POOL] == 12
    assert any(step.hit and step.dest == 8 for step in play.steps)


def test_hit_on_the_way_or_not() -> None:
    # Black's blot on White's 8 (Black's 17): 13/5 through 8 hits it, through 10 does not.
    check("W 13:1 / B 17:1 in:14 / W", "53", ["13/8*/5", "13/10/5"])


def test_landing_on_own_checkers_then_bearing_off_in_the_same_double() -> None:
    # 13/8, 8/3, 8/3 bring everything home; under high the fourth five bears off the 3.
    setup = "W 13:1 8:1 / B 18:2 in:13 / W"
    check(setup, "55", ["13/8/3/off 8/3"])
    check(setup, "55", ["13/8/3 8/3"], EXACT)


# --- rule 5: the bar first; entering from the pool is never compulsory -------


def test_bar_first_then_any_checker() -> None:
    check(
        "W 13:5 8:4 6:5 bar:1 / B in:15 / W",
        "63",
        ["bar/19/16", "bar/19 13/10", "bar/19 8/5", "bar/19 6/3", "bar/22 13/7", "bar/22 8/2"],
    )


def test_bar_first_with_checkers_in_the_pool() -> None:
    check(
        "W 13:2 bar:1 in:12 / B in:15 / W",
        "63",
        ["bar/19/16", "bar/19 13/10", "bar/19 in/22", "bar/22 13/7"],
    )


def test_bar_entry_with_one_entry_point_blocked() -> None:
    check("W 13:3 bar:1 in:11 / B 6:2 in:13 / W", "63", ["bar/22/16", "bar/22 13/7"])


def test_bar_with_both_entry_points_blocked_plays_nothing() -> None:
    # 13/7 and 13/10 would be open, but the bar checker must enter first.
    check("W 13:3 bar:1 in:11 / B 6:2 3:2 in:11 / W", "63", ["--"])


def test_two_on_the_bar_and_only_one_can_enter() -> None:
    setup = "W 13:3 bar:2 in:10 / B 6:2 in:13 / W"
    check(setup, "63", ["bar/22"])
    assert max_dice(board(setup), dice("63"), STANDARD) == 1


def test_two_on_the_bar_with_a_double() -> None:
    # Both bar checkers enter on 21, then any two fours (pool, 21, 13 or onward).
    check(
        "W 13:3 bar:2 in:10 / B in:15 / W",
        "44",
        [
            "bar/21(2) in/21(2)",
            "bar/21(2) in/21/17",
            "bar/21(2) in/21 13/9",
            "bar/21(2) 21/17(2)",
            "bar/21(2) 21/17/13",
            "bar/21(2) 21/17 13/9",
            "bar/21(2) 13/9(2)",
            "bar/21(2) 13/9/5",
        ],
    )


def test_entering_from_the_pool_is_never_compulsory() -> None:
    check(
        "W 13:1 in:14 / B in:15 / W",
        "65",
        ["in/19 in/20", "in/19/14", "in/19 13/8", "in/20 13/7", "13/7/2"],
    )


def test_six_closed_entry_points_with_a_checker_on_the_bar() -> None:
    setup = "W 13:2 bar:1 in:12 / B 6:2 5:2 4:2 3:2 2:2 1:2 in:3 / W"
    for roll in ALL_ROLLS:
        check(setup, roll, ["--"])
        assert max_dice(board(setup), dice(roll), STANDARD) == 0


def test_six_closed_entry_points_leave_the_board_checkers_free() -> None:
    check(
        "W 13:2 in:13 / B 6:2 5:2 4:2 3:2 2:2 1:2 in:3 / W",
        "65",
        ["13/7 13/8", "13/7/2"],
    )


# --- rule 6: one checker with both dice only through an open point ----------


def test_one_checker_both_dice_through_the_only_open_point() -> None:
    # White's 7 (Black's 18) is blocked: 13/2 must go through 8, the 5 first.
    check("W 13:1 / B 18:2 in:13 / W", "65", ["13/8/2"])


def test_one_checker_cannot_jump_two_blocked_points() -> None:
    # White's 7 and 8 blocked, White's 2 open: the checker on 13 cannot move at all.
    check("W 13:1 / B 18:2 17:2 in:11 / W", "65", ["--"])


def test_double_moves_one_checker_until_a_blocked_point() -> None:
    setup = "W 20:1 / B 23:2 in:13 / W"  # White's 2 blocked
    check(setup, "66", ["20/14/8"])
    assert max_dice(board(setup), dice("66"), STANDARD) == 2


def test_double_split_between_checkers() -> None:
    setup = "W 13:2 / B 18:2 in:13 / W"  # 10/7 blocked: each checker gets one three
    check(setup, "33", ["13/10(2)"])
    assert max_dice(board(setup), dice("33"), STANDARD) == 2


# --- rule 7: as many dice as possible, the larger die ------------------------


def test_only_the_smaller_die_can_be_played() -> None:
    # Black holds White's 19 and 18: the 6 cannot enter nor follow the 1.
    for rules in (STANDARD, ANY_DIE):
        check("W in:15 / B 7:2 6:2 in:11 / W", "61", ["in/24"], rules)


def test_only_one_die_and_it_must_be_the_larger_one() -> None:
    # Either die enters, but then White's 14 (Black's 11) stops the other.
    setup = "W bar:1 / B 11:2 in:13 / W"
    check(setup, "65", ["bar/19"])
    check(setup, "65", ["bar/19", "bar/20"], ANY_DIE)
    position = board(setup)
    assert max_dice(position, dice("65"), STANDARD) == 1
    assert larger_die_playable(position, dice("65"), STANDARD)


def test_only_one_die_and_it_must_be_the_larger_one_on_the_board() -> None:
    # 13 is stuck (7 and 8 blocked); 10/4 or 10/5, and neither lets the other die play.
    setup = "W 13:1 10:1 / B 18:2 17:2 in:11 / W"
    check(setup, "65", ["10/4"])
    check(setup, "65", ["10/4", "10/5"], ANY_DIE)


def test_larger_die_with_entries() -> None:
    # One checker in the pool; 13/7, 13/8 and the way on to 14 are blocked.
    setup = "W 13:14 in:1 / B 18:2 17:2 11:2 in:9 / W"
    for rules in (STANDARD, NAVY):
        check(setup, "65", ["in/19"], rules)
    check(setup, "65", ["in/19", "in/20"], ANY_DIE)
    check(setup, "65", ["in/19", "in/20"], NAVY_ANY_DIE)


def test_both_dice_rather_than_the_larger_alone() -> None:
    # 10/4 would leave the 5 nothing (13/8 blocked); 13/7 lets both dice play.
    check("W 13:1 10:1 / B 17:2 in:13 / W", "65", ["13/7 10/5", "13/7/2"])


def test_nothing_to_play() -> None:
    check("W 13:1 / B 18:2 17:2 in:11 / W", "65", ["--"])
    [play] = legal_plays(board("W 13:1 / B 18:2 17:2 in:11 / W"), dice("65"), STANDARD).values()
    assert play.steps == ()
    assert play.dice_used == 0
    assert play.result == board("W 13:1 / B 18:2 17:2 in:11 / W")
    assert str(play) == "--"


# --- rule 9: bearing off ------------------------------------------------------


def test_bearing_off_starts_once_the_last_checker_is_home() -> None:
    # 7/1 brings the last checker home, then the 1 may bear off.
    check("W 7:1 6:2 / B in:15 / W", "61", ["7/1 6/5", "7/1/off"])


def test_no_bearing_off_while_checkers_are_in_the_pool() -> None:
    check("W 6:2 5:2 in:11 / B in:15 / W", "65", ["in/19 in/20", "in/19/14", "in/19 6/1"])


def test_no_bearing_off_while_a_checker_is_on_the_bar() -> None:
    check("W 6:2 5:2 bar:1 / B in:15 / W", "65", ["bar/19/14", "bar/19 6/1"])


def test_bearoff_high_and_exact() -> None:
    setup = "W 5:1 3:1 / B in:15 / W"
    # high: the 6 bears off the 5 (nothing higher than 6); the 4 may not bear off the 3
    # while the 5 stands higher, but after 5/1 the 6 bears off the 3.
    check(setup, "64", ["5/off 3/off", "5/1 3/off"])
    # exact: only the 4 plays (5/1); nothing bears off a point other than its die.
    check(setup, "64", ["5/1"], EXACT)
    check(setup, "64", ["5/1"], BGAMMON)


def test_bearoff_high_takes_the_point_of_the_die_when_occupied() -> None:
    setup = "W 6:1 4:1 2:1 / B in:15 / W"
    check(setup, "54", ["6/1 4/off", "6/2 4/off"])
    check(setup, "54", ["6/1 4/off"], EXACT)


def test_spec_example_bearoff() -> None:
    setup = "W 2:1 1:1 / B 6:2 5:3 bar:1 / W"
    check(setup, "43", ["2/off 1/off"])
    check(setup, "43", ["--"], EXACT)


def test_bear_off_four_with_a_double() -> None:
    setup = "W 6:1 5:1 4:1 3:1 / B in:15 / W"
    check(setup, "66", ["6/off 5/off 4/off 3/off"])
    check(setup, "66", ["6/off"], EXACT)


def test_bear_off_with_a_hit_in_the_home_board() -> None:
    # Black's blot on its 23 is White's 2.
    setup = "W 6:2 / B 23:1 in:14 / W"
    for rules in (STANDARD, EXACT):
        check(setup, "42", ["6/2* 6/4", "6/2*/off", "6/4/off"], rules)


def test_a_hit_checker_must_come_home_before_bearing_off_again() -> None:
    # White was bearing off; Black entered on White's 4 and hit the blot there.
    setup = "W 6:2 5:2 4:1 / B in:15 / B"
    black = board(setup)
    play = pick(black, dice("43"), "in/21* in/22")
    white = play.result.with_turn(Side.WHITE)
    assert white == board("W 6:2 5:2 bar:1 / B 22:1 21:1 in:13 / W")
    check(white.to_setup(), "64", ["bar/19/15", "bar/19 6/2", "bar/19 5/1"])
    # ... and once it is back home bearing off goes on (Black's blots stay on White's 3 and 4).
    check("W 6:3 5:2 / B 22:1 21:1 in:13 / W", "64", ["6/off 6/2", "6/off 5/1"])


def test_bearing_off_the_fifteenth_checker_ends_the_play() -> None:
    setup = "W 1:1 / B in:15 / W"
    check(setup, "65", ["1/off"])
    position = board(setup)
    # Rule 7 counts the dice moved: after the first, nothing more is played.
    assert max_dice(position, dice("65"), STANDARD) == 1
    [play] = legal_plays(position, dice("65"), STANDARD).values()
    assert play.dice_used == 1
    assert play.steps[0].die == 6  # the larger die, since either can bear off
    assert play.result.has_won(Side.WHITE)
    assert judge(position, dice("65"), play, STANDARD) is Verdict.LEGAL
    for roll in ((5, 6), (1, 2), (2, 1)):
        [play] = legal_plays(position, roll, STANDARD).values()
        assert play.steps[0].die == max(roll), roll


def test_bear_off_the_fifteenth_checker_in_a_double() -> None:
    setup = "W 2:1 / B in:15 / W"
    check(setup, "11", ["2/1/off"])
    check(setup, "44", ["2/off"])
    check(setup, "44", ["--"], EXACT)
    assert max_dice(board(setup), dice("11"), STANDARD) == 2
    assert max_dice(board(setup), dice("44"), STANDARD) == 1


# --- early_moves=no (navy) ------------------------------------------------------


def test_navy_only_entries_while_the_pool_is_not_empty() -> None:
    setup = "W 13:2 in:13 / B in:15 / W"
    check(setup, "65", ["in/19 in/20"], NAVY)
    check(
        setup,
        "65",
        ["in/19 in/20", "in/19/14", "in/19 13/8", "in/20 13/7", "13/7 13/8", "13/7/2"],
    )


def test_navy_bar_first_then_pool() -> None:
    check("W 13:2 bar:1 in:12 / B in:15 / W", "65", ["bar/19 in/20"], NAVY)


def test_navy_last_pool_checker_frees_the_next_die() -> None:
    setup = "W 13:14 in:1 / B in:15 / W"
    check(setup, "65", ["in/19/14", "in/19 13/8", "in/20 13/7"], NAVY)
    check(setup, "65", ["in/19/14", "in/19 13/8", "in/20 13/7", "13/7 13/8", "13/7/2"])


def test_navy_entry_blocked_means_nothing_to_play() -> None:
    setup = "W 13:14 in:1 / B 6:2 5:2 in:11 / W"
    check(setup, "65", ["--"], NAVY)
    check(setup, "65", ["13/7 13/8", "13/7/2"])


def test_navy_smaller_die_enters_then_larger_moves() -> None:
    check("W 13:14 in:1 / B 6:2 in:13 / W", "65", ["in/20/14", "in/20 13/7"], NAVY)


def test_navy_double_enters_first_then_moves() -> None:
    check(
        "W 13:13 in:2 / B in:15 / W",
        "33",
        [
            "in/22(2) 22/19/16",
            "in/22(2) 13/10/7",
            "in/22(2) 22/19(2)",
            "in/22(2) 22/19 13/10",
            "in/22(2) 13/10(2)",
        ],
        NAVY,
    )


def test_navy_opening_roll() -> None:
    check(INITIAL, "65", ["in/19 in/20"], NAVY)
    check(INITIAL, "66", ["in/19(4)"], NAVY)


# --- max_dice, judge ----------------------------------------------------------


@pytest.mark.parametrize(
    ("setup", "roll", "rules", "most"),
    [
        (INITIAL, "65", STANDARD, 2),
        (INITIAL, "66", STANDARD, 4),
        ("W in:15 / B 7:2 6:2 in:11 / W", "61", STANDARD, 1),
        ("W 13:1 / B 18:2 17:2 in:11 / W", "65", STANDARD, 0),
        ("W 20:1 / B 23:2 in:13 / W", "66", STANDARD, 2),
        ("W 5:1 3:1 / B in:15 / W", "64", EXACT, 1),
        ("W 2:1 1:1 / B 6:2 5:3 bar:1 / W", "43", EXACT, 0),
        ("W 2:1 1:1 / B 6:2 5:3 bar:1 / W", "43", STANDARD, 2),
        ("W 13:14 in:1 / B 6:2 5:2 in:11 / W", "65", NAVY, 0),
        ("W 13:14 in:1 / B 6:2 5:2 in:11 / W", "65", STANDARD, 2),
    ],
)
def test_max_dice(setup: str, roll: str, rules, most: int) -> None:
    for position in (board(setup), mirrored(board(setup))):
        assert max_dice(position, dice(roll), rules) == most


def test_judge_verdicts() -> None:
    setup = "W bar:1 / B 11:2 in:13 / W"
    position = board(setup)
    roll = dice("65")
    assert judge(position, roll, make_play(position, "bar/19"), STANDARD) is Verdict.LEGAL
    assert judge(position, roll, make_play(position, "bar/20"), STANDARD) is Verdict.SMALLER_DIE
    assert judge(position, roll, make_play(position, "bar/20"), ANY_DIE) is Verdict.LEGAL
    assert judge(position, roll, make_play(position, "--"), STANDARD) is Verdict.TOO_FEW_DICE

    opening = board(INITIAL)
    assert judge(opening, roll, make_play(opening, "in/19"), STANDARD) is Verdict.TOO_FEW_DICE
    assert judge(opening, roll, make_play(opening, "in/19 in/20"), STANDARD) is Verdict.LEGAL
    assert (
        judge(opening, dice("66"), make_play(opening, "in/19(3)"), STANDARD) is Verdict.TOO_FEW_DICE
    )

    stuck = board("W 13:1 / B 18:2 17:2 in:11 / W")
    assert judge(stuck, roll, make_play(stuck, "--"), STANDARD) is Verdict.LEGAL


def test_judge_a_win_with_fewer_dice_than_another_order_is_too_few() -> None:
    # 3/2 with the 1, then 2/off with the 6, plays both dice: rule 7 asks for that.
    position = board("W 3:1 / B in:15 / W")
    play = make_play(position, "3/off", die_hints=[6])
    assert judge(position, dice("61"), play, STANDARD) is Verdict.TOO_FEW_DICE
    assert judge(position, dice("61"), pick(position, dice("61"), "3/2/off"), STANDARD) is (
        Verdict.LEGAL
    )


# --- read_trips -----------------------------------------------------------------


def test_read_trips_with_the_intermediate_point_written() -> None:
    position = board(INITIAL)
    readings = read_trips(position, dice("65"), [trip("in/19/14")], STANDARD)
    assert len(readings) == 1
    [reading] = readings
    assert reading.play.result == after(position, "in/19/14")
    assert [step.die for step in reading.play.steps] == [6, 5]
    assert reading.marks_agree


def test_read_trips_two_trips_in_either_order() -> None:
    position = board(INITIAL)
    readings = read_trips(position, dice("65"), [trip("in/20"), trip("in/19")], STANDARD)
    assert {reading.play.result for reading in readings} == {after(position, "in/19 in/20")}


def test_read_trips_marks_pick_the_reading() -> None:
    # in/14 with 6-5 goes through 19 or through 20; Black's blot stands on White's 20.
    position = board("W in:15 / B 14:14 5:1 / W")
    readings = read_trips(position, dice("65"), [trip("in/14")], STANDARD)
    agreeing = [reading for reading in readings if reading.marks_agree]
    assert [reading.play.result for reading in agreeing] == [after(position, "in/19/14")]
    unmarked = [reading for reading in readings if not reading.marks_agree]
    assert [reading.unmarked_hits for reading in unmarked] == [(20,)]

    marked = read_trips(position, dice("65"), [trip("in/20*/14")], STANDARD)
    assert [reading.play.result for reading in marked if reading.marks_agree] == [
        after(position, "in/20*/14")
    ]


def test_read_trips_false_mark() -> None:
    position = board(INITIAL)
    [reading] = read_trips(position, dice("65"), [trip("in/19*")], STANDARD)
    assert reading.false_marks == ((0, 0),)
    assert not reading.marks_agree


def test_read_trips_refuses_an_impossible_trip() -> None:
    position = board("W in:15 / B 6:2 in:13 / W")
    assert read_trips(position, dice("65"), [trip("in/19")], STANDARD) == []
    # 13/7 13/8 while a checker is on the bar
    barred = board("W 13:2 bar:1 in:12 / B in:15 / W")
    assert read_trips(barred, dice("65"), [trip("13/7"), trip("13/8")], STANDARD) == []


def test_read_trips_bear_off_under_each_rule() -> None:
    position = board("W 5:1 3:1 / B in:15 / W")
    high = read_trips(position, dice("64"), [trip("5/off"), trip("3/off")], STANDARD)
    assert {reading.play.result for reading in high} == {after(position, "5/off 3/off")}
    assert read_trips(position, dice("64"), [trip("5/off")], EXACT) == []


# --- explain_failure: why written trips cannot be played -----------------------


@pytest.mark.parametrize(
    ("setup", "roll", "written", "rules", "expected"),
    [
        (INITIAL, "65", "in/20 13/7", STANDARD, (1, Fault.NO_CHECKER, 13)),
        ("W 13:2 bar:1 in:12 / B in:15 / W", "65", "13/7", STANDARD, (0, Fault.BAR_FIRST, BAR)),
        # The second checker on the bar must enter before this one moves on, whatever the dice.
        ("W bar:2 in:13 / B in:15 / W", "65", "bar/20/14", STANDARD, (0, Fault.BAR_FIRST, BAR)),
        ("W bar:2 in:13 / B in:15 / W", "21", "bar/20/14", STANDARD, (0, Fault.BAR_FIRST, BAR)),
        ("W 13:1 in:14 / B in:15 / W", "65", "13/7", NAVY, (0, Fault.POOL_FIRST, POOL)),
        (INITIAL, "65", "in/20/14", NAVY, (0, Fault.POOL_FIRST, POOL)),
        # The same trip with its stop unwritten: after entering, the checker may not move on.
        (INITIAL, "65", "in/14", NAVY, (0, Fault.POOL_FIRST, POOL)),
        (INITIAL, "65", "in/21", STANDARD, (0, Fault.NO_DICE, None)),
        ("W 13:1 5:1 / B in:15 / W", "65", "5/off", STANDARD, (0, Fault.BEAR_OFF_EARLY, None)),
        ("W 5:1 3:1 / B in:15 / W", "64", "5/off", EXACT, (0, Fault.BEAR_OFF_EXACT, None)),
        ("W 6:1 3:1 / B in:15 / W", "54", "3/off", STANDARD, (0, Fault.BEAR_OFF_HIGHER, None)),
        # Black holds White's 7.
        ("W 13:1 in:14 / B 18:2 in:13 / W", "65", "13/7", STANDARD, (0, Fault.BLOCKED, 7)),
        # Black holds White's 7 and 10: both ways to make 13/4 with 6-3 are blocked.
        ("W 13:1 in:14 / B 18:2 15:2 in:11 / W", "63", "13/4", STANDARD, (0, Fault.BLOCKED, None)),
        # Black holds White's 10: the one way to make 13/7 with 3-3 stops there.
        ("W 13:1 in:14 / B 15:2 in:13 / W", "33", "13/7", STANDARD, (0, Fault.BLOCKED, 10)),
        # Black holds White's 3: the trip stops there, before bearing off could be refused.
        ("W 13:1 8:1 / B 22:2 in:13 / W", "53", "8/3/off", STANDARD, (0, Fault.BLOCKED, 3)),
        # Black holds White's 24, 19 and 18: each way stops before 18, which is held anyway.
        ("W in:15 / B 7:2 6:2 1:2 in:9 / W", "61", "in/18", STANDARD, (0, Fault.BLOCKED, 18)),
    ],
)
def test_explain_failure_names_the_first_refused_step(
    setup: str, roll: str, written: str, rules, expected: tuple[int, Fault, int | None]
) -> None:
    """The step judge's fault where the readings that get furthest stop (after the faults
    no roll avoids and the dice not covering the legs)."""
    position, trips = board(setup), [trip(text) for text in written.split()]
    assert read_trips(position, dice(roll), trips, rules) == []
    found = explain_failure(position, dice(roll), trips, rules)
    assert (found.trip, found.fault, found.place) == expected


# --- cross-check of every hand-made board against the brute-force reading -----

HAND_MADE = [
    INITIAL,
    "W 13:1 in:14 / B in:15 / W",
    "W 13:5 8:4 6:5 bar:1 / B in:15 / W",
    "W 13:3 bar:2 in:10 / B 6:2 in:13 / W",
    "W 13:2 bar:1 in:12 / B 6:2 5:2 4:2 3:2 2:2 1:2 in:3 / W",
    "W 13:1 10:1 / B 18:2 17:2 in:11 / W",
    "W 7:1 6:2 / B in:15 / W",
    "W 6:1 4:1 2:1 / B in:15 / W",
    "W 6:2 / B 23:1 in:14 / W",
    "W 13:14 in:1 / B 6:2 in:13 / W",
]


@pytest.mark.parametrize("setup", HAND_MADE)
@pytest.mark.parametrize("rules", [STANDARD, EXACT, NAVY, ANY_DIE], ids=lambda r: r.to_tag())
def test_every_roll_matches_the_reference(setup: str, rules) -> None:
    for position in (board(setup), mirrored(board(setup))):
        for roll in ALL_ROLLS:
            expected, most = reference_plays(position, dice(roll), rules)
            assert set(legal_plays(position, dice(roll), rules)) == expected, roll
            assert max_dice(position, dice(roll), rules) == most, roll


def test_positions_keyed_by_result() -> None:
    position = board(INITIAL)
    plays = legal_plays(position, dice("66"), STANDARD)
    for result, play in plays.items():
        assert play.result == result
        assert isinstance(result, Position)
        assert result.turn is Side.WHITE


def test_the_canonical_play_text_merges_trips_as_the_notation_merges_written_ones() -> None:
    """rules.play_text writes a play's steps; notation's merge_trips reads written trips:
    one step a trip, both give the same text on every legal play of many positions."""
    rules = PRESETS["standard"]
    checked = 0
    for seed in range(15):
        game = play_random_game(random.Random(seed), rules)
        position = game.start
        for turn in game.turns:
            for segment in turn.segments:
                dice = roll_dice(segment.high, segment.low)
                for play in legal_plays(position, dice, rules).values():
                    written = merge_trips(Move(s.source, [Stop(s.dest, s.hit)]) for s in play.steps)
                    assert play_text(play.steps) == (" ".join(map(str, written)) or "--")
                    checked += 1
                position = segment.play.result
            position = position.with_turn(position.turn.opponent)
    assert checked > 1000


@pytest.mark.parametrize("rules_text", ["standard", "bgammon", "navy", "standard bearoff=exact"])
def test_the_move_search_leaves_exactly_the_places_the_step_judge_allows(rules_text: str) -> None:
    """Board.sources (the search's fast list) and Board.step_fault (the one judge of a
    step, which the reader of written trips asks) agree on every place and die."""
    rules = parse_rules(rules_text)
    rng = random.Random(rules_text)
    for _ in range(400):
        board = Board(random_position(rng), rules)
        for die in range(1, 7):
            judged = sorted(p for p in range(1, 27) if board.step_fault(p, die) is None)
            assert sorted(board.sources(die, 26)) == judged
