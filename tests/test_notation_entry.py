"""One segment as typed on the replay app's entry line (issue 11): the record grammar reads it."""

from __future__ import annotations

import pytest

from aceynote.notation.segment_entry import EntryError, parse_segment
from aceynote.rules import SegmentKind

ROLL, DOUBLE, EXTRA = SegmentKind.ROLL, SegmentKind.CHOSEN_DOUBLE, SegmentKind.EXTRA_ROLL


@pytest.mark.parametrize(
    ("text", "expects", "dice", "moves"),
    [
        ("64: in/19 in/21", ROLL, (6, 4), ["in/19", "in/21"]),
        ("46: in/21 in/19", ROLL, (4, 6), ["in/21", "in/19"]),
        ("33: --", ROLL, (3, 3), []),
        ("=66: 19/13(2) 21/15(2)", DOUBLE, (6, 6), ["19/13(2)", "21/15(2)"]),
        ("66: 19/13(2) 21/15(2)", DOUBLE, (6, 6), ["19/13(2)", "21/15(2)"]),
        ("+53: in/20 in/22", EXTRA, (5, 3), ["in/20", "in/22"]),
        ("53: in/20 in/22", EXTRA, (5, 3), ["in/20", "in/22"]),
        ("  65: 24/18/13 IN/19  ", ROLL, (6, 5), ["24/18/13", "in/19"]),
    ],
)
def test_a_typed_segment_is_read(
    text: str, expects: SegmentKind, dice: tuple[int, int], moves: list[str]
) -> None:
    segment = parse_segment(text, expects)
    assert segment.kind is expects
    assert segment.dice == dice
    assert [str(move) for move in segment.moves] == moves
    for move, written in zip(segment.moves, moves, strict=True):
        assert text[move.span.column - 1 : move.span.end_column - 1].lower() == written


def test_glyphs_and_comments_are_kept() -> None:
    segment = parse_segment("64: in/19 in/21 !? {a good start}", ROLL)
    assert segment.glyphs == ["!?"] and segment.comments == ["a good start"]


@pytest.mark.parametrize(
    ("text", "expects", "column", "words"),
    [
        ("", ROLL, 1, "type the roll"),
        ("64", ROLL, 1, "ends with a colon"),
        ("=66: in/19(4)", ROLL, 1, "a turn starts with a roll"),
        ("+53: in/20 in/22", DOUBLE, 1, "the chosen double"),
        ("=66: in/19(4)", EXTRA, 1, "the extra roll"),
        ("64: in/19 xx/21", ROLL, 11, "'xx/21' is not a move"),
        ("  53: in/20 xx/22", EXTRA, 13, "'xx/22' is not a move"),
        ("=65: in/20 in/19", DOUBLE, 1, "chosen double"),
        ("64: in/19 in/21  43: in/21 in/22", ROLL, 1, "one segment"),
        ("64: in/19 in/21 1-0", ROLL, 1, "no result"),
        ("64: in/19 19-15", ROLL, 11, "'19-15' was read as a result where a move was expected"),
        ("64: in/19 in/21 (1. 43: in/22 in/21)", ROLL, 1, "no variation"),
        ('64: in/19 in/21\n[Event "x"]\n1. 33: --', ROLL, 1, "on one line"),
        ("1. 64: in/19 in/21", ROLL, 1, "without a move number"),
        ("12... 64: in/19 in/21", ROLL, 1, "without a move number"),
        ("bar/19 in/21", ROLL, 1, "type the roll first, then the play, like 64:"),
        ("  in/20 20/17", EXTRA, 3, "type the roll first, then the play, like +53:"),
        ("in/19(2) 22/16 19/13", DOUBLE, 1, "type the roll first, then the play, like =66:"),
    ],
)
def test_a_wrong_entry_says_where_and_why(
    text: str, expects: SegmentKind, column: int, words: str
) -> None:
    with pytest.raises(EntryError) as raised:
        parse_segment(text, expects)
    assert raised.value.column == column
    assert words in str(raised.value)
