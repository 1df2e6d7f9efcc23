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
from aceynote.rules import OFF, SegmentKind


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


def test_a_stranded_checker_and_a_pile() -> None:
    """samples/match.acey, game 1, White 52 with 23:2 19:8 15:2 10:3: 10/8 8/3 leaves a
    checker alone on the 3 point, none of White's on 4 to 9; 19/17 17/12 leaves its blot
    on 12 three pips below the 15 point. The written keeps 8 checkers on the 19 point, the
    best 7."""
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
        "strands none); piles 8 checkers on the 19 point where the best leaves 7 there"
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
        "piles 5 checkers on the 17 point where the best leaves 3 there; has its checkers on 2 "
        "points where the best spreads them over 4 as builders for new points"
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
    assert (
        why
        == "has its checkers on 3 points where the best spreads them over 5 as builders for new points"
    )


def _shape(places: dict[int, int], deep_before: int = 0) -> Shape:
    counts = [0] * 27
    for place, count in places.items():
        counts[place] = count
    return Shape(tuple(counts), deep_before)


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
    best play keeps it); gives up the 15 point (the best play keeps it)'. The written leaves 4
    checkers on the 8 point where the best leaves 2."""
    why = _why(
        "W 15:2 14:2 13:2 8:4 1:5 / B 20:2 in:13 / W",
        SegmentKind.ROLL,
        "21",
        "15/13 15/14",
        "8/6 8/7",
        STANDARD,
    )
    assert why == (
        "breaks the 3-point prime (the best play keeps it); piles 4 checkers on the 8 point "
        "where the best leaves 2 there"
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


def _counts(points: dict[int, int]) -> tuple[int, ...]:
    """A side's 27 places (0 off, 1..24, the pool, the bar) from its points; the rest off."""
    places = [0] * 27
    for point, count in points.items():
        places[point] = count
    places[OFF] = 15 - sum(points.values())
    return tuple(places)


def test_several_piles_are_said_once_each() -> None:
    """Piles of 4 on the 22, 20 and 16 points where the best leaves 3 on each: it said
    "4 checkers on ... 4 checkers on ... where the best leaves 3 and 3 and 3 there"."""
    best = {22: 3, 20: 3, 16: 3, 13: 3, 10: 3}
    written = {22: 4, 20: 4, 16: 4, 13: 3}
    said = shape_differences(Shape(_counts(written), 0), Shape(_counts(best), 0))
    assert said[0] == (
        "piles 4 checkers on the 22 point, 4 on the 20 point and 4 on the 16 point"
        " where the best leaves 3 on each"
    )
    uneven = {22: 3, 20: 2, 16: 0, 13: 5, 10: 3, 9: 2}
    said = shape_differences(Shape(_counts(written), 0), Shape(_counts(uneven), 0))
    assert said[0] == (
        "piles 4 checkers on the 22 point, 4 on the 20 point and 4 on the 16 point"
        " where the best leaves 3, 2 and none there"
    )
