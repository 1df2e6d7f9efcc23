"""Semantic tokens: the reader's own tokens (the grammar's terminals), each given a colour class.

A tag's name and its quoted value are two tokens (its brackets neither); a
move's ``*`` is a hit of its own; a comment over several lines is one token a
line, as the protocol's clients expect.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import NamedTuple

from lark import Token
from lsprotocol import types

from ..notation import ReadError, iter_game_tokens
from ..notation.words import tag_parts
from .checking import Part
from .text import Text
from .under_cursor import piece_data

# The legend: the protocol's standard token types, so that every theme colours them. The
# kinds are the grammar's terminals, but for the pieces of a TAG (its name and its value)
# and of a MOVES (HIT).
KINDS = {
    "TAG_NAME": "property",
    "TAG_VALUE": "string",
    "WHITE_NUMBER": "number",
    "BLACK_NUMBER": "number",
    "ROLL": "keyword",
    "CHOSEN_DOUBLE": "operator",
    "EXTRA_ROLL": "operator",
    "MOVES": "variable",
    "PASS": "variable",
    "HIT": "event",
    "GLYPH": "modifier",
    "NAG": "modifier",
    "COMMENT": "comment",
    "RESULT": "enumMember",
}
LEGEND = types.SemanticTokensLegend(token_types=sorted(set(KINDS.values())), token_modifiers=[])
_INDEX = {kind: LEGEND.token_types.index(name) for kind, name in KINDS.items()}


class Piece(NamedTuple):
    """A token's piece on one line: 1-based line, 1-based code point column, text, kind."""

    line: int
    column: int
    text: str
    kind: str


def piece_tokens(data: bytes) -> Iterator[Token]:
    """The reader's tokens of a piece (lines from 1), as far as it can be read."""
    try:
        for game in iter_game_tokens(io.BytesIO(data)):
            yield from game.tokens
    except ReadError:
        return


def _pieces(token: Token) -> Iterator[Piece]:
    kind, line, column = token.type, token.line or 1, token.column or 1
    if kind == "MOVES":
        yield from _moves(line, column, token.value)
        return
    if kind == "TAG":
        yield from _tag(line, column, token.value)
        return
    for number, text in enumerate(token.value.split("\n")):
        yield Piece(line + number, column if number == 0 else 1, text.rstrip("\r"), kind)


def _moves(line: int, column: int, text: str) -> Iterator[Piece]:
    start = 0
    for index, char in enumerate(text):
        if char == "*":
            if index > start:
                yield Piece(line, column + start, text[start:index], "MOVES")
            yield Piece(line, column + index, "*", "HIT")
            start = index + 1
    if start < len(text):
        yield Piece(line, column + start, text[start:], "MOVES")


def _tag(line: int, column: int, text: str) -> Iterator[Piece]:
    """A tag's name, and its value with its quotes (a tag stands on one line)."""
    name, _ = tag_parts(text)
    opening, closing = text.index('"'), text.rindex('"')
    yield Piece(line, column + text.index(name), name, "TAG_NAME")
    yield Piece(line, column + opening, text[opening : closing + 1], "TAG_VALUE")


def semantic_tokens(text: Text, parts: list[Part]) -> types.SemanticTokens:
    """Every token of the document, in the protocol's relative encoding."""
    data: list[int] = []
    last_line, last_start = 0, 0
    for part in parts:
        for token in piece_tokens(piece_data(text, part)):
            if token.type not in _INDEX and token.type != "TAG":  # a TAG: its name and value
                continue
            for piece in _pieces(token):
                line = piece.line + part.first_line - 2
                start = text.position(line + 1, piece.column).character
                length = text.units(piece.text)
                if not length:
                    continue
                delta = start - last_start if line == last_line else start
                data += [line - last_line, delta, length, _INDEX[piece.kind], 0]
                last_line, last_start = line, start
    return types.SemanticTokens(data=data)
