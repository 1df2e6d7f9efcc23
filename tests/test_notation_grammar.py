"""The grammar (docs/notation.md §2, §4): it is strict LALR, and every syntax feature reads.

Each feature is checked twice: with lark's own strict LALR parser and contextual
lexer built from ``grammar_text()`` (so the shipped grammar alone accepts it), and
with ``parse_game`` (so the model says what the text says).
"""

from __future__ import annotations

import lark
import pytest
from conftest import ROOT

from aceynote.notation import Game, grammar_text, parse_game
from aceynote.rules import BAR, OFF, POOL, SegmentKind, Side


@pytest.fixture(scope="module")
def strict() -> lark.Lark:
    return lark.Lark(grammar_text(), parser="lalr", lexer="contextual", strict=True)


def read(text: str) -> Game:
    game = parse_game(text)
    assert game.problems == [], [str(p) for p in game.problems]
    return game


def moves_of(
    game: Game, turn: int = 0, segment: int = 0
) -> list[tuple[int, list[tuple[int, bool]], int]]:
    return [
        (m.source, [(s.place, s.hit) for s in m.stops], m.count)
        for m in game.turns[turn].segments[segment].moves
    ]


# --------------------------------------------------------------------------- the grammar itself


def test_grammar_builds_as_strict_lalr_with_contextual_lexer(strict: lark.Lark) -> None:
    # strict=True fails on shift/reduce conflicts and on colliding terminals.
    assert strict.options.parser == "lalr"
    assert strict.parse("1. 52: 13/8 13/11\n*\n") is not None


def test_grammar_text_is_the_grammar_file_of_the_source_tree() -> None:
    assert grammar_text() == (ROOT / "grammars" / "aceynote.lark").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- every feature parses

