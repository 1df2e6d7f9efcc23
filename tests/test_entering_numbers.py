"""Move numbers typed on the entry line: each must name the turn its segment belongs to, or
the entry is refused at the number, in the validator's words (docs/record.md)."""

from __future__ import annotations

import pytest

from aceynote.entering import EntryProblem, Recording, TypedRoll, entries_in
from aceynote.notation import Segment, parse_game, write_game
from aceynote.notation.lines import MAIN, Branch, branch_after, new_game
from aceynote.rules import Side
from aceynote.validation import validate
from aceynote.validation.numbering import number_fault

# White's 2. 21: and its chosen double are in: White's extra roll comes next.
TO_THE_EXTRA_ROLL = ("64: in/19 in/21", "43: in/21 in/22", "21: in/24 in/23", "=66: in/19(4)")
GAME = (
    '[Opening "5-3"]\n\n1. 64: in/19 in/21  43: in/21 in/22\n'
    "2. 21: in/24 in/23 =66: in/19(4) +53: in/20 in/22  65: 21/10\n*\n"
)


def recording(
    *entries: str, tags: tuple[tuple[str, str], ...] = (("Opening", "5-3"),)
) -> Recording:
    made = Recording.at_end(new_game(list(tags)))
    for entry in entries:
        assert isinstance(made.enter(entry), Segment), entry
    return made


def refused(made: Recording, text: str) -> EntryProblem:
    before = write_game(made.game)
    problem = made.enter(text)
    assert isinstance(problem, EntryProblem), text
    assert write_game(made.game) == before  # nothing entered
    return problem


def test_the_wrong_turns_number_before_the_extra_roll_is_refused_at_the_number() -> None:
    """'3... 53: in/20 in/22' where White's extra roll was due went in as White's +53: silently."""
    made = recording(*TO_THE_EXTRA_ROLL)
    problem = refused(made, "3... 53: in/20 in/22")
    assert (problem.code, problem.column) == ("AD202", 1)
    assert problem.message == "it is White's turn here (2.), but this turn is numbered as Black's"
    fault = number_fault(Side.BLACK, 3, Side.WHITE, 2)  # the validator's own words
    assert fault is not None and problem.message == fault.message
    assert refused(made, "  3. 53: in/20 in/22").column == 3
    assert isinstance(made.enter("2. 53: in/20 in/22"), Segment)  # the turn in progress
    assert write_game(made.game).endswith("+53: in/20 in/22\n*\n")


@pytest.mark.parametrize(
    ("entries", "typed", "code", "message"),
    [
        ((), "1... 64: in/19 in/21", "AD204", "White moves first in this game"),
        ((), "2. 64: in/19 in/21", "AD201", "this turn is numbered 2; counting the turns it is 1."),
        (TO_THE_EXTRA_ROLL[:1], "1. 43: in/21 in/22", "AD202", "it is Black's turn here (1...)"),
        (TO_THE_EXTRA_ROLL[:1], "2... 43: in/21 in/22", "AD201", "counting the turns it is 1..."),
        (TO_THE_EXTRA_ROLL[:3], "3. =66: in/19(4)", "AD201", "counting the turns it is 2."),
        (TO_THE_EXTRA_ROLL[:3], "2... 66: in/19(4)", "AD202", "it is White's turn here (2.)"),
        (TO_THE_EXTRA_ROLL, "2... 53", "AD202", "it is White's turn here (2.)"),
        (TO_THE_EXTRA_ROLL, "3.", "AD201", "counting the turns it is 2."),
    ],
)
def test_a_number_naming_another_turn_is_refused_in_the_validators_words(
    entries: tuple[str, ...], typed: str, code: str, message: str
) -> None:
    made = recording(*entries)
    problem = refused(made, typed)
    assert problem.code == code and problem.column == 1 and message in problem.message


