"""The values of the words a game is made of: moves, dice, numbers, comments and tags.

The lexer has matched each word to a grammar terminal; these read what it
says, refusing what the grammar accepts but cannot mean (a point 25, a count
of 5, a number of a thousand digits).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import islice
from typing import NamedTuple

from lark import Token

from ..rules import BAR, OFF, ORDERED_ROLLS, POOL, SegmentKind
from ..terminal_text import clipped
from .limits import MAX_COMMENT, MAX_MOVES_PER_PLAY, readable_number, too_many_digits
from .model import Move, Span, Stop, Tag, new_span
from .source import plain_newlines
from .split import looks_like_tag_line


class ReadProblem(ValueError):
    """A word that the grammar accepts but whose value cannot be read (a point 25, say)."""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.span = span


def small_number(digits: str, what: str, token: Token) -> int:
    """The value of a number word's digits, refusing one too long to mean anything."""
    if not readable_number(digits):
        raise ReadProblem(too_many_digits(what, digits), span_of(token))
    return int(digits)


def span_of(token: Token) -> Span:
    return Span(token.line or 0, token.column or 0, token.end_line or 0, token.end_column or 0)


def span_between(first: Token, last: Token) -> Span:
    """From the start of ``first`` to the end of ``last``."""
    return new_span((first.line or 0, first.column or 0, last.end_line or 0, last.end_column or 0))


def comment_text(token: Token) -> str:
    """A comment's text (the lexer makes each line end inside it a plain newline)."""
    return str(token)[1:-1]


def comment_problem(text: str) -> str | None:
    """Why ``text`` cannot be a comment of a record (it could not be read back), or None.

    Its line ends may be any (it is read back with plain newlines). A line
    that looks like a tag closes a comment left open (choice 6), so one that
    stands inside a comment, between its first line (after the ``{``) and
    its last (before the ``}``), would end it there and start a new game.
    """
    if "}" in text:
        return "A comment cannot hold '}': it would end the comment."
    inner = plain_newlines(text).split("\n")[1:-1]
    tag_like = next((line for line in inner if looks_like_tag_line(line)), None)
    if tag_like is not None:
        return (
            f"A line of a comment cannot look like a tag ({clipped(tag_like.strip(), 40)}):"
            " a record would read it as a tag that starts a new game."
        )
    if len(text.strip()) > MAX_COMMENT:
        return (
            f"This comment has {len(text.strip()):,} characters: a record's comment holds"
            f" up to {MAX_COMMENT:,}, so aceynote could not read it back."
        )
    return None


_SOURCES = {"in": POOL, "bar": BAR}


def _read_place(word: str, is_source: bool) -> int:
    lowered = word.lower()
    if is_source and lowered in _SOURCES:
        return _SOURCES[lowered]
    if not is_source and lowered == "off":
        return OFF
    if word.isascii() and word.isdigit():
        if len(word) <= 2 and 1 <= int(word) <= 24:
            return int(word)
        raise ValueError(f"{clipped(word)} is not a point: points are numbered 1 to 24")
    role = "start from" if is_source else "go to"
    raise ValueError(f"a move cannot {role} '{word}'")


@lru_cache(maxsize=4096)
def _move_parts(text: str) -> tuple[int, tuple[Stop, ...], int] | str:
    """A move's source, stops and count, or what is wrong with it (cached: moves repeat)."""
    count = 1
    try:
        if text.endswith(")"):
            text, _, count_text = text[:-1].partition("(")
            count = int(count_text) if readable_number(count_text) else 0
            if not 2 <= count <= 4:
                return f"({clipped(count_text)}) is not a count: 2 to 4 checkers can share a trip"
        source_word, *stop_words = text.split("/")
        source = _read_place(source_word, is_source=True)
        stops = tuple(
            Stop(_read_place(word.rstrip("*"), is_source=False), word.endswith("*"))
            for word in stop_words
        )
    except ValueError as error:
        return str(error)
    if any(stop.place == OFF for stop in stops[:-1]):
        return "a checker borne off cannot move on: 'off' comes last"
    if any(stop.place == OFF and stop.hit for stop in stops):
        return "nothing can be hit off the board: remove the '*' after 'off'"
    return source, stops, count


