"""The canonical writer: exact text for small games, layout rules, idempotence."""

from __future__ import annotations

import copy
import io
import re

import pytest

from aceynote.notation import (
    Game,
    Move,
    Segment,
    Stop,
    Tag,
    Turn,
    parse_game,
    parse_games,
    write_game,
    write_games,
)
from aceynote.notation.generate import generate_games
from aceynote.notation.limits import MAX_COMMENT
from aceynote.notation.words import comment_problem
from aceynote.notation.writer import segment_label
from aceynote.rules import POOL, RuleSet, SegmentKind, Side
from aceynote.validation import validate


def canonical(text: str) -> str:
    game = parse_game(text)
    assert game.problems == [], [str(p) for p in game.problems]
    return write_game(game)


def movetext_lines(written: str) -> list[str]:
    lines = written.split("\n")
    while lines and lines[0].startswith("["):
        lines.pop(0)
    return [line for line in lines if line]


# --------------------------------------------------------------------------- exact text


def test_spec_setup_example_is_canonical_but_for_tag_order() -> None:
    written = (
        '[White "Ames"]\n[Black "Boyd"]\n[Setup "W 2:1 1:1 / B 6:2 5:3 bar:1 / W"]\n[Result "6-0"]\n\n'
        "1. 43: 2/off 1/off\n6-0\n"
    )
    assert canonical(written) == (
        '[White "Ames"]\n[Black "Boyd"]\n[Result "6-0"]\n[Setup "W 2:1 1:1 / B 6:2 5:3 bar:1 / W"]\n\n'
        "1. 43: 2/off 1/off\n6-0\n"
    )


def test_hand_written_game_exact_text() -> None:
    messy = (
        '[Zeta "z"]\n[Annotator "Ann"]\n[Black "Moss"]\n[White "Park"]\n[Event "E"]\n[Date "1962.??.??"]\n'
        "{pre} 1. 25: IN/20 in/23 1... 46: in/19 In/21 2. 12: in/24 in/23 =66: in/19 in/19 19/13 19/13\n"
        "+35: in/20 in/22 {nice} 66: -- !? $14 3. 66: in/19(2) 13/7*(2) ?! (3. 31: 23/20 24/23 {alt})\n"
        "65: BAR/19 21/16* 0-6"
    )
    assert canonical(messy) == (
        '[Event "E"]\n'
        '[Date "1962.??.??"]\n'
        '[White "Park"]\n'
        '[Black "Moss"]\n'
        '[Annotator "Ann"]\n'
        '[Zeta "z"]\n'
        "\n"
        "{pre}\n"
        "1. 52: in/20 in/23  64: in/19 in/21\n"
        "2. 21: in/24 in/23 =66: in/19(2) 19/13(2) +53: in/20 in/22 {nice}  2... 66: --\n"
        "   !? $14\n"
        "3. 66: in/19(2) 13/7*(2) ?! (3. 31: 23/20 24/23 {alt})  3... 65: bar/19 21/16*\n"
        "0-6\n"
    )


def test_black_first_game_with_variation_exact_text() -> None:
    messy = (
        '[Event "V"]\n1... 46: IN/19 in/21 ( 1... 13: in/22 in/24 {quiet} )\n'
        "2. 55: in/20 in/20 20/15 20/15 2... 12: 19/17 21/20 $1 9-0"
    )
    assert canonical(messy) == (
        '[Event "V"]\n\n'
        "1... 64: in/19 in/21 (1... 31: in/22 in/24 {quiet})\n"
        "2. 55: in/20(2) 20/15(2)  21: 19/17 21/20 $1\n"
        "9-0\n"
    )


def test_game_without_movetext() -> None:
    assert canonical('[Event "x"]\n') == '[Event "x"]\n\n*\n'
    assert canonical('[Event "x"]\n[Result "9-0"]\n9-0 {over}\n{and out}') == (
        '[Event "x"]\n[Result "9-0"]\n\n9-0\n{over}\n{and out}\n'
    )


# --------------------------------------------------------------------------- the rules of the layout


