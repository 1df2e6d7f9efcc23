"""Reading a game's analysis back for display: from an analysis run, and from a record's comments."""

from __future__ import annotations

from typing import Any

import pytest
from analysed_games import short_game

from aceynote.analysis.annotate import AnalysisComment, analysis_comment, annotate, read_comment
from aceynote.analysis.review import RECORD, review_of_analysis, review_of_record
from aceynote.analysis.run import analyze_one
from aceynote.notation import Game, parse_game
from aceynote.notation.writer import write_game


@pytest.fixture(scope="module")
def analysed() -> tuple[str, dict[str, Any]]:
    """The short game's record and its 0-ply analysis (JSON form)."""
    game = short_game()
    return write_game(game), analyze_one(1, game, depth=0)


def segments_of(game: Game) -> list[Any]:
    return [segment for turn in game.turns for segment in turn.segments]


@pytest.mark.parametrize(
    ("best", "text"),
    [
        ({"play": "24/18 13/9"}, "24/18 13/9"),
        ({"play": "20/15(2) 15/10(2)", "double": 5}, "=55: 20/15(2) 15/10(2)"),
        ({"play": "--"}, "--"),
    ],
)
def test_a_comment_reads_back_as_written(best: dict[str, Any], text: str) -> None:
    comment = analysis_comment({"best": [best], "loss": 0.4149})
    assert read_comment(comment) == AnalysisComment(text, 0.41)
    # Rewrapped by hand across lines, it still reads.
    assert read_comment(comment.replace(" ", "\n   ")) == AnalysisComment(text, 0.41)


@pytest.mark.parametrize(
    "text", ["a good move", "aceynote: best", "aceynote: best 24/18, lost", "aceynote: 0.41 lost"]
)
def test_other_comments_are_not_the_analysis(text: str) -> None:
    assert read_comment(text) is None


def test_a_run_gives_every_decision_and_the_graph(analysed: tuple[str, dict[str, Any]]) -> None:
    text, analysis = analysed
    game = parse_game(text)
    review = review_of_analysis(game, analysis)
    decisions = analysis["decisions"]
    assert len(review.judged) == len(decisions) == len(segments_of(game))
    for judged, decision, segment in zip(review.judged, decisions, segments_of(game), strict=True):
        assert judged.segment is segment
        assert (judged.ply, judged.mark, judged.loss) == (
            decision["ply"],
            decision["mark"],
            decision["loss"],
        )
        assert [b.text for b in judged.best] == [b["play"] for b in decision["best"]]
        assert [b.win for b in judged.best] == [b["win"] for b in decision["best"]]
        assert judged.why == (decision["reason"] and decision["reason"]["text"])
    assert review.graph == [(d["ply"], d["white_win_after"]) for d in decisions]


def test_a_record_gives_its_marked_segments(analysed: tuple[str, dict[str, Any]]) -> None:
    text, analysis = analysed
    game = parse_game(text)
    segments_of(game)[0].glyphs.append("?")  # a person's own mark stays the person's
    assert annotate(game, analysis) > 0
    marked = parse_game(write_game(game))  # as written to a file and read again
    review = review_of_record(marked)
    assert review is not None and review.source == RECORD and review.graph == []
    expected = [d for d in analysis["decisions"] if d["mark"] is not None]
    assert [judged.ply for judged in review.judged] == [d["ply"] for d in expected]
    segments = segments_of(marked)
    for judged, decision in zip(review.judged, expected, strict=True):
        assert judged.segment is segments[decision["ply"] - 1]
        assert judged.mark == decision["mark"]
        assert judged.loss == round(decision["loss"], 2)
        (best,) = judged.best
        assert best.text == decision["best"][0]["play"] and best.win is None
        assert judged.why == decision["reason"]["text"]


def test_a_record_without_analysis_comments_has_no_review(
    analysed: tuple[str, dict[str, Any]],
) -> None:
    game = parse_game(analysed[0])
    segments_of(game)[2].comments.append("aceynote: this is not an analysis")
    assert review_of_record(game) is None


def _marked_otherwise(analysis: dict[str, Any]) -> dict[str, Any]:
    """The analysis as a deeper search might give it: other marks, other losses."""
    other = {"?!": "??", "?": None, "??": "?!", None: "?"}
    decisions = [
        {**decision, "mark": other[decision["mark"]], "loss": decision["loss"] + 0.5}
        for decision in analysis["decisions"]
    ]
    return {**analysis, "decisions": decisions}


def test_an_analysis_replaces_an_earlier_one(analysed: tuple[str, dict[str, Any]]) -> None:
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
    analysed: tuple[str, dict[str, Any]],
) -> None:
    text, analysis = analysed
    marked = next(d for d in analysis["decisions"] if d["mark"] is not None)
    game = parse_game(text)
    segment = segments_of(game)[marked["ply"] - 1]
    segment.glyphs.append("!?")
    segment.comments.append("a person's word")
    for _ in range(2):  # analysed twice: nothing doubled
        annotate(game, analysis)
        game = parse_game(write_game(game))
        segment = segments_of(game)[marked["ply"] - 1]
        assert segment.glyphs == ["!?"]
        assert segment.comments == ["a person's word", analysis_comment(marked, named=True)]
    found = read_comment(segment.comments[1])
    assert found is not None and found.mark == marked["mark"]
    review = review_of_record(game)
    assert review is not None
    assert next(j.mark for j in review.judged if j.ply == marked["ply"]) == marked["mark"]


def test_the_text_report_never_signs_a_zero(analysed: tuple[str, dict[str, Any]]) -> None:
    from aceynote.analysis.output import analysis_text

    _, analysis = analysed
    decision = next(d for d in analysis["decisions"] if len(d["best"]) > 1 and not d["forced"])
    decision["best"][0]["equity"] = -0.0001
    decision["best"][1]["equity"] = 0.0002
    decision["best"][1]["diff"] = -0.0004
    analysis["players"]["white"]["luck"] = -0.0003
    analysis["players"]["black"]["luck_adjusted"] = 0.0001
    text = analysis_text(analysis)
    assert "+0.000" not in text and "-0.000" not in text
    assert "equity 0.000" in text


def test_a_nag_meaning_a_glyph_counts_as_a_persons_glyph(
    analysed: tuple[str, dict[str, Any]],
) -> None:
    text, analysis = analysed
    marked = next(d for d in analysis["decisions"] if d["mark"] is not None)
    game = parse_game(text)
    segment = segments_of(game)[marked["ply"] - 1]
    segment.nags.append(4)  # $4: ??
    annotate(game, analysis)
    assert segment.glyphs == [] and segment.nags == [4]
    assert segment.comments == [analysis_comment(marked, named=True)]
