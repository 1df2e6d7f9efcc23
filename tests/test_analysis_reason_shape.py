"""Where no count of the facts tells two plays apart, the reasons say how the written play
arranges its checkers worse (aceynote.analysis.arrangement), each expectation read off the
board by hand; a prime said broken is not said again point by point; the doubles named
after a 1-2 are named; the best play's shots are in full words."""

from __future__ import annotations

from boards import BGAMMON, STANDARD
from test_analysis_reason_words import _why
from test_analysis_reasons import facts

from aceynote.analysis.arrangement import Shape, shape_differences
from aceynote.analysis.reasons import compare
from aceynote.rules import SegmentKind


def test_a_checker_taken_deep_is_out_of_play() -> None:
    """samples/match.acey, 5... Black 31: 5/2 2/1 takes the checker on Black's 5 point to
    its 1 point (none there before); 20/17 20/19 takes none. It was 'no worse ... as a
    whole'."""
    why = _why(
        "W 16:2 15:1 in:12 / B 20:3 15:2 5:1 in:9 / B",
        SegmentKind.ROLL,
        "31",
        "5/2 2/1",
        "20/17 20/19",
        STANDARD,
    )
    assert why.split("; ")[0] == (
        "takes 1 checker out of play deep in the home board (the 1 point) where the best takes none"
    )


def test_a_stranded_checker_and_no_pile_the_play_left_alone() -> None:
    """samples/match.acey, game 1, White 52 with 23:2 19:8 15:2 10:3: 10/8 8/3 leaves a
    checker alone on the 3 point, none of White's on 4 to 9; 19/17 17/12 leaves its blot
    on 12 three pips below the 15 point. The 8 checkers on the 19 point stood there before
    the written play, which did not pile them: it was said to."""
    why = _why(
        "W 23:2 19:8 15:2 10:3 / B 20:2 19:4 12:4 11:2 7:3 / W",
        SegmentKind.ROLL,
        "52",
        "10/8 8/3",
        "19/17 17/12",
        STANDARD,
    )
    assert why == (
        "strands a checker on the 3 point that no other can reach with one die (the best play "
        "strands none)"
    )


def test_a_pile_and_fewer_points_than_the_best() -> None:
    """samples/bgammon.acey, 53: in/20 20/17 puts a 5th checker on the 17 point, White on the
    17 and 1 points; in/20 17/14 leaves 3 on the 17 point, White on 20, 17, 14 and 1. Both
    leave 9 in the pool."""
    why = _why(
        "W 17:4 1:1 in:10 / B 20:2 19:2 15:2 13:2 in:7 / W",
        SegmentKind.ROLL,
        "53",
        "in/20 20/17",
        "in/20 17/14",
        BGAMMON,
    )
    assert why == (
        "piles 5 checkers on the 17 point where the best leaves 3 there; keeps its builders on 1 "
        "point where the best spreads them over 3"
    )


def test_fewer_points_alone() -> None:
    """samples/annotated.acey, White 42: in/21 21/19 leaves White on 19 (3), 14 and 7;
    in/21 19/17 on 21, 19, 17, 14 and 7, each blot within a die of another checker (the
    pool's enter on 19 to 24)."""
    why = _why(
        "W 19:2 14:2 7:2 in:9 / B 19:4 17:2 in:9 / W",
        SegmentKind.ROLL,
        "42",
        "in/21 21/19",
        "in/21 19/17",
        STANDARD,
    )
    assert why == "keeps its builders on 3 points where the best spreads them over 5"


def _places(places: dict[int, int]) -> tuple[int, ...]:
    """A side's 27 places (0 off, 1..24, 25 the pool, 26 the bar) from the ones named."""
    counts = [0] * 27
    for place, count in places.items():
        counts[place] = count
    return tuple(counts)


def _shape(places: dict[int, int], before: dict[int, int] | None = None) -> Shape:
    """The shape a play leaves at ``places``, from ``before`` (default: no checker yet)."""
    return Shape(_places(before or {}), _places(places))


def test_the_checkers_the_best_entered_are_not_said_spread() -> None:
    """in/20 20/19 (White on 19, 14 in the pool) against in/20 in/24 (on 24 and 20, 13 in the
    pool): the best's extra point is the checker it entered, the pool's difference."""
    assert shape_differences(_shape({19: 1, 25: 14}), _shape({24: 1, 20: 1, 25: 13})) == []
    assert shape_differences(_shape({19: 1, 25: 13}), _shape({24: 1, 20: 1, 25: 13})) != []


def test_the_checkers_on_the_bar_and_in_the_pool_reach_the_points_19_to_24() -> None:
    """A checker alone on the 19 point with others in the pool can be joined by a 6 entering;
    on the 18 point it cannot."""
    assert _shape({19: 1, 25: 3}).stranded == ()
    assert _shape({18: 1, 25: 3}).stranded == (18,)
    assert _shape({18: 1, 24: 2}).stranded == ()
    assert _shape({9: 1, 16: 2}).stranded == (9,)


def test_a_prime_said_broken_is_not_said_again_point_by_point() -> None:
    """White's 15, 14 and 13 points are a 3-point prime. 2-1: 15/13 15/14 gives up the 15
    point and breaks it; 8/6 8/7 keeps it (8 keeps 2). It said 'breaks the 3-point prime (the
    best play keeps it); gives up the 15 point (the best play keeps it)'. The written leaves
    White on the 14, 13 and 8 points (the 1 point is out of play), the best on 15, 14, 13, 8,
    7 and 6; the 4 checkers on the 8 point stood there before."""
    why = _why(
        "W 15:2 14:2 13:2 8:4 1:5 / B 20:2 in:13 / W",
        SegmentKind.ROLL,
        "21",
        "15/13 15/14",
        "8/6 8/7",
        STANDARD,
    )
    assert why == (
        "breaks the 3-point prime (the best play keeps it); keeps its builders on 3 points "
        "where the best spreads them over 6"
    )


