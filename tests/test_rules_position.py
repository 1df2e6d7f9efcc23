"""Positions and Setup strings (docs/notation.md §3 and §7)."""

from __future__ import annotations

import pytest
from boards import STANDARD, board, invariants

from aceynote.rules import BAR, OFF, POOL, Position, SetupError, Side, legal_plays, roll_dice

SPEC_SETUP = "W 24:2 13:5 8:4 bar:1 in:3 / B 19:2 6:5 in:8 / W"


def test_places_are_numbered_off_points_pool_bar() -> None:
    assert (OFF, POOL, BAR) == (0, 25, 26)


def test_sides_and_opponents() -> None:
    assert Side.WHITE.opponent is Side.BLACK
    assert Side.BLACK.opponent is Side.WHITE
    assert Side("W") is Side.WHITE and Side("B") is Side.BLACK


@pytest.mark.parametrize("turn", [Side.WHITE, Side.BLACK])
def test_initial_position_has_every_checker_in_the_pool(turn: Side) -> None:
    position = Position.initial(turn)
    assert position.turn is turn
    for side in Side:
        counts = position.checkers(side)
        assert counts[POOL] == 15
        assert sum(counts) == 15
        assert position.pip_count(side) == 15 * 25
        assert not position.has_won(side)
    assert position.winner is None
    assert position.to_setup() == f"W in:15 / B in:15 / {turn.value}"
    assert Position.from_setup(f"W in:15 / B in:15 / {turn.value}") == position


def test_setup_counts_each_side_in_its_own_numbering() -> None:
    position = board(SPEC_SETUP)
    white, black = position.white, position.black
    assert (white[24], white[13], white[8], white[BAR], white[POOL], white[OFF]) == (
        2,
        5,
        4,
        1,
        3,
        0,
    )
    assert (black[19], black[6], black[POOL], black[OFF]) == (2, 5, 8, 0)
    assert sum(white) == sum(black) == 15
    assert position.turn is Side.WHITE
    assert position.mover == white and position.waiting == black
    invariants(position)


def test_what_is_not_listed_is_borne_off() -> None:
    position = board("W 6:2 5:1 / B bar:1 21:3 / B")
    assert position.white[OFF] == 12
    assert position.black[OFF] == 11
    assert position.black[BAR] == 1
    assert position.turn is Side.BLACK
    assert position.mover == position.black


def test_pip_counts_count_pool_and_bar_as_25() -> None:
    position = board(SPEC_SETUP)
    assert position.pip_count(Side.WHITE) == 2 * 24 + 5 * 13 + 4 * 8 + 25 + 3 * 25
    assert position.pip_count(Side.BLACK) == 2 * 19 + 5 * 6 + 8 * 25
    assert board("W 1:1 / B 1:1 in:14 / W").pip_count(Side.WHITE) == 1


@pytest.mark.parametrize(
    "setup",
    [
        "W in:15 / B in:15 / W",
        "W in:15 / B in:15 / B",
        SPEC_SETUP,
        "W 2:1 1:1 / B 6:2 5:3 bar:1 / W",
        "W 24:1 bar:2 in:12 / B 23:3 22:2 21:1 20:1 19:1 in:7 / B",
        "W 6:5 5:4 4:3 3:2 2:1 / B 1:15 / W",
        "W 1:1 / B 1:1 / B",
        "W 12:1 bar:14 / B in:15 / W",
    ],
)
def test_canonical_setup_round_trips(setup: str) -> None:
    position = board(setup)
    assert position.to_setup() == setup
    assert str(position) == setup
    assert board(position.to_setup()) == position
    invariants(position)


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        # points descending, then bar, then in
        (
            "W in:3 bar:1 8:4 13:5 24:2 / B in:8 6:5 19:2 / W",
            SPEC_SETUP,
        ),
        # the two side fields in either order
        (
            "B 19:2 6:5 in:8 / W 24:2 13:5 8:4 bar:1 in:3 / W",
            SPEC_SETUP,
        ),
        # W/B and keywords in any case
        (
            "w 24:2 13:5 8:4 BAR:1 In:3 / b 19:2 6:5 IN:8 / w",
            SPEC_SETUP,
        ),
        ("b in:15 / w in:15 / b", "W in:15 / B in:15 / B"),
        # spacing is free
        ("W   6:2    in:13/B in:15/  B ", "W 6:2 in:13 / B in:15 / B"),
        ("W\t6:2 in:13 /\tB in:15 / B", "W 6:2 in:13 / B in:15 / B"),
        # leading zeros, in a count and in a point alike (a point was refused, issue 37)
        ("W 006:02 in:013 / B in:15 / W", "W 6:2 in:13 / B in:15 / W"),
    ],
)
def test_setup_reading_is_lenient_and_writing_canonical(written: str, canonical: str) -> None:
    assert board(written).to_setup() == canonical
    assert board(written) == board(canonical)


def test_setup_allows_both_sides_on_bar_and_pool() -> None:
    position = board("W 13:2 bar:3 in:10 / B 11:1 bar:4 in:10 / W")
    assert position.white[BAR] == 3 and position.black[BAR] == 4
    assert position.white[POOL] == position.black[POOL] == 10


