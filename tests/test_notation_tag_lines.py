"""A broken tag line says what is wrong in it (docs/notation.md §2), at its line."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

from aceynote.notation import parse_game
from aceynote.notation.tags import TAG_NAME
from aceynote.validation import validate


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            '[Foo-bar "x"]',
            "'Foo-bar' is not a tag name: a name is a letter, then letters, digits or _",
        ),
        ('[1st "x"]', "'1st' is not a tag name"),
        ('["x"]', "this tag has no name"),
        ("[White Park]", 'the value of the tag White goes in double quotes: [White "value"]'),
        ('[White"Park"]', "write a space between the tag name White and its value"),
        ('[White "Park"', "the tag White ends with ']' right after its value"),
        ('[White "Park" x]', "the tag White ends with ']' right after its value"),
        ('[White "Park', "the value of the tag White has no closing '\"'"),
        ('[White "Pa"rk"]', "a '\"' inside the value of the tag White is written \\\""),
    ],
)
def test_a_broken_tag_line_says_what_is_wrong(line: str, message: str) -> None:
    game = parse_game(f'{line}\n[Black "B"]\n\n1. 64: in/19 in/21\n*\n')
    [problem] = game.problems
    assert message in problem.message
    assert (problem.span.line, problem.span.column) == (1, 1)
    assert [d.code.code for d in validate(game).diagnostics] == ["AD100"]


def test_the_tag_name_every_check_uses_is_the_grammar_s() -> None:
    grammar = (ROOT / "grammars" / "aceynote.lark").read_text(encoding="utf-8")
    (tag,) = re.findall(r"^TAG: /(.*)/$", grammar, re.MULTILINE)
    assert tag.startswith(r"\[[ \t]*" + TAG_NAME + r"[ \t]+")