def test_the_best_play_s_blots_and_rolls_are_named_in_full() -> None:
    assert compare(facts(blots=1, shots=20), facts(blots=3, shots=6)) == (
        "leaves 1 blot that 20 of 36 rolls hit (the best play leaves 3 blots that 6 rolls hit)"
    )
    assert compare(facts(blots=2, shots=1), facts()) == (
        "leaves 2 blots that 1 of 36 rolls hits (the best play leaves no blot)"
    )
    assert compare(facts(blots=2, shots=7), facts(blots=1, shots=1)).endswith(
        "(the best play leaves 1 blot that 1 roll hits)"
    )


def test_a_pile_where_the_best_leaves_no_checker() -> None:
    """The opening 44: in/21(4) puts 4 checkers on the 21 point; in/21(2) 21/17(2) moves both
    of its own on to the 17 point and leaves none on the 21 (it said "leaves 0 there")."""
    why = _why(
        "W in:15 / B in:15 / W", SegmentKind.ROLL, "44", "in/21(4)", "in/21(2) 21/17(2)", STANDARD
    )
    assert why == (
        "makes the 21 point where the best makes the 17 point; piles 4 checkers on the 21 point"
        " where the best leaves none there"
    )


def test_several_piles_are_said_once_each() -> None:
    """Piles of 4 on the 22, 20 and 16 points where the best leaves 3 on each: it said
    "4 checkers on ... 4 checkers on ... where the best leaves 3 and 3 and 3 there"."""
    best = {22: 3, 20: 3, 16: 3, 13: 3, 10: 3}
    written = {22: 4, 20: 4, 16: 4, 13: 3}
    said = shape_differences(_shape(written), _shape(best))
    assert said[0] == (
        "piles 4 checkers on the 22 point, 4 on the 20 point and 4 on the 16 point"
        " where the best leaves 3 on each"
    )
    uneven = {22: 3, 20: 2, 16: 0, 13: 5, 10: 3, 9: 2}
    said = shape_differences(_shape(written), _shape(uneven))
    assert said[0] == (
        "piles 4 checkers on the 22 point, 4 on the 20 point and 4 on the 16 point"
        " where the best leaves 3, 2 and none there"
    )


def test_the_1_and_2_points_are_out_of_play_not_piles_nor_builders() -> None:
    """Checkers on the 2 and 1 points can move on only to the 1 point or off: the best play's
    7/1 4/2 was said to spread its checkers over one point more (the 2 point) as builders."""
    assert _shape({5: 2, 2: 1, 1: 6}).builder_points == 1
    assert _shape({5: 2, 2: 5, 1: 6}).piled == 0
    why = _why(
        "W 22:2 20:2 19:2 12:2 9:3 4:3 3:1 / B 14:2 10:2 9:4 7:3 4:4 / B",
        SegmentKind.ROLL,
        "62",
        "7/1 9/7",
        "7/1 4/2",
        STANDARD,
    )
    assert "builders" not in why and "piles" not in why


def test_a_pile_the_play_did_not_touch_is_not_said_piled() -> None:
    """White's 4 checkers on the 20 point stood there before: in/24(2) 24/23(2) leaves them,
    in/24 20/19(3) moves 3 off. It said 'piles 4 checkers on the 20 point'."""
    why = _why(
        "W 20:4 in:11 / B 21:9 12:1 in:5 / W",
        SegmentKind.ROLL,
        "11",
        "in/24(2) 24/23(2)",
        "in/24 20/19(3)",
        STANDARD,
    )
    assert "piles" not in why


def test_only_a_checker_the_play_leaves_alone_is_stranded() -> None:
    """A checker stranded before the play, moved on and stranded still, is not the play's
    doing (samples/annotated.acey, turn 3: 12/10 10/9 was said to strand a checker where
    the best, in/23 in/24, left the same one on the 12 point); the side's rearmost checker,
    with none behind it at all, is no straggler."""
    assert _shape({9: 1, 24: 1, 23: 1, 25: 12}, {12: 1, 25: 14}).newly_stranded == 0
    assert _shape({12: 1, 20: 2, 19: 1}, {12: 1, 20: 3}).newly_stranded == 0
    assert _shape({14: 1, 6: 3}).stranded == ()
    assert _shape({8: 1, 20: 2}, {12: 2, 20: 2}).newly_stranded == 1
    why = _why(
        "W 12:1 in:14 / B 10:1 in:14 / W",
        SegmentKind.ROLL,
        "21",
        "12/10 10/9",
        "in/23 in/24",
        STANDARD,
    )
    assert "strands" not in why


def test_the_points_a_play_takes_checkers_deep_to_are_its_own() -> None:
    """6/1 5/2 takes checkers to the 1 and the 2 point; the best took one to the 1 point. It
    named the 1 point alone, where the written has more than the best."""
    before = {6: 1, 5: 1, 1: 3, 11: 2}
    written = _shape({2: 1, 1: 4, 11: 2}, before)
    best = _shape({5: 1, 1: 4, 11: 1, 8: 1}, before)
    assert shape_differences(written, best)[0] == (
        "takes 2 checkers out of play deep in the home board (the 2 point and the 1 point)"
        " where the best takes 1"
    )