FEATURES = {
    "white_number": "1. 52: 13/8 13/11\n*\n",
    "black_number_after_white": "1. 52: 13/8 13/11 1... 64: 24/18 24/20\n*\n",
    "black_moves_first": "1... 64: in/19 in/21\n2. 52: in/20 in/23\n*\n",
    "black_without_number": "1. 52: 13/8 13/11  64: 24/18 24/20\n*\n",
    "roll_high_first": "1. 52: 13/8 13/11\n*\n",
    "roll_low_first": "1. 25: 13/8 13/11\n*\n",
    "double_roll": "1. 66: in/19(4)\n*\n",
    "chosen_double": "1. 21: in/24 in/23 =66: in/19(4)\n*\n",
    "extra_roll": "1. 21: in/24 in/23 =66: in/19(4) +53: in/20 in/22\n*\n",
    "extra_roll_low_first": "1. 12: in/24 in/23 =66: in/19(4) +35: in/20 in/22\n*\n",
    "bonus_chained": "1. 21: in/24 in/23 =66: in/19(4) +12: 19/18 19/17 =55: in/20(4) +43: in/21 in/22\n*\n",
    "chain_two_dice": "1. 65: 24/18/13\n*\n",
    "chain_four_dice": "1. 33: 24/21/18/15/12\n*\n",
    "hit": "1. 65: 13/8* 13/7\n*\n",
    "hit_in_chain": "1. 65: 24/18*/13*\n*\n",
    "count_2": "1. 66: 13/7(2) 24/18(2)\n*\n",
    "count_3": "1. 66: 13/7(3) 24/18\n*\n",
    "count_4": "1. 66: in/19(4)\n*\n",
    "count_with_hit": "1. 66: 13/7*(2) 24/18(2)\n*\n",
    "pass": "1. 66: --\n*\n",
    "bar_entry": "1. 43: bar/22 bar/21*\n*\n",
    "bear_off": "1. 43: 4/off 3/off\n*\n",
    "glyph_good": "1. 52: 13/8 13/11 !\n*\n",
    "glyph_mistake": "1. 52: 13/8 13/11 ?\n*\n",
    "glyph_brilliant": "1. 52: 13/8 13/11 !!\n*\n",
    "glyph_blunder": "1. 52: 13/8 13/11 ??\n*\n",
    "glyph_interesting": "1. 52: 13/8 13/11 !?\n*\n",
    "glyph_dubious": "1. 52: 13/8 13/11 ?!\n*\n",
    "glyph_right_after_hit": "1. 52: 13/11 13/8*!\n*\n",
    "glyph_right_after_count": "1. 66: 24/18(2) 13/7(2)?!\n*\n",
    "glyph_right_after_pass": "1. 66: --??\n*\n",
    "nag": "1. 52: 13/8 13/11 $1\n*\n",
    "nag_right_after_move": "1. 52: 13/8 13/11$14\n*\n",
    "nags_and_glyphs": "1. 52: 13/8 13/11 ! $1 $14 ?\n*\n",
    # §4: a note (comment, glyph, NAG) is an element of movetext, wherever it stands.
    "glyph_after_variation": "1. 64: in/19 in/21 (1. 64: in/19 19/15) !  43: in/21 in/22\n*\n",
    "nag_after_variation": "1. 64: in/19 in/21 (1. 64: in/19 19/15) $2  43: in/21 in/22\n*\n",
    "glyph_after_move_number": "1. 64: in/19 in/21 1... ? 43: in/21 in/22\n*\n",
    "glyph_after_first_move_number": "1. ! 64: in/19 in/21\n*\n",
    "glyph_before_first_turn": "! 1. 64: in/19 in/21\n*\n",
    "glyph_at_variation_start": "1. 64: in/19 in/21 ( ! 1. 64: in/19 19/15)\n*\n",
    "comment_before_first_turn": "{before}\n1. 52: 13/8 13/11\n*\n",
    "comment_after_move_number": "1. {after number} 52: 13/8 13/11\n*\n",
    "comment_after_segment": "1. 52: 13/8 13/11 {after play}\n*\n",
    "comment_between_segments": "1. 21: in/24 in/23 {a} =66: in/19(4) {b} +53: in/20 in/22 {c}\n*\n",
    "comment_in_variation": "1. 52: 13/8 13/11 ({start} 1. 52: 13/8 13/11 {inside}) {after}\n*\n",
    "comment_after_result": "1. 52: 13/8 13/11\n* {after result}\n",
    "several_comments": "{a} {b}\n1. {c} {d} 52: 13/8 13/11 {e} {f}\n*\n",
    "multi_line_comment": "1. 52: 13/8 13/11 {one\ntwo\nthree}\n*\n",
    "variation": "1. 52: 13/8 13/11 (1. 52: 13/8 8/6)\n*\n",
    "two_variations": "1. 52: 13/8 13/11 (1. 52: 13/8 8/6) (1. 52: 24/22 13/8)\n*\n",
    "variation_of_black": "1. 52: 13/8 13/11 1... 64: in/19 in/21 (1... 31: in/22 in/24)\n*\n",
    "nested_variation": "1. 52: 13/8 13/11 1... 64: in/19 in/21 (1... 31: in/22 in/24 2. 66: in/19(4) (2. 55: in/20(4)))\n*\n",
    "variation_of_several_turns": "1. 52: 13/8 13/11 (1. 41: 13/9 13/12 1... 66: in/19(4) 2. 11: in/24(4))\n*\n",
    "result_white": "1. 52: 13/8 13/11\n9-0\n",
    "result_black": "1. 52: 13/8 13/11\n0-6\n",
    "result_unknown": "1. 52: 13/8 13/11\n*\n",
    "result_missing": "1. 52: 13/8 13/11\n",
    "result_on_same_line": "1. 52: 13/8 13/11 15-0\n",
    "upper_case_keywords": "1. 65: IN/19 BAR/20 1... 65: 6/OFF 5/Off\n*\n",
    "tags": '[Event "Wardroom ladder"]\n[Site "USS Ranger"]\n\n1. 52: 13/8 13/11\n*\n',
    "tag_escapes": '[Event "say \\"hi\\" \\\\ there"]\n\n*\n',
    "unknown_tag": '[Weather "fair"]\n\n*\n',
    "duplicate_tag": '[Event "first"]\n[Event "second"]\n\n*\n',
    "tags_only": '[Event "x"]\n',
    "everything": (
        '[Event "All"]\n[Zz_9 "q"]\n\n{game}\n'
        "1. {n} 21: in/24 in/23 =66: 19/13 in/19(2) 24/18 ! $1 {p} +53: in/20 in/22*\n"
        "   (1. 12: in/24 in/23 =11: 24/23(4) +65: in/19/14 {v} (1. 66: --) {va})\n"
        "   1... 65: 21/10* 2. 33: bar/22 in/22 22/19(2)?! $14  66: in/19(4)\n"
        "9-0 {end}\n"
    ),
}


@pytest.mark.parametrize("text", FEATURES.values(), ids=FEATURES.keys())
def test_feature_parses_with_the_strict_grammar(strict: lark.Lark, text: str) -> None:
    strict.parse(text)


@pytest.mark.parametrize("text", FEATURES.values(), ids=FEATURES.keys())
def test_feature_reads_without_problems(text: str) -> None:
    read(text)


# --------------------------------------------------------------------------- what each feature means


