"""The flow of a turn: acey-deucey, the end of the game, the opening, scoring.

docs/notation.md §8 rules 2, 8 and 10, options bonus_reroll and score, and §5.
"""

from __future__ import annotations

import pytest
from boards import ALWAYS, BGAMMON, NAVY, SINGLE, STANDARD, after, board, pick

from aceynote.rules import (
    OFF,
    OpeningError,
    Outcome,
    Position,
    SegmentKind,
    Side,
    TurnFlowError,
    TurnState,
    Verdict,
    is_acey_deucey,
    judge,
    legal_plays,
    max_dice,
    opening_winner,
    outcome,
    resigned,
)

ROLL = SegmentKind.ROLL
DOUBLE = SegmentKind.CHOSEN_DOUBLE
EXTRA = SegmentKind.EXTRA_ROLL


def segment(state: TurnState, kind: SegmentKind, roll: str, text: str) -> TurnState:
    """Play ``text`` (which must be a legal play) as the segment ``kind`` with ``roll``."""
    high, low = int(roll[0]), int(roll[1])
    dice = state.dice_for(kind, high, low)
    play = pick(state.position, dice, text, state.rules)
    return state.after(kind, high, low, play)


# --- ordinary rolls ---------------------------------------------------------------


def test_a_turn_begins_with_a_roll() -> None:
    state = TurnState.begin(Position.initial(Side.WHITE), STANDARD)
    assert state.expects is ROLL
    assert state.mover is Side.WHITE
    assert not state.over


def test_an_ordinary_roll_ends_the_turn() -> None:
    state = TurnState.begin(Position.initial(Side.WHITE), STANDARD)
    state = segment(state, ROLL, "65", "in/19 in/20")
    assert state.expects is None
    assert state.over
    handed = state.next_turn()
    assert handed.turn is Side.BLACK
    assert handed == board("W 20:1 19:1 in:13 / B in:15 / B")


def test_a_rolled_double_has_no_bonus() -> None:
    state = TurnState.begin(Position.initial(Side.BLACK), STANDARD)
    state = segment(state, ROLL, "66", "in/19(4)")
    assert state.expects is None
    assert state.next_turn().turn is Side.WHITE


def test_a_roll_with_nothing_to_play_ends_the_turn() -> None:
    position = board("W 13:2 bar:1 in:12 / B 6:2 5:2 4:2 3:2 2:2 1:2 in:3 / W")
    state = segment(TurnState.begin(position, STANDARD), ROLL, "65", "--")
    assert state.expects is None
    assert state.next_turn() == position.with_turn(Side.BLACK)


def test_dice_for_gives_the_dice_of_each_segment() -> None:
    state = TurnState.begin(Position.initial(Side.WHITE), STANDARD)
    assert state.dice_for(ROLL, 6, 5) == (6, 5)
    assert state.dice_for(ROLL, 4, 4) == (4, 4, 4, 4)


def test_is_acey_deucey() -> None:
    assert is_acey_deucey(2, 1)
    assert is_acey_deucey(1, 2)
    assert not is_acey_deucey(1, 1)
    assert not is_acey_deucey(2, 2)
    assert not is_acey_deucey(3, 1)


# --- rule 8: acey-deucey -------------------------------------------------------------


@pytest.mark.parametrize("roll", ["21", "12"])
def test_acey_deucey_played_in_full_then_chosen_double_then_extra_roll(roll: str) -> None:
    state = TurnState.begin(Position.initial(Side.WHITE), STANDARD)
    state = segment(state, ROLL, roll, "in/23 in/24")
    assert state.expects is DOUBLE
    state = segment(state, DOUBLE, "66", "in/19(4)")
    assert state.expects is EXTRA
    state = segment(state, EXTRA, "53", "in/20 in/22")
    assert state.expects is None
    assert state.next_turn() == board("W 24:1 23:1 22:1 20:1 19:4 in:7 / B in:15 / B")


