"""The games of a record as they stand in its text: where each starts, its tags, its bytes.

``find`` writes the games it finds byte for byte as they stand in the
source, so it needs each game's place in the text, not only its model. A
piece of a record (``notation.cutter.pieces``, cut where a game surely starts)
is split into games at one of two speeds:

- :func:`glance`, for filters on tags: one regular expression over the
  whole text finds each game from its block of tag lines to the next, with
  the comments blanked out first, and two more count the result tokens. It
  is used only where it splits as the reader does (:func:`_tag_blocks`);
  any other piece is split by the reader's lexer, still without running the
  grammar.
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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from lark import Token

from ..notation import Game, SyntaxProblem
from ..notation.cutter import Piece
from ..notation.lexer import WHITE_SPACE_CHARACTERS
from ..notation.limits import MAX_LINE_BYTES, MAX_TAG_VALUE, MAX_TAGS
from ..notation.parser import (
    iter_game_tokens,
    parse_game_tokens,
    readable_result,
    terminal_pattern,
    written_result,
)
from ..notation.source import BOM, LINE_END, TappedStream, line_start, line_too_long, not_utf8
from ..notation.split import left_open
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


def standing_result(tags: dict[str, str], token: str | None) -> str:
    """A game's result as a :class:`Standing` has it: its Result tag, else its result token,
    else ``*``."""
    return tags.get("Result") or token or "*"


@dataclass(slots=True)
class PieceText:
    """A piece's text and what ends it: the reading error found in it or after it, if any."""

    text: str
    first_line: int
    error: str | None


def piece_text(piece: Piece) -> PieceText:
    """The piece decoded, up to its first line past 1 MiB or the line of its first byte not UTF-8.

    That line ends the piece as it ends the reader, with the reader's error
    (the cutter keeps more than 1 MiB of a long line, so it is seen here);
    the file's first character, a byte order mark, is left out as the
    reader leaves it out.
    """
    data, error = piece.data, piece.failure
    if len(data) > MAX_LINE_BYTES and (long := _long_line(data)) is not None:
        data = data[:long]
        error = line_too_long(piece.name, piece.first_line + len(LINE_END.findall(data)))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as bad:
        text = data[: line_start(data, bad.start)].decode("utf-8")
        error = not_utf8(piece.name, data, bad, piece.first_line)
    if piece.first_line == 1:
        text = text.removeprefix(BOM)
    return PieceText(text, piece.first_line, error)


def _long_line(data: bytes) -> int | None:
    """Where the first line past :data:`MAX_LINE_BYTES` (its end aside) starts, if any."""
    if _LONG_FIRST_LINE.match(data):
        return 0
    after_end = _LONG_LINE.search(data)  # found fast: only at a line end
    return None if after_end is None else after_end.start() + 1


_LONG_FIRST_LINE = re.compile(rb"[^\r\n]{%d}" % (MAX_LINE_BYTES + 1))
_LONG_LINE = re.compile(rb"[\r\n][^\r\n]{%d}" % (MAX_LINE_BYTES + 1))


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
    starts = _starts(text, starts, first_piece)
    ends = [*starts[1:], len(text)] if starts else []
    return [(start, text[start:end]) for start, end in zip(starts, ends, strict=True)]


def _starts(text: str, starts: list[int], first_piece: bool) -> list[int]:
    """The games' starts (a new list), where a file's first game starts at its first character not blank.

    Blank as the notation has it: a no-break space is a stray character, so a game.
    A game whose first token only blanks stand before on its line (an indented
    tag) starts at the line's start: the blanks are its own, not the game's before.
    """
    moved = [_line_start(text, start) for start in starts]
    if first_piece and moved:
        moved[0] = len(text) - len(text.lstrip(WHITE_SPACE_CHARACTERS))
    return moved


def _line_start(text: str, start: int) -> int:
    """``start``, or the start of its line where only blanks stand before it there."""
    begin = max(text.rfind("\n", 0, start), text.rfind("\r", 0, start)) + 1
    return start if text[begin:start].strip(WHITE_SPACE_CHARACTERS) else begin


