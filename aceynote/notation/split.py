"""Where games start (docs/notation.md §1), read at the three speeds that need it.

§1: a new game starts at a tag line (``[`` as the first non-blank character
of a line) after movetext, or after a result token of the main line. Three
readers apply that rule, each as far as what it has seen lets it:

- :class:`GameSplitter`, the record reader's, token by token: it decides.
- :func:`aceynote.notation.index.tag_sections`, the game list's index, over
  a whole text at once: a glance that a reading then confirms (a piece may
  hold two games).
- :func:`pieces`, the ``--jobs`` cutter's, over bytes in blocks: it cuts
  only where the reader surely starts a game, so each piece reads as it
  would in the whole file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, NamedTuple

from lark import Token

from .limits import (
    MAX_COMMENT,
    MAX_GAME_WORDS,
    MAX_PROBLEMS,
    MAX_TAG_VALUE,
    MAX_TAGS,
    MAX_VARIATION_DEPTH,
)
from .model import Span, SyntaxProblem
from .source import BLOCK_BYTES, LINE_END, LineBlocks, block_lines, is_utf8

# The start of a tag line: ``[`` as the first character of a line other than
# the notation's white space (§1: the lexer's, line ends aside; a byte order
# mark is white space anywhere).
BLANKS = r"[ \t\f\v\ufeff]*"
TAG_LINE = re.compile(BLANKS + r"\[")
_TAG_LINE_BYTES = re.compile(rb"(?:[ \t\f\v]|\xef\xbb\xbf)*\[")


def looks_like_tag_line(line: str) -> bool:
    """Whether a line holds a whole tag, as far as a glance tells (it closes a comment left open)."""
    stripped = line.strip()
    return bool(TAG_LINE.match(line)) and stripped.endswith("]") and '"' in stripped


@dataclass(slots=True)
class GameTokens:
    """The tokens of one game, with the problems found while lexing it."""

    tokens: list[Token] = field(default_factory=list)
    problems: list[SyntaxProblem] = field(default_factory=list)
    first_line: int = 0
    last_line: int = 0
    open_parens: list[Token] = field(default_factory=list)
    lines: dict[int, str] = field(default_factory=dict)


BAD_TAG = "BAD_TAG"

# Tokens that only ever continue the game they stand in (the common case, kept fast).
PLAIN_MOVETEXT = frozenset(
    {
        "MOVES",
        "ROLL",
        "WHITE_NUMBER",
        "BLACK_NUMBER",
        "CHOSEN_DOUBLE",
        "EXTRA_ROLL",
        "PASS",
        "GLYPH",
        "NAG",
    }
)


def _point_span(token: Token) -> Span:
    """The span of a token's first character."""
    line, column = token.line or 0, token.column or 0
    return Span(line, column, line, column + 1)


