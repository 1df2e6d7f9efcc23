"""What a syntax error says in words, and which whole turns stand before it.

The parser turns lark's complaint into a message naming what was expected
and what was found; a game with an error keeps the turns before the one the
error stands in (see :func:`last_turn_start`), and the result its record
gives, which cannot be checked: the app's notes and the html page say so in
the same words (:func:`unchecked_result`, :func:`result_as_given`).
"""

from __future__ import annotations

from collections.abc import Iterable

from lark import Token
from lark.exceptions import UnexpectedToken

from ..terminal_text import listed
from .model import Game, Span
from .split import GameTokens
from .tags import misread_result, result_as_move
from .words import span_of

_EXPECTED_WORDS = {
    "ROLL": "a roll like 52:",
    "MOVES": "a move like 13/8",
    "PASS": "'--'",
    "WHITE_NUMBER": "a move number like 12.",
    "BLACK_NUMBER": "a move number like 12...",
    "CHOSEN_DOUBLE": "the chosen double like =66:",
    "EXTRA_ROLL": "the extra roll like +53:",
    "RESULT": "a result like 9-0 or *",
    "RPAR": "')' to close the variation",
    "TAG": "a tag",
}

_EITHER_NUMBER = "a move number (12. or 12...)"
"""Both move numbers in one phrase, where either may come."""

_FOUND_WORDS = {
    "ROLL": "the roll",
    "WHITE_NUMBER": "the move number",
    "BLACK_NUMBER": "the move number",
    "MOVES": "the move",
    "PASS": "",
    "CHOSEN_DOUBLE": "the chosen double",
    "EXTRA_ROLL": "the extra roll",
    "RESULT": "the result",
    "COMMENT": "a comment",
    "GLYPH": "the glyph",
    "NAG": "the NAG",
    "LPAR": "a variation",
    "RPAR": "')'",
    "TAG": "a tag",
}


def _describe_token(token: Token) -> str:
    if token.type == "$END":
        return "the end of the game"
    word = _FOUND_WORDS.get(token.type, "")
    if token.type in ("COMMENT", "LPAR", "RPAR", "TAG"):
        return word
    return f"{word} '{token}'".strip()


def _expected_phrase(expected: Iterable[str]) -> str:
    """The expected tokens in words, the likeliest first."""
    order = list(_EXPECTED_WORDS)
    names = sorted((name for name in set(expected) if name in _EXPECTED_WORDS), key=order.index)
    words = [
        _EITHER_NUMBER
        if name == "WHITE_NUMBER" and "BLACK_NUMBER" in names
        else _EXPECTED_WORDS[name]
        for name in names
        if not (name == "BLACK_NUMBER" and "WHITE_NUMBER" in names)
    ]
    return listed(words, "or") if words else "something else"


def parse_error(error: UnexpectedToken, game: GameTokens) -> tuple[str, Span]:
    token = error.token
    tokens = game.tokens
    if token.type in ("$END", "RESULT") and game.open_parens:
        opening = game.open_parens[-1]
        return "this variation is never closed: add ')' at its end", span_of(opening)
    index = next((i for i, t in enumerate(tokens) if t is token), len(tokens))
    previous = tokens[index - 1] if index > 0 else None
    if token.type == "RPAR" and _kind_before(tokens, index, _NOTES) == "LPAR":
        return "a variation holds at least one turn, like (12. 52: 13/8 13/11)", span_of(token)
    misread = _misread_result(token, previous, _before(tokens, index, _COMMENT))
    if misread is not None:
        return misread
    if _kind_before(tokens, index, _COMMENT) == "RESULT":
        message = 'the result ends the game: the next game starts with its tags, like [Event "..."]'
        return message, span_of(token)
    if token.type == "RPAR" and "RPAR" not in error.expected:
        return "')' closes no variation", span_of(token)
    where = f" after {_describe_token(previous)}" if previous is not None else ""
    found = _describe_token(token)
    expected = set(error.expected)
    if not _inside_variation(tokens[:index]):
        expected.discard("RPAR")
    message = f"expected {_expected_phrase(expected)}{where}, not {found}"
    if token.type == "$END":
        last = tokens[-1]
        return message, Span(
            last.end_line or 0, last.end_column or 0, last.end_line or 0, (last.end_column or 0) + 1
        )
    return message, span_of(token)