def test_move_numbers_give_side_and_number() -> None:
    game = read(FEATURES["black_number_after_white"])
    assert [(t.side, t.number) for t in game.turns] == [(Side.WHITE, 1), (Side.BLACK, 1)]


def test_black_first_numbers() -> None:
    game = read(FEATURES["black_moves_first"])
    assert [(t.side, t.number) for t in game.turns] == [(Side.BLACK, 1), (Side.WHITE, 2)]


def test_unnumbered_black_turn_follows_white() -> None:
    game = read("1. 52: 13/8 13/11  64: 24/18 24/20\n2. 31: 8/5 6/5  43: 24/20 24/21\n*\n")
    assert [(t.side, t.number) for t in game.turns] == [
        (Side.WHITE, 1),
        (Side.BLACK, 1),
        (Side.WHITE, 2),
        (Side.BLACK, 2),
    ]


@pytest.mark.parametrize(
    ("roll", "dice"), [("52:", (5, 2)), ("25:", (2, 5)), ("66:", (6, 6)), ("12:", (1, 2))]
)
def test_roll_dice_as_written(roll: str, dice: tuple[int, int]) -> None:
    game = read(f"1. {roll} 13/8 13/11\n*\n")
    segment = game.turns[0].segments[0]
    assert segment.kind is SegmentKind.ROLL
    assert segment.dice == dice


def test_chained_acey_deucey_segments() -> None:
    game = read(FEATURES["bonus_chained"])
    segments = game.turns[0].segments
    assert [(s.kind, s.dice) for s in segments] == [
        (SegmentKind.ROLL, (2, 1)),
        (SegmentKind.CHOSEN_DOUBLE, (6, 6)),
        (SegmentKind.EXTRA_ROLL, (1, 2)),
        (SegmentKind.CHOSEN_DOUBLE, (5, 5)),
        (SegmentKind.EXTRA_ROLL, (4, 3)),
    ]
    assert len(game.turns) == 1


def test_extra_roll_low_first_kept_as_written() -> None:
    game = read(FEATURES["extra_roll_low_first"])
    assert game.turns[0].segments[2].dice == (3, 5)


def test_chains() -> None:
    assert moves_of(read(FEATURES["chain_two_dice"])) == [(24, [(18, False), (13, False)], 1)]
    assert moves_of(read(FEATURES["chain_four_dice"])) == [
        (24, [(21, False), (18, False), (15, False), (12, False)], 1)
    ]


def test_hit_marks() -> None:
    assert moves_of(read(FEATURES["hit"])) == [(13, [(8, True)], 1), (13, [(7, False)], 1)]
    assert moves_of(read(FEATURES["hit_in_chain"])) == [(24, [(18, True), (13, True)], 1)]


@pytest.mark.parametrize("count", [2, 3, 4])
def test_counts(count: int) -> None:
    game = read(f"1. 66: 13/7({count})\n*\n")
    assert moves_of(game) == [(13, [(7, False)], count)]


def test_count_with_hit() -> None:
    assert moves_of(read(FEATURES["count_with_hit"]))[0] == (13, [(7, True)], 2)


def test_pass_is_an_empty_play() -> None:
    assert read(FEATURES["pass"]).turns[0].segments[0].moves == []


def test_places_in_bar_off() -> None:
    game = read("1. 65: in/19 bar/20* 1... 43: 4/off 3/off\n*\n")
    assert moves_of(game, 0) == [(POOL, [(19, False)], 1), (BAR, [(20, True)], 1)]
    assert moves_of(game, 1) == [(4, [(OFF, False)], 1), (3, [(OFF, False)], 1)]


def test_upper_case_keywords() -> None:
    game = read(FEATURES["upper_case_keywords"])
    assert moves_of(game, 0) == [(POOL, [(19, False)], 1), (BAR, [(20, False)], 1)]
    assert moves_of(game, 1) == [(6, [(OFF, False)], 1), (5, [(OFF, False)], 1)]


@pytest.mark.parametrize("glyph", ["!", "?", "!!", "??", "!?", "?!"])
def test_each_glyph(glyph: str) -> None:
    spaced = read(f"1. 52: 13/8 13/11 {glyph}\n*\n")
    glued = read(f"1. 52: 13/11 13/8*{glyph}\n*\n")
    assert spaced.turns[0].segments[0].glyphs == [glyph]
    assert glued.turns[0].segments[0].glyphs == [glyph]
    assert moves_of(glued)[-1] == (13, [(8, True)], 1)


def test_glyph_after_count_and_pass() -> None:
    game = read(FEATURES["glyph_right_after_count"])
    assert game.turns[0].segments[0].glyphs == ["?!"]
    assert moves_of(game)[-1] == (13, [(7, False)], 2)
    assert read(FEATURES["glyph_right_after_pass"]).turns[0].segments[0].glyphs == ["??"]


