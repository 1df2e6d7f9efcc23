"""Syntax errors: each is in game.problems with its line and column, in plain words,
and the next games of the file are still read (docs/notation.md §1, §2, §4)."""

from __future__ import annotations

import re

import pytest

from aceynote.notation import Game, SyntaxProblem, parse_game, parse_games

GAME_ONE = '[Event "one"]\n\n1. 52: 13/8 13/11\n*\n\n'
GAME_THREE = '\n[Event "three"]\n\n1. 64: 24/18 24/20\n9-0\n'

# Words of the grammar and of lark that a player should never be shown.
_JARGON = re.compile(
    r"Token\(|\$END|Unexpected|Expected one of|lark|Traceback|\b(MOVES?|ROLL|RPAR|LPAR|WHITE_NUMBER|"
    r"BLACK_NUMBER|CHOSEN_DOUBLE|EXTRA_ROLL|COMMENT|GLYPH|RESULT|PASS|TAG|STRAY|UNCLOSED_COMMENT|WS)\b"
)


def assert_plain(problem: SyntaxProblem) -> None:
    assert problem.message.strip(), problem
    assert not _JARGON.search(problem.message), problem.message


def position(text: str, needle: str, start: int = 0) -> tuple[int, int]:
    """1-based line and column of the first ``needle`` at or after ``start``."""
    offset = text.index(needle, start)
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def assert_neighbours_read(games: list[Game]) -> None:
    assert len(games) == 3, [g.tag("Event") for g in games]
    one, _, three = games
    assert one.problems == [] and three.problems == []
    assert one.tag("Event") == "one" and one.result == "*" and len(one.turns) == 1
    assert three.tag("Event") == "three" and three.result == "9-0" and len(three.turns) == 1
    assert [m.source for m in three.turns[0].segments[0].moves] == [24, 24]


# (tags of game two after its Event tag, movetext of game two, where the error is, a word the message says)
CASES = {
    "truncated_tag_no_quote": ('[Round "3\n', "1. 52: 13/8 13/11\n*\n", '[Round "3', "tag"),
    "truncated_tag_no_bracket": ('[Round "3"\n', "1. 52: 13/8 13/11\n*\n", '[Round "3"', "tag"),
    "unterminated_comment": (
        "",
        "1. 52: 13/8 13/11 {never closed\n2. 64: 24/18 24/20\n*\n",
        "{never",
        "comment",
    ),
    "unterminated_variation": (
        "",
        "1. 52: 13/8 13/11 (1. 64: 13/7 13/9\n*\n",
        "(1. 64",
        "variation",
    ),
    "unterminated_nested_variation": (
        "",
        "1. 52: 13/8 13/11 (1. 64: 13/7 13/9 (1. 31: 8/5 6/5)\n*\n",
        "(1. 64",
        "variation",
    ),
    "roll_72": ("", "1. 72: 13/8 13/11\n*\n", "72:", "roll"),
    "roll_one_die": ("", "1. 5: 13/8\n*\n", "5:", "roll"),
    "roll_without_colon": ("", "1. 64 13/7 13/9\n*\n", "64 13/7", "roll"),
    "roll_70_in_extra_roll": (
        "",
        "1. 21: in/24 in/23 =66: in/19(4) +70: in/20\n*\n",
        "+70:",
        "roll",
    ),
    "chosen_double_not_a_double": (
        "",
        "1. 21: in/24 in/23 =12: in/24 in/23\n*\n",
        "=12:",
        "double",
    ),
    "point_25": ("", "1. 64: 25/20 13/9\n*\n", "25/20", "25"),
    "point_0_off": ("", "1. 64: 0/off 13/9\n*\n", "0/off", "0"),
    "point_0_dest": ("", "1. 64: 13/0 13/9\n*\n", "13/0", "0"),
    "point_99_in_chain": ("", "1. 64: 13/7/99 13/9\n*\n", "13/7/99", "99"),
    "count_5": ("", "1. 66: 13/7(5)\n*\n", "13/7(5)", "count"),
    "count_1": ("", "1. 66: 13/7(1) 13/7 24/18\n*\n", "13/7(1)", "count"),
    "count_never_closed": ("", "1. 66: 13/7(4 24/18\n*\n", "4 24/18", "count (4 is never closed"),
    "count_apart_from_its_move": (
        "",
        "1. 55: in/20 (4)\n*\n",
        "4)",
        "a count is written right after its move, with no space: 13/7(4), not 13/7 (4)",
    ),
    "variation_of_a_comment_alone": (
        "",
        "1. 64: in/19 in/21 ({only comment})\n*\n",
        ")\n*",
        "a variation holds at least one turn",
    ),
    "stray_word": ("", "1. 52: 13/8 hello 13/11\n*\n", "hello", "hello"),
    "stray_word_own_line": ("", "1. 52: 13/8 13/11\nhello\n*\n", "hello", "hello"),
    "close_paren_without_open": ("", "1. 52: 13/8 13/11 )\n*\n", ")", ")"),
    "close_brace_without_open": ("", "1. 52: 13/8 13/11 }\n*\n", "}", "}"),
    "tag_inside_movetext": ("", '1. 52: 13/8 13/11 [Round "3"]\n*\n', '[Round "3"]', "tag"),
    "result_inside_variation": ("", "1. 52: 13/8 13/11 (1. 64: 13/7 13/9 *)\n*\n", "*)", "result"),
    "off_then_on": ("", "1. 52: 13/off/3\n*\n", "13/off/3", "off"),
    "hit_off_the_board": ("", "1. 52: 2/off*\n*\n", "2/off*", "off"),
}


