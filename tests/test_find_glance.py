"""``find``'s glance at tags (``corpus.sections.glance``) against the reader's split of the same text.

The glance finds games at their blocks of tag lines with a few regular
expressions over a whole piece; the reader (``sections.read`` without the
grammar, the glance's own fallback) lexes line by line. On generated
records, clean ones and hostile ones, both must give the same games: the
same first lines, tags, results and texts. On clean records the glance must
also answer by itself, without falling back to the reader.
"""

from __future__ import annotations

import io
import re
import sys
from unittest import mock

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from aceynote.corpus import find, sections
from aceynote.corpus.filters import Query, TagHas, Term
from aceynote.notation import cutter, limits, parse_games
from aceynote.notation.cutter import Piece
from aceynote.notation.limits import MAX_TAG_VALUE, MAX_TAGS

# Tags, with escaped quotes, brackets, dashes and stars in values, blanks
# around them and a name given twice.
TAGS = [
    '[Event "a"]',
    '[White "Ines Alder"]',
    '[White "b \\"c\\" [d] 1-0 *"]',
    '  [Round "2"]',
    '[Result "7-0"]',
    '[Result "*"]',
    '[Black "z"]\t ',
    '[ Black   "x--y"]',
]
MOVETEXT = [
    "1. 52: in/20 in/23(2)  64: in/19 in/21",
    "2. 31: 20/17* 17/16  --",
    '3. 41: 21/17 {a [Event "x"] 1-0 ( * }',
    "( 3. 41: 21/17 ((5)) )",
    "4. 66: 24/18(2) {a comment\n over lines} 18/12(2)",
]
RESULTS = ["*", "15-0", "2-0", ""]
# What a clean record never holds: comments left open or among tags, a [
# out of a tag or a tag not alone on its line, a result before a game's end,
# a tag holding a brace, a comment over a line that looks like a tag.
HOSTILE = [
    "{ left open",
    "}",
    "(",
    ")",
    "x[y",
    "1-0 *",
    "a-b ---",
    '[Broken "',
    '{c}[Event "q"]',
    '[Event "s"] 1. 52: in/20',
    '[Event "x {y}"]',
    '{a\n[Event "in a comment"]}',
    "{only a comment}",
    "\f*",
    "\t*(2) 5. 11: --",
    "15-0 2. 31: 20/17",
    "\xa0",
    "\u3000* \x85",
    "\v",
    "\ufeff*",
    # Tag lines after the notation's white space: the cutter cuts there, as the reader does.
    '\ufeff[Event "bom"]',
    '\f[Event "form feed"]',
    '\v\ufeff [Round "5"]',
    # Brackets in tags, and a comment opened on a tag line: the cutter follows the reader.
    '[Site "a (b"]',
    '[Site "a {b"]',
    '[Event "x"] {open',
    '[Event "x"] {c [Round "y"]',
    # Movetext with no result, then a comment left open or closed on a later line: the cutter
    # cuts at the next tag line the reader reads, where the reader starts a game.
    "1. 52: in/20 in/23 {",
    "{a\nb} 1. 52: in/20",
    '[Site "{"]\n[Broken "\n1. 52: in/20',
    '[Site "{"]\n1. 52: in/20',
]


def game(hostile: bool) -> st.SearchStrategy[str]:
    """A game's text: tags, blank lines, movetext and a result (with a hostile bit, maybe)."""
    bits = st.tuples(
        st.lists(st.sampled_from(TAGS), min_size=1, max_size=4),
        st.lists(st.sampled_from(["", " ", "\t"]), max_size=2),
        st.lists(st.sampled_from(MOVETEXT), min_size=1, max_size=4),
        st.sampled_from(RESULTS),
        st.lists(st.sampled_from(HOSTILE), max_size=2 if hostile else 0),
    )
    return bits.map(
        lambda parts: "\n".join([*parts[0], *parts[1], *parts[2], parts[3], *parts[4]]) + "\n"
    )