class GameSplitter:
    """Groups tokens into games as docs/notation.md §1 says."""

    def __init__(self) -> None:
        self.current = GameTokens()
        self.has_tags = False
        self.has_movetext = False
        self.has_result = False
        self.leading_comments: list[Token] = []
        self.depth = 0
        self.tags = 0
        self.over_limits = False

    @property
    def words(self) -> int:
        """The words of movetext kept of this game so far (its tags among them)."""
        return len(self.current.tokens)

    @property
    def tags_full(self) -> bool:
        """Whether this game has met the limit of tags (one more is not kept)."""
        return self.tags >= MAX_TAGS

    @property
    def still_reporting(self) -> bool:
        """Whether another syntax error of this game is still reported (see ``problem``)."""
        return len(self.current.problems) <= MAX_PROBLEMS

    def problem(self, message: str, token: Token, text: str, in_movetext: bool = True) -> None:
        assert token.line is not None and token.column is not None
        assert token.end_line is not None and token.end_column is not None
        if in_movetext:
            self.has_movetext = self.has_movetext or self.has_tags
        problems = self.current.problems
        if len(problems) > MAX_PROBLEMS:
            return
        span = Span(token.line, token.column, token.end_line, token.end_column)
        if len(problems) == MAX_PROBLEMS:
            message = (
                f"more syntax errors follow in this game; aceynote reports the first {MAX_PROBLEMS}"
            )
            self.over_limits = True
        problems.append(SyntaxProblem(message, span, source_line(text, token.start_pos or 0)))

    def add(self, token: Token) -> GameTokens | None:
        kind = token.type
        if kind in PLAIN_MOVETEXT:
            self.has_movetext = True
            self._keep(token)
            if not self.current.first_line:
                self.current.first_line = token.line or 0
            self.current.last_line = token.end_line or 0
            return None
        finished = None
        if kind in ("TAG", BAD_TAG) and (self.has_movetext or self.has_result):
            finished = self._close()
        if kind == BAD_TAG:
            self.has_tags = True
            self._extend(token)
            return finished
        if kind == "TAG":
            self._add_tag(token)
            return finished
        if kind == "COMMENT" and len(token) > MAX_COMMENT + 2:  # (and its braces)
            self._limit_problem(
                f"this comment goes on past {MAX_COMMENT:,} characters; "
                "aceynote reads comments up to that length",
                token,
            )
            return finished
        if kind == "COMMENT" and not self.has_tags and not self.current.tokens:
            self.leading_comments.append(token)
            self._extend(token)
            return finished
        self._track(token)
        self._keep(token)
        return finished

    def add_plain(self, tokens: list[Token]) -> None:
        """Tokens of plain movetext (see ``PLAIN_MOVETEXT``), as ``add`` takes them one by one."""
        self.has_movetext = True
        current = self.current
        kept = current.tokens
        room = MAX_GAME_WORDS - len(kept)
        if len(tokens) <= room:
            kept += tokens
        else:
            kept += tokens[: max(room, 0)]
            self._keep(tokens[max(room, 0)])  # reports the limit, once
        if not current.first_line:
            current.first_line = tokens[0].line or 0
        current.last_line = tokens[-1].end_line or 0

    def _keep(self, token: Token) -> None:
        """Keep a movetext token, up to the limit of words in one game."""
        tokens = self.current.tokens
        if len(tokens) < MAX_GAME_WORDS:
            tokens.append(token)
        elif not self.over_limits:
            self._limit_problem(
                f"this game goes on past {MAX_GAME_WORDS:,} words of movetext; "
                "aceynote reads games up to that size (a real game has a few hundred)",
                token,
            )

    def _limit_problem(self, message: str, token: Token) -> None:
        """Report the first limit this game meets; past it, nothing more of the game is read."""
        if self.over_limits:
            return
        self.current.problems.append(SyntaxProblem(message, _point_span(token)))
        self.over_limits = True

    def _add_tag(self, token: Token) -> None:
        self.has_tags = True
        self._extend(token)
        if self.tags_full:
            self._limit_problem(
                f"this game has more than {MAX_TAGS:,} tags; "
                "aceynote reads games of up to that many (a real game has a few dozen)",
                token,
            )
            return
        self.tags += 1
        length = len(str(token).split('"', 1)[-1].rsplit('"', 1)[0])
        if length > MAX_TAG_VALUE:
            self.current.problems.append(
                SyntaxProblem(
                    f"this tag's value has {length:,} characters; "
                    f"aceynote reads tag values of up to {MAX_TAG_VALUE:,}",
                    _point_span(token),
                )
            )
            return
        self.current.tokens.append(token)

    def _extend(self, token: Token) -> None:
        if self.current.first_line == 0:
            self.current.first_line = token.line or 0
        self.current.last_line = token.end_line or token.line or 0

    def _track(self, token: Token) -> None:
        kind = token.type
        if kind == "RESULT" and self.depth == 0:
            self.has_result = True
        elif kind != "COMMENT" or self.has_tags:
            self.has_movetext = True
        if kind == "LPAR":
            self.depth += 1
            self.current.open_parens.append(token)
            if self.depth == MAX_VARIATION_DEPTH + 1:
                self.current.problems.append(
                    SyntaxProblem(
                        f"variations nest more than {MAX_VARIATION_DEPTH} deep here; "
                        "aceynote reads at most that many",
                        _point_span(token),
                    )
                )
        elif kind == "RPAR" and self.depth:
            self.depth -= 1
            self.current.open_parens.pop()
        self._extend(token)

    def _close(self) -> GameTokens | None:
        game = self.current
        if self.leading_comments:
            tags = [token for token in game.tokens if token.type == "TAG"]
            rest = [token for token in game.tokens if token.type != "TAG"]
            game.tokens = tags + self.leading_comments + rest
        self.current = GameTokens()
        self.has_tags = self.has_movetext = self.has_result = False
        self.leading_comments = []
        self.depth = self.tags = 0
        self.over_limits = False
        if not game.tokens and not game.problems:
            return None
        return game

    def finish(self) -> GameTokens | None:
        return self._close()


def source_line(text: str, line_offset: int) -> str:
    """The physical line of ``text`` (a lexed chunk) containing ``line_offset``."""
    begin = text.rfind("\n", 0, line_offset) + 1
    finish = text.find("\n", line_offset)
    return text[begin : finish if finish >= 0 else len(text)].rstrip("\r\n")


# -- the --jobs cutter -----------------------------------------------------------------------------

_RESULT_WORD = re.compile(rb"\d+-\d+")


