"""Reading bgammon.org replay files (``.match``) into game models.

The format (REPLAY.md of the bgammon server): an index table of
``bgammon-replay <offset>`` lines, then each game: a header line ``i
<timestamp> <player1> <player2> <match length> <score1> <score2> <winner>
<cube value> <variant>`` and one event a line, ``<player> r <roll> <moves>``
(moves one per die, every move from player 1's side, ``off`` for the pool and
for borne-off checkers), ``<player> t`` (the game ended early) and ``<player>
d ...`` (a doubling cube, which acey-deucey does not have).

Each acey-deucey game becomes a :class:`~aceynote.notation.Game` with spans
in the ``.match`` file, so the validator's findings point at its lines.
Player 1 is White, player 2 Black. Hit marks are added from a replay through
the rules, and identical trips are merged as the canonical writer does.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ...notation import Game, Move, Segment, Span, Stop, SyntaxProblem, Tag, Turn
from ...notation.source import Source, text_lines
from ...notation.writer import merge_trips
from ...rules import BAR, OFF, POOL, Position, SegmentKind, Side, TurnState, parse_rules
from ...validation import Report, validate

RULES = "bgammon"
INDEX_PREFIX = "bgammon-replay "
VARIANTS = {"0": "a backgammon game", "1": "acey-deucey", "2": "a tabula game"}
_ROLL = re.compile(r"([1-6])-([1-6])(?:-([1-6]))?$")
_MOVE = re.compile(r"([0-9]+|[A-Za-z]+)/([0-9]+|[A-Za-z]+)")
_WORD = re.compile(r"\S+")
_PIECE = re.compile(r"[^,]+")
_MOST_MOVES = 4  # one move a die, four dice at most
_SOURCES = {"off": POOL, "o": POOL, "home": POOL, "h": POOL, "bar": BAR, "b": BAR}
_DESTS = {"off": OFF, "o": OFF, "home": OFF, "h": OFF}


@dataclass(slots=True)
class _Line:
    number: int
    text: str
    offset: int  # byte position of the line's first character


@dataclass(slots=True)
class _GameLines:
    header: _Line
    events: list[_Line] = field(default_factory=list)
    stray: list[_Line] = field(default_factory=list)  # lines before the first game


def read_match(source: Source) -> Iterator[Game]:
    """The games of a ``.match`` file, one at a time.

    A game that cannot be read, or is not acey-deucey, comes with its
    ``problems``; the other games are read as usual.
    """
    lines = _numbered(text_lines(source))
    index: list[_Line] = []
    first = next(lines, None)
    while first is not None and first.text.startswith(INDEX_PREFIX):
        index.append(first)
        first = next(lines, None)
    games = _grouped(first, lines)
    checker = _IndexChecker(index)
    for number, game_lines in enumerate(games, start=1):
        yield _GameReader(game_lines, checker.problems(number, game_lines.header)).game()
    yield from checker.leftover()


def _numbered(lines: Iterator[str]) -> Iterator[_Line]:
    offset = 0
    for number, raw in enumerate(lines, start=1):
        text = raw.rstrip("\r\n")
        if number == 1:
            text = text.removeprefix("\ufeff")
        yield _Line(number, text, offset)
        offset += len(raw.encode("utf-8", "surrogatepass"))


def _pieces(word: str, column: int) -> Iterator[tuple[str, int]]:
    """The parts of a word between commas, with their columns (``off/19,`` is ``off/19``)."""
    for found in _PIECE.finditer(word):
        yield found.group(), column + found.start()


def _grouped(first: _Line | None, lines: Iterator[_Line]) -> Iterator[_GameLines]:
    """Lines grouped into games: each starts at an ``i`` line (blank lines are skipped)."""
    current: _GameLines | None = None
    stray: list[_Line] = []
    line = first
    while line is not None:
        if line.text.startswith("i ") or line.text == "i":
            if current is not None:
                yield current
            current = _GameLines(line, stray=stray)
            stray = []
        elif current is None:
            if line.text.strip():
                stray.append(line)
        elif line.text.strip():
            current.events.append(line)
        line = next(lines, None)
    if current is not None:
        yield current
    elif stray:
        yield _GameLines(stray[0], stray[1:])


class _IndexChecker:
    """Compares the index table with where the games really start."""

    def __init__(self, index: list[_Line]) -> None:
        self.index = index
        self.seen = 0

    def problems(self, number: int, header: _Line) -> list[SyntaxProblem]:
        self.seen = number
        if not self.index:
            return []
        if number > len(self.index):
            return [
                _problem(
                    f"the index table lists {len(self.index)} games; this is game {number}",
                    header,
                    1,
                )
            ]
        entry = self.index[number - 1]
        written = entry.text[len(INDEX_PREFIX) :].strip()
        if not (written.isascii() and written.isdigit() and len(written) == 8):
            return [
                _problem("an index line is 'bgammon-replay' and an 8-digit byte offset", entry, 16)
            ]
        if int(written) != header.offset:
            message = f"the index table says game {number} starts at byte {int(written)}, but it starts at byte {header.offset}"
            return [_problem(message, entry, 16)]
        return []

    def leftover(self) -> Iterator[Game]:
        """A game that only says the index table lists more games than the file has."""
        if len(self.index) > self.seen:
            extra = self.index[self.seen]
            message = (
                f"the index table lists {len(self.index)} games, but the file holds {self.seen}"
            )
            yield Game(problems=[_problem(message, extra, 1)], span=_line_span(extra))


def _problem(message: str, line: _Line, column: int, width: int = 1) -> SyntaxProblem:
    span = Span(line.number, column, line.number, column + max(width, 1))
    return SyntaxProblem(message, span, line.text)


def _line_span(line: _Line) -> Span:
    return Span(line.number, 1, line.number, len(line.text) + 1)


class _GameReader:
    """One game's lines as a model."""

    def __init__(self, lines: _GameLines, problems: list[SyntaxProblem]) -> None:
        self.lines = lines
        self.problems = problems + [
            _problem("a replay file holds index lines, then games that start with 'i '", stray, 1)
            for stray in lines.stray[:1]
        ]
        self.turns: list[Turn] = []
        self.expects: SegmentKind | None = None
        self.comments: list[str] = []
        self.ended_by: Side | None = None

    def game(self) -> Game:
        header = self.lines.header
        game = Game(span=_line_span(header).to(_line_span((self.lines.events or [header])[-1])))
        game.source_lines = {line.number: line.text for line in (header, *self.lines.events)}
        fields = header.text.split()
        if len(fields) != 10 or fields[0] != "i":
            self._fail(
                "a game starts with 'i <timestamp> <player1> <player2> <match length> <score1> <score2> <winner> <cube value> <variant>'",
                header,
                1,
                len(header.text),
            )
            return self._finish(game, fields)
        variant = fields[9]
        if variant != "1":
            what = VARIANTS.get(variant, f"a game of variant {variant}")
            self._fail(
                f"this is {what}, not acey-deucey; aceynote reads the acey-deucey games of a .match file",
                header,
                1,
                len(header.text),
            )
            return self._finish(game, fields)
        for line in self.lines.events:
            if not self._event(line):
                break
        return self._finish(game, fields)

    def _fail(self, message: str, line: _Line, column: int, width: int = 1) -> None:
        self.problems.append(_problem(message, line, column, width))

    # -- events ---------------------------------------------------------------
    def _event(self, line: _Line) -> bool:
        """Read one event line; False once the game cannot be read on."""
        words = [(found.group(), found.start() + 1) for found in _WORD.finditer(line.text)]
        if len(words) < 2 or words[0][0] not in ("1", "2"):
            width = len(words[0][0]) if words else 1
            self._fail(
                "an event line starts with the player, 1 or 2, then the event", line, 1, width
            )
            return False
        side = Side.WHITE if words[0][0] == "1" else Side.BLACK
        kind, column = words[1]
        if kind == "r":
            return self._roll(side, line, words[2:])
        if kind == "t":
            self.ended_by = side
            return True
        if kind == "d":
            cube = " ".join(word for word, _ in words[2:])
            self.comments.append(f"bgammon.org: {side.title} doubling cube {cube}")
            return True
        message = (
            f"'{kind}' is not an event of a replay: r (roll), t (the game ended), d (the cube)"
        )
        self._fail(message, line, column, len(kind))
        return False

    def _roll(self, side: Side, line: _Line, words: list[tuple[str, int]]) -> bool:
        if not words:
            self._fail("a roll line gives the roll, like 1 r 5-3", line, len(line.text) + 1)
            return False
        (roll_text, roll_column), move_words = words[0], words[1:]
        match = _ROLL.match(roll_text)
        if match is None or match.group(3):
            message = f"'{roll_text}' is not a roll: two dice, higher first, like 5-3"
            self._fail(message, line, roll_column, len(roll_text))
            return False
        high, low = sorted((int(match.group(1)), int(match.group(2))), reverse=True)
        moves = self._moves(side, line, move_words)
        if moves is None:
            return False
        span = Span(line.number, roll_column, line.number, len(line.text) + 1)
        self._add_segment(side, (high, low), moves, span)
        return True

    def _moves(self, side: Side, line: _Line, words: list[tuple[str, int]]) -> list[Move] | None:
        """The moves of a roll line (split by ', ' or by spaces), in the mover's numbering."""
        moves: list[Move] = []
        pieces = [
            (piece, column) for word, column in words for piece, column in _pieces(word, column)
        ]
        if [piece for piece, _ in pieces] in ([], ["none"]):
            return moves
        for word, column in pieces:
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

    def _add_segment(
        self, side: Side, dice: tuple[int, int], moves: list[Move], span: Span
    ) -> None:
        """A roll line: the next segment of this side's turn, or a new turn."""
        segment = Segment(self.expects or SegmentKind.ROLL, dice, moves, span=span)
        if self.turns and self.turns[-1].side is side and self.expects is not None:
            turn = self.turns[-1]
            turn.segments.append(segment)
            turn.span = turn.span.to(span)
        else:
            segment.kind = SegmentKind.ROLL
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
        game.tags = _tags(fields, self.lines.header)
        game.turns = _whole_turns_before(self.turns, self.problems, self.lines.header.number)
        game.comments = self.comments
        game.problems = self.problems
        header = self.lines.header.number
        if not game.turns or any(p.span.line >= header for p in self.problems):
            return game
        report = validate(game)
        _mark_hits(game, report)
        self._result(game, report, fields)
        return game

    def _result(self, game: Game, report: Report, fields: list[str]) -> None:
        """The result the rules give; for a game cut short, the header's winner and points."""
        if report.outcome is not None:
            white, black = report.outcome.as_result()
            game.result = f"{white}-{black}"
        else:
            winner, points = fields[7], fields[8] if fields[8].isdigit() else "1"
            game.result = {"1": f"{points}-0", "2": f"0-{points}"}.get(winner, "*")
            if self.ended_by is not None or game.result != "*":
                resigned = self.ended_by is not None and game.result != "*"
                game.tags.append(Tag("Termination", "resignation" if resigned else "abandoned"))
        game.tags.append(Tag("Result", game.result))


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