class Sifted(NamedTuple):
    """The games of a piece that a test kept, with how many it holds and what stands before them.

    ``kept`` holds each kept game with its number in the piece (from 1).
    ``lead`` is the text before the piece's first game (all of it when it
    holds none): in the whole file, the end of the game before.
    """

    games: int
    kept: list[tuple[int, Standing]]
    lead: str


# Whether a game is kept, from its tags and result.
Keep = Callable[[dict[str, str], str], bool]


def lead(piece: PieceText, standings: list[Standing]) -> str:
    """The text of a piece before its first game (the games' texts run on to its end)."""
    return piece.text[: len(piece.text) - sum(len(standing.text) for standing in standings)]


# -- the glance -------------------------------------------------------------------------------------


class _Glanced(NamedTuple):
    """The games of a text as the glance sees them, in order.

    For each game: where it starts, its block of tag lines as written (blank
    lines may stand between them; "" for a game without tags), and its last
    word if that is a result token (else "").
    """

    starts: list[int]
    blocks: list[str]
    results: list[str]


def glance(piece: PieceText, keep: Keep) -> Sifted:
    """The games of a piece that ``keep`` keeps, split without the grammar (see the module's doc).

    Only a kept game's first line and text are worked out.
    """
    text = piece.text
    commented = "{" in text
    blanked = _without_comments(text) if commented else text
    if blanked is not None and any(blank in blanked for blank in _ODD_BLANKS):
        blanked = None  # white space the glance's patterns take otherwise: the reader's to split
    games = None if blanked is None else _tag_blocks(text, blanked, commented)
    if games is None:
        standings = read(piece, parse=False)
        kept = [
            (number, standing)
            for number, standing in enumerate(standings, start=1)
            if keep(standing.tags, standing.result)
        ]
        return Sifted(len(standings), kept, lead(piece, standings))
    starts = _starts(text, games.starts, piece.first_line == 1)
    lead_text = text[: starts[0]] if starts else text
    return Sifted(len(starts), _kept(piece, games, starts, keep), lead_text)


def _kept(
    piece: PieceText, games: _Glanced, starts: list[int], keep: Keep
) -> list[tuple[int, Standing]]:
    """The games glanced at that ``keep`` keeps, each with its number in the piece.

    ``starts``: where the games start (``games.starts``, the first one moved by ``_starts``).
    """
    text = piece.text
    kept = []
    line, counted = piece.first_line, 0  # no lone CR here: a line ends at LF
    for number, (block, word) in enumerate(zip(games.blocks, games.results, strict=True), start=1):
        tags = _tags(block)
        result = standing_result(tags, word)
        if keep(tags, result):
            start = starts[number - 1]
            line += text.count("\n", counted, start)
            counted = start
            end = starts[number] if number < len(starts) else len(text)
            kept.append((number, Standing(line, tags, result, text[start:end])))
    return kept


def _tag_blocks(text: str, blanked: str, commented: bool) -> _Glanced | None:
    """The games of a text, each from a block of tag lines; None where the reader may split otherwise.

    In a record without syntax errors where every ``[`` stands in a tag alone
    on its line, no comment stands among the tags, no tag holds a ``{`` and
    every result token is followed by a tag line or the end, a game starts at
    each block of tag lines (blank lines may stand between them), and at the
    movetext before the first block. Anything else (a lone CR, a comment left
    open, a tagless game after a result) is left to the reader: it only costs
    time. ``blanked`` is ``text`` with its comments blanked out (``commented``:
    it may hold some).

    Variations need not balance: the reader splits games alike in them, and a
    result token in one counts here as one that does not end its game (a
    game's last word too, in a variation left open: see :func:`_own_result`).
    """
    if "\r" in text and text.count("\r") != text.count("\r\n"):
        return None
    if "{" in blanked or "}" in blanked or (commented and _TAG_WITH_BRACE.search(text)):
        return None
    games = _games_at_blocks(text, blanked)
    if games is None or sum(map(bool, games.results)) != _result_tokens(blanked, games.blocks):
        return None  # a result that does not end its game: a game without tags follows it
    if not all(map(readable_result, filter(None, games.results))):
        return None  # a result the reader cannot read (parser.written_result): none for it
    if commented and any(
        _holds_comment(text, start, block)
        for start, block in zip(games.starts, games.blocks, strict=True)
    ):
        return None  # a comment among tags ends the tags for the reader: a game of its own
    return games