def test_standard_tag_order_then_others_in_original_order() -> None:
    names = [
        "Zed",
        "Annotator",
        "Termination",
        "Alpha",
        "Setup",
        "Opening",
        "Rules",
        "Result",
        "Black",
        "White",
        "Round",
        "Date",
        "Site",
        "Event",
        "Alpha",
    ]
    text = "".join(f'[{n} "{i}"]\n' for i, n in enumerate(names)) + "*\n"
    written = canonical(text)
    tags = re.findall(r'^\[(\w+) "(\d+)"\]$', written, flags=re.M)
    assert tags == [
        ("Event", "13"),
        ("Site", "12"),
        ("Date", "11"),
        ("Round", "10"),
        ("White", "9"),
        ("Black", "8"),
        ("Result", "7"),
        ("Rules", "6"),
        ("Opening", "5"),
        ("Setup", "4"),
        ("Termination", "2"),
        ("Annotator", "1"),
        ("Zed", "0"),
        ("Alpha", "3"),
        ("Alpha", "14"),
    ]
    assert written.split("\n")[len(names)] == ""


def test_tag_values_escaped() -> None:
    game = Game(tags=[Tag("Event", 'say "hi" \\ there')], result="*")
    assert write_game(game).split("\n")[0] == '[Event "say \\"hi\\" \\\\ there"]'


def test_duplicate_tags_written_in_order() -> None:
    assert canonical('[Event "first"]\n[Event "second"]\n*\n').startswith(
        '[Event "first"]\n[Event "second"]\n'
    )


def test_missing_result_written_as_star() -> None:
    assert canonical("1. 52: 13/8 13/11\n").endswith("\n*\n")


@pytest.mark.parametrize("roll", ["25", "52"])
def test_rolls_higher_die_first(roll: str) -> None:
    written = canonical(
        f"1. 12: in/24 in/23 =66: in/19(4) +{roll}: in/20 in/23 1... {roll}: in/20 in/23\n*\n"
    )
    assert "1. 21: in/24 in/23 =66: in/19(4) +52: in/20 in/23  52: in/20 in/23" in written


def test_lower_case_keywords() -> None:
    written = canonical("1. 65: IN/19 BAR/20* 1... 65: 6/OFF 5/Off\n*\n")
    assert "in/19 bar/20*" in written and "6/off 5/off" in written
    assert not re.search(r"IN|BAR|OFF|Off|In|Bar", written)


def test_identical_trips_merged() -> None:
    written = canonical("1. 66: in/19 13/7 in/19 13/7*\n*\n")
    assert "66: in/19(2) 13/7*(2)" in written


def test_merged_trip_counts_add_up() -> None:
    written = canonical("1. 66: in/19 in/19(2) in/19\n*\n")
    assert "66: in/19(4)" in written


def test_trips_marked_twice_are_not_merged() -> None:
    game = parse_game(canonical("1. 66: 13/7* 13/7*\n*\n"))
    moves = game.turns[0].segments[0].moves
    assert sum(m.count for m in moves) == 2
    assert sum(s.hit for m in moves for s in m.stops) == 2


def test_each_main_line_white_turn_starts_a_line() -> None:
    written = canonical(
        "1. 52: 13/8 13/11 1... 64: 24/18 24/20 2. 31: 8/5 6/5 (2. 33: 8/5(2) 6/3(2) (2. 11: 6/5(4))) "
        "2... 66: 24/18(4) 3. 21: in/24 in/23 {c} 4. 55: -- 5. 43: in/21 in/22\n*\n"
    )
    lines = movetext_lines(written)
    starts = [line.split(" ")[0] for line in lines if not line.startswith(" ")]
    assert starts == ["1.", "2.", "3.", "4.", "5.", "*"]


def test_black_number_written_where_needed() -> None:
    # After a comment or a variation a Black turn carries N...; right after White's play it need not.
    # Two spaces stand before Black's turn either way (canonical form).
    written = canonical(
        "1. 52: 13/8 13/11 1... 64: 24/18 24/20 2. 31: 8/5 6/5 {c} 2... 66: 24/18(4)\n"
        "3. 21: in/24 in/23 (3. 11: in/24(4)) 3... 55: in/20(4)\n*\n"
    )
    assert "1. 52: 13/8 13/11  64: 24/18 24/20\n" in written
    assert "{c}  2... 66: 24/18(4)" in written
    assert "(3. 11: in/24(4))  3... 55: in/20(4)" in written
    after_comment = "1. 64: in/19 in/21 {c}  1... 43: in/21 in/22\n*\n"
    assert canonical("1. 64: in/19 in/21 {c}  43: in/21 in/22\n*\n") == after_comment


