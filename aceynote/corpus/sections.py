"""The games of a record as they stand in its text: where each starts, its tags, its bytes.

``find`` writes the games it finds byte for byte as they stand in the
source, so it needs each game's place in the text, not only its model. A
piece of a record (``notation.split.pieces``, cut where a game surely starts)
is split into games at one of two speeds:

- :func:`glance`, for filters on tags: the game list's index
  (``split.tag_sections``), one regular expression over the text, with the
  comments blanked out first. It is used only where it splits as the reader
  does (:func:`_glance_splits_as_read`); any other piece is split by the
  reader's lexer, still without running the grammar.
- :func:`read`, for filters on play: the reader's lexer and parser, game by
  game, with each game's model.

A game's text runs from its first token to the next game's first token, so
the blank lines after a game are its own; the first game of a file starts at
its first character that is not blank.
"""

from __future__ import annotations

import bisect
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

from lark import Token

from ..notation import Game, ReadError, SyntaxProblem
from ..notation.parser import iter_game_tokens, parse_game_tokens, terminal_pattern
from ..notation.source import line_start, not_utf8
from ..notation.split import Piece, tag_sections
from ..notation.words import tag_parts, unescape_tag_value


@dataclass(slots=True)
class Standing:
    """A game as it stands in its source: its first line, tags, result, text and (if read) model.

    ``result`` is the Result tag, or the result token where there is none
    (``*`` when neither is written).
    """

    line: int
    tags: dict[str, str]
    result: str
    text: str
    game: Game | None = None


@dataclass(slots=True)
class PieceText:
    """A piece's text and what ends it: the reading error found in it or after it, if any."""

    text: str
    first_line: int
    error: str | None


def piece_text(piece: Piece) -> PieceText:
    """The piece decoded, up to the line holding its first byte that is not UTF-8.

    That byte ends the piece as it ends the reader; the file's first
    character, a byte order mark, is left out as the reader leaves it out.
    """
    data, error = piece.data, None if piece.failure is None else piece.failure[1]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as bad:
        text = data[: line_start(data, bad.start)].decode("utf-8")
        error = not_utf8(piece.name, data, bad, piece.first_line)
    if piece.first_line == 1:
        text = text.removeprefix("\ufeff")
    return PieceText(text, piece.first_line, error)


class _Lines:
    """Where the lines of a text start (LF, CRLF or a lone CR ends one), numbered from ``first``."""

    def __init__(self, text: str, first: int) -> None:
        self.starts = [0] + [match.end() for match in _LINE_END.finditer(text)]
        self.first = first

    def line_of(self, offset: int) -> int:
        return self.first + bisect.bisect_right(self.starts, offset) - 1

    def offset_of(self, line: int, column: int) -> int:
        return self.starts[line - self.first] + column - 1


_LINE_END = re.compile(r"\r\n|\r|\n")


def _cut(text: str, starts: list[int], first_piece: bool) -> list[tuple[int, str]]:
    """Each game's start and text, from the starts of the games in order."""
    if first_piece and starts:
        starts[0] = len(text) - len(text.lstrip())
    ends = [*starts[1:], len(text)]
    return [(start, text[start:end]) for start, end in zip(starts, ends, strict=True)]


# -- the glance -------------------------------------------------------------------------------------


def glance(piece: PieceText) -> list[Standing]:
    """The games of a piece with their tags, split without the grammar (see the module's doc)."""
    text = piece.text
    blanked = _without_comments(text) if "{" in text else text
    if not _glance_splits_as_read(text, blanked):
        return read(piece, parse=False)
    sections = tag_sections(blanked, _tag())
    # A game starts at its first tag, after the blanks before it on its line (the previous game's).
    starts = [_after_blanks(blanked, start) if start else 0 for start, _ in sections]
    lines = _Lines(text, piece.first_line)
    games = _cut(text, starts, piece.first_line == 1)
    return [
        Standing(
            lines.line_of(start),
            tags,
            tags.get("Result") or _last_result(blanked[start : start + len(body)]),
            body,
        )
        for (start, body), (_, tags) in zip(games, sections, strict=True)
    ]


def _after_blanks(text: str, at: int) -> int:
    match = _BLANKS.match(text, at)
    return at if match is None else match.end()


def _glance_splits_as_read(text: str, blanked: str) -> bool:
    """Whether the index's glance splits ``text`` into the games the reader would.

    It does in a record without syntax errors where every line that starts
    with ``[`` is a tag outside comments, no tag holds a ``{``, and every
    result token is followed by a tag line or the end. Anything else (a
    lone CR, a comment left open, a tagless game after a result) is left to
    the reader: it only costs time.
    """
    if text.count("\r") != text.count("\r\n") or "{" in blanked or "}" in blanked:
        return False
    if blanked.count("(") != blanked.count(")") or _TAG_WITH_BRACE.search(text):
        return False
    if len(_BRACKET_LINE.findall(blanked)) != len(_tag_line_pattern().findall(blanked)):
        return False
    return _RESULT_NOT_LAST.search(blanked) is None