@pytest.mark.parametrize("double", ["11", "22", "33", "44", "55", "66"])
def test_any_double_may_be_chosen(double: str) -> None:
    state = segment(
        TurnState.begin(Position.initial(Side.WHITE), STANDARD), ROLL, "21", "in/23 in/24"
    )
    die = int(double[0])
    assert state.dice_for(DOUBLE, die, die) == (die,) * 4
    state = segment(state, DOUBLE, double, f"in/{25 - die}(4)")
    assert state.expects is EXTRA


def test_the_chosen_double_must_be_a_double() -> None:
    state = segment(
        TurnState.begin(Position.initial(Side.WHITE), STANDARD), ROLL, "21", "in/23 in/24"
    )
    with pytest.raises(TurnFlowError):
        state.dice_for(DOUBLE, 6, 5)
    with pytest.raises(TurnFlowError):
        state.dice_for(DOUBLE, 2, 1)


def test_segments_must_come_in_order() -> None:
    start = TurnState.begin(Position.initial(Side.WHITE), STANDARD)
    with pytest.raises(TurnFlowError):
        start.dice_for(DOUBLE, 6, 6)
    with pytest.raises(TurnFlowError):
        start.dice_for(EXTRA, 6, 5)
    waiting_double = segment(start, ROLL, "21", "in/23 in/24")
    with pytest.raises(TurnFlowError):
        waiting_double.dice_for(ROLL, 6, 5)
    with pytest.raises(TurnFlowError):
        waiting_double.dice_for(EXTRA, 6, 5)
    waiting_extra = segment(waiting_double, DOUBLE, "66", "in/19(4)")
    with pytest.raises(TurnFlowError):
        waiting_extra.dice_for(ROLL, 6, 5)
    with pytest.raises(TurnFlowError):
        waiting_extra.dice_for(DOUBLE, 6, 6)
    over = segment(waiting_extra, EXTRA, "53", "in/20 in/22")
    for kind in (ROLL, DOUBLE, EXTRA):
        with pytest.raises(TurnFlowError):
            over.dice_for(kind, 6, 6)


def test_the_turn_is_not_over_before_its_last_segment() -> None:
    state = segment(
        TurnState.begin(Position.initial(Side.WHITE), STANDARD), ROLL, "21", "in/23 in/24"
    )
    with pytest.raises(TurnFlowError):
        state.next_turn()
    state = segment(state, DOUBLE, "33", "in/22(4)")
    with pytest.raises(TurnFlowError):
        state.next_turn()


def test_acey_deucey_chain() -> None:
    state = TurnState.begin(Position.initial(Side.WHITE), STANDARD)
    state = segment(state, ROLL, "21", "in/23 in/24")
    state = segment(state, DOUBLE, "66", "in/19(4)")
    assert state.expects is EXTRA
    state = segment(state, EXTRA, "12", "in/23 in/24")
    assert state.expects is DOUBLE
    state = segment(state, DOUBLE, "55", "in/20(2) 19/14(2)")
    assert state.expects is EXTRA
    state = segment(state, EXTRA, "21", "in/23 in/24")
    assert state.expects is DOUBLE
    state = segment(state, DOUBLE, "44", "in/21(3) 21/17")
    assert state.expects is EXTRA
    state = segment(state, EXTRA, "65", "14/8 14/9")
    assert state.expects is None
    handed = state.next_turn()
    assert handed.turn is Side.BLACK
    assert handed == board("W 24:3 23:3 21:2 20:2 19:2 17:1 9:1 8:1 / B in:15 / B")


@pytest.mark.parametrize("rules", [STANDARD, ALWAYS, BGAMMON, NAVY], ids=lambda r: r.to_tag())
def test_acey_deucey_whose_two_cannot_be_played_ends_the_turn(rules) -> None:
    # Black holds White's 23 and 22: after in/24 the 2 has nowhere to go.
    position = board("W in:15 / B 3:2 2:2 in:11 / W")
    state = TurnState.begin(position, rules)
    dice = state.dice_for(ROLL, 2, 1)
    assert {play.result for play in legal_plays(position, dice, rules).values()} == {
        after(position, "in/24")
    }
    state = segment(state, ROLL, "21", "in/24")
    assert state.expects is None
    assert state.next_turn().turn is Side.BLACK


