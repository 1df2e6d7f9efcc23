"""Reading records leniently (docs/notation.md §1-§3): line ends, BOM, tabs, case, files of games."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from aceynote.notation import Game, ReadError, Span, parse_game, parse_games, read_games
from aceynote.rules import BAR, OFF, POOL, Side

GAME = '[Event "one"]\n[White "Park"]\n\n{intro} 1. 52: 13/8 13/11 {quiet}  64: in/19 in/21*\n2. 66: --\n9-0\n'


def clean(games: list[Game]) -> list[Game]:
    for game in games:
        assert game.problems == [], [str(p) for p in game.problems]
    return games


def summary(game: Game) -> tuple:
    return (
        [(t.name, t.value) for t in game.tags],
        game.comments,
        [
            (
                t.side,
                t.number,
                [
                    [(m.source, [(s.place, s.hit) for s in m.stops], m.count) for m in seg.moves]
                    for seg in t.segments
                ],
            )
            for t in game.turns
        ],
        game.result,
        game.comments_after,
    )


# --------------------------------------------------------------------------- line ends, BOM, tabs


def test_crlf_reads_like_lf() -> None:
    lf = clean(parse_games(GAME))
    crlf = clean(parse_games(GAME.replace("\n", "\r\n")))
    assert crlf == lf
    assert summary(crlf[0]) == summary(lf[0])


def test_crlf_multi_line_comment_reads_like_lf() -> None:
    # §1: LF or CRLF line ends; a line end inside a comment is the same line end.
    text = '[Event "a"]\n\n1. 52: 13/8 13/11 {two\nlines}\n2. 64: 24/18 24/20\n*\n'
    lf = parse_game(text)
    crlf = parse_game(text.replace("\n", "\r\n"))
    assert crlf.problems == []
    assert crlf.turns[0].segments[0].comments == lf.turns[0].segments[0].comments == ["two\nlines"]


def move_spans(game: Game) -> list[Span]:
    return [move.span for turn in game.turns for seg in turn.segments for move in seg.moves]


@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_what_follows_a_comment_over_lines_stands_where_it_does_with_lf(end: str) -> None:
    # A lone CR ends a line as LF does (universal newlines); columns count the same.
    text = '[Event "a"]\n\n1. 52: 13/8 13/11 {two\nlines} 64: 24/18 24/20\n2. 66: --\n*\n'
    lf = parse_game(text)
    other = parse_game(text.replace("\n", end))
    assert other.problems == lf.problems == []
    assert move_spans(other) == move_spans(lf)
    assert move_spans(lf)[-1] == Span(4, 18, 4, 23)
    assert other.turns[0].segments[0].comments == ["two\nlines"]


def test_a_lone_cr_in_a_comment_of_an_lf_record_is_a_line_end() -> None:
    game = parse_game("1. 52: 13/8 13/11 {two\rlines} 64: 24/18 24/20\n*\n")
    assert game.turns[0].segments[0].comments == ["two\nlines"]
    assert move_spans(game)[-1] == Span(2, 18, 2, 23)


def test_bom_is_ignored() -> None:
    games = clean(parse_games("\ufeff" + GAME))
    assert games == clean(parse_games(GAME))
    assert games[0].tags[0].name == "Event"


def test_bom_and_crlf_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "bom.acey"
    path.write_bytes(("\ufeff" + GAME + "\n" + GAME).replace("\n", "\r\n").encode("utf-8"))
    games = clean(list(read_games(path)))
    assert len(games) == 2
    assert games == clean(parse_games(GAME + "\n" + GAME))


def test_bom_does_not_shift_columns() -> None:
    game = parse_game("\ufeff1. 72: 13/8\n*\n")
    assert (game.problems[0].span.line, game.problems[0].span.column) == (1, 4)


def test_tabs_are_white_space() -> None:
    tabbed = '[Event "one"]\n[White "Park"]\n\n{intro}\t1.\t52:\t13/8\t13/11\t{quiet}\t\t64:\tin/19\tin/21*\n2.\t66:\t--\n9-0\n'
    assert summary(clean(parse_games(tabbed))[0]) == summary(clean(parse_games(GAME))[0])


def test_tab_between_tag_name_and_value() -> None:
    # §1: tabs and spaces are equal white space; the TAG terminal accepts [Name<TAB>"value"].
    game = parse_game('[Event\t"Wardroom ladder"]\n[Site\t"x"]\n\n*\n')
    assert game.problems == []
    assert [(t.name, t.value) for t in game.tags] == [("Event", "Wardroom ladder"), ("Site", "x")]


def test_spaces_inside_tag_brackets() -> None:
    game = parse_game('[ Event  "x y" ]\n*\n')
    assert game.problems == []
    assert [(t.name, t.value) for t in game.tags] == [("Event", "x y")]


def test_line_breaks_inside_movetext_are_white_space() -> None:
    broken = "1.\n52:\n13/8\n13/11\n\n64:\nin/19\nin/21\n*\n"
    assert summary(parse_game(broken)) == summary(
        parse_game("1. 52: 13/8 13/11  64: in/19 in/21 *\n")
    )
    assert parse_game(broken).problems == []


@pytest.mark.parametrize(
    ("written", "source", "dest"),
    [
        ("IN/19", POOL, 19),
        ("In/19", POOL, 19),
        ("BAR/22", BAR, 22),
        ("Bar/22", BAR, 22),
        ("6/OFF", 6, OFF),
        ("6/Off", 6, OFF),
    ],
)
def test_keywords_any_case(written: str, source: int, dest: int) -> None:
    game = parse_game(f"1. 63: {written}\n*\n")
    assert game.problems == []
    move = game.turns[0].segments[0].moves[0]
    assert (move.source, move.stops[0].place) == (source, dest)


def test_upper_case_keywords_with_hits_and_counts() -> None:
    game = parse_game("1. 33: IN/22*(2) BAR/22/19\n*\n")
    assert game.problems == []
    moves = game.turns[0].segments[0].moves
    assert (moves[0].source, moves[0].stops[0].hit, moves[0].count) == (POOL, True, 2)
    assert (moves[1].source, [s.place for s in moves[1].stops]) == (BAR, [22, 19])


def test_multi_line_comments_everywhere() -> None:
    text = (
        '[Event "m"]\n\n{game\ncomment}\n1. {number\ncomment} 52: 13/8 13/11\n{segment\n\ncomment}\n'
        "   (1. 64: 13/7 13/9 {variation\ncomment})\n{after\nvariation}\n"
        "1... 31: in/22 in/24\n* {after\nresult}\n"
    )
    game = parse_game(text)
    assert game.problems == []
    assert game.comments == ["game\ncomment"]
    assert game.turns[0].comments == ["number\ncomment"]
    assert game.turns[0].segments[0].comments == ["segment\n\ncomment"]
    variation = game.turns[0].variations[0]
    assert variation.turns[0].segments[0].comments == ["variation\ncomment"]
    assert variation.comments_after == ["after\nvariation"]
    assert (game.turns[1].side, game.turns[1].number) == (Side.BLACK, 1)
    assert game.comments_after == ["after\nresult"]


def test_two_multi_line_comments_meeting_on_one_line() -> None:
    # A comment may span lines (§1, §4): "}" of one and "{" of the next on the same line.
    game = parse_game("1. 52: 13/8 13/11 {c\nd} 1... 64: in/19 in/21 {e\nf}\n*\n")
    assert [str(p) for p in game.problems] == []
    assert game.turns[0].segments[0].comments == ["c\nd"]
    assert game.turns[1].segments[0].comments == ["e\nf"]


def test_multi_line_comment_keeps_later_line_numbers() -> None:
    game = parse_game("{one\ntwo\nthree}\n1. 52: 13/8 13/11\n2. 72: 13/8\n*\n")
    assert (game.problems[0].span.line, game.problems[0].span.column) == (5, 4)


# --------------------------------------------------------------------------- files of several games


def test_zero_games() -> None:
    assert parse_games("") == []
    assert parse_games("\n\n   \n\t\n") == []
    assert parse_games("\r\n\r\n") == []


def test_zero_games_from_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.acey"
    path.write_text("", encoding="utf-8")
    assert list(read_games(path)) == []


def test_new_game_at_a_tag_line_after_a_result() -> None:
    games = clean(parse_games(GAME + '[Event "two"]\n\n1. 31: in/22 in/24\n*\n'))
    assert [g.tag("Event") for g in games] == ["one", "two"]
    assert [g.result for g in games] == ["9-0", "*"]
    assert len(games[1].turns) == 1


def test_new_game_at_a_tag_line_after_movetext_without_result() -> None:
    games = clean(
        parse_games(
            '[Event "one"]\n\n1. 52: 13/8 13/11\n[Event "two"]\n\n1. 31: in/22 in/24\n0-6\n'
        )
    )
    assert [g.tag("Event") for g in games] == ["one", "two"]
    assert games[0].result is None
    assert games[0].result_text == "*"
    assert len(games[0].turns) == 1
    assert games[1].result == "0-6"


def test_games_without_tags_split_at_a_tag_line() -> None:
    games = clean(parse_games('1. 52: 13/8 13/11\n[Event "two"]\n1. 31: in/22 in/24 *\n'))
    assert len(games) == 2
    assert games[0].tags == []
    assert games[1].tag("Event") == "two"


def test_tags_before_movetext_are_one_game() -> None:
    games = clean(parse_games('[Event "one"]\n[Site "s"]\n\n[Round "3"]\n1. 52: 13/8 13/11 *\n'))
    assert len(games) == 1
    assert [t.name for t in games[0].tags] == ["Event", "Site", "Round"]


def test_no_blank_line_needed_between_games() -> None:
    games = clean(
        parse_games('[Event "one"]\n1. 52: 13/8 13/11 *\n[Event "two"]\n1. 64: 24/18 24/20 9-0\n')
    )
    assert [(g.tag("Event"), g.result) for g in games] == [("one", "*"), ("two", "9-0")]


def test_indented_tag_line_starts_a_game() -> None:
    games = clean(parse_games('1. 52: 13/8 13/11 *\n  \t[Event "two"]\n1. 64: 24/18 24/20 *\n'))
    assert len(games) == 2
    assert games[1].tag("Event") == "two"


def test_comments_after_result_belong_to_the_game_before() -> None:
    text = (
        '[Event "one"]\n\n1. 52: 13/8 13/11\n* {after one}\n{more\nafter}\n\n'
        '[Event "two"]\n\n{intro two}\n1. 64: 24/18 24/20\n9-0\n{tail}\n'
    )
    games = clean(parse_games(text))
    assert len(games) == 2
    assert games[0].comments_after == ["after one", "more\nafter"]
    assert games[1].comments == ["intro two"]
    assert games[1].comments_after == ["tail"]


@pytest.mark.parametrize(
    ("variation", "result"),
    [
        ("(1... 52: in/20 20/18 0-15)", None),  # a syntax error in a variation
        ("(1... 52: in/20 20/18 0-15", None),  # in one left open
        ("(1... 52: in/20 20/18 0-15) 9-0", "9-0"),  # the game's own after it
        ("(1... 52: in/20 20/18 (1... 61: in/19 0-2) 0-15) *", "*"),  # nested
    ],
)
def test_a_result_in_a_variation_is_none_of_the_game_s(variation: str, result: str | None) -> None:
    """§4: a variation holds no result. A syntax error there keeps the game's own, if any."""
    text = f'[White "a"]\n\n1. 64: in/19 in/21  43: in/21 in/22\n{variation}\n\n[White "b"]\n*\n'
    first, second = parse_games(text)
    assert first.problems
    assert (first.result, first.result_text) == (result, result or "*")
    assert (second.tag("White"), second.result) == ("b", "*")