def test_black_turn_comment_survives_a_round_trip() -> None:
    # A comment after N... belongs to that turn (§4); written without N... it would belong
    # to White's play before it.
    game = parse_game("1. 52: 13/8 13/11 1... {Black thinks} 64: 24/18 24/20\n*\n")
    assert game.turns[1].comments == ["Black thinks"]
    again = parse_game(write_game(game))
    assert again.turns[0].segments[0].comments == []
    assert again.turns[1].comments == ["Black thinks"]
    assert again == game


def test_variation_starting_with_black_is_numbered() -> None:
    written = canonical("1. 52: 13/8 13/11 1... 64: 24/18 24/20 (31: 24/21 24/23)\n*\n")
    assert "(1... 31: 24/21 24/23)" in written


def test_result_on_its_own_line() -> None:
    written = canonical("1. 52: 13/8 13/11 9-0 {done}\n")
    assert written.split("\n")[-3:] == ["9-0", "{done}", ""]


def test_lines_wrap_at_80_columns() -> None:
    turns = " ".join(
        f"{n}. 21: in/24 in/23 =66: in/19(2) 19/13(2) +53: in/20 in/22 ! $1 {{note {n}}} {n}... 65: 24/18 24/19"
        for n in range(1, 6)
    )
    written = canonical(turns + "\n*\n")
    lines = movetext_lines(written)
    assert max(len(line) for line in lines) <= 80
    assert any(line.startswith("   ") for line in lines)
    assert parse_game(written) == parse_game(turns + "\n*\n")


def test_closing_parenthesis_stays_within_80_columns() -> None:
    # A comment that ends a variation exactly at column 80: the ')' must not go to column 81.
    for size in range(30, 60):
        text = f"1. 52: 13/8 13/11 (1. 64: 13/7 13/9 {{{'x' * size}}}) 1... 64: 24/18 24/20\n*\n"
        for line in movetext_lines(canonical(text)):
            assert len(line) <= 80, line


@pytest.mark.parametrize("filler", range(0, 60, 3))
def test_a_closing_parenthesis_stays_with_what_it_closes(filler: int) -> None:
    # Where ')' does not fit at a line's end, the word it closes goes with it to the next.
    text = (
        f"1. 64: in/19 in/21 {{{'x' * filler}}}  43: in/21 in/22 (1... 43: in/22 22/18)"
        " (1... 43: in/21 21/18) (1... 43: in/21 21/18 !)\n*\n"
    )
    written = canonical(text)
    for line in movetext_lines(written):
        assert len(line) <= 80 and not line.lstrip().startswith(")"), written
    assert parse_game(written) == parse_game(text)


def test_a_closing_parenthesis_past_the_line_takes_its_word_along() -> None:
    brief = "1. 64: in/19 in/21  43: in/21 in/22 (1... 43: in/22 22/18) (1... 43: in/21 21/18)\n*\n"
    assert movetext_lines(canonical(brief)) == [
        "1. 64: in/19 in/21  43: in/21 in/22 (1... 43: in/22 22/18) (1... 43: in/21",
        "   21/18)",
        "*",
    ]


def test_generated_games_layout() -> None:
    for game in generate_games(4, 11, RuleSet.parse("standard")):
        written = write_game(game)
        lines = movetext_lines(written)
        assert max(len(line) for line in lines) <= 80
        white = [t.number for t in game.turns if t.side is Side.WHITE]
        assert [int(line.split(".")[0]) for line in lines if re.match(r"\d+\. ", line)] == white
        assert lines[-1] == game.result_text
        rolls = re.findall(r"(?:^|\s)[=+]?([1-6])([1-6]):", written, flags=re.M)
        assert rolls and all(a >= b for a, b in rolls)


# --------------------------------------------------------------------------- idempotence and models

