"""An analysis for a front end (aceynote.analysis.shown): tied to the game's segments, the
graph's columns, a hint's ranking, and cancelling an analysis between two decisions."""

from __future__ import annotations

import pytest
from conftest import SAMPLES, SHORT_GAME

from aceynote.analysis.analysed import GameAnalysis
from aceynote.analysis.judge import AnalysisCancelled, analyze_game, decisions_to_judge
from aceynote.analysis.run import analyze_one, analyze_report, search_for
from aceynote.analysis.shown import AnalysedGame, columns_of, next_kind, ply_at, ranked_plays
from aceynote.engine import Engine
from aceynote.notation import Segment, parse_games
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
    judged: list[int] = []
    asked = 0

    def cancelled() -> bool:
        nonlocal asked
        asked += 1
        return asked > 3  # three decisions, then stop

    with pytest.raises(AnalysisCancelled):
        analyze_game(1, report, search_for(report.rules), 0, judged.append, cancelled)
    assert judged == [1, 2, 3]


def test_an_analysis_never_cancelled_judges_every_decision(short_analysis: GameAnalysis) -> None:
    report = short_report()
    found = analyze_report(1, report, 0, cancelled=lambda: False)
    assert found == short_analysis
    assert decisions_to_judge(report) == len(found.decisions) == 12


def test_decisions_to_judge_stop_at_the_first_illegal_play() -> None:
    game = parse_games((SAMPLES / "mistakes.acey").read_text(encoding="utf-8"))[0]
    assert decisions_to_judge(validate(game)) == len(analyze_one(1, game, 0).decisions)
    assert 0 < decisions_to_judge(validate(game)) < len(main_segments(validate(game)))


# -- tied to the game ----------------------------------------------------------------------------
def test_the_analysis_is_found_by_segment(short_analysis: GameAnalysis) -> None:
    report = short_report()
    shown = AnalysedGame.of(short_analysis, report)
    assert shown is not None
    segments = main_segments(report)
    for ply, segment in enumerate(segments):
        assert shown.ply_of(segment) == ply
        assert shown.decision_of(segment) is short_analysis.decisions[ply]
    assert shown.ply_of(None) is None and shown.decision_of(None) is None
    marked = {id(segments[d.ply - 1]): d.mark.value for d in short_analysis.marked if d.mark}
    assert shown.marks() == marked and len(marked) > 0
    assert shown.white_wins == [d.white_win_after for d in short_analysis.decisions]


def test_the_analysis_still_fits_after_a_comment_but_not_after_other_moves(
    short_analysis: GameAnalysis,
) -> None:
    game = parse_games(SHORT_GAME)[0]
    game.turns[0].segments[0].comments.append("a comment changes nothing")
    assert AnalysedGame.of(short_analysis, validate(game)) is not None
    other = parse_games(SHORT_GAME.replace("1. 61: in/19 19/18", "1. 61: in/19 in/24"))[0]
    assert AnalysedGame.of(short_analysis, validate(other)) is None
    navy = parse_games(SHORT_GAME.replace('"standard"', '"navy"'))[0]
    assert AnalysedGame.of(short_analysis, validate(navy)) is None


def test_moves_recorded_after_the_analysis_keep_it() -> None:
    longer = SHORT_GAME.replace("*\n", "6. 53: in/20 20/17  64: in/19 13/9\n*\n")
    data = analyze_one(1, parse_games(SHORT_GAME)[0], 0)
    shown = AnalysedGame.of(data, validate(parse_games(longer)[0]))
    assert shown is not None and len(shown.segments) == 12


# -- the graph's columns -------------------------------------------------------------------------
@pytest.mark.parametrize("count", [1, 5, 12, 49, 50, 51, 200])
@pytest.mark.parametrize("width", [1, 7, 49, 50, 110])
def test_every_column_shows_a_decision_and_each_decision_knows_its_columns(
    width: int, count: int
) -> None:
    shown_by = [ply_at(column, width, count) for column in range(width)]
    assert shown_by == sorted(shown_by) and shown_by[0] == 0
    assert shown_by[-1] == count - 1 or count > width
    for ply in range(count):
        columns = columns_of(ply, width, count)
        showing = [c for c in range(width) if shown_by[c] == ply]
        if showing:
            assert list(columns) == showing
        else:  # a column stands for several decisions: the one this decision falls in
            (column,) = columns
            after = shown_by[column + 1] if column + 1 < width else count
            assert count > width and shown_by[column] < ply < after
    assert columns_of(count, width, count) == range(0) and ply_at(-3, width, count) == 0


# -- a hint --------------------------------------------------------------------------------------
def test_the_kind_of_decision_at_each_place() -> None:
    report = short_report()
    rules = report.rules
    third = [r for r in report.segments if r.line == ()][4:7]  # 21, =11, +53
    assert [r.segment.kind for r in third] == [
        SegmentKind.ROLL,
        SegmentKind.CHOSEN_DOUBLE,
        SegmentKind.EXTRA_ROLL,
    ]
    assert next_kind(None, True, rules) is SegmentKind.ROLL
    assert next_kind(third[1], False, rules) is SegmentKind.CHOSEN_DOUBLE  # before it
    assert next_kind(third[0], True, rules) is SegmentKind.CHOSEN_DOUBLE  # after the 1-2
    assert next_kind(third[1], True, rules) is SegmentKind.EXTRA_ROLL
    assert next_kind(third[2], True, rules) is SegmentKind.ROLL  # Black's turn next


@pytest.mark.parametrize("depth", [0, 1])
def test_a_hint_ranks_as_the_engine_api(depth: int) -> None:
    replay = [r for r in short_report().segments if r.line == ()][3]
    position = replay.after
    ranked = ranked_plays(position, SegmentKind.ROLL, 6, 4, short_report().rules, depth)
    expected = Engine("standard").rank(position.to_setup(), "64", depth=depth)
    assert ranked == expected  # the same records, rounded alike
