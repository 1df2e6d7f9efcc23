"""Lexing and game splitting: from lines of text to each game's tokens.

The lexer is one compiled regular expression built from the grammar's own
terminals (in grammar order), plus patterns that catch the usual mistakes so
they get a message of their own. It runs line by line, so a file of any size
is read in constant memory, and it hands each token to the
:class:`~aceynote.notation.split.GameSplitter`, which groups them into games
without parsing them (docs/notation.md §1).
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterable, Iterator

from lark import Token

from ..terminal_text import clipped, listed
from .limits import MAX_COMMENT, MAX_GAME_WORDS
from .model import GLYPH_MEANINGS
from .source import BOM
from .split import (
    BAD_TAG,
    PLAIN_MOVETEXT,
    TAG_LINE,
    GameSplitter,
    GameTokens,
    looks_like_tag_line,
)
from .tag_lines import describe_bad_tag

WHITESPACE = "WS"
UNCLOSED_COMMENT = "UNCLOSED_COMMENT"
STRAY = "STRAY"

# Words that match no terminal: explained by :func:`describe_stray`.
# (A single character the white space before tokens does not cover, like a
# no-break space, is stray too; the white space itself never is.)
# The notation's white space: what the lexer skips before each token (not
# Unicode's: a no-break space or U+3000 is a stray character).
WHITE_SPACE_CHARACTERS = " \t\r\n\f\v\ufeff"
_STRAY_PATTERN = rf"[^\s{{}}()\[\]]+|[^{WHITE_SPACE_CHARACTERS}]"
_UNCLOSED_COMMENT_PATTERN = r"\{[^}]*\Z"
_WHITE_SPACE = f"[{WHITE_SPACE_CHARACTERS}]"


def build_master_pattern(terminals: Iterable[tuple[str, str]]) -> re.Pattern[str]:
    """White space, then one alternation of named groups: the terminals, then the catch-alls.

    The white space before a token is part of its match, so each token costs
    one step of the lexer's loop.
    """
    groups = [(name, pattern) for name, pattern in terminals if name != WHITESPACE]
    groups += [(UNCLOSED_COMMENT, _UNCLOSED_COMMENT_PATTERN), (STRAY, _STRAY_PATTERN)]
    alternatives = "|".join(f"(?P<{name}>{pattern})" for name, pattern in groups)
    return re.compile(f"{_WHITE_SPACE}*(?:{alternatives})")


_BAD_ROLL = re.compile(r"^[=+]?[0-9]*:$")
_MOVE_LIKE = re.compile(r"^[0-9A-Za-z]+/")


_SPACED_DOTS = re.compile(r"[ \t]+(\.\.\.|\.)(?!\.)")
"""Dots after a space: a move number's, written apart from it (``3 ...``)."""


def describe_stray(word: str, before: str = "", after: str = "") -> str:
    """Say in a player's words why a word is not part of the notation; ``before``: the
    character just before it, ``after``: the text just after it (a few characters)."""
    if word.isdigit() and (dots := _SPACED_DOTS.match(after)):
        return f"a move number's dots go right after it, with no space: {word}{dots[1]}"
    if word in (".", "..."):
        return f"'{word}' stands right after a move number, with no space, like 12{word}"
    if before == "(" and word.isdigit():
        if after[:1] == ")":  # a whole count, only not where a count goes: right after its move
            return (
                f"a count is written right after its move, with no space: "
                f"13/7({word}), not 13/7 ({word})"
            )
        return f"the count ({word} is never closed: write ({word}), like in/20(2)"
    if re.fullmatch(r"=[1-6][1-6]:", word):
        return f"'{word}' is not a chosen double: after an acey-deucey name a double, like =66:"
    if _BAD_ROLL.match(word):
        return f"'{word}' is not a roll: write the two dice, each 1 to 6, then a colon, like 52:"
    if re.fullmatch(r"[1-6][1-6]", word):
        return f"'{word}' is not a roll: a roll ends with a colon, like {word}:"
    if _MOVE_LIKE.match(word):
        return (
            f"'{word}' is not a move: write from/to with points 1..24, 'in', 'bar' or 'off', "
            "like 13/8 or bar/22*"
        )
    if word.startswith("["):
        return 'a tag goes on a line of its own, written [Name "value"]'
    if word == "}":
        return "'}' closes no comment"
    if len(word) == 1 and not word.isprintable():
        return f"the character U+{ord(word):04X} is not part of the notation"
    if len(word) == 1 and word.isspace():
        return (
            f"the space character U+{ord(word):04X} is not part of the notation: use a plain space"
        )
    return f"'{word}' is not part of the notation"