MESSY = [
    "1. 25: IN/20 in/23 1... 46: in/19 In/21 (1... 13: in/22 in/24) 2. 12: in/24 in/23 =66: in/19 in/19 19/13 19/13 *",
    "{a}{b}1.{c}52:13/8 13/11!{d}$2 1...64:24/18 24/20 ( {e} 1...31: 24/21 24/23 ( 1... 66: -- ) {f} ) *{g}",
    '[X "1"]\n[Y "2"]\n[Event "x"]\n1. 66: in/19 in/19 in/19 in/19 1... 66: 24/18*/12 24/18/12 *',
    "1... 21: in/24 in/23 =55: in/20(4) +21: 20/18 18/17 =33: in/22(2) 22/19(2) +64: in/19 in/21 0-6",
    '[Event "crlf"]\r\n\r\n1. 52: 13/8 13/11\r\n*\r\n',
    "1. 52: 13/8 13/11 {"
    + "long words " * 20
    + "} 1... 64: 24/18 24/20 {"
    + "x" * 90
    + "} 2. 66: -- *",
]


@pytest.mark.parametrize("text", MESSY)
def test_idempotent(text: str) -> None:
    once = canonical(text)
    assert canonical(once) == once


@pytest.mark.parametrize("text", MESSY)
def test_canonical_text_reads_as_the_same_game(text: str) -> None:
    game = parse_game(text)
    again = parse_game(write_game(game))
    assert again.problems == []
    assert write_game(again) == write_game(game)
    assert [(t.side, t.number) for t in again.turns] == [(t.side, t.number) for t in game.turns]


def test_write_game_does_not_change_the_model() -> None:
    game = parse_game("1. 66: in/19 in/19 13/7* 13/7 (1. 11: 24/23 24/23 24/23 24/23) *")
    before = copy.deepcopy(game)
    write_game(game)
    assert game == before
    assert [m.count for m in game.turns[0].segments[0].moves] == [1, 1, 1, 1]


def test_write_model_built_by_hand() -> None:
    game = Game(
        tags=[Tag("White", "W"), Tag("Event", "E")],
        turns=[
            Turn(
                Side.WHITE,
                7,
                [
                    Segment(
                        SegmentKind.ROLL,
                        (3, 5),
                        [Move(POOL, [Stop(20)]), Move(13, [Stop(10, True)])],
                    )
                ],
            ),
            Turn(Side.BLACK, 7, [Segment(SegmentKind.ROLL, (1, 1), [], ["?"], [4])]),
        ],
        result="9-0",
    )
    assert write_game(game) == '[Event "E"]\n[White "W"]\n\n7. 53: in/20 13/10*  11: -- ? $4\n9-0\n'


def test_write_games_separates_games_by_a_blank_line() -> None:
    games = parse_games('[Event "a"]\n1. 52: 13/8 13/11 *\n[Event "b"]\n1. 64: 24/18 24/20 9-0\n')
    out = io.StringIO()
    write_games(games, out)
    assert out.getvalue() == (
        '[Event "a"]\n\n1. 52: 13/8 13/11\n*\n\n[Event "b"]\n\n1. 64: 24/18 24/20\n9-0\n'
    )
    assert parse_games(out.getvalue()) == games


_ROLL_AT_LINE_END = re.compile(r"(^|\s)[=+]?[1-6][1-6]:$")
_NUMBER_ALONE = re.compile(r"^\s*[0-9]+\.(\.\.)?$")


@pytest.mark.parametrize("filler", range(30, 72))
def test_a_roll_and_its_first_move_stay_on_one_line(filler: int) -> None:
    text = (
        f"1. 64: in/19 in/21 {{{'x' * filler}}} 43: in/21 in/22\n"
        f"2. 21: in/24 in/23 {{{'y' * (filler - 20)}}} =66: in/19(2) 19/13(2) +53: in/20 in/22\n"
        "*\n"
    )
    game = parse_game(text)
    written = write_game(game)
    for line in written.splitlines():
        assert len(line) <= 80
        assert not _ROLL_AT_LINE_END.search(line), line
        assert not _NUMBER_ALONE.match(line), line
    assert parse_game(written) == game