def record(hostile: bool) -> st.SearchStrategy[str]:
    """Games one after another, the first maybe without tags, with LF or CRLF (or a lone CR)."""
    tagless = ["", "\n", "{before the tags}\n"]
    if hostile:  # words before the tags: the lexer tells a game (movetext) from stray words
        tagless += ["1. 52: in/20 in/23 *\n", "1. 52: in/20\n", "Exported games\n"]
    ends = ["\n", "\r\n", "\r"] if hostile else ["\n", "\r\n"]
    games = st.lists(game(hostile), max_size=6)
    return st.tuples(st.sampled_from(tagless), games, st.sampled_from(ends)).map(
        lambda parts: (parts[0] + "".join(parts[1])).replace("\n", parts[2])
    )


def piece_of(text: str, first_line: int) -> sections.PieceText:
    """A piece of a record: one but the first starts at a tag line, where the cutter cuts."""
    if first_line > 1:
        text = text[text.find("[") :] if "[" in text else ""
    return sections.PieceText(text, first_line, None)


def keep_all(tags: dict[str, str], result: str) -> bool:
    return True


def keep_some(tags: dict[str, str], result: str) -> bool:
    """Some games and not others, by their tags and result."""
    return (len(tags) + len(result) + len(tags.get("Round", ""))) % 2 == 0


def sifted_by_reader(piece: sections.PieceText, keep: sections.Keep) -> sections.Sifted:
    standings = sections.read(piece, parse=False)
    kept = [(n, game) for n, game in enumerate(standings, start=1) if keep(game.tags, game.result)]
    return sections.Sifted(len(standings), kept, sections.lead(piece, standings))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record(hostile=False), st.integers(1, 3), st.sampled_from([keep_all, keep_some]))
def test_the_glance_splits_clean_records_by_itself_as_the_reader_does(
    text: str, first_line: int, keep: sections.Keep
) -> None:
    piece = piece_of(text, first_line)
    by_reader = sifted_by_reader(piece, keep)
    refused = AssertionError("the glance fell back to the reader")
    with mock.patch.object(sections, "read", side_effect=refused):
        assert sections.glance(piece, keep) == by_reader


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record(hostile=True), st.integers(1, 3), st.sampled_from([keep_all, keep_some]))
# White space to Unicode, not to the notation: a stray character, so a game.
@example("\xa0\n", 1, keep_all)
@example("\x1c\n", 1, keep_all)
@example("\x85\n", 1, keep_all)
@example("\u3000\n", 1, keep_all)
@example("\n\u3000*\n", 1, keep_all)
@example('\u3000\n[Event "a"]\n*\n', 1, keep_all)
# Words before the first tags: stray (the first game's) or movetext (a game of their own).
@example('Exported games\n[Event "a"]\n1. 52: in/20 in/23 *\n[Event "b"]\n*\n', 1, keep_all)
@example('1. 52: in/20\n[Event "a"]\n*\n', 1, keep_all)
# A form feed or vertical tab: blank to the reader, not to the glance's patterns.
@example('[Event "a"]\n\f\n[White "x"]\n1. 52: in/20 in/23 *\n', 1, keep_all)
@example('[Event "a"]\n\v\n[White "x"]\n*\n', 1, keep_all)
@example(
    '[Event "a"]\n[White "x"]\n1. 52: in/20 1-0 64: in/19\n\n'
    '[Event "b"]\n[White "y"]\n1. 52: in/20\f*\n',
    1,
    keep_all,
)
def test_the_glance_splits_hostile_records_as_the_reader_does(
    text: str, first_line: int, keep: sections.Keep
) -> None:
    piece = piece_of(text, first_line)
    assert sections.glance(piece, keep) == sifted_by_reader(piece, keep)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    record(hostile=True),
    st.booleans(),
    st.sampled_from([200, 1000, 1 << 18]),
    st.sampled_from(["", "alder"]),
)
def test_find_by_tags_in_pieces_finds_what_the_reader_finds_in_the_whole(
    text: str, bom: bool, piece_bytes: int, white: str
) -> None:
    """Whatever the pieces, the games found are the whole file's, numbered, placed and cut alike."""
    data = ("\ufeff" if bom else "").encode() + text.replace("Ines Alder", "Ines ALDER").encode()
    whole = sections.piece_text(Piece("record", 1, data))
    search = find.Search(Query([[Term(TagHas(("White",), white))]]))
    with mock.patch.object(find, "PIECE_BYTES", piece_bytes):
        found = list(find.acey_games(io.BytesIO(data), "record", search))
    assert [(one.number, one.line, one.tags, one.result, one.text) for one in found] == [
        (number, game.line, game.tags, game.result, game.text)
        for number, game in enumerate(sections.read(whole, parse=False), start=1)
        if white in game.tags.get("White", "").casefold()
    ]