class LexedToken(Token):
    """A lark Token made in one step (lark's own constructor checks for old keyword names)."""

    __slots__ = ()

    def __new__(
        cls,
        type: str,
        value: str,
        start_pos: int | None = None,
        line: int | None = None,
        column: int | None = None,
        end_line: int | None = None,
        end_column: int | None = None,
        end_pos: int | None = None,
    ) -> LexedToken:
        token = str.__new__(cls, value)
        token.type = type
        token.value = value
        token.start_pos = start_pos
        token.line = line
        token.column = column
        token.end_line = end_line
        token.end_column = end_column
        token.end_pos = end_pos
        return token


class Lexer:
    """Turns lines into tokens and groups them into games."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern

    def games(self, lines: Iterable[str], first_line: int = 1) -> Iterator[GameTokens]:
        """Split the lines into games, each with its tokens and lexing problems."""
        splitter = GameSplitter()
        recent: dict[int, str] = {}
        numbered = _remember(lines, recent, first_line, splitter)
        for item in self._tokens(numbered, splitter):
            if isinstance(item, list):
                splitter.add_plain(item)
                continue
            finished = splitter.add(item)
            if finished is not None:
                _keep_lines(finished, recent, item.line or 0)
                yield finished
        last = splitter.finish()
        if last is not None:
            _keep_lines(last, recent, None)
            yield last

    def _tokens(
        self, lines: Iterable[tuple[int, str]], splitter: GameSplitter
    ) -> Iterator[Token | list[Token]]:
        """Lex line by line; a comment open at a line's end makes one chunk of the lines it spans.

        Whether a comment is still open is followed from line to line, so a
        chunk of any length is scanned once, and a chunk past the length of a
        comment is cut there (the splitter reports it). A line of plain
        movetext (moves, rolls, numbers, glyphs: most lines of most records)
        comes as one list of tokens; the splitter takes those in one step.
        Past a game's limits, lines are only glanced at (see :func:`_unread`).
        """
        pending: list[str] = []
        pending_size = 0
        in_comment = False  # past a game's limits, whether a comment is open
        for line_number, line in lines:
            if splitter.over_limits and not pending:
                unread, in_comment = _unread(line, splitter, in_comment)
                if unread:
                    continue
            if pending:
                if looks_like_tag_line(line):
                    # A comment left open runs into the next game: close it here.
                    yield from self._lex("".join(pending), splitter.held, splitter)
                    pending, splitter.held = [], 0
                else:
                    pending.append(_ending_in_lf(line))
                    pending_size += len(pending[-1])
                    if "}" in line and not _comment_open_after(line, inside=True):
                        yield from self._lex("".join(pending), splitter.held, splitter)
                        pending, splitter.held = [], 0
                    elif pending_size > MAX_COMMENT:
                        # The comment closed here meets its limit; the rest goes unread.
                        yield from self._lex("".join(pending) + "}", splitter.held, splitter)
                        pending, in_comment, splitter.held = [], True, 0
                    continue
            if "{" in line and _comment_open_after(line, inside=False):
                pending, splitter.held, pending_size = [_ending_in_lf(line)], line_number, 0
                continue
            plain = self._plain_line(line, line_number, MAX_GAME_WORDS - splitter.words + 1)
            if plain is not None:
                yield plain
                in_comment = "{" in line and _comment_open_after(line, inside=False)
            else:
                yield from self._lex(line, line_number, splitter)
        if pending:
            yield from self._lex("".join(pending), splitter.held, splitter)

    def _plain_line(self, line: str, number: int, room: int) -> list[Token] | None:
        """The tokens of a line that holds only plain movetext; None for any other line.

        Past ``room`` tokens (the game's limit of words is met) the rest of
        the line goes unread.
        """
        tokens: list[Token] = []
        last_end = -1
        for match in self.pattern.finditer(line):
            kind = match.lastgroup
            if kind not in PLAIN_MOVETEXT:
                return None
            start, end = match.span(kind)
            if start == last_end and not _may_touch(tokens[-1].type, kind):
                return None  # two words with nothing between them: reported by _lex
            tokens.append(
                LexedToken(kind, line[start:end], start, number, start + 1, number, end + 1, end)
            )
            last_end = end
            if len(tokens) >= room:
                break
        return tokens or None

    def _lex(self, text: str, first_line: int, splitter: GameSplitter) -> Iterator[Token]:
        """The tokens of a line or chunk, with its stray words, broken tags and run-together words reported."""
        # Only a comment spanning lines makes a chunk of several lines.
        several = text.find("\n", 0, len(text) - 1) >= 0
        located = (
            self._chunk_tokens(text, first_line) if several else self._line_tokens(text, first_line)
        )
        previous: Token | None = None
        for token, first_on_line in located:
            _check_apart(previous, token, splitter, text)
            previous = token
            if token.type not in _ODD_TOKENS:
                yield token
            elif not (yield from _odd(token, text, splitter, first_on_line)):
                return

    def _line_tokens(self, text: str, number: int) -> Iterator[tuple[Token, bool]]:
        """The tokens of one line, each with whether it is the line's first."""
        first_on_line = True
        for match in self.pattern.finditer(text):
            kind = match.lastgroup
            assert kind is not None
            start, end = match.span(kind)
            token = LexedToken(
                kind, text[start:end], start, number, start + 1, number, end + 1, end
            )
            yield token, first_on_line
            first_on_line = False

    def _chunk_tokens(self, text: str, first_line: int) -> Iterator[tuple[Token, bool]]:
        """The tokens of a chunk of several lines (a comment that spans lines, and what stands
        around it), each with whether it is the first on its line."""
        line, line_start = first_line, 0
        first_on_line = True
        for match in self.pattern.finditer(text):
            kind = match.lastgroup
            assert kind is not None
            start, end = match.span(kind)
            breaks = text.count("\n", match.start(), start)
            if breaks:
                line += breaks
                line_start = text.rindex("\n", match.start(), start) + 1
                first_on_line = True
            value = text[start:end]
            column = start - line_start + 1
            if kind == "COMMENT":
                end_line, end_line_start = _advance(value, start, line, line_start)
                token = LexedToken(
                    kind, value, start, line, column, end_line, end - end_line_start + 1, end
                )
                line, line_start = end_line, end_line_start
            else:
                token = LexedToken(kind, value, start, line, column, line, column + len(value), end)
            yield token, first_on_line
            first_on_line = False


def _check_apart(previous: Token | None, token: Token, splitter: GameSplitter, text: str) -> None:
    """Report two words run together where that hides what is written (§1: each is a word).

    Two moves read as one word, a result token glued to a play looks like
    its hit mark, and ``!!!`` is no glyph. Other words may touch: a number, a
    roll and its play (``1.52:13/8``) cannot be read two ways, and a glyph or
    NAG may follow a play directly (``13/8*!``).
    """
    if previous is None or previous.end_pos != token.start_pos:
        return
    if _may_touch(previous.type, token.type) or not splitter.still_reporting:
        return
    before, word = str(previous).rsplit(None, 1)[-1], str(token).split(None, 1)[0]
    if word == "*" and previous.type == "MOVES" and before.endswith(")"):
        count_at = before.rindex("(")
        marked = before[:count_at] + "*" + before[count_at:]
        message = (
            f"'{clipped(before)}*': the hit mark goes right after the point hit, "
            f"before the count, like {clipped(marked)}"
        )
    elif token.type == "GLYPH":
        message = f"'{before}{word}' is not a glyph: a glyph is {_GLYPH_LIST}"
    else:
        message = (
            f"'{clipped(before)}' and '{clipped(word)}' are two words: write a space between them"
        )
    splitter.problem(message, token, text)


def _may_touch(before: str, after: str) -> bool:
    """Whether a token of kind ``after`` may be written right after one of kind ``before``."""
    if after == "RESULT":
        return before in _DELIMITERS
    return (before, after) not in _RUN_TOGETHER


_DELIMITERS = frozenset({"COMMENT", "LPAR", "RPAR", UNCLOSED_COMMENT, STRAY, BAD_TAG, "TAG"})
_GLYPH_LIST = listed(list(GLYPH_MEANINGS), "or")
_RUN_TOGETHER = frozenset({("MOVES", "MOVES"), ("GLYPH", "GLYPH")})


def _odd(
    token: Token, text: str, splitter: GameSplitter, first_on_line: bool
) -> Generator[Token, None, bool]:
    """Handle a token that is not simply handed on; returns False when the chunk's rest is not read.

    A tag on a line of its own is handed on. A stray word or a misplaced tag is
    reported and dropped. A broken tag line (handed on as BAD_TAG) or a comment
    never closed ends the chunk.
    """
    kind, value, start = token.type, str(token), token.start_pos or 0
    line, column, end = token.line or 0, token.column or 0, start + len(value)
    if kind == "TAG" and first_on_line:
        yield token
        return True
    if kind == STRAY and value == "[" and first_on_line:
        # A tag line that is not a whole tag: it still starts a tag section.
        rest = text[start:].split("\n", 1)[0].rstrip("\r")
        bad = LexedToken(
            BAD_TAG, rest, start, line, column, line, column + len(rest), start + len(rest)
        )
        yield bad
        splitter.problem(describe_bad_tag(rest), bad, text, in_movetext=False)
        return False
    if kind == UNCLOSED_COMMENT:
        splitter.problem("this comment is never closed: add '}' at its end", token, text)
        return False
    if splitter.still_reporting:
        message = (
            'a tag goes on a line of its own, written [Name "value"]'
            if kind == "TAG"
            else describe_stray(
                value, text[start - 1 : start] if start else "", text[end : end + 8]
            )
        )
        splitter.problem(message, token, text)
    else:
        splitter.has_movetext = splitter.has_movetext or splitter.has_tags
    return True


def _remember(
    lines: Iterable[str], recent: dict[int, str], first_line: int, splitter: GameSplitter
) -> Iterator[tuple[int, str]]:
    """Number the lines, keeping each until its game is handed out.

    Past a game's limits (see :mod:`aceynote.notation.limits`) only its last
    two lines that are not blank are kept, with the lines of a comment over
    lines that the lexer still holds (``splitter.held``: the next game may
    start in them): nothing after that point is replayed or shown, but where
    the game's text ends (for ``fmt``, which prints a broken game as it
    stands) is known, and the next game's first line is not lost. Which
    lines are kept does not depend on the games before (so a piece of a file
    keeps what the whole file keeps).
    """
    written: list[int] = []  # past the limits: the lines kept
    game = splitter.current
    for number, line in enumerate(lines, start=first_line):
        if number == 1:
            line = line.removeprefix(BOM)
        if splitter.current is not game:  # the lines written were the last game's
            written, game = [], splitter.current
        if not splitter.over_limits:
            written.clear()
        elif not line.strip():
            yield number, line
            continue
        else:
            written.append(number)
            while len(written) > 2 and not 0 < splitter.held <= written[0]:
                recent.pop(written.pop(0), None)
        recent[number] = line.rstrip("\r\n")
        yield number, line


def _keep_lines(game: GameTokens, recent: dict[int, str], next_game_line: int | None) -> None:
    """Give the game its source lines (for error messages) and forget them."""
    last = next_game_line - 1 if next_game_line else max(recent, default=0)
    game.lines = {n: recent[n] for n in range(game.first_line, last + 1) if n in recent}
    for number in [n for n in recent if next_game_line is None or n < next_game_line]:
        del recent[number]


def _unread(line: str, splitter: GameSplitter, in_comment: bool) -> tuple[bool, bool]:
    """Whether a line of a game past its limits goes unread, and whether a comment is open after it.

    Nothing more of such a game is kept (see :func:`_remember`): only where
    the next game starts matters, at a tag line after movetext or a result
    (§1), or at a line that looks like a tag and so closes a comment left
    open. A line that may still tell where the game's movetext starts is read.
    """
    if in_comment:
        if looks_like_tag_line(line):
            return False, False
        return True, _comment_open_after(line, inside=True)
    begun = splitter.has_movetext or splitter.has_result
    if TAG_LINE.match(line):
        return not begun and splitter.tags_full, False
    if not begun:
        return False, False
    return True, "{" in line and _comment_open_after(line, inside=False)


def _comment_open_after(line: str, inside: bool) -> bool:
    """Whether a comment is open at the end of ``line`` (``inside``: one was open at its start)."""
    position = 0
    while True:
        found = line.find("}" if inside else "{", position)
        if found < 0:
            return inside
        inside, position = not inside, found + 1


def _ending_in_lf(line: str) -> str:
    """A line of a chunk of several lines, its CRLF or lone CR end made LF.

    Lines in a chunk are told apart by LF, and a comment over several lines
    holds plain newlines; a lone CR ends a line too (as in universal
    newlines). Columns count from a line's start, so none of them moves.
    """
    if line.endswith("\r\n"):
        return line[:-2] + "\n"
    return line[:-1] + "\n" if line.endswith("\r") else line


def _advance(value: str, start: int, line: int, line_start: int) -> tuple[int, int]:
    """The line and line-start offset after ``value`` (which began at ``start``)."""
    newlines = value.count("\n")
    if not newlines:
        return line, line_start
    return line + newlines, start + value.rindex("\n") + 1


# Tokens the lexer does not simply hand on (see Lexer._odd).
_ODD_TOKENS = frozenset({STRAY, UNCLOSED_COMMENT, "TAG"})