@pytest.mark.parametrize(
    ("extra_tags", "movetext", "needle", "word"), CASES.values(), ids=CASES.keys()
)
def test_error_is_located_and_next_game_read(
    extra_tags: str, movetext: str, needle: str, word: str
) -> None:
    game_two = f'[Event "two"]\n{extra_tags}\n{movetext}'
    text = GAME_ONE + game_two + GAME_THREE
    games = parse_games(text)
    assert_neighbours_read(games)
    two = games[1]
    assert two.tag("Event") == "two"
    assert two.problems, f"no problem reported for {movetext!r}"
    first = two.problems[0]
    start = len(GAME_ONE)
    expected = position(text, needle, start)
    assert (first.span.line, first.span.column) == expected, str(first)
    assert first.span.end_line >= first.span.line
    assert word.lower() in first.message.lower(), first.message
    assert first.source_line == text.split("\n")[first.span.line - 1]
    for problem in two.problems:
        assert_plain(problem)


def test_truncated_tag_line_starts_the_next_game() -> None:
    # §1: a new game starts at a tag line ('[' first on the line) after a result.
    text = GAME_ONE + '[Event "two\n[Site "s"]\n\n1. 64: 24/18 24/20\n*\n'
    games = parse_games(text)
    assert len(games) == 2
    assert games[0].problems == []
    assert games[0].result == "*" and len(games[0].turns) == 1
    assert games[1].problems
    assert (games[1].problems[0].span.line, games[1].problems[0].span.column) == (6, 1)


def test_truncated_tag_message_says_what_is_wrong() -> None:
    # The tag does stand on a line of its own: telling the player to put it on one misleads.
    game = parse_game('[Event "Wardroom ladder\n\n1. 52: 13/8 13/11\n*\n')
    first = game.problems[0]
    assert (first.span.line, first.span.column) == (1, 1)
    assert "tag" in first.message.lower()
    assert "line of its own" not in first.message


def test_unterminated_comment_at_end_of_file() -> None:
    text = '[Event "x"]\n\n1. 52: 13/8 13/11\n   {runs to\nthe end\n'
    game = parse_game(text)
    first = game.problems[0]
    assert (first.span.line, first.span.column) == (4, 4)
    assert "comment" in first.message.lower()
    assert_plain(first)


def test_unterminated_variation_at_end_of_file() -> None:
    game = parse_game("1. 52: 13/8 13/11\n1... 64: 24/18 24/20 (1... 31: 24/21 24/23\n")
    first = game.problems[0]
    assert (first.span.line, first.span.column) == (2, 22)
    assert "variation" in first.message.lower()
    assert_plain(first)


def test_movetext_after_the_result_without_tags() -> None:
    # §1: only comments and white space may stand between a result and the next tags.
    game = parse_games("1. 52: 13/8 13/11 *\n1. 64: 24/18 24/20 *\n")[0]
    first = game.problems[0]
    assert (first.span.line, first.span.column) == (2, 1)
    assert_plain(first)


def test_two_tags_on_one_line() -> None:
    game = parse_game('[Event "a"] [Site "b"]\n*\n')
    first = game.problems[0]
    assert (first.span.line, first.span.column) == (1, 13)
    assert "tag" in first.message.lower()