@pytest.mark.parametrize(
    ("variation", "result"),
    [
        ("(1... 52: in/20 0-15", "*"),
        (") (1... 52: in/20 0-15", "*"),  # a ')' that closes nothing
        ("(1... 52: in/20 (1... 61: in/19) in/22(2) 0-15", "*"),
        ("(1... 52: in/20) 0-15", "0-15"),  # the game's own result
        ("(1... 52: in/20(2)) ) 0-15", "0-15"),
    ],
)
def test_a_result_in_a_variation_left_open_is_not_the_game_s(variation: str, result: str) -> None:
    """The result token a game ends in may stand in a variation left open: the reader reads
    none for the game (split.GameTokens.result), nor does the glance."""
    text = f'[Event "a"]\n1. 64: in/19 in/21\n{variation}\n[Event "b"]\n*\n'
    piece = sections.PieceText(text, 1, None)
    by_reader = sifted_by_reader(piece, keep_all)
    assert sections.glance(piece, keep_all) == by_reader
    assert [game.result for _, game in by_reader.kept] == [result, "*"]


def test_the_digit_limit_of_a_result_is_the_reader_s_one() -> None:
    """A result with a number over MAX_DIGITS digits is none: for the parser, past a syntax
    error or not, and for find's reader and glance alike, by limits.readable_number alone
    (a smaller limit set there holds for all of them)."""
    text = '[Event "a"]\n1. 52: in/20 in/23\n15-0\n\n[Event "b"]\n1. 52: in/20 oops\n0-15\n'
    piece = sections.PieceText(text, 1, None)
    with mock.patch.object(limits, "MAX_DIGITS", 1):
        games = parse_games(text)
        assert [(game.result, bool(game.problems)) for game in games] == [(None, True)] * 2
        by_reader = sifted_by_reader(piece, keep_all)
        assert [game.result for _, game in by_reader.kept] == ["*", "*"]
        assert sections.glance(piece, keep_all) == by_reader
    assert [game.result for game in parse_games(text)] == ["15-0", "0-15"]


def test_the_glance_leaves_to_the_reader_any_white_space_but_space_tab_cr_lf() -> None:
    """What ``\\s`` matches (or the lexer skips) beyond those four: the glance's patterns differ."""
    every = [chr(code) for code in range(sys.maxunicode + 1)]
    odd = {char for char in every if re.match(r"\s", char)} - set(" \t\r\n") | {"\ufeff"}
    assert set(sections._ODD_BLANKS) == odd


def test_a_block_past_the_reader_s_limits_is_left_to_the_reader() -> None:
    """A tag value or a number of tags the reader does not keep: the glance keeps none either."""
    movetext = "1. 52: in/20 in/23 *\n"
    long_value = '[Event "' + "a" * (MAX_TAG_VALUE + 1) + '"]\n'
    many_tags = "".join(f'[T{number} "v"]\n' for number in range(MAX_TAGS + 1))
    for text in (long_value + movetext, many_tags + movetext):
        piece = sections.PieceText(text, 1, None)
        assert sections.glance(piece, keep_all) == sifted_by_reader(piece, keep_all)


