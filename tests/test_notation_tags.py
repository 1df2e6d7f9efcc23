"""Checking the values of tags whose form the notation gives (docs/notation.md §2, §6, §7, §8)."""

from __future__ import annotations

import pytest

from aceynote.notation.tags import (
    date_parts,
    match_length,
    match_score,
    points_winner,
    result_points,
    tag_value_problem,
    time_parts,
)
from aceynote.rules import Side


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("Result", "*"),
        ("Result", "9-0"),
        ("Result", "0-4"),
        ("Date", "1962.03.14"),
        ("Date", "????.??.??"),
        ("Date", "1962.??.??"),
        ("Rules", "standard"),
        ("Rules", "bgammon larger_die=no"),
        ("Rules", "NAVY"),
        ("Opening", "5-3"),
        ("Opening", "4-4 2-2 5-3"),
        ("Setup", "W 24:2 13:5 in:8 / B 19:2 6:5 in:8 / W"),
        ("Termination", "resignation"),
        ("Termination", "Normal"),
        ("Event", "anything at all"),
        ("Annotator", ""),
    ],
)
def test_values_of_the_right_form_pass(name: str, value: str) -> None:
    assert tag_value_problem(name, value) is None


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("Result", "standard", "not a result"),
        ("Result", "2-1", "both sides"),
        ("Result", "9 - 0", "not a result"),
        ("Date", "14 March 1962", "YYYY.MM.DD"),
        ("Date", "1962.3.14", "YYYY.MM.DD"),
        ("Rules", "chouette", "unknown rule preset"),
        ("Rules", "standard bearoff=maybe", "bearoff"),
        ("Opening", "3-3", "tie"),
        ("Opening", "53", "opening roll"),
        ("Setup", "W 1:1 / B 24:1 / W", "both sides"),
        ("Setup", "W 1:16 / B 1:1 / W", "15"),
        ("Termination", "rain", "normal, resignation, time, abandoned"),
    ],
)
def test_values_of_the_wrong_form_are_named_in_words(name: str, value: str, words: str) -> None:
    problem = tag_value_problem(name, value)
    assert problem is not None and words in problem


def test_the_values_tags_hold_are_read_in_one_place() -> None:
    """The readings every part shares (the tables, find, stats, the bgammon writer, the app's
    ending): a value the check refuses is read as None."""
    assert date_parts("1962.03.14") == (1962, 3, 14)
    assert date_parts("????.??.??") == (None, None, None)
    assert date_parts("1962.??.14") == (1962, None, 14)
    assert date_parts("1962.3.14") is None
    assert date_parts("1962.03.14\n") is None
    assert tag_value_problem("Date", "1962.03.14\n") is not None
    assert time_parts("09:05:00") == (9, 5, 0)
    assert time_parts("9:05") is None
    assert match_length("7") == 7
    assert match_length("1234567890") is None  # past the notation's 9 digits
    assert match_score("1-2") == (1, 2)
    assert result_points("0-15") == (0, 15)
    assert result_points("*") is None
    assert points_winner(result_points("0-15")) is Side.BLACK
    assert points_winner(result_points("0-0")) is None
    assert points_winner(None) is None
