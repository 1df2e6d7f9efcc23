"""Syntax highlighting without a server: a Pygments lexer and a TextMate grammar.

Both are built from the grammar's terminals (:func:`aceynote.notation.parser.terminal_pattern`,
the single definition of every token), in the order the reader tries
them. The lexer is registered through the ``pygments.lexers`` entry point
(``pygmentize -l acey game.acey``); the TextMate grammar is kept in
``editors/acey.tmLanguage.json``, written by ``python -m aceynote.render.highlight``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, ClassVar

from pygments.lexer import LexerContext, RegexLexer
from pygments.token import (
    Comment,
    Error,
    Generic,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    _TokenType,
)

from ..notation.parser import terminal_pattern

# Each terminal, in the order they are tried, with its Pygments token and its TextMate scope.
TERMINALS: tuple[tuple[str, _TokenType, str], ...] = (
    ("TAG", Name.Tag, "entity.name.tag.acey"),
    ("COMMENT", Comment, "comment.block.acey"),
    ("BLACK_NUMBER", Number, "constant.numeric.move-number.acey"),
    ("WHITE_NUMBER", Number, "constant.numeric.move-number.acey"),
    ("ROLL", Keyword, "keyword.other.roll.acey"),
    ("CHOSEN_DOUBLE", Keyword.Pseudo, "keyword.operator.marker.acey"),
    ("EXTRA_ROLL", Keyword.Pseudo, "keyword.operator.marker.acey"),
    ("MOVES", Name.Variable, "variable.other.play.acey"),
    ("PASS", Name.Variable, "variable.other.play.acey"),
    ("RESULT", Generic.Strong, "constant.language.result.acey"),
    ("GLYPH", Operator, "keyword.operator.glyph.acey"),
    ("NAG", Operator, "keyword.operator.nag.acey"),
    ("LPAR", Punctuation, "punctuation.section.variation.acey"),
    ("RPAR", Punctuation, "punctuation.section.variation.acey"),
)
_TAG_PARTS = re.compile(r'(\[[ \t]*)([^ \t]+)([ \t]+)(".*")([ \t]*\])', re.DOTALL)


def _tag(
    lexer: RegexLexer, match: re.Match[str], context: LexerContext | None = None
) -> Iterator[tuple[int, _TokenType, str]]:
    """A tag: its brackets, its name and its quoted value."""
    parts = _TAG_PARTS.fullmatch(match.group())
    if parts is None:
        yield match.start(), Name.Tag, match.group()
        return
    kinds = (Punctuation, Name.Tag, Text, String, Punctuation)
    for group, kind in enumerate(kinds, start=1):
        yield match.start() + parts.start(group), kind, parts.group(group)


def _moves(
    lexer: RegexLexer, match: re.Match[str], context: LexerContext | None = None
) -> Iterator[tuple[int, _TokenType, str]]:
    """A play: each hit mark ``*`` a token of its own."""
    for piece in re.finditer(r"\*|[^*]+", match.group()):
        kind = Generic.Emph if piece.group() == "*" else Name.Variable
        yield match.start() + piece.start(), kind, piece.group()


def _rules() -> list[tuple[str, Any]]:
    callbacks = {"TAG": _tag, "MOVES": _moves}
    rules: list[tuple[str, Any]] = [
        (terminal_pattern(name), callbacks.get(name, kind)) for name, kind, _ in TERMINALS
    ]
    return [*rules, (r"\s+", Text), (r"[^\s]+", Error)]


class AceyLexer(RegexLexer):
    """Pygments lexer for AceyNote records (.acey)."""

    name = "AceyNote"
    aliases: ClassVar[list[str]] = ["acey", "aceynote"]
    filenames: ClassVar[list[str]] = ["*.acey"]
    mimetypes: ClassVar[list[str]] = ["text/x-acey"]
    tokens: ClassVar[dict[str, Any]] = {"root": _rules()}


def textmate_grammar() -> dict[str, Any]:
    """The TextMate grammar of the notation (a comment may run over several lines)."""
    patterns: list[dict[str, Any]] = []
    for name, _, scope in TERMINALS:
        if name == "COMMENT":
            patterns.append({"name": scope, "begin": r"\{", "end": r"\}"})
        else:
            patterns.append({"name": scope, "match": terminal_pattern(name)})
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "AceyNote",
        "scopeName": "source.acey",
        "fileTypes": ["acey"],
        "patterns": patterns,
    }


def textmate_text() -> str:
    return json.dumps(textmate_grammar(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(textmate_text(), end="")
