"""The ``--jobs`` cutter: a file's bytes in pieces, each cut where the reader surely starts a game.

``find``, ``validate --jobs`` and the language server read a record piece
by piece; each piece reads as it would in the whole file, because a cut is
made only where :class:`~aceynote.notation.split.GameSplitter` starts a game
(docs/notation.md §1), as far as the bytes of the lines before tell.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from .source import BLOCK_BYTES, LINE_END, LineBlocks, ReadsBytes, block_lines, is_utf8

# A tag line's start in bytes: ``split.TAG_LINE`` (a byte order mark in UTF-8).
_TAG_LINE_BYTES = re.compile(rb"(?:[ \t\f\v]|\xef\xbb\xbf)*\[")
_RESULT_WORD = re.compile(rb"\d+-\d+")


class Piece(NamedTuple):
    """A piece of a file cut where a game starts, as bytes, for a worker of ``--jobs`` to read."""

    name: str
    first_line: int
    data: bytes
    failure: tuple[int, str] | None = None  # the reading error that ended the file here


def pieces(stream: ReadsBytes, name: str, size: int, block: int = BLOCK_BYTES) -> Iterator[Piece]:
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
