"""Result and Termination as the tag editor edits them (aceynote.entering.ending)."""

from __future__ import annotations

from aceynote.entering.ending import apply_tags, result_refusal
from aceynote.notation import parse_game
from aceynote.validation import validate

UNFINISHED = '[White "a"]\n[Black "b"]\n\n1. 64: in/19 in/21  53: in/20 in/22\n*\n'


def test_a_padded_termination_is_taken_as_the_validator_takes_it() -> None:
    game = parse_game(UNFINISHED)
    edited = [("White", "a"), ("Black", "b"), ("Termination", " resignation "), ("Result", "5-0")]
    assert result_refusal(game, edited) is None
    apply_tags(game, edited)
    assert game.tag("Termination") == "resignation"
    assert game.result == "5-0"
    report = validate(game)
    assert report.diagnostics == []


def test_an_unknown_termination_does_not_let_an_unfinished_game_carry_points() -> None:
    game = parse_game(UNFINISHED)
    edited = [("Termination", "boredom"), ("Result", "5-0")]
    assert result_refusal(game, edited) is not None
