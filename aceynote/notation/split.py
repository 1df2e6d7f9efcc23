"""Where games start (docs/notation.md §1), read at the three speeds that need it.

§1: a new game starts at a tag line (``[`` as the first non-blank character
of a line) after movetext, or after a result token of the main line. Three
readers apply that rule, each as far as what it has seen lets it:

- :class:`GameSplitter`, the record reader's, token by token: it decides.
- :func:`aceynote.notation.index.tag_sections`, the game list's index, over
  a whole text at once: a glance that a reading then confirms (a piece may
  hold two games).
- :func:`aceynote.notation.cutter.pieces`, the ``--jobs`` cutter's, over bytes in blocks: it cuts
  only where the reader surely starts a game, so each piece reads as it
  would in the whole file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

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

# The start of a tag line: ``[`` as the first character of a line other than
# the notation's white space (§1: the lexer's, line ends aside; a byte order
# mark is white space anywhere).
BLANKS = r"[ \t\f\v\ufeff]*"
TAG_LINE = re.compile(BLANKS + r"\[")


def looks_like_tag_line(line: str) -> bool:
    """Whether a line holds a whole tag, as far as a glance tells (it closes a comment left open)."""
    stripped = line.strip()
    return bool(TAG_LINE.match(line)) and stripped.endswith("]") and '"' in stripped


@dataclass(slots=True)
class GameTokens:
    """The tokens of one game, with the problems found while lexing it.

    ``result`` is the game's own result token as written: the last one outside
    variations (§4: a variation holds none), the one that lets a tag line
    after it start the next game (§1). A result token inside a variation is
    a syntax error, never the game's result. The parser gives the game this
    result past a syntax error, and ``find`` reads it without the parser
    (:func:`~aceynote.notation.parser.written_result`).
    """

    tokens: list[Token] = field(default_factory=list)
    problems: list[SyntaxProblem] = field(default_factory=list)
    first_line: int = 0
    last_line: int = 0
    open_parens: list[Token] = field(default_factory=list)
    lines: dict[int, str] = field(default_factory=dict)
    result: Token | None = None


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
        self.held = 0  # the first line of a comment over lines the lexer holds, not lexed yet

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
            self._keep_leading(token)
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

    def _keep_leading(self, token: Token) -> None:
        """Keep a comment before the game's tags, up to the limit of words in one game (they
        go after its tags, see :meth:`_close`)."""
        if len(self.leading_comments) < MAX_GAME_WORDS:
            self.leading_comments.append(token)
            self._extend(token)
        else:
            self._limit_problem(
                f"this game has more than {MAX_GAME_WORDS:,} comments before its tags; "
                "aceynote reads games up to that many words",
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
            self.current.result = token
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


def left_open(text: str, start: int, end: int) -> bool:
    """Whether movetext ``text[start:end]`` (its comments blanked) leaves a variation open.

    Its parentheses count as the splitter's: a ``)`` that closes nothing is
    none, and a move's count, ``(2)``, opens and closes at once (the lexer
    takes no other parenthesis into a word).
    """
    if text.find("(", start, end) < 0:
        return False
    depth = 0
    for paren in _PARENS.findall(text, start, end):
        depth = depth + 1 if paren == "(" else max(depth - 1, 0)
    return depth > 0


_PARENS = re.compile(r"[()]")


def source_line(text: str, line_offset: int) -> str:
    """The physical line of ``text`` (a lexed chunk) containing ``line_offset``."""
    begin = text.rfind("\n", 0, line_offset) + 1
    finish = text.find("\n", line_offset)
    return text[begin : finish if finish >= 0 else len(text)].rstrip("\r\n")