class Piece(NamedTuple):
    """A piece of a file cut where a game starts, as bytes, for a worker of ``--jobs`` to read."""

    name: str
    first_line: int
    data: bytes
    failure: tuple[int, str] | None = None  # the reading error that ended the file here


def pieces(stream: IO[bytes], name: str, size: int, block: int = BLOCK_BYTES) -> Iterator[Piece]:
    """Pieces of about ``size`` bytes, each cut where a new game surely starts.

    A cut is made only at a tag line where the reader surely starts a game:
    outside comments and variations, after a line (not a tag line) that ends
    with a result token; or, anywhere a tag line is read (outside a comment,
    or one that looks like a tag and so closes a comment left open), after
    movetext (see :meth:`_Cutter.take_line`). Lines are numbered as
    the reader numbers them (LF, CRLF or a lone CR ends one), a line that is
    not UTF-8 is never a cut (the reader stops at it, as it does in the whole
    file), and a reading error ends the last piece.
    """
    cutter = _Cutter(name, size)
    blocks = LineBlocks(stream, block)
    for data in blocks:
        yield from cutter.feed(data)
    yield cutter.cut(blocks.failure)


class _Cutter:
    """A file's piece being gathered, with what is known at its end.

    Lines are looked at one by one only past the piece's size, where a cut is
    wanted; up to there they are taken in blocks.
    """

    def __init__(self, name: str, size: int) -> None:
        self.name = name
        self.limit = size
        self.piece: list[bytes] = []
        self.size = 0
        self.first_line = 1
        self.next_line = 1
        self.in_comment = False
        self.depth = 0  # of variations
        self.last_words = b""  # the last line with something on it outside a comment
        self.tagged = False  # a tag line was read: every game from here on has tags
        self.moved = False  # since the last tag line, a word of movetext (see take_line)
        self.pending = False  # a comment open for the reader's lexer (see take_line)

    def feed(self, block: bytes) -> Iterator[Piece]:
        """Take whole lines, cutting a piece off before a line where a new game starts."""
        while block:
            uncut = self._uncut_end(block)
            self.take(block[:uncut])
            block = block[uncut:]
            at = 0
            for line in block_lines(block):  # a few, to the cut: not all of the block
                if self._may_cut_before(line):
                    yield self.cut(None)
                    break
                self.take(line)
                at += len(line)
            block = block[at:]

    def _uncut_end(self, block: bytes) -> int:
        """Where the lines of ``block`` that come before the piece is full end."""
        wanted = self.limit - self.size
        if wanted <= 0:
            return 0
        if wanted >= len(block):
            return len(block)
        end = LINE_END.search(block, wanted - 1)
        return len(block) if end is None else end.end()

    def _may_cut_before(self, line: bytes) -> bool:
        if _TAG_LINE_BYTES.match(line) is None or not is_utf8(line):
            return False
        if self.moved and (not self.pending or _looks_like_tag(line)):
            return True
        return not self.in_comment and self.depth == 0 and _ends_with_result(self.last_words)

    def take(self, lines: bytes) -> None:
        """Add whole lines to the piece."""
        self.piece.append(lines)
        self.size += len(lines)
        marks = lines.translate(None, _NOT_MARKS)  # its brackets and line ends: few bytes
        self.next_line += _lines_ended(lines, marks)
        if b"[" in lines and (self.in_comment or self.pending or _brackets(marks)):
            for line in block_lines(lines):  # a tag's brackets, a tag closing a comment: one by one
                self.take_line(line)
        else:
            self._take_plain(lines, marks)
        if self.in_comment:  # lines that leave the comment have words: they set last_words
            return
        words = lines.rstrip()  # blank lines hold no brackets: the state is the same before them
        if words:
            self.last_words = words[max(words.rfind(b"\n"), words.rfind(b"\r")) + 1 :]

    def take_line(self, line: bytes) -> None:
        """Follow one line's comments and variations, and whether movetext follows the tags.

        ``pending`` follows the reader's own test of a comment left open at
        a line's end (the lexer's chunk of lines, closed at a ``}`` or at a
        line that looks like a tag; a tag's value counts). A tag line read
        as one (a broken one too) starts the reader's game or goes on with
        its tags; past it, a word before any ``{`` on a line that starts
        outside such a chunk is movetext for the reader (a token, or a stray
        word it reports), so it starts a game at the next tag line it reads.
        Words in a chunk are not counted: past a broken tag line or a
        comment's limit the reader drops the rest of it.
        """
        pending = self.pending
        tag_line = _TAG_LINE_BYTES.match(line) is not None
        tag = tag_line and _looks_like_tag(line)
        if tag_line:
            self.moved = False
            pending = pending and not tag  # a line that looks like a tag closes a comment
            self.tagged = self.tagged or not pending
        elif not self.moved and self.tagged and not pending:
            self.moved = _words_before_comment(line, 0, len(line))
        brackets = _brackets(line)
        self.pending = _scan_brackets(brackets, pending, 0)[0] if brackets else pending
        if tag:  # its brackets are its value's, and it ends a comment left open (choice 6)
            self.in_comment = False
        elif brackets:
            self.in_comment, self.depth = _scan_brackets(brackets, self.in_comment, self.depth)

    def _take_plain(self, lines: bytes, marks: bytes) -> None:
        """:meth:`take_line` over lines without a ``[``, or without a comment (none open)."""
        pending = self.pending
        self.pending = _scan_brackets(marks, pending, 0)[0]
        self.in_comment, self.depth = _scan_brackets(marks, self.in_comment, self.depth)
        tag_end = _last_tag_line_end(lines) if b"[" in lines else None
        if tag_end is not None:  # no brace here: the tag line is read, its line alone
            self.tagged = True
            self.moved = _WORD.search(lines, tag_end) is not None
        elif self.tagged and not pending and _words_before_comment(lines, 0, len(lines)):
            self.moved = True

    def cut(self, failure: tuple[int, str] | None) -> Piece:
        """The piece so far; the next one starts at the next line."""
        chunk = Piece(self.name, self.first_line, b"".join(self.piece), failure)
        self.piece, self.size, self.first_line = [], 0, self.next_line
        return chunk


