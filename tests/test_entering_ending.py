"""Result and Termination as the tag editor edits them (aceynote.entering.ending)."""

from __future__ import annotations

import pytest

from aceynote.entering.ending import apply_tags, result_refusal
from aceynote.notation import parse_game
from aceynote.validation import validate
from aceynote.validation.tag_meaning import fitting_results

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


# Every result docs/notation.md §6 allows: * and 1 to 15 points to either side.
EVERY_RESULT = ["*", *(token for won in range(1, 16) for token in (f"{won}-0", f"0-{won}"))]


@pytest.mark.parametrize(
    ("text", "offered"),
    [
        ('[Setup "W 2:1 / B 19:2 / W"]\n\n1. 43: 2/off\n*\n', ("2-0",)),  # won on the board
        (UNFINISHED, ("*",)),
        # Ended by a Termination tag: what each side scores if the other resigns, and any other.
        (
            '[Setup "W 6:2 / B 24:3 / W"]\n[Termination "resignation"]\n\n1. 64: 6/off 6/2\n*\n',
            ("3-0", "0-1"),
        ),
    ],
)
def test_the_tag_editor_refuses_the_results_the_validator_flags(
    text: str, offered: tuple[str, ...]
) -> None:
    """One rule says which results fit a game (fitting_results): the results the language
    server's completion offers first, those the tag editor lets stand, and those the
    validator lets stand (no AD502 or AD503) are its."""
    game = parse_game(text)
    fitting = fitting_results(validate(game))
    assert fitting.offered == offered
    for result in EVERY_RESULT:
        tags = [*((tag.name, tag.value) for tag in game.tags), ("Result", result)]
        edited = parse_game(text)
        apply_tags(edited, tags)
        flagged = {d.code.code for d in validate(edited).diagnostics} & {"AD502", "AD503"}
        stands = fitting.allows(result)
        assert (result_refusal(game, tags) is None, not flagged) == (stands, stands), result
