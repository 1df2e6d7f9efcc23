"""Reading a game's analysis back for display: from an analysis run, and from a record's comments."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from analysed_games import short_game
from conftest import SHORT_GAME

from aceynote.analysis.analysed import GameAnalysis
from aceynote.analysis.annotate import AnalysisComment, analysis_comment, annotate, read_comment
from aceynote.analysis.review import (
    ENGINE,
    RECORD,
    review_of_analysis,
    review_of_record,
    review_of_report,
)
from aceynote.analysis.run import analyze_one
from aceynote.engine import RankedPlay
from aceynote.notation import Game, parse_game, parse_games
from aceynote.notation.model import Mark
from aceynote.notation.writer import write_game
from aceynote.rules import Side
from aceynote.validation import validate


@pytest.fixture(scope="module")
def analysed() -> tuple[str, GameAnalysis]:
    """The short game's record and its 0-ply analysis."""
    game = short_game()
    return write_game(game), analyze_one(1, game, depth=0)


def segments_of(game: Game) -> list[Any]:
    return [segment for turn in game.turns for segment in turn.segments]


@pytest.mark.parametrize(
    ("play", "double", "text"),
    [
        ("24/18 13/9", 0, "24/18 13/9"),
        ("20/15(2) 15/10(2)", 5, "=55: 20/15(2) 15/10(2)"),
        ("--", 0, "--"),
    ],
)
def test_a_comment_reads_back_as_written(
    analysed: tuple[str, GameAnalysis], play: str, double: int, text: str
) -> None:
    best = RankedPlay(play, 0.5, 0.0, 0.0, double)
    decision = replace(analysed[1].decisions[0], best=(best,), loss=0.4149, reason=None)
    comment = analysis_comment(decision)
    assert read_comment(comment) == AnalysisComment(text, 0.41)
    # Rewrapped by hand across lines, it still reads.
    assert read_comment(comment.replace(" ", "\n   ")) == AnalysisComment(text, 0.41)


@pytest.mark.parametrize(
    "text", ["a good move", "aceynote: best", "aceynote: best 24/18, lost", "aceynote: 0.41 lost"]
)
def test_other_comments_are_not_the_analysis(text: str) -> None:
    assert read_comment(text) is None


def test_a_run_gives_every_decision(analysed: tuple[str, GameAnalysis]) -> None:
    text, analysis = analysed
    game = parse_game(text)
    review = review_of_analysis(game, analysis)
    assert review.source == ENGINE and review.depth == 0
    decisions = analysis.decisions
    assert len(review.judged) == len(decisions) == len(segments_of(game))
    for judged, decision, segment in zip(review.judged, decisions, segments_of(game), strict=True):
        assert judged.segment is segment and judged.verdict is decision
        assert (judged.ply, judged.mark, judged.loss) == (
            decision.ply,
            decision.mark and decision.mark.value,
            decision.loss,
        )
        assert judged.why == (decision.reason and decision.reason.text)


@pytest.fixture(scope="module")
def short_analysis() -> GameAnalysis:
    """The app's short game (a 1-2 with its chosen double) and its 0-ply analysis."""
    return analyze_one(1, parse_games(SHORT_GAME)[0], 0)


def test_a_review_is_found_by_segment(short_analysis: GameAnalysis) -> None:
    report = validate(parse_games(SHORT_GAME)[0])
    review = review_of_report(report, short_analysis)
    assert review is not None and review.source == ENGINE
    segments = [replay.segment for replay in report.main_line()]
    for index, segment in enumerate(segments):
        assert review.index_of(segment) == index
        assert review.decision_of(segment) is short_analysis.decisions[index]
        assert review.judged_of(segment) is review.judged[index]
    assert review.index_of(None) is None and review.decision_of(None) is None
    marked = {id(segments[d.ply - 1]): d.mark.value for d in short_analysis.marked if d.mark}
    assert review.marks() == marked and len(marked) > 0
    assert review.white_wins == [d.white_win_after for d in short_analysis.decisions]
    assert review == review_of_analysis(report.game, short_analysis)


def test_an_analysis_still_fits_after_a_comment_but_not_after_other_moves(
    short_analysis: GameAnalysis,
) -> None:
    game = parse_games(SHORT_GAME)[0]
    game.turns[0].segments[0].comments.append("a comment changes nothing")
    assert review_of_report(validate(game), short_analysis) is not None
    other = parse_games(SHORT_GAME.replace("1. 61: in/19 19/18", "1. 61: in/19 in/24"))[0]
    assert review_of_report(validate(other), short_analysis) is None
    navy = parse_games(SHORT_GAME.replace('"standard"', '"navy"'))[0]
    assert review_of_report(validate(navy), short_analysis) is None


def test_moves_recorded_after_the_analysis_keep_it(short_analysis: GameAnalysis) -> None:
    longer = SHORT_GAME.replace("*\n", "6. 53: in/20 20/17  64: in/19 13/9\n*\n")
    review = review_of_report(validate(parse_games(longer)[0]), short_analysis)
    assert review is not None and len(review.judged) == 12