@pytest.mark.parametrize("number", ["1.", "1..."])
def test_a_number_its_comments_and_its_roll_stay_on_one_line(number: str) -> None:
    # Canonical form: a move number, its roll and the first move are never split over two
    # lines, nor a comment broken: with the comments between them, the unit may pass 80.
    note = "{a comment on the turn, long enough to need the line to wrap somewhere after it}"
    white = "1. 64: in/19 in/21 " if number == "1..." else ""
    roll = "43: in/21 in/22" if white else "64: in/19 in/21"
    written = canonical(f"{white}{number} {note} {{and one more}} {roll}\n*\n")
    head = f"{number} {note} {{and one more}} {roll.rsplit(' ', 1)[0]}"
    assert any(line.lstrip().startswith(head) for line in written.splitlines()), written
    assert parse_game(written) == parse_game(f"{white}{number} {note} {{and one more}} {roll}\n*\n")


def test_an_empty_variation_built_in_code_is_not_written() -> None:
    from aceynote.notation import Variation

    game = parse_game("1. 65: in/19 in/20\n*\n")
    game.turns[0].variations.append(Variation([]))
    written = write_game(game)
    assert ")" not in written
    assert not parse_game(written).problems


def test_segment_text_and_turn_number_are_the_record_as_written_without_comments() -> None:
    from aceynote.notation import parse_game
    from aceynote.notation.writer import segment_text, turn_number

    game = parse_game(
        '[Opening "5-3"]\n\n1. 53: in/20 in/22 ! {good} $14\n1... 21: in/23 in/24\n*\n'
    )
    white, black = game.turns
    assert (turn_number(white), segment_text(white.segments[0])) == ("1.", "53: in/20 in/22 ! $14")
    assert (turn_number(black), segment_text(black.segments[0])) == ("1...", "21: in/23 in/24")


def codes(text: str) -> list[str]:
    return [d.code.code for d in validate(parse_game(text)).diagnostics]


def test_writer_keeps_black_move_numbers_that_matter() -> None:
    text = "1. 64: in/19 in/21 5... 43: in/21 in/22\n*\n"
    assert codes(text) == codes(write_game(parse_game(text))) == ["AD201"]
    twice = "1. 64: in/19 in/21 1... 43: in/21 in/22 1... 53: in/20 in/22\n*\n"
    assert codes(twice) == codes(write_game(parse_game(twice)))


def test_lone_backslashes_in_tag_values_are_kept() -> None:
    game = parse_game('[Event "C:\\temp \\"x\\" \\\\"]\n*\n')
    assert game.tag("Event") == 'C:\\temp "x" \\'
    assert parse_game(write_game(game)).tag("Event") == game.tag("Event")


def test_a_segment_is_named_by_its_turn_number_and_its_text() -> None:
    game = parse_game("3. 21: 24/23 24/22 =66: 19/13(2) ! +53: in/20 5/2  31: 10/7 7/6 *\n")
    white, black = game.turns
    assert segment_label(white) == "3. 21: 24/23 24/22"  # a turn's name: its first segment
    assert segment_label(white, white.segments[1]) == "3. =66: 19/13(2) !"
    assert segment_label(black) == "3... 31: 10/7 7/6"


def test_a_comment_is_kept_only_when_the_record_reads_it_back() -> None:
    """notation.words.comment_problem, which the app's comment editor asks: a comment the
    writer writes reads back as it was; one with '}' or too long is refused."""
    text = "a fine move\nwhite to play"
    assert comment_problem(text) is None
    game = Game(comments=[text])
    assert parse_game(write_game(game)).comments == [text]
    assert comment_problem("so } there") is not None
    assert comment_problem("x" * (MAX_COMMENT + 1)) is not None
    # A line inside that looks like a tag starts a new game; as the last line, '}' follows it.
    inside, last = 'x\n[Event "y"]\nz', 'x\r[Event "y"]'
    assert comment_problem(inside) is not None
    assert parse_games(write_game(Game(comments=[inside])))[0].comments != [inside]
    assert comment_problem(last) is None
    assert parse_game(write_game(Game(comments=[last]))).comments == ['x\n[Event "y"]']