def test_a_first_number_says_who_moves_first_where_no_tag_does() -> None:
    """§7: without an Opening or Setup, '1...' first is Black moving first (it was refused as
    AD202, 'it is White's turn here', since the recording was opened for White)."""
    made = recording(tags=())
    assert made.prompt() == "1. White to roll"
    refused(made, "1... 43: in/20 in/22")  # an illegal play: who moves first is as it was
    assert made.prompt() == "1. White to roll"
    assert isinstance(made.enter("1... 43: in/21 in/22"), Segment)
    assert made.prompt() == "2. White to roll"
    assert write_game(made.game).endswith("\n\n1... 43: in/21 in/22\n*\n")
    assert validate(made.game).diagnostics == []
    assert refused(made, "2... 64: in/19 in/21").code == "AD202"  # no longer the game's start
    assert made.undo() is not None and made.prompt() == "1. White to roll"  # as opened again
    assert Recording.at_end(made.game).prompt() == made.prompt()
    assert made.redo() is not None and made.prompt() == "2. White to roll"
    assert write_game(made.game).endswith("\n\n1... 43: in/21 in/22\n*\n")
    made.undo()
    alone = made.enter("1... 43")  # a roll alone, of many plays: nothing entered yet
    assert isinstance(alone, EntryProblem) and alone.roll_alone
    assert made.prompt() == "1. White to roll"
    assert isinstance(made.enter("1. 64: in/19 in/21"), Segment)
    assert write_game(made.game).endswith("\n\n1. 64: in/19 in/21\n*\n")


SETUP = (("Setup", "W in:15 / B in:15 / W"),)


def test_a_setup_games_first_turn_takes_the_number_typed() -> None:
    """§7: a Setup game's first move number may be any N >= 1, as the validator reads it (the
    recorder refused '17.' as AD201, 'counting the turns it is 1.')."""
    made = recording(tags=SETUP)
    assert refused(made, "0. 64: in/19 in/21").code == "AD201"
    assert refused(made, "17... 64: in/19 in/21").code == "AD204"  # the Setup says White
    assert isinstance(made.enter("17. 64: in/19 in/21"), Segment)
    assert made.prompt() == "17... Black to roll"
    assert refused(made, "1... 43: in/21 in/22").code == "AD201"
    assert isinstance(made.enter("17... 43: in/21 in/22"), Segment)
    assert isinstance(made.enter("55: in/20(4)"), Segment)  # numbered on from 17
    assert write_game(made.game).split("\n\n")[1].startswith("17. 64: in/19 in/21  43:")
    assert "18. 55:" in write_game(made.game)
    assert validate(made.game).diagnostics == []
    for _ in range(3):
        made.undo()
    assert made.prompt() == "1. White to roll" == Recording.at_end(made.game).prompt()
    assert made.redo() is not None and made.prompt() == "17... Black to roll"


def test_a_pasted_record_with_right_numbers_is_entered_segment_by_segment() -> None:
    made = recording()
    line = (
        "1. 64: in/19 in/21 43: in/21 in/22 2. 21: in/24 in/23 =66: in/19(4)"
        " +53: in/20 in/22 2... 65: 21/10"
    )
    for start, end in entries_in(line):
        assert isinstance(made.enter(line[start:end]), Segment), line[start:end]
    assert write_game(made.game).endswith(GAME.split("\n\n")[1])
    assert validate(made.game).diagnostics == []


def test_a_number_is_read_with_the_roll_and_kept_in_the_entry_of_a_play_picked() -> None:
    made = recording(*TO_THE_EXTRA_ROLL)
    typed = made.typed_roll("2. 53")
    assert isinstance(typed, TypedRoll) and typed.label == "+53"
    picked = typed.entry(typed.plays[0])
    assert picked.startswith("2. 53: ")
    wrong = made.typed_roll("3... 53")  # a play picked there would go in under 3...
    assert isinstance(wrong, EntryProblem) and wrong.code == "AD202"
    assert isinstance(made.enter(picked), Segment)


def test_a_variation_numbers_from_the_turn_it_replaces() -> None:
    game = parse_game(GAME)
    black = branch_after(game, Branch(MAIN, 0, 0))  # replaces 1... 43:
    made = Recording.at_end(game, black)
    assert refused(made, "2. 65: in/20 in/19").code == "AD202"
    assert isinstance(made.enter("1... 65: in/20 in/19"), Segment)
    inside = branch_after(game, Branch(MAIN, 2, 0))  # after 2. 21:, its chosen double next
    made = Recording.at_end(game, inside)
    problem = refused(made, "3. =55: in/20(4)")
    assert problem.code == "AD201" and "counting the turns it is 2." in problem.message
    assert isinstance(made.enter("2. =55: in/20(4)"), Segment)