def read_moves(token: Token) -> list[Move]:
    """The moves of a MOVES token (``24/18/13* in/19(2)``), each with its own span."""
    line, column = token.line or 0, token.column or 0
    text: str = token.value
    layout = _moves_layout(text) if len(text) <= _CACHED_LENGTH else _layout(text)
    if isinstance(layout, _BadMove):
        start = column + layout.offset
        raise ReadProblem(layout.message, Span(line, start, line, start + layout.width))
    return [
        Move(
            source,
            list(stops),
            count,
            new_span((line, column + offset, line, column + offset + width)),
        )
        for offset, width, source, stops, count in layout
    ]


class _BadMove(NamedTuple):
    """The first word of a MOVES token that cannot be read: where it stands, and why."""

    offset: int
    width: int
    message: str


# Each move of a MOVES token: its offset in the token, its width, source, stops and count.
_Layout = tuple[tuple[int, int, int, tuple[Stop, ...], int], ...]

_CACHED_LENGTH = 200
TOO_MANY_MOVES = (
    f"a play moves at most four checkers; aceynote reads at most {MAX_MOVES_PER_PLAY} moves in one"
)


@lru_cache(maxsize=4096)
def _moves_layout(text: str) -> _Layout | _BadMove:
    """The layout of a MOVES token, or its first bad word (cached: plays repeat)."""
    return _layout(text)


def _layout(text: str) -> _Layout | _BadMove:
    """Read at most one move more than a play may have (the rest is never read)."""
    moves: list[tuple[int, int, int, tuple[Stop, ...], int]] = []
    for match in islice(_WORD.finditer(text), MAX_MOVES_PER_PLAY + 1):
        offset, word = match.start(), match.group()
        parts = _move_parts(word)
        if isinstance(parts, str):
            return _BadMove(offset, len(word), parts)
        if len(moves) == MAX_MOVES_PER_PLAY:
            return _BadMove(offset, len(word), TOO_MANY_MOVES)
        moves.append((offset, len(word), *parts))
    return tuple(moves)


_WORD = re.compile(r"\S+")


# The dice of every ROLL, CHOSEN_DOUBLE and EXTRA_ROLL token ("53:", "=66:", "+21:").
DICE = {
    f"{prefix}{first}{second}:": (first, second)
    for prefix in ("", "=", "+")
    for first, second in ORDERED_ROLLS
}


SEGMENT_KINDS = {
    "ROLL": SegmentKind.ROLL,
    "CHOSEN_DOUBLE": SegmentKind.CHOSEN_DOUBLE,
    "EXTRA_ROLL": SegmentKind.EXTRA_ROLL,
}
KIND_NAMES = {kind: terminal.lower() for terminal, kind in SEGMENT_KINDS.items()}
"""A segment kind as the data forms name it, its terminal's name in lower case: the JSON
form's ``kind`` (docs/json.md) and the Parquet tables' (docs/data.md), ``chosen_double``."""


def unescape_tag_value(value: str) -> str:
    """A tag value as meant: ``\\"`` is ``"`` and ``\\\\`` is ``\\``; other backslashes stay."""
    return _ESCAPED.sub(r"\1", value)


_ESCAPED = re.compile(r'\\(["\\])')


def tag_parts(text: str) -> tuple[str, str]:
    """The name and the written (escaped) value of a tag, from the text the TAG terminal matched."""
    head, _, quoted = text[1:].partition('"')
    return head.strip(" \t"), quoted.rsplit('"', 1)[0]


def read_tag(token: Token) -> Tag:
    """A TAG token as name and (unescaped) value."""
    name, value = tag_parts(str(token))
    return Tag(name, unescape_tag_value(value), span_of(token))