@pytest.mark.parametrize(
    "setup",
    [
        # over 15 checkers for a side
        "W in:16 / B in:15 / W",
        "W 6:10 in:6 / B in:15 / W",
        "W in:15 / B 1:8 2:8 / W",
        "W 13:5 bar:5 in:6 / B in:15 / W",
        # both sides on one board point (White's p is Black's 25-p)
        "W 6:1 in:14 / B 19:1 in:14 / W",
        "W 24:2 in:13 / B 1:2 in:13 / W",
        "W 1:1 in:14 / B 24:3 in:12 / B",
        "W 13:1 in:14 / B 12:1 in:14 / W",
        # a side that has borne off all 15
        "W / B in:15 / W",
        "W in:15 / B / W",
        # checkers both in the pool and borne off
        "W in:3 / B in:15 / W",
        "W 6:2 in:3 / B 18:2 in:13 / W",
        "W in:15 / B 6:4 in:10 / B",
        # a place listed twice (in any spelling)
        "W 6:2 6:1 in:12 / B in:15 / W",
        "W bar:1 BAR:1 in:13 / B in:15 / W",
        "W in:10 IN:5 / B in:15 / W",
        # a count below 1
        "W 6:0 in:15 / B in:15 / W",
        "W in:15 / B 3:0 in:15 / W",
        # places that are not places
        "W 0:1 in:14 / B in:15 / W",
        "W 25:1 in:14 / B in:15 / W",
        "W off:3 6:12 / B in:15 / W",
        "W pool:15 / B in:15 / W",
        # bad syntax
        "W 6-2 in:13 / B in:15 / W",
        "W 6:2:1 in:13 / B in:15 / W",
        "W 6: in:13 / B in:15 / W",
        "W :2 in:13 / B in:15 / W",
        "W 6 in:13 / B in:15 / W",
        "W 6:x in:13 / B in:15 / W",
        "W 6:-1 in:15 / B in:15 / W",
        "",
        "W in:15 / B in:15",
        "W in:15 / B in:15 / W / B",
        "W in:15 B in:15 / W",
        # side fields and side to roll
        "X in:15 / B in:15 / W",
        "W in:15 / W in:15 / W",
        "B in:15 / B in:15 / B",
        "in:15 / B in:15 / W",
        " / B in:15 / W",
        "W in:15 / B in:15 / X",
        "W in:15 / B in:15 / ",
        "W in:15 / B in:15 / WB",
        # blanks that are no blanks to the notation (a no-break space was read as one)
        "W\xa0in:15 / B in:15 / W",
        "W in:15 / B in:15 /\u3000W",
        "W 6:2\u2003in:13 / B in:15 / W",
        "W 025:1 in:14 / B in:15 / W",
    ],
)
def test_impossible_or_malformed_setups_are_refused(setup: str) -> None:
    with pytest.raises(SetupError):
        Position.from_setup(setup)


@pytest.mark.parametrize(
    ("setup", "named"),
    [
        ("W\xa0in:15 / B in:15 / W", "the space character U+00A0 is no blank here"),
        ("W in:15 / B in:15 /\u3000W", "the space character U+3000 is no blank here"),
        ("W 6:2\u2003in:13 / B in:15 / W", "the space character U+2003 is no blank here"),
        ("W in:15 / B in:15 / W\u200b", "the character U+200B is not part of a Setup"),
    ],
)
def test_a_character_the_message_could_not_show_is_named_by_its_code(
    setup: str, named: str
) -> None:
    # Quoting the word around it ("starts with W or B ..., not 'W in:15'") shows a
    # word that looks right: the player cannot see what is wrong.
    with pytest.raises(SetupError) as refused:
        Position.from_setup(setup)
    assert str(refused.value).startswith(named)


@pytest.mark.parametrize("setup", ["W6:2 in:13 / B in:15 / W", "White 6:2 in:13 / B in:15 / W"])
def test_a_side_letter_run_into_its_checkers_is_told_to_stand_apart(setup: str) -> None:
    with pytest.raises(SetupError) as refused:
        Position.from_setup(setup)
    assert "then a blank before its checkers (W 6:2 in:13)" in str(refused.value)


def test_setup_error_is_a_value_error() -> None:
    assert issubclass(SetupError, ValueError)


def test_fifteen_checkers_exactly_is_allowed() -> None:
    position = board("W 6:10 in:5 / B 1:15 / W")
    assert position.white[OFF] == 0 and position.black[OFF] == 0


def test_with_turn_mover_and_waiting() -> None:
    position = board("W 6:2 5:1 / B bar:1 21:3 / W")
    black_to_roll = position.with_turn(Side.BLACK)
    assert black_to_roll.turn is Side.BLACK
    assert (black_to_roll.white, black_to_roll.black) == (position.white, position.black)
    assert black_to_roll.mover == position.black
    assert black_to_roll.waiting == position.white
    assert position.checkers(Side.WHITE) == position.white


def test_positions_are_hashable_values() -> None:
    assert board(SPEC_SETUP) == board(SPEC_SETUP)
    assert hash(board(SPEC_SETUP)) == hash(board(SPEC_SETUP))
    assert board("W in:15 / B in:15 / W") != board("W in:15 / B in:15 / B")


def test_has_won_and_winner_after_the_fifteenth_checker() -> None:
    position = board("W 1:1 / B 19:2 in:13 / W")
    assert position.winner is None
    assert not position.has_won(Side.WHITE)
    [won] = legal_plays(position, roll_dice(6, 5), STANDARD)
    assert won.white[OFF] == 15
    assert won.has_won(Side.WHITE)
    assert not won.has_won(Side.BLACK)
    assert won.winner is Side.WHITE
    assert won.pip_count(Side.WHITE) == 0


def test_black_wins_too() -> None:
    position = board("W 13:15 / B 2:1 / B")
    [won] = legal_plays(position, roll_dice(2, 1), STANDARD)
    assert won.winner is Side.BLACK
    assert won.black[OFF] == 15