# Where a play's moves are expected or may go on: after a roll's colon, or after moves.
_BEFORE_A_MOVE = frozenset({"ROLL", "CHOSEN_DOUBLE", "EXTRA_ROLL", "MOVES"})

_COMMENT = frozenset({"COMMENT"})
_NOTES = frozenset({"COMMENT", "GLYPH", "NAG"})


def _before(tokens: list[Token], index: int, passed: frozenset[str]) -> Token | None:
    """The last token before ``tokens[index]`` that is not of a kind ``passed`` over.

    What a message names is what stands before the notes in between: a
    comment after a result leaves the game ended, and a variation holding
    only notes holds no turn.
    """
    for position in range(index - 1, -1, -1):
        if tokens[position].type not in passed:
            return tokens[position]
    return None


def _kind_before(tokens: list[Token], index: int, passed: frozenset[str]) -> str | None:
    found = _before(tokens, index, passed)
    return None if found is None else found.type


def _misread_result(
    token: Token, previous: Token | None, settled: Token | None
) -> tuple[str, Span] | None:
    """A word like ``19-16`` read as a result where the game goes on: a typo of the move 19/16.

    Either the result stands where a play is still needed (``43: 19-16``;
    ``previous`` is the token before), or movetext follows it, comments aside
    (``43: in/21 19-16  52: ...``; ``settled`` is the token before those
    comments). The error is put on the result-looking word, so the turn that
    holds it is not replayed.
    """
    if token.type == "RESULT" and previous is not None and previous.type in _BEFORE_A_MOVE:
        word = token
    elif settled is not None and settled.type == "RESULT" and token.type != "TAG":
        word = settled
    else:
        return None
    if result_as_move(str(word)) is None:
        return None
    return misread_result(str(word)), span_of(word)


def _inside_variation(tokens: list[Token]) -> bool:
    depth = 0
    for token in tokens:
        if token.type == "LPAR":
            depth += 1
        elif token.type == "RPAR":
            depth -= 1
    return depth > 0


_NUMBERS = frozenset({"WHITE_NUMBER", "BLACK_NUMBER"})


def last_turn_start(tokens: list[Token], error: tuple[int, int]) -> int:
    """Where the main-line turn that holds the ``error`` position starts.

    ``tokens[:result]`` is then the tags, the game's comments and the whole
    turns (with their variations) before that turn; all of them when the
    error follows the main line's result.
    """
    cut = _heading_length(tokens)
    depth = 0
    after_number = False
    for index, token in enumerate(tokens):
        kind = token.type
        starts_turn = depth == 0 and (kind in _NUMBERS or (kind == "ROLL" and not after_number))
        at = (token.line or 0, token.column or 0)
        if at >= error:
            # Text the lexer cannot read has no token: a token past the error follows such
            # text, which belongs to the turn before it, though this token starts a turn.
            return index if starts_turn and at == error else cut
        if starts_turn:
            cut = index
        if kind in _NUMBERS:
            after_number = True
        elif kind == "ROLL":
            after_number = False
        elif kind == "RESULT" and depth == 0:
            cut = index + 1
        elif kind == "LPAR":
            depth += 1
        elif kind == "RPAR":
            depth -= 1
    return cut


def _heading_length(tokens: list[Token]) -> int:
    """How many tokens the tags and the game's first comments take."""
    for index, token in enumerate(tokens):
        if token.type not in ("TAG", "COMMENT"):
            return index
    return len(tokens)


def unchecked_result(game: Game) -> str:
    """What ends a game read only up to its syntax error (docs/notation.md choice 13): the
    rest is unknown, and its result, as its record gives it, cannot be checked."""
    written = game.result not in (None, "*")
    given = f" ({game.result}, as its record gives it)" if written else ""
    return (
        "The game is read only up to its syntax error: the rest is unknown, and its"
        f" result{given} cannot be checked."
    )


def result_as_given(game: Game, result: str) -> str:
    """A game's result (its token or its Result tag) where it is shown alone, as a header
    shows it: ``15-0 (as its record gives it: it cannot be checked)`` past a syntax error."""
    if not game.problems or result == "*":
        return result
    return f"{result} (as its record gives it: it cannot be checked)"