def _without_comments(text: str) -> str:
    """``text`` with every comment's characters but its line ends made blanks (the same length)."""
    return _COMMENT.sub(lambda match: _NOT_LINE_END.sub(" ", match.group()), text)


def _last_result(body: str) -> str:
    """The last result token of a game's text with its comments blanked (``*`` when none)."""
    found = _RESULT.findall(body)
    return found[-1] if found else "*"


_COMMENT = re.compile(r"\{[^}]*\}")
_NOT_LINE_END = re.compile(r"[^\r\n]")
_BLANKS = re.compile(r"[ \t]*")
_BRACKET_LINE = re.compile(r"^[ \t]*\[", re.MULTILINE)
_TAG_WITH_BRACE = re.compile(r"^[ \t]*\[[^\n]*\{", re.MULTILINE)
_RESULT = re.compile(r"(?<!\S)(?:[0-9]+-[0-9]+|\*)(?!\S)")
# A result token followed by something else than a tag line or the end.
_RESULT_NOT_LAST = re.compile(_RESULT.pattern + r"(?![ \t]*(?:\r?\n\s*\[|\s*\Z))")


def _tag() -> str:
    return terminal_pattern("TAG")


_TAG_LINES: list[re.Pattern[str]] = []


def _tag_line_pattern() -> re.Pattern[str]:
    if not _TAG_LINES:
        _TAG_LINES.append(re.compile(rf"^[ \t]*{_tag()}", re.MULTILINE))
    return _TAG_LINES[0]


# -- the reader -------------------------------------------------------------------------------------


def read(piece: PieceText, parse: bool = True) -> list[Standing]:
    """The games of a piece as the reader splits them; with their models when ``parse``."""
    found = list(iter_game_tokens(io.StringIO(piece.text, newline=""), piece.first_line))
    lines = _Lines(piece.text, piece.first_line)
    starts = [lines.offset_of(*_first_place(tokens.tokens, tokens.problems)) for tokens in found]
    standings = []
    for tokens, (start, body) in zip(
        found, _cut(piece.text, starts, piece.first_line == 1), strict=True
    ):
        if parse:
            game = parse_game_tokens(tokens)
            tags = _first_of_each((tag.name, tag.value) for tag in game.tags)
            result = game.result_text
        else:
            game = None
            tags = _first_of_each(_tag_of(token) for token in tokens.tokens if token.type == "TAG")
            results = [str(token) for token in tokens.tokens if token.type == "RESULT"]
            result = results[-1] if results else "*"  # the main line's ends the game
        standings.append(
            Standing(lines.line_of(start), tags, tags.get("Result") or result, body, game)
        )
    return standings


def _first_place(tokens: list[Token], problems: list[SyntaxProblem]) -> tuple[int, int]:
    """The line and column of a game's first token (or its first problem, a game of no tokens)."""
    if tokens:
        return min((token.line or 0, token.column or 0) for token in tokens)
    first = min(problem.span for problem in problems)
    return first.line, first.column


def _tag_of(token: Token) -> tuple[str, str]:
    name, value = tag_parts(str(token))
    return name, unescape_tag_value(value)


def _first_of_each(tags: Iterator[tuple[str, str]] | list[tuple[str, str]]) -> dict[str, str]:
    """Tags by name: the first of a name is the one that counts (§2)."""
    found: dict[str, str] = {}
    for name, value in tags:
        found.setdefault(name, value)
    return found


# -- other formats ----------------------------------------------------------------------------------


class LineTap(io.BufferedIOBase):
    """A binary stream read line by line, keeping the last line read and its number.

    The JSON Lines reader reads a game's line and yields the game: the line
    kept then is that game's, as it stands in the file.
    """

    def __init__(self, raw: IO[bytes]) -> None:
        super().__init__()
        self.raw_stream = raw
        self.name = getattr(raw, "name", "<stdin>")
        self.last = b""
        self.last_number = 0  # the number of the line ``last``
        self.lines = 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1, /) -> bytes:
        line = self.raw_stream.readline(-1 if size is None else size)
        self.lines += bool(line)
        if line.strip():
            self.last, self.last_number = line, self.lines
        return line

    def read(self, size: int | None = -1, /) -> bytes:
        return self.raw_stream.read(-1 if size is None else size)


def read_error(piece: PieceText) -> None:
    """Raise the reading error that ended the piece, if any (after its games were looked at)."""
    if piece.error is not None:
        raise ReadError(piece.error)
