"""Highlighting without a server: the Pygments lexer (by its entry point) and the TextMate grammar."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Generic, Keyword, Name, Number, String

from aceynote.lsp.hover import TAG_MEANINGS
from aceynote.render.highlight import textmate_grammar, textmate_text

GRAMMAR = ROOT / "editors" / "acey.tmLanguage.json"


def test_the_entry_point_finds_the_lexer_by_name_and_by_file() -> None:
    assert get_lexer_by_name("acey").name == "AceyNote"
    assert get_lexer_for_filename("game.acey").name == "AceyNote"


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.acey")), ids=lambda path: path.name)
def test_the_samples_have_no_error_tokens(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tokens = list(get_lexer_by_name("acey").get_tokens(text))
    assert [value for kind, value in tokens if kind is Error] == []
    assert "".join(value for _, value in tokens) == text


def test_each_kind_of_word_has_its_token() -> None:
    text = '[White "A"]\n1. 64: in/19 in/21* {a\nb} 1-0\n'
    tokens = [(kind, value) for kind, value in get_lexer_by_name("acey").get_tokens(text)]
    for expected in [
        (Name.Tag, "White"),
        (String, '"A"'),
        (Number, "1."),
        (Keyword, "64:"),
        (Name.Variable, "in/19 in/21"),
        (Generic.Emph, "*"),
        (Comment, "{a\nb}"),
        (Generic.Strong, "1-0"),
    ]:
        assert expected in tokens


def test_pygmentize_highlights_a_record() -> None:
    command = [sys.executable, "-m", "pygments", "-l", "acey", "-f", "html"]
    done = subprocess.run(
        [*command, str(SAMPLES / "annotated.acey")], capture_output=True, text=True, check=True
    )
    assert '<span class="nt">Event</span>' in done.stdout


def test_the_textmate_grammar_is_the_one_written_from_the_terminals() -> None:
    assert GRAMMAR.read_text(encoding="utf-8") == textmate_text(), (
        "write it again: python -m aceynote.render.highlight > editors/acey.tmLanguage.json"
    )
    for rule in textmate_grammar()["patterns"]:
        for key in ("match", "begin", "end"):
            if key in rule:
                re.compile(rule[key])


def test_hover_knows_the_tags_of_notation_section_2() -> None:
    notation = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    section = notation[notation.index("## 2. Tag section") : notation.index("## 3.")]
    documented = set(re.findall(r"`([A-Z][A-Za-z]+)`", section.split("| tag | meaning |")[1]))
    assert set(TAG_MEANINGS) == documented