def test_nags_and_glyphs_in_order() -> None:
    segment = read(FEATURES["nags_and_glyphs"]).turns[0].segments[0]
    assert segment.glyphs == ["!", "?"]
    assert segment.nags == [1, 14]
    assert read(FEATURES["nag_right_after_move"]).turns[0].segments[0].nags == [14]


def test_comments_in_every_position() -> None:
    game = read(FEATURES["several_comments"])
    assert game.comments == ["a", "b"]
    assert game.turns[0].comments == ["c", "d"]
    assert game.turns[0].segments[0].comments == ["e", "f"]

    segments = read(FEATURES["comment_between_segments"]).turns[0].segments
    assert [s.comments for s in segments] == [["a"], ["b"], ["c"]]

    variation = read(FEATURES["comment_in_variation"]).turns[0].variations[0]
    assert variation.comments == ["start"]
    assert variation.turns[0].segments[0].comments == ["inside"]
    assert variation.comments_after == ["after"]

    after = read(FEATURES["comment_after_result"])
    assert after.comments_after == ["after result"]
    assert after.turns[0].segments[0].comments == []


def test_comment_text_is_kept_verbatim() -> None:
    game = read('1. 52: 13/8 13/11 {  spaced [x] "q" (y) 13/8 *! }\n*\n')
    assert game.turns[0].segments[0].comments == ['  spaced [x] "q" (y) 13/8 *! ']


def test_multi_line_comment() -> None:
    game = read(FEATURES["multi_line_comment"])
    assert game.turns[0].segments[0].comments == ["one\ntwo\nthree"]


def test_variations_attach_to_the_turn_before() -> None:
    game = read(FEATURES["two_variations"])
    assert len(game.turns) == 1
    assert [moves_of_variation(v) for v in game.turns[0].variations] == [
        [(13, [(8, False)], 1), (8, [(6, False)], 1)],
        [(24, [(22, False)], 1), (13, [(8, False)], 1)],
    ]


def moves_of_variation(variation) -> list:  # type: ignore[no-untyped-def]
    return [
        (m.source, [(s.place, s.hit) for s in m.stops], m.count)
        for m in variation.turns[0].segments[0].moves
    ]


def test_nested_variations() -> None:
    game = read(FEATURES["nested_variation"])
    assert len(game.turns) == 2
    outer = game.turns[1].variations[0]
    assert [(t.side, t.number) for t in outer.turns] == [(Side.BLACK, 1), (Side.WHITE, 2)]
    inner = outer.turns[1].variations[0]
    assert [(t.side, t.number) for t in inner.turns] == [(Side.WHITE, 2)]
    assert inner.turns[0].segments[0].moves[0].count == 4


def test_variation_of_several_turns() -> None:
    variation = read(FEATURES["variation_of_several_turns"]).turns[0].variations[0]
    assert [(t.side, t.number) for t in variation.turns] == [
        (Side.WHITE, 1),
        (Side.BLACK, 1),
        (Side.WHITE, 2),
    ]


@pytest.mark.parametrize(
    ("name", "result"),
    [
        ("result_white", "9-0"),
        ("result_black", "0-6"),
        ("result_unknown", "*"),
        ("result_on_same_line", "15-0"),
    ],
)
def test_results(name: str, result: str) -> None:
    game = read(FEATURES[name])
    assert game.result == result
    assert game.result_text == result


def test_missing_result_reads_as_star() -> None:
    game = read(FEATURES["result_missing"])
    assert game.result is None
    assert game.result_text == "*"
    assert len(game.turns) == 1


def test_tags() -> None:
    game = read(FEATURES["tags"])
    assert [(t.name, t.value) for t in game.tags] == [
        ("Event", "Wardroom ladder"),
        ("Site", "USS Ranger"),
    ]
    assert game.tag("Site") == "USS Ranger"
    assert game.tag("Round") is None


def test_tag_escapes() -> None:
    assert read(FEATURES["tag_escapes"]).tag("Event") == 'say "hi" \\ there'


def test_tag_value_with_brackets_and_braces() -> None:
    game = read('[Event "a]b{c}[d"]\n[Site "{open"]\n\n1. 52: 13/8 13/11\n*\n')
    assert game.tag("Event") == "a]b{c}[d"
    assert game.tag("Site") == "{open"
    assert len(game.turns) == 1


def test_unknown_tag_kept() -> None:
    assert read(FEATURES["unknown_tag"]).tags[0].name == "Weather"


