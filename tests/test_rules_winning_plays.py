"""Rule 7 at the end of a game: a winning play counts only the dice it moved (issue 15).

Rule 7 asks for as many dice as the position allows, over every order; rule 10
ends the play once the 15th checker is off. So a play that wins with one die is
legal only when no order plays two, and the larger-die rule then applies as to
any one-die play. Each case is checked for White and, mirrored, for Black,
under every combination of ``bearoff`` and ``larger_die``.
"""

from __future__ import annotations

import pytest
from boards import board, check, dice

from aceynote.notation import parse_game
from aceynote.rules import max_dice, parse_rules
from aceynote.validation import validate

COMBINATIONS = [(bearoff, larger) for bearoff in ("high", "exact") for larger in ("yes", "no")]


def rules(bearoff: str, larger: str):  # type: ignore[no-untyped-def]
    return parse_rules(f"standard bearoff={bearoff} larger_die={larger}")


# (setup, roll) -> for each (bearoff, larger_die): the legal plays and the dice they use.
CASES = {
    # After 6/3 the 6 bears off from 3 only under bearoff=high.
    ("W 6:1 / B in:15 / W", "63"): {
        ("high", "yes"): (["6/3/off"], 2),
        ("high", "no"): (["6/3/off"], 2),
        ("exact", "yes"): (["6/off"], 1),
        ("exact", "no"): (["6/off", "6/3"], 1),
    },
    # 4/3* then 3/off with the 5 (high) plays both dice; 4/off with the 5 alone never is.
    ("W 4:1 / B in:14 22:1 / W", "51"): {
        ("high", "yes"): (["4/3*/off"], 2),
        ("high", "no"): (["4/3*/off"], 2),
        ("exact", "yes"): (["4/3*"], 1),
        ("exact", "no"): (["4/3*"], 1),
    },
    ("W 3:1 / B in:15 / W", "61"): {
        ("high", "yes"): (["3/2/off"], 2),
        ("high", "no"): (["3/2/off"], 2),
        ("exact", "yes"): (["3/2"], 1),
        ("exact", "no"): (["3/2"], 1),
    },
    # A double: 2/1/off uses two of the four ones, and then the game is over.
    ("W 2:1 / B in:15 / W", "11"): {combination: (["2/1/off"], 2) for combination in COMBINATIONS},
}


@pytest.mark.parametrize(("bearoff", "larger"), COMBINATIONS)
@pytest.mark.parametrize(("setup", "roll"), list(CASES))
def test_legal_plays_count_only_the_dice_moved(
    setup: str, roll: str, bearoff: str, larger: str
) -> None:
    plays, most = CASES[(setup, roll)][(bearoff, larger)]
    check(setup, roll, plays, rules(bearoff, larger))
    assert max_dice(board(setup), dice(roll), rules(bearoff, larger)) == most


def _codes(text: str) -> list[str]:
    return [d.code.code for d in validate(parse_game(text)).diagnostics]


@pytest.mark.parametrize(
    ("bearoff", "larger", "found"),
    [
        ("high", "yes", ["AD308"]),
        ("high", "no", ["AD308"]),
        ("exact", "yes", ["AD309"]),
        ("exact", "no", []),
    ],
)
def test_a_one_die_play_beside_a_one_die_win(bearoff: str, larger: str, found: list[str]) -> None:
    for setup, movetext in (
        ("W 6:1 / B in:15 / W", "1. 63: 6/3"),
        ("W 1:4 / B 3:1 / B", "1... 31: 3/2"),
    ):
        text = f'[Rules "standard bearoff={bearoff} larger_die={larger}"]\n[Setup "{setup}"]\n\n{movetext}\n*\n'
        assert _codes(text) == found, (setup, bearoff, larger)


@pytest.mark.parametrize(("bearoff", "larger"), [("high", "yes"), ("high", "no")])
def test_a_win_written_short_is_read_with_every_die_it_used(bearoff: str, larger: str) -> None:
    # 4/off stands for 4/3*/off: valid, with the warning for the unmarked hit.
    text = (
        f'[Rules "standard bearoff={bearoff} larger_die={larger}"]\n'
        '[Setup "W 4:1 / B in:14 22:1 / W"]\n[Result "15-0"]\n\n1. 51: 4/off\n15-0\n'
    )
    report = validate(parse_game(text))
    assert [d.code.code for d in report.diagnostics] == ["AD311"]
    assert [str(step) for step in report.segments[0].steps] == ["4/3*", "3/off"]


def test_the_message_counts_the_dice_a_win_leaves_unplayed() -> None:
    text = '[Setup "W 3:1 / B in:15 / W"]\n\n1. 61: 3/2\n*\n'
    [diagnostic] = validate(parse_game(text)).diagnostics
    assert diagnostic.code.code == "AD308"
    assert "this play uses 1 die, but White can play 2 dice" in diagnostic.message
    assert diagnostic.legal == ("3/2 2/off",)
