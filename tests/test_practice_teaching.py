"""Practice that teaches, the engine's side: a hint's plays with why, a finished game's review."""

from __future__ import annotations

from analysed_games import short_game

from aceynote.analysis.analysed import AnalysedDecision
from aceynote.analysis.practice import (
    HINT_PLAYS,
    REVIEW_COSTLIEST,
    hint_rows,
    practice_review,
    review_lines,
)
from aceynote.analysis.run import analyze_one
from aceynote.engine import Engine
from aceynote.notation import parse_game
from aceynote.notation.model import Mark
from aceynote.rules import Position, SegmentKind, Side, TurnState, parse_rules
from aceynote.validation import validate

RULES = parse_rules("standard")


def test_a_hint_ranks_the_best_plays_with_why() -> None:
    state = TurnState.begin(Position.from_setup("W 13:3 8:1 6:1 / B 21:2 in:13 / W"), RULES)
    rows = hint_rows(state, (3, 1), depth=0)
    assert 1 < len(rows) <= HINT_PLAYS
    plays = [play for play, _ in rows]
    assert len(set(plays)) == len(plays)
    assert "best: " in rows[0][1] and all(": " in detail for _, detail in rows)
    assert all("leaves" in detail or "make" in detail or "hits" in detail for _, detail in rows)


def test_a_hint_at_a_chosen_double_ranks_the_six_doubles_as_hint_double_does() -> None:
    setup = "W 13:3 8:1 6:1 / B 21:2 in:13 / W"
    state = TurnState(Position.from_setup(setup), RULES, SegmentKind.CHOSEN_DOUBLE)
    rows = hint_rows(state, None, depth=0)
    ranked = Engine("standard").rank_doubles(setup, depth=0)
    assert [play for play, _ in rows] == [f"={d.double}{d.double}: {d.play}" for d in ranked]
    assert sorted(d.double for d in ranked) == [1, 2, 3, 4, 5, 6]
    assert "best: " in rows[0][1] and all(": " in detail for _, detail in rows[1:])


def test_a_review_names_the_rating_the_marks_and_the_costliest_decisions() -> None:
    analysis = analyze_one(1, short_game(), depth=0)
    lines = review_lines(analysis, Side.WHITE)
    white = analysis.players[Side.WHITE]
    assert lines[0].startswith(
        f"Your error rate {white.error_rate:.3f} (points lost a decision) over {white.unforced}"
    )
    assert "rating" in lines[0]
    marks = white.marks
    assert lines[1] == (  # each mark in words, and its glyph as the record writes it
        f"Marks: doubtful ?! {marks[Mark.DOUBTFUL]}, bad ? {marks[Mark.BAD]},"
        f" very bad ?? {marks[Mark.VERY_BAD]}."
    )
    costly = sorted(
        (d for d in analysis.decisions if d.side is Side.WHITE and d.loss > 0),
        key=lambda d: -d.loss,
    )[:3]
    assert lines[3:] == (["Your costliest decisions:"] if costly else []) + [
        line for line in lines[4:]
    ]
    for decision, line in zip(costly, lines[4:], strict=True):
        assert line.startswith(f"{decision.number} {decision.roll_written}: {decision.played}")
        if decision.reason is not None:
            assert line.endswith(decision.reason.text)


def test_a_review_writes_an_extra_roll_and_a_chosen_double_as_the_record_does() -> None:
    """The review wrote the extra roll's segment as '2. 51: ...', a roll of its own."""
    record = (
        '[White "You"]\n[Black "Engine"]\n\n'
        "1. 21: in/23 in/24 =66: in/19(2) 24/18 23/17 +51: 19/14 19/18  64: in/19 in/21\n*\n"
    )
    analysis = analyze_one(1, parse_game(record), depth=0)
    lines = review_lines(analysis, Side.WHITE)
    costly = [d for d in analysis.decisions if d.side is Side.WHITE and d.loss > 0]
    assert any(d.roll_written[0] in "=+" for d in costly)  # the case asked about is met
    for decision in costly:
        assert f"1. {decision.roll_written}: {decision.played}, lost" in "\n".join(lines)


def test_a_review_without_a_decision_of_yours_gives_no_rating() -> None:
    """A game resigned before the person's first play: no error rate of 0.000 over nothing."""
    analysis = analyze_one(
        1, parse_game('[White "You"]\n[Black "Engine"]\n\n1. 52: in/20 in/23\n*\n'), depth=0
    )
    assert analysis.players[Side.BLACK].unforced == 0
    lines = review_lines(analysis, Side.BLACK)
    assert lines[0] == "You made no decision with a choice in it: no error rate or rating to give."
    assert not any("rating" in line for line in lines[1:])
    assert review_lines(analysis, Side.WHITE)[0].startswith("Your error rate 0.")


def test_a_review_says_why_of_each_costliest_decision_marked_or_not() -> None:
    """A costly play can be too small to mark, and an analysis explains only the marked ones
    unless asked: the review asks."""
    game = short_game(5)

    def costliest(explain_all: bool) -> list[AnalysedDecision]:
        analysis = analyze_one(1, game, depth=0, explain_all=explain_all)
        yours = [d for d in analysis.decisions if d.side is Side.WHITE and d.loss > 0]
        return sorted(yours, key=lambda d: -d.loss)[:REVIEW_COSTLIEST]

    assert any(decision.mark is None for decision in costliest(False))
    lines = practice_review(validate(game), Side.WHITE, depth=0)
    shown = lines[lines.index("Your costliest decisions:") + 1 :]
    explained = costliest(True)
    assert len(shown) == len(explained)
    for decision, line in zip(explained, shown, strict=True):
        assert decision.reason is not None
        assert line.startswith(f"{decision.number} {decision.roll_written}: {decision.played}")
        assert line.endswith(f": {decision.reason.text}")


def test_a_review_counts_one_decision_in_the_singular() -> None:
    analysis = analyze_one(
        1, parse_game('[White "You"]\n[Black "Engine"]\n\n1. 52: in/20 in/23\n*\n'), depth=0
    )
    assert analysis.players[Side.WHITE].unforced == 1
    assert " over 1 unforced decision;" in review_lines(analysis, Side.WHITE)[0]
