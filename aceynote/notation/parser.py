"""Reading records: grammar loading, the LALR parser and the game model builder.

``read_games`` streams: it lexes line by line, splits games as it goes and
parses each game on its own with lark's LALR parser, building the model in
the parser's callbacks (no parse tree is kept). A syntax error in one game is
recorded in that game's ``problems`` and the next game is read as usual.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from itertools import islice
from typing import Any, NamedTuple, cast

from lark import Token, Transformer
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer as LarkLexer

from ..rules import BAR, OFF, POOL, SegmentKind, Side
from .lexer import GameTokens, Lexer, build_master_pattern
from .limits import MAX_DIGITS, MAX_MOVES_PER_PLAY, clipped, too_many_digits
from .model import Game, Move, Segment, Span, Stop, SyntaxProblem, Tag, Turn, Variation, new_span
from .source import Source, text_lines
from .tables import load_parser, package_data

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


class _ReadProblem(ValueError):
    """A word that the grammar accepts but whose value cannot be read (a point 25, say)."""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.span = span


def _small_number(digits: str, what: str, token: Token) -> int:
    """The value of a number word, refusing one too long to mean anything."""
    if len(digits) > MAX_DIGITS:
        raise _ReadProblem(too_many_digits(what, digits), _span(token))
    return int(digits) if digits.isdigit() else 0


def _span(token: Token) -> Span:
    return Span(token.line or 0, token.column or 0, token.end_line or 0, token.end_column or 0)


def _span_between(first: Token, last: Token) -> Span:
    """From the start of ``first`` to the end of ``last``."""
    return new_span((first.line or 0, first.column or 0, last.end_line or 0, last.end_column or 0))


def _comment_text(token: Token) -> str:
    """A comment's text (the lexer makes each line end inside it a plain newline)."""
    return str(token)[1:-1]


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
            count = int(count_text) if len(count_text) <= MAX_DIGITS else 0
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
        raise _ReadProblem(layout.message, Span(line, start, line, start + layout.width))
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
_TOO_MANY_MOVES = (
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
            return _BadMove(offset, len(word), _TOO_MANY_MOVES)
        moves.append((offset, len(word), *parts))
    return tuple(moves)


_WORD = re.compile(r"\S+")


# The dice of every ROLL, CHOSEN_DOUBLE and EXTRA_ROLL token ("53:", "=66:", "+21:").
_DICE = {
    f"{prefix}{first}{second}:": (first, second)
    for prefix in ("", "=", "+")
    for first in range(1, 7)
    for second in range(1, 7)
}


_SEGMENT_KINDS = {
    "ROLL": SegmentKind.ROLL,
    "CHOSEN_DOUBLE": SegmentKind.CHOSEN_DOUBLE,
    "EXTRA_ROLL": SegmentKind.EXTRA_ROLL,
}


def unescape_tag_value(value: str) -> str:
    """A tag value as meant: ``\\"`` is ``"`` and ``\\\\`` is ``\\``; other backslashes stay."""
    return _ESCAPED.sub(r"\1", value)


_ESCAPED = re.compile(r'\\(["\\])')


# The value as an unrolled loop: constant memory however long it is.
_TAG_PARTS = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"([^"\\]*(?:\\.[^"\\]*)*)"[ \t]*\]')


def read_tag(token: Token) -> Tag:
    """A TAG token as name and (unescaped) value."""
    match = _TAG_PARTS.match(str(token).strip())
    assert match is not None, "the lexer only makes TAG tokens of this form"
    return Tag(match.group(1), unescape_tag_value(match.group(2)), _span(token))


class _Builder(Transformer[Token, Any]):
    """LALR callbacks that build the model bottom-up while parsing."""

    def segment(self, children: list[Token]) -> Segment:
        return self._segment(children)

    def bonus_segment(self, children: list[Token]) -> Segment:
        return self._segment(children)

    def _segment(self, children: list[Token]) -> Segment:
        """A roll, its play (``--`` or MOVES tokens), then glyphs, NAGs and comments."""
        head, end = children[0], children[-1]
        segment_kind, dice = _SEGMENT_KINDS[head.type], _DICE[head.value]
        if len(children) == 2 and end.type == "MOVES":  # the usual segment: a roll and its moves
            return Segment(segment_kind, dice, read_moves(end), span=_span_between(head, end))
        segment = Segment(segment_kind, dice, [])
        for token in children[1:]:
            kind = token.type
            if kind == "MOVES":
                segment.moves += read_moves(token)
                if len(segment.moves) > MAX_MOVES_PER_PLAY:
                    raise _ReadProblem(_TOO_MANY_MOVES, segment.moves[MAX_MOVES_PER_PLAY].span)
            elif kind == "GLYPH":
                segment.glyphs.append(str(token))
            elif kind == "NAG":
                segment.nags.append(_small_number(str(token)[1:], "this NAG", token))
            elif kind == "COMMENT":
                segment.comments.append(_comment_text(token))
        segment.span = _span_between(head, end)
        return segment

    def turn(self, children: list[Any]) -> Turn:
        first = children[0]
        if isinstance(first, Segment):
            # No move number: side and number come from the turn before (see _assign_sides).
            # (The list is lark's own, made for this call: the turn may keep it.)
            span = first.span if len(children) == 1 else first.span.to(children[-1].span)
            return Turn(Side.WHITE, 0, children, numbered=False, span=span)
        comments: list[str] = []
        segments = children[1:]
        if len(children) > 2:  # comments after the number, or acey-deucey segments
            segments = [child for child in children[1:] if isinstance(child, Segment)]
            comments = [_comment_text(c) for c in children[1:] if not isinstance(c, Segment)]
        side = Side.BLACK if first.type == "BLACK_NUMBER" else Side.WHITE
        number = _small_number(str(first).rstrip("."), "this move number", first)
        last = segments[-1].span
        span = Span(first.line or 0, first.column or 0, last.end_line, last.end_column)
        return Turn(side, number, segments, comments, span=span)

    def line(self, children: list[Any]) -> list[Turn | Variation]:
        """The turns and variations of a line so far, in order (one list, appended to)."""
        if len(children) == 1:
            return children  # lark's own list, made for this call
        items: list[Turn | Variation] = children[0]
        items.append(children[1])
        return items

    def variation(self, children: list[Any]) -> Variation:
        inside_at = next(i for i, child in enumerate(children) if isinstance(child, list))
        leading = [_comment_text(c) for c in children[1:inside_at]]
        after = [_comment_text(c) for c in children[inside_at + 2 :]]
        turns = _attach_variations(children[inside_at])
        return Variation(turns, leading, after, _span(children[0]).to(_span(children[-1])))

    def start(self, children: list[Any]) -> Game:
        game = Game()
        body: list[Any] = []
        result_seen = False
        for child in children:
            if isinstance(child, Token) and child.type == "TAG":
                game.tags.append(read_tag(child))
            elif isinstance(child, Token) and child.type == "RESULT":
                for points in str(child).split("-"):
                    _small_number(points, "a number of this result", child)
                game.result, game.result_span, result_seen = str(child), _span(child), True
            elif isinstance(child, Token) and child.type == "COMMENT":
                target = game.comments_after if result_seen else game.comments
                target.append(_comment_text(child))
            else:
                body = child  # the main line
        game.turns = _attach_variations(body)
        return game


def _attach_variations(items: Iterable[Any]) -> list[Turn]:
    turns: list[Turn] = []
    for item in items:
        if isinstance(item, Turn):
            turns.append(item)
        elif isinstance(item, Variation):
            turns[-1].variations.append(item)
    return turns


def _assign_sides(turns: list[Turn], before: Turn | None) -> None:
    """Fill in each turn's side and number from the written numbers and alternation.

    ``before`` is the turn a variation replaces (None on the main line): the
    variation's first turn is of the same side and number unless it says
    otherwise.
    """
    previous: Turn | None = None
    for turn in turns:
        if not turn.numbered:
            turn.side, turn.number = _unnumbered(previous, before)
        for variation in turn.variations:
            _assign_sides(variation.turns, turn)
        previous = turn


def _unnumbered(previous: Turn | None, before: Turn | None) -> tuple[Side, int]:
    if previous is None:
        if before is not None:
            return before.side, before.number
        return Side.WHITE, 1
    if previous.side is Side.WHITE:
        return Side.BLACK, previous.number
    return Side.WHITE, previous.number + 1


_EXPECTED_WORDS = {
    "ROLL": "a roll like 52:",
    "MOVES": "a move like 13/8",
    "PASS": "'--'",
    "WHITE_NUMBER": "a move number like 12.",
    "BLACK_NUMBER": "a move number like 12...",
    "CHOSEN_DOUBLE": "the chosen double like =66:",
    "EXTRA_ROLL": "the extra roll like +53:",
    "RESULT": "a result like 9-0 or *",
    "RPAR": "')' to close the variation",
    "TAG": "a tag",
}

_FOUND_WORDS = {
    "ROLL": "the roll",
    "WHITE_NUMBER": "the move number",
    "BLACK_NUMBER": "the move number",
    "MOVES": "the move",
    "PASS": "",
    "CHOSEN_DOUBLE": "the chosen double",
    "EXTRA_ROLL": "the extra roll",
    "RESULT": "the result",
    "COMMENT": "a comment",
    "GLYPH": "the glyph",
    "NAG": "the NAG",
    "LPAR": "a variation",
    "RPAR": "')'",
    "TAG": "a tag",
}


def _describe_token(token: Token) -> str:
    if token.type == "$END":
        return "the end of the game"
    word = _FOUND_WORDS.get(token.type, "")
    if token.type in ("COMMENT", "LPAR", "RPAR", "TAG"):
        return word
    return f"{word} '{token}'".strip()


def _expected_phrase(expected: Iterable[str]) -> str:
    """The expected tokens in words, the likeliest first."""
    order = list(_EXPECTED_WORDS)
    names = sorted((name for name in set(expected) if name in _EXPECTED_WORDS), key=order.index)
    words = [_EXPECTED_WORDS[name] for name in names]
    if not words:
        return "something else"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


class _Grammar:
    """The loaded parser and the lexer pattern built from its terminals; once per process."""

    def __init__(self) -> None:
        self.lark = load_parser(grammar_text(), _TokenList, _Builder())
        terminals = [(t.name, t.pattern.to_regexp()) for t in self.lark.terminals]
        self.pattern = build_master_pattern(terminals)


@cache
def _grammar() -> _Grammar:
    return _Grammar()


def _problem(message: str, span: Span, lines: dict[int, str]) -> SyntaxProblem:
    return SyntaxProblem(message, span, lines.get(span.line, ""))


def _parse_error(error: UnexpectedToken, game: GameTokens) -> tuple[str, Span]:
    token = error.token
    tokens = game.tokens
    if token.type in ("$END", "RESULT") and game.open_parens:
        opening = game.open_parens[-1]
        return "this variation is never closed: add ')' at its end", _span(opening)
    index = next((i for i, t in enumerate(tokens) if t is token), len(tokens))
    previous = tokens[index - 1] if index > 0 else None
    if token.type == "RPAR" and previous is not None and previous.type == "LPAR":
        return "a variation holds at least one turn, like (12. 52: 13/8 13/11)", _span(token)
    if previous is not None and previous.type == "RESULT":
        message = 'the result ends the game: the next game starts with its tags, like [Event "..."]'
        return message, _span(token)
    if token.type == "RPAR" and "RPAR" not in error.expected:
        return "')' closes no variation", _span(token)
    where = f" after {_describe_token(previous)}" if previous is not None else ""
    found = _describe_token(token)
    expected = set(error.expected)
    if not _inside_variation(tokens[:index]):
        expected.discard("RPAR")
    message = f"expected {_expected_phrase(expected)}{where}, not {found}"
    if token.type == "$END":
        last = tokens[-1]
        return message, Span(
            last.end_line or 0, last.end_column or 0, last.end_line or 0, (last.end_column or 0) + 1
        )
    return message, _span(token)


def _inside_variation(tokens: list[Token]) -> bool:
    depth = 0
    for token in tokens:
        if token.type == "LPAR":
            depth += 1
        elif token.type == "RPAR":
            depth -= 1
    return depth > 0


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
            message, span = _parse_error(error, game_tokens)
            problems.append(_problem(message, span, lines))
        except _ReadProblem as error:
            problems.append(_problem(str(error), error.span, lines))
        except UnexpectedInput as error:  # pragma: no cover - any other lark complaint
            span = Span(error.line, error.column, error.line, error.column + 1)
            problems.append(_problem(str(error), span, lines))
    if game is None:
        game = _game_before(game_tokens.tokens, min(problem.span for problem in problems))
    game.problems = problems
    game.source_lines = game_tokens.lines
    if game_tokens.tokens:
        first, last = game_tokens.tokens[0], game_tokens.tokens[-1]
        game.span = _span(first).to(_span(last))
    return game


def _parse(tokens: list[Token]) -> Game:
    game = cast(Game, _grammar().lark.parse(tokens))
    _assign_sides(game.turns, None)
    return game


_NUMBERS = frozenset({"WHITE_NUMBER", "BLACK_NUMBER"})


def _game_before(tokens: list[Token], error: Span) -> Game:
    """The game's tags and the whole main-line turns that end before ``error``.

    The turn in which the error stands is left out, and so is everything
    after it; when even that prefix cannot be read, only the tags are kept.
    """
    cut = _last_turn_start(tokens, (error.line, error.column))
    prefix = tokens[:cut]
    tags = [read_tag(t) for t in tokens if t.type == "TAG"]
    try:
        game = _parse(prefix)
    except (UnexpectedInput, _ReadProblem):
        return Game(tags=tags)
    game.tags = tags
    return game


def _last_turn_start(tokens: list[Token], error: tuple[int, int]) -> int:
    """Where the main-line turn that holds the ``error`` position starts.

    ``tokens[:result]`` is then the tags, the game's comments and the whole
    turns (with their variations) before that turn.
    """
    cut = _heading_length(tokens)
    depth = 0
    after_number = False
    for index, token in enumerate(tokens):
        kind = token.type
        starts_turn = depth == 0 and (kind in _NUMBERS or (kind == "ROLL" and not after_number))
        if (token.line or 0, token.column or 0) >= error:
            follows_result = depth == 0 and index > 0 and tokens[index - 1].type == "RESULT"
            return index if starts_turn or follows_result else cut
        if starts_turn:
            cut = index
        if kind in _NUMBERS:
            after_number = True
        elif kind == "ROLL":
            after_number = False
        elif kind == "LPAR":
            depth += 1
        elif kind == "RPAR":
            depth -= 1
    return cut


def _heading_length(tokens: list[Token]) -> int:
    """How many tokens the tags and the game's first comments take."""
    for index, token in enumerate(tokens):
        if token.type not in ("TAG", "COMMENT"):
            return index
    return len(tokens)


def iter_game_tokens(source: Source, first_line: int = 1) -> Iterator[GameTokens]:
    """Split a record into games' tokens without parsing them.

    ``first_line`` is the number of the source's first line, for a piece of a
    larger file.
    """
    yield from Lexer(_grammar().pattern).games(text_lines(source, first_line), first_line)


def read_games(source: Source, first_line: int = 1) -> Iterator[Game]:
    """Yield the games of a record one at a time (a path, or an open text or binary file).

    Memory stays that of one game whatever the file's size. Syntax errors are
    in each game's ``problems``; :class:`ReadError` means the file itself
    cannot be read. ``first_line`` numbers the source's first line.
    """
    for game_tokens in iter_game_tokens(source, first_line):
        yield parse_game_tokens(game_tokens)


def parse_games(text: str) -> list[Game]:
    """All games of a record given as text (a line ends at LF, CRLF or a lone CR, as in a file)."""
    return list(read_games(io.StringIO(text, newline="")))


def parse_game(text: str) -> Game:
    """The single game of a record given as text (the first, if there are several)."""
    games = parse_games(text)
    return games[0] if games else Game()