def _whole_turns_before(
    turns: list[Turn], problems: list[SyntaxProblem], header_line: int
) -> list[Turn]:
    """The turns before the first problem in the game's own lines (the index table's are not)."""
    inside = [problem.span.line for problem in problems if problem.span.line >= header_line]
    if not inside:
        return turns
    return [turn for turn in turns if turn.span.end_line < min(inside)]


def _tags(fields: list[str], header: _Line) -> list[Tag]:
    span = _line_span(header)
    values = (fields + [""] * 10)[:10]
    tags = [Tag("Site", "bgammon.org", span)]
    started = _utc(values[1])
    if started is not None:
        tags.append(Tag("Date", started.strftime("%Y.%m.%d"), span))
    tags += [Tag("White", values[2] or "?", span), Tag("Black", values[3] or "?", span)]
    tags.append(Tag("Rules", RULES, span))
    if started is not None:
        tags.append(Tag("UTCTime", started.strftime("%H:%M:%S"), span))
    if values[4].isdigit():
        tags.append(Tag("MatchLength", values[4], span))
    if values[5].isdigit() and values[6].isdigit():
        tags.append(Tag("MatchScore", f"{values[5]}-{values[6]}", span))
    return tags


def _utc(timestamp: str) -> datetime.datetime | None:
    # 0 is what a writer with no date puts there.
    if not (timestamp.isascii() and timestamp.isdigit() and len(timestamp) <= 12):
        return None
    if int(timestamp) == 0:
        return None
    try:
        return datetime.datetime.fromtimestamp(int(timestamp), datetime.UTC)
    except (OverflowError, OSError, ValueError):
        return None


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