def test_error_columns_with_crlf_and_tabs() -> None:
    game = parse_game('[Event "x"]\r\n\r\n1.\t52: 13/8 13/11\r\n2. 64: 25/20\r\n*\r\n')
    first = game.problems[0]
    assert (first.span.line, first.span.column) == (4, 8)
    assert first.source_line == "2. 64: 25/20"


def test_every_bad_game_of_a_file_is_reported_and_good_ones_read() -> None:
    bad = ["1. 72: 13/8\n*\n", "1. 52: 13/8 )\n*\n", "1. 52: 13/8 {open\n", "1. 64: 25/20\n*\n"]
    text = "".join(
        f'[Event "bad{i}"]\n\n{b}\n[Event "good{i}"]\n\n1. 52: 13/8 13/11\n*\n\n'
        for i, b in enumerate(bad)
    )
    games = parse_games(text)
    assert [g.tag("Event") for g in games] == [
        n for i in range(len(bad)) for n in (f"bad{i}", f"good{i}")
    ]
    for game in games:
        if str(game.tag("Event")).startswith("bad"):
            assert game.problems
        else:
            assert game.problems == [] and len(game.turns) == 1 and game.result == "*"


# -- words run together (§1: each move, roll, number and result is a word) ---------------------


@pytest.mark.parametrize(
    ("movetext", "at", "words"),
    [
        # the count written before the hit mark: the '*' would be read as the result
        ("1. 66: in/19(2) 13/7(2)*", "*", "13/7*(2)"),
        ("1. 64: in/19in/21 *", "in/21", "'in/19' and 'in/21' are two words"),
        ("1. 66: 13/7*(2)in/19(2) *", "in/19(2)", "'13/7*(2)' and 'in/19(2)' are two words"),
        ("1. 64: in/19 in/21*1-0", "1-0", "'in/21*' and '1-0' are two words"),
        ("1. 64: in/19 in/21!* ", "* ", "'!' and '*' are two words"),
        ("1. 64: in/19 in/21 !!! *", "!!!", "'!!!' is not a glyph"),
    ],
)
def test_words_run_together_are_reported_where_they_touch(
    movetext: str, at: str, words: str
) -> None:
    text = f'[Event "x"]\n\n{movetext}\n'
    game = parse_game(text)
    assert len(game.problems) == 1, game.problems
    problem = game.problems[0]
    assert_plain(problem)
    assert words in problem.message
    line, column = position(text, at, text.index("1."))
    if at == "!!!":
        column += 2  # the second glyph is the one that should stand apart
    assert (problem.span.line, problem.span.column) == (line, column)


@pytest.mark.parametrize(
    "movetext",
    [
        "1. 52: 13/8 13/11*! $1 *",  # a glyph or NAG right after a play (§1)
        "1. 52: 13/8 13/11$1 *",
        "1. 52: 13/8 13/11{c}(1. 52: 13/8 13/11){d}*",  # comments and parentheses
        "1.52:13/8 13/11 *",  # a number, a roll and its play cannot be read two ways
    ],
)
def test_words_that_may_touch(movetext: str) -> None:
    text = f'[Event "x"]\n\n{movetext}\n'
    game = parse_game(text)
    assert game.problems == [], game.problems
    assert game.result == "*"


def test_where_either_move_number_may_come_it_is_said_once() -> None:
    """After a variation White's number or Black's may come: it said "a move number like 12.,
    a move number like 12... or ...", the same words twice."""
    text = "1. 64: in/19 in/21 (1. 63: in/19 in/22) 20/19\n*\n"
    (problem,) = parse_game(text).problems
    assert problem.message == (
        "expected a roll like 52:, a move number (12. or 12...) or a result like 9-0 or *"
        " after ')', not the move '20/19'"
    )
    assert (problem.span.line, problem.span.column) == position(text, "20/19")


@pytest.mark.parametrize(("written", "meant"), [("1 ...", "1..."), ("2 .", "2."), ("2\t.", "2.")])
def test_a_move_number_written_apart_from_its_dots_says_so(written: str, meant: str) -> None:
    """'3 ... 11:' was "'3' is not part of the notation" and "'...' is not part of the
    notation" (found in an editor trial)."""
    text = f"1. 64: in/19 in/21 {written} 63: in/19 in/22\n*\n"
    first, second = parse_game(text).problems
    assert first.message == f"a move number's dots go right after it, with no space: {meant}"
    assert (first.span.line, first.span.column) == position(text, written)
    dots = meant.lstrip("0123456789")
    assert (
        second.message == f"'{dots}' stands right after a move number, with no space, like 12{dots}"
    )