@pytest.mark.parametrize("rules", [STANDARD, ALWAYS, BGAMMON], ids=lambda r: r.to_tag())
def test_acey_deucey_whose_one_cannot_be_played_ends_the_turn(rules) -> None:
    # Black holds White's 24 and 22: the 2 enters on 23, then the 1 is stuck.
    position = board("W in:15 / B 3:2 1:2 in:11 / W")
    state = segment(TurnState.begin(position, rules), ROLL, "12", "in/23")
    assert state.expects is None


def test_acey_deucey_with_nothing_to_play_ends_the_turn() -> None:
    position = board("W in:15 / B 2:2 1:2 in:11 / W")
    state = segment(TurnState.begin(position, STANDARD), ROLL, "21", "--")
    assert state.expects is None


def _after_acey_deucey(setup: str, rules) -> TurnState:
    """Play 2-1 as 13/11 13/12 from ``setup`` (White to roll, two checkers on 13)."""
    state = segment(TurnState.begin(board(setup), rules), ROLL, "21", "13/11 13/12")
    assert state.expects is DOUBLE
    return state


# White 12 and 11 after the 1-2; White's 7 (Black's 18) is blocked.
PARTIAL = "W 13:2 / B 18:2 in:13 / W"
# ... and White's 6 (Black's 19) too.
NOTHING = "W 13:2 / B 19:2 18:2 in:11 / W"


def test_chosen_double_played_in_part_ends_the_turn_under_full() -> None:
    state = _after_acey_deucey(PARTIAL, STANDARD)
    assert max_dice(state.position, (5, 5, 5, 5), STANDARD) == 2
    state = segment(state, DOUBLE, "55", "11/6/1")
    assert state.expects is None
    assert state.next_turn() == board("W 12:1 1:1 / B 18:2 in:13 / B")


@pytest.mark.parametrize("rules", [ALWAYS, BGAMMON], ids=lambda r: r.to_tag())
def test_chosen_double_played_in_part_gets_the_extra_roll_under_always(rules) -> None:
    state = _after_acey_deucey(PARTIAL, rules)
    state = segment(state, DOUBLE, "55", "11/6/1")
    assert state.expects is EXTRA
    state = segment(state, EXTRA, "64", "12/6/2")
    assert state.expects is None


def test_chosen_double_with_nothing_to_play_under_full() -> None:
    state = _after_acey_deucey(NOTHING, STANDARD)
    state = segment(state, DOUBLE, "55", "--")
    assert state.expects is None


@pytest.mark.parametrize("rules", [ALWAYS, BGAMMON], ids=lambda r: r.to_tag())
def test_chosen_double_with_nothing_to_play_under_always(rules) -> None:
    state = _after_acey_deucey(NOTHING, rules)
    state = segment(state, DOUBLE, "55", "--")
    assert state.expects is EXTRA


@pytest.mark.parametrize("rules", [STANDARD, ALWAYS], ids=lambda r: r.to_tag())
def test_chosen_double_played_in_full_gets_the_extra_roll(rules) -> None:
    state = _after_acey_deucey("W 13:2 / B in:15 / W", rules)
    state = segment(state, DOUBLE, "11", "12/8")
    assert state.expects is EXTRA


# --- rule 10: the end of the game ------------------------------------------------------


def test_game_ends_in_the_middle_of_the_chosen_double() -> None:
    position = board("W 3:1 2:1 1:1 / B in:15 / W")
    state = segment(TurnState.begin(position, STANDARD), ROLL, "21", "2/off 1/off")
    assert state.expects is DOUBLE
    dice = state.dice_for(DOUBLE, 6, 6)
    plays = legal_plays(state.position, dice, STANDARD)
    assert {play.result for play in plays.values()} == {after(state.position, "3/off")}
    [play] = plays.values()
    assert play.dice_used == 1
    # Nothing is played once the 15th checker is off: one die is all there is.
    assert max_dice(state.position, dice, STANDARD) == 1
    assert judge(state.position, dice, play, STANDARD) is Verdict.LEGAL
    state = state.after(DOUBLE, 6, 6, play)
    assert state.expects is None  # no extra roll: the game is over
    assert state.position.winner is Side.WHITE
    assert outcome(state.next_turn(), STANDARD) == Outcome(Side.WHITE, 15)