def test_a_record_gives_its_marked_segments(analysed: tuple[str, GameAnalysis]) -> None:
    text, analysis = analysed
    game = parse_game(text)
    segments_of(game)[0].glyphs.append("?")  # a person's own mark stays the person's
    assert annotate(game, analysis) > 0
    marked = parse_game(write_game(game))  # as written to a file and read again
    review = review_of_record(marked)
    assert review is not None and review.source == RECORD and review.depth is None
    expected = analysis.marked
    assert [judged.ply for judged in review.judged] == [d.ply for d in expected]
    segments = segments_of(marked)
    for judged, decision in zip(review.judged, expected, strict=True):
        assert judged.segment is segments[decision.ply - 1]
        assert decision.mark is not None and judged.mark == decision.mark.value
        assert judged.loss == round(decision.loss, 2)
        assert isinstance(judged.verdict, AnalysisComment)
        assert judged.verdict.best == decision.best_text
        assert decision.reason is not None and judged.why == decision.reason.text
        assert (
            review.judged_of(judged.segment) is judged
            and review.decision_of(judged.segment) is None
        )
    assert review.marks() == {id(j.segment): j.mark for j in review.judged}
    assert review.white_wins is None


def test_a_record_without_analysis_comments_has_no_review(
    analysed: tuple[str, GameAnalysis],
) -> None:
    game = parse_game(analysed[0])
    segments_of(game)[2].comments.append("aceynote: this is not an analysis")
    assert review_of_record(game) is None


def _marked_otherwise(analysis: GameAnalysis) -> GameAnalysis:
    """The analysis as a deeper search might give it: other marks, other losses."""
    other = {Mark.DOUBTFUL: Mark.VERY_BAD, Mark.BAD: None, Mark.VERY_BAD: Mark.DOUBTFUL}
    decisions = tuple(
        replace(decision, mark=other.get(decision.mark, Mark.BAD), loss=decision.loss + 0.5)
        for decision in analysis.decisions
    )
    return replace(analysis, decisions=decisions)


def test_an_analysis_replaces_an_earlier_one(analysed: tuple[str, GameAnalysis]) -> None:
    text, analysis = analysed
    deeper = _marked_otherwise(analysis)
    once, twice = parse_game(text), parse_game(text)
    annotate(once, deeper)
    annotate(twice, analysis)
    twice = parse_game(write_game(twice))  # written to a file and analysed again
    annotate(twice, deeper)
    assert write_game(twice) == write_game(once)
    for segment in segments_of(twice):
        assert len(segment.glyphs) <= 1 and len(segment.comments) <= 1


def test_a_persons_glyph_wins_and_the_comment_names_the_mark(
    analysed: tuple[str, GameAnalysis],
) -> None:
    text, analysis = analysed
    marked = analysis.marked[0]
    game = parse_game(text)
    segment = segments_of(game)[marked.ply - 1]
    segment.glyphs.append("!?")
    segment.comments.append("a person's word")
    for _ in range(2):  # analysed twice: nothing doubled
        annotate(game, analysis)
        game = parse_game(write_game(game))
        segment = segments_of(game)[marked.ply - 1]
        assert segment.glyphs == ["!?"]
        assert segment.comments == ["a person's word", analysis_comment(marked, named=True)]
    found = read_comment(segment.comments[1])
    assert marked.mark is not None and found is not None and found.mark == marked.mark.value
    review = review_of_record(game)
    assert review is not None
    assert next(j.mark for j in review.judged if j.ply == marked.ply) == marked.mark.value


def test_the_text_report_never_signs_a_zero(analysed: tuple[str, GameAnalysis]) -> None:
    from aceynote.analysis.output import analysis_text

    _, analysis = analysed
    place, decision = next(
        (place, d) for place, d in enumerate(analysis.decisions) if len(d.best) > 1 and not d.forced
    )
    first, second, *others = decision.best
    best = (replace(first, equity=-0.0001), replace(second, equity=0.0002, diff=-0.0004), *others)
    decisions = list(analysis.decisions)
    decisions[place] = replace(decision, best=best)
    players = {
        Side.WHITE: replace(analysis.players[Side.WHITE], luck=-0.0003),
        Side.BLACK: replace(analysis.players[Side.BLACK], luck_adjusted=0.0001),
    }
    text = analysis_text(replace(analysis, decisions=tuple(decisions), players=players))
    assert "+0.000" not in text and "-0.000" not in text
    assert "equity 0.000" in text


def test_a_nag_meaning_a_glyph_counts_as_a_persons_glyph(
    analysed: tuple[str, GameAnalysis],
) -> None:
    text, analysis = analysed
    marked = analysis.marked[0]
    game = parse_game(text)
    segment = segments_of(game)[marked.ply - 1]
    segment.nags.append(4)  # $4: ??
    annotate(game, analysis)
    assert segment.glyphs == [] and segment.nags == [4]
    assert segment.comments == [analysis_comment(marked, named=True)]