def test_duplicate_tags_kept_first_counts() -> None:
    game = read(FEATURES["duplicate_tag"])
    assert [(t.name, t.value) for t in game.tags] == [("Event", "first"), ("Event", "second")]
    assert game.tag("Event") == "first"


def test_tag_names_may_have_digits_and_underscores() -> None:
    game = read('[Zz_9 "q"]\n[a1 "r"]\n*\n')
    assert [(t.name, t.value) for t in game.tags] == [("Zz_9", "q"), ("a1", "r")]


def test_everything_together() -> None:
    game = read(FEATURES["everything"])
    assert game.comments == ["game"]
    assert game.tag("Zz_9") == "q"
    first = game.turns[0]
    assert first.comments == ["n"]
    assert [s.kind for s in first.segments] == [
        SegmentKind.ROLL,
        SegmentKind.CHOSEN_DOUBLE,
        SegmentKind.EXTRA_ROLL,
    ]
    assert first.segments[1].glyphs == ["!"] and first.segments[1].nags == [1]
    assert first.segments[1].comments == ["p"]
    assert moves_of(game, 0, 2)[-1] == (POOL, [(22, True)], 1)
    variation = first.variations[0]
    assert variation.comments_after == []
    assert [(t.side, t.number) for t in variation.turns] == [(Side.WHITE, 1)]
    assert variation.turns[0].segments[2].comments == ["v"]
    assert variation.turns[0].variations[0].turns[0].segments[0].moves == []
    assert variation.turns[0].variations[0].comments_after == ["va"]
    assert [(t.side, t.number) for t in game.turns] == [
        (Side.WHITE, 1),
        (Side.BLACK, 1),
        (Side.WHITE, 2),
        (Side.BLACK, 2),
    ]
    assert game.turns[2].segments[0].glyphs == ["?!"] and game.turns[2].segments[0].nags == [14]
    assert game.result == "9-0"
    assert game.comments_after == ["end"]


# --------------------------------------------------------------------------- where a glyph marks

# Each glyph or NAG marks the segment before it in its line of play (§4); with none
# before it, the first after it (docs/notation.md choice 20): the mark, whether the segment
# marked is the variation's first (else the game's first), and the text fmt writes.
MARKED = {
    "glyph_after_variation": (
        "!",
        False,
        "1. 64: in/19 in/21 ! (1. 64: in/19 19/15)  1... 43: in/21 in/22\n",
    ),
    "nag_after_variation": (
        "$2",
        False,
        "1. 64: in/19 in/21 $2 (1. 64: in/19 19/15)  1... 43: in/21 in/22\n",
    ),
    "glyph_after_move_number": ("?", False, "1. 64: in/19 in/21 ?  43: in/21 in/22\n"),
    "glyph_after_first_move_number": ("!", False, "1. 64: in/19 in/21 !\n"),
    "glyph_before_first_turn": ("!", False, "1. 64: in/19 in/21 !\n"),
    "glyph_at_variation_start": ("!", True, "1. 64: in/19 in/21 (1. 64: in/19 19/15 !)\n"),
}


@pytest.mark.parametrize("name", MARKED)
def test_a_glyph_marks_its_segment_and_is_kept(name: str) -> None:
    from aceynote.formats.jsonconv import game_from_json, game_to_json
    from aceynote.notation import write_game
    from aceynote.validation import validate

    game = read(FEATURES[name])
    mark, in_variation, written = MARKED[name]
    turn = game.turns[0].variations[0].turns[0] if in_variation else game.turns[0]
    segment = turn.segments[0]
    assert [*segment.glyphs, *(f"${nag}" for nag in segment.nags)] == [mark]
    assert write_game(game) == written + "*\n"  # fmt writes it in its canonical place
    assert read(write_game(game)) == game
    assert game_from_json(game_to_json(game)) == game  # the JSON form keeps it
    assert not validate(game).diagnostics  # and the replay reads the game as written


def test_glyphs_with_no_segment_before_them_go_before_the_first_segments_own() -> None:
    game = read("{g} ! $3 1. {t} ?! 64: in/19 in/21 ?? $4 1... !! 43: in/21 in/22\n*\n")
    white, black = game.turns
    assert white.segments[0].glyphs == ["!", "?!", "??", "!!"]
    assert white.segments[0].nags == [3, 4]
    assert (game.comments, white.comments) == (["g"], ["t"])
    assert not black.segments[0].glyphs


def test_a_glyph_in_a_game_with_no_segment_is_a_syntax_error() -> None:
    [problem] = parse_game('[White "x"]\n! *\n').problems
    assert (problem.span.line, problem.span.column) == (2, 1)
    assert problem.message.startswith("a glyph or NAG marks a play, and this game has none")