def _games_at_blocks(text: str, blanked: str) -> _Glanced | None:
    """The games of ``blanked``, one a block of tag lines; None unless they follow one another.

    One game's match ends where the next one's starts only if no ``[``
    stands outside the blocks (nor a block's first tag after blanks on its
    line). Without tags, anything but blanks is a game for the reader (a
    comment alone too); before the first tags, it is a game of its own
    (movetext) or the first game's (stray words), as only the lexer tells.
    A block long enough to pass the reader's limits of tags is left to the
    reader.
    """
    pattern = _game_pattern()
    first = pattern.search(blanked)
    head = blanked if first is None else blanked[: first.start()]
    if "[" in head:
        return None
    if first is None:
        if not text.strip(WHITE_SPACE_CHARACTERS):
            return _Glanced([], [], [])
        return _Glanced([0], [""], [_own_result(_result_word(blanked), blanked, 0, len(blanked))])
    if head.strip(WHITE_SPACE_CHARACTERS):
        return None
    matches = list(pattern.finditer(blanked, first.start()))
    bounds = [first.start(), *(match.end() for match in matches)]  # each starts where one ends
    if [match.start() for match in matches] != bounds[:-1] or bounds[-1] != len(blanked):
        return None
    blocks = [match["block"] for match in matches]
    if max(map(len, blocks)) > _LONGEST_BLOCK:
        return None
    starts = [match.start("block") for match in matches]
    ends = [(match["result"], match.end("block"), match.end()) for match in matches]
    return _Glanced(starts, blocks, [_own_result(word, blanked, *at) for word, *at in ends])


def _own_result(word: str | None, blanked: str, start: int, end: int) -> str:
    """A game's last word if a result token outside variations (split.GameTokens.result), or ""."""
    return word if word and not left_open(blanked, start, end) else ""


def _holds_comment(text: str, start: int, block: str) -> bool:
    """Whether a comment stands among a block's lines, or before it on its first line."""
    written = text[text.rfind("\n", 0, start) + 1 : start + len(block)]
    return "{" in written or "}" in written


def _result_word(movetext: str) -> str:
    """The last word of ``movetext`` if it is a result token (``*``, ``15-0``), else ""."""
    words = movetext.rsplit(None, 1)
    word = words[-1] if words else ""
    return word if word == "*" or _SCORE.fullmatch(word) else ""


def _result_tokens(blanked: str, blocks: list[str]) -> int:
    """How many result tokens the movetext holds, counted fast (a glance's own record is clean).

    Outside tags and comments a ``-`` stands only in a result (``15-0``) or a
    pass (``--``), and a ``*`` alone (not after a hit point) is a result.
    """
    tags = "".join(blocks)
    return _result_marks(blanked) - _result_marks(tags) + blanked.startswith("*")


def _result_marks(text: str) -> int:
    """The ``-`` not in a ``--`` and the ``*`` after a blank or a line end in ``text``."""
    dashes = _DASHES.findall(text)  # a lone ``-`` gives "", a ``--`` gives "-"
    return dashes.count("") + len(_STAR_AFTER_BLANK.findall(text))


def _tags(block: str) -> dict[str, str]:
    """A block's tags by name, their values unescaped (the first of a name counts, §2)."""
    written = _TAG_PARTS.findall(block)
    if "\\" in block:
        written = [
            (name, unescape_tag_value(value) if "\\" in value else value) for name, value in written
        ]
    tags = dict(written)
    return tags if len(tags) == len(written) else _first_of_each(written)


