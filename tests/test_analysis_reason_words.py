"""The sentences of aceynote.analysis.reasons on positions met in analysed games, where an
earlier wording was untrue or said one difference twice: each expected sentence is read off
the board by hand (the positions are drawn in the comments)."""

from __future__ import annotations

from boards import BGAMMON, STANDARD, after, board
from test_analysis_reasons import facts as _facts

from aceynote.analysis.leaves import play_facts
from aceynote.analysis.reasons import Given, compare, describe, reason
from aceynote.engine.decisions import Choice, Decision, choices, double_choices
from aceynote.rules import Position, RuleSet, SegmentKind, parse_rules, play_text
from aceynote.rules.replies import Prime


def _choice(position: Position, kind: SegmentKind, roll: str, play: str, rules: RuleSet) -> Choice:
    """The engine's choice of ``play`` (a record's text; ``=DD: ...`` names the double)."""
    decision = Decision(position, kind)
    if kind is SegmentKind.CHOSEN_DOUBLE:
        double, play = int(play[1]), play.split(": ", 1)[1]
        found = [c for c in double_choices(decision, rules) if c.high == double]
    else:
        found = choices(decision, int(roll[0]), int(roll[1]), rules)
    (choice,) = [c for c in found if play_text(c.play.steps) == play]
    return choice


def _why(setup: str, kind: SegmentKind, roll: str, written: str, best: str, rules: RuleSet) -> str:
    position = board(setup)
    mine = _choice(position, kind, roll, written, rules)
    theirs = _choice(position, kind, roll, best, rules)
    return reason(position, mine, theirs, rules, loss=0.5).text


def test_a_missed_win_is_the_whole_reason() -> None:
    """White names the double after a 1-2 with checkers on its 5 and 4 points: 6-6 bears both
    off and wins; 1-1 played 5/4 4/3 3/2 2/1 bears none off. The sentence said "bears off 0
    checkers ...; leaves 2 blots where the best leaves 0 (no shots counted: the turn goes
    on)": after the best play the game is over, no turn goes on and no blot is left."""
    why = _why(
        "W 5:1 4:1 / B 10:5 in:10 / W",
        SegmentKind.CHOSEN_DOUBLE,
        "",
        "=11: 5/4 4/3 3/2 2/1",
        "=66: 5/off 4/off",
        STANDARD,
    )
    assert (
        why
        == "names 1-1 where the best names 6-6; bears off none where the best bears off 2 and wins"
    )


def test_a_point_made_elsewhere_is_named() -> None:
    """White names a double after 12/10 10/9 (samples/annotated.acey, turn 3): 5-5 enters
    two on its 20 point and moves both on to 15, hitting Black's blot there (Black's 10) and
    making the 15 point; 6-6 makes the 13 point. It was said not to make the 13 point, as if
    it made none."""
    why = _why(
        "W 9:1 in:14 / B 10:1 in:14 / W",
        SegmentKind.CHOSEN_DOUBLE,
        "",
        "=55: in/20(2) 20/15*(2)",
        "=66: in/19(2) 19/13(2)",
        STANDARD,
    )
    assert (
        why
        == "names 5-5 where the best names 6-6; makes the 15 point where the best makes the 13 point"
    )


def test_a_point_given_up_where_the_best_gives_up_two_is_not_said_kept() -> None:
    """samples/bgammon.acey, 15. +63: 20/14 20/17 breaks the 20 point; the best, 22/16 21/18,
    breaks the 22 and the 21 points. "(the best play keeps it)" made the best play seem to
    keep its points."""
    why = _why(
        "W 22:2 21:2 20:2 17:2 14:3 11:2 1:2 / B 20:4 19:3 15:5 13:3 / W",
        SegmentKind.EXTRA_ROLL,
        "63",
        "20/14 20/17",
        "22/16 21/18",
        BGAMMON,
    )
    assert why == (
        "gives up the 20 point where the best gives up the 22 point and the 21 point; "
        "piles 4 checkers on the 14 point where the best leaves 3 there"
    )


def test_a_prime_the_best_play_lengthens_is_not_said_kept() -> None:
    """White holds 9, 8 and 7 (a 3-point prime) and 5; Black's two checkers on White's 3
    point are behind it. 5-3: 7/2 5/2 breaks it; 11/6 9/6 makes the 6 point, a 5-point
    prime from 9 to 5. "(the best play keeps it)" understated the best play."""
    why = _why(
        "W 13:2 11:2 9:3 8:2 7:2 5:4 / B 22:2 15:4 9:6 4:1 3:2 / W",
        SegmentKind.ROLL,
        "53",
        "7/2 5/2",
        "11/6 9/6",
        STANDARD,
    )
    assert why.split("; ")[1] == (
        "breaks the 3-point prime where the best play has a 5-point prime with 2 of the "
        "opponent's checkers behind it"
    )


