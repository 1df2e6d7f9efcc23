"""Messages that point at the right thing (issue 22): a move typed as a result, the move
that no die fits, and which later problems follow from an earlier error."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import codes, record, setup

from aceynote.cli import main
from aceynote.notation import parse_game
from aceynote.validation import Diagnostic, validate


def diagnostics(text: str) -> list[Diagnostic]:
    return validate(parse_game(text)).diagnostics


def column_of(text: str, needle: str) -> tuple[int, int]:
    """1-based (line, column) of ``needle`` in ``text``."""
    offset = text.index(needle)
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


# -- a move written like a result (docs/notation.md choice 17) -------------------------------

MISREAD = "'19-16' was read as a result where a move was expected: a move is written 19/16"


@pytest.mark.parametrize(
    "movetext",
    [
        # the typo: the game goes on after it
        "1. 64: in/19 in/21  43: in/21 19-16\n2. 52: in/20 in/23\n",
        # right after the roll, where the play must stand
        "1. 64: in/19 in/21  43: 19-16\n2. 52: in/20 in/23\n",
        # inside a variation, closed later
        "1. 64: in/19 in/21  43: in/21 in/22 (1... 43: in/21 19-16)\n2. 52: in/20 in/23\n",
        # a comment after it leaves it what it was
        "1. 64: in/19 in/21  43: in/21 19-16 {typo}\n2. 52: in/20 in/23\n",
    ],
)
def test_a_move_written_like_a_result_is_named_where_it_stands(movetext: str) -> None:
    text = record(movetext)
    game = parse_game(text)
    [problem] = game.problems
    assert problem.message == MISREAD
    assert (problem.span.line, problem.span.column) == column_of(text, "19-16")
    # The turn that holds it is not replayed: no message about its dice follows.
    assert codes(validate(game)) == ["AD100"]
    assert len(game.turns) == 1


def test_a_move_written_like_a_result_at_the_end_of_the_game() -> None:
    text = record("1. 64: in/19 in/21  43: in/21 19-16", result="")
    found = diagnostics(text)
    assert [d.code.code for d in found] == ["AD308", "AD504"]
    assert found[1].message == MISREAD
    assert (found[1].span.line, found[1].span.column) == column_of(text, "19-16")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # 3-2 after a play that used its dice: a result with points for both sides
        (
            record("1. 64: in/19 in/21", '[Termination "resignation"]', result="3-2"),
            "'3-2' gives points to both sides; one of them is 0",
        ),
        # 15-0 cannot be a move (there is no point 0)
        (record("1. 64: in/19", result="15-0"), None),
    ],
)
def test_a_result_that_is_no_move_keeps_its_own_message(text: str, message: str | None) -> None:
    found = diagnostics(text)
    assert all("was read as a result" not in d.message for d in found)
    if message is not None:
        assert [d.message for d in found if d.code.code == "AD504"] == [message]


def test_a_true_result_at_the_end_is_quiet() -> None:
    text = record("1. 43: 2/off 1/off", setup("W 2:1 1:1 / B 6:2 5:3 bar:1 / W"), result="6-0")
    assert diagnostics(text) == []


@pytest.mark.parametrize("result", ["1-0", "1-0 {done}", "* {c}", "* {c} {d}"])
def test_a_result_then_more_movetext_still_says_the_game_ended(result: str) -> None:
    # 1-0 is no move: the next game was meant, and it starts with its tags. The comments
    # after a result belong to the game it ended (§1): they leave it ended.
    game = parse_game(record(f"1. 64: in/19 in/21 {result}\n1. 52: in/20 in/23\n"))
    [problem] = game.problems
    assert problem.message.startswith("the result ends the game")
    assert (problem.span.line, problem.span.column) == (2, 1)


# -- the move that no die fits ---------------------------------------------------------------

# (Setup, the play with a § before the move to be named, the words of the message)
WRONG_DIE = {
    # the play: in/22 alone reads as in/23/22 and leaves no die for in/23,
    # but it is in/22 that the 1 left by in/23 cannot make
    "one_die_each": (
        "W 15:1 in:14 / B 5:1 3:1 in:13 / W",
        "1. 21: §in/22 in/23",
        "with 2-1, in/23 takes the 2, and the 1 left cannot make the trip in/22",
    ),
    "first_written": (
        "W in:15 / B in:15 / W",
        "1. 64: §in/20 in/21",
        "with 6-4, in/21 takes the 4, and the 6 left cannot make the trip in/20",
    ),
    "a_two_dice_trip": (
        "W 24:1 8:1 / B 3:2 in:13 / W",
        "1. 65: §24/13 8/2",
        "with 6-5, 8/2 takes the 6, and the 5 left cannot make the trip 24/13",
    ),
    "a_double": (
        "W 13:2 8:1 6:1 / B 3:2 in:13 / W",
        "1. 44: 13/9(2) 6/2 §8/3",
        "with 4-4, 13/9 13/9 6/2 take three 4s, and the 4 left cannot make the trip 8/3",
    ),
    "a_move_too_many": (
        "W 24:2 13:2 / B 3:2 in:13 / W",
        "1. 65: 24/18 24/19 §13/8",
        "with 6-5, 24/18 24/19 take every die: none is left for the trip 13/8",
    ),
    "the_same_trip_twice": (
        "W 24:2 / B 3:2 in:13 / W",
        "1. 65: §24/18(2)",
        "with 6-5, 24/18 takes the 6, and the 5 left cannot make the trip 24/18 again",
    ),
    "one_move": (
        "W in:15 / B in:15 / W",
        "1. 64: §in/20",
        "the roll 6-4 cannot make the trip in/20",
    ),
    # two moves no die fits: the first written is named
    "two_wrong": (
        "W in:15 / B in:15 / W",
        "1. 64: §in/20 in/22",
        "the roll 6-4 cannot make the trip in/20",
    ),
}


@pytest.mark.parametrize(("position", "play", "words"), WRONG_DIE.values(), ids=WRONG_DIE.keys())
def test_a_wrong_die_names_the_move_no_die_fits(position: str, play: str, words: str) -> None:
    marked = record(play, setup(position))
    text = marked.replace("§", "")
    first = diagnostics(text)[0]
    assert (first.code.code, first.message) == ("AD304", words)
    assert (first.span.line, first.span.column) == column_of(marked, "§")


# -- what follows from an earlier error (docs/notation.md choice 10) --------------------------


def test_a_missing_double_after_a_wrong_die_does_not_follow_from_it() -> None:
    # The record: whatever White meant, 2-1 can be played in full, so =DD: is
    # missing either way.
    text = record("1. 64: in/19 19/15  53: in/20 in/22\n2. 21: in/22 in/23\n")
    wrong_die, missing = diagnostics(text)
    assert (wrong_die.code.code, wrong_die.span.line, wrong_die.span.column) == ("AD304", 2, 8)
    assert missing.code.code == "AD401"
    assert missing.follows is None


def test_a_missing_double_after_an_earlier_unrelated_error_does_not_follow_from_it() -> None:
    text = record("1. 64: in/20 in/21  43: in/21 in/22\n2. 21: in/24 in/23  65: in/19 in/20\n")
    wrong_die, missing = diagnostics(text)
    assert (wrong_die.code.code, missing.code.code) == ("AD304", "AD401")
    assert (missing.span.line, missing.follows) == (2, None)


def test_a_missing_double_asked_for_by_the_dice_allowed_follows_from_the_short_play() -> None:
    # Only the 1 is written; the flow counts the two dice the position allowed (choice 10),
    # and that alone asks for =DD:.
    short, missing = diagnostics(record("1. 21: in/24  43: in/21 in/22"))
    assert (short.code.code, missing.code.code) == ("AD308", "AD401")
    assert missing.follows == short.span


HIT_BY_RECOVERY = record(
    "1. 64: 13/8  61: 23/17 in/24\n2. 43: in/21 in/22  65: 23/17 17/12\n",
    setup("W 13:2 in:13 / B 23:2 in:13 / W"),
)


def test_a_hit_on_a_checker_the_recovery_put_there_follows_from_the_error() -> None:
    # 13/8 cannot be made with 6-4; the replay moves the checker to 8 (Black's 17) anyway.
    # Black's 23/17 hits it only because of that, and so White's next play is from the bar.
    wrong_die, hit, bar, other_hit = diagnostics(HIT_BY_RECOVERY)
    assert (wrong_die.code.code, wrong_die.span.column) == ("AD304", 8)
    assert (hit.code.code, hit.span.line, hit.span.column) == ("AD311", 3, 18)
    assert hit.follows == wrong_die.span
    assert (bar.code.code, bar.follows) == ("AD302", wrong_die.span)
    # White's blot on 13 (Black's 12) is there whatever White played with 6-4.
    assert (other_hit.code.code, other_hit.span.column, other_hit.follows) == ("AD311", 31, None)


def test_the_follows_note_is_printed_for_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hit.acey"
    path.write_text(HIT_BY_RECOVERY, encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    warning = next(n for n, line in enumerate(lines) if "3:18: warning AD311" in line)
    assert lines[warning + 3] == "  note: this may follow from the error at 3:8"


@pytest.mark.parametrize(
    "movetext",
    [
        "1. 64: in/2l in/21",
        "1. 64: in/19 in/2l",
        "1. 64: in/19 in/21  53: in/20 in/2l",
        "1. 64: in/19 in/21  53: in/20 in/22\n2. 52: in/2l 19/17",
        "1. 64: in/19 in/21  53: in/20 in/22\n2. 52: in/2l\n   19/17",
        "1. 21: in/24 in/23 =66: in/2l in/19 19/13 19/13 +53: in/20 in/22",
    ],
)
def test_a_typo_in_a_move_is_one_syntax_error_and_its_turn_is_not_replayed(
    movetext: str,
) -> None:
    """docs/notation.md choice 13: ``in/2l`` is AD100 at the ``l``, and no AD304 for ``in/2``."""
    report = validate(parse_game(movetext + "\n*\n"))
    assert [(d.code.code, d.message) for d in report.diagnostics] == [
        ("AD100", "'l' is not part of the notation")
    ]