@pytest.mark.parametrize("lead", ["\ufeff", "\f", "\v", " \t"])
def test_the_cutter_cuts_before_a_tag_line_after_white_space(lead: str) -> None:
    """A byte order mark before each game left the whole file one piece: 1.5 GB for 10 MB."""
    data = (lead + '[Event "x"]\n*\n').encode() * 2000
    cut = list(cutter.pieces(io.BytesIO(data), "f.acey", 1000))
    assert len(cut) > 20 and b"".join(piece.data for piece in cut) == data


def games_in_pieces(cut: list[Piece]) -> list[tuple[int, dict[str, str], str]]:
    return [
        (standing.line, standing.tags, standing.result)
        for piece in cut
        for standing in sections.read(
            sections.PieceText(piece.data.decode(), piece.first_line, None), parse=False
        )
    ]


def test_a_comment_left_open_before_every_tag_line_does_not_stop_the_cutting() -> None:
    """Movetext with no result before each game: cut only after a result, it stayed one piece
    (0.9 GB for 10 MB); the reader starts a game at each tag line, and so does the cutter."""
    data = b'[E "x"]\n1. 52: in/20 in/23 {\n[F "y"]\n' * 2000
    cut = list(cutter.pieces(io.BytesIO(data), "f.acey", 1000))
    assert len(cut) > 20 and max(len(piece.data) for piece in cut) < 2000
    assert b"".join(piece.data for piece in cut) == data
    whole = sections.read(sections.PieceText(data.decode(), 1, None), parse=False)
    assert games_in_pieces(cut) == [(g.line, g.tags, g.result) for g in whole]


@pytest.mark.parametrize(
    "data",
    [
        b'[A "x"]\n{a comment alone}\n[B "y"]\n' * 500,  # a comment closed, no word outside
        b'[A "x"]\n{a\nb} 1. 52: in/20\n[B "y"]\n' * 500,  # words after a comment on its line
        b'[A "x"] 1. 52: in/20\n[B "y"]\n' * 500,  # words on a tag line
    ],
)
def test_the_cutter_cuts_no_game_the_reader_does_not_start(data: bytes) -> None:
    cut = list(cutter.pieces(io.BytesIO(data), "f.acey", 100))
    whole = sections.read(sections.PieceText(data.decode(), 1, None), parse=False)
    assert games_in_pieces(cut) == [(g.line, g.tags, g.result) for g in whole]


@pytest.mark.parametrize(
    "first",
    ['[Site "a (b"]\n', '[Site "a {b"]\n', '[Event "x"]\n\n1. 52: in/20 in/23 {left open\n'],
)
def test_a_bracket_in_a_tag_or_a_comment_left_open_does_not_stop_the_cutting(first: str) -> None:
    """A tag's value, and a tag line that ends a comment left open (as the reader ends it),
    left the rest of the file one piece: 1.1 GB for 10 MB."""
    game = '[Event "e"]\n[White "w"]\n\n1. 52: in/20 in/23 (1. 64: in/19 in/21)\n*\n\n'
    data = (first + game * 2000).encode()
    cut = list(cutter.pieces(io.BytesIO(data), "f.acey", 1000))
    assert len(cut) > 20 and b"".join(piece.data for piece in cut) == data
    text = data.decode()
    whole = sections.read(sections.PieceText(text, 1, None), parse=False)
    pieces = [
        standing
        for piece in cut
        for standing in sections.read(
            sections.PieceText(piece.data.decode(), piece.first_line, None), parse=False
        )
    ]
    assert [(g.line, g.tags, g.result) for g in pieces] == [
        (g.line, g.tags, g.result) for g in whole
    ]
