"""Reading records: grammar loading, the LALR parser and the game model builder.

``read_games`` streams: it lexes line by line, splits games as it goes and
parses each game on its own with lark's LALR parser, building the model in
the parser's callbacks (no parse tree is kept). A syntax error in one game is
recorded in that game's ``problems`` and the next game is read as usual.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any, cast

from lark import Token, Transformer
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer as LarkLexer

from ..rules import Side
from .lalr_tables import load_parser, package_data
from .lexer import Lexer, build_master_pattern
from .limits import MAX_MOVES_PER_PLAY, readable_number
from .model import Game, Segment, Span, SyntaxProblem, Turn, Variation
from .source import Source, UpToUnreadable, text_lines
from .split import GameTokens
from .syntax_errors import last_turn_start, parse_error
from .tags import first_mover
from .words import (
    DICE,
    SEGMENT_KINDS,
    TOO_MANY_MOVES,
    ReadProblem,
    comment_text,
    read_moves,
    read_tag,
    small_number,
    span_between,
    span_of,
)

GRAMMAR_FILE = "aceynote.lark"


@cache
def grammar_text() -> str:
    """The grammar shipped in the package (``grammars/aceynote.lark`` in the source tree)."""
    return package_data(GRAMMAR_FILE).decode("utf-8")


class _TokenList(LarkLexer):
    """Feeds lark the tokens the line lexer already made."""

    def __init__(self, lexer_conf: Any) -> None:
        pass

    def lex(self, data: Any) -> Iterator[Token]:  # type: ignore[override]
        return iter(data)


class _Builder(Transformer[Token, Any]):
    """LALR callbacks that build the model bottom-up while parsing."""

    def segment(self, children: list[Token]) -> Segment:
        return self._segment(children)

    def bonus_segment(self, children: list[Token]) -> Segment:
        return self._segment(children)

    def _segment(self, children: list[Token]) -> Segment:
        """A roll, its play (``--`` or MOVES tokens), then glyphs, NAGs and comments."""
        head, end = children[0], children[-1]
        segment_kind, dice = SEGMENT_KINDS[head.type], DICE[head.value]
        if len(children) == 2 and end.type == "MOVES":  # the usual segment: a roll and its moves
            return Segment(segment_kind, dice, read_moves(end), span=span_between(head, end))
        segment = Segment(segment_kind, dice, [])
        for token in children[1:]:
            kind = token.type
            if kind == "MOVES":
                segment.moves += read_moves(token)
                if len(segment.moves) > MAX_MOVES_PER_PLAY:
                    raise ReadProblem(TOO_MANY_MOVES, segment.moves[MAX_MOVES_PER_PLAY].span)
            elif kind in _MARKS:
                _mark(segment, (token,))
            elif kind == "COMMENT":
                segment.comments.append(comment_text(token))
        segment.span = span_between(head, end)
        return segment

    def turn(self, children: list[Any]) -> Turn | list[Any]:
        """A turn; one with glyphs or NAGs after its number comes after them in a list, for
        the line to give them to the segment before the number (see :func:`_line_turns`)."""
        first = children[0]
        if isinstance(first, Segment):
            # No move number: side and number come from the turn before (see _assign_sides).
            # (The list is lark's own, made for this call: the turn may keep it.)
            span = first.span if len(children) == 1 else first.span.to(children[-1].span)
            return Turn(Side.WHITE, 0, children, numbered=False, span=span)
        notes: list[Token] = []
        segments = children[1:]
        if len(children) > 2:  # notes after the number, or acey-deucey segments
            segments = [child for child in children[1:] if isinstance(child, Segment)]
            notes = [child for child in children[1:] if not isinstance(child, Segment)]
        side = Side.BLACK if first.type == "BLACK_NUMBER" else Side.WHITE
        number = small_number(str(first).rstrip("."), "this move number", first)
        last = segments[-1].span
        span = Span(first.line or 0, first.column or 0, last.end_line, last.end_column)
        turn = Turn(
            side, number, segments, _comments_of(notes), span=span, number_span=span_of(first)
        )
        marks = _marks_of(notes)
        return [*marks, turn] if marks else turn

    def line(self, children: list[Any]) -> list[Any]:
        """The items of a line so far, in order (one list, appended to): its turns and
        variations, and the glyphs and NAGs that stand between them (handed on in a list)."""
        item = children[-1]
        if len(children) == 1:
            return item if type(item) is list else children  # a list made for this call
        items: list[Any] = children[0]
        if type(item) is list:
            items += item
        else:
            items.append(item)
        return items

    def variation(self, children: list[Any]) -> Variation | list[Any]:
        """A variation; glyphs or NAGs after its ``)`` follow it in a list, for the line to give
        them to the segment the variation follows (see :func:`_line_turns`)."""
        inside_at = next(i for i, child in enumerate(children) if isinstance(child, list))
        leading, after = children[1:inside_at], children[inside_at + 2 :]
        turns = _line_turns([*_marks_of(leading), *children[inside_at]])
        ends = [children[inside_at + 1], *(note for note in after if note.type == "COMMENT")]
        span = span_of(children[0]).to(span_of(ends[-1]))  # its comments after ')' too
        variation = Variation(turns, _comments_of(leading), _comments_of(after), span)
        marks = _marks_of(after)
        return [variation, *marks] if marks else variation

    def start(self, children: list[Any]) -> Game:
        game = Game()
        body: list[Any] = []
        leading: list[Token] = []  # glyphs and NAGs before the first turn
        result_seen = False
        for child in children:
            if not isinstance(child, Token):
                body = child  # the main line
            elif child.type == "TAG":
                game.tags.append(read_tag(child))
            elif child.type == "RESULT":
                if not readable_result(str(child)):  # one of its numbers is too long: which
                    for points in str(child).split("-"):
                        small_number(points, "a number of this result", child)
                game.result, game.result_span, result_seen = str(child), span_of(child), True
            elif child.type == "COMMENT":
                target = game.comments_after if result_seen else game.comments
                target.append(comment_text(child))
            else:
                leading.append(child)
        game.turns = _line_turns([*leading, *body])
        return game


_MARKS = frozenset({"GLYPH", "NAG"})

_NOTHING_TO_MARK = (
    "a glyph or NAG marks a play, and this game has none: write it after one, like 13/8 !"
)


def _marks_of(notes: Iterable[Token]) -> list[Token]:
    return [note for note in notes if note.type in _MARKS]


def _comments_of(notes: Iterable[Token]) -> list[str]:
    return [comment_text(note) for note in notes if note.type == "COMMENT"]


def _mark(segment: Segment, marks: Iterable[Token], first: bool = False) -> None:
    """Give a segment glyphs and NAGs, in written order: after its own, or (``first``) before."""
    glyphs = [str(mark) for mark in marks if mark.type == "GLYPH"]
    nags = [small_number(str(mark)[1:], "this NAG", mark) for mark in marks if mark.type == "NAG"]
    at = 0 if first else len(segment.glyphs)
    segment.glyphs[at:at] = glyphs
    at = 0 if first else len(segment.nags)
    segment.nags[at:at] = nags


def _line_turns(items: Iterable[Any]) -> list[Turn]:
    """A line's turns, from its turns, variations, glyphs and NAGs in written order.

    Each variation goes to the turn before it. Each glyph or NAG marks the
    segment before it in the line (§4), so one after a variation's ``)`` or
    after a move number marks the last segment before that variation or
    number; one with no segment before it (at the start of the movetext or
    of a variation) marks the first segment after it (docs/notation.md
    choice 20).
    """
    turns: list[Turn] = []
    waiting: list[Token] = []
    for item in items:
        if isinstance(item, Turn):
            if waiting:
                _mark(item.segments[0], waiting, first=True)
                waiting = []
            turns.append(item)
        elif isinstance(item, Variation):
            turns[-1].variations.append(item)
        elif turns:
            _mark(turns[-1].segments[-1], (item,))
        else:
            waiting.append(item)
    if waiting:
        raise ReadProblem(_NOTHING_TO_MARK, span_of(waiting[0]))
    return turns


def _assign_sides(turns: list[Turn], before: Turn | Side) -> None:
    """Fill in each turn's side and number from the written numbers and alternation.

    ``before`` is the turn a variation replaces: the variation's first turn is
    of the same side and number unless it says otherwise. On the main line it
    is the side that moves first by the Setup or Opening tag (§7), as the
    replay has it, so that a first turn written without its number is that
    side's turn 1.
    """
    previous: Turn | None = None
    for turn in turns:
        if not turn.numbered:
            turn.side, turn.number = _unnumbered(previous, before)
        for variation in turn.variations:
            _assign_sides(variation.turns, turn)
        previous = turn


def _unnumbered(previous: Turn | None, before: Turn | Side) -> tuple[Side, int]:
    if previous is None:
        if isinstance(before, Side):
            return before, 1
        return before.side, before.number
    if previous.side is Side.WHITE:
        return Side.BLACK, previous.number
    return Side.WHITE, previous.number + 1


class _Grammar:
    """The loaded parser and the lexer pattern built from its terminals; once per process."""

    def __init__(self) -> None:
        self.lark = load_parser(grammar_text(), _TokenList, _Builder())
        self.terminals = {t.name: t.pattern.to_regexp() for t in self.lark.terminals}
        self.pattern = build_master_pattern(self.terminals.items())


@cache
def _grammar() -> _Grammar:
    return _Grammar()


def terminal_pattern(name: str) -> str:
    """The regular expression of a grammar terminal: the single definition of its token."""
    return _grammar().terminals[name]


def _problem(message: str, span: Span, lines: dict[int, str]) -> SyntaxProblem:
    return SyntaxProblem(message, span, lines.get(span.line, ""))


def parse_game_tokens(game_tokens: GameTokens) -> Game:
    """Build a Game from one game's tokens; syntax errors go to ``Game.problems``.

    A game with a syntax error keeps its tags and the whole main-line turns
    that stand before the first error, so that they can still be replayed.
    """
    lines = game_tokens.lines
    problems = list(game_tokens.problems)
    game: Game | None = None
    if not problems:
        try:
            game = _parse(game_tokens.tokens)
        except UnexpectedToken as error:
            message, span = parse_error(error, game_tokens)
            problems.append(_problem(message, span, lines))
        except ReadProblem as error:
            problems.append(_problem(str(error), error.span, lines))
        except UnexpectedInput as error:  # pragma: no cover - any other lark complaint
            span = Span(error.line, error.column, error.line, error.column + 1)
            problems.append(_problem(str(error), span, lines))
    if game is None:
        game = _game_before(game_tokens.tokens, min(problem.span for problem in problems))
        written = written_result(game_tokens)
        if written is not None:  # the turns from the error on are lost, the result is not
            game.result, game.result_span = str(written), span_of(written)
    game.problems = problems
    game.source_lines = game_tokens.lines
    if game_tokens.tokens:
        first, last = game_tokens.tokens[0], game_tokens.tokens[-1]
        game.span = span_of(first).to(span_of(last))
    return game


def written_result(game_tokens: GameTokens) -> Token | None:
    """The result a game's record gives: its own result token as written (docs/find.md).

    That is the last one outside variations, as the game splitter finds it
    (:attr:`GameTokens.result`); one inside a variation is a syntax error,
    no result of the game. A syntax error before it does not change it: the
    parser, which keeps only the turns before the error, gives the game this
    result all the same, and ``find``, reading the tokens without the
    parser, reads the same one. A token with a number too long to read
    (which the parser refuses) gives none.
    """
    token = game_tokens.result
    return token if token is not None and readable_result(str(token)) else None


def readable_result(word: str) -> bool:
    """Whether a result token as written can be read: ``*``, or two numbers of a record
    (:func:`~aceynote.notation.limits.readable_number`: at most MAX_DIGITS digits each)."""
    return word == "*" or all(map(readable_number, word.split("-")))


def _parse(tokens: list[Token]) -> Game:
    game = cast(Game, _grammar().lark.parse(tokens))
    first = Side.WHITE
    if game.turns and not game.turns[0].numbered:  # else its number says, and no tag is read
        first = first_mover(game.tag("Setup"), game.tag("Opening")) or Side.WHITE
    _assign_sides(game.turns, first)
    return game


def _game_before(tokens: list[Token], error: Span) -> Game:
    """The game's tags and the whole main-line turns that end before ``error``.

    The turn in which the error stands is left out, and so is everything
    after it; when even that prefix cannot be read, only the tags are kept.
    """
    cut = last_turn_start(tokens, (error.line, error.column))
    prefix = tokens[:cut]
    tags = [read_tag(t) for t in tokens if t.type == "TAG"]
    try:
        game = _parse(prefix)
    except (UnexpectedInput, ReadProblem):
        return Game(tags=tags)
    game.tags = tags
    return game


def iter_game_tokens(
    source: Source, first_line: int = 1, skipped: bool = False
) -> Iterator[GameTokens]:
    """Split a record into games' tokens without parsing them.

    ``first_line`` is the number of the source's first line, for a piece of a
    larger file; ``skipped``: the piece goes on a game past its limits
    (:attr:`~aceynote.notation.cutter.Piece.skipped`), its lines are only
    decoded (a reading error is still one) and it holds no game. A line that
    cannot be read ends the games as the end of the source would, and its
    :class:`ReadError` follows them.
    """
    lines = UpToUnreadable(text_lines(source, first_line))
    if skipped:
        deque(lines, maxlen=0)
    else:
        yield from Lexer(_grammar().pattern).games(lines, first_line)
    lines.raise_failure()


def read_games(source: Source, first_line: int = 1, skipped: bool = False) -> Iterator[Game]:
    """Yield the games of a record one at a time (a path, or an open text or binary file).

    Memory stays that of one game whatever the file's size. Syntax errors are
    in each game's ``problems``; :class:`ReadError` means the file itself
    cannot be read. ``first_line`` numbers the source's first line, ``skipped``
    says it holds no game (see :func:`iter_game_tokens`).
    """
    for game_tokens in iter_game_tokens(source, first_line, skipped):
        yield parse_game_tokens(game_tokens)


def parse_games(text: str) -> list[Game]:
    """All games of a record given as text (a line ends at LF, CRLF or a lone CR, as in a file)."""
    return list(read_games(io.StringIO(text, newline="")))


def parse_game(text: str) -> Game:
    """The single game of a record given as text (the first, if there are several)."""
    games = parse_games(text)
    return games[0] if games else Game()