def _without_comments(text: str) -> str | None:
    """``text`` with every comment's characters but its line ends made blanks (the same length).

    None where a comment holds a line starting with ``[``: the reader closes
    a comment left open at a line that looks like a tag. No comment is
    sought past the last ``}`` (where none closes), so that many ``{`` cost
    no more than a few.
    """
    parts, end = [], 0
    for comment in _COMMENT.finditer(text, 0, text.rfind("}") + 1):
        written = comment.group()
        if "\n" in written and _BRACKET_LINE.search(written):
            return None
        parts += [text[end : comment.start()], _NOT_LINE_END.sub(" ", written)]
        end = comment.end()
    return "".join([*parts, text[end:]])


_COMMENT = re.compile(r"\{[^}]*\}")
# White space but a space, a tab, a CR or an LF, to Unicode (``\s``) or the notation (U+FEFF):
# the glance's patterns take it as the reader does not (a form feed line among tags, a ``*``
# after one), so a text holding it outside comments is left to the reader. Each is sought
# alone, by the fastest search (one that ends at once for a character wider than the text's).
_ODD_BLANKS = (
    "\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
_NOT_LINE_END = re.compile(r"[^\r\n]")
_BRACKET_LINE = re.compile(r"\n[ \t]*\[")
# A block no longer than this holds no value past MAX_TAG_VALUE and, each tag with its line
# end taking 7 characters at least ([A ""] and LF), under MAX_TAGS tags: the reader keeps all
# of it (limits.py). A longer block is left to the reader.
_LONGEST_BLOCK = min(MAX_TAG_VALUE, 6 * MAX_TAGS)
_TAG_WITH_BRACE = re.compile(r"^[ \t]*\[[^\n]*\{", re.MULTILINE)
_SCORE = re.compile(r"[0-9]+-[0-9]+")
# Searched for their first character, the fastest search the re module makes.
_DASHES = re.compile(r"-(-?)")
_STAR_AFTER_BLANK = re.compile(r"\*(?<=[ \t\n]\*)")
_TAG_PARTS = re.compile(
    r'\[[ \t]*+([A-Za-z][A-Za-z0-9_]*+)[ \t]++"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"'
)


@cache
def _game_pattern() -> re.Pattern[str]:
    """A game from the line of its first tag to the next tag line (its block: group ``block``).

    Each tag of the block stands alone on its line. The movetext after it
    runs to the next ``[``; its last word is found by giving back from its
    end, and is the group ``result`` if it is a result token. The blanks after
    it are the game's, up to the next line (or the end).
    """
    tag = terminal_pattern("TAG") + r"[ \t]*+\r?+(?=\n|\Z)"
    block = rf"{tag}(?:(?:\n[ \t]*+\r?+(?=\n))*+\n[ \t]*+{tag})*+"
    result = r"(?P<result>\*|[0-9]++-[0-9]++)(?![^\s\[])"
    movetext = rf"(?:[^\[]*(?<!\S)(?:{result}|[^\s\[]++))?(?:\s*+\Z|\s*\n)?"
    return re.compile(rf"(?<![^\n])[ \t]*+(?P<block>{block}){movetext}")


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
        game = parse_game_tokens(tokens) if parse else None
        tags = _first_of_each(_tag_of(token) for token in tokens.tokens if token.type == "TAG")
        written = written_result(tokens)  # the parser's, with or without it
        result = standing_result(tags, None if written is None else str(written))
        standings.append(Standing(lines.line_of(start), tags, result, body, game))
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


class LineTap(TappedStream):
    """A binary stream read line by line, keeping the last line read and its number.

    The JSON Lines reader reads a game's line and yields the game: the line
    kept then is that game's, as it stands in the file.
    """

    last = b""
    last_number = 0  # the number of the line ``last``
    lines = 0

    def took_line(self, line: bytes) -> None:
        self.lines += bool(line)
        if line.strip():
            self.last, self.last_number = line, self.lines