def _lines_ended(lines: bytes, marks: bytes) -> int:
    """How many lines end in ``lines`` (LF, CRLF or a lone CR); ``marks``: its brackets and line ends."""
    if b"\r" not in marks:
        return marks.count(b"\n")
    return lines.count(b"\n") + lines.count(b"\r") - lines.count(b"\r\n")


def _ends_with_result(line: bytes) -> bool:
    """Whether the last word of a line is a result token: ``1-0``, ``*`` (False: no words).

    Words are split on ASCII white space (as the pattern `\\s` would), from the
    line's end, so a long line costs no more than a short one. A line that
    starts with ``[`` is a tag's, if a broken one: its last word is no result.
    """
    words = line.rsplit(None, 1)
    result = bool(words) and (words[-1] == b"*" or _RESULT_WORD.fullmatch(words[-1]) is not None)
    return result and _TAG_LINE_BYTES.match(line) is None


def _words_before_comment(text: bytes, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` holds a word (a printable ASCII character) before its first ``{``."""
    brace = text.find(b"{", start, end)
    return _WORD.search(text, start, end if brace < 0 else brace) is not None


def _last_tag_line_end(lines: bytes) -> int | None:
    """Where the last tag line of ``lines`` ends (after its line end); None if there is none.

    Each line holding a ``[`` is looked at once, from the end.
    """
    end = len(lines)
    while (bracket := lines.rfind(b"[", 0, end)) >= 0:
        start = max(lines.rfind(b"\n", 0, bracket), lines.rfind(b"\r", 0, bracket)) + 1
        if _TAG_LINE_BYTES.match(lines, start) is not None:
            line_end = LINE_END.search(lines, bracket)
            return len(lines) if line_end is None else line_end.end()
        end = start
    return None


# A word's character: printable ASCII but the braces (other bytes may be the notation's blanks).
_WORD = re.compile(rb"[!-z|~]")


def _brackets(text: bytes) -> bytes:
    """The brackets of ``text`` (``bytes.translate``) but ``()`` pairs, dropped twice (``(2)``
    and one nesting): a pair changes nothing, in a comment or out of one."""
    return text.translate(None, _NOT_BRACKETS).replace(b"()", b"").replace(b"()", b"")


def _looks_like_tag(line: bytes) -> bool:
    """:func:`looks_like_tag_line` of a line of bytes."""
    stripped = line.strip()
    return stripped.endswith(b"]") and b'"' in stripped


def _scan_brackets(text: bytes, in_comment: bool, depth: int) -> tuple[bool, int]:
    """The comment and variation state after ``text``: comments do not nest, variations do.

    What is left of the brackets once their pairs are dropped (see :func:`_brackets`),
    usually nothing, is walked.
    """
    for bracket in _brackets(text):
        if in_comment:
            in_comment = bracket != _CLOSE_COMMENT
        elif bracket == _OPEN_COMMENT:
            in_comment = True
        elif bracket == _OPEN_VARIATION:
            depth += 1
        elif bracket == _CLOSE_VARIATION and depth:
            depth -= 1
    return in_comment, depth


_OPEN_COMMENT, _CLOSE_COMMENT, _OPEN_VARIATION, _CLOSE_VARIATION = b"{}()"
_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"{}()")
_NOT_MARKS = bytes(byte for byte in range(256) if byte not in b"{}()\r\n")