@pytest.mark.parametrize("rules", [STANDARD, ALWAYS], ids=lambda r: r.to_tag())
def test_game_ends_in_the_acey_deucey_itself(rules) -> None:
    position = board("W 2:1 1:1 / B 19:2 in:13 / W")
    state = segment(TurnState.begin(position, rules), ROLL, "21", "2/off 1/off")
    assert state.expects is None  # no chosen double
    assert state.position.winner is Side.WHITE
    assert outcome(state.position, rules) == Outcome(Side.WHITE, 15)


def test_game_ends_with_one_die_of_the_acey_deucey() -> None:
    position = board("W 1:1 / B 19:2 in:13 / W")
    state = TurnState.begin(position, STANDARD)
    dice = state.dice_for(ROLL, 2, 1)
    assert max_dice(position, dice, STANDARD) == 1
    state = segment(state, ROLL, "21", "1/off")
    assert state.expects is None
    assert state.position.has_won(Side.WHITE)


def test_game_ends_in_the_extra_roll() -> None:
    position = board("W 13:2 6:1 / B in:15 / W")
    state = _after_acey_deucey("W 13:2 6:1 / B in:15 / W", STANDARD)
    state = segment(state, DOUBLE, "66", "12/6 11/5 6/off(2)")
    assert state.expects is EXTRA
    state = segment(state, EXTRA, "65", "5/off")
    assert state.expects is None
    assert state.position.winner is Side.WHITE
    assert position.winner is None


def test_a_won_position_begins_no_turn() -> None:
    [won] = legal_plays(board("W 1:1 / B in:15 / W"), (6, 5), STANDARD)
    state = TurnState.begin(won, STANDARD)
    assert state.expects is None
    with pytest.raises(TurnFlowError):
        state.dice_for(ROLL, 6, 5)


# --- scoring ------------------------------------------------------------------------------


def _won(setup: str) -> Position:
    """The position after the mover of ``setup`` bears off its last checker on the 1."""
    [won] = legal_plays(board(setup), (6, 5), STANDARD)
    return won


@pytest.mark.parametrize(
    ("setup", "points"),
    [
        ("W 1:1 / B in:15 / W", 15),
        ("W 1:1 / B 6:2 5:3 bar:1 / W", 6),  # points and bar count, the borne off do not
        ("W 1:1 / B 3:1 / W", 1),
        ("W 1:1 / B 20:4 13:3 bar:2 in:6 / W", 15),
    ],
)
def test_score_checkers_counts_what_the_loser_has_not_borne_off(setup: str, points: int) -> None:
    won = _won(setup)
    assert outcome(won, STANDARD) == Outcome(Side.WHITE, points)
    assert outcome(won, STANDARD).as_result() == (points, 0)
    assert outcome(won, SINGLE) == Outcome(Side.WHITE, 1)
    assert outcome(won, SINGLE).as_result() == (1, 0)


@pytest.mark.parametrize(
    ("setup", "loser", "result"),
    [
        ("W 3:2 1:10 / B 1:4 in:11 / W", Side.WHITE, (0, 12)),  # White has 12 not borne off
        ("W 6:3 / B 5:5 2:4 / B", Side.BLACK, (9, 0)),  # Black has 9 not borne off
    ],
)
def test_a_resignation_gives_the_other_side_the_game_as_it_would_win_it_now(
    setup: str, loser: Side, result: tuple[int, int]
) -> None:
    position = board(setup)
    assert resigned(position, STANDARD, loser).as_result() == result
    single = (1, 0) if loser is Side.BLACK else (0, 1)
    assert resigned(position, SINGLE, loser).as_result() == single


