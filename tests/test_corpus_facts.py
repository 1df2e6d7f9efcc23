"""The facts of a game that find, stats and the tables share (aceynote.corpus.facts)."""

from __future__ import annotations

from pathlib import Path

from aceynote.corpus import GameFacts, game_facts, result_points
from aceynote.notation import parse_game
from aceynote.rules import Side
from aceynote.validation import validate

SAMPLES = Path(__file__).parent.parent / "samples"


def facts_of(text: str) -> GameFacts:
    return game_facts(validate(parse_game(text)))


def test_result_points_reads_the_token() -> None:
    assert result_points("9-0") == (9, 0)
    assert result_points("0-15") == (0, 15)
    assert result_points("*") is None


def test_the_annotated_sample_counted_by_hand() -> None:
    text = (SAMPLES / "annotated.acey").read_text(encoding="utf-8")
    facts = facts_of(text)
    assert facts.acey_deucey  # 3. 21: ... =11: ...
    assert facts.points == (15, 0) and facts.winner is Side.WHITE
    assert facts.outcome == "white"
    assert facts.errors == 0
    # Counted by hand on the main line: a hit is a blot sent to the bar
    # (``17/15*(2)`` is one), the variation's plays are not counted.
    assert facts.hits == {Side.WHITE: 8, Side.BLACK: 1}
    assert facts.passes == {Side.WHITE: 0, Side.BLACK: 2}  # 23... 43: -- and 33... 31: --
    assert facts.turns == 79


def test_an_unfinished_game() -> None:
    facts = facts_of('[Setup "W 24:1 / B 24:1 / W"]\n1. 64: 24/14 64: 24/14 *\n')
    assert facts.outcome == "unfinished"
    assert facts.winner is None
    assert facts.turns == 2
    assert facts.passes == {Side.WHITE: 0, Side.BLACK: 0}
    assert not facts.acey_deucey


def test_the_first_mover_is_the_side_of_the_first_turn() -> None:
    assert facts_of('[Setup "W 24:1 / B 24:1 / B"]\n1... 64: 24/14 *\n').first_mover is Side.BLACK
    assert facts_of('[Setup "W 24:1 / B 24:1 / W"]\n1. 64: 24/14 *\n').first_mover is Side.WHITE
    assert facts_of("*\n").first_mover is None
