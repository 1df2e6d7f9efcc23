"""The engine on request for a front end (aceynote.analysis.shown): a hint's ranking, and
cancelling an analysis between two decisions."""

from __future__ import annotations

import pytest
from conftest import SAMPLES, SHORT_GAME

from aceynote.analysis.analysed import GameAnalysis
from aceynote.analysis.judge import AnalysisCancelled, analyze_game, decisions_to_judge
from aceynote.analysis.run import analyze_one, analyze_report, search_for
from aceynote.analysis.shown import next_kind, ranked_plays
from aceynote.engine import Engine
from aceynote.notation import Segment, parse_games
from aceynote.render.text_board import names_double_next
from aceynote.rules import SegmentKind
from aceynote.validation import Report, validate


def short_report() -> Report:
    return validate(parse_games(SHORT_GAME)[0])


@pytest.fixture(scope="module")
def short_analysis() -> GameAnalysis:
    return analyze_one(1, parse_games(SHORT_GAME)[0], 0)


def main_segments(report: Report) -> list[Segment]:
    return [replay.segment for replay in report.segments if replay.line == ()]


# -- cancelling --------------------------------------------------------------------------------
def test_a_cancelled_analysis_stops_between_two_decisions() -> None:
    report = short_report()
    judged: list[tuple[int, int]] = []
    asked = 0

    def cancelled() -> bool:
        nonlocal asked
        asked += 1
        return asked > 3  # three decisions, then stop

    to_judge = decisions_to_judge(report)
    with pytest.raises(AnalysisCancelled):
        analyze_game(
            1, report, search_for(report.rules), 0, lambda *told: judged.append(told), cancelled
        )
    assert judged == [(1, to_judge), (2, to_judge), (3, to_judge)]


def test_an_analysis_never_cancelled_judges_every_decision(short_analysis: GameAnalysis) -> None:
    report = short_report()
    found = analyze_report(1, report, 0, cancelled=lambda: False)
    assert found == short_analysis
    assert decisions_to_judge(report) == len(found.decisions) == 12


def test_decisions_to_judge_stop_at_the_first_illegal_play() -> None:
    game = parse_games((SAMPLES / "mistakes.acey").read_text(encoding="utf-8"))[0]
    assert decisions_to_judge(validate(game)) == len(analyze_one(1, game, 0).decisions)
    assert 0 < decisions_to_judge(validate(game)) < len(main_segments(validate(game)))


# -- a hint --------------------------------------------------------------------------------------
def test_the_kind_of_decision_at_each_place() -> None:
    report = short_report()
    third = [r for r in report.segments if r.line == ()][4:7]  # 21, =11, +53
    assert [r.segment.kind for r in third] == [
        SegmentKind.ROLL,
        SegmentKind.CHOSEN_DOUBLE,
        SegmentKind.EXTRA_ROLL,
    ]
    assert next_kind(None, True) is SegmentKind.ROLL
    assert next_kind(third[1], False) is SegmentKind.CHOSEN_DOUBLE  # before it
    assert next_kind(third[0], True) is SegmentKind.CHOSEN_DOUBLE  # after the 1-2
    assert next_kind(third[1], True) is SegmentKind.EXTRA_ROLL
    assert next_kind(third[2], True) is SegmentKind.ROLL  # Black's turn next


def test_after_a_1_2_played_short_the_double_comes_next_as_the_validator_says() -> None:
    """`21: in/24` plays one die of a 1-2 that could play both (AD308): the validator's flow
    goes on to the chosen double, where the rules' count of the dice used said the turn ended
    (the hint at that place ranked a roll); the board's band says the same."""
    (replay, double) = validate(parse_games("1. 21: in/24\n  =66: in/19(4)\n*\n")[0]).main_line()
    assert not replay.legal and next_kind(replay, True) is SegmentKind.CHOSEN_DOUBLE
    assert names_double_next(replay) and not names_double_next(double)


@pytest.mark.parametrize("depth", [0, 1])
def test_a_hint_ranks_as_the_engine_api(depth: int) -> None:
    replay = [r for r in short_report().segments if r.line == ()][3]
    position = replay.after
    ranked = ranked_plays(position, SegmentKind.ROLL, 6, 4, short_report().rules, depth)
    expected = Engine("standard").rank(position.to_setup(), "64", depth=depth)
    assert ranked == expected  # the same records, rounded alike