def test_black_wins_and_scores() -> None:
    won = _won("W 13:2 5:3 in:10 / B 1:1 / B")
    assert outcome(won, STANDARD) == Outcome(Side.BLACK, 15)
    assert outcome(won, STANDARD).as_result() == (0, 15)
    assert outcome(won, SINGLE).as_result() == (0, 1)
    assert outcome(won, BGAMMON).as_result() == (0, 15)


def test_no_outcome_while_the_game_goes_on() -> None:
    assert outcome(Position.initial(), STANDARD) is None
    assert outcome(board("W 1:1 / B 3:1 / W"), STANDARD) is None


def test_spec_setup_example_scores_six() -> None:
    position = board("W 2:1 1:1 / B 6:2 5:3 bar:1 / W")
    state = segment(TurnState.begin(position, STANDARD), ROLL, "43", "2/off 1/off")
    assert state.expects is None
    assert outcome(state.position, STANDARD).as_result() == (6, 0)


# --- opening (§7) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rolls", "winner"),
    [
        ([(5, 3)], Side.WHITE),
        ([(3, 5)], Side.BLACK),
        ([(6, 1)], Side.WHITE),
        ([(1, 2)], Side.BLACK),
        ([(4, 4), (2, 2), (5, 3)], Side.WHITE),
        ([(6, 6), (2, 6)], Side.BLACK),
    ],
)
def test_opening_winner_is_the_higher_die(rolls, winner: Side) -> None:
    assert opening_winner(rolls) is winner


@pytest.mark.parametrize(
    "rolls",
    [
        [],
        [(4, 4)],  # a tie decides nothing
        [(5, 3), (4, 4)],  # nothing follows a decided opening
        [(5, 3), (2, 1)],
        [(4, 4), (6, 5), (3, 2)],
        [(7, 3)],
        [(0, 3)],
        [(3, 3), (6, 0)],
    ],
)
def test_opening_rolls_that_decide_nothing_are_refused(rolls) -> None:
    with pytest.raises(OpeningError):
        opening_winner(rolls)


# --- the example game of §5 -------------------------------------------------------------------


def test_spec_example_game() -> None:
    assert opening_winner([(5, 3)]) is Side.WHITE
    position = Position.initial(Side.WHITE)
    # 1. 64: in/19 in/21  43: in/21 in/22
    state = segment(TurnState.begin(position, STANDARD), ROLL, "64", "in/19 in/21")
    position = state.next_turn()
    state = segment(TurnState.begin(position, STANDARD), ROLL, "43", "in/21 in/22")
    position = state.next_turn()
    # 2. 21: in/24 in/23 =66: 19/13 21/15 24/18 23/17 +53: in/20 in/22
    state = segment(TurnState.begin(position, STANDARD), ROLL, "21", "in/24 in/23")
    assert state.expects is DOUBLE
    state = segment(state, DOUBLE, "66", "19/13 21/15 24/18 23/17")
    assert state.expects is EXTRA
    state = segment(state, EXTRA, "53", "in/20 in/22")
    assert state.expects is None
    position = state.next_turn()
    #    65: 21/10*
    state = segment(TurnState.begin(position, STANDARD), ROLL, "65", "21/10*")
    position = state.next_turn()
    assert position == board("W 22:1 20:1 18:1 17:1 13:1 bar:1 in:9 / B 22:1 10:1 in:13 / W")
    # 3. 33: bar/22 in/22 22/19(2)  66: in/19(4)
    state = segment(TurnState.begin(position, STANDARD), ROLL, "33", "bar/22 in/22 22/19(2)")
    position = state.next_turn()
    state = segment(TurnState.begin(position, STANDARD), ROLL, "66", "in/19(4)")
    position = state.next_turn()
    assert position == board("W 22:1 20:1 19:2 18:1 17:1 13:1 in:8 / B 22:1 19:4 10:1 in:9 / W")
    assert outcome(position, STANDARD) is None
    assert position.white[OFF] == position.black[OFF] == 0