def test_many_games_and_spans() -> None:
    text = "\n".join(GAME for _ in range(5))
    games = clean(parse_games(text))
    assert len(games) == 5
    assert len({tuple(map(str, summary(g))) for g in games}) == 1
    lines = GAME.count("\n") + 1
    assert [g.span.line for g in games] == [1 + i * lines for i in range(5)]


def test_read_games_streams(tmp_path: Path) -> None:
    path = tmp_path / "many.acey"
    path.write_text("\n".join(GAME for _ in range(3)), encoding="utf-8")
    games = read_games(path)
    assert not isinstance(games, list)
    first = next(iter(games))
    assert first.tag("Event") == "one"
    assert len([first, *games]) == 3


def test_read_games_from_str_path_and_open_file(tmp_path: Path) -> None:
    path = tmp_path / "g.acey"
    path.write_text(GAME, encoding="utf-8")
    by_path = list(read_games(str(path)))
    with open(path, encoding="utf-8") as handle:
        by_file = list(read_games(handle))
    assert by_path == by_file == list(read_games(io.StringIO(GAME))) == parse_games(GAME)


def test_parse_game_gives_the_first() -> None:
    assert parse_game(GAME + GAME.replace('"one"', '"two"')).tag("Event") == "one"


def test_missing_file_is_a_read_error(tmp_path: Path) -> None:
    with pytest.raises(ReadError):
        list(read_games(tmp_path / "nope.acey"))


def test_not_utf8_is_a_read_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.acey"
    path.write_bytes('[Event "Caf\xe9"]\n*\n'.encode("latin-1"))
    with pytest.raises(ReadError):
        list(read_games(path))


def test_syntax_errors_never_raise() -> None:
    games = parse_games("}}}} ((( [[[ 99: 13/99 {")
    assert games and all(g.problems for g in games)


# --------------------------------------------------------------------------- spans


def test_spans_are_one_based_end_exclusive() -> None:
    game = parse_game('[Event "x"]\n1. 52: 13/8 13/11 *\n')
    assert game.tags[0].span == Span(1, 1, 1, 12)
    move = game.turns[0].segments[0].moves[1]
    assert move.span == Span(2, 13, 2, 18)
    assert game.turns[0].segments[0].moves[0].span == Span(2, 8, 2, 12)
