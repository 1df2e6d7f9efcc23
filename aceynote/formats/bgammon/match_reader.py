"""Reading bgammon.org replay files (``.match``) into game models.

The format (REPLAY.md of the bgammon server): an index table of
``bgammon-replay <offset>`` lines, then each game: a header line
(:data:`.header.LAYOUT`) and one event a line, ``<player> r <roll> <moves>``
(moves one per die, every move from player 1's side, ``off`` for the pool and
for borne-off checkers), ``<player> t`` (the game ended early) and ``<player>
d ...`` (a doubling cube, which acey-deucey does not have).

Each acey-deucey game becomes a :class:`~aceynote.notation.Game` with spans
in the ``.match`` file, so the validator's findings point at its lines.
Player 1 is White, player 2 Black. Hit marks are added from a replay through
the rules, and identical trips are merged as the canonical writer does.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from ...notation import Game, Move, ReadError, Segment, Span, Stop, SyntaxProblem, Tag, Turn
from ...notation.source import Source
from ...notation.writer import merge_trips
from ...rules import BAR, OFF, POOL, Position, SegmentKind, Side, TurnState, parse_rules
from ...terminal_text import counted
from ...validation import Report, validate
from ..format import Skipped
from .header import (
    FIELDS,
    LAYOUT,
    RULES,
    ending,
    header_problems,
    header_tags,
    header_words,
    player_number,
)
from .match_limits import MAX_GAME_EVENTS
from .match_lines import (
    INDEX_PREFIX,
    IndexTable,
    Line,
    LineStream,
    is_header,
    line_span,
    problem,
)

__all__ = ["INDEX_PREFIX", "RULES", "read_match"]

VARIANTS = {"0": "a backgammon game", "1": "acey-deucey", "2": "a tabula game"}
_ROLL = re.compile(r"([1-6])-([1-6])(?:-([1-6]))?$")
_MOVE = re.compile(r"([0-9]+|[A-Za-z]+)/([0-9]+|[A-Za-z]+)")
_WORD = re.compile(r"\S+")
_PIECE = re.compile(r"[^,]+")
_MOST_MOVES = 4  # one move a die, four dice at most
_PLAYERS = {"1": Side.WHITE, "2": Side.BLACK}
_SOURCES = {"off": POOL, "o": POOL, "home": POOL, "h": POOL, "bar": BAR, "b": BAR}
_DESTS = {"off": OFF, "o": OFF, "home": OFF, "h": OFF}


def read_match(source: Source) -> Iterator[Game | Skipped]:
    """The games of a ``.match`` file, one at a time (only one game's lines are held).

    A game that cannot be read comes with its ``problems``; a game of
    another variant (backgammon, tabula) is :class:`Skipped`, one by one
    (docs/bgammon.md), unless something is wrong around it (its place in the
    index table, lines before it): then it is a game with those problems.
    The other games are read as usual. What the index table says wrong
    about the file as a whole goes with its last game.
    """
    stream = LineStream(source)
    index = IndexTable()
    index.read(stream)
    held: list[Game | Skipped] = []  # from the last game read on, which the leftover joins
    number = 0
    try:
        while (header := _next_header(stream)) is not None:
            number += 1
            found = _GameReader(header, stream, index.problems(number, header.line)).game()
            if isinstance(found, Game):
                yield from held
                held = []
            held.append(found)
    except ReadError:  # a line that cannot be read: the games before it are still games
        yield from held
        raise
    leftover = index.leftover(number)
    last = held[0] if held else None
    if isinstance(last, Game) and leftover is not None:
        last.problems = sorted([*last.problems, leftover], key=lambda p: p.span.line)
    elif leftover is not None:
        held.append(Game(problems=[leftover], span=leftover.span))
    yield from held


class _Header:
    """A game's first line, with what stood before it that is not a game (only counted)."""

    def __init__(self, line: Line, stray: Line | None = None, strays: int = 0) -> None:
        self.line = line
        self.stray = stray
        self.strays = strays


def _next_header(stream: LineStream) -> _Header | None:
    """The next game's header; lines before it are strays (the first is kept for its message)."""
    stray: Line | None = None
    strays = 0
    while (line := stream.next()) is not None:
        if is_header(line.text):
            return _Header(line, stray, strays)
        if line.text.strip():
            stray = stray or line
            strays += 1
    # No game after the strays: the first stands as a header that is not one.
    return None if stray is None else _Header(stray, None, 0)


def _pieces(word: str, column: int) -> Iterator[tuple[str, int]]:
    """The parts of a word between commas, with their columns (``off/19,`` is ``off/19``)."""
    for found in _PIECE.finditer(word):
        yield found.group(), column + found.start()


class _GameReader:
    """One game's lines as a model, read as they come from the stream.

    ``problems`` are the game's own (the turns from the first one on are
    dropped, as the reader of a record does); ``remarks`` are about the file
    around it and its header's values, which leave the turns readable.
    """

    def __init__(self, header: _Header, stream: LineStream, remarks: list[SyntaxProblem]) -> None:
        self.header = header.line
        self.stream = stream
        self.remarks = remarks
        if header.stray is not None:
            message = "a replay file holds index lines, then games that start with 'i '"
            if header.strays > 1:
                message += f" ({counted(header.strays, 'line')} here are neither)"
            self.remarks.append(problem(message, header.stray, 1))
        self.problems: list[SyntaxProblem] = []
        self.turns: list[Turn] = []
        self.expects: SegmentKind | None = None
        self.comments: list[str] = []
        self.ended: tuple[Side, int] | None = None  # who wrote 't', on which line
        self.declined = False  # the last event is a declined doubling cube
        self.last = self.header

    def game(self) -> Game | Skipped:
        header = self.header
        game = Game()
        game.source_lines = {header.number: header.text}
        words = header_words(header)
        fields = [word for word, _ in words]
        other = len(words) == FIELDS and fields[0] == "i" and fields[9] != "1"
        if len(words) != FIELDS or fields[0] != "i":
            self._fail(f"a game starts with '{LAYOUT}'", header, 1, len(header.text))
        elif other:
            self._fail(_other_variant(fields[9]), header, 1, len(header.text))
        else:
            self.remarks += header_problems(words, header)
            self._events(game)
        for _ in self.stream.events():  # the rest of a game that cannot be read on
            pass
        if other and not self.remarks:
            return Skipped(header.number, _other_variant(fields[9]))
        game.span = line_span(header).to(line_span(self.last))
        return self._finish(game, fields)

    def _events(self, game: Game) -> None:
        for count, line in enumerate(self.stream.events(), start=1):
            game.source_lines[line.number] = line.text
            self.last = line
            if count > MAX_GAME_EVENTS:
                message = (
                    f"this game goes on past {MAX_GAME_EVENTS:,} events; aceynote reads "
                    "games up to that size (a real game has a few hundred)"
                )
                self._fail(message, line, 1, len(line.text))
                return
            if not self._event(line):
                return

    def _fail(self, message: str, line: Line, column: int, width: int = 1) -> None:
        self.problems.append(problem(message, line, column, width))

    # -- events ---------------------------------------------------------------
    def _event(self, line: Line) -> bool:
        """Read one event line; False once the game cannot be read on."""
        words = (_word(found) for found in _WORD.finditer(line.text))
        player, (kind, column) = next(words, ("", 1)), next(words, ("", 0))
        if not column or player[0] not in _PLAYERS:
            self._fail(
                "an event line starts with the player, 1 or 2, then the event",
                line,
                1,
                len(player[0]),
            )
            return False
        side = _PLAYERS[player[0]]
        if self.ended is not None:
            message = (
                f"the game ended with the 't' event on line {self.ended[1]}; no event follows it"
            )
            self._fail(message, line, 1, len(line.text))
            return False
        self.declined = False
        if kind == "r":
            return self._roll(side, line, words)
        if kind == "t":
            self.ended = (side, line.number)
            return True
        if kind == "d":
            cube = [word for word, _ in itertools.islice(words, 3)]
            self.declined = cube[-1:] == ["0"]
            self.comments.append(f"bgammon.org: {side.title} doubling cube {' '.join(cube)}")
            return True
        message = (
            f"'{kind}' is not an event of a replay: r (roll), t (the game ended), d (the cube)"
        )
        self._fail(message, line, column, len(kind))
        return False

    def _roll(self, side: Side, line: Line, words: Iterator[tuple[str, int]]) -> bool:
        roll_text, roll_column = next(words, ("", 0))
        if not roll_column:
            self._fail("a roll line gives the roll, like 1 r 5-3", line, len(line.text) + 1)
            return False
        match = _ROLL.match(roll_text)
        if match is None or match.group(3):
            message = f"'{roll_text}' is not a roll: two dice, higher first, like 5-3"
            self._fail(message, line, roll_column, len(roll_text))
            return False
        high, low = sorted((int(match.group(1)), int(match.group(2))), reverse=True)
        if self._expects(side) is SegmentKind.CHOSEN_DOUBLE and high != low:
            message = (
                f"after an acey-deucey (1-2) the player names a double, like {player_number(side)} r 6-6; "
                f"{high}-{low} is not a double"
            )
            self._fail(message, line, roll_column, len(roll_text))
            return False
        moves = self._moves(side, line, words)
        if moves is None:
            return False
        span = Span(line.number, roll_column, line.number, len(line.text) + 1)
        self._add_segment(side, (high, low), moves, span)
        return True

    def _moves(self, side: Side, line: Line, words: Iterator[tuple[str, int]]) -> list[Move] | None:
        """The moves of a roll line (split by ', ' or by spaces), in the mover's numbering."""
        moves: list[Move] = []
        pieces = (piece for word, column in words for piece in _pieces(word, column))
        for word, column in pieces:
            if word == "none" and not moves and next(pieces, None) is None:
                return moves  # a roll that cannot be played
            move = _MOVE.fullmatch(word)
            parts = None if move is None else _places(side, move.group(1), move.group(2))
            if parts is None:
                message = (
                    f"'{word}' is not a move of a replay: from/to with points 1..24, bar or off"
                )
                self._fail(message, line, column, len(word))
                return None
            if len(moves) == _MOST_MOVES:
                message = (
                    f"a roll moves at most {_MOST_MOVES} checkers in a replay (one move a die)"
                )
                self._fail(message, line, column, len(word))
                return None
            span = Span(line.number, column, line.number, column + len(word))
            moves.append(Move(parts[0], [Stop(parts[1])], 1, span))
        return moves

    def _expects(self, side: Side) -> SegmentKind | None:
        """The segment a roll line of ``side`` is: None for the first of a turn."""
        if self.turns and self.turns[-1].side is side:
            return self.expects
        return None

    def _add_segment(
        self, side: Side, dice: tuple[int, int], moves: list[Move], span: Span
    ) -> None:
        """A roll line: the next segment of this side's turn, or a new turn."""
        expected = self._expects(side)
        segment = Segment(expected or SegmentKind.ROLL, dice, moves, span=span)
        if expected is not None:
            turn = self.turns[-1]
            turn.segments.append(segment)
            turn.span = turn.span.to(span)
        else:
            self.turns.append(Turn(side, self._next_number(side), [segment], span=span))
        # What may follow is the rules' answer (rule 8); dice played: one move a die.
        self.expects = _FLOW.next_kind(segment.kind, segment.high, segment.low, len(moves))

    def _next_number(self, side: Side) -> int:
        if not self.turns:
            return 1
        previous = self.turns[-1]
        return previous.number + 1 if side is Side.WHITE else previous.number

    # -- the game ---------------------------------------------------------------
    def _finish(self, game: Game, fields: list[str]) -> Game:
        game.tags = header_tags(fields, self.header)
        game.turns = _whole_turns_before(self.turns, self.problems)
        game.comments = self.comments
        game.problems = sorted(self.remarks + self.problems, key=lambda p: p.span.line)
        if not game.turns or self.problems:
            return game
        report = validate(game)
        _mark_hits(game, report)
        self._result(game, report, fields)
        return game

    def _result(self, game: Game, report: Report, fields: list[str]) -> None:
        """The result the rules give; for a game cut short, the header's (docs/bgammon.md)."""
        if report.outcome is not None:
            game.result = report.outcome.token
        else:
            ender = None if self.ended is None else self.ended[0]
            game.result, termination = ending(fields, ender, self.declined)
            if termination is not None:
                game.tags.append(Tag("Termination", termination))
        game.tags.append(Tag("Result", game.result))


def _other_variant(variant: str) -> str:
    """What a game of another variant than acey-deucey is, and what becomes of it."""
    what = VARIANTS.get(variant, f"a game of variant {variant}")
    return f"this is {what}, not acey-deucey: left out, as aceynote reads the acey-deucey games of a .match file"


def _word(found: re.Match[str]) -> tuple[str, int]:
    return found.group(), found.start() + 1


# Only the rules' answer to "what follows this segment" is asked of it.
_FLOW = TurnState(Position.initial(), parse_rules(RULES))


def _places(side: Side, source_word: str, dest_word: str) -> tuple[int, int] | None:
    """A move from player 1's side as (source, dest) in the mover's own numbering."""
    source = _place(side, source_word, _SOURCES)
    dest = _place(side, dest_word, _DESTS)
    if source is None or dest is None:
        return None
    return source, dest


def _place(side: Side, word: str, names: dict[str, int]) -> int | None:
    lowered = word.lower()
    if lowered in names:
        return names[lowered]
    if not (word.isascii() and word.isdigit() and len(word) <= 2 and 1 <= int(word) <= 24):
        return None
    point = int(word)
    return point if side is Side.WHITE else 25 - point


def _whole_turns_before(turns: list[Turn], problems: list[SyntaxProblem]) -> list[Turn]:
    """The turns before the game's first problem."""
    if not problems:
        return turns
    first = min(problem.span.line for problem in problems)
    return [turn for turn in turns if turn.span.end_line < first]


def _mark_hits(game: Game, report: Report) -> None:
    """Hit marks from the replay through the rules; identical trips merged."""
    for turn in game.turns:
        for segment in turn.segments:
            replay = report.replay_of(segment)
            if replay is None or not replay.legal or len(replay.steps) != len(segment.moves):
                continue
            marked = [
                Move(step.source, [Stop(step.dest, step.hit)], 1, move.span)
                for step, move in zip(replay.steps, segment.moves, strict=True)
            ]
            segment.moves = merge_trips(marked)