def test_a_prime_both_plays_break_is_not_said_built() -> None:
    """White holds its 5 to 1 points (a 5-point prime), two checkers still back on its 15.
    The extra roll 1-1: 3/2(2) 2/1(2) leaves the 5, 4, 2 and 1 points; 5/4 4/3(2) 3/2 the
    3, 2 and 1. Both break the prime: the written was said to "build no prime"."""
    why = _why(
        "W 15:2 5:2 4:2 3:2 2:2 1:5 / B 11:2 9:3 3:2 2:5 1:3 / W",
        SegmentKind.EXTRA_ROLL,
        "11",
        "3/2(2) 2/1(2)",
        "5/4 4/3(2) 3/2",
        parse_rules("standard bearoff=exact larger_die=no"),
    )
    assert why == (
        "breaks the 5-point prime where the best play has a 3-point prime; "
        "gives up the 3 point where the best gives up the 5 point and the 4 point"
    )
    kept = compare(_facts(prime=4), _facts(prime=5, prime_holds=1), Given(Prime(5, 8, 4, 1)))
    assert kept == (
        "has a 4-point prime where the best play has a 5-point prime with 1 of the opponent's "
        "checkers behind it"
    )


def test_the_pips_a_hit_costs_are_not_a_second_difference() -> None:
    """samples/annotated.acey, 35. 21: 10/8 9/8 where 10/8 8/7* hits Black's blot on White's 7
    (Black's 18, 7 pips from its bar). Both move 3 pips: the 7 pips were the hit's, said
    again as "falls 7 pips behind the best play in the race"."""
    why = _why(
        "W 10:2 9:1 3:2 1:10 / B 20:3 19:3 18:1 13:2 7:2 3:2 1:2 / W",
        SegmentKind.ROLL,
        "21",
        "10/8 9/8",
        "10/8 8/7*",
        STANDARD,
    )
    assert why.split("; ")[0] == "hits none where the best hits 1"
    assert "pip" not in why
    # A smaller double that also misses the hit is behind by its own pips.
    small, big = _facts(pips=120, race=5), _facts(hits=1, pips=100, race=40)
    assert compare(small, big) == (
        "hits none where the best hits 1; falls 20 pips behind the best play in the race"
    )


def test_a_race_play_that_bears_off_more_is_not_said_to_bear_off_as_many() -> None:
    """6-4 in a race: 6/off 4/off bears off two checkers, 6/off 5/1 one; both move 10 pips.
    The sentence said it "bears off as many checkers"; where neither bears one off (Black
    enters bar/20, its last checker outside), it said so too."""
    before = board("W 6:2 5:2 4:3 2:1 1:2 / B 6:3 5:3 4:3 3:2 / W")
    two, one = (
        play_facts(before, after(before, p), True, STANDARD) for p in ("6/off 4/off", "6/off 5/1")
    )
    assert not (two.contact or one.contact) and (two.borne_off, one.borne_off) == (2, 1)
    assert compare(two, one) == (
        "is as far on in the race as the best play and bears off more checkers (2 against 1): "
        "the engine prefers how the best play spreads the checkers to bear off"
    )
    entering = board("W 3:3 2:2 1:2 / B 6:3 5:4 4:2 3:1 bar:1 / B")
    home, on = (
        play_facts(entering, after(entering, p), True, STANDARD)
        for p in ("bar/20 6/4", "bar/20 20/18")
    )
    assert not (home.contact or on.contact) and home.borne_off == on.borne_off == 0
    assert compare(home, on) == (
        "is as far on in the race as the best play: the engine prefers how the best play "
        "spreads the checkers to bear off"
    )


def test_no_blot_is_none() -> None:
    going_on = {"shots": None, "opponent_wins": None}
    assert compare(_facts(blots=2, **going_on), _facts(**going_on)) == (
        "leaves 2 blots where the best leaves none (no shots counted: the turn goes on)"
    )


def test_a_race_the_turn_goes_on_in_says_so() -> None:
    """hint --explain of White's 2-1 with W 6:1 5:1 3:2 against Black's 8 pips: every play
    wins (the double named after the 1-2 bears the rest off), yet each was said to leave a
    race 6 pips behind, which reads as losing: the standing is before the rest of the turn."""
    before = board("W 6:1 5:1 3:2 / B 6:1 1:2 / W")
    going_on = play_facts(before, after(before, "6/4 5/4"), False, STANDARD)
    assert describe(going_on) == (
        "leaves a race 6 pips behind (the turn goes on); gaps on the 2 point and the 1 point"
    )
    passed = play_facts(before, after(before, "6/4 5/4"), True, STANDARD)
    assert describe(passed).startswith("leaves a race 6 pips behind; ")
