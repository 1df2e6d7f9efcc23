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
from ..notation.split import Piece
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
    """Each game's start and text, from the starts of the games in order (none: no game)."""
    if not starts:
        return []
    if first_piece:
        starts[0] = len(text) - len(text.lstrip())
    ends = [*starts[1:], len(text)]
    return [(start, text[start:end]) for start, end in zip(starts, ends, strict=True)]


# -- the glance -------------------------------------------------------------------------------------


def glance(piece: PieceText) -> list[Standing]:
    """The games of a piece with their tags, split without the grammar (see the module's doc)."""
    text = piece.text
    blanked = _without_comments(text) if "{" in text else text
    sections = _tag_blocks(text, blanked)
    if sections is None:
        return read(piece, parse=False)
    games = _cut(text, [start for start, _, _ in sections], piece.first_line == 1)
    last_words = [_last_word(blanked[start : start + len(body)]) for start, body in games]
    if sum(map(_is_result, last_words)) != _result_tokens(blanked, sections):
        return read(piece, parse=False)  # a result that does not end its game: a game without tags
    standings = []
    line, counted = piece.first_line, 0  # no lone CR here: a line ends at LF
    for (start, body), (_, tags, _), word in zip(games, sections, last_words, strict=True):
        line += text.count("\n", counted, start)
        counted = start
        result = tags.get("Result") or (word if _is_result(word) else "*")
        standings.append(Standing(line, tags, result, body))
    return standings


def _last_word(body: str) -> str:
    words = body.rsplit(None, 1)
    return words[-1] if words else ""


def _is_result(word: str) -> bool:
    return word == "*" or _SCORE.fullmatch(word) is not None


def _result_tokens(blanked: str, sections: list[tuple[int, dict[str, str], str]]) -> int:
    """How many result tokens the movetext holds, counted fast (a glance's own record is clean).

    Outside tags and comments a ``-`` stands only in a result (``15-0``) or a
    pass (``--``), and a ``*`` alone (not after a hit point) is a result.
    """
    tags = "".join(block for _, _, block in sections)
    dashes = blanked.count("-") - tags.count("-") - 2 * (blanked.count("--") - tags.count("--"))
    stars = sum(blanked.count(mark) - tags.count(mark) for mark in (" *", "\n*", "\t*"))
    return dashes + stars + blanked.startswith("*")


def _tag_blocks(text: str, blanked: str) -> list[tuple[int, dict[str, str], str]] | None:
    """Where each game starts, with its tags; None where a glance may split otherwise than the reader.

    In a record without syntax errors where every line that starts with
    ``[`` is a tag alone on its line, no comment stands among the tags, no
    tag holds a ``{`` and every result
    token is followed by a tag line or the end, a game starts at each block
    of tag lines (blank lines may stand between them), and at the movetext
    before the first block. Anything else (a lone CR, a comment left open, a
    tagless game after a result) is left to the reader: it only costs time.
    ``blanked`` is ``text`` with its comments blanked out.
    """
    if text.count("\r") != text.count("\r\n") or "{" in blanked or "}" in blanked:
        return None
    if blanked.count("(") != blanked.count(")") or (
        blanked is not text and _TAG_WITH_BRACE.search(text)
    ):
        return None
    lined = "\n" + blanked  # the patterns start at a line end: the fastest search
    block, parts = _patterns()
    starts: list[tuple[int, dict[str, str], str]] = []
    tag_lines = 0
    for found in block.finditer(lined):
        if blanked is not text and "{" in text[found.start() : found.end()]:
            return None  # a comment among tags ends the tags for the reader: a game of its own
        written = parts.findall(found.group())  # one a tag line: each is a tag alone
        tag_lines += len(written)
        tags = _first_of_each(
            (name, unescape_tag_value(value) if "\\" in value else value) for name, value in written
        )
        starts.append((found.start(1) - 1, tags, found.group()))
    if tag_lines != len(_BRACKET_LINE.findall(lined)):
        return None
    if blanked[: starts[0][0]].strip() if starts else text.strip():
        starts.insert(0, (0, {}, ""))  # movetext before the first tags: a game without tags
    return starts


def _without_comments(text: str) -> str:
    """``text`` with every comment's characters but its line ends made blanks (the same length)."""
    return _COMMENT.sub(lambda match: _NOT_LINE_END.sub(" ", match.group()), text)


_COMMENT = re.compile(r"\{[^}]*\}")
_NOT_LINE_END = re.compile(r"[^\r\n]")
_BRACKET_LINE = re.compile(r"\n[ \t]*\[")
_TAG_WITH_BRACE = re.compile(r"^[ \t]*\[[^\n]*\{", re.MULTILINE)
_SCORE = re.compile(r"[0-9]+-[0-9]+")
_PATTERNS: list[re.Pattern[str]] = []


def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A block of tag lines (the first tag its group 1), and a tag's name and written value."""
    if not _PATTERNS:
        tag = terminal_pattern("TAG")
        line = rf"\n[ \t]*({tag})[ \t]*\r?(?=\n|\Z)"
        more = rf"(?:(?:\n[ \t]*\r?(?=\n))*\n[ \t]*{tag}[ \t]*\r?(?=\n|\Z))*"
        _PATTERNS.append(re.compile(line + more))
        _PATTERNS.append(re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\n]|\\.)*)"'))
    return _PATTERNS[0], _PATTERNS[1]


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
