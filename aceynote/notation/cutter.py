"""The ``--jobs`` cutter: a file's bytes in pieces, each cut where the reader surely starts a game.

``find``, ``validate --jobs`` and the language server read a record piece
by piece; each piece reads as it would in the whole file, because a cut is
made only where :class:`~aceynote.notation.split.GameSplitter` starts a game
(docs/notation.md §1), as far as the bytes of the lines before tell; or,
where a comment left open has run past the reader's limit of a comment
(``limits.MAX_COMMENT``), anywhere the reader reads nothing until the next
game: the pieces from there to that game are *skipped* (:attr:`Piece.skipped`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from .limits import MAX_COMMENT
from .source import (
    BLOCK_BYTES,
    LINE_END,
    LineBlocks,
    ReadsBytes,
    block_lines,
    cannot_read,
    is_utf8,
)

# A tag line's start in bytes: ``split.TAG_LINE`` (a byte order mark in UTF-8).
_TAG_LINE_BYTES = re.compile(rb"(?:[ \t\f\v]|\xef\xbb\xbf)*\[")
_RESULT_WORD = re.compile(rb"\d+-\d+")

MAX_PIECE_BYTES = 8 << 20
"""Bytes of a piece with no line where a game surely starts (8 MiB): past them the pieces
stop, with an error (:func:`piece_too_long`). Only a damaged record meets it: a game of that
size, movetext with no tags (one game for the reader)."""
# Where a tag line starts in a block of whole lines (at its start, or after a line end).
_TAG_LINE_START = re.compile(rb"(?<![^\r\n])(?:[ \t\f\v]|\xef\xbb\xbf)*\[")


class Piece(NamedTuple):
    """A piece of a file cut where a game starts, as bytes, for a worker of ``--jobs`` to read."""

    name: str
    first_line: int
    data: bytes
    failure: str | None = None  # the reading error that ends the file here, in words
    skipped: bool = False
    """Whether the reader reads none of the piece's lines (it decodes them): they go on a game
    past its limits, the last game of the piece before, and no game starts in them."""


def pieces(
    stream: ReadsBytes, name: str, size: int, block: int = BLOCK_BYTES, skip: bool = True
) -> Iterator[Piece]:
    """Pieces of about ``size`` bytes, each cut where a new game surely starts.

    A cut is made only at a tag line where the reader surely starts a game:
    outside comments and variations, after a line (not a tag line) that ends
    with a result token; or, anywhere a tag line is read (outside a comment,
    or one that looks like a tag and so closes a comment left open), after
    movetext (see :meth:`_Cutter.take_line`). Past a comment's limit, where the
    reader reads nothing more of its game (see :meth:`_Cutter.count_comment`),
    a piece is cut at any line, and the pieces that follow up to the next game
    are skipped. Lines are numbered as the reader numbers them (LF, CRLF or a
    lone CR ends one), a line that is not UTF-8 is never a cut (the reader
    stops at it, as it does in the whole file), and a reading error ends the
    last piece, as a piece past :data:`MAX_PIECE_BYTES` does. ``skip`` False
    (the language server, which holds the document whole and cuts it again
    from any piece after an edit) makes neither skipped pieces nor that stop.
    """
    cutter = _Cutter(name, size, skip)
    blocks = LineBlocks(stream, block)
    for data in blocks:
        if skip and cutter.size > MAX_PIECE_BYTES:  # and more follows
            yield cutter.cut(piece_too_long(name, cutter.next_line))
            return
        yield from cutter.feed(data)
    yield cutter.cut(None if blocks.failure is None else cannot_read(name, blocks.failure))


def piece_too_long(name: str, line: int) -> str:
    """Why the pieces of a record stop before ``line``: :data:`MAX_PIECE_BYTES` without a cut."""
    return (
        f"{name}:{line}: a game runs on past {MAX_PIECE_BYTES >> 20} MiB here with no tag "
        "line where a game surely starts (a record without tags?); find and validate --jobs "
        "read a record in pieces of at most that size and stop here"
    )


class _Cutter:
    """A file's piece being gathered, with what is known at its end.

    Lines are looked at one by one only past the piece's size, where a cut is
    wanted; up to there they are taken in blocks.
    """

    def __init__(self, name: str, size: int, skip: bool) -> None:
        self.name = name
        self.limit = size
        self.skip = skip  # whether pieces are cut past a comment's limit (see count_comment)
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
        self.counting = False  # the lexer's comment is counted (see count_comment)
        self.comment_chars = 0  # characters of its lines after its first, as far as counted
        self.skipping = False  # the reader reads nothing until the next game (count_comment)
        self.skipped = False  # the piece being gathered is skipped (skipping at its start)

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
        """Where the lines of ``block`` that come before the piece is full end (in a skipped
        piece, before its first tag line too: the next game may start there)."""
        wanted = self.limit - self.size
        if wanted <= 0:
            return 0
        end = len(block)
        if wanted < len(block):
            line_end = LINE_END.search(block, wanted - 1)
            end = len(block) if line_end is None else line_end.end()
        tag_line = _TAG_LINE_START.search(block, 0, end) if self.skipped else None
        return end if tag_line is None else tag_line.start()

    def _may_cut_before(self, line: bytes) -> bool:
        if self.skipping:  # at the next game, or anywhere once the piece is full
            if self._resumes(line):
                self.skipping = False
                return True
            return self.size >= self.limit
        if _TAG_LINE_BYTES.match(line) is None or not is_utf8(line):
            return False
        if self.moved and (not self.pending or _looks_like_tag(line)):
            return True
        return not self.in_comment and self.depth == 0 and _ends_with_result(self.last_words)

    def _resumes(self, line: bytes) -> bool:
        """Whether the reader, reading nothing past a game's limits, reads ``line``: a tag
        line outside a comment, or one that looks like a tag (``lexer._unread``)."""
        if _TAG_LINE_BYTES.match(line) is None or not is_utf8(line):
            return False
        return not self.pending or _looks_like_tag(line)

    def take(self, lines: bytes) -> None:
        """Add whole lines to the piece."""
        self.piece.append(lines)
        self.size += len(lines)
        marks = lines.translate(None, _NOT_MARKS)  # its brackets and line ends: few bytes
        self.next_line += _lines_ended(lines, marks)
        closing = self.counting and self.pending and b"}" in marks  # counted line by line
        if closing or (b"[" in lines and (self.in_comment or self.pending or _brackets(marks))):
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
        if self.skipping and self._resumes(line):
            self.skipping = False
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
        self.count_comment(line, pending, opening=b"[" not in line)
        if tag:  # its brackets are its value's, and it ends a comment left open (choice 6)
            self.in_comment = False
        elif brackets:
            self.in_comment, self.depth = _scan_brackets(brackets, self.in_comment, self.depth)

    def _take_plain(self, lines: bytes, marks: bytes) -> None:
        """:meth:`take_line` over lines without a ``[``, or without a comment (none open);
        a comment counted is left open by them (see :meth:`take`)."""
        pending = self.pending
        self.pending = _scan_brackets(marks, pending, 0)[0]
        self.in_comment, self.depth = _scan_brackets(marks, self.in_comment, self.depth)
        tag_end = _last_tag_line_end(lines) if b"[" in lines else None
        if tag_end is not None:  # no brace here: the tag line is read, its line alone
            self.tagged = True
            self.moved = _WORD.search(lines, tag_end) is not None
            self.skipping = False
        elif self.tagged and not pending and _words_before_comment(lines, 0, len(lines)):
            self.moved = True
        self.count_comment(lines, pending, opening=True)  # (no ``[`` where a comment opens here)

    def count_comment(self, lines: bytes, pending: bool, opening: bool) -> None:
        """Count the characters of the reader's comment left open, as the lexer counts them.

        The lexer gathers the lines of a comment open at a line's end into one
        chunk; past :data:`MAX_COMMENT` characters after its first line (each
        line end one), the game is past its limits and the reader reads no
        more of it until the next tag line it reads (``lexer._unread``): from
        there the cutter may cut anywhere (``skipping``). A comment is counted
        only where that is sure: it opens after movetext (so a tag line ends
        the game) on a line without a ``[`` (``opening``; no tag hides its
        brace), and ``lines`` (one line, or lines without a ``}``) leave it
        open. ``pending``: whether it was open before them.
        """
        if not self.pending:
            self.counting = False
        elif not pending:
            self.counting, self.comment_chars = self.skip and opening and self.moved, 0
        elif self.counting:
            self.comment_chars += _characters(lines) - lines.count(b"\r\n")
            self.skipping = self.skipping or self.comment_chars > MAX_COMMENT

    def cut(self, failure: str | None) -> Piece:
        """The piece so far; the next one starts at the next line."""
        chunk = Piece(self.name, self.first_line, b"".join(self.piece), failure, self.skipped)
        self.piece, self.size, self.first_line = [], 0, self.next_line
        self.skipped = self.skipping
        return chunk


def _lines_ended(lines: bytes, marks: bytes) -> int:
    """How many lines end in ``lines`` (LF, CRLF or a lone CR); ``marks``: its brackets and line ends."""
    if b"\r" not in marks:
        return marks.count(b"\n")
    return lines.count(b"\n") + lines.count(b"\r") - lines.count(b"\r\n")


def _characters(data: bytes) -> int:
    """How many characters UTF-8 ``data`` holds (a byte that does not start one counts none)."""
    return len(data) if data.isascii() else len(data.translate(None, _CONTINUATION))


_CONTINUATION = bytes(range(0x80, 0xC0))


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
